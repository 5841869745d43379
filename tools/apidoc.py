"""Write docs/api.md, the API reference, from the docstrings of every public name.

    python tools/apidoc.py            # rewrite docs/api.md
    python tools/apidoc.py --check    # exit 1 if docs/api.md is stale or a public object has no docstring

The names: everything in ``autograph.__all__`` (a name added there appears here with no edit),
``autograph.testing.__all__``, and the runtime names users touch (``RUNTIME``). For a class, its
public methods and properties defined in our packages are listed too, and so are its public instance
attributes (``self.name = ...`` in its body, which no class dictionary holds), which the page must
describe: ``--check`` fails for one that the class docstring does not name as ````name```` and that is
not a parameter of the class (whose signature the page shows).
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import sys
import textwrap
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "docs" / "api.md"

# Runtime names users meet in the docs (the rest of runtime/ is what converted code calls).
RUNTIME = {
    "runtime.graph": ["Graph", "trace", "run", "unroll_limit"],
    "runtime.jax": ["static_loops", "cheap_selects", "UnrolledLoopWarning"],
}

HEADER = """# API reference

Generated from the docstrings by `python tools/apidoc.py` (do not edit by hand; a test fails when this
page is stale). For a guided start see [getting_started.md](getting_started.md); every page is listed in
[index.md](index.md).
"""


def sections() -> list[tuple[str, list[str]]]:
    """(module, public names) in the order the page shows them."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    autograph = importlib.import_module("autograph")
    testing = importlib.import_module("autograph.testing")
    def order(name: str) -> tuple:
        return name.startswith("_"), name.lower()  # __version__ last
    return [("autograph", sorted(autograph.__all__, key=order)),
            ("autograph.testing", sorted(testing.__all__, key=order)),
            *[(module, names) for module, names in RUNTIME.items()]]


class _Raw(str):
    """An annotation shown as written: ``from __future__ import annotations`` keeps them as strings, which
    ``inspect`` would print in quotes."""

    def __repr__(self) -> str:
        return str(self)


def _raw(annotation: Any) -> Any:
    return _Raw(annotation) if isinstance(annotation, str) else annotation


def _signature(obj: Any) -> str:
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return ""
    parameters = [p.replace(annotation=_raw(p.annotation)) for p in signature.parameters.values()]
    return str(signature.replace(parameters=parameters, return_annotation=_raw(signature.return_annotation)))


def _is_constant(obj: Any) -> bool:
    """A value such as ``__version__`` or a tuple of names: it has no docstring of its own to show."""
    return not callable(obj) and not inspect.ismodule(obj)


def _kind(obj: Any) -> str:
    if inspect.isclass(obj):
        return "warning" if issubclass(obj, Warning) else "exception" if issubclass(obj, BaseException) else "class"
    return "function" if callable(obj) else "constant"


def members(cls: type) -> Iterator[tuple[str, Any]]:
    """A class's public methods and properties, as defined in its own body (not inherited ones)."""
    for name, value in vars(cls).items():
        if name.startswith("_") or isinstance(cls, enum.EnumMeta):
            continue
        if isinstance(value, (classmethod, staticmethod)):
            yield name, value.__func__
        elif isinstance(value, property) or inspect.isfunction(value):
            yield name, value


def attributes(cls: type) -> list[str]:
    """A class's public instance attributes, as its own body assigns them (``self.name = ...`` in any of its
    methods), in the order of their first assignment; not the names its body defines (methods, properties),
    nor a dataclass's fields (its signature shows those)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return []
    skip = set(vars(cls)) | set(getattr(cls, "__dataclass_fields__", ()))
    found: list[str] = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            for leaf in ast.walk(target):
                if (isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name) and leaf.value.id == "self"
                        and not leaf.attr.startswith("_") and leaf.attr not in skip and leaf.attr not in found):
                    found.append(leaf.attr)
    return found


def documented_objects() -> Iterator[tuple[str, Any]]:
    """(dotted name, object) for everything the page documents, members included."""
    seen: set[int] = set()
    for module_name, names in sections():
        module = importlib.import_module(module_name)
        for name in names:
            obj = getattr(module, name)
            if id(obj) in seen or _is_constant(obj):
                continue
            seen.add(id(obj))
            yield f"{module_name}.{name}", obj
            if inspect.isclass(obj):
                for member_name, member in members(obj):
                    yield f"{module_name}.{name}.{member_name}", member


def _has_docstring(obj: Any) -> bool:
    doc = (obj.__doc__ or "").strip()
    # A dataclass without a docstring gets its signature as one, "Graph(inputs: ...)": that does not count.
    return bool(doc) and not (inspect.isclass(obj) and doc.startswith(f"{obj.__name__}("))


def undocumented() -> list[str]:
    """The dotted names of documented objects whose docstring is missing, empty or made up by ``dataclass``,
    and of instance attributes that their class's docstring does not name (as ````name````)."""
    missing = []
    for name, obj in documented_objects():
        if not _has_docstring(obj):
            missing.append(name)
        if inspect.isclass(obj):
            missing += [f"{name}.{attribute} (an attribute: name it in the class docstring)"
                        for attribute in attributes(obj) if not _describes(obj, attribute)]
    return missing


def _describes(cls: type, attribute: str) -> bool:
    """Whether the page says what an instance attribute is: the class docstring names it (````name````),
    or it holds the argument of the class's parameter of that name, which the signature shows."""
    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        parameters = {}
    return f"``{attribute}``" in (cls.__doc__ or "") or attribute in parameters


def _docstring(obj: Any) -> str:
    return inspect.cleandoc(obj.__doc__ or "(no docstring)")


def render() -> str:
    lines = [HEADER]
    seen: dict[int, str] = {}
    for module_name, names in sections():
        module = importlib.import_module(module_name)
        summary = inspect.cleandoc(module.__doc__ or "").split("\n\n")[0]
        lines += [f"## `{module_name}`", "", summary, ""]
        for name in names:
            obj = getattr(module, name)
            dotted = f"{module_name}.{name}"
            if _is_constant(obj):
                lines += [f"### `{dotted}`", "", f"The constant `{obj!r}`.", ""]
                continue
            if id(obj) in seen:
                lines += [f"### `{dotted}`", "", f"The same object as `{seen[id(obj)]}`, above.", ""]
                continue
            seen[id(obj)] = dotted
            signature = _signature(obj) if callable(obj) else ""
            lines += [f"### `{dotted}{signature}`", "", f"*{_kind(obj)}*", "", _docstring(obj), ""]
            if inspect.isclass(obj) and attributes(obj):
                listed = ", ".join(f"`{name}.{attribute}`" for attribute in attributes(obj))
                lines += [f"Instance attributes: {listed}.", ""]
            if inspect.isclass(obj):
                for member_name, member in members(obj):
                    if isinstance(member, property):
                        head = f"#### `{name}.{member_name}` *(property)*"
                    else:
                        head = f"#### `{name}.{member_name}{_signature(member)}`"
                    lines += [head, "", _docstring(member), ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    missing = undocumented()
    if missing:
        print("these public objects have no docstring:\n  " + "\n  ".join(missing), file=sys.stderr)
    text = render()
    if "--check" in argv:
        stale = not OUTPUT.exists() or OUTPUT.read_text() != text
        if stale:
            print(f"{OUTPUT} is stale: run python tools/apidoc.py", file=sys.stderr)
        return 1 if stale or missing else 0
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
