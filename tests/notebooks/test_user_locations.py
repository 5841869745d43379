"""What a user reading an error sees, outside a kernel: generated code objects start where the
user's function starts (the root of the kernel traceback bug), errors and warnings of a running
graph name the user's line, staging errors name notebook cells as IPython does and hide the
library's frames, and converted code and Functions display richly."""

from __future__ import annotations

import inspect
import linecache
import sys
import traceback
import types
import warnings

import numpy as np
import pytest

import autograph
from runtime import staging
from tests.helpers import fake_ipython, notes


def loop_and_branch(xs):
    total = 0.0
    for x in xs:
        if x < 0 or 1 / x > 100:
            raise ValueError("bad " + str(x))
        total += x
    return total


def test_generated_code_objects_start_at_the_users_def_line():
    converted = autograph.convert(loop_and_branch)
    first = loop_and_branch.__code__.co_firstlineno

    def codes(code):
        yield code
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                yield from codes(constant)
    assert {c.co_firstlineno for c in codes(converted.__code__)} == {first}


def staged_branch_raises(x):
    total = x
    for i in range(2):
        if np.sum(x) > i:  # staged: the backend traces this block, a closure with a frame of its own
            total = total + i
            if i == 1:
                total = total + [1, 2][int(np.sum(total))]  # a refusal (a run-time int as a list index), at trace time
    return total


@pytest.mark.parametrize("xs", [pytest.param([1.0, -2.0], id="if body"), pytest.param([1.0, 0.0], id="or thunk"),
                                pytest.param("staged", id="staged if body", marks=pytest.mark.untidied_before_311)])
def test_source_blocks_index_like_ipython_does(xs):
    """IPython's kernel traceback (and pdb's longlist) take ``inspect.getsourcelines(frame)`` and
    index it with ``f_lineno - co_firstlineno``: that must be the line the frame names. On plain
    values the blocks run in the function's frame; a staged block is a closure of its own."""
    with pytest.raises((ValueError, ZeroDivisionError, KeyError, TypeError)) as info:
        if xs == "staged":
            autograph.function(staged_branch_raises)(np.ones(3))
        else:
            autograph.convert(loop_and_branch)(xs)
    frames = [tb for tb in _walk(info.value.__traceback__) if tb.tb_frame.f_code.co_filename == __file__]
    # The test and the function: staged (the converted form: autograph/forms.py), the blocks' entries
    # are folded into the function's as the exception leaves it (ag__.tidy), one entry per original frame.
    assert len(frames) == 2, frames
    for tb in frames[1:]:
        lines, _ = inspect.getsourcelines(tb.tb_frame)
        shown = lines[tb.tb_lineno - tb.tb_frame.f_code.co_firstlineno]
        assert shown == linecache.getline(__file__, tb.tb_lineno)


def _walk(tb):
    while tb is not None:
        yield tb
        tb = tb.tb_next


def test_to_code_is_a_str_that_displays_highlighted(monkeypatch):
    code = autograph.to_code(loop_and_branch)
    assert isinstance(code, str) and code == str(code) and type(code + "#") is str
    assert "def loop_and_branch(xs):" in code and "<span" in code._repr_html_()
    assert code._repr_markdown_() == f"```python\n{code}```\n"
    monkeypatch.setitem(sys.modules, "pygments", None)  # Pygments is optional
    assert code._repr_html_().startswith("<pre>def loop_and_branch(xs):")

    class Printer:
        def text(self, s):
            self.out = s
    printer = Printer()
    code._repr_pretty_(printer, False)
    assert printer.out == str(code)


def test_functions_display_signatures_and_graphs():
    @autograph.function
    def double(x):
        return x * 2

    assert "not traced yet" in double._repr_html_()
    double(np.ones(3))
    page = double._repr_html_()
    assert "double(x)" in page and "x: float64 Tensor, shape=(3,)" in page and "1 trace" in page
    concrete = double.concrete_functions[0]
    assert "double(x)" in concrete._repr_html_()

    class Printer:
        def text(self, s):
            self.out = s
    printer = Printer()
    concrete._repr_pretty_(printer, False)
    assert printer.out.startswith("double(x)\n  Args:") and "{ lambda a:f64[3] ; let" in printer.out


# --- errors and warnings while a graph runs ---------------------------------------------------------

def pick(x, i):
    return x[i] * 2.0


def test_index_error_names_the_users_line():
    with pytest.raises(IndexError, match="index 7 is out of bounds") as info:
        autograph.function(pick)(np.ones(3), np.int64(7))
    line = pick.__code__.co_firstlineno + 1
    if sys.version_info >= (3, 11):
        note, hidden = info.value.__notes__
        assert note == f"(raised while running the graph, by the `getitem` traced at {__file__}:{line})"
        # The library's frames are gone (the interpreter's, the Function call's): the note says where, and the
        # traceback ends at the user's call (issue 29).
        assert "AUTOGRAPH_TRACEBACK_FILTERING=off" in hidden
        assert traceback.extract_tb(info.value.__traceback__)[-1].name == "test_index_error_names_the_users_line"
    else:  # no notes: the line goes before NumPy's message
        assert notes(info.value) == [f"{__file__}:{line}"]


def checked(x):
    assert np.all(x > 0), "x must be positive"
    return x


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11+; on 3.10 the user's "
                    "own message is left exactly as written (docs/limitations.md)")
def test_a_failed_graph_assertion_names_the_users_line_once():
    with pytest.raises(AssertionError, match="x must be positive") as info:
        autograph.function(checked)(-np.ones(2))
    notes = [n for n in info.value.__notes__ if "FILTERING" not in n]
    assert notes == [f"(checked by the graph; staged at {__file__}:{checked.__code__.co_firstlineno + 1})"]


def guarded_log(x):
    y = np.log(x)
    if np.sum(x) > 0:
        y = y + 1.0
    return y


def test_floating_point_errors_and_warnings_name_the_users_line():
    f = autograph.function(guarded_log)
    line = guarded_log.__code__.co_firstlineno + 1
    with warnings.catch_warnings(record=True) as caught:
        assert f(np.array([0.0, 1.0]))[0] == -np.inf
    assert [(w.category, w.filename, w.lineno) for w in caught] == [(RuntimeWarning, __file__, line)]
    assert "divide by zero encountered in log" in str(caught[0].message)
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError, match="divide by zero") as info:
        f(np.array([0.0, 1.0]))
    assert f"{__file__}:{line}" in notes(info.value)[0]


def test_a_warning_the_user_makes_an_error_is_raised_at_the_users_line():
    f = autograph.function(guarded_log)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(RuntimeWarning, match="divide by zero") as info:
            f(np.array([0.0, 2.0]))
    assert __file__ in notes(info.value)[0]


def test_errors_inside_loops_name_the_body_line():
    def walk(x, n):
        i = 0
        while i < n:
            x = x[n + i] + x  # n + i: an index known only at run time
            i += 1
        return x

    with pytest.raises(IndexError) as info:
        autograph.function(walk)(np.ones(3), np.int64(2))
    assert f"{__file__}:{walk.__code__.co_firstlineno + 3}" in notes(info.value)[0]
    # Named once, by the innermost node, not again by the loop around it.
    assert sum(__file__ in note for note in notes(info.value)) == 1
    assert str(info.value).count(__file__) <= 1


# --- staging errors -------------------------------------------------------------------------------------

def one_branch(x):
    if np.sum(x) > 0:
        y = x + 1
    return y


def _library_frames(error: BaseException) -> list[str]:
    files = [frame.filename for frame in traceback.extract_tb(error.__traceback__)]
    first_user = next(i for i, f in enumerate(files) if f == __file__ and i > 0)
    return [f for f in files[first_user:] if f != __file__]


def test_staging_errors_hide_the_library_frames_below_the_users_code(monkeypatch):
    monkeypatch.delenv(staging.FILTERING_VARIABLE, raising=False)
    with pytest.raises(staging.StagingError, match="'y' is assigned in the if branch") as info:
        autograph.function(one_branch)(np.ones(3))
    assert _library_frames(info.value) == []
    if sys.version_info >= (3, 11):  # (3.10 has no notes to say so)
        assert any("set AUTOGRAPH_TRACEBACK_FILTERING=off to see them" in n for n in info.value.__notes__)


def test_filtering_off_keeps_every_frame(monkeypatch):
    monkeypatch.setenv(staging.FILTERING_VARIABLE, "off")
    with pytest.raises(staging.StagingError) as info:
        autograph.function(one_branch)(np.ones(3))
    assert any("runtime/" in f for f in _library_frames(info.value))
    assert not getattr(info.value, "__notes__", None)


def test_api_boundary_hides_the_frames_below_it(monkeypatch):
    monkeypatch.delenv(staging.FILTERING_VARIABLE, raising=False)

    @staging.api_boundary
    def entry(x):
        return autograph.convert(one_branch)(x)

    from runtime.graph import TensorSpec, trace
    with pytest.raises(staging.StagingError) as info:
        trace(entry, [TensorSpec((3,))])
    assert _library_frames(info.value) == []
    assert entry.__wrapped__ is not None and entry.__name__ == "entry"


def test_cells_are_named_as_ipython_names_them(monkeypatch):
    fake = fake_ipython(monkeypatch, {"/tmp/ipykernel_1/123.py": "In[12]"})
    assert staging.format_site("/tmp/ipykernel_1/123.py", 3) == "Cell In[12], line 3"
    assert staging.format_site("model.py", 3) == "model.py:3"
    fake.get_ipython = lambda: None  # IPython imported, no shell running
    assert staging.format_site("/tmp/ipykernel_1/123.py", 3) == "/tmp/ipykernel_1/123.py:3"


_CELL = "/tmp/ipykernel_1/456.py"
_CELL_RAISES = {
    "if": "def f(x):\n    if np.sum(x) > 5:\n        raise ValueError('too big')\n    return x\n",
    "while": ("def f(x):\n    i = 0.0\n    while i < np.sum(x) - 5:\n        raise ValueError('too big')\n"
              "    return x\n"),
}
_RAISE_LINE = {"if": 3, "while": 4}


@pytest.fixture
def cell_named_in_13(monkeypatch):
    """An IPython shell whose compiler names ``_CELL`` ``In[13]``, and ``f`` of a source compiled under that name."""
    fake_ipython(monkeypatch, {_CELL: "In[13]"})

    def load(source):
        linecache.cache[_CELL] = (len(source), None, source.splitlines(True), _CELL)
        namespace = {"np": np}
        exec(compile(source, _CELL, "exec"), namespace)
        return namespace["f"]

    yield load
    linecache.cache.pop(_CELL, None)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11+")
@pytest.mark.parametrize("shape", list(_CELL_RAISES))
def test_a_staged_raise_in_a_cell_names_the_cell(cell_named_in_13, shape):
    """A ``raise`` in a staged block becomes a check; its note names the cell as IPython's tracebacks do (it
    named the kernel's temporary file before stop 67)."""
    f = cell_named_in_13(_CELL_RAISES[shape])
    run = autograph.function(f)
    assert run(np.zeros(2)).tolist() == [0.0, 0.0]
    with pytest.raises(ValueError, match="too big") as info:
        run(np.ones(8))
    assert f"(checked by the graph; staged at Cell In[13], line {_RAISE_LINE[shape]})" in info.value.__notes__


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11+")
@pytest.mark.parametrize("shape", list(_CELL_RAISES))
def test_a_staged_raise_in_a_cell_names_the_cell_on_jax(cell_named_in_13, shape):
    """The same, staged as JAX's ``lax`` control flow (``backend="jax"``): the check JAX runs names the cell."""
    pytest.importorskip("jax")
    f = cell_named_in_13(_CELL_RAISES[shape])
    run = autograph.function(f, backend="jax")
    assert np.asarray(run(np.zeros(2))).tolist() == [0.0, 0.0]
    with pytest.raises(ValueError, match="too big") as info:
        run(np.ones(8))
    assert f"(checked at run time by JAX; staged at Cell In[13], line {_RAISE_LINE[shape]})" in info.value.__notes__


def test_a_conversion_error_in_a_cell_names_the_cell(cell_named_in_13):
    """A ``ConversionError``'s location reads as IPython's traceback line does: ``Cell In[13], line 1, in f``."""
    f = cell_named_in_13("def f(x):\n    yield x\n")
    with pytest.raises(autograph.ConversionError) as info:
        autograph.convert(f)
    assert str(info.value).startswith("Cell In[13], line 1, in f: f is a generator"), str(info.value)
    assert str(autograph.errors.Location("model.py", 3, "f")) == 'File "model.py", line 3, in f'


def test_a_jax_staging_error_in_a_cell_names_the_cell(cell_named_in_13):
    jax = pytest.importorskip("jax")
    from runtime.jax.common import JaxStagingError

    f = cell_named_in_13("def helper(x):\n    if x > 0:\n        return -x\n    return x\n\n"
                         "def f(x):\n    y = x\n    if x > 0:\n        y = helper(x)\n    return y\n")
    f.__globals__["helper"] = autograph.do_not_convert(f.__globals__["helper"])  # (its `if` asks a tracer's truth)
    with pytest.raises(JaxStagingError) as info:
        jax.jit(autograph.to_graph(f))(1.0)
    assert str(info.value).startswith("Cell In[13], line 2: a traced value was used as a Python bool"), str(info.value)
