"""Writes into the lists and dicts a function is given, and iterators that outlive the call, in real NumPy code:
cs231n's update rules, which keep their state in the ``config`` dict they are handed (``config.setdefault(...)``,
``config['velocity'] = v``, a ``gradient_list`` that grows) and its batch normalization, which writes running means
into ``bn_param``; the optimizers of "Deep Learning from Scratch", which update the arrays of the ``params`` dict they
are handed; a plain-NumPy network whose ``update`` does the same and whose ``train`` appends to mutable default lists
(``cost_history=[]``) that grow from call to call; hypnettorch's datasets, whose next batch is taken from a generator
the dataset holds by ``np.fromiter(..., count=batch_size)``; a batch taken from a shared dataset iterator by
``tuple(islice(...))``; gensim's ``chunkize_serial``, a comprehension over ``islice`` of the caller's iterator, and its
``update_lda_seq_ss``, which adds into the arrays of the list of sufficient statistics it is handed.
Copied from public repositories, with small inputs. ``tests/coverage/test_argument_writes_corpus.py`` checks that a
traced graph called three times gives eager's result at each call and leaves the caller's containers (or what is left
of the caller's iterator) as eager code does, or refuses clearly.

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may
not edit ``cases.py``), so ``CASES`` is empty here and the cases are ``ARGUMENT_CASES``: ``(name, kind, fresh,
visible, left)``. ``fresh()`` builds the case's state anew and gives ``(function, arguments)``: the function to call
(eagerly, or as ``autograph.function(function)``) and the argument tuple, whose lists, dicts, objects and iterators are
the caller's state (each call of ``fresh`` makes new ones, so eager code and the graph each have their own).
``visible(function, arguments)`` is a copy of what the caller sees of that state after a call (the ``config`` dict, the
``params`` arrays, the grown default lists); ``left(function, arguments)`` (iterator cases) takes what is left of the
caller's iterator (it consumes it: read once, at the end). ``kind`` is ``"writes"`` (into the containers given) or
``"iterator"`` (items taken from an iterator that outlives the call). The functions at the end of the file (under "The
cases") are the calling convention: they hand the upstream function its arguments, take one batch and compute with the
array argument ``w``, make a fresh copy of a function whose defaults are the state; they are this file's, not
upstream's.

Sources (none of them a repository of ``cases.REPOS`` nor of another corpus here; docstrings dropped, comments and
code as upstream; one stored version per file):

* kingtaurus/cs231n (no license file in the repository; Stanford's CS231n assignment code with a student's answers)
  @4d0c139cc64a3cf5303495b45f37de57823f8abf: ``assignment2/cs231n/optim.py`` (``sgd``, ``sgd_momentum``, ``rmsprop``,
  ``adawindow``, ``adam``: ``update(w, dw, config)``, which fill ``config`` with ``setdefault`` and keep their state in
  it), ``assignment2/cs231n/layers.py`` (``batchnorm_forward``, which writes ``running_mean`` and ``running_var`` into
  ``bn_param``).

* oreilly-japan/deep-learning-from-scratch (MIT, per ``LICENSE.md``) @07b11618cdb5d5f78ad45464de0730efc07b0a4a
  ``common/optimizer.py``: ``SGD``, ``Momentum``, ``AdaGrad`` (``update(self, params, grads)``: ``params[key] -=
  ...`` on the arrays of the dict it is handed; ``Momentum`` and ``AdaGrad`` keep their own dict on ``self``).

* Urinx/DCA-on-ANN (no license file in the repository) @67cb28cd2dd0973a01405229482710500091c0ae
  ``skip_layer_fnn_numpy.py``: ``init_layers``, ``sigmoid``, ``relu``, ``sigmoid_backward``, ``relu_backward``, ``loss``,
  ``loss_backward``, ``single_layer_forward_propagation``, ``compute_skip_layer_value``, ``full_forward_propagation``,
  ``single_layer_backward_propagation``, ``compute_skip_layer_dW``, ``full_backward_propagation``, ``update``,
  ``get_accuracy_value``, ``train`` (a network in plain NumPy with skip-layer connections; ``train``'s
  ``cost_history=[]`` and ``accuracy_history=[]`` are mutable defaults that keep growing, and its callers read
  ``cost_history[-1]``). Its imports of ``tensorflow``, ``pickle``, ``dca_numba_cpu.DCA`` and ``sys`` are left out
  (none of these functions uses them); ``activation is "relu"`` is upstream's (a ``SyntaxWarning`` since Python 3.8;
  the strings compared are literals, so ``is`` holds).

* chrhenning/hypnettorch (Apache-2.0, per ``LICENSE``) @12133c0f6828c0e06f21fd0a2c8d304741b9fd57
  ``hypnettorch/data/dataset.py``: ``Dataset``, with only ``__init__``, ``classification``, ``is_one_hot``,
  ``shuffle_test_samples``, ``next_train_batch``, ``next_test_batch``, ``reset_batch_generator``, ``_get_outputs`` and
  ``_get_random_batch`` (the generator of sample indices a dataset holds; ``next_*_batch`` takes ``batch_size`` of them
  with ``np.fromiter(..., count=batch_size)``). Its abstract methods (``get_identifier``, ...), plotting and
  one-hot encoding (scikit-learn) are left out: the cases' data are a regression's, which never encodes. ``np.int``
  (removed in NumPy 1.24, an alias of ``int``) is ``int`` here. A dataset is a subclass that fills ``_data``; the
  stand-in ``_Regression1D`` is this file's (upstream's toy regressions are in ``data/special/regression1d_data.py``).

* jpgard/dro (GPL-2.0, per ``LICENSE``) @c215c3e94a76a154c9fc2cd94d2df033b399ea82
  ``dro/training/training_utils.py``: ``get_batch(dataset_iterator, batch_size)`` (``tuple(islice(...))`` of a
  dataset iterator of ``(x, y)`` pairs; upstream's is a ``tf.data`` iterator of arrays; here an iterator over a list or
  a generator of NumPy pairs: TensorFlow is not installed with this interpreter).

* RaRe-Technologies/gensim (LGPL-2.1, per ``COPYING``) @2d17ddf0f2aa1f7987ddd19c472c9d4da8b5c5c0 ``gensim/utils.py``:
  ``chunkize_serial`` (``grouper``): ``it = iter(iterable)``, which is the caller's iterator itself when it is handed
  one, and a comprehension (``as_numpy=True``) or a ``list`` over ``itertools.islice(it, chunksize)``;
  ``gensim/models/ldaseqmodel.py``: ``LdaPost.update_lda_seq_ss`` (adds a document's topic weights into the arrays of
  the ``topic_suffstats`` list it is handed, ``topic_ss[word_id][time] += ...``, and puts each back,
  ``topic_suffstats[k] = topic_ss``), in a class that holds only it (upstream's derives from ``utils.SaveLoad``); the
  calling convention makes an ``LdaPost`` without its ``__init__`` and sets the three attributes the method reads.
"""

# ruff: noqa: E501, E701, W291, W293, F632, B006, B024, UP031  (upstream code, as written)
from __future__ import annotations

import itertools
import types
from abc import ABC
from itertools import islice

import numpy as np

# ================================================================================================================
# kingtaurus/cs231n: assignment2/cs231n/optim.py

def sgd(w, dw, config=None):
  if config is None:
    config = {}
  config.setdefault('learning_rate', 1e-2)
  w -= config['learning_rate'] * dw
  return w, config


def sgd_momentum(w, dw, config=None):
  if config is None: config = {}
  config.setdefault('learning_rate', 1e-2)
  config.setdefault('momentum', 0.9)
  v = config.get('velocity', np.zeros_like(w))
  
  next_w = None
  #############################################################################
  # TODO: Implement the momentum update formula. Store the updated value in   #
  # the next_w variable. You should also use and update the velocity v.       #
  #############################################################################
  v = config.get('momentum') * v - config.get('learning_rate') * dw
  next_w = w + v
  #############################################################################
  #                             END OF YOUR CODE                              #
  #############################################################################
  config['velocity'] = v

  return next_w, config


def rmsprop(x, dx, config=None):
  if config is None: config = {}
  config.setdefault('learning_rate', 1e-2)
  config.setdefault('decay_rate', 0.99)
  config.setdefault('epsilon', 1e-8)
  config.setdefault('cache', np.zeros_like(x))

  learning_rate = config['learning_rate']
  decay_rate    = config['decay_rate']
  epsilon       = config['epsilon']
  cache         = config['cache']

  next_x = None
  #############################################################################
  # TODO: Implement the RMSprop update formula, storing the next value of x   #
  # in the next_x variable. Don't forget to update cache value stored in      #  
  # config['cache'].                                                          #
  #############################################################################
  config['cache']  = decay_rate * cache + (1 - decay_rate) * dx.reshape(x.shape) **2
  next_x = x - learning_rate * dx.reshape(x.shape) / np.sqrt(config['cache'] + epsilon)
  #############################################################################
  #                             END OF YOUR CODE                              #
  #############################################################################

  return next_x, config


def adawindow(x, dx, config=None):
  #ADAGrad using a rolling window
  next_x = None
  if config is None: config = {}
  config.setdefault('learning_rate', 1e-3)
  config.setdefault('gradient_list', [])
  config.setdefault('window_size', 100)

  window_size = config['window_size']

  config['gradient_list'].append(np.linalg.norm(dx))
  #config['gradient_norm_squared'].append(np.linalg.norm(dx)**2)
  config['gradient_list'] = config['gradient_list'][-window_size:]
  #config['gradient_norm_squared'] = config['gradient_norm_squared'][-window_size:]

  grad_norm = np.sqrt(np.sum(np.array(config['gradient_list'])**2))
  # print(np.linalg.norm(dx),grad_norm )
  next_x = x - config['learning_rate'] * dx / (np.sqrt(grad_norm) + 1e-10)
  #note: since dx has already been added, |dx| should be strickly less than np.sqrt(grad_norm)

  return next_x, config


def adam(x, dx, config=None):
  if config is None: config = {}
  config.setdefault('learning_rate', 1e-3)
  config.setdefault('beta1', 0.9)
  config.setdefault('beta2', 0.999)
  config.setdefault('epsilon', 1e-8)
  config.setdefault('m', np.zeros_like(x))
  config.setdefault('v', np.zeros_like(x))
  config.setdefault('t', 0)

  learning_rate = config['learning_rate']
  beta1         = config['beta1']
  beta2         = config['beta2']
  epsilon       = config['epsilon']
  m             = config['m']
  v             = config['v']
  t             = config['t']
  x_shape = x.shape
  
  next_x = None
  #############################################################################
  # TODO: Implement the Adam update formula, storing the next value of x in   #
  # the next_x variable. Don't forget to update the m, v, and t variables     #
  # stored in config.                                                         #
  #############################################################################
  m_hat = None
  v_hat = None
  t += 1
  m = beta1 * m + (1 - beta1) * dx.reshape(x.shape)
  v = beta2 * v + (1 - beta2) * np.power(dx,2).reshape(x.shape)

  next_x = x - learning_rate * m / (1 - beta1 ** t) / (np.sqrt(v / ( 1 - beta2 ** t)) + epsilon)

  config['t'] = t
  config['m'] = m
  config['v'] = v
  #############################################################################
  #                             END OF YOUR CODE                              #
  #############################################################################
  return next_x, config


# ================================================================================================================
# kingtaurus/cs231n: assignment2/cs231n/layers.py

def batchnorm_forward(x, gamma, beta, bn_param):
  mode = bn_param['mode']
  eps  = bn_param.get('eps', 1e-5)
  momentum = bn_param.get('momentum', 0.9)

  N, D = x.shape
  running_mean = bn_param.get('running_mean', np.zeros(D, dtype=x.dtype))
  running_var  = bn_param.get('running_var', np.ones(D, dtype=x.dtype))

  out, cache, x_hat = None, None, None
  mean = x.mean(axis=0)
  var  = x.var(axis=0)

  if mode == 'train':
    #############################################################################
    # TODO: Implement the training-time forward pass for batch normalization.   #
    # Use minibatch statistics to compute the mean and variance, use these      #
    # statistics to normalize the incoming data, and scale and shift the        #
    # normalized data using gamma and beta.                                     #
    #                                                                           #
    # You should store the output in the variable out. Any intermediates that   #
    # you need for the backward pass should be stored in the cache variable.    #
    #                                                                           #
    # You should also use your computed sample mean and variance together with  #
    # the momentum variable to update the running mean and running variance,    #
    # storing your result in the running_mean and running_var variables.        #
    #############################################################################
    running_mean = momentum * mean + (1 - momentum) * running_mean
    running_var  = momentum * var + (1 - momentum) * running_var
    x_hat = (x - mean) / np.sqrt(var + eps)
    x = gamma * x_hat + beta
    #############################################################################
    #                             END OF YOUR CODE                              #
    #############################################################################
  elif mode == 'test':
    #############################################################################
    # TODO: Implement the test-time forward pass for batch normalization. Use   #
    # the running mean and variance to normalize the incoming data, then scale  #
    # and shift the normalized data using gamma and beta. Store the result in   #
    # the out variable.                                                         #
    #############################################################################
    x_hat = (x - running_mean / np.sqrt(running_var + eps))
    x = gamma * (x_hat - running_mean) / np.sqrt(running_var + eps) + beta
    #############################################################################
    #                             END OF YOUR CODE                              #
    #############################################################################
  else:
    raise ValueError('Invalid forward batchnorm mode "%s"' % mode)

  # Store the updated running means back into bn_param
  bn_param['running_mean'] = running_mean
  bn_param['running_var']  = running_var
  out = x
  cache = (gamma, beta, x_hat, mean, (var+eps))
  return out, cache


# ================================================================================================================
# oreilly-japan/deep-learning-from-scratch: common/optimizer.py

class SGD:


    def __init__(self, lr=0.01):
        self.lr = lr
        
    def update(self, params, grads):
        for key in params.keys():
            params[key] -= self.lr * grads[key] 


class Momentum:


    def __init__(self, lr=0.01, momentum=0.9):
        self.lr = lr
        self.momentum = momentum
        self.v = None
        
    def update(self, params, grads):
        if self.v is None:
            self.v = {}
            for key, val in params.items():                                
                self.v[key] = np.zeros_like(val)
                
        for key in params.keys():
            self.v[key] = self.momentum*self.v[key] - self.lr*grads[key] 
            params[key] += self.v[key]


class AdaGrad:


    def __init__(self, lr=0.01):
        self.lr = lr
        self.h = None
        
    def update(self, params, grads):
        if self.h is None:
            self.h = {}
            for key, val in params.items():
                self.h[key] = np.zeros_like(val)
            
        for key in params.keys():
            self.h[key] += grads[key] * grads[key]
            params[key] -= self.lr * grads[key] / (np.sqrt(self.h[key]) + 1e-7)


# ================================================================================================================
# Urinx/DCA-on-ANN: skip_layer_fnn_numpy.py

def init_layers(nn_architecture, seed=99):
    np.random.seed(seed)
    number_of_layers = len(nn_architecture)
    params_values = {}

    for idx, layer in enumerate(nn_architecture):
        layer_idx = idx + 1
        layer_input_size = layer["input_dim"]
        layer_output_size = layer["output_dim"]
        has_bias = layer["bias"]

        params_values["W" + str(layer_idx)] = np.random.randn(layer_output_size, layer_input_size) * 0.1
        if has_bias: params_values['b' + str(layer_idx)] = np.random.randn(layer_output_size, 1) * 0.1

    return params_values


def sigmoid(Z):
    return 1/(1+np.exp(-Z))


def relu(Z):
    return np.maximum(0,Z)


def sigmoid_backward(dA, Z):
    sig = sigmoid(Z)
    return dA*sig*(1-sig)


def relu_backward(dA, Z):
    dZ = np.array(dA, copy=True)
    dZ[Z<=0] = 0
    return dZ


def loss(Y_hat, Y):
    return -np.sum(Y*np.log(Y_hat) + (1-Y)*np.log(1-Y_hat))


def loss_backward(Y_hat, Y):
    return -(np.divide(Y, Y_hat) - np.divide(1-Y, 1-Y_hat))


def single_layer_forward_propagation(A_prev, W_curr, b_curr, activation="relu", has_bias=True, S_curr=0):
    Z_curr = W_curr.dot(A_prev) + (b_curr if has_bias else 0)
    # skip layer connection
    Z_curr += S_curr

    if activation is "relu":
        activation_func = relu
    elif activation is "sigmoid":
        activation_func = sigmoid
    else:
        raise Exception("Non-supported activation function")

    A = activation_func(Z_curr)
    return A, Z_curr


def compute_skip_layer_value(skip_layer, memory, size, layer_idx):
    S = np.zeros(size)
    for k in range(layer_idx-1):
        for i,j in skip_layer.get((k, layer_idx),[]):
            A_k = memory["A" + str(k)]
            S[j,:] += A_k[i,:]
    return S


def full_forward_propagation(X, params_values, nn_architecture, skip_layer=None):
    memory = {}
    A_curr = X

    for idx, layer in enumerate(nn_architecture):
        layer_idx = idx + 1
        A_prev = A_curr

        active_function_curr = layer["activation"]
        has_bias = layer["bias"]
        W_curr = params_values["W" + str(layer_idx)]
        b_curr = params_values["b" + str(layer_idx)] if has_bias else 0
        size = (W_curr.shape[0], A_prev.shape[1])
        S_curr = compute_skip_layer_value(skip_layer, memory, size, layer_idx) if skip_layer is not None else 0
        A_curr, Z_curr = single_layer_forward_propagation(A_prev, W_curr, b_curr, active_function_curr, has_bias, S_curr)

        memory["A" + str(idx)] = A_prev
        memory["Z" + str(layer_idx)] = Z_curr

    return A_curr, memory


def single_layer_backward_propagation(dA_curr, W_curr, b_curr, Z_curr, A_prev, activation="relu", has_bias=True, dS_curr=0):
    m = A_prev.shape[1]

    if activation is "relu":
        backward_activation_func = relu_backward
    elif activation is "sigmoid":
        backward_activation_func = sigmoid_backward
    else:
        raise Exception("Non-supported activation function")

    dZ_curr = backward_activation_func(dA_curr, Z_curr)
    dW_curr = np.dot(dZ_curr, A_prev.T) / m
    if has_bias:
        db_curr = np.sum(dZ_curr, axis=1, keepdims=True) / m
    else:
        db_curr = 0
    dA_prev = np.dot(W_curr.T, dZ_curr)
    # skip layer connection
    dA_prev += dS_curr

    return dA_prev, dW_curr, db_curr, dZ_curr


def compute_skip_layer_dW(skip_layer, grads_values, size, layer_idx_curr, last_layer_idx):
    dS = np.zeros(size)
    for k in range(layer_idx_curr+2, last_layer_idx+1):
        for i,j in skip_layer.get((layer_idx_curr, k), []):
            dZ = grads_values["dZ" + str(k)]
            dS[i,:] += dZ[j,:]
    return dS


def full_backward_propagation(Y_hat, Y, memory, params_values, nn_architecture, skip_layer=None):
    grads_values = {}
    m = Y.shape[1]
    Y = Y.reshape(Y_hat.shape)

    dA_prev = loss_backward(Y_hat, Y)
    last_layer_idx = len(nn_architecture) + 1

    for layer_idx_prev, layer in reversed(list(enumerate(nn_architecture))):
        layer_idx_curr = layer_idx_prev + 1
        active_function_curr = layer["activation"]
        has_bias = layer["bias"]

        dA_curr = dA_prev

        A_prev = memory["A" + str(layer_idx_prev)]
        Z_curr = memory["Z" + str(layer_idx_curr)]
        W_curr = params_values["W" + str(layer_idx_curr)]
        b_curr = params_values["b" + str(layer_idx_curr)] if has_bias else 0
        dS_curr = compute_skip_layer_dW(skip_layer, grads_values, A_prev.shape, layer_idx_curr, last_layer_idx) if skip_layer is not None else 0
        dA_prev, dW_curr, db_curr, dZ_curr = single_layer_backward_propagation(dA_curr, W_curr, b_curr, Z_curr, A_prev, active_function_curr, has_bias, dS_curr)

        grads_values["dW" + str(layer_idx_curr)] = dW_curr
        grads_values["dZ" + str(layer_idx_curr)] = dZ_curr
        if has_bias:
            grads_values["db" + str(layer_idx_curr)] = db_curr

    return grads_values


def update(params_values, grads_values, nn_architecture, learning_rate):
    for layer_idx, layer in enumerate(nn_architecture):
        has_bias = layer["bias"]
        layer_idx += 1
        params_values["W" + str(layer_idx)] -= learning_rate * grads_values["dW" + str(layer_idx)]
        if has_bias:
            params_values["b" + str(layer_idx)] -= learning_rate * grads_values["db" + str(layer_idx)]

    return params_values


def get_accuracy_value(Y_hat, Y):
    Y_hat = np.array(Y_hat > 0.5, dtype=int)
    tp = np.sum(Y_hat == Y)
    m = Y.shape[1]
    return tp / m


def train(X, Y, nn_architecture, epochs, learning_rate, skip_layer=None, params_values=None, cost_history=[], accuracy_history=[]):
    if params_values is None:
        params_values = init_layers(nn_architecture, 2)
    
    for i in range(epochs):
        Y_hat, memory = full_forward_propagation(X, params_values, nn_architecture, skip_layer)
        cost = loss(Y_hat, Y)
        cost_history.append(cost)
        accuracy = get_accuracy_value(Y_hat, Y)
        accuracy_history.append(accuracy)

        grads_values = full_backward_propagation(Y_hat, Y, memory, params_values, nn_architecture, skip_layer)
        params_values = update(params_values, grads_values, nn_architecture, learning_rate)

        print('[*] Epoch: %d, loss: %.3f, acc: %.3f' % (i+1, cost, accuracy))

    return params_values, cost_history, accuracy_history


# ================================================================================================================
# chrhenning/hypnettorch: hypnettorch/data/dataset.py

class Dataset(ABC):
    def __init__(self):
        # Internally, everything is stored in a certain structure, such that it
        # can easily be backuped (for instance via pickle).
        data = {}

        # Boolean: See attribute "classification".
        data.setdefault('classification', None)
        # Boolean: See attribute "sequence".
        data.setdefault('sequence', None)

        # Integer: See attribute "num_classes".
        data.setdefault('num_classes', None)
        # Integer: See attribute "is_one_hot".
        data.setdefault('is_one_hot', None)

        # A 2D numpy array, containing a sample input in each row (all samples
        # are encoded as single vectors.)
        data.setdefault('in_data', None)
        # A 2D numpy array, containing a sample output in each row (all samples
        # are encoded as single vectors.)
        data.setdefault('out_data', None)

        # List or numpy array: See attribute "in_shape".
        data.setdefault('in_shape', [])
        # List or numpy array: See attribute "in_shape".
        data.setdefault('out_shape', [])

        # List or numpy array: All row indices of "in_data" or "out_data", that
        # correspond to samples belonging to the training set.
        data.setdefault('train_inds', [])
        # List or numpy array: All row indices of "in_data" or "out_data", that
        # correspond to samples belonging to the test set.
        data.setdefault('test_inds', [])
        # List or numpy array: All row indices of "in_data" or "out_data", that
        # correspond to samples belonging to the validation set.
        data.setdefault('val_inds', None)

        self._data = data

        # These are other private attributes, that are not in the data dict
        # as there would be no reason to pickle them.
        self._batch_gen_train = None
        self._batch_gen_test = None
        self._batch_gen_val = None

        # We only need to fit the one-hot encoder for this dataset once.
        self._one_hot_encoder = None

        self._shuffle_test_samples = True
        self._shuffle_val_samples = True

    # TODO deprecate this attribute. Instead, distinguish between multi and
    # single label encoding.
    @property
    def classification(self):
        return self._data['classification']

    @property
    def is_one_hot(self):
        return self._data['is_one_hot']

    @property
    def shuffle_test_samples(self):
        return self._shuffle_test_samples

    @shuffle_test_samples.setter
    def shuffle_test_samples(self, value):
        self._shuffle_test_samples = value
        self._batch_gen_test = None

    def next_train_batch(self, batch_size, use_one_hot=None,
                         return_ids=False):
        if self._batch_gen_train is None:
            self.reset_batch_generator(train=True, test=False, val=False)

        batch_inds = np.fromiter(self._batch_gen_train, int,  # np.int upstream
                                 count=batch_size)
        ret = [self._data['in_data'][batch_inds, :],
               self._get_outputs(self._data['out_data'][batch_inds, :],
                                 use_one_hot)]

        if return_ids:
            return ret + [batch_inds]
        else:
            return ret

    def next_test_batch(self, batch_size, use_one_hot=None,
                        return_ids=False):
        if self._batch_gen_test is None:
            self.reset_batch_generator(train=False, test=True, val=False)

        batch_inds = np.fromiter(self._batch_gen_test, int,  # np.int upstream
                                 count=batch_size)
        ret = [self._data['in_data'][batch_inds, :],
               self._get_outputs(self._data['out_data'][batch_inds, :],
                                 use_one_hot)]

        if return_ids:
            return ret + [batch_inds]
        else:
            return ret

    def reset_batch_generator(self, train=True, test=True, val=True):
        if train:
            self._batch_gen_train = \
                Dataset._get_random_batch(self._data['train_inds'])

        if test:
            self._batch_gen_test = \
                Dataset._get_random_batch(self._data['test_inds'],
                                          self._shuffle_test_samples)

        if val and self._data['val_inds'] is not None:
            self._batch_gen_val = \
                Dataset._get_random_batch(self._data['val_inds'],
                                          self._shuffle_val_samples)

    def _get_outputs(self, data, use_one_hot=None):
        if self.classification:
            if use_one_hot is None:
                use_one_hot = self.is_one_hot

            if use_one_hot != self.is_one_hot:
                # Toggle current encoding.
                if self.is_one_hot:
                    return self._to_one_hot(data, reverse=True)
                else:
                    return self._to_one_hot(data)

        return data

    @staticmethod
    def _get_random_batch(indices, shuffle=True):
        num_samples = np.shape(indices)[0]
        arr_inds = np.arange(num_samples)
        i = num_samples
        while True:
            if i == num_samples:
                i = 0
                if shuffle:
                    np.random.shuffle(arr_inds)
            yield indices[arr_inds[i]]
            i += 1



# ================================================================================================================
# jpgard/dro: dro/training/training_utils.py

def get_batch(dataset_iterator, batch_size):
    slice = tuple(islice(dataset_iterator, batch_size))
    batch_x = np.stack([i[0] for i in slice], axis=0)
    batch_y = np.stack([i[1] for i in slice], axis=0)
    return batch_x, batch_y


# ================================================================================================================
# RaRe-Technologies/gensim: gensim/utils.py

def chunkize_serial(iterable, chunksize, as_numpy=False, dtype=np.float32):
    it = iter(iterable)
    while True:
        if as_numpy:
            # convert each document to a 2d numpy array (~6x faster when transmitting
            # chunk data over the wire, in Pyro)
            wrapped_chunk = [[np.array(doc, dtype=dtype) for doc in itertools.islice(it, int(chunksize))]]
        else:
            wrapped_chunk = [list(itertools.islice(it, int(chunksize)))]
        if not wrapped_chunk[0]:
            break
        # memory opt: wrap the chunk and then pop(), to avoid leaving behind a dangling reference
        yield wrapped_chunk.pop()


# ================================================================================================================
# RaRe-Technologies/gensim: gensim/models/ldaseqmodel.py

class LdaPost:  # utils.SaveLoad upstream (pickling)

    def update_lda_seq_ss(self, time, doc, topic_suffstats):
        num_topics = self.lda.num_topics

        for k in range(num_topics):
            topic_ss = topic_suffstats[k]
            n = 0
            for word_id, count in self.doc:
                topic_ss[word_id][time] += count * self.phi[n][k]
                n += 1
            topic_suffstats[k] = topic_ss

        return topic_suffstats


# ================================================================================================================
# The cases (this file's: the calling convention, the state each call starts from, what the caller sees of it)


def _copy(value):
    """What the caller sees: arrays, lists, tuples and dicts copied (a later call may change them in place)."""
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, (list, tuple)):
        return type(value)(_copy(v) for v in value)
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def _fresh_defaults(fn):
    """A copy of ``fn`` whose mutable defaults are new (empty) lists and dicts: its own state."""
    defaults = tuple(type(d)() if isinstance(d, (list, dict)) else d for d in fn.__defaults__)
    copy = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, defaults, fn.__closure__)
    copy.__qualname__, copy.__kwdefaults__ = fn.__qualname__, fn.__kwdefaults__
    return copy


def _rng(seed):
    return np.random.default_rng(seed)


# --- kingtaurus/cs231n: update(w, dw, config) -> (next_w, config); batchnorm_forward(x, gamma, beta, bn_param) ---
_W = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
_DW = np.array([[0.3, -0.2, 0.5], [0.1, 0.4, -0.6]])
_BN_X = _rng(1).normal(size=(5, 3)) * np.array([1.0, 2.0, 0.5]) + np.array([0.5, -1.0, 2.0])


def _cs231n_update(rule, config):
    return lambda: (rule, (_W.copy(), _DW.copy(), dict(config)))


def _cs231n_seen(fn, args):
    w, _, config = args
    return {"w": _copy(w), "config": _copy(config)}


def _cs231n_batchnorm():
    return batchnorm_forward, (_BN_X.copy(), np.array([1.5, 0.5, 1.0]), np.array([0.1, -0.2, 0.0]), {"mode": "train"})


def _cs231n_bn_param(fn, args):
    return _copy(args[3])


# --- oreilly-japan/deep-learning-from-scratch: optimizer.update(params, grads), params updated in place ---
def _dlfs_params():
    return {"W1": np.linspace(-0.5, 0.5, 6).reshape(2, 3), "b1": np.array([0.1, -0.1, 0.2])}


def _dlfs_grads():
    return {"W1": np.array([[0.2, -0.1, 0.4], [0.3, 0.0, -0.5]]), "b1": np.array([0.05, -0.2, 0.1])}


def _dlfs_update(optimizer_class):
    def fresh():
        optimizer = optimizer_class(lr=0.1)
        return optimizer.update, (_dlfs_params(), _dlfs_grads())
    return fresh


def _dlfs_seen(fn, args):
    optimizer = fn.__self__
    own = {name: _copy(getattr(optimizer, name)) for name in ("v", "h") if hasattr(optimizer, name)}
    return {"params": _copy(args[0]), **own}


# --- Urinx/DCA-on-ANN: update(params_values, grads_values, nn_architecture, learning_rate); train(...) ---
_ARCHITECTURE = [
    {"input_dim": 2, "output_dim": 3, "activation": "relu", "bias": True},
    {"input_dim": 3, "output_dim": 1, "activation": "sigmoid", "bias": True},
]
_NN_X = np.array([[0.5, -1.0, 1.5, 0.2, -0.3, 1.1], [1.0, 0.4, -0.8, 0.9, -1.2, 0.1]])
_NN_Y = np.array([[1.0, 0.0, 1.0, 1.0, 0.0, 1.0]])
_SKIP_LAYER = {(0, 2): [(1, 0)]}  # the input's second node feeds the output node (what dca_process finds)


def _nn_params():
    rng = _rng(2)
    return {"W1": rng.normal(size=(3, 2)) * 0.5, "b1": rng.normal(size=(3, 1)) * 0.1,
            "W2": rng.normal(size=(1, 3)) * 0.5, "b2": rng.normal(size=(1, 1)) * 0.1}


def _nn_grads():
    rng = _rng(3)
    return {"dW1": rng.normal(size=(3, 2)), "db1": rng.normal(size=(3, 1)),
            "dW2": rng.normal(size=(1, 3)), "db2": rng.normal(size=(1, 1))}


def _urinx_update():
    return update, (_nn_params(), _nn_grads(), _ARCHITECTURE, 0.5)


def _urinx_params(fn, args):
    return _copy(args[0])


def _urinx_train(skip_layer):
    # train(X, Y, nn_architecture, epochs, learning_rate, skip_layer, params_values) on a copy of train with its own
    # (empty) cost_history=[] and accuracy_history=[]
    return lambda: (_fresh_defaults(train), (_NN_X.copy(), _NN_Y.copy(), _ARCHITECTURE, 1, 0.5, skip_layer,
                                             _nn_params()))


def _urinx_histories(fn, args):
    return {"cost_history": _copy(fn.__defaults__[2]), "accuracy_history": _copy(fn.__defaults__[3]),
            "params": _copy(args[6])}


# --- chrhenning/hypnettorch: a dataset holds the generators of its batches ---
class _Regression1D(Dataset):
    """Stand-in for a subclass of ``Dataset`` (this file's): a regression ``y = 2 x0 - x1 + 0.5`` whose first
    ``num_train`` samples are the training set and the rest the test set."""

    def __init__(self, num_train=7, num_test=5, shuffle_test_samples=True):
        super().__init__()
        n = num_train + num_test
        x = np.column_stack([np.linspace(-1.0, 1.0, n), np.cos(np.arange(n) * 0.7)])
        self._data['classification'] = False
        self._data['in_data'] = x
        self._data['out_data'] = (2.0 * x[:, 0] - x[:, 1] + 0.5).reshape(-1, 1)
        self._data['in_shape'] = [2]
        self._data['out_shape'] = [1]
        self._data['train_inds'] = np.arange(num_train)
        self._data['test_inds'] = np.arange(num_train, n)
        self.shuffle_test_samples = shuffle_test_samples
        self.reset_batch_generator()


def hypnettorch_train_step(w, data):
    batch_inputs, batch_outputs = data.next_train_batch(3)
    return batch_inputs @ w - batch_outputs


def hypnettorch_test_error(w, data):
    inputs, outputs, ids = data.next_test_batch(2, return_ids=True)
    return np.mean((inputs @ w - outputs) ** 2), ids


def _hypnettorch(fn, **dataset):
    return lambda: (fn, (np.array([[1.5], [-0.5]]), _Regression1D(**dataset)))


def _hypnettorch_left_train(fn, args):
    return np.fromiter(args[1]._batch_gen_train, int, count=6)


def _hypnettorch_left_test(fn, args):
    return np.fromiter(args[1]._batch_gen_test, int, count=6)


# --- jpgard/dro: get_batch(dataset_iterator, batch_size) of a dataset iterator of (x, y) pairs ---
_DRO_PAIRS = [(np.array([0.25 * i, 1.0 - 0.5 * i]), np.array([float(i % 3)])) for i in range(9)]


def _dro_dataset():
    # what a tf.data pipeline yields, computed as it goes (a generator)
    for i in range(9):
        yield np.array([np.sin(i), np.cos(i)]), np.array([0.5 * i])


def dro_step(w, dataset_iterator):
    batch_x, batch_y = get_batch(dataset_iterator, 2)
    return batch_x @ w - batch_y[:, 0]


def _dro(make_iterator):
    return lambda: (dro_step, (np.array([2.0, -1.0]), make_iterator()))


def _left(fn, args):
    return list(args[-1])


# --- RaRe-Technologies/gensim: chunkize_serial(iterable, chunksize, as_numpy) of the caller's stream ---
_DOCUMENTS = [[1.0, 2.0, 0.5], [0.5, -1.0, 2.0], [3.0, 0.0, -1.0], [-2.0, 1.5, 1.0], [0.25, 0.75, -0.5],
              [1.0, 1.0, 1.0], [2.0, -2.0, 0.0], [0.0, 0.5, 4.0]]


def gensim_chunk_as_numpy(w, stream):
    chunk = next(chunkize_serial(stream, 2, as_numpy=True))
    return np.stack(chunk) @ w


def gensim_chunk_as_lists(w, stream):
    chunk = next(chunkize_serial(stream, 3))
    return np.array(chunk) @ w


def _gensim(fn):
    return lambda: (fn, (np.array([1.0, -0.5, 2.0]), iter(_DOCUMENTS)))


def _gensim_lda_post():
    # an LdaPost of a document of 3 distinct words over 2 topics (upstream's __init__ reads them from an LdaModel and
    # a corpus); topic_suffstats: one (vocabulary, time slices) array per topic, as LdaSeqModel keeps them
    post = LdaPost.__new__(LdaPost)
    post.lda = types.SimpleNamespace(num_topics=2)
    post.doc = [(0, 2.0), (3, 1.0), (4, 3.0)]
    post.phi = np.array([[0.7, 0.3], [0.2, 0.8], [0.5, 0.5]])
    topic_suffstats = [np.linspace(0.0, 1.0, 15).reshape(5, 3), np.full((5, 3), 0.25)]
    return post.update_lda_seq_ss, (1, None, topic_suffstats)


def _gensim_suffstats(fn, args):
    return _copy(args[2])


ARGUMENT_CASES = [
    # --- writes into the config dict an update rule is handed (and its state kept there) ---
    ("cs231n_sgd", "writes", _cs231n_update(sgd, {}), _cs231n_seen, None),
    ("cs231n_sgd_momentum", "writes", _cs231n_update(sgd_momentum, {"learning_rate": 0.1}), _cs231n_seen, None),
    ("cs231n_rmsprop", "writes", _cs231n_update(rmsprop, {}), _cs231n_seen, None),
    ("cs231n_adawindow", "writes", _cs231n_update(adawindow, {"window_size": 2}), _cs231n_seen, None),
    ("cs231n_adam", "writes", _cs231n_update(adam, {"learning_rate": 0.1}), _cs231n_seen, None),
    ("cs231n_batchnorm_forward", "writes", _cs231n_batchnorm, _cs231n_bn_param, None),
    # --- the arrays of the params dict an optimizer is handed ---
    ("dlfs_sgd", "writes", _dlfs_update(SGD), _dlfs_seen, None),
    ("dlfs_momentum", "writes", _dlfs_update(Momentum), _dlfs_seen, None),
    ("dlfs_adagrad", "writes", _dlfs_update(AdaGrad), _dlfs_seen, None),
    ("urinx_update", "writes", _urinx_update, _urinx_params, None),
    # --- mutable default lists that grow ---
    ("urinx_train", "writes", _urinx_train(None), _urinx_histories, None),
    ("urinx_train_skip_layer", "writes", _urinx_train(_SKIP_LAYER), _urinx_histories, None),
    ("gensim_update_lda_seq_ss", "writes", _gensim_lda_post, _gensim_suffstats, None),
    # --- items taken from an iterator that outlives the call ---
    ("hypnettorch_next_train_batch", "iterator", _hypnettorch(hypnettorch_train_step), None, _hypnettorch_left_train),
    ("hypnettorch_next_test_batch", "iterator", _hypnettorch(hypnettorch_test_error, shuffle_test_samples=False), None,
     _hypnettorch_left_test),
    ("dro_get_batch_list", "iterator", _dro(lambda: iter(_DRO_PAIRS)), None, _left),
    ("dro_get_batch_generator", "iterator", _dro(_dro_dataset), None, _left),
    ("gensim_chunkize_as_numpy", "iterator", _gensim(gensim_chunk_as_numpy), None, _left),
    ("gensim_chunkize_as_lists", "iterator", _gensim(gensim_chunk_as_lists), None, _left),
]

CASES: list = []
