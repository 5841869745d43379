"""Cases for ``ops_array``: searchsorted, stable_argsort, partition, argpartition, ufunc_at, correlate.

The partition cases use inputs on which NumPy's introselect happens to return the fully sorted
order, because the JAX lowering sorts fully (see ``ops_array``); tests/runtime/graph/test_numpy_array.py
checks that these inputs are such, and tests the partition contract on other inputs."""

import numpy as np

from runtime.graph.shapes import Ref

RNG = np.random.default_rng(2)
M = RNG.normal(size=(3, 4))
SORTED = np.sort(RNG.normal(size=6))
TIES = np.array([[2, 1, 2, 1, 3], [0, 0, 1, 0, 1]], np.int32)
INTS = np.arange(5.0)

PARTITION_INPUTS = [np.sort(M, axis=1), SORTED]

CASES = [
    ("searchsorted", [SORTED, M], dict(side="left")),
    ("searchsorted", [SORTED, M.astype(np.float32)], dict(side="right")),
    ("searchsorted", [np.arange(6, dtype=np.int32), np.array([-1, 2, 2.5, 9])], dict(side="right")),
    ("stable_argsort", [TIES], dict(axis=1)),
    ("stable_argsort", [M], dict(axis=0)),
    ("partition", [PARTITION_INPUTS[0]], dict(kth=(1,), axis=1)),
    ("partition", [PARTITION_INPUTS[1]], dict(kth=(0, 3), axis=0)),
    ("argpartition", [PARTITION_INPUTS[0]], dict(kth=(2,), axis=1)),
    ("ufunc_at", [INTS, np.float64(1.5), np.array([0, 0, 3])], dict(ufunc="add", index=(Ref(0),))),
    ("ufunc_at", [M, RNG.normal(size=(2, 4)), np.array([2, 2])], dict(ufunc="multiply", index=(Ref(0),))),
    ("ufunc_at", [M, np.float64(0.0)], dict(ufunc="maximum", index=(slice(1, None), 0))),
    ("ufunc_at", [np.zeros(4, np.int32), np.array([1.7, -0.5, 2.2]), np.array([1, 1, 3])],
     dict(ufunc="add", index=(Ref(0),))),  # float into int: each update truncates, as NumPy's loop
    ("ufunc_at", [M, np.array([3.0, 4.0]), np.array([1, 1]), np.array([0, 0])],
     dict(ufunc="subtract", index=(Ref(0), Ref(1)))),
    ("correlate", [SORTED, SORTED[:3]], dict(function="correlate", mode="full")),
    ("correlate", [SORTED[:2], SORTED], dict(function="correlate", mode="same")),
    ("correlate", [SORTED[:2], SORTED], dict(function="convolve", mode="same")),
    ("correlate", [SORTED, np.array([1.0, np.inf])], dict(function="convolve", mode="valid")),
    ("correlate", [TIES[0] > 0, TIES[1] > 0], dict(function="correlate", mode="full")),
]
