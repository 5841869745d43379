"""The oldest NumPy this package supports, checked when ``runtime`` is imported (JAX's: runtime/jax).

    >>> version_tuple("2.3.0rc1"), version_tuple("1.26.4"), version_tuple("2.2")
    ((2, 3, 0), (1, 26, 4), (2, 2, 0))

A graph gives NumPy's results, and tracing reproduces NumPy 2's rules: its type promotion (NEP 50:
``np.float32(1) + 1.0`` stays float32, where NumPy 1 looked at the value), its copy semantics and its
namespace. The oldest NumPy the test suite runs on is 2.2 (the last for Python 3.10); 2.0 lacks
``np.cumulative_sum``, and 2.1 takes ``bool()`` of an empty array for False (with a warning) where
graphs raise NumPy 2.2's error. Under an older NumPy a graph could give other results than the eager
code, so ``import autograph`` refuses it, saying what to do.
"""

from __future__ import annotations

import re

import numpy

MIN_NUMPY = (2, 2, 0)


def version_tuple(version: str) -> tuple[int, ...]:
    """The first three components of ``version``, each its leading digits ("3rc1" is 3, "dev20261101"
    is 0), missing ones 0 ("2.2" is 2.2.0)."""
    parts = tuple(int(re.match(r"\d*", part).group() or 0) for part in version.split(".")[:3])
    return parts + (0,) * (3 - len(parts))


def check_numpy(version: str) -> None:
    """An ImportError that says what to do if ``version`` (NumPy's) is older than ``MIN_NUMPY``."""
    if version_tuple(version) < MIN_NUMPY:
        raise ImportError(f"autograph needs NumPy 2.2 or newer, and NumPy {version} is installed: "
                          "pip install -U 'numpy>=2.2'")


check_numpy(numpy.__version__)
