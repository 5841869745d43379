"""``x.view()`` in a graph: another array object over the same elements, as NumPy's (it was refused: "a traced array
has no 'view'"). Another dtype or class reinterprets memory and is refused by name. The oracle is eager NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from tests.helpers import executors, same_result


def write_through_a_view(x):
    y = x.view()
    y[0] = 3.0
    return x, y, y is x


def view_of_a_slice(x):
    z = x[1:].view(x.dtype)
    z[0] = 8.0
    return x


def view_of_a_scalar_and_a_0d_array(x):
    s = x.sum().view()
    a = np.asarray(x[0]).view()
    return s, a, isinstance(s, np.generic), isinstance(a, np.ndarray)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [write_through_a_view, view_of_a_slice, view_of_a_scalar_and_a_0d_array],
                         ids=lambda f: f.__name__)
def test_a_view_is_numpys(fn, executor):
    for x in (np.arange(3.0), np.array([-1.5, 2.0, 0.25, 4.0])):
        same_result(autograph.function(fn, executor=executor)(x.copy()), fn(x.copy()), executor)


def test_a_view_as_another_dtype_is_refused_at_the_users_line():
    def reinterpret(x):
        return x.view(np.int64)

    with pytest.raises(autograph.NotStageable, match=r"test_view_method.py:\d+: x.view\(dtype\) / x.view\(type\) "
                                                     r"reinterprets an array's memory"):
        autograph.function(reinterpret)(np.arange(3.0))


def parts_of_a_complex_array(z):
    v = z.view(z.real.dtype)  # float64 parts of a complex128, float32 of a complex64
    before = v * 1.0
    z[0] = 5.0 - 6.0j  # NumPy's view shares memory: a read after the write sees it
    return before, v, v[..., ::2]


@pytest.mark.parametrize("executor", executors())
def test_a_complex_arrays_parts_as_floats_are_numpys(executor):
    for z in (np.array([1 + 2j, 3 - 4j, complex(np.inf, -0.0), complex(np.nan, np.inf)]),
              np.array([[1 + 2j, -3j], [0.5, -0.0 - 1j]]), np.array([1 + 2j, 3 - 4j], dtype=np.complex64)):
        same_result(autograph.function(parts_of_a_complex_array, executor=executor)(z.copy()),
                    parts_of_a_complex_array(z.copy()), executor)


def write_into_the_parts(z):
    v = z.view(np.float64)
    v[0] = 9.0
    return z


def floats_as_complex(f):
    return f.view(np.complex128)


def test_writes_into_the_parts_and_other_reinterpretations_are_refused():
    with pytest.raises(autograph.NotStageable, match=r"test_view_method.py:\d+: a write into z.view\(np.float64\)"):
        autograph.function(write_into_the_parts)(np.array([1 + 2j, 3 - 4j]))
    with pytest.raises(autograph.NotStageable, match=r"test_view_method.py:\d+: x.view\(dtype\) / x.view\(type\)"):
        autograph.function(floats_as_complex)(np.arange(4.0))
