"""An integer *scalar* written into an integer array at a basic index gives NumPy's integer or NumPy's error, on
both executors (runtime/graph/scalar_writes.py ``integer_checks``, runtime/graph/tensor.py ``_scalar_write``).

NumPy makes a C long of a NumPy integer scalar written at a basic index (``out[0] = x[i]``, ``out[:] = x[i]``,
``out[1] = x[i]`` into a row), as it does of a float scalar: one a *signed* array cannot hold is its
``OverflowError`` ("Python integer 300 out of bounds for int8"), and a uint64 beyond a C long is Python's. Into an
unsigned array it is cast (300 is 44), and so is a 0-d array at any index, and any scalar at an integer-array
index. The interpreter's kernel is NumPy's own write; under XLA a plain cast wrapped silently (``executor="jax"``
gave 44 where NumPy raised). The oracle is eager NumPy, for every pair of integer dtypes, every index kind, and the
values at and just beyond the target's bounds, each run on one trace per signature."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import autograph
from tests import helpers

pytestmark = pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning")

INTS = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)
FLOATS = (np.float64, np.float32, np.float16)  # (their scalars' rule since before: here for fill and x.flat[k])


def _candidates(source: type, target: type) -> list:
    """The values of ``source`` at and around ``target``'s bounds and a C long's, and a few plain ones."""
    info = np.iinfo(target)
    around = [info.min - 1, info.min, info.max, info.max + 1, 2 ** 63 - 1, 2 ** 63, 0, 1, -1, 300, -200]
    if np.dtype(source).kind == "f":
        with np.errstate(over="ignore"):
            return list(np.array([np.nan, np.inf, -np.inf, 0.5, -1.5, 300.5, *around], np.float64).astype(source))
    held = np.iinfo(source)
    return [v for v in dict.fromkeys(around) if held.min <= v <= held.max]


def at_zero(x, i, out):
    out[0] = x[i]
    return out


def at_slice(x, i, out):
    out[1:] = x[i]
    return out


def at_ellipsis(x, i, out):
    out[...] = x[i]
    return out


def into_a_row(x, i, out):
    rows = np.zeros((2, out.shape[0]), out.dtype)
    rows[1] = x[i]
    return rows


def at_integer_array(x, i, out):
    out[[0, 1]] = x[i]  # (an integer-array index: cast, never NumPy's error)
    return out


def zero_d_array(x, i, out):
    out[0] = np.asarray(x[i])  # (a 0-d array: cast)
    return out


def in_an_untaken_branch(x, i, out):
    if x[i] == 12345:  # (a staged if: the write raises only where the data takes the branch)
        out[0] = x[i] + 300
    return out


def by_fill(x, i, out):
    out.fill(x[i])  # (as at a basic index)
    return out


def at_a_flat_position(x, i, out):
    out.flat[1] = x[i]  # (NumPy's error here is one ValueError, "Error setting single item of array.")
    return out


def at_flat_positions(x, i, out):
    out.flat[0:2] = x[i]  # (cast)
    return out


WRITES = (at_zero, at_slice, at_ellipsis, into_a_row, at_integer_array, zero_d_array, in_an_untaken_branch, by_fill,
          at_a_flat_position, at_flat_positions)


def _outcome(run):
    try:
        return "value", run()
    except (OverflowError, ValueError) as error:
        return "error", type(error)


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize("write", WRITES, ids=lambda w: w.__name__)
@pytest.mark.parametrize("target", INTS, ids=lambda d: d.__name__)
def test_an_integer_scalar_written_gives_numpys_integer_or_error(target, write, executor):
    for source in INTS + FLOATS:
        if executor == "jax" and np.uint32 in (source, target):
            continue  # (XLA's uint32 casts: test_jax_float_to_int.py's test_uint32_refused)
        values = np.array(_candidates(source, target), source)
        graph = autograph.function(write, executor=executor)
        for i in map(np.int64, range(len(values))):  # (a NumPy index: one trace for them all)
            want = _outcome(lambda: write(values, i, np.zeros(3, target)))
            got = _outcome(lambda: graph(values, i, np.zeros(3, target)))
            if want[0] == "error":
                assert got == want, (source, values[i])
            else:
                assert got[0] == "value", (source, values[i], got)
                helpers.same_result(got[1], want[1], executor)
        assert graph.tracing_count == 1


@pytest.mark.parametrize("executor", helpers.executors())
def test_the_error_is_numpys_in_its_words_at_the_users_line(executor):
    graph = autograph.function(at_zero, executor=executor)
    with pytest.raises(OverflowError, match="Python integer out of bounds for int8") as raised:
        graph(np.array([300], np.int64), 0, np.zeros(3, np.int8))
    notes = helpers.notes(raised.value)
    assert sys.version_info < (3, 11) or any("test_integer_scalar_writes.py" in note for note in notes)
    with pytest.raises(OverflowError, match="Python int too large to convert to C long"):
        autograph.function(at_zero, executor=executor)(np.array([2 ** 63], np.uint64), 0, np.zeros(3, np.int64))


def written_constant(flag, out):
    if flag > 0:  # (staged: the constant's write raises only where the data takes the branch)
        out[0] = np.int64(300)
    return out


@pytest.mark.parametrize("executor", helpers.executors())
def test_a_numpy_integer_constant_written_raises_where_the_write_runs(executor):
    graph = autograph.function(written_constant, executor=executor)
    np.testing.assert_array_equal(graph(np.int64(0), np.zeros(2, np.int8)), np.zeros(2, np.int8))
    with pytest.raises(OverflowError, match="Python integer 300 out of bounds for int8"):
        written_constant(np.int64(1), np.zeros(2, np.int8))
    with pytest.raises(OverflowError, match="Python integer 300 out of bounds for int8"):
        graph(np.int64(1), np.zeros(2, np.int8))
    unsigned = graph(np.int64(1), np.zeros(2, np.uint8))  # (into an unsigned array: cast)
    np.testing.assert_array_equal(unsigned, written_constant(np.int64(1), np.zeros(2, np.uint8)))
