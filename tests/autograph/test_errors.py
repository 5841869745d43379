"""Error paths of the converter: every message names the user's file and line and says what to do,
and exceptions raised inside converted code point at the user's own lines."""

from __future__ import annotations

import functools
import inspect
import threading
import traceback

import pytest

import autograph

THIS_FILE = __file__


def _line_of(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if line.strip() == text or
                        (text in line and not line.lstrip().startswith("def ")))


def returns_in_finally(x):
    try:
        x = 1 / x
    finally:
        return x


def returns_in_finally_and_in_a_branch(x):
    if x > 0:
        return 2 * x
    try:
        x = 1 / x
    finally:
        return x


def breaks_in_finally(xs):
    for x in xs:
        try:
            pass
        finally:
            break
    return xs


@pytest.mark.parametrize("fn, text, keyword", [
    (returns_in_finally_and_in_a_branch, "return x", "return"),
    (breaks_in_finally, "break", "break"),
])
def test_jump_in_finally_is_rejected_with_its_line(fn, text, keyword):
    with pytest.raises(autograph.UnsupportedSyntaxError) as error:
        autograph.convert(fn)
    message = str(error.value)
    assert f'File "{THIS_FILE}", line {_line_of(fn, text)}' in message
    assert f"`{keyword}` inside a `finally`" in message
    assert "What to do:" in message
    if keyword == "return":
        assert "in a function that also returns from inside an `if` or a loop" in message


def test_a_return_in_finally_converts_where_returns_stay_as_written():
    assert autograph.convert(returns_in_finally)(0) == 0  # the ZeroDivisionError is discarded
    assert autograph.convert(returns_in_finally)(4) == 0.25


def test_classes_and_other_objects_are_rejected():
    with pytest.raises(autograph.ConversionError, match="converts functions, methods, lambdas"):
        autograph.convert(dict)
    with pytest.raises(autograph.ConversionError, match="What to do"):
        autograph.convert(42)


@functools.lru_cache(maxsize=8)
def _cached_square(x):
    return x * x


def test_a_c_wrapper_of_a_python_function_names_the_function_to_convert():
    # CommPy's decimal2bitarray is an lru_cache'd function: the wrapper is C code, its __wrapped__ Python.
    with pytest.raises(autograph.ConversionError,
                       match=r"(?s)test_errors\.py\", line \d+, in _cached_square: cannot convert '_cached_square': "
                             r"it is a functools\._lru_cache_wrapper, C code that wraps the Python function "
                             r"_cached_square\.__wrapped__.*What to do: convert _cached_square\.__wrapped__"):
        autograph.convert(_cached_square)
    assert autograph.convert(_cached_square.__wrapped__)(3) == 9
    with pytest.raises(autograph.ConversionError, match="it is a builtin or C function and has no Python source"):
        autograph.convert(len)


def test_two_lambdas_on_one_line_are_told_apart():
    first, second = (lambda x: x + 1), (lambda x: -x if x > 0 else x)
    assert autograph.convert(first)(1) == 2
    assert autograph.convert(second)(3) == -3
    assert "ag__.if_exp" in autograph.to_code(second)


def fails_inside_a_loop(xs):
    total = 0
    for x in xs:
        if x == 0:
            total += 1 / x
    return total


def test_exception_in_converted_code_points_at_the_users_line():
    converted = autograph.convert(fails_inside_a_loop)
    with pytest.raises(ZeroDivisionError) as error:
        converted([1, 0])
    frames = traceback.extract_tb(error.value.__traceback__)
    last = frames[-1]
    assert last.filename == THIS_FILE
    assert last.lineno == _line_of(fails_inside_a_loop, "total += 1 / x")
    assert "total += 1 / x" in last.line
    # The loop's body and the if's block run in place (the iterable and the test are plain): the
    # user's file shows the frames the original shows, this test's and the function's.
    with pytest.raises(ZeroDivisionError) as original:
        fails_inside_a_loop([1, 0])
    def users(tb_frames):
        return [(f.lineno, f.name) for f in tb_frames if f.filename == THIS_FILE and f.name != TEST_NAME]

    TEST_NAME = "test_exception_in_converted_code_points_at_the_users_line"
    assert users(frames) == users(traceback.extract_tb(original.value.__traceback__)) == [
        (last.lineno, "fails_inside_a_loop")]


def unbound_after_empty_loop(xs):
    for item in xs:
        pass
    return item


def test_unbound_loop_variable_raises_pythons_own_error():
    converted = autograph.convert(unbound_after_empty_loop)
    with pytest.raises(UnboundLocalError) as converted_error:
        converted([])
    with pytest.raises(UnboundLocalError) as original_error:
        unbound_after_empty_loop([])
    assert str(converted_error.value) == str(original_error.value)
    assert "'item'" in str(converted_error.value)


def test_conversion_cache_is_thread_safe():
    def work(x):
        while x > 1:
            x = x // 2
        return x

    results = []
    threads = [threading.Thread(target=lambda: results.append(autograph.convert(work))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(r) for r in results}) == 1
    assert results[0](100) == 1


def test_cached_conversion_returns_the_same_function():
    assert autograph.convert(fails_inside_a_loop) is autograph.convert(fails_inside_a_loop)


def test_inspect_of_converted_function():
    converted = autograph.convert(fails_inside_a_loop)
    assert inspect.signature(converted) == inspect.signature(fails_inside_a_loop)
    assert converted.__wrapped__ is fails_inside_a_loop
    # Python's getsource follows __wrapped__; to_code gives the converted source.
    assert "ag__.for_stmt" in autograph.to_code(converted)


def test_function_defined_in_a_notebook_cell():
    """IPython keeps each cell's source in linecache under a name like <ipython-input-3-...>;
    that is all the converter needs."""
    import linecache

    source = "def cell_function(xs):\n    total = 0\n    for x in xs:\n        if x > 0:\n            total += x\n" \
             "    return total\n"
    filename = "<ipython-input-3-0123456789ab>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {}
    exec(compile(source, filename, "exec"), namespace)
    converted = autograph.convert(namespace["cell_function"])
    assert converted([1, -2, 3]) == 4
    assert "ag__.for_stmt" in autograph.to_code(namespace["cell_function"])
    with pytest.raises(TypeError) as error:
        converted([1, "a"])
    assert traceback.extract_tb(error.value.__traceback__)[-1].filename == filename
