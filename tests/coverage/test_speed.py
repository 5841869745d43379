"""The ``--speed`` report's arithmetic and rendering (tests/coverage/speed.py), on fabricated timings: nothing is
timed here (the timing itself runs in ``make coverage``)."""

from __future__ import annotations

import math

import pytest

from tests.coverage import speed
from tests.coverage.speed import Speed

SPEEDS = [
    Speed("a.fast", eager=4e-6, auto=1e-6, numba=2e-6, choice="XLA"),  # 0.25x eager, 0.5x numba
    Speed("a.even", eager=10e-6, auto=10e-6, numba=None, choice="interpreter", copies=True),  # numba does not compile
    Speed("a.slow", eager=1e-6, auto=16e-6, numba=1e-6, choice="interpreter"),  # 16x eager, 16x numba
    Speed("a.broken", choice="numba", error="auto raised after its trial: KeyError: 'x'"),
]


def test_ratios_are_auto_over_the_peer_and_none_where_a_side_is_missing() -> None:
    fast, even, slow, broken = SPEEDS
    assert fast.vs_eager == pytest.approx(0.25) and fast.vs_numba == pytest.approx(0.5)
    assert even.vs_eager == pytest.approx(1.0) and even.vs_numba is None
    assert slow.vs_eager == pytest.approx(16.0)
    assert broken.vs_eager is None and broken.vs_numba is None


def test_geometric_mean() -> None:
    assert speed.geometric_mean([0.25, 16.0]) == pytest.approx(2.0)
    assert speed.geometric_mean([3.0]) == pytest.approx(3.0)
    assert speed.geometric_mean([]) is None


def test_summary_counts_each_ratio_over_its_own_cases() -> None:
    s = speed.summarize(SPEEDS, shown=2)
    assert s.timed == 3  # the failed case has no figure
    assert s.vs_eager == pytest.approx(math.exp((math.log(0.25) + math.log(1.0) + math.log(16.0)) / 3))
    assert s.with_numba == 2  # a.even: numba does not compile it
    assert s.vs_numba == pytest.approx(math.sqrt(0.5 * 16.0))
    assert s.choices == {"interpreter": 2, "XLA": 1}  # what auto chose, over the timed cases
    assert [x.name for x in s.fastest] == ["a.fast", "a.even"]
    assert [x.name for x in s.slowest] == ["a.slow", "a.even"]
    assert [x.name for x in s.failed] == ["a.broken"]


def test_markdown_report_lists_every_case_and_the_summary() -> None:
    lines = speed.report(SPEEDS, markdown=True, show_all=True, seconds=12.0, numba=None)
    text = "\n".join(lines)
    assert "| `a.fast` | 4 µs | 1 µs (XLA) | 0.25x | 2 µs | 0.50x |" in lines
    assert "| `a.even` | 10 µs | 10 µs (interpreter, copies) | 1.00x | — | — |" in lines
    assert "| `a.broken` | | | auto raised after its trial: KeyError: 'x' | | |" in lines
    assert f"| auto ÷ eager NumPy, geometric mean | {speed.geometric_mean([0.25, 1.0, 16.0]):.2f}x over 3 cases |" \
        in lines
    assert "| auto ÷ numba.njit, geometric mean | 2.83x over 2 cases numba.njit compiles |" in lines
    assert "| auto chose | interpreter 2, XLA 1 |" in lines
    assert "| not timed (listed with the reason) | 1 |" in lines
    assert "`a.fast` 0.25x" in text and "12 s" in text


def test_report_without_the_listing_shows_failures_and_says_why_numba_is_absent() -> None:
    lines = speed.report(SPEEDS, markdown=False, show_all=False, seconds=1.0, numba="--no-numba")
    assert not any("a.fast" in line and "eager" in line and line.startswith("speed") for line in lines)
    assert any(line.startswith("speed a.broken") and "KeyError" in line for line in lines)
    assert "  auto ÷ numba.njit, geometric mean: — (--no-numba)" in lines


def test_markdown_escapes_a_pipe_in_an_error() -> None:
    lines = speed.report([Speed("b", error="ValueError: a | b")], markdown=True, show_all=False, seconds=0.0,
                         numba=None)
    assert "| `b` | | | ValueError: a \\| b | | |" in lines


def test_writes_into_arguments_sees_a_write_and_not_a_read() -> None:
    import numpy as np

    def scale(x: np.ndarray) -> None:
        x *= 2

    def total(x: np.ndarray) -> float:
        return float(x.sum())

    x = np.arange(3.0)
    assert speed.writes_into_arguments(scale, (x,))
    assert not speed.writes_into_arguments(total, (x,))
    assert x.tolist() == [0.0, 1.0, 2.0]  # the check runs on a copy
