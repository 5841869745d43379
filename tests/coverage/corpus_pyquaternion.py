"""pyquaternion's ``Quaternion`` class (KieranWynn/pyquaternion, MIT), every object made inside the traced function:
its ``__init__`` dispatching on ``len(args)`` and on which keywords are given (``scalar``/``vector``,
``real``/``imaginary``, ``axis`` with ``radians``/``degrees``/``angle`` chosen by ``kwargs.get('radians') or
self.to_radians(kwargs.get('degrees')) or kwargs.get('angle') or 0.0``, ``array``, ``matrix``, and
``w``/``x``/``y``/``z`` sorted into elements), the single-argument path that tries ``float(args[0])`` and falls back
on ``except TypeError: pass`` to a sequence, ``_validate_number_sequence``'s ``[float(e) for e in seq]`` under ``try``;
the class methods that build through ``cls(...)``: ``_from_axis_angle`` (``raise ZeroDivisionError`` on a zero axis,
normalising ``if (abs(1.0 - mag_sq) > 1e-12)``) and ``_from_matrix`` (``np.allclose``/``np.isclose`` checks that
raise, and the trace method's four ``if``/``else`` branches on the diagonal, ``q *= 0.5 / sqrt(t)``); the operators
(``__mul__`` through ``_q_matrix``, ``__rmul__`` of a number, ``__add__``/``__sub__``/``__neg__``, ``__div__``
comparing the divisor with ``Quaternion(0.0)`` through ``__eq__``'s ``np.allclose``, ``__pow__`` with its
``try``/``except ZeroDivisionError`` around ``polar_decomposition``, ``__matmul__``, ``__getitem__``/``__setitem__``,
``__float__``/``__int__``/``__complex__``/``__bool__``); ``_normalise`` and ``_fast_normalise`` rewriting
``self.q`` under ``if not self.is_unit()`` (the second with a Padé approximation or a square root);
``rotate`` returning a list or an array by the type of its argument; ``rotation_matrix``,
``transformation_matrix``, ``axis``/``angle``/``degrees`` (``_wrap_angle``'s ``if result == -pi``); ``exp``/``log``
(the real quaternion's branch) and the exponential and logarithm maps; the three distances (``if d_minus <
d_plus``); ``slerp`` negating ``q0.q`` ``if dot < 0.0`` and returning a normalised lerp ``if dot > 0.9995``;
``intermediates``, a generator of ``slerp``; and ``derivative`` and ``integrate`` (``self.q`` rewritten ``if
rotation_norm > 0``).

Copied from KieranWynn/pyquaternion at 99025c17bab1c55265d61add13375433b35251af (VERSION.txt 0.9.9; its
LICENSE.txt is the MIT licence: "Copyright (c) 2015 Kieran Wynn"), ``pyquaternion/quaternion.py``: the
``Quaternion`` class whole, bodies as written, comments kept, docstrings dropped, and the two ``print`` calls of
``_from_matrix``'s nested ``decomposition_method`` (which the class never calls; the source calls it
"NON-FUNCTIONAL") dropped. The imports are this module's: the source's ``from __future__ import absolute_import,
division, print_function`` (Python 2's) is left out, and so is ``asin``, which the class does not use.

Adapted, beyond that: each case is a wrapper that builds the quaternions from arrays and numbers, calls one
method, and returns ``.q`` (the harness compares arrays; the class's ``__eq__`` is its own tolerance check).

No case calls ``Quaternion.random`` (``np.random.random``), ``__str__``/``__repr__``/``__format__``, ``__hash__``
or ``__copy__``/``__deepcopy__`` (``__repr__`` runs all the same: the runtime calls it to describe a ``Quaternion``
in the ``slerp`` cases' refusal).

The inputs follow pyquaternion/test/test_quaternion.py: random quaternions (unit and not), random axes of any length
and angles in (-pi, pi), rotation matrices built from ``Quaternion(axis=..., angle=...).rotation_matrix`` (the
copied class, run eagerly on the input side) about x, y and z by angles near pi for the three branches of the trace
method that do not use the trace, and near 0 for the one that does; 4x4 transformation matrices; pairs of
quaternions far apart and close together for ``slerp``. Some cases take float32 arrays, which the class turns into
float64 through ``float(e)``. The ``_mixed`` cases take one branch for the harness' first generator and another for
its second, so the trace made on the first call serves the other branch on the second.
"""

# ruff: noqa: E501, E741, B904, UP032
from __future__ import annotations

from copy import deepcopy
from math import acos, atan2, cos, exp, log, pi, sin, sqrt

import numpy as np

from tests.coverage.cases import PYQUATERNION, Source, case


def PQ(original: str, note: str = "") -> Source:
    return Source(PYQUATERNION, "pyquaternion/quaternion.py", original, note)


# --- pyquaternion/quaternion.py ---------------------------------------------------------------------------------------
class Quaternion:

    def __init__(self, *args, **kwargs):
        s = len(args)
        if s == 0:
            # No positional arguments supplied
            if kwargs:
                # Keyword arguments provided
                if ("scalar" in kwargs) or ("vector" in kwargs):
                    scalar = kwargs.get("scalar", 0.0)
                    if scalar is None:
                        scalar = 0.0
                    else:
                        scalar = float(scalar)

                    vector = kwargs.get("vector", [])
                    vector = self._validate_number_sequence(vector, 3)

                    self.q = np.hstack((scalar, vector))
                elif ("real" in kwargs) or ("imaginary" in kwargs):
                    real = kwargs.get("real", 0.0)
                    if real is None:
                        real = 0.0
                    else:
                        real = float(real)

                    imaginary = kwargs.get("imaginary", [])
                    imaginary = self._validate_number_sequence(imaginary, 3)

                    self.q = np.hstack((real, imaginary))
                elif ("axis" in kwargs) or ("radians" in kwargs) or ("degrees" in kwargs) or ("angle" in kwargs):
                    try:
                        axis = self._validate_number_sequence(kwargs["axis"], 3)
                    except KeyError:
                        raise ValueError(
                            "A valid rotation 'axis' parameter must be provided to describe a meaningful rotation."
                        )
                    angle = kwargs.get('radians') or self.to_radians(kwargs.get('degrees')) or kwargs.get('angle') or 0.0
                    self.q = Quaternion._from_axis_angle(axis, angle).q
                elif "array" in kwargs:
                    self.q = self._validate_number_sequence(kwargs["array"], 4)
                elif "matrix" in kwargs:
                    optional_args = {key: kwargs[key] for key in kwargs if key in ['rtol', 'atol']}
                    self.q = Quaternion._from_matrix(kwargs["matrix"], **optional_args).q
                else:
                    keys = sorted(kwargs.keys())
                    elements = [kwargs[kw] for kw in keys]
                    if len(elements) == 1:
                        r = float(elements[0])
                        self.q = np.array([r, 0.0, 0.0, 0.0])
                    else:
                        self.q = self._validate_number_sequence(elements, 4)

            else:
                # Default initialisation
                self.q = np.array([1.0, 0.0, 0.0, 0.0])
        elif s == 1:
            # Single positional argument supplied
            if isinstance(args[0], Quaternion):
                self.q = args[0].q
                return
            if args[0] is None:
                raise TypeError("Object cannot be initialised from {}".format(type(args[0])))
            try:
                r = float(args[0])
                self.q = np.array([r, 0.0, 0.0, 0.0])
                return
            except TypeError:
                pass  # If the single argument is not scalar, it should be a sequence

            self.q = self._validate_number_sequence(args[0], 4)
            return

        else:
            # More than one positional argument supplied
            self.q = self._validate_number_sequence(args, 4)

    def __hash__(self):
        return hash(tuple(self.q))

    def _validate_number_sequence(self, seq, n):
        if seq is None:
            return np.zeros(n)
        if len(seq) == n:
            try:
                l = [float(e) for e in seq]
            except ValueError:
                raise ValueError("One or more elements in sequence <{!r}> cannot be interpreted as a real number".format(seq))
            else:
                return np.asarray(l)
        elif len(seq) == 0:
            return np.zeros(n)
        else:
            raise ValueError("Unexpected number of elements in sequence. Got: {}, Expected: {}.".format(len(seq), n))

    # Initialise from matrix
    @classmethod
    def _from_matrix(cls, matrix, rtol=1e-05, atol=1e-08):
        try:
            shape = matrix.shape
        except AttributeError:
            raise TypeError("Invalid matrix type: Input must be a 3x3 or 4x4 numpy array or matrix")

        if shape == (3, 3):
            R = matrix
        elif shape == (4, 4):
            R = matrix[:-1][:,:-1] # Upper left 3x3 sub-matrix
        else:
            raise ValueError("Invalid matrix shape: Input must be a 3x3 or 4x4 numpy array or matrix")

        # Check matrix properties
        if not np.allclose(np.dot(R, R.conj().transpose()), np.eye(3), rtol=rtol, atol=atol):
            raise ValueError("Matrix must be orthogonal, i.e. its transpose should be its inverse")
        if not np.isclose(np.linalg.det(R), 1.0, rtol=rtol, atol=atol):
            raise ValueError("Matrix must be special orthogonal i.e. its determinant must be +1.0")

        def decomposition_method(matrix):
            x, y, z = 0, 1, 2 # indices
            K = np.array([
                [R[x, x]-R[y, y]-R[z, z],  R[y, x]+R[x, y],           R[z, x]+R[x, z],           R[y, z]-R[z, y]],
                [R[y, x]+R[x, y],          R[y, y]-R[x, x]-R[z, z],   R[z, y]+R[y, z],           R[z, x]-R[x, z]],
                [R[z, x]+R[x, z],          R[z, y]+R[y, z],           R[z, z]-R[x, x]-R[y, y],   R[x, y]-R[y, x]],
                [R[y, z]-R[z, y],          R[z, x]-R[x, z],           R[x, y]-R[y, x],           R[x, x]+R[y, y]+R[z, z]]
            ])
            K = K / 3.0

            e_vals, e_vecs = np.linalg.eig(K)
            max_index = np.argmax(e_vals)
            principal_component = e_vecs[max_index]
            return principal_component

        def trace_method(matrix):
            m = matrix.conj().transpose() # This method assumes row-vector and postmultiplication of that vector
            if m[2, 2] < 0:
                if m[0, 0] > m[1, 1]:
                    t = 1 + m[0, 0] - m[1, 1] - m[2, 2]
                    q = [m[1, 2]-m[2, 1],  t,  m[0, 1]+m[1, 0],  m[2, 0]+m[0, 2]]
                else:
                    t = 1 - m[0, 0] + m[1, 1] - m[2, 2]
                    q = [m[2, 0]-m[0, 2],  m[0, 1]+m[1, 0],  t,  m[1, 2]+m[2, 1]]
            else:
                if m[0, 0] < -m[1, 1]:
                    t = 1 - m[0, 0] - m[1, 1] + m[2, 2]
                    q = [m[0, 1]-m[1, 0],  m[2, 0]+m[0, 2],  m[1, 2]+m[2, 1],  t]
                else:
                    t = 1 + m[0, 0] + m[1, 1] + m[2, 2]
                    q = [t,  m[1, 2]-m[2, 1],  m[2, 0]-m[0, 2],  m[0, 1]-m[1, 0]]

            q = np.array(q).astype('float64')
            q *= 0.5 / sqrt(t)
            return q

        return cls(array=trace_method(R))

    # Initialise from axis-angle
    @classmethod
    def _from_axis_angle(cls, axis, angle):
        mag_sq = np.dot(axis, axis)
        if mag_sq == 0.0:
            raise ZeroDivisionError("Provided rotation axis has no length")
        # Ensure axis is in unit vector form
        if (abs(1.0 - mag_sq) > 1e-12):
            axis = axis / sqrt(mag_sq)
        theta = angle / 2.0
        r = cos(theta)
        i = axis * sin(theta)

        return cls(r, i[0], i[1], i[2])

    @classmethod
    def random(cls):
        r1, r2, r3 = np.random.random(3)

        q1 = sqrt(1.0 - r1) * (sin(2 * pi * r2))
        q2 = sqrt(1.0 - r1) * (cos(2 * pi * r2))
        q3 = sqrt(r1)       * (sin(2 * pi * r3))
        q4 = sqrt(r1)       * (cos(2 * pi * r3))

        return cls(q1, q2, q3, q4)

    # Representation
    def __str__(self):
        return "{:.3f} {:+.3f}i {:+.3f}j {:+.3f}k".format(self.q[0], self.q[1], self.q[2], self.q[3])

    def __repr__(self):
        return "Quaternion({!r}, {!r}, {!r}, {!r})".format(self.q[0], self.q[1], self.q[2], self.q[3])

    def __format__(self, formatstr):
        if formatstr.strip() == '': # Defualt behaviour mirrors self.__str__()
            formatstr = '+.3f'

        string = \
            "{:" + formatstr +"} "  + \
            "{:" + formatstr +"}i " + \
            "{:" + formatstr +"}j " + \
            "{:" + formatstr +"}k"
        return string.format(self.q[0], self.q[1], self.q[2], self.q[3])

    # Type Conversion
    def __int__(self):
        return int(self.q[0])

    def __float__(self):
        return float(self.q[0])

    def __complex__(self):
        return complex(self.q[0], self.q[1])

    def __bool__(self):
        return not (self == Quaternion(0.0))

    def __nonzero__(self):
        return not (self == Quaternion(0.0))

    def __invert__(self):
        return (self == Quaternion(0.0))

    # Comparison
    def __eq__(self, other):
        if isinstance(other, Quaternion):
            r_tol = 1.0e-13
            a_tol = 1.0e-14
            try:
                isEqual = np.allclose(self.q, other.q, rtol=r_tol, atol=a_tol)
            except AttributeError:
                raise AttributeError("Error in internal quaternion representation means it cannot be compared like a numpy array.")
            return isEqual
        return self.__eq__(self.__class__(other))

    # Negation
    def __neg__(self):
        return self.__class__(array= -self.q)

    # Absolute value
    def __abs__(self):
        return self.norm

    # Addition
    def __add__(self, other):
        if isinstance(other, Quaternion):
            return self.__class__(array=self.q + other.q)
        return self + self.__class__(other)

    def __iadd__(self, other):
        return self + other

    def __radd__(self, other):
        return self + other

    # Subtraction
    def __sub__(self, other):
        return self + (-other)

    def __isub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -(self - other)

    # Multiplication
    def __mul__(self, other):
        if isinstance(other, Quaternion):
            return self.__class__(array=np.dot(self._q_matrix(), other.q))
        return self * self.__class__(other)

    def __imul__(self, other):
        return self * other

    def __rmul__(self, other):
        return self.__class__(other) * self

    def __matmul__(self, other):
        if isinstance(other, Quaternion):
            return self.q.__matmul__(other.q)
        return self.__matmul__(self.__class__(other))

    def __imatmul__(self, other):
        return self.__matmul__(other)

    def __rmatmul__(self, other):
        return self.__class__(other).__matmul__(self)

    # Division
    def __div__(self, other):
        if isinstance(other, Quaternion):
            if other == self.__class__(0.0):
                raise ZeroDivisionError("Quaternion divisor must be non-zero")
            return self * other.inverse
        return self.__div__(self.__class__(other))

    def __idiv__(self, other):
        return self.__div__(other)

    def __rdiv__(self, other):
        return self.__class__(other) * self.inverse

    def __truediv__(self, other):
        return self.__div__(other)

    def __itruediv__(self, other):
        return self.__idiv__(other)

    def __rtruediv__(self, other):
        return self.__rdiv__(other)

    # Exponentiation
    def __pow__(self, exponent):
        # source: https://en.wikipedia.org/wiki/Quaternion#Exponential.2C_logarithm.2C_and_power
        exponent = float(exponent) # Explicitly reject non-real exponents
        norm = self.norm
        if norm > 0.0:
            try:
                n, theta = self.polar_decomposition
            except ZeroDivisionError:
                # quaternion is a real number (no vector or imaginary part)
                return Quaternion(scalar=self.scalar ** exponent)
            return (self.norm ** exponent) * Quaternion(scalar=cos(exponent * theta), vector=(n * sin(exponent * theta)))
        return Quaternion(self)

    def __ipow__(self, other):
        return self ** other

    def __rpow__(self, other):
        return other ** float(self)

    # Quaternion Features
    def _vector_conjugate(self):
        return np.hstack((self.q[0], -self.q[1:4]))

    def _sum_of_squares(self):
        return np.dot(self.q, self.q)

    @property
    def conjugate(self):
        return self.__class__(scalar=self.scalar, vector=-self.vector)

    @property
    def inverse(self):
        ss = self._sum_of_squares()
        if ss > 0:
            return self.__class__(array=(self._vector_conjugate() / ss))
        else:
            raise ZeroDivisionError("a zero quaternion (0 + 0i + 0j + 0k) cannot be inverted")

    @property
    def norm(self):
        mag_squared = self._sum_of_squares()
        return sqrt(mag_squared)

    @property
    def magnitude(self):
        return self.norm

    def _normalise(self):
        if not self.is_unit():
            n = self.norm
            if n > 0:
                self.q = self.q / n

    def _fast_normalise(self):
        if not self.is_unit():
            mag_squared = np.dot(self.q, self.q)
            if (mag_squared == 0):
                return
            if (abs(1.0 - mag_squared) < 2.107342e-08):
                mag =  ((1.0 + mag_squared) / 2.0) # More efficient. Pade approximation valid if error is small
            else:
                mag =  sqrt(mag_squared) # Error is too big, take the performance hit to calculate the square root properly

            self.q = self.q / mag

    @property
    def normalised(self):
        q = Quaternion(self)
        q._normalise()
        return q

    @property
    def polar_unit_vector(self):
        vector_length = np.linalg.norm(self.vector)
        if vector_length <= 0.0:
            raise ZeroDivisionError('Quaternion is pure real and does not have a unique unit vector')
        return self.vector / vector_length

    @property
    def polar_angle(self):
         return acos(self.scalar / self.norm)

    @property
    def polar_decomposition(self):
        return self.polar_unit_vector, self.polar_angle

    @property
    def unit(self):
        return self.normalised

    def is_unit(self, tolerance=1e-14):
        return abs(1.0 - self._sum_of_squares()) < tolerance # if _sum_of_squares is 1, norm is 1. This saves a call to sqrt()

    def _q_matrix(self):
        return np.array([
            [self.q[0], -self.q[1], -self.q[2], -self.q[3]],
            [self.q[1],  self.q[0], -self.q[3],  self.q[2]],
            [self.q[2],  self.q[3],  self.q[0], -self.q[1]],
            [self.q[3], -self.q[2],  self.q[1],  self.q[0]]])

    def _q_bar_matrix(self):
        return np.array([
            [self.q[0], -self.q[1], -self.q[2], -self.q[3]],
            [self.q[1],  self.q[0],  self.q[3], -self.q[2]],
            [self.q[2], -self.q[3],  self.q[0],  self.q[1]],
            [self.q[3],  self.q[2], -self.q[1],  self.q[0]]])

    def _rotate_quaternion(self, q):
        self._normalise()
        return self * q * self.conjugate

    def rotate(self, vector):
        if isinstance(vector, Quaternion):
            return self._rotate_quaternion(vector)
        q = Quaternion(vector=vector)
        a = self._rotate_quaternion(q).vector
        if isinstance(vector, list):
            l = [x for x in a]
            return l
        elif isinstance(vector, tuple):
            l = [x for x in a]
            return tuple(l)
        else:
            return a

    @classmethod
    def exp(cls, q):
        tolerance = 1e-17
        v_norm = np.linalg.norm(q.vector)
        vec = q.vector
        if v_norm > tolerance:
            vec = vec / v_norm
        magnitude = exp(q.scalar)
        return Quaternion(scalar = magnitude * cos(v_norm), vector = magnitude * sin(v_norm) * vec)

    @classmethod
    def log(cls, q):
        v_norm = np.linalg.norm(q.vector)
        q_norm = q.norm
        tolerance = 1e-17
        if q_norm < tolerance:
            # 0 quaternion - undefined
            return Quaternion(scalar=-float('inf'), vector=float('nan')*q.vector)
        if v_norm < tolerance:
            # real quaternions - no imaginary part
            return Quaternion(scalar=log(q_norm), vector=[0, 0, 0])
        vec = q.vector / v_norm
        return Quaternion(scalar=log(q_norm), vector=acos(q.scalar/q_norm)*vec)

    @classmethod
    def exp_map(cls, q, eta):
        return q * Quaternion.exp(eta)

    @classmethod
    def sym_exp_map(cls, q, eta):
        sqrt_q = q ** 0.5
        return sqrt_q * Quaternion.exp(eta) * sqrt_q

    @classmethod
    def log_map(cls, q, p):
        return Quaternion.log(q.inverse * p)

    @classmethod
    def sym_log_map(cls, q, p):
        inv_sqrt_q = (q ** (-0.5))
        return Quaternion.log(inv_sqrt_q * p * inv_sqrt_q)

    @classmethod
    def absolute_distance(cls, q0, q1):
        q0_minus_q1 = q0 - q1
        q0_plus_q1  = q0 + q1
        d_minus = q0_minus_q1.norm
        d_plus  = q0_plus_q1.norm
        if d_minus < d_plus:
            return d_minus
        else:
            return d_plus

    @classmethod
    def distance(cls, q0, q1):
        q = Quaternion.log_map(q0, q1)
        return q.norm

    @classmethod
    def sym_distance(cls, q0, q1):
        q = Quaternion.sym_log_map(q0, q1)
        return q.norm

    @classmethod
    def slerp(cls, q0, q1, amount=0.5):
        # Ensure quaternion inputs are unit quaternions and 0 <= amount <=1
        q0._fast_normalise()
        q1._fast_normalise()
        amount = np.clip(amount, 0, 1)

        dot = np.dot(q0.q, q1.q)

        # If the dot product is negative, slerp won't take the shorter path.
        # Note that v1 and -v1 are equivalent when the negation is applied to all four components.
        # Fix by reversing one quaternion
        if dot < 0.0:
            q0.q = -q0.q
            dot = -dot

        # sin_theta_0 can not be zero
        if dot > 0.9995:
            qr = Quaternion(q0.q + amount * (q1.q - q0.q))
            qr._fast_normalise()
            return qr

        theta_0 = np.arccos(dot)  # Since dot is in range [0, 0.9995], np.arccos() is safe
        sin_theta_0 = np.sin(theta_0)

        theta = theta_0 * amount
        sin_theta = np.sin(theta)

        s0 = np.cos(theta) - dot * sin_theta / sin_theta_0
        s1 = sin_theta / sin_theta_0
        qr = Quaternion((s0 * q0.q) + (s1 * q1.q))
        qr._fast_normalise()
        return qr

    @classmethod
    def intermediates(cls, q0, q1, n, include_endpoints=False):
        step_size = 1.0 / (n + 1)
        if include_endpoints:
            steps = [i * step_size for i in range(0, n + 2)]
        else:
            steps = [i * step_size for i in range(1, n + 1)]
        for step in steps:
            yield cls.slerp(q0, q1, step)

    def derivative(self, rate):
        rate = self._validate_number_sequence(rate, 3)
        return 0.5 * self * Quaternion(vector=rate)

    def integrate(self, rate, timestep):
        self._fast_normalise()
        rate = self._validate_number_sequence(rate, 3)

        rotation_vector = rate * timestep
        rotation_norm = np.linalg.norm(rotation_vector)
        if rotation_norm > 0:
            axis = rotation_vector / rotation_norm
            angle = rotation_norm
            q2 = Quaternion(axis=axis, angle=angle)
            self.q = (self * q2).q
            self._fast_normalise()


    @property
    def rotation_matrix(self):
        self._normalise()
        product_matrix = np.dot(self._q_matrix(), self._q_bar_matrix().conj().transpose())
        return product_matrix[1:][:, 1:]

    @property
    def transformation_matrix(self):
        t = np.array([[0.0], [0.0], [0.0]])
        Rt = np.hstack([self.rotation_matrix, t])
        return np.vstack([Rt, np.array([0.0, 0.0, 0.0, 1.0])])

    @property
    def yaw_pitch_roll(self):

        self._normalise()
        yaw = np.arctan2(2 * (self.q[0] * self.q[3] - self.q[1] * self.q[2]),
            1 - 2 * (self.q[2] ** 2 + self.q[3] ** 2))
        pitch = np.arcsin(2 * (self.q[0] * self.q[2] + self.q[3] * self.q[1]))
        roll = np.arctan2(2 * (self.q[0] * self.q[1] - self.q[2] * self.q[3]),
            1 - 2 * (self.q[1] ** 2 + self.q[2] ** 2))

        return yaw, pitch, roll

    def _wrap_angle(self, theta):
        result = ((theta + pi) % (2 * pi)) - pi
        if result == -pi:
            result = pi
        return result

    def get_axis(self, undefined=np.zeros(3)):
        tolerance = 1e-17
        self._normalise()
        norm = np.linalg.norm(self.vector)
        if norm < tolerance:
            # Here there are an infinite set of possible axes, use what has been specified as an undefined axis.
            return undefined
        else:
            return self.vector / norm

    @property
    def axis(self):
        return self.get_axis()

    @property
    def angle(self):
        self._normalise()
        norm = np.linalg.norm(self.vector)
        return self._wrap_angle(2.0 * atan2(norm, self.scalar))

    @property
    def degrees(self):
        return self.to_degrees(self.angle)

    @property
    def radians(self):
        return self.angle

    @property
    def scalar(self):
        return self.q[0]

    @property
    def vector(self):
        return self.q[1:4]

    @property
    def real(self):
        return self.scalar

    @property
    def imaginary(self):
        return self.vector

    @property
    def w(self):
        return self.q[0]

    @property
    def x(self):
        return self.q[1]

    @property
    def y(self):
        return self.q[2]

    @property
    def z(self):
        return self.q[3]

    @property
    def elements(self):
        return self.q

    def __getitem__(self, index):
        index = int(index)
        return self.q[index]

    def __setitem__(self, index, value):
        index = int(index)
        self.q[index] = float(value)

    def __copy__(self):
        result = self.__class__(self.q)
        return result

    def __deepcopy__(self, memo):
        result = self.__class__(deepcopy(self.q, memo))
        memo[id(self)] = result
        return result

    @staticmethod
    def to_degrees(angle_rad):
        if angle_rad is not None:
            return float(angle_rad) / pi * 180.0

    @staticmethod
    def to_radians(angle_deg):
        if angle_deg is not None:
            return float(angle_deg) / 180.0 * pi


# --- the cases: each builds its quaternions inside the traced function -------------------------------------------------
def init_from_elements(a, b, c, d):
    return Quaternion(a, b, c, d).q


def init_from_array(a):
    return Quaternion(a).q


def init_from_scalar(s):
    return Quaternion(s).q


def init_copy(a):
    return Quaternion(Quaternion(a)).q


def init_from_scalar_and_vector(s, v):
    return Quaternion(scalar=s, vector=v).q


def init_from_real_and_imaginary(r, im):
    return Quaternion(real=r, imaginary=im).q



def init_from_axis_angle(axis, angle):
    return Quaternion(axis=axis, angle=angle).q



def init_from_axis_degrees(axis, degrees):
    return Quaternion(axis=axis, degrees=degrees).q



def init_from_matrix(matrix):
    return Quaternion(matrix=matrix).q


def init_from_wxyz(w, x, y, z):
    return Quaternion(w=w, x=x, y=y, z=z).q



def rotate_array(q, v):
    return Quaternion(q).rotate(v)


def rotate_list(q, v):
    return Quaternion(q).rotate([v[0], v[1], v[2]])




def rotation_matrix(q):
    return Quaternion(q).rotation_matrix


def transformation_matrix(q):
    return Quaternion(q).transformation_matrix



def axis_and_angle(q):
    quaternion = Quaternion(q)
    return quaternion.axis, quaternion.angle, quaternion.degrees



def multiply(q1, q2):
    return (Quaternion(q1) * Quaternion(q2)).q


def multiply_by_number(q, s):
    return (Quaternion(q) * s).q, (float(s) * Quaternion(q)).q


def add_subtract_negate(q1, q2):
    a, b = Quaternion(q1), Quaternion(q2)
    return (a + b).q, (a - b).q, (-a).q, (a + 1.5).q


def divide(q1, q2):
    return (Quaternion(q1) / Quaternion(q2)).q


def power(q, exponent):
    return (Quaternion(q) ** exponent).q



def conjugate_and_inverse(q):
    quaternion = Quaternion(q)
    return quaternion.conjugate.q, quaternion.inverse.q


def norms(q):
    quaternion = Quaternion(q)
    return quaternion.norm, quaternion.magnitude, quaternion.is_unit()


def normalised(q):
    quaternion = Quaternion(q)
    return quaternion.normalised.q, quaternion.unit.q, quaternion.q


def fast_normalise(q):
    quaternion = Quaternion(q)
    quaternion._fast_normalise()
    return quaternion.q


def quaternion_exp(q):
    return Quaternion.exp(Quaternion(q)).q


def quaternion_log(q):
    return Quaternion.log(Quaternion(q)).q



def exp_and_log_maps(q, eta):
    base, tangent = Quaternion(q), Quaternion(vector=eta)
    return Quaternion.exp_map(base, tangent).q, Quaternion.log_map(base, Quaternion.exp_map(base, tangent)).q



def distances(q0, q1):
    a, b = Quaternion(q0), Quaternion(q1)
    return Quaternion.absolute_distance(a, b), Quaternion.distance(a, b), Quaternion.sym_distance(a, b)


def slerp(q0, q1, amount):
    return Quaternion.slerp(Quaternion(q0), Quaternion(q1), amount).q


def intermediates(q0, q1):
    return [q.q for q in Quaternion.intermediates(Quaternion(q0), Quaternion(q1), 3, include_endpoints=True)]


def derivative(q, rate):
    return Quaternion(q).derivative(rate).q


def integrate(q, rate, timestep):
    quaternion = Quaternion(q)
    quaternion.integrate(rate, timestep)
    return quaternion.q


def matmul(q1, q2):
    return Quaternion(q1) @ Quaternion(q2)


def equal(q1, q2):
    return Quaternion(q1) == Quaternion(q2), Quaternion(q1) == Quaternion(q1 * 1.0)


def conversions(q):
    quaternion = Quaternion(q)
    return float(quaternion), int(quaternion), quaternion.scalar, quaternion.vector, quaternion.w, quaternion.z


def to_complex(q):
    return complex(Quaternion(q))


def truth(q):
    return bool(Quaternion(q)), ~Quaternion(q)


def get_and_set_item(q, value):
    quaternion = Quaternion(q)
    quaternion[2] = value
    return quaternion[2], quaternion[0], quaternion.elements


# --- inputs -----------------------------------------------------------------------------------------------------------
def _quaternion(rng, dtype=np.float64):
    """A quaternion of norm 0.5 to 2."""
    q = rng.normal(size=4)
    return (q / np.linalg.norm(q) * rng.uniform(0.5, 2.0)).astype(dtype)


def _unit_quaternion(rng, dtype=np.float64):
    q = rng.normal(size=4)
    return (q / np.linalg.norm(q)).astype(dtype)


def _scalar(rng, low=-2.0, high=2.0):
    return np.float64(rng.uniform(low, high))


def _axis(rng, dtype=np.float64):
    """An axis of length 1 to 3: ``_from_axis_angle`` normalises it."""
    a = rng.normal(size=3)
    return (a / np.linalg.norm(a) * rng.uniform(1.0, 3.0)).astype(dtype)


def _rotation(axis, low, high):
    """A rotation matrix about ``axis`` by an angle in [low, high], made eagerly by the copied class."""
    def make(rng):
        return (Quaternion(axis=axis, angle=rng.uniform(low, high)).rotation_matrix,)
    return make


def _random_rotation(rng):
    return (Quaternion(axis=rng.normal(size=3), angle=rng.uniform(-0.5, 0.5)).rotation_matrix,)


def _transformation(rng):
    return (Quaternion(axis=rng.normal(size=3), angle=rng.uniform(-1.0, 1.0)).transformation_matrix,)


def _mixed_rotation(rng):
    """About z by nearly pi for the first generator (the m[0, 0] < -m[1, 1] branch), by a small angle for the
    second (the trace branch): default_rng(0).uniform() is 0.64, default_rng(1).uniform() is 0.51."""
    angle = 3.0 if rng.uniform() > 0.6 else 0.3
    return (Quaternion(axis=[0.0, 0.0, 1.0], angle=angle).rotation_matrix,)


def _pair(rng, low, high):
    """Two unit quaternions whose dot product is in [low, high]."""
    q0 = _unit_quaternion(rng)
    other = rng.normal(size=4)
    other -= other.dot(q0) * q0
    other /= np.linalg.norm(other)
    dot = rng.uniform(low, high)
    return q0, dot * q0 + np.sqrt(1.0 - dot ** 2) * other


def _slerp_mixed(rng):
    """The dot product is negative for the first generator only: ``if dot < 0.0`` differs between the two."""
    negative = rng.uniform() > 0.6  # drawn first: 0.64 for default_rng(0), 0.51 for default_rng(1)
    q0, q1 = _pair(rng, 0.3, 0.6)
    if negative:
        q1 = -q1
    return q0, q1, np.float64(rng.uniform(0.2, 0.8))


def _real_or_not(rng):
    """A real quaternion (no vector part) for the first generator, a general one for the second: ``log``'s
    ``if v_norm < tolerance``."""
    real = rng.uniform() > 0.6  # drawn first: 0.64 for default_rng(0), 0.51 for default_rng(1)
    q = _quaternion(rng)
    if real:
        q[1:] = 0.0
    return (q,)


_F32 = np.float32

CASES = [
    # __init__'s paths
    case(init_from_elements, lambda rng: tuple(np.float64(v) for v in rng.normal(size=4)), PQ("Quaternion.__init__", "four positional numbers")),
    case(init_from_array, lambda rng: (_quaternion(rng),), PQ("Quaternion.__init__", "one array: float(args[0]) raises TypeError, then a sequence")),
    case(init_from_array, lambda rng: (_quaternion(rng, _F32),), PQ("Quaternion.__init__", "a float32 array: float(e) makes float64"), name="pyquaternion.init_from_array_f32"),
    case(init_from_scalar, lambda rng: (_scalar(rng),), PQ("Quaternion.__init__", "one number: float(args[0]) succeeds")),
    case(init_copy, lambda rng: (_quaternion(rng),), PQ("Quaternion.__init__", "isinstance(args[0], Quaternion)")),
    case(init_from_scalar_and_vector, lambda rng: (_scalar(rng), rng.normal(size=3)), PQ("Quaternion.__init__", "scalar= and vector=")),
    case(init_from_real_and_imaginary, lambda rng: (_scalar(rng), rng.normal(size=3).astype(_F32)), PQ("Quaternion.__init__", "real= and a float32 imaginary=")),
    case(init_from_axis_angle, lambda rng: (_axis(rng), _scalar(rng, -np.pi, np.pi)), PQ("Quaternion.__init__ / _from_axis_angle", "axis= and angle=: the or-chain, a non-unit axis normalised")),
    case(init_from_axis_angle, lambda rng: (_axis(rng, _F32), np.float32(rng.uniform(-np.pi, np.pi))), PQ("Quaternion.__init__ / _from_axis_angle", "float32 axis and angle"),
         name="pyquaternion.init_from_axis_angle_f32"),
    case(init_from_axis_degrees, lambda rng: (_axis(rng), _scalar(rng, -180.0, 180.0)), PQ("Quaternion.__init__ / to_radians / _from_axis_angle", "degrees=")),
    case(init_from_matrix, _random_rotation, PQ("Quaternion._from_matrix", "a small rotation: the trace branch")),
    case(init_from_matrix, _rotation([1.0, 0.0, 0.0], 2.8, 3.1), PQ("Quaternion._from_matrix", "about x by nearly pi: m[2, 2] < 0 and m[0, 0] > m[1, 1]"),
         name="pyquaternion.init_from_matrix_x"),
    case(init_from_matrix, _rotation([0.0, 1.0, 0.0], 2.8, 3.1), PQ("Quaternion._from_matrix", "about y by nearly pi: m[2, 2] < 0, m[0, 0] <= m[1, 1]"),
         name="pyquaternion.init_from_matrix_y"),
    case(init_from_matrix, _rotation([0.0, 0.0, 1.0], 2.8, 3.1), PQ("Quaternion._from_matrix", "about z by nearly pi: m[0, 0] < -m[1, 1]"),
         name="pyquaternion.init_from_matrix_z"),
    case(init_from_matrix, _transformation, PQ("Quaternion._from_matrix", "a 4x4 transformation: shape == (4, 4)"), name="pyquaternion.init_from_matrix_4x4"),
    case(init_from_matrix, _mixed_rotation, PQ("Quaternion._from_matrix", "the m[0, 0] < -m[1, 1] branch for one generator, the trace branch for the other"),
         name="pyquaternion.init_from_matrix_mixed"),
    case(init_from_wxyz, lambda rng: tuple(np.float64(v) for v in rng.normal(size=4)), PQ("Quaternion.__init__", "w=, x=, y=, z=: sorted keys, a sequence of four")),
    # rotations
    case(rotate_array, lambda rng: (_quaternion(rng), rng.normal(size=3)), PQ("Quaternion.rotate", "an array: _normalise, then q * v * conjugate")),
    case(rotate_array, lambda rng: (_quaternion(rng, _F32), rng.normal(size=3).astype(_F32)), PQ("Quaternion.rotate", "float32"), name="pyquaternion.rotate_array_f32"),
    case(rotate_list, lambda rng: (_quaternion(rng), rng.normal(size=3)), PQ("Quaternion.rotate", "a list: a list back")),
    case(rotation_matrix, lambda rng: (_quaternion(rng),), PQ("Quaternion.rotation_matrix")),
    case(transformation_matrix, lambda rng: (_quaternion(rng, _F32),), PQ("Quaternion.transformation_matrix", "float32")),
    case(axis_and_angle, lambda rng: (_quaternion(rng),), PQ("Quaternion.axis / angle / degrees", "_wrap_angle")),
    # operators
    case(multiply, lambda rng: (_quaternion(rng), _quaternion(rng)), PQ("Quaternion.__mul__ / _q_matrix")),
    case(multiply_by_number, lambda rng: (_quaternion(rng), _scalar(rng)), PQ("Quaternion.__mul__ / __rmul__", "a number on either side")),
    case(add_subtract_negate, lambda rng: (_quaternion(rng), _quaternion(rng)), PQ("Quaternion.__add__ / __sub__ / __neg__", "and a Python number added")),
    case(divide, lambda rng: (_quaternion(rng), _quaternion(rng)), PQ("Quaternion.__truediv__ / __div__ / inverse", "other == Quaternion(0.0) through np.allclose")),
    case(power, lambda rng: (_quaternion(rng), _scalar(rng, 0.2, 2.5)), PQ("Quaternion.__pow__ / polar_decomposition")),
    case(matmul, lambda rng: (_quaternion(rng), _quaternion(rng)), PQ("Quaternion.__matmul__")),
    case(equal, lambda rng: (_quaternion(rng), _quaternion(rng)), PQ("Quaternion.__eq__", "np.allclose with rtol 1e-13")),
    case(conversions, lambda rng: (_quaternion(rng),), PQ("Quaternion.__float__ / __int__ / scalar / vector / w / z")),
    case(to_complex, lambda rng: (_quaternion(rng),), PQ("Quaternion.__complex__")),
    case(truth, lambda rng: (_quaternion(rng),), PQ("Quaternion.__bool__ / __invert__", "not (self == Quaternion(0.0))")),
    case(get_and_set_item, lambda rng: (_quaternion(rng), _scalar(rng)), PQ("Quaternion.__getitem__ / __setitem__ / elements", "int(index), float(value)")),
    # features
    case(conjugate_and_inverse, lambda rng: (_quaternion(rng),), PQ("Quaternion.conjugate / inverse", "if ss > 0")),
    case(norms, lambda rng: (_quaternion(rng),), PQ("Quaternion.norm / magnitude / is_unit")),
    case(normalised, lambda rng: (_quaternion(rng),), PQ("Quaternion.normalised / unit / _normalise", "the original left as it was")),
    case(fast_normalise, lambda rng: (_quaternion(rng),), PQ("Quaternion._fast_normalise", "far from unit: the square root")),
    case(fast_normalise, lambda rng: (_unit_quaternion(rng) * (1.0 + rng.uniform(1e-13, 1e-9)),), PQ("Quaternion._fast_normalise", "nearly unit: the Pade approximation"),
         name="pyquaternion.fast_normalise_nearly_unit"),
    case(quaternion_exp, lambda rng: (_quaternion(rng),), PQ("Quaternion.exp")),
    case(quaternion_log, lambda rng: (_quaternion(rng),), PQ("Quaternion.log")),
    case(quaternion_log, _real_or_not, PQ("Quaternion.log", "real for one generator only"), name="pyquaternion.quaternion_log_mixed"),
    case(exp_and_log_maps, lambda rng: (_unit_quaternion(rng), rng.normal(size=3) * 0.3), PQ("Quaternion.exp_map / log_map")),
    case(distances, lambda rng: (_unit_quaternion(rng), _unit_quaternion(rng)), PQ("Quaternion.absolute_distance / distance / sym_distance")),
    # interpolation and integration
    case(slerp, lambda rng: (*_pair(rng, -0.8, -0.3), np.float64(rng.uniform(0.2, 0.8))), PQ("Quaternion.slerp", "dot < 0: q0.q negated")),
    case(slerp, lambda rng: (*_pair(rng, 0.9996, 0.9999), np.float64(rng.uniform(0.2, 0.8))), PQ("Quaternion.slerp", "dot > 0.9995: the lerp's early return"),
         name="pyquaternion.slerp_close"),
    case(slerp, _slerp_mixed, PQ("Quaternion.slerp", "dot < 0 for one generator only"), name="pyquaternion.slerp_mixed"),
    case(intermediates, lambda rng: _pair(rng, 0.2, 0.8), PQ("Quaternion.intermediates", "a generator of slerp, 3 with the endpoints")),
    case(derivative, lambda rng: (_unit_quaternion(rng), rng.normal(size=3)), PQ("Quaternion.derivative", "0.5 * self: __rmul__ of a Python float")),
    case(integrate, lambda rng: (_unit_quaternion(rng), rng.normal(size=3), np.float64(rng.uniform(0.01, 0.1))), PQ("Quaternion.integrate", "self.q rewritten if rotation_norm > 0")),
]
