"""Bounded memory: the tables a long-running process fills stay bounded (docs/limitations.md, "Bounded caches").

The fast-call table of a ``Function`` (autograph/call_keys.py ``make_fast_call``), the conversion cache
(autograph/api.py ``_conversions``) and a function whose expression nests deeper than the converter's
recursion (autograph/api.py ``_conversion``)."""

from __future__ import annotations

import gc
import importlib.util
import sys
import textwrap
import tracemalloc

import numpy as np
import pytest

import autograph
from autograph import api, call_keys, loading
from autograph.errors import ConversionError
from runtime.graph import TensorSpec


def _summed(x):
    return x + 1.0


def _call_lengths(function, lengths) -> None:
    for n in lengths:
        function(np.ones(n))


def test_a_relaxed_signature_keeps_one_trace_and_a_bounded_fast_call_table():
    """One trace takes every length; each length is its own fast-call key, and the table of those keys is
    cleared when it is full, not kept for ever (three times the bound's worth of lengths)."""
    bound = call_keys.MAX_FAST_CALLS
    f = autograph.function(_summed, input_signature=[TensorSpec([None], np.float64)])
    tracemalloc.start()
    try:
        _call_lengths(f, range(1, bound + 1))
        assert len(f._fast_calls) == bound
        gc.collect()
        full = tracemalloc.get_traced_memory()[0]
        _call_lengths(f, range(bound + 1, 3 * bound + 1))  # the table fills twice more
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - full
    finally:
        tracemalloc.stop()
    assert len(f._fast_calls) <= bound
    assert grown < 50 * bound, grown  # kept, the 2 * bound keys more would be ~1.5 MB
    assert len(f.concrete_functions) == 1 and f.tracing_count == 1
    np.testing.assert_allclose(f(np.ones(7)), np.full(7, 2.0))  # and the table refills: the same call is fast again
    assert f(np.ones(7)) is not None and any(key[0] == (7,) for key in f._fast_calls)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_every_path_that_files_a_fast_call_keeps_the_table_bounded(executor, tmp_path, monkeypatch):
    """The general path (the dispatcher's misses, executor="jax") and a loaded function's table too. With
    a bound of 64 here (the same code as 4,096): executor="jax" compiles once per length, ~50 ms each."""
    if executor == "jax":
        pytest.importorskip("jax")
    import sys

    import runtime.graph.loaded

    bound = 64
    monkeypatch.setattr(sys.modules["autograph.function"], "MAX_FAST_CALLS", bound)
    monkeypatch.setattr(runtime.graph.loaded, "_MAX_FAST_CALLS", bound)
    f = autograph.function(_summed, input_signature=[TensorSpec([None], np.float64)], executor=executor)
    _call_lengths(f, range(1, 3 * bound))
    assert 0 < len(f._fast_calls) <= bound and f.tracing_count == 1
    path = tmp_path / "summed.agz"
    autograph.save(f, path)
    loaded = autograph.load(path)
    _call_lengths(loaded, range(1, 3 * bound))
    assert 0 < len(loaded._fast_calls) <= bound
    np.testing.assert_allclose(loaded(np.ones(3)), np.full(3, 2.0))


def _exec_function(round_: int):
    """``def g`` exec'd in a fresh namespace: the same code, a new globals dict each round."""
    source = textwrap.dedent("""
        def g(x):
            if x > 0:
                return x * 2
            return -x
        """)
    namespace: dict = {}
    code = compile(source, "<bounded memory exec>", "exec")
    exec(code, namespace)
    import linecache
    linecache.cache["<bounded memory exec>"] = (len(source), None, source.splitlines(True),
                                                  "<bounded memory exec>")
    return namespace["g"]


@pytest.mark.slow  # (18 s of make test: make slow runs it)
def test_exec_in_fresh_namespaces_keeps_the_conversion_cache_bounded():
    """The same code exec'd in a fresh namespace each round is a new entry each round (its globals differ,
    and a dict cannot be weakly referenced): the least recently used go once there are MAX_CONVERSIONS."""
    bound = api.MAX_CONVERSIONS
    autograph.convert(_exec_function(-1))  # the converter's own caches fill up once
    # Every entry the cache holds is made under tracemalloc: an entry from before (an earlier test's, in the same
    # process) that an eviction below frees would not count as freed, and the bound would look exceeded by the
    # size of 500 entries (it did, in some orders of the suite).
    api._conversions.clear()
    tracemalloc.start()
    try:
        rounds = 0
        while len(api._conversions) < bound:  # (a namespace may take a dead one's id, and find its entry)
            assert autograph.convert(_exec_function(rounds))(3) == 6
            rounds += 1
        # make_function's plans hold the codes they were made for, up to 4,096 of them (bounded on their own,
        # autograph/loading.py): emptied at both points, what is left is the conversion cache's.
        loading._closure_plans.clear()
        gc.collect()
        full = tracemalloc.get_traced_memory()[0]
        for i in range(500):
            assert autograph.convert(_exec_function(i))(3) == 6
        loading._closure_plans.clear()
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - full
    finally:
        tracemalloc.stop()
    assert len(api._conversions) <= bound
    assert grown < 400 * 500, grown  # kept, 500 conversions more would be ~500 * 4.5 KB


def test_the_conversion_cache_keeps_what_was_used_last():
    """The least recently used conversion goes first: a function converted again and again stays cached."""
    kept = _exec_function(0)
    autograph.convert(kept)
    key = (kept.__code__, kept.__code__.co_filename, id(kept.__globals__))
    first = api._conversions[key]
    for i in range(api.MAX_CONVERSIONS + 10):
        autograph.convert(_exec_function(i))
        api._conversion(kept)  # used: moved to the end
    assert api._conversions[key] is first


def _deep_function(tmp_path, terms: int, name: str):
    """``def big(v): return v + v + ... + v`` (``terms`` terms), defined in a file of its own."""
    path = tmp_path / f"{name}.py"
    path.write_text(f"def big(v):\n    return {' + '.join(['v'] * terms)}\n")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.big, str(path)


@pytest.mark.parametrize("terms", [500, 1500])
def test_a_long_expression_converts_where_python_compiles_it(tmp_path, terms):
    big, _ = _deep_function(tmp_path, terms, f"deep_{terms}")
    limit = sys.getrecursionlimit()
    if sys.version_info[:2] == (3, 12) and terms > 1000:
        # Python 3.12's compile() of a syntax tree stops at a fixed depth (of source text, deeper): refused
        # with what to do (docs/limitations.md, "Deeply nested expressions"), as it is for any tree too deep.
        with pytest.raises(ConversionError, match="nests too deeply for autograph to convert"):
            autograph.convert(big)
        assert sys.getrecursionlimit() == limit
        return
    converted = autograph.convert(big)
    assert converted(1) == big(1) == terms
    assert sys.getrecursionlimit() == limit  # raised for the conversion only
    assert autograph.function(big)(np.float64(1.0)) == terms
    assert "v + v + v" in autograph.to_code(big)


def test_a_conversion_too_deep_even_for_the_deep_retry_says_where_and_what_to_do(tmp_path, monkeypatch):
    big, path = _deep_function(tmp_path, 500, "deep_refused")
    monkeypatch.setattr(api, "_DEEP_RECURSION_LIMIT", 200)  # the retry's limit too low as well
    with pytest.raises(ConversionError) as caught:
        autograph.convert(big)
    message = str(caught.value)
    assert f'File "{path}", line 1, in big' in message
    assert "nests too deeply for autograph to convert" in message
    assert "split the expression" in message and "autograph.do_not_convert" in message
    assert isinstance(caught.value.__cause__, RecursionError)
