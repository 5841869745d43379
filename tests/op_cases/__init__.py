"""Test cases for the library ops (``runtime/graph/ops_library.py``), one module per op module.

Each module holds ``CASES``: ``(op, input_arrays, attrs)`` triples. The JAX lowering's table test
runs every case through the interpreter and the lowering and compares them, and checks that every
op of the closed set has a case somewhere.
"""

import importlib
import pkgutil


def all_cases() -> list:
    cases = []
    for info in pkgutil.iter_modules(__path__):
        cases += importlib.import_module(f"{__name__}.{info.name}").CASES
    return cases
