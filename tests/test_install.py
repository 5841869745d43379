"""The package as a user installs it: build the wheel, install it into a new virtual environment, and run
a program there from a directory outside the checkout, with the checkout nowhere on ``sys.path``.

How, and why so (a few seconds in all, and no network):

* The wheel is built from a copy of the checkout's files (caches, virtual environments and git left
  out), so the build's ``build/`` and ``*.egg-info`` never land in the checkout, and a test run
  elsewhere in the tree cannot race with it. It is built with ``pip wheel --no-build-isolation
  --no-index``: the build backend is this environment's setuptools (pyproject's ``test`` extra asks for
  the version ``[build-system]`` needs), so nothing is downloaded. Where this environment's setuptools
  is older, pip's isolated build is tried (it downloads setuptools), and the test is skipped, saying
  why, only if that fails too.
* The new environment is made with ``python -m venv --without-pip`` (no system site-packages) and the
  wheel installed into it by this environment's pip (``pip --python``), with ``--no-deps --no-index``.
* NumPy, the one dependency, is not downloaded either: the new environment's site-packages gets
  symbolic links to this environment's ``numpy``, ``numpy.libs`` (the wheel's bundled libraries) and its
  ``.dist-info``. That is all the new environment sees of this one: it finds NumPy where pip would
  have put it, and nothing else (not JAX, not this package's editable install).
"""

from __future__ import annotations

import importlib.metadata
import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("autograph", "runtime")
# What the copy leaves out: never part of a build, and some (.venv, .transparency-cache) large.
CACHES = {"__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache", ".transparency-cache"}
TOP_LEVEL = {".git", "build", "dist"}  # (only at the top: a package may have a module named so)
# The build backend pyproject.toml asks for (its [build-system] requires setuptools>=77).
SETUPTOOLS = (77,)

PROGRAM = """\
import autograph, numpy as np
f = autograph.function(lambda x: x * 2 if np.sum(x) > 0 else -x)
print(f(np.array([1.0, 2.0])), f(np.array([-3.0, 1.0])), f.tracing_count)
"""


def _ignored(directory: str, names: list[str]) -> set[str]:
    top = pathlib.Path(directory) == ROOT
    return {name for name in names if name in CACHES or name.endswith((".pyc", ".egg-info"))
            or (top and (name in TOP_LEVEL or name.startswith(".venv")))}


def _pip(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                          capture_output=True, text=True, timeout=timeout)


def _version(dist: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in importlib.metadata.version(dist).split(".")[:2] if part.isdigit())
    except importlib.metadata.PackageNotFoundError:
        return ()


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A copy of the checkout (what the wheel is built from, and what it is compared with)."""
    copy = tmp_path_factory.mktemp("install") / "source"
    shutil.copytree(ROOT, copy, ignore=_ignored)
    return copy


@pytest.fixture(scope="module")
def wheel(source: pathlib.Path) -> pathlib.Path:
    """The wheel, built from the copy."""
    dist = source.parent / "dist"
    if _version("setuptools") >= SETUPTOOLS:
        built = _pip("wheel", str(source), "--no-deps", "--no-build-isolation", "--no-index", "-w", str(dist))
        assert built.returncode == 0, built.stdout + built.stderr
    else:  # pip's isolated build: it downloads the build backend
        try:
            built = _pip("wheel", str(source), "--no-deps", "-w", str(dist))
            why = (built.stderr.strip().splitlines() or ["(no output)"])[-1] if built.returncode else ""
        except subprocess.TimeoutExpired:
            why = "it timed out"
        if why:
            have = ".".join(map(str, _version("setuptools"))) or "none"
            pytest.skip(f"cannot build the wheel here: this environment's setuptools ({have}) is older than "
                        "the build requirement, setuptools>=77 (pip install -e '.[test]' installs it), and "
                        f"pip's isolated build could not get one: {why}")
    (found,) = dist.glob("autograph_numpy-*.whl")
    return found


def _packages(names: list[str]) -> set[str]:
    return {str(pathlib.PurePosixPath(name).parent).replace("/", ".") for name in names
            if name.endswith("/__init__.py")}


def test_the_wheel_holds_every_package_and_its_data(source: pathlib.Path, wheel: pathlib.Path):
    names = zipfile.ZipFile(wheel).namelist()
    in_checkout = {".".join(p.parent.relative_to(source).parts) for top in PACKAGES
                   for p in (source / top).rglob("__init__.py")}
    assert _packages(names) == in_checkout  # every subpackage, and no other package (tests/, examples/)
    modules = {p.relative_to(source).as_posix() for top in PACKAGES for p in (source / top).rglob("*.py")}
    assert sorted(modules - set(names)) == []
    assert {"autograph/py.typed", "runtime/py.typed"} <= set(names)  # PEP 561: the packages are typed
    tops = {name.split("/")[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == set(PACKAGES)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "Requires-Dist: numpy>=2.2" in metadata
    assert {"Provides-Extra: jax", "Provides-Extra: testing"} <= set(metadata.splitlines())


def _link_numpy(site_packages: pathlib.Path) -> None:
    """Make this environment's NumPy the new one's, by symbolic links (see the module's docstring)."""
    here = pathlib.Path(np.__file__).parent.parent
    for path in (here / "numpy", here / "numpy.libs", here / f"numpy-{importlib.metadata.version('numpy')}.dist-info"):
        if path.exists():
            (site_packages / path.name).symlink_to(path, target_is_directory=True)


def test_the_installed_wheel_runs_a_program_outside_the_checkout(wheel: pathlib.Path, tmp_path: pathlib.Path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    installed = _pip("--python", str(python), "install", "--no-deps", "--no-index", str(wheel))
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site_packages = pathlib.Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True).stdout.strip())
    _link_numpy(site_packages)

    work = tmp_path / "work"  # the current directory: outside the checkout
    work.mkdir()
    (work / "program.py").write_text(PROGRAM)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}

    def run(*args: str) -> str:
        done = subprocess.run([str(python), *args], capture_output=True, text=True, cwd=work, env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run("program.py").splitlines() == ["[2. 4.] [ 3. -1.] 1"]
    where = run("-c", "import autograph, runtime, sys; print(autograph.__file__); print(runtime.__file__); "
                      "print('\\n'.join(sys.path))").splitlines()
    assert pathlib.Path(where[0]).resolve() == (site_packages / "autograph" / "__init__.py").resolve()
    assert pathlib.Path(where[1]).resolve() == (site_packages / "runtime" / "__init__.py").resolve()
    assert not [p for p in where[2:] if p and pathlib.Path(p).resolve() == ROOT]  # the checkout is not on the path
