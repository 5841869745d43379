"""locals(), vars(), dir(), eval and exec in converted code read the user's function's variables.

The original function is the oracle: each test compares what the converted function gives with what
the original gives (the fuzzer's `frames` feature draws such reads at random in random programs).
"""

from __future__ import annotations

import sys

import pytest

import autograph

scale = "a global named like a local"


def agree(fn, *args):
    """The original's and the converted function's results (by repr: a locals() dict may hold a
    list that holds it) or exceptions are the same."""
    outcomes = []
    for candidate in (fn, autograph.convert(fn)):
        try:
            outcomes.append(("value", repr(candidate(*args))))
        except Exception as error:  # noqa: BLE001  (the exception is the result being compared)
            outcomes.append(("raises", type(error), str(error)))
    assert outcomes[1] == outcomes[0]


def eval_in_branch_finds_the_local_not_the_global(n):
    scale = "local"
    if n > 0:
        found = eval("scale")
    else:
        found = None
    return found


def locals_in_branch_and_loop(xs, c):
    total = 0
    seen = []
    for i in xs:
        t = i * 2
        if c and t > 2:
            seen.append(dict(locals()))
        total += t
    if c:
        late = 1
    seen.append(list(locals()))
    return seen


def vars_and_dir_after_a_loop(n):
    a = 1
    while a < n:
        b = a
        a += 1
    return vars(), dir()


def eval_in_an_operand(a, b):
    x = a * 10
    return a and eval("x + b"), b or eval("x")


def eval_in_a_while_test(n):
    i = 0
    while eval("i < n"):
        i += 1
    return i


def exec_writes_are_not_seen_later(n):
    out = []
    if n:
        exec("out.append(n)")
        exec("hidden = 1")
    out.append("hidden" in dir())
    return out


def format_with_locals(count, name):
    if count > 1:
        message = "%(count)d %(name)ss" % locals()  # noqa: UP031  (the idiom under test)
    else:
        message = "{count} {name}".format(**locals())
    return message


def unbound_variable_left_out(c):
    if c:
        x = 1
    names = sorted(locals())
    if not c:
        return names, eval("x")  # NameError: x is unbound, and no global x exists
    return names


def nested_function_reads_its_own_frame(n):
    outer = n

    def inner(k):
        kept = outer  # a closure variable, read: in inner's locals()
        if k:
            return locals()
        return dir()

    return inner(n), inner(0)


def comprehension_iterable_is_the_functions(n):
    a, b = n, n + 1
    if n:
        return [name for name in locals()]
    return [name for name in dir()]


def two_lambdas_on_one_line(n):
    first, second = (lambda p: p and locals()), (lambda q, r=2: q and locals())
    return first(n), second(n)


class Base:
    def hello(self):
        return "base"


class Child(Base):
    def greet(self, n):
        if n:
            word = super().hello()
            return word, sorted(locals())  # super() makes a __class__ cell: Python lists it
        return None


def key_order_across_calls(c):
    """Before 3.13 a name keeps the place in locals() it took when a first call saw it bound (here y,
    a cell, before v3); from 3.13 each call lists cells after the other locals. Found by make fuzz."""
    y = c
    first = list(locals())
    try:
        v3 = 1
        z = missing  # noqa: F821  (NameError, on purpose)
    except NameError:
        second = list(vars())
    x = len([6 for z in range(2) if 3 <= y])
    return first, second, x


def nested_loop_target_after_the_loops(n):
    """The inner for's target is a variable of the function after both loops, as dir() sees it
    (the converter had made it the inner body's own, since nothing read it after: found by make fuzz)."""
    w = 0
    while w < n:
        w += 1
        for i in [w]:
            pass
    return dir()


def argument_a_nested_function_reads(first, second):
    """``first`` is a cell: Python 3.10 lists it among the cells, and moves it to the end of the frame's
    dict at each later locals() (found by the fuzzer on 3.10)."""
    log = []
    late = first + 1
    log.append(list(locals()))
    if second:
        log.append(list(vars()))
    else:
        log.append(eval("sorted(locals())"))

    def reader():
        return first + late
    log.append(list(locals()))
    return log


CASES = [
    (argument_a_nested_function_reads, (1, 1)),
    (argument_a_nested_function_reads, (1, 0)),
    (key_order_across_calls, (0,)),
    (nested_loop_target_after_the_loops, (2,)),
    (eval_in_branch_finds_the_local_not_the_global, (1,)),
    (locals_in_branch_and_loop, ([1, 2], 1)),
    (locals_in_branch_and_loop, ([1, 2], 0)),
    (vars_and_dir_after_a_loop, (3,)),
    (vars_and_dir_after_a_loop, (0,)),
    (eval_in_an_operand, (1, 2)),
    (eval_in_an_operand, (0, 0)),
    (eval_in_a_while_test, (3,)),
    (format_with_locals, (3, "apple")),
    (format_with_locals, (1, "pear")),
    (unbound_variable_left_out, (1,)),
    (unbound_variable_left_out, (0,)),
    (nested_function_reads_its_own_frame, (2,)),
    (comprehension_iterable_is_the_functions, (1,)),
    (comprehension_iterable_is_the_functions, (0,)),
    (two_lambdas_on_one_line, (1,)),
]


@pytest.mark.parametrize(("fn", "args"), CASES, ids=[f"{fn.__name__}{args}" for fn, args in CASES])
def test_frame_reads_match_python(fn, args):
    agree(fn, *args)


def test_method_with_super_lists_the_class_cell():
    expected = Child().greet(1)
    assert autograph.convert(Child.greet)(Child(), 1) == expected
    assert "__class__" in expected[1]


def test_lambda_converted_on_its_own():
    reads = lambda a, b: a and eval("b")  # noqa: E731
    assert autograph.convert(reads)(1, 5) == 5


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="3.13 snapshots locals() the way converted code does")
def test_exec_writes_differ_before_313():
    """Before 3.13 Python hands exec the frame's one dict, which a later dir() reads again: a name
    exec binds shows there. Converted code gives each read a new dict (3.13's rule): documented in
    docs/limitations.md."""
    assert exec_writes_are_not_seen_later(1) == [1, True]
    assert autograph.convert(exec_writes_are_not_seen_later)(1) == [1, False]


def test_users_own_locals_is_left_alone():
    def locals():  # noqa: A001  (the point: the user's own function of that name)
        return {"mine": True}

    def reads(n):
        if n:
            return locals()
        return None

    assert autograph.convert(reads)(1) == {"mine": True}
    assert "ag__.locals_" not in autograph.to_code(reads)


def test_to_code_shows_the_read():
    code = autograph.to_code(eval_in_branch_finds_the_local_not_the_global)
    assert "eval('scale', None, ag__.locals_(('n', 'scale', 'found')))" in code
    assert "found = ag__.Undefined('found')" in code  # not None: locals() must leave it out


def test_explicit_namespaces_are_left_alone():
    def reads(n):
        if n:
            return eval("n + 1", {}, {"n": 41}), eval("n", None, {"n": 2})
        return None

    assert autograph.convert(reads)(1) == (42, 2)
    assert "locals_" not in autograph.to_code(reads)
