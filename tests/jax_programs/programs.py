"""The corpus: programs as people write them (Python ``if``/``for``/``while``/``break`` over traced
values), each next to a hand-written ``lax`` twin that is the oracle under ``jax.jit``.

Each ``Program`` names its source. "jax-ml/jax" is https://github.com/jax-ml/jax at commit
``cec06d116c05f0d52adfceee3d3b730fdbcb0ce5`` (Apache-2.0); where the source writes the loop with
``lax`` (because plain Python control flow fails under ``jit``), ``plain`` is the Python form the
source's prose describes and the twin is the source's own ``lax`` code. Textbook algorithms name
the book. Programs are adapted only in calling convention (arguments instead of globals, a fixed
size where the source reads a dataset).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
from jax import lax

JAX = "jax-ml/jax@cec06d116c05f0d52adfceee3d3b730fdbcb0ce5 (Apache-2.0)"


@dataclasses.dataclass(frozen=True)
class Program:
    name: str
    plain: Callable
    twin: Callable
    args: Callable[[], tuple]
    source: str
    grad: Optional[tuple] = None      # argnums to differentiate (the program returns a scalar, or loss= is set)
    vmap: Optional[tuple] = None      # in_axes for jax.vmap over a batch of 3 (args() stacked)
    loss: Optional[Callable] = None   # turns the output into a scalar for jax.grad
    jvp: Optional[tuple] = None       # argnums for jax.jvp (where jax.grad cannot go: a while loop); default: grad's
    rtol: float = 1e-5
    needs_scan: bool = False          # unrolled (no static-range scan), tracing and compiling take minutes
    known_failure: Optional[str] = None  # a bug class not fixed yet: its staged tests are strict xfails
    # The eager oracle where `plain` cannot run eagerly: it hands JAX (lax.switch, lax.scan, jax.vmap) a function
    # whose Python control flow JAX refuses on its tracers unconverted. A Python form of the same computation on
    # concrete values (`plain` under jax.disable_jit(), where lax.switch and lax.scan call it in Python, or the
    # vmaps as Python loops). None: `plain` itself.
    eager: Optional[Callable] = None

    def expected(self, *args: Any) -> Any:
        """What the converted program must give: ``plain`` run eagerly (or ``eager`` where it is set)."""
        return (self.eager or self.plain)(*args)


PROGRAMS: list[Program] = []


def program(**kwargs: Any) -> Callable:
    def register(plain: Callable) -> Callable:
        PROGRAMS.append(Program(name=plain.__name__, plain=plain, **kwargs))
        return plain
    return register


# --- docs/control-flow.md ----------------------------------------------------------------------------

def _double3_twin(x):
    return lax.fori_loop(0, 3, lambda i, x: 2 * x, x)


@program(twin=_double3_twin, args=lambda: (jnp.float32(3.0),), grad=(0,), vmap=(0,),
         source=f"{JAX} docs/control-flow.md, `f` (for i in range(3): x = 2 * x)")
def double3(x):
    for i in range(3):
        x = 2 * x
    return x


def _sum_by_index_twin(x):
    return lax.fori_loop(0, x.shape[0], lambda i, y: y + x[i], 0.0)


@program(twin=_sum_by_index_twin, args=lambda: (jnp.arange(1.0, 9.0),), grad=(0,), vmap=(0,),
         source=f"{JAX} docs/control-flow.md, `g` (y = y + x[i] over range(x.shape[0]))")
def sum_by_index(x):
    y = 0.
    for i in range(x.shape[0]):
        y = y + x[i]
    return y


def _piecewise_twin(x):
    return lax.cond(x < 3, lambda x: 3. * x ** 2, lambda x: -4 * x, x)


@program(twin=_piecewise_twin, args=lambda: (jnp.float32(2.0),), grad=(0,), vmap=(0,),
         source=f"{JAX} docs/control-flow.md, `f` (if x < 3: return 3. * x ** 2 else: return -4 * x)")
def piecewise(x):
    if x < 3:
        return 3. * x ** 2
    else:
        return -4 * x


@program(twin=lambda x: jnp.logical_and(x > 0, x < 3), args=lambda: (jnp.float32(2.0),), vmap=(0,),
         source=f"{JAX} docs/control-flow.md, `g` (return (x > 0) and (x < 3))")
def in_interval(x):
    return (x > 0) and (x < 3)


# --- docs/jit-compilation.md -------------------------------------------------------------------------

def _count_to_twin(x, n):
    i = lax.while_loop(lambda i: i < n, lambda i: i + 1, 0)
    return x + i


@program(twin=_count_to_twin, args=lambda: (jnp.int32(10), jnp.int32(20)), vmap=(0, 0),
         source=f"{JAX} docs/jit-compilation.md, `g` (while i < n: i += 1; return x + i)")
def count_to(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


@program(twin=lambda x: lax.cond(x > 0, lambda x: x, lambda x: 2 * x, x), args=lambda: (jnp.float32(-1.5),),
         grad=(0,), vmap=(0,), source=f"{JAX} docs/jit-compilation.md, `f` (if x > 0: return x else 2 * x)")
def leaky(x):
    if x > 0:
        return x
    else:
        return 2 * x


# --- docs/notebooks/Custom_derivative_rules_for_Python_code.md: fixed_point, newton_sqrt --------------

def _fixed_point_twin(a):
    f = lambda a, x: 0.5 * (x + a / x)  # noqa: E731 - as the source writes newton_sqrt

    def cond_fun(carry):
        x_prev, x = carry
        return jnp.abs(x_prev - x) > 1e-6

    def body_fun(carry):
        _, x = carry
        return x, f(a, x)

    _, x_star = lax.while_loop(cond_fun, body_fun, (a, f(a, a)))
    return x_star


@program(twin=_fixed_point_twin, args=lambda: (jnp.float32(2.0),), vmap=(0,),
         source=f"{JAX} docs/notebooks/Custom_derivative_rules_for_Python_code.md, `fixed_point` + `newton_sqrt`")
def newton_sqrt(a):
    x_prev = a
    x = 0.5 * (a + a / a)
    while jnp.abs(x_prev - x) > 1e-6:
        x_prev, x = x, 0.5 * (x + a / x)
    return x


# --- examples/mnist_classifier_fromscratch.py: predict ------------------------------------------------

def _params():
    keys = jax.random.split(jax.random.key(0), 3)
    sizes = [(4, 8), (8, 8), (8, 3)]
    return [(0.5 * jax.random.normal(k, s), jnp.zeros(s[1])) for k, s in zip(keys, sizes)]


def _mlp_twin(params, inputs):
    # No control flow on traced values: the loop is over a Python list of layers (of different
    # shapes), so the hand-written version is this very code, and conversion must not change it.
    activations = inputs
    for w, b in params[:-1]:
        activations = jnp.tanh(activations @ w + b)
    final_w, final_b = params[-1]
    logits = activations @ final_w + final_b
    return logits - jax.nn.logsumexp(logits, axis=1, keepdims=True)


@program(twin=_mlp_twin, args=lambda: (_params(), jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)),
         grad=(0,), loss=lambda out: jnp.sum(out[:, 0]),
         source=f"{JAX} examples/mnist_classifier_fromscratch.py, `predict`")
def mlp_predict(params, inputs):
    activations = inputs
    for w, b in params[:-1]:
        outputs = jnp.dot(activations, w) + b
        activations = jnp.tanh(outputs)

    final_w, final_b = params[-1]
    logits = jnp.dot(activations, final_w) + final_b
    return logits - jax.nn.logsumexp(logits, axis=1, keepdims=True)


# --- solvers with a convergence break -----------------------------------------------------------------

def _bisect_twin(c):
    def step(i, carry):
        lo, hi, done = carry
        mid = (lo + hi) / 2
        go_right = (mid ** 3 - c) * (lo ** 3 - c) > 0
        new_lo, new_hi = jnp.where(go_right, mid, lo), jnp.where(go_right, hi, mid)
        lo, hi = jnp.where(done, lo, new_lo), jnp.where(done, hi, new_hi)
        return lo, hi, done | (hi - lo < 1e-5)
    lo, hi, _ = lax.fori_loop(0, 60, step, (jnp.float32(0.0), jnp.maximum(c, 1.0), False))
    return (lo + hi) / 2


@program(twin=_bisect_twin, args=lambda: (jnp.float32(5.0),), vmap=(0,),
         source="Burden & Faires, Numerical Analysis (9th ed.), Algorithm 2.1 (bisection), for the cube root")
def bisect_cuberoot(c):
    lo = 0.0
    hi = jnp.maximum(c, 1.0)
    for _ in range(60):
        mid = (lo + hi) / 2
        if (mid ** 3 - c) * (lo ** 3 - c) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-5:
            break
    return (lo + hi) / 2


def _newton_twin(a):
    def step(carry, _):
        x, done = carry
        new = x - (x ** 3 - a) / (3 * x ** 2)
        x2 = lax.cond(done, lambda: x, lambda: new)
        return (x2, done | (jnp.abs(new - x) < 1e-6)), None
    (x, _), _ = lax.scan(step, (a, False), None, length=50)
    return x


@program(twin=_newton_twin, args=lambda: (jnp.float32(10.0),), grad=(0,), vmap=(0,),
         source="Burden & Faires, Numerical Analysis (9th ed.), Algorithm 2.3 (Newton's method), for the cube root")
def newton_cuberoot(a):
    x = a
    for _ in range(50):
        new = x - (x ** 3 - a) / (3 * x ** 2)
        if jnp.abs(new - x) < 1e-6:
            x = new
            break
        x = new
    return x


def _power_twin(a):
    def step(carry, _):
        v, lam, done = carry
        w = a @ v
        new_lam = jnp.linalg.norm(w)
        new_v = w / new_lam
        stop = jnp.abs(new_lam - lam) < 1e-6
        return (jnp.where(done, v, new_v), jnp.where(done, lam, new_lam), done | stop), None
    v0 = jnp.ones(a.shape[0]) / jnp.sqrt(a.shape[0])
    (v, lam, _), _ = lax.scan(step, (v0, jnp.float32(0.0), False), None, length=200)
    return lam


@program(twin=_power_twin, args=lambda: (jnp.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]]),),
         source="Golub & Van Loan, Matrix Computations (4th ed.), 8.2.1 (the power method), stopping on convergence")
def power_iteration(a):
    v = jnp.ones(a.shape[0]) / jnp.sqrt(a.shape[0])
    lam = 0.0
    for _ in range(200):
        w = a @ v
        new_lam = jnp.linalg.norm(w)
        v = w / new_lam
        if jnp.abs(new_lam - lam) < 1e-6:
            lam = new_lam
            break
        lam = new_lam
    return lam


def _logreg_twin(x, y):
    def loss(w):
        return jnp.mean(jnp.logaddexp(0.0, -y * (x @ w)))

    def step(carry, _):
        w, prev, done = carry
        new_w = w - 0.5 * jax.grad(loss)(w)
        cur = loss(new_w)
        w2 = jnp.where(done, w, new_w)
        return (w2, jnp.where(done, prev, cur), done | (jnp.abs(prev - cur) < 1e-4)), None
    (w, _, _), _ = lax.scan(step, (jnp.zeros(x.shape[1]), jnp.float32(jnp.inf), False), None, length=300)
    return w


def _logreg_data():
    x = jax.random.normal(jax.random.key(1), (32, 3))
    y = jnp.sign(x @ jnp.array([1.0, -2.0, 0.5]) + 0.1)
    return x, y


@program(twin=_logreg_twin, args=_logreg_data, grad=(0,), loss=jnp.sum, rtol=1e-4,
         source=f"{JAX} docs/jacobian-vector-products.md (logistic regression loss), trained by gradient "
                "descent with early stopping as in Bishop, PRML 4.3.2")
def logreg_early_stop(x, y):
    def loss(w):
        return jnp.mean(jnp.logaddexp(0.0, -y * (x @ w)))
    w = jnp.zeros(x.shape[1])
    prev = jnp.inf
    for _ in range(300):
        w = w - 0.5 * jax.grad(loss)(w)
        cur = loss(w)
        if jnp.abs(prev - cur) < 1e-4:
            break
        prev = cur
    return w


def _adaptive_twin(y0):
    f = lambda y: -2.0 * y + 1.0  # noqa: E731

    def body(c):
        t, y, h = c
        full = y + h * f(y)
        half = y + 0.5 * h * f(y)
        two = half + 0.5 * h * f(half)
        ok = jnp.abs(full - two) < 1e-3
        return (jnp.where(ok, t + h, t), jnp.where(ok, two, y), jnp.where(ok, jnp.minimum(2 * h, 0.25), h / 2))
    t, y, h = lax.while_loop(lambda c: c[0] < 1.0, body, (jnp.float32(0.0), y0, jnp.float32(0.25)))
    return y


@program(twin=_adaptive_twin, args=lambda: (jnp.float32(3.0),), vmap=(0,),
         source="Hairer, Norsett & Wanner, Solving ODEs I (2nd ed.), II.4 (step size control by step doubling), "
                "explicit Euler on y' = 1 - 2y")
def adaptive_euler(y0):
    t = 0.0
    y = y0
    h = 0.25
    while t < 1.0:
        full = y + h * (-2.0 * y + 1.0)
        half = y + 0.5 * h * (-2.0 * y + 1.0)
        two = half + 0.5 * h * (-2.0 * half + 1.0)
        if jnp.abs(full - two) < 1e-3:
            t = t + h
            y = two
            h = jnp.minimum(2 * h, 0.25)
        else:
            h = h / 2
    return y


# --- samplers, sequence models ------------------------------------------------------------------------

def _metropolis_twin(key, x0):
    def step(i, c):
        key, x, logp, acc = c
        key, k1, k2 = jax.random.split(key, 3)
        prop = x + 0.5 * jax.random.normal(k1, x.shape)
        lp = -0.5 * jnp.sum(prop ** 2)
        ok = jnp.log(jax.random.uniform(k2)) < lp - logp
        return key, jnp.where(ok, prop, x), jnp.where(ok, lp, logp), acc + ok.astype(jnp.int32)
    _, x, _, acc = lax.fori_loop(0, 200, step, (key, x0, -0.5 * jnp.sum(x0 ** 2), 0))
    return x, acc


@program(twin=_metropolis_twin, args=lambda: (jax.random.key(0), jnp.ones(4)), needs_scan=True,
         source="Metropolis et al. (1953); random-walk Metropolis as in Bishop, PRML 11.2.1, with "
                f"typed keys as in {JAX} docs/random-numbers.md")
def metropolis(key, x0):
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


def _rnn_params():
    k1, k2 = jax.random.split(jax.random.key(2))
    return 0.4 * jax.random.normal(k1, (5, 5)), 0.4 * jax.random.normal(k2, (3, 5))


def _rnn_twin(w, u, xs):
    h, _ = lax.scan(lambda h, x: (jnp.tanh(h @ w + x @ u), None), jnp.zeros(w.shape[0]), xs)
    return jnp.sum(h)


@program(twin=_rnn_twin, args=lambda: (*_rnn_params(), jnp.sin(jnp.arange(24.0)).reshape(8, 3)), grad=(0, 1),
         source="Elman (1990); Goodfellow, Bengio & Courville, Deep Learning, 10.2 (eq. 10.8), the forward pass")
def elman_rnn(w, u, xs):
    h = jnp.zeros(w.shape[0])
    for t in range(xs.shape[0]):
        h = jnp.tanh(h @ w + xs[t] @ u)
    return jnp.sum(h)


def _decode_twin(emb, w, start):
    def step(c, t):
        tok, out, done = c
        nxt = jnp.argmax(emb[tok] @ w).astype(jnp.int32)
        out2 = jnp.where(done, out, out.at[t].set(nxt))
        return (jnp.where(done, tok, nxt), out2, done | (nxt == 0)), None
    (tok, out, _), _ = lax.scan(step, (start, jnp.full(10, -1, jnp.int32), False), jnp.arange(10))
    return out


def _decode_args():
    k1, k2 = jax.random.split(jax.random.key(3))
    return jax.random.normal(k1, (6, 4)), jax.random.normal(k2, (4, 6)), jnp.int32(2)


@program(twin=_decode_twin, args=_decode_args,
         source="greedy decoding with an end token (token 0), as in Sutskever et al. (2014) and Jurafsky & "
                "Martin, Speech and Language Processing (3rd ed.), 10.4")
def greedy_decode(emb, w, start):
    tok = start
    out = jnp.full(10, -1, jnp.int32)
    for t in range(10):
        tok = jnp.argmax(emb[tok] @ w).astype(jnp.int32)
        out = out.at[t].set(tok)
        if tok == 0:
            break
    return out


# --- dynamic programming, integer algorithms --------------------------------------------------------

def _edit_twin(a, b):
    m, n = a.shape[0], b.shape[0]
    d = jnp.zeros((m + 1, n + 1), jnp.int32).at[:, 0].set(jnp.arange(m + 1)).at[0, :].set(jnp.arange(n + 1))

    def row(i, d):
        def col(j, d):
            cost = jnp.where(a[i - 1] == b[j - 1], 0, 1)
            best = jnp.minimum(jnp.minimum(d[i - 1, j] + 1, d[i, j - 1] + 1), d[i - 1, j - 1] + cost)
            return d.at[i, j].set(best)
        return lax.fori_loop(1, n + 1, col, d)
    return lax.fori_loop(1, m + 1, row, d)[m, n]


@program(twin=_edit_twin, args=lambda: (jnp.array([1, 2, 3, 4, 5]), jnp.array([1, 3, 3, 5, 6, 7])),
         source="Wagner & Fischer (1974), the string-to-string correction problem; Jurafsky & Martin, "
                "Speech and Language Processing (3rd ed.), Fig. 2.17 (minimum edit distance)")
def edit_distance(a, b):
    m, n = a.shape[0], b.shape[0]
    d = jnp.zeros((m + 1, n + 1), jnp.int32)
    for i in range(m + 1):
        d = d.at[i, 0].set(i)
    for j in range(n + 1):
        d = d.at[0, j].set(j)
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            if a[i - 1] == b[j - 1]:
                cost = 0
            else:
                cost = 1
            d = d.at[i, j].set(jnp.minimum(jnp.minimum(d[i - 1, j] + 1, d[i, j - 1] + 1), d[i - 1, j - 1] + cost))
    return d[m, n]


def _gcd_twin(a, b):
    a, b = lax.while_loop(lambda c: c[1] != 0, lambda c: (c[1], c[0] % c[1]), (a, b))
    return a


@program(twin=_gcd_twin, args=lambda: (jnp.int32(1071), jnp.int32(462)), vmap=(0, 0),
         source="Euclid's algorithm, Knuth, TAOCP vol. 2, 4.5.2 (Algorithm A)")
def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def _collatz_twin(n):
    def body(c):
        n, k = c
        return jnp.where(n % 2 == 0, n // 2, 3 * n + 1), k + 1
    return lax.while_loop(lambda c: c[0] != 1, body, (n, 0))[1]


@program(twin=_collatz_twin, args=lambda: (jnp.int32(27),), vmap=(0,),
         source="the Collatz (3n + 1) iteration, Lagarias, The American Mathematical Monthly 92 (1985)")
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def _horner_twin(coeffs, x):
    return lax.scan(lambda acc, c: (acc * x + c, None), jnp.zeros_like(x), coeffs)[0]


@program(twin=_horner_twin, args=lambda: (jnp.array([2.0, -3.0, 0.5, 1.0]), jnp.float32(1.5)), grad=(0, 1),
         vmap=(None, 0), source="Horner's rule, Knuth, TAOCP vol. 2, 4.6.4")
def horner(coeffs, x):
    acc = jnp.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return acc


# --- simulations -----------------------------------------------------------------------------------

def _bounce_twin(x, v):
    def step(i, c):
        x, v = c
        x = x + 0.05 * v
        v = v - 0.05 * 9.8
        hit = x < 0
        return jnp.where(hit, -x, x), jnp.where(hit, -0.9 * v, v)
    return lax.fori_loop(0, 100, step, (x, v))[0]


@program(twin=_bounce_twin, args=lambda: (jnp.float32(1.0), jnp.float32(0.5)), grad=(0, 1), vmap=(0, 0),
         source="a ball bouncing on the floor, explicit Euler with a restitution coefficient: Press et al., "
                "Numerical Recipes (3rd ed.), 17.1, and jax-md's simulate loops (jax-md/jax-md, "
                "jax_md/simulate.py, Apache-2.0) written as a Python for loop")
def bounce(x, v):
    for _ in range(100):
        x = x + 0.05 * v
        v = v - 0.05 * 9.8
        if x < 0:
            x = -x
            v = -0.9 * v
    return x


def _bubble_twin(x):
    # The same algorithm with lax: a pass only swaps while j < n - i - 1 and no earlier pass was clean.
    n = x.shape[0]

    def outer(i, c):
        x, done = c

        def inner(j, c):
            x, swapped = c
            a, b = x[j], x[j + 1]
            swap = (j < n - i - 1) & (a > b) & ~done
            return x.at[j].set(jnp.where(swap, b, a)).at[j + 1].set(jnp.where(swap, a, b)), swapped | swap
        x, swapped = lax.fori_loop(0, n - 1, inner, (x, jnp.bool_(False)))
        return x, done | ~swapped
    return lax.fori_loop(0, n, outer, (x, jnp.bool_(False)))[0]


@program(twin=_bubble_twin, args=lambda: (jnp.array([3.0, 1.0, 2.0, 5.0, 4.0]),), grad=(0,),
         loss=lambda out: jnp.sum(out * jnp.arange(out.shape[0])),
         source="bubble sort with early exit, Knuth, TAOCP vol. 3, 5.2.2 (Algorithm B)")
def bubble_sort(x):
    n = x.shape[0]
    for i in range(n):
        swapped = False
        for j in range(n - i - 1):
            if x[j] > x[j + 1]:
                a = x[j]
                b = x[j + 1]
                x = x.at[j].set(b).at[j + 1].set(a)
                swapped = True
        if not swapped:
            break
    return x


def _clip_twin(g, max_norm):
    norm = jnp.linalg.norm(g)
    return lax.cond(norm > max_norm, lambda: g * (max_norm / norm), lambda: g)


@program(twin=_clip_twin, args=lambda: (jnp.array([3.0, 4.0]), jnp.float32(1.0)), grad=(0,), loss=jnp.sum,
         vmap=(0, None),
         source=f"{JAX} examples/differentially_private_sgd.py (per-example gradient clipping to l2_norm_clip), "
                "written with an if as in Abadi et al. (2016), Algorithm 1")
def clip_by_norm(g, max_norm):
    norm = jnp.linalg.norm(g)
    if norm > max_norm:
        g = g * (max_norm / norm)
    return g


# --- issue 31: walrus in a loop test, min/max and chained comparisons of tracers, a method named update ---

def _heron_twin(a, x):
    def cond(carry):
        x, x_next, it = carry
        return (jnp.abs(x_next - x) > 1e-6) & (it < 50)

    def body(carry):
        _, x_next, it = carry
        return x_next, 0.5 * (x_next + a / x_next), it + 1

    x, _, _ = lax.while_loop(cond, body, (x, 0.5 * (x + a / x), 0))
    return x


def _heron_step(a, x):
    return 0.5 * (x + a / x)


@program(twin=_heron_twin, args=lambda: (jnp.float32(2.0), jnp.float32(1.0)), vmap=(0, None),
         source="Heron's method (Newton's method for x**2 = a; Burden & Faires, Numerical Analysis, 2.3), "
                "with the loop test binding the next iterate as PEP 572's examples do")
def heron_walrus(a, x):
    it = 0
    while abs((x_next := _heron_step(a, x)) - x) > 1e-6 and it < 50:
        x = x_next
        it += 1
    return x


def _lagged_twin(x):
    def body(i, y):
        return y.at[i].set(x[i] - x[jnp.maximum(0, i - 2)])
    return lax.fori_loop(0, x.shape[0], body, jnp.zeros_like(x))


@program(twin=_lagged_twin, args=lambda: (jnp.array([1.0, 4.0, 2.0, 8.0, 5.0, 7.0]),), grad=(0,), loss=jnp.sum,
         vmap=(0,), source="lagged differences y[t] = x[t] - x[t - d] clamped at the start "
                           "(Box & Jenkins, Time Series Analysis, 4.1), with Python's max on the index")
def lagged_difference(x):
    y = jnp.zeros_like(x)
    for i in range(x.shape[0]):
        y = y.at[i].set(x[i] - x[max(0, i - 2)])
    return y


def _band_twin(xs, lo, hi):
    def step(total, v):
        return total + jnp.where((lo < v) & (v < hi), v, 0.0), None
    total, _ = lax.scan(step, jnp.float32(0.0), xs)
    return total + jnp.minimum(jnp.maximum(xs[0], lo), hi)


@program(twin=_band_twin, args=lambda: (jnp.array([0.5, 2.0, -1.0, 1.5, 3.0]), jnp.float32(0.0), jnp.float32(2.0)),
         grad=(0,), vmap=(0, None, None),
         source="the sum of the values inside a band (the kept part of a trimmed sum; Tukey), written with "
                "a chained comparison, plus the first value clipped with Python's min and max")
def band_sum(xs, lo, hi):
    total = 0.0
    for v in xs:
        inside = lo < v < hi
        total = total + jnp.where(inside, v, 0.0)
    return total + min(max(xs[0], lo), hi)


class ClippedMomentum:
    """An optimiser whose step is a method named ``update``, as optax's ``GradientTransformation.update``."""

    def __init__(self, lr, beta, max_norm):
        self.lr, self.beta, self.max_norm = lr, beta, max_norm

    def update(self, w, v, g):
        norm = jnp.linalg.norm(g)
        if norm > self.max_norm:
            g = g * (self.max_norm / norm)
        v = self.beta * v + g
        return w - self.lr * v, v


def _momentum_twin(w, g):
    v = jnp.zeros_like(w)
    for _ in range(3):
        norm = jnp.linalg.norm(g)
        clipped = lax.cond(norm > 1.0, lambda: g * (1.0 / norm), lambda: g)
        v = 0.9 * v + clipped
        w = w - 0.1 * v
        g = 2.0 * w
    return w


@program(twin=_momentum_twin, args=lambda: (jnp.array([3.0, -4.0]), jnp.array([6.0, -8.0])), grad=(0,),
         loss=jnp.sum, vmap=(0, 0),
         source="heavy-ball momentum with gradient clipping (Goodfellow et al., Deep Learning, Algorithm 8.2), "
                "the optimiser's step a method named update as in optax (google-deepmind/optax base.py)")
def momentum_steps(w, g):
    opt = ClippedMomentum(0.1, 0.9, 1.0)
    v = jnp.zeros_like(w)
    for _ in range(3):
        w, v = opt.update(w, v, g)
        g = 2.0 * w
    return w


# --- issue 31: lists appended in a static range, loops over enumerate / zip of arrays ----------------

def _langevin_step(x, key, eps):
    # Unadjusted Langevin algorithm for U(x) = |x|^2 / 2 (a standard normal target): x - eps grad U + noise.
    return x - eps * x + jnp.sqrt(2.0 * eps) * jax.random.normal(key, x.shape)


def _langevin_twin(key, x, n):
    def step(carry, _):
        key, x = carry
        key, k = jax.random.split(key)
        x = _langevin_step(x, k, 0.05)
        return (key, x), x
    _, samples = lax.scan(step, (key, x), None, length=n)
    return samples


_LANGEVIN = ("Roberts & Tweedie (1996), the unadjusted Langevin algorithm (Bernoulli 2(4), eq. 1.2), keeping the "
             f"chain as a Python list and stacking it, as in {JAX} docs/random-numbers.md's key splitting")


@program(twin=lambda key, x: _langevin_twin(key, x, 20), args=lambda: (jax.random.key(4), jnp.ones(4)),
         grad=(1,), loss=jnp.sum, vmap=(None, 0), source=_LANGEVIN + " (20 steps)")
def langevin_samples_20(key, x):
    samples = []
    for _ in range(20):
        key, k = jax.random.split(key)
        x = _langevin_step(x, k, 0.05)
        samples.append(x)
    return jnp.stack(samples)


@program(twin=lambda key, x: _langevin_twin(key, x, 200), args=lambda: (jax.random.key(4), jnp.ones(4)),
         grad=(1,), loss=jnp.sum, vmap=(None, 0), needs_scan=True, source=_LANGEVIN + " (200 steps)")
def langevin_samples_200(key, x):
    samples = []
    for _ in range(200):
        key, k = jax.random.split(key)
        x = _langevin_step(x, k, 0.05)
        samples.append(x)
    return jnp.stack(samples)


def _lif_twin(v, currents, thresholds):
    def step(carry, rows):
        t, v, total = carry
        i_t, th = rows
        v = 0.9 * v + i_t
        fired = v > th
        return (t + 1, jnp.where(fired, 0.0, v), total + jnp.sum(fired) * t), fired
    (_, v, total), spikes = lax.scan(step, (0, v, 0.0), (currents, thresholds))
    return spikes, total, v


def _lif_args():
    currents = 0.45 + 0.35 * jnp.sin(jnp.arange(120.0).reshape(40, 3) * 0.7)
    return jnp.zeros(3), currents, jnp.linspace(0.9, 1.2, 120).reshape(40, 3)


@program(twin=_lif_twin, args=_lif_args, vmap=(0, 0, None),
         source="leaky integrate-and-fire neurons with a reset (Gerstner & Kistler, Spiking Neuron Models (2002), "
                "4.1.1; Dayan & Abbott, Theoretical Neuroscience, 5.4), one time step per row of the input "
                "current and threshold arrays, the spike times summed and the spike trains kept in a list")
def lif_spikes(v, currents, thresholds):
    spikes = []
    total = 0.0
    for t, (i_t, th) in enumerate(zip(currents, thresholds)):
        v = 0.9 * v + i_t
        fired = v > th
        v = jnp.where(fired, 0.0, v)
        total = total + jnp.sum(fired) * t
        spikes.append(fired)
    return jnp.stack(spikes), total, v


# --- the programs taken from JAX libraries (issue 31): registered after the ones above -------------------

import jax_programs.libraries  # noqa: E402,F401
import jax_programs.libraries_more  # noqa: E402,F401
import jax_programs.libraries_third  # noqa: E402,F401
from jax_programs import libraries_fourth  # noqa: E402,F401

# isort: split
from jax_programs import libraries_fifth  # noqa: E402,F401  (registered after libraries_fourth)

# isort: split
from jax_programs import libraries_sixth  # noqa: E402,F401  (registered after libraries_fifth)

# isort: split
from jax_programs import libraries_seventh  # noqa: E402,F401  (registered after libraries_sixth)

# isort: split
from jax_programs import libraries_eighth  # noqa: E402,F401  (registered after libraries_seventh)

# isort: split
from jax_programs import libraries_ninth  # noqa: E402,F401  (registered after libraries_eighth)

# isort: split
from jax_programs import libraries_tenth  # noqa: E402,F401  (registered after libraries_ninth)

# isort: split
from jax_programs import libraries_eleventh  # noqa: E402,F401  (registered after libraries_tenth)

# isort: split
from jax_programs import libraries_twelfth  # noqa: E402,F401  (registered after libraries_eleventh)

# isort: split
from jax_programs import libraries_thirteenth  # noqa: E402,F401  (registered after libraries_twelfth)

# isort: split
from jax_programs import libraries_fourteenth  # noqa: E402,F401  (registered after libraries_thirteenth)

# isort: split
from jax_programs import libraries_fifteenth  # noqa: E402,F401  (registered after libraries_fourteenth)

# isort: split
from jax_programs import libraries_sixteenth  # noqa: E402,F401  (registered after libraries_fifteenth)

# isort: split
from jax_programs import libraries_seventeenth  # noqa: E402,F401  (registered after libraries_sixteenth)

# isort: split
from jax_programs import libraries_eighteenth  # noqa: E402,F401  (registered after libraries_seventeenth)
