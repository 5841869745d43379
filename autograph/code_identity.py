"""Whether two code objects are the same code, nested code objects included.

    same_code(compile(...), conversion.code)    # to_code: does converting again give what runs?

``==`` on code objects compares the code objects among their constants by identity and leaves out
the qualname; this compares every field that shows in behaviour, tracebacks and frames.
"""

from __future__ import annotations

import types


def same_code(first: types.CodeType, second: types.CodeType) -> bool:
    """Whether two code objects are the same code: instructions, names, constants, positions, line
    and exception tables, and the same of the code objects among their constants (``==`` on code
    compares nested code objects by identity, and leaves out the qualname)."""
    if any(getattr(first, name) != getattr(second, name) for name in _CODE_FIELDS):
        return False
    if len(first.co_consts) != len(second.co_consts):
        return False
    for one, other in zip(first.co_consts, second.co_consts):
        if isinstance(one, types.CodeType):
            if not (isinstance(other, types.CodeType) and same_code(one, other)):
                return False
        elif type(one) is not type(other) or (one != other and repr(one) != repr(other)):  # (repr: a NaN)
            return False
    return True


_CODE_FIELDS = tuple(name for name in (
    "co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_flags", "co_code", "co_names", "co_varnames",
    "co_freevars", "co_cellvars", "co_filename", "co_name", "co_qualname", "co_firstlineno", "co_linetable",
    "co_exceptiontable") if hasattr(same_code.__code__, name))
