"""The closed set of graph ops: one table, each op with its shape/dtype rule.

A rule takes the input values (anything with ``.shape`` and ``.dtype``) and the
node's attrs, and returns the ``(shape, dtype)`` of every output, raising
``ValueError`` / ``TypeError`` / ``IndexError`` as NumPy would. Tracing runs the
rule to type a new node; ``ir.verify`` runs it again to check a graph.
Each op is one record (``opdefs.OpDef``): the rule, the NumPy kernel (``core_kernels``, a ufunc, an
``operator`` function), the effect facts the passes read, and where its JAX and numba rules are.

Control-flow calling conventions (the subgraphs are closed ``ir.Graph``s: every
value they use is one of their inputs)::

    cond(pred, *operands; true_graph, false_graph) -> outs
        pred: bool[]. Both graphs take exactly ``operands`` (the branch's own inputs
        followed by anything either branch captured, in the same order for both)
        and return the same number of outputs with equal dtypes; the node's output
        shapes are the join of the two branches' (differing dims become None).

    while_loop(*loop_vars, *consts; cond_graph, body_graph) -> loop_vars
        n = len(body_graph.outputs) loop variables, followed by the constants the
        cond or body captured (shared list, same order for both graphs).
        cond_graph(*loop_vars, *consts) -> bool[]
        body_graph(*loop_vars, *consts) -> new loop_vars (n outputs)
        Both graphs have n + len(consts) inputs. The body's outputs must fit its
        loop-var inputs (same dtype; shape equal where the input's is known), so
        relax a loop var's dims to None in both graphs if it changes shape.
        The node's outputs have the body's loop-var input shapes.

Stateful ops (variable reads and writes, ``print``, ``assert``) are never pruned
and run in the order they were traced; a ``cond`` / ``while_loop`` whose
subgraphs hold one is stateful too (see ``is_stateful``).
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from runtime.graph import core_kernels, power_shortcut, shapes
from runtime.graph.opdefs import (  # noqa: F401  (OPS and OpDef are this module's API too)
    OPS,
    Effects,
    OpDef,
    define,
    exact_on_known_shapes,
    flips_sign,
    holds,
    known_shapes,
    not_to_float16,
    on_integers,
    safe_cast,
    static_index,
    wraps,
)
from runtime.graph.run_time_errors import CaughtLocation
from runtime.staging import Limitation, NotStageable

AvalOut = tuple[tuple, np.dtype]
BOOL, INT64 = np.dtype(bool), np.dtype(np.int64)

# Every core op's JAX rule is in runtime/jax/lowering.py's ``RULES``; numba's, for the ops it claims,
# in runtime/numba/lowering.py's.
JAX = "runtime.jax.lowering"
NUMBA = "runtime.numba.lowering"

# Effect facts (``opdefs.Effects``; runtime/graph/passes/effects.py says what the passes do with them).
# ``foldable=True``: correctly rounded (or exact) on floats too, so NumPy and XLA agree to the bit;
# ``on_integers``: exact only on integers and booleans (transcendentals, float reductions, -0.0 in
# maximum / minimum / sign, which NumPy and XLA treat differently: np.maximum(0.0, -0.0) is -0.0,
# XLA's 0.0; np.sign(-0.0) is 0.0, XLA's -0.0).
TOTAL_EXACT = Effects(cannot_fail=True, foldable=True)          # never raises or warns (NaN, inf too)
TOTAL = Effects(cannot_fail=True, foldable=on_integers)
WRAPS_EXACT = Effects(cannot_fail=wraps, foldable=True)
EXACT = Effects(foldable=True)
INTEGERS = Effects(foldable=on_integers)
NEVER = Effects()                                               # float semantics or data-dependent failures


def _op(name: str, rule: Callable, kernel: Any, effects: Effects, numba: Any = None, **kw: Any) -> None:
    """A core op's record: its JAX rule is runtime/jax/lowering.py's."""
    define(name, rule, kernel=kernel, effects=effects, jax=JAX, numba=numba, **kw)


# --- elementwise: the dtype is whatever NumPy's ufunc loop gives --------------------------------

def _elementwise(ufunc: np.ufunc) -> Callable:
    def rule(ins, attrs):
        if len(ins) != ufunc.nin:
            raise TypeError(f"{ufunc.__name__} takes {ufunc.nin} inputs, got {len(ins)}")
        dtype = ufunc.resolve_dtypes(tuple(v.dtype for v in ins) + (None,))[-1]
        return [(shapes.broadcast(*(v.shape for v in ins)), dtype)]
    return rule


ELEMENTWISE: dict[str, np.ufunc] = {}
# Python-operator names for the arithmetic a reader sees most; NumPy's names for the rest.
OPERATOR_UFUNCS: dict[str, np.ufunc] = {}
OPERATOR_FUNCTIONS: dict[str, Callable] = {}


def _ufunc_op(name: str, ufunc: np.ufunc, effects: Effects, numba: Any = None) -> None:
    """An elementwise op: its kernel is the ufunc itself, or, for the Python operators, the ``operator``
    function, which is NumPy's ufunc on arrays and much faster on NumPy scalars."""
    kernel = ufunc
    if name in _OPERATOR_NAMES:
        kernel = OPERATOR_FUNCTIONS[name] = getattr(operator, name)
        OPERATOR_UFUNCS[name] = ufunc
    if name == "pow" and power_shortcut.OLD_SHORTCUT:
        # (NumPy before 2.3 runs another op for `array ** s`, by s's value, in a dtype of its own; tracing stages
        # that op where eager NumPy takes it, so the pow op itself is always np.power: a 0-d value the run holds
        # as an array may stand for a NumPy scalar, which takes no shortcut)
        kernel = _numpy_power  # (and not spelled `**` in compiled programs: no OPERATOR_FUNCTIONS entry)
        del OPERATOR_FUNCTIONS[name]
    ELEMENTWISE[name] = ufunc
    _op(name, _elementwise(ufunc), kernel, effects, numba, ufunc=ufunc)


def _numpy_power(a: Any, b: Any) -> Any:
    """``a ** b`` as ``np.power`` computes it, without NumPy's old shortcut for an array ``a``."""
    return np.power(a, b) if type(a) is np.ndarray else a ** b


_OPERATOR_NAMES = frozenset("neg pos abs invert add sub mul truediv floordiv mod pow eq ne lt le gt ge".split())

_ufunc_op("neg", np.negative, Effects(cannot_fail=flips_sign, foldable=True), NUMBA)
_ufunc_op("pos", np.positive, TOTAL_EXACT)
_ufunc_op("abs", np.absolute, Effects(cannot_fail=flips_sign, foldable=True), NUMBA)
_ufunc_op("invert", np.invert, TOTAL, NUMBA)
_ufunc_op("add", np.add, WRAPS_EXACT, NUMBA)
_ufunc_op("sub", np.subtract, WRAPS_EXACT, NUMBA)
_ufunc_op("mul", np.multiply, WRAPS_EXACT, NUMBA)
_ufunc_op("truediv", np.true_divide, EXACT, NUMBA)
_ufunc_op("floordiv", np.floor_divide, INTEGERS, NUMBA)
_ufunc_op("mod", np.remainder, INTEGERS, NUMBA)
_ufunc_op("pow", np.power, INTEGERS)
for _name, _ufunc in (("eq", np.equal), ("ne", np.not_equal), ("lt", np.less), ("le", np.less_equal),
                      ("gt", np.greater), ("ge", np.greater_equal)):
    _ufunc_op(_name, _ufunc, TOTAL_EXACT, NUMBA)
for _name in "exp exp2 expm1 log log2 log10 log1p".split():  # transcendentals: NumPy's SIMD loops, XLA's own
    _ufunc_op(_name, getattr(np, _name), INTEGERS)
_ufunc_op("sqrt", np.sqrt, EXACT, NUMBA)
_ufunc_op("cbrt", np.cbrt, INTEGERS)
_ufunc_op("square", np.square, WRAPS_EXACT, NUMBA)
_ufunc_op("reciprocal", np.reciprocal, EXACT)
for _name in "sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh arccosh arctanh".split():
    _ufunc_op(_name, getattr(np, _name), INTEGERS)
_ufunc_op("sign", np.sign, TOTAL)
for _name in "floor ceil trunc".split():
    _ufunc_op(_name, getattr(np, _name), TOTAL_EXACT, NUMBA)
_ufunc_op("rint", np.rint, TOTAL_EXACT)
_ufunc_op("fabs", np.fabs, TOTAL_EXACT)
_ufunc_op("logical_not", np.logical_not, TOTAL_EXACT, NUMBA)
for _name in "isnan isinf isfinite".split():
    _ufunc_op(_name, getattr(np, _name), TOTAL_EXACT, NUMBA)
_ufunc_op("signbit", np.signbit, TOTAL_EXACT)
_ufunc_op("deg2rad", np.deg2rad, INTEGERS)
_ufunc_op("rad2deg", np.rad2deg, INTEGERS)
_ufunc_op("conjugate", np.conjugate, TOTAL)
_ufunc_op("maximum", np.maximum, TOTAL, NUMBA)
_ufunc_op("minimum", np.minimum, TOTAL, NUMBA)
_ufunc_op("fmax", np.fmax, TOTAL)
_ufunc_op("fmin", np.fmin, TOTAL)
for _name in "arctan2 hypot".split():
    _ufunc_op(_name, getattr(np, _name), INTEGERS)
_ufunc_op("copysign", np.copysign, TOTAL_EXACT, NUMBA)
for _name in "logaddexp logaddexp2 fmod".split():
    _ufunc_op(_name, getattr(np, _name), INTEGERS)
for _name in "logical_and logical_or logical_xor".split():
    _ufunc_op(_name, getattr(np, _name), TOTAL_EXACT, NUMBA)
for _name in "bitwise_and bitwise_or bitwise_xor".split():
    _ufunc_op(_name, getattr(np, _name), TOTAL, NUMBA)
for _name in "left_shift right_shift heaviside gcd lcm".split():
    _ufunc_op(_name, getattr(np, _name), INTEGERS)
_ufunc_op("float_power", np.float_power, NEVER)
_ufunc_op("nextafter", np.nextafter, INTEGERS)

# Which op a NumPy ufunc becomes (aliases such as np.abs / np.absolute are one object).
UFUNC_OPS: dict[np.ufunc, str] = {u: n for n, u in ELEMENTWISE.items()}
UFUNC_OPS.update({np.degrees: "rad2deg", np.radians: "deg2rad", np.matmul: "matmul"})


# --- reductions and scans: dtype found by running NumPy on a one-element example ----------------

def _by_example(fn: Callable, ins, **kw) -> np.dtype:
    return np.asarray(fn(*(np.ones((1,) * len(v.shape), v.dtype) for v in ins), **kw)).dtype


def _reduction(fn: Callable) -> Callable:
    def rule(ins, attrs):
        (x,) = ins
        axes, keep = attrs["axis"], attrs["keepdims"]
        return [(shapes.reduce(x.shape, axes, keep), _by_example(fn, ins, axis=axes, keepdims=keep))]
    return rule


def _arg_reduction(fn: Callable) -> Callable:
    def rule(ins, attrs):
        (x,) = ins
        axis, keep = attrs["axis"], attrs["keepdims"]
        if axis is None and len(x.shape) == 0:
            return [((), INT64)]
        axes = None if axis is None else (axis,)
        return [(shapes.reduce(x.shape, axes, keep), _by_example(fn, ins, axis=axis, keepdims=keep))]
    return rule


REDUCTIONS = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min, "prod": np.prod,
              "any": np.any, "all": np.all}
# Float reductions sum in another order under XLA: folded on integers only.
_SUMS = Effects(cannot_fail=exact_on_known_shapes, foldable=on_integers)
_ALWAYS = Effects(cannot_fail=True, foldable=on_integers)
_op("sum", _reduction(np.sum), core_kernels.sum_, _SUMS, NUMBA)
_op("mean", _reduction(np.mean), core_kernels.mean, INTEGERS, NUMBA)
_op("max", _reduction(np.max), core_kernels.max_, INTEGERS, NUMBA)
_op("min", _reduction(np.min), core_kernels.min_, INTEGERS, NUMBA)
_op("prod", _reduction(np.prod), core_kernels.prod, _SUMS)
_op("any", _reduction(np.any), core_kernels.any_, _ALWAYS, NUMBA)
_op("all", _reduction(np.all), core_kernels.all_, _ALWAYS, NUMBA)
_op("argmax", _arg_reduction(np.argmax), core_kernels.argmax, INTEGERS)
_op("argmin", _arg_reduction(np.argmin), core_kernels.argmin, INTEGERS)


def _scan(fn: Callable) -> Callable:
    def rule(ins, attrs):
        (x,) = ins
        axis = attrs["axis"]
        shape = (shapes.size(x.shape),) if axis is None else x.shape
        return [(shape, _by_example(fn, ins, axis=axis))]
    return rule


_op("cumsum", _scan(np.cumsum), core_kernels.cumsum, INTEGERS)
_op("cumprod", _scan(np.cumprod), core_kernels.cumprod, INTEGERS)
def sorted_shape(x: Any, axis: Any) -> tuple:
    """The shape of ``np.sort(x, axis)`` / ``np.argsort``: axis None sorts the flattened array."""
    return (shapes.size(x.shape),) if axis is None else x.shape


_op("sort", lambda ins, a: [(sorted_shape(ins[0], a["axis"]), ins[0].dtype)], core_kernels.sort, NEVER)
_op("argsort", lambda ins, a: [(sorted_shape(ins[0], a["axis"]), INT64)], core_kernels.argsort, NEVER)


# --- linear algebra, shapes and indexing --------------------------------------------------------

def _matmul(ins, attrs):
    a, b = ins
    return [(shapes.matmul(a.shape, b.shape), np.matmul.resolve_dtypes((a.dtype, b.dtype, None))[-1])]


def _transpose(ins, attrs):
    (x,) = ins
    axes = attrs["axes"]
    if sorted(axes) != list(range(len(x.shape))):
        raise ValueError(f"axes {axes} don't match an array with {len(x.shape)} dimensions")
    return [(tuple(x.shape[a] for a in axes), x.dtype)]


def _broadcast_to(ins, attrs):
    (x,) = ins
    target = tuple(attrs["shape"])
    if shapes.broadcast(x.shape, target) != target or len(x.shape) > len(target):
        raise ValueError(f"cannot broadcast {shapes.fmt_shape(x.shape)} to {shapes.fmt_shape(target)}")
    return [(target, x.dtype)]


def _where(ins, attrs):
    c, x, y = ins
    return [(shapes.broadcast(c.shape, x.shape, y.shape), np.result_type(x.dtype, y.dtype))]


def _concatenate(ins, attrs):
    return [(shapes.concatenate([v.shape for v in ins], attrs["axis"]), np.result_type(*(v.dtype for v in ins)))]


def _stack(ins, attrs):
    rank = len(ins[0].shape)
    if any(len(v.shape) != rank for v in ins):
        raise ValueError("stack: all input arrays must have the same shape")
    common = []
    for dims in zip(*(v.shape for v in ins)):
        known = {d for d in dims if d is not None}
        if len(known) > 1:
            raise ValueError("stack: all input arrays must have the same shape")
        common.append(known.pop() if known else None)
    axis = shapes.normalize_axis(attrs["axis"], rank + 1)
    shape = tuple(common[:axis]) + (len(ins),) + tuple(common[axis:])
    return [(shape, np.result_type(*(v.dtype for v in ins)))]


def _getitem(ins, attrs):
    x, *index_inputs = ins
    shape = shapes.getitem(x.shape, attrs["index"], *shapes.index_shapes(index_inputs))
    return [(shape, x.dtype)]


def _take(ins, attrs):
    x, idx = ins
    if idx.dtype.kind not in "iu":
        raise IndexError("take: indices must be integers")
    axis = attrs["axis"]
    if axis is None:
        return [(idx.shape, x.dtype)]
    axis = shapes.normalize_axis(axis, len(x.shape))
    return [(x.shape[:axis] + idx.shape + x.shape[axis + 1:], x.dtype)]


# Data movement is exact everywhere; it cannot fail once every input shape is known (the shape rule
# checked it), nor a static index into a known shape (bounds-checked while tracing).
_MOVES = Effects(cannot_fail=known_shapes, foldable=True)
_op("matmul", _matmul, np.matmul, Effects(cannot_fail=exact_on_known_shapes, foldable=on_integers), NUMBA,
    ufunc=np.matmul)
# ``np.dot`` (``x.dot``, ``np.inner``, ``np.vdot``, ``np.tensordot``'s product) of operands of at most 2 dims: the
# same numbers as ``matmul``, not the same bits. NumPy's dot hands a vector, a matrix of one row or column, or a
# strided or reversed vector to BLAS where matmul runs its own loop (or another BLAS routine), so the last bit
# differs in most such calls (and an inf meeting an overflowing product: -inf against NaN). Its kernel is NumPy's.
_op("dot", _matmul, np.dot, Effects(cannot_fail=exact_on_known_shapes, foldable=on_integers), NUMBA)
# ``np.vdot`` of two vectors (flattened while tracing): NumPy's vdot adds a reversed vector in a loop of its own,
# where its dot calls BLAS; its kernel is NumPy's, conjugating the first.
_op("vdot", _matmul, np.vdot, Effects(cannot_fail=exact_on_known_shapes, foldable=on_integers))
_op("reshape", lambda ins, a: [(shapes.reshape(ins[0].shape, a["shape"]), ins[0].dtype)], core_kernels.reshape,
    _MOVES, NUMBA)
_op("transpose", _transpose, core_kernels.transpose, TOTAL_EXACT, NUMBA)
_op("broadcast_to", _broadcast_to, core_kernels.broadcast_to, _MOVES, NUMBA)
_op("cast", lambda ins, a: [(ins[0].shape, np.dtype(a["dtype"]))], core_kernels.cast,
    Effects(cannot_fail=safe_cast, foldable=not_to_float16), NUMBA)
_op("where", _where, np.where, TOTAL_EXACT, NUMBA)
_op("clip", lambda ins, a: [(shapes.broadcast(*(v.shape for v in ins)), np.result_type(*(v.dtype for v in ins)))],
    np.clip, INTEGERS)
_op("concatenate", _concatenate, core_kernels.concatenate, _MOVES, NUMBA)
_op("stack", _stack, core_kernels.stack, _MOVES, NUMBA)
_op("getitem", _getitem, core_kernels.getitem, Effects(cannot_fail=static_index, foldable=True), NUMBA)
_op("take", _take, core_kernels.take, NEVER)


def _dim(ins, attrs):
    shapes.normalize_axis(attrs["axis"], len(ins[0].shape))
    return [((), INT64)]


_op("dim", _dim, core_kernels.dim, Effects(cannot_fail=True, foldable=True, hoistable=False), NUMBA)


# --- constants ---------------------------------------------------------------------------------

def _arange_length(a: Mapping) -> int:
    return max(0, int(np.ceil((a["stop"] - a["start"]) / a["step"])))


_op("constant", lambda ins, a: [(a["value"].shape, a["value"].dtype)], core_kernels.constant, TOTAL_EXACT, NUMBA)
_op("full", lambda ins, a: [(tuple(a["shape"]), np.dtype(a["dtype"]))], core_kernels.full, EXACT, NUMBA)
_op("full_like", lambda ins, a: [(ins[0].shape, np.dtype(a["dtype"]))], core_kernels.full_like, EXACT, NUMBA)
_op("arange", lambda ins, a: [((_arange_length(a),), np.dtype(a["dtype"]))], core_kernels.arange, INTEGERS, NUMBA)


# --- control flow --------------------------------------------------------------------------------

def _fmt(shape, dtype) -> str:
    return f"{np.dtype(dtype).name}{shapes.fmt_shape(shape)}"


def _check_inputs(graph, ins: Sequence, what: str) -> None:
    if len(graph.inputs) != len(ins):
        raise NotStageable(f"{what} takes {len(graph.inputs)} inputs but the node passes {len(ins)}")
    for i, (param, arg) in enumerate(zip(graph.inputs, ins)):
        if param.dtype != arg.dtype or not shapes.compatible(arg.shape, param.shape):
            raise TypeError(f"{what} input {i} is {_fmt(param.shape, param.dtype)} "
                            f"but the node passes {_fmt(arg.shape, arg.dtype)}")


def _check_pred(v, what: str) -> None:
    if v.dtype != BOOL or v.shape != ():
        raise TypeError(f"{what} must be a scalar bool, got {_fmt(v.shape, v.dtype)}")


def _cond(ins, attrs):
    pred, *operands = ins
    _check_pred(pred, "cond predicate")
    t, f = attrs["true_graph"], attrs["false_graph"]
    _check_inputs(t, operands, "true_graph")
    _check_inputs(f, operands, "false_graph")
    if len(t.outputs) != len(f.outputs):
        raise TypeError(f"cond branches return {len(t.outputs)} and {len(f.outputs)} values")
    outs = []
    for i, (a, b) in enumerate(zip(t.outputs, f.outputs)):
        shape = shapes.join(a.shape, b.shape)
        if a.dtype != b.dtype or shape is None:
            raise NotStageable(f"cond output {i} is {_fmt(a.shape, a.dtype)} in true_graph "
                            f"but {_fmt(b.shape, b.dtype)} in false_graph")
        outs.append((shape, a.dtype))
    return outs


def _while_loop(ins, attrs):
    cond, body = attrs["cond_graph"], attrs["body_graph"]
    _check_inputs(cond, ins, "cond_graph")
    _check_inputs(body, ins, "body_graph")
    if len(cond.outputs) != 1:
        raise NotStageable(f"cond_graph must return one value, got {len(cond.outputs)}")
    _check_pred(cond.outputs[0], "cond_graph's output")
    n = len(body.outputs)
    if n > len(ins):
        raise NotStageable(f"body_graph returns {n} loop variables but the node has {len(ins)} inputs")
    for i, (out, param) in enumerate(zip(body.outputs, body.inputs)):
        if out.dtype != param.dtype or not shapes.compatible(out.shape, param.shape):
            raise TypeError(f"loop variable {i} enters the body as {_fmt(param.shape, param.dtype)} but leaves it "
                            f"as {_fmt(out.shape, out.dtype)}; relax its shape or fix its dtype")
    return [(p.shape, p.dtype) for p in body.inputs[:n]]


# Their kernels run compiled subgraphs: the interpreter's (runtime/graph/interpreter.py). No pass looks inside.
_op("cond", _cond, None, NEVER, NUMBA, subgraphs=("true_graph", "false_graph"))
_op("while_loop", _while_loop, None, NEVER, NUMBA, subgraphs=("cond_graph", "body_graph"))


# --- stateful ----------------------------------------------------------------------------------

def _assign(ins, attrs):
    (x,), var = ins, attrs["variable"]
    if x.dtype != var.dtype or not shapes.compatible(x.shape, var.shape):
        raise TypeError(f"cannot assign {_fmt(x.shape, x.dtype)} to a variable of {_fmt(var.shape, var.dtype)}")
    return []


_op("read_variable", lambda ins, a: [(a["variable"].shape, a["variable"].dtype)], core_kernels.read_variable, NEVER,
    stateful=True)
_op("assign_variable", _assign, core_kernels.assign_variable, NEVER, stateful=True)
_op("assign_add_variable", _assign, core_kernels.assign_add_variable, NEVER, stateful=True)
_op("assign_sub_variable", _assign, core_kernels.assign_sub_variable, NEVER, stateful=True)
_op("print", lambda ins, a: [], core_kernels.print_, NEVER, stateful=True)
_op("assert", lambda ins, a: [], core_kernels.assert_, NEVER, stateful=True)
# A Python int known at run time (PyNumber) computed as Python does, raising where it leaves int64 (core_kernels):
# not stateful (unused, it goes: Python raises nothing there), and never merged or moved (it may fail).
_op("python_int", lambda ins, a: [((), np.dtype(np.int64))], core_kernels.python_int, NEVER, NUMBA)


# --- library ops: each module defines its ops' records ----------------------------------------------
# (imported here so that ``OPS`` is the whole closed set for whoever imports this module)

from runtime.graph import ops_library  # noqa: E402,F401


def refused_dtypes(error: BaseException) -> bool:
    """Whether ``error`` is a ``TypeError`` raised working out an op's result type from its inputs' dtypes
    (``infer``: NumPy's own ``ufunc.resolve_dtypes`` refusing ``np.floor`` of a complex array, or this module's
    rules saying what NumPy says; or Python's refusal of an operator on its numbers, ``2.5 & n``, marked
    ``from_types``): tracing raises it from the types alone, whatever the values."""
    if not isinstance(error, TypeError) or isinstance(error, Limitation):
        return False
    if getattr(error, "from_types", False):  # Python's own refusal of its numbers' types (tensor.operator_apply)
        return True
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code.co_filename == __file__


def infer(op: str, inputs: Sequence[Any], attrs: Mapping[str, Any]) -> list[AvalOut]:
    """The output ``(shape, dtype)`` pairs of ``op`` applied to ``inputs``."""
    try:
        opdef = OPS[op]
    except KeyError:
        raise ValueError(f"unknown op {op!r}; the ops are a closed set, see runtime/graph/ops.py") from None
    return [(tuple(s), np.dtype(d)) for s, d in opdef.rule(tuple(inputs), attrs)]


def is_stateful(node: Any) -> bool:
    """Whether a node must run even when no output needs it: a stateful op, or control flow
    whose subgraphs contain one."""
    opdef = OPS[node.op]
    if opdef.stateful:
        return True
    return any(graph_is_stateful(node.attrs[name]) for name in opdef.subgraphs)


def must_run(node: Any) -> bool:
    """Whether a node runs even when no output needs it (execution is non-strict otherwise, docs/graphs.md): a
    stateful one; one whose op raises on values alone where NumPy's does (``Effects.strict``: a ``cholesky`` called
    for its error only); one made inside a running ``try`` whose ``except`` catches its error (``CaughtLocation``:
    eager code would take the ``except``, so the graph must run it to raise ``HandlerNotRun``); or control flow
    holding one."""
    opdef = OPS[node.op]
    if opdef.stateful or holds(opdef.effects.strict, node):
        return True
    if type(node.location) is CaughtLocation and not opdef.effects.for_value_only:
        return True
    return any(graph_must_run(node.attrs[name]) for name in opdef.subgraphs)


def graph_must_run(graph: Any) -> bool:
    """Whether ``graph`` holds a node that ``must_run``."""
    cache = graph._cache
    if "must_run" not in cache:
        cache["must_run"] = any(must_run(n) for n in graph.nodes)
    return cache["must_run"]


def graph_is_stateful(graph: Any) -> bool:
    cache = graph._cache
    if "stateful" not in cache:
        cache["stateful"] = any(is_stateful(n) for n in graph.nodes)
    return cache["stateful"]
