"""A seventeenth set of programs, from a JAX repository the corpus did not cite before: CR-Sparse
(carnotresearch/cr-sparse: sparse recovery, compressive sensing and convex optimisation in JAX), with the few helpers it
imports from its companion CR-Nimble (carnotresearch/cr-nimble). Its solvers are ``lax.while_loop``s over a
``NamedTuple`` state built by an ``init``, stepped by a ``body`` and tested by a ``cond`` (an iteration bound ``and`` a
convergence test); several carry, as a comment under the call, the Python loop they stand for (``# state = init_func()``
/ ``# while cond_func(state):`` / ``#     state = body_func(state)``). Taken: ``opt/cg.py``'s conjugate gradients
(``solve_from``); ``sls/power.py``'s power iterations (stops on the relative change of the eigenvalue estimate);
``pursuit/mp.py``'s matching pursuit (an ``argmax`` picks the atom, the representation is updated at that traced index),
``pursuit/iht.py``'s iterative hard thresholding and ``pursuit/htp.py``'s hard thresholding pursuit (a least-squares
solve on the support, a ``cond`` that also asks whether the support still changes after ``min_iters``);
``cs/cs1bit/biht.py``'s binary IHT for 1-bit compressive sensing (stops when no bit mismatches, an integer count);
``cluster/kmeans.py``'s k-means from one seed (a random permutation picks the first centroids, stops when the distortion
stops falling); ``sls/ista.py`` and ``sls/fista.py`` (soft thresholding at the 20th percentile, ``default_threshold`` of
``sls/defs.py``, whose ``if np.iscomplexobj(x)`` is static); ``cvx/focuss.py``'s FOCUSS (iteratively reweighted least
squares, a ``while`` on the iteration count only); ``opt/proximal_ops/prox_sorted_l1.py``'s proximal operator of the
ordered weighted l1 norm (while the sorted, shifted vector is not non-increasing: average its increasing segments with
``segment_sum``); ``opt/spg.py``'s non-monotone line search (a ``while`` whose body holds a ``lax.cond`` choosing the
quadratic-interpolation step or the halved one) and the spectral projected gradient solver around it (a ``while``
holding that ``while``, a circular buffer of past values); ``opt/projectors/basic.py``'s projection on the second-order
cone (a ``lax.cond`` holding a ``lax.cond``), once on a point and once under ``jax.vmap`` over points in each of its
three branches. Fifteen programs.

The twin is the library's own ``lax`` code. ``plain`` is its Python form: ``lax.while_loop(cond, body, init())`` as the
library's own comment writes it, ``state = init()`` then ``while cond(state): state = body(state)``, and ``lax.cond(p,
f, g, None)`` as ``if p:`` / ``else:`` (``proj_conic``'s nested ``lax.cond`` as ``if`` / ``elif`` / ``else`` returning
from each branch). A ``loop=`` switch (not library code) selects the library's ``lax`` call or its Python form, the rest
of each function being shared; ``proj_conic``, made only of ``lax.cond``s, is written twice, the Python form named
``..._py``.

Each repository was fetched whole; each program names its commit. Adapted only in calling convention: the linear
operators (``cr.sparse.lop.Operator``) are a matrix wrapped in ``sls/defs.py``'s ``SimpleOp`` (``times``, ``trans``);
``SmoothFunction`` (``opt/smooth/smooth.py``) is built as its ``build`` does, without its ``jit`` wrappers; the
``matrix_solve``s return their ``RecoverySolution``'s ``x`` (``build_signal_from_indices_and_values`` over ``I`` and
``x_I``), ``r_norm_sqr`` and ``iterations`` (the named tuple's Python ``length`` is not an array); the step sizes the
library computes from ``upper_frame_bound`` (an SVD) outside the loop are arguments; matching pursuit's
``jax.debug.callback(tracker, state)`` (the default tracker does nothing) is left out; bounds the library leaves to a
default of 1,000 iterations are 200 for ``biht``, 100 for ``ista`` and 10 for ``fista``: their tangents grow sensitive
to rounding as the steps shrink (the jitted twin's JVP and the eager twin's, which the test compares with the converted
one's under ``jit``, part by 1.2e-4 relative for ISTA's ``x_change_norm`` after 200 steps, by 2e-4 for FISTA's after its
69; the converted program's JVP under ``jit`` equals the jitted twin's exactly). Matching pursuit is kept as written:
its body carries ``r_norm_sqr=y_norm_sqr`` (it computes the new residual norm and does not use it), so it always runs
``max_iters`` steps. FOCUSS returns its ``x`` and ``r_norm_sqr``: its ``while`` tests only ``iterations < max_iters``,
Python ints in the Python form, so that loop runs in Python while tracing and its counter is a Python int, which
``autograph.function`` returns as one (docs/functions.md, "What a traced function may return") and the test's comparison
cannot take. The problems solved are small and not library code: a 6 x 6 symmetric positive definite system; a 5 x 5
symmetric matrix; a 3-sparse signal in 32 dimensions measured by a 16 x 32 Gaussian dictionary (an 8 x 16 one for
matching pursuit, a 6 x 10 one for FOCUSS, run 2 iterations: its reweighting drives G towards singular, the third's
tangent parting by 5e-4 between the Python form under ``jit`` unconverted and the twin, the fourth NaN); 1-bit
measurements of a 2-sparse unit signal; twelve 2-D points in three clusters; a box-constrained least-squares problem in
5 variables for SPG.
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_sixteenth``).
"""

from __future__ import annotations

from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random, vmap
from jax.numpy.linalg import norm
from jax.ops import segment_sum

from jax_programs.programs import program

CR_SPARSE = "carnotresearch/cr-sparse@be3c74a96df671d86ea24ee5d029da5d07fa2512 (Apache-2.0) src/cr/sparse/_src/{}"
CR_NIMBLE = "carnotresearch/cr-nimble@d453b26a151dcbd789ee859c0e1f8e2c291f6e5c (Apache-2.0) src/cr/nimble/_src/{}"


# === CR-Nimble: the helpers CR-Sparse imports =========================================================================

def arr_l2norm(x):  # ndarray.py (promote_arg_dtypes left out: the arrays here are float32)
    x = jnp.asarray(x)
    return jnp.sqrt(jnp.abs(jnp.vdot(x, x)))


def arr_l2norm_sqr(x):  # ndarray.py
    x = jnp.asarray(x)
    return jnp.vdot(x, x)


def diag_premultiply(d, A):  # matrix.py
    """Compute D @ A where D is a diagonal matrix with entries from vector d"""
    return jnp.multiply(d[:, None], A)


def is_nonincreasing_vec(x):  # vector.py
    return jnp.all(jnp.diff(x) <= 0)


def cbuf_push_left(buf, val):  # vector.py
    return buf.at[1:].set(buf[:-1]).at[0].set(val)


def hard_threshold(x, K):  # dsp/thresholding.py
    """Returns the indices and corresponding values of largest K non-zero entries in a vector x"""
    indices = jnp.argsort(jnp.abs(x))
    I = indices[:-K - 1:-1]  # noqa: E741 - the library's name
    x_I = x[I]
    return I, x_I


def hard_threshold_sorted(x, K):  # dsp/thresholding.py
    # Sort entries in x by their magnitude
    indices = jnp.argsort(jnp.abs(x))
    # Pick the indices of K-largest (magnitude) entries in x (from behind)
    I = indices[:-K - 1:-1]  # noqa: E741
    # Make sure that indices are sorted in ascending order
    I = jnp.sort(I)  # noqa: E741
    # Pick corresponding values
    x_I = x[I]
    return I, x_I


def build_signal_from_indices_and_values(length, indices, values):  # dsp/sparse.py
    x = jnp.zeros(length, dtype=values.dtype)
    indices = jnp.asarray(indices)
    values = jnp.asarray(values)
    return x.at[indices].set(values)


# === CR-Sparse ========================================================================================================

# --- sls/defs.py ------------------------------------------------------------------------------------------------------

identity_func = lambda x: x  # noqa: E731 - as the library writes it


class SimpleOp(NamedTuple):
    times: Callable[[jnp.ndarray], jnp.ndarray]
    trans: Callable[[jnp.ndarray], jnp.ndarray]


identity_op = SimpleOp(times=identity_func, trans=identity_func)


def default_threshold(i, x):
    """Default thresholding function (no decay)"""
    # Get the 20 percentile in magnitude
    tau = jnp.percentile(jnp.abs(x), 20)
    if np.iscomplexobj(x):  # static: a dtype test
        return jnp.maximum(jnp.abs(x) - tau, 0.) * jnp.exp(1j * jnp.angle(x))
    else:
        return jnp.maximum(0, x - tau) + jnp.minimum(0, x + tau)


def matrix_op(A):
    """Not library code: a matrix as the operator the solvers take (lop.matrix's times and trans)."""
    return SimpleOp(times=lambda x: A @ x, trans=lambda x: A.T @ x)


# --- opt/cg.py --------------------------------------------------------------------------------------------------------

class CGState(NamedTuple):
    x: jnp.ndarray
    r: jnp.ndarray
    p: jnp.ndarray
    r_norm_sqr: jnp.ndarray
    iterations: int


def cg_solve_from(A, b, x_0, max_iters=None, res_norm_rtol=1e-4, loop="lax"):
    """Solves the problem :math:`Ax  = b` for a symmetric positive definite :math:`A` via conjugate gradients
    iterations with an initial guess."""
    # Boyd Conjugate Gradients slide 22
    m, n = A.shape

    b_norm_sqr = b.T @ b

    max_r_norm_sqr = b_norm_sqr * (res_norm_rtol ** 2)
    if max_iters is None:
        max_iters = m

    def init():
        # Complete one iteration
        r = b - A @ x_0
        # residual energy
        r_norm_sqr = r.T @ r
        # first conjugate direction
        p = r
        return CGState(x=x_0, r=r, p=p, r_norm_sqr=r_norm_sqr, iterations=0)

    def iteration(state):
        # individual iteration
        p = state.p
        # common term in the computation of p.T @ A @ p and residual update
        Ap = A @ p
        # x step size along the conjugate direction
        alpha = state.r_norm_sqr / (p.T @ Ap)
        # update the solution x
        x = state.x + alpha * p
        # update the residual r
        r = state.r - alpha * Ap
        # update residual energy
        rho_1 = r.T @ r
        rho_2 = state.r_norm_sqr
        # direction update step size
        beta = rho_1 / rho_2
        # compute next conjugate direction
        p = r + beta * p
        # update state
        return CGState(x=x, r=r, p=p, r_norm_sqr=rho_1, iterations=state.iterations + 1)

    def cond(state):
        # limit on residual norm
        a = state.r_norm_sqr > max_r_norm_sqr
        # limit on number of iterations
        b = state.iterations < max_iters
        c = jnp.logical_and(a, b)
        return c

    if loop == "lax":
        state = lax.while_loop(cond, iteration, init())
    else:
        state = init()
        while cond(state):
            state = iteration(state)
    return state


def _spd_args():
    m = jax.random.normal(jax.random.key(170), (6, 6))
    return m @ m.T / 6 + jnp.eye(6), jax.random.normal(jax.random.key(171), (6,))


@program(twin=lambda A, b: cg_solve_from(A, b, jnp.zeros(A.shape[0])), args=_spd_args, jvp=(0, 1), vmap=(None, 0),
         rtol=1e-4,
         source=CR_SPARSE.format("opt/cg.py") + ", `solve_from` with `solve`'s x_0 = 0 (while the residual is "
         "above the tolerance and iterations < m: a CG step)")
def cr_sparse_cg(A, b):
    return cg_solve_from(A, b, jnp.zeros(A.shape[0]), loop="python")


# --- sls/power.py -----------------------------------------------------------------------------------------------------

class PowerIterState(NamedTuple):
    v: jnp.ndarray
    old_estimate: float
    new_estimate: float
    iterations: int


class PowerIterSolution(NamedTuple):
    v: jnp.ndarray
    s: float
    iterations: int


def power_iterations(operator, b, max_iters=100, error_tolerance=1e-6, loop="lax"):
    """Computes the largest eigen value of a (symmetric) linear operator by power method"""
    def init():
        return PowerIterState(v=b, old_estimate=-1e20, new_estimate=1e20, iterations=0)

    def cond(state):
        # check if the gap between new and old estimate is still high
        change = state.new_estimate - state.old_estimate
        relchange = jnp.abs(change / state.old_estimate)
        not_converged = jnp.greater(relchange, error_tolerance)
        # return true if the the algorithm hasn't converged and there are more iterations to go
        return jnp.logical_and(state.iterations < max_iters, not_converged)

    def body(state):
        """One step of power iteration."""
        v = state.v
        # normalize
        v_norm = arr_l2norm(v)
        v = v / v_norm
        # compute the next vector
        v_new = operator.times(v)
        # estimate the eigen value
        new_estimate = jnp.vdot(v, v_new)
        return PowerIterState(v=v_new, old_estimate=state.new_estimate, new_estimate=new_estimate,
                              iterations=state.iterations + 1)

    if loop == "lax":
        state = lax.while_loop(cond, body, init())
    else:
        state = init()
        while cond(state):
            state = body(state)
    # We have converged
    v = state.v
    # normalize the eigen vector again
    v = v / arr_l2norm(v)
    return PowerIterSolution(v=v, s=state.new_estimate, iterations=state.iterations)


def _symmetric_args():
    m = jax.random.normal(jax.random.key(172), (5, 5))
    return m + m.T + jnp.diag(jnp.array([6.0, 0.0, 0.0, 0.0, 0.0])), jnp.ones(5)


@program(twin=lambda A, b: power_iterations(matrix_op(A), b), args=_symmetric_args, jvp=(0,), vmap=(0, None),
         rtol=1e-4,
         source=CR_SPARSE.format("sls/power.py") + ", `power_iterations` (while iterations < max_iters and the "
         "relative change of the eigenvalue estimate is above the tolerance)")
def cr_sparse_power_iterations(A, b):
    return power_iterations(matrix_op(A), b, loop="python")


# --- pursuit/mp.py ----------------------------------------------------------------------------------------------------

class MPState(NamedTuple):
    x: jnp.ndarray
    r: jnp.ndarray
    r_norm_sqr: float
    iterations: int


def mp_matrix_solve(Phi, y, max_iters=100, res_norm_rtol=1e-4, loop="lax"):
    r"""Solves the sparse recovery problem :math:`y = \Phi x + e` using matching pursuit algorithm"""
    ## Initialize some constants for the algorithm
    m, n = Phi.shape

    # squared norm of the signal
    y_norm_sqr = y.T @ y
    # limit on r norm square
    max_r_norm_sqr = y_norm_sqr * (res_norm_rtol ** 2)

    zero_vec = jnp.zeros(n)  # noqa: F841 - as in the library

    def init_func():
        # initialize residual
        r = y
        x = jnp.zeros(n)
        return MPState(x=x, r=r, r_norm_sqr=y_norm_sqr, iterations=0)

    def body_func(state):
        h = Phi.T @ state.r
        abs_h = jnp.abs(h)
        # find the maximum in the column
        best_match_index = jnp.argmax(abs_h)
        # pick corresponding correlation value
        coeff = h[best_match_index]
        # update the representation
        x = state.x.at[best_match_index].add(coeff)
        # find the best match atom
        atom = Phi[:, best_match_index]
        # update the residual
        r = state.r - coeff * atom
        # Compute residual norm squared
        r_norm_sqr = r.T @ r  # noqa: F841 - as in the library (the state carries y_norm_sqr)
        return MPState(x=x, r=r, r_norm_sqr=y_norm_sqr, iterations=state.iterations + 1)

    def cond_func(state):
        # limit on residual norm
        a = state.r_norm_sqr > max_r_norm_sqr
        # limit on number of iterations
        b = state.iterations < max_iters
        c = jnp.logical_and(a, b)
        return c

    if loop == "lax":
        state = lax.while_loop(cond_func, body_func, init_func())
    else:
        # (the library's own comment)
        state = init_func()
        while cond_func(state):
            state = body_func(state)
    return state


def _dictionary(key, m, n):
    """Not library code: a Gaussian dictionary with unit-norm atoms (crdict.gaussian_mtx(..., normalize_atoms=True))."""
    phi = jax.random.normal(jax.random.key(key), (m, n))
    return phi / norm(phi, axis=0)


def _sparse_signal(n, support, values):
    return jnp.zeros(n).at[jnp.array(support)].set(jnp.array(values))


def _mp_args():
    phi = _dictionary(175, 8, 16)
    return phi, phi @ _sparse_signal(16, [2, 7, 11], [1.0, -0.7, 0.4])


@program(twin=lambda Phi, y: mp_matrix_solve(Phi, y, max_iters=20), args=_mp_args, jvp=(1,), vmap=(None, 0),
         rtol=1e-4,
         source=CR_SPARSE.format("pursuit/mp.py") + ", `matrix_solve` (the library's comment: while cond_func(state): "
         "state = body_func(state); an argmax picks the atom, x.at[index].add)")
def cr_sparse_matching_pursuit(Phi, y):
    return mp_matrix_solve(Phi, y, max_iters=20, loop="python")


# --- pursuit/iht.py, pursuit/htp.py -----------------------------------------------------------------------------------

class RecoverySolution(NamedTuple):  # pursuit/defs.py
    x_I: jnp.ndarray
    I: jnp.ndarray  # noqa: E741
    r: jnp.ndarray
    r_norm_sqr: jnp.ndarray
    iterations: int
    length: int

    @property
    def x(self):
        return build_signal_from_indices_and_values(self.length, self.I, self.x_I)


class HTPState(NamedTuple):  # pursuit/defs.py
    x_I: jnp.ndarray
    I: jnp.ndarray  # noqa: E741
    r: jnp.ndarray
    r_norm_sqr: jnp.ndarray
    iterations: int
    I_prev: jnp.ndarray
    x_I_prev: jnp.ndarray
    r_norm_sqr_prev: jnp.ndarray


IHTState = HTPState


def iht_matrix_solve(Phi, y, K, normalized=False, step_size=None, max_iters=None, res_norm_rtol=1e-4, loop="lax"):
    """Solves the sparse recovery problem :math:`y = \\Phi x + e` using Iterative Hard Thresholding for matrices
    (step_size: the library's 0.98 / crdict.upper_frame_bound(Phi), an argument)"""
    ## Initialize some constants for the algorithm
    M, N = Phi.shape

    # squared norm of the signal
    y_norm_sqr = y.T @ y

    max_r_norm_sqr = y_norm_sqr * (res_norm_rtol ** 2)

    if max_iters is None:
        max_iters = M

    min_iters = min(3 * K, 20)  # noqa: F841 - as in the library

    def compute_step_size(h, I):  # noqa: E741
        h_I = h[I]
        Phi_I = Phi[:, I]
        # Step size calculation
        Ah = Phi_I @ h_I
        mu = h_I.T @ h_I / (Ah.T @ Ah)
        return mu

    def get_step_size(h, I):  # noqa: E741
        return compute_step_size(h, I) if normalized else step_size

    def init():
        # Data for the previous approximation [r = y, x = 0]
        I_prev = jnp.arange(0, K)
        x_I_prev = jnp.zeros(K)
        r_norm_sqr_prev = y_norm_sqr
        # Assume previous estimate to be zero and conduct first iteration
        # compute the correlations of atoms with signal y
        h = Phi.T @ y
        mu = get_step_size(h, I_prev)
        # update
        x = mu * h
        # threshold
        I, x_I = hard_threshold(x, K)  # noqa: E741
        # Form the subdictionary of corresponding atoms
        Phi_I = Phi[:, I]
        # Compute new residual
        r = y - Phi_I @ x_I
        # Compute residual norm squared
        r_norm_sqr = r.T @ r
        return IHTState(x_I=x_I, I=I, r=r, r_norm_sqr=r_norm_sqr, iterations=1,
                        I_prev=I_prev, x_I_prev=x_I_prev, r_norm_sqr_prev=r_norm_sqr_prev)

    def body(state):
        I_prev = state.I
        x_I_prev = state.x_I
        r_norm_sqr_prev = state.r_norm_sqr
        # compute the correlations of dictionary atoms with the residual
        h = Phi.T @ state.r
        # current approximation
        x = build_signal_from_indices_and_values(N, state.I, state.x_I)
        # Step size calculation
        mu = get_step_size(h, I_prev)
        # update
        x = x + mu * h
        # threshold
        I, x_I = hard_threshold(x, K)  # noqa: E741
        # Form the subdictionary of corresponding atoms
        Phi_I = Phi[:, I]
        # Compute new residual
        r = y - Phi_I @ x_I
        # Compute residual norm squared
        r_norm_sqr = r.T @ r
        return IHTState(x_I=x_I, I=I, r=r, r_norm_sqr=r_norm_sqr, iterations=state.iterations + 1,
                        I_prev=I_prev, x_I_prev=x_I_prev, r_norm_sqr_prev=r_norm_sqr_prev)

    def cond(state):
        # limit on residual norm
        a = state.r_norm_sqr > max_r_norm_sqr
        # limit on number of iterations
        b = state.iterations < max_iters
        c = jnp.logical_and(a, b)
        # overall condition
        return c

    if loop == "lax":
        state = lax.while_loop(cond, body, init())
    else:
        state = init()
        while cond(state):
            state = body(state)
    return RecoverySolution(x_I=state.x_I, I=state.I, r=state.r, r_norm_sqr=state.r_norm_sqr,
                            iterations=state.iterations, length=Phi.shape[1])


def htp_matrix_solve(Phi, y, K, normalized=False, step_size=None, max_iters=None, res_norm_rtol=1e-4, loop="lax"):
    """Solves the sparse recovery problem :math:`y = \\Phi x + e` using Hard Thresholding Pursuit for matrices
    (step_size: the library's 0.98 / crdict.upper_frame_bound(Phi), an argument)"""
    ## Initialize some constants for the algorithm
    M, N = Phi.shape

    # squared norm of the signal
    y_norm_sqr = y.T @ y

    max_r_norm_sqr = y_norm_sqr * (res_norm_rtol ** 2)

    if max_iters is None:
        max_iters = M

    min_iters = min(3 * K, 20)

    def compute_step_size(h, I):  # noqa: E741
        h_I = h[I]
        Phi_I = Phi[:, I]
        # Step size calculation
        Ah = Phi_I @ h_I
        mu = h_I.T @ h_I / (Ah.T @ Ah)
        return mu

    def get_step_size(h, I):  # noqa: E741
        return compute_step_size(h, I) if normalized else step_size

    def init():
        # Data for the previous approximation [r = y, x = 0]
        I_prev = jnp.arange(0, K)
        x_I_prev = jnp.zeros(K)
        r_norm_sqr_prev = y_norm_sqr
        # Assume previous estimate to be zero and conduct first iteration
        # compute the correlations of atoms with signal y
        h = Phi.T @ y
        mu = get_step_size(h, I_prev)
        # update
        x = mu * h
        # threshold
        I, x_I = hard_threshold(x, K)  # noqa: E741
        # Form the subdictionary of corresponding atoms
        Phi_I = Phi[:, I]
        # Compute new residual
        r = y - Phi_I @ x_I
        # Compute residual norm squared
        r_norm_sqr = r.T @ r
        return HTPState(x_I=x_I, I=I, r=r, r_norm_sqr=r_norm_sqr, iterations=1,
                        I_prev=I_prev, x_I_prev=x_I_prev, r_norm_sqr_prev=r_norm_sqr_prev)

    def iteration(state):
        I_prev = state.I
        x_I_prev = state.x_I
        r_norm_sqr_prev = state.r_norm_sqr
        # compute the correlations of dictionary atoms with the residual
        h = Phi.T @ state.r
        # current approximation
        x = build_signal_from_indices_and_values(N, state.I, state.x_I)
        # Step size calculation
        mu = get_step_size(h, I_prev)
        # update
        x = x + mu * h
        # threshold
        I, x_I = hard_threshold_sorted(x, K)  # noqa: E741
        # Form the subdictionary of corresponding atoms
        Phi_I = Phi[:, I]
        # Solve least squares over the selected K indices
        x_I, _, _, _ = jnp.linalg.lstsq(Phi_I, y)
        # Compute new residual
        y_hat = Phi_I @ x_I
        r = y - y_hat
        # Compute residual norm squared
        r_norm_sqr = r.T @ r
        return HTPState(x_I=x_I, I=I, r=r, r_norm_sqr=r_norm_sqr, iterations=state.iterations + 1,
                        I_prev=I_prev, x_I_prev=x_I_prev, r_norm_sqr_prev=r_norm_sqr_prev)

    def cond(state):
        # limit on residual norm
        a = state.r_norm_sqr > max_r_norm_sqr
        # limit on number of iterations
        b = state.iterations < max_iters
        c = jnp.logical_and(a, b)
        # checking if support is still changing
        d = jnp.any(jnp.not_equal(state.I, state.I_prev))
        # consider support change only after some iterations
        d = jnp.logical_or(state.iterations < min_iters, d)
        c = jnp.logical_and(c, d)
        # overall condition
        return c

    if loop == "lax":
        state = lax.while_loop(cond, iteration, init())
    else:
        state = init()
        while cond(state):
            state = iteration(state)
    return RecoverySolution(x_I=state.x_I, I=state.I, r=state.r, r_norm_sqr=state.r_norm_sqr,
                            iterations=state.iterations, length=Phi.shape[1])


def _recovery_args():
    phi = _dictionary(176, 16, 32) * 0.5
    y = phi @ _sparse_signal(32, [3, 17, 25], [1.5, -1.0, 0.8])
    step_size = 0.98 / jnp.linalg.svd(phi, False, False)[0] ** 2
    return phi, y, step_size


def _solution(sol):
    return sol.x, sol.r_norm_sqr, sol.iterations


@program(twin=lambda Phi, y, mu: _solution(iht_matrix_solve(Phi, y, 3, step_size=mu)), args=_recovery_args,
         jvp=(1,), vmap=(None, 0, None), rtol=1e-4,
         source=CR_SPARSE.format("pursuit/iht.py") + ", `matrix_solve` (while the residual is above the tolerance "
         "and iterations < M: a gradient step, hard thresholding to K entries)")
def cr_sparse_iht(Phi, y, step_size):
    return _solution(iht_matrix_solve(Phi, y, 3, step_size=step_size, loop="python"))


@program(twin=lambda Phi, y, mu: _solution(htp_matrix_solve(Phi, y, 3, step_size=mu)), args=_recovery_args,
         vmap=(None, 0, None), rtol=1e-4,
         source=CR_SPARSE.format("pursuit/htp.py") + ", `matrix_solve` (while the residual is above the tolerance, "
         "iterations < M and, after min_iters, the support still changes: a least-squares solve on the support)")
def cr_sparse_htp(Phi, y, step_size):
    return _solution(htp_matrix_solve(Phi, y, 3, step_size=step_size, loop="python"))


# --- cs/cs1bit/biht.py ------------------------------------------------------------------------------------------------

class BIHTState(NamedTuple):
    x_I: jnp.ndarray
    I: jnp.ndarray  # noqa: E741
    r: jnp.ndarray
    n_mismatched_bits: jnp.ndarray
    iterations: int


def biht(Phi, y, K, tau, max_iters=1000, loop="lax"):
    r"""Solves the 1-bit compressive sensing problem :math:`\text{sgn} (\\Phi x) = y` using Binary Iterative Hard
    Thresholding"""
    ## Initialize some constants for the algorithm
    M, N = Phi.shape

    def init():
        # Data for the initial approximation [r = y, x = 0]
        I = jnp.arange(0, K)  # noqa: E741
        x_I = jnp.zeros(K)
        # Assume initial estimate to be zero and compute residual
        # compute the 1 bit output based on current x estimate
        y_int = Phi[:, I] @ x_I
        y_hat = jnp.sign(y_int)
        # difference between actual y and current estimate
        r = y - y_hat
        n_mismatched_bits = jnp.sum(r != 0)
        return BIHTState(x_I=x_I, I=I, r=r, n_mismatched_bits=n_mismatched_bits, iterations=0)

    def body(state):
        # Compute the correlation of the residual with the atoms of Phi
        h = Phi.T @ state.r
        # current approximation
        x = build_signal_from_indices_and_values(N, state.I, state.x_I)
        # update
        x = x + tau / 2 * h
        # threshold
        I, x_I = hard_threshold(x, K)  # noqa: E741
        # Form the subdictionary of corresponding atoms
        Phi_I = Phi[:, I]
        # compute the 1 bit output based on current x estimate
        y_int = Phi_I @ x_I
        y_hat = jnp.sign(y_int)
        # Compute new residual
        # difference between actual y and current estimate
        r = y - y_hat
        # Compute residual norm squared
        n_mismatched_bits = jnp.sum(r != 0)
        # update new state
        return BIHTState(x_I=x_I, I=I, r=r, n_mismatched_bits=n_mismatched_bits, iterations=state.iterations + 1)

    def cond(state):
        # limit on residual norm
        a = state.n_mismatched_bits > 0
        # limit on number of iterations
        b = state.iterations < max_iters
        c = jnp.logical_and(a, b)
        # overall condition
        return c

    if loop == "lax":
        state = lax.while_loop(cond, body, init())
    else:
        state = init()
        while cond(state):
            state = body(state)
    return state


def _biht_args():
    phi = jax.random.normal(jax.random.key(177), (32, 16))
    x = _sparse_signal(16, [4, 9], [0.8, -0.6])
    return phi, jnp.sign(phi @ x), 0.98 / jnp.linalg.svd(phi, False, False)[0]


@program(twin=lambda Phi, y, tau: biht(Phi, y, 2, tau, max_iters=200), args=_biht_args, vmap=(None, None, 0),
         jvp=(2,), rtol=1e-4,
         source=CR_SPARSE.format("cs/cs1bit/biht.py") + ", `biht` (while some bit mismatches and iterations < "
         "max_iters: a step along Phi^T r, hard thresholding)")
def cr_sparse_biht(Phi, y, tau):
    return biht(Phi, y, 2, tau, max_iters=200, loop="python")


# --- cluster/kmeans.py ------------------------------------------------------------------------------------------------

class KMeansState(NamedTuple):
    centroids: jnp.ndarray
    assignment: jnp.ndarray
    distortion: float
    prev_distortion: float
    iterations: int


def find_nearest(point, centroids):
    """Returns the index of the nearest centroid for a specific point"""
    return jnp.argmin(vmap(norm)(centroids - point))


def find_assignment(points, centroids):
    """Finds the assignment of each point to a specific centroid"""
    assignment = vmap(lambda point: find_nearest(point, centroids))(points)
    errors = centroids[assignment, :] - points
    distances = vmap(norm)(errors)
    return assignment, distances


def assignment_counts(assignment, k):
    """Returns the number of points in each cluster based on the current assignment

    If a cluster has no points, we return 1.
    """
    return ((assignment[jnp.newaxis, :] == jnp.arange(k)[:, jnp.newaxis])
            .sum(axis=1, keepdims=True)
            .clip(min=1))


def find_new_centroids(assignment, points, k):
    """Finds new centroids based on current assignment"""
    counts = assignment_counts(assignment, k)
    new_centroids = jnp.sum(
        jnp.where(
            # axes: (data points, clusters, data dimension)
            assignment[:, jnp.newaxis, jnp.newaxis] == jnp.arange(k)[jnp.newaxis, :, jnp.newaxis],
            points[:, jnp.newaxis, :],
            0.,
        ),
        axis=0,
    ) / counts
    return new_centroids


def kmeans_with_seed(key, points, k, thresh=1e-5, max_iters=100, loop="lax"):
    """Runs the k-means algorithm for a specific random initialization"""
    # number of points
    n = points.shape[0]

    def init():
        # select k points as initial centroids randomly
        indices = random.permutation(key, jnp.arange(n))[:k]
        # the initial centroids
        centroids = points[indices, :]
        # assign all points to centroids and compute distances
        assignment, distances = find_assignment(points, centroids)
        distortion = jnp.mean(distances)
        # algorithm state
        return KMeansState(centroids=centroids, assignment=assignment, distortion=distortion,
                           prev_distortion=jnp.inf, iterations=0)

    def body(state):
        # update centroids
        centroids = find_new_centroids(state.assignment, points, k)
        # update assignment
        assignment, distances = find_assignment(points, centroids)
        # mean distance
        distortion = jnp.mean(distances)
        # algorithm state
        return KMeansState(centroids=centroids, assignment=assignment, distortion=distortion,
                           prev_distortion=state.distortion, iterations=state.iterations + 1)

    def cond(state):
        # check if the mean distance has updated enough
        gap = state.prev_distortion - state.distortion
        return jnp.logical_and(gap > thresh, state.iterations < max_iters)

    if loop == "lax":
        state = lax.while_loop(cond, body, init())
    else:
        # (the library's own comment)
        state = init()
        while cond(state):
            state = body(state)
    return state


def _kmeans_args():
    centres = jnp.array([[0.0, 0.0], [3.0, 3.0], [-3.0, 2.0]])
    points = jnp.repeat(centres, 4, axis=0) + 0.6 * jax.random.normal(jax.random.key(178), (12, 2))
    return jax.random.PRNGKey(3), points


@program(twin=lambda key, points: kmeans_with_seed(key, points, 3), args=_kmeans_args, vmap=(0, None),
         jvp=(1,), rtol=1e-4,
         source=CR_SPARSE.format("cluster/kmeans.py") + ", `kmeans_with_seed` (the library's comment: while "
         "cond(state): state = body(state); while the distortion falls by more than thresh)")
def cr_sparse_kmeans(key, points):
    return kmeans_with_seed(key, points, 3, loop="python")


# --- sls/ista.py, sls/fista.py ----------------------------------------------------------------------------------------

class ISTAState(NamedTuple):
    x: jnp.ndarray
    r: jnp.ndarray
    r_norm_sqr: jnp.ndarray
    x_change_norm: jnp.ndarray
    iterations: int


def ista(operator, b, x0, step_size, threshold_func=default_threshold, basis=identity_op, res_norm_rtol=1e-3,
         x_norm_change_tol=1e-10, max_iters=1000, loop="lax"):
    r"""Solves :math:`\min_{x} \frac{1}{2}\| b - A x \|_2^2 + \lambda \mathbf{R}(x)` via iterative shrinkage and
    thresholding."""
    b_norm_sqr = arr_l2norm_sqr(b)
    r_norm_sqr_threshold = b_norm_sqr * (res_norm_rtol ** 2)

    def init():
        # compute the initial residual
        r = b - operator.times(x0)
        # compute the norm of the initial residual
        r_norm_sqr = arr_l2norm_sqr(r)
        return ISTAState(x=x0, r=r, r_norm_sqr=r_norm_sqr, x_change_norm=1e10, iterations=0)

    def body(state):
        # compute the gradient step
        grad = step_size * operator.trans(state.r)
        # update the solution
        x = state.x + grad
        # compute the representation of x in the sparsifying basis
        alpha = basis.trans(x)
        # apply the thresholding function on the sparse representation
        alpha = threshold_func(state.iterations, alpha)
        # convert back to data space
        x = basis.times(alpha)
        # update the residual
        r = b - operator.times(x)
        # compute the norm of the current residual
        r_norm_sqr = arr_l2norm_sqr(r)
        x_change_norm = arr_l2norm(x - state.x)
        return ISTAState(x=x, r=r, r_norm_sqr=r_norm_sqr, x_change_norm=x_change_norm,
                         iterations=state.iterations + 1)

    def cond(state):
        not_converged = jnp.greater(state.r_norm_sqr, r_norm_sqr_threshold)
        not_converged = jnp.logical_and(state.x_change_norm > x_norm_change_tol, not_converged)
        # return true if the the algorithm hasn't converged and there are more iterations to go
        return jnp.logical_and(state.iterations < max_iters, not_converged)

    if loop == "lax":
        state = lax.while_loop(cond, body, init())
    else:
        state = init()
        while cond(state):
            state = body(state)
    return state


class FISTAState(NamedTuple):
    x: jnp.ndarray
    z: jnp.ndarray
    r: jnp.ndarray
    t: float
    r_norm_sqr: jnp.ndarray
    x_change_norm: jnp.ndarray
    iterations: int


def fista(operator, b, x0, step_size, threshold_func=default_threshold, basis=identity_op, res_norm_rtol=1e-3,
          x_norm_change_tol=1e-10, max_iters=1000, loop="lax"):
    r"""Solves :math:`\min_{x} \frac{1}{2}\| b - A x \|_2^2 + \lambda \mathbf{R}(x)` via fast iterative shrinkage and
    thresholding."""
    b_norm_sqr = arr_l2norm_sqr(b)
    r_norm_sqr_threshold = b_norm_sqr * (res_norm_rtol ** 2)

    def init():
        # compute the initial residual
        r = b - operator.times(x0)
        # compute the norm of the initial residual
        r_norm_sqr = arr_l2norm_sqr(r)
        return FISTAState(x=x0, z=x0, r=r, t=1., r_norm_sqr=r_norm_sqr, x_change_norm=1e10, iterations=0)

    def body(state):
        # compute the gradient step
        grad = step_size * operator.trans(state.r)
        # update the solution
        x = state.z + grad
        # compute the representation of x in the sparsifying basis
        alpha = basis.trans(x)
        # apply the thresholding function on the sparse representation
        alpha = threshold_func(state.iterations, alpha)
        # convert back to data space
        x = basis.times(alpha)
        # update t
        t = (1. + jnp.sqrt(1. + 4. * state.t ** 2)) / 2.
        # update z
        z = x + ((state.t - 1.) / t) * (x - state.x)
        # update the residual
        r = b - operator.times(z)
        # compute the norm of the current residual
        r_norm_sqr = arr_l2norm_sqr(r)
        # compute the norm of change in x
        x_change_norm = arr_l2norm(x - state.x)
        return FISTAState(x=x, z=z, r=r, t=t, r_norm_sqr=r_norm_sqr, x_change_norm=x_change_norm,
                          iterations=state.iterations + 1)

    def cond(state):
        not_converged = jnp.greater(state.r_norm_sqr, r_norm_sqr_threshold)
        not_converged = jnp.logical_and(state.x_change_norm > x_norm_change_tol, not_converged)
        # return true if the the algorithm hasn't converged and there are more iterations to go
        return jnp.logical_and(state.iterations < max_iters, not_converged)

    if loop == "lax":
        state = lax.while_loop(cond, body, init())
    else:
        state = init()
        while cond(state):
            state = body(state)
    return state


@program(twin=lambda A, b, mu: ista(matrix_op(A), b, jnp.zeros(A.shape[1]), mu, max_iters=100),
         args=_recovery_args, jvp=(1,), vmap=(None, 0, None), rtol=1e-4,
         source=CR_SPARSE.format("sls/ista.py") + ", `ista` with `sls/defs.py`'s `default_threshold` (while "
         "iterations < max_iters, the residual above the tolerance and x still changing: a soft-thresholded step)")
def cr_sparse_ista(A, b, step_size):
    return ista(matrix_op(A), b, jnp.zeros(A.shape[1]), step_size, max_iters=100, loop="python")


@program(twin=lambda A, b, mu: fista(matrix_op(A), b, jnp.zeros(A.shape[1]), mu, max_iters=10),
         args=_recovery_args, jvp=(1,), vmap=(None, 0, None), rtol=1e-4,
         source=CR_SPARSE.format("sls/fista.py") + ", `fista` with `sls/defs.py`'s `default_threshold` (as ISTA, "
         "with the momentum sequence t and the extrapolated point z)")
def cr_sparse_fista(A, b, step_size):
    return fista(matrix_op(A), b, jnp.zeros(A.shape[1]), step_size, max_iters=10, loop="python")


# --- cvx/focuss.py ----------------------------------------------------------------------------------------------------

class FocussState(NamedTuple):
    x: jnp.ndarray
    r: jnp.ndarray
    r_norm_sqr: float
    iterations: int


def focuss_matrix_solve_noiseless(Phi, y, p=1., max_iters=20, loop="lax"):
    """Solves the sparse recovery problem using FOCUSS (iterated reweighted least squares)."""
    m, n = Phi.shape
    # squared norm of the signal
    y_norm_sqr = y.T @ y  # noqa: F841 - as in the library

    def init_func():
        # initial solution
        x = jnp.ones(n)
        xp = x  # noqa: F841 - as in the library
        # initialize residual
        r = y - Phi @ x
        r_norm_sqr = r.T @ r
        return FocussState(x=x, r=r, r_norm_sqr=r_norm_sqr, iterations=0)

    def body_func(state):
        xp = jnp.abs(state.x) ** p
        xp2 = xp * xp
        A = diag_premultiply(xp2, Phi.T)
        G = Phi @ A
        x = A @ jnp.linalg.solve(G, y)
        r = y - Phi @ x
        r_norm_sqr = r.T @ r
        return FocussState(x=x, r=r, r_norm_sqr=r_norm_sqr, iterations=state.iterations + 1)

    def cond_func(state):
        # limit on number of iterations
        b = state.iterations < max_iters
        return b

    if loop == "lax":
        state = lax.while_loop(cond_func, body_func, init_func())
    else:
        # (the library's own comment)
        state = init_func()
        while cond_func(state):
            state = body_func(state)
    return state


def _focuss_twin(Phi, y):
    state = focuss_matrix_solve_noiseless(Phi, y, max_iters=2)
    return state.x, state.r_norm_sqr


def _focuss_args():
    phi = _dictionary(179, 6, 10)
    return phi, phi @ _sparse_signal(10, [1, 4, 8], [1.0, 0.6, -0.8])


@program(twin=lambda Phi, y: _focuss_twin(Phi, y), args=_focuss_args,
         jvp=(1,), vmap=(None, 0), rtol=1e-4,
         source=CR_SPARSE.format("cvx/focuss.py") + ", `matrix_solve_noiseless` (the library's comment: while "
         "cond_func(state): state = body_func(state); a reweighted least-squares solve per iteration)")
def cr_sparse_focuss(Phi, y):
    state = focuss_matrix_solve_noiseless(Phi, y, max_iters=2, loop="python")
    return state.x, state.r_norm_sqr


# --- opt/proximal_ops/prox_sorted_l1.py -------------------------------------------------------------------------------

def prox_ordered_l1_b(state):
    y, l = state  # noqa: E741
    x = y - l
    n = len(x)
    mask = jnp.zeros(len(x), dtype=bool).at[1:].set(jnp.diff(x) > 0)
    segment_ids = jnp.cumsum(~mask) - 1
    y_sums = segment_sum(y, segment_ids, num_segments=n)
    l_sums = segment_sum(l, segment_ids, num_segments=n)
    norms = segment_sum(jnp.ones_like(x), segment_ids, num_segments=n)
    y = (y_sums / norms)[segment_ids]
    l = (l_sums / norms)[segment_ids]  # noqa: E741
    return y, l


def is_not_nonincreasing(state):
    y, l = state  # noqa: E741
    return jnp.logical_not(is_nonincreasing_vec(y - l))


def prox_ordered_l1_a(y, l, loop="lax"):  # noqa: E741
    l = jnp.ravel(l)  # noqa: E741
    # convert them to 1d arrays
    y = jnp.ravel(y)
    # get the sign vector of y
    sgn = jnp.sign(y)
    # take the absolute values
    y = jnp.abs(y)
    # sort entries in y by magnitude
    idx = jnp.argsort(y)
    # go in descending order
    idx = idx[::-1]
    y = y[idx]
    # make sure that lambda and y are in same shape
    l = jnp.broadcast_to(l, y.shape)  # noqa: E741
    state = y, l
    if loop == "lax":
        state = lax.while_loop(is_not_nonincreasing, prox_ordered_l1_b, state)
    else:
        while is_not_nonincreasing(state):
            state = prox_ordered_l1_b(state)
    y, l = state  # noqa: E741
    x = (y - l)
    # keep only the postive part
    x = jnp.where(x > 0, x, 0)
    # restore x at the original indices
    x = jnp.zeros_like(x).at[idx].set(x)
    # restore the sign
    x = sgn * x
    return x


def _owl1_args():
    return (jnp.array([0.3, -2.0, 1.1, 1.05, -0.2, 1.0, 0.9, -1.2]),
            jnp.array([1.6, 1.4, 1.2, 0.2, 0.15, 0.1, 0.05, 0.0]))


@program(twin=lambda y, lam: prox_ordered_l1_a(y, lam), args=_owl1_args, jvp=(0, 1), vmap=(0, None),
         source=CR_SPARSE.format("opt/proximal_ops/prox_sorted_l1.py") + ", `prox_ordered_l1_a` (while the "
         "sorted y - lambda is not non-increasing: average its increasing segments, segment_sum)")
def cr_sparse_prox_ordered_l1(y, l):  # noqa: E741
    return prox_ordered_l1_a(y, l, loop="python")


# --- opt/spg.py -------------------------------------------------------------------------------------------------------

EPS = jnp.finfo(jnp.float32).eps

L_MIN = 1e-10
L_MAX = 1e10
SIGMA_1 = 0.1
SIGMA_2 = 0.9
EPS_1 = 0
EPS_2 = 1e-6


class SPGOptions(NamedTuple):
    progress_tol: float = 1e-9
    optim_tol: float = 1e-5
    suff_dec: float = 1e-4
    max_iters: int = 1000
    max_f_calls: int = 2000
    memory: int = 10


class SPGState(NamedTuple):
    x: jnp.ndarray
    g: jnp.ndarray
    delta: float
    x_prev: jnp.ndarray
    g_prev: jnp.ndarray
    f_past: jnp.ndarray
    iterations: int
    proj_calls: int
    f_calls: int
    g_calls: int


class LineSearchState(NamedTuple):
    alpha: float
    x_new: jnp.ndarray
    f_val: float
    f_lim: float
    f_calls: int


def line_search(func, x, d, f_max, f_last, gamma, delta, loop="lax"):
    gd = gamma * delta

    def init():
        x_new = x + d
        f_val = func(x_new)
        f_lim = f_max + gd
        return LineSearchState(alpha=1., x_new=x_new, f_val=f_val, f_lim=f_lim, f_calls=1)

    def next_func(state):
        alpha = state.alpha
        denom = state.f_val - f_last - alpha * delta
        alpha_tmp = - 0.5 * (alpha**2) / denom
        if loop == "lax":
            alpha = lax.cond(
                jnp.logical_and(
                    alpha_tmp >= SIGMA_1,
                    alpha_tmp <= SIGMA_2 * alpha),
                lambda _: alpha_tmp,
                lambda _: alpha / 2, None)
        else:
            if jnp.logical_and(alpha_tmp >= SIGMA_1, alpha_tmp <= SIGMA_2 * alpha):
                alpha = alpha_tmp
            else:
                alpha = alpha / 2
        x_new = x + alpha * d
        f_val = func(x_new)
        f_lim = f_max + alpha * gd
        return LineSearchState(alpha=alpha, x_new=x_new, f_val=f_val, f_lim=f_lim, f_calls=state.f_calls + 1)

    def cond_func(state):
        return jnp.logical_and(
            state.f_val > state.f_lim,
            state.f_calls < 50)

    state = init()
    if loop == "lax":
        state = lax.while_loop(cond_func, next_func, state)
    else:
        # (the library's own comment)
        while cond_func(state):
            state = next_func(state)
    return state


class SmoothFunction(NamedTuple):  # opt/smooth/smooth.py
    func: Callable
    grad: Callable
    grad_val: Callable


def build_smooth(func):
    """opt/smooth/smooth.py's `build` (its jit wrappers left out) and `build_grad_val_func`."""
    gradient = jax.grad(func)
    return SmoothFunction(func=func, grad=gradient, grad_val=lambda x: (gradient(x), func(x)))


def spg_solve_from(smooth_f, proj, x0, options=SPGOptions(), loop="lax"):
    # sufficient decrease parameter
    gamma = options.suff_dec

    def init():
        x = proj(x0)
        g, f = smooth_f.grad_val(x)
        d = proj(x - g) - x
        delta = jnp.dot(g, d)

        f_prev = f  # noqa: F841 - as in the library
        g_prev = g
        x_prev = x

        t1 = jnp.sum(jnp.abs(g))
        t = jnp.minimum(1, 1.0 / t1)

        x = x + t * d
        g, f = smooth_f.grad_val(x)
        f_past = jnp.full(options.memory, f)

        return SPGState(x=x, g=g, x_prev=x_prev, g_prev=g_prev, f_past=f_past, delta=delta, iterations=1,
                        proj_calls=1, f_calls=2, g_calls=2)

    def step(state):
        x = state.x
        g = state.g
        x_prev = state.x_prev
        g_prev = state.g_prev
        y = g - g_prev
        s = x - x_prev
        lambd = (s.T @ s) / (s.T @ y + EPS)
        lambd = jnp.where(lambd < L_MIN, 1., lambd)
        lambd = jnp.where(lambd > L_MAX, 1., lambd)
        d = proj(x - lambd * g) - x
        delta = g.T @ d
        f_past = state.f_past
        f_max = jnp.max(f_past)
        f_last = f_past[0]
        lsearch = line_search(smooth_f.func, x, d, f_max, f_last, gamma, delta, loop=loop)
        x_new = lsearch.x_new
        g_new = smooth_f.grad(x_new)
        f_past = cbuf_push_left(f_past, lsearch.f_val)

        return SPGState(x=x_new, g=g_new, delta=delta, x_prev=x, g_prev=g, f_past=f_past,
                        iterations=state.iterations + 1, proj_calls=state.proj_calls + 1,
                        f_calls=state.f_calls + lsearch.f_calls, g_calls=state.g_calls + 1)

    def cond(state):
        opt_cond = jnp.max(jnp.abs(proj(state.x - state.g) - state.x))
        a = state.iterations < options.max_iters
        b = state.delta <= -options.progress_tol
        c = opt_cond >= options.optim_tol
        d = state.f_calls < options.max_f_calls
        res = a
        res = jnp.logical_and(res, b)
        res = jnp.logical_and(res, c)
        res = jnp.logical_and(res, d)
        return res

    state = init()
    if loop == "lax":
        state = lax.while_loop(cond, step, state)
    else:
        # (the library's own comment)
        while cond(state):
            state = step(state)
    return state


def _least_squares(A, b):
    """Not library code: 0.5 ||A x - b||^2 (opt/smooth/quad.py's smooth_quad_error)."""
    def func(x):
        r = A @ x - b
        return 0.5 * jnp.dot(r, r)
    return func


def _line_search_args():
    A = jax.random.normal(jax.random.key(180), (7, 5))
    b = jax.random.normal(jax.random.key(181), (7,))
    x = jnp.zeros(5)
    g = jax.grad(_least_squares(A, b))(x)
    d = -8.0 * g  # a step far too long: the search shortens it
    f = _least_squares(A, b)(x)
    return A, b, x, d, f, jnp.dot(g, d)


def _line_search(A, b, x, d, f, delta, loop):
    return line_search(_least_squares(A, b), x, d, f, f, 1e-4, delta, loop=loop)


@program(twin=lambda A, b, x, d, f, delta: _line_search(A, b, x, d, f, delta, "lax"), args=_line_search_args,
         jvp=(1, 3), vmap=(None, 0, None, None, None, None), rtol=1e-4,
         source=CR_SPARSE.format("opt/spg.py") + ", `line_search` (the library's comment: while cond_func(state): "
         "state = next_func(state); the body's lax.cond on the interpolated step as if/else)")
def cr_sparse_spg_line_search(A, b, x, d, f, delta):
    return _line_search(A, b, x, d, f, delta, "python")


def _spg_args():
    A = jax.random.normal(jax.random.key(182), (8, 5))
    return A, A @ jnp.array([0.5, -1.5, 2.0, 0.2, -0.3]) + 0.1 * jax.random.normal(jax.random.key(183), (8,))


def _spg(A, b, loop):
    proj = lambda x: jnp.clip(x, -1.0, 1.0)  # noqa: E731 - not library code: opt.proj_box(-1, 1)
    state = spg_solve_from(build_smooth(_least_squares(A, b)), proj, jnp.zeros(5), SPGOptions(max_iters=100),
                           loop=loop)
    return state.x, state.iterations, state.f_calls


@program(twin=lambda A, b: _spg(A, b, "lax"), args=_spg_args, jvp=(1,), vmap=(None, 0), rtol=1e-4,
         source=CR_SPARSE.format("opt/spg.py") + ", `solve_from` (the library's comment: while cond(state): "
         "state = step(state); each step's non-monotone line search a while, its lax.cond an if)")
def cr_sparse_spg(A, b):
    return _spg(A, b, "python")


# --- opt/projectors/basic.py ------------------------------------------------------------------------------------------

def proj_conic():
    r"""Projector function for Lorentz/ice-cream cone {(x,t): \| x \|_2 \leq t}"""
    def proj(x):
        x = jnp.asarray(x)
        x_pre = x[:-1]
        t = x[-1]
        abs_t = jnp.abs(t)
        norm_x = norm(x_pre)
        outside = norm_x > abs_t

        def project_inside(_):
            pre = x_pre / norm_x
            y = jnp.append(pre, 1)
            alpha = (norm_x + t) / 2
            return alpha * y

        return lax.cond(outside,
                        # bring the point inside the border
                        project_inside,
                        # now we need to check the sign of t
                        lambda _: lax.cond(t > 0,
                                           # the point in the upper half space, we can keep it as is
                                           lambda _: x,
                                           # in the lower half space, the nearest point of the cone is the origin
                                           lambda _: jnp.zeros_like(x),
                                           None),
                        None)

    return proj


def proj_conic_py():
    r"""Projector function for Lorentz/ice-cream cone {(x,t): \| x \|_2 \leq t}"""
    def proj(x):
        x = jnp.asarray(x)
        x_pre = x[:-1]
        t = x[-1]
        abs_t = jnp.abs(t)
        norm_x = norm(x_pre)
        outside = norm_x > abs_t
        if outside:
            # bring the point inside the border
            pre = x_pre / norm_x
            y = jnp.append(pre, 1)
            alpha = (norm_x + t) / 2
            return alpha * y
        # now we need to check the sign of t
        elif t > 0:
            # the point in the upper half space, we can keep it as is
            return x
        else:
            # in the lower half space, the nearest point of the cone is the origin
            return jnp.zeros_like(x)

    return proj


@program(twin=lambda x: proj_conic()(x), args=lambda: (jnp.array([1.0, -2.0, 0.5]),), grad=(0,),
         loss=lambda out: jnp.sum(out * jnp.arange(1.0, out.shape[0] + 1)), vmap=(0,),
         source=CR_SPARSE.format("opt/projectors/basic.py") + ", `proj_conic` (if outside the cone: onto its "
         "border, elif t > 0: x, else the origin; a lax.cond holding a lax.cond)")
def cr_sparse_proj_conic(x):
    return proj_conic_py()(x)


def _conic_cases():
    """Not library code: the three branches (for the vmap of a mixed batch below)."""
    return jnp.array([[1.0, -2.0, 0.5], [0.3, 0.2, 1.0], [0.3, 0.2, -1.0]])


@program(twin=lambda xs: vmap(proj_conic())(xs), args=lambda: (_conic_cases(),), grad=(0,), loss=jnp.sum,
         eager=lambda xs: jnp.stack([proj_conic_py()(x) for x in xs]),
         source=CR_SPARSE.format("opt/projectors/basic.py") + ", `proj_conic` under jax.vmap over points in each "
         "of its three branches (the if / elif / else of a batch)")
def cr_sparse_proj_conic_batch(xs):
    return vmap(proj_conic_py())(xs)
