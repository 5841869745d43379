"""QuantEcon.py's numeric routines (QuantEcon/QuantEcon.py, MIT).

Copied from QuantEcon/QuantEcon.py at 13b436b8a43aa53313f6523509bd3f7a35d9dfd2 (its LICENSE is MIT:
"Copyright © 2013-2025 Thomas J. Sargent and John Stachurski"), the files under ``quantecon/``
named above each function. Most of these are written for ``numba.njit`` (loops over array elements,
early ``return``s and ``break``s, in-place writes into ``out`` arguments, functions passed as
arguments): the ``@jit``/``@njit``/``@guvectorize``/``@vectorize`` decorators are removed and the
bodies are as written, comments kept, docstrings dropped. Module-level constants the source reads
stay module-level constants (``_ECONVERGED``, ``TOL_PIV``, ``EPS``, ...); ``copy_if_needed`` is
``quantecon.util.compat``'s value under NumPy 2 (``None``); ``prange`` is ``range`` (what
``numba.prange`` is outside a jitted function).

Adapted, beyond that:

* kernels that write into an ``out`` argument and return nothing (``_generate_sample_paths``,
  ``_fill_tauchen``, ``_s_wise_max_argmax``, ``_generate_a_indptr``, ``_probvec``,
  ``_sample_without_replacement``) get a ``return`` of what they wrote (marked ``# added``);
* ``row_build_mat`` is a function nested in ``rouwenhorst`` (which returns a ``MarkovChain``): it is
  staged on its own, as a module-level function;
* ``optimize/root_finding.py`` and ``optimize/nelder_mead.py`` both define a module-level namedtuple
  called ``results``; nelder_mead.py's is ``nm_results`` here (one name in ``_nelder_mead_algorithm``'s
  ``return``, marked);
* ``ECDF`` and ``LAE`` keep ``__init__`` and ``__call__`` (their ``__repr__``/``__str__`` are dropped),
  staged through a two-line wrapper that builds the object and calls it; the LAE kernel ``p`` is the
  one of QuantEcon's ``tests/test_lae.py`` (the LAE lecture's), with scipy's ``lognorm(0.4).pdf``
  written out in NumPy;
* ``lemke_howson`` is called on a stand-in for ``NormalFormGame`` that has the three attributes it
  reads (``N``, ``payoff_arrays``, ``nums_actions``, as NormalFormGame sets them for a bimatrix game);
* the objective functions given to the optimizers and root finders are those of QuantEcon's tests
  (``optimize/tests/test_root_finding.py``'s ``func_two``, ``test_scalar_max.py``'s ``f``,
  ``test_nelder_mead.py``'s ``rosenbrock``); the data enter through the starting point or bracket
  (NumPy float64 scalars, traced) so that the two seeds' calls share one trace.

Not taken: functions that need scipy.sparse (``MarkovChain``'s sparse paths, ``DiGraph``),
numba-only APIs (``_indiff_mixed_action`` calls ``_numba_linalg_solve``, a numba ``@overload`` that
calls LAPACK's ``xgesv`` through ctypes; ``util/array.searchsorted`` warns inside ``numba.objmode``;
``random.utilities.draw`` is defined through a numba ``@overload``), and routines that draw from a
global or passed-in random generator (``DiscreteRV.draw``, ``probvec``,
``sample_without_replacement``, ``MarkovChain.simulate``): their numeric kernels (``_probvec``,
``_sample_without_replacement``, ``_generate_sample_paths``) are staged instead, with the uniform
draws as inputs.
"""

# ruff: noqa: E101, E501, E741, W191, B904, UP032
from __future__ import annotations

import math
import numbers
from collections import namedtuple
from math import erfc, sqrt

import numpy as np
import scipy.linalg
import scipy.special
from numpy.fft import fft
from numpy.linalg import solve
from scipy.linalg import solve_discrete_are as sp_solve_discrete_are
from scipy.linalg import solve_discrete_lyapunov as sp_solve_discrete_lyapunov

from tests.coverage.cases import QE, case, probabilities, spd

prange = range  # numba.prange, outside a jitted function
copy_if_needed = None  # quantecon/util/compat.py under NumPy >= 2.0

# _gridtools.py
_msg_max_size_exceeded = 'Maximum allowed size exceeded'

# _matrix_eqn.py
EPS = np.finfo(float).eps

# optimize/root_finding.py
_ECONVERGED = 0
_ECONVERR = -1

_iter = 100
_xtol = 2e-12
_rtol = 4*np.finfo(float).eps

results = namedtuple('results', 'root function_calls iterations converged')

# optimize/nelder_mead.py (``results`` there)
nm_results = namedtuple('results', 'x fun success nit final_simplex')

# optimize/pivoting.py
TOL_PIV = 1e-10
TOL_RATIO_DIFF = 1e-15



# _gridtools.py
def cartesian(nodes, order='C'):

    nodes = [np.asarray(e) for e in nodes]
    shapes = [e.shape[0] for e in nodes]

    dtype = np.result_type(*nodes)

    n = len(nodes)
    l = np.prod(shapes)
    out = np.zeros((l, n), dtype=dtype)

    if order == 'C':
        repetitions = np.cumprod([1] + shapes[:-1])
    else:
        shapes.reverse()
        sh = [1] + shapes[:-1]
        repetitions = np.cumprod(sh)
        repetitions = repetitions.tolist()
        repetitions.reverse()

    for i in range(n):
        _repeat_1d(nodes[i], repetitions[i], out[:, i])

    return out



# _gridtools.py
def mlinspace(a, b, nums, order='C'):

    a = np.asarray(a, dtype='float64')
    b = np.asarray(b, dtype='float64')
    nums = np.asarray(nums, dtype='int64')
    nodes = [np.linspace(a[i], b[i], nums[i]) for i in range(len(nums))]

    return cartesian(nodes, order=order)



# _gridtools.py
def _repeat_1d(x, K, out):

    N = x.shape[0]
    L = out.shape[0] // (K*N)  # number of outer iterations
    # K                        # number of inner iterations

    # the result out should enumerate in C-order the elements
    # of a 3-dimensional array T of dimensions (K,N,L)
    # such that for all k,n,l, we have T[k,n,l] == x[n]

    for n in range(N):
        val = x[n]
        for k in range(K):
            for l in range(L):
                ind = k*N*L + n*L + l
                out[ind] = val



# _gridtools.py
def cartesian_nearest_index(x, nodes, order='C'):
    x = np.asarray(x)
    is_1d = False
    shape = x.shape
    if len(shape) == 1:
        is_1d = True
        x = x[np.newaxis]
    types = [type(e[0]) for e in nodes]
    dtype = np.result_type(*types)
    nodes = tuple(np.asarray(e, dtype=dtype) for e in nodes)

    n = shape[1-is_1d]
    if len(nodes) != n:
        msg = 'point `x`' if is_1d else 'points in `x`'
        msg += ' must have same length as `nodes`'
        raise ValueError(msg)

    out = _cartesian_nearest_indices(x, nodes, order=order)
    if is_1d:
        return out[0]
    return out



# _gridtools.py
def _cartesian_nearest_indices(X, nodes, order='C'):
    m, n = X.shape  # m vectors of length n
    nums_grids = np.empty(n, dtype=np.intp)
    for i in range(n):
        nums_grids[i] = len(nodes[i])

    ind = np.empty(n, dtype=np.intp)
    out = np.empty(m, dtype=np.intp)

    step = -1 if order == 'F' else 1
    slice_ = slice(None, None, step)

    for t in range(m):
        for i in range(n):
            if X[t, i] <= nodes[i][0]:
                ind[i] = 0
            elif X[t, i] >= nodes[i][-1]:
                ind[i] = nums_grids[i] - 1
            else:
                k = np.searchsorted(nodes[i], X[t, i])
                ind[i] = (
                    k if nodes[i][k] - X[t, i] < X[t, i] - nodes[i][k-1]
                    else k - 1
                )
        out[t] = _cartesian_index(ind[slice_], nums_grids[slice_])

    return out



# _gridtools.py
def _cartesian_index(indices, nums_grids):
    n = len(indices)
    idx = 0
    de_cumprod = 1
    for i in range(1, n+1):
        idx += de_cumprod * indices[n-i]
        de_cumprod *= nums_grids[n-i]
    return idx



# _gridtools.py
def simplex_grid(m, n):
    L = num_compositions_jit(m, n)
    if L == 0:  # Overflow occured
    	raise ValueError(_msg_max_size_exceeded)
    out = np.empty((L, m), dtype=np.int_)

    x = np.zeros(m, dtype=np.int_)
    x[m-1] = n

    for j in range(m):
        out[0, j] = x[j]

    h = m

    for i in range(1, L):
        h -= 1

        val = x[h]
        x[h] = 0
        x[m-1] = val - 1
        x[h-1] += 1

        for j in range(m):
            out[i, j] = x[j]

        if val != 1:
            h = m

    return out



# _gridtools.py
def simplex_index(x, m, n):
    if m == 1:
        return 0

    decumsum = np.cumsum(x[-1:0:-1])[::-1]
    idx = num_compositions(m, n) - 1
    for i in range(m-1):
        if decumsum[i] == 0:
            break
        idx -= num_compositions(m-i, decumsum[i]-1)
    return idx



# _gridtools.py
def num_compositions(m, n):
    # docs.scipy.org/doc/scipy/reference/generated/scipy.special.comb.html
    return scipy.special.comb(n+m-1, m-1, exact=True)



# _gridtools.py
def num_compositions_jit(m, n):
    return comb_jit(n+m-1, m-1)



# util/numba.py
def comb_jit(N, k):
    # From scipy.special._comb_int_long
    # github.com/scipy/scipy/blob/v1.0.0/scipy/special/_comb.pyx
    INTP_MAX = np.iinfo(np.intp).max
    if N < 0 or k < 0 or k > N:
        return 0
    if k == 0:
        return 1
    if k == 1:
        return N
    if N == INTP_MAX:
        return 0

    M = N + 1
    nterms = min(k, N - k)

    val = 1

    for j in range(1, nterms + 1):
        # Overflow check
        if val > INTP_MAX // (M - j):
            return 0

        val *= M - j
        val //= j

    return val



# _inequality.py
def lorenz_curve(y):

    n = len(y)
    y = np.sort(y)
    s = np.zeros(n + 1)
    s[1:] = np.cumsum(y)
    cum_people = np.zeros(n + 1)
    cum_income = np.zeros(n + 1)
    for i in range(1, n + 1):
        cum_people[i] = i / n
        cum_income[i] = s[i] / s[n]
    return cum_people, cum_income



# _inequality.py
def gini_coefficient(y):
    n = len(y)
    i_sum = np.zeros(n)
    for i in prange(n):
        for j in range(n):
            i_sum[i] += abs(y[i] - y[j])
    return np.sum(i_sum) / (2 * n * np.sum(y))



# _inequality.py
def rank_size(data, c=1.0):
    w = - np.sort(- data)                  # Reverse sort
    w = w[:int(len(w) * c)]                # extract top (c * 100)%
    rank_data = np.arange(len(w)) + 1
    size_data = w
    return rank_data, size_data



# _ecdf.py
class ECDF:

    def __init__(self, observations):
        self.observations = np.asarray(observations)

    def __call__(self, x):
        def f(a):
            return np.mean(self.observations <= a)
        vf = np.frompyfunc(f, 1, 1)
        return vf(x).astype(float)


def ecdf(observations, x):  # wrapper: build the ECDF, evaluate it
    return ECDF(observations)(x)


# _lae.py
class LAE:

    def __init__(self, p, X):
        X = X.flatten()  # So we know what we're dealing with
        n = len(X)
        self.p, self.X = p, X.reshape((n, 1))

    def __call__(self, y):
        k = len(y)
        v = self.p(self.X, y.reshape((1, k)))
        psi_vals = np.mean(v, axis=0)    # Take mean along each row

        return psi_vals.flatten()


# quantecon/tests/test_lae.py ("copied from the lae lecture"); phi = scipy.stats.lognorm(a_sigma), written out
s = 0.2
delta = 0.1
a_sigma = 0.4       # A = exp(B) where B ~ N(0, a_sigma)
alpha = 0.4         # We set f(k) = k**alpha


def _lognorm_pdf(z):  # stand-in for lognorm(a_sigma).pdf
    return np.where(z > 0, np.exp(-np.log(np.where(z > 0, z, 1.0)) ** 2 / (2 * a_sigma ** 2))
                    / (np.where(z > 0, z, 1.0) * a_sigma * np.sqrt(2 * np.pi)), 0.0)


def p(x, y):
    d = s * x**alpha
    return _lognorm_pdf((y - (1 - delta) * x) / d) / d


def lae(X, y):  # wrapper: build the LAE with the test's kernel, evaluate it
    return LAE(p, X)(y)


# markov/gth_solve.py
def gth_solve(A, overwrite=False, use_jit=True):
    copy = copy_if_needed if overwrite else True

    A1 = np.array(A, dtype=float, copy=copy, order='C')
    # `order='C'` is for use with Numba <= 0.18.2
    # See issue github.com/numba/numba/issues/1103

    if len(A1.shape) != 2 or A1.shape[0] != A1.shape[1]:
        raise ValueError('matrix must be square')

    n = A1.shape[0]
    x = np.zeros(n)

    if use_jit:
        _gth_solve_jit(A1, x)
        return x

    # if not using jit
    # === Reduction === #
    for k in range(n-1):
        scale = np.sum(A1[k, k+1:n])
        if scale <= 0:
            # There is one (and only one) recurrent class contained in
            # {0, ..., k};
            # compute the solution associated with that recurrent class.
            n = k+1
            break
        A1[k+1:n, k] /= scale

        A1[k+1:n, k+1:n] += A1[k+1:n, k:k+1] @ A1[k:k+1, k+1:n]

    # === Backward substitution === #
    x[n-1] = 1
    for k in range(n-2, -1, -1):
        x[k] = x[k+1:n] @ A1[k+1:n, k]

    # === Normalization === #
    x /= np.sum(x)

    return x



# markov/gth_solve.py
def _gth_solve_jit(A, out):
    n = A.shape[0]

    # === Reduction === #
    for k in range(n-1):
        scale = np.sum(A[k, k+1:n])
        if scale <= 0:
            # There is one (and only one) recurrent class contained in
            # {0, ..., k};
            # compute the solution associated with that recurrent class.
            n = k+1
            break
        for i in range(k+1, n):
            A[i, k] /= scale

            for j in range(k+1, n):
                A[i, j] += A[i, k] * A[k, j]

    # === Backward substitution === #
    out[n-1] = 1
    for k in range(n-2, -1, -1):
        for i in range(k+1, n):
            out[k] += out[i] * A[i, k]

    # === Normalization === #
    norm = np.sum(out)
    for k in range(n):
        out[k] /= norm



# markov/core.py
def _generate_sample_paths(P_cdfs, init_states, random_values, out):
    num_reps, ts_length = out.shape
    n = P_cdfs.shape[0]

    for i in range(num_reps):
        out[i, 0] = init_states[i]
        for t in range(ts_length-1):
            k = np.searchsorted(P_cdfs[out[i, t]], random_values[i, t],
                                side='right')
            if k == n:
                # random value beyond the last CDF value due to rounding:
                # fall back to the last state with positive probability,
                # i.e., the first position attaining the final CDF value
                k = np.searchsorted(P_cdfs[out[i, t]],
                                    P_cdfs[out[i, t], n-1], side='left')
            out[i, t+1] = k
    return out  # added



# markov/estimate.py
def _count_transition_frequencies(index_series, trans_counter):
    T = len(index_series)
    i = index_series[0]
    for t in range(1, T):
        j = index_series[t]
        trans_counter[i, j] += 1
        i = j
    return trans_counter



# markov/approximation.py
def std_norm_cdf(x):
    return 0.5 * erfc(-x / sqrt(2))



# markov/approximation.py
def _fill_tauchen(x, P, n, rho, sigma, half_step):
    for i in range(n):
        P[i, 0] = std_norm_cdf((x[0] - rho * x[i] + half_step) / sigma)
        P[i, n - 1] = 1 - \
            std_norm_cdf((x[n - 1] - rho * x[i] - half_step) / sigma)
        for j in range(1, n - 1):
            z = x[j] - rho * x[i]
            P[i, j] = (std_norm_cdf((z + half_step) / sigma) -
                       std_norm_cdf((z - half_step) / sigma))
    return P  # added



# markov/approximation.py
def row_build_mat(n, p, q):

    if n == 2:
        theta = np.array([[p, 1 - p], [1 - q, q]])

    elif n > 2:
        p1 = np.zeros((n, n))
        p2 = np.zeros((n, n))
        p3 = np.zeros((n, n))
        p4 = np.zeros((n, n))

        new_mat = row_build_mat(n - 1, p, q)

        p1[:n - 1, :n - 1] = p * new_mat
        p2[:n - 1, 1:] = (1 - p) * new_mat
        p3[1:, :-1] = (1 - q) * new_mat
        p4[1:, 1:] = q * new_mat

        theta = p1 + p2 + p3 + p4
        theta[1:n - 1, :] = theta[1:n - 1, :] / 2

    else:
        raise ValueError("The number of states must be positive " +
                         "and greater than or equal to 2")

    return theta



# markov/utilities.py
def _s_wise_max_argmax(a_indices, a_indptr, vals, out_max, out_argmax):
    n = len(out_max)
    for i in range(n):
        if a_indptr[i] != a_indptr[i+1]:
            m = a_indptr[i]
            for j in range(a_indptr[i]+1, a_indptr[i+1]):
                if vals[j] > vals[m]:
                    m = j
            out_max[i] = vals[m]
            out_argmax[i] = a_indices[m]
    return out_max, out_argmax  # added



# markov/utilities.py
def _has_sorted_sa_indices(s_indices, a_indices):
    L = len(s_indices)
    for i in range(L-1):
        if s_indices[i] > s_indices[i+1]:
            return False
        if s_indices[i] == s_indices[i+1]:
            if a_indices[i] >= a_indices[i+1]:
                return False
    return True



# markov/utilities.py
def _generate_a_indptr(num_states, s_indices, out):
    L = len(s_indices)
    idx = 0
    out[0] = 0
    for s in range(num_states-1):
        # bound idx: the last states may have no state-action pair
        while idx < L and s_indices[idx] == s:
            idx += 1
        out[s+1] = idx
    out[num_states] = L
    return out  # added



# _matrix_eqn.py
def solve_discrete_lyapunov(A, B, max_it=50, method="doubling"):
    if method == "doubling":
        A, B = list(map(np.atleast_2d, [A, B]))
        alpha0 = A
        gamma0 = B

        diff = 5
        n_its = 1

        while diff > 1e-15:

            alpha1 = alpha0 @ alpha0
            gamma1 = gamma0 + (alpha0 @ gamma0 @ alpha0.conjugate().T)

            diff = np.max(np.abs(gamma1 - gamma0))
            alpha0 = alpha1
            gamma0 = gamma1

            n_its += 1

            if n_its > max_it:
                msg = "Exceeded maximum iterations {}, check input matrics"
                raise ValueError(msg.format(n_its))

    elif method == "bartels-stewart":
        gamma1 = sp_solve_discrete_lyapunov(A, B)

    else:
        msg = "Check your method input. Should be doubling or bartels-stewart"
        raise ValueError(msg)

    return gamma1



# _matrix_eqn.py
def solve_discrete_riccati(A, B, Q, R, N=None, tolerance=1e-10, max_iter=500,
                           method="doubling"):
    methods = ['doubling', 'qz']
    if method not in methods:
        msg = "Check your method input. Should be {} or {}".format(*methods)
        raise ValueError(msg)

    # == Make sure that all array_likes are np arrays, two-dimensional == #
    A, B, Q, R = np.atleast_2d(A, B, Q, R)
    n, k = R.shape[0], Q.shape[0]
    I = np.identity(k)
    if N is None:
        N = np.zeros((n, k))
    else:
        N = np.atleast_2d(N)

    if method == 'qz':
        X = sp_solve_discrete_are(A, B, Q, R, e=I, s=N.T)
        return X

    # if method == 'doubling'

    # == Set up == #
    error = tolerance + 1
    fail_msg = "Convergence failed after {} iterations."

    # == Choose optimal value of gamma in R_hat = R + gamma B'B == #
    current_min = np.inf
    candidates = (0.01, 0.1, 0.25, 0.5, 1.0, 2.0, 10.0, 100.0, 10e5)
    BB = B.T @ B
    BTA = B.T @ A
    for gamma in candidates:
        Z = R + gamma * BB
        cn = np.linalg.cond(Z)
        if cn * EPS < 1:
            Q_tilde = - Q + (N.T @ solve(Z, N + gamma * BTA)) + gamma * I
            G0 = B @ solve(Z, B.T)
            A0 = (I - gamma * G0) @ A - (B @ solve(Z, N))
            H0 = gamma * (A.T @ A0) - Q_tilde
            f1 = np.linalg.cond(Z, np.inf)
            f2 = gamma * f1
            f3 = np.linalg.cond(I + (G0 @ H0))
            f_gamma = max(f1, f2, f3)
            if f_gamma < current_min:
                best_gamma = gamma
                current_min = f_gamma

    # == If no candidate successful then fail == #
    if current_min == np.inf:
        msg = "Unable to initialize routine due to ill conditioned arguments"
        raise ValueError(msg)

    gamma = best_gamma
    R_hat = R + gamma * BB

    # == Initial conditions == #
    Q_tilde = - Q + (N.T @ solve(R_hat, N + gamma * BTA)) + gamma * I
    G0 = B @ solve(R_hat, B.T)
    A0 = (I - gamma * G0) @ A - (B @ solve(R_hat, N))
    H0 = gamma * (A.T @ A0) - Q_tilde
    i = 1

    # == Main loop == #
    while error > tolerance:

        if i > max_iter:
            raise ValueError(fail_msg.format(i))

        else:
            A1 = A0 @ solve(I + (G0 @ H0), A0)
            G1 = G0 + ((A0 @ G0) @ solve(I + (H0 @ G0), A0.T))
            H1 = H0 + (A0.T @ solve(I + (H0 @ G0), (H0 @ A0)))

            error = np.max(np.abs(H1 - H0))
            A0 = A1
            G0 = G1
            H0 = H1
            i += 1

    return H1 + gamma * I  # Return X



# _quadsums.py
def var_quadratic_sum(A, C, H, beta, x0):
    # == Make sure that A, C, H and x0 are array_like == #

    A, C, H = list(map(np.atleast_2d, (A, C, H)))
    x0 = np.atleast_1d(x0)
    # == Start computations == #
    Q = scipy.linalg.solve_discrete_lyapunov(np.sqrt(beta) * A.T, H)
    cq = C.T @ Q @ C
    v = np.trace(cq) * beta / (1 - beta)
    q0 = (x0.T @ Q @ x0) + v

    return q0



# _filter.py
def hamilton_filter(data, h, p=None):
    # transform data to array
    y = np.asarray(data, float)
    # sample size
    T = len(y)

    if p is not None:  # if p is supplied
        # construct X matrix of lags
        X = np.ones((T-p-h+1, p+1))
        for j in range(1, p+1):
            X[:, j] = y[p-j:T-h-j+1:1]

        # do OLS regression
        b = np.linalg.solve(X.transpose()@X, X.transpose()@y[p+h-1:T])
        # trend component (`nan` for the first p+h-1 period)
        trend = np.append(np.zeros(p+h-1)+np.nan, X@b)
        # cyclical component
        cycle = y - trend
    else:  # if p is not supplied (random walk)
        cycle = np.append(np.zeros(h)+np.nan, y[h:T] - y[0:T-h])
        trend = y - cycle
    return cycle, trend



# _estspec.py
def smooth(x, window_len=7, window='hanning'):
    if len(x) < window_len:
        raise ValueError("Input vector length must be >= window length.")

    if window_len < 3:
        raise ValueError("Window length must be at least 3.")

    if not window_len % 2:  # window_len is even
        window_len += 1
        print("Window length reset to {}".format(window_len))

    windows = {'hanning': np.hanning,
               'hamming': np.hamming,
               'bartlett': np.bartlett,
               'blackman': np.blackman,
               'flat': np.ones  # moving average
               }

    # === Reflect x around x[0] and x[-1] prior to convolution === #
    k = int(window_len / 2)
    xb = x[:k]   # First k elements
    xt = x[-k:]  # Last k elements
    s = np.concatenate((xb[::-1], x, xt[::-1]))

    # === Select window values === #
    if window in windows.keys():
        w = windows[window](window_len)
    else:
        msg = "Unrecognized window type '{}'".format(window)
        print(msg + " Defaulting to hanning")
        w = windows['hanning'](window_len)

    return np.convolve(w / w.sum(), s, mode='valid')



# _estspec.py
def periodogram(x, window=None, window_len=7):
    n = len(x)
    I_w = np.abs(fft(x))**2 / n
    w = 2 * np.pi * np.arange(n) / n  # Fourier frequencies
    w, I_w = w[:int(n/2)+1], I_w[:int(n/2)+1]  # Take only values on [0, pi]
    if window:
        I_w = smooth(I_w, window_len=window_len, window=window)
    return w, I_w



# _estspec.py
def ar_periodogram(x, window='hanning', window_len=7):
    # === run regression === #
    x_lag = x[:-1]  # lagged x
    X = np.array([np.ones(len(x_lag)), x_lag]).T  # add constant

    y = np.array(x[1:])  # current x

    beta_hat = np.linalg.solve(X.T @ X, X.T @ y)  # solve for beta hat
    e_hat = y - X @ beta_hat  # compute residuals
    phi = beta_hat[1]  # pull out phi parameter

    # === compute periodogram on residuals === #
    w, I_w = periodogram(e_hat, window=window, window_len=window_len)

    # === recolor and return === #
    I_w = I_w / np.abs(1 - phi * np.exp(1j * w))**2

    return w, I_w



# _ce_util.py
def gridmake(*arrays):
    if all([i.ndim == 1 for i in arrays]):
        d = len(arrays)
        if d == 2:
            out = _gridmake2(*arrays)
        else:
            out = _gridmake2(arrays[0], arrays[1])
            for arr in arrays[2:]:
                out = _gridmake2(out, arr)

        return out
    else:
        raise NotImplementedError("Come back here")



# _ce_util.py
def _gridmake2(x1, x2):
    if x1.ndim == 1 and x2.ndim == 1:
        return np.column_stack([np.tile(x1, x2.shape[0]),
                               np.repeat(x2, x1.shape[0])])
    elif x1.ndim > 1 and x2.ndim == 1:
        first = np.tile(x1, (x2.shape[0], 1))
        second = np.repeat(x2, x1.shape[0])
        return np.column_stack([first, second])
    else:
        raise NotImplementedError("Come back here")



# quad.py
def fix(x):
    if x < 0:
        return math.ceil(x)
    else:
        return math.floor(x)



# quad.py
def _qnwlege1(n, a, b):
    # import ipdb; ipdb.set_trace()
    maxit = 100
    m = int(fix((n + 1) / 2.0))
    xm = 0.5 * (b + a)
    xl = 0.5 * (b - a)
    nodes = np.zeros(n)

    weights = nodes.copy()
    i = np.arange(m)

    z = np.cos(np.pi * ((i + 1.0) - 0.25) / (n + 0.5))

    for its in range(maxit):
        p1 = np.ones_like(z)
        p2 = np.zeros_like(z)
        for j in range(1, n+1):
            p3 = p2
            p2 = p1
            p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j

        # https://github.com/QuantEcon/QuantEcon.py/issues/530
        top = n * (z * p1 - p2)
        bottom = z ** 2 - 1.0
        pp = top / bottom
        z1 = z.copy()
        z = z1 - p1/pp
        if np.all(np.abs(z - z1) < 1e-14):
            break

    if its == maxit - 1:
        raise ValueError("Maximum iterations in _qnwlege1")

    nodes[i] = xm - xl * z
    nodes[- i - 1] = xm + xl * z

    # https://github.com/QuantEcon/QuantEcon.py/issues/530
    weights[i] = 2 * xl / ((1 - z ** 2) * pp * pp)
    weights[- i - 1] = weights[i]

    return nodes, weights



# quad.py
def _qnwcheb1(n, a, b):
    nodes = (b+a)/2 - (b-a)/2 * np.cos(np.pi/n * np.linspace(0.5, n-0.5, n))

    # Create temporary arrays to be used in computing weights
    t1 = np.arange(1, n+1) - 0.5
    t2 = np.arange(0.0, n, 2)
    t3 = np.concatenate((np.array([1.0]),
                        -2.0/(np.arange(1.0, n-1, 2)*np.arange(3.0, n+1, 2))))

    # compute weights and return
    weights = ((b-a)/n)*np.cos(np.pi/n*np.outer(t1, t2)) @ t3

    return nodes, weights



# optimize/scalar_maximization.py
def brent_max(func, a, b, args=(), xtol=1e-5, maxiter=500):
    if not np.isfinite(a):
        raise ValueError("a must be finite.")

    if not np.isfinite(b):
        raise ValueError("b must be finite.")

    if not a < b:
        raise ValueError("a must be less than b.")

    maxfun = maxiter
    status_flag = 0

    sqrt_eps = np.sqrt(2.2e-16)
    golden_mean = 0.5 * (3.0 - np.sqrt(5.0))

    fulc = a + golden_mean * (b - a)
    nfc, xf = fulc, fulc
    rat = e = 0.0
    x = xf
    fx = -func(x, *args)
    num = 1

    ffulc = fnfc = fx
    xm = 0.5 * (a + b)
    tol1 = sqrt_eps * np.abs(xf) + xtol / 3.0
    tol2 = 2.0 * tol1

    while (np.abs(xf - xm) > (tol2 - 0.5 * (b - a))):
        golden = 1
        # Check for parabolic fit
        if np.abs(e) > tol1:
            golden = 0
            r = (xf - nfc) * (fx - ffulc)
            q = (xf - fulc) * (fx - fnfc)
            p = (xf - fulc) * q - (xf - nfc) * r
            q = 2.0 * (q - r)
            if q > 0.0:
                p = -p
            q = np.abs(q)
            r = e
            e = rat

            # Check for acceptability of parabola
            if ((np.abs(p) < np.abs(0.5*q*r)) and (p > q*(a - xf)) and
                    (p < q * (b - xf))):
                rat = (p + 0.0) / q
                x = xf + rat

                if ((x - a) < tol2) or ((b - x) < tol2):
                    si = np.sign(xm - xf) + ((xm - xf) == 0)
                    rat = tol1 * si
            else:      # do a golden section step
                golden = 1

        if golden:  # Do a golden-section step
            if xf >= xm:
                e = a - xf
            else:
                e = b - xf
            rat = golden_mean*e

        if rat == 0:
            si = np.sign(rat) + 1
        else:
            si = np.sign(rat)

        x = xf + si * np.maximum(np.abs(rat), tol1)
        fu = -func(x, *args)
        num += 1

        if fu <= fx:
            if x >= xf:
                a = xf
            else:
                b = xf
            fulc, ffulc = nfc, fnfc
            nfc, fnfc = xf, fx
            xf, fx = x, fu
        else:
            if x < xf:
                a = x
            else:
                b = x
            if (fu <= fnfc) or (nfc == xf):
                fulc, ffulc = nfc, fnfc
                nfc, fnfc = x, fu
            elif (fu <= ffulc) or (fulc == xf) or (fulc == nfc):
                fulc, ffulc = x, fu

        xm = 0.5 * (a + b)
        tol1 = sqrt_eps * np.abs(xf) + xtol / 3.0
        tol2 = 2.0 * tol1

        if num >= maxfun:
            status_flag = 1
            break

    fval = -fx
    info = status_flag, num

    return xf, fval, info



# optimize/root_finding.py
def _results(r):
    x, funcalls, iterations, flag = r
    return results(x, funcalls, iterations, flag == 0)



# optimize/root_finding.py
def newton(func, x0, fprime, args=(), tol=1.48e-8, maxiter=50,
           disp=True):

    if tol <= 0:
        raise ValueError("tol is too small <= 0")
    if maxiter < 1:
        raise ValueError("maxiter must be greater than 0")

    # Convert to float (don't use float(x0); this works also for complex x0)
    p0 = 1.0 * x0
    funcalls = 0
    status = _ECONVERR

    # Newton-Raphson method
    for itr in range(maxiter):
        # first evaluate fval
        fval = func(p0, *args)
        funcalls += 1
        # If fval is 0, a root has been found, then terminate
        if fval == 0:
            status = _ECONVERGED
            p = p0
            itr -= 1
            break
        fder = fprime(p0, *args)
        funcalls += 1
        # derivative is zero, not converged
        if fder == 0:
            p = p0
            break
        newton_step = fval / fder
        # Newton step
        p = p0 - newton_step
        if abs(p - p0) < tol:
            status = _ECONVERGED
            break
        p0 = p

    if disp and status == _ECONVERR:
        msg = "Failed to converge"
        raise RuntimeError(msg)

    return _results((p, funcalls, itr + 1, status))



# optimize/root_finding.py
def _bisect_interval(a, b, fa, fb):
    if fa*fb > 0:
        raise ValueError("f(a) and f(b) must have different signs")
    root = 0.0
    status = _ECONVERR

    # Root found at either end of [a,b]
    if fa == 0:
        root = a
        status = _ECONVERGED
    if fb == 0:
        root = b
        status = _ECONVERGED

    return root, status



# optimize/root_finding.py
def bisect(f, a, b, args=(), xtol=_xtol,
           rtol=_rtol, maxiter=_iter, disp=True):

    if xtol <= 0:
        raise ValueError("xtol is too small (<= 0)")

    if maxiter < 1:
        raise ValueError("maxiter must be greater than 0")

    # Convert to float
    xa = a * 1.0
    xb = b * 1.0

    fa = f(xa, *args)
    fb = f(xb, *args)
    funcalls = 2
    root, status = _bisect_interval(xa, xb, fa, fb)

    # Check for sign error and early termination
    if status == _ECONVERGED:
        itr = 0
    else:
        # Perform bisection
        dm = xb - xa
        for itr in range(maxiter):
            dm *= 0.5
            xm = xa + dm
            fm = f(xm, *args)
            funcalls += 1

            if fm * fa >= 0:
                xa = xm

            if fm == 0 or abs(dm) < xtol + rtol * abs(xm):
                root = xm
                status = _ECONVERGED
                itr += 1
                break

    if disp and status == _ECONVERR:
        raise RuntimeError("Failed to converge")

    return _results((root, funcalls, itr, status))



# optimize/root_finding.py
def brentq(f, a, b, args=(), xtol=_xtol,
           rtol=_rtol, maxiter=_iter, disp=True):
    if xtol <= 0:
        raise ValueError("xtol is too small (<= 0)")
    if maxiter < 1:
        raise ValueError("maxiter must be greater than 0")

    # Convert to float
    xpre = a * 1.0
    xcur = b * 1.0

    fpre = f(xpre, *args)
    fcur = f(xcur, *args)
    funcalls = 2

    root, status = _bisect_interval(xpre, xcur, fpre, fcur)

    # Check for sign error and early termination
    if status == _ECONVERGED:
        itr = 0
    else:
        # Perform Brent's method
        for itr in range(maxiter):

            if fpre * fcur < 0:
                xblk = xpre
                fblk = fpre
                spre = scur = xcur - xpre
            if abs(fblk) < abs(fcur):
                xpre = xcur
                xcur = xblk
                xblk = xpre

                fpre = fcur
                fcur = fblk
                fblk = fpre

            delta = (xtol + rtol * abs(xcur)) / 2
            sbis = (xblk - xcur) / 2

            # Root found
            if fcur == 0 or abs(sbis) < delta:
                status = _ECONVERGED
                root = xcur
                itr += 1
                break

            if abs(spre) > delta and abs(fcur) < abs(fpre):
                if xpre == xblk:
                    # interpolate
                    stry = -fcur * (xcur - xpre) / (fcur - fpre)
                else:
                    # extrapolate
                    dpre = (fpre - fcur) / (xpre - xcur)
                    dblk = (fblk - fcur) / (xblk - xcur)
                    stry = -fcur * (fblk * dblk - fpre * dpre) / \
                        (dblk * dpre * (fblk - fpre))

                if (2 * abs(stry) < min(abs(spre), 3 * abs(sbis) - delta)):
                    # good short step
                    spre = scur
                    scur = stry
                else:
                    # bisect
                    spre = sbis
                    scur = sbis
            else:
                # bisect
                spre = sbis
                scur = sbis

            xpre = xcur
            fpre = fcur
            if (abs(scur) > delta):
                xcur += scur
            else:
                xcur += (delta if sbis > 0 else -delta)
            fcur = f(xcur, *args)
            funcalls += 1

    if disp and status == _ECONVERR:
        raise RuntimeError("Failed to converge")

    return _results((root, funcalls, itr, status))



# optimize/nelder_mead.py
def nelder_mead(fun, x0, bounds=np.array([[], []]).T, args=(), tol_f=1e-10,
                tol_x=1e-10, max_iter=1000):
    vertices = _initialize_simplex(x0, bounds)

    results = _nelder_mead_algorithm(fun, vertices, bounds, args=args,
                                     tol_f=tol_f, tol_x=tol_x,
                                     max_iter=max_iter)

    return results



# optimize/nelder_mead.py
def _nelder_mead_algorithm(fun, vertices, bounds=np.array([[], []]).T,
                           args=(), ρ=1., χ=2., γ=0.5, σ=0.5, tol_f=1e-8,
                           tol_x=1e-8, max_iter=1000):
    n = vertices.shape[1]
    _check_params(ρ, χ, γ, σ, bounds, n)

    nit = 0

    ργ = ρ * γ
    ρχ = ρ * χ
    σ_n = σ ** n

    f_val = np.empty(n+1, dtype=np.float64)
    for i in range(n+1):
        f_val[i] = _neg_bounded_fun(fun, bounds, vertices[i], args=args)

    # Step 1: Sort
    sort_ind = f_val.argsort()
    LV_ratio = 1

    # Compute centroid
    x_bar = vertices[sort_ind[:n]].sum(axis=0) / n

    while True:
        shrink = False

        # Check termination
        fail = nit >= max_iter

        best_val_idx = sort_ind[0]
        worst_val_idx = sort_ind[n]

        term_f = f_val[worst_val_idx] - f_val[best_val_idx] < tol_f

        # Linearized volume ratio test (see [2])
        term_x = LV_ratio < tol_x

        if term_x or term_f or fail:
            break

        # Step 2: Reflection
        # https://github.com/QuantEcon/QuantEcon.py/issues/530
        temp = ρ * (x_bar - vertices[worst_val_idx])
        x_r = x_bar + temp
        f_r = _neg_bounded_fun(fun, bounds, x_r, args=args)

        if f_r >= f_val[best_val_idx] and f_r < f_val[sort_ind[n-1]]:
            # Accept reflection
            vertices[worst_val_idx] = x_r
            LV_ratio *= ρ

        # Step 3: Expansion
        elif f_r < f_val[best_val_idx]:
            # https://github.com/QuantEcon/QuantEcon.py/issues/530
            temp = χ * (x_r - x_bar)
            x_e = x_bar + temp
            f_e = _neg_bounded_fun(fun, bounds, x_e, args=args)
            if f_e < f_r:  # Greedy minimization
                vertices[worst_val_idx] = x_e
                LV_ratio *= ρχ
            else:
                vertices[worst_val_idx] = x_r
                LV_ratio *= ρ

        # Step 4 & 5: Contraction and Shrink
        else:
            # Step 4: Contraction
            # https://github.com/QuantEcon/QuantEcon.py/issues/530
            temp = γ * (x_r - x_bar)
            if f_r < f_val[worst_val_idx]:  # Step 4.a: Outside Contraction
                x_c = x_bar + temp
                LV_ratio_update = ργ
            else:  # Step 4.b: Inside Contraction
                x_c = x_bar - temp
                LV_ratio_update = γ

            f_c = _neg_bounded_fun(fun, bounds, x_c, args=args)
            if f_c < min(f_r, f_val[worst_val_idx]):  # Accept contraction
                vertices[worst_val_idx] = x_c
                LV_ratio *= LV_ratio_update

            # Step 5: Shrink
            else:
                shrink = True
                for i in sort_ind[1:]:
                    vertices[i] = vertices[best_val_idx] + σ * \
                        (vertices[i] - vertices[best_val_idx])
                    f_val[i] = _neg_bounded_fun(fun, bounds, vertices[i],
                                                args=args)

                sort_ind[1:] = f_val[sort_ind[1:]].argsort() + 1

                x_bar = vertices[best_val_idx] + σ * \
                    (x_bar - vertices[best_val_idx]) + \
                    (vertices[worst_val_idx] - vertices[sort_ind[n]]) / n

                LV_ratio *= σ_n

        if not shrink:  # Nonshrink ordering rule
            f_val[worst_val_idx] = _neg_bounded_fun(fun, bounds,
                                                    vertices[worst_val_idx],
                                                    args=args)

            for i, j in enumerate(sort_ind):
                if f_val[worst_val_idx] < f_val[j]:
                    sort_ind[i+1:] = sort_ind[i:-1]
                    sort_ind[i] = worst_val_idx
                    break

            x_bar += (vertices[worst_val_idx] - vertices[sort_ind[n]]) / n

        nit += 1

    return nm_results(vertices[sort_ind[0]], -f_val[sort_ind[0]], not fail, nit,  # nm_results: ``results`` in the source
                   vertices)



# optimize/nelder_mead.py
def _initialize_simplex(x0, bounds):
    n = x0.size

    vertices = np.empty((n + 1, n), dtype=np.float64)

    # Broadcast x0 on row dimension
    vertices[:] = x0

    nonzdelt = 0.05
    zdelt = 0.00025

    for i in range(n):
        # Generate candidate coordinate
        if vertices[i + 1, i] != 0.:
            vertices[i + 1, i] *= (1 + nonzdelt)
        else:
            vertices[i + 1, i] = zdelt

    return vertices



# optimize/nelder_mead.py
def _check_params(ρ, χ, γ, σ, bounds, n):
    if ρ < 0:
        raise ValueError("ρ must be strictly greater than 0.")
    if χ < 1:
        raise ValueError("χ must be strictly greater than 1.")
    if χ < ρ:
        raise ValueError("χ must be strictly greater than ρ.")
    if γ < 0 or γ > 1:
        raise ValueError("γ must be strictly between 0 and 1.")
    if σ < 0 or σ > 1:
        raise ValueError("σ must be strictly between 0 and 1.")

    if not (bounds.shape == (0, 2) or bounds.shape == (n, 2)):
        raise ValueError("The shape of `bounds` is not valid.")
    if (np.atleast_2d(bounds)[:, 0] > np.atleast_2d(bounds)[:, 1]).any():
        raise ValueError("Lower bounds must be greater than upper bounds.")



# optimize/nelder_mead.py
def _check_bounds(x, bounds):
    if bounds.shape == (0, 2):
        return True
    else:
        return ((np.atleast_2d(bounds)[:, 0] <= x).all() and
                (x <= np.atleast_2d(bounds)[:, 1]).all())



# optimize/nelder_mead.py
def _neg_bounded_fun(fun, bounds, x, args=()):
    if _check_bounds(x, bounds):
        return -fun(x, *args)
    else:
        return np.inf



# optimize/pivoting.py
def _pivoting(tableau, pivot_col, pivot_row):
    nrows, ncols = tableau.shape

    pivot_elt = tableau[pivot_row, pivot_col]
    # Copy of the normalized pivot row: reading it from `tableau` inside
    # the update loop would create a potential-aliasing hazard with the
    # row being updated, preventing the loop from being vectorized.
    # Normalized by direct division, not reciprocal multiplication, which
    # can overflow (e.g. for subnormal pivots) where division stays finite
    pivot_row_buf = np.empty(ncols, dtype=tableau.dtype)
    for j in range(ncols):
        v = tableau[pivot_row, j] / pivot_elt
        pivot_row_buf[j] = v
        tableau[pivot_row, j] = v

    for i in range(nrows):
        if i == pivot_row:
            continue
        multiplier = tableau[i, pivot_col]
        if multiplier == 0:
            continue
        for j in range(ncols):
            tableau[i, j] -= pivot_row_buf[j] * multiplier

    # Eliminate possible floating-point residue
    for i in range(nrows):
        tableau[i, pivot_col] = 0
    tableau[pivot_row, pivot_col] = 1

    return tableau



# optimize/pivoting.py
def _min_ratio_test_no_tie_breaking(tableau, pivot, test_col,
                                    argmins, num_candidates,
                                    tol_piv, tol_ratio_diff):
    ratio_min = np.inf
    num_argmins = 0

    for k in range(num_candidates):
        i = argmins[k]
        if tableau[i, pivot] <= tol_piv:  # Treated as nonpositive
            continue
        ratio = tableau[i, test_col] / tableau[i, pivot]
        if ratio > ratio_min + tol_ratio_diff:  # Ratio large for i
            continue
        elif ratio < ratio_min - tol_ratio_diff:  # Ratio smaller for i
            ratio_min = ratio
            num_argmins = 1
        else:  # Ratio equal
            num_argmins += 1
        argmins[num_argmins-1] = i

    return num_argmins



# optimize/pivoting.py
def _lex_min_ratio_test(tableau, pivot, slack_start, argmins,
                        tol_piv=TOL_PIV, tol_ratio_diff=TOL_RATIO_DIFF):
    nrows = tableau.shape[0]
    num_candidates = nrows

    found = False

    # Initialize `argmins`
    for i in range(nrows):
        argmins[i] = i

    num_argmins = _min_ratio_test_no_tie_breaking(
        tableau, pivot, -1, argmins, num_candidates, tol_piv, tol_ratio_diff
    )
    if num_argmins == 1:
        found = True
    elif num_argmins >= 2:
        for j in range(slack_start, slack_start+nrows):
            if j == pivot:
                continue
            num_argmins = _min_ratio_test_no_tie_breaking(
                tableau, pivot, j, argmins, num_argmins,
                tol_piv, tol_ratio_diff
            )
            if num_argmins == 1:
                found = True
                break
    return found, argmins[0]



# game_theory/utilities.py
class NashResult(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__


# game_theory/lemke_howson.py
def lemke_howson(g, init_pivot=0, max_iter=10**6, capping=None,
                 full_output=False):
    try:
        N = g.N
    except AttributeError:
        raise TypeError('g must be a 2-player NormalFormGame')
    if N != 2:
        raise NotImplementedError('Implemented only for 2-player games')

    payoff_matrices = g.payoff_arrays
    nums_actions = g.nums_actions
    total_num = sum(nums_actions)

    msg = f'`init_pivot` must be an integer k such that 0 <= k < {total_num}'

    if not isinstance(init_pivot, numbers.Integral):
        raise TypeError(msg)

    if not (0 <= init_pivot < total_num):
        raise ValueError(msg)

    if capping is None:
        capping = max_iter

    tableaux = tuple(
        np.empty((nums_actions[1-i], total_num+1)) for i in range(N)
    )
    bases = tuple(np.empty(nums_actions[1-i], dtype=int) for i in range(N))

    converged, num_iter, init_pivot_used = \
        _lemke_howson_capping(payoff_matrices, tableaux, bases, init_pivot,
                              max_iter, capping)
    NE = _get_mixed_actions(tableaux, bases)

    if not full_output:
        return NE

    res = NashResult(NE=NE,
                     converged=converged,
                     num_iter=num_iter,
                     max_iter=max_iter,
                     init=init_pivot_used)

    return NE, res



# game_theory/lemke_howson.py
def _lemke_howson_capping(payoff_matrices, tableaux, bases, init_pivot,
                          max_iter, capping):
    m, n = tableaux[1].shape[0], tableaux[0].shape[0]
    init_pivot_curr = init_pivot
    max_iter_curr = max_iter
    total_num_iter = 0

    for k in range(m+n-1):
        capping_curr = min(max_iter_curr, capping)

        _initialize_tableaux(payoff_matrices, tableaux, bases)
        converged, num_iter = \
            _lemke_howson_tbl(tableaux, bases, init_pivot_curr, capping_curr)

        total_num_iter += num_iter

        if converged or total_num_iter >= max_iter:
            return converged, total_num_iter, init_pivot_curr

        init_pivot_curr += 1
        if init_pivot_curr >= m + n:
            init_pivot_curr -= m + n
        max_iter_curr -= num_iter

    _initialize_tableaux(payoff_matrices, tableaux, bases)
    converged, num_iter = \
        _lemke_howson_tbl(tableaux, bases, init_pivot_curr, max_iter_curr)
    total_num_iter += num_iter

    return converged, total_num_iter, init_pivot_curr



# game_theory/lemke_howson.py
def _initialize_tableaux(payoff_matrices, tableaux, bases):
    nums_actions = payoff_matrices[0].shape

    consts = np.zeros(2)  # To be added to payoffs if min <= 0
    for pl in range(2):
        min_ = payoff_matrices[pl].min()
        if min_ <= 0:
            consts[pl] = min_ * (-1) + 1

    for pl, (py_start, sl_start) in enumerate(zip((0, nums_actions[0]),
                                                  (nums_actions[0], 0))):
        for i in range(nums_actions[1-pl]):
            for j in range(nums_actions[pl]):
                tableaux[pl][i, py_start+j] = \
                    payoff_matrices[1-pl][i, j] + consts[1-pl]
            for j in range(nums_actions[1-pl]):
                if j == i:
                    tableaux[pl][i, sl_start+j] = 1
                else:
                    tableaux[pl][i, sl_start+j] = 0
            tableaux[pl][i, -1] = 1

        for i in range(nums_actions[1-pl]):
            bases[pl][i] = sl_start + i

    return tableaux, bases



# game_theory/lemke_howson.py
def _lemke_howson_tbl(tableaux, bases, init_pivot, max_iter):
    init_player = 0
    for k in bases[0]:
        if k == init_pivot:
            init_player = 1
            break
    pls = [init_player, 1 - init_player]

    pivot = init_pivot

    m, n = tableaux[1].shape[0], tableaux[0].shape[0]
    slack_starts = (m, 0)

    # Array to store row indices in lex_min_ratio_test
    argmins = np.empty(max(m, n), dtype=np.int_)

    converged = False
    num_iter = 0

    while True:
        for pl in pls:
            # Determine the leaving variable
            _, row_min = _lex_min_ratio_test(tableaux[pl], pivot,
                                             slack_starts[pl], argmins)

            # Pivoting step: modify tableau in place
            _pivoting(tableaux[pl], pivot, row_min)

            # Update the basic variables and the pivot
            bases[pl][row_min], pivot = pivot, bases[pl][row_min]

            num_iter += 1

            if pivot == init_pivot:
                converged = True
                break
            if num_iter >= max_iter:
                break
        else:
            continue
        break

    return converged, num_iter



# game_theory/lemke_howson.py
def _get_mixed_actions(tableaux, bases):
    nums_actions = tableaux[1].shape[0], tableaux[0].shape[0]
    num = nums_actions[0] + nums_actions[1]
    out = np.zeros(num)

    for pl, (start, stop) in enumerate(zip((0, nums_actions[0]),
                                           (nums_actions[0], num))):
        sum_ = 0.
        for i in range(nums_actions[1-pl]):
            k = bases[pl][i]
            if start <= k < stop:
                out[k] = tableaux[pl][i, -1]
                sum_ += tableaux[pl][i, -1]
        if sum_ != 0:
            out[start:stop] /= sum_

    return out[:nums_actions[0]], out[nums_actions[0]:]



class _BimatrixGame:  # stand-in for NormalFormGame((A, B)): the attributes lemke_howson reads
    def __init__(self, A, B):
        self.N = 2
        self.payoff_arrays = (A, B.T)
        self.nums_actions = A.shape


def lemke_howson_bimatrix(A, B):  # wrapper: the game, then lemke_howson(g)
    return lemke_howson(_BimatrixGame(A, B))


# game_theory/normal_form_game.py
def best_response_2p(payoff_matrix, opponent_mixed_action, tol=1e-8):
    n, m = payoff_matrix.shape

    payoff_max = -np.inf
    payoff_vector = np.zeros(n)

    for a in range(n):
        for b in range(m):
            payoff_vector[a] += payoff_matrix[a, b] * opponent_mixed_action[b]
        if payoff_vector[a] > payoff_max:
            payoff_max = payoff_vector[a]

    for a in range(n):
        if payoff_vector[a] >= payoff_max - tol:
            return a



# util/combinatorics.py
def next_k_array(a):
    # Logic taken from Algotirhm T in D. Knuth, The Art of Computer
    # Programming, Section 7.2.1.3 "Generating All Combinations".
    k = len(a)
    if k == 1 or a[0] + 1 < a[1]:
        a[0] += 1
        return a

    a[0] = 0
    i = 1
    x = a[i] + 1

    while i < k-1 and x == a[i+1]:
        i += 1
        a[i-1] = i - 1
        x = a[i] + 1
    a[i] = x

    return a



# random/utilities.py
def _probvec(r, out):  # pragma: no cover
    n = r.shape[0]
    r.sort()
    out[0] = r[0]
    for i in range(1, n):
        out[i] = r[i] - r[i-1]
    out[n] = 1 - r[n-1]
    return out  # added



# random/utilities.py
def _sample_without_replacement(n, r, out):
    k = r.shape[0]

    # Logic taken from random.sample in the standard library
    pool = np.arange(n)
    for j in range(k):
        idx = np.intp(np.floor(r[j] * (n-j)))  # np.floor returns a float
        out[j] = pool[idx]
        pool[idx] = pool[n-j-1]
    return out  # added



# --- the objective functions of QuantEcon's tests (optimize/tests/) --------------------------

# test_root_finding.py
def func_two(x):
    return np.sin(4 * (x - 1/4)) + x + x**20 - 1


def func_two_prime(x):
    return 4*np.cos(4*(x - 1/4)) + 20*x**19 + 1


# test_scalar_max.py
def f(x):
    return -(x + 2.0)**2 + 1.0


# test_nelder_mead.py
def rosenbrock(x):
    # Rosenbrock (1960)
    f = 100 * (x[1] - x[0] ** 2) ** 2 + (1 - x[0])**2
    return -f


# --- inputs -------------------------------------------------------------------------------------

def _stable(rng, n, radius=0.8):
    """A random n x n matrix with spectral radius ``radius`` (the doubling iterations converge)."""
    a = rng.normal(size=(n, n))
    return a * (radius / np.max(np.abs(np.linalg.eigvals(a))))


def _sample_paths(rng):
    P = probabilities(rng, 4, 4)
    return np.cumsum(P, axis=1), rng.integers(0, 4, size=3), rng.random((3, 6)), np.zeros((3, 6), dtype=int)


def _tauchen(rng):  # tauchen(n=5, rho, sigma)'s arguments to _fill_tauchen, rho and sigma drawn
    n, rho, sigma, n_std = 5, rng.uniform(0.5, 0.95), rng.uniform(0.5, 1.5), 3
    x_max = n_std * np.sqrt(sigma**2 / (1 - rho**2))
    x = np.linspace(-x_max, x_max, n)
    return x, np.zeros((n, n)), n, np.float64(rho), np.float64(sigma), np.float64(0.5 * (2 * x_max) / (n - 1))


def _s_wise(rng):  # 4 states with 3, 0, 2 and 1 actions (the second has none), sorted as DiscreteDP keeps them
    a_indices = np.array([0, 1, 2, 0, 1, 2])
    a_indptr = np.array([0, 3, 3, 5, 6])
    return a_indices, a_indptr, rng.normal(size=6), np.zeros(4), np.zeros(4, dtype=int)


def _riccati(rng):
    return _stable(rng, 3, 1.1), rng.normal(size=(3, 2)), spd(rng, 3), spd(rng, 2)


def _tableau(rng):  # a 3-row tableau with positive pivot column (for the ratio tests)
    return np.column_stack([rng.uniform(0.5, 2.0, size=(3, 6)), rng.uniform(0.5, 2.0, size=3)])


def _bimatrix(rng):  # von Stengel's game of test_lemke_howson.py, perturbed
    A = np.array([[3., 3.], [2., 5.], [0., 6.]]) + rng.uniform(0, 0.01, size=(3, 2))
    B = np.array([[3., 2.], [2., 6.], [3., 1.]]) + rng.uniform(0, 0.01, size=(3, 2))
    return A, B


def _simplex_point(rng):
    return np.array(simplex_grid(3, 4)[rng.integers(1, 15)]), 3, 4


def _ar1(rng, n=40):
    x = np.zeros(n)
    e = rng.normal(size=n)
    for t in range(1, n):
        x[t] = 0.6 * x[t - 1] + e[t]
    return x


CASES = [
    # _gridtools.py
    case(cartesian, lambda rng: ([rng.random(3), rng.random(4), rng.random(2)],), QE("_gridtools.py", "cartesian")),
    case(mlinspace, lambda rng: (rng.uniform(-1, 0, 2), rng.uniform(1, 2, 2), [3, 4]), QE("_gridtools.py", "mlinspace")),
    case(cartesian_nearest_index,
         lambda rng: (rng.uniform(-0.5, 3.5, (5, 2)), (np.sort(rng.uniform(0, 3, 4)), np.sort(rng.uniform(0, 3, 3)))),
         QE("_gridtools.py", "cartesian_nearest_index")),
    case(simplex_grid, lambda rng: (3, 4), QE("_gridtools.py", "simplex_grid", "with util/numba.py's comb_jit")),
    case(simplex_index, _simplex_point, QE("_gridtools.py", "simplex_index")),
    # _inequality.py
    case(lorenz_curve, lambda rng: (rng.pareto(3, size=20),), QE("_inequality.py", "lorenz_curve")),
    case(gini_coefficient, lambda rng: (rng.lognormal(size=15),), QE("_inequality.py", "gini_coefficient")),
    case(rank_size, lambda rng: (np.exp(rng.normal(size=20)), 0.85), QE("_inequality.py", "rank_size")),
    # _ecdf.py, _lae.py
    case(ecdf, lambda rng: (rng.normal(size=20), rng.normal(size=5)), QE("_ecdf.py", "ECDF.__call__", "wrapper builds the ECDF")),
    case(lae, lambda rng: (rng.random(20) + 0.01, np.linspace(0, 10, 20) + rng.uniform(0, 0.1)),
         QE("_lae.py", "LAE.__call__", "wrapper builds the LAE with tests/test_lae.py's kernel")),
    # markov/
    case(gth_solve, lambda rng: (probabilities(rng, 5, 5),), QE("markov/gth_solve.py", "gth_solve", "use_jit=True: _gth_solve_jit")),
    case(gth_solve, lambda rng: (probabilities(rng, 5, 5), False, False),
         QE("markov/gth_solve.py", "gth_solve", "use_jit=False: the vectorized path"), name="quantecon.gth_solve_nojit"),
    case(_generate_sample_paths, _sample_paths, QE("markov/core.py", "_generate_sample_paths", "return added")),
    case(_count_transition_frequencies, lambda rng: (rng.integers(0, 4, size=20), np.zeros((4, 4))),
         QE("markov/estimate.py", "_count_transition_frequencies")),
    case(_fill_tauchen, _tauchen, QE("markov/approximation.py", "_fill_tauchen", "return added")),
    case(row_build_mat, lambda rng: (5, np.float64(rng.uniform(0.7, 0.95)), np.float64(rng.uniform(0.7, 0.95))),
         QE("markov/approximation.py", "rouwenhorst.row_build_mat", "nested function, staged on its own")),
    case(_s_wise_max_argmax, _s_wise, QE("markov/utilities.py", "_s_wise_max_argmax", "return added")),
    case(_has_sorted_sa_indices, lambda rng: (np.sort(rng.integers(0, 3, size=6)), rng.integers(0, 3, size=6)),
         QE("markov/utilities.py", "_has_sorted_sa_indices")),
    case(_generate_a_indptr, lambda rng: (4, np.sort(rng.integers(0, 3, size=8)), np.zeros(5, dtype=int)),
         QE("markov/utilities.py", "_generate_a_indptr", "return added")),
    # _matrix_eqn.py, _quadsums.py
    case(solve_discrete_lyapunov, lambda rng: (_stable(rng, 3), spd(rng, 3)), QE("_matrix_eqn.py", "solve_discrete_lyapunov")),
    case(solve_discrete_riccati, _riccati, QE("_matrix_eqn.py", "solve_discrete_riccati")),
    case(var_quadratic_sum, lambda rng: (_stable(rng, 3), rng.normal(size=(3, 2)), spd(rng, 3), 0.95, rng.normal(size=3)),
         QE("_quadsums.py", "var_quadratic_sum")),
    # _filter.py, _estspec.py
    case(hamilton_filter, lambda rng: (np.cumsum(rng.normal(0.1, 1.0, size=40)), 8, 4), QE("_filter.py", "hamilton_filter")),
    case(periodogram, lambda rng: (rng.normal(size=32), 'hanning'), QE("_estspec.py", "periodogram", "with smooth")),
    case(ar_periodogram, lambda rng: (_ar1(rng),), QE("_estspec.py", "ar_periodogram")),
    # _ce_util.py, quad.py
    case(gridmake, lambda rng: (rng.random(3), rng.random(2), rng.random(2)), QE("_ce_util.py", "gridmake")),
    case(_qnwlege1, lambda rng: (5, np.float64(rng.uniform(-1, 0)), np.float64(rng.uniform(1, 2))), QE("quad.py", "_qnwlege1")),
    case(_qnwcheb1, lambda rng: (6, np.float64(rng.uniform(-1, 0)), np.float64(rng.uniform(1, 2))), QE("quad.py", "_qnwcheb1")),
    # optimize/
    case(brent_max, lambda rng: (f, np.float64(-4 + rng.uniform(0, 0.5)), np.float64(2 + rng.uniform(0, 0.5))),
         QE("optimize/scalar_maximization.py", "brent_max", "test_scalar_max.py's f; the bracket drawn")),
    case(newton, lambda rng: (func_two, np.float64(0.4 + rng.uniform(-0.02, 0.02)), func_two_prime),
         QE("optimize/root_finding.py", "newton", "test_root_finding.py's func_two")),
    case(bisect, lambda rng: (func_two, np.float64(rng.uniform(0, 0.1)), np.float64(np.sqrt(3) - rng.uniform(0, 0.1))),
         QE("optimize/root_finding.py", "bisect", "test_root_finding.py's func_two")),
    case(brentq, lambda rng: (func_two, np.float64(rng.uniform(0, 0.1)), np.float64(np.sqrt(3) - rng.uniform(0, 0.1))),
         QE("optimize/root_finding.py", "brentq", "test_root_finding.py's func_two")),
    case(nelder_mead, lambda rng: (rosenbrock, np.array([-2.0, 1.0]) + rng.uniform(-0.1, 0.1, size=2)),
         QE("optimize/nelder_mead.py", "nelder_mead", "test_nelder_mead.py's rosenbrock")),
    case(_pivoting, lambda rng: (_tableau(rng), 1, 2), QE("optimize/pivoting.py", "_pivoting")),
    case(_lex_min_ratio_test, lambda rng: (_tableau(rng), 1, 3, np.zeros(3, dtype=int)),
         QE("optimize/pivoting.py", "_lex_min_ratio_test")),
    # game_theory/
    case(lemke_howson_bimatrix, _bimatrix, QE("game_theory/lemke_howson.py", "lemke_howson", "on a NormalFormGame stand-in"),
         name="quantecon.lemke_howson"),
    case(best_response_2p, lambda rng: (rng.random((4, 3)), probabilities(rng, 3)),
         QE("game_theory/normal_form_game.py", "best_response_2p")),
    # util/, random/
    case(next_k_array, lambda rng: (np.sort(rng.choice(10, size=3, replace=False)),), QE("util/combinatorics.py", "next_k_array")),
    case(_probvec, lambda rng: (rng.random(4), np.zeros(5)), QE("random/utilities.py", "_probvec", "return added")),
    case(_sample_without_replacement, lambda rng: (10, rng.random(4), np.zeros(4, dtype=int)),
         QE("random/utilities.py", "_sample_without_replacement", "return added")),
]
