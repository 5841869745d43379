def gcd(a, b):

    def loop_test():
        return b

    def loop_body():
        nonlocal a, b
        a, b = (b, a % b)
    for step in ag__.while_stmt(loop_test, None, loop_body, ('a', 'b')):
        step()
    return a
