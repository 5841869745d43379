def clip(x, lo, hi):

    def if_body():
        nonlocal retval_
        retval_ = lo

    def else_body():
        nonlocal retval_

        def if_body():
            nonlocal retval_
            retval_ = hi

        def else_body():
            nonlocal retval_
            retval_ = x
        ag__.if_stmt(x > hi, if_body, else_body, ('retval_',))()
    retval_: object
    ag__.if_stmt(x < lo, if_body, else_body, ('retval_',))()
    return retval_
