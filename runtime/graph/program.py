"""A graph compiled once into one Python function: what ``interpreter.compile_graph`` returns.

Every value gets a slot number; the graph's nodes become straight-line Python source in which
slot ``k`` is the local variable ``s<k>``, each node one line that calls its NumPy kernel (the
Python operator itself for ``+ - * / ...``: the same function, without a call), constants are
globals of the generated module, and a value is deleted right after its last use, so NumPy's
allocator hands its memory to the next result while it is still in cache, as in eager code. For

    { lambda a:f64[3] ; let b:f64[] = constant[value=2.0]  c:f64[3] = mul a b  d:f64[] = sum c in (d) }

the program is

    def program(args):
        s0, = args
        try:
            s2 = s0 * s1
            s3 = k2_sum(s2, k2_sum_a0, k2_sum_a1)    # np.add.reduce(x, axis, ...), axis=None, keepdims=False
            del s2
        except Exception as _e:
            return _resume(_e, locals())
        return (s3,)

A ``while_loop`` becomes one such function holding a Python ``while`` over its test and body (the
loop-invariant body nodes once, before the first iteration, after the first test passes), so an
iteration does no bookkeeping beyond the kernels and the loop variables' assignment. A loop that
counts from a constant to a constant by one and reads constant arrays only at the counter (what
the roll pass makes of a run of layers, runtime/graph/passes/roll.py) becomes
``for s1, s5 in _rows:`` over the counter's values and the arrays' rows, computed once (``counted_loop``). ``cond``
calls the compiled program of the branch it takes.

A kernel that raises stops the generated code; ``_resume`` finds the failing node from the
traceback's line, rebuilds the slot list from the function's locals, lets
``kernels.failed`` name the user's line (or re-issue a warning and return the kernel's
result), and finishes the run one node at a time (``kernels.step`` closures), exactly where the fast
code stopped. So errors and warnings behave as they always did, and cost nothing until raised.
"""

from __future__ import annotations

import functools
import inspect
import os
import re
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import error_state, kernels, ops, shapes
from runtime.graph import parallel as parallel_regions
from runtime.graph.instructions import Block, Instruction
from runtime.graph.ir import Graph, Node, Value

Kernel = Callable[..., Any]
Program = Callable[[Sequence[Any]], tuple]

# One file name for every generated program, inside this package: tracebacks count its frames as
# the library's (runtime.staging hides them). Their globals are named after runtime.graph.kernels, so
# the warnings filter that turns a kernel's RuntimeWarning into an error (kernels.own_warnings) sees them.
FILENAME = os.path.join(os.path.dirname(__file__), "<graph program>")

# Ops spelled as the Python operator their kernel is (``ops.OPERATOR_FUNCTIONS``: operator.add...).
_OPERATORS = {
    "add": "{} + {}", "sub": "{} - {}", "mul": "{} * {}", "truediv": "{} / {}", "floordiv": "{} // {}",
    "mod": "{} % {}", "pow": "{} ** {}", "eq": "{} == {}", "ne": "{} != {}", "lt": "{} < {}",
    "le": "{} <= {}", "gt": "{} > {}", "ge": "{} >= {}", "neg": "-{}", "pos": "+{}", "invert": "~{}",
}
_SLOT_NAME = re.compile(r"s(\d+)\Z")


class Module:
    """The slots and the generated module's globals of one compiled graph (or loop)."""

    def __init__(self, parallel: bool) -> None:
        self.parallel = parallel
        self.template: list = []                 # every run's slot list starts as a copy
        self.namespace: dict[str, Any] = {"__name__": kernels.__name__}
        self.slots: dict[Value, int] = {}
        self.kernels = 0

    def new_slot(self, value: Value) -> int:
        slot = self.slots[value] = len(self.template)
        self.template.append(None)
        return slot

    def instructions(self, graph: Graph, nodes: Sequence[Node]) -> list[Instruction]:
        """``nodes`` (pruned, in order) as instructions; constants go into the template and namespace."""
        out = []
        for node in nodes:
            if node.op == "constant":
                value = node.attrs["value"]
                slot = self.new_slot(node.outputs[0])
                self.template[slot] = value = value[()] if value.ndim == 0 else value  # a NumPy scalar computes faster
                self.namespace[f"s{slot}"] = value
                continue
            ins = tuple(self.slots[v] for v in node.inputs)
            outs = tuple(self.new_slot(v) for v in node.outputs)
            out.append(self.instruction(node, ins, outs))
        return out

    def instruction(self, node: Node, ins: tuple[int, ...], outs: tuple[int, ...]) -> Instruction:
        args = [f"s{i}" for i in ins]
        self.kernels += 1
        name = f"k{self.kernels}_{node.op}"
        if node.op == "cond":
            true_program = compile_program(node.attrs["true_graph"], self.parallel)
            false_program = compile_program(node.attrs["false_graph"], self.parallel)
            kernel: Kernel = lambda pred, *operands: (true_program if pred else false_program)(operands)  # noqa: E731
        elif node.op == "while_loop":
            static = {k: self.template[i] for k, i in enumerate(ins) if self.template[i] is not None}  # constants
            loop = compile_loop(node.attrs["cond_graph"], node.attrs["body_graph"], self.parallel, static)
            kernel = lambda *operands: loop(operands)  # noqa: E731
        else:
            raw = kernels.NUMPY_KERNELS[node.op]
            kernel = bind(raw, node.attrs) if node.attrs else raw
            state = error_state.of_node(node)
            if state is not None:  # made inside the program's own np.errstate block: run under it
                kernel = self.namespace[name] = error_state.under(kernel, state)
                return Instruction(node, kernel, ins, outs, False, f"{name}({', '.join(args)})")
            if node.op in _OPERATORS and raw is ops.OPERATOR_FUNCTIONS.get(node.op) and not node.attrs:
                return Instruction(node, kernel, ins, outs, False, _OPERATORS[node.op].format(*args))
            if node.op == "getitem" and len(args) == 2 and _one_ref(node.attrs["index"]):
                # x[i] by one index input (a rolled loop's stacked weights, ws[i] in a staged loop): Python's
                # subscript, the kernel's own x[(i,)] without its template walk (1.8 µs -> 0.1 µs)
                return Instruction(node, kernel, ins, outs, False, f"{args[0]}[{args[1]}]")
            positional = _positional_attrs(raw, node.attrs) if node.attrs else ()
            if positional is not None:  # the attrs as the kernel's last positional arguments: no wrapper
                for k, value in enumerate(positional):
                    self.namespace[f"{name}_a{k}"] = value
                    args.append(f"{name}_a{k}")
                self.namespace[name] = raw
                return Instruction(node, kernel, ins, outs, False, f"{name}({', '.join(args)})")
        self.namespace[name] = kernel
        return Instruction(node, kernel, ins, outs, bool(ops.OPS[node.op].subgraphs), f"{name}({', '.join(args)})")


def _one_ref(index: Any) -> bool:
    return len(index) == 1 and type(index[0]) is shapes.Ref and index[0].k == 0


def bind(kernel: Kernel, attrs: Any) -> Kernel:
    """``kernel`` with its attrs filled in (positionally when they are its last parameters: cheaper)."""
    values = _positional_attrs(kernel, attrs)
    if values is not None:
        return lambda *inputs: kernel(*inputs, *values)
    return functools.partial(kernel, **attrs)


def _positional_attrs(kernel: Kernel, attrs: Any) -> Optional[tuple]:
    names = _trailing_parameters(kernel, len(attrs))
    if names is None or set(names) != set(attrs):
        return None
    return tuple(attrs[name] for name in names)


@functools.cache
def _trailing_parameters(kernel: Kernel, count: int) -> Optional[tuple[str, ...]]:
    try:
        parameters = list(inspect.signature(kernel).parameters.values())
    except (TypeError, ValueError):  # some builtins have no signature
        return None
    if any(p.kind is not p.POSITIONAL_OR_KEYWORD for p in parameters) or len(parameters) < count:
        return None
    return tuple(p.name for p in parameters[len(parameters) - count:])


# --- the generated source -----------------------------------------------------------------------------

class Source:
    """Lines of generated code, and which instruction each line runs (``(block, index)``)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.where: dict[int, tuple[str, int]] = {}  # 1-based line -> (block name, instruction index)

    def add(self, indent: int, text: str, where: Optional[tuple[str, int]] = None) -> None:
        self.lines.append("    " * indent + text)
        if where is not None:
            self.where[len(self.lines)] = where

    def block(self, indent: int, name: str, instructions: Sequence[Instruction], keep: set[int],
              skip: frozenset = frozenset()) -> None:
        """Straight-line code for ``instructions``; values they define die after their last use
        unless they are in ``keep`` (outputs, values a later block reads). The instructions at the
        indices in ``skip`` get no line: the code around gives their outputs (a counted loop's ``for``)."""
        defined = {o for ins in instructions for o in ins.outs}
        last: dict[int, int] = {}
        for k, ins in enumerate(instructions):
            for o in ins.outs:
                last[o] = k  # a value nobody reads dies where it is made
            for i in ins.ins:
                last[i] = k
        dying: dict[int, list[int]] = {}
        for slot, k in last.items():
            if slot in defined and slot not in keep:
                dying.setdefault(k, []).append(slot)
        for k, ins in enumerate(instructions):
            targets = ", ".join(f"s{o}" for o in ins.outs)
            if ins.tuple_out and len(ins.outs) == 1:
                targets += ","
            if k not in skip:
                self.add(indent, f"{targets} = {ins.call}" if ins.outs else ins.call, (name, k))
            if k in dying:
                self.add(indent, "del " + ", ".join(f"s{s}" for s in sorted(dying[k])))

    def function(self, module: Module, resume: Callable) -> Program:
        module.namespace["_resume"] = resume
        code = compile("\n".join(self.lines) + "\n", FILENAME, "exec")
        exec(code, module.namespace)
        return module.namespace["program"]


def _unpack(names: Sequence[int]) -> str:
    return ", ".join(f"s{k}" for k in names) + ("," if len(names) == 1 else "")


def _tuple(slots: Sequence[int]) -> str:
    return "(" + "".join(f"s{k}, " for k in slots).rstrip() + ")"


def _env(module: Module, local_vars: dict) -> list:
    env = module.template.copy()
    for name, value in local_vars.items():
        match = _SLOT_NAME.match(name)
        if match:
            env[int(match.group(1))] = value
    return env


def _fail(instruction: Instruction, error: Exception, env: list) -> None:
    """``kernels.failed`` for the instruction that raised: raises, or stores the kernel's result."""
    result = kernels.failed(error, instruction.node, instruction.kernel, [env[i] for i in instruction.ins])
    instruction.store(env, result)


# --- graphs and loops ---------------------------------------------------------------------------------

def compile_program(graph: Graph, parallel: bool) -> Program:
    """``program(inputs) -> outputs`` for ``graph``, built once and cached on the graph."""
    key = ("numpy", parallel)
    program = graph._cache.get(key)
    if program is not None:
        return program
    module = Module(parallel)
    inputs = [module.new_slot(v) for v in graph.inputs]
    instructions = Block(module.instructions(graph, kernels.prune(graph)))
    outputs = [module.slots[v] for v in graph.outputs]
    if parallel:
        instructions = Block(parallel_regions.plan(module, instructions, set(outputs)))
    source = Source()
    source.add(0, "def program(args):")
    if inputs:
        source.add(1, f"{_unpack(inputs)} = args")
    source.add(1, "try:")
    source.block(2, "main", instructions, set(outputs))
    source.add(2, "pass")
    source.add(1, "except Exception as _e:")
    source.add(2, "return _resume(_e, locals())")
    source.add(1, f"return {_tuple(outputs)}")
    output_getter = _getter(outputs)

    def resume(error: Exception, local_vars: dict) -> tuple:
        where = source.where.get(error.__traceback__.tb_lineno)
        if where is None:  # not a kernel's failure: the interpreter's own, shown as it is
            raise error
        k = where[1]
        env = _env(module, local_vars)
        _fail(instructions[k], error, env)
        for step in instructions.steps()[k + 1:]:
            step(env)
        return output_getter(env)

    program = graph._cache[key] = source.function(module, resume)
    return program


def compile_loop(cond_graph: Graph, body_graph: Graph, parallel: bool, static: Optional[dict] = None) -> Program:
    """One program for a whole ``while_loop`` (test, invariant part, body), cached on the body. ``static``:
    the loop's inputs that are constants of the enclosing graph (by position), for ``counted_loop``."""
    k, n = len(body_graph.inputs), len(body_graph.outputs)
    counted = counted_loop(cond_graph, body_graph, n, static or {})
    key = ("numpy_loop", cond_graph, parallel, counted and counted.key)
    program = body_graph._cache.get(key)
    if program is not None:
        return program
    module = Module(parallel)
    inputs = [module.new_slot(v) for v in body_graph.inputs]
    module.slots.update(zip(cond_graph.inputs, inputs))  # the test and the body share the loop's inputs
    test = module.instructions(cond_graph, kernels.prune(cond_graph))
    invariant = kernels.loop_invariant(body_graph, n)
    body_nodes = kernels.prune(body_graph)
    everything = module.instructions(body_graph, body_nodes)
    test = Block(test)
    hoisted = Block(ins for ins in everything if ins.node in invariant)
    body = Block(ins for ins in everything if ins.node not in invariant)
    test_slot = module.slots[cond_graph.outputs[0]]
    new_vars = [module.slots[v] for v in body_graph.outputs]
    blocks = {"test": test, "first_test": test, "hoisted": hoisted, "body": body}

    source = Source()
    source.add(0, "def program(args):")
    if k:
        source.add(1, f"{_unpack(inputs)} = args")
    loop_vars = _tuple(inputs[:n])
    source.add(1, "try:")
    source.block(2, "first_test", test, {test_slot})
    source.add(2, f"if not s{test_slot}:")
    source.add(3, f"return {loop_vars}")
    source.block(2, "hoisted", hoisted, {o for ins in hoisted for o in ins.outs})
    if counted is None:
        source.add(2, "while True:")
        source.block(3, "body", body, set(new_vars))
        if n:  # (a, b = c, d is compiled without a tuple)
            source.add(3, f"{', '.join(f's{v}' for v in inputs[:n])} = {', '.join(f's{v}' for v in new_vars)}")
        source.block(3, "test", test, {test_slot})
        source.add(3, f"if not s{test_slot}:")
        source.add(4, f"return {loop_vars}")
    else:  # the counter and its rows of the stacked constants, computed once: no test, no index per iteration
        given = [inputs[counted.counter]] + [module.slots[node.outputs[0]] for node in counted.rows_of]
        module.namespace["_rows"], module.namespace["_final"] = counted.rows, counted.final
        source.add(2, f"for {', '.join(f's{v}' for v in given)} in _rows:")
        skip = frozenset(i for i, ins in enumerate(body) if ins.node in counted.replaced)
        source.block(3, "body", body, set(new_vars), skip)
        pairs = [(v, w) for i, (v, w) in enumerate(zip(inputs[:n], new_vars)) if i != counted.counter]
        source.add(3, f"{', '.join(f's{v}' for v, _ in pairs)} = {', '.join(f's{w}' for _, w in pairs)}"
                   if pairs else "pass")
        source.add(2, f"s{inputs[counted.counter]} = _final")
        source.add(2, f"return {loop_vars}")
    source.add(1, "except Exception as _e:")
    source.add(2, "return _resume(_e, locals())")

    def resume(error: Exception, local_vars: dict) -> tuple:
        where = source.where.get(error.__traceback__.tb_lineno)
        if where is None:
            raise error
        name, index = where
        env = _env(module, local_vars)
        _fail(blocks[name][index], error, env)
        return _finish_loop(env, name, index + 1, blocks, test_slot, n, new_vars)

    program = body_graph._cache[key] = source.function(module, resume)
    return program


COUNTED_LIMIT = 4096  # iterations of a counted loop whose rows are computed up front, at most
# Body nodes times iterations of a counted loop that the JAX lowering unrolls (runtime/jax/lowering.py), at most;
# the roll pass rolls no longer run, so XLA always gets the very program the unrolled layers make.
UNROLLED_NODES = 4096


class CountedLoop:
    """A ``while_loop`` that counts from a constant to a constant by one and reads constant arrays at the
    counter (a rolled run of layers: runtime/graph/passes/roll.py): its iterations' counter values and
    rows, computed when the loop is compiled. The loop then runs ``for i, w, b in rows:`` over the body
    without the test, the step and the indexing; the values are the ones those nodes give (``X[i]`` for
    ``i`` from the start up, a NumPy int64 like the counter's sum), and a failure resumes the general loop."""

    def __init__(self, counter: int, rows_of: list, rows: list, final: Any, replaced: set, key: tuple) -> None:
        self.counter, self.rows_of, self.rows, self.final, self.replaced, self.key = (
            counter, rows_of, rows, final, replaced, key)


def loop_counter(cond_graph: Graph, body_graph: Graph, n: int) -> Optional[tuple[int, Any, Any, Node, list]]:
    """``(c, stop, step, step_node, body)`` for a ``while_loop`` of ``n`` carried values whose test is exactly
    ``i < stop`` and whose body ends ``i = i + step``, ``i`` its carried value ``c``, ``stop`` and ``step``
    constants (NumPy values); ``body``: the body's live nodes. None for any other loop."""
    test = kernels.prune(cond_graph)
    if len(test) != 2 or [node.op for node in test] != ["constant", "lt"] or cond_graph.outputs != test[1].outputs:
        return None
    bound, (counter_value, bound_value) = test[0].attrs["value"], test[1].inputs
    if bound_value is not test[0].outputs[0] or counter_value not in cond_graph.inputs[:n]:
        return None
    c = cond_graph.inputs.index(counter_value)
    body = kernels.prune(body_graph)
    step = next((node for node in body if body_graph.outputs[c] in node.outputs), None)
    if step is None or step.op != "add" or step.inputs[0] is not body_graph.inputs[c]:
        return None
    constants = {node.outputs[0]: node.attrs["value"] for node in body if node.op == "constant"}
    size = constants.get(step.inputs[1])
    return None if size is None else (c, bound, size, step, body)


def counted_loop(cond_graph: Graph, body_graph: Graph, n: int, static: dict) -> Optional[CountedLoop]:
    """``CountedLoop`` for this loop, or None when it is not ``while i < N: ...; i = i + 1`` over constants."""
    found = loop_counter(cond_graph, body_graph, n)
    if found is None:
        return None
    c, bound, one, step, body = found
    start, counter = static.get(c), body_graph.inputs[c]
    if type(start) is not np.int64 or bound.dtype != np.int64 or bound.shape != () or counter.shape != ():
        return None
    if one.dtype != np.int64 or one.shape != () or one != 1:
        return None
    start, stop = int(start), int(bound)
    if stop - start > COUNTED_LIMIT:
        return None
    rows_of, arrays = [], []
    for node in body:
        if node is step or counter not in node.inputs:
            continue
        if node.op != "getitem" or node.inputs[1:] != (counter,) or not _one_ref(node.attrs["index"]):
            return None
        array = static.get(body_graph.inputs.index(node.inputs[0])) if node.inputs[0] in body_graph.inputs[n:] \
            else None
        if type(array) is not np.ndarray or array.ndim == 0 or not 0 <= start or stop > len(array):
            return None
        rows_of.append(node)
        arrays.append(array)
    rows = [(np.int64(i), *(array[i] for array in arrays)) for i in range(start, stop)]
    final = np.int64(stop) if start < stop else static[c]
    return CountedLoop(c, rows_of, rows, final, {step, *rows_of}, (start, stop, *map(id, arrays)))


def _finish_loop(env: list, block: str, start: int, blocks: dict, test_slot: int, n: int,
                 new_vars: Sequence[int]) -> tuple:
    """The rest of a loop run, one node at a time, from instruction ``start`` of ``block``."""
    first = block in ("first_test", "hoisted")
    while True:
        if block in ("test", "first_test"):
            for step in blocks["test"].steps()[start:]:
                step(env)
            if not env[test_slot]:
                return tuple(env[:n])
            block, start = ("hoisted" if first else "body"), 0
        if block == "hoisted":
            for step in blocks["hoisted"].steps()[start:]:
                step(env)
            block, start, first = "body", 0, False
        for step in blocks["body"].steps()[start:]:
            step(env)
        env[:n] = [env[v] for v in new_vars]
        block, start = "test", 0


def _getter(slots: Sequence[int]) -> Callable[[list], tuple]:
    return lambda env: tuple(env[s] for s in slots)
