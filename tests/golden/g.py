def g(x):

    def if_body():
        nonlocal retval_
        retval_ = ag__.call(square)(x)

    def else_body():
        nonlocal retval_
        retval_ = x
    retval_: object
    ag__.if_stmt(np.any(x < 0), if_body, else_body, ('retval_',))()
    return retval_
