def branch_only_binding(c):

    def if_body():
        nonlocal y
        y = 1
    y = ag__.Undefined('y')
    ag__.if_stmt(c, if_body, None, ('y',))()
    return ag__.ld(y)
