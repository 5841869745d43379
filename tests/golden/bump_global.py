def bump_global(n):
    global COUNTER

    def loop_body(i):
        global COUNTER

        def if_body():
            global COUNTER
            COUNTER += i
        ag__.if_stmt(i % 2, if_body)
    ag__.for_stmt(ag__.range(n), None, loop_body)
    return COUNTER
