"""numba: our graph lowered to Python source that ``numba.njit`` compiles (``executor="numba"``).

- ``lowering``: ``write(graph)`` -> the source of one generated function, or ``Unsupported`` saying which
  op has no rule; ``NUMBA_RULES``, the one rule table.
- ``executor``: ``lower(graph)`` -> a ``Compiled`` graph (compiled once, cached on the graph);
  ``executor(graph)`` -> ``NumbaExecutor``, what ``executor="numba"`` runs (the interpreter where the
  graph does not lower, with ``fallback`` saying why).
- ``kernels``: the compiled helpers the generated code calls where a NumPy kernel's exact arithmetic
  must be copied (the pairwise sum, matmul through NumPy's own BLAS).
- ``blas``: NumPy's own OpenBLAS, its ``cblas_*`` functions as ctypes pointers numba can call.

Importing this package, ``lowering`` or ``executor`` does not import numba: ``kernels`` does, imported
when a graph is first compiled.
"""

from __future__ import annotations

INSTALL_HINT = "pip install 'autograph-numpy[numba]' (or pip install numba)"


def available() -> bool:
    """Whether numba can be imported (without importing it twice: it is cached in sys.modules)."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def require() -> None:
    """Import numba, or say how to install it (numba is the optional ``[numba]`` extra)."""
    try:
        import numba  # noqa: F401
    except ImportError as error:
        raise ImportError(f"executor='numba' needs numba, which is not installed: {INSTALL_HINT}") from error


__all__ = ["INSTALL_HINT", "available", "require"]
