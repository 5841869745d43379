def simple_relu(x):

    def if_body():
        nonlocal retval_
        retval_ = x

    def else_body():
        nonlocal retval_
        retval_ = 0
    retval_: object
    ag__.if_stmt(x > 0, if_body, else_body, ('retval_',))()
    return retval_
