def iterator_not_overconsumed(xs):
    it = iter(xs)
    break_ = False

    def if_body1():
        nonlocal break_
        break_ = True

    def loop_body(itr):
        nonlocal break_, x
        x = itr
        ag__.if_stmt(x > 2, if_body1, None, ('break_',))()
    x = ag__.Undefined('x')
    for itr in ag__.for_stmt(it, lambda: break_, loop_body, ('break_', 'x')):
        loop_body(itr)
    return (ag__.ld(x), ag__.call(next)(it, 'exhausted'), list(it))
