def fizzbuzz(n):
    out = []

    def if_body1():
        out.append('Buzz')

    def else_body1():
        out.append(ag__.text(str(i)))

    def if_body2():
        out.append('Fizz')

    def else_body2():
        ag__.if_stmt(i % 5 == 0, if_body1, else_body1)()

    def if_body3():
        out.append('FizzBuzz')

    def else_body3():
        ag__.if_stmt(i % 3 == 0, if_body2, else_body2)()

    def loop_body(itr):
        nonlocal i, out
        i = itr
        ag__.if_stmt(i % 15 == 0, if_body3, else_body3)()
    i: object
    for itr in ag__.for_stmt(ag__.range(1, n + 1), None, loop_body, ('out',)):
        loop_body(itr)
    return out
