def nested_if_depth4(a, b, c, d):
    r = 0

    def if_body():
        nonlocal r

        def if_body():
            nonlocal r

            def if_body():
                nonlocal r

                def if_body():
                    nonlocal r
                    r = 1

                def else_body():
                    nonlocal r
                    r = 2
                ag__.if_stmt(d > 0, if_body, else_body, ('r',))()

            def else_body():
                nonlocal r

                def if_body():
                    nonlocal r
                    r = 3

                def else_body():
                    nonlocal r

                    def if_body():
                        nonlocal r
                        r = 4
                    ag__.if_stmt(d > c, if_body, None, ('r',))()
                ag__.if_stmt(c == 0, if_body, else_body, ('r',))()
            ag__.if_stmt(c > 0, if_body, else_body, ('r',))()

        def else_body():
            nonlocal r
            r = 5
        ag__.if_stmt(b > 0, if_body, else_body, ('r',))()

    def else_body():
        nonlocal r

        def if_body():
            nonlocal r

            def if_body():
                nonlocal r
                r = ag__.if_exp(d, lambda: 6, lambda: 7)
            ag__.if_stmt(ag__.or_test(b, lambda: c), if_body, None, ('r',))()

        def else_body():
            nonlocal r
            r = -1
        ag__.if_stmt(a == 0, if_body, else_body, ('r',))()
    ag__.if_stmt(a > 0, if_body, else_body, ('r',))()
    return r
