def for_else_search(xs, target):
    break_ = False

    def if_body1():
        nonlocal break_, result
        result = i
        break_ = True

    def loop_body(itr):
        nonlocal break_, i, result
        i, x = itr
        ag__.if_stmt(x == target, if_body1, None, ('break_', 'result'))()
    i: object
    result: object
    for itr in ag__.for_stmt(ag__.enumerate(xs), lambda: break_, loop_body, ('break_', 'result')):
        loop_body(itr)

    def if_body():
        nonlocal result
        result = None
    ag__.if_stmt(ag__.not_(break_), if_body, None, ('result',))()
    return result
