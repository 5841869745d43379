"""The package as a user meets it: its version, its exports, and what it says when set up wrong."""

from __future__ import annotations

import importlib.metadata
import pathlib
import subprocess
import sys

import pytest

import autograph

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def test_version_matches_the_installed_distribution():
    assert autograph.__version__ == importlib.metadata.version("autograph-numpy")


def test_staging_error_and_the_graph_assertion_are_exported():
    from runtime.graph import assert_
    from runtime.staging import StagingError

    assert autograph.StagingError is StagingError and autograph.assert_ is assert_
    with pytest.raises(AssertionError, match="x must be positive"):
        autograph.assert_(False, "x must be positive")


def test_a_missing_jax_says_how_to_install_it(monkeypatch):
    from runtime import jax as jax_runtime

    monkeypatch.setitem(sys.modules, "jax", None)  # what `import jax` sees when JAX is not installed
    with pytest.raises(ImportError, match=r"pip install 'autograph-numpy\[jax\]'"):
        jax_runtime.require()


def test_a_users_runtime_py_that_shadows_ours_is_named(tmp_path):
    (tmp_path / "runtime.py").write_text("x = 1\n")
    script = tmp_path / "script.py"
    script.write_text("import autograph\n")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert done.returncode != 0
    assert f"'{tmp_path / 'runtime.py'}' is imported as `runtime` and shadows autograph's own runtime" in done.stderr
    assert "Rename that file" in done.stderr
