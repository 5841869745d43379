def cube(x):
    result = 1

    def loop_body(_):
        nonlocal result
        result = result * x
    for _ in ag__.for_stmt(ag__.range(3), None, loop_body, ('result',)):
        loop_body(_)
    return result
