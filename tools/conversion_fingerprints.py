"""Fingerprints of what the converter makes, to show that a speed change left the output alone.

    python tools/conversion_fingerprints.py dump out.json      # in each checkout (PYTHONPATH=its root)
    python tools/conversion_fingerprints.py diff a.json b.json # exit status 1 and the names if any differ

For every function of ``tests/corpus.py`` and every function and method of a few stdlib modules,
one entry: ``to_code`` and every field of the converted code object, nested code objects included
(bytecode, names, constants, positions, line and exception tables), or the error a refused one
raises. The golden files pin ``to_code`` of a few functions; this pins the code objects too.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import sys
import types
from pathlib import Path
from typing import Any

STDLIB = ("textwrap", "difflib", "configparser", "fractions", "statistics", "shlex", "string", "csv",
          "heapq", "bisect", "calendar", "colorsys", "fnmatch", "glob", "ipaddress", "json.decoder",
          "json.encoder", "argparse", "gettext", "pprint", "reprlib", "tokenize", "ast", "dataclasses",
          "enum", "functools", "inspect", "typing", "email.utils", "urllib.parse", "locale")
_ROOT = str(Path(importlib.import_module("autograph").__file__).resolve().parent.parent)  # the checkout
_FIELDS = ("co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_nlocals", "co_stacksize", "co_flags",
           "co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_filename", "co_name",
           "co_qualname", "co_firstlineno", "co_linetable", "co_exceptiontable")


def code_fingerprint(code: types.CodeType) -> str:
    """Every field of ``code`` and of the code objects among its constants, as one string."""
    parts = [repr(getattr(code, name, None)) for name in _FIELDS]
    parts.append(repr(list(code.co_positions())))
    for const in code.co_consts:
        parts.append(code_fingerprint(const) if isinstance(const, types.CodeType) else _constant(const))
    return "\n".join(parts).replace(_ROOT, "<root>")  # the same file in either checkout


def _constant(value: Any) -> str:
    if isinstance(value, frozenset):  # its repr's order follows the string hashes of this process
        return f"frozenset:{sorted(map(_constant, value))}"
    if isinstance(value, tuple):
        return f"tuple:({', '.join(map(_constant, value))})"
    return f"{type(value).__name__}:{value!r}"


def functions() -> list[tuple[str, Any]]:
    """(a stable name, the function) for the corpus and the stdlib modules."""
    sys.path.insert(0, str(Path(_ROOT) / "tests"))
    import corpus

    found = [(f"corpus:{case.name}", case.fn) for case in corpus.CASES]
    for module_name in STDLIB:
        module = importlib.import_module(module_name)
        for name, value in sorted(vars(module).items()):
            if inspect.isfunction(value) and value.__module__ == module.__name__:
                found.append((f"{module_name}:{name}", value))
            elif inspect.isclass(value) and value.__module__ == module.__name__:
                for attr, member in sorted(vars(value).items()):
                    member = getattr(member, "__func__", member)
                    if inspect.isfunction(member):
                        found.append((f"{module_name}:{name}.{attr}", member))
    return found


def dump(path: str) -> None:
    from autograph import api

    result = {}
    for name, fn in functions():
        try:
            if not isinstance(fn, types.FunctionType):  # a callable object, a partial: its text only
                result[name] = "source:" + api.to_code(fn)
                continue
            # The code first, then to_code: where the conversion keeps no text, that converts again.
            code = api._conversion(fn).general(fn)
            result[name] = "source:" + api.to_code(fn) + "\ncode:" + code_fingerprint(code)
        except Exception as error:  # noqa: BLE001  (a refusal is part of the fingerprint)
            result[name] = f"error:{type(error).__name__}: {error}"
    Path(path).write_text(json.dumps(result, indent=0, sort_keys=True))
    refused = sum(value.startswith("error:") for value in result.values())
    digest = hashlib.sha256(json.dumps(result, sort_keys=True).encode()).hexdigest()[:16]
    print(f"{len(result)} functions ({refused} refused), digest {digest}")


def diff(first: str, second: str) -> int:
    a, b = json.loads(Path(first).read_text()), json.loads(Path(second).read_text())
    differing = sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))
    for name in differing:
        print("differs:", name)
    print(f"{len(a)} / {len(b)} functions, {len(differing)} differ")
    return 1 if differing else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"]:
        dump(sys.argv[2])
    elif sys.argv[1:2] == ["diff"]:
        sys.exit(diff(sys.argv[2], sys.argv[3]))
    else:
        sys.exit(__doc__)
