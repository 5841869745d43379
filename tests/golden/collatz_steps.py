def collatz_steps(n):
    steps = 0

    def if_body1():
        nonlocal n
        n = n // 2

    def else_body1():
        nonlocal n
        n = 3 * n + 1

    def loop_test():
        return n != 1

    def loop_body():
        nonlocal n, steps
        ag__.if_stmt(n % 2 == 0, if_body1, else_body1, ('n',))()
        steps += 1
    for step in ag__.while_stmt(loop_test, None, loop_body, ('n', 'steps')):
        step()
    return steps
