"""Stateful NumPy programs from public repositories nobody on this project wrote, for the trace guards.

Each case is a function or method of outside code that reads state besides its arguments (attributes of
``self`` that a training loop updates in place or rebinds, lists of weight arrays, module globals, the
global NumPy generator) or writes it, and the program's own loop (its ``fit``, ``SGD``, ``simulate``,
``trial``, an environment's step loop), which calls it while that state changes.
tests/autograph/test_stateful_corpus.py runs each loop eagerly (the oracle) and with the one function
replaced by ``autograph.function(...)`` of it, and compares every call's result and the final state.

The code below is copied as written (docstrings shortened), with these changes only, each marked at its
place: Python 3 and NumPy 2 ports (``xrange``, ``print``, ``np.float``), the base class ``gym.Env`` left out
(with the attributes its ``__init__`` sets copied, and ``reset`` seeding a ``RandomState`` as gym's
``np_random`` does), and module constants of the Sutton-Barto random walk made small (a run traces
once per state it meets). The repositories' licences allow this (MIT, each checked in its LICENSE file or,
for Nielsen's book, the licence section of its README.md).
"""

# The outside code is copied as written, in its authors' style:
# ruff: noqa: E501, E701, E741, UP004, UP030, UP031, UP032

from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from tests.coverage.cases import Repo  # (owner/name, commit, licence: as the graph corpora record theirs)

RASBT = Repo("rasbt/python-machine-learning-book-3rd-edition", "bf62496f44a92a21d23250d5ed13d2d2e617e0e2", "MIT")
NIELSEN = Repo("mnielsen/neural-networks-and-deep-learning", "72db53d750f571bef8804de4a52224e44dcab3a1",
                 "MIT (README.md, section License)")
SUTTON = Repo("ShangtongZhang/reinforcement-learning-an-introduction", "96bc203617a70eba6b7784a8f876aaf218b2c914",
                "MIT")
ESTOOL = Repo("hardmaru/estool", "b0954523e906d852287c6f515f34756c550ccf42", "MIT")
BASELINES = Repo("openai/baselines", "ea25b9e8b234e6ee1bca43083f8f3cf974143998", "MIT")
GYM = Repo("openai/gym", "bc212954b6713d5db303b3ead124de6cba66063e", "MIT")
SKLEARN = Repo("scikit-learn/scikit-learn", "01230994da45472f5c27582212986cddafd57549", "BSD-3-Clause")
SOURCES = (RASBT, NIELSEN, SUTTON, ESTOOL, BASELINES, GYM, SKLEARN)


@dataclass(frozen=True)
class Refused:
    """The case is refused with an error whose message holds ``fragment``: one of the tool's own errors, or, under
    ``backend="jax"`` (which runs the converted function on JAX's tracers), JAX's own (``by="jax"``)."""
    fragment: str
    by: str = "autograph"


@dataclass(frozen=True)
class SilentDifference:
    """A known bug: the traced run gives other numbers (or other state) with no error."""
    reason: str


@dataclass(frozen=True)
class Crash:
    """A known bug: the traced run fails with an error that is not one of the tool's refusals."""
    reason: str


@dataclass(frozen=True)
class Case:
    name: str
    source: Repo
    path: str
    original: str  # the function or method as the source names it
    owner: object  # the class (or this module) whose attribute ``attr`` is the traced function
    attr: str
    drive: Callable[[], dict]  # the program's own loop; returns the state it leaves
    expect: dict = field(default_factory=dict)  # executor id -> Refused | SilentDifference | Crash; else a pass


# ======================================================================================================
# rasbt/python-machine-learning-book-3rd-edition: ch02/ch02.py, ch03/ch03.py, ch12/neuralnet.py
# ======================================================================================================

class Perceptron(object):
    """Perceptron classifier. (ch02/ch02.py)"""
    def __init__(self, eta=0.01, n_iter=50, random_state=1):
        self.eta = eta
        self.n_iter = n_iter
        self.random_state = random_state

    def fit(self, X, y):
        """Fit training data."""
        rgen = np.random.RandomState(self.random_state)
        self.w_ = rgen.normal(loc=0.0, scale=0.01, size=1 + X.shape[1])
        self.errors_ = []

        for _ in range(self.n_iter):
            errors = 0
            for xi, target in zip(X, y):
                update = self.eta * (target - self.predict(xi))
                self.w_[1:] += update * xi
                self.w_[0] += update
                errors += int(update != 0.0)
            self.errors_.append(errors)
        return self

    def net_input(self, X):
        """Calculate net input"""
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def predict(self, X):
        """Return class label after unit step"""
        return np.where(self.net_input(X) >= 0.0, 1, -1)


class AdalineGD(object):
    """ADAptive LInear NEuron classifier. (ch02/ch02.py)"""
    def __init__(self, eta=0.01, n_iter=50, random_state=1):
        self.eta = eta
        self.n_iter = n_iter
        self.random_state = random_state

    def fit(self, X, y):
        """ Fit training data."""
        rgen = np.random.RandomState(self.random_state)
        self.w_ = rgen.normal(loc=0.0, scale=0.01, size=1 + X.shape[1])
        self.cost_ = []

        for i in range(self.n_iter):
            net_input = self.net_input(X)
            # Please note that the "activation" method has no effect
            # in the code since it is simply an identity function. (...)
            output = self.activation(net_input)
            errors = (y - output)
            self.w_[1:] += self.eta * X.T.dot(errors)
            self.w_[0] += self.eta * errors.sum()
            cost = (errors**2).sum() / 2.0
            self.cost_.append(cost)
        return self

    def net_input(self, X):
        """Calculate net input"""
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def activation(self, X):
        """Compute linear activation"""
        return X

    def predict(self, X):
        """Return class label after unit step"""
        return np.where(self.activation(self.net_input(X)) >= 0.0, 1, -1)


class AdalineSGD(object):
    """ADAptive LInear NEuron classifier. (ch02/ch02.py)"""
    def __init__(self, eta=0.01, n_iter=10, shuffle=True, random_state=None):
        self.eta = eta
        self.n_iter = n_iter
        self.w_initialized = False
        self.shuffle = shuffle
        self.random_state = random_state

    def fit(self, X, y):
        """ Fit training data."""
        self._initialize_weights(X.shape[1])
        self.cost_ = []
        for i in range(self.n_iter):
            if self.shuffle:
                X, y = self._shuffle(X, y)
            cost = []
            for xi, target in zip(X, y):
                cost.append(self._update_weights(xi, target))
            avg_cost = sum(cost) / len(y)
            self.cost_.append(avg_cost)
        return self

    def partial_fit(self, X, y):
        """Fit training data without reinitializing the weights"""
        if not self.w_initialized:
            self._initialize_weights(X.shape[1])
        if y.ravel().shape[0] > 1:
            for xi, target in zip(X, y):
                self._update_weights(xi, target)
        else:
            self._update_weights(X, y)
        return self

    def _shuffle(self, X, y):
        """Shuffle training data"""
        r = self.rgen.permutation(len(y))
        return X[r], y[r]

    def _initialize_weights(self, m):
        """Initialize weights to small random numbers"""
        self.rgen = np.random.RandomState(self.random_state)
        self.w_ = self.rgen.normal(loc=0.0, scale=0.01, size=1 + m)
        self.w_initialized = True

    def _update_weights(self, xi, target):
        """Apply Adaline learning rule to update the weights"""
        output = self.activation(self.net_input(xi))
        error = (target - output)
        self.w_[1:] += self.eta * xi.dot(error)
        self.w_[0] += self.eta * error
        cost = 0.5 * error**2
        return cost

    def net_input(self, X):
        """Calculate net input"""
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def activation(self, X):
        """Compute linear activation"""
        return X

    def predict(self, X):
        """Return class label after unit step"""
        return np.where(self.activation(self.net_input(X)) >= 0.0, 1, -1)


class LogisticRegressionGD(object):
    """Logistic Regression Classifier using gradient descent. (ch03/ch03.py)"""
    def __init__(self, eta=0.05, n_iter=100, random_state=1):
        self.eta = eta
        self.n_iter = n_iter
        self.random_state = random_state

    def fit(self, X, y):
        """ Fit training data."""
        rgen = np.random.RandomState(self.random_state)
        self.w_ = rgen.normal(loc=0.0, scale=0.01, size=1 + X.shape[1])
        self.cost_ = []

        for i in range(self.n_iter):
            net_input = self.net_input(X)
            output = self.activation(net_input)
            errors = (y - output)
            self.w_[1:] += self.eta * X.T.dot(errors)
            self.w_[0] += self.eta * errors.sum()

            # note that we compute the logistic `cost` now
            # instead of the sum of squared errors cost
            cost = -y.dot(np.log(output)) - ((1 - y).dot(np.log(1 - output)))
            self.cost_.append(cost)
        return self

    def net_input(self, X):
        """Calculate net input"""
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def activation(self, z):
        """Compute logistic sigmoid activation"""
        return 1. / (1. + np.exp(-np.clip(z, -250, 250)))

    def predict(self, X):
        """Return class label after unit step"""
        return np.where(self.net_input(X) >= 0.0, 1, 0)
        # equivalent to:
        # return np.where(self.activation(self.net_input(X)) >= 0.5, 1, 0)


class NeuralNetMLP(object):
    """ Feedforward neural network / Multi-layer perceptron classifier. (ch12/neuralnet.py)"""
    def __init__(self, n_hidden=30,
                 l2=0., epochs=100, eta=0.001,
                 shuffle=True, minibatch_size=1, seed=None):

        self.random = np.random.RandomState(seed)
        self.n_hidden = n_hidden
        self.l2 = l2
        self.epochs = epochs
        self.eta = eta
        self.shuffle = shuffle
        self.minibatch_size = minibatch_size

    def _onehot(self, y, n_classes):
        """Encode labels into one-hot representation"""
        onehot = np.zeros((n_classes, y.shape[0]))
        for idx, val in enumerate(y.astype(int)):
            onehot[val, idx] = 1.
        return onehot.T

    def _sigmoid(self, z):
        """Compute logistic function (sigmoid)"""
        return 1. / (1. + np.exp(-np.clip(z, -250, 250)))

    def _forward(self, X):
        """Compute forward propagation step"""

        # step 1: net input of hidden layer
        # [n_examples, n_features] dot [n_features, n_hidden]
        # -> [n_examples, n_hidden]
        z_h = np.dot(X, self.w_h) + self.b_h

        # step 2: activation of hidden layer
        a_h = self._sigmoid(z_h)

        # step 3: net input of output layer
        # [n_examples, n_hidden] dot [n_hidden, n_classlabels]
        # -> [n_examples, n_classlabels]

        z_out = np.dot(a_h, self.w_out) + self.b_out

        # step 4: activation output layer
        a_out = self._sigmoid(z_out)

        return z_h, a_h, z_out, a_out

    def _compute_cost(self, y_enc, output):
        """Compute cost function."""
        L2_term = (self.l2 *
                   (np.sum(self.w_h ** 2.) +
                    np.sum(self.w_out ** 2.)))

        term1 = -y_enc * (np.log(output))
        term2 = (1. - y_enc) * np.log(1. - output)
        cost = np.sum(term1 - term2) + L2_term
        return cost

    def predict(self, X):
        """Predict class labels"""
        z_h, a_h, z_out, a_out = self._forward(X)
        y_pred = np.argmax(z_out, axis=1)
        return y_pred

    def fit(self, X_train, y_train, X_valid, y_valid):
        """ Learn weights from training data."""
        n_output = np.unique(y_train).shape[0]  # number of class labels
        n_features = X_train.shape[1]

        ########################
        # Weight initialization
        ########################

        # weights for input -> hidden
        self.b_h = np.zeros(self.n_hidden)
        self.w_h = self.random.normal(loc=0.0, scale=0.1,
                                      size=(n_features, self.n_hidden))

        # weights for hidden -> output
        self.b_out = np.zeros(n_output)
        self.w_out = self.random.normal(loc=0.0, scale=0.1,
                                        size=(self.n_hidden, n_output))

        epoch_strlen = len(str(self.epochs))  # for progress formatting
        self.eval_ = {'cost': [], 'train_acc': [], 'valid_acc': []}

        y_train_enc = self._onehot(y_train, n_output)

        # iterate over training epochs
        for i in range(self.epochs):

            # iterate over minibatches
            indices = np.arange(X_train.shape[0])

            if self.shuffle:
                self.random.shuffle(indices)

            for start_idx in range(0, indices.shape[0] - self.minibatch_size +
                                   1, self.minibatch_size):
                batch_idx = indices[start_idx:start_idx + self.minibatch_size]

                # forward propagation
                z_h, a_h, z_out, a_out = self._forward(X_train[batch_idx])

                ##################
                # Backpropagation
                ##################

                # [n_examples, n_classlabels]
                delta_out = a_out - y_train_enc[batch_idx]

                # [n_examples, n_hidden]
                sigmoid_derivative_h = a_h * (1. - a_h)

                # [n_examples, n_classlabels] dot [n_classlabels, n_hidden]
                # -> [n_examples, n_hidden]
                delta_h = (np.dot(delta_out, self.w_out.T) *
                           sigmoid_derivative_h)

                # [n_features, n_examples] dot [n_examples, n_hidden]
                # -> [n_features, n_hidden]
                grad_w_h = np.dot(X_train[batch_idx].T, delta_h)
                grad_b_h = np.sum(delta_h, axis=0)

                # [n_hidden, n_examples] dot [n_examples, n_classlabels]
                # -> [n_hidden, n_classlabels]
                grad_w_out = np.dot(a_h.T, delta_out)
                grad_b_out = np.sum(delta_out, axis=0)

                # Regularization and weight updates
                delta_w_h = (grad_w_h + self.l2*self.w_h)
                delta_b_h = grad_b_h # bias is not regularized
                self.w_h -= self.eta * delta_w_h
                self.b_h -= self.eta * delta_b_h

                delta_w_out = (grad_w_out + self.l2*self.w_out)
                delta_b_out = grad_b_out  # bias is not regularized
                self.w_out -= self.eta * delta_w_out
                self.b_out -= self.eta * delta_b_out

            #############
            # Evaluation
            #############

            # Evaluation after each epoch during training
            z_h, a_h, z_out, a_out = self._forward(X_train)

            cost = self._compute_cost(y_enc=y_train_enc,
                                      output=a_out)

            y_train_pred = self.predict(X_train)
            y_valid_pred = self.predict(X_valid)

            # (NumPy 2 port: np.float, an alias of float, is gone)
            train_acc = ((np.sum(y_train == y_train_pred)).astype(float) /
                         X_train.shape[0])
            valid_acc = ((np.sum(y_valid == y_valid_pred)).astype(float) /
                         X_valid.shape[0])

            sys.stderr.write('\r%0*d/%d | Cost: %.2f '
                             '| Train/Valid Acc.: %.2f%%/%.2f%% ' %
                             (epoch_strlen, i+1, self.epochs, cost,
                              train_acc*100, valid_acc*100))
            sys.stderr.flush()

            self.eval_['cost'].append(cost)
            self.eval_['train_acc'].append(train_acc)
            self.eval_['valid_acc'].append(valid_acc)

        return self


# Drivers: the book's own calls (ch02: ppn.fit(X, y); ada.fit(...) for two learning rates; ada.partial_fit; ch12:
# nn.fit(X_train, y_train, X_valid, y_valid)), on small data of the same form (two standardized features,
# labels -1/1 or 0/1, three classes for the MLP).

def _two_blobs(n, labels=(-1, 1), seed=0):
    rng = np.random.RandomState(seed)
    y = np.array([labels[i % 2] for i in range(n)])
    X = rng.normal(size=(n, 2)) + np.where(y == labels[1], 1.0, -1.0)[:, None]
    return (X - X.mean(axis=0)) / X.std(axis=0), y


def drive_perceptron():
    X, y = _two_blobs(6)
    ppn = Perceptron(eta=0.1, n_iter=1, random_state=1)
    ppn.fit(X, y)
    return {"w_": ppn.w_, "errors_": ppn.errors_, "predict": ppn.predict(X)}


def drive_adaline_gd():
    X, y = _two_blobs(8)
    costs = []
    for eta in (0.01, 0.0001):  # the book fits twice, with two learning rates
        ada = AdalineGD(n_iter=3, eta=eta, random_state=1).fit(X, y)
        costs.append(ada.cost_)
    return {"w_": ada.w_, "costs": costs}


def drive_adaline_gd_refits():
    X, y = _two_blobs(8)
    ada = AdalineGD(n_iter=2, eta=0.01, random_state=1)
    predictions = []
    for eta in (0.01, 0.001, 0.01):  # refitting the same object rebinds self.w_
        ada.eta = eta
        ada.fit(X, y)
        predictions.append(ada.predict(X))
    return {"w_": ada.w_, "predictions": predictions}


def drive_adaline_sgd():
    X, y = _two_blobs(4)
    ada = AdalineSGD(n_iter=1, eta=0.01, random_state=1)
    ada.fit(X, y)
    ada.partial_fit(X[0, :], y[0])  # the book streams one more example
    return {"w_": ada.w_, "cost_": ada.cost_, "predict": ada.predict(X)}


def drive_logistic_regression():
    X, y = _two_blobs(6, labels=(0, 1))
    lrgd = LogisticRegressionGD(eta=0.05, n_iter=3, random_state=1)
    lrgd.fit(X, y)
    return {"w_": lrgd.w_, "cost_": lrgd.cost_, "predict": lrgd.predict(X)}


def drive_mlp():
    rng = np.random.RandomState(3)
    y = np.arange(8) % 3
    X = rng.normal(size=(8, 3)) + y[:, None]
    nn = NeuralNetMLP(n_hidden=4, l2=0.01, epochs=1, eta=0.05, minibatch_size=3, shuffle=True, seed=1)
    nn.fit(X_train=X[:6], y_train=y[:6], X_valid=X[6:], y_valid=y[6:])
    return {"w_h": nn.w_h, "b_h": nn.b_h, "w_out": nn.w_out, "b_out": nn.b_out, "eval_": nn.eval_}


# ======================================================================================================
# mnielsen/neural-networks-and-deep-learning: src/network.py
# ======================================================================================================

class Network(object):

    def __init__(self, sizes):
        """The list ``sizes`` contains the number of neurons in the
        respective layers of the network. (...)"""
        self.num_layers = len(sizes)
        self.sizes = sizes
        self.biases = [np.random.randn(y, 1) for y in sizes[1:]]
        self.weights = [np.random.randn(y, x)
                        for x, y in zip(sizes[:-1], sizes[1:])]

    def feedforward(self, a):
        """Return the output of the network if ``a`` is input."""
        for b, w in zip(self.biases, self.weights):
            a = sigmoid(np.dot(w, a)+b)
        return a

    def SGD(self, training_data, epochs, mini_batch_size, eta,
            test_data=None):
        """Train the neural network using mini-batch stochastic
        gradient descent. (...)"""
        if test_data: n_test = len(test_data)
        n = len(training_data)
        for j in range(epochs):  # (Python 3 port: xrange)
            random.shuffle(training_data)
            mini_batches = [
                training_data[k:k+mini_batch_size]
                for k in range(0, n, mini_batch_size)]
            for mini_batch in mini_batches:
                self.update_mini_batch(mini_batch, eta)
            if test_data:
                print("Epoch {0}: {1} / {2}".format(  # (Python 3 port: print)
                    j, self.evaluate(test_data), n_test))
            else:
                print("Epoch {0} complete".format(j))

    def update_mini_batch(self, mini_batch, eta):
        """Update the network's weights and biases by applying
        gradient descent using backpropagation to a single mini batch. (...)"""
        nabla_b = [np.zeros(b.shape) for b in self.biases]
        nabla_w = [np.zeros(w.shape) for w in self.weights]
        for x, y in mini_batch:
            delta_nabla_b, delta_nabla_w = self.backprop(x, y)
            nabla_b = [nb+dnb for nb, dnb in zip(nabla_b, delta_nabla_b)]
            nabla_w = [nw+dnw for nw, dnw in zip(nabla_w, delta_nabla_w)]
        self.weights = [w-(eta/len(mini_batch))*nw
                        for w, nw in zip(self.weights, nabla_w)]
        self.biases = [b-(eta/len(mini_batch))*nb
                       for b, nb in zip(self.biases, nabla_b)]

    def backprop(self, x, y):
        """Return a tuple ``(nabla_b, nabla_w)`` representing the
        gradient for the cost function C_x. (...)"""
        nabla_b = [np.zeros(b.shape) for b in self.biases]
        nabla_w = [np.zeros(w.shape) for w in self.weights]
        # feedforward
        activation = x
        activations = [x] # list to store all the activations, layer by layer
        zs = [] # list to store all the z vectors, layer by layer
        for b, w in zip(self.biases, self.weights):
            z = np.dot(w, activation)+b
            zs.append(z)
            activation = sigmoid(z)
            activations.append(activation)
        # backward pass
        delta = self.cost_derivative(activations[-1], y) * \
            sigmoid_prime(zs[-1])
        nabla_b[-1] = delta
        nabla_w[-1] = np.dot(delta, activations[-2].transpose())
        # Note that the variable l in the loop below is used a little
        # differently to the notation in Chapter 2 of the book. (...)
        for l in range(2, self.num_layers):  # (Python 3 port: xrange)
            z = zs[-l]
            sp = sigmoid_prime(z)
            delta = np.dot(self.weights[-l+1].transpose(), delta) * sp
            nabla_b[-l] = delta
            nabla_w[-l] = np.dot(delta, activations[-l-1].transpose())
        return (nabla_b, nabla_w)

    def evaluate(self, test_data):
        """Return the number of test inputs for which the neural
        network outputs the correct result. (...)"""
        test_results = [(np.argmax(self.feedforward(x)), y)
                        for (x, y) in test_data]
        return sum(int(x == y) for (x, y) in test_results)

    def cost_derivative(self, output_activations, y):
        """Return the vector of partial derivatives \\partial C_x /
        \\partial a for the output activations."""
        return (output_activations-y)

#### Miscellaneous functions
def sigmoid(z):
    """The sigmoid function."""
    return 1.0/(1.0+np.exp(-z))

def sigmoid_prime(z):
    """Derivative of the sigmoid function."""
    return sigmoid(z)*(1-sigmoid(z))


def drive_network():
    # The book's call: net = Network([784, 30, 10]); net.SGD(training_data, 30, 10, 3.0, test_data=test_data), with
    # (x, y) column vectors, y one-hot for training and an int label for testing; here [3, 4, 2] and a few examples.
    np.random.seed(2)
    random.seed(2)
    net = Network([3, 4, 2])
    xs = [np.random.randn(3, 1) for _ in range(2)]
    training_data = [(x, np.array([[1.0], [0.0]]) if x.sum() > 0 else np.array([[0.0], [1.0]])) for x in xs]
    test_data = [(x, int(x.sum() <= 0)) for x in xs[:2]]
    net.SGD(training_data, 2, 2, 3.0, test_data=test_data)
    return {"weights": net.weights, "biases": net.biases, "evaluate": net.evaluate(test_data)}


# ======================================================================================================
# ShangtongZhang/reinforcement-learning-an-introduction: chapter02/ten_armed_testbed.py
# ======================================================================================================

class Bandit:
    # @k_arm: # of arms
    # @epsilon: probability for exploration in epsilon-greedy algorithm
    # @initial: initial estimation for each action
    # @step_size: constant step size for updating estimations
    # @sample_averages: if True, use sample averages to update estimations instead of constant step size
    # @UCB_param: if not None, use UCB algorithm to select action
    # @gradient: if True, use gradient based bandit algorithm
    # @gradient_baseline: if True, use average reward as baseline for gradient based bandit algorithm
    def __init__(self, k_arm=10, epsilon=0., initial=0., step_size=0.1, sample_averages=False, UCB_param=None,
                 gradient=False, gradient_baseline=False, true_reward=0.):
        self.k = k_arm
        self.step_size = step_size
        self.sample_averages = sample_averages
        self.indices = np.arange(self.k)
        self.time = 0
        self.UCB_param = UCB_param
        self.gradient = gradient
        self.gradient_baseline = gradient_baseline
        self.average_reward = 0
        self.true_reward = true_reward
        self.epsilon = epsilon
        self.initial = initial

    def reset(self):
        # real reward for each action
        self.q_true = np.random.randn(self.k) + self.true_reward

        # estimation for each action
        self.q_estimation = np.zeros(self.k) + self.initial

        # # of chosen times for each action
        self.action_count = np.zeros(self.k)

        self.best_action = np.argmax(self.q_true)

        self.time = 0

    # get an action for this bandit
    def act(self):
        if np.random.rand() < self.epsilon:
            return np.random.choice(self.indices)

        if self.UCB_param is not None:
            UCB_estimation = self.q_estimation + \
                self.UCB_param * np.sqrt(np.log(self.time + 1) / (self.action_count + 1e-5))
            q_best = np.max(UCB_estimation)
            return np.random.choice(np.where(UCB_estimation == q_best)[0])

        if self.gradient:
            exp_est = np.exp(self.q_estimation)
            self.action_prob = exp_est / np.sum(exp_est)
            return np.random.choice(self.indices, p=self.action_prob)

        q_best = np.max(self.q_estimation)
        return np.random.choice(np.where(self.q_estimation == q_best)[0])

    # take an action, update estimation for this action
    def step(self, action):
        # generate the reward under N(real reward, 1)
        reward = np.random.randn() + self.q_true[action]
        self.time += 1
        self.action_count[action] += 1
        self.average_reward += (reward - self.average_reward) / self.time

        if self.sample_averages:
            # update estimation using sample averages
            self.q_estimation[action] += (reward - self.q_estimation[action]) / self.action_count[action]
        elif self.gradient:
            one_hot = np.zeros(self.k)
            one_hot[action] = 1
            if self.gradient_baseline:
                baseline = self.average_reward
            else:
                baseline = 0
            self.q_estimation += self.step_size * (reward - baseline) * (one_hot - self.action_prob)
        else:
            # update estimation with constant step size
            self.q_estimation[action] += self.step_size * (reward - self.q_estimation[action])
        return reward


def simulate(runs, time, bandits):
    # (the source's progress bar, tqdm's trange, is range here)
    rewards = np.zeros((len(bandits), runs, time))
    best_action_counts = np.zeros(rewards.shape)
    for i, bandit in enumerate(bandits):
        for r in range(runs):
            bandit.reset()
            for t in range(time):
                action = bandit.act()
                reward = bandit.step(action)
                rewards[i, r, t] = reward
                if action == bandit.best_action:
                    best_action_counts[i, r, t] = 1
    mean_best_action_counts = best_action_counts.mean(axis=1)
    mean_rewards = rewards.mean(axis=1)
    return mean_best_action_counts, mean_rewards


def _drive_bandit(**settings):
    # figure_2_2 / 2_4 / 2_5: simulate(runs, time, [Bandit(...)]) with 2000 runs of 1000 steps; 1 run of 6 steps here
    np.random.seed(0)
    bandit = Bandit(k_arm=4, **settings)
    counts, rewards = simulate(1, 6, [bandit])
    return {"counts": counts, "rewards": rewards, "q_estimation": bandit.q_estimation,
            "action_count": bandit.action_count, "time": bandit.time}


def drive_bandit_epsilon_greedy():
    return _drive_bandit(epsilon=0.1, sample_averages=True)


def drive_bandit_ucb():
    return _drive_bandit(epsilon=0, UCB_param=2, sample_averages=True)


def drive_bandit_gradient():
    return _drive_bandit(gradient=True, step_size=0.1, gradient_baseline=True, true_reward=4)


# ======================================================================================================
# ShangtongZhang/reinforcement-learning-an-introduction: chapter09/random_walk.py
# ======================================================================================================

# # of states except for terminal states
N_STATES = 10  # (1000 in the source: a traced value() traces once per state it meets)

# start from a central state
START_STATE = 5  # (500 in the source)

# terminal states
END_STATES = [0, N_STATES + 1]

# possible actions
ACTION_LEFT = -1
ACTION_RIGHT = 1
ACTIONS = [ACTION_LEFT, ACTION_RIGHT]

# maximum stride for an action
STEP_RANGE = 3  # (100 in the source)

# take an @action at @state, return new state and reward for this transition
def step(state, action):
    step = np.random.randint(1, STEP_RANGE + 1)
    step *= action
    state += step
    state = max(min(state, N_STATES + 1), 0)
    if state == 0:
        reward = -1
    elif state == N_STATES + 1:
        reward = 1
    else:
        reward = 0
    return state, reward

# get an action, following random policy
def get_action():
    if np.random.binomial(1, 0.5) == 1:
        return 1
    return -1

# a wrapper class for aggregation value function
class ValueFunction:
    # @num_of_groups: # of aggregations
    def __init__(self, num_of_groups):
        self.num_of_groups = num_of_groups
        self.group_size = N_STATES // num_of_groups

        # thetas
        self.params = np.zeros(num_of_groups)

    # get the value of @state
    def value(self, state):
        if state in END_STATES:
            return 0
        group_index = (state - 1) // self.group_size
        return self.params[group_index]

    # update parameters
    # @delta: step size * (target - old estimation)
    # @state: state of current sample
    def update(self, delta, state):
        group_index = (state - 1) // self.group_size
        self.params[group_index] += delta

# a wrapper class for tile coding value function
class TilingsValueFunction:
    # @num_of_tilings: # of tilings
    # @tileWidth: each tiling has several tiles, this parameter specifies the width of each tile
    # @tilingOffset: specifies how tilings are put together
    def __init__(self, numOfTilings, tileWidth, tilingOffset):
        self.numOfTilings = numOfTilings
        self.tileWidth = tileWidth
        self.tilingOffset = tilingOffset

        # To make sure that each sate is covered by same number of tiles,
        # we need one more tile for each tiling
        self.tilingSize = N_STATES // tileWidth + 1

        # weight for each tile
        self.params = np.zeros((self.numOfTilings, self.tilingSize))

        # For performance, only track the starting position for each tiling
        # As we have one more tile for each tiling, the starting position will be negative
        self.tilings = np.arange(-tileWidth + 1, 0, tilingOffset)

    # get the value of @state
    def value(self, state):
        stateValue = 0.0
        # go through all the tilings
        for tilingIndex in range(0, len(self.tilings)):
            # find the active tile in current tiling
            tileIndex = (state - self.tilings[tilingIndex]) // self.tileWidth
            stateValue += self.params[tilingIndex, tileIndex]
        return stateValue

    # update parameters
    # @delta: step size * (target - old estimation)
    # @state: state of current sample
    def update(self, delta, state):

        # each state is covered by same number of tilings
        # so the delta should be divided equally into each tiling (tile)
        delta /= self.numOfTilings

        # go through all the tilings
        for tilingIndex in range(0, len(self.tilings)):
            # find the active tile in current tiling
            tileIndex = (state - self.tilings[tilingIndex]) // self.tileWidth
            self.params[tilingIndex, tileIndex] += delta

# a wrapper class for polynomial / Fourier -based value function
POLYNOMIAL_BASES = 0
FOURIER_BASES = 1
class BasesValueFunction:
    # @order: # of bases, each function also has one more constant parameter (called bias in machine learning)
    # @type: polynomial bases or Fourier bases
    def __init__(self, order, type):
        self.order = order
        self.weights = np.zeros(order + 1)

        # set up bases function
        self.bases = []
        if type == POLYNOMIAL_BASES:
            for i in range(0, order + 1):
                self.bases.append(lambda s, i=i: pow(s, i))
        elif type == FOURIER_BASES:
            for i in range(0, order + 1):
                self.bases.append(lambda s, i=i: np.cos(i * np.pi * s))

    # get the value of @state
    def value(self, state):
        # map the state space into [0, 1]
        state /= float(N_STATES)
        # get the feature vector
        feature = np.asarray([func(state) for func in self.bases])
        return np.dot(self.weights, feature)

    def update(self, delta, state):
        # map the state space into [0, 1]
        state /= float(N_STATES)
        # get derivative value
        derivative_value = np.asarray([func(state) for func in self.bases])
        self.weights += delta * derivative_value

# gradient Monte Carlo algorithm
# @value_function: an instance of class ValueFunction
# @alpha: step size
# @distribution: array to store the distribution statistics
def gradient_monte_carlo(value_function, alpha, distribution=None):
    state = START_STATE
    trajectory = [state]

    # We assume gamma = 1, so return is just the same as the latest reward
    reward = 0.0
    while state not in END_STATES:
        action = get_action()
        next_state, reward = step(state, action)
        trajectory.append(next_state)
        state = next_state

    # Gradient update for each state in this trajectory
    for state in trajectory[:-1]:
        delta = alpha * (reward - value_function.value(state))
        value_function.update(delta, state)
        if distribution is not None:
            distribution[state] += 1


def _drive_random_walk(value_function, alpha):
    # figure_9_1 / 9_5: episodes of gradient_monte_carlo(value_function, alpha), then value_function.value(s) for
    # every state; 1 episode here (its states repeat, with the estimates updated in between)
    np.random.seed(1)
    for _ in range(1):
        gradient_monte_carlo(value_function, alpha)
    values = [value_function.value(i) for i in range(1, N_STATES + 1)]
    return {"values": values}


def drive_state_aggregation():
    return _drive_random_walk(ValueFunction(5), 0.2)  # (10 groups of 1000 states in the source; alpha 2e-5)


def drive_tile_coding():
    return _drive_random_walk(TilingsValueFunction(2, 5, 2), 0.1)  # (50 tilings of width 200, offset 4)


def drive_polynomial_bases():
    return _drive_random_walk(BasesValueFunction(2, POLYNOMIAL_BASES), 0.1)


# ======================================================================================================
# ShangtongZhang/reinforcement-learning-an-introduction: chapter11/counterexample.py (Baird's counterexample)
# ======================================================================================================

# all states: state 0-5 are upper states
STATES = np.arange(0, 7)
# state 6 is lower state
LOWER_STATE = 6
# discount factor
DISCOUNT = 0.99

# each state is represented by a vector of length 8
FEATURE_SIZE = 8
FEATURES = np.zeros((len(STATES), FEATURE_SIZE))
for i in range(LOWER_STATE):
    FEATURES[i, i] = 2
    FEATURES[i, 7] = 1
FEATURES[LOWER_STATE, 6] = 1
FEATURES[LOWER_STATE, 7] = 2

# all possible actions
DASHED = 0
SOLID = 1
ACTIONS = [DASHED, SOLID]

# reward is always zero
REWARD = 0

# state distribution for the behavior policy
STATE_DISTRIBUTION = np.ones(len(STATES)) / 7
STATE_DISTRIBUTION_MAT = np.matrix(np.diag(STATE_DISTRIBUTION))
# projection matrix for minimize MSVE
PROJECTION_MAT = np.matrix(FEATURES) * \
                 np.linalg.pinv(np.matrix(FEATURES.T) * STATE_DISTRIBUTION_MAT * np.matrix(FEATURES)) * \
                 np.matrix(FEATURES.T) * \
                 STATE_DISTRIBUTION_MAT

# behavior policy
BEHAVIOR_SOLID_PROBABILITY = 1.0 / 7

# expected update of TDC
# @theta: weight of each component of the feature vector
# @weight: auxiliary trace for gradient correction
# @alpha: step size of @theta
# @beta: step size of @weight
def expected_TDC(theta, weight, alpha, beta):
    for state in STATES:
        # When computing expected update target, if next state is not lower state, importance ratio will be 0,
        # so we can safely ignore this case and assume next state is always lower state
        delta = REWARD + DISCOUNT * np.dot(FEATURES[LOWER_STATE, :], theta) - np.dot(FEATURES[state, :], theta)
        rho = 1 / BEHAVIOR_SOLID_PROBABILITY
        # Under behavior policy, state distribution is uniform, so the probability for each state is 1.0 / len(STATES)
        expected_update_theta = 1.0 / len(STATES) * BEHAVIOR_SOLID_PROBABILITY * rho * (
            delta * FEATURES[state, :] - DISCOUNT * FEATURES[LOWER_STATE, :] * np.dot(weight, FEATURES[state, :]))
        theta += alpha * expected_update_theta
        expected_update_weight = 1.0 / len(STATES) * BEHAVIOR_SOLID_PROBABILITY * rho * (
            delta - np.dot(weight, FEATURES[state, :])) * FEATURES[state, :]
        weight += beta * expected_update_weight

# interest is 1 for every state
INTEREST = 1

# expected update of ETD
# @theta: weight of each component of the feature vector
# @emphasis: current emphasis
# @alpha: step size of @theta
# @return: expected next emphasis
def expected_emphatic_TD(theta, emphasis, alpha):
    # we perform synchronous update for both theta and emphasis
    expected_update = 0
    expected_next_emphasis = 0.0
    # When computing expected update target, if next state is not lower state, importance ratio will be 0,
    # so we can safely ignore this case and assume next state is always lower state
    for state in STATES:
        # compute rho(t-1)
        if state == LOWER_STATE:
            rho = 1.0 / BEHAVIOR_SOLID_PROBABILITY
        else:
            rho = 0
        # update emphasis
        next_emphasis = DISCOUNT * rho * emphasis + INTEREST
        expected_next_emphasis += next_emphasis
        # When computing expected update target, if next state is not lower state, importance ratio will be 0,
        # so we can safely ignore this case and assume next state is always lower state
        next_state = LOWER_STATE
        delta = REWARD + DISCOUNT * np.dot(FEATURES[next_state, :], theta) - np.dot(FEATURES[state, :], theta)
        expected_update += 1.0 / len(STATES) * BEHAVIOR_SOLID_PROBABILITY * next_emphasis * 1 / BEHAVIOR_SOLID_PROBABILITY * delta * FEATURES[state, :]
    theta += alpha * expected_update
    return expected_next_emphasis / len(STATES)

# compute RMSVE for a value function parameterized by @theta
# true value function is always 0 in this example
def compute_RMSVE(theta):
    return np.sqrt(np.dot(np.power(np.dot(FEATURES, theta), 2), STATE_DISTRIBUTION))

# compute RMSPBE for a value function parameterized by @theta
# true value function is always 0 in this example
def compute_RMSPBE(theta):
    bellman_error = np.zeros(len(STATES))
    for state in STATES:
        for next_state in STATES:
            if next_state == LOWER_STATE:
                bellman_error[state] += REWARD + DISCOUNT * np.dot(theta, FEATURES[next_state, :]) - np.dot(theta, FEATURES[state, :])
    bellman_error = np.dot(np.asarray(PROJECTION_MAT), bellman_error)
    return np.sqrt(np.dot(np.power(bellman_error, 2), STATE_DISTRIBUTION))


def drive_expected_tdc():
    # figure_11_6 (right): theta = ones, theta[6] = 10, weight = zeros; sweeps of expected_TDC, recording
    # compute_RMSVE and compute_RMSPBE after each; 1000 sweeps in the source, 3 here
    theta = np.ones(FEATURE_SIZE)
    theta[6] = 10
    weight = np.zeros(FEATURE_SIZE)
    alpha = 0.005
    beta = 0.05
    RMSVE, RMSPBE = [], []
    for _ in range(3):
        expected_TDC(theta, weight, alpha, beta)
        RMSVE.append(compute_RMSVE(theta))
        RMSPBE.append(compute_RMSPBE(theta))
    return {"theta": theta, "weight": weight, "RMSVE": RMSVE, "RMSPBE": RMSPBE}


def drive_expected_emphatic_td():
    # figure_11_7: emphasis = expected_emphatic_TD(theta, emphasis, alpha) for 1000 sweeps; 3 here
    theta = np.ones(FEATURE_SIZE)
    theta[6] = 10
    alpha = 0.03
    emphasis = 0.0
    RMSVE = []
    for _ in range(3):
        emphasis = expected_emphatic_TD(theta, emphasis, alpha)
        RMSVE.append(compute_RMSVE(theta))
    return {"theta": theta, "emphasis": emphasis, "RMSVE": RMSVE}


# ======================================================================================================
# ShangtongZhang/reinforcement-learning-an-introduction: chapter13/short_corridor.py
# ======================================================================================================

class ShortCorridor:
    """
    Short corridor environment, see Example 13.1
    """
    def __init__(self):
        self.reset()

    def reset(self):
        self.state = 0

    def step(self, go_right):
        """
        Args:
            go_right (bool): chosen action
        Returns:
            tuple of (reward, episode terminated?)
        """
        if self.state == 0 or self.state == 2:
            if go_right:
                self.state += 1
            else:
                self.state = max(0, self.state - 1)
        else:
            if go_right:
                self.state -= 1
            else:
                self.state += 1

        if self.state == 3:
            # terminal state
            return 0, True
        else:
            return -1, False


class ReinforceAgent:
    """
    ReinforceAgent that follows algorithm
    'REINFORNCE Monte-Carlo Policy-Gradient Control (episodic)'
    """
    def __init__(self, alpha, gamma):
        # set values such that initial conditions correspond to left-epsilon greedy
        self.theta = np.array([-1.47, 1.47])
        self.alpha = alpha
        self.gamma = gamma
        # first column - left, second - right
        self.x = np.array([[0, 1],
                           [1, 0]])
        self.rewards = []
        self.actions = []

    def get_pi(self):
        h = np.dot(self.theta, self.x)
        t = np.exp(h - np.max(h))
        pmf = t / np.sum(t)
        # never become deterministic,
        # guarantees episode finish
        imin = np.argmin(pmf)
        epsilon = 0.05

        if pmf[imin] < epsilon:
            pmf[:] = 1 - epsilon
            pmf[imin] = epsilon

        return pmf

    def get_p_right(self):
        return self.get_pi()[1]

    def choose_action(self, reward):
        if reward is not None:
            self.rewards.append(reward)

        pmf = self.get_pi()
        go_right = np.random.uniform() <= pmf[1]
        self.actions.append(go_right)

        return go_right

    def episode_end(self, last_reward):
        self.rewards.append(last_reward)

        # learn theta
        G = np.zeros(len(self.rewards))
        G[-1] = self.rewards[-1]

        for i in range(2, len(G) + 1):
            G[-i] = self.gamma * G[-i + 1] + self.rewards[-i]

        gamma_pow = 1

        for i in range(len(G)):
            j = 1 if self.actions[i] else 0
            pmf = self.get_pi()
            grad_ln_pi = self.x[:, j] - np.dot(self.x, pmf)
            update = self.alpha * gamma_pow * G[i] * grad_ln_pi

            self.theta += update
            gamma_pow *= self.gamma

        self.rewards = []
        self.actions = []


def trial(num_episodes, agent_generator):
    env = ShortCorridor()
    agent = agent_generator()

    rewards = np.zeros(num_episodes)
    for episode_idx in range(num_episodes):
        rewards_sum = 0
        reward = None
        env.reset()

        while True:
            go_right = agent.choose_action(reward)
            reward, episode_end = env.step(go_right)
            rewards_sum += reward

            if episode_end:
                agent.episode_end(reward)
                break

        rewards[episode_idx] = rewards_sum

    return rewards


def drive_short_corridor():
    # example_13_1 / figure_13_1: trial(1000, lambda: ReinforceAgent(alpha=2e-4, gamma=1)) over 100 runs; here one
    # trial of 1 episode, from a theta whose episodes are short (the source's start goes right 5% of the time)
    np.random.seed(4)

    def agent_generator():
        agent = ReinforceAgent(alpha=2e-2, gamma=1)
        agent.theta = np.array([1.0, -1.0])
        agent_generator.made = agent
        return agent

    rewards = trial(1, agent_generator)
    return {"rewards": rewards, "theta": agent_generator.made.theta}


# ======================================================================================================
# hardmaru/estool: es.py
# ======================================================================================================

def compute_ranks(x):
  """
  Returns ranks in [0, len(x))
  Note: This is different from scipy.stats.rankdata, which returns ranks in [1, len(x)].
  (https://github.com/openai/evolution-strategies-starter/blob/master/es_distributed/es.py)
  """
  assert x.ndim == 1
  ranks = np.empty(len(x), dtype=int)
  ranks[x.argsort()] = np.arange(len(x))
  return ranks

def compute_centered_ranks(x):
  """
  https://github.com/openai/evolution-strategies-starter/blob/master/es_distributed/es.py
  """
  y = compute_ranks(x.ravel()).reshape(x.shape).astype(np.float32)
  y /= (x.size - 1)
  y -= .5
  return y

def compute_weight_decay(weight_decay, model_param_list):
  model_param_grid = np.array(model_param_list)
  return - weight_decay * np.mean(model_param_grid * model_param_grid, axis=1)

# adopted from:
# https://github.com/openai/evolution-strategies-starter/blob/master/es_distributed/optimizers.py

class Optimizer(object):
  def __init__(self, pi, epsilon=1e-08):
    self.pi = pi
    self.dim = pi.num_params
    self.epsilon = epsilon
    self.t = 0

  def update(self, globalg):
    self.t += 1
    step = self._compute_step(globalg)
    theta = self.pi.mu
    ratio = np.linalg.norm(step) / (np.linalg.norm(theta) + self.epsilon)
    self.pi.mu = theta + step
    return ratio

  def _compute_step(self, globalg):
    raise NotImplementedError


class Adam(Optimizer):
  def __init__(self, pi, stepsize, beta1=0.99, beta2=0.999):
    Optimizer.__init__(self, pi)
    self.stepsize = stepsize
    self.beta1 = beta1
    self.beta2 = beta2
    self.m = np.zeros(self.dim, dtype=np.float32)
    self.v = np.zeros(self.dim, dtype=np.float32)

  def _compute_step(self, globalg):
    a = self.stepsize * np.sqrt(1 - self.beta2 ** self.t) / (1 - self.beta1 ** self.t)
    self.m = self.beta1 * self.m + (1 - self.beta1) * globalg
    self.v = self.beta2 * self.v + (1 - self.beta2) * (globalg * globalg)
    step = -a * self.m / (np.sqrt(self.v) + self.epsilon)
    return step


class OpenES:
  ''' Basic Version of OpenAI Evolution Strategies.'''
  def __init__(self, num_params,             # number of model parameters
               sigma_init=0.1,               # initial standard deviation
               sigma_decay=0.999,            # anneal standard deviation
               sigma_limit=0.01,             # stop annealing if less than this
               learning_rate=0.01,           # learning rate for standard deviation
               learning_rate_decay = 0.9999, # annealing the learning rate
               learning_rate_limit = 0.001,  # stop annealing learning rate
               popsize=256,                  # population size
               antithetic=False,             # whether to use antithetic sampling
               weight_decay=0.01,            # weight decay coefficient
               rank_fitness=True,            # use rank rather than fitness numbers
               forget_best=True):            # forget historical best

    self.num_params = num_params
    self.sigma_decay = sigma_decay
    self.sigma = sigma_init
    self.sigma_init = sigma_init
    self.sigma_limit = sigma_limit
    self.learning_rate = learning_rate
    self.learning_rate_decay = learning_rate_decay
    self.learning_rate_limit = learning_rate_limit
    self.popsize = popsize
    self.antithetic = antithetic
    if self.antithetic:
      assert (self.popsize % 2 == 0), "Population size must be even"
      self.half_popsize = int(self.popsize / 2)

    self.reward = np.zeros(self.popsize)
    self.mu = np.zeros(self.num_params)
    self.best_mu = np.zeros(self.num_params)
    self.best_reward = 0
    self.first_interation = True
    self.forget_best = forget_best
    self.weight_decay = weight_decay
    self.rank_fitness = rank_fitness
    if self.rank_fitness:
      self.forget_best = True # always forget the best one if we rank
    # choose optimizer
    self.optimizer = Adam(self, learning_rate)

  def rms_stdev(self):
    sigma = self.sigma
    return np.mean(np.sqrt(sigma*sigma))

  def ask(self):
    '''returns a list of parameters'''
    # antithetic sampling
    if self.antithetic:
      self.epsilon_half = np.random.randn(self.half_popsize, self.num_params)
      self.epsilon = np.concatenate([self.epsilon_half, - self.epsilon_half])
    else:
      self.epsilon = np.random.randn(self.popsize, self.num_params)

    self.solutions = self.mu.reshape(1, self.num_params) + self.epsilon * self.sigma

    return self.solutions

  def tell(self, reward_table_result):
    # input must be a numpy float array
    assert(len(reward_table_result) == self.popsize), "Inconsistent reward_table size reported."

    reward = np.array(reward_table_result)

    if self.rank_fitness:
      reward = compute_centered_ranks(reward)

    if self.weight_decay > 0:
      l2_decay = compute_weight_decay(self.weight_decay, self.solutions)
      reward += l2_decay

    idx = np.argsort(reward)[::-1]

    best_reward = reward[idx[0]]
    best_mu = self.solutions[idx[0]]

    self.curr_best_reward = best_reward
    self.curr_best_mu = best_mu

    if self.first_interation:
      self.first_interation = False
      self.best_reward = self.curr_best_reward
      self.best_mu = best_mu
    else:
      if self.forget_best or (self.curr_best_reward > self.best_reward):
        self.best_mu = best_mu
        self.best_reward = self.curr_best_reward

    # main bit:
    # standardize the rewards to have a gaussian distribution
    normalized_reward = (reward - np.mean(reward)) / np.std(reward)
    change_mu = 1./(self.popsize*self.sigma)*np.dot(self.epsilon.T, normalized_reward)

    #self.mu += self.learning_rate * change_mu

    self.optimizer.stepsize = self.learning_rate
    update_ratio = self.optimizer.update(-change_mu)

    # adjust sigma according to the adaptive sigma calculation
    if (self.sigma > self.sigma_limit):
      self.sigma *= self.sigma_decay

    if (self.learning_rate > self.learning_rate_limit):
      self.learning_rate *= self.learning_rate_decay

  def current_param(self):
    return self.curr_best_mu

  def set_mu(self, mu):
    self.mu = np.array(mu)

  def best_param(self):
    return self.best_mu

  def result(self): # return best params so far, along with historically best reward, curr reward, sigma
    return (self.best_mu, self.best_reward, self.curr_best_reward, self.sigma)


def drive_open_es():
    # The README's loop: solutions = solver.ask(); fitness = [f(s) for s in solutions]; solver.tell(fitness);
    # solver.result(); train.py also logs solver.rms_stdev() each generation. A quadratic fitness, 3 generations.
    np.random.seed(5)
    solver = OpenES(3, popsize=4, sigma_init=0.5, learning_rate=0.1)
    history = []
    for _ in range(3):
        solutions = solver.ask()
        fitness_list = np.array([-np.sum((s - 1.0) ** 2) for s in solutions])
        solver.tell(fitness_list)
        history.append((solver.result(), solver.rms_stdev()))
    return {"history": history, "mu": solver.mu, "m": solver.optimizer.m, "v": solver.optimizer.v,
            "t": solver.optimizer.t}


# ======================================================================================================
# openai/baselines: baselines/common/running_mean_std.py, baselines/ddpg/noise.py
# ======================================================================================================

class RunningMeanStd(object):
    # https://en.wikipedia.org/wiki/Algorithms_for_calculating_variance#Parallel_algorithm
    def __init__(self, epsilon=1e-4, shape=()):
        self.mean = np.zeros(shape, 'float64')
        self.var = np.ones(shape, 'float64')
        self.count = epsilon

    def update(self, x):
        batch_mean = np.mean(x, axis=0)
        batch_var = np.var(x, axis=0)
        batch_count = x.shape[0]
        self.update_from_moments(batch_mean, batch_var, batch_count)

    def update_from_moments(self, batch_mean, batch_var, batch_count):
        self.mean, self.var, self.count = update_mean_var_count_from_moments(
            self.mean, self.var, self.count, batch_mean, batch_var, batch_count)

def update_mean_var_count_from_moments(mean, var, count, batch_mean, batch_var, batch_count):
    delta = batch_mean - mean
    tot_count = count + batch_count

    new_mean = mean + delta * batch_count / tot_count
    m_a = var * count
    m_b = batch_var * batch_count
    M2 = m_a + m_b + np.square(delta) * count * batch_count / tot_count
    new_var = M2 / tot_count
    new_count = tot_count

    return new_mean, new_var, new_count


def drive_running_mean_std():
    # VecNormalize: self.ob_rms.update(obs) for each batch of observations, then (obs - mean) / sqrt(var + eps)
    rng = np.random.RandomState(6)
    rms = RunningMeanStd(shape=(3,))
    normalized = []
    for k in range(4):
        obs = rng.normal(loc=k, size=(5, 3))
        rms.update(obs)
        normalized.append(np.clip((obs - rms.mean) / np.sqrt(rms.var + 1e-8), -10.0, 10.0))
    return {"mean": rms.mean, "var": rms.var, "count": rms.count, "normalized": normalized}


class ActionNoise(object):
    def reset(self):
        pass


# Based on http://math.stackexchange.com/questions/1287634/implementing-ornstein-uhlenbeck-in-matlab
class OrnsteinUhlenbeckActionNoise(ActionNoise):
    def __init__(self, mu, sigma, theta=.15, dt=1e-2, x0=None):
        self.theta = theta
        self.mu = mu
        self.sigma = sigma
        self.dt = dt
        self.x0 = x0
        self.reset()

    def __call__(self):
        x = self.x_prev + self.theta * (self.mu - self.x_prev) * self.dt + self.sigma * np.sqrt(self.dt) * np.random.normal(size=self.mu.shape)
        self.x_prev = x
        return x

    def reset(self):
        self.x_prev = self.x0 if self.x0 is not None else np.zeros_like(self.mu)


def drive_ou_noise():
    # ddpg/ddpg.py: action += self.action_noise() at each step, self.action_noise.reset() at each episode's start
    np.random.seed(7)
    noise = OrnsteinUhlenbeckActionNoise(mu=np.zeros(2), sigma=0.2 * np.ones(2))
    draws = []
    for episode in range(2):
        noise.reset()
        for _ in range(3):
            draws.append(noise())
    return {"draws": draws, "x_prev": noise.x_prev}


# ======================================================================================================
# openai/gym: gym/envs/classic_control/pendulum.py, cartpole.py, continuous_mountain_car.py; gym/spaces/discrete.py
# ======================================================================================================

class Discrete:
    """gym.spaces.Discrete: its __init__'s n and start, and contains() as written."""
    def __init__(self, n, start=0):
        self.n = n
        self.start = start

    def contains(self, x) -> bool:
        """Return boolean specifying if x is a valid member of this space."""
        if isinstance(x, int):
            as_int = x
        elif isinstance(x, (np.generic, np.ndarray)) and (
            np.issubdtype(x.dtype, np.integer) and x.shape == ()
        ):
            as_int = int(x)  # type: ignore
        else:
            return False

        return self.start <= as_int < self.start + self.n


class PendulumEnv:  # (gym.Env left out)
    def __init__(self, render_mode=None, g=10.0):
        self.max_speed = 8
        self.max_torque = 2.0
        self.dt = 0.05
        self.g = g
        self.m = 1.0
        self.l = 1.0
        self.render_mode = render_mode

    def step(self, u):
        th, thdot = self.state  # th := theta

        g = self.g
        m = self.m
        l = self.l
        dt = self.dt

        u = np.clip(u, -self.max_torque, self.max_torque)[0]
        self.last_u = u  # for rendering
        costs = angle_normalize(th) ** 2 + 0.1 * thdot**2 + 0.001 * (u**2)

        newthdot = thdot + (3 * g / (2 * l) * np.sin(th) + 3.0 / (m * l**2) * u) * dt
        newthdot = np.clip(newthdot, -self.max_speed, self.max_speed)
        newth = th + newthdot * dt

        self.state = np.array([newth, newthdot])

        if self.render_mode == "human":
            self.render()
        return self._get_obs(), -costs, False, False, {}

    def reset(self, *, seed=None, options=None):
        self.np_random = np.random.RandomState(seed)  # (gym.Env.reset seeds self.np_random)
        high = np.array([DEFAULT_X, DEFAULT_Y])
        low = -high  # We enforce symmetric limits.
        self.state = self.np_random.uniform(low=low, high=high)
        self.last_u = None
        return self._get_obs(), {}

    def _get_obs(self):
        theta, thetadot = self.state
        return np.array([np.cos(theta), np.sin(theta), thetadot], dtype=np.float32)


DEFAULT_X = np.pi
DEFAULT_Y = 1.0


def angle_normalize(x):
    return ((x + np.pi) % (2 * np.pi)) - np.pi


class _Logger:
    """gym.logger's warn (print a warning): the one call cartpole.py makes."""
    def warn(self, msg, *args):
        print(f"WARN: {msg % args}")


logger = _Logger()


class CartPoleEnv:  # (gym.Env left out; rendering attributes not copied)
    def __init__(self, render_mode=None):
        self.gravity = 9.8
        self.masscart = 1.0
        self.masspole = 0.1
        self.total_mass = self.masspole + self.masscart
        self.length = 0.5  # actually half the pole's length
        self.polemass_length = self.masspole * self.length
        self.force_mag = 10.0
        self.tau = 0.02  # seconds between state updates
        self.kinematics_integrator = "euler"

        # Angle at which to fail the episode
        self.theta_threshold_radians = 12 * 2 * math.pi / 360
        self.x_threshold = 2.4

        self.action_space = Discrete(2)
        self.render_mode = render_mode
        self.state = None

        self.steps_beyond_terminated = None

    def step(self, action):
        err_msg = f"{action!r} ({type(action)}) invalid"
        assert self.action_space.contains(action), err_msg
        assert self.state is not None, "Call reset before using step method."
        x, x_dot, theta, theta_dot = self.state
        force = self.force_mag if action == 1 else -self.force_mag
        costheta = math.cos(theta)
        sintheta = math.sin(theta)

        # For the interested reader:
        # https://coneural.org/florian/papers/05_cart_pole.pdf
        temp = (
            force + self.polemass_length * theta_dot**2 * sintheta
        ) / self.total_mass
        thetaacc = (self.gravity * sintheta - costheta * temp) / (
            self.length * (4.0 / 3.0 - self.masspole * costheta**2 / self.total_mass)
        )
        xacc = temp - self.polemass_length * thetaacc * costheta / self.total_mass

        if self.kinematics_integrator == "euler":
            x = x + self.tau * x_dot
            x_dot = x_dot + self.tau * xacc
            theta = theta + self.tau * theta_dot
            theta_dot = theta_dot + self.tau * thetaacc
        else:  # semi-implicit euler
            x_dot = x_dot + self.tau * xacc
            x = x + self.tau * x_dot
            theta_dot = theta_dot + self.tau * thetaacc
            theta = theta + self.tau * theta_dot

        self.state = (x, x_dot, theta, theta_dot)

        terminated = bool(
            x < -self.x_threshold
            or x > self.x_threshold
            or theta < -self.theta_threshold_radians
            or theta > self.theta_threshold_radians
        )

        if not terminated:
            reward = 1.0
        elif self.steps_beyond_terminated is None:
            # Pole just fell!
            self.steps_beyond_terminated = 0
            reward = 1.0
        else:
            if self.steps_beyond_terminated == 0:
                logger.warn(
                    "You are calling 'step()' even though this "
                    "environment has already returned terminated = True. You "
                    "should always call 'reset()' once you receive 'terminated = "
                    "True' -- any further steps are undefined behavior."
                )
            self.steps_beyond_terminated += 1
            reward = 0.0

        if self.render_mode == "human":
            self.render()
        return np.array(self.state, dtype=np.float32), reward, terminated, False, {}

    def reset(self, *, seed=None, options=None):
        self.np_random = np.random.RandomState(seed)  # (gym.Env.reset seeds self.np_random)
        low, high = -0.05, 0.05  # (utils.maybe_parse_reset_bounds(None, -0.05, 0.05))
        self.state = self.np_random.uniform(low=low, high=high, size=(4,))
        self.steps_beyond_terminated = None
        return np.array(self.state, dtype=np.float32), {}


class Continuous_MountainCarEnv:  # (gym.Env left out; spaces and rendering attributes not copied)
    def __init__(self, render_mode=None, goal_velocity=0):
        self.min_action = -1.0
        self.max_action = 1.0
        self.min_position = -1.2
        self.max_position = 0.6
        self.max_speed = 0.07
        self.goal_position = (
            0.45  # was 0.5 in gym, 0.45 in Arnaud de Broissia's version
        )
        self.goal_velocity = goal_velocity
        self.power = 0.0015
        self.render_mode = render_mode

    def step(self, action: np.ndarray):

        position = self.state[0]
        velocity = self.state[1]
        force = min(max(action[0], self.min_action), self.max_action)

        velocity += force * self.power - 0.0025 * math.cos(3 * position)
        if velocity > self.max_speed:
            velocity = self.max_speed
        if velocity < -self.max_speed:
            velocity = -self.max_speed
        position += velocity
        if position > self.max_position:
            position = self.max_position
        if position < self.min_position:
            position = self.min_position
        if position == self.min_position and velocity < 0:
            velocity = 0

        # Convert a possible numpy bool to a Python bool.
        terminated = bool(
            position >= self.goal_position and velocity >= self.goal_velocity
        )

        reward = 0
        if terminated:
            reward = 100.0
        reward -= math.pow(action[0], 2) * 0.1

        self.state = np.array([position, velocity], dtype=np.float32)

        if self.render_mode == "human":
            self.render()
        return self.state, reward, terminated, False, {}

    def reset(self, *, seed=None, options=None):
        self.np_random = np.random.RandomState(seed)  # (gym.Env.reset seeds self.np_random)
        low, high = -0.6, -0.4  # (utils.maybe_parse_reset_bounds(None, -0.6, -0.4))
        self.state = np.array([self.np_random.uniform(low=low, high=high), 0])
        return np.array(self.state, dtype=np.float32), {}


def _drive_env(env, actions):
    # The agent-environment loop of gym's README: observation, info = env.reset(seed=42); then
    # observation, reward, terminated, truncated, info = env.step(action) for each action
    observation, info = env.reset(seed=42)
    steps = [env.step(action) for action in actions]
    return {"first": observation, "steps": steps, "state": env.state}


def drive_pendulum():
    return _drive_env(PendulumEnv(), [np.array([u]) for u in (0.5, -1.0, 2.5, 0.5, 0.5)])


def drive_cartpole():
    return _drive_env(CartPoleEnv(), [1, 1, 0, 0, 1, 0])  # (a push held for two steps, as a constant policy does)


def drive_mountain_car():
    return _drive_env(Continuous_MountainCarEnv(), [np.array([a], dtype=np.float32) for a in (1.0, 0.3, -2.0, 1.0)])


# ======================================================================================================
# scikit-learn/scikit-learn: sklearn/neural_network/_stochastic_optimizers.py ("License: BSD 3 clause")
# ======================================================================================================

class BaseOptimizer:
    """Base (Stochastic) gradient descent optimizer (...)"""

    def __init__(self, params, learning_rate_init=0.1):
        self.params = [param for param in params]
        self.learning_rate_init = learning_rate_init
        self.learning_rate = float(learning_rate_init)

    def update_params(self, grads):
        """Update parameters with given gradients (...)"""
        updates = self._get_updates(grads)
        for param, update in zip(self.params, updates):
            param += update

    def iteration_ends(self, time_step):
        """Perform update to learning rate and potentially other states at the
        end of an iteration
        """
        pass


class SGDOptimizer(BaseOptimizer):
    """Stochastic gradient descent optimizer with momentum (...)"""

    def __init__(
        self,
        params,
        learning_rate_init=0.1,
        lr_schedule="constant",
        momentum=0.9,
        nesterov=True,
        power_t=0.5,
    ):
        super().__init__(params, learning_rate_init)

        self.lr_schedule = lr_schedule
        self.momentum = momentum
        self.nesterov = nesterov
        self.power_t = power_t
        self.velocities = [np.zeros_like(param) for param in params]

    def iteration_ends(self, time_step):
        """Perform updates to learning rate and potential other states at the
        end of an iteration (...)"""
        if self.lr_schedule == "invscaling":
            self.learning_rate = (
                float(self.learning_rate_init) / (time_step + 1) ** self.power_t
            )

    def _get_updates(self, grads):
        """Get the values used to update params with given gradients (...)"""
        updates = [
            self.momentum * velocity - self.learning_rate * grad
            for velocity, grad in zip(self.velocities, grads)
        ]
        self.velocities = updates

        if self.nesterov:
            updates = [
                self.momentum * velocity - self.learning_rate * grad
                for velocity, grad in zip(self.velocities, grads)
            ]

        return updates


class AdamOptimizer(BaseOptimizer):
    """Stochastic gradient descent optimizer with Adam (...)"""

    def __init__(
        self, params, learning_rate_init=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-8
    ):
        super().__init__(params, learning_rate_init)

        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.t = 0
        self.ms = [np.zeros_like(param) for param in params]
        self.vs = [np.zeros_like(param) for param in params]

    def _get_updates(self, grads):
        """Get the values used to update params with given gradients (...)"""
        self.t += 1
        self.ms = [
            self.beta_1 * m + (1 - self.beta_1) * grad
            for m, grad in zip(self.ms, grads)
        ]
        self.vs = [
            self.beta_2 * v + (1 - self.beta_2) * (grad ** 2)
            for v, grad in zip(self.vs, grads)
        ]
        self.learning_rate = (
            self.learning_rate_init
            * np.sqrt(1 - self.beta_2 ** self.t)
            / (1 - self.beta_1 ** self.t)
        )
        updates = [
            -self.learning_rate * m / (np.sqrt(v) + self.epsilon)
            for m, v in zip(self.ms, self.vs)
        ]
        return updates


def _drive_optimizer(make):
    # MLPRegressor._fit_stochastic: per batch, grads from backprop, then self._optimizer.update_params(params, grads)
    # (this version: update_params(grads) on the params it holds); per epoch, self._optimizer.iteration_ends(self.t_).
    # The model is a linear least-squares layer here (coefs_ and intercepts_ as MLP holds them), 2 epochs of 2 batches.
    rng = np.random.RandomState(8)
    X = rng.normal(size=(8, 3))
    Y = X @ rng.normal(size=(3, 2)) + 0.5
    coef, intercept = np.zeros((3, 2)), np.zeros(2)
    optimizer = make([coef, intercept])
    t = 0
    for epoch in range(2):
        for batch in (slice(0, 4), slice(4, 8)):
            residual = X[batch] @ coef + intercept - Y[batch]
            grads = [X[batch].T @ residual / 4, residual.mean(axis=0)]
            optimizer.update_params(grads)
            t += 4
        optimizer.iteration_ends(t)
    return {"coef": coef, "intercept": intercept, "learning_rate": optimizer.learning_rate}


def drive_sgd_constant():
    return _drive_optimizer(lambda params: SGDOptimizer(params, learning_rate_init=0.05))


def drive_sgd_invscaling():
    return _drive_optimizer(lambda params: SGDOptimizer(params, learning_rate_init=0.05, lr_schedule="invscaling"))


def drive_adam():
    return _drive_optimizer(lambda params: AdamOptimizer(params, learning_rate_init=0.05))


# ======================================================================================================
# The cases, and what each executor does with them (tests/autograph/test_stateful_corpus.py's MODES; a mode not
# named passes: every call and the state left are eager's)
# ======================================================================================================

HERE = sys.modules[__name__]
NO_JAX = ("interpreter", "xla", "auto")

# backend="jax" runs the function on JAX's tracers: NumPy functions cannot take them (docs/jax.md)
NUMPY_ON_TRACERS = Refused("The numpy.ndarray conversion method __array__() was called on traced array", by="jax")
DRAW_ON_XLA = Refused("runs a NumPy random generator each time the graph runs, which executor='jax' cannot do")
DRAW_UNDER_JAX = Refused("inside a function traced by JAX")
# A value the trace computed from its inputs, stored in an object that outlives the trace (self.state = ...,
# self.actions.append(...)): refused as the trace ends, the object given back its value (autograph/trace_guards.py).
# (Until stop 53 these ran: each call after the first reran the first trace's graph, since the guard left the
# function's own writes out: a counter stuck, an episode that never ended: tests/autograph/test_own_writes.py.)
STORED = Refused("stored a value it traced in")


def _expect(**by_mode):
    """``interpreter=..., xla=..., auto=..., backend_jax=...``; ``graph=...`` for the three graph executors."""
    expect = {}
    if "graph" in by_mode:
        expect.update(dict.fromkeys(NO_JAX, by_mode.pop("graph")))
    expect.update({mode.replace("_", "-"): outcome for mode, outcome in by_mode.items()})
    return expect


def _case(name, source, path, original, owner, attr, drive, **expect):
    return Case(name, source, path, original, owner, attr, drive, _expect(**expect))


CASES = [
    # rasbt: state an eager loop updates in place between the traced calls (self.w_[1:] += ...)
    _case("perceptron-predict", RASBT, "ch02/ch02.py", "Perceptron.predict", Perceptron, "predict",
          drive_perceptron, backend_jax=NUMPY_ON_TRACERS),
    _case("perceptron-net_input", RASBT, "ch02/ch02.py", "Perceptron.net_input", Perceptron, "net_input",
          drive_perceptron, backend_jax=NUMPY_ON_TRACERS),
    _case("adaline-gd-net_input", RASBT, "ch02/ch02.py", "AdalineGD.net_input", AdalineGD, "net_input",
          drive_adaline_gd, backend_jax=NUMPY_ON_TRACERS),
    _case("adaline-gd-predict-refits", RASBT, "ch02/ch02.py", "AdalineGD.predict", AdalineGD, "predict",
          drive_adaline_gd_refits, backend_jax=NUMPY_ON_TRACERS),
    _case("adaline-sgd-net_input", RASBT, "ch02/ch02.py", "AdalineSGD.net_input", AdalineSGD, "net_input",
          drive_adaline_sgd, backend_jax=NUMPY_ON_TRACERS),
    _case("adaline-sgd-_update_weights", RASBT, "ch02/ch02.py", "AdalineSGD._update_weights", AdalineSGD,
          "_update_weights", drive_adaline_sgd,
          graph=Refused("the array written in place is a ndarray, not a graph tensor"), backend_jax=NUMPY_ON_TRACERS),
    _case("logistic-regression-fit", RASBT, "ch03/ch03.py", "LogisticRegressionGD.fit", LogisticRegressionGD, "fit",
          drive_logistic_regression, graph=Refused("fit returns a LogisticRegressionGD (its return value)"),
          backend_jax=Refused("np.random.RandomState(...) inside a function traced by JAX")),
    _case("logistic-regression-net_input", RASBT, "ch03/ch03.py", "LogisticRegressionGD.net_input",
          LogisticRegressionGD, "net_input", drive_logistic_regression, backend_jax=NUMPY_ON_TRACERS),
    _case("mlp-_forward", RASBT, "ch12/neuralnet.py", "NeuralNetMLP._forward", NeuralNetMLP, "_forward", drive_mlp,
          backend_jax=NUMPY_ON_TRACERS),
    _case("mlp-_compute_cost", RASBT, "ch12/neuralnet.py", "NeuralNetMLP._compute_cost", NeuralNetMLP,
          "_compute_cost", drive_mlp, backend_jax=NUMPY_ON_TRACERS),
    _case("mlp-predict", RASBT, "ch12/neuralnet.py", "NeuralNetMLP.predict", NeuralNetMLP, "predict", drive_mlp,
          backend_jax=NUMPY_ON_TRACERS),
    # Nielsen: lists of weight arrays that SGD rebinds
    _case("network-feedforward", NIELSEN, "src/network.py", "Network.feedforward", Network, "feedforward",
          drive_network, backend_jax=NUMPY_ON_TRACERS),
    _case("network-backprop", NIELSEN, "src/network.py", "Network.backprop", Network, "backprop", drive_network,
          backend_jax=NUMPY_ON_TRACERS),
    _case("network-update_mini_batch", NIELSEN, "src/network.py", "Network.update_mini_batch", Network,
          "update_mini_batch", drive_network, graph=STORED, backend_jax=NUMPY_ON_TRACERS),
    # Sutton and Barto: agents whose estimates change between calls, the global generator, module globals
    _case("bandit-act-epsilon-greedy", SUTTON, "chapter02/ten_armed_testbed.py", "Bandit.act", Bandit, "act",
          drive_bandit_epsilon_greedy, xla=DRAW_ON_XLA, backend_jax=DRAW_UNDER_JAX),
    _case("bandit-act-ucb", SUTTON, "chapter02/ten_armed_testbed.py", "Bandit.act", Bandit, "act", drive_bandit_ucb,
          xla=DRAW_ON_XLA, backend_jax=DRAW_UNDER_JAX),
    _case("bandit-act-gradient", SUTTON, "chapter02/ten_armed_testbed.py", "Bandit.act", Bandit, "act",
          drive_bandit_gradient, graph=Refused("'self.action_prob' is assigned in the else branch but not in the if"),
          backend_jax=DRAW_UNDER_JAX),
    _case("bandit-step", SUTTON, "chapter02/ten_armed_testbed.py", "Bandit.step", Bandit, "step",
          drive_bandit_epsilon_greedy, graph=Refused("a NumPy array indexed by a graph tensor"),
          backend_jax=DRAW_UNDER_JAX),
    _case("state-aggregation-value", SUTTON, "chapter09/random_walk.py", "ValueFunction.value", ValueFunction,
          "value", drive_state_aggregation),
    _case("tile-coding-value", SUTTON, "chapter09/random_walk.py", "TilingsValueFunction.value",
          TilingsValueFunction, "value", drive_tile_coding),
    _case("polynomial-bases-value", SUTTON, "chapter09/random_walk.py", "BasesValueFunction.value",
          BasesValueFunction, "value", drive_polynomial_bases),
    _case("expected-tdc", SUTTON, "chapter11/counterexample.py", "expected_TDC", HERE, "expected_TDC",
          drive_expected_tdc, backend_jax=NUMPY_ON_TRACERS),
    _case("compute-rmspbe", SUTTON, "chapter11/counterexample.py", "compute_RMSPBE", HERE, "compute_RMSPBE",
          drive_expected_tdc, backend_jax=NUMPY_ON_TRACERS),
    _case("expected-emphatic-td", SUTTON, "chapter11/counterexample.py", "expected_emphatic_TD", HERE,
          "expected_emphatic_TD", drive_expected_emphatic_td, backend_jax=NUMPY_ON_TRACERS),
    _case("reinforce-get_pi", SUTTON, "chapter13/short_corridor.py", "ReinforceAgent.get_pi", ReinforceAgent,
          "get_pi", drive_short_corridor),
    _case("reinforce-choose_action", SUTTON, "chapter13/short_corridor.py", "ReinforceAgent.choose_action",
          ReinforceAgent, "choose_action", drive_short_corridor,
          graph=STORED, backend_jax=DRAW_UNDER_JAX),
    _case("short-corridor-step", SUTTON, "chapter13/short_corridor.py", "ShortCorridor.step", ShortCorridor, "step",
          drive_short_corridor, graph=STORED, backend_jax=STORED),
    # estool: an evolution strategy and its Adam optimizer
    _case("open-es-ask", ESTOOL, "es.py", "OpenES.ask", OpenES, "ask", drive_open_es,
          graph=STORED, backend_jax=DRAW_UNDER_JAX),
    _case("open-es-rms_stdev", ESTOOL, "es.py", "OpenES.rms_stdev", OpenES, "rms_stdev", drive_open_es),
    _case("open-es-tell", ESTOOL, "es.py", "OpenES.tell", OpenES, "tell", drive_open_es,
          graph=Refused("a NumPy array indexed by a graph tensor"), backend_jax=NUMPY_ON_TRACERS),
    _case("adam-_compute_step", ESTOOL, "es.py", "Adam._compute_step", Adam, "_compute_step", drive_open_es,
          graph=STORED, backend_jax=NUMPY_ON_TRACERS),
    # baselines: running statistics and exploration noise
    _case("running-mean-std-update", BASELINES, "baselines/common/running_mean_std.py", "RunningMeanStd.update",
          RunningMeanStd, "update", drive_running_mean_std, graph=STORED, backend_jax=NUMPY_ON_TRACERS),
    _case("ou-noise-call", BASELINES, "baselines/ddpg/noise.py", "OrnsteinUhlenbeckActionNoise.__call__",
          OrnsteinUhlenbeckActionNoise, "__call__", drive_ou_noise,
          graph=STORED, backend_jax=DRAW_UNDER_JAX),
    # gym: environments stepping self.state
    _case("pendulum-step", GYM, "gym/envs/classic_control/pendulum.py", "PendulumEnv.step", PendulumEnv, "step",
          drive_pendulum, graph=STORED,
          backend_jax=NUMPY_ON_TRACERS),
    _case("cartpole-step", GYM, "gym/envs/classic_control/cartpole.py", "CartPoleEnv.step", CartPoleEnv, "step",
          drive_cartpole),
    _case("mountain-car-step", GYM, "gym/envs/classic_control/continuous_mountain_car.py",
          "Continuous_MountainCarEnv.step", Continuous_MountainCarEnv, "step", drive_mountain_car,
          graph=STORED,
          backend_jax=Refused("Attempted boolean conversion of traced array", by="jax")),
    # scikit-learn: the MLP's optimizers, whose _get_updates keeps its state in attributes
    _case("sgd-momentum-_get_updates", SKLEARN, "sklearn/neural_network/_stochastic_optimizers.py",
          "SGDOptimizer._get_updates", SGDOptimizer, "_get_updates", drive_sgd_constant, graph=STORED,
          backend_jax=STORED),
    _case("sgd-invscaling-_get_updates", SKLEARN, "sklearn/neural_network/_stochastic_optimizers.py",
          "SGDOptimizer._get_updates", SGDOptimizer, "_get_updates", drive_sgd_invscaling, graph=STORED,
          backend_jax=STORED),
    _case("adam-_get_updates", SKLEARN, "sklearn/neural_network/_stochastic_optimizers.py",
          "AdamOptimizer._get_updates", AdamOptimizer, "_get_updates", drive_adam, graph=STORED,
          backend_jax=NUMPY_ON_TRACERS),
]
