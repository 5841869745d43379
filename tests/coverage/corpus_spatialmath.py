"""spatialmath-python's pose classes (bdaiinstitute/spatialmath-python, MIT), every object made inside the traced
function from the traced arrays: ``BasePoseList``, a ``collections.UserList`` (and ``ABC``) whose ``data`` is a list of
arrays, with its ``arghandler`` constructor support (``isinstance(arg, np.ndarray)`` / a list of arrays / ``type(arg[0])
== type(self)`` / ``isnumberlist`` / ``np.array(arg)`` / the same class copied / ``arg.__class__ in convertfrom``),
``_import`` checking each array's value through the class's ``isvalid``, the ``Empty`` and ``Alloc`` class methods, the
``A`` and ``_A`` properties (one array or the list), ``__getitem__`` (an index or a slice, a negative stop counted as
the source counts it) and ``__setitem__``, ``append`` / ``extend`` / ``insert`` / ``pop`` testing ``type(self) ==
type(item)``, and ``binop`` / ``unop``; ``BasePoseMatrix(BasePoseList)`` with ``__new__`` initialising the list,
``__array_ufunc__ = None`` (so ``2.0 * T`` calls ``T.__rmul__``), the properties ``N`` / ``isSO`` / ``isSE`` testing
``type(self).__name__``, ``det``, ``log``, ``interp`` / ``interp1``, ``norm``, ``stack``, ``conjugation``,
``__repr__`` (``removesmall``, each array's ``__repr__``), ``__str__`` (a format of every element), ``prod``, and the
operators: ``__mul__`` dispatching on ``type(left) == type(right)``, lists, tuples and arrays (pose x vector through
``e2h`` / ``h2e``, pose x a stack of points, poses x a vector) and scalars, ``__matmul__`` (``trnorm`` of each product),
``__rmul__``, ``__truediv__``, ``__add__`` / ``__sub__`` (arrays, not poses), ``__pow__`` (``assert type(n) is int``),
``__eq__`` (``np.allclose`` if ``type(left) == type(right)``), ``__ne__`` (``not eq if isinstance(eq, bool)``) and
``_op2``'s one-to-many dispatch; ``SO2`` / ``SE2`` and ``SO3`` / ``SE3`` with their constructors (``SE3(x, y, z)``,
``SE3(3-vector)`` after ``arghandler`` declines it, ``SE3(SO3)``, ``SO3(SE3)``), the class-method constructors
(``Rx`` / ``Ry`` / ``Rz`` over ``getvector(theta)``, ``RPY`` / ``Eul`` of one or many angle triples, ``OA``,
``TwoVectors`` with its nested ``vval`` taking ``"-z"``, ``RotatedVector``, ``AngVec`` / ``AngleAxis``, ``EulerVec``,
``Exp``, ``Delta``, ``Trans`` / ``Tx`` / ``Ty`` / ``Tz``, ``Rt`` checking ``isrot(R, check=True)``, ``RTvec``,
``CopyFrom``), the properties ``R`` / ``t`` / ``x`` / ``y`` / ``z`` / ``n`` / ``o`` / ``a`` and the ``t`` / ``z``
setters writing into ``self.A``, ``inv``, ``eul`` / ``rpy`` (``tr2eul`` / ``tr2rpy``: three orders, ``argmax`` branches,
singularities), ``angvec`` / ``eulervec``, ``delta``, ``rtvec``, ``Ad``, ``jacob``, ``yaw_SE2``, ``angdist`` (metric 5
and 6 lambdas, or a ``UnitQuaternion`` for the others), ``mean`` (a ``while True`` until the update is below ``eps``),
``SE2.SE3`` (a closure ``lift3``) and ``xyt``; ``Quaternion(BasePoseList)`` (``Quaternion(s, v)`` of a scalar and a
vector or of arrays of both, ``Pure``, the properties ``s`` / ``v`` / ``vec`` / ``vec_xyzs`` / ``matrix`` iterating
the object for many values, ``conj``, ``norm``, ``unit``, ``log`` / ``exp`` with ``math`` functions, ``inner``,
``__eq__`` / ``__ne__`` asserting ``isinstance(left, type(right))``, ``__mul__`` / ``__rmul__``, ``__pow__``,
``__add__`` / ``__sub__``, ``__neg__``, ``__repr__``) and ``UnitQuaternion(Quaternion)`` (its constructor from a
4-vector, a rotation matrix checked by value, an array of quaternions, an ``SO3`` or a list of them; ``Rx`` / ``Ry`` /
``Rz``, ``Eul``, ``RPY``, ``OA``, ``AngVec``, ``EulerVec``, ``Vec3``; ``inv``, ``dot`` / ``dotb``, ``__mul__`` by a
unit quaternion, a scalar, a vector or a stack of them, ``__truediv__``, ``__eq__`` / ``__ne__`` up to sign,
``__matmul__``, ``interp`` / ``interp1`` (a ``float(...)`` per step), ``increment`` (``try: unitvec_norm`` / ``except
ValueError: return``), ``rpy`` / ``eul`` / ``angvec``, ``angdist``'s five metrics (lambdas and a nested ``def``),
``SO3`` / ``SE3``); and the ``spatialmath.base`` functions they call (``getvector``'s ``out=`` forms, ``isvector``,
``getunit``, ``isscalar``'s ``isinstance(x, _scalartypes)``, ``transl`` / ``transl2`` of a scalar triple, a vector or
a matrix, ``trlog`` / ``trexp`` / ``rodrigues``, ``r2q`` with its ``argmax`` branches and ``math.copysign``,
``qslerp``, ``qunit`` dividing in place, ``trinterp`` / ``trinterp2`` with ``wrap_mpi_pi``, ``isR``'s ``bool(... and
...)``).

Copied from bdaiinstitute/spatialmath-python at 89875f3d517e4f4dc646b0f019b15d83ca3cb1e7 (pyproject version 1.1.16;
its ``LICENSE`` is the MIT licence, "Copyright (c) 2020 Peter Corke"), under ``spatialmath/``: ``base/symbolic.py``
(``issymbol``, ``sin``, ``cos`` and the module's ``try: import sympy`` header); ``base/argcheck.py`` (``isscalar``,
``ismatrix``, ``getmatrix``, ``getvector``, ``isvector``, ``getunit``, ``isnumberlist``); ``base/vectors.py``
(``norm`` to ``orthogonalize``, 15 functions); ``base/transformsNd.py`` (``r2t``, ``t2r``, ``tr2rt``, ``rt2tr``,
``Ab2M``, ``isR``, ``isskew``, ``isskewa``, ``iseye``, ``skew``, ``vex``, ``skewa``, ``vexa``, ``h2e``, ``e2h``);
``base/quaternions.py`` (``qeye`` to ``qdotb``, 19 functions: all but the random, printing and plotting ones);
``base/transforms2d.py`` (``rot2``, ``trot2``, ``tr2xyt``, ``transl2``, ``ishom2``, ``isrot2``, ``trlog2``,
``trexp2``, ``trnorm2``, ``trinterp2``); ``base/transforms3d.py`` (``rotx`` to ``tr2adjoint`` and ``rodrigues``, 33
functions); ``baseposelist.py`` (``BasePoseList`` whole); ``baseposematrix.py`` (``BasePoseMatrix`` and the module's
``try`` imports of ``colored`` and ``ansitable``, which are not installed here, as in a plain ``pip install``);
``pose2d.py`` (``SO2``, ``SE2``); ``pose3d.py`` (``SO3``, ``SE3``); ``quaternion.py`` (``Quaternion``,
``UnitQuaternion``). In that order, files as sections; docstrings and ``@overload`` stubs dropped (typing only),
comments and commented-out code kept.

Adapted, beyond that:

* One module holds what the package spreads over eleven: each file's own imports (``from
  spatialmath.base.argcheck import getvector``, ...) are this module's globals, and ``import spatialmath.base as smb``
  is ``smb = types.ModuleType("spatialmath.base")`` holding the copied functions and ``sym``, a module holding the
  three ``symbolic`` functions (``spatialmath.base``'s star imports re-export ``transforms3d``'s ``import
  spatialmath.base.symbolic as sym``, which ``transforms2d`` reads as ``smb.sym``). ``_eps`` and ``_scalartypes``
  are set once. Of ``base/_types_311.py`` only the aliases the code evaluates (in ``cast(...)``) are copied; the
  others appear in annotations only, which ``from __future__ import annotations`` leaves unevaluated, as the source
  does.
* Four methods import a class of the package inside their body (``SE2.SE3``: ``from spatialmath.pose3d import
  SE3``; ``SO3.UnitQuaternion``, ``SO3.angdist`` and ``SE3.angdist``: ``UnitQuaternion``): the import is dropped
  (a comment says so) and the name is this module's class.
* Left out, as no case calls them: the methods that plot, animate, print to a file (``print``, ``printline``,
  ``strline``) or call SymPy (``simplify``); ``Rand`` (``np.random``); ``Twist2`` / ``twist`` (the twist classes are
  not copied); ``Quaternion.__str__`` and ``_repr_pretty_`` (``q2str``, a printing function not copied).

Each case is a wrapper of a few lines that builds the poses and quaternions from its arguments (NumPy arrays, and
NumPy scalars for single angles and coordinates, which ``isscalar`` accepts), applies the operators, indexes,
compares and reads the properties, and returns arrays, NumPy booleans, strings (``repr``, ``str``) or lists of them
(the harness compares arrays; the classes' ``__eq__`` is their own tolerance check).

The inputs follow spatialmath's tests (tests/test_pose3d.py, test_pose2d.py, test_quaternion.py): roll-pitch-yaw
angles in (-1.2, 1.2), translations and points from a normal distribution, rotation matrices made with the copied
``rpy2r`` and ``angvec2r`` (run eagerly on the input side) and checked by value where the classes check them,
rotations about x and z by nearly pi for ``r2q``'s other branches, a unit quaternion of either sign (``_mixed`` takes
one sign for the harness' first generator and the other for its second).
"""
# ruff: noqa: E501, E721, E731, E741, F821, F841, B011, B023, B028, B904, B905, C416, C419, I001, SIM108, SIM114, UP006, UP007, UP008, UP031, UP032, UP035
from __future__ import annotations

import copy
import math
import types
from abc import ABC, abstractproperty, abstractstaticmethod
from collections import UserList
from collections.abc import Iterable
from typing import Any, Callable, List, Optional, Tuple, Type, Union, cast
from typing import Literal as L

import numpy as np
from numpy import dtype, floating, ndarray
from numpy.typing import DTypeLike, NDArray

from tests.coverage.cases import SPATIALMATH, Source, case

Self = Any  # (in annotations only, never evaluated: the source's typing.Self is 3.11's, and CI runs 3.10 too)


def SM(path: str, original: str, note: str = "") -> Source:
    return Source(SPATIALMATH, f"spatialmath/{path}", original, note)


# --- spatialmath/base/_types_311.py: the aliases the code below evaluates (in cast(...)) ------------------------------
ArrayLike3 = Union[
    List[float],
    Tuple[float, float, float],
    ndarray[
        Tuple[L[3]],
        dtype[floating],
    ],
]
R3 = ndarray[
    Tuple[L[3]],
    dtype[floating],
]  # R^3
SO2Array = ndarray[Tuple[L[2], L[2]], dtype[floating]]  # SO(2) rotation matrix
SO3Array = ndarray[Tuple[L[3], L[3]], dtype[floating]]  # SO(3) rotation matrix
se2Array = ndarray[
    Tuple[L[3, 3]], dtype[floating]
]  # se(2) Lie algebra of SE(2), augmented skew-symmetrix matrix
se3Array = ndarray[
    Tuple[L[4, 4]], dtype[floating]
]  # se(3) Lie algebra of SE(3), augmented skew-symmetrix matrix


# --- spatialmath/base/symbolic.py -------------------------------------------------------------------------------------
try:  # pragma: no cover
    # print('Using SymPy')
    import sympy

    _symbolics = True
    symtype = (sympy.Expr,)
    from sympy import Symbol

except ImportError:  # pragma: no cover
    # SymPy is not installed
    _symbolics = False
    symtype = ()
    Symbol = Any

def issymbol(var: Any) -> bool:
    if _symbolics:
        if isinstance(var, (list, tuple)):
            return any([isinstance(x, symtype) for x in var])
        else:
            return isinstance(var, symtype)
    else:
        return False


def sin(theta):
    if issymbol(theta):
        return sympy.sin(theta)
    else:
        return math.sin(theta)


def cos(theta):
    if issymbol(theta):
        return sympy.cos(theta)
    else:
        return math.cos(theta)


# (spatialmath.base.transforms3d imports this module as ``sym``; the package's star imports make it ``smb.sym``)
sym = types.ModuleType("spatialmath.base.symbolic")
sym.issymbol, sym.sin, sym.cos, sym.symtype = issymbol, sin, cos, symtype

# (spatialmath/base/argcheck.py, vectors.py, transformsNd.py, quaternions.py, transforms2d.py and transforms3d.py
# each set _eps so)
_eps = np.finfo(np.float64).eps
_scalartypes = (int, np.integer, float, np.floating) + symtype

# --- spatialmath/base/argcheck.py -------------------------------------------------------------------------------------
def isscalar(x: Any) -> bool:
    return isinstance(x, _scalartypes)


def ismatrix(m: Any, shape: Tuple[Union[int, None], Union[int, None]]) -> bool:
    if not isinstance(m, np.ndarray):
        return False
    if m.dtype.kind == "c":
        return False
    if len(shape) != len(m.shape):
        return False
    if shape[0] is not None and shape[0] > 0 and shape[0] != m.shape[0]:
        return False
    if shape[1] is not None and shape[1] > 0 and shape[1] != m.shape[1]:
        return False
    return True


def getmatrix(
    m: ArrayLike,
    shape: Tuple[Union[int, None], Union[int, None]],
    dtype: DTypeLike = np.float64,
) -> np.ndarray:
    if isinstance(m, np.ndarray) and len(m.shape) == 2:
        # passed a 2D array
        mshape = m.shape

        if m.dtype == "O":
            dtype = "O"

        if (shape[0] is None or shape[0] == mshape[0]) and (
            shape[1] is None or shape[1] == mshape[1]
        ):
            return np.array(m, dtype=dtype)
        else:
            raise ValueError(f"expecting {shape} but got {mshape}")

    elif isvector(m):
        # passed a 1D array
        m = getvector(m, dtype=dtype, out="array")
        if shape[0] is not None and shape[1] is not None:
            shape = cast(Tuple[int, int], shape)
            if len(m) == np.prod(shape):
                return m.reshape(shape)
            else:
                raise ValueError("array cannot be reshaped")
        elif shape[0] is not None and shape[1] is None:
            return m.reshape((shape[0], -1))
        elif shape[0] is None and shape[1] is not None:
            return m.reshape((-1, shape[1]))
        else:
            return m.reshape((1, -1))

    else:
        raise TypeError("argument must be scalar or ndarray")


def getvector(
    v: ArrayLike,
    dim: Optional[Union[int, None]] = None,
    out: str = "array",
    dtype: DTypeLike = np.float64,
) -> Union[NDArray, List[float], Tuple[float, ...]]:
    dt = dtype

    if isinstance(v, _scalartypes):  # handle scalar case
        v = [v]  # type: ignore
    if isinstance(v, (list, tuple)):
        # list or tuple was passed in

        if issymbol(v):
            dt = None

        if dim is not None and v and len(v) != dim:
            raise ValueError(
                "incorrect vector length: expected {}, got {}".format(dim, len(v))
            )
        if out == "sequence":
            return v
        elif out == "list":
            return list(v)
        elif out == "array":
            return np.array(v, dtype=dt)
        elif out == "row":
            return np.array(v, dtype=dt).reshape(1, -1)
        elif out == "col":
            return np.array(v, dtype=dt).reshape(-1, 1)
        else:
            raise ValueError("invalid output specifier")

    elif isinstance(v, np.ndarray):
        s = v.shape
        if dim is not None:
            if not (s == (dim,) or s == (1, dim) or s == (dim, 1)):
                raise ValueError(
                    "incorrect vector length: expected {}, got {}".format(dim, s)
                )

        v = v.flatten()

        if v.dtype.kind == "O":
            dt = "O"

        if out in ("sequence", "list"):
            return list(v.flatten())
        elif out == "array":
            return v.astype(dt)
        elif out == "row":
            return v.astype(dt).reshape(1, -1)
        elif out == "col":
            return v.astype(dt).reshape(-1, 1)
        else:
            raise ValueError("invalid output specifier")
    else:
        raise TypeError("invalid input type")


def isvector(v: Any, dim: Optional[int] = None) -> bool:
    if (
        isinstance(v, (list, tuple))
        and (dim is None or len(v) == dim)
        and all(map(lambda x: isinstance(x, _scalartypes), v))
    ):
        return True  # list or tuple

    if isinstance(v, np.ndarray):
        s = v.shape
        if dim is None:
            return (
                (len(s) == 1 and s[0] > 0)
                or (s[0] == 1 and s[1] > 0)
                or (s[0] > 0 and s[1] == 1)
            )
        else:
            return s == (dim,) or s == (1, dim) or s == (dim, 1)

    if (dim is None or dim == 1) and isinstance(v, _scalartypes):
        return True

    return False


def getunit(
    v: ArrayLike, unit: str = "rad", dim: Optional[int] = None, vector: bool = True
) -> Union[float, NDArray]:
    if not isinstance(v, Iterable):
        # scalar input
        if dim is not None and dim != 0:
            raise ValueError("for dim==0 input must be a scalar")
        if vector:
            # scalar in, vector out
            if unit == "deg":
                v = np.deg2rad(v)
            elif unit != "rad":
                raise ValueError("invalid angular units")
            return np.array([v])
        else:
            # scalar in, scalar out
            if unit == "rad":
                return v
            elif unit == "deg":
                return np.deg2rad(v)
            else:
                raise ValueError("invalid angular units")

    else:
        # scalar or iterable in, ndarray out
        # iterable passed in
        if dim == 0:
            raise ValueError("for dim==0 input must be a scalar")
        v = getvector(v, dim=dim)
        if unit == "rad":
            return v
        elif unit == "deg":
            return np.deg2rad(v)
        else:
            raise ValueError("invalid angular units")


def isnumberlist(x: Any) -> bool:

    return (
        isinstance(x, (list, tuple))
        and len(x) > 0
        and all(map(lambda x: isinstance(x, _scalartypes), x))
    )



# --- spatialmath/base/vectors.py --------------------------------------------------------------------------------------
def norm(v: ArrayLikePure) -> float:
    sum = 0
    for x in v:
        sum += x * x

    if _symbolics and isinstance(sum, sympy.Expr):
        return sympy.sqrt(sum)
    else:
        return math.sqrt(sum)


def cross(u: ArrayLike3, v: ArrayLike3) -> R3:
    return np.r_[
        u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]
    ]


def unitvec(v: ArrayLike, tol: float = 20) -> NDArray:

    v = getvector(v)
    n = norm(v)

    if n > tol * _eps:  # if greater than eps
        return v / n
    else:
        raise ValueError("zero norm vector")


def unitvec_norm(v: ArrayLike, tol: float = 20) -> Tuple[NDArray, float]:

    v = getvector(v)
    nm = norm(v)

    if nm > tol * _eps:  # if greater than eps
        return (v / nm, nm)
    else:
        raise ValueError("zero norm vector")


def isunitvec(v: ArrayLike, tol: float = 20) -> bool:
    return bool(abs(np.linalg.norm(v) - 1) < tol * _eps)


def iszerovec(v: ArrayLike, tol: float = 20) -> bool:
    return bool(np.linalg.norm(v) < tol * _eps)


def iszero(v: float, tol: float = 20) -> bool:
    return bool(abs(v) < tol * _eps)


def isunittwist(v: ArrayLike6, tol: float = 20) -> bool:
    v = getvector(v)

    if len(v) == 6:
        # test for SE(3) twist
        return isunitvec(v[3:6], tol=tol) or (
            iszerovec(v[3:6], tol=tol) and isunitvec(v[0:3], tol=tol)
        )
    else:
        raise ValueError


def isunittwist2(v: ArrayLike3, tol: float = 20) -> bool:
    v = getvector(v)

    if len(v) == 3:
        # test for SE(2) twist
        return isunitvec(v[2], tol=tol) or (
            iszero(v[2], tol=tol) and isunitvec(v[0:2], tol=tol)
        )
    else:
        raise ValueError


def unittwist_norm(
    S: Union[R6, ArrayLike6], tol: float = 20
) -> Tuple[Union[R6, None], Union[float, None]]:

    S = getvector(S, 6)

    if iszerovec(S, tol=tol):
        return (None, None)  # according to "note" in docstring.

    v = S[0:3]
    w = S[3:6]

    if iszerovec(w, tol=tol):
        th = norm(v)
    else:
        th = norm(w)

    return (S / th, th)


def unittwist2_norm(
    S: ArrayLike3, tol: float = 20
) -> Tuple[Union[R3, None], Union[float, None]]:

    S = getvector(S, 3)

    if iszerovec(S, tol=tol):
        return (None, None)

    v = S[0:2]
    w = S[2]

    if iszero(w, tol=tol):
        th = norm(v)
    else:
        th = abs(w)

    return (S / th, th)


def wrap_mpi_pi(theta: ArrayLike) -> Union[float, NDArray]:
    theta = getvector(theta)
    y = np.mod(theta + math.pi, 2 * math.pi) - np.pi
    if isinstance(y, np.ndarray) and len(y) == 1:
        return float(y[0])
    else:
        return y


def removesmall(v: ArrayLike, tol: float = 20) -> NDArray:
    return np.where(np.abs(v) < tol * _eps, 0, v)


def project(v1: ArrayLike3, v2: ArrayLike3) -> ArrayLike3:
    return np.dot(v1, v2) * v2


def orthogonalize(v1: ArrayLike3, v2: ArrayLike3, normalize: bool = True) -> ArrayLike3:
    v_orth = v1 - project(v1, v2)
    if normalize:
        v_orth = v_orth / np.linalg.norm(v_orth)
    return v_orth



# --- spatialmath/base/transformsNd.py ---------------------------------------------------------------------------------
def r2t(R, check=False):
    if not isinstance(R, np.ndarray):
        raise ValueError("argument must be NumPy array")
    dim = R.shape
    if dim[0] != dim[1]:
        raise ValueError("Matrix must be square")
    n = dim[0] + 1
    m = dim[0]

    if R.dtype == "O":
        # symbolic matrix
        T = np.zeros((n, n), dtype="O")
    else:
        # numeric matrix
        if not isinstance(R, np.ndarray):
            raise ValueError("Argument must be a NumPy array")
        if check and not isR(R):
            raise ValueError("Invalid SO(3) matrix ")

        # T = np.pad(R, (0, 1), mode='constant')
        # T[-1, -1] = 1.0
        T = np.zeros((n, n))
    T[:m, :m] = R
    T[-1, -1] = 1

    return T


def t2r(T: SEnArray, check: bool = False) -> SOnArray:
    if not isinstance(T, np.ndarray):
        raise ValueError("argument must be NumPy array")
    dim = T.shape
    if dim[0] != dim[1]:
        raise ValueError("Matrix must be square")

    if dim[0] == 3:
        R = T[:2, :2]
    elif dim[0] == 4:
        R = T[:3, :3]
    else:
        raise ValueError("Value must be an SE(3) matrix")

    if check and not isR(R):
        raise ValueError("Invalid rotation submatrix")

    return R


def tr2rt(T: SEnArray, check=False) -> Tuple[SOnArray, Rn]:
    if not isinstance(T, np.ndarray):
        raise ValueError("argument must be NumPy array")
    dim = T.shape
    if dim[0] != dim[1]:
        raise ValueError("Matrix must be square")

    if dim[0] == 3:
        R = t2r(T, check)
        t = T[:2, 2]
    elif dim[0] == 4:
        R = t2r(T, check)
        t = T[:3, 3]
    else:
        raise ValueError("T must be an SE2 or SE3 homogeneous transformation matrix")

    return (R, t)


def rt2tr(R, t, check=False):
    t = getvector(t, dim=None, out="array")
    if not isinstance(R, np.ndarray):
        raise ValueError("Rotation matrix not a NumPy array")
    if R.shape[0] != t.shape[0]:
        raise ValueError("R and t must have the same number of rows")
    if check and not isR(R):
        raise ValueError("Invalid rotation matrix")

    if R.dtype == "O":
        if R.shape == (2, 2):
            T = np.pad(R, ((0, 1), (0, 1)), "constant")  # type: ignore
            T[:2, 2] = t
            T[2, 2] = 1
        elif R.shape == (3, 3):
            T = np.pad(R, ((0, 1), (0, 1)), "constant")  # type: ignore
            T[:3, 3] = t
            T[3, 3] = 1
        else:
            raise ValueError("R must be an SO2 or SO3 rotation matrix")
    else:
        if R.shape == (2, 2):
            T = np.eye(3)
            T[:2, :2] = R
            T[:2, 2] = t
        elif R.shape == (3, 3):
            T = np.eye(4)
            T[:3, :3] = R
            T[:3, 3] = t
        else:
            raise ValueError(
                f"R must be an SO(2) or SO(3) rotation matrix, not {R.shape}"
            )

    return T


def Ab2M(A: np.ndarray, b: np.ndarray) -> np.ndarray:
    b = getvector(b, dim=None, out="array")
    if not isinstance(A, np.ndarray):
        raise ValueError("Rotation matrix not a NumPy array")
    if A.shape[0] != b.shape[0]:
        raise ValueError("A and b must have the same number of rows")

    if A.shape == (2, 2):
        T = np.zeros((3, 3))
        T[:2, :2] = A
        T[:2, 2] = b
    elif A.shape == (3, 3):
        T = np.zeros((4, 4))
        T[:3, :3] = A
        T[:3, 3] = b
    else:
        raise ValueError("A must be 2x2 or 3x3")

    return T


def isR(R: NDArray, tol: float = 20) -> bool:  # -> TypeGuard[SOnArray]:
    return bool(
        np.linalg.norm(R @ R.T - np.eye(R.shape[0])) < tol * _eps
        and np.linalg.det(R) > 0
    )


def isskew(S: NDArray, tol: float = 20) -> bool:  # -> TypeGuard[sonArray]:
    return bool(np.linalg.norm(S + S.T) < tol * _eps)


def isskewa(S: NDArray, tol: float = 20) -> bool:  # -> TypeGuard[senArray]:
    return bool(np.linalg.norm(S[0:-1, 0:-1] + S[0:-1, 0:-1].T) < tol * _eps) and all(
        S[-1, :] == 0
    )


def iseye(S: NDArray, tol: float = 20) -> bool:
    s = S.shape
    if len(s) != 2 or s[0] != s[1]:
        return False  # not a square matrix
    return bool(np.abs(S - np.eye(s[0])).sum() < tol * _eps)


def skew(v):
    v = getvector(v, None, "sequence")
    if len(v) == 1:
        # fmt: off
        return np.array([
            [0.0,  -v[0]],
            [v[0],  0.0]
        ])  # type: ignore
        # fmt: on
    elif len(v) == 3:
        # fmt: off
        return np.array([
            [ 0,    -v[2],  v[1]],
            [ v[2],  0,    -v[0]],
            [-v[1],  v[0],  0]
        ])  # type: ignore
        # fmt: on
    else:
        raise ValueError("argument must be a 1- or 3-vector")


def vex(s, check=False):
    if s.shape == (3, 3):
        if check and not isskew(s):
            raise ValueError("Argument is not skew symmetric")
        return np.array([s[2, 1] - s[1, 2], s[0, 2] - s[2, 0], s[1, 0] - s[0, 1]]) / 2
    elif s.shape == (2, 2):
        return np.array([s[1, 0] - s[0, 1]]) / 2
    else:
        raise ValueError("Argument must be 2x2 or 3x3 matrix")


def skewa(v: Union[ArrayLike3, ArrayLike6]) -> Union[se2Array, se3Array]:

    v = getvector(v, None)
    if len(v) == 3:
        omega = np.zeros((3, 3), dtype=v.dtype)
        omega[:2, :2] = skew(v[2])
        omega[:2, 2] = v[0:2]
        return omega
    elif len(v) == 6:
        omega = np.zeros((4, 4), dtype=v.dtype)
        omega[:3, :3] = skew(v[3:6])
        omega[:3, 3] = v[0:3]
        return omega
    else:
        raise ValueError("expecting a 3- or 6-vector")


def vexa(Omega: senArray, check: bool = False) -> Union[R3, R6]:
    if Omega.shape == (4, 4):
        return np.hstack((Omega[:3, 3], vex(Omega[:3, :3], check=check)))
    elif Omega.shape == (3, 3):
        return np.hstack((Omega[:2, 2], vex(Omega[:2, :2], check=check)))
    else:
        raise ValueError("expecting a 3x3 or 4x4 matrix")


def h2e(v: NDArray) -> NDArray:
    if isinstance(v, np.ndarray) and len(v.shape) == 2:
        # dealing with matrix
        return v[:-1, :] / v[-1, :][np.newaxis, :]

    elif isvector(v):
        # dealing with shape (N,) array
        v = getvector(v, out="col")
        return v[0:-1] / v[-1]

    else:
        raise ValueError("bad type")


def e2h(v: NDArray) -> NDArray:
    if isinstance(v, np.ndarray) and len(v.shape) == 2:
        # dealing with matrix
        return np.vstack([v, np.ones((1, v.shape[1]))])

    elif isvector(v):
        # dealing with shape (N,) array
        v = getvector(v, out="col")
        return np.vstack((v, 1))

    else:
        raise ValueError("bad type")



# --- spatialmath/base/quaternions.py ----------------------------------------------------------------------------------
def qeye() -> QuaternionArray:
    return np.r_[1, 0, 0, 0]


def qpure(v: ArrayLike3) -> QuaternionArray:
    v = smb.getvector(v, 3)
    return np.r_[0, v]


def qnorm(q: ArrayLike4) -> float:
    q = smb.getvector(q, 4)
    return np.linalg.norm(q)


def qunit(q: ArrayLike4, tol: float = 20) -> UnitQuaternionArray:
    q = smb.getvector(q, 4)
    nm = np.linalg.norm(q)
    if abs(nm) < tol * _eps:
        raise ValueError("cannot normalize (near) zero length quaternion")
    else:
        q /= nm

    if q[0] >= 0:
        return q
    else:
        return -q


def qisequal(q1, q2, tol: float = 20, unitq: Optional[bool] = False):
    q1 = smb.getvector(q1, 4)
    q2 = smb.getvector(q2, 4)

    if unitq:
        return (np.sum(np.abs(q1 - q2)) < tol * _eps) or (
            np.sum(np.abs(q1 + q2)) < tol * _eps
        )
    else:
        return np.sum(np.abs(q1 - q2)) < tol * _eps


def q2v(q: ArrayLike4) -> R3:
    q = smb.getvector(q, 4)
    if q[0] >= 0:
        return q[1:4]
    else:
        return -q[1:4]


def v2q(v: ArrayLike3) -> UnitQuaternionArray:
    v = smb.getvector(v, 3)
    s = math.sqrt(1 - np.sum(v**2))
    return np.r_[s, v]


def qqmul(q1: ArrayLike4, q2: ArrayLike4) -> QuaternionArray:
    q1 = smb.getvector(q1, 4)
    q2 = smb.getvector(q2, 4)
    s1 = q1[0]
    v1 = q1[1:4]
    s2 = q2[0]
    v2 = q2[1:4]

    return np.r_[s1 * s2 - np.dot(v1, v2), s1 * v2 + s2 * v1 + np.cross(v1, v2)]


def qinner(q1: ArrayLike4, q2: ArrayLike4) -> float:
    q1 = smb.getvector(q1, 4)
    q2 = smb.getvector(q2, 4)

    return np.dot(q1, q2)


def qvmul(q: ArrayLike4, v: ArrayLike3) -> R3:
    q = smb.getvector(q, 4)
    v = smb.getvector(v, 3)
    qv = qqmul(q, qqmul(qpure(v), qconj(q)))
    return qv[1:4]


def vvmul(qa: ArrayLike3, qb: ArrayLike3) -> R3:
    t6 = math.sqrt(1.0 - np.sum(qa**2))
    t11 = math.sqrt(1.0 - np.sum(qb**2))
    return np.r_[
        qa[1] * qb[2] - qb[1] * qa[2] + qb[0] * t6 + qa[0] * t11,
        -qa[0] * qb[2] + qb[0] * qa[2] + qb[1] * t6 + qa[1] * t11,
        qa[0] * qb[1] - qb[0] * qa[1] + qb[2] * t6 + qa[2] * t11,
    ]


def qpow(q: ArrayLike4, power: int) -> QuaternionArray:
    q = smb.getvector(q, 4)
    if not isinstance(power, int):
        raise ValueError("Power must be an integer")
    qr = qeye()
    for _ in range(0, abs(power)):
        qr = qqmul(qr, q)

    if power < 0:
        qr = qconj(qr)

    return qr


def qconj(q: ArrayLike4) -> QuaternionArray:
    q = smb.getvector(q, 4)
    return np.r_[q[0], -q[1:4]]


def q2r(
    q: Union[UnitQuaternionArray, ArrayLike4], order: Optional[str] = "sxyz"
) -> SO3Array:
    q = smb.getvector(q, 4)
    if order == "sxyz":
        s, x, y, z = q
    elif order == "xyzs":
        x, y, z, s = q
    else:
        raise ValueError("order is invalid, must be 'sxyz' or 'xyzs'")

    return np.array(
        [
            [1 - 2 * (y**2 + z**2), 2 * (x * y - s * z), 2 * (x * z + s * y)],
            [2 * (x * y + s * z), 1 - 2 * (x**2 + z**2), 2 * (y * z - s * x)],
            [2 * (x * z - s * y), 2 * (y * z + s * x), 1 - 2 * (x**2 + y**2)],
        ]
    )


def r2q(
    R: SO3Array,
    check: Optional[bool] = False,
    tol: float = 20,
    order: Optional[str] = "sxyz",
    shortest: bool = False,
) -> UnitQuaternionArray:
    if not smb.isrot(R, check=check, tol=tol):
        raise ValueError("Argument must be a valid SO(3) matrix")

    t12p = (R[0, 1] + R[1, 0]) ** 2
    t13p = (R[0, 2] + R[2, 0]) ** 2
    t23p = (R[1, 2] + R[2, 1]) ** 2

    t12m = (R[0, 1] - R[1, 0]) ** 2
    t13m = (R[0, 2] - R[2, 0]) ** 2
    t23m = (R[1, 2] - R[2, 1]) ** 2

    d1 = (R[0, 0] + R[1, 1] + R[2, 2] + 1) ** 2
    d2 = (R[0, 0] - R[1, 1] - R[2, 2] + 1) ** 2
    d3 = (-R[0, 0] + R[1, 1] - R[2, 2] + 1) ** 2
    d4 = (-R[0, 0] - R[1, 1] + R[2, 2] + 1) ** 2

    e = np.array(
        [
            math.sqrt(d1 + t23m + t13m + t12m) / 4.0,
            math.sqrt(t23m + d2 + t12p + t13p) / 4.0,
            math.sqrt(t13m + t12p + d3 + t23p) / 4.0,
            math.sqrt(t12m + t13p + t23p + d4) / 4.0,
        ]
    )

    i = np.argmax(e)

    if i == 0:
        e[1] = math.copysign(e[1], R[2, 1] - R[1, 2])
        e[2] = math.copysign(e[2], R[0, 2] - R[2, 0])
        e[3] = math.copysign(e[3], R[1, 0] - R[0, 1])
    elif i == 1:
        e[0] = math.copysign(e[0], R[2, 1] - R[1, 2])
        e[2] = math.copysign(e[2], R[1, 0] + R[0, 1])
        e[3] = math.copysign(e[3], R[0, 2] + R[2, 0])
    elif i == 2:
        e[0] = math.copysign(e[0], R[0, 2] - R[2, 0])
        e[1] = math.copysign(e[1], R[1, 0] + R[0, 1])
        e[3] = math.copysign(e[3], R[2, 1] + R[1, 2])
    else:
        e[0] = math.copysign(e[0], R[1, 0] - R[0, 1])
        e[1] = math.copysign(e[1], R[0, 2] + R[2, 0])
        e[2] = math.copysign(e[2], R[2, 1] + R[1, 2])

    if shortest and e[0] < 0:
        e = -e

    if order == "sxyz":
        return e
    elif order == "xyzs":
        return e[[1, 2, 3, 0]]
    else:
        raise ValueError("order is invalid, must be 'sxyz' or 'xyzs'")


def qslerp(
    q0: ArrayLike4,
    q1: ArrayLike4,
    s: float,
    shortest: Optional[bool] = False,
    tol: float = 20,
) -> UnitQuaternionArray:
    if not 0 <= s <= 1:
        raise ValueError("s must be in the interval [0,1]")
    q0 = smb.getvector(q0, 4)
    q1 = smb.getvector(q1, 4)

    if s == 0:
        return q0
    elif s == 1:
        return q1

    dotprod = np.dot(q0, q1)

    # If the dot product is negative, the quaternions
    # have opposite handed-ness and slerp won't take
    # the shorter path. Fix by reversing one quaternion.
    if shortest:
        if dotprod < 0:
            q0 = -q0  # pylint: disable=invalid-unary-operand-type
            dotprod = -dotprod  # pylint: disable=invalid-unary-operand-type

    dotprod = np.clip(dotprod, -1, 1)  # Clip within domain of acos()
    theta = math.acos(dotprod)  # theta is the angle between rotation vectors
    if abs(theta) > tol * _eps:
        s0 = math.sin((1 - s) * theta)
        s1 = math.sin(s * theta)
        return ((q0 * s0) + (q1 * s1)) / math.sin(theta)
    else:
        # quaternions are identical
        return q0


def qmatrix(q: ArrayLike4) -> R4x4:
    q = smb.getvector(q, 4)
    s = q[0]
    x = q[1]
    y = q[2]
    z = q[3]
    return np.array([[s, -x, -y, -z], [x, s, -z, y], [y, z, s, -x], [z, -y, x, s]])


def qdot(q: ArrayLike4, w: ArrayLike3) -> QuaternionArray:
    q = smb.getvector(q, 4)
    w = smb.getvector(w, 3)
    E = q[0] * (np.eye(3, 3)) - smb.skew(q[1:4])
    return 0.5 * np.r_[-np.dot(q[1:4], w), E @ w]


def qdotb(q: ArrayLike4, w: ArrayLike3) -> QuaternionArray:
    q = smb.getvector(q, 4)
    w = smb.getvector(w, 3)
    E = q[0] * (np.eye(3, 3)) + smb.skew(q[1:4])
    return 0.5 * np.r_[-np.dot(q[1:4], w), E @ w]



# --- spatialmath/base/transforms2d.py ---------------------------------------------------------------------------------
def rot2(theta: float, unit: str = "rad") -> SO2Array:
    theta = smb.getunit(theta, unit, vector=False)
    ct = smb.sym.cos(theta)
    st = smb.sym.sin(theta)
    # fmt: off
    R = np.array([
        [ct, -st],
        [st,  ct]])
    # fmt: on
    return R


def trot2(theta: float, unit: str = "rad", t: Optional[ArrayLike2] = None) -> SE2Array:
    T = np.pad(rot2(theta, unit), (0, 1), mode="constant")
    if t is not None:
        T[:2, 2] = smb.getvector(t, 2, "array")
    T[2, 2] = 1  # integer to be symbolic friendly
    return T


def tr2xyt(T: SE2Array, unit: str = "rad") -> R3:

    if T.dtype == "O" and _symbolics:
        angle = sympy.atan2(T[1, 0], T[0, 0])
    else:
        angle = math.atan2(T[1, 0], T[0, 0])
    return np.r_[T[0, 2], T[1, 2], angle]


def transl2(x, y=None):

    if smb.isscalar(x) and smb.isscalar(y):
        # (x, y) -> SE(2)
        t = np.array([x, y])
    elif smb.isvector(x, 2):
        # R2 -> SE(2)
        t = cast(NDArray, smb.getvector(x, 2))
    elif smb.ismatrix(x, (3, 3)):
        # SE(2) -> R2
        return x[:2, 2]
    else:
        raise ValueError("bad argument")

    if t.dtype != "O":
        t = t.astype("float64")
    T = np.identity(3, dtype=t.dtype)
    T[:2, 2] = t
    return T


def ishom2(T: Any, check: bool = False, tol: float = 20) -> bool:  # TypeGuard(SE2):
    return (
        isinstance(T, np.ndarray)
        and T.shape == (3, 3)
        and (
            not check
            or (smb.isR(T[:2, :2], tol=tol) and all(T[2, :] == np.array([0, 0, 1])))
        )
    )


def isrot2(R: Any, check: bool = False, tol: float = 20) -> bool:  # TypeGuard(SO2):
    return (
        isinstance(R, np.ndarray)
        and R.shape == (2, 2)
        and (not check or smb.isR(R, tol=tol))
    )


def trlog2(
    T: Union[SO2Array, SE2Array],
    twist: bool = False,
    check: bool = True,
    tol: float = 20,
) -> Union[float, R3, so2Array, se2Array]:

    if ishom2(T, check=check, tol=tol):
        # SE(2) matrix

        if smb.iseye(T, tol=tol):
            # is identity matrix
            if twist:
                return np.zeros((3,))
            else:
                return np.zeros((3, 3))
        else:
            st = T[1, 0]
            ct = T[0, 0]
            theta = math.atan(st / ct)
            if abs(theta) < tol * _eps:
                tr = T[:2, 2].flatten()
            else:
                V = np.array([[st, -(1 - ct)], [1 - ct, st]])
                tr = (np.linalg.inv(V) @ T[:2, 2]) * theta
            if twist:
                return np.hstack([tr, theta])
            else:
                return np.block(
                    [[smb.skew(theta), tr[:, np.newaxis]], [np.zeros((1, 3))]]
                )

    elif isrot2(T, check=check, tol=tol):
        # SO(2) rotation matrix
        theta = math.atan(T[1, 0] / T[0, 0])
        if twist:
            return theta
        else:
            return smb.skew(theta)
    else:
        raise ValueError("Expect SO(2) or SE(2) matrix")


def trexp2(
    S: Union[so2Array, se2Array],
    theta: Optional[float] = None,
    check: bool = True,
) -> Union[SO2Array, SE2Array]:

    if smb.ismatrix(S, (3, 3)) or smb.isvector(S, 3):
        # se(2) case
        if smb.ismatrix(S, (3, 3)):
            # augmentented skew matrix
            if check and not smb.isskewa(S):
                raise ValueError("argument must be a valid se(2) element")
            tw = smb.vexa(cast(se2Array, S))
        else:
            # 3 vector
            tw = smb.getvector(S)

        if smb.iszerovec(tw):
            return np.eye(3)

        if theta is None:
            (tw, theta) = smb.unittwist2_norm(tw)
        elif not smb.isunittwist2(tw):
            raise ValueError("If theta is specified S must be a unit twist")

        t = tw[0:2]
        w = tw[2]

        R = smb.rot2(w * theta)

        skw = smb.skew(w)
        V = (
            np.eye(2) * theta
            + (1.0 - math.cos(theta)) * skw
            + (theta - math.sin(theta)) * skw @ skw
        )

        return smb.rt2tr(R, V @ t)

    elif smb.ismatrix(S, (2, 2)) or smb.isvector(S, 1):
        # so(2) case
        if smb.ismatrix(S, (2, 2)):
            # skew symmetric matrix
            if check and not smb.isskew(S):
                raise ValueError("argument must be a valid so(2) element")
            w = smb.vex(S)
        else:
            # 1 vector
            w = smb.getvector(S)

        if theta is not None:
            if not smb.isunitvec(w):
                raise ValueError("If theta is specified S must be a unit twist")
            w *= theta

        # compute rotation matrix, simpler than Rodrigues for 2D case
        return smb.rot2(w[0])
    else:
        raise ValueError(" First argument must be SO(2), 1-vector, SE(2) or 3-vector")


def trnorm2(T: SE2Array) -> SE2Array:

    if not ishom2(T) and not isrot2(T):
        raise ValueError("expecting SO(2) or SE(2)")

    a = T[:, 0]
    b = T[:, 1]

    b = unitvec(b)
    # fmt: off
    R = np.array([
        [ b[1], b[0]],
        [-b[0], b[1]]
    ])
    # fmt: on

    if ishom2(T):
        return rt2tr(cast(SO2Array, R), T[:2, 2])
    else:
        return R


def trinterp2(start, end, s, shortest: bool = True):
    if smb.ismatrix(end, (2, 2)):
        # SO(2) case
        if start is None:
            # 	TRINTERP2(T, s)

            th0 = math.atan2(end[1, 0], end[0, 0])

            th = s * th0
        else:
            # 	TRINTERP2(T1, start= s)
            if start.shape != end.shape:
                raise ValueError("start and end matrices must be same shape")

            th0 = math.atan2(start[1, 0], start[0, 0])
            th1 = math.atan2(end[1, 0], end[0, 0])
            if shortest:
                th1 = th0 + smb.wrap_mpi_pi(th1 - th0)

            th = th0 * (1 - s) + s * th1

        return rot2(th)
    elif smb.ismatrix(end, (3, 3)):
        if start is None:
            # 	TRINTERP2(T, s)

            th0 = math.atan2(end[1, 0], end[0, 0])
            p0 = transl2(end)

            th = s * th0
            pr = s * p0
        else:
            # 	TRINTERP2(T0, T1, s)
            if start.shape != end.shape:
                raise ValueError("both matrices must be same shape")

            th0 = math.atan2(start[1, 0], start[0, 0])
            th1 = math.atan2(end[1, 0], end[0, 0])
            if shortest:
                th1 = th0 + smb.wrap_mpi_pi(th1 - th0)

            p0 = transl2(start)
            p1 = transl2(end)

            pr = p0 * (1 - s) + s * p1
            th = th0 * (1 - s) + s * th1

        return smb.rt2tr(rot2(th), pr)
    else:
        raise ValueError("Argument must be SO(2) or SE(2)")



# --- spatialmath/base/transforms3d.py ---------------------------------------------------------------------------------
def rotx(theta: float, unit: str = "rad") -> SO3Array:

    theta = getunit(theta, unit, vector=False)
    ct = sym.cos(theta)
    st = sym.sin(theta)
    # fmt: off
    R = np.array([
        [1, 0,   0],
        [0, ct, -st],
        [0, st,  ct]])  # type: ignore
    # fmt: on
    return R


def roty(theta: float, unit: str = "rad") -> SO3Array:

    theta = getunit(theta, unit, vector=False)
    ct = sym.cos(theta)
    st = sym.sin(theta)
    # fmt: off
    return np.array([
        [ ct, 0, st],
        [ 0,  1, 0],
        [-st, 0, ct]])  # type: ignore


def rotz(theta: float, unit: str = "rad") -> SO3Array:
    theta = getunit(theta, unit, vector=False)
    ct = sym.cos(theta)
    st = sym.sin(theta)
    # fmt: off
    return np.array([
        [ct, -st, 0],
        [st,  ct, 0],
        [0,   0,  1]])  # type: ignore


def trotx(theta: float, unit: str = "rad", t: Optional[ArrayLike3] = None) -> SE3Array:
    T = r2t(rotx(theta, unit))
    if t is not None:
        T[:3, 3] = getvector(t, 3, "array")
    return T


def troty(theta: float, unit: str = "rad", t: Optional[ArrayLike3] = None) -> SE3Array:
    T = r2t(roty(theta, unit))
    if t is not None:
        T[:3, 3] = getvector(t, 3, "array")
    return T


def trotz(theta: float, unit: str = "rad", t: Optional[ArrayLike3] = None) -> SE3Array:
    T = r2t(rotz(theta, unit))
    if t is not None:
        T[:3, 3] = getvector(t, 3, "array")
    return T


def transl(x, y=None, z=None):

    if isscalar(x) and y is not None and z is not None:
        t = np.r_[x, y, z]
    elif isvector(x, 3):
        t = getvector(x, 3, out="array")
    elif ismatrix(x, (4, 4)):
        # SE(3) -> R3
        return x[:3, 3]
    else:
        raise ValueError("bad argument")

    if t.dtype != "O":
        t = t.astype("float64")

    T = np.identity(4, dtype=t.dtype)
    T[:3, 3] = t
    return T


def ishom(T: Any, check: bool = False, tol: float = 20) -> bool:
    return (
        isinstance(T, np.ndarray)
        and T.shape == (4, 4)
        and (
            not check
            or (isR(T[:3, :3], tol=tol) and all(T[3, :] == np.array([0, 0, 0, 1])))
        )
    )


def isrot(R: Any, check: bool = False, tol: float = 20) -> bool:
    return (
        isinstance(R, np.ndarray)
        and R.shape == (3, 3)
        and (not check or isR(R, tol=tol))
    )


def rpy2r(
    roll: Union[ArrayLike3, float],
    pitch: Optional[float] = None,
    yaw: Optional[float] = None,
    *,
    unit: str = "rad",
    order: str = "zyx",
) -> SO3Array:

    if isscalar(roll):
        angles = [roll, pitch, yaw]
    else:
        angles = getvector(roll, 3)

    angles = getunit(angles, unit)

    a = rotx(0)
    if order in ("xyz", "arm"):
        R = rotx(angles[2]) @ roty(angles[1]) @ rotz(angles[0])
    elif order in ("zyx", "vehicle"):
        R = rotz(angles[2]) @ roty(angles[1]) @ rotx(angles[0])
    elif order in ("yxz", "camera"):
        R = roty(angles[2]) @ rotx(angles[1]) @ rotz(angles[0])
    else:
        raise ValueError("Invalid angle order")

    return R


def rpy2tr(
    roll,
    pitch=None,
    yaw=None,
    unit: str = "rad",
    order: str = "zyx",
) -> SE3Array:

    R = rpy2r(roll, pitch, yaw, order=order, unit=unit)
    return r2t(R)


def eul2r(
    phi: Union[ArrayLike3, float],
    theta: Optional[float] = None,
    psi: Optional[float] = None,
    unit: str = "rad",
) -> SO3Array:

    if np.isscalar(phi):
        angles = [phi, theta, psi]
    else:
        angles = getvector(phi, 3)

    angles = getunit(angles, unit)

    return rotz(angles[0]) @ roty(angles[1]) @ rotz(angles[2])


def eul2tr(
    phi,
    theta=None,
    psi=None,
    unit="rad",
) -> SE3Array:

    R = eul2r(phi, theta, psi, unit=unit)
    return r2t(R)


def angvec2r(theta: float, v: ArrayLike3, unit="rad", tol: float = 20) -> SO3Array:
    if not isscalar(theta) or not isvector(v, 3):
        raise ValueError("Arguments must be angle and vector")

    if np.linalg.norm(v) < tol * _eps:
        return np.eye(3)

    θ = getunit(theta, unit, vector=False)

    # Rodrigue's equation

    sk = skew(cast(ArrayLike3, unitvec(v)))
    R = np.eye(3) + math.sin(θ) * sk + (1.0 - math.cos(θ)) * sk @ sk
    return R


def angvec2tr(theta: float, v: ArrayLike3, unit="rad") -> SE3Array:
    return r2t(angvec2r(theta, v, unit=unit))


def oa2r(o: ArrayLike3, a: ArrayLike3) -> SO3Array:
    o = getvector(o, 3, out="array")
    a = getvector(a, 3, out="array")
    n = np.cross(o, a)
    o = np.cross(a, n)
    R = np.stack((unitvec(n), unitvec(o), unitvec(a)), axis=1)
    return R


def oa2tr(o: ArrayLike3, a: ArrayLike3) -> SE3Array:
    return r2t(oa2r(o, a))


def tr2angvec(
    T: Union[SO3Array, SE3Array], unit: str = "rad", check: bool = False
) -> Tuple[float, R3]:

    if ismatrix(T, (4, 4)):
        R = t2r(T)
    else:
        R = T
    if not isrot(R, check=check):
        raise ValueError("argument is not SO(3)")

    v = vex(trlog(cast(SO3Array, R), check=check))

    try:
        theta = norm(v)
        v = unitvec(v)
    except ValueError:
        theta = 0
        v = np.r_[0, 0, 0]

    if unit == "deg":
        theta *= 180 / math.pi

    return (theta, v)


def tr2eul(
    T: Union[SO3Array, SE3Array],
    unit: str = "rad",
    flip: bool = False,
    check: bool = False,
    tol: float = 20,
) -> R3:

    if ismatrix(T, (4, 4)):
        R = t2r(T)
    else:
        R = T
    if not isrot(R, check=check, tol=tol):
        raise ValueError("argument is not SO(3)")

    eul = np.zeros((3,))
    if abs(R[0, 2]) < tol * _eps and abs(R[1, 2]) < tol * _eps:
        eul[0] = 0
        sp = 0
        cp = 1
        eul[1] = math.atan2(cp * R[0, 2] + sp * R[1, 2], R[2, 2])
        eul[2] = math.atan2(-sp * R[0, 0] + cp * R[1, 0], -sp * R[0, 1] + cp * R[1, 1])
    else:
        if flip:
            eul[0] = math.atan2(-R[1, 2], -R[0, 2])
        else:
            eul[0] = math.atan2(R[1, 2], R[0, 2])
        sp = math.sin(eul[0])
        cp = math.cos(eul[0])
        eul[1] = math.atan2(cp * R[0, 2] + sp * R[1, 2], R[2, 2])
        eul[2] = math.atan2(-sp * R[0, 0] + cp * R[1, 0], -sp * R[0, 1] + cp * R[1, 1])

    if unit == "deg":
        eul *= 180 / math.pi

    return eul  # type: ignore


def tr2rpy(
    T: Union[SO3Array, SE3Array],
    unit: str = "rad",
    order: str = "zyx",
    check: bool = False,
    tol: float = 20,
) -> R3:

    if ismatrix(T, (4, 4)):
        R = t2r(T)
    else:
        R = T
    if not isrot(R, check=check, tol=tol):
        raise ValueError("not a valid SO(3) matrix")

    rpy = np.zeros((3,))
    if order in ("xyz", "arm"):
        # XYZ order
        if abs(abs(R[0, 2]) - 1) < tol * _eps:  # when |R13| == 1
            # singularity
            rpy[0] = 0  # roll is zero
            if R[0, 2] > 0:
                rpy[2] = math.atan2(R[2, 1], R[1, 1])  # R+Y
            else:
                rpy[2] = -math.atan2(R[1, 0], R[2, 0])  # R-Y
            rpy[1] = math.asin(np.clip(R[0, 2], -1.0, 1.0))
        else:
            rpy[0] = -math.atan2(R[0, 1], R[0, 0])
            rpy[2] = -math.atan2(R[1, 2], R[2, 2])

            k = np.argmax(np.abs([R[0, 0], R[0, 1], R[1, 2], R[2, 2]]))
            if k == 0:
                rpy[1] = math.atan(R[0, 2] * math.cos(rpy[0]) / R[0, 0])
            elif k == 1:
                rpy[1] = -math.atan(R[0, 2] * math.sin(rpy[0]) / R[0, 1])
            elif k == 2:
                rpy[1] = -math.atan(R[0, 2] * math.sin(rpy[2]) / R[1, 2])
            elif k == 3:
                rpy[1] = math.atan(R[0, 2] * math.cos(rpy[2]) / R[2, 2])

    elif order in ("zyx", "vehicle"):
        # old ZYX order (as per Paul book)
        if abs(abs(R[2, 0]) - 1) < tol * _eps:  # when |R31| == 1
            # singularity
            rpy[0] = 0  # roll is zero
            if R[2, 0] < 0:
                rpy[2] = -math.atan2(R[0, 1], R[0, 2])  # R-Y
            else:
                rpy[2] = math.atan2(-R[0, 1], -R[0, 2])  # R+Y
            rpy[1] = -math.asin(np.clip(R[2, 0], -1.0, 1.0))
        else:
            rpy[0] = math.atan2(R[2, 1], R[2, 2])  # R
            rpy[2] = math.atan2(R[1, 0], R[0, 0])  # Y

            k = np.argmax(np.abs([R[0, 0], R[1, 0], R[2, 1], R[2, 2]]))
            if k == 0:
                rpy[1] = -math.atan(R[2, 0] * math.cos(rpy[2]) / R[0, 0])
            elif k == 1:
                rpy[1] = -math.atan(R[2, 0] * math.sin(rpy[2]) / R[1, 0])
            elif k == 2:
                rpy[1] = -math.atan(R[2, 0] * math.sin(rpy[0]) / R[2, 1])
            elif k == 3:
                rpy[1] = -math.atan(R[2, 0] * math.cos(rpy[0]) / R[2, 2])

    elif order in ("yxz", "camera"):
        if abs(abs(R[1, 2]) - 1) < tol * _eps:  # when |R23| == 1
            # singularity
            rpy[0] = 0
            if R[1, 2] < 0:
                rpy[2] = -math.atan2(R[2, 0], R[0, 0])  # R-Y
            else:
                rpy[2] = math.atan2(-R[2, 0], -R[2, 1])  # R+Y
            rpy[1] = -math.asin(np.clip(R[1, 2], -1.0, 1.0))  # P
        else:
            rpy[0] = math.atan2(R[1, 0], R[1, 1])
            rpy[2] = math.atan2(R[0, 2], R[2, 2])

            k = np.argmax(np.abs([R[1, 0], R[1, 1], R[0, 2], R[2, 2]]))
            if k == 0:
                rpy[1] = -math.atan(R[1, 2] * math.sin(rpy[0]) / R[1, 0])
            elif k == 1:
                rpy[1] = -math.atan(R[1, 2] * math.cos(rpy[0]) / R[1, 1])
            elif k == 2:
                rpy[1] = -math.atan(R[1, 2] * math.sin(rpy[2]) / R[0, 2])
            elif k == 3:
                rpy[1] = -math.atan(R[1, 2] * math.cos(rpy[2]) / R[2, 2])

    else:
        raise ValueError("Invalid order")

    if unit == "deg":
        rpy *= 180 / math.pi

    return rpy  # type: ignore


def trlog(
    T: Union[SO3Array, SE3Array],
    check: bool = True,
    twist: bool = False,
    tol: float = 20,
) -> Union[R3, R6, so3Array, se3Array]:

    if ishom(T, check=check, tol=tol):
        # SE(3) matrix

        [R, t] = tr2rt(T)

        # S = trlog(R, check=False)  # recurse
        S = trlog(cast(SO3Array, R), check=False, tol=tol)  # recurse
        w = vex(S)
        theta = norm(w)
        if theta == 0:
            # rotation matrix is identity
            if twist:
                return np.r_[t, 0, 0, 0]
            else:
                return Ab2M(np.zeros((3, 3)), t)
        else:
            # general case
            Ginv = (
                np.eye(3)
                - S / 2
                + (1 / theta - 1 / math.tan(theta / 2) / 2) / theta * S @ S
            )
            v = Ginv @ t
            if twist:
                return np.r_[v, w]
            else:
                return Ab2M(S, v)

    elif isrot(T, check=check, tol=tol):
        # deal with rotation matrix
        R = T
        if abs(np.trace(R) + 1) < tol * _eps:
            # check for trace = -1
            #   rotation by +/- pi, +/- 3pi etc.
            diagonal = R.diagonal()
            k = diagonal.argmax()
            mx = diagonal[k]
            I = np.eye(3)
            col = R[:, k] + I[:, k]
            w = col / np.sqrt(2 * (1 + mx))
            theta = math.pi
            if twist:
                return w * theta
            else:
                return skew(w * theta)
        else:
            # general case
            tr = (np.trace(R) - 1) / 2
            # min for inaccuracies near identity yielding trace > 3
            theta = math.acos(min(tr, 1.0))
            st = math.sin(theta)
            if st == 0:
                if twist:
                    return np.zeros((3,))
                else:
                    return np.zeros((3, 3))
            else:
                skw = (R - R.T) / 2 / st
                if twist:
                    return vex(skw * theta)
                else:
                    return skw * theta
    else:
        raise ValueError("Expect SO(3) or SE(3) matrix")


def trexp(S, theta=None, check=True):

    if ismatrix(S, (4, 4)) or isvector(S, 6):
        # se(3) case
        if ismatrix(S, (4, 4)):
            # augmentented skew matrix
            if check and not isskewa(S):
                raise ValueError("argument must be a valid se(3) element")
            tw = vexa(cast(se3Array, S))
        else:
            # 6 vector
            tw = getvector(S)

        if iszerovec(tw):
            return np.eye(4)

        if theta is None:
            (tw, theta) = unittwist_norm(tw)
        else:
            if theta == 0:
                return np.eye(4)
            elif not isunittwist(tw):
                raise ValueError("If theta is specified S must be a unit twist")

        # tw is a unit twist, th is its magnitude
        t = tw[0:3]
        w = tw[3:6]

        R = rodrigues(w, theta)

        skw = skew(w)
        V = (
            np.eye(3) * theta
            + (1.0 - math.cos(theta)) * skw
            + (theta - math.sin(theta)) * skw @ skw
        )

        return rt2tr(R, V @ t)

    elif ismatrix(S, (3, 3)) or isvector(S, 3):
        # so(3) case
        if ismatrix(S, (3, 3)):
            # skew symmetric matrix
            if check and not isskew(S):
                raise ValueError("argument must be a valid so(3) element")
            w = vex(S)
        else:
            # 3 vector
            w = getvector(S)

        if theta is not None and not isunitvec(w):
            raise ValueError("If theta is specified S must be a unit twist")

        # do Rodrigues' formula for rotation
        return rodrigues(w, theta)
    else:
        raise ValueError(" First argument must be SO(3), 3-vector, SE(3) or 6-vector")


def trnorm(T: SE3Array) -> SE3Array:

    if not ishom(T) and not isrot(T):
        raise ValueError("expecting SO(3) or SE(3)")

    o = T[:3, 1]
    a = T[:3, 2]

    n = np.cross(o, a)  # N = O x A
    o = np.cross(a, n)  # (a)];
    R = np.stack((unitvec(n), unitvec(o), unitvec(a)), axis=1)

    if ishom(T):
        return rt2tr(cast(SO3Array, R), T[:3, 3])
    else:
        return R


def trinterp(start, end, s, shortest=True):

    if not 0 <= s <= 1:
        raise ValueError("s outside interval [0,1]")

    if ismatrix(end, (3, 3)):
        # SO(3) case

        if start is None:
            # 	TRINTERP(T, s)
            q0 = r2q(end)
            qr = qslerp(qeye(), q0, s, shortest=shortest)
        else:
            # 	TRINTERP(T0, T1, s)
            q0 = r2q(start)
            q1 = r2q(end)
            qr = qslerp(q0, q1, s, shortest=shortest)

        return q2r(qunit(qr))

    elif ismatrix(end, (4, 4)):
        # SE(3) case
        if start is None:
            # 	TRINTERP(T, s)
            q0 = r2q(t2r(end))
            p0 = transl(end)

            qr = qslerp(qeye(), q0, s, shortest=shortest)
            pr = s * p0
        else:
            # 	TRINTERP(T0, T1, s)
            q0 = r2q(t2r(start))
            q1 = r2q(t2r(end))

            p0 = transl(start)
            p1 = transl(end)

            qr = qslerp(q0, q1, s, shortest=shortest)
            pr = p0 * (1 - s) + s * p1

        return rt2tr(q2r(qunit(qr)), pr)
    else:
        return ValueError("Argument must be SO(3) or SE(3)")


def delta2tr(d: R6) -> SE3Array:

    return np.eye(4, 4) + skewa(d)


def trinv(T: SE3Array) -> SE3Array:
    if not ishom(T):
        raise ValueError("expecting SE(3) matrix")
    # inline this code for speed, don't use tr2rt and rt2tr
    R = T[:3, :3]
    t = T[:3, 3]
    Ti = np.zeros((4, 4), dtype=T.dtype)
    Ti[:3, :3] = R.T
    Ti[:3, 3] = -R.T @ t
    Ti[3, 3] = 1
    return Ti


def tr2delta(T0: SE3Array, T1: Optional[SE3Array] = None) -> R6:

    if T1 is None:
        # tr2delta(T)

        if not ishom(T0):
            raise ValueError("expecting SE(3) matrix")
        Td = T0

    else:
        #  incremental transformation from T0 to T1 in the T0 frame
        Td = trinv(T0) @ T1

    return np.r_[transl(Td), vex(t2r(Td) - np.eye(3))]


def tr2jac(T: SE3Array) -> R6x6:

    if not ishom(T):
        raise ValueError("expecting an SE(3) matrix")

    Z = np.zeros((3, 3), dtype=T.dtype)
    R = t2r(T)
    return np.block([[R, Z], [Z, R]])


def tr2adjoint(T):

    Z = np.zeros((3, 3), dtype=T.dtype)
    if T.shape == (3, 3):
        # SO(3) adjoint
        R = T
        return R
    elif T.shape == (4, 4):
        # SE(3) adjoint
        (R, t) = tr2rt(T)
        # fmt: off
        return np.block([
                    [R, skew(t) @ R],
                    [Z, R]
                ])
        # fmt: on
    else:
        raise ValueError("bad argument")


def rodrigues(w: ArrayLike3, theta: Optional[float] = None) -> SO3Array:
    w = getvector(w, 3)
    if iszerovec(w):
        # for a zero so(3) return unit matrix, theta not relevant
        return np.eye(3)

    if theta is None:
        try:
            w, theta = unitvec_norm(w)
        except ValueError:
            return np.eye(3)

    skw = skew(cast(ArrayLike3, w))
    return (
        np.eye(skw.shape[0])
        + math.sin(theta) * skw
        + (1.0 - math.cos(theta)) * skw @ skw
    )


# --- spatialmath/base/__init__.py: the package, whose star imports gather the functions above (and ``sym``) ----------
smb = types.ModuleType("spatialmath.base")
for _name in (
    "issymbol", "sin", "cos", "isscalar", "ismatrix", "getmatrix", "getvector", "isvector", "getunit",
    "isnumberlist", "norm", "cross", "unitvec", "unitvec_norm", "isunitvec", "iszerovec", "iszero", "isunittwist",
    "isunittwist2", "unittwist_norm", "unittwist2_norm", "wrap_mpi_pi", "removesmall", "project", "orthogonalize",
    "r2t", "t2r", "tr2rt", "rt2tr", "Ab2M", "isR", "isskew", "isskewa", "iseye", "skew", "vex", "skewa", "vexa",
    "h2e", "e2h", "qeye", "qpure", "qnorm", "qunit", "qisequal", "q2v", "v2q", "qqmul", "qinner", "qvmul", "vvmul",
    "qpow", "qconj", "q2r", "r2q", "qslerp", "qmatrix", "qdot", "qdotb", "rot2", "trot2", "tr2xyt", "transl2",
    "ishom2", "isrot2", "trlog2", "trexp2", "trnorm2", "trinterp2", "rotx", "roty", "rotz", "trotx", "troty",
    "trotz", "transl", "ishom", "isrot", "rpy2r", "rpy2tr", "eul2r", "eul2tr", "angvec2r", "angvec2tr", "oa2r",
    "oa2tr", "tr2angvec", "tr2eul", "tr2rpy", "trlog", "trexp", "trnorm", "trinterp", "delta2tr", "trinv",
    "tr2delta", "tr2jac", "tr2adjoint", "rodrigues",
):
    setattr(smb, _name, globals()[_name])
smb.sym = sym


# --- spatialmath/baseposelist.py --------------------------------------------------------------------------------------
_numtypes = (int, np.int64, float, np.float64)


class BasePoseList(UserList, ABC):

    @abstractproperty
    def shape(self):
        pass

    @staticmethod
    @abstractstaticmethod
    def isvalid(x, check=True):
        pass

    @abstractstaticmethod
    def _identity():
        pass

    def _import(self, x, check=True):
        if not check or self.isvalid(x, check=check):
            return x
        else:
            return None

    @classmethod
    def Empty(cls) -> Self:
        x = cls()
        x.data = []
        return x

    @classmethod
    def Alloc(cls, n: Optional[int] = 1) -> Self:
        x = cls()
        x.data = [cls._identity() for i in range(n)]  # make n copies of the data
        return x

    def arghandler(
        self, arg: Any, convertfrom: Tuple = (), check: Optional[bool] = True
    ) -> bool:

        if arg is None:
            # empty constructor
            self.data = [self._identity()]

        elif isinstance(arg, np.ndarray):
            # it's a numpy array

            x = self._import(arg, check=check)
            if x is not None:
                self.data = [x]
            else:
                return False

        elif isinstance(arg, (list, tuple)):
            # it's a list of things
            if isinstance(arg[0], np.ndarray):
                # possibly a list of numpy arrays
                self.data = [self._import(x, check=check) for x in arg]

            elif type(arg[0]) == type(self):
                # possibly a list of objects of same type
                assert all(
                    map(lambda x: type(x) == type(self), arg)
                ), "elements of list are incorrect type"
                self.data = [x.A for x in arg]

            elif (
                isnumberlist(arg) and len(self.shape) == 1 and len(arg) == self.shape[0]
            ):
                self.data = [np.array(arg)]

            else:
                # see what NumPy makes of it
                X = np.array(arg)
                if X.shape == self.shape:
                    self.data = [X]
                else:
                    # no idea what was passed
                    return False

        elif isinstance(arg, self.__class__):
            # instance of same type, clone it
            self.data = copy.copy(arg.data)

        elif arg.__class__ in convertfrom:
            # see if we can convert passed argument to this type
            #  only support class instance
            try:
                # get method to convert from arg to self types
                converter = getattr(arg.__class__, type(self).__name__)
            except AttributeError:
                raise ValueError(
                    "argument has no conversion method to this type"
                ) from None
            self.data = [converter(arg).A]

        else:
            # don't know this argument, let object __init__ deal with it
            return False

        return True

    @property
    def __array_interface__(self):
        return self.data[0].__array_interface__

    @property
    def _A(self) -> Union[List[NDArray], NDArray]:
        if len(self.data) == 1:
            return self.data[0]
        else:
            return self.data

    @property
    def A(self) -> Union[List[NDArray], NDArray]:

        if len(self.data) == 1:
            return self.data[0]
        else:
            return self.data

    # ------------------------------------------------------------------------ #

    def __getitem__(self, i: Union[int, slice]) -> BasePoseList:

        if isinstance(i, slice):
            if i.stop is None:
                # stop not given
                end = len(self)
            elif i.stop < 0:
                # stop is negative, -
                end = i.stop + len(self) + 1
            else:
                # stop is positive, use it directly
                end = i.stop
            return self.__class__(
                [self.data[k] for k in range(i.start or 0, end, i.step or 1)]
            )
        else:
            ret = self.__class__(self.data[i], check=False)
            # ret.__array_interface__ = self.data[i].__array_interface__
            return ret
            # return self.__class__(self.data[i], check=False)

    def __setitem__(self, i: int, value: BasePoseList) -> None:
        if not type(self) == type(value):
            raise ValueError("can't insert different type of object")
        if len(value) > 1:
            raise ValueError(
                "can't insert a multivalued element - must have len() == 1"
            )
        self.data[i] = value.A

    # flag these binary operators as being not supported
    def __lt__(self, other: BasePoseList) -> Type[Exception]:
        return NotImplementedError

    def __le__(self, other: BasePoseList) -> Type[Exception]:
        return NotImplementedError

    def __gt__(self, other: BasePoseList) -> Type[Exception]:
        return NotImplementedError

    def __ge__(self, other: BasePoseList) -> Type[Exception]:
        return NotImplementedError

    def append(self, item: BasePoseList) -> None:
        # print('in append method')
        if not type(self) == type(item):
            raise ValueError("can't append different type of object")
        if len(item) > 1:
            raise ValueError("can't append a multivalued instance - use extend")
        super().append(item.A)

    def extend(self, iterable: BasePoseList) -> None:
        # print('in extend method')
        if not type(self) == type(iterable):
            raise ValueError("can't append different type of object")
        super().extend(iterable._A)

    def insert(self, i: int, item: BasePoseList) -> None:
        if not type(self) == type(item):
            raise ValueError("can't insert different type of object")
        if len(item) > 1:
            raise ValueError(
                "can't insert a multivalued instance - must have len() == 1"
            )
        super().insert(i, item._A)

    def pop(self, i: Optional[int] = -1) -> Self:
        return self.__class__(super().pop(i))

    def binop(
        self,
        right: BasePoseList,
        op: Callable,
        op2: Optional[Callable] = None,
        list1: Optional[bool] = True,
    ) -> List:
        left = self

        # class * class
        if len(left) == 1:
            # singleton *
            if isscalar(right):
                if list1:
                    return [op(left._A, right)]
                else:
                    return op(left.A, right)
            elif len(right) == 1:
                # singleton * singleton
                if list1:
                    return [op(left._A, right._A)]
                else:
                    return op(left.A, right.A)
            else:
                # singleton * non-singleton
                return [op(left.A, x) for x in right.A]
        else:
            # non-singleton *
            if isscalar(right):
                return [op(x, right) for x in left.A]
            elif len(right) == 1:
                # non-singleton * singleton
                return [op(x, right.A) for x in left.A]
            elif len(left) == len(right):
                # non-singleton * non-singleton
                return [op(x, y) for (x, y) in zip(left.A, right.A)]
            else:
                raise ValueError("length of lists to == must be same length")

        # if isinstance(right, left.__class__):
        #     # class * class
        #     if len(left) == 1:
        #         # singleton *
        #         if len(right) == 1:
        #             # singleton * singleton
        #             if list1:
        #                 return [op(left._A, right._A)]
        #             else:
        #                 return op(left.A, right.A)
        #         else:
        #             # singleton * non-singleton
        #             return [op(left.A, x) for x in right.A]
        #     else:
        #         # non-singleton *
        #         if len(right) == 1:
        #             # non-singleton * singleton
        #             return [op(x, right.A) for x in left.A]
        #         elif len(left) == len(right):
        #             # non-singleton * non-singleton
        #             return [op(x, y) for (x, y) in zip(left.A, right.A)]
        #         else:
        #             raise ValueError('length of lists to == must be same length')
        # elif op2 is not None and isinstance(right, _numtypes) or (isinstance(right, np.ndarray)):
        #     # class * (scalar or array)
        #     if len(left) == 1:
        #         if list1:
        #             return [op2(left.A, right)]
        #         else:
        #             return op2(left.A, right)
        #     else:
        #         return [op(x, right) for x in left.A]

    def unop(
        self, op: Callable, matrix: Optional[bool] = False
    ) -> Union[NDArray, List]:
        if matrix:
            return np.vstack([op(x) for x in self.data])
        else:
            return [op(x) for x in self.data]



# --- spatialmath/baseposematrix.py ------------------------------------------------------------------------------------
# colored printing of matrices to the terminal
#   colored package has much finer control than colorama, but the latter is available by default with anaconda
try:
    from colored import fg, bg, attr

    _colored = True
    # print('using colored output')
except ImportError:
    # print('colored not found')
    _colored = False
except AttributeError:
    # print('colored failed to load, can happen from MATLAB import')
    _colored = False

try:
    from ansitable import ANSIMatrix

    _ANSIMatrix = True
    # print('using colored output')
except ImportError:
    # print('colored not found')
    _ANSIMatrix = False

class BasePoseMatrix(BasePoseList):

    _rotcolor = "red"
    _transcolor = "blue"
    _bgcolor = None
    _constcolor = "grey_50"
    _indexcolor = (None, "yellow_2")
    _format = "{:< 9.4g}"
    _suppress_small = True
    _suppress_tol = 100
    _color = _colored
    _ansimatrix = False
    _ansiformatter = None

    __array_ufunc__ = None  # allow pose matrices operators with NumPy values

    def __new__(cls, *args, **kwargs):

        pose = super(BasePoseMatrix, cls).__new__(cls)  # create a new instance
        super().__init__(pose)  # initialize UserList
        return pose

    # ------------------------------------------------------------------------ #

    @property
    def about(self) -> str:
        return "{:s}[{:d}]".format(type(self).__name__, len(self))

    @property
    def N(self) -> int:
        if type(self).__name__ == "SO2" or type(self).__name__ == "SE2":
            return 2
        else:
            return 3

    # ----------------------- tests
    @property
    def isSO(self) -> bool:
        return type(self).__name__ == "SO2" or type(self).__name__ == "SO3"

    @property
    def isSE(self) -> bool:
        return type(self).__name__ == "SE2" or type(self).__name__ == "SE3"

    # ------------------------------------------------------------------------ #

    # ------------------------------------------------------------------------ #

    # --------- compatibility methods

    def isrot(self) -> bool:
        return type(self).__name__ == "SO3"

    def isrot2(self) -> bool:
        return type(self).__name__ == "SO2"

    def ishom(self) -> bool:
        return type(self).__name__ == "SE3"

    def ishom2(self) -> bool:
        return type(self).__name__ == "SE2"

    # ----------------------- functions

    def det(self) -> Tuple[float, Rn]:
        if type(self).__name__ in ("SO3", "SE3"):
            if len(self) == 1:
                return np.linalg.det(self.A[:3, :3])
            else:
                return [np.linalg.det(T[:3, :3]) for T in self.data]
        elif type(self).__name__ in ("SO2", "SE2"):
            if len(self) == 1:
                return np.linalg.det(self.A[:2, :2])
            else:
                return [np.linalg.det(T[:2, :2]) for T in self.data]

    def log(self, twist: Optional[bool] = False) -> Union[NDArray, List[NDArray]]:
        if self.N == 2:
            log = [smb.trlog2(x, twist=twist) for x in self.data]
        else:
            log = [smb.trlog(x, twist=twist) for x in self.data]
        if len(log) == 1:
            return log[0]
        else:
            return log

    def interp(
        self,
        end: Optional[bool] = None,
        s: Union[int, float] = None,
        shortest: bool = True,
    ) -> Self:

        if isinstance(s, int) and s > 1:
            s = np.linspace(0, 1, s)
        else:
            s = smb.getvector(s)
            s = np.clip(s, 0, 1)

        if len(self) > 1:
            raise ValueError("start pose must be a singleton")

        if end is not None:
            if len(end) > 1:
                raise ValueError("end pose must be a singleton")
            end = end.A

        if self.N == 2:
            # SO(2) or SE(2)
            return self.__class__(
                [
                    smb.trinterp2(start=self.A, end=end, s=_s, shortest=shortest)
                    for _s in s
                ]
            )

        elif self.N == 3:
            # SO(3) or SE(3)
            return self.__class__(
                [
                    smb.trinterp(start=self.A, end=end, s=_s, shortest=shortest)
                    for _s in s
                ]
            )

    def interp1(self, s: float = None) -> Self:
        s = smb.getvector(s)
        s = np.clip(s, 0, 1)

        if self.N == 2:
            # SO(2) or SE(2)
            if len(s) > 1:
                assert len(self) == 1, "if len(s) > 1, len(X) must == 1"
                return self.__class__([smb.trinterp2(start, self.A, s=_s) for _s in s])
            else:
                return self.__class__(
                    [smb.trinterp2(start, x, s=s[0]) for x in self.data]
                )
        elif self.N == 3:
            # SO(3) or SE(3)
            if len(s) > 1:
                assert len(self) == 1, "if len(s) > 1, len(X) must == 1"
                return self.__class__([smb.trinterp(None, self.A, s=_s) for _s in s])
            else:
                return self.__class__(
                    [smb.trinterp(None, x, s=s[0]) for x in self.data]
                )

    def norm(self) -> Self:
        if self.N == 2:
            return self.__class__([smb.trnorm2(x) for x in self.data])
        else:
            return self.__class__([smb.trnorm(x) for x in self.data])

    def stack(self) -> NDArray:
        return np.dstack(self.data)

    def conjugation(self, A: NDArray) -> NDArray:
        if self.isSO:
            return self.A @ A @ self.A.T
        else:
            return self.A @ A @ self.inv().A.T

    # ----------------------- i/o stuff

    def __repr__(self) -> str:

        # TODO: really should iterate over all the elements, can have a symb
        #       element and ~eps values
        def trim(x):
            if x.dtype == "O":
                return x
            else:
                return smb.removesmall(x)

        name = type(self).__name__
        if len(self) == 0:
            return name + "([])"
        elif len(self) == 1:
            # need to indent subsequent lines of the native repr string by 4 spaces
            return name + "(" + trim(self.A).__repr__().replace("\n", "\n    ") + ")"
        else:
            # format this as a list of ndarrays
            return (
                name
                + "([\n"
                + ",\n".join([trim(v).__repr__() for v in self.data])
                + " ])"
            )

    def _repr_pretty_(self, p, cycle):
        # see https://ipython.org/ipython-doc/stable/api/generated/IPython.lib.pretty.html

        if len(self) == 1:
            p.text(str(self))
        else:
            for i, x in enumerate(self):
                p.text(f"{i}:\n{str(x)}")

    def __str__(self) -> str:
        if _ANSIMatrix and self._ansimatrix:
            return self._string_matrix()
        else:
            return self._string_color(color=True)

    def _string_matrix(self) -> str:
        if self._ansiformatter is None:
            self._ansiformatter = ANSIMatrix(style="thick")

        return "\n".join([self._ansiformatter.str(A) for A in self.data])

    def _string_color(self, color: Optional[bool] = False) -> str:
        # print('in __str__', _color)

        if self._color:

            def color(c, f):
                if c is None:
                    return ""
                else:
                    return f(c)

            bgcol = color(self._bgcolor, bg)
            trcol = color(self._transcolor, fg) + bgcol
            rotcol = color(self._rotcolor, fg) + bgcol
            constcol = color(self._constcolor, fg) + bgcol
            indexcol = color(self._indexcolor[0], fg) + color(self._indexcolor[1], bg)
            reset = attr(0)
        else:
            bgcol = ""
            trcol = ""
            rotcol = ""
            constcol = ""
            reset = ""

        def mformat(self, X):
            # X is an ndarray value to be display
            # self provides set type for formatting
            out = ""
            n = self.N  # dimension of rotation submatrix
            for rownum, row in enumerate(X):
                rowstr = " "
                # format the columns
                for colnum, element in enumerate(row):
                    if smb.sym.issymbol(element):
                        s = "{:<12s}".format(str(element))
                    else:
                        if (
                            self._suppress_small
                            and abs(element) < self._suppress_tol * _eps
                        ):
                            element = 0
                        s = self._format.format(element)

                    if rownum < n:
                        if colnum < n:
                            # rotation part
                            s = rotcol + bgcol + s + reset
                        else:
                            # translation part
                            s = trcol + bgcol + s + reset
                    else:
                        # bottom row
                        s = constcol + bgcol + s + reset
                    rowstr += " " + s
                out += rowstr + bgcol + "  " + reset + "\n"
            return out

        output_str = ""

        if len(self.data) == 0:
            output_str = "[]"
        elif len(self.data) == 1:
            # single matrix case
            output_str = mformat(self, self.A)
        else:
            # sequence case
            for count, X in enumerate(self.data):
                # add separator lines and the index
                output_str += (
                    indexcol
                    + "[{:d}] =".format(count)
                    + reset
                    + "\n"
                    + mformat(self, X)
                )

        return output_str

    # ----------------------- graphics

    # ------------------------------------------------------------------------ #
    def prod(self, norm=False, check=True) -> Self:
        Tprod = self.__class__._identity()  # identity value
        for T in self.data:
            Tprod = Tprod @ T
        if norm:
            Tprod = smb.trnorm(Tprod)
        return self.__class__(Tprod, check=check)

    def __pow__(self, n: int) -> Self:

        assert type(n) is int, "exponent must be an int"
        return self.__class__(
            [np.linalg.matrix_power(x, n) for x in self.data], check=False
        )

    # ----------------------- arithmetic

    def __mul__(left, right):  # pylint: disable=no-self-argument
        if type(left) == type(right):
            # print('*: pose x pose')
            return left.__class__(left._op2(right, lambda x, y: x @ y), check=False)

        elif isinstance(right, (list, tuple, np.ndarray)):
            # print('*: pose x array')
            if len(left) == 1:
                if smb.isvector(right, left.N):
                    # pose x vector
                    # print('*: pose x vector')
                    v = smb.getvector(right, out="col")
                    if left.isSE:
                        # SE(n) x vector
                        return smb.h2e(left.A @ smb.e2h(v))
                    else:
                        # SO(n) x vector
                        return left.A @ v
                elif left.isSE and right.shape == left.shape:
                    # SE x conforming matrix
                    return left.A @ right
                else:
                    if left.isSE:
                        # SE(n) x [set of vectors]
                        return smb.h2e(left.A @ smb.e2h(right))
                    else:
                        # SO(n) x [set of vectors]
                        return left.A @ right

            elif len(left) > 1 and smb.isvector(right, left.N):
                # pose array x vector
                # print('*: pose array x vector')
                v = smb.getvector(right)
                if left.isSE:
                    # SE(n) x vector
                    v = smb.e2h(v)
                    return np.array([smb.h2e(x @ v).flatten() for x in left.A]).T
                else:
                    # SO(n) x vector
                    return np.array([(x @ v).flatten() for x in left.A]).T

            elif (
                len(left) == 1
                and isinstance(right, np.ndarray)
                and left.isSO
                and right.shape[0] == left.N
            ):
                # SO(n) x matrix
                return left.A @ right
            elif (
                len(left) == 1
                and isinstance(right, np.ndarray)
                and left.isSE
                and right.shape[0] == left.N
            ):
                # SE(n) x matrix
                return smb.h2e(left.A @ smb.e2h(right))
            elif (
                isinstance(right, np.ndarray)
                and left.isSO
                and right.shape[0] == left.N
                and len(left) == right.shape[1]
            ):
                # SO(n) x matrix
                return np.c_[[x.A @ y for x, y in zip(right, left.T)]].T
            elif (
                isinstance(right, np.ndarray)
                and left.isSE
                and right.shape[0] == left.N
                and len(left) == right.shape[1]
            ):
                # SE(n) x matrix
                return np.c_[
                    [smb.h2e(x.A @ smb.e2h(y)) for x, y in zip(right, left.T)]
                ].T
            else:
                raise ValueError("bad operands")
        elif smb.isscalar(right):
            return left._op2(right, lambda x, y: x * y)
        else:
            return NotImplemented

    def __matmul__(left, right):  # pylint: disable=no-self-argument
        if isinstance(left, right.__class__):
            # print('*: pose x pose')
            return left.__class__(
                left._op2(right, lambda x, y: smb.trnorm(x @ y)), check=False
            )
        else:
            raise TypeError("@ only applies to pose composition")

    def __rmul__(right, left):  # pylint: disable=no-self-argument
        if isinstance(left, np.ndarray) and left.shape[-1] == right.A.shape[0]:
            # left multiply by conforming matrix
            return left @ right.A
        elif smb.isscalar(left):
            # left multiply by scalar
            return right.__mul__(left)
        else:
            # For other left-operands return ``NotImplemented``.  Other classes
            # such as ``Plucker`` and ``Twist`` implement left-multiplication by
            # an ``SE3`` using their own ``__rmul__`` methods.
            return NotImplemented

    def __imul__(left, right):  # noqa
        return left.__mul__(right)

    def __truediv__(left, right):  # pylint: disable=no-self-argument
        if isinstance(left, right.__class__):
            return left.__class__(
                left._op2(right.inv(), lambda x, y: x @ y), check=False
            )
        elif smb.isscalar(right):
            return left._op2(right, lambda x, y: x / y)
        else:
            raise ValueError("bad operands")

    def __itruediv__(left, right):  # pylint: disable=no-self-argument
        return left.__truediv__(right)

    def __add__(left, right):  # pylint: disable=no-self-argument
        # results is not in the group, return an array, not a class
        return left._op2(right, lambda x, y: x + y)

    def __radd__(right, left):  # pylint: disable=no-self-argument
        return right.__add__(left)

    def __iadd__(left, right):  # pylint: disable=no-self-argument
        return left.__add__(right)

    def __sub__(left, right):  # pylint: disable=no-self-argument

        # results is not in the group, return an array, not a class
        # TODO allow class +/- a conformant array
        return left._op2(right, lambda x, y: x - y)

    def __rsub__(right, left: Self):  # pylint: disable=no-self-argument
        return -right.__sub__(left)

    def __isub__(left, right: Self):  # pylint: disable=no-self-argument
        return left.__sub__(right)

    def __eq__(left, right: Self) -> bool:  # pylint: disable=no-self-argument
        return (
            left._op2(right, lambda x, y: np.allclose(x, y))
            if type(left) == type(right)
            else False
        )

    def __ne__(left, right):  # pylint: disable=no-self-argument
        eq = left == right
        return not eq if isinstance(eq, bool) else [not x for x in eq]

    def _op2(left, right: Self, op: Callable):  # pylint: disable=no-self-argument
        if isinstance(right, left.__class__) or isinstance(left, right.__class__):
            # class by class
            if len(left) == 1:
                if len(right) == 1:
                    # print('== 1x1')
                    return op(left.A, right.A)
                else:
                    # print('== 1xN')
                    return [op(left.A, x) for x in right.A]
            else:
                if len(right) == 1:
                    # print('== Nx1')
                    return [op(x, right.A) for x in left.A]
                elif len(left) == len(right):
                    # print('== NxN')
                    return [op(x, y) for (x, y) in zip(left.A, right.A)]
                else:
                    raise ValueError("length of lists to == must be same length")
        elif smb.isscalar(right) or (
            isinstance(right, np.ndarray) and right.shape == left.shape
        ):
            # class by matrix
            if len(left) == 1:
                return op(left.A, right)
            else:
                return [op(x, right) for x in left.A]
        else:
            raise TypeError(
                f"Invalid type ({right.__class__}) for binary operation with {left.__class__}"
            )



# --- spatialmath/pose2d.py --------------------------------------------------------------------------------------------
class SO2(BasePoseMatrix):

    # SO2()  identity matrix
    # SO2(angle, unit)
    # SO2( obj )   # deep copy
    # SO2( np )  # make numpy object
    # SO2( nplist )  # make from list of numpy objects

    # constructor needs to take ndarray -> SO2, or list of ndarray -> SO2
    def __init__(self, arg=None, *, unit="rad", check=True):
        super().__init__()

        if isinstance(arg, SE2):
            self.data = [smb.t2r(x) for x in arg.data]

        elif super().arghandler(arg, check=check):
            return

        elif smb.isscalar(arg):
            self.data = [smb.rot2(arg, unit=unit)]

        elif smb.isvector(arg):
            self.data = [smb.rot2(x, unit=unit) for x in smb.getvector(arg)]

        else:
            raise ValueError("bad argument to constructor")

    @staticmethod
    def _identity():
        return np.eye(2)

    @property
    def shape(self):
        return (2, 2)

    @classmethod
    def Exp(cls, S, check=True):
        if isinstance(S, (list, tuple)):
            return cls([smb.trexp2(s, check=check) for s in S])
        else:
            return cls(smb.trexp2(S, check=check), check=False)

    @staticmethod
    def isvalid(x, check=True):
        return not check or smb.isrot2(x, check=True)

    def inv(self):
        if len(self) == 1:
            return SO2(self.A.T)
        else:
            return SO2([x.T for x in self.A])

    @property
    def R(self):
        return self.A[:2, :2]

    def theta(self, unit="rad"):
        if unit == "deg":
            conv = 180.0 / math.pi
        else:
            conv = 1.0

        if len(self) == 1:
            return conv * math.atan2(self.A[1, 0], self.A[0, 0])
        else:
            return [conv * math.atan2(x.A[1, 0], x.A[0, 0]) for x in self]

    def SE2(self):
        return SE2(smb.rt2tr(self.A, [0, 0]))


class SE2(SO2):

    # constructor needs to take ndarray -> SO2, or list of ndarray -> SO2
    def __init__(self, x=None, y=None, theta=None, *, unit="rad", check=True):
        if y is None and theta is None:
            # just one argument passed

            if super().arghandler(x, check=check):
                return

            if isinstance(x, SO2):
                self.data = [smb.r2t(_x) for _x in x.data]

            elif smb.isscalar(x):
                self.data = [smb.trot2(x, unit=unit)]
            elif len(x) == 2:
                # SE2([x,y])
                self.data = [smb.transl2(x)]
            elif len(x) == 3:
                # SE2([x,y,theta])
                self.data = [smb.trot2(x[2], t=x[:2], unit=unit)]

            else:
                raise ValueError("bad argument to constructor")

        elif x is not None:
            if y is not None and theta is None:
                # SE2(x, y)
                self.data = [smb.transl2(x, y)]

            elif y is not None and theta is not None:
                # SE2(x, y, theta)
                self.data = [smb.trot2(theta, t=[x, y], unit=unit)]

        else:
            raise ValueError("bad arguments to constructor")

    @staticmethod
    def _identity():
        return np.eye(3)

    @property
    def shape(self):
        return (3, 3)

    @classmethod
    def Exp(cls, S, check=True):  # pylint: disable=arguments-differ
        if isinstance(S, (list, tuple)):
            return cls([smb.trexp2(s) for s in S])
        else:
            return cls(smb.trexp2(S), check=False)

    @classmethod
    def Rot(cls, theta, unit="rad"):
        return cls(
            [smb.trot2(_th, unit=unit) for _th in smb.getvector(theta)],
            check=False,
        )

    @classmethod
    def Tx(cls, x):
        return cls([smb.transl2(_x, 0) for _x in smb.getvector(x)], check=False)

    @classmethod
    def Ty(cls, y):
        return cls([smb.transl2(0, _y) for _y in smb.getvector(y)], check=False)

    @staticmethod
    def isvalid(x, check=True):
        return not check or smb.ishom2(x, check=True)

    @property
    def t(self):
        if len(self) == 1:
            return self.A[:2, 2]
        else:
            return np.array([x[:2, 2] for x in self.A])

    @property
    def x(self):
        if len(self) == 1:
            return self.A[0, 2]
        else:
            return np.array([v[0, 2] for v in self.A])

    @property
    def y(self):
        if len(self) == 1:
            return self.A[1, 2]
        else:
            return np.array([v[1, 2] for v in self.A])

    def xyt(self):
        if len(self) == 1:
            return smb.tr2xyt(self.A)
        else:
            return [smb.tr2xyt(x) for x in self.A]

    def inv(self):
        if len(self) == 1:
            return SE2(smb.rt2tr(self.R.T, -self.R.T @ self.t), check=False)
        else:
            return SE2([smb.rt2tr(x.R.T, -x.R.T @ x.t) for x in self], check=False)

    def SE3(self, z=0):
        # (the source imports SE3 here, from spatialmath.pose3d: it is this module's)

        def lift3(x):
            y = np.eye(4)
            y[:2, :2] = x.A[:2, :2]
            y[:2, 3] = x.A[:2, 2]
            y[2, 3] = z
            return y

        return SE3([lift3(x) for x in self])




# --- spatialmath/pose3d.py --------------------------------------------------------------------------------------------
class SO3(BasePoseMatrix):

    def __init__(self, arg=None, *, check=True):
        super().__init__()

        if isinstance(arg, SE3):
            self.data = [smb.t2r(x) for x in arg.data]

        elif not super().arghandler(arg, check=check):
            raise ValueError("bad argument to constructor")

    @staticmethod
    def _identity() -> R3x3:
        return np.eye(3)

    # ------------------------------------------------------------------------ #
    @property
    def shape(self) -> Tuple[int, int]:
        return (3, 3)

    @property
    def R(self) -> SO3Array:
        if len(self) == 1:
            return self.A[:3, :3]  # type: ignore
        else:
            return np.array([x[:3, :3] for x in self.A])  # type: ignore

    @property
    def n(self) -> R3:
        if len(self) != 1:
            raise ValueError("can only determine n-vector for singleton pose")
        return self.A[:3, 0]  # type: ignore

    @property
    def o(self) -> R3:
        if len(self) != 1:
            raise ValueError("can only determine o-vector for singleton pose")
        return self.A[:3, 1]  # type: ignore

    @property
    def a(self) -> R3:
        if len(self) != 1:
            raise ValueError("can only determine a-vector for singleton pose")
        return self.A[:3, 2]  # type: ignore

    # ------------------------------------------------------------------------ #

    def inv(self) -> Self:
        if len(self) == 1:
            return SO3(self.A.T, check=False)  # type: ignore
        else:
            return SO3([x.T for x in self.A], check=False)

    def eul(self, unit: str = "rad", flip: bool = False) -> Union[R3, RNx3]:
        if len(self) == 1:
            return smb.tr2eul(self.A, unit=unit, flip=flip)  # type: ignore
        else:
            return np.array([base.tr2eul(x, unit=unit, flip=flip) for x in self.A])

    def rpy(self, unit: str = "rad", order: str = "zyx") -> Union[R3, RNx3]:
        if len(self) == 1:
            return smb.tr2rpy(self.A, unit=unit, order=order)  # type: ignore
        else:
            return np.array([smb.tr2rpy(x, unit=unit, order=order) for x in self.A])

    def angvec(self, unit: str = "rad") -> Tuple[float, R3]:
        return smb.tr2angvec(self.R, unit=unit)

    def eulervec(self) -> R3:
        theta, v = smb.tr2angvec(self.R)
        return theta * v

    # ------------------------------------------------------------------------ #

    @staticmethod
    def isvalid(x: NDArray, check: bool = True) -> bool:
        return smb.isrot(x, check=True)

    # ---------------- variant constructors ---------------------------------- #

    @classmethod
    def Rx(cls, theta: float, unit: str = "rad") -> Self:
        return cls([smb.rotx(x, unit=unit) for x in smb.getvector(theta)], check=False)

    @classmethod
    def Ry(cls, theta, unit: str = "rad") -> Self:
        return cls([smb.roty(x, unit=unit) for x in smb.getvector(theta)], check=False)

    @classmethod
    def Rz(cls, theta, unit: str = "rad") -> Self:
        return cls([smb.rotz(x, unit=unit) for x in smb.getvector(theta)], check=False)

    @classmethod
    def Eul(cls, *angles, unit: str = "rad") -> Self:
        if len(angles) == 1:
            angles = angles[0]

        if smb.isvector(angles, 3):
            return cls(smb.eul2r(angles, unit=unit), check=False)
        else:
            return cls([smb.eul2r(a, unit=unit) for a in angles], check=False)

    @classmethod
    def RPY(cls, *angles, unit="rad", order="zyx"):
        if len(angles) == 1:
            angles = angles[0]

        # angles = base.getmatrix(angles, (None, 3))
        # return cls(base.rpy2r(angles, order=order, unit=unit), check=False)

        if smb.isvector(angles, 3):
            return cls(smb.rpy2r(angles, unit=unit, order=order), check=False)
        else:
            return cls(
                [smb.rpy2r(a, unit=unit, order=order) for a in angles], check=False
            )

    @classmethod
    def OA(cls, o: ArrayLike3, a: ArrayLike3) -> Self:
        return cls(smb.oa2r(o, a), check=False)

    @classmethod
    def TwoVectors(
        cls,
        x: Optional[Union[str, ArrayLike3]] = None,
        y: Optional[Union[str, ArrayLike3]] = None,
        z: Optional[Union[str, ArrayLike3]] = None,
    ) -> Self:

        def vval(v):
            if isinstance(v, str):
                sign = 1
                if v[0] == "-":
                    sign = -1
                    v = v[1:]  # skip sign char
                elif v[0] == "+":
                    v = v[1:]  # skip sign char
                if v[0] == "x":
                    v = [sign, 0, 0]
                elif v[0] == "y":
                    v = [0, sign, 0]
                elif v[0] == "z":
                    v = [0, 0, sign]
                return np.r_[v]
            else:
                return smb.unitvec(smb.getvector(v, 3))

        if x is not None and y is not None and z is not None:
            raise ValueError(
                "Only two vectors should be provided. Please set one to None."
            )

        elif x is not None and y is not None and z is None:
            # z = x x y
            x = vval(x)
            y = vval(y)
            # Orthogonalizes y w.r.t. x
            y = orthogonalize(y, x, normalize=True)
            z = np.cross(x, y)

        elif x is None and y is not None and z is not None:
            # x = y x z
            y = vval(y)
            z = vval(z)
            # Orthogonalizes z w.r.t. y
            z = orthogonalize(z, y, normalize=True)
            x = np.cross(y, z)

        elif x is not None and y is None and z is not None:
            # y = z x x
            z = vval(z)
            x = vval(x)
            # Orthogonalizes z w.r.t. x
            z = orthogonalize(z, x, normalize=True)
            y = np.cross(z, x)

        else:
            raise ValueError(
                "Insufficient number of vectors. Please provide exactly two vectors."
            )

        return cls(np.c_[x, y, z], check=True)

    @classmethod
    def RotatedVector(cls, v1: ArrayLike3, v2: ArrayLike3, tol=20) -> Self:
        # https://math.stackexchange.com/questions/180418/calculate-rotation-matrix-to-align-vector-a-to-vector-b-in-3d
        v1 = smb.unitvec(v1)
        v2 = smb.unitvec(v2)
        v = smb.cross(v1, v2)
        s = smb.norm(v)
        if abs(s) < tol * np.finfo(float).eps:
            return cls(np.eye(3), check=False)
        else:
            c = np.dot(v1, v2)
            V = smb.skew(v)
            R = np.eye(3) + V + V @ V * (1 - c) / (s**2)
            return cls(R, check=False)

    @classmethod
    def AngleAxis(cls, theta: float, v: ArrayLike3, *, unit: str = "rad") -> Self:
        return cls(smb.angvec2r(theta, v, unit=unit), check=False)

    @classmethod
    def AngVec(cls, theta, v, *, unit="rad") -> Self:
        return cls(smb.angvec2r(theta, v, unit=unit), check=False)

    @classmethod
    def EulerVec(cls, w) -> Self:
        assert smb.isvector(w, 3), "w must be a 3-vector"
        w = smb.getvector(w)
        theta = smb.norm(w)
        return cls(smb.angvec2r(theta, w), check=False)

    @classmethod
    def Exp(
        cls,
        S: Union[R3, RNx3],
        check: bool = True,
        so3: bool = True,
    ) -> Self:
        if smb.ismatrix(S, (-1, 3)) and not so3:
            return cls([smb.trexp(s, check=check) for s in S], check=False)
        else:
            return cls(smb.trexp(cast(R3, S), check=check), check=False)

    def UnitQuaternion(self) -> UnitQuaternion:
        # Function level import to avoid circular dependencies
        # (the source imports UnitQuaternion here, from spatialmath: it is this module's)

        return UnitQuaternion(smb.r2q(self.R), check=False)

    def angdist(self, other: SO3, metric: int = 6) -> Union[float, ndarray]:

        if metric < 5:
            # (the source imports UnitQuaternion here, from spatialmath.quaternion: it is this module's)

            return UnitQuaternion(self).angdist(UnitQuaternion(other), metric=metric)

        elif metric == 5:
            op = lambda R1, R2: np.linalg.norm(np.eye(3) - R1 @ R2.T)
        elif metric == 6:
            op = lambda R1, R2: smb.norm(smb.trlog(R1 @ R2.T, twist=True))
        else:
            raise ValueError("unknown metric")

        ad = self._op2(other, op)
        if isinstance(ad, list):
            return np.array(ad)
        else:
            return ad

    def mean(self, tol: float = 20) -> SO3:

        eta = tol * np.finfo(float).eps
        R_mean = self[0]  # initial guess
        while True:
            r = np.dstack((R_mean.inv() * self).log()).mean(axis=2)
            if np.linalg.norm(r) < eta:
                return R_mean
            R_mean = R_mean @ self.Exp(r)  # update estimate and normalize


class SE3(SO3):

    def __init__(self, x=None, y=None, z=None, *, check=True):
        if y is None and z is None:
            # just one argument passed

            if super().arghandler(x, check=check):
                return
            elif isinstance(x, SO3):
                self.data = [smb.r2t(_x) for _x in x.data]
            elif isinstance(x, SE2):  # type(x).__name__ == "SE2":
                self.data = x.SE3().data
            elif smb.isvector(x, 3):
                # SE3( [x, y, z] )
                self.data = [smb.transl(x)]
            elif isinstance(x, np.ndarray) and x.shape[1] == 3:
                # SE3( Nx3 )
                self.data = [smb.transl(T) for T in x]

            else:
                raise ValueError("bad argument to constructor")

        elif y is not None and z is not None:
            # SE3(x, y, z)
            self.data = [smb.transl(x, y, z)]

        else:
            raise ValueError("Invalid arguments. See documentation for correct format.")

    @staticmethod
    def _identity() -> NDArray:
        return np.eye(4)

    # ------------------------------------------------------------------------ #
    @property
    def shape(self) -> Tuple[int, int]:
        return (4, 4)

    @SO3.R.setter
    def R(self, r: SO3Array) -> None:
        if len(self) > 1:
            raise ValueError("can only assign rotation to length 1 object")
        so3 = SO3(r)
        self.A[:3, :3] = so3.R

    @property
    def t(self) -> R3:
        if len(self) == 1:
            return self.A[:3, 3]
        else:
            return np.array([x[:3, 3] for x in self.A])

    @t.setter
    def t(self, v: ArrayLike3):
        if len(self) > 1:
            raise ValueError("can only assign translation to length 1 object")
        v = smb.getvector(v, 3)
        self.A[:3, 3] = v

    @property
    def x(self) -> float:
        if len(self) == 1:
            return self.A[0, 3]
        else:
            return np.array([v[0, 3] for v in self.A])

    @x.setter
    def x(self, x: float):
        if len(self) > 1:
            raise ValueError("can only assign elements to length 1 object")
        self.A[0, 3] = x

    @property
    def y(self) -> float:
        if len(self) == 1:
            return self.A[1, 3]
        else:
            return np.array([v[1, 3] for v in self.A])

    @y.setter
    def y(self, y: float):
        if len(self) > 1:
            raise ValueError("can only assign elements to length 1 object")
        self.A[1, 3] = y

    @property
    def z(self) -> float:
        if len(self) == 1:
            return self.A[2, 3]
        else:
            return np.array([v[2, 3] for v in self.A])

    @z.setter
    def z(self, z: float):
        if len(self) > 1:
            raise ValueError("can only assign elements to length 1 object")
        self.A[2, 3] = z

    # ------------------------------------------------------------------------ #

    def inv(self) -> SE3:
        if len(self) == 1:
            return SE3(smb.trinv(self.A), check=False)
        else:
            return SE3([smb.trinv(x) for x in self.A], check=False)

    def yaw_SE2(self, order: str = "zyx") -> SE2:
        if len(self) == 1:
            if order == "zyx":
                return SE2(self.x, self.y, self.rpy(order=order)[2])
            elif order == "xyz":
                return SE2(self.z, self.y, self.rpy(order=order)[2])
            elif order == "yxz":
                return SE2(self.z, self.x, self.rpy(order=order)[2])
        else:
            return SE2([e.yaw_SE2() for e in self])

    def delta(self, X2: Optional[SE3] = None) -> R6:
        if X2 is None:
            return smb.tr2delta(self.A)
        else:
            return smb.tr2delta(self.A, X2.A)

    def rtvec(self) -> Tuple[R3, R3]:
        return SO3(self).log(twist=True), self.t

    def Ad(self) -> R6x6:
        return smb.tr2adjoint(self.A)

    def jacob(self) -> R6x6:
        return smb.tr2jac(self.A)

    # ------------------------------------------------------------------------ #

    @staticmethod
    def isvalid(x: NDArray, check: bool = True) -> bool:
        return smb.ishom(x, check=check)

    # ---------------- variant constructors ---------------------------------- #

    @classmethod
    def Rx(
        cls,
        theta: ArrayLike,
        unit: str = "rad",
        t: Optional[ArrayLike3] = None,
    ) -> SE3:
        return cls(
            [smb.trotx(x, t=t, unit=unit) for x in smb.getvector(theta)],
            check=False,
        )

    @classmethod
    def Ry(
        cls,
        theta: ArrayLike,
        unit: str = "rad",
        t: Optional[ArrayLike3] = None,
    ) -> SE3:
        return cls(
            [smb.troty(x, t=t, unit=unit) for x in smb.getvector(theta)],
            check=False,
        )

    @classmethod
    def Rz(
        cls,
        theta: ArrayLike,
        unit: str = "rad",
        t: Optional[ArrayLike3] = None,
    ) -> SE3:
        return cls(
            [smb.trotz(x, t=t, unit=unit) for x in smb.getvector(theta)],
            check=False,
        )

    @classmethod
    def Eul(cls, *angles, unit="rad") -> SE3:
        if len(angles) == 1:
            angles = angles[0]
        if smb.isvector(angles, 3):
            return cls(smb.eul2tr(angles, unit=unit), check=False)
        else:
            return cls([smb.eul2tr(a, unit=unit) for a in angles], check=False)

    @classmethod
    def RPY(cls, *angles, unit="rad", order="zyx") -> SE3:
        if len(angles) == 1:
            angles = angles[0]

        if smb.isvector(angles, 3):
            return cls(smb.rpy2tr(angles, order=order, unit=unit), check=False)
        else:
            return cls(
                [smb.rpy2tr(a, order=order, unit=unit) for a in angles], check=False
            )

    @classmethod
    def OA(cls, o: ArrayLike3, a: ArrayLike3) -> SE3:
        return cls(smb.oa2tr(o, a), check=False)

    @classmethod
    def AngleAxis(
        cls, theta: float, v: ArrayLike3, *, unit: Optional[unit] = "rad"
    ) -> SE3:
        return cls(smb.angvec2tr(theta, v, unit=unit), check=False)

    @classmethod
    def AngVec(cls, theta: float, v: ArrayLike3, *, unit: str = "rad") -> SE3:
        return cls(smb.angvec2tr(theta, v, unit=unit), check=False)

    @classmethod
    def EulerVec(cls, w: ArrayLike3) -> SE3:
        assert smb.isvector(w, 3), "w must be a 3-vector"
        w = smb.getvector(w)
        theta = smb.norm(w)
        return cls(smb.angvec2tr(theta, w), check=False)

    @classmethod
    def Exp(cls, S: Union[R6, R4x4], check: bool = True) -> SE3:
        if smb.isvector(S, 6):
            return cls(smb.trexp(smb.getvector(S)), check=False)
        else:
            return cls(smb.trexp(S), check=False)

    @classmethod
    def RTvec(cls, rvec: ArrayLike3, tvec: ArrayLike3) -> Self:
        return SE3.Rt(smb.trexp(rvec), tvec)

    @classmethod
    def Delta(cls, d: ArrayLike6) -> SE3:
        return cls(smb.trnorm(smb.delta2tr(d)))

    @classmethod
    def Trans(cls, x, y=None, z=None) -> SE3:
        if y is None and z is None:
            # single passed value, assume is 3-vector or Nx3
            t = smb.getmatrix(x, (None, 3))
            return cls([smb.transl(_t) for _t in t], check=False)
        else:
            return cls(np.array([x, y, z]))

    @classmethod
    def Tx(cls, x: float) -> SE3:
        return cls([smb.transl(_x, 0, 0) for _x in smb.getvector(x)], check=False)

    @classmethod
    def Ty(cls, y: float) -> SE3:
        return cls([smb.transl(0, _y, 0) for _y in smb.getvector(y)], check=False)

    @classmethod
    def Tz(cls, z: float) -> SE3:
        return cls([smb.transl(0, 0, _z) for _z in smb.getvector(z)], check=False)

    @classmethod
    def Rt(
        cls,
        R: Union[SO3, SO3Array],
        t: Optional[ArrayLike3] = None,
        check: bool = True,
    ) -> SE3:
        if isinstance(R, SO3):
            R = R.A
        elif smb.isrot(R, check=check):
            pass
        else:
            raise ValueError("expecting SO3 or rotation matrix")

        if t is None:
            t = np.zeros((3,))
        return cls(smb.rt2tr(R, t, check=check), check=check)

    @classmethod
    def CopyFrom(cls, T: SE3Array, check: bool = True) -> SE3:
        if T is None:
            raise ValueError("Transformation matrix must not be None")
        return cls(np.copy(T), check=check)

    def angdist(self, other: SE3, metric: int = 6) -> float:

        if metric < 5:
            # (the source imports UnitQuaternion here, from spatialmath.quaternion: it is this module's)

            return UnitQuaternion(self).angdist(UnitQuaternion(other), metric=metric)

        elif metric == 5:
            op = lambda T1, T2: np.linalg.norm(np.eye(3) - T1[:3, :3] @ T2[:3, :3].T)
        elif metric == 6:
            op = lambda T1, T2: smb.norm(
                smb.trlog(T1[:3, :3] @ T2[:3, :3].T, twist=True)
            )
        else:
            raise ValueError("unknown metric")

        ad = self._op2(other, op)
        if isinstance(ad, list):
            return np.array(ad)
        else:
            return ad

    def mean(self, tol: float = 20) -> SE3:
        R_mean = SO3(self).mean(tol)
        t_mean = self.t.mean(axis=0)
        return SE3.Rt(R_mean, t_mean)



# --- spatialmath/quaternion.py ----------------------------------------------------------------------------------------
class Quaternion(BasePoseList):

    def __init__(self, s: Any = None, v=None, check: Optional[bool] = True):
        super().__init__()

        if s is None and smb.isvector(v, 4):
            v, s = (s, v)

        if v is None:
            # single argument
            if super().arghandler(s, check=False):
                return

            elif smb.isvector(s, 4):
                self.data = [smb.getvector(s)]

        elif smb.isscalar(s) and smb.isvector(v, 3):
            # Quaternion(s, v)
            self.data = [np.r_[s, smb.getvector(v)]]

        elif (
            smb.isvector(s) and smb.ismatrix(v, (None, 3)) and s.shape[0] == v.shape[0]
        ):
            # Quaternion(s, v) where s and v are arrays
            self.data = [np.r_[_s, _v] for _s, _v in zip(s, v)]
        else:
            raise ValueError("bad argument to Quaternion constructor")

    @classmethod
    def Pure(cls, v: ArrayLike3) -> Quaternion:
        return cls(s=0, v=smb.getvector(v, 3))

    @staticmethod
    def _identity():
        return np.zeros((4,))

    @property
    def shape(self) -> Tuple[int]:
        return (4,)

    @staticmethod
    def isvalid(x: ArrayLike4) -> bool:
        return x.shape == (4,)

    @property
    def s(self) -> float:
        if len(self) == 1:
            return self._A[0]
        else:
            return np.array([q.s for q in self])

    @property
    def v(self) -> R3:
        if len(self) == 1:
            return self._A[1:4]
        else:
            return np.array([q.v for q in self])

    @property
    def vec(self) -> R4:
        if len(self) == 1:
            return self._A
        else:
            return np.array([q._A for q in self])

    @property
    def vec_xyzs(self) -> R4:
        if len(self) == 1:
            return np.roll(self._A, -1)
        else:
            return np.array([np.roll(q._A, -1) for q in self])

    @property
    def matrix(self) -> R4x4:

        return smb.qmatrix(self._A)

    def conj(self) -> Quaternion:

        return self.__class__([smb.qconj(q._A) for q in self])

    def norm(self) -> float:
        if len(self) == 1:
            return smb.qnorm(self._A)
        else:
            return np.array([smb.qnorm(q._A) for q in self])

    def unit(self) -> UnitQuaternion:
        return UnitQuaternion([smb.qunit(q._A) for q in self], norm=False)

    def log(self) -> Quaternion:
        norm = self.norm()
        s = np.log(norm)
        if len(self) == 1:
            if smb.iszerovec(self._A[1:4]):
                v = np.zeros((3,))
            else:
                v = math.acos(np.clip(self._A[0] / norm, -1, 1)) * smb.unitvec(
                    self._A[1:4]
                )
            return Quaternion(s=s, v=v)
        else:
            v = [
                np.zeros((3,))
                if smb.iszerovec(A[1:4])
                else math.acos(np.clip(A[0] / n, -1, 1)) * smb.unitvec(A[1:4])
                for A, n in zip(self._A, norm)
            ]
            return Quaternion(s=s, v=np.array(v))

    def exp(self, tol: float = 20) -> Quaternion:
        exp_s = math.exp(self.s)
        norm_v = smb.norm(self.v)
        s = exp_s * math.cos(norm_v)
        if smb.iszerovec(self.v, tol * _eps):
            # result will be a unit quaternion
            v = np.zeros((3,))
        else:
            v = exp_s * self.v / norm_v * math.sin(norm_v)
        if abs(self.s) < tol * _eps:
            # result will be a unit quaternion
            return UnitQuaternion(s=s, v=v)
        else:
            return Quaternion(s=s, v=v)

    def inner(self, other) -> float:

        assert isinstance(
            other, Quaternion
        ), "operands to inner must be Quaternion subclass"
        return self.binop(other, smb.qinner, list1=False)

    # -------------------------------------------- operators

    def __eq__(
        left, right: Quaternion
    ) -> bool:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        assert isinstance(left, type(right)), "operands to == are of different types"
        return left.binop(right, smb.qisequal, list1=False)

    def __ne__(
        left, right: Quaternion
    ) -> bool:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        assert isinstance(left, type(right)), "operands to == are of different types"
        return left.binop(right, lambda x, y: not smb.qisequal(x, y), list1=False)

    def __mul__(
        left, right: Quaternion
    ) -> Quaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        if isinstance(right, left.__class__):
            # quaternion * [unit]quaternion case
            return Quaternion(left.binop(right, smb.qqmul))

        elif smb.isscalar(right):
            # quaternion * scalar case
            # print('scalar * quat')
            return Quaternion([right * q._A for q in left])

        else:
            raise ValueError("operands to * are of different types")

    def __rmul__(
        right, left: Quaternion
    ) -> Quaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        # scalar * quaternion case
        return Quaternion([left * q._A for q in right])

    def __imul__(
        left, right: Quaternion
    ) -> bool:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        return left.__mul__(right)

    def __pow__(self, n: int) -> Quaternion:
        return self.__class__([smb.qpow(q._A, n) for q in self])

    def __ipow__(self, n: int) -> Quaternion:
        return self.__pow__(n)

    def __truediv__(self, other: Quaternion):
        return NotImplemented  # Quaternion division not supported

    def __add__(
        left, right: Quaternion
    ) -> Quaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        # results is not in the group, return an array, not a class
        assert isinstance(left, type(right)), "operands to + are of different types"
        return Quaternion(left.binop(right, lambda x, y: x + y))

    def __sub__(
        left, right: Quaternion
    ) -> Quaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        # results is not in the group, return an array, not a class
        # TODO allow class +/- a conformant array
        assert isinstance(left, type(right)), "operands to - are of different types"
        return Quaternion(left.binop(right, lambda x, y: x - y))

    def __neg__(self) -> Quaternion:

        return UnitQuaternion(
            [-x for x in self.data]
        )  # pylint: disable=invalid-unary-operand-type

    def __repr__(self) -> str:
        name = type(self).__name__
        if len(self) == 0:
            return name + "([])"
        elif len(self) == 1:
            # need to indent subsequent lines of the native repr string by 4 spaces
            return name + "(" + self._A.__repr__() + ")"
        else:
            # format this as a list of ndarrays
            return (
                name
                + "([\n  "
                + ",\n  ".join([v.__repr__() for v in self.data])
                + " ])"
            )



class UnitQuaternion(Quaternion):

    def __init__(
        self,
        s: Any = None,
        v=None,
        norm: Optional[bool] = True,
        check: Optional[bool] = True,
    ):
        super().__init__()

        # handle: UnitQuaternion(v)`` constructs a unit quaternion with specified elements
        # from ``v`` which is a 4-vector given as a list, tuple, or ndarray(4)
        if s is None and smb.isvector(v, 4):
            v, s = (s, v)

        if v is None:
            # single argument
            if super().arghandler(s, check=check):
                # create unit quaternion
                self.data = [smb.qunit(q) for q in self.data]

            elif isinstance(s, np.ndarray):
                # passed a NumPy array, it could be:
                #  an SO(3) or SE(3) matrix
                #  a quaternion as a 1D array
                #  an array of quaternions as an nx4 array

                if s.shape == (3, 3):
                    if smb.isrot(s, check=check):
                        # UnitQuaternion(R) R is 3x3 rotation matrix
                        self.data = [smb.r2q(s)]
                    else:
                        raise ValueError(
                            "invalid rotation matrix provided to UnitQuaternion constructor"
                        )
                elif s.shape == (4,):
                    # passed a 4-vector
                    if norm:
                        self.data = [smb.qunit(s)]
                    else:
                        self.data = [s]
                elif s.ndim == 2 and s.shape[1] == 4:
                    if norm:
                        self.data = [smb.qunit(x) for x in s]
                    else:
                        # self.data = [smb.qpositive(x) for x in s]
                        self.data = [x for x in s]
                else:
                    raise ValueError("array could not be interpreted as UnitQuaternion")

            elif isinstance(s, SO3):
                # UnitQuaternion(x) x is SO3 or SE3 (since SE3 is subclass of SO3)
                self.data = [smb.r2q(x.R) for x in s]

            elif isinstance(s[0], SO3):
                # list of SO3 or SE3
                self.data = [smb.r2q(x.R) for x in s]

            else:
                raise ValueError("bad argument to UnitQuaternion constructor")

        elif smb.isscalar(s) and smb.isvector(v, 3):
            # UnitQuaternion(s, v)   s is scalar, v is 3-vector
            q = np.r_[s, smb.getvector(v)]
            if norm:
                q = smb.qunit(q)
            self.data = [q]

        else:
            raise ValueError("bad argument to UnitQuaternion constructor")

    @staticmethod
    def _identity():
        return smb.qeye()

    @staticmethod
    def isvalid(x: ArrayLike, check: Optional[bool] = True) -> bool:
        return x.shape == (4,) and (not check or smb.isunitvec(x))

    @property
    def R(self) -> SO3Array:
        if len(self) > 1:
            return np.array([smb.q2r(q) for q in self.data])
        else:
            return smb.q2r(self._A)

    @property
    def vec3(self) -> R3:
        return smb.q2v(self._A)

    # -------------------------------------------- constructor variants
    @classmethod
    def Rx(cls, angles: ArrayLike, unit: Optional[str] = "rad") -> UnitQuaternion:
        angles = smb.getunit(angles, unit)
        return cls(
            [np.r_[math.cos(a / 2), math.sin(a / 2), 0, 0] for a in angles], check=False
        )

    @classmethod
    def Ry(cls, angles: ArrayLike, unit: Optional[str] = "rad") -> UnitQuaternion:
        angles = smb.getunit(angles, unit)
        return cls(
            [np.r_[math.cos(a / 2), 0, math.sin(a / 2), 0] for a in angles], check=False
        )

    @classmethod
    def Rz(cls, angles: ArrayLike, unit: Optional[str] = "rad") -> UnitQuaternion:
        angles = smb.getunit(angles, unit)
        return cls(
            [np.r_[math.cos(a / 2), 0, 0, math.sin(a / 2)] for a in angles], check=False
        )

    @classmethod
    def Eul(cls, *angles: List[float], unit: Optional[str] = "rad") -> UnitQuaternion:
        if len(angles) == 1:
            angles = angles[0]

        if smb.isvector(angles, 3):
            return cls(smb.r2q(smb.eul2r(angles, unit=unit)), check=False)
        else:
            return cls([smb.r2q(smb.eul2r(a, unit=unit)) for a in angles], check=False)

    @classmethod
    def RPY(
        cls,
        *angles,
        order: Optional[str] = "zyx",
        unit: Optional[str] = "rad",
    ) -> UnitQuaternion:
        if len(angles) == 1:
            angles = angles[0]

        if smb.isvector(angles, 3):
            return cls(smb.r2q(smb.rpy2r(angles, unit=unit, order=order)), check=False)
        else:
            return cls(
                [smb.r2q(smb.rpy2r(a, unit=unit, order=order)) for a in angles],
                check=False,
            )

    @classmethod
    def OA(cls, o: ArrayLike3, a: ArrayLike3) -> UnitQuaternion:
        return cls(smb.r2q(smb.oa2r(o, a)), check=False)

    @classmethod
    def AngVec(
        cls, theta: float, v: ArrayLike3, *, unit: Optional[str] = "rad"
    ) -> UnitQuaternion:
        v = smb.getvector(v, 3)
        theta = smb.getunit(theta, unit, vector=False)
        return cls(
            s=math.cos(theta / 2), v=math.sin(theta / 2) * v, norm=False, check=False
        )

    @classmethod
    def EulerVec(cls, w: ArrayLike3) -> UnitQuaternion:
        assert smb.isvector(w, 3), "w must be a 3-vector"
        w = smb.getvector(w)
        theta = smb.norm(w)
        s = math.cos(theta / 2)
        v = math.sin(theta / 2) * smb.unitvec(w)
        return cls(s=s, v=v, check=False)

    @classmethod
    def Vec3(cls, vec: ArrayLike3) -> UnitQuaternion:
        return cls(smb.v2q(vec))

    def inv(self) -> UnitQuaternion:
        return UnitQuaternion([smb.qconj(q._A) for q in self])

    @staticmethod
    def qvmul(qv1: ArrayLike3, qv2: ArrayLike3) -> R3:
        return smb.vvmul(qv1, qv2)

    def dot(self, omega: ArrayLike3) -> R4:
        return smb.qdot(self._A, omega)

    def dotb(self, omega: ArrayLike3) -> R4:
        return smb.qdotb(self._A, omega)

    # def mean(self, tol: float = 20) -> SO3:
    #     """Mean of a set of rotations

    #     :param tol: iteration tolerance in units of eps, defaults to 20
    #     :type tol: float, optional
    #     :return: the mean rotation
    #     :rtype: :class:`UnitQuaternion` instance.

    #     Computes the Karcher mean of the set of rotations within the unit quaternion instance.

    #     :references:
    #         - `**Hartley, Trumpf** - "Rotation Averaging" - IJCV 2011 <https://users.cecs.anu.edu.au/~hartley/Papers/PDF/Hartley-Trumpf:Rotation-averaging:IJCV.pdf>`_
    #         - `Karcher mean <https://en.wikipedia.org/wiki/Karcher_mean`_
    #     """

    #     R_mean = self.SO3().mean(tol=tol)
    #     return R_mean.UnitQuaternion()

    def __mul__(
        left, right: UnitQuaternion
    ) -> UnitQuaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        if isinstance(left, right.__class__):
            # quaternion * quaternion case (same class)
            return right.__class__(left.binop(right, smb.qqmul))

        elif smb.isscalar(right):
            # quaternion * scalar case
            # print('scalar * quat')
            return Quaternion([right * q._A for q in left])

        elif isinstance(right, (list, tuple, np.ndarray)):
            # unit quaternion * vector
            # print('*: pose x array')
            if smb.isvector(right, 3):
                v = smb.getvector(right)
                if len(left) == 1:
                    # pose x vector
                    # print('*: pose x vector')
                    return smb.qvmul(left._A, smb.getvector(right, 3))

                elif len(left) > 1 and smb.isvector(right, 3):
                    # pose array x vector
                    # print('*: pose array x vector')
                    return np.array([smb.qvmul(x, v) for x in left._A]).T

            elif (
                len(left) == 1 and isinstance(right, np.ndarray) and right.shape[0] == 3
            ):
                # pose x stack of vectors
                return np.array([smb.qvmul(left._A, x) for x in right.T]).T
            else:
                raise ValueError("bad operands")
        else:
            raise ValueError("UnitQuaternion: operands to * are of different types")

    def __imul__(
        left, right: UnitQuaternion
    ) -> UnitQuaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        return left.__mul__(right)

    def __truediv__(
        left, right: UnitQuaternion
    ) -> UnitQuaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        if isinstance(left, right.__class__):
            return UnitQuaternion(
                left.binop(right, lambda x, y: smb.qqmul(x, smb.qconj(y)))
            )
        elif smb.isscalar(right):
            return Quaternion(left.binop(right, lambda x, y: x / y))
        else:
            raise ValueError("bad operands")

    def __eq__(
        left, right: UnitQuaternion
    ) -> bool:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        return left.binop(
            right, lambda x, y: smb.qisequal(x, y, unitq=True), list1=False
        )

    def __ne__(
        left, right: UnitQuaternion
    ) -> bool:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        return left.binop(
            right, lambda x, y: not smb.qisequal(x, y, unitq=True), list1=False
        )

    def __matmul__(
        left, right: UnitQuaternion
    ) -> UnitQuaternion:  # lgtm[py/not-named-self] pylint: disable=no-self-argument
        return left.__class__(
            left.binop(right, lambda x, y: smb.qunit(smb.qqmul(x, y)))
        )

    def interp(
        self, end: UnitQuaternion, s: float = 0, shortest: Optional[bool] = False
    ) -> UnitQuaternion:
        # TODO allow self to have len() > 1

        if isinstance(s, int) and s > 1:
            s = np.linspace(0, 1, s)
        else:
            s = smb.getvector(s)
            s = np.clip(s, 0, 1)  # enforce valid values

        # 2 quaternion form
        if not isinstance(end, UnitQuaternion):
            raise TypeError("end argument must be a UnitQuaternion")
        q1 = self.vec
        q2 = end.vec
        dot = smb.qinner(q1, q2)

        # If the dot product is negative, the quaternions
        # have opposite handed-ness and slerp won't take
        # the shorter path. Fix by reversing one quaternion.
        if shortest:
            if dot < 0:
                q1 = -q1
                dot = -dot

        # shouldn't be needed by handle numerical errors: -eps, 1+eps cases
        dot = np.clip(dot, -1, 1)  # Clip within domain of acos()

        theta_0 = math.acos(dot)  # theta_0 = angle between input vectors

        qi = []
        for sk in s:
            theta = theta_0 * sk  # theta = angle between v0 and result

            s1 = float(math.cos(theta) - dot * math.sin(theta) / math.sin(theta_0))
            s2 = math.sin(theta) / math.sin(theta_0)
            out = (q1 * s1) + (q2 * s2)
            qi.append(out)

        return UnitQuaternion(qi)

    def interp1(self, s: float = 0, shortest: Optional[bool] = False) -> UnitQuaternion:
        # TODO allow self to have len() > 1

        if isinstance(s, int) and s > 1:
            s = np.linspace(0, 1, s)
        else:
            s = smb.getvector(s)
            s = np.clip(s, 0, 1)  # enforce valid values

        q = self.vec
        dot = q[0]  # s

        # If the dot product is negative, the quaternions
        # have opposite handed-ness and slerp won't take
        # the shorter path. Fix by reversing one quaternion.
        if shortest:
            if dot < 0:
                q = -q
                dot = -dot

        # shouldn't be needed by handle numerical errors: -eps, 1+eps cases
        dot = np.clip(dot, -1, 1)  # Clip within domain of acos()

        theta_0 = math.acos(dot)  # theta_0 = angle between input vectors

        qi = []
        for sk in s:
            theta = theta_0 * sk  # theta = angle between v0 and result

            s1 = float(math.cos(theta) - dot * math.sin(theta) / math.sin(theta_0))
            s2 = math.sin(theta) / math.sin(theta_0)
            out = np.r_[s1, 0, 0, 0] + (q * s2)
            qi.append(out)

        return UnitQuaternion(qi)

    def increment(self, w: ArrayLike3, normalize: Optional[bool] = False) -> None:

        # is (v, theta) or None
        try:
            v, theta = smb.unitvec_norm(w)
        except ValueError:
            # zero update
            return

        ds = math.cos(theta / 2)
        dv = math.sin(theta / 2) * v

        updated = smb.qqmul(self.A, np.r_[ds, dv])
        if normalize:
            updated = smb.qunit(updated)
        self.data = [updated]

    def rpy(
        self, unit: Optional[str] = "rad", order: Optional[str] = "zyx"
    ) -> Union[R3, RNx3]:
        if len(self) == 1:
            return smb.tr2rpy(self.R, unit=unit, order=order)
        else:
            return np.array([smb.tr2rpy(q.R, unit=unit, order=order) for q in self])

    def eul(self, unit: Optional[str] = "rad") -> Union[R3, RNx3]:
        if len(self) == 1:
            return smb.tr2eul(self.R, unit=unit)
        else:
            return np.array([smb.tr2eul(q.R, unit=unit) for q in self])

    def angvec(self, unit: Optional[str] = "rad") -> Tuple[float, R3]:
        return smb.tr2angvec(self.R, unit=unit)

    # def log(self):
    #     r"""
    #     Logarithm of unit quaternion

    #     :rtype: Quaternion instance

    #     ``q.log()`` is the logarithm of the unit quaternion ``q``, ie.

    #     .. math::

    #          0  \langle \frac{\mathb{v}}{\| \mathbf{v} \|} \acos s \rangle

    #     Example:

    #     .. runblock:: pycon

    #         >>> from spatialmath import UnitQuaternion
    #         >>> q = UnitQuaternion.Rx(0.3)
    #         >>> print(q.log())

    #     :reference: `Wikipedia <https://en.wikipedia.org/wiki/Quaternion#Exponential,_logarithm,_and_power_functions>`_

    #     :seealso: :meth:`Quaternion.Quaternion.log`, `~spatialmath.quaternion.Quaternion.exp`
    #     """
    #     return Quaternion(s=0, v=math.acos(self.s) * smb.unitvec(self.v))

    def angdist(self, other: UnitQuaternion, metric: Optional[int] = 3) -> float:
        if not isinstance(other, UnitQuaternion):
            raise TypeError("bad operand")

        if metric == 0:
            measure = lambda p, q: 1 - abs(np.dot(p, q))
        elif metric == 1:
            measure = lambda p, q: math.acos(min(1.0, abs(np.dot(p, q))))
        elif metric == 2:
            measure = lambda p, q: math.acos(min(1.0, abs(np.dot(p, q))))
        elif metric == 3:

            def metric3(p, q):
                x = smb.norm(p - q)
                y = smb.norm(p + q)
                if x >= y:
                    return 2 * math.atan(y / x)
                else:
                    return 2 * math.atan(x / y)

            measure = metric3
        elif metric == 4:
            measure = lambda p, q: math.acos(min(1.0, 2 * np.dot(p, q) ** 2 - 1))

        ad = self.binop(other, measure)
        if len(ad) == 1:
            return ad[0]
        else:
            return np.array(ad)

    def SO3(self) -> SO3:
        return SO3(self.R, check=False)

    def SE3(self) -> SE3:
        return SE3(smb.r2t(self.R), check=False)


# --- the cases: each builds its objects from the traced arrays inside the function --------------------------------------
# SE(3) and SO(3)
def se3_compose(theta, t):
    T = SE3.Rx(theta) * SE3.Trans(t)
    return T.A


def se3_transform_point(rpy, t, p):
    T = SE3.RPY(rpy) * SE3(t)
    return T * p


def se3_pose_array_times_point(thetas, p):
    return SE3.Rz(thetas) * p


def se3_inverse(rpy, t):
    T = SE3.RPY(rpy, order="yxz") * SE3.Trans(t)
    return T.inv().A, (T * T.inv()).A


def se3_properties(T):
    X = SE3(T)
    return X.t, X.R, X.x, X.y, X.z, X.n, X.o, X.a


def se3_equality(rpy, t):
    T1 = SE3.RPY(rpy) * SE3.Trans(t)
    T2 = SE3.Trans(t) * SE3.RPY(rpy)
    return T1 == T1 * SE3(), T1 == T2


def se3_not_equal(rpy, t):
    T1 = SE3.RPY(rpy) * SE3.Trans(t)
    T2 = SE3.Trans(t) * SE3.RPY(rpy)
    return T1 != T2


def se3_matmul(rpy1, rpy2, t):
    return (SE3.RPY(rpy1) @ SE3.RPY(rpy2) @ SE3.Trans(t)).A


def se3_divide(rpy1, rpy2, t):
    T1 = SE3.RPY(rpy1) * SE3.Trans(t)
    T2 = SE3.RPY(rpy2)
    return (T1 / T2).A, T1 / 2.0


def se3_add_subtract(rpy1, rpy2):
    T1 = SE3.RPY(rpy1)
    T2 = SE3.Eul(rpy2)
    return T1 + T2, T1 - T2, T1 + 1.0


def se3_scale(rpy, s):
    T = SE3.RPY(rpy)
    return T * s, s * T


def se3_power(rpy, t):
    T = SE3.RPY(rpy) * SE3.Trans(t)
    return (T ** 3).A


def se3_sequence(thetas):
    T = SE3.Rz(thetas)
    return len(T), T[2].A, T[1:3].A, T[-1].A, T[:-2].A


def se3_append(thetas):
    T = SE3()
    for th in thetas:
        T.append(SE3.Rx(th))
    return len(T), T.A


def se3_setitem_pop(thetas, a):
    T = SE3.Rz(thetas)
    T[1] = SE3.Rx(a)
    last = T.pop()
    return T.A, last.A


def se3_prod(thetas, t):
    T = SE3.Rz(thetas) * SE3.Trans(t)
    return T.prod().A, T.prod(norm=True).A


def se3_log(rpy, t):
    T = SE3.RPY(rpy) * SE3.Trans(t)
    return T.log(), T.log(twist=True)


def se3_exp(twist):
    return SE3.Exp(twist).A


def so3_exp(w):
    return SO3.Exp(w).A, SO3.EulerVec(w).A, SE3.EulerVec(w).A


def se3_adjoint_jacobian(rpy, t):
    T = SE3.RPY(rpy) * SE3.Trans(t)
    return T.Ad(), T.jacob()


def se3_interp(rpy1, t1, rpy2, t2):
    T1 = SE3.RPY(rpy1) * SE3.Trans(t1)
    T2 = SE3.RPY(rpy2) * SE3.Trans(t2)
    return T1.interp(T2, 5).A


def se3_angdist(rpy1, rpy2):
    T1 = SE3.RPY(rpy1)
    T2 = SE3.RPY(rpy2)
    return T1.angdist(T2), T1.angdist(T2, metric=5), T1.angdist(T2, metric=3)


def so3_angdist(rpy1, rpy2):
    R1 = SO3.RPY(rpy1)
    R2 = SO3.RPY(rpy2)
    return R1.angdist(R2), R1.angdist(R2, metric=5), R1.angdist(R2, metric=1)


def so3_euler_rpy(rpy):
    R = SO3.RPY(rpy)
    return R.eul(), R.eul(flip=True), R.rpy(), R.rpy(order="xyz"), R.rpy(order="yxz", unit="deg")


def se3_mean(rpys, t):
    T = SE3.RPY(rpys) * SE3.Trans(t)
    return T.mean().A


def so3_two_vectors(x, y, z):
    return SO3.TwoVectors(x=x, y=y).A, SO3.TwoVectors(y=y, z=z).A, SO3.TwoVectors(x="-z", z=z).A


def so3_rotated_vector(v1, v2):
    return SO3.RotatedVector(v1, v2).A


def so3_angvec(theta, v):
    R = SO3.AngVec(theta, v)
    return R.A, R.angvec(), R.eulervec(), SE3.AngleAxis(theta, v, unit="deg").A


def so3_oa(o, a):
    return SO3.OA(o, a).A, SE3.OA(o, a).A


def so3_conjugation(rpy, t, A, B):
    return SO3.RPY(rpy).conjugation(A), (SE3.RPY(rpy) * SE3.Trans(t)).conjugation(B)


def se3_from_rotation(R, t):
    return SE3.Rt(R, t).A, SE3.Rt(SO3(R), t).A, SE3.CopyFrom(SE3.Rt(R, t).A).A


def se3_repr(rpy, t):
    T = SE3.RPY(rpy) * SE3.Trans(t)
    return repr(T)


def se3_str(rpy, t):
    T = SE3.RPY(rpy) * SE3.Trans(t)
    return str(T)


def se3_setters(rpy, t, z):
    T = SE3.RPY(rpy)
    T.t = t
    T.z = z
    return T.A


def se3_promote_demote(rpy, t):
    R = SO3.RPY(rpy)
    T = SE3(R) * SE3.Trans(t)
    return T.A, SO3(T).A, T.isSE, SO3(T).isSO, T.N


def se3_yaw_se2(rpy, t):
    T = SE3.Trans(t) * SE3.RPY(rpy)
    return T.yaw_SE2().A, T.yaw_SE2(order="xyz").A


def se3_translations(x, y, z):
    return (SE3.Tx(x) * SE3.Ty(y) * SE3.Tz(z)).A, SE3.Trans(x, y, z).A


def se3_rotations_with_t(theta, t):
    return SE3.Rx(theta, t=t).A, SE3.Ry(theta, unit="deg").A, SE3.Rz(theta, t=t).A


# SE(2) and SO(2)
def se2_compose(x, y, theta, x2, y2, theta2):
    return (SE2(x, y, theta) * SE2(x2, y2, theta2)).A


def se2_transform_point(x, y, theta, p):
    return SE2(x, y, theta) * p


def se2_inverse_xyt(x, y, theta):
    T = SE2(x, y, theta, unit="deg")
    return T.inv().A, T.xyt(), (T * T.inv()).A


def se2_properties(x, y, theta):
    T = SE2(x, y, theta)
    return T.t, T.x, T.y, T.R


def so2_theta(theta, thetas):
    R = SO2(theta)
    Rs = SO2(thetas)
    return R.A, R.theta(), R.theta(unit="deg"), Rs.theta(), (R * R.inv()).A


def se2_log_exp(x, y, theta):
    T = SE2(x, y, theta)
    tw = T.log(twist=True)
    return tw, SE2.Exp(tw).A, SO2.Exp(SO2(theta).log()).A


def se2_from_vector(v2, v3):
    return SE2(v2).A, SE2(v3).A


def se2_rot_translate(thetas, x):
    return (SE2.Rot(thetas) * SE2.Tx(x) * SE2.Ty(x)).A


# Quaternion and UnitQuaternion
def quaternion_operators(q1, q2):
    Q1 = Quaternion(q1)
    Q2 = Quaternion(q2)
    return (Q1 * Q2).vec, (Q1 + Q2).vec, (Q1 - Q2).vec


def quaternion_scalar(q, s):
    Q = Quaternion(q)
    return (Q * s).vec, (2.0 * Q).vec


def quaternion_from_parts(s, v):
    Q = Quaternion(s, v)
    return Q.vec, Q.s, Q.v, Q.vec_xyzs, Quaternion.Pure(v).vec


def quaternion_conj_norm_unit(q):
    Q = Quaternion(q)
    return Q.conj().vec, Q.norm(), Q.unit().vec


def quaternion_log_exp(q):
    Q = Quaternion(q)
    return Q.log().vec, Q.exp().vec, Q.log().exp().vec


def quaternion_equality(q1, q2):
    Q1 = Quaternion(q1)
    return Q1 == Quaternion(q1), Q1 == Quaternion(q2), Q1 != Quaternion(q2)


def quaternion_inner_matrix(q1, q2):
    Q1 = Quaternion(q1)
    Q2 = Quaternion(q2)
    return Q1.inner(Q2), Q1.matrix


def quaternion_repr(q):
    return repr(Quaternion(q))


def quaternion_sequence(s, v):
    Q = Quaternion(s, v)
    return len(Q), Q[1].vec, Q.s, Q.v, Q.vec, Q.norm(), [q.norm() for q in Q]


def unitquaternion_rotate(rpy, v, P):
    q = UnitQuaternion.RPY(rpy)
    return q * v, q * P


def unitquaternion_from_matrix(R):
    return UnitQuaternion(R).vec


def unitquaternion_from_vector(q):
    return UnitQuaternion(q).vec


def unitquaternion_compose(rpy1, rpy2):
    q1 = UnitQuaternion.RPY(rpy1)
    q2 = UnitQuaternion.Eul(rpy2)
    return (q1 * q2).vec, (q1 / q2).vec, (q1 @ q2).vec, q1.inv().vec, (-q1).vec


def unitquaternion_angles(rpy):
    q = UnitQuaternion.RPY(rpy, order="xyz")
    return q.rpy(), q.eul(), q.angvec()


def unitquaternion_interp(rpy1, rpy2):
    q1 = UnitQuaternion.RPY(rpy1)
    q2 = UnitQuaternion.RPY(rpy2)
    return q1.interp(q2, 5, shortest=True).vec, q1.interp1(4).vec


def unitquaternion_angdist(rpy1, rpy2):
    q1 = UnitQuaternion.RPY(rpy1)
    q2 = UnitQuaternion.RPY(rpy2)
    return [q1.angdist(q2, metric=m) for m in range(5)]


def unitquaternion_increment(rpy, w):
    q = UnitQuaternion.RPY(rpy)
    q.increment(w)
    q.increment(np.zeros(3))
    q.increment(w, normalize=True)
    return q.vec


def unitquaternion_conversions(rpy):
    q = UnitQuaternion.RPY(rpy)
    return q.SO3().A, q.SE3().A, q.R, q.vec3, UnitQuaternion.Vec3(q.vec3).vec, SO3.RPY(rpy).UnitQuaternion().vec


def unitquaternion_constructors(theta, v, o, a):
    return (UnitQuaternion.Rx(theta).vec, UnitQuaternion.Ry(theta).vec, UnitQuaternion.Rz(theta, unit="deg").vec,
            UnitQuaternion.AngVec(theta, v).vec, UnitQuaternion.EulerVec(v).vec, UnitQuaternion.OA(o, a).vec)


def unitquaternion_rates(rpy, w):
    q = UnitQuaternion.RPY(rpy)
    return q.dot(w), q.dotb(w)


def unitquaternion_equality(rpy1, rpy2):
    q1 = UnitQuaternion.RPY(rpy1)
    q2 = UnitQuaternion(-q1.vec)
    return q1 == q2, q1 == UnitQuaternion.RPY(rpy2), q1 != UnitQuaternion.RPY(rpy2)


def unitquaternion_from_poses(rpys):
    return UnitQuaternion(SE3.RPY(rpys)).vec, UnitQuaternion(SO3.RPY(rpys[0])).vec


# --- inputs ---------------------------------------------------------------------------------------------------------
def _scalar(rng, low=-1.0, high=1.0):
    return np.float64(rng.uniform(low, high))


def _rpy(rng):
    return rng.uniform(-1.2, 1.2, size=3)


def _unit(rng, n=3):
    v = rng.normal(size=n)
    return v / np.linalg.norm(v)


def _rotation(rng):
    return rpy2r(rng.uniform(-1.2, 1.2, size=3))


def _pose(rng):
    return rt2tr(_rotation(rng), rng.normal(size=3))


def _rotation_about(axis, low, high):
    def make(rng):
        return (angvec2r(rng.uniform(low, high), axis),)
    return make


def _mixed_quaternion(rng):
    # q[0] >= 0 for one generator, < 0 for the other: qunit's `if q[0] >= 0` takes both branches
    q = _unit(rng, 4)
    return (q if (q[0] >= 0) == (rng.uniform() < 0.5) else -q,)


def _xyt(rng):
    return (_scalar(rng, -2.0, 2.0), _scalar(rng, -2.0, 2.0), _scalar(rng, -2.5, 2.5))


CASES = [
    # SE(3) / SO(3): the constructors, operators and properties
    case(se3_compose, lambda rng: (_scalar(rng, -3.0, 3.0), rng.normal(size=3)),
         SM("pose3d.py", "SE3.Rx / SE3.Trans / BasePoseMatrix.__mul__", "a NumPy scalar angle: getvector's [v]; pose x pose")),
    case(se3_transform_point, lambda rng: (_rpy(rng), rng.normal(size=3), rng.normal(size=3)),
         SM("pose3d.py", "SE3.RPY / SE3.__init__ / BasePoseMatrix.__mul__", "SE3(3-vector) after arghandler's ishom fails; pose x vector: e2h, h2e")),
    case(se3_pose_array_times_point, lambda rng: (rng.uniform(-3.0, 3.0, size=4), rng.normal(size=3)),
         SM("baseposematrix.py", "BasePoseMatrix.__mul__", "four poses x one vector: np.array([...]).T")),
    case(se3_inverse, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("pose3d.py", "SE3.inv / trinv", "order='yxz'")),
    case(se3_properties, lambda rng: (_pose(rng),),
         SM("pose3d.py", "SE3.__init__ / t / R / x / y / z / n / o / a", "SE3(ndarray) with check=True: ishom's isR of the values")),
    case(se3_equality, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("baseposematrix.py", "BasePoseMatrix.__eq__ / _op2", "np.allclose")),
    case(se3_not_equal, lambda rng: (_rpy(rng), rng.normal(size=3)),
         SM("baseposematrix.py", "BasePoseMatrix.__ne__", "not eq if isinstance(eq, bool)")),
    case(se3_matmul, lambda rng: (_rpy(rng), _rpy(rng), rng.normal(size=3)), SM("baseposematrix.py", "BasePoseMatrix.__matmul__", "trnorm of each product")),
    case(se3_divide, lambda rng: (_rpy(rng), _rpy(rng), rng.normal(size=3)),
         SM("baseposematrix.py", "BasePoseMatrix.__truediv__", "by a pose (its inverse) and by a Python float")),
    case(se3_add_subtract, lambda rng: (_rpy(rng), _rpy(rng)),
         SM("baseposematrix.py", "BasePoseMatrix.__add__ / __sub__ / _op2", "pose + pose, pose - pose, pose + float: arrays")),
    case(se3_scale, lambda rng: (_rpy(rng), _scalar(rng, 0.5, 2.0)),
         SM("baseposematrix.py", "BasePoseMatrix.__mul__ / __rmul__", "a NumPy scalar on either side (__array_ufunc__ = None)")),
    case(se3_power, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("baseposematrix.py", "BasePoseMatrix.__pow__", "assert type(n) is int; matrix_power")),
    case(se3_sequence, lambda rng: (rng.uniform(-3.0, 3.0, size=5),),
         SM("baseposelist.py", "BasePoseList.__getitem__ / __len__ / A", "five poses: an index, slices, a negative stop")),
    case(se3_append, lambda rng: (rng.uniform(-3.0, 3.0, size=4),),
         SM("baseposelist.py", "BasePoseList.append", "a for over an array argument appending poses")),
    case(se3_setitem_pop, lambda rng: (rng.uniform(-3.0, 3.0, size=4), _scalar(rng)),
         SM("baseposelist.py", "BasePoseList.__setitem__ / pop", "type(self) == type(value)")),
    case(se3_prod, lambda rng: (rng.uniform(-3.0, 3.0, size=4), rng.normal(size=3)), SM("baseposematrix.py", "BasePoseMatrix.prod", "norm=False and True")),
    case(se3_log, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("base/transforms3d.py", "BasePoseMatrix.log / trlog", "SE(3), as a matrix and a twist")),
    case(se3_exp, lambda rng: (rng.normal(size=6),), SM("base/transforms3d.py", "SE3.Exp / trexp", "a 6-vector: unittwist_norm, rodrigues")),
    case(so3_exp, lambda rng: (rng.normal(size=3),), SM("pose3d.py", "SO3.Exp / SO3.EulerVec / SE3.EulerVec", "trexp of a 3-vector, angvec2r")),
    case(se3_adjoint_jacobian, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("pose3d.py", "SE3.Ad / SE3.jacob", "np.block")),
    case(se3_interp, lambda rng: (_rpy(rng), rng.normal(size=3), _rpy(rng), rng.normal(size=3)),
         SM("baseposematrix.py", "BasePoseMatrix.interp / trinterp / qslerp", "five steps: np.linspace, r2q's argmax branches")),
    case(se3_angdist, lambda rng: (_rpy(rng), _rpy(rng)),
         SM("pose3d.py", "SE3.angdist", "metrics 6, 5 and 3 (through UnitQuaternion(self), its function-level import dropped)")),
    case(so3_angdist, lambda rng: (_rpy(rng), _rpy(rng)), SM("pose3d.py", "SO3.angdist", "metrics 6, 5 and 1")),
    case(so3_euler_rpy, lambda rng: (_rpy(rng),), SM("base/transforms3d.py", "SO3.eul / SO3.rpy / tr2eul / tr2rpy", "three orders, flip, degrees: argmax branches")),
    case(se3_mean, lambda rng: (rng.uniform(-0.4, 0.4, size=(5, 3)), rng.normal(size=3)),
         SM("pose3d.py", "SE3.mean / SO3.mean", "a while True until the update's norm is below eps")),
    case(so3_two_vectors, lambda rng: (rng.normal(size=3), rng.normal(size=3), rng.normal(size=3)),
         SM("pose3d.py", "SO3.TwoVectors", "x and y, y and z, and '-z' as a string")),
    case(so3_rotated_vector, lambda rng: (rng.normal(size=3), rng.normal(size=3)), SM("pose3d.py", "SO3.RotatedVector", "abs(s) < tol * eps")),
    case(so3_angvec, lambda rng: (_scalar(rng, 0.2, 3.0), rng.normal(size=3)),
         SM("pose3d.py", "SO3.AngVec / SO3.angvec / SO3.eulervec / SE3.AngleAxis", "tr2angvec's try: norm, unitvec / except ValueError")),
    case(so3_oa, lambda rng: (rng.normal(size=3), rng.normal(size=3)), SM("pose3d.py", "SO3.OA / SE3.OA", "oa2r")),
    case(so3_conjugation, lambda rng: (_rpy(rng), rng.normal(size=3), rng.normal(size=(3, 3)), rng.normal(size=(4, 4))),
         SM("baseposematrix.py", "BasePoseMatrix.conjugation", "isSO: type(self).__name__")),
    case(se3_from_rotation, lambda rng: (_rotation(rng), rng.normal(size=3)),
         SM("pose3d.py", "SE3.Rt / SE3.CopyFrom / SO3.__init__", "isrot(R, check=True) and rt2tr(check=True) on the values")),
    case(se3_repr, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("baseposematrix.py", "BasePoseMatrix.__repr__", "removesmall, ndarray.__repr__")),
    case(se3_str, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("baseposematrix.py", "BasePoseMatrix.__str__ / _string_color", "format of each element")),
    case(se3_setters, lambda rng: (_rpy(rng), rng.normal(size=3), _scalar(rng)), SM("pose3d.py", "SE3.t / SE3.z setters", "writes into self.A")),
    case(se3_promote_demote, lambda rng: (_rpy(rng), rng.normal(size=3)),
         SM("pose3d.py", "SE3.__init__ / SO3.__init__ / isSE / isSO / N", "SE3(SO3), SO3(SE3): type(self).__name__")),
    case(se3_yaw_se2, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("pose3d.py", "SE3.yaw_SE2", "orders zyx and xyz")),
    case(se3_translations, lambda rng: (_scalar(rng), _scalar(rng), _scalar(rng)),
         SM("pose3d.py", "SE3.Tx / Ty / Tz / Trans", "Trans(x, y, z): cls(np.array([x, y, z])) with check=True")),
    case(se3_rotations_with_t, lambda rng: (_scalar(rng, -3.0, 3.0), rng.normal(size=3)),
         SM("pose3d.py", "SE3.Rx / Ry / Rz", "t= and unit='deg'")),
    # SE(2) / SO(2)
    case(se2_compose, lambda rng: _xyt(rng) + _xyt(rng), SM("pose2d.py", "SE2.__init__ / BasePoseMatrix.__mul__", "SE2(x, y, theta)")),
    case(se2_transform_point, lambda rng: _xyt(rng) + (rng.normal(size=2),), SM("pose2d.py", "BasePoseMatrix.__mul__", "SE(2) x vector")),
    case(se2_inverse_xyt, lambda rng: (_scalar(rng), _scalar(rng), _scalar(rng, -170.0, 170.0)), SM("pose2d.py", "SE2.inv / SE2.xyt", "degrees")),
    case(se2_properties, lambda rng: _xyt(rng), SM("pose2d.py", "SE2.t / x / y / SO2.R")),
    case(so2_theta, lambda rng: (_scalar(rng, -3.0, 3.0), rng.uniform(-3.0, 3.0, size=3)),
         SM("pose2d.py", "SO2.__init__ / SO2.theta / SO2.inv", "a scalar and a vector of angles")),
    case(se2_log_exp, lambda rng: _xyt(rng), SM("base/transforms2d.py", "SE2.log / SE2.Exp / SO2.Exp / trlog2 / trexp2", "iseye, atan")),
    case(se2_from_vector, lambda rng: (rng.normal(size=2), rng.normal(size=3)), SM("pose2d.py", "SE2.__init__", "len(x) == 2 and len(x) == 3")),
    case(se2_rot_translate, lambda rng: (rng.uniform(-3.0, 3.0, size=3), _scalar(rng)), SM("pose2d.py", "SE2.Rot / Tx / Ty", "three poses x one")),
    # Quaternion / UnitQuaternion
    case(quaternion_operators, lambda rng: (rng.normal(size=4), rng.normal(size=4)), SM("quaternion.py", "Quaternion.__mul__ / __add__ / __sub__", "binop")),
    case(quaternion_scalar, lambda rng: (rng.normal(size=4), _scalar(rng)), SM("quaternion.py", "Quaternion.__mul__ / __rmul__", "Q * a NumPy scalar, a Python float * Q (a NumPy scalar would make NumPy iterate the UserList)")),
    case(quaternion_from_parts, lambda rng: (_scalar(rng), rng.normal(size=3)),
         SM("quaternion.py", "Quaternion.__init__ / s / v / vec / vec_xyzs / Pure", "Quaternion(s, v)")),
    case(quaternion_conj_norm_unit, lambda rng: (rng.normal(size=4),), SM("quaternion.py", "Quaternion.conj / norm / unit")),
    case(quaternion_log_exp, lambda rng: (rng.normal(size=4),), SM("quaternion.py", "Quaternion.log / exp", "math.exp, math.acos, iszerovec")),
    case(quaternion_equality, lambda rng: (rng.normal(size=4), rng.normal(size=4)),
         SM("quaternion.py", "Quaternion.__eq__ / __ne__", "assert isinstance(left, type(right)); qisequal")),
    case(quaternion_inner_matrix, lambda rng: (rng.normal(size=4), rng.normal(size=4)), SM("quaternion.py", "Quaternion.inner / matrix")),
    case(quaternion_repr, lambda rng: (rng.normal(size=4),), SM("quaternion.py", "Quaternion.__repr__")),
    case(quaternion_sequence, lambda rng: (rng.normal(size=3), rng.normal(size=(3, 3))),
         SM("quaternion.py", "Quaternion.__init__ / s / v / norm", "arrays of scalars and vectors: three quaternions, iterated")),
    case(unitquaternion_rotate, lambda rng: (_rpy(rng), rng.normal(size=3), rng.normal(size=(3, 4))),
         SM("quaternion.py", "UnitQuaternion.RPY / __mul__", "x a vector and x a 3x4 stack")),
    case(unitquaternion_from_matrix, lambda rng: (_rotation(rng),), SM("quaternion.py", "UnitQuaternion.__init__ / r2q", "a rotation: isrot(check=True), r2q")),
    case(unitquaternion_from_matrix, _rotation_about([1.0, 0.0, 0.0], 2.9, 3.1),
         SM("base/quaternions.py", "UnitQuaternion.__init__ / r2q", "about x by nearly pi: argmax 1"), name="spatialmath.unitquaternion_from_matrix_x"),
    case(unitquaternion_from_matrix, _rotation_about([0.0, 0.0, 1.0], 2.9, 3.1),
         SM("base/quaternions.py", "UnitQuaternion.__init__ / r2q", "about z by nearly pi: argmax 3"), name="spatialmath.unitquaternion_from_matrix_z"),
    case(unitquaternion_from_vector, _mixed_quaternion,
         SM("quaternion.py", "UnitQuaternion.__init__ / qunit", "q[0] >= 0 for one generator, < 0 for the other"), name="spatialmath.unitquaternion_from_vector_mixed"),
    case(unitquaternion_compose, lambda rng: (_rpy(rng), _rpy(rng)),
         SM("quaternion.py", "UnitQuaternion.__mul__ / __truediv__ / __matmul__ / inv / __neg__", "Eul and RPY")),
    case(unitquaternion_angles, lambda rng: (_rpy(rng),), SM("quaternion.py", "UnitQuaternion.rpy / eul / angvec", "order='xyz'")),
    case(unitquaternion_interp, lambda rng: (_rpy(rng), _rpy(rng)),
         SM("quaternion.py", "UnitQuaternion.interp / interp1", "shortest: if dot < 0; a for over np.linspace")),
    case(unitquaternion_angdist, lambda rng: (_rpy(rng), _rpy(rng)), SM("quaternion.py", "UnitQuaternion.angdist", "metrics 0 to 4: lambdas and a nested def")),
    case(unitquaternion_increment, lambda rng: (_rpy(rng), rng.normal(scale=0.1, size=3)),
         SM("quaternion.py", "UnitQuaternion.increment", "try: unitvec_norm / except ValueError: return, for a zero update")),
    case(unitquaternion_conversions, lambda rng: (_rpy(rng),), SM("quaternion.py", "UnitQuaternion.SO3 / SE3 / R / vec3 / Vec3; SO3.UnitQuaternion")),
    case(unitquaternion_constructors, lambda rng: (_scalar(rng, -3.0, 3.0), rng.normal(size=3), rng.normal(size=3), rng.normal(size=3)),
         SM("quaternion.py", "UnitQuaternion.Rx / Ry / Rz / AngVec / EulerVec / OA", "getunit of a NumPy scalar")),
    case(unitquaternion_rates, lambda rng: (_rpy(rng), rng.normal(size=3)), SM("base/quaternions.py", "UnitQuaternion.dot / dotb / qdot / qdotb")),
    case(unitquaternion_equality, lambda rng: (_rpy(rng), _rpy(rng)),
         SM("quaternion.py", "UnitQuaternion.__eq__ / __ne__", "qisequal(unitq=True): q == -q")),
    case(unitquaternion_from_poses, lambda rng: (rng.uniform(-1.2, 1.2, size=(3, 3)),),
         SM("quaternion.py", "UnitQuaternion.__init__", "isinstance(s, SO3): three SE3 poses; one SO3")),
]
