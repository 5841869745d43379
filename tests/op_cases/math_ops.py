"""Cases for ``ops_math``: ``math``'s special functions as ops (float64 in, float64 out), on arrays that include
negative non-integers and values near the poles; 0-d as ``math.erf(t)`` stages them."""

import numpy as np

RNG = np.random.default_rng(11)
Z = RNG.normal(scale=3.0, size=(3, 5))
POSITIVE = RNG.uniform(0.1, 30.0, size=(4,))

CASES = [
    ("math_erf", [Z], {}),
    ("math_erf", [np.float64(0.3)], {}),
    ("math_erfc", [Z], {}),
    ("math_gamma", [POSITIVE], {}),
    ("math_gamma", [np.array([-0.5, -1.5, -2.25, 0.75])], {}),
    ("math_lgamma", [POSITIVE], {}),
    ("math_lgamma", [np.array([-0.5, -1.5, -2.25, 0.75, 250.0])], {}),
    ("math_lgamma", [np.float64(4.5)], {}),
]
