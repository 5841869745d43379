"""Whether a Python number the graph computes has one Python type on every run: it may then be returned as one.

A ``PyNumber`` (runtime/graph/tensor.py) stands for a Python number known when the graph runs, its Python type
given by its dtype: ``float(np.sum(x))`` is a float, ``int(np.argmax(x))`` an int. Where paths meet, the type may
depend on the path taken, which a graph fixes while tracing: eager ``max(1.5, n)`` is the float or the int,
``s = 0`` before ``while ...: s += 0.5`` an int when the loop never runs, ``1 if c else 2.5`` either. The graph
carries such a number with the promoted dtype (float64), which is right for its value, but its type is the
run's. So a ``Function`` returns a ``PyNumber`` as a Python number only where it is *certain*: no path-dependent
join (``where``, a ``cond`` or loop whose paths left numbers of different Python types) feeds it through
arithmetic (an operation that fixes its result's type, ``float()``, ``int()``, a comparison, stops the question).
The others come back as 0-d arrays, as they did before (docs/functions.md).

Before (a result of the trace)::

    s = float(np.sum(x))          # certain: a float on every run
    m = max(float(x[0]), n)       # a `where` of a float and an int: not certain
    if np.sum(x) > 0:
        k = 1
    else:
        k = 2                     # a cond whose branches each leave an int: certain (recorded by the cond)

A cond and a loop record their Python-number outputs' certainty on the outermost builder (``record``, through
``tensor.record_join``), since only they see each path's value; everything else is found by walking back through
the graph's nodes (``certain``; ``tensor.certain_number`` asks it of a tensor).
"""

from __future__ import annotations

from runtime.graph.builder import GraphBuilder
from runtime.graph.ir import Graph, Value

PYTHON_TYPES = {"b": bool, "i": int, "f": float, "c": complex}
# Operations whose result's Python type follows their operands' (Python's arithmetic on numbers): a path-dependent
# operand makes the result path-dependent too. Any other operation fixes its result's type (a cast, a comparison,
# a reduction) or is a join (below).
_PROPAGATING = frozenset({"add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "neg", "pos", "abs", "invert",
                          "left_shift", "right_shift", "bitwise_and", "bitwise_or", "bitwise_xor", "python_int"})
# Joins of values from different paths: ``where`` (``max(a, b)``, ``min``), and every op with a subgraph (a cond or
# loop not recorded by ``record``).
_JOINS = frozenset({"where", "select"})


def record(value: Value, owner: GraphBuilder, sure: bool) -> None:
    """Record whether ``value`` of ``owner``'s graph (a Python number a cond or loop made) is certain: every path
    left a Python number of one type there, each certain itself (``tensor.record_join`` asks)."""
    owner.root().python_certain[id(value)] = (value, sure)


def certain(value: Value, owner: GraphBuilder) -> bool:
    """Whether the 0-d ``value`` of ``owner``'s graph, standing for a Python number, has one Python type on
    every run (see the module's docstring)."""
    root = owner.root()
    seen: set[int] = set()
    pending = [(value, owner)]
    while pending:
        value, owner = pending.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        recorded = root.python_certain.get(id(value))
        if recorded is not None and recorded[0] is value:
            if not recorded[1]:
                return False
            continue
        if value in owner._capture_inputs:  # a value of an enclosing graph, captured here: ask about that one
            outer, outer_owner = owner.captured[owner._capture_inputs.index(value)]
            pending.append((outer, outer_owner))
            continue
        node = next((n for n in reversed(owner.nodes) if any(o is value for o in n.outputs)), None)
        if node is None:  # an input or a constant: its dtype is its type
            continue
        if node.op in _JOINS or any(isinstance(a, Graph) for a in node.attrs.values()):
            return False
        if node.op in _PROPAGATING:
            pending += [(v, owner) for v in node.inputs if v.shape == ()]
    return True
