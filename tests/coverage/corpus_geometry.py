"""Computational geometry from trimesh (mikedh/trimesh, MIT; transformations.py BSD-3-Clause, C. Gohlke).

Copied from mikedh/trimesh at a513c0e2cfa6dfbd3121a6dfd8ceb002b9ef55d8 (trimesh/util.py,
triangles.py, points.py, geometry.py, transformations.py); docstrings, comments and type annotations
dropped. The library's cross-module references stay as they are written: ``util.unitize``,
``transformations.transform_points`` and ``tol.zero`` name small namespaces here that hold the copied
functions and trimesh's tolerances (``trimesh/constants.py``: ``zero``, ``merge``).
"""

# ruff: noqa: E501, E741, N802, N803, N806, SIM108, PLR5501, RET505, UP008, B904, SIM102, C416
from __future__ import annotations

import types

import numpy as np
from numpy import float64

from tests.coverage.cases import TRI, case

# trimesh/util.py
TOL_ZERO = float(np.finfo(np.float64).resolution * 100)
TOL_MERGE = 1e-08
_IDENTITY = np.eye(4, dtype=np.float64)
_IDENTITY.flags['WRITEABLE'] = False

# trimesh/constants.py (tol)
tol = types.SimpleNamespace(zero=np.finfo(np.float64).resolution * 100, merge=1e-08)

# trimesh/transformations.py
_EPS = np.finfo(float).eps * 4.0
_NEXT_AXIS = [1, 2, 0, 1]
_AXES2TUPLE = {'sxyz': (0, 0, 0, 0), 'sxyx': (0, 0, 1, 0), 'sxzy': (0, 1, 0, 0), 'sxzx': (0, 1, 1, 0), 'syzx': (1, 0, 0, 0), 'syzy': (1, 0, 1, 0), 'syxz': (1, 1, 0, 0), 'syxy': (1, 1, 1, 0), 'szxy': (2, 0, 0, 0), 'szxz': (2, 0, 1, 0), 'szyx': (2, 1, 0, 0), 'szyz': (2, 1, 1, 0), 'rzyx': (0, 0, 0, 1), 'rxyx': (0, 0, 1, 1), 'ryzx': (0, 1, 0, 1), 'rxzx': (0, 1, 1, 1), 'rxzy': (1, 0, 0, 1), 'ryzy': (1, 0, 1, 1), 'rzxy': (1, 1, 0, 1), 'ryxy': (1, 1, 1, 1), 'ryxz': (2, 0, 0, 1), 'rzxz': (2, 0, 1, 1), 'rxyz': (2, 1, 0, 1), 'rzyz': (2, 1, 1, 1)}
_TUPLE2AXES = {v: k for k, v in _AXES2TUPLE.items()}


# trimesh/util.py
def unitize(vectors, check_valid=False, threshold=None):
    vectors = np.asanyarray(vectors)
    if threshold is None:
        threshold = TOL_ZERO
    if len(vectors.shape) == 2:
        norm = np.sqrt(np.dot(vectors * vectors, [1.0] * vectors.shape[1]))
        valid = norm > threshold
        norm[valid] **= -1
        unit = vectors * norm.reshape((-1, 1))
    elif len(vectors.shape) == 1:
        norm = np.sqrt(np.dot(vectors, vectors))
        valid = norm > threshold
        if valid:
            unit = vectors / norm
        else:
            unit = vectors.copy()
    else:
        raise ValueError('vectors must be (n, ) or (n, d)!')
    if check_valid:
        return (unit[valid], valid)
    return unit


def diagonal_dot(a, b):
    a = np.asanyarray(a)
    return np.dot(a * b, [1.0] * a.shape[1])


def row_norm(data):
    return np.sqrt(np.dot(data ** 2, [1] * data.shape[1]))


def is_shape(obj, shape, allow_zeros=False):
    if not hasattr(obj, 'shape') or len(obj.shape) != len(shape):
        return False
    if len(obj) == 0 and -1 in shape:
        return True
    for i, target in zip(obj.shape, shape):
        if isinstance(target, (list, tuple)):
            if i in target:
                continue
            else:
                return False
        if int(target) < 0:
            if i == 0 and (not allow_zeros):
                return False
            else:
                continue
        if target != i:
            return False
    return True


def vector_to_spherical(cartesian):
    cartesian = np.asanyarray(cartesian, dtype=np.float64)
    if not is_shape(cartesian, (-1, 3)):
        raise ValueError('Cartesian points must be (n, 3)!')
    unit, valid = unitize(cartesian, check_valid=True)
    unit[np.abs(unit) < TOL_MERGE] = 0.0
    x, y, z = unit.T
    spherical = np.zeros((len(cartesian), 2), dtype=np.float64)
    spherical[valid] = np.column_stack((np.arctan2(y, x), np.arccos(z)))
    return spherical


def spherical_to_vector(spherical):
    spherical = np.asanyarray(spherical, dtype=np.float64)
    if not is_shape(spherical, (-1, 2)):
        raise ValueError('spherical coordinates must be (n, 2)!')
    theta, phi = spherical.T
    st, ct = (np.sin(theta), np.cos(theta))
    sp, cp = (np.sin(phi), np.cos(phi))
    return np.column_stack((ct * sp, st * sp, cp))


def is_ccw(points, return_all=False):
    points = np.array(points, dtype=np.float64)
    if len(points.shape) != 2 or points.shape[1] != 2:
        raise ValueError('only defined for `(n, 2)` points')
    product = np.subtract(*(points[:-1, [1, 0]] * points[1:]).T)
    area = product.sum() / 2.0
    ccw = area < 0.0
    if not return_all:
        return ccw
    centroid = ((points[:-1] + points[1:]) * product.reshape((-1, 1))).sum(axis=0) / (6.0 * area)
    return (ccw, area, centroid)


# trimesh/triangles.py
def cross(triangles):
    vectors = triangles[:, 1:, :] - triangles[:, :2, :]
    if triangles.shape[2] == 3:
        return np.cross(vectors[:, 0], vectors[:, 1])
    elif triangles.shape[2] == 2:
        a = vectors[:, 0]
        b = vectors[:, 1]
        return a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]
    raise ValueError(triangles.shape)


def area(triangles=None, crosses=None):
    if crosses is None:
        crosses = cross(np.asanyarray(triangles, dtype=np.float64))
    if len(crosses.shape) == 1:
        return np.abs(crosses) / 2.0
    return np.sqrt((crosses ** 2).sum(axis=1)) / 2.0


def normals(triangles=None, crosses=None):
    if triangles is not None:
        triangles = np.asanyarray(triangles, dtype=np.float64)
        if triangles.shape[-1] == 2:
            unit = np.tile([0.0, 0.0, 1.0], (triangles.shape[0], 1))
            valid = np.ones(len(triangles), dtype=bool)
            return (unit, valid)
    if crosses is None:
        crosses = cross(triangles)
    unit, valid = unitize(crosses, check_valid=True)
    return (unit, valid)


def angles(triangles):
    triangles = np.asanyarray(triangles, dtype=np.float64)
    u = unitize(triangles[:, 1] - triangles[:, 0])
    v = unitize(triangles[:, 2] - triangles[:, 0])
    w = unitize(triangles[:, 2] - triangles[:, 1])
    result = np.zeros((len(triangles), 3), dtype=np.float64)
    result[:, 0] = np.arccos(np.clip(diagonal_dot(u, v), -1, 1))
    result[:, 1] = np.arccos(np.clip(diagonal_dot(-u, w), -1, 1))
    result[:, 2] = np.pi - result[:, 0] - result[:, 1]
    result[(result < tol.merge).any(axis=1), :] = 0.0
    return result


def extents(triangles, areas=None):
    triangles = np.asanyarray(triangles, dtype=np.float64)
    if not util.is_shape(triangles, (-1, 3, 3)):
        raise ValueError('Triangles must be (n, 3, 3)!')
    if areas is None:
        areas = area(triangles=triangles)
    a = triangles[:, 1] - triangles[:, 0]
    b = triangles[:, 2] - triangles[:, 0]
    length_a = (a ** 2).sum(axis=1) ** 0.5
    length_b = (b ** 2).sum(axis=1) ** 0.5
    nonzero_a = length_a > tol.merge
    nonzero_b = length_b > tol.merge
    box = np.zeros((len(triangles), 2), dtype=np.float64)
    box[:, 0][nonzero_a] = areas[nonzero_a] * 2 / length_a[nonzero_a]
    box[:, 1][nonzero_b] = areas[nonzero_b] * 2 / length_b[nonzero_b]
    return box


def points_to_barycentric(triangles, points, method='cramer'):

    def method_cross():
        n = np.cross(edge_vectors[:, 0], edge_vectors[:, 1])
        denominator = diagonal_dot(n, n)
        barycentric = np.zeros((len(triangles), 3), dtype=np.float64)
        barycentric[:, 2] = diagonal_dot(np.cross(edge_vectors[:, 0], w), n) / denominator
        barycentric[:, 1] = diagonal_dot(np.cross(w, edge_vectors[:, 1]), n) / denominator
        barycentric[:, 0] = 1 - barycentric[:, 1] - barycentric[:, 2]
        return barycentric

    def method_cramer():
        dot00 = diagonal_dot(edge_vectors[:, 0], edge_vectors[:, 0])
        dot01 = diagonal_dot(edge_vectors[:, 0], edge_vectors[:, 1])
        dot02 = diagonal_dot(edge_vectors[:, 0], w)
        dot11 = diagonal_dot(edge_vectors[:, 1], edge_vectors[:, 1])
        dot12 = diagonal_dot(edge_vectors[:, 1], w)
        inverse_denominator = 1.0 / (dot00 * dot11 - dot01 * dot01)
        barycentric = np.zeros((len(triangles), 3), dtype=np.float64)
        barycentric[:, 2] = (dot00 * dot12 - dot01 * dot02) * inverse_denominator
        barycentric[:, 1] = (dot11 * dot02 - dot01 * dot12) * inverse_denominator
        barycentric[:, 0] = 1 - barycentric[:, 1] - barycentric[:, 2]
        return barycentric
    triangles = np.asanyarray(triangles, dtype=np.float64)
    points = np.asanyarray(points, dtype=np.float64)
    if len(triangles.shape) != 3:
        raise ValueError('triangles shape incorrect')
    dim = triangles.shape[2]
    if len(points.shape) != 2 or points.shape[1] != dim or points.shape[0] != triangles.shape[0]:
        raise ValueError('triangles and points must correspond')
    edge_vectors = triangles[:, 1:] - triangles[:, :1]
    w = points - triangles[:, 0].reshape((-1, dim))
    if method == 'cross':
        return method_cross()
    return method_cramer()


def barycentric_to_points(triangles, barycentric):
    barycentric = np.array(barycentric, dtype=np.float64)
    triangles = np.asanyarray(triangles, dtype=np.float64)
    barycentric /= barycentric.sum(axis=1).reshape((-1, 1))
    points = (triangles * barycentric.reshape((-1, 3, 1))).sum(axis=1)
    return points


def all_coplanar(triangles):
    triangles = np.asanyarray(triangles, dtype=np.float64)
    if not util.is_shape(triangles, (-1, 3, 3)):
        raise ValueError('Triangles must be (n, 3, 3)!')
    test_normal = normals(triangles)[0]
    test_vertex = triangles[0][0]
    distances = point_plane_distance(points=triangles[1:].reshape((-1, 3)), plane_normal=test_normal, plane_origin=test_vertex)
    all_coplanar = np.all(np.abs(distances) < tol.zero)
    return all_coplanar


# trimesh/points.py
def point_plane_distance(points, plane_normal, plane_origin=None):
    points = np.asanyarray(points, dtype=float64)
    if plane_origin is None:
        w = points
    else:
        w = points - plane_origin
    distances = np.dot(plane_normal, w.T) / np.linalg.norm(plane_normal)
    return distances


def project_to_plane(points, plane_normal, plane_origin, transform=None, return_transform=False, return_planar=True):
    if np.all(np.abs(plane_normal) < tol.zero):
        raise NameError('Normal must be nonzero!')
    if transform is None:
        transform = plane_transform(plane_origin, plane_normal)
    transformed = transformations.transform_points(points, transform)
    transformed = transformed[:, 0:3 - int(return_planar)]
    if return_transform:
        polygon_to_3D = np.linalg.inv(transform)
        return (transformed, polygon_to_3D)
    return transformed


def plane_fit(points):
    points = np.asanyarray(points, dtype=float64)
    assert points.ndim == 2 or points.ndim == 3
    if points.ndim == 2:
        C = points.mean(axis=0)
        x = points - C[None, :]
        M = np.dot(x.T, x)
    else:
        C = points.mean(axis=1)
        x = points - C[:, None, :]
        M = x.swapaxes(1, 2) @ x
    N = np.linalg.svd(M)[0][..., -1]
    return (C, N)


def radial_sort(points, origin, normal, start=None):
    if start is None:
        axis0 = [normal[0], normal[2], -normal[1]]
        axis1 = np.cross(normal, axis0)
    else:
        normal, start = util.unitize([normal, start])
        if np.abs(1 - np.abs(np.dot(normal, start))) < tol.zero:
            raise ValueError('start must not parallel with normal')
        axis0 = np.cross(start, normal)
        axis1 = np.cross(axis0, normal)
    vectors = points - origin
    angles = np.arctan2(np.dot(vectors, axis0), np.dot(vectors, axis1))
    return points[angles.argsort()[::-1]]


def major_axis(points):
    _U, S, V = np.linalg.svd(points)
    axis = util.unitize(np.dot(S, V))
    return axis


# trimesh/geometry.py
def align_vectors(a, b, return_angle=False):
    a = np.array(a, dtype=np.float64)
    b = np.array(b, dtype=np.float64)
    if a.shape != (3,) or b.shape != (3,):
        raise ValueError('vectors must be (3,)!')
    au = np.linalg.svd(a.reshape((-1, 1)))[0]
    bu = np.linalg.svd(b.reshape((-1, 1)))[0]
    if np.linalg.det(au) < 0:
        au[:, -1] *= -1.0
    if np.linalg.det(bu) < 0:
        bu[:, -1] *= -1.0
    matrix = np.eye(4)
    matrix[:3, :3] = bu.dot(au.T)
    if return_angle:
        dot = np.dot(au[0], bu[0])
        angle = np.arccos(np.clip(dot, -1.0, 1.0))
        if dot < -1e-05:
            angle += np.pi
        return (matrix, angle)
    return matrix


def vector_angle(pairs):
    pairs = np.asanyarray(pairs, dtype=np.float64)
    if len(pairs) == 0:
        return np.array([])
    elif util.is_shape(pairs, (2, 3)):
        pairs = pairs.reshape((-1, 2, 3))
    elif not util.is_shape(pairs, (-1, 2, (2, 3))):
        raise ValueError('pairs must be (n,2,(2|3))!')
    dots = util.diagonal_dot(pairs[:, 0], pairs[:, 1])
    dots = np.clip(dots, -1.0, 1.0)
    angles = np.abs(np.arccos(dots))
    return angles


def faces_to_edges(faces, return_index=False):
    faces = np.asanyarray(faces, np.int64)
    edges = faces[:, [0, 1, 1, 2, 2, 0]].reshape((-1, 2))
    if return_index:
        face_index = np.tile(np.arange(len(faces)), (3, 1)).T.reshape(-1)
        return (edges, face_index)
    return edges


def plane_transform(origin, normal):
    transform = align_vectors(normal, [0, 0, 1])
    if origin is not None:
        transform[:3, 3] = -np.dot(transform, np.append(origin, 1))[:3]
    return transform


# trimesh/transformations.py
def rotation_matrix(angle, direction, point=None):
    if 'sympy' in str(type(angle)):
        import sympy as sp
        symbolic = True
        sina = sp.sin(angle)
        cosa = sp.cos(angle)
    else:
        symbolic = False
        sina = np.sin(angle)
        cosa = np.cos(angle)
    direction = unit_vector(direction[:3])
    M = np.diag([cosa, cosa, cosa, 1.0])
    M[:3, :3] += np.outer(direction, direction) * (1.0 - cosa)
    direction = direction * sina
    M[:3, :3] += np.array([[0.0, -direction[2], direction[1]], [direction[2], 0.0, -direction[0]], [-direction[1], direction[0], 0.0]])
    if point is not None:
        point = np.asarray(point[:3], dtype=np.float64)
        M[:3, 3] = point - np.dot(M[:3, :3], point)
    if symbolic:
        return sp.Matrix(M)
    return M


def rotation_from_matrix(matrix):
    R = np.asarray(matrix, dtype=np.float64)
    R33 = R[:3, :3]
    w, W = np.linalg.eig(R33.T)
    i = np.where(abs(np.real(w) - 1.0) < 1e-08)[0]
    if not len(i):
        raise ValueError('no unit eigenvector corresponding to eigenvalue 1')
    direction = np.real(W[:, i[-1]]).squeeze()
    w, Q = np.linalg.eig(R)
    i = np.where(abs(np.real(w) - 1.0) < 1e-08)[0]
    if not len(i):
        raise ValueError('no unit eigenvector corresponding to eigenvalue 1')
    point = np.real(Q[:, i[-1]]).squeeze()
    point /= point[3]
    cosa = (np.trace(R33) - 1.0) / 2.0
    if abs(direction[2]) > 1e-08:
        sina = (R[1, 0] + (cosa - 1.0) * direction[0] * direction[1]) / direction[2]
    elif abs(direction[1]) > 1e-08:
        sina = (R[0, 2] + (cosa - 1.0) * direction[0] * direction[2]) / direction[1]
    else:
        sina = (R[2, 1] + (cosa - 1.0) * direction[1] * direction[2]) / direction[0]
    angle = np.arctan2(sina, cosa)
    return (angle, direction, point)


def reflection_matrix(point, normal):
    normal = unit_vector(normal[:3])
    M = np.identity(4)
    M[:3, :3] -= 2.0 * np.outer(normal, normal)
    M[:3, 3] = 2.0 * np.dot(point[:3], normal) * normal
    return M


def euler_matrix(ai, aj, ak, axes='sxyz'):
    try:
        firstaxis, parity, repetition, frame = _AXES2TUPLE[axes]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]
        firstaxis, parity, repetition, frame = axes
    i = firstaxis
    j = _NEXT_AXIS[i + parity]
    k = _NEXT_AXIS[i - parity + 1]
    if frame:
        ai, ak = (ak, ai)
    if parity:
        ai, aj, ak = (-ai, -aj, -ak)
    if 'sympy' in str(type(ai)):
        from sympy import cos, eye, sin
        M = eye(4)
    else:
        sin, cos = (np.sin, np.cos)
        M = np.eye(4)
    si, sj, sk = (sin(ai), sin(aj), sin(ak))
    ci, cj, ck = (cos(ai), cos(aj), cos(ak))
    cc, cs = (ci * ck, ci * sk)
    sc, ss = (si * ck, si * sk)
    if repetition:
        M[i, i] = cj
        M[i, j] = sj * si
        M[i, k] = sj * ci
        M[j, i] = sj * sk
        M[j, j] = -cj * ss + cc
        M[j, k] = -cj * cs - sc
        M[k, i] = -sj * ck
        M[k, j] = cj * sc + cs
        M[k, k] = cj * cc - ss
    else:
        M[i, i] = cj * ck
        M[i, j] = sj * sc - cs
        M[i, k] = sj * cc + ss
        M[j, i] = cj * sk
        M[j, j] = sj * ss + cc
        M[j, k] = sj * cs - sc
        M[k, i] = -sj
        M[k, j] = cj * si
        M[k, k] = cj * ci
    return M


def euler_from_matrix(matrix, axes='sxyz'):
    try:
        firstaxis, parity, repetition, frame = _AXES2TUPLE[axes.lower()]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]
        firstaxis, parity, repetition, frame = axes
    i = firstaxis
    j = _NEXT_AXIS[i + parity]
    k = _NEXT_AXIS[i - parity + 1]
    M = np.asarray(matrix, dtype=np.float64)[:3, :3]
    if repetition:
        sy = np.sqrt(M[i, j] * M[i, j] + M[i, k] * M[i, k])
        if sy > _EPS:
            ax = np.arctan2(M[i, j], M[i, k])
            ay = np.arctan2(sy, M[i, i])
            az = np.arctan2(M[j, i], -M[k, i])
        else:
            ax = np.arctan2(-M[j, k], M[j, j])
            ay = np.arctan2(sy, M[i, i])
            az = 0.0
    else:
        cy = np.sqrt(M[i, i] * M[i, i] + M[j, i] * M[j, i])
        if cy > _EPS:
            ax = np.arctan2(M[k, j], M[k, k])
            ay = np.arctan2(-M[k, i], cy)
            az = np.arctan2(M[j, i], M[i, i])
        else:
            ax = np.arctan2(-M[j, k], M[j, j])
            ay = np.arctan2(-M[k, i], cy)
            az = 0.0
    if parity:
        ax, ay, az = (-ax, -ay, -az)
    if frame:
        ax, az = (az, ax)
    return (ax, ay, az)


def quaternion_from_euler(ai, aj, ak, axes='sxyz'):
    try:
        firstaxis, parity, repetition, frame = _AXES2TUPLE[axes.lower()]
    except (AttributeError, KeyError):
        _TUPLE2AXES[axes]
        firstaxis, parity, repetition, frame = axes
    i = firstaxis + 1
    j = _NEXT_AXIS[i + parity - 1] + 1
    k = _NEXT_AXIS[i - parity] + 1
    if frame:
        ai, ak = (ak, ai)
    if parity:
        aj = -aj
    ai /= 2.0
    aj /= 2.0
    ak /= 2.0
    ci = np.cos(ai)
    si = np.sin(ai)
    cj = np.cos(aj)
    sj = np.sin(aj)
    ck = np.cos(ak)
    sk = np.sin(ak)
    cc = ci * ck
    cs = ci * sk
    sc = si * ck
    ss = si * sk
    q = np.zeros((4,))
    if repetition:
        q[0] = cj * (cc - ss)
        q[i] = cj * (cs + sc)
        q[j] = sj * (cc + ss)
        q[k] = sj * (cs - sc)
    else:
        q[0] = cj * cc + sj * ss
        q[i] = cj * sc - sj * cs
        q[j] = cj * ss + sj * cc
        q[k] = cj * cs - sj * sc
    if parity:
        q[j] *= -1.0
    return q


def quaternion_matrix(quaternion):
    q = np.array(quaternion, dtype=np.float64).reshape((-1, 4))
    n = diagonal_dot(q, q)
    num_qs = len(n)
    identities = n < _EPS
    q[~identities, :] *= np.sqrt(2.0 / n[~identities, None])
    q = q[:, None, :] * q[:, :, None]
    ret = np.zeros((num_qs, 4, 4))
    ret[:, 0, 0] = 1.0 - q[:, 2, 2] - q[:, 3, 3]
    ret[:, 0, 1] = q[:, 1, 2] - q[:, 3, 0]
    ret[:, 0, 2] = q[:, 1, 3] + q[:, 2, 0]
    ret[:, 1, 0] = q[:, 1, 2] + q[:, 3, 0]
    ret[:, 1, 1] = 1.0 - q[:, 1, 1] - q[:, 3, 3]
    ret[:, 1, 2] = q[:, 2, 3] - q[:, 1, 0]
    ret[:, 2, 0] = q[:, 1, 3] - q[:, 2, 0]
    ret[:, 2, 1] = q[:, 2, 3] + q[:, 1, 0]
    ret[:, 2, 2] = 1.0 - q[:, 1, 1] - q[:, 2, 2]
    ret[:, 3, 3] = 1.0
    ret[identities] = np.eye(4)[None, ...]
    return ret.squeeze()


def quaternion_from_matrix(matrix, isprecise=False):
    M = np.asarray(matrix, dtype=np.float64)[:4, :4]
    if isprecise:
        q = np.zeros((4,))
        t = np.trace(M)
        if t > M[3, 3]:
            q[0] = t
            q[3] = M[1, 0] - M[0, 1]
            q[2] = M[0, 2] - M[2, 0]
            q[1] = M[2, 1] - M[1, 2]
        else:
            i, j, k = (0, 1, 2)
            if M[1, 1] > M[0, 0]:
                i, j, k = (1, 2, 0)
            if M[2, 2] > M[i, i]:
                i, j, k = (2, 0, 1)
            t = M[i, i] - (M[j, j] + M[k, k]) + M[3, 3]
            q[i] = t
            q[j] = M[i, j] + M[j, i]
            q[k] = M[k, i] + M[i, k]
            q[3] = M[k, j] - M[j, k]
            q = q[[3, 0, 1, 2]]
        q *= 0.5 / np.sqrt(t * M[3, 3])
    else:
        m00 = M[0, 0]
        m01 = M[0, 1]
        m02 = M[0, 2]
        m10 = M[1, 0]
        m11 = M[1, 1]
        m12 = M[1, 2]
        m20 = M[2, 0]
        m21 = M[2, 1]
        m22 = M[2, 2]
        K = np.array([[m00 - m11 - m22, 0.0, 0.0, 0.0], [m01 + m10, m11 - m00 - m22, 0.0, 0.0], [m02 + m20, m12 + m21, m22 - m00 - m11, 0.0], [m21 - m12, m02 - m20, m10 - m01, m00 + m11 + m22]])
        K /= 3.0
        w, V = np.linalg.eigh(K)
        q = V[[3, 0, 1, 2], np.argmax(w)]
    if q[0] < 0.0:
        np.negative(q, q)
    return q


def quaternion_multiply(quaternion1, quaternion0):
    w0, x0, y0, z0 = quaternion0
    w1, x1, y1, z1 = quaternion1
    return np.array([-x1 * x0 - y1 * y0 - z1 * z0 + w1 * w0, x1 * w0 + y1 * z0 - z1 * y0 + w1 * x0, -x1 * z0 + y1 * w0 + z1 * x0 + w1 * y0, x1 * y0 - y1 * x0 + z1 * w0 + w1 * z0], dtype=np.float64)


def quaternion_slerp(quat0, quat1, fraction, spin=0, shortestpath=True):
    q0 = unit_vector(quat0[:4])
    q1 = unit_vector(quat1[:4])
    if fraction == 0.0:
        return q0
    elif fraction == 1.0:
        return q1
    d = np.dot(q0, q1)
    if abs(abs(d) - 1.0) < _EPS:
        return q0
    if shortestpath and d < 0.0:
        d = -d
        np.negative(q1, q1)
    angle = np.arccos(d) + spin * np.pi
    if abs(angle) < _EPS:
        return q0
    isin = 1.0 / np.sin(angle)
    q0 *= np.sin((1.0 - fraction) * angle) * isin
    q1 *= np.sin(fraction * angle) * isin
    q0 += q1
    return q0


def vector_norm(data, axis=None, out=None):
    data = np.array(data, dtype=np.float64)
    if out is None:
        if data.ndim == 1:
            return np.sqrt(np.dot(data, data))
        data *= data
        out = np.atleast_1d(np.sum(data, axis=axis))
        np.sqrt(out, out)
        return out
    else:
        data *= data
        np.sum(data, axis=axis, out=out)
        np.sqrt(out, out)


def unit_vector(data, axis=None, out=None):
    if out is None:
        data = np.array(data, dtype=np.float64)
        if data.ndim == 1:
            data /= np.sqrt(np.dot(data, data))
            return data
    else:
        if out is not data:
            out[:] = np.asarray(data)
        data = out
    length = np.atleast_1d(np.sum(data * data, axis))
    np.sqrt(length, length)
    if axis is not None:
        length = np.expand_dims(length, axis)
    data /= length
    if out is None:
        return data


def angle_between_vectors(v0, v1, directed=True, axis=0):
    v0 = np.asarray(v0, dtype=np.float64)
    v1 = np.asarray(v1, dtype=np.float64)
    dot = np.sum(v0 * v1, axis=axis)
    dot /= vector_norm(v0, axis=axis) * vector_norm(v1, axis=axis)
    dot = np.clip(dot, -1.0, 1.0)
    return np.arccos(dot if directed else np.fabs(dot))


def decompose_matrix(matrix):
    M = np.array(matrix, dtype=np.float64).T
    if abs(M[3, 3]) < _EPS:
        raise ValueError('M[3, 3] is zero')
    M /= M[3, 3]
    P = M.copy()
    P[:, 3] = (0.0, 0.0, 0.0, 1.0)
    if not np.linalg.det(P):
        raise ValueError('matrix is singular')
    scale = np.zeros((3,))
    shear = [0.0, 0.0, 0.0]
    angles = [0.0, 0.0, 0.0]
    if any(abs(M[:3, 3]) > _EPS):
        perspective = np.dot(M[:, 3], np.linalg.inv(P.T))
        M[:, 3] = (0.0, 0.0, 0.0, 1.0)
    else:
        perspective = np.array([0.0, 0.0, 0.0, 1.0])
    translate = M[3, :3].copy()
    M[3, :3] = 0.0
    row = M[:3, :3].copy()
    scale[0] = vector_norm(row[0])
    row[0] /= scale[0]
    shear[0] = np.dot(row[0], row[1])
    row[1] -= row[0] * shear[0]
    scale[1] = vector_norm(row[1])
    row[1] /= scale[1]
    shear[0] /= scale[1]
    shear[1] = np.dot(row[0], row[2])
    row[2] -= row[0] * shear[1]
    shear[2] = np.dot(row[1], row[2])
    row[2] -= row[1] * shear[2]
    scale[2] = vector_norm(row[2])
    row[2] /= scale[2]
    shear[1:] /= scale[2]
    if np.dot(row[0], np.cross(row[1], row[2])) < 0:
        np.negative(scale, scale)
        np.negative(row, row)
    angles[1] = np.arcsin(-row[0, 2])
    if np.cos(angles[1]):
        angles[0] = np.arctan2(row[1, 2], row[2, 2])
        angles[2] = np.arctan2(row[0, 1], row[0, 0])
    else:
        angles[0] = np.arctan2(-row[2, 1], row[1, 1])
        angles[2] = 0.0
    return (scale, shear, angles, translate, perspective)


def is_same_transform(matrix0, matrix1):
    matrix0 = np.array(matrix0, dtype=np.float64)
    matrix0 /= matrix0[3, 3]
    matrix1 = np.array(matrix1, dtype=np.float64)
    matrix1 /= matrix1[3, 3]
    return np.allclose(matrix0, matrix1)


def transform_points(points, matrix, translate=True):
    points = np.asanyarray(points, dtype=np.float64)
    if len(points) == 0 or matrix is None:
        return points.copy()
    matrix = np.asanyarray(matrix, dtype=np.float64)
    count, dim = points.shape
    if np.abs(matrix - _IDENTITY[:dim + 1, :dim + 1]).max() < 1e-08:
        return np.ascontiguousarray(points.copy())
    if translate:
        stack = np.column_stack((points, np.ones(count)))
        return np.dot(matrix, stack.T).T[:, :dim]
    return np.dot(matrix[:dim, :dim], points.T).T


def arcball_map_to_sphere(point, center, radius):
    v0 = (point[0] - center[0]) / radius
    v1 = (center[1] - point[1]) / radius
    n = v0 * v0 + v1 * v1
    if n > 1.0:
        n = np.sqrt(n)
        return np.array([v0 / n, v1 / n, 0.0])
    else:
        return np.array([v0, v1, np.sqrt(1.0 - n)])


util = types.SimpleNamespace(unitize=unitize, diagonal_dot=diagonal_dot, is_shape=is_shape)
transformations = types.SimpleNamespace(transform_points=transform_points)


# --- inputs ---------------------------------------------------------------------------------

def _triangles(rng, n=6):
    return rng.normal(size=(n, 3, 3))


def _unit(rng, n=3):
    v = rng.normal(size=n)
    return v / np.linalg.norm(v)


def _rotation(rng):
    return rotation_matrix(np.float64(rng.uniform(0.2, 2.5)), _unit(rng), rng.normal(size=3))


def _rotation_inputs(rng):
    return (_rotation(rng),)


def _affine(rng):
    m = np.eye(4)
    m[:3, :3] = rotation_matrix(rng.uniform(0.2, 1.0), _unit(rng))[:3, :3] @ np.diag(rng.uniform(0.5, 2.0, 3))
    m[:3, 3] = rng.normal(size=3)
    return m


def _quat(rng):
    return _unit(rng, 4)


def _polygon(rng, n=7):
    t = np.sort(rng.uniform(0, 2 * np.pi, size=n))
    pts = np.column_stack((np.cos(t), np.sin(t))) * rng.uniform(0.5, 1.5, size=(n, 1))
    return np.vstack((pts, pts[:1]))


_U = "trimesh/util.py"
_TR = "trimesh/triangles.py"
_P = "trimesh/points.py"
_G = "trimesh/geometry.py"
_T = "trimesh/transformations.py"

CASES = [
    case(unitize, lambda rng: (rng.normal(size=(6, 3)),), TRI(_U, "unitize")),
    case(unitize, lambda rng: (rng.normal(size=3),), TRI(_U, "unitize", "one vector"), name="geometry.unitize_1d"),
    case(unitize, lambda rng: (rng.normal(size=(6, 3)), True), TRI(_U, "unitize", "check_valid=True"), name="geometry.unitize_check_valid"),
    case(diagonal_dot, lambda rng: (rng.normal(size=(6, 3)), rng.normal(size=(6, 3))), TRI(_U, "diagonal_dot")),
    case(row_norm, lambda rng: (rng.normal(size=(6, 3)),), TRI(_U, "row_norm")),
    case(vector_to_spherical, lambda rng: (rng.normal(size=(6, 3)),), TRI(_U, "vector_to_spherical")),
    case(spherical_to_vector, lambda rng: (rng.uniform(0, 3, size=(6, 2)),), TRI(_U, "spherical_to_vector")),
    case(is_ccw, lambda rng: (_polygon(rng), True), TRI(_U, "is_ccw", "return_all=True")),
    case(cross, lambda rng: (_triangles(rng),), TRI(_TR, "cross")),
    case(area, lambda rng: (_triangles(rng),), TRI(_TR, "area")),
    case(normals, lambda rng: (_triangles(rng),), TRI(_TR, "normals")),
    case(angles, lambda rng: (_triangles(rng),), TRI(_TR, "angles")),
    case(extents, lambda rng: (_triangles(rng),), TRI(_TR, "extents")),
    case(points_to_barycentric, lambda rng: (_triangles(rng), rng.normal(size=(6, 3))), TRI(_TR, "points_to_barycentric")),
    case(points_to_barycentric, lambda rng: (_triangles(rng), rng.normal(size=(6, 3)), "cross"), TRI(_TR, "points_to_barycentric", "method='cross'"), name="geometry.points_to_barycentric_cross"),
    case(barycentric_to_points, lambda rng: (_triangles(rng), rng.uniform(0.1, 1.0, size=(6, 3))), TRI(_TR, "barycentric_to_points")),
    case(all_coplanar, lambda rng: (_triangles(rng),), TRI(_TR, "all_coplanar")),
    case(point_plane_distance, lambda rng: (rng.normal(size=(8, 3)), _unit(rng), rng.normal(size=3)), TRI(_P, "point_plane_distance")),
    case(project_to_plane, lambda rng: (rng.normal(size=(8, 3)), _unit(rng), rng.normal(size=3)), TRI(_P, "project_to_plane")),
    case(plane_fit, lambda rng: (rng.normal(size=(10, 3)),), TRI(_P, "plane_fit")),
    case(radial_sort, lambda rng: (rng.normal(size=(8, 3)), np.zeros(3), _unit(rng)), TRI(_P, "radial_sort")),
    case(major_axis, lambda rng: (rng.normal(size=(10, 3)),), TRI(_P, "major_axis")),
    case(align_vectors, lambda rng: (_unit(rng), _unit(rng), True), TRI(_G, "align_vectors", "return_angle=True")),
    case(vector_angle, lambda rng: (rng.normal(size=(5, 2, 3)) / np.sqrt(3),), TRI(_G, "vector_angle")),
    case(faces_to_edges, lambda rng: (rng.integers(0, 20, size=(6, 3)), True), TRI(_G, "faces_to_edges", "return_index=True")),
    case(plane_transform, lambda rng: (rng.normal(size=3), _unit(rng)), TRI(_G, "plane_transform")),
    case(rotation_matrix, lambda rng: (np.float64(rng.uniform(0, 3)), _unit(rng), rng.normal(size=3)), TRI(_T, "rotation_matrix")),
    case(rotation_from_matrix, _rotation_inputs, TRI(_T, "rotation_from_matrix")),
    case(reflection_matrix, lambda rng: (rng.normal(size=3), _unit(rng)), TRI(_T, "reflection_matrix")),
    case(euler_matrix, lambda rng: (*(np.float64(a) for a in rng.uniform(-1, 1, 3)), "rzxz"), TRI(_T, "euler_matrix")),
    case(euler_from_matrix, _rotation_inputs, TRI(_T, "euler_from_matrix")),
    case(quaternion_from_euler, lambda rng: (*(np.float64(a) for a in rng.uniform(-1, 1, 3)), "sxyz"), TRI(_T, "quaternion_from_euler")),
    case(quaternion_matrix, lambda rng: (_quat(rng),), TRI(_T, "quaternion_matrix")),
    case(quaternion_from_matrix, _rotation_inputs, TRI(_T, "quaternion_from_matrix")),
    case(quaternion_from_matrix, lambda rng: (_rotation(rng), True), TRI(_T, "quaternion_from_matrix", "isprecise=True"), name="geometry.quaternion_from_matrix_precise"),
    case(quaternion_multiply, lambda rng: (_quat(rng), _quat(rng)), TRI(_T, "quaternion_multiply")),
    case(quaternion_slerp, lambda rng: (_quat(rng), _quat(rng), 0.3), TRI(_T, "quaternion_slerp")),
    case(vector_norm, lambda rng: (rng.normal(size=(5, 3)), 1), TRI(_T, "vector_norm")),
    case(unit_vector, lambda rng: (rng.normal(size=(5, 3)), 1), TRI(_T, "unit_vector")),
    case(angle_between_vectors, lambda rng: (rng.normal(size=(3, 5)), rng.normal(size=(3, 5))), TRI(_T, "angle_between_vectors")),
    case(decompose_matrix, lambda rng: (_affine(rng),), TRI(_T, "decompose_matrix")),
    case(is_same_transform, lambda rng: (_affine(rng), _affine(rng)), TRI(_T, "is_same_transform")),
    case(transform_points, lambda rng: (rng.normal(size=(8, 3)), _affine(rng)), TRI(_T, "transform_points")),
    case(arcball_map_to_sphere, lambda rng: (rng.uniform(0, 100, size=2), np.array([50.0, 50.0]), 60.0), TRI(_T, "arcball_map_to_sphere")),
]
