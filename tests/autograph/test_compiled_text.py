"""The last source check (autograph/compiled_text.py): the text, compiled again in a scope like the function's own,
must give the function's code. Texts that differ only where the cheap checks do not look (a string, an operator, a
call's arguments) are refused; texts that are the function's own are not, whatever their scope (methods with
private names, closures, ``super()``, comprehensions, future imports, module imports used as method receivers).

Found by Mako's own tests (docs/fidelity.md): Mako compiles every template of a URI under one module name, so
linecache serves the first template's text for the later ones, and converted code rendered the wrong template."""

from __future__ import annotations

import linecache
import os
import sys
import textwrap
import types

import pytest

import autograph
from autograph import parsing
from autograph.testing import converted_form


class _Loader:  # what Mako's _ModuleSourceLoader does: the module's source from its loader
    def __init__(self, source: str) -> None:
        self.source = source

    def get_source(self, name: str) -> str:
        return self.source


def _compiled_as(source: str, name: str, filename: str) -> types.FunctionType:
    """``name`` from ``source`` compiled under ``filename``, whose text linecache reads from the module's loader."""
    module = types.ModuleType(filename)
    module.__loader__ = _Loader(source)
    exec(compile(source, filename, "exec"), module.__dict__)
    return module.__dict__[name]


@pytest.fixture
def shared_name():
    filename = f"_template_{os.getpid()}_{id(object())}"
    yield filename
    linecache.cache.pop(filename, None)


@pytest.mark.parametrize("first, second, line", [
    ("    out.append('this is index')\n", "    out.append('Hello')\n", 2),          # a string
    ("    out.append(len(out) < 2)\n", "    out.append(len(out) <= 2)\n", 2),     # an operator
    ("    out.append(str(out))\n", "    out.append(str())\n", 2),                 # a call's arguments
    ("    out.append(len(out) and 1)\n", "    out.append(len(out) or 1)\n", 2),    # a jump
])
def test_a_text_that_differs_only_where_the_cheap_checks_do_not_look_is_refused(shared_name, first, second, line):
    head, tail = "def render(out):\n", "    return out\n"
    earlier = _compiled_as(head + first + tail, "render", shared_name)
    assert autograph.convert(earlier)([]) == earlier([])  # linecache now holds the first text
    later = _compiled_as(head + second + tail, "render", shared_name)
    with pytest.raises(autograph.SourceMismatchError,
                       match=rf"is not the function's own: its code differs from what the text compiles to from line "
                             rf"{line} on"):
        autograph.convert(later)


def test_converted_code_calls_a_function_whose_text_is_stale_unconverted(shared_name):
    # Mako's render path: converted library code calls the template's function through ag__.call, which converts
    # it; a refused conversion runs it as it is, which gives its own answer.
    def render(template):
        if template is not None:
            return template([])
        return None

    first = _compiled_as("def body(out):\n    out.append('this is index')\n    return out[0]\n", "body", shared_name)
    second = _compiled_as("def body(out):\n    out.append('Hello')\n    return out[0]\n", "body", shared_name)
    converted = autograph.convert(render)
    for form in (converted_form(trace=False), converted_form()):
        with form:
            assert (converted(first), converted(second)) == ("this is index", "Hello")


def test_a_file_edited_after_import_is_refused(tmp_path, monkeypatch):
    # The edit keeps every name, number and line: only the operator changed.
    path = tmp_path / "edited_module.py"
    path.write_text("def add(a, b):\n    return a + b\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import edited_module

    try:
        assert edited_module.add(2, 1) == 3
        path.write_text("def add(a, b):\n    return a - b\n")
        os.utime(path, (1, 1))  # (another mtime: linecache reads the file again)
        linecache.checkcache(str(path))
        with pytest.raises(autograph.SourceMismatchError, match="from line 2 on"):
            autograph.convert(edited_module.add)
    finally:
        sys.modules.pop("edited_module", None)


_MODULE = '''\
from __future__ import annotations

import sys
import math
from collections import OrderedDict


class _Holder:
    __secret = 3

    def reveal(self, n: int) -> int:
        return self.__secret * math.floor(n) + len(OrderedDict.fromkeys("ab"))

    class Inner:
        def __private(self):
            return 1

        def call(self):
            return self.__private()


class Child(_Holder):
    def reveal(self, n):
        return super().reveal(n) + 1


def outer(k):
    total = 0

    def bump(step, sys=sys):
        nonlocal total
        total += step * k
        return sys._getframe(0).f_code.co_name

    class Local:
        def method(self):
            return k + len(str(self))

    adders = [lambda x, i=i: x + i + k for i in range(2)]
    return bump, Local, adders, (lambda: total)


def with_assert(x):
    """A docstring."""
    assert x > 0, "positive"
    return [y * 2 for y in range(x) if y % 2]
'''


def test_the_functions_own_texts_pass_whatever_their_scope(tmp_path, monkeypatch):
    path = tmp_path / "scoped_module.py"
    path.write_text(_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    import scoped_module as m

    try:
        bump, local, adders, _ = m.outer(2)
        functions = [m._Holder.reveal, m._Holder.Inner.call, m._Holder.Inner._Inner__private, m.Child.reveal,
                     m.outer, bump, local.method, adders[0], m.with_assert]
        for fn in functions:
            node = parsing.parse_function(fn, check=False).node
            assert parsing.compiled_text.differs(fn, node) is None, fn.__qualname__
            autograph.convert(fn)
    finally:
        sys.modules.pop("scoped_module", None)


def test_code_compiled_at_another_optimization_level_is_refused(shared_name):
    # Its code has no assert and no `if __debug__:` block; converted code, compiled at this interpreter's level,
    # would run them.
    source = textwrap.dedent('''\
        def checked(x):
            """Doubles."""
            assert x > 0
            if __debug__:
                x = x + 1
            return 2 * x
        ''')
    module = types.ModuleType(shared_name)
    module.__loader__ = _Loader(source)
    exec(compile(source, shared_name, "exec", optimize=2), module.__dict__)
    assert module.checked(-1) == -2
    # (On 3.13 its code compiled at level 1 is the same as at 2: both are named.)
    with pytest.raises(autograph.SourceMismatchError, match=r"it was compiled at optimization level (1 or )?2 "
                                                            r"\(compile\(\.\.\., optimize=2\)\), and converted code"):
        autograph.convert(module.checked)
