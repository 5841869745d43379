"""In a real Jupyter kernel with ``%autoreload 2``: a module's file edited between cells, the ``autograph.function``
a notebook made of one of its functions gives the edited code's answer (autograph/function.py
``_follow_the_function``, autograph/trace_guards.py). IPython's autoreload assigns the edited function's
``__code__`` and ``__defaults__`` to the function object the notebook holds; until stop 86 the Function's graph kept
the old code's answer, and converting the reloaded function was refused (linecache held the old text)."""

from __future__ import annotations

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _source(body: str) -> str:
    return "import numpy as np\n\n\n" + body


def _cells(directory: pathlib.Path) -> dict:
    model = directory / "edited_in_the_notebook.py"
    write = ("import os, pathlib\n"
             "def write(text):\n"
             f"    path = pathlib.Path({str(model)!r})\n"
             "    old = path.stat().st_mtime if path.exists() else 0\n"
             "    path.write_text(text)\n"
             "    os.utime(path, (old + 2, old + 2))  # (autoreload compares modification times)\n")
    first = _source("def predict(x, k=2.0):\n    return x * k\n")
    edited_code = _source("def predict(x, k=2.0):\n    if np.sum(x) > 0:\n        return x * 7.0\n    return x * k\n")
    edited_default = _source("def predict(x, k=5.0):\n    if np.sum(x) > 0:\n        return x * 7.0\n"
                             "    return x * k\n")
    return {
        "load": "%load_ext autoreload\n%autoreload 2",
        "setup": (f"import sys\nsys.path.insert(0, {str(directory)!r})\n{write}write({first!r})\n"
                  "import numpy as np\nimport autograph\nimport edited_in_the_notebook as model\n"
                  "f = autograph.function(model.predict)\nprint(f(np.ones(2)).tolist())"),
        "edit_code": f"write({edited_code!r})",
        "after_code": "print(f(np.ones(2)).tolist(), f(-np.ones(2)).tolist(), model.predict(-np.ones(2)).tolist())",
        "edit_default": f"write({edited_default!r})",
        "after_default": "f(-np.ones(2))",
        "again": "print(f(-np.ones(2)).tolist(), model.predict(-np.ones(2)).tolist())",
    }


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict:
    cells = _cells(tmp_path_factory.mktemp("autoreload"))
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in cells.values()])
    client = nbclient.NotebookClient(notebook, kernel_name="python3", allow_errors=True, timeout=120)
    client.execute(cwd=str(ROOT))
    return dict(zip(cells, (cell.outputs for cell in notebook.cells)))


def _printed(outputs: list) -> str:
    assert all(o.output_type != "error" for o in outputs), outputs
    return "".join(o.text for o in outputs if o.output_type == "stream")


def test_the_edited_code_runs(outputs):
    assert _printed(outputs["setup"]).strip() == "[2.0, 2.0]"
    assert _printed(outputs["after_code"]).strip() == "[7.0, 7.0] [-2.0, -2.0] [-2.0, -2.0]"


def test_an_edited_default_is_refused_once_then_bound_as_eagerly(outputs):
    errors = [o for o in outputs["after_default"] if o.output_type == "error"]
    assert errors and errors[0].ename == "StaleTraceError", outputs["after_default"]
    assert "call it again" in errors[0].evalue
    assert _printed(outputs["again"]).strip() == "[-5.0, -5.0] [-5.0, -5.0]"
