"""nolds' nonlinear measures of time series, the parts the ``dynamics`` corpus does not take: the Lyapunov exponents
of Rosenstein (``lyap_r``: an FFT estimate of ``min_tsep`` and a lag search that ``break``s when the autocorrelation
drops, ``float("inf")`` written into a distance matrix row by row, a divergence trajectory whose ``-inf`` steps are
filtered with ``np.where``) and of Eckmann (``lyap_e``: a neighbour radius from ``np.argsort``, ``if np.isinf(r)``
raising a ``str.format`` message, least squares and a QR decomposition per orbit vector, with the sign fix written
through ``np.where``), the rescaled-range Hurst exponent (``hurst_rs`` over ``rs``, with the Anis-Lloyd-Peters
correction ``expected_rs``, whose ``if n <= 340`` switches between ``math.gamma`` and an asymptote), the multifractal
height-height correlations (``mfhurst_b``, ``mfhurst_dm``), the helpers that build the sequences of window sizes
(``binary_n``, ``logarithmic_n`` with its ``if n > ns[-1]: ns.append(n)``, ``logmid_n``, ``logarithmic_r``) and the
minimum lengths (``lyap_r_len``, ``lyap_e_len``), sample entropy, the correlation dimension and DFA in the
configurations the other corpus leaves out (``debug_data``, zero matches with the ``%``-formatted warning,
``closed``, Chebyshev distance, non-overlapping windows, the RANSAC fallback), and from ``datasets.py`` fractional
Brownian motion and Gaussian noise (``fbm``, ``fgn``: ``np.mgrid``, ``eigh``, the global ``np.random``) and the
Barabasi-Vicsek fractal (``barabasi1991_fractal``: a nested function that recurses ``if h < 0`` on a height read from
the array, slices written with ``np.linspace``) (CSchoel/nolds, MIT).

Copied from CSchoel/nolds at b91761c8dacf80e127493ba73a85a47cb1ec8a78 (its LICENSE.txt is the MIT licence:
"Copyright (c) 2016 Christopher Schölzel"), ``nolds/measures.py`` and ``nolds/datasets.py``, with the source's
two-space indentation; docstrings dropped, comments kept. The same snapshot already gives the ``dynamics`` corpus
(corpus_dynamics.py) 15 cases: ``sampen``, ``rs``, ``_genhurst``, ``corr_dim``, ``dfa``, ``delay_embedding``, the
Lorenz and logistic maps and others with their default arguments. This corpus takes the functions that one does
not stage, and calls the shared ones (``sampen``, ``corr_dim``, ``dfa``) only with other arguments, down other
branches.

Adapted, beyond that:

* the calls of the plotting helpers (``plot_reg``, ``plot_reg_multiple``, ``plot_histogram_matrix``, ``plot_dists``,
  which need matplotlib) are dropped with the ``if debug_plot:`` blocks that hold them; every case runs with
  ``debug_plot=False``, so they never ran. ``hurst_rs``' ``if debug_plot:`` warning is kept, and so is the
  ``polys`` list that ``mfhurst_dm``'s block computes before its plot call;
* the module's imports are this module's (``from builtins import ...`` of the Python 2 compatibility layer dropped);
* scikit-learn is not installed, so ``poly_fit(..., fit="RANSAC")`` takes the source's own fallback (a warning, then
  ``np.polyfit``); the cases pass ``fit="poly"`` except ``dfa_ransac_fallback``, which takes that path on purpose;
* wrappers give the keyword-only calls (``lyap_r_len(**kwargs)``, ``lyap_e_len(**kwargs)``) their keywords, and seed
  NumPy's global generator before ``fbm`` and ``fgn`` draw from it (``np.random.randn``), so that eager is
  repeatable.

The inputs follow nolds/test_measures.py: orbits of the logistic map with r in [3.7, 4.0] (the test's chaotic
values), 100 steps, for the Lyapunov exponents with the test's ``emb_dim=6, lag=2, min_tsep=10,
trajectory_len=20`` and ``emb_dim=6, matrix_dim=2``; ``binary_n`` and ``logarithmic_n`` / ``logarithmic_r`` near the
test's (1000, 50) and (4, 11, 1.51); random walks and Gaussian noise of 100 to 300 values for the Hurst exponents and
DFA (``nvals=2**np.arange(3, 7)`` as in ``test_hurst_pracma``); small integer-valued series for sample entropy so
that templates match exactly.
"""

# ruff: noqa: E501, E741, N802, N803, N806, UP031, UP032, SIM108, RET505, B006, B028, F401, E127, E128, E131, W291
from __future__ import annotations

import math
import warnings

import numpy as np

from tests.coverage.cases import NLD, case


# --- nolds/measures.py ----------------------------------------------------------------------------------------------
def rowwise_chebyshev(x, y):
  return np.max(np.abs(x - y), axis=1)


def rowwise_euclidean(x, y):
  return np.sqrt(np.sum((x - y)**2, axis=1))


def poly_fit(x, y, degree, fit="RANSAC"):
  # check if we can use RANSAC
  if fit == "RANSAC":
    try:
      # ignore ImportWarnings in sklearn
      with warnings.catch_warnings():
        warnings.simplefilter("ignore", ImportWarning)
        import sklearn.linear_model as sklin
        import sklearn.preprocessing as skpre
    except ImportError:
      warnings.warn(
        "fitting mode 'RANSAC' requires the package sklearn, using"
        + " 'poly' instead",
        RuntimeWarning)
      fit = "poly"

  if fit == "poly":
    return np.polyfit(x, y, degree)
  elif fit == "RANSAC":
    model = sklin.RANSACRegressor(sklin.LinearRegression(fit_intercept=False))
    xdat = np.asarray(x)
    if len(xdat.shape) == 1:
      # interpret 1d-array as list of len(x) samples instead of
      # one sample of length len(x)
      xdat = xdat.reshape(-1, 1)
    polydat = skpre.PolynomialFeatures(degree).fit_transform(xdat)
    try:
      model.fit(polydat, y)
      coef = model.estimator_.coef_[::-1]
    except ValueError:
      warnings.warn(
        "RANSAC did not reach consensus, "
        + "using numpy's polyfit",
        RuntimeWarning)
      coef = np.polyfit(x, y, degree)
    return coef
  else:
    raise ValueError("invalid fitting mode ({})".format(fit))


def delay_embedding(data, emb_dim, lag=1):
  data = np.asarray(data)
  min_len = (emb_dim - 1) * lag + 1
  if len(data) < min_len:
    msg = "cannot embed data of length {} with embedding dimension {} " \
        + "and lag {}, minimum required length is {}"
    raise ValueError(msg.format(len(data), emb_dim, lag, min_len))
  m = len(data) - min_len + 1
  indices = np.repeat([np.arange(emb_dim) * lag], m, axis=0)
  indices += np.arange(m).reshape((m, 1))
  return data[indices]


def lyap_r_len(**kwargs):
  # minimum length required to find single orbit vector
  min_len = (kwargs['emb_dim'] - 1) * kwargs['lag'] + 1
  # we need trajectory_len orbit vectors to follow a complete trajectory
  min_len += kwargs['trajectory_len'] - 1
  # we need min_tsep * 2 + 1 orbit vectors to find neighbors for each
  min_len += kwargs['min_tsep'] * 2 + 1
  return min_len


def lyap_r(data, emb_dim=10, lag=None, min_tsep=None, tau=1, min_neighbors=20,
           trajectory_len=20, fit="RANSAC", debug_plot=False, debug_data=False,
           plot_file=None, fit_offset=0):
  # convert data to float to avoid overflow errors in rowwise_euclidean
  data = np.asarray(data, dtype=np.float64)
  n = len(data)
  max_tsep_factor = 0.25
  if lag is None or min_tsep is None:
    # both the algorithm for lag and min_tsep need the fft
    f = np.fft.rfft(data, n * 2 - 1)
  if min_tsep is None:
    # calculate min_tsep as mean period (= 1 / mean frequency)
    # to get the mean frequency, we weight the frequency buckets in the
    # fft result by the absolute power in that bucket and then divide
    # by the total power accross all buckets to get a weigthed mean
    mf = np.fft.rfftfreq(n * 2 - 1) * f**2
    mf = np.sum(mf[1:]) / np.sum(f[1:]**2)
    min_tsep = int(np.ceil(1.0 / mf))
    if min_tsep > max_tsep_factor * n:
      min_tsep = int(max_tsep_factor * n)
      msg = "signal has very low mean frequency, setting min_tsep = {:d}"
      warnings.warn(msg.format(min_tsep), RuntimeWarning)
  if lag is None:
    # calculate the lag as point where the autocorrelation drops to (1 - 1/e)
    # times its maximum value
    # note: the Wiener–Khinchin theorem states that the spectral
    # decomposition of the autocorrelation function of a process is the power
    # spectrum of that process
    # => we can use fft to calculate the autocorrelation
    acorr = np.fft.irfft(f * np.conj(f))
    acorr = np.roll(acorr, n - 1)
    eps = acorr[n - 1] * (1 - 1.0 / np.e)
    lag = 1

    # small helper function to calculate resulting number of vectors for a
    # given lag value
    def nb_neighbors(lag_value):
      min_len = lyap_r_len(
        emb_dim=emb_dim, lag=i, trajectory_len=trajectory_len,
        min_tsep=min_tsep
      )
      return max(0, n - min_len)
    # find lag
    for i in range(1, n):
      lag = i
      if acorr[n - 1 + i] < eps or acorr[n - 1 - i] < eps:
        break
      if nb_neighbors(i) < min_neighbors:
        msg = "autocorrelation declined too slowly to find suitable lag" \
          + ", setting lag to {}"
        warnings.warn(msg.format(lag), RuntimeWarning)
        break
  min_len = lyap_r_len(
    emb_dim=emb_dim, lag=lag, trajectory_len=trajectory_len,
    min_tsep=min_tsep
  )
  if len(data) < min_len:
    msg = "for emb_dim = {}, lag = {}, min_tsep = {} and trajectory_len = {}" \
      + " you need at least {} datapoints in your time series"
    warnings.warn(
      msg.format(emb_dim, lag, min_tsep, trajectory_len, min_len),
      RuntimeWarning
    )
  # delay embedding
  orbit = delay_embedding(data, emb_dim, lag)
  m = len(orbit)
  # construct matrix with pairwise distances between vectors in orbit
  dists = np.array([rowwise_euclidean(orbit, orbit[i]) for i in range(m)])
  # we do not want to consider vectors as neighbor that are less than min_tsep
  # time steps together => mask the distances min_tsep to the right and left of
  # each index by setting them to infinity (will never be considered as nearest
  # neighbors)
  for i in range(m):
    dists[i, max(0, i - min_tsep):i + min_tsep + 1] = float("inf")
  # check that we have enough data points to continue
  ntraj = m - trajectory_len + 1
  min_traj = min_tsep * 2 + 2  # in each row min_tsep + 1 disances are inf
  if ntraj <= 0:
    msg = "Not enough data points. Need {} additional data points to follow " \
        + "a complete trajectory."
    raise ValueError(msg.format(-ntraj+1))
  if ntraj < min_traj:
    # not enough data points => there are rows where all values are inf
    assert np.any(np.all(np.isinf(dists[:ntraj, :ntraj]), axis=1))
    msg = "Not enough data points. At least {} trajectories are required " \
        + "to find a valid neighbor for each orbit vector with min_tsep={} " \
        + "but only {} could be created."
    raise ValueError(msg.format(min_traj, min_tsep, ntraj))
  assert np.all(np.any(np.isfinite(dists[:ntraj, :ntraj]), axis=1))
  # find nearest neighbors (exclude last columns, because these vectors cannot
  # be followed in time for trajectory_len steps)
  nb_idx = np.argmin(dists[:ntraj, :ntraj], axis=1)

  # build divergence trajectory by averaging distances along the trajectory
  # over all neighbor pairs
  div_traj = np.zeros(trajectory_len, dtype=float)
  for k in range(trajectory_len):
    # calculate mean trajectory distance at step k
    indices = (np.arange(ntraj) + k, nb_idx + k)
    div_traj_k = dists[indices]
    # filter entries where distance is zero (would lead to -inf after log)
    nonzero = np.where(div_traj_k != 0)
    if len(nonzero[0]) == 0:
      # if all entries where zero, we have to use -inf
      div_traj[k] = -np.inf
    else:
      div_traj[k] = np.mean(np.log(div_traj_k[nonzero]))
  # filter -inf entries from mean trajectory
  ks = np.arange(trajectory_len)
  finite = np.where(np.isfinite(div_traj))
  ks = ks[finite]
  div_traj = div_traj[finite]
  if len(ks) < 1:
    # if all points or all but one point in the trajectory is -inf, we cannot
    # fit a line through the remaining points => return -inf as exponent
    poly = [-np.inf, 0]
  else:
    # normal line fitting
    poly = poly_fit(ks[fit_offset:], div_traj[fit_offset:], 1, fit=fit)
  le = poly[0] / tau
  if debug_data:
    return (le, (ks, div_traj, poly))
  else:
    return le


def lyap_e_len(**kwargs):
  m = (kwargs['emb_dim'] - 1) // (kwargs['matrix_dim'] - 1)
  # minimum length required to find single orbit vector
  min_len = kwargs['emb_dim']
  # we need to follow each starting point of an orbit vector for m more steps
  min_len += m
  # we need min_tsep * 2 + 1 orbit vectors to find neighbors for each
  min_len += kwargs['min_tsep'] * 2
  # we need at least min_nb neighbors for each orbit vector
  min_len += kwargs['min_nb']
  return min_len


def lyap_e(data, emb_dim=10, matrix_dim=4, min_nb=None, min_tsep=0, tau=1,
           debug_plot=False, debug_data=False, plot_file=None):
  # convert to float to avoid errors when using 'inf' as distance
  data = np.asarray(data, dtype=np.float64)
  n = len(data)
  if (emb_dim - 1) % (matrix_dim - 1) != 0:
    raise ValueError("emb_dim - 1 must be divisible by matrix_dim - 1!")
  m = (emb_dim - 1) // (matrix_dim - 1)
  if min_nb is None:
    # minimal number of neighbors as suggested by Eckmann et al.
    min_nb = min(2 * matrix_dim, matrix_dim + 4)

  min_len = lyap_e_len(
    emb_dim=emb_dim, matrix_dim=matrix_dim, min_nb=min_nb, min_tsep=min_tsep
  )
  if n < min_len:
    msg = "{} data points are not enough! For emb_dim = {}, matrix_dim = {}" \
      + ", min_tsep = {} and min_nb = {} you need at least {} data points " \
      + "in your time series"
    warnings.warn(
      msg.format(n, emb_dim, matrix_dim, min_tsep, min_nb, min_len),
      RuntimeWarning
    )

  # construct orbit as matrix (e = emb_dim)
  # x0 x1 x2 ... xe-1
  # x1 x2 x3 ... xe
  # x2 x3 x4 ... xe+1
  # ...

  # note: we need to be able to step m points further for the beta vector
  #       => maximum start index is n - emb_dim - m
  orbit = delay_embedding(data[:-m], emb_dim, lag=1)
  if len(orbit) < min_nb:
    assert len(data) < min_len
    msg = "Not enough data points. Need at least {} additional data points " \
        + "to have min_nb = {} neighbor candidates"
    raise ValueError(msg.format(min_nb-len(orbit), min_nb))
  old_Q = np.identity(matrix_dim)
  lexp = np.zeros(matrix_dim, dtype=np.float64)
  lexp_counts = np.zeros(lexp.shape)
  debug_values = []
  # TODO reduce number of points to visit?
  # TODO performance test!
  for i in range(len(orbit)):
    # find neighbors for each vector in the orbit using the chebyshev distance
    diffs = rowwise_chebyshev(orbit, orbit[i])
    # ensure that we do not count the difference of the vector to itself
    diffs[i] = float('inf')
    # mask all neighbors that are too close in time to the vector itself
    mask_from = max(0, i - min_tsep)
    mask_to = min(len(diffs), i + min_tsep + 1)
    diffs[mask_from:mask_to] = np.inf
    indices = np.argsort(diffs)
    idx = indices[min_nb - 1]  # index of the min_nb-nearest neighbor
    r = diffs[idx]  # corresponding distance
    if np.isinf(r):
      assert len(data) < min_len
      msg = "Not enough data points. Orbit vector {} has less than min_nb = " \
          + "{} valid neighbors that are at least min_tsep = {} time steps " \
          + "away. Input must have at least length {}."
      raise ValueError(msg.format(i, min_nb, min_tsep, min_len))
    # there may be more than min_nb vectors at distance r (if multiple vectors
    # have a distance of exactly r)
    # => update index accordingly
    indices = np.where(diffs <= r)[0]

    # find the matrix T_i that satisifies
    # T_i (orbit'[j] - orbit'[i]) = (orbit'[j+m] - orbit'[i+m])
    # for all neighbors j where orbit'[i] = [x[i], x[i+m],
    # ... x[i + (matrix_dim-1)*m]]

    # note that T_i has the following form:
    # 0  1  0  ... 0
    # 0  0  1  ... 0
    # ...
    # a0 a1 a2 ... a(matrix_dim-1)

    # This is because for all rows except the last one the aforementioned
    # equation has a clear solution since orbit'[j+m] - orbit'[i+m] =
    # [x[j+m]-x[i+m], x[j+2*m]-x[i+2*m], ... x[j+d_M*m]-x[i+d_M*m]]
    # and
    # orbit'[j] - orbit'[i] =
    # [x[j]-x[i], x[j+m]-x[i+m], ... x[j+(d_M-1)*m]-x[i+(d_M-1)*m]]
    # therefore x[j+k*m] - x[i+k*m] is already contained in
    # orbit'[j] - orbit'[x] for all k from 1 to matrix_dim-1. Only for
    # k = matrix_dim there is an actual problem to solve.

    # We can therefore find a = [a0, a1, a2, ... a(matrix_dim-1)] by
    # formulating a linear least squares problem (mat_X * a = vec_beta)
    # as follows.

    # build matrix X for linear least squares (d_M = matrix_dim)
    # x_j1 - x_i   x_j1+m - x_i+m   ...   x_j1+(d_M-1)m - x_i+(d_M-1)m
    # x_j2 - x_i   x_j2+m - x_i+m   ...   x_j2+(d_M-1)m - x_i+(d_M-1)m
    # ...

    # note: emb_dim = (d_M - 1) * m + 1
    mat_X = np.array([data[j:j + emb_dim:m] for j in indices])
    mat_X -= data[i:i + emb_dim:m]

    # build vector beta for linear least squares
    # x_j1+(d_M)m - x_i+(d_M)m
    # x_j2+(d_M)m - x_i+(d_M)m
    # ...
    if max(np.max(indices), i) + matrix_dim * m >= len(data):
      assert len(data) < min_len
      msg = "Not enough data points. Cannot follow orbit vector {} for " \
          + "{} (matrix_dim * m) time steps. Input must have at least " \
          + "length {}."
      raise ValueError(msg.format(i, matrix_dim * m, min_len))
    vec_beta = data[indices + matrix_dim * m] - data[i + matrix_dim * m]

    # perform linear least squares
    a, _, _, _ = np.linalg.lstsq(mat_X, vec_beta, rcond=-1)
    # build matrix T
    # 0  1  0  ... 0
    # 0  0  1  ... 0
    # ...
    # 0  0  0  ... 1
    # a1 a2 a3 ... a_(d_M)
    mat_T = np.zeros((matrix_dim, matrix_dim))
    mat_T[:-1, 1:] = np.identity(matrix_dim - 1)
    mat_T[-1] = a

    # QR-decomposition of T * old_Q
    mat_Q, mat_R = np.linalg.qr(np.dot(mat_T, old_Q))
    # force diagonal of R to be positive
    # (if QR = A then also QLL'R = A with L' = L^-1)
    sign_diag = np.sign(np.diag(mat_R))
    sign_diag[np.where(sign_diag == 0)] = 1
    sign_diag = np.diag(sign_diag)
    mat_Q = np.dot(mat_Q, sign_diag)
    mat_R = np.dot(sign_diag, mat_R)

    old_Q = mat_Q
    # successively build sum for Lyapunov exponents
    diag_R = np.diag(mat_R)
    # filter zeros in mat_R (would lead to -infs)
    idx = np.where(diag_R > 0)
    lexp_i = np.zeros(diag_R.shape, dtype=np.float64)
    lexp_i[idx] = np.log(diag_R[idx])
    lexp_i[np.where(diag_R == 0)] = np.inf
    if debug_plot or debug_data:
      debug_values.append(lexp_i / tau / m)
    lexp[idx] += lexp_i[idx]
    lexp_counts[idx] += 1
  # end of loop over orbit vectors
  # it may happen that all R-matrices contained zeros => exponent really has
  # to be -inf
  # normalize exponents over number of individual mat_Rs
  idx = np.where(lexp_counts > 0)
  lexp[idx] /= lexp_counts[idx]
  lexp[np.where(lexp_counts == 0)] = np.inf
  # normalize with respect to tau
  lexp /= tau
  # take m into account
  lexp /= m
  if debug_data:
    return (lexp, np.array(debug_values))
  return lexp


def sampen(data, emb_dim=2, tolerance=None, lag=1, dist=rowwise_chebyshev,
           closed=False, debug_plot=False, debug_data=False, plot_file=None):
  data = np.asarray(data)

  if tolerance is None:
    # the reasoning behind this default value is the following:
    # 1. physionet uses the default values emb_dim = 2, tolerance = 0.2
    # 2. the chebyshev distance rises logarithmically with increasing dimension
    # 3. 0.5627 * np.log(emb_dim) + 1.3334 is the logarithmic trend line for
    #    the chebyshev distance of vectors sampled from a univariate normal
    #    distribution
    # 4. 0.1164 is used as a factor to ensure that tolerance == std * 0.2 for
    #    emb_dim == 2
    tolerance = np.std(data, ddof=1) * 0.1164 * (0.5627 * np.log(emb_dim) + 1.3334)
  n = len(data)

  # build matrix of "template vectors"
  # (all consecutive subsequences of length m)
  # x0 x1 x2 x3 ... xm-1
  # x1 x2 x3 x4 ... xm
  # x2 x3 x4 x5 ... xm+1
  # ...
  # x_n-m-1     ... xn-1

  # since we need two of these matrices for m = emb_dim and m = emb_dim +1,
  # we build one that is large enough => shape (emb_dim+1, n-emb_dim)

  # note that we ignore the last possible template vector with length emb_dim,
  # because this vector has no corresponding vector of length m+1 and thus does
  # not count towards the conditional probability
  # (otherwise first dimension would be n-emb_dim+1 and not n-emb_dim)
  tVecs = delay_embedding(np.asarray(data), emb_dim+1, lag=lag)
  plot_data = []
  counts = []
  for m in [emb_dim, emb_dim + 1]:
    counts.append(0)
    plot_data.append([])
    # get the matrix that we need for the current m
    tVecsM = tVecs[:n - m + 1, :m]
    # successively calculate distances between each pair of template vectors
    for i in range(len(tVecsM) - 1):
      dsts = dist(tVecsM[i + 1:], tVecsM[i])
      if debug_plot or debug_data:
        plot_data[-1].extend(dsts)
      # count how many distances are smaller than the tolerance
      if closed:
        counts[-1] += np.sum(dsts <= tolerance)
      else:
        counts[-1] += np.sum(dsts < tolerance)
  if counts[0] > 0 and counts[1] > 0:
    saen = -np.log(1.0 * counts[1] / counts[0])
  else:
    # log would be infinite or undefined => cannot determine saen
    zcounts = []
    if counts[0] == 0:
      zcounts.append("emb_dim")
    if counts[1] == 0:
      zcounts.append("emb_dim + 1")
    warnings.warn(
      (
        "Zero vectors are within tolerance for %s. " \
        + "Consider raising the tolerance parameter to avoid %s result."
      ) % (" and ".join(zcounts), "NaN" if len(zcounts) == 2 else "inf"),
      RuntimeWarning
    )
    if counts[0] == 0 and counts[1] == 0:
      saen = np.nan
    elif counts[0] == 0:
      saen = -np.inf
    else:
      saen = np.inf
  if debug_data:
    return (saen, counts, plot_data)
  else:
    return saen


def binary_n(total_N, min_n=50):
  max_exp = np.log2(1.0 * total_N / min_n)
  max_exp = int(np.floor(max_exp))
  return [int(np.floor(1.0 * total_N / (2**i))) for i in range(1, max_exp + 1)]


def logarithmic_n(min_n, max_n, factor):
  assert max_n > min_n
  assert factor > 1
  # stop condition: min * f^x = max
  # => f^x = max/min
  # => x = log(max/min) / log(f)
  max_i = int(np.floor(np.log(1.0 * max_n / min_n) / np.log(factor)))
  ns = [min_n]
  for i in range(max_i + 1):
    n = int(np.floor(min_n * (factor ** i)))
    if n > ns[-1]:
      ns.append(n)
  return ns


def logmid_n(max_n, ratio=1/4.0, nsteps=15):
  l = np.log(max_n)
  span = l * ratio
  start = l * (1 - ratio) * 0.5
  midrange = start + 1.0*np.arange(nsteps)/nsteps*span
  nvals = np.round(np.exp(midrange)).astype("int32")
  return np.unique(nvals)


def logarithmic_r(min_n, max_n, factor):
  assert max_n > min_n
  assert factor > 1
  max_i = int(np.floor(np.log(1.0 * max_n / min_n) / np.log(factor)))
  return [min_n * (factor ** i) for i in range(max_i + 1)]


def expected_rs(n):
  front = (n - 0.5) / n
  i = np.arange(1, n)
  back = np.sum(np.sqrt((n - i) / i))
  if n <= 340:
    middle = math.gamma((n-1) * 0.5) / math.sqrt(math.pi) / math.gamma(n * 0.5)
  else:
    middle = 1.0 / math.sqrt(n * math.pi * 0.5)
  return front * middle * back


def expected_h(nvals, fit="RANSAC"):
  rsvals = [expected_rs(n) for n in nvals]
  poly = poly_fit(np.log(nvals), np.log(rsvals), 1, fit=fit)
  return poly[0]


def rs(data, n, unbiased=True):
  data = np.asarray(data)
  total_N = len(data)
  m = total_N // n  # number of sequences
  # cut values at the end of data to make the array divisible by n
  data = data[:total_N - (total_N % n)]
  # split remaining data into subsequences of length n
  seqs = np.reshape(data, (m, n))
  # calculate means of subsequences
  means = np.mean(seqs, axis=1)
  # normalize subsequences by substracting mean
  y = seqs - means.reshape((m, 1))
  # build cumulative sum of subsequences
  y = np.cumsum(y, axis=1)
  # find ranges
  r = np.max(y, axis=1) - np.min(y, axis=1)
  # find standard deviation
  # we should use the unbiased estimator, since we do not know the true mean
  s = np.std(seqs, axis=1, ddof=1 if unbiased else 0)
  # some ranges may be zero and have to be excluded from the analysis
  idx = np.where(r != 0)
  r = r[idx]
  s = s[idx]
  # it may happen that all ranges are zero (if all values in data are equal)
  if len(r) == 0:
    return np.nan
  else:
    # return mean of r/s along subsequence index
    return np.mean(r / s)


def hurst_rs(data, nvals=None, fit="RANSAC", debug_plot=False,
             debug_data=False, plot_file=None, corrected=True, unbiased=True):
  data = np.asarray(data)
  total_N = len(data)
  if nvals is None:
    # chooses a default value for nvals that will give 15 logarithmically
    # spaced datapoints leaning towards the middle of the logarithmic range
    # (since both too small and too large n introduce too much variance)
    nvals = logmid_n(total_N, ratio=1/4.0, nsteps=15)
  # get individual values for (R/S)_n
  rsvals = np.array([rs(data, n, unbiased=unbiased) for n in nvals])
  # filter NaNs (zeros should not be possible, because if R is 0 then
  # S is also zero)
  not_nan = np.logical_not(np.isnan(rsvals))
  rsvals = rsvals[not_nan]
  nvals = np.asarray(nvals)[not_nan]
  # it may happen that no rsvals are left (if all values of data are the same)
  if len(rsvals) == 0:
    poly = [np.nan, np.nan]
    if debug_plot:
      warnings.warn(
        "Cannot display debug plot, all (R/S)_n are NaN",
        RuntimeWarning
      )
  else:
    # fit a line to the logarithm of the obtained (R/S)_n
    xvals = np.log(nvals)
    yvals = np.log(rsvals)
    if corrected:
      yvals -= np.log([expected_rs(n) for n in nvals])
    poly = poly_fit(xvals, yvals, 1, fit=fit)
  # account for correction if necessary
  h = poly[0] + 0.5 if corrected else poly[0]
  # return line slope (+ correction) as hurst exponent
  if debug_data:
    return (h, (np.log(nvals), np.log(rsvals), poly))
  else:
    return h


def mfhurst_b(data, qvals=None, dists=None, fit='poly',
              debug_plot=False, debug_data=False, plot_file=None):
  # transform to array if necessary
  data = np.asarray(data, dtype=np.float64)
  if qvals is None:
    # actual default parameter would introduce shared list
    # see: http://pylint-messages.wikidot.com/messages:w0102
    qvals = [1]
  if dists is None:
    dists = logarithmic_n(1, max(20, 0.02 * len(data)), 1.5)
  dists = np.asarray(dists)
  if len(data) < 60:
    warnings.warn(
      "H(q) is not reliable for small time series ({} < 60)".format(len(data))
    )

  def hhcorr(d, q):
    diffs = np.abs(data[:-d] - data[d:])
    diffs = diffs[np.where(diffs > 0)]
    return np.mean(diffs ** q)

  # calculate height-height correlations
  corrvals = [hhcorr(d, q) for d in dists for q in qvals]
  corrvals = np.array(corrvals, dtype=np.float64)
  corrvals = corrvals.reshape(len(dists), len(qvals))

  # line fitting
  xvals = np.log(dists)
  yvals = np.log(corrvals)
  polys = [
    poly_fit(xvals, yvals[:, qi], 1, fit=fit)
    for qi in range(len(qvals))
  ]
  H = np.array(polys)[:, 0] / qvals
  if debug_data:
    return H, (xvals, yvals, polys)
  else:
    return H


def mfhurst_dm(data, qvals=None, max_dists=range(5, 20), detrend=True,
               fit="poly", debug_plot=False, debug_data=False, plot_file=None):
  # transform to array if necessary
  data = np.asarray(data)
  if qvals is None:
    # actual default parameter would introduce shared list
    # see: http://pylint-messages.wikidot.com/messages:w0102
    qvals = [1]
  if len(data) < 60:
    warnings.warn(
      "H(q) is not reliable for small time series ({} < 60)".format(len(data))
    )
  max_max_dist = np.max(max_dists)
  hhcorr = []
  # NOTE: I don't think it's a good idea to use a linear scale for the distance
  # values. Our fit is in logarithmic space, so this will place more weight on
  # the higher distance. This is not bad per se, but if you think that the
  # first values are unreliable, it would be better to skip them alltogether.
  for dist in range(1, max_max_dist+1):
    # NOTE: I don't think applying a step size to the input data is reasonable.
    # I cannot find any justification for this in the papers and reduces the
    # number of points that we can use to make our mean statistically stable.
    step_size = dist
    stepdata = data[::step_size]
    if detrend:
      stepdata = detrend_data(stepdata, order=1)
    diffs = stepdata[1:] - stepdata[:-1]
    hhcorr.append([
      np.mean(np.abs(diffs) ** q) / np.mean(np.abs(stepdata) ** q)
      for q in qvals
    ])
  hhcorr = np.array(hhcorr, dtype=np.float64)
  xvals = np.log(np.arange(1, max_max_dist+1))
  yvals = np.log(hhcorr)
  # NOTE: Using several maximum distances seems to be a strange way to
  # introduce stability, since it only places emphasis on the lower distance
  # ranges and does not introduce any new information.
  H = np.array([
    poly_fit(xvals[:md], yvals[:md, qi], 1, fit=fit)[0]
    for qi in range(len(qvals))
    for md in max_dists
  ], dtype=np.float64).reshape(len(qvals), len(max_dists))
  if debug_plot:
    polys = [
      np.array(poly_fit(xvals, yvals[:, qi], 1)) / qvals[qi]
      for qi in range(len(qvals))
    ]
  mH = np.mean(H, axis=1) / qvals
  sH = np.mean(H, axis=1) / qvals
  if debug_data:
    return [mH, sH, (xvals, yvals, polys)]
  else:
    return [mH, sH]


def corr_dim(data, emb_dim, lag=1, rvals=None, dist=rowwise_euclidean,
             fit="RANSAC", debug_plot=False, debug_data=False, plot_file=None):
  # TODO determine lag in units of time instead of number of datapoints
  data = np.asarray(data)

  # TODO what are good values for r?
  # TODO do this for multiple values of emb_dim?
  if rvals is None:
    sd = np.std(data, ddof=1)
    rvals = logarithmic_r(0.1 * sd, 0.5 * sd, 1.03)
  orbit = delay_embedding(data, emb_dim, lag=lag)
  n = len(orbit)
  dists = np.zeros((len(orbit), len(orbit)), dtype=np.float64)
  for i in range(len(orbit)):
    # calculate distances between X_i and X_i+1, X_i+2, ... , X_n-1
    # NOTE: strictly speaking, [cd_1] does not specify to exclude self-matches
    # however, since both [cd_2] and [cd_3] specify to only compare i with j != i
    # or j > i respectively, it is safe to assume that this was an oversight in
    # [cd_1]
    d = dist(orbit[i+1:], orbit[i])
    dists[i+1:,i] = d  # fill column i
    dists[i,i+1:] = d  # fill row i
  csums = []
  for r in rvals:
    # NOTE: The [cd_1] and [cd_2] both use the factor 1/N^2 here.
    # However, since we only use these values to fit a line in a log-log plot
    # any multiplicative constant doesn't change the result since it will
    # only result in an offset on the y-axis. Also, [cd_3] has a point here
    # in that if we exclude self-matches in the numerator, it makes sense to
    # also exclude self-matches from the denominator.
    s = 1.0 / (n * (n - 1)) * np.sum(dists <= r)
    csums.append(s)
  csums = np.array(csums)
  # filter zeros from csums
  nonzero = np.where(csums != 0)
  rvals = np.array(rvals)[nonzero]
  csums = csums[nonzero]
  if len(csums) == 0:
    # all sums are zero => we cannot fit a line
    poly = [np.nan, np.nan]
  else:
    poly = poly_fit(np.log(rvals), np.log(csums), 1, fit=fit)
  if debug_data:
    return (poly[0], (np.log(rvals), np.log(csums), poly))
  else:
    return poly[0]


def detrend_data(data, order=1, fit="poly"):
  # TODO also use this function in dfa
  xvals = np.arange(len(data))
  trend = poly_fit(xvals, data, order, fit=fit)
  detrended = data - np.polyval(trend, xvals)
  return detrended


def dfa(data, nvals=None, overlap=True, order=1, fit_trend="poly",
        fit_exp="RANSAC", debug_plot=False, debug_data=False, plot_file=None):
  data = np.asarray(data)
  total_N = len(data)
  if nvals is None:
    if total_N > 70:
      nvals = logarithmic_n(4, 0.1 * total_N, 1.2)
    elif total_N > 10:
      nvals = [4, 5, 6, 7, 8, 9]
    else:
      nvals = [total_N-2, total_N-1]
      msg = "choosing nvals = {} , DFA with less than ten data points is " \
          + "extremely unreliable"
      warnings.warn(msg.format(nvals), RuntimeWarning)
  if len(nvals) < 2:
    raise ValueError("at least two nvals are needed")
  if np.min(nvals) < 2:
    raise ValueError("nvals must be at least two")
  if np.max(nvals) >= total_N:
    raise ValueError("nvals cannot be larger than the input size")
  # create the signal profile
  # (cumulative sum of deviations from the mean => "walk")
  walk = np.cumsum(data - np.mean(data))
  fluctuations = []
  for n in nvals:
    assert n >= 2
    # subdivide data into chunks of size n
    if overlap:
      # step size n/2 instead of n
      d = np.array([walk[i:i + n] for i in range(0, len(walk) - n, n // 2)])
    else:
      # non-overlapping windows => we can simply do a reshape
      d = walk[:total_N - (total_N % n)]
      d = d.reshape((total_N // n, n))
    # calculate local trends as polynomes
    x = np.arange(n)
    tpoly = [poly_fit(x, d[i], order, fit=fit_trend)
             for i in range(len(d))]
    tpoly = np.array(tpoly)
    trend = np.array([np.polyval(tpoly[i], x) for i in range(len(d))])
    # calculate mean-square differences for each walk in d around trend
    flucs = np.sum((d - trend) ** 2, axis=1) / n
    # take another mean across all walks and finally take the square root of that
    # NOTE: To map this to the formula in Peng1995, observe that this simplifies
    # to np.sqrt(np.sum((d - trend) ** 2) / total_N) if we have non-overlapping
    # windows and the last window matches the end of the data perfectly.
    f_n = np.sqrt(np.sum(flucs) / len(flucs))
    fluctuations.append(f_n)
  fluctuations = np.array(fluctuations)
  # filter zeros from fluctuations
  nonzero = np.where(fluctuations != 0)
  nvals = np.array(nvals)[nonzero]
  fluctuations = fluctuations[nonzero]
  if len(fluctuations) == 0:
    # all fluctuations are zero => we cannot fit a line
    poly = [np.nan, np.nan]
  else:
    poly = poly_fit(np.log(nvals), np.log(fluctuations), 1,
                    fit=fit_exp)
  if debug_data:
    return (poly[0], (np.log(nvals), np.log(fluctuations), poly))
  else:
    return poly[0]


# --- nolds/datasets.py ----------------------------------------------------------------------------------------------
def fbm(n, H=0.75):
  # TODO more detailed description of fbm
  assert H > 0 and H < 1

  def R(t, s):
    twoH = 2 * H
    return 0.5 * (s**twoH + t**twoH - np.abs(t - s)**twoH)
  # form the matrix tau
  gamma = R(*np.mgrid[0:n, 0:n])  # apply R to every element in matrix
  w, P = np.linalg.eigh(gamma)
  L = np.diag(w)
  sigma = np.dot(np.dot(P, np.sqrt(L)), np.linalg.inv(P))
  v = np.random.randn(n)
  return np.dot(sigma, v)


def fgn(n, H=0.75):
  return np.diff(fbm(n+1, H=H))


def barabasi1991_fractal(size, iterations, b1=0.8, b2=0.5):
  def b1991(x0, y0, w, h):
    if h < 0:
      # for a segment with negative slope we have flip the x-axis
      d, nxtp = b1991(x0, y0 + h, w, -h)
      return d[::-1], nxtp
    x1 = x0 + w // 4
    x2 = x0 + w // 2
    x3 = x2 + w // 4
    x4 = x0 + w
    data = np.zeros(w, dtype=np.float64)
    data[x0 - x0:x1 - x0] = np.linspace(0, 1, x1 - x0) * b1 * h + y0
    data[x1 - x0:x2 - x0] = np.linspace(1, 0, x2 - x1) * b1 * h + y0
    data[x2 - x0:x3 - x0] = np.linspace(0, 1, x3 - x2) * b2 * h + y0
    data[x3 - x0:x4 - x0] = np.linspace(0, 1, x4 - x3) * (1 - b2) * h \
                          + y0 + b2 * h
    return data, [x0, x1, x2, x3, x4]
  fractal = np.linspace(0, 1, size)
  intervals = [(0, size)]
  for _ in range(iterations):
    next_intervals = []
    for x1, x2 in intervals:
      d, nxtp = b1991(x1, fractal[x1], x2 - x1, fractal[x2-1] - fractal[x1])
      fractal[x1:x2] = d
      next_intervals.extend(
        [(np1, np2) for np1, np2 in zip(nxtp[:-1], nxtp[1:])]
      )
    intervals = next_intervals
  return fractal


# --- calling conventions (not library code) -------------------------------------------------------------------------
def lyap_r_len_of(emb_dim, lag, trajectory_len, min_tsep):
  return lyap_r_len(emb_dim=emb_dim, lag=lag, trajectory_len=trajectory_len, min_tsep=min_tsep)


def lyap_e_len_of(emb_dim, matrix_dim, min_nb, min_tsep):
  return lyap_e_len(emb_dim=emb_dim, matrix_dim=matrix_dim, min_nb=min_nb, min_tsep=min_tsep)


def fbm_seeded(n, H, seed):
  np.random.seed(seed)  # fbm draws from NumPy's global generator
  return fbm(n, H=H)


def fgn_seeded(n, H, seed):
  np.random.seed(seed)
  return fgn(n, H=H)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _logistic(rng, n=100):
  """An orbit of the logistic map in its chaotic range (test_measures.py's test_lyap_logistic, r = 3.7 ... 4.0)."""
  r, x = rng.uniform(3.7, 4.0), rng.uniform(0.1, 0.9)
  orbit = []
  for _ in range(n):
    x = r * x * (1 - x)
    orbit.append(x)
  return np.array(orbit)


def _walk(rng, n):
  return np.cumsum(rng.normal(size=n))


def _levels(rng, n):
  """A series of small integers as floats: sample entropy's templates match exactly (test_sampen_base's data)."""
  return rng.integers(0, 6, size=n).astype(np.float64)


_M = "nolds/measures.py"
_D = "nolds/datasets.py"

CASES = [
    # window sizes and minimum lengths, from values the caller computed
    case(binary_n, lambda rng: (np.int64(rng.integers(1000, 1200)), 50), NLD(_M, "binary_n", "total_N a NumPy integer")),
    case(logarithmic_n, lambda rng: (4, np.float64(rng.uniform(11.0, 13.0)), 1.51), NLD(_M, "logarithmic_n", "max_n a NumPy float (0.1 * len(data) in dfa)")),
    case(logarithmic_r, lambda rng: (np.float64(rng.uniform(3.9, 4.1)), 10, 1.51), NLD(_M, "logarithmic_r", "min_n a NumPy float (0.1 * sd in corr_dim)")),
    case(logmid_n, lambda rng: (np.int64(rng.integers(900, 1100)), 1 / 4.0, 15), NLD(_M, "logmid_n", "max_n a NumPy integer")),
    case(expected_rs, lambda rng: (np.int64(rng.integers(20, 40)),), NLD(_M, "expected_rs", "n a NumPy integer, n <= 340")),
    case(expected_h, lambda rng: ([10, 20, 40, 80, 400], "poly"), NLD(_M, "expected_h", "n on both sides of 340")),
    case(lyap_r_len_of, lambda rng: (10, np.int64(rng.integers(1, 4)), 20, np.int64(rng.integers(5, 12))), NLD(_M, "lyap_r_len", "keyword arguments given by a wrapper")),
    case(lyap_e_len_of, lambda rng: (10, 4, np.int64(rng.integers(4, 9)), np.int64(rng.integers(0, 5))), NLD(_M, "lyap_e_len", "keyword arguments given by a wrapper")),
    # Lyapunov exponents
    case(lyap_r, lambda rng: (_logistic(rng), 6, 2, 10, 1, 20, 20, "poly"), NLD(_M, "lyap_r", "test_lyap_logistic's arguments, fit='poly'")),
    case(lyap_r, lambda rng: (_logistic(rng), 6, None, 10, 1, 20, 20, "poly"), NLD(_M, "lyap_r", "the lag found from the FFT (min_tsep=None fails eagerly on NumPy 2: np.ceil of a complex mean frequency)"), name="nolds.lyap_r_auto_lag"),
    case(lyap_r, lambda rng: (_logistic(rng), 6, 2, 10, 1, 20, 20, "poly", False, True), NLD(_M, "lyap_r", "debug_data=True"), name="nolds.lyap_r_debug_data"),
    case(lyap_e, lambda rng: (_logistic(rng), 6, 2), NLD(_M, "lyap_e", "test_lyap_logistic's arguments")),
    case(lyap_e, lambda rng: (_logistic(rng), 7, 3, None, 2), NLD(_M, "lyap_e", "matrix_dim=3, min_tsep=2"), name="nolds.lyap_e_tsep"),
    # Hurst exponents
    case(hurst_rs, lambda rng: (_walk(rng, 256), [8, 16, 32, 64], "poly"), NLD(_M, "hurst_rs", "nvals a list, fit='poly'")),
    case(hurst_rs, lambda rng: (rng.normal(size=300), None, "poly"), NLD(_M, "hurst_rs", "nvals from logmid_n"), name="nolds.hurst_rs_default_nvals"),
    case(hurst_rs, lambda rng: (_walk(rng, 256), 2 ** np.arange(3, 7), "poly", False, False, None, False, False), NLD(_M, "hurst_rs", "nvals=2**np.arange(3, 7) as in test_hurst_pracma, corrected=False, unbiased=False"), name="nolds.hurst_rs_uncorrected"),
    case(mfhurst_b, lambda rng: (_walk(rng, 200), [1, 2], None, "poly"), NLD(_M, "mfhurst_b", "qvals=[1, 2], dists from logarithmic_n")),
    case(mfhurst_dm, lambda rng: (_walk(rng, 200), [1, 2]), NLD(_M, "mfhurst_dm", "qvals=[1, 2], the default max_dists")),
    # sample entropy, correlation dimension and DFA on other branches than the dynamics corpus
    case(sampen, lambda rng: (rng.normal(size=30), 2, None, 1, rowwise_chebyshev, False, False, True), NLD(_M, "sampen", "debug_data=True: the distances collected with list.extend"), name="nolds.sampen_debug_data"),
    case(sampen, lambda rng: (rng.normal(size=30), 2, 1e-9, 1, rowwise_chebyshev, True), NLD(_M, "sampen", "a tolerance no pair meets: the %-formatted warning, NaN"), name="nolds.sampen_no_matches"),
    case(sampen, lambda rng: (_levels(rng, 24), 1, 0.5, 2, rowwise_euclidean, True), NLD(_M, "sampen", "integer levels, emb_dim=1, lag=2, Euclidean, closed"), name="nolds.sampen_levels"),
    case(corr_dim, lambda rng: (_logistic(rng, 60), 4, 1, [0.05 * 1.3 ** i for i in range(9)], rowwise_chebyshev, "poly", False, True), NLD(_M, "corr_dim", "rvals given, Chebyshev distance, debug_data=True"), name="nolds.corr_dim_chebyshev"),
    case(dfa, lambda rng: (_walk(rng, 128), [4, 6, 8, 12, 16], False, 2, "poly", "poly", False, True), NLD(_M, "dfa", "nvals given, overlap=False, order=2, debug_data=True"), name="nolds.dfa_nonoverlapping"),
    case(dfa, lambda rng: (rng.normal(size=100),), NLD(_M, "dfa", "defaults: fit_exp='RANSAC' falls back to np.polyfit with a warning (no scikit-learn)"), name="nolds.dfa_ransac_fallback"),
    # datasets
    case(fbm_seeded, lambda rng: (24, np.float64(rng.uniform(0.3, 0.8)), 7), NLD(_D, "fbm", "np.random.seed(7) first (a wrapper)")),
    case(fgn_seeded, lambda rng: (24, np.float64(rng.uniform(0.3, 0.8)), 7), NLD(_D, "fgn", "np.random.seed(7) first (a wrapper)")),
    case(barabasi1991_fractal, lambda rng: (256, 3, np.float64(rng.uniform(0.6, 0.9)), np.float64(rng.uniform(0.3, 0.6))), NLD(_D, "barabasi1991_fractal", "b1, b2 NumPy floats")),
]
