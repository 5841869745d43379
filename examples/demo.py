"""`make demo`: what autograph does for you, in five steps, on the functions of the tutorials.

1. your code next to the code autograph makes of it (``autograph.to_code``);
2. what a graph cannot do, and the error that says so;
3. the graph a tensor-dependent ``if`` becomes: as text, and as a picture when Graphviz is installed;
4. eager NumPy and the graph agree;
5. how long each takes, and which way the ratio goes;
6. plain Python control flow (a loop with ``break``) under ``jax.jit`` and ``jax.grad``, beside the
   hand-written ``lax`` code it replaces, and how fast each runs.

It needs only NumPy and this package; with JAX installed, step 5 also times the graph on XLA and
step 6 runs (without it, step 6 says how to install it; ``AUTOGRAPH_DEMO_NO_JAX=1`` acts as if JAX
were not installed). Longer tours, not run here: ``python examples/demo_graph.py`` (tracing and
retracing) and ``python examples/demo_jax.py`` (every executor on two programs).
"""

from __future__ import annotations

import inspect
import os
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
    lines, first = inspect.getsourcelines(positive_part)
    for number, line in enumerate(lines, first):
        print(f"  {number:4d} | {line.rstrip()}")
    try:
        autograph.function(positive_part)(np.array([1.0, 2.0]))
    except autograph.StagingError as error:
        print(f"  autograph.StagingError: {error}")


# One sentence per op kind the demo's graph shows, printed under it the first time a kind appears.
OP_LEGEND = {
    "sum": "adds up the elements (np.sum), here over all axes.",
    "constant": "a value known while tracing, stored in the graph.",
    "gt": "elementwise x > y, a bool.",
    "lt": "elementwise x < y, a bool.",
    "cond": "runs true_graph or false_graph on its operands, as the bool first operand says: your `if`.",
    "while_loop": "runs body_graph while cond_graph says so, carrying the loop variables: your loop.",
    "mul": "elementwise product (x * y).",
    "add": "elementwise sum (x + y).",
    "sub": "elementwise difference (x - y).",
    "neg": "elementwise negation (-x).",
    "floordiv": "elementwise floor division (x // y), as NumPy does it.",
    "truediv": "elementwise division (x / y).",
    "matmul": "matrix product (x @ y).",
}


def op_kinds(graph) -> list[str]:
    """The ops of ``graph`` and its subgraphs, in the order the text form prints them."""
    kinds: list[str] = []
    for node in graph.nodes:
        kinds.append(node.op)
        for attr in node.attrs.values():
            if hasattr(attr, "nodes"):
                kinds.extend(op_kinds(attr))
    return list(dict.fromkeys(kinds))


def show_graph() -> Path | None:
    heading(3, "A tensor `if` becomes one cond node of the graph")
    staged = autograph.function(tutorial.my_function)
    staged(np.array([1, 2]))  # traces once for int64[2], then runs the graph
    graph = staged.concrete_functions[0].graph
    print(graph)
    print("  Each line is `outputs:type = op[attrs] inputs`; values are named a, b, ... afresh in each subgraph.")
    for kind in op_kinds(graph):
        print(f"    {kind:9s} {OP_LEGEND.get(kind, 'see docs/ir.md.')}")
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
    if jax_or_none() is not None:
        executors["graph on XLA"] = {"executor": "jax"}
    else:
        print(f"  (JAX is not installed: {INSTALL_JAX} adds the graph on XLA.)")
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


INSTALL_JAX = "pip install '.[jax]' in a checkout of autograph (there is no PyPI release)"


def jax_or_none():
    """JAX, or None when it is not installed (or AUTOGRAPH_DEMO_NO_JAX=1 says to act as if)."""
    if os.environ.get("AUTOGRAPH_DEMO_NO_JAX"):
        return None
    try:
        import jax
    except ImportError:
        return None
    return jax


def grow(x):
    """A loop with `break`, as you write it."""
    for _ in range(50):
        if x > 100.0:
            break
        x = x * 1.5 + 1.0
    return x


def grow_lax(x):
    """grow by hand: `break` is a carried flag."""
    import jax.numpy as jnp
    from jax import lax

    def step(carry, _):
        x, done = carry
        done = done | (x > 100.0)
        return (jnp.where(done, x, x * 1.5 + 1.0), done), None

    (x, _), _ = lax.scan(step, (x, False), None, length=50)
    return x


def show_jax() -> None:
    heading(6, "Plain Python control flow under jax.jit and jax.grad")
    jax = jax_or_none()
    if jax is None:
        print(f"  JAX is not installed, so this step is skipped: {INSTALL_JAX}, then run make demo again.")
        return
    side_by_side(inspect.getsource(grow), inspect.getsource(grow_lax),
                 ("your code: jax.jit(autograph.to_graph(grow))", "the same by hand, with lax"))
    ours, theirs = jax.jit(autograph.to_graph(grow)), jax.jit(grow_lax)
    d_ours, d_theirs = jax.jit(jax.grad(autograph.to_graph(grow))), jax.jit(jax.grad(grow_lax))
    for x in (2.0, 150.0):
        eager, a, b = grow(x), float(ours(x)), float(theirs(x))
        da, db = float(d_ours(x)), float(d_theirs(x))
        print(f"  grow({x}): eager Python {eager:.4f}, jit {a:.4f}, lax {b:.4f}; "
              f"grad: ours {da:.4f}, lax {db:.4f}")
        if not (np.isclose(eager, a, rtol=1e-5) and np.isclose(a, b) and np.isclose(da, db)):
            raise SystemExit("grow: jax.jit of the converted code disagrees")
    x = jax.numpy.float32(2.0)
    runs = {"ours (jit)": lambda: ours(x).block_until_ready(), "lax (jit)": lambda: theirs(x).block_until_ready()}
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(3):  # in turns, so a busy moment hurts both alike
        for label, run in runs.items():
            best[label] = min(best[label], timeit.timeit(run, number=200) / 200 * 1e6)
    ratio = best["ours (jit)"] / best["lax (jit)"]
    print(f"  time per call: ours {best['ours (jit)']:.1f} us, hand-written lax {best['lax (jit)']:.1f} us: "
          f"{ratio:.2f}x lax's time ({ratio_words(ratio)})")


def main() -> None:
    show_conversion()
    show_staging_error()
    show_graph()
    show_results()
    show_timings()
    show_jax()


if __name__ == "__main__":
    main()
