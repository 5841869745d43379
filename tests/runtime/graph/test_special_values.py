"""NumPy's functions in graphs on special values: infinities, NaN, signed zeros, the largest finite
floats, a tiny normal float, integer extremes, empty, one-element and 0-d arrays, booleans and complex
numbers with infinite or NaN parts. Each case runs NumPy eagerly at test time (the oracle) and the
graph on both executors: the interpreter must give NumPy's result bit for bit (dtype, shape, values,
the sign of every zero); XLA the same, except its documented differences (docs/jax.md, docs/functions.md):
the last bits of its transcendental functions and sums (``jax_ulps``), subnormals flushed to zero, and the
ties between -0.0 and 0.0 of max / min / fmax / fmin (``jax_zero_ties``).
Where NumPy raises, the graph must raise the same exception class.

The hypothesis tests elsewhere draw finite values in [-20, 20]; this table is the special-value
survey. A case that fails today is an ``xfail(strict=True)`` naming its class (``KNOWN``), so it
flips when fixed."""

from __future__ import annotations

import inspect
import warnings
from typing import NamedTuple

import numpy as np
import pytest

import autograph

inf, nan = np.inf, np.nan
EXECUTORS = ("numpy", "jax")

# --- inputs -----------------------------------------------------------------------------------------------------------

F64 = np.array([inf, -inf, nan, -0.0, 0.0, 1e308, -1e308, 1e-300, 1.0, -2.0, 3.0, 0.5, 2.5])
F32 = np.array([inf, -inf, nan, -0.0, 0.0, 3e38, -3e38, 1e-30, 1.0, -2.0, 3.0, 0.5, 2.5], np.float32)
I64 = np.array([0, 1, -2, 3, 7, -7, np.iinfo(np.int64).max, np.iinfo(np.int64).min])
SMALL_INT = np.array([0, 1, -2, 3, 7, -7])
BOOL = np.array([True, False])
C128 = np.array([complex(inf, 0), complex(0, inf), complex(nan, 0), complex(0, nan), complex(inf, inf),
                 complex(-inf, nan), complex(-0.0, -0.0), complex(1, 2), complex(1e308, 1e308), 0j,
                 complex(-inf, 1), complex(-1, 0)])
EMPTY = np.zeros(0)
EMPTY_2D = np.zeros((0, 3))
ONE_NAN = np.array([nan])
ONE_NEG_ZERO = np.array([-0.0])
SCALAR_INF = np.array(-inf)
SCALAR_NEG_ZERO = np.array(-0.0)

# Rows for reductions along axis 1: each row one combination NumPy answers in its own way.
ROWS = np.array([
    [inf, 1.0, 2.0, 3.0],
    [inf, -inf, 1.0, 2.0],
    [nan, 1.0, inf, 2.0],
    [1.0, nan, -inf, 2.0],
    [-0.0, -0.0, -0.0, -0.0],
    [-0.0, 0.0, -0.0, 0.0],
    [0.0, -0.0, 0.0, -0.0],
    [1e308, 1e308, 1.0, 2.0],
    [-1e308, 1e308, 1e-300, 0.0],
    [nan, nan, nan, nan],
    [-inf, -inf, -inf, -inf],
    [1e-300, 1e-300, -0.0, 1.0],
    [3.0, 1.0, 3.0, 1.0],
])
NO_ALL_NAN_ROWS = ROWS[np.any(~np.isnan(ROWS), axis=1)]
ROWS32 = ROWS.astype(np.float32)  # 1e308 is inf in float32, 1e-300 is 0
INT_ROWS = np.array([[0, 1, -2, 3], [7, 7, 7, 7], [np.iinfo(np.int64).max, 1, 0, 0], [-1, 0, 0, 0]])
COMPLEX_ROWS = np.array([
    [complex(inf, 0), 1, 2j, 3],
    [complex(nan, 0), 1, 2, 3],
    [complex(0, nan), 1, 2, 3],
    [complex(inf, 1), complex(-inf, 1), 0, 1],
    [complex(-0.0, -0.0), complex(-0.0, -0.0), complex(-0.0, -0.0), complex(-0.0, -0.0)],
    [1 + 2j, 1 - 2j, 0, -1],
])


def grid(values: np.ndarray) -> list:
    """Every pair of the values, as a column and a row that broadcast."""
    return [values[:, None], values[None, :]]


SORTED_SPECIAL = np.array([-inf, -1e308, -2.0, -0.0, 0.0, 1e-300, 1.0, 1e308, inf, nan])


# --- the cases -------------------------------------------------------------------------------------------------------


class Case(NamedTuple):
    fn: object
    args: list
    # Documented differences of XLA (docs/jax.md, docs/functions.md), allowed on executor="jax" only:
    jax_ulps: int = 0  # its transcendental functions and sums round their last bits their own way
    jax_zero_ties: bool = False  # max / min / fmax / fmin (and sorts) between -0.0 and 0.0 keep XLA's zero


CASES: dict[str, Case] = {}
SUMS = 4  # ulps for a sum in XLA's order, where the terms do not cancel


def case(name: str, fn, *args, jax_ulps: int = 0, jax_zero_ties: bool = False) -> None:
    assert name not in CASES, name
    # autograph converts Python functions; NumPy's C dispatchers (np.sum) are called from a lambda.
    CASES[name] = Case(fn if inspect.isfunction(fn) else call(fn), list(args), jax_ulps, jax_zero_ties)


def call(f, **kw):
    return lambda *a: f(*a, **kw)


def each(f, count: int, **kw):
    """``f`` of each of ``count`` arguments, in one graph (one trace per case keeps the table fast)."""
    if count == 1:
        return lambda a: f(a, **kw)
    return lambda *xs: tuple(f(x, **kw) for x in xs)


def pairs(f, count: int, **kw):
    """``f`` of each of ``count`` pairs of arguments, in one graph."""
    if count == 1:
        return lambda a, b: f(a, b, **kw)
    return lambda *xs: tuple(f(x, y, **kw) for x, y in zip(xs[::2], xs[1::2]))


# XLA's own functions, whose last bits are XLA's (docs/functions.md: "its exp, log, tanh, pow").
TRANSCENDENTAL = {np.exp, np.exp2, np.expm1, np.log, np.log2, np.log10, np.log1p, np.sin, np.cos, np.tan, np.arcsin,
                  np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh, np.arccosh, np.arctanh, np.cbrt, np.sinc,
                  np.power, np.float_power, np.arctan2, np.hypot, np.logaddexp, np.logaddexp2}
# Ties between -0.0 and 0.0 that the lowering leaves as XLA gives them (docs/jax.md, "Left as XLA gives them").
ZERO_TIES = {np.fmax, np.fmin}


def ulps(f, key: str = "") -> int:
    # Complex parts "elsewhere may differ in the last bits" on XLA (docs/jax.md, "Complex numbers").
    return 4 if f in TRANSCENDENTAL or key == "c128" else 0


# --- elementwise functions: reals (float64, float32, int64 in one graph), booleans, complex, shapes -------------------

UNARY = [np.abs, np.negative, np.sign, np.sqrt, np.exp, np.exp2, np.expm1, np.log, np.log2, np.log10, np.log1p,
         np.sin, np.cos, np.tan, np.arcsin, np.arctan, np.sinh, np.cosh, np.tanh, np.arcsinh, np.arccosh, np.arctanh,
         np.floor, np.ceil, np.trunc, np.rint, np.fix, np.square, np.reciprocal, np.cbrt, np.sinc, np.angle,
         np.real, np.imag, np.conj, np.isnan, np.isinf, np.isfinite, np.signbit, np.isposinf, np.isneginf,
         np.nan_to_num, np.modf, np.deg2rad, np.fabs, np.logical_not, np.positive]
UNARY_INPUTS = {"real": [F64, F32, I64, EMPTY, SCALAR_INF, SCALAR_NEG_ZERO], "bool": [BOOL], "c128": [C128]}

for f in UNARY:
    for key, xs in UNARY_INPUTS.items():
        case(f"{f.__name__}[{key}]", each(f, len(xs)), *xs, jax_ulps=ulps(f, key))
for decimals in (0, 2, -1):
    case(f"round{decimals}[real]", each(np.round, 3, decimals=decimals), F64, F32, SMALL_INT)
    case(f"round{decimals}[c128]", each(np.round, 1, decimals=decimals), C128, jax_ulps=4)
    case(f"round{decimals}[neg_zero]", each(np.round, 1, decimals=decimals), SCALAR_NEG_ZERO)
case("nan_to_num_fills[f64]", call(np.nan_to_num, nan=-1.0, posinf=7.0, neginf=-7.0), F64)
case("nan_to_num_fills[c128]", call(np.nan_to_num, nan=-1.0, posinf=7.0, neginf=-7.0), C128)

BINARY = [np.add, np.subtract, np.multiply, np.divide, np.power, np.float_power, np.fmod, np.remainder,
          np.floor_divide, np.divmod, np.maximum, np.minimum, np.fmax, np.fmin, np.arctan2, np.hypot, np.copysign,
          np.nextafter, np.logaddexp, np.logaddexp2, np.heaviside, np.isclose, np.equal, np.less, np.greater_equal,
          np.not_equal, np.logical_and, np.logical_xor]
BINARY_INPUTS = {"real": [*grid(F64), *grid(F32), *grid(I64), EMPTY, EMPTY, SCALAR_NEG_ZERO, SCALAR_INF],
                 "bool": grid(BOOL), "c128": grid(C128)}

for f in BINARY:
    for key, xs in BINARY_INPUTS.items():
        case(f"{f.__name__}[{key}]", pairs(f, len(xs) // 2), *xs, jax_ulps=ulps(f, key), jax_zero_ties=f in ZERO_TIES)
case("isclose_equal_nan[f64]", call(np.isclose, equal_nan=True), *grid(F64))
case("isclose_equal_nan[c128]", call(np.isclose, equal_nan=True), *grid(C128))
case("power_int[i64]", call(np.power), SMALL_INT[:, None], np.array([0, 1, 2, 63])[None, :])

# --- reductions and scans: along rows of special combinations, of booleans, empty and one-element arrays -------------

REDUCTIONS = {
    "sum": np.sum, "prod": np.prod, "mean": np.mean, "var": np.var, "std": np.std, "min": np.min, "max": np.max,
    "argmin": np.argmin, "argmax": np.argmax, "nansum": np.nansum, "nanprod": np.nanprod, "nanmean": np.nanmean,
    "nanvar": np.nanvar, "nanstd": np.nanstd, "nanmin": np.nanmin, "nanmax": np.nanmax, "ptp": np.ptp,
    "median": np.median, "nanmedian": np.nanmedian, "cumsum": np.cumsum, "cumprod": np.cumprod,
    "nancumsum": np.nancumsum, "nancumprod": np.nancumprod, "count_nonzero": np.count_nonzero, "any": np.any,
    "all": np.all, "average": np.average, "sort": np.sort, "argsort_stable": call(np.argsort, kind="stable"),
    "cumulative_sum": np.cumulative_sum, "cumulative_prod": np.cumulative_prod,
}
SUMMING = {"sum", "mean", "var", "std", "nansum", "nanmean", "nanvar", "nanstd", "average", "cumsum", "nancumsum",
           "cumulative_sum", "median", "nanmedian"}
# The max / min reductions' tie between -0.0 and 0.0 is XLA's (docs/jax.md); a sort's order of equal zeros is
# unspecified, as argsort's ties.
TIES = {"min", "max", "nanmin", "nanmax", "ptp", "sort"}
for name, f in REDUCTIONS.items():
    flags = dict(jax_ulps=SUMS if name in SUMMING else 0, jax_zero_ties=name in TIES)
    if name in SUMMING:  # (apart: XLA's sum of one -0.0 is a known failure that would hide the rows')
        case(f"{name}[real]", each(f, 4, axis=-1), ROWS, ROWS32, INT_ROWS, ONE_NAN, **flags)
        case(f"{name}[neg_zero]", each(f, 1, axis=-1), ONE_NEG_ZERO, **flags)
    else:
        case(f"{name}[real]", each(f, 5, axis=-1), ROWS, ROWS32, INT_ROWS, ONE_NAN, ONE_NEG_ZERO, **flags)
    case(f"{name}[c128]", each(f, 1, axis=-1), COMPLEX_ROWS, **flags)
    case(f"{name}[bool]", each(f, 1, axis=0), np.array([[True, False], [False, False]]))
    case(f"{name}[empty]", each(f, 1, axis=0), EMPTY)
    case(f"{name}[empty_2d]", each(f, 1, axis=1), EMPTY_2D)
for name in ("sum", "prod", "mean", "min", "max", "argmin", "argmax", "median", "ptp", "any", "all"):
    case(f"{name}[scalar]", REDUCTIONS[name], SCALAR_NEG_ZERO)
case("any_all_imaginary[c128]", lambda x: (np.any(x, axis=1), np.all(x, axis=1), np.any(x), np.all(x[0])),
     np.array([[2j, 1j], [0j, complex(0, nan)], [0j, 0j]]))
case("prod_one_inf[c128]", np.prod, np.array([complex(inf, 0)]))
case("max_nan_middle[c128]", each(np.max, 2), np.array([1 + 0j, complex(nan, 0), 3]), np.array([1j, complex(0, nan)]))
for name in ("nanargmin", "nanargmax"):
    case(f"{name}[rows]", call(getattr(np, name), axis=1), NO_ALL_NAN_ROWS)
    case(f"{name}[all_nan]", call(getattr(np, name)), ONE_NAN)
case("var_ddof1[rows]", call(np.var, axis=1, ddof=1), ROWS, jax_ulps=SUMS)
case("sum_initial[rows]", call(np.sum, axis=1, initial=-0.0), ROWS)
case("max_initial[rows]", call(np.max, axis=1, initial=-inf), ROWS, jax_zero_ties=True)
case("average_weights[rows]", call(np.average, axis=1, weights=[1.0, 0.0, 2.0, 0.5]), ROWS, jax_ulps=SUMS)
case("average_weights_traced[rows]", lambda x, w: np.average(x, axis=1, weights=w), ROWS,
     np.array([1.0, 0.0, 2.0, 0.5]), jax_ulps=SUMS)

for method in ("linear", "lower", "higher", "midpoint", "nearest"):
    case(f"quantile_{method}[rows]", call(np.quantile, q=[0.0, 0.3, 0.5, 1.0], axis=1, method=method), ROWS)
case("percentile[rows32]", call(np.percentile, q=50.0, axis=1), ROWS32)
case("percentile[empty]", call(np.percentile, q=50.0), EMPTY)

# Whole vectors (axis=None) of every special value at once.
VECTOR_FUNCTIONS = {"sort": np.sort, "argsort_stable": call(np.argsort, kind="stable"), "unique": np.unique,
                    "max": np.max, "min": np.min, "argmax": np.argmax, "argmin": np.argmin}
for name, f in VECTOR_FUNCTIONS.items():
    case(f"{name}_vector[real]", each(f, 3), F64, F32, I64, jax_zero_ties=name in TIES)
    case(f"{name}_vector[c128]", each(f, 1), C128)
case("unique_counts[f64]", call(np.unique, return_counts=True, return_inverse=True), np.concatenate([F64, F64]))
case("unique_no_equal_nan[f64]", call(np.unique, equal_nan=False), np.concatenate([F64, F64]))
case("searchsorted_left[f64]", call(np.searchsorted), SORTED_SPECIAL, F64)
case("searchsorted_right[f64]", call(np.searchsorted, side="right"), SORTED_SPECIAL, F64)
case("searchsorted[f32]", call(np.searchsorted), SORTED_SPECIAL.astype(np.float32), F32)
case("searchsorted[c128]", call(np.searchsorted), np.sort(C128), C128)
case("digitize[f64]", call(np.digitize), F64, SORTED_SPECIAL[:-1])
case("digitize_right[f64]", call(np.digitize, right=True), F64, SORTED_SPECIAL[:-1])
case("digitize_decreasing[f64]", call(np.digitize), F64, SORTED_SPECIAL[:-1][::-1].copy())

# Selection and clipping.
case("clip[f64]", call(np.clip, a_min=-1.0, a_max=2.0), F64)
case("clip_nan_bound[f64]", call(np.clip, a_min=nan, a_max=2.0), F64)
case("clip_neg_zero_bounds[f64]", call(np.clip, a_min=-0.0, a_max=0.0), F64)
case("clip_traced_bounds[f64]", lambda x, lo, hi: np.clip(x, lo, hi), *grid(F64), np.float64(1.0))
case("clip[f32]", call(np.clip, a_min=-1.0, a_max=inf), F32)
case("clip[i64]", call(np.clip, a_min=-3, a_max=5), I64)
case("where[f64]", lambda x, y: np.where(x > y, x, y), *grid(F64))
case("where_neg_zero[f64]", lambda x: np.where(x == 0, x, -0.0), F64)
case("select[f64]", lambda x: np.select([x < 0, np.isnan(x)], [-x, 0.0], default=x), F64)

# Comparisons of whole arrays.
case("array_equal[f64]", np.array_equal, F64, F64.copy())
case("array_equal_nan[f64]", call(np.array_equal, equal_nan=True), F64, F64.copy())
case("array_equal_nan[c128]", call(np.array_equal, equal_nan=True), C128, C128.copy())
case("allclose[f64]", np.allclose, F64, F64.copy())
case("allclose_nan[f64]", call(np.allclose, equal_nan=True), F64, F64.copy())
case("allclose_inf_vs_big[f64]", np.allclose, np.array([inf, 1.0]), np.array([1e308, 1.0]))

# Interpolation, differences, integrals.
case("interp[f64]", call(np.interp, xp=[-1.0, 0.0, 1.0, 2.0], fp=[1.0, -0.0, 0.0, 3.0]), F64)
case("interp_inf_fp[f64]", call(np.interp, xp=[-1.0, 0.0, 1.0, 2.0], fp=[inf, 1.0, -inf, 3.0]), F64)
case("interp_traced[f64]", lambda x, xp, fp: np.interp(x, xp, fp), F64, np.array([-inf, 0.0, 1.0, inf]),
     np.array([1.0, 2.0, 3.0, 4.0]))
case("interp_left_right_nan[f64]", call(np.interp, xp=[0.0, 1.0], fp=[0.0, 1.0], left=nan, right=-0.0), F64)
case("interp_period[f64]", call(np.interp, xp=[0.0, 1.0, 2.0], fp=[0.0, 1.0, 4.0], period=3.0), F64)
case("diff[f64]", np.diff, F64)
case("diff_n2[rows]", call(np.diff, n=2, axis=1), ROWS)
case("diff[c128]", np.diff, C128)
case("diff_prepend[f64]", call(np.diff, prepend=-0.0, append=inf), F64)
case("ediff1d[f64]", call(np.ediff1d, to_begin=[nan]), F64)
case("gradient[f64]", np.gradient, F64)
case("gradient_rows[rows]", call(np.gradient, axis=1), ROWS)
case("gradient_edge2[f64]", call(np.gradient, edge_order=2), F64)
case("gradient_coords[f64]", lambda y, x: np.gradient(y, x), F64, np.arange(F64.size) ** 2.0)
case("trapezoid[rows]", call(np.trapezoid, axis=1), ROWS, jax_ulps=SUMS)
case("trapezoid_x[rows]", lambda y, x: np.trapezoid(y, x, axis=1), ROWS, np.array([0.0, 1.0, 1.0, 3.0]), jax_ulps=SUMS)
case("trapezoid[f64]", np.trapezoid, F64, jax_ulps=SUMS)

# Products: inf and NaN in dot products, zero coefficients meeting infinities.
VEC3 = np.array([[inf, 0.0, 1.0], [nan, 1.0, 0.0], [1.0, 2.0, 3.0], [-0.0, -0.0, -0.0], [1e308, 1e308, 0.0]])
ONES3 = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0], [-0.0, 0.0, 2.0]])
case("dot[vec]", np.dot, VEC3[0], ONES3[0], jax_ulps=SUMS)
case("dot_zero_times_inf[vec]", np.dot, np.array([inf, 1.0]), np.array([0.0, 1.0]), jax_ulps=SUMS)
case("dot_neg_zero[vec]", np.dot, np.array([-0.0, -0.0]), np.array([1.0, 1.0]), jax_ulps=SUMS)
case("dot[mat]", np.dot, VEC3, ONES3.T, jax_ulps=SUMS)
case("matmul[mat]", np.matmul, VEC3, ONES3.T, jax_ulps=SUMS)
case("matmul_f32[mat]", np.matmul, VEC3.astype(np.float32), ONES3.T.astype(np.float32), jax_ulps=SUMS)
case("matmul[c128]", np.matmul, C128[None, :4], C128[4:8, None], jax_ulps=SUMS)
case("inner[mat]", np.inner, VEC3, ONES3, jax_ulps=SUMS)
case("outer[f64]", np.outer, F64, F64)
case("einsum_ij_jk[mat]", lambda a, b: np.einsum("ij,kj->ik", a, b), VEC3, ONES3, jax_ulps=SUMS)
case("einsum_i_i[vec]", lambda a, b: np.einsum("i,i->", a, b), F64, F64, jax_ulps=SUMS)
case("einsum_ii[mat]", lambda a: np.einsum("ii->i", a), VEC3[:3], jax_ulps=SUMS)
case("tensordot[mat]", call(np.tensordot, axes=1), VEC3, ONES3.T, jax_ulps=SUMS)
case("kron[f64]", np.kron, F64[:4], np.array([0.0, -0.0, 1.0]))
case("cross[vec]", np.cross, VEC3, ONES3)
case("vdot[c128]", np.vdot, C128, C128, jax_ulps=SUMS)
case("trace[mat]", np.trace, VEC3[:3], jax_ulps=SUMS)
case("matvec_neg_zero[mat]", np.matmul, np.array([[-0.0, -0.0]]), np.array([1.0, 1.0]), jax_ulps=SUMS)
VECTOR_ORDS = (None, 0, 1, 2, 3, -1, -2, inf, -inf, 0.5)
MATRIX_ORDS = (None, "fro", "nuc", 1, -1, 2, -2, inf, -inf)


def norms(ords, **kw):
    return lambda x: tuple(np.linalg.norm(x, ord=o, **kw) for o in ords)


for key, x in {"f64": F64, "c128": C128, "empty": EMPTY}.items():
    case(f"norm_vector[{key}]", norms(VECTOR_ORDS), x, jax_ulps=SUMS)
case("norm_vector[rows]", norms(VECTOR_ORDS, axis=1), ROWS, jax_ulps=SUMS)
case("norm_matrix[mat]", norms(MATRIX_ORDS), VEC3[2:4], jax_ulps=SUMS)
case("norm_matrix[nan]", norms(MATRIX_ORDS), np.array([[nan, 1.0], [inf, 0.0]]), jax_ulps=SUMS)
case("norm_huge[f64]", np.linalg.norm, np.array([1e200, 1e200]), jax_ulps=SUMS)
case("cov[rows]", np.cov, ROWS[:9], jax_ulps=SUMS)
case("corrcoef[rows]", np.corrcoef, ROWS[:9], jax_ulps=SUMS)
case("cov_constant_row", np.corrcoef, np.array([[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]]), jax_ulps=SUMS)

# Histograms and counts.
case("histogram_range[f64]", call(np.histogram, bins=4, range=(-3.0, 3.0)), F64)
case("histogram_nonfinite[f64]", call(np.histogram, bins=4), F64)
case("histogram_edges_inf[f64]", call(np.histogram, bins=[-inf, -1.0, 0.0, 1.0, inf]), F64)
case("histogram_one_value[f64]", call(np.histogram, bins=3), np.array([2.0, 2.0]))
case("histogram_empty[f64]", call(np.histogram, bins=3), EMPTY)
case("histogram_weights_inf[f64]", call(np.histogram, bins=2, range=(0.0, 4.0)), np.array([1.0, 3.0]))
case("bincount_weights_inf", call(np.bincount, minlength=4), np.array([0, 1, 1, 3]), np.array([inf, -inf, 1.0, nan]))
case("bincount_empty", call(np.bincount, minlength=3), np.zeros(0, np.int64))

# Windows (the class just fixed: padding zeros times inf).
case("convolve_full[f64]", np.convolve, np.array([inf, 1.0, nan]), np.array([1.0, 0.0, -0.0]))
case("correlate_same[f64]", call(np.correlate, mode="same"), np.array([-inf, 1.0, 2.0, 3.0]), np.array([1.0, 2.0]))
case("convolve_neg_zero[f64]", np.convolve, np.array([-0.0, -0.0]), np.array([1.0, 1.0]))

# Polynomials and friends.
case("polyval[f64]", lambda p, x: np.polyval(p, x), np.array([1.0, 0.0, -2.0]), F64)
case("polyval_inf_coef[f64]", lambda p, x: np.polyval(p, x), np.array([inf, 0.0]), F64)
case("vander[f64]", call(np.vander, N=3), F64)
case("vander_increasing[f64]", call(np.vander, N=3, increasing=True), F64)
case("isin[f64]", lambda x, y: np.isin(x, y), F64, np.array([nan, -0.0, inf]))
case("nonzero[f64]", np.nonzero, F64)
case("argwhere[f64]", np.argwhere, F64)
case("flatnonzero[c128]", np.flatnonzero, C128)
case("count_nonzero_vector[c128]", np.count_nonzero, C128)
case("linspace_inf", lambda a, b: np.linspace(a, b, 3), np.float64(0.0), np.float64(inf))
case("linspace_neg_zero", lambda a, b: np.linspace(a, b, 3), np.float64(-0.0), np.float64(-0.0))
case("ufunc_reduce_fmax[rows]", call(np.fmax.reduce, axis=1), ROWS, jax_zero_ties=True)
case("ufunc_reduce_maximum[rows]", call(np.maximum.reduce, axis=1), ROWS, jax_zero_ties=True)
case("ufunc_accumulate_maximum[rows]", call(np.maximum.accumulate, axis=1), ROWS, jax_zero_ties=True)
case("ufunc_accumulate_fmin[rows]", call(np.fmin.accumulate, axis=1), ROWS, jax_zero_ties=True)
case("ufunc_reduce_logaddexp[rows]", call(np.logaddexp.reduce, axis=1), ROWS, jax_ulps=4)
case("ufunc_at_add", lambda x, v: np.add.at(x, [0, 0, 1], v) or x, np.array([-0.0, 1.0]), np.array([-0.0, inf, -inf]))
case("ufunc_at_maximum", lambda x, v: np.maximum.at(x, [0, 0, 1], v) or x, np.array([1.0, nan]),
     np.array([nan, 2.0, 3.0]))
case("logsumexp_like[rows]", lambda x: np.log(np.sum(np.exp(x - np.max(x, axis=1, keepdims=True)), axis=1)), ROWS,
     jax_ulps=4)


# --- known failures (an xfail is strict: it flips to a failure when fixed) -------------------------------------------

NUMPY, JAX, BOTH = ("numpy",), ("jax",), EXECUTORS
FAILURES = {  # class: (executors, case names)
    "complex square of a huge finite number: XLA's overflow, not NumPy's": (JAX, ["square[c128]"]),
    # (NumPy 2.2.6, Python 3.10's, breaks these ties in the graph as eagerly; 2.4 and 2.5 do not)
    **({"sign of zero: nanmin/nanmax/fmax.reduce ties between -0.0 and 0.0 on the interpreter": (NUMPY, [
        "nanmin[real]", "nanmax[real]", "ufunc_reduce_fmax[rows]"])} if np.lib.NumpyVersion(np.__version__) >= "2.3.0"
       else {}),
    "sign of zero: sum(initial=-0.0) of negative zeros": (BOTH, ["sum_initial[rows]"]),
    "sign of zero: nanmedian of negative zeros (NumPy's mean gives +0.0)": (BOTH, [
        "nanmedian[real]", "nanmedian[c128]", "nanmedian[neg_zero]"]),
    "sign of zero: clip with traced bounds keeps XLA's max tie (NumPy's maximum gives the bound)": (JAX, [
        "clip_traced_bounds[f64]"]),
}
KNOWN: dict[tuple[str, str], str] = {
    (name, executor): reason for reason, (executors, names) in FAILURES.items() for name in names
    for executor in executors}
# A clear refusal (a Limitation: NotStageable, LoweringError ...) where NumPy gives a value is acceptable.
REFUSED: set[tuple[str, str]] = {
    *((f"{f.__name__}[c128]", "jax") for f in (np.exp2, np.expm1, np.sin, np.cos, np.tan, np.arcsin, np.arctan, np.sinh,
                                                np.cosh, np.tanh, np.arcsinh, np.arccosh, np.arctanh, np.sinc,
                                                np.power, np.float_power)),
    *((f"{name}[c128]", executor) for name in ("nanvar", "nanstd") for executor in EXECUTORS),
    # XLA's order of multiplying is not NumPy's, and ROWS' [-1e308, 1e308, 1e-300, 0.0] decides the answer by it
    # (NumPy: -inf, then NaN at the 0; an order that meets 1e-300 * 0.0 first: -0.0), and a complex matrix product
    # near overflow is refused on its bound alone: OrderDependentOverflow (runtime/jax/summation_order.py).
    *((f"{name}[real]", "jax") for name in ("prod", "nanprod", "cumprod", "nancumprod", "cumulative_prod")),
    ("vdot[c128]", "jax"),
}


# --- comparison ------------------------------------------------------------------------------------------------------


def flushed(w: np.ndarray) -> np.ndarray:
    """NumPy's result as XLA on CPU gives it: subnormals flushed to zero, keeping their sign (docs/jax.md)."""
    if w.dtype.kind == "c":
        out = np.empty_like(w)
        out.real, out.imag = flushed(w.real), flushed(w.imag)  # (re + 1j * im would make NaNs of infinities)
        return out
    tiny = np.finfo(w.dtype).tiny
    return np.where(np.abs(w) < tiny, np.copysign(0, w), w).astype(w.dtype)


def same(got, want, ulps: int = 0, zero_signs: bool = True) -> None:
    """NumPy's structure, dtype, shape and values (NaN equals NaN); within ``ulps`` units in the last place
    where given; the sign of each zero unless told otherwise."""
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(want), (got, want)
        for g, w in zip(got, want):
            same(g, w, ulps, zero_signs)
        return
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    assert g.shape == w.shape, (g.shape, w.shape)
    if ulps and w.dtype.kind in "fc":
        np.testing.assert_allclose(g, w, rtol=ulps * np.finfo(w.dtype).eps, atol=0, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, w, strict=True)
    if zero_signs and w.dtype.kind in "fc":
        for part in (np.real, np.imag):
            zeros = part(w) == 0
            np.testing.assert_array_equal(np.signbit(part(g)[zeros]), np.signbit(part(w)[zeros]),
                                          err_msg="sign of zero")


def oracle(fn, args):
    """NumPy's result, or the exception it raises."""
    try:
        return fn(*[np.copy(a) for a in args]), None
    except Exception as error:  # any exception NumPy raises is the one the graph must raise
        return None, error


def run_graph(fn, args, executor):
    return autograph.function(fn, executor=executor)(*[np.copy(a) for a in args])


def check(name: str, executor: str) -> None:
    fn, args, jax_ulps, jax_zero_ties = CASES[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want, error = oracle(fn, args)
        if (name, executor) in REFUSED:
            with pytest.raises(autograph.Limitation):
                run_graph(fn, args, executor)
            return
        if error is not None:
            with pytest.raises(type(error)):
                run_graph(fn, args, executor)
            return
        got = run_graph(fn, args, executor)
    if executor == "numpy":
        same(got, want)
    else:
        # XLA may flush a subnormal to zero (docs/jax.md) or not (nextafter): either side flushed compares equal.
        same(flush_all(got), flush_all(want), jax_ulps, zero_signs=not jax_zero_ties)


def flush_all(want):
    if isinstance(want, (tuple, list)):
        return type(want)(flush_all(w) for w in want)
    w = np.asarray(want)
    return flushed(w) if w.dtype.kind in "fc" else want


def params():
    for name in CASES:
        for executor in EXECUTORS:
            reason = KNOWN.get((name, executor))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(name, executor, id=f"{name}-{executor}", marks=marks)


@pytest.mark.parametrize(("name", "executor"), list(params()))
def test_special_values_match_numpy(name, executor):
    check(name, executor)


def test_every_known_failure_and_refusal_names_a_case():
    for name, executor in [*KNOWN, *REFUSED]:
        assert name in CASES and executor in EXECUTORS, (name, executor)
    assert not set(KNOWN) & REFUSED
