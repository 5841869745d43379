"""Programs whose graph assertions' messages show tensors' values (tests/runtime/graph/test_formatted.py). Kept out
of the test module: pytest rewrites the ``assert`` statements of test modules (its message would differ from
eager Python's), not this one's."""

import numpy as np


def f_string_in_raise(x):
    s = x.sum()
    if s > 10:
        raise ValueError(f"sum too large: {s}")
    return s


def percent_in_raise(x):
    s = x.sum()
    if s < 0:
        raise ValueError("sum %s is negative" % s)  # noqa: UP031 (the percent form is the point)
    return s


def format_method_in_raise(x):
    s = x.sum()
    if s < 0:
        raise ValueError("sum {} < 0 (of {})".format(s, x))  # noqa: UP032 (the method is the point)
    return s


def assert_statement(x):
    m = x.min()
    assert m >= 0, f"negative minimum {m} in {x}"
    return m


def raise_in_a_while(x):
    i = 0
    total = 0.0
    while i < x.shape[0]:
        total = total + x[i]
        if total > 5:
            raise ValueError(f"total {total} passed 5 at item {i}")
        i += 1
    return total


def raise_in_a_for(x):
    best = x[0]
    for v in x:
        if v < best - 3:
            raise ValueError(f"dropped from {best} to {v}")
        best = np.maximum(best, v)
    return best


def written_after_the_message(x):
    y = x.copy()
    message = f"y was {y}"
    y[0] = 100.0
    if y.sum() > 1000:
        raise ValueError(message)
    return y


def integer_and_bool_values(x):
    n = np.count_nonzero(x)
    big = x.max() > 3
    if n > 2:
        raise ValueError(f"{n} nonzero items (any above 3: {big})")
    return n


def format_specs_in_raise(x):
    s = x.sum()
    n = np.count_nonzero(x > 1)
    share = s / x.size
    if s > 10:
        raise ValueError(f"sum {s:.3f} ({s:>10.2e}|{s:<8}|{s:+g}) from {n:03d} items ({n:#x}, {share:.1%})")
    return s


def format_specs_of_float32_and_bool(x):
    s = x.astype(np.float32).sum()
    big = x.max() > 3
    if s < 5:
        raise ValueError("sum {:.10f} (any above 3: {:>6}) of {:g} items".format(  # noqa: UP032 (the method)
            s, big, np.float32(x.size)))
    return s


def format_spec_in_an_assert_in_a_loop(x):
    total = 0.0
    for v in x:
        total = total + v
        assert total < 6, f"total {total:8.3f} passed 6 at {v:.1f}"
    return total
