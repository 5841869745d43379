"""`make demo`: convert the tutorial examples, show the converted code, and check that the
converted functions agree with the originals (and how long each takes)."""

from __future__ import annotations

import sys
import timeit
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from tutorial import EXAMPLES  # noqa: E402

import autograph  # noqa: E402


def _same(a, b) -> bool:
    return np.array_equal(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else a == b


def _per_call(fn, args) -> float:
    number = 2000
    return min(timeit.repeat(lambda: fn(*args), number=number, repeat=3)) / number * 1e6


def show_conversion() -> None:
    print("=" * 78)
    print("1. Python control flow, converted (autograph.to_code) and run on Python/NumPy values")
    print("=" * 78)
    for fn, calls in EXAMPLES:
        print(f"\n--- {fn.__name__}: converted code ---")
        print(autograph.to_code(fn))
        converted = autograph.convert(fn)
        for args in calls:
            expected, actual = fn(*args), converted(*args)
            verdict = "agree" if _same(expected, actual) else "DIFFER"
            print(f"{fn.__name__}{tuple(args)!r}: original {expected!r}, converted {actual!r}: {verdict}; "
                  f"{_per_call(fn, args):.2f} us vs {_per_call(converted, args):.2f} us per call")
            if verdict != "agree":
                raise SystemExit(1)


def main() -> None:
    show_conversion()
    for section in _extra_sections():
        section()


def _extra_sections():
    """Graph and JAX parts, when the modules that provide them are there."""
    sections = []
    try:
        from demo_graph import show_graphs
        sections.append(show_graphs)
    except ImportError:
        pass
    try:
        from demo_jax import show_jax
        sections.append(show_jax)
    except ImportError:
        pass
    return sections


if __name__ == "__main__":
    main()
