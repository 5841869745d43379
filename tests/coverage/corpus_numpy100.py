"""The 100 NumPy exercises (rougier/numpy-100, MIT), solutions turned into functions.

From 100_Numpy_exercises_with_solutions.md at 6447594ad639908dc979446a4ec7f0f2e62fb23b. Each
solution script becomes a function of the arrays it creates at random (``Z = np.random...``
becomes the parameter ``Z``; a random index vector becomes a parameter too, so that eager and
staged runs see the same data), its ``print(...)`` becomes ``return``; the NumPy calls and the
control flow are the solution's. Functions the solutions define (moving_average,
distance_faster, iterate, cartesian, ...) are as written. Exercises with no array input
(creating constants) or about printing, dtypes, files or dates are left out.
"""

# ruff: noqa: E501, E741, N802, N803, N806
from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from tests.coverage.cases import N100, case


def ex15_border(Z):
    Z[1:-1, 1:-1] = 0
    return Z


def ex16_pad(Z):
    Z = np.pad(Z, pad_width=1, mode='constant', constant_values=0)
    return Z


def ex16_fancy_border(Z):
    Z[:, [0, -1]] = 0
    Z[[0, -1], :] = 0
    return Z


def ex22_normalize(Z):
    Z = (Z - np.mean (Z)) / (np.std (Z))
    return Z


def ex25_negate_between(Z):
    Z[(3 < Z) & (Z < 8)] *= -1
    return Z


def ex29_round_away(Z):
    return np.copysign(np.ceil(np.abs(Z)), Z), np.where(Z>0, np.ceil(Z), np.floor(Z))


def ex30_common_values(Z1, Z2):
    return np.intersect1d(Z1,Z2)


def ex35_inplace(A, B):
    np.add(A,B,out=B)
    np.divide(A,2,out=A)
    np.negative(A,out=A)
    np.multiply(A,B,out=A)
    return A


def ex36_integer_part(Z):
    return Z - Z%1, Z // 1, np.floor(Z), Z.astype(int), np.trunc(Z)


def ex40_sort(Z):
    Z.sort()
    return Z


def ex42_equal(A, B):
    equal = np.allclose(A,B)
    equal2 = np.array_equal(A,B)
    return equal, equal2


def ex44_polar(Z):
    X,Y = Z[:,0], Z[:,1]
    R = np.sqrt(X**2+Y**2)
    T = np.arctan2(Y,X)
    return R, T


def ex45_replace_max(Z):
    Z[Z.argmax()] = 0
    return Z


def ex47_cauchy(X):
    Y = X + 0.5
    C = 1.0 / np.subtract.outer(X, Y)
    return np.linalg.det(C)


def ex50_closest(Z, v):
    index = (np.abs(Z-v)).argmin()
    return Z[index]


def ex52_distances(Z):
    X,Y = np.atleast_2d(Z[:,0], Z[:,1])
    D = np.sqrt( (X-X.T)**2 + (Y-Y.T)**2)
    return D


def ex58_subtract_row_mean(X):
    Y = X - X.mean(axis=1, keepdims=True)
    Y2 = X - X.mean(axis=1).reshape(-1, 1)
    return Y, Y2


def ex59_sort_by_column(Z):
    return Z[Z[:,1].argsort()]


def ex60_null_columns(Z):
    return (~Z.any(axis=0)).any()


def ex61_nearest(Z, z):
    m = Z.flat[np.abs(Z - z).argmin()]
    return m


def ex64_add_at_indices(Z, I):
    Z += np.bincount(I, minlength=len(Z))
    np.add.at(Z, I, 1)
    return Z


def ex65_accumulate(X, I):
    F = np.bincount(I,X)
    return F


def ex67_sum_last_two_axes(A):
    sum = A.sum(axis=(-2,-1))
    sum2 = A.reshape(A.shape[:-2] + (-1,)).sum(axis=-1)
    return sum, sum2


def ex68_subset_means(D, S):
    D_sums = np.bincount(S, weights=D)
    D_counts = np.bincount(S)
    D_means = D_sums / D_counts
    return D_means


def ex69_diag_of_dot(A, B):
    return np.diag(np.dot(A, B)), np.sum(A * B.T, axis=1), np.einsum("ij,ji->i", A, B)


def ex70_interleave_zeros(Z):
    nz = 3
    Z0 = np.zeros(len(Z) + (len(Z)-1)*(nz))
    Z0[::nz+1] = Z
    return Z0


def ex71_broadcast_multiply(A, B):
    return A * B[:,:,None]


def ex72_swap_rows(A):
    A[[0,1]] = A[[1,0]]
    return A


def ex73_unique_segments(faces):
    F = np.roll(faces.repeat(2,axis=1),-1,axis=1)
    F = F.reshape(len(F)*3,2)
    F = np.sort(F,axis=1)
    G = F.view( dtype=[('p0',F.dtype),('p1',F.dtype)] )
    G = np.unique(G)
    return G


def ex74_inverse_bincount(C):
    A = np.repeat(np.arange(len(C)), C)
    return A


def moving_average(a, n=3) :  # exercise 75
    ret = np.cumsum(a, dtype=float)
    ret[n:] = ret[n:] - ret[:-n]
    return ret[n - 1:] / n


def ex75_sliding_window_mean(Z):
    return sliding_window_view(Z, window_shape=3).mean(axis=-1)


def distance_faster(P0,P1,p):  # exercise 78
    #Author: Hemanth Pasupuleti
    #Reference: https://mathworld.wolfram.com/Point-LineDistance2-Dimensional.html

    v = P1- P0
    v[:,[0,1]] = v[:,[1,0]]
    v[:,1]*=-1
    norm = np.linalg.norm(v,axis=1)
    r = P0 - p
    d = np.abs(np.einsum("ij,ij->i",r,v)) / norm

    return d


def distance_slower(P0, P1, p):  # exercise 78
    T = P1 - P0
    L = (T**2).sum(axis=1)
    U = -((P0[:,0]-p[...,0])*T[:,0] + (P0[:,1]-p[...,1])*T[:,1]) / L
    U = U.reshape(len(U),1)
    D = P0 + U*T - p
    return np.sqrt((D**2).sum(axis=1))


def distance_points_to_lines(p: np.ndarray, p_1: np.ndarray, p_2: np.ndarray) -> np.ndarray:  # exercise 79
    x_0, y_0 = p.T  # Shape -> (n points, )
    x_1, y_1 = p_1.T  # Shape -> (n lines, )
    x_2, y_2 = p_2.T  # Shape -> (n lines, )

    # Displacement vector coordinates from p_1 -> p_2
    dx = x_2 - x_1  # Shape -> (n lines, )
    dy = y_2 - y_1  # Shape -> (n lines, )

    # The 'cross product' term
    cross_term = x_2 * y_1 - y_2 * x_1  # Shape -> (n lines, )

    # Broadcast x_0, y_0 (n points, 1) and dx, dy, cross_term (1, n lines) -> (n points, n lines)
    numerator = np.abs(
        dy[np.newaxis, :] * x_0[:, np.newaxis]
        - dx[np.newaxis, :] * y_0[:, np.newaxis]
        + cross_term[np.newaxis, :]
    )
    denominator = np.sqrt(dx**2 + dy**2)  # Shape -> (n lines, )

    # Shape (n points, n lines) / (1, n_lines) -> (n points, n lines)
    return numerator / denominator[np.newaxis, :]


def ex82_rank(Z):
    U, S, V = np.linalg.svd(Z) # Singular Value Decomposition
    threshold = len(S) * S.max() * np.finfo(S.dtype).eps
    rank = np.sum(S > threshold)
    return rank


def ex83_most_frequent(Z):
    return np.bincount(Z).argmax()


def ex84_blocks(Z):
    return sliding_window_view(Z, window_shape=(3, 3))


def ex86_tensordot(M, V):
    S = np.tensordot(M, V, axes=[[0, 2], [0, 1]])
    return S


def ex87_block_sum(Z):
    k = 4
    S = np.add.reduceat(np.add.reduceat(Z, np.arange(0, Z.shape[0], k), axis=0),
                                           np.arange(0, Z.shape[1], k), axis=1)
    S2 = Z.reshape(4, 4, 4, 4).sum((1, 3))
    return S, S2


def iterate(Z):  # exercise 88
    # Count neighbours
    N = (Z[0:-2,0:-2] + Z[0:-2,1:-1] + Z[0:-2,2:] +
         Z[1:-1,0:-2]                + Z[1:-1,2:] +
         Z[2:  ,0:-2] + Z[2:  ,1:-1] + Z[2:  ,2:])

    # Apply rules
    birth = (N==3) & (Z[1:-1,1:-1]==0)
    survive = ((N==2) | (N==3)) & (Z[1:-1,1:-1]==1)
    Z[...] = 0
    Z[1:-1,1:-1][birth | survive] = 1
    return Z


def ex89_n_largest(Z):
    n = 5
    return Z[np.argsort(Z)[-n:]], np.sort(Z[np.argpartition(-Z,n)[:n]])


def cartesian(arrays):  # exercise 90
    arrays = [np.asarray(a) for a in arrays]
    shape = (len(x) for x in arrays)

    ix = np.indices(shape, dtype=int)
    ix = ix.reshape(len(arrays), -1).T

    for n, arr in enumerate(arrays):
        ix[:, n] = arrays[n][ix[:, n]]

    return ix


def ex94_unequal_rows(Z):
    E = np.all(Z[:,1:] == Z[:,:-1], axis=1)
    U = Z[~E]
    return U


def ex95_binary(I):
    B = ((I.reshape(-1,1) & (2**np.arange(8))) != 0).astype(int)
    return B[:,::-1]


def ex97_einsum(A, B):
    return (np.einsum('i->', A), np.einsum('i,i->i', A, B), np.einsum('i,i', A, B), np.einsum('i,j->ij', A, B))


def ex98_equidistant(phi):
    a = 1
    x = a*phi*np.cos(phi)
    y = a*phi*np.sin(phi)

    dr = (np.diff(x)**2 + np.diff(y)**2)**.5 # segment lengths
    r = np.zeros_like(x)
    r[1:] = np.cumsum(dr)                # integrate path
    r_int = np.linspace(0, r.max(), 200) # regular spaced path
    x_int = np.interp(r_int, r, x)       # integrate path
    y_int = np.interp(r_int, r, y)
    return x_int, y_int


def ex99_multinomial_rows(X):
    n = 4
    M = np.logical_and.reduce(np.mod(X, 1) == 0, axis=-1)
    M &= (X.sum(axis=-1) == n)
    return X[M]


def ex100_bootstrap(X, idx):
    means = X[idx].mean(axis=1)
    confint = np.percentile(means, [2.5, 97.5])
    return confint


def _ints(low, high, shape):
    return lambda rng: (rng.integers(low, high, size=shape),)


def _unif(shape, low=0.0, high=1.0):
    return lambda rng: (rng.uniform(low, high, size=shape),)


def _segments(rng):
    return rng.uniform(-10, 10, (10, 2)), rng.uniform(-10, 10, (10, 2)), rng.uniform(-10, 10, (1, 2))


CASES = [
    case(ex15_border, _unif((10, 10)), N100(15)),
    case(ex16_pad, _unif((5, 5)), N100(16)),
    case(ex16_fancy_border, _unif((5, 5)), N100(16, "the fancy-indexing solution")),
    case(ex22_normalize, _unif((5, 5)), N100(22)),
    case(ex25_negate_between, lambda rng: (rng.permutation(11),), N100(25)),
    case(ex29_round_away, _unif(10, -10, 10), N100(29)),
    case(ex30_common_values, lambda rng: (rng.integers(0, 10, 10), rng.integers(0, 10, 10)), N100(30)),
    case(ex35_inplace, lambda rng: (rng.uniform(size=3), rng.uniform(size=3)), N100(35)),
    case(ex36_integer_part, _unif(10, 0, 10), N100(36)),
    case(ex40_sort, _unif(10), N100(40)),
    case(ex42_equal, lambda rng: (rng.integers(0, 2, 5), rng.integers(0, 2, 5)), N100(42)),
    case(ex44_polar, _unif((10, 2)), N100(44)),
    case(ex45_replace_max, _unif(10), N100(45)),
    case(ex47_cauchy, lambda rng: (rng.permutation(8).astype(float),), N100(47, "X is a permutation of np.arange(8), as float")),
    case(ex50_closest, lambda rng: (rng.permutation(100), np.float64(rng.uniform(0, 100))), N100(50)),
    case(ex52_distances, _unif((10, 2)), N100(52)),
    case(ex58_subtract_row_mean, _unif((5, 10)), N100(58)),
    case(ex59_sort_by_column, lambda rng: (rng.permutation(9).reshape(3, 3),), N100(59, "distinct values, so the order is unique")),
    case(ex60_null_columns, _ints(0, 3, (3, 10)), N100(60)),
    case(ex61_nearest, lambda rng: (rng.uniform(0, 1, 10), 0.5), N100(61)),
    case(ex64_add_at_indices, lambda rng: (np.ones(10), rng.integers(0, 10, 20)), N100(64, "both solutions, one after the other")),
    case(ex65_accumulate, lambda rng: (rng.uniform(size=6), np.array([1, 3, 9, 3, 4, 1])), N100(65)),
    case(ex67_sum_last_two_axes, _ints(0, 10, (3, 4, 3, 4)), N100(67)),
    case(ex68_subset_means, lambda rng: (rng.uniform(0, 1, 100), np.arange(100) % 10), N100(68, "S covers every subset (as np.arange(100) % 10)")),
    case(ex69_diag_of_dot, lambda rng: (rng.uniform(0, 1, (5, 5)), rng.uniform(0, 1, (5, 5))), N100(69)),
    case(ex70_interleave_zeros, lambda rng: (rng.integers(1, 6, 5),), N100(70)),
    case(ex71_broadcast_multiply, lambda rng: (rng.uniform(size=(5, 5, 3)), rng.uniform(size=(5, 5))), N100(71)),
    case(ex72_swap_rows, lambda rng: (rng.permutation(25).reshape(5, 5),), N100(72)),
    case(ex73_unique_segments, _ints(0, 100, (10, 3)), N100(73)),
    case(ex74_inverse_bincount, lambda rng: (np.bincount(rng.integers(0, 7, 7), minlength=7),), N100(74)),
    case(moving_average, lambda rng: (rng.permutation(20), 3), N100(75)),
    case(ex75_sliding_window_mean, lambda rng: (rng.permutation(20),), N100(75, "the sliding_window_view solution")),
    case(distance_faster, _segments, N100(78)),
    case(distance_slower, _segments, N100(78)),
    case(distance_points_to_lines, lambda rng: (rng.uniform(-10, 10, (10, 2)), rng.uniform(-10, 10, (10, 2)), rng.uniform(-10, 10, (10, 2))), N100(79)),
    case(ex82_rank, _unif((10, 10)), N100(82)),
    case(ex83_most_frequent, lambda rng: (np.concatenate([rng.integers(0, 10, 49), [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]]),), N100(83, "a clear winner (3)")),
    case(ex84_blocks, _ints(0, 5, (10, 10)), N100(84)),
    case(ex86_tensordot, lambda rng: (rng.uniform(size=(10, 20, 20)), rng.uniform(size=(10, 20, 1))), N100(86)),
    case(ex87_block_sum, _unif((16, 16)), N100(87)),
    case(iterate, _ints(0, 2, (12, 12)), N100(88)),
    case(ex89_n_largest, lambda rng: (rng.permutation(100),), N100(89, "the fast solution sorted, since argpartition's order is unspecified")),
    case(cartesian, lambda rng: ([rng.integers(0, 9, 3), rng.integers(0, 9, 2), rng.integers(0, 9, 2)],), N100(90)),
    case(ex94_unequal_rows, _ints(0, 5, (10, 3)), N100(94)),
    case(ex95_binary, lambda rng: (rng.integers(0, 256, 9),), N100(95)),
    case(ex97_einsum, lambda rng: (rng.uniform(0, 1, 10), rng.uniform(0, 1, 10)), N100(97)),
    case(ex98_equidistant, lambda rng: (np.arange(0, 10 * np.pi, 0.1) + rng.uniform(0, 0.05),), N100(98)),
    case(ex99_multinomial_rows, lambda rng: (np.asarray([[1.0, 0.0, 3.0, 8.0], [2.0, 0.0, 1.0, 1.0], [1.5, 2.5, 1.0, 0.0]]) * rng.integers(1, 2),), N100(99)),
    case(ex100_bootstrap, lambda rng: (rng.standard_normal(100), rng.integers(0, 100, (1000, 100))), N100(100, "the random index array is an argument")),
]
