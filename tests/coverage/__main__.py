"""``python -m tests.coverage [--executor numpy|jax|both] [--filter substr] [--markdown] [--no-numba] [--speed]``.

Stages every function of the external NumPy corpus (``corpus_*.py``) with ``autograph.function``,
compares it with eager NumPy on two inputs (the second must reuse the trace), and prints the count
per category and one line per case that does not work. The categories and the rules that assign
them are in harness.py's docstring (and docs/coverage.md). When numba imports, a second table shows
what ``numba.njit`` does with the same cases (``--no-numba`` skips it); otherwise the report says it
was skipped. ``--speed`` then times ``executor="auto"`` against eager NumPy and numba.njit on the cases that
work (speed.py).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time

from tests.coverage import harness, speed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.coverage", description=__doc__.splitlines()[0])
    parser.add_argument("--executor", choices=("numpy", "jax", "both"), default="numpy")
    parser.add_argument("--filter", default="", help="only the cases whose name contains this")
    parser.add_argument("--markdown", action="store_true", help="print the table and the list as Markdown")
    parser.add_argument("--all", action="store_true", help="list working cases too")
    parser.add_argument("--no-numba", action="store_true", help="skip the numba.njit comparison")
    parser.add_argument("--speed", action="store_true",
                        help='time executor="auto" against eager NumPy and numba.njit on the working cases')
    args = parser.parse_args(argv)

    executors = harness.EXECUTORS if args.executor == "both" else (args.executor,)
    cases = [c for c in harness.load_cases() if args.filter in c.name]
    if not cases:
        print(f"no case matches {args.filter!r}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    outcomes = harness.run(cases, executors)
    seconds = time.perf_counter() - start
    print_report(outcomes, cases, executors, args.markdown, args.all)
    version = None if args.no_numba else harness.numba_version()
    numba_outcomes: list[harness.Outcome] = []
    why = "--no-numba" if args.no_numba else "numba does not import (pip install numba)"
    if version is None:
        print(f"\nnumba comparison skipped: {why}")
    else:
        numba_start = time.perf_counter()
        numba_outcomes = [harness.run_numba(o.case, expected) for o, expected in _expected(outcomes)]
        print_numba_report(outcomes, numba_outcomes, executors, version, args.markdown, args.all,
                           time.perf_counter() - numba_start)
    if args.speed:
        speed_start = time.perf_counter()
        speeds = speed.run(outcomes, numba_outcomes, executors)
        lines = speed.report(speeds, args.markdown, args.all, time.perf_counter() - speed_start,
                             None if version is not None else why)
        print("\n".join(lines))
    print(f"\n{len(cases)} cases, {len(executors)} executor(s), {seconds:.1f} s")
    return 1 if any(o.category == harness.INVALID for o in outcomes) else 0


def print_report(outcomes: list[harness.Outcome], cases: list, executors: tuple[str, ...], markdown: bool,
                 show_all: bool = False) -> None:
    counts = {ex: collections.Counter(o.category for o in outcomes if o.executor == ex) for ex in executors}
    categories = list(harness.CATEGORIES)
    if any(c[harness.INVALID] for c in counts.values()):
        categories.append(harness.INVALID)
    total = len(cases)
    if markdown:
        print("| category | " + " | ".join(f"`{ex}` executor" for ex in executors) + " |")
        print("|---|" + "---:|" * len(executors))
        for cat in categories:
            print(f"| {cat} | " + " | ".join(_count(counts[ex][cat], total) for ex in executors) + " |")
        print("| total | " + " | ".join(str(total) for _ in executors) + " |")
    else:
        width = max(len(c) for c in categories) + 2
        print("category".ljust(width) + "".join(f"{ex + ' executor':>22}" for ex in executors))
        for cat in categories:
            print(cat.ljust(width) + "".join(f"{_count(counts[ex][cat], total):>22}" for ex in executors))
        print("total".ljust(width) + "".join(f"{total:>22}" for _ in executors))

    listed = [o for o in outcomes if show_all or o.category != harness.WORKS]
    if not listed:
        return
    print()
    if markdown:
        print("| case | executor | category | error or difference |")
        print("|---|---|---|---|")
        for o in listed:
            detail = o.detail.replace("|", "\\|").replace("\n", " ")
            print(f"| `{o.name}` | {o.executor} | {o.category} | {detail} |")
    else:
        for o in listed:
            where = f"  [{o.where}]" if o.where and o.category == harness.CRASH else ""
            print(f"{o.name:45} {o.executor:6} {o.category:36} {o.detail}{where}")


def _expected(outcomes: list[harness.Outcome]) -> list[tuple[harness.Outcome, list]]:
    """One outcome per valid case, with eager's results for it (recomputed: the run does not keep them)."""
    seen, pairs = set(), []
    for o in outcomes:
        if o.name in seen or o.category == harness.INVALID:
            continue
        seen.add(o.name)
        pairs.append((o, harness._eager(o.case)))
    return pairs


def print_numba_report(outcomes: list[harness.Outcome], numba_outcomes: list[harness.Outcome],
                       executors: tuple[str, ...], version: str, markdown: bool, show_all: bool,
                       seconds: float) -> None:
    total = len(numba_outcomes)
    counts = collections.Counter(o.category for o in numba_outcomes)
    works = {ex: {o.name for o in outcomes if o.executor == ex and o.category == harness.WORKS} for ex in executors}
    staged = set.intersection(*works.values()) if works else set()
    jitted = {o.name for o in numba_outcomes if o.category == harness.WORKS}
    print()
    if markdown:
        print(f"| `numba.njit` ({version}) | cases |")
        print("|---|---:|")
        for cat in harness.NUMBA_CATEGORIES:
            print(f"| {cat} | {_count(counts[cat], total)} |")
        print(f"| total | {total} |")
    else:
        print(f"numba.njit ({version}), the same cases, {seconds:.1f} s")
        for cat in harness.NUMBA_CATEGORIES:
            print(f"  {cat:34}{_count(counts[cat], total):>12}")
    ratio = f"{len(staged) / len(jitted):.1f}x" if jitted else "no numba case works"
    print(f"\nstaged and matching eager on {' and '.join(executors)}: {len(staged)}; numba.njit: {len(jitted)} "
          f"({ratio}); both: {len(staged & jitted)}; numba only: {len(jitted - staged)}")
    listed = [o for o in numba_outcomes if show_all or o.category == harness.WRONG]
    for o in listed:
        print(f"numba {o.name:39} {o.category:20} {o.detail}")


def _count(n: int, total: int) -> str:
    return f"{n} ({100 * n / total:.0f}%)" if total else str(n)


if __name__ == "__main__":
    status = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # XLA may still be compiling, on its own threads, the program of a case whose time limit ran out (pyACA's, whose
    # compiles take minutes on a loaded machine): the interpreter's finalization raced it and the process died of a
    # segmentation fault after the report was printed (exit 139). Nothing is left to clean up: leave at once.
    os._exit(status)
