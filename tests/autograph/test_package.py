"""The package as a user meets it: its version, its exports, and what it says when set up wrong."""

from __future__ import annotations

import fnmatch
import importlib.metadata
import os
import pathlib
import subprocess
import sys
import types

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


def _run_script(tmp_path: pathlib.Path, code: str) -> subprocess.CompletedProcess:
    """Run ``code`` as a user's script in ``tmp_path``, with this checkout importable (as an install would be)."""
    script = tmp_path / "script.py"
    script.write_text(code)
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, env=env)


@pytest.mark.parametrize("script", ["import autograph\n", "import runtime\nimport autograph\n"],
                         ids=["autograph-first", "runtime-first"])
def test_a_users_runtime_py_that_shadows_ours_is_named(tmp_path, script):
    (tmp_path / "runtime.py").write_text("x = 1\n")
    done = _run_script(tmp_path, script)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        f"ImportError: '{tmp_path / 'runtime.py'}' is imported as `runtime` and shadows autograph's own runtime "
        f"package ({ROOT / 'runtime'}). autograph needs the import name `runtime` for itself: rename that file "
        "(or folder) of yours, e.g. to my_runtime, and update your imports of it (Python puts the folder of the "
        "script you run first on sys.path, so a runtime.py next to it wins).")
    assert "AttributeError" not in done.stderr


def test_a_runtime_folder_without_init_is_named_as_a_folder():
    from autograph.shadowing import _where

    paths, shown = _where(types.SimpleNamespace(__file__=None, __path__=["/home/me/project/runtime"]))
    assert paths == ["/home/me/project/runtime"]
    assert shown == f"the folder '/home/me/project/runtime{os.sep}' (it has no __init__.py)"


def test_without_a_shadowing_file_the_script_imports_fine(tmp_path):
    (tmp_path / "my_runtime.py").write_text("x = 1\n")
    done = _run_script(tmp_path, "import my_runtime, autograph, runtime\nprint(runtime.set_converter.__module__)\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "runtime.calls"


# --- without JAX (hidden from a fresh interpreter, as if not installed) -----------------------------------

HIDE_JAX = """
import sys
class HideJax:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("jax", "jaxlib"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, HideJax())
import numpy as np
import autograph

def double(x):
    return x * 2

print(autograph.function(double)(np.ones(2)))
for options in ({"executor": "jax"}, {"backend": "jax"}):
    try:
        autograph.function(double, **options)(np.ones(2))
    except ImportError as error:
        print(options, error)
print("jax imported:", "jax" in sys.modules)
"""


def test_without_jax_the_jax_modes_say_how_to_install_it(tmp_path):
    done = _run_script(tmp_path, HIDE_JAX)
    assert done.returncode == 0, done.stderr
    message = ("this needs JAX, which is not installed: pip install 'autograph-numpy[jax]' (or pip install jax; "
               "JAX 0.10 and later need Python 3.11+)")
    assert done.stdout.splitlines() == [
        "[2. 2.]",
        f"{{'executor': 'jax'}} {message}",
        f"{{'backend': 'jax'}} {message}",
        "jax imported: False",
    ]


# --- what pip installs -------------------------------------------------------------------------------------

def _pyproject() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_the_metadata_a_pip_user_sees():
    project = _pyproject()["project"]
    assert project["name"] == "autograph-numpy"
    assert project["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "Typing :: Typed" in project["classifiers"]
    assert any(c.startswith("Programming Language :: Python :: 3.1") for c in project["classifiers"])
    extras = project["optional-dependencies"]
    assert any(d.startswith("jax") for d in extras["jax"])
    assert any(d.startswith("hypothesis") for d in extras["testing"])


def test_every_package_is_installed_and_typed():
    setuptools = _pyproject()["tool"]["setuptools"]
    patterns = setuptools["packages"]["find"]["include"]
    packages = {".".join(p.parent.relative_to(ROOT).parts) for top in ("autograph", "runtime")
                for p in (ROOT / top).rglob("__init__.py")}
    unmatched = [p for p in packages if not any(fnmatch.fnmatch(p, pattern) for pattern in patterns)]
    assert unmatched == []
    for top in ("autograph", "runtime"):
        assert (ROOT / top / "py.typed").exists()
        assert "py.typed" in setuptools["package-data"][top]


def test_the_readme_tells_pip_users_what_to_install():
    readme = (ROOT / "README.md").read_text()
    for line in ("pip install autograph-numpy", "pip install 'autograph-numpy[jax]'",
                 "pip install 'autograph-numpy[testing]'"):
        assert line in readme
    assert "Graphviz" in readme and "`autograph` (what you\nuse) and `runtime`" in readme
