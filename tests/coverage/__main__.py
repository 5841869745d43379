"""``python -m tests.coverage [--executor numpy|jax|both] [--filter substr] [--markdown]``.

Stages every function of the external NumPy corpus (``corpus_*.py``) with ``autograph.function``,
compares it with eager NumPy on two inputs (the second must reuse the trace), and prints the count
per category and one line per case that does not work. The categories and the rules that assign
them are in harness.py's docstring (and docs/coverage.md).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from tests.coverage import harness


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.coverage", description=__doc__.splitlines()[0])
    parser.add_argument("--executor", choices=("numpy", "jax", "both"), default="numpy")
    parser.add_argument("--filter", default="", help="only the cases whose name contains this")
    parser.add_argument("--markdown", action="store_true", help="print the table and the list as Markdown")
    parser.add_argument("--all", action="store_true", help="list working cases too")
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


def _count(n: int, total: int) -> str:
    return f"{n} ({100 * n / total:.0f}%)" if total else str(n)


if __name__ == "__main__":
    sys.exit(main())
