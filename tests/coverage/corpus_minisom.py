"""MiniSom's self-organising map (JustGlowing/minisom, MIT): the ``MiniSom`` class whole, its maps copied by wrapper
functions inside the staged function and given weights or data from the repository's tests. ``__init__`` (``random.RandomState
(random_seed)`` for the initial weights, ``linalg.norm(..., keepdims=True)``, ``meshgrid`` coordinates shifted for the
hexagonal topology by ``self._xx[::-2] -= 0.5``, dictionaries of bound methods chosen by string, ``warn`` under
``divmod(sigma, 1)[1] != 0``); the decay functions; the neighbourhood functions (``_gaussian`` and ``_mexican_hat``
indexing ``self._xx.T[c]`` with the winner's coordinates, ``_bubble``'s ``outer`` of two ``logical_and`` masks,
``_triangle``'s masked writes ``triangle_x[triangle_x < 0] = 0.``); the four activation distances; ``winner``
(``unravel_index`` of ``argmin``); ``update`` (``einsum('ij, ijk->ijk', ...)`` added into ``self._weights``);
``quantization`` (the weights fancy-indexed by ``unravel_index`` of a row-wise ``argmin``), ``quantization_error``,
``_distance_from_weights``; ``distortion_measure`` (a Python ``distortion += ...`` over the samples);
``topographic_error`` (rectangular: ``argsort(...)[:, :2]``, ``diff``, ``hstack``; hexagonal: a list comprehension
calling ``_get_euclidean_coordinates_from_index``, whose ``if index < 0`` and ``int(index/y)`` read a value of the
data, then ``isclose`` per sample); ``activation_response`` (``a[self.winner(x)] += 1``); ``win_map`` (a
``defaultdict`` keyed by the winner's coordinates); ``random_weights_init`` (``nditer`` with ``multi_index``, ``while
not it.finished``, ``RandomState.randint``); ``pca_weights_init`` (``eigh``, ``argsort(...)[::-1]``, two loops over
``enumerate(linspace(...))``); ``distance_map`` (``nan * zeros``, four nested loops with bounds tests, ``nanmean`` /
``nansum``); ``train`` (``_build_iteration_indexes`` with ``RandomState.shuffle`` or ``tile`` for epochs, a local
``get_decay_rate`` chosen by ``use_epochs``, ``fixed_points.get(iteration, self.winner(...))``), ``train_random``,
``train_batch``, ``train_batch_offline`` (a loop over the samples, ``where`` of the denominator, masked writes
``self._weights[mask] = ...``), ``train_batch_offline_fast`` (``getattr(self.neighborhood, '__name__', '')`` looked
up in a dict) and its kernel ``_batch_offline_iteration_numba`` (per sample, two nested loops finding the best
matching unit under an ``if``/``elif`` on the distance type with ``if d < min_dist`` on values of the data, then the
neighbourhood under another four-way ``if``, with ``if neigx[i] > bmu_x - sigma and ...`` and ``if tx < 0.0``).

Copied from JustGlowing/minisom at 2eb8bd75596c57dd6260d4f0feef839bc0d22d07 (setup.py: MiniSom 2.3.6,
``license="MIT"``; its LICENSE is the MIT licence, "Copyright (c) 2021 Giuseppe Vettigli"), the single file
``minisom.py``. Bodies are as written, comments kept, docstrings dropped; the file's ``from numpy import (array, ...,
max, ...)`` is kept, so ``max`` is NumPy's in ``_chebyshev_distance`` as it is there.

Adapted, beyond that:

* ``_batch_offline_iteration_numba`` is defined in minisom.py inside ``try: from numba import njit`` with ``@njit``,
  and ``_NUMBA_AVAILABLE`` records whether numba imported. Here the decorator is dropped and ``_NUMBA_AVAILABLE`` is
  ``True`` (marked ``# adapted``): the kernel is the plain Python function (which is what numba compiles), so
  ``train_batch_offline_fast`` runs it, and its loops are staged like any other code;
* the maps are made at import (``_MAPS``: ``MiniSom(..., random_seed=1)`` as the tests make them) and each wrapper
  takes a ``copy.deepcopy`` of one: the initial weights and the ``RandomState`` of a map made in the wrapper, so the
  same numbers, without a NumPy generator created inside the staged function (``MiniSom.__init__`` is staged only by
  ``pca_weights_init``, which makes its map as test_pca_weights_init does). The wrapper sets ``som._weights =
  weights`` where a test sets fake weights, calls the methods and returns arrays (the trained weights, the
  activation maps, the errors). ``train_sequential`` and ``train_random`` train the copy's own weights (NumPy arrays
  made at import, as a map built outside a staged function holds them); ``random_weights_init``,
  ``train_epochs_fixed_point``, ``train_batch_offline`` and ``train_batch_offline_fast_bubble`` are passed the map's
  initial weights as an argument and set them back, so the training updates a traced array (the same numbers); the
  kernel ``_batch_offline_iteration_numba`` is called as test_batch_offline_iteration_numba_direct calls it, with the
  map's weights, meshgrids and index vectors as arguments.

Not taken: the unit tests (``TestMinisom``; their data are the inputs below) and pickling. Copied with the class but
run by no case: ``labels_map`` (``Counter`` of string labels) and the ``verbose`` progress printing
(``_wrap_index__in_verbose``, which ``train`` names).

The inputs follow ``TestMinisom``: setUp's 5-by-5 map of one feature with fake weights (zero, 5.0 at (2, 3), 2.0 at
(1, 1)) and the samples ``[[5.0], [2.0]]``, test_topographic_error's and test_hexagonal_topographic_error's extra
weights (6.0, 15.0, 14.0; 10.0, 9.0) and samples, test_distortion_measure's ``[[4], [2]]``,
test_train_batch's ``[[4, 2], [3, 1]]``, test_train_batch_offline_convergence's four samples, test_pca_weights_init's
``[[1., 0.], [0., 1.], [1., 0.], [0., 1.]]``, test_distance_map's 2-by-2 weights, test_batch_offline_iteration_numba_direct's
``[[1., 2.], [3., 4.], [5., 6.]]``, test_random_seed's ``random.rand(100, 2)`` (20 samples here), each moved by a
small uniform jitter so the two calls differ (and no two distances tie).
"""

# ruff: noqa: E501, E127, E128, E129, E131, E741, F541, UP004, UP031, UP032, B028
from __future__ import annotations

from collections import Counter, defaultdict
from copy import deepcopy
from datetime import timedelta
from sys import stdout
from time import time
from warnings import warn

import numpy as np
from numpy import (
    arange,
    argmin,
    argsort,
    array,
    cov,
    diff,
    dot,
    einsum,
    exp,
    float64,
    hstack,
    isclose,
    linalg,
    linspace,
    logical_and,
    max,
    maximum,
    mean,
    meshgrid,
    multiply,
    nan,
    nanmean,
    nansum,
    nditer,
    newaxis,
    outer,
    power,
    prod,
    random,
    sqrt,
    subtract,
    tile,
    unravel_index,
    where,
    zeros,
    zeros_like,
)
from numpy.linalg import norm

from tests.coverage.cases import MINISOM, Source, case


def MS(original: str, note: str = "") -> Source:
    return Source(MINISOM, "minisom.py", original, note)


# --- minisom.py --------------------------------------------------------------------------------------------------------
def _build_iteration_indexes(data_len, num_iterations,
                             verbose=False, random_generator=None,
                             use_epochs=False):
    if use_epochs:
        iterations_per_epoch = arange(data_len)
        if random_generator:
            random_generator.shuffle(iterations_per_epoch)
        iterations = tile(iterations_per_epoch, num_iterations)
    else:
        iterations = arange(num_iterations) % data_len
        if random_generator:
            random_generator.shuffle(iterations)
    if verbose:
        return _wrap_index__in_verbose(iterations)
    else:
        return iterations


def _wrap_index__in_verbose(iterations):
    m = len(iterations)
    digits = len(str(m))
    progress = '\r [ {s:{d}} / {m} ] {s:3.0f}% - ? it/s'
    progress = progress.format(m=m, d=digits, s=0)
    stdout.write(progress)
    beginning = time()
    stdout.write(progress)
    for i, it in enumerate(iterations):
        yield it
        sec_left = ((m-i+1) * (time() - beginning)) / (i+1)
        time_left = str(timedelta(seconds=sec_left))[:7]
        progress = '\r [ {i:{d}} / {m} ]'.format(i=i+1, d=digits, m=m)
        progress += ' {p:3.0f}%'.format(p=100*(i+1)/m)
        progress += ' - {time_left} left '.format(time_left=time_left)
        stdout.write(progress)


def fast_norm(x):
    return sqrt(dot(x, x.T))


# minisom.py defines it in `try: from numba import njit` ... `except ImportError: _NUMBA_AVAILABLE = False`
def _batch_offline_iteration_numba(  # pragma: no cover  (adapted: @njit dropped)
        data, weights, xx, yy,
        neigx, neigy, sigma,
        neighborhood_type,
        distance_type):
    n_x, n_y, n_features = weights.shape
    n_samples = data.shape[0]
    numerator = zeros((n_x, n_y, n_features))
    denominator = zeros((n_x, n_y))
    xx_T = xx.T
    yy_T = yy.T

    for s in range(n_samples):
        sample = data[s]

        # --- Find BMU (winner neuron) ---
        min_dist = float64(1e308)
        bmu_x = 0
        bmu_y = 0
        for i in range(n_x):
            for j in range(n_y):
                if distance_type == 0:  # euclidean
                    d = 0.0
                    for f in range(n_features):
                        d += (sample[f] - weights[i, j, f]) ** 2
                    d = sqrt(d)
                elif distance_type == 1:  # cosine
                    dot_sw = 0.0
                    norm_w = 0.0
                    norm_s = 0.0
                    for f in range(n_features):
                        dot_sw += weights[i, j, f] * sample[f]
                        norm_w += weights[i, j, f] ** 2
                        norm_s += sample[f] ** 2
                    d = 1.0 - dot_sw / (sqrt(norm_w) *
                                        sqrt(norm_s) + 1e-8)
                elif distance_type == 2:  # manhattan
                    d = 0.0
                    for f in range(n_features):
                        diff_val = sample[f] - weights[i, j, f]
                        if diff_val < 0:
                            d -= diff_val
                        else:
                            d += diff_val
                else:  # chebyshev
                    d = -1e308
                    for f in range(n_features):
                        diff_val = sample[f] - weights[i, j, f]
                        if diff_val > d:
                            d = diff_val

                if d < min_dist:
                    min_dist = d
                    bmu_x = i
                    bmu_y = j

        # --- Compute neighborhood ---
        if neighborhood_type == 0:  # gaussian
            d2 = 2.0 * sigma * sigma
            cx = xx_T[bmu_x, bmu_y]
            cy = yy_T[bmu_x, bmu_y]
            for i in range(n_x):
                for j in range(n_y):
                    ax = exp(-(xx[j, i] - cx) ** 2 / d2)
                    ay = exp(-(yy[j, i] - cy) ** 2 / d2)
                    g_val = ax * ay
                    denominator[i, j] += g_val
                    for f in range(n_features):
                        numerator[i, j, f] += g_val * sample[f]
        elif neighborhood_type == 1:  # mexican_hat
            d2 = 2.0 * sigma * sigma
            cx = xx_T[bmu_x, bmu_y]
            cy = yy_T[bmu_x, bmu_y]
            for i in range(n_x):
                for j in range(n_y):
                    p = ((xx[j, i] - cx) ** 2 +
                         (yy[j, i] - cy) ** 2)
                    g_val = exp(-p / d2) * (1.0 - 2.0 / d2 * p)
                    denominator[i, j] += g_val
                    for f in range(n_features):
                        numerator[i, j, f] += g_val * sample[f]
        elif neighborhood_type == 2:  # bubble
            for i in range(n_x):
                if neigx[i] > bmu_x - sigma and \
                   neigx[i] < bmu_x + sigma:
                    for j in range(n_y):
                        if neigy[j] > bmu_y - sigma and \
                           neigy[j] < bmu_y + sigma:
                            denominator[i, j] += 1.0
                            for f in range(n_features):
                                numerator[i, j, f] += sample[f]
        else:  # triangle
            for i in range(n_x):
                tx = (-abs(bmu_x - neigx[i])) + sigma
                if tx < 0.0:
                    tx = 0.0
                for j in range(n_y):
                    ty = (-abs(bmu_y - neigy[j])) + sigma
                    if ty < 0.0:
                        ty = 0.0
                    g_val = tx * ty
                    if g_val > 0.0:
                        denominator[i, j] += g_val
                        for f in range(n_features):
                            numerator[i, j, f] += g_val * sample[f]

    return numerator, denominator


_NUMBA_AVAILABLE = True  # adapted: the plain function stands in for numba's (see the module docstring)


class MiniSom(object):
    Y_HEX_CONV_FACTOR = (3.0 / 2.0) / sqrt(3)

    def __init__(self, x, y, input_len, sigma=1, learning_rate=0.5,
                 decay_function='asymptotic_decay',
                 neighborhood_function='gaussian', topology='rectangular',
                 activation_distance='euclidean', random_seed=None,
                 sigma_decay_function='asymptotic_decay'):
        if sigma > sqrt(x*x + y*y):
            warn('Warning: sigma might be too high ' +
                 'for the dimension of the map.')

        self._random_generator = random.RandomState(random_seed)

        self._learning_rate = learning_rate
        self._sigma = sigma
        self._input_len = input_len
        # random initialization
        self._weights = self._random_generator.rand(x, y, input_len)*2-1
        self._weights /= linalg.norm(self._weights, axis=-1, keepdims=True)

        self._activation_map = zeros((x, y))
        self._neigx = arange(x)
        self._neigy = arange(y)  # used to evaluate the neighborhood function

        if topology not in ['hexagonal', 'rectangular']:
            msg = '%s not supported only hexagonal and rectangular available'
            raise ValueError(msg % topology)
        self.topology = topology
        self._xx, self._yy = meshgrid(self._neigx, self._neigy)
        self._xx = self._xx.astype(float)
        self._yy = self._yy.astype(float)
        if topology == 'hexagonal':
            self._xx[::-2] -= 0.5
            self._yy *= self.Y_HEX_CONV_FACTOR
            if neighborhood_function in ['triangle']:
                warn('triangle neighborhood function does not ' +
                     'take in account hexagonal topology')

        lr_decay_functions = {
            'inverse_decay_to_zero': self._inverse_decay_to_zero,
            'linear_decay_to_zero': self._linear_decay_to_zero,
            'asymptotic_decay': self._asymptotic_decay}

        if isinstance(decay_function, str):
            if decay_function not in lr_decay_functions:
                msg = '%s not supported. Functions available: %s'
                raise ValueError(msg % (decay_function,
                                        ', '.join(lr_decay_functions.keys())))

            self._learning_rate_decay_function = \
                lr_decay_functions[decay_function]
        elif callable(decay_function):
            self._learning_rate_decay_function = decay_function

        sig_decay_functions = {
            'inverse_decay_to_one': self._inverse_decay_to_one,
            'linear_decay_to_one': self._linear_decay_to_one,
            'asymptotic_decay': self._asymptotic_decay}

        if sigma_decay_function not in sig_decay_functions:
            msg = '%s not supported. Functions available: %s'
            raise ValueError(msg % (sigma_decay_function,
                                    ', '.join(sig_decay_functions.keys())))

        self._sigma_decay_function = sig_decay_functions[sigma_decay_function]

        neig_functions = {'gaussian': self._gaussian,
                          'mexican_hat': self._mexican_hat,
                          'bubble': self._bubble,
                          'triangle': self._triangle}

        if neighborhood_function not in neig_functions:
            msg = '%s not supported. Functions available: %s'
            raise ValueError(msg % (neighborhood_function,
                                    ', '.join(neig_functions.keys())))

        if neighborhood_function in ['triangle',
                                     'bubble'] and (divmod(sigma, 1)[1] != 0
                                                    or sigma < 1):
            warn('sigma should be an integer >=1 when triangle or bubble' +
                 'are used as neighborhood function')

        self.neighborhood = neig_functions[neighborhood_function]

        distance_functions = {'euclidean': self._euclidean_distance,
                              'cosine': self._cosine_distance,
                              'manhattan': self._manhattan_distance,
                              'chebyshev': self._chebyshev_distance}

        if isinstance(activation_distance, str):
            if activation_distance not in distance_functions:
                msg = '%s not supported. Distances available: %s'
                raise ValueError(msg % (activation_distance,
                                        ', '.join(distance_functions.keys())))

            self._activation_distance = distance_functions[activation_distance]
        elif callable(activation_distance):
            self._activation_distance = activation_distance

    def get_weights(self):
        return self._weights

    def get_euclidean_coordinates(self):
        return self._xx.T, self._yy.T

    def convert_map_to_euclidean(self, xy):
        return self._xx.T[xy], self._yy.T[xy]

    def _activate(self, x):
        self._activation_map = self._activation_distance(x, self._weights)

    def activate(self, x):
        self._activate(x)
        return self._activation_map

    def _inverse_decay_to_zero(self, learning_rate, t, max_iter):
        C = max_iter / 100.0
        return learning_rate * C / (C + t)

    def _linear_decay_to_zero(self, learning_rate, t, max_iter):
        return learning_rate * (1 - t / max_iter)

    def _inverse_decay_to_one(self, sigma, t, max_iter):
        C = (sigma - 1) / max_iter
        return sigma / (1 + (t * C))

    def _linear_decay_to_one(self, sigma, t, max_iter):
        return sigma + (t * (1 - sigma) / max_iter)

    def _asymptotic_decay(self, dynamic_parameter, t, max_iter):
        return dynamic_parameter / (1 + t / (max_iter / 2))

    def _gaussian(self, c, sigma):
        d = 2*sigma*sigma
        ax = exp(-power(self._xx-self._xx.T[c], 2)/d)
        ay = exp(-power(self._yy-self._yy.T[c], 2)/d)
        return (ax * ay).T  # the external product gives a matrix

    def _mexican_hat(self, c, sigma):
        p = power(self._xx-self._xx.T[c], 2) + power(self._yy-self._yy.T[c], 2)
        d = 2*sigma*sigma
        return (exp(-p/d)*(1-2/d*p)).T

    def _bubble(self, c, sigma):
        ax = logical_and(self._neigx > c[0]-sigma,
                         self._neigx < c[0]+sigma)
        ay = logical_and(self._neigy > c[1]-sigma,
                         self._neigy < c[1]+sigma)
        return outer(ax, ay)*1.

    def _triangle(self, c, sigma):
        triangle_x = (-abs(c[0] - self._neigx)) + sigma
        triangle_y = (-abs(c[1] - self._neigy)) + sigma
        triangle_x[triangle_x < 0] = 0.
        triangle_y[triangle_y < 0] = 0.
        return outer(triangle_x, triangle_y)

    def _cosine_distance(self, x, w):
        num = (w * x).sum(axis=2)
        denum = multiply(linalg.norm(w, axis=2), linalg.norm(x))
        return 1 - num / (denum+1e-8)

    def _euclidean_distance(self, x, w):
        return linalg.norm(subtract(x, w), axis=-1)

    def _manhattan_distance(self, x, w):
        return linalg.norm(subtract(x, w), ord=1, axis=-1)

    def _chebyshev_distance(self, x, w):
        return max(subtract(x, w), axis=-1)

    def _check_iteration_number(self, num_iteration):
        if num_iteration < 1:
            raise ValueError('num_iteration must be > 1')

    def _check_input_len(self, data):
        data_len = len(data[0])
        if self._input_len != data_len:
            msg = 'Received %d features, expected %d.' % (data_len,
                                                          self._input_len)
            raise ValueError(msg)

    def winner(self, x):
        self._activate(x)
        return unravel_index(self._activation_map.argmin(),
                             self._activation_map.shape)

    def update(self, x, win, t, max_iteration):
        eta = self._learning_rate_decay_function(self._learning_rate,
                                                 t, max_iteration)
        sig = self._sigma_decay_function(self._sigma, t, max_iteration)
        # improves the performances
        g = self.neighborhood(win, sig)*eta
        # w_new = eta * neighborhood_function * (x-w)
        self._weights += einsum('ij, ijk->ijk', g, x-self._weights)

    def quantization(self, data):
        self._check_input_len(data)
        winners_coords = argmin(self._distance_from_weights(data), axis=1)
        return self._weights[unravel_index(winners_coords,
                                           self._weights.shape[:2])]

    def random_weights_init(self, data):
        self._check_input_len(data)
        it = nditer(self._activation_map, flags=['multi_index'])
        while not it.finished:
            rand_i = self._random_generator.randint(len(data))
            self._weights[it.multi_index] = data[rand_i]
            it.iternext()

    def pca_weights_init(self, data):
        if self._input_len == 1:
            msg = 'The data needs at least 2 features for pca initialization'
            raise ValueError(msg)
        self._check_input_len(data)
        if len(self._neigx) == 1 or len(self._neigy) == 1:
            msg = 'PCA initialization inappropriate:' + \
                  'One of the dimensions of the map is 1.'
            warn(msg)
        cov_mat = cov(data, rowvar=False)
        # covariance matrix is symmetric
        # eigh is faster and guarantees real eigenvalues
        eigvals, eigvecs = linalg.eigh(cov_mat)

        # eigh returns eigenvalues in ascending order (smallest → largest)
        # reverse the order so that the first elements correspond,
        # to the components explaining the largest variance
        order = argsort(eigvals)[::-1]

        # eigenvectors of the largest eigenvalues
        pc1 = eigvecs[:, order[0]]
        pc2 = eigvecs[:, order[1]]

        data_mean = mean(data, axis=0)

        # initialize weights along the plane spanned by the
        # first two principal components centered at the data mean
        for i, c1 in enumerate(linspace(-1, 1, len(self._neigx))):
            for j, c2 in enumerate(linspace(-1, 1, len(self._neigy))):
                self._weights[i, j] = data_mean + c1 * pc1 + c2 * pc2

    def _check_fixed_points(self, fixed_points, data):
        for k in fixed_points.keys():
            if not isinstance(k, int):
                raise TypeError(f'fixed points indexes must ' +
                                'be integers.')
            if k >= len(data) or k < 0:
                raise ValueError(f'an index of a fixed point ' +
                                 'cannot be grater than len(data)' +
                                 ' or less than 0.')
            if fixed_points[k][0] >= self._weights.shape[0] or \
               fixed_points[k][1] >= self._weights.shape[1]:
                raise ValueError(f'coordinates for fixed point' +
                                 ' are out of boundaries.')
            if fixed_points[k][0] < 0 or \
               fixed_points[k][1] < 0:
                raise ValueError(f'coordinates cannot be negative.')

    def train(self, data, num_iteration,
              random_order=False, verbose=False,
              use_epochs=False, fixed_points=None):
        self._check_iteration_number(num_iteration)
        self._check_input_len(data)
        random_generator = None
        if random_order:
            random_generator = self._random_generator
        iterations = _build_iteration_indexes(len(data), num_iteration,
                                              verbose, random_generator,
                                              use_epochs)
        if use_epochs:
            def get_decay_rate(iteration_index, data_len):
                return int(iteration_index / data_len)
        else:
            def get_decay_rate(iteration_index, data_len):
                return int(iteration_index)

        if fixed_points:
            self._check_fixed_points(fixed_points, data)
        else:
            fixed_points = {}

        for t, iteration in enumerate(iterations):
            decay_rate = get_decay_rate(t, len(data))
            self.update(data[iteration],
                        fixed_points.get(iteration,
                                         self.winner(data[iteration])),
                        decay_rate, num_iteration)
        if verbose:
            print('\n quantization error:', self.quantization_error(data))

    def train_random(self, data, num_iteration, verbose=False):
        self.train(data, num_iteration, random_order=True, verbose=verbose)

    def train_batch(self, data, num_iteration, verbose=False):
        self.train(data, num_iteration, random_order=False, verbose=verbose)

    def train_batch_offline(self, data, num_iteration, verbose=False):
        self._check_iteration_number(num_iteration)
        self._check_input_len(data)
        iterations = range(num_iteration)
        if verbose:
            iterations = _wrap_index__in_verbose(iterations)

        for iteration in iterations:
            learning_rate = self._learning_rate_decay_function(
                                                 self._learning_rate,
                                                 iteration,
                                                 num_iteration)
            sigma = self._sigma_decay_function(self._sigma,
                                               iteration,
                                               num_iteration)

            # Initialize accumulators
            numerator = zeros_like(self._weights)
            denominator = zeros((self._weights.shape[0],
                                 self._weights.shape[1]))

            # Process all samples
            for sample in data:
                bmu = self.winner(sample)
                g = self.neighborhood(bmu, sigma)
                # Vectorized accumulation
                g_expanded = g[:, :, newaxis]
                numerator += g_expanded * sample
                denominator += g

            # Batch update with safety check
            denominator_safe = where(denominator[:, :, newaxis] > 0,
                                     denominator[:, :, newaxis],
                                     1.0)

            # Weighted average update
            new_weights = numerator / denominator_safe

            # Only update neurons that had contributions
            mask = denominator > 0
            self._weights[mask] = (1 - learning_rate) * self._weights[mask] + \
                learning_rate * new_weights[mask]

        if verbose:
            print(f'Quantization Error: {self.quantization_error(data):.4f}')

    def train_batch_offline_fast(self, data, num_iteration, verbose=False):
        if not _NUMBA_AVAILABLE:
            raise ImportError(
                'numba is required for train_batch_offline_fast. '
                'Install it with: pip install numba')

        self._check_iteration_number(num_iteration)
        self._check_input_len(data)
        data = array(data, dtype=float64)

        neighborhood_map = {
            '_gaussian': 0, '_mexican_hat': 1,
            '_bubble': 2, '_triangle': 3}
        distance_map = {
            '_euclidean_distance': 0, '_cosine_distance': 1,
            '_manhattan_distance': 2, '_chebyshev_distance': 3}

        neigh_name = getattr(self.neighborhood, '__name__', '')
        if neigh_name not in neighborhood_map:
            raise ValueError(
                'train_batch_offline_fast only supports built-in '
                'neighborhood functions: gaussian, mexican_hat, '
                'bubble, triangle')
        neighborhood_type = neighborhood_map[neigh_name]

        dist_name = getattr(self._activation_distance, '__name__', '')
        if dist_name not in distance_map:
            raise ValueError(
                'train_batch_offline_fast only supports built-in '
                'activation distances: euclidean, cosine, '
                'manhattan, chebyshev')
        distance_type = distance_map[dist_name]

        iterations = range(num_iteration)
        if verbose:
            iterations = _wrap_index__in_verbose(iterations)

        for iteration in iterations:
            learning_rate = self._learning_rate_decay_function(
                                                 self._learning_rate,
                                                 iteration,
                                                 num_iteration)
            sigma = self._sigma_decay_function(self._sigma,
                                               iteration,
                                               num_iteration)

            numerator, denominator = _batch_offline_iteration_numba(
                data, self._weights,
                self._xx, self._yy,
                self._neigx.astype(float64),
                self._neigy.astype(float64),
                sigma, neighborhood_type, distance_type)

            denominator_safe = where(denominator[:, :, newaxis] > 0,
                                     denominator[:, :, newaxis],
                                     1.0)
            new_weights = numerator / denominator_safe
            mask = denominator > 0
            self._weights[mask] = \
                (1 - learning_rate) * self._weights[mask] + \
                learning_rate * new_weights[mask]

        if verbose:
            print(f'Quantization Error: {self.quantization_error(data):.4f}')

    def distance_map(self, scaling='sum'):

        if scaling not in ['sum', 'mean']:
            raise ValueError(f'scaling should be either "sum" or "mean" ('
                             f'"{scaling}" not valid)')

        um = nan * zeros((self._weights.shape[0],
                          self._weights.shape[1],
                          8))  # 2 spots more for hexagonal topology

        ii = [[0, -1, -1, -1, 0, 1, 1, 1]]*2
        jj = [[-1, -1, 0, 1, 1, 1, 0, -1]]*2

        if self.topology == 'hexagonal':
            ii = [[1, 1, 1, 0, -1, 0], [0, 1, 0, -1, -1, -1]]
            jj = [[1, 0, -1, -1, 0, 1], [1, 0, -1, -1, 0, 1]]

        for x in range(self._weights.shape[0]):
            for y in range(self._weights.shape[1]):
                w_2 = self._weights[x, y]
                e = y % 2 == 0   # only used on hexagonal topology
                for k, (i, j) in enumerate(zip(ii[e], jj[e])):
                    if (x+i >= 0 and x+i < self._weights.shape[0] and
                            y+j >= 0 and y+j < self._weights.shape[1]):
                        w_1 = self._weights[x+i, y+j]
                        um[x, y, k] = fast_norm(w_2-w_1)

        if scaling == 'mean':
            um = nanmean(um, axis=2)
        if scaling == 'sum':
            um = nansum(um, axis=2)

        return um/um.max()

    def activation_response(self, data):
        self._check_input_len(data)
        a = zeros((self._weights.shape[0], self._weights.shape[1]))
        for x in data:
            a[self.winner(x)] += 1
        return a

    def _distance_from_weights(self, data):
        input_data = array(data)
        weights_flat = self._weights.reshape(-1, self._weights.shape[2])
        input_data_sq = power(input_data, 2).sum(axis=1, keepdims=True)
        weights_flat_sq = power(weights_flat, 2).sum(axis=1, keepdims=True)
        cross_term = dot(input_data, weights_flat.T)
        # this subtracs nearly equal, relatively large terms to get a small
        # residual and can be affected by rounding errors. Clipping negative
        # values using maximum mitigates this issue.
        return sqrt(
            maximum(0, -2 * cross_term + input_data_sq + weights_flat_sq.T)
        )

    def quantization_error(self, data):
        self._check_input_len(data)
        return norm(data-self.quantization(data), axis=1).mean()

    def distortion_measure(self, data):
        distortion = 0
        for d in data:
            distortion += multiply(self.neighborhood(self.winner(d),
                                                     self._sigma),
                                   norm(d - self.get_weights(), axis=2)).sum()
        return distortion

    def topographic_error(self, data):
        self._check_input_len(data)
        total_neurons = prod(self._activation_map.shape)
        if total_neurons == 1:
            warn('The topographic error is not defined for a 1-by-1 map.')
            return nan
        if self.topology == 'hexagonal':
            return self._topographic_error_hexagonal(data)
        else:
            return self._topographic_error_rectangular(data)

    def _topographic_error_hexagonal(self, data):
        b2mu_inds = argsort(self._distance_from_weights(data), axis=1)[:, :2]
        b2mu_coords = [[self._get_euclidean_coordinates_from_index(bmu[0]),
                        self._get_euclidean_coordinates_from_index(bmu[1])]
                       for bmu in b2mu_inds]
        b2mu_coords = array(b2mu_coords)
        b2mu_neighbors = [isclose(1, norm(bmu1 - bmu2))
                          for bmu1, bmu2 in b2mu_coords]
        te = 1 - mean(b2mu_neighbors)
        return te

    def _topographic_error_rectangular(self, data):
        t = 1.42
        # b2mu: best 2 matching units
        b2mu_inds = argsort(self._distance_from_weights(data), axis=1)[:, :2]
        b2my_xy = unravel_index(b2mu_inds, self._weights.shape[:2])
        b2mu_x, b2mu_y = b2my_xy[0], b2my_xy[1]
        dxdy = hstack([diff(b2mu_x), diff(b2mu_y)])
        distance = norm(dxdy, axis=1)
        return (distance > t).mean()

    def _get_euclidean_coordinates_from_index(self, index):
        if index < 0:
            return (-1, -1)
        y = self._weights.shape[1]
        coords = self.convert_map_to_euclidean((int(index/y), index % y))
        return coords

    def win_map(self, data, return_indices=False):
        self._check_input_len(data)
        winmap = defaultdict(list)
        for i, x in enumerate(data):
            winmap[self.winner(x)].append(i if return_indices else x)
        return winmap

    def labels_map(self, data, labels):
        self._check_input_len(data)
        if not len(data) == len(labels):
            raise ValueError('data and labels must have the same length.')
        winmap = defaultdict(list)
        for x, l in zip(data, labels):
            winmap[self.winner(x)].append(l)
        for position in winmap:
            winmap[position] = Counter(winmap[position])
        return winmap


# --- wrappers: the maps and what the tests do with them -----------------------------------------------------------------
# TestMinisom makes its maps in setUp and in each test, with a seed, then gives some of them fake weights. Here the maps
# are made once, at import (MiniSom.__init__ draws the initial weights from np.random.RandomState(random_seed)), and
# each wrapper works on a deep copy: the same initial weights and the same generator state as a map made in the
# wrapper, without a NumPy generator inside the staged function (pca_weights_init makes its map inside, as
# test_pca_weights_init does).
_MAPS = {
    "setup": MiniSom(5, 5, 1, random_seed=1),
    "setup_hexagonal": MiniSom(5, 5, 1, topology='hexagonal', random_seed=1),
    "setup_sigma": MiniSom(5, 5, 1, sigma=1.5, random_seed=1),
    "euclidean": MiniSom(2, 2, 2, random_seed=1),
    "cosine": MiniSom(2, 2, 2, activation_distance='cosine', random_seed=1),
    "chebyshev": MiniSom(2, 2, 2, activation_distance='chebyshev', random_seed=1),
    "distance_map": MiniSom(4, 3, 2, random_seed=1),
    "distance_map_hexagonal": MiniSom(2, 2, 2, topology='hexagonal', random_seed=1),
    "random_init": MiniSom(3, 3, 2, random_seed=1),
    "train": MiniSom(5, 5, 2, sigma=1.0, learning_rate=0.5, random_seed=1),
    "train_epochs": MiniSom(4, 4, 2, sigma=1.0, learning_rate=0.5, random_seed=1,
                            decay_function='inverse_decay_to_zero', sigma_decay_function='linear_decay_to_one'),
    "bubble_manhattan": MiniSom(3, 3, 2, sigma=1.0, learning_rate=0.5, neighborhood_function='bubble',
                                activation_distance='manhattan', random_seed=42),
    "kernel": MiniSom(3, 3, 2, sigma=1.0, random_seed=1),
}


def _fake_som(key, weights):
    som = deepcopy(_MAPS[key])
    som._weights = weights
    return som


def decay_functions(learning_rate, t, max_iter):
    som = deepcopy(_MAPS["train"])
    return (som._inverse_decay_to_zero(learning_rate, t, max_iter), som._linear_decay_to_zero(learning_rate, t, max_iter),
            som._inverse_decay_to_one(learning_rate, t, max_iter), som._linear_decay_to_one(learning_rate, t, max_iter),
            som._asymptotic_decay(learning_rate, t, max_iter))


def gaussian_centre(weights, sigma):
    return _fake_som("setup", weights)._gaussian((2, 2), sigma)


def mexican_hat_centre(weights, sigma):
    return _fake_som("setup", weights)._mexican_hat((2, 2), sigma)


def bubble_centre(weights, sigma):
    return _fake_som("setup", weights)._bubble((2, 2), sigma)


def triangle_centre(weights, sigma):
    return _fake_som("setup", weights)._triangle((2, 2), sigma)


def hexagonal_gaussian_at_winner(weights, x, sigma):
    som = _fake_som("setup_hexagonal", weights)
    return som.neighborhood(som.winner(x), sigma), som.convert_map_to_euclidean(som.winner(x))


def activate_euclidean(weights, x):
    return _fake_som("euclidean", weights).activate(x)


def activate_cosine(weights, x):
    return _fake_som("cosine", weights).activate(x)


def activate_chebyshev(weights, x):
    return _fake_som("chebyshev", weights).activate(x)


def winner(weights, x):
    return _fake_som("setup", weights).winner(x)


def update_at_winner(weights, x):
    som = _fake_som("setup_sigma", weights)
    som.update(x, som.winner(x), 3, 10)
    return som.get_weights()


def quantization_error(weights, data):
    som = _fake_som("setup", weights)
    return som.quantization_error(data), som.quantization(data)


def distortion_measure(weights, data):
    return _fake_som("setup", weights).distortion_measure(data)


def topographic_error(weights, data):
    return _fake_som("setup", weights).topographic_error(data)


def topographic_error_hexagonal(weights, data):
    return _fake_som("setup_hexagonal", weights).topographic_error(data)


def activation_response(weights, data):
    return _fake_som("setup", weights).activation_response(data)


def win_map_indices(weights, data):
    return dict(_fake_som("setup", weights).win_map(data, return_indices=True))


def random_weights_init(weights, data):
    som = _fake_som("random_init", weights)
    som.random_weights_init(data)
    return som.get_weights()


def pca_weights_init(data):
    som = MiniSom(2, 2, 2, random_seed=1)
    som.pca_weights_init(data)
    return som.get_weights()


def distance_map_sum(weights):
    return _fake_som("distance_map", weights).distance_map()


def distance_map_hexagonal_mean(weights):
    return _fake_som("distance_map_hexagonal", weights).distance_map(scaling='mean')


def train_sequential(data):
    som = deepcopy(_MAPS["train"])
    q1 = som.quantization_error(data)
    som.train(data, 10)
    return q1, som.quantization_error(data), som.get_weights()


def train_random(data):
    som = deepcopy(_MAPS["train"])
    som.train_random(data, 10)
    return som.get_weights()


def train_epochs_fixed_point(weights, data):
    som = _fake_som("train_epochs", weights)
    som.train(data, 3, use_epochs=True, fixed_points={0: (0, 0)})
    return som.get_weights()


def train_batch_offline(weights, data):
    som = _fake_som("train", weights)
    som.train_batch_offline(data, 5)
    return som.quantization_error(data), som.get_weights()


def train_batch_offline_fast_bubble(weights, data):
    som = _fake_som("bubble_manhattan", weights)
    som.train_batch_offline_fast(data, 2)
    return som.get_weights()


# --- inputs ------------------------------------------------------------------------------------------------------------
def _jitter(rng, data, scale=0.01):
    """The tests' values moved a little, so the two calls differ (the same shape) and no two distances tie."""
    return np.asarray(data, dtype=float) + rng.uniform(-scale, scale, size=np.shape(data))


def _setup_weights(rng, extra=None):
    """TestMinisom.setUp's fake weights: a 5-by-5 map of one feature, 5.0 at (2, 3), 2.0 at (1, 1), and ``extra``
    values (test_topographic_error's)."""
    w = np.zeros((5, 5, 1))
    w[2, 3] = 5.0
    w[1, 1] = 2.0
    for (i, j), value in (extra or {}).items():
        w[i, j] = value
    return _jitter(rng, w)


def _hex_weights(rng):
    """test_hexagonal_topographic_error's: zero weights, 15.0 at (4, 4), 14.0 at (0, 0), 10.0 at (2, 2), 9.0 at
    (2, 3)."""
    w = np.zeros((5, 5, 1))
    w[4, 4], w[0, 0], w[2, 2], w[2, 3] = 15.0, 14.0, 10.0, 9.0
    return _jitter(rng, w)


def _initial_weights(key):
    """The initial weights of a map of _MAPS (its RandomState's), passed as an argument: the wrapper sets them back,
    so the map trains as one made with the seed, with its weights a traced array."""
    return _MAPS[key].get_weights().copy()


def _kernel_arrays(rng, data):
    """test_batch_offline_iteration_numba_direct's arguments: the data, then the map's weights, meshgrids and index
    vectors as float64."""
    som = _MAPS["kernel"]
    return (data, som._weights.copy(), som._xx.copy(), som._yy.copy(), som._neigx.astype(float64),
            som._neigy.astype(float64))


def _unit_weights(rng, *shape):
    w = rng.uniform(-1, 1, size=shape)
    return w / np.linalg.norm(w, axis=-1, keepdims=True)


_TOPO = {(2, 4): 6.0, (4, 4): 15.0, (0, 0): 14.0}
_TRAIN = [[4, 2], [3, 1]]
_CONVERGENCE = [[4, 2], [3, 1], [2, 2], [3, 3]]

CASES = [
    case(fast_norm, lambda rng: (_jitter(rng, [1, 3]),), MS("fast_norm", "test_fast_norm's [1, 3]")),
    case(decay_functions, lambda rng: (np.float64(rng.uniform(0.5, 1.5)), np.arange(6.0), 10), MS("MiniSom._inverse_decay_to_zero / _linear_decay_to_zero / _inverse_decay_to_one / _linear_decay_to_one / _asymptotic_decay", "the five decays of an array of iterations")),
    case(gaussian_centre, lambda rng: (_setup_weights(rng), np.float64(rng.uniform(0.8, 1.2))), MS("MiniSom._gaussian", "test_gaussian: centred at (2, 2)")),
    case(mexican_hat_centre, lambda rng: (_setup_weights(rng), np.float64(rng.uniform(0.8, 1.2))), MS("MiniSom._mexican_hat", "test_mexican_hat")),
    case(bubble_centre, lambda rng: (_setup_weights(rng), np.float64(rng.uniform(1.0, 2.0))), MS("MiniSom._bubble", "test_bubble: outer of two logical_and masks")),
    case(triangle_centre, lambda rng: (_setup_weights(rng), np.float64(rng.uniform(1.0, 2.0))), MS("MiniSom._triangle", "test_triangle: masked writes of zero")),
    case(hexagonal_gaussian_at_winner, lambda rng: (_hex_weights(rng), _jitter(rng, [10.0]), np.float64(rng.uniform(0.8, 1.2))), MS("MiniSom.__init__ / winner / _gaussian / convert_map_to_euclidean", "hexagonal topology: self._xx[::-2] -= 0.5, the winner's coordinates index xx.T")),
    case(activate_euclidean, lambda rng: (_setup_weights(rng), _jitter(rng, [5.0])), MS("MiniSom.activate / _euclidean_distance", "test_activate")),
    case(activate_cosine, lambda rng: (_unit_weights(rng, 2, 2, 2), _jitter(rng, [1.0, 3.0], 0.1)), MS("MiniSom.activate / _cosine_distance")),
    case(activate_chebyshev, lambda rng: (_unit_weights(rng, 2, 2, 2), _jitter(rng, [1.0, 3.0], 0.1)), MS("MiniSom.activate / _chebyshev_distance", "test_chebyshev_distance's x; NumPy's max")),
    case(winner, lambda rng: (_setup_weights(rng), _jitter(rng, [2.0])), MS("MiniSom.winner", "unravel_index of argmin: a tuple of two integers")),
    case(update_at_winner, lambda rng: (_setup_weights(rng), _jitter(rng, [4.0])), MS("MiniSom.update", "einsum into self._weights, asymptotic decays at t=3")),
    case(quantization_error, lambda rng: (_setup_weights(rng), _jitter(rng, [[4.0], [1.0]])), MS("MiniSom.quantization_error / quantization / _distance_from_weights", "test_quantization_error's [[4], [1]]")),
    case(distortion_measure, lambda rng: (_setup_weights(rng), _jitter(rng, [[4.0], [2.0]])), MS("MiniSom.distortion_measure", "test_distortion_measure: distortion += ... per sample")),
    case(topographic_error, lambda rng: (_setup_weights(rng, _TOPO), _jitter(rng, [[5.0], [15.0]])), MS("MiniSom.topographic_error / _topographic_error_rectangular", "test_topographic_error's weights and samples")),
    case(topographic_error_hexagonal, lambda rng: (_hex_weights(rng), _jitter(rng, [[10.0], [15.0]])), MS("MiniSom.topographic_error / _topographic_error_hexagonal / _get_euclidean_coordinates_from_index", "test_hexagonal_topographic_error: if index < 0, int(index/y) of the data's best matching units")),
    case(activation_response, lambda rng: (_setup_weights(rng), _jitter(rng, [[5.0], [2.0], [4.5]])), MS("MiniSom.activation_response", "test_activation_reponse: a[self.winner(x)] += 1")),
    case(win_map_indices, lambda rng: (_setup_weights(rng), _jitter(rng, [[5.0], [2.0]])), MS("MiniSom.win_map", "test_win_map_indices: a defaultdict keyed by the winners")),
    case(random_weights_init, lambda rng: (_initial_weights("random_init"), rng.random((6, 2))), MS("MiniSom.random_weights_init", "nditer(flags=['multi_index']), while not it.finished, RandomState.randint")),
    case(pca_weights_init, lambda rng: (_jitter(rng, [[1., 0.], [0., 1.], [1., 0.], [0., 1.]], 0.05),), MS("MiniSom.pca_weights_init", "test_pca_weights_init's data")),
    case(distance_map_sum, lambda rng: (_unit_weights(rng, 4, 3, 2),), MS("MiniSom.distance_map / fast_norm", "scaling='sum', rectangular: nested loops with bounds tests")),
    case(distance_map_hexagonal_mean, lambda rng: (_jitter(rng, [[[1., 0.], [0., 1.]], [[1., 0.], [0., 1.]]], 0.05),), MS("MiniSom.distance_map", "test_distance_map's 2-by-2 weights, hexagonal, scaling='mean'")),
    case(train_sequential, lambda rng: (_jitter(rng, _TRAIN),), MS("MiniSom.train / _build_iteration_indexes / update", "test_train_batch: 10 updates in order")),
    case(train_random, lambda rng: (rng.random((20, 2)),), MS("MiniSom.train_random / train", "test_random_seed: RandomState.shuffle of the iteration indexes")),
    case(train_epochs_fixed_point, lambda rng: (_initial_weights("train_epochs"), _jitter(rng, _CONVERGENCE)), MS("MiniSom.train / _check_fixed_points", "use_epochs=True, fixed_points={0: (0, 0)}, the inverse and linear decays")),
    case(train_batch_offline, lambda rng: (_initial_weights("train"), _jitter(rng, _CONVERGENCE)), MS("MiniSom.train_batch_offline", "test_train_batch_offline_convergence's data: masked writes of the weights")),
    case(train_batch_offline_fast_bubble, lambda rng: (_initial_weights("bubble_manhattan"), rng.random((4, 2))), MS("MiniSom.train_batch_offline_fast / _batch_offline_iteration_numba", "bubble and manhattan (types 2, 2) as in test_train_batch_offline_fast_all_combos_match")),
    case(_batch_offline_iteration_numba, lambda rng: (*_kernel_arrays(rng, _jitter(rng, [[1., 2.], [3., 4.], [5., 6.]], 0.05)), 1.0, 0, 0), MS("_batch_offline_iteration_numba", "test_batch_offline_iteration_numba_direct: gaussian, euclidean"), name="minisom.batch_offline_iteration"),
    case(_batch_offline_iteration_numba, lambda rng: (*_kernel_arrays(rng, rng.random((4, 2))), 1.0, 3, 3), MS("_batch_offline_iteration_numba", "triangle, chebyshev"), name="minisom.batch_offline_iteration_triangle"),
    case(_batch_offline_iteration_numba, lambda rng: (*_kernel_arrays(rng, rng.random((4, 2))), 1.0, 1, 1), MS("_batch_offline_iteration_numba", "mexican hat, cosine"), name="minisom.batch_offline_iteration_mexican_hat"),
]
