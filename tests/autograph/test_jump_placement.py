"""Where the code after a jump goes: ``if`` statements nested in ``if`` statements, each branch
returning, breaking, continuing or falling through, with code after them at every level.

The return, break and continue lowerings move the code after an ``if`` that may jump into the branch
that does not (jumps.py ``_lift``), through ``elif`` chains and nested ``if`` statements. A lift once
put the code after an outer ``if`` into a branch it had already filled (param 2.4.2's
``_validate_bounds`` shape), so the converted form returned ``x`` where Python returned ``2``::

    if x is not None:
        if x < 0: return 0
        if x > 2: return 2
    else:
        return None
    return x

Hypothesis writes programs that are mostly such nests (the broad program fuzzer,
test_random_programs.py, draws them too rarely to have found it): conditions a backend could stage
(``a > 1``) and ones that stay Python ``if`` statements (``isinstance``, ``is None``), returns,
``break`` and ``continue`` in loops, a log of what ran. Each runs as written and in the converted
form, on a grid of inputs, and must agree: result, exception, log. The same programs staged over
NumPy integers must give what they give eagerly, or refuse (never another answer).
``AUTOGRAPH_JUMP_EXAMPLES`` sets how many programs (default 300; ``make fuzz`` runs 3000).
"""

from __future__ import annotations

import itertools
import os
import pathlib

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, composite

import autograph
from autograph.testing import converted_form
from runtime.limits import Limitation
from runtime.staging import StagingError
from tests import corpus
from tests.autograph import test_random_programs as fuzz

EXAMPLES = int(os.environ.get("AUTOGRAPH_JUMP_EXAMPLES", "300"))
INPUTS = tuple(itertools.product((-1, 0, 2, 5), (0, 3), (1, 4)))
STAGEABLE = ("a > 1", "a < 0", "b == 3", "c > a", "a + b > 2", "x > 3")
PYTHON_ONLY = ("isinstance(a, int) and a > 1", "b is None", "c is not None and c > 2", "a in (0, 5)")


@composite
def programs(draw: DrawFn, staged: bool = False) -> str:
    """The source of ``def f(a, b, c, log):`` (``log`` left out where the program is staged)."""
    tests = STAGEABLE if staged else STAGEABLE + PYTHON_ONLY
    counter = itertools.count()

    def event() -> str:
        return f"x = x + {next(counter) + 1}" if staged else f"log.append({next(counter)})"

    def block(depth: int, loop: bool, indent: str) -> list[str]:
        lines: list[str] = []
        for _ in range(draw(st.integers(1, 3))):
            kinds = ["event", "return"] + (["if", "if", "if"] if depth < 4 else [])
            kinds += (["break", "continue"] if loop else []) + (["for"] if depth < 3 and not staged else [])
            kind = draw(st.sampled_from(kinds))
            if kind == "event":
                lines.append(indent + event())
            elif kind == "return":
                lines.append(indent + f"return {draw(st.sampled_from(['x', 'a', str(next(counter) + 10)]))}")
            elif kind in ("break", "continue"):
                lines.append(indent + kind)
            elif kind == "if":
                lines.append(indent + f"if {draw(st.sampled_from(tests))}:")
                lines += block(depth + 1, loop, indent + "    ")
                if draw(st.booleans()):
                    lines.append(indent + "else:")
                    lines += block(depth + 1, loop, indent + "    ")
            else:
                lines.append(indent + f"for i in range({draw(st.integers(0, 3))}):")
                lines += [indent + "    x = x + i"] + block(depth + 1, True, indent + "    ")
                if draw(st.booleans()):
                    lines.append(indent + "else:")
                    lines += block(depth + 1, loop, indent + "    ")
        return lines

    body = ["    x = a"] + block(1, False, "    ")
    if draw(st.booleans()):
        body.append("    " + event())
    body.append("    return x")
    signature = "def f(a, b, c):" if staged else "def f(a, b, c, log):"
    return "\n".join([signature, *body]) + "\n"


@pytest.fixture
def program_dir(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return tmp_path_factory.mktemp("jumps")


def _agrees(source: str, directory: pathlib.Path) -> None:
    found = fuzz.mismatch(source, directory, INPUTS)
    assert found is None, f"{found[1]}\n\n{source}"


def test_the_param_shape_returns_what_python_returns(program_dir: pathlib.Path) -> None:
    source = ("def f(a, b, c, log):\n    x = a\n    if c is not None:\n        if x < 0:\n            return 0\n"
              "        if x > 2:\n            return 2\n    else:\n        return None\n    return x\n")
    _agrees(source, program_dir)
    program = fuzz.load(source, program_dir)
    try:
        with converted_form():
            assert [autograph.convert(program.fn)(v, 0, 1, []) for v in (-1, 1, 10)] == [0, 1, 2]
    finally:
        fuzz.unload(program)


def test_nested_jumps_of_each_kind_land_where_python_goes(program_dir: pathlib.Path) -> None:
    # The same shape for break and continue (the lowerings share the lift).
    for jump in ("break", "continue"):
        source = (f"def f(a, b, c, log):\n    x = 0\n    for i in range(4):\n        if c is not None:\n"
                  f"            if i == a:\n                {jump}\n            if i > 2:\n                {jump}\n"
                  f"        else:\n            {jump}\n        x = x + 10 * i + 1\n    return x\n")
        _agrees(source, program_dir)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(source=programs())
def test_converted_nests_of_jumps_match_python(program_dir: pathlib.Path, source: str) -> None:
    _agrees(source, program_dir)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(source=programs(staged=True))
def test_staged_nests_of_jumps_match_eager_or_refuse(program_dir: pathlib.Path, source: str) -> None:
    program = fuzz.load(source, program_dir)
    try:
        staged = autograph.function(program.fn)
        for args in INPUTS[::3]:
            values = tuple(np.int64(v) for v in args)
            want = corpus.outcome(program.fn, values)
            try:
                got = staged(*values)
            except (StagingError, Limitation):
                continue  # refused: never another answer
            except Exception as error:  # (an error of the program's own, such as a return of None)
                assert want[0] == "raise", f"f{args}: eager gave {want[1]!r}, the graph raised {error!r}\n\n{source}"
                continue
            assert want[0] == "ok", f"f{args}: eager raised {want[1]!r}, the graph gave {got!r}\n\n{source}"
            assert int(np.asarray(got)) == int(want[1]), f"f{args}: eager {want[1]!r}, graph {got!r}\n\n{source}"
    finally:
        fuzz.unload(program)


def test_the_generated_programs_hold_nests(program_dir: pathlib.Path) -> None:
    # The family is worth its time only if most programs nest an if that may jump inside another.
    nested = 0

    @settings(max_examples=100, deadline=None, derandomize=True, database=None)
    @given(source=programs())
    def count(source: str) -> None:
        nonlocal nested
        compile(source, "<jumps>", "exec")
        lines = source.splitlines()
        nested += any(line.startswith("        if") for line in lines) and any(
            line.strip().startswith(("return", "break", "continue")) and line.startswith("            ")
            for line in lines)

    count()
    assert nested >= 40, nested

