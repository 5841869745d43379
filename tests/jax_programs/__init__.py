"""Realistic JAX programs written with Python control flow, each with a hand-written ``lax`` twin.

``programs.PROGRAMS`` lists them with their sources (``programs.py``: JAX's own docs and examples and
textbook algorithms; ``libraries.py``: programs from JAX libraries, issue 31); ``test_jax_programs.py``
runs each one converted under ``jax.jit`` and ``autograph.function(..., backend="jax")`` against the
plain function (eagerly) and the twin, and ``jax.grad`` / ``jax.jvp`` / ``jax.vmap`` against the twin
where they make sense. ``python -m benchmarks jax_programs`` (section 6 of
``make bench``, ``benchmarks/jax_programs.py``) times staging and running against the twin.
"""
