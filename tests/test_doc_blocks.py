"""Every ```python block of README.md and docs/*.md runs, so the docs cannot promise code that fails.

The blocks of one page run in order, in one namespace (a later block uses the names an earlier one
made), with a temporary directory as the current directory. They run from a real file: autograph
converts a function from its source, which ``inspect.getsource`` reads from the file its code names. So
each page's blocks are written to ``<tmp>/docblocks_<page>.py``, every block at its line of the page (a
traceback's line number is the page's), and each block is compiled from that file and run in that
module's namespace.

The convention for writing docs: a ```python block runs, unless it is one of these.

* A doctest (its first line starts with ``>>>``): tests/test_readme.py runs those, comparing their
  output, in a namespace of their own (so a plain block does not see a doctest's names).
* A listing of converted code: it calls ``ag__.``, the runtime that converted code calls, which is
  not defined outside it. A listing is what ``autograph.to_code`` prints, so it is checked instead: it
  must be ``to_code(f)`` or ``to_code(f, compiled=True)`` (its comments left out) of the function or
  lambda that the last block run before it defined last (``def f`` or ``f = lambda``).
* A block right after the HTML comment ``<!-- not run: <why> -->`` (on the line before the opening
  fence; the reason is required): an excerpt of someone else's code, pseudo-code, a listing that is
  not ``to_code``'s output, an example that fails on purpose. Prefer making the block runnable: add
  the imports and the definitions it needs.
* A block right after ``<!-- python < 3.12 -->`` or ``<!-- python >= 3.12 -->`` runs (or is checked) on those
  Pythons only: a listing of what the converter writes for one Python where CPython's own code differs
  (``a and b or not a`` asks ``bool(a)`` once up to 3.11 and twice from 3.12 on, and the converted form does too).

A block that needs JAX (it names ``jax``, or the "jax" / "xla" executors), and every later block of
its page, is skipped where no JAX this package supports is installed (Python 3.10).
"""

from __future__ import annotations

import ast
import difflib
import pathlib
import re
import sys
import textwrap
import traceback
import types
from dataclasses import dataclass
from typing import Any, Optional

import pytest

from tests.helpers import jax_usable

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")
NOT_RUN = re.compile(r"^\s*<!--\s*not run:\s*(?P<reason>\S.*?)\s*-->\s*$")
FOR_PYTHON = re.compile(r"^\s*<!--\s*python\s*(?P<op><|>=)\s*(?P<major>\d+)\.(?P<minor>\d+)\s*-->\s*$")
NEEDS_JAX = re.compile(r"""["'](xla|jax)["']|\bjax\b|export_stablehlo""")
DOCTEST, LISTING = "a doctest: tests/test_readme.py runs it", "a listing of converted code"


@dataclass
class Block:
    page: pathlib.Path
    line: int  # the page's line of the block's first line of code (1-based)
    source: str  # dedented to the fence's indentation
    skip: str  # why it does not run (DOCTEST, LISTING, "not run: ..."), or "" when it runs

    def __str__(self) -> str:
        page = self.page.relative_to(ROOT) if ROOT in self.page.parents else self.page.name
        return f"{page}:{self.line}"


def blocks(page: pathlib.Path) -> list[Block]:
    """The ```python blocks of a page, in order, each with why it does not run (or "")."""
    lines = page.read_text().splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = len(opening["indent"]), opening["fence"], opening["info"]
        start = i + 1
        i = start
        while i < len(lines) and not re.match(rf"^ *{re.escape(fence)}\s*$", lines[i]):
            i += 1
        if info.lower() in ("python", "py", "python3"):
            body = [line[indent:] if not line[:indent].strip() else line for line in lines[start:i]]
            source = textwrap.dedent("\n".join(body))
            previous = next((lines[k] for k in range(start - 2, -1, -1) if lines[k].strip()), "")
            marked = NOT_RUN.match(previous)
            first = next((line.strip() for line in body if line.strip()), "")
            skip = (f"not run: {marked['reason']}" if marked else DOCTEST if first.startswith(">>>")
                    else LISTING if "ag__." in source else "")
            for_python = FOR_PYTHON.match(previous)
            if for_python and (sys.version_info[:2] >= (int(for_python["major"]), int(for_python["minor"]))) == (
                    for_python["op"] == "<"):
                skip = f"for Python {for_python['op']} {for_python['major']}.{for_python['minor']}"
            found.append(Block(page, start + 1, source, skip))
        i += 1
    return found


def _module_for(page: pathlib.Path, runnable: list[Block], directory: pathlib.Path) -> types.ModuleType:
    """A module backed by a file that holds each block at its line of the page."""
    name = "docblocks_" + re.sub(r"\W", "_", page.stem)
    lines = [""] * len(page.read_text().splitlines())
    for block in runnable:
        for k, text in enumerate(block.source.splitlines()):
            lines[block.line - 1 + k] = text
    path = directory / f"{name}.py"
    path.write_text("\n".join(lines) + "\n")
    module = types.ModuleType(name)
    module.__file__ = str(path)
    return module


def _defined_last(block: Block) -> Optional[str]:
    """The name of the last function (``def f``, ``f = lambda``) a block defines at its top level."""
    name = None
    for node in ast.parse(block.source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = node.name
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
    return name


def _listing_mismatch(listing: Block, function: Any) -> Optional[str]:
    """None if the listing is what ``to_code`` prints for ``function``, else a diff against the nearer form."""
    import autograph

    shown = [re.sub(r"\s+#.*$", "", line).rstrip() for line in listing.source.strip().splitlines()]
    forms = [autograph.to_code(function, compiled=compiled).strip().splitlines() for compiled in (False, True)]
    forms = [[line.rstrip() for line in form] for form in forms]
    if sys.version_info < (3, 11):  # (3.10's ast.unparse spells some things otherwise, `lambda :`, `(i, x) = itr`:
        forms = [_respelled(form) for form in forms]  # the page is 3.11's; both are compared as 3.10 spells them)
        shown = _respelled(shown)
    if shown in forms:
        return None
    nearer = max(forms, key=lambda form: difflib.SequenceMatcher(None, shown, form).ratio())
    return "\n".join(difflib.unified_diff(shown, nearer, "the page", "autograph.to_code", lineterm=""))


def _respelled(lines: list) -> list:
    """``lines`` of code as this Python's ``ast.unparse`` writes them (as they are, if they do not parse alone)."""
    try:
        return ast.unparse(ast.parse("\n".join(lines))).splitlines()
    except SyntaxError:
        return lines


def _run(block: Block, module: types.ModuleType) -> Optional[str]:
    """Run one block in the page's module; None, or the traceback from the block's own line on."""
    padded = "\n" * (block.line - 1) + block.source
    try:
        # dont_inherit: the block is compiled as a file of its own would be, without this module's
        # `from __future__ import annotations`.
        exec(compile(padded, module.__file__, "exec", dont_inherit=True), module.__dict__)
    except Exception as error:
        return "".join(traceback.format_exception(type(error), error, error.__traceback__.tb_next))
    return None


def check_page(page: pathlib.Path, directory: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a page's blocks and check its listings (module docstring); ``pytest.fail`` at the first failure."""
    found = blocks(page)
    if not any(not b.skip or b.skip == LISTING for b in found):
        pytest.skip(f"no ```python block to run or check among {len(found)} (doctests, or marked not run)"
                    if found else "no ```python block")
    if not jax_usable():
        first_jax = next((k for k, b in enumerate(found) if not b.skip and NEEDS_JAX.search(b.source)), len(found))
        found = found[:first_jax]
    runnable = [b for b in found if not b.skip]
    monkeypatch.chdir(directory)
    module = _module_for(page, runnable, directory)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    last_run: Optional[Block] = None
    for block in found:
        if not block.skip:
            failure = _run(block, module)
            if failure is not None:
                pytest.fail(f"the ```python block at {block} raised:\n{failure}\n(fix the page; mark the block "
                            "<!-- not run: why --> only if it is not meant to run)", pytrace=False)
            last_run = block
        elif block.skip == LISTING:
            name = last_run and _defined_last(last_run)
            if name is None:
                pytest.fail(f"the listing at {block} follows no block that defines a function: run one that "
                            "does, or mark the listing <!-- not run: why -->", pytrace=False)
            mismatch = _listing_mismatch(block, module.__dict__[name])
            if mismatch is not None:
                pytest.fail(f"the listing at {block} is not autograph.to_code({name}) (defined at {last_run}), "
                            f"nor its compiled=True form:\n{mismatch}", pytrace=False)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_python_blocks_run(page: pathlib.Path, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch):
    check_page(page, tmp_path, monkeypatch)


PAGE = """# A page

```python
import numpy as np
```

- In a list:

  ```python
  def clip(x):
      if x < 0:
          x = 0
      return x
  ```

  ```python
  def clip(x):  # what the converter writes

      def if_body():
          nonlocal x
          x = 0
      ag__.if_stmt(x < 0, if_body, None, ('x',))()
      return x
  ```

```python
>>> clip(-1)
0
```

<!-- not run: pseudo-code -->
```python
for each block: run it
```

<!-- python < 3.0 -->
```python
print "for Python 2"
```

<!-- python >= 3.10 -->
```python
match 1:
    case 1: pass
```

```sh
pip install .
```

```python
assert clip(np.float64(-2.0)) == 0 and not_defined
```
"""


def test_the_reader_tells_each_kind_of_block(tmp_path: pathlib.Path):
    page = tmp_path / "page.md"
    page.write_text(PAGE)
    found = blocks(page)
    assert [(b.line, b.skip) for b in found] == [
        (4, ""), (10, ""), (17, LISTING), (27, DOCTEST), (33, "not run: pseudo-code"), (38, "for Python < 3.0"),
        (43, ""), (52, "")]
    assert found[1].source.startswith("def clip(x):\n    if x < 0:")  # dedented out of the list item
    assert _defined_last(found[1]) == "clip"


def test_a_block_that_fails_and_a_listing_that_is_not_to_code_fail(tmp_path: pathlib.Path,
                                                                   monkeypatch: pytest.MonkeyPatch):
    page = tmp_path / "page.md"
    page.write_text(PAGE)
    with pytest.raises(pytest.fail.Exception, match=r"(?s)page.md:52 raised:.*line 52.*NameError.*not_defined"):
        check_page(page, tmp_path, monkeypatch)  # the listing (at 17) is to_code's: the last block fails
    page.write_text(PAGE.replace("x = 0\n      ag__", "x = 1\n      ag__"))
    wrong = r"(?s)listing at page.md:17 is not .*-        x = 1\n\+        x = 0"
    with pytest.raises(pytest.fail.Exception, match=wrong):
        check_page(page, tmp_path, monkeypatch)
