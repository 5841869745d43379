def while_true_return(xs):
    retval_ = None
    do_return = False
    i = 0

    def if_body1():
        nonlocal do_return, retval_
        retval_ = i
        do_return = True

    def else_body1():
        nonlocal i
        i += 1

    def loop_body():
        nonlocal do_return, i, retval_
        ag__.if_stmt(xs[i] < 0, if_body1, else_body1, ('do_return', 'i', 'retval_'))()
    for step in ag__.while_stmt(None, lambda: do_return, loop_body, ('do_return', 'i', 'retval_')):
        step()
    return retval_
