"""Sentinels for variables that Python would not have bound yet.

Converted code must bind every variable that a generated closure declares
``nonlocal``. Where the original program might not have bound it yet, the
converter binds it to ``Undefined(name)`` instead, and wraps the reads that may
see it in ``ld(name)``, which raises exactly the error Python would have raised.

Before::

    if c:
        y = 1
    return y

After::

    y = ag__.Undefined('y')
    ag__.if_stmt(c, if_body, None, ('y',))()
    return ag__.ld(y)
"""

from __future__ import annotations

import functools
import weakref
from typing import Any, Callable, Mapping, NoReturn

from runtime.state_roles import check_roles


def _unbound_local_message_template() -> str:
    """The running Python's own wording for reading an unbound local."""
    def probe():
        placeholder__ = placeholder__  # noqa: F821  (read before assignment, on purpose)
        return placeholder__

    try:
        probe()
    except UnboundLocalError as error:
        return str(error).replace("placeholder__", "{name}")
    raise AssertionError("unreachable")


def _unbound_free_message_template() -> str:
    """The running Python's own wording for a nested function reading an unbound variable."""
    def probe():
        def inner():
            return placeholder__

        try:
            inner()
        except NameError as error:
            return str(error).replace("placeholder__", "{name}")
        placeholder__ = None  # makes it a variable of `probe` that `inner` reads
        return placeholder__

    return probe()


_UNBOUND_LOCAL = _unbound_local_message_template()
_UNBOUND_FREE = _unbound_free_message_template()


class Undefined:
    """The value of a variable that the original program had not bound.

    Any use other than passing it around raises the ``UnboundLocalError``
    Python would have raised at the read.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Undefined({self.name!r})"

    def error(self) -> UnboundLocalError:
        return UnboundLocalError(_UNBOUND_LOCAL.format(name=self.name))

    def _raise(self, *args: Any, **kwargs: Any):
        raise self.error()

    # `y += 1` on an undefined `y` must fail like Python does, not with a TypeError.
    __add__ = __radd__ = __iadd__ = __sub__ = __rsub__ = __isub__ = _raise
    __mul__ = __rmul__ = __imul__ = __truediv__ = __rtruediv__ = __itruediv__ = _raise
    __floordiv__ = __ifloordiv__ = __mod__ = __imod__ = __pow__ = __ipow__ = _raise
    __matmul__ = __imatmul__ = __and__ = __iand__ = __or__ = __ior__ = _raise
    __xor__ = __ixor__ = __lshift__ = __ilshift__ = __rshift__ = __irshift__ = _raise
    __bool__ = __iter__ = __len__ = __getitem__ = __call__ = _raise


class UndefinedReturnValue(Undefined):
    """The return value of a branch that did not return."""

    def __init__(self, name: str = "the return value") -> None:
        super().__init__(name)


def ld(value: Any) -> Any:
    """Read a variable that may still be undefined; raise as Python would."""
    if type(value) is Undefined:
        raise value.error()
    return value


def ld_free(value: Any) -> Any:
    """``ld`` for a nested function's read of an enclosing variable: Python raises NameError."""
    if type(value) is Undefined:
        raise NameError(_UNBOUND_FREE.format(name=value.name), name=value.name)
    return value


def ld_cell(read: Callable[[], Any], name: str) -> Any:
    """``read()``: a converted block's read of the function's variable ``name`` whose cell a ``del``
    may have emptied. The block reads it as a free variable, whose error is a NameError; Python's,
    raised where the read stands (a ``with`` block around it sees it), is an UnboundLocalError."""
    try:
        return read()
    except NameError as error:
        if error.name != name or str(error) != _UNBOUND_FREE.format(name=name):
            raise
    # (Raised after the clause: its context is what the user's code was handling, as Python's, not the NameError.)
    raise UnboundLocalError(_UNBOUND_LOCAL.format(name=name))


def zero_argument_super(class_cell: Callable[[], Any], first: Callable[[], Any]) -> super:
    """``super()`` in a method that may empty its ``__class__`` cell or its first argument before the call
    (``del self``, ``nonlocal __class__``): the converter spells zero-argument ``super()`` as
    ``super(__class__, self)`` (a block's frame has neither), whose errors there would be ``NameError``s;
    this raises the ``RuntimeError`` that ``super()`` raises, with its message, in the order it checks."""
    # (Each error raised after its clause: its context is what the user's code was handling, as super()'s.)
    try:
        instance = first()
    except NameError:  # (UnboundLocalError too)
        instance = _EMPTIED
    if instance is _EMPTIED:
        raise RuntimeError("super(): arg[0] deleted")
    try:
        cls = class_cell()
    except NameError:
        cls = _EMPTIED
    if cls is _EMPTIED:
        raise RuntimeError("super(): empty __class__ cell")
    return super_of_class_cell(cls, instance)


_EMPTIED = object()  # (zero_argument_super: a variable found unbound)


def super_without_arguments() -> NoReturn:
    """Zero-argument ``super()`` in a function with no positional parameter (a function nested in a method,
    ``def helper():``): Python's ``super()`` raises before it looks for a class. Moved into a loop's body,
    whose item is an argument, it would take that item for the instance instead."""
    raise RuntimeError("super(): no arguments")


def super_of_class_cell(cls: Any, instance: Any) -> super:
    """``super()`` given its class cell's value and the first argument (read where the call stands): what Python
    3.12+ does for ``super().x`` (LOAD_SUPER_ATTR reads both as variables), with super()'s own error for a class
    cell that holds no type."""
    if not isinstance(cls, type):
        raise RuntimeError(f"super(): __class__ is not a type ({type(cls).__name__})")
    return super(cls, instance)


def is_undefined(value: Any) -> bool:
    return isinstance(value, Undefined)


# Every code object the converter produced (functions, their body closures and thunks), which autograph
# registers when it compiles them (runtime never imports autograph), by id: hashing a code object
# hashes its constants, nested code objects included, and tracebacks ask about every frame an
# exception passes. Each entry holds a weak reference to the code; for a body closure or thunk
# (if_body, loop_body, lambda: b), the local names of the user's scope it runs in (a read of one of
# those, unbound, is Python's UnboundLocalError), None for the others; whether it is a thunk; and the
# roles the converter declared for the variables it made up (runtime/state_roles.py), or None.
_CODES: dict[int, tuple[weakref.ref, frozenset | None, bool, Mapping[str, str] | None]] = {}


def register_converted_code(code: Any, body_names: frozenset | None = None, thunk: bool = False,
                            roles: Mapping[str, str] | None = None) -> None:
    """Note ``code`` as the converter's; ``body_names``: for a body closure or thunk, the local names
    of the user's scope it runs in; ``thunk``: it is a thunk (named after its function, as closures are);
    ``roles``: the role of each variable the converter made up for the function (``{'retval_': 'return
    value', 'do_return': 'return flag'}``; see runtime/state_roles.py), which staged statements read."""
    if roles:
        check_roles(roles)
    key = id(code)
    # The entry goes when the code does (before its id can be reused), by a C callback (runtime/calls.py's _watch
    # says why: no Python code for an interrupt to land in, nor to swallow it).
    _CODES[key] = (weakref.ref(code, functools.partial(_CODES.pop, key)), body_names, thunk, roles or None)


def declared_roles(code: Any) -> Mapping[str, str]:
    """The roles the converter declared for the variables of the function ``code`` belongs to ({} if none)."""
    entry = _entry(code)
    return {} if entry is None or entry[3] is None else entry[3]


def is_thunk_code(code: Any) -> bool:
    """Whether ``code`` is one of the converter's thunks (``lambda: b`` for ``a or b``)."""
    entry = _entry(code)
    return entry is not None and entry[2]


def _entry(code: Any) -> tuple[weakref.ref, frozenset | None, bool, Mapping[str, str] | None] | None:
    entry = _CODES.get(id(code))
    return entry if entry is not None and entry[0]() is code else None


def is_converted_code(code: Any) -> bool:
    """Whether the converter produced ``code`` (a function made from it is converted already)."""
    entry = _CODES.get(id(code))  # (_entry written out: ag__.call asks this of every closure it is given)
    return entry is not None and entry[0]() is code


def is_body_code(code: Any) -> bool:
    """Whether ``code`` is a body closure's or thunk's."""
    entry = _entry(code)
    return entry is not None and entry[1] is not None


def _body_names(code: Any) -> frozenset:
    entry = _entry(code)
    if entry is None or entry[1] is None:
        return frozenset()
    return entry[1]


def as_unbound_local(error: NameError) -> UnboundLocalError | None:
    """The ``UnboundLocalError`` Python raises where a body closure raised ``error``: the read of
    an unbound variable of the user's function, which Python reads as a local (not a free
    variable, as the closure does). None for any other NameError."""
    if type(error) is not NameError or error.name is None:
        return None
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or error.name not in _body_names(tb.tb_frame.f_code) or (
            str(error) != _UNBOUND_FREE.format(name=error.name)):
        return None
    translated = UnboundLocalError(_UNBOUND_LOCAL.format(name=error.name))
    # Its traceback starts below the operator that re-raises it (raising adds that frame again).
    translated.__traceback__ = error.__traceback__.tb_next
    return translated
