"""`make demo`: what autograph does for you, in five steps, on the functions of the tutorials.

1. your code next to the code autograph makes of it (``autograph.to_code``);
2. what a graph cannot do, and the error that says so;
3. the graph a tensor-dependent ``if`` becomes: as text, and as a picture when Graphviz is installed;
4. eager NumPy and the graph agree;
5. how long each takes, and which way the ratio goes.

It needs only NumPy and this package; with JAX installed, step 5 also times the graph on XLA.
"""

from __future__ import annotations

import inspect
import shutil
import sys
import tempfile
import timeit
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

import tutorial  # noqa: E402

import autograph  # noqa: E402


def heading(number: int, text: str) -> None:
    print(f"\n{number}. {text}\n" + "-" * (len(text) + 3))


def side_by_side(left: str, right: str, titles: tuple[str, str]) -> None:
    lefts, rights = left.rstrip().splitlines(), right.rstrip().splitlines()
    width = max(len(line) for line in lefts + [titles[0]]) + 4
    rows = [titles, ("", "")] + [(lefts[i] if i < len(lefts) else "", rights[i] if i < len(rights) else "")
                                 for i in range(max(len(lefts), len(rights)))]
    for a, b in rows:
        print(f"  {a:{width}}| {b}".rstrip())


def show_conversion() -> None:
    heading(1, "Your code, and the code autograph makes of it")
    fn = tutorial.my_function
    side_by_side(inspect.getsource(fn), autograph.to_code(fn), ("your code", "autograph.to_code(my_function)"))
    converted = autograph.convert(fn)
    for x in (np.array([1, 2]), np.array([-4, 1])):
        print(f"  my_function({x}) = {fn(x)}; converted, on the same NumPy array: {converted(x)}")
    print("  On NumPy values the converted code runs as plain Python: same results, same errors.")


def positive_part(x):
    if np.sum(x) > 0:
        y = x * 2
    return y  # noqa: F821  (eagerly this fails only for a negative sum; a graph must know y in both branches)


def show_staging_error() -> None:
    heading(2, "What a graph cannot do says so, with your file and line")
    try:
        autograph.function(positive_part)(np.array([1.0, 2.0]))
    except autograph.StagingError as error:
        print(f"  autograph.StagingError: {error}")


def show_graph() -> Path | None:
    heading(3, "A tensor `if` becomes one cond node of the graph")
    staged = autograph.function(tutorial.my_function)
    staged(np.array([1, 2]))  # traces once for int64[2], then runs the graph
    graph = staged.concrete_functions[0].graph
    print(graph)
    from runtime.graph.printing import to_svg

    svg = to_svg(graph) if shutil.which("dot") else None
    if svg is None:
        print("  (Install Graphviz, e.g. apt-get install graphviz, to get this graph as a picture too.)")
        return None
    picture = Path(tempfile.gettempdir()) / "autograph-demo-my_function.svg"
    picture.write_text(svg)
    print(f"  The same graph as a picture (Graphviz): {picture}")
    return picture


def show_results() -> None:
    heading(4, "Eager NumPy and the graph agree")
    for fn, calls in [(tutorial.my_function, [np.array([1, 2]), np.array([-4, 1])]),
                      (tutorial.g, [np.array([1, -2]), np.array([1, 2])]),
                      (tutorial.cube, [np.array([1.0, 2.0])])]:
        staged = autograph.function(fn)
        for x in calls:
            eager, graph = fn(x), staged(x)
            same = eager.dtype == graph.dtype and np.array_equal(eager, graph)
            print(f"  {fn.__name__}({x}): eager {eager}, graph {graph}: {'same' if same else 'DIFFERENT'}")
            if not same:
                raise SystemExit(f"{fn.__name__}: the graph disagrees with eager NumPy")
    print("  autograph.testing checks this on inputs Hypothesis draws (docs/getting_started.md).")


def power(x, y):
    result = np.eye(10, dtype=np.int32)
    for _ in range(y):
        result = np.matmul(x, result)
    return result


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def train(x, y, w, n):
    for _ in range(n):
        error = x @ w - y
        w = w - 0.1 * x.T @ error / len(y)
    return w


def per_call_ms(runs: dict, args: tuple) -> dict:
    """The best time per call of each way to run, measured in turns (so a busy moment hurts them alike)."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(3):
        for label, fn in runs.items():
            best[label] = min(best[label], timeit.timeit(lambda fn=fn: fn(*args), number=10) / 10 * 1e3)
    return best


def ratio_words(ratio: float) -> str:
    ratio = round(ratio, 2)  # the words follow the figure printed
    return "faster" if ratio < 0.95 else "slower" if ratio > 1.05 else "about as fast"


def show_timings() -> None:
    heading(5, "Time per call: the graph over eager NumPy (below 1 means the graph is faster)")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 5))
    workloads = [
        ("power(x, 100): 100 int32 10x10 matmuls", power, (rng.integers(-1, 2, (10, 10)).astype(np.int32), 100)),
        ("halve: while np.sum(x) > 1: x = x / 2", halve, (np.ones(1000),)),
        ("linear regression, 1001 steps", train, (x, x @ np.arange(5.0), np.zeros(5), np.int64(1001))),
    ]
    executors = {"graph": {}}
    try:
        import jax  # noqa: F401  (optional: pip install 'autograph-numpy[jax]')
        executors["graph on XLA"] = {"executor": "jax"}
    except ImportError:
        print("  (JAX is not installed: pip install 'autograph-numpy[jax]' adds the graph on XLA.)")
    for name, fn, args in workloads:
        runs = {"eager NumPy": fn}
        for label, options in executors.items():
            runs[label] = autograph.function(fn, **options)
            # The first call traces (and on XLA compiles): not what a steady run costs, so it is not timed.
            if not np.allclose(runs[label](*args), fn(*args)):
                raise SystemExit(f"{name}: {label} disagrees with eager NumPy")
        ms = per_call_ms(runs, args)
        eager = ms.pop("eager NumPy")
        parts = [f"{'eager NumPy':13s}{eager:8.3f} ms"] + [
            f"{label:13s}{t:8.3f} ms  {t / eager:5.2f}x eager's time: {ratio_words(t / eager)}"
            for label, t in ms.items()]
        print(f"  {name}\n      " + "\n      ".join(parts))
    print("  (One run on a shared machine: the benchmarks, `make bench`, measure properly.)")


def main() -> None:
    show_conversion()
    show_staging_error()
    show_graph()
    show_results()
    show_timings()


if __name__ == "__main__":
    main()
