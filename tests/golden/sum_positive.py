def sum_positive(xs):
    total = 0

    def loop_body(x):
        nonlocal total

        def if_body():
            nonlocal total
            total += x
        ag__.if_stmt(x > 0, if_body, None, ('total',))
    ag__.for_stmt(xs, None, loop_body, ('total',))
    return total
