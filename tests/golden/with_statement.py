def with_statement(xs):
    out = []
    with Recorder('outer') as r:
        break_ = False

        def loop_body(x):
            nonlocal break_
            with Recorder(x):

                def if_body():
                    nonlocal break_

                    def if_body():
                        nonlocal break_
                        break_ = True

                    def else_body():
                        out.append(r.name + x)
                    ag__.if_stmt(x == 'stop', if_body, else_body, ('break_',))
                ag__.if_stmt(ag__.not_(x == 'skip'), if_body, None, ('break_',))
        ag__.for_stmt(xs, 'break_', loop_body, ('break_', 'out'))
    return out
