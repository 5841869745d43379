def sign_expr(x):
    return ag__.if_exp(x > 0, lambda: 1, lambda: ag__.if_exp(x < 0, lambda: -1, lambda: 0))
