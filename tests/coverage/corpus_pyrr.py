"""Pyrr's 3-D maths in NumPy (adamlwgriffiths/Pyrr, BSD-2-Clause): quaternions (from an axis and angle, with
``if not np.isclose(np.linalg.norm(axis), 1.)`` normalising; from a rotation matrix through four ``if``/``elif``
branches on its trace and diagonal; from Euler angles; Hamilton products unpacked ``q1x, q1y, q1z, q1w = quat1``;
``slerp`` negating on ``if dot < 0.0`` and falling back to ``lerp`` when close; the rotation axis with an early return
for the identity; ``exp``; ``power`` with its ``assert False`` for the identity; rotating 3- and 4-vectors by
``vec.size``), 3x3 and 4x4 matrices (from quaternions, axes, Euler angles and directional scales; the 4x4 ones written
into an identity's ``mat[0:3, 0:3]`` and ``mat[3, 0:3]``; ``apply_to_vector``'s homogeneous divide, which writes
``[np.inf] * 4`` into a row ``if np.abs(vec4[i, 3]) < 1e-8`` and divides in place otherwise; perspective and
orthogonal projections, ``look_at``, ``decompose`` with ``scale[0] *= -1`` when the determinant is negative), vertex
normals accumulated with ``np.add.at``, planes from points raising on co-incident ones, rays inverted in place
(``r2[1] *= -1``), AABB and sphere construction, and the geometric tests, most of which return ``None`` (or a list
whose length depends on the data) on the branch that misses: point on line, segment and rectangle, ray and plane,
closest points with ``if dot < 0.0 ... elif dot > 1.0`` early returns, parallel and coincident rays, ray and AABB
(boolean-mask writes, ``min`` over a filtered generator), sphere intersection with ``math.pow`` on array elements,
penetration depth, and ray and sphere through the quadratic formula's three-way branch.

Copied from adamlwgriffiths/Pyrr at 6acd3ee1e4d59fe34196a7a7f139f3b3dc2d36ee (version 0.10.3; its LICENSE is the
BSD 2-Clause ("FreeBSD") licence: "Copyright (c) 2015, Adam Griffiths"), the files named in each section below (under
``pyrr/``). Bodies are as written, comments kept (and the string literals some bodies use as comments), docstrings
dropped; the decorators ``all_parameters_as_numpy_arrays`` and ``parameters_as_numpy_arrays`` (``pyrr/utils.py``)
are copied and applied as in the source.

Adapted, beyond that:

* Pyrr's modules share function names (``create_from_eulers`` is in quaternion.py, matrix33.py and matrix44.py), so
  each module's functions are prefixed with the module's name, in their ``def`` and where the same module calls them
  without a module (marked ``# renamed``): ``quaternion.slerp`` is ``quaternion_slerp``, and its call
  ``lerp(quat1, quat2, t)`` reads ``quaternion_lerp(quat1, quat2, t)``. geometric_tests.py's names are unique and
  kept. Calls through a module (``vector.normalize(axis)``, ``matrix33.create_from_eulers(eulers, dtype)``,
  ``plane.normal(pl)``) are as written: ``vector``, ``vector3``, ``vector4``, ``euler``, ``quaternion``,
  ``matrix33``, ``plane`` and ``rectangle`` are namespaces at the end of the copied code holding the prefixed
  functions. vector3.py's and vector4.py's ``from .vector import *`` are bindings of vector.py's functions;
* ``solve_quadratic_equation`` calls ``np.math.sqrt``; ``np.math`` was NumPy's alias of the standard ``math``
  module, deprecated in NumPy 1.25 and removed in 2.0, so it reads ``math.sqrt``;
* wrappers name the inputs that the library takes in other forms (``front_only=True``, a 2-D batch).

Not taken: the object-oriented API (``pyrr/objects``: ``Quaternion``, ``Matrix44`` ... subclass ``np.ndarray``), the
trivial constructors (``create``, ``create_identity`` except where used), ``geometry.py``'s mesh builders.

The inputs follow Pyrr's tests (tests/test_quaternion.py ... tests/test_geometric_tests.py): random unit
quaternions and unnormalised axes, rotation angles in (-pi, pi), Euler angles, rotation matrices built with the copied
``matrix33_create_from_*_rotation`` (angles near pi for the three non-trace branches of
``quaternion_create_from_matrix``), integer-valued points and lines so that the tests' exact zero checks (``if
np.count_nonzero(cross) > 0``) hold or fail as intended, and a hit and a miss for each test that branches on one.
The ``_mixed`` cases and the ``is_zero_length`` pair take one branch for the harness' first generator and another for
its second, so the trace made on the first call serves the other branch on the second.
"""

# ruff: noqa: E501, E231, E201, E202, E203, E225, E226, E241, E261, E271, E703, E712, W291, W293, B007, B011, UP008, UP031, F811
from __future__ import annotations

import inspect
import math
import types
from functools import wraps

import numpy as np

from tests.coverage.cases import PYRR, Source, case


def PY(path: str, original: str, note: str = "") -> Source:
    return Source(PYRR, "pyrr/" + path, original, note)


# --- pyrr/utils.py ----------------------------------------------------------------------------------------------------
def all_parameters_as_numpy_arrays(fn):
    # wraps allows us to pass the docstring back
    # or the decorator will hide the function from our doc generator
    @wraps(fn)
    def wrapper(*args, **kwargs):
        args = list(args)
        for i, v in enumerate(args):
            if v is not None:
                args[i] = np.asarray(v)
        for k,v in kwargs.items():
            if v is not None:
                kwargs[k] = np.asarray(v)
        return fn(*args, **kwargs)
    return wrapper


def parameters_as_numpy_arrays(*args_to_convert):
    def decorator(fn):
        # wraps allows us to pass the docstring back
        # or the decorator will hide the function from our doc generator

        try:
            getfullargspec = inspect.getfullargspec
        except AttributeError:
            getfullargspec = inspect.getargspec

        @wraps(fn)
        def wrapper(*args, **kwargs):
            # get the arguments of the function we're decorating
            fn_args = getfullargspec(fn)

            # convert any values that are specified
            # if the argument isn't in our list, just pass it through

            # convert the *args list
            # we zip the args with the argument names we received from
            # the inspect function
            args = list(args)
            for i, (k, v) in enumerate(zip(fn_args.args, args)):
                if k in args_to_convert and v is not None:
                    args[i] = np.array(v)

            # convert the **kwargs dict
            for k,v in kwargs.items():
                if k in args_to_convert and v is not None:
                    kwargs[k] = np.array(v)

            # pass the converted values to our function
            return fn(*args, **kwargs)
        return wrapper
    return decorator


def solve_quadratic_equation(a, b, c):
    delta = b * b - 4 * a * c
    if delta > 0:
        # Two solutions
        # See https://www.scratchapixel.com/lessons/3d-basic-rendering/minimal-ray-tracer-rendering-simple-shapes/ray-sphere-intersection
        # Why not use simple form:
        # s1 = (-b + math.sqrt(delta)) / (2 * a)
        # s2 = (-b - math.sqrt(delta)) / (2 * a)
        q = -0.5 * (b + math.sqrt(delta)) if b > 0 else -0.5 * (b - math.sqrt(delta))  # np.math: see the docstring
        s1 = q / a
        s2 = c / q
        return [s1, s2]
    elif delta == 0:
        # One solution
        return [-b / (2 * a)]
    else:
        # No solution exists
        return list()


# --- pyrr/vector.py ---------------------------------------------------------------------------------------------------
@all_parameters_as_numpy_arrays
def vector_normalize(vec):  # renamed
    # calculate the length
    # this is a duplicate of length(vec) because we
    # always want an array, even a 0-d array.
    return (vec.T  / np.sqrt(np.sum(vec**2,axis=-1))).T


@all_parameters_as_numpy_arrays
def vector_squared_length(vec):  # renamed
    lengths = np.sum(vec ** 2., axis=-1)

    return lengths


@all_parameters_as_numpy_arrays
def vector_length(vec):  # renamed
    return np.sqrt(np.sum(vec**2,axis=-1))


@parameters_as_numpy_arrays('vec')
def vector_set_length(vec, len):  # renamed
    # calculate the length
    # this is a duplicate of length(vec) because we
    # always want an array, even a 0-d array.

    return (vec.T  / np.sqrt(np.sum(vec**2,axis=-1)) * len).T


@all_parameters_as_numpy_arrays
def vector_dot(v1, v2):  # renamed
    return np.sum(v1 * v2, axis=-1)


@parameters_as_numpy_arrays('v1', 'v2')
def vector_interpolate(v1, v2, delta):  # renamed
    # scale the difference based on the time
    # we must do it this 'unreadable' way to avoid
    # loss of precision.
    # the 'readable' method (f_now = f_0 + (f1 - f0) * delta)
    # causes floating point errors due to the small values used
    # in md2 files and the values become corrupted.
    # this horrible code curtousey of this comment:
    # http://stackoverflow.com/questions/5448322/temporal-interpolation-in-numpy-matplotlib
    return v1 + ((v2 - v1) * delta)
    #return v1 * (1.0 - delta ) + v2 * delta
    t = delta
    t0 = 0.0
    t1 = 1.0
    delta_t = t1 - t0
    return (t1 - t) / delta_t * v1 + (t - t0) / delta_t * v2


# --- pyrr/vector3.py --------------------------------------------------------------------------------------------------
# import common vector operations
# (stand-in for ``from .vector import *``: the names bound with this module's prefix)
vector3_normalize = vector_normalize
vector3_squared_length = vector_squared_length
vector3_length = vector_length
vector3_dot = vector_dot


@parameters_as_numpy_arrays('vector')
def vector3_create_from_vector4(vector, dtype=None):  # renamed
    dtype = dtype or vector.dtype
    return (np.array([vector[0], vector[1], vector[2]], dtype=dtype), vector[3])


def vector3_cross(v1, v2):  # renamed
    return np.cross(v1, v2)


def vector3_generate_normals(v1, v2, v3, normalize_result=True):  # renamed
    # make vectors relative to v2
    # we assume opengl counter-clockwise ordering
    a = v1 - v2
    b = v3 - v2
    n = vector3_cross(b, a)  # renamed
    if normalize_result:
        n = vector3_normalize(n)  # renamed
    return n


def vector3_generate_vertex_normals(vertices, index, normalize_result=True):  # renamed
    v1, v2, v3 = np.rollaxis(vertices[index], axis=-2)
    face_normals = vector3_generate_normals(v1, v2, v3, normalize_result=False)  # renamed
    vertex_normals = np.zeros_like(vertices)
    for i in range(3):
        np.add.at(vertex_normals, index[..., i], face_normals)
    if normalize_result:
        vertex_normals = vector3_normalize(vertex_normals)  # renamed
    return vertex_normals


# --- pyrr/euler.py ----------------------------------------------------------------------------------------------------
def euler_roll(eulers):  # renamed
    return eulers[0]


def euler_yaw(eulers):  # renamed
    return eulers[2]


def euler_pitch(eulers):  # renamed
    return eulers[1]


# --- pyrr/quaternion.py -----------------------------------------------------------------------------------------------
@parameters_as_numpy_arrays('axis')
def quaternion_create_from_axis_rotation(axis, theta, dtype=None):  # renamed
    dtype = dtype or axis.dtype
    # make sure the vector is normalized
    if not np.isclose(np.linalg.norm(axis), 1.):
        axis = vector.normalize(axis)

    thetaOver2 = theta * 0.5
    sinThetaOver2 = np.sin(thetaOver2)

    return np.array(
        [
            sinThetaOver2 * axis[0],
            sinThetaOver2 * axis[1],
            sinThetaOver2 * axis[2],
            np.cos(thetaOver2)
        ],
        dtype=dtype
    )


@parameters_as_numpy_arrays('axis')
def quaternion_create_from_axis(axis, dtype=None):  # renamed
    dtype = dtype or axis.dtype
    theta = np.linalg.norm(axis)
    return quaternion_create_from_axis_rotation(axis, theta, dtype)  # renamed


@parameters_as_numpy_arrays('mat')
def quaternion_create_from_matrix(mat, dtype=None):  # renamed
    # http://www.euclideanspace.com/maths/geometry/rotations/conversions/matrixToQuaternion/index.htm
    # optimised "alternative version" does not produce correct results
    # see issue #42
    dtype = dtype or mat.dtype

    trace = mat[0][0] + mat[1][1] + mat[2][2]
    if trace > 0:
        s = 0.5 / np.sqrt(trace + 1.0)
        qx = (mat[2][1] - mat[1][2]) * s
        qy = (mat[0][2] - mat[2][0]) * s
        qz = (mat[1][0] - mat[0][1]) * s
        qw = 0.25 / s
    elif mat[0][0] > mat[1][1] and mat[0][0] > mat[2][2]:
        s = 2.0 * np.sqrt(1.0 + mat[0][0] - mat[1][1] - mat[2][2])
        qx = 0.25 * s
        qy = (mat[0][1] + mat[1][0]) / s
        qz = (mat[0][2] + mat[2][0]) / s
        qw = (mat[2][1] - mat[1][2]) / s
    elif mat[1][1] > mat[2][2]:
        s = 2.0 * np.sqrt(1.0 + mat[1][1] - mat[0][0] - mat[2][2])
        qx = (mat[0][1] + mat[1][0]) / s
        qy = 0.25 * s
        qz = (mat[1][2] + mat[2][1]) / s
        qw = (mat[0][2] - mat[2][0]) / s
    else:
        s = 2.0 * np.sqrt(1.0 + mat[2][2] - mat[0][0] - mat[1][1])
        qx = (mat[0][2] + mat[2][0]) / s
        qy = (mat[1][2] + mat[2][1]) / s
        qz = 0.25 * s
        qw = (mat[1][0] - mat[0][1]) / s

    quat = np.array([qx, qy, qz, qw], dtype=dtype)
    return quat


@parameters_as_numpy_arrays('eulers')
def quaternion_create_from_eulers(eulers, dtype=None):  # renamed
    dtype = dtype or eulers.dtype

    roll, pitch, yaw = euler.roll(eulers), euler.pitch(eulers), euler.yaw(eulers)

    halfRoll = roll * 0.5
    sR = np.sin(halfRoll)
    cR = np.cos(halfRoll)

    halfPitch = pitch * 0.5
    sP = np.sin(halfPitch)
    cP = np.cos(halfPitch)

    halfYaw = yaw * 0.5
    sY = np.sin(halfYaw)
    cY = np.cos(halfYaw)

    return np.array(
        [
            (sR * cP * cY) + (cR * sP * sY),
            (cR * sP * cY) - (sR * cP * sY),
            (cR * cP * sY) + (sR * sP * cY),
            (cR * cP * cY) - (sR * sP * sY),
        ],
        dtype=dtype
    )


@parameters_as_numpy_arrays('eulers')
def quaternion_create_from_inverse_of_eulers(eulers, dtype=None):  # renamed
    dtype = dtype or eulers.dtype

    roll, pitch, yaw = euler.roll(eulers), euler.pitch(eulers), euler.yaw(eulers)

    halfRoll = roll * 0.5
    sinRoll = np.sin(halfRoll)
    cosRoll = np.cos(halfRoll)

    halfPitch = pitch * 0.5
    sinPitch = np.sin(halfPitch)
    cosPitch = np.cos(halfPitch)

    halfYaw = yaw * 0.5
    sinYaw = np.sin(halfYaw)
    cosYaw = np.cos(halfYaw)

    return np.array(
        [
            # x = cy * sp * cr + sy * cp * sr
            (cosYaw * sinPitch * cosRoll) + (sinYaw * cosPitch * sinRoll),
            # y = -cy * sp * sr + sy * cp * cr
            (-cosYaw * sinPitch * sinRoll) + (sinYaw * cosPitch * cosRoll),
            # z = -sy * sp * cr + cy * cp * sr
            (-sinYaw * sinPitch * cosRoll) + (cosYaw * cosPitch * sinRoll),
            # w = cy * cp * cr + sy * sp * sr
            (cosYaw * cosPitch * cosRoll) + (sinYaw * sinPitch * sinRoll)
        ],
        dtype=dtype
    )


@all_parameters_as_numpy_arrays
def quaternion_cross(quat1, quat2):  # renamed
    q1x, q1y, q1z, q1w = quat1
    q2x, q2y, q2z, q2w = quat2

    return np.array(
        [
             q1x * q2w + q1y * q2z - q1z * q2y + q1w * q2x,
            -q1x * q2z + q1y * q2w + q1z * q2x + q1w * q2y,
             q1x * q2y - q1y * q2x + q1z * q2w + q1w * q2z,
            -q1x * q2x - q1y * q2y - q1z * q2z + q1w * q2w,
        ],
        dtype=quat1.dtype
    )


def quaternion_lerp(quat1, quat2, t):  # renamed

    quat1 = np.asarray(quat1)
    quat2 = np.asarray(quat2)

    t = np.clip(t, 0, 1)
    return quaternion_normalize(quat1 * (1 - t) + quat2 * t)  # renamed


def quaternion_slerp(quat1, quat2, t):  # renamed

    quat1 = np.asarray(quat1)
    quat2 = np.asarray(quat2)

    t = np.clip(t, 0, 1)
    dot = vector4.dot(quat1, quat2)

    if dot < 0.0:
        dot = -dot
        quat3 = -quat2

    else:
        quat3 = quat2

    if dot < 0.95:
        angle = np.arccos(dot)
        res = (quat1 * np.sin(angle * (1 - t)) + quat3 * np.sin(angle * t)) / np.sin(angle)

    else:
        res = quaternion_lerp(quat1, quat2, t)  # renamed

    return res


def quaternion_is_zero_length(quat):  # renamed
    return quat[0] == quat[1] == quat[2] == quat[3] == 0.0


def quaternion_is_non_zero_length(quat):  # renamed
    return not quaternion_is_zero_length(quat)  # renamed


def quaternion_squared_length(quat):  # renamed
    return vector4.squared_length(quat)


def quaternion_length(quat):  # renamed
    return vector4.length(quat)


def quaternion_normalize(quat):  # renamed
    return vector4.normalize(quat)


@all_parameters_as_numpy_arrays
def quaternion_rotation_axis(quat):  # renamed
    # extract W component
    sinThetaOver2Sq = 1.0 - (quat[3] ** 2)

    # check for zero before we sqrt
    if sinThetaOver2Sq <= 0.0:
        # identity quaternion or numerical imprecision.
        # return a valid vector
        # we'll treat -Z as the default
        return np.array([0.0, 0.0, -1.0], dtype=quat.dtype)

    oneOverSinThetaOver2 = 1.0 / np.sqrt(sinThetaOver2Sq)

    # we use the x,y,z values
    return np.array(
        [
            quat[0] * oneOverSinThetaOver2,
            quat[1] * oneOverSinThetaOver2,
            quat[2] * oneOverSinThetaOver2
        ],
        dtype=quat.dtype
    )


def quaternion_dot(quat1, quat2):  # renamed
    return vector4.dot(quat1, quat2)


@all_parameters_as_numpy_arrays
def quaternion_conjugate(quat):  # renamed

    # invert x,y,z and leave w as is
    return np.array(
        [
            -quat[0],
            -quat[1],
            -quat[2],
            quat[3]
        ],
        dtype=quat.dtype
    )


@parameters_as_numpy_arrays('quat')
def quaternion_exp(quat):  # renamed
    e = np.exp(quat[3])
    vector_norm = np.linalg.norm(quat[:3])

    if np.isclose(vector_norm, 0):
        return np.array(
            [0, 0, 0, e],
            dtype = quat.dtype
        )

    s = np.sin(vector_norm) / vector_norm
    return e * np.array(
        [
            quat[0] * s,
            quat[1] * s,
            quat[2] * s,
            np.cos(vector_norm),
        ],
        dtype = quat.dtype
    )


@parameters_as_numpy_arrays('quat')
def quaternion_power(quat, exponent):  # renamed
    # check for identify quaternion
    if np.fabs(quat[3]) > 0.9999:
        # assert for the time being
        assert False
        print("rotation axis was identity")

        return quat

    alpha = np.arccos(quat[3])
    newAlpha = alpha * exponent
    multi = np.sin(newAlpha) / np.sin(alpha)

    return np.array(
        [
            quat[0] * multi,
            quat[1] * multi,
            quat[2] * multi,
            np.cos(newAlpha)
        ],
        dtype=quat.dtype
    )


def quaternion_inverse(quat):  # renamed
    return quaternion_conjugate(quat) / quaternion_length(quat)  # renamed


@all_parameters_as_numpy_arrays
def quaternion_apply_to_vector(quat, vec):  # renamed
    def apply(quat, vec4):
        result = quaternion_cross(quat, quaternion_cross(vec4, quaternion_conjugate(quat)))  # renamed
        return result

    if vec.size == 3:
        # convert to vector4
        # ignore w component by setting it to 0.
        vec = np.array([vec[0], vec[1], vec[2], 0.0], dtype=vec.dtype)
        vec = apply(quat, vec)
        vec = vec[:3]
        return vec
    elif vec.size == 4:
        vec = apply(quat, vec)
        return vec
    else:
        raise ValueError("Vector size unsupported")


# --- pyrr/matrix33.py -------------------------------------------------------------------------------------------------
@parameters_as_numpy_arrays('eulers')
def matrix33_create_from_eulers(eulers, dtype=None):  # renamed
    dtype = dtype or eulers.dtype

    pitch, roll, yaw = euler.pitch(eulers), euler.roll(eulers), euler.yaw(eulers)

    sP = np.sin(pitch)
    cP = np.cos(pitch)
    sR = np.sin(roll)
    cR = np.cos(roll)
    sY = np.sin(yaw)
    cY = np.cos(yaw)

    return np.array(
        [
            # m1
            [
                cY * cP,
                -cY * sP * cR + sY * sR,
                cY * sP * sR + sY * cR,
            ],
            # m2
            [
                sP,
                cP * cR,
                -cP * sR,
            ],
            # m3
            [
                -sY * cP,
                sY * sP * cR + cY * sR,
                -sY * sP * sR + cY * cR,
            ]
        ],
        dtype=dtype
    )


@parameters_as_numpy_arrays('axis')
def matrix33_create_from_axis_rotation(axis, theta, dtype=None):  # renamed
    dtype = dtype or axis.dtype

    axis = vector.normalize(axis)
    x,y,z = axis

    s = np.sin(theta);
    c = np.cos(theta);
    t = 1 - c;

    # Construct the elements of the rotation matrix
    return np.array(
        [
            [ x * x * t + c,     y * x * t + z * s, z * x * t - y * s],
            [ x * y * t - z * s, y * y * t + c,     z * y * t + x * s],
            [ x * z * t + y * s, y * z * t - x * s, z * z * t + c]
        ],
        dtype= dtype
    )


@parameters_as_numpy_arrays('quat')
def matrix33_create_from_quaternion(quat, dtype=None):  # renamed
    dtype = dtype or quat.dtype

    # the quaternion must be normalized
    if not np.isclose(np.linalg.norm(quat), 1.):
        quat = quaternion.normalize(quat)

    # http://www.euclideanspace.com/maths/geometry/rotations/conversions/quaternionToMatrix/index.htm
    qx, qy, qz, qw = quat[0], quat[1], quat[2], quat[3]

    sqw = qw**2
    sqx = qx**2
    sqy = qy**2
    sqz = qz**2
    qxy = qx * qy
    qzw = qz * qw
    qxz = qx * qz
    qyw = qy * qw
    qyz = qy * qz
    qxw = qx * qw

    invs = 1 / (sqx + sqy + sqz + sqw)
    m00 = ( sqx - sqy - sqz + sqw) * invs
    m11 = (-sqx + sqy - sqz + sqw) * invs
    m22 = (-sqx - sqy + sqz + sqw) * invs
    m10 = 2.0 * (qxy + qzw) * invs
    m01 = 2.0 * (qxy - qzw) * invs
    m20 = 2.0 * (qxz - qyw) * invs
    m02 = 2.0 * (qxz + qyw) * invs
    m21 = 2.0 * (qyz + qxw) * invs
    m12 = 2.0 * (qyz - qxw) * invs

    return np.array([
        [m00, m01, m02],
        [m10, m11, m12],
        [m20, m21, m22],
    ], dtype=dtype)


@parameters_as_numpy_arrays('quat')
def matrix33_create_from_inverse_of_quaternion(quat, dtype=None):  # renamed
    dtype = dtype or quat.dtype

    x, y, z, w = quat

    x2 = x**2
    y2 = y**2
    z2 = z**2
    wx = w * x
    wy = w * y
    xy = x * y
    wz = w * z
    xz = x * z
    yz = y * z

    return np.array(
        [
            # m1
            [
                # m11 = 1.0 - 2.0 * (q.y * q.y + q.z * q.z)
                1.0 - 2.0 * (y2 + z2),
                # m21 = 2.0 * (q.x * q.y + q.w * q.z)
                2.0 * (xy + wz),
                # m31 = 2.0 * (q.x * q.z - q.w * q.y)
                2.0 * (xz - wy),
            ],
            # m2
            [
                # m12 = 2.0 * (q.x * q.y - q.w * q.z)
                2.0 * (xy - wz),
                # m22 = 1.0 - 2.0 * (q.x * q.x + q.z * q.z)
                1.0 - 2.0 * (x2 + z2),
                # m32 = 2.0 * (q.y * q.z + q.w * q.x)
                2.0 * (yz + wx),
            ],
            # m3
            [
                # m13 = 2.0 * ( q.x * q.z + q.w * q.y)
                2.0 * (xz + wy),
                # m23 = 2.0 * (q.y * q.z - q.w * q.x)
                2.0 * (yz - wx),
                # m33 = 1.0 - 2.0 * (q.x * q.x + q.y * q.y)
                1.0 - 2.0 * (x2 + y2),
            ]
        ],
        dtype=dtype
    )


def matrix33_create_from_x_rotation(theta, dtype=None):  # renamed
    cosT = np.cos(theta)
    sinT = np.sin(theta)

    return np.array(
        [
            [ 1.0, 0.0, 0.0 ],
            [ 0.0, cosT,-sinT ],
            [ 0.0, sinT, cosT ]
        ],
        dtype=dtype
    )


def matrix33_create_from_y_rotation(theta, dtype=None):  # renamed
    cosT = np.cos(theta)
    sinT = np.sin(theta)

    return np.array(
        [
            [ cosT, 0.0,sinT ],
            [ 0.0, 1.0, 0.0 ],
            [-sinT, 0.0, cosT ]
        ],
        dtype=dtype
    )


def matrix33_create_from_z_rotation(theta, dtype=None):  # renamed
    cosT = np.cos(theta)
    sinT = np.sin(theta)

    return np.array(
        [
            [ cosT,-sinT, 0.0 ],
            [ sinT, cosT, 0.0 ],
            [ 0.0, 0.0, 1.0 ]
        ],
        dtype=dtype
    )


@parameters_as_numpy_arrays('vec')
def matrix33_apply_to_vector(mat, vec):  # renamed
    size = vec.shape[len(vec.shape) - 1]
    if size == 3:
        return np.dot(vec, mat)
    else:
        raise ValueError("Vector size unsupported")


def matrix33_create_direction_scale(direction, scale):  # renamed
    """
    scaling is defined as:

    [p'][1 + (k - 1)n.x^2, (k - 1)n.x n.y^2, (k - 1)n.x n.z   ]
    S(n,k) = [q'][(k - 1)n.x n.y,   1 + (k - 1)n.y,   (k - 1)n.y n.z   ]
    [r'][(k - 1)n.x n.z,   (k - 1)n.y n.z,   1 + (k - 1)n.z^2 ]

    where:
    v' is the resulting vector after scaling
    v is the vector to scale
    n is the direction of the scaling
    n.x is the x component of n
    n.y is the y component of n
    n.z is the z component of n
    k is the scaling factor
    """
    if not np.isclose(np.linalg.norm(direction), 1.):
        direction = vector.normalize(direction)

    x,y,z = direction

    x2 = x**2.
    y2 = y**2.
    z2 = z**2

    scaleMinus1 = scale - 1.
    return np.array(
        [
            # m1
            [
                # m11 = 1 + (k - 1)n.x^2
                1. + scaleMinus1 * x2,
                # m12 = (k - 1)n.x n.y^2
                scaleMinus1 * x * y2,
                # m13 = (k - 1)n.x n.z
                scaleMinus1 * x * z
            ],
            # m2
            [
                # m21 = (k - 1)n.x n.y
                scaleMinus1 * x * y,
                # m22 = 1 + (k - 1)n.y
                1. + scaleMinus1 * y,
                # m23 = (k - 1)n.y n.z
                scaleMinus1 * y * z
            ],
            # m3
            [
                # m31 = (k - 1)n.x n.z
                scaleMinus1 * x * z,
                # m32 = (k - 1)n.y n.z
                scaleMinus1 * y * z,
                # m33 = 1 + (k - 1)n.z^2
                1. + scaleMinus1 * z2
            ]
        ]
    )


# --- pyrr/matrix44.py -------------------------------------------------------------------------------------------------
def matrix44_create_identity(dtype=None):  # renamed
    return np.identity(4, dtype=dtype)


@parameters_as_numpy_arrays('eulers')
def matrix44_create_from_eulers(eulers, dtype=None):  # renamed
    dtype = dtype or eulers.dtype
    # set to identity matrix
    # this will populate our extra rows for us
    mat = matrix44_create_identity(dtype)  # renamed

    # we'll use Matrix33 for our conversion
    mat[0:3, 0:3] = matrix33.create_from_eulers(eulers, dtype)
    return mat


@parameters_as_numpy_arrays('axis')
def matrix44_create_from_axis_rotation(axis, theta, dtype=None):  # renamed
    dtype = dtype or axis.dtype
    # set to identity matrix
    # this will populate our extra rows for us
    mat = matrix44_create_identity(dtype)  # renamed

    # we'll use Matrix33 for our conversion
    mat[0:3, 0:3] = matrix33.create_from_axis_rotation(axis, theta, dtype)
    return mat


@parameters_as_numpy_arrays('quat')
def matrix44_create_from_quaternion(quat, dtype=None):  # renamed
    dtype = dtype or quat.dtype
    # set to identity matrix
    # this will populate our extra rows for us
    mat = matrix44_create_identity(dtype)  # renamed

    # we'll use Matrix33 for our conversion
    mat[0:3, 0:3] = matrix33.create_from_quaternion(quat, dtype)
    return mat


@parameters_as_numpy_arrays('quat')
def matrix44_create_from_inverse_of_quaternion(quat, dtype=None):  # renamed
    dtype = dtype or quat.dtype
    # set to identity matrix
    # this will populate our extra rows for us
    mat = matrix44_create_identity(dtype)  # renamed

    # we'll use Matrix33 for our conversion
    mat[0:3, 0:3] = matrix33.create_from_inverse_of_quaternion(quat, dtype)
    return mat


@parameters_as_numpy_arrays('vec')
def matrix44_create_from_translation(vec, dtype=None):  # renamed
    dtype = dtype or vec.dtype
    mat = matrix44_create_identity(dtype)  # renamed
    mat[3, 0:3] = vec[:3]
    return mat


def matrix44_create_from_scale(scale, dtype=None):  # renamed
    # we need to expand 'scale' into it's components
    # because numpy isn't flattening them properly.
    m = np.diagflat([scale[0], scale[1], scale[2], 1.0])
    if dtype:
        m = m.astype(dtype)
    return m


def matrix44_create_from_x_rotation(theta, dtype=None):  # renamed
    mat = matrix44_create_identity(dtype)  # renamed
    mat[0:3, 0:3] = matrix33.create_from_x_rotation(theta, dtype)
    return mat


def matrix44_create_from_y_rotation(theta, dtype=None):  # renamed
    mat = matrix44_create_identity(dtype)  # renamed
    mat[0:3, 0:3] = matrix33.create_from_y_rotation(theta, dtype)
    return mat


def matrix44_create_from_z_rotation(theta, dtype=None):  # renamed
    mat = matrix44_create_identity(dtype)  # renamed
    mat[0:3, 0:3] = matrix33.create_from_z_rotation(theta, dtype)
    return mat


@all_parameters_as_numpy_arrays
def matrix44_apply_to_vector(mat, vec):  # renamed
    size = vec.shape[len(vec.shape) - 1]
    if size == 3:
        # convert to a vec4
        if len(vec.shape) == 1:
            vec4 = np.array([vec[0], vec[1], vec[2], 1.], dtype=vec.dtype)
            vec4 = np.dot(vec4, mat)
            if np.abs(vec4[3]) < 1e-8:
                vec4[:] = [np.inf, np.inf, np.inf, np.inf]
            else:
                vec4 /= vec4[3]
            return vec4[:3]
        else:
            vec4 = np.array([[v[0], v[1], v[2], 1.] for v in vec], dtype=vec.dtype)
            vec4 = np.dot(vec4, mat)
            for i in range(vec4.shape[0]):
                if np.abs(vec4[i,3])<1e-8:
                    vec4[i,:] = [np.inf, np.inf, np.inf, np.inf]
                else:
                    vec4[i,:] /= vec4[i,3]
            return vec4[:,:3]
    elif size == 4:
        return np.dot(vec, mat)
    else:
        raise ValueError("Vector size unsupported")


def matrix44_create_perspective_projection(fovy, aspect, near, far, dtype=None):  # renamed
    ymax = near * np.tan(fovy * np.pi / 360.0)
    xmax = ymax * aspect
    return matrix44_create_perspective_projection_from_bounds(-xmax, xmax, -ymax, ymax, near, far, dtype=dtype)  # renamed


def matrix44_create_perspective_projection_from_bounds(  # renamed
    left,
    right,
    bottom,
    top,
    near,
    far,
    dtype=None
):

    """
    E 0 A 0
    0 F B 0
    0 0 C D
    0 0-1 0

    A = (right+left)/(right-left)
    B = (top+bottom)/(top-bottom)
    C = -(far+near)/(far-near)
    D = -2*far*near/(far-near)
    E = 2*near/(right-left)
    F = 2*near/(top-bottom)
    """
    A = (right + left) / (right - left)
    B = (top + bottom) / (top - bottom)
    C = -(far + near) / (far - near)
    D = -2. * far * near / (far - near)
    E = 2. * near / (right - left)
    F = 2. * near / (top - bottom)

    return np.array((
        (  E, 0., 0., 0.),
        ( 0.,  F, 0., 0.),
        (  A,  B,  C,-1.),
        ( 0., 0.,  D, 0.),
    ), dtype=dtype)


def matrix44_create_orthogonal_projection(  # renamed
    left,
    right,
    bottom,
    top,
    near,
    far,
    dtype=None
):

    """
    A 0 0 Tx
    0 B 0 Ty
    0 0 C Tz
    0 0 0 1

    A = 2 / (right - left)
    B = 2 / (top - bottom)
    C = -2 / (far - near)

    Tx = (right + left) / (right - left)
    Ty = (top + bottom) / (top - bottom)
    Tz = (far + near) / (far - near)
    """
    rml = right - left
    tmb = top - bottom
    fmn = far - near

    A = 2. / rml
    B = 2. / tmb
    C = -2. / fmn
    Tx = -(right + left) / rml
    Ty = -(top + bottom) / tmb
    Tz = -(far + near) / fmn

    return np.array((
        ( A, 0., 0., 0.),
        (0.,  B, 0., 0.),
        (0., 0.,  C, 0.),
        (Tx, Ty, Tz, 1.),
    ), dtype=dtype)


def matrix44_create_look_at(eye, target, up, dtype=None):  # renamed

    eye = np.asarray(eye)
    target = np.asarray(target)
    up = np.asarray(up)

    forward = vector.normalize(target - eye)
    side = vector.normalize(np.cross(forward, up))
    up = vector.normalize(np.cross(side, forward))

    return np.array((
            (side[0], up[0], -forward[0], 0.),
            (side[1], up[1], -forward[1], 0.),
            (side[2], up[2], -forward[2], 0.),
            (-np.dot(side, eye), -np.dot(up, eye), np.dot(forward, eye), 1.0)
        ), dtype=dtype)


def matrix44_decompose(m):  # renamed
    m = np.asarray(m)

    scale = np.linalg.norm(m[:3, :3], axis=1)

    det = np.linalg.det(m)
    if det < 0:
        scale[0] *= -1

    position = m[3, :3]

    rotation = m[:3, :3] * (1 / scale)[:, None]

    return scale, quaternion.create_from_matrix(rotation), position


# --- pyrr/plane.py ----------------------------------------------------------------------------------------------------
def plane_create(normal=None, distance=0.0, dtype=None):  # renamed
    if normal is None:
        normal = [0.0, 0.0, 1.0]
    return np.array([normal[0], normal[1], normal[2], distance], dtype=dtype)


@parameters_as_numpy_arrays('vector1', 'vector2', 'vector3')
def plane_create_from_points(vector1, vector2, vector3, dtype=None):  # renamed
    dtype = dtype or vector1.dtype

    # make the vectors relative to vector2
    relV1 = vector1 - vector2
    relV2 = vector3 - vector2

    # cross our relative vectors
    normal = np.cross(relV1, relV2)
    if np.count_nonzero(normal) == 0:
        raise ValueError("Vectors are co-incident")

    # create our plane
    return plane_create_from_position(position=vector2, normal=normal, dtype=dtype)  # renamed


@parameters_as_numpy_arrays('position', 'normal')
def plane_create_from_position(position, normal, dtype=None):  # renamed
    dtype = dtype or position.dtype
    # -d = a * x  + b * y + c * z
    n = vector.normalize(normal)
    d = -np.sum(n * position)
    return plane_create(n, -d, dtype)  # renamed


def plane_position(plane):  # renamed
    return plane_normal(plane) * plane_distance(plane)  # renamed


def plane_normal(plane):  # renamed
    return plane[:3].copy()


def plane_distance(plane):  # renamed
    return plane[3]


# --- pyrr/ray.py ------------------------------------------------------------------------------------------------------
@parameters_as_numpy_arrays('start', 'direction')
def ray_create(start, direction, dtype=None):  # renamed
    dtype = dtype or start.dtype
    return np.array(
        [
            start,
            vector.normalize(direction)
        ],
        dtype=dtype
    )


@all_parameters_as_numpy_arrays
def ray_invert(r):  # renamed
    r2 = r.copy()
    r2[1] *= -1
    return r2


# --- pyrr/rectangle.py ------------------------------------------------------------------------------------------------
@all_parameters_as_numpy_arrays
def rectangle_bounds(rect):  # renamed
    left = rect[0,0]
    right = rect[0,0] + rect[1,0]
    top = rect[0,1]
    bottom = rect[0,1] + rect[1,1]

    xmin = min(left, right)
    xmax = max(left, right)
    ymin = min(top, bottom)
    ymax = max(top, bottom)

    return xmin, xmax, ymin, ymax


# --- pyrr/aabb.py -----------------------------------------------------------------------------------------------------
@parameters_as_numpy_arrays('points')
def aabb_create_from_points(points, dtype=None):  # renamed
    dtype = dtype or points.dtype
    return np.array(
        [
            np.amin(points, axis=0),
            np.amax(points, axis=0)
        ],
        dtype=dtype
    )


@parameters_as_numpy_arrays('aabbs')
def aabb_create_from_aabbs(aabbs, dtype=None):  # renamed
    dtype = dtype or aabbs.dtype
    # reshape the AABBs as a series of points
    points = aabbs.reshape((-1, 3))

    return aabb_create_from_points(points, dtype)  # renamed


@parameters_as_numpy_arrays('aabb')
def aabb_add_points(aabb, points):  # renamed
    # find the minimum and maximum point values
    minimum = np.amin(points, axis=0)
    maximum = np.amax(points, axis=0)

    # compare to existing AABB
    return np.array(
        [
            np.minimum(aabb[0], minimum),
            np.maximum(aabb[1], maximum)
        ],
        dtype=aabb.dtype
    )


@parameters_as_numpy_arrays( 'aabbs' )
def aabb_add_aabbs(aabb, aabbs):  # renamed
    # convert to points and use our existing add_points
    # function
    points = aabbs.reshape((-1, 3))

    return aabb_add_points(aabb, points)  # renamed


@all_parameters_as_numpy_arrays
def aabb_clamp_points(aabb, points):  # renamed
    return np.clip(points, a_min=aabb[0], a_max=aabb[1])


# --- pyrr/sphere.py ---------------------------------------------------------------------------------------------------
@parameters_as_numpy_arrays('points')
def sphere_create_from_points(points, dtype=None):  # renamed
    dtype = dtype or points.dtype
    # calculate the lengths of all the points
    # use squared length to save processing
    lengths = np.apply_along_axis(
        np.sum,
        points.ndim - 1,
        points**2
    )

    # find the maximum value
    maximum = lengths.max()

    # square root this, this is the radius
    radius = np.sqrt(maximum)
    return np.array([0.0, 0.0, 0.0, radius], dtype=dtype)


# --- pyrr/geometric_tests.py ------------------------------------------------------------------------------------------
@all_parameters_as_numpy_arrays
def point_intersect_line(point, line):
    rl = line[1] - line[0]
    rp = point - line[0]
    cross = vector3.cross(rl, rp)

    # check if the cross product is zero
    if np.count_nonzero(cross) > 0:
        return None
    return point


@all_parameters_as_numpy_arrays
def point_intersect_line_segment(point, line):
    rl = line[1] - line[0]
    rp = point - line[0]
    cross = vector3.cross(rl, rp)
    dot = vector.dot(rp, rl)
    squared_length = vector.squared_length(rl)

    if np.count_nonzero(cross) > 0:
        return None

    if dot < 0.0 or dot > squared_length:
        return None
    return point


@all_parameters_as_numpy_arrays
def point_intersect_rectangle(point, rect):
    left, right, bottom, top = rectangle.bounds(rect)
    if \
        point[0] < left or \
        point[0] > right or \
        point[1] < bottom or \
        point[1] > top:
        return None
    return point


@parameters_as_numpy_arrays('ray', 'pl')
def ray_intersect_plane(ray, pl, front_only=False):
    """
    Distance to plane is defined as
    t = (pd - p0.n) / rd.n
    where:
    rd is the ray direction
    pd is the point on plane . plane normal
    p0 is the ray position
    n is the plane normal

    if rd.n == 0, the ray is parallel to the
    plane.
    """
    p = plane.position(pl)
    n = plane.normal(pl)
    rd_n = vector.dot(ray[1], n)

    if rd_n == 0.0:
        return None

    if front_only == True:
        if rd_n >= 0.0:
            return None

    pd = vector.dot(p, n)
    p0_n = vector.dot(ray[0], n)
    t = (pd - p0_n) / rd_n
    return ray[0] + (ray[1] * t)


@all_parameters_as_numpy_arrays
def point_closest_point_on_ray(point, ray):
    """
    t = (p - rp).n
    cp = rp + (n * t)
    where
    p is the point
    rp is the ray origin
    n is the ray normal of unit length
    t is the distance along the ray to the point
    """
    normalized_n = vector.normalize(ray[1])
    relative_point = (point - ray[0])
    t = vector.dot(relative_point, normalized_n)
    return ray[0] + (normalized_n * t)


@all_parameters_as_numpy_arrays
def point_closest_point_on_line(point, line):
    """
    rl = va->b (relative line)
    rp = va->p (relative point)
    u' = u / |u| (normalize)
    cp = a + (u' * (u'.v))
    where:
    a = line start
    b = line end
    p = point
    cp = closest point
    """
    rl = line[1] - line[0]
    rp = point - line[0]
    rl = vector.normalize(rl)
    dot = vector.dot(rl, rp)
    return line[0] + (rl * dot)


@all_parameters_as_numpy_arrays
def point_closest_point_on_line_segment(point, segment):
    # check if the line has any length
    rl = segment[1] - segment[0]
    squared_length = vector.squared_length(rl)
    if squared_length == 0.0:
        return segment[0]

    rp = point - segment[0]
    # check that / squared_length is correct
    dot = vector.dot(rp, rl) / squared_length;

    if dot < 0.0:
        return segment[0]
    elif dot > 1.0:
        return segment[1]

    # within segment
    # perform the same calculation as closest_point_on_line
    return segment[0] + (rl * dot)


@all_parameters_as_numpy_arrays
def vector_parallel_vector(v1, v2):
    # we cross product the 2 vectors
    # if the result is 0, then they are parallel
    cross = vector3.cross(v1, v2)
    return 0 == np.count_nonzero(cross)


@all_parameters_as_numpy_arrays
def ray_parallel_ray(ray1, ray2):
    # we use a cross product in-case the ray direction
    # isn't unit length
    return vector_parallel_vector(ray1[ 1 ], ray2[ 1 ])


@all_parameters_as_numpy_arrays
def ray_coincident_ray(ray1, ray2):
    # ensure the ray's directions are the same
    if ray_parallel_ray(ray1, ray2):
        # get the delta between the two ray's start point
        delta = ray2[0] - ray1[0]

        # get the cross product of the ray delta and
        # the direction of the rays
        cross = vector3.cross(delta, ray2[1])

        # if the cross product is zero, the start of the
        # second ray is in line with the direction of the
        # first ray
        if np.count_nonzero(cross) > 0:
            return False

        return True
    return False


@all_parameters_as_numpy_arrays
def ray_intersect_aabb(ray, aabb):
    """
    http://gamedev.stackexchange.com/questions/18436/most-efficient-aabb-vs-ray-collision-algorithms
    """
    # this is basically "numpy.divide( 1.0, ray[ 1 ] )"
    # except we're trying to avoid a divide by zero warning
    # so where the ray direction value is 0.0, just use infinity
    # which is what we want anyway
    direction = ray[1]
    dir_fraction = np.empty(3, dtype = ray.dtype)
    dir_fraction[direction == 0.0] = np.inf
    dir_fraction[direction != 0.0] = np.divide(1.0, direction[direction != 0.0])

    t1 = (aabb[0,0] - ray[0,0]) * dir_fraction[ 0 ]
    t2 = (aabb[1,0] - ray[0,0]) * dir_fraction[ 0 ]
    t3 = (aabb[0,1] - ray[0,1]) * dir_fraction[ 1 ]
    t4 = (aabb[1,1] - ray[0,1]) * dir_fraction[ 1 ]
    t5 = (aabb[0,2] - ray[0,2]) * dir_fraction[ 2 ]
    t6 = (aabb[1,2] - ray[0,2]) * dir_fraction[ 2 ]

    # the infinities are used here to eliminate NaNs that
    # are generated when the ray sits on a boundary plane
    tmin = max(-np.inf, min(t1, t2), min(t3, t4), min(t5, t6))
    tmax = min(np.inf, max(t1, t2), max(t3, t4), max(t5, t6))

    # if tmax < 0, ray (line) is intersecting AABB
    # but the whole AABB is behind the ray start
    if tmax < 0:
        return None

    # if tmin > tmax, ray doesn't intersect AABB
    if tmin > tmax:
        return None

    # t is the distance from the ray point
    # to intersection

    t = min(x for x in [tmin, tmax] if x >= 0)
    point = ray[0] + (ray[1] * t)
    return point


@all_parameters_as_numpy_arrays
def point_height_above_plane(point, pl):
    """
    Because we store normalised normal, we can simply
    use: n . (p - p0)
    where:
        n is the plane normal
        p is the plane position
        p0 is the point
    """
    return vector.dot(plane.normal(pl), point - plane.position(pl))


@all_parameters_as_numpy_arrays
def point_closest_point_on_plane(point, pl):
    """
    point on plane is defined as:
    q' = q + (d - q.n)n
    where:
    q' is the point on the plane
    q is the point we are checking
    d is the value of normal dot position
    n is the plane normal
    """
    n = plane.normal(pl)
    p = n * plane.distance(pl)
    d = np.dot(p, n)
    qn = np.dot(point, n)
    return point + (n * (d - qn))


@all_parameters_as_numpy_arrays
def sphere_does_intersect_sphere(s1, s2):
    delta = s2[:3] - s1[:3]
    distance_squared = vector.squared_length(delta)

    radii_squared = math.pow(s1[3] + s2[3], 2.0)

    if distance_squared > radii_squared:
        return False
    return True


@all_parameters_as_numpy_arrays
def sphere_penetration_sphere(s1, s2):
    delta = s2[:3] - s1[:3]
    distance = vector.length(delta)

    combined_radii = s1[3] + s2[3]
    penetration = combined_radii - distance

    if penetration <= 0.0:
        return 0.0
    return penetration


@all_parameters_as_numpy_arrays
def ray_intersect_sphere(ray, sphere):
    sphere_center = sphere[:3]
    sphere_radius = sphere[3]
    ray_origin = ray[0]
    ray_direction = ray[1]

    a = 1
    b = 2 * np.dot(ray_direction, (ray_origin - sphere_center))
    c = np.dot(ray_origin - sphere_center, ray_origin - sphere_center) - sphere_radius * sphere_radius

    t_list = solve_quadratic_equation(a, b, c)

    ret = list()
    for t in t_list:
        # We are calculating intersection for ray not line! Use only positive t for ray.
        if t >= 0:
            ret.append(ray_origin + ray_direction * t)
    return ret


# --- the package's modules, as the copied code calls them ---------------------------------------------------------
vector = types.SimpleNamespace(normalize=vector_normalize, squared_length=vector_squared_length, length=vector_length,
                               set_length=vector_set_length, dot=vector_dot, interpolate=vector_interpolate)
vector3 = types.SimpleNamespace(cross=vector3_cross, normalize=vector3_normalize, dot=vector3_dot,
                                squared_length=vector3_squared_length, length=vector3_length)
# vector4.py: ``from .vector import *``
vector4 = types.SimpleNamespace(normalize=vector_normalize, squared_length=vector_squared_length, length=vector_length,
                                dot=vector_dot)
euler = types.SimpleNamespace(roll=euler_roll, yaw=euler_yaw, pitch=euler_pitch)
quaternion = types.SimpleNamespace(normalize=quaternion_normalize, create_from_matrix=quaternion_create_from_matrix)
matrix33 = types.SimpleNamespace(
    create_from_eulers=matrix33_create_from_eulers, create_from_axis_rotation=matrix33_create_from_axis_rotation,
    create_from_quaternion=matrix33_create_from_quaternion,
    create_from_inverse_of_quaternion=matrix33_create_from_inverse_of_quaternion,
    create_from_x_rotation=matrix33_create_from_x_rotation, create_from_y_rotation=matrix33_create_from_y_rotation,
    create_from_z_rotation=matrix33_create_from_z_rotation)
plane = types.SimpleNamespace(position=plane_position, normal=plane_normal, distance=plane_distance)
rectangle = types.SimpleNamespace(bounds=rectangle_bounds)


# --- calling conventions (not library code) -------------------------------------------------------------------------
def ray_intersect_plane_front_only(ray, pl):
    return ray_intersect_plane(ray, pl, front_only=True)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _unit_quaternion(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def _angle(rng, low=-np.pi, high=np.pi):
    return np.float64(rng.uniform(low, high))


def _axis(rng):
    """An axis of length 1 to 3: the functions normalise it (``if not np.isclose(np.linalg.norm(axis), 1.)``)."""
    a = rng.normal(size=3)
    return a / np.linalg.norm(a) * rng.uniform(1.0, 3.0)


def _quaternion_pair(rng, low, high):
    """Two unit quaternions at an angle in [low, high] (radians, in 4-D): their dot product is its cosine."""
    q1 = _unit_quaternion(rng)
    p = rng.normal(size=4)
    p -= p.dot(q1) * q1
    a = rng.uniform(low, high)
    return q1, np.cos(a) * q1 + np.sin(a) * p / np.linalg.norm(p)


def _trs(rng, flip=False):
    """A 4x4 transform in Pyrr's row-vector convention: scale, then rotation, then translation."""
    scale = rng.uniform(0.5, 2.0, size=3) * (np.array([-1.0, 1.0, 1.0]) if flip else 1.0)
    return (matrix44_create_from_scale(scale) @ matrix44_create_from_quaternion(_unit_quaternion(rng))
            @ matrix44_create_from_translation(rng.normal(size=3)))


def _projected_points(rng):
    """A perspective projection and points in front of the eye, one on the eye's plane (z = 0: w = 0 after it)."""
    m = matrix44_create_perspective_projection(np.float64(60.0), np.float64(1.5), np.float64(0.1), np.float64(100.0))
    points = np.column_stack([rng.uniform(-1, 1, 4), rng.uniform(-1, 1, 4), rng.uniform(-9, -2, 4)])
    points[2, 2] = 0.0
    return m, points


def _integer_line(rng):
    """Test_geometric_tests' line [[0, 0, 0], [2, 2, 2]], scaled by an integer so that its cross products are exact."""
    k = float(rng.integers(1, 4))
    return np.array([[0.0, 0.0, 0.0], [2.0, 2.0, 2.0]]) * k, k


def _on_line(rng):
    line, k = _integer_line(rng)
    return np.array([1.0, 1.0, 1.0]) * k, line


def _off_line(rng):
    line, k = _integer_line(rng)
    return np.array([1.0, 1.0, 2.0]) * k, line


def _rectangle(rng):
    return np.array([[0.0, 0.0], [5.0, 5.0]]) * rng.uniform(1.0, 2.0)


def _ray_down(rng):
    """A ray from above the xy plane pointing down, and the xy plane ([0, 0, 1, 0])."""
    start = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(1, 3)])
    return ray_create(start, np.array([rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), -1.0])), np.array([0.0, 0.0, 1.0, 0.0])


def _segment_point(rng, t):
    """A point whose projection on the segment [[0, 0, 0], [2, 0, 0]] (test_point_closest_point_on_line_segment's)
    is at t times its length."""
    return np.array([2.0 * t, rng.uniform(0.5, 1.5), rng.uniform(-1, 1)]), np.array([[0.0, 0.0, 0.0], [2.0, 0.0, 0.0]])


def _aabb_ray(rng, hit=True):
    """test_ray_intersect_aabb_valid_1 / invalid_1: the cube [-1, 1]^3 and a ray at it (or away from it)."""
    aabb = np.array([[-1.0, -1.0, -1.0], [1.0, 1.0, 1.0]])
    if hit:
        return np.array([[rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 2.0], [0.0, 0.0, -1.0]]), aabb
    return np.array([[2.0, 2.0, 2.0], [rng.uniform(0.5, 1.0), rng.uniform(0.5, 1.0), 1.0]]), aabb


def _spheres(rng):
    """Two spheres [x, y, z, radius] whose centres are closer than the sum of their radii."""
    s1 = np.append(rng.normal(size=3), rng.uniform(1.0, 2.0))
    s2 = np.append(s1[:3] + rng.normal(size=3) * 0.3, rng.uniform(1.0, 2.0))
    return s1, s2


def _ray_at_sphere(rng):
    centre = rng.normal(size=3)
    start = centre + np.array([0.0, 0.0, 5.0]) + rng.normal(size=3) * 0.1
    return np.array([start, [0.0, 0.0, -1.0]]), np.append(centre, rng.uniform(1.0, 2.0))


def _zero_or_not(rng):
    """A quaternion that is all zeros for one generator and not for the other (the same trace serves both)."""
    return (np.zeros(4) if rng.uniform() > 0.6 else _unit_quaternion(rng),)


def _mixed_rotation(rng):
    """A rotation about a random axis by 0.5 to 3.1 radians: create_from_matrix's branch differs between the two
    generators (the trace for the first serves the second)."""
    return (matrix33_create_from_axis_rotation(rng.normal(size=3), _angle(rng, 0.5, 3.1)),)


def _mixed_projected_points(rng):
    m, points = _projected_points(rng)
    if rng.uniform() < 0.5:
        points[1, 2] = 0.0
    return m, points


def _mesh(rng):
    """Six vertices and four triangles over them (three distinct vertices each)."""
    return rng.normal(size=(6, 3)), np.array([rng.permutation(6)[:3] for _ in range(4)])


_Q = "quaternion.py"
_M33 = "matrix33.py"
_M44 = "matrix44.py"
_GT = "geometric_tests.py"

CASES = [
    # quaternion.py
    case(quaternion_create_from_axis_rotation, lambda rng: (_axis(rng), _angle(rng)), PY(_Q, "create_from_axis_rotation", "an axis of length 1 to 3")),
    case(quaternion_create_from_matrix, lambda rng: (matrix33_create_from_axis_rotation(_axis(rng), _angle(rng, -1.5, 1.5)),), PY(_Q, "create_from_matrix", "trace > 0")),
    case(quaternion_create_from_matrix, lambda rng: (matrix33_create_from_x_rotation(_angle(rng, 2.6, 3.0)),), PY(_Q, "create_from_matrix", "a rotation about x by nearly pi: the mat[0][0] branch"),
         name="pyrr.quaternion_create_from_matrix_x"),
    case(quaternion_create_from_matrix, lambda rng: (matrix33_create_from_y_rotation(_angle(rng, 2.6, 3.0)),), PY(_Q, "create_from_matrix", "about y: the mat[1][1] branch"),
         name="pyrr.quaternion_create_from_matrix_y"),
    case(quaternion_create_from_matrix, lambda rng: (matrix33_create_from_z_rotation(_angle(rng, 2.6, 3.0)),), PY(_Q, "create_from_matrix", "about z: the else branch"),
         name="pyrr.quaternion_create_from_matrix_z"),
    case(quaternion_create_from_eulers, lambda rng: (rng.uniform(-np.pi, np.pi, size=3),), PY(_Q, "create_from_eulers")),
    case(quaternion_slerp, lambda rng: (*_quaternion_pair(rng, 2.0, 2.8), np.float64(rng.uniform(0.2, 0.8))), PY(_Q, "slerp", "dot < 0: the second negated, arccos")),
    case(quaternion_slerp, lambda rng: (*_quaternion_pair(rng, 0.05, 0.2), np.float64(rng.uniform(0.2, 0.8))), PY(_Q, "slerp", "dot > 0.95: lerp"), name="pyrr.quaternion_slerp_close"),
    case(quaternion_create_from_matrix, _mixed_rotation, PY(_Q, "create_from_matrix", "the trace branch for one generator, the mat[1][1] branch for the other"),
         name="pyrr.quaternion_create_from_matrix_mixed"),
    case(quaternion_is_zero_length, _zero_or_not, PY(_Q, "is_zero_length", "a chained ==, zero for one generator only")),
    case(quaternion_is_non_zero_length, _zero_or_not, PY(_Q, "is_non_zero_length", "not of the chained ==")),
    case(quaternion_rotation_axis, lambda rng: (_unit_quaternion(rng),), PY(_Q, "rotation_axis")),
    case(quaternion_rotation_axis, lambda rng: (np.array([0.0, 0.0, 0.0, 1.0]),), PY(_Q, "rotation_axis", "the identity: the early return"), name="pyrr.quaternion_rotation_axis_identity"),
    case(quaternion_exp, lambda rng: (_unit_quaternion(rng) * rng.uniform(0.5, 2.0),), PY(_Q, "exp")),
    case(quaternion_power, lambda rng: (_unit_quaternion(rng), np.float64(rng.uniform(0.2, 2.0))), PY(_Q, "power", "not the identity (whose branch is assert False)")),
    case(quaternion_inverse, lambda rng: (_unit_quaternion(rng) * rng.uniform(0.5, 2.0),), PY(_Q, "inverse")),
    case(quaternion_apply_to_vector, lambda rng: (_unit_quaternion(rng), rng.normal(size=3)), PY(_Q, "apply_to_vector", "a 3-vector")),
    case(quaternion_apply_to_vector, lambda rng: (_unit_quaternion(rng), rng.normal(size=4)), PY(_Q, "apply_to_vector", "a 4-vector"), name="pyrr.quaternion_apply_to_vector4"),
    # matrix33.py
    case(matrix33_create_from_quaternion, lambda rng: (_unit_quaternion(rng) * rng.uniform(1.5, 2.0),), PY(_M33, "create_from_quaternion", "not of unit length: normalised first")),
    case(matrix33_create_from_eulers, lambda rng: (rng.uniform(-np.pi, np.pi, size=3),), PY(_M33, "create_from_eulers")),
    case(matrix33_create_direction_scale, lambda rng: (_axis(rng), np.float64(rng.uniform(0.5, 2.0))), PY(_M33, "create_direction_scale")),
    case(matrix33_apply_to_vector, lambda rng: (matrix33_create_from_eulers(rng.uniform(-np.pi, np.pi, size=3)), rng.normal(size=(5, 3))), PY(_M33, "apply_to_vector", "5 vectors")),
    # matrix44.py
    case(matrix44_create_from_eulers, lambda rng: (rng.uniform(-np.pi, np.pi, size=3),), PY(_M44, "create_from_eulers")),
    case(matrix44_create_from_axis_rotation, lambda rng: (_axis(rng), _angle(rng)), PY(_M44, "create_from_axis_rotation")),
    case(matrix44_apply_to_vector, lambda rng: (_trs(rng), rng.normal(size=3)), PY(_M44, "apply_to_vector", "one 3-vector")),
    case(matrix44_apply_to_vector, _projected_points, PY(_M44, "apply_to_vector", "4 points through a perspective projection, one with w = 0: the inf row"), name="pyrr.matrix44_apply_to_vector_projected"),
    case(matrix44_apply_to_vector, _mixed_projected_points, PY(_M44, "apply_to_vector", "w = 0 in the second row for one generator only"),
         name="pyrr.matrix44_apply_to_vector_mixed"),
    case(matrix44_create_perspective_projection, lambda rng: (np.float64(rng.uniform(45, 90)), np.float64(rng.uniform(1.0, 2.0)), np.float64(rng.uniform(0.1, 1.0)), np.float64(rng.uniform(50, 100))),
         PY(_M44, "create_perspective_projection")),
    case(matrix44_create_look_at, lambda rng: (rng.normal(size=3) * 5, rng.normal(size=3), np.array([0.0, 1.0, 0.0])), PY(_M44, "create_look_at")),
    case(matrix44_decompose, lambda rng: (_trs(rng),), PY(_M44, "decompose")),
    case(matrix44_decompose, lambda rng: (_trs(rng, flip=True),), PY(_M44, "decompose", "a mirroring scale: det < 0, scale[0] *= -1"), name="pyrr.matrix44_decompose_mirrored"),
    case(matrix44_decompose, lambda rng: (_trs(rng, flip=bool(rng.integers(0, 2))),), PY(_M44, "decompose", "mirrored for one generator only"),
         name="pyrr.matrix44_decompose_mixed"),
    # vector.py, vector3.py, plane.py, ray.py
    case(vector_interpolate, lambda rng: (rng.normal(size=3), rng.normal(size=3), np.float64(rng.uniform(0, 1))), PY("vector.py", "interpolate", "the code after its return is dead")),
    case(vector3_generate_vertex_normals, _mesh, PY("vector3.py", "generate_vertex_normals", "np.add.at")),
    case(vector3_create_from_vector4, lambda rng: (rng.normal(size=4),), PY("vector3.py", "create_from_vector4", "a tuple of the 3-vector and w")),
    case(plane_create_from_points, lambda rng: tuple(rng.normal(size=(3, 3))), PY("plane.py", "create_from_points")),
    case(ray_invert, lambda rng: (ray_create(rng.normal(size=3), rng.normal(size=3)),), PY("ray.py", "invert")),
    # geometric_tests.py
    case(point_intersect_line, _on_line, PY(_GT, "point_intersect_line", "on the line: the point")),
    case(point_intersect_line, _off_line, PY(_GT, "point_intersect_line", "off the line: None"), name="pyrr.point_intersect_line_miss"),
    case(rectangle_bounds, lambda rng: (np.array([[rng.uniform(-1, 1), rng.uniform(-1, 1)], [-rng.uniform(1, 2), rng.uniform(1, 2)]]),), PY("rectangle.py", "bounds", "a negative width: builtin min and max of array elements")),
    case(point_intersect_rectangle, lambda rng: (rng.uniform(0.5, 4.5, size=2), _rectangle(rng)), PY(_GT, "point_intersect_rectangle", "inside")),
    case(point_intersect_rectangle, lambda rng: (np.array([rng.uniform(0.5, 4.5), -1.0]), _rectangle(rng)), PY(_GT, "point_intersect_rectangle", "below: None"), name="pyrr.point_intersect_rectangle_miss"),
    case(ray_intersect_plane, _ray_down, PY(_GT, "ray_intersect_plane")),
    case(ray_intersect_plane_front_only, lambda rng: (lambda r, p: (r, -p))(*_ray_down(rng)), PY(_GT, "ray_intersect_plane", "front_only=True, the plane facing away: None")),
    case(point_closest_point_on_line_segment, lambda rng: _segment_point(rng, rng.uniform(0.2, 0.8)), PY(_GT, "point_closest_point_on_line_segment", "within the segment")),
    case(point_closest_point_on_line_segment, lambda rng: _segment_point(rng, rng.uniform(1.2, 2.0)), PY(_GT, "point_closest_point_on_line_segment", "beyond its end: the early return"),
         name="pyrr.point_closest_point_on_line_segment_beyond"),
    case(ray_intersect_aabb, _aabb_ray, PY(_GT, "ray_intersect_aabb", "test_ray_intersect_aabb_valid_1's cube and ray direction")),
    case(ray_intersect_aabb, lambda rng: _aabb_ray(rng, hit=False), PY(_GT, "ray_intersect_aabb", "pointing away: None"), name="pyrr.ray_intersect_aabb_miss"),
    case(vector_parallel_vector, lambda rng: (lambda v: (v, v * float(rng.integers(2, 5))))(rng.integers(-3, 4, size=3).astype(float)), PY(_GT, "vector_parallel_vector", "integer multiples: exactly parallel")),
    case(sphere_create_from_points, lambda rng: (rng.normal(size=(8, 3)),), PY("sphere.py", "create_from_points", "np.apply_along_axis")),
    case(sphere_does_intersect_sphere, _spheres, PY(_GT, "sphere_does_intersect_sphere")),
    case(sphere_penetration_sphere, _spheres, PY(_GT, "sphere_penetration_sphere")),
    case(ray_intersect_sphere, _ray_at_sphere, PY(_GT, "ray_intersect_sphere", "two intersections")),
]
