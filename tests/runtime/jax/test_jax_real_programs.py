"""Issue 11 on the JAX backend: static range loops as scans, cheap ifs as selects, JAX's errors
with the user's file:line, typed keys, and backend="jax" returning JAX arrays.

The static-range tests call the backend the way the dispatch core hands it such a loop
(``JAX_BACKEND.for_stmt(range(n), ...)``, with the converter's generated closures written out);
the end-to-end ones, through ``autograph.to_graph``, need ``runtime/operators.py`` to offer a
static range to the backend of a carried tracer, and are skipped until it does.
"""

from __future__ import annotations

import inspect
import sys
import traceback
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import autograph
import runtime as ag__
from runtime.backend import State
from runtime.jax import JAX_BACKEND, UnrolledLoopWarning, cheap_selects, select, static_loops
from runtime.jax import loops as jax_loops
from runtime.jax.common import JaxStagingError
from runtime.staging import StagingError

HERE = __file__


def here() -> int:
    """The caller's line plus one."""
    return sys._getframe(1).f_lineno + 1


def _probe(x):
    for i in range(3):
        x = x + i
    return x


HOOKED = "scan" in str(jax.make_jaxpr(autograph.to_graph(_probe))(1.0))
needs_hook = pytest.mark.skipif(not HOOKED, reason="runtime/operators.py does not yet offer static ranges to "
                                                   "backends (the change is described in docs/jax.md)")


def static_for(r, body, names, flag=None):
    """What ``ag__.for_stmt(range(...), flag, body, names)`` does once the dispatch core hands a static
    range whose body carries a tracer to the JAX backend."""
    extra = None
    if flag is not None:
        cell = body.__closure__[body.__code__.co_freevars.index(flag)]
        extra = lambda: ag__.not_(cell.cell_contents)  # noqa: E731
    JAX_BACKEND.for_stmt(r, extra, body, State(names, body))


@pytest.fixture(autouse=True)
def _every_loop_warns_again():
    """The backend warns once per loop location; these tests share ``static_for``'s line."""
    jax_loops._warned.clear()
    yield


# --- static range loops -------------------------------------------------------------------------------

def decay(x):
    """for i in range(200): x = x * 0.5 + jnp.sin(x) * 0.01 * i"""
    def loop_body(i):
        nonlocal x
        x = x * 0.5 + jnp.sin(x) * 0.01 * i
    static_for(range(200), loop_body, ('x',))
    return x


def decay_plain(x):
    for i in range(200):
        x = x * 0.5 + jnp.sin(x) * 0.01 * i
    return x


def test_static_range_carrying_a_tracer_is_one_scan_and_differentiates():
    jaxpr = str(jax.make_jaxpr(decay)(1.0))
    assert jaxpr.count("scan[") == 1 and jaxpr.count("sin") == 1
    np.testing.assert_allclose(jax.jit(decay)(1.0), decay_plain(1.0), rtol=1e-6)
    np.testing.assert_allclose(jax.grad(decay)(0.3), jax.grad(decay_plain)(0.3), rtol=1e-5)
    np.testing.assert_allclose(jax.vmap(decay)(jnp.array([0.1, 2.0])), [decay_plain(0.1), decay_plain(2.0)],
                               rtol=1e-6)


def test_the_loop_index_promotes_like_a_python_int():
    def f(x):
        def loop_body(i):
            nonlocal x
            x = x + i
        static_for(range(5), loop_body, ('x',))
        return x
    out = jax.jit(f)(jnp.int8(1))
    assert out.dtype == jnp.int8 and out == 11


def test_static_range_with_start_step_and_break():
    def f(x):
        """for i in range(10, 0, -3): if x > 50: break; x = x * i"""
        def loop_body(i):
            nonlocal break_, x

            def if_body():
                nonlocal break_
                break_ = True

            def else_body():
                nonlocal x
                x = x * i
            ag__.if_stmt(x > 50, if_body, else_body, ('break_', 'x'))()
        break_ = False
        static_for(range(10, 0, -3), loop_body, ('break_', 'x'), flag='break_')
        return x

    def plain(x):
        for i in range(10, 0, -3):
            if x > 50:
                break
            x = x * i
        return x
    assert "scan" in str(jax.make_jaxpr(f)(1.0))
    for x in (1.0, 0.5, 60.0):
        np.testing.assert_allclose(jax.jit(f)(x), plain(x))
        np.testing.assert_allclose(jax.grad(f)(x), jax.grad(plain)(x))


def test_switch_unrolls():
    def fresh(x):  # a new function: JAX caches traces per function, and the switch is read while tracing
        return decay(x)
    with static_loops(False):
        jaxpr = str(jax.make_jaxpr(fresh)(1.0))
    assert "scan" not in jaxpr and jaxpr.count("sin") == 200


def test_no_tracer_carried_means_plain_python():
    assert decay(1.0) == pytest.approx(float(decay_plain(1.0)), rel=1e-6)  # concrete values: Python's loop


def test_a_growing_list_is_one_scan_and_a_list_read_inside_unrolls_with_a_warning_naming_the_loop():
    def f(x, read):
        out = []

        def loop_body(i):
            nonlocal x
            x = x * 2 + (len(out) if read else 0)
            out.append(x)
        line = here()
        static_for(range(3), loop_body, ('out', 'x'))
        return jnp.stack(out), line

    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        np.testing.assert_allclose(jax.jit(lambda x: f(x, False)[0])(1.0), [2.0, 4.0, 8.0])
    staged = jax.make_jaxpr(lambda x: f(x, False)[0])(1.0)
    assert [e.primitive.name for e in staged.eqns] == ["scan", "unstack", "stack"]
    with pytest.warns(UnrolledLoopWarning) as record:
        out = jax.jit(lambda x: f(x, True)[0])(1.0)
    np.testing.assert_allclose(out, [2.0, 5.0, 12.0])
    message = str(record[0].message)
    assert "was unrolled while tracing (3 copies of its body)" in message
    assert "'out' is read inside a staged for loop that appends to it" in message
    assert "runtime.jax.static_loops(False)" in message


def test_the_unrolled_warning_is_filed_under_the_users_line():
    def f(x):
        def loop_body(i):
            nonlocal x
            x = jnp.concatenate([x, x[:1]])  # the shape grows: only Python can run it
        static_for(range(2), loop_body, ('x',))
        return x
    # The innermost frame of the program: here static_for's call of the backend; in converted code,
    # the line of the `for` statement (ag__.for_stmt carries the user's line numbers).
    lines, first = inspect.getsourcelines(static_for)
    line = first + next(i for i, text in enumerate(lines) if "JAX_BACKEND.for_stmt" in text)
    with pytest.warns(UnrolledLoopWarning) as record:
        out = jax.jit(f)(jnp.ones(1))
    assert out.shape == (3,)
    assert record[0].filename == HERE and record[0].lineno == line
    assert f"{HERE}:{line}: this for loop over range(0, 2, 1)" in str(record[0].message)
    assert "has shape (1,) before the for loop but (2,) after one iteration" in str(record[0].message)


def test_a_list_changed_through_a_call_unrolls_and_is_restored():
    def helper(out, v):
        out.append(v)

    def f(x):
        out = []

        def loop_body(i):
            nonlocal x
            x = x * 2
            helper(out, x)  # the converter cannot see this mutation: 'out' is not carried
        static_for(range(3), loop_body, ('x',))
        return jnp.stack(out)
    with pytest.warns(UnrolledLoopWarning, match="changes the Python list 'out' without assigning it"):
        np.testing.assert_allclose(jax.jit(f)(1.0), [2.0, 4.0, 8.0])


def test_index_into_a_python_list_unrolls():
    weights = [1.0, 2.0, 3.0]

    def f(x):
        def loop_body(i):
            nonlocal x
            x = x * weights[i]
        static_for(range(3), loop_body, ('x',))
        return x
    with pytest.warns(UnrolledLoopWarning, match="TracerIntegerConversionError|index"):
        assert jax.jit(f)(1.0) == 6.0


def test_triangular_nested_range_is_a_bounded_scan_and_differentiable():
    def f(x):
        """for i in range(3): for j in range(3 - i): x = x * 1.1 + j"""
        def outer(i):
            nonlocal x

            def inner(j):
                nonlocal x
                x = x * 1.1 + j
            for itr in ag__.for_stmt(ag__.range(3 - i), None, inner, ('x',)):
                inner(itr)
        static_for(range(3), outer, ('x',))
        return x

    def plain(x):
        for i in range(3):
            for j in range(3 - i):
                x = x * 1.1 + j
        return x
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)  # the inner range is bounded by 3: no unrolling
        g = jax.grad(f)(2.0)
        text = str(jax.make_jaxpr(f)(2.0))
    np.testing.assert_allclose(g, jax.grad(plain)(2.0), rtol=1e-6)
    assert text.count("scan[") == 2 and "while[" not in text


# --- cheap ifs become selects ---------------------------------------------------------------------------

def branchy(x, y):
    """if x > 0: z = x - y else: z = jnp.maximum(y, 1.0) * 2"""
    def if_body():
        nonlocal z
        z = x - y

    def else_body():
        nonlocal z
        z = jnp.maximum(y, 1.0) * 2
    z = ag__.Undefined('z')
    ag__.if_stmt(x > 0, if_body, else_body, ('z',))()
    return z


def branchy_plain(x, y):
    return x - y if x > 0 else jnp.maximum(y, 1.0) * 2


def test_cheap_pure_branches_become_a_select():
    jaxpr = str(jax.make_jaxpr(branchy)(1.0, 2.0))
    assert "select_n" in jaxpr and "cond" not in jaxpr
    with cheap_selects(False):
        assert "cond" in str(jax.make_jaxpr(lambda x, y: branchy(x, y))(1.0, 2.0))  # a new function: a new trace


@pytest.mark.parametrize("x", [1.0, -1.0, 0.0, np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("y", [2.0, np.nan, np.inf])
def test_select_matches_cond_values_and_gradients_including_nan_and_inf(x, y):
    got = jax.jit(branchy)(x, y)
    with cheap_selects(False):
        as_cond = lambda x, y: branchy(x, y)  # noqa: E731 - a new function: JAX caches traces per function
        want = jax.jit(as_cond)(x, y)
        want_grad = jax.grad(as_cond, argnums=(0, 1))(x, y)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(jax.grad(branchy, argnums=(0, 1))(x, y), want_grad)
    np.testing.assert_array_equal(got, branchy_plain(x, y))


def test_branches_whose_derivatives_can_be_infinite_stay_a_cond():
    def f(x):
        def if_body():
            nonlocal z
            z = jnp.log(x)

        def else_body():
            nonlocal z
            z = x * x  # a product of two traced values: 0 * inf would poison the gradient
        z = ag__.Undefined('z')
        ag__.if_stmt(x > 0, if_body, else_body, ('z',))()
        return z
    assert "cond" in str(jax.make_jaxpr(f)(1.0))
    assert jax.grad(f)(-1.0) == -2.0 and jax.grad(f)(2.0) == 0.5


def test_the_select_rule():
    def closed(fn, *args):
        return jax.make_jaxpr(fn)(*args)
    one = jnp.float32(1.0)
    assert select.cheap([closed(lambda x: x + 1, one), closed(lambda x: -x, one)])
    assert select.cheap([closed(lambda x: jnp.where(x > 0, x, 0.0), one), closed(lambda x: x * 2.0, one)])
    assert not select.cheap([closed(lambda x: x * x, one), closed(lambda x: x, one)])
    assert not select.cheap([closed(lambda x: jnp.exp(x), one), closed(lambda x: x, one)])
    assert select.cheap([closed(lambda x: x / 2, one), closed(lambda x: x, one)])  # x * 0.5: a finite derivative
    assert not select.cheap([closed(lambda x, y: x / y, one, one), closed(lambda x, y: x, one, one)])
    assert not select.cheap([closed(lambda x: x / 0.0, one), closed(lambda x: x, one)])
    assert not select.cheap([closed(lambda x: x / 1e-45, one), closed(lambda x: x, one)])  # 1 / c is inf in float32
    assert not select.cheap([closed(lambda x: x * jnp.inf, one), closed(lambda x: x, one)])
    many = lambda x: x + 1 + 2 + 3 + 4 + 5  # noqa: E731
    assert not select.cheap([closed(many, one), closed(many, one)])  # 10 equations > MAX_EQUATIONS
    big = jnp.ones(select.MAX_ELEMENTS + 1)
    assert not select.cheap([closed(lambda x: x + 1, big), closed(lambda x: x, big)])
    assert not select.cheap([closed(lambda x: jax.debug.print("{}", x) or x, one), closed(lambda x: x, one)])


def test_select_picks_typed_prng_keys():
    def pick(key, x):
        """k2 = split(key)[0]; if x > 0: key = k2; return uniform(key)"""
        k2 = jax.random.split(key)[0]

        def if_body():
            nonlocal key
            key = k2
        ag__.if_stmt(x > 0, if_body, None, ('key',))()
        return jax.random.uniform(key)
    key = jax.random.key(0)
    for x in (1.0, -1.0):
        expected = jax.random.uniform(jax.random.split(key)[0] if x > 0 else key)
        assert jax.jit(pick)(key, x) == expected


# --- typed keys through loops ---------------------------------------------------------------------------

def test_typed_keys_carried_through_a_static_range_and_a_traced_while():
    def f(key, n):
        """total = 0.0; i = 0; while i < n: key, sub = split(key); total += normal(sub); i += 1"""
        def loop_test():
            return i < n

        def loop_body():
            nonlocal i, key, total
            key, sub = jax.random.split(key)
            total = total + jax.random.normal(sub)
            i = i + 1
        total = 0.0
        i = 0
        for _ in ag__.while_stmt(loop_test, None, loop_body, ('i', 'key', 'total')):
            loop_body()
        return key, total

    def twin(key, n):
        def body(c):
            i, key, total = c
            key, sub = jax.random.split(key)
            return i + 1, key, total + jax.random.normal(sub)
        _, key, total = lax.while_loop(lambda c: c[0] < n, body, (0, key, 0.0))
        return key, total
    key = jax.random.key(7)
    got_key, got = jax.jit(f)(key, 5)
    want_key, want = twin(key, 5)
    assert got == want and (jax.random.key_data(got_key) == jax.random.key_data(want_key)).all()

    def g(key):
        def loop_body(i):
            nonlocal key, total
            key, sub = jax.random.split(key)
            total = total + jax.random.normal(sub)
        total = jnp.float32(0.0)
        static_for(range(5), loop_body, ('key', 'total'))
        return total
    assert "scan" in str(jax.make_jaxpr(g)(key))
    np.testing.assert_allclose(jax.jit(g)(key), twin(key, 5)[1], rtol=1e-6)
    keys = jax.random.split(key, 3)
    np.testing.assert_allclose(jax.vmap(g)(keys), [twin(k, 5)[1] for k in keys], rtol=1e-6)


# --- JAX's errors, with the user's file:line ------------------------------------------------------------

@autograph.do_not_convert
def helper_with_python_if(x):
    if x > 1:  # the line the error must name
        return x
    return -x


def test_a_tracer_bool_in_unconverted_code_names_the_users_line():
    def f(x):
        def if_body():
            nonlocal y
            y = helper_with_python_if(x)

        def else_body():
            nonlocal y
            y = x
        y = ag__.Undefined('y')
        ag__.if_stmt(x > 0, if_body, else_body, ('y',))()
        return y
    lines, first = inspect.getsourcelines(helper_with_python_if)
    line = first + next(i for i, text in enumerate(lines) if "the line the error must name" in text)
    with pytest.raises(JaxStagingError) as info:
        jax.jit(f)(1.0)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line}: a traced value was used as a Python bool")
    assert "convert that function too (autograph.to_graph), or write the choice with jnp.where" in message
    assert "(JAX: TracerBoolConversionError: Attempted boolean conversion" in message
    assert isinstance(info.value.__cause__, jax.errors.TracerBoolConversionError)
    assert isinstance(info.value, (TypeError, StagingError))


def test_a_tracer_used_as_an_index_of_a_python_list_in_a_while_body():
    table = [1.0, 2.0, 3.0]

    def f(x, n):
        def loop_test():
            return x < n

        def loop_body():
            nonlocal x
            x = x + table[x]
        for _ in ag__.while_stmt(loop_test, None, loop_body, ('x',)):
            loop_body()
        return x
    line = here() - 5
    with pytest.raises(JaxStagingError, match="a traced value was used as a Python int") as info:
        jax.jit(f)(0, 3)
    assert str(info.value).startswith(f"{HERE}:{line}: ")
    assert isinstance(info.value.__cause__, jax.errors.TracerIntegerConversionError)


def test_a_numpy_call_on_a_tracer_in_a_branch():
    def f(x):
        def if_body():
            nonlocal y
            y = np.sin(x)
        y = x
        ag__.if_stmt(x > 0, if_body, None, ('y',))()
        return y
    with pytest.raises(JaxStagingError, match=r"converted to a NumPy array \(np\.\* on it"):
        jax.jit(f)(1.0)


def scaled_by_a_table_entry(x, i):
    table = [1.0, 2.0, 3.0]
    return x * table[i]


def test_jaxs_own_error_from_a_converted_functions_statement_names_its_line():
    # JAX's filtered traceback rebuilds each entry from the frame's last instruction: that was the converted
    # form's `except:` clause (at the function's first statement) until the form's tidying became a `with`.
    with pytest.raises(jax.errors.TracerIntegerConversionError) as info:
        jax.jit(autograph.to_graph(scaled_by_a_table_entry))(jnp.ones(2), 1)
    ours = [entry for entry in traceback.extract_tb(info.value.__traceback__) if entry.filename == HERE]
    line = inspect.getsourcelines(scaled_by_a_table_entry)[1] + 2
    assert ours and ours[-1].lineno == line and ours[-1].line == "return x * table[i]", ours


# --- end to end, through the converter (needs the dispatch core to offer static ranges) ---------------

def sampler(key, x0):
    x = x0
    logp = -0.5 * jnp.sum(x0 ** 2)
    accepted = 0
    for _ in range(200):
        key, k1, k2 = jax.random.split(key, 3)
        prop = x + 0.5 * jax.random.normal(k1, x.shape)
        lp = -0.5 * jnp.sum(prop ** 2)
        if jnp.log(jax.random.uniform(k2)) < lp - logp:
            x = prop
            logp = lp
            accepted = accepted + 1
    return x, accepted


@needs_hook
def test_sampler_is_one_scan_with_selects_end_to_end():
    jaxpr = str(jax.make_jaxpr(autograph.to_graph(sampler))(jax.random.key(0), jnp.ones(3)))
    assert jaxpr.count("scan[") == 1 and "cond[" not in jaxpr and "select_n" in jaxpr


@needs_hook
def test_unrolled_warning_names_the_for_statement_end_to_end():
    def f(x):
        for i in range(2):
            x = jnp.concatenate([x, x[:1]])
        return x
    line = f.__code__.co_firstlineno + 1
    with pytest.warns(UnrolledLoopWarning) as record:
        assert jax.jit(autograph.to_graph(f))(jnp.ones(1)).shape == (3,)
    assert (record[0].filename, record[0].lineno) == (HERE, line)


@needs_hook
def test_grad_through_nested_static_loops_with_a_traced_break_end_to_end():
    def f(x):
        for i in range(4):
            for j in range(3):
                x = x * 1.1 + 0.1 * j
            if x > 5:
                break
        return x

    converted = autograph.to_graph(f)
    assert "while" not in str(jax.make_jaxpr(jax.grad(converted))(1.0))
    for x in (0.5, 1.0, 3.0):
        np.testing.assert_allclose(jax.grad(converted)(x), jax.grad(f)(x), rtol=1e-5)


# --- backend="jax" ---------------------------------------------------------------------------------------

def test_backend_jax_returns_jax_arrays_and_follows_jax_x64():
    def f(x):
        if jnp.sum(x) > 0:
            return x * 2
        return -x
    fn = autograph.function(f, backend="jax")
    out = fn(np.ones(3))  # NumPy float64 in
    assert isinstance(out, jax.Array) and out.dtype == jnp.float32  # JAX's default: 32 bits
    arr = jnp.ones(3)
    assert fn(arr).devices() == arr.devices()
    fn64 = autograph.function(f, backend="jax")
    with jax.enable_x64(True):
        assert fn64(np.ones(3)).dtype == jnp.float64


def test_typed_keys_as_arguments_backend_jax_takes_them_graph_says_what_to_do():
    fn = autograph.function(lambda key: jax.random.uniform(key), backend="jax")
    assert fn(jax.random.key(0)) == jax.random.uniform(jax.random.key(0))  # keyed by shape and key dtype
    assert jax.jit(fn)(jax.random.key(0)) == jax.random.uniform(jax.random.key(0))  # inside jit it inlines
    graph = autograph.function(lambda key: key)
    with pytest.raises(TypeError, match=r"typed PRNG keys \(key<fry>\).*backend='jax'.*jax.random.key_data\(key\)"):
        graph(jax.random.key(0))


def test_unused_warnings_state():
    # The once-per-loop memory must not make a second loop at another line silent.
    assert isinstance(jax_loops._warned, set)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        jax.jit(decay)(1.0)  # a staged loop warns nothing
