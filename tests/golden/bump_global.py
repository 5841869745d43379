def bump_global(n):
    global COUNTER

    def if_body1():
        global COUNTER
        COUNTER += i

    def loop_body(itr):
        nonlocal i
        global COUNTER
        i = itr
        ag__.if_stmt(i % 2, if_body1)()
    i: object
    for itr in ag__.for_stmt(ag__.range(n), None, loop_body):
        loop_body(itr)
    return COUNTER
