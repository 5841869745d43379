"""JAX: control flow on JAX tracers as ``lax`` (the tracer backend), and our graph lowered to XLA.

- ``backend``: the ``JaxBackend`` the dispatch core hands statements on tracers to; it stages
  ``if`` through ``cond`` and loops through ``loops``, which share ``common``; ``ranges`` holds
  ``JaxRange`` (``range`` with a traced bound); ``inner_ranges`` bounds an inner ``range(n - i - 1)``
  in a scanned loop statically, so that it stays a scan.
- ``lowering``: ``lower(graph)`` turns a graph of ``runtime.graph`` into a JAX function.
- ``options``: the switches ``static_loops`` and ``cheap_selects`` (context managers), and
  ``UnrolledLoopWarning``; ``select`` holds the rule for turning a cheap ``if`` into ``lax.select``.
- ``grad_errors``: ``jax.grad`` through a loop staged as ``lax.while_loop`` raises
  ``WhileLoopGradError``, naming the loop's file:line and the bounded form to write instead.

The dispatch core imports this package the first time a value of a ``jax.*`` type reaches an
operator (``runtime.register_lazy``); importing it registers the backend and does not import
JAX: ``cond``, ``loops`` and ``lowering`` do, and they are imported only when used.
"""

from runtime.backend import register
from runtime.jax.backend import JaxBackend
from runtime.jax.options import UnrolledLoopWarning, cheap_selects, static_loops
from runtime.jax.ranges import JaxRange

JAX_BACKEND = JaxBackend()
register(JAX_BACKEND)


def require() -> None:
    """Import JAX, or say how to install it (JAX is the optional ``[jax]`` extra)."""
    try:
        import jax  # noqa: F401
    except ImportError as error:
        raise ImportError("this needs JAX, which is not installed: pip install 'autograph-numpy[jax]' "
                          "(or pip install jax)") from error


__all__ = ["JAX_BACKEND", "JaxBackend", "JaxRange", "UnrolledLoopWarning", "cheap_selects", "require",
           "static_loops"]
