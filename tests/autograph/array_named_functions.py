"""Functions of a module named like array methods (Pyrr's ``vector.dot``, ``vector3.cross``), each with an ``if``
on its arguments: called through the module, they are the module's functions, converted like any other
(test_function_calls.py)."""

from __future__ import annotations

import types

import numpy as np


def dot(a, b):
    if np.sum(a) > 100:
        a = -a
    return np.sum(a * b)


def max(values):  # noqa: A001 (the name is the point)
    best = values[0]
    for v in values:
        if v > best:
            best = v
    return best


class Vectors:
    @staticmethod
    def mean(a):
        if a.size == 0:
            return 0.0
        return np.sum(a) / a.size


namespace = types.SimpleNamespace(dot=dot)  # (a corpus's stand-in for a module: Pyrr's ``vector4.dot``)
