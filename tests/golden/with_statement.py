def with_statement(xs):
    out = []
    with ag__.managed(ag__.call(Recorder)('outer')) as r:
        break_ = False

        def if_body1():
            nonlocal break_
            break_ = True

        def else_body1():
            out.append(r.name + x)

        def if_body2():
            nonlocal break_
            ag__.if_stmt(x == 'stop', if_body1, else_body1, ('break_',))()

        def loop_body(itr):
            nonlocal break_, out, x
            x = itr
            with ag__.managed(ag__.call(Recorder)(x)):
                ag__.if_stmt(ag__.not_(x == 'skip'), if_body2, None, ('break_',))()
        x: object
        for itr in ag__.for_stmt(xs, lambda: break_, loop_body, ('break_', 'out')):
            loop_body(itr)
    return out
