"""The README's examples run as doctests, so they cannot rot."""

import doctest
from pathlib import Path


def test_readme_examples():
    readme = Path(__file__).parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
