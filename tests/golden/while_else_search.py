def while_else_search(xs, target):
    i = 0
    break_ = False

    def if_body1():
        nonlocal break_, found
        found = i
        break_ = True

    def else_body1():
        nonlocal i
        i += 1

    def loop_test():
        return i < ag__.builtin(len, xs)

    def loop_body():
        nonlocal break_, found, i
        ag__.if_stmt(ag__.item(xs, i) == target, if_body1, else_body1, ('break_', 'found', 'i'))()
    found: object
    for step in ag__.while_stmt(loop_test, lambda: break_, loop_body, ('break_', 'found', 'i')):
        step()

    def if_body():
        nonlocal found
        found = -1
    ag__.if_stmt(ag__.not_(break_), if_body, None, ('found',))()
    return (found, i)
