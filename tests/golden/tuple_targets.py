def tuple_targets(pairs):
    total = 0

    def loop_body(itr):
        nonlocal a, total
        a, (b, c) = itr
        total += a * b - c
    a = ag__.Undefined('a')
    for itr in ag__.for_stmt(pairs, None, loop_body, ('a', 'total')):
        loop_body(itr)
    return (total, ag__.ld(a))
