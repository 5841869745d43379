"""pytransform3d's rotations and rigid transformations in NumPy: vector helpers, rotation matrices from angles,
axis-angle and compact axis-angle, quaternions (products, integration, gradients, distances, Euler angles),
modified Rodrigues parameters, rotors, SLERP, Euler angles with their gimbal-lock branches, the robust polar
decomposition, SO(3) Jacobians (closed form and series), homogeneous transforms, position-quaternion pairs,
screws and exponential coordinates, dual quaternions (ScLERP), and the batch (vectorised) rotation functions
(dfki-ric/pytransform3d, BSD-3-Clause).

Copied from dfki-ric/pytransform3d at b8047fe9ccc796d94b7b2263b5a485e20865fb30 (its LICENSE is the BSD 3-Clause
licence: "Copyright 2014-2017 Alexander Fabisch (Robotics Research Group, University of Bremen), 2017-2025 Alexander
Fabisch (DFKI GmbH, Robotics Innovation Center), and pytransform3d contributors"), the files named in each section
below. Bodies are as written, comments kept, docstrings dropped; each function is copied together with the
functions and constants of the package it calls.

Adapted, beyond that:

* ``pytransform3d.transformations._pq`` calls ``rotations.quaternion_slerp`` and ``rotations.matrix_from_quaternion``
  through the package: here ``rotations`` is this module (``sys.modules[__name__]``), which holds both;
* ``pytransform3d.batch_rotations`` functions whose names clash with ``rotations`` ones are not taken (the extraction
  kept the ``rotations`` definition);
* wrappers fix the keyword arguments (``strict_check``, ``shortest_path``, Euler axis indices ...) as constants.

Not taken: plotting, random sampling, the transform managers, URDF, camera, the uncertainty module.

The inputs: random unit quaternions, the rotation matrices and transforms built from them eagerly in
``make_inputs``, small vectors, 5 to 8 steps of trajectories.
"""

# ruff: noqa: E501, E741, UP031
from __future__ import annotations

import math
import sys
import warnings

import numpy as np

from tests.coverage.cases import PYTRANSFORM3D, Source, case


def PT3(path: str, original: str, note: str = "") -> Source:
    return Source(PYTRANSFORM3D, "pytransform3d/" + path, original, note)


# --- pytransform3d/rotations/_constants.py ---------------------------------------------------------------
unitx = np.array([1.0, 0.0, 0.0])
unity = np.array([0.0, 1.0, 0.0])
unitz = np.array([0.0, 0.0, 1.0])
eps = 1e-7
two_pi = 2.0 * np.pi
half_pi = 0.5 * np.pi

# --- pytransform3d/rotations/_utils.py -------------------------------------------------------------------
def check_axis_index(name, i):
    if i not in [0, 1, 2]:
        raise ValueError("Axis index %s (%d) must be in [0, 1, 2]" % (name, i))

def norm_vector(v):
    norm = np.linalg.norm(v)
    if norm == 0.0:
        return v

    return np.asarray(v) / norm

def perpendicular_to_vectors(a, b):
    return np.cross(a, b)

def perpendicular_to_vector(a):
    if abs(a[2]) < eps:
        return np.copy(unitz)
    # Now that we solved the problem for [x, y, 0], we can solve it for all
    # other vectors by restricting solutions to [1, 0, z] and find z.
    # The dot product of orthogonal vectors is 0, thus
    # a[0] * 1 + a[1] * 0 + a[2] * z == 0 or -a[0] / a[2] = z
    return np.array([1.0, 0.0, -a[0] / a[2]])

def angle_between_vectors(a, b, fast=False):
    if len(a) != 3 or fast:
        return np.arccos(
            np.clip(
                np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)),
                -1.0,
                1.0,
            )
        )
    return np.arctan2(np.linalg.norm(np.cross(a, b)), np.dot(a, b))

def vector_projection(a, b):
    b_norm_squared = np.dot(b, b)
    if b_norm_squared == 0.0:
        return np.zeros(3)
    return np.dot(a, b) * b / b_norm_squared

def plane_basis_from_normal(plane_normal):
    if abs(plane_normal[0]) >= abs(plane_normal[1]):
        # x or z is the largest magnitude component, swap them
        length = math.sqrt(
            plane_normal[0] * plane_normal[0]
            + plane_normal[2] * plane_normal[2]
        )
        x_axis = np.array(
            [-plane_normal[2] / length, 0.0, plane_normal[0] / length]
        )
        y_axis = np.array(
            [
                plane_normal[1] * x_axis[2],
                plane_normal[2] * x_axis[0] - plane_normal[0] * x_axis[2],
                -plane_normal[1] * x_axis[0],
            ]
        )
    else:
        # y or z is the largest magnitude component, swap them
        length = math.sqrt(
            plane_normal[1] * plane_normal[1]
            + plane_normal[2] * plane_normal[2]
        )
        x_axis = np.array(
            [0.0, plane_normal[2] / length, -plane_normal[1] / length]
        )
        y_axis = np.array(
            [
                plane_normal[1] * x_axis[2] - plane_normal[2] * x_axis[1],
                -plane_normal[0] * x_axis[2],
                plane_normal[0] * x_axis[1],
            ]
        )
    return x_axis, y_axis


# --- pytransform3d/rotations/_angle.py -------------------------------------------------------------------
def norm_angle(a):
    a = np.asarray(a, dtype=np.float64)
    return a - (np.ceil((a + np.pi) / two_pi) - 1.0) * two_pi

def active_matrix_from_angle(basis, angle):
    c = np.cos(angle)
    s = np.sin(angle)

    if basis == 0:
        R = np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])
    elif basis == 1:
        R = np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])
    elif basis == 2:
        R = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    else:
        raise ValueError("Basis must be in [0, 1, 2]")

    return R

def quaternion_from_angle(basis, angle):
    half_angle = 0.5 * angle
    c = math.cos(half_angle)
    s = math.sin(half_angle)

    if basis == 0:
        q = np.array([c, s, 0.0, 0.0])
    elif basis == 1:
        q = np.array([c, 0.0, s, 0.0])
    elif basis == 2:
        q = np.array([c, 0.0, 0.0, s])
    else:
        raise ValueError("Basis must be in [0, 1, 2]")

    return q


# --- pytransform3d/rotations/_axis_angle.py --------------------------------------------------------------
def check_axis_angle(a):
    a = np.asarray(a, dtype=np.float64)
    if a.ndim != 1 or a.shape[0] != 4:
        raise ValueError(
            "Expected axis and angle in array with shape (4,), "
            "got array-like object with shape %s" % (a.shape,)
        )
    return norm_axis_angle(a)

def check_compact_axis_angle(a):
    a = np.asarray(a, dtype=np.float64)
    if a.ndim != 1 or a.shape[0] != 3:
        raise ValueError(
            "Expected axis and angle in array with shape (3,), "
            "got array-like object with shape %s" % (a.shape,)
        )
    return norm_compact_axis_angle(a)

def norm_axis_angle(a):
    angle = a[3]
    norm = np.linalg.norm(a[:3])
    if angle == 0.0 or norm == 0.0:
        return np.array([1.0, 0.0, 0.0, 0.0])

    res = np.empty(4)
    res[:3] = a[:3] / norm

    angle = norm_angle(angle)
    if angle < 0.0:
        angle *= -1.0
        res[:3] *= -1.0

    res[3] = angle

    return res

def norm_compact_axis_angle(a):
    angle = np.linalg.norm(a)
    if angle == 0.0:
        return np.zeros(3)
    axis = a / angle
    return axis * norm_angle(angle)

def axis_angle_from_two_directions(a, b):
    a = norm_vector(a)
    b = norm_vector(b)
    cos_angle = a.dot(b)
    if abs(-1.0 - cos_angle) < eps:
        # For 180 degree rotations we have an infinite number of solutions,
        # but we have to pick one axis.
        axis = perpendicular_to_vector(a)
    else:
        axis = np.cross(a, b)
    aa = np.empty(4)
    aa[:3] = norm_vector(axis)
    aa[3] = np.arccos(max(min(cos_angle, 1.0), -1.0))
    return norm_axis_angle(aa)

def matrix_from_axis_angle(a):
    a = check_axis_angle(a)
    ux, uy, uz, theta = a
    c = math.cos(theta)
    s = math.sin(theta)
    ci = 1.0 - c
    R = np.array(
        [
            [ci * ux * ux + c, ci * ux * uy - uz * s, ci * ux * uz + uy * s],
            [ci * uy * ux + uz * s, ci * uy * uy + c, ci * uy * uz - ux * s],
            [ci * uz * ux - uy * s, ci * uz * uy + ux * s, ci * uz * uz + c],
        ]
    )

    # This is equivalent to
    # R = (np.eye(3) * np.cos(a[3]) +
    #      (1.0 - np.cos(a[3])) * a[:3, np.newaxis].dot(a[np.newaxis, :3]) +
    #      cross_product_matrix(a[:3]) * np.sin(a[3]))
    # or
    # w = cross_product_matrix(a[:3])
    # R = np.eye(3) + np.sin(a[3]) * w + (1.0 - np.cos(a[3])) * w.dot(w)

    return R

def matrix_from_compact_axis_angle(a):
    a = axis_angle_from_compact_axis_angle(a)
    return matrix_from_axis_angle(a)

def axis_angle_from_compact_axis_angle(a):
    a = check_compact_axis_angle(a)
    angle = np.linalg.norm(a)

    if angle == 0.0:
        return np.array([1.0, 0.0, 0.0, 0.0])

    axis = a / angle
    return np.hstack((axis, (angle,)))

def compact_axis_angle(a):
    a = check_axis_angle(a)
    return a[:3] * a[3]

def quaternion_from_axis_angle(a):
    a = check_axis_angle(a)
    half_angle = 0.5 * a[3]

    q = np.empty(4)
    q[0] = np.cos(half_angle)
    q[1:] = np.sin(half_angle) * a[:3]
    return q

def quaternion_from_compact_axis_angle(a):
    a = axis_angle_from_compact_axis_angle(a)
    return quaternion_from_axis_angle(a)

def mrp_from_axis_angle(a):
    a = check_axis_angle(a)
    return np.tan(0.25 * a[3]) * a[:3]


# --- pytransform3d/rotations/_matrix.py ------------------------------------------------------------------
def check_matrix(R, tolerance=1e-6, strict_check=True):
    R = np.asarray(R, dtype=np.float64)
    if R.ndim != 2 or R.shape[0] != 3 or R.shape[1] != 3:
        raise ValueError(
            "Expected rotation matrix with shape (3, 3), got "
            "array-like object with shape %s" % (R.shape,)
        )
    RRT = np.dot(R, R.T)
    if not np.allclose(RRT, np.eye(3), atol=tolerance):
        error_msg = (
            "Expected rotation matrix, but it failed the test "
            "for inversion by transposition. np.dot(R, R.T) "
            "gives %r" % RRT
        )
        if strict_check:
            raise ValueError(error_msg)
        warnings.warn(error_msg, UserWarning, stacklevel=2)
    R_det = np.linalg.det(R)
    if R_det < 0.0:
        error_msg = (
            "Expected rotation matrix, but it failed the test "
            "for the determinant, which should be 1 but is %g; "
            "that is, it probably represents a rotoreflection" % R_det
        )
        if strict_check:
            raise ValueError(error_msg)
        warnings.warn(error_msg, UserWarning, stacklevel=2)
    return R

def matrix_requires_renormalization(R, tolerance=1e-6):
    R = np.asarray(R, dtype=float)
    RRT = np.dot(R, R.T)
    return not np.allclose(RRT, np.eye(3), atol=tolerance)

def norm_matrix(R):
    R = np.asarray(R)
    c2 = R[:, 1]
    c3 = norm_vector(R[:, 2])
    c1 = norm_vector(np.cross(c2, c3))
    c2 = norm_vector(np.cross(c3, c1))
    return np.column_stack((c1, c2, c3))

def matrix_from_two_vectors(a, b):
    if np.linalg.norm(a) == 0:
        raise ValueError("a must not be the zero vector.")
    if np.linalg.norm(b) == 0:
        raise ValueError("b must not be the zero vector.")

    c = perpendicular_to_vectors(a, b)
    if np.linalg.norm(c) == 0:
        raise ValueError("a and b must not be parallel.")

    a = norm_vector(a)

    b_on_a_projection = vector_projection(b, a)
    b_on_a_rejection = b - b_on_a_projection
    b = norm_vector(b_on_a_rejection)

    c = norm_vector(c)

    return np.column_stack((a, b, c))

def quaternion_from_matrix(R, strict_check=True):
    R = check_matrix(R, strict_check=strict_check)
    q = np.empty(4)

    # Source:
    # http://www.euclideanspace.com/maths/geometry/rotations/conversions
    trace = np.trace(R)
    if trace > 0.0:
        sqrt_trace = np.sqrt(1.0 + trace)
        q[0] = 0.5 * sqrt_trace
        q[1] = 0.5 / sqrt_trace * (R[2, 1] - R[1, 2])
        q[2] = 0.5 / sqrt_trace * (R[0, 2] - R[2, 0])
        q[3] = 0.5 / sqrt_trace * (R[1, 0] - R[0, 1])
    else:
        if R[0, 0] > R[1, 1] and R[0, 0] > R[2, 2]:
            sqrt_trace = np.sqrt(1.0 + R[0, 0] - R[1, 1] - R[2, 2])
            q[0] = 0.5 / sqrt_trace * (R[2, 1] - R[1, 2])
            q[1] = 0.5 * sqrt_trace
            q[2] = 0.5 / sqrt_trace * (R[1, 0] + R[0, 1])
            q[3] = 0.5 / sqrt_trace * (R[0, 2] + R[2, 0])
        elif R[1, 1] > R[2, 2]:
            sqrt_trace = np.sqrt(1.0 + R[1, 1] - R[0, 0] - R[2, 2])
            q[0] = 0.5 / sqrt_trace * (R[0, 2] - R[2, 0])
            q[1] = 0.5 / sqrt_trace * (R[1, 0] + R[0, 1])
            q[2] = 0.5 * sqrt_trace
            q[3] = 0.5 / sqrt_trace * (R[2, 1] + R[1, 2])
        else:
            sqrt_trace = np.sqrt(1.0 + R[2, 2] - R[0, 0] - R[1, 1])
            q[0] = 0.5 / sqrt_trace * (R[1, 0] - R[0, 1])
            q[1] = 0.5 / sqrt_trace * (R[0, 2] + R[2, 0])
            q[2] = 0.5 / sqrt_trace * (R[2, 1] + R[1, 2])
            q[3] = 0.5 * sqrt_trace
    return q

def axis_angle_from_matrix(R, strict_check=True, check=True):
    if check:
        R = check_matrix(R, strict_check=strict_check)
    cos_angle = (np.trace(R) - 1.0) / 2.0
    angle = np.arccos(min(max(-1.0, cos_angle), 1.0))

    if angle == 0.0:  # R == np.eye(3)
        return np.array([1.0, 0.0, 0.0, 0.0])

    a = np.empty(4)

    # We can usually determine the rotation axis by inverting Rodrigues'
    # formula. Subtracting opposing off-diagonal elements gives us
    # 2 * sin(angle) * e,
    # where e is the normalized rotation axis.
    axis_unnormalized = np.array(
        [R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]]
    )

    if abs(angle - np.pi) < 1e-4:  # np.trace(R) close to -1
        # The threshold 1e-4 is a result from this discussion:
        # https://github.com/dfki-ric/pytransform3d/issues/43
        # The standard formula becomes numerically unstable, however,
        # Rodrigues' formula reduces to R = I + 2 (ee^T - I), with the
        # rotation axis e, that is, ee^T = 0.5 * (R + I) and we can find the
        # squared values of the rotation axis on the diagonal of this matrix.
        # We can still use the original formula to reconstruct the signs of
        # the rotation axis correctly.

        # In case of floating point inaccuracies:
        R_diag = np.clip(np.diag(R), -1.0, 1.0)

        eeT_diag = 0.5 * (R_diag + 1.0)
        signs = np.sign(axis_unnormalized)
        signs[signs == 0.0] = 1.0
        a[:3] = np.sqrt(eeT_diag) * signs
    else:
        a[:3] = axis_unnormalized
        # The norm of axis_unnormalized is 2.0 * np.sin(angle), that is, we
        # could normalize with a[:3] = a[:3] / (2.0 * np.sin(angle)),
        # but the following is much more precise for angles close to 0 or pi:
    a[:3] /= np.linalg.norm(a[:3])

    a[3] = angle
    return a

def compact_axis_angle_from_matrix(R, check=True):
    a = axis_angle_from_matrix(R, check=check)
    return compact_axis_angle(a)


# --- pytransform3d/rotations/_quaternion.py --------------------------------------------------------------
def check_quaternion(q, unit=True):
    q = np.asarray(q, dtype=np.float64)
    if q.ndim != 1 or q.shape[0] != 4:
        raise ValueError(
            "Expected quaternion with shape (4,), got "
            "array-like object with shape %s" % (q.shape,)
        )
    if unit:
        return norm_vector(q)
    return q

def check_quaternions(Q, unit=True):
    Q_checked = np.asarray(Q, dtype=np.float64)
    if Q_checked.ndim != 2 or Q_checked.shape[1] != 4:
        raise ValueError(
            "Expected quaternion array with shape (n_steps, 4), got "
            "array-like object with shape %s" % (Q_checked.shape,)
        )
    if unit:
        for i in range(len(Q)):
            Q_checked[i] = norm_vector(Q_checked[i])
    return Q_checked

def pick_closest_quaternion(quaternion, target_quaternion):
    quaternion = check_quaternion(quaternion)
    target_quaternion = check_quaternion(target_quaternion)
    return pick_closest_quaternion_impl(quaternion, target_quaternion)

def pick_closest_quaternion_impl(quaternion, target_quaternion):
    if np.linalg.norm(-quaternion - target_quaternion) < np.linalg.norm(
        quaternion - target_quaternion
    ):
        return -quaternion
    return quaternion

def quaternion_integrate(Qd, q0=np.array([1.0, 0.0, 0.0, 0.0]), dt=1.0):
    Q = np.empty((len(Qd), 4))
    Q[0] = q0
    for t in range(1, len(Qd)):
        qd = (Qd[t] + Qd[t - 1]) / 2.0
        Q[t] = concatenate_quaternions(
            quaternion_from_compact_axis_angle(dt * qd), Q[t - 1]
        )
    return Q

def quaternion_gradient(Q, dt=1.0):
    Q = check_quaternions(Q)
    Qd = np.empty((len(Q), 3))
    Qd[0] = (
        compact_axis_angle_from_quaternion(
            concatenate_quaternions(Q[1], q_conj(Q[0]))
        )
        / dt
    )
    for t in range(1, len(Q) - 1):
        # divided by two because of central differences
        Qd[t] = compact_axis_angle_from_quaternion(
            concatenate_quaternions(Q[t + 1], q_conj(Q[t - 1]))
        ) / (2.0 * dt)
    Qd[-1] = (
        compact_axis_angle_from_quaternion(
            concatenate_quaternions(Q[-1], q_conj(Q[-2]))
        )
        / dt
    )
    return Qd

def concatenate_quaternions(q1, q2):
    q1 = check_quaternion(q1, unit=False)
    q2 = check_quaternion(q2, unit=False)
    q12 = np.empty(4)
    q12[0] = q1[0] * q2[0] - np.dot(q1[1:], q2[1:])
    q12[1:] = q1[0] * q2[1:] + q2[0] * q1[1:] + np.cross(q1[1:], q2[1:])
    return q12

def q_prod_vector(q, v):
    q = check_quaternion(q)
    t = 2 * np.cross(q[1:], v)
    return v + q[0] * t + np.cross(q[1:], t)

def q_conj(q):
    q = check_quaternion(q, unit=False)
    return np.array([q[0], -q[1], -q[2], -q[3]])

def quaternion_dist(q1, q2):
    q1 = check_quaternion(q1)
    q2 = check_quaternion(q2)
    q12c = concatenate_quaternions(q1, q_conj(q2))
    angle = axis_angle_from_quaternion(q12c)[-1]
    return min(angle, 2.0 * np.pi - angle)

def quaternion_diff(q1, q2):
    q1 = check_quaternion(q1)
    q2 = check_quaternion(q2)
    q1q2c = concatenate_quaternions(q1, q_conj(q2))
    return axis_angle_from_quaternion(q1q2c)

def quaternion_from_euler(e, i, j, k, extrinsic):
    check_axis_index("i", i)
    check_axis_index("j", j)
    check_axis_index("k", k)

    q0 = quaternion_from_angle(i, e[0])
    q1 = quaternion_from_angle(j, e[1])
    q2 = quaternion_from_angle(k, e[2])
    if not extrinsic:
        q0, q2 = q2, q0
    return concatenate_quaternions(concatenate_quaternions(q2, q1), q0)

def matrix_from_quaternion(q):
    q = check_quaternion(q, unit=True)
    w, x, y, z = q
    x2 = 2.0 * x * x
    y2 = 2.0 * y * y
    z2 = 2.0 * z * z
    xy = 2.0 * x * y
    xz = 2.0 * x * z
    yz = 2.0 * y * z
    xw = 2.0 * x * w
    yw = 2.0 * y * w
    zw = 2.0 * z * w

    R = np.array(
        [
            [1.0 - y2 - z2, xy - zw, xz + yw],
            [xy + zw, 1.0 - x2 - z2, yz - xw],
            [xz - yw, yz + xw, 1.0 - x2 - y2],
        ]
    )
    return R

def axis_angle_from_quaternion(q):
    q = check_quaternion(q)
    p = q[1:]
    p_norm = np.linalg.norm(p)

    if p_norm < np.finfo(float).eps:
        return np.array([1.0, 0.0, 0.0, 0.0])

    axis = p / p_norm
    w_clamped = max(min(q[0], 1.0), -1.0)
    angle = (2.0 * np.arccos(w_clamped),)
    return norm_axis_angle(np.hstack((axis, angle)))

def compact_axis_angle_from_quaternion(q):
    a = axis_angle_from_quaternion(q)
    return compact_axis_angle(a)

def mrp_from_quaternion(q):
    q = check_quaternion(q)
    if q[0] < 0.0:
        q = -q
    return q[1:] / (1.0 + q[0])


# --- pytransform3d/rotations/_mrp.py ---------------------------------------------------------------------
def check_mrp(mrp):
    mrp = np.asarray(mrp)
    if mrp.ndim != 1 or mrp.shape[0] != 3:
        raise ValueError(
            "Expected modified Rodrigues parameters with shape (3,), got "
            "array-like object with shape %s" % (mrp.shape,)
        )
    return mrp

def norm_mrp(mrp):
    mrp = check_mrp(mrp)
    a = axis_angle_from_mrp(mrp)
    a[3] = norm_angle(a[3])
    return mrp_from_axis_angle(a)

def concatenate_mrp(mrp1, mrp2):
    mrp1 = check_mrp(mrp1)
    mrp2 = check_mrp(mrp2)
    norm1_sq = np.linalg.norm(mrp1) ** 2
    norm2_sq = np.linalg.norm(mrp2) ** 2
    cross_product = np.cross(mrp2, mrp1)
    scalar_product = np.dot(mrp2, mrp1)
    return (
        (1.0 - norm1_sq) * mrp2 + (1.0 - norm2_sq) * mrp1 - 2.0 * cross_product
    ) / (1.0 + norm2_sq * norm1_sq - 2.0 * scalar_product)

def axis_angle_from_mrp(mrp):
    mrp = check_mrp(mrp)

    mrp_norm = np.linalg.norm(mrp)
    angle = np.arctan(mrp_norm) * 4.0
    if abs(angle) < eps:
        return np.array([1.0, 0.0, 0.0, 0.0])

    axis = mrp / mrp_norm
    return np.hstack((axis, (angle,)))


# --- pytransform3d/rotations/_rot_log.py -----------------------------------------------------------------
def cross_product_matrix(v):
    return np.array(
        [[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]]
    )


# --- pytransform3d/rotations/_rotors.py ------------------------------------------------------------------
def wedge(a, b):
    return np.cross(a, b)

def rotor_from_two_directions(v_from, v_to):
    v_from = norm_vector(v_from)
    v_to = norm_vector(v_to)
    cos_angle_p1 = 1.0 + np.dot(v_from, v_to)
    if cos_angle_p1 < eps:
        # There is an infinite number of solutions for the plane of rotation.
        # This solution works with our convention, since the rotation axis is
        # the same as the plane bivector.
        plane = perpendicular_to_vector(v_from)
    else:
        plane = wedge(v_from, v_to)
    multivector = np.hstack(((cos_angle_p1,), plane))
    return norm_vector(multivector)

def rotor_from_plane_angle(B, angle):
    a = np.cos(angle / 2.0)
    sina = np.sin(angle / 2.0)
    B = norm_vector(B)
    return np.hstack(((a,), sina * B))


# --- pytransform3d/rotations/_slerp.py -------------------------------------------------------------------
def matrix_slerp(start, end, t):
    end2start = np.dot(np.transpose(start), end)
    return np.dot(start, matrix_power(end2start, t))

def matrix_power(R, t):
    a = compact_axis_angle_from_matrix(R)
    return matrix_from_compact_axis_angle(a * t)

def axis_angle_slerp(start, end, t):
    start = check_axis_angle(start)
    end = check_axis_angle(end)
    angle = angle_between_vectors(start[:3], end[:3])
    w1, w2 = slerp_weights(angle, t)
    w1 = np.array([w1, w1, w1, (1.0 - t)])
    w2 = np.array([w2, w2, w2, t])
    return w1 * start + w2 * end

def quaternion_slerp(start, end, t, shortest_path=False):
    start = check_quaternion(start)
    end = check_quaternion(end)
    if shortest_path:
        end = pick_closest_quaternion_impl(end, start)
    angle = angle_between_vectors(start, end)
    w1, w2 = slerp_weights(angle, t)
    return w1 * start + w2 * end

def slerp_weights(angle, t):
    if angle == 0.0:
        return np.ones_like(t), np.zeros_like(t)
    return (
        np.sin((1.0 - t) * angle) / np.sin(angle),
        np.sin(t * angle) / np.sin(angle),
    )


# --- pytransform3d/rotations/_euler.py -------------------------------------------------------------------
def norm_euler(e, i, j, k):
    check_axis_index("i", i)
    check_axis_index("j", j)
    check_axis_index("k", k)

    alpha, beta, gamma = norm_angle(e)

    proper_euler = i == k
    if proper_euler:
        if beta < 0.0:
            alpha += np.pi
            beta *= -1.0
            gamma -= np.pi
    elif abs(beta) > half_pi:
        alpha += np.pi
        beta = np.pi - beta
        gamma -= np.pi

    return norm_angle([alpha, beta, gamma])

def euler_near_gimbal_lock(e, i, j, k, tolerance=1e-6):
    e = norm_euler(e, i, j, k)
    beta = e[1]
    proper_euler = i == k
    if proper_euler:
        return abs(beta) < tolerance or abs(beta - np.pi) < tolerance
    else:
        return abs(abs(beta) - half_pi) < tolerance

def matrix_from_euler(e, i, j, k, extrinsic):
    check_axis_index("i", i)
    check_axis_index("j", j)
    check_axis_index("k", k)

    alpha, beta, gamma = e
    if not extrinsic:
        i, k = k, i
        alpha, gamma = gamma, alpha
    R = (
        active_matrix_from_angle(k, gamma)
        .dot(active_matrix_from_angle(j, beta))
        .dot(active_matrix_from_angle(i, alpha))
    )
    return R

def general_intrinsic_euler_from_active_matrix(
    R, n1, n2, n3, proper_euler, strict_check=True
):
    D = check_matrix(R, strict_check=strict_check)

    # Differences to the paper:
    # - we call the angles alpha, beta, and gamma
    # - we obtain angles from intrinsic rotations, thus some matrices are
    #   transposed like in SciPy's implementation

    # Step 2
    # - Equation 5
    n1_cross_n2 = np.cross(n1, n2)
    lmbda = np.arctan2(np.dot(n1_cross_n2, n3), np.dot(n1, n3))
    # - Equation 6
    C = np.vstack((n2, n1_cross_n2, n1))

    # Step 3
    # - Equation 8
    CDCT = np.dot(np.dot(C, D), C.T)
    O = np.dot(CDCT, active_matrix_from_angle(0, lmbda).T)

    # Step 4
    # Fix numerical issue if O_22 is slightly out of range of arccos
    O_22 = max(min(O[2, 2], 1.0), -1.0)
    # - Equation 10a
    beta = lmbda + np.arccos(O_22)

    safe1 = abs(beta - lmbda) >= np.finfo(float).eps
    safe2 = abs(beta - lmbda - np.pi) >= np.finfo(float).eps
    if safe1 and safe2:  # Default case, no gimbal lock
        # Step 5
        # - Equation 10b
        alpha = np.arctan2(O[0, 2], -O[1, 2])
        # - Equation 10c
        gamma = np.arctan2(O[2, 0], O[2, 1])

        # Step 7
        if proper_euler:
            valid_beta = 0.0 <= beta <= np.pi
        else:  # Cardan / Tait-Bryan angles
            valid_beta = -0.5 * np.pi <= beta <= 0.5 * np.pi
        # - Equation 12
        if not valid_beta:
            alpha += np.pi
            beta = 2.0 * lmbda - beta
            gamma -= np.pi
    else:
        # Step 6 - Handle gimbal locks
        # a)
        gamma = 0.0
        if not safe1:
            # b)
            alpha = np.arctan2(O[1, 0] - O[0, 1], O[0, 0] + O[1, 1])
        else:
            # c)
            alpha = np.arctan2(O[1, 0] + O[0, 1], O[0, 0] - O[1, 1])
    euler_angles = norm_angle([alpha, beta, gamma])
    return euler_angles

def euler_from_matrix(R, i, j, k, extrinsic, strict_check=True):
    check_axis_index("i", i)
    check_axis_index("j", j)
    check_axis_index("k", k)

    basis_vectors = [unitx, unity, unitz]
    proper_euler = i == k
    if extrinsic:
        i, k = k, i
    e = general_intrinsic_euler_from_active_matrix(
        R,
        basis_vectors[i],
        basis_vectors[j],
        basis_vectors[k],
        proper_euler,
        strict_check,
    )

    if extrinsic:
        e = e[::-1]

    return e

def euler_from_quaternion(q, i, j, k, extrinsic):
    q = check_quaternion(q)

    check_axis_index("i", i)
    check_axis_index("j", j)
    check_axis_index("k", k)

    i += 1
    j += 1
    k += 1

    # The original algorithm assumes extrinsic convention. Hence, we swap
    # the order of axes for intrinsic rotation.
    if not extrinsic:
        i, k = k, i

    # Proper Euler angles rotate about the same axis in the first and last
    # rotation. If this is not the case, they are called Cardan or Tait-Bryan
    # angles and have to be handled differently.
    proper_euler = i == k
    if proper_euler:
        k = 6 - i - j

    sign = (i - j) * (j - k) * (k - i) // 2
    a = q[0]
    b = q[i]
    c = q[j]
    d = q[k] * sign

    if not proper_euler:
        a, b, c, d = a - c, b + d, c + a, d - b

    # Equation 34 is used instead of Equation 35 as atan2 it is numerically
    # more accurate than acos.
    angle_j = 2.0 * math.atan2(math.hypot(c, d), math.hypot(a, b))

    # Check for singularities
    if abs(angle_j) <= eps:
        singularity = 1
    elif abs(angle_j - math.pi) <= eps:
        singularity = 2
    else:
        singularity = 0

    # Equation 25
    # (theta_1 + theta_3) / 2
    half_sum = math.atan2(b, a)
    # (theta_1 - theta_3) / 2
    half_diff = math.atan2(d, c)

    if singularity == 0:  # no singularity
        # Equation 32
        angle_i = half_sum + half_diff
        angle_k = half_sum - half_diff
    elif extrinsic:  # singularity
        angle_k = 0.0
        if singularity == 1:
            angle_i = 2.0 * half_sum
        else:
            assert singularity == 2
            angle_i = 2.0 * half_diff
    else:  # intrinsic, singularity
        angle_i = 0.0
        if singularity == 1:
            angle_k = 2.0 * half_sum
        else:
            assert singularity == 2
            angle_k = -2.0 * half_diff

    if not proper_euler:
        # Equation 43
        angle_j -= math.pi / 2.0
        # Equation 44
        angle_i *= sign

    angle_k = norm_angle(angle_k)
    angle_i = norm_angle(angle_i)

    if extrinsic:
        return np.array([angle_k, angle_j, angle_i])

    return np.array([angle_i, angle_j, angle_k])


# --- pytransform3d/rotations/_polar_decomp.py ------------------------------------------------------------
def robust_polar_decomposition(A, n_iter=20, eps=np.finfo(float).eps):
    current_R = np.eye(3)
    for _ in range(n_iter):
        column_vector_cross_products = np.cross(
            current_R, A, axisa=0, axisb=0, axisc=1
        )
        column_vector_dot_products_sum = np.sum(current_R * A)
        omega = column_vector_cross_products.sum(axis=0) / (
            abs(column_vector_dot_products_sum) + eps
        )
        if np.linalg.norm(omega) < eps:
            break
        current_R = np.dot(matrix_from_compact_axis_angle(omega), current_R)
    return current_R


# --- pytransform3d/rotations/_jacobians.py ---------------------------------------------------------------
def left_jacobian_SO3(omega):
    omega = np.asarray(omega)
    theta = np.linalg.norm(omega)
    if theta < np.finfo(float).eps:
        return left_jacobian_SO3_series(omega, 10)
    omega_unit = omega / theta
    omega_matrix = cross_product_matrix(omega_unit)
    return (
        np.eye(3)
        + (1.0 - math.cos(theta)) / theta * omega_matrix
        + (1.0 - math.sin(theta) / theta) * np.dot(omega_matrix, omega_matrix)
    )

def left_jacobian_SO3_series(omega, n_terms):
    omega = np.asarray(omega)
    J = np.eye(3)
    pxn = np.eye(3)
    px = cross_product_matrix(omega)
    for n in range(n_terms):
        pxn = np.dot(pxn, px) / (n + 2)
        J += pxn
    return J

def left_jacobian_SO3_inv(omega):
    omega = np.asarray(omega)
    theta = np.linalg.norm(omega)
    if theta < np.finfo(float).eps:
        return left_jacobian_SO3_inv_series(omega, 10)
    omega_unit = omega / theta
    omega_matrix = cross_product_matrix(omega_unit)
    return (
        np.eye(3)
        - 0.5 * omega_matrix * theta
        + (1.0 - 0.5 * theta / np.tan(theta / 2.0))
        * np.dot(omega_matrix, omega_matrix)
    )

def left_jacobian_SO3_inv_series(omega, n_terms):
    from scipy.special import bernoulli

    omega = np.asarray(omega)
    J_inv = np.eye(3)
    pxn = np.eye(3)
    px = cross_product_matrix(omega)
    b = bernoulli(n_terms + 1)
    for n in range(n_terms):
        pxn = np.dot(pxn, px / (n + 1))
        J_inv += b[n + 1] * pxn
    return J_inv


# --- pytransform3d/transformations/_transform.py ---------------------------------------------------------
def check_transform(A2B, strict_check=True):
    A2B = np.asarray(A2B, dtype=np.float64)
    if A2B.ndim != 2 or A2B.shape[0] != 4 or A2B.shape[1] != 4:
        raise ValueError(
            "Expected homogeneous transformation matrix with "
            "shape (4, 4), got array-like object with shape %s" % (A2B.shape,)
        )
    check_matrix(A2B[:3, :3], strict_check=strict_check)
    if not np.allclose(A2B[3], np.array([0.0, 0.0, 0.0, 1.0])):
        error_msg = (
            "Excpected homogeneous transformation matrix with "
            "[0, 0, 0, 1] at the bottom, got %r" % A2B
        )
        if strict_check:
            raise ValueError(error_msg)
        warnings.warn(error_msg, UserWarning, stacklevel=2)
    return A2B

def transform_from(R, p, strict_check=True):
    A2B = rotate_transform(np.eye(4), R, strict_check=strict_check, check=False)
    A2B = translate_transform(A2B, p, strict_check=strict_check, check=False)
    return A2B

def translate_transform(A2B, p, strict_check=True, check=True):
    if check:
        A2B = check_transform(A2B, strict_check=strict_check)
    out = A2B.copy()
    out[:3, -1] = p
    return out

def rotate_transform(A2B, R, strict_check=True, check=True):
    if check:
        A2B = check_transform(A2B, strict_check=strict_check)
    out = A2B.copy()
    out[:3, :3] = R
    return out

def pq_from_transform(A2B, strict_check=True):
    A2B = check_transform(A2B, strict_check=strict_check)
    return np.hstack((A2B[:3, 3], quaternion_from_matrix(A2B[:3, :3])))

def exponential_coordinates_from_transform(A2B, strict_check=True, check=True):
    if check:
        A2B = check_transform(A2B, strict_check=strict_check)

    R = A2B[:3, :3]
    p = A2B[:3, 3]

    if np.linalg.norm(np.eye(3) - R) < np.finfo(float).eps:
        return np.r_[0.0, 0.0, 0.0, p]

    omega_theta = compact_axis_angle_from_matrix(R, check=check)
    theta = np.linalg.norm(omega_theta)

    if theta == 0:
        return np.r_[0.0, 0.0, 0.0, p]

    v_theta = np.dot(left_jacobian_SO3_inv(omega_theta), p)

    return np.hstack((omega_theta, v_theta))

def dual_quaternion_from_transform(A2B):
    A2B = check_transform(A2B)
    real = quaternion_from_matrix(A2B[:3, :3])
    dual = 0.5 * concatenate_quaternions(np.r_[0, A2B[:3, 3]], real)
    return np.hstack((real, dual))

def adjoint_from_transform(A2B, strict_check=True, check=True):
    if check:
        A2B = check_transform(A2B, strict_check)

    R = A2B[:3, :3]
    p = A2B[:3, 3]

    adj_A2B = np.zeros((6, 6))
    adj_A2B[:3, :3] = R
    adj_A2B[3:, :3] = np.dot(cross_product_matrix(p), R)
    adj_A2B[3:, 3:] = R
    return adj_A2B


# --- pytransform3d/transformations/_pq.py ----------------------------------------------------------------
def check_pq(pq):
    pq = np.asarray(pq, dtype=np.float64)
    if pq.ndim != 1 or pq.shape[0] != 7:
        raise ValueError(
            "Expected position and orientation quaternion in a "
            "1D array, got array-like object with shape %s" % (pq.shape,)
        )
    return pq

def pq_slerp(start, end, t):
    start = check_pq(start)
    end = check_pq(end)
    start_p, start_q = np.array_split(start, (3,))
    end_p, end_q = np.array_split(end, (3,))
    q_t = rotations.quaternion_slerp(start_q, end_q, t, shortest_path=True)
    p_t = start_p + t * (end_p - start_p)
    return np.hstack((p_t, q_t))


# --- pytransform3d/transformations/_screws.py ------------------------------------------------------------
def check_screw_parameters(q, s_axis, h):
    s_axis = np.asarray(s_axis, dtype=np.float64)
    if s_axis.ndim != 1 or s_axis.shape[0] != 3:
        raise ValueError(
            "Expected 3D vector with shape (3,), got array-like "
            "object with shape %s" % (s_axis.shape,)
        )
    if np.linalg.norm(s_axis) == 0.0:
        raise ValueError("s_axis must not have norm 0")

    q = np.asarray(q, dtype=np.float64)
    if q.ndim != 1 or q.shape[0] != 3:
        raise ValueError(
            "Expected 3D vector with shape (3,), got array-like "
            "object with shape %s" % (q.shape,)
        )
    if np.isinf(h):  # pure translation
        q = np.zeros(3)

    return q, norm_vector(s_axis), h

def check_screw_axis(screw_axis):
    screw_axis = np.asarray(screw_axis, dtype=np.float64)
    if screw_axis.ndim != 1 or screw_axis.shape[0] != 6:
        raise ValueError(
            "Expected 3D vector with shape (6,), got array-like "
            "object with shape %s" % (screw_axis.shape,)
        )

    omega_norm = np.linalg.norm(screw_axis[:3])
    if (
        abs(omega_norm - 1.0) > 10.0 * np.finfo(float).eps
        and abs(omega_norm) > 10.0 * np.finfo(float).eps
    ):
        raise ValueError(
            "Norm of rotation axis must either be 0 or 1, but it is %g."
            % omega_norm
        )
    if abs(omega_norm) < np.finfo(float).eps:
        v_norm = np.linalg.norm(screw_axis[3:])
        if abs(v_norm - 1.0) > np.finfo(float).eps:
            raise ValueError(
                "If the norm of the rotation axis is 0, then the direction "
                "vector must have norm 1, but it is %g." % v_norm
            )

    return screw_axis

def check_exponential_coordinates(Stheta):
    Stheta = np.asarray(Stheta, dtype=np.float64)
    if Stheta.ndim != 1 or Stheta.shape[0] != 6:
        raise ValueError(
            "Expected array-like with shape (6,), got array-like "
            "object with shape %s" % (Stheta.shape,)
        )
    return Stheta

def norm_exponential_coordinates(Stheta):
    theta = np.linalg.norm(Stheta[:3])
    if theta == 0.0:
        return Stheta

    screw_axis = Stheta / theta
    q, s_axis, h = screw_parameters_from_screw_axis(screw_axis)
    if abs(theta - np.pi) < eps and h < 0:
        h *= -1.0
        s_axis *= -1.0
    theta_normed = norm_angle(theta)
    h_normalized = h * theta / theta_normed
    screw_axis = screw_axis_from_screw_parameters(q, s_axis, h_normalized)

    return screw_axis * theta_normed

def screw_parameters_from_screw_axis(screw_axis):
    screw_axis = check_screw_axis(screw_axis)

    omega = screw_axis[:3]
    v = screw_axis[3:]

    omega_norm = np.linalg.norm(omega)
    if abs(omega_norm) < np.finfo(float).eps:  # pure translation
        q = np.zeros(3)
        s_axis = v
        h = np.inf
    else:
        s_axis = omega
        h = omega.dot(v)
        moment = v - h * s_axis
        q = np.cross(s_axis, moment)
    return q, s_axis, h

def screw_axis_from_screw_parameters(q, s_axis, h):
    q, s_axis, h = check_screw_parameters(q, s_axis, h)

    if np.isinf(h):  # pure translation
        return np.r_[0.0, 0.0, 0.0, s_axis]
    return np.r_[s_axis, np.cross(q, s_axis) + h * s_axis]

def screw_axis_from_exponential_coordinates(Stheta):
    Stheta = check_exponential_coordinates(Stheta)

    omega_theta = Stheta[:3]
    v_theta = Stheta[3:]
    theta = np.linalg.norm(omega_theta)
    if theta < np.finfo(float).eps:
        theta = np.linalg.norm(v_theta)
    if theta < np.finfo(float).eps:
        return np.zeros(6), 0.0
    return Stheta / theta, theta

def transform_from_exponential_coordinates(Stheta, check=True):
    if check:
        Stheta = check_exponential_coordinates(Stheta)

    omega_theta = Stheta[:3]
    theta = np.linalg.norm(omega_theta)

    if theta == 0.0:  # only translation
        return translate_transform(np.eye(4), Stheta[3:], check=check)

    omega_theta = Stheta[:3]
    v_theta = Stheta[3:]

    A2B = np.eye(4)
    A2B[:3, :3] = matrix_from_compact_axis_angle(omega_theta)
    J = left_jacobian_SO3(omega_theta)
    A2B[:3, 3] = np.dot(J, v_theta)
    return A2B

def dual_quaternion_from_screw_parameters(q, s_axis, h, theta):
    q, s_axis, h = check_screw_parameters(q, s_axis, h)

    if np.isinf(h):  # pure translation
        d = theta
        theta = 0
    else:
        d = h * theta
    moment = np.cross(q, s_axis)

    half_distance = 0.5 * d
    sin_half_angle = np.sin(0.5 * theta)
    cos_half_angle = np.cos(0.5 * theta)

    real_w = cos_half_angle
    real_vec = sin_half_angle * s_axis
    dual_w = -half_distance * sin_half_angle
    dual_vec = sin_half_angle * moment + half_distance * cos_half_angle * s_axis

    return np.r_[real_w, real_vec, dual_w, dual_vec]


# --- pytransform3d/transformations/_dual_quaternion.py ---------------------------------------------------
def check_dual_quaternion(dq, unit=True):
    dq = np.asarray(dq, dtype=np.float64)
    if dq.ndim != 1 or dq.shape[0] != 8:
        raise ValueError(
            "Expected dual quaternion with shape (8,), got "
            "array-like object with shape %s" % (dq.shape,)
        )
    if unit:
        # Norm of a dual quaternion only depends on the real part because
        # the dual part vanishes with (1) epsilon ** 2 = 0 and (2) the real
        # and dual part being orthogonal, i.e., their product is 0.
        real_norm = np.linalg.norm(dq[:4])
        if real_norm == 0.0:
            return np.r_[1, 0, 0, 0, dq[4:]]
        return dq / real_norm
    return dq

def dq_conj(dq, unit=True):
    dq = check_dual_quaternion(dq, unit=unit)
    return np.r_[dq[0], -dq[1:5], dq[5:]]

def dq_q_conj(dq, unit=True):
    dq = check_dual_quaternion(dq, unit=unit)
    return np.r_[dq[0], -dq[1:4], dq[4], -dq[5:]]

def concatenate_dual_quaternions(dq1, dq2, unit=True):
    dq1 = check_dual_quaternion(dq1, unit=unit)
    dq2 = check_dual_quaternion(dq2, unit=unit)
    real = concatenate_quaternions(dq1[:4], dq2[:4])
    dual = concatenate_quaternions(dq1[:4], dq2[4:]) + concatenate_quaternions(
        dq1[4:], dq2[:4]
    )
    return np.hstack((real, dual))

def dq_prod_vector(dq, v):
    dq = check_dual_quaternion(dq)
    v_dq = np.r_[1, 0, 0, 0, 0, v]
    v_dq_transformed = concatenate_dual_quaternions(
        concatenate_dual_quaternions(dq, v_dq), dq_conj(dq)
    )
    return v_dq_transformed[5:]

def dual_quaternion_sclerp(start, end, t):
    start = check_dual_quaternion(start)
    end = check_dual_quaternion(end)
    diff = concatenate_dual_quaternions(dq_q_conj(start), end)
    return concatenate_dual_quaternions(start, dual_quaternion_power(diff, t))

def dual_quaternion_power(dq, t):
    dq = check_dual_quaternion(dq)
    q, s_axis, h, theta = screw_parameters_from_dual_quaternion(dq)
    return dual_quaternion_from_screw_parameters(q, s_axis, h, theta * t)

def transform_from_dual_quaternion(dq):
    dq = check_dual_quaternion(dq)
    real = dq[:4]
    dual = dq[4:]
    R = matrix_from_quaternion(real)
    p = 2 * concatenate_quaternions(dual, q_conj(real))[1:]
    return transform_from(R=R, p=p)

def screw_parameters_from_dual_quaternion(dq):
    dq = check_dual_quaternion(dq, unit=True)

    real = dq[:4]
    dual = dq[4:]

    a = axis_angle_from_quaternion(real)
    s_axis = a[:3]
    theta = a[3]

    translation = 2 * concatenate_quaternions(dual, q_conj(real))[1:]
    if abs(theta) < np.finfo(float).eps:
        # pure translation
        d = np.linalg.norm(translation)
        if d < np.finfo(float).eps:
            s_axis = np.array([1, 0, 0])
        else:
            s_axis = translation / d
        q = np.zeros(3)
        theta = d
        h = np.inf
        return q, s_axis, h, theta

    distance = np.dot(translation, s_axis)
    moment = 0.5 * (
        np.cross(translation, s_axis)
        + (translation - distance * s_axis) / np.tan(0.5 * theta)
    )
    dual = np.cross(s_axis, moment)
    h = distance / theta
    return dual, s_axis, h, theta


# --- pytransform3d/batch_rotations/_matrix.py ------------------------------------------------------------
def axis_angles_from_matrices(Rs, traces=None, out=None):
    Rs = np.asarray(Rs)

    instances_shape = Rs.shape[:-2]

    if traces is None:
        traces = np.einsum("nii", Rs.reshape(-1, 3, 3))
        if instances_shape:
            traces = traces.reshape(*instances_shape)
        else:
            # this works because indX will be a single boolean and
            # out[True, n] = value will assign value to out[n], while
            # out[False, n] = value will not assign value to out[n]
            traces = traces[0]

    angles = np.arccos(np.clip((traces - 1.0) / 2.0, -1.0, 1.0))

    if out is None:
        out = np.empty(instances_shape + (4,))

    out[..., 0] = Rs[..., 2, 1] - Rs[..., 1, 2]
    out[..., 1] = Rs[..., 0, 2] - Rs[..., 2, 0]
    out[..., 2] = Rs[..., 1, 0] - Rs[..., 0, 1]

    # The threshold is a result from this discussion:
    # https://github.com/dfki-ric/pytransform3d/issues/43
    # The standard formula becomes numerically unstable, however,
    # Rodrigues' formula reduces to R = I + 2 (ee^T - I), with the
    # rotation axis e, that is, ee^T = 0.5 * (R + I) and we can find the
    # squared values of the rotation axis on the diagonal of this matrix.
    # We can still use the original formula to reconstruct the signs of
    # the rotation axis correctly.
    angle_close_to_pi = np.abs(angles - np.pi) < 1e-4
    angle_zero = angles == 0.0
    angle_not_zero = np.logical_not(angle_zero)

    Rs_diag = np.einsum("nii->ni", Rs.reshape(-1, 3, 3))
    if instances_shape:
        Rs_diag = Rs_diag.reshape(*(instances_shape + (3,)))
    else:
        Rs_diag = Rs_diag[0]

    out[angle_close_to_pi, :3] = np.sqrt(
        0.5 * (Rs_diag[angle_close_to_pi] + 1.0)
    ) * np.sign(out[angle_close_to_pi, :3])
    out[angle_not_zero, :3] /= np.linalg.norm(out[angle_not_zero, :3], axis=-1)[
        ..., np.newaxis
    ]

    out[angle_zero, 0] = 1.0
    out[angle_zero, 1:3] = 0.0

    out[..., 3] = angles

    return out

def quaternions_from_matrices(Rs, out=None):
    Rs = np.asarray(Rs)
    instances_shape = Rs.shape[:-2]

    if out is None:
        out = np.empty(instances_shape + (4,))

    traces = np.einsum("nii", Rs.reshape(-1, 3, 3))
    if instances_shape:
        traces = traces.reshape(*instances_shape)
    else:
        # this works because indX will be a single boolean and
        # out[True, n] = value will assign value to out[n], while
        # out[False, n] = value will not assign value to out[n]
        traces = traces[0]
    ind1 = traces > 0.0
    s = 2.0 * np.sqrt(1.0 + traces[ind1])
    out[ind1, 0] = 0.25 * s
    out[ind1, 1] = (Rs[ind1, 2, 1] - Rs[ind1, 1, 2]) / s
    out[ind1, 2] = (Rs[ind1, 0, 2] - Rs[ind1, 2, 0]) / s
    out[ind1, 3] = (Rs[ind1, 1, 0] - Rs[ind1, 0, 1]) / s

    ind2 = np.logical_and(
        np.logical_not(ind1),
        np.logical_and(
            Rs[..., 0, 0] > Rs[..., 1, 1], Rs[..., 0, 0] > Rs[..., 2, 2]
        ),
    )
    s = 2.0 * np.sqrt(1.0 + Rs[ind2, 0, 0] - Rs[ind2, 1, 1] - Rs[ind2, 2, 2])
    out[ind2, 0] = (Rs[ind2, 2, 1] - Rs[ind2, 1, 2]) / s
    out[ind2, 1] = 0.25 * s
    out[ind2, 2] = (Rs[ind2, 1, 0] + Rs[ind2, 0, 1]) / s
    out[ind2, 3] = (Rs[ind2, 0, 2] + Rs[ind2, 2, 0]) / s

    ind3 = np.logical_and(np.logical_not(ind1), Rs[..., 1, 1] > Rs[..., 2, 2])
    s = 2.0 * np.sqrt(1.0 + Rs[ind3, 1, 1] - Rs[ind3, 0, 0] - Rs[ind3, 2, 2])
    out[ind3, 0] = (Rs[ind3, 0, 2] - Rs[ind3, 2, 0]) / s
    out[ind3, 1] = (Rs[ind3, 1, 0] + Rs[ind3, 0, 1]) / s
    out[ind3, 2] = 0.25 * s
    out[ind3, 3] = (Rs[ind3, 2, 1] + Rs[ind3, 1, 2]) / s

    ind4 = np.logical_and(
        np.logical_and(np.logical_not(ind1), np.logical_not(ind2)),
        np.logical_not(ind3),
    )
    s = 2.0 * np.sqrt(1.0 + Rs[ind4, 2, 2] - Rs[ind4, 0, 0] - Rs[ind4, 1, 1])
    out[ind4, 0] = (Rs[ind4, 1, 0] - Rs[ind4, 0, 1]) / s
    out[ind4, 1] = (Rs[ind4, 0, 2] + Rs[ind4, 2, 0]) / s
    out[ind4, 2] = (Rs[ind4, 2, 1] + Rs[ind4, 1, 2]) / s
    out[ind4, 3] = 0.25 * s

    return out


# --- pytransform3d/batch_rotations/_quaternion.py --------------------------------------------------------
def smooth_quaternion_trajectory(Q, start_component_positive="x"):
    Q = np.copy(Q)

    if len(Q) == 0:
        raise ValueError("At least one quaternion is expected.")

    if Q[0, "wxyz".index(start_component_positive)] < 0.0:
        Q[0] *= -1.0

    q1q2_dists = np.linalg.norm(Q[:-1] - Q[1:], axis=1)
    q1mq2_dists = np.linalg.norm(Q[:-1] + Q[1:], axis=1)
    before_jump_indices = np.where(q1q2_dists > q1mq2_dists)[0]

    # workaround for interpolation artifacts:
    before_smooth_jump_indices = np.isclose(q1q2_dists, q1mq2_dists)
    before_smooth_jump_indices = np.where(
        np.logical_and(
            before_smooth_jump_indices[:-1], before_smooth_jump_indices[1:]
        )
    )[0]
    before_jump_indices = np.unique(
        np.hstack((before_jump_indices, before_smooth_jump_indices))
    ).tolist()
    before_jump_indices.append(len(Q) - 1)

    slices_to_correct = np.array(
        list(zip(before_jump_indices[:-1], before_jump_indices[1:]))
    )[::2]
    for i, j in slices_to_correct:
        Q[i + 1 : j + 1] *= -1.0
    return Q

def batch_concatenate_quaternions(Q1, Q2, out=None):
    Q1 = np.asarray(Q1)
    Q2 = np.asarray(Q2)

    if Q1.ndim != Q2.ndim:
        raise ValueError(
            "Number of dimensions must be the same. "
            "Got %d for Q1 and %d for Q2." % (Q1.ndim, Q2.ndim)
        )
    for d in range(Q1.ndim - 1):
        if Q1.shape[d] != Q2.shape[d]:
            raise ValueError(
                "Size of dimension %d does not match: %d != %d"
                % (d + 1, Q1.shape[d], Q2.shape[d])
            )
    if Q1.shape[-1] != 4:
        raise ValueError(
            "Last dimension of first argument does not match. A quaternion "
            "must have 4 entries, got %d" % Q1.shape[-1]
        )
    if Q2.shape[-1] != 4:
        raise ValueError(
            "Last dimension of second argument does not match. A quaternion "
            "must have 4 entries, got %d" % Q2.shape[-1]
        )

    if out is None:
        out = np.empty_like(Q1)

    vector_inner_products = np.sum(Q1[..., 1:] * Q2[..., 1:], axis=-1)
    out[..., 0] = Q1[..., 0] * Q2[..., 0] - vector_inner_products
    out[..., 1:] = (
        Q1[..., 0, np.newaxis] * Q2[..., 1:]
        + Q2[..., 0, np.newaxis] * Q1[..., 1:]
        + np.cross(Q1[..., 1:], Q2[..., 1:])
    )
    return out

def quaternion_slerp_batch(start, end, t, shortest_path=False):
    t = np.asarray(t)
    if shortest_path:
        end = pick_closest_quaternion(end, start)
    angle = angle_between_vectors(start, end)
    w1, w2 = slerp_weights(angle, t)
    return (
        w1[:, np.newaxis] * start[np.newaxis]
        + w2[:, np.newaxis] * end[np.newaxis]
    )


# --- pytransform3d/batch_rotations/_angle.py -------------------------------------------------------------
def active_matrices_from_angles(basis, angles, out=None):
    angles = np.asarray(angles)
    c = np.cos(angles)
    s = np.sin(angles)

    R_shape = angles.shape + (3, 3)
    if out is None:
        out = np.empty(R_shape)

    out[..., basis, :] = 0.0
    out[..., :, basis] = 0.0
    out[..., basis, basis] = 1.0
    basisp1 = (basis + 1) % 3
    basisp2 = (basis + 2) % 3
    out[..., basisp1, basisp1] = c
    out[..., basisp2, basisp2] = c
    out[..., basisp1, basisp2] = -s
    out[..., basisp2, basisp1] = s

    return out


# --- pytransform3d/batch_rotations/_euler.py -------------------------------------------------------------
def active_matrices_from_intrinsic_euler_angles(
    basis1, basis2, basis3, e, out=None
):
    e = np.asarray(e)
    R_shape = e.shape + (3,)
    R_alpha = active_matrices_from_angles(basis1, e[..., 0].flat)
    R_beta = active_matrices_from_angles(basis2, e[..., 1].flat)
    R_gamma = active_matrices_from_angles(basis3, e[..., 2].flat)

    if out is None:
        out = np.empty(R_shape)

    out[:] = np.einsum(
        "nij,njk->nik", np.einsum("nij,njk->nik", R_alpha, R_beta), R_gamma
    ).reshape(R_shape)

    return out



# the package's ``rotations`` namespace (pytransform3d/transformations/_pq.py)
rotations = sys.modules[__name__]


# --- inputs ---------------------------------------------------------------------------------------------------------
def _q(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def _R(rng):
    return matrix_from_quaternion(_q(rng))


def _A2B(rng):
    return transform_from(_R(rng), rng.normal(size=3))


def _dq(rng):
    return dual_quaternion_from_transform(_A2B(rng))


def _v(rng, n=3):
    return rng.normal(size=n)


def _Q(rng, n=6):
    Q = rng.normal(size=(n, 4))
    return Q / np.linalg.norm(Q, axis=1, keepdims=True)


def _gimbal_locked_q(rng):
    """A ZYZ Euler rotation whose middle angle is 0 (euler_from_quaternion's gimbal-lock branch)."""
    return quaternion_from_euler(np.array([rng.uniform(-3, 3), 0.0, rng.uniform(-3, 3)]), 2, 1, 2, False)


def _opposite(rng):
    a = _v(rng)
    return a, -2.0 * a


# --- wrappers (keyword arguments as constants) ----------------------------------------------------------------------
def quaternion_slerp_shortest(start, end, t):
    return quaternion_slerp(start, end, t, shortest_path=True)


def euler_zyx_extrinsic_from_matrix(R):
    return euler_from_matrix(R, 2, 1, 0, True)


def euler_xyx_intrinsic_from_matrix(R):
    return euler_from_matrix(R, 0, 1, 0, False)


def euler_zyz_from_quaternion(q):
    return euler_from_quaternion(q, 2, 1, 2, False)


def euler_xyz_from_quaternion(q):
    return euler_from_quaternion(q, 0, 1, 2, True)


def matrix_from_euler_xyz(e):
    return matrix_from_euler(e, 0, 1, 2, False)


def quaternion_from_euler_zxz(e):
    return quaternion_from_euler(e, 2, 0, 2, True)


def norm_euler_zyz(e):
    return norm_euler(e, 2, 1, 2)


def euler_near_gimbal_lock_xyz(e):
    return euler_near_gimbal_lock(e, 0, 1, 2)


def active_matrix_from_angle_y(angle):
    return active_matrix_from_angle(1, angle)


def active_matrices_from_intrinsic_euler_zyx(e):
    return active_matrices_from_intrinsic_euler_angles(2, 1, 0, e)


def left_jacobian_SO3_series_10(omega):
    return left_jacobian_SO3_series(omega, 10)


def smooth_quaternion_trajectory_x(Q):
    return smooth_quaternion_trajectory(Q)


_ru = "rotations/_utils.py"
_ran = "rotations/_angle.py"
_raa = "rotations/_axis_angle.py"
_rm = "rotations/_matrix.py"
_rq = "rotations/_quaternion.py"
_rmrp = "rotations/_mrp.py"
_rl = "rotations/_rot_log.py"
_rr = "rotations/_rotors.py"
_rs = "rotations/_slerp.py"
_re = "rotations/_euler.py"
_rj = "rotations/_jacobians.py"
_tt = "transformations/_transform.py"
_tpq = "transformations/_pq.py"
_ts = "transformations/_screws.py"
_tdq = "transformations/_dual_quaternion.py"
_bu = "batch_rotations/_utils.py"
_bm = "batch_rotations/_matrix.py"
_bq = "batch_rotations/_quaternion.py"
_baa = "batch_rotations/_axis_angle.py"
_ban = "batch_rotations/_angle.py"
_be = "batch_rotations/_euler.py"

CASES = [
    # rotations/_utils.py
    case(perpendicular_to_vector, lambda rng: (_v(rng),), PT3(_ru, "perpendicular_to_vector")),
    case(angle_between_vectors, lambda rng: (_v(rng), _v(rng)), PT3(_ru, "angle_between_vectors")),
    case(plane_basis_from_normal, lambda rng: (_v(rng),), PT3(_ru, "plane_basis_from_normal")),
    # rotations/_angle.py
    case(norm_angle, lambda rng: (rng.uniform(-10, 10, size=7),), PT3(_ran, "norm_angle")),
    case(active_matrix_from_angle_y, lambda rng: (np.float64(rng.uniform(-3, 3)),), PT3(_ran, "active_matrix_from_angle", "basis=1")),
    # rotations/_axis_angle.py
    case(norm_axis_angle, lambda rng: (np.r_[_v(rng), rng.uniform(-7, 7)],), PT3(_raa, "norm_axis_angle")),
    case(norm_compact_axis_angle, lambda rng: (3.0 * _v(rng),), PT3(_raa, "norm_compact_axis_angle")),
    case(axis_angle_from_two_directions, lambda rng: (_v(rng), _v(rng)), PT3(_raa, "axis_angle_from_two_directions")),
    case(matrix_from_axis_angle, lambda rng: (np.r_[_v(rng), rng.uniform(-3, 3)],), PT3(_raa, "matrix_from_axis_angle")),
    # rotations/_matrix.py
    case(matrix_requires_renormalization, lambda rng: (_R(rng) + 1e-3 * rng.normal(size=(3, 3)),), PT3(_rm, "matrix_requires_renormalization")),
    case(norm_matrix, lambda rng: (_R(rng) + 1e-3 * rng.normal(size=(3, 3)),), PT3(_rm, "norm_matrix")),
    case(matrix_from_two_vectors, lambda rng: (_v(rng), _v(rng)), PT3(_rm, "matrix_from_two_vectors")),
    case(quaternion_from_matrix, lambda rng: (_R(rng),), PT3(_rm, "quaternion_from_matrix")),
    case(axis_angle_from_matrix, lambda rng: (_R(rng),), PT3(_rm, "axis_angle_from_matrix")),
    case(compact_axis_angle_from_matrix, lambda rng: (_R(rng),), PT3(_rm, "compact_axis_angle_from_matrix")),
    # rotations/_quaternion.py
    case(pick_closest_quaternion, lambda rng: (_q(rng), _q(rng)), PT3(_rq, "pick_closest_quaternion")),
    case(quaternion_integrate, lambda rng: (0.3 * rng.normal(size=(7, 3)),), PT3(_rq, "quaternion_integrate")),
    case(quaternion_gradient, lambda rng: (quaternion_integrate(0.3 * rng.normal(size=(7, 3))),), PT3(_rq, "quaternion_gradient")),
    case(q_prod_vector, lambda rng: (_q(rng), _v(rng)), PT3(_rq, "q_prod_vector")),
    case(quaternion_dist, lambda rng: (_q(rng), _q(rng)), PT3(_rq, "quaternion_dist")),
    case(quaternion_diff, lambda rng: (_q(rng), _q(rng)), PT3(_rq, "quaternion_diff")),
    case(quaternion_from_euler_zxz, lambda rng: (rng.uniform(-3, 3, size=3),), PT3(_rq, "quaternion_from_euler", "i, j, k, extrinsic = 2, 0, 2, True")),
    case(axis_angle_from_quaternion, lambda rng: (_q(rng),), PT3(_rq, "axis_angle_from_quaternion")),
    case(mrp_from_quaternion, lambda rng: (_q(rng),), PT3(_rq, "mrp_from_quaternion")),
    # rotations/_mrp.py
    case(norm_mrp, lambda rng: (2.0 * _v(rng),), PT3(_rmrp, "norm_mrp")),
    case(concatenate_mrp, lambda rng: (0.5 * _v(rng), 0.5 * _v(rng)), PT3(_rmrp, "concatenate_mrp")),
    # rotations/_rot_log.py, _rotors.py
    case(rotor_from_two_directions, lambda rng: (_v(rng), _v(rng)), PT3(_rr, "rotor_from_two_directions")),
    case(rotor_from_plane_angle, lambda rng: (_v(rng), np.float64(rng.uniform(-3, 3))), PT3(_rr, "rotor_from_plane_angle")),
    # rotations/_slerp.py
    case(matrix_slerp, lambda rng: (_R(rng), _R(rng), np.float64(rng.uniform())), PT3(_rs, "matrix_slerp")),
    case(axis_angle_slerp, lambda rng: (np.r_[norm_vector(_v(rng)), 1.0], np.r_[norm_vector(_v(rng)), 2.0], np.float64(rng.uniform())), PT3(_rs, "axis_angle_slerp")),
    case(quaternion_slerp_shortest, lambda rng: (_q(rng), _q(rng), np.float64(rng.uniform())), PT3(_rs, "quaternion_slerp", "shortest_path=True")),
    # rotations/_euler.py
    case(norm_euler_zyz, lambda rng: (rng.uniform(-7, 7, size=3),), PT3(_re, "norm_euler", "i, j, k = 2, 1, 2")),
    case(euler_near_gimbal_lock_xyz, lambda rng: (rng.uniform(-3, 3, size=3),), PT3(_re, "euler_near_gimbal_lock", "i, j, k = 0, 1, 2")),
    case(matrix_from_euler_xyz, lambda rng: (rng.uniform(-3, 3, size=3),), PT3(_re, "matrix_from_euler", "i, j, k, extrinsic = 0, 1, 2, False")),
    case(euler_zyx_extrinsic_from_matrix, lambda rng: (_R(rng),), PT3(_re, "euler_from_matrix", "i, j, k, extrinsic = 2, 1, 0, True")),
    case(euler_xyx_intrinsic_from_matrix, lambda rng: (_R(rng),), PT3(_re, "euler_from_matrix", "i, j, k, extrinsic = 0, 1, 0, False")),
    case(euler_zyz_from_quaternion, lambda rng: (_q(rng),), PT3(_re, "euler_from_quaternion", "i, j, k, extrinsic = 2, 1, 2, False")),
    case(euler_xyz_from_quaternion, lambda rng: (_q(rng),), PT3(_re, "euler_from_quaternion", "i, j, k, extrinsic = 0, 1, 2, True")),
    # rotations/_polar_decomp.py, _jacobians.py
    case(robust_polar_decomposition, lambda rng: (_R(rng) + 0.1 * rng.normal(size=(3, 3)),), PT3("rotations/_polar_decomp.py", "robust_polar_decomposition")),
    case(left_jacobian_SO3, lambda rng: (_v(rng),), PT3(_rj, "left_jacobian_SO3")),
    case(left_jacobian_SO3_inv, lambda rng: (_v(rng),), PT3(_rj, "left_jacobian_SO3_inv")),
    case(left_jacobian_SO3_series_10, lambda rng: (0.3 * _v(rng),), PT3(_rj, "left_jacobian_SO3_series", "n_terms=10")),
    # transformations
    case(pq_from_transform, lambda rng: (_A2B(rng),), PT3(_tt, "pq_from_transform")),
    case(exponential_coordinates_from_transform, lambda rng: (_A2B(rng),), PT3(_tt, "exponential_coordinates_from_transform")),
    case(dual_quaternion_from_transform, lambda rng: (_A2B(rng),), PT3(_tt, "dual_quaternion_from_transform")),
    case(adjoint_from_transform, lambda rng: (_A2B(rng),), PT3(_tt, "adjoint_from_transform")),
    case(pq_slerp, lambda rng: (np.r_[_v(rng), _q(rng)], np.r_[_v(rng), _q(rng)], np.float64(rng.uniform())), PT3(_tpq, "pq_slerp")),
    case(norm_exponential_coordinates, lambda rng: (np.r_[3.0 * _v(rng), _v(rng)],), PT3(_ts, "norm_exponential_coordinates")),
    case(screw_axis_from_exponential_coordinates, lambda rng: (_v(rng, 6),), PT3(_ts, "screw_axis_from_exponential_coordinates")),
    case(transform_from_exponential_coordinates, lambda rng: (_v(rng, 6),), PT3(_ts, "transform_from_exponential_coordinates")),
    case(concatenate_dual_quaternions, lambda rng: (_dq(rng), _dq(rng)), PT3(_tdq, "concatenate_dual_quaternions")),
    case(dq_prod_vector, lambda rng: (_dq(rng), _v(rng)), PT3(_tdq, "dq_prod_vector")),
    case(dual_quaternion_sclerp, lambda rng: (_dq(rng), _dq(rng), np.float64(rng.uniform())), PT3(_tdq, "dual_quaternion_sclerp")),
    case(transform_from_dual_quaternion, lambda rng: (_dq(rng),), PT3(_tdq, "transform_from_dual_quaternion")),
    case(screw_parameters_from_dual_quaternion, lambda rng: (_dq(rng),), PT3(_tdq, "screw_parameters_from_dual_quaternion")),
    # batch_rotations
    case(axis_angles_from_matrices, lambda rng: (np.stack([_R(rng) for _ in range(5)]),), PT3(_bm, "axis_angles_from_matrices")),
    case(quaternions_from_matrices, lambda rng: (np.stack([_R(rng) for _ in range(5)]),), PT3(_bm, "quaternions_from_matrices")),
    case(smooth_quaternion_trajectory_x, lambda rng: (_Q(rng, 8),), PT3(_bq, "smooth_quaternion_trajectory")),
    case(batch_concatenate_quaternions, lambda rng: (_Q(rng), _Q(rng)), PT3(_bq, "batch_concatenate_quaternions")),
    case(quaternion_slerp_batch, lambda rng: (_q(rng), _q(rng), np.linspace(0.0, 1.0, 5)), PT3(_bq, "quaternion_slerp_batch")),
    case(active_matrices_from_intrinsic_euler_zyx, lambda rng: (rng.uniform(-3, 3, size=(4, 3)),), PT3(_be, "active_matrices_from_intrinsic_euler_angles", "basis1, basis2, basis3 = 2, 1, 0")),
    # inputs on the functions' special branches
    case(perpendicular_to_vector, lambda rng: (np.r_[_v(rng, 2), 0.0],), PT3(_ru, "perpendicular_to_vector", "a[2] == 0 (the early return)"), name="pytransform3d.perpendicular_to_vector_xy"),
    case(norm_vector, lambda rng: (np.zeros(3),), PT3(_ru, "norm_vector", "the zero vector (returned as is)"), name="pytransform3d.norm_vector_zero"),
    case(vector_projection, lambda rng: (_v(rng), np.zeros(3)), PT3(_ru, "vector_projection", "onto the zero vector"), name="pytransform3d.vector_projection_zero"),
    case(axis_angle_from_two_directions, lambda rng: _opposite(rng), PT3(_raa, "axis_angle_from_two_directions", "opposite directions (the 180 degree branch)"), name="pytransform3d.axis_angle_from_opposite_directions"),
    case(rotor_from_two_directions, lambda rng: _opposite(rng), PT3(_rr, "rotor_from_two_directions", "opposite directions"), name="pytransform3d.rotor_from_opposite_directions"),
    case(euler_zyz_from_quaternion, lambda rng: (_gimbal_locked_q(rng),), PT3(_re, "euler_from_quaternion", "i, j, k, extrinsic = 2, 1, 2, False; a gimbal-locked rotation"), name="pytransform3d.euler_zyz_from_gimbal_locked_quaternion"),
    case(norm_axis_angle, lambda rng: (np.r_[_v(rng), 0.0],), PT3(_raa, "norm_axis_angle", "angle 0 (the identity branch)"), name="pytransform3d.norm_axis_angle_zero_angle"),
    case(quaternion_slerp_shortest, lambda rng: (lambda q: (q, -q, np.float64(rng.uniform())))(_q(rng)), PT3(_rs, "quaternion_slerp", "shortest_path=True; end = -start (pick_closest_quaternion flips it)"), name="pytransform3d.quaternion_slerp_antipodal"),
]
