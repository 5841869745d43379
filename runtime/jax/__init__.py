"""JAX: control flow on JAX tracers as ``lax`` (the tracer backend), and our graph lowered to XLA.

- ``backend``: the ``JaxBackend`` the dispatch core hands statements on tracers to; it stages
  ``if`` through ``cond`` and loops through ``loops``, which share ``common``; ``ranges`` holds
  ``JaxRange`` (``range`` with a traced bound); ``inner_ranges`` bounds an inner ``range(n - i - 1)``
  in a scanned loop statically, so that it stays a scan.
- ``lowering``: ``lower(graph)`` turns a graph of ``runtime.graph`` into a JAX function.
- ``options``: the switches ``static_loops`` and ``cheap_selects`` (context managers), and
  ``UnrolledLoopWarning``; ``select`` holds the rule for turning a cheap ``if`` into ``lax.select``.
- ``checks``: ``raise`` / ``assert`` on tracers as checks that raise when the program runs;
  ``builtins``: ``min`` / ``max`` of tracers, with Python's choice.
- ``grad_errors``: ``jax.grad`` through a loop staged as ``lax.while_loop`` raises
  ``WhileLoopGradError``, naming the loop's file:line and the bounded form to write instead.
- ``jax_internals``: the JAX internals (``jax._src``) the others use, each taken from where the installed JAX
  release keeps it (they move between JAX's minor releases: ``MIN_JAX``, ``BEYOND_JAX`` bound those tested).

The dispatch core imports this package the first time a value of a ``jax.*`` type reaches an
operator (``runtime.register_lazy``); importing it registers the backend and does not import
JAX: ``cond``, ``loops`` and ``lowering`` do, and they are imported only when used.
"""

import sys
from typing import Any

from runtime.backend import register
from runtime.calls import register_object_calls
from runtime.jax.backend import JaxBackend
from runtime.jax.higher_order import converted_custom_derivative
from runtime.jax.options import UnrolledLoopWarning, cheap_selects, static_loops
from runtime.jax.ranges import JaxRange
from runtime.versions import version_tuple

# The oldest JAX this package is tested with: 0.10 brought the APIs it uses (jax.extend.core.no_effects,
# jax.enable_x64); under 0.10.0, jit(grad(grad)) through a staged while loop fails inside JAX instead of
# raising our WhileLoopGradError.
MIN_JAX = (0, 10, 2)
# The first JAX release this package is not tested with, and refuses: it uses JAX internals (jax._src: the tracing
# lax.cond does for its bodies, partial_eval's dce_jaxpr, weak types) that JAX changes between minor releases
# (0.11 and 0.12 moved and reshaped them: an ImportError from deep inside, or worse, a result that differs unseen).
# runtime/jax/jax_internals.py takes each from where the installed JAX keeps it; tested with 0.10.2 (what pip takes
# for the `[jax]` extra on Python 3.11), 0.11.2 and 0.12.0.1 (what it takes on Python 3.12+).
BEYOND_JAX = (0, 13)


def import_jax() -> Any:
    """``import jax``, leaving NumPy's global random generator as it was: importing JAX draws from it
    (``jax/_src/clusters/k8s_cluster.py``: ``np.random.rand``), so a program that seeded ``np.random`` would
    draw other numbers after its first ``executor="jax"`` call than eagerly, only because autograph imported
    JAX for it. (A program that imports JAX itself moves the stream itself, as it does without autograph.)"""
    if "jax" in sys.modules:
        import jax

        return jax
    import numpy as np

    state = np.random.get_state()
    try:
        import jax
    finally:
        np.random.set_state(state)
    return jax


def require() -> None:
    """Import JAX, or say how to install it (JAX is the optional ``[jax]`` extra), or that it is too old."""
    try:
        jax = import_jax()
    except ImportError as error:
        raise ImportError("this needs JAX, which is not installed: pip install 'autograph-numpy[jax]' "
                          "(or pip install jax; JAX 0.10 and later need Python 3.11+)") from error
    check_version(jax.__version__)


def check_version(version: str) -> None:
    """An ImportError that says what to do if ``version`` (JAX's) is older than ``MIN_JAX``, or is ``BEYOND_JAX``
    or newer (not tested: the JAX internals this package uses change between JAX's minor releases)."""
    oldest, beyond = ".".join(map(str, MIN_JAX)), ".".join(map(str, BEYOND_JAX))
    if version_tuple(version) < MIN_JAX:
        raise ImportError(f"autograph's JAX features need JAX {oldest} or newer, and JAX {version} is installed: "
                          f"pip install -U 'jax>={oldest},<{beyond}' (it needs Python 3.11+)")
    if version_tuple(version)[:len(BEYOND_JAX)] >= BEYOND_JAX:
        raise ImportError(f"autograph's JAX features are tested with JAX {oldest} up to (not including) {beyond}, "
                          f"and JAX {version} is installed: they use JAX internals that newer releases changed. "
                          f"pip install 'jax>={oldest},<{beyond}' (it installs on Python 3.11 to 3.13), or use the "
                          "NumPy executor (the default), which needs no JAX")


# Imported once a value of a JAX type reaches an operator: a JAX too old says so here, not as an ImportError of
# a JAX internal from a submodule.
# Checked before the backend registers: an import that fails here registers nothing, and is tried again
# (runtime/backend.py keeps it lazily registered).
if "jax" in sys.modules and getattr(sys.modules["jax"], "__version__", None):
    check_version(sys.modules["jax"].__version__)

JAX_BACKEND = JaxBackend()
register(JAX_BACKEND)
# jax.custom_jvp / custom_vjp objects that converted code calls: their functions converted (no JAX import here)
register_object_calls("jax._src.custom_derivatives", converted_custom_derivative)

__all__ = ["BEYOND_JAX", "JAX_BACKEND", "JaxBackend", "JaxRange", "MIN_JAX", "UnrolledLoopWarning", "cheap_selects",
           "check_version", "import_jax", "require", "static_loops"]
