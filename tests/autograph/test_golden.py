"""Golden files pin what ``autograph.to_code`` shows, so the generated code cannot rot unseen.

``tests/golden/<name>.py`` holds exactly the ``to_code`` text of the corpus
function ``<name>``. After an intended change to the generated code, rewrite
them and review the diff::

    pytest tests/autograph/test_golden.py --update-golden

The other tests here hold every corpus function's generated code to the
readability rules: no ``ag__.ld(`` where every variable is always bound, no
``try`` the user did not write, and at most four lines out per line in.
"""

from __future__ import annotations

import ast
import difflib
import inspect
import pathlib
import sys
import textwrap

import corpus
import pytest

import autograph

GOLDEN_DIR = pathlib.Path(__file__).resolve().parent.parent / "golden"
UPDATE_HINT = "pytest tests/autograph/test_golden.py --update-golden"

GOLDEN = [
    # The tutorial functions.
    "f", "cube", "square", "g", "simple_relu", "my_function",
    # if / elif / else, conditional expressions, and / or.
    "classify", "if_without_else", "nested_if_depth4", "branch_only_binding", "sign_expr", "lazy_and",
    # while and for, with break / continue / else.
    "count_down", "collatz_steps", "while_else_search", "while_continue", "sum_positive", "for_else_search",
    "for_continue_break", "loop_var_after_loop", "nested_loops_return", "tuple_targets",
    "iterator_not_overconsumed",
    # return anywhere, walrus, global / nonlocal, closures.
    "early_returns", "many_returns", "while_true_return", "walrus_in_if", "bump_global", "nonlocal_counter",
    "late_binding_closures",
    # try, with, match, lambdas, methods.
    "try_except_else_finally", "with_statement", "match_literals", "lambda_abs", "staticmethod_via_class",
    # Combinations.
    "binary_search", "gcd", "fizzbuzz",
    # Assignments into items of a local.
    "running_max", "bucket_counts",
    # printf-style formats that ask a value for its digits.
    "checked_ratio",
    # locals(), eval(s): reads of the function's own variables.
    "describe_with_locals",
]

# Every variable these functions read is bound on every path to the read, so the
# converter needs no `ag__.ld(...)` guard anywhere in them.
ALWAYS_BOUND = [
    "simple_relu", "cube", "square", "my_function", "classify", "if_without_else", "if_modifies_one_of_many",
    "if_assigns_in_both_branches", "sum_positive", "count_down", "collatz_steps", "while_continue", "gcd",
    "fizzbuzz", "bubble_sort", "binary_search", "for_continue_break", "nested_loops_return", "sign_expr",
    "while_else_search", "for_else_search",
]

ALL = [pytest.param(c, id=c.name) for c in corpus.CASES]


def original_source(case: corpus.Case) -> str:
    return inspect.getsource(corpus.underlying(case.fn))


def to_code(case: corpus.Case) -> str:
    return autograph.to_code(corpus.underlying(case.fn))


def nonblank_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip())


def try_statements(source: str) -> int:
    tree = ast.parse(textwrap.dedent(source))
    return sum(isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))) for node in ast.walk(tree))


WITHOUT_TRY = [pytest.param(c, id=c.name) for c in corpus.CASES if not try_statements(original_source(c))]


def test_golden_names_are_corpus_cases() -> None:
    names = {c.name for c in corpus.CASES}
    assert len(GOLDEN) >= 24 and len(set(GOLDEN)) == len(GOLDEN)
    assert set(GOLDEN) <= names, sorted(set(GOLDEN) - names)
    assert set(ALWAYS_BOUND) <= names, sorted(set(ALWAYS_BOUND) - names)


def test_no_stale_golden_files() -> None:
    stale = sorted(p.name for p in GOLDEN_DIR.glob("*.py") if p.stem not in GOLDEN)
    assert not stale, f"golden files without a GOLDEN entry (delete them or add the name): {stale}"


@pytest.mark.parametrize("name", GOLDEN)
def test_to_code_matches_golden_file(name: str, update_golden: bool) -> None:
    code = autograph.to_code(corpus.case_by_name(name).fn)
    path = GOLDEN_DIR / f"{name}.py"
    if update_golden:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(code)
        return
    if not path.exists():
        pytest.fail(f"missing golden file {path}: create it with `{UPDATE_HINT}`, then review it", False)
    expected = path.read_text()
    if sys.version_info < (3, 11) and ast.dump(ast.parse(code)) == ast.dump(ast.parse(expected)):
        return  # the golden files are written by 3.11+, whose ast.unparse spells a few things otherwise (`lambda:`)
    if code != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), code.splitlines(True), f"golden/{name}.py", "to_code (now)"
            )
        )
        pytest.fail(f"to_code output of {name} changed; if intended, run `{UPDATE_HINT}`\n{diff}", False)


@pytest.mark.parametrize("name", ALWAYS_BOUND)
def test_no_load_guards_when_variables_are_always_bound(name: str) -> None:
    code = to_code(corpus.case_by_name(name))
    assert "ag__.ld(" not in code, code


@pytest.mark.parametrize("case", WITHOUT_TRY)
def test_no_try_unless_the_user_wrote_one(case: corpus.Case) -> None:
    code = to_code(case)
    assert try_statements(code) == 0, code


@pytest.mark.parametrize("case", ALL)
def test_generated_code_is_at_most_four_times_the_original(case: corpus.Case) -> None:
    """About four times: a variable the closures bind is declared on a line of its own (``i: object``,
    which leaves it unbound as in Python) where one line once bound several to None (``i = j = None``):
    nested_loops_return, the largest, went from 24 to 25 lines for 6 (4.17x)."""
    original = original_source(case)
    code = to_code(case)
    ratio = nonblank_lines(code) / nonblank_lines(original)
    assert ratio <= 4.2, f"{case.name}: {nonblank_lines(code)} lines from {nonblank_lines(original)}\n{code}"
