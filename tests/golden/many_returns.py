def many_returns(a, b):
    retval_ = None
    do_return = False

    def if_body():
        nonlocal do_return, i, retval_

        def if_body():
            nonlocal do_return, retval_
            retval_ = 'ab'
            do_return = True

        def else_body():
            nonlocal do_return, i, retval_

            def if_body1():
                nonlocal do_return, retval_
                retval_ = ('loop', i)
                do_return = True

            def loop_body(itr):
                nonlocal do_return, i, retval_
                i = itr
                ag__.if_stmt(i == b, if_body1, None, ('do_return', 'retval_'))()
            for itr in ag__.for_stmt(ag__.range(a), lambda: do_return, loop_body, ('do_return', 'retval_')):
                loop_body(itr)

            def if_body():
                nonlocal do_return, retval_
                retval_ = 'a'
                do_return = True
            ag__.if_stmt(ag__.not_(do_return), if_body, None, ('do_return', 'retval_'))()
        ag__.if_stmt(b, if_body, else_body, ('do_return', 'retval_'))()
    i: object
    ag__.if_stmt(a, if_body, None, ('do_return', 'retval_'))()

    def if_body():
        nonlocal b, do_return, retval_

        def if_body2():
            nonlocal do_return, retval_
            retval_ = 'b1'
            do_return = True

        def loop_test():
            return b > 0

        def loop_body():
            nonlocal b, do_return, retval_
            b -= 1
            ag__.if_stmt(b == 1, if_body2, None, ('do_return', 'retval_'))()
        for step in ag__.while_stmt(loop_test, lambda: do_return, loop_body, ('b', 'do_return', 'retval_')):
            step()
    ag__.if_stmt(ag__.not_(do_return), if_body, None, ('do_return', 'retval_'), ('b',))()
    return retval_
