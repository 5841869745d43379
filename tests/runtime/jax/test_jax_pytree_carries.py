"""A loop over a static range whose carried state holds tracers inside a NamedTuple or a registered dataclass, or in
an attribute of a plain object the loop writes (``m.w = m.w * 0.5``), or read through a function it calls that
closes over them, is one ``lax.scan``, as it is when they sit
in a tuple, list or dict (runtime/operators.py ``_staged_in``, ``_staged_composite``; ``JaxBackend.staged_inside``).

Found by the eleventh JAX corpus (matfree's Golub-Kahan bidiagonalisation, whose state is a NamedTuple): the
dispatch core looked for tracers only in plain containers, so such a loop ran as Python's, unrolled (200
iterations, 799 equations), with no ``UnrolledLoopWarning``; so did a loop whose tracers were only in the
attributes it writes of a plain object (a model's weights, ``self.x`` in a method). The results were right, so
only the program's structure shows it: each program here is checked for one scan and no unrolled copy, and against
eager JAX under ``jit``, ``vmap`` and ``grad``."""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any, NamedTuple

import numpy as np
import pytest

import autograph

jax = pytest.importorskip("jax")
jnp = jax.numpy


class Carry(NamedTuple):
    i: Any
    x: Any


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Box:
    i: Any
    x: Any


def named_tuple(x):
    s = Carry(jnp.float32(0), x)
    for _ in range(50):
        s = Carry(s.i + 1, s.x * 0.5 + s.i)
    return s.x


def named_tuple_replaced(x):
    s = Carry(0.0, x)
    for k in range(50):
        s = s._replace(x=jnp.sin(s.x) + k)
    return s.x


def dataclass_carry(x):
    s = Box(jnp.float32(1), x)
    for _ in range(50):
        s = Box(s.i * 0.9, s.x + s.i)
    return s.x


def named_tuple_in_a_dict_beside_appends(x):
    state = {"carry": Carry(jnp.float32(0), x)}
    seen = []
    for _ in range(50):
        c = state["carry"]
        state = {"carry": Carry(c.i + 1, jnp.cos(c.x))}
        seen.append(c.x)
    return state["carry"].x + jnp.stack(seen).sum(0)


class Model:
    def __init__(self, w):
        self.w = w

    def decay(self, steps):
        for _ in range(steps):
            self.w = self.w * 0.9 + 0.1
        return self.w


def attribute_of_a_plain_object(x):
    m = Model(x)
    for _ in range(50):
        m.w = jnp.tanh(m.w) + 0.5
    return m.w


def attribute_in_a_method(x):
    return Model(x).decay(50)


def attribute_of_an_object_in_a_dict(x):
    models = {"a": [Model(x)]}
    for _ in range(50):
        models["a"][0].w = models["a"][0].w * 0.5 + 1
    return models["a"][0].w


def through_a_closure(x):
    # (The twelfth JAX corpus: FermiNet's kinetic energy reads its traced data only through a nested function; the
    # loop's own closure held the function and a Python float, so it ran as Python's, unrolled, with no word.)
    def term(i):
        return jnp.sin(x * i)

    total = 0.0
    for i in range(50):
        total = total + term(i)
    return total


def _scaled_steps(s, x):
    for i in range(50):
        x = jnp.cos(x) * s + i
    return x


def through_a_jax_partial(x):
    # (flowMC's HMC calls its leapfrog loop through jax.tree_util.Partial, a subclass of functools.partial that
    # calls converted as a plain function call: the loop ran as Python's, unrolled, with no word.)
    return jax.tree_util.Partial(_scaled_steps, 0.5)(x)


class Rule:
    """A plain object JAX takes as a leaf (ply's grammar items are such): many of them sit in the loop's closure."""

    def __init__(self, weight):
        self.weight = weight


RULES = [[Rule(j) for j in range(20)] for _ in range(5)]


def plain_objects_beside_a_named_tuple(x):
    # (jsonpath-ng's suite inside a JAX trace: every loop's closure scan flattened each such object again with
    # tree_leaves, 42x the converted form's time; a class JAX takes as a leaf is asked once now)
    rules = RULES  # (a local: the loop body closes over it, and the scan looks at each rule)
    s = Carry(jnp.float32(0), x)
    for _ in range(50):
        s = Carry(s.i + len(rules[0]), s.x * 0.5 + s.i * 0.01)
    return s.x


PROGRAMS = [named_tuple, named_tuple_replaced, dataclass_carry, named_tuple_in_a_dict_beside_appends,
            attribute_of_a_plain_object, attribute_in_a_method, attribute_of_an_object_in_a_dict,
            through_a_closure, through_a_jax_partial, plain_objects_beside_a_named_tuple]


def primitives(jaxpr: Any) -> list:
    return [eqn.primitive.name for eqn in jaxpr.eqns]


@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_a_loop_carrying_a_pytree_of_tracers_is_one_scan(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (an UnrolledLoopWarning would say the loop was unrolled)
        closed = jax.make_jaxpr(autograph.to_graph(fn))(jnp.ones(3, jnp.float32))
    names = primitives(closed.jaxpr)
    assert names.count("scan") == 1 and len(names) < 20, names


@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_the_scan_gives_eager_jaxs_values_under_jit_vmap_and_grad(fn):
    converted = autograph.to_graph(fn)
    x = jnp.array([0.1, 0.5, -0.3], jnp.float32)
    np.testing.assert_allclose(jax.jit(converted)(x), fn(x), rtol=1e-5)
    batch = jnp.stack([x, x * 2])
    np.testing.assert_allclose(jax.vmap(converted)(batch), jnp.stack([fn(x), fn(x * 2)]), rtol=1e-5)
    np.testing.assert_allclose(jax.grad(lambda v: converted(v).sum())(x), jax.grad(lambda v: fn(v).sum())(x),
                               rtol=1e-4)


def test_a_pytree_of_plain_values_still_runs_as_python():
    # No tracer inside: Python's loop, as written (an object JAX does not flatten is looked at as it is).
    s = autograph.to_graph(named_tuple_replaced)(np.float32(1.0))
    assert s == named_tuple_replaced(np.float32(1.0))


class Counted:
    """An attribute behind a property that logs each read."""

    def __init__(self, log):
        self.log, self._w = log, 0

    @property
    def w(self):
        self.log.append("read")
        return self._w

    @w.setter
    def w(self, value):
        self._w = value


def property_written_in_a_plain_loop(x, log):
    c = Counted(log)
    for _ in range(3):
        c.w = c.w + 1  # plain ints: the loop stays Python's
    return x * c.w


def test_a_loop_that_stays_pythons_reads_no_property_python_would_not():
    # Looking for tracers in what the loop writes reads only instance dicts, lists and dicts: not the getter.
    expected, got = [], []
    np.testing.assert_allclose(property_written_in_a_plain_loop(jnp.float32(2), expected), 6.0)
    np.testing.assert_allclose(jax.jit(lambda x: autograph.to_graph(property_written_in_a_plain_loop)(x, got))(2.0),
                               6.0)
    assert got == expected == ["read"] * 4  # (three in the loop, one in the return)


def test_a_class_jax_takes_as_a_leaf_is_remembered_and_a_pytree_class_is_not():
    from runtime.jax.backend import _LEAF_CLASSES, JaxBackend

    backend = JaxBackend()

    class Leaf:
        pass

    assert not backend.staged_inside(Leaf()) and Leaf in _LEAF_CLASSES
    found = []
    jax.make_jaxpr(lambda x: found.append(backend.staged_inside(Box(x, 1.0))) or x)(jnp.ones(2))
    jax.make_jaxpr(lambda x: found.append(backend.staged_inside(Carry(x, 1.0))) or x)(jnp.ones(2))
    assert found == [True, True] and Box not in _LEAF_CLASSES and Carry not in _LEAF_CLASSES
    assert not backend.staged_inside(Box(1.0, 2.0)) and Box not in _LEAF_CLASSES  # (no tracer: still a pytree)
