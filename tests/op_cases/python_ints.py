"""Cases for ``python_int``: a Python int known at run time, computed as Python does (runtime/graph/core_kernels.py).
Values within int64 here; the overflow and its OverflowError: tests/runtime/graph/test_python_int_overflow.py."""

import numpy as np

A, B = np.array(-7, np.int64), np.array(3, np.int64)

CASES = [
    *[("python_int", [A, B], dict(operation=op, where="")) for op in ("add", "sub", "mul", "floordiv", "pow",
                                                                       "left_shift")],
    *[("python_int", [A], dict(operation=op, where="")) for op in ("neg", "abs")],
]
