"""Trajectory distances from traj-dist's pure Python implementations (bguillouet/traj-dist, MIT) and event detection
from detecta (demotu/detecta, MIT).

traj-dist (``traj_dist/pydist/*.py``, the Python versions of its Cython distances between 2-D trajectories given as
``(n, 2)`` arrays): ``basic_euclidean.py`` (``eucl_dist``'s ``np.linalg.norm``, ``eucl_dist_traj``'s
``scipy.spatial.distance.cdist``, ``point_to_seg``'s ``if p1x == p2x and p1y == p2y`` / ``if (u < 0.00001) or (u > 1)``
on elements, ``point_to_trajectory``'s ``min`` of a list comprehension, ``circle_line_intersection``'s vertical line,
``if delta <= 0`` / ``elif delta > 0`` / ``else: raise``); ``basic_spherical.py`` (``math.sin`` / ``math.atan2`` of
array elements, ``great_circle_distance_traj`` writing ``mdist[i, j]`` of an ``np.empty`` in two loops,
``cross_track_point``'s ``np.cross`` of lists and ``if d1>d2: return ...`` / ``else: return ...``, ``point_to_path``'s
``if (d1p > d12) or (d2p > d12)`` choosing ``np.min((d13, d23))`` or ``np.abs(crt)``); ``segment_distance.py``
(``ordered_mixed_distance``'s ``max(-1, min(1, ...))``, ``if lpe1 == 0 and lpe2 == 0``, chained ``0 <= theta < HPI`` /
``elif HPI <= theta <= PI`` / ``else: raise``, ``mixed_distance`` swapping its arguments on the longer segment,
``segments_distance`` writing ``M[i, j]``); the dynamic programs ``discret_frechet``, ``e_dtw`` / ``s_dtw``,
``e_erp`` / ``s_erp`` (``for i in np.arange(n0) + 1`` writing ``C[i, j]`` from Python's ``min`` of three elements, after
``C[1:, 0] = float('inf')``), ``e_edr`` / ``s_edr`` and ``e_lcss`` / ``s_lcss`` (lists of lists ``C[i][j]`` written under
``if eucl_dist(...) < eps``, ``float(C[n0][n1]) / max([n0, n1])``); ``frechet.py`` (Alt and Godau's decision problem:
``free_line``'s nested ``if`` / ``elif`` returning lists such as ``[-1, -1]`` or ``sorted((0, 1, u1, u2))[1:3]``,
``LF_BF``'s dicts keyed by ``(i, j)`` filled with ``dict.update``, ``LR_BR``'s reachability over those dicts with ``!=``
and ``==`` between lists, ``compute_critical_values``' ``set`` of distances and ``sorted(list(cc))``, ``frechet``'s
``while (len(cc) != 1)`` bisection); ``hausdorff.py`` and ``sspd.py`` (``max`` / ``sum`` of list comprehensions over
points, and the spherical versions' loops carrying ``dist_j0 = min(dist_j0, ...)`` from ``9e100``); ``sowd.py`` (the
one-way distance between trajectories already converted to grid cells: ``find_first_min_points``' list of ``<`` tests
and ``np.where(np.array(min_points))[0]``, ``owd_grid``'s candidate lists grown with ``append`` under ``if ... and ...
or ...``, ``if not (igp in S)``, conditional expressions ``... if igp != 0 else np.inf``, ``min(d)``).

detecta (``detecta/*.py``, one detector a module): ``detect_peaks`` (an early ``return`` for fewer than three samples,
``x = -x`` for valleys, ``np.where`` of ``np.hstack`` comparisons for rising, falling or both edges,
``np.unique``, ``ind = ind[1:]`` under ``if ind.size and ind[0] == 0``, ``np.delete``, and the ``mpd`` loop
``for i in range(ind.size): if not idel[i]: idel = idel | ...; idel[i] = 0``), ``detect_onset`` (``x[np.isnan(x)] =
-np.inf``, ``np.nonzero``, ``np.diff`` of ``np.hstack((-np.inf, inds))``, the ``threshold2`` loop writing
``idel[i] = False``, ``if not inds.size: inds = np.array([])``), ``detect_cusum`` (the CUSUM loop writing ``gp[i]``,
``gn[i]`` and growing ``ta`` / ``tai`` with ``np.append`` under ``if gp[i] > threshold or gn[i] > threshold``; the
offline ending calls ``detect_cusum`` on ``x[::-1]``, ``np.unique(..., return_index=True)``, list comprehensions of
``np.argmax``, masks built with ``np.append(False, ind)``) and ``detect_seq`` (``np.r_[False, np.isnan(x), False]``,
``np.diff`` of booleans, ``reshape(-1, 2)``, slices ``idx[i:f] = True`` in a ``for i, f in idx2``).

Copied from bguillouet/traj-dist at 05893c52078fde5bd6ae9efd5e52178e5bd9a85c (its ``LICENSE.txt`` is the MIT licence,
"Copyright (c) 2018 Brendan GUILLOUET"): every function of the files named in the ``# --- traj_dist/pydist/...``
headers below, in each file's order, but ``sowd.py``'s ``sowd`` and ``sowd_brut`` (they reach ``linecell.py``, which
needs ``geohash2`` and ``shapely``; ``linecell.py`` is not taken). And from demotu/detecta at
05297c48c958fc7b8b1418557a76692d6b7c160e (its ``LICENSE`` is the MIT licence, "Copyright (c) 2020 Marcos Duarte"):
``detect_peaks``, ``detect_onset``, ``detect_cusum`` and ``detect_seq``. Bodies as written, comments kept, docstrings
dropped (and trailing blanks at the ends of lines).

Adapted, beyond that:

* traj-dist's relative imports (``from .basic_euclidean import eucl_dist``, ...) are the module-level functions of this
  module; its module constants (``rad``, ``R``, ``PI``, ``HPI``) stay module-level constants;
* detecta's plotting is dropped: each module's ``_plot`` and the ``if show: ... _plot(...)`` block at the end of each
  detector (in ``detect_peaks`` that block also undoes ``x = -x`` and the NaN writes, for the plot only); the ``show``
  and ``ax`` parameters stay, and every case passes ``show=False`` where the default is ``True`` (``detect_cusum``);
* ``frechet``'s ``m_i = len(cc) / 2 - 1`` is Python 2's integer division (in Python 3 ``cc[m_i]`` is a ``TypeError``),
  so its case gives two segments whose critical values all equal the end points' distance (the second segment is the
  first shifted back and up): a single critical value, and the ``while`` never runs; the bisection itself is staged
  through ``decision_problem`` and ``compute_critical_values``;
* ``detect_peaks`` on data holding NaN calls ``np.in1d``, which NumPy 2.4 removed: no case gives it a NaN.

The inputs: Euclidean trajectories of 6 and 7 points along ``y = sin(x)`` over ``x`` in [0, 5] with +-0.2 jitter (the
second 0.4 above the first); spherical ones of 5 and 6 (lon, lat) points in degrees in Porto, whose taxi rides traj-dist's
benchmark uses (about 1 km long, the second 200 m north); points and segments chosen for each branch of
``point_to_seg``, ``circle_line_intersection``, ``point_to_path``, ``mixed_distance`` and ``free_line``; grid cells as
4-connected paths of 8 and 7 integer cells. The distances the spherical helpers take (``d13``, ``t0_dist``, ...) are
computed as their callers compute them, with ``math``, and given as ``np.float64``: a Python float is part of the trace
key, and one that changes with the input would retrace. The EDR and LCSS tolerances are 0.5 (Euclidean) and 200 m
(spherical). For detecta, its docstrings' examples with ``np.random`` replaced by the case's generator: 5 Hz sine waves with noise,
a plateau ``[0, 1, 1, 0, 1, 1, 0]`` for the edges, a ramp up and down of 100 samples in noise for ``detect_onset``,
a 12-sample drift of 4 in noise for ``detect_cusum`` (the docstring's 300 samples take 4 to 5 s a case to stage: the
loop over the samples is traced one sample at a time), and series with runs of NaN or zeros for ``detect_seq``.
"""

# ruff: noqa: E501, E713
from __future__ import annotations

import math

import numpy as np
from scipy.spatial.distance import cdist

from tests.coverage.cases import DETECTA, TRAJ_DIST, Source, case


def TD(path: str, original: str, note: str = "") -> Source:
    return Source(TRAJ_DIST, "traj_dist/pydist/" + path, original, note)


def DT(path: str, original: str, note: str = "") -> Source:
    return Source(DETECTA, "detecta/" + path, original, note)


# --- traj_dist/pydist/basic_euclidean.py ---


def eucl_dist(x, y):
    dist = np.linalg.norm(x - y)
    return dist


def eucl_dist_traj(t1, t2):
    mdist = cdist(t1, t2, 'euclidean')
    return mdist


def point_to_seg(p, s1, s2, dps1, dps2, ds):
    px = p[0]
    py = p[1]
    p1x = s1[0]
    p1y = s1[1]
    p2x = s2[0]
    p2y = s2[1]
    if p1x == p2x and p1y == p2y:
        dpl = dps1
    else:
        segl = ds
        x_diff = p2x - p1x
        y_diff = p2y - p1y
        u1 = (((px - p1x) * x_diff) + ((py - p1y) * y_diff))
        u = u1 / (segl * segl)

        if (u < 0.00001) or (u > 1):
            # closest point does not fall within the line segment, take the shorter distance to an endpoint
            dpl = min(dps1, dps2)
        else:
            # Intersecting point is on the line, use the formula
            ix = p1x + u * x_diff
            iy = p1y + u * y_diff
            dpl = eucl_dist(p, np.array([ix, iy]))

    return dpl


def point_to_trajectory(p, t, mdist_p, t_dist, l_t):
    dpt = min(
        [point_to_seg(p, t[it], t[it + 1], mdist_p[it], mdist_p[it + 1], t_dist[it]) for it in range(l_t - 1)])
    return dpt


def circle_line_intersection(px, py, s1x, s1y, s2x, s2y, eps):
    if s2x == s1x:
        rac = math.sqrt((eps * eps) - ((s1x - px) * (s1x - px)))
        y1 = py + rac
        y2 = py - rac
        intersect = np.array([[s1x, y1], [s1x, y2]])
    else:
        m = (s2y - s1y) / (s2x - s1x)
        c = s2y - m * s2x
        A = m * m + 1
        B = 2 * (m * c - m * py - px)
        C = py * py - eps * eps + px * px - 2 * c * py + c * c
        delta = B * B - 4 * A * C
        if delta <= 0:
            x = -B / (2 * A)
            y = m * x + c
            intersect = np.array([[x, y], [x, y]])
        elif delta > 0:
            sdelta = math.sqrt(delta)
            x1 = (-B + sdelta) / (2 * A)
            y1 = m * x1 + c
            x2 = (-B - sdelta) / (2 * A)
            y2 = m * x2 + c
            intersect = np.array([[x1, y1], [x2, y2]])
        else:
            raise ValueError("The intersection between circle and line is supposed to exist")
    return intersect

# --- traj_dist/pydist/basic_spherical.py ---

rad = math.pi / 180.0
R = 6378137.0


def spherical2Cart(lon, lat):
    clat=(90-lat)*rad
    lon=lon*rad
    x=math.cos(lon)*math.sin(clat)
    y=math.sin(lon)*math.sin(clat)
    z=math.cos(clat)

    return [x,y,z]

def cart2Spherical(x,y,z):
    r=math.sqrt(x**2+y**2+z**2)
    clat=math.acos(z/r)/math.pi*180
    lat=90.-clat
    lon=math.atan2(y,x)/math.pi*180
    lon=(lon+360)%360

    return [lon, lat]

def great_circle_distance(lon1, lat1, lon2, lat2):

    dlat = rad * (lat2 - lat1)
    dlon = rad * (lon2 - lon1)
    a = (math.sin(dlat / 2.0) * math.sin(dlat / 2.0) +
         math.cos(rad * lat1) * math.cos(rad * lat2) *
         math.sin(dlon / 2.0) * math.sin(dlon / 2.0))
    c = 2 * math.atan2(math.sqrt(a), math.sqrt(1 - a))
    d = R * c
    return d


def great_circle_distance_traj(lons1, lats1, lons2, lats2, l1, l2):

    mdist = np.empty((l1, l2), dtype=float)
    for i in range(l1):
        for j in range(l2):
            mdist[i, j] = great_circle_distance(lons1[i], lats1[i], lons2[j], lats2[j])
    return mdist


def initial_bearing(lon1, lat1, lon2, lat2):
    dlon = rad * (lon2 - lon1)
    y = math.sin(dlon) * math.cos(rad * (lat2))
    x = math.cos(rad * (lat1)) * math.sin(rad * (lat2)) - math.sin(rad * (lat1)) * math.cos(rad * (lat2)) * math.cos(
        dlon)
    ibrng = math.atan2(y, x)

    return ibrng

def cross_track_point(lon1, lat1, lon2, lat2, lon3, lat3):

    x1,y1,z1=spherical2Cart(lon1,lat1)
    x2,y2,z2=spherical2Cart(lon2,lat2)
    x3,y3,z3=spherical2Cart(lon3,lat3)

    D,E,F=np.cross([x1,y1,z1],[x2,y2,z2])

    a=E*z3-F*y3
    b=F*x3-D*z3
    c=D*y3-E*x3

    f=c*E-b*F
    g=a*F-c*D
    h=b*D-a*E

    tt=math.sqrt(f**2+g**2+h**2)
    xp=f/tt
    yp=g/tt
    zp=h/tt

    lon1, lat1 =cart2Spherical(xp,yp,zp)
    lon2, lat2 =cart2Spherical(-xp,-yp,-zp)
    #TODO MIGHT REQUIRE EARTH RADIUS  https://gis.stackexchange.com/questions/209540/projecting-cross-track-distance-on-great-circle
    d1=great_circle_distance(lon1, lat1, lon3, lat3)
    d2=great_circle_distance(lon2, lat2, lon3, lat3)

    if d1>d2:
        return lon2, lat2
    else:
        return lon1, lat1

def cross_track_distance(lon1, lat1, lon2, lat2, lon3, lat3, d13):

    theta13 = initial_bearing(lon1, lat1, lon3, lat3)  # bearing from start point to third point
    theta12 = initial_bearing(lon1, lat1, lon2, lat2)  # bearing from start point to end point

    crt = math.asin(math.sin(d13 / R) * math.sin(theta13 - theta12)) * R

    return crt


def along_track_distance(crt, d13):

    alt = math.acos(math.cos(d13 / R) / math.cos(crt / R)) * R
    return alt


def point_to_path(lon1, lat1, lon2, lat2, lon3, lat3, d13, d23, d12):
    crt = cross_track_distance(lon1, lat1, lon2, lat2, lon3, lat3, d13)
    d1p = along_track_distance(crt, d13)
    d2p = along_track_distance(crt, d23)
    if (d1p > d12) or (d2p > d12):
        ptp = np.min((d13, d23))
    else:
        ptp = np.abs(crt)
    return ptp

# --- traj_dist/pydist/segment_distance.py ---

PI = math.pi
HPI = math.pi / 2


def ordered_mixed_distance(si, ei, sj, ej, siei, sjej, siei_norm_2, sjej_norm_2):
    siei_norm = math.sqrt(siei_norm_2)
    sjej_norm = math.sqrt(sjej_norm_2)
    sisj = sj - si
    siej = ej - si

    u1 = (sisj[0] * siei[0] + sisj[1] * siei[1]) / siei_norm_2
    u2 = (siej[0] * siei[0] + siej[1] * siei[1]) / siei_norm_2

    ps = si + u1 * siei
    pe = si + u2 * siei

    cos_theta = max(-1, min(1, (sjej[0] * siei[0] + sjej[1] * siei[1]) / (siei_norm * sjej_norm)))
    theta = math.acos(cos_theta)

    # perpendicular distance
    lpe1 = eucl_dist(sj, ps)
    lpe2 = eucl_dist(ej, pe)
    if lpe1 == 0 and lpe2 == 0:
        dped = 0
    else:
        dped = (lpe1 * lpe1 + lpe2 * lpe2) / (lpe1 + lpe2)

    # parallel_distance
    lpa1 = min(eucl_dist(si, ps), eucl_dist(ei, ps))
    lpa2 = min(eucl_dist(si, pe), eucl_dist(ei, pe))
    dpad = min(lpa1, lpa2)

    # angle_distance
    if 0 <= theta < HPI:
        dad = sjej_norm * math.sin(theta)
    elif HPI <= theta <= PI:
        dad = sjej_norm
    else:
        raise ValueError("WRONG THETA")

    fdist = (dped + dpad + dad) / 3

    return fdist


def mixed_distance(si, ei, sj, ej):
    siei = ei - si
    sjej = ej - sj

    siei_norm_2 = (siei[0] * siei[0]) + (siei[1] * siei[1])
    sjej_norm_2 = (sjej[0] * sjej[0]) + (sjej[1] * sjej[1])

    if sjej_norm_2 > siei_norm_2:
        md = ordered_mixed_distance(sj, ej, si, ei, sjej, siei, sjej_norm_2, siei_norm_2)
    else:
        md = ordered_mixed_distance(si, ei, sj, ej, siei, sjej, siei_norm_2, sjej_norm_2)

    return md


def segments_distance(traj_0, traj_1):
    n0 = len(traj_0)
    n1 = len(traj_1)
    M = np.zeros((n0 - 1, n1 - 1))
    for i in range(n0 - 1):
        for j in range(n1 - 1):
            M[i, j] = mixed_distance(traj_0[i], traj_0[i + 1], traj_1[j], traj_1[j + 1])
    return M

# --- traj_dist/pydist/discret_frechet.py ---


def discret_frechet(t0, t1):
    n0 = len(t0)
    n1 = len(t1)
    C = np.zeros((n0 + 1, n1 + 1))
    C[1:, 0] = float('inf')
    C[0, 1:] = float('inf')
    for i in np.arange(n0) + 1:
        for j in np.arange(n1) + 1:
            C[i, j] = max(eucl_dist(t0[i - 1], t1[j - 1]), min(C[i, j - 1], C[i - 1, j - 1], C[i - 1, j]))
    dtw = C[n0, n1]
    return dtw

# --- traj_dist/pydist/dtw.py ---


######################
# Euclidean Geometry #
######################

def e_dtw(t0, t1):

    n0 = len(t0)
    n1 = len(t1)
    C = np.zeros((n0 + 1, n1 + 1))
    C[1:, 0] = float('inf')
    C[0, 1:] = float('inf')
    for i in np.arange(n0) + 1:
        for j in np.arange(n1) + 1:
            C[i, j] = eucl_dist(t0[i - 1], t1[j - 1]) + min(C[i, j - 1], C[i - 1, j - 1], C[i - 1, j])
    dtw = C[n0, n1]
    return dtw


######################
# Spherical Geometry #
######################

def s_dtw(t0, t1):
    n0 = len(t0)
    n1 = len(t1)
    C = np.zeros((n0 + 1, n1 + 1))
    C[1:, 0] = float('inf')
    C[0, 1:] = float('inf')
    for i in np.arange(n0) + 1:
        for j in np.arange(n1) + 1:
            C[i, j] = great_circle_distance(t0[i - 1][0], t0[i - 1][1], t1[j - 1][0], t1[j - 1][1]) + \
                      min(C[i, j - 1], C[i - 1, j - 1], C[i - 1, j])
    dtw = C[n0, n1]
    return dtw

# --- traj_dist/pydist/edr.py ---


######################
# Euclidean Geometry #
######################

def e_edr(t0, t1, eps):
    n0 = len(t0)
    n1 = len(t1)
    # An (m+1) times (n+1) matrix
    C = [[0] * (n1 + 1) for _ in range(n0 + 1)]
    for i in range(1, n0 + 1):
        for j in range(1, n1 + 1):
            if eucl_dist(t0[i - 1], t1[j - 1]) < eps:
                subcost = 0
            else:
                subcost = 1
            C[i][j] = min(C[i][j - 1] + 1, C[i - 1][j] + 1, C[i - 1][j - 1] + subcost)
    edr = float(C[n0][n1]) / max([n0, n1])
    return edr


######################
# Spherical Geometry #
######################

def s_edr(t0, t1, eps):
    n0 = len(t0)
    n1 = len(t1)
    # An (m+1) times (n+1) matrix
    C = [[0] * (n1 + 1) for _ in range(n0 + 1)]
    for i in range(1, n0 + 1):
        for j in range(1, n1 + 1):
            if great_circle_distance(t0[i - 1][0], t0[i - 1][1], t1[j - 1][0], t1[j - 1][1]) < eps:
                subcost = 0
            else:
                subcost = 1
            C[i][j] = min(C[i][j - 1] + 1, C[i - 1][j] + 1, C[i - 1][j - 1] + subcost)
    edr = float(C[n0][n1]) / max([n0, n1])
    return edr

# --- traj_dist/pydist/erp.py ---


######################
# Euclidean Geometry #
######################

def e_erp(t0, t1, g):

    n0 = len(t0)
    n1 = len(t1)
    C = np.zeros((n0 + 1, n1 + 1))

    gt0_dist = [abs(eucl_dist(g, x)) for x in t0]
    gt1_dist = [abs(eucl_dist(g, x)) for x in t1]
    mdist = eucl_dist_traj(t0, t1)

    C[1:, 0] = sum(gt0_dist)
    C[0, 1:] = sum(gt1_dist)
    for i in np.arange(n0) + 1:
        for j in np.arange(n1) + 1:
            derp0 = C[i - 1, j] + gt0_dist[i-1]
            derp1 = C[i, j - 1] + gt1_dist[j-1]
            derp01 = C[i - 1, j - 1] + mdist[i-1, j-1]
            C[i, j] = min(derp0, derp1, derp01)
    erp = C[n0, n1]
    return erp


######################
# Spherical Geometry #
######################

def s_erp(t0, t1, g):
    n0 = len(t0)
    n1 = len(t1)
    C = np.zeros((n0 + 1, n1 + 1))

    C[1:, 0] = sum([abs(great_circle_distance(g[0], g[1], x[0], x[1])) for x in t0])
    C[0, 1:] = sum([abs(great_circle_distance(g[0], g[1], y[0], y[1])) for y in t1])
    for i in np.arange(n0) + 1:
        for j in np.arange(n1) + 1:
            derp0 = C[i - 1, j] + great_circle_distance(t0[i - 1][0], t0[i - 1][1], g[0], g[1])
            derp1 = C[i, j - 1] + great_circle_distance(g[0], g[1], t1[j - 1][0], t1[j - 1][1])
            derp01 = C[i - 1, j - 1] + great_circle_distance(t0[i - 1][0], t0[i - 1][1], t1[j - 1][0], t1[j - 1][1])
            C[i, j] = min(derp0, derp1, derp01)
    erp = C[n0, n1]
    return erp

# --- traj_dist/pydist/lcss.py ---


######################
# Euclidean Geometry #
######################

def e_lcss(t0, t1, eps):
    n0 = len(t0)
    n1 = len(t1)
    # An (m+1) times (n+1) matrix
    C = [[0] * (n1 + 1) for _ in range(n0 + 1)]
    for i in range(1, n0 + 1):
        for j in range(1, n1 + 1):
            if eucl_dist(t0[i - 1], t1[j - 1]) < eps:
                C[i][j] = C[i - 1][j - 1] + 1
            else:
                C[i][j] = max(C[i][j - 1], C[i - 1][j])
    lcss = 1 - float(C[n0][n1]) / min([n0, n1])
    return lcss


######################
# Spherical Geometry #
######################

def s_lcss(t0, t1, eps):
    n0 = len(t0)
    n1 = len(t1)
    # An (m+1) times (n+1) matrix
    C = [[0] * (n1 + 1) for _ in range(n0 + 1)]
    for i in range(1, n0 + 1):
        for j in range(1, n1 + 1):
            if great_circle_distance(t0[i - 1, 0], t0[i - 1, 1], t1[j - 1, 0], t1[j - 1, 1]) < eps:
                C[i][j] = C[i - 1][j - 1] + 1
            else:
                C[i][j] = max(C[i][j - 1], C[i - 1][j])
    lcss = 1 - float(C[n0][n1]) / min([n0, n1])
    return lcss

# --- traj_dist/pydist/frechet.py ---
# Computing the Frechet distance between two polygonal curves.
# International Journal of Computational Geometry & Applications.
# Vol 5, Nos 1&2 (1995) 75-91


def free_line(p, eps, s, dps1, dps2, ds):
    px = p[0]
    py = p[1]
    s1x = s[0, 0]
    s1y = s[0, 1]
    s2x = s[1, 0]
    s2y = s[1, 1]
    if s1x == s2x and s1y == s2y:
        if eucl_dist(p, s[0]) > eps:
            lf = [-1, -1]
        else:
            lf = [0, 1]
    else:
        if point_to_seg(p, s[0], s[1], dps1, dps2, ds) > eps:
            # print("No Intersection")
            lf = [-1, -1]
        else:
            segl = eucl_dist(s[0], s[1])
            segl2 = segl * segl
            intersect = circle_line_intersection(px, py, s1x, s1y, s2x, s2y, eps)
            if intersect[0][0] != intersect[1][0] or intersect[0][1] != intersect[1][1]:
                i1x = intersect[0, 0]
                i1y = intersect[0, 1]
                u1 = (((i1x - s1x) * (s2x - s1x)) + ((i1y - s1y) * (s2y - s1y))) / segl2

                i2x = intersect[1, 0]
                i2y = intersect[1, 1]
                u2 = (((i2x - s1x) * (s2x - s1x)) + ((i2y - s1y) * (s2y - s1y))) / segl2
                ordered_point = sorted((0, 1, u1, u2))
                lf = ordered_point[1:3]
            else:
                if px == s1x and py == s1y:
                    lf = [0, 0]
                elif px == s2x and py == s2y:
                    lf = [1, 1]
                else:
                    i1x = intersect[0][0]
                    i1y = intersect[0][1]
                    u1 = (((i1x - s1x) * (s2x - s1x)) + ((i1y - s1y) * (s2y - s1y))) / segl2
                    if 0 <= u1 <= 1:
                        lf = [u1, u1]
                    else:
                        lf = [-1, -1]
    return lf


def LF_BF(P, Q, p, q, eps, mdist, P_dist, Q_dist):
    LF = {}
    for j in range(q):
        for i in range(p - 1):
            LF.update({(i, j): free_line(Q[j], eps, P[i:i + 2], mdist[i, j], mdist[i + 1, j], P_dist[i])})
    BF = {}
    for j in range(q - 1):
        for i in range(p):
            BF.update({(i, j): free_line(P[i], eps, Q[j:j + 2], mdist[i, j], mdist[i, j + 1], Q_dist[j])})
    return LF, BF


def LR_BR(LF, BF, p, q):
    if not (LF[(0, 0)][0] <= 0 and BF[(0, 0)][0] <= 0 and LF[(p - 2, q - 1)][1] >= 1 and BF[(p - 1, q - 2)][1] >= 1):
        rep = False
        BR = {}
        LR = {}
    else:
        LR = {(0, 0): True}
        BR = {(0, 0): True}
        for i in range(1, p - 1):
            if LF[(i, 0)] != [-1, -1] and LF[(i - 1, 0)] == [0, 1]:
                LR[(i, 0)] = True
            else:
                LR[(i, 0)] = False
        for j in range(1, q - 1):
            if BF[(0, j)] != [-1, -1] and BF[(0, j - 1)] == [0, 1]:
                BR[(0, j)] = True
            else:
                BR[(0, j)] = False
        for i in range(p - 1):
            for j in range(q - 1):
                if LR[(i, j)] or BR[(i, j)]:
                    if LF[(i, j + 1)] != [-1, -1]:
                        LR[(i, j + 1)] = True
                    else:
                        LR[(i, j + 1)] = False
                    if BF[(i + 1, j)] != [-1, -1]:
                        BR[(i + 1, j)] = True
                    else:
                        BR[(i + 1, j)] = False
                else:
                    LR[(i, j + 1)] = False
                    BR[(i + 1, j)] = False
        rep = BR[(p - 2, q - 2)] or LR[(p - 2, q - 2)]
    return rep, LR, BR


def decision_problem(P, Q, p, q, eps, mdist, P_dist, Q_dist):
    LF, BF = LF_BF(P, Q, p, q, eps, mdist, P_dist, Q_dist)
    rep, _, _ = LR_BR(LF, BF, p, q)
    return rep


def compute_critical_values(P, Q, p, q, mdist, P_dist, Q_dist):
    origin = eucl_dist(P[0], Q[0])
    end = eucl_dist(P[-1], Q[-1])
    end_point = max(origin, end)
    cc = set([end_point])
    for i in range(p - 1):
        for j in range(q - 1):
            Lij = point_to_seg(Q[j], P[i], P[i + 1], mdist[i, j], mdist[i + 1, j], P_dist[i])
            if Lij > end_point:
                cc.add(Lij)
            Bij = point_to_seg(P[i], Q[j], Q[j + 1], mdist[i, j], mdist[i, j + 1], Q_dist[j])
            if Bij > end_point:
                cc.add(Bij)
    return sorted(list(cc))


def frechet(P, Q):
    p = len(P)
    q = len(Q)

    mdist = eucl_dist_traj(P, Q)
    P_dist = [eucl_dist(P[ip], P[ip + 1]) for ip in range(p - 1)]
    Q_dist = [eucl_dist(Q[iq], Q[iq + 1]) for iq in range(q - 1)]

    cc = compute_critical_values(P, Q, p, q, mdist, P_dist, Q_dist)
    eps = cc[0]
    while (len(cc) != 1):
        m_i = len(cc) / 2 - 1
        eps = cc[m_i]
        rep = decision_problem(P, Q, p, q, eps, mdist, P_dist, Q_dist)
        if rep:
            cc = cc[:m_i + 1]
        else:
            cc = cc[m_i + 1:]
    frech = eps
    return frech

# --- traj_dist/pydist/hausdorff.py ---


######################
# Euclidean Geometry #
######################

def e_directed_hausdorff(t1, t2, mdist, l_t1, l_t2, t2_dist):
    dh = max([point_to_trajectory(t1[i1], t2, mdist[i1], t2_dist, l_t2) for i1 in range(l_t1)])
    return dh


def e_hausdorff(t1, t2):
    mdist = eucl_dist_traj(t1, t2)
    l_t1 = len(t1)
    l_t2 = len(t2)
    t1_dist = [eucl_dist(t1[it1], t1[it1 + 1]) for it1 in range(l_t1 - 1)]
    t2_dist = [eucl_dist(t2[it2], t2[it2 + 1]) for it2 in range(l_t2 - 1)]

    h = max(e_directed_hausdorff(t1, t2, mdist, l_t1, l_t2, t2_dist),
            e_directed_hausdorff(t2, t1, mdist.T, l_t2, l_t1, t1_dist))
    return h


######################
# Spherical Geometry #
######################

def s_directed_hausdorff(lons0, lats0, lons1, lats1, n0, n1, mdist, t0_dist):

    dh = 0
    for j in range(n1):
        dist_j0 = 9e100
        for i in range(n0 - 1):
            dist_j0 = min(dist_j0, point_to_path(lons0[i], lats0[i], lons0[i + 1], lats0[i + 1], lons1[j],
                                                 lats1[j], mdist[i, j], mdist[i + 1, j], t0_dist[i]))
        dh = max(dh, dist_j0)
    return dh


def s_hausdorff(t0, t1):
    n0 = len(t0)
    n1 = len(t1)
    lats0 = t0[:, 1]
    lons0 = t0[:, 0]
    lats1 = t1[:, 1]
    lons1 = t1[:, 0]

    mdist = great_circle_distance_traj(lons0, lats0, lons1, lats1, n0, n1)

    t0_dist = [great_circle_distance(lons0[it0], lats0[it0], lons0[it0 + 1], lats0[it0 + 1]) for it0 in range(n0 - 1)]
    t1_dist = [great_circle_distance(lons1[it1], lats1[it1], lons1[it1 + 1], lats1[it1 + 1]) for it1 in range(n1 - 1)]

    h = max(s_directed_hausdorff(lons0, lats0, lons1, lats1, n0, n1, mdist, t0_dist),
            s_directed_hausdorff(lons1, lats1, lons0, lats0, n1, n0, mdist.T, t1_dist))
    return h

# --- traj_dist/pydist/sspd.py ---


######################
# Euclidean Geometry #
######################

def e_spd(t1, t2, mdist, l_t1, l_t2, t2_dist):

    spd = sum([point_to_trajectory(t1[i1], t2, mdist[i1], t2_dist, l_t2) for i1 in range(l_t1)]) / l_t1
    return spd


def e_sspd(t1, t2):
    mdist = eucl_dist_traj(t1, t2)
    l_t1 = len(t1)
    l_t2 = len(t2)
    t1_dist = [eucl_dist(t1[it1], t1[it1 + 1]) for it1 in range(l_t1 - 1)]
    t2_dist = [eucl_dist(t2[it2], t2[it2 + 1]) for it2 in range(l_t2 - 1)]

    sspd = (e_spd(t1, t2, mdist, l_t1, l_t2, t2_dist) + e_spd(t2, t1, mdist.T, l_t2, l_t1, t1_dist)) / 2
    return sspd


######################
# Spherical Geometry #
######################

def s_spd(lons0, lats0, lons1, lats1, n0, n1, mdist, t0_dist):

    dist = 0
    for j in range(n1):
        dist_j0 = 9e100
        for i in range(n0 - 1):
            dist_j0 = np.min((dist_j0, point_to_path(lons0[i], lats0[i], lons0[i + 1], lats0[i + 1], lons1[j],
                                                     lats1[j], mdist[i, j], mdist[i + 1, j], t0_dist[i])))
        dist = dist + dist_j0
    dist = float(dist) / n1
    return dist


def s_sspd(t0, t1):
    n0 = len(t0)
    n1 = len(t1)
    lats0 = t0[:, 1]
    lons0 = t0[:, 0]
    lats1 = t1[:, 1]
    lons1 = t1[:, 0]

    mdist = great_circle_distance_traj(lons0, lats0, lons1, lats1, n0, n1)

    t0_dist = [great_circle_distance(lons0[it0], lats0[it0], lons0[it0 + 1], lats0[it0 + 1]) for it0 in range(n0 - 1)]
    t1_dist = [great_circle_distance(lons1[it1], lats1[it1], lons1[it1 + 1], lats1[it1 + 1]) for it1 in range(n1 - 1)]

    dist = s_spd(lons0, lats0, lons1, lats1, n0, n1, mdist, t0_dist) + s_spd(lons1, lats1, lons0, lats0, n1, n0,
                                                                             mdist.T, t1_dist)
    return dist

# --- traj_dist/pydist/sowd.py ---


def owd_grid_brut(traj_cell_1, traj_cell_2):
    D = 0
    n = len(traj_cell_1)
    for p1 in traj_cell_1:
        d = [np.linalg.norm(p1 - x) for x in traj_cell_2]
        D += min(d)
    owd = D / n
    return owd


def find_first_min_points(pt, n):
    if n == 1:
        min_points = [True]
    else:
        min_points = [pt[0] < pt[1]]
        for i in range(1, n - 1):
            m_p = pt[i] < pt[i + 1] and pt[i] < pt[i - 1]
            min_points.append(m_p)
        min_points.append(pt[n - 1] < pt[n - 2])
    min_point_index = np.where(np.array(min_points))[0]
    return min_point_index


def owd_grid(traj_cell_1, traj_cell_2):
    n1 = len(traj_cell_1)
    n2 = len(traj_cell_2)

    p = traj_cell_1[0]
    p_t2 = [np.linalg.norm(p - x) for x in traj_cell_2]
    S_old = find_first_min_points(p_t2, n2)
    D = min(p_t2)
    for i in range(1, n1):
        p_prec = p
        p = traj_cell_1[i]
        S = []
        d = []
        n_S_old = len(S_old)
        for j in range(n_S_old):
            ig = S_old[j]
            pg = traj_cell_2[ig]
            if (p_prec[1] == p[1]) and (pg[0] != p_prec[0]) or (p_prec[0] == p[0]) and (pg[1] != p_prec[1]):
                S.append(ig)
                d.append(np.linalg.norm(p - pg))
            else:
                if j == 0:
                    if n_S_old == 1:
                        ranges = list(range(0, n2))
                    else:
                        ranges = list(range(0, S_old[j + 1]))
                elif j == n_S_old - 1:
                    ranges = list(range(S_old[j - 1], n2))
                else:
                    ranges = list(range(S_old[j - 1] + 1, S_old[j + 1]))
                for igp in ranges:
                    pgp = traj_cell_2[igp]
                    if (p_prec[1] == p[1] and pgp[0] == p[0]) or (p_prec[0] == p[0] and pgp[1] == p[1]) or igp == ig:
                        dist_back = np.linalg.norm(traj_cell_2[igp - 1] - p) if igp != 0 else np.inf
                        dist_forw = np.linalg.norm(traj_cell_2[igp + 1] - p) if igp != n2 - 1 else np.inf
                        dist = np.linalg.norm(pgp - p)
                        if dist < dist_back and dist < dist_forw:
                            if not (igp in S):
                                S.append(igp)
                                d.append(dist)
        S_old = S
        # p_t2 = map(lambda x: np.linalg.norm(traj_cell_1[i] - x), traj_cell_2)
        # print(np.all(map(lambda x,y:x==y,S_old,find_first_min_points(p_t2, n2))))
        D += min(d)
    return D / n1


def sowd_grid(traj_cell_1, traj_cell_2):
    sowd_dist = owd_grid(traj_cell_1, traj_cell_2) + owd_grid(traj_cell_2, traj_cell_1)
    return sowd_dist / 2


def sowd_grid_brut(traj_cell_1, traj_cell_2):
    sowd_brut_dist = owd_grid_brut(traj_cell_1, traj_cell_2) + owd_grid_brut(traj_cell_2, traj_cell_1)
    return sowd_brut_dist / 2


# --- detecta/detect_peaks.py ---


def detect_peaks(x, mph=None, mpd=1, threshold=0, edge='rising',
                 kpsh=False, valley=False, show=False, ax=None, title=True):

    x = np.atleast_1d(x).astype('float64')
    if x.size < 3:
        return np.array([], dtype=int)
    if valley:
        x = -x
        if mph is not None:
            mph = -mph
    # find indices of all peaks
    dx = x[1:] - x[:-1]
    # handle NaN's
    indnan = np.where(np.isnan(x))[0]
    if indnan.size:
        x[indnan] = np.inf
        dx[np.where(np.isnan(dx))[0]] = np.inf
    ine, ire, ife = np.array([[], [], []], dtype=int)
    if not edge:
        ine = np.where((np.hstack((dx, 0)) < 0) & (np.hstack((0, dx)) > 0))[0]
    else:
        if edge.lower() in ['rising', 'both']:
            ire = np.where((np.hstack((dx, 0)) <= 0) & (np.hstack((0, dx)) > 0))[0]
        if edge.lower() in ['falling', 'both']:
            ife = np.where((np.hstack((dx, 0)) < 0) & (np.hstack((0, dx)) >= 0))[0]
    ind = np.unique(np.hstack((ine, ire, ife)))
    # handle NaN's
    if ind.size and indnan.size:
        # NaN's and values close to NaN's cannot be peaks
        ind = ind[np.in1d(ind, np.unique(np.hstack((indnan, indnan-1, indnan+1))), invert=True)]
    # first and last values of x cannot be peaks
    if ind.size and ind[0] == 0:
        ind = ind[1:]
    if ind.size and ind[-1] == x.size-1:
        ind = ind[:-1]
    # remove peaks < minimum peak height
    if ind.size and mph is not None:
        ind = ind[x[ind] >= mph]
    # remove peaks - neighbors < threshold
    if ind.size and threshold > 0:
        dx = np.min(np.vstack([x[ind]-x[ind-1], x[ind]-x[ind+1]]), axis=0)
        ind = np.delete(ind, np.where(dx < threshold)[0])
    # detect small peaks closer than minimum peak distance
    if ind.size and mpd > 1:
        ind = ind[np.argsort(x[ind])][::-1]  # sort ind by peak height
        idel = np.zeros(ind.size, dtype=bool)
        for i in range(ind.size):
            if not idel[i]:
                # keep peaks with the same height if kpsh is True
                idel = idel | (ind >= ind[i] - mpd) & (ind <= ind[i] + mpd) \
                       & (x[ind[i]] > x[ind] if kpsh else True)
                idel[i] = 0  # Keep current peak
        # remove the small peaks and sort back the indices by their occurrence
        ind = np.sort(ind[~idel])

    return ind


# --- detecta/detect_onset.py ---


def detect_onset(x, threshold=0, n_above=1, n_below=0,
                 threshold2=None, n_above2=1, show=False, ax=None):

    x = np.atleast_1d(x).astype('float64')
    # deal with NaN's (by definition, NaN's are not greater than threshold)
    x[np.isnan(x)] = -np.inf
    # indices of data greater than or equal to threshold
    inds = np.nonzero(x >= threshold)[0]
    if inds.size:
        # initial and final indexes of almost continuous data
        inds = np.vstack((inds[np.diff(np.hstack((-np.inf, inds))) > n_below+1], \
                          inds[np.diff(np.hstack((inds, np.inf))) > n_below+1])).T
        # indexes of almost continuous data longer than or equal to n_above
        inds = inds[inds[:, 1]-inds[:, 0] >= n_above-1, :]
        # minimum amplitude of n_above2 values in x to detect
        if threshold2 is not None and inds.size:
            idel = np.ones(inds.shape[0], dtype=bool)
            for i in range(inds.shape[0]):
                if np.count_nonzero(x[inds[i, 0]: inds[i, 1]+1] >= threshold2) < n_above2:
                    idel[i] = False
            inds = inds[idel, :]
    if not inds.size:
        inds = np.array([])  # standardize inds shape for output

    return inds


# --- detecta/detect_cusum.py ---


def detect_cusum(x, threshold=1, drift=0, ending=False, show=True, ax=None):

    x = np.atleast_1d(x).astype('float64')
    gp, gn = np.zeros(x.size), np.zeros(x.size)
    ta, tai, taf = np.array([[], [], []], dtype=int)
    tap, tan = 0, 0
    amp = np.array([])
    # Find changes (online form)
    for i in range(1, x.size):
        s = x[i] - x[i-1]
        gp[i] = gp[i-1] + s - drift  # cumulative sum for + change
        gn[i] = gn[i-1] - s - drift  # cumulative sum for - change
        if gp[i] < 0:
            gp[i], tap = 0, i
        if gn[i] < 0:
            gn[i], tan = 0, i
        if gp[i] > threshold or gn[i] > threshold:  # change detected!
            ta = np.append(ta, i)    # alarm index
            tai = np.append(tai, tap if gp[i] > threshold else tan)  # start
            gp[i], gn[i] = 0, 0      # reset alarm
    # THE CLASSICAL CUSUM ALGORITHM ENDS HERE

    # Estimation of when the change ends (offline form)
    if tai.size and ending:
        _, tai2, _, _ = detect_cusum(x[::-1], threshold, drift, show=False)
        taf = x.size - tai2[::-1] - 1
        # Eliminate repeated changes, changes that have the same beginning
        tai, ind = np.unique(tai, return_index=True)
        ta = ta[ind]
        # taf = np.unique(taf, return_index=False)  # corect later
        if tai.size != taf.size:
            if tai.size < taf.size:
                taf = taf[[np.argmax(taf >= i) for i in ta]]
            else:
                ind = [np.argmax(i >= ta[::-1])-1 for i in taf]
                ta = ta[ind]
                tai = tai[ind]
        # Delete intercalated changes (the ending of the change is after
        # the beginning of the next change)
        ind = taf[:-1] - tai[1:] > 0
        if ind.any():
            ta = ta[~np.append(False, ind)]
            tai = tai[~np.append(False, ind)]
            taf = taf[~np.append(ind, False)]
        # Amplitude of changes
        amp = x[taf] - x[tai]

    return ta, tai, taf, amp


# --- detecta/detect_seq.py ---


def detect_seq(x, value=np.nan, index=False, min_seq=1, max_alert=0,
               show=False, ax=None):

    idx = np.r_[False, np.isnan(x) if np.isnan(value) else np.equal(x, value), False]

    if index or min_seq > 1 or max_alert or show:
        idx2 = np.where(np.abs(np.diff(idx))==1)[0].reshape(-1, 2)
        if min_seq > 1:
            idx2 = idx2[np.where(np.diff(idx2, axis=1) >= min_seq)[0]]
            if not index:
                idx = idx[1:-1]*False
                for i, f in idx2:
                    idx[i:f] = True
        idx2[:, 1] = idx2[:, 1] - 1

    if index:
        idx = idx2
    elif len(idx) > len(x):
        idx = idx[1:-1]

    if max_alert and idx2.shape[0]:
        seq = np.diff(idx2, axis=1)
        for j in range(idx2.shape[0]):
            bitlen = seq[j]
            if bitlen >= max_alert:
                text = 'Sequential data equal or longer than {}: ({}, {})'
                print(text.format(max_alert, bitlen, idx2[j]))


    return idx


# --- inputs ---

def _traj(rng, n, offset=0.0):
    x = np.linspace(0.0, 5.0, n) + rng.uniform(-0.2, 0.2, size=n)
    y = offset + np.sin(x) + rng.uniform(-0.2, 0.2, size=n)
    return np.column_stack([x, y])


def _pair(rng):
    return _traj(rng, 7), _traj(rng, 6, 0.4)


def _lonlat(rng, n, north=0.0):
    lon = -8.61 + np.linspace(0.0, 0.012, n) + rng.uniform(-3e-4, 3e-4, size=n)
    lat = 41.15 + north + 0.002 * np.sin(np.linspace(0.0, 3.0, n)) + rng.uniform(-3e-4, 3e-4, size=n)
    return np.column_stack([lon, lat])


def _lonlat_pair(rng):
    return _lonlat(rng, 6), _lonlat(rng, 5, 0.0018)


def _seg_args(rng, p, s1, s2):
    """``point_to_seg``'s arguments: the point, the segment and the three distances its callers pass."""
    return p, s1, s2, eucl_dist(p, s1), eucl_dist(p, s2), eucl_dist(s1, s2)


def _seg_inside(rng):
    s1, s2 = np.array([0.0, 0.0]) + rng.uniform(-0.1, 0.1, 2), np.array([4.0, 1.0]) + rng.uniform(-0.1, 0.1, 2)
    return _seg_args(rng, np.array([2.0, 1.5]) + rng.uniform(-0.1, 0.1, 2), s1, s2)


def _seg_outside(rng):
    s1, s2 = np.array([0.0, 0.0]) + rng.uniform(-0.1, 0.1, 2), np.array([4.0, 1.0]) + rng.uniform(-0.1, 0.1, 2)
    return _seg_args(rng, np.array([6.0, 2.0]) + rng.uniform(-0.1, 0.1, 2), s1, s2)


def _seg_degenerate(rng):
    s1 = np.array([1.0, 1.0]) + rng.uniform(-0.1, 0.1, 2)
    return _seg_args(rng, np.array([2.0, 1.5]) + rng.uniform(-0.1, 0.1, 2), s1, s1.copy())


def _point_to_trajectory(rng):
    t = _traj(rng, 7)
    p = np.array([2.5, 0.0]) + rng.uniform(-0.2, 0.2, 2)
    t_dist = np.array([eucl_dist(t[i], t[i + 1]) for i in range(6)])
    return p, t, eucl_dist_traj(p[None, :], t)[0], t_dist, 7


def _circle(rng, s1x, s1y, s2x, s2y):
    f = lambda v: np.float64(v + rng.uniform(-0.05, 0.05))
    s1x = f(s1x)
    s2x = s1x if s2x is None else f(s2x)
    return f(0.0), f(0.0), s1x, f(s1y), s2x, f(s2y), np.float64(1.0)


def _gc(rng):
    a, b = _lonlat(rng, 2)
    return a[0], a[1], b[0], b[1]


def _path(rng, beyond):
    """Two ends of a path in Porto and a third point beside its middle (or past its end), with the distances."""
    lon1, lat1 = np.float64(-8.61 + rng.uniform(-1e-4, 1e-4)), np.float64(41.15 + rng.uniform(-1e-4, 1e-4))
    lon2, lat2 = np.float64(-8.60 + rng.uniform(-1e-4, 1e-4)), np.float64(41.152 + rng.uniform(-1e-4, 1e-4))
    lon3 = np.float64((-8.585 if beyond else -8.605) + rng.uniform(-1e-4, 1e-4))
    lat3 = np.float64(41.153 + rng.uniform(-1e-4, 1e-4))
    return (lon1, lat1, lon2, lat2, lon3, lat3, np.float64(great_circle_distance(lon1, lat1, lon3, lat3)),
            np.float64(great_circle_distance(lon2, lat2, lon3, lat3)), np.float64(great_circle_distance(lon1, lat1, lon2, lat2)))


def _segments(rng, kind):
    j = lambda: rng.uniform(-0.1, 0.1, 2)
    if kind == "general":
        return np.array([0.0, 0.0]) + j(), np.array([3.0, 1.0]) + j(), np.array([1.0, 1.0]) + j(), np.array([2.0, 2.5]) + j()
    if kind == "opposite":  # the shorter segment points back: theta >= pi / 2
        return np.array([0.0, 0.0]) + j(), np.array([3.0, 0.5]) + j(), np.array([2.0, 1.0]) + j(), np.array([1.0, 1.2]) + j()
    # on the longer segment's line, at whole coordinates: both perpendicular distances exactly 0
    k = float(rng.integers(1, 3))
    return np.array([0.0, 0.0]), np.array([4.0, 0.0]), np.array([k, 0.0]), np.array([k + 1.0, 0.0])


def _free_line(rng, kind):
    p = np.array([1.0, 0.5]) + rng.uniform(-0.05, 0.05, 2)
    if kind == "degenerate":
        s = np.tile(np.array([1.2, 0.6]) + rng.uniform(-0.05, 0.05, 2), (2, 1))
    else:
        s = np.array([[0.0, 0.0], [2.0, 0.0]]) + rng.uniform(-0.05, 0.05, (2, 2))
        if kind == "far":
            p = p + np.array([0.0, 2.0])
    return p, 1.0, s, eucl_dist(p, s[0]), eucl_dist(p, s[1]), eucl_dist(s[0], s[1])


def _frechet_args(rng):
    P, Q = _pair(rng)
    return (P, Q, len(P), len(Q), eucl_dist_traj(P, Q), [eucl_dist(P[i], P[i + 1]) for i in range(len(P) - 1)],
            [eucl_dist(Q[i], Q[i + 1]) for i in range(len(Q) - 1)])


def _decision(rng, eps):
    P, Q, p, q, mdist, P_dist, Q_dist = _frechet_args(rng)
    return P, Q, p, q, eps, mdist, P_dist, Q_dist


def _free_space(rng):
    P, Q, p, q, eps, mdist, P_dist, Q_dist = _decision(rng, 1.5)
    LF, BF = LF_BF(P, Q, p, q, eps, mdist, P_dist, Q_dist)
    return LF, BF, p, q


def _two_segments(rng):
    P = np.array([[0.0, 0.0], [2.0, 0.0]]) + np.array([rng.uniform(-0.1, 0.1), 0.0])
    return P, P + np.array([-0.1, 0.5])


def _directed(rng):
    t1, t2 = _pair(rng)
    return t1, t2, eucl_dist_traj(t1, t2), 7, 6, [eucl_dist(t2[i], t2[i + 1]) for i in range(5)]


def _s_directed(rng):
    t0, t1 = _lonlat_pair(rng)
    mdist = great_circle_distance_traj(t0[:, 0], t0[:, 1], t1[:, 0], t1[:, 1], 6, 5)
    t0_dist = [np.float64(great_circle_distance(t0[i, 0], t0[i, 1], t0[i + 1, 0], t0[i + 1, 1])) for i in range(5)]
    return t0[:, 0], t0[:, 1], t1[:, 0], t1[:, 1], 6, 5, mdist, t0_dist


def _cells(rng, n, start):
    """A 4-connected path of ``n`` grid cells (int64), each step one cell right or up."""
    steps = np.where(rng.integers(0, 2, size=(n - 1))[:, None] == 0, np.array([1, 0]), np.array([0, 1]))
    return np.vstack([np.array(start, dtype=np.int64)[None, :], np.array(start) + np.cumsum(steps, axis=0)])


def _cell_pair(rng):
    return _cells(rng, 8, (0, 0)), _cells(rng, 7, (1, 0))


def _sine(rng, n=200):
    return np.sin(2 * np.pi * 5 * np.linspace(0, 1, n)) + rng.normal(size=n) / 5


def _plateau(rng):
    return np.array([0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0]) * rng.uniform(1.0, 2.0)


def _onset(rng, nan=False):
    x = rng.normal(size=200) / 10
    x[51:151] += np.hstack((np.linspace(0, 1, 50), np.linspace(1, 0, 50)))
    if nan:
        x[80:90] = np.nan
    return x


def _cusum(rng):
    # (12 samples, not the docstring's 300: the loop over the samples is traced one sample at a time, 4 to 5 s a case
    # at 300. Until stop 95 the detector's call of itself under `if tai.size and ending:` was traced without end,
    # 60 levels and 114 s before a StagingError: the test is now plainly false where `ending` is)
    x = rng.normal(size=12) / 5
    x[4:8] += np.arange(0, 4, 1.0)
    return x


def _seq(rng, value=np.nan):
    x = rng.uniform(1.0, 2.0, size=40)
    x[[3, 10, 11, 20, 21, 22, 23, 35]] = value
    return x


CASES = [
    # traj-dist: basic_euclidean.py
    case(eucl_dist, lambda rng: (rng.normal(size=2), rng.normal(size=2)), TD("basic_euclidean.py", "eucl_dist")),
    case(eucl_dist_traj, _pair, TD("basic_euclidean.py", "eucl_dist_traj", "7 and 6 points: scipy's cdist")),
    case(point_to_seg, _seg_inside, TD("basic_euclidean.py", "point_to_seg", "the projection falls on the segment")),
    case(point_to_seg, _seg_outside, TD("basic_euclidean.py", "point_to_seg", "past the segment's end: min(dps1, dps2)"), name="trajdist_detecta.point_to_seg_outside"),
    case(point_to_seg, _seg_degenerate, TD("basic_euclidean.py", "point_to_seg", "a segment of two equal points: dpl = dps1"), name="trajdist_detecta.point_to_seg_degenerate"),
    case(point_to_trajectory, _point_to_trajectory, TD("basic_euclidean.py", "point_to_trajectory", "a point and 7 points")),
    case(circle_line_intersection, lambda rng: _circle(rng, -2.0, -0.3, 2.0, 0.4), TD("basic_euclidean.py", "circle_line_intersection", "a line through the unit circle: delta > 0")),
    case(circle_line_intersection, lambda rng: _circle(rng, 0.5, -2.0, None, 2.0), TD("basic_euclidean.py", "circle_line_intersection", "a vertical line: s2x == s1x"), name="trajdist_detecta.circle_line_intersection_vertical"),
    case(circle_line_intersection, lambda rng: _circle(rng, -2.0, 1.6, 2.0, 1.8), TD("basic_euclidean.py", "circle_line_intersection", "a line missing the circle: delta <= 0"), name="trajdist_detecta.circle_line_intersection_missing"),
    # traj-dist: basic_spherical.py
    case(spherical2Cart, lambda rng: tuple(_lonlat(rng, 1)[0]), TD("basic_spherical.py", "spherical2Cart")),
    case(cart2Spherical, lambda rng: tuple(map(np.float64, spherical2Cart(*_lonlat(rng, 1)[0]))), TD("basic_spherical.py", "cart2Spherical", "a point of spherical2Cart")),
    case(great_circle_distance, _gc, TD("basic_spherical.py", "great_circle_distance")),
    case(great_circle_distance_traj, lambda rng: (lambda a, b: (a[:, 0], a[:, 1], b[:, 0], b[:, 1], 6, 5))(*_lonlat_pair(rng)), TD("basic_spherical.py", "great_circle_distance_traj", "6 by 5 points")),
    case(initial_bearing, _gc, TD("basic_spherical.py", "initial_bearing")),
    case(cross_track_point, lambda rng: _path(rng, False)[:6], TD("basic_spherical.py", "cross_track_point", "a third point near the path: return lon1, lat1")),
    case(cross_track_distance, lambda rng: _path(rng, False)[:7], TD("basic_spherical.py", "cross_track_distance")),
    case(along_track_distance, lambda rng: (lambda a: (np.float64(cross_track_distance(*a[:7])), a[6]))(_path(rng, False)), TD("basic_spherical.py", "along_track_distance", "the cross-track distance of cross_track_distance")),
    case(point_to_path, lambda rng: _path(rng, False), TD("basic_spherical.py", "point_to_path", "beside the path: np.abs(crt)")),
    case(point_to_path, lambda rng: _path(rng, True), TD("basic_spherical.py", "point_to_path", "past the path's end: np.min((d13, d23))"), name="trajdist_detecta.point_to_path_beyond"),
    # traj-dist: segment_distance.py
    case(mixed_distance, lambda rng: _segments(rng, "general"), TD("segment_distance.py", "mixed_distance", "two crossing segments, the first longer")),
    case(mixed_distance, lambda rng: _segments(rng, "general")[2:] + _segments(rng, "general")[:2], TD("segment_distance.py", "mixed_distance", "the second longer: the arguments swapped"), name="trajdist_detecta.mixed_distance_swapped"),
    case(mixed_distance, lambda rng: _segments(rng, "opposite"), TD("segment_distance.py", "mixed_distance", "opposite directions: HPI <= theta <= PI"), name="trajdist_detecta.mixed_distance_opposite"),
    case(mixed_distance, lambda rng: _segments(rng, "collinear"), TD("segment_distance.py", "mixed_distance", "a segment on the other's line: lpe1 == 0 and lpe2 == 0"), name="trajdist_detecta.mixed_distance_collinear"),
    case(segments_distance, _pair, TD("segment_distance.py", "segments_distance", "6 by 5 segments")),
    # traj-dist: the dynamic programs
    case(discret_frechet, _pair, TD("discret_frechet.py", "discret_frechet")),
    case(e_dtw, _pair, TD("dtw.py", "e_dtw")),
    case(s_dtw, _lonlat_pair, TD("dtw.py", "s_dtw")),
    case(e_edr, lambda rng: _pair(rng) + (0.5,), TD("edr.py", "e_edr", "eps=0.5")),
    case(s_edr, lambda rng: _lonlat_pair(rng) + (200.0,), TD("edr.py", "s_edr", "eps=200 m")),
    case(e_erp, lambda rng: _pair(rng) + (np.zeros(2),), TD("erp.py", "e_erp", "g at the origin")),
    case(s_erp, lambda rng: _lonlat_pair(rng) + (np.array([-8.6, 41.15]),), TD("erp.py", "s_erp", "g in Porto")),
    case(e_lcss, lambda rng: _pair(rng) + (0.5,), TD("lcss.py", "e_lcss", "eps=0.5")),
    case(s_lcss, lambda rng: _lonlat_pair(rng) + (200.0,), TD("lcss.py", "s_lcss", "eps=200 m")),
    # traj-dist: frechet.py
    case(free_line, lambda rng: _free_line(rng, "crossing"), TD("frechet.py", "free_line", "the circle crosses the segment twice: sorted((0, 1, u1, u2))[1:3]")),
    case(free_line, lambda rng: _free_line(rng, "far"), TD("frechet.py", "free_line", "the segment beyond eps: [-1, -1]"), name="trajdist_detecta.free_line_far"),
    case(free_line, lambda rng: _free_line(rng, "degenerate"), TD("frechet.py", "free_line", "a segment of two equal points within eps: [0, 1]"), name="trajdist_detecta.free_line_degenerate"),
    case(LF_BF, lambda rng: _decision(rng, 1.5), TD("frechet.py", "LF_BF", "eps=1.5: dicts of free intervals")),
    case(LR_BR, _free_space, TD("frechet.py", "LR_BR", "the free space of LF_BF at eps=1.5")),
    case(decision_problem, lambda rng: _decision(rng, 1.5), TD("frechet.py", "decision_problem", "eps=1.5: reachable")),
    case(decision_problem, lambda rng: _decision(rng, 0.05), TD("frechet.py", "decision_problem", "eps=0.05: the first corner is not free"), name="trajdist_detecta.decision_problem_small_eps"),
    case(compute_critical_values, _frechet_args, TD("frechet.py", "compute_critical_values", "a set of distances, sorted")),
    case(frechet, _two_segments, TD("frechet.py", "frechet", "a segment and its copy shifted back and up: one critical value, the while never runs (its len(cc) / 2 is Python 2's)")),
    # traj-dist: hausdorff.py, sspd.py
    case(e_directed_hausdorff, _directed, TD("hausdorff.py", "e_directed_hausdorff")),
    case(e_hausdorff, _pair, TD("hausdorff.py", "e_hausdorff")),
    case(s_directed_hausdorff, _s_directed, TD("hausdorff.py", "s_directed_hausdorff")),
    case(s_hausdorff, _lonlat_pair, TD("hausdorff.py", "s_hausdorff")),
    case(e_spd, _directed, TD("sspd.py", "e_spd")),
    case(e_sspd, _pair, TD("sspd.py", "e_sspd")),
    case(s_spd, _s_directed, TD("sspd.py", "s_spd")),
    case(s_sspd, _lonlat_pair, TD("sspd.py", "s_sspd")),
    # traj-dist: sowd.py
    case(owd_grid_brut, _cell_pair, TD("sowd.py", "owd_grid_brut", "8 and 7 grid cells (int64)")),
    case(find_first_min_points, lambda rng: (np.abs(rng.normal(size=9)), 9), TD("sowd.py", "find_first_min_points", "9 distances")),
    case(find_first_min_points, lambda rng: (np.abs(rng.normal(size=1)), 1), TD("sowd.py", "find_first_min_points", "one distance: if n == 1"), name="trajdist_detecta.find_first_min_points_one"),
    case(owd_grid, _cell_pair, TD("sowd.py", "owd_grid", "8 and 7 grid cells (int64)")),
    case(sowd_grid, _cell_pair, TD("sowd.py", "sowd_grid")),
    case(sowd_grid_brut, _cell_pair, TD("sowd.py", "sowd_grid_brut")),
    # detecta
    case(detect_peaks, lambda rng: (_sine(rng),), DT("detect_peaks.py", "detect_peaks", "a noisy 5 Hz sine, the defaults")),
    case(detect_peaks, lambda rng: (_sine(rng), 0.0, 20), DT("detect_peaks.py", "detect_peaks", "mph=0, mpd=20: the loop over peaks by height"), name="trajdist_detecta.detect_peaks_mpd"),
    case(detect_peaks, lambda rng: (_sine(rng), 0.0, 20, 0, "rising", True), DT("detect_peaks.py", "detect_peaks", "mpd=20, kpsh=True"), name="trajdist_detecta.detect_peaks_kpsh"),
    case(detect_peaks, lambda rng: (_sine(rng), -1.2, 20, 0, "rising", False, True), DT("detect_peaks.py", "detect_peaks", "valleys below -1.2, mpd=20: x = -x"), name="trajdist_detecta.detect_peaks_valley"),
    case(detect_peaks, lambda rng: (_sine(rng), None, 1, 0.5), DT("detect_peaks.py", "detect_peaks", "threshold=0.5: np.delete"), name="trajdist_detecta.detect_peaks_threshold"),
    case(detect_peaks, lambda rng: (_plateau(rng), None, 1, 0, "both"), DT("detect_peaks.py", "detect_peaks", "a plateau, edge='both'"), name="trajdist_detecta.detect_peaks_both"),
    case(detect_peaks, lambda rng: (_plateau(rng), None, 1, 0, "falling"), DT("detect_peaks.py", "detect_peaks", "a plateau, edge='falling'"), name="trajdist_detecta.detect_peaks_falling"),
    case(detect_peaks, lambda rng: (_sine(rng), None, 1, 0, None), DT("detect_peaks.py", "detect_peaks", "edge=None: if not edge, strict peaks only"), name="trajdist_detecta.detect_peaks_no_edge"),
    case(detect_peaks, lambda rng: (rng.normal(size=2),), DT("detect_peaks.py", "detect_peaks", "two samples: the early return"), name="trajdist_detecta.detect_peaks_short"),
    case(detect_onset, lambda rng: (_onset(rng), 0.5, 10, 0), DT("detect_onset.py", "detect_onset", "threshold=0.5, n_above=10")),
    case(detect_onset, lambda rng: (_onset(rng), 0.3, 5, 2), DT("detect_onset.py", "detect_onset", "threshold=0.3, n_above=5, n_below=2"), name="trajdist_detecta.detect_onset_n_below"),
    case(detect_onset, lambda rng: (_onset(rng), 0.3, 5, 2, 0.8, 5), DT("detect_onset.py", "detect_onset", "threshold2=0.8, n_above2=5: the loop writing idel[i]"), name="trajdist_detecta.detect_onset_threshold2"),
    case(detect_onset, lambda rng: (_onset(rng, nan=True), 0.5, 10, 0), DT("detect_onset.py", "detect_onset", "10 NaN inside the ramp: x[np.isnan(x)] = -np.inf"), name="trajdist_detecta.detect_onset_nan"),
    case(detect_onset, lambda rng: (_onset(rng), 5.0, 1, 0), DT("detect_onset.py", "detect_onset", "nothing above 5: inds = np.array([])"), name="trajdist_detecta.detect_onset_none"),
    case(detect_cusum, lambda rng: (_cusum(rng), 2, .02, True, False), DT("detect_cusum.py", "detect_cusum", "threshold=2, drift=0.02, ending=True (the docstring's example)")),
    case(detect_cusum, lambda rng: (_cusum(rng), 2, .02, False, False), DT("detect_cusum.py", "detect_cusum", "ending=False: the online form only"), name="trajdist_detecta.detect_cusum_online"),
    case(detect_cusum, lambda rng: (_cusum(rng), 100.0, 0.0, True, False), DT("detect_cusum.py", "detect_cusum", "threshold=100: no alarm"), name="trajdist_detecta.detect_cusum_quiet"),
    case(detect_seq, lambda rng: (_seq(rng),), DT("detect_seq.py", "detect_seq", "runs of NaN: the mask")),
    case(detect_seq, lambda rng: (_seq(rng), np.nan, True), DT("detect_seq.py", "detect_seq", "index=True: start and end of each run"), name="trajdist_detecta.detect_seq_index"),
    case(detect_seq, lambda rng: (_seq(rng), np.nan, False, 2), DT("detect_seq.py", "detect_seq", "min_seq=2: idx[i:f] = True in a loop"), name="trajdist_detecta.detect_seq_min_seq"),
    case(detect_seq, lambda rng: (_seq(rng, 0.0), 0.0, True, 3), DT("detect_seq.py", "detect_seq", "runs of zeros, value=0, index=True, min_seq=3"), name="trajdist_detecta.detect_seq_zeros"),
]
