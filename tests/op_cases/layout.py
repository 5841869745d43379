"""Cases for ``ops_layout``: ``contiguous`` in C and Fortran order, ``layout_like`` after a C and a Fortran array."""

import numpy as np

RNG = np.random.default_rng(3)
M = RNG.normal(size=(3, 4))
INTS = RNG.integers(-5, 5, (3, 4)).astype(np.int32)

CASES = [
    ("contiguous", [M], dict(order="F")),
    ("contiguous", [M], dict(order="C")),
    ("contiguous", [INTS], dict(order="F")),
    ("layout_like", [M, M], dict(order="K")),
    ("layout_like", [M, np.asfortranarray(M)], dict(order="K")),
    ("layout_like", [INTS, M], dict(order="A")),
]
