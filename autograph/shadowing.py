"""Check that ``import runtime`` finds this project's runtime, not a user's ``runtime.py``.

The import names ``autograph`` and ``runtime`` are fixed; a file ``runtime.py`` (or a folder
``runtime/``) next to a user's script comes first on ``sys.path`` and would shadow ours, which
otherwise shows up later as an obscure ``AttributeError``.
"""

from __future__ import annotations

import os

import runtime

_OURS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "runtime")
_FOUND = os.path.abspath(getattr(runtime, "__file__", None) or "<namespace package>")

if not hasattr(runtime, "set_converter") or not _FOUND.startswith(os.path.join(_OURS, "")):
    raise ImportError(
        f"'{_FOUND}' is imported as `runtime` and shadows autograph's own runtime package ({_OURS}). "
        "Rename that file (or folder) of yours, or run from another directory: autograph needs the name "
        "`runtime` for itself.", name="runtime", path=_FOUND)
