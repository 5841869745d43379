def f(a, b, power=2, d=3):
    """The TF AutoGraph tutorial's ``f``, with a branch."""
    return ag__.if_exp(a > b, lambda: a - b, lambda: a ** power + d * b)
