"""The examples in the README and the docs run as doctests, so they cannot rot."""

import doctest
import re
from pathlib import Path

import pytest

from tests.helpers import jax_usable

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md"] + sorted(p for p in (ROOT / "docs").glob("*.md") if ">>>" in p.read_text())
# An example that runs JAX (an XLA or JAX backend, a JAX import): skipped where no JAX is installed.
NEEDS_JAX = re.compile(r"""["'](xla|jax)["']|\bjax\b|export_stablehlo""")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_examples_run(page: Path):
    test = doctest.DocTestParser().get_doctest(page.read_text(), {"__name__": "__main__"}, page.name, str(page), 0)
    if not jax_usable():
        test.examples = [example for example in test.examples if not NEEDS_JAX.search(example.source)]
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0
