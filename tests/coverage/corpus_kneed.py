"""Kneed's knee and elbow detection (arvkevi/kneed, the Kneedle algorithm of Satopää et al.): ``shape_detector.py``'s
``find_shape`` (``np.polyfit(x, y, deg=1)``, slices at ``int(len(x) * 0.2)``, an ``if p[0] > 0 and q > 0: return
"increasing", "concave"`` chain returning strings); ``knee_locator.py``'s ``KneeLocator``: ``__init__`` (the smoothing
by ``scipy.interpolate.interp1d`` or ``np.poly1d(np.polyfit(...))`` chosen by ``if interp_method == ...``, the
name-mangled static ``__normalize`` with Python's ``min`` and ``max`` on an array, ``transform_y``'s ``if direction ==
"decreasing"`` / ``elif`` choices of ``np.flip`` and ``y.max() - y``, the difference curve, local maxima and minima
by ``scipy.signal.argrelextrema``, the thresholds ``Tmx``, ``if self.knee:`` and ``self.y[self.x == self.knee][0]``)
and ``find_knee`` (an early ``return None, None`` on ``if not self.maxima_indices.size``, a ``for i, x in
enumerate(self.x_difference)`` with ``continue`` before the first maximum and ``break`` at the end, ``threshold``
assigned under ``if (self.maxima_indices == i).any()`` / ``if (self.minima_indices == i).any()``, a
``detection_active`` flag, nested ``if self.curve == ...`` / ``if self.direction == ...`` choosing the knee,
``if knee not in self.all_knees`` on a set, and ``if self.online is False: return`` inside the loop: offline returns
the first knee, online walks the whole curve); ``data_generator.py``'s ``DataGenerator`` (``noisy_gaussian`` seeding
NumPy's global generator, ``figure2`` under ``np.errstate``, the sample curves) (arvkevi/kneed, BSD-3-Clause).

Copied from arvkevi/kneed at ad1449ffa0fdb7f8ac7d74c75d77159562d92fdf (its ``LICENSE`` is the 3-clause BSD licence,
"Copyright (c) 2017, Kevin Arvai"): ``kneed/shape_detector.py`` (all); from ``kneed/knee_locator.py`` ``VALID_CURVE``,
``VALID_DIRECTION`` and ``KneeLocator`` without its two plotting methods (``plot_knee_normalized``, ``plot_knee``)
and the ``try: import matplotlib.pyplot`` they need; ``kneed/data_generator.py`` (all). In the files' order
(``shape_detector.py`` first: ``knee_locator.py`` does not import it, the user does); docstrings dropped, comments
kept.

Adapted, beyond that:

* a keyword setting of ``KneeLocator`` (``curve``, ``direction``, ``interp_method="polynomial"``, ``online=True``) is
  a one-line wrapper named after the case that makes the ``KneeLocator`` and returns its ``knee``, ``norm_knee``,
  ``knee_y`` and ``norm_knee_y`` (online, also ``sorted(all_knees)`` — a set upstream — and ``all_knees_y`` and
  ``all_norm_knees_y``); ``knee_find_shape`` passes ``find_shape``'s result to ``KneeLocator`` as kneed's README
  does; ``normalize`` calls ``KneeLocator._KneeLocator__normalize``; ``transform_y``'s four wrappers fix
  ``direction`` and ``curve``;
* ``find_knee_bumpy`` runs ``find_knee`` on a ``KneeLocator`` made with ``__new__`` and given the arrays ``__init__``
  computes up to step 5 (made by the eager ``KneeLocator`` in the case's inputs), so that the loop is reached past
  the ``interp1d`` smoothing;
* ``noisy_gaussian`` is called with keywords; it seeds NumPy's global generator itself (``np.random.seed(seed)``, as
  upstream), so eager is deterministic.

The inputs: the data generator's curves (the Kneedle paper's figure 2 scaled and shifted; ``concave_decreasing`` and
``convex_increasing`` as int arrays shifted by an int; ``convex_decreasing`` as floats scaled; ``bumpy``'s 90 points
scaled by 0.9-1.1, whose difference curve has 9 local maxima and 10 minima, one knee offline and five online: 26,
31, 41, 46, 53); power curves ``±x**p`` on 40 points with noise of 1e-3 for ``find_shape`` (increasing concave,
decreasing convex, increasing convex); normal samples for ``__normalize`` and ``transform_y``; ``mu`` in (40, 60),
``sigma`` in (5, 15), ``N=100`` and ``seed=42`` for ``noisy_gaussian``.
"""

# ruff: noqa: E501, UP004, UP006, UP008, UP032, UP035
from __future__ import annotations

from typing import Iterable, Tuple

import numpy as np
from scipy import interpolate
from scipy.signal import argrelextrema

from tests.coverage.cases import KNEED, Source, case


def KN(path: str, original: str, note: str = "") -> Source:
    return Source(KNEED, "kneed/" + path, original, note)


# --- kneed/shape_detector.py ---


def find_shape(x, y):
    p = np.polyfit(x, y, deg=1)
    x1, x2 = int(len(x) * 0.2), int(len(x) * 0.8)
    q = np.mean(y[x1:x2]) - np.mean(x[x1:x2] * p[0] + p[1])
    if p[0] > 0 and q > 0:
        return "increasing", "concave"
    if p[0] > 0 and q <= 0:
        return "increasing", "convex"
    if p[0] <= 0 and q > 0:
        return "decreasing", "concave"
    return "decreasing", "convex"


# --- kneed/knee_locator.py ---


VALID_CURVE = ["convex", "concave"]
VALID_DIRECTION = ["increasing", "decreasing"]


class KneeLocator(object):
    def __init__(
        self,
        x: Iterable[float],
        y: Iterable[float],
        S: float = 1.0,
        curve: str = "concave",
        direction: str = "increasing",
        interp_method: str = "interp1d",
        online: bool = False,
        polynomial_degree: int = 7,
    ):
        # Step 0: Raw Input
        self.x = np.array(x)
        self.y = np.array(y)
        self.curve = curve
        self.direction = direction
        self.N = len(self.x)
        self.S = S
        self.all_knees = set()
        self.all_norm_knees = set()
        self.all_knees_y = []
        self.all_norm_knees_y = []
        self.online = online
        self.polynomial_degree = polynomial_degree

        # I'm implementing Look Before You Leap (LBYL) validation for direction
        # and curve arguments. This is not preferred in Python. The motivation
        # is that the logic inside the conditional once y_difference[j] is less
        # than threshold in find_knee() could have been evaluated improperly if
        # they weren't one of convex, concave, increasing, or decreasing,
        # respectively.
        valid_curve = self.curve in VALID_CURVE
        valid_direction = self.direction in VALID_DIRECTION
        if not all((valid_curve, valid_direction)):
            raise ValueError(
                "Please check that the curve and direction arguments are valid."
            )

        # Step 1: fit a smooth line
        if interp_method == "interp1d":
            uspline = interpolate.interp1d(self.x, self.y)
            self.Ds_y = uspline(self.x)
        elif interp_method == "polynomial":
            p = np.poly1d(np.polyfit(x, y, self.polynomial_degree))
            self.Ds_y = p(x)
        else:
            raise ValueError(
                "{} is an invalid interp_method parameter, use either 'interp1d' or 'polynomial'".format(
                    interp_method
                )
            )

        # Step 2: normalize values
        self.x_normalized = self.__normalize(self.x)
        self.y_normalized = self.__normalize(self.Ds_y)

        # Step 3: Calculate the Difference curve
        self.y_normalized = self.transform_y(
            self.y_normalized, self.direction, self.curve
        )
        # normalized difference curve
        self.y_difference = self.y_normalized - self.x_normalized
        self.x_difference = self.x_normalized.copy()

        # Step 4: Identify local maxima/minima
        # local maxima
        self.maxima_indices = argrelextrema(self.y_difference, np.greater_equal)[0]
        self.x_difference_maxima = self.x_difference[self.maxima_indices]
        self.y_difference_maxima = self.y_difference[self.maxima_indices]

        # local minima
        self.minima_indices = argrelextrema(self.y_difference, np.less_equal)[0]
        self.x_difference_minima = self.x_difference[self.minima_indices]
        self.y_difference_minima = self.y_difference[self.minima_indices]

        # Step 5: Calculate thresholds
        self.Tmx = self.y_difference_maxima - (
            self.S * np.abs(np.diff(self.x_normalized).mean())
        )

        # Step 6: find knee
        self.knee, self.norm_knee = self.find_knee()

        # Step 7: If we have a knee, extract data about it
        self.knee_y = self.norm_knee_y = None
        if self.knee:
            self.knee_y = self.y[self.x == self.knee][0]
            self.norm_knee_y = self.y_normalized[self.x_normalized == self.norm_knee][0]

    @staticmethod
    def __normalize(a: Iterable[float]) -> Iterable[float]:
        return (a - min(a)) / (max(a) - min(a))

    @staticmethod
    def transform_y(y: Iterable[float], direction: str, curve: str) -> float:
        # convert elbows to knees
        if direction == "decreasing":
            if curve == "concave":
                y = np.flip(y)
            elif curve == "convex":
                y = y.max() - y
        elif direction == "increasing" and curve == "convex":
            y = np.flip(y.max() - y)

        return y

    def find_knee(
        self,
    ):
        if not self.maxima_indices.size:
            # No local maxima found in the difference curve
            # The line is probably not polynomial, try plotting
            # the difference curve with plt.plot(knee.x_difference, knee.y_difference)
            # Also check that you aren't mistakenly setting the curve argument
            return None, None
        # placeholder for which threshold region i is located in.
        maxima_threshold_index = 0
        minima_threshold_index = 0
        traversed_maxima = False
        # State flag to control knee detection after local minima
        detection_active = True
        # traverse the difference curve
        for i, x in enumerate(self.x_difference):
            # skip points on the curve before the the first local maxima
            if i < self.maxima_indices[0]:
                continue

            j = i + 1

            # reached the end of the curve
            if i == (len(self.x_difference) - 1):
                break

            # if we're at a local max, increment the maxima threshold index and continue
            if (self.maxima_indices == i).any():
                threshold = self.Tmx[maxima_threshold_index]
                threshold_index = i
                maxima_threshold_index += 1
                # Reactivate detection when we reach a local maximum
                detection_active = True
            # values in difference curve are at or after a local minimum
            if (self.minima_indices == i).any():
                threshold = 0.0
                minima_threshold_index += 1
                # Deactivate detection after a local minimum until next local maximum
                detection_active = False

            if detection_active and self.y_difference[j] < threshold:
                if self.curve == "convex":
                    if self.direction == "decreasing":
                        knee = self.x[threshold_index]
                        norm_knee = self.x_normalized[threshold_index]
                    else:
                        knee = self.x[-(threshold_index + 1)]
                        norm_knee = self.x_normalized[threshold_index]

                elif self.curve == "concave":
                    if self.direction == "decreasing":
                        knee = self.x[-(threshold_index + 1)]
                        norm_knee = self.x_normalized[threshold_index]
                    else:
                        knee = self.x[threshold_index]
                        norm_knee = self.x_normalized[threshold_index]

                # add the y value at the knee
                y_at_knee = self.y[self.x == knee][0]
                y_norm_at_knee = self.y_normalized[self.x_normalized == norm_knee][0]
                if knee not in self.all_knees:
                    self.all_knees_y.append(y_at_knee)
                    self.all_norm_knees_y.append(y_norm_at_knee)

                # now add the knee
                self.all_knees.add(knee)
                self.all_norm_knees.add(norm_knee)

                # if detecting in offline mode, return the first knee found
                if self.online is False:
                    return knee, norm_knee

        if self.all_knees == set():
            # No knee was found
            return None, None

        return knee, norm_knee

    # Niceties for users working with elbows rather than knees
    @property
    def elbow(self):
        return self.knee

    @property
    def norm_elbow(self):
        return self.norm_knee

    @property
    def elbow_y(self):
        return self.knee_y

    @property
    def norm_elbow_y(self):
        return self.norm_knee_y

    @property
    def all_elbows(self):
        return self.all_knees

    @property
    def all_norm_elbows(self):
        return self.all_norm_knees

    @property
    def all_elbows_y(self):
        return self.all_knees_y

    @property
    def all_norm_elbows_y(self):
        return self.all_norm_knees_y


# --- kneed/data_generator.py ---


class DataGenerator(object):
    @staticmethod
    def noisy_gaussian(
        mu: float = 50, sigma: float = 10, N: int = 100, seed=42
    ) -> Tuple[Iterable[float], Iterable[float]]:
        np.random.seed(seed)
        z = np.random.normal(loc=mu, scale=sigma, size=N)
        x = np.sort(z)
        y = np.array(range(N)) / float(N)
        return x, y

    @staticmethod
    def figure2() -> Tuple[Iterable[float], Iterable[float]]:
        with np.errstate(divide="ignore"):
            x = np.linspace(0.0, 1, 10)
            return x, np.true_divide(-1, x + 0.1) + 5

    @staticmethod
    def convex_increasing() -> Tuple[Iterable[float], Iterable[float]]:
        x = np.arange(0, 10)
        y_convex_inc = np.array([1, 2, 3, 4, 5, 10, 15, 20, 40, 100])
        return x, y_convex_inc

    @staticmethod
    def convex_decreasing() -> Tuple[Iterable[float], Iterable[float]]:
        x = np.arange(0, 10)
        y_convex_dec = np.array([100, 40, 20, 15, 10, 5, 4, 3, 2, 1])
        return x, y_convex_dec

    @staticmethod
    def concave_decreasing() -> Tuple[Iterable[float], Iterable[float]]:
        x = np.arange(0, 10)
        y_concave_dec = np.array([99, 98, 97, 96, 95, 90, 85, 80, 60, 0])
        return x, y_concave_dec

    @staticmethod
    def concave_increasing() -> Tuple[Iterable[float], Iterable[float]]:
        x = np.arange(0, 10)
        y_concave_inc = np.array([0, 60, 80, 85, 90, 95, 96, 97, 98, 99])
        return x, y_concave_inc

    @staticmethod
    def bumpy() -> Tuple[Iterable[float], Iterable[float]]:
        x_bumpy = list(range(90))
        y_bumpy = [
            7305.0,
            6979.0,
            6666.6,
            6463.2,
            6326.5,
            6048.8,
            6032.8,
            5762.0,
            5742.8,
            5398.2,
            5256.8,
            5227.0,
            5001.7,
            4942.0,
            4854.2,
            4734.6,
            4558.7,
            4491.1,
            4411.6,
            4333.0,
            4234.6,
            4139.1,
            4056.8,
            4022.5,
            3868.0,
            3808.3,
            3745.3,
            3692.3,
            3645.6,
            3618.3,
            3574.3,
            3504.3,
            3452.4,
            3401.2,
            3382.4,
            3340.7,
            3301.1,
            3247.6,
            3190.3,
            3180.0,
            3154.2,
            3089.5,
            3045.6,
            2989.0,
            2993.6,
            2941.3,
            2875.6,
            2866.3,
            2834.1,
            2785.1,
            2759.7,
            2763.2,
            2720.1,
            2660.1,
            2690.2,
            2635.7,
            2632.9,
            2574.6,
            2556.0,
            2545.7,
            2513.4,
            2491.6,
            2496.0,
            2466.5,
            2442.7,
            2420.5,
            2381.5,
            2388.1,
            2340.6,
            2335.0,
            2318.9,
            2319.0,
            2308.2,
            2262.2,
            2235.8,
            2259.3,
            2221.0,
            2202.7,
            2184.3,
            2170.1,
            2160.0,
            2127.7,
            2134.7,
            2102.0,
            2101.4,
            2066.4,
            2074.3,
            2063.7,
            2048.1,
            2031.9,
        ]
        return x_bumpy, y_bumpy


# --- calling conventions (not library code) -------------------------------------------------------------------------


def normalize(a):
    return KneeLocator._KneeLocator__normalize(a)


def transform_y_decreasing_concave(y):
    return KneeLocator.transform_y(y, "decreasing", "concave")


def transform_y_decreasing_convex(y):
    return KneeLocator.transform_y(y, "decreasing", "convex")


def transform_y_increasing_convex(y):
    return KneeLocator.transform_y(y, "increasing", "convex")


def transform_y_increasing_concave(y):
    return KneeLocator.transform_y(y, "increasing", "concave")


def _knee(kl):
    return kl.knee, kl.norm_knee, kl.knee_y, kl.norm_knee_y


def _knees(kl):
    return _knee(kl) + (sorted(kl.all_knees), kl.all_knees_y, kl.all_norm_knees_y)


def knee_concave_increasing(x, y):
    return _knee(KneeLocator(x, y, S=1.0, curve="concave"))


def knee_concave_decreasing(x, y):
    return _knee(KneeLocator(x, y, curve="concave", direction="decreasing"))


def knee_convex_increasing(x, y):
    return _knee(KneeLocator(x, y, curve="convex"))


def knee_convex_decreasing_polynomial(x, y):
    return _knee(KneeLocator(x, y, curve="convex", direction="decreasing", interp_method="polynomial"))


def knee_bumpy_offline(x, y):
    return _knee(KneeLocator(x, y, curve="convex", direction="decreasing"))


def knee_bumpy_online(x, y):
    return _knees(KneeLocator(x, y, curve="convex", direction="decreasing", online=True))


def knee_find_shape(x, y):
    direction, curve = find_shape(x, y)
    return _knee(KneeLocator(x, y, curve=curve, direction=direction))


def find_knee_bumpy(x, y, x_normalized, y_normalized, y_difference, maxima_indices, minima_indices, Tmx, online):
    """KneeLocator.find_knee on a KneeLocator made with __new__ and given the arrays its __init__ computes for the
    bumpy data (convex, decreasing) up to step 5."""
    kl = KneeLocator.__new__(KneeLocator)
    kl.x, kl.y = x, y
    kl.curve, kl.direction, kl.online = "convex", "decreasing", online
    kl.all_knees, kl.all_norm_knees, kl.all_knees_y, kl.all_norm_knees_y = set(), set(), [], []
    kl.x_normalized, kl.y_normalized = x_normalized, y_normalized
    kl.x_difference, kl.y_difference = x_normalized.copy(), y_difference
    kl.maxima_indices, kl.minima_indices, kl.Tmx = maxima_indices, minima_indices, Tmx
    knee, norm_knee = kl.find_knee()
    return knee, norm_knee, sorted(kl.all_knees), kl.all_knees_y


def noisy_gaussian(mu, sigma, N, seed):
    return DataGenerator.noisy_gaussian(mu=mu, sigma=sigma, N=N, seed=seed)


# --- inputs ---------------------------------------------------------------------------------------------------------


def _figure2(rng):
    x, y = DataGenerator.figure2()
    return x, y * rng.uniform(0.5, 2.0) + rng.uniform(-1.0, 1.0)


def _ints(rng, data):
    x, y = data()
    return x, y + rng.integers(0, 10)


def _floats(rng, data):
    x, y = data()
    return x.astype(float), y * rng.uniform(0.5, 2.0)


def _bumpy(rng):
    x, y = DataGenerator.bumpy()
    return np.array(x), np.array(y) * rng.uniform(0.9, 1.1)


def _shape(rng, sign, power):
    """a power curve with a little noise: x**power (convex for power > 1, concave below), times sign"""
    x = np.linspace(0.0, 1.0, 40)
    return x, sign * x**power + rng.normal(scale=1e-3, size=40)


def _find_knee(online):
    def make(rng):
        x, y = _bumpy(rng)
        kl = KneeLocator(x, y, curve="convex", direction="decreasing")
        return (x, y, kl.x_normalized, kl.y_normalized, kl.y_difference, kl.maxima_indices, kl.minima_indices, kl.Tmx, online)
    return make


CASES = [
    # shape_detector.py
    case(find_shape, lambda rng: _shape(rng, 1.0, 0.4), KN("shape_detector.py", "find_shape", "increasing, concave")),
    case(find_shape, lambda rng: _shape(rng, -1.0, 0.4), KN("shape_detector.py", "find_shape", "decreasing, convex"), name="kneed.find_shape_decreasing"),
    # knee_locator.py
    case(normalize, lambda rng: (rng.normal(size=20),), KN("knee_locator.py", "KneeLocator.__normalize")),
    case(transform_y_decreasing_concave, lambda rng: (rng.normal(size=20),), KN("knee_locator.py", "KneeLocator.transform_y", "decreasing, concave: np.flip")),
    case(transform_y_decreasing_convex, lambda rng: (rng.normal(size=20),), KN("knee_locator.py", "KneeLocator.transform_y", "decreasing, convex")),
    case(transform_y_increasing_convex, lambda rng: (rng.normal(size=20),), KN("knee_locator.py", "KneeLocator.transform_y", "increasing, convex")),
    case(transform_y_increasing_concave, lambda rng: (rng.normal(size=20),), KN("knee_locator.py", "KneeLocator.transform_y", "increasing, concave: unchanged")),
    case(knee_concave_increasing, _figure2, KN("knee_locator.py", "KneeLocator", "the Kneedle paper's figure 2 (DataGenerator.figure2); interp1d, offline")),
    case(knee_concave_decreasing, lambda rng: _ints(rng, DataGenerator.concave_decreasing), KN("knee_locator.py", "KneeLocator", "DataGenerator.concave_decreasing: int arrays")),
    case(knee_convex_increasing, lambda rng: _ints(rng, DataGenerator.convex_increasing), KN("knee_locator.py", "KneeLocator", "DataGenerator.convex_increasing: int arrays")),
    case(knee_convex_decreasing_polynomial, lambda rng: _floats(rng, DataGenerator.convex_decreasing),
         KN("knee_locator.py", "KneeLocator", "DataGenerator.convex_decreasing; interp_method='polynomial'")),
    case(knee_bumpy_offline, _bumpy, KN("knee_locator.py", "KneeLocator", "DataGenerator.bumpy; offline: the first knee")),
    case(knee_bumpy_online, _bumpy, KN("knee_locator.py", "KneeLocator", "DataGenerator.bumpy; online=True: every knee")),
    case(knee_find_shape, lambda rng: _shape(rng, 1.0, 3.0), KN("shape_detector.py / knee_locator.py", "find_shape / KneeLocator", "the shape found, then the knee")),
    case(find_knee_bumpy, _find_knee(False), KN("knee_locator.py", "KneeLocator.find_knee", "offline, on bumpy's difference curve")),
    case(find_knee_bumpy, _find_knee(True), KN("knee_locator.py", "KneeLocator.find_knee", "online, on bumpy's difference curve"), name="kneed.find_knee_bumpy_online"),
    # data_generator.py
    case(noisy_gaussian, lambda rng: (np.float64(rng.uniform(40.0, 60.0)), np.float64(rng.uniform(5.0, 15.0)), 100, 42),
         KN("data_generator.py", "DataGenerator.noisy_gaussian", "seeds NumPy's global generator itself (np.random.seed(seed))")),
    case(DataGenerator.figure2, lambda rng: (), KN("data_generator.py", "DataGenerator.figure2")),
    case(DataGenerator.bumpy, lambda rng: (), KN("data_generator.py", "DataGenerator.bumpy")),
]
