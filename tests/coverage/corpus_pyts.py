"""pyts's time-series kernels: discretization, approximation, shapelets, images, lower bounds and DTW
(johannfaouzi/pyts, BSD-3-Clause).

Copied from johannfaouzi/pyts at 4f3d97bcb1016d33dbfaef68c0931756a4552410 (its LICENSE.txt is the 3-clause BSD
licence: "Copyright (c) 2018, Johann Faouzi and pyts contributors"), the files named in each section below. Most
of these are pyts's kernels written for ``numba.njit`` (loops over samples and time stamps, slices bounded by
the elements of index arrays, ``np.digitize`` / ``np.searchsorted`` / ``np.histogram`` / ``np.bincount`` per row,
scatter-adds at positions read from an array, value-dependent ``if`` chains on array elements, lists grown in
loops, a ``while np.any(mask)`` loop): the ``@njit`` decorators are removed and the bodies are as written,
comments kept, docstrings dropped. ``prange`` is ``range`` (what ``numba.prange`` is outside a jitted function).
Around them, pyts's Python functions that call them: the DTW family (``dtw`` with its five methods, the
Sakoe-Chiba band and the Itakura parallelogram, the multiscale and fast regions built from a warping path found
in a ``while`` loop), the lower bounds of DTW (LB_Yi, LB_Keogh, LB_Improved) and the learning-shapelets loss and
gradients.

Adapted, beyond that:

* pyts defines ``_uniform_bins``, ``_digitize_1d``, ``_digitize_2d`` and ``_digitize`` in both
  ``approximation/mcb.py`` and ``preprocessing/discretizer.py``, ``extract_features`` in both
  ``classification/time_series_forest.py`` and ``classification/tsbf.py``, and ``_derive_shapelet_distances`` in
  both ``classification/learning_shapelets.py`` and ``transformation/shapelet_transform.py``: the first of each
  pair is prefixed (``_mcb_``, ``tsf_``, ``_ls_``; ``tsbf.py``'s is ``tsbf_extract_features``), in its ``def`` and
  where the copied code calls it (marked ``# renamed``);
* ``sklearn.utils.check_array`` (scikit-learn is not installed) is a stand-in that returns its argument: every
  input the cases give it is already a float64 (or, for regions, an int64) array of the shape it checks, which
  check_array returns as it is;
* the learning-shapelets functions take the shapelets and their lengths as tuples of arrays (pyts passes lists).

Not taken: the scikit-learn estimators, the dataset loaders, ``generate_kernels`` (ROCKET's kernels are drawn
from ``np.random``'s global state: the cases draw them from their generator instead, with the dtypes ``ROCKET``
passes), ``_extract_all_shapelets`` (numba's typed ``List`` of strided views).

The inputs are ``(n_samples, n_timestamps)`` float series, segment bounds from the copied ``segmentation``, sorted
bin edges, integer symbols for the Markov transition fields, Sakoe-Chiba regions from the copied
``sakoe_chiba_band``, and warping paths found by the copied ``_return_path`` (eager, in the input factory).
"""

# ruff: noqa: B904, E501, E741, UP030, UP032
from __future__ import annotations

from math import ceil, log2, sqrt

import numpy as np
from numpy.lib.stride_tricks import as_strided

from tests.coverage.cases import PYTS, Source, case


def PY(path: str, original: str, note: str = "") -> Source:
    return Source(PYTS, "pyts/" + path, original, note)


prange = range  # numba.prange, outside a jitted function


def check_array(array, *args, **kwargs):
    """sklearn.utils.check_array stand-in: the cases' inputs are already what it returns (see the docstring)."""
    return array


# --- pyts/utils/utils.py ----------------------------------------------------------------------------------------------
def segmentation(ts_size, window_size, overlapping=False, n_segments=None):
    if not isinstance(ts_size, (int, np.integer)):
        raise TypeError("'ts_size' must be an integer.")
    if not ts_size >= 2:
        raise ValueError("'ts_size' must be an integer greater than or equal "
                         "to 2 (got {0}).".format(ts_size))
    if not isinstance(window_size, (int, np.integer)):
        raise TypeError("'window_size' must be an integer.")
    if not window_size >= 1:
        raise ValueError("'window_size' must be an integer greater than or "
                         "equal to 1 (got {0}).".format(window_size))
    if not window_size <= ts_size:
        raise ValueError("'window_size' must be lower than or equal to "
                         "'ts_size' ({0} > {1}).".format(window_size, ts_size))
    if not (n_segments is None or isinstance(n_segments, (int, np.integer))):
        raise TypeError("'n_segments' must be None or an integer.")
    if isinstance(n_segments, (int, np.integer)):
        if not n_segments >= 2:
            raise ValueError(
                "If 'n_segments' is an integer, it must be greater than or "
                "equal to 2 (got {0}).".format(n_segments)
            )
        if not n_segments <= ts_size:
            raise ValueError(
                "If 'n_segments' is an integer, it must be lower than or "
                "equal to 'ts_size' ({0} > {1}).".format(n_segments, ts_size)
            )

    if n_segments is None:
        quotient, remainder = divmod(ts_size, window_size)
        n_segments = quotient if remainder == 0 else quotient + 1

    if not overlapping:
        bounds = np.linspace(0, ts_size, n_segments + 1).astype('int64')
        start = bounds[:-1]
        end = bounds[1:]
        size = start.size
        return start, end, size
    else:
        n_overlapping = (n_segments * window_size) - ts_size
        n_overlaps = n_segments - 1
        overlaps = np.linspace(0, n_overlapping,
                               n_overlaps + 1).astype('int64')
        bounds = np.arange(0, (n_segments + 1) * window_size, window_size)
        start = bounds[:-1] - overlaps
        end = bounds[1:] - overlaps
        size = start.size
        return start, end, size


def _windowed_view(X, n_samples, n_timestamps, window_size, window_step):
    overlap = window_size - window_step
    shape_new = (n_samples,
                 (n_timestamps - overlap) // window_step,
                 window_size // 1)
    s0, s1 = X.strides
    strides_new = (s0, window_step * s1, s1)
    return as_strided(X, shape=shape_new, strides=strides_new)


# --- pyts/approximation/paa.py ----------------------------------------------------------------------------------------
def _paa(X, n_samples, n_timestamps, start, end, n_timestamps_new):
    X_paa = np.empty((n_samples, n_timestamps_new))
    for i in prange(n_samples):
        for j in prange(n_timestamps_new):
            X_paa[i, j] = np.mean(X[i, start[j]:end[j]])
    return X_paa


# --- pyts/approximation/mcb.py ----------------------------------------------------------------------------------------
def _mcb_uniform_bins(timestamp_min, timestamp_max, n_timestamps, n_bins):  # renamed
    bin_edges = np.empty((n_timestamps, n_bins - 1))
    for i in prange(n_timestamps):
        bin_edges[i] = np.linspace(
            timestamp_min[i], timestamp_max[i], n_bins + 1
        )[1:-1]
    return bin_edges


def _mcb_digitize_1d(X, bins, n_samples, n_timestamps):  # renamed
    X_digit = np.empty((n_samples, n_timestamps))
    for i in prange(n_timestamps):
        X_digit[:, i] = np.digitize(X[:, i], bins, right=True)
    return X_digit


def _mcb_digitize_2d(X, bins, n_samples, n_timestamps):  # renamed
    X_digit = np.empty((n_samples, n_timestamps))
    for i in prange(n_timestamps):
        X_digit[:, i] = np.digitize(X[:, i], bins[i], right=True)
    return X_digit


def _mcb_digitize(X, bins):  # renamed
    n_samples, n_timestamps = X.shape
    if bins.ndim == 1:
        X_binned = _mcb_digitize_1d(X, bins, n_samples, n_timestamps)
    else:
        X_binned = _mcb_digitize_2d(X, bins, n_samples, n_timestamps)
    return X_binned.astype('int64')


# --- pyts/preprocessing/discretizer.py --------------------------------------------------------------------------------
def _uniform_bins(sample_min, sample_max, n_samples, n_bins):
    bin_edges = np.empty((n_bins - 1, n_samples))
    for i in prange(n_samples):
        bin_edges[:, i] = np.linspace(
            sample_min[i], sample_max[i], n_bins + 1)[1:-1]
    return bin_edges


def _digitize_1d(X, bins, n_samples, n_timestamps):
    X_digit = np.empty((n_samples, n_timestamps))
    for i in prange(n_samples):
        X_digit[i] = np.searchsorted(bins, X[i], side='left')
    return X_digit


def _digitize_2d(X, bins, n_samples, n_timestamps):
    X_digit = np.empty((n_samples, n_timestamps))
    for i in prange(n_samples):
        X_digit[i] = np.searchsorted(bins[i], X[i], side='left')
    return X_digit


def _digitize(X, bins):
    n_samples, n_timestamps = X.shape
    if bins.ndim == 1:
        X_binned = _digitize_1d(X, bins, n_samples, n_timestamps)
    else:
        X_binned = _digitize_2d(X, bins, n_samples, n_timestamps)
    return X_binned.astype('int64')


def _reshape_with_nan(X, n_samples, lengths, max_length):
    X_fill = np.full((n_samples, max_length), np.nan)
    for i in prange(n_samples):
        X_fill[i, :lengths[i]] = X[i]
    return X_fill


# --- pyts/classification/learning_shapelets.py ------------------------------------------------------------------------
def _expit(x):
    return 1 / (1 + np.exp(-x))


def _xlogy(x, y):
    return x * np.log(y)


def _softmin(arr, alpha):
    maximum = np.max(alpha * arr)
    exp = np.exp(alpha * arr - maximum)
    num = np.sum(arr * exp)
    den = np.sum(exp)
    return num / den


def _softmin_grad(arr, alpha):
    minimum = _softmin(arr, alpha)
    maximum = np.max(alpha * arr)
    exp = np.exp(alpha * arr - maximum)
    num = exp * (1 + alpha * (arr - minimum))
    den = np.sum(exp)
    return num / den


def _softmax(X, n_samples, n_classes):
    maximum = np.empty((n_samples, 1))
    for i in prange(n_samples):
        maximum[i, 0] = np.max(X[i])
    exp = np.exp(X - maximum)
    sum_ = np.empty((n_samples, 1))
    for i in prange(n_samples):
        sum_[i, 0] = np.sum(exp[i])
    return exp / sum_


def _ls_derive_shapelet_distances(X, shapelet, alpha):  # renamed
    n_samples, n_windows, _ = X.shape

    # Derive all squared distances
    mean = np.empty((n_samples, n_windows))
    for i in prange(n_samples):
        for j in prange(n_windows):
            mean[i, j] = np.mean((X[i, j] - shapelet) ** 2)

    # Derive the soft minimum of all the distances
    dist = np.empty(n_samples)
    for i in prange(n_samples):
        dist[i] = _softmin(mean[i], alpha)

    return dist


def _derive_all_squared_distances(
    X, n_samples, n_timestamps, shapelets, lengths, alpha
):
    distances = []  # save the distances in a list

    for i in prange(len(lengths)):
        window_size = lengths[i][0]
        X_window = _windowed_view(X, n_samples, n_timestamps,
                                  window_size, window_step=1)
        for j in prange(shapelets[i].shape[0]):
            dist = _ls_derive_shapelet_distances(X_window, shapelets[i][j], alpha)  # renamed
            distances.append(dist)

    return distances


def _reshape_list_shapelets(shapelets, lengths):
    shapelets_reshaped = []
    start = 0
    for length in lengths:
        n_shapelets = length.size
        length_ = length[0]
        end = start + n_shapelets * length_
        shapelets_reshaped.append(shapelets[start: end].reshape(-1, length_))
        start = end
    return shapelets_reshaped


def _reshape_array_shapelets(shapelets, lengths):
    lengths_concatenated = np.concatenate(lengths)
    size = np.sum(lengths_concatenated)
    shapelets_reshaped = np.empty(size)
    start = 0
    for i in range(len(shapelets)):
        end = start + np.sum(lengths[i])
        shapelets_reshaped[start:end] = np.ravel(shapelets[i])
        start = end
    return shapelets_reshaped


def _loss(X, y, n_classes, weights, shapelets, lengths, alpha, penalty, C,
          fit_intercept, intercept_scaling, sample_weight):
    n_samples, n_timestamps = X.shape

    # Derive distances between shapelets and time series
    distances = _derive_all_squared_distances(
        X, n_samples, n_timestamps, shapelets, lengths, alpha)
    distances = np.asarray(distances).T

    # Add intercept
    if fit_intercept:
        distances = np.c_[np.ones(n_samples) * intercept_scaling, distances]

    # Derive probabilities and cross-entropy loss
    if weights.ndim == 1:
        proba = _expit(distances @ weights)
        proba = np.clip(proba, 1e-8, 1 - 1e-8)
        loss_value = - np.mean(
            sample_weight * (_xlogy(y, proba) + _xlogy(1 - y, 1 - proba)))
    else:
        proba = _softmax(distances @ weights, n_samples, n_classes)
        proba = np.clip(proba, 1e-8, 1 - 1e-8)
        loss_value = - np.mean(
            sample_weight * np.sum(y * np.log(proba), axis=1))

    # Add regularization
    if penalty == 'l2':
        loss_value += (1 / C) * np.square(weights).sum()
    elif penalty == 'l1':
        loss_value += (1 / C) * np.abs(weights).sum()

    return loss_value


def _grad_weights(X, y, n_classes, weights, shapelets, lengths, alpha, penalty,
                  C, fit_intercept, intercept_scaling, sample_weight):
    n_samples, n_timestamps = X.shape

    # Derive distances between shapelets and time series
    distances = _derive_all_squared_distances(
        X, n_samples, n_timestamps, shapelets, lengths, alpha)
    distances = np.asarray(distances).T

    # Add intercept
    if fit_intercept:
        distances = np.c_[np.ones(n_samples) * intercept_scaling, distances]

    # Derive probabilities and binary cross-entropy loss
    if weights.ndim == 1:
        proba = _expit(distances @ weights)
        proba = np.clip(proba, 1e-8, 1 - 1e-8)
        gradients = ((proba - y)[:, None] *
                     distances *
                     sample_weight).mean(axis=0)
    else:
        proba = _softmax(distances @ weights, n_samples, n_classes)
        proba = np.clip(proba, 1e-8, 1 - 1e-8)
        gradients = ((proba - y)[:, None, :] *
                     (distances * sample_weight)[:, :, None]).mean(axis=0)

    if penalty == 'l2':
        gradients += (2 / C) * weights
    elif penalty == 'l1':
        gradients += (1 / C) * np.sign(weights)

    return gradients


def _compute_shapelet_grad(
    X, n_samples, n_timestamps, weights, shapelets, lengths, alpha,
    proba_minus_y, weight_idx, sample_weight,
):

    gradients = []

    for i in range(len(lengths)):
        X_window = _windowed_view(X, n_samples, n_timestamps,
                                  window_size=lengths[i][0], window_step=1)
        n_windows = X_window.shape[1]
        size = shapelets[i][0].size
        for j in range(shapelets[i].shape[0]):
            # Get the current shapelet
            shapelet = shapelets[i][j]

            # Derive the difference and the distance
            diff = shapelet - X_window
            dist = np.empty((n_samples, n_windows))
            for k in prange(n_samples):
                for m in prange(n_windows):
                    dist[k, m] = np.mean(diff[k, m] ** 2)

            # Derive the softmin gradient
            softmin_gradient = np.empty((n_samples, n_windows))
            for k in prange(n_samples):
                softmin_gradient[k] = _softmin_grad(dist[k], alpha)

            # Normalize the difference for actual gradient
            diff *= (2 / size)

            # Compute the gradient
            grad = np.empty(size)
            if weights.ndim == 1:
                for k in prange(size):
                    grad[k] = np.mean(
                        np.sum(diff[:, :, k] * softmin_gradient, axis=1) *
                        weights[weight_idx] *
                        proba_minus_y *
                        sample_weight
                    )
            else:
                for k in prange(size):
                    grad[k] = np.mean(
                        np.sum(diff[:, :, k] * softmin_gradient, axis=1) *
                        np.sum(weights[weight_idx] * proba_minus_y, axis=1) *
                        sample_weight
                    )
            gradients.append(grad)

            # Update the weight index
            weight_idx += 1

    return gradients


def _grad_shapelets(X, y, n_classes, weights, shapelets, lengths, alpha,
                    penalty, C, fit_intercept, intercept_scaling,
                    sample_weight):
    n_samples, n_timestamps = X.shape

    # Derive distances between shapelets and time series
    distances = _derive_all_squared_distances(
        X, n_samples, n_timestamps, shapelets, lengths, alpha)
    distances = np.asarray(distances).T

    # Add intercept
    if fit_intercept:
        distances = np.c_[np.ones(n_samples) * intercept_scaling, distances]
        weight_idx = 1
    else:
        weight_idx = 0

    # Derive probabilities and cross-entropy loss
    if weights.ndim == 1:
        proba = _expit(distances @ weights)
        proba = np.clip(proba, 1e-8, 1 - 1e-8)
    else:
        proba = _softmax(distances @ weights, n_samples, n_classes)
        proba = np.clip(proba, 1e-8, 1 - 1e-8)

    # Reshape some arrays
    if weights.ndim == 1:
        proba_minus_y = (proba - y)[:, None]
    else:
        proba_minus_y = proba - y

    # Compute the gradients
    gradients = _compute_shapelet_grad(
        X, n_samples, n_timestamps, weights, shapelets, lengths,
        alpha, proba_minus_y, weight_idx, sample_weight
    )
    gradients = np.concatenate(gradients)

    return gradients


# --- pyts/classification/time_series_forest.py ------------------------------------------------------------------------
def tsf_extract_features(  # renamed
    X, n_samples, n_windows, indices):
    X_new = np.empty((n_samples, 3 * n_windows))
    for j in range(n_windows):
        start, end = indices[j]
        arange = np.arange((start - end + 1) / 2, (end + 1 - start) / 2)
        if end - start == 1:
            var_arange = 1.
        else:
            var_arange = np.sum(arange ** 2)

        for i in range(n_samples):
            mean = np.mean(X[i, start:end])
            X_new[i, 3 * j] = mean
            X_new[i, 3 * j + 1] = np.std(X[i, start:end])
            X_new[i, 3 * j + 2] = (
                np.sum((X[i, start:end] - mean) * arange) / var_arange
            )

    return X_new


# --- pyts/classification/tsbf.py --------------------------------------------------------------------------------------
def tsbf_extract_features(  # renamed
    X, interval_indices, n_samples, n_subseries, n_intervals):
    # There are 3 features for each interval (mean, std, slope) plus
    # the mean, std over the whole subsequence and indices of the subsequence
    n_features = n_intervals * 3 + 4
    X_features = np.zeros((n_samples * n_subseries, n_features))

    for j in range(n_subseries):
        for k in range(n_intervals):

            # Get the start and end indices of the interval
            start, end = interval_indices[:, j, k]
            arange = np.arange((start - end + 1) / 2, (end + 1 - start) / 2)
            if end - start == 1:
                var_arange = 1.
            else:
                var_arange = np.sum(arange ** 2)

            for i in range(n_samples):
                i_j = i * n_subseries + j
                mean = np.mean(X[i, start:end])

                # Compute the three statistics of the interval
                X_features[i_j, 3 * k] = mean
                X_features[i_j, 3 * k + 1] = np.std(X[i, start:end])
                X_features[i_j, 3 * k + 2] = (
                    np.sum((X[i, start:end] - mean) * arange) / var_arange
                )

        start, end = interval_indices[0, j, 0], interval_indices[1, j, -1]
        for i in range(n_samples):
            i_j = i * n_subseries + j

            # Compute the four statistics of the subseries
            X_features[i_j, -4] = np.mean(X[i, start:end])
            X_features[i_j, -3] = np.std(X[i, start:end])
            X_features[i_j, -2] = start
            X_features[i_j, -1] = end

    return X_features


def histogram(X, bins, n_bins, n_samples, n_classes):
    X_new = np.empty((n_samples, (n_bins + 1) * n_classes))
    for i in range(n_samples):
        for j in range(n_classes):
            X_new[i, j * n_bins: (j + 1) * n_bins] = np.histogram(
                X[i, :, j], bins, (0., 1.))[0]
            X_new[i, - n_classes + j] = np.mean(X[i, :, j])
    return X_new


# --- pyts/decomposition/ssa.py ----------------------------------------------------------------------------------------
def _outer_dot(v, X, n_samples, window_size, n_windows):
    X_new = np.empty((n_samples, window_size, window_size, n_windows))
    for i in prange(n_samples):
        for j in prange(window_size):
            X_new[i, j] = np.dot(np.outer(v[i, :, j], v[i, :, j]), X[i])
    return X_new


def _diagonal_averaging(X, n_samples, n_timestamps, window_size,
                        n_windows, grouping_size, gap):
    X_new = np.empty((n_samples, grouping_size, n_timestamps))
    first_row = [(0, col) for col in range(n_windows)]
    last_col = [(row, n_windows - 1) for row in range(1, window_size)]
    indices = first_row + last_col
    for i in prange(n_samples):
        for group in prange(grouping_size):
            for (j, k) in indices:
                X_new[i, group, j + k] = np.diag(
                    X[i, group, :, ::-1], gap - j - k - 1
                ).mean()
    return X_new


# --- pyts/image/gaf.py ------------------------------------------------------------------------------------------------
def _gasf(X_cos, X_sin, n_samples, image_size):
    X_gasf = np.empty((n_samples, image_size, image_size))
    for i in prange(n_samples):
        X_gasf[i] = np.outer(X_cos[i], X_cos[i]) - np.outer(X_sin[i], X_sin[i])
    return X_gasf


# --- pyts/image/mtf.py ------------------------------------------------------------------------------------------------
def _markov_transition_matrix(X_binned, n_samples, n_timestamps, n_bins):
    X_mtm = np.zeros((n_samples, n_bins, n_bins))
    for i in prange(n_samples):
        for j in prange(n_timestamps - 1):
            X_mtm[i, X_binned[i, j], X_binned[i, j + 1]] += 1
    return X_mtm


def _markov_transition_field(
    X_binned, X_mtm, n_samples, n_timestamps, n_bins
):
    X_mtf = np.zeros((n_samples, n_timestamps, n_timestamps))
    for i in prange(n_samples):
        for j in prange(n_timestamps):
            for k in prange(n_timestamps):
                X_mtf[i, j, k] = X_mtm[i, X_binned[i, j], X_binned[i, k]]
    return X_mtf


def _aggregated_markov_transition_field(X_mtf, n_samples, image_size,
                                        start, end):
    X_amtf = np.empty((n_samples, image_size, image_size))
    for i in prange(n_samples):
        for j in prange(image_size):
            for k in prange(image_size):
                X_amtf[i, j, k] = np.mean(
                    X_mtf[i, start[j]:end[j], start[k]:end[k]]
                )
    return X_amtf


# --- pyts/metrics/boss.py ---------------------------------------------------------------------------------------------
def boss(x, y):
    x = check_array(x, ensure_2d=False, dtype='float64')
    y = check_array(y, ensure_2d=False, dtype='float64')
    if x.ndim != 1:
        raise ValueError("'x' must a one-dimensional array.")
    if y.ndim != 1:
        raise ValueError("'y' must a one-dimensional array.")
    if x.shape != y.shape:
        raise ValueError("'x' and 'y' must have the same shape.")

    non_zero_idx = ~np.isclose(x, np.zeros_like(x), rtol=1e-5, atol=1e-8)
    return sqrt(np.sum((x[non_zero_idx] - y[non_zero_idx]) ** 2))


# --- pyts/metrics/lower_bounds.py -------------------------------------------------------------------------------------
def _check_consistent_lengths(X, Y):
    n_timestamps_X, n_timestamps_Y = X.shape[-1], Y.shape[-1]
    if not n_timestamps_X == n_timestamps_Y:
        raise ValueError(
            "Found input variables with inconsistent numbers of "
            "timestamps: [{0}, {1}]".format(n_timestamps_X, n_timestamps_Y)
        )


def _lower_bound_yi_x_y(x, x_min, x_max, y, y_min, y_max):
    if x_max >= y_max:
        if x_min < y_min:
            sum1 = np.sum(np.square(x[x > y_max] - y_max))
            sum2 = np.sum(np.square(x[x < y_min] - y_min))
            return sqrt(sum1 + sum2)
        elif x_min > y_max:
            return sqrt(max(np.sum(np.square(x - y_max)),
                            np.sum(np.square(y - x_min))))
        else:
            sum1 = np.sum(np.square(x[x > y_max] - y_max))
            sum2 = np.sum(np.square(y[y < x_min] - x_min))
            return sqrt(sum1 + sum2)
    else:
        if y_min < x_min:
            sum1 = np.sum(np.square(y[y > x_max] - x_max))
            sum2 = np.sum(np.square(y[y < x_min] - x_min))
            return sqrt(sum1 + sum2)
        elif y_min > x_max:
            return sqrt(max(np.sum(np.square(y - x_max)),
                            np.sum(np.square(x - y_min))))
        else:
            sum1 = np.sum(np.square(y[y > x_max] - x_max))
            sum2 = np.sum(np.square(x[x < y_min] - y_min))
            return sqrt(sum1 + sum2)


def _lower_bound_yi_X_Y(X, X_min, X_max, Y, Y_min, Y_max):
    n_samples_X, _ = X.shape
    n_samples_Y, _ = Y.shape
    X_yi = np.empty((n_samples_X, n_samples_Y))
    for i in prange(n_samples_X):
        for j in prange(n_samples_Y):
            X_yi[i, j] = _lower_bound_yi_x_y(
                X[i], X_min[i], X_max[i], Y[j], Y_min[j], Y_max[j]
            )
    return X_yi


def lower_bound_yi(X_train, X_test):
    X_train = check_array(X_train)
    X_test = check_array(X_test)
    _check_consistent_lengths(X_train, X_test)
    X_train_min = np.min(X_train, axis=1)
    X_train_max = np.max(X_train, axis=1)
    X_test_min = np.min(X_test, axis=1)
    X_test_max = np.max(X_test, axis=1)
    lb_yi = _lower_bound_yi_X_Y(X_test, X_test_min, X_test_max,
                                X_train, X_train_min, X_train_max)
    return lb_yi


def lower_bound_kim(X_train, X_test):
    X_train = check_array(X_train)
    X_test = check_array(X_test)
    _check_consistent_lengths(X_train, X_test)
    first = np.abs(X_test[:, 0, None] - X_train[None, :, 0])
    last = np.abs(X_test[:, -1, None] - X_train[None, :, -1])
    max_ = np.abs(np.max(X_test, axis=1)[:, None]
                  - np.max(X_train, axis=1)[None, :])
    min_ = np.abs(np.min(X_test, axis=1)[:, None]
                  - np.min(X_train, axis=1)[None, :])
    lb_kim = np.max(np.asarray([first, last, max_, min_]), axis=0)
    return lb_kim


def _warping_envelope_2d(X, n_samples, n_timestamps, region):
    lower = np.empty((n_samples, n_timestamps))
    upper = np.empty((n_samples, n_timestamps))
    for i in prange(n_samples):
        for j in prange(n_timestamps):
            sub_series = X[i, region[0, j]:region[1, j]]
            lower[i, j] = np.min(sub_series)
            upper[i, j] = np.max(sub_series)
    return lower, upper


def _warping_envelope_3d(X, n_samples_X, n_samples_Y, n_timestamps, region):
    lower = np.empty((n_samples_X, n_samples_Y, n_timestamps))
    upper = np.empty((n_samples_X, n_samples_Y, n_timestamps))
    for i in prange(n_samples_X):
        for j in prange(n_samples_Y):
            for k in prange(n_timestamps):
                sub_series = X[i, j, region[0, k]:region[1, k]]
                lower[i, j, k] = np.min(sub_series)
                upper[i, j, k] = np.max(sub_series)
    return lower, upper


def _warping_envelope(X, region):
    X = check_array(X, ensure_2d=False, allow_nd=True)
    region = check_array(region, ensure_min_samples=2)
    n_dims = X.ndim
    if n_dims not in (2, 3):
        raise ValueError("X must be a two- or three-dimensional.")
    if n_dims == 2:
        n_samples, n_timestamps = X.shape
        lower, upper = _warping_envelope_2d(
            X, n_samples, n_timestamps, region
        )
    else:
        n_samples_X, n_samples_Y, n_timestamps = X.shape
        lower, upper = _warping_envelope_3d(
            X, n_samples_X, n_samples_Y, n_timestamps, region
        )
    return lower, upper


def _clip_2d(X, X_min, X_max, n_samples_X, n_samples_clip, n_timestamps):
    X_clipped = np.empty((n_samples_X, n_samples_clip, n_timestamps))
    for i in prange(n_samples_X):
        X_clipped[i] = np.minimum(np.maximum(X[i], X_min), X_max)
    return X_clipped


def _clip_3d(X, X_min, X_max, n_samples_X, n_samples_clip, n_timestamps):
    X_clipped = np.empty((n_samples_X, n_samples_clip, n_timestamps))
    for i in prange(n_samples_X):
        X_clipped[i] = np.minimum(np.maximum(X[i], X_min[:, i]), X_max[:, i])
    return X_clipped


def _clip(X, lower, upper):
    X = check_array(X)
    lower = check_array(lower, ensure_2d=False, allow_nd=True)
    upper = check_array(upper, ensure_2d=False, allow_nd=True)
    n_dims = lower.ndim
    if n_dims not in (2, 3):
        raise ValueError("'lower' must be two- or three-dimensional.")
    if not lower.shape == upper.shape:
        raise ValueError(
            "'lower' and 'upper' must have the same shape "
            "({0} != {1})".format(lower.shape, upper.shape)
        )
    if n_dims == 2:
        n_samples_X, n_timestamps = X.shape
        n_samples_clip, _ = lower.shape
        X_clipped = _clip_2d(
            X, lower, upper, n_samples_X, n_samples_clip, n_timestamps
        )
    else:
        n_samples_X, n_samples_Y, n_timestamps = lower.shape
        X_clipped = _clip_3d(
            X, lower, upper, n_samples_Y, n_samples_X, n_timestamps
        )
    return X_clipped


def lower_bound_keogh(X_train, X_test, region):
    X_train = check_array(X_train)
    X_test = check_array(X_test)
    _check_consistent_lengths(X_train, X_test)
    lower, upper = _warping_envelope(X_train, region)
    X_proj = _clip(X_test, lower, upper)
    squared_lb_keogh = np.sum(
        (X_test[:, None, :] - X_proj) ** 2, axis=-1
    )
    return np.sqrt(squared_lb_keogh)


def lower_bound_improved(X_train, X_test, region):
    X_train = check_array(X_train)
    X_test = check_array(X_test)
    _check_consistent_lengths(X_train, X_test)

    # LB Keogh lower bounds
    lower_train, upper_train = _warping_envelope(X_train, region)
    X_test_proj = _clip(X_test, lower_train, upper_train)
    squared_lb_keogh = np.sum(
        (X_test[:, None, :] - X_test_proj) ** 2, axis=-1
    )

    # LB Improved lower bounds
    lower_test, upper_test = _warping_envelope(X_test_proj, region)
    X_train_proj = _clip(X_train, lower_test, upper_test)
    squared_lb_improved = np.sum(
        (X_train[:, None, :] - X_train_proj) ** 2, axis=-1
    )

    return np.sqrt(squared_lb_keogh + squared_lb_improved.T)


# --- pyts/multivariate/classification/multivariate.py -----------------------------------------------------------------
def _hard_vote(y_pred, weights):
    n_samples, n_features = y_pred.shape
    maj = np.empty(n_samples, dtype=np.int64)
    for i in prange(n_samples):
        maj[i] = np.argmax(np.bincount(y_pred[i], weights))
    return maj


# --- pyts/transformation/rocket.py ------------------------------------------------------------------------------------
def apply_one_kernel_one_sample(
    x, n_timestamps, weight, length, bias, dilation, padding
):
    # Compute padded x
    n_conv = n_timestamps - ((length - 1) * dilation) + (2 * padding)
    if padding > 0:
        x_pad = np.zeros(n_timestamps + 2 * padding)
        x_pad[padding:-padding] = x
    else:
        x_pad = x

    # Compute the convolutions
    x_conv = np.zeros(n_conv)
    for i in prange(n_conv):
        for j in prange(length):
            x_conv[i] += weight[j] * x_pad[i + (j * dilation)]
    x_conv += bias

    # Return the features: maximum and proportion of positive values
    return np.max(x_conv), np.mean(x_conv > 0)


def apply_all_kernels(X, weights, lengths, biases, dilations, paddings):
    n_samples, n_timestamps = X.shape
    n_kernels = lengths.size
    X_new = np.empty((n_samples, 2 * n_kernels))
    for i in prange(n_samples):
        for j in prange(n_kernels):
            X_new[i, (2 * j):(2 * j + 2)] = apply_one_kernel_one_sample(
                X[i], n_timestamps, weights[j], lengths[j],
                biases[j], dilations[j], paddings[j]
            )
    return X_new


# --- pyts/transformation/shapelet_transform.py ------------------------------------------------------------------------
def _derive_shapelet_distances(X, shapelet):
    n_samples, n_windows, _ = X.shape
    mean = np.empty((n_samples, n_windows))
    for i in prange(n_samples):
        for j in prange(n_windows):
            mean[i, j] = np.mean((X[i, j] - shapelet) ** 2)
    dist = np.empty(n_samples)
    for i in prange(n_samples):
        dist[i] = np.min(mean[i])
    return dist


def _remove_similar_shapelets(scores, start_idx, end_idx):
    kept_idx = []
    remaining_idx = np.full(scores.size, True)

    # Sort the indices by scores
    argsorted_scores = np.argsort(scores)
    sorted_start_idx = start_idx[argsorted_scores]
    sorted_end_idx = end_idx[argsorted_scores]

    # While there are non-similar shapelets remaining
    while np.any(remaining_idx):
        idx = argsorted_scores[remaining_idx][-1]  # Find the best shapelet
        kept_idx.append(idx)

        start, end = start_idx[idx], end_idx[idx]  # Find start and end indices

        # Find non-similar shapelets
        remaining_idx = np.logical_and(
            np.logical_or(sorted_start_idx >= end, sorted_end_idx <= start),
            remaining_idx
        )

    return np.array(kept_idx)


# --- pyts/metrics/dtw.py ----------------------------------------------------------------------------------------------
def _square(x, y):
    return (x - y) ** 2


def _absolute(x, y):
    return abs(x - y)


def _cost_matrix_region(x, y, dist, region):
    n_timestamps_1, n_timestamps_2 = x.size, y.size
    cost_mat = np.full((n_timestamps_1, n_timestamps_2), np.inf)
    for i in prange(n_timestamps_1):
        for j in prange(region[0, i], region[1, i]):
            cost_mat[i, j] = dist(x[i], y[j])
    return cost_mat


def _project_cost_matrix_region(cost_mat, region):
    n_timestamps_1, n_timestamps_2 = cost_mat.shape
    cost_mat_projected = np.full((n_timestamps_1, n_timestamps_2), np.inf)
    for i in prange(n_timestamps_1):
        for j in prange(region[0, i], region[1, i]):
            cost_mat_projected[i, j] = cost_mat[i, j]
    return cost_mat_projected


def _cost_matrix_no_region(x, y, dist):
    n_timestamps_1, n_timestamps_2 = x.size, y.size
    cost_mat = np.empty((n_timestamps_1, n_timestamps_2))
    for j in prange(n_timestamps_2):
        for i in prange(n_timestamps_1):
            cost_mat[i, j] = dist(x[i], y[j])
    return cost_mat


def _check_input_dtw(x, y, precomputed_cost, dist, method):
    if dist == "precomputed" and method in ["multiscale", "fast"]:
        raise ValueError("The method '{0}' cannot be used with "
                         "a precomputed cost. Provide the raw time series or"
                         "use one of the methods: 'classic', 'sakoechiba', "
                         "'itakura'".format(method))
    if dist == "precomputed":
        cost = check_array(precomputed_cost, ensure_min_samples=2,
                           ensure_min_features=2, ensure_2d=True,
                           force_all_finite=False, dtype='float64')
        n_timestamps_1, n_timestamps_2 = precomputed_cost.shape
    else:
        cost = None
        x = check_array(x, ensure_2d=False, dtype='float64')
        y = check_array(y, ensure_2d=False, dtype='float64')
        if x.ndim != 1:
            raise ValueError("'x' must be a one-dimensional array.")
        if y.ndim != 1:
            raise ValueError("'y' must be a one-dimensional array.")
        n_timestamps_1 = x.size
        n_timestamps_2 = y.size

    return x, y, cost, n_timestamps_1, n_timestamps_2


def _input_to_cost(x, y, dist, precomputed_cost, region):
    if dist == "precomputed":
        if region is not None:
            cost_mat = _project_cost_matrix_region(precomputed_cost, region)
        else:
            cost_mat = precomputed_cost.copy()
    else:
        cost_mat = cost_matrix(x, y, dist=dist, region=region)
    cost_mat = check_array(cost_mat, ensure_min_samples=2,
                           ensure_min_features=2, ensure_2d=True,
                           force_all_finite=False, dtype='float64')
    return cost_mat


def _check_region(region, n_timestamps_1, n_timestamps_2):
    region = np.clip(region[:, :n_timestamps_1], 0, n_timestamps_2)
    return region


def cost_matrix(x, y, dist='square', region=None):
    if dist == 'square':
        dist_ = _square
    elif dist == 'absolute':
        dist_ = _absolute
    elif isinstance(dist, str):
        raise ValueError("'dist' must be either 'square', 'absolute' or "
                         "callable (got {0}).".format(dist))
    else:
        try:
            temp = dist(1, 1)
        except:  # noqa: E722
            raise ValueError("Calling dist(1, 1) did not work.")
        else:
            if not isinstance(temp, (int, float)):
                raise ValueError("Calling dist(1, 1) did not return a float "
                                 "or an integer.")
        dist_ = dist
    if region is not None:
        region = check_array(region)
        region_shape = region.shape
        if region_shape != (2, x.size):
            raise ValueError(
                "The shape of 'region' must be equal to (2, n_timestamps_1) "
                "(got {0}).".format(region_shape)
            )
    if region is None:
        cost_mat = _cost_matrix_no_region(x, y, dist_)
    else:
        cost_mat = _cost_matrix_region(x, y, dist_, region)
    return cost_mat


def _accumulated_cost_matrix_region(cost_matrix, region):
    n_timestamps_1, n_timestamps_2 = cost_matrix.shape
    acc_cost_mat = np.ones((n_timestamps_1, n_timestamps_2)) * np.inf
    acc_cost_mat[0, 0: region[1, 0]] = np.cumsum(
        cost_matrix[0, 0: region[1, 0]]
    )
    acc_cost_mat[0: region[1, 0], 0] = np.cumsum(
        cost_matrix[0: region[1, 0], 0]
    )
    region_ = np.copy(region)
    region_[0] = np.maximum(region_[0], 1)
    for i in range(1, n_timestamps_1):
        for j in range(region_[0, i], region_[1, i]):
            acc_cost_mat[i, j] = cost_matrix[i, j] + min(
                acc_cost_mat[i - 1][j - 1],
                acc_cost_mat[i - 1][j],
                acc_cost_mat[i][j - 1]
            )
    return acc_cost_mat


def _accumulated_cost_matrix_no_region(cost_matrix):
    n_timestamps_1, n_timestamps_2 = cost_matrix.shape
    acc_cost_mat = np.empty((n_timestamps_1, n_timestamps_2))
    acc_cost_mat[0] = np.cumsum(cost_matrix[0])
    acc_cost_mat[:, 0] = np.cumsum(cost_matrix[:, 0])
    for j in range(1, n_timestamps_2):
        for i in range(1, n_timestamps_1):
            acc_cost_mat[i, j] = cost_matrix[i, j] + min(
                acc_cost_mat[i - 1][j - 1],
                acc_cost_mat[i - 1][j],
                acc_cost_mat[i][j - 1]
            )
    return acc_cost_mat


def accumulated_cost_matrix(cost_mat, region=None):
    cost_mat = check_array(cost_mat, ensure_min_samples=2,
                           ensure_min_features=2, ensure_2d=True,
                           force_all_finite=False, dtype='float64')
    cost_mat_shape = cost_mat.shape

    if region is None:
        acc_cost_mat = _accumulated_cost_matrix_no_region(cost_mat)
    else:
        region = check_array(region, dtype='int64')
        region_shape = region.shape
        if region_shape != (2, cost_mat_shape[0]):
            raise ValueError("The shape of 'region' must be equal to "
                             "(2, n_timestamps_1) "
                             "(got {0})".format(region_shape)
                             )
        acc_cost_mat = _accumulated_cost_matrix_region(cost_mat, region)
    return acc_cost_mat


def _return_path(acc_cost_mat):
    n_timestamps_1, n_timestamps_2 = acc_cost_mat.shape
    path = [(n_timestamps_1 - 1, n_timestamps_2 - 1)]
    while path[-1] != (0, 0):
        i, j = path[-1]
        if i == 0:
            path.append((0, j - 1))
        elif j == 0:
            path.append((i - 1, 0))
        else:
            arr = np.array([acc_cost_mat[i - 1][j - 1],
                            acc_cost_mat[i - 1][j],
                            acc_cost_mat[i][j - 1]])
            argmin = np.argmin(arr)
            if argmin == 0:
                path.append((i - 1, j - 1))
            elif argmin == 1:
                path.append((i - 1, j))
            else:
                path.append((i, j - 1))
    return np.transpose(np.array(path)[::-1])


def _return_results(dtw_dist, cost_mat, acc_cost_mat,
                    return_cost=False, return_accumulated=False,
                    return_path=False):
    res = (dtw_dist, )
    if return_cost:
        res += (cost_mat, )
    if return_accumulated:
        res += (acc_cost_mat, )
    if return_path:
        path = _return_path(acc_cost_mat)
        res += (path, )
    if len(res) == 1:
        return res[0]
    else:
        return res


def _check_sakoe_chiba_params(n_timestamps_1, n_timestamps_2, window_size):
    if not isinstance(n_timestamps_1, (int, np.integer)):
        raise TypeError("'n_timestamps_1' must be an integer.")
    else:
        if not n_timestamps_1 >= 2:
            raise ValueError("'n_timestamps_1' must be an integer greater than"
                             " or equal to 2.")
    if not isinstance(window_size, (int, np.integer, float, np.floating)):
        raise TypeError("'window_size' must be an integer or a float.")
    n_timestamps = max(n_timestamps_1, n_timestamps_2)

    if isinstance(window_size, (float, np.floating)):
        if not 0. <= window_size <= 1.:
            raise ValueError("The given 'window_size' is a float, "
                             "it must be between "
                             "0. and 1. To set the size of the sakoe-chiba "
                             "manually, 'window_size' must be an integer.")
        window_size = ceil(window_size * (n_timestamps - 1))
    else:
        if not 0 <= window_size <= (n_timestamps - 1):
            raise ValueError(
                "The given 'window_size' is an integer, it must "
                "be greater "
                "than or equal to 0 and lower than max('n_timestamps_1', "
                "'n_timestamps_2')."
            )

    scale = (n_timestamps_2 - 1) / (n_timestamps_1 - 1)

    if n_timestamps_2 > n_timestamps_1:
        window_size = max(window_size, scale / 2)
        horizontal_shift = 0
        vertical_shift = window_size
    elif n_timestamps_1 > n_timestamps_2:
        window_size = max(window_size, 0.5 / scale)
        horizontal_shift = window_size
        vertical_shift = 0
    else:
        horizontal_shift = 0
        vertical_shift = window_size
    return scale, horizontal_shift, vertical_shift


def sakoe_chiba_band(n_timestamps_1, n_timestamps_2=None, window_size=0.1):
    if n_timestamps_2 is None:
        n_timestamps_2 = n_timestamps_1
    scale, horizontal_shift, vertical_shift = \
        _check_sakoe_chiba_params(n_timestamps_1, n_timestamps_2, window_size)

    lower_bound = scale * (np.arange(n_timestamps_1) - horizontal_shift) \
        - vertical_shift
    lower_bound = np.round(lower_bound, 2)
    lower_bound = np.ceil(lower_bound)
    upper_bound = scale * (np.arange(n_timestamps_1) + horizontal_shift) \
        + vertical_shift
    upper_bound = np.round(upper_bound, 2)
    upper_bound = np.floor(upper_bound) + 1
    region = np.asarray([lower_bound, upper_bound]).astype('int64')
    region = _check_region(region, n_timestamps_1, n_timestamps_2)
    return region


def _get_itakura_slopes(n_timestamps_1, n_timestamps_2, max_slope):
    if not isinstance(n_timestamps_1, (int, np.integer)):
        raise TypeError("'n_timestamps_1' must be an integer.")
    else:
        if not n_timestamps_1 >= 2:
            raise ValueError("'n_timestamps_1' must be an integer greater than"
                             " or equal to 2.")

    if not isinstance(max_slope, (int, np.integer, float, np.floating)):
        raise TypeError("'max_slope' must be an integer or a float.")
    else:
        if not max_slope >= 1:
            raise ValueError("'max_slope' must be a number greater "
                             "than or equal to 1.")

    min_slope = 1 / max_slope
    scale_max = (n_timestamps_2 - 1) / (n_timestamps_1 - 2)
    max_slope *= scale_max
    max_slope = max(1., max_slope)

    scale_min = (n_timestamps_2 - 2) / (n_timestamps_1 - 1)

    min_slope *= scale_min
    min_slope = min(1., min_slope)
    return min_slope, max_slope


def itakura_parallelogram(n_timestamps_1, n_timestamps_2=None, max_slope=2.):
    if n_timestamps_2 is None:
        n_timestamps_2 = n_timestamps_1
    min_slope_, max_slope_ = _get_itakura_slopes(
        n_timestamps_1, n_timestamps_2, max_slope)

    # Now we create the piecewise linear functions defining the parallelogram
    # lower_bound[0] = min_slope * x
    # lower_bound[1] = max_slope * (x - n_timestamps_1) + n_timestamps_2

    centered_scale = np.arange(n_timestamps_1) - n_timestamps_1 + 1
    lower_bound = np.empty((2, n_timestamps_1))
    lower_bound[0] = min_slope_ * np.arange(n_timestamps_1)
    lower_bound[1] = max_slope_ * centered_scale + n_timestamps_2 - 1

    # take the max of the lower linear funcs
    lower_bound = np.round(lower_bound, 2)
    lower_bound = np.ceil(np.max(lower_bound, axis=0))

    # upper_bound[0] = max_slope * x
    # upper_bound[1] = min_slope * (x - n_timestamps_1) + n_timestamps_2

    upper_bound = np.empty((2, n_timestamps_1))
    upper_bound[0] = max_slope_ * np.arange(n_timestamps_1) + 1
    upper_bound[1] = min_slope_ * centered_scale + n_timestamps_2

    # take the min of the upper linear funcs
    upper_bound = np.round(upper_bound, 2)
    upper_bound = np.floor(np.min(upper_bound, axis=0))

    # Little fix for max_slope = 1
    if max_slope == 1:
        if n_timestamps_2 > n_timestamps_1:
            upper_bound[:-1] = lower_bound[1:]
        else:
            upper_bound = lower_bound + 1

    region = np.asarray([lower_bound, upper_bound]).astype('int64')
    region = _check_region(region, n_timestamps_1, n_timestamps_2)
    return region


def _blurred_path_region(n_timestamps_1, n_timestamps_2, resolution_level,
                         n_timestamps_reduced_1, n_timestamps_reduced_2,
                         path, radius):
    path_length = path.shape[1]
    path_up = np.tile(path, radius)
    path_down = path_up.copy()
    path_left = path_up.copy()
    path_right = path_up.copy()

    for i in range(1, radius + 1):
        start = path_length * (i - 1)
        end = path_length * i
        path_up[0, start: end] += i
        path_down[0, start: end] -= i
        path_left[1, start: end] -= i
        path_right[1, start: end] += i

    path_radius = np.c_[path, path_up, path_down, path_left, path_right]
    path_radius[0] = np.clip(path_radius[0], 0, n_timestamps_reduced_1 - 1)
    path_radius[1] = np.clip(path_radius[1], 0, n_timestamps_reduced_2 - 1)

    region_reduced = np.empty((2, n_timestamps_reduced_1))
    for i in range(n_timestamps_reduced_1):
        arr = path_radius[1, path_radius[0] == i]
        min_, max_ = np.min(arr), np.max(arr)
        region_reduced[0, i] = min_ * resolution_level
        region_reduced[1, i] = (max_ + 1) * resolution_level

    region = np.repeat(region_reduced, resolution_level, axis=1)
    region = _check_region(region, n_timestamps_1, n_timestamps_2)

    return region.astype('int64')


def _multiscale_region(x, y, dist, resolution=2, radius=0):
    n_timestamps_1 = len(x)
    n_timestamps_2 = len(y)
    if not isinstance(resolution, (int, np.integer)):
        raise TypeError("'resolution' must be an integer.")
    if resolution < 1:
        raise ValueError("'resolution' must be a positive integer.")
    if not isinstance(radius, (int, np.integer)):
        raise TypeError("'radius' must be an integer.")
    if radius < 0:
        raise ValueError("'radius' must be a non-negative integer.")

    if resolution == 1:
        region = None
    else:
        remainder_1 = n_timestamps_1 % resolution
        remainder_2 = n_timestamps_2 % resolution

        if remainder_1 != 0:
            x_padded = np.append(x, np.repeat(x[-1], resolution - remainder_1))
            x_padded = x_padded.reshape(-1, resolution).mean(axis=1)
        else:
            x_padded = x.reshape(-1, resolution).mean(axis=1)
        if remainder_2 != 0:
            y_padded = np.append(y, np.repeat(y[-1], resolution - remainder_2))
            y_padded = y_padded.reshape(-1, resolution).mean(axis=1)
        else:
            y_padded = y.reshape(-1, resolution).mean(axis=1)
        cost_mat_res = cost_matrix(x_padded, y_padded, dist=dist, region=None)
        acc_cost_mat_res = accumulated_cost_matrix(cost_mat_res, region=None)
        path_res = _return_path(acc_cost_mat_res)
        region = _blurred_path_region(n_timestamps_1, n_timestamps_2,
                                      resolution, x_padded.size,
                                      y_padded.size, path_res,
                                      radius)
    return region


def _fast_region(x, y, dist, radius=0):
    if not isinstance(radius, (int, np.integer)):
        raise TypeError("'radius' must be an integer.")
    if radius < 0:
        raise ValueError("'radius' must be a non-negative integer.")
    n_timestamps_1, n_timestamps_2 = len(x), len(y)
    min_size = radius + 2
    region = None
    n_timestamps = min(n_timestamps_1, n_timestamps_2)
    if n_timestamps > min_size:
        n_recursions = ceil(log2(n_timestamps / min_size))
        for i in range(n_recursions):
            resolution = 2 ** (n_recursions - i)
            remainder_1 = n_timestamps_1 % resolution
            remainder_2 = n_timestamps_2 % resolution

            if remainder_1 != 0:
                x_padded = np.append(
                    x, np.repeat(x[-1], resolution - remainder_1)
                )
                x_padded = x_padded.reshape(-1, resolution).mean(axis=1)
            else:
                x_padded = x.reshape(-1, resolution).mean(axis=1)
            if remainder_2 != 0:
                y_padded = np.append(
                    y, np.repeat(y[-1], resolution - remainder_2)
                )
                y_padded = y_padded.reshape(-1, resolution).mean(axis=1)
            else:
                y_padded = y.reshape(-1, resolution).mean(axis=1)

            cost_mat_res = cost_matrix(x_padded, y_padded,
                                       dist=dist, region=region)
            acc_cost_mat_res = accumulated_cost_matrix(cost_mat_res,
                                                       region=region)
            path_res = _return_path(acc_cost_mat_res)
            n_timestamps_next_1 = ceil((2 * n_timestamps_1) / resolution)
            n_timestamps_next_2 = ceil((2 * n_timestamps_2) / resolution)

            region = _blurred_path_region(n_timestamps_next_1,
                                          n_timestamps_next_2,
                                          2, x_padded.size, y_padded.size,
                                          path_res, radius)

    return region


def _compute_region(n_timestamps_1, n_timestamps_2, method, dist,
                    x=None, y=None, **options):
    if method == 'classic':
        region = None
    elif method == 'sakoechiba':
        region = sakoe_chiba_band(n_timestamps_1, n_timestamps_2, **options)
    elif method == 'itakura':
        region = itakura_parallelogram(n_timestamps_1, n_timestamps_2,
                                       **options)
    elif method == 'multiscale':
        region = _multiscale_region(x, y, dist, **options)
    elif method == 'fast':
        region = _fast_region(x, y, dist, **options)
    else:
        raise ValueError("'method' must be either 'classic', 'sakoechiba', "
                         "'itakura', 'multiscale' or 'fast'.")

    return region


def dtw(x=None, y=None, dist='square', method='classic', options=None,
        precomputed_cost=None, return_cost=False,
        return_accumulated=False, return_path=False):
    if options is None:
        options = dict()
    x, y, precomputed_cost, n_timestamps_1, n_timestamps_2 = \
        _check_input_dtw(x, y, precomputed_cost, dist, method)
    region = _compute_region(n_timestamps_1, n_timestamps_2, method, dist, x=x,
                             y=y, **options)
    cost_mat = _input_to_cost(x, y, dist, precomputed_cost, region)
    acc_cost_mat = accumulated_cost_matrix(cost_mat, region=region)
    dtw_dist = acc_cost_mat[-1, -1]
    if dist == 'square':
        dtw_dist = sqrt(dtw_dist)

    res = _return_results(dtw_dist, cost_mat, acc_cost_mat,
                          return_cost, return_accumulated, return_path)
    return res


# --- the cases ------------------------------------------------------------------------------------------------

_UTL, _LS, _LB, _DTW = "utils/utils.py", "classification/learning_shapelets.py", "metrics/lower_bounds.py", "metrics/dtw.py"


def _series(rng, n_samples=3, n_timestamps=10):
    return rng.normal(size=(n_samples, n_timestamps))


def _sorted_rows(rng, *shape):
    return np.sort(rng.normal(size=shape), axis=-1)


def _shapelets(rng):
    """Two groups of shapelets (3 of length 3, 2 of length 5) as learning shapelets keeps them, and their lengths."""
    return (rng.normal(size=(3, 3)), rng.normal(size=(2, 5))), (np.full(3, 3), np.full(2, 5))


def _ls_inputs(rng, multiclass=False):
    X = _series(rng, 4, 10)
    shapelets, lengths = _shapelets(rng)
    if multiclass:
        y = np.eye(3)[[0, 1, 2, 1]]
        weights = rng.normal(size=(6, 3))
    else:
        y = np.array([0., 1., 1., 0.])
        weights = rng.normal(size=6)
    penalty = "l1" if multiclass else "l2"
    # sample_weight as LearningShapelets._check_params makes it: shape (n_samples, 1)
    return X, y, 3 if multiclass else 2, weights, shapelets, lengths, -10., penalty, 1., True, 1., np.ones((4, 1))


def _tsbf_indices():
    """interval_indices (2, n_subseries, n_intervals) for 3 subseries of 3 intervals, one of them of length 1."""
    starts = np.array([[0, 2, 4], [3, 4, 5], [5, 7, 8]])
    ends = np.array([[2, 4, 6], [4, 5, 8], [7, 8, 10]])
    return np.stack([starts, ends])


def _binned(rng, n_samples=3, n_timestamps=8, n_bins=4):
    return rng.integers(0, n_bins, size=(n_samples, n_timestamps))


def _mtm(rng):
    X_binned = _binned(rng)
    return X_binned, _markov_transition_matrix(X_binned, 3, 8, 4)


def _ssa_groups(rng):
    # (n_samples, grouping_size, window_size, n_windows) for n_timestamps 10 and window_size 4: gap = n_windows
    return rng.normal(size=(2, 3, 4, 7)), 2, 10, 4, 7, 3, 7


def _rocket(rng, n_kernels=3):
    """ROCKET's kernels as ROCKET.transform passes them (lengths, dilations and paddings as int64)."""
    lengths = np.array([3, 5, 3])
    weights = np.zeros((n_kernels, 5))
    for i in range(n_kernels):
        w = rng.normal(size=lengths[i])
        weights[i, :lengths[i]] = w - w.mean()
    return weights, lengths, rng.uniform(-1, 1, size=n_kernels), np.array([1, 2, 1]), np.array([1, 0, 0])


def _path(rng, n1=5, n2=6):
    """A warping path found by _return_path; the same for every seed (its length is part of the trace key)."""
    acc = _accumulated_cost_matrix_no_region(np.abs(np.random.default_rng(7).normal(size=(n1, n2))))
    return _return_path(acc)


def _xy(rng, n1=12, n2=12):
    return rng.normal(size=n1), rng.normal(size=n2)


def dtw_path(x, y):
    return dtw(x, y, dist="absolute", return_path=True)


def dtw_sakoechiba(x, y):
    return dtw(x, y, method="sakoechiba", options={"window_size": 0.25}, return_accumulated=True)


def dtw_itakura(x, y):
    return dtw(x, y, method="itakura", options={"max_slope": 2.})


def dtw_multiscale(x, y):
    return dtw(x, y, method="multiscale", options={"resolution": 2, "radius": 1})


def dtw_fast(x, y):
    return dtw(x, y, method="fast", options={"radius": 1})


def accumulated_cost_matrix_region(cost, region):
    return accumulated_cost_matrix(cost, region)


CASES = [
    # utils/utils.py, approximation/paa.py, approximation/mcb.py, preprocessing/discretizer.py
    case(segmentation, lambda rng: (12, 5, True, 3), PY(_UTL, "segmentation", "overlapping segments")),
    case(_paa, lambda rng: (_series(rng), 3, 10, *segmentation(10, 3)[:2], 4),
         PY("approximation/paa.py", "_paa", "segments of 2 and 3 time stamps")),
    case(_mcb_uniform_bins, lambda rng: (-rng.uniform(1, 2, size=10), rng.uniform(1, 2, size=10), 10, 4),
         PY("approximation/mcb.py", "_uniform_bins")),
    case(_mcb_digitize, lambda rng: (_series(rng), _sorted_rows(rng, 10, 3)),
         PY("approximation/mcb.py", "_digitize", "bins per time stamp (_digitize_2d)")),
    case(_digitize, lambda rng: (_series(rng), np.array([-0.5, 0., 0.5])),
         PY("preprocessing/discretizer.py", "_digitize", "one set of bins (_digitize_1d)")),
    case(_uniform_bins, lambda rng: (-rng.uniform(1, 2, size=3), rng.uniform(1, 2, size=3), 3, 5),
         PY("preprocessing/discretizer.py", "_uniform_bins")),
    case(_reshape_with_nan, lambda rng: ((rng.normal(size=5), rng.normal(size=7), rng.normal(size=6)), 3,
                                         np.array([5, 7, 6]), 7),
         PY("preprocessing/discretizer.py", "_reshape_with_nan", "a tuple of series of three lengths")),
    # classification/learning_shapelets.py
    case(_softmin_grad, lambda rng: (rng.uniform(size=8), -5.), PY(_LS, "_softmin_grad")),
    case(_softmax, lambda rng: (rng.normal(size=(4, 3)), 4, 3), PY(_LS, "_softmax")),
    case(_ls_derive_shapelet_distances, lambda rng: (rng.normal(size=(3, 6, 4)), rng.normal(size=4), -10.),
         PY(_LS, "_derive_shapelet_distances")),
    case(_reshape_array_shapelets, _shapelets, PY(_LS, "_reshape_array_shapelets")),
    case(_reshape_list_shapelets, lambda rng: (rng.normal(size=19), _shapelets(rng)[1]),
         PY(_LS, "_reshape_list_shapelets")),
    case(_loss, _ls_inputs, PY(_LS, "_loss", "binary, intercept, l2 (as_strided windows)")),
    case(_grad_weights, lambda rng: _ls_inputs(rng, multiclass=True), PY(_LS, "_grad_weights", "three classes, l1")),
    case(_grad_shapelets, _ls_inputs, PY(_LS, "_grad_shapelets", "binary")),
    # classification/time_series_forest.py, classification/tsbf.py
    case(tsf_extract_features, lambda rng: (_series(rng), 3, 4, np.array([[0, 3], [2, 3], [3, 8], [5, 10]])),
         PY("classification/time_series_forest.py", "extract_features", "one window of one time stamp")),
    case(tsbf_extract_features, lambda rng: (_series(rng), _tsbf_indices(), 3, 3, 3),
         PY("classification/tsbf.py", "extract_features")),
    case(histogram, lambda rng: (rng.uniform(size=(3, 6, 2)), 4, 4, 3, 2), PY("classification/tsbf.py", "histogram")),
    # decomposition/ssa.py, image/gaf.py, image/mtf.py
    case(_outer_dot, lambda rng: (rng.normal(size=(2, 4, 4)), rng.normal(size=(2, 4, 7)), 2, 4, 7),
         PY("decomposition/ssa.py", "_outer_dot")),
    case(_diagonal_averaging, _ssa_groups, PY("decomposition/ssa.py", "_diagonal_averaging")),
    case(_gasf, lambda rng: (np.cos(rng.uniform(0, np.pi, size=(3, 6))), np.sin(rng.uniform(0, np.pi, size=(3, 6))),
                             3, 6),
         PY("image/gaf.py", "_gasf")),
    case(_markov_transition_matrix, lambda rng: (_binned(rng), 3, 8, 4), PY("image/mtf.py", "_markov_transition_matrix")),
    case(_markov_transition_field, lambda rng: (*_mtm(rng), 3, 8, 4), PY("image/mtf.py", "_markov_transition_field")),
    case(_aggregated_markov_transition_field, lambda rng: (rng.uniform(size=(3, 8, 8)), 3, 3,
                                                          *segmentation(8, 3)[:2]),
         PY("image/mtf.py", "_aggregated_markov_transition_field")),
    # metrics/boss.py, metrics/lower_bounds.py
    case(boss, lambda rng: (rng.integers(0, 3, size=8).astype(float), rng.integers(0, 3, size=8).astype(float)),
         PY("metrics/boss.py", "boss", "histograms with zero counts")),
    case(lower_bound_yi, lambda rng: (_series(rng, 4), _series(rng, 3) + np.array([[0.], [3.], [-3.]])),
         PY(_LB, "lower_bound_yi", "overlapping and disjoint ranges")),
    case(lower_bound_kim, lambda rng: (_series(rng, 4), _series(rng, 3)), PY(_LB, "lower_bound_kim")),
    case(_warping_envelope, lambda rng: (_series(rng, 4), sakoe_chiba_band(10, window_size=0.2)),
         PY(_LB, "_warping_envelope", "two-dimensional, a Sakoe-Chiba region")),
    case(lower_bound_keogh, lambda rng: (_series(rng, 4), _series(rng, 3), sakoe_chiba_band(10, window_size=0.2)),
         PY(_LB, "lower_bound_keogh")),
    case(lower_bound_improved, lambda rng: (_series(rng, 4), _series(rng, 3), sakoe_chiba_band(10, window_size=0.2)),
         PY(_LB, "lower_bound_improved")),
    # multivariate/classification/multivariate.py, transformation/rocket.py, transformation/shapelet_transform.py
    case(_hard_vote, lambda rng: (rng.integers(0, 3, size=(4, 5)), rng.uniform(0.5, 1.5, size=5)),
         PY("multivariate/classification/multivariate.py", "_hard_vote")),
    case(apply_one_kernel_one_sample, lambda rng: (rng.normal(size=10), 10, rng.normal(size=3), 3, 0.1, 2, 2),
         PY("transformation/rocket.py", "apply_one_kernel_one_sample", "Python ints: dilation 2, padding 2")),
    case(apply_all_kernels, lambda rng: (_series(rng), *_rocket(rng)), PY("transformation/rocket.py", "apply_all_kernels")),
    case(_derive_shapelet_distances, lambda rng: (rng.normal(size=(3, 6, 4)), rng.normal(size=4)),
         PY("transformation/shapelet_transform.py", "_derive_shapelet_distances")),
    case(_remove_similar_shapelets, lambda rng: (rng.permutation(8).astype(float), np.array([0, 1, 2, 4, 5, 0, 3, 6]),
                                                 np.array([3, 4, 5, 7, 8, 4, 7, 9])),
         PY("transformation/shapelet_transform.py", "_remove_similar_shapelets")),
    # metrics/dtw.py
    case(dtw, lambda rng: _xy(rng, 8, 10), PY(_DTW, "dtw", "classic, square")),
    case(dtw_path, _xy, PY(_DTW, "dtw", "classic, absolute, return_path (_return_path)")),
    case(dtw_sakoechiba, lambda rng: _xy(rng, 10, 12), PY(_DTW, "dtw", "sakoechiba, window_size 0.25, return_accumulated")),
    case(dtw_itakura, _xy, PY(_DTW, "dtw", "itakura, max_slope 2")),
    case(dtw_multiscale, _xy, PY(_DTW, "dtw", "multiscale, resolution 2, radius 1")),
    case(dtw_fast, _xy, PY(_DTW, "dtw", "fast, radius 1")),
    case(_blurred_path_region, lambda rng: (10, 12, 2, 5, 6, _path(rng), 1), PY(_DTW, "_blurred_path_region")),
    case(accumulated_cost_matrix_region, lambda rng: (np.abs(rng.normal(size=(10, 10))), itakura_parallelogram(10, max_slope=1.5)),
         PY(_DTW, "accumulated_cost_matrix", "an Itakura region")),
]
