"""transforms3d's 3-D rotations, affines, zooms, shears and reflections: ``utils.py``'s normalisation (``math.sqrt``
of a NumPy sum) and its generators of signed permutations (``yield`` in a loop over ``itertools.permutations``,
``if val not in history`` on tuples), the quaternions of ``quaternions.py`` (unpacking ``w, x, y, z = q``, an early
``return np.eye(3)`` under ``if Nq < _FLOAT_EPS``, ``mat2quat``'s ``np.linalg.eigh`` with fancy indexing of the
eigenvector and ``q *= -1`` under ``if q[0] < 0``, products, exp / log / power with early returns of ``qeye`` on zero
norms and slice writes ``result[1:] = ...``, ``fillpositive``'s ``try`` / ``except`` around ``np.finfo`` and nested
``if`` with ``np.r_``, ``quat2axangle``'s ``float('nan')`` return, ``math.acos(max(min(...)))``), axis-angle rotations
of ``axangles.py`` (``math.cos`` / ``math.sin`` of an angle, ``np.linalg.eig`` with ``np.where`` on the eigenvalues
and an ``if`` / ``elif`` / ``else`` on the direction's components into ``math.atan2``), Euler angles in the 24
conventions of ``euler.py`` (a dict lookup of the axes string in ``try`` / ``except``, index writes ``M[i, j] = ...``
by convention-dependent Python ints, ``if sy > _EPS4`` on a matrix element, a small class of bound conventions) and
the Tait-Bryan ZYX specialisation of ``taitbryan.py`` (``if z:`` on an angle to skip a matrix, ``functools.reduce``
of ``np.dot`` over a reversed list), shears (``striu2mat``'s dict cache keyed by float, a masked write ``M[inds] =
striu``; ``np.linalg.svd`` for the inverse), affine composition and decomposition (``np.linalg.cholesky``, in-place
``M0 /= sx`` on columns of a transposed copy, ``if np.linalg.det(Rmat) < 0`` flipping a column), zooms and reflections
(eigenvectors picked by ``np.nonzero`` of a tolerance test, with ``if near_factors.size == 0``) (matthew-brett/
transforms3d, BSD-2-Clause).

Copied from matthew-brett/transforms3d at 6a43a98e3659d198ff6ce2c90d52ddef50fcf770 (version 0.4.2; its ``LICENSE``
says "The transforms3d package, including all examples, code snippets and attached documentation is covered by the
2-clause BSD license. Copyright (c) 2009-2024, Matthew Brett and Christoph Gohlke"): under ``transforms3d/``,
``utils.py``, ``quaternions.py``, ``axangles.py``, ``taitbryan.py``, ``euler.py``, ``shears.py``, ``affines.py``,
``zooms.py`` and ``reflections.py``, every function in the files' order, docstrings dropped, comments kept.
``_gohlketransforms.py`` (Gohlke's ``transformations.py``, already in ``corpus_geometry`` from trimesh) is left out.

Adapted, beyond that:

* the modules share one namespace here: ``taitbryan.py``'s six functions, whose names ``euler.py`` also uses, are
  prefixed ``tb_`` (their calls of each other too); ``euler.py``'s ``from . import taitbryan as tb`` and
  ``taitbryan.py``'s delayed ``from . import quaternions as nq`` (inside ``quat2euler`` and ``euler2axangle``, lines
  dropped, comment kept) are namespaces of this module's functions, defined once below; the other relative imports
  are names of this module;
* ``utils.py``'s ``random_unit_vector`` and the ``np_default_rng`` fallback it uses are left out (random), as are
  the module docstrings;
* a setting the source takes as a keyword or an optional argument (``axes=``, ``is_normalized=``, ``point=``,
  ``S=``, ``direction=``, ``origin=``) is given by a one-line wrapper named after the case, so the traced arguments
  are the arrays.

The inputs: unit and non-unit quaternions, rotation matrices from random Euler angles, angles as NumPy float64
scalars (traced) and as Python floats, random axes and points, affines composed from translations, rotations,
zooms and shears (one with a reflection, negative determinant); and the edge values: the zero quaternion, the
identity rotation (no axis), gimbal lock (a pitch of pi / 2), a quaternion with NaN, and zero angles (``if z:``).
"""

# ruff: noqa: E201, E203, E211, E221, E231, E241, E261, E262, E302, E305, E501, E701, E702, E711, E714, E741, N802, N803, N806, B007, B905, UP004, UP028, UP031
from __future__ import annotations

import math
import types
from functools import reduce
from itertools import permutations

import numpy as np

from tests.coverage.cases import TRANSFORMS3D, Source, case


def T3(path: str, original: str, note: str = "") -> Source:
    return Source(TRANSFORMS3D, "transforms3d/" + path, original, note)


# --- transforms3d/utils.py ---

def normalized_vector(vec):
    vec = np.asarray(vec).squeeze()
    return vec / math.sqrt((vec**2).sum())

def vector_norm(vec):
    vec = np.asarray(vec)
    return math.sqrt((vec**2).sum())

def inique(iterable):
    history = []
    for val in iterable:
        if val not in history:
            history.append(val)
            yield val

def permuted_signs(seq):
    seq = tuple(seq)
    n = len(seq)
    for fs in inique(permutations([1]*n + [-1]*n, n)):
        yield tuple(e * f for e, f in zip(seq, fs))

def permuted_with_signs(seq):
    for pseq in permutations(seq):
        for sseq in permuted_signs(pseq):
            yield sseq


# --- transforms3d/quaternions.py ---

_FLOAT_EPS = np.finfo(np.float64).eps

def fillpositive(xyz, w2_thresh=None):
    # Check inputs (force error if < 3 values)
    if len(xyz) != 3:
        raise ValueError('xyz should have length 3')
    # If necessary, guess precision of input
    if w2_thresh is None:
        try: # trap errors for non-array, integer array
            w2_thresh = -np.finfo(xyz.dtype).eps * 3
        except (AttributeError, ValueError):
            w2_thresh = -_FLOAT_EPS * 3
    # Use maximum precision
    xyz = np.asarray(xyz, dtype=np.float64)
    # Calculate w
    w2 = 1.0 - np.dot(xyz, xyz)
    if w2 < 0:
        if w2 < w2_thresh:
            raise ValueError('w2 should be positive, but is %e' % w2)
        w = 0
    else:
        w = np.sqrt(w2)
    return np.r_[w, xyz]

def quat2mat(q):
    w, x, y, z = q
    Nq = w*w + x*x + y*y + z*z
    if Nq < _FLOAT_EPS:
        return np.eye(3)
    s = 2.0/Nq
    X = x*s
    Y = y*s
    Z = z*s
    wX = w*X; wY = w*Y; wZ = w*Z
    xX = x*X; xY = x*Y; xZ = x*Z
    yY = y*Y; yZ = y*Z; zZ = z*Z
    return np.array(
           [[ 1.0-(yY+zZ), xY-wZ, xZ+wY ],
            [ xY+wZ, 1.0-(xX+zZ), yZ-wX ],
            [ xZ-wY, yZ+wX, 1.0-(xX+yY) ]])

def mat2quat(M):
    # Qyx refers to the contribution of the y input vector component to
    # the x output vector component.  Qyx is therefore the same as
    # M[0,1].  The notation is from the Wikipedia article.
    Qxx, Qyx, Qzx, Qxy, Qyy, Qzy, Qxz, Qyz, Qzz = M.flat
    # Fill only lower half of symmetric matrix
    K = np.array([
        [Qxx - Qyy - Qzz, 0,               0,               0              ],
        [Qyx + Qxy,       Qyy - Qxx - Qzz, 0,               0              ],
        [Qzx + Qxz,       Qzy + Qyz,       Qzz - Qxx - Qyy, 0              ],
        [Qyz - Qzy,       Qzx - Qxz,       Qxy - Qyx,       Qxx + Qyy + Qzz]]
        ) / 3.0
    # Use Hermitian eigenvectors, values for speed
    vals, vecs = np.linalg.eigh(K)
    # Select largest eigenvector, reorder to w,x,y,z quaternion
    q = vecs[[3, 0, 1, 2], np.argmax(vals)]
    # Prefer quaternion with positive w
    # (q * -1 corresponds to same rotation as q)
    if q[0] < 0:
        q *= -1
    return q

def qmult(q1, q2):
    w1, x1, y1, z1 = q1
    w2, x2, y2, z2 = q2
    w = w1*w2 - x1*x2 - y1*y2 - z1*z2
    x = w1*x2 + x1*w2 + y1*z2 - z1*y2
    y = w1*y2 + y1*w2 + z1*x2 - x1*z2
    z = w1*z2 + z1*w2 + x1*y2 - y1*x2
    return np.array([w, x, y, z])

def qconjugate(q):
    return np.array(q) * np.array([1.0, -1, -1, -1])

def qnorm(q):
    return np.sqrt(np.dot(q, q))

def qisunit(q):
    return np.allclose(qnorm(q), 1)

def qinverse(q):
    return qconjugate(q) / qnorm(q)

def qeye(dtype=np.float64):
    return np.array([1.0,0,0,0], dtype = dtype)

def qexp(q):
    q = np.array(q)  # to ensure there is a dtype
    w, v = q[0], q[1:]
    norm = np.sqrt(np.dot(v, v))
    result = np.zeros((4,), q.dtype)

    if norm == 0.:
        return qeye(q.dtype)

    result[0] =  np.cos(norm)
    result[1:] = np.sin(norm)/norm * v
    return result * np.exp(w)

def qlog(q):
    q = np.array(q)  # To ensure there is a dtype
    qnorm_ = qnorm(q)
    if qnorm_ == 0.:
        return qeye(q.dtype)

    w, v = q[0], q[1:]
    vnorm = np.sqrt(np.dot(v, v))
    result = np.zeros((4,), q.dtype)

    if vnorm == 0.:
        return qeye(q.dtype)

    result[0] =  np.log(qnorm_)
    result[1:] = v/vnorm * np.arccos(w/qnorm_)
    return result

def qpow(q, n):
    q = np.array(q)  # To ensure there is a dtype.
    qnorm_ = qnorm(q)

    if qnorm_ == 0.:
        return qeye(q.dtype)

    w, v = q[0], q[1:]

    nnorm = np.sqrt(np.dot(v, v))
    result = np.zeros((4,), q.dtype)

    if nnorm == 0.:
        return qeye(q.dtype)

    theta = np.arccos(w/qnorm_)
    n_hat = v/nnorm

    result[0] = np.cos(n*theta)
    result[1:] = n_hat * np.sin(n*theta)
    return result *  np.power(qnorm_, n)

def rotate_vector(v, q, is_normalized=True):
    if not is_normalized:
        q = q / qnorm(q)
    varr = np.zeros((4,))
    varr[1:] = v
    return qmult(q, qmult(varr, qconjugate(q)))[1:]

def nearly_equivalent(q1, q2, rtol=1e-5, atol=1e-8):
    q1 = np.array(q1)
    q2 = np.array(q2)
    if np.allclose(q1, q2, rtol, atol):
        return True
    return np.allclose(q1 * -1, q2, rtol, atol)

def axangle2quat(vector, theta, is_normalized=False):
    vector = np.array(vector)
    if not is_normalized:
        # Cannot divide in-place because input vector may be integer type,
        # whereas output will be float type; this may raise an error in versions
        # of numpy > 1.6.1
        vector = vector / math.sqrt(np.dot(vector, vector))
    t2 = theta / 2.0
    st2 = math.sin(t2)
    return np.concatenate(([math.cos(t2)],
                           vector * st2))

def quat2axangle(quat, identity_thresh=None):
    quat = np.asarray(quat)
    Nq = np.sum(quat ** 2)
    if not np.isfinite(Nq):
        return np.array([1.0, 0, 0]), float('nan')
    if identity_thresh is None:
        try:
            identity_thresh = np.finfo(Nq.type).eps * 3
        except (AttributeError, ValueError): # Not a numpy type or not float
            identity_thresh = _FLOAT_EPS * 3
    if Nq < _FLOAT_EPS ** 2:  # Results unreliable after normalization
        return np.array([1.0, 0, 0]), 0.0
    if Nq != 1:  # Normalize if not normalized
        s = math.sqrt(Nq)
        quat = quat / s
    xyz = quat[1:]
    len2 = np.sum(xyz ** 2)
    if len2 < identity_thresh ** 2:
        # if vec is nearly 0,0,0, this is an identity rotation
        return np.array([1.0, 0, 0]), 0.0
    # Make sure w is not slightly above 1 or below -1
    theta = 2 * math.acos(max(min(quat[0], 1), -1))
    return  xyz / math.sqrt(len2), theta


# --- transforms3d/axangles.py ---

def axangle2mat(axis, angle, is_normalized=False):
    x, y, z = axis
    if not is_normalized:
        n = math.sqrt(x*x + y*y + z*z)
        x = x/n
        y = y/n
        z = z/n
    c = math.cos(angle); s = math.sin(angle); C = 1-c
    xs = x*s;   ys = y*s;   zs = z*s
    xC = x*C;   yC = y*C;   zC = z*C
    xyC = x*yC; yzC = y*zC; zxC = z*xC
    return np.array([
            [ x*xC+c,   xyC-zs,   zxC+ys ],
            [ xyC+zs,   y*yC+c,   yzC-xs ],
            [ zxC-ys,   yzC+xs,   z*zC+c ]])

def axangle2aff(axis, angle, point=None):
    M = np.eye(4)
    R = axangle2mat(axis, angle)
    M[:3,:3] = R
    if point is not None:
        # rotation not around origin
        point = np.array(point[:3], dtype=np.float64)
        M[:3, 3] = point - np.dot(R, point)
    return M

def mat2axangle(mat, unit_thresh=1e-5):
    M = np.asarray(mat, dtype=np.float64)
    # direction: unit eigenvector of R33 corresponding to eigenvalue of 1
    L, W = np.linalg.eig(M.T)
    i = np.where(np.abs(L - 1.0) < unit_thresh)[0]
    if not len(i):
        raise ValueError("no unit eigenvector corresponding to eigenvalue 1")
    direction = np.real(W[:, i[-1]]).squeeze()
    # rotation angle depending on direction
    cosa = (np.trace(M) - 1.0) / 2.0
    if abs(direction[2]) > 1e-8:
        sina = (M[1, 0] + (cosa-1.0)*direction[0]*direction[1]) / direction[2]
    elif abs(direction[1]) > 1e-8:
        sina = (M[0, 2] + (cosa-1.0)*direction[0]*direction[2]) / direction[1]
    else:
        sina = (M[2, 1] + (cosa-1.0)*direction[1]*direction[2]) / direction[0]
    angle = math.atan2(sina, cosa)
    return direction, angle

def aff2axangle(aff):
    R = np.asarray(aff, dtype=np.float64)
    direction, angle = mat2axangle(R[:3, :3])
    # point: unit eigenvector of R33 corresponding to eigenvalue of 1
    L, Q = np.linalg.eig(R)
    i = np.where(abs(np.real(L) - 1.0) < 1e-8)[0]
    if not len(i):
        raise ValueError("no unit eigenvector corresponding to eigenvalue 1")
    point = np.real(Q[:, i[-1]]).squeeze()
    point /= point[3]
    return direction, angle, point


# --- transforms3d/taitbryan.py (its functions prefixed tb_: euler.py has functions of the same names) ---

_FLOAT_EPS_4 = np.finfo(float).eps * 4.0

def tb_euler2mat(z, y, x):
    Ms = []
    if z:
        cosz = math.cos(z)
        sinz = math.sin(z)
        Ms.append(np.array(
                [[cosz, -sinz, 0],
                 [sinz, cosz, 0],
                 [0, 0, 1]]))
    if y:
        cosy = math.cos(y)
        siny = math.sin(y)
        Ms.append(np.array(
                [[cosy, 0, siny],
                 [0, 1, 0],
                 [-siny, 0, cosy]]))
    if x:
        cosx = math.cos(x)
        sinx = math.sin(x)
        Ms.append(np.array(
                [[1, 0, 0],
                 [0, cosx, -sinx],
                 [0, sinx, cosx]]))
    if Ms:
        return reduce(np.dot, Ms[::-1])
    return np.eye(3)

def tb_mat2euler(M, cy_thresh=None):
    M = np.asarray(M)
    if cy_thresh is None:
        try:
            cy_thresh = np.finfo(M.dtype).eps * 4
        except ValueError:
            cy_thresh = _FLOAT_EPS_4
    r11, r12, r13, r21, r22, r23, r31, r32, r33 = M.flat
    # (-cos(y)*sin(x))**2 + (cos(x)*cos(y))**2) =
    # (cos(y)**2)(sin(x)**2 + cos(x)**2) ==> (Pythagoras)
    # cos(y) = sqrt((-cos(y)*sin(x))**2 + (cos(x)*cos(y))**2)
    cy = math.sqrt(r23 * r23 + r33 * r33)
    if cy > cy_thresh: # cos(y) not close to zero, standard form
        z = math.atan2(-r12,  r11) # atan2(cos(y)*sin(z), cos(y)*cos(z))
        y = math.atan2(r13,  cy) # atan2(sin(y), cy)
        x = math.atan2(-r23, r33) # atan2(cos(y)*sin(x), cos(x)*cos(y))
    else: # cos(y) (close to) zero, so x -> 0.0 (see above)
        # so r21 -> sin(z), r22 -> cos(z) and
        z = math.atan2(r21,  r22)
        y = math.atan2(r13,  cy) # atan2(sin(y), cy)
        x = 0.0
    return z, y, x

def tb_euler2quat(z, y, x):
    z = z/2.0
    y = y/2.0
    x = x/2.0
    cz = math.cos(z)
    sz = math.sin(z)
    cy = math.cos(y)
    sy = math.sin(y)
    cx = math.cos(x)
    sx = math.sin(x)
    return np.array([
             cx*cy*cz - sx*sy*sz,
             cx*sy*sz + cy*cz*sx,
             cx*cz*sy - sx*cy*sz,
             cx*cy*sz + sx*cz*sy])

def tb_quat2euler(q):
    # delayed import to avoid cyclic dependencies
    return tb_mat2euler(nq.quat2mat(q))

def tb_euler2axangle(z, y, x):
    # delayed import to avoid cyclic dependencies
    return nq.quat2axangle(tb_euler2quat(z, y, x))

def tb_axangle2euler(vector, theta):
    return tb_mat2euler(axangle2mat(vector, theta))


# --- transforms3d/euler.py ---

_NEXT_AXIS = [1, 2, 0, 1]

# map axes strings to/from tuples of inner axis, parity, repetition, frame
_AXES2TUPLE = {
    'sxyz': (0, 0, 0, 0), 'sxyx': (0, 0, 1, 0), 'sxzy': (0, 1, 0, 0),
    'sxzx': (0, 1, 1, 0), 'syzx': (1, 0, 0, 0), 'syzy': (1, 0, 1, 0),
    'syxz': (1, 1, 0, 0), 'syxy': (1, 1, 1, 0), 'szxy': (2, 0, 0, 0),
    'szxz': (2, 0, 1, 0), 'szyx': (2, 1, 0, 0), 'szyz': (2, 1, 1, 0),
    'rzyx': (0, 0, 0, 1), 'rxyx': (0, 0, 1, 1), 'ryzx': (0, 1, 0, 1),
    'rxzx': (0, 1, 1, 1), 'rxzy': (1, 0, 0, 1), 'ryzy': (1, 0, 1, 1),
    'rzxy': (1, 1, 0, 1), 'ryxy': (1, 1, 1, 1), 'ryxz': (2, 0, 0, 1),
    'rzxz': (2, 0, 1, 1), 'rxyz': (2, 1, 0, 1), 'rzyz': (2, 1, 1, 1)}

_TUPLE2AXES = dict((v, k) for k, v in _AXES2TUPLE.items())

# For testing whether a number is close to zero
_EPS4 = np.finfo(float).eps * 4.0

def euler2mat(ai, aj, ak, axes='sxyz'):
    try:
        firstaxis, parity, repetition, frame = _AXES2TUPLE[axes]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]  # validation
        firstaxis, parity, repetition, frame = axes

    i = firstaxis
    j = _NEXT_AXIS[i+parity]
    k = _NEXT_AXIS[i-parity+1]

    if frame:
        ai, ak = ak, ai
    if parity:
        ai, aj, ak = -ai, -aj, -ak

    si, sj, sk = math.sin(ai), math.sin(aj), math.sin(ak)
    ci, cj, ck = math.cos(ai), math.cos(aj), math.cos(ak)
    cc, cs = ci*ck, ci*sk
    sc, ss = si*ck, si*sk

    M = np.eye(3)
    if repetition:
        M[i, i] = cj
        M[i, j] = sj*si
        M[i, k] = sj*ci
        M[j, i] = sj*sk
        M[j, j] = -cj*ss+cc
        M[j, k] = -cj*cs-sc
        M[k, i] = -sj*ck
        M[k, j] = cj*sc+cs
        M[k, k] = cj*cc-ss
    else:
        M[i, i] = cj*ck
        M[i, j] = sj*sc-cs
        M[i, k] = sj*cc+ss
        M[j, i] = cj*sk
        M[j, j] = sj*ss+cc
        M[j, k] = sj*cs-sc
        M[k, i] = -sj
        M[k, j] = cj*si
        M[k, k] = cj*ci
    return M

def mat2euler(mat, axes='sxyz'):
    try:
        firstaxis, parity, repetition, frame = _AXES2TUPLE[axes.lower()]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]  # validation
        firstaxis, parity, repetition, frame = axes

    i = firstaxis
    j = _NEXT_AXIS[i+parity]
    k = _NEXT_AXIS[i-parity+1]

    M = np.array(mat, dtype=np.float64, copy=False)[:3, :3]
    if repetition:
        sy = math.sqrt(M[i, j]*M[i, j] + M[i, k]*M[i, k])
        if sy > _EPS4:
            ax = math.atan2( M[i, j],  M[i, k])
            ay = math.atan2( sy,       M[i, i])
            az = math.atan2( M[j, i], -M[k, i])
        else:
            ax = math.atan2(-M[j, k],  M[j, j])
            ay = math.atan2( sy,       M[i, i])
            az = 0.0
    else:
        cy = math.sqrt(M[i, i]*M[i, i] + M[j, i]*M[j, i])
        if cy > _EPS4:
            ax = math.atan2( M[k, j],  M[k, k])
            ay = math.atan2(-M[k, i],  cy)
            az = math.atan2( M[j, i],  M[i, i])
        else:
            ax = math.atan2(-M[j, k],  M[j, j])
            ay = math.atan2(-M[k, i],  cy)
            az = 0.0

    if parity:
        ax, ay, az = -ax, -ay, -az
    if frame:
        ax, az = az, ax
    return ax, ay, az

def euler2quat(ai, aj, ak, axes='sxyz'):
    try:
        firstaxis, parity, repetition, frame = _AXES2TUPLE[axes.lower()]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]  # validation
        firstaxis, parity, repetition, frame = axes

    i = firstaxis + 1
    j = _NEXT_AXIS[i+parity-1] + 1
    k = _NEXT_AXIS[i-parity] + 1

    if frame:
        ai, ak = ak, ai
    if parity:
        aj = -aj

    ai = ai / 2.0
    aj = aj / 2.0
    ak = ak / 2.0
    ci = math.cos(ai)
    si = math.sin(ai)
    cj = math.cos(aj)
    sj = math.sin(aj)
    ck = math.cos(ak)
    sk = math.sin(ak)
    cc = ci*ck
    cs = ci*sk
    sc = si*ck
    ss = si*sk

    q = np.empty((4, ))
    if repetition:
        q[0] = cj*(cc - ss)
        q[i] = cj*(cs + sc)
        q[j] = sj*(cc + ss)
        q[k] = sj*(cs - sc)
    else:
        q[0] = cj*cc + sj*ss
        q[i] = cj*sc - sj*cs
        q[j] = cj*ss + sj*cc
        q[k] = cj*cs - sj*sc
    if parity:
        q[j] *= -1.0

    return q

def quat2euler(quaternion, axes='sxyz'):
    return mat2euler(quat2mat(quaternion), axes)

def euler2axangle(ai, aj, ak, axes='sxyz'):
    return quat2axangle(euler2quat(ai, aj, ak, axes))

def axangle2euler(vector, theta, axes='sxyz'):
    return mat2euler(axangle2mat(vector, theta), axes)

class EulerFuncs(object):

    def __init__(self, axes):
        self.axes = axes

    def euler2mat(self, ai, aj, ak):
        return euler2mat(ai, aj, ak, self.axes)

    def mat2euler(self, mat):
        return mat2euler(mat, self.axes)

    def euler2quat(self, ai, aj, ak):
        return euler2quat(ai, aj, ak, self.axes)

    def quat2euler(self, quat):
        return quat2euler(quat, self.axes)

    def euler2axangle(self, ai, aj, ak):
        return euler2axangle(ai, aj, ak, self.axes)

    def axangle2euler(self, vector, theta):
        return axangle2euler(vector, theta, self.axes)

sxyz = EulerFuncs('sxyz') # Tait-Bryan XYZ
rzxz = EulerFuncs('rzxz')
physics = rzxz

class TBZYX(EulerFuncs):

    def __init__(self):
        self.axes = 'szyx'

    def euler2mat(self, ai, aj, ak):
        return tb.euler2mat(ai, aj, ak)

    def mat2euler(self, mat):
        return tb.mat2euler(mat)

    def euler2quat(self, ai, aj, ak):
        return tb.euler2quat(ai, aj, ak)

szyx = TBZYX() # Tait-Bryan ZYX


# --- transforms3d/shears.py ---

_shearers = {}
for n in range(1,11):
    x = (n**2 + n)/2.0
    i = n+1
    _shearers[x] = (i, np.triu(np.ones((i,i)), 1).astype(bool))

def striu2mat(striu):
    n = len(striu)
    # cached case
    if n in _shearers:
        N, inds = _shearers[n]
    else: # General case
        N = ((-1+math.sqrt(8*n+1))/2.0)+1 # n+1 th root
        if N != math.floor(N):
            raise ValueError('%d is a strange number of shear elements' %
                             n)
        N = int(N)
        inds = np.triu(np.ones((N,N)), 1).astype(bool)
    M = np.eye(N)
    M[inds] = striu
    return M

def sadn2mat(angle, direction, normal):
    if abs(np.dot(normal, direction)) > 1e-5:
        raise ValueError("direction, normal vectors not orthogonal")
    normal = normalized_vector(normal)
    direction = normalized_vector(direction)
    angle = math.tan(angle)
    M = np.eye(3)
    M += angle * np.outer(direction, normal)
    return M

def sadn2aff(angle, direction, normal, point=None):
    M = np.eye(4)
    normal = normalized_vector(normal)
    direction = normalized_vector(direction)
    angle = math.tan(angle)
    M[:3, :3] = np.eye(3) + angle * np.outer(direction, normal)
    if point is not None:
        M[:3, 3] = -angle * np.dot(point, normal) * direction
    return M

def inverse_outer(mat):
    u, s, vh = np.linalg.svd(mat)
    return s[0], u.T[0], vh[0]

def mat2sadn(mat):
    mat = np.asarray(mat)
    # normal: cross independent eigenvectors corresponding to the eigenvalue 1
    tan, direction, normal = inverse_outer(mat - np.eye(3))
    return math.atan(tan), direction, normal

def aff2sadn(aff):
    tan, direction, normal = inverse_outer(aff[:3,:3] - np.eye(3))
    angle = math.atan(tan)
    i = np.argmax(np.abs(direction))  # Avoid division by small values
    d = aff[i, 3] / (tan * direction[i])
    point = -d * normal
    return angle, direction, normal, point


# --- transforms3d/affines.py ---

def decompose44(A44):
    A44 = np.asarray(A44)
    T = A44[:-1,-1]
    RZS = A44[:-1,:-1]
    # compute scales and shears
    M0, M1, M2 = np.array(RZS).T
    # extract x scale and normalize
    sx = math.sqrt(np.sum(M0**2))
    M0 /= sx
    # orthogonalize M1 with respect to M0
    sx_sxy = np.dot(M0, M1)
    M1 -= sx_sxy * M0
    # extract y scale and normalize
    sy = math.sqrt(np.sum(M1**2))
    M1 /= sy
    sxy = sx_sxy / sx
    # orthogonalize M2 with respect to M0 and M1
    sx_sxz = np.dot(M0, M2)
    sy_syz = np.dot(M1, M2)
    M2 -= (sx_sxz * M0 + sy_syz * M1)
    # extract z scale and normalize
    sz = math.sqrt(np.sum(M2**2))
    M2 /= sz
    sxz = sx_sxz / sx
    syz = sy_syz / sy
    # Reconstruct rotation matrix, ensure positive determinant
    Rmat = np.array([M0, M1, M2]).T
    if np.linalg.det(Rmat) < 0:
        sx *= -1
        Rmat[:,0] *= -1
    return T, Rmat, np.array([sx, sy, sz]), np.array([sxy, sxz, syz])

def decompose(A):
    A = np.asarray(A)
    T = A[:-1,-1]
    RZS = A[:-1,:-1]
    ZS = np.linalg.cholesky(np.dot(RZS.T,RZS)).T
    Z = np.diag(ZS).copy()
    shears = ZS / Z[:,np.newaxis]
    n = len(Z)
    S = shears[np.triu(np.ones((n,n)), 1).astype(bool)]
    R = np.dot(RZS, np.linalg.inv(ZS))
    if np.linalg.det(R) < 0:
        Z[0] *= -1
        ZS[0] *= -1
        R = np.dot(RZS, np.linalg.inv(ZS))
    return T, R, Z, S

def compose(T, R, Z, S=None):
    n = len(T)
    R = np.asarray(R)
    if R.shape != (n,n):
        raise ValueError('Expecting shape (%d,%d) for rotations' % (n,n))
    A = np.eye(n+1)
    ZS = np.diag(Z)
    if not S is None:
        ZS = ZS.dot(striu2mat(S))
    A[:n,:n] = np.dot(R, ZS)
    A[:n,n] = T[:]
    return A


# --- transforms3d/zooms.py ---

def zfdir2mat(factor, direction=None):
    if direction is None:
        # uniform scaling
        return np.diag([factor] * 3)
    # nonuniform scaling
    direction = normalized_vector(direction)
    factor = 1.0 - factor
    M = np.eye(3)
    M -= factor * np.outer(direction, direction)
    return M

def zfdir2aff(factor, direction=None, origin=None):
    M = np.eye(4)
    M[:3,:3] = zfdir2mat(factor, direction)
    if origin is None:
        return M
    if direction is None:
        M[:3, 3] = origin
        M[:3, 3] *= 1.0 - factor
        return M
    # nonuniform scaling
    direction = normalized_vector(direction)
    M[:3, 3] = ((1-factor) * np.dot(origin, direction)) * direction
    return M

def mat2zfdir(mat):
    mat = np.asarray(mat, dtype=np.float64)
    factor = np.trace(mat) - 2.0
    # direction: unit eigenvector corresponding to eigenvalue factor
    l, V = np.linalg.eig(mat)
    near_factors, = np.nonzero(abs(np.real(l.squeeze()) - factor) < 1e-8)
    if near_factors.size == 0:
        # uniform scaling
        factor = (factor + 2.0) / 3.0
        return factor, None
    direction = np.real(V[:, near_factors[0]])
    return factor, normalized_vector(direction)

def aff2zfdir(aff):
    M = np.asarray(aff, dtype=np.float64)
    factor, direction = mat2zfdir(M[:3,:3])
    # origin: any eigenvector corresponding to eigenvalue 1
    l, V = np.linalg.eig(M)
    near_1, = np.nonzero(abs(np.real(l.squeeze()) - 1.0) < 1e-8)
    if near_1.size == 0:
        raise ValueError("no eigenvector corresponding to eigenvalue 1")
    origin = np.real(V[:, near_1[-1]]).squeeze()
    origin = origin[:3] / origin[3]
    return factor, direction, origin


# --- transforms3d/reflections.py ---

def rfnorm2mat(normal):
    normal = np.asarray(normal, dtype=np.float64)
    norm2 = (normal**2).sum()
    M = np.eye(3)
    return M - 2.0 * np.outer(normal, normal) / norm2

def rfnorm2aff(normal, point=None):
    M = np.eye(4)
    M[:3,:3] = rfnorm2mat(normal)
    if not point is None:
        normal = normalized_vector(normal)
        M[:3, 3] = (2.0 * np.dot(point, normal)) * normal
    return M

def mat2rfnorm(mat):
    mat = np.asarray(mat)
    # normal: unit eigenvector corresponding to eigenvalue -1
    L, V = np.linalg.eig(mat)
    m1_factors, = np.nonzero(abs(np.real(L.squeeze()) + 1.0) < 1e-8)
    if m1_factors.size == 0:
        raise ValueError("no unit eigenvector corresponding to eigenvalue -1")
    if not np.abs(np.prod(L) + 1) < 1e-8:
        raise ValueError('Determinant should be -1')
    return np.real(V[:, m1_factors[0]]).squeeze()

def aff2rfnorm(aff):
    aff = np.asarray(aff)
    normal = mat2rfnorm(aff[:3,:3])
    # point: any unit eigenvector corresponding to eigenvalue 1
    l, V = np.linalg.eig(aff)
    near_1, = np.nonzero(abs(np.real(l.squeeze()) - 1.0) < 1e-8)
    if near_1.size == 0:
        raise ValueError("no eigenvector corresponding to eigenvalue 1")
    point = np.real(V[:, near_1[-1]]).squeeze()
    point = point[:3] / point[3]
    return normal, point


# the package's module names, as namespaces of this module's functions (see the module docstring)
nq = types.SimpleNamespace(quat2mat=quat2mat, quat2axangle=quat2axangle)  # from . import quaternions as nq
tb = types.SimpleNamespace(euler2mat=tb_euler2mat, mat2euler=tb_mat2euler, euler2quat=tb_euler2quat,
                           quat2euler=tb_quat2euler, euler2axangle=tb_euler2axangle,
                           axangle2euler=tb_axangle2euler)  # from . import taitbryan as tb


# --- the cases' settings (keywords of the source, as one-line wrappers) ---

def permuted_signs_list(seq):
    return list(permuted_signs(seq))


def permuted_with_signs_list(seq):
    return list(permuted_with_signs(seq))


def qpow_half(q):
    return qpow(q, 0.5)


def rotate_vector_unnormalized(v, q):
    return rotate_vector(v, q, is_normalized=False)


def axangle2quat_normalized(vector, theta):
    return axangle2quat(vector, theta, is_normalized=True)


def axangle2aff_point(axis, angle, point):
    return axangle2aff(axis, angle, point=point)


def euler2mat_rzxz(ai, aj, ak):
    return euler2mat(ai, aj, ak, axes="rzxz")


def euler2mat_szyx(ai, aj, ak):
    return euler2mat(ai, aj, ak, axes="szyx")


def euler2mat_tuple_axes(ai, aj, ak):
    return euler2mat(ai, aj, ak, axes=(2, 1, 1, 1))


def mat2euler_rzxz(mat):
    return mat2euler(mat, axes="rzxz")


def mat2euler_ryxy(mat):
    return mat2euler(mat, axes="ryxy")


def euler2quat_rxyz(ai, aj, ak):
    return euler2quat(ai, aj, ak, axes="rxyz")


def euler2quat_syzy(ai, aj, ak):
    return euler2quat(ai, aj, ak, axes="syzy")


def quat2euler_szxz(quaternion):
    return quat2euler(quaternion, axes="szxz")


def sxyz_euler2mat(ai, aj, ak):
    return sxyz.euler2mat(ai, aj, ak)


def physics_mat2euler(mat):
    return physics.mat2euler(mat)


def szyx_euler2quat(ai, aj, ak):
    return szyx.euler2quat(ai, aj, ak)


def szyx_quat2euler(quat):
    return szyx.quat2euler(quat)


def sadn2aff_point(angle, direction, normal, point):
    return sadn2aff(angle, direction, normal, point=point)


def compose_no_shears(T, R, Z):
    return compose(T, R, Z)


def zfdir2mat_uniform(factor):
    return zfdir2mat(factor)


def zfdir2aff_origin(factor, direction, origin):
    return zfdir2aff(factor, direction, origin=origin)


def zfdir2aff_uniform_origin(factor, origin):
    return zfdir2aff(factor, origin=origin)


def rfnorm2aff_point(normal, point):
    return rfnorm2aff(normal, point=point)


# --- inputs ---

def _angles(rng):
    return tuple(np.float64(a) for a in rng.uniform(-np.pi / 2 + 0.1, np.pi / 2 - 0.1, size=3))


def _unit(rng, n=3):
    v = rng.normal(size=n)
    return v / np.linalg.norm(v)


def _quat(rng):
    q = _unit(rng, 4)
    return q if q[0] >= 0 else -q


def _rotation(rng):
    return euler2mat(*(float(a) for a in _angles(rng)))


def _gimbal(rng):
    return euler2mat(float(rng.uniform(-1, 1)), np.pi / 2, 0.0)


def _affine(rng, reflect=False):
    Z = rng.uniform(0.5, 2.0, size=3)
    if reflect:
        Z[0] = -Z[0]
    return compose(rng.normal(size=3), _rotation(rng), Z, rng.uniform(-0.3, 0.3, size=3))


def _zoom_affine(rng):
    return zfdir2aff(float(rng.uniform(0.3, 0.8)), _unit(rng), rng.normal(size=3))


def _orthogonal_pair(rng):
    d = _unit(rng)
    n = np.cross(d, _unit(rng))
    return d, n / np.linalg.norm(n)


def _shear_affine(rng):
    d, n = _orthogonal_pair(rng)
    return sadn2aff(float(rng.uniform(0.2, 0.6)), d, n, point=rng.normal(size=3))


_UT, _Q, _AX, _TB, _EU = "utils.py", "quaternions.py", "axangles.py", "taitbryan.py", "euler.py"
_SH, _AF, _ZO, _RF = "shears.py", "affines.py", "zooms.py", "reflections.py"

CASES = [
    # utils.py
    case(normalized_vector, lambda rng: (rng.normal(size=3),), T3(_UT, "normalized_vector")),
    case(normalized_vector, lambda rng: (rng.normal(size=(3, 1)),), T3(_UT, "normalized_vector"),
         name="transforms3d.normalized_vector_column"),
    case(vector_norm, lambda rng: (rng.normal(size=4),), T3(_UT, "vector_norm")),
    case(permuted_signs_list, lambda rng: (rng.normal(size=2),), T3(_UT, "permuted_signs / inique")),
    case(permuted_with_signs_list, lambda rng: (np.array([1.0, 2.0]),),
         T3(_UT, "permuted_with_signs / permuted_signs / inique")),
    # quaternions.py
    case(fillpositive, lambda rng: (0.5 * _unit(rng),), T3(_Q, "fillpositive")),
    case(fillpositive, lambda rng: (_unit(rng),), T3(_Q, "fillpositive"), name="transforms3d.fillpositive_unit"),
    case(quat2mat, lambda rng: (_quat(rng),), T3(_Q, "quat2mat")),
    case(quat2mat, lambda rng: (2.0 * _quat(rng),), T3(_Q, "quat2mat"), name="transforms3d.quat2mat_nonunit"),
    case(quat2mat, lambda rng: (np.zeros(4),), T3(_Q, "quat2mat"), name="transforms3d.quat2mat_zero"),
    case(mat2quat, lambda rng: (_rotation(rng),), T3(_Q, "mat2quat")),
    case(mat2quat, lambda rng: (np.eye(3),), T3(_Q, "mat2quat"), name="transforms3d.mat2quat_identity"),
    case(qmult, lambda rng: (_quat(rng), _quat(rng)), T3(_Q, "qmult")),
    case(qconjugate, lambda rng: (_quat(rng),), T3(_Q, "qconjugate")),
    case(qnorm, lambda rng: (rng.normal(size=4),), T3(_Q, "qnorm")),
    case(qisunit, lambda rng: (_quat(rng),), T3(_Q, "qisunit")),
    case(qinverse, lambda rng: (rng.normal(size=4),), T3(_Q, "qinverse")),
    case(qexp, lambda rng: (0.5 * rng.normal(size=4),), T3(_Q, "qexp")),
    case(qexp, lambda rng: (np.array([0.7, 0.0, 0.0, 0.0]),), T3(_Q, "qexp"), name="transforms3d.qexp_real"),
    case(qlog, lambda rng: (_quat(rng),), T3(_Q, "qlog")),
    case(qlog, lambda rng: (np.zeros(4),), T3(_Q, "qlog"), name="transforms3d.qlog_zero"),
    case(qpow, lambda rng: (_quat(rng), 3), T3(_Q, "qpow")),
    case(qpow_half, lambda rng: (1.5 * _quat(rng),), T3(_Q, "qpow", "n=0.5")),
    case(qpow, lambda rng: (_quat(rng), np.float64(rng.uniform(0.2, 2.0))), T3(_Q, "qpow"),
         name="transforms3d.qpow_float64"),
    case(rotate_vector, lambda rng: (rng.normal(size=3), _quat(rng)), T3(_Q, "rotate_vector")),
    case(rotate_vector_unnormalized, lambda rng: (rng.normal(size=3), 3.0 * _quat(rng)),
         T3(_Q, "rotate_vector", "is_normalized=False")),
    case(nearly_equivalent, lambda rng: (_quat(rng), -_quat(rng)), T3(_Q, "nearly_equivalent")),
    case(axangle2quat, lambda rng: (rng.normal(size=3), np.float64(rng.uniform(-3, 3))), T3(_Q, "axangle2quat")),
    case(axangle2quat_normalized, lambda rng: (_unit(rng), 0.7), T3(_Q, "axangle2quat", "is_normalized=True")),
    case(quat2axangle, lambda rng: (_quat(rng),), T3(_Q, "quat2axangle")),
    case(quat2axangle, lambda rng: (2.0 * _quat(rng),), T3(_Q, "quat2axangle"),
         name="transforms3d.quat2axangle_nonunit"),
    case(quat2axangle, lambda rng: (np.array([1.0, 0.0, 0.0, 0.0]),), T3(_Q, "quat2axangle"),
         name="transforms3d.quat2axangle_identity"),
    case(quat2axangle, lambda rng: (np.array([1.0, np.nan, 0.0, 0.0]),), T3(_Q, "quat2axangle"),
         name="transforms3d.quat2axangle_nan"),
    # axangles.py
    case(axangle2mat, lambda rng: (rng.normal(size=3), np.float64(rng.uniform(-3, 3))), T3(_AX, "axangle2mat")),
    case(axangle2mat, lambda rng: (list(rng.normal(size=3)), 0.4), T3(_AX, "axangle2mat"),
         name="transforms3d.axangle2mat_list"),
    case(axangle2aff_point, lambda rng: (rng.normal(size=3), np.float64(rng.uniform(-3, 3)), rng.normal(size=3)),
         T3(_AX, "axangle2aff", "point=")),
    case(mat2axangle, lambda rng: (_rotation(rng),), T3(_AX, "mat2axangle")),
    case(aff2axangle, lambda rng: (axangle2aff(_unit(rng), float(rng.uniform(0.3, 2.5)), point=rng.normal(size=3)),),
         T3(_AX, "aff2axangle")),
    # taitbryan.py
    case(tb_euler2mat, lambda rng: _angles(rng), T3(_TB, "euler2mat", "renamed tb_euler2mat")),
    case(tb_euler2mat, lambda rng: (0.3, 0, 0.5), T3(_TB, "euler2mat", "renamed tb_euler2mat; a Python zero"),
         name="transforms3d.tb_euler2mat_python"),
    case(tb_euler2mat, lambda rng: (np.float64(0.3), np.float64(0.0), np.float64(0.5)),
         T3(_TB, "euler2mat", "renamed tb_euler2mat; a NumPy zero angle"), name="transforms3d.tb_euler2mat_zero"),
    case(tb_mat2euler, lambda rng: (_rotation(rng),), T3(_TB, "mat2euler", "renamed tb_mat2euler")),
    case(tb_mat2euler, lambda rng: (tb_euler2mat(0.4, np.pi / 2, 0.2),), T3(_TB, "mat2euler", "renamed tb_mat2euler"),
         name="transforms3d.tb_mat2euler_gimbal"),
    case(tb_euler2quat, lambda rng: _angles(rng), T3(_TB, "euler2quat", "renamed tb_euler2quat")),
    case(tb_quat2euler, lambda rng: (_quat(rng),), T3(_TB, "quat2euler", "renamed tb_quat2euler")),
    case(tb_euler2axangle, lambda rng: _angles(rng), T3(_TB, "euler2axangle", "renamed tb_euler2axangle")),
    case(tb_axangle2euler, lambda rng: (rng.normal(size=3), np.float64(rng.uniform(-1, 1))),
         T3(_TB, "axangle2euler", "renamed tb_axangle2euler")),
    # euler.py
    case(euler2mat, lambda rng: _angles(rng), T3(_EU, "euler2mat")),
    case(euler2mat_rzxz, lambda rng: _angles(rng), T3(_EU, "euler2mat", "axes='rzxz'")),
    case(euler2mat_szyx, lambda rng: _angles(rng), T3(_EU, "euler2mat", "axes='szyx'")),
    case(euler2mat_tuple_axes, lambda rng: _angles(rng), T3(_EU, "euler2mat", "axes=(2, 1, 1, 1)")),
    case(mat2euler, lambda rng: (_rotation(rng),), T3(_EU, "mat2euler")),
    case(mat2euler_rzxz, lambda rng: (_rotation(rng),), T3(_EU, "mat2euler", "axes='rzxz'")),
    case(mat2euler_ryxy, lambda rng: (_rotation(rng),), T3(_EU, "mat2euler", "axes='ryxy'")),
    case(mat2euler, lambda rng: (_gimbal(rng),), T3(_EU, "mat2euler"), name="transforms3d.mat2euler_gimbal"),
    case(euler2quat, lambda rng: _angles(rng), T3(_EU, "euler2quat")),
    case(euler2quat_rxyz, lambda rng: _angles(rng), T3(_EU, "euler2quat", "axes='rxyz'")),
    case(euler2quat_syzy, lambda rng: _angles(rng), T3(_EU, "euler2quat", "axes='syzy'")),
    case(quat2euler, lambda rng: (_quat(rng),), T3(_EU, "quat2euler")),
    case(quat2euler_szxz, lambda rng: (_quat(rng),), T3(_EU, "quat2euler", "axes='szxz'")),
    case(euler2axangle, lambda rng: _angles(rng), T3(_EU, "euler2axangle")),
    case(axangle2euler, lambda rng: (rng.normal(size=3), np.float64(rng.uniform(-1, 1))), T3(_EU, "axangle2euler")),
    case(sxyz_euler2mat, lambda rng: _angles(rng), T3(_EU, "EulerFuncs.euler2mat", "the module's sxyz")),
    case(physics_mat2euler, lambda rng: (_rotation(rng),), T3(_EU, "EulerFuncs.mat2euler", "the module's physics")),
    case(szyx_euler2quat, lambda rng: _angles(rng), T3(_EU, "TBZYX.euler2quat", "the module's szyx")),
    case(szyx_quat2euler, lambda rng: (_quat(rng),), T3(_EU, "EulerFuncs.quat2euler", "the module's szyx")),
    # shears.py
    case(striu2mat, lambda rng: (rng.uniform(-1, 1, size=3),), T3(_SH, "striu2mat")),
    case(striu2mat, lambda rng: (rng.uniform(-1, 1, size=6),), T3(_SH, "striu2mat"), name="transforms3d.striu2mat_4d"),
    case(striu2mat, lambda rng: (rng.uniform(-1, 1, size=66),), T3(_SH, "striu2mat"),
         name="transforms3d.striu2mat_uncached"),
    case(sadn2mat, lambda rng: (np.float64(rng.uniform(0.1, 0.8)), *_orthogonal_pair(rng)), T3(_SH, "sadn2mat")),
    case(sadn2aff_point, lambda rng: (np.float64(rng.uniform(0.1, 0.8)), *_orthogonal_pair(rng), rng.normal(size=3)),
         T3(_SH, "sadn2aff", "point=")),
    case(inverse_outer, lambda rng: (np.outer(rng.normal(size=3), rng.normal(size=3)),), T3(_SH, "inverse_outer")),
    case(mat2sadn, lambda rng: (sadn2mat(float(rng.uniform(0.2, 0.6)), *_orthogonal_pair(rng)),), T3(_SH, "mat2sadn")),
    case(aff2sadn, lambda rng: (_shear_affine(rng),), T3(_SH, "aff2sadn")),
    # affines.py
    case(compose, lambda rng: (rng.normal(size=3), _rotation(rng), rng.uniform(0.5, 2, size=3),
                               rng.uniform(-0.3, 0.3, size=3)), T3(_AF, "compose")),
    case(compose_no_shears, lambda rng: (rng.normal(size=3), _rotation(rng), rng.uniform(0.5, 2, size=3)),
         T3(_AF, "compose", "S=None")),
    case(decompose44, lambda rng: (_affine(rng),), T3(_AF, "decompose44")),
    case(decompose44, lambda rng: (_affine(rng, reflect=True),), T3(_AF, "decompose44"),
         name="transforms3d.decompose44_reflection"),
    case(decompose, lambda rng: (_affine(rng),), T3(_AF, "decompose")),
    case(decompose, lambda rng: (_affine(rng, reflect=True),), T3(_AF, "decompose"),
         name="transforms3d.decompose_reflection"),
    # zooms.py
    case(zfdir2mat, lambda rng: (np.float64(rng.uniform(0.3, 2)), rng.normal(size=3)), T3(_ZO, "zfdir2mat")),
    case(zfdir2mat_uniform, lambda rng: (np.float64(rng.uniform(0.3, 2)),), T3(_ZO, "zfdir2mat", "direction=None")),
    case(zfdir2aff_origin, lambda rng: (np.float64(rng.uniform(0.3, 2)), rng.normal(size=3), rng.normal(size=3)),
         T3(_ZO, "zfdir2aff", "origin=")),
    case(zfdir2aff_uniform_origin, lambda rng: (np.float64(rng.uniform(0.3, 2)), rng.normal(size=3)),
         T3(_ZO, "zfdir2aff", "direction=None, origin=")),
    case(mat2zfdir, lambda rng: (zfdir2mat(float(rng.uniform(0.3, 0.8)), _unit(rng)),), T3(_ZO, "mat2zfdir")),
    case(mat2zfdir, lambda rng: (zfdir2mat(1.5),), T3(_ZO, "mat2zfdir"), name="transforms3d.mat2zfdir_uniform"),
    case(aff2zfdir, lambda rng: (_zoom_affine(rng),), T3(_ZO, "aff2zfdir")),
    # reflections.py
    case(rfnorm2mat, lambda rng: (rng.normal(size=3),), T3(_RF, "rfnorm2mat")),
    case(rfnorm2aff_point, lambda rng: (rng.normal(size=3), rng.normal(size=3)), T3(_RF, "rfnorm2aff", "point=")),
    case(mat2rfnorm, lambda rng: (rfnorm2mat(_unit(rng)),), T3(_RF, "mat2rfnorm")),
    case(aff2rfnorm, lambda rng: (rfnorm2aff(_unit(rng), point=rng.normal(size=3)),), T3(_RF, "aff2rfnorm")),
]
