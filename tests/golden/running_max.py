def running_max(xs):
    out = list(xs)

    def if_body1():
        nonlocal out
        out = ag__.setitem(ag__.item(out, i - 1), out, i)

    def loop_body(itr):
        nonlocal i, out
        i = itr
        ag__.if_stmt(ag__.item(out, i) < ag__.item(out, i - 1), if_body1, None, ('out',))()
    i: object
    for itr in ag__.for_stmt(ag__.range(1, ag__.builtin(len, out)), None, loop_body, ('out',)):
        loop_body(itr)
    return out
