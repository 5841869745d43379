"""An eleventh set of programs, from JAX repositories the corpus did not cite before: SGMCMCJax (stochastic-gradient
MCMC samplers: SGLD, preconditioned SGLD, SGHMC with its inner leapfrog loop, BAOAB, SG-NHT, BADODAB, SGLD with the SVRG
gradient estimator and Adam-preconditioned SGLD over a dict parameter through the library's PyTree ``diffusion``
decorator, each run by the library's non-compiled sampler, a Python ``for`` appending to a list, against its compiled
sampler, a ``lax.scan``), matfree (matrix-free linear algebra: Lanczos tridiagonalisation, the Arnoldi/Hessenberg
factorisation, Golub-Kahan bidiagonalisation with a vector-Jacobian product inside the loop, the partial Cholesky
factorisation with and without pivoting) and BayesNewton (state-space Gaussian processes: the sequential Kalman filter
with missing-data masks, the Rauch-Tung-Striebel smoother as a reverse scan, the discrete algebraic Riccati iteration,
and the infinite-horizon filter that runs the Riccati scan and then its own filter scan).

SGMCMCJax writes both loops itself: ``samplers.py``'s ``_build_noncompiled_sampler`` is the Python loop (``for i in
_tqdm: key, subkey = random.split(key); state = kernel(i, subkey, state); samples.append(get_params(state))`` with
``pbar=False``) and ``_build_compiled_sampler`` the ``lax.scan`` twin; ``util.py``'s ``run_loop(f, state, xs,
compiled)`` is ``lax.scan`` or ``for x in xs: state, _ = f(state, x)``. The plain function is the non-compiled sampler
(its list stacked at the end, the compiled sampler's output), the twin the compiled one. matfree writes its loops with
``matfree.backend.control_flow.fori_loop`` (``lax.fori_loop``); ``plain`` writes the loop as the Python ``for i in
range(lower, upper): val = body_fun(i, val)`` that ``lax.fori_loop`` documents, the twin is the library's. BayesNewton
writes its filters with ``jax.lax.scan``; ``plain`` is the scan as a Python ``for`` over the scanned inputs appending
the outputs to lists (reversed for ``reverse=True``).

The maths is the library's, adapted only in calling convention: one array parameter for SGMCMCJax's PyTree (its
``diffusion`` decorator's flatten/unflatten is then the identity; its ``random.split(key, len(states))`` kept; the
decorator is written out in full for ``sgldAdam``'s dict parameter), the
example model of ``sgmcmcjax/examples/gauss_sample_sgld.py`` with the data, the start and the key as arguments and the
sizes as constants; dense matrices for matfree's ``matvec`` / ``mat_el`` callables; the state-space matrices as
arguments for BayesNewton's ``kernel`` object. Registered into ``programs.PROGRAMS`` (``programs.py`` imports this
module after ``libraries_tenth``).
"""

from __future__ import annotations

import functools
from collections import namedtuple
from typing import Any, NamedTuple, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax import grad, jit, lax, random, vmap
from jax.scipy.linalg import cho_factor, cho_solve
from jax.tree_util import register_pytree_node, tree_flatten, tree_map, tree_unflatten

from jax_programs.programs import program

SGMCMCJAX = "jeremiecoullon/SGMCMCJax@cb900970b848558d61ed399e68c8099f7fa9faed (Apache-2.0) sgmcmcjax/{}"
MATFREE = "pnkraemer/matfree@7e623cc9464df34ae9600b7e9f317d59e36df37f (MIT) matfree/{}"
BAYESNEWTON = "AaltoML/BayesNewton@f72ae9a6ca69f9cce8e62135c9f78dda4825b4df (Apache-2.0) bayesnewton/{}"


# --- jeremiecoullon/SGMCMCJax: the model, gradient estimation and kernels ---------------------------------------------

SG_NSAMPLES = 12
SG_BATCH_SIZE = 8
SG_DT = 1e-3


def _loglikelihood(theta, x):  # examples/gauss_sample_sgld.py
    return -0.5 * jnp.dot(x - theta, x - theta)


def _logprior(theta):  # examples/gauss_sample_sgld.py
    return -0.5 * jnp.dot(theta, theta) * 0.01


class SVRGState(NamedTuple):  # types.py
    centering_value: Any = None
    fb_grad_center: Any = None


class SamplerState(NamedTuple):  # types.py (diffusion_state: the one leaf's state, see the module docstring)
    diffusion_state: Any
    param_grad: Any
    svrg_state: SVRGState = SVRGState()
    grad_info: Optional[Any] = None


def build_grad_log_post(loglikelihood, logprior, data, with_val=False):  # util.py
    if len(data) == 1:
        batch_loglik = jit(vmap(loglikelihood, in_axes=(None, 0)))
    elif len(data) == 2:
        batch_loglik = jit(vmap(loglikelihood, in_axes=(None, 0, 0)))
    else:
        raise ValueError("'data' must be a tuple of size 1 or 2")

    Ndata = data[0].shape[0]

    def log_post(param, *args):
        return logprior(param) + Ndata * jnp.mean(batch_loglik(param, *args), axis=0)

    if with_val:
        grad_log_post = jit(jax.value_and_grad(log_post))
    else:
        grad_log_post = jit(grad(log_post))
    return grad_log_post


def build_gradient_estimation_fn(grad_log_post, data, batch_size):  # gradient_estimation.py
    assert type(data) == tuple  # noqa: E721 - as the library writes it
    N_data, *_ = data[0].shape
    data = tuple([jnp.array(elem) for elem in data])

    def init_gradient(key, param):
        idx_batch = random.choice(key=key, a=jnp.arange(N_data), shape=(batch_size,))
        minibatch_data = tuple([elem[idx_batch] for elem in data])
        param_grad = grad_log_post(param, *minibatch_data)
        return param_grad, SVRGState()

    @jit
    def estimate_gradient(i, key, param, svrg_state=SVRGState()):
        if (batch_size is None) or batch_size == N_data:
            return grad_log_post(param, *data), svrg_state
        else:
            return init_gradient(key, param)

    return estimate_gradient, init_gradient


def _tree_update(update):
    # diffusion_util.py's `tree_update` for one array leaf: keys = random.split(key, len(states)), one per leaf
    def tree_update(i, key, grad_tree, sampler_state):
        keys = random.split(key, 1)
        return update(i, keys[0], grad_tree, sampler_state)

    return tree_update


def _build_langevin_kernel(init_fn_diffusion, update_diffusion, get_params_diffusion, estimate_gradient,
                           init_gradient):  # kernels.py
    if type(update_diffusion) == tuple:  # noqa: E721 - as the library writes it
        palindrome = True
        update_diffusion, update_diffusion2 = update_diffusion
    else:
        palindrome = False

    def init_fn(key, params):
        diffusion_state = init_fn_diffusion(params)
        param_grad, svrg_state = init_gradient(key, params)
        return SamplerState(diffusion_state, param_grad, svrg_state, None)

    def kernel(i, key, state):
        diffusion_state, param_grad, svrg_state, grad_info = state
        k1, k2 = random.split(key)

        diffusion_state = update_diffusion(i, k1, param_grad, diffusion_state)
        param_grad, svrg_state = estimate_gradient(i, k2, get_params_diffusion(diffusion_state), svrg_state)
        if palindrome:
            diffusion_state = update_diffusion2(i, k1, param_grad, diffusion_state)

        return SamplerState(diffusion_state, param_grad, svrg_state, grad_info)

    def get_params(state):
        return get_params_diffusion(state.diffusion_state)

    return init_fn, kernel, get_params


def run_loop(f, state, xs, compiled=True):  # util.py
    if compiled:
        state, _ = lax.scan(f, state, xs)
        return state
    else:
        for x in xs:
            state, _ = f(state, x)
        return state


def _build_sghmc_kernel(init_fn_diffusion, update_diffusion, get_params_diffusion, resample_momentum,
                        estimate_gradient, init_gradient, L, compiled_leapfrog=True):  # kernels.py
    init_fn, langevin_kernel, get_params = _build_langevin_kernel(
        init_fn_diffusion, update_diffusion, get_params_diffusion, estimate_gradient, init_gradient)

    def sghmc_kernel(i, key, state):
        def body(state, key):
            return langevin_kernel(i, key, state), None

        k1, k2 = random.split(key)
        diffusion_state = resample_momentum(i, k1, state.diffusion_state)
        state = SamplerState(diffusion_state, state.param_grad, state.svrg_state, state.grad_info)

        keys = random.split(k2, L)
        state = run_loop(body, state, keys, compiled_leapfrog)
        return state

    return init_fn, sghmc_kernel, get_params


def _build_compiled_sampler(init_fn, kernel, get_params):  # samplers.py, pbar=False (and without its @jit)
    def sampler(key, Nsamples, params):
        def body(carry, i):
            key, state = carry
            key, subkey = random.split(key)
            state = kernel(i, subkey, state)
            return (key, state), get_params(state)

        key, subkey = random.split(key)
        state = init_fn(subkey, params)

        lebody = body
        (_, _), samples = lax.scan(lebody, (key, state), jnp.arange(Nsamples))
        return samples

    return sampler


def _noncompiled_sampler(init_fn, kernel, get_params, key, Nsamples, params):
    # samplers.py's `_build_noncompiled_sampler(init_fn, jit(my_kernel), get_params, pbar=False)`, its `sampler`
    kernel = jit(kernel)
    samples = []
    key, subkey = random.split(key)
    state = init_fn(subkey, params)

    _tqdm = range(Nsamples)  # pbar=False

    for i in _tqdm:
        key, subkey = random.split(key)
        state = kernel(i, subkey, state)
        samples.append(get_params(state))

    return jnp.stack(samples)  # Not library code: the list stacked, as the compiled sampler returns it


def _constant(step_size):  # diffusions.py's make_schedule of a scalar
    def schedule(i):
        return step_size

    return schedule


# diffusions.py, each for one array leaf (the `diffusion` decorator's tree wrapper reduced to _tree_update)

def _sgld(dt):
    dt = _constant(dt)

    def init_fn(x):
        return x

    def update(i, k, g, x):
        return x + dt(i) * g + jnp.sqrt(2 * dt(i)) * random.normal(k, shape=jnp.shape(x))

    def get_params(x):
        return x

    return init_fn, _tree_update(update), get_params


def _psgld(dt, alpha=0.99, eps=1e-5):
    dt = _constant(dt)

    def init_fn(x):
        v = jnp.zeros_like(x)
        return x, v

    def update(i, k, g, state):
        x, v = state
        v = alpha * v + (1 - alpha) * jnp.square(g)
        G = 1.0 / (jnp.sqrt(v) + eps)
        return (x + dt(i) * 0.5 * G * g + jnp.sqrt(dt(i) * G) * random.normal(k, shape=jnp.shape(x)), v)

    def get_params(state):
        x, _ = state
        return x

    return init_fn, _tree_update(update), get_params


def _sghmc(dt, alpha=0.01, beta=0):
    dt = _constant(dt)

    def init_fn(x):
        v = jnp.zeros_like(x)
        return x, v

    def update(i, k, g, state):
        x, v = state
        x = x + v
        v = v + dt(i) * g - alpha * v + jnp.sqrt(2 * (alpha - beta) * dt(i)) * random.normal(k, shape=jnp.shape(x))
        return x, v

    def get_params(state):
        x, _ = state
        return x

    def resample_momentum(i, k, x):
        v = jnp.sqrt(dt(i)) * random.normal(k, shape=jnp.shape(x))
        return x, v

    def tree_resample_momentum(i, k, state):  # diffusion_util.py's, for one leaf
        x = get_params(state)
        keys = random.split(k, 1)
        return resample_momentum(i, keys[0], x)

    return init_fn, _tree_update(update), get_params, tree_resample_momentum


def _baoab(dt, gamma, tau=1.0):
    dt = _constant(dt)

    def init_fn(x):
        v = jnp.zeros_like(x)
        return x, v

    def update1(i, k, g, state):
        x, v = state

        v = v + dt(i) * 0.5 * g
        x = x + v * dt(i) * 0.5

        c1 = jnp.exp(-gamma * dt(i))
        c2 = jnp.sqrt(1 - c1**2)
        v = c1 * v + tau * c2 * random.normal(k, shape=jnp.shape(v))

        x = x + v * dt(i) * 0.5

        return x, v

    def update2(i, k, g, state):
        x, v = state
        v = v + dt(i) * 0.5 * g
        return x, v

    def get_params(state):
        x, _ = state
        return x

    return init_fn, (_tree_update(update1), _tree_update(update2)), get_params


def _sgnht(dt, a=0.01):
    dt = _constant(dt)

    def init_fn(x):
        v = jnp.zeros_like(x)
        alpha = a
        return x, v, alpha

    def initial_momentum(kv):
        "sample momentum at the first iteration"
        k, v = kv
        key, subkey = random.split(k)
        v = jnp.sqrt(dt(0)) * random.normal(subkey, shape=v.shape)
        return key, v

    def update(i, k, g, state):
        x, v, alpha = state
        k, v = lax.cond(i == 0, initial_momentum, lambda kv: (k, v), (k, v))
        v = v - alpha * v + dt(i) * g + jnp.sqrt(2 * a * dt(i)) * random.normal(k, shape=jnp.shape(x))
        x = x + v
        alpha = alpha + (jnp.linalg.norm(v) ** 2) / v.size - dt(i)
        return x, v, alpha

    def get_params(state):
        x, _, _ = state
        return x

    return init_fn, _tree_update(update), get_params


def _badodab(dt, a=0.01):
    dt = _constant(dt)

    def init_fn(x):
        v = jnp.zeros_like(x)
        alpha = a
        return x, v, alpha

    def update(i, k, g, state):
        x, v, alpha = state

        dt2 = dt(i) / 2
        mu = 1.0
        sigma = 1.0

        v = v + dt2 * g
        x = x + dt2 * v
        alpha = alpha + (dt2 / mu) * (jnp.linalg.norm(v) - v.size)

        c1 = jnp.exp(-alpha * dt(i))
        c2 = jnp.where(alpha == 0, jnp.sqrt(dt(i)), jnp.sqrt(jnp.abs((1 - c1**2) / (2 * alpha))))
        v = c1 * v + c2 * sigma * random.normal(k, shape=jnp.shape(v))

        alpha = alpha + (dt2 / mu) * (jnp.linalg.norm(v) - v.size)
        x = x + dt2 * v
        return x, v, alpha

    def update2(i, k, g, state):
        x, v, alpha = state
        v = v + dt(i) * 0.5 * g
        return x, v, alpha

    def get_params(state):
        x, _, _ = state
        return x

    return init_fn, (_tree_update(update), _tree_update(update2)), get_params


def _langevin_triple(diffusion, X):
    # kernels.py's build_<name>_kernel: grad_log_post, the gradient estimator, the diffusion, the Langevin kernel
    data = (X,)
    grad_log_post = build_grad_log_post(_loglikelihood, _logprior, data)
    estimate_gradient, init_gradient = build_gradient_estimation_fn(grad_log_post, data, SG_BATCH_SIZE)
    init_diff, update_diff, get_p_diff = diffusion
    return _build_langevin_kernel(init_diff, update_diff, get_p_diff, estimate_gradient, init_gradient)


SG_LEAPFROG = 4


def _sghmc_triple(X, compiled_leapfrog):
    # kernels.py's build_sghmc_kernel(dt, L, ..., alpha=0.01, compiled_leapfrog)
    data = (X,)
    grad_log_post = build_grad_log_post(_loglikelihood, _logprior, data)
    estimate_gradient, init_gradient = build_gradient_estimation_fn(grad_log_post, data, SG_BATCH_SIZE)
    init_diff, update_diff, get_p_diff, resample_momentum = _sghmc(SG_DT, alpha=0.01)
    return _build_sghmc_kernel(init_diff, update_diff, get_p_diff, resample_momentum, estimate_gradient,
                               init_gradient, SG_LEAPFROG, compiled_leapfrog)


def _sg_args(seed):
    def args():
        # examples/gauss_sample_sgld.py at a small size: X = N(0, 1) + mu_true, N = 40, D = 3
        key = random.PRNGKey(seed)
        mu_true = random.normal(key, (3,))
        X = random.normal(random.PRNGKey(seed + 1), shape=(40, 3)) + mu_true
        return random.PRNGKey(seed + 2), jnp.zeros(3) + 0.1, X
    return args


def _sg_source(kernel, what):
    return (SGMCMCJAX.format("samplers.py") + f", `build_{kernel}_sampler(..., compiled=False, pbar=False)`: "
            "`_build_noncompiled_sampler` (a for over range(Nsamples) splitting the key, calling the jitted kernel "
            "and appending get_params(state) to a list) against `_build_compiled_sampler` (lax.scan over "
            f"arange(Nsamples)); kernels.py `_build_langevin_kernel`, gradient_estimation.py "
            f"`build_gradient_estimation_fn` (minibatches by random.choice), util.py `build_grad_log_post`, "
            f"diffusions.py {what}; the model of examples/gauss_sample_sgld.py, N=40, D=3, batch 8, dt=1e-3, "
            f"Nsamples=12")


def _sampler_twin(triple):
    def twin(key, x0, X):
        return _build_compiled_sampler(*triple(X))(key, SG_NSAMPLES, x0)
    return twin


def _sgld_triple(X):
    return _langevin_triple(_sgld(SG_DT), X)


@program(twin=_sampler_twin(_sgld_triple), args=_sg_args(301), grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None),
         rtol=1e-4, source=_sg_source("sgld", "`sgld` (Euler-Maruyama for overdamped Langevin)"))
def sgmcmcjax_sgld(key, x0, X):
    return _noncompiled_sampler(*_sgld_triple(X), key, SG_NSAMPLES, x0)


def _psgld_triple(X):
    return _langevin_triple(_psgld(SG_DT), X)


@program(twin=_sampler_twin(_psgld_triple), args=_sg_args(311), grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None),
         rtol=1e-4, source=_sg_source("psgld", "`psgld` (RMSprop-preconditioned SGLD, alpha=0.99, eps=1e-5)"))
def sgmcmcjax_psgld(key, x0, X):
    return _noncompiled_sampler(*_psgld_triple(X), key, SG_NSAMPLES, x0)


def _sghmc_twin(key, x0, X):
    return _build_compiled_sampler(*_sghmc_triple(X, compiled_leapfrog=True))(key, SG_NSAMPLES, x0)


@program(twin=_sghmc_twin, args=_sg_args(321), grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None), rtol=1e-4,
         source=_sg_source("sghmc", "`sghmc` (alpha=0.01, beta=0) with its momentum resampling") + "; kernels.py "
         "`_build_sghmc_kernel` runs L=4 leapfrog steps by util.py `run_loop(body, state, keys, compiled_leapfrog)`: "
         "compiled_leapfrog=False (a for over the split keys) in the plain sampler, True (lax.scan) in the twin")
def sgmcmcjax_sghmc(key, x0, X):
    return _noncompiled_sampler(*_sghmc_triple(X, compiled_leapfrog=False), key, SG_NSAMPLES, x0)


def _baoab_triple(X):
    return _langevin_triple(_baoab(SG_DT, gamma=1.0), X)


@program(twin=_sampler_twin(_baoab_triple), args=_sg_args(331), grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None),
         rtol=1e-4, source=_sg_source("baoab", "`baoab` (the BAOAB splitting, a palindrome of two updates; "
                                      "gamma=1, tau=1)"))
def sgmcmcjax_baoab(key, x0, X):
    return _noncompiled_sampler(*_baoab_triple(X), key, SG_NSAMPLES, x0)


def _sgnht_triple(X):
    return _langevin_triple(_sgnht(SG_DT), X)


@program(twin=_sampler_twin(_sgnht_triple), args=_sg_args(341), grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None),
         rtol=1e-4, source=_sg_source("sgnht", "`sgnht` (Euler for SG-NHT, a=0.01; its update samples the first "
                                      "momentum under lax.cond(i == 0, ...))"))
def sgmcmcjax_sgnht(key, x0, X):
    return _noncompiled_sampler(*_sgnht_triple(X), key, SG_NSAMPLES, x0)


def _badodab_triple(X):
    return _langevin_triple(_badodab(SG_DT), X)


@program(twin=_sampler_twin(_badodab_triple), args=_sg_args(351), grad=(1, 2), loss=jnp.sum, vmap=(None, 0, None),
         rtol=1e-4, source=_sg_source("badodab", "`badodab` (the BADODAB splitting for the 3-equation Langevin "
                                      "diffusion, a=0.01, jnp.where on alpha == 0)"))
def sgmcmcjax_badodab(key, x0, X):
    return _noncompiled_sampler(*_badodab_triple(X), key, SG_NSAMPLES, x0)


def _sgld_svrg_triple(X):
    # kernels.py's build_sgld_SVRG_kernel: gradient_estimation.py's build_gradient_estimation_fn_SVRG, update_rate=5
    data = (X,)
    grad_log_post = build_grad_log_post(_loglikelihood, _logprior, data)
    batch_size, update_rate = SG_BATCH_SIZE, SG_SVRG_UPDATE_RATE
    N_data, *_ = data[0].shape
    data = tuple([jnp.array(elem) for elem in data])
    update_fn = lambda c, g, gc: c + g - gc  # noqa: E731 - as the library writes it

    def update_centering_value(param):
        fb_grad_center = grad_log_post(param, *data)
        flat_fb_grad_center, tree_fb_grad_center = tree_flatten(fb_grad_center)
        svrg_state = SVRGState(param, flat_fb_grad_center)
        return svrg_state

    def init_gradient(key, param):
        fb_grad_center = grad_log_post(param, *data)
        flat_fb_grad_center, tree_fb_grad_center = tree_flatten(fb_grad_center)
        svrg_state = SVRGState(param, flat_fb_grad_center)
        return fb_grad_center, svrg_state

    @jit
    def estimate_gradient(i, key, param, svrg_state):
        svrg_state = lax.cond(
            i % update_rate == 0,
            lambda _: update_centering_value(param),
            lambda _: svrg_state,
            None,
        )
        idx_batch = random.choice(key=key, a=jnp.arange(N_data), shape=(batch_size,))
        minibatch_data = tuple([elem[idx_batch] for elem in data])

        param_grad = grad_log_post(param, *minibatch_data)
        grad_center = grad_log_post(svrg_state.centering_value, *minibatch_data)
        flat_param_grad, tree_param_grad = tree_flatten(param_grad)
        flat_grad_center, tree_grad_center = tree_flatten(grad_center)
        new_flat_param_grad = tree_map(update_fn, svrg_state.fb_grad_center, flat_param_grad, flat_grad_center)
        param_grad = tree_unflatten(tree_param_grad, new_flat_param_grad)
        return param_grad, svrg_state

    init_diff, update_diff, get_p_diff = _sgld(SG_DT)
    return _build_langevin_kernel(init_diff, update_diff, get_p_diff, estimate_gradient, init_gradient)


SG_SVRG_UPDATE_RATE = 5


@program(twin=_sampler_twin(_sgld_svrg_triple), args=_sg_args(361), grad=(1, 2), loss=jnp.sum,
         vmap=(None, 0, None), rtol=1e-4,
         source=_sg_source("sgld_SVRG", "`sgld`") + "; gradient_estimation.py `build_gradient_estimation_fn_SVRG` "
         "(the centering value and full-batch gradient refreshed under lax.cond(i % update_rate == 0, ...) with the "
         "sampler's loop index i, a Python int in the plain sampler; update_rate=5), an SVRGState NamedTuple in the "
         "carried SamplerState")
def sgmcmcjax_sgld_svrg(key, x0, X):
    return _noncompiled_sampler(*_sgld_svrg_triple(X), key, SG_NSAMPLES, x0)


# diffusion_util.py and types.py in full, for a PyTree parameter: DiffusionState (a namedtuple registered as a pytree
# whose aux data are the tree definitions) and the `diffusion` decorator that maps a leaf diffusion over the leaves

DiffusionState = namedtuple("DiffusionState", ["packed_state", "tree_def", "subtree_defs"])

register_pytree_node(
    DiffusionState,
    lambda xs: ((xs.packed_state,), (xs.tree_def, xs.subtree_defs)),
    lambda data, xs: DiffusionState(xs[0], data[0], data[1]),
)


def unzip2(xys):  # jax._src.util.unzip2, which diffusion_util.py imports
    xs, ys = [], []
    for x, y in xys:
        xs.append(x)
        ys.append(y)
    return tuple(xs), tuple(ys)


def diffusion(sampler_maker):  # diffusion_util.py's diffusion_factory() (not palindrome, not sghmc)
    @functools.wraps(sampler_maker)
    def tree_sampler_maker(*args, **kwargs):
        init_fn, update, get_params = sampler_maker(*args, **kwargs)

        @functools.wraps(init_fn)
        def tree_init(x0_tree):
            x0_flat, tree = tree_flatten(x0_tree)
            initial_states = [init_fn(x0) for x0 in x0_flat]
            states_flat, subtrees = unzip2(map(tree_flatten, initial_states))
            return DiffusionState(states_flat, tree, subtrees)

        @functools.wraps(update)
        def tree_update(i, key, grad_tree, sampler_state):
            states_flat, tree, subtrees = sampler_state
            grad_flat, tree2 = tree_flatten(grad_tree)
            if tree2 != tree:
                msg = ("sampler update function was passed a gradient tree that did "
                       "not match the parameter tree structure with which it was "
                       "initialized: parameter tree {} and grad tree {}.")
                raise TypeError(msg.format(tree, tree2))
            states = list(map(tree_unflatten, subtrees, states_flat))
            keys = random.split(key, len(states))
            new_states = list(map(functools.partial(update, i), keys, grad_flat, states))
            new_states_flat, subtrees2 = unzip2(map(tree_flatten, new_states))
            for subtree, subtree2 in zip(subtrees, subtrees2):
                if subtree2 != subtree:
                    msg = ("sampler update function produced an output structure that "
                           "did not match its input structure: input {} and output {}.")
                    raise TypeError(msg.format(subtree, subtree2))
            return DiffusionState(new_states_flat, tree, subtrees)

        @functools.wraps(get_params)
        def tree_get_params(sampler_state):
            states_flat, tree, subtrees = sampler_state
            states = map(tree_unflatten, subtrees, states_flat)
            params = list(map(get_params, states))
            return tree_unflatten(tree, params)

        return tree_init, tree_update, tree_get_params

    return tree_sampler_maker


@diffusion
def sgldAdam(dt, beta1=0.9, beta2=0.999, eps=1e-8):  # diffusions.py
    dt = _constant(dt)

    def init_fn(x):
        m = jnp.zeros_like(x)
        v = jnp.zeros_like(x)
        return x, m, v

    def update(i, k, g, state):
        x, m, v = state
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * jnp.square(g)
        m_hat = m / (1 - beta1 ** (i + 1))
        v_hat = v / (1 - beta2 ** (i + 1))
        adapt_dt = dt(i) / (jnp.sqrt(v_hat) + eps)

        return (
            x
            + adapt_dt * 0.5 * m_hat
            + jnp.sqrt(adapt_dt) * random.normal(key=k, shape=jnp.shape(x)),
            m,
            v,
        )

    def get_params(state):
        x, _, _ = state
        return x

    return init_fn, update, get_params


def _tree_loglikelihood(params, x):
    # Not library code: examples/gauss_sample_sgld.py's model over a two-leaf PyTree (theta split in two)
    theta = jnp.concatenate([params["a"], params["b"]])
    return -0.5 * jnp.dot(x - theta, x - theta)


def _tree_logprior(params):
    theta = jnp.concatenate([params["a"], params["b"]])
    return -0.5 * jnp.dot(theta, theta) * 0.01


def _sgld_adam_triple(X):
    data = (X,)
    grad_log_post = build_grad_log_post(_tree_loglikelihood, _tree_logprior, data)
    estimate_gradient, init_gradient = build_gradient_estimation_fn(grad_log_post, data, SG_BATCH_SIZE)
    init_diff, update_diff, get_p_diff = sgldAdam(SG_DT)
    return _build_langevin_kernel(init_diff, update_diff, get_p_diff, estimate_gradient, init_gradient)


def _sgld_adam_twin(key, x0, X):
    return _build_compiled_sampler(*_sgld_adam_triple(X))(key, SG_NSAMPLES, {"a": x0[:1], "b": x0[1:]})


@program(twin=_sgld_adam_twin, args=_sg_args(371), grad=(1, 2), loss=lambda out: jnp.sum(out["a"]) + jnp.sum(out["b"]),
         vmap=(None, 0, None), rtol=1e-4,
         source=_sg_source("sgldAdam", "`sgldAdam` (Adam-preconditioned SGLD, bias corrections beta ** (i + 1) of "
                           "the loop index)") + "; the parameter a dict of two arrays through diffusion_util.py's "
         "`diffusion` decorator and types.py's DiffusionState (a pytree whose aux data are tree definitions), "
         "the sampler's list of dicts stacked leafwise")
def sgmcmcjax_sgld_adam(key, x0, X):
    init_fn, kernel, get_params = _sgld_adam_triple(X)
    kernel = jit(kernel)  # samplers.py's _build_noncompiled_sampler, pbar=False
    samples = []
    key, subkey = random.split(key)
    state = init_fn(subkey, {"a": x0[:1], "b": x0[1:]})

    _tqdm = range(SG_NSAMPLES)

    for i in _tqdm:
        key, subkey = random.split(key)
        state = kernel(i, subkey, state)
        samples.append(get_params(state))

    return jax.tree.map(lambda *s: jnp.stack(s), *samples)  # Not library code: as the compiled sampler returns it


# --- pnkraemer/matfree: decomp.py `tridiag_sym` (Lanczos, reortho="none") ---------------------------------------------

MF_TRIDIAG_K = 4


def _matvec(v, A):  # Not library code: the dense matrix as matfree's matvec(v, *params)
    return A @ v


def _tridiag_fwd_init(matvec, vec, *params):
    a = vec @ (matvec(vec, *params))
    r = (matvec(vec, *params)) - a * vec
    b = jnp.linalg.norm(r)
    x = r / b
    return (x, b), a


def _tridiag_fwd_step_apply(matvec, vec, b, vec_previous, *params):
    a = vec @ (matvec(vec, *params))
    r = matvec(vec, *params) - a * vec - b * vec_previous
    b = jnp.linalg.norm(r)
    x = r / b
    return (x, b), a


def _tridiag_fwd_step(matvec, params, i, val):
    (v1, offdiag, v0), (vectors, diags, offdiags) = val
    ((v1, offdiag), diag), v0 = (_tridiag_fwd_step_apply(matvec, v1, offdiag, v0, *params), v1)

    vectors = vectors.at[i + 1].set(v1)
    offdiags = offdiags.at[i].set(offdiag)
    diags = diags.at[i].set(diag)

    return (v1, offdiag, v0), (vectors, diags, offdiags)


def _tridiag_forward(matvec, num_matvecs, vec, *params, fori_loop=lax.fori_loop):
    vectors = jnp.zeros((num_matvecs + 1, len(vec)))
    offdiags = jnp.zeros((num_matvecs,))
    diags = jnp.zeros((num_matvecs,))

    v0 = vec / jnp.linalg.norm(vec)
    vectors = vectors.at[0].set(v0)

    ((v1, offdiag), diag) = _tridiag_fwd_init(matvec, v0, *params)

    if num_matvecs == 0:
        decomposition = vectors[:-1], (diags, offdiags[:-1])
        remainder = v1, offdiag
        return decomposition, remainder, 1 / jnp.linalg.norm(vec)

    k = 0
    vectors = vectors.at[k + 1].set(v1)
    offdiags = offdiags.at[k].set(offdiag)
    diags = diags.at[k].set(diag)

    init = (v1, offdiag, v0), (vectors, diags, offdiags)
    step_fun = lambda i, val: _tridiag_fwd_step(matvec, params, i, val)  # noqa: E731 - func.partial
    (v1, offdiag, _), (vectors, diags, offdiags) = fori_loop(1, num_matvecs, step_fun, init)

    decomposition = vectors[:-1], (diags, offdiags[:-1])
    remainder = v1, offdiag
    return decomposition, remainder, 1 / jnp.linalg.norm(vec)


def _python_fori_loop(lower, upper, body_fun, init_val):
    # Not library code: lax.fori_loop's documented Python semantics
    val = init_val
    for i in range(lower, upper):
        val = body_fun(i, val)
    return val


def _spd(seed, n, shift=1.0):
    # Not library code: a symmetric positive-definite test matrix.
    a = random.normal(random.key(seed), (n, n))
    return a @ a.T / n + shift * jnp.eye(n)


def _tridiag_twin(A, vec):
    return _tridiag_forward(_matvec, MF_TRIDIAG_K, vec, A)


def _tridiag_loss(out):
    (_, (diags, offdiags)), (_, offdiag), _ = out
    return jnp.sum(diags) + jnp.sum(offdiags) + offdiag


@program(twin=_tridiag_twin, args=lambda: (_spd(401, 10), random.normal(random.key(402), (10,))), grad=(0, 1),
         loss=_tridiag_loss, vmap=(None, 0), rtol=1e-4,
         source=MATFREE.format("decomp.py") + ", `_tridiag_forward` with `_tridiag_fwd_init`, `_tridiag_fwd_step`, "
         "`_tridiag_fwd_step_apply` (tridiag_sym's Lanczos without reorthogonalisation: the start vector normalised, "
         "the three-term recurrence writing vectors, diagonal and off-diagonal at index i; 4 matvecs of a 10 x 10 "
         "matrix); control_flow.fori_loop(1, num_matvecs, ...) as a Python for over range(1, num_matvecs)")
def matfree_tridiag_sym(A, vec):
    num_matvecs = MF_TRIDIAG_K
    vectors = jnp.zeros((num_matvecs + 1, len(vec)))
    offdiags = jnp.zeros((num_matvecs,))
    diags = jnp.zeros((num_matvecs,))

    v0 = vec / jnp.linalg.norm(vec)
    vectors = vectors.at[0].set(v0)

    ((v1, offdiag), diag) = _tridiag_fwd_init(_matvec, v0, A)

    k = 0
    vectors = vectors.at[k + 1].set(v1)
    offdiags = offdiags.at[k].set(offdiag)
    diags = diags.at[k].set(diag)

    val = (v1, offdiag, v0), (vectors, diags, offdiags)
    for i in range(1, num_matvecs):
        val = _tridiag_fwd_step(_matvec, (A,), i, val)
    (v1, offdiag, _), (vectors, diags, offdiags) = val

    decomposition = vectors[:-1], (diags, offdiags[:-1])
    remainder = v1, offdiag
    return decomposition, remainder, 1 / jnp.linalg.norm(vec)


# --- pnkraemer/matfree: decomp.py `hessenberg` (Arnoldi, reortho="full") ----------------------------------------------

MF_HESSENBERG_K = 5


def _hessenberg_forward_step(Q, H, v, length, matvec, *params, idx, reortho):
    v /= length
    Q = Q.at[:, idx].set(v)

    v = matvec(v, *params)

    h = Q.T @ v
    v = v - Q @ h

    if reortho != "none":
        v = v - Q @ (Q.T @ v)

    length = jnp.sqrt(jnp.inner(v, v))

    h = h.at[idx + 1].set(length)
    H = H.at[:, idx].set(h)

    return Q, H, v, length


def _hessenberg_forward(matvec, num_matvecs, v, *params, reortho, fori_loop=lax.fori_loop):
    (n,), k = jnp.shape(v), num_matvecs
    Q = jnp.zeros((n, k), dtype=v.dtype)
    H = jnp.zeros((k, k), dtype=v.dtype)
    initlength = jnp.sqrt(jnp.inner(v, v))
    init = (Q, H, v, initlength)

    if num_matvecs == 0:
        return Q, H, v, 1 / initlength  # _DecompResult(Q_tall, J_small, residual, init_length_inv)

    def forward_step(i, val):
        return _hessenberg_forward_step(*val, matvec, *params, idx=i, reortho=reortho)

    Q, H, v, _length = fori_loop(0, k, forward_step, init)
    return Q, H, v, 1 / initlength


def _hessenberg_twin(A, v):
    return _hessenberg_forward(_matvec, MF_HESSENBERG_K, v, A, reortho="full")


def _hessenberg_args():
    return random.normal(random.key(411), (8, 8)) / 3 + jnp.eye(8), random.normal(random.key(412), (8,))


@program(twin=_hessenberg_twin, args=_hessenberg_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=MATFREE.format("decomp.py") + ", `_hessenberg_forward` and `_hessenberg_forward_step` (hessenberg's "
         "Arnoldi with reortho='full': Q's column idx set, h = Q^T v, a second Gram-Schmidt pass, h[idx + 1] the new "
         "length, H's column idx set, at the loop index; 5 matvecs of a nonsymmetric 8 x 8 matrix; the _DecompResult "
         "as a tuple); control_flow.fori_loop(0, k, ...) as a Python for over range(k)")
def matfree_hessenberg(A, v):
    num_matvecs, reortho = MF_HESSENBERG_K, "full"
    (n,), k = jnp.shape(v), num_matvecs
    Q = jnp.zeros((n, k), dtype=v.dtype)
    H = jnp.zeros((k, k), dtype=v.dtype)
    initlength = jnp.sqrt(jnp.inner(v, v))
    val = (Q, H, v, initlength)

    for i in range(0, k):
        val = _hessenberg_forward_step(*val, _matvec, A, idx=i, reortho=reortho)
    Q, H, v, _length = val
    return Q, H, v, 1 / initlength


# --- pnkraemer/matfree: decomp.py `bidiag` (Golub-Kahan, reortho="full", materialize=True) ----------------------------

MF_BIDIAG_K = 4


class _BidiagState(NamedTuple):  # bidiag's State
    i: int
    Us: Any
    Vs: Any
    alphas: Any
    betas: Any
    beta: Any
    vk: Any


def _make_bidiag(num_matvecs, reortho="full", fori_loop=lax.fori_loop):
    # `bidiag(num_matvecs, materialize=True, reortho)`'s estimate for a flat vector (ravel_pytree the identity)
    def estimate(Av, v0, *parameters):
        ncols = v0.shape[0]
        nrows = jax.eval_shape(lambda z: Av(z, *parameters), v0).shape[0]

        v0_norm, length = _normalise(v0)
        init_val = init(v0_norm, nrows=nrows, ncols=ncols)

        def body_fun(_, s):
            return step(Av, s, *parameters)

        result = fori_loop(0, num_matvecs, body_fun, init_val)
        uk_all_T, J, vk_all, (beta, vk) = extract(result)
        return uk_all_T.T, vk_all, J, beta * vk, 1 / length

    def init(init_vec, *, nrows, ncols):
        alphas = jnp.zeros((num_matvecs,))
        betas = jnp.zeros((num_matvecs,))
        Us = jnp.zeros((num_matvecs, nrows))
        Vs = jnp.zeros((num_matvecs, ncols))
        v0, _ = _normalise(init_vec)
        return _BidiagState(0, Us, Vs, alphas, betas, jnp.zeros(()), v0)

    def step(Av, state, *parameters):
        i, Us, Vs, alphas, betas, beta, vk = state
        Vs = Vs.at[i].set(vk)
        betas = betas.at[i].set(beta)

        Av_eval, vA = jax.vjp(lambda v: Av(v, *parameters), vk)
        uk = Av_eval - beta * Us[i - 1]
        if reortho == "full":
            uk = uk - Us.T @ (Us @ uk)
            uk = uk - Us.T @ (Us @ uk)

        uk, alpha = _normalise(uk)
        Us = Us.at[i].set(uk)
        alphas = alphas.at[i].set(alpha)

        (vA_eval,) = vA(uk)
        vk = vA_eval - alpha * vk
        if reortho == "full":
            vk = vk - Vs.T @ (Vs @ vk)
            vk = vk - Vs.T @ (Vs @ vk)

        vk, beta = _normalise(vk)

        return _BidiagState(i + 1, Us, Vs, alphas, betas, beta, vk)

    def extract(state, /):
        _, uk_all, vk_all, alphas, betas, beta, vk = state
        B = _todense_bidiag(alphas, betas[1:])
        return uk_all.T, B, vk_all, (beta, vk)

    def _normalise(vec):
        length = jnp.linalg.norm(vec)
        return vec / length, length

    def _todense_bidiag(d, e):
        diag = jnp.diag(d)
        offdiag = jnp.diag(e, 1)
        return diag + offdiag

    return estimate


def _bidiag_twin(A, v0):
    return _make_bidiag(MF_BIDIAG_K)(_matvec, v0, A)


@program(twin=_bidiag_twin, args=lambda: (random.normal(random.key(421), (9, 6)), random.normal(random.key(422), (6,))),
         jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=MATFREE.format("decomp.py") + ", `bidiag` (Golub-Kahan bidiagonalisation, reortho='full', "
         "materialize=True: a NamedTuple State counting i, A v and v^T A by jax.vjp inside the loop body, "
         "Us[i - 1] read at the traced index, two reorthogonalisation passes each side; 4 matvecs of a 9 x 6 "
         "matrix; the _DecompResult as a tuple); control_flow.fori_loop(0, num_matvecs, ...) as a Python for")
def matfree_bidiag(A, v0):
    # (Its only carried value is the NamedTuple State: the loop was unrolled without an UnrolledLoopWarning until
    # the dispatch core looked for tracers inside pytrees too, tests/runtime/jax/test_jax_pytree_carries.py.)
    return _make_bidiag(MF_BIDIAG_K, fori_loop=_python_fori_loop)(_matvec, v0, A)


# --- pnkraemer/matfree: low_rank.py `cholesky_partial` and `cholesky_partial_pivot` -----------------------------------

MF_NROWS = 10
MF_RANK = 4


def _mat_el(i, j, xs, ell):
    # Not library code: an element of a squared-exponential kernel matrix, as matfree's mat_el(i, j, *params)
    return jnp.exp(-0.5 * jnp.sum((xs[i] - xs[j]) ** 2) / ell**2)


def _cholesky_partial_body(fn, n, *args):
    idx = jnp.arange(n)

    def matrix_element(i, j):
        return fn(i, j, *args)

    def matrix_column(i):
        fun = jax.vmap(matrix_element, in_axes=(0, None))
        return fun(idx, i)

    def body(i, L):
        element = matrix_element(i, i)
        l_ii = jnp.sqrt(element - jnp.inner(L[i], L[i]))

        column = matrix_column(i)
        l_ji = column - L @ L[i, :]
        l_ji /= l_ii

        return L.at[:, i].set(l_ji)

    return body


def _cholesky_partial_twin(xs, ell):
    step = _cholesky_partial_body(_mat_el, MF_NROWS, xs, ell)
    chol = jnp.zeros((MF_NROWS, MF_RANK))
    return lax.fori_loop(0, MF_RANK, step, chol)


def _chol_args():
    return jnp.linspace(0.0, 3.0, MF_NROWS)[:, None] + 0.05 * random.normal(random.key(431), (MF_NROWS, 2)), \
        jnp.float32(0.8)


@program(twin=_cholesky_partial_twin, args=_chol_args, grad=(0, 1), loss=jnp.sum, vmap=(0, None), rtol=1e-4,
         source=MATFREE.format("low_rank.py") + ", `cholesky_partial` and `_cholesky_partial_body` (rank-4 partial "
         "Cholesky of a 10 x 10 kernel matrix given by its elements, column i set at the loop index, without "
         "pivoting; the {} info dropped); control_flow.fori_loop(0, rank, ...) as a Python for over range(rank)")
def matfree_cholesky_partial(xs, ell):
    step = _cholesky_partial_body(_mat_el, MF_NROWS, xs, ell)
    chol = jnp.zeros((MF_NROWS, MF_RANK))
    for i in range(0, MF_RANK):
        chol = step(i, chol)
    return chol


def _cholesky_partial_pivot_body(fn, n, *args):
    idx = jnp.arange(n)

    def matrix_element(i, j):
        return fn(i, j, *args)

    def matrix_element_p(i, j, *, permute):
        return matrix_element(permute[i], permute[j])

    def matrix_column_p(i, *, permute):
        fun = jax.vmap(matrix_element, in_axes=(0, None))
        return fun(permute[idx], permute[i])

    def matrix_diagonal_p(*, permute):
        fun = jax.vmap(matrix_element)
        return fun(permute[idx], permute[idx])

    def body(i, carry):
        L, P, P_matrix, success = carry

        diagonal = matrix_diagonal_p(permute=P_matrix)

        residual_diag = diagonal - jax.vmap(jnp.inner)(L, L)
        res = jnp.abs(residual_diag)
        k = jnp.argmax(res)

        P_matrix = _swap_cols(P_matrix, i, k)
        L = _swap_rows(L, i, k)
        P = _swap_rows(P, i, k)

        element = matrix_element_p(i, i, permute=P_matrix)
        column = matrix_column_p(i, permute=P_matrix)

        l_ii_squared = element - jnp.inner(L[i], L[i])
        l_ii = jnp.sqrt(l_ii_squared)
        l_ji = column - L @ L[i, :]
        l_ji /= l_ii
        success = jnp.logical_and(success, l_ii_squared > 0.0)

        L = L.at[:, i].set(l_ji)
        return L, P, P_matrix, success

    return body


def _swap_cols(arr, i, j):
    return _swap_rows(arr.T, i, j).T


def _swap_rows(arr, i, j):
    ai, aj = arr[i], arr[j]
    arr = arr.at[i].set(aj)
    return arr.at[j].set(ai)


def _pivot_invert(arr, pivot, /):
    return arr[jnp.argsort(pivot)]


def _cholesky_pivot_twin(xs, ell):
    body = _cholesky_partial_pivot_body(_mat_el, MF_NROWS, xs, ell)
    L = jnp.zeros((MF_NROWS, MF_RANK))
    P = jnp.arange(MF_NROWS)
    init = (L, P, P, True)
    (L, P, _matrix, success) = lax.fori_loop(0, MF_RANK, body, init)
    return _pivot_invert(L, P), success


@program(twin=_cholesky_pivot_twin, args=_chol_args, grad=(0, 1), loss=lambda out: jnp.sum(out[0]),
         vmap=(0, None), rtol=1e-4,
         source=MATFREE.format("low_rank.py") + ", `cholesky_partial_pivot` and `_cholesky_partial_pivot_body` "
         "(rank-4 pivoted partial Cholesky: the largest residual diagonal entry found by argmax, rows and columns "
         "swapped at the loop index and the traced pivot, a boolean success flag carried from the Python True, the "
         "pivot inverted by argsort at the end); control_flow.fori_loop(0, rank, ...) as a Python for")
def matfree_cholesky_partial_pivot(xs, ell):
    body = _cholesky_partial_pivot_body(_mat_el, MF_NROWS, xs, ell)
    L = jnp.zeros((MF_NROWS, MF_RANK))
    P = jnp.arange(MF_NROWS)
    carry = (L, P, P, True)
    for i in range(0, MF_RANK):
        carry = body(i, carry)
    (L, P, _matrix, success) = carry
    return _pivot_invert(L, P), success


# --- AaltoML/BayesNewton: ops.py `_sequential_kf` ---------------------------------------------------------------------

LOG2PI = np.log(2 * np.pi)  # utils.py
INV2PI = (2 * np.pi) ** -1


def solve(P, Q):  # utils.py
    L = cho_factor(P, lower=True)
    return cho_solve(L, Q)


def transpose(P):  # utils.py
    return jnp.swapaxes(P, -1, -2)


def mvn_logpdf(x, mean, cov, mask=None):  # utils.py
    x = x.reshape(-1, 1)
    mean = mean.reshape(-1, 1)
    if mask is not None:
        maskv = mask.reshape(-1, 1)
        x = jnp.where(maskv, 0., x)
        mean = jnp.where(maskv, 0., mean)
        cov_masked = jnp.where(maskv + maskv.T, 0., cov)
        cov = jnp.where(jnp.diag(mask), INV2PI, cov_masked)

    n = mean.shape[0]
    cho, low = cho_factor(cov, lower=True)
    log_det = 2 * jnp.sum(jnp.log(jnp.abs(jnp.diag(cho))))
    diff = x - mean
    scaled_diff = cho_solve((cho, low), diff)
    distance = diff.T @ scaled_diff
    return jnp.squeeze(-0.5 * (distance + n * LOG2PI + log_det))


def process_noise_covariance(A, Pinf):  # ops.py
    Q = Pinf - A @ Pinf @ transpose(A)
    return Q


def _kf_body(H, return_predict):
    def body(carry, inputs):
        y, A, Q, obs_cov, mask = inputs
        m, P, ell = carry
        m_ = A @ m
        P_ = A @ P @ A.T + Q

        obs_mean = H @ m_
        HP = H @ P_
        S = HP @ H.T + obs_cov

        ell_n = mvn_logpdf(y, obs_mean, S, mask)
        ell = ell + ell_n

        K = solve(S, HP).T
        m = m_ + K @ (y - obs_mean)
        P = P_ - K @ HP
        if return_predict:
            return (m, P, ell), (m_, P_)
        else:
            return (m, P, ell), (m, P)
    return body


def _sequential_kf(As, Qs, H, ys, noise_covs, m0, P0, masks, return_predict=False):
    body = _kf_body(H, return_predict)
    (_, _, loglik), (fms, fPs) = lax.scan(f=body, init=(m0, P0, 0.), xs=(ys, As, Qs, noise_covs, masks))
    return loglik, fms, fPs


BN_N = 12


def _state_space(seed):
    # Not library code: a damped-rotation state transition per step (kernel.state_transition(dt) of a quasi-periodic
    # kernel), Pinf = I (kernel.stationary_covariance()), H = [1, 0] (kernel.measurement_model())
    dt = 0.2 + 0.1 * random.uniform(random.key(seed), (BN_N,))
    c, s = jnp.cos(dt), jnp.sin(dt)
    rho = jnp.exp(-0.5 * dt)
    As = rho[:, None, None] * jnp.stack([jnp.stack([c, -s], -1), jnp.stack([s, c], -1)], -2)
    Pinf = jnp.eye(2)
    H = jnp.array([[1.0, 0.0]])
    return As, Pinf, H


def _kf_prepare(As, Pinf):
    # kalman_filter: Qs = vmap(process_noise_covariance, [0, None])(As, Pinf), minf zeros
    Qs = vmap(process_noise_covariance, [0, None])(As, Pinf)
    minf = jnp.zeros([Pinf.shape[0], 1])
    return Qs, minf


def _kf_twin(As, Pinf, H, y, noise_cov, mask):
    Qs, minf = _kf_prepare(As, Pinf)
    return _sequential_kf(As, Qs, H, y, noise_cov, minf, Pinf, mask)


def _kf_args():
    As, Pinf, H = _state_space(501)
    y = jnp.sin(jnp.linspace(0.0, 3.0, BN_N)).reshape(BN_N, 1, 1) + 0.1 * random.normal(random.key(502), (BN_N, 1, 1))
    noise_cov = 0.1 + 0.05 * random.uniform(random.key(503), (BN_N, 1, 1))
    mask = jnp.zeros_like(y, dtype=bool).at[4].set(True).at[9].set(True)
    return As, Pinf, H, y, noise_cov, mask


@program(twin=_kf_twin, args=_kf_args, grad=(3, 4), loss=lambda out: out[0], vmap=(None, None, None, 0, 0, None),
         rtol=1e-4,
         source=BAYESNEWTON.format("ops.py") + ", `kalman_filter` (parallel=False, return_predict=False: "
         "Qs from `process_noise_covariance`) and `_sequential_kf` (predict, utils.py `mvn_logpdf` with its "
         "missing-data mask, Cholesky `solve` for the gain, update; the log-likelihood summed in the carry from the "
         "Python 0.); the kernel object as its matrices; the lax.scan as a for over zip of the scanned arrays "
         "appending the filtered means and covariances, two of 12 observations masked")
def bayesnewton_sequential_kf(As, Pinf, H, y, noise_cov, mask):
    Qs, minf = _kf_prepare(As, Pinf)
    m, P, ell = minf, Pinf, 0.
    fms, fPs = [], []
    for y_n, A, Q, obs_cov, mask_n in zip(y, As, Qs, noise_cov, mask):
        m_ = A @ m
        P_ = A @ P @ A.T + Q

        obs_mean = H @ m_
        HP = H @ P_
        S = HP @ H.T + obs_cov

        ell_n = mvn_logpdf(y_n, obs_mean, S, mask_n)
        ell = ell + ell_n

        K = solve(S, HP).T
        m = m_ + K @ (y_n - obs_mean)
        P = P_ - K @ HP
        fms.append(m)
        fPs.append(P)
    return ell, jnp.stack(fms), jnp.stack(fPs)


# --- AaltoML/BayesNewton: ops.py `_sequential_rts` --------------------------------------------------------------------

def _rts_body(H, return_full):
    def body(carry, inputs):
        fm, fP, A, Q = inputs
        sm, sP = carry

        pm = A @ fm
        AfP = A @ fP
        pP = AfP @ A.T + Q

        C = solve(pP, AfP).T

        sm = fm + C @ (sm - pm)
        sP = fP + C @ (sP - pP) @ C.T
        if return_full:
            return (sm, sP), (sm, sP, C)
        else:
            return (sm, sP), (H @ sm, H @ sP @ H.T, C)
    return body


def _sequential_rts(fms, fPs, As, Qs, H, return_full):
    _, (sms, sPs, gains) = lax.scan(f=_rts_body(H, return_full), init=(fms[-1], fPs[-1]), xs=(fms, fPs, As, Qs),
                                    reverse=True)
    return sms, sPs, gains


def _rts_args():
    As, Pinf, H, y, noise_cov, mask = _kf_args()
    Qs, minf = _kf_prepare(As, Pinf)
    _, fms, fPs = _sequential_kf(As, Qs, H, y, noise_cov, minf, Pinf, mask)
    return fms, fPs, As, Qs, H


def _rts_twin(fms, fPs, As, Qs, H):
    return _sequential_rts(fms, fPs, As, Qs, H, return_full=False)


@program(twin=_rts_twin, args=_rts_args, grad=(0, 1), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]),
         vmap=(0, 0, None, None, None), rtol=1e-4,
         source=BAYESNEWTON.format("ops.py") + ", `_sequential_rts` (the Rauch-Tung-Striebel smoother: lax.scan "
         "with reverse=True from the last filtered state, the smoother gain by Cholesky solve; return_full=False "
         "projects through H), on `_sequential_kf`'s output; the reverse scan as a for over reversed(range(N)) "
         "appending, the lists reversed and stacked")
def bayesnewton_sequential_rts(fms, fPs, As, Qs, H):
    sm, sP = fms[-1], fPs[-1]
    sms, sPs, gains = [], [], []
    for n in reversed(range(fms.shape[0])):
        fm, fP, A, Q = fms[n], fPs[n], As[n], Qs[n]

        pm = A @ fm
        AfP = A @ fP
        pP = AfP @ A.T + Q

        C = solve(pP, AfP).T

        sm = fm + C @ (sm - pm)
        sP = fP + C @ (sP - pP) @ C.T
        sms.append(H @ sm)
        sPs.append(H @ sP @ H.T)
        gains.append(C)
    return jnp.stack(sms[::-1]), jnp.stack(sPs[::-1]), jnp.stack(gains[::-1])


# --- AaltoML/BayesNewton: ops.py `dare` and `kalman_filter_infinite_horizon` ------------------------------------------

BN_DARE_ITERS = 20


def dare(A, H, Q, R, Pinit, num_iters=20):  # ops.py
    def body(X, _):  # slightly faster version
        HX = H @ X
        S = HX @ H.T + R
        K = solve(S, HX).T
        X = A @ (X - K @ HX) @ A.T + Q
        return X, X

    X_final, _ = lax.scan(f=body, init=Pinit, xs=jnp.zeros(num_iters))

    return X_final


def _dare_args():
    As, Pinf, H = _state_space(511)
    A = As[1]
    return A, H, process_noise_covariance(A, Pinf), jnp.array([[0.2]]), Pinf


@program(twin=lambda A, H, Q, R, Pinit: dare(A, H, Q, R, Pinit, BN_DARE_ITERS), args=_dare_args, grad=(0, 2, 3),
         loss=jnp.sum, vmap=(None, None, 0, 0, None), rtol=1e-4,
         source=BAYESNEWTON.format("ops.py") + ", `dare` (the discrete algebraic Riccati equation by 20 iterations "
         "of its 'slightly faster' body, a lax.scan over np.zeros(num_iters)); the scan as a for over "
         "range(num_iters) calling the body")
def bayesnewton_dare(A, H, Q, R, Pinit):
    num_iters = BN_DARE_ITERS
    X = Pinit
    for _ in range(num_iters):
        HX = H @ X
        S = HX @ H.T + R
        K = solve(S, HX).T
        X = A @ (X - K @ HX) @ A.T + Q
    return X


def _kf_ih_prepare(A_step, Pinf, H, y, noise_cov_tied, dare_loop):
    # kalman_filter_infinite_horizon, heteroscedastic=False, parallel=False, dare_init=None; the kernel's
    # state_transition(dt[1]) as A_step
    N = y.shape[0]
    minf = jnp.zeros([Pinf.shape[0], 1])
    A = A_step
    Q = process_noise_covariance(A, Pinf)

    dare_init = Pinf
    Pdare = dare_loop(A, H, Q, noise_cov_tied, dare_init, BN_DARE_ITERS)

    S = H @ Pdare @ H.T + noise_cov_tied
    K = Pdare @ solve(S, H).T
    HA = H @ A

    Ss = jnp.tile(S, [N, 1, 1])
    Ks = jnp.tile(K, [N, 1, 1])
    AKHAs = jnp.tile(A - K @ HA, [N, 1, 1])

    Kys = Ks @ y
    cov = Pdare - K @ H @ Pdare
    return AKHAs, HA, Kys, Ss, minf, Pdare, cov


def _kf_ih_twin(A_step, Pinf, H, y, noise_cov_tied):
    mask = jnp.zeros_like(y, dtype=bool)
    AKHAs, HA, Kys, Ss, minf, Pdare, cov = _kf_ih_prepare(A_step, Pinf, H, y, noise_cov_tied, dare)

    def body(carry, inputs):
        y, AKHA, Ky, S, mask = inputs
        m, ell = carry

        obs_mean = HA @ m

        ell_n = mvn_logpdf(y, obs_mean, S, mask)
        ell = ell + ell_n

        m = AKHA @ m + Ky

        return (m, ell), m

    (_, loglik), (fms) = lax.scan(f=body, init=(minf, 0.), xs=(y, AKHAs, Kys, Ss, mask))
    return loglik, (fms, (Pdare, cov))


def _kf_ih_args():
    As, Pinf, H, y, _, _ = _kf_args()
    return As[1], Pinf, H, y, jnp.array([[0.15]])


@program(twin=_kf_ih_twin, args=_kf_ih_args, grad=(0, 3, 4), loss=lambda out: out[0], vmap=(None, None, None, 0, 0),
         rtol=1e-4,
         source=BAYESNEWTON.format("ops.py") + ", `kalman_filter_infinite_horizon` (heteroscedastic=False, "
         "parallel=False, mask=None: the steady-state covariance by `dare`'s 20-step scan, the stationary gain, then "
         "`_sequential_kf_ih`'s scan over the tiled gains accumulating the log-likelihood); the kernel object as its "
         "matrices; both scans as Python fors (dare's over range(num_iters), the filter's over range(N) by index)")
def bayesnewton_kf_infinite_horizon(A_step, Pinf, H, y, noise_cov_tied):
    mask = jnp.zeros_like(y, dtype=bool)

    def dare_loop(A, H, Q, R, Pinit, num_iters):
        X = Pinit
        for _ in range(num_iters):
            HX = H @ X
            S = HX @ H.T + R
            K = solve(S, HX).T
            X = A @ (X - K @ HX) @ A.T + Q
        return X

    AKHAs, HA, Kys, Ss, minf, Pdare, cov = _kf_ih_prepare(A_step, Pinf, H, y, noise_cov_tied, dare_loop)

    m, ell = minf, 0.
    fms = []
    for n in range(y.shape[0]):
        obs_mean = HA @ m

        ell_n = mvn_logpdf(y[n], obs_mean, Ss[n], mask[n])
        ell = ell + ell_n

        m = AKHAs[n] @ m + Kys[n]
        fms.append(m)
    return ell, (jnp.stack(fms), (Pdare, cov))

