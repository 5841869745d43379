"""The external NumPy corpus: real NumPy functions from public code, staged with autograph.function.

``python -m tests.coverage`` (``make coverage``) runs them all; see harness.py and docs/coverage.md.
"""
