"""The JAX backend: control flow whose condition or iterable is a JAX tracer becomes ``lax``.

Before (what the user wrote, called under ``jax.jit``)::

    def f(x):
        if x.sum() > 0:
            y = x * 2
        else:
            y = -x
        return y

After (what the converter writes; ``x.sum() > 0`` is a tracer, so this backend runs it)::

    def f(x):
        def if_body():
            nonlocal y
            y = x * 2
        def else_body():
            nonlocal y
            y = -x
        y = ag__.Undefined('y')
        ag__.if_stmt(x.sum() > 0, if_body, else_body, lambda: (y,))   # -> lax.cond
        return y

``if`` and ``a if c else b`` become ``lax.cond`` (here); loops become ``lax.while_loop`` or
``lax.scan`` (``runtime/jax_loops.py``). Importing this module does not import JAX.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import sysconfig
from typing import Any, Callable, Optional

import numpy as np

from runtime.backend import Backend, State, Thunk, register
from runtime.undefined import Undefined


class StagingError(ValueError):
    """A program that Python could run but JAX cannot stage (types or shapes that change)."""


class JaxRange:
    """``range(...)`` with a traced bound; only a staged ``for`` loop can iterate it."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, *args: Any) -> None:
        if not 1 <= len(args) <= 3:
            raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
        if isinstance(step, int) and step == 0:
            raise ValueError("range() arg 3 must not be zero")
        self.start, self.stop, self.step = start, stop, step

    def __iter__(self):
        raise TypeError("a range with a traced bound can only be iterated by a converted for loop")

    def __repr__(self) -> str:
        return f"JaxRange({self.start!r}, {self.stop!r}, {self.step!r})"


# Names the converter gives to the variables behind `return` (see the return converter).
_RETURN_VALUE = re.compile(r"retval_\d*$")
_RETURN_FLAG = re.compile(r"do_return\w*$")


def is_return_value(name: str) -> bool:
    return bool(_RETURN_VALUE.match(name))


def is_return_flag(name: str) -> bool:
    return bool(_RETURN_FLAG.match(name))


def describe(name: str) -> str:
    """How an error names a carried variable: users never see `retval_`."""
    if name.startswith("<"):
        return name[1:-1]
    return "the return value" if is_return_value(name) else f"'{name}'"


_SKIPPED_DIRS: Optional[tuple[str, ...]] = None


def _skipped_dirs() -> tuple[str, ...]:
    """Directories whose frames are machinery, not the user's program."""
    global _SKIPPED_DIRS
    if _SKIPPED_DIRS is None:
        here = os.path.dirname(os.path.abspath(__file__))
        dirs = [here, os.path.join(os.path.dirname(here), "autograph"), sysconfig.get_paths()["stdlib"]]
        for module in ("jax", "jaxlib"):
            if module in sys.modules and getattr(sys.modules[module], "__file__", None):
                dirs.append(os.path.dirname(os.path.abspath(sys.modules[module].__file__)))
        _SKIPPED_DIRS = tuple(os.path.join(d, "") for d in dirs)
    return _SKIPPED_DIRS


def user_location() -> str:
    """``file:line`` of the innermost frame that belongs to the user's program."""
    skipped = _skipped_dirs()
    frame = sys._getframe(1)
    while frame is not None:
        filename = os.path.abspath(frame.f_code.co_filename)
        if not filename.startswith(skipped):
            return f"{frame.f_code.co_filename}:{frame.f_lineno}"
        frame = frame.f_back
    return "<unknown>"


def staging_error(message: str) -> StagingError:
    return StagingError(f"{user_location()}: {message}")


# JAX itself is bound here by _load_jax() once the first tracer reaches us: `import runtime`
# must not import JAX (it takes a second), and no tracer can exist before JAX is imported.
jax: Any = None
jnp: Any = None
lax: Any = None
jtu: Any = None
jaxpr_as_fun: Any = None


def _load_jax() -> None:
    global jax, jnp, lax, jtu, jaxpr_as_fun
    if jax is None:
        import jax
        import jax.numpy as jnp
        import jax.tree_util as jtu
        from jax import lax
        from jax.extend.core import jaxpr_as_fun


def _loops():
    from runtime import jax_loops  # imports JAX

    return jax_loops


_PLAIN = (bool, int, float, complex, str, bytes)
_NUMBERS = (np.ndarray, np.generic, bool, int, float, complex)


# --- shared by branches and loops ------------------------------------------------------------


class Abstract:
    """What ``trace_once`` leaves where its trace computed a value: the type, not the tracer
    (a tracer kept past its trace is a leak)."""

    __slots__ = ("aval",)

    def __init__(self, aval: Any) -> None:
        self.aval = aval


def typeof(value: Any) -> Any:
    return value.aval if isinstance(value, Abstract) else jax.typeof(value)


def is_array(value: Any) -> bool:
    return isinstance(value, _NUMBERS) or isinstance(value, (jax.Array, Abstract))


def same(a: Any, b: Any) -> bool:
    """Whether two leaves are one static value (so nothing needs staging)."""
    return a is b or (type(a) is type(b) and isinstance(a, _PLAIN) and a == b)


class _Shown(str):
    __repr__ = str.__str__  # so that a pytree of these prints without quotes


def summary(value: Any) -> str:
    """A short picture of a value for error messages: ``(float32[3], [int32[]])``."""
    def show(leaf):
        if isinstance(leaf, Undefined):
            return _Shown("<undefined>")
        if not is_array(leaf):
            return _Shown(type(leaf).__name__)
        aval = typeof(leaf)
        return _Shown(f"{aval.dtype}{list(aval.shape)}")
    return repr(jtu.tree_map(show, value))


def label(name: str, path: tuple) -> str:
    base = describe(name)
    if not path:
        return base
    return f"{base[:-1]}{jtu.keystr(path)}'" if base.startswith("'") else f"{base} {jtu.keystr(path)}"


def python_zero(dtype: Any) -> Any:
    """A weak-typed zero: a Python scalar of the dtype's kind."""
    return {"b": False, "i": 0, "u": 0, "f": 0.0, "c": 0j}[np.dtype(dtype).kind]


def representative(aval: Any) -> Any:
    """What to hand to result_type so that weak types promote the way JAX promotes them."""
    return python_zero(aval.dtype) if aval.weak_type else aval.dtype


def trace_once(fn: Callable, *args: Any, keep: frozenset = frozenset()) -> tuple[Any, Callable]:
    """Run ``fn(*args)`` once under a fresh trace.

    Returns its result for inspection, with each traced value replaced by an ``Abstract`` (one
    per tracer, so identity still tells whether two leaves are the same value) except the
    tracers whose ids are in ``keep``; and ``replay(*args)``, which rebuilds the result in the
    caller's trace from the jaxpr.
    """
    box = []

    def flat(*a):
        leaves, treedef = jtu.tree_flatten(fn(*a))
        traced, shown, memo = [], [], {}
        for leaf in leaves:
            if isinstance(leaf, jax.core.Tracer):
                traced.append(leaf)
                if id(leaf) not in keep:
                    leaf = memo.setdefault(id(leaf), Abstract(jax.typeof(leaf)))
            shown.append(leaf)
        box.append(jtu.tree_unflatten(treedef, shown))
        return traced

    run = jaxpr_as_fun(jax.make_jaxpr(flat)(*args))
    result = box[0]

    def replay(*a):
        fresh = iter(run(*a))
        leaves, treedef = jtu.tree_flatten(result)
        return jtu.tree_unflatten(treedef, [next(fresh) if isinstance(v, (jax.core.Tracer, Abstract)) else v
                                           for v in leaves])

    return result, replay


def predicate(value: Any, what: str) -> Any:
    shape = jnp.shape(value)
    if shape != ():
        raise staging_error(
            f"{what} is an array of shape {shape}, not a single truth value; reduce it with "
            "jnp.any(...) or jnp.all(...), or choose elementwise with jnp.where(...)")
    value = jnp.asarray(value)
    return value if value.dtype == bool else value != 0


def as_output(value: Any, dtype: Any) -> Any:
    return lax.convert_element_type(value, dtype) if dtype is not None else jnp.asarray(value)


# --- if and conditional expressions: lax.cond -----------------------------------------------


def _cond(pred: Any, branches: list, names: tuple, labels: tuple, keep: frozenset = frozenset()) -> tuple:
    traced = [trace_once(fn, keep=keep) for fn in branches]
    merge, picks = _join_branches(names, [t[0] for t in traced], labels)

    def staged(replay, picks):
        def run():
            values = replay()
            leaves = {}
            out = []
            for pick in picks:
                if isinstance(pick, jax.ShapeDtypeStruct):  # the don't-care side of a guarded return
                    out.append(jnp.asarray(python_zero(pick.dtype)) if pick.weak_type
                               else jnp.zeros(pick.shape, pick.dtype))
                    continue
                i, j, dtype = pick
                if i not in leaves:
                    leaves[i] = jtu.tree_leaves(values[i])
                out.append(as_output(leaves[i][j], dtype))
            return out
        return run

    return merge(lax.cond(pred, staged(traced[0][1], picks[0]), staged(traced[1][1], picks[1])))


def _unused_return(name: str, names: tuple, values: tuple) -> bool:
    """A return value may be missing on a path whose return flag is not plainly True: the
    converter reads it only once the flag is set, and sets both together. (The flag is a tracer
    there only on a loop's first trace, before the loop gives the value a placeholder.)"""
    return is_return_value(name) and any(
        is_return_flag(n) and v is not True for n, v in zip(names, values))


def _join_branches(names: tuple, outs: list, labels: tuple) -> tuple[Callable, list]:
    """Reconcile what each branch left in each variable.

    Returns ``merge(cond_outputs) -> values`` and, per branch, the picks that say which leaf
    feeds each cond output and the dtype it is cast to (None: already agrees).
    """
    templates = []
    picks: list[list] = [[] for _ in outs]
    for i, name in enumerate(names):
        values = [out[i] for out in outs]
        defined = [b for b, v in enumerate(values) if not isinstance(v, Undefined)]
        if not defined:
            templates.append(jtu.tree_flatten(values[0]))
            continue
        if len(defined) < len(values):
            missing = next(b for b in range(len(values)) if b not in defined)
            if not _unused_return(name, names, outs[missing]):
                raise staging_error(_one_branch_only(name, labels[defined[0]], labels[missing]))
        flats = {b: jtu.tree_flatten_with_path(values[b]) for b in defined}
        first = defined[0]
        ref_leaves, ref_def = flats[first]
        for b in defined[1:]:
            if flats[b][1] != ref_def:
                raise staging_error(
                    f"{describe(name)} is {summary(values[first])} in the {labels[first]} branch but "
                    f"{summary(values[b])} in the {labels[b]} branch; both branches of a staged `if` "
                    "must give it the same structure")
        leaves = []
        for j, (path, leaf) in enumerate(ref_leaves):
            candidates = {b: flats[b][0][j][1] for b in defined}
            if not isinstance(leaf, Abstract) and all(same(c, leaf) for c in candidates.values()):
                leaves.append(leaf)
                continue
            where = label(name, path)
            for b, c in candidates.items():
                if not is_array(c):
                    other = next(x for x in candidates.values() if x is not c)
                    raise staging_error(
                        f"{where} is {summary(c)} in the {labels[b]} branch but {summary(other)} in "
                        "the other; a staged `if` can only choose between arrays")
            joined = _join_avals(where, {labels[b]: typeof(c) for b, c in candidates.items()})
            dtype = None if joined.weak_type else joined.dtype
            for b, branch_picks in enumerate(picks):
                branch_picks.append((i, j, dtype) if b in candidates else joined)
            leaves.append(_Output(len(picks[0]) - 1))
        templates.append((leaves, ref_def))

    def merge(outputs):
        return tuple(jtu.tree_unflatten(treedef, [outputs[x.index] if isinstance(x, _Output) else x for x in leaves])
                     for leaves, treedef in templates)

    return merge, picks


class _Output:
    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


def _one_branch_only(name: str, defined: str, missing: str) -> str:
    if is_return_value(name):
        return (f"the function returns a value in the {defined} branch but not in the {missing} branch "
                "(a `return` in one branch only); under JAX every path must return a value of the "
                "same type and shape")
    return (f"{describe(name)} is assigned in the {defined} branch but not in the {missing} branch; "
            f"under JAX both branches of an `if` must give it a value (assign {name} before the `if`, "
            "or in both branches)")


def _join_avals(label: str, avals: dict) -> jax.ShapeDtypeStruct:
    """The one shape and dtype both branches can return; weak Python scalars promote."""
    (first, a), *rest = avals.items()
    for where, b in rest:
        if a.shape != b.shape:
            raise staging_error(
                f"{label} has shape {a.shape} in the {first} branch but {b.shape} in the {where} "
                "branch; lax.cond needs the same shape from both branches")
    strong = {where: x for where, x in avals.items() if not x.weak_type}
    if len({x.dtype for x in strong.values()}) > 1:
        (w1, x1), (w2, x2) = list(strong.items())[:2]
        raise staging_error(
            f"{label} is {x1.dtype} in the {w1} branch but {x2.dtype} in the {w2} branch; lax.cond "
            "needs one dtype: cast one of them, e.g. with .astype(...)")
    if len({x.dtype for x in avals.values()}) == 1:
        return jax.ShapeDtypeStruct(a.shape, a.dtype, weak_type=not strong)
    dtype = jnp.result_type(*(representative(x) for x in avals.values()))
    return jax.ShapeDtypeStruct(a.shape, dtype)


class JaxBackend(Backend):
    """Owns JAX tracers (values inside ``jit``, ``grad``, ``vmap``) and stages with ``lax``."""

    name = "jax"

    def owns(self, cls: type) -> bool:
        if cls is JaxRange:
            return True
        # No JAX imported means no tracer can exist yet: answer without importing it.
        jax = sys.modules.get("jax")
        return jax is not None and issubclass(cls, jax.core.Tracer)

    def if_stmt(self, cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
        _load_jax()
        pred = predicate(cond, "the condition of this if statement")
        entry = state.get()
        leaves, treedef = jtu.tree_flatten(entry)

        def branch(fn):
            def run():
                # Fresh containers, so that a branch appending to a list cannot touch the other's.
                state.set(jtu.tree_unflatten(treedef, leaves))
                if fn is not None:
                    fn()
                values = state.get()
                state.set(entry)  # no tracer of this trace may outlive it in a variable
                return values
            return run

        try:
            # Variables a branch leaves alone stay the very same tracer: no cond output for them.
            unchanged = frozenset(id(x) for x in leaves if isinstance(x, jax.core.Tracer))
            values = _cond(pred, [branch(body), branch(orelse)], state.names, ("if", "else"), unchanged)
        except BaseException:
            state.set(entry)
            raise
        state.set(values)

    def while_stmt(self, test: Thunk, body: Thunk, state: State) -> None:
        _loops().while_stmt(test, body, state)

    def for_stmt(self, iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None],
                 state: State) -> None:
        _loops().for_stmt(iterable, extra_test, body, state)

    def if_exp(self, cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
        _load_jax()
        pred = predicate(cond, "the condition of this conditional expression")
        branches = [lambda: (if_true(),), lambda: (if_false(),)]
        return _cond(pred, branches, ("<the conditional expression's value>",), ("true", "false"))[0]

    # Elementwise, and (unlike Python) not lazy once a tracer appears: every operand is evaluated.
    def not_(self, value: Any) -> Any:
        _load_jax()
        return jnp.logical_not(value)

    def and_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        _load_jax()
        return functools.reduce(lambda acc, thunk: jnp.logical_and(acc, thunk()), rest, value)

    def or_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        _load_jax()
        return functools.reduce(lambda acc, thunk: jnp.logical_or(acc, thunk()), rest, value)

    def range(self, *args: Any) -> JaxRange:
        return JaxRange(*args)


JAX_BACKEND = JaxBackend()
_registered = False


def register_jax_backend() -> JaxBackend:
    """Register the JAX backend once (idempotent); it stays dormant until JAX is imported."""
    global _registered
    if not _registered:
        register(JAX_BACKEND)
        _registered = True
    return JAX_BACKEND

