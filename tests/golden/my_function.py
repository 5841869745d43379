def my_function(x):

    def if_body():
        nonlocal x
        x = x * x

    def else_body():
        nonlocal x
        x = -x // 2
    ag__.if_stmt(np.sum(x) > 0, if_body, else_body, ('x',))()
    return x
