"""In a real Jupyter kernel (nbclient + ipykernel, as a notebook runs): tracebacks through converted
code show the user's own lines, staging and run-time errors name the cell as IPython does
(``Cell In[3], line 4``), the library's frames are hidden, and results display richly.

One notebook runs once for the module (a kernel takes a second or two to start); each test reads
the outputs of its cells. An in-process IPython shell would not do: the bug this guards against
(frames inside generated loop and branch bodies showing the wrong source line) appeared only in a
kernel, whose cell files are not on disk, so IPython formats their frames on its "fast path"
(``inspect.getsourcelines`` indexed by ``co_firstlineno``); see autograph/loading.py.
"""

from __future__ import annotations

import pathlib
import re
import sys

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = pathlib.Path(__file__).resolve().parents[2]

CELLS = {
    "imports": "import numpy as np\nimport autograph",
    # In[2]: a function whose error is raised inside a loop body and an if body.
    "define": ("def total_positive(xs):\n"
               "    total = 0.0\n"
               "    for x in xs:\n"
               "        if x < 0:\n"
               "            raise ValueError('negative: ' + str(x))\n"
               "        total += x\n"
               "    return total"),
    "raise_in_bodies": "autograph.convert(total_positive)([1.0, -2.0])",
    # In[4]: a staging error (a variable assigned in one branch only).
    "define_staged": ("@autograph.function\n"
                      "def one_branch(x):\n"
                      "    if np.sum(x) > 0:\n"
                      "        y = x + 1\n"
                      "    return y"),
    "staging_error": "one_branch(np.ones(3))",
    # In[6]: an error while the graph runs.
    "define_pick": ("@autograph.function\n"
                    "def pick(x, i):\n"
                    "    return x[i] * 2.0"),
    "run_time_error": "pick(np.ones(3), np.int64(7))",
    "to_code": "autograph.to_code(total_positive)",
    "function_display": "pick",
    # In[10]..: a function converted in the kernel runs as written outside a trace, and its converted form
    # (compiled from the cell's own lines, with the cell's name) inside one: one code object, both forms.
    "define_sign": ("def sign(x):\n"
                    "    if np.sum(x) > 0:\n"
                    "        return x\n"
                    "    return -x"),
    "plain_tier": ("g = autograph.convert(sign)\n"
                   "print(g(np.ones(2)).tolist(), g.__code__ is autograph.api._conversion(sign).code,\n"
                   "      g.__code__.co_filename == sign.__code__.co_filename)"),
    "after_a_trace": ("print(autograph.function(lambda x: g(x))(-np.ones(2)).tolist(),\n"
                      "      g.__code__ is autograph.api._conversion(sign).code)"),
    # In[13]: the user's raise in a staged branch, a check in the graph that fails when the graph runs.
    "define_checked": ("@autograph.function\n"
                       "def capped(x):\n"
                       "    if np.sum(x) > 5:\n"
                       "        raise ValueError('too big')\n"
                       "    return x"),
    "staged_raise": "capped(np.ones(8))",
    # In[15]: a conversion error (a generator) names the cell as IPython's traceback does.
    "define_generator": "def numbers(n):\n    yield from range(n)",
    "conversion_error": "autograph.convert(numbers)",
}


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


@pytest.fixture(scope="module")
def outputs() -> dict:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in CELLS.values()])
    client = nbclient.NotebookClient(notebook, kernel_name="python3", allow_errors=True, timeout=120)
    client.execute(cwd=str(ROOT))
    return dict(zip(CELLS, (cell.outputs for cell in notebook.cells)))


def _traceback(outputs: list) -> str:
    errors = [o for o in outputs if o.output_type == "error"]
    assert errors, f"the cell raised nothing: {outputs}"
    return "\n".join(_plain(line) for line in errors[0].traceback)


def _frames(traceback: str) -> list[tuple[str, str]]:
    """(header, the line marked with the arrow) for every frame IPython printed."""
    frames = []
    for block in re.split(r"\n(?=Cell In\[|File )", traceback):
        header = block.splitlines()[0]
        arrow = [line for line in block.splitlines() if re.match(r"-+> ?\d+", line)]
        if header.startswith(("Cell In[", "File ")):
            frames.append((header, arrow[0] if arrow else ""))
    return frames


def test_every_frame_in_loop_and_branch_bodies_shows_the_users_line(outputs):
    traceback = _traceback(outputs["raise_in_bodies"])
    source = CELLS["define"].splitlines()
    cell_frames = [(h, a) for h, a in _frames(traceback) if h.startswith("Cell In[2]")]
    # The function's own frame, at the raise: the loop body and the if block run in place (their
    # iterable and test are plain), as in the original. The frame marks the line it names.
    assert [re.search(r"line (\d+)", h).group(1) for h, _ in cell_frames] == ["5"], traceback
    for header, arrow in cell_frames:
        line = int(re.search(r"line (\d+)", header).group(1))
        number, text = re.match(r"-+> ?(\d+)\s?(.*)", arrow).groups()
        assert int(number) == line and text.strip() == source[line - 1].strip(), (header, arrow, traceback)
    assert "ValueError: negative: -2.0" in traceback


def test_staging_error_names_the_cell_and_hides_library_frames(outputs):
    traceback = _traceback(outputs["staging_error"])
    assert "StagingError: Cell In[4], line 3: 'y' is assigned in the if branch" in traceback, traceback
    assert "ipykernel_" not in traceback.split("StagingError:")[1]  # no temporary file path in the message
    # Below the trace's entry, only the user's frames: none of runtime/operators.py, control_flow.py, ...
    below = traceback.split("Cell In[4]", 1)[1]
    assert "runtime/" not in below and "autograph/" not in below, traceback
    if sys.version_info >= (3, 11):  # a note says how to see them (3.10 has no notes)
        assert "AUTOGRAPH_TRACEBACK_FILTERING=off" in traceback


def test_run_time_error_names_the_cell_line(outputs):
    traceback = _traceback(outputs["run_time_error"])
    if sys.version_info >= (3, 11):
        assert "IndexError: index 7 is out of bounds for axis 0 with size 3" in traceback
        assert "by the `getitem` traced at Cell In[6], line 3" in traceback, traceback
    else:  # no notes: the cell and line go before NumPy's message
        assert "IndexError: Cell In[6], line 3: index 7 is out of bounds for axis 0 with size 3" in traceback, traceback


def test_to_code_displays_highlighted_and_function_displays_its_graph(outputs):
    (result,) = [o for o in outputs["to_code"] if o.output_type == "execute_result"]
    assert "def total_positive(xs):" in result.data["text/plain"]
    assert "<span" in result.data["text/html"] and "ag__" in result.data["text/html"]
    assert result.data["text/markdown"].startswith("```python\ndef total_positive(xs):")
    (shown,) = [o for o in outputs["function_display"] if o.output_type == "execute_result"]
    page = shown.data["text/html"]
    assert "autograph.Function" in page and "pick(x, i)" in page and "1 trace" in page
    assert "<svg" in page or "{ lambda" in page  # the picture with Graphviz, else the text form


def test_a_function_converted_in_a_cell_runs_as_written_and_its_converted_form_in_a_trace(outputs):
    def printed(name: str) -> str:
        return "".join(o.text for o in outputs[name] if o.output_type == "stream")
    assert printed("plain_tier") == "[1.0, 1.0] True True\n", outputs["plain_tier"]
    assert printed("after_a_trace") == "[1.0, 1.0] True\n", outputs["after_a_trace"]


def test_a_staged_raise_names_the_cell_line(outputs):
    traceback = _traceback(outputs["staged_raise"])
    assert "ValueError: too big" in traceback, traceback
    if sys.version_info >= (3, 11):  # the note (3.10 has none)
        assert "(checked by the graph; staged at Cell In[13], line 4)" in traceback, traceback


def test_a_conversion_error_names_the_cell_line(outputs):
    traceback = _traceback(outputs["conversion_error"])
    assert "UnsupportedSyntaxError: Cell In[15], line 1, in numbers: numbers is a generator" in traceback, traceback
