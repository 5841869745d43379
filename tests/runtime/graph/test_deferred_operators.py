"""An operator between a traced array and an object that NumPy defers to: the object's reflected method answers, as
in eager NumPy (numpy's ``binop_should_defer``, NEP 13). A class that sets ``__array_ufunc__ = None`` says "my
reflected methods handle NumPy's values" (spatialmath's poses); one without ``__array_ufunc__`` whose
``__array_priority__`` is above the array's (0) or the NumPy scalar's (-1000000) is deferred to as well. The graph
tried to make an array of the object instead: a crash (NumPy's "setting an array element with a sequence") or a
refusal where eager code ran (tests/coverage/corpus_spatialmath.py, se3_scale). The oracle is eager NumPy, on both
executors, for each operator, against an array and a NumPy scalar (``np.sum``)."""

from __future__ import annotations

import operator

import numpy as np
import pytest

import autograph
from autograph.testing import assert_matches_eager
from runtime.limits import NotStageable

OPERATORS = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "truediv": operator.truediv,
             "floordiv": operator.floordiv, "mod": operator.mod, "pow": operator.pow, "matmul": operator.matmul,
             "lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge, "eq": operator.eq,
             "ne": operator.ne}
REFLECTED = {"add": "radd", "sub": "rsub", "mul": "rmul", "truediv": "rtruediv", "floordiv": "rfloordiv",
             "mod": "rmod", "pow": "rpow", "matmul": "rmatmul", "lt": "gt", "le": "ge", "gt": "lt", "ge": "le",
             "eq": "eq", "ne": "ne"}


class Answers:
    """Holds an array; its reflected methods answer with a tagged array, so a result says who computed it."""

    def __init__(self, a):
        self.a = a


def _reflected(name):
    def method(self, other):
        return other * 0.0 + self.a.sum() + len(name)  # (the tag, len(name): which method answered)
    return method


for _name in set(REFLECTED.values()):
    setattr(Answers, f"__{_name}__", _reflected(_name))


class OptsOut(Answers):
    __array_ufunc__ = None  # NumPy's operators give the reflected method the operation


class HighPriority(Answers):
    __array_priority__ = 15.0  # above an array's: NumPy defers to it too


class LowPriority(Answers):
    __array_priority__ = -5.0  # above a NumPy scalar's only


class NoReflection:
    __array_ufunc__ = None  # and no reflected method: Python's TypeError, as eagerly

    def __init__(self, a):
        self.a = a


def _program(op, cls, scalar):
    def program(x):
        left = np.sum(x) if scalar else x * 2.0
        return OPERATORS[op](left, cls(x[:1] + 1.0))
    program.__name__ = f"{op}_{cls.__name__}_{'scalar' if scalar else 'array'}"
    return program


# (LowPriority against an array is not deferred to: NumPy makes an object array of it, which a graph refuses below)
CASES = [(op, cls, scalar) for op in OPERATORS for cls in (OptsOut, HighPriority, LowPriority, NoReflection)
         for scalar in (False, True) if scalar or cls is not LowPriority]


def _input(op, scalar):
    return np.arange(4.0).reshape(2, 2) if op == "matmul" and not scalar else np.array([1.5, -2.0, 3.0])


@pytest.mark.parametrize("op, cls, scalar", CASES,
                         ids=[f"{op}-{cls.__name__}-{'scalar' if scalar else 'array'}" for op, cls, scalar in CASES])
def test_an_operator_with_an_object_numpy_defers_to_matches_eager(op, cls, scalar):
    assert_matches_eager(_program(op, cls, scalar), _input(op, scalar))


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("op", ["add", "mul", "pow"])
def test_an_object_numpy_does_not_defer_to_is_what_it_was_a_clear_refusal(op, executor):
    # (Eager NumPy makes an object array of it, each element the object's reflected answer: graphs hold numbers.)
    program = _program(op, LowPriority, False)
    assert program(_input(op, False)).dtype == object
    with pytest.raises(NotStageable, match=r"cannot make a graph constant from LowPriority"):
        autograph.function(program, executor=executor)(_input(op, False))


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_a_librarys_array_with_a_priority_stays_a_constant_of_the_graph(executor):
    # (A JAX array has __array_priority__ 100 and no __array_ufunc__: NumPy defers to it eagerly, and its reflected
    # method, handed the graph's tensor, raised JAX's TypeError; it is a constant of the graph, as before stop 98.)
    jnp = pytest.importorskip("jax.numpy")
    constant = jnp.arange(3.0)

    def scaled(x):
        return x * constant

    got = autograph.function(scaled, executor=executor)(np.ones(3))
    np.testing.assert_array_equal(got, np.asarray(scaled(np.ones(3))))
