"""The oldest NumPy the package supports (runtime/versions.py), with a message that says what to do."""

import subprocess
import sys

import pytest

from runtime.versions import MIN_NUMPY, check_numpy, version_tuple


@pytest.mark.parametrize("version, parts", [
    ("2.0.0", (2, 0, 0)), ("2.3.0rc1", (2, 3, 0)), ("1.26.4", (1, 26, 4)), ("2.5.0.dev0+git20261101", (2, 5, 0)),
    ("3", (3, 0, 0)), ("2.2", (2, 2, 0))])
def test_version_tuple_reads_each_components_leading_digits(version, parts):
    assert version_tuple(version) == parts


@pytest.mark.parametrize("version", ["2.2", "2.2.0", "2.2.6", "2.4.6", "3.0.0.dev0"])
def test_numpy_2_2_and_later_pass(version):
    check_numpy(version)


@pytest.mark.parametrize("version", ["1.24.0", "1.26.4", "2.0.2", "2.1.3"])
def test_older_numpy_says_what_to_do(version):
    with pytest.raises(ImportError, match=r"needs NumPy 2\.2 or newer, and NumPy .* is installed: "
                                          r"pip install -U 'numpy>=2\.2'"):
        check_numpy(version)
    assert MIN_NUMPY == (2, 2, 0)


def test_importing_autograph_under_an_older_numpy_fails_with_that_message():
    code = "import numpy; numpy.__version__ = '1.26.4'; import autograph"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    assert "ImportError: autograph needs NumPy 2.2 or newer, and NumPy 1.26.4 is installed" in done.stderr
