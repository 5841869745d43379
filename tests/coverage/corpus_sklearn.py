"""NumPy helpers of scikit-learn (scikit-learn/scikit-learn, BSD-3-Clause).

scikit-learn 1.9.1 (``sklearn/``), only functions that do not go through the array API namespace (``xp, _ =
get_namespace(X)``, which in 1.9.1 ``svd_flip``, ``softmax``, ``stable_cumsum``, ``row_norms``,
``_incremental_mean_and_var`` and ``_handle_zeros_in_scale`` do): ``utils/extmath.py``'s ``density`` (``hasattr(w,
"toarray")``, ``float((w != 0).sum())``), ``weighted_mode`` (a loop over ``np.unique``), ``cartesian`` (``np.indices``,
``out[:, n] = ...`` in a loop), ``make_nonnegative`` (``if min_ < min_value``), ``_deterministic_vector_sign_flip`` and
``_approximate_mode`` (``rng.choice`` in a loop with ``break``, from ``utils/validation.py``'s
``check_random_state``); ``utils/multiclass.py``'s ``_ovr_decision_function`` (masked ``votes[... == 0, i] += 1``);
``cluster/_affinity_propagation.py``'s ``_affinity_propagation`` (``for it in range(max_iter): ... break`` / ``else``,
ufuncs with ``out=``, ``tmp.flat[:: n + 1] = ...``, then ``np.flatnonzero`` and a loop over the exemplars);
``cluster/_optics.py``'s ``cluster_optics_dbscan`` (its ``cluster_optics_xi`` and ``_xi_cluster`` family are
tests/coverage/corpus_errstate.py's already);
``cross_decomposition/_pls.py``'s power method (``next(col for col in y.T if np.any(...))``, ``break`` on
convergence or one target, ``_pinv2_old`` for mode B) and ``_center_scale_xy``; ``decomposition/``' ``_ortho_rotation``
(varimax, ``break`` on the variance) and FastICA's ``_ica_par`` (``for`` / ``else``) and ``_ica_def`` (a ``break`` per
component) with ``_logcosh`` / ``_exp`` / ``_cube`` passed as ``g``; ``ensemble/_gb.py``'s ``_safe_divide`` (``float()``
of its arguments, ``math.isinf``); ``feature_extraction/image.py``'s ``_make_edges_3d``, ``_mask_edges_weights``,
``_extract_patches`` (``as_strided`` from ``arr.strides``) and ``reconstruct_from_patches_2d`` (``zip`` with
``itertools.product``, ``img[i, j] /= float(min(...))``); ``linear_model/_theil_sen.py``'s ``_spatial_median`` (the
Weiszfeld iteration with ``break`` / ``else``); ``manifold/_t_sne.py``'s ``_gradient_descent`` driving
``_kl_divergence`` (``pdist`` / ``squareform``); ``metrics/_ranking.py``'s ``_dcg_sample_scores`` and
``_tie_averaged_dcg`` (``np.unique(..., return_inverse=True, return_counts=True)``, ``np.add.at``);
``metrics/cluster/_supervised.py``'s ``_generalized_average``; ``neural_network/_base.py``'s ``log_loss``.

Copied from the PyPI sdist scikit-learn==1.9.1 (SHA-1 97aa60c346f624a2688acbce90973e32550381c6 of
``scikit_learn-1.9.1.tar.gz``: the repository's snapshot is beyond the fetch tool; its ``COPYING`` is the BSD 3-clause
licence, "Copyright (c) 2007-2026 The scikit-learn developers"). Functions and classes are grouped under one ``# ---
<path> ---`` header a file, in each file's order; bodies as written, comments kept, docstrings dropped (and trailing
blanks, and runs of blank lines).

Adapted, beyond that:

* scikit-learn's imports between its modules (``check_random_state``, ``ConvergenceWarning``) are the module-level
  names of this module; ``ConvergenceWarning``'s body is the first line of its docstring (its only body);
* prints are dropped: the ``if verbose: print(...)`` blocks of ``_affinity_propagation`` and ``_gradient_descent``;
* scikit-learn's ``@validate_params(...)`` decorators are dropped (``cluster_optics_dbscan``);
* the keyword-only functions are staged through wrappers (``# --- wrappers``) that pass the keywords;
  ``_affinity_propagation`` gets ``check_random_state(0)`` as ``AffinityPropagation.fit`` would with
  ``random_state=0``;
* copied with its file but run by no case: ``_cube`` (``_make_edges_3d`` builds an input of
  ``_mask_edges_weights``' case; the other helpers run inside the functions that call them).

Not taken: scikit-learn's Cython-backed code, anything on ``scipy.sparse`` or behind ``check_array`` /
``validate_data``, and the array API functions named above.

The inputs (ours, not copied): a few samples each (8 to 15 rows of 2 or 3 features); 8 points in two blobs of 4 around
(0, 0) and (4, 4) for affinity propagation; a reachability plot of 15 points with two valleys for OPTICS; whitened
two-source mixtures of 60 samples for FastICA; 6 points in 2-D for t-SNE; 12 overlapping patches of 3 by 3 of a 5 by 6
image. Sizes, strides, names and tolerances are Python values both inputs share.
"""

# ruff: noqa: B028, E501, E741, UP031, UP032
from __future__ import annotations

import math
import numbers
import warnings
from itertools import product
from numbers import Number
from time import time

import numpy as np
from numpy.lib.stride_tricks import as_strided
from scipy import linalg, sparse
from scipy.linalg import svd
from scipy.spatial.distance import pdist, squareform
from scipy.special import xlogy

from tests.coverage.cases import SCIKIT_LEARN, Source, case

# --- sklearn/exceptions.py ---


class ConvergenceWarning(UserWarning):
    """Custom warning to capture convergence problems"""  # (the docstring is its body: kept, first line)


# --- sklearn/utils/validation.py ---


def check_random_state(seed):
    if seed is None or seed is np.random:
        return np.random.mtrand._rand
    if isinstance(seed, numbers.Integral):
        return np.random.RandomState(seed)
    if isinstance(seed, np.random.RandomState):
        return seed
    raise ValueError(
        f"{seed!r} cannot be used to seed a numpy.random.RandomState instance"
    )


# --- sklearn/utils/extmath.py ---


def density(w):
    if hasattr(w, "toarray"):
        d = float(w.nnz) / (w.shape[0] * w.shape[1])
    else:
        d = 0 if w is None else float((w != 0).sum()) / w.size
    return d


def weighted_mode(a, w, *, axis=0):
    if axis is None:
        a = np.ravel(a)
        w = np.ravel(w)
        axis = 0
    else:
        a = np.asarray(a)
        w = np.asarray(w)

    if a.shape != w.shape:
        w = np.full(a.shape, w, dtype=w.dtype)

    scores = np.unique(np.ravel(a))  # get ALL unique values
    testshape = list(a.shape)
    testshape[axis] = 1
    oldmostfreq = np.zeros(testshape)
    oldcounts = np.zeros(testshape)
    for score in scores:
        template = np.zeros(a.shape)
        ind = a == score
        template[ind] = w[ind]
        counts = np.expand_dims(np.sum(template, axis), axis)
        mostfrequent = np.where(counts > oldcounts, score, oldmostfreq)
        oldcounts = np.maximum(counts, oldcounts)
        oldmostfreq = mostfrequent
    return mostfrequent, oldcounts


def cartesian(arrays, out=None):
    arrays = [np.asarray(x) for x in arrays]
    shape = (len(x) for x in arrays)

    ix = np.indices(shape)
    ix = ix.reshape(len(arrays), -1).T

    if out is None:
        dtype = np.result_type(*arrays)  # find the most permissive dtype
        out = np.empty_like(ix, dtype=dtype)

    for n, arr in enumerate(arrays):
        out[:, n] = arrays[n][ix[:, n]]

    return out


def make_nonnegative(X, min_value=0):
    min_ = X.min()
    if min_ < min_value:
        if sparse.issparse(X):
            raise ValueError(
                "Cannot make the data matrix"
                " nonnegative because it is sparse."
                " Adding a value to every entry would"
                " make it no longer sparse."
            )
        X = X + (min_value - min_)
    return X


def _deterministic_vector_sign_flip(u):
    max_abs_rows = np.argmax(np.abs(u), axis=1)
    signs = np.sign(u[range(u.shape[0]), max_abs_rows])
    u *= signs[:, np.newaxis]
    return u


def _approximate_mode(class_counts, n_draws, rng):
    rng = check_random_state(rng)
    # this computes a bad approximation to the mode of the
    # multivariate hypergeometric given by class_counts and n_draws
    continuous = class_counts / class_counts.sum() * n_draws
    # floored means we don't overshoot n_samples, but probably undershoot
    floored = np.floor(continuous)
    # we add samples according to how much "left over" probability
    # they had, until we arrive at n_samples
    need_to_add = int(n_draws - floored.sum())
    if need_to_add > 0:
        remainder = continuous - floored
        values = np.sort(np.unique(remainder))[::-1]
        # add according to remainder, but break ties
        # randomly to avoid biases
        for value in values:
            (inds,) = np.where(remainder == value)
            # if we need_to_add less than what's in inds
            # we draw randomly from them.
            # if we need to add more, we add them all and
            # go to the next value
            add_now = min(len(inds), need_to_add)
            inds = rng.choice(inds, size=add_now, replace=False)
            floored[inds] += 1
            need_to_add -= add_now
            if need_to_add == 0:
                break
    return floored.astype(int)


# --- sklearn/utils/multiclass.py ---


def _ovr_decision_function(predictions, confidences, n_classes):
    n_samples = predictions.shape[0]
    votes = np.zeros((n_samples, n_classes))
    sum_of_confidences = np.zeros((n_samples, n_classes))

    k = 0
    for i in range(n_classes):
        for j in range(i + 1, n_classes):
            sum_of_confidences[:, i] -= confidences[:, k]
            sum_of_confidences[:, j] += confidences[:, k]
            votes[predictions[:, k] == 0, i] += 1
            votes[predictions[:, k] == 1, j] += 1
            k += 1

    # Monotonically transform the sum_of_confidences to (-1/3, 1/3)
    # and add it with votes. The monotonic transformation  is
    # f: x -> x / (3 * (|x| + 1)), it uses 1/3 instead of 1/2
    # to ensure that we won't reach the limits and change vote order.
    # The motivation is to use confidence levels as a way to break ties in
    # the votes without switching any decision made based on a difference
    # of 1 vote.
    transformed_confidences = sum_of_confidences / (
        3 * (np.abs(sum_of_confidences) + 1)
    )
    return votes + transformed_confidences


# --- sklearn/cluster/_affinity_propagation.py ---


def _equal_similarities_and_preferences(S, preference):
    def all_equal_preferences():
        return np.all(preference == preference.flat[0])

    def all_equal_similarities():
        # Create mask to ignore diagonal of S
        mask = np.ones(S.shape, dtype=bool)
        np.fill_diagonal(mask, 0)

        return np.all(S[mask].flat == S[mask].flat[0])

    return all_equal_preferences() and all_equal_similarities()


def _affinity_propagation(
    S,
    *,
    preference,
    convergence_iter,
    max_iter,
    damping,
    verbose,
    return_n_iter,
    random_state,
):
    n_samples = S.shape[0]
    if n_samples == 1 or _equal_similarities_and_preferences(S, preference):
        # It makes no sense to run the algorithm in this case, so return 1 or
        # n_samples clusters, depending on preferences
        warnings.warn(
            "All samples have mutually equal similarities. "
            "Returning arbitrary cluster center(s)."
        )
        if preference.flat[0] > S.flat[n_samples - 1]:
            return (
                (np.arange(n_samples), np.arange(n_samples), 0)
                if return_n_iter
                else (np.arange(n_samples), np.arange(n_samples))
            )
        else:
            return (
                (np.array([0]), np.array([0] * n_samples), 0)
                if return_n_iter
                else (np.array([0]), np.array([0] * n_samples))
            )

    # Place preference on the diagonal of S
    S.flat[:: (n_samples + 1)] = preference

    A = np.zeros((n_samples, n_samples))
    R = np.zeros((n_samples, n_samples))  # Initialize messages
    # Intermediate results
    tmp = np.zeros((n_samples, n_samples))

    # Remove degeneracies
    S += (
        np.finfo(S.dtype).eps * S + np.finfo(S.dtype).tiny * 100
    ) * random_state.standard_normal(size=(n_samples, n_samples))

    # Execute parallel affinity propagation updates
    e = np.zeros((n_samples, convergence_iter))

    ind = np.arange(n_samples)

    for it in range(max_iter):
        # tmp = A + S; compute responsibilities
        np.add(A, S, tmp)
        I = np.argmax(tmp, axis=1)
        Y = tmp[ind, I]  # np.max(A + S, axis=1)
        tmp[ind, I] = -np.inf
        Y2 = np.max(tmp, axis=1)

        # tmp = Rnew
        np.subtract(S, Y[:, None], tmp)
        tmp[ind, I] = S[ind, I] - Y2

        # Damping
        tmp *= 1 - damping
        R *= damping
        R += tmp

        # tmp = Rp; compute availabilities
        np.maximum(R, 0, out=tmp)
        tmp.flat[:: n_samples + 1] = R.flat[:: n_samples + 1]

        # tmp = -Anew
        tmp -= np.sum(tmp, axis=0)
        dA = np.diag(tmp).copy()
        tmp.clip(0, np.inf, tmp)
        tmp.flat[:: n_samples + 1] = dA

        # Damping
        tmp *= 1 - damping
        A *= damping
        A -= tmp

        # Check for convergence
        E = (np.diag(A) + np.diag(R)) > 0
        e[:, it % convergence_iter] = E
        K = np.sum(E, axis=0)

        if it >= convergence_iter:
            se = np.sum(e, axis=1)
            unconverged = np.sum((se == convergence_iter) + (se == 0)) != n_samples
            if (not unconverged and (K > 0)) or (it == max_iter):
                never_converged = False
                break
    else:
        never_converged = True

    I = np.flatnonzero(E)
    K = I.size  # Identify exemplars

    if K > 0:
        if never_converged:
            warnings.warn(
                (
                    "Affinity propagation did not converge, this model "
                    "may return degenerate cluster centers and labels."
                ),
                ConvergenceWarning,
            )
        c = np.argmax(S[:, I], axis=1)
        c[I] = np.arange(K)  # Identify clusters
        # Refine the final set of exemplars and clusters and return results
        for k in range(K):
            ii = np.asarray(c == k).nonzero()[0]
            j = np.argmax(np.sum(S[ii[:, np.newaxis], ii], axis=0))
            I[k] = ii[j]

        c = np.argmax(S[:, I], axis=1)
        c[I] = np.arange(K)
        labels = I[c]
        # Reduce labels to a sorted, gapless, list
        cluster_centers_indices = np.unique(labels)
        labels = np.searchsorted(cluster_centers_indices, labels)
    else:
        warnings.warn(
            (
                "Affinity propagation did not converge and this model "
                "will not have any cluster centers."
            ),
            ConvergenceWarning,
        )
        labels = np.array([-1] * n_samples)
        cluster_centers_indices = []

    if return_n_iter:
        return cluster_centers_indices, labels, it + 1
    else:
        return cluster_centers_indices, labels


# --- sklearn/cluster/_optics.py ---


def _validate_size(size, n_samples, param_name):
    if size > n_samples:
        raise ValueError(
            "%s must be no greater than the number of samples (%d). Got %d"
            % (param_name, n_samples, size)
        )


def cluster_optics_dbscan(*, reachability, core_distances, ordering, eps):
    n_samples = len(core_distances)
    labels = np.zeros(n_samples, dtype=int)

    far_reach = reachability > eps
    near_core = core_distances <= eps
    labels[ordering] = np.cumsum(far_reach[ordering] & near_core[ordering]) - 1
    labels[far_reach & ~near_core] = -1
    return labels


# --- sklearn/cross_decomposition/_pls.py ---


def _pinv2_old(a):
    # Used previous scipy pinv2 that was updated in:
    # https://github.com/scipy/scipy/pull/10067
    # We can not set `cond` or `rcond` for pinv2 in scipy >= 1.3 to keep the
    # same behavior of pinv2 for scipy < 1.3, because the condition used to
    # determine the rank is dependent on the output of svd.
    u, s, vh = svd(a, full_matrices=False, check_finite=False)

    t = u.dtype.char.lower()
    factor = {"f": 1e3, "d": 1e6}
    cond = np.max(s) * factor[t] * np.finfo(t).eps
    rank = np.sum(s > cond)

    u = u[:, :rank]
    u /= s[:rank]
    return np.transpose(np.conjugate(np.dot(u, vh[:rank])))


def _get_first_singular_vectors_power_method(
    X, y, mode="A", max_iter=500, tol=1e-06, norm_y_weights=False
):

    eps = np.finfo(X.dtype).eps
    try:
        y_score = next(col for col in y.T if np.any(np.abs(col) > eps))
    except StopIteration as e:
        raise StopIteration("y residual is constant") from e

    x_weights_old = 100  # init to big value for first convergence check

    if mode == "B":
        # Precompute pseudo inverse matrices
        # Basically: X_pinv = (X.T X)^-1 X.T
        # Which requires inverting a (n_features, n_features) matrix.
        # As a result, and as detailed in the Wegelin's review, CCA (i.e. mode
        # B) will be unstable if n_features > n_samples or n_targets >
        # n_samples
        X_pinv, y_pinv = _pinv2_old(X), _pinv2_old(y)

    for i in range(max_iter):
        if mode == "B":
            x_weights = np.dot(X_pinv, y_score)
        else:
            x_weights = np.dot(X.T, y_score) / np.dot(y_score, y_score)

        x_weights /= np.sqrt(np.dot(x_weights, x_weights)) + eps
        x_score = np.dot(X, x_weights)

        if mode == "B":
            y_weights = np.dot(y_pinv, x_score)
        else:
            y_weights = np.dot(y.T, x_score) / np.dot(x_score.T, x_score)

        if norm_y_weights:
            y_weights /= np.sqrt(np.dot(y_weights, y_weights)) + eps

        y_score = np.dot(y, y_weights) / (np.dot(y_weights, y_weights) + eps)

        x_weights_diff = x_weights - x_weights_old
        if np.dot(x_weights_diff, x_weights_diff) < tol or y.shape[1] == 1:
            break
        x_weights_old = x_weights

    n_iter = i + 1
    if n_iter == max_iter:
        warnings.warn("Maximum number of iterations reached", ConvergenceWarning)

    return x_weights, y_weights, n_iter


def _center_scale_xy(X, y, scale=True):
    # center
    x_mean = X.mean(axis=0)
    X -= x_mean
    y_mean = y.mean(axis=0)
    y -= y_mean
    # scale
    if scale:
        x_std = X.std(axis=0, ddof=1)
        x_std[x_std == 0.0] = 1.0
        X /= x_std
        y_std = y.std(axis=0, ddof=1)
        y_std[y_std == 0.0] = 1.0
        y /= y_std
    else:
        x_std = np.ones(X.shape[1])
        y_std = np.ones(y.shape[1])
    return X, y, x_mean, y_mean, x_std, y_std


# --- sklearn/decomposition/_factor_analysis.py ---


def _ortho_rotation(components, method="varimax", tol=1e-6, max_iter=100):
    nrow, ncol = components.shape
    rotation_matrix = np.eye(ncol)
    var = 0

    for _ in range(max_iter):
        comp_rot = np.dot(components, rotation_matrix)
        if method == "varimax":
            tmp = comp_rot * np.transpose((comp_rot**2).sum(axis=0) / nrow)
        elif method == "quartimax":
            tmp = 0
        u, s, v = np.linalg.svd(np.dot(components.T, comp_rot**3 - tmp))
        rotation_matrix = np.dot(u, v)
        var_new = np.sum(s)
        if var != 0 and var_new < var * (1 + tol):
            break
        var = var_new

    return np.dot(components, rotation_matrix).T


# --- sklearn/decomposition/_fastica.py ---


def _gs_decorrelation(w, W, j):
    w -= np.linalg.multi_dot([w, W[:j].T, W[:j]])
    return w


def _sym_decorrelation(W):
    s, u = linalg.eigh(np.dot(W, W.T))
    # Avoid sqrt of negative values because of rounding errors. Note that
    # np.sqrt(tiny) is larger than tiny and therefore this clipping also
    # prevents division by zero in the next step.
    s = np.clip(s, a_min=np.finfo(W.dtype).tiny, a_max=None)

    # u (resp. s) contains the eigenvectors (resp. square roots of
    # the eigenvalues) of W * W.T
    return np.linalg.multi_dot([u * (1.0 / np.sqrt(s)), u.T, W])


def _ica_def(X, tol, g, fun_args, max_iter, w_init):

    n_components = w_init.shape[0]
    W = np.zeros((n_components, n_components), dtype=X.dtype)
    n_iter = []

    # j is the index of the extracted component
    for j in range(n_components):
        w = w_init[j, :].copy()
        w /= np.sqrt((w**2).sum())

        for i in range(max_iter):
            gwtx, g_wtx = g(np.dot(w.T, X), fun_args)

            w1 = (X * gwtx).mean(axis=1) - g_wtx.mean() * w

            _gs_decorrelation(w1, W, j)

            w1 /= np.sqrt((w1**2).sum())

            lim = np.abs(np.abs((w1 * w).sum()) - 1)
            w = w1
            if lim < tol:
                break

        n_iter.append(i + 1)
        W[j, :] = w

    return W, max(n_iter)


def _ica_par(X, tol, g, fun_args, max_iter, w_init):
    W = _sym_decorrelation(w_init)
    del w_init
    p_ = float(X.shape[1])
    for ii in range(max_iter):
        gwtx, g_wtx = g(np.dot(W, X), fun_args)
        W1 = _sym_decorrelation(np.dot(gwtx, X.T) / p_ - g_wtx[:, np.newaxis] * W)
        del gwtx, g_wtx
        # builtin max, abs are faster than numpy counter parts.
        # np.einsum allows having the lowest memory footprint.
        # It is faster than np.diag(np.dot(W1, W.T)).
        lim = max(abs(abs(np.einsum("ij,ij->i", W1, W)) - 1))
        W = W1
        if lim < tol:
            break
    else:
        warnings.warn(
            (
                "FastICA did not converge. Consider increasing "
                "tolerance or the maximum number of iterations."
            ),
            ConvergenceWarning,
        )

    return W, ii + 1


def _logcosh(x, fun_args=None):
    alpha = fun_args.get("alpha", 1.0)

    x *= alpha
    gx = np.tanh(x, x)  # apply the tanh inplace

    if x.ndim == 1:
        return gx, alpha * (1 - gx**2)

    # When the input is 2D, compute in a loop to avoid extra allocation
    # of array of shape x.shape
    g_x = np.empty(x.shape[0], dtype=x.dtype)
    for i, gx_i in enumerate(gx):
        g_x[i] = (alpha * (1 - gx_i**2)).mean()
    return gx, g_x


def _exp(x, fun_args):
    exp = np.exp(-(x**2) / 2)
    gx = x * exp
    g_x = (1 - x**2) * exp
    return gx, g_x.mean(axis=-1)


def _cube(x, fun_args):
    return x**3, (3 * x**2).mean(axis=-1)


# --- sklearn/ensemble/_gb.py ---


def _safe_divide(numerator, denominator):
    # This is used for classifiers where the denominator might become zero exactly.
    # For instance for log loss, HalfBinomialLoss, if proba=0 or proba=1 exactly, then
    # denominator = hessian = 0, and we should set the node value in the line search to
    # zero as there is no improvement of the loss possible.
    # For numerical safety, we do this already for extremely tiny values.
    if abs(denominator) < 1e-150:
        return 0.0
    else:
        # Cast to Python float to trigger Python errors, e.g. ZeroDivisionError,
        # without relying on `np.errstate` that is not supported by Pyodide.
        result = float(numerator) / float(denominator)
        # Cast to Python float to trigger a ZeroDivisionError without relying
        # on `np.errstate` that is not supported by Pyodide.
        result = float(numerator) / float(denominator)
        if math.isinf(result):
            warnings.warn("overflow encountered in _safe_divide", RuntimeWarning)
        return result


# --- sklearn/feature_extraction/image.py ---


def _make_edges_3d(n_x, n_y, n_z=1):
    vertices = np.arange(n_x * n_y * n_z).reshape((n_x, n_y, n_z))
    edges_deep = np.vstack((vertices[:, :, :-1].ravel(), vertices[:, :, 1:].ravel()))
    edges_right = np.vstack((vertices[:, :-1].ravel(), vertices[:, 1:].ravel()))
    edges_down = np.vstack((vertices[:-1].ravel(), vertices[1:].ravel()))
    edges = np.hstack((edges_deep, edges_right, edges_down))
    return edges


def _mask_edges_weights(mask, edges, weights=None):
    inds = np.arange(mask.size)
    inds = inds[mask.ravel()]
    ind_mask = np.logical_and(np.isin(edges[0], inds), np.isin(edges[1], inds))
    edges = edges[:, ind_mask]
    if weights is not None:
        weights = weights[ind_mask]
    if len(edges.ravel()):
        maxval = edges.max()
    else:
        maxval = 0
    order = np.searchsorted(np.flatnonzero(mask), np.arange(maxval + 1))
    edges = order[edges]
    if weights is None:
        return edges
    else:
        return edges, weights


def _extract_patches(arr, patch_shape=8, extraction_step=1):

    arr_ndim = arr.ndim

    if isinstance(patch_shape, Number):
        patch_shape = tuple([patch_shape] * arr_ndim)
    if isinstance(extraction_step, Number):
        extraction_step = tuple([extraction_step] * arr_ndim)

    patch_strides = arr.strides

    slices = tuple(slice(None, None, st) for st in extraction_step)
    indexing_strides = arr[slices].strides

    patch_indices_shape = (
        (np.array(arr.shape) - np.array(patch_shape)) // np.array(extraction_step)
    ) + 1

    shape = tuple(list(patch_indices_shape) + list(patch_shape))
    strides = tuple(list(indexing_strides) + list(patch_strides))

    patches = as_strided(arr, shape=shape, strides=strides)
    return patches


def reconstruct_from_patches_2d(patches, image_size):
    i_h, i_w = image_size[:2]
    p_h, p_w = patches.shape[1:3]
    img = np.zeros(image_size)
    # compute the dimensions of the patches array
    n_h = i_h - p_h + 1
    n_w = i_w - p_w + 1
    for p, (i, j) in zip(patches, product(range(n_h), range(n_w))):
        img[i : i + p_h, j : j + p_w] += p

    for i in range(i_h):
        for j in range(i_w):
            # divide by the amount of overlap
            # XXX: is this the most efficient way? memory-wise yes, cpu wise?
            img[i, j] /= float(
                min(i + 1, p_h, n_h, i_h - i) * min(j + 1, p_w, n_w, i_w - j)
            )
    return img


# --- sklearn/linear_model/_theil_sen.py ---


_EPSILON = np.finfo(np.double).eps


def _modified_weiszfeld_step(X, x_old):
    diff = X - x_old
    diff_norm = np.sqrt(np.sum(diff**2, axis=1))
    mask = diff_norm >= _EPSILON
    # x_old equals one of our samples
    is_x_old_in_X = int(mask.sum() < X.shape[0])

    diff = diff[mask]
    diff_norm = diff_norm[mask][:, np.newaxis]
    quotient_norm = linalg.norm(np.sum(diff / diff_norm, axis=0))

    if quotient_norm > _EPSILON:  # to avoid division by zero
        new_direction = np.sum(X[mask, :] / diff_norm, axis=0) / np.sum(
            1 / diff_norm, axis=0
        )
    else:
        new_direction = 1.0
        quotient_norm = 1.0

    return (
        max(0.0, 1.0 - is_x_old_in_X / quotient_norm) * new_direction
        + min(1.0, is_x_old_in_X / quotient_norm) * x_old
    )


def _spatial_median(X, max_iter=300, tol=1.0e-3):
    if X.shape[1] == 1:
        return 1, np.median(X.ravel(), keepdims=True)

    tol **= 2  # We are computing the tol on the squared norm
    spatial_median_old = np.mean(X, axis=0)

    for n_iter in range(max_iter):
        spatial_median = _modified_weiszfeld_step(X, spatial_median_old)
        if np.sum((spatial_median_old - spatial_median) ** 2) < tol:
            break
        else:
            spatial_median_old = spatial_median
    else:
        warnings.warn(
            "Maximum number of iterations {max_iter} reached in "
            "spatial median for TheilSen regressor."
            "".format(max_iter=max_iter),
            ConvergenceWarning,
        )
    return n_iter, spatial_median


# --- sklearn/manifold/_t_sne.py ---


MACHINE_EPSILON = np.finfo(np.double).eps


def _kl_divergence(
    params,
    P,
    degrees_of_freedom,
    n_samples,
    n_components,
    skip_num_points=0,
    compute_error=True,
):
    X_embedded = params.reshape(n_samples, n_components)

    # Q is a heavy-tailed distribution: Student's t-distribution
    dist = pdist(X_embedded, "sqeuclidean")
    dist /= degrees_of_freedom
    dist += 1.0
    dist **= (degrees_of_freedom + 1.0) / -2.0
    Q = np.maximum(dist / (2.0 * np.sum(dist)), MACHINE_EPSILON)

    # Optimization trick below: np.dot(x, y) is faster than
    # np.sum(x * y) because it calls BLAS

    # Objective: C (Kullback-Leibler divergence of P and Q)
    if compute_error:
        kl_divergence = 2.0 * np.dot(P, np.log(np.maximum(P, MACHINE_EPSILON) / Q))
    else:
        kl_divergence = np.nan

    # Gradient: dC/dY
    # pdist always returns double precision distances. Thus we need to take
    grad = np.ndarray((n_samples, n_components), dtype=params.dtype)
    PQd = squareform((P - Q) * dist)
    for i in range(skip_num_points, n_samples):
        grad[i] = np.dot(np.ravel(PQd[i], order="K"), X_embedded[i] - X_embedded)
    grad = grad.ravel()
    c = 2.0 * (degrees_of_freedom + 1.0) / degrees_of_freedom
    grad *= c

    return kl_divergence, grad


def _gradient_descent(
    objective,
    p0,
    it,
    max_iter,
    n_iter_check=1,
    n_iter_without_progress=300,
    momentum=0.8,
    learning_rate=200.0,
    min_gain=0.01,
    min_grad_norm=1e-7,
    verbose=0,
    args=None,
    kwargs=None,
):
    if args is None:
        args = []
    if kwargs is None:
        kwargs = {}

    p = p0.copy().ravel()
    update = np.zeros_like(p)
    gains = np.ones_like(p)
    error = np.finfo(float).max
    best_error = np.finfo(float).max
    best_iter = i = it

    tic = time()
    for i in range(it, max_iter):
        check_convergence = (i + 1) % n_iter_check == 0
        # only compute the error when needed
        kwargs["compute_error"] = check_convergence or i == max_iter - 1

        error, grad = objective(p, *args, **kwargs)

        inc = update * grad < 0.0
        dec = np.invert(inc)
        gains[inc] += 0.2
        gains[dec] *= 0.8
        np.clip(gains, min_gain, np.inf, out=gains)
        grad *= gains
        update = momentum * update - learning_rate * grad
        p += update

        if check_convergence:
            toc = time()
            duration = toc - tic
            tic = toc
            grad_norm = linalg.norm(grad)

            if error < best_error:
                best_error = error
                best_iter = i
            elif i - best_iter > n_iter_without_progress:
                break
            if grad_norm <= min_grad_norm:
                break

    return p, error, i


# --- sklearn/metrics/_ranking.py ---


def _dcg_sample_scores(y_true, y_score, k=None, log_base=2, ignore_ties=False):
    discount = 1 / (np.log(np.arange(y_true.shape[1]) + 2) / np.log(log_base))
    if k is not None:
        discount[k:] = 0
    if ignore_ties:
        ranking = np.argsort(y_score)[:, ::-1]
        ranked = y_true[np.arange(ranking.shape[0])[:, np.newaxis], ranking]
        cumulative_gains = discount.dot(ranked.T)
    else:
        discount_cumsum = np.cumsum(discount)
        cumulative_gains = [
            _tie_averaged_dcg(y_t, y_s, discount_cumsum)
            for y_t, y_s in zip(y_true, y_score)
        ]
        cumulative_gains = np.asarray(cumulative_gains)
    return cumulative_gains


def _tie_averaged_dcg(y_true, y_score, discount_cumsum):
    _, inv, counts = np.unique(-y_score, return_inverse=True, return_counts=True)
    ranked = np.zeros(len(counts))
    np.add.at(ranked, inv, y_true)
    ranked /= counts
    groups = np.cumsum(counts) - 1
    discount_sums = np.empty(len(counts))
    discount_sums[0] = discount_cumsum[groups[0]]
    discount_sums[1:] = np.diff(discount_cumsum[groups])
    return (ranked * discount_sums).sum()


# --- sklearn/metrics/cluster/_supervised.py ---


def _generalized_average(U, V, average_method):
    if average_method == "min":
        return min(U, V)
    elif average_method == "geometric":
        return np.sqrt(U * V)
    elif average_method == "arithmetic":
        return np.mean([U, V])
    elif average_method == "max":
        return max(U, V)
    else:
        raise ValueError(
            "'average_method' must be 'min', 'geometric', 'arithmetic', or 'max'"
        )


# --- sklearn/neural_network/_base.py ---


def log_loss(y_true, y_prob, sample_weight=None):
    eps = np.finfo(y_prob.dtype).eps
    y_prob = np.clip(y_prob, eps, 1 - eps)
    if y_prob.shape[1] == 1:
        y_prob = np.append(1 - y_prob, y_prob, axis=1)

    if y_true.shape[1] == 1:
        y_true = np.append(1 - y_true, y_true, axis=1)

    return -np.average(xlogy(y_true, y_prob), weights=sample_weight, axis=0).sum()


# --- wrappers (not in the sources): fix keyword arguments, as scikit-learn's own callers do ---


def affinity_propagation_seeded(S, preference):
    # AffinityPropagation.fit's call (random_state=0 as in the estimator's tests)
    return _affinity_propagation(S, preference=preference, convergence_iter=15, max_iter=200, damping=0.5,
                                 verbose=False, return_n_iter=True, random_state=check_random_state(0))


def optics_dbscan(reachability, core_distances, ordering, eps):
    return cluster_optics_dbscan(reachability=reachability, core_distances=core_distances, ordering=ordering,
                                 eps=eps)


# --- inputs (ours, not in the sources) ---


def SKL(path: str, original: str, note: str = "") -> Source:
    return Source(SCIKIT_LEARN, "sklearn/" + path, original, note)


def _affinity(rng):
    # 8 points, 4 around (0, 0) and 4 around (4, 4); S the negative squared Euclidean distances, as
    # AffinityPropagation(affinity="euclidean") builds it, and the median of S as the preference
    centres = np.repeat([[0.0, 0.0], [4.0, 4.0]], 4, axis=0)
    X = centres + rng.normal(size=(8, 2)) * 0.5
    S = -((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=-1)
    return S, np.median(S)


def _reachability(rng):
    # a reachability plot with two valleys (inf first, as OPTICS orders it), its predecessors and ordering
    base = np.array([np.inf, 1.0, 1.1, 0.9, 1.0, 1.2, 6.0, 5.5, 1.0, 0.8, 0.9, 1.1, 0.95, 7.0, 6.5])
    r = base * (1 + rng.uniform(-0.02, 0.02, size=base.size))
    predecessor = np.array([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    return r, predecessor, np.arange(base.size)


def _pls(rng):
    X = rng.normal(size=(12, 3))
    Y = np.c_[X @ np.array([1.0, 0.5, -0.3]), X @ np.array([-0.2, 0.4, 1.0])] + rng.normal(size=(12, 2)) * 0.3
    return X - X.mean(axis=0), Y - Y.mean(axis=0)


def _ica(rng):
    S = np.vstack([np.sign(np.sin(np.linspace(0, 8, 60))), rng.laplace(size=60)])
    X = np.array([[1.0, 0.5], [0.4, 1.0]]) @ S
    X = X - X.mean(axis=1, keepdims=True)
    d, E = np.linalg.eigh(np.cov(X))
    X = (E / np.sqrt(d)).T @ X  # whitened
    w_init = np.array([[0.8, 0.3], [-0.2, 0.9]]) + rng.uniform(-0.05, 0.05, size=(2, 2))
    return X, w_init


def _tsne(rng, n=6):
    P = rng.uniform(0.5, 1.0, size=n * (n - 1) // 2)
    return rng.normal(size=n * 2) * 1e-2, P / P.sum()


def _patches(rng):
    image = rng.normal(size=(5, 6))
    return np.array([image[i:i + 3, j:j + 3] for i in range(3) for j in range(4)]), (5, 6)


CASES = [
    # --- scikit-learn: utils/
    case(density, lambda rng: (rng.normal(size=(4, 5)) * (rng.uniform(size=(4, 5)) > 0.5),), SKL("utils/extmath.py", "density", "a dense array with zeros: float((w != 0).sum()) / w.size")),
    case(weighted_mode, lambda rng: (rng.integers(0, 3, size=(4, 3)), rng.uniform(0.5, 2, size=(4, 3))), SKL("utils/extmath.py", "weighted_mode", "4 by 3 labels in [0, 3), axis 0: a loop over np.unique")),
    case(cartesian, lambda rng: ([rng.normal(size=3), rng.normal(size=2), rng.normal(size=2)],), SKL("utils/extmath.py", "cartesian")),
    case(make_nonnegative, lambda rng: (rng.normal(size=(3, 4)),), SKL("utils/extmath.py", "make_nonnegative", "a negative minimum: shifted")),
    case(make_nonnegative, lambda rng: (rng.uniform(1, 2, size=(3, 4)),), SKL("utils/extmath.py", "make_nonnegative", "already nonnegative"), name="sklearn.make_nonnegative_already"),
    case(_deterministic_vector_sign_flip, lambda rng: (rng.normal(size=(3, 5)),), SKL("utils/extmath.py", "_deterministic_vector_sign_flip")),
    case(_approximate_mode, lambda rng: (rng.integers(2, 8, size=4), 7, 0), SKL("utils/extmath.py", "_approximate_mode", "rng=0: check_random_state's RandomState(0), rng.choice")),
    case(_ovr_decision_function, lambda rng: (rng.integers(0, 2, size=(6, 3)), rng.normal(size=(6, 3)), 3), SKL("utils/multiclass.py", "_ovr_decision_function", "3 classes")),
    # --- scikit-learn: cluster/
    case(affinity_propagation_seeded, _affinity, SKL("cluster/_affinity_propagation.py", "_affinity_propagation", "8 points in two blobs, preference the median, random_state 0, return_n_iter")),
    case(optics_dbscan, lambda rng: _reachability(rng)[:1] + (rng.uniform(0.5, 2.0, size=15), np.arange(15), 1.5), SKL("cluster/_optics.py", "cluster_optics_dbscan", "eps=1.5")),
    # --- scikit-learn: cross_decomposition/, decomposition/
    case(_get_first_singular_vectors_power_method, _pls, SKL("cross_decomposition/_pls.py", "_get_first_singular_vectors_power_method", "mode A, 2 targets")),
    case(_get_first_singular_vectors_power_method, lambda rng: _pls(rng) + ("B",), SKL("cross_decomposition/_pls.py", "_get_first_singular_vectors_power_method", "mode B: _pinv2_old"), name="sklearn._get_first_singular_vectors_power_method_B"),
    case(_get_first_singular_vectors_power_method, lambda rng: (lambda X, Y: (X, Y[:, :1]))(*_pls(rng)), SKL("cross_decomposition/_pls.py", "_get_first_singular_vectors_power_method", "one target: break at once"), name="sklearn._get_first_singular_vectors_power_method_one"),
    case(_center_scale_xy, _pls, SKL("cross_decomposition/_pls.py", "_center_scale_xy")),
    case(_ortho_rotation, lambda rng: (rng.normal(size=(5, 2)),), SKL("decomposition/_factor_analysis.py", "_ortho_rotation", "varimax")),
    case(_ica_par, lambda rng: (lambda X, w: (X, 1e-4, _logcosh, {}, 200, w))(*_ica(rng)), SKL("decomposition/_fastica.py", "_ica_par", "g=_logcosh: _sym_decorrelation, for/else")),
    case(_ica_def, lambda rng: (lambda X, w: (X, 1e-4, _exp, {}, 200, w))(*_ica(rng)), SKL("decomposition/_fastica.py", "_ica_def", "g=_exp: _gs_decorrelation, break per component")),
    case(_logcosh, lambda rng: (rng.normal(size=(2, 6)), {"alpha": 1.5}), SKL("decomposition/_fastica.py", "_logcosh", "2-D: np.tanh(x, x), the loop")),
    # --- scikit-learn: ensemble/, feature_extraction/, linear_model/, manifold/, metrics/, neural_network/
    case(_safe_divide, lambda rng: (np.float64(rng.normal()), np.float64(rng.uniform(1, 2))), SKL("ensemble/_gb.py", "_safe_divide", "float() of the arguments")),
    case(_safe_divide, lambda rng: (np.float64(rng.normal()), np.float64(rng.uniform(1, 2) * 1e-200)), SKL("ensemble/_gb.py", "_safe_divide", "a denominator below 1e-150: 0.0"), name="sklearn._safe_divide_tiny"),
    case(_mask_edges_weights, lambda rng: (np.arange(12).reshape(3, 4) % 5 != 1, _make_edges_3d(3, 4), rng.normal(size=17)), SKL("feature_extraction/image.py", "_mask_edges_weights", "a fixed mask of 3 by 4, weights")),
    case(_extract_patches, lambda rng: (rng.normal(size=(5, 6)), 3, 1), SKL("feature_extraction/image.py", "_extract_patches", "as_strided with the array's strides")),
    case(reconstruct_from_patches_2d, _patches, SKL("feature_extraction/image.py", "reconstruct_from_patches_2d", "12 patches of 3 by 3, itertools.product")),
    case(_spatial_median, lambda rng: (rng.normal(size=(12, 2)),), SKL("linear_model/_theil_sen.py", "_spatial_median", "_modified_weiszfeld_step until the step is below tol")),
    case(_modified_weiszfeld_step, lambda rng: (lambda X: (X, X[3].copy()))(rng.normal(size=(12, 2))), SKL("linear_model/_theil_sen.py", "_modified_weiszfeld_step", "x_old one of the samples: masked rows")),
    case(_gradient_descent, lambda rng: (lambda p0, P: (_kl_divergence, p0, 0, 30, 5, 300, 0.8, 200.0, 0.01, 1e-7, 0, [P, 1, 6, 2]))(*_tsne(rng)), SKL("manifold/_t_sne.py", "_gradient_descent", "objective _kl_divergence, 30 iterations, checked every 5")),
    case(_dcg_sample_scores, lambda rng: (rng.uniform(size=(3, 5)), rng.normal(size=(3, 5)), 3, 2, True), SKL("metrics/_ranking.py", "_dcg_sample_scores", "k=3, ignore_ties")),
    case(_dcg_sample_scores, lambda rng: (rng.uniform(size=(3, 5)), np.array([[3, 1, 1, 2, 0], [1, 1, 0, 0, 2], [2, 0, 1, 2, 0]]) + rng.integers(0, 1, size=(3, 5))), SKL("metrics/_ranking.py", "_dcg_sample_scores", "tied scores: _tie_averaged_dcg's np.unique(..., return_inverse, return_counts), np.add.at"), name="sklearn._dcg_sample_scores_ties"),
    case(_generalized_average, lambda rng: (np.float64(rng.uniform(0.5, 1)), np.float64(rng.uniform(0.5, 1)), "max"), SKL("metrics/cluster/_supervised.py", "_generalized_average", "max: Python's max of two values"), name="sklearn._generalized_average_max"),
    case(log_loss, lambda rng: (rng.integers(0, 2, size=(6, 1)).astype(float), rng.uniform(0.01, 0.99, size=(6, 1))), SKL("neural_network/_base.py", "log_loss", "one column: np.append(1 - y, y, axis=1)")),
]
