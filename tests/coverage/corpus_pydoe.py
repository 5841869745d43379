"""pyDOE3's design-of-experiments builders: full and 2-level factorials, fractional factorials from generator strings
(validated with ``re``, built column by column from ``ord`` of the letters), their alias structure, Plackett-Burman
(``np.frexp`` to choose the Toeplitz/Hankel core, a doubling loop), Box-Behnken, central composite (star points,
unions, centre repeats), the Latin-hypercube helpers (classic, centred, maximin, correlation, ``lhsmu``), foldover,
Doehlert, generalized subset designs, Sukharev grids, Halton, rank-1 lattices and Korobov sequences, the Cranley-
Patterson shift, Morris trajectories, Taguchi signal-to-noise ratios, random k-means, sample scaling, and the optimal
design criteria (D, A, E, G, S, T optimality, information matrices, polynomial model matrices, efficiencies, the
greedy add/drop steps) (relf/pyDOE3, BSD-3-Clause).

Copied from relf/pyDOE3 at b4f56a5b261c7508a0d661af0b0a894eb75955e4 (its LICENSE is the 3-clause BSD licence:
"Copyright (c) 2014, Abraham D. Lee; Copyright (c) 2018, Rickard Sjögren & Daniel Svensson; Copyright (c) 2023, Rémi
Lafage"), the files named in each section below. Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* the Latin-hypercube helpers take ``randomstate`` (a ``np.random.Generator``): the wrappers pass ``_GivenDraws``, a
  stand-in whose ``random(shape)`` returns a given uniform array and whose ``permutation(x)`` returns the next given
  permutation (of ``range(x)`` for an int, as ``Generator.permutation`` does, else ``x`` indexed by it); ``lhs``
  itself is staged with ``seed=`` as the library seeds its generator;
* the builders that take only Python values (``fullfact``, ``ff2n``, ``fracfact`` and its generator strings,
  ``pbdesign``, ``bbdesign``, ``ccdesign``, ``gsd``, ``halton_sequence`` ...) are staged through wrappers that give
  the settings as constants: the graph is the design, built while tracing;
* wrappers give the keyword arguments and the seeds.

Not taken: ``fracfact_opt`` (a search over ``itertools.combinations`` of strings), ``var_regression_matrix`` (calls
``np.rank``, gone from NumPy) and ``build_regression_matrix`` (``eval`` of strings), the Sobol' sequence and Saltelli
sampler (``scipy.stats.qmc``), the sparse grids, the Taguchi arrays (read from files) and the exchange algorithms of
``doe_optimal/algorithms.py`` beyond their greedy add/drop steps.

The inputs: designs and candidate sets of 2 to 4 factors, uniform draws and permutations for the Latin hypercubes,
positive responses for the signal-to-noise ratios, information matrices from random model matrices.
"""

# ruff: noqa: E501, E741, UP006, UP032, UP034, B904
from __future__ import annotations

import itertools
import random
import re
import string
from enum import Enum, unique
from typing import List, Optional, Tuple
from warnings import warn

import numpy as np
from numpy import ma
from scipy import linalg, spatial, stats
from scipy.linalg import hankel, inv, toeplitz
from scipy.special import binom

from tests.coverage.cases import PYDOE3, Source, case


def DOE(path: str, original: str, note: str = "") -> Source:
    return Source(PYDOE3, "pyDOE3/" + path, original, note)


# --- pyDOE3/doe_factorial.py -----------------------------------------------------------------------------------------
def fullfact(levels):
    n = len(levels)  # number of factors
    nb_lines = np.prod(levels)  # number of trial conditions
    H = np.zeros((nb_lines, n))

    level_repeat = 1
    range_repeat = np.prod(levels)
    for i in range(n):
        range_repeat //= levels[i]
        lvl = []
        for j in range(levels[i]):
            lvl += [j] * level_repeat
        rng = lvl * range_repeat
        level_repeat *= levels[i]
        H[:, i] = rng

    return H


def ff2n(n_factors: int) -> np.ndarray:
    return np.array(list(itertools.product([-1.0, 1.0], repeat=n_factors)))


def validate_generator(n_factors: int, generator: str) -> str:

    if len(generator.split(" ")) != n_factors:
        raise ValueError("Generator does not match the number of factors.")
    # clean it and transform it into a list
    generators = [item for item in re.split(r"\-|\s|\+", generator) if item]
    lengthes = [len(i) for i in generators]

    # Indices of single letters (main factors)
    idx_main = [i for i, item in enumerate(lengthes) if item == 1]

    if len(idx_main) == 0:
        raise ValueError("At least one unconfounded main factor is needed.")

    # Check that single letters (main factors) are unique
    if len(idx_main) != len({generators[i] for i in idx_main}):
        raise ValueError("Main factors are confounded with each other.")

    # Check that single letters (main factors) follow the alphabet
    if (
        "".join(sorted([generators[i] for i in idx_main]))
        != string.ascii_lowercase[: len(idx_main)]
    ):
        raise ValueError(
            f"Use the letters `{' '.join(string.ascii_lowercase[: len(idx_main)])}` for the main factors."
        )

    # Indices of letter combinations.
    idx_combi = [i for i, item in enumerate(generators) if item != 1]

    # check that main factors come before combinations
    if min(idx_combi) > max(idx_main):
        raise ValueError("Main factors have to come before combinations.")

    # Check that letter combinations are unique
    if len(idx_combi) != len({generators[i] for i in idx_combi}):
        raise ValueError("Generators are not unique.")

    # Check that only letters are used in the combinations that are also single letters (main factors)
    if not all(
        set(item).issubset({generators[i] for i in idx_main})
        for item in [generators[i] for i in idx_combi]
    ):
        raise ValueError("Generators are not valid.")

    return generator


def fracfact(gen) -> np.ndarray:
    gen = validate_generator(n_factors=gen.count(" ") + 1, generator=gen.lower())

    generators = [item for item in re.split(r"\-|\s|\+", gen) if item]
    lengthes = [len(i) for i in generators]

    # Indices of single letters (main factors)
    idx_main = [i for i, item in enumerate(lengthes) if item == 1]

    # Indices of letter combinations.
    idx_combi = [i for i, item in enumerate(generators) if item != 1]

    # Check if there are "-" operators in gen
    idx_negative = [
        i for i, item in enumerate(gen.split(" ")) if item[0] == "-"
    ]  # remove empty strings

    # Fill in design with two level factorial design
    H1 = ff2n(len(idx_main))
    H = np.zeros((H1.shape[0], len(lengthes)))
    H[:, idx_main] = H1

    # Recognize combinations and fill in the rest of matrix H2 with the proper
    # products
    for k in idx_combi:
        # For lowercase letters
        xx = np.array([ord(c) for c in generators[k]]) - 97

        H[:, k] = np.prod(H1[:, xx], axis=1)

    # Update design if gen includes "-" operator
    if len(idx_negative) > 0:
        H[:, idx_negative] *= -1

    # Return the fractional factorial design
    return H


def fracfact_by_res(n, res):
    # Determine minimum required number of base-factors.
    min_fac = next(
        itertools.dropwhile(lambda n_: _n_fac_at_res(n_, res) < n, range(res - 1, n)),
        None,
    )

    if min_fac is None:
        raise ValueError("design not possible")
    elif min_fac > len(string.ascii_lowercase):
        # This check needs to be done to make sure that the number
        # of available are enough since `fracfact` parses design generator
        # characters. In practice, this is highly theoretical and it is
        # much more likely to run into memory-issues.
        raise ValueError("design requires too many base-factors.")

    # Get base factors.
    factors = list(string.ascii_lowercase[:min_fac])

    # Fill out with factor combinations until `n` factors.
    factor_combs = (
        "".join(c)
        for r in range(res - 1, len(factors))
        for c in itertools.combinations(factors, r)
    )
    extra_factors = list(itertools.islice(factor_combs, n - len(factors)))

    # Concatenate `gen` string for `fracfact`.
    gen = " ".join(factors + extra_factors)
    return fracfact(gen)


def _n_fac_at_res(n, res):
    return sum(binom(n, r) for r in range(res - 1, n)) + n


def fracfact_aliasing(design):
    n_rounds, n_factors = design.shape

    if n_factors > 20:
        raise ValueError("Design too big, use 20 factors or less")

    all_names = string.ascii_lowercase
    factors = range(n_factors)
    all_combinations = itertools.chain.from_iterable(
        (itertools.combinations(factors, n) for n in range(1, n_factors + 1))
    )
    aliases = {}

    for combination in all_combinations:
        contrast = np.prod(design[:, combination], axis=1)
        contrast.flags.writeable = False
        aliases[contrast.data.tobytes()] = aliases.get(contrast.data.tobytes(), [])
        aliases[contrast.data.tobytes()].append(combination)

    aliases_list = []
    for alias in aliases.values():
        aliases_list.append(sorted(alias, key=lambda a: (len(a), a)))
    aliases_list = sorted(aliases_list, key=lambda list: ([len(a) for a in list], list))

    aliases_readable = []
    alias_matrix = np.zeros(
        (
            n_factors,
            n_factors,
        )
    )

    for alias in aliases_list:
        alias_readable = " = ".join(["".join([all_names[f] for f in a]) for a in alias])
        aliases_readable.append(alias_readable)
        for sizes in itertools.combinations([len(a) for a in alias], 2):
            assert sizes[0] >= 0 and sizes[1] >= 0
            assert sizes[0] <= sizes[1]
            alias_matrix[sizes[0] - 1, sizes[1] - 1] += 1

    alias_vector = alias_matrix[alias_vector_indices(n_factors)]

    return aliases_readable, alias_vector


def alias_vector_indices(n_factors):
    if n_factors > 20:
        raise ValueError("Design too big, use 20 factors or less")

    indices = list(itertools.combinations_with_replacement(range(n_factors), 2))
    indices = sorted(indices, key=lambda i: max(i))

    rows = np.asarray([i[0] for i in indices])
    cols = np.asarray([i[1] for i in indices])

    return rows, cols


# --- pyDOE3/doe_plackett_burman.py -----------------------------------------------------------------------------------
def pbdesign(n):
    assert n > 0, "Number of factors must be a positive integer"
    keep = int(n)
    n = 4 * (int(n / 4) + 1)  # calculate the correct number of rows (multiple of 4)
    f, e = np.frexp([n, n / 12.0, n / 20.0])
    k = [idx for idx, val in enumerate(np.logical_and(f == 0.5, e > 0)) if val]

    assert isinstance(n, int) and k != [], "Invalid inputs. n must be a multiple of 4."

    k = k[0]
    e = e[k] - 1

    if k == 0:  # N = 1*2**e
        H = np.ones((1, 1))
    elif k == 1:  # N = 12*2**e
        H = np.vstack(
            (
                np.ones((1, 12)),
                np.hstack(
                    (
                        np.ones((11, 1)),
                        toeplitz(
                            [-1, -1, 1, -1, -1, -1, 1, 1, 1, -1, 1],
                            [-1, 1, -1, 1, 1, 1, -1, -1, -1, 1, -1],
                        ),
                    )
                ),
            )
        )
    elif k == 2:  # N = 20*2**e
        H = np.vstack(
            (
                np.ones((1, 20)),
                np.hstack(
                    (
                        np.ones((19, 1)),
                        hankel(
                            [
                                -1,
                                -1,
                                1,
                                1,
                                -1,
                                -1,
                                -1,
                                -1,
                                1,
                                -1,
                                1,
                                -1,
                                1,
                                1,
                                1,
                                1,
                                -1,
                                -1,
                                1,
                            ],
                            [
                                1,
                                -1,
                                -1,
                                1,
                                1,
                                -1,
                                -1,
                                -1,
                                -1,
                                1,
                                -1,
                                1,
                                -1,
                                1,
                                1,
                                1,
                                1,
                                -1,
                                -1,
                            ],
                        ),
                    )
                ),
            )
        )

    # Kronecker product construction
    for i in range(e):
        H = np.vstack((np.hstack((H, H)), np.hstack((H, -H))))

    # Reduce the size of the matrix as needed
    H = H[:, 1 : (keep + 1)]

    return np.flipud(H)


# --- pyDOE3/doe_repeat_center.py -------------------------------------------------------------------------------------
def repeat_center(n, repeat):
    return np.zeros((repeat, n))


# --- pyDOE3/doe_star.py ----------------------------------------------------------------------------------------------
def star(n, alpha="faced", center=(1, 1)):
    # Star points at the center of each face of the factorial
    if alpha == "faced":
        a = 1
    elif alpha == "orthogonal":
        nc = 2**n  # factorial points
        nco = center[0]  # center points to factorial
        na = 2 * n  # axial points
        nao = center[1]  # center points to axial design
        # value of alpha in orthogonal design
        a = (n * (1 + nao / float(na)) / (1 + nco / float(nc))) ** 0.5
    elif alpha == "rotatable":
        nc = 2**n  # number of factorial points
        a = nc ** (0.25)  # value of alpha in rotatable design
    else:
        raise ValueError('Invalid value for "alpha": {:}'.format(alpha))

    # Create the actual matrix now.
    H = np.zeros((2 * n, n))
    for i in range(n):
        H[2 * i : 2 * i + 2, i] = [-1, 1]

    H *= a

    return H, a


# --- pyDOE3/doe_union.py ---------------------------------------------------------------------------------------------
def union(H1, H2):
    H = np.r_[H1, H2]
    return H


# --- pyDOE3/doe_box_behnken.py ---------------------------------------------------------------------------------------
def bbdesign(n, center=None):
    assert n >= 3, "Number of variables must be at least 3"

    # First, compute a factorial DOE with 2 parameters
    H_fact = ff2n(2)
    # Now we populate the real DOE with this DOE

    # We made a factorial design on each pair of dimensions
    # - So, we created a factorial design with two factors
    # - Make two loops
    Index = 0
    nb_lines = int((0.5 * n * (n - 1)) * H_fact.shape[0])
    H = repeat_center(n, nb_lines)

    for i in range(n - 1):
        for j in range(i + 1, n):
            Index = Index + 1
            H[max([0, (Index - 1) * H_fact.shape[0]]) : Index * H_fact.shape[0], i] = (
                H_fact[:, 0]
            )
            H[max([0, (Index - 1) * H_fact.shape[0]]) : Index * H_fact.shape[0], j] = (
                H_fact[:, 1]
            )

    if center is None:
        if n <= 16:
            points = [0, 0, 0, 3, 3, 6, 6, 6, 8, 9, 10, 12, 12, 13, 14, 15, 16]
            center = points[n]
        else:
            center = n

    H = np.c_[H.T, repeat_center(n, center).T].T

    return H


# --- pyDOE3/doe_composite.py -----------------------------------------------------------------------------------------
def ccdesign(n, center=(4, 4), alpha="orthogonal", face="circumscribed"):
    # Check inputs
    assert isinstance(n, int) and n > 1, '"n" must be an integer greater than 1.'
    assert alpha.lower() in (
        "orthogonal",
        "o",
        "rotatable",
        "r",
    ), 'Invalid value for "alpha": {:}'.format(alpha)
    assert face.lower() in (
        "circumscribed",
        "ccc",
        "inscribed",
        "cci",
        "faced",
        "ccf",
    ), 'Invalid value for "face": {:}'.format(face)

    nc = len(center)
    if nc != 2:
        raise ValueError(
            'Invalid number of values for "center" (expected 2, but got {:})'.format(nc)
        )

    # Orthogonal Design
    if alpha.lower() in ("orthogonal", "o"):
        H2, a = star(n, alpha="orthogonal", center=center)

    # Rotatable Design
    if alpha.lower() in ("rotatable", "r"):
        H2, a = star(n, alpha="rotatable")

    # Inscribed CCD
    if face.lower() in ("inscribed", "cci"):
        H1 = ff2n(n)
        H1 = H1 / a  # Scale down the factorial points
        H2, a = star(n)

    # Faced CCD
    if face.lower() in ("faced", "ccf"):
        H2, a = star(n)  # Value of alpha is always 1 in Faced CCD
        H1 = ff2n(n)

    # Circumscribed CCD
    if face.lower() in ("circumscribed", "ccc"):
        H1 = ff2n(n)

    C1 = repeat_center(n, center[0])
    C2 = repeat_center(n, center[1])

    H1 = union(H1, C1)
    H2 = union(H2, C2)
    H = union(H1, H2)

    return H


# --- pyDOE3/doe_lhs.py -----------------------------------------------------------------------------------------------
def lhs(
    n,
    samples=None,
    criterion=None,
    iterations=None,
    random_state=None,
    correlation_matrix=None,
    seed=None,
):
    H = None

    if random_state is None:
        random_state = np.random.default_rng()
    elif isinstance(random_state, np.random.RandomState):
        warn(
            "Using random_state is deprecated "
            "and will raise an error in a future version. Please "
            "use seed parameter and pass a np.random.Generator",
            DeprecationWarning,
            stacklevel=2,
        )
    elif not isinstance(random_state, np.random.RandomState):
        warn(
            "Passing a seed or integer to random_state is deprecated "
            "and will raise an error in a future version. Please "
            "use seed parameter",
            DeprecationWarning,
            stacklevel=2,
        )
        random_state = np.random.RandomState(random_state)

    if seed is not None:
        if isinstance(seed, np.random.Generator):
            random_state = seed
        else:
            random_state = np.random.default_rng(seed)

    if samples is None:
        samples = n

    if criterion is not None:
        if criterion.lower() not in (
            "center",
            "c",
            "maximin",
            "m",
            "centermaximin",
            "cm",
            "correlation",
            "corr",
            "lhsmu",
        ):
            raise ValueError('Invalid value for "criterion": {}'.format(criterion))

    else:
        H = _lhsclassic(n, samples, random_state)

    if criterion is None:
        criterion = "center"
    if iterations is None:
        iterations = 5

    if H is None:
        if criterion.lower() in ("center", "c"):
            H = _lhscentered(n, samples, random_state)
        elif criterion.lower() in ("maximin", "m"):
            H = _lhsmaximin(n, samples, iterations, "maximin", random_state)
        elif criterion.lower() in ("centermaximin", "cm"):
            H = _lhsmaximin(n, samples, iterations, "centermaximin", random_state)
        elif criterion.lower() in ("correlation", "corr"):
            H = _lhscorrelate(n, samples, iterations, random_state)
        elif criterion.lower() in ("lhsmu"):
            # as specified by the paper. M is set to 5
            H = _lhsmu(n, samples, correlation_matrix, random_state, M=5)

    return H


def _lhsclassic(n, samples, randomstate):
    # Generate the intervals
    cut = np.linspace(0, 1, samples + 1)

    # Fill points uniformly in each interval
    u = (
        randomstate.rand(samples, n)
        if isinstance(randomstate, np.random.RandomState)
        else randomstate.random((samples, n))
    )

    a = cut[:samples]
    b = cut[1 : samples + 1]

    # Make the random pairings
    H = np.empty_like(u)

    for j in range(n):
        rdpoints = u[:, j] * (b - a) + a
        H[:, j] = rdpoints[randomstate.permutation(samples)]

    return H


def _lhscentered(n, samples, randomstate):
    # Generate the intervals
    cut = np.linspace(0, 1, samples + 1)

    # Fill points uniformly in each interval
    u = (
        randomstate.rand(samples, n)
        if isinstance(randomstate, np.random.RandomState)
        else randomstate.random((samples, n))
    )
    a = cut[:samples]
    b = cut[1 : samples + 1]
    _center = (a + b) / 2

    # Make the random pairings
    H = np.zeros_like(u)
    for j in range(n):
        H[:, j] = randomstate.permutation(_center)

    return H


def _lhsmaximin(n, samples, iterations, lhstype, randomstate):
    maxdist = 0

    # Maximize the minimum distance between points
    for i in range(iterations):
        if lhstype == "maximin":
            Hcandidate = _lhsclassic(n, samples, randomstate)
        else:
            Hcandidate = _lhscentered(n, samples, randomstate)

        d = spatial.distance.pdist(Hcandidate, "euclidean")
        if maxdist < np.min(d):
            maxdist = np.min(d)
            H = Hcandidate.copy()

    return H


def _lhscorrelate(n, samples, iterations, randomstate):
    mincorr = np.inf

    # Minimize the components correlation coefficients
    for i in range(iterations):
        # Generate a random LHS
        Hcandidate = _lhsclassic(n, samples, randomstate)
        R = np.corrcoef(Hcandidate.T)
        if np.max(np.abs(R[R != 1])) < mincorr:
            mincorr = np.max(np.abs(R - np.eye(R.shape[0])))
            H = Hcandidate.copy()

    return H


def _lhsmu(N, samples=None, corr=None, randomstate=None, M=5):
    if samples is None:
        samples = N

    I = M * samples  # noqa

    rdpoints = randomstate.uniform(size=(I, N))

    dist = spatial.distance.cdist(rdpoints, rdpoints, metric="euclidean")
    D_ij = ma.masked_array(dist, mask=np.identity(I))

    index_rm = np.zeros(I - samples, dtype=int)
    i = 0
    while i < I - samples:
        order = ma.sort(D_ij, axis=1)

        avg_dist = ma.mean(order[:, 0:2], axis=1)
        min_l = ma.argmin(avg_dist)

        D_ij[min_l, :] = ma.masked
        D_ij[:, min_l] = ma.masked

        index_rm[i] = min_l
        i += 1

    rdpoints = np.delete(rdpoints, index_rm, axis=0)

    if corr is not None:
        # check if covariance matrix is valid
        assert type(corr) is np.ndarray
        assert corr.ndim == 2
        assert corr.shape[0] == corr.shape[1]
        assert corr.shape[0] == N

        norm_u = stats.norm().ppf(rdpoints)
        L = linalg.cholesky(corr, lower=True)

        norm_u = np.matmul(norm_u, L)

        H = stats.norm().cdf(norm_u)
    else:
        H = np.zeros_like(rdpoints, dtype=float)
        rank = np.argsort(rdpoints, axis=0)

        for l in range(samples):  # noqa
            low = float(l) / samples
            high = float(l + 1) / samples

            l_pos = rank == l
            H[l_pos] = randomstate.uniform(low, high, size=N)
    return H


# --- pyDOE3/doe_fold.py ----------------------------------------------------------------------------------------------
def fold(H, columns=None):
    H = np.array(H)
    assert len(H.shape) == 2, "Input design matrix must be 2d."

    if columns is None:
        columns = range(H.shape[1])

    Hf = H.copy()

    for col in columns:
        vals = np.unique(H[:, col])
        assert len(vals) == 2, "Input design matrix must be 2-level factors only."

        for i in range(H.shape[0]):
            Hf[i, col] = vals[0] if H[i, col] == vals[1] else vals[1]

    Hf = np.vstack((H, Hf))

    return Hf


# --- pyDOE3/doe_doehlert.py ------------------------------------------------------------------------------------------
def doehlert_shell_design(num_factors, num_center_points=1):
    if num_factors < 1:
        raise ValueError("Number of factors must be at least 1.")

    # Start with center points
    design_points = [np.zeros(num_factors) for _ in range(num_center_points)]

    # Add shells progressively
    for shell_index in range(1, num_factors + 1):
        num_shell_points = shell_index + 1
        angles = np.linspace(0, 2 * np.pi, num_shell_points, endpoint=False)
        for angle in angles:
            point = np.zeros(num_factors)
            radius = np.sqrt(shell_index / num_factors)
            point[0] = radius * np.cos(angle)
            point[1] = radius * np.sin(angle)
            design_points.append(point)

    return np.array(design_points)


def doehlert_simplex_design(num_factors):
    simplex_matrix = np.zeros((num_factors + 1, num_factors))

    for i in range(1, num_factors + 1):
        for j in range(1, i + 1):
            if j == i:
                simplex_matrix[i, j - 1] = np.sqrt(i + 1) / np.sqrt(2 * i)
            else:
                simplex_matrix[i, i - j] = 1 / np.sqrt(2 * (i - (j - 1)) * (i - j))

    extra_points = []
    for i in range(num_factors + 1):
        for j in list(range(1, i)) + list(range(i + 1, num_factors + 1)):
            point = simplex_matrix[i, :] - simplex_matrix[j, :]
            extra_points.append(point)

    full_matrix = np.vstack([simplex_matrix, extra_points])
    return full_matrix


# --- pyDOE3/doe_gsd.py -----------------------------------------------------------------------------------------------
def gsd(levels, reduction, n=1):
    try:
        assert all(isinstance(v, int) for v in levels), (
            "levels has to be sequence of integers"
        )
        assert isinstance(reduction, int) and reduction > 1, (
            "reduction has to be integer larger than 1"
        )
        assert isinstance(n, int) and n > 0, "n has to be positive integer"
    except AssertionError as e:
        raise ValueError(e)

    partitions = _make_partitions(levels, reduction)
    latin_square = _make_latin_square(reduction)
    orthogonal_arrays = _make_orthogonal_arrays(latin_square, len(levels))

    try:
        designs = [
            _map_partitions_to_design(partitions, oa) - 1 for oa in orthogonal_arrays
        ]
    except ValueError:
        raise ValueError("reduction too large compared to factor levels")

    if n == 1:
        return designs[0]
    else:
        return designs[:n]


def _make_orthogonal_arrays(latin_square, n_cols):

    first_row = latin_square[0]
    A_matrices = [np.array([[v]]) for v in first_row]

    while A_matrices[0].shape[1] < n_cols:
        new_A_matrices = list()

        for i, A_matrix in enumerate(A_matrices):
            sub_a = list()
            for constant, other_A in zip(
                first_row, np.array(A_matrices)[latin_square[i]]
            ):
                constant_vec = np.repeat(constant, len(other_A))[:, np.newaxis]
                combined = np.hstack([constant_vec, other_A])
                sub_a.append(combined)

            new_A_matrices.append(np.vstack(sub_a))

        A_matrices = new_A_matrices

        if A_matrices[0].shape[1] == n_cols:
            break

    return A_matrices


def _map_partitions_to_design(partitions, orthogonal_array):
    assert (
        len(partitions) == orthogonal_array.max() + 1 and orthogonal_array.min() == 0
    ), "Orthogonal array indexing does not match partition structure"

    mappings = list()
    for row in orthogonal_array:
        if any(not partitions[p][factor] for factor, p in enumerate(row)):
            continue

        partition_sets = [partitions[p][factor] for factor, p in enumerate(row)]
        mapping = list(itertools.product(*partition_sets))
        mappings.append(mapping)

    return np.vstack(mappings)


def _make_partitions(factor_levels, num_partitions):
    partitions = list()
    for partition_i in range(1, num_partitions + 1):
        partition = list()

        for num_levels in factor_levels:
            part = list()
            for level_i in range(num_levels):
                index = partition_i + level_i * num_partitions
                if index <= num_levels:
                    part.append(index)

            partition.append(part)

        partitions.append(partition)

    return partitions


def _make_latin_square(n):
    numbers = np.arange(n)
    latin_square = np.vstack([np.roll(numbers, -i) for i in range(n)])
    return latin_square


# --- pyDOE3/grid_designs/doe_sukharev.py -----------------------------------------------------------------------------
def sukharev_grid(num_points, dimension):
    points_per_axis = int(num_points ** (1.0 / dimension))
    assert points_per_axis**dimension == num_points
    possible_values = [x + 0.5 for x in range(points_per_axis)]
    divisor = points_per_axis
    for i in range(points_per_axis):
        possible_values[i] /= divisor
    points = np.array(list(itertools.product(possible_values, repeat=dimension)))

    return points


# --- pyDOE3/doe_halton.py --------------------------------------------------------------------------------------------
def halton_sequence(num_points, dimension, skip=0):
    bases = next_primes(dimension)

    # Preallocate the output array
    samples = np.empty((num_points, dimension), dtype=np.float64)

    for dim in range(dimension):
        base = bases[dim]
        for i in range(num_points):
            index = i + skip
            samples[i, dim] = van_der_corput(index, base)

    return samples


def van_der_corput(index, base):
    result = 0.0
    f = 1.0 / base
    while index > 0:
        index, mod = divmod(index, base)
        result += mod * f
        f /= base

    return result


def next_primes(n):
    primes = []
    candidate = 2
    while len(primes) < n:
        if is_prime(candidate):
            primes.append(candidate)
        candidate += 1

    return primes


def is_prime(n):
    if n < 2:
        return False
    if n == 2:
        return True
    if n % 2 == 0:
        return False
    for i in range(3, int(n**0.5) + 1, 2):
        if n % i == 0:
            return False

    return True


# --- pyDOE3/doe_rank1.py ---------------------------------------------------------------------------------------------
def rank1_lattice(num_points, dimension, generator_vector=None):
    if generator_vector is None:
        generator_vector = np.random.randint(2, num_points, dimension)

    generator_vector = np.asarray(generator_vector) % num_points
    if generator_vector.shape != (dimension,):
        raise ValueError(
            f"Expected generator_vector of shape ({dimension},), got {generator_vector.shape}"
        )

    points = np.array(
        [(i * generator_vector) % num_points for i in range(num_points)], dtype=int
    )

    return points


# --- pyDOE3/doe_korobov.py -------------------------------------------------------------------------------------------
def korobov_sequence(num_points, dimension, generator_param=None):
    if generator_param is None:
        generator_param = random.randrange(2, num_points)
    generator_param %= num_points
    if generator_param <= 1:
        raise ValueError("generator_param must be greater than 1.")

    generator_vector = [1] * dimension
    for i in range(1, dimension):
        generator_vector[i] = (generator_param * generator_vector[i - 1]) % num_points

    return rank1_lattice(num_points, dimension, generator_vector)


# --- pyDOE3/doe_cranley_patterson_shift.py ---------------------------------------------------------------------------
def cranley_patterson_shift(points, seed=None):
    points = np.asarray(points)
    if points.ndim != 2:
        raise ValueError("Input `points` must be a 2D array.")

    _, dim = points.shape
    rng = np.random.default_rng(seed)
    shift_vector = rng.random(dim)

    shifted_points = (points + shift_vector) % 1

    return shifted_points


# --- pyDOE3/doe_vanilla_morris.py ------------------------------------------------------------------------------------
def morris_sampling(
    num_vars: int,
    N: int,
    num_levels: int = 4,
    seed: Optional[int] = None,
) -> np.ndarray:
    if num_levels % 2 != 0:
        raise ValueError("num_levels must be an even number")

    rng = np.random.default_rng(seed)
    D = num_vars

    delta = num_levels / (2 * (num_levels - 1))
    G = np.linspace(0, 1 - delta, num_levels // 2)

    samples = []

    for _ in range(N):
        # Starting point x* on the grid
        x_star = rng.choice(G, size=D)

        # Diagonal matrix of directions (+1 or -1)
        D_star = np.diag(rng.choice([-1, 1], size=D))

        # Lower-triangular B matrix
        B = np.tril(np.ones((D + 1, D), dtype=int), -1)

        # Random permutation matrix P*
        P_star = np.eye(D)
        rng.shuffle(P_star)

        # J: ones matrix
        J = np.ones((D + 1, D))

        # Construct B* (trajectory matrix)
        B_star = x_star + delta / 2 * ((2 * B @ P_star - J) @ D_star + J)

        samples.append(B_star)

    samples = np.vstack(samples)

    return samples


# --- pyDOE3/doe_taguchi.py -------------------------------------------------------------------------------------------
@unique
class TaguchiObjective(Enum):

    LARGER_IS_BETTER = "larger is better"
    SMALLER_IS_BETTER = "smaller is better"
    NOMINAL_IS_BEST = "nominal is best"


def compute_snr(
    responses: np.ndarray,
    objective: TaguchiObjective = TaguchiObjective.LARGER_IS_BETTER,
) -> float:
    responses = np.asarray(responses)

    if objective == TaguchiObjective.LARGER_IS_BETTER:
        snr = -10 * np.log10(np.mean(1.0 / responses**2))
    elif objective == TaguchiObjective.SMALLER_IS_BETTER:
        snr = -10 * np.log10(np.mean(responses**2))
    elif objective == TaguchiObjective.NOMINAL_IS_BEST:
        mean_y = np.mean(responses)
        std_y = np.std(responses, ddof=1)
        snr = 10 * np.log10(mean_y**2 / std_y**2)
    else:
        raise ValueError("Invalid objective specified.")

    return snr


# --- pyDOE3/doe_random_k_means.py ------------------------------------------------------------------------------------
def random_k_means(
    num_points,
    dimension,
    num_steps=None,
    initial_points=None,
    callback=None,
    random_state=None,
    seed=None,
):
    if random_state is not None:
        warn(
            "The 'random_state' parameter is deprecated. "
            "Use the 'seed' parameter instead.",
            DeprecationWarning,
            stacklevel=2,
        )
        if seed is None:
            seed = random_state

    if seed is None:
        rng = np.random.default_rng()
    elif isinstance(seed, np.random.Generator):
        rng = seed
    else:
        rng = np.random.default_rng(seed)

    if num_steps is None:
        num_steps = 100 * num_points

    # Initialize cluster centers
    if initial_points is None:
        cluster_centers = rng.random((num_points, dimension))
    else:
        cluster_centers = np.array(initial_points)
        if cluster_centers.shape != (num_points, dimension):
            raise ValueError("initial_points must have shape (num_points, dimension)")
        if not np.all((0.0 <= cluster_centers) & (cluster_centers <= 1.0)):
            raise ValueError("initial_points must be in [0, 1]^dimension")

    # Initialize counts for incremental mean
    counts = np.ones(num_points)

    for _ in range(num_steps):
        if callback is not None:
            callback(cluster_centers)

        # Sample a random point in the unit hypercube
        x = rng.random(dimension)

        # Compute Euclidean distances to cluster centers
        distances = np.linalg.norm(cluster_centers - x, axis=1)

        # Find nearest cluster center
        idx = np.argmin(distances)

        # Update cluster center incrementally (MacQueen's update)
        cluster_centers[idx] = (counts[idx] * cluster_centers[idx] + x) / (
            counts[idx] + 1
        )
        counts[idx] += 1

    return cluster_centers


# --- pyDOE3/utils.py -------------------------------------------------------------------------------------------------
def scale_samples(samples: np.ndarray, bounds: List[Tuple[float, float]]) -> np.ndarray:
    samples = np.asarray(samples)
    bounds = np.asarray(bounds)

    if bounds.shape[0] != samples.shape[1]:
        raise ValueError(
            f"Number of bounds ({bounds.shape[0]}) must match number of variables "
            f"({samples.shape[1]})"
        )

    scaled_samples = np.empty_like(samples)
    for i, (low, high) in enumerate(bounds):
        if low >= high:
            raise ValueError(
                f"Invalid bounds for variable {i}: [{low}, {high}]. "
                "Lower bound must be less than upper bound."
            )
        scaled_samples[:, i] = samples[:, i] * (high - low) + low

    return scaled_samples


# --- pyDOE3/doe_optimal/criterion.py ---------------------------------------------------------------------------------
def regularized_inv(M, reg_param=1e-8):
    try:
        return inv(M)
    except np.linalg.LinAlgError:
        # Add regularization if matrix is singular
        M_reg = M + reg_param * np.eye(M.shape[0])
        return inv(M_reg)


def d_optimality(M):
    return float(np.linalg.det(M))


def a_optimality(M):
    return -float(np.trace(regularized_inv(M)))


def i_optimality(M_X, moment_matrix):
    return -float(np.trace(moment_matrix @ regularized_inv(M_X)))


def c_optimality(M, c):
    return -float(c.T @ regularized_inv(M) @ c)


def e_optimality(M):
    return float(np.min(np.linalg.eigvalsh(M)))


def _pred_var_rows(rows, M_inv):
    # rows: array of shape (m, p); M_inv: (p, p)
    # returns vector of x M_inv x^T for each row x
    return np.einsum("ij,jk,ik->i", rows, M_inv, rows)


def g_optimality(M, candidates):
    M_inv = regularized_inv(M)
    variances = _pred_var_rows(np.asarray(candidates), M_inv)
    return -float(np.max(variances))


def i_pred_variance(M, candidates):
    M_inv = regularized_inv(M)
    variances = _pred_var_rows(np.asarray(candidates), M_inv)
    return float(np.mean(variances))


def v_optimality(M, test_points):
    M_inv = regularized_inv(M)
    variances = _pred_var_rows(np.asarray(test_points), M_inv)
    return -float(np.mean(variances))


def s_optimality(M):
    col_rms = np.sqrt(np.clip(np.diag(M), 1e-15, None))
    return float(np.linalg.det(M) / np.prod(col_rms))


def t_optimality(X, model_diff_subset):
    H = X.T @ X
    H_inv = regularized_inv(H)
    P = X @ H_inv @ X.T
    d = model_diff_subset.reshape(-1, 1)
    return float((d.T @ P @ d).item())


# --- pyDOE3/doe_optimal/model.py -------------------------------------------------------------------------------------
def build_design_matrix(candidates: np.ndarray, degree: int) -> np.ndarray:
    candidates = np.asarray(candidates, dtype=float)
    n_points, n_factors = candidates.shape

    if degree < 1:
        raise ValueError("Degree must be at least 1")

    # Start with intercept term
    X_cols = [np.ones(n_points)]

    # Linear terms
    for i in range(n_factors):
        X_cols.append(candidates[:, i])

    if degree >= 2:
        # Quadratic terms (pure squares)
        for i in range(n_factors):
            X_cols.append(candidates[:, i] ** 2)

        # Interaction terms (cross products)
        for i in range(n_factors):
            for j in range(i + 1, n_factors):
                X_cols.append(candidates[:, i] * candidates[:, j])

    # Higher order terms if needed
    if degree >= 3:
        # Cubic terms and higher order interactions
        for d in range(3, degree + 1):
            for combo in itertools.combinations_with_replacement(range(n_factors), d):
                term = np.ones(n_points)
                for factor_idx in combo:
                    term *= candidates[:, factor_idx]
                X_cols.append(term)

    return np.column_stack(X_cols)


def build_uniform_moment_matrix(X0: np.ndarray) -> np.ndarray:
    N0 = X0.shape[0]
    return (X0.T @ X0) / max(N0, 1)


# --- pyDOE3/doe_optimal/utils.py -------------------------------------------------------------------------------------
def _xtx_augmented(X, alpha=0.0, X0=None):
    H = X.T @ X
    if alpha and X0 is not None and len(X0) > 0:
        N0 = X0.shape[0]
        H0 = (X0.T @ X0) / N0
        H = H + alpha * H0
    return H


def information_matrix(X, normalized=True, alpha=0.0, X0=None):
    n = X.shape[0]
    H_aug = _xtx_augmented(X, alpha=alpha, X0=X0)
    return H_aug / n if normalized else H_aug


def criterion_value(X, criterion, X0=None, alpha=0.0, M_moment=None, **kwargs):
    M = information_matrix(X, normalized=True, alpha=alpha, X0=X0)
    p = X.shape[1]

    if criterion.upper() == "D":
        return d_optimality(M)
    elif criterion.upper() == "A":
        return a_optimality(M)
    elif criterion.upper() == "I":
        if M_moment is None and X0 is not None:
            M_moment = build_uniform_moment_matrix(X0)
        return i_optimality(M, M_moment)
    elif criterion.upper() == "C":
        c_vector = kwargs.get("c_vector", np.ones(p))
        return c_optimality(M, c_vector)
    elif criterion.upper() == "E":
        return e_optimality(M)
    elif criterion.upper() == "G":
        candidates = kwargs.get("candidates", X0 if X0 is not None else X)
        return g_optimality(M, candidates)
    elif criterion.upper() == "V":
        test_points = kwargs.get("test_points", X)
        return v_optimality(M, test_points)
    elif criterion.upper() == "S":
        return s_optimality(M)
    elif criterion.upper() == "T":
        model_diff = kwargs.get("model_diff_subset", np.zeros(X.shape[0]))
        return t_optimality(X, model_diff)
    else:
        raise ValueError(f"Unknown criterion: {criterion}")


# --- pyDOE3/doe_optimal/utils.py (continued) -------------------------------------------------------------------------
def _best_single_add(
    current: np.ndarray,
    pool: np.ndarray,
    degree: int,
    criterion: str,
    X0_model: Optional[np.ndarray],
    alpha: float,
    M_moment: Optional[np.ndarray],
) -> Tuple[int, float]:
    if len(pool) == 0:
        Xcur = build_design_matrix(current, degree)
        base = criterion_value(Xcur, criterion, X0_model, alpha, M_moment)
        return -1, base

    best_idx, best_val = -1, -np.inf
    for j in range(pool.shape[0]):
        trial = np.vstack([current, pool[j]])
        Xtrial = build_design_matrix(trial, degree)
        val = criterion_value(Xtrial, criterion, X0_model, alpha, M_moment)
        if val > best_val:
            best_val = val
            best_idx = j
    return best_idx, best_val


def _best_single_drop(
    current: np.ndarray,
    degree: int,
    criterion: str,
    X0_model: Optional[np.ndarray],
    alpha: float,
    M_moment: Optional[np.ndarray],
) -> Tuple[int, float]:
    if current.shape[0] <= 1:
        Xcur = build_design_matrix(current, degree)
        return -1, criterion_value(Xcur, criterion, X0_model, alpha, M_moment)

    best_idx, best_val = 0, -np.inf
    for i in range(current.shape[0]):
        trial = np.delete(current, i, axis=0)
        Xtrial = build_design_matrix(trial, degree)
        val = criterion_value(Xtrial, criterion, X0_model, alpha, M_moment)
        if val > best_val:
            best_val = val
            best_idx = i
    return best_idx, best_val


# --- pyDOE3/doe_optimal/efficiency.py --------------------------------------------------------------------------------
def d_efficiency(X):
    M = information_matrix(X, normalized=True, alpha=0.0, X0=None)
    p = X.shape[1]
    det = np.linalg.det(M)
    if det < 0:
        return 0.0
    return 100.0 * (det ** (1.0 / p))


def a_efficiency(X):
    M = information_matrix(X, normalized=True, alpha=0.0, X0=None)
    p = X.shape[1]
    return 100.0 * (p / np.trace(regularized_inv(M)))


# --- wrappers: the settings, the random draws ---------------------------------------------------------------------------
class _GivenDraws:
    """Stand-in for the ``randomstate`` generator of the Latin-hypercube helpers: ``random(shape)`` returns the given
    uniform draws (one array per call), ``permutation(x)`` the next given permutation, of ``range(x)`` for an int and of
    ``x`` otherwise, as ``np.random.Generator.permutation`` does."""

    def __init__(self, uniforms, permutations):
        self.uniforms = uniforms
        self.permutations = permutations
        self.u_calls = 0
        self.p_calls = 0

    def random(self, shape):
        out = self.uniforms[self.u_calls]
        self.u_calls += 1
        return out

    def permutation(self, x):
        p = self.permutations[self.p_calls]
        self.p_calls += 1
        return p if isinstance(x, int) else x[p]


def fullfact_2x3x2():
    return fullfact([2, 3, 2])


def ff2n_3():
    return ff2n(3)


def fracfact_abc():
    return fracfact("a b c ab -ac")


def fracfact_upper():
    return fracfact("A B AB")


def fracfact_by_res_6_3():
    return fracfact_by_res(6, 3)


def alias_vector_indices_4():
    return alias_vector_indices(4)


def pbdesign_5():
    return pbdesign(5)


def pbdesign_11():
    return pbdesign(11)


def pbdesign_19():
    return pbdesign(19)


def bbdesign_3():
    return bbdesign(3)


def bbdesign_4_center1():
    return bbdesign(4, center=1)


def ccdesign_3():
    return ccdesign(3)


def ccdesign_rotatable_inscribed():
    return ccdesign(2, alpha="rotatable", face="inscribed")


def ccdesign_faced():
    return ccdesign(3, center=(2, 1), face="ccf")


def star_orthogonal():
    return star(3, alpha="orthogonal", center=(4, 4))


def union_with_center(H):
    return union(H, repeat_center(H.shape[1], 2))


def lhs_classic_given(u, perms):
    return _lhsclassic(3, 6, _GivenDraws(u, perms))


def lhs_centered_given(u, perms):
    return _lhscentered(3, 6, _GivenDraws(u, perms))


def lhs_maximin_given(u, perms):
    return _lhsmaximin(3, 6, 3, "maximin", _GivenDraws(u, perms))


def lhs_correlate_given(u, perms):
    return _lhscorrelate(3, 6, 3, _GivenDraws(u, perms))


def lhs_seeded():
    return lhs(3, samples=6, seed=4)


def lhs_center_seeded():
    return lhs(3, samples=6, criterion="center", seed=4)


def doehlert_shell():
    return doehlert_shell_design(3, num_center_points=2)


def doehlert_simplex():
    return doehlert_simplex_design(3)


def gsd_342():
    return gsd([3, 4, 2], 2)


def gsd_333_two():
    return gsd([3, 3, 3], 3, n=2)


def sukharev_16_2():
    return sukharev_grid(16, 2)


def halton_10_3():
    return halton_sequence(10, 3, skip=1)


def rank1_8_3():
    return rank1_lattice(8, 3, [1, 3, 5])


def korobov_11_4():
    return korobov_sequence(11, 4, generator_param=3)


def cranley_patterson_seeded(points):
    return cranley_patterson_shift(points, seed=7)


def morris_sampling_seeded():
    return morris_sampling(3, 4, num_levels=4, seed=1)


def snr_larger(responses):
    return compute_snr(responses)


def snr_nominal(responses):
    return compute_snr(responses, TaguchiObjective.NOMINAL_IS_BEST)


def random_k_means_given(initial_points):
    return random_k_means(3, 2, num_steps=20, initial_points=initial_points, seed=5)


def scale_samples_bounds(samples):
    return scale_samples(samples, [(-1.0, 1.0), (0.0, 10.0), (2.0, 3.0)])


def design_matrix_quadratic(candidates):
    return build_design_matrix(candidates, 2)


def design_matrix_cubic(candidates):
    return build_design_matrix(candidates, 3)


def criterion_d(X):
    return criterion_value(X, "D")


def criterion_t(X, d):
    return criterion_value(X, "T", model_diff_subset=d)


def best_single_add(current, pool):
    return _best_single_add(current, pool, 1, "D", None, 0.0, None)


# --- inputs --------------------------------------------------------------------------------------------------------------
def _draws(rng, iterations=1, n=3, samples=6):
    u = rng.uniform(size=(iterations, samples, n))
    perms = np.array([rng.permutation(samples) for _ in range(iterations * n)])
    return u, perms


def _info(rng, n=12, p=4):
    X = rng.normal(size=(n, p))
    return X.T @ X / n


def _signed_design(rng):
    H = fracfact("a b c ab -ac")
    return H * rng.choice([-1.0, 1.0], size=H.shape[1])


_F = "doe_factorial.py"
_L = "doe_lhs.py"
_O = "doe_optimal/"

CASES = [
    case(fullfact_2x3x2, lambda rng: (), DOE(_F, "fullfact", "levels [2, 3, 2]: list repeats into a column")),
    case(ff2n_3, lambda rng: (), DOE(_F, "ff2n", "itertools.product")),
    case(fracfact_abc, lambda rng: (), DOE(_F, "fracfact", "'a b c ab -ac': re.split, ord, a negated column")),
    case(fracfact_upper, lambda rng: (), DOE(_F, "fracfact", "'A B AB' (lowered)")),
    case(fracfact_by_res_6_3, lambda rng: (), DOE(_F, "fracfact_by_res", "6 factors, resolution III")),
    case(fracfact_aliasing, lambda rng: (_signed_design(rng),),
         DOE(_F, "fracfact_aliasing", "a design given: dict keys from contrast.data.tobytes()")),
    case(alias_vector_indices_4, lambda rng: (), DOE(_F, "alias_vector_indices")),
    case(pbdesign_5, lambda rng: (), DOE("doe_plackett_burman.py", "pbdesign", "n=5: N = 8, the 2**e doubling")),
    case(pbdesign_11, lambda rng: (), DOE("doe_plackett_burman.py", "pbdesign", "n=11: N = 12, the Toeplitz core")),
    case(pbdesign_19, lambda rng: (), DOE("doe_plackett_burman.py", "pbdesign", "n=19: N = 20, the Hankel core")),
    case(bbdesign_3, lambda rng: (), DOE("doe_box_behnken.py", "bbdesign", "n=3: slices by max([0, ...])")),
    case(bbdesign_4_center1, lambda rng: (), DOE("doe_box_behnken.py", "bbdesign", "n=4, center=1")),
    case(ccdesign_3, lambda rng: (), DOE("doe_composite.py", "ccdesign", "orthogonal, circumscribed")),
    case(ccdesign_rotatable_inscribed, lambda rng: (), DOE("doe_composite.py", "ccdesign", "rotatable, inscribed")),
    case(ccdesign_faced, lambda rng: (), DOE("doe_composite.py", "ccdesign", "faced, center=(2, 1)")),
    case(star_orthogonal, lambda rng: (), DOE("doe_star.py", "star", "alpha='orthogonal'")),
    case(union_with_center, lambda rng: (rng.choice([-1.0, 1.0], size=(4, 3)),),
         DOE("doe_union.py", "union", "with repeat_center (doe_repeat_center.py)")),
    case(lhs_classic_given, lambda rng: (lambda u, p: (u, p))(*_draws(rng)), DOE(_L, "_lhsclassic", "given draws")),
    case(lhs_centered_given, lambda rng: _draws(rng), DOE(_L, "_lhscentered", "given draws")),
    case(lhs_maximin_given, lambda rng: _draws(rng, 3), DOE(_L, "_lhsmaximin", "3 iterations: pdist, a best-so-far if")),
    case(lhs_correlate_given, lambda rng: _draws(rng, 3), DOE(_L, "_lhscorrelate", "3 iterations: R[R != 1], a best-so-far if")),
    case(lhs_seeded, lambda rng: (), DOE(_L, "lhs", "seed=4: classic")),
    case(lhs_center_seeded, lambda rng: (), DOE(_L, "lhs", "criterion='center', seed=4")),
    case(fold, lambda rng: (rng.choice([-1.0, 1.0], size=(4, 3)),), DOE("doe_fold.py", "fold", "np.unique of each column")),
    case(doehlert_shell, lambda rng: (), DOE("doe_doehlert.py", "doehlert_shell_design")),
    case(doehlert_simplex, lambda rng: (), DOE("doe_doehlert.py", "doehlert_simplex_design")),
    case(gsd_342, lambda rng: (), DOE("doe_gsd.py", "gsd", "levels [3, 4, 2], reduction 2")),
    case(gsd_333_two, lambda rng: (), DOE("doe_gsd.py", "gsd", "levels [3, 3, 3], reduction 3, n=2: a list of designs")),
    case(sukharev_16_2, lambda rng: (), DOE("grid_designs/doe_sukharev.py", "sukharev_grid")),
    case(halton_10_3, lambda rng: (), DOE("doe_halton.py", "halton_sequence", "skip=1: divmod loops, next_primes")),
    case(rank1_8_3, lambda rng: (), DOE("doe_rank1.py", "rank1_lattice", "a given generator vector")),
    case(korobov_11_4, lambda rng: (), DOE("doe_korobov.py", "korobov_sequence", "generator_param=3")),
    case(cranley_patterson_seeded, lambda rng: (rng.uniform(size=(6, 3)),),
         DOE("doe_cranley_patterson_shift.py", "cranley_patterson_shift", "seed=7")),
    case(morris_sampling_seeded, lambda rng: (), DOE("doe_vanilla_morris.py", "morris_sampling", "seed=1: rng.shuffle of np.eye")),
    case(snr_larger, lambda rng: (rng.uniform(1.0, 5.0, 8),), DOE("doe_taguchi.py", "compute_snr", "larger is better (default)")),
    case(snr_nominal, lambda rng: (rng.uniform(1.0, 5.0, 8),), DOE("doe_taguchi.py", "compute_snr", "nominal is best: an Enum argument")),
    case(random_k_means_given, lambda rng: (rng.uniform(size=(3, 2)),),
         DOE("doe_random_k_means.py", "random_k_means", "initial points given, seed=5: argmin row updates")),
    case(scale_samples_bounds, lambda rng: (rng.uniform(size=(5, 3)),), DOE("utils.py", "scale_samples", "a loop over bounds")),
    case(design_matrix_quadratic, lambda rng: (rng.uniform(-1, 1, (6, 3)),), DOE(_O + "model.py", "build_design_matrix", "degree 2")),
    case(design_matrix_cubic, lambda rng: (rng.uniform(-1, 1, (6, 2)),),
         DOE(_O + "model.py", "build_design_matrix", "degree 3: combinations_with_replacement, term *=")),
    case(information_matrix, lambda rng: (rng.normal(size=(8, 3)),), DOE(_O + "utils.py", "information_matrix")),
    case(criterion_d, lambda rng: (rng.normal(size=(8, 3)),), DOE(_O + "utils.py", "criterion_value", "'D': float(np.linalg.det)")),
    case(criterion_t, lambda rng: (rng.normal(size=(8, 3)), rng.normal(size=8)),
         DOE(_O + "utils.py", "criterion_value", "'T': float((d.T @ P @ d).item())")),
    case(_pred_var_rows, lambda rng: (rng.normal(size=(5, 4)), np.linalg.inv(_info(rng))), DOE(_O + "criterion.py", "_pred_var_rows")),
    case(regularized_inv, lambda rng: (_info(rng),), DOE(_O + "criterion.py", "regularized_inv", "try/except LinAlgError")),
    case(e_optimality, lambda rng: (_info(rng),), DOE(_O + "criterion.py", "e_optimality", "eigvalsh, float()")),
    case(d_efficiency, lambda rng: (rng.normal(size=(8, 3)),), DOE(_O + "efficiency.py", "d_efficiency", "if det < 0: return 0.0")),
    case(a_efficiency, lambda rng: (rng.normal(size=(8, 3)),), DOE(_O + "efficiency.py", "a_efficiency")),
    case(best_single_add, lambda rng: (rng.uniform(-1, 1, (4, 2)), rng.uniform(-1, 1, (5, 2))),
         DOE(_O + "utils.py", "_best_single_add", "degree 1, 'D': the best row of a pool")),
]
