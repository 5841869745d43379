def binary_search(xs, target):
    retval_ = None
    do_return = False
    lo, hi = (0, ag__.builtin(len, xs))

    def if_body1():
        nonlocal hi
        hi = mid

    def else_body1():
        nonlocal do_return, retval_
        retval_ = mid
        do_return = True

    def if_body2():
        nonlocal lo
        lo = mid + 1

    def else_body2():
        nonlocal do_return, hi, retval_
        ag__.if_stmt(xs[mid] > target, if_body1, else_body1, ('do_return', 'hi', 'retval_'))()

    def loop_test():
        return lo < hi

    def loop_body():
        nonlocal do_return, hi, lo, mid, retval_
        mid = (lo + hi) // 2
        ag__.if_stmt(xs[mid] < target, if_body2, else_body2, ('do_return', 'hi', 'lo', 'retval_'))()
    mid: object
    for step in ag__.while_stmt(loop_test, lambda: do_return, loop_body, ('do_return', 'hi', 'lo', 'retval_')):
        step()

    def if_body():
        nonlocal retval_
        retval_ = -1
    ag__.if_stmt(ag__.not_(do_return), if_body, None, ('retval_',))()
    return retval_
