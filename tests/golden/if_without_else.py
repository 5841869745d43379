def if_without_else(x):
    y = x

    def if_body():
        nonlocal y
        y = x // 2
    ag__.if_stmt(x % 2 == 0, if_body, None, ('y',))()
    return y
