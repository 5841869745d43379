"""NumPy's random functions in traced functions draw at every run, from the generator eager code uses.

The oracle is the same function run eagerly from the same seed: a graph on the NumPy executor must
give the same numbers on every call, in the same order, and leave the generator in the same state
(so the next draw after the call agrees too). Before random ops, a traced draw happened once and
became a constant: every call returned the first call's numbers (each family checks that two calls
differ). What a graph cannot keep eager's numbers for is refused at the user's line, and each
message is checked; under XLA a draw is refused too (docs/graphs.md, "Random numbers").
"""

from __future__ import annotations

import copy
import pickle
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph import TensorSpec, ops, trace
from runtime.graph.passes import PASSES, effects, optimize
from runtime.limits import Limitation
from tests import helpers
from tests.helpers import jax_usable, line_of

X = np.arange(1.0, 7.0).reshape(2, 3)


def as_list(result):
    return list(result) if isinstance(result, (tuple, list)) else [result]


def assert_same(got, expected):
    """Equal values, shapes and dtypes. Where eager NumPy returns a Python number (a draw of one value), the
    graph's 0-d result has the dtype the draw's array would have (float32 for ``rng.random(dtype=np.float32)``,
    whose Python float holds a float32 value): docs/graphs.md, "Random numbers"."""
    got, expected = as_list(got), as_list(expected)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        python_number = type(e) in (bool, int, float)
        g, e = np.asarray(g), np.asarray(e)
        assert g.shape == e.shape
        assert g.dtype.kind == e.dtype.kind if python_number else g.dtype == e.dtype
        np.testing.assert_array_equal(g, e)


def differs(a, b) -> bool:
    return any(not np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(as_list(a), as_list(b)))


def global_draws(fn, *args, calls=3, seed=0, **options):
    """``fn(*args)`` ``calls`` times, eagerly and as a graph, each time from ``np.random.seed(seed)``;
    returns both lists of results and both next draws after the calls (the state they left). Array
    arguments are copied for every call (a function may shuffle them in place): the copies are
    returned too, as the calls left them."""
    def run(f):
        np.random.seed(seed)
        arguments = [[np.copy(a) if isinstance(a, np.ndarray) else a for a in args] for _ in range(calls)]
        results = [f(*a) for a in arguments]
        return results, np.random.random(), arguments
    eager = run(fn)
    graph = run(autograph.function(fn, **options))
    return eager, graph


def assert_like_eager(fn, *args, calls=3, seed=0, new_each_call=True, **options):
    (eager, eager_next, eager_args), (graph, graph_next, graph_args) = global_draws(
        fn, *args, calls=calls, seed=seed, **options)
    for e, g in zip(eager, graph):
        assert_same(g, e)
    for e, g in zip(eager_args, graph_args):
        assert_same(g, e)
    assert graph_next == eager_next
    if new_each_call:
        assert differs(graph[0], graph[1])  # frozen draws would repeat the first call's numbers
    return graph


# --- np.random.<fn>: the global generator --------------------------------------------------------

def g_normal(x):
    return x + np.random.normal(size=x.shape)


def g_normal_params(x):
    return np.random.normal(x, 2.0), np.random.normal(loc=x[0], scale=[1.0, 2.0, 3.0], size=(4, 3))


def g_standard_normal(x):
    return np.random.standard_normal(x.shape) * x, np.random.standard_normal()


def g_uniform(x):
    return np.random.uniform(-1.0, x), np.random.uniform(size=2)


def g_rand(x):
    return np.random.rand(*x.shape) + np.random.rand(), np.random.randn(2, 3) * x, np.random.randn()


def g_randint(x):
    return np.random.randint(0, 10, size=x.shape), np.random.randint(5), np.random.randint(3, dtype=np.int8)


def g_random(x):
    return np.random.random(x.shape) + np.random.random_sample(), np.random.sample((2, 1)), np.random.ranf()


def g_choice(x):
    return (np.random.choice(5, size=4), np.random.choice(x[0], size=(2, 2), p=[0.2, 0.3, 0.5]),
            np.random.choice(x[1]), np.random.choice([1.5, 2.5], size=3, replace=True))


def g_permutation(x):
    return np.random.permutation(6), np.random.permutation(x), np.random.permutation([4, 5, 6])


def g_shuffle(x):
    np.random.shuffle(x)  # in place: the graph writes it back into the caller's array
    return x * 2


def g_distributions(x):
    return (np.random.exponential(x), np.random.poisson(3.0, size=4), np.random.binomial(10, 0.3, size=x.shape),
            np.random.gamma(2.0, size=3), np.random.beta(x, 2.0), np.random.standard_t(3.0))


@pytest.mark.parametrize("fn", [g_normal, g_normal_params, g_standard_normal, g_uniform, g_rand, g_randint,
                                g_random, g_choice, g_permutation, g_shuffle, g_distributions],
                         ids=lambda f: f.__name__)
def test_global_functions_draw_eagers_numbers_at_every_call(fn):
    assert_like_eager(fn, X)


def g_seeded(x):
    np.random.seed(3)  # seeded inside: every call gives the same numbers, eager and graph
    return x + np.random.normal(size=x.shape)


def test_seed_inside_the_function_reseeds_at_every_run():
    graph = assert_like_eager(g_seeded, X, new_each_call=False)
    assert_same(graph[1], graph[0])


def test_two_calls_of_a_graph_draw_different_numbers():
    f = autograph.function(g_normal)
    assert differs(f(X), f(X))
    np.random.seed(5)
    first = f(X)
    np.random.seed(5)
    assert_same(f(X), first)


def draw_named(x, name, params):
    return x + getattr(np.random, name)(*params, size=x.shape)


PARAMETERS = {
    "normal": (0.5, 2.0), "uniform": (-1.0, 1.0), "exponential": (2.0,), "standard_cauchy": (),
    "standard_t": (3.0,), "gamma": (2.0, 1.5), "beta": (2.0, 3.0), "chisquare": (2.0,),
    "noncentral_chisquare": (2.0, 1.0), "f": (3.0, 4.0), "noncentral_f": (3.0, 4.0, 1.0), "laplace": (0.0, 1.0),
    "logistic": (0.0, 1.0), "lognormal": (0.0, 0.5), "gumbel": (0.0, 1.0), "rayleigh": (1.0,), "pareto": (2.0,),
    "weibull": (2.0,), "power": (2.0,), "vonmises": (0.0, 1.0), "wald": (1.0, 2.0), "triangular": (0.0, 0.5, 1.0),
    "poisson": (3.0,), "binomial": (10, 0.3), "negative_binomial": (5, 0.5), "geometric": (0.3,),
    "hypergeometric": (5, 7, 4), "zipf": (2.0,), "logseries": (0.5,), "standard_normal": (),
    "standard_exponential": (), "standard_gamma": (2.0,), "random_sample": (), "random": (),
}


@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_every_distribution_draws_eagers_numbers(name):
    assert_like_eager(draw_named, X, name, PARAMETERS[name])


@pytest.mark.parametrize("name", sorted(n for n, p in PARAMETERS.items() if p))
def test_every_distribution_takes_tensor_parameters(name):
    # The parameters are arguments: arrays, so tensors of the graph (broadcast against each other).
    params = tuple(np.full((3,), p) for p in PARAMETERS[name])

    def draw(params):
        return getattr(np.random, name)(*params)

    assert_like_eager(draw, params)


# --- a Generator or RandomState the function holds -------------------------------------------------

def r_normal(x, rng):
    return x + rng.normal(size=x.shape) + rng.normal()


def r_standard_normal(x, rng):
    return rng.standard_normal(x.shape), rng.standard_normal(3, dtype=np.float32)


def r_uniform(x, rng):
    return rng.uniform(x, x + 1.0), rng.uniform()


def r_integers(x, rng):
    return rng.integers(0, 10, size=x.shape), rng.integers(5, dtype=np.int8), rng.integers(1, 3, size=4, endpoint=True)


def r_random(x, rng):
    return rng.random(x.shape) * x, rng.random(dtype=np.float32)


def r_choice(x, rng):
    return rng.choice(5, size=3), rng.choice(x, size=2, axis=1), rng.choice(x[0], p=[0.1, 0.2, 0.7])


def r_permutation(x, rng):
    return rng.permutation(4), rng.permutation(x, axis=1), rng.permuted(x, axis=1)


def r_shuffle(x, rng):
    rng.shuffle(x)
    return x + 0


def r_more(x, rng):
    return rng.exponential(x), rng.poisson(2.0, size=3), rng.standard_gamma(2.0, dtype=np.float32)


def r_vectors(x, rng):
    # Draws of vectors: size (or, for multinomial, the shape of n) then the vectors' length
    return (rng.dirichlet(x[0]), rng.dirichlet([0.05, 0.02], size=(2,)), rng.multinomial(10, x[1] / x[1].sum()),
            rng.multinomial([3, 4], [0.2, 0.8]), rng.multivariate_normal(x[0], np.eye(3), size=2))


GENERATOR_CASES = [r_normal, r_standard_normal, r_uniform, r_integers, r_random, r_choice, r_permutation, r_shuffle,
                   r_more, r_vectors]


def generator_draws(fn, make, calls=3):
    """``fn(x, generator)`` ``calls`` times eagerly and as a graph, each with a generator of its own from
    ``make()``; the results, the arguments as the calls left them, and each generator's next draw."""
    def run(f):
        generator = make()
        arguments = [np.arange(1.0, 13.0).reshape(4, 3) for _ in range(calls)]
        results = [f(x, generator) for x in arguments]
        return results, arguments, generator.random()
    return run(fn), run(autograph.function(fn))


@pytest.mark.parametrize("fn", GENERATOR_CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("make", [lambda: np.random.default_rng(11), lambda: np.random.Generator(np.random.MT19937(3))],
                         ids=["default_rng", "MT19937"])
def test_a_generator_argument_is_drawn_from_at_every_run(fn, make):
    (eager, eager_args, eager_next), (graph, graph_args, graph_next) = generator_draws(fn, make)
    for e, g in zip(eager + eager_args, graph + graph_args):
        assert_same(g, e)
    assert graph_next == eager_next
    assert differs(graph[0], graph[1])


def s_draws(x, rs):
    return (rs.normal(size=x.shape), rs.randint(3), rs.rand(), rs.choice(4, size=2), rs.permutation(3),
            rs.dirichlet(x[0]), rs.multinomial(5, [0.5, 0.5], size=2), rs.multivariate_normal([0.0, 1.0], np.eye(2)))


def test_a_random_state_argument_is_drawn_from_at_every_run():
    (eager, _, eager_next), (graph, _, graph_next) = generator_draws(s_draws, lambda: np.random.RandomState(5))
    for e, g in zip(eager, graph):
        assert_same(g, e)
    assert graph_next == eager_next and differs(graph[0], graph[1])


RNG = np.random.default_rng(2024)


def closure_draw(x):
    return x * RNG.normal(size=x.shape)


def test_a_global_generator_is_drawn_from_at_every_run():
    start = RNG.bit_generator.state
    eager = [closure_draw(X) for _ in range(3)]
    RNG.bit_generator.state = start
    f = autograph.function(closure_draw)
    graph = [f(X) for _ in range(3)]
    for e, g in zip(eager, graph):
        assert_same(g, e)
    assert differs(graph[0], graph[1])


def test_a_closure_generator_is_drawn_from_at_every_run():
    rng = np.random.default_rng(8)

    def draw(x):
        return x + rng.uniform(size=x.shape)

    expected = [draw(X) for _ in range(3)]
    rng = np.random.default_rng(8)
    f = autograph.function(draw)
    for e in expected:
        assert_same(f(X), e)


# --- generators made inside the function: a fresh one at every call --------------------------------

def fresh(x):
    rng = np.random.default_rng(42)
    return x + rng.normal(size=x.shape), rng.integers(0, 100), rng.normal()


def fresh_random_state(x):
    rs = np.random.RandomState(7)
    return rs.normal(size=x.shape) + np.random.normal(), rs.randint(10)


def fresh_from_seed_argument(x, seed):
    return np.random.default_rng(seed).random(3) + np.sum(x)


def fresh_in_a_loop(x, n):
    total = 0.0
    for i in range(n):
        rng = np.random.default_rng(i)  # a traced seed: a new generator at each iteration
        total = total + rng.normal()
    return total + np.sum(x)


def test_default_rng_inside_gives_the_same_numbers_at_every_call():
    graph = assert_like_eager(fresh, X, new_each_call=False)
    assert_same(graph[2], graph[0])


def test_random_state_inside_is_fresh_at_every_call_and_the_global_one_goes_on():
    assert_like_eager(fresh_random_state, X)


@pytest.mark.parametrize("seed", [0, 7, 2**40])
def test_default_rng_of_a_traced_seed(seed):
    assert_like_eager(fresh_from_seed_argument, X, np.int64(seed), new_each_call=False)
    assert_like_eager(fresh_in_a_loop, X, np.int64(4), new_each_call=False)


def test_default_rng_of_a_generator_is_that_generator():
    def draw(x, rng):
        return x + np.random.default_rng(rng).normal(size=x.shape)

    (eager, _, eager_next), (graph, _, graph_next) = generator_draws(draw, lambda: np.random.default_rng(1))
    for e, g in zip(eager, graph):
        assert_same(g, e)
    assert graph_next == eager_next


def test_fresh_generators_are_fresh_per_thread():
    expected = fresh(X)
    f = autograph.function(fresh)
    f(X)
    failures = []

    def work():
        for _ in range(30):
            got = f(X)
            if differs(got, expected):
                failures.append(got)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


# --- staged loops and branches ---------------------------------------------------------------------

def walk(x, n):
    total = np.zeros_like(x)
    for _ in range(n):
        total = total + np.random.normal(size=x.shape)  # a draw in a staged loop: one per iteration
    return total


def walk_until(x):
    steps = 0
    u = np.random.rand()
    while u < 0.8:
        steps += 1
        x = x + np.random.standard_normal(x.shape)
        u = np.random.rand()
    return x, steps


def draw_in_the_test(x):
    steps = 0
    while np.random.rand() < 0.8:  # draw-in-test
        steps += 1
    return x + steps


@pytest.mark.parametrize("n", [0, 1, 5])
def test_a_draw_in_a_staged_loop_draws_at_every_iteration(n):
    assert_like_eager(walk, X, np.int64(n), new_each_call=n > 0)


def test_a_loop_that_draws_until_a_draw_says_stop():
    for seed in range(5):
        assert_like_eager(walk_until, X, seed=seed, new_each_call=False)


def test_a_draw_in_a_staged_loop_condition_is_refused():
    # The first test runs before the loop is staged (to see that it is a tensor), so a staged test that
    # draws would draw once more than eager code.
    message = refused(draw_in_the_test, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'draw-in-test')}: the condition of this while loop "
                              "draws random numbers (NumPy's random functions), and a graph would draw them once more")


def one_branch_draws(x):
    if np.sum(x) > 0:
        y = x + np.random.normal(size=x.shape)
    else:
        y = x - 1.0
    return y


def both_branches_draw(x):
    if np.sum(x) > 0:
        y = np.random.uniform(size=x.shape)
    else:
        y = np.random.normal(size=x.shape) + np.random.normal(size=x.shape)
    z = np.random.normal() if np.max(x) > 3 else np.random.rand()
    lazy = (np.min(x) > 0) and (np.random.rand() < 0.5)
    return y, z, lazy


@pytest.mark.parametrize("sign", [1.0, -1.0])
@pytest.mark.parametrize("fn", [one_branch_draws, both_branches_draw], ids=lambda f: f.__name__)
def test_only_the_branch_taken_draws(fn, sign):
    # The next draw after each call agrees with eager's: a graph that ran the other branch's draw too
    # would have left the global generator elsewhere.
    assert_like_eager(fn, sign * X, new_each_call=False)


# --- passes: random ops are effects ----------------------------------------------------------------

def draws_in_order(x):
    a = np.random.normal(size=x.shape)
    b = np.random.normal(size=x.shape)  # the same computation as a's: not merged
    np.random.normal(size=x.shape)  # unused: eager draws it all the same, and so must the graph
    return a - b


def loop_of_invariant_draws(x, n):
    i = 0
    total = x
    while i < n:
        total = total + np.random.normal(size=3)  # no loop variable in it: still drawn at every iteration
        i += 1
    return total


def random_nodes(graph):
    found = []
    for node in graph.nodes:
        if node.op in ("random", "random_generator"):
            found.append(node)
        for name in ops.OPS[node.op].subgraphs:
            found += random_nodes(node.attrs[name])
    return found


def test_random_ops_are_effects_no_pass_folds_merges_hoists_or_drops():
    assert_like_eager(draws_in_order, X)
    assert_like_eager(loop_of_invariant_draws, np.zeros(3), np.int64(4))
    for fn, specs, count in ((draws_in_order, [TensorSpec((2, 3))], 3),
                             (loop_of_invariant_draws, [TensorSpec((3,)), TensorSpec((), np.int64)], 1)):
        graph = trace(autograph.convert(fn), specs, optimize=False).graph
        nodes = random_nodes(graph)
        assert len(nodes) == count
        for node in nodes:
            assert not effects.removable(node) and not effects.cannot_fail(node)
            assert not effects.movable(node) and not effects.foldable(node)
        for passes in [(name,) for name in PASSES] + [tuple(PASSES)]:
            optimized = optimize(graph, passes)
            assert [n.attrs["draw"] for n in random_nodes(optimized)] == [n.attrs["draw"] for n in nodes], passes
    looped = trace(autograph.convert(loop_of_invariant_draws), [TensorSpec((3,)), TensorSpec((), np.int64)]).graph
    (loop,) = [n for n in looped.nodes if n.op == "while_loop"]
    assert len(random_nodes(loop.attrs["body_graph"])) == 1  # still in the body, not hoisted before the loop


def test_the_graph_prints_each_draw():
    f = autograph.function(g_normal)
    f(X)
    text = str(f.concrete_functions[0].graph)
    assert "random[draw=np.random.normal(size=(2, 3))]" in text
    g = autograph.function(fresh)
    g(X)
    text = str(g.concrete_functions[0].graph)
    assert "random_generator[generator=default_rng#1 make=np.random.default_rng(42)]" in text
    assert "random[draw=default_rng#1.integers(0, 100)]" in text


def test_the_converter_routes_random_calls_through_call():
    assert "ag__.call(np.random.normal)(size=x.shape)" in autograph.to_code(g_normal)


def test_numpy_random_functions_run_as_written_outside_a_trace():
    np.random.seed(1)
    expected = g_normal(X)
    np.random.seed(1)
    assert_same(autograph.convert(g_normal)(X), expected)


# --- hypothesis: seeds and sizes -------------------------------------------------------------------

def sized_draws(shape, rng):
    return np.random.normal(size=shape), rng.integers(-3, 7, size=shape), rng.random(shape)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.lists(st.integers(0, 3), max_size=3).map(tuple),
       calls=st.integers(1, 3))
def test_any_seed_and_size(seed, shape, calls):
    def run(f):
        np.random.seed(seed % 2**32)
        rng = np.random.default_rng(seed)
        results = [f(shape, rng) for _ in range(calls)]
        return results, np.random.random(), rng.random()
    eager, graph = run(sized_draws), run(autograph.function(sized_draws))
    for e, g in zip(eager[0], graph[0]):
        assert_same(g, e)
    assert eager[1:] == graph[1:]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), low=st.integers(-5, 5), span=st.integers(1, 10),
       n=st.integers(0, 4))
def test_any_seed_bounds_and_iterations(seed, low, span, n):
    def draws(x, low, high, n):
        out = x
        for _ in range(n):
            out = out + np.random.randint(low, high, size=x.shape)
        return out

    assert_like_eager(draws, np.zeros(3, np.int64), low, low + span, np.int64(n), seed=seed, calls=2,
                      new_each_call=False)


# --- what a graph refuses, at the user's line -------------------------------------------------------

def refused(fn, *args, error=Limitation, **options):
    with pytest.raises(error) as info:
        autograph.function(fn, **options)(*args)
    assert isinstance(info.value, Limitation)
    return str(info.value)


def size_from_data(x):
    return np.random.normal(size=np.sum(x > 0))  # size-from-data


def dims_from_data(x):
    return np.random.rand(np.sum(x > 0), 2)  # dims-from-data


def permutation_of_a_traced_int(x):
    return np.random.permutation(np.sum(x > 0))  # permutation-from-data


def size_of_unknown_dim(x):
    return np.random.normal(size=x.shape)  # unknown-dim


def test_a_size_known_only_at_run_time_is_refused():
    message = refused(size_from_data, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'size-from-data')}: np.random.normal() with its size "
                              "computed from a traced value: the shape of a draw would then depend on data")
    assert "np.random.rand() with its size computed" in refused(dims_from_data, X)
    message = refused(permutation_of_a_traced_int, X)
    assert f":{line_of(__file__, 'permutation-from-data')}: np.random.permutation() with its x (a 0-d tensor" in message
    message = refused(size_of_unknown_dim, np.ones(3), input_signature=[TensorSpec([None])])
    assert message.startswith(f"{__file__}:{line_of(__file__, 'unknown-dim')}: np.random.normal(size=(None,)): a "
                              "dimension of it (None) is known only when the graph runs")


def vectors_of_unknown_length(x):
    return np.random.dirichlet(x)  # vectors-unknown


def dirichlet_of_a_scalar(x, rng):
    return rng.dirichlet(x[0, 0])


def test_a_draw_of_vectors_needs_their_length_and_a_scalar_is_numpys_error():
    message = refused(vectors_of_unknown_length, np.ones(3), input_signature=[TensorSpec([None])])
    assert message.startswith(f"{__file__}:{line_of(__file__, 'vectors-unknown')}: np.random.dirichlet() needs the "
                              "length of its vectors while tracing (the last dim of its alpha)")
    with pytest.raises(TypeError) as eager:
        dirichlet_of_a_scalar(X, np.random.default_rng(0))
    with pytest.raises(TypeError) as staged:  # NumPy's own, raised by the draw when the graph runs
        autograph.function(dirichlet_of_a_scalar)(X, np.random.default_rng(0))
    assert str(eager.value) in str(staged.value)


DECK = np.arange(5)


def shuffle_a_global_array(x):
    np.random.shuffle(DECK)  # shuffle-global
    return x + DECK[0]


def test_shuffle_of_an_array_that_is_not_traced_is_refused():
    message = refused(shuffle_a_global_array, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'shuffle-global')}: np.random.shuffle() of a ndarray "
                              "value, not a traced array: a graph could shuffle it only once, while tracing")
    assert np.array_equal(DECK, np.arange(5))  # and nothing was shuffled while tracing


def unsupported_global(x):
    return x + np.random.bytes(3)[0]  # unsupported


def unsupported_method(x, rng):
    return rng.bytes(4), x


def out_argument(x, rng):
    buffer = np.empty(3)
    rng.random(3, out=buffer)  # out
    return buffer + x


def swallowed(x):
    try:
        noise = np.random.bytes(3)[0]
    except TypeError:  # a program's fallback must not trace in place of what eager NumPy would run
        noise = 0
    return x + noise


def test_functions_graphs_do_not_stage_are_refused():
    message = refused(unsupported_global, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'unsupported')}: np.random.bytes is not supported "
                              "in graphs: it was called while a graph was traced")
    assert "normal, " in message and "call it outside the traced function" in message.replace("Call", "call")
    assert "Generator.bytes is not supported in graphs" in refused(unsupported_method, X, np.random.default_rng())
    assert "np.random.bytes is not supported" in refused(swallowed, X)
    message = refused(out_argument, np.ones(3), np.random.default_rng())
    assert message.startswith(f"{__file__}:{line_of(__file__, 'out')}: Generator.random(..., out=...) is not "
                              "supported in graphs: use the result it returns")


def bit_generator_inside(x):
    return x + np.random.Generator(np.random.PCG64(0)).normal()  # bit-generator


def seed_sequence_inside(x):
    return x + np.random.default_rng(np.random.SeedSequence(1)).normal()


def sharing_a_made_bit_generator(x):
    rng = np.random.default_rng(0)
    other = np.random.Generator(rng.bit_generator)  # shared-bit-generator
    return x + other.normal()


def bit_generator_method(x, rng):
    return x + rng.bit_generator.random_raw()


def state_inside(x):
    state = np.random.get_state()  # get-state
    return x, state[2]


def test_generators_whose_state_a_graph_cannot_keep_are_refused():
    message = refused(bit_generator_inside, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'bit-generator')}: np.random.PCG64(...) inside a traced "
                              "function is not supported in graphs: it would be made once, while tracing")
    assert "np.random.default_rng(seed) inside the function" in message
    assert "np.random.SeedSequence(...) inside a traced function" in refused(seed_sequence_inside, X)
    message = refused(sharing_a_made_bit_generator, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'shared-bit-generator')}: a generator over the bit "
                              "generator of one the traced function made itself")
    message = refused(bit_generator_method, X, np.random.default_rng())
    assert "PCG64.random_raw(...) inside a traced function is not supported in graphs: a bit generator's methods" \
        in message
    message = refused(state_inside, X)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'get-state')}: np.random.get_state(...) inside a traced "
                              "function is not supported in graphs: a generator's state is not a graph value")


TEMPLATE_STATE = np.random.RandomState(1)
TEMPLATE_GENERATOR = np.random.default_rng(2)


def draws_from_a_deep_copy(x):
    rng = copy.deepcopy(TEMPLATE_STATE)
    return x + rng.randint(6, size=x.shape)  # deep-copy-draw


def draws_from_an_unpickled_generator(x):
    rng = pickle.loads(pickle.dumps(TEMPLATE_GENERATOR))
    return x + rng.integers(6, size=x.shape)  # unpickled-draw


class _Map:
    """Holds a copied generator, and a bound method of itself: a cycle, which outlives the call until collected."""

    def __init__(self):
        self.rng = copy.deepcopy(TEMPLATE_STATE)
        self.draw = self.draw_now

    def draw_now(self, shape):
        return self.rng.randint(6, size=shape)  # cycle-draw


def draws_from_a_copy_an_object_in_a_cycle_holds(x):
    return x + _Map().draw(x.shape)


def draws_from_a_global_copy(x):
    return x + TEMPLATE_STATE.randint(6, size=x.shape)


@pytest.mark.parametrize("fn, label, mark", [(draws_from_a_deep_copy, "RandomState", "deep-copy-draw"),
                                             (draws_from_an_unpickled_generator, "Generator", "unpickled-draw"),
                                             (draws_from_a_copy_an_object_in_a_cycle_holds, "RandomState",
                                              "cycle-draw")])
def test_a_generator_made_in_the_call_by_a_copy_is_refused_where_its_draws_would_go_on(fn, label, mark):
    """Eager code makes the copy afresh at every call, so every call draws the same numbers; a graph holding the
    object the trace made would go on drawing from it (found: MiniSom's copied maps)."""
    first, second = fn(X), fn(X)
    np.testing.assert_array_equal(first, second)
    message = refused(fn, X)
    assert f"The {label} drawn from at {__file__}:{line_of(__file__, mark)} ({label}#1) was made while the function " \
           "was traced" in message
    assert "np.random.default_rng(seed) or np.random.RandomState(seed) in the function" in message
    # A generator something else holds (a global) is the one eager code draws from too: its draws go on, as eager's.
    graph = autograph.function(draws_from_a_global_copy)
    eager_state = copy.deepcopy(TEMPLATE_STATE)
    np.testing.assert_array_equal(graph(X), X + eager_state.randint(6, size=X.shape))
    np.testing.assert_array_equal(graph(X), X + eager_state.randint(6, size=X.shape))


def test_a_wrong_argument_is_numpys_kind_of_error():
    def bad(x):
        return x + np.random.normal(sizes=3)

    with pytest.raises(TypeError, match="np.random.normal\\(\\) got an unexpected keyword argument 'sizes'"):
        autograph.function(bad)(X)


def draw_in_unconverted_code(x):
    return x + np.random.normal(size=x.shape)


def generator_in_unconverted_code(x, rng):
    return x + rng.normal(size=x.shape)


@autograph.do_not_convert
def library_draw(rng):
    return rng.normal()  # runs as written, while tracing: a draw the graph would freeze


def hands_its_generator_to_a_library(x, rng):
    return x + library_draw(rng)


def hands_a_made_generator_to_a_library(x):
    rng = np.random.default_rng(3)  # made-here
    return x + library_draw(rng)


def test_a_draw_made_while_tracing_outside_the_graph_is_refused():
    message = refused(hands_its_generator_to_a_library, X, np.random.default_rng(0))
    assert "the Generator passed in as an argument drew numbers while this function was traced" in message
    message = refused(hands_a_made_generator_to_a_library, X)
    assert f"the generator default_rng(...) made at {__file__}:{line_of(__file__, 'made-here')} (default_rng#1) " \
           "drew numbers while this function was traced" in message
    # np.random's global generator is watched under autograph=False only: other threads and imports draw from it.
    # autograph=False: the draw runs as written, while tracing, and would be frozen into the graph.
    message = refused(draw_in_unconverted_code, X, autograph=False)
    assert "NumPy's global generator (np.random) drew numbers while this function was traced, in code that " \
           "autograph does not stage as a draw" in message
    rng = np.random.default_rng(0)
    message = refused(generator_in_unconverted_code, X, rng, autograph=False)
    assert "the Generator passed in as an argument drew numbers while this function was traced" in message


def test_saving_a_graph_that_draws_is_refused(tmp_path):
    f = autograph.function(g_normal)
    f(X)
    with pytest.raises(TypeError, match="node 0 \\(random\\): attr 'draw' is a runtime.graph.ops_random.Draw "
                                        "\\(np.random.normal\\(size=\\(2, 3\\)\\)\\)"):
        autograph.save(f, tmp_path / "f.agz")


# --- XLA --------------------------------------------------------------------------------------------

needs_jax = pytest.mark.skipif(not jax_usable(), reason="needs a JAX this package supports")


def xla_draw(x):
    return x + np.random.normal(size=x.shape)  # xla-draw


def xla_fresh(x):
    rng = np.random.default_rng(0)  # xla-fresh
    return x + rng.normal()


@needs_jax
def test_executor_jax_refuses_a_draw_at_its_line():
    from runtime.jax.lowering import LoweringError

    message = refused(xla_draw, X, error=LoweringError, executor="jax")
    assert message.startswith(f"{__file__}:{line_of(__file__, 'xla-draw')}: np.random.normal(size=(2, 3)) runs a "
                              "NumPy random generator each time the graph runs, which executor='jax' cannot do")
    assert "executor='numpy', the default" in message and "jax.random" in message
    message = refused(xla_fresh, X, error=LoweringError, executor="jax")
    assert message.startswith(f"{__file__}:{line_of(__file__, 'xla-fresh')}: np.random.default_rng(0) runs a NumPy")


@needs_jax
def test_executor_auto_runs_a_graph_that_draws_on_the_interpreter():
    assert_like_eager(xla_draw, X, calls=4, executor="auto")


@needs_jax
def test_backend_jax_refuses_numpy_random():
    import jax.numpy as jnp

    # A draw is refused as one; default_rng(0) makes a generator and draws nothing, and is refused as that.
    for fn, marker, what in ((xla_draw, "xla-draw", "it would draw once, while tracing"),
                             (xla_fresh, "xla-fresh", "it would run once, while tracing, on the generator state")):
        with pytest.raises(Limitation) as info:
            autograph.function(fn, backend="jax")(jnp.ones((2, 3)))
        assert str(info.value).startswith(f"{__file__}:{line_of(__file__, marker)}: ")
        assert "inside a function traced by JAX" in str(info.value)
        assert what in str(info.value)
        assert "Draw with jax.random and a key passed in as an argument" in str(info.value)
    with pytest.raises(Limitation, match="NumPy's global generator \\(np.random\\) drew numbers"):
        autograph.function(xla_draw, backend="jax", autograph=False)(jnp.ones((2, 3)))


def _makes_a_generator_it_never_draws_from(x, method):
    rng = np.random.default_rng(None if method == "none" else 7)  # (NeuroKit's complexity_symbolize)
    if method == "draw":
        return x + rng.uniform(size=x.shape)
    return x * 2


@pytest.mark.parametrize("method", ["none", "seeded"])
def test_a_generator_made_and_never_drawn_from_runs_on_xla_too(method):
    """Making it has no effect the program could see (its constant seed was taken while tracing), so XLA runs the
    graph; one the function draws from is still refused there, with the line that made it."""
    if not helpers.jax_usable():
        pytest.skip("needs JAX")
    x = np.arange(3.0)
    for executor in ("numpy", "jax", "auto"):
        np.testing.assert_array_equal(autograph.function(_makes_a_generator_it_never_draws_from,
                                                         executor=executor)(x, method), x * 2)
    with pytest.raises(ValueError, match=r"test_random.py:\d+: np.random.default_rng\(7\) runs a NumPy random "
                                         "generator each time the graph runs"):
        autograph.function(_makes_a_generator_it_never_draws_from, executor="jax")(x, "draw")


def test_draws_tells_a_draw_from_a_call_that_makes_seeds_or_reads_a_generator():
    from runtime.random_calls import draws, is_random

    rng, legacy = np.random.default_rng(0), np.random.RandomState(0)
    drawing = (np.random.normal, np.random.shuffle, rng.normal, rng.integers, legacy.randint,
               rng.bit_generator.random_raw)
    not_drawing = (np.random.seed, np.random.get_state, np.random.set_state, np.random.default_rng,
                   np.random.RandomState, np.random.Generator, np.random.PCG64, np.random.SeedSequence, rng.spawn,
                   legacy.get_state)
    assert all(is_random(f) for f in drawing + not_drawing)
    assert [f for f in drawing if not draws(f)] == []
    assert [f for f in not_drawing if draws(f)] == []


def draws_from_an_argument(x, rng):
    return x + rng.integers(6, size=x.shape)


@pytest.mark.parametrize("fn, label, mark", [(draws_from_a_deep_copy, "RandomState", "deep-copy-draw"),
                                             (draws_from_an_unpickled_generator, "Generator", "unpickled-draw"),
                                             (draws_from_a_copy_an_object_in_a_cycle_holds, "RandomState",
                                              "cycle-draw")])
def test_where_reference_counts_cannot_be_read_the_collectors_referrers_tell_a_copy_made_in_the_call(
        monkeypatch, fn, label, mark):
    # Python 3.10, 3.14+: a silent go-on-drawing before, as held_only_by answers no there.
    from runtime import references
    from runtime.graph import numpy_random

    monkeypatch.setattr(numpy_random, "COUNTS_REFERENCES", False)
    monkeypatch.setattr(references, "COUNTS_REFERENCES", False)
    assert f"The {label} drawn from at {__file__}:{line_of(__file__, mark)}" in refused(fn, X)
    # A generator a global or the caller holds goes on drawing, as eager code's does.
    eager_state = copy.deepcopy(TEMPLATE_STATE)
    np.testing.assert_array_equal(autograph.function(draws_from_a_global_copy)(X),
                                  X + eager_state.randint(6, size=X.shape))
    rng, eager_rng = np.random.default_rng(5), np.random.default_rng(5)
    staged = autograph.function(draws_from_an_argument)
    for _ in range(2):
        np.testing.assert_array_equal(staged(X, rng), draws_from_an_argument(X, eager_rng))
