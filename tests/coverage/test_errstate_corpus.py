"""A traced graph against eager NumPy on real functions that set NumPy's floating-point error state themselves
(``with np.errstate(...)`` blocks, ``np.seterr``): ``tests/coverage/corpus_errstate.py`` says where each comes from.

For every case, every input, every ambient error state the caller sets (NumPy's default, ``np.errstate(all="raise")``,
``np.errstate(all="ignore")``) and every executor ("numpy"; "jax" and "auto" where JAX is installed), the function
runs eagerly and as a fresh ``autograph.function(fn, executor=...)``, each inside ``warnings.catch_warnings(record=
True)`` with ``simplefilter("always")`` and inside an ``np.errstate`` (an empty one for NumPy's default: it restores
the error state that lifelines' ``np.seterr`` changes). Arrays are copied for every call. The check passes when

* both raise, and the graph's exception is an instance of eager's class; or
* the graph raises a ``Limitation`` (``NotStageable`` among them) with a message, while tracing or running: a clear
  refusal is allowed (such checks are counted, and the count is printed at the end of the module); or
* both return, the results are equal (``np.testing.assert_allclose(rtol=1e-12, equal_nan=True)`` after
  ``np.asarray``, tuples item by item, ``None`` for ``None``), and the sets of (category, message) warnings are the
  same. Under executor "jax" (and "auto" where its trial chose JAX) a missing warning is allowed: XLA raises no
  NumPy floating-point warnings. An extra warning is not, and a graph that returns where eager raised
  (``FloatingPointError`` under ``all="raise"``, say) fails on every executor.

Warnings whose category the project defines (``autograph.*``/``runtime.*``, e.g. ``NoSourceWarning``) are left out
of the comparison: they are about tracing, not about the function's arithmetic.

The whole module takes about 90 s on one core (a trace per check, ~1000 checks): its checks on the interpreter
under ``np.errstate(all="raise")`` (111, the ones that found most) run in ``make test``, the rest are marked
``slow`` (``make slow``).

Written by a helper session (stop 84) as the outside corpus of runtime/graph/error_state.py, from repositories no
corpus had drawn on. Run on the commit before that module (f581c95), 115 of its 333 checks on the interpreter failed:
spurious warnings where the function's own block ignores them, ``FloatingPointError`` where the block ignores and
the caller's state raises (eager returned a value), warnings missing where the block warns. With it, all pass; the
refusals (about 225 of the 999 graph checks) are ``SilentFloatingPoint`` (``executor="jax"`` under a state that
raises), ``StagingError`` (scipy's ``_cubicmin``/``_quadmin`` return ``None`` on one path), ``NotStageable``
(sklearn's OPTICS loop) and ``HandlerNotRun`` (scipy's ``splder`` catching a ``FloatingPointError``).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.coverage.corpus_errstate import ERRSTATE_CASES
from tests.helpers import jax_usable

AMBIENTS: dict[str, dict | None] = {"default": None, "raise": dict(all="raise"), "ignore": dict(all="ignore")}
EXECUTORS = ("numpy", "jax", "auto")
HAVE_JAX = jax_usable()


REFUSED: list[str] = []  # the ids of the checks the graph refused with a Limitation


def _copy(args: tuple) -> tuple:
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


def _run(call: Any, args: tuple, ambient: dict | None) -> tuple[tuple[str, Any], set[tuple[str, str]], list]:
    """("value", result) or ("raised", exception), the set of (category, message) warnings compared, and the
    warnings left out (the project's own)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with np.errstate(**(ambient or {})):
            try:
                outcome: tuple[str, Any] = ("value", call(*_copy(args)))
            except Exception as exc:  # noqa: BLE001  (the exception is the outcome)
                outcome = ("raised", exc)
    own = [w for w in caught if w.category.__module__.split(".")[0] in ("autograph", "runtime")]
    compared = {(w.category.__name__, str(w.message)) for w in caught if w not in own}
    return outcome, compared, own


def _same_values(eager: Any, graph: Any, where: str = "result") -> None:
    if isinstance(eager, (tuple, list)):
        assert isinstance(graph, (tuple, list)) and len(graph) == len(eager), \
            f"{where}: eager returned a sequence of {len(eager)}, the graph {type(graph).__name__} {graph!r}"
        for i, (e, g) in enumerate(zip(eager, graph)):
            _same_values(e, g, f"{where}[{i}]")
        return
    if eager is None or graph is None:
        assert eager is None and graph is None, f"{where}: eager returned {eager!r}, the graph {graph!r}"
        return
    np.testing.assert_allclose(np.asarray(graph), np.asarray(eager), rtol=1e-12, equal_nan=True,
                               err_msg=f"{where} differs")


def _params() -> list:
    params = []
    for name, fn, inputs in ERRSTATE_CASES:
        for i in range(len(inputs)):
            for ambient in AMBIENTS:
                for executor in EXECUTORS:
                    marks = [] if executor == "numpy" or HAVE_JAX else [
                        pytest.mark.skip(reason="needs JAX, which is not installed")]
                    if not (executor == "numpy" and ambient == "raise"):  # (make test runs those: the docstring)
                        marks.append(pytest.mark.slow)
                    params.append(pytest.param(name, i, ambient, executor, marks=marks,
                                               id=f"{name}-in{i}-{ambient}-{executor}"))
    return params


CASES = {name: (fn, inputs) for name, fn, inputs in ERRSTATE_CASES}


@pytest.fixture(scope="module", autouse=True)
def _report_refusals(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and REFUSED:
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\nerrstate corpus: {len(REFUSED)} checks refused with a Limitation (allowed), "
                                f"e.g. {', '.join(REFUSED[:3])}")


def test_the_corpus_is_well_formed() -> None:
    assert len(ERRSTATE_CASES) >= 30
    assert len(CASES) == len(ERRSTATE_CASES), "duplicate case names"
    for name, fn, inputs in ERRSTATE_CASES:
        assert callable(fn) and 3 <= len(inputs) <= 5, name
        for args in inputs:
            assert isinstance(args, tuple), name
            for a in args:
                assert isinstance(a, (np.ndarray, np.floating)), (name, type(a))


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_inputs_reach_their_edge(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first input of each case is ordinary and the others reach an edge: with the function's own
    ``np.errstate`` blocks and ``np.seterr`` calls made inert, the edges (only) set a floating-point error flag."""
    fn, inputs = CASES[name]
    for i, args in enumerate(inputs):
        flags: list[str] = []
        with np.errstate(all="call", call=lambda kind, flag: flags.append(kind)):
            with monkeypatch.context() as m:
                m.setattr(np, "errstate", lambda *a, **k: _Inert())
                m.setattr(np, "seterr", lambda *a, **k: {})
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    try:
                        fn(*_copy(args))
                    except Exception:  # noqa: BLE001, S110  (only the flags matter here)
                        pass
        if i == 0:
            assert not flags, f"{name}: the ordinary input sets {sorted(set(flags))}"
        else:
            assert flags, f"{name}: input {i} reaches no floating-point edge"


class _Inert:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


@pytest.mark.parametrize("name, index, ambient, executor", _params())
def test_graph_matches_eager(name: str, index: int, ambient: str, executor: str) -> None:
    fn, inputs = CASES[name]
    args = inputs[index]
    check = f"{name}-in{index}-{ambient}-{executor}"
    state = AMBIENTS[ambient]

    eager, eager_warnings, _ = _run(fn, args, state)
    staged = autograph.function(fn, executor=executor)
    graph, graph_warnings, _ = _run(staged, args, state)

    if graph[0] == "raised" and isinstance(graph[1], Limitation):
        assert str(graph[1]).strip(), f"{check}: the graph refused with an empty {type(graph[1]).__name__}"
        REFUSED.append(check)
        return

    if eager[0] == "raised":
        assert graph[0] == "raised", (
            f"graph returned a value where eager raised {type(eager[1]).__name__}: {eager[1]}; "
            f"the graph returned {graph[1]!r}")
        assert isinstance(graph[1], type(eager[1])), (
            f"different exception: eager raised {type(eager[1]).__name__}: {eager[1]}; "
            f"the graph raised {type(graph[1]).__name__}: {graph[1]}")
        return

    if graph[0] == "raised":
        raise AssertionError(f"graph raised {type(graph[1]).__name__} where eager returned a value: {graph[1]}") \
            from graph[1]

    try:
        _same_values(eager[1], graph[1])
    except AssertionError as exc:
        raise AssertionError(f"different values: {exc}") from None

    ran_on = executor
    if executor == "auto" and staged.concrete_functions:
        ran_on = staged.concrete_functions[0].executor
    if ran_on == "jax":
        extra = graph_warnings - eager_warnings
        assert not extra, f"warnings differ: the graph warned {sorted(extra)}, eager did not"
    else:
        assert graph_warnings == eager_warnings, (
            f"warnings differ: eager {sorted(eager_warnings)}, graph {sorted(graph_warnings)}")
