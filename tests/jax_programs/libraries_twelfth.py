"""A twelfth set of programs, from JAX repositories the corpus did not cite before: FermiNet (quantum Monte Carlo:
the local kinetic energy by a loop over the Hessian diagonal, written by the library both as ``lax.fori_loop`` and as
``lax.scan``; the S^2 estimator's nested electron-swap loops, rectangular for assigned spins and triangular
``fori_loop(0, ia, ...)`` for sampled spins; the Metropolis-Hastings ``mcmc_step`` with all-electron and block moves)
flowMC (MCMC kernels and strategies: serial steps of HMC with its leapfrog scan and of MALA with its two-key scan, and
parallel tempering's replica exchange, a scan around ``lax.cond`` swaps), lightweight_mmm (the geometric adstock, a
scan then a ``lax.cond`` on a Python bool) and s2fft (Wigner-d recursions: Turok & Bucher's slice, ``lax.cond``s
around a scan and ``fori_loop``s holding ``lax.cond`` renormalisations, and Price & McEwen's precomputes, three
``fori_loop``s with traced indices).

The twin is the library's own ``lax`` code. ``plain`` is that loop as Python: ``lax.fori_loop(lo, hi, body, init)`` as
``for i in range(lo, hi): val = body(i, val)`` (the semantics ``lax.fori_loop`` documents), ``lax.scan`` as a Python
``for`` over the scanned inputs (or ``range(length)``) appending the outputs to lists that are stacked, and
``lax.cond`` as ``if``/``else``. Where the library's function holds the loop, a ``loop=`` switch (not library code)
selects the library's ``lax`` call or its Python form, the rest of the function being shared.

Adapted only in calling convention: FermiNet's ``FermiNetData`` (a ``chex.dataclass``; chex is not installed) is a
NamedTuple, ``constants.pmean`` is the identity (one device), and the network (FermiNet's neural network) is replaced
by a small signed Slater determinant of Gaussian-type orbitals with a spin-dependent factor (not library code,
marked); flowMC's kernels and strategy are plain classes (equinox modules in the library) with the settings they
read, its ``LogPDF`` a ``jax.tree_util.Partial`` of a Gaussian target (not library code, marked), the data a dict;
s2fft's and lightweight_mmm's ``jax.jit`` decorators are off in ``plain`` (kept, with their static arguments, in the
twin where the library jits a helper), s2fft's float64 requests are float32 (x64 off).
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_eleventh``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random
from jax.scipy.stats import multivariate_normal

from jax_programs.programs import program

FERMINET = "google-deepmind/ferminet@0ce3411104542e30723731c77e65c36977fb4d81 (Apache-2.0) ferminet/{}"
FLOWMC = "kazewong/flowMC@b6a06e50aad4d2a08913ed1ca1bb69a692198270 (MIT) src/flowMC/{}"
MMM = "google/lightweight_mmm@dd837006ac996028645b09cac93d320c8132003a (Apache-2.0) lightweight_mmm/{}"
S2FFT = "astro-informatics/s2fft@5e6a08222de1266c7bda6d2eb700391026881e41 (MIT) s2fft/{}"


def _stack(outs):
    return jnp.stack(outs)  # Not library code: the scan's stacked outputs


def _python_fori_loop(lower, upper, body_fun, init_val):
    # Not library code: lax.fori_loop's documented Python semantics
    val = init_val
    for i in range(lower, upper):
        val = body_fun(i, val)
    return val


# --- google-deepmind/ferminet: hamiltonian.py `local_kinetic_energy` (laplacian_method='default') ---------------------

class FermiNetData(NamedTuple):  # networks.py's chex.dataclass FermiNetData, as a NamedTuple
    positions: Any
    spins: Any
    atoms: Any
    charges: Any


FN_NSPINS = (2, 1)


def _toy_network(params, pos, spins, atoms, charges):
    # Not library code: a signed wavefunction standing in for FermiNet's network, (sign, log|psi|) of a Slater
    # determinant of Gaussian-type orbitals around the atoms with a spin-dependent factor
    x = jnp.reshape(pos, (-1, 3))
    r2 = jnp.sum((x[:, None, :] - atoms[None, :, :]) ** 2, axis=-1)  # (electrons, atoms)
    exponents, coeffs, w = params
    orbitals = jnp.exp(-r2 @ coeffs * exponents[None, :])  # (electrons, orbitals)
    orbitals = orbitals * (1.0 + 0.3 * spins[:, None] * (x @ w)[:, None] * jnp.arange(1, 4)[None, :])
    sign, logdet = jnp.linalg.slogdet(orbitals)
    return sign, logdet + 0.1 * jnp.sum(charges)


def select_output(f, argnum):  # utils.py
    def f_selected(*args, **kwargs):
        return f(*args, **kwargs)[argnum]
    return f_selected


def _fn_params():
    return (jnp.array([0.6, 0.9, 1.3]), jnp.array([[1.0, 0.4, 0.2], [0.3, 0.8, 1.1]]), jnp.array([0.2, -0.4, 0.3]))


def _fn_data(seed):
    pos = 0.8 * random.normal(random.key(seed), (9,))
    return FermiNetData(pos, jnp.array([1.0, 1.0, -1.0]), jnp.array([[0.0, 0.0, 0.0], [0.0, 0.0, 1.4]]),
                        jnp.array([1.0, 1.0]))


def local_kinetic_energy(f, use_scan=False, complex_output=False, loop="lax"):
    # hamiltonian.py, laplacian_method='default'; loop="python": the fori_loop / scan as Python fors
    phase_f = select_output(f, 0)
    logabs_f = select_output(f, 1)

    def _lapl_over_f(params, data):
        n = data.positions.shape[0]
        eye = jnp.eye(n)
        grad_f = jax.grad(logabs_f, argnums=1)

        def grad_f_closure(x):
            return grad_f(params, x, data.spins, data.atoms, data.charges)

        primal, dgrad_f = jax.linearize(grad_f_closure, data.positions)

        if complex_output:
            grad_phase = jax.grad(phase_f, argnums=1)

            def grad_phase_closure(x):
                return grad_phase(params, x, data.spins, data.atoms, data.charges)
            phase_primal, dgrad_phase = jax.linearize(
                grad_phase_closure, data.positions)
            hessian_diagonal = (
                lambda i: dgrad_f(eye[i])[i] + 1.j * dgrad_phase(eye[i])[i]
            )
        else:
            hessian_diagonal = lambda i: dgrad_f(eye[i])[i]  # noqa: E731 - as the library writes it

        if use_scan:
            if loop == "lax":
                _, diagonal = lax.scan(
                    lambda i, _: (i + 1, hessian_diagonal(i)), 0, None, length=n)
            else:
                i, diagonal = 0, []
                for _ in range(n):
                    i, out = (i + 1, hessian_diagonal(i))
                    diagonal.append(out)
                diagonal = _stack(diagonal)
            result = -0.5 * jnp.sum(diagonal)
        else:
            if loop == "lax":
                result = -0.5 * lax.fori_loop(
                    0, n, lambda i, val: val + hessian_diagonal(i), 0.0)
            else:
                val = 0.0
                for i in range(0, n):
                    val = val + hessian_diagonal(i)
                result = -0.5 * val
        result -= 0.5 * jnp.sum(primal ** 2)
        if complex_output:
            result += 0.5 * jnp.sum(phase_primal ** 2)
            result -= 1.j * jnp.sum(primal * phase_primal)
        return result

    return _lapl_over_f


def _ke_twin(params, positions, spins, atoms, charges):
    return local_kinetic_energy(_toy_network)(params, FermiNetData(positions, spins, atoms, charges))


def _fn_ke_args():
    return (_fn_params(),) + tuple(_fn_data(1401))


@program(twin=_ke_twin, args=_fn_ke_args, grad=(0, 1), vmap=(None, 0, None, None, None), rtol=1e-4,
         source=FERMINET.format("hamiltonian.py") + ", `local_kinetic_energy` with laplacian_method='default', "
         "use_scan=False (-1/2 (laplacian + |grad|^2) of log|psi|: jax.linearize of the gradient, the Hessian "
         "diagonal dgrad_f(eye[i])[i] summed by lax.fori_loop(0, n, ...) from 0.0; n = 9 coordinates); utils.py "
         "`select_output`; the fori_loop as a Python for over range(n)")
def ferminet_kinetic_energy(params, positions, spins, atoms, charges):
    return local_kinetic_energy(_toy_network, loop="python")(params, FermiNetData(positions, spins, atoms, charges))


def _ke_scan_twin(params, positions, spins, atoms, charges):
    return local_kinetic_energy(_toy_network, use_scan=True)(params, FermiNetData(positions, spins, atoms, charges))


@program(twin=_ke_scan_twin, args=_fn_ke_args, grad=(0, 1), vmap=(None, 0, None, None, None), rtol=1e-4,
         source=FERMINET.format("hamiltonian.py") + ", `local_kinetic_energy` with laplacian_method='default', "
         "use_scan=True (the Hessian diagonal as lax.scan(lambda i, _: (i + 1, hessian_diagonal(i)), 0, None, "
         "length=n): a counter carried from a Python 0, no xs); the scan as a for over range(n) carrying i, "
         "appending")
def ferminet_kinetic_energy_scan(params, positions, spins, atoms, charges):
    return local_kinetic_energy(_toy_network, use_scan=True, loop="python")(
        params, FermiNetData(positions, spins, atoms, charges))


# --- google-deepmind/ferminet: observables.py `make_s2` ---------------------------------------------------------------

def make_s2(signed_network, nspins, assign_spin, loop="lax"):
    # observables.py (states=0); loop="python": the nested lax.fori_loops as nested Python fors
    def s2_estimator(params, data, state=None):
        """Returns the S^2 contribution from a single electron configuration x."""
        del state  # only included for consistency in the interface

        if sum(nspins) == 1:  # one-electron case is trivial - always singlet
            return jnp.asarray(0.75)

        if assign_spin:
            na, nb = sorted(nspins, reverse=True)
            s2_diagonal = (na - nb) / 2 * ((na - nb) / 2 + 1) + nb
            s2 = s2_diagonal
        else:
            n = sum(nspins)
            s2 = -n * (n - 4) / 4

        sign_psi, log_psi = signed_network(params, data.positions, data.spins,
                                           data.atoms, data.charges)

        if assign_spin:
            # Convert to (nalpha, ndim) and (nbeta, ndim) tensors.
            xa, xb = jnp.split(
                jnp.reshape(data.positions, (sum(nspins), -1)), nspins[:1], axis=-2)

            def _inner(ib, val):
                ia, s2 = val
                xx = xa.at[ia].set(xb[ib]), xb.at[ib].set(xa[ia])
                xx = jnp.reshape(jnp.concatenate(xx), -1)
                sign_psi_swap, log_psi_swap = signed_network(params, xx, data.spins,
                                                             data.atoms, data.charges)
                # Minus sign from reordering electron positions such that alpha
                # electrons come first.
                s2 -= sign_psi * sign_psi_swap * jnp.exp(log_psi_swap - log_psi)
                return ia, s2

            if loop == "lax":
                def _outer(ia, s2):
                    return jax.lax.fori_loop(0, nspins[1], _inner, (ia, s2))[1]

                s2 = jax.lax.fori_loop(0, nspins[0], _outer, s2)
            else:
                for ia in range(0, nspins[0]):
                    val = (ia, s2)
                    for ib in range(0, nspins[1]):
                        val = _inner(ib, val)
                    s2 = val[1]
        else:
            def _inner(ib, val):
                ia, s2 = val
                xx = data.spins.at[ia].set(data.spins[ib])
                xx = xx.at[ib].set(data.spins[ia])
                sign_psi_swap, log_psi_swap = signed_network(
                    params, data.positions, xx, data.atoms, data.charges)
                # Unlike in the fixed-spin case, the wavefunction has no privileged
                # ordering of electrons due to their spin.
                s2 += sign_psi * sign_psi_swap * jnp.exp(log_psi_swap - log_psi)
                return ia, s2

            if loop == "lax":
                def _outer(ia, s2):
                    return jax.lax.fori_loop(0, ia, _inner, (ia, s2))[1]

                s2 = jax.lax.fori_loop(0, n, _outer, s2)
            else:
                for ia in range(0, n):
                    val = (ia, s2)
                    for ib in range(0, ia):
                        val = _inner(ib, val)
                    s2 = val[1]

        return s2

    return s2_estimator


def _s2_args():
    return (_fn_params(),) + tuple(_fn_data(1411))


def _s2_assigned_twin(params, positions, spins, atoms, charges):
    return make_s2(_toy_network, FN_NSPINS, True)(params, FermiNetData(positions, spins, atoms, charges))


@program(twin=_s2_assigned_twin, args=_s2_args, grad=(0, 1), vmap=(None, 0, None, None, None), rtol=1e-4,
         source=FERMINET.format("observables.py") + ", `make_s2` with assign_spin=True (the S^2 estimator: "
         "psi ratios after swapping alpha electron ia with beta electron ib, nested lax.fori_loops over "
         "range(nspins[0]) and range(nspins[1]) carrying (ia, s2), s2 a Python float at the start; nspins=(2, 1)); "
         "the fori_loops as nested Python fors")
def ferminet_s2_assigned(params, positions, spins, atoms, charges):
    return make_s2(_toy_network, FN_NSPINS, True, loop="python")(
        params, FermiNetData(positions, spins, atoms, charges))


def _s2_sampled_twin(params, positions, spins, atoms, charges):
    return make_s2(_toy_network, FN_NSPINS, False)(params, FermiNetData(positions, spins, atoms, charges))


@program(twin=_s2_sampled_twin, args=_s2_args, jvp=(0, 1), vmap=(None, 0, None, None, None), rtol=1e-4,
         source=FERMINET.format("observables.py") + ", `make_s2` with assign_spin=False (Lowdin's -N(N-4)/4 + "
         "sum over pairs i < j of the spin-swapped psi ratios: the triangular lax.fori_loop(0, ia, ...) inside "
         "lax.fori_loop(0, n, ...), the spins swapped by .at[ia].set at loop indices); the fori_loops as nested "
         "Python fors, the inner over range(ia)")
def ferminet_s2_sampled(params, positions, spins, atoms, charges):
    return make_s2(_toy_network, FN_NSPINS, False, loop="python")(
        params, FermiNetData(positions, spins, atoms, charges))


# --- google-deepmind/ferminet: mcmc.py `make_mcmc_step` ---------------------------------------------------------------

def mh_accept(x1, x2, lp_1, lp_2, ratio, key, num_accepts):  # mcmc.py
    """Given state, proposal, and probabilities, execute MH accept/reject step."""
    key, subkey = jax.random.split(key)
    rnd = jnp.log(jax.random.uniform(subkey, shape=ratio.shape))
    cond = ratio > rnd
    x_new = jnp.where(cond[..., None], x2, x1)
    lp_new = jnp.where(cond, lp_2, lp_1)
    num_accepts += jnp.sum(cond)
    return x_new, key, lp_new, num_accepts


def mh_update(params, f, data, key, lp_1, num_accepts, stddev=0.02, atoms=None, ndim=3, blocks=1, i=0):
    # mcmc.py (atoms=None: the symmetric proposal)
    del i, blocks  # electron index ignored for all-electron moves
    key, subkey = jax.random.split(key)
    x1 = data.positions
    if atoms is None:  # symmetric proposal, same stddev everywhere
        x2 = x1 + stddev * jax.random.normal(subkey, shape=x1.shape)  # proposal
        lp_2 = 2.0 * f(
            params, x2, data.spins, data.atoms, data.charges
        )  # log prob of proposal
        ratio = lp_2 - lp_1
    else:
        raise NotImplementedError("the asymmetric proposal is not part of this program")
    x_new, key, lp_new, num_accepts = mh_accept(
        x1, x2, lp_1, lp_2, ratio, key, num_accepts)
    new_data = FermiNetData(**(data._asdict() | {'positions': x_new}))
    return new_data, key, lp_new, num_accepts


def mh_block_update(params, f, data, key, lp_1, num_accepts, stddev=0.02, atoms=None, ndim=3, blocks=1, i=0):
    # mcmc.py
    key, subkey = jax.random.split(key)
    batch_size = data.positions.shape[0]
    nelec = data.positions.shape[1] // ndim
    pad = (blocks - nelec % blocks) % blocks
    x1 = jnp.reshape(
        jnp.pad(data.positions, ((0, 0), (0, pad * ndim))),
        [batch_size, blocks, -1, ndim],
    )
    ii = i % blocks
    if atoms is None:  # symmetric prop, same stddev everywhere
        x2 = x1.at[:, ii].add(
            stddev * jax.random.normal(subkey, shape=x1[:, ii].shape))
        x2 = jnp.reshape(x2, [batch_size, -1])
        if pad > 0:
            x2 = x2[..., :-pad*ndim]
        # log prob of proposal
        lp_2 = 2.0 * f(params, x2, data.spins, data.atoms, data.charges)
        ratio = lp_2 - lp_1
    else:  # asymmetric proposal, stddev propto harmonic mean of nuclear distances
        raise NotImplementedError('Still need to work out reverse probabilities '
                                  'for asymmetric moves.')

    x1 = jnp.reshape(x1, [batch_size, -1])
    if pad > 0:
        x1 = x1[..., :-pad*ndim]
    x_new, key, lp_new, num_accepts = mh_accept(
        x1, x2, lp_1, lp_2, ratio, key, num_accepts)
    new_data = FermiNetData(**(data._asdict() | {'positions': x_new}))
    return new_data, key, lp_new, num_accepts


def make_mcmc_step(batch_network, batch_per_device, steps=10, atoms=None, ndim=3, blocks=1, fori_loop=lax.fori_loop):
    # mcmc.py (constants.pmean the identity on one device)
    inner_fun = mh_block_update if blocks > 1 else mh_update

    def mcmc_step(params, data, key, width):
        pos = data.positions

        def step_fn(i, x):
            return inner_fun(
                params,
                batch_network,
                *x,
                stddev=width,
                atoms=atoms,
                ndim=ndim,
                blocks=blocks,
                i=i)

        nsteps = steps * blocks
        logprob = 2.0 * batch_network(
            params, pos, data.spins, data.atoms, data.charges
        )
        new_data, key, _, num_accepts = fori_loop(
            0, nsteps, step_fn, (data, key, logprob, 0.0)
        )
        pmove = jnp.sum(num_accepts) / (nsteps * batch_per_device)
        return new_data, pmove

    return mcmc_step


FN_BATCH = 4


def _batch_network(params, pos, spins, atoms, charges):
    # Not library code: the toy network's log|psi|, vmapped over the walkers (as FermiNet's batch_network)
    return jax.vmap(select_output(_toy_network, 1), in_axes=(None, 0, None, None, None))(
        params, pos, spins, atoms, charges)


def _mcmc_args():
    d = _fn_data(1421)
    pos = 0.8 * random.normal(random.key(1422), (FN_BATCH, 9))
    return _fn_params(), pos, d.spins, d.atoms, d.charges, random.PRNGKey(1423), jnp.float32(0.3)


def _mcmc(blocks, fori_loop):
    step = make_mcmc_step(_batch_network, FN_BATCH, steps=5, blocks=blocks, fori_loop=fori_loop)

    def run(params, positions, spins, atoms, charges, key, width):
        data, pmove = step(params, FermiNetData(positions, spins, atoms, charges), key, width)
        return data.positions, pmove
    return run


@program(twin=_mcmc(1, lax.fori_loop), args=_mcmc_args, grad=(0, 1, 6), loss=lambda out: jnp.sum(out[0]) + out[1],
         vmap=(None, 0, None, None, None, None, None), rtol=1e-4,
         source=FERMINET.format("mcmc.py") + ", `make_mcmc_step` with `mh_update` and `mh_accept` (all-electron "
         "Metropolis-Hastings moves of 4 walkers, 5 steps: lax.fori_loop(0, nsteps, step_fn, (data, key, logprob, "
         "0.0)) carrying the FermiNetData, the key and a float accept count; pmove); the fori_loop as a Python for")
def ferminet_mcmc_step(params, positions, spins, atoms, charges, key, width):
    return _mcmc(1, _python_fori_loop)(params, positions, spins, atoms, charges, key, width)


@program(twin=_mcmc(2, lax.fori_loop), args=_mcmc_args, grad=(0, 1, 6), loss=lambda out: jnp.sum(out[0]) + out[1],
         vmap=(None, 0, None, None, None, None, None), rtol=1e-4,
         source=FERMINET.format("mcmc.py") + ", `make_mcmc_step` with `mh_block_update` (blocks=2: 3 electrons "
         "padded to 2 blocks of 2, block ii = i % blocks of the loop index moved by .at[:, ii].add, the padding "
         "sliced off; 10 steps of 4 walkers); the fori_loop as a Python for")
def ferminet_mcmc_block_step(params, positions, spins, atoms, charges, key, width):
    return _mcmc(2, _python_fori_loop)(params, positions, spins, atoms, charges, key, width)


# --- kazewong/flowMC: resource/kernel/HMC.py, resource/kernel/MALA.py, strategy/take_steps.py -------------------------

class HMC:  # resource/kernel/HMC.py (an equinox ProposalBase in the library: a plain class here)
    def __init__(self, condition_matrix=1, step_size=0.1, n_leapfrog=10, loop="lax"):
        self.condition_matrix = condition_matrix
        self.step_size = step_size
        coefs = jnp.ones((n_leapfrog + 2, 2))
        coefs = coefs.at[0].set(jnp.array([0, 0.5]))
        coefs = coefs.at[-1].set(jnp.array([1, 0.5]))
        self.leapfrog_coefs = coefs
        self.loop = loop  # Not library code: "python" runs leapfrog_step's lax.scan as a Python for

    @property
    def n_leapfrog(self):
        return self.leapfrog_coefs.shape[0] - 2

    def leapfrog_kernel(self, kinetic, potential, carry, extras):
        position, momentum, data, metric, index = carry
        position = position + self.step_size * self.leapfrog_coefs[index][0] * jax.grad(
            kinetic
        )(momentum, metric)
        momentum = momentum - self.step_size * self.leapfrog_coefs[index][1] * jax.grad(
            potential
        )(position, data)
        index = index + 1
        return (position, momentum, data, metric, index), extras

    def leapfrog_step(self, leapfrog_kernel, position, momentum, data, metric):
        # (its print("Compiling leapfrog step") dropped)
        if self.loop == "lax":
            (position, momentum, data, metric, index), _ = jax.lax.scan(
                leapfrog_kernel,
                (position, momentum, data, metric, 0),
                jnp.arange(self.n_leapfrog + 2),
            )
        else:
            carry = (position, momentum, data, metric, 0)
            for extras in jnp.arange(self.n_leapfrog + 2):
                carry, _ = leapfrog_kernel(carry, extras)
            (position, momentum, data, metric, index) = carry
        return position, momentum

    def kernel(self, rng_key, position, log_prob, logpdf, data):
        def potential(x, data):
            return -logpdf(x, data)

        def kinetic(p, metric):
            return 0.5 * (p**2 * metric).sum()

        leapfrog_kernel = jax.tree_util.Partial(
            self.leapfrog_kernel, kinetic, potential
        )
        leapfrog_step = jax.tree_util.Partial(self.leapfrog_step, leapfrog_kernel)

        key1, key2 = jax.random.split(rng_key)

        momentum = (
            jax.random.normal(key1, shape=position.shape) * self.condition_matrix**-0.5
        )
        momentum = jnp.dot(
            jax.random.normal(key1, shape=position.shape),
            jnp.linalg.cholesky(jnp.linalg.inv(self.condition_matrix)).T,
        )
        H = -log_prob + kinetic(momentum, self.condition_matrix)
        proposed_position, proposed_momentum = leapfrog_step(
            position, momentum, data, self.condition_matrix
        )
        proposed_PE = potential(proposed_position, data)
        proposed_ham = proposed_PE + kinetic(proposed_momentum, self.condition_matrix)
        log_acc = H - proposed_ham
        log_uniform = jnp.log(jax.random.uniform(key2))

        do_accept = log_uniform < log_acc

        position = jnp.where(do_accept, proposed_position, position)
        log_prob = jnp.where(do_accept, -proposed_PE, log_prob)

        return position, log_prob, do_accept


class MALA:  # resource/kernel/MALA.py
    def __init__(self, step_size, loop="lax"):
        self.step_size = step_size
        self.loop = loop  # Not library code: "python" runs the kernel's lax.scan as a Python for

    def kernel(self, rng_key, position, log_prob, logpdf, data):
        def body(carry, this_key):
            # (its print("Compiling MALA body") dropped)
            this_position, dt, data = carry
            dt2 = dt * dt
            this_log_prob, this_d_log = jax.value_and_grad(logpdf)(this_position, data)
            proposal = this_position + jnp.dot(dt2, this_d_log) / 2
            proposal += jnp.dot(
                dt, jax.random.normal(this_key, shape=this_position.shape)
            )
            return (proposal, dt, data), (proposal, this_log_prob, this_d_log)

        key1, key2 = jax.random.split(rng_key)

        dt = self.step_size
        dt2 = dt * dt

        if self.loop == "lax":
            _, (proposal, logprob, d_logprob) = jax.lax.scan(
                body, (position, dt, data), jnp.array([key1, key1])
            )
        else:
            carry, outs = (position, dt, data), []
            for this_key in jnp.array([key1, key1]):
                carry, out = body(carry, this_key)
                outs.append(out)
            proposal, logprob, d_logprob = (_stack([o[k] for o in outs]) for k in range(3))

        ratio = logprob[1] - logprob[0]
        ratio -= multivariate_normal.logpdf(
            proposal[0], position + jnp.dot(dt2, d_logprob[0]) / 2, dt2
        )
        ratio += multivariate_normal.logpdf(
            position, proposal[0] + jnp.dot(dt2, d_logprob[1]) / 2, dt2
        )

        log_uniform = jnp.log(jax.random.uniform(key2))
        do_accept = log_uniform < ratio

        position = jnp.where(do_accept, proposal[0], position)
        log_prob = jnp.where(do_accept, logprob[1], logprob[0])

        return position, log_prob, do_accept


class TakeSerialSteps:  # strategy/take_steps.py (n_steps the only setting `sample` reads)
    def __init__(self, n_steps, loop="lax"):
        self.n_steps = n_steps
        self.loop = loop  # Not library code: "python" runs sample's lax.scan as a Python for

    def body(self, kernel, carry, aux):
        key, position, log_prob, logpdf, data = carry
        key, subkey = jax.random.split(key)
        position, log_prob, do_accept = kernel.kernel(
            subkey, position, log_prob, logpdf, data
        )
        return (key, position, log_prob, logpdf, data), (position, log_prob, do_accept)

    def sample(self, kernel, rng_key, initial_position, logpdf, data):
        if self.loop == "lax":
            (
                (last_key, last_position, last_log_prob, logpdf, data),
                (positions, log_probs, do_accepts),
            ) = jax.lax.scan(
                jax.tree_util.Partial(self.body, kernel),
                (rng_key, initial_position, logpdf(initial_position, data), logpdf, data),
                length=self.n_steps,
            )
        else:
            carry = (rng_key, initial_position, logpdf(initial_position, data), logpdf, data)
            positions, log_probs, do_accepts = [], [], []
            for _ in range(self.n_steps):
                carry, (position, log_prob, do_accept) = self.body(kernel, carry, None)
                positions.append(position)
                log_probs.append(log_prob)
                do_accepts.append(do_accept)
            positions, log_probs, do_accepts = _stack(positions), _stack(log_probs), _stack(do_accepts)
        return positions, log_probs, do_accepts


def _flowmc_logpdf(x, data):
    # Not library code: the user's target, a Gaussian likelihood of the data around x (flowMC's LogPDF(x, data))
    return -0.5 * jnp.sum((data["obs"] - x) ** 2) / data["sigma"] ** 2 - 0.5 * jnp.sum(x ** 2)


FM_STEPS = 5


def _flowmc_args(seed):
    def args():
        return (random.PRNGKey(seed), jnp.array([0.3, -0.2, 0.5]),
                {"obs": jnp.array([1.0, -0.5, 0.2]), "sigma": jnp.float32(0.7)})
    return args


def _hmc_kernel(loop):
    return HMC(condition_matrix=jnp.diag(jnp.array([1.0, 0.5, 2.0])), step_size=0.1, n_leapfrog=4, loop=loop)


def _flowmc_hmc_twin(key, position, data):
    return TakeSerialSteps(FM_STEPS).sample(_hmc_kernel("lax"), key, position,
                                            jax.tree_util.Partial(_flowmc_logpdf), data)


def _flowmc_loss(out):
    positions, log_probs, _ = out
    return jnp.sum(positions) + jnp.sum(log_probs)


@program(twin=_flowmc_hmc_twin, args=_flowmc_args(1501), grad=(1, 2), loss=_flowmc_loss, vmap=(None, 0, None),
         rtol=1e-4,
         source=FLOWMC.format("strategy/take_steps.py") + ", `TakeSerialSteps.sample` and `body` (a lax.scan of "
         "length n_steps=5 carrying (key, position, log_prob, logpdf, data), the logpdf a jax.tree_util.Partial, the "
         "data a dict) with resource/kernel/HMC.py `HMC.kernel`, `leapfrog_step`, `leapfrog_kernel` (4 leapfrog steps: "
         "a lax.scan over jnp.arange(n_leapfrog + 2) with the coefficient row index carried from a Python 0; a "
         "2-d condition matrix); the scans as a for over range(n_steps) appending and a for over the jnp.arange")
def flowmc_hmc_serial_steps(key, position, data):
    return TakeSerialSteps(FM_STEPS, loop="python").sample(_hmc_kernel("python"), key, position,
                                                           jax.tree_util.Partial(_flowmc_logpdf), data)


def _flowmc_mala_twin(key, position, data):
    return TakeSerialSteps(FM_STEPS).sample(MALA(0.3), key, position, jax.tree_util.Partial(_flowmc_logpdf), data)


@program(twin=_flowmc_mala_twin, args=_flowmc_args(1511), grad=(1, 2), loss=_flowmc_loss, vmap=(None, 0, None),
         rtol=1e-4,
         source=FLOWMC.format("resource/kernel/MALA.py") + ", `MALA.kernel` (the Langevin proposal and its reverse "
         "by a lax.scan over the key array jnp.array([key1, key1]), carrying (position, dt, data) with dt a Python "
         "float; jax.scipy.stats multivariate_normal for the MH ratio; step size 0.3) under strategy/take_steps.py "
         "`TakeSerialSteps.sample` (n_steps=5); the scans as fors over the keys and over range(n_steps), appending")
def flowmc_mala_serial_steps(key, position, data):
    return TakeSerialSteps(FM_STEPS, loop="python").sample(MALA(0.3, loop="python"), key, position,
                                                           jax.tree_util.Partial(_flowmc_logpdf), data)


# --- kazewong/flowMC: strategy/parallel_tempering.py `_exchange` ------------------------------------------------------

def _exchange_step_body(carry, aux):  # parallel_tempering.py ParallelTempering._exchange_step_body
    key, positions, log_probs, idx, logpdf, temperatures, data = carry
    key, subkey = jax.random.split(key)
    ratio = (1.0 / temperatures[idx + 1] - 1.0 / temperatures[idx]) * (
        log_probs[idx] - log_probs[idx + 1]
    )
    log_uniform = jnp.log(jax.random.uniform(subkey))
    do_accept = log_uniform < ratio
    swapped = jnp.flip(
        jax.lax.dynamic_slice_in_dim(positions, idx, 2, axis=0), axis=0
    )
    positions = jax.lax.cond(
        do_accept,
        true_fun=lambda: jax.lax.dynamic_update_slice_in_dim(
            positions, swapped, idx, axis=0
        ),
        false_fun=lambda: positions,
    )
    swapped = jnp.flip(
        jax.lax.dynamic_slice_in_dim(log_probs, idx, 2, axis=0), axis=0
    )
    log_probs = jax.lax.cond(
        do_accept,
        true_fun=lambda: jax.lax.dynamic_update_slice_in_dim(
            log_probs, swapped, idx, axis=0
        ),
        false_fun=lambda: log_probs,
    )
    return (
        key,
        positions,
        log_probs,
        idx + 1,
        logpdf,
        temperatures,
        data,
    ), do_accept


def _exchange_twin(key, positions, temperatures, data):
    # parallel_tempering.py ParallelTempering._exchange (verbose=False)
    logpdf = jax.tree_util.Partial(_flowmc_logpdf)
    log_probs = jax.vmap(logpdf, in_axes=(0, None))(positions, data)
    (key, positions, log_probs, idx, logpdf, temperatures, data), do_accept = (
        jax.lax.scan(
            _exchange_step_body,
            (key, positions, log_probs, 0, logpdf, temperatures, data),
            length=positions.shape[0] - 1,
        )
    )
    return positions, log_probs, do_accept


def _exchange_args():
    return (random.PRNGKey(1521), 0.8 * random.normal(random.key(1522), (5, 3)),
            jnp.array([1.0, 1.5, 2.2, 3.4, 5.0]), {"obs": jnp.array([1.0, -0.5, 0.2]), "sigma": jnp.float32(0.7)})


@program(twin=_exchange_twin, args=_exchange_args, grad=(1, 2), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]),
         vmap=(None, 0, None, None), rtol=1e-4,
         source=FLOWMC.format("strategy/parallel_tempering.py") + ", `ParallelTempering._exchange` and "
         "`_exchange_step_body` (replica exchange between adjacent temperatures: a lax.scan of length n_temps - 1 "
         "carrying the index from a Python 0, the logpdf Partial and the data dict; each swap under two "
         "lax.cond(do_accept, ...) of dynamic_update_slice_in_dim of the flipped pair; 5 temperatures); the scan as a "
         "for over range(n_temps - 1), the conds as if/else")
def flowmc_pt_exchange(key, positions, temperatures, data):
    logpdf = jax.tree_util.Partial(_flowmc_logpdf)
    log_probs = jax.vmap(logpdf, in_axes=(0, None))(positions, data)
    idx, do_accepts = 0, []
    for _ in range(positions.shape[0] - 1):
        key, subkey = jax.random.split(key)
        ratio = (1.0 / temperatures[idx + 1] - 1.0 / temperatures[idx]) * (
            log_probs[idx] - log_probs[idx + 1]
        )
        log_uniform = jnp.log(jax.random.uniform(subkey))
        do_accept = log_uniform < ratio
        swapped = jnp.flip(
            jax.lax.dynamic_slice_in_dim(positions, idx, 2, axis=0), axis=0
        )
        if do_accept:
            positions = jax.lax.dynamic_update_slice_in_dim(positions, swapped, idx, axis=0)
        else:
            positions = positions
        swapped = jnp.flip(
            jax.lax.dynamic_slice_in_dim(log_probs, idx, 2, axis=0), axis=0
        )
        if do_accept:
            log_probs = jax.lax.dynamic_update_slice_in_dim(log_probs, swapped, idx, axis=0)
        else:
            log_probs = log_probs
        idx = idx + 1
        do_accepts.append(do_accept)
    return positions, log_probs, _stack(do_accepts)


# --- google/lightweight_mmm: core/transformations/lagging.py `_adstock` -----------------------------------------------

@jax.jit
def _adstock(data, lag_weight=.9, normalise=True):  # lagging.py (the twin)
    def adstock_internal(prev_adstock, data, lag_weight=lag_weight):
        adstock_value = prev_adstock * lag_weight + data
        return adstock_value, adstock_value

    _, adstock_values = jax.lax.scan(
        f=adstock_internal, init=data[0, ...], xs=data[1:, ...])
    adstock_values = jnp.concatenate([jnp.array([data[0, ...]]), adstock_values])
    return jax.lax.cond(
        normalise,
        lambda adstock_values: adstock_values / (1. / (1 - lag_weight)),
        lambda adstock_values: adstock_values,
        operand=adstock_values)


@program(twin=_adstock, args=lambda: (jnp.abs(random.normal(random.key(1601), (12, 3))), jnp.array([0.5, 0.8, 0.3])),
         grad=(0, 1), loss=jnp.sum, vmap=(0, None),
         source=MMM.format("core/transformations/lagging.py") + ", `_adstock` (geometric advertising adstock: a "
         "lax.scan over the weeks data[1:] from data[0] with a per-channel lag_weight array, the first week "
         "concatenated back, then lax.cond(normalise, ...) on a Python bool; 12 weeks x 3 channels); the scan as a "
         "for over the rows of data[1:] appending, the cond as if/else")
def mmm_adstock(data, lag_weight=.9, normalise=True):
    def adstock_internal(prev_adstock, data, lag_weight=lag_weight):
        adstock_value = prev_adstock * lag_weight + data
        return adstock_value, adstock_value

    carry, adstock_values = data[0, ...], []
    for x in data[1:, ...]:
        carry, out = adstock_internal(carry, x)
        adstock_values.append(out)
    adstock_values = _stack(adstock_values)
    adstock_values = jnp.concatenate([jnp.array([data[0, ...]]), adstock_values])
    if normalise:
        return adstock_values / (1. / (1 - lag_weight))
    else:
        return adstock_values


# --- astro-informatics/s2fft: recursions/turok_jax.py `compute_slice` -------------------------------------------------

S2_L = 6
S2_MM = 1


def _north_pole(dl, el, L, mm):  # turok_jax.py (jit-decorated with static_argnums=(2, 3) in the library)
    dl = dl.at[:].set(0)
    if mm < 0:
        dl = dl.at[el + mm].set(1)
    else:
        dl = dl.at[2 * L - 2 - el + mm].set(1)
    return dl


def _south_pole(dl, el, L, mm):  # turok_jax.py
    dl = dl.at[:].set(0)
    if mm > 0:
        dl = dl.at[el - mm].set((-1) ** (el + mm))
    else:
        dl = dl.at[2 * L - 2 - el - mm].set((-1) ** (el + mm))
    return dl


def _el0(dl, L):  # turok_jax.py
    dl = dl.at[:].set(0)
    dl = dl.at[-1].set(1)
    return dl


def reindex(dl, el, L, mm):  # turok_jax.py
    dl = dl.at[: L - 1].set(jnp.roll(dl, L - el - 1)[: L - 1])
    dl = dl.at[L - 1 :].set(jnp.roll(dl, -(L - el - 1))[L - 1 :])
    m = jnp.arange(-L + 1, L + 1)
    dl = dl.at[L - 1 + m].multiply((-1) ** ((mm - m) % 2))
    return dl


def _compute_quarter_slice(dl, beta, el, L, mm, loop="lax"):
    # turok_jax.py; loop="python": its lax.fori_loop as a Python for, the lax.conds inside as ifs
    # These constants handle overflow by retrospectively renormalising
    big_const = 1e10
    bigi = 1.0 / big_const
    lbig = jnp.log(big_const)

    # Trigonometric constant adopted throughout
    c = jnp.cos(beta)
    s = jnp.sin(beta)
    t = jnp.tan(-beta / 2.0)
    lt = jnp.log(jnp.abs(t))
    c2 = jnp.cos(beta / 2.0)
    omc = 1.0 - c

    # Indexing boundaries
    half_slices = jnp.array([el + mm + 1, el - mm + 1], dtype=jnp.int64)
    lims = np.array([0, -1], dtype=np.int64)

    # Populate vectors for first row
    def log_first_row_iteration(log_first_row_i_minus_1, i):
        ratio = (2 * el + 2 - i - 1) / i
        log_first_row_i = log_first_row_i_minus_1 + jnp.log(ratio) / 2 + lt
        return log_first_row_i, log_first_row_i

    log_first_row_0 = 2 * el * jnp.log(abs(c2))
    if loop == "lax":
        _, log_first_row_1_to_L_plus_abs_mm = lax.scan(
            log_first_row_iteration, log_first_row_0, np.arange(1, L + abs(mm))
        )
    else:
        carry, outs = log_first_row_0, []
        for i in np.arange(1, L + abs(mm)):
            carry, out = log_first_row_iteration(carry, i)
            outs.append(out)
        log_first_row_1_to_L_plus_abs_mm = _stack(outs)
    log_first_row = jnp.concatenate(
        (
            jnp.atleast_1d(log_first_row_0),
            log_first_row_1_to_L_plus_abs_mm,
            jnp.zeros(L + 1 - abs(mm)),
        )
    )

    sign = (t / abs(t)) ** ((half_slices - 1) % 2)

    # Initialising coefficients cp(m)= cplus(l-m).
    m = jnp.arange(L)
    cpi = jnp.concatenate((2 / ((m + 1) * (2 * el - m)) ** 0.5, jnp.zeros(1)))
    cp2 = jnp.concatenate((jnp.zeros(1), cpi[1:] / cpi[:-1]))

    em = jnp.arange(1, L + 1)
    lrenorm = jnp.zeros(2, dtype=jnp.float64)

    # Static array of indices for first dimension of dl array
    indices = jnp.arange(2 * L - 1)

    for i in range(2):
        sgn = (-1) ** (i)

        # Initialise the vector
        dl = dl.at[lims[i]].set(1.0)
        lamb = ((el + 1) * omc - half_slices[i] + c) / s
        dl = dl.at[lims[i] + sgn].set(lamb * dl[lims[i]] * cpi[0])

        def renorm_iteration(m, dl_lrenorm):
            dl, lrenorm = dl_lrenorm
            lamb = ((el + 1) * omc - half_slices[i] + m * c) / s
            dl = dl.at[lims[i] + sgn * m].set(
                lamb * cpi[m - 1] * dl[lims[i] + sgn * (m - 1)]
                - cp2[m - 1] * dl[lims[i] + sgn * (m - 2)]
            )
            condition = dl[lims[i] + sgn * m] > big_const
            if loop == "lax":
                lrenorm = lax.cond(
                    condition, lambda x: x.at[i].add(-lbig), lambda x: x, lrenorm
                )
                dl = lax.cond(
                    condition,
                    lambda x: jnp.where((indices < (m + 1))[::sgn], bigi * x, x),
                    lambda x: x,
                    dl,
                )
            else:
                if condition:
                    lrenorm = lrenorm.at[i].add(-lbig)
                    dl = jnp.where((indices < (m + 1))[::sgn], bigi * dl, dl)
            return dl, lrenorm

        if loop == "lax":
            dl, lrenorm = lax.fori_loop(2, L, renorm_iteration, (dl, lrenorm))
        else:
            dl, lrenorm = _python_fori_loop(2, L, renorm_iteration, (dl, lrenorm))

        # Apply renormalisation
        renorm = sign[i] * jnp.exp(log_first_row[half_slices[i] - 1] - lrenorm[i])

        if i == 0:
            dl = dl.at[: L - 1].multiply(renorm)

        if i == 1:
            dl = dl.at[-em].multiply((-1) ** ((mm - em + el + 1) % 2) * renorm)

    return jnp.nan_to_num(dl, neginf=0, posinf=0)


def _compute_slice_twin(beta, el):
    # turok_jax.py compute_slice (L, mm static), its helpers jitted with their static_argnums as in the library
    L, mm = S2_L, S2_MM
    north = jax.jit(_north_pole, static_argnums=(2, 3))
    south = jax.jit(_south_pole, static_argnums=(2, 3))
    el0 = jax.jit(_el0, static_argnums=(1,))
    quarter = jax.jit(_compute_quarter_slice, static_argnums=(3, 4))
    dl = jnp.zeros(2 * L - 1, dtype=jnp.float64)
    dl = lax.cond(
        jnp.abs(beta) < 1e-10, lambda x: north(x, el, L, mm), lambda x: x, dl
    )
    dl = lax.cond(
        jnp.abs(beta - jnp.pi) < 1e-10,
        lambda x: south(x, el, L, mm),
        lambda x: x,
        dl,
    )
    dl = lax.cond(el == 0, lambda x: el0(x, L), lambda x: x, dl)
    dl = lax.cond(
        jnp.any(dl),
        lambda x: x,
        lambda x: quarter(x, beta, el, L, mm),
        dl,
    )

    return jax.jit(reindex, static_argnums=(2, 3))(dl, el, L, mm)


@program(twin=_compute_slice_twin, args=lambda: (jnp.float32(0.7), jnp.int32(3)), grad=(0,), loss=jnp.sum,
         vmap=(0, None), rtol=1e-4,
         known_failure="the library's own for over range(2) indexes a NumPy array (lims, a constant) by its index: "
                       "NumPy cannot take a traced index, so the loop is unrolled with an UnrolledLoopWarning (values "
                       "right; the library's loop is a Python loop too, unrolled by JAX)",
         source=S2FFT.format("recursions/turok_jax.py") + ", `compute_slice`, `_compute_quarter_slice`, "
         "`_north_pole`, `_south_pole`, `_el0`, `reindex` (a Wigner-d slice by the Turok & Bucher recursion: "
         "lax.conds on the poles, on el == 0 and on jnp.any(dl); the first row by a lax.scan over np.arange; two "
         "half-rows in a Python for over range(2), each a lax.fori_loop(2, L, ...) writing dl at lims[i] + sgn * m "
         "with two lax.conds renormalising past 1e10; the degree el traced, L=6 and mm=1 static; float64 requests "
         "are float32 without x64); the conds as ifs, the scan and fori_loop as Python fors, the library's jit "
         "decorators off")
def s2fft_wigner_slice(beta, el):
    L, mm = S2_L, S2_MM
    dl = jnp.zeros(2 * L - 1, dtype=jnp.float64)
    if jnp.abs(beta) < 1e-10:
        dl = _north_pole(dl, el, L, mm)
    if jnp.abs(beta - jnp.pi) < 1e-10:
        dl = _south_pole(dl, el, L, mm)
    if el == 0:
        dl = _el0(dl, L)
    if jnp.any(dl):
        dl = dl
    else:
        dl = _compute_quarter_slice(dl, beta, el, L, mm, loop="python")

    return reindex(dl, el, L, mm)


# --- astro-informatics/s2fft: recursions/price_mcewen.py `generate_precomputes_jax` ----------------------------------

S2_PM_L = 5
S2_PM_SPIN = 1


def generate_precomputes_jax(L, spin=0, sampling="mw", nside=None, forward=False, L_lower=0, betas=None,
                             fori_loop=lax.fori_loop):
    # price_mcewen.py (betas given, so s2_samples is not called; spin a Python int; its jit decorator off)
    mm = -spin
    L0 = L_lower
    # Correct for mw to mwss conversion
    if betas is None:
        raise NotImplementedError("s2fft.sampling is not part of this program: betas are given")
    else:
        beta = betas

    ntheta = len(beta)  # Number of theta samples
    el = jnp.arange(L0, L)

    # Trigonometric constant adopted throughout
    t = jnp.tan(-beta / 2.0)
    lt = jnp.log(jnp.abs(t))
    c2 = jnp.cos(beta / 2.0)

    # Indexing boundaries
    half_slices = [el + mm + 1, el - mm + 1]

    # Vectors with indexing -L < m < L adopted throughout
    cpi = jnp.zeros((L + 1, L - L0), dtype=jnp.float64)
    cp2 = jnp.zeros((L + 1, L - L0), dtype=jnp.float64)

    # Initialising coefficients cp(m)= cplus(l-m).
    cpi = cpi.at[0].add(2.0 / jnp.sqrt(2 * el))

    def cpi_cp2_loop(m, args):
        cpi, cp2 = args
        cpi = cpi.at[m - 1].add(2.0 / jnp.sqrt(m * (2 * el + 1 - m)))
        cp2 = cp2.at[m - 1].add(cpi[m - 1] / cpi[m - 2])
        return cpi, cp2

    cpi, cp2 = fori_loop(2, L + 1, cpi_cp2_loop, (cpi, cp2))

    def cpi_cp2_roll_loop(m, args):
        cpi, cp2 = args
        cpi = cpi.at[:, m - L0].set(jnp.roll(cpi[:, m - L0], (L - m - 1), axis=-1))
        cp2 = cp2.at[:, m - L0].set(jnp.roll(cp2[:, m - L0], (L - m - 1), axis=-1))
        return cpi, cp2

    cpi, cp2 = fori_loop(L0, L, cpi_cp2_roll_loop, (cpi, cp2))

    # Perform precomputations (these can be done offline)
    msign = jnp.hstack(((-1) ** (abs(jnp.arange(L - 1))), jnp.ones(L)))
    lsign = (-1) ** abs(mm + el)
    vsign = jnp.einsum("m,l->ml", msign, lsign, optimize=True)
    vsign = vsign.at[: L - 1].multiply((-1) ** abs(mm + 1 + L))

    # Populate vectors for first ro
    lrenorm = jnp.zeros((2, ntheta, L - L0), dtype=jnp.float64)
    log_first_row_iter = jnp.einsum(
        "l,t->tl", 2.0 * el, jnp.log(jnp.abs(c2)), optimize=True
    )

    ratio_update = jnp.arange(2 * L + 1)
    ratio = jnp.repeat(jnp.expand_dims(2 * el + 2, -1), 2 * L + 1, axis=-1)
    ratio -= ratio_update
    ratio /= ratio_update - 1
    ratio = jnp.log(jnp.swapaxes(ratio, 0, 1)) / 2

    for ind in range(2):
        lrenorm = lrenorm.at[ind].set(
            jnp.where(1 == half_slices[ind], log_first_row_iter, lrenorm[ind])
        )

    def renorm_m_loop(i, args):
        log_first_row_iter, lrenorm = args
        log_first_row_iter += ratio[i]
        log_first_row_iter = jnp.swapaxes(log_first_row_iter, 0, 1)
        log_first_row_iter += lt
        log_first_row_iter = jnp.swapaxes(log_first_row_iter, 0, 1)
        for ind in range(2):
            lrenorm = lrenorm.at[ind].set(
                jnp.where(i == half_slices[ind], log_first_row_iter, lrenorm[ind])
            )
        return log_first_row_iter, lrenorm

    _, lrenorm = fori_loop(
        2, L + abs(mm) + 2, renorm_m_loop, (log_first_row_iter, lrenorm)
    )

    indices = jnp.repeat(jnp.expand_dims(jnp.arange(L0, L), 0), ntheta, axis=0)

    lrenorm = jnp.nan_to_num(lrenorm, nan=0.0, posinf=0.0, neginf=0.0)
    cpi = jnp.nan_to_num(cpi, nan=0.0, posinf=0.0, neginf=0.0)
    cp2 = jnp.nan_to_num(cp2, nan=0.0, posinf=0.0, neginf=0.0)

    return [lrenorm, vsign, cpi, cp2, indices]


def _precomputes_twin(betas):
    return generate_precomputes_jax(S2_PM_L, S2_PM_SPIN, betas=betas)


@program(twin=_precomputes_twin, args=lambda: (jnp.linspace(0.3, 2.8, 4),), jvp=(0,), vmap=(0,), rtol=1e-4,
         source=S2FFT.format("recursions/price_mcewen.py") + ", `generate_precomputes_jax` (the Price-McEwen "
         "Wigner recursion's precomputes: three lax.fori_loops with traced indices, cpi/cp2 rows set at m - 1, "
         "columns rolled by jnp.roll with a shift of the loop index, the log first row accumulated and stored into "
         "lrenorm by jnp.where(i == half_slices[ind], ...) in a static for over range(2); L=5, spin=1, L_lower=0, 4 "
         "polar angles given as betas; float64 requests are float32 without x64); the fori_loops as Python fors")
def s2fft_price_mcewen_precomputes(betas):
    return generate_precomputes_jax(S2_PM_L, S2_PM_SPIN, betas=betas, fori_loop=_python_fori_loop)


# --- astro-informatics/s2fft: recursions/trapani.py `compute_quarter_jax` ---------------------------------------------

S2_TN_L = 6


def init_jax(dl, L):  # trapani.py (jit with static_argnums=(1,) in the library)
    el = 0
    dl = dl.at[el + L - 1, el + L - 1].set(1.0)
    return dl


def _arg_checks(dl, L, el):  # trapani.py (its checks are commented out in the library)
    pass


def compute_quarter_jax(dl, L, el, loop="lax"):
    # trapani.py (jit with static_argnums=(1,) in the library); loop="python": its lax.scan as a Python for
    _arg_checks(dl, L, el)

    dmm = jnp.zeros(L)

    # Equation (9) of T&N (2006).
    dmm = dmm.at[0].set(
        -jnp.sqrt((2 * el - 1) / (2 * el)) * dl[el - 1 + (L - 1), 0 + (L - 1)]
    )

    # Equation (10) of T&N (2006).
    mm = jnp.arange(1, L)
    dmm = dmm.at[mm].set(
        jnp.sqrt(el / 2 * (2 * el - 1) / (el + mm) / (el + mm - 1))
        * dl[el - 1 + (L - 1), mm - 1 + (L - 1)]
    )

    # Initialise dl for next el.
    mm = jnp.arange(L)
    dl = dl.at[el + (L - 1), mm + (L - 1)].set(dmm[mm])

    # Equation (11) of T&N (2006).
    # m = el-1 case (t2 = 0).
    m = el - 1
    dl = dl.at[m + (L - 1), mm + (L - 1)].set(
        2 * mm / jnp.sqrt((el - m) * (el + m + 1)) * dl[m + 1 + (L - 1), mm + (L - 1)]
    )

    # Equation (11) of T&N (2006).
    # Remaining m cases.
    # ms = jnp.arange(el - 2, -1, -1)
    ms = jnp.arange((L - 1) - 2, -1, -1) - (L - 1) + el
    ms_clip = jnp.where(ms < 0, 0, ms)
    t1_fact = jnp.sqrt((el - ms_clip) * (el + ms_clip + 1))
    t2_fact = jnp.sqrt(
        (el - ms_clip - 1) * (el + ms_clip + 2) / (el - ms_clip) / (el + ms_clip + 1)
    )

    def compute_dl_submatrix_slice(dl_slice_1_dl_slice_2, t1_fact_i_t2_fact_i):
        (
            t1_fact_i,
            t2_fact_i,
        ) = t1_fact_i_t2_fact_i
        dl_slice_1, dl_slice_2 = dl_slice_1_dl_slice_2
        t1 = 2 * mm / t1_fact_i * dl_slice_1
        t2 = t2_fact_i * dl_slice_2
        dl_slice_0 = t1 - t2
        return (dl_slice_0, dl_slice_1), dl_slice_0

    if loop == "lax":
        _, dl_submatrix = lax.scan(
            compute_dl_submatrix_slice,
            (dl[el - 1 + (L - 1), mm + (L - 1)], dl[el + (L - 1), mm + (L - 1)]),
            (t1_fact, t2_fact),
        )
    else:
        carry = (dl[el - 1 + (L - 1), mm + (L - 1)], dl[el + (L - 1), mm + (L - 1)])
        dl_submatrix = []
        for xs in zip(t1_fact, t2_fact):
            carry, out = compute_dl_submatrix_slice(carry, xs)
            dl_submatrix.append(out)
        dl_submatrix = _stack(dl_submatrix)

    dl = dl.at[ms[:, None] + (L - 1), mm[None] + (L - 1)].set(dl_submatrix)

    return dl


def _trapani_args():
    # the plane for el = 2 from init_jax and the library's recursion at el = 1, 2; then el = 3 is the program's
    L = S2_TN_L
    dl = init_jax(jnp.zeros((2 * L - 1, 2 * L - 1)), L)
    for el in (1, 2):
        dl = compute_quarter_jax(dl, L, el)
    return dl, jnp.int32(3)


def _trapani_twin(dl, el):
    return jax.jit(compute_quarter_jax, static_argnums=(1,))(dl, S2_TN_L, el)


@program(twin=_trapani_twin, args=_trapani_args, grad=(0,), loss=jnp.sum, vmap=(0, None), rtol=1e-4,
         source=S2FFT.format("recursions/trapani.py") + ", `compute_quarter_jax` and `init_jax` (Trapani & Navaza's "
         "recursion for the Wigner-d plane at pi/2, degree el traced: equations (9)-(10) by fancy-index sets, then "
         "equation (11) as a lax.scan over (t1_fact, t2_fact) carrying two rows; L=6, the plane for el=2 given, el=3 "
         "computed); the scan as a for over zip(t1_fact, t2_fact) appending")
def s2fft_trapani_quarter(dl, el):
    return compute_quarter_jax(dl, S2_TN_L, el, loop="python")


# --- kazewong/flowMC again: the same programs with the Python loops in their own methods (no static if around them) ---

class HMCPythonLoop(HMC):  # HMC with leapfrog_step's lax.scan written as a Python for (nothing else changed)
    def leapfrog_step(self, leapfrog_kernel, position, momentum, data, metric):
        carry = (position, momentum, data, metric, 0)
        for extras in jnp.arange(self.n_leapfrog + 2):
            carry, _ = leapfrog_kernel(carry, extras)
        (position, momentum, data, metric, index) = carry
        return position, momentum


class MALAPythonLoop(MALA):  # MALA.kernel with its lax.scan over the two keys written as a Python for
    def kernel(self, rng_key, position, log_prob, logpdf, data):
        def body(carry, this_key):
            this_position, dt, data = carry
            dt2 = dt * dt
            this_log_prob, this_d_log = jax.value_and_grad(logpdf)(this_position, data)
            proposal = this_position + jnp.dot(dt2, this_d_log) / 2
            proposal += jnp.dot(
                dt, jax.random.normal(this_key, shape=this_position.shape)
            )
            return (proposal, dt, data), (proposal, this_log_prob, this_d_log)

        key1, key2 = jax.random.split(rng_key)

        dt = self.step_size
        dt2 = dt * dt

        carry, proposal, logprob, d_logprob = (position, dt, data), [], [], []
        for this_key in jnp.array([key1, key1]):
            carry, (p, lp, dlp) = body(carry, this_key)
            proposal.append(p)
            logprob.append(lp)
            d_logprob.append(dlp)
        proposal, logprob, d_logprob = _stack(proposal), _stack(logprob), _stack(d_logprob)

        ratio = logprob[1] - logprob[0]
        ratio -= multivariate_normal.logpdf(
            proposal[0], position + jnp.dot(dt2, d_logprob[0]) / 2, dt2
        )
        ratio += multivariate_normal.logpdf(
            position, proposal[0] + jnp.dot(dt2, d_logprob[1]) / 2, dt2
        )

        log_uniform = jnp.log(jax.random.uniform(key2))
        do_accept = log_uniform < ratio

        position = jnp.where(do_accept, proposal[0], position)
        log_prob = jnp.where(do_accept, logprob[1], logprob[0])

        return position, log_prob, do_accept


class TakeSerialStepsPythonLoop(TakeSerialSteps):  # TakeSerialSteps.sample with its lax.scan as a Python for
    def sample(self, kernel, rng_key, initial_position, logpdf, data):
        carry = (rng_key, initial_position, logpdf(initial_position, data), logpdf, data)
        positions, log_probs, do_accepts = [], [], []
        for _ in range(self.n_steps):
            carry, (position, log_prob, do_accept) = self.body(kernel, carry, None)
            positions.append(position)
            log_probs.append(log_prob)
            do_accepts.append(do_accept)
        return _stack(positions), _stack(log_probs), _stack(do_accepts)


@program(twin=_flowmc_hmc_twin, args=_flowmc_args(1531), grad=(1, 2), loss=_flowmc_loss, vmap=(None, 0, None),
         rtol=1e-4,
         source=FLOWMC.format("strategy/take_steps.py") + ", `TakeSerialSteps.sample` with resource/kernel/HMC.py "
         "`HMC` (as flowmc_hmc_serial_steps: n_steps=5, 4 leapfrog steps), its two lax.scans written as Python fors "
         "in overriding methods rather than behind a static `if`")
def flowmc_hmc_serial_steps_methods(key, position, data):
    kernel = HMCPythonLoop(condition_matrix=jnp.diag(jnp.array([1.0, 0.5, 2.0])), step_size=0.1, n_leapfrog=4)
    return TakeSerialStepsPythonLoop(FM_STEPS).sample(kernel, key, position, jax.tree_util.Partial(_flowmc_logpdf),
                                                      data)


@program(twin=_flowmc_mala_twin, args=_flowmc_args(1541), grad=(1, 2), loss=_flowmc_loss, vmap=(None, 0, None),
         rtol=1e-4,
         source=FLOWMC.format("resource/kernel/MALA.py") + ", `MALA.kernel` under strategy/take_steps.py "
         "`TakeSerialSteps.sample` (as flowmc_mala_serial_steps: step size 0.3, n_steps=5), its two lax.scans "
         "written as Python fors in overriding methods rather than behind a static `if`")
def flowmc_mala_serial_steps_methods(key, position, data):
    return TakeSerialStepsPythonLoop(FM_STEPS).sample(MALAPythonLoop(0.3), key, position,
                                                      jax.tree_util.Partial(_flowmc_logpdf), data)
