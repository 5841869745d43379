"""PyKrige's variogram models, variogram estimation and kriging systems (GeoStat-Framework/PyKrige, BSD-3-Clause).

Copied from GeoStat-Framework/PyKrige at 5e896fb3398cc86acd735d170fb758a02528b70e (its LICENSE is the 3-clause
BSD licence: "Copyright (c) 2015-2024, PyKrige Developers"), the files named in each section below. Bodies are as
written, comments kept, docstrings dropped. These are the NumPy functions behind PyKrige's estimators: the
variogram models (``float(m[0])`` of their parameter vector, ``np.piecewise`` with a lambda), great-circle
distances, the anisotropy transform (an ``if``/``elif`` on the number of dimensions, ``X -= center`` into its
argument), the parameter-list builder (dicts and lists, ``raise`` on bad keys), the experimental variogram (a loop
over lag bins with an ``if`` on the size of a masked selection, NaN filtering, ``scipy.optimize.least_squares``
when no parameters are given), the leave-one-out statistics (a loop with ``continue``s over a kriging solve on
growing prefixes), and the kriging systems of ordinary, universal and 3-D ordinary kriging: the matrix assembly
(``np.fill_diagonal``, drift columns written in loops, ``-100.0`` written where a log distance is infinite) and the
three solvers (vectorized with ``np.ma.array``, a loop over ``np.nonzero(~mask)[0]``, and a moving window of the
nearest points solved with ``scipy.linalg.solve``).

Adapted, beyond that:

* ``OrdinaryKriging``, ``UniversalKriging`` and ``OrdinaryKriging3D`` are stand-ins with the attributes their
  kriging methods read, set as the estimators' constructors set them (the data already adjusted for anisotropy,
  the variogram function and its parameters, ``pseudo_inv``, ``exact_values``, the class attribute ``eps``; for
  ``UniversalKriging``, the regional linear and point-logarithmic drifts on and the other drifts off), and the
  methods copied as written; a two-line wrapper makes the object and calls the method, as ``execute`` does;
* ``core`` (``from . import core`` in ``ok.py``) is a namespace holding the copied ``great_circle_distance``.

Not taken: ``execute`` and the constructors themselves (argument checking, printing and plotting around the
methods copied), the gstools covariance models, the Cython kernels (``lib/*.pyx``) and the scikit-learn
regression kriging.

The inputs are six to eight data points in a 10 x 10 square (a 10 x 10 x 10 box in 3-D, or longitude and latitude
degrees), their values, variogram parameters as an array (what the automatic fit gives: ``[psill, range, nugget]``
of the spherical model, the exponential model for ordinary kriging, ``[slope, nugget]`` of the linear model for
universal kriging) or as a list of Python floats (what a user passes), distances from four grid points to the data
(one grid point on a data point, so that the exact-value branches run), masks with nothing masked, and the kriging
matrices the copied ``_get_kriging_matrix`` makes (in the input factory, eagerly).
"""

# ruff: noqa: B028, E501, E741, UP031
from __future__ import annotations

import types
import warnings

import numpy as np
import scipy.linalg
import scipy.linalg as spl
from scipy.optimize import least_squares
from scipy.spatial.distance import cdist, pdist, squareform

from tests.coverage.cases import PYKRIGE, Source, case


def PK(path: str, original: str, note: str = "") -> Source:
    return Source(PYKRIGE, "src/pykrige/" + path, original, note)


eps = 1.0e-10  # Cutoff for comparison to zero
P_INV = {"pinv": spl.pinv, "pinvh": spl.pinvh}


# --- src/pykrige/variogram_models.py ----------------------------------------------------------------------------------
def linear_variogram_model(m, d):
    slope = float(m[0])
    nugget = float(m[1])
    return slope * d + nugget


def power_variogram_model(m, d):
    scale = float(m[0])
    exponent = float(m[1])
    nugget = float(m[2])
    return scale * d**exponent + nugget


def gaussian_variogram_model(m, d):
    psill = float(m[0])
    range_ = float(m[1])
    nugget = float(m[2])
    return psill * (1.0 - np.exp(-(d**2.0) / (range_ * 4.0 / 7.0) ** 2.0)) + nugget


def exponential_variogram_model(m, d):
    psill = float(m[0])
    range_ = float(m[1])
    nugget = float(m[2])
    return psill * (1.0 - np.exp(-d / (range_ / 3.0))) + nugget


def spherical_variogram_model(m, d):
    psill = float(m[0])
    range_ = float(m[1])
    nugget = float(m[2])
    return np.piecewise(
        d,
        [d <= range_, d > range_],
        [
            lambda x: psill
            * ((3.0 * x) / (2.0 * range_) - (x**3.0) / (2.0 * range_**3.0))
            + nugget,
            psill + nugget,
        ],
    )


def hole_effect_variogram_model(m, d):
    psill = float(m[0])
    range_ = float(m[1])
    nugget = float(m[2])
    return (
        psill * (1.0 - (1.0 - d / (range_ / 3.0)) * np.exp(-d / (range_ / 3.0)))
        + nugget
    )


# --- src/pykrige/core.py ----------------------------------------------------------------------------------------------
def great_circle_distance(lon1, lat1, lon2, lat2):
    # Convert to radians:
    lat1 = np.array(lat1) * np.pi / 180.0
    lat2 = np.array(lat2) * np.pi / 180.0
    dlon = (lon1 - lon2) * np.pi / 180.0

    # Evaluate trigonometric functions that need to be evaluated more
    # than once:
    c1 = np.cos(lat1)
    s1 = np.sin(lat1)
    c2 = np.cos(lat2)
    s2 = np.sin(lat2)
    cd = np.cos(dlon)

    # This uses the arctan version of the great-circle distance function
    # from en.wikipedia.org/wiki/Great-circle_distance for increased
    # numerical stability.
    # Formula can be obtained from [2] combining eqns. (14)-(16)
    # for spherical geometry (f=0).

    return (
        180.0
        / np.pi
        * np.arctan2(
            np.sqrt((c2 * np.sin(dlon)) ** 2 + (c1 * s2 - s1 * c2 * cd) ** 2),
            s1 * s2 + c1 * c2 * cd,
        )
    )


def euclid3_to_great_circle(euclid3_distance):
    # Eliminate some possible numerical errors:
    euclid3_distance[euclid3_distance > 2.0] = 2.0
    return 180.0 - 360.0 / np.pi * np.arccos(0.5 * euclid3_distance)


def _adjust_for_anisotropy(X, center, scaling, angle):
    center = np.asarray(center)[None, :]
    angle = np.asarray(angle) * np.pi / 180

    X -= center

    Ndim = X.shape[1]

    if Ndim == 1:
        raise NotImplementedError("Not implemnented yet?")
    elif Ndim == 2:
        stretch = np.array([[1, 0], [0, scaling[0]]])
        rot_tot = np.array(
            [
                [np.cos(-angle[0]), -np.sin(-angle[0])],
                [np.sin(-angle[0]), np.cos(-angle[0])],
            ]
        )
    elif Ndim == 3:
        stretch = np.array(
            [[1.0, 0.0, 0.0], [0.0, scaling[0], 0.0], [0.0, 0.0, scaling[1]]]
        )
        rotate_x = np.array(
            [
                [1.0, 0.0, 0.0],
                [0.0, np.cos(-angle[0]), -np.sin(-angle[0])],
                [0.0, np.sin(-angle[0]), np.cos(-angle[0])],
            ]
        )
        rotate_y = np.array(
            [
                [np.cos(-angle[1]), 0.0, np.sin(-angle[1])],
                [0.0, 1.0, 0.0],
                [-np.sin(-angle[1]), 0.0, np.cos(-angle[1])],
            ]
        )
        rotate_z = np.array(
            [
                [np.cos(-angle[2]), -np.sin(-angle[2]), 0.0],
                [np.sin(-angle[2]), np.cos(-angle[2]), 0.0],
                [0.0, 0.0, 1.0],
            ]
        )
        rot_tot = np.dot(rotate_z, np.dot(rotate_y, rotate_x))
    else:
        raise ValueError(
            "Adjust for anisotropy function doesn't support ND spaces where N>3"
        )
    X_adj = np.dot(stretch, np.dot(rot_tot, X.T)).T

    X_adj += center

    return X_adj


def _make_variogram_parameter_list(variogram_model, variogram_model_parameters):
    if variogram_model_parameters is None:
        parameter_list = None

    elif type(variogram_model_parameters) is dict:
        if variogram_model in ["linear"]:
            if (
                "slope" not in variogram_model_parameters.keys()
                or "nugget" not in variogram_model_parameters.keys()
            ):
                raise KeyError(
                    "'linear' variogram model requires 'slope' "
                    "and 'nugget' specified in variogram model "
                    "parameter dictionary."
                )

            else:
                parameter_list = [
                    variogram_model_parameters["slope"],
                    variogram_model_parameters["nugget"],
                ]

        elif variogram_model in ["power"]:
            if (
                "scale" not in variogram_model_parameters.keys()
                or "exponent" not in variogram_model_parameters.keys()
                or "nugget" not in variogram_model_parameters.keys()
            ):
                raise KeyError(
                    "'power' variogram model requires 'scale', "
                    "'exponent', and 'nugget' specified in "
                    "variogram model parameter dictionary."
                )

            else:
                parameter_list = [
                    variogram_model_parameters["scale"],
                    variogram_model_parameters["exponent"],
                    variogram_model_parameters["nugget"],
                ]

        elif variogram_model in ["gaussian", "spherical", "exponential", "hole-effect"]:
            if (
                "range" not in variogram_model_parameters.keys()
                or "nugget" not in variogram_model_parameters.keys()
            ):
                raise KeyError(
                    "'%s' variogram model requires 'range', "
                    "'nugget', and either 'sill' or 'psill' "
                    "specified in variogram model parameter "
                    "dictionary." % variogram_model
                )

            else:
                if "sill" in variogram_model_parameters.keys():
                    parameter_list = [
                        variogram_model_parameters["sill"]
                        - variogram_model_parameters["nugget"],
                        variogram_model_parameters["range"],
                        variogram_model_parameters["nugget"],
                    ]

                elif "psill" in variogram_model_parameters.keys():
                    parameter_list = [
                        variogram_model_parameters["psill"],
                        variogram_model_parameters["range"],
                        variogram_model_parameters["nugget"],
                    ]

                else:
                    raise KeyError(
                        "'%s' variogram model requires either "
                        "'sill' or 'psill' specified in "
                        "variogram model parameter "
                        "dictionary." % variogram_model
                    )

        elif variogram_model in ["custom"]:
            raise TypeError(
                "For user-specified custom variogram model, "
                "parameters must be specified in a list, "
                "not a dict."
            )

        else:
            raise ValueError(
                "Specified variogram model must be one of the "
                "following: 'linear', 'power', 'gaussian', "
                "'spherical', 'exponential', 'hole-effect', "
                "'custom'."
            )

    elif type(variogram_model_parameters) is list:
        if variogram_model in ["linear"]:
            if len(variogram_model_parameters) != 2:
                raise ValueError(
                    "Variogram model parameter list must have "
                    "exactly two entries when variogram model "
                    "set to 'linear'."
                )

            parameter_list = variogram_model_parameters

        elif variogram_model in ["power"]:
            if len(variogram_model_parameters) != 3:
                raise ValueError(
                    "Variogram model parameter list must have "
                    "exactly three entries when variogram model "
                    "set to 'power'."
                )

            parameter_list = variogram_model_parameters

        elif variogram_model in ["gaussian", "spherical", "exponential", "hole-effect"]:
            if len(variogram_model_parameters) != 3:
                raise ValueError(
                    "Variogram model parameter list must have "
                    "exactly three entries when variogram model "
                    "set to '%s'." % variogram_model
                )

            parameter_list = [
                variogram_model_parameters[0] - variogram_model_parameters[2],
                variogram_model_parameters[1],
                variogram_model_parameters[2],
            ]

        elif variogram_model in ["custom"]:
            parameter_list = variogram_model_parameters

        else:
            raise ValueError(
                "Specified variogram model must be one of the "
                "following: 'linear', 'power', 'gaussian', "
                "'spherical', 'exponential', 'hole-effect', "
                "'custom'."
            )

    else:
        raise TypeError(
            "Variogram model parameters must be provided in either "
            "a list or a dict when they are explicitly specified."
        )

    return parameter_list


def _initialize_variogram_model(
    X,
    y,
    variogram_model,
    variogram_model_parameters,
    variogram_function,
    nlags,
    weight,
    coordinates_type,
):
    # distance calculation for rectangular coords now leverages
    # scipy.spatial.distance's pdist function, which gives pairwise distances
    # in a condensed distance vector (distance matrix flattened to a vector)
    # to calculate semivariances...
    if coordinates_type == "euclidean":
        d = pdist(X, metric="euclidean")
        g = 0.5 * pdist(y[:, None], metric="sqeuclidean")

    # geographic coordinates only accepted if the problem is 2D
    # assume X[:, 0] ('x') => lon, X[:, 1] ('y') => lat
    # old method of distance calculation is retained here...
    # could be improved in the future
    elif coordinates_type == "geographic":
        if X.shape[1] != 2:
            raise ValueError(
                "Geographic coordinate type only supported for 2D datasets."
            )
        x1, x2 = np.meshgrid(X[:, 0], X[:, 0], sparse=True)
        y1, y2 = np.meshgrid(X[:, 1], X[:, 1], sparse=True)
        z1, z2 = np.meshgrid(y, y, sparse=True)
        d = great_circle_distance(x1, y1, x2, y2)
        g = 0.5 * (z1 - z2) ** 2.0
        indices = np.indices(d.shape)
        d = d[(indices[0, :, :] > indices[1, :, :])]
        g = g[(indices[0, :, :] > indices[1, :, :])]

    else:
        raise ValueError(
            "Specified coordinate type '%s' is not supported." % coordinates_type
        )

    # Equal-sized bins are now implemented. The upper limit on the bins
    # is appended to the list (instead of calculated as part of the
    # list comprehension) to avoid any numerical oddities
    # (specifically, say, ending up as 0.99999999999999 instead of 1.0).
    # Appending dmax + 0.001 ensures that the largest distance value
    # is included in the semivariogram calculation.
    dmax = np.amax(d)
    dmin = np.amin(d)
    dd = (dmax - dmin) / nlags
    bins = [dmin + n * dd for n in range(nlags)]
    dmax += 0.001
    bins.append(dmax)

    # This old binning method was experimental and doesn't seem
    # to work too well. Bins were computed such that there are more
    # at shorter lags. This effectively weights smaller distances more
    # highly in determining the variogram. As Kitanidis points out,
    # the variogram fit to the data at smaller lag distances is more
    # important. However, the value at the largest lag probably ends up
    # being biased too high for the larger values and thereby throws off
    # automatic variogram calculation and confuses comparison of the
    # semivariogram with the variogram model.
    #
    # dmax = np.amax(d)
    # dmin = np.amin(d)
    # dd = dmax - dmin
    # bins = [dd*(0.5**n) + dmin for n in range(nlags, 1, -1)]
    # bins.insert(0, dmin)
    # bins.append(dmax)

    lags = np.zeros(nlags)
    semivariance = np.zeros(nlags)

    for n in range(nlags):
        # This 'if... else...' statement ensures that there are data
        # in the bin so that numpy can actually find the mean. If we
        # don't test this first, then Python kicks out an annoying warning
        # message when there is an empty bin and we try to calculate the mean.
        if d[(d >= bins[n]) & (d < bins[n + 1])].size > 0:
            lags[n] = np.mean(d[(d >= bins[n]) & (d < bins[n + 1])])
            semivariance[n] = np.mean(g[(d >= bins[n]) & (d < bins[n + 1])])
        else:
            lags[n] = np.nan
            semivariance[n] = np.nan

    lags = lags[~np.isnan(semivariance)]
    semivariance = semivariance[~np.isnan(semivariance)]

    # a few tests the make sure that, if the variogram_model_parameters
    # are supplied, they have been supplied as expected...
    # if variogram_model_parameters was not defined, then estimate the variogram
    if variogram_model_parameters is not None:
        if variogram_model == "linear" and len(variogram_model_parameters) != 2:
            raise ValueError(
                "Exactly two parameters required for linear variogram model."
            )
        elif (
            variogram_model
            in ["power", "spherical", "exponential", "gaussian", "hole-effect"]
            and len(variogram_model_parameters) != 3
        ):
            raise ValueError(
                "Exactly three parameters required for "
                "%s variogram model" % variogram_model
            )
    else:
        if variogram_model == "custom":
            raise ValueError(
                "Variogram parameters must be specified when "
                "implementing custom variogram model."
            )
        else:
            variogram_model_parameters = _calculate_variogram_model(
                lags, semivariance, variogram_model, variogram_function, weight
            )

    return lags, semivariance, variogram_model_parameters


def _variogram_residuals(params, x, y, variogram_function, weight):
    # this crude weighting routine can be used to better fit the model
    # variogram to the experimental variogram at smaller lags...
    # the weights are calculated from a logistic function, so weights at small
    # lags are ~1 and weights at the longest lags are ~0;
    # the center of the logistic weighting is hard-coded to be at 70% of the
    # distance from the shortest lag to the largest lag
    if weight:
        drange = np.amax(x) - np.amin(x)
        k = 2.1972 / (0.1 * drange)
        x0 = 0.7 * drange + np.amin(x)
        weights = 1.0 / (1.0 + np.exp(-k * (x0 - x)))
        weights /= np.sum(weights)
        resid = (variogram_function(params, x) - y) * weights
    else:
        resid = variogram_function(params, x) - y

    return resid


def _calculate_variogram_model(
    lags, semivariance, variogram_model, variogram_function, weight
):
    if variogram_model == "linear":
        x0 = [
            (np.amax(semivariance) - np.amin(semivariance))
            / (np.amax(lags) - np.amin(lags)),
            np.amin(semivariance),
        ]
        bnds = ([0.0, 0.0], [np.inf, np.amax(semivariance)])
    elif variogram_model == "power":
        x0 = [
            (np.amax(semivariance) - np.amin(semivariance))
            / (np.amax(lags) - np.amin(lags)),
            1.1,
            np.amin(semivariance),
        ]
        bnds = ([0.0, 0.001, 0.0], [np.inf, 1.999, np.amax(semivariance)])
    else:
        x0 = [
            np.amax(semivariance) - np.amin(semivariance),
            0.25 * np.amax(lags),
            np.amin(semivariance),
        ]
        bnds = (
            [0.0, 0.0, 0.0],
            [10.0 * np.amax(semivariance), np.amax(lags), np.amax(semivariance)],
        )

    # use 'soft' L1-norm minimization in order to buffer against
    # potential outliers (weird/skewed points)
    res = least_squares(
        _variogram_residuals,
        x0,
        bounds=bnds,
        loss="soft_l1",
        args=(lags, semivariance, variogram_function, weight),
    )

    return res.x


def _krige(
    X,
    y,
    coords,
    variogram_function,
    variogram_model_parameters,
    coordinates_type,
    pseudo_inv=False,
):
    zero_index = None
    zero_value = False

    # calculate distance between points... need a square distance matrix
    # of inter-measurement-point distances and a vector of distances between
    # measurement points (X) and the kriging point (coords)
    if coordinates_type == "euclidean":
        d = squareform(pdist(X, metric="euclidean"))
        bd = np.asarray(cdist(X, coords[None, :], metric="euclidean")).ravel()

    # geographic coordinate distances still calculated in the old way...
    # assume X[:, 0] ('x') => lon, X[:, 1] ('y') => lat
    # also assume problem is 2D; check done earlier in initializing variogram
    elif coordinates_type == "geographic":
        x1, x2 = np.meshgrid(X[:, 0], X[:, 0], sparse=True)
        y1, y2 = np.meshgrid(X[:, 1], X[:, 1], sparse=True)
        d = great_circle_distance(x1, y1, x2, y2)
        bd = np.asarray(
            great_circle_distance(
                X[:, 0],
                X[:, 1],
                coords[0] * np.ones(X.shape[0]),
                coords[1] * np.ones(X.shape[0]),
            )
        ).ravel()

    # this check is done when initializing variogram, but kept here anyways...
    else:
        raise ValueError(
            "Specified coordinate type '%s' is not supported." % coordinates_type
        )

    # check if kriging point overlaps with measurement point
    if np.any(np.absolute(bd) <= 1e-10):
        zero_value = True
        zero_index = int(np.flatnonzero(bd <= 1e-10)[0])

    # set up kriging matrix
    n = X.shape[0]
    a = np.zeros((n + 1, n + 1))
    a[:n, :n] = -variogram_function(variogram_model_parameters, d)
    np.fill_diagonal(a, 0.0)
    a[n, :] = 1.0
    a[:, n] = 1.0
    a[n, n] = 0.0

    # set up RHS
    b = np.zeros((n + 1, 1))
    b[:n, 0] = -variogram_function(variogram_model_parameters, bd)
    if zero_value:
        b[zero_index, 0] = 0.0
    b[n, 0] = 1.0

    # solve
    if pseudo_inv:
        res = np.linalg.lstsq(a, b, rcond=None)[0]
    else:
        res = np.linalg.solve(a, b)
    zinterp = np.sum(res[:n, 0] * y)
    sigmasq = np.sum(res[:, 0] * -b[:, 0])

    return zinterp, sigmasq


def _find_statistics(
    X,
    y,
    variogram_function,
    variogram_model_parameters,
    coordinates_type,
    pseudo_inv=False,
):
    delta = np.zeros(y.shape)
    sigma = np.zeros(y.shape)

    for i in range(y.shape[0]):
        # skip the first value in the kriging problem
        if i == 0:
            continue

        else:
            k, ss = _krige(
                X[:i, :],
                y[:i],
                X[i, :],
                variogram_function,
                variogram_model_parameters,
                coordinates_type,
                pseudo_inv,
            )

            # if the estimation error is zero, it's probably because
            # the evaluation point X[i, :] is really close to one of the
            # kriging system points in X[:i, :]...
            # in the case of zero estimation error, the results are not stored
            if np.absolute(ss) < eps:
                continue

            delta[i] = y[i] - k
            sigma[i] = np.sqrt(ss)

    # only use non-zero entries in these arrays... sigma is used to pull out
    # non-zero entries in both cases because it is guaranteed to be positive,
    # whereas delta can be either positive or negative
    delta = delta[sigma > eps]
    sigma = sigma[sigma > eps]
    epsilon = delta / sigma

    return delta, sigma, epsilon


def calcQ1(epsilon):
    return abs(np.sum(epsilon) / (epsilon.shape[0] - 1))


def calcQ2(epsilon):
    return np.sum(epsilon**2) / (epsilon.shape[0] - 1)


def calc_cR(Q2, sigma):
    return Q2 * np.exp(np.sum(np.log(sigma**2)) / sigma.shape[0])


# --- src/pykrige/ok.py ------------------------------------------------------------------------------------------------
class OrdinaryKriging:
    """Stand-in for pykrige.ok.OrdinaryKriging: the attributes its kriging methods read, and those methods."""

    eps = 1.0e-10  # Cutoff for comparison to zero

    def __init__(self, X_ADJUSTED, Y_ADJUSTED, Z, variogram_function, variogram_model_parameters,
                 coordinates_type="euclidean", pseudo_inv=False, pseudo_inv_type="pinv", exact_values=True):
        self.X_ADJUSTED, self.Y_ADJUSTED, self.Z = X_ADJUSTED, Y_ADJUSTED, Z
        self.variogram_function, self.variogram_model_parameters = variogram_function, variogram_model_parameters
        self.coordinates_type = coordinates_type
        self.pseudo_inv, self.pseudo_inv_type = bool(pseudo_inv), str(pseudo_inv_type)
        self.exact_values = exact_values

    def _get_kriging_matrix(self, n):
        if self.coordinates_type == "euclidean":
            xy = np.concatenate(
                (self.X_ADJUSTED[:, np.newaxis], self.Y_ADJUSTED[:, np.newaxis]), axis=1
            )
            d = cdist(xy, xy, "euclidean")
        elif self.coordinates_type == "geographic":
            d = core.great_circle_distance(
                self.X_ADJUSTED[:, np.newaxis],
                self.Y_ADJUSTED[:, np.newaxis],
                self.X_ADJUSTED,
                self.Y_ADJUSTED,
            )
        a = np.zeros((n + 1, n + 1))
        a[:n, :n] = -self.variogram_function(self.variogram_model_parameters, d)

        np.fill_diagonal(a, 0.0)
        a[n, :] = 1.0
        a[:, n] = 1.0
        a[n, n] = 0.0
        return a

    def _exec_vector(self, a, bd, mask):
        npt = bd.shape[0]
        n = self.X_ADJUSTED.shape[0]
        zero_index = None
        zero_value = False

        # use the desired method to invert the kriging matrix
        if self.pseudo_inv:
            a_inv = P_INV[self.pseudo_inv_type](a)
        else:
            a_inv = scipy.linalg.inv(a)

        if np.any(np.absolute(bd) <= self.eps):
            zero_value = True
            zero_index = np.where(np.absolute(bd) <= self.eps)

        b = np.zeros((npt, n + 1, 1))
        b[:, :n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
        if zero_value and self.exact_values:
            b[zero_index[0], zero_index[1], 0] = 0.0
        b[:, n, 0] = 1.0

        if (~mask).any():
            mask_b = np.repeat(mask[:, np.newaxis, np.newaxis], n + 1, axis=1)
            b = np.ma.array(b, mask=mask_b)

        x = np.dot(a_inv, b.reshape((npt, n + 1)).T).reshape((1, n + 1, npt)).T
        zvalues = np.sum(x[:, :n, 0] * self.Z, axis=1)
        sigmasq = np.sum(x[:, :, 0] * -b[:, :, 0], axis=1)

        return zvalues, sigmasq

    def _exec_loop(self, a, bd_all, mask):
        npt = bd_all.shape[0]
        n = self.X_ADJUSTED.shape[0]
        zvalues = np.zeros(npt)
        sigmasq = np.zeros(npt)

        # use the desired method to invert the kriging matrix
        if self.pseudo_inv:
            a_inv = P_INV[self.pseudo_inv_type](a)
        else:
            a_inv = scipy.linalg.inv(a)

        for j in np.nonzero(~mask)[
            0
        ]:  # Note that this is the same thing as range(npt) if mask is not defined,
            bd = bd_all[j]  # otherwise it takes the non-masked elements.
            if np.any(np.absolute(bd) <= self.eps):
                zero_value = True
                zero_index = np.where(np.absolute(bd) <= self.eps)
            else:
                zero_index = None
                zero_value = False

            b = np.zeros((n + 1, 1))
            b[:n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
            if zero_value and self.exact_values:
                b[zero_index[0], 0] = 0.0
            b[n, 0] = 1.0
            x = np.dot(a_inv, b)
            zvalues[j] = np.sum(x[:n, 0] * self.Z)
            sigmasq[j] = np.sum(x[:, 0] * -b[:, 0])

        return zvalues, sigmasq

    def _exec_loop_moving_window(self, a_all, bd_all, mask, bd_idx):
        import scipy.linalg.lapack

        npt = bd_all.shape[0]
        n = bd_idx.shape[1]
        zvalues = np.zeros(npt)
        sigmasq = np.zeros(npt)

        for i in np.nonzero(~mask)[
            0
        ]:  # Note that this is the same thing as range(npt) if mask is not defined,
            b_selector = bd_idx[i]  # otherwise it takes the non-masked elements.
            bd = bd_all[i]

            a_selector = np.concatenate((b_selector, np.array([a_all.shape[0] - 1])))
            a = a_all[a_selector[:, None], a_selector]

            if np.any(np.absolute(bd) <= self.eps):
                zero_value = True
                zero_index = np.where(np.absolute(bd) <= self.eps)
            else:
                zero_index = None
                zero_value = False
            b = np.zeros((n + 1, 1))
            b[:n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
            if zero_value and self.exact_values:
                b[zero_index[0], 0] = 0.0
            b[n, 0] = 1.0

            x = scipy.linalg.solve(a, b)

            zvalues[i] = x[:n, 0].dot(self.Z[b_selector])
            sigmasq[i] = -x[:, 0].dot(b[:, 0])

        return zvalues, sigmasq


# --- src/pykrige/uk.py ------------------------------------------------------------------------------------------------
class UniversalKriging:
    """Stand-in for pykrige.uk.UniversalKriging with the regional linear and point-logarithmic drifts: the
    attributes its kriging methods read, and those methods."""

    eps = 1.0e-10  # Cutoff for comparison to zero

    def __init__(self, X_ADJUSTED, Y_ADJUSTED, Z, variogram_function, variogram_model_parameters, point_log_array,
                 pseudo_inv=False, pseudo_inv_type="pinv", exact_values=True):
        self.X_ADJUSTED, self.Y_ADJUSTED, self.Z = X_ADJUSTED, Y_ADJUSTED, Z
        self.variogram_function, self.variogram_model_parameters = variogram_function, variogram_model_parameters
        self.UNBIAS = True
        self.regional_linear_drift = True
        self.point_log_drift, self.point_log_array = True, point_log_array
        self.external_Z_drift = self.specified_drift = self.functional_drift = False
        self.specified_drift_data_arrays, self.functional_drift_terms = [], []
        self.pseudo_inv, self.pseudo_inv_type = bool(pseudo_inv), str(pseudo_inv_type)
        self.exact_values = exact_values

    def _get_kriging_matrix(self, n, n_withdrifts):
        xy = np.concatenate(
            (self.X_ADJUSTED[:, np.newaxis], self.Y_ADJUSTED[:, np.newaxis]), axis=1
        )
        d = cdist(xy, xy, "euclidean")
        if self.UNBIAS:
            a = np.zeros((n_withdrifts + 1, n_withdrifts + 1))
        else:
            a = np.zeros((n_withdrifts, n_withdrifts))
        a[:n, :n] = -self.variogram_function(self.variogram_model_parameters, d)

        np.fill_diagonal(a, 0.0)

        i = n
        if self.regional_linear_drift:
            a[:n, i] = self.X_ADJUSTED
            a[i, :n] = self.X_ADJUSTED
            i += 1
            a[:n, i] = self.Y_ADJUSTED
            a[i, :n] = self.Y_ADJUSTED
            i += 1
        if self.point_log_drift:
            for well_no in range(self.point_log_array.shape[0]):
                log_dist = np.log(
                    np.sqrt(
                        (self.X_ADJUSTED - self.point_log_array[well_no, 0]) ** 2
                        + (self.Y_ADJUSTED - self.point_log_array[well_no, 1]) ** 2
                    )
                )
                if np.any(np.isinf(log_dist)):
                    log_dist[np.isinf(log_dist)] = -100.0
                a[:n, i] = -self.point_log_array[well_no, 2] * log_dist
                a[i, :n] = -self.point_log_array[well_no, 2] * log_dist
                i += 1
        if self.external_Z_drift:
            a[:n, i] = self.z_scalars
            a[i, :n] = self.z_scalars
            i += 1
        if self.specified_drift:
            for arr in self.specified_drift_data_arrays:
                a[:n, i] = arr
                a[i, :n] = arr
                i += 1
        if self.functional_drift:
            for func in self.functional_drift_terms:
                a[:n, i] = func(self.X_ADJUSTED, self.Y_ADJUSTED)
                a[i, :n] = func(self.X_ADJUSTED, self.Y_ADJUSTED)
                i += 1
        if i != n_withdrifts:
            warnings.warn(
                "Error in creating kriging matrix. Kriging may fail.", RuntimeWarning
            )
        if self.UNBIAS:
            a[n_withdrifts, :n] = 1.0
            a[:n, n_withdrifts] = 1.0
            a[n : n_withdrifts + 1, n : n_withdrifts + 1] = 0.0

        return a

    def _exec_vector(self, a, bd, xy, xy_orig, mask, n_withdrifts, spec_drift_grids):
        npt = bd.shape[0]
        n = self.X_ADJUSTED.shape[0]
        zero_index = None
        zero_value = False

        # use the desired method to invert the kriging matrix
        if self.pseudo_inv:
            a_inv = P_INV[self.pseudo_inv_type](a)
        else:
            a_inv = scipy.linalg.inv(a)

        if np.any(np.absolute(bd) <= self.eps):
            zero_value = True
            zero_index = np.where(np.absolute(bd) <= self.eps)

        if self.UNBIAS:
            b = np.zeros((npt, n_withdrifts + 1, 1))
        else:
            b = np.zeros((npt, n_withdrifts, 1))
        b[:, :n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
        if zero_value and self.exact_values:
            b[zero_index[0], zero_index[1], 0] = 0.0

        i = n
        if self.regional_linear_drift:
            b[:, i, 0] = xy[:, 0]
            i += 1
            b[:, i, 0] = xy[:, 1]
            i += 1
        if self.point_log_drift:
            for well_no in range(self.point_log_array.shape[0]):
                log_dist = np.log(
                    np.sqrt(
                        (xy[:, 0] - self.point_log_array[well_no, 0]) ** 2
                        + (xy[:, 1] - self.point_log_array[well_no, 1]) ** 2
                    )
                )
                if np.any(np.isinf(log_dist)):
                    log_dist[np.isinf(log_dist)] = -100.0
                b[:, i, 0] = -self.point_log_array[well_no, 2] * log_dist
                i += 1
        if self.external_Z_drift:
            b[:, i, 0] = self._calculate_data_point_zscalars(
                xy_orig[:, 0], xy_orig[:, 1]
            )
            i += 1
        if self.specified_drift:
            for spec_vals in spec_drift_grids:
                b[:, i, 0] = spec_vals.flatten()
                i += 1
        if self.functional_drift:
            for func in self.functional_drift_terms:
                b[:, i, 0] = func(xy[:, 0], xy[:, 1])
                i += 1
        if i != n_withdrifts:
            warnings.warn(
                "Error in setting up kriging system. Kriging may fail.",
                RuntimeWarning,
            )
        if self.UNBIAS:
            b[:, n_withdrifts, 0] = 1.0

        if (~mask).any():
            mask_b = np.repeat(
                mask[:, np.newaxis, np.newaxis], n_withdrifts + 1, axis=1
            )
            b = np.ma.array(b, mask=mask_b)

        if self.UNBIAS:
            x = (
                np.dot(a_inv, b.reshape((npt, n_withdrifts + 1)).T)
                .reshape((1, n_withdrifts + 1, npt))
                .T
            )
        else:
            x = (
                np.dot(a_inv, b.reshape((npt, n_withdrifts)).T)
                .reshape((1, n_withdrifts, npt))
                .T
            )
        zvalues = np.sum(x[:, :n, 0] * self.Z, axis=1)
        sigmasq = np.sum(x[:, :, 0] * -b[:, :, 0], axis=1)

        return zvalues, sigmasq

    def _exec_loop(self, a, bd_all, xy, xy_orig, mask, n_withdrifts, spec_drift_grids):
        npt = bd_all.shape[0]
        n = self.X_ADJUSTED.shape[0]
        zvalues = np.zeros(npt)
        sigmasq = np.zeros(npt)

        # use the desired method to invert the kriging matrix
        if self.pseudo_inv:
            a_inv = P_INV[self.pseudo_inv_type](a)
        else:
            a_inv = scipy.linalg.inv(a)

        for j in np.nonzero(~mask)[
            0
        ]:  # Note that this is the same thing as range(npt) if mask is not defined,
            bd = bd_all[j]  # otherwise it takes the non-masked elements.
            if np.any(np.absolute(bd) <= self.eps):
                zero_value = True
                zero_index = np.where(np.absolute(bd) <= self.eps)
            else:
                zero_index = None
                zero_value = False

            if self.UNBIAS:
                b = np.zeros((n_withdrifts + 1, 1))
            else:
                b = np.zeros((n_withdrifts, 1))
            b[:n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
            if zero_value and self.exact_values:
                b[zero_index[0], 0] = 0.0

            i = n
            if self.regional_linear_drift:
                b[i, 0] = xy[j, 0]
                i += 1
                b[i, 0] = xy[j, 1]
                i += 1
            if self.point_log_drift:
                for well_no in range(self.point_log_array.shape[0]):
                    log_dist = np.log(
                        np.sqrt(
                            (xy[j, 0] - self.point_log_array[well_no, 0]) ** 2
                            + (xy[j, 1] - self.point_log_array[well_no, 1]) ** 2
                        )
                    )
                    if np.any(np.isinf(log_dist)):
                        log_dist[np.isinf(log_dist)] = -100.0
                    b[i, 0] = -self.point_log_array[well_no, 2] * log_dist
                    i += 1
            if self.external_Z_drift:
                b[i, 0] = self._calculate_data_point_zscalars(
                    xy_orig[j, 0], xy_orig[j, 1], type_="scalar"
                )
                i += 1
            if self.specified_drift:
                for spec_vals in spec_drift_grids:
                    b[i, 0] = spec_vals.flatten()[i]
                    i += 1
            if self.functional_drift:
                for func in self.functional_drift_terms:
                    b[i, 0] = func(xy[j, 0], xy[j, 1])
                    i += 1
            if i != n_withdrifts:
                warnings.warn(
                    "Error in setting up kriging system. Kriging may fail.",
                    RuntimeWarning,
                )
            if self.UNBIAS:
                b[n_withdrifts, 0] = 1.0

            x = np.dot(a_inv, b)
            zvalues[j] = np.sum(x[:n, 0] * self.Z)
            sigmasq[j] = np.sum(x[:, 0] * -b[:, 0])

        return zvalues, sigmasq


# --- src/pykrige/ok3d.py ----------------------------------------------------------------------------------------------
class OrdinaryKriging3D:
    """Stand-in for pykrige.ok3d.OrdinaryKriging3D: the attributes its kriging methods read, and those methods."""

    eps = 1.0e-10  # Cutoff for comparison to zero

    def __init__(self, X_ADJUSTED, Y_ADJUSTED, Z_ADJUSTED, VALUES, variogram_function, variogram_model_parameters,
                 pseudo_inv=False, pseudo_inv_type="pinv", exact_values=True):
        self.X_ADJUSTED, self.Y_ADJUSTED, self.Z_ADJUSTED, self.VALUES = X_ADJUSTED, Y_ADJUSTED, Z_ADJUSTED, VALUES
        self.variogram_function, self.variogram_model_parameters = variogram_function, variogram_model_parameters
        self.pseudo_inv, self.pseudo_inv_type = bool(pseudo_inv), str(pseudo_inv_type)
        self.exact_values = exact_values

    def _get_kriging_matrix(self, n):
        xyz = np.concatenate(
            (
                self.X_ADJUSTED[:, np.newaxis],
                self.Y_ADJUSTED[:, np.newaxis],
                self.Z_ADJUSTED[:, np.newaxis],
            ),
            axis=1,
        )
        d = cdist(xyz, xyz, "euclidean")
        a = np.zeros((n + 1, n + 1))
        a[:n, :n] = -self.variogram_function(self.variogram_model_parameters, d)
        np.fill_diagonal(a, 0.0)
        a[n, :] = 1.0
        a[:, n] = 1.0
        a[n, n] = 0.0

        return a

    def _exec_vector(self, a, bd, mask):
        npt = bd.shape[0]
        n = self.X_ADJUSTED.shape[0]
        zero_index = None
        zero_value = False

        # use the desired method to invert the kriging matrix
        if self.pseudo_inv:
            a_inv = P_INV[self.pseudo_inv_type](a)
        else:
            a_inv = scipy.linalg.inv(a)

        if np.any(np.absolute(bd) <= self.eps):
            zero_value = True
            zero_index = np.where(np.absolute(bd) <= self.eps)

        b = np.zeros((npt, n + 1, 1))
        b[:, :n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
        if zero_value and self.exact_values:
            b[zero_index[0], zero_index[1], 0] = 0.0
        b[:, n, 0] = 1.0

        if (~mask).any():
            mask_b = np.repeat(mask[:, np.newaxis, np.newaxis], n + 1, axis=1)
            b = np.ma.array(b, mask=mask_b)

        x = np.dot(a_inv, b.reshape((npt, n + 1)).T).reshape((1, n + 1, npt)).T
        kvalues = np.sum(x[:, :n, 0] * self.VALUES, axis=1)
        sigmasq = np.sum(x[:, :, 0] * -b[:, :, 0], axis=1)

        return kvalues, sigmasq

    def _exec_loop(self, a, bd_all, mask):
        npt = bd_all.shape[0]
        n = self.X_ADJUSTED.shape[0]
        kvalues = np.zeros(npt)
        sigmasq = np.zeros(npt)

        # use the desired method to invert the kriging matrix
        if self.pseudo_inv:
            a_inv = P_INV[self.pseudo_inv_type](a)
        else:
            a_inv = scipy.linalg.inv(a)

        for j in np.nonzero(~mask)[
            0
        ]:  # Note that this is the same thing as range(npt) if mask is not defined,
            bd = bd_all[j]  # otherwise it takes the non-masked elements.
            if np.any(np.absolute(bd) <= self.eps):
                zero_value = True
                zero_index = np.where(np.absolute(bd) <= self.eps)
            else:
                zero_value = False
                zero_index = None

            b = np.zeros((n + 1, 1))
            b[:n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
            if zero_value and self.exact_values:
                b[zero_index[0], 0] = 0.0
            b[n, 0] = 1.0

            x = np.dot(a_inv, b)
            kvalues[j] = np.sum(x[:n, 0] * self.VALUES)
            sigmasq[j] = np.sum(x[:, 0] * -b[:, 0])

        return kvalues, sigmasq

    def _exec_loop_moving_window(self, a_all, bd_all, mask, bd_idx):
        import scipy.linalg.lapack

        npt = bd_all.shape[0]
        n = bd_idx.shape[1]
        kvalues = np.zeros(npt)
        sigmasq = np.zeros(npt)

        for i in np.nonzero(~mask)[0]:
            b_selector = bd_idx[i]
            bd = bd_all[i]

            a_selector = np.concatenate((b_selector, np.array([a_all.shape[0] - 1])))
            a = a_all[a_selector[:, None], a_selector]

            if np.any(np.absolute(bd) <= self.eps):
                zero_value = True
                zero_index = np.where(np.absolute(bd) <= self.eps)
            else:
                zero_value = False
                zero_index = None
            b = np.zeros((n + 1, 1))
            b[:n, 0] = -self.variogram_function(self.variogram_model_parameters, bd)
            if zero_value and self.exact_values:
                b[zero_index[0], 0] = 0.0
            b[n, 0] = 1.0

            x = scipy.linalg.solve(a, b)

            kvalues[i] = x[:n, 0].dot(self.VALUES[b_selector])
            sigmasq[i] = -x[:, 0].dot(b[:, 0])

        return kvalues, sigmasq


core = types.SimpleNamespace(great_circle_distance=great_circle_distance)  # pykrige.core, as ok.py imports it


# --- wrappers: make the estimator stand-in, call its method -------------------------------------------------------
def ok_kriging_matrix(x, y, z, params, coordinates_type):
    return OrdinaryKriging(x, y, z, exponential_variogram_model, params, coordinates_type)._get_kriging_matrix(x.shape[0])


def ok_exec_vector(x, y, z, params, a, bd, mask):
    return OrdinaryKriging(x, y, z, exponential_variogram_model, params)._exec_vector(a, bd, mask)


def ok_exec_loop(x, y, z, params, a, bd_all, mask):
    return OrdinaryKriging(x, y, z, exponential_variogram_model, params)._exec_loop(a, bd_all, mask)


def ok_exec_loop_pinv(x, y, z, params, a, bd_all, mask):
    return OrdinaryKriging(x, y, z, exponential_variogram_model, params, pseudo_inv=True,
                           pseudo_inv_type="pinvh")._exec_loop(a, bd_all, mask)


def ok_exec_loop_moving_window(x, y, z, params, a_all, bd_all, mask, bd_idx):
    return OrdinaryKriging(x, y, z, exponential_variogram_model, params)._exec_loop_moving_window(a_all, bd_all, mask,
                                                                                                bd_idx)


def uk_kriging_matrix(x, y, z, params, wells):
    return UniversalKriging(x, y, z, linear_variogram_model, params, wells)._get_kriging_matrix(x.shape[0],
                                                                                                x.shape[0] + 3)


def uk_exec_vector(x, y, z, params, wells, a, bd, xy, mask):
    return UniversalKriging(x, y, z, linear_variogram_model, params, wells)._exec_vector(a, bd, xy, xy, mask,
                                                                                         x.shape[0] + 3, [])


def uk_exec_loop(x, y, z, params, wells, a, bd, xy, mask):
    return UniversalKriging(x, y, z, linear_variogram_model, params, wells)._exec_loop(a, bd, xy, xy, mask,
                                                                                       x.shape[0] + 3, [])


def ok3d_kriging_matrix(x, y, z, values, params):
    return OrdinaryKriging3D(x, y, z, values, exponential_variogram_model, params)._get_kriging_matrix(x.shape[0])


def ok3d_exec_vector(x, y, z, values, params, a, bd, mask):
    return OrdinaryKriging3D(x, y, z, values, exponential_variogram_model, params)._exec_vector(a, bd, mask)


def ok3d_exec_loop(x, y, z, values, params, a, bd, mask):
    return OrdinaryKriging3D(x, y, z, values, exponential_variogram_model, params)._exec_loop(a, bd, mask)


def ok3d_exec_loop_moving_window(x, y, z, values, params, a_all, bd_all, mask, bd_idx):
    return OrdinaryKriging3D(x, y, z, values, exponential_variogram_model, params)._exec_loop_moving_window(
        a_all, bd_all, mask, bd_idx)


# --- the cases ------------------------------------------------------------------------------------------------
_VM, _CORE = "variogram_models.py", "core.py"


def _params(rng):
    """Spherical (or exponential) parameters [psill, range, nugget], as the automatic fit returns them."""
    return np.array([2.0, 6.0, 0.1]) + rng.uniform(0, 0.1, size=3)


def _data(rng, n=6, dim=2):
    """n data points in a 10 x 10 (x 10) box, and their values."""
    return rng.uniform(0, 10, size=(n, dim)), rng.normal(size=n)


def _grid(rng, X, npt=4):
    """npt grid points, the first on a data point (the exact-value branches)."""
    pts = rng.uniform(0, 10, size=(npt, X.shape[1]))
    pts[0] = X[2]
    return pts


def _lonlat(rng, n=6):
    return np.c_[rng.uniform(-20, 20, size=n), rng.uniform(30, 60, size=n)], rng.normal(size=n)


def _ok(rng):
    X, z = _data(rng)
    params = _params(rng)
    a = OrdinaryKriging(X[:, 0], X[:, 1], z, exponential_variogram_model, params)._get_kriging_matrix(X.shape[0])
    return X[:, 0], X[:, 1], z, params, a, cdist(_grid(rng, X), X), np.zeros(4, dtype=bool)


def _ok_window(rng, k=4):
    x, y, z, params, a, bd, mask = _ok(rng)
    bd_idx = np.argsort(bd, axis=1)[:, :k]
    return x, y, z, params, a, np.take_along_axis(bd, bd_idx, axis=1), mask, bd_idx


def _uk(rng):
    X, z = _data(rng)
    params = np.array([0.5, 0.1]) + rng.uniform(0, 0.1, size=2)  # linear: [slope, nugget]
    wells = np.array([[5.0, 5.0, 0.3]]) + rng.uniform(0, 0.5, size=(1, 3))
    a = UniversalKriging(X[:, 0], X[:, 1], z, linear_variogram_model, params, wells)._get_kriging_matrix(6, 9)
    xy = _grid(rng, X)
    return X[:, 0], X[:, 1], z, params, wells, a, cdist(xy, X), xy, np.zeros(4, dtype=bool)


def _ok3d(rng):
    X, v = _data(rng, 7, 3)
    params = _params(rng)
    a = OrdinaryKriging3D(X[:, 0], X[:, 1], X[:, 2], v, exponential_variogram_model, params)._get_kriging_matrix(7)
    return X[:, 0], X[:, 1], X[:, 2], v, params, a, cdist(_grid(rng, X), X), np.zeros(4, dtype=bool)


def _ok3d_window(rng, k=5):
    x, y, z, v, params, a, bd, mask = _ok3d(rng)
    bd_idx = np.argsort(bd, axis=1)[:, :k]
    return x, y, z, v, params, a, np.take_along_axis(bd, bd_idx, axis=1), mask, bd_idx


def _lags(rng, n=8):
    lags = np.sort(rng.uniform(0.5, 9.0, size=n))
    return lags, spherical_variogram_model([2.0, 6.0, 0.1], lags) + rng.normal(0, 0.05, size=n)


CASES = [
    # variogram_models.py
    case(linear_variogram_model, lambda rng: (np.array([0.5, 0.1]) + rng.uniform(size=2), rng.uniform(0, 10, size=8)),
         PK(_VM, "linear_variogram_model")),
    case(power_variogram_model, lambda rng: ([1.5, 1.2, 0.1], rng.uniform(0, 10, size=8)),
         PK(_VM, "power_variogram_model", "parameters as a list of Python floats")),
    case(gaussian_variogram_model, lambda rng: (_params(rng), rng.uniform(0, 10, size=(4, 4))),
         PK(_VM, "gaussian_variogram_model")),
    case(exponential_variogram_model, lambda rng: (_params(rng), rng.uniform(0, 10, size=8)),
         PK(_VM, "exponential_variogram_model")),
    case(spherical_variogram_model, lambda rng: (_params(rng), rng.uniform(0, 10, size=8)),
         PK(_VM, "spherical_variogram_model", "distances on both sides of the range")),
    case(hole_effect_variogram_model, lambda rng: (_params(rng), rng.uniform(0, 10, size=8)),
         PK(_VM, "hole_effect_variogram_model")),
    # core.py
    case(great_circle_distance, lambda rng: (rng.uniform(-20, 20, size=(5, 1)), rng.uniform(30, 60, size=(5, 1)),
                                             rng.uniform(-20, 20, size=5), rng.uniform(30, 60, size=5)),
         PK(_CORE, "great_circle_distance", "broadcast as the kriging matrix calls it")),
    case(euclid3_to_great_circle, lambda rng: (rng.uniform(0, 2.2, size=8),),
         PK(_CORE, "euclid3_to_great_circle", "some chord lengths above 2")),
    case(_adjust_for_anisotropy, lambda rng: (rng.uniform(0, 10, size=(6, 2)), [5.0, 5.0], [2.0], [30.0]),
         PK(_CORE, "_adjust_for_anisotropy", "two dimensions")),
    case(_adjust_for_anisotropy, lambda rng: (rng.uniform(0, 10, size=(6, 3)), rng.uniform(4, 6, size=3), [2.0, 0.5],
                                              [30.0, 10.0, 45.0]),
         PK(_CORE, "_adjust_for_anisotropy", "three dimensions, the centre an array"), name="pykrige._adjust_for_anisotropy_3d"),
    case(_make_variogram_parameter_list, lambda rng: ("spherical", {"sill": np.float64(2.0), "range": np.float64(6.0),
                                                                    "nugget": np.float64(0.1)}),
         PK(_CORE, "_make_variogram_parameter_list", "a dict with sill, NumPy scalars")),
    case(_make_variogram_parameter_list, lambda rng: ("gaussian", [np.float64(2.0), np.float64(6.0), np.float64(0.1)]),
         PK(_CORE, "_make_variogram_parameter_list", "a list, NumPy scalars"), name="pykrige._make_variogram_parameter_list_list"),
    case(_initialize_variogram_model, lambda rng: (*_data(rng, 8), "spherical", [2.0, 6.0, 0.1], spherical_variogram_model,
                                                   4, False, "euclidean"),
         PK(_CORE, "_initialize_variogram_model", "euclidean (pdist), parameters given")),
    case(_initialize_variogram_model, lambda rng: (*_lonlat(rng, 8), "spherical", [2.0, 6.0, 0.1],
                                                   spherical_variogram_model, 4, False, "geographic"),
         PK(_CORE, "_initialize_variogram_model", "geographic, parameters given"),
         name="pykrige._initialize_variogram_model_geographic"),
    case(_initialize_variogram_model, lambda rng: (*_lonlat(rng, 8), "linear", None, linear_variogram_model, 4, True,
                                                   "geographic"),
         PK(_CORE, "_initialize_variogram_model", "geographic, fitted (least_squares), weighted"),
         name="pykrige._initialize_variogram_model_fit"),
    case(_variogram_residuals, lambda rng: (_params(rng), *_lags(rng), exponential_variogram_model, True),
         PK(_CORE, "_variogram_residuals", "weighted")),
    case(_calculate_variogram_model, lambda rng: (*_lags(rng), "spherical", spherical_variogram_model, False),
         PK(_CORE, "_calculate_variogram_model", "scipy.optimize.least_squares")),
    case(_krige, lambda rng: (*_data(rng), rng.uniform(0, 10, size=2), spherical_variogram_model, _params(rng),
                              "euclidean"),
         PK(_CORE, "_krige", "euclidean (pdist, cdist)")),
    case(_krige, lambda rng: (*_lonlat(rng), np.array([0.0, 45.0]), spherical_variogram_model, [2.0, 30.0, 0.1],
                              "geographic"),
         PK(_CORE, "_krige", "geographic"), name="pykrige._krige_geographic"),
    case(_krige, lambda rng: (*_lonlat(rng), np.array([0.0, 45.0]), spherical_variogram_model, [2.0, 30.0, 0.1],
                              "geographic", True),
         PK(_CORE, "_krige", "geographic, pseudo_inv (lstsq)"), name="pykrige._krige_lstsq"),
    case(_find_statistics, lambda rng: (*_lonlat(rng), spherical_variogram_model, [2.0, 30.0, 0.1], "geographic"),
         PK(_CORE, "_find_statistics", "geographic")),
    case(calcQ1, lambda rng: (rng.normal(size=6),), PK(_CORE, "calcQ1")),
    case(calcQ2, lambda rng: (rng.normal(size=6),), PK(_CORE, "calcQ2")),
    case(calc_cR, lambda rng: (np.float64(1.3), rng.uniform(0.5, 2.0, size=6)), PK(_CORE, "calc_cR")),
    # ok.py, uk.py, ok3d.py
    case(ok_kriging_matrix, lambda rng: (*_ok(rng)[:4], "euclidean"),
         PK("ok.py", "OrdinaryKriging._get_kriging_matrix", "euclidean (cdist)")),
    case(ok_kriging_matrix, lambda rng: (*_ok(rng)[:4], "geographic"),
         PK("ok.py", "OrdinaryKriging._get_kriging_matrix", "geographic"), name="pykrige.ok_kriging_matrix_geographic"),
    case(ok_exec_vector, _ok, PK("ok.py", "OrdinaryKriging._exec_vector", "nothing masked (np.ma.array)")),
    case(ok_exec_loop, _ok, PK("ok.py", "OrdinaryKriging._exec_loop", "nothing masked")),
    case(ok_exec_loop_pinv, _ok, PK("ok.py", "OrdinaryKriging._exec_loop", "pseudo_inv, pinvh")),
    case(ok_exec_loop_moving_window, _ok_window, PK("ok.py", "OrdinaryKriging._exec_loop_moving_window", "4 nearest")),
    case(uk_kriging_matrix, lambda rng: _uk(rng)[:5],
         PK("uk.py", "UniversalKriging._get_kriging_matrix", "regional linear and point-log drifts")),
    case(uk_exec_vector, _uk, PK("uk.py", "UniversalKriging._exec_vector", "regional linear and point-log drifts")),
    case(uk_exec_loop, _uk, PK("uk.py", "UniversalKriging._exec_loop", "regional linear and point-log drifts")),
    case(ok3d_kriging_matrix, lambda rng: _ok3d(rng)[:5], PK("ok3d.py", "OrdinaryKriging3D._get_kriging_matrix")),
    case(ok3d_exec_vector, _ok3d, PK("ok3d.py", "OrdinaryKriging3D._exec_vector")),
    case(ok3d_exec_loop, _ok3d, PK("ok3d.py", "OrdinaryKriging3D._exec_loop")),
    case(ok3d_exec_loop_moving_window, _ok3d_window,
         PK("ok3d.py", "OrdinaryKriging3D._exec_loop_moving_window", "5 nearest")),
]
