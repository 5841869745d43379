def nested_loops_return(grid, target):
    retval_ = None
    do_return = False

    def if_body1():
        nonlocal do_return, retval_
        retval_ = (i, j)
        do_return = True

    def loop_body1(itr):
        nonlocal do_return, j, retval_
        j, v = itr
        ag__.if_stmt(v == target, if_body1, None, ('do_return', 'retval_'))()

    def loop_body(itr):
        nonlocal do_return, i, j, retval_
        i, row = itr
        for itr in ag__.for_stmt(ag__.enumerate(row), lambda: do_return, loop_body1, ('do_return', 'retval_')):
            loop_body1(itr)
    i: object
    j: object
    for itr in ag__.for_stmt(ag__.enumerate(grid), lambda: do_return, loop_body, ('do_return', 'retval_')):
        loop_body(itr)
    return retval_
