lambda x: ag__.if_exp(x >= 0, lambda: x, lambda: -x)
