def lazy_and(a, b, c):
    return ag__.and_(ag__.call(log)(a), lambda: ag__.call(log)(b), lambda: ag__.call(log)(c))
