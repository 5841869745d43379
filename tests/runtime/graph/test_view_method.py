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
