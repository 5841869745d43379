"""Transparency: other people's code and test suites, run unconverted and converted (``make transparency``).

``harness.py`` runs the suites and writes docs/fidelity.md, ``runner.py`` is the process that runs one
suite, ``test_smoke.py`` is the fast subset that ``make test`` runs. Importing this package runs nothing.
"""
