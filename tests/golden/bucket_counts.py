def bucket_counts(values, buckets):
    counts = [0] * buckets

    def loop_body(v):
        nonlocal counts
        counts = ag__.update(ag__.at(counts, v % buckets), ag__.iadd, 1)
    for v in ag__.for_stmt(values, None, loop_body, ('counts',)):
        loop_body(v)
    totals = {}
    totals['all'] = ag__.builtin(len, values)
    return (counts, totals)
