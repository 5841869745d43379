def early_returns(x):
    retval_ = None
    do_return = False
    if x is None:
        return

    def if_body():
        nonlocal do_return, retval_
        retval_ = 'neg'
        do_return = True

    def else_body():
        nonlocal do_return, i, retval_

        def if_body1():
            nonlocal do_return, retval_
            retval_ = i
            do_return = True

        def loop_body(itr):
            nonlocal do_return, i, retval_
            i = itr
            ag__.if_stmt(i * i > x, if_body1, None, ('do_return', 'retval_'))()
        for itr in ag__.for_stmt(ag__.range(x), lambda: do_return, loop_body, ('do_return', 'retval_')):
            loop_body(itr)

        def if_body():
            nonlocal retval_
            retval_ = -1
        ag__.if_stmt(ag__.not_(do_return), if_body, None, ('retval_',))()
    i: object
    ag__.if_stmt(x < 0, if_body, else_body, ('do_return', 'retval_'))()
    return retval_
