"""The JAX backend, on hand-written converted functions (exactly what the converter generates).

Each test pairs a converted function with the plain Python it came from (in its docstring or a
twin function): plain Python on concrete values is the oracle for the result under ``jax.jit``.
"""

import collections
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import runtime as ag__
from runtime.jax import JAX_BACKEND
from runtime.staging import StagingError
from runtime.state_roles import BREAK_FLAG, RETURN_FLAG, RETURN_VALUE
from tests.helpers import hand_converted

HERE = __file__.rsplit("/", 1)[-1]


def here() -> int:
    """The caller's line plus one: the line of the ag__ call that follows."""
    return sys._getframe(1).f_lineno + 1


# --- if -----------------------------------------------------------------------------------------


def relu_plain(x):
    if x > 0:
        return x
    return 0.0


@hand_converted(retval_=RETURN_VALUE, do_return=RETURN_FLAG)
def relu(x):
    def if_body():
        nonlocal do_return, retval_
        do_return = True
        retval_ = x

    def if_body_1():
        nonlocal do_return, retval_
        do_return = True
        retval_ = 0.0

    do_return = False
    retval_ = ag__.UndefinedReturnValue()
    ag__.if_stmt(x > 0, if_body, None, ('do_return', 'retval_'))()
    ag__.if_stmt(ag__.not_(do_return), if_body_1, None, ('do_return', 'retval_'))()
    return retval_


@pytest.mark.parametrize("x", [-2.0, 0.0, 3.5])
def test_return_in_one_branch_with_flag_under_jit(x):
    assert relu(x) == relu_plain(x)
    assert jax.jit(relu)(x) == relu_plain(x)


def test_grad_and_vmap_through_if():
    assert jax.grad(relu)(3.0) == 1.0
    assert jax.grad(relu)(-3.0) == 0.0
    np.testing.assert_allclose(jax.vmap(relu)(jnp.array([-1.0, 2.0])), [0.0, 2.0])


def sign_count(x, n):
    """if x > 0: y = 1 else: y = x * n  (y is a Python int in one branch, traced in the other)"""
    def if_body():
        nonlocal y
        y = 1

    def else_body():
        nonlocal y
        y = x * n

    y = ag__.Undefined("y")
    ag__.if_stmt(x > 0, if_body, else_body, ('y',))()
    return y


def test_python_scalar_in_one_branch_is_promoted():
    assert jax.jit(sign_count)(2, 3) == 1
    assert jax.jit(sign_count)(-2, 3) == -6
    out = jax.jit(sign_count)(-2.0, 3)
    assert out == -6.0 and out.dtype == jnp.float32


def pytree_branches(x):
    """if x.sum() > 0: p = (x, {'a': x + 1}) else: p = (-x, {'a': x}); and a namedtuple."""
    Pair = collections.namedtuple("Pair", "lo hi")

    def if_body():
        nonlocal p, q
        p = (x, {"a": x + 1})
        q = Pair(x.min(), x.max())

    def else_body():
        nonlocal p, q
        p = (-x, {"a": x})
        q = Pair(-1.0, 1.0)

    p = q = ag__.Undefined("p")
    ag__.if_stmt(x.sum() > 0, if_body, else_body, ('p', 'q'))()
    return p, q


def test_pytrees_in_branches():
    for x in (jnp.arange(3.0), -jnp.arange(3.0)):
        expected = pytree_branches(np.asarray(x))
        got = jax.jit(pytree_branches)(x)
        assert type(got[1]).__name__ == "Pair"
        for e, g in zip(jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(got)):
            np.testing.assert_allclose(g, e)


def test_if_exp_and_logical_operators():
    def f(x):
        big = ag__.and_(x > 0, lambda: x < 10)
        odd = ag__.or_(x < -5, lambda: ag__.not_(big))
        return ag__.if_exp(big, lambda: x * 2, lambda: x - 1), odd

    for x in (-7.0, 3.0, 20.0):
        assert tuple(map(float, jax.jit(f)(x))) == tuple(map(float, f(x)))


# --- while --------------------------------------------------------------------------------------


@hand_converted(break_=BREAK_FLAG)
def doubling(x, n):
    """The converter's example: i = 0; while i < n: if x > 100: break; x = x * 2; i = i + 1"""
    def loop_test():
        return ag__.and_(ag__.not_(break_), lambda: i < n)

    def loop_body():
        nonlocal x, i, break_

        def if_body():
            nonlocal break_
            break_ = True

        def else_body():
            nonlocal x, i
            x = x * 2
            i = i + 1

        ag__.if_stmt(x > 100, if_body, else_body, ('break_', 'i', 'x'))()

    i = 0
    break_ = False
    for _ in ag__.while_stmt(loop_test, None, loop_body, ('break_', 'i', 'x')):
        loop_body()
    return x


@pytest.mark.parametrize("x, n", [(3.0, 10), (3.0, 2), (500.0, 4), (1.0, 0)])
def test_while_with_break_under_jit(x, n):
    assert jax.jit(doubling)(x, n) == doubling(x, n)


def test_while_under_vmap():
    xs, ns = jnp.array([3.0, 1.0, 500.0]), jnp.array([10, 3, 4])
    expected = [doubling(float(x), int(n)) for x, n in zip(xs, ns)]
    np.testing.assert_allclose(jax.jit(jax.vmap(doubling))(xs, ns), expected)


# --- for ----------------------------------------------------------------------------------------


def cumulative(xs):
    """s = 0; ys = []; for x in xs: s = s + x * x; ys.append(s); return s, ys"""
    def loop_body(x):
        nonlocal s
        s = s + x * x
        ys.append(s)

    s = 0
    ys = []
    for itr in ag__.for_stmt(xs, None, loop_body, ('s', 'ys')):
        loop_body(itr)
    return s, ys


def test_for_over_array_is_a_scan_whose_appends_are_pythons_list():
    # The list is Python's, grown by the scan's rows (until 2026-11-30 a loop over an array left one stacked array
    # in its place: a tuple appended per iteration came out as a tuple of arrays).
    xs = jnp.arange(1.0, 5.0)
    s, ys = jax.jit(cumulative)(xs)
    s_py, ys_py = cumulative(np.arange(1.0, 5.0))
    assert s == s_py
    assert type(ys) is list and len(ys) == 4
    np.testing.assert_allclose(ys, ys_py)
    assert "scan" in str(jax.make_jaxpr(cumulative)(xs))


def test_grad_through_scan_and_through_static_range():
    np.testing.assert_allclose(jax.grad(lambda xs: cumulative(xs)[0])(jnp.arange(3.0)), [0.0, 2.0, 4.0])
    np.testing.assert_allclose(jax.grad(lambda xs: jnp.sum(jnp.stack(cumulative(xs)[1])))(jnp.arange(3.0)),
                               [0.0, 4.0, 4.0])

    def power(x, n):
        """for _ in range(n): x = x * 1.5  (n is static: the loop unrolls in Python)"""
        def loop_body(_):
            nonlocal x
            x = x * 1.5

        for itr in ag__.for_stmt(ag__.range(n), None, loop_body, ('x',)):
            loop_body(itr)
        return x

    assert jax.grad(power)(2.0, 3) == pytest.approx(1.5 ** 3)
    assert jax.jit(jax.grad(power), static_argnums=1)(2.0, 3) == pytest.approx(1.5 ** 3)


@hand_converted(retval_=RETURN_VALUE, do_return=RETURN_FLAG)
def first_above(xs, t):
    """for x in xs: if x > t: return x;  return -1.0"""
    def loop_body(x):
        nonlocal do_return, retval_

        def if_body():
            nonlocal do_return, retval_
            do_return = True
            retval_ = x

        ag__.if_stmt(x > t, if_body, None, ('do_return', 'retval_'))()

    def if_body_1():
        nonlocal do_return, retval_
        do_return = True
        retval_ = -1.0

    do_return = False
    retval_ = ag__.UndefinedReturnValue()
    for itr in ag__.for_stmt(xs, lambda: do_return, loop_body, ('do_return', 'retval_')):
        loop_body(itr)
    ag__.if_stmt(ag__.not_(do_return), if_body_1, None, ('do_return', 'retval_'))()
    return retval_


@pytest.mark.parametrize("t", [0.5, 2.5, 10.0])
def test_return_inside_staged_for(t):
    xs = jnp.array([0.0, 1.0, 3.0, 2.0])
    assert jax.jit(first_above)(xs, t) == first_above(list(np.asarray(xs)), t)
    np.testing.assert_allclose(jax.vmap(first_above, (None, 0))(xs, jnp.array([t, 0.5])),
                               [first_above(list(np.asarray(xs)), t), 1.0])


@hand_converted(break_=BREAK_FLAG)
def sum_odd_until(n, stop):
    """s = 0; for i in range(n): if i % 2 == 0: continue; if i > stop: break; s = s + i"""
    def loop_body(i):
        nonlocal s, break_

        def if_body():
            nonlocal continue_
            continue_ = True

        def after_continue():
            nonlocal s, break_

            def if_body_1():
                nonlocal break_
                break_ = True

            def else_body_1():
                nonlocal s
                s = s + i

            ag__.if_stmt(i > stop, if_body_1, else_body_1, ('break_', 's'))()

        continue_ = False
        ag__.if_stmt(i % 2 == 0, if_body, None, ('continue_',))()
        ag__.if_stmt(ag__.not_(continue_), after_continue, None, ('break_', 's'))()

    s = 0
    break_ = False
    for itr in ag__.for_stmt(ag__.range(n), lambda: break_, loop_body, ('break_', 's')):
        loop_body(itr)
    return s


@pytest.mark.parametrize("n, stop", [(10, 6), (10, 100), (0, 3), (7, -1)])
def test_break_and_continue_over_traced_range(n, stop):
    expected = sum_odd_until(n, stop)
    assert jax.jit(sum_odd_until)(n, stop) == expected  # traced bound: ag__.range is staged
    assert jax.jit(sum_odd_until, static_argnums=0)(n, stop) == expected  # the flag turns traced mid-loop


def test_traced_range_with_start_and_negative_step():
    def count(a, b):
        """c = 0; for i in range(a, b, -2): c = c + i"""
        def loop_body(i):
            nonlocal c
            c = c + i

        c = 0
        for itr in ag__.for_stmt(ag__.range(a, b, -2), None, loop_body, ('c',)):
            loop_body(itr)
        return c

    for a, b in [(10, 1), (10, 10), (3, 8), (-1, -6)]:
        assert jax.jit(count)(a, b) == count(a, b)


def test_python_list_loop_whose_break_flag_becomes_traced():
    @hand_converted(break_=BREAK_FLAG)
    def until_negative(values, x):
        """total = 0.0; for v in values: if v * x < 0: break; total = total + v * x"""
        def loop_body(v):
            nonlocal total, break_

            def if_body():
                nonlocal break_
                break_ = True

            def else_body():
                nonlocal total
                total = total + v * x

            ag__.if_stmt(v * x < 0, if_body, else_body, ('break_', 'total'))()

        total = 0.0
        break_ = False
        for itr in ag__.for_stmt(values, lambda: break_, loop_body, ('break_', 'total')):
            loop_body(itr)
        return total

    values = [1.0, 2.0, -1.0, 5.0]
    for x in (2.0, -1.0):
        assert jax.jit(until_negative, static_argnums=0)(tuple(values), x) == until_negative(values, x)
        assert jax.jit(lambda x: until_negative(values, x))(x) == until_negative(values, x)


def test_plain_values_never_reach_jax():
    assert JAX_BACKEND.owns(int) is False or ag__.backend_for(1) is None
    assert doubling(3.0, 10) == 192.0
    assert cumulative([1.0, 2.0]) == (5.0, [1.0, 5.0])


def test_importing_the_backend_does_not_import_jax():
    code = "import sys, runtime.jax; assert runtime.jax.JAX_BACKEND.owns(int) is False; assert 'jax' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=__file__.rsplit("/tests/", 1)[0])


# --- errors -------------------------------------------------------------------------------------


def test_variable_defined_in_one_branch_only():
    line = []

    def f(x):
        def if_body():
            nonlocal y
            y = x + 1

        y = ag__.Undefined("y")
        line.append(here())
        ag__.if_stmt(x > 0, if_body, None, ('y',))()
        return y

    with pytest.raises(StagingError, match=r"'y' is assigned in the if branch but not in the else") as info:
        jax.jit(f)(1.0)
    assert f"{HERE}:{line[0]}:" in str(info.value)


def test_return_in_one_branch_only():
    @hand_converted(retval_=RETURN_VALUE)
    def f(x):
        def if_body():
            nonlocal retval_
            retval_ = x

        retval_ = ag__.UndefinedReturnValue()
        ag__.if_stmt(x > 0, if_body, None, ('retval_',))()
        return retval_

    with pytest.raises(StagingError, match="return in one branch only|a `return` in one branch only"):
        jax.jit(f)(1.0)


def test_branch_dtype_and_shape_mismatch():
    def f(x, n):
        def if_body():
            nonlocal y
            y = x

        def else_body():
            nonlocal y
            y = n

        y = ag__.Undefined("y")
        ag__.if_stmt(x > 0, if_body, else_body, ('y',))()
        return y

    with pytest.raises(StagingError, match=r"'y' is a float32\[\] array in the if branch but an int32\[\] array in the "
                                           r"else branch; a staged value has one dtype: cast one of them"):
        jax.jit(f)(jnp.float32(1.0), jnp.int32(2))
    with pytest.raises(StagingError, match=r"'y' has shape \(\) in the if branch but \(2,\)"):
        jax.jit(f)(1.0, jnp.zeros(2))


def test_loop_variable_changing_dtype_or_shape():
    line = []

    def f(x, n):
        def loop_body():
            nonlocal x
            x = jnp.concatenate([x, x])

        line.append(here())
        for _ in ag__.while_stmt(lambda: x.sum() < n, None, loop_body, ('x',)):
            loop_body()
        return x

    with pytest.raises(StagingError, match=r"'x' has shape \(1,\) before the while loop but \(2,\)") as info:
        jax.jit(f)(jnp.ones(1), 10.0)
    assert f"{HERE}:{line[0]}:" in str(info.value)

    def g(i, n):
        def loop_body():
            nonlocal i
            i = i * 1.5

        for _ in ag__.while_stmt(lambda: i < n, None, loop_body, ('i',)):
            loop_body()
        return i

    with pytest.raises(StagingError, match="'i' has dtype int32 before the while loop but float32"):
        jax.jit(g)(jnp.int32(1), 10)
    assert jax.jit(g)(1, 10) == g(1, 10)  # a Python int start is promoted instead


def test_variable_first_assigned_in_loop():
    """Over an array (of static length) the first iteration runs before the scan, as Python runs it; a
    while loop may run zero times, so a variable it first assigns is refused (issue 31, class 6)."""
    def f(xs):
        def loop_body(x):
            nonlocal last
            last = x

        last = ag__.Undefined("last")
        for itr in ag__.for_stmt(xs, None, loop_body, ('last',)):
            loop_body(itr)
        return last

    assert jax.jit(f)(jnp.arange(3.0)) == 2.0

    def g(x, n):
        def loop_body():
            nonlocal last, x
            last = x
            x = x + 1

        last = ag__.Undefined("last")
        for _ in ag__.while_stmt(lambda: x < n, None, loop_body, ('last', 'x')):
            loop_body()
        return last

    with pytest.raises(StagingError, match="'last' is first assigned inside this while loop.*initialize last"):
        jax.jit(g)(0.0, 3.0)


def test_list_growing_in_a_while_loop_and_non_scalar_condition():
    def f(n):
        def loop_body():
            nonlocal i
            ys.append(i)
            i = i + 1

        i = 0
        ys = []
        for _ in ag__.while_stmt(lambda: i < n, None, loop_body, ('i', 'ys')):
            loop_body()
        return ys

    with pytest.raises(StagingError, match=r"'ys' is \[\] before the while loop.*preallocate"):
        jax.jit(f)(3)

    def g(x):
        ag__.if_stmt(x > 0, lambda: None, None, None)()

    with pytest.raises(ValueError, match=r"truth value of an array with more than one element is ambiguous.*"
                                         r"an array of shape \(2,\)"):
        jax.jit(g)(jnp.ones(2))


def test_pytree_state_and_nested_if_in_a_scan():
    def clipped(params, xs):
        """for x in xs: if x > params['cap']: x = params['cap']; acc = (acc[0] + x, acc[1] * 2); out.append(x)"""
        def loop_body(x):
            nonlocal acc

            def if_body():
                nonlocal x
                x = params["cap"]

            ag__.if_stmt(x > params["cap"], if_body, None, ('x',))()
            acc = (acc[0] + x, acc[1] * 2)
            out.append({"x": x})

        acc = (0.0, jnp.ones(2))
        out = [{"x": jnp.float32(-1.0)}]
        for itr in ag__.for_stmt(xs, None, loop_body, ('acc', 'out')):
            loop_body(itr)
        return acc, out

    params, xs = {"cap": 2.0}, jnp.array([1.0, 3.0, 2.5])
    (total, twos), out = jax.jit(clipped)(params, xs)
    assert total == 5.0
    np.testing.assert_allclose(twos, [8.0, 8.0])
    np.testing.assert_allclose([item["x"] for item in out], [-1.0, 1.0, 2.0, 2.0])  # (the item from before first)
    assert type(out) is list and all(type(item) is dict for item in out)
    grad = jax.grad(lambda p: clipped(p, xs)[0][0])(params)
    assert grad["cap"] == 2.0


def test_no_tracer_outlives_its_trace():
    with jax.checking_leaks():
        jax.jit(doubling)(3.0, 10)
        jax.jit(first_above)(jnp.array([0.0, 3.0]), 1.0)
        jax.jit(cumulative)(jnp.arange(3.0))


def test_grad_through_loops_with_a_traced_break():
    """A known trip count plus a traced break is a guarded scan, so reverse mode goes through it."""
    import autograph

    def until_big(x):
        total = x * 0
        for i in range(6):
            total = total + x * i
            if total > 10:
                break
        return total

    def over_array(xs, scale):
        acc = scale * 0
        for v in xs:
            if acc > 5:
                break
            acc = acc + v * scale
        return acc

    converted = autograph.to_graph(until_big)
    # total = x * (0 + 1 + ... + i) up to the break: d total / dx is that sum.
    for x, expected_grad in ((0.5, 15.0), (3.0, 6.0), (12.0, 1.0)):
        np.testing.assert_allclose(jax.grad(converted)(x), expected_grad, rtol=1e-6)
        np.testing.assert_allclose(jax.jit(converted)(x), until_big(x), rtol=1e-6)
    xs = jnp.arange(1.0, 6.0)
    grad = jax.grad(autograph.to_graph(over_array), argnums=1)(xs, 1.0)
    np.testing.assert_allclose(grad, 6.0)  # 1 + 2 + 3: the loop stops once acc > 5
    assert "scan" in str(jax.make_jaxpr(autograph.to_graph(over_array))(xs, 1.0))


def test_division_by_a_constant_is_a_select_with_the_conds_gradients():
    """``h / 2`` in a branch is ``h * 0.5``: cheap and safe, so the ``if`` is a select (runtime/jax/select.py)."""
    from runtime.jax import cheap_selects

    def step(h, err):
        def if_body():
            nonlocal h
            h = jnp.minimum(h * 2.0, 0.25)

        def else_body():
            nonlocal h
            h = h / 2
        ag__.if_stmt(err < 1e-3, if_body, else_body, ('h',))()
        return h

    jaxpr = str(jax.make_jaxpr(step)(0.1, 0.5))
    assert "select_n" in jaxpr and "cond" not in jaxpr
    for h, err in [(0.1, 0.5), (0.1, 0.0), (jnp.inf, 0.5), (jnp.nan, 0.0), (-jnp.inf, 0.0)]:
        got = jax.jit(jax.grad(step, argnums=(0, 1)))(h, err), jax.jit(step)(h, err)
        with cheap_selects(False):  # new functions: JAX caches traces per function
            want = (jax.jit(jax.grad(lambda a, b: step(a, b), argnums=(0, 1)))(h, err),
                    jax.jit(lambda a, b: step(a, b))(h, err))
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_array_equal(got[1], want[1])


def test_an_inner_range_traced_with_the_outer_index_is_bounded_and_both_loops_stay_scans():
    import warnings

    import autograph
    from runtime.jax import UnrolledLoopWarning

    def triangle(x):
        for i in range(4):
            for j in range(4 - i - 1):
                x = x + j
        return x

    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        converted = autograph.to_graph(triangle)
        assert jax.jit(converted)(jnp.float32(0.0)) == 4.0  # 0+1+2 + 0+1 + 0
        text = str(jax.make_jaxpr(converted)(jnp.float32(0.0)))
    # The outer scan (4 steps) holds the inner one once: its length is the largest trip count, 3.
    assert text.count("scan[") == 2 and "while[" not in text
    assert "length=4" in text and "length=3" in text


def test_an_inner_range_whose_bound_reads_a_carried_variable_unrolls_the_outer_loop_and_says_why():
    import warnings

    import autograph
    from runtime.jax import UnrolledLoopWarning

    def staircase(x):
        k = 0
        for i in range(4):
            for j in range(k):
                x = x + j
            k = k + 1
        return x

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = jax.jit(autograph.to_graph(staircase))(jnp.float32(0.0))
    assert got == 4.0  # 0 + 0 + 0+1 + 0+1+2
    messages = [str(w.message) for w in caught if issubclass(w.category, UnrolledLoopWarning)]
    assert len(messages) == 1
    assert "this for loop over range(0, 4, 1) was unrolled while tracing" in messages[0]
    # The reason names the inner loop (this file, the `for j` line), where the scan was refused.
    inner = f"{__file__}:{staircase.__code__.co_firstlineno + 3}"
    assert (f"StagingError: {inner}: its body loops over a range() whose bound is traced once the loop index is "
            "(such as range(n - i - 1)), and its bound reads a traced value other than the loop index") in messages[0]
    assert "give the inner one a static bound and a guard: for j in range(max_n): if j < bound" in messages[0]
