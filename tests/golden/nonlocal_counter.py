def nonlocal_counter(n):
    count = 0

    def bump(k):
        nonlocal count

        def if_body():
            nonlocal count
            count += k

        def else_body():
            nonlocal count
            count -= 1
        ag__.if_stmt(k % 2, if_body, else_body, ('count',))()

    def loop_body(i):
        bump(i)
    for i in ag__.for_stmt(ag__.range(n), None, loop_body):
        loop_body(i)
    return count
