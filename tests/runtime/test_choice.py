"""The per-call choice (``ag__.tracing()``, runtime/choice.py): per thread, safe under interrupts, no
process-wide switch. A converted function runs as written unless a backend traces on the calling thread."""

from __future__ import annotations

import subprocess
import sys
import threading

import numpy as np
import pytest

import autograph
import runtime
from autograph.testing import converted_form
from tests.helpers import interrupted_at_many_points, jax_usable

ROOT = __file__.rsplit("/tests/", 1)[0]


def report() -> bool:
    """Whether the caller runs its converted form: only that form binds its blocks (``if_body``)."""
    return "if_body" in sys._getframe(1).f_locals


def which_form(x):
    if x:
        x = x + 1
    return report()


@pytest.mark.parametrize("trace", [True, False], ids=["graph trace", "no trace"])
def test_the_choice_is_per_thread_under_many_threads(trace):
    converted = autograph.convert(which_form)
    rounds, threads = 200, 8
    barrier = threading.Barrier(threads)
    wrong: list = []

    def work(inside: bool) -> None:
        for _ in range(rounds):
            barrier.wait()
            if inside:
                with converted_form(trace=trace):
                    got = (runtime.tracing(), converted(1))
            else:
                got = (runtime.tracing(), converted(1))
            if got != (inside, inside):
                wrong.append((inside, got))

    workers = [threading.Thread(target=work, args=(index % 2 == 0,)) for index in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert wrong == []
    assert converted(1) is False and not runtime.tracing()  # (falsy: 0 where JAX may still be imported)


@pytest.mark.skipif(not jax_usable(), reason="JAX is not installed")
def test_jax_traces_in_some_threads_do_not_reach_eager_calls_in_others():
    import jax

    def staged_sign(x):
        if x > 0:
            return x
        return -x

    converted = autograph.convert(staged_sign)
    jitted = jax.jit(lambda x: converted(x))
    barrier = threading.Barrier(4)
    wrong: list = []

    def traced() -> None:
        for value in np.linspace(-2, 2, 40):
            barrier.wait()
            jax.make_jaxpr(converted)(value)  # a new trace each time
            if abs(float(jitted(value)) - abs(value)) > 1e-6:  # (float32 under jit)
                wrong.append(("jit", value))

    def eager() -> None:
        for value in np.linspace(-2, 2, 40):
            barrier.wait()
            if which_converted(1) is not False or converted(float(value)) != abs(value):
                wrong.append(("eager", value))

    which_converted = autograph.convert(which_form)
    workers = [threading.Thread(target=traced) for _ in range(2)] + [threading.Thread(target=eager) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert wrong == []


# An interrupt may land in a garbage-collection callback (JAX's), which Python reports and ignores.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_interrupts_at_many_points_leave_nothing_switched():
    """Ctrl-C anywhere (as a trace starts or ends, in a converted call, in the choice itself) leaves no
    state behind: afterwards this thread is outside any trace and converted functions run as written.
    (A trace runs in a copy of the caller's context: runtime/graph/tracing.py.)"""
    converted = autograph.convert(which_form)

    def staged(x):
        if x > 0:
            x = x - 1
        return x + converted(1)

    def calls(step):
        for _ in range(20):
            autograph.function(staged)(np.float64(2.0))  # a new Function: convert, trace, run
            converted(0)
            with converted_form(trace=False):
                converted(0)

    def check(step):
        assert not runtime.tracing(), f"left inside a trace after interrupt {step}"
        assert converted(1) is False
        assert autograph.function(staged)(np.float64(2.0)) == 2.0

    assert interrupted_at_many_points(300, 60, calls, check) > 100  # the interrupts did land, at many points


def test_functions_converted_before_jax_is_imported_run_under_jit_and_as_written_after(tmp_path):
    if not jax_usable():
        pytest.skip("JAX is not installed")
    _runs_fresh(tmp_path,
        "def sign(x):\n"
        "    if x > 0:\n"
        "        return 1.0\n"
        "    return -1.0\n"
        "f, w = autograph.convert(sign), autograph.convert(which)\n"
        "assert 'jax' not in sys.modules and f(2) == 1.0 and w(1) is False\n"
        "import jax\n"
        "assert float(jax.jit(f)(-3.0)) == -1.0 and float(jax.jit(f)(3.0)) == 1.0\n"
        "assert w(1) is False and runtime.tracing() is False  # eager calls still run as written\n")


def test_a_trace_started_deep_in_the_stack_is_seen_by_the_calls_under_it():
    converted = autograph.convert(which_form)

    def deep(n):
        if n == 0:
            with converted_form():
                return converted(1)
        return deep(n - 1)

    assert deep(sys.getrecursionlimit() // 4) is True
    assert converted(1) is False


def test_a_backend_that_cannot_say_when_it_traces_makes_every_call_take_the_converted_form(tmp_path):
    _runs_fresh(tmp_path,
        "w = autograph.convert(which)\n"
        "assert w(1) is False\n"
        "class Eager(runtime.Backend):  # values that exist outside any trace: the default probe\n"
        "    def owns(self, cls): return False\n"
        "runtime.register(Eager())\n"
        "assert runtime.tracing() is True and w(1) is True\n")


def _runs_fresh(tmp_path, body: str) -> None:
    """Run ``body`` in a fresh interpreter, after a converted-form detector ``which`` is defined."""
    program = tmp_path / "program.py"
    program.write_text(
        "import sys\n"
        f"sys.path.insert(0, {ROOT!r})\n"
        "import autograph, runtime\n"
        "def which(x):\n"
        "    if x:\n"
        "        x = x + 1\n"
        "    return 'if_body' in sys._getframe().f_locals\n" + body + "print('ok')\n")
    result = subprocess.run([sys.executable, str(program)], capture_output=True, text=True, timeout=300)
    assert result.stdout.strip() == "ok", result.stderr


def test_a_program_that_rebinds_len_to_a_converted_function_still_gets_its_answers(tmp_path):
    # The choice asks len(sys.modules) (for lazily registered backends) at the top of every converted call:
    # with builtins.len a converted function, that call made the choice again, without end (RecursionError).
    _runs_fresh(tmp_path,
        "import builtins\n"
        "real_len = builtins.len\n"
        "def my_len(obj):\n"
        "    return real_len(obj)\n"
        "builtins.len = autograph.convert(my_len)\n"
        "try:\n"
        "    got = len('abc')\n"
        "finally:\n"
        "    builtins.len = real_len\n"
        "assert got == 3, got\n")


def test_the_converted_form_of_a_rebound_len_does_not_reenter_the_runtime(tmp_path):
    # The runtime's helpers (and_test, the traceback's tidying, ...) bind len at import: with builtins.len a converted
    # function running its converted form, each of their own len() calls re-entered it, and the errors' handlers
    # again: the run spun instead of answering (CPython's test_functools caches len with lru_cache).
    _runs_fresh(tmp_path,
        "import builtins\n"
        "from autograph.testing import converted_form\n"
        "real_len = builtins.len\n"
        "def with_and(obj):\n"
        "    if obj and True:\n"
        "        return real_len(obj)\n"
        "    return real_len(obj)\n"
        "builtins.len = autograph.convert(with_and)\n"
        "try:\n"
        "    with converted_form():\n"
        "        got = len('abc')\n"
        "finally:\n"
        "    builtins.len = real_len\n"
        "assert got == 3, got\n")


def test_the_choice_costs_one_level_of_recursion_and_no_more(tmp_path):
    # The choice is a call (one frame, at the top of each converted call). Before JAX is registered it also
    # looks whether modules were imported: that look compared two ints with `!=`, and a comparison asks the
    # interpreter's recursion check, so a recursion near the limit failed two levels before the original
    # (CPython's test_tomllib nests its input to the limit it measures). A subtraction asks no check.
    _runs_fresh(tmp_path,
        "def depth(n):\n"
        "    return 0 if n == 0 else 1 + depth(n - 1)\n"
        "def deepest(fn):\n"
        "    sys.setrecursionlimit(150)\n"
        "    try:\n"
        "        for n in range(150):\n"
        "            try:\n"
        "                fn(n)\n"
        "            except RecursionError:\n"
        "                return n - 1\n"
        "    finally:\n"
        "        sys.setrecursionlimit(1000)\n"
        "original = deepest(depth)\n"
        "converted = autograph.convert(depth)\n"
        "depth = converted  # its recursive calls go through the converted function, as a converted module's do\n"
        "assert 'jax' not in sys.modules and runtime.choice._look_for_lazy  # the look for new modules is on\n"
        "reached = deepest(converted)\n"
        "assert reached == original - 1, (original, reached)\n")


def draws(n):
    noise = np.random.normal(size=n)
    zeros = np.zeros(n)
    if n > 1:
        zeros = zeros + 1
    return noise, zeros, report()


def test_with_no_trace_the_converted_form_runs_and_stages_nothing():
    converted = autograph.convert(draws)
    np.random.seed(3)
    want = draws(3)[:2]
    np.random.seed(3)
    with converted_form(trace=False):
        assert runtime.tracing()
        noise, zeros, converted_form_ran = converted(3)
    assert converted_form_ran is True
    assert type(noise) is np.ndarray and type(zeros) is np.ndarray  # drawn now, NumPy's own array
    np.testing.assert_array_equal(noise, want[0])
    np.testing.assert_array_equal(zeros, want[1])
    assert converted(3)[2] is False and not runtime.tracing()
    with converted_form():  # a graph trace: there the draw is staged, as in any graph trace
        noise, _, converted_form_ran = converted(3)
    assert converted_form_ran is True and type(noise) is not np.ndarray


def test_a_trace_started_with_no_trace_is_a_trace_as_anywhere():
    def staged(x):
        if np.sum(x) > 0:
            x = x - 1
        return x

    with converted_form(trace=False):
        function = autograph.function(staged)
        assert function(np.ones(2)).tolist() == [0.0, 0.0]
        assert function(-np.ones(2)).tolist() == [-1.0, -1.0]
        assert autograph.convert(which_form)(1) is True
    assert function.tracing_count == 1


def test_the_no_trace_probe_is_asked_only_once_the_block_is_used(tmp_path):
    # A process that never uses it pays nothing for it at each converted call.
    _runs_fresh(tmp_path,
        "from runtime import choice\n"
        "from autograph.testing import converted_form\n"
        "asked = lambda: any(probe is choice._CONVERTED_FORM_PROBE for probe in choice._probes)\n"
        "w = autograph.convert(which)\n"
        "assert w(1) is False and not asked()\n"
        "with converted_form(trace=False):\n"
        "    assert w(1) is True and asked()\n"
        "with converted_form(trace=False):\n"
        "    assert w(1) is True\n"
        "assert w(1) is False and sum(probe is choice._CONVERTED_FORM_PROBE for probe in choice._probes) == 1\n")


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_the_compiled_probes_keep_their_names_whatever_the_probes_names(tmp_path):
    # A debugger that steps into the choice names it (`<runtime.choice.tracing>(1)tracing()`); the graph's and JAX's
    # probes name their values `current_builder`, `state` and `evaluating`, which must not rename the function.
    _runs_fresh(tmp_path,
        "import jax.numpy as jnp, runtime.backend as backend\n"
        "from runtime import choice\n"
        "w = autograph.convert(which)\n"
        "assert w(jnp.ones(())) is False  # JAX registered\n"
        "assert any('{state}' in probe.expression for probe in choice._probes)\n"
        "assert runtime.tracing.__name__ == 'tracing' and runtime.tracing.__code__.co_filename == "
        "'<runtime.choice.tracing>'\n"
        "assert backend._stagers_tracing.__name__ == 'stagers_tracing' and backend._stagers_tracing() is False\n"
        "import jax\n"
        "seen = []\n"
        "jax.make_jaxpr(lambda x: seen.append(backend._stagers_tracing()) or x)(1.0)\n"
        "assert seen == [True]\n")
