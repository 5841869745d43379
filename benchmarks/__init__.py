"""Speed and size figures, each next to a baseline or peer measured in the same run.

    make bench                  # or: python -m benchmarks [conversion] [graphs] [jax]

Three sections, one per issue: ``conversion`` (the converter core, over every function
of ``tests/corpus.py``), ``graphs`` (staging and the NumPy interpreter) and ``jax`` (the
same workloads under ``jax.jit``). Each prints a table: our figure, its baseline, the
ratio and the target from ``TARGETS.md``. Speed targets live here only, never in the
unit tests. ``docs/benchmarks.md`` explains every figure.

Importing this package puts the repository root first on ``sys.path``, so the checked-out
``autograph`` and ``runtime`` are measured, and ``tests/corpus.py`` can be loaded.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
if sys.path[:1] != [str(ROOT)]:
    sys.path.insert(0, str(ROOT))
