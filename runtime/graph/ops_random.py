"""Random ops: a NumPy generator's draw, made each time the graph runs.

Before (Python, ``x`` a graph tensor; ``rng`` a ``np.random.Generator`` argument)::

    noise = np.random.normal(loc=x, size=(2, 3))
    g = np.random.default_rng(7)
    u = g.uniform()

After (the graph)::

    b:f64[2,3] = random[draw=np.random.normal(loc=$0, size=(2, 3))] a
    _ = random_generator[generator=default_rng#1 make=np.random.default_rng(7)]
    c:f64[] = random[draw=default_rng#1.uniform()]

* ``random(*inputs; draw)``: ``draw`` (a ``Draw``) names the generator (its ``source``), the method and
  the arguments as the user wrote them, with ``$k`` (``Ref(k)``) for the k-th input; the kernel calls
  that very method at run time, so the numbers are eager NumPy's, in eager's order. Its output type
  is the one ``draw`` was traced to give (none for ``seed``). A ``draw.in_place`` method (``shuffle``)
  runs on a copy of its first argument and returns the copy; the tracer writes it back.
* ``random_generator(*inputs; generator, make)``: ``make`` (a ``Draw`` of ``np.random.default_rng`` or
  ``np.random.RandomState``) is called at run time and its generator becomes ``generator``'s, for
  this run and this thread: what a ``default_rng(seed)`` inside the traced function gives eagerly,
  a fresh generator at every call.

Both are stateful ops (``opdefs.OpDef.stateful``): no pass folds, merges, hoists or drops them, and
they run in the order they were traced, on the calling thread (runtime/graph/passes/effects.py,
runtime/graph/parallel.py). Their JAX lowering refuses (runtime/jax/lowering.py): XLA has no NumPy
generator, and a stream of ``jax.random`` keys would give other numbers than eager NumPy
(docs/graphs.md, "Random numbers").
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from runtime.graph.opdefs import define
from runtime.graph.shapes import Ref, fmt_shape


class Source:
    """A generator a draw calls at run time: ``target`` itself (``np.random``, a user's ``Generator``), or,
    for a per-run source, the generator ``set`` gave it last on this thread."""

    def __init__(self, target: Any, label: str, per_run: bool = False) -> None:
        self.label = label
        self.per_run = per_run
        self._target = target
        self._local = threading.local()

    def generator(self) -> Any:
        if not self.per_run:
            return self._target
        try:
            return self._local.generator
        except AttributeError:  # (a random_generator node runs before every draw that uses its generator)
            raise RuntimeError(f"autograph bug: {self.label} is drawn from before it was made in this run") from None

    def set(self, generator: Any) -> None:
        self._local.generator = generator

    def __repr__(self) -> str:
        return self.label


@dataclass(frozen=True, eq=False)
class Draw:
    """``source.method(*args, **kwargs)``, ``Ref(k)`` standing for the k-th input, giving ``(shape, dtype)``
    (``dtype`` None: nothing, as ``seed`` gives). ``in_place``: the method changes its first argument
    (``shuffle``), which the kernel copies first and returns."""

    source: Source
    method: str
    args: tuple
    kwargs: tuple  # (name, value) pairs, in the user's order
    shape: tuple = ()
    dtype: Optional[np.dtype] = None
    in_place: bool = False

    def run(self, inputs: tuple) -> Any:
        args = [_fill(a, inputs) for a in self.args]
        kwargs = {k: _fill(v, inputs) for k, v in self.kwargs}
        if self.in_place:
            args[0] = result = np.array(args[0], copy=True)
            getattr(self.source.generator(), self.method)(*args, **kwargs)
            return result
        result = getattr(self.source.generator(), self.method)(*args, **kwargs)
        if self.dtype is None or type(result) is np.ndarray:
            return result
        return self.dtype.type(result)  # a Python float or int drawn: the NumPy scalar a graph holds

    def __repr__(self) -> str:
        items = [_show(a) for a in self.args] + [f"{k}={_show(v)}" for k, v in self.kwargs]
        return f"{self.source!r}.{self.method}({', '.join(items)})"


def _fill(value: Any, inputs: tuple) -> Any:
    if type(value) is not Ref:
        return value
    value = inputs[value.k]
    # A 0-d input (an argument arrives as a 0-d array) stands for the NumPy scalar eager code passes:
    # np.random.default_rng takes np.int64(7), not np.array(7).
    return value[()] if type(value) is np.ndarray and value.ndim == 0 else value


def _show(value: Any) -> str:
    if type(value) is Ref:
        return f"${value.k}"
    if isinstance(value, np.ndarray) and value.size > 6:  # (as printing.fmt_attr shows a large array)
        return f"array<{value.dtype.name}{fmt_shape(value.shape)}>"
    return repr(value)


# --- the ops --------------------------------------------------------------------------------------

def _random_rule(ins, attrs):
    draw = attrs["draw"]
    return [] if draw.dtype is None else [(draw.shape, draw.dtype)]


def _random_kernel(*inputs: Any, draw: Draw) -> Any:
    return draw.run(inputs)


def _generator_kernel(*inputs: Any, generator: Source, make: Draw) -> None:
    generator.set(make.run(inputs))


# (Their JAX rules, which refuse, are in runtime/jax/lowering.py with the other stateful ops'.)
define("random", _random_rule, stateful=True, kernel=_random_kernel, jax="runtime.jax.lowering")
define("random_generator", lambda ins, attrs: [], stateful=True, kernel=_generator_kernel, jax="runtime.jax.lowering")

