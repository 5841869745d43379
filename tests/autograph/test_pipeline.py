"""The pipeline is a declared list of named passes: dump after any of them, and a crash names its pass."""

from __future__ import annotations

import pytest

import autograph
from autograph import api, pipeline
from autograph.errors import ConverterBug


def clipped(x, limit):
    if x > limit:
        x = limit
    return x


def test_passes_are_declared_once_with_distinct_names():
    names = [step.name for step in pipeline.PASSES]
    assert len(names) == len(set(names)) and names[0] == "fence" and names[-1] == "hoisting"
    assert names.index("return_statements") < names.index("break_statements") < names.index("control_flow")


def test_dump_after_a_pass_prints_the_tree_then(monkeypatch, capsys):
    monkeypatch.setenv(pipeline.DUMP_VARIABLE, "logical_expressions")
    api._converted(clipped)  # (a fresh conversion: the cache is not asked)
    printed = capsys.readouterr().err
    assert printed.startswith("# autograph: clipped (") and "after logical_expressions" in printed
    assert "if x > limit:" in printed and "ag__.if_stmt" not in printed  # before control_flow ran
    monkeypatch.setenv(pipeline.DUMP_VARIABLE, "control_flow")
    api._converted(clipped)
    assert "ag__.if_stmt" in capsys.readouterr().err


def test_a_pass_that_crashes_is_named_with_the_users_file_and_line(monkeypatch):
    def broken(unit, ctx):
        raise KeyError("boom")

    steps = tuple(pipeline.Pass(s.name, broken, s.when) if s.name == "liveness" else s for s in pipeline.PASSES)
    monkeypatch.setattr(pipeline, "PASSES", steps)
    with pytest.raises(ConverterBug) as info:
        api._converted(clipped)
    message = str(info.value)
    assert "'liveness' pass failed on clipped" in message and f"{__file__}:{clipped.__code__.co_firstlineno}" in message
    assert "KeyError" in message and "do_not_convert" in message
    assert isinstance(info.value.__cause__, KeyError)


def test_a_crash_while_converting_a_callee_warns_and_runs_it_as_written(monkeypatch, caplog):
    def broken(unit, ctx):
        if unit.node.name == "clipped":
            raise KeyError("boom")

    steps = tuple(pipeline.Pass("hoisting", broken) if s.name == "hoisting" else s for s in pipeline.PASSES)
    monkeypatch.setattr(pipeline, "PASSES", steps)

    def calls_clipped(x):
        return clipped(x, 1)

    from autograph.testing import converted_form

    with caplog.at_level("WARNING", logger="autograph"), converted_form():
        assert autograph.convert(calls_clipped)(5) == 1
    assert "'hoisting' pass failed on clipped" in caplog.text
