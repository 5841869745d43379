def sum_positive(xs):
    total = 0

    def if_body1():
        nonlocal total
        total += x

    def loop_body(itr):
        nonlocal total, x
        x = itr
        ag__.if_stmt(x > 0, if_body1, None, ('total',))()
    x: object
    for itr in ag__.for_stmt(xs, None, loop_body, ('total',)):
        loop_body(itr)
    return total
