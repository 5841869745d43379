"""A def inside a converted function, decorated by a compiler that reads its bytecode (numba's ``njit``,
``jit``, ``vectorize``), stays as written: numba compiles it as it would unconverted. Converted, it held
the converted form's closures and ``ag__`` calls, and numba refused them ("Unsupported use of cell variable
encountered", "Unknown attribute 'call' of type Module(runtime)"): numpy-groupies 0.16.0 builds its
kernels so, in factories, through a wrapper of its own (njit_stable), as a decorator and as a call on a nested def
(tests/transparency). Other decorated defs are converted as before."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form

nb = pytest.importorskip("numba")
from numba import njit  # noqa: E402  (after the skip: numba is the [numba] extra)


def njit_factory(scale):
    @nb.njit
    def kernel(x):
        total = 0.0
        for i in range(x.shape[0]):
            if x[i] > 0:
                total += x[i] * scale
            else:
                break
        return total
    return kernel


def jit_with_options_factory(limit):
    @nb.jit(nopython=True, cache=False)
    def kernel(x):
        count = 0
        for v in x:
            if v > limit:
                count += 1
        return count
    return kernel


def imported_njit_factory(start):
    @njit
    def kernel(x):
        i = start
        while i < x.shape[0] and x[i] != 0:
            i += 1
        return i
    return kernel


def vectorize_factory(offset):
    @nb.vectorize(["float64(float64)"])
    def clipped(v):
        if v < offset:
            return offset
        return v
    return clipped


def stable_jit(py_func=None, **options):
    """A library's own wrapper of numba's njit (numpy-groupies' njit_stable): a function of a module that uses
    numba."""
    if py_func is None:
        return lambda f: nb.njit(**options)(f)
    return nb.njit(**options)(py_func)


def wrapper_factory(scale):
    @stable_jit(cache=False)
    def kernel(x):
        total = 0.0
        for v in x:
            if v > 0:
                total += v * scale
        return total
    return kernel


def passed_factory(scale):
    def driver(x):
        total = 0.0
        for v in x:
            if v < 0:
                total -= v * scale
        return total
    return stable_jit(driver)


def other_decorator_factory(limit):
    @functools.cache
    def above(v):
        if v > limit:
            return 1
        return 0
    return above


X = np.array([1.5, 2.0, 0.0, -3.0, 4.0])
FACTORIES = [(njit_factory, 2.0), (jit_with_options_factory, 1.0), (imported_njit_factory, 0),
             (vectorize_factory, 1.0), (wrapper_factory, 3.0), (passed_factory, 0.5)]


@pytest.mark.parametrize(("factory", "argument"), FACTORIES, ids=lambda v: getattr(v, "__name__", repr(v)))
def test_a_kernel_in_a_factory_compiles_as_written_on_each_path(factory, argument):
    want = factory(argument)(X)
    converted = autograph.convert(factory)
    np.testing.assert_array_equal(converted(argument)(X), want)
    with converted_form():
        np.testing.assert_array_equal(converted(argument)(X), want)


@pytest.mark.parametrize(("factory", "argument"), FACTORIES, ids=lambda v: getattr(v, "__name__", repr(v)))
def test_to_code_shows_the_kernel_as_written(factory, argument):
    code = autograph.to_code(factory)
    kernel = code[code.index("    def "):]
    assert "ag__.if_stmt" not in kernel and "ag__.for_stmt" not in kernel and "ag__.while_stmt" not in kernel, code
    assert "def if_body" not in kernel, code


def test_another_decorators_def_is_still_converted():
    code = autograph.to_code(other_decorator_factory)
    assert "ag__.if_stmt" in code, code
    converted = autograph.convert(other_decorator_factory)
    with converted_form():
        assert [converted(2)(v) for v in (1, 3)] == [0, 1]
