"""Random indexing programs, differential against NumPy on each executor.

Each program reads, writes, adds into, or conditionally rewrites ``x[index]``, where the index mixes what NumPy
allows in one subscript: ints, slices with any bounds and steps, ``None``, ``...``, integer arrays (1-d and 2-d,
constant or computed from an argument), boolean masks (constant or computed) and an int taken from an argument.
Advanced indices separated by a slice move their dimensions to the front; NumPy's errors (out of bounds, indices
that do not broadcast) must be its own errors. The oracle is the same function run eagerly.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import Limitation
from tests.helpers import executors, load_f

SHAPES = [(5,), (3, 4), (2, 3, 4), (4, 1, 3), ()]  # (0-d: `x[()]` is its element, a NumPy scalar, `x[...]` a view)


def _component(r: random.Random, n: int, staged: bool) -> str:
    """One item of a subscript, for an axis of length ``n``."""
    kind = r.randrange(9)
    if kind == 0:
        return str(r.randrange(-n, n))
    if kind == 1:
        start, stop = (r.choice([None, r.randrange(-n - 1, n + 2)]) for _ in range(2))
        step = r.choice([None, None, 1, 2, -1, -2, 3])
        return f"{'' if start is None else start}:{'' if stop is None else stop}" + ("" if step is None else f":{step}")
    if kind == 2:
        return "None"
    if kind == 3:
        count = r.randint(1, 3)
        return f"(k[:{count}] % {n})" if staged else f"np.array({[r.randrange(-n, n) for _ in range(count)]})"
    if kind == 4:
        return f"np.array({[[r.randrange(-n, n) for _ in range(2)] for _ in range(2)]})"
    if kind == 5:
        return f"(m{n} > 0)" if staged else f"np.array({[r.random() < 0.5 for _ in range(n)]})"
    if kind == 6:
        return "..."
    if kind == 7 and staged:
        return f"int(k[0] % {n})"
    return ":"


def _subscript(r: random.Random, shape: tuple, staged: bool) -> str:
    items, axis, ellipsis = [], 0, False
    while axis < len(shape) and r.random() < 0.85:
        item = _component(r, shape[axis], staged)
        if item == "...":
            if ellipsis:
                continue
            ellipsis = True
            items.append(item)
            axis = len(shape) - r.randint(0, len(shape) - axis)
            continue
        items.append(item)
        axis += item != "None"
    return ", ".join(items) or r.choice(["...", "()"])


def program(seed: int) -> tuple[tuple, str]:
    """(the input's shape, the source of ``def f(x, k)``) for ``seed``."""
    r = random.Random(seed)
    shape = r.choice(SHAPES)
    index = _subscript(r, shape, staged=r.random() < 0.5)
    lines = ["def f(x, k):"]
    for n in sorted(set(shape)):  # masks of n items computed from x: -1, 1, -1, ...
        lines.append(f"    m{n} = x.reshape(-1)[:{n}] * 0 + np.arange({n}) % 2 * 2 - 1")
    kind = r.randrange(4)
    if kind == 0:
        lines.append(f"    return x[{index}]")
    elif kind == 1:
        lines += ["    y = x.copy()", f"    y[{index}] = -7", "    return y"]
    elif kind == 2:
        lines += ["    y = x.copy()",
                  f"    y[{index}] += np.arange(1, 1 + np.asarray(y[{index}]).size).reshape(np.shape(y[{index}]))",
                  "    return y"]
    else:
        lines += ["    y = x.copy()", f"    v = y[{index}]", "    if np.sum(x) > 0:", f"        y[{index}] = v * 2",
                  "    return y, v"]
    return shape, "\n".join(lines) + "\n"


def _outcome(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "value", fn(*(np.copy(a) for a in args))
        except (IndexError, ValueError, TypeError) as error:
            return type(error), None


def _assert_same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _assert_same(g, w)
        return
    assert isinstance(got, np.ndarray) == isinstance(want, np.ndarray), (type(got), type(want))  # (scalar or array)
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), sign=st.sampled_from([1.0, -1.0]), k=st.lists(st.integers(-9, 9), min_size=3,
                                                                                       max_size=3))
def test_random_subscripts_read_and_write_as_numpy(executor, seed, sign, k):
    shape, source = program(seed)
    f = load_f(source, "indexing-program")
    x = np.arange(1.0, 1.0 + np.prod(shape)).reshape(shape) * sign
    k = np.array(k)
    want = _outcome(f, x, k)
    got = _outcome(autograph.function(f, executor=executor), x, k)
    if isinstance(got[0], type) and (issubclass(got[0], Limitation) or got[0].__name__ == "LoweringError"):
        # A clear refusal, never another value: XLA cannot lower a write NumPy refuses at run time (constant masks
        # that do not broadcast), nor index with a mask whose count is known only then (DataDependentIndex).
        return
    assert got[0] == want[0], (source, got, want)
    if want[0] == "value":
        _assert_same(got[1], want[1])


ZERO_D_READS = ["x[()]", "x[...]", "x.reshape(())", "x.T", "np.asarray(x)", "x.copy()"]
ZERO_D_WRITES = ["x[...] = 7.0", "x[()] = 7.0", "x += 1.0", "np.add(x, 1.0, out=x)", "x.fill(7.0)", "x[()] += v"]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("read", ZERO_D_READS)
def test_a_read_of_a_0d_array_sees_a_later_write_as_numpy(executor, read):
    # `x[()]` of a 0-d array is its element, a NumPy scalar: a copy, which a later write into x leaves as it was.
    # The graph took it for a view of x (as `x[()]` of an array of dims is), and returned the written value.
    for write in ZERO_D_WRITES:
        source = f"def f(x, v, k):\n    y = {read}\n    {write}\n    return y, x\n"
        f = load_f(source, "indexing-program")
        for value in (np.float64(2.0), np.ones(1)):
            want = _outcome(f, np.zeros(()), value, np.int64(0))
            got = _outcome(autograph.function(f, executor=executor), np.zeros(()), value, np.int64(0))
            assert got[0] == want[0], (source, value, got, want)
            if want[0] == "value":
                _assert_same(got[1], want[1])


TOO_MANY = {"x[:]": (), "x[:, :]": (3,), "x[0, 0]": (3,), "x[0, None, 0]": (3,), "x[..., 0, 0]": (3,),
            "x[:, :, :]": (2, 3), "x[x > 0, 0]": (2, 3)}


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("write", [False, True])
@pytest.mark.parametrize("subscript", list(TOO_MANY))
def test_too_many_indices_are_numpys_index_error(executor, write, subscript):
    # (`x[:]` of a 0-d array, `x[:, :]` of a vector: the graph took all-slice subscripts for a view of x, and
    # returned x where NumPy raises.)
    body = f"    {subscript} = 1.0\n    return x\n" if write else f"    return {subscript}\n"
    f = load_f("def f(x):\n" + body, "indexing-program")
    x = np.ones(TOO_MANY[subscript])
    with pytest.raises(IndexError) as eager:
        f(x.copy())
    with pytest.raises(IndexError) as staged:
        autograph.function(f, executor=executor)(x.copy())
    assert str(staged.value) == str(eager.value)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("write", [False, True])
def test_indices_that_do_not_broadcast_are_numpys_index_error(executor, write):
    def read(x):
        return x[np.array([-2, 1, -1]), np.array([[0, 1], [2, 3]])]

    def written(x):
        y = x.copy()
        y[np.array([0, 1, 2]), np.array([0, 1])] = 1.0
        return y

    fn = written if write else read
    with pytest.raises(IndexError) as eager:
        fn(np.zeros((3, 4)))
    with pytest.raises(IndexError) as staged:
        autograph.function(fn, executor=executor)(np.zeros((3, 4)))
    assert str(staged.value) == str(eager.value)


ELEMENT_WRITES = {  # the subscripts of NumPy's table: which take a one-element array, which only a scalar
    "x[0, 1]": (2, 3), "x[-1, 0]": (2, 3), "x[..., 0]": (2, 3), "x[0, ...]": (2, 3), "x[0, None, 1]": (2, 3),
    "x[0]": (3,), "x[k]": (3,), "x[0, 1:2]": (2, 3), "x[np.array([0])]": (3,), "x[()]": (), "x[...]": (),
}
ELEMENT_VALUES = {"np.ones(1)": np.ones(1), "np.ones((1, 1))": np.ones((1, 1)), "np.ones(2)": np.ones(2),
                  "np.ones(())": np.ones(()), "np.float64(2)": np.float64(2), "[5.0]": [5.0]}


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("augmented", [False, True])
@pytest.mark.parametrize("subscript", list(ELEMENT_WRITES))
def test_one_element_takes_a_scalar_and_refuses_an_array_as_numpy(executor, augmented, subscript):
    # (XLA wrote the element of a (1,) array into x[0, 1], where NumPy raises "setting an array element with a
    # sequence.": the graph's shape rule dropped the value's leading ones for every index.)
    source = f"def f(x, v, k):\n    {subscript} {'+=' if augmented else '='} v\n    return x\n"
    f = load_f(source, "indexing-program")
    for value in ELEMENT_VALUES.values():
        args = (np.zeros(ELEMENT_WRITES[subscript]), np.asarray(value) if isinstance(value, list) else value,
                np.int64(0))
        want = _outcome(f, *args)
        got = _outcome(autograph.function(f, executor=executor), *args)
        assert got[0] == want[0], (source, value, got, want)
        if want[0] == "value":
            _assert_same(got[1], want[1])
