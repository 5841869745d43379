def bucket_counts(values, buckets):
    counts = [0] * buckets

    def loop_body(v):
        nonlocal counts
        counts = ag__.setitem(counts, v % buckets, ag__.iadd(ag__.item(counts, v % buckets), 1))
    for v in ag__.for_stmt(values, None, loop_body, ('counts',)):
        loop_body(v)
    totals = {}
    totals['all'] = ag__.builtin(len, values)
    return (counts, totals)
