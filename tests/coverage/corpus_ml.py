"""Machine-learning code: activations, losses, scores, regressions (TheAlgorithms/Python, MIT).

Copied from TheAlgorithms/Python at f5988cc09713315817df6a7e327e258013a94440; each case names its
file and function. Docstrings and doctests dropped; the code is as in the source.
"""

# ruff: noqa: E501, UP006, UP007
from __future__ import annotations

import math

import numpy as np
from numpy.linalg import norm

from tests.coverage.cases import TA, case, one_hot, probabilities


# neural_network/activation_functions/binary_step.py
def binary_step(vector: np.ndarray) -> np.ndarray:
    return np.where(vector >= 0, 1, 0)


# neural_network/activation_functions/exponential_linear_unit.py
def exponential_linear_unit(vector: np.ndarray, alpha: float) -> np.ndarray:
    return np.where(vector > 0, vector, (alpha * (np.exp(vector) - 1)))


# neural_network/activation_functions/gaussian_error_linear_unit.py (sigmoid is defined there too)
def sigmoid(vector: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-vector))


def gaussian_error_linear_unit(vector: np.ndarray) -> np.ndarray:
    return vector * sigmoid(1.702 * vector)


# neural_network/activation_functions/leaky_rectified_linear_unit.py
def leaky_rectified_linear_unit(vector: np.ndarray, alpha: float) -> np.ndarray:
    return np.where(vector > 0, vector, alpha * vector)


# neural_network/activation_functions/softplus.py
def softplus(vector: np.ndarray) -> np.ndarray:
    return np.log(1 + np.exp(vector))


# neural_network/activation_functions/mish.py
def mish(vector: np.ndarray) -> np.ndarray:
    return vector * np.tanh(softplus(vector))


# neural_network/activation_functions/rectified_linear_unit.py
def relu(vector: list[float]):
    return np.maximum(0, vector)


# neural_network/activation_functions/scaled_exponential_linear_unit.py
def scaled_exponential_linear_unit(
    vector: np.ndarray, alpha: float = 1.6732, lambda_: float = 1.0507
) -> np.ndarray:
    return lambda_ * np.where(vector > 0, vector, alpha * (np.exp(vector) - 1))


# neural_network/activation_functions/soboleva_modified_hyperbolic_tangent.py
def soboleva_modified_hyperbolic_tangent(
    vector: np.ndarray, a_value: float, b_value: float, c_value: float, d_value: float
) -> np.ndarray:
    numerator = np.exp(a_value * vector) - np.exp(-b_value * vector)
    denominator = np.exp(c_value * vector) + np.exp(-d_value * vector)
    return numerator / denominator


# neural_network/activation_functions/squareplus.py
def squareplus(vector: np.ndarray, beta: float) -> np.ndarray:
    return (vector + np.sqrt(vector**2 + beta)) / 2


# neural_network/activation_functions/swish.py
def swish(vector: np.ndarray, trainable_parameter: int) -> np.ndarray:
    return vector * sigmoid(trainable_parameter * vector)


# machine_learning/loss_functions.py
def binary_cross_entropy(
    y_true: np.ndarray, y_pred: np.ndarray, epsilon: float = 1e-15
) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")

    y_pred = np.clip(y_pred, epsilon, 1 - epsilon)  # Clip predictions to avoid log(0)
    bce_loss = -(y_true * np.log(y_pred) + (1 - y_true) * np.log(1 - y_pred))
    return np.mean(bce_loss)


def binary_focal_cross_entropy(
    y_true: np.ndarray,
    y_pred: np.ndarray,
    gamma: float = 2.0,
    alpha: float = 0.25,
    epsilon: float = 1e-15,
) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")
    # Clip predicted probabilities to avoid log(0)
    y_pred = np.clip(y_pred, epsilon, 1 - epsilon)

    bcfe_loss = -(
        alpha * (1 - y_pred) ** gamma * y_true * np.log(y_pred)
        + (1 - alpha) * y_pred**gamma * (1 - y_true) * np.log(1 - y_pred)
    )

    return np.mean(bcfe_loss)


def categorical_cross_entropy(
    y_true: np.ndarray, y_pred: np.ndarray, epsilon: float = 1e-15
) -> float:
    if y_true.shape != y_pred.shape:
        raise ValueError("Input arrays must have the same shape.")

    if np.any((y_true != 0) & (y_true != 1)) or np.any(y_true.sum(axis=1) != 1):
        raise ValueError("y_true must be one-hot encoded.")

    if not np.all(np.isclose(np.sum(y_pred, axis=1), 1, rtol=epsilon, atol=epsilon)):
        raise ValueError("Predicted probabilities must sum to approximately 1.")

    y_pred = np.clip(y_pred, epsilon, 1)  # Clip predictions to avoid log(0)
    return -np.sum(y_true * np.log(y_pred))


def hinge_loss(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Length of predicted and actual array must be same.")

    if np.any((y_true != -1) & (y_true != 1)):
        raise ValueError("y_true can have values -1 or 1 only.")

    hinge_losses = np.maximum(0, 1.0 - (y_true * y_pred))
    return np.mean(hinge_losses)


def huber_loss(y_true: np.ndarray, y_pred: np.ndarray, delta: float) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")

    huber_mse = 0.5 * (y_true - y_pred) ** 2
    huber_mae = delta * (np.abs(y_true - y_pred) - 0.5 * delta)
    return np.where(np.abs(y_true - y_pred) <= delta, huber_mse, huber_mae).mean()


def mean_squared_error(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")

    squared_errors = (y_true - y_pred) ** 2
    return np.mean(squared_errors)


def mean_absolute_error(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")

    return np.mean(abs(y_true - y_pred))


def mean_squared_logarithmic_error(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")

    squared_logarithmic_errors = (np.log1p(y_true) - np.log1p(y_pred)) ** 2
    return np.mean(squared_logarithmic_errors)


def mean_absolute_percentage_error(
    y_true: np.ndarray, y_pred: np.ndarray, epsilon: float = 1e-15
) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("The length of the two arrays should be the same.")

    y_true = np.where(y_true == 0, epsilon, y_true)
    absolute_percentage_diff = np.abs((y_true - y_pred) / y_true)

    return np.mean(absolute_percentage_diff)


def perplexity_loss(
    y_true: np.ndarray, y_pred: np.ndarray, epsilon: float = 1e-7
) -> float:
    vocab_size = y_pred.shape[2]

    if y_true.shape[0] != y_pred.shape[0]:
        raise ValueError("Batch size of y_true and y_pred must be equal.")
    if y_true.shape[1] != y_pred.shape[1]:
        raise ValueError("Sentence length of y_true and y_pred must be equal.")
    if np.max(y_true) > vocab_size:
        raise ValueError("Label value must not be greater than vocabulary size.")

    # Matrix to select prediction value only for true class
    filter_matrix = np.array(
        [[list(np.eye(vocab_size)[word]) for word in sentence] for sentence in y_true]
    )

    # Getting the matrix containing prediction for only true class
    true_class_pred = np.sum(y_pred * filter_matrix, axis=2).clip(epsilon, 1)

    # Calculating perplexity for each sentence
    perp_losses = np.exp(np.negative(np.mean(np.log(true_class_pred), axis=1)))

    return np.mean(perp_losses)


def smooth_l1_loss(y_true: np.ndarray, y_pred: np.ndarray, beta: float = 1.0) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("The length of the two arrays should be the same.")

    diff = np.abs(y_true - y_pred)
    loss = np.where(diff < beta, 0.5 * diff**2 / beta, diff - 0.5 * beta)
    return np.mean(loss)


def kullback_leibler_divergence(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    if len(y_true) != len(y_pred):
        raise ValueError("Input arrays must have the same length.")

    kl_loss = y_true * np.log(y_true / y_pred)
    return np.sum(kl_loss)


# machine_learning/scoring_functions.py
def rmse(predict, actual):
    predict = np.array(predict)
    actual = np.array(actual)

    difference = predict - actual
    square_diff = np.square(difference)
    mean_square_diff = square_diff.mean()
    score = np.sqrt(mean_square_diff)
    return score


def rmsle(predict, actual):
    predict = np.array(predict)
    actual = np.array(actual)

    log_predict = np.log(predict + 1)
    log_actual = np.log(actual + 1)

    difference = log_predict - log_actual
    square_diff = np.square(difference)
    mean_square_diff = square_diff.mean()

    score = np.sqrt(mean_square_diff)

    return score


def mbd(predict, actual):
    predict = np.array(predict)
    actual = np.array(actual)

    difference = predict - actual
    numerator = np.sum(difference) / len(predict)
    denumerator = np.sum(actual) / len(predict)
    # print(numerator, denumerator)
    score = float(numerator) / denumerator * 100

    return score


def manual_accuracy(predict, actual):
    return np.mean(np.array(actual) == np.array(predict))


# machine_learning/logistic_regression.py
def sigmoid_function(z: float | np.ndarray) -> float | np.ndarray:
    return 1 / (1 + np.exp(-z))


def cost_function(h: np.ndarray, y: np.ndarray) -> float:
    return float((-y * np.log(h) - (1 - y) * np.log(1 - h)).mean())


def log_likelihood(x, y, weights):
    scores = np.dot(x, weights)
    return np.sum(y * scores - np.log(1 + np.exp(scores)))


def logistic_reg(alpha, x, y, max_iterations=70000):
    theta = np.zeros(x.shape[1])

    for iterations in range(max_iterations):
        z = np.dot(x, theta)
        h = sigmoid_function(z)
        gradient = np.dot(x.T, h - y) / y.size
        theta = theta - alpha * gradient  # updating the weights
        z = np.dot(x, theta)
        h = sigmoid_function(z)
        j = cost_function(h, y)
        if iterations % 100 == 0:
            print(f"loss: {j} \t")  # printing the loss after every 100 iterations
    return theta


# machine_learning/local_weighted_learning/local_weighted_learning.py
def weight_matrix(point: np.ndarray, x_train: np.ndarray, tau: float) -> np.ndarray:
    m = len(x_train)  # Number of training samples
    weights = np.eye(m)  # Initialize weights as identity matrix
    for j in range(m):
        diff = point - x_train[j]
        weights[j, j] = np.exp(diff @ diff.T / (-2.0 * tau**2))

    return weights


def local_weight(
    point: np.ndarray, x_train: np.ndarray, y_train: np.ndarray, tau: float
) -> np.ndarray:
    weight_mat = weight_matrix(point, x_train, tau)
    weight = np.linalg.inv(x_train.T @ weight_mat @ x_train) @ (
        x_train.T @ weight_mat @ y_train.T
    )

    return weight


def local_weight_regression(
    x_train: np.ndarray, y_train: np.ndarray, tau: float
) -> np.ndarray:
    y_pred = np.zeros(len(x_train))  # Initialize array of predictions
    for i, item in enumerate(x_train):
        y_pred[i] = np.dot(item, local_weight(item, x_train, y_train, tau)).item()

    return y_pred


# machine_learning/similarity_search.py
def euclidean(input_a: np.ndarray, input_b: np.ndarray) -> float:
    return math.sqrt(sum(pow(a - b, 2) for a, b in zip(input_a, input_b)))


def cosine_similarity(input_a: np.ndarray, input_b: np.ndarray) -> float:
    return float(np.dot(input_a, input_b) / (norm(input_a) * norm(input_b)))


# machine_learning/k_means_clust.py
def revise_centroids(data, k, cluster_assignment):
    new_centroids = []
    for i in range(k):
        # Select all data points that belong to cluster i. Fill in the blank (RHS only)
        member_data_points = data[cluster_assignment == i]
        # Compute the mean of the data points. Fill in the blank (RHS only)
        centroid = member_data_points.mean(axis=0)
        new_centroids.append(centroid)
    new_centroids = np.array(new_centroids)

    return new_centroids


def _vec(n):
    return lambda rng: (rng.normal(size=n),)


def _pair(n, low=0.05, high=0.95):
    return lambda rng: (rng.integers(0, 2, size=n).astype(float), rng.uniform(low, high, size=n))


def _reg_pair(n):
    return lambda rng: (rng.normal(size=n), rng.normal(size=n))


def _pos_pair(n):
    return lambda rng: (rng.uniform(0.5, 3.0, size=n), rng.uniform(0.5, 3.0, size=n))


_ACT = "neural_network/activation_functions/"
_LOSS = "machine_learning/loss_functions.py"
_SCORE = "machine_learning/scoring_functions.py"
_LOGREG = "machine_learning/logistic_regression.py"
_LWL = "machine_learning/local_weighted_learning/local_weighted_learning.py"

CASES = [
    case(binary_step, _vec(8), TA(_ACT + "binary_step.py", "binary_step")),
    case(exponential_linear_unit, lambda rng: (rng.normal(size=8), 0.3), TA(_ACT + "exponential_linear_unit.py", "exponential_linear_unit")),
    case(gaussian_error_linear_unit, _vec(8), TA(_ACT + "gaussian_error_linear_unit.py", "gaussian_error_linear_unit")),
    case(leaky_rectified_linear_unit, lambda rng: (rng.normal(size=8), 0.3), TA(_ACT + "leaky_rectified_linear_unit.py", "leaky_rectified_linear_unit")),
    case(mish, _vec(8), TA(_ACT + "mish.py", "mish", "imports softplus from softplus.py")),
    case(relu, _vec(8), TA(_ACT + "rectified_linear_unit.py", "relu")),
    case(scaled_exponential_linear_unit, _vec(8), TA(_ACT + "scaled_exponential_linear_unit.py", "scaled_exponential_linear_unit")),
    case(soboleva_modified_hyperbolic_tangent, lambda rng: (rng.normal(size=6), 0.2, 0.4, 0.6, 0.8),
         TA(_ACT + "soboleva_modified_hyperbolic_tangent.py", "soboleva_modified_hyperbolic_tangent")),
    case(squareplus, lambda rng: (rng.normal(size=8), 2.0), TA(_ACT + "squareplus.py", "squareplus")),
    case(swish, lambda rng: (rng.normal(size=8), 2), TA(_ACT + "swish.py", "swish")),
    case(binary_cross_entropy, _pair(10), TA(_LOSS, "binary_cross_entropy")),
    case(binary_focal_cross_entropy, _pair(10), TA(_LOSS, "binary_focal_cross_entropy")),
    case(categorical_cross_entropy, lambda rng: (one_hot(rng, 5, 4), probabilities(rng, 5, 4)), TA(_LOSS, "categorical_cross_entropy")),
    case(hinge_loss, lambda rng: (rng.choice([-1.0, 1.0], size=10), rng.normal(size=10)), TA(_LOSS, "hinge_loss")),
    case(huber_loss, lambda rng: (rng.normal(size=10), rng.normal(size=10), 0.8), TA(_LOSS, "huber_loss")),
    case(mean_squared_error, _reg_pair(10), TA(_LOSS, "mean_squared_error")),
    case(mean_absolute_error, _reg_pair(10), TA(_LOSS, "mean_absolute_error")),
    case(mean_squared_logarithmic_error, _pos_pair(10), TA(_LOSS, "mean_squared_logarithmic_error")),
    case(mean_absolute_percentage_error, _pos_pair(10), TA(_LOSS, "mean_absolute_percentage_error")),
    case(perplexity_loss, lambda rng: (rng.integers(0, 5, size=(2, 3)), probabilities(rng, 2, 3, 5)), TA(_LOSS, "perplexity_loss")),
    case(smooth_l1_loss, _reg_pair(10), TA(_LOSS, "smooth_l1_loss")),
    case(kullback_leibler_divergence, lambda rng: (probabilities(rng, 6), probabilities(rng, 6)), TA(_LOSS, "kullback_leibler_divergence")),
    case(rmse, _reg_pair(10), TA(_SCORE, "rmse")),
    case(rmsle, _pos_pair(10), TA(_SCORE, "rmsle")),
    case(mbd, _pos_pair(10), TA(_SCORE, "mbd")),
    case(manual_accuracy, lambda rng: (rng.integers(0, 3, size=10), rng.integers(0, 3, size=10)), TA(_SCORE, "manual_accuracy")),
    case(cost_function, lambda rng: (rng.uniform(0.05, 0.95, size=10), rng.integers(0, 2, size=10).astype(float)), TA(_LOGREG, "cost_function")),
    case(log_likelihood, lambda rng: (rng.normal(size=(10, 3)), rng.integers(0, 2, size=10).astype(float), rng.normal(size=3)), TA(_LOGREG, "log_likelihood")),
    case(logistic_reg, lambda rng: (0.1, rng.normal(size=(12, 3)), rng.integers(0, 2, size=12).astype(float), 50),
         TA(_LOGREG, "logistic_reg", "max_iterations=50 (70000 by default); its print runs every 100 iterations")),
    case(local_weight_regression, lambda rng: (np.column_stack((np.ones(6), rng.uniform(0, 5, size=6))), rng.normal(size=6), 0.8),
         TA(_LWL, "local_weight_regression")),
    case(cosine_similarity, _reg_pair(6), TA("machine_learning/similarity_search.py", "cosine_similarity")),
    case(euclidean, _reg_pair(6), TA("machine_learning/similarity_search.py", "euclidean")),
    case(revise_centroids, lambda rng: (rng.normal(size=(12, 2)), 3, np.array([0, 1, 2] * 4)),
         TA("machine_learning/k_means_clust.py", "revise_centroids")),
]
