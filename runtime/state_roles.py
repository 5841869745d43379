"""The roles the converter declares for the variables it makes up (and for some of the user's), as the
runtime sees them.

Before (what the converter writes for a function with an early return)::

    def f(x):
        retval_ = None
        do_return = False

        def if_body():
            nonlocal do_return, retval_
            retval_ = x
            do_return = True
        ag__.if_stmt(x > 0, if_body, None, ('do_return', 'retval_'))()
        ...

After (what a backend staging that ``if`` is handed)::

    state.names == (ReturnFlagName('do_return'), ReturnValueName('retval_'))

A staged statement treats the variables behind ``return`` apart from the user's: a return value
that one branch leaves unset is fine when that branch did not return, and an error names it "the
return value", never ``retval_``. The converter declares which names these are (it made them up,
so no user variable has them) and autograph registers the declaration with each code object it
compiles (``runtime.undefined.register_converted_code(..., roles=...)``); ``State`` gives a
statement's carried names these types. Nothing here guesses from a name's spelling: a user's own
variable called ``retval_`` is an ordinary variable.

One role is for the user's own variables: BOUND_WHERE_READ, which the converter declares where its
definitions analysis proves that every read finds the variable set (``found`` in a search loop that
assigns it before each ``break`` and in its ``else``), so a staged statement may hold a placeholder on
the paths that leave it unset, as it does for the return value. Another is ONLY_CALLED: a variable every read
of which calls it, which a staged ``if`` may leave holding the function its condition chooses.
"""

from __future__ import annotations

from typing import Mapping

RETURN_VALUE = "return value"  # the value a `return` inside control flow stores
RETURN_FLAG = "return flag"  # set once a `return` inside a loop or a staged branch ran
BREAK_FLAG = "break flag"  # set once a `break` ran
# A user's variable that some path leaves unset but that every read finds set: the converter proved that
# Python never raises UnboundLocalError for it (``found`` bound before each ``break`` of a search loop and in
# its ``else``). A staged statement may hold a placeholder for it on the paths that leave it unset: no read
# can see that value, as none would see the unset variable in Python.
BOUND_WHERE_READ = "bound where read"
# A user's variable whose every read calls it (``f(x)``: autograph/analysis/only_called.py). A staged ``if``
# whose branches leave two functions in it may leave the one its condition chooses, called as such
# (runtime/chosen_functions.py): no read can tell that value from the function the branch defined.
ONLY_CALLED = "only called"
BOUND_WHERE_READ_AND_ONLY_CALLED = "bound where read and only called"  # (both at once)


class CarriedName(str):
    """A carried variable's name with the role the converter declared for it (equal to the plain name)."""

    __slots__ = ()
    role = ""


class ReturnValueName(CarriedName):
    __slots__ = ()
    role = RETURN_VALUE


class ReturnFlagName(CarriedName):
    __slots__ = ()
    role = RETURN_FLAG


class BreakFlagName(CarriedName):
    __slots__ = ()
    role = BREAK_FLAG


class BoundWhereReadName(CarriedName):
    __slots__ = ()
    role = BOUND_WHERE_READ


class OnlyCalledName(CarriedName):
    __slots__ = ()
    role = ONLY_CALLED


class BoundWhereReadAndOnlyCalledName(BoundWhereReadName, OnlyCalledName):
    __slots__ = ()
    role = BOUND_WHERE_READ_AND_ONLY_CALLED


_BY_ROLE = {RETURN_VALUE: ReturnValueName, RETURN_FLAG: ReturnFlagName, BREAK_FLAG: BreakFlagName,
            BOUND_WHERE_READ: BoundWhereReadName, ONLY_CALLED: OnlyCalledName,
            BOUND_WHERE_READ_AND_ONLY_CALLED: BoundWhereReadAndOnlyCalledName}


def with_roles(names: tuple[str, ...], roles: Mapping[str, str]) -> tuple[str, ...]:
    """``names`` with each one ``roles`` declares made a name of that role."""
    if not roles:
        return names
    return tuple(_BY_ROLE[roles[name]](name) if name in roles else name for name in names)


def is_return_value(name: str) -> bool:
    return isinstance(name, ReturnValueName)


def may_stay_unset(name: str) -> bool:
    """Whether a staged statement may hold a placeholder for ``name`` where a path leaves it unset: the
    return value (read only once its flag is set) or a variable bound at every read (BOUND_WHERE_READ)."""
    return isinstance(name, (ReturnValueName, BoundWhereReadName))


def is_only_called(name: str) -> bool:
    """Whether every read of ``name`` calls it (ONLY_CALLED): a staged ``if`` may leave a chosen function there."""
    return isinstance(name, OnlyCalledName)


def is_return_flag(name: str) -> bool:
    return isinstance(name, ReturnFlagName)


def check_roles(roles: Mapping[str, str]) -> None:
    """Refuse a declaration with a role the runtime does not know (a converter/runtime mismatch)."""
    unknown = {role for role in roles.values() if role not in _BY_ROLE}
    if unknown:
        raise ValueError(f"unknown carried-variable roles {sorted(unknown)}; known: {sorted(_BY_ROLE)}")
