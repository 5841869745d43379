"""One carry for every backend: what a staged ``if`` gives each variable, and what a staged loop carries.

Both staging backends (``runtime/graph``, ``runtime/jax``) ask the same questions of what a traced
branch or iteration left in each carried variable, and must answer them alike, in the same words:

    join = join_branches(rules, ('y',), [(tensor_f64_3,), (0,)], ('if', 'else'))
    # one output, f64[3]: the if branch's tensor, and the else branch's 0 as a constant of that type
    join_branches(rules, ('y',), [(tensor_f64_3,), (Undefined('y'),)], ('if', 'else'))
    # StagingError: prog.py:7: 'y' is assigned in the if branch but not in the else branch of a staged `if`; ...

A backend describes its values through ``Rules`` (which leaves are its staged values, their types,
how a Python number promotes); this module decides which leaves pass through as Python values, which
become outputs and of what type, where a branch leaves a don't-care placeholder, how a loop's carried
types settle, when a loop needs its first iteration run before it (``Peel``), and every refusal's
wording. The contract for a backend is in docs/architecture.md ("The carry contract").
"""

from __future__ import annotations

import types
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import numpy as np

from runtime import chosen_functions
from runtime.chosen_functions import ChosenFunction
from runtime.staging import StagingError, describe, has_no_value, is_return_flag, is_return_value, staging_error
from runtime.state_roles import is_only_called, may_stay_unset
from runtime.undefined import Undefined, as_unbound_local

WEAK = (bool, int, float, complex)


@dataclass(frozen=True)
class LeafType:
    """The type of a staged value or number: ``shape`` (None: a dim known only at run time), a NumPy
    ``dtype`` (or JAX's, for its key types), and ``weak``: a Python number's type, which takes the
    other side's dtype when it fits."""

    shape: tuple
    dtype: np.dtype
    weak: bool = False


class Rules:
    """What a backend tells the carry about its values (subclass it; ``runtime/graph/control_flow.py``
    and ``runtime/jax/common.py`` are the two). Structures are the backend's own (its pytrees)."""

    noun = "tensor"          # its staged values, in messages: "a f64[3] tensor"
    unknown_dims = False     # dims that differ become unknown (None) instead of an error
    fill_hint = "x[i] = v"   # how to fill a preallocated array, in messages

    def flatten(self, value: Any) -> tuple[list, Any]:
        """(leaves, structure); structures compare with ``==``."""
        raise NotImplementedError

    def unflatten(self, tree: Any, leaves: Sequence[Any]) -> Any:
        raise NotImplementedError

    def leaf_label(self, name: str, value: Any, j: int) -> str:
        """How messages name leaf ``j`` of variable ``name`` holding ``value``: 'y', 'y[0]'."""
        raise NotImplementedError

    def structure(self, value: Any, tree: Any) -> str:
        """A short picture of a value's structure for messages."""
        raise NotImplementedError

    def is_staged(self, leaf: Any) -> bool:
        """Whether ``leaf`` is one of the backend's staged values (a tensor, a tracer)."""
        raise NotImplementedError

    def is_fresh(self, leaf: Any) -> bool:
        """Whether ``leaf`` was made inside the traced block, so it can leave it only as an output."""
        return self.is_staged(leaf)

    def common_dtype(self, a: Any, b: Any) -> Any:
        """The dtype two strong dtypes promote to (NumPy's rule; a backend's own where it differs)."""
        return np.promote_types(a, b)

    def same(self, a: Any, b: Any) -> bool:
        """Whether two leaves are one value, so that nothing needs staging."""
        raise NotImplementedError

    def typeof(self, leaf: Any) -> LeafType:
        """The type of a staged value or number."""
        raise NotImplementedError

    def type_str(self, t: LeafType) -> str:
        """``f64[3]``, ``float32[3]``."""
        raise NotImplementedError

    def promote(self, types: Sequence[LeafType], leaves: Sequence[Any]) -> Optional[LeafType]:
        """The dtype (and weakness) that values of ``types`` (whose strong dtypes agree) can share,
        ``leaves`` the values themselves; None: a weak number does not fit the strong dtype."""
        raise NotImplementedError

    def fits(self, dtype: np.dtype, leaf: Any) -> bool:
        """Whether the weak number ``leaf`` can be written into a value of ``dtype`` unchanged: it does not
        promote it, and the dtype holds it (``holds``)."""
        return bool(np.result_type(dtype, leaf) == dtype) and holds(dtype, leaf)


def is_number(x: Any) -> bool:
    """A value that can become a constant: Python and NumPy numbers, numeric arrays."""
    if isinstance(x, WEAK):
        return True
    return isinstance(x, (np.ndarray, np.generic)) and x.dtype.kind in "biufc"


def is_value(rules: Rules, x: Any) -> bool:
    """What a staged statement can give as an output: a staged value or a number."""
    return rules.is_staged(x) or is_number(x)


def holds(dtype: Any, number: Any) -> bool:
    """Whether a value of NumPy ``dtype`` holds the Python number ``number`` (up to a float's rounding): an
    integer within an integer type's range, a finite number no larger than a float type's largest. NumPy's
    weak-scalar rule gives ``x_f32`` and ``1e300`` the dtype float32, and ``x_u8`` and ``300`` uint8, but a
    staged variable that holds either number there is no longer the number eager Python keeps in it: the
    cast gives inf, or raises. Anything else (a staged value, a dtype that is not NumPy's) holds."""
    if not isinstance(number, WEAK) or not isinstance(dtype, np.dtype):
        return True
    kind = dtype.kind
    if kind in "iu":
        if not isinstance(number, int):
            return True  # (a float or complex promotes an integer dtype: refused as a dtype change)
        info = np.iinfo(dtype)
        return bool(info.min <= number <= info.max)
    if kind not in "fc":
        return True
    real = np.finfo(dtype).dtype  # (a complex dtype's parts)
    for part in (number.real, number.imag) if isinstance(number, complex) else (number,):
        try:
            part = float(part)
        except OverflowError:  # an int beyond every float
            return False
        if part - part == 0:  # finite: it must stay finite in the dtype (one just above its largest rounds down)
            with np.errstate(over="ignore"):
                if np.isinf(np.array(part).astype(real)):
                    return False
    return True


def out_of_range(dtype: np.dtype) -> str:
    """What a dtype that does not hold a number (``holds``) can hold, and what to do, for refusals."""
    name = dtype_name(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        wider = (", or compute in a wider dtype (.astype(np.int64))" if dtype.itemsize < 8 else
                 " (a staged integer has 64 bits at most: Python's unbounded ints stay Python's)")
        return f"which {name} cannot hold (its range is {info.min} to {info.max}): use a number in that range{wider}"
    real = np.finfo(dtype).dtype
    wider = f", or compute in a wider dtype (.astype(np.{'complex128' if dtype.kind == 'c' else 'float64'}))" if (
        real.itemsize < 8) else ""
    return (f"which {name} cannot hold (it would become inf; its largest is {float(np.finfo(dtype).max):g}): use a "
            f"number within its range (np.inf where you mean infinity){wider}")


def show(rules: Rules, x: Any) -> str:
    """A short picture of a leaf for error messages."""
    if isinstance(x, Undefined):
        return "not assigned"
    if x is None:
        return "None"
    if isinstance(x, WEAK):
        return f"the Python {type(x).__name__} {x!r}"
    if rules.is_staged(x):
        t = rules.typeof(x)
        return f"{_article(rules.type_str(t))} {rules.type_str(t)} {rules.noun}"
    if is_number(x):
        return f"{_article(rules.type_str(LeafType(x.shape, x.dtype)))} " \
               f"{rules.type_str(LeafType(x.shape, x.dtype))} NumPy value"
    if isinstance(x, ChosenFunction):
        return "a function chosen by a staged `if`"
    if isinstance(getattr(type(x), "__repr__", None), types.FunctionType):
        # The program's own __repr__ is not called: it may read a tensor of the branch that is being refused (which
        # would then be the error reported), print, or fail.
        return f"a {type(x).__qualname__} object"
    text = repr(x)
    return f"the {type(x).__name__} {text if len(text) < 40 else text[:37] + '...'}"


class Shown(str):
    """Text that prints as itself inside a nest (a tuple of these reprs without quotes): the pieces of a
    structure's picture in messages (``(f64[3], [float])``)."""

    __repr__ = str.__str__


def number_became_array(label: str, shape: tuple, what: str) -> Peel:
    """``acc = 0; for row in xs: acc = acc + row``: a Python number one iteration made an array of ``shape``. Python's
    first iteration then runs before the staged loop (``Peel``); its message is the refusal where it cannot."""
    return Peel(f"{label} is a Python number before the {what} but has shape {shape} after one iteration; a staged "
                "loop keeps each variable's number of dimensions: give it its first value before the loop, with the "
                "shape it will have")


def dtype_name(dtype: Any) -> str:
    """``float32``: a NumPy dtype's name (JAX's key types have no NumPy dtype, only a name)."""
    return getattr(dtype, "name", str(dtype))


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


# --- if: joining the branches ----------------------------------------------------------------------

class Output:
    """A leaf the staged statement computes: its ``index``-th output, of type ``type``."""

    __slots__ = ("index", "type")

    def __init__(self, index: int, type: LeafType) -> None:
        self.index, self.type = index, type


@dataclass
class Join:
    """What the branches of a staged ``if`` give each variable.

    ``templates``: per variable, (leaves, structure), a leaf being a value that passes through or an
    ``Output``; ``picks``: per branch, per output, the (variable, leaf) that feeds it there, or None
    where that branch leaves a don't-care (a return value under a flag that is not set):
    the backend puts a placeholder of the output's type there."""

    rules: Rules
    templates: list
    picks: list
    outputs: list

    def values(self, outputs: Sequence[Any], pred: Any = None) -> tuple:
        """The variables after the statement, given its outputs (one per ``self.outputs``); ``pred``: the staged
        ``if``'s condition, which chooses between the branches' functions (``Choice``)."""
        def leaf(x: Any) -> Any:
            if isinstance(x, Output):
                return outputs[x.index]
            if isinstance(x, Choice):
                if pred is None:  # (only a staged `if` joins ONLY_CALLED names, and gives its condition)
                    raise TypeError(f"a choice between functions for {x.name!r} was joined without a condition")
                return ChosenFunction(pred, x.functions, x.name)
            return x
        return tuple(self.rules.unflatten(tree, [leaf(x) for x in leaves]) for leaves, tree in self.templates)


@dataclass(frozen=True)
class Choice:
    """A variable every read of which calls it (ONLY_CALLED), left holding a function of its own by each branch:
    after the statement, the one the condition chooses (runtime/chosen_functions.py)."""

    name: str
    functions: tuple  # the if branch's, the else branch's


def join_branches(rules: Rules, names: Sequence[str], outs: Sequence[Sequence[Any]], labels: Sequence[str],
                  check: Any = None) -> Join:
    """Reconcile what each branch (``outs[b]``, one value per name) left in each variable. ``check(name, label,
    found)``, if given, sees each leaf that becomes an output ({branch: leaf}) first (the graph refuses a
    tensor written in place in one branch and rebound in the other)."""
    templates: list = []
    picks: list[list] = [[] for _ in outs]
    outputs: list[LeafType] = []
    for i, name in enumerate(names):
        values = [out[i] for out in outs]
        present = [b for b, v in enumerate(values) if not has_no_value(name, v)]
        if not present:
            templates.append(rules.flatten(values[0]))
            continue
        if len(present) < len(values):
            b = next(b for b in range(len(values)) if b not in present)
            if not _unused_return(name, names, outs[b]):
                raise staging_error(_one_branch_only(name, labels[present[0]], labels[b]))
        flats = {b: rules.flatten(values[b]) for b in present}
        first = present[0]
        leaves0, tree = flats[first]
        for b in present[1:]:
            if flats[b][1] != tree:
                raise staging_error(_differs_in_branches(rules, name, values, first, b, labels, flats))
        leaves = []
        for j, leaf in enumerate(leaves0):
            found = {b: flats[b][0][j] for b in present}
            if all(rules.same(c, leaf) for c in found.values()) and (
                    len(present) == len(values) or not rules.is_fresh(leaf)):
                leaves.append(leaf)
                continue
            label = rules.leaf_label(name, values[first], j)
            if (is_only_called(name) and len(found) == len(labels) == 2
                    and not any(is_value(rules, c) for c in found.values())):
                # Two functions, say: the one the condition chooses, for the calls that are its only reads.
                reason = chosen_functions.refusal(found)
                if reason is None:
                    leaves.append(Choice(name, (found[0], found[1])))
                    continue
                raise staging_error(_cannot_choose(rules, label, name, found[0], labels[0], found[1], labels[1])
                                    + f" ({name} is only called, but {reason})")
            if check is not None:
                check(name, label, found)
            for b, c in found.items():
                if not is_value(rules, c):
                    o = next((o for o in found if found[o] is not c), b)
                    raise staging_error(_cannot_choose(rules, label, name, c, labels[b], found[o], labels[o]))
            joined = join_types(rules, label, [(f"in the {labels[b]} branch", c) for b, c in found.items()])
            for b, branch_picks in enumerate(picks):
                branch_picks.append((i, j) if b in found else None)
            outputs.append(joined)
            leaves.append(Output(len(outputs) - 1, joined))
        templates.append((leaves, tree))
    return Join(rules, templates, picks, outputs)


def _unused_return(name: str, names: Sequence[str], values: Sequence[Any]) -> bool:
    """A return value may be missing on a path whose return flag is not plainly True: the converted
    code reads it only once the flag is set, and sets both together. A variable the converter declared
    bound where read (runtime/state_roles.py) may be missing on any path: no read reaches it there."""
    if is_return_value(name):
        return any(is_return_flag(n) and v is not True for n, v in zip(names, values))
    return may_stay_unset(name)


def _one_branch_only(name: str, defined: str, missing: str) -> str:
    if is_return_value(name):
        return (f"the function returns a value in the {defined} branch but None or nothing in the {missing} branch "
                "(a `return` in one branch only, or `return None`); a staged `if` needs a return value of one type "
                "from both branches: return a value of the same type on every path (an array of NaNs, or a flag "
                "next to the value, where one path has no answer)")
    return (f"{describe(name)} is assigned in the {defined} branch but not in the {missing} branch of a staged "
            f"`if`; both branches must give it a value: assign {name} before the `if`, or in both branches")


def _differs_in_branches(rules: Rules, name: str, values: list, a: int, b: int, labels: Sequence[str],
                         flats: dict) -> str:
    if values[a] is None or values[b] is None:
        none, other = (a, b) if values[a] is None else (b, a)
        return _none_on_one_path(rules, describe(name), name, labels[none], values[other], labels[other])
    return (f"{describe(name)} is {rules.structure(values[a], flats[a][1])} in the {labels[a]} branch but "
            f"{rules.structure(values[b], flats[b][1])} in the {labels[b]} branch; both branches of a staged `if` "
            "must give it the same structure")


def _cannot_choose(rules: Rules, label: str, name: str, c: Any, where: str, other: Any, other_where: str) -> str:
    if c is None or other is None:
        none_where, value, value_where = (where, other, other_where) if c is None else (other_where, c, where)
        return _none_on_one_path(rules, label, name, none_where, value, value_where)
    return (f"{label} is {show(rules, c)} in the {where} branch but {show(rules, other)} in the other; a staged "
            f"`if` can choose only between {rules.noun}s and numbers (other Python values must be equal)")


def _none_on_one_path(rules: Rules, label: str, name: str, none_where: str, value: Any, value_where: str) -> str:
    return (f"{label} is None in the {none_where} branch but {show(rules, value)} in the {value_where} branch of a "
            f"staged `if`, and a staged value cannot be None on some runs only: which branch runs is known only "
            f"when the program runs. Give {name} a value of the same type on both paths (e.g. a NaN or zeros, "
            "or a separate flag for 'not set yet')")


def unbound_in_branch(error: BaseException, label: str) -> Optional[StagingError]:
    """The refusal of a staged ``if`` whose ``label`` branch read a variable with no value while it was traced
    (``error``: Python's ``UnboundLocalError``, or the ``NameError`` of a block's free variable that stands for
    it); None for any other error. Python raises it only on the runs that take that branch (a variable an
    earlier loop iteration binds may well have a value there); a staged ``if`` traces both branches whatever
    runs, so it cannot raise on those runs only."""
    unbound = error if isinstance(error, UnboundLocalError) else (
        as_unbound_local(error) if type(error) is NameError else None)
    if unbound is None:
        return None
    return staging_error(
        f"{unbound} in the {label} branch of a staged `if`: a staged `if` traces both branches, whichever runs, "
        "so every variable a branch reads needs a value before the `if` (Python raises this only on the runs "
        "that take that branch). Give the variable a value before the `if` (before the loop, where an earlier "
        "iteration binds it), of the type it will have")


def join_types(rules: Rules, label: str, items: Sequence[tuple[str, Any]]) -> LeafType:
    """The one type that the staged values and numbers found at several places (``items``: (where,
    leaf)) can share: ranks must agree (other dims too, unless ``rules.unknown_dims``); strong dtypes
    must agree; a weak number takes theirs where ``rules.promote`` lets it."""
    typed = [(where, x, rules.typeof(x)) for where, x in items]
    where0, x0, t0 = typed[0]
    shape = t0.shape
    for where, _, t in typed[1:]:
        if len(t.shape) != len(shape) or (t.shape != shape and not rules.unknown_dims):
            raise staging_error(_shapes_differ(label, t0.shape, where0, t.shape, where, "a staged value keeps its"))
        shape = tuple(a if a == b else None for a, b in zip(shape, t.shape))
    strong = [(where, x, t) for where, x, t in typed if not t.weak]
    for where, x, t in strong[1:]:
        if t.dtype != strong[0][2].dtype:
            w, s, st = strong[0]
            try:  # (the backend's promotion of the two: casting to it loses nothing, int64 and float64 give float64)
                common_dtype = rules.common_dtype(st.dtype, t.dtype)
            except Exception:  # noqa: BLE001 - types with no promotion (JAX's keys): name the first one's
                common_dtype = st.dtype
            raise staging_error(
                f"{label} is {show(rules, s)} {w} but {show(rules, x)} {where}; a staged value has one dtype: "
                f"cast one of them (e.g. with .astype(np.{dtype_name(common_dtype)}), the dtype both promote to)")
    joined = rules.promote([t for _, _, t in typed], [x for _, x, _ in typed])
    if joined is None:
        if not strong:  # numbers alone, one of which their common dtype cannot hold (2 ** 70 and 1: int64)
            common = np.result_type(*(x for _, x, _ in typed))
            where, bad = next((where, x) for where, x, _ in typed if not holds(common, x))
            raise staging_error(f"{label} is {show(rules, bad)} {where}, {out_of_range(common)}")
        w, s, st = strong[0]
        where, bad = next((where, x) for where, x, t in typed
                          if t.weak and rules.promote([st, t], [s, x]) is None)
        if not holds(st.dtype, bad):
            raise staging_error(f"{label} is {show(rules, s)} {w} but {show(rules, bad)} {where}, "
                                f"{out_of_range(st.dtype)}")
        raise staging_error(
            f"{label} is {show(rules, s)} {w} but {show(rules, bad)} {where}, which does not fit "
            f"{dtype_name(st.dtype)}; a staged value has one dtype: make both the same type")
    return LeafType(shape, joined.dtype, joined.weak)


def _shapes_differ(label: str, a: tuple, where_a: str, b: tuple, where_b: str, keeps: str) -> str:
    what = "number of dimensions" if len(a) != len(b) else "shape"
    return f"{label} has shape {_shape(a)} {where_a} but {_shape(b)} {where_b}; {keeps} {what}"


def _shape(shape: tuple) -> str:
    return str(tuple(shape))


# --- loops: the carry's fixed point ----------------------------------------------------------------

class Peel(Exception):
    """A variable a ``for`` loop starts without (unassigned, or None) gets a value in its first iteration:
    a loop whose trip count is known to be at least one runs that iteration once before the staged
    loop, as Python does, and stages the rest from there. ``error()``: the refusal for any other loop,
    made only when it is raised (a made ``Limitation`` is remembered by the trace as a refusal), at the
    loop statement, which is still the user's innermost line where the loop is staged."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def error(self) -> StagingError:
        return staging_error(self.message)


def first_value(rules: Rules, name: str, entry: Any, out: Any, what: str, peelable: bool) -> bool:
    """A variable that has no value before the loop (unassigned, or a return value not set yet), or None:
    whether it has one after an iteration, so the loop must carry a placeholder for it (only a return
    value, which is read once its flag is set, or a variable the converter declared bound where read).
    Otherwise it raises: ``Peel`` when ``peelable`` (a loop with a known trip count), else the refusal.
    False: it still has none (nothing to carry)."""
    if rules.same(entry, out) or (has_no_value(name, entry) and has_no_value(name, out)):
        return False
    if may_stay_unset(name) and has_no_value(name, entry):
        return True
    if entry is None:
        message = (
            f"{describe(name)} is None before this {what} but {_picture(rules, out)} after one iteration, and "
            f"a staged loop cannot carry None: the loop may run zero times, and whether it does is known only "
            f"when the program runs. Give {name} its first value before the loop (of the type it will have: e.g. "
            f"zeros, or the first item), or loop over a range or an array whose length is known")
    else:
        message = (
            f"{describe(name)} is first assigned inside this {what} and used after it (or in a later "
            f"iteration); a staged loop can only carry variables that exist before it (it may run zero "
            f"times): initialize {name} before the loop, with the shape and dtype it will have")
    if peelable:
        raise Peel(message)
    raise staging_error(message)


def _picture(rules: Rules, value: Any) -> str:
    if value is None or is_value(rules, value) or isinstance(value, Undefined):
        return show(rules, value)
    return rules.structure(value, rules.flatten(value)[1])


def restructured(rules: Rules, name: str, entry: Any, out: Any, what: str, hint: str = "") -> StagingError:
    """The refusal of a variable whose structure changed in one iteration (``hint``: the backend's advice)."""
    return staging_error(
        f"{describe(name)} is {rules.structure(entry, rules.flatten(entry)[1])} before the {what} but "
        f"{rules.structure(out, rules.flatten(out)[1])} after one iteration; a staged loop must keep each "
        f"variable's structure (the same tuples, lists and dicts){hint}")


def carry_leaf(rules: Rules, label: str, before: LeafType, leaf: Any, what: str) -> tuple[LeafType, Any, bool]:
    """A carried leaf's type after one iteration left ``leaf`` in it. Returns (its type from now on, the
    dtype the body's value is cast to or None, whether the type changed: then the body is traced again).
    Dims that differ become unknown where the backend allows it; a weak type promotes; a strong dtype
    holds (a weak number that fits it takes it)."""
    if not is_value(rules, leaf):
        raise staging_error(f"{label} is {_article(rules.noun)} {rules.noun} before the {what} but "
                            f"{show(rules, leaf)} after one iteration; a staged loop carries only {rules.noun}s and "
                            "numbers")
    after = rules.typeof(leaf)
    shape = before.shape
    if after.shape != shape:
        if len(after.shape) != len(shape) or not rules.unknown_dims:
            message = _shapes_differ(label, shape, f"before the {what}", after.shape, "after one iteration",
                                     "a staged loop keeps each variable's")
            if len(after.shape) == len(shape):
                message += f": preallocate it at its final size (and fill it with {rules.fill_hint}), or pad it"
            raise staging_error(message)
        shape = tuple(a if a == b else None for a, b in zip(shape, after.shape))
    if before.weak and (before.dtype != after.dtype or not after.weak):
        promoted = rules.promote([before, after], [None, leaf])
        return LeafType(shape, promoted.dtype, promoted.weak), None, True
    if before.dtype == after.dtype or (after.weak and rules.fits(before.dtype, leaf)):
        cast = None if before.weak == after.weak else before.dtype
        return LeafType(shape, before.dtype, before.weak), cast, shape != before.shape
    now = show(rules, leaf) if isinstance(leaf, WEAK) else dtype_name(after.dtype)
    name = dtype_name(before.dtype)
    if after.weak and not holds(before.dtype, leaf):
        raise staging_error(f"{label} has dtype {name} before the {what} but {now} after one iteration, "
                            f"{out_of_range(before.dtype)}")
    if (before.dtype == np.bool_) != (after.dtype == np.bool_):
        # (a cast is no fix here: as an index a bool array is a mask, an integer one positions, radvel's Kepler loop)
        raise staging_error(
            f"{label} has dtype {name} before the {what} but {now} after one iteration; a staged loop keeps each "
            "variable's dtype, and a cast would change what it means (as an index a bool array is a mask, a number "
            "array positions): give it its final kind before the loop (a mask from the start: a comparison, or "
            "np.ones(n, dtype=bool))")
    raise staging_error(
        f"{label} has dtype {name} before the {what} but {now} after one iteration; a staged loop keeps each "
        f"variable's dtype: cast it (e.g. with .astype(np.{name})) before or inside the loop")


def static_changed(rules: Rules, label: str, entry: Any, out: Any, what: str) -> StagingError:
    """The refusal of a Python value (not carried) that one iteration changed."""
    if entry is None:
        return staging_error(
            f"{label} is None before this {what} but {show(rules, out)} after one iteration, and a staged loop "
            f"cannot carry None: give it its first value before the loop (of the type it will have)")
    return staging_error(
        f"{label} is {show(rules, entry)} before the {what} but {show(rules, out)} after one iteration; only "
        f"{rules.noun}s and numbers can change inside a staged loop")
