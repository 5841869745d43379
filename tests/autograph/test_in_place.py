"""An ``if`` whose test is plain runs its block in place (converters/in_place.py); a staged test
still gets the closures ``to_code`` shows. Plain Python, NumPy eager and the graph agree on both
paths, and on programs that mix them (a staged ``if`` inside a Python loop, a plain ``if`` inside
a staged block)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import autograph
import runtime.plain

THIS_FILE = __file__


def _frames_of(fn, *args) -> list[str]:
    """The names of the frames of this file's code that a call of ``fn`` opens, in order."""
    names: list[str] = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename == THIS_FILE:
            names.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        fn(*args)
    finally:
        sys.setprofile(None)
    return names


def classify(x):
    if x > 0:
        label = "positive"
    elif x < 0:
        label = "negative"
    else:
        label = "zero"
    return label


def count_positive(xs):
    total = 0
    for x in xs:
        if x > 0:
            total += 1
    return total


def test_a_plain_test_opens_no_frame_and_makes_no_closure():
    converted = autograph.convert(classify)
    assert [converted(v) for v in (3, -2, 0)] == ["positive", "negative", "zero"]
    assert _frames_of(converted, -2) == ["classify"]  # no if_body / else_body frame
    # In a loop: the loop's body and its if run in place too.
    loop = autograph.convert(count_positive)
    assert loop([1, -1, 2]) == 2
    assert _frames_of(loop, [1, -1, 2]) == ["count_positive"]


def test_to_code_shows_the_functional_form():
    code = autograph.to_code(classify)
    assert "ag__.if_stmt(" in code and "def if_body" in code
    assert "truth" not in code and "cond" not in code


def test_the_tests_value_is_not_a_variable_of_the_function():
    def reads_locals(x):
        if x:
            y = 1
        return sorted(locals())

    assert autograph.convert(reads_locals)([1]) == reads_locals([1]) == ["x", "y"]


class Truth:
    def __init__(self, value: bool, log: list) -> None:
        self.value, self.log = value, log

    def __bool__(self) -> bool:
        self.log.append(self.value)
        return self.value


class Dying:
    def __init__(self, name: str, log: list) -> None:
        self.name, self.log = name, log

    def __del__(self) -> None:
        self.log.append(f"del {self.name}")


def branch(c):
    if c:
        answer = "yes"
    else:
        answer = "no"
    return answer


def keeps_temporary(flag, log):
    if flag:
        temporary = Dying("temporary", log)
        log.append("in branch")
    log.append("after branch")
    return len(log)


def test_truth_asked_once_and_temporaries_live_as_in_python():
    for value in (True, False):
        log: list = []
        converted_log: list = []
        assert autograph.convert(branch)(Truth(value, converted_log)) == branch(Truth(value, log))
        assert converted_log == log == [value]
    expected: list = []
    keeps_temporary(True, expected)
    got: list = []
    autograph.convert(keeps_temporary)(True, got)
    assert got == expected == ["in branch", "after branch", "del temporary"]


COUNTER = 0


def declares_inside_blocks(x):
    if x > 0:
        global COUNTER
        COUNTER += x
    return COUNTER


def test_declarations_written_inside_a_block_still_apply():
    global COUNTER
    COUNTER = 0
    assert autograph.convert(declares_inside_blocks)(2) == 2 and COUNTER == 2

    def outer():
        seen = 0

        def bump(x):
            if x:
                nonlocal seen
                seen += x
            return seen

        return bump

    plain, converted = outer(), autograph.convert(outer())
    assert [plain(v) for v in (1, 0, 2)] == [converted(v) for v in (1, 0, 2)] == [1, 1, 3]


def staged_in_python_loop(x):
    total = np.zeros(())
    for i in range(3):
        if x[i] > 0:  # a staged test in a plain loop: this if goes to the backend each iteration
            total = total + x[i]
        else:
            total = total - 1.0
        if i == 1:  # a plain test beside it: runs in place while tracing
            total = total * 2.0
    return total


def plain_inside_staged(x, n):
    if np.sum(x) > 0:
        y = x * 2.0
        if n > 1:  # plain, inside a block the backend traces
            y = y + n
        else:
            y = y - n
    else:
        y = -x
    return y


@pytest.mark.parametrize("values", [[1.0, -2.0, 3.0], [-1.0, -1.0, -1.0], [0.5, 0.5, 0.5]])
def test_staged_and_in_place_mixed_agree_with_numpy(values):
    x = np.array(values)
    assert np.allclose(autograph.function(staged_in_python_loop)(x), staged_in_python_loop(x))
    for n in (0, 2):
        function = autograph.function(plain_inside_staged)
        assert np.allclose(function(x, n), plain_inside_staged(x, n))
        # The same converted code on plain values, outside any trace.
        assert np.allclose(autograph.convert(plain_inside_staged)(x, n), plain_inside_staged(x, n))


def test_to_code_compiled_shows_the_in_place_paths():
    compiled = autograph.to_code(count_positive, compiled=True)
    assert "(loop_items := xs).__class__ is ag__.LIST" in compiled and "ag__.truth(" in compiled  # in place
    assert "ag__.iterate(loop_items)" in compiled  # (what is not a list)
    assert "def loop_body(x)" in compiled and "ag__.for_stmt(ag__.rest(" in compiled  # the staged one
    shown = autograph.to_code(count_positive)
    assert "iterate" not in shown and shown in autograph.to_code(count_positive)  # the functional form, kept
    # The compiled text is the code that runs: compiled again, it gives the conversion's code.
    namespace = dict(count_positive.__globals__)
    namespace["ag__"] = __import__("runtime")
    exec(compile(compiled, THIS_FILE, "exec"), namespace)
    assert namespace["count_positive"]([1, -1, 2, 3]) == 3


class OwnIterator:
    """An iterator of a Python class that logs ``__iter__`` and its own release."""

    def __init__(self, log: list) -> None:
        self.log, self.count = log, 0

    def __iter__(self):
        self.log.append("iter")
        return self

    def __next__(self) -> int:
        self.count += 1
        if self.count > 3:
            raise StopIteration
        return self.count

    def __del__(self) -> None:
        self.log.append("del")


def loops_over_own_iterator(stop, log):
    for x in OwnIterator(log):
        if x == stop:
            break
        log.append(x)
    log.append("after")
    return x


@pytest.mark.parametrize("stop", [2, 9])
def test_a_loop_asks_iter_once_and_releases_its_iterator_when_it_ends(stop):
    expected: list = []
    got: list = []
    assert autograph.convert(loops_over_own_iterator)(stop, got) == loops_over_own_iterator(stop, expected)
    assert got == expected and expected.count("iter") == 1 and expected.index("del") < expected.index("after")


def break_flag_staged_mid_loop(x):
    total = np.zeros(())
    for v in [1.0, 2.0, 3.0]:  # a plain list: the loop starts in place
        if np.sum(x) < v:  # staged: from here the break flag is a tensor, the rest goes to the backend
            break
        total = total + v
    return total


def test_stage_mid_loop_then_continue_with_what_is_left():
    for values in ([0.5], [1.5], [2.5], [9.0]):
        x = np.array(values)
        assert np.allclose(autograph.function(break_flag_staged_mid_loop)(x), break_flag_staged_mid_loop(x))


def test_staged_while_test_after_plain_iterations():
    def halve_after_start(x, n):
        steps = 0
        level = n  # a Python int: the first tests are plain, the loop runs in place
        while level > 1:
            level = level / 2 if steps < 2 else np.sum(x) / 2 ** steps  # a tensor from the third pass
            steps = steps + 1
        return level, steps

    for values in ([1.0, 2.0], [40.0, 20.0]):
        x = np.array(values)
        got = autograph.function(halve_after_start)(x, 16)
        expected = halve_after_start(x, 16)
        assert np.allclose(got[0], expected[0]) and np.allclose(got[1], expected[1])


SHADOWS_INT = '''
class int:
    """A user's class named int: its instances' truth is their __bool__, whatever != says."""
    def __init__(self, truth):
        self.truth = truth
    def __bool__(self):
        return self.truth
    def __ne__(self, other):
        return True

def pick(x):
    if x:
        answer = "yes"
    else:
        answer = "no"
    return answer
'''


def test_an_int_test_is_python_s_int_whatever_the_user_calls_int():
    import linecache

    filename = "<shadows_int>"
    linecache.cache[filename] = (len(SHADOWS_INT), None, SHADOWS_INT.splitlines(True), filename)
    namespace: dict = {}
    exec(compile(SHADOWS_INT, filename, "exec"), namespace)
    converted = autograph.convert(namespace["pick"])
    for value in (namespace["int"](False), namespace["int"](True), 0, 3):
        assert converted(value) == namespace["pick"](value)


def mixes_plain_and_staged_operands(x, n):
    y = x * 1.0
    if np.sum(x) > 0 and n > 1:  # the staged operand first: the rest goes to the backend as a thunk
        y = y + 1.0
    if n > 1 and np.sum(x) > 2:  # a plain true operand, then a staged one: the test is the staged one
        y = y * 2.0
    if n > 5 or np.sum(x) < 0 or n == 0:  # or: a plain false operand goes on
        y = y - 3.0
    i = 0
    while i < n and np.sum(y) < 100.0:  # a while test that turns staged at its second operand
        y = y * 3.0
        i = i + 1
    return y


class OnlyNext:
    """An iterator with ``__next__`` and no ``__iter__``: Python's ``for`` takes it from ``__iter__``
    of its iterable and never asks it for one."""

    def __init__(self) -> None:
        self.count = 0

    def __next__(self) -> int:
        self.count += 1
        if self.count > 2:
            raise StopIteration
        return self.count


class GivesOnlyNext:
    def __iter__(self):
        return OnlyNext()


def sums_items(items):
    total = 0
    for x in items:
        if x:
            total += x
    return total


def test_an_iterator_without_iter_of_its_own():
    assert autograph.convert(sums_items)(GivesOnlyNext()) == sums_items(GivesOnlyNext()) == 3


def and_test_with_own_ag(xs, ag__):
    total = 0
    for x in xs:
        if x > 0 and ag__.count(x) > 0:  # the second operand stands twice: in place, and in its thunk
            total += x
    return total


def test_an_and_test_of_a_function_with_its_own_ag__():
    # The runtime's name and the user's `ag__` are swapped once per node, shared nodes included
    # (a fuzz finding: renamed twice, the user's `ag__` became the runtime).
    for xs in ([1, -2, 3], [0, 4]):
        assert autograph.convert(and_test_with_own_ag)(xs, [3, 4]) == and_test_with_own_ag(xs, [3, 4])


class CountedTruth:
    """A value whose truth is asked through ``__bool__``, counted."""

    def __init__(self, value: bool) -> None:
        self.value, self.asked = value, 0

    def __bool__(self) -> bool:
        self.asked += 1
        return self.value


def not_tests(flag, items):
    out = []
    if not flag:  # a bool: decided inline; anything else through ag__.not_
        out.append("not flag")
    for item in items:  # a list: iterated with no call
        if not item and not flag:
            out.append(item)
    return out


def staged_not_in_plain_loop(x):
    total = np.zeros(())
    for v in [1.0, 2.0, 3.0]:
        if not np.sum(x) > v:  # staged: the negation is the backend's
            total = total + v
    return total


def test_not_tests_agree_with_python_and_numpy():
    converted = autograph.convert(not_tests)
    for flag in (True, False, 0, 3, None, [], [0]):
        for items in ([0, 1, "", "a"], (None, 2), "ab"):
            assert converted(flag, items) == not_tests(flag, items)
    counted, oracle = CountedTruth(False), CountedTruth(False)
    assert converted(counted, [counted]) == ["not flag", counted]
    not_tests(oracle, [oracle])
    assert counted.asked == oracle.asked == 3  # once per test, as Python asks
    for values in ([0.5], [2.5], [5.0]):
        x = np.array(values)
        assert np.allclose(autograph.function(staged_not_in_plain_loop)(x), staged_not_in_plain_loop(x))


def first_items_until(xs, stop):
    out = []
    for x in xs:  # a list, with a break: its iterator comes from iter() itself, no runtime call
        if x == stop:
            break
        out.append(x)
    else:
        out.append("done")
    return out, x


def staged_break_over_a_list(x):
    total = np.zeros(())
    for v in [1.0, 2.0, 3.0, 4.0]:  # the break flag becomes staged mid-loop: the rest goes to for_stmt
        if np.sum(x) + total > 10.0:
            break
        total = total + v
    return total


def test_a_list_loop_with_a_break_agrees_with_python_and_numpy():
    converted = autograph.convert(first_items_until)
    for xs in ([1, 2, 3], (1, 2, 3), "abc", [[1], [2]]):
        for stop in (2, 5, "b", [2]):
            assert converted(xs, stop) == first_items_until(xs, stop)
    with pytest.raises(UnboundLocalError):
        converted([], 1)
    for values in ([0.5], [8.5], [20.0]):
        x = np.array(values)
        assert np.allclose(autograph.function(staged_break_over_a_list)(x), staged_break_over_a_list(x))


def write_items(y, k, v):
    y[k] = v
    y[k] += v
    return y


def write_slice(y, v):
    y[1:3] = v
    return y


def fill_with(y, n):
    for i in range(n):
        y[i] = y[i] * 2 if i % 2 else -y[i]
    return y


class Logged(list):
    """A list subclass that logs its writes: not a list of class exactly, so it takes ag__.setitem."""

    def __setitem__(self, key, value):
        self.log = getattr(self, "log", []) + [(key, value)]
        super().__setitem__(key, value)


def test_item_writes_into_a_list_or_dict_run_in_place():
    compiled = autograph.to_code(write_items, compiled=True)
    assert "if y.__class__ is ag__.LIST or y.__class__ is ag__.DICT:\n        y[k] = v" in compiled
    assert "y = ag__.setitem(y, k, v)" in compiled  # (anything else: an array a backend may write into)
    assert "ag__.LIST" not in autograph.to_code(write_items)  # the functional form, as shown
    converted = autograph.convert(write_items)
    assert _frames_of(converted, [0, 1], 1, 2) == ["write_items"]
    for y, k, v in (([1, 2, 3], 1, 5), ({"a": 1}, "a", 2), ({}, 3, "x"), ([[1]], 0, [2])):
        assert converted(list(y) if isinstance(y, list) else dict(y), k, v) == write_items(
            list(y) if isinstance(y, list) else dict(y), k, v)
    logged = converted(Logged([1, 2]), 0, 3)
    assert logged == [6, 2] and logged.log == [(0, 3), (0, 6)]
    array = converted(np.arange(3.0), 2, 1.5)
    assert array.tolist() == [0.0, 1.0, 3.0]
    assert autograph.convert(write_slice)([1, 2, 3, 4], [9]) == [1, 9, 4]
    assert autograph.convert(fill_with)([1, 2, 3], 3) == fill_with([1, 2, 3], 3)


def test_item_write_errors_are_python_s_at_the_user_s_line():
    converted = autograph.convert(write_items)
    line = write_items.__code__.co_firstlineno + 1
    for y, k, error in (([1], 3, IndexError), ({}, [1], TypeError), ((1, 2), 0, TypeError)):
        with pytest.raises(error) as caught:
            write_items(y, k, 1)
        with pytest.raises(error) as converted_caught:
            converted(y, k, 1)
        assert str(converted_caught.value) == str(caught.value)
        # (A tuple goes through ag__.setitem, whose entry Python 3.10 keeps: docs/limitations.md.)
        users = [entry for entry in converted_caught.traceback if str(entry.path) == THIS_FILE][-1]
        assert (users.lineno + 1, users.name) == (line, "write_items")


def staged_item_writes(x):
    out = [x[0], x[1]]
    out[0] = x[1] * 2.0  # a list holding staged values: the write is the list's own
    y = np.zeros(2)
    y[1] = x[0] + 1.0  # a plain array written with a staged value: it becomes the backend's
    if np.sum(x) > 0:
        out[1] = y[1] * 3.0
    return out[0] + out[1] + y


@pytest.mark.parametrize("values", [[1.0, 2.0], [-3.0, 0.5]])
def test_staged_item_writes_agree_with_numpy(values):
    x = np.array(values)
    assert np.allclose(autograph.function(staged_item_writes)(x), staged_item_writes(x))
    assert np.allclose(autograph.convert(staged_item_writes)(x), staged_item_writes(x))


def chain_and(a, b):
    if a and b:
        return "body"
    return "after"


def chain_and_not(a, b):
    if a and not b:
        r = "body"
    else:
        r = "else"
    return r


def chain_not_and(a, b, c):
    if not a and b and not c:
        r = "body"
    else:
        r = "else"
    return r


def chain_or(a, b, c):
    if a or b or c:
        r = "body"
    else:
        r = "else"
    return r


def chain_or_not(a, b):
    if not a or not b:
        r = "body"
    else:
        r = "else"
    return r


def chain_while(a, b, n):
    i = 0
    while (a or not b) and i < n:
        i += 1
    while i < 2 * n and not a:
        i += 1
    return i


CHAIN_VALUES = [True, False, 0, 3, [], [1], None, "", "x", 0.0, np.bool_(True), np.float64(0.0)]


@pytest.mark.parametrize("plain_path", [True, False])
@pytest.mark.parametrize("fn", [chain_and, chain_and_not, chain_not_and, chain_or, chain_or_not, chain_while])
def test_and_or_not_tests_agree_with_python_operand_by_operand(fn, plain_path):
    """Every mix of bools, ints, other plain values, and values whose ``__bool__`` is logged: the
    same branch, and the same truths asked in the same order, as the original, on both paths of the
    compiled code (runtime/plain.py: the test as written, and the one that tells staged values apart)."""
    converted = autograph.convert(fn)
    with runtime.plain.assume(plain_path):
        _agree_operand_by_operand(fn, converted)


def _agree_operand_by_operand(fn, converted):
    import itertools
    arity = fn.__code__.co_argcount - (fn is chain_while)
    for values in itertools.product(CHAIN_VALUES[:6] + ["truth-0", "truth-1"], repeat=arity):
        logs = []
        for _ in range(2):
            log: list = []
            args = [Truth(v == "truth-1", log) if isinstance(v, str) and v.startswith("truth") else v for v in values]
            if fn is chain_while:
                args.append(2)
            logs.append((fn(*args) if not logs else converted(*args), log))
        assert logs[0] == logs[1], values
    for values in itertools.product(CHAIN_VALUES, repeat=arity):
        args = list(values) + ([2] if fn is chain_while else [])
        assert converted(*args) == fn(*args), values


def test_a_raising_bool_in_a_chain_is_the_user_s_error():
    class Raises:
        def __bool__(self):
            raise ZeroDivisionError("no truth")

    converted = autograph.convert(chain_and_not)
    for args in ((Raises(), True), (True, Raises()), ([1], Raises())):
        with pytest.raises(ZeroDivisionError, match="no truth") as caught:
            converted(*args)
        assert caught.traceback[-1].name in ("chain_and_not", "__bool__")
        if sys.version_info >= (3, 11):  # (3.10's bare raise keeps the helper's entry: docs/limitations.md)
            assert all(entry.name not in ("and_rest", "or_rest", "not_") for entry in caught.traceback)


def staged_chains(x, n):
    y = x * 1.0
    if n > 0 and not np.sum(x) > 1.0:  # a plain operand, then a staged negated one
        y = y + 1.0
    if not n > 3 or np.sum(y) < 0.0 or n == 2:  # or: a negated plain operand, then a staged one
        y = y * 2.0
    if [n] and np.sum(y) > 0.0 and not n == 1:  # a list operand (asked through and_rest), staged, plain
        y = y - 3.0
    i = 0
    while not i >= n and np.sum(y) < 50.0:
        y = y * 1.5
        i = i + 1
    return y


@pytest.mark.parametrize("n", [0, 1, 2, 4, 6])
@pytest.mark.parametrize("values", [[1.0, 2.0], [-1.0, -2.0], [0.5, 0.5], [0.25, 0.25]])
@pytest.mark.parametrize("fn", [mixes_plain_and_staged_operands, staged_chains])
def test_and_or_tests_decided_in_place_agree_with_numpy(fn, values, n):
    x = np.array(values)
    assert np.allclose(autograph.function(fn)(x, n), fn(x, n))
    assert np.allclose(autograph.convert(fn)(x, n), fn(x, n))  # the same converted code, outside any trace


def test_the_plain_path_runs_the_test_as_written():
    compiled = autograph.to_code(chain_and_not, compiled=True)
    assert "plain = ag__.PLAIN" in compiled
    assert "if a and (not b) if plain else " in compiled  # then the test that tells staged values apart
    assert "elif plain or cond is False:" in compiled
    assert "PLAIN" not in autograph.to_code(chain_and_not)  # the functional form, as shown


def test_plain_is_false_once_jax_is_imported_and_while_a_graph_is_traced(tmp_path):
    """In a fresh interpreter: True at first; False inside a graph trace only; False for good once JAX
    is imported (its tracers may reach converted code from then on, under any jax.jit)."""
    pytest.importorskip("jax")
    import subprocess
    import textwrap
    program = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(__import__("pathlib").Path(autograph.__file__).parents[1])!r})
        import numpy as np, runtime, autograph
        seen = []
        def f(x):
            seen.append(runtime.PLAIN)
            return x + 1.0
        print(runtime.PLAIN)
        autograph.function(f)(np.ones(2))
        print(seen[-1], runtime.PLAIN)
        import jax
        print(runtime.PLAIN)
    """)
    script = tmp_path / "plain_flag.py"  # (a file: autograph converts from source)
    script.write_text(program)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False", "True", "False"]


def calls_a_traced_function(x, n):
    total = 0.0
    for i in range(n):
        if i % 2 == 0:  # plain: the test as written
            total = total + autograph.function(staged_item_writes)(x)[0]
    return total


def test_a_trace_started_inside_a_plain_call():
    x = np.array([1.0, 2.0])
    with runtime.plain.assume(True):
        assert np.allclose(autograph.convert(calls_a_traced_function)(x, 3), calls_a_traced_function(x, 3))
