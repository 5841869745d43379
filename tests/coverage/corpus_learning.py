"""Machine learning from scratch (eriklindernoren/ML-From-Scratch, MIT).

Copied from eriklindernoren/ML-From-Scratch at a2806c6732eee8d27762edd6d864e0c179d8e9e8; each case
names its file and function (or class and method). Docstrings, comments and prints dropped.
Methods are staged as bound methods of an object made as the library's examples make it; where a
method keeps state between calls (the optimizers) or needs a fit first, a two-line wrapper makes a
fresh object and calls it, as a training step would.
"""

# ruff: noqa: E501, E731, E741, N801, N802, N803, N806, UP004, UP008, SIM108, C416, PLR5501, RET505, E713, B007
from __future__ import annotations

import math
from itertools import combinations_with_replacement

import numpy as np

from tests.coverage.cases import MLS, case, one_hot, probabilities, spd


# mlfromscratch/utils/data_operation.py
def calculate_entropy(y):
    log2 = lambda x: math.log(x) / math.log(2)
    unique_labels = np.unique(y)
    entropy = 0
    for label in unique_labels:
        count = len(y[y == label])
        p = count / len(y)
        entropy += -p * log2(p)
    return entropy


def mean_squared_error(y_true, y_pred):
    mse = np.mean(np.power(y_true - y_pred, 2))
    return mse


def calculate_variance(X):
    mean = np.ones(np.shape(X)) * X.mean(0)
    n_samples = np.shape(X)[0]
    variance = 1 / n_samples * np.diag((X - mean).T.dot(X - mean))
    return variance


def calculate_std_dev(X):
    std_dev = np.sqrt(calculate_variance(X))
    return std_dev


def euclidean_distance(x1, x2):
    distance = 0
    for i in range(len(x1)):
        distance += pow(x1[i] - x2[i], 2)
    return math.sqrt(distance)


def accuracy_score(y_true, y_pred):
    accuracy = np.sum(y_true == y_pred, axis=0) / len(y_true)
    return accuracy


def calculate_covariance_matrix(X, Y=None):
    if Y is None:
        Y = X
    n_samples = np.shape(X)[0]
    covariance_matrix = 1 / (n_samples - 1) * (X - X.mean(axis=0)).T.dot(Y - Y.mean(axis=0))
    return np.array(covariance_matrix, dtype=float)


def calculate_correlation_matrix(X, Y=None):
    if Y is None:
        Y = X
    n_samples = np.shape(X)[0]
    covariance = 1 / n_samples * (X - X.mean(0)).T.dot(Y - Y.mean(0))
    std_dev_X = np.expand_dims(calculate_std_dev(X), 1)
    std_dev_y = np.expand_dims(calculate_std_dev(Y), 1)
    correlation_matrix = np.divide(covariance, std_dev_X.dot(std_dev_y.T))
    return np.array(correlation_matrix, dtype=float)


# mlfromscratch/utils/data_manipulation.py
def divide_on_feature(X, feature_i, threshold):
    split_func = None
    if isinstance(threshold, int) or isinstance(threshold, float):
        split_func = lambda sample: sample[feature_i] >= threshold
    else:
        split_func = lambda sample: sample[feature_i] == threshold
    X_1 = np.array([sample for sample in X if split_func(sample)])
    X_2 = np.array([sample for sample in X if not split_func(sample)])
    return np.array([X_1, X_2])


def polynomial_features(X, degree):
    n_samples, n_features = np.shape(X)

    def index_combinations():
        combs = [combinations_with_replacement(range(n_features), i) for i in range(0, degree + 1)]
        flat_combs = [item for sublist in combs for item in sublist]
        return flat_combs
    combinations = index_combinations()
    n_output_features = len(combinations)
    X_new = np.empty((n_samples, n_output_features))
    for i, index_combs in enumerate(combinations):
        X_new[:, i] = np.prod(X[:, index_combs], axis=1)
    return X_new


def normalize(X, axis=-1, order=2):
    l2 = np.atleast_1d(np.linalg.norm(X, order, axis))
    l2[l2 == 0] = 1
    return X / np.expand_dims(l2, axis)


def standardize(X):
    X_std = X
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    for col in range(np.shape(X)[1]):
        if std[col]:
            X_std[:, col] = (X_std[:, col] - mean[col]) / std[col]
    return X_std


def to_categorical(x, n_col=None):
    if not n_col:
        n_col = np.amax(x) + 1
    one_hot = np.zeros((x.shape[0], n_col))
    one_hot[np.arange(x.shape[0]), x] = 1
    return one_hot


def to_nominal(x):
    return np.argmax(x, axis=1)


def make_diagonal(x):
    m = np.zeros((len(x), len(x)))
    for i in range(len(m[0])):
        m[i, i] = x[i]
    return m


# mlfromscratch/utils/kernels.py
def polynomial_kernel(power, coef, **kwargs):

    def f(x1, x2):
        return (np.inner(x1, x2) + coef) ** power
    return f


def rbf_kernel(gamma, **kwargs):

    def f(x1, x2):
        distance = np.linalg.norm(x1 - x2) ** 2
        return np.exp(-gamma * distance)
    return f


# mlfromscratch/deep_learning/activation_functions.py
class Softmax:

    def __call__(self, x):
        e_x = np.exp(x - np.max(x, axis=-1, keepdims=True))
        return e_x / np.sum(e_x, axis=-1, keepdims=True)

    def gradient(self, x):
        p = self.__call__(x)
        return p * (1 - p)


class ELU:

    def __init__(self, alpha=0.1):
        self.alpha = alpha

    def __call__(self, x):
        return np.where(x >= 0.0, x, self.alpha * (np.exp(x) - 1))

    def gradient(self, x):
        return np.where(x >= 0.0, 1, self.__call__(x) + self.alpha)


class SELU:

    def __init__(self):
        self.alpha = 1.6732632423543772
        self.scale = 1.0507009873554805

    def __call__(self, x):
        return self.scale * np.where(x >= 0.0, x, self.alpha * (np.exp(x) - 1))

    def gradient(self, x):
        return self.scale * np.where(x >= 0.0, 1, self.alpha * np.exp(x))


class SoftPlus:

    def __call__(self, x):
        return np.log(1 + np.exp(x))

    def gradient(self, x):
        return 1 / (1 + np.exp(-x))


# mlfromscratch/deep_learning/loss_functions.py
class Loss(object):

    def loss(self, y_true, y_pred):
        return NotImplementedError()

    def gradient(self, y, y_pred):
        raise NotImplementedError()

    def acc(self, y, y_pred):
        return 0


class CrossEntropy(Loss):

    def __init__(self):
        pass

    def loss(self, y, p):
        p = np.clip(p, 1e-15, 1 - 1e-15)
        return -y * np.log(p) - (1 - y) * np.log(1 - p)

    def acc(self, y, p):
        return accuracy_score(np.argmax(y, axis=1), np.argmax(p, axis=1))

    def gradient(self, y, p):
        p = np.clip(p, 1e-15, 1 - 1e-15)
        return -(y / p) + (1 - y) / (1 - p)


# mlfromscratch/deep_learning/optimizers.py
class NesterovAcceleratedGradient:

    def __init__(self, learning_rate=0.001, momentum=0.4):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.w_updt = np.array([])

    def update(self, w, grad_func):
        approx_future_grad = np.clip(grad_func(w - self.momentum * self.w_updt), -1, 1)
        if not self.w_updt.any():
            self.w_updt = np.zeros(np.shape(w))
        self.w_updt = self.momentum * self.w_updt + self.learning_rate * approx_future_grad
        return w - self.w_updt


class Adagrad:

    def __init__(self, learning_rate=0.01):
        self.learning_rate = learning_rate
        self.G = None
        self.eps = 1e-08

    def update(self, w, grad_wrt_w):
        if self.G is None:
            self.G = np.zeros(np.shape(w))
        self.G += np.power(grad_wrt_w, 2)
        return w - self.learning_rate * grad_wrt_w / np.sqrt(self.G + self.eps)


class Adadelta:

    def __init__(self, rho=0.95, eps=1e-06):
        self.E_w_updt = None
        self.E_grad = None
        self.w_updt = None
        self.eps = eps
        self.rho = rho

    def update(self, w, grad_wrt_w):
        if self.w_updt is None:
            self.w_updt = np.zeros(np.shape(w))
            self.E_w_updt = np.zeros(np.shape(w))
            self.E_grad = np.zeros(np.shape(grad_wrt_w))
        self.E_grad = self.rho * self.E_grad + (1 - self.rho) * np.power(grad_wrt_w, 2)
        RMS_delta_w = np.sqrt(self.E_w_updt + self.eps)
        RMS_grad = np.sqrt(self.E_grad + self.eps)
        adaptive_lr = RMS_delta_w / RMS_grad
        self.w_updt = adaptive_lr * grad_wrt_w
        self.E_w_updt = self.rho * self.E_w_updt + (1 - self.rho) * np.power(self.w_updt, 2)
        return w - self.w_updt


class Adam:

    def __init__(self, learning_rate=0.001, b1=0.9, b2=0.999):
        self.learning_rate = learning_rate
        self.eps = 1e-08
        self.m = None
        self.v = None
        self.b1 = b1
        self.b2 = b2

    def update(self, w, grad_wrt_w):
        if self.m is None:
            self.m = np.zeros(np.shape(grad_wrt_w))
            self.v = np.zeros(np.shape(grad_wrt_w))
        self.m = self.b1 * self.m + (1 - self.b1) * grad_wrt_w
        self.v = self.b2 * self.v + (1 - self.b2) * np.power(grad_wrt_w, 2)
        m_hat = self.m / (1 - self.b1)
        v_hat = self.v / (1 - self.b2)
        self.w_updt = self.learning_rate * m_hat / (np.sqrt(v_hat) + self.eps)
        return w - self.w_updt


# mlfromscratch/deep_learning/layers.py
def determine_padding(filter_shape, output_shape='same'):
    if output_shape == 'valid':
        return ((0, 0), (0, 0))
    elif output_shape == 'same':
        filter_height, filter_width = filter_shape
        pad_h1 = int(math.floor((filter_height - 1) / 2))
        pad_h2 = int(math.ceil((filter_height - 1) / 2))
        pad_w1 = int(math.floor((filter_width - 1) / 2))
        pad_w2 = int(math.ceil((filter_width - 1) / 2))
        return ((pad_h1, pad_h2), (pad_w1, pad_w2))


def get_im2col_indices(images_shape, filter_shape, padding, stride=1):
    batch_size, channels, height, width = images_shape
    filter_height, filter_width = filter_shape
    pad_h, pad_w = padding
    out_height = int((height + np.sum(pad_h) - filter_height) / stride + 1)
    out_width = int((width + np.sum(pad_w) - filter_width) / stride + 1)
    i0 = np.repeat(np.arange(filter_height), filter_width)
    i0 = np.tile(i0, channels)
    i1 = stride * np.repeat(np.arange(out_height), out_width)
    j0 = np.tile(np.arange(filter_width), filter_height * channels)
    j1 = stride * np.tile(np.arange(out_width), out_height)
    i = i0.reshape(-1, 1) + i1.reshape(1, -1)
    j = j0.reshape(-1, 1) + j1.reshape(1, -1)
    k = np.repeat(np.arange(channels), filter_height * filter_width).reshape(-1, 1)
    return (k, i, j)


def image_to_column(images, filter_shape, stride, output_shape='same'):
    filter_height, filter_width = filter_shape
    pad_h, pad_w = determine_padding(filter_shape, output_shape)
    images_padded = np.pad(images, ((0, 0), (0, 0), pad_h, pad_w), mode='constant')
    k, i, j = get_im2col_indices(images.shape, filter_shape, (pad_h, pad_w), stride)
    cols = images_padded[:, k, i, j]
    channels = images.shape[1]
    cols = cols.transpose(1, 2, 0).reshape(filter_height * filter_width * channels, -1)
    return cols


def column_to_image(cols, images_shape, filter_shape, stride, output_shape='same'):
    batch_size, channels, height, width = images_shape
    pad_h, pad_w = determine_padding(filter_shape, output_shape)
    height_padded = height + np.sum(pad_h)
    width_padded = width + np.sum(pad_w)
    images_padded = np.zeros((batch_size, channels, height_padded, width_padded))
    k, i, j = get_im2col_indices(images_shape, filter_shape, (pad_h, pad_w), stride)
    cols = cols.reshape(channels * np.prod(filter_shape), -1, batch_size)
    cols = cols.transpose(2, 0, 1)
    np.add.at(images_padded, (slice(None), k, i, j), cols)
    return images_padded[:, :, pad_h[0]:height + pad_h[0], pad_w[0]:width + pad_w[0]]


# mlfromscratch/supervised_learning/regression.py
class l1_l2_regularization:

    def __init__(self, alpha, l1_ratio=0.5):
        self.alpha = alpha
        self.l1_ratio = l1_ratio

    def __call__(self, w):
        l1_contr = self.l1_ratio * np.linalg.norm(w)
        l2_contr = (1 - self.l1_ratio) * 0.5 * w.T.dot(w)
        return self.alpha * (l1_contr + l2_contr)

    def grad(self, w):
        l1_contr = self.l1_ratio * np.sign(w)
        l2_contr = (1 - self.l1_ratio) * w
        return self.alpha * (l1_contr + l2_contr)


# mlfromscratch/unsupervised_learning/principal_component_analysis.py
class PCA:

    def transform(self, X, n_components):
        covariance_matrix = calculate_covariance_matrix(X)
        eigenvalues, eigenvectors = np.linalg.eig(covariance_matrix)
        idx = eigenvalues.argsort()[::-1]
        eigenvalues = eigenvalues[idx][:n_components]
        eigenvectors = np.atleast_1d(eigenvectors[:, idx])[:, :n_components]
        X_transformed = X.dot(eigenvectors)
        return X_transformed


# mlfromscratch/supervised_learning/linear_discriminant_analysis.py
class LDA:

    def __init__(self):
        self.w = None

    def transform(self, X, y):
        self.fit(X, y)
        X_transform = X.dot(self.w)
        return X_transform

    def fit(self, X, y):
        X1 = X[y == 0]
        X2 = X[y == 1]
        cov1 = calculate_covariance_matrix(X1)
        cov2 = calculate_covariance_matrix(X2)
        cov_tot = cov1 + cov2
        mean1 = X1.mean(0)
        mean2 = X2.mean(0)
        mean_diff = np.atleast_1d(mean1 - mean2)
        self.w = np.linalg.pinv(cov_tot).dot(mean_diff)

    def predict(self, X):
        y_pred = []
        for sample in X:
            h = sample.dot(self.w)
            y = 1 * (h < 0)
            y_pred.append(y)
        return y_pred


# mlfromscratch/unsupervised_learning/k_means.py
class KMeans:

    def __init__(self, k=2, max_iterations=500):
        self.k = k
        self.max_iterations = max_iterations

    def _init_random_centroids(self, X):
        n_samples, n_features = np.shape(X)
        centroids = np.zeros((self.k, n_features))
        for i in range(self.k):
            centroid = X[np.random.choice(range(n_samples))]
            centroids[i] = centroid
        return centroids

    def _closest_centroid(self, sample, centroids):
        closest_i = 0
        closest_dist = float('inf')
        for i, centroid in enumerate(centroids):
            distance = euclidean_distance(sample, centroid)
            if distance < closest_dist:
                closest_i = i
                closest_dist = distance
        return closest_i

    def _create_clusters(self, centroids, X):
        n_samples = np.shape(X)[0]
        clusters = [[] for _ in range(self.k)]
        for sample_i, sample in enumerate(X):
            centroid_i = self._closest_centroid(sample, centroids)
            clusters[centroid_i].append(sample_i)
        return clusters

    def _calculate_centroids(self, clusters, X):
        n_features = np.shape(X)[1]
        centroids = np.zeros((self.k, n_features))
        for i, cluster in enumerate(clusters):
            centroid = np.mean(X[cluster], axis=0)
            centroids[i] = centroid
        return centroids

    def _get_cluster_labels(self, clusters, X):
        y_pred = np.zeros(np.shape(X)[0])
        for cluster_i, cluster in enumerate(clusters):
            for sample_i in cluster:
                y_pred[sample_i] = cluster_i
        return y_pred

    def predict(self, X):
        centroids = self._init_random_centroids(X)
        for _ in range(self.max_iterations):
            clusters = self._create_clusters(centroids, X)
            prev_centroids = centroids
            centroids = self._calculate_centroids(clusters, X)
            diff = centroids - prev_centroids
            if not diff.any():
                break
        return self._get_cluster_labels(clusters, X)


# mlfromscratch/unsupervised_learning/gaussian_mixture_model.py
class GaussianMixtureModel:

    def __init__(self, k=2, max_iterations=2000, tolerance=1e-08):
        self.k = k
        self.parameters = []
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.responsibilities = []
        self.sample_assignments = None
        self.responsibility = None

    def _init_random_gaussians(self, X):
        n_samples = np.shape(X)[0]
        self.priors = 1 / self.k * np.ones(self.k)
        for i in range(self.k):
            params = {}
            params['mean'] = X[np.random.choice(range(n_samples))]
            params['cov'] = calculate_covariance_matrix(X)
            self.parameters.append(params)

    def multivariate_gaussian(self, X, params):
        n_features = np.shape(X)[1]
        mean = params['mean']
        covar = params['cov']
        determinant = np.linalg.det(covar)
        likelihoods = np.zeros(np.shape(X)[0])
        for i, sample in enumerate(X):
            d = n_features
            coeff = 1.0 / (math.pow(2.0 * math.pi, d / 2) * math.sqrt(determinant))
            exponent = math.exp(-0.5 * (sample - mean).T.dot(np.linalg.pinv(covar)).dot(sample - mean))
            likelihoods[i] = coeff * exponent
        return likelihoods

    def _get_likelihoods(self, X):
        n_samples = np.shape(X)[0]
        likelihoods = np.zeros((n_samples, self.k))
        for i in range(self.k):
            likelihoods[:, i] = self.multivariate_gaussian(X, self.parameters[i])
        return likelihoods

    def _expectation(self, X):
        weighted_likelihoods = self._get_likelihoods(X) * self.priors
        sum_likelihoods = np.expand_dims(np.sum(weighted_likelihoods, axis=1), axis=1)
        self.responsibility = weighted_likelihoods / sum_likelihoods
        self.sample_assignments = self.responsibility.argmax(axis=1)
        self.responsibilities.append(np.max(self.responsibility, axis=1))

    def _maximization(self, X):
        for i in range(self.k):
            resp = np.expand_dims(self.responsibility[:, i], axis=1)
            mean = (resp * X).sum(axis=0) / resp.sum()
            covariance = (X - mean).T.dot((X - mean) * resp) / resp.sum()
            self.parameters[i]['mean'], self.parameters[i]['cov'] = (mean, covariance)
        n_samples = np.shape(X)[0]
        self.priors = self.responsibility.sum(axis=0) / n_samples

    def _converged(self, X):
        if len(self.responsibilities) < 2:
            return False
        diff = np.linalg.norm(self.responsibilities[-1] - self.responsibilities[-2])
        return diff <= self.tolerance

    def predict(self, X):
        self._init_random_gaussians(X)
        for _ in range(self.max_iterations):
            self._expectation(X)
            self._maximization(X)
            if self._converged(X):
                break
        self._expectation(X)
        return self.sample_assignments


# mlfromscratch/supervised_learning/k_nearest_neighbors.py
class KNN:

    def __init__(self, k=5):
        self.k = k

    def _vote(self, neighbor_labels):
        counts = np.bincount(neighbor_labels.astype('int'))
        return counts.argmax()

    def predict(self, X_test, X_train, y_train):
        y_pred = np.empty(X_test.shape[0])
        for i, test_sample in enumerate(X_test):
            idx = np.argsort([euclidean_distance(test_sample, x) for x in X_train])[:self.k]
            k_nearest_neighbors = np.array([y_train[i] for i in idx])
            y_pred[i] = self._vote(k_nearest_neighbors)
        return y_pred


# mlfromscratch/supervised_learning/naive_bayes.py
class NaiveBayes:

    def fit(self, X, y):
        self.X, self.y = (X, y)
        self.classes = np.unique(y)
        self.parameters = []
        for i, c in enumerate(self.classes):
            X_where_c = X[np.where(y == c)]
            self.parameters.append([])
            for col in X_where_c.T:
                parameters = {'mean': col.mean(), 'var': col.var()}
                self.parameters[i].append(parameters)

    def _calculate_likelihood(self, mean, var, x):
        eps = 0.0001
        coeff = 1.0 / math.sqrt(2.0 * math.pi * var + eps)
        exponent = math.exp(-(math.pow(x - mean, 2) / (2 * var + eps)))
        return coeff * exponent

    def _calculate_prior(self, c):
        frequency = np.mean(self.y == c)
        return frequency

    def _classify(self, sample):
        posteriors = []
        for i, c in enumerate(self.classes):
            posterior = self._calculate_prior(c)
            for feature_value, params in zip(sample, self.parameters[i]):
                likelihood = self._calculate_likelihood(params['mean'], params['var'], feature_value)
                posterior *= likelihood
            posteriors.append(posterior)
        return self.classes[np.argmax(posteriors)]

    def predict(self, X):
        y_pred = [self._classify(sample) for sample in X]
        return y_pred


# --- calling conventions: a fresh object per call --------------------------------------------

def adagrad_step(w, grad_wrt_w):
    opt = Adagrad(learning_rate=0.01)
    return opt.update(w, opt.update(w, grad_wrt_w))


def adadelta_step(w, grad_wrt_w):
    opt = Adadelta()
    return opt.update(w, grad_wrt_w)


def adam_step(w, grad_wrt_w):
    opt = Adam()
    w = opt.update(w, grad_wrt_w)
    return opt.update(w, grad_wrt_w)


def pca_transform(X):
    return PCA().transform(X, 2)


def lda_transform(X, y):
    return LDA().transform(X, y)


def naive_bayes_predict(X, y, X_test):
    clf = NaiveBayes()
    clf.fit(X, y)
    return clf.predict(X_test)


# --- inputs ---------------------------------------------------------------------------------

def _labels(rng, n, k):
    y = np.arange(n) % k
    return y[rng.permutation(n)]


def _two_classes(rng):
    y = _labels(rng, 20, 2)
    X = rng.normal(size=(20, 3)) + y[:, None]
    return X, y


def _split_evenly(rng):
    X = rng.normal(size=(10, 3))
    X[:, 1] = rng.permutation(np.r_[-rng.uniform(0.1, 1.0, 5), rng.uniform(0.1, 1.0, 5)])
    return X, 1, 0.0


def _images(rng):
    return rng.normal(size=(2, 3, 5, 5)), (3, 3), 1


_DO = "mlfromscratch/utils/data_operation.py"
_DM = "mlfromscratch/utils/data_manipulation.py"
_KER = "mlfromscratch/utils/kernels.py"
_ACT = "mlfromscratch/deep_learning/activation_functions.py"
_LOSS = "mlfromscratch/deep_learning/loss_functions.py"
_OPT = "mlfromscratch/deep_learning/optimizers.py"
_LAY = "mlfromscratch/deep_learning/layers.py"
_FRESH = "a wrapper makes a fresh optimizer and steps it, as a training loop does"

CASES = [
    case(calculate_entropy, lambda rng: (_labels(rng, 12, 3),), MLS(_DO, "calculate_entropy")),
    case(mean_squared_error, lambda rng: (rng.normal(size=10), rng.normal(size=10)), MLS(_DO, "mean_squared_error")),
    case(calculate_variance, lambda rng: (rng.normal(size=(10, 3)),), MLS(_DO, "calculate_variance")),
    case(calculate_std_dev, lambda rng: (rng.normal(size=(10, 3)),), MLS(_DO, "calculate_std_dev")),
    case(euclidean_distance, lambda rng: (rng.normal(size=4), rng.normal(size=4)), MLS(_DO, "euclidean_distance")),
    case(accuracy_score, lambda rng: (_labels(rng, 12, 3), _labels(rng, 12, 3)), MLS(_DO, "accuracy_score")),
    case(calculate_covariance_matrix, lambda rng: (rng.normal(size=(10, 3)),), MLS(_DO, "calculate_covariance_matrix")),
    case(calculate_correlation_matrix, lambda rng: (rng.normal(size=(10, 3)), rng.normal(size=(10, 3))), MLS(_DO, "calculate_correlation_matrix")),
    case(divide_on_feature, _split_evenly, MLS(_DM, "divide_on_feature", "half the rows on each side: np.array of the two halves needs equal shapes")),
    case(polynomial_features, lambda rng: (rng.normal(size=(6, 2)), 2), MLS(_DM, "polynomial_features")),
    case(normalize, lambda rng: (rng.normal(size=(6, 3)),), MLS(_DM, "normalize")),
    case(standardize, lambda rng: (rng.normal(size=(8, 3)),), MLS(_DM, "standardize")),
    case(to_categorical, lambda rng: (_labels(rng, 8, 4),), MLS(_DM, "to_categorical")),
    case(to_categorical, lambda rng: (_labels(rng, 8, 4), 4), MLS(_DM, "to_categorical", "n_col given"), name="learning.to_categorical_n_col"),
    case(to_nominal, lambda rng: (one_hot(rng, 8, 4),), MLS(_DM, "to_nominal")),
    case(make_diagonal, lambda rng: (rng.normal(size=5),), MLS(_DM, "make_diagonal")),
    case(polynomial_kernel(power=3, coef=1.0), lambda rng: (rng.normal(size=4), rng.normal(size=4)), MLS(_KER, "polynomial_kernel", "the kernel it returns"), name="learning.polynomial_kernel"),
    case(rbf_kernel(gamma=0.5), lambda rng: (rng.normal(size=4), rng.normal(size=4)), MLS(_KER, "rbf_kernel", "the kernel it returns"), name="learning.rbf_kernel"),
    case(Softmax().gradient, lambda rng: (rng.normal(size=(4, 5)),), MLS(_ACT, "Softmax.gradient"), name="learning.softmax_gradient"),
    case(ELU().gradient, lambda rng: (rng.normal(size=(4, 5)),), MLS(_ACT, "ELU.gradient"), name="learning.elu_gradient"),
    case(SELU(), lambda rng: (rng.normal(size=(4, 5)),), MLS(_ACT, "SELU.__call__"), name="learning.selu"),
    case(SoftPlus().gradient, lambda rng: (rng.normal(size=(4, 5)),), MLS(_ACT, "SoftPlus.gradient"), name="learning.softplus_gradient"),
    case(CrossEntropy().loss, lambda rng: (one_hot(rng, 6, 3), probabilities(rng, 6, 3)), MLS(_LOSS, "CrossEntropy.loss"), name="learning.cross_entropy_loss"),
    case(CrossEntropy().acc, lambda rng: (one_hot(rng, 6, 3), probabilities(rng, 6, 3)), MLS(_LOSS, "CrossEntropy.acc"), name="learning.cross_entropy_acc"),
    case(CrossEntropy().gradient, lambda rng: (one_hot(rng, 6, 3), probabilities(rng, 6, 3)), MLS(_LOSS, "CrossEntropy.gradient"), name="learning.cross_entropy_gradient"),
    case(adagrad_step, lambda rng: (rng.normal(size=5), rng.normal(size=5)), MLS(_OPT, "Adagrad.update", _FRESH + " (twice)")),
    case(adadelta_step, lambda rng: (rng.normal(size=5), rng.normal(size=5)), MLS(_OPT, "Adadelta.update", _FRESH)),
    case(adam_step, lambda rng: (rng.normal(size=5), rng.normal(size=5)), MLS(_OPT, "Adam.update", _FRESH + " (twice)")),
    case(image_to_column, _images, MLS(_LAY, "image_to_column")),
    case(column_to_image, lambda rng: (rng.normal(size=(27, 50)), (2, 3, 5, 5), (3, 3), 1), MLS(_LAY, "column_to_image")),
    case(l1_l2_regularization(alpha=0.1), lambda rng: (rng.normal(size=5),), MLS("mlfromscratch/supervised_learning/regression.py", "l1_l2_regularization.__call__"), name="learning.l1_l2_regularization"),
    case(pca_transform, lambda rng: (rng.normal(size=(12, 4)),), MLS("mlfromscratch/unsupervised_learning/principal_component_analysis.py", "PCA.transform", "n_components=2")),
    case(lda_transform, _two_classes, MLS("mlfromscratch/supervised_learning/linear_discriminant_analysis.py", "LDA.transform")),
    case(KMeans(k=3)._closest_centroid, lambda rng: (rng.normal(size=2), rng.normal(size=(3, 2))), MLS("mlfromscratch/unsupervised_learning/k_means.py", "KMeans._closest_centroid"), name="learning.kmeans_closest_centroid"),
    case(GaussianMixtureModel(k=2).multivariate_gaussian, lambda rng: (rng.normal(size=(8, 2)), {"mean": rng.normal(size=2), "cov": spd(rng, 2)}),
         MLS("mlfromscratch/unsupervised_learning/gaussian_mixture_model.py", "GaussianMixtureModel.multivariate_gaussian"), name="learning.gmm_multivariate_gaussian"),
    case(KNN(k=3).predict, lambda rng: (rng.normal(size=(4, 2)), rng.normal(size=(10, 2)), _labels(rng, 10, 3).astype(float)),
         MLS("mlfromscratch/supervised_learning/k_nearest_neighbors.py", "KNN.predict"), name="learning.knn_predict"),
    case(NaiveBayes()._calculate_likelihood, lambda rng: (np.float64(rng.normal()), np.float64(rng.uniform(0.5, 2)), np.float64(rng.normal())),
         MLS("mlfromscratch/supervised_learning/naive_bayes.py", "NaiveBayes._calculate_likelihood"), name="learning.naive_bayes_likelihood"),
    case(naive_bayes_predict, lambda rng: (*_two_classes(rng), rng.normal(size=(4, 3))),
         MLS("mlfromscratch/supervised_learning/naive_bayes.py", "NaiveBayes.fit, NaiveBayes.predict", "a wrapper fits and predicts")),
]
