def loop_var_after_loop(xs):

    def loop_body(itr):
        nonlocal x
        x = itr
    x = ag__.Undefined('x')
    for itr in ag__.for_stmt(xs, None, loop_body, ('x',)):
        loop_body(itr)
    return ag__.ld(x)
