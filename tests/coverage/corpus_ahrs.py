"""ahrs's attitude estimation: quaternions, rotation metrics and the Madgwick, Mahony and EKF filters
(Mayitzin/ahrs, MIT).

Copied from Mayitzin/ahrs at eb99143523ac8b83585218707fffb9f31c693528 (its LICENSE is MIT: "Copyright (c)
2019-2020, Mario García"), the files named in each section below. Bodies are as written, comments kept,
docstrings dropped; ahrs's module-level constants (``DEG2RAD``, the WGS84 radii, Munich's coordinates) stay
module-level constants. ahrs validates its inputs with ``isinstance(x, (list, tuple, np.ndarray))`` and
Python ``raise``s (``utils/core.py``), which are copied too.

Adapted, beyond that:

* ``Quaternion`` (an ``np.ndarray`` subclass, ``common/quaternion.py``) keeps the members the copied filters
  use: ``__new__``, ``__array_finalize__``, ``w``/``x``/``y``/``z``/``v``, ``conjugate``/``conj``, ``__add__``,
  ``product``, ``to_array`` and ``to_DCM``; the branches of ``__new__`` that build a random quaternion or one from
  a DCM or angles are never reached here (``random_attitudes`` raises);
* ``aqua.GRAVITY`` is ``WGS().normal_gravity(MUNICH_LATITUDE, MUNICH_HEIGHT)`` in ahrs: its value (computed with
  ahrs at this commit) stands for it, so the WGS84 class is not copied;
* ``EKF`` is given ``magnetic_ref`` (a dip angle), as ahrs's examples do, so ``_set_reference_frames`` never
  reaches ahrs's World Magnetic Model (its import there is replaced by a stand-in that raises, marked
  ``# adapted``); ``Tilt._compute_all`` would build a ``QuaternionArray`` only for DCM output, which no case asks;
* methods are staged as bound methods of an object made as ahrs's examples make it (``Madgwick()``,
  ``Tilt()``); ``Mahony`` and ``EKF`` keep state between updates (the gyro bias ``b``, the covariance ``P``), so
  a two-line wrapper makes a fresh filter and updates it, as the first step of a run does; the full runs
  (``Madgwick(gyr=..., acc=...)``: ``_compute_all``'s loop over samples) go through a two-line wrapper that
  returns ``.Q``.

The inputs are unit quaternions, rotation matrices made from them, and accelerometer (m/s^2), gyroscope (rad/s)
and magnetometer (nT) samples of a sensor at rest or turning slowly, with noise.
"""

# ruff: noqa: E501, E741, UP006, UP008, B904
from __future__ import annotations

import math
from typing import Tuple, Union

import numpy as np

from tests.coverage.cases import AHRS, Source, case


def AH(path: str, original: str, note: str = "") -> Source:
    return Source(AHRS, "ahrs/" + path, original, note)


def _not_copied(*args, **kwargs):
    raise NotImplementedError("not copied from ahrs: never reached by these cases")


random_attitudes = QuaternionArray = _not_copied

# --- ahrs/common/constants.py ------------------------------------------------------------------------
M_PI = math.pi
DEG2RAD = M_PI/180
RAD2DEG = 180/M_PI
EARTH_EQUATOR_RADIUS = 6_378_137.0              # Semi-major axis of Earth (Equatorial Radius) [m]
EARTH_POLAR_RADIUS = 6_356_752.3142             # Semi-minor axis of Earth (Polar Radius) [m]
MUNICH_LATITUDE = 48.137230
MUNICH_LONGITUDE = 11.575508
MUNICH_HEIGHT = 521.0 # (https://whatismyelevation.com/map?lat=48.13723&lng=11.57551)

# --- ahrs/filters/aqua.py (module level) ----------------------------------------------------------------
GRAVITY = 9.807425085580817  # WGS().normal_gravity(MUNICH_LATITUDE, MUNICH_HEIGHT)


# --- ahrs/utils/core.py ----------------------------------------------------------------------------------
def _assert_valid_array_type(item, item_name: str = 'iterable'):
    # NOTE: This could be changed to a more pythonic solution looking for the
    # dunder method __iter__(), but that yields strings too.
    if not isinstance(item, (list, tuple, np.ndarray)):
        raise TypeError(f"{item_name} must be given as an array. Got {type(item)}")


def _assert_numerical_positive_variable(item, item_name: str = 'input'):
    if isinstance(item, bool):
        raise TypeError(f"Value '{item_name}' must be numeric.")
    if not isinstance(item, (int, float)):
        raise TypeError(f"Value '{item_name}' must be int or float.")
    if item <= 0.0:
        raise ValueError(f"Value '{item_name}' must be a non-zero number.")


def _assert_numerical_iterable(item, item_name: str = 'iterable'):
    _assert_valid_array_type(item, item_name)
    item_copy = np.array(item)
    if not(item_copy.dtype == np.dtype(int) or item_copy.dtype == np.dtype(float)):
        raise TypeError(f"{item_name} must have numerical values. Got {item_copy.dtype.name}")


# --- ahrs/common/mathfuncs.py ----------------------------------------------------------------------------
def cosd(x):
    if isinstance(x, (list, tuple, np.ndarray)):
        x = np.copy(x)
    return np.cos(x*DEG2RAD)


def sind(x):
    if isinstance(x, (list, tuple, np.ndarray)):
        x = np.copy(x)
    return np.sin(x*DEG2RAD)


def skew(x):
    if isinstance(x, (list, tuple, np.ndarray)):
        x = np.copy(x)
    if len(x) != 3:
        raise ValueError("Input must be an array with three elements")
    return np.array([[0, -x[2], x[1]], [x[2], 0, -x[0]], [-x[1], x[0], 0.0]])


# --- ahrs/common/orientation.py --------------------------------------------------------------------------
def q_norm(q: np.ndarray) -> np.ndarray:
    if q.ndim > 2 or q.shape[-1] != 4:
        raise ValueError(f"Quaternion must be of shape (4,) or (N, 4), but has shape {q.shape}")
    if q.ndim > 1:
        return q/np.linalg.norm(q, axis=1)[:, np.newaxis]
    return q/np.linalg.norm(q)


def axang2quat(axis: np.ndarray, angle: Union[int, float], rad: bool = True) -> np.ndarray:
    if axis is None:
        return np.array([1.0, 0.0, 0.0, 0.0])
    if len(axis) != 3:
        raise ValueError()
    axis /= np.linalg.norm(axis)
    qw = np.cos(angle/2.0) if rad else cosd(angle/2.0)
    s = np.sin(angle/2.0) if rad else sind(angle/2.0)
    q = np.array([qw] + list(s*axis))
    return q/np.linalg.norm(q)


def quat2axang(q: np.ndarray) -> Tuple[np.ndarray, float]:
    if q is None:
        return np.array([0.0, 0.0, 0.0]), 1.0
    if len(q) != 4:
        raise ValueError(f"The quaternion must be a 4-element array, not {len(q)}-element array.")
    # Normalize input quaternion
    q /= np.linalg.norm(q)
    axis = np.copy(q[1:])
    denom = np.linalg.norm(axis)
    angle = 2.0*np.arctan2(denom, q[0])
    axis = np.array([0.0, 0.0, 0.0]) if angle == 0.0 else axis/denom
    return axis, angle


def q_correct(q: np.ndarray) -> np.ndarray:
    if q.ndim < 2 or q.shape[-1] != 4:
        raise ValueError(f"Input must be of shape (N, 4). Got {q.shape}")
    q_diff = np.diff(q, axis=0)
    norms = np.linalg.norm(q_diff, axis=1)
    binaries = np.where(norms>1, 1, 0)
    nonzeros = np.nonzero(binaries)
    jumps = nonzeros[0]+1
    if len(jumps)%2:
        jumps = np.append(jumps, [len(q_diff)+1])
    jump_pairs = jumps.reshape((len(jumps)//2, 2))
    new_q = q.copy()
    for j in jump_pairs:
        new_q[j[0]:j[1]] *= -1.0
    return new_q


def q2R(q: np.ndarray, version: int = 1) -> np.ndarray:
    if q is None:
        return np.identity(3)
    if q.shape[-1] != 4:
        raise ValueError("Quaternion Array must be of the form (4,) or (N, 4)")
    if version not in [1, 2]:
        raise ValueError("Version must be an int equal to 1 or 2.")
    if q.ndim > 1:
        # Convert multiple quaternions
        q /= np.linalg.norm(q, axis=1)[:, None]     # Normalize all quaternions
        R = np.zeros((q.shape[0], 3, 3))
        if version == 1:
            R[:, 0, 0] = 1.0 - 2.0*(q[:, 2]**2 + q[:, 3]**2)
            R[:, 1, 1] = 1.0 - 2.0*(q[:, 1]**2 + q[:, 3]**2)
            R[:, 2, 2] = 1.0 - 2.0*(q[:, 1]**2 + q[:, 2]**2)
        else:
            R[:, 0, 0] = q[:, 0]**2 + q[:, 1]**2 - q[:, 2]**2 - q[:, 3]**2
            R[:, 1, 1] = q[:, 0]**2 - q[:, 1]**2 + q[:, 2]**2 - q[:, 3]**2
            R[:, 2, 2] = q[:, 0]**2 - q[:, 1]**2 - q[:, 2]**2 + q[:, 3]**2
        R[:, 1, 0] = 2.0*(q[:, 1]*q[:, 2]+q[:, 0]*q[:, 3])
        R[:, 2, 0] = 2.0*(q[:, 1]*q[:, 3]-q[:, 0]*q[:, 2])
        R[:, 0, 1] = 2.0*(q[:, 1]*q[:, 2]-q[:, 0]*q[:, 3])
        R[:, 2, 1] = 2.0*(q[:, 0]*q[:, 1]+q[:, 2]*q[:, 3])
        R[:, 0, 2] = 2.0*(q[:, 1]*q[:, 3]+q[:, 0]*q[:, 2])
        R[:, 1, 2] = 2.0*(q[:, 2]*q[:, 3]-q[:, 0]*q[:, 1])
        return R
    # Convert single quaternion
    q /= np.linalg.norm(q)
    if version == 1:
        return np.array([
            [1.0-2.0*(q[2]**2+q[3]**2), 2.0*(q[1]*q[2]-q[0]*q[3]), 2.0*(q[1]*q[3]+q[0]*q[2])],
            [2.0*(q[1]*q[2]+q[0]*q[3]), 1.0-2.0*(q[1]**2+q[3]**2), 2.0*(q[2]*q[3]-q[0]*q[1])],
            [2.0*(q[1]*q[3]-q[0]*q[2]), 2.0*(q[0]*q[1]+q[2]*q[3]), 1.0-2.0*(q[1]**2+q[2]**2)]])
    return np.array([
        [q[0]**2+q[1]**2-q[2]**2-q[3]**2, 2.0*(q[1]*q[2]-q[0]*q[3]), 2.0*(q[1]*q[3]+q[0]*q[2])],
        [2.0*(q[1]*q[2]+q[0]*q[3]), q[0]**2-q[1]**2+q[2]**2-q[3]**2, 2.0*(q[2]*q[3]-q[0]*q[1])],
        [2.0*(q[1]*q[3]-q[0]*q[2]), 2.0*(q[0]*q[1]+q[2]*q[3]), q[0]**2-q[1]**2-q[2]**2+q[3]**2]])


def dcm2quat(R: np.ndarray) -> np.ndarray:
    if R.shape[0] != R.shape[1]:
        raise ValueError('Input is not a square matrix')
    if R.shape[0] != 3:
        raise ValueError('Input needs to be a 3x3 array or matrix')
    q = np.array([1., 0., 0., 0.])
    q[0] = 0.5*np.sqrt(1.0 + R.trace())
    q[1] = (R[1, 2] - R[2, 1]) / q[0]
    q[2] = (R[2, 0] - R[0, 2]) / q[0]
    q[3] = (R[0, 1] - R[1, 0]) / q[0]
    q[1:] /= 4.0
    return q / np.linalg.norm(q)


def ecompass(a: np.ndarray, m: np.ndarray, frame: str = 'ENU', representation: str = 'rotmat') -> np.ndarray:
    if frame.upper() not in ['ENU', 'NED']:
        raise ValueError("Wrong local tangent plane coordinate frame. Try 'ENU' or 'NED'")
    if representation.lower() not in ['rotmat', 'quaternion', 'rpy', 'axisangle']:
        raise ValueError("Wrong representation type. Try 'rotmat', 'quaternion', 'rpy', or 'axisangle'")
    for item in [a, m]:
        if not isinstance(item, (np.ndarray, list, tuple)):
            raise TypeError("Both inputs a and m must be arrays.")
    a = np.copy(a)
    m = np.copy(m)
    if a.shape != m.shape:
        raise ValueError("Both vectors must have the same shape.")
    if len(a) != 3:
        raise ValueError("Input vectors must have exactly 3 elements.")
    m /= np.linalg.norm(m)
    Rz = a/np.linalg.norm(a)
    if frame.upper() == 'NED':
        Ry = np.cross(Rz, m)
        Rx = np.cross(Ry, Rz)
    else:
        Rx = np.cross(m, Rz)
        Ry = np.cross(Rz, Rx)
    Rx /= np.linalg.norm(Rx)
    Ry /= np.linalg.norm(Ry)
    R = np.c_[Rx, Ry, Rz].T
    if representation.lower() == 'quaternion':
        return chiaverini(R)
    if representation.lower() == 'rpy':
        phi = np.arctan2(R[1, 2], R[2, 2])    # Roll Angle
        theta = -np.arcsin(R[0, 2])           # Pitch Angle
        psi = np.arctan2(R[0, 1], R[0, 0])    # Yaw Angle
        return np.array([phi, theta, psi])
    if representation.lower() == 'axisangle':
        angle = np.arccos((R.trace()-1)/2)
        axis = np.zeros(3)
        if angle != 0:
            S = np.array([R[2, 1]-R[1, 2], R[0, 2]-R[2, 0], R[1, 0]-R[0, 1]])
            axis = S/(2*np.sin(angle))
        return (axis, angle)
    return R


def am2DCM(a: np.ndarray, m: np.ndarray, frame: str = 'ENU') -> np.ndarray:
    if frame.upper() not in ['ENU', 'NED']:
        raise ValueError("Wrong coordinate frame. Try 'ENU' or 'NED'")
    a = np.array(a)
    m = np.array(m)
    H = np.cross(m, a)
    H /= np.linalg.norm(H)
    a /= np.linalg.norm(a)
    M = np.cross(a, H)
    if frame.upper() == 'ENU':
        return np.array([[H[0], M[0], a[0]],
                         [H[1], M[1], a[1]],
                         [H[2], M[2], a[2]]])
    return np.array([[M[0], H[0], -a[0]],
                     [M[1], H[1], -a[1]],
                     [M[2], H[2], -a[2]]])


def am2q(a: np.ndarray, m: np.ndarray, frame: str = 'ENU') -> np.ndarray:
    R = am2DCM(a, m, frame=frame)
    q = dcm2quat(R)
    return q


def acc2q(a: np.ndarray, return_euler: bool = False) -> np.ndarray:
    q = np.array([1.0, 0.0, 0.0, 0.0])
    ex, ey, ez = 0.0, 0.0, 0.0
    if np.linalg.norm(a) > 0 and len(a) == 3:
        ax, ay, az = a
        # Normalize accelerometer measurements
        a_norm = np.linalg.norm(a)
        ax /= a_norm
        ay /= a_norm
        az /= a_norm
        # Euler Angles from Gravity vector
        ex = np.arctan2(ay, az)
        ey = np.arctan2(-ax, np.sqrt(ay**2 + az**2))
        ez = 0.0
        if return_euler:
            return np.array([ex, ey, ez])*RAD2DEG
        # Euler to Quaternion
        cx2 = np.cos(ex/2.0)
        sx2 = np.sin(ex/2.0)
        cy2 = np.cos(ey/2.0)
        sy2 = np.sin(ey/2.0)
        q = np.array([cx2*cy2, sx2*cy2, cx2*sy2, -sx2*sy2])
        q /= np.linalg.norm(q)
    return q


def am2angles(a: np.ndarray, m: np.ndarray, in_deg: bool = False) -> np.ndarray:
    if a.ndim < 2:
        a = np.atleast_2d(a)
    if m.ndim < 2:
        m = np.atleast_2d(m)
    # Normalization of 2D arrays
    a /= np.linalg.norm(a, axis=1)[:, None]
    m /= np.linalg.norm(m, axis=1)[:, None]
    angles = np.zeros((len(a), 3))   # Allocation of angles array
    # Estimate tilt angles
    angles[:, 0] = np.arctan2(a[:, 1], a[:, 2])
    angles[:, 1] = np.arctan2(-a[:, 0], np.sqrt(a[:, 1]**2 + a[:, 2]**2))
    # Estimate heading angle
    my2 = m[:, 2]*np.sin(angles[:, 0]) - m[:, 1]*np.cos(angles[:, 0])
    mz2 = m[:, 1]*np.sin(angles[:, 0]) + m[:, 2]*np.cos(angles[:, 0])
    mx3 = m[:, 0]*np.cos(angles[:, 1]) + mz2*np.sin(angles[:, 1])
    angles[:, 2] = np.arctan2(my2, mx3)
    # Return in degrees or in radians
    if in_deg:
        return angles*RAD2DEG
    return angles


def slerp(q0: np.ndarray, q1: np.ndarray, t_array: np.ndarray, threshold: float = 0.9995) -> np.ndarray:
    qdot = q0@q1
    # Ensure SLERP takes the shortest path
    if qdot < 0.0:
        q1 *= -1.0
        qdot *= -1.0
    # Interpolate linearly (LERP)
    if qdot > threshold:
        result = q0[np.newaxis, :] + t_array[:, np.newaxis]*(q1 - q0)[np.newaxis, :]
        return (result.T / np.linalg.norm(result, axis=1)).T
    # Angle between vectors
    theta_0 = np.arccos(qdot)
    sin_theta_0 = np.sin(theta_0)
    theta = theta_0*t_array
    sin_theta = np.sin(theta)
    s0 = np.cos(theta) - qdot*sin_theta/sin_theta_0
    s1 = sin_theta/sin_theta_0
    return s0[:,np.newaxis]*q0[np.newaxis,:] + s1[:,np.newaxis]*q1[np.newaxis,:]


def chiaverini(dcm: np.ndarray) -> np.ndarray:
    dcm = np.copy(dcm)
    if dcm.ndim not in [2, 3]:
        raise ValueError('dcm must be a 2- or 3-dimensional array.')
    if dcm.shape[-2:] != (3, 3):
        raise ValueError(f"dcm must be an array of shape 3-by-3 or N-by-3-by-3. Got {dcm.shape}")
    if dcm.ndim < 3:
        q = np.zeros(4)
        q[0] = 0.5*np.sqrt(np.clip(dcm.trace(), -1.0, 3.0) + 1.0)
        q[1] = 0.5*np.sign(dcm[2, 1]-dcm[1, 2])*np.sqrt(np.clip(dcm[0, 0]-dcm[1, 1]-dcm[2, 2], -1.0, 3.0)+1.0)
        q[2] = 0.5*np.sign(dcm[0, 2]-dcm[2, 0])*np.sqrt(np.clip(dcm[1, 1]-dcm[2, 2]-dcm[0, 0], -1.0, 3.0)+1.0)
        q[3] = 0.5*np.sign(dcm[1, 0]-dcm[0, 1])*np.sqrt(np.clip(dcm[2, 2]-dcm[0, 0]-dcm[1, 1], -1.0, 3.0)+1.0)
        if not any(q):
            q[0] = 1.0
        q /= np.linalg.norm(q)
        return q
    Q = np.zeros((dcm.shape[0], 4))
    Q[:, 0] = 0.5*np.sqrt(np.clip(dcm.trace(axis1=1, axis2=2), -1.0, 3.0) + 1.0)
    Q[:, 1] = 0.5*np.sign(dcm[:, 2, 1] - dcm[:, 1, 2])*np.sqrt(np.clip(dcm[:, 0, 0]-dcm[:, 1, 1]-dcm[:, 2, 2], -1.0, 3.0) + 1.0)
    Q[:, 2] = 0.5*np.sign(dcm[:, 0, 2] - dcm[:, 2, 0])*np.sqrt(np.clip(dcm[:, 1, 1]-dcm[:, 2, 2]-dcm[:, 0, 0], -1.0, 3.0) + 1.0)
    Q[:, 3] = 0.5*np.sign(dcm[:, 1, 0] - dcm[:, 0, 1])*np.sqrt(np.clip(dcm[:, 2, 2]-dcm[:, 0, 0]-dcm[:, 1, 1], -1.0, 3.0) + 1.0)
    Q /= np.linalg.norm(Q, axis=1)[:, None]
    return Q


def hughes(C: np.ndarray) -> np.ndarray:
    C = np.copy(C)
    if C.ndim not in [2, 3]:
        raise ValueError(f"C must be a 2- or 3-dimensional array. It is {C.ndim}-dimensional.")
    if C.shape[-2:] != (3, 3):
        raise ValueError(f"C must be an array of shape 3-by-3 or N-by-3-by-3. Got {C.shape}")
    if C.ndim < 3:
        tr = np.clip(C.trace(), -1.0, 3.0)      # Clip trace to [-1, 3]
        if np.isclose(tr, 3.0):
            return np.array([1., 0., 0., 0.])   # No rotation. DCM is identity.
        n = 0.5*np.sqrt(1.0 + tr)               # (eq. 15)
        if np.isclose(n, 0):                    # trace = -1: q_w = 0 (Pure Quaternion)
            e = np.sqrt((1.0+np.diag(C))/2.0)
        else:
            e = np.array([C[1, 2]-C[2, 1], C[2, 0]-C[0, 2], C[0, 1]-C[1, 0]])/(4*n)    # (eq. 16)
        if n > 0:
            e *= -1
        q = np.array([n, *e])
        return q / np.linalg.norm(q)
    # Handle three-dimensional array
    tr = np.clip(np.trace(C, axis1=1, axis2=2), -1.0, 3.0)
    Q = np.zeros((C.shape[0], 4))
    Q[:, 0] = 0.5*np.sqrt(1.0 + tr)             # (eq. 15)
    Q_w = np.where(np.isclose(Q[:, 0], 0.0), 1.0, Q[:, 0])  # Vector parts divided by one, when pure quaternion
    Q[:, 1] = np.array(C[:, 1, 2]-C[:, 2, 1])   # (eq. 16)
    Q[:, 2] = np.array(C[:, 2, 0]-C[:, 0, 2])
    Q[:, 3] = np.array(C[:, 0, 1]-C[:, 1, 0])
    Q[:, 1:] /= 4.0*Q_w[:, None]
    return Q


def sarabandi(dcm: np.ndarray, eta: float = 0.0) -> np.ndarray:
    # Get elements of R
    r11, r12, r13 = dcm[0, 0], dcm[0, 1], dcm[0, 2]
    r21, r22, r23 = dcm[1, 0], dcm[1, 1], dcm[1, 2]
    r31, r32, r33 = dcm[2, 0], dcm[2, 1], dcm[2, 2]
    # Compute qw (eq. 23)
    dw = r11+r22+r33
    if dw > eta:
        qw = 0.5*np.sqrt(1.0+dw)
    else:
        nom = (r32-r23)**2+(r13-r31)**2+(r21-r12)**2
        denom = 3.0-dw
        qw = 0.5*np.sqrt(nom/denom)
    # Compute qx (eq. 24)
    dx = r11-r22-r33
    if dx > eta:
        qx = 0.5*np.sqrt(1.0+dx)
    else:
        nom = (r32-r23)**2+(r12+r21)**2+(r31+r13)**2
        denom = 3.0-dx
        qx = 0.5*np.sqrt(nom/denom)
    # Compute qy (eq. 25)
    dy = -r11+r22-r33
    if dy > eta:
        qy = 0.5*np.sqrt(1.0+dy)
    else:
        nom = (r13-r31)**2+(r12+r21)**2+(r23+r32)**2
        denom = 3.0-dy
        qy = 0.5*np.sqrt(nom/denom)
    # Compute qz (eq. 26)
    dz = -r11-r22+r33
    if dz > eta:
        qz = 0.5*np.sqrt(1.0+dz)
    else:
        nom = (r21-r12)**2+(r31+r13)**2+(r23+r32)**2
        denom = 3.0-dz
        qz = 0.5*np.sqrt(nom/denom)
    q = np.array([qw, qx, qy, qz])
    # Re-define the sign of the quaternion if q_w is positive
    if q[0] > 0.0:
        q[1] *= np.sign(r32-r23)
        q[2] *= np.sign(r13-r31)
        q[3] *= np.sign(r21-r12)
    return q / np.linalg.norm(q)


def itzhack(dcm: np.ndarray, version: int = 3) -> np.ndarray:
    dcm = np.copy(dcm)
    if dcm.ndim != 2 or dcm.shape != (3, 3):
        raise ValueError('dcm must be a 3-by-3 array.')
    if version not in [1, 2, 3]:
        raise ValueError('version must be 1, 2 or 3.')
    if np.isnan(dcm).any():
        return np.array([np.nan]*4)
    # Get elements of DCM
    d11, d12, d13 = dcm[0, 0], dcm[0, 1], dcm[0, 2]
    d21, d22, d23 = dcm[1, 0], dcm[1, 1], dcm[1, 2]
    d31, d32, d33 = dcm[2, 0], dcm[2, 1], dcm[2, 2]
    is_orthogonal = np.isclose(np.linalg.det(dcm), 1.0) and np.allclose(dcm@dcm.T, np.eye(3))
    if version in [1, 2] and not is_orthogonal:
        raise ValueError('Given matrix is non-orthogonal. Versions 1 and 2 are for orthogonal matrices.')
    if version == 1:
        K2 = np.array([
            [ d11-d22, d21+d12,      d31,    -d32],
            [ d21+d12, d22-d11,      d32,     d31],
            [ d31,         d32, -d11-d22, d12-d21],
            [-d32,         d31,  d12-d21, d11+d22]]) / 2.0  # (eq. 1)
        eigval, eigvec = np.linalg.eig(K2)
        q = eigvec[:, np.where(np.isclose(eigval, 1.0))[0]].flatten().real
    else:
        K3 = np.array([
            [d11-d22-d33,     d21+d12,     d31+d13,     d23-d32],
            [d21+d12,     d22-d11-d33,     d32+d23,     d31-d13],
            [d31+d13,         d32+d23, d33-d11-d22,     d12-d21],
            [d23-d32,         d31-d13,     d12-d21, d11+d22+d33]]) / 3.0    # (eq. 2)
        eigval, eigvec = np.linalg.eig(K3)
        if version == 2:
            q = eigvec[:, np.where(np.isclose(eigval, 1.0))[0]].flatten().real
        else:
            q = eigvec[:, eigval.argmax()]
    q = np.roll(q, 1)       # Re-arrange quaternion to [qw, qx, qy, qz]
    q[0] *= -1              # Original implementation computes inverse rotation
    return q / np.linalg.norm(q)


def shepperd(dcm: np.ndarray) -> np.ndarray:
    # Get elements of rotation matrix
    r11, r12, r13 = dcm[0, 0], dcm[0, 1], dcm[0, 2]
    r21, r22, r23 = dcm[1, 0], dcm[1, 1], dcm[1, 2]
    r31, r32, r33 = dcm[2, 0], dcm[2, 1], dcm[2, 2]
    u = np.array([r11+r22+r33, r11, r22, r33])
    i = u.argmax()      # Index of the largest element in u
    if i == 0:
        d = np.sqrt(1.0+r11+r22+r33)
        q = 0.5 * np.array([d, (r32-r23)/d, (r13-r31)/d, (r21-r12)/d])
    elif i == 1:
        d = np.sqrt(1.0+r11-r22-r33)
        q = 0.5 * np.array([(r32-r23)/d, d, (r12+r21)/d, (r31+r13)/d])
    elif i == 2:
        d = np.sqrt(1.0-r11+r22-r33)
        q = 0.5 * np.array([(r13-r31)/d, (r12+r21)/d, d, (r23+r32)/d])
    else:
        d = np.sqrt(1.0-r11-r22+r33)
        q = 0.5 * np.array([(r21-r12)/d, (r31+r13)/d, (r32+r23)/d, d])
    q /= np.linalg.norm(q)
    return q


# --- ahrs/common/quaternion.py ---------------------------------------------------------------------------
class Quaternion(np.ndarray):
    def __new__(subtype, q: Union[int, list, np.ndarray] = None, versor: bool = True, **kwargs):
        if q is None:
            q = np.array([1.0, 0.0, 0.0, 0.0])
            if kwargs.pop('random', False):
                q = random_attitudes()
            if 'dcm' in kwargs:
                q = Quaternion.from_DCM(Quaternion, kwargs.pop("dcm"), **kwargs)
            if 'rpy' in kwargs:
                q = Quaternion.from_rpy(Quaternion, kwargs.pop("rpy"))
            if 'angles' in kwargs:  # Older call. Discontinued.
                q = Quaternion.from_rpy(Quaternion, kwargs.pop("angles"))
        _assert_numerical_iterable(q, 'q')
        q = np.array(q, dtype=float)
        if q.ndim != 1 or q.shape[-1] not in [3, 4]:
            raise ValueError(f"Expected `q` to have shape (4,) or (3,), got {q.shape}.")
        if q.shape[-1] == 3:
            q = np.array([0.0, *q])
        q_norm = np.linalg.norm(q)
        if q_norm == 0.0:
            raise ValueError("Quaternion cannot be a zero vector.")
        if versor:
            q /= q_norm
        # Create the ndarray instance of type Quaternion. This will call the
        # standard ndarray constructor, but return an object of type Quaternion.
        obj = super(Quaternion, subtype).__new__(subtype, q.shape, float, q)
        obj.A = q
        obj.scalar_vector = False if kwargs.get('order', 'H') == 'S' else True
        return obj

    def __array_finalize__(self, obj):
        if obj is None:
            return
        self.A = getattr(obj, 'A', np.array([1.0, 0.0, 0.0, 0.0]))
        self.scalar_vector = getattr(obj, 'scalar_vector', True)

    @property
    def w(self) -> float:
        return self.A[0] if self.scalar_vector else self.A[3]

    @property
    def x(self) -> float:
        return self.A[1] if self.scalar_vector else self.A[0]

    @property
    def y(self) -> float:
        return self.A[2] if self.scalar_vector else self.A[1]

    @property
    def z(self) -> float:
        return self.A[3] if self.scalar_vector else self.A[2]

    @property
    def v(self) -> np.ndarray:
        return self.A[1:] if self.scalar_vector else self.A[:3]

    @property
    def conjugate(self) -> np.ndarray:
        return self.A*np.array([1.0, -1.0, -1.0, -1.0]) if self.scalar_vector else self.A*np.array([-1.0, -1.0, -1.0, 1.0])

    @property
    def conj(self) -> np.ndarray:
        return self.conjugate

    def __add__(self, p: np.ndarray):
        return Quaternion(self.to_array() + p)

    def product(self, q: np.ndarray) -> np.ndarray:
        _assert_numerical_iterable(q, 'q')
        qw, qx, qy, qz = q
        pq = np.array([
            self.w*qw - self.x*qx - self.y*qy - self.z*qz,
            self.w*qx + self.x*qw + self.y*qz - self.z*qy,
            self.w*qy - self.x*qz + self.y*qw + self.z*qx,
            self.w*qz + self.x*qy - self.y*qx + self.z*qw])
        return pq

    def to_array(self) -> np.ndarray:
        return self.A

    def to_DCM(self) -> np.ndarray:
        return np.array([
            [1.0-2.0*(self.y**2+self.z**2), 2.0*(self.x*self.y-self.w*self.z), 2.0*(self.x*self.z+self.w*self.y)],
            [2.0*(self.x*self.y+self.w*self.z), 1.0-2.0*(self.x**2+self.z**2), 2.0*(self.y*self.z-self.w*self.x)],
            [2.0*(self.x*self.z-self.w*self.y), 2.0*(self.w*self.x+self.y*self.z), 1.0-2.0*(self.x**2+self.y**2)]])


# --- ahrs/utils/metrics.py -------------------------------------------------------------------------------
def _rotations_guard_clauses(R1: Union[list, np.ndarray], R2: Union[list, np.ndarray]) -> None:
    for label, rotation_matrix in zip(['R1', 'R2'], [R1, R2]):
        if not isinstance(rotation_matrix, (list, np.ndarray)):
            raise TypeError(f"{label} must be an array. Got {type(rotation_matrix)}")
    r1, r2 = np.copy(R1), np.copy(R2)
    for rotation_matrix in [r1, r2]:
        if rotation_matrix.shape[-2:] != (3, 3):
            raise ValueError(f"Rotation matrices must be of shape (N, 3, 3) or (3, 3). Got {rotation_matrix.shape}.")
    r1_shape, r2_shape = r1.shape, r2.shape
    if r1_shape != r2_shape:
        raise ValueError(f"Cannot compare R1 of shape {r1_shape} and R2 of shape {r2_shape}.")


def _quaternions_guard_clauses(q1: Union[list, np.ndarray], q2: Union[list, np.ndarray]) -> None:
    for label, quaternion in zip(['q1', 'q2'], [q1, q2]):
        if not isinstance(quaternion, (list, np.ndarray)):
            raise TypeError(f"{label} must be an array. Got {type(quaternion)}")
    q1, q2 = np.copy(q1), np.copy(q2)
    for quaternion in [q1, q2]:
        if quaternion.shape[-1] != 4:
            raise ValueError(f"Quaternions must be of shape (N, 4) or (4,). Got {quaternion.shape}.")
    if q1.shape != q2.shape:
        raise ValueError(f"Cannot compare q1 of shape {q1.shape} and q2 of shape {q2.shape}")


def chordal(R1: np.ndarray, R2: np.ndarray) -> Union[float, np.ndarray]:
    _rotations_guard_clauses(R1, R2)
    R1, R2 = np.copy(R1), np.copy(R2)
    if R1.ndim < 3:
        return np.linalg.norm(R1-R2, 'fro')
    return np.array([np.linalg.norm(r1-r2, 'fro') for r1, r2 in zip(R1, R2)])


def qdist(q1: np.ndarray, q2: np.ndarray) -> float:
    _quaternions_guard_clauses(q1, q2)
    q1, q2 = np.copy(q1), np.copy(q2)
    if q1.ndim == 1:
        q1 /= np.linalg.norm(q1)
        q2 /= np.linalg.norm(q2)
        if np.allclose(q1, q2) or np.allclose(-q1, q2):
            return 0.0
        return min(np.linalg.norm(q1-q2), np.linalg.norm(q1+q2))
    q1 /= np.linalg.norm(q1, axis=1)[:, None]
    q2 /= np.linalg.norm(q2, axis=1)[:, None]
    return np.r_[[np.linalg.norm(q1-q2, axis=1)], [np.linalg.norm(q1+q2, axis=1)]].min(axis=0)


def qad(q1: np.ndarray, q2: np.ndarray) -> float:
    _quaternions_guard_clauses(q1, q2)
    q1, q2 = np.copy(q1), np.copy(q2)
    if q1.ndim == 1:
        q1 /= np.linalg.norm(q1)
        q2 /= np.linalg.norm(q2)
        if np.allclose(q1, q2) or np.allclose(-q1, q2):
            return 0.0
        return np.arccos(2.0*(q1@q2)**2-1.0)
    q1 /= np.linalg.norm(q1, axis=1)[:, None]
    q2 /= np.linalg.norm(q2, axis=1)[:, None]
    return np.arccos(np.clip(2.0*np.sum(q1*q2, axis=1)**2-1.0, -1.0, 1.0))


# --- ahrs/common/frames.py -------------------------------------------------------------------------------
def geodetic2ecef(lat: float, lon: float, h: float, a: float = EARTH_EQUATOR_RADIUS, b: float = EARTH_POLAR_RADIUS) -> np.ndarray:
    if abs(lat) > 90.0:
        raise ValueError(f"Latitude must be between -90 and 90 degrees. Got {lat}")
    if abs(lon) > 180.0:
        raise ValueError(f"Longitude must be between -180 and 180 degrees. Got {lon}")
    lat *= DEG2RAD
    lon *= DEG2RAD
    ecc2 = (a**2 - b**2)/a**2
    N = a/np.sqrt(1 - ecc2 *np.sin(lat)**2)
    X = np.zeros(3)
    X[0] = (N+h)*np.cos(lat)*np.cos(lon)
    X[1] = (N+h)*np.cos(lat)*np.sin(lon)
    X[2] = (N*(1.0-ecc2)+h)*np.sin(lat)
    return X


def ecef2geodetic(x: float, y: float, z: float, a: float = EARTH_EQUATOR_RADIUS, b: float = EARTH_POLAR_RADIUS) -> np.ndarray:
    e2 = (a**2 - b**2)/a**2  # Square of the first eccentricity: 2*f - f^2 = e^2 = (a^2 - b^2)/a^2
    p = np.sqrt(x**2 + y**2)
    lon = np.arctan2(y, x)
    # Iteratively compute latitude
    delta = 1e-8
    lat_old = 0
    lat = np.arctan2(z, (1-e2)*p)
    while abs(lat_old - lat) > delta:
        sin_lat = np.sin(lat)
        N = a / np.sqrt(1 - e2 * sin_lat**2)    # Radius of curvature in the vertical prime
        lat_old = lat
        lat = np.arctan2(z + e2 * N * sin_lat, p)
    h = p / np.cos(lat) - N
    # Convert to degrees
    lat *= RAD2DEG
    lon *= RAD2DEG
    return np.array([lat, lon, h])


# --- ahrs/filters/madgwick.py ----------------------------------------------------------------------------
class Madgwick:
    def __init__(self, gyr: np.ndarray = None, acc: np.ndarray = None, mag: np.ndarray = None, **kwargs):
        self.gyr: np.ndarray = gyr
        self.acc: np.ndarray = acc
        self.mag: np.ndarray = mag
        self.frequency: float = kwargs.get('frequency', 100.0)
        self.Dt: float = kwargs.get('Dt', (1.0/self.frequency) if self.frequency else 0.01)
        self.q0: np.ndarray = kwargs.get('q0')
        self._set_gain(**kwargs)
        self._assert_validity_of_inputs()
        if self.acc is not None and self.gyr is not None:
            self.Q: np.ndarray = self._compute_all()

    def _set_gain(self, **kwargs) -> None:
        self.gain_imu: float = kwargs.get('gain_imu', 0.033)
        self.gain_marg: float = kwargs.get('gain_marg', 0.041)
        self.gain: float = kwargs.get('beta')  # Setting gain with `beta` will be removed in the future.
        if self.gain is None:
            self.gain: float = kwargs.get('gain', self.gain_imu if self.mag is None else self.gain_marg)

    def _assert_validity_of_inputs(self):
        for item in ["frequency", "Dt", "gain", "gain_imu", "gain_marg"]:
            _assert_numerical_positive_variable(getattr(self, item), item)
        if self.q0 is not None:
            self.q0 = Quaternion(self.q0).to_array()

    def _compute_all(self) -> np.ndarray:
        _assert_numerical_iterable(self.gyr, 'Angular velocity vector')
        _assert_numerical_iterable(self.acc, 'Gravitational acceleration vector')
        self.gyr = np.copy(self.gyr)
        self.acc = np.copy(self.acc)
        if self.acc.shape != self.gyr.shape:
            raise ValueError("acc and gyr are not the same size")
        num_samples = len(self.acc)
        Q = np.zeros((num_samples, 4))
        # Compute with IMU architecture
        if self.mag is None:
            Q[0] = acc2q(self.acc[0]) if self.q0 is None else self.q0/np.linalg.norm(self.q0)
            for t in range(1, num_samples):
                Q[t] = self.updateIMU(Q[t-1], self.gyr[t], self.acc[t])
            return Q
        # Compute with MARG architecture
        _assert_numerical_iterable(self.mag, 'Geomagnetic field vector')
        self.mag = np.copy(self.mag)
        if self.mag.shape != self.gyr.shape:
            raise ValueError("mag and gyr are not the same size")
        Q[0] = ecompass(self.acc[0], self.mag[0], frame='NED', representation='quaternion')
        for t in range(1, num_samples):
            Q[t] = self.updateMARG(Q[t-1], self.gyr[t], self.acc[t], self.mag[t])
        return Q

    def updateIMU(self, q: np.ndarray, gyr: np.ndarray, acc: np.ndarray, dt: float = None) -> np.ndarray:
        _assert_numerical_iterable(q, 'Quaternion')
        _assert_numerical_iterable(gyr, 'Tri-axial gyroscope sample')
        _assert_numerical_iterable(acc, 'Tri-axial accelerometer sample')
        q = Quaternion(q)
        dt = self.Dt if dt is None else dt
        if np.linalg.norm(gyr) == 0:
            return q.to_array()
        qDot = 0.5 * q.product([0, *gyr])                           # (eq. 12)
        a_norm = np.linalg.norm(acc)
        if a_norm > 0:
            a = acc/a_norm
            qw, qx, qy, qz = q/np.linalg.norm(q)
            # Objective function (eq. 25)
            f = np.array([2.0*(qx*qz - qw*qy)   - a[0],
                          2.0*(qw*qx + qy*qz)   - a[1],
                          2.0*(0.5-qx**2-qy**2) - a[2]])
            if np.linalg.norm(f) > 0:
                # Jacobian (eq. 26)
                J = np.array([[-2.0*qy,  2.0*qz, -2.0*qw, 2.0*qx],
                              [ 2.0*qx,  2.0*qw,  2.0*qz, 2.0*qy],
                              [ 0.0,    -4.0*qx, -4.0*qy, 0.0   ]])
                # Objective Function Gradient
                gradient = J.T@f                                    # (eq. 34)
                gradient /= np.linalg.norm(gradient)
                qDot -= self.gain*gradient                          # (eq. 33)
        q_new = q + qDot*dt                                         # (eq. 13)
        q_new /= np.linalg.norm(q_new)
        return q_new

    def updateMARG(self, q: np.ndarray, gyr: np.ndarray, acc: np.ndarray, mag: np.ndarray, dt: float = None) -> np.ndarray:
        _assert_numerical_iterable(q, 'Quaternion')
        _assert_numerical_iterable(gyr, 'Tri-axial gyroscope sample')
        _assert_numerical_iterable(acc, 'Tri-axial accelerometer sample')
        _assert_numerical_iterable(mag, 'Tri-axial magnetometer sample')
        q = Quaternion(q)
        dt = self.Dt if dt is None else dt
        if np.linalg.norm(gyr) == 0:
            return q.to_array()
        if np.linalg.norm(mag) == 0:
            return self.updateIMU(q, gyr, acc)
        qDot = 0.5 * q.product([0, *gyr])                           # (eq. 12)
        a_norm = np.linalg.norm(acc)
        if a_norm > 0:
            a = acc/a_norm
            m = mag/np.linalg.norm(mag)
            # Rotate normalized magnetometer measurements
            q_m = Quaternion([0, *m])
            h = q.product(q_m.product(q.conj))                      # (eq. 45)
            bx = np.linalg.norm([h[1], h[2]])                       # (eq. 46)
            bz = h[3]
            qw, qx, qy, qz = q/np.linalg.norm(q)
            # Objective function (eq. 31)
            f = np.array([2.0*(qx*qz - qw*qy)   - a[0],
                          2.0*(qw*qx + qy*qz)   - a[1],
                          2.0*(0.5-qx**2-qy**2) - a[2],
                          2.0*bx*(0.5 - qy**2 - qz**2) + 2.0*bz*(qx*qz - qw*qy)       - m[0],
                          2.0*bx*(qx*qy - qw*qz)       + 2.0*bz*(qw*qx + qy*qz)       - m[1],
                          2.0*bx*(qw*qy + qx*qz)       + 2.0*bz*(0.5 - qx**2 - qy**2) - m[2]])
            if np.linalg.norm(f) > 0:
                # Jacobian (eq. 32)
                J = np.array([[-2.0*qy,               2.0*qz,              -2.0*qw,               2.0*qx             ],
                              [ 2.0*qx,               2.0*qw,               2.0*qz,               2.0*qy             ],
                              [ 0.0,                 -4.0*qx,              -4.0*qy,               0.0                ],
                              [-2.0*bz*qy,            2.0*bz*qz,           -4.0*bx*qy-2.0*bz*qw, -4.0*bx*qz+2.0*bz*qx],
                              [-2.0*bx*qz+2.0*bz*qx,  2.0*bx*qy+2.0*bz*qw,  2.0*bx*qx+2.0*bz*qz, -2.0*bx*qw+2.0*bz*qy],
                              [ 2.0*bx*qy,            2.0*bx*qz-4.0*bz*qx,  2.0*bx*qw-4.0*bz*qy,  2.0*bx*qx          ]])
                gradient = J.T@f                                    # (eq. 34)
                gradient /= np.linalg.norm(gradient)
                qDot -= self.gain*gradient                          # (eq. 33)
        q_new = q + qDot*dt                                         # (eq. 13)
        q_new /= np.linalg.norm(q_new)
        return q_new


# --- ahrs/filters/mahony.py ------------------------------------------------------------------------------
class Mahony:
    def __init__(self,
            gyr: np.ndarray = None,
            acc: np.ndarray = None,
            mag: np.ndarray = None,
            frequency: float = 100.0,
            k_P: float = 1.0,
            k_I: float = 0.3,
            q0: np.ndarray = None,
            b0: np.ndarray = None,
            **kwargs) -> None:
        self.gyr: np.ndarray = gyr
        self.acc: np.ndarray = acc
        self.mag: np.ndarray = mag
        self.frequency: float = frequency
        self.q0: np.ndarray = q0
        self.b = b0 if b0 is not None else np.zeros(3)
        self.k_P: float = k_P
        self.k_I: float = k_I
        # Old parameter names for backward compatibility
        self.k_P: float = kwargs.get('kp', k_P)
        self.k_I: float = kwargs.get('ki', k_I)
        self.Dt: float = kwargs.get('Dt', 1.0/self.frequency if self.frequency else 0.01)
        self._assert_validity_of_inputs()
        # Estimate all orientations if sensor data is given
        if self.gyr is not None and self.acc is not None:
            self.Q = self._compute_all()

    def _assert_validity_of_inputs(self) -> None:
        for item in ["frequency", "Dt", "k_P", "k_I"]:
            _assert_numerical_positive_variable(getattr(self, item), item)
        for item in ['q0', 'b']:
            if self.__getattribute__(item) is not None:
                if isinstance(self.__getattribute__(item), bool):
                    raise TypeError(f"Parameter '{item}' must be an array.")
                if not isinstance(self.__getattribute__(item), (list, tuple, np.ndarray)):
                    raise TypeError(f"Parameter '{item}' is not an array. Got {type(self.__getattribute__(item))}.")
                if np.copy(self.__getattribute__(item)).ndim != 1:
                    raise ValueError(f"Parameter '{item}' must be a 1-dimensional array.")
                self.__setattr__(item, np.copy(self.__getattribute__(item)))
        if self.q0 is not None:
            if self.q0.shape != (4,):
                raise ValueError("Parameter 'q0' must be an array with 4 elements.")
            if not np.allclose(np.linalg.norm(self.q0), 1.0):
                raise ValueError("Parameter 'q0' must be a unit quaternion.")
        if self.b is not None:
            if self.b.shape != (3,):
                raise ValueError("Parameter 'b' must be an array with 3 elements.")

    def _compute_all(self) -> np.ndarray:
        _assert_numerical_iterable(self.gyr, 'Angular velocity vector')
        _assert_numerical_iterable(self.acc, 'Gravitational acceleration vector')
        self.gyr = np.copy(self.gyr)
        self.acc = np.copy(self.acc)
        if self.acc.shape != self.gyr.shape:
            raise ValueError("acc and gyr are not the same size")
        num_samples = len(self.gyr)
        Q = np.zeros((num_samples, 4))
        # Compute with IMU Architecture
        if self.mag is None:
            Q[0] = acc2q(self.acc[0]) if self.q0 is None else self.q0/np.linalg.norm(self.q0)
            for t in range(1, num_samples):
                Q[t] = self.updateIMU(Q[t-1], self.gyr[t], self.acc[t])
            return Q
        # Compute with MARG Architecture
        _assert_numerical_iterable(self.mag, 'Geomagnetic field vector')
        self.mag = np.copy(self.mag)
        if self.mag.shape != self.gyr.shape:
            raise ValueError("mag and gyr are not the same size")
        Q[0] = am2q(self.acc[0], self.mag[0]) if self.q0 is None else self.q0/np.linalg.norm(self.q0)
        for t in range(1, num_samples):
            Q[t] = self.updateMARG(Q[t-1], self.gyr[t], self.acc[t], self.mag[t])
        return Q

    def updateIMU(self, q: np.ndarray, gyr: np.ndarray, acc: np.ndarray, dt: float = None) -> np.ndarray:
        q = Quaternion(q)
        dt = self.Dt if dt is None else dt
        if gyr is None or np.linalg.norm(gyr) == 0:
            return q.to_array()
        Omega = np.copy(gyr)
        a_norm = np.linalg.norm(acc)
        if a_norm > 0:
            R = q.to_DCM()
            v_a = R.T@np.array([0.0, 0.0, 1.0])     # Expected Earth's gravity
            # ECF
            omega_mes = np.cross(acc/a_norm, v_a)   # Cost function (eqs. 32c and 48a)
            bDot = -self.k_I*omega_mes                   # Estimated change in Gyro bias (eqs.32b and 48c)
            self.b += bDot * dt                          # Estimated Gyro bias
            Omega = Omega - self.b + self.k_P*omega_mes  # Gyro correction
        p = np.array([0.0, *Omega])
        qDot = 0.5*q.product(p)                     # Rate of change of quaternion (eqs. 45 and 48b)
        q += qDot*dt                                # Update orientation
        q /= np.linalg.norm(q)                      # Normalize Quaternion (Versor)
        return q

    def updateMARG(self, q: np.ndarray, gyr: np.ndarray, acc: np.ndarray, mag: np.ndarray, dt: float = None) -> np.ndarray:
        q = Quaternion(q)
        dt = self.Dt if dt is None else dt
        if gyr is None or np.linalg.norm(gyr) == 0:
            return q.to_array()
        Omega = np.copy(gyr)
        a_norm = np.linalg.norm(acc)
        if a_norm > 0:
            m_norm = np.linalg.norm(mag)
            if m_norm == 0:
                return self.updateIMU(q, gyr, acc)
            a = np.copy(acc)/a_norm
            m = np.copy(mag)/m_norm
            R = q.to_DCM()
            v_a = R.T@np.array([0.0, 0.0, 1.0])     # Expected Earth's gravity
            # Rotate magnetic field to inertial frame
            h = R@m
            v_m = R.T@np.array([0.0, np.linalg.norm([h[0], h[1]]), h[2]])
            v_m /= np.linalg.norm(v_m)
            # ECF
            omega_mes = np.cross(a, v_a) + np.cross(m, v_m) # Cost function (eqs. 32c and 48a)
            bDot = -self.k_I*omega_mes                   # Estimated change in Gyro bias (eqs.32b and 48c)
            self.b += bDot * dt                          # Estimated Gyro bias
            Omega = Omega - self.b + self.k_P*omega_mes  # Gyro correction (eq. 48b)
        p = np.array([0.0, *Omega])
        qDot = 0.5*q.product(p)                     # Rate of change of quaternion (eqs. 45 and 48b)
        q += qDot*dt                                # Update orientation
        q /= np.linalg.norm(q)                      # Normalize Quaternion (Versor)
        return q


# --- ahrs/filters/ekf.py ---------------------------------------------------------------------------------
class EKF:
    def __init__(self,
            gyr: np.ndarray = None,
            acc: np.ndarray = None,
            mag: np.ndarray = None,
            frequency: float = 100.0,
            frame: str = 'NED',
            **kwargs):
        self.gyr: np.ndarray = gyr
        self.acc: np.ndarray = acc
        self.mag: np.ndarray = mag
        self.frequency: float = frequency
        self.frame: str = frame                          # Local tangent plane coordinate frame
        self.Dt: float = kwargs.get('Dt', (1.0/self.frequency) if self.frequency else 0.01)
        self.q0: np.ndarray = kwargs.get('q0')
        self.P: np.ndarray = kwargs.get('P', np.identity(4))    # Initial state covariance
        self.R: np.ndarray = self._set_measurement_noise_covariance(**kwargs)
        self._set_reference_frames(kwargs.get('magnetic_ref'), self.frame)
        self._assert_validity_of_inputs()
        # Process of data is given
        if self.gyr is not None and self.acc is not None:
            self.Q = self._compute_all(self.frame)

    def _set_measurement_noise_covariance(self, **kw) -> np.ndarray:
        default_noises = kw.get('noises', [0.3**2, 0.5**2, 0.8**2])
        _assert_numerical_iterable(default_noises, 'Spectral noise variances')
        default_noises = np.copy(default_noises)
        if default_noises.ndim != 1:
            raise ValueError(f"Spectral noise variances must be given in a 1-dimensional array. Got {default_noises.ndim} dimensions instead.")
        if default_noises.size != 3:
            raise ValueError(f"Spectral noise variances must be given in a 1-dimensional array with 3 elements. Got {default_noises.size} elements instead.")
        self.noises = [kw.get(label, value) for label, value in zip(['var_gyr', 'var_acc', 'var_mag'], default_noises)]
        self.g_noise, self.a_noise, self.m_noise = self.noises
        return np.diag(np.repeat(self.noises[1:], 3))

    def _set_reference_frames(self, mref: float, frame: str = 'NED') -> None:
        if not isinstance(frame, str):
            raise TypeError(f"Parameter 'frame' must be a string. Got {type(frame)}.")
        if frame.upper() not in ['NED', 'ENU']:
            raise ValueError(f"Invalid frame '{frame}'. Try 'NED' or 'ENU'")
        # Magnetic Reference Vector
        if mref is None:
            # Local magnetic reference of Munich, Germany
            WMM = _not_copied  # adapted: ahrs's World Magnetic Model (the imports of ahrs.utils.wmm and its constants)
            wmm = WMM(latitude=MUNICH_LATITUDE, longitude=MUNICH_LONGITUDE, height=MUNICH_HEIGHT)
            self.m_ref = np.array([wmm.X, wmm.Y, wmm.Z]) if frame.upper() == 'NED' else np.array([wmm.Y, wmm.X, -wmm.Z])
        elif isinstance(mref, bool):
            raise TypeError("Invalid magnetic reference. Try a float or a numpy.ndarray.")
        elif isinstance(mref, (int, float)):
            cd, sd = cosd(mref), sind(mref)
            self.m_ref = np.array([cd, 0.0, sd]) if frame.upper() == 'NED' else np.array([0.0, cd, -sd])
        elif isinstance(mref, (list, tuple, np.ndarray)):
            self.m_ref = np.copy(mref)
        else:
            raise TypeError(f"mref must be given as a float, list, tuple or NumPy array. Got {type(mref)}")
        if self.m_ref.ndim != 1:
            raise ValueError(f"mref must be given as a 1-dimensional array. Got {self.m_ref.ndim} dimensions instead.")
        if self.m_ref.size != 3:
            raise ValueError(f"mref must be given as a 1-dimensional array with 3 elements. Got {self.m_ref.size} elements instead.")
        for item in self.m_ref:
            if not isinstance(item, (int, float)):
                raise TypeError(f"mref must be given as a 1-dimensional array of floats. Got {type(item)} instead.")
        self.m_ref /= np.linalg.norm(self.m_ref)
        # Gravitational Reference Vector
        self.a_ref = np.array([0.0, 0.0, 1.0]) if frame.upper() == 'NED' else np.array([0.0, 0.0, -1.0])

    def _assert_validity_of_inputs(self):
        for item in ["frequency", "Dt"]:
            _assert_numerical_positive_variable(getattr(self, item), item)
        for item in ['q0', 'P', 'R']:
            if self.__getattribute__(item) is not None:
                if isinstance(self.__getattribute__(item), bool):
                    raise TypeError(f"Parameter '{item}' must be an array of numeric values.")
                if not isinstance(self.__getattribute__(item), (list, tuple, np.ndarray)):
                    raise TypeError(f"Parameter '{item}' is not an array. Got {type(self.__getattribute__(item))}.")
                self.__setattr__(item, np.copy(self.__getattribute__(item)))
        if self.q0 is not None:
            if self.q0.shape != (4,):
                raise ValueError(f"Parameter 'q0' must be an array of shape (4,). It is {self.q0.shape}.")
            if not np.allclose(np.linalg.norm(self.q0), 1.0):
                raise ValueError(f"Parameter 'q0' must be a versor (norm equal to 1.0). Its norm is equal to {np.linalg.norm(self.q0)}.")
        for item in ['P', 'R']:
            if self.__getattribute__(item).ndim != 2:
                raise ValueError(f"Parameter '{item}' must be a 2-dimensional array.")
            m, n = self.__getattribute__(item).shape
            if m != n:
                raise ValueError(f"Parameter '{item}' must be a square matrix. It is {m}x{n}.")

    def _compute_all(self, frame: str) -> np.ndarray:
        _assert_numerical_iterable(self.gyr, 'Angular velocity vector')
        _assert_numerical_iterable(self.acc, 'Gravitational acceleration vector')
        self.gyr = np.array(self.gyr)
        self.acc = np.array(self.acc)
        if self.acc.shape != self.gyr.shape:
            raise ValueError("acc and gyr are not the same size")
        num_samples = len(self.acc)
        Q = np.zeros((num_samples, 4))
        Q[0] = self.q0
        if self.mag is not None:
            ###### Compute attitude with MARG architecture ######
            _assert_numerical_iterable(self.mag, 'Geomagnetic field vector')
            self.mag = np.array(self.mag)
            if self.mag.shape != self.gyr.shape:
                raise ValueError("mag and gyr are not the same size")
            if self.q0 is None:
                Q[0] = ecompass(self.acc[0], self.mag[0], frame=frame, representation='quaternion')
            Q[0] /= np.linalg.norm(Q[0])
            # EKF Loop over all data
            for t in range(1, num_samples):
                Q[t] = self.update(Q[t-1], self.gyr[t], self.acc[t], self.mag[t])
            return Q
        ###### Compute attitude with IMU architecture ######
        if self.q0 is None:
            Q[0] = acc2q(self.acc[0])
        Q[0] /= np.linalg.norm(Q[0])
        # EKF Loop over all data
        for t in range(1, num_samples):
            Q[t] = self.update(Q[t-1], self.gyr[t], self.acc[t])
        return Q

    def Omega(self, x: np.ndarray) -> np.ndarray:
        return np.array([
            [0.0,  -x[0], -x[1], -x[2]],
            [x[0],   0.0,  x[2], -x[1]],
            [x[1], -x[2],   0.0,  x[0]],
            [x[2],  x[1], -x[0],   0.0]])

    def f(self, q: np.ndarray, omega: np.ndarray, dt: float) -> np.ndarray:
        Omega_t = self.Omega(omega)
        return (np.identity(4) + 0.5*dt*Omega_t) @ q

    def dfdq(self, omega: np.ndarray, dt: float) -> np.ndarray:
        x = 0.5*dt*omega
        return np.identity(4) + self.Omega(x)

    def h(self, q: np.ndarray) -> np.ndarray:
        C = Quaternion(q).to_DCM().T
        if self.mag is None:
            return C @ self.a_ref
        return np.r_[C @ self.a_ref, C @ self.m_ref]

    def dhdq(self, q: np.ndarray, mode: str = 'normal') -> np.ndarray:
        if mode.lower() not in ['normal', 'refactored']:
            raise ValueError(f"Mode '{mode}' is invalid. Try 'normal' or 'refactored'.")
        qw, qx, qy, qz = q
        if mode.lower() == 'refactored':
            t = skew(self.a_ref)@q[1:]
            H = np.c_[t, q[1:]*self.a_ref*np.identity(3) + skew(t + qw*self.a_ref) - np.outer(self.a_ref, q[1:])]
            if self.mag is not None:
                t = skew(self.m_ref)@q[1:]
                H_2 = np.c_[t, q[1:]*self.m_ref*np.identity(3) + skew(t + qw*self.m_ref) - np.outer(self.m_ref, q[1:])]
                H = np.vstack((H, H_2))
            return 2.0*H
        v = np.r_[self.a_ref, self.m_ref]
        H = np.array([[ v[0]*qw + v[1]*qz - v[2]*qy, v[0]*qx + v[1]*qy + v[2]*qz, -v[0]*qy + v[1]*qx - v[2]*qw, -v[0]*qz + v[1]*qw + v[2]*qx],
                      [-v[0]*qz + v[1]*qw + v[2]*qx, v[0]*qy - v[1]*qx + v[2]*qw,  v[0]*qx + v[1]*qy + v[2]*qz, -v[0]*qw - v[1]*qz + v[2]*qy],
                      [ v[0]*qy - v[1]*qx + v[2]*qw, v[0]*qz - v[1]*qw - v[2]*qx,  v[0]*qw + v[1]*qz - v[2]*qy,  v[0]*qx + v[1]*qy + v[2]*qz]])
        if self.mag is not None:
            H_2 = np.array([[ v[3]*qw + v[4]*qz - v[5]*qy, v[3]*qx + v[4]*qy + v[5]*qz, -v[3]*qy + v[4]*qx - v[5]*qw, -v[3]*qz + v[4]*qw + v[5]*qx],
                            [-v[3]*qz + v[4]*qw + v[5]*qx, v[3]*qy - v[4]*qx + v[5]*qw,  v[3]*qx + v[4]*qy + v[5]*qz, -v[3]*qw - v[4]*qz + v[5]*qy],
                            [ v[3]*qy - v[4]*qx + v[5]*qw, v[3]*qz - v[4]*qw - v[5]*qx,  v[3]*qw + v[4]*qz - v[5]*qy,  v[3]*qx + v[4]*qy + v[5]*qz]])
            H = np.vstack((H, H_2))
        return 2.0*H

    def update(self, q: np.ndarray, gyr: np.ndarray, acc: np.ndarray, mag: np.ndarray = None, dt: float = None) -> np.ndarray:
        _assert_numerical_iterable(q, 'Quaternion')
        _assert_numerical_iterable(gyr, 'Tri-axial gyroscope sample')
        _assert_numerical_iterable(acc, 'Tri-axial accelerometer sample')
        if mag is not None:
            _assert_numerical_iterable(mag, 'Tri-axial magnetometer sample')
        dt = self.Dt if dt is None else dt
        if not np.isclose(np.linalg.norm(q), 1.0):
            raise ValueError("A-priori quaternion must have a norm equal to 1.")
        # Current Measurements
        g = np.array(gyr)                       # Gyroscope data (control vector)
        a = np.array(acc)
        a_norm = np.linalg.norm(a)
        if a_norm == 0:
            return q
        a /= a_norm
        z = np.copy(a)
        if mag is not None:
            m_norm = np.linalg.norm(mag)
            if m_norm == 0:
                raise ValueError("Invalid geomagnetic field. Its magnitude must be greater than zero.")
            z = np.r_[a, mag/m_norm]
        self.R = np.diag(np.repeat(self.noises[1:] if mag is not None else self.noises[1], 3))
        # ----- Prediction -----
        q_t = self.f(q, g, dt)                  # Predicted State
        F   = self.dfdq(g, dt)                  # Linearized Fundamental Matrix
        W   = 0.5*dt * np.r_[[-q[1:]], q[0]*np.identity(3) + skew(q[1:])]  # Jacobian W = df/dω
        Q_t = self.g_noise * W@W.T              # Process Noise Covariance
        P_t = F@self.P@F.T + Q_t                # Predicted Covariance Matrix
        # ----- Correction -----
        y   = self.h(q_t)                       # Expected Measurement function
        v   = z - y                             # Innovation (Measurement Residual)
        H   = self.dhdq(q_t)                    # Linearized Measurement Matrix
        S   = H@P_t@H.T + self.R                # Measurement Prediction Covariance
        K   = P_t@H.T@np.linalg.inv(S)          # Kalman Gain
        self.P = (np.identity(4) - K@H)@P_t     # Updated Covariance Matrix
        q = q_t + K@v                           # Corrected State
        q /= np.linalg.norm(q)
        return q


# --- ahrs/filters/aqua.py --------------------------------------------------------------------------------
def slerp_I(q: np.ndarray, ratio: float, t: float) -> np.ndarray:
    q_I = np.array([1.0, 0.0, 0.0, 0.0])
    if q[0] > t:  # LERP
        q = (1.0-ratio)*q_I + ratio*q   # (eq. 50)
    else:       # SLERP
        angle = np.arccos(q[0])
        q = q_I*np.sin(abs(1.0-ratio)*angle)/np.sin(angle) + q*np.sin(ratio*angle)/np.sin(angle)    # (eq. 52)
    q /= np.linalg.norm(q)              # (eq. 51)
    return q


def adaptive_gain(a_local: np.ndarray, alpha_bar: float = 0.1, t1: float = 0.1, t2: float = 0.2, g: float = GRAVITY) -> float:
    if t1 > t2:
        raise ValueError("The second threshold should be greater than the first threshold.")
    em = abs(np.linalg.norm(a_local)-g)/g   # Magnitude error (eq. 60)
    f_em = np.clip((t2-em)/t1, 0.0, 1.0)    # Gain factor
    return alpha_bar * f_em   # Filtering gain (eq. 61)


# --- ahrs/filters/tilt.py --------------------------------------------------------------------------------
def _assert_representation(representation: str):
    if not isinstance(representation, str):
        raise TypeError(f"Representation must be a string. Got {type(representation)}.")
    if representation not in ['quaternion', 'angles', 'rotmat']:
        raise ValueError(f"Given representation '{representation}' is NOT valid. Try 'rotmat', 'angles' or 'quaternion'")


class Tilt:
    def __init__(self, acc: np.ndarray = None, mag: np.ndarray = None, **kwargs):
        self.acc: np.ndarray = acc
        self.mag: np.ndarray = mag
        self.representation: str = kwargs.get('representation', 'quaternion')
        self.as_angles: bool = kwargs.get('as_angles', self.representation == 'angles') # Old parameter. Backwards compatiblity.
        _assert_representation(self.representation)
        self.angles: np.ndarray = None
        if self.acc is not None:
            self.Q = self._compute_all()

    def _compute_all(self) -> np.ndarray:
        _assert_numerical_iterable(self.acc, 'Gravitational acceleration vector')
        self.acc = np.copy(self.acc)
        if self.acc.ndim < 2:
            return self.estimate(self.acc, self.mag, self.representation)
        # Normalization of 2D arrays
        a = self.acc/np.linalg.norm(self.acc, axis=1)[:, None]
        self.angles = np.zeros((len(a), 3))   # Allocation of angles array
        # Estimate tilt angles
        self.angles[:, 0] = np.arctan2(a[:, 1], a[:, 2])
        self.angles[:, 1] = np.arctan2(-a[:, 0], np.sqrt(a[:, 1]**2 + a[:, 2]**2))
        if self.mag is not None:
            _assert_numerical_iterable(self.mag, 'Geomagnetic field vector')
            # Estimate heading angle
            m = self.mag/np.linalg.norm(self.mag, axis=1)[:, None]
            my2 = m[:, 2]*np.sin(self.angles[:, 0]) - m[:, 1]*np.cos(self.angles[:, 0])
            mz2 = m[:, 1]*np.sin(self.angles[:, 0]) + m[:, 2]*np.cos(self.angles[:, 0])
            mx3 = m[:, 0]*np.cos(self.angles[:, 1]) + mz2*np.sin(self.angles[:, 1])
            self.angles[:, 2] = np.arctan2(my2, mx3)
        # Return angles in radians
        if self.representation == 'angles':
            return self.angles
        # RPY to Quaternion
        cp = np.cos(0.5*self.angles[:, 1])
        sp = np.sin(0.5*self.angles[:, 1])
        cr = np.cos(0.5*self.angles[:, 0])
        sr = np.sin(0.5*self.angles[:, 0])
        cy = np.cos(0.5*self.angles[:, 2])
        sy = np.sin(0.5*self.angles[:, 2])
        Q = np.zeros((len(self.acc), 4))
        Q[:, 0] = cy*cp*cr + sy*sp*sr
        Q[:, 1] = cy*cp*sr - sy*sp*cr
        Q[:, 2] = sy*cp*sr + cy*sp*cr
        Q[:, 3] = sy*cp*cr - cy*sp*sr
        if self.representation == 'quaternion':
            return Q
        Q = QuaternionArray(Q)
        return Q.to_DCM()

    def estimate(self, acc: np.ndarray, mag: np.ndarray = None, representation: str = 'quaternion') -> np.ndarray:
        _assert_representation(representation)
        _assert_numerical_iterable(acc, 'Gravitational acceleration vector')
        acc = np.copy(acc)
        a_norm = np.linalg.norm(acc)
        if a_norm == 0:
            raise ValueError("Gravitational acceleration must be non-zero")
        ax, ay, az = acc/a_norm
        ### Tilt from Accelerometer
        ex = np.arctan2( ay, az)                        # Roll
        ey = np.arctan2(-ax, np.sqrt(ay**2 + az**2))    # Pitch
        ez = 0.0                                        # Yaw
        if mag is not None:
            _assert_numerical_iterable(mag, 'Geomagnetic field vector')
            if np.linalg.norm(mag) == 0:
                raise ValueError("Magnetic field must be non-zero")
            mx, my, mz = mag/np.linalg.norm(mag)
            # Get tilted reference frame
            by = my*np.cos(ex) - mz*np.sin(ex)
            bx = mx*np.cos(ey) + np.sin(ey)*(my*np.sin(ex) + mz*np.cos(ex))
            ez = np.arctan2(-by, bx)
        if representation == 'angles':
            return np.array([ex, ey, ez])
        #### Euler to Quaternion
        cp = np.cos(0.5*ey)
        sp = np.sin(0.5*ey)
        cr = np.cos(0.5*ex)
        sr = np.sin(0.5*ex)
        cy = np.cos(0.5*ez)
        sy = np.sin(0.5*ez)
        q = np.zeros(4)
        q[0] = cy*cp*cr + sy*sp*sr
        q[1] = cy*cp*sr - sy*sp*cr
        q[2] = sy*cp*sr + cy*sp*cr
        q[3] = sy*cp*cr - cy*sp*sr
        if representation == 'quaternion':
            return q
        q = Quaternion(q)
        return q.to_DCM()


# --- the cases -----------------------------------------------------------------------------------------


def madgwick_imu(gyr, acc):
    return Madgwick(gyr=gyr, acc=acc).Q


def mahony_update_imu(q, gyr, acc):
    return Mahony().updateIMU(q, gyr, acc)


def mahony_update_marg(q, gyr, acc, mag):
    return Mahony().updateMARG(q, gyr, acc, mag)


def ekf_update(q, gyr, acc):
    return EKF(magnetic_ref=MAG_DIP, frame='NED').update(q, gyr, acc)


MAG_DIP = 64.22  # the magnetic dip in Munich, degrees (ahrs's examples pass one as magnetic_ref)
_M_NED = 48_000.0 * np.array([np.cos(np.radians(MAG_DIP)), 0.0, np.sin(np.radians(MAG_DIP))])  # nT


def _quaternion(rng):
    q = rng.normal(size=4)
    q[0] = abs(q[0]) + 0.5
    return q / np.linalg.norm(q)


def _rotation(q):
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (w * x + y * z), 1 - 2 * (x * x + y * y)]])


def _sample(rng, q=None):
    """A sensor at attitude q: accelerometer (m/s^2), gyroscope (rad/s) and magnetometer (nT) samples."""
    R = _rotation(_quaternion(rng) if q is None else q)
    acc = R.T @ np.array([0.0, 0.0, GRAVITY]) + rng.normal(0.0, 0.05, 3)
    mag = R.T @ _M_NED + rng.normal(0.0, 50.0, 3)
    return rng.normal(0.0, 0.3, 3), acc, mag


def _update(rng):
    q = _quaternion(rng)
    gyr, acc, _ = _sample(rng, q)
    return q, gyr, acc


def _update_marg(rng):
    q = _quaternion(rng)
    return (q, *_sample(rng, q))


def _run(rng, n=8):
    """n samples of a sensor turning slowly about a tilted axis."""
    q = _quaternion(rng)
    gyr, acc = np.empty((n, 3)), np.empty((n, 3))
    for t in range(n):
        gyr[t], acc[t], _ = _sample(rng, q)
    return gyr, acc


def _rotations(rng, n=4):
    return np.stack([_rotation(_quaternion(rng)) for _ in range(n)])


def _quaternions(rng, n=5):
    return np.stack([_quaternion(rng) for _ in range(n)])


def _jumpy(rng, n=8):
    """A quaternion series with sign flips (q and -q are one attitude), as q_correct's docstring shows."""
    Q = _quaternions(rng, n)
    Q[2:4] *= -1.0
    Q[6] *= -1.0
    return (Q,)


def _slerp(rng):
    q0, q1 = _quaternion(rng), _quaternion(rng)
    return q0, -q1, np.linspace(0.0, 1.0, 6)


def _trace_negative(rng):
    """A rotation of about 160 degrees: trace near -1, the branches for small q_w."""
    axis = rng.normal(size=3)
    axis /= np.linalg.norm(axis)
    angle = np.radians(rng.uniform(155.0, 165.0))
    return (_rotation(np.array([np.cos(angle / 2), *(np.sin(angle / 2) * axis)])),)


def _geodetic(rng):
    return np.float64(rng.uniform(-80.0, 80.0)), np.float64(rng.uniform(-170.0, 170.0)), np.float64(rng.uniform(0, 3e3))


def _ecef(rng):
    return tuple(geodetic2ecef(*_geodetic(rng)))


_OR = "common/orientation.py"
_ME = "utils/metrics.py"

CASES = [
    # common/orientation.py
    case(q_norm, lambda rng: (rng.normal(size=(5, 4)),), AH(_OR, "q_norm", "(N, 4)")),
    case(axang2quat, lambda rng: (rng.normal(size=3), np.float64(rng.uniform(0.1, 3.0))), AH(_OR, "axang2quat")),
    case(quat2axang, lambda rng: (rng.normal(size=4),), AH(_OR, "quat2axang")),
    case(q_correct, _jumpy, AH(_OR, "q_correct", "sign flips at samples 2-3 and 6")),
    case(q2R, lambda rng: (_quaternions(rng), 2), AH(_OR, "q2R", "(N, 4), version 2")),
    case(ecompass, lambda rng: (*_sample(rng)[1:], 'NED', 'quaternion'), AH(_OR, "ecompass", "NED, quaternion")),
    case(ecompass, lambda rng: (*_sample(rng)[1:], 'ENU', 'axisangle'), AH(_OR, "ecompass", "ENU, axis-angle"),
         name="ahrs.ecompass_axisangle"),
    case(am2q, lambda rng: _sample(rng)[1:], AH(_OR, "am2q", "through am2DCM and dcm2quat")),
    case(acc2q, lambda rng: (_sample(rng)[1],), AH(_OR, "acc2q")),
    case(am2angles, lambda rng: (_run(rng)[1], rng.normal(size=(8, 3)) * 4e4), AH(_OR, "am2angles", "(N, 3)")),
    case(slerp, _slerp, AH(_OR, "slerp", "q1 negated: the shortest-path branch")),
    case(chiaverini, lambda rng: (_rotation(_quaternion(rng)),), AH(_OR, "chiaverini")),
    case(hughes, _trace_negative, AH(_OR, "hughes", "a 3x3 DCM of a rotation near 160 degrees")),
    case(sarabandi, _trace_negative, AH(_OR, "sarabandi", "a rotation near 160 degrees")),
    case(itzhack, lambda rng: (_rotation(_quaternion(rng)), 3), AH(_OR, "itzhack", "version 3 (np.linalg.eig)")),
    case(shepperd, _trace_negative, AH(_OR, "shepperd", "a rotation near 160 degrees")),
    # utils/metrics.py
    case(chordal, lambda rng: (_rotations(rng), _rotations(rng)), AH(_ME, "chordal", "(N, 3, 3)")),
    case(qdist, lambda rng: (_quaternion(rng), _quaternion(rng)), AH(_ME, "qdist", "single quaternions")),
    case(qad, lambda rng: (_quaternion(rng), _quaternion(rng)), AH(_ME, "qad", "single quaternions")),
    # common/frames.py
    case(geodetic2ecef, _geodetic, AH("common/frames.py", "geodetic2ecef", "NumPy float64 scalars")),
    case(ecef2geodetic, _ecef, AH("common/frames.py", "ecef2geodetic", "a while loop until the latitude converges")),
    # filters/madgwick.py, filters/mahony.py, filters/ekf.py, filters/aqua.py, filters/tilt.py
    case(Madgwick().updateIMU, _update, AH("filters/madgwick.py", "Madgwick.updateIMU"),
         name="ahrs.Madgwick.updateIMU"),
    case(Madgwick().updateMARG, _update_marg, AH("filters/madgwick.py", "Madgwick.updateMARG"),
         name="ahrs.Madgwick.updateMARG"),
    case(madgwick_imu, _run, AH("filters/madgwick.py", "Madgwick._compute_all", "Madgwick(gyr=, acc=).Q")),
    case(mahony_update_imu, _update, AH("filters/mahony.py", "Mahony.updateIMU", "a fresh Mahony()")),
    case(mahony_update_marg, _update_marg, AH("filters/mahony.py", "Mahony.updateMARG", "a fresh Mahony()")),
    case(ekf_update, _update, AH("filters/ekf.py", "EKF.update", "a fresh EKF(magnetic_ref=64.22), IMU update")),
    case(slerp_I, lambda rng: (_quaternion(rng), np.float64(rng.uniform(0.01, 0.2)), 0.9),
         AH("filters/aqua.py", "slerp_I")),
    case(adaptive_gain, lambda rng: (_sample(rng)[1] * rng.uniform(0.8, 1.2),), AH("filters/aqua.py", "adaptive_gain")),
    case(Tilt().estimate, lambda rng: (*_sample(rng)[1:], 'quaternion'), AH("filters/tilt.py", "Tilt.estimate"),
         name="ahrs.Tilt.estimate"),
]
