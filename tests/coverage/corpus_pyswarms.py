"""PySwarms' particle swarm building blocks in NumPy: the single-objective benchmark functions (Ackley, Beale,
Booth, Bukin N.6, cross-in-tray, Easom, eggholder, Goldstein-Price, Himmelblau, Holder table, Levi, Matyas,
Rastrigin, Rosenbrock, Schaffer N.2, sphere, three-hump camel) with their bound checks, the boundary handlers
(nearest, reflective, shrink, intermediate, periodic), velocity handlers (clamp, adjust, invert, zero) and options
handlers (exponential decay, linear and non-linear variation), the backend operators (personal best, velocity,
position, objective), ``generate_swarm`` with given positions, and the star and ring topologies' global best
(ljvmiranda921/pyswarms, MIT).

Copied from ljvmiranda921/pyswarms at 70c969d929bb2dab6211765def0431680fc5cb01 (its LICENSE is the MIT licence:
"Copyright (c) 2017, Lester James V. Miranda"), the files named in each section below (under ``pyswarms/``). Bodies
are as written, comments kept, docstrings dropped; the handler and topology classes are copied whole.

Adapted, beyond that:

* ``Reporter`` (``utils/reporter/reporter.py``, which needs PyYAML and tqdm) is a stand-in keeping what the copied
  code uses: a ``logger`` attribute and ``log(msg, lvl)``;
* ``ops`` (``from .. import operators as ops`` in the topologies) is a namespace holding the copied operators;
* the swarm the operators and topologies read is the attrs class ``Swarm`` (``backend/swarms.py``, copied) in
  ``compute_pbest_swarm``, and elsewhere a ``types.SimpleNamespace`` with the same attributes, built by the wrapper
  from the arrays (``Swarm``'s validators ask for ``np.ndarray`` and a Python ``float`` best cost);
* wrappers build the handlers (``BoundaryHandler("nearest")`` ...) and give the keyword arguments; the
  ``shrink``/``intermediate``/``adjust`` strategies get their ``memory`` (the previous positions) as an input;
  ``compute_velocity`` runs with ``c1 = c2 = 0`` so that its ``np.random.uniform`` draws (the global generator)
  are multiplied by zero and the result is deterministic.

Not taken: the random strategies (``BoundaryHandler.random``, ``OptionsHandler.random``), the optimisers' loops and
the random and pyramid topologies (``scipy.sparse.csgraph``, ``scipy.spatial.Delaunay``).

The inputs: 6 to 8 particles in 2 to 4 dimensions, inside each function's domain (the bound checks pass).
"""

# ruff: noqa: E501, E741, UP004, UP008, UP032, W293
from __future__ import annotations

import abc
import inspect
import logging
import math
import types
from copy import copy
from functools import partial

import numpy as np
from attr import attrib, attrs
from attr.validators import instance_of
from scipy.spatial import cKDTree

from tests.coverage.cases import PYSWARMS, Source, case


def PSW(path: str, original: str, note: str = "") -> Source:
    return Source(PYSWARMS, "pyswarms/" + path, original, note)


class Reporter:
    """Stand-in for pyswarms.utils.reporter.Reporter (PyYAML, tqdm): its logger and ``log``."""

    def __init__(self, log_path=None, config_path=None, logger=None, printer=None):
        self.logger = logger or logging.getLogger(__name__)

    def log(self, msg, lvl=logging.INFO, *args, **kwargs):
        self.logger.log(lvl, msg, *args, **kwargs)


# --- pyswarms/backend/operators.py -----------------------------------------------------------------------
rep = Reporter(logger=logging.getLogger(__name__))

# --- pyswarms/backend/swarms.py --------------------------------------------------------------------------
@attrs
class Swarm(object):

    # Required attributes
    position = attrib(type=np.ndarray, validator=instance_of(np.ndarray))
    velocity = attrib(type=np.ndarray, validator=instance_of(np.ndarray))
    # With defaults
    n_particles = attrib(type=int, validator=instance_of(int))
    dimensions = attrib(type=int, validator=instance_of(int))
    options = attrib(type=dict, default={}, validator=instance_of(dict))
    pbest_pos = attrib(type=np.ndarray, validator=instance_of(np.ndarray))
    best_pos = attrib(
        type=np.ndarray,
        default=np.array([]),
        validator=instance_of(np.ndarray),
    )
    pbest_cost = attrib(
        type=np.ndarray,
        default=np.array([]),
        validator=instance_of(np.ndarray),
    )
    best_cost = attrib(
        type=float, default=np.inf, validator=instance_of((int, float))
    )
    current_cost = attrib(
        type=np.ndarray,
        default=np.array([]),
        validator=instance_of(np.ndarray),
    )

    @n_particles.default
    def n_particles_default(self):
        return self.position.shape[0]

    @dimensions.default
    def dimensions_default(self):
        return self.position.shape[1]

    @pbest_pos.default
    def pbest_pos_default(self):
        return self.position


# --- pyswarms/utils/functions/single_obj.py --------------------------------------------------------------
def ackley(x):
    if not np.logical_and(x >= -32, x <= 32).all():
        raise ValueError("Input for Ackley function must be within [-32, 32].")

    d = x.shape[1]
    j = (
        -20.0 * np.exp(-0.2 * np.sqrt((1 / d) * (x ** 2).sum(axis=1)))
        - np.exp((1 / float(d)) * np.cos(2 * np.pi * x).sum(axis=1))
        + 20.0
        + np.exp(1)
    )

    return j

def beale(x):
    if not x.shape[1] == 2:
        raise IndexError("Beale function only takes two-dimensional input.")
    if not np.logical_and(x >= -4.5, x <= 4.5).all():
        raise ValueError(
            "Input for Beale function must be within " "[-4.5, 4.5]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]
    j = (
        (1.5 - x_ + x_ * y_) ** 2.0
        + (2.25 - x_ + x_ * y_ ** 2.0) ** 2.0
        + (2.625 - x_ + x_ * y_ ** 3.0) ** 2.0
    )

    return j

def booth(x):
    if not x.shape[1] == 2:
        raise IndexError("Booth function only takes two-dimensional input.")
    if not np.logical_and(x >= -10, x <= 10).all():
        raise ValueError("Input for Booth function must be within [-10, 10].")

    x_ = x[:, 0]
    y_ = x[:, 1]
    j = (x_ + 2 * y_ - 7) ** 2.0 + (2 * x_ + y_ - 5) ** 2.0

    return j

def bukin6(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Bukin N. 6 function only takes two-dimensional " "input."
        )
    if not np.logical_and(x[:, 0] >= -15, x[:, 0] <= -5).all():
        raise ValueError(
            "x-coord for Bukin N. 6 function must be within " "[-15, -5]."
        )
    if not np.logical_and(x[:, 1] >= -3, x[:, 1] <= 3).all():
        raise ValueError(
            "y-coord for Bukin N. 6 function must be within " "[-3, 3]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]
    j = 100 * np.sqrt(np.absolute(y_ - 0.01 * x_ ** 2.0)) + 0.01 * np.absolute(
        x_ + 10
    )

    return j

def crossintray(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Cross-in-tray function only takes two-dimensional input."
        )
    if not np.logical_and(x >= -10, x <= 10).all():
        raise ValueError(
            "Input for cross-in-tray function must be within [-10, 10]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]

    j = -0.0001 * np.power(
        np.abs(
            np.sin(x_)
            * np.sin(y_)
            * np.exp(np.abs(100 - (np.sqrt(x_ ** 2 + y_ ** 2) / np.pi)))
        )
        + 1,
        0.1,
    )

    return j

def easom(x):
    if not x.shape[1] == 2:
        raise IndexError("Easom function only takes two-dimensional input.")
    if not np.logical_and(x >= -100, x <= 100).all():
        raise ValueError(
            "Input for Easom function must be within [-100, 100]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]

    j = (
        -1
        * np.cos(x_)
        * np.cos(y_)
        * np.exp(-1 * ((x_ - np.pi) ** 2 + (y_ - np.pi) ** 2))
    )

    return j

def eggholder(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Eggholder function only takes two-dimensional input."
        )
    if not np.logical_and(x >= -512, x <= 512).all():
        raise ValueError(
            "Input for Eggholder function must be within [-512, 512]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]

    j = -(y_ + 47) * np.sin(np.sqrt(np.abs((x_ / 2) + y_ + 47))) - x_ * np.sin(
        np.sqrt(np.abs(x_ - (y_ + 47)))
    )

    return j

def goldstein(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Goldstein function only takes two-dimensional " "input."
        )
    if not np.logical_and(x >= -2, x <= 2).all():
        raise ValueError(
            "Input for Goldstein-Price function must be within " "[-2, 2]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]
    j = (
        1
        + (x_ + y_ + 1) ** 2.0
        * (
            19
            - 14 * x_
            + 3 * x_ ** 2.0
            - 14 * y_
            + 6 * x_ * y_
            + 3 * y_ ** 2.0
        )
    ) * (
        30
        + (2 * x_ - 3 * y_) ** 2.0
        * (
            18
            - 32 * x_
            + 12 * x_ ** 2.0
            + 48 * y_
            - 36 * x_ * y_
            + 27 * y_ ** 2.0
        )
    )

    return j

def himmelblau(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Himmelblau function only takes two-dimensional input."
        )
    if not np.logical_and(x >= -5, x <= 5).all():
        raise ValueError(
            "Input for Himmelblau function must be within [-5,5]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]

    j = (x_ ** 2 + y_ - 11) ** 2 + (x_ + y_ ** 2 - 7) ** 2

    return j

def holdertable(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Holder Table function only takes two-dimensional input."
        )
    if not np.logical_and(x >= -10, x <= 10).all():
        raise ValueError(
            "Input for Holder Table function must be within [-10,10]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]

    j = -np.abs(
        np.sin(x_)
        * np.cos(y_)
        * np.exp(np.abs(1 - np.sqrt(x_ ** 2 + y_ ** 2) / np.pi))
    )

    return j

def levi(x):
    if not x.shape[1] == 2:
        raise IndexError("Levi function only takes two-dimensional input.")
    if not np.logical_and(x >= -10, x <= 10).all():
        raise ValueError("Input for Levi function must be within [-10, 10].")

    mask = np.full(x.shape, False)
    mask[:, -1] = True
    masked_x = np.ma.array(x, mask=mask)

    w_ = 1 + (x - 1) / 4
    masked_w_ = np.ma.array(w_, mask=mask)
    d_ = x.shape[1] - 1

    j = (
        np.sin(np.pi * w_[:, 0]) ** 2.0
        + ((masked_x - 1) ** 2.0).sum(axis=1)
        * (1 + 10 * np.sin(np.pi * (masked_w_).sum(axis=1) + 1) ** 2.0)
        + (w_[:, d_] - 1) ** 2.0 * (1 + np.sin(2 * np.pi * w_[:, d_]) ** 2.0)
    )

    return j

def matyas(x):
    if not x.shape[1] == 2:
        raise IndexError("Matyas function only takes two-dimensional input.")
    if not np.logical_and(x >= -10, x <= 10).all():
        raise ValueError(
            "Input for Matyas function must be within " "[-10, 10]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]
    j = 0.26 * (x_ ** 2.0 + y_ ** 2.0) - 0.48 * x_ * y_

    return j

def rastrigin(x):
    if not np.logical_and(x >= -5.12, x <= 5.12).all():
        raise ValueError(
            "Input for Rastrigin function must be within " "[-5.12, 5.12]."
        )

    d = x.shape[1]
    j = 10.0 * d + (x ** 2.0 - 10.0 * np.cos(2.0 * np.pi * x)).sum(axis=1)

    return j

def rosenbrock(x):

    r = np.sum(
        100 * (x.T[1:] - x.T[:-1] ** 2.0) ** 2 + (1 - x.T[:-1]) ** 2.0, axis=0
    )

    return r

def schaffer2(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Schaffer N. 2 function only takes two-dimensional " "input."
        )
    if not np.logical_and(x >= -100, x <= 100).all():
        raise ValueError(
            "Input for Schaffer function must be within " "[-100, 100]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]
    j = 0.5 + (
        (np.sin(x_ ** 2.0 - y_ ** 2.0) ** 2.0 - 0.5)
        / ((1 + 0.001 * (x_ ** 2.0 + y_ ** 2.0)) ** 2.0)
    )

    return j

def sphere(x):
    j = (x ** 2.0).sum(axis=1)

    return j

def threehump(x):
    if not x.shape[1] == 2:
        raise IndexError(
            "Three-hump camel function only takes two-dimensional input."
        )
    if not np.logical_and(x >= -5, x <= 5).all():
        raise ValueError(
            "Input for Three-hump camel function must be within [-5, 5]."
        )

    x_ = x[:, 0]
    y_ = x[:, 1]

    j = 2 * x_ ** 2 - 1.05 * (x_ ** 4) + (x_ ** 6) / 6 + x_ * y_ + y_ ** 2

    return j


# --- pyswarms/backend/handlers.py ------------------------------------------------------------------------
class HandlerMixin(object):

    def _merge_dicts(self, *dict_args):
        result = {}
        for dictionary in dict_args:
            result.update(dictionary)
        return result

    def _out_of_bounds(self, position, bounds):
        lb, ub = bounds
        greater_than_bound = np.nonzero(position > ub)
        lower_than_bound = np.nonzero(position < lb)
        return (lower_than_bound, greater_than_bound)

    def _get_all_strategies(self):
        return {
            k: v
            for k, v in inspect.getmembers(self, predicate=inspect.isroutine)
            if not k.startswith(("__", "_"))
        }

class BoundaryHandler(HandlerMixin):
    def __init__(self, strategy):
        self.strategy = strategy
        self.strategies = self._get_all_strategies()
        self.rep = Reporter(logger=logging.getLogger(__name__))
        self.memory = None

    def __call__(self, position, bounds, **kwargs):
        try:
            new_position = self.strategies[self.strategy](
                position, bounds, **kwargs
            )
        except KeyError:
            message = "Unrecognized strategy: {}. Choose one among: " + str(
                [strat for strat in self.strategies.keys()]
            )
            self.rep.logger.exception(message.format(self.strategy))
            raise
        else:
            return new_position

    def nearest(self, position, bounds, **kwargs):
        lb, ub = bounds
        bool_greater = position > ub
        bool_lower = position < lb
        new_pos = np.where(bool_lower, lb, position)
        new_pos = np.where(bool_greater, ub, new_pos)
        return new_pos

    def reflective(self, position, bounds, **kwargs):
        lb, ub = bounds
        lower_than_bound, greater_than_bound = self._out_of_bounds(
            position, bounds
        )
        new_pos = position
        while lower_than_bound[0].size != 0 or greater_than_bound[0].size != 0:
            if lower_than_bound[0].size > 0:
                new_pos[lower_than_bound] = (
                    2 * lb[lower_than_bound[1]] - new_pos[lower_than_bound]
                )
            if greater_than_bound[0].size > 0:
                new_pos[greater_than_bound] = (
                    2 * ub[greater_than_bound[1]] - new_pos[greater_than_bound]
                )
            lower_than_bound, greater_than_bound = self._out_of_bounds(
                new_pos, bounds
            )

        return new_pos

    def shrink(self, position, bounds, **kwargs):
        if self.memory is None:
            new_pos = position
            self.memory = new_pos
        else:
            lb, ub = bounds
            lower_than_bound, greater_than_bound = self._out_of_bounds(
                position, bounds
            )
            velocity = position - self.memory
            # Create a coefficient matrix
            sigma = np.tile(1.0, position.shape)
            sigma[lower_than_bound] = (
                lb[lower_than_bound[1]] - self.memory[lower_than_bound]
            ) / velocity[lower_than_bound]
            sigma[greater_than_bound] = (
                ub[greater_than_bound[1]] - self.memory[greater_than_bound]
            ) / velocity[greater_than_bound]
            min_sigma = np.amin(sigma, axis=1)
            new_pos = position
            new_pos[lower_than_bound[0]] = (
                self.memory[lower_than_bound[0]]
                + np.multiply(
                    min_sigma[lower_than_bound[0]],
                    velocity[lower_than_bound[0]].T,
                ).T
            )
            new_pos[greater_than_bound[0]] = (
                self.memory[greater_than_bound[0]]
                + np.multiply(
                    min_sigma[greater_than_bound[0]],
                    velocity[greater_than_bound[0]].T,
                ).T
            )
            self.memory = new_pos
        return new_pos

    def random(self, position, bounds, **kwargs):
        lb, ub = bounds
        lower_than_bound, greater_than_bound = self._out_of_bounds(
            position, bounds
        )
        # Set indices that are greater than bounds
        new_pos = position
        new_pos[greater_than_bound[0]] = np.array(
            [
                np.array([u - l for u, l in zip(ub, lb)])
                * np.random.random_sample((position.shape[1],))
                + lb
            ]
        )
        new_pos[lower_than_bound[0]] = np.array(
            [
                np.array([u - l for u, l in zip(ub, lb)])
                * np.random.random_sample((position.shape[1],))
                + lb
            ]
        )
        return new_pos

    def intermediate(self, position, bounds, **kwargs):
        if self.memory is None:
            new_pos = position
            self.memory = new_pos
        else:
            lb, ub = bounds
            lower_than_bound, greater_than_bound = self._out_of_bounds(
                position, bounds
            )
            new_pos = position
            new_pos[lower_than_bound] = 0.5 * (
                self.memory[lower_than_bound] + lb[lower_than_bound[1]]
            )
            new_pos[greater_than_bound] = 0.5 * (
                self.memory[greater_than_bound] + ub[greater_than_bound[1]]
            )
            self.memory = new_pos
        return new_pos

    def periodic(self, position, bounds, **kwargs):
        lb, ub = bounds
        lower_than_bound, greater_than_bound = self._out_of_bounds(
            position, bounds
        )
        bound_d = np.tile(
            np.abs(np.array(ub) - np.array(lb)), (position.shape[0], 1)
        )
        ub = np.tile(ub, (position.shape[0], 1))
        lb = np.tile(lb, (position.shape[0], 1))
        new_pos = position
        if lower_than_bound[0].size != 0 and lower_than_bound[1].size != 0:
            new_pos[lower_than_bound] = ub[lower_than_bound] - np.mod(
                (lb[lower_than_bound] - new_pos[lower_than_bound]),
                bound_d[lower_than_bound],
            )
        if greater_than_bound[0].size != 0 and greater_than_bound[1].size != 0:
            new_pos[greater_than_bound] = lb[greater_than_bound] + np.mod(
                (new_pos[greater_than_bound] - ub[greater_than_bound]),
                bound_d[greater_than_bound],
            )
        return new_pos

class VelocityHandler(HandlerMixin):
    def __init__(self, strategy):
        self.strategy = strategy
        self.strategies = self._get_all_strategies()
        self.rep = Reporter(logger=logging.getLogger(__name__))
        self.memory = None

    def __call__(self, velocity, clamp, **kwargs):
        try:
            new_position = self.strategies[self.strategy](
                velocity, clamp, **kwargs
            )
        except KeyError:
            message = "Unrecognized strategy: {}. Choose one among: " + str(
                [strat for strat in self.strategies.keys()]
            )
            self.rep.logger.exception(message.format(self.strategy))
            raise
        else:
            return new_position

    def __apply_clamp(self, velocity, clamp):
        clamped_vel = velocity
        min_velocity, max_velocity = clamp
        lower_than_clamp = clamped_vel <= min_velocity
        greater_than_clamp = clamped_vel >= max_velocity
        clamped_vel = np.where(lower_than_clamp, min_velocity, clamped_vel)
        clamped_vel = np.where(greater_than_clamp, max_velocity, clamped_vel)
        return clamped_vel

    def unmodified(self, velocity, clamp=None, **kwargs):
        if clamp is None:
            new_vel = velocity
        else:
            if clamp is not None:
                new_vel = self.__apply_clamp(velocity, clamp)
        return new_vel

    def adjust(self, velocity, clamp=None, **kwargs):
        try:
            if self.memory is None:
                new_vel = velocity
                self.memory = kwargs["position"]
            else:
                new_vel = kwargs["position"] - self.memory
                self.memory = kwargs["position"]
                if clamp is not None:
                    new_vel = self.__apply_clamp(new_vel, clamp)
        except KeyError:
            self.rep.logger.exception("Keyword 'position' missing")
            raise
        else:
            return new_vel

    def invert(self, velocity, clamp=None, **kwargs):
        try:
            # Default for the shrinking factor
            if "z" not in kwargs:
                z = 0.5
            else:
                z = kwargs["z"]
            lower_than_bound, greater_than_bound = self._out_of_bounds(
                kwargs["position"], kwargs["bounds"]
            )
            new_vel = velocity
            new_vel[lower_than_bound[0]] = (-z) * new_vel[lower_than_bound[0]]
            new_vel[greater_than_bound[0]] = (-z) * new_vel[
                greater_than_bound[0]
            ]
            if clamp is not None:
                new_vel = self.__apply_clamp(new_vel, clamp)
        except KeyError:
            self.rep.logger.exception("Keyword 'position' or 'bounds' missing")
            raise
        else:
            return new_vel

    def zero(self, velocity, clamp=None, **kwargs):
        try:
            lower_than_bound, greater_than_bound = self._out_of_bounds(
                kwargs["position"], kwargs["bounds"]
            )
            new_vel = velocity
            new_vel[lower_than_bound[0]] = np.zeros(velocity.shape[1])
            new_vel[greater_than_bound[0]] = np.zeros(velocity.shape[1])
        except KeyError:
            self.rep.logger.exception("Keyword 'position' or 'bounds' missing")
            raise
        else:
            return new_vel

class OptionsHandler(HandlerMixin):
    def __init__(self, strategy):
        self.strategy = strategy
        self.strategies = self._get_all_strategies()
        self.rep = Reporter(logger=logging.getLogger(__name__))

    def __call__(self, start_opts, **kwargs):
        try:
            if not self.strategy:
                return start_opts
            return_opts = copy(start_opts)
            for opt in start_opts:
                if opt in self.strategy:
                    return_opts[opt] = self.strategies[self.strategy[opt]](
                        start_opts, opt, **kwargs
                    )
        except KeyError:
            message = "Unrecognized strategy: {}. Choose one among: " + str(
                [strat for strat in self.strategies.keys()]
            )
            self.rep.logger.exception(message.format(self.strategy))
            raise
        else:
            return return_opts

    def exp_decay(self, start_opts, opt, **kwargs):

        try:
            # default values from reference paper
            if "d1" not in kwargs:
                d1 = 0.2
            else:
                d1 = kwargs["d1"]
            if "d2" not in kwargs:
                d2 = 7
            else:
                d2 = kwargs["d2"]

            end_opts = {
                "w": 0.4,
                "c1": 0.8 * start_opts["c1"],
                "c2": 1 * start_opts["c2"],
            }
            if "end_opts" in kwargs:
                if opt in kwargs["end_opts"]:
                    end_opts[opt] = kwargs["end_opts"][opt]
            start = start_opts[opt]
            end = end_opts[opt]
            new_val = (start - end - d1) * math.exp(
                1 / (1 + d2 * kwargs["iternow"] / kwargs["itermax"])
            )
        except KeyError:
            self.rep.logger.exception("Keyword 'itermax' or 'iternow' missing")
            raise
        else:
            return new_val

    def lin_variation(self, start_opts, opt, **kwargs):

        try:
            end_opts = {
                "w": 0.4,
                "c1": 0.8 * start_opts["c1"],
                "c2": 1 * start_opts["c2"],
            }
            if "end_opts" in kwargs:
                if opt in kwargs["end_opts"]:
                    end_opts[opt] = kwargs["end_opts"][opt]
            start = start_opts[opt]
            end = end_opts[opt]
            new_val = (
                end
                + (start - end)
                * (kwargs["itermax"] - kwargs["iternow"])
                / kwargs["itermax"]
            )
        except KeyError:
            self.rep.logger.exception("Keyword 'itermax' or 'iternow' missing")
            raise
        else:
            return new_val

    def random(self, start_opts, opt, **kwargs):
        
        start = start_opts[opt]
        if opt in kwargs["end_opts"]:
            end = kwargs["end_opts"][opt]
        else:
            end = start + 1
        return start + (end - start) * np.random.rand()

    def nonlin_mod(self, start_opts, opt, **kwargs):

        try:
            if "n" not in kwargs:
                n = 1.2
            else:
                n = kwargs["n"]

            end_opts = {
                "w": 0.4,
                "c1": 0.8 * start_opts["c1"],
                "c2": 1 * start_opts["c2"],
            }
            if "end_opts" in kwargs:
                if opt in kwargs["end_opts"]:
                    end_opts[opt] = kwargs["end_opts"][opt]

            start = start_opts[opt]
            end = end_opts[opt]
            new_val = end + (start - end) * (
                (kwargs["itermax"] - kwargs["iternow"]) ** n
                / kwargs["itermax"] ** n
            )
        except KeyError:
            self.rep.logger.exception("Keyword 'itermax' or 'iternow' missing")
            raise
        else:
            return new_val


# --- pyswarms/backend/operators.py -----------------------------------------------------------------------
def compute_pbest(swarm):
    try:
        # Infer dimensions from positions
        dimensions = swarm.dimensions
        # Create a 1-D and 2-D mask based from comparisons
        mask_cost = swarm.current_cost < swarm.pbest_cost
        mask_pos = np.repeat(mask_cost[:, np.newaxis], dimensions, axis=1)
        # Apply masks
        new_pbest_pos = np.where(~mask_pos, swarm.pbest_pos, swarm.position)
        new_pbest_cost = np.where(
            ~mask_cost, swarm.pbest_cost, swarm.current_cost
        )
    except AttributeError:
        rep.logger.exception(
            "Please pass a Swarm class. You passed {}".format(type(swarm))
        )
        raise
    else:
        return (new_pbest_pos, new_pbest_cost)

def compute_velocity(swarm, clamp, vh, bounds=None):
    try:
        # Prepare parameters
        swarm_size = swarm.position.shape
        c1 = swarm.options["c1"]
        c2 = swarm.options["c2"]
        w = swarm.options["w"]
        # Compute for cognitive and social terms
        cognitive = (
            c1
            * np.random.uniform(0, 1, swarm_size)
            * (swarm.pbest_pos - swarm.position)
        )
        social = (
            c2
            * np.random.uniform(0, 1, swarm_size)
            * (swarm.best_pos - swarm.position)
        )
        # Compute temp velocity (subject to clamping if possible)
        temp_velocity = (w * swarm.velocity) + cognitive + social
        updated_velocity = vh(
            temp_velocity, clamp, position=swarm.position, bounds=bounds
        )

    except AttributeError:
        rep.logger.exception(
            "Please pass a Swarm class. You passed {}".format(type(swarm))
        )
        raise
    except KeyError:
        rep.logger.exception("Missing keyword in swarm.options")
        raise
    else:
        return updated_velocity

def compute_position(swarm, bounds, bh):
    try:
        temp_position = swarm.position.copy()
        temp_position += swarm.velocity

        if bounds is not None:
            temp_position = bh(temp_position, bounds)

        position = temp_position
    except AttributeError:
        rep.logger.exception(
            "Please pass a Swarm class. You passed {}".format(type(swarm))
        )
        raise
    else:
        return position

def compute_objective_function(swarm, objective_func, pool=None, **kwargs):
    if pool is None:
        return objective_func(swarm.position, **kwargs)
    else:
        results = pool.map(
            partial(objective_func, **kwargs),
            np.array_split(swarm.position, pool._processes),
        )
        return np.concatenate(results)


# --- pyswarms/backend/generators.py ----------------------------------------------------------------------
def generate_swarm(
    n_particles, dimensions, bounds=None, center=1.00, init_pos=None
):
    try:
        if (init_pos is not None) and (bounds is None):
            pos = init_pos
        elif (init_pos is not None) and (bounds is not None):
            if not (
                np.all(bounds[0] <= init_pos) and np.all(init_pos <= bounds[1])
            ):
                raise ValueError("User-defined init_pos is out of bounds.")
            pos = init_pos
        elif (init_pos is None) and (bounds is None):
            pos = center * np.random.uniform(
                low=0.0, high=1.0, size=(n_particles, dimensions)
            )
        else:
            lb, ub = bounds
            min_bounds = np.repeat(
                np.array(lb)[np.newaxis, :], n_particles, axis=0
            )
            max_bounds = np.repeat(
                np.array(ub)[np.newaxis, :], n_particles, axis=0
            )
            pos = center * np.random.uniform(
                low=min_bounds, high=max_bounds, size=(n_particles, dimensions)
            )
    except ValueError:
        msg = "Bounds and/or init_pos should be of size ({},)"
        rep.logger.exception(msg.format(dimensions))
        raise
    except TypeError:
        msg = "generate_swarm() takes an int for n_particles and dimensions and an array for bounds"
        rep.logger.exception(msg)
        raise
    else:
        return pos


# --- pyswarms/backend/topology/base.py -------------------------------------------------------------------
class Topology(abc.ABC):
    def __init__(self, static, **kwargs):

        # Initialize logger
        self.rep = Reporter(logger=logging.getLogger(__name__))

        # Initialize attributes
        self.static = static
        self.neighbor_idx = None

        if self.static:
            self.rep.log(
                "Running on `dynamic` topology,"
                "set `static=True` for fixed neighbors.",
                lvl=logging.DEBUG,
            )

    @abc.abstractmethod
    def compute_gbest(self, swarm):
        raise NotImplementedError("Topology::compute_gbest()")

    @abc.abstractmethod
    def compute_position(self, swarm):
        raise NotImplementedError("Topology::compute_position()")

    @abc.abstractmethod
    def compute_velocity(self, swarm):
        raise NotImplementedError("Topology::compute_velocity()")


# --- pyswarms/backend/topology/star.py -------------------------------------------------------------------
class Star(Topology):
    def __init__(self, static=None, **kwargs):
        # static = None is just an artifact to make the API consistent
        # Setting it will not change swarm behavior
        super(Star, self).__init__(static=True)
        self.rep = Reporter(logger=logging.getLogger(__name__))

    def compute_gbest(self, swarm, **kwargs):
        try:
            if self.neighbor_idx is None:
                self.neighbor_idx = np.tile(
                    np.arange(swarm.n_particles), (swarm.n_particles, 1)
                )
            if np.min(swarm.pbest_cost) < swarm.best_cost:
                # Get the particle position with the lowest pbest_cost
                # and assign it to be the best_pos
                best_pos = swarm.pbest_pos[np.argmin(swarm.pbest_cost)]
                best_cost = np.min(swarm.pbest_cost)
            else:
                # Just get the previous best_pos and best_cost
                best_pos, best_cost = swarm.best_pos, swarm.best_cost
        except AttributeError:
            self.rep.logger.exception(
                "Please pass a Swarm class. You passed {}".format(type(swarm))
            )
            raise
        else:
            return (best_pos, best_cost)

    def compute_velocity(
        self,
        swarm,
        clamp=None,
        vh=VelocityHandler(strategy="unmodified"),
        bounds=None,
    ):
        return ops.compute_velocity(swarm, clamp, vh, bounds=bounds)

    def compute_position(
        self, swarm, bounds=None, bh=BoundaryHandler(strategy="periodic")
    ):
        return ops.compute_position(swarm, bounds, bh)


# --- pyswarms/backend/topology/ring.py -------------------------------------------------------------------
class Ring(Topology):
    def __init__(self, static=False):
        super(Ring, self).__init__(static)
        self.rep = Reporter(logger=logging.getLogger(__name__))

    def compute_gbest(self, swarm, p, k, **kwargs):
        try:
            # Check if the topology is static or not and assign neighbors
            if (self.static and self.neighbor_idx is None) or not self.static:
                # Obtain the nearest-neighbors for each particle
                tree = cKDTree(swarm.position)
                _, self.neighbor_idx = tree.query(swarm.position, p=p, k=k)

            # Map the computed costs to the neighbour indices and take the
            # argmin. If k-neighbors is equal to 1, then the swarm acts
            # independently of each other.
            if k == 1:
                # The minimum index is itself, no mapping needed.
                self.neighbor_idx = self.neighbor_idx[:, np.newaxis]
                best_neighbor = np.arange(swarm.n_particles)
            else:
                idx_min = swarm.pbest_cost[self.neighbor_idx].argmin(axis=1)
                best_neighbor = self.neighbor_idx[
                    np.arange(len(self.neighbor_idx)), idx_min
                ]
            # Obtain best cost and position
            best_cost = np.min(swarm.pbest_cost[best_neighbor])
            best_pos = swarm.pbest_pos[best_neighbor]
        except AttributeError:
            self.rep.logger.exception(
                "Please pass a Swarm class. You passed {}".format(type(swarm))
            )
            raise
        else:
            return (best_pos, best_cost)

    def compute_velocity(
        self,
        swarm,
        clamp=None,
        vh=VelocityHandler(strategy="unmodified"),
        bounds=None,
    ):
        return ops.compute_velocity(swarm, clamp, vh, bounds)

    def compute_position(
        self, swarm, bounds=None, bh=BoundaryHandler(strategy="periodic")
    ):
        return ops.compute_position(swarm, bounds, bh)



# the topologies' ``from .. import operators as ops``
ops = types.SimpleNamespace(compute_pbest=compute_pbest, compute_velocity=compute_velocity,
                            compute_position=compute_position, compute_objective_function=compute_objective_function)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _in(rng, lo, hi, n=6, d=2):
    return rng.uniform(lo, hi, size=(n, d))


def _bounds(d=3):
    return np.full(d, -1.0), np.full(d, 1.0)


def _swarm_arrays(rng, n=8, d=3):
    position = rng.uniform(-1.5, 1.5, size=(n, d))
    velocity = rng.normal(scale=0.5, size=(n, d))
    pbest_pos = rng.uniform(-1.0, 1.0, size=(n, d))
    pbest_cost = rng.uniform(0.0, 3.0, size=n)
    current_cost = (position ** 2).sum(axis=1)
    best_pos = pbest_pos[0].copy()
    best_cost = np.float64(rng.uniform(0.0, 3.0))
    return position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost


def _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost, options=None):
    return types.SimpleNamespace(position=position, velocity=velocity, n_particles=position.shape[0],
                                 dimensions=position.shape[1], options=options or {}, pbest_pos=pbest_pos,
                                 best_pos=best_pos, pbest_cost=pbest_cost, best_cost=best_cost,
                                 current_cost=current_cost)


# --- wrappers ---------------------------------------------------------------------------------------------------------
def boundary_nearest(position, lb, ub):
    bh = BoundaryHandler(strategy="nearest")
    return bh(position, (lb, ub))


def boundary_reflective(position, lb, ub):
    bh = BoundaryHandler(strategy="reflective")
    return bh(position, (lb, ub))


def boundary_shrink(memory, position, lb, ub):
    bh = BoundaryHandler(strategy="shrink")
    bh.memory = memory
    return bh(position, (lb, ub))


def boundary_intermediate(memory, position, lb, ub):
    bh = BoundaryHandler(strategy="intermediate")
    bh.memory = memory
    return bh(position, (lb, ub))


def boundary_periodic(position, lb, ub):
    bh = BoundaryHandler(strategy="periodic")
    return bh(position, (lb, ub))


def velocity_unmodified_clamped(velocity, vmin, vmax):
    vh = VelocityHandler(strategy="unmodified")
    return vh(velocity, (vmin, vmax))


def velocity_adjust(memory, velocity, position):
    vh = VelocityHandler(strategy="adjust")
    vh.memory = memory
    return vh(velocity, (-0.5, 0.5), position=position)


def velocity_invert(velocity, position, lb, ub):
    vh = VelocityHandler(strategy="invert")
    return vh(velocity, None, position=position, bounds=(lb, ub))


def velocity_zero(velocity, position, lb, ub):
    vh = VelocityHandler(strategy="zero")
    return vh(velocity, None, position=position, bounds=(lb, ub))


def options_exp_decay(w, c1, c2, iternow):
    oh = OptionsHandler(strategy={"w": "exp_decay", "c1": "exp_decay", "c2": "exp_decay"})
    return oh({"w": w, "c1": c1, "c2": c2}, iternow=iternow, itermax=100)


def options_lin_nonlin(w, c1, c2, iternow):
    oh = OptionsHandler(strategy={"w": "lin_variation", "c1": "nonlin_mod", "c2": "lin_variation"})
    return oh({"w": w, "c1": c1, "c2": c2}, iternow=iternow, itermax=100, end_opts={"c1": 0.5, "c2": 2.5, "w": 0.4})


def compute_pbest_namespace(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    return compute_pbest(_swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost))


def compute_pbest_swarm(position, velocity, pbest_pos, pbest_cost, current_cost):
    swarm = Swarm(position=position, velocity=velocity, pbest_pos=pbest_pos, pbest_cost=pbest_cost,
                  current_cost=current_cost)
    return compute_pbest(swarm)


def compute_velocity_clamped(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost,
                   {"c1": 0.0, "c2": 0.0, "w": 0.9})
    return compute_velocity(swarm, (-0.5, 0.5), VelocityHandler(strategy="unmodified"))


def compute_position_nearest(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost)
    return compute_position(swarm, _bounds(), BoundaryHandler(strategy="nearest"))


def star_compute_position_periodic(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost)
    return Star().compute_position(swarm, bounds=_bounds())


def compute_objective_rastrigin(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost)
    return compute_objective_function(swarm, rastrigin)


def star_compute_gbest(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost)
    topology = Star()
    return topology.compute_gbest(swarm)


def ring_compute_gbest(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost)
    topology = Ring(static=False)
    return topology.compute_gbest(swarm, p=2, k=3)


def options_nonlin_n(w, n, iternow):
    oh = OptionsHandler(strategy={"w": "nonlin_mod"})
    return oh({"w": w, "c1": 0.5, "c2": 0.3}, iternow=iternow, itermax=50, n=n)


def velocity_invert_z_clamped(velocity, position, lb, ub, z):
    vh = VelocityHandler(strategy="invert")
    return vh(velocity, (-0.4, 0.4), position=position, bounds=(lb, ub), z=z)


def compute_position_unbounded(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost):
    swarm = _swarm(position, velocity, pbest_pos, pbest_cost, current_cost, best_pos, best_cost)
    return compute_position(swarm, None, BoundaryHandler(strategy="nearest"))


def generate_swarm_given(init_pos, lb, ub):
    return generate_swarm(init_pos.shape[0], init_pos.shape[1], bounds=(lb, ub), init_pos=init_pos)


_so = "utils/functions/single_obj.py"
_h = "backend/handlers.py"
_op = "backend/operators.py"

CASES = [
    # utils/functions/single_obj.py
    case(ackley, lambda rng: (_in(rng, -32, 32, d=4),), PSW(_so, "ackley")),
    case(beale, lambda rng: (_in(rng, -4.5, 4.5),), PSW(_so, "beale")),
    case(booth, lambda rng: (_in(rng, -10, 10),), PSW(_so, "booth")),
    case(bukin6, lambda rng: (np.stack([rng.uniform(-15, -5, 6), rng.uniform(-3, 3, 6)], axis=1),), PSW(_so, "bukin6")),
    case(crossintray, lambda rng: (_in(rng, -10, 10),), PSW(_so, "crossintray")),
    case(easom, lambda rng: (_in(rng, -100, 100),), PSW(_so, "easom")),
    case(eggholder, lambda rng: (_in(rng, -512, 512),), PSW(_so, "eggholder")),
    case(goldstein, lambda rng: (_in(rng, -2, 2),), PSW(_so, "goldstein")),
    case(himmelblau, lambda rng: (_in(rng, -5, 5),), PSW(_so, "himmelblau")),
    case(holdertable, lambda rng: (_in(rng, -10, 10),), PSW(_so, "holdertable")),
    case(levi, lambda rng: (_in(rng, -10, 10),), PSW(_so, "levi")),
    case(matyas, lambda rng: (_in(rng, -10, 10),), PSW(_so, "matyas")),
    case(rastrigin, lambda rng: (_in(rng, -5.12, 5.12, d=4),), PSW(_so, "rastrigin")),
    case(rosenbrock, lambda rng: (_in(rng, -2, 2, d=4),), PSW(_so, "rosenbrock")),
    case(schaffer2, lambda rng: (_in(rng, -100, 100),), PSW(_so, "schaffer2")),
    case(sphere, lambda rng: (_in(rng, -5, 5, d=4),), PSW(_so, "sphere")),
    case(threehump, lambda rng: (_in(rng, -5, 5),), PSW(_so, "threehump")),
    # backend/handlers.py
    case(boundary_nearest, lambda rng: (_in(rng, -1.5, 1.5, d=3), *_bounds()), PSW(_h, "BoundaryHandler.nearest")),
    case(boundary_reflective, lambda rng: (_in(rng, -2.5, 2.5, d=3), *_bounds()), PSW(_h, "BoundaryHandler.reflective")),
    case(boundary_shrink, lambda rng: (_in(rng, -0.9, 0.9, d=3), _in(rng, -1.5, 1.5, d=3), *_bounds()), PSW(_h, "BoundaryHandler.shrink")),
    case(boundary_intermediate, lambda rng: (_in(rng, -0.9, 0.9, d=3), _in(rng, -1.5, 1.5, d=3), *_bounds()), PSW(_h, "BoundaryHandler.intermediate")),
    case(boundary_periodic, lambda rng: (_in(rng, -2.5, 2.5, d=3), *_bounds()), PSW(_h, "BoundaryHandler.periodic")),
    case(velocity_unmodified_clamped, lambda rng: (rng.normal(size=(6, 3)), np.float64(-0.5), np.float64(0.5)), PSW(_h, "VelocityHandler.unmodified", "with a clamp (__apply_clamp)")),
    case(velocity_adjust, lambda rng: (_in(rng, -1, 1, d=3), rng.normal(size=(6, 3)), _in(rng, -1, 1, d=3)), PSW(_h, "VelocityHandler.adjust", "clamp=(-0.5, 0.5)")),
    case(velocity_invert, lambda rng: (rng.normal(size=(6, 3)), _in(rng, -1.5, 1.5, d=3), *_bounds()), PSW(_h, "VelocityHandler.invert")),
    case(velocity_zero, lambda rng: (rng.normal(size=(6, 3)), _in(rng, -1.5, 1.5, d=3), *_bounds()), PSW(_h, "VelocityHandler.zero")),
    case(options_exp_decay, lambda rng: (np.float64(rng.uniform(0.5, 0.9)), np.float64(rng.uniform(0.3, 0.7)), np.float64(rng.uniform(0.2, 0.4)), np.int64(rng.integers(0, 100))), PSW(_h, "OptionsHandler.exp_decay", "itermax=100")),
    case(options_lin_nonlin, lambda rng: (np.float64(rng.uniform(0.5, 0.9)), np.float64(rng.uniform(0.3, 0.7)), np.float64(rng.uniform(0.2, 0.4)), np.int64(rng.integers(0, 100))), PSW(_h, "OptionsHandler.lin_variation, nonlin_mod", "itermax=100, end_opts as in the class docstring")),
    # backend/operators.py, generators.py, topology
    case(compute_pbest_namespace, lambda rng: _swarm_arrays(rng), PSW(_op, "compute_pbest")),
    case(compute_pbest_swarm, lambda rng: _swarm_arrays(rng)[:5], PSW(_op, "compute_pbest", "on backend/swarms.py's Swarm")),
    case(compute_velocity_clamped, lambda rng: _swarm_arrays(rng), PSW(_op, "compute_velocity", "c1 = c2 = 0, clamp=(-0.5, 0.5)")),
    case(compute_position_nearest, lambda rng: _swarm_arrays(rng), PSW(_op, "compute_position", "BoundaryHandler('nearest')")),
    case(compute_objective_rastrigin, lambda rng: _swarm_arrays(rng), PSW(_op, "compute_objective_function", "pool=None")),
    case(star_compute_position_periodic, lambda rng: _swarm_arrays(rng), PSW("backend/topology/star.py", "Star.compute_position", "its default BoundaryHandler('periodic')")),
    case(star_compute_gbest, lambda rng: _swarm_arrays(rng), PSW("backend/topology/star.py", "Star.compute_gbest")),
    case(ring_compute_gbest, lambda rng: _swarm_arrays(rng), PSW("backend/topology/ring.py", "Ring.compute_gbest", "p=2, k=3")),
    case(generate_swarm_given, lambda rng: (_in(rng, -1, 1, n=6, d=3), *_bounds()), PSW("backend/generators.py", "generate_swarm", "init_pos and bounds given")),
    case(boundary_reflective, lambda rng: (_in(rng, -7.0, 7.0, d=3), *_bounds()), PSW(_h, "BoundaryHandler.reflective", "positions up to 7x the bounds: several passes of its while loop"), name="pyswarms.boundary_reflective_far"),
    case(velocity_invert_z_clamped, lambda rng: (rng.normal(size=(6, 3)), _in(rng, -1.5, 1.5, d=3), *_bounds(), np.float64(rng.uniform(0.2, 0.8))), PSW(_h, "VelocityHandler.invert", "z given, clamp=(-0.4, 0.4)")),
    case(options_nonlin_n, lambda rng: (np.float64(rng.uniform(0.5, 0.9)), np.float64(rng.uniform(0.8, 2.0)), np.int64(rng.integers(0, 50))), PSW(_h, "OptionsHandler.nonlin_mod", "itermax=50, n given")),
    case(compute_position_unbounded, lambda rng: _swarm_arrays(rng), PSW(_op, "compute_position", "bounds=None")),
]
