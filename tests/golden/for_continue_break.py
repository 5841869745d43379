def for_continue_break(xs):
    out = []
    break_ = False

    def loop_body(x):
        nonlocal break_

        def if_body():
            nonlocal break_

            def if_body():
                nonlocal break_
                break_ = True

            def else_body():
                out.append(x)
            ag__.if_stmt(x > 100, if_body, else_body, ('break_',))
        ag__.if_stmt(ag__.not_(x < 0), if_body, None, ('break_',))
    ag__.for_stmt(xs, 'break_', loop_body, ('break_', 'out'))
    return out
