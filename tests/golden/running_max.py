def running_max(xs):
    out = list(xs)

    def loop_body(i):
        nonlocal out

        def if_body():
            nonlocal out
            out = ag__.setitem(out, i, out[i - 1])
        ag__.if_stmt(out[i] < out[i - 1], if_body, None, ('out',))
    ag__.for_stmt(ag__.range(1, len(out)), None, loop_body, ('out',))
    return out
