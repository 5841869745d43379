def while_continue(n):
    i = 0
    odds = 0

    def if_body1():
        nonlocal odds
        odds += i

    def loop_test():
        return i < n

    def loop_body():
        nonlocal i, odds
        i += 1
        ag__.if_stmt(ag__.not_(i % 2 == 0), if_body1, None, ('odds',))()
    for step in ag__.while_stmt(loop_test, None, loop_body, ('i', 'odds')):
        step()
    return (odds, i)
