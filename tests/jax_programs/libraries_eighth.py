"""An eighth set of programs, from JAX repositories the corpus did not cite before: dynamiqs (its Wigner function by
QuTiP's Clenshaw summation, its Bloch-sphere coordinates, its Expm Schrodinger solver with a piecewise-constant
Hamiltonian), score_sde (Song et al.'s predictor-corrector samplers: the PC sampler with reverse diffusion and Langevin
correction, the PC inpainter with Euler-Maruyama and annealed Langevin dynamics, ancestral sampling, the PC
colorizer), EvoJAX (the simulation manager's rollout over the cart-pole swing-up task, PGPE with ClipUp, CMA-ES,
MAP-Elites, the flocking task, slime volleyball's ball physics), trax (the RL observation normalizer, causal FAVOR
attention's prefix sums), JAX-Fluids (the level-set reinitialization to steady state) and Haiku (the character RNN
example's sampler), each written with Python control flow over traced values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``scan``, ``fori_loop``, ``cond``, ``select``)
or ``jnp.where``; ``plain`` is that loop or branch written with Python ``for``/``while``/``if``/``break``/``continue``
(where the library has a Python loop of its own, EvoJAX's ``use_for_loop`` rollout, CMA-ES's rank-mu sum or trax's
normalizer, that loop), the twin is the library's code. The maths is the library's, adapted only in calling
convention: arrays and tuples instead of ``QArray``\\ s, ``TimeQArray``\\ s, ``flax`` dataclass states, NamedTuples,
SDE, predictor, corrector, particle and Haiku module objects and class attributes; settings as constants; a fixed
model where the library takes a network or a task (the exact score of Gaussian data for score_sde's score model, a
linear tanh policy for EvoJAX's policy network, a fixed fitness, an LSTM with given weights); ``jax.jit``,
``jax.pmap`` and ``jnp.vectorize`` around helpers, ``pmean`` over devices and logging are left out. Registered into
``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_seventh``).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random

from jax_programs.programs import program

DYNAMIQS = "dynamiqs/dynamiqs@c3bf2151ec8f855a624c1174773b6405b2732252 (Apache-2.0) dynamiqs/{}"
SCORE_SDE = "yang-song/score_sde@0acb9e0ea3b8cccd935068cd9c657318fbc6ce4c (Apache-2.0) {}"
EVOJAX = "google/evojax@acf5252475e4fbf47e0e3f7994c03de11dd3c4ca (Apache-2.0) evojax/{}"
TRAX = "google/trax@7c189c2c3a37851df7fc641b322a99bbe9f8aa10 (Apache-2.0) trax/{}"
JAXFLUIDS = "tumaer/JAXFLUIDS@70dbc0a6a39854c6f88bda1b154dc7eb28175269 (MIT) src/jaxfluids/{}"
HAIKU = "google-deepmind/dm-haiku@f4d858a5cbb29140855d68f81f5fd625e078a5ae (Apache-2.0) {}"


# --- dynamiqs/dynamiqs: the Wigner function (Clenshaw summation), Bloch coordinates ---------------------------------

def _diag_element(mat, diag, element):
    r"""Return the element of a matrix `mat` at `jnp.diag(mat, diag)[element]`.
    This function is jittable for `diag` while it is not for the `jnp.diag` version.
    """
    assert mat.shape[0] == mat.shape[1], 'Matrix must be square.'
    n = mat.shape[0]
    element = jax.lax.select(element < 0, n - jnp.abs(diag) - jnp.abs(element), element)
    return mat[jnp.maximum(-diag, 0) + element, jnp.maximum(diag, 0) + element]


def _laguerre_series_twin(i, x, rho, n):
    r"""Evaluate a polynomial series of the form `$\sum_n c_n L_n^i$` where `$L_n$` is
    such that `$L_n^i = (-1)^n \sqrt(i!n!/(i+n)!) LaguerreL[n,i,x]$`.
    """

    def n_1():
        return _diag_element(rho, i, 0) * jnp.ones_like(x)

    def n_2():
        c0 = _diag_element(rho, i, 0)
        c1 = _diag_element(rho, i, 1)
        return (c0 - c1 * (i + 1 - x) * (i + 1) ** (-0.5)) * jnp.ones_like(x)

    def n_other():
        cm2 = _diag_element(rho, i, -2)
        cm1 = _diag_element(rho, i, -1)
        y0 = cm2 * jnp.ones_like(x)
        y1 = cm1 * jnp.ones_like(x)

        def loop(j, args):
            def body():
                k = n + 1 - i - j
                y0, y1 = args
                ckm1 = _diag_element(rho, i, -j)
                y0, y1 = (
                    ckm1 - y1 * (k * (i + k) / ((i + k + 1) * (k + 1))) ** 0.5,
                    y0 - y1 * (i + 2 * k - x + 1) * ((i + k + 1) * (k + 1)) ** -0.5,
                )

                return y0, y1

            return lax.cond(j >= n + 1 - i, lambda: args, body)

        y0, y1 = lax.fori_loop(3, n + 1, loop, (y0, y1))

        return y0 - y1 * (i + 1 - x) * (i + 1) ** (-0.5)

    return lax.cond(n - i == 1, n_1, lambda: lax.cond(n - i == 2, n_2, n_other))


def _wigner_twin(state, xvec, yvec, g=2.0):
    """Compute the wigner distribution of a density matrix using the iterative method
    of QuTiP based on the Clenshaw summation algorithm.
    """
    n = state.shape[-1]

    x, p = jnp.meshgrid(xvec, yvec, indexing='ij')
    a = 0.5 * g * (x + 1.0j * p)
    a2 = jnp.abs(a) ** 2

    w = 2 * state[0, -1] * jnp.ones_like(a)
    state = state * (2 * jnp.ones((n, n)) - jnp.eye(n))

    def loop(i, w):
        i = n - 2 - i
        w = w * (2 * a * (i + 1) ** (-0.5))
        return w + _laguerre_series_twin(i, 4 * a2, state, n)

    w = lax.fori_loop(0, n - 1, loop, w)

    return w.real * jnp.exp(-2 * a2) * 0.5 * g**2 / jnp.pi


def _laguerre_series(i, x, rho, n):
    if n - i == 1:
        return _diag_element(rho, i, 0) * jnp.ones_like(x)
    elif n - i == 2:
        c0 = _diag_element(rho, i, 0)
        c1 = _diag_element(rho, i, 1)
        return (c0 - c1 * (i + 1 - x) * (i + 1) ** (-0.5)) * jnp.ones_like(x)
    else:
        cm2 = _diag_element(rho, i, -2)
        cm1 = _diag_element(rho, i, -1)
        y0 = cm2 * jnp.ones_like(x)
        y1 = cm1 * jnp.ones_like(x)
        for j in range(3, n + 1):
            if j >= n + 1 - i:
                continue
            k = n + 1 - i - j
            ckm1 = _diag_element(rho, i, -j)
            y0, y1 = (
                ckm1 - y1 * (k * (i + k) / ((i + k + 1) * (k + 1))) ** 0.5,
                y0 - y1 * (i + 2 * k - x + 1) * ((i + k + 1) * (k + 1)) ** -0.5,
            )
        return y0 - y1 * (i + 1 - x) * (i + 1) ** (-0.5)


def _wigner_args():
    k1, k2 = random.split(random.key(81))
    psi = random.normal(k1, (5, 2)) @ jnp.array([1.0, 1.0j])
    psi = psi / jnp.linalg.norm(psi)
    noise = random.normal(k2, (5, 5))
    rho = 0.8 * jnp.outer(psi, psi.conj()) + 0.2 * (noise @ noise.T) / jnp.trace(noise @ noise.T)
    return rho.astype(jnp.complex64), jnp.linspace(-2.0, 2.0, 7), jnp.linspace(-1.5, 1.5, 6)


@program(twin=_wigner_twin, args=_wigner_args, vmap=(0, None, None), rtol=1e-4,
         source=DYNAMIQS.format("utils/wigner_utils.py") + ", `_wigner` and `_laguerre_series` (QuTiP's iterative "
         "Wigner function by Clenshaw summation: a lax.fori_loop down the diagonals, each adding a Laguerre series "
         "chosen by nested lax.conds on n - i, the general one a lax.fori_loop whose body is a lax.cond skipping "
         "j >= n + 1 - i), g=2 (hbar=0.5), one density matrix (no jnp.vectorize); the fori_loops for over range, "
         "the outer one reassigning its index as the source's body does, the conds if/elif/else and `continue`")
def dynamiqs_wigner(state, xvec, yvec, g=2.0):
    n = state.shape[-1]
    x, p = jnp.meshgrid(xvec, yvec, indexing='ij')
    a = 0.5 * g * (x + 1.0j * p)
    a2 = jnp.abs(a) ** 2
    w = 2 * state[0, -1] * jnp.ones_like(a)
    state = state * (2 * jnp.ones((n, n)) - jnp.eye(n))
    for i in range(n - 1):
        i = n - 2 - i
        w = w * (2 * a * (i + 1) ** (-0.5))
        w = w + _laguerre_series(i, 4 * a2, state, n)
    return w.real * jnp.exp(-2 * a2) * 0.5 * g**2 / jnp.pi


def _bloch_coordinates_twin(x):
    if x.shape[-1] == 1:  # isket(x)
        # Quick derivation: x = a |0> + b |1> with a = ra e^{i ta} and b = rb e^{i tb},
        # where ra^2 + rb^2 = 1. The state remains unchanged by a phase factor, so
        # e^{-i ta} x = ra |0> + rb e^{i (tb - ta)} |1>
        #             = cos(theta/2) |0> + e^{i phi} sin(theta/2) |1>
        # with theta = 2 * acos(ra) and phi = tb - ta (if rb != 0 else 0)
        a, b = x[:, 0]
        ra, ta = jnp.abs(a), jnp.angle(a)
        rb, tb = jnp.abs(b), jnp.angle(b)
        r = 1  # for a pure state
        theta = 2 * jnp.acos(ra)
        phi = jax.lax.select(rb != 0, tb - ta, 0.0)
    else:  # isdm(x)
        # cartesian coordinates
        # see https://en.wikipedia.org/wiki/Bloch_sphere#u,_v,_w_representation
        rx = 2 * x[0, 1].real
        ry = 2 * x[1, 0].imag
        rz = (x[0, 0] - x[1, 1]).real

        # spherical coordinates
        r = jnp.linalg.norm(jnp.array([rx, ry, rz]))
        theta = jax.lax.select(r == 0, 0.0, jnp.arccos(rz / r))
        phi = jax.lax.select(r == 0, 0.0, jnp.arctan2(ry, rx))

    # map phi to [0, 2pi[
    phi = phi % (2 * jnp.pi)

    return jnp.array([r, theta, phi])


def _bloch_plain(x):
    if x.shape[-1] == 1:  # isket(x)
        a, b = x[:, 0]
        ra, ta = jnp.abs(a), jnp.angle(a)
        rb, tb = jnp.abs(b), jnp.angle(b)
        r = 1  # for a pure state
        theta = 2 * jnp.acos(ra)
        if rb != 0:
            phi = tb - ta
        else:
            phi = 0.0
    else:  # isdm(x)
        rx = 2 * x[0, 1].real
        ry = 2 * x[1, 0].imag
        rz = (x[0, 0] - x[1, 1]).real
        r = jnp.linalg.norm(jnp.array([rx, ry, rz]))
        if r == 0:
            theta = 0.0
            phi = 0.0
        else:
            theta = jnp.arccos(rz / r)
            phi = jnp.arctan2(ry, rx)
    phi = phi % (2 * jnp.pi)
    return jnp.array([r, theta, phi])


def _bloch_args():
    ket = jnp.array([[0.6], [0.8 * np.exp(0.7j)]], dtype=jnp.complex64)
    dm = jnp.array([[0.75, 0.2 - 0.1j], [0.2 + 0.1j, 0.25]], dtype=jnp.complex64)
    mixed = 0.5 * jnp.eye(2, dtype=jnp.complex64)
    return ket, dm, mixed


@program(twin=lambda ket, dm, mixed: tuple(_bloch_coordinates_twin(x) for x in (ket, dm, mixed)), args=_bloch_args,
         vmap=(None, 0, 0),
         source=DYNAMIQS.format("utils/general.py") + ", `bloch_coordinates` (a ket: phi by lax.select(rb != 0, ...); "
         "a density matrix: theta and phi by lax.selects on r == 0), for a ket, a density matrix and the fully mixed "
         "state (r = 0); the selects if/else")
def dynamiqs_bloch_coordinates(ket, dm, mixed):
    return _bloch_plain(ket), _bloch_plain(dm), _bloch_plain(mixed)



EXPM_H0 = [[0.5, 0.0], [0.0, -0.5]]  # sigma_z / 2
EXPM_H1 = [[0.0, 1.0], [1.0, 0.0]]  # sigma_x
EXPM_PWC_TIMES = [0.0, 0.3, 0.7, 1.2]


def _pwc_prefactor_twin(times, values, t):
    # PWCTimeQArray._prefactor (TimeQArray._prefactor with no tstart/tend: 1)
    zero = jnp.zeros_like(values[..., 0])  # (...)

    idx = jnp.searchsorted(times, t, side='right') - 1
    pwc = values[..., idx]  # (...)

    pwc_prefactor = jax.lax.select(
        (t < times[0]) | (t >= times[-1]), zero, pwc
    )

    return jax.lax.select(False, jnp.array(0), jnp.array(1)) * pwc_prefactor


def _sesolve_expm_twin(values, psi0, tsave):
    # ExpmIntegrator.run for sesolve (SEExpmIntegrator.generator: -1j * H(t)), H = H0 + pwc(times, values, H1), the
    # states and <sigma_z> saved (SolveSaveMixin.save, expect)
    times_pwc = jnp.asarray(EXPM_PWC_TIMES)
    H0, H1 = jnp.asarray(EXPM_H0, jnp.complex64), jnp.asarray(EXPM_H1, jnp.complex64)
    t0, t1 = tsave[0], tsave[-1]

    def generator(t):
        return -1j * (H0 + _pwc_prefactor_twin(times_pwc, values, t) * H1)

    # === find all times at which to stop in [t0, t1]
    disc_ts = times_pwc
    disc_ts = disc_ts.clip(t0, t1)
    times = jnp.sort(jnp.concatenate((jnp.asarray([t0]), tsave, disc_ts)))  # (ntimes,)

    # === compute time differences (null for times outside [t0, t1])
    delta_ts = jnp.diff(times)  # (ntimes-1,)

    # === batch-compute the propagators $e^{\Delta t A}$ on each time interval
    As = jax.vmap(generator)(times[:-1])  # (ntimes-1, N, N)
    step_propagators = jax.scipy.linalg.expm(delta_ts[:, None, None] * As)  # (ntimes-1, N, N)

    # === combine the propagators together
    def step(carry, x):
        # note the ordering x @ carry: we accumulate propagators from the left
        x_next = x @ carry
        return x_next, (x_next, (x_next.conj().T @ (2 * H0) @ x_next).real)

    ylast, saved = jax.lax.scan(step, psi0, step_propagators)

    # === save the propagators
    # extract propagators at the save times ts
    t_idxs = jnp.searchsorted(times[1:], tsave)  # (nts,)
    saved = jax.tree.map(lambda x: x[t_idxs], saved)
    nsteps = (delta_ts != 0).sum()
    return saved, nsteps


def _sesolve_expm_args():
    return jnp.array([1.0, -0.5, 2.0]), jnp.array([[1.0], [0.0]], jnp.complex64), jnp.linspace(0.0, 1.5, 6)


@program(twin=_sesolve_expm_twin, args=_sesolve_expm_args, jvp=(0,), vmap=(0, None, None), rtol=1e-4,
         source=DYNAMIQS.format("integrators/core/expm_integrator.py") + ", `ExpmIntegrator.run` for `sesolve` with "
         "method Expm (the stop times sorted, the propagators expm(dt A) of the generator vmapped over them, a "
         "lax.scan multiplying them from the left and saving each state) and time_qarray.py's "
         "`PWCTimeQArray._prefactor` (a lax.select zeroing the value outside the pieces), H = sigma_z/2 + "
         "pwc([0, 0.3, 0.7, 1.2], values) sigma_x, the states and <sigma_z> saved at 6 times; the select an if/else "
         "on an `or`, the vmap a for appending the generators, the scan a for over the propagators")
def dynamiqs_sesolve_expm(values, psi0, tsave):
    times_pwc = jnp.asarray(EXPM_PWC_TIMES)
    H0, H1 = jnp.asarray(EXPM_H0, jnp.complex64), jnp.asarray(EXPM_H1, jnp.complex64)
    t0, t1 = tsave[0], tsave[-1]
    disc_ts = times_pwc.clip(t0, t1)
    times = jnp.sort(jnp.concatenate((jnp.asarray([t0]), tsave, disc_ts)))
    delta_ts = jnp.diff(times)
    As = []
    for t in times[:-1]:
        idx = jnp.searchsorted(times_pwc, t, side='right') - 1
        if t < times_pwc[0] or t >= times_pwc[-1]:
            prefactor = jnp.zeros_like(values[..., 0])
        else:
            prefactor = values[..., idx]
        As.append(-1j * (H0 + prefactor * H1))
    step_propagators = jax.scipy.linalg.expm(delta_ts[:, None, None] * jnp.stack(As))
    y = psi0
    states, expects = [], []
    for x in step_propagators:
        y = x @ y
        states.append(y)
        expects.append((y.conj().T @ (2 * H0) @ y).real)
    t_idxs = jnp.searchsorted(times[1:], tsave)
    return (jnp.stack(states)[t_idxs], jnp.stack(expects)[t_idxs]), (delta_ts != 0).sum()


# --- yang-song/score_sde: predictor-corrector samplers ---------------------------------------------------------------

SDE_N = 12
SDE_T = 1
SDE_EPS = 1e-3
SDE_SHAPE = (2, 3, 3, 1)
VE_SIGMA_MIN, VE_SIGMA_MAX = 0.01, 50.0
VP_BETA_MIN, VP_BETA_MAX = 0.1, 20.0
SNR = 0.16
CORRECTOR_STEPS = 2
DATA_VAR = 0.25  # the data: N(0, DATA_VAR I), whose perturbed score is exact (the fixed score model)


def batch_mul(a, b):
    # utils.py
    return jax.vmap(lambda a, b: a * b)(a, b)


def _ve_discrete_sigmas():
    return jnp.exp(np.linspace(np.log(VE_SIGMA_MIN), np.log(VE_SIGMA_MAX), SDE_N))


def _ve_sde(x, t):
    sigma = VE_SIGMA_MIN * (VE_SIGMA_MAX / VE_SIGMA_MIN) ** t
    drift = jnp.zeros_like(x)
    diffusion = sigma * jnp.sqrt(2 * (jnp.log(VE_SIGMA_MAX) - jnp.log(VE_SIGMA_MIN)))
    return drift, diffusion


def _ve_marginal_prob(x, t):
    std = VE_SIGMA_MIN * (VE_SIGMA_MAX / VE_SIGMA_MIN) ** t
    mean = x
    return mean, std


def _ve_prior_sampling(rng, shape):
    return jax.random.normal(rng, shape) * VE_SIGMA_MAX


def _ve_discretize(x, t):
    """SMLD(NCSN) discretization."""
    timestep = (t * (SDE_N - 1) / SDE_T).astype(jnp.int32)
    sigma = _ve_discrete_sigmas()[timestep]
    adjacent_sigma = jnp.where(timestep == 0, jnp.zeros_like(timestep), _ve_discrete_sigmas()[timestep - 1])
    f = jnp.zeros_like(x)
    G = jnp.sqrt(sigma ** 2 - adjacent_sigma ** 2)
    return f, G


def _ve_score(x, t):
    # the score model: the exact score of N(0, DATA_VAR I) data perturbed by the VE SDE
    std = _ve_marginal_prob(x, t)[1]
    return batch_mul(-1.0 / (DATA_VAR + std ** 2), x)


def _vp_discrete_betas():
    return jnp.linspace(VP_BETA_MIN / SDE_N, VP_BETA_MAX / SDE_N, SDE_N)


def _vp_sde(x, t):
    beta_t = VP_BETA_MIN + t * (VP_BETA_MAX - VP_BETA_MIN)
    drift = -0.5 * batch_mul(beta_t, x)
    diffusion = jnp.sqrt(beta_t)
    return drift, diffusion


def _vp_marginal_prob(x, t):
    log_mean_coeff = -0.25 * t ** 2 * (VP_BETA_MAX - VP_BETA_MIN) - 0.5 * t * VP_BETA_MIN
    mean = batch_mul(jnp.exp(log_mean_coeff), x)
    std = jnp.sqrt(1 - jnp.exp(2. * log_mean_coeff))
    return mean, std


def _vp_score(x, t):
    # the score model: the exact score of N(0, DATA_VAR I) data perturbed by the VP SDE
    log_mean_coeff = -0.25 * t ** 2 * (VP_BETA_MAX - VP_BETA_MIN) - 0.5 * t * VP_BETA_MIN
    std = _vp_marginal_prob(x, t)[1]
    return batch_mul(-1.0 / (jnp.exp(2. * log_mean_coeff) * DATA_VAR + std ** 2), x)


def _reverse_diffusion_predictor(rng, x, t):
    # ReverseDiffusionPredictor.update_fn with the VE SDE's reverse (RSDE.discretize, probability_flow=False)
    f, G = _ve_discretize(x, t)
    rev_f = f - batch_mul(G ** 2, _ve_score(x, t) * 1.)
    rev_G = G
    z = random.normal(rng, x.shape)
    x_mean = x - rev_f
    x = x_mean + batch_mul(rev_G, z)
    return x, x_mean


def _langevin_corrector_twin(rng, x, t):
    # LangevinCorrector.update_fn for the VE SDE (alpha = 1)
    score_fn = _ve_score
    n_steps = CORRECTOR_STEPS
    target_snr = SNR
    alpha = jnp.ones_like(t)

    def loop_body(step, val):
        rng, x, x_mean = val
        grad = score_fn(x, t)
        rng, step_rng = jax.random.split(rng)
        noise = jax.random.normal(step_rng, x.shape)
        grad_norm = jnp.linalg.norm(
            grad.reshape((grad.shape[0], -1)), axis=-1).mean()
        noise_norm = jnp.linalg.norm(
            noise.reshape((noise.shape[0], -1)), axis=-1).mean()
        step_size = (target_snr * noise_norm / grad_norm) ** 2 * 2 * alpha
        x_mean = x + batch_mul(step_size, grad)
        x = x_mean + batch_mul(noise, jnp.sqrt(step_size * 2))
        return rng, x, x_mean

    _, x, x_mean = jax.lax.fori_loop(0, n_steps, loop_body, (rng, x, x))
    return x, x_mean


def _langevin_corrector(rng, x, t):
    alpha = jnp.ones_like(t)
    x_mean = x
    for step in range(CORRECTOR_STEPS):
        grad = _ve_score(x, t)
        rng, step_rng = jax.random.split(rng)
        noise = jax.random.normal(step_rng, x.shape)
        grad_norm = jnp.linalg.norm(grad.reshape((grad.shape[0], -1)), axis=-1).mean()
        noise_norm = jnp.linalg.norm(noise.reshape((noise.shape[0], -1)), axis=-1).mean()
        step_size = (SNR * noise_norm / grad_norm) ** 2 * 2 * alpha
        x_mean = x + batch_mul(step_size, grad)
        x = x_mean + batch_mul(noise, jnp.sqrt(step_size * 2))
    return x, x_mean


def _pc_sampler_twin(rng):
    shape = SDE_SHAPE
    # Initial sample
    rng, step_rng = random.split(rng)
    x = _ve_prior_sampling(step_rng, shape)
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)

    def loop_body(i, val):
        rng, x, x_mean = val
        t = timesteps[i]
        vec_t = jnp.ones(shape[0]) * t
        rng, step_rng = random.split(rng)
        x, x_mean = _langevin_corrector_twin(step_rng, x, vec_t)
        rng, step_rng = random.split(rng)
        x, x_mean = _reverse_diffusion_predictor(step_rng, x, vec_t)
        return rng, x, x_mean

    _, x, x_mean = jax.lax.fori_loop(0, SDE_N, loop_body, (rng, x, x))
    # Denoising is equivalent to running one predictor step without adding noise.
    return x_mean  # inverse_scaler(x_mean if denoise else x), data not centered


@program(twin=_pc_sampler_twin, args=lambda: (random.PRNGKey(82),), vmap=(0,), rtol=1e-4,
         source=SCORE_SDE.format("sampling.py") + ", `get_pc_sampler`'s `pc_sampler` (a lax.fori_loop over the "
         "N time steps, each a `LangevinCorrector.update_fn`, itself a lax.fori_loop of n_steps Langevin steps with "
         "the signal-to-noise step size, then a `ReverseDiffusionPredictor.update_fn`) with sde_lib.py's `VESDE` "
         "(N=12, `discretize`'s jnp.where kept, the reverse SDE) and utils.py's `batch_mul`, snr=0.16, n_steps=2, "
         "denoise, no pmap/pmean; both fori_loops for over range")
def score_sde_pc_sampler(rng):
    rng, step_rng = random.split(rng)
    x = _ve_prior_sampling(step_rng, SDE_SHAPE)
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)
    x_mean = x
    for i in range(SDE_N):
        t = timesteps[i]
        vec_t = jnp.ones(SDE_SHAPE[0]) * t
        rng, step_rng = random.split(rng)
        x, x_mean = _langevin_corrector(step_rng, x, vec_t)
        rng, step_rng = random.split(rng)
        x, x_mean = _reverse_diffusion_predictor(step_rng, x, vec_t)
    return x_mean


def _euler_maruyama_predictor(rng, x, t):
    # EulerMaruyamaPredictor.update_fn with the VP SDE's reverse (RSDE.sde, probability_flow=False)
    dt = -1. / SDE_N
    z = random.normal(rng, x.shape)
    drift, diffusion = _vp_sde(x, t)
    score = _vp_score(x, t)
    drift = drift - batch_mul(diffusion ** 2, score * 1.)
    x_mean = x + drift * dt
    x = x_mean + batch_mul(diffusion, jnp.sqrt(-dt) * z)
    return x, x_mean


def _ald_twin(rng, x, t):
    # AnnealedLangevinDynamics.update_fn for the VP SDE
    score_fn = _vp_score
    n_steps = CORRECTOR_STEPS
    target_snr = SNR
    timestep = (t * (SDE_N - 1) / SDE_T).astype(jnp.int32)
    alpha = (1. - _vp_discrete_betas())[timestep]

    std = _vp_marginal_prob(x, t)[1]

    def loop_body(step, val):
        rng, x, x_mean = val
        grad = score_fn(x, t)
        rng, step_rng = jax.random.split(rng)
        noise = jax.random.normal(step_rng, x.shape)
        step_size = (target_snr * std) ** 2 * 2 * alpha
        x_mean = x + batch_mul(step_size, grad)
        x = x_mean + batch_mul(noise, jnp.sqrt(step_size * 2))
        return rng, x, x_mean

    _, x, x_mean = jax.lax.fori_loop(0, n_steps, loop_body, (rng, x, x))
    return x, x_mean


def _ald(rng, x, t):
    timestep = (t * (SDE_N - 1) / SDE_T).astype(jnp.int32)
    alpha = (1. - _vp_discrete_betas())[timestep]
    std = _vp_marginal_prob(x, t)[1]
    x_mean = x
    for step in range(CORRECTOR_STEPS):
        grad = _vp_score(x, t)
        rng, step_rng = jax.random.split(rng)
        noise = jax.random.normal(step_rng, x.shape)
        step_size = (SNR * std) ** 2 * 2 * alpha
        x_mean = x + batch_mul(step_size, grad)
        x = x_mean + batch_mul(noise, jnp.sqrt(step_size * 2))
    return x, x_mean


def _inpaint_update_fn(update_fn, rng, data, mask, x, t):
    # controllable_generation.py, `get_inpaint_update_fn`'s `inpaint_update_fn` (the VP SDE's marginal)
    rng, step_rng = jax.random.split(rng)
    vec_t = jnp.ones(data.shape[0]) * t
    x, x_mean = update_fn(step_rng, x, vec_t)
    masked_data_mean, std = _vp_marginal_prob(data, vec_t)
    masked_data = masked_data_mean + batch_mul(jax.random.normal(rng, x.shape), std)
    x = x * (1. - mask) + masked_data * mask
    x_mean = x * (1. - mask) + masked_data_mean * mask
    return x, x_mean


def _pc_inpainter_twin(rng, data, mask):
    rng, step_rng = random.split(rng)
    x = data * mask + jax.random.normal(step_rng, data.shape) * (1. - mask)
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)

    def loop_body(i, val):
        rng, x, x_mean = val
        t = timesteps[i]
        rng, step_rng = random.split(rng)
        x, x_mean = _inpaint_update_fn(_ald_twin, step_rng, data, mask, x, t)
        rng, step_rng = random.split(rng)
        x, x_mean = _inpaint_update_fn(_euler_maruyama_predictor, step_rng, data, mask, x, t)
        return rng, x, x_mean

    _, x, x_mean = jax.lax.fori_loop(0, SDE_N, loop_body, (rng, x, x))
    return x_mean


def _inpainter_args():
    data = jnp.sin(jnp.arange(18.0)).reshape(SDE_SHAPE) * 0.5
    mask = (jnp.arange(18) % 3 != 0).astype(jnp.float32).reshape(SDE_SHAPE)
    return random.PRNGKey(83), data, mask


@program(twin=_pc_inpainter_twin, args=_inpainter_args, grad=(1,), loss=lambda out: jnp.sum(out ** 2),
         vmap=(None, 0, None), rtol=1e-4,
         source=SCORE_SDE.format("controllable_generation.py") + ", `get_pc_inpainter`'s `pc_inpainter` (a "
         "lax.fori_loop over the N time steps, each an inpainting `AnnealedLangevinDynamics.update_fn` (a "
         "lax.fori_loop of n_steps) then an inpainting `EulerMaruyamaPredictor.update_fn`, the known pixels reset to "
         "the noised data) with sde_lib.py's `VPSDE` (N=12, the reverse SDE), snr=0.16, n_steps=2, denoise, no "
         "pmap/pmean; both fori_loops for over range")
def score_sde_pc_inpainter(rng, data, mask):
    rng, step_rng = random.split(rng)
    x = data * mask + jax.random.normal(step_rng, data.shape) * (1. - mask)
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)
    x_mean = x
    for i in range(SDE_N):
        t = timesteps[i]
        rng, step_rng = random.split(rng)
        x, x_mean = _inpaint_update_fn(_ald, step_rng, data, mask, x, t)
        rng, step_rng = random.split(rng)
        x, x_mean = _inpaint_update_fn(_euler_maruyama_predictor, step_rng, data, mask, x, t)
    return x_mean


def _ancestral_sampler_twin(rng):
    shape = SDE_SHAPE
    rng, step_rng = random.split(rng)
    x = _ve_prior_sampling(step_rng, shape)
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)

    def vesde_update_fn(rng, x, t):
        # AncestralSamplingPredictor.vesde_update_fn
        timestep = (t * (SDE_N - 1) / SDE_T).astype(jnp.int32)
        sigma = _ve_discrete_sigmas()[timestep]
        adjacent_sigma = jnp.where(timestep == 0, jnp.zeros(t.shape), _ve_discrete_sigmas()[timestep - 1])
        score = _ve_score(x, t)
        x_mean = x + batch_mul(score, sigma ** 2 - adjacent_sigma ** 2)
        std = jnp.sqrt((adjacent_sigma ** 2 * (sigma ** 2 - adjacent_sigma ** 2)) / (sigma ** 2))
        noise = random.normal(rng, x.shape)
        x = x_mean + batch_mul(std, noise)
        return x, x_mean

    def loop_body(i, val):
        rng, x, x_mean = val
        t = timesteps[i]
        vec_t = jnp.ones(shape[0]) * t
        rng, step_rng = random.split(rng)
        x, x_mean = x, x  # NoneCorrector
        rng, step_rng = random.split(rng)
        x, x_mean = vesde_update_fn(step_rng, x, vec_t)
        return rng, x, x_mean

    _, x, x_mean = jax.lax.fori_loop(0, SDE_N, loop_body, (rng, x, x))
    return x_mean


@program(twin=_ancestral_sampler_twin, args=lambda: (random.PRNGKey(84),), vmap=(0,), rtol=1e-4,
         source=SCORE_SDE.format("sampling.py") + ", `get_pc_sampler`'s `pc_sampler` with predictor "
         "`AncestralSamplingPredictor` (`vesde_update_fn`: the adjacent noise level by jnp.where(timestep == 0, "
         "0, ...)) and corrector `NoneCorrector`, the `VESDE` (N=12), denoise, no pmap; the fori_loop a for over "
         "range, the predictor on the scalar time (the sampler's vec_t holds one time for the whole batch) with the "
         "where an if/else")
def score_sde_ancestral_sampler(rng):
    rng, step_rng = random.split(rng)
    x = _ve_prior_sampling(step_rng, SDE_SHAPE)
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)
    x_mean = x
    for i in range(SDE_N):
        t = timesteps[i]
        rng, step_rng = random.split(rng)
        x, x_mean = x, x  # NoneCorrector
        rng, step_rng = random.split(rng)
        timestep = (t * (SDE_N - 1) / SDE_T).astype(jnp.int32)
        sigma = _ve_discrete_sigmas()[timestep]
        if timestep == 0:
            adjacent_sigma = 0.0
        else:
            adjacent_sigma = _ve_discrete_sigmas()[timestep - 1]
        score = _ve_score(x, jnp.ones(SDE_SHAPE[0]) * t)
        x_mean = x + score * (sigma ** 2 - adjacent_sigma ** 2)
        std = jnp.sqrt((adjacent_sigma ** 2 * (sigma ** 2 - adjacent_sigma ** 2)) / (sigma ** 2))
        noise = random.normal(step_rng, x.shape)
        x = x_mean + std * noise
    return x_mean



COLORIZER_M = [[5.7735014e-01, -8.1649649e-01, 4.7008697e-08],
               [5.7735026e-01, 4.0824834e-01, 7.0710671e-01],
               [5.7735026e-01, 4.0824822e-01, -7.0710683e-01]]


def _decouple(inputs):
    return jnp.einsum('BHWi,ij->BHWj', inputs, jnp.asarray(COLORIZER_M))


def _couple(inputs):
    return jnp.einsum('BHWi,ij->BHWj', inputs, jnp.linalg.inv(jnp.asarray(COLORIZER_M)))


def _get_mask(image):
    mask = jnp.concatenate([jnp.ones_like(image[..., :1]),
                            jnp.zeros_like(image[..., 1:])], axis=-1)
    return mask


def _colorization_update_fn(update_fn, rng, gray_scale_img, x, t):
    # controllable_generation.py, `get_colorization_update_fn`'s `colorization_update_fn` (the VE SDE's marginal)
    mask = _get_mask(x)
    rng, step_rng = jax.random.split(rng)
    vec_t = jnp.ones(x.shape[0]) * t
    x, x_mean = update_fn(step_rng, x, vec_t)
    masked_data_mean, std = _ve_marginal_prob(_decouple(gray_scale_img), vec_t)
    masked_data = masked_data_mean + batch_mul(jax.random.normal(rng, x.shape), std)
    x = _couple(_decouple(x) * (1. - mask) + masked_data * mask)
    x_mean = _couple(_decouple(x) * (1. - mask) + masked_data_mean * mask)
    return x, x_mean


def _pc_colorizer_twin(rng, gray_scale_img):
    shape = gray_scale_img.shape
    mask = _get_mask(gray_scale_img)
    rng, step_rng = random.split(rng)
    x = _couple(_decouple(gray_scale_img) * mask +
                _decouple(_ve_prior_sampling(step_rng, shape) * (1. - mask)))
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)

    def loop_body(i, val):
        rng, x, x_mean = val
        t = timesteps[i]
        rng, step_rng = random.split(rng)
        x, x_mean = _colorization_update_fn(_langevin_corrector_twin, step_rng, gray_scale_img, x, t)
        rng, step_rng = random.split(rng)
        x, x_mean = _colorization_update_fn(_reverse_diffusion_predictor, step_rng, gray_scale_img, x, t)

        return rng, x, x_mean

    _, x, x_mean = jax.lax.fori_loop(0, SDE_N, loop_body, (rng, x, x))
    return x_mean


def _colorizer_args():
    gray = jnp.cos(jnp.arange(2 * 3 * 3.0)).reshape(2, 3, 3, 1) * 0.5
    return random.PRNGKey(91), jnp.repeat(gray, 3, axis=-1)


@program(twin=_pc_colorizer_twin, args=_colorizer_args, grad=(1,), loss=lambda out: jnp.sum(out ** 2),
         vmap=(None, 0), rtol=1e-4,
         source=SCORE_SDE.format("controllable_generation.py") + ", `get_pc_colorizer`'s `pc_colorizer` (a "
         "lax.fori_loop over the N time steps, each a colorizing `LangevinCorrector.update_fn` (a lax.fori_loop of "
         "n_steps) then a colorizing `ReverseDiffusionPredictor.update_fn`, the gray channel of the decoupled "
         "colour space reset to the noised image) with the `VESDE` (N=12), snr=0.16, n_steps=2, denoise, no "
         "pmap/pmean; both fori_loops for over range")
def score_sde_pc_colorizer(rng, gray_scale_img):
    shape = gray_scale_img.shape
    mask = _get_mask(gray_scale_img)
    rng, step_rng = random.split(rng)
    x = _couple(_decouple(gray_scale_img) * mask + _decouple(_ve_prior_sampling(step_rng, shape) * (1. - mask)))
    timesteps = jnp.linspace(SDE_T, SDE_EPS, SDE_N)
    x_mean = x
    for i in range(SDE_N):
        t = timesteps[i]
        rng, step_rng = random.split(rng)
        x, x_mean = _colorization_update_fn(_langevin_corrector, step_rng, gray_scale_img, x, t)
        rng, step_rng = random.split(rng)
        x, x_mean = _colorization_update_fn(_reverse_diffusion_predictor, step_rng, gray_scale_img, x, t)
    return x_mean


# --- google/evojax: the simulation manager's rollout (cart-pole swing-up), PGPE with ClipUp, CMA-ES, MAP-Elites, the
# flocking task ---------------------------------------------------------------------------------------------------

GRAVITY = 9.82
CART_MASS = 0.5
POLE_MASS = 0.5
POLE_LEN = 0.6
FRICTION = 0.1
FORCE_SCALING = 10.0
DELTA_T = 0.01
CART_X_LIMIT = 2.4
CARTPOLE_MAX_STEPS = 120
CARTPOLE_REPEATS = 2


def get_init_state_hard(key):
    # task/cartpole.py
    return (jnp.multiply(random.uniform(key, shape=(4,)) * 2 - 1,
                         jnp.array([CART_X_LIMIT, 10., jnp.pi / 2., 10.])) +
            jnp.array([0, 0, jnp.pi, 0]))


def get_obs(state):
    x, x_dot, theta, theta_dot = state
    return jnp.array([x, x_dot, jnp.cos(theta), jnp.sin(theta), theta_dot])


def get_reward(state):
    x, x_dot, theta, theta_dot = state
    reward_theta = (jnp.cos(theta) + 1.0) / 2.0
    reward_x = jnp.cos((x / CART_X_LIMIT) * (jnp.pi / 2.0))
    return reward_theta * reward_x


def update_state(action, state):
    action = jnp.clip(action, -1.0, 1.0)[0] * FORCE_SCALING
    x, x_dot, theta, theta_dot = state
    s = jnp.sin(theta)
    c = jnp.cos(theta)
    total_m = CART_MASS + POLE_MASS
    m_p_l = POLE_MASS * POLE_LEN
    x_dot_update = (
            (-2 * m_p_l * (theta_dot ** 2) * s +
             3 * POLE_MASS * GRAVITY * s * c +
             4 * action - 4 * FRICTION * x_dot) /
            (4 * total_m - 3 * POLE_MASS * c ** 2)
    )
    theta_dot_update = (
            (-3 * m_p_l * (theta_dot ** 2) * s * c +
             6 * total_m * GRAVITY * s +
             6 * (action - FRICTION * x_dot) * c) /
            (4 * POLE_LEN * total_m - 3 * m_p_l * c ** 2)
    )
    x = x + x_dot * DELTA_T
    theta = theta + theta_dot * DELTA_T
    x_dot = x_dot + x_dot_update * DELTA_T
    theta_dot = theta_dot + theta_dot_update * DELTA_T
    return jnp.array([x, x_dot, theta, theta_dot])


def out_of_screen(state):
    x = state[0]
    beyond_boundary_l = jnp.where(x < -CART_X_LIMIT, 1, 0)
    beyond_boundary_r = jnp.where(x > CART_X_LIMIT, 1, 0)
    return jnp.bitwise_or(beyond_boundary_l, beyond_boundary_r)


def _cartpole_reset(key):
    # CartPoleSwingUp(harder=True)'s reset_fn, the State (obs, state, steps, key) a tuple
    next_key, key = random.split(key)
    state = get_init_state_hard(key)
    return get_obs(state), state, jnp.zeros((), dtype=int), next_key


def _cartpole_step(task_state, action):
    # CartPoleSwingUp's step_fn
    _, state, steps, key = task_state
    cur_state = update_state(action=action, state=state)
    reward = get_reward(state=cur_state)
    steps = steps + 1
    done = jnp.bitwise_or(out_of_screen(cur_state), steps >= CARTPOLE_MAX_STEPS)
    steps = jnp.where(done, jnp.zeros((), jnp.int32), steps)
    next_key, key = random.split(key)
    cur_state = jax.lax.cond(
        done, lambda x: get_init_state_hard(key), lambda x: x, cur_state)
    return (get_obs(state=cur_state), cur_state, steps, next_key), reward, done


def _linear_policy(obs, params):
    # the policy network: one tanh layer without bias (MLPPolicy with no hidden layer)
    return jnp.tanh(jnp.sum(obs * params, axis=-1, keepdims=True))


def get_task_reset_keys(key, test, pop_size, n_tests, n_repeats, ma_training):
    # sim_mgr.py
    key, subkey = random.split(key=key)
    if ma_training:
        reset_keys = random.split(subkey, n_repeats)
    else:
        if test:
            reset_keys = random.split(subkey, n_tests * n_repeats)
        else:
            reset_keys = random.split(subkey, n_repeats)
            reset_keys = jnp.tile(reset_keys, (pop_size, 1))
    return key, reset_keys


def duplicate_params(params, repeats, ma_training):
    if ma_training:
        return jnp.tile(params, (repeats, ) + (1,) * (params.ndim - 1))
    else:
        return jnp.repeat(params, repeats=repeats, axis=0)


def update_score_and_mask(score, reward, mask, done):
    new_score = score + reward * mask
    new_mask = mask * (1 - done.ravel())
    return new_score, new_mask


def report_score(scores, n_repeats):
    return jnp.mean(scores.ravel().reshape((-1, n_repeats)), axis=-1)


def all_done(masks):
    return masks.sum() == 0


def _cartpole_rollout_twin(params, key):
    # SimManager._scan_loop_eval (one device, no obs normalization): `step_once` and `rollout`
    params = duplicate_params(params, CARTPOLE_REPEATS, False)
    key, reset_keys = get_task_reset_keys(key, False, params.shape[0] // CARTPOLE_REPEATS, 1, CARTPOLE_REPEATS,
                                          False)
    task_state = jax.vmap(_cartpole_reset)(reset_keys)

    def step_once(carry, input_data):
        (task_state, params, accumulated_reward, valid_mask) = carry
        org_obs = task_state[0]
        actions = _linear_policy(task_state[0], params)
        task_state, reward, done = jax.vmap(_cartpole_step)(task_state, actions)
        accumulated_reward = accumulated_reward + reward * valid_mask
        valid_mask = valid_mask * (1 - done.ravel())
        return ((task_state, params, accumulated_reward, valid_mask), (org_obs, valid_mask))

    accumulated_rewards = jnp.zeros(params.shape[0])
    valid_masks = jnp.ones(params.shape[0])
    ((task_states, params, accumulated_rewards, valid_masks), (obs_set, obs_mask)) = jax.lax.scan(
        step_once, (task_state, params, accumulated_rewards, valid_masks), (), CARTPOLE_MAX_STEPS)
    # the for-loop rollout's sim_steps: the valid masks summed over the steps
    return report_score(accumulated_rewards, CARTPOLE_REPEATS), obs_mask.sum(axis=0)


def _cartpole_args():
    params = jnp.array([[0.5, 4.0, 0.0, 0.0, 0.1], [1.0, 2.0, 0.5, -0.5, 0.0], [0.2, 6.0, -0.3, 0.0, 0.2]])
    return params, random.PRNGKey(85)


@program(twin=_cartpole_rollout_twin, args=_cartpole_args,
         source=EVOJAX.format("sim_mgr.py") + ", `SimManager._for_loop_eval` (the use_for_loop rollout: a Python "
         "for over max_steps that breaks once every task is done) against `_scan_loop_eval`'s `rollout` (a lax.scan "
         "of `step_once` over max_steps), with `get_task_reset_keys`, `duplicate_params`, `update_score_and_mask`, "
         "`report_score` and `all_done`, over task/cartpole.py's `CartPoleSwingUp(harder=True, max_steps=120)` "
         "(its step_fn's lax.cond resetting a finished cart kept, vmapped), a linear tanh policy, n_repeats=2; the "
         "for-loop form is the library's own, its `if all_done(...): break` over a traced mask")
def evojax_cartpole_rollout(params, key):
    params = duplicate_params(params, CARTPOLE_REPEATS, False)
    key, reset_keys = get_task_reset_keys(key, False, params.shape[0] // CARTPOLE_REPEATS, 1, CARTPOLE_REPEATS,
                                          False)
    task_state = jax.vmap(_cartpole_reset)(reset_keys)
    scores = jnp.zeros(params.shape[0])
    valid_mask = jnp.ones(params.shape[0])
    rollout_steps = 0
    sim_steps = 0
    for i in range(CARTPOLE_MAX_STEPS):
        actions = _linear_policy(task_state[0], params)
        task_state, reward, done = jax.vmap(_cartpole_step)(task_state, actions)
        scores, valid_mask = update_score_and_mask(scores, reward, valid_mask, done)
        rollout_steps += 1
        sim_steps = sim_steps + valid_mask
        if all_done(valid_mask):
            break
    return report_score(scores, CARTPOLE_REPEATS), sim_steps


PGPE_POP = 8
PGPE_GENERATIONS = 6
PGPE_CENTER_LR = 0.15
PGPE_STDEV_LR = 0.1
PGPE_INIT_STDEV = 0.1
PGPE_STDEV_MAX_CHANGE = 0.2
PGPE_DECAY_COEF = 0.9  # optimizer_config center_lr_decay_coef
PGPE_LR_DECAY_STEPS = 2  # optimizer_config center_lr_decay_steps
CLIPUP_MOMENTUM = 0.9
CLIPUP_MAX_SPEED = 0.15
CLIPUP_FIX_GRADIENT_SIZE = True


def process_scores(x, use_ranking):
    """Convert fitness scores to rank if necessary."""

    x = jnp.array(x)
    if use_ranking:
        ranks = jnp.zeros(x.size, dtype=int)
        ranks = ranks.at[x.argsort()].set(jnp.arange(x.size)).reshape(x.shape)
        return ranks / ranks.max() - 0.5
    else:
        return x


def compute_reinforce_update(fitness_scores, scaled_noises, stdev):
    """Compute the updates for the center and the standard deviation."""

    fitness_scores = fitness_scores.reshape((-1, 2))
    baseline = jnp.mean(fitness_scores)
    all_scores = (fitness_scores[:, 0] - fitness_scores[:, 1]).squeeze()
    all_avg_scores = fitness_scores.sum(axis=-1) / 2
    stdev_sq = stdev ** 2.0
    total_mu = scaled_noises * jnp.expand_dims(all_scores, axis=1) * 0.5
    total_sigma = (
        (jnp.expand_dims(all_avg_scores, axis=1) - baseline)
        * (scaled_noises ** 2 - jnp.expand_dims(stdev_sq, axis=0))
        / stdev
    )
    return total_mu.mean(axis=0), total_sigma.mean(axis=0)


def update_stdev(stdev, lr, grad, max_change):
    """Update (and clip) the standard deviation."""

    allowed_delta = jnp.abs(stdev) * max_change
    min_allowed = stdev - allowed_delta
    max_allowed = stdev + allowed_delta
    return jnp.clip(stdev + lr * grad, min_allowed, max_allowed)


def ask_func(key, stdev, center, num_directions, solution_size):
    """A function that samples a population of parameters from Gaussian."""

    next_key, key = random.split(key)
    scaled_noises = random.normal(key, [num_directions, solution_size]) * stdev
    solutions = jnp.hstack(
        [center + scaled_noises, center - scaled_noises]
    ).reshape(-1, solution_size)
    return next_key, scaled_noises, solutions


def _pgpe_fitness(solutions):
    # the task: a negated sphere centred at 1 (fitness is maximized)
    return -jnp.sum((solutions - 1.0) ** 2, axis=1)


def _clipup_twin(step_size, momentum=0.9, max_speed=0.15, fix_gradient_size=True):
    """Construct optimizer triple for ClipUp."""

    def init(x0):
        v0 = jnp.zeros_like(x0)
        return x0, v0

    def update(i, g, state):
        x, v = state
        g = jax.lax.cond(
            fix_gradient_size,
            lambda p: p / jnp.sqrt(jnp.sum(p * p)),
            lambda p: p,
            g,
        )
        step = g * step_size(i)
        v = momentum * v + step
        # Clip.
        length = jnp.sqrt(jnp.sum(v * v))
        v = jax.lax.cond(
            length > max_speed, lambda p: p * max_speed / length, lambda p: p, v
        )
        return x - v, v

    def get_params(state):
        x, _ = state
        return x

    return init, update, get_params


def _pgpe_twin(center, key):
    # PGPE(optimizer="clipup").ask/tell, PGPE_GENERATIONS times (a lax.fori_loop)
    opt_init, opt_update, get_params = _clipup_twin(
        step_size=lambda x: PGPE_CENTER_LR * jnp.power(PGPE_DECAY_COEF, x), momentum=CLIPUP_MOMENTUM,
        max_speed=CLIPUP_MAX_SPEED, fix_gradient_size=CLIPUP_FIX_GRADIENT_SIZE)

    def generation(t, carry):
        key, center, stdev, opt_state = carry
        key, scaled_noises, solutions = ask_func(key, stdev, center, PGPE_POP // 2, center.size)
        fitness_scores = process_scores(_pgpe_fitness(solutions), True)
        grad_center, grad_stdev = compute_reinforce_update(
            fitness_scores=fitness_scores, scaled_noises=scaled_noises, stdev=stdev)
        opt_state = opt_update(t // PGPE_LR_DECAY_STEPS, -grad_center, opt_state)
        center = get_params(opt_state)
        stdev = update_stdev(stdev=stdev, lr=PGPE_STDEV_LR, max_change=PGPE_STDEV_MAX_CHANGE, grad=grad_stdev)
        return key, center, stdev, opt_state

    stdev = jnp.ones(center.size) * PGPE_INIT_STDEV
    _, center, stdev, _ = lax.fori_loop(0, PGPE_GENERATIONS, generation, (key, center, stdev, opt_init(center)))
    return center, stdev


@program(twin=_pgpe_twin, args=lambda: (jnp.array([0.3, -0.2, 0.5, 0.0]), random.PRNGKey(86)), jvp=(0,),
         vmap=(0, None),
         source=EVOJAX.format("algo/pgpe.py") + ", `PGPE.ask`/`PGPE.tell` with optimizer=\"clipup\" (`clipup`'s update:"
         " a lax.cond normalizing the gradient, a lax.cond clipping the velocity to max_speed) and `ask_func`, "
         "`process_scores` (ranking), `compute_reinforce_update`, `update_stdev`, six generations on a fixed "
         "fitness, the schedule lr * 0.9 ** (t // 2); the generations a for over range, the conds ifs")
def evojax_pgpe_clipup(center, key):
    stdev = jnp.ones(center.size) * PGPE_INIT_STDEV
    x, v = center, jnp.zeros_like(center)  # clipup's init
    for t in range(PGPE_GENERATIONS):
        key, scaled_noises, solutions = ask_func(key, stdev, center, PGPE_POP // 2, center.size)
        fitness_scores = process_scores(_pgpe_fitness(solutions), True)
        grad_center, grad_stdev = compute_reinforce_update(fitness_scores, scaled_noises, stdev)
        # clipup's update(t // lr_decay_steps, -grad_center, (x, v))
        g = -grad_center
        if CLIPUP_FIX_GRADIENT_SIZE:
            g = g / jnp.sqrt(jnp.sum(g * g))
        step = g * (PGPE_CENTER_LR * jnp.power(PGPE_DECAY_COEF, t // PGPE_LR_DECAY_STEPS))
        v = CLIPUP_MOMENTUM * v + step
        length = jnp.sqrt(jnp.sum(v * v))
        if length > CLIPUP_MAX_SPEED:
            v = v * CLIPUP_MAX_SPEED / length
        x = x - v
        center = x
        stdev = update_stdev(stdev, PGPE_STDEV_LR, grad_stdev, PGPE_STDEV_MAX_CHANGE)
    return center, stdev


_EPS = 1e-8
CMA_DIM = 4
CMA_GENERATIONS = 4
CMA_INIT_STDEV = 0.1
CMA_SIGMA_MAX = 1e32  # _SIGMA_MAX_X32


def _cma_coefficients(n_dim):
    # CMA_ES_JAX.__init__ (pop_size=None): (population size, mu, _Coefficients as a tuple)
    population_size = 4 + math.floor(3 * math.log(n_dim))  # (eq. 48)
    mu = population_size // 2

    # (eq.49)
    weights_prime = jnp.array(
        [
            math.log((population_size + 1) / 2) - math.log(i + 1)
            for i in range(population_size)
        ]
    )
    mu_eff = (jnp.sum(weights_prime[:mu]) **
              2) / jnp.sum(weights_prime[:mu] ** 2)
    mu_eff_minus = (
        jnp.sum(weights_prime[mu:]) ** 2) / jnp.sum(weights_prime[mu:] ** 2)

    # learning rate for the rank-one update
    alpha_cov = 2.0
    c1 = alpha_cov / ((n_dim + 1.3) ** 2 + mu_eff)
    # learning rate for the rank-μ update
    cmu = min(
        1 - c1 - 1e-8,  # 1e-8 is for large pop_size.
        alpha_cov
        * (mu_eff - 2 + 1 / mu_eff)
        / ((n_dim + 2) ** 2 + alpha_cov * mu_eff / 2),
    )

    min_alpha = min(
        1 + c1 / cmu,  # eq.50
        1 + (2 * mu_eff_minus) / (mu_eff + 2),  # eq.51
        (1 - c1 - cmu) / (n_dim * cmu),  # eq.52
    )

    # (eq.53)
    positive_sum = jnp.sum(weights_prime[weights_prime > 0])
    negative_sum = jnp.sum(jnp.abs(weights_prime[weights_prime < 0]))
    weights = jnp.where(
        weights_prime >= 0,
        1 / positive_sum * weights_prime,
        min_alpha / negative_sum * weights_prime,
    )
    cm = 1  # (eq. 54)

    # learning rate for the cumulation for the step-size control (eq.55)
    c_sigma = (mu_eff + 2) / (n_dim + mu_eff + 5)
    d_sigma = 1 + 2 * \
        max(0, math.sqrt((mu_eff - 1) / (n_dim + 1)) - 1) + c_sigma

    # learning rate for cumulation for the rank-one update (eq.56)
    cc = (4 + mu_eff / n_dim) / (n_dim + 4 + 2 * mu_eff / n_dim)

    chi_n = math.sqrt(n_dim) * (1.0 - (1.0 / (4.0 * n_dim)) + 1.0 / (21.0 * (n_dim ** 2)))  # E||N(0, I)|| (p.28)
    return population_size, mu, (mu_eff, cc, c1, cmu, c_sigma, d_sigma, cm, chi_n, weights, CMA_SIGMA_MAX)


CMA_POP, CMA_MU, CMA_COEFFICIENTS = _cma_coefficients(CMA_DIM)


def _sample_solution(key, B, D, n_dim, mean, sigma):
    z = jax.random.normal(key, shape=(n_dim,))   # ~ N(0, I)
    y = B.dot(jnp.diag(D)).dot(z)  # ~ N(0, C)
    x = mean + sigma * y  # ~ N(m, σ^2 C)
    return x


def _eigen_decomposition_core(_C):
    _C = (_C + _C.T) / 2
    D2, B = jnp.linalg.eigh(_C)
    D = jnp.sqrt(jnp.where(D2 < 0, _EPS, D2))
    _C = jnp.dot(jnp.dot(B, jnp.diag(D ** 2)), B.T)
    _B, _D = B, D
    return _B, _D, _C


def _cma_fitness(solutions):
    # the task: a negated ellipsoid centred at 0.5 (fitness is maximized)
    return -jnp.sum(jnp.arange(1.0, CMA_DIM + 1.0) * (solutions - 0.5) ** 2, axis=1)


def _cma_ask(state):
    # CMA_ES_JAX.ask: `_eigen_decomposition` (which replaces C by its reconstruction) then `_batch_sample_solution`
    p_sigma, pc, mean, C, sigma, g, key = state
    B, D, C = _eigen_decomposition_core(C)
    key, subkey = jax.random.split(key)
    subkey = jax.random.split(subkey, CMA_POP)
    x = jax.vmap(_sample_solution, in_axes=(0, None, None, None, None, None))(subkey, B, D, CMA_DIM, mean, sigma)
    return (p_sigma, pc, mean, C, sigma, g, key), B, D, x


def _tell_core_twin(state, B, D, fitness, solutions):
    # _tell_core, the _State (p_sigma, pc, mean, C, sigma, g, key) a tuple, B and D passed apart
    mu_eff, cc, c1, cmu, c_sigma, d_sigma, cm, chi_n, weights, sigma_max = CMA_COEFFICIENTS
    p_sigma0, pc0, mean0, C0, sigma0, g0, key = state
    g = g0 + 1

    ranking = jnp.argsort(fitness, axis=0)

    sorted_solutions = solutions[ranking]

    x_k = jnp.array(sorted_solutions)  # ~ N(m, σ^2 C)
    y_k = (x_k - mean0) / sigma0  # ~ N(0, C)

    # Selection and recombination
    y_w = jnp.sum(
        jax.lax.dynamic_slice_in_dim(y_k, 0, CMA_MU, axis=0).T *
        jax.lax.dynamic_slice_in_dim(weights,  0, CMA_MU, axis=0),
        axis=1,
    )
    mean = mean0 + cm * sigma0 * y_w

    # Step-size control
    C_2 = B.dot(jnp.diag(1 / D)).dot(B.T)  # C^(-1/2) = B D^(-1) B^T
    p_sigma = (1 - c_sigma) * p_sigma0 + jnp.sqrt(
        c_sigma * (2 - c_sigma) * mu_eff
    ) * C_2.dot(y_w)

    norm_p_sigma = jnp.linalg.norm(p_sigma0)
    sigma = sigma0 * jnp.exp(
        (c_sigma / d_sigma) * (norm_p_sigma / chi_n - 1)
    )
    sigma = jnp.min(jnp.array([sigma, sigma_max]))

    # Covariance matrix adaption
    h_sigma_cond_left = norm_p_sigma / jnp.sqrt(
        1 - (1 - c_sigma) ** (2 * (g0 + 1))
    )
    h_sigma_cond_right = (1.4 + 2 / (CMA_DIM + 1)) * chi_n
    # h_sigma = 1.0 if h_sigma_cond_left < h_sigma_cond_right else 0.0  # (p.28)
    h_sigma = jax.lax.cond(
        pred=(h_sigma_cond_left < h_sigma_cond_right),
        true_fun=(lambda: 1.0),
        false_fun=(lambda: 0.0),
    )

    # (eq.45)
    pc = (1 - cc) * pc0 + h_sigma * \
        jnp.sqrt(cc * (2 - cc) * mu_eff) * y_w

    # (eq.46)
    w_io = weights * jnp.where(
        weights >= 0,
        1,
        CMA_DIM / (jnp.linalg.norm(C_2.dot(y_k.T), axis=0) ** 2 + _EPS),
    )

    delta_h_sigma = (1 - h_sigma) * cc * (2 - cc)  # (p.28)

    # (eq.47)
    rank_one = jnp.outer(pc0, pc0)

    rank_mu = jnp.zeros_like(C0)
    for w, y in zip(w_io, y_k):
        rank_mu = rank_mu + w * jnp.outer(y, y)

    C = (
        (
            1
            + c1 * delta_h_sigma
            - c1
            - cmu * jnp.sum(weights)
        )
        * C0
        + c1 * rank_one
        + cmu * rank_mu
    )
    return p_sigma, pc, mean, C, sigma, g, key


def _cma_twin(mean, key):
    state = (jnp.zeros(CMA_DIM), jnp.zeros(CMA_DIM), mean, jnp.eye(CMA_DIM), jnp.array(CMA_INIT_STDEV), 0, key)

    def generation(_, state):
        state, B, D, solutions = _cma_ask(state)
        return _tell_core_twin(state, B, D, -_cma_fitness(solutions), solutions)  # tell: fitness = -fitness

    p_sigma, pc, mean, C, sigma, g, key = lax.fori_loop(0, CMA_GENERATIONS, generation, state)
    return mean, sigma, C


def _tell_core(state, B, D, fitness, solutions):
    mu_eff, cc, c1, cmu, c_sigma, d_sigma, cm, chi_n, weights, sigma_max = CMA_COEFFICIENTS
    p_sigma0, pc0, mean0, C0, sigma0, g0, key = state
    g = g0 + 1
    ranking = jnp.argsort(fitness, axis=0)
    sorted_solutions = solutions[ranking]
    x_k = jnp.array(sorted_solutions)
    y_k = (x_k - mean0) / sigma0
    y_w = jnp.sum(jax.lax.dynamic_slice_in_dim(y_k, 0, CMA_MU, axis=0).T *
                  jax.lax.dynamic_slice_in_dim(weights, 0, CMA_MU, axis=0), axis=1)
    mean = mean0 + cm * sigma0 * y_w
    C_2 = B.dot(jnp.diag(1 / D)).dot(B.T)
    p_sigma = (1 - c_sigma) * p_sigma0 + jnp.sqrt(c_sigma * (2 - c_sigma) * mu_eff) * C_2.dot(y_w)
    norm_p_sigma = jnp.linalg.norm(p_sigma0)
    sigma = sigma0 * jnp.exp((c_sigma / d_sigma) * (norm_p_sigma / chi_n - 1))
    sigma = jnp.min(jnp.array([sigma, sigma_max]))
    h_sigma_cond_left = norm_p_sigma / jnp.sqrt(1 - (1 - c_sigma) ** (2 * (g0 + 1)))
    h_sigma_cond_right = (1.4 + 2 / (CMA_DIM + 1)) * chi_n
    h_sigma = 1.0 if h_sigma_cond_left < h_sigma_cond_right else 0.0  # (p.28)
    pc = (1 - cc) * pc0 + h_sigma * jnp.sqrt(cc * (2 - cc) * mu_eff) * y_w
    w_io = weights * jnp.where(weights >= 0, 1, CMA_DIM / (jnp.linalg.norm(C_2.dot(y_k.T), axis=0) ** 2 + _EPS))
    delta_h_sigma = (1 - h_sigma) * cc * (2 - cc)
    rank_one = jnp.outer(pc0, pc0)
    rank_mu = jnp.zeros_like(C0)
    for w, y in zip(w_io, y_k):
        rank_mu = rank_mu + w * jnp.outer(y, y)
    C = (1 + c1 * delta_h_sigma - c1 - cmu * jnp.sum(weights)) * C0 + c1 * rank_one + cmu * rank_mu
    return p_sigma, pc, mean, C, sigma, g, key


@program(twin=_cma_twin, args=lambda: (jnp.array([0.0, 0.2, -0.1, 0.4]), random.PRNGKey(87)), vmap=(0, None),
         rtol=1e-4,
         source=EVOJAX.format("algo/cma_jax.py") + ", `CMA_ES_JAX.ask`/`tell` (pop_size None: 7 for 4 dimensions): "
         "`_eigen_decomposition_core`, `_sample_solution` vmapped, `_tell_core` (h_sigma by a lax.cond, the rank-mu "
         "sum a Python `for w, y in zip(w_io, y_k)` over traced rows) and `__init__`'s coefficients, four generations "
         "on a fixed fitness; the generations a for over range (a lax.fori_loop in the twin), h_sigma the "
         "conditional expression the source's comment gives, the rank-mu loop the source's own")
def evojax_cma_es(mean, key):
    state = (jnp.zeros(CMA_DIM), jnp.zeros(CMA_DIM), mean, jnp.eye(CMA_DIM), jnp.array(CMA_INIT_STDEV), 0, key)
    for generation in range(CMA_GENERATIONS):
        state, B, D, solutions = _cma_ask(state)
        fitness = _cma_fitness(solutions)
        state = _tell_core(state, B, D, -fitness, solutions)
    p_sigma, pc, mean, C, sigma, g, key = state
    return mean, sigma, C


ME_POP = 6
ME_PARAM = 3
ME_BINS = (4, 4)
ME_ISO_SIGMA = 0.05
ME_LINE_SIGMA = 0.5
ME_ITERATIONS = 3


def _me_generate_population(parents, key):
    k1, k2 = jax.random.split(key, 2)
    return (parents[0] + ME_ISO_SIGMA *
            jax.random.normal(key=k1, shape=parents[0].shape) +
            # Uniform sampling instead of Gaussian.
            jax.random.uniform(
                key=k2, minval=0, maxval=ME_LINE_SIGMA, shape=()) *
            (parents[1] - parents[0]))


def _me_bin_idx(x):
    # `get_bin_idx` on the behaviour descriptors: the first two parameters, four bins each on [-1, 1]
    bd_idx = [((x[0] + 1.0) * 2.0).astype(int), ((x[1] + 1.0) * 2.0).astype(int)]
    return jnp.ravel_multi_index(bd_idx, ME_BINS, mode='clip')


def _me_fitness(population):
    # the task: a fixed fitness (maximized)
    return -jnp.sum((population - jnp.array([0.4, -0.3, 0.2])) ** 2, axis=1)


def _map_elites_twin(key, init_param):
    # MAPElites.ask/observe_bd/tell, ME_ITERATIONS times (a lax.fori_loop)
    n_cells = int(np.prod(ME_BINS))

    def sample_parents(key, occupancy, params):
        new_key, sample_key, mutate_key = jax.random.split(key, 3)
        parents = jax.lax.cond(
            occupancy.sum() > 0,
            lambda: jnp.take(params, axis=0, indices=jax.random.choice(
                key=sample_key, a=jnp.arange(occupancy.size), replace=True,
                p=occupancy / occupancy.sum(), shape=(2 * ME_POP,))),
            lambda: init_param[None, :] + ME_ISO_SIGMA * jax.random.normal(
                sample_key, shape=(2 * ME_POP, ME_PARAM)),
        )
        return new_key, mutate_key, parents.reshape((2, ME_POP, -1))

    def update_fitness_and_param(
            target_bin, bin_idx,
            fitness, fitness_lattice, param, param_lattice):
        best_ix = jnp.where(
            bin_idx == target_bin, fitness, fitness_lattice.min()).argmax()
        best_fitness = fitness[best_ix]
        new_fitness_lattice = jnp.where(
            best_fitness > fitness_lattice[target_bin],
            best_fitness, fitness_lattice[target_bin])
        new_param_lattice = jnp.where(
            best_fitness > fitness_lattice[target_bin],
            param[best_ix], param_lattice[target_bin])
        return new_fitness_lattice, new_param_lattice

    def iteration(_, carry):
        key, params_lattice, fitness_lattice, occupancy_lattice = carry
        key, mutate_key, parents = sample_parents(key, occupancy_lattice, params_lattice)
        population = _me_generate_population(parents, mutate_key)
        bin_idx = jax.vmap(_me_bin_idx)(population)
        fitness = _me_fitness(population)
        unique_bins = jnp.unique(bin_idx, size=ME_POP)  # (the source's jnp.unique, given a size under jit)
        new_fitness, new_params = jax.vmap(update_fitness_and_param, in_axes=(0, None, None, None, None, None))(
            unique_bins, bin_idx, fitness, fitness_lattice, population, params_lattice)
        occupancy_lattice = occupancy_lattice.at[unique_bins].set(1)
        fitness_lattice = fitness_lattice.at[unique_bins].set(new_fitness)
        params_lattice = params_lattice.at[unique_bins].set(new_params)
        return key, params_lattice, fitness_lattice, occupancy_lattice

    init = (key, jnp.zeros((n_cells, ME_PARAM)), -float('Inf') * jnp.ones(n_cells), jnp.zeros(n_cells, dtype=jnp.int32))
    _, params_lattice, fitness_lattice, occupancy_lattice = lax.fori_loop(0, ME_ITERATIONS, iteration, init)
    return params_lattice, fitness_lattice, occupancy_lattice


@program(twin=_map_elites_twin, args=lambda: (random.PRNGKey(88), jnp.array([0.1, -0.2, 0.3])), vmap=(None, 0),
         source=EVOJAX.format("algo/map_elites.py") + ", `MAPElites.ask`/`observe_bd`/`tell` (`sample_parents`: a "
         "lax.cond sampling parents from the occupied cells or around init_params; `update_fitness_and_param` "
         "vmapped over the unique bins, its jnp.wheres keeping the better of the bin's best and the elite), 3 "
         "iterations, 6 members, 4x4 bins on two parameters, a fixed fitness, jnp.unique given size=pop_size; the "
         "cond an if/else, the vmap over the bins a for over the unique bins with an if")
def evojax_map_elites(key, init_param):
    n_cells = int(np.prod(ME_BINS))
    params_lattice = jnp.zeros((n_cells, ME_PARAM))
    fitness_lattice = -float('Inf') * jnp.ones(n_cells)
    occupancy_lattice = jnp.zeros(n_cells, dtype=jnp.int32)
    for it in range(ME_ITERATIONS):
        # ask: sample_parents, then generate_population
        new_key, sample_key, mutate_key = jax.random.split(key, 3)
        if occupancy_lattice.sum() > 0:
            parents = jnp.take(params_lattice, axis=0, indices=jax.random.choice(
                key=sample_key, a=jnp.arange(occupancy_lattice.size), replace=True,
                p=occupancy_lattice / occupancy_lattice.sum(), shape=(2 * ME_POP,)))
        else:
            parents = init_param[None, :] + ME_ISO_SIGMA * jax.random.normal(sample_key, shape=(2 * ME_POP, ME_PARAM))
        key = new_key
        population = _me_generate_population(parents.reshape((2, ME_POP, -1)), mutate_key)
        # observe_bd, the task's fitness
        bin_idx = jax.vmap(_me_bin_idx)(population)
        fitness = _me_fitness(population)
        # tell
        unique_bins = jnp.unique(bin_idx, size=ME_POP)
        new_fitness_lattice, new_params_lattice = fitness_lattice, params_lattice
        for target_bin in unique_bins:
            best_ix = jnp.where(bin_idx == target_bin, fitness, fitness_lattice.min()).argmax()
            best_fitness = fitness[best_ix]
            if best_fitness > fitness_lattice[target_bin]:
                new_fitness_lattice = new_fitness_lattice.at[target_bin].set(best_fitness)
                new_params_lattice = new_params_lattice.at[target_bin].set(population[best_ix])
        occupancy_lattice = occupancy_lattice.at[unique_bins].set(1)
        fitness_lattice, params_lattice = new_fitness_lattice, new_params_lattice
    return params_lattice, fitness_lattice, occupancy_lattice


DT = 0.2
SPEED = 0.12
J_ALIGN = 0.2
D_ALIGN = 0.15
J_AVOID = 0.1
D_AVOID = 0.12
J_COHESION = 0.3
D_COHESION = 0.3
ALPHA = 3
FLOCK_MAX_STEPS = 5


def unpack_obs(obs):
    # task/flocking.py
    position, theta = obs[..., :2], obs[..., 2:]
    return position, theta


def unpack_act(action):
    d_theta, d_speed = action[..., :1], action[..., 1:2]
    return d_theta, d_speed


def pack_obs(position, theta):
    return jnp.concatenate([position, theta], axis=-1)


def displacement(p1, p2):
    dR = p1 - p2
    return jnp.mod(dR + 0.5, 1) - 0.5


def map_product(displacement):
    return jax.vmap(jax.vmap(displacement, (0, None), 0), (None, 0), 0)


def calc_distance(dR):
    dr = jnp.sqrt(jnp.sum(dR**2, axis=-1))
    return dr


def normal(theta):
    return jnp.concatenate([jnp.cos(theta), jnp.sin(theta)], axis=-1)


def field_of_view_mask(dR, N, theta_min, theta_max):
    dr = calc_distance(dR)
    dR_hat = dR / dr
    ctheta = jnp.dot(dR_hat, N)
    return jnp.logical_and(ctheta > jnp.cos(theta_max),
                           ctheta < jnp.cos(theta_min))


def align_fn(dR, N_1, N_2, J_align, D_align, alpha):
    dr = calc_distance(dR) / D_align
    energy = J_align / alpha * (1. - dr)**alpha * (1 - jnp.dot(N_1, N_2))**2
    return jnp.where(dr < 1.0, energy, 0.)


def avoid_fn(dR, J_avoid, D_avoid, alpha):
    dr = calc_distance(dR) / D_avoid
    energy = J_avoid / alpha * (1. - dr)**alpha
    return jnp.where(dr < 1.0, energy, 0.)


def cohesion_fn(dR, N, mask, J_cohesion, D_cohesion, eps=1e-7):
    dr = calc_distance(dR)

    mask = jnp.reshape(mask, mask.shape + (1, ))
    dr = jnp.reshape(dr, dr.shape + (1, ))
    mask = jnp.logical_and(dr < D_cohesion, mask)

    N_com = jnp.where(mask, 1.0, 0)
    dR_com = jnp.where(mask, dR, 0)
    dR_com = jnp.sum(dR_com, axis=1) / (jnp.sum(N_com, axis=1) + eps)
    dR_com = dR_com / jnp.linalg.norm(dR_com + eps, axis=1, keepdims=True)
    return 0.5 * J_cohesion * (1 - jnp.sum(dR_com * N, axis=1))**2


def calc_energy(position, theta):
    E_align = jax.vmap(jax.vmap(lambda dR, N_1, N_2: align_fn(dR, N_1, N_2, J_ALIGN, D_ALIGN, ALPHA), (0, None, 0)),
                       (0, 0, None))
    E_avoid = jax.vmap(jax.vmap(lambda dR: avoid_fn(dR, J_AVOID, D_AVOID, ALPHA)))

    dR = map_product(displacement)(position, position)
    N = normal(theta)

    fov = jax.vmap(jax.vmap(lambda dR, N: field_of_view_mask(dR, N, theta_min=0., theta_max=jnp.pi / 3.), (0, None)))
    mask = fov(dR, N)

    return 0.5 * jnp.sum(E_align(dR, N, N) + E_avoid(dR)) + jnp.sum(
        cohesion_fn(dR, N, mask, J_COHESION, D_COHESION))


def _flocking_step_twin(state, steps, action, action_type, reward_type):
    # FlockingTask's step_fn with `update_state` and `get_reward` (the State's obs, the neighbours, left out)
    position, theta = unpack_obs(state)
    action = jnp.concatenate([action, jnp.ones_like(action)], axis=1)
    d_theta, d_speed = unpack_act(action)
    N = normal(theta)
    d_speed = jax.lax.cond(
        action_type,
        lambda x: (x + 1) / 2 * 0.4 + 0.8,
        lambda x: x,
        d_speed
        )
    new_state = pack_obs(jnp.mod(position + DT * SPEED * N * d_speed, 1),
                         theta + DT * d_theta)
    new_steps = jnp.int32(steps + 1)
    reward = calc_energy(position, theta)
    reward = jax.lax.cond(
        reward_type == 0,
        lambda x: -x,
        lambda x: -x * (steps / FLOCK_MAX_STEPS) ** 2,
        reward)
    done = jnp.where(FLOCK_MAX_STEPS <= new_steps, True, False)
    return new_state, new_steps, reward, done


def _flocking_twin(state, actions, action_type, reward_type):
    def body(carry):
        state, steps, total, _ = carry
        state, steps, reward, done = _flocking_step_twin(state, steps, actions[steps], action_type, reward_type)
        return state, steps, total + reward, done

    state, _, total, _ = lax.while_loop(lambda carry: ~carry[3], body, (state, jnp.int32(0), 0.0, False))
    return state, total


def _flocking_args():
    k1, k2, k3 = random.split(random.key(89), 3)
    position = random.uniform(k1, (8, 2))
    theta = random.uniform(k2, (8, 1), maxval=2. * jnp.pi)
    return pack_obs(position, theta), random.uniform(k3, (FLOCK_MAX_STEPS, 8, 1), minval=-1.0), jnp.bool_(True), \
        jnp.int32(1)


@program(twin=_flocking_twin, args=_flocking_args, vmap=(0, None, None, None), rtol=1e-4,
         source=EVOJAX.format("task/flocking.py") + ", `FlockingTask`'s step_fn (action_type and reward_type as "
         "traced arguments) with `update_state` (a lax.cond on action_type rescaling the speed) and `get_reward` "
         "(`calc_energy`'s alignment, avoidance and cohesion energies, a lax.cond on reward_type weighting late "
         "steps), 8 boids, max_steps=5, an episode of given turning actions run until done (a lax.while_loop in the "
         "twin); the conds if/else, the episode a `while not done`")
def evojax_flocking(state, actions, action_type, reward_type):
    steps = jnp.int32(0)
    total = 0.0
    done = False
    while not done:
        action = actions[steps]
        position, theta = unpack_obs(state)
        action = jnp.concatenate([action, jnp.ones_like(action)], axis=1)
        d_theta, d_speed = unpack_act(action)
        N = normal(theta)
        if action_type:
            d_speed = (d_speed + 1) / 2 * 0.4 + 0.8
        new_state = pack_obs(jnp.mod(position + DT * SPEED * N * d_speed, 1), theta + DT * d_theta)
        new_steps = jnp.int32(steps + 1)
        reward = calc_energy(position, theta)
        if reward_type == 0:
            reward = -reward
        else:
            reward = -reward * (steps / FLOCK_MAX_STEPS) ** 2
        done = FLOCK_MAX_STEPS <= new_steps
        state, steps = new_state, new_steps
        total = total + reward
    return state, total



REF_W = 24*2
REF_H = REF_W
REF_U = 1.5  # ground height
REF_WALL_WIDTH = 1.0  # wall width
REF_WALL_HEIGHT = 3.5
MAX_BALL_SPEED = 15*1.5
TIMESTEP = 1/30.
NUDGE = 0.1
SV_FRICTION = 1.0  # 1 means no FRICTION, less means FRICTION (the module's FRICTION)
SV_GRAVITY = -9.8*2*1.5  # (the module's GRAVITY)
SV_FRAMES = 45


def _sv_particle(x, y, vx, vy, r):
    # task/slimevolley.py's initParticleState, the ParticleState (x, y, prev_x, prev_y, vx, vy, r) a tuple
    return (jnp.float32(x), jnp.float32(y), jnp.float32(x), jnp.float32(y), jnp.float32(vx), jnp.float32(vy),
            jnp.float32(r))


def _sv_move(p):
    x, y, prev_x, prev_y, vx, vy, r = p
    return (x+vx*TIMESTEP, y+vy*TIMESTEP, x, y, vx, vy, r)


def _sv_apply_acceleration(p, ax, ay):
    x, y, prev_x, prev_y, vx, vy, r = p
    return (x, y, prev_x, prev_y, vx+ax*TIMESTEP, vy+ay*TIMESTEP, r)


def _sv_check_edges_twin(oldp):
    # Particle.checkEdges
    x, y, prev_x, prev_y, vx, vy, r = oldp
    return_sign = jnp.where(x <= 0, -1, 1)
    newx = x
    newy = y
    newpx = prev_x
    newpy = prev_y
    newvx = vx
    newvy = vy

    newx = jnp.where(x <= (r-REF_W/2),
                     r-REF_W/2+NUDGE*TIMESTEP, newx)
    newvx = jnp.where(x <= (r-REF_W/2),
                      vx*(-SV_FRICTION), newvx)

    newx = jnp.where(x >= (REF_W/2-r),
                     REF_W/2-r-NUDGE*TIMESTEP, newx)
    newvx = jnp.where(x >= (REF_W/2-r),
                      vx*(-SV_FRICTION), newvx)

    return_value = jnp.where(y <= (r+REF_U), 1, 0)

    newy = jnp.where(y <= (r+REF_U),
                     r+REF_U+NUDGE*TIMESTEP, newy)
    newvy = jnp.where(y <= (r+REF_U),
                      vy*(-SV_FRICTION), newvy)

    newy = jnp.where(y >= (REF_H-r),
                     REF_H-r-NUDGE*TIMESTEP, newy)

    newvy = jnp.where(y >= (REF_H-r),
                      vy*(-SV_FRICTION), newvy)

    # fence:

    newx = jnp.where((x <= (REF_WALL_WIDTH/2+r)) &
                     (prev_x > (REF_WALL_WIDTH/2+r)) &
                     (y <= REF_WALL_HEIGHT),
                     REF_WALL_WIDTH/2+r+NUDGE*TIMESTEP, newx)
    newvx = jnp.where((x <= (REF_WALL_WIDTH/2+r)) &
                      (prev_x > (REF_WALL_WIDTH/2+r)) &
                      (y <= REF_WALL_HEIGHT),
                      vx*(-SV_FRICTION), newvx)

    newx = jnp.where((x >= (-REF_WALL_WIDTH/2-r)) &
                     (prev_x < (-REF_WALL_WIDTH/2-r)) &
                     (y <= REF_WALL_HEIGHT),
                     -REF_WALL_WIDTH/2-r-NUDGE*TIMESTEP, newx)
    newvx = jnp.where((x >= (-REF_WALL_WIDTH/2-r)) &
                      (prev_x < (-REF_WALL_WIDTH/2-r)) &
                      (y <= REF_WALL_HEIGHT),
                      vx*(-SV_FRICTION), newvx)

    return (newx, newy, newpx, newpy, newvx, newvy, r), return_value*return_sign


def _sv_bounce_twin(oldp, p):  # bounce two balls that have collided (this and that)
    x, y, prev_x, prev_y, vx, vy, r = oldp
    px, py, _, _, pvx, pvy, pr = p
    abx = x-px
    aby = y-py
    abd = jnp.sqrt(abx*abx+aby*aby)
    abx /= abd  # normalize
    aby /= abd
    nx = abx  # reuse calculation
    ny = aby
    abx *= NUDGE
    aby *= NUDGE

    new_y = y
    new_x = x
    dy = (new_y - px)
    dx = (new_x - py)

    total_r = r+pr
    total_r2 = total_r*total_r

    # this was a while loop in the orig code, but most cases < 15.
    for i in range(15):
        total_d2 = (dy*dy + dx*dx)
        new_x = jnp.where(total_d2 < total_r2, new_x+abx, new_x)
        new_y = jnp.where(total_d2 < total_r2, new_y+aby, new_y)
        dy = (py - new_y)
        dx = (px - new_x)

    ux = vx - pvx
    uy = vy - pvy
    un = ux*nx + uy*ny
    unx = nx*(un*2.)  # added factor of 2
    uny = ny*(un*2.)  # added factor of 2
    ux -= unx
    uy -= uny
    return (new_x, new_y, prev_x, prev_y, ux + pvx, uy + pvy, r)


def _sv_bounce_if_colliding_twin(ball, p):
    dy = p[1] - ball[1]
    dx = p[0] - ball[0]
    d2 = (dx*dx+dy*dy)
    r = ball[6]+p[6]
    r2 = r*r
    newp = _sv_bounce_twin(ball, p)

    # make if condition work with jax:
    return tuple(jnp.where(d2 < r2, new, old) for new, old in zip(newp[:6], ball[:6])) + (ball[6],)


def _sv_limit_speed_twin(oldp, maxSpeed):
    x, y, prev_x, prev_y, vx, vy, r = oldp
    mag2 = vx*vx+vy*vy
    mag = jnp.sqrt(mag2)

    newvx = vx
    newvy = vy
    newvx = jnp.where(mag2 > (maxSpeed*maxSpeed), newvx/mag, newvx)
    newvy = jnp.where(mag2 > (maxSpeed*maxSpeed), newvy/mag, newvy)
    newvx = jnp.where(mag2 > (maxSpeed*maxSpeed), newvx*maxSpeed, newvx)
    newvy = jnp.where(mag2 > (maxSpeed*maxSpeed), newvy*maxSpeed, newvy)

    return (x, y, prev_x, prev_y, newvx, newvy, r)


def _sv_agents():
    # two agents standing still (initAgentState's r=1.5 on the ground) and the fence stub
    return (_sv_particle(-REF_W/4, REF_U, 0, 0, 1.5), _sv_particle(REF_W/4 - 1.0, REF_U, 0, 0, 1.5),
            _sv_particle(0, REF_WALL_HEIGHT, 0, 0, REF_WALL_WIDTH/2))


def _slimevolley_ball_twin(x, y, vx, vy):
    agent_left, agent_right, fence_stub = _sv_agents()

    def frame(ball, _):
        # Game.step's ball part
        ball = _sv_apply_acceleration(ball, 0, SV_GRAVITY)
        ball = _sv_limit_speed_twin(ball, MAX_BALL_SPEED)
        ball = _sv_move(ball)
        ball = _sv_bounce_if_colliding_twin(ball, agent_left)
        ball = _sv_bounce_if_colliding_twin(ball, agent_right)
        ball = _sv_bounce_if_colliding_twin(ball, fence_stub)
        ball, edge = _sv_check_edges_twin(ball)
        return ball, -edge

    ball, results = lax.scan(frame, _sv_particle(x, y, vx, vy, 0.5), None, length=SV_FRAMES)
    return jnp.stack(ball), results


def _sv_bounce(ball, p):
    x, y, prev_x, prev_y, vx, vy, r = ball
    px, py, _, _, pvx, pvy, pr = p
    abx = x-px
    aby = y-py
    abd = jnp.sqrt(abx*abx+aby*aby)
    abx /= abd
    aby /= abd
    nx = abx
    ny = aby
    abx *= NUDGE
    aby *= NUDGE
    new_y = y
    new_x = x
    dy = (new_y - px)
    dx = (new_x - py)
    total_r = r+pr
    total_r2 = total_r*total_r
    for i in range(15):
        total_d2 = (dy*dy + dx*dx)
        if total_d2 < total_r2:
            new_x = new_x+abx
            new_y = new_y+aby
        dy = (py - new_y)
        dx = (px - new_x)
    ux = vx - pvx
    uy = vy - pvy
    un = ux*nx + uy*ny
    unx = nx*(un*2.)
    uny = ny*(un*2.)
    ux -= unx
    uy -= uny
    return (new_x, new_y, prev_x, prev_y, ux + pvx, uy + pvy, r)


@program(twin=_slimevolley_ball_twin, args=lambda: (jnp.float32(10.5), jnp.float32(7.0), jnp.float32(-1.0),
                                                     jnp.float32(-4.0)),
         jvp=(0, 1, 2, 3), vmap=(0, 0, None, None), rtol=1e-4,
         source=EVOJAX.format("task/slimevolley.py") + ", the ball's part of `Game.step` (`Particle.applyAcceleration`"
         ", `limitSpeed`, `move`, `bounceIfColliding` with each agent and the fence stub, `checkEdges`: each branch "
         "of the original slimevolleygym written as jnp.wheres, `bounce`'s while loop as 15 where-guarded passes) "
         "for 45 frames against two agents standing still, the ParticleState a tuple; each where an if (the "
         "`&`-joined fence conditions an `and`), the passes a for over range(15) with an if, the frames a for over "
         "range appending to a list (a lax.scan in the twin)")
def evojax_slimevolley_ball(x, y, vx, vy):
    agent_left, agent_right, fence_stub = _sv_agents()
    ball = _sv_particle(x, y, vx, vy, 0.5)
    results = []
    for frame in range(SV_FRAMES):
        ball = _sv_apply_acceleration(ball, 0, SV_GRAVITY)
        # limitSpeed
        bx, by, bpx, bpy, bvx, bvy, br = ball
        mag2 = bvx*bvx+bvy*bvy
        mag = jnp.sqrt(mag2)
        if mag2 > (MAX_BALL_SPEED*MAX_BALL_SPEED):
            bvx = bvx/mag*MAX_BALL_SPEED
            bvy = bvy/mag*MAX_BALL_SPEED
        ball = _sv_move((bx, by, bpx, bpy, bvx, bvy, br))
        for p in (agent_left, agent_right, fence_stub):
            # bounceIfColliding
            dy = p[1] - ball[1]
            dx = p[0] - ball[0]
            r = ball[6]+p[6]
            if dx*dx+dy*dy < r*r:
                ball = _sv_bounce(ball, p)
        # checkEdges
        x, y, prev_x, prev_y, vx, vy, r = ball
        newx, newy, newvx, newvy = x, y, vx, vy
        if x <= 0:
            return_sign = -1
        else:
            return_sign = 1
        if x <= (r-REF_W/2):
            newx = r-REF_W/2+NUDGE*TIMESTEP
            newvx = vx*(-SV_FRICTION)
        if x >= (REF_W/2-r):
            newx = REF_W/2-r-NUDGE*TIMESTEP
            newvx = vx*(-SV_FRICTION)
        if y <= (r+REF_U):
            return_value = 1
            newy = r+REF_U+NUDGE*TIMESTEP
            newvy = vy*(-SV_FRICTION)
        else:
            return_value = 0
        if y >= (REF_H-r):
            newy = REF_H-r-NUDGE*TIMESTEP
            newvy = vy*(-SV_FRICTION)
        if x <= (REF_WALL_WIDTH/2+r) and prev_x > (REF_WALL_WIDTH/2+r) and y <= REF_WALL_HEIGHT:
            newx = REF_WALL_WIDTH/2+r+NUDGE*TIMESTEP
            newvx = vx*(-SV_FRICTION)
        if x >= (-REF_WALL_WIDTH/2-r) and prev_x < (-REF_WALL_WIDTH/2-r) and y <= REF_WALL_HEIGHT:
            newx = -REF_WALL_WIDTH/2-r-NUDGE*TIMESTEP
            newvx = vx*(-SV_FRICTION)
        ball = (newx, newy, prev_x, prev_y, newvx, newvy, r)
        results.append(-(return_value*return_sign))
    return jnp.stack(ball), jnp.stack(results)


# --- google/trax: the RL observation normalizer, causal FAVOR attention -------------------------------------------

NORMALIZE_EPSILON = 1e-5


def running_mean_init(shape, fill_value=0):
    # rl/normalization.py (trax's `np` is fastmath.numpy: jax.numpy on the JAX backend)
    return (jnp.full(shape, fill_value), jnp.array(0))


def running_mean_update(x, state):
    (mean, n) = state
    mean = n.astype(jnp.float32) / (n + 1) * mean + x / (n + 1)
    return (mean, n + 1)


def running_mean_get_mean(state):
    (mean, _) = state
    return mean


def running_mean_get_count(state):
    (_, count) = state
    return count


def running_mean_and_variance_init(shape):
    mean_state = running_mean_init(shape, fill_value=0.0)
    var_state = running_mean_init(shape, fill_value=1.0)
    return (mean_state, var_state)


def running_mean_and_variance_update(x, state):
    (mean_state, var_state) = state
    old_mean = running_mean_get_mean(mean_state)
    mean_state = running_mean_update(x, mean_state)
    new_mean = running_mean_get_mean(mean_state)

    var_state = running_mean_update((x - new_mean) * (x - old_mean), var_state)

    return (mean_state, var_state)


def running_mean_and_variance_get_mean(state):
    (mean_state, _) = state
    return running_mean_get_mean(mean_state)


def running_mean_and_variance_get_count(state):
    (mean_state, _) = state
    return running_mean_get_count(mean_state)


def running_mean_and_variance_get_variance(state):
    (_, var_state) = state
    return running_mean_get_mean(var_state)


def _normalize_twin(observations, sample_limit):
    # Normalize(mode='collect'): init_weights_and_state, then forward
    state = running_mean_and_variance_init(observations.shape[2:])
    for observation in observations[:, -1]:  # (batch_size, time, ...)
        # Update statistics for each observation separately for simplicity.
        # Currently during data collection the batch size is 1 anyway.
        count = running_mean_and_variance_get_count(state)
        # (fastmath.cond(pred, true_operand, true_fun, false_operand, false_fun) in lax.cond's signature)
        state = lax.cond(
            count < sample_limit,
            lambda args: running_mean_and_variance_update(*args),
            lambda _: state,
            (observation, state),
        )

    mean = running_mean_and_variance_get_mean(state)
    var = running_mean_and_variance_get_variance(state)
    norm_observations = (observations - mean) / (var ** 0.5 + NORMALIZE_EPSILON)
    return norm_observations, state


def _normalize_args():
    observations = jnp.sin(jnp.arange(40.0) * 0.9).reshape(5, 4, 2) * 2.0 + jnp.array([1.0, -0.5])
    return observations, jnp.int32(3)


@program(twin=_normalize_twin, args=_normalize_args, grad=(0,), loss=lambda out: jnp.sum(out[0] ** 2),
         vmap=(0, None),
         source=TRAX.format("rl/normalization.py") + ", `Normalize.forward` in mode 'collect' (a Python for over the "
         "batch's last observations, each a fastmath.cond updating the running mean and variance while the count is "
         "below sample_limit) with the `running_mean*` helpers, after `init_weights_and_state`, sample_limit=3 of 5; "
         "the cond an if (the loop is the source's own)")
def trax_normalize(observations, sample_limit):
    state = running_mean_and_variance_init(observations.shape[2:])
    for observation in observations[:, -1]:
        count = running_mean_and_variance_get_count(state)
        if count < sample_limit:
            state = running_mean_and_variance_update(observation, state)
    mean = running_mean_and_variance_get_mean(state)
    var = running_mean_and_variance_get_variance(state)
    norm_observations = (observations - mean) / (var ** 0.5 + NORMALIZE_EPSILON)
    return norm_observations, state


FAVOR_STABILIZER = 0.001


def _favor_relu(x):
    return jnp.where(x <= 0, jnp.zeros_like(x), x)


def _causal_favor_twin(query, key, value):
    # CausalFavorAttention.forward (numerical_stabilizer=0.001), fastmath.scan as lax.scan; its fastmath.custom_vjp
    # wrappers (a memory-saving backward pass rebuilding the prefix sums by subtraction, whose rounding differs from
    # autodiff's by ~1e-6, and which jax.jvp refuses) left out: gradients differentiate the scans
    def favor_numerator_fwd(init_prefix_sum_value,
                            query_prime, key_prime, value):
        def body(p, qkv):
            (q, k, v) = qkv
            p += jnp.einsum('...m,...d->...md', k, v)
            x_slice = jnp.einsum('...m,...md->...d', q, p)
            return p, x_slice
        p, w = lax.scan(body, init_prefix_sum_value,
                        (query_prime, key_prime, value))
        return w, (p, query_prime, key_prime, value)

    def favor_numerator(init_prefix_sum_value, query_prime,
                        key_prime, value):
        w, _ = favor_numerator_fwd(init_prefix_sum_value,
                                   query_prime, key_prime, value)
        return w

    def favor_denominator_fwd(init_prefix_sum_value,
                              query_prime, key_prime):
        def body(p, qk):
            q, k = qk
            p += k
            x = jnp.einsum('...m,...m->...', q, p)
            return p, x

        p, r = lax.scan(body, init_prefix_sum_value, (query_prime,
                                                      key_prime))
        return r, (query_prime, key_prime, p)

    def favor_denominator(init_prefix_sum_value, query_prime,
                          key_prime):
        r, _ = favor_denominator_fwd(init_prefix_sum_value,
                                     query_prime, key_prime)
        return r

    query_prime = _favor_relu(query) + FAVOR_STABILIZER
    key_prime = _favor_relu(key) + FAVOR_STABILIZER
    prefix_sum_tensor_shape = (key.shape[0], key.shape[-1], value.shape[-1])
    t_slice_shape = (key.shape[0], key.shape[-1])
    init_prefix_sum_value_numerator = jnp.zeros(prefix_sum_tensor_shape)
    init_prefix_sum_value_denominator = jnp.zeros(t_slice_shape)

    w = favor_numerator(init_prefix_sum_value_numerator,
                        jnp.moveaxis(query_prime, 1, 0),
                        jnp.moveaxis(key_prime, 1, 0),
                        jnp.moveaxis(value, 1, 0))
    r = favor_denominator(init_prefix_sum_value_denominator,
                          jnp.moveaxis(query_prime, 1, 0),
                          jnp.moveaxis(key_prime, 1, 0))
    w = jnp.moveaxis(w, 0, 1)
    r = jnp.moveaxis(r, 0, 1)
    r = jnp.reciprocal(r)
    r = jnp.expand_dims(r, len(r.shape))
    renormalized_attention = w * r
    return renormalized_attention


def _causal_favor_args():
    k1, k2, k3 = random.split(random.key(90), 3)
    return random.normal(k1, (2, 6, 3)), random.normal(k2, (2, 6, 3)), random.normal(k3, (2, 6, 4))


@program(twin=_causal_favor_twin, args=_causal_favor_args, grad=(0, 1, 2), loss=lambda out: jnp.sum(jnp.sin(out)),
         vmap=(0, 0, 0), rtol=1e-4,
         source=TRAX.format("layers/research/sparsity.py") + ", `CausalFavorAttention.forward` (FAVOR's causal "
         "numerator and denominator as prefix sums over time: fastmath.scans; their custom VJPs left out), "
         "numerical_stabilizer=0.001; the numerator a for over zip(qs, ks, vs) appending to a list, the denominator a "
         "for over range(length) indexing")
def trax_causal_favor(query, key, value):
    query_prime = _favor_relu(query) + FAVOR_STABILIZER
    key_prime = _favor_relu(key) + FAVOR_STABILIZER
    qs, ks, vs = jnp.moveaxis(query_prime, 1, 0), jnp.moveaxis(key_prime, 1, 0), jnp.moveaxis(value, 1, 0)
    p = jnp.zeros((key.shape[0], key.shape[-1], value.shape[-1]))
    w = []
    for q, k, v in zip(qs, ks, vs):
        p += jnp.einsum('...m,...d->...md', k, v)
        w.append(jnp.einsum('...m,...md->...d', q, p))
    w = jnp.stack(w)
    p = jnp.zeros((key.shape[0], key.shape[-1]))
    r = []
    for t in range(qs.shape[0]):
        p += ks[t]
        r.append(jnp.einsum('...m,...m->...', qs[t], p))
    r = jnp.stack(r)
    w = jnp.moveaxis(w, 0, 1)
    r = jnp.moveaxis(r, 0, 1)
    r = jnp.reciprocal(r)
    r = jnp.expand_dims(r, len(r.shape))
    return w * r


# --- tumaer/JAXFLUIDS: level-set reinitialization to steady state ------------------------------------------------

REINIT_NX = 24
REINIT_CELL_SIZE = 1.0 / REINIT_NX
REINIT_CFL = 0.25
REINIT_STEPS = 60
REINIT_RESIDUAL_THRESHOLD = 0.05
REINIT_NARROWBAND_WIDTH = 4 + 1  # narrowband computation_width + 1: the residual one cell further
# one halo cell (nh=1), the x axis active, y and z inactive: buffers of shape (REINIT_NX + 2, 1, 1)
NHX, NHY, NHZ = jnp.s_[1:-1], jnp.s_[:], jnp.s_[:]


def _first_derivative_first_order(levelset, dxi, j):
    # stencils/levelset/first_deriv_first_order_center.py, `derivative_xi` on the x axis (n=1)
    s_ = [[jnp.s_[..., 0:-2, NHY, NHZ], jnp.s_[..., 1:-1, NHY, NHZ]],
          [jnp.s_[..., 1:-1, NHY, NHZ], jnp.s_[..., 2:None, NHY, NHZ]]]
    s1_ = s_[j]
    deriv_xi = (1.0 / dxi) * (-levelset[s1_[0]] + levelset[s1_[1]])
    return deriv_xi


def compute_godunov_hamiltonian(derivatives_L, derivatives_R, sign):
    # levelset/reinitialization/helper_functions.py
    godunov_hamiltonian = 0.0
    for deriv_L, deriv_R in zip(derivatives_L, derivatives_R):
        godunov_hamiltonian += jnp.maximum(jnp.maximum(0.0, sign * deriv_L)**2, jnp.minimum(0.0, sign * deriv_R)**2)
    godunov_hamiltonian = jnp.sqrt(godunov_hamiltonian + 1e-10)
    return godunov_hamiltonian


def compute_narrowband_mask(levelset, dx, narrowband_width):
    # levelset/geometry/mask_functions.py
    normalized_levelset = jnp.abs(levelset)/dx
    mask_narrowband = jnp.where(normalized_levelset <= narrowband_width, 1, 0)
    return mask_narrowband


def _reinit_compute_rhs(levelset, levelset_0, mask):
    # GodunovHamiltonianReinitializer.compute_rhs
    derivatives_L = [_first_derivative_first_order(levelset, REINIT_CELL_SIZE, 0)]
    derivatives_R = [_first_derivative_first_order(levelset, REINIT_CELL_SIZE, 1)]
    levelset_0 = levelset_0[NHX, NHY, NHZ]
    sign = jnp.sign(levelset_0)
    smooth_sign = levelset_0/jnp.sqrt(levelset_0**2 + REINIT_CELL_SIZE**2)
    godunov_hamiltonian = compute_godunov_hamiltonian(derivatives_L, derivatives_R, sign)
    rhs = -smooth_sign * (godunov_hamiltonian - 1.0)
    rhs *= mask
    return rhs


def _reinit_halo_update(levelset):
    # the halo manager's levelset update, here zero-gradient (symmetric) boundaries on x
    return levelset.at[0].set(levelset[1]).at[-1].set(levelset[-2])


def _reinit_do_integration_step(levelset, levelset_0, mask, timestep_size):
    # PDEBasedReinitializer.do_integration_step with the Euler integrator (one stage) and
    # `compute_residual_from_rhs`
    residual_threshold = REINIT_RESIDUAL_THRESHOLD
    for stage in range(1):
        rhs = _reinit_compute_rhs(levelset, levelset_0, mask)
        residual_mask = jnp.where(jnp.abs(rhs) > residual_threshold, 1, 0)
        levelset = levelset.at[..., NHX, NHY, NHZ].add(timestep_size * (rhs*residual_mask))  # Euler.integrate
        levelset = _reinit_halo_update(levelset)
    mask_narrowband = compute_narrowband_mask(levelset, REINIT_CELL_SIZE, REINIT_NARROWBAND_WIDTH)
    mask_narrowband = mask_narrowband[NHX, NHY, NHZ]
    residual = jnp.abs(rhs*mask_narrowband)
    max_residual = jnp.max(residual, axis=(-3, -2, -1))
    return levelset, max_residual


def _reinitialization_twin(levelset):
    # PDEBasedReinitializer.perform_reinitialization, is_jaxwhileloop=True, no debug buffers
    steps = REINIT_STEPS
    residual_threshold = REINIT_RESIDUAL_THRESHOLD
    levelset_0 = levelset
    timestep_size = REINIT_CFL * REINIT_CELL_SIZE
    mask = jnp.ones_like(levelset[NHX, NHY, NHZ], dtype=jnp.uint32)

    def _body_func(args):
        levelset, index, max_residual = args
        levelset_out, max_residual = _reinit_do_integration_step(levelset, levelset_0, mask, timestep_size)
        args = (levelset_out, index+1, max_residual)
        return args

    def _cond_fun(args):
        _, index, max_residual = args
        condition1 = max_residual > residual_threshold
        condition2 = index < steps
        return jnp.logical_and(condition1, condition2)

    args = (levelset, 0, 1e10)  # NOTE initial value for max residual for while condition is hard coded to 1e10
    args = jax.lax.while_loop(_cond_fun, _body_func, args)
    levelset = args[0]
    step_count = args[1]
    residual = args[2]
    return levelset, step_count, residual


def _reinitialization_args():
    x = (jnp.arange(REINIT_NX + 2) - 0.5) * REINIT_CELL_SIZE
    return (2.0 * (x - 0.4) * (0.3 + (x - 0.2) ** 2)).reshape(-1, 1, 1)


@program(twin=_reinitialization_twin, args=lambda: (_reinitialization_args(),), jvp=(0,), vmap=(0,), rtol=1e-4,
         source=JAXFLUIDS.format("levelset/reinitialization/pde_based_reinitializer.py") + ", "
         "`PDEBasedReinitializer.perform_reinitialization` with is_jaxwhileloop (a lax.while_loop of "
         "`do_integration_step` while the narrow-band max residual exceeds the threshold and fewer than `steps` "
         "steps ran, from a residual of 1e10) and `compute_residual_from_rhs`, godunov_hamiltonian_reinitializer.py's "
         "`compute_rhs`, helper_functions.py's `compute_godunov_hamiltonian`, mask_functions.py's "
         "`compute_narrowband_mask`, the first-order stencil and Euler integrator, on a 1D buffer of 24 cells and "
         "one zero-gradient halo cell each side; the while_loop a Python while on an `and`")
def jaxfluids_reinitialization(levelset):
    levelset_0 = levelset
    timestep_size = REINIT_CFL * REINIT_CELL_SIZE
    mask = jnp.ones_like(levelset[NHX, NHY, NHZ], dtype=jnp.uint32)
    index = 0
    max_residual = 1e10
    while max_residual > REINIT_RESIDUAL_THRESHOLD and index < REINIT_STEPS:
        levelset, max_residual = _reinit_do_integration_step(levelset, levelset_0, mask, timestep_size)
        index = index + 1
    return levelset, index, max_residual



# --- google-deepmind/dm-haiku: the character RNN example's sampler --------------------------------------------------

RNN_NUM_CHARS = 7
RNN_HIDDEN = 5
RNN_SAMPLE_LENGTH = 10


def _rnn_core(w, b, w_out, b_out, token, state):
    # `make_network`'s hk.DeepRNN, here [one_hot, hk.LSTM, hk.Linear] with given weights: its __call__ (the LSTM's
    # math as haiku/_src/recurrent.py's `LSTM.__call__`)
    x = jax.nn.one_hot(token, num_classes=RNN_NUM_CHARS)
    hidden, cell = state[0]
    x_and_h = jnp.concatenate([x, hidden], axis=-1)
    gated = x_and_h @ w + b
    # i = input, g = cell_gate, f = forget_gate, o = output_gate
    i, g, f, o = jnp.split(gated, indices_or_sections=4, axis=-1)
    f = jax.nn.sigmoid(f + 1)  # Forget bias, as in sonnet.
    c = f * cell + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return h @ w_out + b_out, ((h, c),)


def _rnn_initial_state():
    return ((jnp.zeros([RNN_HIDDEN]), jnp.zeros([RNN_HIDDEN])),)


def _rnn_sample_twin(w, b, w_out, b_out, rng_key, context):
    # examples/rnn/train.py's `sample` (sample_length=10), with haiku/_src/recurrent.py's `dynamic_unroll` (outside a
    # transform: jax.lax.scan), the LoopValues NamedTuple a tuple
    sample_length = RNN_SAMPLE_LENGTH

    def core(token, state):
        return _rnn_core(w, b, w_out, b_out, token, state)

    def body_fn(t, v):
        tokens, state, rng_key = v
        token = tokens[t]
        next_logits, next_state = core(token, state)
        key, subkey = jax.random.split(rng_key)
        next_token = jax.random.categorical(subkey, next_logits, axis=-1)
        new_tokens = tokens.at[t + 1].set(next_token)
        return new_tokens, next_state, key

    def scan_f(prev_state, inputs):
        outputs, next_state = core(inputs, prev_state)
        return next_state, outputs

    state, logits = jax.lax.scan(scan_f, _rnn_initial_state(), context)
    key, subkey = jax.random.split(rng_key)
    first_token = jax.random.categorical(subkey, logits[-1])
    tokens = jnp.zeros(sample_length, dtype=np.int32)
    tokens = tokens.at[0].set(first_token)
    initial_values = (tokens, state, key)
    values = lax.fori_loop(0, sample_length, body_fn, initial_values)

    return values[0]


def _rnn_args():
    k1, k2, k3, k4 = random.split(random.key(92), 4)
    return (random.normal(k1, (RNN_NUM_CHARS + RNN_HIDDEN, 4 * RNN_HIDDEN)), 0.1 * random.normal(k2, (4 * RNN_HIDDEN,)),
            2.0 * random.normal(k3, (RNN_HIDDEN, RNN_NUM_CHARS)), 0.1 * random.normal(k4, (RNN_NUM_CHARS,)),
            random.PRNGKey(93), jnp.array([1, 4, 2, 6, 0, 3], dtype=jnp.int32))


@program(twin=_rnn_sample_twin, args=_rnn_args, vmap=(0, None, None, None, None, None),
         source=HAIKU.format("examples/rnn/train.py") + ", `sample` (hk.dynamic_unroll of the core over the context "
         "— a lax.scan, whose docstring gives the Python loop — then a lax.fori_loop drawing sample_length tokens, "
         "each fed back through the core, written into a preallocated array at t + 1, the last write out of bounds "
         "and dropped) with haiku/_src/recurrent.py's `dynamic_unroll`, `LSTM` and `DeepRNN`, the network one LSTM "
         "(hidden 5) and a linear readout with given weights over 7 characters, sample_length=10; the unroll a for "
         "over range(len(context)) appending the logits, the fori_loop a for over range")
def haiku_rnn_sample(w, b, w_out, b_out, rng_key, context):
    state = _rnn_initial_state()
    logits = []
    for t in range(len(context)):
        outputs, state = _rnn_core(w, b, w_out, b_out, context[t], state)
        logits.append(outputs)
    key, subkey = jax.random.split(rng_key)
    first_token = jax.random.categorical(subkey, logits[-1])
    tokens = jnp.zeros(RNN_SAMPLE_LENGTH, dtype=np.int32)
    tokens = tokens.at[0].set(first_token)
    for t in range(RNN_SAMPLE_LENGTH):
        token = tokens[t]
        next_logits, state = _rnn_core(w, b, w_out, b_out, token, state)
        key, subkey = jax.random.split(key)
        next_token = jax.random.categorical(subkey, next_logits, axis=-1)
        tokens = tokens.at[t + 1].set(next_token)
    return tokens


def _vanilla_rnn(w_i, b_i, w_h, b_h, inputs, prev_state):
    # haiku/_src/recurrent.py's `VanillaRNN.__call__` (double_bias) with given weights
    out = jax.nn.relu(inputs @ w_i + b_i + prev_state @ w_h + b_h)
    return out, out


def _swap_batch_time(inputs):
    """Swaps batch and time axes, assumed to be the first two axes."""
    return jax.tree.map(lambda x: jnp.swapaxes(x, 0, 1), inputs)


def _reverse_unroll_twin(w_i, b_i, w_h, b_h, input_sequence):
    # `dynamic_unroll(core, input_sequence, initial_state, time_major=False, reverse=True, return_all_states=True)`
    # outside a transform (jax.lax.scan)
    initial_state = jnp.zeros((input_sequence.shape[0], w_h.shape[0]))  # VanillaRNN.initial_state(batch_size)

    def scan_f(prev_state, inputs):
        outputs, next_state = _vanilla_rnn(w_i, b_i, w_h, b_h, inputs, prev_state)
        return next_state, (outputs, next_state)

    input_sequence = _swap_batch_time(input_sequence)
    scan_result = jax.lax.scan(scan_f, initial_state, input_sequence, reverse=True, unroll=1)
    _, (output_sequence, state_sequence) = scan_result
    output_sequence = _swap_batch_time(output_sequence)
    state_sequence = _swap_batch_time(state_sequence)
    return output_sequence, state_sequence


def _reverse_unroll_args():
    k1, k2, k3, k4, k5 = random.split(random.key(94), 5)
    return (random.normal(k1, (3, 4)), 0.1 * random.normal(k2, (4,)), 0.5 * random.normal(k3, (4, 4)),
            0.1 * random.normal(k4, (4,)), random.normal(k5, (2, 6, 3)))


@program(twin=_reverse_unroll_twin, args=_reverse_unroll_args, grad=(0, 2, 4),
         loss=lambda out: jnp.sum(out[0] * jnp.arange(48.0).reshape(2, 6, 4)) + jnp.sum(out[1] ** 2),
         vmap=(None, None, None, None, 0),
         source=HAIKU.format("haiku/_src/recurrent.py") + ", `dynamic_unroll` with time_major=False, reverse=True, "
         "return_all_states=True (a lax.scan in reverse over the time axis, swapped to the front and back by "
         "`_swap_batch_time`) of a `VanillaRNN` core (hidden 4, given weights) from its zero initial state; the scan "
         "the docstring's for loop over reversed(range(T)) appending outputs and states, reversed at the end "
         "(reverse=True is the unroll of the reversed sequence, outputs in the input's order)")
def haiku_reverse_unroll(w_i, b_i, w_h, b_h, input_sequence):
    state = jnp.zeros((input_sequence.shape[0], w_h.shape[0]))
    outputs, states = [], []
    for t in reversed(range(input_sequence.shape[1])):
        out, state = _vanilla_rnn(w_i, b_i, w_h, b_h, input_sequence[:, t], state)
        outputs.append(out)
        states.append(state)
    return jnp.stack(outputs[::-1], axis=1), jnp.stack(states[::-1], axis=1)
