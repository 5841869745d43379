def fizzbuzz(n):
    out = []

    def loop_body(i):

        def if_body():
            out.append('FizzBuzz')

        def else_body():

            def if_body():
                out.append('Fizz')

            def else_body():

                def if_body():
                    out.append('Buzz')

                def else_body():
                    out.append(str(i))
                ag__.if_stmt(i % 5 == 0, if_body, else_body)
            ag__.if_stmt(i % 3 == 0, if_body, else_body)
        ag__.if_stmt(i % 15 == 0, if_body, else_body)
    ag__.for_stmt(ag__.range(1, n + 1), None, loop_body, ('out',))
    return out
