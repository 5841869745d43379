"""``make transparency`` in small, for ``make test``: three small standard-library suites, converted.

CPython's own tests of textwrap, colorsys and shlex run four times, each in a fresh process (as the
full harness runs them): as they are, and with every function and method of the module replaced by
``autograph.convert(f)``, called outside a trace (as written), in the converted form with no trace
(``--general``) and in the converted form inside a graph trace of ours (``--trace graph``); with JAX
installed, a fifth time inside a JAX trace (``--trace jax``: the converted form, chosen by JAX's probe).
Every test that passes unconverted must pass converted, on every path. The full run
(337 suites, docs/fidelity.md) is ``make transparency``; it is not collected here.
"""

from __future__ import annotations

import importlib.util

import pytest

from . import harness

SMOKE = ("textwrap", "colorsys", "shlex")
TIMEOUT = 120.0  # seconds per run; each takes about one


@pytest.mark.parametrize("name", SMOKE)
def test_every_test_that_passes_unconverted_passes_converted(name: str, tmp_path) -> None:
    (suite,) = [s for s in harness.STDLIB_SUITES if s.name == name]
    unconverted = harness.run_suite(suite, False, tmp_path, TIMEOUT)
    converted = harness.run_suite(suite, True, tmp_path, TIMEOUT)
    general = harness.run_suite(suite, True, tmp_path, TIMEOUT, general=True)
    in_our_trace = harness.run_suite(suite, True, tmp_path, TIMEOUT, general=True, trace="graph")
    runs = [("as written", converted), ("converted form", general), ("converted form, our trace", in_our_trace)]
    if importlib.util.find_spec("jax") is not None:
        runs.append(("converted form, JAX trace", harness.run_suite(suite, True, tmp_path, TIMEOUT, general=True,
                                                                    trace="jax")))
    for run in (unconverted, *(run for _, run in runs)):
        assert run.seconds is not None, f"the run did not finish (timed out: {run.timed_out}); see {run.log}"
    assert unconverted.passed(), "the unconverted suite passed no test: the harness is broken"
    result = harness.Result(suite, unconverted, converted, general)
    for tier, run in runs:
        assert run.kinds()["converted"] > 0, f"nothing of {name} was converted ({tier}): {run.records}"
        broken = result.regressions(run)
        assert broken == [], f"{tier}:\n" + "\n".join(f"{test}: {outcome}: {message}"
                                                      for test, outcome, message in broken)
