"""Conversion figures over every function of ``tests/corpus.py``: cold and cached conversion time,
``to_code`` size, and the run time of converted code on plain Python values."""

from __future__ import annotations

import ast
import builtins
import copy
import importlib.util
import inspect
import sys
import textwrap
import types
from typing import Any

import numpy as np

import autograph
import runtime as _runtime  # (the per-call choice's parts: what converted code calls)
from autograph.testing import converted_form
from benchmarks import ROOT
from benchmarks.timing import (
    Row,
    clear_converter_caches,
    cold,
    compare,
    fmt_ratio,
    fmt_time,
    geomean,
    median,
    per_call,
    row,
)

REPEAT = 5


def load_corpus() -> types.ModuleType:
    """``tests/corpus.py`` as the module ``corpus`` (the name the tests import it by)."""
    module = sys.modules.get("corpus")
    if module is None:
        spec = importlib.util.spec_from_file_location("corpus", ROOT / "tests" / "corpus.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["corpus"] = module  # dataclasses look their module up while the class is built
        spec.loader.exec_module(module)
    return module


def _parse_and_compile(fn: types.FunctionType) -> Any:
    """The floor: fetch the function's source, dedent, parse, compile."""
    source = textwrap.dedent(inspect.getsource(fn))
    return compile(ast.parse(source), fn.__code__.co_filename, "exec", dont_inherit=True)


def _cold_times(corpus: types.ModuleType) -> dict:
    """Per case: cold conversion (seconds), converter caches cleared before each."""
    return {case.name: cold(lambda case=case: autograph.convert(case.fn), clear_converter_caches, repeat=REPEAT)
            for case in corpus.CASES}


def _conversion_times(corpus: types.ModuleType) -> tuple[dict, dict, dict, dict]:
    """Per case: cold conversion, the parse + compile floor, cached conversion (the converted function
    alive), and conversion again once it is gone (seconds)."""
    cold_times, floor_times, cached_times, remade_times = _cold_times(corpus), {}, {}, {}
    for case in corpus.CASES:
        source_fn = corpus.underlying(case.fn)
        try:
            _parse_and_compile(source_fn)
        except (SyntaxError, OSError, TypeError):  # a lambda inside a larger expression
            pass
        else:
            floor_times[case.name] = cold(lambda f=source_fn: _parse_and_compile(f), lambda: None, repeat=REPEAT)
        kept = autograph.convert(case.fn)  # the cache serves a converted function while it is alive
        cached_times[case.name] = per_call(autograph.convert, (case.fn,), min_time=0.001)
        del kept  # gone: the next one is made afresh from the cached conversion of the code
        remade_times[case.name] = per_call(lambda f=case.fn: autograph.convert(f) and None, (), min_time=0.001)
    return cold_times, floor_times, cached_times, remade_times


def _design_floor_rows(corpus: types.ModuleType, floor_times: dict) -> list[Row]:
    """What the one-frame design itself costs, per function, against the floor: ``compile`` of the tree a
    conversion hands it (both forms in one code object), and one parse of the function from its file's
    lines plus that compile. Whatever cold conversion takes beyond the second is the passes' and the rest's."""
    from autograph import loading, parsing

    handed = {}
    real_compile = builtins.compile  # (loading.py calls the builtin: a module global of that name stands in for it)

    def recording(tree, filename, mode, **kwargs):
        handed["last"] = (tree, filename, mode, kwargs)
        return real_compile(tree, filename, mode, **kwargs)

    compile_ratios, design_ratios = [], []
    loading.compile = recording
    try:
        for case in corpus.CASES:
            fn = corpus.underlying(case.fn)
            if case.name not in floor_times:
                continue
            clear_converter_caches()
            autograph.convert(case.fn)
            compiling = cold(lambda call=handed["last"]: real_compile(*call[:3], **call[3]), lambda: None,
                             repeat=REPEAT)
            parsing_once = cold(lambda fn=fn, lines=parsing.source_lines(fn): parsing.parse_function(fn, lines,
                                                                                                      check=False),
                                lambda: None, repeat=REPEAT)
            compile_ratios.append(compiling / floor_times[case.name])
            design_ratios.append((parsing_once + compiling) / floor_times[case.name])
    finally:
        del loading.compile
    return [Row("  the design's own part: compile of the combined tree ÷ floor, median", "—",
                ratio=fmt_ratio(median(compile_ratios))),
            Row("  the design's own part: one parse + that compile ÷ floor, median", "—",
                ratio=fmt_ratio(median(design_ratios)))]


def _run_ratios(corpus: types.ModuleType) -> tuple[dict, dict]:
    """Converted ÷ original run time per case, on each case's first input; and why cases were skipped."""
    ratios, skipped = {}, {}
    for case in corpus.CASES:
        call = case.inputs[0]
        converted = autograph.convert(case.fn)
        expected = corpus.outcome(case.fn, call.args, call.kwargs)
        if expected[0] == "raise":
            skipped[case.name] = "raises"
            continue
        before = copy.deepcopy((call.args, call.kwargs))
        if not corpus.same(list(expected[2][1:]), [before[0], before[1]]):
            skipped[case.name] = "changes its arguments"
            continue
        if not corpus.same_outcome(expected, corpus.outcome(converted, call.args, call.kwargs)):
            skipped[case.name] = "CONVERTED RESULT DIFFERS"
            continue
        args, kwargs = copy.deepcopy((call.args, call.kwargs))
        corpus.reset()
        base, ours = compare((case.fn, args, kwargs), (converted, args, kwargs), rounds=2)
        corpus.reset()
        ratios[case.name] = (ours / base, ours, base)
    return ratios, skipped


EVENTS = 1000  # iterations per call in the per-event figures: the per-call fixed costs vanish in them


def _event_helper(x: int) -> int:
    return x


def _if_in_loop(n: int) -> int:
    total = 0
    for i in range(n):
        if i % 2:
            total += i
    return total


def _call_in_loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += _event_helper(i)
    return total


def _plain_loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


_WORD = __import__("re").compile(r"\w+")


def _c_method_in_loop(n: int) -> int:
    total = 0
    for _ in range(n):
        total += _WORD.match("ab") is not None  # a bound `builtin_method`: `ag__.call(_WORD.match)`
    return total


def _isinstance_in_loop(n: int) -> int:
    total = 0
    for i in range(n):
        total += isinstance(i, (str, int))  # `ag__.builtin(isinstance, i, (str, int))`
    return total


def _event_rows() -> list[Row]:
    """What one ``if`` inside a loop and one call through ``ag__.call`` add per iteration. Each is
    the converted loop's extra time over the original's (timed in alternation), less the same
    extra for the bare loop, which the ``if`` and the call sit in: that difference is the event's."""
    times = {}
    for fn in (_plain_loop, _if_in_loop, _call_in_loop):
        converted = autograph.convert(fn)
        base, ours = compare((fn, (EVENTS,)), (converted, (EVENTS,)), rounds=3)
        times[fn] = (ours / EVENTS, base / EVENTS)
    loop_extra = times[_plain_loop][0] - times[_plain_loop][1]
    rows = [row("  bare for loop, per iteration", *times[_plain_loop])]
    for fn, event_name, loop_name in ((_if_in_loop, "an `if` inside a loop", "loop with an `if`"),
                                      (_call_in_loop, "a call through `ag__.call`", "loop with a call")):
        ours, base = times[fn]
        event = ours - base - loop_extra
        rows.append(Row(f"{event_name}, extra per event", fmt_time(max(event, 0.0)),
                        target="≤ 300 ns (final ≤ 100 ns)", ok=event <= 300e-9))
        rows.append(row(f"  {loop_name}, per iteration", ours, base))
    # Runtime helpers that the transparency suites call millions of times (docs/fidelity.md, "Suite time"):
    # each converted loop's extra time per iteration over the original's, less the bare loop's extra.
    for fn, name in ((_c_method_in_loop, "a C method (`pattern.match`) through `ag__.call`"),
                     (_isinstance_in_loop, "`isinstance(x, (A, B))` through `ag__.builtin`")):
        converted = autograph.convert(fn)
        base, ours = compare((fn, (EVENTS,)), (converted, (EVENTS,)), rounds=3)
        event = (ours - base) / EVENTS - loop_extra
        rows.append(Row(f"{name}, extra per event", fmt_time(max(event, 0.0))))
    return rows


def _as_written(x: int) -> int:
    if x > 10:
        return 1
    return 0


def _choosing(x: int) -> int:
    if _runtime.tracing():  # the per-call choice alone (compiled code reads `ag__` as a constant)
        return -1
    if x > 10:
        return 1
    return 0


def _choosing_with_cells(x: int) -> int:
    if _runtime.tracing():  # as above, and two cells: the argument and a variable the converted form
        retval_ = None      # shares with its closures, made at every call (MAKE_CELL), whichever form runs

        def body() -> None:
            nonlocal retval_
            retval_ = x
        return -1
    if x > 10:
        return 1
    return 0


SIZED = 1e-6  # an original call this long or longer: the per-call choice's fixed cost is small beside it


def _sized_rows(ratios: dict) -> list[Row]:
    """The eager ratio over the cases whose original call takes at least ``SIZED``: the per-call choice costs a
    fixed time (JAX's trace state alone is a read of some 30 ns), which a call of a few dozen nanoseconds, as most
    of the corpus's are, cannot hide."""
    sized = [r for r, _, base in ratios.values() if base >= SIZED]
    if not sized:
        return [Row(f"  eager calls, cases whose original takes ≥ {fmt_time(SIZED)}", "none")]
    return [Row(f"  eager calls, geomean of the {len(sized)} cases whose original takes ≥ {fmt_time(SIZED)}", "—",
                ratio=fmt_ratio(geomean(sized)))]


def _choice_rows(ratios: dict) -> list[Row]:
    """Where an eager call's extra time goes: the corpus's median extra per call, and its two parts
    measured alone on a two-line function: the per-call choice (``ag__.tracing()``: a call reading each
    registered backend's per-thread trace state) and the cells (Python makes every variable that the
    converted form's closures share a cell at each call, whichever form runs)."""
    extra = median([ours - base for _, ours, base in ratios.values()])
    bare, choosing, with_cells = compare((_as_written, (5,)), (_choosing, (5,)), (_choosing_with_cells, (5,)),
                                         rounds=5)
    return [Row("  eager calls: extra time per call over the original, median", fmt_time(extra)),
            Row("    of which the per-call choice (`ag__.tracing()`), measured alone", fmt_time(choosing - bare)),
            Row("    of which two cells (an argument, a shared variable), measured alone",
                fmt_time(max(with_cells - choosing, 0.0)))]


def _small_function(x):
    total = np.sum(x)
    if total > 0:
        y = x * 2.0
    else:
        y = -x
    return y + 1.0


def _first_call_rows() -> list[Row]:
    """What a user waits for at the first call of ``autograph.function`` on a small function: the
    conversion, the trace into a graph and the graph's run, caches cleared (a new ``function`` each
    time); against the same parse + compile floor as the conversions above."""
    x = np.ones(3)
    first = cold(lambda: autograph.function(_small_function)(x), clear_converter_caches, repeat=REPEAT)
    converting = cold(lambda: autograph.convert(_small_function), clear_converter_caches, repeat=REPEAT)
    floor = cold(lambda: _parse_and_compile(_small_function), lambda: None, repeat=REPEAT)
    return [row("first call of autograph.function, small function (convert + trace + run)", first, floor),
            row("  of which the conversion", converting, floor)]


def nest(depth: int) -> str:
    """A loop-and-if nest ``depth`` deep (alternately a ``for`` and an ``if``), with a statement at each
    level: the source of ``def nested(xs, n)``. Its compiled size shows whether conversion is linear."""
    lines = ["def nested(xs, n):", "    total = 0"]
    indent = "    "
    for level in range(depth):
        if level % 2 == 0:
            lines.append(f"{indent}for i{level} in range(n):")
        else:
            lines.append(f"{indent}if i{level - 1} % 2 == {level % 4 // 2}:")
        indent += "    "
        lines.append(f"{indent}total += {level}")
    lines.append("    return total")
    return "\n".join(lines) + "\n"


def compiled_size(depth: int) -> tuple[int, int]:
    """(non-blank lines of the whole compiled function, non-blank lines of the original) for ``nest(depth)``."""
    import linecache

    source = nest(depth)
    filename = f"<nest-{depth}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {}
    exec(compile(source, filename, "exec"), namespace)
    compiled = autograph.to_code(namespace["nested"], compiled=True)
    return (sum(1 for line in compiled.splitlines() if line.strip()),
            sum(1 for line in source.splitlines() if line.strip()))


def run() -> tuple[list[Row], list[str]]:
    corpus = load_corpus()
    jax_imported = _import_jax()
    cold_times, floor_times, cached_times, remade_times = _conversion_times(corpus)
    lines = {}
    for case in corpus.CASES:
        generated, original = autograph.converted_lines(corpus.underlying(case.fn))
        lines[case.name] = generated / original
    # Each converted function chooses its form per call (autograph/forms.py): as written outside any
    # trace, the converted form inside one (here a graph trace that stages nothing: converted_form()).
    ratios, skipped = _run_ratios(corpus)
    event_rows = _event_rows()
    with converted_form():
        converted_ratios, _ = _run_ratios(corpus)
        converted_event_rows = _event_rows()
    size, original_size = compiled_size(10)

    n = len(corpus.CASES)
    cold_median = median(list(cold_times.values()))
    floor_median = median(list(floor_times.values()))
    worst_lines = max(lines, key=lines.get)
    slowest = max(cold_times, key=cold_times.get)
    worst_ratio = max(floor_times, key=lambda name: cold_times[name] / floor_times[name])
    run_median = median([r for r, _, _ in ratios.values()])
    run_geomean = geomean([r for r, _, _ in ratios.values()])
    eager = "JAX imported" if jax_imported else "JAX not installed"
    rows = [
        row(f"cold conversion, median of {n} functions", cold_median, floor_median, target="≤ 2x the floor",
            limit=2),
        *_design_floor_rows(corpus, floor_times),
        row(f"cold conversion, slowest ({slowest})", cold_times[slowest], floor_times.get(slowest)),
        row(f"cold conversion, largest ratio to its floor ({worst_ratio})", cold_times[worst_ratio],
            floor_times[worst_ratio], target="≤ 20x", limit=20),
        row("cached conversion, median", median(list(cached_times.values())),
            target="≤ 5 µs (TF 5 µs)", limit=5e-6, on="ours"),
        row("  converted again after the converted function went, median", median(list(remade_times.values()))),
        Row("to_code lines ÷ original, median", f"{median(list(lines.values())):.2f}", target="≤ 2.0 (TF 4.8)",
            ok=median(list(lines.values())) <= 2.0),
        Row(f"to_code lines ÷ original, max ({worst_lines})", f"{lines[worst_lines]:.2f}", target="≤ 4 (TF 10.6)",
            ok=lines[worst_lines] <= 4),
        Row("compiled lines ÷ original, loop-and-if nest of depth 10", f"{size} / {original_size}",
            ratio=fmt_ratio(size / original_size), target="≤ 6x", ok=size / original_size <= 6),
        Row(f"run time converted ÷ original, geomean of {len(ratios)}: eager calls ({eager})", "—",
            ratio=fmt_ratio(run_geomean), target="≤ 1.05x (TF 175x)", ok=run_geomean <= 1.05),
        Row("run time converted ÷ original, median (eager calls)", "—", ratio=fmt_ratio(run_median)),
        *_sized_rows(ratios),
    ]
    worst = sorted(ratios.items(), key=lambda item: -item[1][0])[:5]
    rows += [row(f"  worst run time: {name}", ours, base) for name, (_, ours, base) in worst]
    rows += _choice_rows(ratios)
    rows += event_rows
    converted_geomean = geomean([r for r, _, _ in converted_ratios.values()])
    rows += [Row(f"run time converted ÷ original, geomean of {len(converted_ratios)}: the converted form on plain "
                 "values (inside a trace)", "—", ratio=fmt_ratio(converted_geomean), target="≤ 4x",
                 ok=converted_geomean <= 4),
             Row("run time converted ÷ original, median (the converted form)", "—",
                 ratio=fmt_ratio(median([r for r, _, _ in converted_ratios.values()])))]
    worst = sorted(converted_ratios.items(), key=lambda item: -item[1][0])[:5]
    rows += [row(f"  worst run time, converted form: {name}", ours, base) for name, (_, ours, base) in worst]
    rows += [Row("converted form: " + r.figure.lstrip(), r.ours, r.baseline, r.ratio, r.target, r.ok)
             for r in converted_event_rows]
    rows += _first_call_rows()
    notes = [
        f"cold: min of {REPEAT} conversions per function, converter caches cleared before each; baseline: "
        f"inspect.getsource + dedent + ast.parse + compile of the same source ({len(floor_times)} of {n}; "
        f"not compilable alone: {', '.join(sorted(set(cold_times) - set(floor_times))) or 'none'})",
        "run time: each case's first input, converted vs original timed in alternation (min of batches); "
        "cases that raise or change their arguments are skipped. Eager calls run the function as written "
        "after the per-call choice (`ag__.tracing()`); the converted form is timed inside a graph trace that "
        "stages nothing (autograph.testing.converted_form), where converted functions run it on plain values",
        f"per event: loops of {EVENTS} iterations converted vs original in alternation; an event's cost is "
        "its loop's extra time per iteration less the bare loop's (the loop_body call)",
        "compiled lines: non-blank lines of to_code(f, compiled=True) (the per-call choice, the converted "
        "form and the function as written) over the original's, for benchmarks.conversion.nest(10)",
        "skipped: " + (", ".join(f"{name} ({why})" for name, why in skipped.items()) or "none"),
    ]
    return rows, notes


def _import_jax() -> bool:
    """Import JAX (if installed) first: the eager figure is the one with JAX imported, where the
    per-call choice also asks JAX's trace state."""
    try:
        import jax  # noqa: F401
    except ImportError:
        return False
    return True
