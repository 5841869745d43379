def iterator_not_overconsumed(xs):
    it = iter(xs)
    break_ = False

    def loop_body(itr):
        nonlocal break_, x
        x = itr

        def if_body():
            nonlocal break_
            break_ = True
        ag__.if_stmt(x > 2, if_body, None, ('break_',))
    x = ag__.Undefined('x')
    ag__.for_stmt(it, 'break_', loop_body, ('break_', 'x'))
    return (ag__.ld(x), next(it, 'exhausted'), list(it))
