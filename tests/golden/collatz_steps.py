def collatz_steps(n):
    steps = 0

    def loop_test():
        return n != 1

    def loop_body():
        nonlocal n, steps

        def if_body():
            nonlocal n
            n = n // 2

        def else_body():
            nonlocal n
            n = 3 * n + 1
        ag__.if_stmt(n % 2 == 0, if_body, else_body, ('n',))
        steps += 1
    ag__.while_stmt(loop_test, None, loop_body, ('n', 'steps'))
    return steps
