"""`make demo` tells its story: it runs, and its key lines are there (with and without Graphviz and JAX)."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "demo.py"

# Run the demo with JAX hidden (as if not installed) and no Graphviz on PATH.
BARE = """
import runpy, sys
class HideJax:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("jax", "jaxlib"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, HideJax())
sys.argv = [sys.argv[1]]
runpy.run_path(sys.argv[0], run_name="__main__")
print("jax imported:", "jax" in sys.modules)
"""


def _run(*command: str, path: str) -> str:
    env = {**os.environ, "PATH": path}
    done = subprocess.run([sys.executable, *command], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_demo_tells_its_story():
    out = _run(str(DEMO), path=os.environ.get("PATH", ""))
    # 1. the original next to the converted code
    assert re.search(r"  your code +\| autograph.to_code\(my_function\)", out)
    assert re.search(r"  def my_function\(x\): +\| def my_function\(x\):", out)
    assert re.search(r"\|     ag__.if_stmt\(np.sum\(x\) > 0, if_body, else_body", out)
    # 2. one staging error, naming the demo's file and line
    assert re.search(r"  +\d+ \| def positive_part\(x\):\n +\d+ \|     if np.sum\(x\) > 0:", out)
    assert re.search(rf"autograph.StagingError: {re.escape(str(DEMO))}:\d+: 'y' is assigned in the if branch but "
                     "not in the else branch of a staged `if`", out)
    # 3. the graph as text, and as a picture when Graphviz is there
    assert "cond[" in out and "true_graph=" in out
    for kind in ("sum", "constant", "gt", "cond", "mul", "neg", "floordiv"):  # each op kind explained once
        assert len(re.findall(rf"^    {kind} +\S.*\.$", out, re.M)) == 1, kind
    picture = re.search(r"The same graph as a picture \(Graphviz\): (\S+\.svg)", out)
    if picture:
        assert "<svg" in pathlib.Path(picture.group(1)).read_text()
    # 4. eager vs graph
    assert "my_function([-4  1]): eager [ 2 -1], graph [ 2 -1]: same" in out and "DIFFERENT" not in out
    # 5. timings that say which way the ratio goes
    ratios = re.findall(r"graph +[\d.]+ ms +([\d.]+)x eager's time: (faster|slower|about as fast)", out)
    assert len(ratios) == 3
    for ratio, words in ratios:
        value = float(ratio)
        assert words == ("faster" if value < 0.95 else "slower" if value > 1.05 else "about as fast")
    # 6. a loop with `break` under jax.jit and jax.grad, beside its hand-written lax twin
    if "JAX is not installed" in out:
        return
    assert re.search(r"  def grow\(x\): +\| def grow_lax\(x\):", out) and "lax.scan(step" in out
    results = re.findall(r"grow\([\d.]+\): eager Python ([\d.]+), jit ([\d.]+), lax ([\d.]+); "
                         r"grad: ours ([\d.]+), lax ([\d.]+)", out)
    assert len(results) == 2
    for eager, jit, lax, d_ours, d_lax in results:
        assert eager == jit == lax and d_ours == d_lax
    assert re.search(r"time per call: ours [\d.]+ us, hand-written lax [\d.]+ us: [\d.]+x lax's time", out)


def test_the_demo_needs_neither_jax_nor_graphviz():
    out = _run("-c", BARE, str(DEMO), path="/nonexistent")
    assert "Install Graphviz, e.g. apt-get install graphviz, to get this graph as a picture too." in out
    install = "pip install '.[jax]' in a checkout of autograph (there is no PyPI release)"
    assert f"JAX is not installed: {install} adds the graph on XLA." in out
    assert f"JAX is not installed, so this step is skipped: {install}, then run make demo again." in out
    assert not re.search(r"graph on XLA +[\d.]+ ms", out)
    assert out.rstrip().endswith("jax imported: False")


def test_the_demo_honours_autograph_demo_no_jax():
    env = {**os.environ, "AUTOGRAPH_DEMO_NO_JAX": "1"}
    done = subprocess.run([sys.executable, str(DEMO)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "JAX is not installed, so this step is skipped: pip install '.[jax]'" in done.stdout
    assert "grow(2.0)" not in done.stdout
