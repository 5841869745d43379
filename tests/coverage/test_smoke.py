"""``make coverage`` in small, for ``make test``.

* ``SMOKE``: cases that stage and match eager today on the NumPy executor (a quick, varied
  subset: elementwise code, losses, assignment into arrays, staged loops, data-dependent shapes). They
  must keep working.
* Every case of the corpus, on the NumPy executor, must not be a ``wrong result`` (the whole corpus
  runs in about a second on this executor, so it is not sampled). Cases that are a wrong result
  today are listed in ``KNOWN_WRONG`` with the reason and are strict xfails: when one is fixed the
  test fails and asks for the entry to be removed.
* The corpus is well formed: at least 250 cases from at least 12 repositories, every one with its
  source (repository, commit, licence), and eager NumPy runs every case (no ``invalid case``).

The full run, with the JAX executor and the table, is ``make coverage`` (docs/coverage.md).
"""

from __future__ import annotations

import pytest

from tests.coverage import harness
from tests.coverage.cases import REPOS

CASES = {c.name: c for c in harness.load_cases()}

SMOKE = (
    "ml.binary_step",
    "ml.exponential_linear_unit",
    "ml.mish",
    "ml.swish",
    "ml.binary_cross_entropy",
    "ml.huber_loss",
    "ml.mean_absolute_percentage_error",
    "ml.kullback_leibler_divergence",
    "ml.log_likelihood",
    "numerics.trapezoidal_area",
    "numerics.softmax",
    "numerics.compute_1",
    "numpy100.ex15_border",
    "numpy100.ex16_fancy_border",
    "numpy100.ex29_round_away",
    "numpy100.ex36_integer_part",
    "numpy100.ex45_replace_max",
    "numpy100.ex52_distances",
    "numpy100.ex72_swap_rows",
    "numpy100.moving_average",
    "numpy100.iterate",
    "filterpy.update",
    "filterpy.predict",
    "imaging.gray_scott_update",
    "linalg.gauss_seidel",
    # data-dependent shapes (issue 31): masked reads and writes, np.unique, nonzero, bincount, set operations
    "geometry.unitize",
    "learning.calculate_entropy",
    "image.rgb2hsv",
    "image._lab2xyz",
    "imaging.mandelbrot",
    "numpy100.ex30_common_values",
    "numpy100.ex65_accumulate",
    "signal.zero_crossings",
    # pythran's kernels: writes through views of a local array, masked writes, np.ndindex with a function argument
    "kernels.grayscott",
    "kernels.periodic_dist",
    "kernels.local_maxima_reflect",
    "kernels.wave",
)

# A case that hangs is a crash, not a wrong result: this test stops it sooner than `make coverage` does.
SMOKE_TIMEOUT = 10.0

# name -> why it is a wrong result today (strict xfail: remove the entry once it is fixed)
# (Empty since stop 73: poliastro's rv2coe_equatorial, rv2coe_circular and rv2coe_circular_equatorial returned a
# 0-d float64 array where eager returns the int 0 of `raan = 0` in one branch of a staged `if`:
# runtime/graph/path_types.py.)
KNOWN_WRONG: dict[str, str] = {}


def test_the_corpus_is_well_formed() -> None:
    assert len(CASES) >= 250, f"the corpus has only {len(CASES)} cases"
    for name, c in CASES.items():
        assert c.source.repo.name and c.source.path and c.source.original, f"{name} does not record its source"
        assert c.source.repo in REPOS and len(c.source.repo.commit) == 40 and c.source.repo.license, \
            f"{name}: its repository is not listed in cases.REPOS with a full commit and a licence"
    used = {c.source.repo for c in CASES.values()}
    assert len(used) >= 12, f"the corpus draws on only {len(used)} repositories"
    assert SMOKE, "the smoke subset is empty"
    assert set(SMOKE) <= set(CASES), f"unknown smoke cases: {sorted(set(SMOKE) - set(CASES))}"
    assert set(KNOWN_WRONG) <= set(CASES), f"unknown cases in KNOWN_WRONG: {sorted(set(KNOWN_WRONG) - set(CASES))}"


@pytest.mark.parametrize("name", SMOKE)
def test_smoke_case_still_works(name: str) -> None:
    outcome = harness.run_case(CASES[name], "numpy")
    assert outcome.category == harness.WORKS, f"{name}: {outcome.category}: {outcome.detail} {outcome.where}"


def _not_wrong_params() -> list:
    params = []
    for name in CASES:
        marks = [pytest.mark.xfail(strict=True, reason=f"known wrong result: {KNOWN_WRONG[name]}; "
                                                        "if this passes, remove it from KNOWN_WRONG")] \
            if name in KNOWN_WRONG else []
        params.append(pytest.param(name, marks=marks, id=name))
    assert params, "no case to check"
    return params


@pytest.mark.parametrize("name", _not_wrong_params())
def test_no_wrong_result(name: str) -> None:
    outcome = harness.run_case(CASES[name], "numpy", timeout=SMOKE_TIMEOUT)
    assert outcome.category != harness.INVALID, f"{name}: eager NumPy fails on the case's inputs: {outcome.detail}"
    assert outcome.category != harness.WRONG, f"{name}: the staged function differs from eager: {outcome.detail}"


def test_a_case_whose_eager_result_changes_between_runs_is_invalid_not_wrong() -> None:
    """A case that reads memory it never wrote (nolitsa's ``mackey_glass`` read an ``np.empty`` element) or draws
    from NumPy's global random state has no result a graph could match: the harness says so, as an invalid case."""
    import numpy as np

    from tests.coverage.cases import NOLITSA, Source, case

    def draws(x):
        return x + np.random.random()

    outcome = harness.run_case(case(draws, lambda rng: (rng.normal(size=3),), Source(NOLITSA, "test", "draws")),
                               "numpy")
    assert outcome.category == harness.INVALID
    assert outcome.detail.startswith("NotDeterministic: eager NumPy gives another result on the same inputs (does the "
                                     "case read an element it never wrote, or draw random numbers?), call 1: out: ")


def test_the_converters_refusal_with_a_remedy_is_sorted_as_unsupported():
    """An lru_cache wrapper given to the converter (commpy's decimal2bitarray) is refused at the user's def with what to
    do: a clear refusal, not a crash. An error that says nothing of the sort stays a crash."""
    import functools

    import autograph
    from tests.coverage.harness import CRASH, UNSUPPORTED, classify_exception

    @functools.lru_cache(maxsize=16)
    def cached(x):
        return x

    with pytest.raises(autograph.ConversionError) as refused:
        autograph.convert(cached)
    assert classify_exception(refused.value) == UNSUPPORTED
    assert classify_exception(autograph.ConversionError("cannot convert 'f'")) == CRASH
