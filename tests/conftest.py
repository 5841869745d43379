"""Shared pytest setup: the ``--update-golden`` option, and the import path.

pytest puts ``tests/`` on ``sys.path`` (this conftest has no package around it),
which lets test modules ``import corpus``. But ``tests/autograph/`` would then
shadow the real ``autograph`` package as a namespace package whenever the
project root is not on ``sys.path`` (plain ``pytest`` with the editable install,
whose finder runs after the path search). So the project root goes first.
"""

from __future__ import annotations

import pathlib
import sys

import pytest

ROOT = str(pathlib.Path(__file__).resolve().parent.parent)
if sys.path[:1] != [ROOT]:
    sys.path.insert(0, ROOT)
_early = sys.modules.get("autograph")
if _early is not None and getattr(_early, "__file__", None) is None:  # the namespace package got in first
    del sys.modules["autograph"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite tests/golden/<name>.py from the current autograph.to_code output",
    )


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
