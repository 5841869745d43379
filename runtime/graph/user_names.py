"""The user's variable names for a graph's values, for the picture (``printing.to_dot``).

The IR keeps no names (values are compared by identity and printed as a, b, ...), but every node
records where the user's program made it (``Node.location``: file and line). That is enough to
recover the names a reader looks for, without the tracer recording anything more:

* a node's output is named by the simple assignment it was computed for (``w = w - lr * g``,
  ``i += 1``, ``y: float = ...``): of the nodes made by that statement, the last one's output is
  what the variable holds;
* a top-level graph's inputs are named by the parameters of the function around its first node,
  when their number matches (a Python number passed for a parameter is no input, so then we guess
  nothing rather than guess wrong);
* a subgraph's inputs take the names of the operands its node passes in (``while_loop`` passes
  all its inputs, ``cond`` all but the predicate), and a ``while_loop``'s results the names of
  its loop variables' initial values.

Anything else stays unnamed (the picture falls back to the letters of the text form). A file that
cannot be read or parsed (a REPL's ``<stdin>``) names nothing.
"""

from __future__ import annotations

import ast
import linecache
import weakref
from typing import Any, Optional

# A loaded graph's nodes name no readable file (serialization.py labels them ``<saved: file>``), so
# the names are saved with the graph and kept here for its picture: node -> name, graph -> params.
saved_node_names: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
saved_parameter_names: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

_parsed: dict[str, tuple[str, Optional[ast.Module]]] = {}


def _module(filename: str) -> Optional[ast.Module]:
    """The parsed source of ``filename`` (re-parsed when its text changed: notebook cells are rerun)."""
    text = "".join(linecache.getlines(filename))
    cached = _parsed.get(filename)
    if cached is not None and cached[0] == text:
        return cached[1]
    try:
        tree = ast.parse(text) if text else None
    except (SyntaxError, ValueError):
        tree = None
    _parsed[filename] = (text, tree)
    return tree


# The op each operator expression ends in (runtime/graph/ops.py names them after the operator module).
_OPERATOR_OPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv", ast.FloorDiv: "floordiv",
                 ast.Mod: "mod", ast.Pow: "pow", ast.MatMult: "matmul", ast.USub: "neg", ast.Not: "logical_not",
                 ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge", ast.Eq: "eq", ast.NotEq: "ne"}


def _innermost(filename: str, line: int, kinds: tuple) -> Optional[ast.AST]:
    """The smallest node of one of ``kinds`` whose lines span ``line``."""
    tree = _module(filename)
    if tree is None:
        return None
    best = None
    for node in ast.walk(tree):
        if isinstance(node, kinds) and node.lineno <= line <= (node.end_lineno or node.lineno):
            if best is None or (node.end_lineno - node.lineno) <= (best.end_lineno - best.lineno):
                best = node
    return best


def _expected_op(stmt: ast.stmt) -> Optional[str]:
    """The op a statement's value ends in when it is an operator expression, else None (any op)."""
    if isinstance(stmt, ast.AugAssign):
        return _OPERATOR_OPS.get(type(stmt.op))
    value = stmt.value
    if isinstance(value, (ast.BinOp, ast.UnaryOp)):
        return _OPERATOR_OPS.get(type(value.op))
    if isinstance(value, ast.Compare) and len(value.ops) == 1:
        return _OPERATOR_OPS.get(type(value.ops[0]))
    return None


def assigned_name(location: Optional[tuple[str, int]], op: Optional[str] = None) -> tuple[Optional[str], Any]:
    """The variable a simple assignment at ``location`` binds, and a key for that statement (None,
    None when ``op`` cannot be the op its value ends in)."""
    if location is None:
        return None, None
    stmt = _innermost(location[0], location[1], (ast.stmt,))
    target = None
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        target = stmt.targets[0]
    elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)) and stmt.value is not None:
        target = stmt.target
    if not isinstance(target, ast.Name):  # a, b = ... or x[i] = ...: no one value to name
        return None, None
    expected = _expected_op(stmt)
    if op is not None and expected is not None and op != expected:
        return None, None
    return target.id, (location[0], stmt.lineno, stmt.col_offset)


def parameter_names(graph: Any) -> Optional[list[str]]:
    """The parameter names of the function that made ``graph``, if they match its inputs one to one."""
    if graph in saved_parameter_names:
        return saved_parameter_names[graph]
    location = next((node.location for node in graph.nodes if node.location is not None), None)
    if location is None:
        return None
    function = _innermost(location[0], location[1], (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
    if function is None:
        return None
    arguments = function.args
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
    return names if len(names) == len(graph.inputs) else None


def carried_names(node: Any) -> list[Optional[str]]:
    """A ``while_loop``'s loop-variable names, from what its body assigns them; [] for other ops."""
    body = node.attrs.get("body_graph") if node.op == "while_loop" else None
    if body is None:
        return []
    assigned = node_output_names(body.nodes)
    return [assigned.get(value) for value in body.outputs]


def subgraph_input_names(node: Any, sub: Any, names: dict) -> dict:
    """Names for ``sub``'s inputs from the operands ``node`` passes it (see the module docstring)."""
    operands = node.inputs if len(sub.inputs) == len(node.inputs) else node.inputs[1:]
    if len(operands) != len(sub.inputs):
        return {}
    carried = carried_names(node)
    found = {}
    for k, (inner, outer) in enumerate(zip(sub.inputs, operands)):
        name = (carried[k] if k < len(carried) else None) or names.get(outer)
        if name is not None:
            found[inner] = name
    return found


def statement_name(node: Any) -> Optional[str]:
    """The variable the statement that made ``node`` assigns (whether or not ``node`` is its last)."""
    if len(node.outputs) != 1:
        return None
    return saved_node_names.get(node) or assigned_name(node.location, node.op)[0]


def node_output_names(nodes: list) -> dict:
    """Names for the outputs of ``nodes`` (one graph's) made by simple assignments."""
    last: dict[Any, tuple[str, Any]] = {}
    for node in nodes:
        if len(node.outputs) == 1:
            if node in saved_node_names:
                name, key = saved_node_names[node], (node.location, saved_node_names[node])
            else:
                name, key = assigned_name(node.location, node.op)
            if name is not None:
                last[key] = (name, node.outputs[0])  # a later node of the same statement replaces it
    return {value: name for name, value in last.values()}
