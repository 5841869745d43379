"""A function with no source (``python -c`` before Python 3.13, the interpreter prompt) is traced as written, with
one warning (autograph/no_source.py); run in a real ``python -c`` and at a real prompt (stdin), as a user would."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

PROGRAM = """
import numpy as np, autograph
f = autograph.function(lambda x: x * 2 + 1)
print(f(np.ones(3)).tolist(), f(np.ones(3)).tolist(), f(np.ones(2)).tolist(), f.tracing_count)
def g(x):
    if np.sum(x) > 0:
        return x
    return -x
try:
    autograph.function(g)(np.ones(2))
except TypeError as error:
    print("refused:", str(error).splitlines()[-1])
print("registry written:", "__warningregistry__" in globals())
"""


def _run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "default"}
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True, env=env,
                          cwd=str(ROOT.parent), timeout=120)


def _check(result: subprocess.CompletedProcess, where: str) -> None:
    assert result.returncode == 0, result.stderr
    assert "[3.0, 3.0, 3.0] [3.0, 3.0, 3.0] [3.0, 3.0] 2" in result.stdout, result.stdout
    # Once per function, at the user's line, naming the function and what to do.
    assert result.stderr.count("NoSourceWarning: <lambda> has no source file") == 1, result.stderr
    assert f"{where}:4: NoSourceWarning" in result.stderr, result.stderr
    assert "define it in a file or a notebook cell" in result.stderr
    assert "NoSourceWarning: g has no source file" in result.stderr
    assert "SourceNotFoundError" not in result.stderr + result.stdout
    # Python control flow over a graph value cannot run as written: the error says why and what to do.
    assert "refused: g has no source file" in result.stdout and "define it in a file" in result.stdout
    assert "registry written: False" in result.stdout  # conversion writes nothing into the user's globals


def test_python_dash_c_traces_as_written_and_warns_once():
    result = _run(["-c", PROGRAM])
    if sys.version_info < (3, 13):
        _check(result, "<string>")
        return
    # Python 3.13 keeps a -c program's text (linecache's "<string>"): its functions have a source, and convert.
    assert result.returncode == 0, result.stderr
    assert result.stdout == "[3.0, 3.0, 3.0] [3.0, 3.0, 3.0] [3.0, 3.0] 2\nregistry written: False\n", result.stdout
    assert "NoSourceWarning" not in result.stderr, result.stderr


def test_the_interpreter_prompt_traces_as_written_and_warns_once():
    _check(_run(["-"], stdin=PROGRAM), "<stdin>")


def test_a_function_in_a_file_is_still_converted(tmp_path):
    path = tmp_path / "converted_here.py"
    path.write_text(PROGRAM.replace("autograph.function(g)(np.ones(2))", "print(autograph.function(g)(np.ones(2)))"))
    result = _run([str(path)])
    assert result.returncode == 0, result.stderr
    assert "NoSourceWarning: g" not in result.stderr and "[1. 1.]" in result.stdout


@pytest.mark.untidied_before_311
def test_the_error_shows_no_frame_of_the_library_but_the_compiled_call():
    program = PROGRAM.replace('print("refused:", str(error).splitlines()[-1])',
                              'import traceback; print(traceback.format_exc())')
    result = _run(["-"], stdin=program)  # (at the prompt: Python 3.13 keeps a -c program's text, which converts)
    assert result.returncode == 0, result.stderr
    shown = result.stdout[result.stdout.index("Traceback"):]
    files = [line.split('"')[1] for line in shown.splitlines() if line.strip().startswith('File "')]
    # The user's line only: no frame of the Function's compiled call, autograph/function.py or runtime/, which
    # the note says were hidden.
    assert files == ["<stdin>"], files
    assert "autograph hid 6 of its own frames" in shown  # (the trace runs in a copy of the caller's context)
