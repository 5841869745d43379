"""The fast path of a ``Function`` call (autograph/call_keys.py ``make_lookup``, runtime/graph/interpreter.py
``runner``): for every signature kind it binds like Python (same values, same errors, same messages),
keys like the general path (the same calls share a trace) and answers only calls seen before."""

from __future__ import annotations

import inspect
import sys
import traceback

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph import call_keys
from autograph.call_keys import fast_key, make_binder, make_lookup
from runtime.graph import interpreter
from tests import helpers

HERE = __file__


def positional(x, y):
    return x + y


def defaults(x, scale=2.0, shift=None, name="layer"):
    return x * scale if shift is None else x * scale + shift


def keyword_only(x, *, axis=0, keepdims=False):
    return np.sum(x, axis=axis, keepdims=keepdims)


def star_args(*xs):
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    return total


def star_kwargs(x, **options):
    return x * options.get("w", 1.0) + options.get("b", 0.0)


def positional_only(x, w=3.0, /, b=0.0):
    return x * w + b


def everything(a, b=2.0, /, c=None, *rest, d, e="e", **options):
    return (a, b, c, rest, d, e, options)


SIGNATURES = [positional, defaults, keyword_only, star_args, star_kwargs, positional_only, everything]

# (function, args, kwargs): calls of every shape, wrong ones included
CALLS = [
    (positional, (1.0, 2.0), {}), (positional, (), {"y": 1.0, "x": 2.0}), (positional, (1.0,), {}),
    (positional, (1.0, 2.0, 3.0), {}), (positional, (1.0,), {"x": 2.0}),
    (defaults, (1.0,), {}), (defaults, (1.0, 3.0), {"name": "a"}), (defaults, (), {"scale": 1.0}),
    (defaults, (1.0,), {"bias": 1.0}), (keyword_only, (1.0,), {"axis": 1}), (keyword_only, (1.0, 1), {}),
    (keyword_only, (), {"axis": 1}), (star_args, (), {}), (star_args, (1.0, 2.0, (3.0, [4.0])), {}),
    (star_args, (1.0,), {"x": 1.0}), (star_kwargs, (1.0,), {"w": 2.0, "b": {"k": 1}}),
    (star_kwargs, (), {"w": 2.0}), (positional_only, (1.0,), {"w": 2.0}), (positional_only, (1.0, 2.0, 3.0), {}),
    (positional_only, (1.0, 2.0, 3.0, 4.0), {}), (star_args, (1.0, 2.0), {}), (everything, (), {}),
    (everything, (1,), {}),
    (everything, (1, 2, 3), {"c": 1, "d": 4}), (everything, (1,), {"a": 1, "d": 1}),
    (everything, (1,), {"d": 1, "zz": 2}), (everything, (1, 2, 3, 4), {"e": 1}), (everything, (1, 2, 3, 4), {"d": 5}),
]


def outcome(fn, args, kwargs):
    """("TypeError", Python's message) for a call that does not bind, else ("ok", what ``fn`` returns; None for
    the functions under test, whose bodies need not run on these arguments)."""
    try:
        inspect.signature(fn).bind(*args, **kwargs)
    except TypeError:
        with pytest.raises(TypeError) as info:
            fn(*args, **kwargs)
        return "TypeError", str(info.value)
    return "ok", None if fn in SIGNATURES else fn(*args, **kwargs)


def runs(fn, args, kwargs):
    try:
        fn(*args, **kwargs)
    except Exception:  # noqa: BLE001
        return False
    return True


@pytest.mark.parametrize("fn, args, kwargs", CALLS)
def test_the_lookup_binds_like_the_binder_and_like_python(fn, args, kwargs):
    signature = inspect.signature(fn)
    lookup = make_lookup(signature, fn.__qualname__, {})
    kind, python = outcome(fn, args, kwargs)
    bound = outcome(make_binder(signature, fn.__qualname__), args, kwargs)
    looked_up = outcome(lookup, args, kwargs)
    assert bound[0] == looked_up[0] == kind
    if kind == "TypeError":  # Python's own message, naming the function
        assert bound[1] == looked_up[1] == python
    else:
        tensors: list = []
        key = fast_key(bound[1], tensors)
        trace, flat_key, looked_up_tensors = looked_up[1]
        assert trace is None and flat_key is not None and looked_up_tensors == tensors == []
        assert (key is None) == (flat_key is None)


@pytest.mark.parametrize("fn, args, kwargs", [c for c in CALLS if outcome(*c)[0] == "TypeError"])
def test_a_wrong_call_of_a_function_says_what_python_says_and_where(fn, args, kwargs):
    traced = autograph.function(fn)
    expected = outcome(fn, args, kwargs)[1]
    with pytest.raises(TypeError) as info:
        traced(*args, **kwargs)  # wrong-call
    assert str(info.value) == expected
    # Raised where the call is, as calling fn itself raises it: no frame of the library's, no note.
    frames = traceback.extract_tb(info.value.__traceback__)
    assert [(f.filename, f.lineno) for f in frames] == [(HERE, helpers.line_of(HERE, "wrong-call"))]
    assert not getattr(info.value, "__notes__", None)


def arrays_and_values():
    """An argument: an array (two shapes, two dtypes), a Python number, a string, None, or a small nest."""
    leaf = st.one_of(st.sampled_from([np.ones(2), np.zeros(3), np.arange(2), np.float64(1.5)]),
                     st.sampled_from([1, 2, 1.0, True, "a", None]))
    return st.recursive(leaf, lambda inner: st.one_of(st.tuples(inner, inner), st.lists(inner, max_size=2),
                                                      st.dictionaries(st.sampled_from("uv"), inner, max_size=2)),
                        max_leaves=4)


def general_key(values):
    """The trace key the general path gives (autograph/function.py, _concrete_for without a signature)."""
    from runtime.graph.control_flow import flatten
    leaves, tree = flatten(values)
    return tree, tuple(call_keys.key_of(leaf, "argument", "graph") for leaf in leaves)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(arrays_and_values(), arrays_and_values(), st.booleans()), min_size=1, max_size=6))
def test_calls_share_a_flat_key_exactly_when_they_share_a_trace_key(calls):
    lookup = make_lookup(inspect.signature(everything), "everything", {})
    bind = make_binder(inspect.signature(everything), "everything")
    by_flat, by_general = {}, {}
    for a, rest, as_keyword in calls:
        args, kwargs = ((a, 2.0, None, rest), {"d": 1}) if not as_keyword else ((a,), {"c": rest, "d": 1})
        values = bind(*args, **kwargs)
        general = general_key(values)
        _, flat, tensors = lookup(*args, **kwargs)  # after key_of has seen every class, as a Function's is
        assert flat is not None
        assert [id(t) for t in tensors] == [id(leaf) for leaf in values_arrays(values)]
        by_flat.setdefault(flat, set()).add(general)
        by_general.setdefault(general, set()).add(flat)
    assert all(len(keys) == 1 for keys in by_flat.values())  # never two traces behind one fast key
    assert all(len(keys) == 1 for keys in by_general.values())  # one trace: one fast key


def values_arrays(values):
    from runtime.graph.control_flow import flatten
    return [leaf for leaf in flatten(values)[0] if isinstance(leaf, (np.ndarray, np.generic))]


FAST = [(fn, tuple(np.full((2, 2), a) if isinstance(a, float) else a for a in args), kwargs)
        for fn, args, kwargs in CALLS if fn is not everything]


@pytest.mark.parametrize("fn, args, kwargs", [c for c in FAST if runs(*c)])
def test_each_signature_kind_takes_the_fast_path_on_its_second_call(fn, args, kwargs, monkeypatch):
    traced = autograph.function(fn)
    first = traced(*args, **kwargs)
    monkeypatch.setattr(traced, "_call_general", lambda *_: pytest.fail("the second call took the general path"))
    for _ in range(2):
        again = traced(*args, **kwargs)
        np.testing.assert_array_equal(again, first)
        np.testing.assert_array_equal(again, fn(*args, **kwargs))
    assert traced.tracing_count == 1


def test_parameters_named_like_the_lookups_own_names_take_the_general_form():
    def f(ag__t, ag__key, t, key):
        return ag__t + ag__key + t + key

    lookup = make_lookup(inspect.signature(f), "f", {})
    assert lookup.__code__.co_filename == call_keys.__file__  # the general form, not a compiled one
    traced = autograph.function(f)
    x = np.ones(2)
    for _ in range(2):
        np.testing.assert_array_equal(traced(x, x, t=x, key=2.0), f(x, x, x, 2.0))
    assert traced.tracing_count == 1 and len(traced._fast_calls) == 1


def test_a_python_value_of_a_class_with_some_unhashable_instances_takes_the_general_path():
    class Sometimes:
        def __init__(self, hashable):
            self.hashable = hashable

        def __hash__(self):
            if not self.hashable:
                raise TypeError("not this one")
            return 1

        def __eq__(self, other):
            return isinstance(other, Sometimes) and other.hashable == self.hashable

    traced = autograph.function(lambda x, s: x * 2)
    x = np.ones(2)
    traced(x, Sometimes(True))  # the class is now keyed by value
    with pytest.raises(TypeError, match="unhashable Sometimes"):
        traced(x, Sometimes(False))


def test_a_call_inside_another_trace_is_inlined_even_when_its_trace_exists():
    inner = autograph.function(lambda n: n * 2)
    assert inner(3) == 6  # a trace for n=3, on the fast path from now on
    ran = []
    (key, real_run), = inner._fast_calls.items()
    inner._fast_calls[key] = lambda tensors: ran.append(tensors) or real_run(tensors)
    outer = autograph.function(lambda x: x + inner(3))
    np.testing.assert_array_equal(outer(np.ones(2)), [7.0, 7.0])
    assert ran == []  # inlined into outer's graph, not run
    assert inner(3) == 6 and len(ran) == 1


def test_the_numpy_runner_converts_what_is_not_a_keyed_array_and_matches_run():
    traced = autograph.function(lambda x, y: x * y + 1)
    graph = traced.get_concrete_function(np.ones(3), np.float64(2.0)).graph
    run = interpreter.runner(graph)
    x = np.arange(3.0)
    for y in (np.float64(2.0), np.asarray(2.0)):
        (got,) = run([x, y])
        np.testing.assert_array_equal(got, interpreter.run(graph, [x, y])[0])
    with pytest.raises(TypeError, match="input 1 must be f64"):
        run([x, np.int32(2)])  # what is converted is checked, as run checks it


def test_every_signature_kind_runs_like_python_on_arrays():
    x = np.arange(3.0)
    for fn, args, kwargs in [(positional, (x, x), {}), (defaults, (x,), {"shift": x}), (keyword_only, (x,), {}),
                             (star_args, (x, x, x), {}), (star_kwargs, (x,), {"w": 3.0}),
                             (positional_only, (x, 2.0), {"b": x})]:
        traced = autograph.function(fn)
        for _ in range(3):
            np.testing.assert_array_equal(traced(*args, **kwargs), fn(*args, **kwargs))


def test_a_type_error_of_the_graphs_run_gets_no_wrong_call_note():
    traced = autograph.function(lambda x: x + 1)
    traced(np.ones(2))
    (key, _), = traced._fast_calls.items()

    def failing(tensors):
        raise TypeError("from the run")
    traced._fast_calls[key] = failing
    with pytest.raises(TypeError, match="from the run") as info:
        traced(np.ones(2))
    assert not any("the call of autograph.function" in note for note in getattr(info.value, "__notes__", []))


def test_a_wrong_call_of_a_signature_in_the_general_form_gets_its_note():
    def f(ag__x, y=1.0):
        return ag__x * y

    traced = autograph.function(f)
    traced(np.ones(2))
    with pytest.raises(TypeError) as info:
        traced(np.ones(2), 1.0, 2.0)  # general-wrong-call
    assert "takes from 1 to 2 positional arguments but 3 were given" in str(info.value)
    if sys.version_info >= (3, 11):  # (on 3.10, which has no notes, Python's own message stands alone)
        assert f"{HERE}:{helpers.line_of(HERE, 'general-wrong-call')}" in "".join(info.value.__notes__)


def test_a_user_hash_raising_type_error_is_not_taken_for_a_wrong_call():
    class Fussy:
        fail = False

        def __hash__(self):
            if Fussy.fail:
                raise TypeError("fussy hash")
            return 0

    traced = autograph.function(lambda x, f: x)
    traced(np.ones(2), Fussy())
    Fussy.fail = True
    with pytest.raises(TypeError, match="unhashable Fussy") as info:
        traced(np.ones(2), Fussy())  # the general path keys it, and says so
    assert not any("the call of autograph.function" in note for note in getattr(info.value, "__notes__", []))
