"""Lowering a graph of our IR to the Python source of one function that ``numba.njit`` compiles: ``write(graph)``.

One rule per op in ``NUMBA_RULES``: the ops whose record claims numba (``OpDef.numba``; a test lists
them). A rule is
``rule(ctx, *input_names, **attrs)`` and returns the text of an expression (the node's output), or
a list of output names (control flow, which writes its own lines through ``ctx``). Every value with
a known rank-0 type is a numba scalar, the others arrays; every scalar result is cast to the dtype
the node declares (``np.int32(a + b)``: numba widens small integers), every input to the dtype of
NumPy's loop for the op (``ufunc.resolve_dtypes``). So the compiled code computes NumPy's dtypes,
and float32 / float64 unification, which numba's frontend refuses in a user's own code, is explicit.

Before (a graph)::

    { lambda a:f64[1000] ; let
        b:f64[1000] = while_loop[cond_graph={...sum, gt...} body_graph={...truediv...}] a
      in (b) }

After (the generated source; runtime/numba/executor.py compiles it, and ``Compiled.source`` shows it)::

    def graph(a0):
        v0 = a0
        while True:
            v1 = np.float64(sum_float64(v0))
            v2 = np.float64(1.0)
            v3 = np.bool_((v1 > v2))
            if not v3:
                break
            v4 = np.float64(2.0)
            v5 = (v0 / v4)
            v0, = v5,
        return (v0, )

Exactness: a rule exists only where the compiled code gives NumPy's bits. IEEE operations (+ - * /,
sqrt, comparisons) are exact in both; ``sum`` of float64 copies NumPy's pairwise summation, matmul
calls NumPy's own BLAS as NumPy does (runtime/numba/kernels.py); ``maximum`` / ``minimum`` copy
NumPy's choice of operand for equal values (the sign of zero) and NaN. Integer ``//`` and ``%`` copy
NumPy's results for a zero divisor and for the minimum divided by -1. Transcendental functions
(``exp``, ``log``, ``sin``, ...) have no rule: NumPy's SIMD loops and numba's libm differ in the last
bit. Nor have ops whose NumPy kernel has semantics of its own (float -> int casts, float ``//`` and
``%``, shifts), or effects (variables, print, assert, random, numpy_function).

A graph with an op without a rule, a value of unknown dims, or that numba fails to compile is not
lowered: ``Unsupported`` says why, and the executor (runtime/numba/executor.py) runs it on the
interpreter, recording the reason in ``NumbaExecutor.fallback``. A compiled run that raises (an
index out of bounds, which the compiled code checks) runs again on the interpreter, which raises
NumPy's own error at the user's line: the lowered graphs have no effects, so running one twice is
safe. NumPy's floating-point warnings (division by zero, overflow) are not issued by compiled code.
"""

from __future__ import annotations

import importlib
import itertools
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import interpreter, ops, shapes
from runtime.graph.ir import Graph, Node, Value
from runtime.limits import Limitation

Rule = Callable[..., Any]


class Unsupported(ValueError, Limitation):
    """A graph the numba executor does not compile (an op without a rule, unknown dims, a numba error); the
    message says which op and why. The numba executor runs such a graph on the interpreter."""


def _np(dtype: np.dtype) -> str:
    """The generated code's name for ``dtype``'s scalar type (``np.float64``)."""
    return "np.bool_" if dtype == np.bool_ else f"np.{np.dtype(dtype).name}"


def _literal(value: Any, dtype: np.dtype) -> str:
    """A scalar of ``dtype`` as source text that gives exactly ``value``."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return "True" if bool(value) else "False"
    if dtype.kind == "f":
        x = float(value)
        text = "np.nan" if x != x else ("np.inf" if x == np.inf else ("-np.inf" if x == -np.inf else repr(x)))
        return f"{_np(dtype)}({text})"
    if dtype.kind in "iu":
        return f"{_np(dtype)}({int(value)})"
    raise Unsupported(f"no numba rule for a constant of dtype {dtype.name}")


# Layouts. NumPy's BLAS call and its order of summation depend on an array's strides, and a fresh NumPy array is
# C- or F-ordered after its inputs (order "K") where numba's is C. So every array name carries a tag: "C" / "F"
# (contiguous so, in both), "V" (a view whose strides are NumPy's, whatever they are), "?" (may differ). Float
# matmul and float sums refuse "?" inputs; everything else computes the same values in any layout.
C, F, VIEW, UNKNOWN = "C", "F", "V", "?"


def join(a: Optional[str], b: Optional[str]) -> Optional[str]:
    """The tag of a name that holds either ``a``'s or ``b``'s array."""
    if a == b:
        return a
    return VIEW if UNKNOWN not in (a, b) and None not in (a, b) else UNKNOWN


class _Context:
    """What a rule may use: its node, the writer of the generated function, the inputs' layout tags; a rule
    sets ``tag``, its output's (``UNKNOWN`` unless it knows better)."""

    __slots__ = ("node", "writer", "tags", "tag")

    def __init__(self, node: Node, writer: _Writer, tags: list) -> None:
        self.node, self.writer, self.tags, self.tag = node, writer, tags, UNKNOWN

    def require_layout(self, i: int) -> None:
        """Refuse input ``i`` whose strides may not be NumPy's (the node's result depends on them)."""
        if self.node.inputs[i].shape and self.tags[i] == UNKNOWN:
            raise Unsupported(f"`{self.node.op}` of an array whose memory layout under NumPy is not known here "
                              "(NumPy's result depends on it) has no numba rule")

    def cast(self, name: str, value: Value, dtype: np.dtype) -> str:
        """``name`` (holding ``value``) as ``dtype``: unchanged if it is that already."""
        if value.dtype == dtype:
            return name
        if value.dtype.kind == "f" and np.dtype(dtype).kind in "iub":
            raise Unsupported(f"`{self.node.op}` casting {value.dtype.name} to {np.dtype(dtype).name} has no numba "
                              "rule (NumPy casts NaN and out-of-range values by rules of its own)")
        if value.dtype.kind == "c" or np.dtype(dtype).kind == "c":
            raise Unsupported(f"`{self.node.op}` on complex numbers has no numba rule")
        return f"{_np(dtype)}({name})" if not value.shape else f"{name}.astype({_np(dtype)})"

    def result(self, expr: str) -> str:
        """``expr``, the node's scalar or array result, with the declared dtype for a scalar (numba widens
        small integers; arrays keep the dtype of the NumPy loop their inputs were cast to)."""
        out = self.node.outputs[0]
        return f"{_np(out.dtype)}({expr})" if not out.shape else expr


class _Writer:
    """The generated function's lines, its fresh names and the constant arrays it takes as arguments."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 1
        self.counter = itertools.count()
        self.constants: list[np.ndarray] = []
        self.tags: dict[str, Optional[str]] = {}
        # Names that may hold a constant argument or a view of one: a graph output among them is returned
        # read-only, so that a caller writing into it cannot change the constant for the next call.
        self.aliasing: set[str] = set()

    def mark(self) -> tuple:
        return len(self.lines), self.depth, len(self.constants)

    def reset(self, mark: tuple) -> None:
        del self.lines[mark[0]:]
        self.depth = mark[1]
        del self.constants[mark[2]:]

    def fresh(self) -> str:
        return f"v{next(self.counter)}"

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def constant(self, array: np.ndarray) -> str:
        """An argument holding ``array`` (a writable copy, in its layout: numba types read-only arrays apart)."""
        self.constants.append(np.array(array, copy=True, order="K"))
        name = f"c{len(self.constants) - 1}"
        self.tags[name] = C if array.flags.c_contiguous else (F if array.flags.f_contiguous else UNKNOWN)
        return name

    def graph(self, graph: Graph, names: Sequence[str]) -> list[str]:
        """Write ``graph``'s live nodes with its inputs bound to ``names``; the names of its outputs."""
        env = dict(zip(graph.inputs, names))
        for node in interpreter.prune(graph):
            rule = NUMBA_RULES.get(node.op)
            if rule is None:
                raise Unsupported(f"`{node.op}` has no numba rule{_WHY.get(node.op, '')}")
            names = [env[v] for v in node.inputs]
            ctx = _Context(node, self, [self.tags.get(n) for n in names])
            result = rule(ctx, *names, **node.attrs)
            if ops.OPS[node.op].subgraphs:
                env.update(zip(node.outputs, result))
            elif node.outputs:
                (out,) = node.outputs
                env[out] = name = self.fresh()
                self.tags[name] = ctx.tag if out.shape else None
                if node.op in _CONSTANTS or (node.op in _VIEWS and not self.aliasing.isdisjoint(names)):
                    self.aliasing.add(name)
                self.emit(f"{name} = {result}")
        return [env[v] for v in graph.outputs]


_CONSTANTS = ("constant", "arange")  # what gives a constant argument itself
# What may give a view of its input (or it).
_VIEWS = ("getitem", "transpose", "reshape", "broadcast_to", "cast", "contiguous", "layout_like")
_WHY = {name: " (NumPy's SIMD loop and numba's libm may round differently in the last bit)" for name in
        "exp exp2 expm1 log log2 log10 log1p cbrt sin cos tan arcsin arccos arctan sinh cosh tanh arcsinh "
        "arccosh arctanh arctan2 hypot logaddexp logaddexp2 pow float_power".split()}
_WHY.update({name: " (the graph has effects: it runs on the interpreter)" for name in
             "read_variable assign_variable assign_add_variable assign_sub_variable print assert random "
             "random_generator numpy_function".split()})


# --- rules: elementwise ---------------------------------------------------------------------------

_FLOAT, _INT, _BOOL = "f", "iu", "b"


def _elementwise(op: str, template: str, kinds: str) -> Rule:
    """``template`` (``"({0} + {1})"``) on the inputs cast to NumPy's loop dtypes, claimed for loops whose
    dtypes are all of ``kinds`` (the exact ones)."""
    ufunc = ops.ELEMENTWISE[op]

    def rule(ctx: _Context, *names: str) -> str:
        node = ctx.node
        loop = ufunc.resolve_dtypes(tuple(v.dtype for v in node.inputs) + (None,))
        if any(np.dtype(d).kind not in kinds for d in loop[:-1]):
            raise Unsupported(f"`{op}` on {', '.join(v.dtype.name for v in node.inputs)} has no numba rule")
        return _layout_preserving(ctx, names, loop, template)
    return rule


def _layout_preserving(ctx: _Context, names: Sequence[str], dtypes: Sequence[Any], template: str) -> str:
    """``template`` on ``names`` cast to ``dtypes``, in NumPy's layout (order "K") where it is known: C when every
    array input is C (NumPy's iterator keeps C order unless its inputs agree on another); F when every input is
    a scalar or an F array of the output's shape, computed on the transposes (``(a.T * s).T``); else "?"."""
    out = ctx.node.outputs[0]
    arrays = [(name, v, tag) for name, v, tag in zip(names, ctx.node.inputs, ctx.tags) if v.shape]
    transpose = False
    if len(out.shape) <= 1 or all(tag == C for _, _, tag in arrays):
        ctx.tag = C
    elif all(tag == F and v.shape == out.shape for _, v, tag in arrays):
        ctx.tag, transpose = F, True
    args = [ctx.cast(f"{name}.T" if transpose and v.shape else name, v, d)
            for name, v, d in zip(names, ctx.node.inputs, dtypes)]
    expr = ctx.result(template.format(*args))
    if out.shape and "_int(" in template and out.dtype != np.int64:  # (numba's integer helpers give int64)
        expr = f"{expr}.astype({_np(out.dtype)})"
    return f"({expr}).T" if transpose else expr


_ARITH = _FLOAT + _INT
_ELEMENTWISE_RULES: dict[str, Rule] = {
    "add": _elementwise("add", "({0} + {1})", _ARITH),
    "sub": _elementwise("sub", "({0} - {1})", _ARITH),
    "mul": _elementwise("mul", "({0} * {1})", _ARITH),
    "truediv": _elementwise("truediv", "({0} / {1})", _FLOAT),
    "neg": _elementwise("neg", "(-{0})", _ARITH),
    "abs": _elementwise("abs", "np.abs({0})", _ARITH),
    "square": _elementwise("square", "({0} * {0})", _ARITH),
    "sqrt": _elementwise("sqrt", "np.sqrt({0})", _FLOAT),
    "floor": _elementwise("floor", "np.floor({0})", _FLOAT),
    "ceil": _elementwise("ceil", "np.ceil({0})", _FLOAT),
    "trunc": _elementwise("trunc", "np.trunc({0})", _FLOAT),
    "copysign": _elementwise("copysign", "np.copysign({0}, {1})", _FLOAT),
    "isnan": _elementwise("isnan", "np.isnan({0})", _FLOAT),
    "isinf": _elementwise("isinf", "np.isinf({0})", _FLOAT),
    "isfinite": _elementwise("isfinite", "np.isfinite({0})", _FLOAT),
    "maximum": _elementwise("maximum", "maximum({0}, {1})", _ARITH + _BOOL),
    "minimum": _elementwise("minimum", "minimum({0}, {1})", _ARITH + _BOOL),
    "logical_not": _elementwise("logical_not", "np.logical_not({0})", _ARITH + _BOOL),
    "logical_and": _elementwise("logical_and", "np.logical_and({0}, {1})", _ARITH + _BOOL),
    "logical_or": _elementwise("logical_or", "np.logical_or({0}, {1})", _ARITH + _BOOL),
    "logical_xor": _elementwise("logical_xor", "np.logical_xor({0}, {1})", _ARITH + _BOOL),
    "bitwise_and": _elementwise("bitwise_and", "({0} & {1})", _INT + _BOOL),
    "bitwise_or": _elementwise("bitwise_or", "({0} | {1})", _INT + _BOOL),
    "bitwise_xor": _elementwise("bitwise_xor", "({0} ^ {1})", _INT + _BOOL),
    "invert": _elementwise("invert", "(~{0})", _INT),
    "floordiv": _elementwise("floordiv", "floordiv_int({0}, {1})", "i"),
    "mod": _elementwise("mod", "remainder_int({0}, {1})", "i"),
    **{op: _elementwise(op, f"({{0}} {sign} {{1}})", _ARITH + _BOOL)
       for op, sign in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="))},
}


# --- rules: reductions ----------------------------------------------------------------------------

def _all_axes(ctx: _Context, axis: Any) -> None:
    """Refuse a reduction over some of the axes (NumPy's order over an axis is its iterator's)."""
    rank = len(ctx.node.inputs[0].shape)
    if axis is not None and sorted(shapes.normalize_axes(axis, rank) or ()) != list(range(rank)):
        raise Unsupported(f"`{ctx.node.op}` over some of the axes has no numba rule (NumPy's order of summation "
                          "there is its iterator's)")


def _keep(ctx: _Context, scalar: str, keepdims: bool) -> str:
    out = ctx.node.outputs[0]
    ctx.tag = C
    return f"np.full({out.shape}, {scalar}, {_np(out.dtype)})" if out.shape else scalar


def _sum(ctx: _Context, x: str, axis: Any, keepdims: bool) -> str:
    _all_axes(ctx, axis)
    (v,), out = ctx.node.inputs, ctx.node.outputs[0]
    if not v.shape:
        total = ctx.cast(x, v, out.dtype) if v.dtype != out.dtype else x
    elif v.dtype.kind == "f" and v.dtype == out.dtype:
        ctx.require_layout(0)
        total = f"sum_{v.dtype.name}({x})"
    elif v.dtype.kind in _INT + _BOOL and out.dtype.kind in _INT:
        total = f"int_sum({x}, {_literal(0, out.dtype)})"
    else:
        raise Unsupported(f"`sum` of {v.dtype.name} has no numba rule")
    return _keep(ctx, f"{_np(out.dtype)}({total})", keepdims)


def _mean(ctx: _Context, x: str, axis: Any, keepdims: bool) -> str:
    _all_axes(ctx, axis)
    (v,), out = ctx.node.inputs, ctx.node.outputs[0]
    if v.dtype.kind != "f" or out.dtype != v.dtype:  # (integers: NumPy sums them cast, in buffered chunks)
        raise Unsupported(f"`mean` of {v.dtype.name} has no numba rule")
    if not v.shape:
        return _keep(ctx, x, keepdims)
    # NumPy's _mean: the sum (in the dtype), divided by the count as an intp: a float64 division.
    ctx.require_layout(0)
    count = shapes.size(v.shape)
    return _keep(ctx, f"{_np(out.dtype)}(np.float64(sum_{v.dtype.name}({x})) / np.float64({count}))", keepdims)


def _exact_reduction(fn: str, kinds: str) -> Rule:
    """``any`` / ``all`` (and ``max`` / ``min`` of integers): exact in any order."""
    def rule(ctx: _Context, x: str, axis: Any, keepdims: bool) -> str:
        _all_axes(ctx, axis)
        (v,), out = ctx.node.inputs, ctx.node.outputs[0]
        if v.dtype.kind not in kinds:
            raise Unsupported(f"`{ctx.node.op}` of {v.dtype.name} has no numba rule")
        scalar = f"{_np(out.dtype)}({x})" if not v.shape else f"{_np(out.dtype)}(np.{fn}({x}))"
        return _keep(ctx, scalar, keepdims)
    return rule


def _extreme(fn: str, larger: bool) -> Rule:
    """``max`` / ``min`` over every axis: integers as numba computes them (exact), floats through
    ``kernels.EXTREMES`` (NumPy's NaN and sign of zero)."""
    exact = _exact_reduction(fn, _INT + _BOOL)

    def rule(ctx: _Context, x: str, axis: Any, keepdims: bool) -> str:
        (v,), out = ctx.node.inputs, ctx.node.outputs[0]
        if v.dtype.kind != "f" or not v.shape:
            return exact(ctx, x, axis, keepdims)
        _all_axes(ctx, axis)
        ctx.require_layout(0)  # (NumPy's answer for a NaN or zeros of both signs depends on its order)
        return _keep(ctx, f"{_np(out.dtype)}({fn}_{v.dtype.name}({x}))", keepdims)
    return rule


# --- rules: structure ------------------------------------------------------------------------------

def _matmul(ctx: _Context, a: str, b: str) -> str:
    (va, vb), out = ctx.node.inputs, ctx.node.outputs[0]
    dtype = out.dtype
    a, b = ctx.cast(a, va, dtype), ctx.cast(b, vb, dtype)
    # A vector is a matrix of one row (column) with a stride of 0 there, not a copy: NumPy hands the vector's own
    # strides to BLAS, and so do the kernels (kernels.py).
    a2 = f"{a}[None, :]" if len(va.shape) == 1 else a
    b2 = f"{b}[:, None]" if len(vb.shape) == 1 else b
    if len(va.shape) > 2 or len(vb.shape) > 2:
        raise Unsupported("`matmul` of stacks of matrices has no numba rule")
    ctx.tag = C
    if dtype.kind == "f" and _kernels().matmul_f64 is not None:
        ctx.require_layout(0)
        ctx.require_layout(1)
        if va.dtype != dtype or vb.dtype != dtype:
            raise Unsupported("`matmul` of mixed dtypes has no numba rule (NumPy's cast keeps its layout)")
        full = f"matmul_{dtype.name}({a2}, {b2})"
    elif dtype.kind in _INT:
        full = f"matmul_int({a2}, {b2}, np.zeros(({_rows(va)}, {_cols(vb)}), {_np(dtype)}))"
    else:
        raise Unsupported(f"`matmul` of {dtype.name} has no numba rule")
    if len(va.shape) == 1 and len(vb.shape) == 1:
        return f"{_np(dtype)}({full}[0, 0])"
    if len(va.shape) == 1:
        return f"{full}[0]"
    if len(vb.shape) == 1:
        return f"np.ascontiguousarray({full}[:, 0])"  # (a column of a C array: NumPy's result is contiguous)
    return full


def _dot(ctx: _Context, a: str, b: str) -> str:
    """``np.dot`` of two matrices with no dimension of 1: matmul's bits there (ops.py's ``dot``); of a vector, or a
    matrix of one row or column, NumPy's dot calls other BLAS routines than the kernels follow: the interpreter's."""
    if any(len(v.shape) != 2 or 1 in v.shape or None in v.shape for v in ctx.node.inputs):
        raise Unsupported("`np.dot` of a vector or of a matrix with a dimension of 1 has no numba rule (NumPy's "
                          "BLAS calls there round otherwise than matmul's)")
    return _matmul(ctx, a, b)


def _rows(v: Value) -> int:
    return 1 if len(v.shape) == 1 else v.shape[0]


def _cols(v: Value) -> int:
    return 1 if len(v.shape) == 1 else v.shape[1]


def _reshape(ctx: _Context, x: str, shape: Any) -> str:
    (v,), out = ctx.node.inputs, ctx.node.outputs[0]
    if not out.shape:
        return f"{_np(out.dtype)}({x})" if not v.shape else f"np.ascontiguousarray({x}).reshape(1)[0]"
    ctx.tag = C if not v.shape or ctx.tags[0] == C else UNKNOWN  # (NumPy may give a strided view of the others)
    if not v.shape:
        return f"np.full({out.shape}, {x}, {_np(out.dtype)})"
    return f"np.ascontiguousarray({x}).reshape({out.shape})"


def _transpose(ctx: _Context, x: str, axes: tuple) -> str:
    tag = ctx.tags[0]
    if list(axes) == sorted(axes):
        ctx.tag = tag
        return x
    reverse = list(axes) == sorted(axes, reverse=True)
    ctx.tag = {C: F, F: C}.get(tag, tag) if reverse else (UNKNOWN if tag == UNKNOWN else VIEW)
    return f"np.transpose({x}, {tuple(axes)})"


def _broadcast_to(ctx: _Context, x: str, shape: tuple) -> str:
    (v,), out = ctx.node.inputs, ctx.node.outputs[0]
    if not out.shape:
        return x
    if not v.shape:
        ctx.tag = UNKNOWN  # (NumPy's is a view of one element, strides 0)
        return f"np.full({out.shape}, {x}, {_np(out.dtype)})"
    ctx.tag = UNKNOWN if ctx.tags[0] == UNKNOWN else VIEW
    return f"np.broadcast_to({x}, {out.shape})"


def _cast(ctx: _Context, x: str, dtype: Any) -> str:
    return _layout_preserving(ctx, [x], [np.dtype(dtype)], "{0}")


def _where(ctx: _Context, c: str, x: str, y: str) -> str:
    (vc, vx, vy), out = ctx.node.inputs, ctx.node.outputs[0]
    if vc.dtype != np.bool_:
        raise Unsupported("`where` with a condition that is not bool has no numba rule")
    if not out.shape:
        return f"({ctx.cast(x, vx, out.dtype)} if {c} else {ctx.cast(y, vy, out.dtype)})"
    return _layout_preserving(ctx, [c, x, y], [vc.dtype, out.dtype, out.dtype], "np.where({0}, {1}, {2})")


def _index_text(item: Any, names: Sequence[str], values: Sequence[Value], ctx: _Context, axis_size: Any) -> str:
    if isinstance(item, shapes.Ref):
        value = values[item.k]
        if value.shape or value.dtype == np.bool_:  # (a 0-d boolean mask is a mask too: x[True] adds an axis)
            raise Unsupported("indexing with an array of indices or a boolean mask has no numba rule")
        if axis_size is None:
            raise Unsupported("an index into an axis of unknown size has no numba rule")
        return f"checked_index(np.int64({names[item.k]}), {axis_size})"
    if isinstance(item, slice):
        parts = [("" if p is None else (f"np.int64({names[p.k]})" if isinstance(p, shapes.Ref) else repr(int(p))))
                 for p in (item.start, item.stop, item.step)]
        if item.step is None:
            parts.pop()
        return ":".join(parts)
    if item is None:
        return "None"
    if item is Ellipsis:
        return "..."
    if isinstance(item, (int, np.integer)) and not isinstance(item, bool):
        return repr(int(item))
    raise Unsupported(f"indexing with {type(item).__name__} has no numba rule")


def _getitem(ctx: _Context, x: str, *index_names: str, index: tuple) -> str:
    v, *index_values = ctx.node.inputs
    if any(item is Ellipsis for item in index) or not v.shape:
        raise Unsupported("`getitem` with ... or of a scalar has no numba rule")
    texts, axis = [], 0
    for item in index:
        size = v.shape[axis] if axis < len(v.shape) else None
        texts.append(_index_text(item, index_names, index_values, ctx, size))
        if item is not None:
            axis += 1
    out = ctx.node.outputs[0]
    leading = list(itertools.dropwhile(lambda item: isinstance(item, (int, np.integer, shapes.Ref)), index))
    if ctx.tags[0] == UNKNOWN:
        ctx.tag = UNKNOWN
    else:  # a view: NumPy's strides; C still where ints on the leading axes select a block of a C array
        ctx.tag = C if ctx.tags[0] == C and all(item == slice(None) for item in leading) else VIEW
    text = f"{x}[{', '.join(texts) or '()'}{',' if len(texts) == 1 else ''}]"
    return f"{_np(out.dtype)}({text})" if not out.shape else text


def _joining(name: str) -> Rule:
    """``np.concatenate`` / ``np.stack`` of arrays along ``axis``, each cast to the output's dtype first."""
    def rule(ctx: _Context, *xs: str, axis: int) -> str:
        out = ctx.node.outputs[0]
        if any(not v.shape for v in ctx.node.inputs):
            raise Unsupported(f"`{name}` of scalars has no numba rule")
        parts = [ctx.cast(x, v, out.dtype) for x, v in zip(xs, ctx.node.inputs)]
        ctx.tag = C if all(tag == C for tag in ctx.tags) else UNKNOWN
        return f"np.{name}(({', '.join(parts)},), axis={axis})"
    return rule


def _constant(ctx: _Context, value: Any) -> str:
    array = np.asarray(value)
    if not array.shape:
        return _literal(array[()], array.dtype)
    name = ctx.writer.constant(array)
    ctx.tag = ctx.writer.tags[name]
    return name


def _full(ctx: _Context, *unused: str, fill_value: Any, dtype: Any, shape: Any = None) -> str:
    out = ctx.node.outputs[0]
    ctx.tag = C
    fill = _literal(np.asarray(fill_value, dtype=out.dtype)[()], out.dtype)
    return f"np.full({out.shape}, {fill}, {_np(out.dtype)})" if out.shape else fill


def _arange(ctx: _Context, start: Any, stop: Any, step: Any, dtype: Any) -> str:
    ctx.tag = C
    return ctx.writer.constant(np.arange(start, stop, step, dtype))


def _contiguous(ctx: _Context, x: str, order: str) -> str:
    ctx.tag = order  # (runtime/graph/ops_layout.py: "C" or "F")
    return f"np.ascontiguousarray({x})" if order == C else f"np.asfortranarray({x})"


def _layout_like(ctx: _Context, x: str, prototype: str, order: str) -> str:
    """NumPy's ``empty_like(prototype, order=order)`` layout, where the prototype's tag says it (C or F)."""
    tag = ctx.tags[1]
    if tag not in (C, F):
        raise Unsupported("`layout_like` of an array whose memory layout under NumPy is not known here has no "
                          "numba rule")
    return _contiguous(ctx, x, tag)  # ("K" and "A" agree on a C- or F-contiguous prototype)


def _dim(ctx: _Context, x: str, axis: int) -> str:
    return _literal(ctx.node.inputs[0].shape[axis], np.int64)


_STRUCTURE_RULES: dict[str, Rule] = {
    "sum": _sum,
    "mean": _mean,
    "max": _extreme("max", True),
    "min": _extreme("min", False),
    "any": _exact_reduction("any", _ARITH + _BOOL),
    "all": _exact_reduction("all", _ARITH + _BOOL),
    "matmul": _matmul,
    "dot": _dot,
    "reshape": _reshape,
    "transpose": _transpose,
    "broadcast_to": _broadcast_to,
    "cast": _cast,
    "where": _where,
    "getitem": _getitem,
    "concatenate": _joining("concatenate"),
    "stack": _joining("stack"),
    "constant": _constant,
    "full": _full,
    "full_like": _full,
    "arange": _arange,
    "dim": _dim,
    "contiguous": _contiguous,
    "layout_like": _layout_like,
}


# --- rules: control flow ---------------------------------------------------------------------------

def _cond(ctx: _Context, pred: str, *operands: str, true_graph: Graph, false_graph: Graph) -> list[str]:
    writer = ctx.writer
    outs = [writer.fresh() for _ in ctx.node.outputs]
    tags: list = []
    aliased = False
    for test, graph in ((f"if {pred}:", true_graph), ("else:", false_graph)):
        writer.emit(test)
        writer.depth += 1
        results = writer.graph(graph, operands)
        branch = [writer.tags.get(r) for r in results]
        aliased = aliased or not writer.aliasing.isdisjoint(results)
        tags = branch if not tags else [join(a, b) for a, b in zip(tags, branch)]
        if outs:
            writer.emit(f"{', '.join(outs)}, = {', '.join(results)},")
        else:
            writer.emit("pass")
        writer.depth -= 1
    writer.tags.update(zip(outs, tags))
    writer.aliasing.update(outs if aliased else ())
    return outs


def _while_loop(ctx: _Context, *args: str, cond_graph: Graph, body_graph: Graph) -> list[str]:
    writer = ctx.writer
    n = len(body_graph.outputs)
    consts = list(args[n:])
    tags = list(ctx.tags[:n])
    mark = writer.mark()
    while True:  # until the loop variables' layout tags are those the body gives back (at most twice more)
        loop_vars = [writer.fresh() for _ in range(n)]
        writer.tags.update(zip(loop_vars, tags))
        for name, init in zip(loop_vars, args[:n]):
            writer.emit(f"{name} = {init}")
        writer.emit("while True:")
        writer.depth += 1
        (test,) = writer.graph(cond_graph, loop_vars + consts)
        writer.emit(f"if not {test}:")
        writer.emit("    break")
        results = writer.graph(body_graph, loop_vars + consts)
        if loop_vars:
            writer.emit(f"{', '.join(loop_vars)}, = {', '.join(results)},")
        writer.depth -= 1
        joined = [join(t, writer.tags.get(r)) for t, r in zip(tags, results)]
        if joined == tags:
            if not writer.aliasing.isdisjoint([*args[:n], *results]):
                writer.aliasing.update(loop_vars)
            return loop_vars
        writer.reset(mark)
        tags = joined


# The rules this module holds. Numba claims an op where its record names this module (``OpDef.numba``,
# runtime/graph/opdefs.py); tests/runtime/graph/test_op_records.py checks claims and rules agree.
def _python_int(ctx: _Context, *names: str, operation: str, where: str = "") -> str:
    """``python_int``: the kernel that computes ``operation`` as Python does and raises where it leaves int64
    (runtime/numba/kernels.py, ``PYTHON_INT``); the interpreter then raises Python's error at ``where``."""
    if operation not in _kernels().PYTHON_INT:
        raise Unsupported(f"`python_int` {operation} has no numba rule")
    return ctx.result(f"python_int_{operation}({', '.join(names)})")


RULES: dict[str, Rule] = {**_ELEMENTWISE_RULES, **_STRUCTURE_RULES, "cond": _cond, "while_loop": _while_loop,
                          "python_int": _python_int}


def rule_of(opdef: ops.OpDef) -> Rule:
    """The numba rule an op's record names: ``RULES[name]`` of the module it names (``OpDef.numba``)."""
    rules = getattr(importlib.import_module(opdef.numba), "RULES", {})
    if opdef.name not in rules:
        raise LookupError(f"op {opdef.name!r}'s record claims numba ({opdef.numba}), but {opdef.numba}.RULES has none")
    return rules[opdef.name]


NUMBA_RULES: dict[str, Rule] = {name: rule_of(d) for name, d in ops.OPS.items() if d.numba is not None}


def write(graph: Graph) -> tuple[str, list[np.ndarray], list[int]]:
    """``graph`` as the source of one function ``graph(a0, ..., c0, ...)`` (its inputs, then the constant arrays
    it takes as arguments), those constants, and the outputs that may be a constant or a view of one (returned
    read-only, as the interpreter returns its constants: a caller's write fails rather than change the next
    run's constant, or differ unseen from eager, where the write lands in the array the function read); raises
    ``Unsupported`` for a graph it cannot lower."""
    _check_types(graph)
    writer = _Writer()
    params = [f"a{i}" for i in range(len(graph.inputs))]
    # Inputs are C-contiguous (runtime/numba/executor.py checks it at each call).
    writer.tags.update((name, C if v.shape else None) for name, v in zip(params, graph.inputs))
    outs = writer.graph(graph, params)
    constants = [f"c{i}" for i in range(len(writer.constants))]
    source = "\n".join([f"def graph({', '.join(params + constants)}):", *writer.lines,
                        f"    return ({''.join(o + ', ' for o in outs)})"]) + "\n"
    return source, writer.constants, [i for i, o in enumerate(outs) if o in writer.aliasing]


def _check_types(graph: Graph) -> None:
    def walk(g: Graph) -> Any:
        yield from g.inputs
        for node in g.nodes:
            yield from node.outputs
            for name in ops.OPS[node.op].subgraphs:
                yield from walk(node.attrs[name])
    for value in walk(graph):
        if any(d is None for d in value.shape):
            raise Unsupported(f"a value of unknown dims ({value.type_str}) has no numba rule: numba's code is "
                              "written for the shapes the graph was traced with")
        if value.dtype.kind not in "biuf":
            raise Unsupported(f"values of dtype {value.dtype.name} have no numba rule")


def _kernels() -> Any:
    from runtime.numba import kernels  # (imports numba)

    return kernels


def helpers() -> dict[str, Any]:
    """The names the generated code calls, besides ``np`` (runtime/numba/kernels.py)."""
    kernels = _kernels()
    return {"np": np, "maximum": kernels.maximum, "minimum": kernels.minimum, "checked_index": kernels.checked_index,
            "int_sum": kernels.int_sum, "matmul_int": kernels.matmul_int,
            "sum_float64": kernels.SUMS[np.dtype(np.float64)], "sum_float32": kernels.SUMS[np.dtype(np.float32)],
            "matmul_float64": kernels.matmul_f64, "matmul_float32": kernels.matmul_f32,
            "floordiv_int": kernels.floordiv_int, "remainder_int": kernels.remainder_int,
            **{f"python_int_{operation}": fn for operation, fn in kernels.PYTHON_INT.items()},
            **{f"{'max' if larger else 'min'}_{dtype.name}": fn for (dtype, larger), fn in kernels.EXTREMES.items()}}
