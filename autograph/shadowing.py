"""Check that ``import runtime`` finds this project's runtime, not a user's ``runtime.py``.

The import names ``autograph`` and ``runtime`` are fixed; a file ``runtime.py`` (or a folder
``runtime/``) next to a user's script comes first on ``sys.path`` and would shadow ours, which
otherwise shows up later as an obscure ``AttributeError`` (``module 'runtime' has no attribute
'set_converter'``).
"""

from __future__ import annotations

import os

import runtime

_OURS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "runtime")


def _where(module: object) -> tuple[list[str], str]:
    """The paths the imported ``runtime`` comes from (its file, or a namespace package's folders), and how
    to name them in a message."""
    file = getattr(module, "__file__", None)
    if file:
        return [os.path.abspath(file)], f"'{os.path.abspath(file)}'"
    folders = [os.path.abspath(p) for p in getattr(module, "__path__", [])]
    return folders, " and ".join(f"the folder '{f}{os.sep}' (it has no __init__.py)" for f in folders) or repr(module)


_PATHS, _SHOWN = _where(runtime)

if not hasattr(runtime, "set_converter") or not all(p.startswith(os.path.join(_OURS, "")) for p in _PATHS or [""]):
    raise ImportError(
        f"{_SHOWN} is imported as `runtime` and shadows autograph's own runtime package ({_OURS}). "
        "autograph needs the import name `runtime` for itself: rename that file (or folder) of yours, "
        "e.g. to my_runtime, and update your imports of it (Python puts the folder of the script you run "
        "first on sys.path, so a runtime.py next to it wins).", name="runtime", path=_PATHS[0] if _PATHS else None)
