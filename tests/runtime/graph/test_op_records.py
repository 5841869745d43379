"""The op records (runtime/graph/opdefs.py): one ``OpDef`` per op holds its rule, its NumPy kernel, its effect
facts and where each executor's rule is. This is the table test: for each executor, the ops it claims, and
every claimed op has a rule that resolves; every op has a kernel; the effect facts are ones a pass may act on.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import numpy as np
import pytest

from runtime.graph import interpreter, ops, run_time_errors
from runtime.graph.opdefs import Effects, OpDef


def _claims(field: str) -> dict[str, str]:
    """Op name -> the module (or JAX function) its record names for this executor."""
    return {name: getattr(d, field) for name, d in ops.OPS.items() if getattr(d, field) is not None}


def _modules(claims: dict[str, str]) -> set[str]:
    return {ref for ref in claims.values() if not ref.startswith("jax.")}


def test_every_op_has_its_kernel_in_its_record_and_the_interpreter_runs_it():
    for name, d in ops.OPS.items():
        if d.subgraphs:  # cond / while_loop run compiled subgraphs: the interpreter builds their kernels
            assert d.kernel is None and callable(interpreter.NUMPY_KERNELS[name]), name
        else:
            assert callable(d.kernel), f"op {name!r} has no NumPy kernel in its record"
            assert interpreter.NUMPY_KERNELS[name] is d.kernel, name
    assert set(interpreter.NUMPY_KERNELS) == set(ops.OPS)


def test_every_record_is_an_opdef_with_effects_and_string_references():
    for name, d in ops.OPS.items():
        assert isinstance(d, OpDef) and d.name == name and callable(d.rule)
        assert isinstance(d.effects, Effects), name
        for field in ("jax", "numba"):  # named, not imported: the graph package imports neither JAX nor numba
            assert getattr(d, field) is None or isinstance(getattr(d, field), str), (name, field)


def _pass_facts(effects: Effects) -> tuple:
    """The facts that let a pass fold, merge or move a node (``strict`` and ``for_value_only`` only keep one)."""
    return effects.cannot_fail, effects.foldable, effects.hoistable


def test_effect_facts_are_only_declared_on_ops_a_pass_may_run_or_move():
    """A fact that lets a pass fold or merge a node needs a kernel to fold with, and no effects."""
    declared = [name for name, d in ops.OPS.items() if _pass_facts(d.effects) != _pass_facts(Effects())]
    assert {"add", "sum", "getitem", "cast", "constant"} <= set(declared)
    for name in declared:
        d = ops.OPS[name]
        assert d.kernel is not None and not d.stateful and not d.subgraphs, name
        for fact in (d.effects.cannot_fail, d.effects.foldable):
            assert isinstance(fact, bool) or callable(fact), (name, fact)
    # Library ops are not analysed: nothing is folded or merged that no one checked against XLA.
    for name in ("inv", "fft", "unique", "searchsorted", "ufunc_at", "setitem", "real", "random", "numpy_function"):
        assert _pass_facts(ops.OPS[name].effects) == _pass_facts(Effects()), name
    # What raises on values alone runs even when unused (docs/graphs.md, "Non-strict execution").
    assert ops.OPS["inv"].effects.strict and ops.OPS["scipy_cholesky"].effects.strict
    assert not ops.OPS["take"].effects.strict and ops.OPS["lstsq_residuals"].effects.for_value_only
    # The ops whose run-time error is LinAlgError (run_time_errors.ERRORS, for HandlerNotRun) are the strict ones and
    # the lazy residuals: the two lists name one set of ops.
    linalg_errors = {op for op, (rule, _) in run_time_errors.ERRORS.items()
                     if rule((), {}, []) is np.linalg.LinAlgError}
    strict = {name for name, d in ops.OPS.items() if d.effects.strict is True}
    assert linalg_errors == strict | {"lstsq_residuals"}


def test_the_jax_executor_claims_every_op_and_each_rule_resolves():
    claims = _claims("jax")
    assert set(claims) == set(ops.OPS), sorted(set(ops.OPS) - set(claims))
    # Every JAX rule is under runtime/jax (or is a JAX function).
    assert all(ref.startswith(("jax.", "runtime.jax.")) for ref in claims.values())
    pytest.importorskip("jax")
    lowering = importlib.import_module("runtime.jax.lowering")
    for name, d in ops.OPS.items():
        rule = lowering.rule_of(d)
        assert callable(rule) and lowering.JAX_LOWERINGS[name] is not None, name
        if not d.jax.startswith("jax."):
            assert importlib.import_module(d.jax).RULES[name] is rule


def test_numba_claims_the_ops_whose_records_name_it_and_each_rule_resolves():
    claims = _claims("numba")
    assert _modules(claims) == {"runtime.numba.lowering"}
    numba_lowering = importlib.import_module("runtime.numba.lowering")  # (imports no numba: source text only)
    assert set(numba_lowering.NUMBA_RULES) == set(claims)
    for name, d in ops.OPS.items():
        if d.numba is not None:
            assert numba_lowering.NUMBA_RULES[name] is numba_lowering.rule_of(d), name


@pytest.mark.parametrize("field", ["jax", "numba"])
def test_every_rule_an_executor_module_holds_is_claimed_by_a_record(field):
    """No rule without a record naming it: a rule nobody claims is dead code that looks live."""
    if field == "jax":
        pytest.importorskip("jax")
    claims = _claims(field)
    for module in _modules(claims):
        rules = set(importlib.import_module(module).RULES)
        assert rules == {name for name, ref in claims.items() if ref == module}, module


def test_a_record_naming_a_missing_rule_is_refused_with_the_op_and_module():
    fake = OpDef("no_such_op", lambda ins, attrs: [], kernel=np.negative, jax="runtime.jax.lowering",
                 numba="runtime.numba.lowering")
    numba_lowering = importlib.import_module("runtime.numba.lowering")
    with pytest.raises(LookupError, match=r"op 'no_such_op'.s record claims numba \(runtime.numba.lowering\), "
                                          r"but runtime.numba.lowering.RULES has none"):
        numba_lowering.rule_of(fake)
    pytest.importorskip("jax")
    lowering = importlib.import_module("runtime.jax.lowering")
    with pytest.raises(LookupError, match=r"op 'no_such_op'.s record names runtime.jax.lowering for its JAX rule, "
                                          r"but runtime.jax.lowering.RULES has none"):
        lowering.rule_of(fake)
    with pytest.raises(LookupError, match=r"op 'no_such_op' has no JAX rule: its record"):
        lowering.rule_of(OpDef("no_such_op", fake.rule))
    with pytest.raises(LookupError, match=r"no JAX function jax.numpy.no_such_function"):
        lowering.rule_of(OpDef("no_such_op", fake.rule, jax="jax.numpy.no_such_function"))
    # A dotted path names a JAX function, called on the inputs with the attrs.
    real = lowering.rule_of(OpDef("real", fake.rule, jax="jax.numpy.real"))
    assert float(real(None, np.complex128(2 + 3j))) == 2.0


def test_importing_the_graph_package_imports_no_executor():
    code = "import sys, runtime.graph; assert 'jax' not in sys.modules and 'numba' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_warning_from_a_core_kernel_written_in_python_names_the_users_line():
    """The core kernels that are Python code live in core_kernels, whose frames the interpreter's warnings filter
    matches as its own: NumPy's warning inside ``cast`` is issued again at the line that traced the cast."""
    from runtime.graph import TensorSpec, run, trace
    from runtime.graph.tensor import bind1

    def f(x):
        return bind1("cast", [x], dtype=np.dtype(np.int64))  # the line the warning names

    graph = trace(f, [TensorSpec((2,), np.float64)], optimize=False).graph
    assert ops.OPS["cast"].kernel.__module__ == "runtime.graph.core_kernels"
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast") as record:
        run(graph, [np.array([np.nan, 1.0])])
    assert [(w.filename, w.lineno) for w in record] == [(__file__, f.__code__.co_firstlineno + 1)]


def test_a_shape_query_is_the_one_op_that_may_not_leave_a_loop():
    """``dim`` cannot fail, but LICM keeps it where it stands (``Effects.hoistable``): under the JAX lowering it
    is a static number, which a slice bound in the loop must be."""
    from runtime.graph.builder import GraphBuilder
    from runtime.graph.passes import effects

    assert [name for name, d in ops.OPS.items() if d.effects.hoistable is not True] == ["dim"]
    builder = GraphBuilder()
    x = builder.add_input((3, None), np.float64)
    (shape_query,) = builder.add_node("dim", [x], {"axis": 1})
    (negated,) = builder.add_node("neg", [x], {})
    graph = builder.graph([shape_query, negated])
    by_op = {node.op: node for node in graph.nodes}
    assert effects.cannot_fail(by_op["dim"]) and not effects.movable(by_op["dim"])
    assert effects.movable(by_op["neg"])
