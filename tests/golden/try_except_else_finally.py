def try_except_else_finally(x):
    try:
        with ag__.catching(lambda: ZeroDivisionError):
            ag__.call(log)('try')
            y = 10 / x
    except ZeroDivisionError as e:
        ag__.reraise_limitation()
        ag__.call(log)(('except', str(e)))
        y = None
    else:
        ag__.call(log)('else')
        y = y + 1
    finally:
        ag__.call(log)('finally')
    return y
