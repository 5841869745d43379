"""What the outside corpora's checks share (tests/coverage/test_next_corpus.py, test_holders_corpus.py ...): calling
a function on copies of its arguments, comparing a graph's result with eager's, container by container, numbers
within ``rtol=1e-12``, and the check of a graph across a change that changes eager's answer
(``check_between_changes``: a file rewritten, a holder changed, a path made or removed)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable, Optional

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.helpers import jax_usable

LINE = re.compile(r"\.py:\d+|line \d+")


def deep_copy(value: Any) -> Any:
    """``value`` with every array, list, tuple and dict in it copied (what a call may write into)."""
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, list):
        return [deep_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(deep_copy(v) for v in value)
    if isinstance(value, dict):
        return {k: deep_copy(v) for k, v in value.items()}
    return value


def call(fn: Callable, args: tuple) -> tuple[Any, BaseException | None]:
    """``(result, None)`` or ``(None, exception)`` of ``fn`` on copies of ``args``."""
    try:
        return fn(*deep_copy(args)), None
    except Exception as exc:  # noqa: BLE001  (the exception is the outcome)
        return None, exc


def short(text: str, limit: int = 400) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + " ..."


def describe(value: Any, raised: BaseException | None) -> str:
    if raised is not None:
        return f"raised {type(raised).__name__}: {short(str(raised))}"
    return f"returned {short(repr(value))}"


def refused(raised: BaseException | None) -> bool:
    """A clear refusal: a ``Limitation`` whose message names a line."""
    return isinstance(raised, Limitation) and bool(LINE.search(str(raised)))


def same(eager: Any, graph: Any, where: str, problems: list[str], dtypes: bool = False) -> None:
    """Append to ``problems`` how ``graph`` differs from ``eager``: dicts by key, lists and tuples by length and
    item, text, ``None`` and booleans equal and of one type, numbers and arrays within ``rtol=1e-12`` (NaN equal to
    NaN); with ``dtypes``, a float array's dtype too."""
    if isinstance(eager, dict):
        if not isinstance(graph, dict) or set(graph) != set(eager):
            problems.append(f"{where}: eager a dict with keys {sorted(map(str, eager))}, "
                            f"the graph {short(repr(graph))}")
            return
        for key in eager:
            same(eager[key], graph[key], f"{where}[{key!r}]", problems, dtypes)
        return
    if isinstance(eager, (list, tuple)):
        if not isinstance(graph, (list, tuple)) or len(graph) != len(eager):
            problems.append(f"{where}: eager a {type(eager).__name__} of {len(eager)}, the graph {short(repr(graph))}")
            return
        for i, (e, g) in enumerate(zip(eager, graph)):
            same(e, g, f"{where}[{i}]", problems, dtypes)
        return
    if eager is None or isinstance(eager, (str, bool)):
        if graph != eager or type(graph) is not type(eager):
            problems.append(f"{where}: eager {eager!r}, the graph {short(repr(graph))}")
        return
    if (dtypes and isinstance(eager, np.ndarray) and isinstance(graph, np.ndarray) and eager.dtype.kind == "f"
            and graph.dtype != eager.dtype):
        problems.append(f"{where}: eager's dtype {eager.dtype}, the graph's {graph.dtype} "
                        f"(eager {short(repr(eager), 200)}, the graph {short(repr(graph), 200)})")
        return
    try:
        np.testing.assert_allclose(np.asarray(graph), np.asarray(eager), rtol=1e-12, equal_nan=True)
    except (AssertionError, TypeError, ValueError) as exc:
        problems.append(f"{where} differs: eager {short(repr(eager))}, the graph {short(repr(graph))} "
                        f"({short(str(exc), 300)})")


def differ(one: Any, two: Any) -> bool:
    """Whether two results differ as ``same`` compares them."""
    problems: list[str] = []
    same(one, two, "result", problems)
    return bool(problems)


def report_refusals(request: Any, corpus: str, refused: list[str]) -> None:
    """At a corpus module's end (a module-scoped fixture's teardown): print how many checks the graph refused with
    a Limitation naming a line (allowed), and which, past pytest's capture."""
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None or not refused:
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line(f"\n{corpus} corpus: {len(refused)} checks refused with a Limitation naming a line "
                            "(allowed):")
        for item in refused:
            reporter.write_line(f"  {item}")


# ------------------------------------------------------------------------------------------------
# A graph across a change


EXECUTORS = (None, "numpy", "jax")  # None: autograph.function's default


def staged_function(fn: Callable, executor: Optional[str]) -> Any:
    """A fresh ``autograph.function`` of ``fn`` on ``executor`` (None: the default, as a user writes it)."""
    return autograph.function(fn) if executor is None else autograph.function(fn, executor=executor)


def executor_params() -> list:
    """``EXECUTORS`` as pytest parameters, the JAX one skipped where JAX is not usable."""
    have_jax = jax_usable()
    return [pytest.param(e, id=e or "default",
                         marks=[] if e != "jax" or have_jax else [pytest.mark.skip(reason="needs JAX")])
            for e in EXECUTORS]


@dataclasses.dataclass(frozen=True)
class Versions:
    """How a check names the two states it calls on, and the change between them (for its messages)."""

    first: str  # "version 0 of the file(s)"
    second: str  # "version 1 of the file(s)"
    change: str  # "rewrite"


def graph_agrees(staged: Any, args: tuple, eager: Any, n: int, state: str, check_id: str, refusals: list[str],
                 stale: Any = None, change: str = "") -> bool:
    """Call ``n`` of the graph ``staged`` on copies of ``args`` against eager's result ``eager``: True where the graph
    gave it; False where the graph refused with a ``Limitation`` naming a line (recorded in ``refusals``: the check
    ends there); any other outcome fails, saying when it is ``stale`` (eager's result from before the change)."""
    graph, raised = call(staged, args)
    if refused(raised):
        refusals.append(f"{check_id} (call {n}: {type(raised).__name__}: {short(str(raised), 200)})")
        return False
    if raised is not None:
        raise AssertionError(f"the graph's call {n} {describe(None, raised)} where eager "
                             f"{describe(eager, None)}") from raised
    problems: list[str] = []
    same(eager, graph, "result", problems, dtypes=True)
    gave_stale = n > 1 and not differ(stale, graph)
    note = f" (the graph gave eager's result from before the {change}: {short(repr(stale))})" if gave_stale else ""
    assert not problems, f"the graph's call {n} ({state}){note}:\n  " + "\n  ".join(problems)
    return True


def check_between_changes(fn: Callable, args: tuple, executor: Optional[str], change: Callable[[], None],
                          versions: Versions, check_id: str, refusals: list[str]) -> None:
    """A fresh graph of ``fn`` against eager code on ``args`` (copied before every call), before and after
    ``change()`` (which makes the change and asserts what it needs of it): eager, then the graph's first call (which
    traces); the change; eager again, whose result must differ from its first (else the check could not tell a stale
    graph: the case is wrong), then the graph's second call. Each graph call must give eager's result or refuse
    clearly (``graph_agrees``)."""
    staged = staged_function(fn, executor)
    first, raised = call(fn, args)
    assert raised is None, f"eager on {versions.first} {describe(None, raised)}"
    if not graph_agrees(staged, args, first, 1, versions.first, check_id, refusals):
        return
    change()
    second, raised = call(fn, args)
    assert raised is None, f"eager on {versions.second} {describe(None, raised)}"
    assert differ(first, second), (
        f"eager gave the same result before and after the {versions.change} ({short(repr(first))}): the case cannot "
        f"tell a stale graph")
    graph_agrees(staged, args, second, 2, versions.second, check_id, refusals, stale=first, change=versions.change)
