"""``next()`` of a Python iterator in a traced function (runtime/graph/iterator_watch.py): refused where the iterator
outlives the call, as Python's iterators are state no graph stages.

Before, ``next(batches)`` of a global iterator took one item while tracing, and the graph returned that item at every
call (eager code takes the next one each time): a training step on the same batch for ever, with no error. The
oracle is eager Python: an iterator the function makes for itself gives eager's items on every path; one that
outlives the call (a global, a closure's, an attribute, an argument) is refused at the line of the ``next`` (or the
``for`` loop). Outside a graph trace (as written, converted, on plain values inside our trace
or a JAX trace) ``next`` is Python's.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form
from runtime.staging import NotStageable
from tests.helpers import executors, jax_usable, line_of

W = np.zeros(2)


def batches(n=5):
    return iter([np.full(2, float(i)) for i in range(n)])


def counting():
    i = 0
    while True:
        yield np.full(2, float(i))
        i += 1


DATA = batches()


def from_a_global(w):
    return w + next(DATA)  # global


def make_closure():
    gen = counting()

    def from_a_closure(w):
        return w + next(gen)  # closure
    return from_a_closure


class Loader:
    def __init__(self):
        self.it = batches()

    def step(self, w):
        return w + next(self.it)  # attribute


def from_an_argument(w, it):
    return w + next(it)  # argument


def from_its_own(w):
    it = iter([w + 1, w + 2])
    first = next(it)
    second = next(it, None)
    third = next(it, w)
    return first + second + third


@pytest.mark.parametrize("executor", executors())
def test_an_iterator_the_function_makes_gives_eagers_items_at_every_call(executor):
    g = autograph.function(from_its_own, executor=executor)
    for _ in range(3):
        np.testing.assert_array_equal(g(W), from_its_own(W))
    assert "ag__.call(next)(it)" in autograph.to_code(from_its_own)


@pytest.mark.parametrize("make, marker", [
    (lambda: (from_a_global, ()), "global"),
    (lambda: (make_closure(), ()), "closure"),
    (lambda: (Loader().step, ()), "attribute"),
    (lambda: (from_an_argument, (batches(),)), "argument")])
def test_an_iterator_that_outlives_the_call_is_refused_at_the_next(make, marker):
    fn, extra = make()
    with pytest.raises(NotStageable) as info:
        autograph.function(fn)(W, *extra)
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of(__file__, marker)}: next() (or a for loop) of a")
    assert "that outlives the call (a global, a closure's variable, an attribute, an argument) while a graph is " \
           "traced: the graph holds the items it gave while tracing as constants" in message
    assert message.endswith("Take the items outside the function and pass them in as an argument (x = next(batches); "
                            "step(w, x)), or make the iterator inside the function")


def test_outside_a_graph_trace_next_is_pythons_on_every_path():
    fn, it = autograph.convert(from_an_argument), batches()
    assert [float(fn(W, it)[0]) for _ in range(2)] == [0.0, 1.0]  # converted, outside any trace: as written
    with converted_form():  # the converted form on plain values inside our trace: Python's next, nothing noted
        assert float(fn(W, it)[0]) == 2.0
    if jax_usable():
        import jax
        import jax.numpy as jnp

        got = []
        jax.make_jaxpr(lambda: (got.append(fn(W, it)), jnp.zeros(()))[1])()  # inside a JAX trace: Python's
        assert float(got[0][0]) == 3.0


def test_the_item_is_passed_in_instead():
    step = autograph.function(lambda w, x: w + x)
    data = batches()
    eager_data = batches()
    for _ in range(3):
        np.testing.assert_array_equal(step(W, next(data)), W + next(eager_data))


# --- a for loop over an iterator ---------------------------------------------------------------------------

LOADER = counting()


def sum_of_three(w):
    total = w
    for batch in LOADER:  # loop-global
        total = total + batch
        if batch[0] >= 2:
            break
    return total


def loop_over_argument(w, it):
    for x in it:  # loop-argument
        w = w + x
    return w


def loop_over_own(w):
    total = w
    for i, x in enumerate(iter([w, w + 1])):
        total = total + x * i
    for y in (v * 2 for v in [w, w]):
        total = total + y
    return total


@pytest.mark.parametrize("fn, args, marker", [
    (sum_of_three, (), "loop-global"), (loop_over_argument, (batches(3),), "loop-argument")])
def test_a_for_loop_over_an_iterator_that_outlives_the_call_is_refused(fn, args, marker):
    with pytest.raises(NotStageable) as info:
        autograph.function(fn)(W, *args)
    assert str(info.value).startswith(f"{__file__}:{line_of(__file__, marker)}: next() (or a for loop) of a ")


def test_a_for_loop_over_iterators_the_function_makes_gives_eagers_result():
    g = autograph.function(loop_over_own)
    for _ in range(2):
        np.testing.assert_array_equal(g(W), loop_over_own(W))


def next_then_zip(w):
    it = iter([w, w + 1, w + 2, w + 3, w + 4])
    total = next(it)
    for a, b in zip(it, it):
        total = total + a * b
    return total


def zip_then_next(w):
    it = iter([w, w + 1, w + 2, w + 3, w + 4])
    pairs = zip(it, it)
    for a, b in pairs:
        total = a + b
        break
    return total + next(it) + next(pairs)[0]


def test_iterators_the_function_makes_and_wraps_in_any_order_are_no_refusal():
    for fn in (next_then_zip, zip_then_next):
        g = autograph.function(fn)
        for _ in range(2):
            np.testing.assert_array_equal(g(W), fn(W))


def read_in_nested_blocks(w):
    it = iter([w, w + 1, w + 2, w + 3])
    total = w
    for i in range(3):
        if i % 2 == 0:
            total = total + next(it)
        else:
            total = total - next(it)
    return total


def test_an_iterator_its_blocks_share_in_a_cycle_is_no_refusal():
    g = autograph.function(read_in_nested_blocks)
    for _ in range(2):
        np.testing.assert_array_equal(g(W), read_in_nested_blocks(W))
