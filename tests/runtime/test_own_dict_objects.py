"""An object whose class defines ``__dict__`` itself: the runtime reads its attributes without running that getter.

The loops of the converted form look for staged values among the attributes of the objects their blocks close over
(runtime/operators.py: ``_near``, ``_staged_composite``), reading each object's own dict so as to run no code of the
program. They read it as ``object.__getattribute__(obj, "__dict__")``, which runs a ``__dict__`` property (a record
presenting a view of itself): the program's getter ran once or twice more than Python runs it, and its answer was
looked through instead of the attributes. They read ``instance_dict(obj)`` now (runtime/class_lookup.py). Each path:
the converted function outside a trace, its converted form inside our trace and a JAX trace, and under ``jax.jit``."""

from __future__ import annotations

import pytest

import autograph
from autograph.testing import converted_form
from tests.helpers import jax_usable


class Presented:
    reads = 0

    @property
    def __dict__(self):
        Presented.reads += 1
        return {"w": "a view, not the weight"}


def halve_then_add(m, n):
    i = 0
    while i < n:
        m.w = m.w * 0.5
        i += 1
    for k in range(n):
        m.w = m.w + k
    return m.w


def _run(call):
    Presented.reads = 0
    m = Presented()
    m.w = 8.0
    return call(m), Presented.reads


PATHS = ["converted", "converted form", "converted form in a JAX trace", "jax.jit"]


@pytest.mark.parametrize("path", PATHS)
def test_the_getter_runs_as_often_as_in_python(path) -> None:
    converted = autograph.convert(halve_then_add)
    want = _run(lambda m: halve_then_add(m, 3))
    assert want == (4.0, 0)  # (as written: Python reads no __dict__ here)
    if path == "converted":
        got = _run(lambda m: converted(m, 3))
    elif path == "converted form":
        with converted_form():
            got = _run(lambda m: converted(m, 3))
    else:
        if not jax_usable():
            pytest.skip("JAX is not installed")
        import jax
        import jax.numpy as jnp

        if path == "jax.jit":
            got = _run(lambda m: float(jax.jit(lambda w: (setattr(m, "w", w), converted(m, 3))[1])(8.0)))
        else:
            seen = []
            jax.make_jaxpr(lambda: (seen.append(_run(lambda m: converted(m, 3))), jnp.zeros(()))[1])()
            got = seen[0]
    assert got == want
