"""What every staging backend shares: one error type, the user's location, the converter's names.

    raise staging_error(f"{describe('retval_')} is float32 in the if branch but int32 ...")
    # StagingError: model.py:12: the return value is float32 in the if branch but int32 ...

Errors point at the innermost frame of the user's program: converted code is compiled with the
user's file name and line numbers, so a frame of a generated closure is the user's own line.
"""

from __future__ import annotations

import os
import re
import sys
import sysconfig
from typing import Any

import numpy as np

from runtime.limits import Limitation, NotStageable  # noqa: F401  (NotStageable: staging's API too)
from runtime.undefined import CONVERTED_CODES, Undefined


class StagingError(ValueError, Limitation):
    """A program Python could run but a graph (or JAX) cannot hold: types that differ between
    branches or iterations, a variable defined on one path only, and the like."""


# The names the converter gives to the variables behind `return` (autograph's return converter).
_RETURN_VALUE = re.compile(r"retval_\d*$")
_RETURN_FLAG = re.compile(r"do_return\w*$")


def is_return_value(name: str) -> bool:
    return bool(_RETURN_VALUE.match(name))


def is_return_flag(name: str) -> bool:
    return bool(_RETURN_FLAG.match(name))


def has_no_value(name: str, value: Any) -> bool:
    """A carried variable the program has not set yet: an ``Undefined``, or a return value still at
    the ``None`` the converter starts it at (it binds ``retval_ = None`` when every read of it is
    certainly preceded by a return)."""
    return isinstance(value, Undefined) or (value is None and is_return_value(name))


def describe(name: str, path: str = "") -> str:
    """'y', 'y[0]', the return value, or a description given as ``<...>``: users never see `retval_`."""
    if name.startswith("<"):
        return name[1:-1] + path
    if is_return_value(name):
        return "the return value" + (f" (item {path})" if path else "")
    return f"'{name}{path}'"


def _machinery_dirs() -> tuple[str, ...]:
    """Directories whose frames are machinery, not the user's program (JAX's only once imported)."""
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = [here, os.path.join(os.path.dirname(here), "autograph"), os.path.dirname(np.__file__),
            sysconfig.get_paths()["stdlib"]]
    for module in ("jax", "jaxlib"):
        if getattr(sys.modules.get(module), "__file__", None):
            dirs.append(os.path.dirname(os.path.abspath(sys.modules[module].__file__)))
    return tuple(os.path.join(d, "") for d in dirs)


def user_frame() -> Any:
    """The innermost frame that belongs to the user's program, or None."""
    skipped = _machinery_dirs()
    frame = sys._getframe(1)
    while frame is not None:
        if not os.path.abspath(frame.f_code.co_filename).startswith(skipped):
            return frame
        frame = frame.f_back
    return None


def user_location() -> str:
    """``file:line`` of the innermost frame that belongs to the user's program."""
    frame = user_frame()
    return "<unknown>" if frame is None else f"{frame.f_code.co_filename}:{frame.f_lineno}"


def in_converted_code() -> bool:
    """Whether the user's innermost frame runs code the converter produced."""
    frame = user_frame()
    return frame is not None and frame.f_code in CONVERTED_CODES


def staging_error(message: str) -> StagingError:
    return StagingError(f"{user_location()}: {message}")
