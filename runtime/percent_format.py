"""``"..." % values`` where a value is a staged one and the template asks for its digits: ``ag__.percent``.

Before (pytransform3d's rotation check, under an ``if`` on a tensor)::

    if R_det < 0.0:
        raise ValueError("... which should be 1 but is %g" % R_det)

After (what the converter writes: a template that is a string constant with a numeric conversion)::

    ag__.percent("... which should be 1 but is %g", R_det)

On plain values it is ``template % values``, the same call with the same result and errors. Python's ``%g``
asks the value for ``float()``, which a graph tensor cannot answer while tracing (its value exists only when
the graph runs). When ``template % values`` fails on a backend's value, each conversion is made in turn as
Python makes it: plain values by Python's own ``%``, a staged 0-d number by ``format(value, spec)`` with the
format spec that writes what ``%`` writes (``%-8.3f`` is ``<8.3f``, ``%+05d`` is ``+05d``, ``%i`` is ``d``).
A graph tensor gives a mark for that (runtime/graph/formatted.py), which an assertion's message or a
``print`` writes the value into when the graph runs: the text eager code gives, since NumPy formats its
scalars as Python formats the float or int they hold. What has no such spec is refused (``NotStageable``):
a float written with ``%d`` / ``%x`` / ``%o`` / ``%c`` (Python truncates it first), a precision on an
integer conversion, ``%r`` / ``%a`` and a padded ``%s`` of a staged value, a staged ``*`` width, a bool or
complex value, an array of more dimensions.
"""

from __future__ import annotations

import re
from typing import Any

from runtime.backend import backend_for, backend_of_any
from runtime.limits import NotStageable, forget_since, refusal_mark
from runtime.staging import user_location
from runtime.tracebacks import hide_frames_of, strip

# One conversion specifier of printf-style formatting (the Python Library Reference, "printf-style String
# Formatting"): a mapping key, flags, a width, a precision, a length modifier Python ignores, the type.
SPECIFIER = re.compile(r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[-#0 +]*)(?P<width>\*|\d+)?"
                       r"(?:\.(?P<precision>\*|\d*))?[hlL]?(?P<type>[diouxXeEfFgGcrsa%])")
NUMERIC = frozenset("diouxXeEfFgGc")


def has_numeric_conversion(template: str) -> bool:
    """Whether ``template % values`` asks a value for its digits (``%g``, ``%d``, ...): what the converter
    rewrites into ``ag__.percent`` (``%s`` alone writes ``str(value)``, which a staged value gives)."""
    return any(match["type"] in NUMERIC for match in SPECIFIER.finditer(template))


def percent(template: str, values: Any) -> str:
    """``template % values``; where a value is a backend's and the conversion asks for its digits, the value's
    ``format`` with the equivalent spec (the module's docstring)."""
    mark = refusal_mark()
    try:
        return template % values
    except Exception as error:
        items = values.values() if type(values) is dict else values if type(values) is tuple else (values,)
        if backend_of_any(items) is None:
            strip(error)  # the user's traceback, without this frame
            raise
    try:
        text = _formatted(template, values)
    except BaseException as refused:
        strip(refused)
        raise
    forget_since(mark)  # (the plain formatting's refusals: each conversion was made above)
    return text


def _formatted(template: str, values: Any) -> str:
    positional = list(values) if type(values) is tuple else [values]
    mapping = values if type(values) is dict else None
    taken = 0

    def argument(key: Any = None) -> Any:
        nonlocal taken
        if key is not None:
            if mapping is None:
                raise TypeError("format requires a mapping")
            return mapping[key]
        if taken >= len(positional):
            raise TypeError("not enough arguments for format string")
        taken += 1
        return positional[taken - 1]

    pieces = []
    last = 0
    for match in SPECIFIER.finditer(template):
        pieces.append(template[last:match.start()])
        last = match.end()
        flags, width, precision, kind = match["flags"], match["width"], match["precision"], match["type"]
        if kind == "%":
            pieces.append("%")
            continue
        stars = [argument() for star in (width, precision) if star == "*"]
        value = argument(match["key"])
        plain = "%" + match.group(0)[match.end("key") + 1 if match["key"] is not None else 1:]
        if all(backend_for(v) is None for v in (*stars, value)):
            pieces.append(plain % (*stars, value))  # Python's own conversion, errors included
            continue
        if any(backend_for(star) is not None for star in stars):
            raise _refusal(plain, "a `*` width or precision from a staged value")
        pieces.append(_staged(plain, flags, width, precision, kind, value))
    pieces.append(template[last:])
    if mapping is None and taken < len(positional):
        raise TypeError("not all arguments converted during string formatting")
    return "".join(pieces)


def _staged(plain: str, flags: str, width: Any, precision: Any, kind: str, value: Any) -> str:
    """One conversion of a staged value: ``str(value)`` for a bare ``%s``, else ``format(value, spec)``."""
    if kind == "s" and not flags and not width and precision is None:
        return str(value)
    if kind not in NUMERIC or kind == "c":
        raise _refusal(plain, "a staged value written with a width, a precision, %r or %a (its text exists "
                              "only when the graph runs)")
    shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
    if shape != () or dtype is None:
        raise _refusal(plain, "a staged value that is not one number (an array takes no numeric conversion)")
    integral = kind in "diouxX"
    if dtype.kind not in ("iu" if integral else "iuf"):
        raise _refusal(plain, f"a staged {dtype} value written with %{kind} (Python converts it first: "
                              f"{'int()' if integral else 'float()'}, which a format spec does not)")
    if integral and precision is not None:
        raise _refusal(plain, "a precision on an integer conversion")
    spec = ("<" if "-" in flags else "") + ("+" if "+" in flags else " " if " " in flags else "")
    spec += ("#" if "#" in flags else "") + ("0" if "0" in flags and "-" not in flags else "")
    spec += (width or "") + ("." + (precision or "0") if precision is not None else "")
    return format(value, spec + ("d" if kind in "iu" else kind))


def _refusal(plain: str, what: str) -> NotStageable:
    return NotStageable(f"{user_location()}: {plain!r} % value with {what}. Write the value with a format spec "
                        "in an f-string (f\"{x:.3f}\"), or format it outside the traced function")


hide_frames_of(percent)  # tracebacks leave it out (runtime/tracebacks.py)
