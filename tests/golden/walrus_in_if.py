def walrus_in_if(xs):

    def if_body():
        nonlocal retval_
        retval_ = (n, xs[0])

    def else_body():
        nonlocal retval_
        retval_ = n
    n: object
    retval_: object
    ag__.if_stmt((n := ag__.builtin(len, xs)) > 2, if_body, else_body, ('retval_',), ('n',))()
    return retval_
