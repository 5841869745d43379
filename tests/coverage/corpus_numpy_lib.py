"""NumPy's own Python: functions of ``numpy.lib`` that NumPy writes in Python over its ufuncs, staged as a user's
code would be: ``diff`` (``if n == 0`` / ``if n < 0`` guards, ``np._NoValue`` sentinels for ``prepend`` / ``append``
broadcast by ``if prepend.ndim == 0``, a list of slices built per axis and made a tuple, ``not_equal`` or
``subtract`` chosen by ``a.dtype == np.bool``, then ``for _ in range(n)``), ``unwrap`` (``divmod`` of the period for
an integer dtype, ``np.copyto(..., where=...)`` into a temporary, a write through a tuple of slices), ``trapezoid``
(``x is None`` or the spacing's ``diff`` reshaped by ``if x.ndim == 1``, a ``try`` / ``except ValueError``
fallback), ``sinc``, ``piecewise`` (``isscalar`` and list checks of the conditions, ``n == n2 - 1`` for a default
function, ``isinstance(func, collections.abc.Callable)`` or a constant, masked writes ``y[cond] = func(vals)``),
``i0`` by ``piecewise`` of two Chebyshev series ``_chbevl`` (a Python loop over a Python list of coefficients),
``kaiser``, ``hanning``, ``bartlett`` (``if M < 1`` / ``if M == 1`` early returns of a window length that is a
NumPy float), ``select`` (conditions checked by ``issubdtype`` in a loop, ``np.result_type`` of the choices,
``np.copyto`` in a reversed ``zip`` loop), ``gradient`` (varargs spacings dispatched on ``np.ndim`` and
``np.diff`` uniformity, ``edge_order`` branches, slice lists rebuilt per axis, ``otype`` chosen by dtype kind, a
``len_axes == 1`` return), ``cov`` and ``corrcoef`` (``ndim`` checks raising, ``rowvar`` transposes, optional
``fweights`` / ``aweights``, ``ddof`` defaults, a warning for ``fact <= 0``, ``c.squeeze()``; ``corrcoef``'s ``try``
of ``diag`` with ``except ValueError``, ``np.clip`` of the real part, ``np.iscomplexobj``), ``angle``,
``sort_complex`` (an ``if not issubclass(b.dtype.type, _nx.complexfloating)`` cast chain on ``b.dtype.char``),
``average`` (``_weights_are_valid``'s shape checks and ``np.broadcast_to`` / ``swapaxes``, ``returned=``, a
``np.any(scl == 0.0)`` raise), the polynomial helpers ``polyval`` (``isinstance(x, poly1d)``, Horner's
``for pv in p``), ``polyder`` / ``polyint`` (recursion on ``m``), ``polyadd`` (``diff = len(a2) - len(a1)`` and
three branches of zero padding), ``polymul``, ``poly`` (``eigvals`` for a square matrix, a ``for`` loop of
``convolve`` over the roots, conjugate pairs made real), ``vander`` (``if not increasing`` flips, ``np.multiply.
accumulate`` with ``out=`` into a view) and ``ediff1d`` (``to_begin`` / ``to_end`` padded by ``np.empty``
with writes into slices) (numpy/numpy, BSD-3-Clause).

Copied from the PyPI sdist ``numpy==2.4.6`` (SHA-1 of numpy-2.4.6.tar.gz: b143f7599cd530f28a98de0efa45c3de2b3f56a6,
SHA-256 f3a3570c4a2a16746ac2c31a7c7c7b0c186b95ce902e33db6f28094ed7387dda; its ``LICENSE.txt`` is the BSD 3-Clause
License, "Copyright (c) 2005-2025, NumPy Developers"), the same text as the files of the numpy 2.4.6 wheel the venv
runs: ``numpy/lib/_function_base_impl.py``, ``_polynomial_impl.py``, ``_twodim_base_impl.py`` and
``_arraysetops_impl.py``, each function as written (its line there above it), docstrings dropped, comments kept.

Adapted, beyond that:

* the decorators (``@array_function_dispatch(...)``, ``@set_module('numpy')``) are dropped: they register the
  function with NumPy's ``__array_function__`` protocol and name its module, and call it unchanged otherwise;
* the names the functions read from their modules' globals are imported from where those modules import them
  (``numpy._core.numeric as _nx`` and ``as NX``, ``numpy.lib.array_utils.normalize_axis_index``, the ufuncs and
  constructors from ``numpy``, ``numpy.linalg.eigvals``), and the Chebyshev coefficients ``_i0A`` / ``_i0B`` are
  copied with their comment; the copied functions call each other as they do in NumPy (``unwrap`` and
  ``trapezoid`` call this ``diff``, ``i0`` this ``piecewise``);
* a setting the source takes as a keyword (``prepend=``, ``period=``, ``edge_order=``, ``returned=``,
  ``increasing=``, ``to_begin=``...) is given by a one-line wrapper named after the case, so the traced arguments are
  the arrays.

The inputs: random normal series of 8 to 40 points (a 2-D 5 x 7 field for the axis cases), phases with jumps of
more than pi, uneven sample positions, a bool series, windows of length 0, 1 and 12 and a Kaiser ``beta`` of 8.6,
Bessel arguments on both sides of 8, complex samples, polynomial coefficients of degrees 2 to 6 and roots with a
conjugate pair, and edge values: ``n=0``, windows of length 0 and 1.
"""

# ruff: noqa: E721
from __future__ import annotations

import collections.abc
import functools  # noqa: F401  (NumPy's module imports it for array_function_dispatch, dropped here)
import warnings

import numpy as np
import numpy._core.numeric as NX
import numpy._core.numeric as _nx
from numpy import (
    add,
    arange,
    arctan2,
    array,
    asanyarray,
    asarray,
    atleast_1d,
    cos,
    diag,
    dot,
    empty,
    exp,
    isscalar,
    less_equal,
    mintypecode,
    multiply,
    ndarray,
    not_equal,
    ones,
    pi,
    poly1d,
    promote_types,
    sin,
    sqrt,
    subtract,
    where,
    zeros_like,
)
from numpy import remainder as mod
from numpy._core._multiarray_umath import _array_converter
from numpy.lib.array_utils import normalize_axis_index
from numpy.linalg import eigvals

from tests.coverage.cases import NUMPY_LIB, Source, case


def NP(path: str, original: str, note: str = "") -> Source:
    return Source(NUMPY_LIB, "numpy/lib/" + path, original, note)


## Code from cephes for i0

_i0A = [
    -4.41534164647933937950E-18,
    3.33079451882223809783E-17,
    -2.43127984654795469359E-16,
    1.71539128555513303061E-15,
    -1.16853328779934516808E-14,
    7.67618549860493561688E-14,
    -4.85644678311192946090E-13,
    2.95505266312963983461E-12,
    -1.72682629144155570723E-11,
    9.67580903537323691224E-11,
    -5.18979560163526290666E-10,
    2.65982372468238665035E-9,
    -1.30002500998624804212E-8,
    6.04699502254191894932E-8,
    -2.67079385394061173391E-7,
    1.11738753912010371815E-6,
    -4.41673835845875056359E-6,
    1.64484480707288970893E-5,
    -5.75419501008210370398E-5,
    1.88502885095841655729E-4,
    -5.76375574538582365885E-4,
    1.63947561694133579842E-3,
    -4.32430999505057594430E-3,
    1.05464603945949983183E-2,
    -2.37374148058994688156E-2,
    4.93052842396707084878E-2,
    -9.49010970480476444210E-2,
    1.71620901522208775349E-1,
    -3.04682672343198398683E-1,
    6.76795274409476084995E-1
    ]

_i0B = [
    -7.23318048787475395456E-18,
    -4.83050448594418207126E-18,
    4.46562142029675999901E-17,
    3.46122286769746109310E-17,
    -2.82762398051658348494E-16,
    -3.42548561967721913462E-16,
    1.77256013305652638360E-15,
    3.81168066935262242075E-15,
    -9.55484669882830764870E-15,
    -4.15056934728722208663E-14,
    1.54008621752140982691E-14,
    3.85277838274214270114E-13,
    7.18012445138366623367E-13,
    -1.79417853150680611778E-12,
    -1.32158118404477131188E-11,
    -3.14991652796324136454E-11,
    1.18891471078464383424E-11,
    4.94060238822496958910E-10,
    3.39623202570838634515E-9,
    2.26666899049817806459E-8,
    2.04891858946906374183E-7,
    2.89137052083475648297E-6,
    6.88975834691682398426E-5,
    3.36911647825569408990E-3,
    8.04490411014108831608E-1
    ]


# --- numpy/lib/_function_base_impl.py, line 1402 ---

def diff(a, n=1, axis=-1, prepend=np._NoValue, append=np._NoValue):
    if n == 0:
        return a
    if n < 0:
        raise ValueError(
            "order must be non-negative but got " + repr(n))

    a = asanyarray(a)
    nd = a.ndim
    if nd == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = normalize_axis_index(axis, nd)

    combined = []
    if prepend is not np._NoValue:
        prepend = np.asanyarray(prepend)
        if prepend.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            prepend = np.broadcast_to(prepend, tuple(shape))
        combined.append(prepend)

    combined.append(a)

    if append is not np._NoValue:
        append = np.asanyarray(append)
        if append.ndim == 0:
            shape = list(a.shape)
            shape[axis] = 1
            append = np.broadcast_to(append, tuple(shape))
        combined.append(append)

    if len(combined) > 1:
        a = np.concatenate(combined, axis)

    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    slice1 = tuple(slice1)
    slice2 = tuple(slice2)

    op = not_equal if a.dtype == np.bool else subtract
    for _ in range(n):
        a = op(a[slice1], a[slice2])

    return a


# --- numpy/lib/_function_base_impl.py, line 1740 ---

def unwrap(p, discont=None, axis=-1, *, period=2 * pi):
    p = asarray(p)
    nd = p.ndim
    dd = diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    slice1 = [slice(None, None)] * nd     # full slices
    slice1[axis] = slice(1, None)
    slice1 = tuple(slice1)
    dtype = np.result_type(dd, period)
    if _nx.issubdtype(dtype, _nx.integer):
        interval_high, rem = divmod(period, 2)
        boundary_ambiguous = rem == 0
    else:
        interval_high = period / 2
        boundary_ambiguous = True
    interval_low = -interval_high
    ddmod = mod(dd - interval_low, period) + interval_low
    if boundary_ambiguous:
        # for `mask = (abs(dd) == period/2)`, the above line made
        # `ddmod[mask] == -period/2`. correct these such that
        # `ddmod[mask] == sign(dd[mask])*period/2`.
        _nx.copyto(ddmod, interval_high,
                   where=(ddmod == interval_low) & (dd > 0))
    ph_correct = ddmod - dd
    _nx.copyto(ph_correct, 0, where=abs(dd) < discont)
    up = array(p, copy=True, dtype=dtype)
    up[slice1] = p[slice1] + ph_correct.cumsum(axis)
    return up


# --- numpy/lib/_function_base_impl.py, line 4910 ---

def trapezoid(y, x=None, dx=1.0, axis=-1):

    y = asanyarray(y)
    if x is None:
        d = dx
    else:
        x = asanyarray(x)
        if x.ndim == 1:
            d = diff(x)
            # reshape to correct shape
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = diff(x, axis=axis)
    nd = y.ndim
    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    try:
        ret = (d * (y[tuple(slice1)] + y[tuple(slice2)]) / 2.0).sum(axis)
    except ValueError:
        # Operations didn't work, cast to ndarray
        d = np.asarray(d)
        y = np.asarray(y)
        ret = add.reduce(d * (y[tuple(slice1)] + y[tuple(slice2)]) / 2.0, axis)
    return ret


# --- numpy/lib/_function_base_impl.py, line 3730 ---

def sinc(x):
    x = np.asanyarray(x)
    x = pi * x
    # Hope that 1e-20 is sufficient for objects...
    eps = np.finfo(x.dtype).eps if x.dtype.kind == "f" else 1e-20
    y = where(x, x, eps)
    return sin(y) / y


# --- numpy/lib/_function_base_impl.py, line 685 ---

def piecewise(x, condlist, funclist, *args, **kw):
    x = asanyarray(x)
    n2 = len(funclist)

    # undocumented: single condition is promoted to a list of one condition
    if isscalar(condlist) or (
            not isinstance(condlist[0], (list, ndarray)) and x.ndim != 0):
        condlist = [condlist]

    condlist = asarray(condlist, dtype=bool)
    n = len(condlist)

    if n == n2 - 1:  # compute the "otherwise" condition.
        condelse = ~np.any(condlist, axis=0, keepdims=True)
        condlist = np.concatenate([condlist, condelse], axis=0)
        n += 1
    elif n != n2:
        raise ValueError(
            f"with {n} condition(s), either {n} or {n + 1} functions are expected"
        )

    y = zeros_like(x)
    for cond, func in zip(condlist, funclist):
        if not isinstance(func, collections.abc.Callable):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)

    return y


# --- numpy/lib/_function_base_impl.py, line 3508 ---

def _chbevl(x, vals):
    b0 = vals[0]
    b1 = 0.0

    for i in range(1, len(vals)):
        b2 = b1
        b1 = b0
        b0 = x * b1 - b2 + vals[i]

    return 0.5 * (b0 - b2)


# --- numpy/lib/_function_base_impl.py, line 3520 ---

def _i0_1(x):
    return exp(x) * _chbevl(x / 2.0 - 2, _i0A)


# --- numpy/lib/_function_base_impl.py, line 3524 ---

def _i0_2(x):
    return exp(x) * _chbevl(32.0 / x - 2.0, _i0B) / sqrt(x)


# --- numpy/lib/_function_base_impl.py, line 3532 ---

def i0(x):
    x = np.asanyarray(x)
    if x.dtype.kind == 'c':
        raise TypeError("i0 not supported for complex values")
    if x.dtype.kind != 'f':
        x = x.astype(float)
    x = np.abs(x)
    return piecewise(x, [x <= 8.0], [_i0_1, _i0_2])


# --- numpy/lib/_function_base_impl.py, line 3595 ---

def kaiser(M, beta):
    # Ensures at least float64 via 0.0.  M should be an integer, but conversion
    # to double is safe for a range.  (Simplified result_type with 0.0
    # strongly typed.  result-type is not/less order sensitive, but that mainly
    # matters for integers anyway.)
    values = np.array([0.0, M, beta])
    M = values[1]
    beta = values[2]

    if M == 1:
        return np.ones(1, dtype=values.dtype)
    n = arange(0, M)
    alpha = (M - 1) / 2.0
    return i0(beta * sqrt(1 - ((n - alpha) / alpha)**2.0)) / i0(beta)


# --- numpy/lib/_function_base_impl.py, line 3243 ---

def hanning(M):
    # Ensures at least float64 via 0.0.  M should be an integer, but conversion
    # to double is safe for a range.
    values = np.array([0.0, M])
    M = values[1]

    if M < 1:
        return array([], dtype=values.dtype)
    if M == 1:
        return ones(1, dtype=values.dtype)
    n = arange(1 - M, M, 2)
    return 0.5 + 0.5 * cos(pi * n / (M - 1))


# --- numpy/lib/_function_base_impl.py, line 3136 ---

def bartlett(M):
    # Ensures at least float64 via 0.0.  M should be an integer, but conversion
    # to double is safe for a range.
    values = np.array([0.0, M])
    M = values[1]

    if M < 1:
        return array([], dtype=values.dtype)
    if M == 1:
        return ones(1, dtype=values.dtype)
    n = arange(1 - M, M, 2)
    return where(less_equal(n, 0), 1 + n / (M - 1), 1 - n / (M - 1))


# --- numpy/lib/_function_base_impl.py, line 812 ---

def select(condlist, choicelist, default=0):
    # Check the size of condlist and choicelist are the same, or abort.
    if len(condlist) != len(choicelist):
        raise ValueError(
            'list of cases must be same length as list of conditions')

    # Now that the dtype is known, handle the deprecated select([], []) case
    if len(condlist) == 0:
        raise ValueError("select with an empty condition list is not possible")

    # TODO: This preserves the Python int, float, complex manually to get the
    #       right `result_type` with NEP 50.  Most likely we will grow a better
    #       way to spell this (and this can be replaced).
    choicelist = [
        choice if type(choice) in (int, float, complex) else np.asarray(choice)
        for choice in choicelist]
    choicelist.append(default if type(default) in (int, float, complex)
                      else np.asarray(default))

    try:
        dtype = np.result_type(*choicelist)
    except TypeError as e:
        msg = f'Choicelist and default value do not have a common dtype: {e}'
        raise TypeError(msg) from None

    # Convert conditions to arrays and broadcast conditions and choices
    # as the shape is needed for the result. Doing it separately optimizes
    # for example when all choices are scalars.
    condlist = np.broadcast_arrays(*condlist)
    choicelist = np.broadcast_arrays(*choicelist)

    # If cond array is not an ndarray in boolean format or scalar bool, abort.
    for i, cond in enumerate(condlist):
        if cond.dtype.type is not np.bool:
            raise TypeError(
                f'invalid entry {i} in condlist: should be boolean ndarray')

    if choicelist[0].ndim == 0:
        # This may be common, so avoid the call.
        result_shape = condlist[0].shape
    else:
        result_shape = np.broadcast_arrays(condlist[0], choicelist[0])[0].shape

    result = np.full(result_shape, choicelist[-1], dtype)

    # Use np.copyto to burn each choicelist array onto result, using the
    # corresponding condlist as a boolean mask. This is done in reverse
    # order since the first choice should take precedence.
    choicelist = choicelist[-2::-1]
    condlist = condlist[::-1]
    for choice, cond in zip(choicelist, condlist):
        np.copyto(result, choice, where=cond)

    return result


# --- numpy/lib/_function_base_impl.py, line 1002 ---

def gradient(f, *varargs, axis=None, edge_order=1):
    f = np.asanyarray(f)
    N = f.ndim  # number of dimensions

    if axis is None:
        axes = tuple(range(N))
    else:
        axes = _nx.normalize_axis_tuple(axis, N)

    len_axes = len(axes)
    n = len(varargs)
    if n == 0:
        # no spacing argument - use 1 in all axes
        dx = [1.0] * len_axes
    elif n == 1 and np.ndim(varargs[0]) == 0:
        # single scalar for all axes
        dx = varargs * len_axes
    elif n == len_axes:
        # scalar or 1d array for each axis
        dx = list(varargs)
        for i, distances in enumerate(dx):
            distances = np.asanyarray(distances)
            if distances.ndim == 0:
                continue
            elif distances.ndim != 1:
                raise ValueError("distances must be either scalars or 1d")
            if len(distances) != f.shape[axes[i]]:
                raise ValueError("when 1d, distances must match "
                                 "the length of the corresponding dimension")
            if np.issubdtype(distances.dtype, np.integer):
                # Convert numpy integer types to float64 to avoid modular
                # arithmetic in np.diff(distances).
                distances = distances.astype(np.float64)
            diffx = np.diff(distances)
            # if distances are constant reduce to the scalar case
            # since it brings a consistent speedup
            if (diffx == diffx[0]).all():
                diffx = diffx[0]
            dx[i] = diffx
    else:
        raise TypeError("invalid number of arguments")

    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")

    # use central differences on interior and one-sided differences on the
    # endpoints. This preserves second order-accuracy over the full domain.

    outvals = []

    # create slice objects --- initially all are [:, :, ..., :]
    slice1 = [slice(None)] * N
    slice2 = [slice(None)] * N
    slice3 = [slice(None)] * N
    slice4 = [slice(None)] * N

    otype = f.dtype
    if otype.type is np.datetime64:
        # the timedelta dtype with the same unit information
        otype = np.dtype(otype.name.replace('datetime', 'timedelta'))
        # view as timedelta to allow addition
        f = f.view(otype)
    elif otype.type is np.timedelta64:
        pass
    elif np.issubdtype(otype, np.inexact):
        pass
    else:
        # All other types convert to floating point.
        # First check if f is a numpy integer type; if so, convert f to float64
        # to avoid modular arithmetic when computing the changes in f.
        if np.issubdtype(otype, np.integer):
            f = f.astype(np.float64)
        otype = np.float64

    for axis, ax_dx in zip(axes, dx):
        if f.shape[axis] < edge_order + 1:
            raise ValueError(
                "Shape of array too small to calculate a numerical gradient, "
                "at least (edge_order + 1) elements are required.")
        # result allocation
        out = np.empty_like(f, dtype=otype)

        # spacing for the current axis
        uniform_spacing = np.ndim(ax_dx) == 0

        # Numerical differentiation: 2nd order interior
        slice1[axis] = slice(1, -1)
        slice2[axis] = slice(None, -2)
        slice3[axis] = slice(1, -1)
        slice4[axis] = slice(2, None)

        if uniform_spacing:
            out[tuple(slice1)] = (f[tuple(slice4)] - f[tuple(slice2)]) / (2. * ax_dx)
        else:
            dx1 = ax_dx[0:-1]
            dx2 = ax_dx[1:]
            a = -(dx2) / (dx1 * (dx1 + dx2))
            b = (dx2 - dx1) / (dx1 * dx2)
            c = dx1 / (dx2 * (dx1 + dx2))
            # fix the shape for broadcasting
            shape = np.ones(N, dtype=int)
            shape[axis] = -1

            a = a.reshape(shape)
            b = b.reshape(shape)
            c = c.reshape(shape)
            # 1D equivalent -- out[1:-1] = a * f[:-2] + b * f[1:-1] + c * f[2:]
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] \
                                                + c * f[tuple(slice4)]

        # Numerical differentiation: 1st order edges
        if edge_order == 1:
            slice1[axis] = 0
            slice2[axis] = 1
            slice3[axis] = 0
            dx_0 = ax_dx if uniform_spacing else ax_dx[0]
            # 1D equivalent -- out[0] = (f[1] - f[0]) / (x[1] - x[0])
            out[tuple(slice1)] = (f[tuple(slice2)] - f[tuple(slice3)]) / dx_0

            slice1[axis] = -1
            slice2[axis] = -1
            slice3[axis] = -2
            dx_n = ax_dx if uniform_spacing else ax_dx[-1]
            # 1D equivalent -- out[-1] = (f[-1] - f[-2]) / (x[-1] - x[-2])
            out[tuple(slice1)] = (f[tuple(slice2)] - f[tuple(slice3)]) / dx_n

        # Numerical differentiation: 2nd order edges
        else:
            slice1[axis] = 0
            slice2[axis] = 0
            slice3[axis] = 1
            slice4[axis] = 2
            if uniform_spacing:
                a = -1.5 / ax_dx
                b = 2. / ax_dx
                c = -0.5 / ax_dx
            else:
                dx1 = ax_dx[0]
                dx2 = ax_dx[1]
                a = -(2. * dx1 + dx2) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = - dx1 / (dx2 * (dx1 + dx2))
            # 1D equivalent -- out[0] = a * f[0] + b * f[1] + c * f[2]
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] \
                                                        + c * f[tuple(slice4)]

            slice1[axis] = -1
            slice2[axis] = -3
            slice3[axis] = -2
            slice4[axis] = -1
            if uniform_spacing:
                a = 0.5 / ax_dx
                b = -2. / ax_dx
                c = 1.5 / ax_dx
            else:
                dx1 = ax_dx[-2]
                dx2 = ax_dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = - (dx2 + dx1) / (dx1 * dx2)
                c = (2. * dx2 + dx1) / (dx2 * (dx1 + dx2))
            # 1D equivalent -- out[-1] = a * f[-3] + b * f[-2] + c * f[-1]
            out[tuple(slice1)] = a * f[tuple(slice2)] + b * f[tuple(slice3)] \
                                                        + c * f[tuple(slice4)]

        outvals.append(out)

        # reset the slice object in this dimension to ":"
        slice1[axis] = slice(None)
        slice2[axis] = slice(None)
        slice3[axis] = slice(None)
        slice4[axis] = slice(None)

    if len_axes == 1:
        return outvals[0]
    return tuple(outvals)


# --- numpy/lib/_function_base_impl.py, line 2674 ---

def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
        aweights=None, *, dtype=None):
    # Check inputs
    if ddof is not None and ddof != int(ddof):
        raise ValueError(
            "ddof must be integer")

    # Handles complex arrays too
    m = np.asarray(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")

    if y is not None:
        y = np.asarray(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")

    if dtype is None:
        if y is None:
            dtype = np.result_type(m, np.float64)
        else:
            dtype = np.result_type(m, y, np.float64)

    X = array(m, ndmin=2, dtype=dtype)
    if not rowvar and m.ndim != 1:
        X = X.T
    if X.shape[0] == 0:
        return np.array([]).reshape(0, 0)
    if y is not None:
        y = array(y, copy=None, ndmin=2, dtype=dtype)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = np.concatenate((X, y), axis=0)

    if ddof is None:
        if bias == 0:
            ddof = 1
        else:
            ddof = 0

    # Get the product of frequencies and weights
    w = None
    if fweights is not None:
        fweights = np.asarray(fweights, dtype=float)
        if not np.all(fweights == np.around(fweights)):
            raise TypeError(
                "fweights must be integer")
        if fweights.ndim > 1:
            raise RuntimeError(
                "cannot handle multidimensional fweights")
        if fweights.shape[0] != X.shape[1]:
            raise RuntimeError(
                "incompatible numbers of samples and fweights")
        if any(fweights < 0):
            raise ValueError(
                "fweights cannot be negative")
        w = fweights
    if aweights is not None:
        aweights = np.asarray(aweights, dtype=float)
        if aweights.ndim > 1:
            raise RuntimeError(
                "cannot handle multidimensional aweights")
        if aweights.shape[0] != X.shape[1]:
            raise RuntimeError(
                "incompatible numbers of samples and aweights")
        if any(aweights < 0):
            raise ValueError(
                "aweights cannot be negative")
        if w is None:
            w = aweights
        else:
            w *= aweights

    avg, w_sum = average(X, axis=1, weights=w, returned=True)
    w_sum = w_sum[0]

    # Determine the normalization
    if w is None:
        fact = X.shape[1] - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * sum(w * aweights) / w_sum

    if fact <= 0:
        warnings.warn("Degrees of freedom <= 0 for slice",
                      RuntimeWarning, stacklevel=2)
        fact = 0.0

    X -= avg[:, None]
    if w is None:
        X_T = X.T
    else:
        X_T = (X * w).T
    c = dot(X, X_T.conj())
    c *= np.true_divide(1, fact)
    return c.squeeze()


# --- numpy/lib/_function_base_impl.py, line 2897 ---

def corrcoef(x, y=None, rowvar=True, *,
             dtype=None):
    c = cov(x, y, rowvar, dtype=dtype)
    try:
        d = diag(c)
    except ValueError:
        # scalar covariance
        # nan if incorrect value (nan, inf, 0), 1 otherwise
        return c / c
    stddev = sqrt(d.real)
    c /= stddev[:, None]
    c /= stddev[None, :]

    # Clip real and imaginary parts to [-1, 1].  This does not guarantee
    # abs(a[i,j]) <= 1 for complex arrays, but is the best we can do without
    # excessive work.
    np.clip(c.real, -1, 1, out=c.real)
    if np.iscomplexobj(c):
        np.clip(c.imag, -1, 1, out=c.imag)

    return c


# --- numpy/lib/_function_base_impl.py, line 1682 ---

def angle(z, deg=False):
    z = asanyarray(z)
    if issubclass(z.dtype.type, _nx.complexfloating):
        zimag = z.imag
        zreal = z.real
    else:
        zimag = 0
        zreal = z

    a = arctan2(zimag, zreal)
    if deg:
        a *= 180 / pi
    return a


# --- numpy/lib/_function_base_impl.py, line 1859 ---

def sort_complex(a):
    b = array(a, copy=True)
    b.sort()
    if not issubclass(b.dtype.type, _nx.complexfloating):
        if b.dtype.char in 'bhBH':
            return b.astype('F')
        elif b.dtype.char == 'g':
            return b.astype('G')
        else:
            return b.astype('D')
    else:
        return b


# --- numpy/lib/_function_base_impl.py, line 409 ---

def _weights_are_valid(weights, a, axis):
    wgt = np.asanyarray(weights)

    # Sanity checks
    if a.shape != wgt.shape:
        if axis is None:
            raise TypeError(
                "Axis must be specified when shapes of a and weights "
                "differ.")
        if wgt.shape != tuple(a.shape[ax] for ax in axis):
            raise ValueError(
                "Shape of weights must be consistent with "
                "shape of a along specified axis.")

        # setup wgt to broadcast along axis
        wgt = wgt.transpose(np.argsort(axis))
        wgt = wgt.reshape(tuple((s if ax in axis else 1)
                                for ax, s in enumerate(a.shape)))
    return wgt


# --- numpy/lib/_function_base_impl.py, line 439 ---

def average(a, axis=None, weights=None, returned=False, *,
            keepdims=np._NoValue):
    a = np.asanyarray(a)

    if axis is not None:
        axis = _nx.normalize_axis_tuple(axis, a.ndim, argname="axis")

    if keepdims is np._NoValue:
        # Don't pass on the keepdims argument if one wasn't given.
        keepdims_kw = {}
    else:
        keepdims_kw = {'keepdims': keepdims}

    if weights is None:
        avg = a.mean(axis, **keepdims_kw)
        avg_as_array = np.asanyarray(avg)
        scl = avg_as_array.dtype.type(a.size / avg_as_array.size)
    else:
        wgt = _weights_are_valid(weights=weights, a=a, axis=axis)

        if issubclass(a.dtype.type, (np.integer, np.bool)):
            result_dtype = np.result_type(a.dtype, wgt.dtype, 'f8')
        else:
            result_dtype = np.result_type(a.dtype, wgt.dtype)

        scl = wgt.sum(axis=axis, dtype=result_dtype, **keepdims_kw)
        if np.any(scl == 0.0):
            raise ZeroDivisionError(
                "Weights sum to zero, can't be normalized")

        avg = avg_as_array = np.multiply(a, wgt,
                          dtype=result_dtype).sum(axis, **keepdims_kw) / scl

    if returned:
        if scl.shape != avg_as_array.shape:
            scl = np.broadcast_to(scl, avg_as_array.shape, subok=True).copy()
        return avg, scl
    else:
        return avg


# --- numpy/lib/_polynomial_impl.py, line 711 ---

def polyval(p, x):
    p = NX.asarray(p)
    if isinstance(x, poly1d):
        y = 0
    else:
        x = NX.asanyarray(x)
        y = NX.zeros_like(x)
    for pv in p:
        y = y * x + pv
    return y


# --- numpy/lib/_polynomial_impl.py, line 375 ---

def polyder(p, m=1):
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")

    truepoly = isinstance(p, poly1d)
    p = NX.asarray(p)
    n = len(p) - 1
    y = p[:-1] * NX.arange(n, 0, -1)
    if m == 0:
        val = p
    else:
        val = polyder(y, m - 1)
    if truepoly:
        val = poly1d(val)
    return val


# --- numpy/lib/_polynomial_impl.py, line 267 ---

def polyint(p, m=1, k=None):
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if k is None:
        k = NX.zeros(m, float)
    k = atleast_1d(k)
    if len(k) == 1 and m > 1:
        k = k[0] * NX.ones(m, float)
    if len(k) < m:
        raise ValueError(
              "k must be a scalar or a rank-1 array of length 1 or >m.")

    truepoly = isinstance(p, poly1d)
    p = NX.asarray(p)
    if m == 0:
        if truepoly:
            return poly1d(p)
        return p
    else:
        # Note: this must work also with object and integer arrays
        y = NX.concatenate((p.__truediv__(NX.arange(len(p), 0, -1)), [k[0]]))
        val = polyint(y, m - 1, k=k[1:])
        if truepoly:
            return poly1d(val)
        return val


# --- numpy/lib/_polynomial_impl.py, line 795 ---

def polyadd(a1, a2):
    truepoly = (isinstance(a1, poly1d) or isinstance(a2, poly1d))
    a1 = atleast_1d(a1)
    a2 = atleast_1d(a2)
    diff = len(a2) - len(a1)
    if diff == 0:
        val = a1 + a2
    elif diff > 0:
        zr = NX.zeros(diff, a1.dtype)
        val = NX.concatenate((zr, a1)) + a2
    else:
        zr = NX.zeros(abs(diff), a2.dtype)
        val = a1 + NX.concatenate((zr, a2))
    if truepoly:
        val = poly1d(val)
    return val


# --- numpy/lib/_polynomial_impl.py, line 921 ---

def polymul(a1, a2):
    truepoly = (isinstance(a1, poly1d) or isinstance(a2, poly1d))
    a1, a2 = poly1d(a1), poly1d(a2)
    val = NX.convolve(a1, a2)
    if truepoly:
        val = poly1d(val)
    return val


# --- numpy/lib/_polynomial_impl.py, line 40 ---

def poly(seq_of_zeros):
    seq_of_zeros = atleast_1d(seq_of_zeros)
    sh = seq_of_zeros.shape

    if len(sh) == 2 and sh[0] == sh[1] and sh[0] != 0:
        seq_of_zeros = eigvals(seq_of_zeros)
    elif len(sh) == 1:
        dt = seq_of_zeros.dtype
        # Let object arrays slip through, e.g. for arbitrary precision
        if dt != object:
            seq_of_zeros = seq_of_zeros.astype(mintypecode(dt.char))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")

    if len(seq_of_zeros) == 0:
        return 1.0
    dt = seq_of_zeros.dtype
    a = ones((1,), dtype=dt)
    for zero in seq_of_zeros:
        a = NX.convolve(a, array([1, -zero], dtype=dt), mode='full')

    if issubclass(a.dtype.type, NX.complexfloating):
        # if complex roots are all complex conjugates, the roots are real.
        roots = NX.asarray(seq_of_zeros, complex)
        if NX.all(NX.sort(roots) == NX.sort(roots.conjugate())):
            a = a.real.copy()

    return a


# --- numpy/lib/_twodim_base_impl.py, line 560 ---

def vander(x, N=None, increasing=False):
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    if N is None:
        N = len(x)

    v = empty((len(x), N), dtype=promote_types(x.dtype, int))
    tmp = v[:, ::-1] if not increasing else v

    if N > 0:
        tmp[:, 0] = 1
    if N > 1:
        tmp[:, 1:] = x[:, None]
        multiply.accumulate(tmp[:, 1:], out=tmp[:, 1:], axis=1)

    return v


# --- numpy/lib/_arraysetops_impl.py, line 40 ---

def ediff1d(ary, to_end=None, to_begin=None):
    conv = _array_converter(ary)
    # Convert to (any) array and ravel:
    ary = conv[0].ravel()

    # enforce that the dtype of `ary` is used for the output
    dtype_req = ary.dtype

    # fast track default case
    if to_begin is None and to_end is None:
        return ary[1:] - ary[:-1]

    if to_begin is None:
        l_begin = 0
    else:
        to_begin = np.asanyarray(to_begin)
        if not np.can_cast(to_begin, dtype_req, casting="same_kind"):
            raise TypeError("dtype of `to_begin` must be compatible "
                            "with input `ary` under the `same_kind` rule.")

        to_begin = to_begin.ravel()
        l_begin = len(to_begin)

    if to_end is None:
        l_end = 0
    else:
        to_end = np.asanyarray(to_end)
        if not np.can_cast(to_end, dtype_req, casting="same_kind"):
            raise TypeError("dtype of `to_end` must be compatible "
                            "with input `ary` under the `same_kind` rule.")

        to_end = to_end.ravel()
        l_end = len(to_end)

    # do the calculation in place and copy to_begin and to_end
    l_diff = max(len(ary) - 1, 0)
    result = np.empty_like(ary, shape=l_diff + l_begin + l_end)

    if l_begin > 0:
        result[:l_begin] = to_begin
    if l_end > 0:
        result[l_begin + l_diff:] = to_end
    np.subtract(ary[1:], ary[:-1], result[l_begin:l_begin + l_diff])

    return conv.wrap(result)


# --- the wrappers that give the keyword settings -------------------------------------------------------------


def diff_twice(a):
    return diff(a, n=2)


def diff_none(a):
    return diff(a, n=0)


def diff_prepend_append(a):
    return diff(a, prepend=0.0, append=a[-1:])


def diff_axis0(a):
    return diff(a, axis=0)


def unwrap_int_period(p):
    return unwrap(p, period=8)


def trapezoid_at(y, x):
    return trapezoid(y, x)


def trapezoid_2d(y):
    return trapezoid(y, dx=0.5, axis=0)


def select_bands(x):
    return select([x < -1.0, x > 1.0], [x * 2.0, x ** 2], default=-5.0)


def piecewise_steps(x):
    return piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2])


def piecewise_default(x):
    return piecewise(x, [x < -0.5, x > 0.5], [-1.0, 1.0, lambda v: v * 10.0])


def gradient_spaced(f, x):
    return gradient(f, x)


def gradient_second_order(f):
    return gradient(f, 0.5, edge_order=2)


def gradient_2d(f):
    return gradient(f, 1.0, 2.0)


def gradient_axis1(f):
    return gradient(f, axis=1)


def cov_pair(m, y):
    return cov(m, y)


def cov_weighted(m, fw, aw):
    return cov(m, rowvar=False, fweights=fw, aweights=aw)


def angle_deg(z):
    return angle(z, deg=True)


def average_weighted(a, w):
    return average(a, weights=w, returned=True)


def average_axis(a, w):
    return average(a, axis=1, weights=w)


def polyder_third(p):
    return polyder(p, 3)


def polyint_twice(p):
    return polyint(p, 2, k=[1.0, 2.0])


def vander_increasing(x):
    return vander(x, 4, increasing=True)


def ediff1d_padded(ary):
    return ediff1d(ary, to_end=[99.0, 98.0], to_begin=-1.0)


def _phases(rng, n=40):
    return np.cumsum(rng.uniform(-2.5, 2.5, size=n))


def _conjugate_roots(rng):
    z = complex(rng.normal(), abs(rng.normal()) + 0.1)
    return np.array([z, z.conjugate(), rng.normal(), rng.normal()])


_F = "_function_base_impl.py"
_P = "_polynomial_impl.py"

CASES = [
    case(diff, lambda rng: (rng.normal(size=12),), NP(_F, "diff")),
    case(diff_twice, lambda rng: (rng.normal(size=12),), NP(_F, "diff", "n=2")),
    case(diff_none, lambda rng: (rng.normal(size=12),), NP(_F, "diff", "n=0: the array itself")),
    case(diff, lambda rng: (rng.normal(size=12) > 0,), NP(_F, "diff", "a bool array: not_equal"),
         name="numpy_lib.diff_bool"),
    case(diff_prepend_append, lambda rng: (rng.normal(size=12),), NP(_F, "diff", "prepend=0.0 (0-d), append=a[-1:]")),
    case(diff_axis0, lambda rng: (rng.normal(size=(5, 7)),), NP(_F, "diff", "axis=0 of a 5 x 7 field")),
    case(unwrap, lambda rng: (_phases(rng),), NP(_F, "unwrap")),
    case(unwrap_int_period, lambda rng: (rng.integers(-20, 20, size=30).cumsum(),),
         NP(_F, "unwrap", "integers, period=8: divmod's branch")),
    case(trapezoid, lambda rng: (rng.normal(size=20),), NP(_F, "trapezoid")),
    case(trapezoid_at, lambda rng: (rng.normal(size=20), np.sort(rng.uniform(0, 10, size=20))),
         NP(_F, "trapezoid", "uneven x")),
    case(trapezoid_2d, lambda rng: (rng.normal(size=(5, 7)),), NP(_F, "trapezoid", "dx=0.5, axis=0")),
    case(sinc, lambda rng: (np.concatenate([[0.0], rng.normal(size=15)]),), NP(_F, "sinc", "x holds 0")),
    case(piecewise_steps, lambda rng: (rng.normal(size=16),), NP(_F, "piecewise", "two functions")),
    case(piecewise_default, lambda rng: (rng.normal(size=16),),
         NP(_F, "piecewise", "two constants and a default function")),
    case(i0, lambda rng: (rng.uniform(0, 20, size=16),), NP(_F, "i0", "both Chebyshev series")),
    case(i0, lambda rng: (rng.integers(0, 12, size=8),), NP(_F, "i0", "integers: astype(float)"),
         name="numpy_lib.i0_integers"),
    case(kaiser, lambda rng: (12, 8.6), NP(_F, "kaiser")),
    case(kaiser, lambda rng: (1, 8.6), NP(_F, "kaiser", "M == 1"), name="numpy_lib.kaiser_one"),
    case(hanning, lambda rng: (12,), NP(_F, "hanning")),
    case(hanning, lambda rng: (0,), NP(_F, "hanning", "M < 1: empty"), name="numpy_lib.hanning_empty"),
    case(bartlett, lambda rng: (12,), NP(_F, "bartlett")),
    case(bartlett, lambda rng: (1,), NP(_F, "bartlett", "M == 1"), name="numpy_lib.bartlett_one"),
    case(select_bands, lambda rng: (rng.normal(scale=2.0, size=20),), NP(_F, "select")),
    case(gradient, lambda rng: (rng.normal(size=15),), NP(_F, "gradient")),
    case(gradient_spaced, lambda rng: (rng.normal(size=15), np.sort(rng.uniform(0, 10, size=15))),
         NP(_F, "gradient", "uneven coordinates")),
    case(gradient_second_order, lambda rng: (rng.normal(size=15),), NP(_F, "gradient", "h=0.5, edge_order=2")),
    case(gradient_2d, lambda rng: (rng.normal(size=(5, 7)),), NP(_F, "gradient", "two scalar spacings, 2-D")),
    case(gradient_axis1, lambda rng: (rng.normal(size=(5, 7)),), NP(_F, "gradient", "axis=1")),
    case(cov, lambda rng: (rng.normal(size=(3, 30)),), NP(_F, "cov")),
    case(cov_pair, lambda rng: (rng.normal(size=30), rng.normal(size=30)), NP(_F, "cov", "m and y")),
    case(cov_weighted,
         lambda rng: (rng.normal(size=(30, 3)), rng.integers(1, 4, size=30), rng.uniform(0.1, 1, size=30)),
         NP(_F, "cov", "rowvar=False, fweights and aweights")),
    case(corrcoef, lambda rng: (rng.normal(size=(4, 25)),), NP(_F, "corrcoef")),
    case(corrcoef, lambda rng: (rng.normal(size=(4, 25)) + 1j * rng.normal(size=(4, 25)),),
         NP(_F, "corrcoef", "complex"), name="numpy_lib.corrcoef_complex"),
    case(angle, lambda rng: (rng.normal(size=10) + 1j * rng.normal(size=10),), NP(_F, "angle")),
    case(angle_deg, lambda rng: (rng.normal(size=10),), NP(_F, "angle", "real input, deg=True")),
    case(sort_complex, lambda rng: (rng.integers(-5, 5, size=10),), NP(_F, "sort_complex", "integers")),
    case(sort_complex, lambda rng: (rng.normal(size=10).astype(np.float32),), NP(_F, "sort_complex", "float32"),
         name="numpy_lib.sort_complex_float32"),
    case(average, lambda rng: (rng.normal(size=(5, 7)),), NP(_F, "average")),
    case(average_weighted, lambda rng: (rng.normal(size=20), rng.uniform(0, 1, size=20)),
         NP(_F, "average", "weights, returned=True")),
    case(average_axis, lambda rng: (rng.normal(size=(5, 7)), rng.uniform(0, 1, size=7)),
         NP(_F, "average", "axis=1, 1-D weights")),
    case(polyval, lambda rng: (rng.normal(size=5), rng.normal(size=9)), NP(_P, "polyval")),
    case(polyder, lambda rng: (rng.normal(size=6),), NP(_P, "polyder")),
    case(polyder_third, lambda rng: (rng.normal(size=6),), NP(_P, "polyder", "m=3")),
    case(polyint, lambda rng: (rng.normal(size=4),), NP(_P, "polyint")),
    case(polyint_twice, lambda rng: (rng.normal(size=4),), NP(_P, "polyint", "m=2, k=[1.0, 2.0]")),
    case(polyadd, lambda rng: (rng.normal(size=3), rng.normal(size=6)), NP(_P, "polyadd")),
    case(polyadd, lambda rng: (rng.normal(size=6), rng.normal(size=3)), NP(_P, "polyadd", "the longer first"),
         name="numpy_lib.polyadd_longer_first"),
    case(polymul, lambda rng: (rng.normal(size=3), rng.normal(size=4)), NP(_P, "polymul")),
    case(poly, lambda rng: (_conjugate_roots(rng),), NP(_P, "poly", "a conjugate pair: real coefficients")),
    case(poly, lambda rng: (rng.normal(size=(3, 3)),), NP(_P, "poly", "a square matrix: eigvals"),
         name="numpy_lib.poly_matrix"),
    case(vander, lambda rng: (rng.normal(size=5),), NP("_twodim_base_impl.py", "vander")),
    case(vander_increasing, lambda rng: (rng.normal(size=5),), NP("_twodim_base_impl.py", "vander", "N=4, increasing")),
    case(ediff1d, lambda rng: (rng.normal(size=(3, 4)),), NP("_arraysetops_impl.py", "ediff1d", "2-D: raveled")),
    case(ediff1d_padded, lambda rng: (rng.normal(size=8),), NP("_arraysetops_impl.py", "ediff1d", "to_begin, to_end")),
]
