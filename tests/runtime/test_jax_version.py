"""The oldest JAX the package supports is checked, with a message that says what to do (no JAX needed here)."""

import re

import pytest

from runtime.jax import BEYOND_JAX, MIN_JAX, check_version, require


@pytest.mark.parametrize("version", ["0.10.2", "0.10.3rc1", "0.10.9", "0.11.0", "0.11.2", "0.12.0", "0.12.0.1",
                                     "0.12.9"])
def test_supported_versions_pass(version):
    check_version(version)


@pytest.mark.parametrize("version", ["0.4.20", "0.6.2", "0.9.2", "0.9.0.1", "0.10.0", "0.10.1", "0.10.1rc9"])
def test_older_versions_say_what_to_do(version):
    expected = r"need JAX 0\.10\.2 or newer, and JAX .* is installed: pip install -U 'jax>=0\.10\.2,<0\.13'"
    with pytest.raises(ImportError, match=expected):
        check_version(version)
    assert MIN_JAX == (0, 10, 2)


@pytest.mark.parametrize("version", ["0.13.0.dev20270101", "0.13.0", "0.14.1", "1.0"])
def test_newer_versions_than_tested_say_what_to_do(version):
    # JAX 0.12.0.1, untested until runtime/jax/jax_internals.py, moved jax._src.tree_util.FlatTree: the JAX backend
    # failed with "cannot import name 'FlatTree'" at its first use. A release after those tested is refused likewise.
    expected = (rf"tested with JAX 0\.10\.2 up to \(not including\) 0\.13, and JAX {re.escape(version)} is installed: "
                r"they use JAX internals that newer releases changed\. pip install 'jax>=0\.10\.2,<0\.13' .* or use "
                r"the NumPy executor")
    with pytest.raises(ImportError, match=expected):
        check_version(version)
    assert BEYOND_JAX == (0, 13)


def test_require_names_the_extra_when_jax_is_missing(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "jax", None)  # `import jax` raises ImportError
    with pytest.raises(ImportError, match=r"pip install 'autograph-numpy\[jax\]'"):
        require()
