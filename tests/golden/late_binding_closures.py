def late_binding_closures(n):
    fs = []

    def loop_body(itr):
        nonlocal i
        i = itr
        fs.append(lambda: i)
    i: object
    for itr in ag__.for_stmt(ag__.range(n), None, loop_body, ('fs',)):
        loop_body(itr)
    return [ag__.call(fn)() for fn in fs]
