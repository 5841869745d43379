def count_down(n):
    steps = []

    def loop_test():
        return n > 0

    def loop_body():
        nonlocal n
        steps.append(n)
        n -= 1
    for step in ag__.while_stmt(loop_test, None, loop_body, ('n', 'steps')):
        step()
    return steps
