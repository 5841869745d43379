"""charnley/rmsd's molecular-structure alignment, ``rmsd/calculate_rmsd.py``: the RMSD of two (N, 3) coordinate sets,
the Kabsch algorithm (``np.linalg.svd`` of the covariance, ``if d:`` on the sign of ``det(V) * det(W)`` flipping
``S[-1]`` and ``V[:, -1]`` in place), its weighted variant (a triple ``for`` loop accumulating ``C[i, k] += ...``
into ``zeros``, ``if msd < 0.0: msd = 0.0`` and a loop writing ``V[i]``), the quaternion alignment
(``np.asarray`` of list comprehensions of ``makeW(*Y[k])`` / ``makeQ(*X[k])``, ``np.linalg.eigh`` and an
``argmax`` column), centroids and centres of mass (``np.average`` with weights looked up in a dict by atom
number), the inertia tensor (a ``for sp, acoord in zip(atoms, coord)`` loop, ``coord -= ...`` into its
argument, ``np.linalg.eig``), Rodrigues' rotation between two vectors (``if (v1 == v2).all()`` / ``elif (v1 ==
-v2).all()`` / ``else``), and the atom-reordering methods: by distance (``np.unique`` of the atom types, a loop
over them with ``np.where`` and ``argsort``, ``view_reorder[p_atom_idx] = q_atom_idx[view]``), Hungarian
(``scipy.spatial.distance.cdist`` and ``scipy.optimize.linear_sum_assignment``), inertia-Hungarian (a loop over
the eight axis reflections keeping the best RMSD), brute force (Heap's permutation generator, a ``while`` over a
Python list swapped in place, consumed by a ``for`` with ``copy.deepcopy``) and ``check_reflections``'s double loop
over axis swaps and reflections with ``continue`` for enantiomers and a reorder/RMSD method passed as a function
(charnley/rmsd, BSD-2-Clause).

Copied from charnley/rmsd at ad3fe3cdd26d399cd9f64de7140146653210c390 (version 1.6.4; its ``LICENSE`` is the
2-clause BSD licence, "Copyright (c) 2013, Jimmy Charnley Kromann & Lars Bratholm"): the functions of
``rmsd/calculate_rmsd.py`` from ``rmsd`` to ``get_principal_axis`` that take arrays, in the file's order, except
``hungarian_vectors`` and ``reorder_similarity`` (they need ``qmllib``); docstrings dropped, comments kept.

Adapted, beyond that:

* the module constants ``AXIS_SWAPS`` and ``AXIS_REFLECTIONS`` as in the source; ``ELEMENT_WEIGHTS`` cut to the
  elements the inputs use (H, C, N, O, S: the source's values);
* a keyword setting (``translate=True``, ``W=...``, ``return_rmsd=True``, ``reorder_method=...``,
  ``rmsd_method=...``, ``keep_stereo=True``) is given by a one-line wrapper named after the case;
  ``generate_permutations`` (a generator) is consumed by a wrapper that stacks the permuted rows.

The inputs: small organic molecules as (N, 3) coordinates in Ångström with integer atom types (C, H, N, O, S), and
the same molecule rotated, translated, with noise added, with its atoms shuffled (for the reordering methods) or
mirrored (the ``if d:`` branch of Kabsch); atom types also as a list of ints (the docstrings' ``atoms : list``); per-atom weights; unit quaternions; pairs of vectors that are equal,
opposite and general (each branch of ``rotation_matrix_vectors``).
"""

# ruff: noqa: E127, E128, E201, E202, E203, E211, E221, E222, E225, E226, E231, E241, E261, E262, E265, E266, E302, E303, E305, E306, E501, E701, E702, E703, E704, E711, E712, E713, E721, E731, E741, N802, N803, N806, N816, B006, B007, B028, B904, B905, F401, F811, F841, UP004, UP006, UP008, UP030, UP031, UP032, UP034, UP035, UP045, W291, W293, UP003, A001, C408, C416, SIM108, SIM102, SIM114, RET505, PLR1714
from __future__ import annotations

import copy
from typing import Any, Iterator, List, Optional, Protocol, Set, Tuple, Union

import numpy as np
from numpy import ndarray
from scipy.optimize import linear_sum_assignment  # type: ignore
from scipy.spatial import distance_matrix  # type: ignore
from scipy.spatial.distance import cdist  # type: ignore

from tests.coverage.cases import RMSD as _RMSD_REPO
from tests.coverage.cases import Source, case


def CR(original: str, note: str = "") -> Source:
    return Source(_RMSD_REPO, "rmsd/calculate_rmsd.py", original, note)


# --- rmsd/calculate_rmsd.py: module constants ---

AXIS_SWAPS = np.array([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 1, 0], [2, 0, 1]])

AXIS_REFLECTIONS = np.array(
    [
        [1, 1, 1],
        [-1, 1, 1],
        [1, -1, 1],
        [1, 1, -1],
        [-1, -1, 1],
        [-1, 1, -1],
        [1, -1, -1],
        [-1, -1, -1],
    ]
)

ELEMENT_WEIGHTS = {
    1: 1.00797,
    6: 12.011,
    7: 14.0067,
    8: 15.9994,
    16: 32.06,
}

ReorderCallable = Any
RmsdCallable = Any


# --- rmsd/calculate_rmsd.py: rmsd ... get_principal_axis ---

def rmsd(P: ndarray, Q: ndarray, **kwargs) -> float:
    diff = P - Q
    return np.sqrt((diff * diff).sum() / P.shape[0])


def kabsch_rmsd(
    P: ndarray,
    Q: ndarray,
    W: Optional[ndarray] = None,
    translate: bool = False,
    **kwargs: Any,
) -> float:

    if translate:
        Q = Q - centroid(Q)
        P = P - centroid(P)

    if W is not None:
        return kabsch_weighted_rmsd(P, Q, W)

    P = kabsch_rotate(P, Q)
    return rmsd(P, Q)


def kabsch_rotate(P: ndarray, Q: ndarray) -> ndarray:
    U = kabsch(P, Q)

    # Rotate P
    P = np.dot(P, U)
    return P


def kabsch_fit(P: ndarray, Q: ndarray, W: Optional[ndarray] = None) -> ndarray:
    if W is not None:
        P, _ = kabsch_weighted_fit(P, Q, W, return_rmsd=False)
    else:
        QC = centroid(Q)
        Q = Q - QC
        P = P - centroid(P)
        P = kabsch_rotate(P, Q) + QC
    return P


def kabsch(P: ndarray, Q: ndarray) -> ndarray:

    # Computation of the covariance matrix
    C = np.dot(np.transpose(P), Q)

    # Computation of the optimal rotation matrix
    # This can be done using singular value decomposition (SVD)
    # Getting the sign of the det(V)*(W) to decide
    # whether we need to correct our rotation matrix to ensure a
    # right-handed coordinate system.
    # And finally calculating the optimal rotation matrix U
    # see http://en.wikipedia.org/wiki/Kabsch_algorithm
    V, S, W = np.linalg.svd(C)
    d = (np.linalg.det(V) * np.linalg.det(W)) < 0.0

    if d:
        S[-1] = -S[-1]
        V[:, -1] = -V[:, -1]

    # Create Rotation matrix U
    U: ndarray = np.dot(V, W)

    return U


def kabsch_weighted(
    P: ndarray, Q: ndarray, W: Optional[ndarray] = None
) -> Tuple[ndarray, ndarray, float]:
    # Computation of the weighted covariance matrix
    CMP = np.zeros(3)
    CMQ = np.zeros(3)
    C = np.zeros((3, 3))
    if W is None:
        W = np.ones(len(P)) / len(P)
    W = np.array([W, W, W]).T
    # NOTE UNUSED psq = 0.0
    # NOTE UNUSED qsq = 0.0
    iw = 3.0 / W.sum()
    n = len(P)
    for i in range(3):
        for j in range(n):
            for k in range(3):
                C[i, k] += P[j, i] * Q[j, k] * W[j, i]
    CMP = (P * W).sum(axis=0)
    CMQ = (Q * W).sum(axis=0)
    PSQ = (P * P * W).sum() - (CMP * CMP).sum() * iw
    QSQ = (Q * Q * W).sum() - (CMQ * CMQ).sum() * iw
    C = (C - np.outer(CMP, CMQ) * iw) * iw

    # Computation of the optimal rotation matrix
    # This can be done using singular value decomposition (SVD)
    # Getting the sign of the det(V)*(W) to decide
    # whether we need to correct our rotation matrix to ensure a
    # right-handed coordinate system.
    # And finally calculating the optimal rotation matrix U
    # see http://en.wikipedia.org/wiki/Kabsch_algorithm
    V, S, W = np.linalg.svd(C)
    d = (np.linalg.det(V) * np.linalg.det(W)) < 0.0

    if d:
        S[-1] = -S[-1]
        V[:, -1] = -V[:, -1]

    # Create Rotation matrix U, translation vector V, and calculate RMSD:
    U = np.dot(V, W)
    msd = (PSQ + QSQ) * iw - 2.0 * S.sum()
    if msd < 0.0:
        msd = 0.0
    rmsd_ = np.sqrt(msd)
    V = np.zeros(3)
    for i in range(3):
        t = (U[i, :] * CMQ).sum()
        V[i] = CMP[i] - t
    V = V * iw
    return U, V, rmsd_


def kabsch_weighted_fit(
    P: ndarray,
    Q: ndarray,
    W: Optional[ndarray] = None,
    return_rmsd: bool = False,
) -> Tuple[ndarray, Optional[float]]:
    rmsd_: float
    R, T, rmsd_ = kabsch_weighted(Q, P, W)
    PNEW: ndarray = np.dot(P, R.T) + T
    if return_rmsd:
        return (PNEW, rmsd_)

    return (PNEW, None)


def kabsch_weighted_rmsd(P: ndarray, Q: ndarray, W: Optional[ndarray] = None) -> float:
    _, _, w_rmsd = kabsch_weighted(P, Q, W)
    return w_rmsd


def quaternion_rmsd(P: ndarray, Q: ndarray, **kwargs: Any) -> float:
    rot = quaternion_rotate(P, Q)
    P = np.dot(P, rot)
    return rmsd(P, Q)


def quaternion_transform(r: ndarray) -> ndarray:
    Wt_r = makeW(*r).T
    Q_r = makeQ(*r)
    rot: ndarray = Wt_r.dot(Q_r)[:3, :3]
    return rot


def makeW(r1: float, r2: float, r3: float, r4: float = 0) -> ndarray:
    W = np.asarray(
        [
            [r4, r3, -r2, r1],
            [-r3, r4, r1, r2],
            [r2, -r1, r4, r3],
            [-r1, -r2, -r3, r4],
        ]
    )
    return W


def makeQ(r1: float, r2: float, r3: float, r4: float = 0) -> ndarray:
    Q = np.asarray(
        [
            [r4, -r3, r2, r1],
            [r3, r4, -r1, r2],
            [-r2, r1, r4, r3],
            [-r1, -r2, -r3, r4],
        ]
    )
    return Q


def quaternion_rotate(X: ndarray, Y: ndarray) -> ndarray:
    N = X.shape[0]
    W = np.asarray([makeW(*Y[k]) for k in range(N)])
    Q = np.asarray([makeQ(*X[k]) for k in range(N)])
    Qt_dot_W = np.asarray([np.dot(Q[k].T, W[k]) for k in range(N)])
    # NOTE UNUSED W_minus_Q = np.asarray([W[k] - Q[k] for k in range(N)])
    A = np.sum(Qt_dot_W, axis=0)
    eigen = np.linalg.eigh(A)
    r = eigen[1][:, eigen[0].argmax()]
    rot = quaternion_transform(r)
    return rot


def centroid(X: ndarray) -> ndarray:
    C: ndarray = X.mean(axis=0)
    return C


def reorder_distance(
    p_atoms: ndarray,
    q_atoms: ndarray,
    p_coord: ndarray,
    q_coord: ndarray,
    **kwargs: Any,
) -> ndarray:

    # Find unique atoms
    unique_atoms = np.unique(p_atoms)

    # generate full view from q shape to fill in atom view on the fly
    view_reorder = np.zeros(q_atoms.shape, dtype=int)

    for atom in unique_atoms:

        (p_atom_idx,) = np.where(p_atoms == atom)
        (q_atom_idx,) = np.where(q_atoms == atom)

        A_coord = p_coord[p_atom_idx]
        B_coord = q_coord[q_atom_idx]

        # Calculate distance from each atom to centroid
        A_norms = np.linalg.norm(A_coord, axis=1)
        B_norms = np.linalg.norm(B_coord, axis=1)

        reorder_indices_A = np.argsort(A_norms)
        reorder_indices_B = np.argsort(B_norms)

        # Project the order of P onto Q
        translator = np.argsort(reorder_indices_A)
        view = reorder_indices_B[translator]
        view_reorder[p_atom_idx] = q_atom_idx[view]

    return view_reorder


def _hungarian(A: ndarray, B: ndarray) -> ndarray:

    distances = cdist(A, B, "euclidean")

    # Perform Hungarian analysis on distance matrix between atoms of 1st
    # structure and trial structure
    winner_rows, winner_cols = linear_sum_assignment(distances)

    return winner_cols


def reorder_hungarian(
    p_atoms: ndarray,
    q_atoms: ndarray,
    p_coord: ndarray,
    q_coord: ndarray,
    **kwargs: Any,
) -> ndarray:

    # Find unique atoms
    unique_atoms = np.unique(p_atoms)

    # generate full view from q shape to fill in atom view on the fly
    view_reorder = np.zeros(q_atoms.shape, dtype=int)
    view_reorder -= 1

    for atom in unique_atoms:
        (p_atom_idx,) = np.where(p_atoms == atom)
        (q_atom_idx,) = np.where(q_atoms == atom)

        _p_coord = p_coord[p_atom_idx]
        _q_coord = q_coord[q_atom_idx]

        view = _hungarian(_p_coord, _q_coord)
        view_reorder[p_atom_idx] = q_atom_idx[view]

    return view_reorder


def reorder_inertia_hungarian(
    p_atoms: ndarray,
    q_atoms: ndarray,
    p_coord: ndarray,
    q_coord: ndarray,
    **kwargs: Any,
) -> ndarray:

    p_coord = np.array(p_coord, copy=True)
    q_coord = np.array(q_coord, copy=True)

    p_coord -= get_cm(p_atoms, p_coord)
    q_coord -= get_cm(q_atoms, p_coord)

    # Calculate inertia vectors for both structures
    inertia_p = get_inertia_tensor(p_atoms, p_coord)
    eigval_p, eigvec_p = np.linalg.eig(inertia_p)

    eigvec_p = eigvec_p.T
    eigvec_p = eigvec_p[np.argsort(eigval_p)]
    eigvec_p = eigvec_p.T

    inertia_q = get_inertia_tensor(q_atoms, q_coord)
    eigval_q, eigvec_q = np.linalg.eig(inertia_q)

    eigvec_q = eigvec_q.T
    eigvec_q = eigvec_q[np.argsort(eigval_q)]
    eigvec_q = eigvec_q.T

    # Reset the p coords, so the inertia vectors align with axis
    p_coord = np.dot(p_coord, eigvec_p)

    best_rmsd = np.inf
    best_review = np.arange(len(p_atoms))

    for mirror in AXIS_REFLECTIONS:

        tmp_eigvec = eigvec_q * mirror.T
        tmp_coord = np.dot(q_coord, tmp_eigvec)

        test_review = reorder_hungarian(p_atoms, q_atoms, p_coord, tmp_coord)
        test_rmsd = kabsch_rmsd(tmp_coord[test_review], p_coord)

        if test_rmsd < best_rmsd:
            best_rmsd = test_rmsd
            best_review = test_review

    return best_review


def generate_permutations(elements: List[int], n: int) -> Iterator[List[int]]:
    c = [0] * n
    yield elements
    i = 0
    while i < n:
        if c[i] < i:
            if i % 2 == 0:
                elements[0], elements[i] = elements[i], elements[0]
            else:
                elements[c[i]], elements[i] = elements[i], elements[c[i]]
            yield elements
            c[i] += 1
            i = 0
        else:
            c[i] = 0
            i += 1


def brute_permutation(A: ndarray, B: ndarray) -> ndarray:

    rmsd_min = np.inf
    view_min: ndarray

    # Sets initial ordering for row indices to [0, 1, 2, ..., len(A)], used in
    # brute-force method

    num_atoms = A.shape[0]
    initial_order = list(range(num_atoms))

    for reorder_indices in generate_permutations(initial_order, num_atoms):

        # Re-order the atom array and coordinate matrix
        coords_ordered = B[reorder_indices]

        # Calculate the RMSD between structure 1 and the Hungarian re-ordered
        # structure 2
        rmsd_temp = kabsch_rmsd(A, coords_ordered)

        # Replaces the atoms and coordinates with the current structure if the
        # RMSD is lower
        if rmsd_temp < rmsd_min:
            rmsd_min = rmsd_temp
            view_min = np.asarray(copy.deepcopy(reorder_indices))

    return view_min


def reorder_brute(
    p_atoms: ndarray,
    q_atoms: ndarray,
    p_coord: ndarray,
    q_coord: ndarray,
    **kwargs: Any,
) -> ndarray:

    # Find unique atoms
    unique_atoms = np.unique(p_atoms)

    # generate full view from q shape to fill in atom view on the fly
    view_reorder = np.zeros(q_atoms.shape, dtype=int)
    view_reorder -= 1

    for atom in unique_atoms:
        (p_atom_idx,) = np.where(p_atoms == atom)
        (q_atom_idx,) = np.where(q_atoms == atom)

        A_coord = p_coord[p_atom_idx]
        B_coord = q_coord[q_atom_idx]

        view = brute_permutation(A_coord, B_coord)
        view_reorder[p_atom_idx] = q_atom_idx[view]

    return view_reorder


def check_reflections(
    p_atoms: ndarray,
    q_atoms: ndarray,
    p_coord: ndarray,
    q_coord: ndarray,
    reorder_method: Optional[ReorderCallable] = None,
    rmsd_method: RmsdCallable = kabsch_rmsd,
    keep_stereo: bool = False,
) -> Tuple[float, ndarray, ndarray, ndarray]:

    if reorder_method is None:
        assert (p_atoms == q_atoms).all(), "No reorder method selected, but atoms are not ordered"

    min_rmsd = np.inf
    min_swap: ndarray
    min_reflection: ndarray
    min_review: ndarray = np.array(range(len(p_atoms)))
    tmp_review: ndarray = min_review
    swap_mask = [1, -1, -1, 1, -1, 1]
    reflection_mask = [1, -1, -1, -1, 1, 1, 1, -1]

    for swap, i in zip(AXIS_SWAPS, swap_mask):
        for reflection, j in zip(AXIS_REFLECTIONS, reflection_mask):

            # skip enantiomers
            if keep_stereo and i * j == -1:
                continue

            tmp_atoms = copy.copy(q_atoms)
            tmp_coord = copy.deepcopy(q_coord)
            tmp_coord = tmp_coord[:, swap]
            tmp_coord = np.dot(tmp_coord, np.diag(reflection))
            tmp_coord -= centroid(tmp_coord)

            # Reorder
            if reorder_method is not None:
                tmp_review = reorder_method(p_atoms, tmp_atoms, p_coord, tmp_coord)
                tmp_coord = tmp_coord[tmp_review]
                tmp_atoms = tmp_atoms[tmp_review]

            # Rotation
            this_rmsd = rmsd_method(p_coord, tmp_coord)

            if this_rmsd < min_rmsd:
                min_rmsd = this_rmsd
                min_swap = swap
                min_reflection = reflection
                min_review = tmp_review

    assert (p_atoms == q_atoms[min_review]).all(), "error: Not aligned"

    return min_rmsd, min_swap, min_reflection, min_review


def rotation_matrix_vectors(v1: ndarray, v2: ndarray) -> ndarray:

    rot: ndarray

    if (v1 == v2).all():
        rot = np.eye(3)

    # return a rotation of pi around the y-axis
    elif (v1 == -v2).all():
        rot = np.array([[-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, -1.0]])

    else:
        v = np.cross(v1, v2)
        s = np.linalg.norm(v)
        c = np.vdot(v1, v2)

        vx = np.array([[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]])

        rot = np.eye(3) + vx + np.dot(vx, vx) * ((1.0 - c) / (s * s))

    return rot


def get_cm(atoms: ndarray, V: ndarray) -> ndarray:

    weights: Union[List[float], ndarray] = [ELEMENT_WEIGHTS[x] for x in atoms]
    weights = np.asarray(weights)
    center_of_mass: ndarray = np.average(V, axis=0, weights=weights)

    return center_of_mass


def get_inertia_tensor(atoms: ndarray, coord: ndarray) -> ndarray:

    coord -= get_cm(atoms, coord)

    Ixx = 0.0
    Iyy = 0.0
    Izz = 0.0
    Ixy = 0.0
    Ixz = 0.0
    Iyz = 0.0

    for sp, acoord in zip(atoms, coord):
        amass = ELEMENT_WEIGHTS[sp]
        Ixx += amass * (acoord[1] * acoord[1] + acoord[2] * acoord[2])
        Iyy += amass * (acoord[0] * acoord[0] + acoord[2] * acoord[2])
        Izz += amass * (acoord[0] * acoord[0] + acoord[1] * acoord[1])
        Ixy += -amass * acoord[0] * acoord[1]
        Ixz += -amass * acoord[0] * acoord[2]
        Iyz += -amass * acoord[1] * acoord[2]

    atomic_masses = np.asarray([ELEMENT_WEIGHTS[a] for a in atoms])

    mass_matrix = np.diag(atomic_masses)
    helper = coord.T.dot(mass_matrix).dot(coord)
    inertia_tensor: np.ndarray = np.diag(np.ones(3)) * helper.trace() - helper
    return inertia_tensor


def get_principal_axis(atoms: ndarray, V: ndarray) -> ndarray:
    inertia = get_inertia_tensor(atoms, V)

    eigval, eigvec = np.linalg.eig(inertia)

    principal_axis: ndarray = eigvec[np.argmax(eigval)]

    return principal_axis



# --- wrappers for keyword settings ---

def kabsch_rmsd_translate(P, Q):
    return kabsch_rmsd(P, Q, translate=True)


def kabsch_rmsd_weighted(P, Q, W):
    return kabsch_rmsd(P, Q, W=W)


def kabsch_fit_weighted(P, Q, W):
    return kabsch_fit(P, Q, W=W)


def kabsch_weighted_fit_rmsd(P, Q, W):
    return kabsch_weighted_fit(P, Q, W, return_rmsd=True)


def kabsch_weighted_unweighted(P, Q):
    return kabsch_weighted(P, Q)


def heap_permutations(B):
    return np.array([B[p] for p in generate_permutations(list(range(len(B))), len(B))])


def check_reflections_hungarian(p_atoms, q_atoms, p_coord, q_coord):
    return check_reflections(p_atoms, q_atoms, p_coord, q_coord, reorder_method=reorder_hungarian)


def check_reflections_distance_quaternion(p_atoms, q_atoms, p_coord, q_coord):
    return check_reflections(p_atoms, q_atoms, p_coord, q_coord, reorder_method=reorder_distance,
                             rmsd_method=quaternion_rmsd)


def check_reflections_keep_stereo(p_atoms, q_atoms, p_coord, q_coord):
    return check_reflections(p_atoms, q_atoms, p_coord, q_coord, keep_stereo=True)


# --- inputs ---

# a small molecule (C, H, N, O, S types) in Angstrom, centred near the origin
_ATOMS = np.array([6, 6, 8, 7, 1, 1, 1, 1, 16, 6])
_FEW = np.array([6, 1, 1, 8, 1])


def _rot(rng):
    q = rng.normal(size=4)
    q /= np.linalg.norm(q)
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def _mol(rng, n=10):
    return rng.normal(scale=1.5, size=(n, 3))


def _pair(rng, n=10, centred=True):
    P = _mol(rng, n)
    Q = P @ _rot(rng) + rng.normal(scale=0.05, size=P.shape)
    if centred:
        P = P - P.mean(axis=0)
        Q = Q - Q.mean(axis=0)
    else:
        Q = Q + rng.normal(size=3)
    return P, Q


def _mirrored(rng, n=10):
    P = _mol(rng, n)
    P = P - P.mean(axis=0)
    Q = (P * np.array([-1.0, 1.0, 1.0])) @ _rot(rng)
    return P, Q


def _shuffled(rng, atoms=_ATOMS, rotate=False):
    n = len(atoms)
    P = _mol(rng, n)
    P = P - P.mean(axis=0)
    Q = P + rng.normal(scale=0.05, size=P.shape)
    if rotate:
        Q = Q @ _rot(rng)
    perm = np.array([1, 0, 3, 2, 5, 4, 7, 6, 9, 8][:n]) if n == 10 else np.array([0, 2, 1, 3, 4][:n])
    return atoms.copy(), atoms[perm].copy(), P, Q[perm]


def _weights(rng, n=10):
    return rng.uniform(0.5, 2.0, n)


def _unit_quat(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


CASES = [
    case(rmsd, lambda rng: _pair(rng), CR("rmsd")),
    case(kabsch_rmsd, lambda rng: _pair(rng), CR("kabsch_rmsd")),
    case(kabsch_rmsd_translate, lambda rng: _pair(rng, centred=False), CR("kabsch_rmsd", "translate=True")),
    case(kabsch_rmsd_weighted, lambda rng: _pair(rng) + (_weights(rng),), CR("kabsch_rmsd", "W=...")),
    case(kabsch_rotate, lambda rng: _pair(rng), CR("kabsch_rotate")),
    case(kabsch_fit, lambda rng: _pair(rng, centred=False), CR("kabsch_fit")),
    case(kabsch_fit_weighted, lambda rng: _pair(rng, centred=False) + (_weights(rng),), CR("kabsch_fit", "W=...")),
    case(kabsch, lambda rng: _pair(rng), CR("kabsch")),
    case(kabsch, lambda rng: _mirrored(rng), CR("kabsch", "a mirror image: the `if d:` branch"), name="rmsd.kabsch_mirrored"),
    case(kabsch_weighted, lambda rng: _pair(rng, centred=False) + (_weights(rng),), CR("kabsch_weighted")),
    case(kabsch_weighted, lambda rng: _mirrored(rng) + (_weights(rng),), CR("kabsch_weighted", "a mirror image"),
         name="rmsd.kabsch_weighted_mirrored"),
    case(kabsch_weighted_unweighted, lambda rng: _pair(rng, centred=False), CR("kabsch_weighted", "W=None")),
    case(kabsch_weighted_fit, lambda rng: _pair(rng, centred=False) + (_weights(rng),), CR("kabsch_weighted_fit")),
    case(kabsch_weighted_fit_rmsd, lambda rng: _pair(rng, centred=False) + (_weights(rng),),
         CR("kabsch_weighted_fit", "return_rmsd=True")),
    case(kabsch_weighted_rmsd, lambda rng: _pair(rng) + (_weights(rng),), CR("kabsch_weighted_rmsd")),
    case(quaternion_rmsd, lambda rng: _pair(rng), CR("quaternion_rmsd")),
    case(quaternion_transform, lambda rng: (_unit_quat(rng),), CR("quaternion_transform")),
    case(makeW, lambda rng: tuple(float(v) for v in np.round(_unit_quat(np.random.default_rng(5)), 6)), CR("makeW")),
    case(quaternion_rotate, lambda rng: _pair(rng), CR("quaternion_rotate")),
    case(reorder_distance, lambda rng: _shuffled(rng), CR("reorder_distance")),
    case(reorder_hungarian, lambda rng: _shuffled(rng), CR("reorder_hungarian")),
    case(reorder_inertia_hungarian, lambda rng: _shuffled(rng, rotate=True), CR("reorder_inertia_hungarian")),
    case(heap_permutations, lambda rng: (_mol(rng, 4),), CR("generate_permutations", "stacked B[p] for each permutation")),
    case(brute_permutation, lambda rng: _pair(rng, 5)[:1] + (_pair(rng, 5)[0][[1, 0, 2, 4, 3]],),
         CR("brute_permutation")),
    case(reorder_brute, lambda rng: _shuffled(rng, _FEW), CR("reorder_brute")),
    case(check_reflections, lambda rng: (_ATOMS.copy(), _ATOMS.copy()) + _mirrored(rng), CR("check_reflections")),
    case(check_reflections_hungarian, lambda rng: _shuffled(rng), CR("check_reflections", "reorder_method=reorder_hungarian")),
    case(check_reflections_distance_quaternion, lambda rng: _shuffled(rng),
         CR("check_reflections", "reorder_method=reorder_distance, rmsd_method=quaternion_rmsd")),
    case(check_reflections_keep_stereo, lambda rng: (_ATOMS.copy(), _ATOMS.copy()) + _pair(rng),
         CR("check_reflections", "keep_stereo=True")),
    case(rotation_matrix_vectors, lambda rng: (rng.normal(size=3), rng.normal(size=3)), CR("rotation_matrix_vectors")),
    case(rotation_matrix_vectors, lambda rng: (np.array([0.0, 0.6, 0.8]), np.array([0.0, 0.6, 0.8])),
         CR("rotation_matrix_vectors", "v1 == v2"), name="rmsd.rotation_matrix_vectors_equal"),
    case(rotation_matrix_vectors, lambda rng: (np.array([0.0, 0.6, 0.8]), np.array([-0.0, -0.6, -0.8])),
         CR("rotation_matrix_vectors", "v1 == -v2"), name="rmsd.rotation_matrix_vectors_opposite"),
    case(get_cm, lambda rng: (_ATOMS.copy(), _mol(rng)), CR("get_cm")),
    case(get_inertia_tensor, lambda rng: (_ATOMS.copy(), _mol(rng)), CR("get_inertia_tensor")),
    case(get_principal_axis, lambda rng: (_ATOMS.copy(), _mol(rng)), CR("get_principal_axis")),
    case(get_inertia_tensor, lambda rng: ([int(a) for a in _ATOMS], _mol(rng)), CR("get_inertia_tensor", "atoms a list of ints"),
         name="rmsd.get_inertia_tensor_list"),
    case(get_principal_axis, lambda rng: ([int(a) for a in _ATOMS], _mol(rng)), CR("get_principal_axis", "atoms a list of ints"),
         name="rmsd.get_principal_axis_list"),
]
