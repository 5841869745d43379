"""Small helpers the test modules share."""

import numpy as np


def line_of(path: str, marker: str) -> int:
    """The line of the file at ``path`` that ends with ``# marker``."""
    with open(path) as source:
        for number, line in enumerate(source, 1):
            if line.rstrip().endswith(f"# {marker}"):
                return number
    raise AssertionError(f"no line ends with '# {marker}' in {path}")


def halve(x):
    """The tutorials' ``while np.sum(x) > 1: x = x / 2`` (the dispatcher tests' workload)."""
    while np.sum(x) > 1:
        x = x / 2
    return x


def shaped(x):
    """A result that depends on the trace's shape and dtype: the wrong trace would give another number."""
    return x * x.shape[0] + np.sum(x) + x.ndim


def dispatching(f) -> bool:
    """Whether a ``Function``'s calls go through its dispatcher's compiled call (autograph/dispatch.py)."""
    return f._call is f._dispatch_call and f._dispatch_call not in (None, False)
