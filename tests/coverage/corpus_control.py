"""python-control's pure-NumPy helpers: phase unwrapping and dB conversions, Nichols M- and N-circles, state-space
matrix checks, controllability and observability matrices, Ackermann pole placement, Markov parameters and the
eigensystem realization algorithm from data, the polynomial helpers of the gain/phase/stability margins (continuous and
discrete time), step-response characteristics from a response array (``step_info``), describing functions (analytic
and by numerical integration over stateful nonlinearities), and small grid/curve/correlation helpers
(python-control/python-control, BSD-3-Clause).

Copied from python-control/python-control at e60e5ebc593bea2f8c1104ac51399452d33a759d (its LICENSE is the 3-clause
BSD licence: "Copyright (c) 2009-2016 by California Institute of Technology, Copyright (c) 2012 by Delft University of
Technology, Copyright (c) 2016-2024 by python-control developers"), the files named in each section below. Bodies are
as written, comments kept, docstrings dropped (a class or method whose body was only a docstring gets ``pass``).

Adapted, beyond that:

* ``step_info``'s function-local imports of ``NonlinearIOSystem``, ``StateSpace`` and ``TransferFunction`` are
  dropped: those names are module-level stand-ins (``_NotASystem`` classes nothing given here is an instance of, so
  ``step_info`` takes its time-series branch, as it does for response arrays); ``TimeResponseData`` likewise;
* ``eigensys_realization`` returns ``StateSpace(Ar, Br, Cr, Dr, dt), S``: ``StateSpace`` here is a ``tuple`` subclass
  holding the five arguments (the wrapper returns ``tuple(...)`` of it);
* the margin helpers that take a transfer function (``_poly_iw``, ``_poly_z_invz``, ``_likely_numerical_inaccuracy``)
  get a ``types.SimpleNamespace`` with ``num``, ``den`` (``[[array]]``, as ``TransferFunction`` stores them) and ``dt``;
* ``describing_function``'s nonlinearity is built by the wrapper (``saturation_nonlinearity(1.5)`` and so on);
* wrappers give the keyword arguments.

Not taken: everything on system objects (``StateSpace``, ``TransferFunction``, ``FRD`` arithmetic, ``forced_response``,
``stability_margins`` itself), the slycot and ``scipy.linalg`` solvers (Lyapunov/Riccati, ``bdschur``, ``expm``
simulation), ``_poly_z_wstab`` (``scipy.optimize.minimize`` with a Python objective), the plotting.

The inputs are small random systems (3 or 4 states, 1 or 2 inputs and outputs, stable by a diagonal shift), impulse
and step responses of a discrete-time system computed with a NumPy loop (for ``markov`` and ERA), step-like responses
with overshoot for ``step_info`` (a 3-D MIMO array too), polynomials of a lag-lead loop for the margin helpers,
amplitudes around the nonlinearities' breakpoints (below and above ``b/2``, ``c``, the saturation level), and a
Nyquist-like curve with a mask for the curve offset.
"""

# ruff: noqa: E501, E711, E741, B028, B904, UP008, UP032, UP039
from __future__ import annotations

import math
import types
import warnings
from warnings import warn

import numpy as np
import scipy as sp
import scipy.signal
from numpy import polyadd, polymul

from tests.coverage.cases import PYTHON_CONTROL, Source, case


def PC(path: str, original: str, note: str = "") -> Source:
    return Source(PYTHON_CONTROL, "control/" + path, original, note)


# --- stand-ins ---------------------------------------------------------------------------------------------------------
class _NotASystem:
    """A class nothing given here is an instance of (the system and response classes)."""


NonlinearIOSystem = TransferFunction = TimeResponseData = _NotASystem


class StateSpace(tuple):
    """Stand-in for control.StateSpace in eigensys_realization's return: the tuple (A, B, C, D, dt)."""

    def __new__(cls, *args):
        return tuple.__new__(cls, args)


def step_response(*args, **kwargs):
    raise NotImplementedError("step_response (of a system object) is not copied into this corpus module")


# --- control/timeresp.py (module constants) --------------------------------------------------------------------------
_timeresp_aliases = {
    # param:            ([alias, ...], [legacy, ...])
    'timepts':          (['T'],        []),
    'inputs':           (['U'],        ['u']),
    'outputs':          (['Y'],        ['y']),
    'initial_state':    (['X0'],       ['x0']),
    'final_output':     (['yfinal'],   []),
    'return_states':    (['return_x'], []),
    'evaluation_times': (['t_eval'],   []),
    'timepts_num':      (['T_num'],    []),
    'input_indices':    (['input'],    []),
    'output_indices':   (['output'],   []),
}

# --- control/canonical.py (module constant) --------------------------------------------------------------------------
_IM_ZERO_TOL = np.finfo(np.float64).eps ** 0.5


# --- exception.py -----------------------------------------------------------------------------------------------------
class ControlDimension(ValueError):
    pass


class ControlArgument(TypeError):
    pass


class ControlMIMONotImplemented(NotImplementedError):
    pass


# --- config.py --------------------------------------------------------------------------------------------------------
def _process_param(name, defval, kwargs, alias_mapping, sigval=None):
    # Check to see if the parameter is in the keyword list
    if name in kwargs:
        if defval != sigval:
            raise TypeError(f"multiple values for parameter {name}")
        newval = kwargs.pop(name)
    else:
        newval = defval

    # Get the list of aliases and legacy names
    aliases, legacy = alias_mapping[name]

    for kw in legacy:
        if kw in kwargs:
            warnings.warn(
                f"alias `{kw}` is legacy name; use `{name}` instead",
                PendingDeprecationWarning)
            kwval = kwargs.pop(kw)
            if newval != defval and kwval != newval:
                raise TypeError(
                    f"multiple values for parameter `{name}` (via {kw})")
            newval = kwval

    for kw in aliases:
        if kw in kwargs:
            kwval = kwargs.pop(kw)
            if newval != defval and kwval != newval:
                raise TypeError(
                    f"multiple values for parameter `{name}` (via {kw})")
            newval = kwval

    return newval


def _process_kwargs(kwargs, alias_mapping):
    for name in alias_mapping or []:
        aliases, legacy = alias_mapping[name]

        for kw in legacy:
            if kw in kwargs:
                warnings.warn(
                    f"alias `{kw}` is legacy name; use `{name}` instead",
                    PendingDeprecationWarning)
                if name in kwargs:
                    raise TypeError(
                        f"multiple values for parameter `{name}` (via {kw})")
                kwargs[name] = kwargs.pop(kw)

        for kw in aliases:
            if kw in kwargs:
                if name in kwargs:
                    raise TypeError(
                        f"multiple values for parameter `{name}` (via {kw})")
                kwargs[name] = kwargs.pop(kw)


# --- ctrlutil.py ------------------------------------------------------------------------------------------------------
def unwrap(angle, period=2*math.pi):
    dangle = np.diff(angle)
    dangle_desired = (dangle + period/2.) % period - period/2.
    correction = np.cumsum(dangle_desired - dangle)
    angle[1:] += correction
    return angle


def db2mag(db):
    return 10. ** (db / 20.)


def mag2db(mag):
    return 20. * np.log10(mag)


# --- nichols.py -------------------------------------------------------------------------------------------------------
def closed_loop_contours(Gcl_mags, Gcl_phases):
    # Compute the contours in Gcl-space. Since we're given closed-loop
    # magnitudes and phases, this is just a case of converting them into
    # a complex number.
    Gcl = Gcl_mags*np.exp(1.j*Gcl_phases)

    # Invert Gcl = Gol/(1+Gol) to map the contours into the open-loop space
    return Gcl/(1.0 - Gcl)


def m_circles(mags, phase_min=-359.75, phase_max=-0.25):
    # Convert magnitudes and phase range into a grid suitable for
    # building contours
    phases = np.radians(np.linspace(phase_min, phase_max, 2000))
    Gcl_mags, Gcl_phases = np.meshgrid(10.0**(mags/20.0), phases)
    return closed_loop_contours(Gcl_mags, Gcl_phases)


def n_circles(phases, mag_min=-40.0, mag_max=12.0):
    # Convert phases and magnitude range into a grid suitable for
    # building contours
    mags = np.linspace(10**(mag_min/20.0), 10**(mag_max/20.0), 2000)
    Gcl_phases, Gcl_mags = np.meshgrid(np.radians(phases), mags)
    return closed_loop_contours(Gcl_mags, Gcl_phases)


# --- statesp.py -------------------------------------------------------------------------------------------------------
def _ssmatrix(data, axis=1, square=None, rows=None, cols=None, name=None):
    # Process the name of the object, if available
    name = "" if name is None else " " + name

    # Convert the data into an array (always making a copy)
    arr = np.array(data, dtype=float)
    ndim = arr.ndim
    shape = arr.shape

    # Change the shape of the array into a 2D array
    if (ndim > 2):
        raise ValueError(f"state-space matrix{name} must be 2-dimensional")

    elif (ndim == 2 and shape == (0, 0)) or \
            (ndim == 1 and shape == (0, )):
        # Passed a 0-by-0 matrix or empty vector; change shape to (0, 0)
        shape = (0, 0)

    elif ndim == 1:
        # Passed a row or column vector
        shape = (1, shape[0]) if axis == 1 else (shape[0], 1)

    elif ndim == 0:
        # Passed a constant; turn into a matrix
        shape = (1, 1)

    # Check to make sure any conditions are satisfied
    if square and shape[0] != shape[1]:
        raise ControlDimension(
            f"state-space matrix{name} must be a square matrix")

    if rows is not None and shape[0] != rows:
        raise ControlDimension(
            f"state-space matrix{name} has the wrong number of rows; "
            f"expected {rows} instead of {shape[0]}")

    if cols is not None and shape[1] != cols:
        raise ControlDimension(
            f"state-space matrix{name} has the wrong number of columns; "
            f"expected {cols} instead of {shape[1]}")

    #  Create the actual object used to store the result
    return arr.reshape(shape)


# --- statefbk.py ------------------------------------------------------------------------------------------------------
def ctrb(A, B, t=None):

    # Convert input parameters to matrices (if they aren't already)
    A = _ssmatrix(A, square=True, name="A")
    n = A.shape[0]

    B = _ssmatrix(B, axis=0, rows=n, name="B")
    m = B.shape[1]

    if t is None or t > n:
        t = n

    # Construct the controllability matrix
    ctrb = np.zeros((n, t * m))
    ctrb[:, :m] = B
    for k in range(1, t):
        ctrb[:, k * m:(k + 1) * m] = np.dot(A, ctrb[:, (k - 1) * m:k * m])

    return ctrb


def obsv(A, C, t=None):
    # Convert input parameters to matrices (if they aren't already)
    A = _ssmatrix(A, square=True, name="A")
    n = A.shape[0]

    C = _ssmatrix(C, cols=n, name="C")
    p = C.shape[0]

    if t is None or t > n:
        t = n

    # Construct the observability matrix
    obsv = np.zeros((t * p, n))
    obsv[:p, :] = C

    for k in range(1, t):
        obsv[k * p:(k + 1) * p, :] = np.dot(obsv[(k - 1) * p:k * p, :], A)

    return obsv


def place_acker(A, B, poles):
    # Convert the inputs to matrices
    A = _ssmatrix(A, square=True, name="A")
    B = _ssmatrix(B, axis=0, rows=A.shape[0], name="B")

    # Make sure the system is controllable
    ct = ctrb(A, B)
    if np.linalg.matrix_rank(ct) != A.shape[0]:
        raise ValueError("System not reachable; pole placement invalid")

    # Compute the desired characteristic polynomial
    p = np.real(np.poly(poles))

    # Place the poles using Ackermann's method
    # TODO: compute pmat using Horner's method (O(n) instead of O(n^2))
    n = np.size(p)
    pmat = p[n-1] * np.linalg.matrix_power(A, 0)
    for i in np.arange(1, n):
        pmat = pmat + p[n-i-1] * np.linalg.matrix_power(A, i)
    K = np.linalg.solve(ct, pmat)

    K = K[-1:, :]               # Extract the last row
    return K


# --- modelsimp.py -----------------------------------------------------------------------------------------------------
def _block_hankel(Y, m, n):
    q, p, _ = Y.shape
    YY = Y.transpose(0, 2, 1) # transpose for reshape

    H = np.zeros((q*m, p*n))

    for r in range(m):
        # shift and add row to Hankel matrix
        new_row = YY[:, r:r+n, :]
        H[q*r:q*(r+1), :] = new_row.reshape((q, p*n))

    return H


def eigensys_realization(arg, r, m=None, n=None, dt=True, transpose=False):
    if isinstance(arg, TimeResponseData):
        YY = np.array(arg.outputs, ndmin=3)
        if arg.transpose:
            YY = np.transpose(YY)
    else:
        YY = np.array(arg, ndmin=3)
        if transpose:
            YY = np.transpose(YY)

    q, p, l = YY.shape

    if m is None:
        m = 2*r
    if n is None:
        n = 2*r

    if m*q < r or n*p < r:
        raise ValueError("Hankel parameters are to small")

    if (l-1) < m+n:
        raise ValueError("not enough data for requested number of parameters")

    H = _block_hankel(YY[:, :, 1:], m, n+1) # Hankel matrix (q*m, p*(n+1))
    Hf = H[:, :-p] # first p*n columns of H
    Hl = H[:, p:] # last p*n columns of H

    U,S,Vh = np.linalg.svd(Hf, True)
    Ur =U[:, 0:r]
    Vhr =Vh[0:r, :]

    # balanced realizations
    Sigma_inv = np.diag(1./np.sqrt(S[0:r]))
    Ar = Sigma_inv @ Ur.T @ Hl @ Vhr.T @ Sigma_inv
    Br = Sigma_inv @ Ur.T @ Hf[:, 0:p]*dt # dt scaling for unit-area impulse
    Cr = Hf[0:q, :] @ Vhr.T @ Sigma_inv
    Dr = YY[:, :, 0]

    return StateSpace(Ar, Br, Cr, Dr, dt), S


def markov(*args, m=None, transpose=False, dt=None, truncate=False):

    # Convert input parameters to 2D arrays (if they aren't already)
    # Get the system description
    if len(args) < 1:
        raise ControlArgument("not enough input arguments")

    if isinstance(args[0], TimeResponseData):
        data = args[0]
        Umat = np.array(data.inputs, ndmin=2)
        Ymat = np.array(data.outputs, ndmin=2)
        if dt is None:
            dt = data.time[1] - data.time[0]
            if not np.allclose(np.diff(data.time), dt):
                raise ValueError("response time values must be equally "
                                 "spaced.")
        transpose = data.transpose
        if data.transpose and not data.issiso:
            Umat, Ymat = np.transpose(Umat), np.transpose(Ymat)
        if len(args) == 2:
            m = args[1]
        elif len(args) > 2:
            raise ControlArgument("too many positional arguments")
    else:
        if len(args) < 2:
            raise ControlArgument("not enough input arguments")
        Umat = np.array(args[1], ndmin=2)
        Ymat = np.array(args[0], ndmin=2)
        if dt is None:
            dt = True
        if transpose:
            Umat, Ymat = np.transpose(Umat), np.transpose(Ymat)
        if len(args) == 3:
            m = args[2]
        elif len(args) > 3:
            raise ControlArgument("too many positional arguments")

    # Make sure the number of time points match
    if Umat.shape[1] != Ymat.shape[1]:
        raise ControlDimension(
            "Input and output data are of different lengths")
    l = Umat.shape[1]

    # If number of desired parameters was not given, set to size of input data
    if m is None:
        m = l

    t = 0
    if truncate:
        t = m

    q = Ymat.shape[0] # number of outputs
    p = Umat.shape[0] # number of inputs

    # Make sure there is enough data to compute parameters
    if m*p > (l-t):
        warnings.warn("Not enough data for requested number of parameters")

    # the algorithm - Construct a matrix of control inputs to invert
    #
    # (q,l)   = (q,p*m) @ (p*m,l)
    # YY.T    = H @ UU.T
    #
    # This algorithm sets up the following problem and solves it for
    # the Markov parameters
    #
    # (l,q)   = (l,p*m) @ (p*m,q)
    # YY      = UU @ H.T
    #
    # [ y(0)   ]   [ u(0)    0       0                 ] [ D           ]
    # [ y(1)   ]   [ u(1)    u(0)    0                 ] [ C B         ]
    # [ y(2)   ] = [ u(2)    u(1)    u(0)              ] [ C A B       ]
    # [  :     ]   [  :      :        :          :     ] [  :          ]
    # [ y(l-1) ]   [ u(l-1)  u(l-2)  u(l-3) ... u(l-m) ] [ C A^{m-2} B ]
    #
    # truncated version t=m, do not use first m equation
    #
    # [ y(t)   ]   [ u(t)    u(t-1)  u(t-2)    u(t-m)  ] [ D           ]
    # [ y(t+1) ]   [ u(t+1)  u(t)    u(t-1)    u(t-m+1)] [ C B         ]
    # [ y(t+2) ] = [ u(t+2)  u(t+1)  u(t)      u(t-m+2)] [ C B         ]
    # [  :     ]   [  :      :        :          :     ] [  :          ]
    # [ y(l-1) ]   [ u(l-1)  u(l-2)  u(l-3) ... u(l-m) ] [ C A^{m-2} B ]
    #
    # Note: This algorithm assumes C A^{j} B = 0
    # for j > m-2.  See equation (3) in
    #
    #   J.-N. Juang, M. Phan, L. G. Horta, and R. W. Longman, Identification
    #   of observer/Kalman filter Markov parameters - Theory and
    #   experiments. Journal of Guidance Control and Dynamics, 16(2),
    #   320-329, 2012. https://doi.org/10.2514/3.21006
    #

    # Set up the full problem
    # Create matrix of (shifted) inputs
    UUT = np.zeros((p*m, l))
    for i in range(m):
        # Shift previous column down and keep zeros at the top
        UUT[i*p:(i+1)*p, i:] = Umat[:, :l-i]

    # Truncate first t=0 or t=m time steps, transpose the problem for lsq
    YY = Ymat[:, t:].T
    UU = UUT[:, t:].T

    # Solve for the Markov parameters from  YY = UU @ H.T
    HT, _, _, _ = np.linalg.lstsq(UU, YY, rcond=None)
    H = HT.T/dt # scaling

    H = H.reshape(q, m, p) # output, time*input -> output, time, input
    H = H.transpose(0, 2, 1) # output, input, time

    # for siso return a 1D array instead of a 3D array
    if q == 1 and p == 1:
        H = np.squeeze(H)

    # Return the first m Markov parameters
    return H if not transpose else np.transpose(H)


# --- margins.py -------------------------------------------------------------------------------------------------------
def _poly_iw(sys):
    num = sys.num[0][0]
    den = sys.den[0][0]
    num_iw = (1J)**np.arange(len(num) - 1, -1, -1) * num
    den_iw = (1J)**np.arange(len(den) - 1, -1, -1) * den
    return num_iw, den_iw


def _poly_iw_sqr(pol_iw):
    return np.real(np.polymul(pol_iw, pol_iw.conj()))


def _poly_iw_real_crossing(num_iw, den_iw, epsw):
    # Return w where imag(H(iw)) == 0

    # Compute the imaginary part of H = (num.r + j num.i)/(den.r + j den.i)
    test_w = np.polysub(np.polymul(num_iw.imag, den_iw.real),
                        np.polymul(num_iw.real, den_iw.imag))

    # Find the real-valued w > 0 where imag(H(iw)) = 0
    w = np.roots(test_w)
    w = np.real(w[np.isreal(w)])
    w = w[w >= epsw]

    return w


def _poly_iw_mag1_crossing(num_iw, den_iw, epsw):
    # Return w where |H(iw)| == 1, |num(iw)| - |den(iw)| == 0
    w = np.roots(np.polysub(_poly_iw_sqr(num_iw), _poly_iw_sqr(den_iw)))
    w = np.real(w[np.isreal(w)])
    w = w[w > epsw]
    return w


def _poly_iw_wstab(num_iw, den_iw, epsw):
    # Stability margin: minimum distance to point -1
    # find zero derivative. Second derivative needs to be >0
    # to have a minimum
    test_wstabn = _poly_iw_sqr(np.polyadd(num_iw, den_iw))
    test_wstabd = _poly_iw_sqr(den_iw)
    test_wstab = np.polysub(
        np.polymul(np.polyder(test_wstabn), test_wstabd),
        np.polymul(np.polyder(test_wstabd), test_wstabn))

    # find the solutions, for positive omega, and only real ones
    wstab = np.roots(test_wstab)
    wstab = np.real(wstab[np.isreal(wstab)])
    wstab = wstab[wstab > epsw]

    # and find the value of the 2nd derivative there, needs to be positive
    wstabplus = np.polyval(np.polyder(test_wstab), wstab)
    wstab = wstab[wstabplus > 0.]
    return wstab


def _poly_z_invz(sys):
    num = sys.num[0][0]  # num(z) = a_p * z^p + a_(p-1) * z^(p-1) + ... + a_0
    den = sys.den[0][0]  # num(z) = b_q * z^p + b_(q-1) * z^(q-1) + ... + b_0
    p_q = len(num) - len(den)
    if p_q > 0:
        raise ValueError("Not a proper transfer function: Denominator must "
                         "have equal or higher order than numerator.")
    num_inv_zp = num[::-1]  # num(1/z) * z^p
    den_inv_zq = den[::-1]  # den(1/z) * z^q
    return num, den, num_inv_zp, den_inv_zq, p_q, sys.dt


def _z_filter(z, dt, eps):
    # z = exp(1J w dt)
    # |z| == 1 with some float precision tolerance
    z = z[np.abs(np.abs(z) - 1.) < eps]
    zarg = np.angle(z)
    zidx = (0 <= zarg) * (zarg < np.pi)
    omega = zarg[zidx] / dt
    return z[zidx], omega


def _poly_z_real_crossing(num, den, num_inv_zp, den_inv_zq, p_q, dt, epsw):
    # H(z)==H(1/z), num(z)*den(1/z) == num(1/z)*den(z)
    p1 = np.polymul(num, den_inv_zq)
    p2 = np.polymul(num_inv_zp, den)
    if p_q < 0:
        # * z**(-p_q)
        x = [1] + [0] * (-p_q)
        p2 = np.polymul(p2, x)
    z = np.roots(np.polysub(p1, p2))
    eps = np.finfo(float).eps**(1 / len(p2))
    z, w = _z_filter(z, dt, eps)
    z = z[w >= epsw]
    w = w[w >= epsw]
    return z, w


def _poly_z_mag1_crossing(num, den, num_inv_zp, den_inv_zq, p_q, dt, epsw):
    # |H(z)| = 1, H(z)*H(1/z)=1, num(z)*num(1/z) == den(z)*den(1/z)
    p1 = np.polymul(num, num_inv_zp)
    p2 = np.polymul(den, den_inv_zq)
    if p_q < 0:
        # * z**(-p_q)
        x = [1] + [0] * (-p_q)
        p1 = np.polymul(p1, x)
    z = np.roots(np.polysub(p1, p2))
    eps = np.finfo(float).eps**(1 / len(p2))
    z, w = _z_filter(z, dt, eps)
    z = z[w > epsw]
    w = w[w > epsw]
    return z, w


def _likely_numerical_inaccuracy(sys):
    # crude, conservative check for if
    # num(z)*num(1/z) << den(z)*den(1/z) for DT systems
    num, den, num_inv_zp, den_inv_zq, p_q, dt = _poly_z_invz(sys)
    p1 = np.polymul(num, num_inv_zp)
    p2 = np.polymul(den, den_inv_zq)
    if p_q < 0:
        # * z**(-p_q)
        x = [1] + [0] * (-p_q)
        p1 = np.polymul(p1, x)
    return np.linalg.norm(p1) < 1e-4 * np.linalg.norm(p2)


# --- timeresp.py ------------------------------------------------------------------------------------------------------
def _check_convert_array(in_obj, legal_shapes, err_msg_start, squeeze=False,
                         transpose=False):

    # convert nearly everything to an array.
    out_array = np.asarray(in_obj)
    if (transpose):
        out_array = np.transpose(out_array)

    # Test element data type, elements must be numbers
    legal_kinds = set(("i", "f", "c"))  # integer, float, complex
    if out_array.dtype.kind not in legal_kinds:
        err_msg = "Wrong element data type: '{d}'. Array elements " \
                  "must be numbers.".format(d=str(out_array.dtype))
        raise TypeError(err_msg_start + err_msg)

    # If array is zero dimensional (in_obj is scalar):
    # create array with legal shape filled with the original value.
    if out_array.ndim == 0:
        for s_legal in legal_shapes:
            # search for shape that does not contain the special symbol any.
            if "any" in s_legal:
                continue
            the_val = out_array[()]
            out_array = np.empty(s_legal, 'd')
            out_array.fill(the_val)
            break

    # Test shape
    def shape_matches(s_legal, s_actual):
        # Array must have required number of dimensions
        if len(s_legal) != len(s_actual):
            return False
        # All dimensions must contain required number of elements. Joker: "all"
        for n_legal, n_actual in zip(s_legal, s_actual):
            if n_legal == "any":
                continue
            if n_legal != n_actual:
                return False
        return True

    # Iterate over legal shapes, and see if any matches out_array's shape.
    for s_legal in legal_shapes:
        if shape_matches(s_legal, out_array.shape):
            break
    else:
        legal_shape_str = " or ".join([str(s) for s in legal_shapes])
        err_msg = "Wrong shape (rows, columns): {a}. Expected: {e}." \
                  .format(e=legal_shape_str, a=str(out_array.shape))
        raise ValueError(err_msg_start + err_msg)

    # Convert shape
    if squeeze:
        out_array = np.squeeze(out_array)
        # We don't want zero dimensional arrays
        if out_array.shape == tuple():
            out_array = out_array.reshape((1,))

    return out_array


def step_info(
        sysdata, timepts=None, timepts_num=None, final_output=None,
        params=None, SettlingTimeThreshold=0.02, RiseTimeLimits=(0.1, 0.9),
        **kwargs):
    # adapted: the function-local imports of NonlinearIOSystem, StateSpace and TransferFunction dropped (stand-ins)

    # Process keyword arguments
    _process_kwargs(kwargs, _timeresp_aliases)
    T = _process_param('timepts', timepts, kwargs, _timeresp_aliases)
    T_num = _process_param(
        'timepts_num', timepts_num, kwargs, _timeresp_aliases)
    yfinal = _process_param(
        'final_output', final_output, kwargs, _timeresp_aliases)

    if kwargs:
        raise TypeError("unrecognized keyword(s): ", str(kwargs))

    if isinstance(sysdata, (StateSpace, TransferFunction, NonlinearIOSystem)):
        T, Yout = step_response(
            sysdata, T, timepts_num=T_num, squeeze=False, params=params)
        if yfinal:
            InfValues = np.atleast_2d(yfinal)
        else:
            InfValues = np.atleast_2d(sysdata.dcgain())
        retsiso = sysdata.issiso()
        noutputs = sysdata.noutputs
        ninputs = sysdata.ninputs
    else:
        # Time series of response data
        errmsg = ("`sys` must be a LTI system, or time response data"
                  " with a shape following the python-control"
                  " time series data convention.")
        try:
            Yout = np.array(sysdata, dtype=float)
        except ValueError:
            raise ValueError(errmsg)
        if Yout.ndim == 1 or (Yout.ndim == 2 and Yout.shape[0] == 1):
            Yout = Yout[np.newaxis, np.newaxis, :]
            retsiso = True
        elif Yout.ndim == 3:
            retsiso = False
        else:
            raise ValueError(errmsg)
        if T is None or Yout.shape[2] != len(np.squeeze(T)):
            raise ValueError("For time response data, a matching time vector"
                             " must be given")
        T = np.squeeze(T)
        noutputs = Yout.shape[0]
        ninputs = Yout.shape[1]
        InfValues = np.atleast_2d(yfinal) if yfinal else Yout[:, :, -1]

    ret = []
    for i in range(noutputs):
        retrow = []
        for j in range(ninputs):
            yout = Yout[i, j, :]

            # Steady state value
            InfValue = InfValues[i, j]
            sgnInf = np.sign(InfValue.real)

            rise_time: float = np.nan
            settling_time: float = np.nan
            settling_min: float = np.nan
            settling_max: float = np.nan
            peak_value: float = np.inf
            peak_time: float = np.inf
            undershoot: float = np.nan
            overshoot: float = np.nan
            steady_state_value: complex = np.nan

            if not np.isnan(InfValue) and not np.isinf(InfValue):
                # RiseTime
                tr_lower_index = np.nonzero(
                    sgnInf * (yout - RiseTimeLimits[0] * InfValue) >= 0
                    )[0][0]
                tr_upper_index = np.nonzero(
                    sgnInf * (yout - RiseTimeLimits[1] * InfValue) >= 0
                    )[0][0]
                rise_time = T[tr_upper_index] - T[tr_lower_index]

                # SettlingTime
                outside_threshold = np.nonzero(
                    np.abs(yout/InfValue - 1) >= SettlingTimeThreshold)[0]
                settled = 0 if outside_threshold.size == 0 \
                    else outside_threshold[-1] + 1
                # MIMO systems can have unsettled channels without infinite
                # InfValue
                if settled < len(T):
                    settling_time = T[settled]

                settling_min = min((yout[tr_upper_index:]).min(), InfValue)
                settling_max = max((yout[tr_upper_index:]).max(), InfValue)

                # Overshoot
                y_os = (sgnInf * yout).max()
                dy_os = np.abs(y_os) - np.abs(InfValue)
                if dy_os > 0:
                    overshoot = np.abs(100. * dy_os / InfValue)
                else:
                    overshoot = 0

                # Undershoot : InfValue and undershoot must have opposite sign
                y_us_index = (sgnInf * yout).argmin()
                y_us = yout[y_us_index]
                if (sgnInf * y_us) < 0:
                    undershoot = (-100. * y_us / InfValue)
                else:
                    undershoot = 0

                # Peak
                peak_index = np.abs(yout).argmax()
                peak_value = np.abs(yout[peak_index])
                peak_time = T[peak_index]

                # SteadyStateValue
                steady_state_value = InfValue

            retij = {
                'RiseTime': float(rise_time),
                'SettlingTime': float(settling_time),
                'SettlingMin': float(settling_min),
                'SettlingMax': float(settling_max),
                'Overshoot': float(overshoot),
                'Undershoot': float(undershoot),
                'Peak': float(peak_value),
                'PeakTime': float(peak_time),
                'SteadyStateValue': float(steady_state_value)
                }
            retrow.append(retij)

        ret.append(retrow)

    return ret[0][0] if retsiso else ret


# --- descfcn.py -------------------------------------------------------------------------------------------------------
class DescribingFunctionNonlinearity():
    def __init__(self):
        pass

    def __call__(self, A):
        raise NotImplementedError(
            "__call__() not implemented for this function (internal error)")

    def describing_function(self, A):
        raise NotImplementedError(
            "describing function not implemented for this function")

    def _isstatic(self):
        return False

    # Utility function used to compute common describing functions
    def _f(self, x):
        return math.copysign(1, x) if abs(x) > 1 else \
            (math.asin(x) + x * math.sqrt(1 - x**2)) * 2 / math.pi


def describing_function(
        F, A, num_points=100, zero_check=True, try_method=True):
    # If there is an analytical solution, trying using that first
    if try_method and hasattr(F, 'describing_function'):
        try:
            return np.vectorize(F.describing_function, otypes=[complex])(A)
        except NotImplementedError:
            # Drop through and do the numerical computation
            pass

    #
    # The describing function of a nonlinear function F() can be computed by
    # evaluating the nonlinearity over a sinusoid.  The Fourier series for a
    # nonlinear function evaluated on a sinusoid can be written as
    #
    # F(A\sin\omega t) = \sum_{k=1}^\infty M_k(A) \sin(k\omega t + \phi_k(A))
    #
    # The describing function is given by the complex number
    #
    #    N(A) = M_1(A) e^{j \phi_1(A)} / A
    #
    # To compute this, we compute F(A \sin\theta) for \theta between 0 and 2
    # \pi, use the identities
    #
    #   \sin(\theta + \phi) = \sin\theta \cos\phi + \cos\theta \sin\phi
    #   \int_0^{2\pi} \sin^2 \theta d\theta = \pi
    #   \int_0^{2\pi} \cos^2 \theta d\theta = \pi
    #
    # and then integrate the product against \sin\theta and \cos\theta to obtain
    #
    #   \int_0^{2\pi} F(A\sin\theta) \sin\theta d\theta = M_1 \pi \cos\phi
    #   \int_0^{2\pi} F(A\sin\theta) \cos\theta d\theta = M_1 \pi \sin\phi
    #
    # From these we can compute M1 and \phi.
    #

    # Evaluate over a full range of angles (leave off endpoint a la DFT)
    theta, dtheta = np.linspace(
        0, 2*np.pi, num_points, endpoint=False, retstep=True)
    sin_theta = np.sin(theta)
    cos_theta = np.cos(theta)

    # See if this is a static nonlinearity (assume not, just in case)
    if not hasattr(F, '_isstatic') or not F._isstatic():
        # Initialize any internal state by going through an initial cycle
        for x in np.atleast_1d(A).min() * sin_theta:
            F(x)                # ignore the result

    # Go through all of the amplitudes we were given
    retdf = np.empty(np.shape(A), dtype=complex)
    df = retdf                  # Access to the return array
    df.shape = (-1, )           # as a 1D array
    for i, a in enumerate(np.atleast_1d(A)):
        # Make sure we got a valid argument
        if a == 0:
            # Check to make sure the function has zero output with zero input
            if zero_check and np.squeeze(F(0.)) != 0:
                raise ValueError("function must evaluate to zero at zero")
            df[i] = 1.
            continue
        elif a < 0:
            raise ValueError("cannot evaluate describing function for A < 0")

        # Save the scaling factor to make the formulas simpler
        scale = dtheta / np.pi / a

        # Evaluate the function along a sinusoid
        F_eval = np.array([F(x) for x in a*sin_theta]).squeeze()

        # Compute the projections onto sine and cosine
        df_real = (F_eval @ sin_theta) * scale     # = M_1 \cos\phi / a
        df_imag = (F_eval @ cos_theta) * scale     # = M_1 \sin\phi / a

        df[i] = df_real + 1j * df_imag

    # Return the values in the same shape as they were requested
    return retdf


def _find_intersection(L1a, L1b, L2a, L2b):
    # Compute the tangents for the segments
    L1t = L1b - L1a
    L2t = L2b - L2a

    # Set up components of the solution: b = M s
    b = L1a - L2a
    detM = L1t.imag * L2t.real - L1t.real * L2t.imag
    if abs(detM) < 1e-8:        # TODO: fix magic number
        return None

    # Solve for the intersection points on each line segment
    s1 = (L2t.imag * b.real - L2t.real * b.imag) / detM
    if s1 < 0 or s1 > 1:
        return None

    s2 = (L1t.imag * b.real - L1t.real * b.imag) / detM
    if s2 < 0 or s2 > 1:
        return None

    # Debugging test
    # np.testing.assert_almost_equal(L1a + s1 * L1t, L2a + s2 * L2t)

    # Intersection is within segments; return proportional distance
    return (s1, s2)


class saturation_nonlinearity(DescribingFunctionNonlinearity):
    def __init__(self, ub=1, lb=None):
        # Create the describing function nonlinearity object
        super(saturation_nonlinearity, self).__init__()

        # Process arguments
        if lb == None:
            # Only received one argument; assume symmetric around zero
            lb, ub = -abs(ub), abs(ub)

        # Make sure the bounds are sensible
        if lb > 0 or ub < 0 or lb + ub != 0:
            warn("asymmetric saturation; ignoring non-zero bias term")

        self.lb = lb
        self.ub = ub

    def __call__(self, x):
        return np.clip(x, self.lb, self.ub)

    def _isstatic(self):
        return True

    def describing_function(self, A):
        # Check to make sure the amplitude is positive
        if A < 0:
            raise ValueError("cannot evaluate describing function for A < 0")

        if self.lb <= A and A <= self.ub:
            return 1.
        else:
            alpha, beta = math.asin(self.ub/A), math.asin(-self.lb/A)
            return (math.sin(alpha + beta) * math.cos(alpha - beta) +
                    (alpha + beta)) / math.pi


class relay_hysteresis_nonlinearity(DescribingFunctionNonlinearity):
    def __init__(self, b, c):
        # Create the describing function nonlinearity object
        super(relay_hysteresis_nonlinearity, self).__init__()

        # Initialize the state to bottom branch
        self.branch = -1        # lower branch
        self.b = b              # relay output value
        self.c = c              # size of hysteresis region

    def __call__(self, x):
        if x > self.c:
            y = self.b
            self.branch = 1
        elif x < -self.c:
            y = -self.b
            self.branch = -1
        elif self.branch == -1:
            y = -self.b
        elif self.branch == 1:
            y = self.b
        return y

    def _isstatic(self):
        return False

    def describing_function(self, A):
        # Check to make sure the amplitude is positive
        if A < 0:
            raise ValueError("cannot evaluate describing function for A < 0")

        if A < self.c:
            return np.nan

        df_real = 4 * self.b * math.sqrt(1 - (self.c/A)**2) / (A * math.pi)
        df_imag = -4 * self.b * self.c / (math.pi * A**2)
        return df_real + 1j * df_imag


class friction_backlash_nonlinearity(DescribingFunctionNonlinearity):

    def __init__(self, b):
        # Create the describing function nonlinearity object
        super(friction_backlash_nonlinearity, self).__init__()

        self.b = b              # backlash distance
        self.center = 0         # current center position

    def __call__(self, x):
        # If we are outside the backlash, move and shift the center
        if x - self.center > self.b/2:
            self.center = x - self.b/2
        elif x - self.center < -self.b/2:
            self.center = x + self.b/2
        return self.center

    def _isstatic(self):
        return False

    def describing_function(self, A):
        # Check to make sure the amplitude is positive
        if A < 0:
            raise ValueError("cannot evaluate describing function for A < 0")

        if A <= self.b/2:
            return 0

        df_real = (1 + self._f(1 - self.b/A)) / 2
        df_imag = -(2 * self.b/A - (self.b/A)**2) / math.pi
        return df_real + 1j * df_imag


# --- canonical.py -----------------------------------------------------------------------------------------------------
def _bdschur_defective(blksizes, eigvals):
    if any(blksizes > 2):
        return True

    if all(blksizes == 1):
        return False

    # check eigenvalues associated with blocks of size 2
    init_idxs = np.cumsum(np.hstack([0, blksizes[:-1]]))
    blk_idx2 = blksizes == 2

    im = eigvals[init_idxs[blk_idx2]].imag
    re = eigvals[init_idxs[blk_idx2]].real

    if any(abs(im) < _IM_ZERO_TOL * abs(re)):
        return True

    return False


# --- stochsys.py ------------------------------------------------------------------------------------------------------
def correlation(T, X, Y=None, squeeze=True):
    T = np.atleast_1d(T)
    X = np.atleast_2d(X)
    Y = np.atleast_2d(Y) if Y is not None else X

    # Check the shape of the input arguments
    if len(T.shape) != 1:
        raise ValueError("Time vector T must be 1D")
    if len(X.shape) != 2 or len(Y.shape) != 2:
        raise ValueError("Signals X and Y must be 2D arrays")
    if T.shape[0] != X.shape[1] or T.shape[0] != Y.shape[1]:
        raise ValueError("Signals X and Y must have same length as T")

    # Figure out the time increment
    dt = T[1] - T[0]

    # Make sure data points are equally spaced
    if not np.allclose(np.diff(T), T[1] - T[0]):
        raise ValueError("Time values must be equally spaced.")

    # Compute the correlation matrix
    R = np.array(
        [[sp.signal.correlate(X[i], Y[j])
          for i in range(X.shape[0])] for j in range(Y.shape[0])]
    ) * dt / (T[-1] - T[0])
    # From scipy.signal.correlation_lags (for use with older versions)
    # tau = sp.signal.correlation_lags(len(X[0]), len(Y[0])) * dt
    tau = np.arange(-len(Y[0]) + 1, len(X[0])) * dt

    return tau, R.squeeze() if squeeze else R


# --- phaseplot.py -----------------------------------------------------------------------------------------------------
def boxgrid(xvals, yvals):
    return np.array(
        [(x, yvals[0]) for x in xvals[:-1]] +           # lower edge
        [(xvals[-1], y) for y in yvals[:-1]] +          # right edge
        [(x, yvals[-1]) for x in xvals[:0:-1]] +        # upper edge
        [(xvals[0], y) for y in yvals[:0:-1]]           # left edge
    )


def meshgrid(xvals, yvals):
    xvals, yvals = np.meshgrid(xvals, yvals)
    grid = np.zeros((xvals.shape[0] * xvals.shape[1], 2))
    grid[:, 0] = xvals.reshape(-1)
    grid[:, 1] = yvals.reshape(-1)

    return grid


def circlegrid(centers, radius, num):
    centers = np.atleast_2d(np.array(centers))
    grid = np.zeros((centers.shape[0] * num, 2))
    for i, center in enumerate(centers):
        grid[i * num: (i + 1) * num, :] = center + np.array([
            [radius * math.cos(theta), radius * math.sin(theta)] for
            theta in np.linspace(0, 2 * math.pi, num, endpoint=False)])
    return grid


def _find(condition):
    return np.nonzero(np.ravel(condition))[0]


# --- freqplot.py ------------------------------------------------------------------------------------------------------
def _compute_curve_offset(resp, mask, max_offset):
    # Compute the arc length along the curve
    s_curve = np.cumsum(
        np.sqrt(np.diff(resp.real) ** 2 + np.diff(resp.imag) ** 2))

    # Initialize the offset
    offset = np.zeros(resp.size)
    arclen = np.zeros(resp.size)

    # Walk through the response and keep track of each continuous component
    i, nsegs = 0, 0
    while i < resp.size:
        # Skip the regular segment
        while i < resp.size and mask[i]:
            i += 1              # Increment the counter
            if i == resp.size:
                break
            # Keep track of the arclength
            arclen[i] = arclen[i-1] + np.abs(resp[i] - resp[i-1])

        nsegs += 0.5
        if i == resp.size:
            break

        # Save the starting offset of this segment
        seg_start = i

        # Walk through the scaled segment
        while i < resp.size and not mask[i]:
            i += 1
            if i == resp.size:  # See if we are done with this segment
                break
            # Keep track of the arclength
            arclen[i] = arclen[i-1] + np.abs(resp[i] - resp[i-1])

        nsegs += 0.5
        if i == resp.size:
            break

        # Save the ending offset of this segment
        seg_end = i

        # Now compute the scaling for this segment
        s_segment = arclen[seg_end-1] - arclen[seg_start]
        offset[seg_start:seg_end] = max_offset * s_segment/s_curve[-1] * \
            np.sin(np.pi * (arclen[seg_start:seg_end]
                            - arclen[seg_start])/s_segment)

    return offset


# --- xferfcn.py -------------------------------------------------------------------------------------------------------
def _add_siso(num1, den1, num2, den2):

    num = polyadd(polymul(num1, den2), polymul(num2, den1))
    den = polymul(den1, den2)

    return num, den



# --- wrappers: the keyword arguments, the objects built from arrays ---------------------------------------------------
def unwrap_degrees(angle):
    return unwrap(angle, period=360)


def ssmatrix_column(data):
    return _ssmatrix(data, axis=0, rows=3, name="B")


def ssmatrix_square(data):
    return _ssmatrix(data, square=True, name="A")


def ctrb_t2(A, B):
    return ctrb(A, B, t=2)


def markov_siso(Y, U):
    return markov(Y, U, 10)


def markov_mimo_truncated(Y, U):
    return markov(Y, U, m=6, truncate=True)


def markov_transpose(Y, U):
    return markov(Y, U, 8, transpose=True, dt=0.1)


def era(Y):
    sys, S = eigensys_realization(Y, 2)
    return tuple(sys), S


def block_hankel(Y):
    return _block_hankel(Y, 4, 5)


def _tf(num, den, dt=0):
    return types.SimpleNamespace(num=[[num]], den=[[den]], dt=dt)


def poly_iw(num, den):
    return _poly_iw(_tf(num, den))


def poly_iw_crossings(num, den):
    num_iw, den_iw = _poly_iw(_tf(num, den))
    return (_poly_iw_real_crossing(num_iw, den_iw, 0.0), _poly_iw_mag1_crossing(num_iw, den_iw, 0.0),
            _poly_iw_wstab(num_iw, den_iw, 0.0))


def poly_iw_sqr(num, den):
    num_iw, den_iw = _poly_iw(_tf(num, den))
    return _poly_iw_sqr(num_iw), _poly_iw_sqr(den_iw)


def poly_z_crossings(num, den):
    zargs = _poly_z_invz(_tf(num, den, 0.1))
    return _poly_z_real_crossing(*zargs, epsw=0.0), _poly_z_mag1_crossing(*zargs, epsw=0.0)


def z_filter(z):
    return _z_filter(z, 0.1, 1e-6)


def likely_numerical_inaccuracy(num, den):
    return _likely_numerical_inaccuracy(_tf(num, den, 0.1))


def step_info_siso(y, T):
    return step_info(y, T)


def step_info_yfinal(y, T):
    return step_info(y, timepts=T, final_output=1.0, SettlingTimeThreshold=0.05)


def check_convert_x0(X0):
    return _check_convert_array(X0, [(3,), (3, 1)], 'Parameter `X0`: ', squeeze=True)


def check_convert_u_transpose(U):
    return _check_convert_array(U, [(2, 'any')], 'Parameter `U`: ', transpose=True)


def df_saturation(A):
    return describing_function(saturation_nonlinearity(1.5), A)


def df_saturation_numerical(A):
    return describing_function(saturation_nonlinearity(1.5), A, num_points=64, try_method=False)


def df_relay_numerical(A):
    return describing_function(relay_hysteresis_nonlinearity(1, 0.5), A, num_points=64, try_method=False)


def df_relay(A):
    return describing_function(relay_hysteresis_nonlinearity(1, 0.5), A)


def df_backlash_numerical(A):
    return describing_function(friction_backlash_nonlinearity(1.0), A, num_points=64, try_method=False)


def df_backlash(A):
    return describing_function(friction_backlash_nonlinearity(1.0), A)


def saturation_call(x):
    return saturation_nonlinearity(1.5)(x)


def find_intersection(points):
    return _find_intersection(points[0], points[1], points[2], points[3])


def circlegrid_two(centers):
    return circlegrid(centers, 0.5, 8)


def curve_offset(resp, mask):
    return _compute_curve_offset(resp, mask, 0.1)


# --- inputs --------------------------------------------------------------------------------------------------------------
def _stable(rng, n):
    """A discrete-time state matrix with spectral radius below 1."""
    A = rng.normal(size=(n, n))
    return 0.8 * A / np.max(np.abs(np.linalg.eigvals(A)))


def _simulate(rng, n=3, p=1, q=1, steps=60):
    """Inputs and outputs of a random stable discrete-time system, simulated here (x[k+1] = A x[k] + B u[k])."""
    A, B, C = _stable(rng, n), rng.normal(size=(n, p)), rng.normal(size=(q, n))
    U = rng.normal(size=(p, steps))
    x = np.zeros(n)
    Y = np.zeros((q, steps))
    for k in range(steps):
        Y[:, k] = C @ x
        x = A @ x + B @ U[:, k]
    return Y, U


def _impulse(rng, n=2, steps=30):
    """Markov parameters C A^k B (k = 0, 1, ...), D = 0 first, of a random stable system, shape (1, 1, steps)."""
    A, B, C = _stable(rng, n), rng.normal(size=(n, 1)), rng.normal(size=(1, n))
    h = [np.zeros((1, 1))]
    Ak = np.eye(n)
    for _ in range(steps - 1):
        h.append(C @ Ak @ B)
        Ak = A @ Ak
    return np.stack(h, axis=-1)


def _step(rng, T):
    zeta, wn = rng.uniform(0.2, 0.5), rng.uniform(1.5, 3.0)
    wd = wn * np.sqrt(1 - zeta**2)
    return 1 - np.exp(-zeta * wn * T) * (np.cos(wd * T) + zeta / np.sqrt(1 - zeta**2) * np.sin(wd * T))


def _loop(rng):
    """A lag-lead loop K (s + 1) / (s (s + 2) (s + 5)): one gain crossing, a phase crossing at -180 degrees."""
    K = rng.uniform(20, 40)
    return np.array([K, K]), np.polymul([1.0, 0.0], np.polymul([1.0, 2.0], [1.0, 5.0]))


def _dloop(rng):
    K = rng.uniform(0.2, 0.4)
    return np.array([K, 0.5 * K]), np.polymul([1.0, -1.0], [1.0, -0.5])


def _amplitudes(rng):
    return np.array([0.3, 0.8, 1.2, 2.0, 4.0, 9.0]) * rng.uniform(0.95, 1.05)


def _phase_with_jumps(rng):
    true = np.cumsum(rng.uniform(-0.8, -0.2, size=30))
    return (true + np.pi) % (2 * np.pi) - np.pi


_T101 = np.linspace(0, 10, 101)
_MG = "margins.py"
_DF = "descfcn.py"
_MS = "modelsimp.py"

CASES = [
    # ctrlutil.py, nichols.py
    case(unwrap, lambda rng: (_phase_with_jumps(rng),), PC("ctrlutil.py", "unwrap", "writes angle[1:] += in place")),
    case(unwrap_degrees, lambda rng: (np.degrees(_phase_with_jumps(rng)),), PC("ctrlutil.py", "unwrap", "period=360")),
    case(db2mag, lambda rng: (rng.uniform(-40, 20, size=8),), PC("ctrlutil.py", "db2mag")),
    case(mag2db, lambda rng: (rng.uniform(0.01, 10, size=8),), PC("ctrlutil.py", "mag2db")),
    case(closed_loop_contours, lambda rng: tuple(np.meshgrid(rng.uniform(0.5, 2, 4), np.radians(np.linspace(-350, -10, 6)))),
         PC("nichols.py", "closed_loop_contours", "complex Gcl/(1 - Gcl)")),
    case(m_circles, lambda rng: (rng.uniform(-6, 6, size=4),), PC("nichols.py", "m_circles", "a 2000 x 4 meshgrid")),
    case(n_circles, lambda rng: (rng.uniform(-180, -10, size=3),), PC("nichols.py", "n_circles")),
    # statesp.py, statefbk.py
    case(ssmatrix_column, lambda rng: (rng.normal(size=3),), PC("statesp.py", "_ssmatrix", "a vector, axis=0: a column")),
    case(ssmatrix_square, lambda rng: (rng.normal(size=(3, 3)),), PC("statesp.py", "_ssmatrix", "square=True")),
    case(ctrb, lambda rng: (_stable(rng, 4), rng.normal(size=(4, 2))), PC("statefbk.py", "ctrb",
         "block column writes in a loop")),
    case(ctrb_t2, lambda rng: (_stable(rng, 4), rng.normal(size=(4, 1))), PC("statefbk.py", "ctrb", "t=2")),
    case(obsv, lambda rng: (_stable(rng, 3), rng.normal(size=(2, 3))), PC("statefbk.py", "obsv")),
    case(place_acker, lambda rng: (_stable(rng, 3), rng.normal(size=(3, 1)), np.array([-1.0, -2.0, -3.0]) * rng.uniform(1, 2)),
         PC("statefbk.py", "place_acker", "matrix_rank test, np.poly, matrix_power in a loop, solve")),
    # modelsimp.py
    case(block_hankel, lambda rng: (rng.normal(size=(2, 1, 20)),), PC(_MS, "_block_hankel", "row block writes")),
    case(markov_siso, lambda rng: _simulate(rng), PC(_MS, "markov", "SISO, m=10: shifted writes, lstsq, squeeze")),
    case(markov_mimo_truncated, lambda rng: _simulate(rng, n=3, p=2, q=2, steps=80), PC(_MS, "markov",
         "2 x 2, m=6, truncate=True")),
    case(markov_transpose, lambda rng: tuple(a.T for a in _simulate(rng)), PC(_MS, "markov", "transpose=True, dt=0.1")),
    case(era, lambda rng: (_impulse(rng),), PC(_MS, "eigensys_realization", "r=2: a Hankel matrix, svd")),
    # margins.py
    case(poly_iw, lambda rng: _loop(rng), PC(_MG, "_poly_iw", "(1j)**arange times the coefficients")),
    case(poly_iw_sqr, lambda rng: _loop(rng), PC(_MG, "_poly_iw_sqr", "polymul with the conjugate")),
    case(poly_iw_crossings, lambda rng: _loop(rng), PC(_MG, "_poly_iw_real_crossing",
         "with _poly_iw_mag1_crossing and _poly_iw_wstab: np.roots, masks of real roots")),
    case(poly_z_crossings, lambda rng: _dloop(rng), PC(_MG, "_poly_z_real_crossing",
         "with _poly_z_mag1_crossing, _poly_z_invz and _z_filter: a Python list polynomial, np.roots")),
    case(z_filter, lambda rng: (np.exp(1j * rng.uniform(-3, 3, size=6)) * np.array([1, 1, 1.1, 1, 0.9, 1]),),
         PC(_MG, "_z_filter", "masks of the unit circle and of the upper half")),
    case(likely_numerical_inaccuracy, lambda rng: _dloop(rng), PC(_MG, "_likely_numerical_inaccuracy")),
    # timeresp.py
    case(step_info_siso, lambda rng: (_step(rng, _T101), _T101), PC("timeresp.py", "step_info",
         "a response array: np.nonzero(...)[0][0], float() of the results, a dict")),
    case(step_info_yfinal, lambda rng: (_step(rng, _T101), _T101), PC("timeresp.py", "step_info",
         "final_output=1.0, SettlingTimeThreshold=0.05")),
    case(step_info, lambda rng: (np.stack([_step(rng, _T101), -2 * _step(rng, _T101)])[:, None, :], _T101),
         PC("timeresp.py", "step_info", "a (2, 1, 101) MIMO array: a list of lists of dicts, a negative final value"),
         name="control.step_info_mimo"),
    case(check_convert_x0, lambda rng: (rng.normal(size=(3, 1)),), PC("timeresp.py", "_check_convert_array",
         "squeeze=True, shape_matches, for/else")),
    case(check_convert_u_transpose, lambda rng: (rng.normal(size=(7, 2)),), PC("timeresp.py", "_check_convert_array",
         "transpose=True, an 'any' dimension")),
    # descfcn.py
    case(df_saturation, lambda rng: (_amplitudes(rng),), PC(_DF, "describing_function",
         "saturation: the analytic method through np.vectorize(otypes=[complex]), math.asin")),
    case(df_saturation_numerical, lambda rng: (_amplitudes(rng),), PC(_DF, "describing_function",
         "saturation, try_method=False: a list comprehension of F(x), df.shape = (-1,)")),
    case(df_relay_numerical, lambda rng: (_amplitudes(rng),), PC(_DF, "describing_function",
         "relay with hysteresis, numerical: F keeps its branch in self.branch across calls")),
    case(df_relay, lambda rng: (_amplitudes(rng),), PC(_DF, "relay_hysteresis_nonlinearity.describing_function",
         "A < c: NaN")),
    case(df_backlash_numerical, lambda rng: (_amplitudes(rng),), PC(_DF, "describing_function",
         "friction backlash, numerical: self.center updated across calls")),
    case(df_backlash, lambda rng: (_amplitudes(rng),), PC(_DF, "friction_backlash_nonlinearity.describing_function",
         "A <= b/2: 0, math.copysign / math.asin in _f")),
    case(saturation_call, lambda rng: (rng.uniform(-4, 4, size=9),), PC(_DF, "saturation_nonlinearity.__call__", "np.clip")),
    case(find_intersection, lambda rng: (np.array([-1 - 1j, 1 + 1j, -1 + 1j, 1 - 1j]) + 0.1 * rng.normal(size=4),),
         PC(_DF, "_find_intersection", "crossing segments: tests on abs and the parameters, a tuple")),
    case(find_intersection, lambda rng: (np.array([0j, 1 + 0j, 2j, 1 + 2j]) + 0.1 * rng.normal(size=4),),
         PC(_DF, "_find_intersection", "segments that do not cross: None"), name="control.find_intersection_none"),
    # canonical.py, stochsys.py, phaseplot.py, freqplot.py, xferfcn.py
    case(_bdschur_defective, lambda rng: (np.array([1, 2, 1]), np.r_[rng.normal(), rng.normal() + 1j, rng.normal() - 1j, 0.5]),
         PC("canonical.py", "_bdschur_defective", "any/all of arrays, a 2 x 2 block with complex eigenvalues")),
    case(correlation, lambda rng: (np.linspace(0, 5, 40), rng.normal(size=(2, 40))), PC("stochsys.py", "correlation",
         "a nested list comprehension of scipy.signal.correlate")),
    case(boxgrid, lambda rng: (np.sort(rng.uniform(-1, 1, 4)), np.sort(rng.uniform(-1, 1, 3))), PC("phaseplot.py", "boxgrid",
         "four list comprehensions over array elements, concatenated")),
    case(meshgrid, lambda rng: (rng.uniform(size=4), rng.uniform(size=3)), PC("phaseplot.py", "meshgrid")),
    case(circlegrid_two, lambda rng: (rng.normal(size=(2, 2)),), PC("phaseplot.py", "circlegrid",
         "enumerate over rows, math.cos of linspace values")),
    case(_find, lambda rng: (rng.normal(size=(3, 4)) > 0,), PC("phaseplot.py", "_find", "np.nonzero of a ravel")),
    case(curve_offset, lambda rng: (np.exp(1j * np.linspace(0, 3, 40)) * rng.uniform(0.5, 2, 40),
                                    np.r_[np.ones(10, bool), np.zeros(15, bool), np.ones(15, bool)]),
         PC("freqplot.py", "_compute_curve_offset", "nested while loops over a mask, breaks, slice writes")),
    case(_add_siso, lambda rng: (rng.normal(size=2), np.r_[1.0, rng.uniform(1, 3, 2)], rng.normal(size=1), np.r_[1.0, rng.uniform(1, 3)]),
         PC("xferfcn.py", "_add_siso", "polyadd of polymul")),
]
