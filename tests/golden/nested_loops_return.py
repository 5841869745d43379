def nested_loops_return(grid, target):
    retval_ = None
    do_return = False

    def loop_body(itr):
        nonlocal do_return, retval_
        i, row = itr

        def loop_body(itr):
            nonlocal do_return, retval_
            j, v = itr

            def if_body():
                nonlocal do_return, retval_
                retval_ = (i, j)
                do_return = True
            ag__.if_stmt(v == target, if_body, None, ('do_return', 'retval_'))
        ag__.for_stmt(enumerate(row), 'do_return', loop_body, ('do_return', 'retval_'))
    ag__.for_stmt(enumerate(grid), 'do_return', loop_body, ('do_return', 'retval_'))

    def if_body():
        nonlocal retval_
        retval_ = None
    ag__.if_stmt(ag__.not_(do_return), if_body, None, ('retval_',))
    return retval_
