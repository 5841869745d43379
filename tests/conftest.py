"""Shared pytest setup: the ``--update-golden`` option, and the import path.

pytest puts ``tests/`` on ``sys.path`` (this conftest has no package around it),
which lets test modules ``import corpus``. But ``tests/autograph/`` would then
shadow the real ``autograph`` package as a namespace package whenever the
project root is not on ``sys.path`` (plain ``pytest`` with the editable install,
whose finder runs after the path search). So the project root goes first.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import pathlib
import sys
import zlib

import pytest

ROOT = str(pathlib.Path(__file__).resolve().parent.parent)
if sys.path[:1] != [ROOT]:
    sys.path.insert(0, ROOT)
_early = sys.modules.get("autograph")
if _early is not None and getattr(_early, "__file__", None) is None:  # the namespace package got in first
    del sys.modules["autograph"]

from tests.helpers import jax_usable  # noqa: E402  (the project root is on sys.path from here)


def _hide_test_directories_named_like_packages(*names: str) -> None:
    """``tests/runtime/jax/`` and ``tests/runtime/numba/`` have no ``__init__.py`` (``tests/coverage/`` has one), and
    pytest puts their parent directories on ``sys.path``: where the real package is not installed (JAX on Python 3.10),
    ``import jax`` would find the test directory as a namespace package, and every later check of
    ``sys.modules.get("jax")`` would take it for JAX. Such a name is made missing instead, as it is on a machine
    without the package: ``import jax`` raises ModuleNotFoundError, ``importlib.util.find_spec("jax")`` is None and
    ``"jax" not in sys.modules``. Not by a None in ``sys.modules``: SciPy 1.15 asks ``"jax" in sys.modules`` and then
    imports it, which a None there fails (``scipy.stats.pearsonr`` raised on Python 3.10). Not by a finder that
    raises: ``find_spec`` must answer None."""
    tests = pathlib.Path(__file__).resolve().parent
    missing = set()
    for name in names:
        if sys.modules.get(name) is not None:
            continue
        if sys.modules.get(name, 0) is None:  # (marked missing already: by an earlier conftest import)
            del sys.modules[name]
        spec = importlib.util.find_spec(name)
        places = [pathlib.Path(p).resolve() for p in (spec.submodule_search_locations or [])] if spec else []
        if spec is None or (spec.origin in (None, "namespace") and all(tests in p.parents for p in places)):
            missing.add(name)
    if missing:
        _PathFinderWithout.names = frozenset(missing)
        sys.meta_path[:] = [_PathFinderWithout if finder is importlib.machinery.PathFinder else finder
                            for finder in sys.meta_path]


class _PathFinderWithout(importlib.machinery.PathFinder):
    """Python's path search (it stands in for ``PathFinder`` in ``sys.meta_path``), less the top-level ``names``
    that are only test directories: for them it finds nothing, as on a machine without the package. Everything
    else (``invalidate_caches``, ``importlib.metadata``'s ``find_distributions``) is ``PathFinder``'s."""

    names: frozenset = frozenset()

    @classmethod
    def find_spec(cls, fullname: str, path: object = None, target: object = None) -> object:
        if path is None and fullname in cls.names:
            return None
        return super().find_spec(fullname, path, target)


def _numba_before_this_suites_coverage() -> None:
    """numba probes ``import coverage`` (coverage.py) as it is imported, and builds on coverage.py's classes when
    that import works. Here that import would find ``tests/coverage`` (``python -m tests.coverage``'s package, on
    ``sys.path`` through pytest), which has none of them: numba's import would fail. So numba is imported now,
    while ``coverage`` is marked missing for that one import, as on a machine without coverage.py; the mark then
    goes, and pytest imports ``tests/coverage``'s tests under that name as before."""
    if "numba" in sys.modules or importlib.util.find_spec("numba") is None:
        return
    spec = importlib.util.find_spec("coverage")
    tests = pathlib.Path(__file__).resolve().parent
    if spec is None or spec.origin is None or tests not in pathlib.Path(spec.origin).resolve().parents:
        return
    saved = sys.modules.pop("coverage", None)
    sys.modules["coverage"] = None
    try:
        import numba.misc.coverage_support  # noqa: F401
    except ImportError:  # (a `numba` that is not numba: tests/runtime/numba as a namespace package)
        sys.modules.pop("numba", None)
    finally:
        del sys.modules["coverage"]
        if saved is not None:
            sys.modules["coverage"] = saved


_numba_before_this_suites_coverage()
_hide_test_directories_named_like_packages("jax", "coverage", "numba")
JAX_USABLE = jax_usable()
# Test modules that import JAX when collected: without a JAX this package supports, they are not collected
# (the other JAX tests skip themselves with pytest.importorskip, or below).
if not JAX_USABLE:
    collect_ignore = ["autograph/test_three_modes.py", "jax_programs", "runtime/jax"]


if not JAX_USABLE:  # (with JAX installed, no test call goes through this wrapper)
    import runtime.jax as runtime_jax

    class _NeedsJax(ImportError, pytest.skip.Exception):
        """The package's "this needs JAX" ImportError, as it is (``pytest.raises(ImportError, match=...)`` and the
        package's own ``except ImportError`` see no difference), and also pytest's skip: hypothesis re-raises a skip
        at once, where it took the ImportError for a failure to shrink. A hypothesis test that tries "numpy" and
        then "jax" on each example ran dozens of examples before its skip (3 minutes for two tests of
        test_numpy_array.py with no example database: a fresh clone, CI's Python 3.10 run)."""

        def __init__(self, message: str) -> None:
            pytest.skip.Exception.__init__(self, message, _use_item_location=True)
            ImportError.__init__(self, message)

    def _require_or_skip(require=runtime_jax.require) -> None:
        try:
            require()
        except ImportError as error:
            if type(error) is not ImportError or not str(error).startswith("this needs JAX"):
                raise
            raise _NeedsJax(str(error)) from error.__cause__

    runtime_jax.require = _require_or_skip

    @pytest.hookimpl(hookwrapper=True)
    def pytest_pyfunc_call(pyfuncitem: pytest.Function):
        """Without JAX (Python 3.10, or no ``[jax]`` extra), a test that reaches a JAX feature gets the
        package's own ImportError ("this needs JAX, which is not installed"): that test is skipped, saying so."""
        outcome = yield
        error = outcome.excinfo[1] if outcome.excinfo else None
        if isinstance(error, ImportError) and str(error).startswith("this needs JAX"):
            outcome.force_exception(pytest.skip.Exception("needs JAX, which is not installed",
                                                          _use_item_location=True))


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


# `make test` must stay well under 10 minutes on 2 cores, so for the largest, most repetitive families (one test
# function over dozens or hundreds of cases) it runs a sample: one case in N, chosen by a hash of the case's id
# (the same cases on every run, whatever else is selected, and stable when cases are added or reordered). The
# others get the `slow` mark: `make test` runs `-m "not slow"`, `make slow` runs `-m slow`, so the two together
# are the whole suite (as is plain `pytest`).
SAMPLED = {  # "file::test function" -> N: make test runs one case in N of it
    # (stop 46: a fresh clone's make test took 11 min 21 s alone on 2 cores with the samples of stop 45; these
    # are the families that took the most of it, by pytest --durations)
    # the JAX programs (259 since stop 44): one in 48 under jax.jit, one in 64 under the other transformations
    "tests/jax_programs/test_jax_programs.py::test_converted_under_jit_equals_eager_and_twin": 48,
    "tests/jax_programs/test_jax_programs.py::test_reverse_mode_grad_equals_the_twins": 64,
    "tests/jax_programs/test_jax_programs.py::test_forward_mode_jvp_equals_the_twins": 64,
    "tests/jax_programs/test_jax_programs.py::test_vmap_equals_the_twins": 64,
    "tests/jax_programs/test_jax_programs.py::test_backend_jax_function_equals_eager": 64,
    # every op and the graph corpus, lowered to JAX, to numba, saved and loaded
    "tests/runtime/jax/test_jax_lowering.py::test_structure_op_matches_numpy": 12,
    "tests/runtime/jax/test_jax_lowering.py::test_elementwise_op_matches_numpy": 6,
    "tests/runtime/jax/test_jax_special_values.py::test_elementwise_op_gives_numpys_answer_on_special_values": 8,
    "tests/runtime/numba/test_numba_lowering.py::test_structure_op_is_exact_or_refused": 6,
    "tests/runtime/numba/test_numba_lowering.py::test_elementwise_op_is_exact_or_refused": 3,
    "tests/runtime/numba/test_numba_lowering.py::test_graph_corpus_case_is_exact_under_executor_numba": 2,
    "tests/runtime/graph/test_numpy_array.py::test_matches_numpy_lowered_to_jax": 2,
    "tests/autograph/test_saving.py::test_corpus_round_trips_exactly": 4,
    # the stateful programs from outside (stop 53: 39 cases on four executors): a third
    "tests/autograph/test_stateful_corpus.py::test_a_traced_function_in_its_programs_loop_matches_eager": 8,
    # (stop 53, by pytest --durations=0 of a fresh clone: the parametrized families of 25 to 335 cases that took
    # the most of the rest, half of each)
    "tests/runtime/graph/test_serialization.py::test_every_op_round_trips_exactly": 2,
    "tests/autograph/test_three_modes.py::test_corpus_graph_on_numpy_and_lowered_to_jax": 4,
    "tests/runtime/graph/test_indexing_programs.py::test_one_element_takes_a_scalar_and_refuses_an_array_as_numpy": 2,
    "tests/runtime/graph/test_introspection.py::test_known_scalars_and_0d_arrays_answer_type_as_eager_does": 2,
    "tests/runtime/graph/test_builtins.py::test_math_unary_matches_python_with_its_errors": 2,
    "tests/runtime/graph/test_numpy_polynomial.py::test_function_matches_numpy_on_both_executors": 2,
    # graphs with unknown dims against eager
    "tests/runtime/graph/test_dims.py::test_unknown_dims_compute_as_eager": 3,
    # the coverage corpus (2,378 cases since stop 46) and NumPy's own tests as graphs: a twelfth of each
    # (stop 53: a twentieth; a fresh clone's make test had reached 9:54 of pytest on 2 cores)
    "tests/coverage/test_smoke.py::test_no_wrong_result": 30,
    "tests/runtime/graph/test_numpy_own_tests.py::test_graph_gives_numpys_result_or_refuses": 20,
    # the special-values table (551 cases on both executors since stop 45): a twelfth
    "tests/runtime/graph/test_special_values.py::test_special_values_match_numpy": 12,
    # NumPy and SciPy functions by name on both executors, and the per-program families of the graph
    "tests/runtime/graph/test_numpy_derived.py::test_function_matches_numpy_on_both_executors": 8,
    "tests/runtime/graph/test_scipy_functions.py::test_function_matches_scipy_on_both_executors": 4,
    "tests/runtime/graph/test_numpy_linalg.py::test_cond_of_a_singular_matrix_is_numpys_inf": 6,
    "tests/runtime/graph/test_introspection.py::"
    "test_a_numpy_functions_0d_result_is_a_scalar_or_an_array_as_numpy_returns_it": 2,
    "tests/runtime/graph/test_formatted.py::test_a_message_shows_the_values_eager_code_shows": 2,
    "tests/runtime/jax/test_jax_index_checks.py::"
    "test_an_index_out_of_bounds_is_numpys_index_error_on_every_executor": 2,
    "tests/runtime/graph/test_view_writes.py::test_views_copies_and_read_only_views_are_numpys_under_writes": 10,
    # (stop 86: a fresh clone's make test took 10:11 of pytest on 2 cores) the static-range programs, a third (stop 87)
    "tests/runtime/graph/test_static_range_staging.py::test_graph_gives_eagers_result": 5,
    # stop 86's three outside corpora (each case on three executors; a fresh clone's make test had reached 10:07)
    "tests/coverage/test_holders_corpus.py::test_a_changed_holder_changes_the_result": 6,
    "tests/coverage/test_files_corpus.py::test_a_rewritten_file_changes_the_result": 3,
    "tests/coverage/test_argument_writes_corpus.py::test_each_call_is_eagers": 3,
    "tests/coverage/test_paths_corpus.py::test_a_changed_path_changes_the_result": 8,
    # (stop 87: a fresh clone's make test took 10:51 of pytest on 2 cores with this stop's new families whole)
    "tests/autograph/test_file_reads.py::test_a_file_rewritten_between_calls_traces_again": 2,
    "tests/autograph/test_file_reads.py::test_a_question_about_a_path_is_asked_again_after_the_path_changed": 2,
    "tests/autograph/test_file_reads.py::test_a_file_a_library_read_is_read_again_after_a_rewrite": 2,
    "tests/autograph/test_draws_as_written.py::test_a_draw_as_written_gives_eagers_numbers_at_every_call": 2,
    # (stop 88, by pytest --durations=0 of make test: 9:45 of pytest on 2 cores without a failing example's shrink;
    # the parametrized families of 12 to 150 cases that took the most of it. view_writes went from a third to a fifth,
    # numba's structure ops from a third to a sixth)
    "tests/runtime/graph/test_integer_scalar_writes.py::"
    "test_an_integer_scalar_written_gives_numpys_integer_or_error": 20,  # (stop 96: a tenth took 33 s)
    "tests/runtime/graph/test_clip_where_numbers.py::test_clip_and_where_take_an_int_beyond_the_dtype_as_numpy_does": 2,
    "tests/runtime/graph/test_branch_errors.py::"
    "test_a_loop_body_raises_its_python_error_only_on_the_runs_that_enter_it": 4,  # (stop 96: half took 24 s)
    "tests/runtime/graph/test_branch_errors.py::test_a_branch_raises_its_python_error_only_on_the_runs_that_take_it": 2,
    "tests/coverage/test_next_corpus.py::test_shared_iterator_is_refused_at_the_next": 2,
    "tests/runtime/test_carry.py::test_a_variable_first_set_in_a_for_loop_of_known_length_matches_python": 2,
    "tests/runtime/numba/test_numba_lowering.py::test_float_extremes_keep_numpys_nan_and_sign_of_zero": 2,
    "tests/runtime/graph/test_callable_arguments.py::"
    "test_a_function_a_builtin_calls_is_staged_as_a_call_written_out": 2,
    "tests/autograph/test_data_holders.py::test_a_change_to_a_holder_traces_again": 2,
    # (stop 89: make test took 11:21 of pytest on 2 cores, 2 of it a failing example's shrink; the new summation-order
    # family took 70 s at 6 examples, numba's sums of infinities 33 s; and the static-range programs and the integer
    # scalar writes went from a third to a fifth, the coverage corpus from a twentieth to a thirtieth)
    # (stop 91: 14 programs x 4 executors now; at 1 in 2, gram-auto and looped_gram-auto took 17 and 16 s of a 10:12
    # make test, by --durations: "auto" runs each example 12 times and compiles it for XLA and numba)
    # (stop 94: a fresh clone's make test took 9:59 and 10:11 of pytest on 3.11: a quarter of each of these two;
    # stop 95: an eighth of the first)
    "tests/runtime/jax/test_jax_summation_order.py::test_order_never_gives_another_answer": 8,
    "tests/runtime/numba/test_numba_lowering.py::"
    "test_float_sums_of_infinities_and_nan_are_numpys_at_every_place_and_length": 2,
    # (stop 90: a fresh clone's make test took 13:56 of pytest; the memory-layout family took 86 s on 2 workers at 4
    # examples, most of it numba's and auto's compiles of each program)
    "tests/runtime/graph/test_memory_layout.py::test_a_graph_lays_out_arrays_as_numpy_does": 12,
    # (stop 95: a fresh clone's make test took 10:11 (stop 94's CI) to 12:03 of pytest on 3.11, 11:47 on 3.13; by
    # pytest --durations=0 the memory-layout family above still took 97 s at a quarter. It went to a twelfth; the
    # summation orders, the integer scalar writes, the view writes, the stateful programs and the corpus lowered to
    # JAX to half as many as before; these six whole families of 8 to 40 cases that took 10 to 16 s each, to half)
    "tests/runtime/jax/test_jax_summation_order.py::test_where_a_cheap_bound_fails_the_exact_twin_answers": 2,
    "tests/autograph/test_call_boundary.py::test_views_of_one_base_match_eager_or_are_refused": 2,
    "tests/autograph/test_constructors_staged.py::test_objects_made_in_a_traced_function_give_eagers_results": 2,
    "tests/autograph/test_three_modes.py::test_jnp_twin_under_jax_jit_matches_numpy": 2,
    "tests/autograph/test_trace_guards.py::test_a_change_outside_the_arguments_traces_again": 2,
    "tests/runtime/graph/test_numpy_more_functions.py::test_reductions_with_where_match_numpy": 2,
    # (stop 95, a quiet make test on 3.11 after the above: 10:35 of pytest; 3.13's 9:18. The derived NumPy functions,
    # the singular matrices and the path and holder corpora to half as many as before; these whole families of 8 to
    # 33 cases that took 7 to 13 s each, to half)
    "tests/runtime/graph/test_numpy_more_functions.py::test_functions_match_numpy": 2,
    "tests/runtime/jax/test_jax_exact_arithmetic.py::"
    "test_a_constant_zero_added_or_subtracted_keeps_numpys_sign_of_zero": 2,
    "tests/runtime/jax/test_jax_float_to_int.py::test_scalar_writes_give_numpys_integer_or_error": 2,
    "tests/runtime/graph/test_numpy_more_functions.py::test_frexp_ldexp_lowered_to_jax": 2,
    "tests/autograph/test_one_path_variables.py::test_a_variable_no_path_reads_after_the_if_is_no_error": 2,
    # (stop 97, a quiet make test on 3.11: 12:26 of pytest; the property tests got their share, EXAMPLES_SHARE below,
    # and these whole families of 10 to 234 cases that took 3.5 to 7 s each went to half)
    "tests/runtime/test_staged_logical_values.py::"
    "test_a_function_calling_itself_under_a_test_a_plain_operand_decides_is_pythons": 2,
    "tests/runtime/test_staged_logical_values.py::test_three_operands_of_which_plain_ones_decide_are_pythons": 2,
    "tests/runtime/test_staged_logical_values.py::test_on_traced_scalars_the_value_is_pythons": 2,
    "tests/runtime/jax/test_jax_float_to_int.py::test_array_casts_give_numpys_integers": 2,
    "tests/runtime/jax/test_jax_pytree_carries.py::test_the_scan_gives_eager_jaxs_values_under_jit_vmap_and_grad": 2,
    "tests/runtime/graph/test_constant_writes.py::"
    "test_a_number_written_into_an_array_is_numpys_value_or_numpys_error": 2,
    "tests/runtime/graph/test_range_bounds.py::test_the_index_is_a_python_int_whatever_the_bounds_dtype": 2,
    "tests/runtime/graph/test_keyword_arguments.py::test_casting_is_numpys": 2,
    "tests/runtime/jax/test_jax_index_checks.py::test_every_integer_dtype_is_checked_in_its_own_range": 2,
    "tests/runtime/graph/test_numpy_pieces.py::test_function_matches_numpy_on_both_executors": 2,
    "tests/runtime/jax/test_jax_complex_special_values.py::"
    "test_complex_op_gives_numpys_answer_at_signed_zeros_infinities_and_nan": 2,
    # (then 10:05 of pytest, the property tests at a third: these whole families of 6 to 84 cases, 2.5 to 6 s each)
    "tests/runtime/graph/test_rebinding_written_arrays.py::"
    "test_an_array_only_its_variable_refers_to_may_be_written_in_one_branch_and_rebound_in_the_other": 2,
    "tests/runtime/jax/test_jax_exact_arithmetic.py::"
    "test_a_zero_reaching_an_add_through_a_branch_a_loop_or_a_fill_keeps_numpys_sign": 2,
    "tests/autograph/test_bytecode_compilers.py::test_a_kernel_in_a_factory_compiles_as_written_on_each_path": 2,
    "tests/runtime/graph/test_reduction_dtypes.py::test_nan_reductions_with_dtype_are_numpys": 2,
    "tests/runtime/graph/test_indexing_programs.py::test_a_read_of_a_0d_array_sees_a_later_write_as_numpy": 2,
    "tests/runtime/test_staged_logical_values.py::test_a_while_test_a_plain_operand_decides_is_pythons": 2,
    "tests/runtime/jax/test_jax_higher_order.py::test_their_gradients_are_the_originals_made_differentiable": 2,
    "tests/runtime/graph/test_fresh_arrays.py::"
    "test_writes_of_traced_values_into_arrays_made_in_the_function_give_numpys_result": 2,
    "tests/runtime/graph/test_numpy_fft.py::test_transform_matches_numpy_on_both_executors": 2,
}


# And every property test (hypothesis) but the random programs runs 1 / EXAMPLES_SHARE of its examples (at least 2)
# where the environment sets AUTOGRAPH_EXAMPLES_SHARE (make test: 4). Stop 97, by --durations of a quiet make test on
# this machine (12:26): the property tests took 563 s of its 1,372 s of tests; at a third of their examples, 10:05.
# Their examples are drawn afresh on each run (no seed is fixed), so successive runs try others (but where a CI
# variable is set, hypothesis's own "ci" profile derandomizes: the same ones each time); plain `pytest` runs them all.
EXAMPLES_SHARE = int(os.environ.get("AUTOGRAPH_EXAMPLES_SHARE") or 1)
ALL_EXAMPLES = {  # families that run every example in make test too
    "tests/autograph/test_random_programs.py::test_converted_program_matches_python",  # issue 28: 2,000 programs
}


def _share_examples(test: object) -> None:
    """Give the property test ``test`` 1 / EXAMPLES_SHARE of its examples (once per function: the cases of a
    parametrized family share one). Hypothesis reads the settings off the test function at each call."""
    test = getattr(test, "__func__", test)  # (a method's function)
    if "_autograph_all_examples" in vars(test):
        return
    full = test._autograph_all_examples = test._hypothesis_internal_use_settings
    if full.max_examples > 2:
        import hypothesis

        examples = max(2, -(-full.max_examples // EXAMPLES_SHARE))
        test._hypothesis_internal_use_settings = hypothesis.settings(full, max_examples=examples)


@pytest.hookimpl(tryfirst=True)  # before pytest's own hook deselects by mark
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks ``slow`` the cases of ``SAMPLED``'s families that ``make test`` leaves out, gives property tests their
    share of examples (``EXAMPLES_SHARE``), and, on Python 3.10, an expected failure each test of a traceback that
    only 3.11+ tidies (``untidied_before_311``)."""
    for item in items:
        family = item.nodeid.partition("[")[0]
        if (EXAMPLES_SHARE > 1 and getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
                and family not in ALL_EXAMPLES):
            _share_examples(item.obj)
        every = SAMPLED.get(family)
        callspec = getattr(item, "callspec", None)
        if every is not None and callspec is not None and zlib.crc32(callspec.id.encode()) % every:
            item.add_marker(pytest.mark.slow)
        untidied = item.get_closest_marker("untidied_before_311")
        if untidied is not None and sys.version_info < (3, 11):
            paths = untidied.kwargs.get("paths")
            if paths is None or (callspec is not None and callspec.params.get("call_path") in paths):
                item.add_marker(pytest.mark.xfail(strict=True, reason=UNTIDIED_BEFORE_311))


UNTIDIED_BEFORE_311 = (
    "Python 3.10's bare `raise`, and a `with` statement's re-raise, raise the traceback they caught, not the one the "
    "runtime tidied: the converted form's tracebacks keep its blocks' entries, and a refusal's keeps the call's "
    "entry in autograph/function.py (docs/limitations.md, \"Python 3.10\")")


@pytest.fixture(autouse=True)
def _no_trace_left_open():
    """No test leaves a trace open on its thread (the graph builder's context, JAX's trace state): a later test
    would run every converted function's converted form, and keep what that form caches."""
    yield
    import runtime

    assert not runtime.tracing(), "this test left a trace open on the main thread"
