"""``sys.exit()`` / ``raise SystemExit`` in a block a graph traces whether or not it runs (a branch of a staged
``if``, a staged loop's body): refused at its line, where tracing used to end the process (found: scikit-dsp-comm's
``time_delay``, whose ``exit`` under an ``if`` on the data killed the coverage run)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import autograph
from runtime.limits import NotStageable
from tests.helpers import line_of


def exits_in_a_branch(d):
    if np.min(d) < 1:
        sys.exit(1)  # exit-in-branch
    return 2 * d


def raises_system_exit(d):
    if np.min(d) < 1:
        raise SystemExit("too small")  # raise-system-exit
    return 2 * d


def exits_in_a_loop(d):
    total = 0.0
    for v in d:
        if v < 1:
            sys.exit(3)  # exit-in-loop
        total += v
    return total


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("fn, mark, code", [(exits_in_a_branch, "exit-in-branch", "1"),
                                            (raises_system_exit, "raise-system-exit", "'too small'"),
                                            (exits_in_a_loop, "exit-in-loop", "3")])
def test_an_exit_in_a_staged_block_is_refused_at_its_line(fn, mark, code, executor):
    assert np.all(fn(np.array([1.5, 2.0])) > 0)  # eager: no exit on these values
    with pytest.raises(NotStageable) as info:
        autograph.function(fn, executor=executor)(np.array([1.5, 2.0]))
    assert str(info.value).startswith(f"{__file__}:{line_of(__file__, mark)}: sys.exit() (SystemExit({code})) in a "
                                      "block a graph traces whether or not it runs")


def test_an_exit_in_the_function_itself_exits_while_tracing_as_eager_code_does():
    def exits(d):
        sys.exit(4)
    with pytest.raises(SystemExit):
        autograph.function(exits)(np.ones(2))
