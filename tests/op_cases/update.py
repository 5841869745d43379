"""Cases for ``ops_update``: ``setitem`` with every kind of index."""

import numpy as np

from runtime.graph.shapes import Ref

RNG = np.random.default_rng(1)
M = RNG.normal(size=(3, 4))
INTS = RNG.integers(-5, 5, (3, 4)).astype(np.int32)

CASES = [
    ("setitem", [M, np.float64(7.0)], dict(index=(1, 2))),
    ("setitem", [M, RNG.normal(size=(4,))], dict(index=(0,))),
    ("setitem", [M, np.float64(0.0)], dict(index=(slice(1, None), slice(None, None, 2)))),
    ("setitem", [M, RNG.normal(size=(1, 3))], dict(index=(Ellipsis, slice(1, None)))),
    ("setitem", [INTS, np.float64(2.7)], dict(index=(Ellipsis,))),  # cast as NumPy casts: 2
    ("setitem", [M, np.float32(1.5), np.int64(-1)], dict(index=(Ref(0),))),
    ("setitem", [M, np.arange(3.0), np.array([2, 0, 1]), np.int64(3)], dict(index=(Ref(0), Ref(1)))),
]
