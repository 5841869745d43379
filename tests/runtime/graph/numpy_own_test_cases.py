"""Cases for tests/runtime/graph/test_numpy_own_tests.py, drawn from NumPy's own test suite.

Source: the test modules shipped in the numpy 2.4.6 wheel (.venv/lib/python3.11/site-packages/numpy/*/tests/),
BSD-3-Clause, Copyright (c) 2005-2025, NumPy Developers. Each case's second field names the file, test class and
test function its inputs come from (``lib/test_x.py`` stands for numpy/lib/tests/test_x.py). A source that starts
with "after" marks inputs of the kind that test checks (its edge values, dtypes and keywords) written for this
corpus rather than copied from it. The files:

* numpy 2.4.6 wheel, numpy/lib/tests/test_function_base.py, BSD-3-Clause: TestAmax, TestAmin, TestPtp,
  TestCumsum, TestProd, TestCumprod, test_cumulative_include_initial, TestDiff, TestAverage, TestSinc,
  TestTrapezoid, TestCorrCoef, TestCov, TestBincount, TestInterp, TestPercentile, TestQuantile, TestMedian,
  TestSelect, TestAny, TestAll
* numpy 2.4.6 wheel, numpy/lib/tests/test_nanfunctions.py, BSD-3-Clause: _ndat, TestNanFunctions_MinMax,
  TestNanFunctions_ArgminArgmax, TestNanFunctions_NumberTypes, TestNanFunctions_SumProd,
  TestNanFunctions_MeanVarStd, TestNanFunctions_Median, TestNanFunctions_Percentile
* numpy 2.4.6 wheel, numpy/lib/tests/test_arraypad.py, BSD-3-Clause: TestConstant, TestReflect, TestSymmetric,
  TestWrap, TestEdge, TestEmptyArray, TestLinearRamp, TestStatistic
* numpy 2.4.6 wheel, numpy/lib/tests/test_shape_base.py, BSD-3-Clause: TestTakeAlongAxis, TestPutAlongAxis,
  TestExpandDims, TestArraySplit, TestSplit, TestColumnStack, TestDstack, TestTile, TestKron
* numpy 2.4.6 wheel, numpy/lib/tests/test_histograms.py, BSD-3-Clause: TestHistogram, TestHistogramOptimBinNums
* numpy 2.4.6 wheel, numpy/lib/tests/test_arraysetops.py, BSD-3-Clause: TestSetOps (ediff1d, isin, the set
  operations), TestUnique
* numpy 2.4.6 wheel, numpy/lib/tests/test_polynomial.py, BSD-3-Clause: TestPolynomial::test_polyfit,
  test_complex
* numpy 2.4.6 wheel, numpy/lib/tests/test_twodim_base.py, BSD-3-Clause: TestDiag, TestTri
* numpy 2.4.6 wheel, numpy/_core/tests/test_numeric.py, BSD-3-Clause: TestClip, TestAllclose, TestIsclose,
  TestCorrelate, TestConvolve, TestRoll, TestNonzero, TestArgwhere, TestMoveaxis, TestCross, TestOuter,
  test_round_py_consistency
* numpy 2.4.6 wheel, numpy/_core/tests/test_multiarray.py, BSD-3-Clause: TestMethods (test_sort*,
  test_searchsorted*, test_partition*, test_argpartition*, test_repeat, test_round, test_trace), TestRepeat,
  TestWhere, TestStats, TestArgmax, TestArgmaxArgminCommon, TestMinMax
* numpy 2.4.6 wheel, numpy/_core/tests/test_umath.py, BSD-3-Clause: TestDivision, TestRemainder,
  TestDivisionIntegerOverflowsAndDivideByZero, TestPower, TestMaximum, TestMinimum, TestFmax, TestFmin,
  TestAbsoluteNegative, TestSign, TestHypotSpecialValues, TestArctan2SpecialValues, TestLog, TestExp,
  TestSpecialFloats, TestFPClass, TestCbrt, TestLogAddExp, TestHeavside, TestLdexp, TestFRExp, TestDegrees,
  TestRadians, TestBool, TestBitwiseUFuncs, TestRationalFunctions, TestAdd, TestComparisons, TestRoundingFunctions
* numpy 2.4.6 wheel, numpy/_core/tests/test_shape_base.py, BSD-3-Clause: TestConcatenate, TestStack, TestHstack,
  TestVstack, TestAtleast1d/2d/3d
* numpy 2.4.6 wheel, numpy/_core/tests/test_einsum.py, BSD-3-Clause: TestEinsum
* numpy 2.4.6 wheel, numpy/_core/tests/test_nep50_promotions.py, test_scalarmath.py, test_half.py, test_ufunc.py,
  test_item_selection.py, test_function_base.py (TestLinspace, TestLogspace), BSD-3-Clause
* numpy 2.4.6 wheel, numpy/linalg/tests/test_linalg.py, BSD-3-Clause: the module's square and nonsquare
  LinalgCase inputs; TestSolve, TestInv, TestDet, TestLstsq, TestCond, TestMatrixPower, TestEigvalsh,
  _TestNorm2D, _TestNormGeneral, TestNorm_NonSystematic, TestMatrixRank, test_reduced_rank, TestQR, TestCholesky,
  TestMultiDot, TestOuter, TestPinvHermitian, TestSVD
* numpy 2.4.6 wheel, numpy/fft/tests/test_pocketfft.py, BSD-3-Clause: test_fft_n, TestFFT1D
* numpy 2.4.6 wheel, numpy/fft/tests/test_helper.py, BSD-3-Clause: TestFFTShift, TestFFTFreq, TestRFFTFreq

Only the inputs (arrays, axes, keywords, dtypes, edge values) are NumPy's; each case is a small function of them
(constants that are not arrays baked in), and its oracle is NumPy itself, eagerly, on the same inputs: none of
NumPy's expected values are copied. ``REFUSED`` and ``XFAIL`` at the end record what the graph does with the cases
it does not agree on.
"""

from __future__ import annotations

import itertools

import numpy as np

RNG = np.random.default_rng(20261130)

# (id, where the inputs come from, function, arguments)
CASES: list = []


def case(name: str, source: str, fn, *args) -> None:
    assert all(name != c[0] for c in CASES), name
    CASES.append((name, source, fn, args))

# --- numpy/lib/tests/test_function_base.py --------------------------------------------------------------------

FB = "lib/test_function_base.py"
_B = np.array([[3, 6.0, 9.0], [4, 10.0, 5.0], [8, 3.0, 2.0]])
_BA = [1, 2, 10, 11, 6, 5, 4]
_BA2 = [[1, 2, 3, 4], [5, 6, 7, 9], [10, 3, 4, 5]]

case("amax", FB + "::TestAmax::test_basic", lambda x: np.amax(x), np.array([3, 4, 5, 10, -3, -5, 6.0]))
case("amax_axis0", FB + "::TestAmax::test_basic", lambda x: np.amax(x, axis=0), _B)
case("amax_axis1", FB + "::TestAmax::test_basic", lambda x: np.amax(x, axis=1), _B)
case("amin", FB + "::TestAmin::test_basic", lambda x: np.amin(x), np.array([3, 4, 5, 10, -3, -5, 6.0]))
case("amin_axis0", FB + "::TestAmin::test_basic", lambda x: np.amin(x, axis=0), _B)
case("ptp", FB + "::TestPtp::test_basic", lambda x: np.ptp(x, axis=0), np.array([3, 4, 5, 10, -3, -5, 6.0]))
case("ptp_axis-1", FB + "::TestPtp::test_basic", lambda x: np.ptp(x, axis=-1), _B)
case("ptp_keepdims", FB + "::TestPtp::test_basic", lambda x: np.ptp(x, axis=0, keepdims=True), _B)
case("ptp_axes_keepdims", FB + "::TestPtp::test_basic", lambda x: np.ptp(x, axis=(0, 1), keepdims=True), _B)
for _t in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.float32, np.float64, np.complex64,
           np.complex128):
    _n = np.dtype(_t).name
    case(f"cumsum_{_n}", FB + "::TestCumsum::test_basic", lambda x: np.cumsum(x, axis=0), np.array(_BA, _t))
    case(f"cumsum2_{_n}", FB + "::TestCumsum::test_basic",
         lambda x: (np.cumsum(x, axis=0), np.cumsum(x, axis=1)), np.array(_BA2, _t))
    case(f"cumulative_sum_{_n}", FB + "::TestCumsum::test_basic",
         lambda x: np.cumulative_sum(x, axis=1), np.array(_BA2, _t))
for _t in (np.int16, np.uint16, np.int32, np.uint32, np.float32, np.float64, np.complex64, np.complex128):
    _n = np.dtype(_t).name
    case(f"prod_{_n}", FB + "::TestProd::test_basic",
         lambda x, y: (x.prod(axis=0), y.prod(axis=0), y.prod(axis=-1)), np.array(_BA, _t), np.array(_BA2, _t))
    case(f"cumprod_{_n}", FB + "::TestCumprod::test_basic",
         lambda x, y: (np.cumprod(x, axis=-1), np.cumprod(y, axis=0), np.cumulative_prod(y, axis=-1)),
         np.array(_BA, _t), np.array(_BA2, _t))
case("cumulative_sum_include_initial", FB + "::test_cumulative_include_initial",
     lambda x: np.cumulative_sum(x, axis=1, include_initial=True), np.arange(8).reshape((2, 2, 2)))
case("cumulative_prod_include_initial", FB + "::test_cumulative_include_initial",
     lambda x: np.cumulative_prod(x, axis=2, include_initial=True), np.arange(8).reshape((2, 2, 2)))
case("cumulative_prod_include_initial_1d", FB + "::test_cumulative_include_initial",
     lambda x: np.cumulative_prod(x, include_initial=True), np.array([2, 2]))
case("diff_int", FB + "::TestDiff::test_basic", lambda x: (np.diff(x), np.diff(x, n=2), np.diff(x, n=3)),
     np.array([1, 4, 6, 7, 12]))
case("diff_float", FB + "::TestDiff::test_basic", lambda x: np.diff(x), np.array([1.1, 2.2, 3.0, -0.2, -0.1]))
case("diff_bool", FB + "::TestDiff::test_basic", lambda x: (np.diff(x), np.diff(x, n=2)),
     np.array([True, True, False, False]))
_DX = np.zeros((4, 6, 5))
_DX[:, 1::2, :] = 1
case("diff_axis", FB + "::TestDiff::test_axis",
     lambda x: (np.diff(x), np.diff(x, axis=-1), np.diff(x, axis=0), np.diff(x, axis=1), np.diff(x, axis=-2)), _DX)
case("diff_axis_out_of_range", FB + "::TestDiff::test_axis", lambda x: np.diff(x, axis=3), _DX)
case("diff_axis_-4", FB + "::TestDiff::test_axis", lambda x: np.diff(x, axis=-4), _DX)
case("diff_0d", FB + "::TestDiff::test_axis", lambda x: np.diff(x), np.array(1.11111111111, np.float64))
case("diff_nd", FB + "::TestDiff::test_nd",
     lambda x: (np.diff(x, n=2), np.diff(x, axis=0), np.diff(x, n=2, axis=0)), 20 * RNG.random((4, 5, 6)))
case("diff_n_negative", FB + "::TestDiff::test_n", lambda x: np.diff(x, n=-1), np.arange(3))
case("diff_n_large", FB + "::TestDiff::test_n", lambda x: (np.diff(x, n=3), np.diff(x, n=4)), np.arange(3))
case("diff_prepend", FB + "::TestDiff::test_prepend",
     lambda x: (np.diff(x, prepend=0), np.diff(x, prepend=[0]), np.diff(x, prepend=[-1, 0])), np.arange(5) + 1)
case("diff_prepend_2d", FB + "::TestDiff::test_prepend",
     lambda x: (np.diff(x, axis=1, prepend=0), np.diff(x, axis=1, prepend=[[0], [0]]), np.diff(x, axis=0, prepend=0),
                np.diff(x, axis=0, prepend=[[0, 0]])), np.arange(4).reshape(2, 2))
case("diff_prepend_bad_shape", FB + "::TestDiff::test_prepend",
     lambda x: np.diff(x, prepend=np.zeros((3, 3))), np.arange(4).reshape(2, 2))
case("diff_append", FB + "::TestDiff::test_append",
     lambda x: (np.diff(x, append=0), np.diff(x, append=[0]), np.diff(x, append=[0, 2])), np.arange(5))
case("diff_append_2d", FB + "::TestDiff::test_append",
     lambda x: (np.diff(x, axis=1, append=0), np.diff(x, axis=0, append=[[0, 0]])), np.arange(4).reshape(2, 2))
case("average_int", FB + "::TestAverage::test_basic", lambda x: np.average(x, axis=0), np.array([1, 2, 3]))
_Y4 = np.ones((4, 4))
_Y4[0, 1] = 0
_Y4[1, 0] = 2
case("average_axes", FB + "::TestAverage::test_basic", lambda x: (np.average(x, 0), np.average(x, 1)), _Y4)
case("average_keepdims", FB + "::TestAverage::test_basic_keepdims",
     lambda x: (np.average(x, axis=None, keepdims=True), np.average(x, weights=[3, 4, 1], keepdims=True),
                np.average(x, weights=[3, 4, 1], returned=True, keepdims=True)), np.array([1, 2, 3]))
case("average_keepdims_axis0", FB + "::TestAverage::test_basic_keepdims",
     lambda x: (np.average(x, axis=0, keepdims=True), np.average(x, axis=0, weights=[1, 3], keepdims=True),
                np.average(x, axis=0, weights=[1, 3], returned=True, keepdims=True)),
     np.array([[1, 2, 5], [1, 6, 11]]))
case("average_weights", FB + "::TestAverage::test_weights", lambda x, w: np.average(x, weights=w),
     np.arange(10), np.arange(10))
case("average_weights_zero_sum", "after " + FB + "::TestAverage::test_weights",
     lambda x, w: np.average(x, weights=w), np.arange(3.0), np.array([1.0, -1.0, 0.0]))
case("sinc", FB + "::TestSinc::test_simple", lambda x: np.sinc(x), np.linspace(-1, 1, 100))
case("sinc_0d", FB + "::TestSinc::test_simple", lambda x: np.sinc(x), np.array(0))
case("sinc_bool", FB + "::TestSinc::test_bool_dtype", lambda x: np.sinc(x), np.arange(4, dtype=np.uint8) % 2 == 1)
for _t in (np.uint8, np.int16, np.uint64, np.float16, np.float32, np.complex64, np.complex128):
    case(f"sinc_{np.dtype(_t).name}", FB + "::TestSinc::test_int_dtypes/test_float_dtypes", lambda x: np.sinc(x),
         np.arange(4, dtype=_t))
case("sinc_float16_0", FB + "::TestSinc::test_float16_underflow", lambda x: np.sinc(x), np.array(0, np.float16))
case("trapezoid_simple", FB + "::TestTrapezoid::test_simple",
     lambda x: np.trapezoid(np.exp(-.5 * x ** 2) / np.sqrt(2 * np.pi), dx=0.1), np.arange(-10, 10, .1))
_TX, _TY, _TZ = np.linspace(0, 1, 3), np.linspace(0, 2, 8), np.linspace(0, 3, 13)
_Q = _TX[:, None, None] + _TY[None, :, None] + _TZ[None, None, :]
case("trapezoid_nd_x", FB + "::TestTrapezoid::test_ndim",
     lambda q, x, y, z: (np.trapezoid(q, x=x[:, None, None], axis=0), np.trapezoid(q, x=y[None, :, None], axis=1),
                         np.trapezoid(q, x=z[None, None, :], axis=2)), _Q, _TX, _TY, _TZ)
case("trapezoid_1d_x", FB + "::TestTrapezoid::test_ndim",
     lambda q, x, y, z: (np.trapezoid(q, x=x, axis=0), np.trapezoid(q, x=y, axis=1), np.trapezoid(q, x=z, axis=2)),
     _Q, _TX, _TY, _TZ)
_CA = np.array([[0.15391142, 0.18045767, 0.14197213], [0.70461506, 0.96474128, 0.27906989],
                [0.9297531, 0.32296769, 0.19267156]])
_CB = np.array([[0.10377691, 0.5417086, 0.49807457], [0.82872117, 0.77801674, 0.39226705],
                [0.9314666, 0.66800209, 0.03538394]])
case("corrcoef_non_array", FB + "::TestCorrCoef::test_non_array", lambda x, y: np.corrcoef(x, y),
     np.array([0, 1, 0]), np.array([1, 0, 1]))
case("corrcoef", FB + "::TestCorrCoef::test_simple", lambda a, b: (np.corrcoef(a), np.corrcoef(a, b)), _CA, _CB)
case("corrcoef_complex", FB + "::TestCorrCoef::test_complex", lambda x: np.corrcoef(x),
     np.array([[1, 2, 3], [1j, 2j, 3j]]))
case("corrcoef_empty_0x2", FB + "::TestCorrCoef::test_empty", lambda x: np.corrcoef(x), np.array([]).reshape(0, 2))
case("corrcoef_empty_2x0", FB + "::TestCorrCoef::test_empty", lambda x: np.corrcoef(x), np.array([]).reshape(2, 0))
case("corrcoef_extreme", FB + "::TestCorrCoef::test_extreme", lambda x: np.corrcoef(x),
     np.array([[1e-100, 1e100], [1e100, 1e-100]]))
case("corrcoef_dtype_f32", FB + "::TestCorrCoef::test_corrcoef_dtype", lambda x: np.corrcoef(x, dtype=np.float32),
     _CA.astype(np.float32))
_X1 = np.array([[0, 2], [1, 1], [2, 0]]).T
_X3 = np.array([0.3942, 0.5969, 0.7730, 0.9918, 0.7964])
case("cov", FB + "::TestCov::test_basic", lambda x: np.cov(x), _X1)
case("cov_complex", FB + "::TestCov::test_complex", lambda x: (np.cov(x), np.cov(x, aweights=np.ones(3))),
     np.array([[1, 2, 3], [1j, 2j, 3j]]))
case("cov_xy_complex", FB + "::TestCov::test_xy", lambda x, y: np.cov(x, y), np.array([[1, 2, 3]]),
     np.array([[1j, 2j, 3j]]))
case("cov_empty_0x2", FB + "::TestCov::test_empty", lambda x: np.cov(x), np.array([]).reshape(0, 2))
case("cov_empty_2x0", FB + "::TestCov::test_empty", lambda x: np.cov(x), np.array([]).reshape(2, 0))
case("cov_wrong_ddof", FB + "::TestCov::test_wrong_ddof", lambda x: np.cov(x, ddof=5), _X1)
case("cov_1d_rowvar", FB + "::TestCov::test_1D_rowvar",
     lambda x, y: (np.cov(x), np.cov(x, rowvar=False), np.cov(x, y), np.cov(x, y, rowvar=False)),
     _X3, np.array([0.0780, 0.3107, 0.2111, 0.0334, 0.8501]))
case("cov_1d_variance", FB + "::TestCov::test_1D_variance", lambda x: np.cov(x, ddof=1), _X3)
case("cov_fweights", FB + "::TestCov::test_fweights",
     lambda x: (np.cov(x, fweights=np.array([1, 4, 1])), np.cov(x, fweights=np.ones(3, dtype=np.int_))), _X1)
case("cov_fweights_nonint", FB + "::TestCov::test_fweights", lambda x: np.cov(x, fweights=np.array([1.5, 4.5, 1.5])),
     _X1)
case("cov_fweights_negative", FB + "::TestCov::test_fweights", lambda x: np.cov(x, fweights=-np.ones(3, dtype=int)),
     _X1)
case("cov_aweights", FB + "::TestCov::test_aweights",
     lambda x: (np.cov(x, aweights=np.array([1.0, 4.0, 1.0])), np.cov(x, aweights=np.array([3.0, 12.0, 3.0]))), _X1)
case("cov_aweights_bad_shape", FB + "::TestCov::test_aweights", lambda x: np.cov(x, aweights=np.ones(2)), _X1)
case("cov_fweights_aweights", FB + "::TestCov::test_unit_fweights_and_aweights",
     lambda x: np.cov(x, fweights=np.array([1, 4, 1]), aweights=np.ones(3)), _X1)
case("cov_weights_lists", FB + "::TestCov::test_fweights / test_aweights (weights as Python lists)",
     lambda x: (np.cov(x, fweights=[1, 4, 1]), np.cov(x, aweights=[1.0, 4.0, 1.0]),
                np.cov(x, fweights=[1, 1, 1], aweights=[3.0, 12.0, 3.0])), _X1)
case("cov_dtype_f32", FB + "::TestCov::test_cov_dtype", lambda x: np.cov(x, dtype=np.float32), _X1.astype(np.float32))
case("cov_gh_27658", FB + "::TestCov::test_gh_27658",
     lambda x: (np.cov(x, ddof=0, rowvar=True), np.cov(x.T, ddof=0, rowvar=False)), np.ones((3, 1)))
case("bincount_simple", FB + "::TestBincount::test_simple", lambda x: np.bincount(x), np.arange(4))
case("bincount_simple2", FB + "::TestBincount::test_simple2", lambda x: np.bincount(x), np.array([1, 5, 2, 4, 1]))
case("bincount_weights", FB + "::TestBincount::test_simple_weight2", lambda x, w: np.bincount(x, w),
     np.array([1, 2, 4, 5, 2]), np.array([0.2, 0.3, 0.5, 0.1, 0.2]))
case("bincount_minlength", FB + "::TestBincount::test_with_minlength", lambda x: np.bincount(x, minlength=3),
     np.array([0, 1, 0, 1, 1]))
case("bincount_minlength_smaller", FB + "::TestBincount::test_with_minlength_smaller_than_maxvalue",
     lambda x: np.bincount(x, minlength=2), np.array([0, 1, 1, 2, 2, 3, 3]))
case("bincount_minlength_weights", FB + "::TestBincount::test_with_minlength_and_weights",
     lambda x, w: np.bincount(x, w, 8), np.array([1, 2, 4, 5, 2]), np.array([0.2, 0.3, 0.5, 0.1, 0.2]))
case("bincount_empty", FB + "::TestBincount::test_empty", lambda x: np.bincount(x), np.array([], dtype=int))
case("bincount_empty_minlength", FB + "::TestBincount::test_empty_with_minlength",
     lambda x: np.bincount(x, minlength=5), np.array([], dtype=int))
case("bincount_negative", FB + "::TestBincount::test_with_incorrect_minlength", lambda x: np.bincount(x),
     np.array([1, -1]))
case("bincount_2d", FB + "::TestBincount::test_error_not_1d", lambda x: np.bincount(x), np.arange(6).reshape(2, 3))
case("interp_basic", FB + "::TestInterp::test_basic", lambda x0, x, y: np.interp(x0, x, y),
     np.linspace(0, 1, 50), np.linspace(0, 1, 5), np.linspace(0, 1, 5))
for _size in (1, 3, 7):
    _inc = np.array([-1, 0, _size - 1, _size], dtype=np.double)
    case(f"interp_left_right_{_size}", FB + "::TestInterp::test_right_left_behavior",
         lambda p, xp, yp: (np.interp(p, xp, yp), np.interp(p[::-1], xp, yp), np.interp(p, xp, yp, left=0),
                            np.interp(p, xp, yp, right=2), np.interp(p[::-1], xp, yp, left=0, right=2)),
         _inc, np.arange(_size, dtype=np.double), np.ones(_size))
for _i, _x0 in enumerate((np.float32(.3), np.float64(.3), np.array(np.nan), np.array(.3), np.array(1))):
    case(f"interp_scalar_{_i}", FB + "::TestInterp::test_scalar_interpolation_point",
         lambda x0, x, y: np.interp(x0, x, y), _x0, np.linspace(0, 1, 5), np.linspace(0, 1, 5))
case("interp_non_finite_exact_x", FB + "::TestInterp::test_non_finite_behavior_exact_x",
     lambda x, xp: (np.interp(x, xp, [1, 2, np.inf, 4]), np.interp(x, xp, [1, 2, np.nan, 4])),
     np.array([1, 2, 2.5, 3, 4]), np.array([1, 2, 3, 4]))
_INF, _NAN = np.inf, np.nan
for _i, (_xp, _fp) in enumerate([([_NAN, 1], [0, 10]), ([0, _NAN], [0, 10]), ([0, 1], [_NAN, 10]),
                                 ([-_INF, _INF], [0, 10]), ([0, 1], [-_INF, _INF]), ([-_INF, _INF], [10, 10]),
                                 ([-_INF, 1], [-_INF, 10]), ([0, _INF], [0, _INF]), ([-_INF, -_INF], [0, 10]),
                                 ([_INF, _INF], [0, 10]), ([0, 1], [0, -_INF]), ([0, 1], [_INF, _INF])]):
    case(f"interp_non_finite_{_i}", FB + "::TestInterp::test_non_finite_*", lambda x, xp, fp: np.interp(x, xp, fp),
         np.array(0.5), np.array(_xp, float), np.array(_fp, float))
case("interp_complex", FB + "::TestInterp::test_complex_interp", lambda x, xp, fp: np.interp(x, xp, fp),
     np.array(0.3), np.linspace(0, 1, 5), np.linspace(0, 1, 5) + (1 + np.linspace(0, 1, 5)) * 1.0j)
case("interp_period", FB + "::TestInterp::test_period", lambda x, xp, fp: np.interp(x, xp, fp, period=360),
     np.array([-180, -170, -185, 185, -10, -5, 0, 365]), np.array([190, -190, 350, -350]), np.array([5, 10, 3, 4]))
case("interp_period_0d", FB + "::TestInterp::test_zero_dimensional_interpolation_point",
     lambda x, xp, fp: np.interp(x, xp, fp, period=4), np.array(4.5), np.array([0, 2, 4]), np.array([1, -1, 1]))
case("percentile_basic", FB + "::TestPercentile::test_basic",
     lambda x: (np.percentile(x, 0), np.percentile(x, 100), np.percentile(x, 50)), np.arange(8) * 0.5)
case("percentile_nan", FB + "::TestPercentile::test_basic",
     lambda x: (np.percentile(x, 0), np.percentile(x, 0, method="nearest")), np.array([0, np.nan, 1, 1.5, 2.0]))
case("percentile_complex", FB + "::TestPercentile::test_complex", lambda x: np.percentile(x, 0.5),
     np.array([0.5 + 3.0j, 2.1 + 0.5j, 1.6 + 2.3j]))
case("percentile_2d", FB + "::TestPercentile::test_2D", lambda x: np.percentile(x, 50, axis=0),
     np.array([[1, 1, 1], [1, 1, 1], [4, 4, 3], [1, 1, 1], [1, 1, 1]]))
for _t in ("f", "d", "e", "l", "B"):
    case(f"percentile_lower_higher_{_t}", FB + "::TestPercentile::test_lower_higher",
         lambda x: (np.percentile(x, 50, method="lower"), np.percentile(x, 50, method="higher")),
         np.arange(10, dtype=_t))
    case(f"percentile_midpoint_{_t}", FB + "::TestPercentile::test_midpoint",
         lambda x: (np.percentile(x, 51, method="midpoint"), np.percentile(x[:9] + 1, 50, method="midpoint")),
         np.arange(10, dtype=_t))
    case(f"percentile_nearest_{_t}", FB + "::TestPercentile::test_nearest",
         lambda x: (np.percentile(x, 51, method="nearest"), np.percentile(x, 49, method="nearest")),
         np.arange(10, dtype=_t))
case("percentile_sequence", FB + "::TestPercentile::test_sequence", lambda x: np.percentile(x, [0, 100, 50]),
     np.arange(8) * 0.5)
case("percentile_axis", "after " + FB + "::TestPercentile::test_axis",
     lambda x: (np.percentile(x, (25, 50, 100)), np.percentile(x, (25, 50), axis=0),
                np.percentile(x, (25, 50), axis=1)),
     np.arange(12).reshape(3, 4))
case("percentile_q_out_of_range", "after " + FB + "::TestPercentile::test_exception", lambda x: np.percentile(x, 101),
     np.arange(12).reshape(3, 4))
case("median_basic", FB + "::TestMedian::test_basic",
     lambda a0, a1, a2: (np.median(a0), np.median(a1), np.median(a2), np.median(a2, axis=0), np.median(a2, axis=1)),
     np.array(1), np.arange(2), np.arange(6).reshape(2, 3))
case("median_odd", FB + "::TestMedian::test_basic", lambda a: np.median(a), np.array([0.0463301, 0.0444502, 0.141249]))
case("median_nan", FB + "::TestMedian::test_basic", lambda a: np.median(a), np.array([0.0444502, np.nan, 0.0463301]))
case("median_axis", FB + "::TestMedian::test_axis_keyword",
     lambda a: (np.median(a, axis=0), np.median(a.T, axis=1), np.median(a)), np.array([[2, 3], [0, 1], [6, 7], [4, 5]]))

# --- numpy/_core/tests/test_numeric.py ------------------------------------------------------------------------

NU = "_core/test_numeric.py"
_CLIPD = RNG.normal(size=(10, 4))
for _t in (np.int8, np.uint8, np.int64, np.float32, np.float64, np.bool_):
    case(f"clip_ones_pathological_{np.dtype(_t).name}", NU + "::TestClip::test_ones_pathological",
         lambda x: np.clip(x, 1, 0), np.ones(10, dtype=_t))
case("clip_simple_double", NU + "::TestClip::test_simple_double", lambda a: np.clip(a, 0.1, 0.6), _CLIPD)
case("clip_simple_int", NU + "::TestClip::test_simple_int", lambda a: np.clip(a, -2, 4),
     RNG.integers(-5, 10, (10, 4)))
case("clip_array_double", NU + "::TestClip::test_array_double", lambda a, m: np.clip(a, m, m + 0.5), _CLIPD,
     np.zeros((10, 4)))
case("clip_simple_complex", NU + "::TestClip::test_simple_complex", lambda a: np.clip(a, -0.5, 1.),
     3 * (_CLIPD + 1j * _CLIPD[::-1]))
case("clip_complex_bounds", NU + "::TestClip::test_simple_complex", lambda a: np.clip(a, -0.5 + 1.j, 1. + 2.j),
     3 * _CLIPD)
case("clip_complex_none", NU + "::TestClip::test_clip_complex",
     lambda a: (np.clip(a, a.min(), None), np.clip(a, None, a.max())), np.ones(10, dtype=complex))
case("clip_non_contig", NU + "::TestClip::test_clip_non_contig", lambda a: np.clip(a[::2, ::3], -0.5, 0.5),
     RNG.normal(size=(20, 12)))
case("clip_int32_inout", "after " + NU + "::TestClip::test_simple_int32_inout",
     lambda a: np.clip(a, np.float64(0), np.float64(2)), RNG.integers(-5, 10, (10, 4)).astype(np.int32))
case("clip_int64_out", "after " + NU + "::TestClip::test_simple_int64_out",
     lambda a: np.clip(a, np.int64(-1), np.int64(1)),
     RNG.integers(-5, 10, (10, 4)).astype(np.int32))
case("clip_nan_bounds", "after " + NU + "::TestClip::test_NaT_propagation/test_clip_nan",
     lambda a: (np.clip(a, np.nan, 1.0), np.clip(a, -1.0, np.nan)), np.array([-2.0, 0.5, 3.0, np.nan]))
case("clip_int_python_out_of_range", "after " + NU + "::TestClip::test_clip_scalar_nan_propagation/test_clip_property",
     lambda a: np.clip(a, -1000, 1000), np.arange(-5, 5, dtype=np.int8))
_ATOL, _RTOL = 1e-8, 1e-5
_ARR = np.array([100, 1000])
_ARAN = np.arange(125).reshape((5, 5, 5))
_CLOSE = [([1, 0], [1, 0]), ([_ATOL], [0]), ([1], [1 + _RTOL + _ATOL]), (_ARR, _ARR + _ARR * _RTOL),
          (_ARR, _ARR + _ARR * _RTOL + _ATOL), (_ARAN, _ARAN + _ARAN * _RTOL), (np.inf, np.inf), (np.inf, [np.inf]),
          ([np.inf, -np.inf], [np.inf, -np.inf]), ([np.inf, 0], [1, np.inf]), ([np.inf, -np.inf], [1, 0]),
          ([np.nan, 0], [np.nan, -np.inf]), ([_ATOL * 2], [0]), ([1], [1 + _RTOL + _ATOL * 2]),
          (_ARAN, _ARAN + _RTOL * 1.1 * _ARAN + _ATOL * 1.1), (np.array([np.inf, 1]), np.array([0, np.inf])),
          ([np.inf, 0], [np.inf, _ATOL * 2]), ([_ATOL, 1, 1e6 * (1 + 2 * _RTOL) + _ATOL], [0, np.nan, 1e6]),
          (np.arange(3), [0, 1, 2.1])]
for _i, (_x, _y) in enumerate(_CLOSE):
    case(f"isclose_allclose_{_i}", NU + "::TestIsclose::_setup / TestAllclose::test_ip_allclose",
         lambda x, y: (np.isclose(x, y), np.allclose(x, y)), np.asarray(_x), np.asarray(_y))
case("isclose_equal_nan", NU + "::TestIsclose::test_equal_nan",
     lambda x: (np.isclose(x, x, equal_nan=True), np.allclose(x, x, equal_nan=True)), np.array([1.0, np.nan]))
case("allclose_min_int", NU + "::TestAllclose::test_min_int", lambda a: np.allclose(a, a),
     np.array([np.iinfo(np.int_).min], dtype=np.int_))
_BELOW_ONE = float(1. - np.finfo('f8').eps)
case("isclose_nep50", NU + "::TestIsclose::test_nep50_isclose",
     lambda f32: (np.isclose(f32, _BELOW_ONE, atol=0, rtol=0), np.isclose(f32, np.float32(0), atol=_BELOW_ONE),
                  np.isclose(f32, 2, atol=0, rtol=_BELOW_ONE / 2), np.isclose(f32, np.float64(_BELOW_ONE), atol=0,
                                                                             rtol=0)),
     np.array(_BELOW_ONE, 'f4'))
case("isclose_non_finite_scalar", "after " + NU + "::TestIsclose::test_non_finite_scalar",
     lambda x, y: (np.isclose(x, y), np.isclose(y, x)), np.array(np.inf), np.array(0.0))
_CX, _CY = np.array([1, 2, 3, 4, 5], dtype=float), np.array([-1, -2, -3], dtype=float)
case("correlate_float", NU + "::TestCorrelate::test_float",
     lambda x, y, xs: (np.correlate(x, y, 'full'), np.correlate(x, y[:-1], 'full'), np.correlate(y, x, 'full'),
                       np.correlate(x[::-1], y, 'full'), np.correlate(y, x[::-1], 'full'), np.correlate(xs, y, 'full')),
     _CX, _CY, np.arange(1, 20)[::3])
case("correlate_int", "after " + NU + "::TestCorrelate::test_float (int data)",
     lambda x, y: (np.correlate(x, y, 'full'), np.correlate(x, y)), _CX.astype(int), _CY.astype(int))
case("correlate_complex", NU + "::TestCorrelate::test_complex", lambda x, y: np.correlate(y, x, mode='full'),
     np.array([1, 2, 3, 4 + 1j], dtype=complex), np.array([-1, -2j, 3 + 1j], dtype=complex))
case("correlate_zero_size", NU + "::TestCorrelate::test_zero_size",
     lambda x, y: np.correlate(x, y, mode='full'), np.array([]), np.ones(1000))
case("correlate_mode_valid", NU + "::TestCorrelate::test_mode", lambda d, k: np.correlate(d, k, mode='valid'),
     np.ones(100), np.ones(3))
case("correlate_mode_bad", NU + "::TestCorrelate::test_mode", lambda d, k: np.correlate(d, k, mode='v'),
     np.ones(100), np.ones(3))
case("correlate_mode_none", NU + "::TestCorrelate::test_mode", lambda d, k: np.correlate(d, k, mode=None),
     np.ones(100), np.ones(3))
case("convolve_full", NU + "::TestConvolve::test_object", lambda d, k: np.convolve(d, k)[2:-2],
     np.ones(100), np.ones(3))
case("convolve_mode_int", NU + "::TestConvolve::test_mode", lambda d, k: np.convolve(d, k, mode=2),
     np.ones(100), np.ones(3))
case("convolve_mode_bad", NU + "::TestConvolve::test_mode", lambda d, k: np.convolve(d, k, mode='f'),
     np.ones(100), np.ones(3))
case("convolve_empty_a", NU + "::TestConvolve::test_convolve_empty_input_error_message",
     lambda a, v: np.convolve(a, v), np.array([]), np.array([1, 2]))
case("convolve_empty_v", NU + "::TestConvolve::test_convolve_empty_input_error_message",
     lambda a, v: np.convolve(a, v), np.array([1, 2]), np.array([]))
case("roll1d", NU + "::TestRoll::test_roll1d", lambda x: np.roll(x, 2), np.arange(10))
case("roll2d", NU + "::TestRoll::test_roll2d",
     lambda x: (np.roll(x, 1), np.roll(x, 1, axis=0), np.roll(x, 1, axis=1), np.roll(x, 1, axis=(0, 1)),
                np.roll(x, (1, 0), axis=(0, 1)), np.roll(x, (-1, 0), axis=(0, 1)), np.roll(x, (0, -1), axis=(0, 1)),
                np.roll(x, (-1, -1), axis=(0, 1))), np.reshape(np.arange(10), (2, 5)))
case("roll2d_same_axis_twice", NU + "::TestRoll::test_roll2d",
     lambda x: (np.roll(x, 1, axis=(0, 0)), np.roll(x, 1, axis=(1, 1)), np.roll(x, 6, axis=1), np.roll(x, -4, axis=1)),
     np.reshape(np.arange(10), (2, 5)))
case("roll_empty", NU + "::TestRoll::test_roll_empty", lambda x: np.roll(x, 1), np.array([]))
case("roll_unsigned_shift", NU + "::TestRoll::test_roll_unsigned_shift",
     lambda x: (np.roll(x, np.uint16(2)), np.roll(x, np.uint64(2**63 + 2))), np.arange(4))
case("roll_big_int", NU + "::TestRoll::test_roll_big_int", lambda x: np.roll(x, 2**100), np.arange(4))
case("roll_tensor_uint_shift", "after " + NU + "::TestRoll::test_roll_unsigned_shift (shift as an argument)",
     lambda x, s: np.roll(x, s), np.arange(4), np.uint64(2**63 + 2))
case("count_nonzero_axis", "after " + NU + "::TestNonzero::test_count_nonzero_axis",
     lambda m: (np.count_nonzero(m, axis=0), np.count_nonzero(m, axis=1), np.count_nonzero(m, axis=(0, 1))),
     np.array([[0, 1, 7, 0, 0], [3, 0, 0, 2, 19]]))
case("count_nonzero_axis_empty", "after " + NU + "::TestNonzero::test_countnonzero_axis_empty",
     lambda a: (np.count_nonzero(a, axis=0), np.count_nonzero(a, axis=1)), np.array([[0, 0, 1], [1, 0, 1]])[:, :0])
case("nonzero_twodim", "after " + NU + "::TestNonzero::test_nonzero_twodim", lambda x: np.nonzero(x),
     np.array([[0, 1, 0], [2, 0, 3]]))
case("argwhere_2d", "after " + NU + "::TestArgwhere::test_2D",
     lambda x: np.argwhere(x > 1), np.arange(6).reshape((2, 3)))
case("moveaxis", "after " + NU + "::TestMoveaxis::test_move_multiples",
     lambda x: (np.moveaxis(x, [0, 1], [2, 3]), np.moveaxis(x, [0, 1], [-1, -2]), np.moveaxis(x, [0, 1, 2], [2, 3, 1])),
     np.zeros((0, 1, 2, 3)))
case("moveaxis_bad", "after " + NU + "::TestMoveaxis::test_errors",
     lambda x: np.moveaxis(x, 3, 0), np.random.rand(1, 2, 3))
case("rollaxis_results", "after " + NU + "::TestRollaxis::test_results",
     lambda a: tuple(np.rollaxis(a, axis=i, start=j) for i in range(-4, 4) for j in range(-4, 5)),
     np.arange(1 * 2 * 3 * 4).reshape(1, 2, 3, 4))
case("rollaxis_bad_axis", "after " + NU + "::TestRollaxis::test_exceptions", lambda a: np.rollaxis(a, -5, 0),
     np.arange(1 * 2 * 3 * 4).reshape(1, 2, 3, 4))
case("rollaxis_bad_start", "after " + NU + "::TestRollaxis::test_exceptions", lambda a: np.rollaxis(a, 0, 5),
     np.arange(1 * 2 * 3 * 4).reshape(1, 2, 3, 4))
case("cross_2x2", "after " + NU + "::TestCross::test_2x2/test_2x3/test_3x3",
     lambda u, v, w: (np.cross(u[:2], v[:2]), np.cross(u, v), np.cross(w, u)),
     np.array([1, 2, 3]), np.array([4, 5, 6]), np.array([-1, 2, 5]))
case("cross_uint8_int32", "after " + NU + "::TestCross::test_uint8_int32_mixed_dtypes",
     lambda u, v: np.cross(u, v), np.array([[195, 8, 9]], np.uint8), np.array([[1, 2, 3]], np.int32))

# --- numpy/_core/tests/test_multiarray.py (TestMethods) ------------------------------------------------------

MA = "_core/test_multiarray.py"
case("sort_nan", MA + "::TestMethods::test_sort", lambda a: np.sort(a), np.array([np.nan, 1, 0]))
_SC = np.zeros(9, dtype=np.complex128)
_SC.real += [np.nan, np.nan, np.nan, 1, 0, 1, 1, 0, 0]
_SC.imag += [np.nan, 1, 0, np.nan, np.nan, 1, 0, 1, 0]
case("sort_complex_nan", MA + "::TestMethods::test_sort", lambda a: np.sort(a), _SC)
case("sort_kind_and_stable", MA + "::TestMethods::test_sort", lambda a: np.sort(a, kind="stable", stable=True), _SC)
for _t in (np.uint8, np.uint64, np.float16, np.float32):
    case(f"sort_unsigned_{np.dtype(_t).name}", MA + "::TestMethods::test_sort_unsigned",
         lambda a: (np.sort(a[::-1], kind="quicksort"), np.sort(a[::-1], kind="mergesort"),
                    np.sort(a[::-1], kind="heapsort")), np.arange(101, dtype=_t))
for _t in (np.int8, np.int64, np.float64):
    case(f"sort_signed_{np.dtype(_t).name}", MA + "::TestMethods::test_sort_signed",
         lambda a: (np.sort(a[::-1]), np.argsort(a[::-1], kind="stable")), np.arange(-50, 51, dtype=_t))
for _part in ("real", "imag"):
    _ai = (np.arange(-50, 51, dtype=np.float64) * (1 + 1j))
    setattr(_ai, _part, 1)
    case(f"sort_complex_{_part}", "after " + MA + "::TestMethods::test_sort_complex", lambda a: np.sort(a[::-1]), _ai)
case("sort_axis", MA + "::TestMethods::test_sort_axis",
     lambda a: (np.sort(a, axis=0), np.sort(a, axis=1), np.sort(a)), np.array([[3, 2], [1, 0]]))
case("sort_size_0", MA + "::TestMethods::test_sort_size_0",
     lambda a: (np.sort(a, axis=-4), np.sort(a, axis=2), np.sort(a, axis=3), np.sort(a, axis=None)),
     np.array([]).reshape((3, 2, 1, 0)))
case("sort_method_inplace", "after " + MA + "::TestMethods::test_sort_axis", lambda a: (a.sort(axis=0), a)[1],
     np.array([[3, 2], [1, 0]]))
case("argsort_method", "after " + MA + "::TestMethods::test_argsort",
     lambda a: (a.argsort(kind="stable"), np.argsort(a, axis=0, kind="stable")), np.array([[3, 2], [1, 0]]))
case("argsort_bad_kind", "after " + MA + "::TestMethods::test_sort_bad_ordering / test_partition", lambda a: np.sort(a,
     kind="nonsense"), np.arange(10))
for _t in (np.float16, np.float32, np.float64):
    case(f"searchsorted_floats_{np.dtype(_t).name}", MA + "::TestMethods::test_searchsorted_floats",
         lambda a: (np.searchsorted(a, a, side='left'), np.searchsorted(a, a, side='right'), np.searchsorted(a, a[-1])),
         np.array([0, 1, np.nan], dtype=_t))
case("searchsorted_method", MA + "::TestMethods::test_searchsorted_floats (the method)",
     lambda a: a.searchsorted(a, side='right'), np.array([0, 1, np.nan]))
_SSC = np.zeros(9, dtype=np.complex128)
_SSC.real += [0, 0, 1, 1, 0, 1, np.nan, np.nan, np.nan]
_SSC.imag += [0, 1, 0, 1, np.nan, np.nan, 0, 1, np.nan]
case("searchsorted_complex_left", MA + "::TestMethods::test_searchsorted_complex",
     lambda a: np.searchsorted(a, a, side='left'), _SSC)
case("searchsorted_complex_right", MA + "::TestMethods::test_searchsorted_complex",
     lambda a: np.searchsorted(a, a, side='right'), _SSC)
for _n in (0, 1, 2):
    case(f"searchsorted_n_elements_{_n}", MA + "::TestMethods::test_searchsorted_n_elements",
         lambda a, v: (np.searchsorted(a, v, 'left'), np.searchsorted(a, v, 'right')), np.ones(_n), np.array([0, 1, 2]))
case("searchsorted_with_sorter", MA + "::TestMethods::test_searchsorted_with_sorter",
     lambda a, k: (np.searchsorted(np.sort(a), k), np.searchsorted(a, k, sorter=np.argsort(a))),
     RNG.random(300), np.linspace(0, 1, 20))
case("searchsorted_with_sorter_ties", MA + "::TestMethods::test_searchsorted_with_sorter",
     lambda a, k: (np.searchsorted(a, k, side='left', sorter=np.argsort(a, kind="stable")),
                   np.searchsorted(a, k, side='right', sorter=np.argsort(a, kind="stable"))),
     np.array([0, 1, 2, 3, 5] * 20), np.array([0, 1, 2, 3, 5]))
case("searchsorted_invalid_sorter_len", MA + "::TestMethods::test_searchsorted_with_invalid_sorter",
     lambda a: np.searchsorted(a, 0, sorter=[1, 2, 3, 4]), np.array([5, 2, 1, 3, 4]))
case("searchsorted_sorter_out_of_bounds", MA + "::TestMethods::test_searchsorted_with_invalid_sorter",
     lambda a, s: np.searchsorted(a, 4, sorter=s), np.array([5, 2, 1, 3, 4]), np.array([0, 1, 2, 3, 5]))
case("searchsorted_sorter_float", MA + "::TestMethods::test_searchsorted_with_invalid_sorter",
     lambda a: np.searchsorted(a, 0, sorter=[1.1]), np.array([5, 2, 1, 3, 4]))
case("searchsorted_0d_key", "after " + MA + "::TestMethods::test_searchsorted_return_type",
     lambda a, v: np.searchsorted(a, v), np.array([0, 128], dtype='<i4'), np.array(128, dtype='<i4'))
for _t in ("b", "h", "q", "B", "e", "d", "D"):
    case(f"partition_out_of_range_{_t}", MA + "::TestMethods::test_partition_out_of_range",
         lambda d: np.partition(d, 10), np.arange(10).astype(_t))
    case(f"argpartition_out_of_range_{_t}", MA + "::TestMethods::test_argpartition_out_of_range",
         lambda d: np.argpartition(d, -11), np.arange(10).astype(_t))
case("partition_float_kth", MA + "::TestMethods::test_partition_integer", lambda d: np.partition(d, 9.),
     np.arange(10))
case("argpartition_float_kth", MA + "::TestMethods::test_argpartition_integer", lambda d: np.argpartition(d, 9.),
     np.arange(10))
case("partition_empty", MA + "::TestMethods::test_partition_empty_array",
     lambda a: (np.partition(a, 0, axis=-4), np.partition(a, 0, axis=3), np.partition(a, 0, axis=None)),
     np.array([]).reshape((3, 2, 1, 0)))
case("argpartition_empty", MA + "::TestMethods::test_argpartition_empty_array",
     lambda a: (np.argpartition(a, 0, axis=-4), np.argpartition(a, 0, axis=None)), np.array([]).reshape((3, 2, 1, 0)))
case("partition_bad_kind", MA + "::TestMethods::test_partition", lambda d: np.partition(d, 2, kind="nonsense"),
     np.arange(10))
case("partition_kind_int", MA + "::TestMethods::test_partition", lambda d: np.partition(d, 2, kind=1),
     np.arange(10))
for _r in ([2, 1], [1, 1], [3, 2, 1], [2, 3, 1], [1, 2, 1], [2, 2, 1]):
    case(f"partition_kth_{''.join(map(str, _r))}", MA + "::TestMethods::test_partition",
         lambda d: tuple(np.partition(d, k)[k] for k in range(d.size)) + tuple(
             d[np.argpartition(d, k)][k] for k in range(d.size)), np.array(_r))
case("partition_kth_sequence", MA + "::TestMethods::test_partition (kth not modified)",
     lambda d: np.partition(d, [30, 15, 5])[[5, 15, 30]], RNG.permutation(40))
case("partition_2d_axis", "after " + MA + "::TestMethods::test_partition (2-d)",
     lambda d: (np.partition(d, 3, axis=0)[3], np.partition(d, 3, axis=1)[:, 3], np.partition(d, 3, axis=None)[3]),
     RNG.permutation(100).reshape(10, 10))

# --- numpy/lib/tests/test_arraypad.py, test_shape_base.py; numpy/_core/tests/test_shape_base.py ----------------

PAD = "lib/test_arraypad.py"
case("pad_constant", PAD + "::TestConstant::test_check_constant",
     lambda a: np.pad(a, (25, 20), 'constant', constant_values=(10, 20)), np.arange(100))
case("pad_constant_zeros", PAD + "::TestConstant::test_check_constant_zeros", lambda a: np.pad(a, (25, 20), 'constant'),
     np.arange(100))
case("pad_constant_float_into_int", "after " + PAD + "::TestConstant::test_check_constant_float",
     lambda a: np.pad(a, (1, 2), mode='constant', constant_values=1.1), np.arange(30).reshape(5, 6))
case("pad_constant_float2", "after " + PAD + "::TestConstant::test_check_constant_float2",
     lambda a: np.pad(a, (1, 2), mode='constant', constant_values=1.1), np.arange(30, dtype=np.float64).reshape(5, 6))
case("pad_constant_float3", "after " + PAD + "::TestConstant::test_check_constant_float3",
     lambda a: np.pad(a, (25, 20), 'constant', constant_values=(-1.1, -1.2)), np.arange(100, dtype=float))
case("pad_constant_odd_amount", "after " + PAD + "::TestConstant::test_check_constant_odd_pad_amount",
     lambda a: np.pad(a, ((1,), (2,)), mode='constant', constant_values=3), np.arange(30).reshape(5, 6))
case("pad_constant_2d", "after " + PAD + "::TestConstant::test_check_constant_pad_2d",
     lambda a: np.pad(a, ((1, 2), (1, 3)), mode='constant', constant_values=((1, 2), (3, 4))),
     np.arange(4).reshape(2, 2))
case("pad_large_uint64", PAD + "::TestConstant::test_check_large_integers",
     lambda a: np.pad(a, 1, mode="constant", constant_values=a.min()), np.full(5, 2 ** 64 - 1, dtype=np.uint64))
case("pad_large_int64", PAD + "::TestConstant::test_check_large_integers",
     lambda a: np.pad(a, 1, mode="constant", constant_values=a.min()), np.full(5, 2 ** 63 - 1, dtype=np.int64))
case("pad_empty_dimension", PAD + "::TestConstant::test_pad_empty_dimension",
     lambda a: np.pad(a, [(0,), (2,), (1,)], mode="constant"), np.zeros((3, 0, 2)))
case("pad_reflect", PAD + "::TestReflect::test_check_simple", lambda a: np.pad(a, (25, 20), 'reflect'), np.arange(100))
case("pad_reflect_odd", PAD + "::TestReflect::test_check_odd_method",
     lambda a: np.pad(a, (25, 20), 'reflect', reflect_type='odd'), np.arange(100))
for _i, (_w, _n) in enumerate([(2, 3), (3, 3), (4, 3), ([1, 10], 3), ([45, 10], 4)], start=1):
    case(f"pad_reflect_0{_i}", PAD + f"::TestReflect::test_check_0{_i}",
         (lambda w: lambda a: np.pad(a, w, 'reflect'))(_w),
         np.arange(1, _n + 1))
case("pad_symmetric_06", PAD + "::TestReflect::test_check_06", lambda a: np.pad(a, [15, 2], 'symmetric'),
     np.array([1, 2, 3, 4]))
case("pad_symmetric_07", PAD + "::TestReflect::test_check_07", lambda a: np.pad(a, [45, 3], 'symmetric'),
     np.array([1, 2, 3, 4, 5, 6]))
case("pad_symmetric", PAD + "::TestSymmetric::test_check_simple", lambda a: np.pad(a, (25, 20), 'symmetric'),
     np.arange(100))
case("pad_wrap", PAD + "::TestWrap::test_check_simple", lambda a: np.pad(a, (25, 20), 'wrap'), np.arange(100))
case("pad_edge", PAD + "::TestEdge::test_check_simple", lambda a: np.pad(a, ((2, 3), (3, 2)), 'edge'),
     np.arange(12).reshape(4, 3))
for _mode in ("edge", "reflect", "symmetric", "wrap"):
    case(f"pad_empty_axis_{_mode}", PAD + "::TestEmptyArray::test_pad_empty_dimension",
         (lambda mode: lambda a: np.pad(a, ((1,), (0,)), mode=mode))(_mode), np.zeros((0, 3)))
    case(f"pad_non_empty_dimension_{_mode}", PAD + "::TestEmptyArray::test_pad_non_empty_dimension",
         (lambda mode: lambda a: np.pad(a, ((3,), (0,), (1,)), mode=mode))(_mode), np.ones((2, 0, 2)))
case("pad_linear_ramp", "after " + PAD + "::TestLinearRamp::test_check_simple",
     lambda a: np.pad(a, (25, 20), 'linear_ramp', end_values=(4, 5)), np.arange(100).astype(np.float64))
case("pad_mean_stat_length", "after " + PAD + "::TestStatistic::test_check_mean_stat_length",
     lambda a: np.pad(a, ((25, 20),), 'mean', stat_length=((2, 3),)), np.arange(100).astype(np.float64))

SB = "lib/test_shape_base.py"
_TA = RNG.random((3, 4, 5))
for _axis in (0, 1, 2, None):
    case(f"take_along_axis_sort_{_axis}", SB + "::TestTakeAlongAxis::test_argequivalent",
         (lambda ax: lambda a: np.take_along_axis(a, np.argsort(a, axis=ax), axis=ax))(_axis), _TA)
for _axis in (0, 2):
    case(f"take_along_axis_argmin_{_axis}", SB + "::TestTakeAlongAxis::test_argequivalent",
         (lambda ax: lambda a: np.take_along_axis(a, np.expand_dims(np.argmin(a, axis=ax), axis=ax), axis=ax))(_axis),
         _TA)
case("take_along_axis_indices", SB + "::TestTakeAlongAxis::test_invalid", lambda a, i: np.take_along_axis(a, i, axis=1),
     np.arange(100.0).reshape(10, 10), np.ones((10, 2), dtype=np.intp))
case("take_along_axis_too_few_dims", SB + "::TestTakeAlongAxis::test_invalid",
     lambda a, i: np.take_along_axis(a, i, axis=1), np.ones((10, 10)), np.array(1))
case("take_along_axis_bool", SB + "::TestTakeAlongAxis::test_invalid",
     lambda a, i: np.take_along_axis(a, i, axis=1), np.ones((10, 10)), np.ones((10, 2), dtype=bool))
case("take_along_axis_float", SB + "::TestTakeAlongAxis::test_invalid",
     lambda a, i: np.take_along_axis(a, i, axis=1), np.ones((10, 10)), np.ones((10, 2)))
case("take_along_axis_axis10", SB + "::TestTakeAlongAxis::test_invalid",
     lambda a, i: np.take_along_axis(a, i, axis=10), np.ones((10, 10)), np.ones((10, 2), dtype=np.intp))
case("take_along_axis_axis_none_2d", SB + "::TestTakeAlongAxis::test_invalid",
     lambda a, i: np.take_along_axis(a, i, axis=None), np.ones((10, 10)), np.ones((10, 2), dtype=np.intp))
case("take_along_axis_empty", SB + "::TestTakeAlongAxis::test_empty", lambda a, i: np.take_along_axis(a, i, axis=1),
     np.ones((3, 4, 5)), np.ones((3, 0, 5), dtype=np.intp))
case("take_along_axis_broadcast", SB + "::TestTakeAlongAxis::test_broadcast",
     lambda a, i: np.take_along_axis(a, i, axis=1), np.arange(12.0).reshape((3, 4, 1)), np.ones((1, 2, 5), np.intp))
for _axis in (0, 1):
    case(f"put_along_axis_replace_max_{_axis}", SB + "::TestPutAlongAxis::test_replace_max",
         (lambda ax: lambda a: (np.put_along_axis(a, np.expand_dims(np.argmax(a, axis=ax), ax), -99, axis=ax),
                                a)[1])(_axis),
         np.array([[10, 30, 20], [60, 40, 50]]))
case("put_along_axis_broadcast", SB + "::TestPutAlongAxis::test_broadcast",
     lambda a, i: (np.put_along_axis(a, i, 20, axis=1), a)[1], np.ones((3, 4, 1)),
     np.arange(10, dtype=np.intp).reshape((1, 2, 5)) % 4)
case("put_along_axis_values", SB + "::TestPutAlongAxis::test_invalid",
     lambda a, i, v: (np.put_along_axis(a, i, v, axis=0), a)[1], np.array([[10, 30, 20], [60, 40, 50]]),
     np.array([[0], [1]]), np.array([[2], [1]]))
case("put_along_axis_axis_none", SB + "::TestPutAlongAxis::test_invalid",
     lambda a, i, v: np.put_along_axis(a, i, v, axis=None), np.array([[10, 30, 20], [60, 40, 50]]),
     np.array([[0], [1]]), np.array([[2], [1]]))
case("expand_dims", "after " + SB + "::TestExpandDims::test_functionality/test_axis_tuple",
     lambda a: (np.expand_dims(a, 0), np.expand_dims(a, -1), np.expand_dims(a, (0, -3, -5)), np.expand_dims(a, (3, 1))),
     np.empty((2, 3, 4, 5)))
case("expand_dims_out_of_range", "after " + SB + "::TestExpandDims::test_axis_out_of_range",
     lambda a: np.expand_dims(a, 5),
     np.empty((2, 3, 4, 5)))
case("expand_dims_repeated", "after " + SB + "::TestExpandDims::test_repeated_axis",
     lambda a: np.expand_dims(a, (1, 1)),
     np.empty((3, 3, 3)))
case("array_split_integer", "after " + SB + "::TestArraySplit::test_integer_split",
     lambda a: (np.array_split(a, 1), np.array_split(a, 3), np.array_split(a, 4), np.array_split(a, 11)),
     np.arange(10))
case("array_split_0", "after " + SB + "::TestArraySplit::test_integer_0_split",
     lambda a: np.array_split(a, 0), np.arange(10))
case("array_split_2d_rows", "after " + SB + "::TestArraySplit::test_integer_split_2D_rows",
     lambda a: (np.array_split(a, 3, axis=0), np.array_split(a, 3, axis=-1)),
     np.array([np.arange(10), np.arange(10)]))
case("array_split_index", "after " + SB + "::TestArraySplit::test_index_split_simple",
     lambda a: (np.array_split(a, [1, 5, 7], axis=-1), np.array_split(a, [0, 1]), np.array_split(a, [0, 5, 10, 20])),
     np.arange(10))
case("split_equal", "after " + SB + "::TestSplit::test_equal_split", lambda a: np.split(a, 2), np.arange(10))
case("split_unequal", "after " + SB + "::TestSplit::test_unequal_split", lambda a: np.split(a, 3), np.arange(10))
case("column_stack_1d", "after " + SB + "::TestColumnStack::test_1D_arrays", lambda a, b: np.column_stack((a, b)),
     np.array((1, 2, 3)), np.array((2, 3, 4)))
case("column_stack_2d", "after " + SB + "::TestColumnStack::test_2D_arrays", lambda a, b: np.column_stack((a, b)),
     np.array([[1], [2], [3]]), np.array([[2], [3], [4]]))
case("dstack", "after " + SB + "::TestDstack::test_0D_array/test_1D_array/test_2D_array",
     lambda a, b: (np.dstack([a[0], b[0]]), np.dstack([a, b]), np.dstack([a[:, None], b[:, None]])),
     np.array([1]), np.array([2]))
case("tile_basic", SB + "::TestTile::test_basic",
     lambda a, b: (np.tile(a, 2), np.tile(a, (2, 2)), np.tile(a, (1, 2)), np.tile(b, 2), np.tile(b, (2, 1)),
                   np.tile(b, (2, 2))), np.array([0, 1, 2]), np.array([[1, 2], [3, 4]]))
case("tile_empty", SB + "::TestTile::test_empty", lambda a, b: (np.tile(b, 2), np.tile(a, (3, 2, 5))),
     np.array([[[]]]), np.array([[], []]))
for _s in [(3,), (2, 3), (3, 4, 3)]:
    for _r in [(2,), (2, 1), (2, 3, 2)]:
        case(f"tile_kron_{len(_s)}_{len(_r)}", SB + "::TestTile::test_kroncompare",
             (lambda r: lambda b: (np.tile(b, r), np.kron(np.ones(r, b.dtype), b)))(_r), RNG.integers(0, 10, size=_s))
case("kron_basic", SB + "::TestKron::test_basic",
     lambda a0, b2, a1, a3: (np.kron(a0, b2), np.kron(b2, a0), np.kron(a1, b2), np.kron(b2, a1), np.kron(a3, b2),
                             np.kron(b2, a3)),
     np.array(1), np.array([[1, 2], [3, 4]]), np.array([3]), np.array([[[1]], [[2]]]))
case("kron_float_int", "after " + SB + "::TestKron::test_return_type", lambda a, b: np.kron(a, b),
     np.ones([2, 2]), np.array([[1, 2], [3, 4]], dtype=np.int8))

MA_REPEAT = "_core/test_multiarray.py::TestRepeat / TestMethods::test_repeat"
for _t in (np.int8, np.float32, np.bool_):
    case(f"repeat_{np.dtype(_t).name}", "after " + MA_REPEAT,
         lambda m: (m.repeat([1, 3, 2, 1, 1, 2]), m.repeat(2), m.reshape((2, 3)).repeat([2, 1], axis=0),
                    m.reshape((2, 3)).repeat([1, 3, 2], axis=1), np.repeat(m.reshape((2, 3)), 2, axis=1)),
         np.array([1, 2, 3, 4, 5, 6], dtype=_t))
case("repeat_negative", "after " + MA_REPEAT, lambda m: np.repeat(m, -1), np.array([1, 2, 3]))

CSB = "_core/test_shape_base.py"
case("concatenate_axis_none", "after " + CSB + "::TestConcatenate::test_concatenate_axis_None",
     lambda a, b: (np.concatenate((a, b), axis=None), np.concatenate((a, b.astype(np.float32)), axis=None)),
     np.arange(4, dtype=np.float64).reshape((2, 2)), np.arange(3))
case("concatenate_exceptions", "after " + CSB + "::TestConcatenate::test_exceptions",
     lambda a, b: np.concatenate((a, b), axis=0), np.zeros((1, 2, 3)), np.zeros((1, 3, 3)))
case("concatenate_0d", "after " + CSB + "::TestConcatenate::test_exceptions",
     lambda a: np.concatenate((a, a)), np.array(0))
case("concatenate_bad_axis", "after " + CSB + "::TestConcatenate::test_exceptions",
     lambda a: np.concatenate((a, a), axis=3),
     np.ones((1, 2, 3)))
case("concatenate_3d", "after " + CSB + "::TestConcatenate::test_concatenate",
     lambda a: (np.concatenate((a[:, :, :2], a[:, :, 2:]), axis=-1), np.concatenate((a[:1], a[1:]), axis=0),
                np.concatenate((a[:, :1], a[:, 1:]), axis=1)), np.arange(2 * 3 * 7).reshape((2, 3, 7)))
case("concatenate_mixed_dtypes", "after " + CSB + "::TestConcatenate::test_operator_concat",
     lambda a, b, c: (np.concatenate((a, b)), np.concatenate((a, c)), np.concatenate((b, c))),
     np.array([1, 2], np.int8), np.array([300], np.uint16), np.array([True]))
case("stack", "after " + CSB + "::TestStack::test_stack",
     lambda a, b: (np.stack((a, b)), np.stack((a, b), axis=1), np.stack((a, b), axis=-1), np.stack([a]),
                   np.stack((a[0], b[0]))), np.array([1, 2, 3]), np.array([4, 5, 6]))
case("stack_2d", "after " + CSB + "::TestStack::test_stack",
     lambda a: (np.stack([a, a], axis=0), np.stack([a, a], axis=1), np.stack([a, a], axis=2),
                np.stack([a, a], axis=-3)),
     np.arange(12).reshape(3, 4))
case("stack_shape_mismatch", "after " + CSB + "::TestStack::test_stack",
     lambda a, b: np.stack([a, b]), np.zeros(2), np.zeros(3))
case("stack_axis_out_of_range", "after " + CSB + "::TestStack::test_stack", lambda a: np.stack([a, a], axis=3),
     np.arange(12).reshape(3, 4))
case("hstack_vstack", "after " + CSB + "::TestHstack::test_2D_array / TestVstack::test_2D_array",
     lambda a, b: (np.hstack((a, b)), np.vstack((a, b)), np.hstack((a[0, 0], b[0, 0])), np.vstack((a[0], b[0]))),
     np.array([[1], [2]]), np.array([[1], [2]]))
case("atleast_nd", "after " + CSB + "::TestAtleast1d/2d/3d::test_0D_array",
     lambda a: (np.atleast_1d(a), np.atleast_2d(a), np.atleast_3d(a), np.atleast_3d(a[None, None])), np.array(1))

# --- numpy/_core/tests/test_umath.py ---------------------------------------------------------------------------

UM = "_core/test_umath.py"
case("division_int", UM + "::TestDivision::test_division_int", lambda x: (x / 100, x // 100, x % 100),
     np.array([5, 10, 90, 100, -5, -10, -90, -100, -120]))
for _t in ("b", "B", "h", "i", "l", "Q"):
    _fo = np.iinfo(_t)
    case(f"division_int_boundary_{_t}", "after " + UM + "::TestDivision::test_division_int_boundary",
         lambda a, b: (a // b, a % b), np.arange(_fo.min, _fo.min + 10).astype(_t),
         np.array([1, 2, 3, 7, 100, 1, 2, 3, 7, 100], dtype=_t))
    case(f"division_int_boundary_max_{_t}", "after " + UM + "::TestDivision::test_division_int_boundary",
         lambda a: (a // 7, a % 7, a // np.iinfo(a.dtype).max), np.array(range(_fo.max - 10, _fo.max)).astype(_t))
    case(f"floor_divide_reduce_{_t}", UM + "::TestDivision::test_division_int_reduce",
         lambda a: np.floor_divide.reduce(a), np.array([_fo.max, 1, 2, 1, 1, 2, 3], dtype=_t))
    case(f"divide_by_zero_{_t}", "after " + UM + "::TestDivisionIntegerOverflowsAndDivideByZero::test_divide_by_zero",
         lambda a, z: (a // z, a % z, np.fmod(a, z)), np.array([1, _fo.max, _fo.min], dtype=_t),
         np.array(0, dtype=_t))
for _t in ("b", "h", "i", "l"):
    _min = np.iinfo(_t).min
    case(f"signed_division_overflow_{_t}", "after " + UM + "::TestDivisionIntegerOverflowsAndDivideByZero::"
         "test_signed_division_overflow", lambda a, b: (a // b, np.fmod(a, b), a % b),
         np.array([_min, _min, 7], dtype=_t), np.array([-1, 1, -1], dtype=_t))
    case(f"signed_division_overflow_0d_{_t}", "after " + UM + "::TestDivisionIntegerOverflowsAndDivideByZero::"
         "test_signed_division_overflow", lambda a: (a // -1, np.fmod(a, -1), a % -1), np.array(_min, dtype=_t))
    case(f"abs_neg_int_min_{_t}",
         "after " + UM + "::TestAbsoluteNegative / TestDivisionIntegerOverflowsAndDivideByZero",
         lambda a: (np.abs(a), -a, np.negative(a)), np.array([_min, -1, 0, 1], dtype=_t))
case("floor_division_signed_zero", UM + "::TestDivision::test_floor_division_signed_zero",
     lambda x: (x // 1, (-x) // 1, np.signbit(x // 1), np.signbit((-x) // 1)), np.zeros(10))
for _t in ("e", "f", "d"):
    case(f"floor_division_corner_cases_{_t}", UM + "::TestDivision::test_floor_division_corner_cases",
         lambda nan, one, zero, x, y: (np.floor_divide(nan, one), np.floor_divide(one, nan),
                                       np.floor_divide(nan, zero), np.floor_divide(y, x)),
         np.array(np.nan, _t), np.array(1.0, _t), np.array(0.0, _t), np.zeros(10, _t), np.ones(10, _t))
    case(f"remainder_corner_cases_{_t}", "after " + UM + "::TestRemainder::test_float_remainder_corner_cases",
         lambda one, zero, inf, nan: (np.remainder(one, zero), np.fmod(one, zero), np.remainder(inf, one),
                                      np.remainder(one, inf), np.remainder(-one, inf), np.fmod(one, inf),
                                      one // zero, inf // one, np.remainder(nan, one)),
         np.array(1.0, _t), np.array(0.0, _t), np.array(np.inf, _t), np.array(np.nan, _t))
case("floor_division_complex", UM + "::TestDivision::test_floor_division_complex", lambda x: x // 7,
     np.array([.9 + 1j, -.1 + 1j, .9 + .5 * 1j, .9 + 2. * 1j], dtype=np.complex128))
case("remainder_complex", "after " + UM + "::TestDivision::test_floor_division_complex", lambda x: np.remainder(x, 7),
     np.array([.9 + 1j, -.1 + 1j], dtype=np.complex128))
case("division_complex", UM + "::TestDivision::test_division_complex", lambda x, y: (x ** 2 / x, y ** 2 / y),
     np.array([1. + 1. * 1j, 1. + .5 * 1j, 1. + 2. * 1j], dtype=np.complex128), np.array([1.e+110, 1.e-110],
                                                                                          dtype=np.complex128))
case("zero_division_complex", UM + "::TestDivision::test_zero_division_complex",
     lambda x: (1.0 / x, complex(np.inf, np.nan) / x, complex(np.nan, np.inf) / x, complex(np.inf, np.inf) / x,
                0.0 / x), np.array([0.0], dtype=np.complex128))
for _t1, _t2 in [("b", "b"), ("B", "h"), ("l", "Q"), ("i", "f"), ("Q", "d"), ("e", "f"), ("d", "l")]:
    for _s1, _s2 in [(1, 1), (1, -1), (-1, 1), (-1, -1)]:
        if (_s1 < 0 and _t1 in "BQ") or (_s2 < 0 and _t2 in "BQ"):
            continue
        case(f"remainder_basic_{_t1}{_t2}_{_s1}_{_s2}", UM + "::TestRemainder::test_remainder_basic",
             lambda a, b: (a // b, a % b), np.array(_s1 * 71, dtype=_t1), np.array(_s2 * 19, dtype=_t2))
_ARG = np.array(list(itertools.product(list(range(-127, 0)) + [0] + list(range(1, 128)),
                                                      list(range(-127, 0)) + list(range(1, 128)))), dtype=int).T
for _t in ("e", "f", "d"):
    case(f"float_remainder_exact_{_t}", UM + "::TestRemainder::test_float_remainder_exact",
         lambda a, b: (a // b, a % b, np.signbit(a // b), np.signbit(a % b)), _ARG[0].astype(_t), _ARG[1].astype(_t))
    case(f"float_remainder_roundoff_{_t}", UM + "::TestRemainder::test_float_remainder_roundoff",
         lambda a, b: (a // b, a % b, -a // b, -a % b, a // -b, a % -b),
         np.array(78 * 6e-8, dtype=_t), np.array(6e-8, dtype=_t))
case("power_float", UM + "::TestPower::test_power_float",
     lambda x: (x ** 0, x ** 1, x ** 2, x ** (-1), x ** 0.5), np.array([1., 2., 3.]))
case("power_complex", UM + "::TestPower::test_power_complex",
     lambda x: (x ** 0, x ** 1, x ** 2, x ** 3, x ** (-1), x ** (-3), x ** 0.5, x ** 14),
     np.array([1 + 2j, 2 + 3j, 3 + 4j]))
case("power_complex_inf", UM + "::TestPower::test_power_complex (ticket #836)",
     lambda z: (z ** 1, z ** 2, z ** 3), np.array([complex(0, np.inf), complex(1, np.inf)], dtype=np.complex128))
case("power_zero", "after " + UM + "::TestPower::test_power_zero",
     lambda zero: (zero ** 0.5, zero ** 1, zero ** 2, zero ** -0.5), np.array([0j]))
case("power_int_negative",
     "after " + UM + "::TestPower::test_integer_power_with_integer_zero_exponent / test_integer_to_negative",
     lambda a, b: a ** b, np.array([1, 2, 3]), np.array([-1, 0, 1]))
case("power_int_overflow", "after " + UM + "::TestPower::test_integer_power", lambda a: (a ** 2, a ** 10),
     np.array([15, 15, 3], np.int8))
case("power_int_zero_exponent", "after " + UM + "::TestPower::test_integer_power_with_integer_zero_exponent",
     lambda a, b: (a ** 0, np.power(a, b)), np.arange(-10, 10), np.zeros(20, dtype=int))
case("power_float_overflow", "after " + UM + "::TestPower::test_power_float / test_fast_power",
     lambda x: (x ** 2., x ** -2.),
     np.array([1e300, -1e300, 1e-300, 0.0, -0.0]))
for _t in ("f", "d", "e"):
    _s = np.arange(11).astype(_t)
    _n = _s.copy()
    _n[::2] = np.nan
    case(f"maximum_reduce_{_t}", UM + "::TestMaximum::test_reduce / TestMinimum::test_reduce",
         lambda a, b: (np.maximum.reduce(a), np.maximum.reduce(a[::-1]), np.maximum.reduce(b), np.minimum.reduce(b),
                       np.max(b), np.min(b)), _s, _n)
case("maximum_reduce_complex", UM + "::TestMaximum::test_reduce_complex",
     lambda a, b: (np.maximum.reduce(a), np.maximum.reduce(b)), np.array([1, 2j]), np.array([1 + 3j, 2j]))
case("maximum_minimum_float_nans", UM + "::TestMaximum/TestMinimum::test_float_nans",
     lambda a, b: (np.maximum(a, b), np.minimum(a, b)), np.array([0, np.nan, np.nan]), np.array([np.nan, 0, np.nan]))
case("fmax_fmin_float_nans", "after " + UM + "::TestFmax/TestFmin::test_float_nans",
     lambda a, b: (np.fmax(a, b), np.fmin(a, b), np.fmax.reduce(a), np.fmin.reduce(b)),
     np.array([0, np.nan, np.nan]), np.array([np.nan, 0, np.nan]))
case("fmax_fmin_complex_nans", "after " + UM + "::TestFmax/TestFmin::test_complex_nans",
     lambda a, b: (np.fmax(a, b), np.fmin(a, b)),
     np.array([0, complex(np.nan, 0), np.nan]), np.array([complex(np.nan, 0), 0, np.nan]))
case("maximum_complex_nans", "after " + UM + "::TestMaximum::test_complex_nans",
     lambda a, b: (np.maximum(a, b), np.minimum(a, b)),
     np.array([0, complex(np.nan, 0), np.nan]), np.array([complex(np.nan, 0), 0, np.nan]))
case("maximum_minimum_signed_zero",
     "after " + UM + "::TestMaximum/TestMinimum::test_precisions_consistent (signed zeros)",
     lambda a, b: (np.signbit(np.maximum(a, b)), np.signbit(np.minimum(a, b))), np.array([0.0, -0.0]),
     np.array([-0.0, 0.0]))
case("max_reduce_signed_zero", "after " + UM + "::TestMaximum/TestMinimum (signed zeros in a reduction)",
     lambda a: (np.max(a, axis=0), np.min(a, axis=0)), np.array([[0.0, -0.0], [-0.0, 0.0]]))
case("maximum_reduce_int", UM + "::TestMaximum::test_reduce", lambda a: (np.maximum.reduce(a), np.minimum.reduce(a)),
     np.arange(11).astype(np.uint8))
case("sign", UM + "::TestSign::test_sign", lambda a: np.sign(a), np.array([np.inf, -np.inf, np.nan, 0.0, 3.0, -3.0]))
case("sign_complex", UM + "::TestSign::test_sign_complex", lambda a: np.sign(a),
     np.array([np.inf, -np.inf, complex(0, np.inf), complex(0, -np.inf), complex(np.inf, np.inf),
               complex(np.inf, -np.inf), np.nan, complex(0, np.nan), complex(np.nan, np.nan), 0.0, 3.0, -3.0, -2j,
               3.0 + 4.0j, -8.0 + 6.0j]))
for _t in ("d", "f", "int32", "int64"):
    case(f"abs_neg_noncontiguous_{_t}", UM + "::TestAbsoluteNegative::test_noncontiguous",
         lambda d: (np.abs(d[1::2]), np.negative(d[1::2]), -d), np.array(
             [-1.0, 1.0, -0.0, 0.0, 2.2251e-308, -2.5, 2.5, -6, 6, -2.2251e-308, -8, 10], dtype=_t))
case("hypot_special_values", UM + "::TestHypotSpecialValues::test_nan_outputs / test_no_fpe",
     lambda x, y: np.hypot(x, y), np.array([np.nan, np.nan, np.nan, np.inf, np.inf, 0, np.inf, np.inf]),
     np.array([np.nan, 1, np.inf, np.nan, 0, np.inf, np.inf, 23.0]))
_PZ, _NZ = 0.0, -0.0
case("arctan2_special_values", UM + "::TestArctan2SpecialValues::test_one_one / test_zero_nzero / ...",
     lambda y, x: (np.arctan2(y, x), np.signbit(np.arctan2(y, x))),
     np.array([1, -1, 1, _PZ, _NZ, _PZ, _NZ, _PZ, _NZ, _PZ, _NZ, 1, 1, -1, -1, np.inf, -np.inf, np.inf, np.nan]),
     np.array([1, 1, -1, _NZ, _NZ, _PZ, _PZ, -1, -1, 1, 1, _PZ, _NZ, _PZ, _NZ, np.inf, np.inf, -np.inf, 1]))
for _t in ("e", "f", "d"):
    case(f"rounding_output_dtype_{_t}", "after " + UM + "::TestRoundingFunctions::test_output_dtype",
         lambda a: (np.floor(a), np.ceil(a), np.trunc(a), np.rint(a)), np.array([-2.5, -0.5, -0.0, 0.5, 1.5, 4, 8],
                                                                                 dtype=_t))
for _t in (np.bool_, np.int64, np.uint32):
    case(f"rounding_output_dtype_{np.dtype(_t).name}", "after " + UM + "::TestRoundingFunctions::test_output_dtype",
         lambda a: (np.floor(a), np.ceil(a), np.trunc(a)), np.array([-2, 0, 4, 8]).astype(_t))
case("log_values", "after " + UM + "::TestLog::test_log_values / TestSpecialFloats::test_log_values",
     lambda x: (np.log(x), np.log2(x), np.log10(x), np.log1p(x - 1)),
     np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, -1.0, 1.0, 2.0, 1e-300]))
case("log_subnormal", "after " + UM + "::TestLog::test_log_values (subnormal input)",
     lambda x: (np.log(x), np.log2(x)), np.array([1e-320, 5e-324, np.finfo(np.float64).smallest_normal]))
case("exp_values", "after " + UM + "::TestExp::test_exp_values / TestSpecialFloats::test_exp_values",
     lambda x: (np.exp(x), np.exp2(x), np.expm1(x)), np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 709.8, -745.2, 1.0]))
case("exp_values_f32", "after " + UM + "::TestSpecialFloats::test_exp_values (float32)",
     lambda x: (np.exp(x), np.expm1(x)), np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 88.8, -104.0], np.float32))
case("sqrt_values", "after " + UM + "::TestSpecialFloats::test_sqrt_values", lambda x: np.sqrt(x),
     np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, -1.0, 4.0]))
case("cbrt", "after " + UM + "::TestCbrt::test_cbrt / test_cbrt_scalar", lambda x: np.cbrt(x),
     np.array([-2.5, 0.0, -0.0, np.inf, -np.inf, np.nan, 27.0]))
case("logaddexp", "after " + UM + "::TestLogAddExp::test_logaddexp_values / test_inf / test_nan",
     lambda x, y: (np.logaddexp(x, y), np.logaddexp2(x, y)), np.array([1, 2, 3, 4, 5, np.inf, -np.inf, np.nan, 1e300]),
     np.array([5, 4, 3, 2, 1, np.inf, -np.inf, 1.0, 1e300]))
case("heaviside", "after " + UM + "::TestHeavside::test_heaviside",
     lambda x, h: (np.heaviside(x, 0.5), np.heaviside(x, h), np.heaviside(x.astype(np.float32), np.float32(1.0))),
     np.array([[-30.0, -0.1, 0.0, 0.2], [7.5, np.nan, np.inf, -np.inf]]), np.array(np.nan))
case("ldexp", "after " + UM + "::TestLdexp::test_ldexp",
     lambda m, e: np.ldexp(m, e), np.array([2., 0.5, -0.0, np.inf, np.nan]),
     np.array([3, 2, 1, 0, 0], np.int32))
case("degrees_radians", "after " + UM + "::TestDegrees::test_degrees / TestRadians::test_radians",
     lambda x: (np.degrees(x), np.radians(x), np.rad2deg(x), np.deg2rad(x)), np.array([np.pi, -0.5 * np.pi, 180.0]))
case("bool_ufuncs", "after " + UM + "::TestBool::test_truth_table_logical / test_truth_table_bitwise",
     lambda a, b: (np.logical_and(a, b), np.logical_or(a, b), np.logical_xor(a, b), a & b, a | b, a ^ b, ~a, a + b,
                   a * b, np.maximum(a, b)),
     np.array([False, False, True, True]), np.array([False, True, False, True]))
case("bool_reduce", "after " + UM + "::TestBool::test_reduce",
     lambda a: (np.logical_and.reduce(a), np.logical_or.reduce(a),
                                                                np.add.reduce(a), np.any(a), np.all(a)),
     np.array([True, False, True, True]))
case("bitwise_ufuncs", "after " + UM + "::TestBitwiseUFuncs::test_values",
     lambda z, o: (np.bitwise_not(z), np.bitwise_or(z, o), np.bitwise_and(o, o), np.bitwise_xor(o, z), np.invert(o),
                   np.left_shift(o, 3), np.right_shift(o, 1)),
     np.array([0, 0, 0], np.int16), np.array([-1, 1, 7], np.int16))
case("shift_overflow",
     "after " + UM + "::TestBitwiseUFuncs / _core/test_scalarmath.py::TestBitShifts::test_shift_all_bits",
     lambda a, s: (a << s, a >> s), np.array([1, -1, 5, 9], np.int8), np.array([8, 9, 70, 7], np.int8))
case("gcd_lcm", "after " + UM + "::TestRationalFunctions::test_gcd / test_lcm / test_gcd_overflow",
     lambda a, b: (np.gcd(a, b), np.lcm(a, b)), np.array([12, 120, -12, 0, np.iinfo(np.int16).min], np.int16),
     np.array([20, 15, 20, 5, -1], np.int16))
case("int_add_overflow", "after " + UM + "::TestAdd / _core/test_scalarmath.py::TestBaseMath (wrap-around)",
     lambda a, b: (a + b, a - b, a * b), np.array([127, -128, 100], np.int8), np.array([1, 1, 3], np.int8))
case("uint_sub_overflow", "after " + UM + "::TestAdd / _core/test_scalarmath.py::test_scalar_unsigned_integer_overflow",
     lambda a, b: (a - b, b - a, a * 300), np.array([0, 1, 255], np.uint8), np.array([1, 2, 1], np.uint8))
case("comparison_nan", "after " + UM + "::TestComparisons::test_comparison_functions (nan)",
     lambda a, b: (a == b, a != b, a < b, a <= b, a > b, a >= b),
     np.array([np.nan, 1.0, np.inf, -0.0]), np.array([np.nan, np.nan, np.inf, 0.0]))
case("comparison_int_uint", "after " + UM + "::TestComparisons::test_unsigned_signed_direct_comparison",
     lambda a, b: (a < b, a == b, a > b), np.array([-1, 0, 1], np.int64), np.array([np.iinfo(np.uint64).max, 0, 1],
                                                                                   np.uint64))
case("nextafter_copysign", "after " + UM + "::TestSpecialFloats / test_nextafter / test_copysign",
     lambda x: (np.nextafter(x, np.inf), np.copysign(1.0, x)), np.array([1.0, 0.0, -0.0, 1e308]))
case("isnan_isinf_isfinite", "after " + UM + "::TestFPClass::test_fpclass",
     lambda x: (np.isnan(x), np.isinf(x), np.isfinite(x), np.signbit(x)),
     np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, 5e-324]))
case("float16_arith", "after _core/test_half.py::TestHalf::test_half_ufuncs",
     lambda a, b: (a + b, a * b, a / b, np.sqrt(a), a ** b, np.maximum(a, b)),
     np.array([0, 1, 2, 4, 2], np.float16), np.array([-2, 5, 1, 4, 3], np.float16))

NEP50 = "_core/test_nep50_promotions.py"
case("nep50_python_scalars", "after " + NEP50 + "::test_nep50_examples",
     lambda u8, f32, i8: (u8 + 2, u8 * 3.0, f32 + 3e100 * 0, f32 * 2.0, i8 + 1j, u8 + np.int64(1), f32 + np.float64(3)),
     np.array([1], np.uint8), np.array([1.0], np.float32), np.array(1, np.int8))
case("nep50_int_out_of_range", "after " + NEP50 + "::test_nep50_integer_conversion_errors", lambda a: a + 300,
     np.array([1, 2], np.int8))
case("nep50_uint_negative", "after " + NEP50 + "::test_nep50_integer_conversion_errors", lambda a: a + (-1),
     np.array([1, 2], np.uint8))
case("nep50_weak_float32", "after " + NEP50 + "::test_nep50_weak_integers_with_inexact",
     lambda a: (a + 2**100, a * 2**63),
     np.array([1.0], np.float32))
case("divmod_int", UM + "::TestRemainder::test_remainder_basic (np.divmod)", lambda a, b: np.divmod(a, b),
     np.array([71, -71, 71, -71], np.int8), np.array([19, 19, -19, -19], np.int8))
case("divmod_float_exact", UM + "::TestRemainder::test_float_remainder_exact (np.divmod)", lambda a, b: np.divmod(a, b),
     _ARG[0].astype("d"), _ARG[1].astype("d"))
case("frexp", "after " + UM + "::TestFRExp::test_frexp",
     lambda m: np.frexp(m), np.array([2., 0.5, -0.0, np.inf, np.nan]))
case("spacing", "after " + UM + "::TestSpecialFloats::test_spacing",
     lambda x: np.spacing(x), np.array([1.0, 0.0, -0.0, 1e308]))
case("bitwise_count", "after " + UM + "::TestBitwiseUFuncs::test_bitwise_count", lambda o: np.bitwise_count(o),
     np.array([-1, 1, 7], np.int16))

# --- numpy/lib/tests/test_nanfunctions.py -----------------------------------------------------------------------

NF = "lib/test_nanfunctions.py"
_NDAT = np.array([[0.6244, np.nan, 0.2692, 0.0116, np.nan, 0.1170],
                  [0.5351, -0.9403, np.nan, 0.2100, 0.4759, 0.2833],
                  [np.nan, np.nan, np.nan, 0.1042, np.nan, -0.5954],
                  [0.1610, np.nan, np.nan, 0.1859, 0.3146, np.nan]])
for _f in (np.nanmin, np.nanmax, np.nanargmin, np.nanargmax, np.nansum, np.nanprod, np.nancumsum, np.nancumprod,
           np.nanmean, np.nanvar, np.nanstd, np.nanmedian):
    case(f"{_f.__name__}_result_values", "after " + NF + "::TestNanFunctions_*::test_result_values / test_keepdims",
         (lambda f: lambda x: (f(x, axis=1), f(x, axis=0), f(x)))(_f), _NDAT)
    case(f"{_f.__name__}_float32", "after " + NF + "::TestNanFunctions_*::test_dtype_from_input",
         (lambda f: lambda x: f(x, axis=1))(_f), _NDAT.astype(np.float32))
    case(f"{_f.__name__}_int", "after " + NF + "::TestNanFunctions_NumberTypes::test_nanfunc",
         (lambda f: lambda x: (f(x), f(x, axis=0)))(_f), np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int16))
for _f in (np.nanmin, np.nanmax, np.nanmean, np.nanvar, np.nanmedian):
    case(f"{_f.__name__}_allnans", "after " + NF + "::TestNanFunctions_*::test_allnans",
         (lambda f: lambda x, z: (f(x, axis=None), f(x, axis=0), f(x, axis=1), f(z)))(_f),
         np.full((3, 3), np.nan), np.array(np.nan, np.float32))
for _f in (np.nanargmin, np.nanargmax):
    case(f"{_f.__name__}_allnans", "after " + NF + "::TestNanFunctions_ArgminArgmax::test_allnans",
         (lambda f: lambda x: f(x, axis=0))(_f), np.full((3, 3), np.nan))
    case(f"{_f.__name__}_empty", "after " + NF + "::TestNanFunctions_ArgminArgmax::test_empty",
         (lambda f: lambda x: f(x, axis=0))(_f), np.zeros((0, 3)))
    case(f"{_f.__name__}_empty_axis1", "after " + NF + "::TestNanFunctions_ArgminArgmax::test_empty",
         (lambda f: lambda x: f(x, axis=1))(_f), np.zeros((0, 3)))
    case(f"{_f.__name__}_keepdims", "after " + NF + "::TestNanFunctions_ArgminArgmax::test_keepdims",
         (lambda f: lambda x: (f(x, axis=1, keepdims=True), f(x, axis=None, keepdims=True)))(_f), _NDAT)
case("nansum_nanprod_empty", NF + "::TestNanFunctions_SumProd::test_empty",
     lambda m: (np.nansum(m, axis=0), np.nansum(m, axis=1), np.nansum(m), np.nanprod(m, axis=0), np.nanprod(m)),
     np.zeros((0, 3)))
case("nansum_allnans", NF + "::TestNanFunctions_SumProd::test_allnans",
     lambda x: (np.nansum(x), np.nanprod(x, axis=0)), np.full((3, 3), np.nan))
case("nanmax_initial", "after " + NF + "::TestNanFunctions_MinMax::test_initial",
     lambda x: (np.nanmax(x, initial=5), np.nanmin(x, initial=-5)), np.full((3, 3), np.nan, dtype=np.float32))
case("nansum_initial", "after " + NF + "::TestNanFunctions_SumProd::test_initial",
     lambda x: (np.nansum(x, initial=1), np.nanprod(x, initial=2)),
     np.full((3, 3), np.nan, dtype=np.float32))
case("nanmean_empty", "after " + NF + "::TestNanFunctions_MeanVarStd::test_empty",
     lambda m: (np.nanmean(m, axis=0), np.nanmean(m, axis=1), np.nanvar(m, axis=0), np.nanstd(m, axis=1)),
     np.zeros((0, 3)))
case("nanvar_ddof", NF + "::TestNanFunctions_MeanVarStd::test_ddof",
     lambda x: (np.nanvar(x, axis=1, ddof=1), np.nanstd(x, axis=1, ddof=1)), _NDAT)
for _ddof in range(2, 5):
    case(f"nanvar_ddof_too_big_{_ddof}", NF + "::TestNanFunctions_MeanVarStd::test_ddof_too_big",
         (lambda d: lambda x: (np.nanvar(x, axis=1, ddof=d), np.nanstd(x, axis=1, ddof=d)))(_ddof), _NDAT)
case("nanmean_complex", "after " + NF + "::TestNanFunctions_MeanVarStd::test_allnans (complex)",
     lambda x: (np.nanmean(x), np.nanmean(x, axis=0)), np.array([[1 + 1j, np.nan], [2 - 1j, 3j]]))
case("nanvar_complex", "after " + NF + "::TestNanFunctions_MeanVarStd::test_allnans (complex)",
     lambda x: (np.nanvar(x), np.nanstd(x, axis=0)), np.array([[1 + 1j, np.nan], [2 - 1j, 3j]]))
case("nanmedian_keepdims", "after " + NF + "::TestNanFunctions_Median::test_keepdims",
     lambda x: (np.nanmedian(x, axis=None, keepdims=True), np.nanmedian(x, axis=(0, 1), keepdims=True),
                np.nanmedian(x, axis=(1, 3), keepdims=True)),
     np.where(np.arange(3 * 5 * 7 * 11) % 5 == 0, np.nan, np.arange(3 * 5 * 7 * 11.0)).reshape(3, 5, 7, 11))
case("nanmedian_small_large", "after " + NF + "::TestNanFunctions_Median::test_small_large",
     lambda x: (np.nanmedian(x, axis=0), np.nanmedian(x, axis=1)), np.where(RNG.random((8, 9)) < 0.3, np.nan,
                                                                             RNG.random((8, 9))))
case("nanmedian_float_special", "after " + NF + "::TestNanFunctions_Median::test_float_special",
     lambda a: (np.nanmedian(a, axis=0), np.nanmedian(a, axis=1), np.nanmedian(a)),
     np.array([[np.inf, np.nan], [np.nan, np.nan]]))
case("nanmedian_float_special_inf", "after " + NF + "::TestNanFunctions_Median::test_float_special",
     lambda a: np.nanmedian(a),
     np.array([[np.inf, 7, -np.inf, -9], [-10, np.nan, np.nan, 5], [4, np.nan, np.nan, np.inf]]))
case("nanpercentile", "after " + NF + "::TestNanFunctions_Percentile::test_result_values",
     lambda x: (np.nanpercentile(x, 28, axis=1), np.nanpercentile(x, [28, 98]), np.nanquantile(x, 0.5, axis=0)), _NDAT)
case("nanpercentile_allnans", NF + "::TestNanFunctions_Percentile::test_allnans",
     lambda x: (np.nanpercentile(x, 60), np.nanpercentile(x, 60, axis=0)), np.full((3, 3), np.nan))
case("nanpercentile_complex", "after " + NF + "::TestNanFunctions_Percentile::test_complex",
     lambda x: np.nanpercentile(x, 0.5), np.array([0.5 + 3.0j, 2.1 + 0.5j, 1.6 + 2.3j], dtype='D'))

# --- numpy/lib/tests/test_function_base.py (select, median/percentile extended axes), test_histograms.py, ---------
# --- test_arraysetops.py ---------------------------------------------------------------------------------------

_CHOICES = [np.array([1, 2, 3]), np.array([4, 5, 6]), np.array([7, 8, 9])]
case("select_basic", "after " + FB + "::TestSelect::test_basic",
     lambda c0, c1, c2: np.select([np.array([True, False, False]), np.array([False, True, False]),
                                   np.array([False, False, True])], [c0, c1, c2]), *_CHOICES)
case("select_broadcasting", "after " + FB + "::TestSelect::test_broadcasting",
     lambda c: (np.select([True, np.array([False])], [c, np.array([0])]), np.select([c > 1], [c], default=[7])),
     np.array([1]))
case("select_return_dtype", "after " + FB + "::TestSelect::test_return_dtype",
     lambda c: (np.select([c > 1], [c.astype(np.complex128)], default=1.0j), np.select([c > 1], [c], 5.0)),
     np.array([1, 2, 3], np.int16))
case("select_non_bool", "after " + FB + "::TestSelect::test_non_bool_deprecation",
     lambda c: np.select([c], [c]), np.array([0, 1]))
case("median_extended_axis", "after " + FB + "::TestMedian::test_extended_axis",
     lambda d: (np.median(d, axis=(0, 1, 2)), np.median(d, axis=(1, 3)), np.median(d, axis=(0, 2), keepdims=True)),
     RNG.random((3, 5, 7, 11)))
case("median_empty", "after " + FB + "::TestMedian::test_empty", lambda a: (np.median(a), np.median(a, axis=0)),
     np.array([], dtype=float))
case("median_nan_axis", "after " + FB + "::TestMedian::test_nan_behavior",
     lambda a: (np.median(a, axis=0), np.median(a, axis=1), np.median(a, axis=(0, 1))),
     np.where(np.arange(24).reshape(2, 3, 4) == 13, np.nan, np.arange(24.0).reshape(2, 3, 4)))
case("median_inf", "after " + FB + "::TestMedian::test_float_special",
     lambda a: (np.median(a), np.median(a, axis=0)), np.array([[np.inf, np.inf], [-np.inf, np.inf], [1, -np.inf]]))
case("percentile_extended_axis", "after " + FB + "::TestPercentile::test_extended_axis",
     lambda d: (np.percentile(d, 25, axis=(0, 1)), np.percentile(d, [1, 7], axis=(0, 3), keepdims=True),
                np.quantile(d, 0.25, axis=(1, 2), method="nearest")), RNG.random((3, 5, 7, 11)))
case("percentile_empty_dim", "after " + FB + "::TestPercentile::test_percentile_empty_dim",
     lambda d: (np.percentile(d, 50, axis=0), np.percentile(d, 50, axis=1), np.percentile(d, 50, axis=-1)),
     np.arange(11 * 2).reshape(11, 1, 2, 1))
case("quantile_float32_q", "after " + FB + "::TestQuantile::test_quantile_preserve_int_type / test_weak_float32",
     lambda x: (np.quantile(x, 0.5), np.quantile(x, np.float64(0.5)), np.quantile(x, [0.25, 0.5])),
     np.array([1, 2, 3, 4.5], np.float32))
case("quantile_monotonic", "after " + FB + "::TestQuantile::test_quantile_monotonic",
     lambda p: tuple(np.quantile(p, np.linspace(0, 1, 21), method=m) for m in ("linear", "lower", "higher",
                                                                               "midpoint", "nearest")),
     np.array([0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 1, 1, 9, 9, 9, 8, 8, 7]) * 0.1)
case("quantile_bad_method", "after " + FB + "::TestQuantile::test_quantile_scalar_nan / test_exception",
     lambda x: np.quantile(x, 0.5, method="nonsense"), np.arange(5.0))

HI = "lib/test_histograms.py"
case("histogram_simple", HI + "::TestHistogram::test_simple", lambda v, w: (np.histogram(v), np.histogram(w)),
     RNG.random(100), np.linspace(0, 10, 100))
case("histogram_one_bin", HI + "::TestHistogram::test_one_bin",
     lambda a, b: (np.histogram(a, [1, 2]), np.histogram(b, bins=1)), np.array([1, 2, 3, 4]), np.array([1, 2]))
case("histogram_zero_bins", HI + "::TestHistogram::test_one_bin", lambda a: np.histogram(a, bins=0), np.array([1, 2]))
case("histogram_density", HI + "::TestHistogram::test_density",
     lambda v, a: (np.histogram(v, density=True), np.histogram(a, [0, 1, 3, 6, 10], density=True),
                   np.histogram(a, [0, 1, 3, 6, 10], density=False),
                   np.histogram(a, [0, 1, 3, 6, np.inf], density=True)),
     RNG.random(100), np.arange(10))
case("histogram_density_inf_edge", HI + "::TestHistogram::test_density",
     lambda a: np.histogram(a, [0.5, 1.5, np.inf], density=True), np.array([1, 2, 3, 4]))
case("histogram_outliers", HI + "::TestHistogram::test_outliers",
     lambda a, w: (np.histogram(a, range=[0, 9]), np.histogram(a, range=[1, 10]), np.histogram(a, range=[1, 9],
                                                                                             density=True),
                   np.histogram(a, range=[1, 9], weights=w, density=True), np.histogram(a, bins=8, range=[1, 9],
                                                                                       weights=w)),
     np.arange(10) + .5, np.arange(10) + .5)
case("histogram_weights_mismatch", HI + "::TestHistogram::test_arr_weights_mismatch",
     lambda a, w: np.histogram(a, range=[1, 9], weights=w, density=True), np.arange(10) + .5, np.arange(11) + .5)
case("histogram_type", HI + "::TestHistogram::test_type",
     lambda a: (np.histogram(a), np.histogram(a, density=True), np.histogram(a, weights=np.ones(10, int)),
                np.histogram(a, weights=np.ones(10, float))), np.arange(10) + .5)
case("histogram_uint8", HI + "::TestHistogram::test_bool_conversion", lambda a: np.histogram(a),
     np.array([1, 1, 0], dtype=np.uint8))
case("histogram_bool", HI + "::TestHistogram::test_bool_conversion", lambda a: np.histogram(a),
     np.array([True, True, False]))
case("histogram_empty", HI + "::TestHistogram::test_empty", lambda a: np.histogram(a, bins=[0, 1]), np.array([]))
case("histogram_bins_float", HI + "::TestHistogram::test_error_binnum_type", lambda v: np.histogram(v, 2.4),
     np.linspace(0.0, 1.0, num=100))
case("histogram_range_nan", HI + "::TestHistogram::test_finite_range", lambda v: np.histogram(v, range=[np.nan, 0.75]),
     np.linspace(0.0, 1.0, num=100))
case("histogram_range_inf", HI + "::TestHistogram::test_finite_range", lambda v: np.histogram(v, range=[0.25, np.inf]),
     np.linspace(0.0, 1.0, num=100))
case("histogram_range_invalid", HI + "::TestHistogram::test_invalid_range",
     lambda v: np.histogram(v, range=[0.1, 0.01]), np.linspace(0.0, 1.0, num=100))
case("histogram_bin_edge_cases", HI + "::TestHistogram::test_bin_edge_cases",
     lambda a: np.histogram(a, bins=8296, range=(2, 2280)), np.array([337, 404, 739, 806, 1007, 1811, 2012]))
case("histogram_last_bin_inclusive", HI + "::TestHistogram::test_last_bin_inclusive_range",
     lambda a: np.histogram(a, bins=30, range=(-0.5, 5)), np.array([0., 0., 0., 1., 2., 3., 3., 4., 5.]))
case("histogram_bins_2d", HI + "::TestHistogram::test_bin_array_dims",
     lambda v: np.histogram(v, bins=np.array([[0, 0.5], [0.6, 1.0]])), np.linspace(0.0, 1.0, num=100))
case("histogram_unsigned_monotonicity", HI + "::TestHistogram::test_unsigned_monotonicity_check",
     lambda a: np.histogram(a, bins=np.array([1, 3, 1], dtype='uint64')), np.array([2]))
case("histogram_inf_data", HI + "::TestHistogram::test_object_array_of_0d", lambda a: np.histogram(a),
     np.array([0.4] * 10 + [np.inf]))
case("histogram_tiny_range", HI + "::TestHistogram::test_object_array_of_0d",
     lambda a: np.histogram(a), np.array([0.5] * 10 + [.500000000000002]))
case("histogram_some_nan_range", HI + "::TestHistogram::test_some_nan_values",
     lambda a: np.histogram(a, bins=10, range=(0, 1)), np.array([0, 1, np.nan]))
case("histogram_some_nan_norange", HI + "::TestHistogram::test_some_nan_values",
     lambda a: np.histogram(a, bins=10), np.array([0, 1, np.nan]))
for _t in (np.byte, np.short, np.intc, np.int_):
    _e = 8 * np.dtype(_t).itemsize - 1
    case(f"histogram_signed_overflow_{np.dtype(_t).name}", HI + "::TestHistogram::test_signed_overflow_bounds",
         lambda a: np.histogram(a, bins=2), np.array([-2**_e + 4, 2**_e - 4], dtype=_t))
case("histogram_precision", HI + "::TestHistogram::test_precision",
     lambda a: (np.histogram(a, bins=1, range=np.array([1.0 + np.finfo(np.float32).eps, 2.0], np.float32)),
                np.histogram(a, bins=1, range=(0.0, 1.0 - np.finfo(np.float64).eps))),
     np.array([1.0], np.float16))
case("histogram_small_value_range", HI + "::TestHistogram::test_small_value_range",
     lambda a: np.histogram(a, bins=10), np.array([1, 1 + 2e-16] * 10))
case("histogram_bin_edges", "after " + HI + "::TestHistogram::test_histogram_bin_edges",
     lambda a: (np.histogram_bin_edges(a, [1, 2]), np.histogram_bin_edges(a, bins=30, range=(-0.5, 5))),
     np.array([0., 0., 0., 1., 2., 3., 3., 4., 5.]))
case("histogram_bins_auto", "after " + HI + "::TestHistogramOptimBinNums::test_simple",
     lambda a: np.histogram(a, bins="auto"),
     np.array([0., 0., 0., 1., 2., 3., 3., 4., 5.]))

SO = "lib/test_arraysetops.py"
case("ediff1d", SO + "::TestSetOps::test_ediff1d",
     lambda z, o, t: (np.ediff1d(z), np.ediff1d(z, to_begin=0), np.ediff1d(z, to_end=0),
                      np.ediff1d(z, to_begin=-1, to_end=0), np.ediff1d(o), np.ediff1d(t), np.ediff1d(t, to_begin=7,
                                                                                                   to_end=9),
                      np.ediff1d(t, to_begin=[5, 6], to_end=[7, 8]), np.ediff1d(t, to_end=[7, 8])),
     np.array([]), np.array([1]), np.array([1, 2]))
case("ediff1d_forbidden_cast", SO + "::TestSetOps::test_ediff1d_forbidden_type_casts",
     lambda a: np.ediff1d(a, to_end=np.nan), np.array([1, 2, 3], dtype=np.int64))
case("ediff1d_scalar_handling", SO + "::TestSetOps::test_ediff1d_scalar_handling",
     lambda a, b: (np.ediff1d(a, to_begin=2**16, to_end=2**16 + 4), np.ediff1d(b, to_begin=np.array([5.0]))),
     np.array([1, 2, 3], dtype=np.int16), np.array([1, 2, 3], dtype=np.float32))
case("ediff1d_2d", "after " + SO + "::TestSetOps::test_ediff1d",
     lambda a: np.ediff1d(a), np.array([[1, 2], [4, 8]]))
for _t in ("b", "B", "l", "f", "d", "D"):
    case(f"unique_1d_{_t}", SO + "::TestUnique::test_unique_1d",
         lambda a: np.unique(a, return_index=True, return_inverse=True, return_counts=True),
         np.array([5, 7, 1, 2, 1, 5, 7] * 10, _t))
case("unique_nan", "after " + SO + "::TestUnique::test_unique_1d (nan)",
     lambda a: (np.unique(a), np.unique(a, equal_nan=False), np.unique(a, return_counts=True)),
     np.array([1.0, np.nan, 2.0, np.nan, np.nan, 1.0]))
case("unique_zero_sized", SO + "::TestUnique::test_unique_zero_sized",
     lambda a: np.unique(a, return_index=True, return_inverse=True, return_counts=True), np.array([], np.int64))
case("unique_axis", SO + "::TestUnique::_run_axis_tests",
     lambda d: (np.unique(d, axis=0), np.unique(d, axis=1), np.unique(d, axis=0, return_inverse=True)),
     np.array([[0, 1, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0]]).astype(np.int8))
case("unique_axis_negative_zero", SO + "::TestUnique::test_unique_axis",
     lambda d: np.unique(d, axis=0), np.array([[-0.0, 0.0], [0.0, -0.0], [-0.0, 0.0], [0.0, -0.0]]))
case("unique_sort_order_axis", SO + "::TestUnique::test_unique_sort_order_with_axis",
     lambda a: np.unique(a, axis=0), np.array([[-1], [0]], np.int8))
case("unique_inverse_shape", "after " + SO + "::TestUnique::test_unique_inverse_shape",
     lambda a: (np.unique(a, return_inverse=True), np.unique_inverse(a), np.unique_counts(a)),
     np.array([[1, 2, 3], [2, 3, 1]]))
case("unique_values", "after " + SO + "::TestUnique::test_unique_inverse_shape (np.unique_values)",
     lambda a: np.unique_values(a), np.array([[1, 2, 3], [2, 3, 1]]))
case("setops", "after " + SO + "::TestSetOps::test_intersect1d / test_setdiff1d / test_union1d / test_setxor1d",
     lambda a, b: (np.intersect1d(a, b), np.setdiff1d(a, b), np.union1d(a, b), np.setxor1d(a, b),
                   np.intersect1d(a, b, return_indices=True)),
     np.array([5, 7, 1, 2]), np.array([2, 4, 3, 1, 5]))
case("isin", "after " + SO + "::TestSetOps::test_isin", lambda a, b: (np.isin(a, b), np.isin(a, b, invert=True)),
     np.array([5, 7, 1, 2]), np.array([2, 4, 3, 1, 5]))

# --- numpy/linalg/tests/test_linalg.py ------------------------------------------------------------------------

LA = "linalg/test_linalg.py"
_SQ = {
    "single": (np.array([[1., 2.], [3., 4.]], dtype=np.single), np.array([2., 1.], dtype=np.single)),
    "double": (np.array([[1., 2.], [3., 4.]], dtype=np.double), np.array([2., 1.], dtype=np.double)),
    "double_2": (np.array([[1., 2.], [3., 4.]], dtype=np.double), np.array([[2., 1., 4.], [3., 4., 6.]])),
    "csingle": (np.array([[1. + 2j, 2 + 3j], [3 + 4j, 4 + 5j]], dtype=np.csingle),
                np.array([2. + 1j, 1. + 2j], dtype=np.csingle)),
    "cdouble_2": (np.array([[1. + 2j, 2 + 3j], [3 + 4j, 4 + 5j]], dtype=np.cdouble),
                  np.array([[2. + 1j, 1. + 2j, 1 + 3j], [1 - 2j, 1 - 3j, 1 - 6j]], dtype=np.cdouble)),
    "0x0": (np.empty((0, 0), dtype=np.double), np.empty((0,), dtype=np.double)),
    "8x8": (RNG.random((8, 8)), RNG.random(8)),
    "1x1": (RNG.random((1, 1)), RNG.random(1)),
    "nonarray_int": (np.array([[1, 2], [3, 4]]), np.array([2, 1])),
}
for _k, (_a, _b) in _SQ.items():
    case(f"linalg_square_{_k}", LA + f"::CASES square '{_k}' (TestSolve, TestInv, TestDet)",
         lambda a, b: (np.linalg.solve(a, b), np.linalg.inv(a), np.linalg.det(a), np.linalg.slogdet(a)), _a, _b)
    case(f"linalg_square_norms_{_k}", LA + f"::CASES square '{_k}' (TestCond, TestPinv, TestMatrixRank, TestNorm)",
         lambda a: (np.linalg.pinv(a), np.linalg.matrix_rank(a), np.linalg.norm(a), np.linalg.norm(a, 1),
                    np.linalg.norm(a, np.inf)), _a)
_NSQ = {
    "single_nsq_1": (np.array([[1., 2., 3.], [3., 4., 6.]], dtype=np.single), np.array([2., 1.], dtype=np.single)),
    "double_nsq_2": (np.array([[1., 2.], [3., 4.], [5., 6.]]), np.array([2., 1., 3.])),
    "cdouble_nsq_1_2": (np.array([[1. + 1j, 2. + 2j, 3. - 3j], [3. - 5j, 4. + 9j, 6. + 2j]]),
                        np.array([[2. + 1j, 1. + 2j], [1 - 1j, 2 - 2j]])),
    "8x11": (RNG.random((8, 11)), RNG.random(8)),
    "5x1": (RNG.random((5, 1)), RNG.random(5)),
    "0x4": (RNG.random((0, 4)), RNG.random(0)),
    "4x0": (RNG.random((4, 0)), RNG.random(4)),
}
for _k, (_a, _b) in _NSQ.items():
    case(f"linalg_lstsq_{_k}", LA + f"::CASES nonsquare '{_k}' (TestLstsq)",
         lambda a, b: np.linalg.lstsq(a, b, rcond=None), _a, _b)
    case(f"linalg_nonsquare_{_k}", LA + f"::CASES nonsquare '{_k}' (TestPinv, TestMatrixRank, TestSVD, TestNorm)",
         lambda a: (np.linalg.pinv(a), np.linalg.matrix_rank(a), np.linalg.svd(a, compute_uv=False),
                    np.linalg.norm(a, 'fro')), _a)
    case(f"linalg_qr_{_k}", LA + f"::CASES nonsquare '{_k}' (TestQR)",
         lambda a: (np.linalg.qr(a, mode='r'), np.abs(np.linalg.qr(a)[1])), _a)
case("det_zero", LA + "::TestDet::test_zero",
     lambda a, c: (np.linalg.det(a), np.linalg.det(c), np.linalg.slogdet(a), np.linalg.slogdet(c)),
     np.array([[0.0]]), np.array([[0.0j]]))
case("inv_singular", "after " + LA + "::TestInv (singular)", lambda a: np.linalg.inv(a), np.ones((2, 2)))
case("solve_singular", "after " + LA + "::TestSolve (singular)", lambda a, b: np.linalg.solve(a, b), np.zeros((2, 2)),
     np.ones(2))
case("solve_0_size", "after " + LA + "::TestSolve::test_0_size",
     lambda a, b: np.linalg.solve(a, b), np.zeros((2, 0, 0)), np.zeros((2, 0)))
case("solve_1_d_batched", "after " + LA + "::TestSolve::test_1_d",
     lambda a, b: np.linalg.solve(a, b), RNG.random((2, 3, 3)) + 3 * np.eye(3), RNG.random(3))
case("inv_0_size", "after " + LA + "::TestInv::test_0_size",
     lambda a: np.linalg.inv(a), np.zeros((1, 0, 0), np.float32))
case("det_0_size", "after " + LA + "::TestDet::test_0_size",
     lambda a: (np.linalg.det(a), np.linalg.slogdet(a)), np.zeros((0, 0, 1), np.complex64).reshape(1, 0, 0))
case("lstsq_rank_deficient", LA + "::TestLstsq::test_rcond (default rcond: rank 3)",
     lambda a, b: np.linalg.lstsq(a, b),
     np.array([[0., 1., 0., 1., 2., 0.], [0., 2., 0., 0., 1., 0.], [1., 0., 1., 0., 0., 4.],
               [0., 0., 0., 2., 3., 0.]]).T, np.array([1, 0, 0, 0, 0, 0]))
case("lstsq_rcond", LA + "::TestLstsq::test_rcond (rcond=-1: rank 4)",
     lambda a, b: np.linalg.lstsq(a, b, rcond=-1),
     np.array([[0., 1., 0., 1., 2., 0.], [0., 2., 0., 0., 1., 0.], [1., 0., 1., 0., 0., 4.],
               [0., 0., 0., 2., 3., 0.]]).T,
     np.array([1, 0, 0, 0, 0, 0]))
for _m, _n, _r in [(4, 2, 2), (0, 4, 1), (4, 0, 1), (4, 2, 0), (0, 0, 0)]:
    case(f"lstsq_empty_{_m}_{_n}_{_r}", LA + "::TestLstsq::test_empty_a_b",
         lambda a, b: np.linalg.lstsq(a, b, rcond=None), np.arange(_m * _n).reshape(_m, _n), np.ones((_m, _r)))
case("lstsq_incompatible_dims", LA + "::TestLstsq::test_incompatible_dims",
     lambda a, y: np.linalg.lstsq(a, y, rcond=None), np.vstack([np.array([0, 1, 2, 3]), np.ones(4)]).T,
     np.array([-1, 0.2, 0.9, 2.1, 3.3]))
case("cond_singular", LA + "::TestCond::test_singular",
     lambda a: (np.linalg.cond(a, -1), np.linalg.cond(a, -2), np.linalg.cond(a, 1) > 1e15), np.ones((2, 2)))
case("cond_basic", "after " + LA + "::TestCond::test_basic_nonsvd",
     lambda a: (np.linalg.cond(a), np.linalg.cond(a, 'fro'), np.linalg.cond(a, np.inf), np.linalg.cond(a, -np.inf),
                np.linalg.cond(a, 1), np.linalg.cond(a, -1)), np.array([[1., 0, 1], [0, -2., 0], [0, 0, 3.]]))
case("cond_stacked", "after " + LA + "::TestCond::test_stacked_singular",
     lambda a: np.linalg.cond(a, 'fro'), np.random.RandomState(1234).rand(2, 2, 2, 2) * np.array([0, 1])[:, None, None,
                                                                                                       None])
for _p in (0, 1, 2, -1, 3):
    case(f"matrix_power_{_p}", LA + "::TestMatrixPower::test_power_is_*",
         (lambda p: lambda a: np.linalg.matrix_power(a, p))(_p), np.array([[0, 1], [-1, 0]], dtype=np.float64))
case("matrix_power_non_square", LA + "::TestMatrixPower::test_exceptions_non_square",
     lambda a: np.linalg.matrix_power(a, 1), np.array([1, 2], dtype=np.float64))
case("matrix_power_not_invertible", LA + "::TestMatrixPower::test_exceptions_not_invertible",
     lambda a: np.linalg.matrix_power(a, -1), np.array([[0, 1], [0, 0]], dtype=np.float64))
case("matrix_power_int", LA + "::TestMatrixPower::test_large_power",
     lambda a: (np.linalg.matrix_power(a, 5 * 4), np.linalg.matrix_power(a, 2)), np.array([[0, 1], [-1, 0]], np.int64))
case("eigvalsh_uplo", "after " + LA + "::TestEigvalsh::test_UPLO",
     lambda a: (np.linalg.eigvalsh(a), np.linalg.eigvalsh(a, UPLO='L'), np.linalg.eigvalsh(a, UPLO='U')),
     np.array([[1, -2j], [2j, 1]]))
case("eigvalsh_invalid", "after " + LA + "::TestEigvalsh::test_invalid", lambda a: np.linalg.eigvalsh(a, UPLO="lrong"),
     np.array([[1, 2], [3, 4]], dtype=np.float32))
case("eigvalsh_0_size", "after " + LA + "::TestEigvalsh::test_0_size", lambda a: np.linalg.eigvalsh(a),
     np.zeros((0, 1, 1), dtype=np.int_))
case("eigvalsh_types", "after " + LA + "::TestEigvalsh::test_types",
     lambda a: np.linalg.eigvalsh(a), np.array([[1, 0.5], [0.5, 1]], dtype=np.float32))
case("norm_matrix_2x2", LA + "::_TestNorm2D::test_matrix_2x2",
     lambda a: (np.linalg.norm(a), np.linalg.norm(a, 'fro'), np.linalg.norm(a, 'nuc'), np.linalg.norm(a, np.inf),
                np.linalg.norm(a, -np.inf), np.linalg.norm(a, 1), np.linalg.norm(a, -1), np.linalg.norm(a, 2),
                np.linalg.norm(a, -2)), np.array([[1, 3], [5, 7]], dtype=np.float64))
case("norm_matrix_3x3_f32", LA + "::_TestNorm2D::test_matrix_3x3 (TestNormSingle)",
     lambda a: (np.linalg.norm(a), np.linalg.norm(a, 'nuc'), np.linalg.norm(a, 2), np.linalg.norm(a, -2)),
     (1 / 10) * np.array([[1, 2, 3], [6, 0, 5], [3, 2, 1]], dtype=np.float32))
case("norm_matrix_int64", "after " + LA + "::_TestNorm2D::test_matrix_2x2 (TestNormInt64)",
     lambda a: (np.linalg.norm(a), np.linalg.norm(a, 1), np.linalg.norm(a, np.inf)), np.array([[1, 3], [5, 7]]))
case("norm_bad_ord_fro_axis", LA + "::_TestNorm2D::test_bad_args", lambda a: np.linalg.norm(a, 'fro', 0),
     np.array([[1, 2, 3], [4, 5, 6]], dtype=float))
case("norm_bad_ord_matrix", LA + "::_TestNorm2D::test_bad_args", lambda a: np.linalg.norm(a, 3, None),
     np.array([[1, 2, 3], [4, 5, 6]], dtype=float))
case("norm_bad_axis", LA + "::_TestNorm2D::test_bad_args", lambda b: np.linalg.norm(b, None, 3),
     np.arange(1, 25, dtype=float).reshape(2, 3, 4))
case("norm_bad_axis_tuple", LA + "::_TestNorm2D::test_bad_args", lambda b: np.linalg.norm(b, None, (0, 1, 2)),
     np.arange(1, 25, dtype=float).reshape(2, 3, 4))
case("norm_vector", "after " + LA + "::_TestNormGeneral::test_vector",
     lambda a: (np.linalg.norm(a), np.linalg.norm(a, np.inf), np.linalg.norm(a, -np.inf), np.linalg.norm(a, 0),
                np.linalg.norm(a, 1), np.linalg.norm(a, -1), np.linalg.norm(a, 2), np.linalg.norm(a, 3),
                np.linalg.norm(a, -2)), np.array([1, 2, 3, 4], dtype=np.float64))
case("norm_vector_int8", "after " + LA + "::_TestNormGeneral::test_vector_return_type",
     lambda a: (np.linalg.norm(a), np.linalg.norm(a, 0), np.linalg.norm(a, 1), np.linalg.norm(a, np.inf)),
     np.array([1, 0, 1], dtype=np.int8))
case("norm_axis_keepdims", "after " + LA + "::_TestNormGeneral::test_axis / test_keepdims",
     lambda b: (np.linalg.norm(b, axis=0), np.linalg.norm(b, axis=(1, 2)), np.linalg.norm(b, 1, axis=(2, 0)),
                np.linalg.norm(b, 'nuc', axis=(0, 1)), np.linalg.norm(b, 2, axis=1, keepdims=True),
                np.linalg.norm(b, 'fro', axis=(0, 2), keepdims=True)), np.arange(1, 25, dtype=float).reshape(2, 3, 4))
case("norm_empty", "after " + LA + "::_TestNormGeneral::test_empty / test_matrix_empty",
     lambda a, m: (np.linalg.norm(a), np.linalg.norm(m)), np.array([]), np.array([[]]))
case("norm_intmin", LA + "::TestNorm_NonSystematic::test_intmin", lambda x: np.linalg.norm(x, ord=3),
     np.array([-2 ** 31], dtype=np.int32))
case("norm_complex_high_ord", "after " + LA + "::TestNorm_NonSystematic::test_complex_high_ord",
     lambda d: np.linalg.norm(d, ord=3), np.array([1 + 1j, 2 - 3j, 3 + 0.5j], np.complex128))
case("matrix_rank", LA + "::TestMatrixRank::test_matrix_rank",
     lambda i, e, z, v: (np.linalg.matrix_rank(i), np.linalg.matrix_rank(e), np.linalg.matrix_rank(z),
                         np.linalg.matrix_rank(v), np.linalg.matrix_rank(np.zeros((4,))),
                         np.linalg.matrix_rank(np.array([i, e, z]))),
     np.diag([1.0, 1, 1, 0]), np.eye(4), np.zeros((4, 4)), np.array([1, 0, 0, 0]))
case("matrix_rank_tol_and_rtol", LA + "::TestMatrixRank::test_matrix_rank", lambda i: np.linalg.matrix_rank(
    i, tol=0.01, rtol=0.01), np.diag([1.0, 1, 1, 0]))
case("matrix_rank_hermitian", LA + "::TestMatrixRank::test_symmetric_rank",
     lambda i, o: (np.linalg.matrix_rank(np.eye(4), hermitian=True), np.linalg.matrix_rank(o, hermitian=True),
                   np.linalg.matrix_rank(i, hermitian=True, tol=0.99e-8),
                   np.linalg.matrix_rank(i, hermitian=True, tol=1.01e-8)),
     np.diag([1.0, 1, 1, 1e-8]), np.ones((4, 4)))
_RR = np.random.RandomState(20120714).normal(size=(40, 10))
_RR[:, 0] = _RR[:, 1] + _RR[:, 2]
case("matrix_rank_reduced", LA + "::test_reduced_rank", lambda x: np.linalg.matrix_rank(x), _RR)
for _m, _n in [(3, 0), (0, 3), (0, 0)]:
    case(f"qr_empty_{_m}_{_n}", LA + "::TestQR::test_qr_empty",
         lambda a: (np.linalg.qr(a), np.linalg.qr(a, mode="r")), np.zeros((_m, _n)))
case("qr_mode_raw", "after " + LA + "::TestQR::test_mode_raw", lambda a: np.linalg.qr(a, mode='raw'),
     np.array([[1, 2], [3, 4], [5, 6]], dtype=np.double))
case("qr_mode_complete", "after " + LA + "::TestQR::test_mode_all_but_economic",
     lambda a: (np.linalg.qr(a, mode='complete'), np.linalg.qr(a.T, mode='reduced')),
     np.array([[1, 2], [3, 4], [5, 6]], dtype=np.double))
case("cholesky_upper", "after " + LA + "::TestCholesky::test_upper_lower_arg",
     lambda a: (np.linalg.cholesky(a), np.linalg.cholesky(a, upper=True)), np.array([[1, 2j], [-2j, 5]]))
case("cholesky_not_pd", "after " + LA + "::TestCholesky (not positive definite)", lambda a: np.linalg.cholesky(a),
     np.array([[1.0, 2.0], [2.0, 1.0]]))
case("multi_dot",
     "after " + LA + "::TestMultiDot::test_basic_function_with_three_arguments / test_vector_as_first_argument",
     lambda a, b, c, d: (np.linalg.multi_dot([a, b, c]), np.linalg.multi_dot([d, a, b, c]),
                         np.linalg.multi_dot([a, b])),
     RNG.random((6, 2)), RNG.random((2, 6)), RNG.random((6, 2)), RNG.random(6))
case("multi_dot_too_few", "after " + LA + "::TestMultiDot::test_too_few_input_arrays",
     lambda a: np.linalg.multi_dot([a]),
     RNG.random((2, 2)))
case("linalg_outer", "after " + LA + "::TestOuter / _core/test_numeric.py::TestOuter",
     lambda a, b: (np.linalg.outer(a, b), np.outer(a, b), np.outer(a[:, None], b)), np.arange(3), np.array([1.5, -2.0]))
case("linalg_outer_2d", "after " + LA + "::TestOuter (2-d input is a ValueError)", lambda a: np.linalg.outer(a, a),
     np.ones((2, 2)))
case("pinv_hermitian", "after " + LA + "::TestPinvHermitian",
     lambda a: np.linalg.pinv(a, hermitian=True), np.array([[1.0, 2.0], [2.0, 1.0]]))
case("svd_empty_identity", "after " + LA + "::TestSVD::test_empty_identity",
     lambda x: (np.linalg.svd(x, compute_uv=False), np.linalg.svdvals(x)), np.empty((4, 0)))

# --- numpy/fft/tests/test_pocketfft.py, test_helper.py ---------------------------------------------------------

FT = "fft/test_pocketfft.py"
_FX = RNG.random(30) + 1j * RNG.random(30)
case("fft_n_zero", FT + "::test_fft_n", lambda x: np.fft.fft(x, 0), np.array([1, 2, 3]))
for _i in (1, 7, 16, 31):
    case(f"fft_identity_{_i}", FT + "::TestFFT1D::test_identity",
         lambda x, xr: (np.fft.ifft(np.fft.fft(x)), np.fft.irfft(np.fft.rfft(xr), xr.shape[0])),
         _FX[:_i], _FX.real[:_i])
for _norm in (None, "backward", "ortho", "forward"):
    case(f"fft_norm_{_norm}", FT + "::TestFFT1D::test_fft / test_ifft / test_rfft",
         (lambda norm: lambda x, xr: (np.fft.fft(x, norm=norm), np.fft.ifft(x, norm=norm),
                                     np.fft.rfft(xr, n=60, norm=norm), np.fft.irfft(x, norm=norm),
                                     np.fft.hfft(x, norm=norm), np.fft.ihfft(xr, norm=norm)))(_norm),
         _FX, _FX.real)
case("rfft_even_odd", FT + "::TestFFT1D::test_rfft_even / test_rfft_odd",
     lambda x, y: (np.fft.rfft(x, 4), np.fft.rfft(y), np.fft.fft(x[:4])), np.arange(8), np.array([1, 0, 2, 3, -3]))
_FX2 = RNG.random((6, 5)) + 1j * RNG.random((6, 5))
case("fft2_fftn", "after " + FT + "::TestFFT1D::test_fft2 / test_ifft2 / test_fftn / test_ifftn",
     lambda x: (np.fft.fft2(x), np.fft.ifft2(x, norm="ortho"), np.fft.fftn(x), np.fft.ifftn(x, norm="forward")), _FX2)
case("rfft2_rfftn", "after " + FT + "::TestFFT1D::test_rfft2 / test_irfft2 / test_rfftn / test_irfftn",
     lambda x: (np.fft.rfft2(x.real), np.fft.irfft2(np.fft.rfft2(x.real)), np.fft.rfftn(x.real, norm="ortho"),
                np.fft.irfftn(x)), _FX2)
case("fft_axes", "after " + FT + "::TestFFT1D::test_axes",
     lambda x: (np.fft.fftn(x, axes=(1, 0)), np.fft.rfftn(x.real, axes=(0,)), np.fft.fft(x, axis=0)), _FX2)
case("fft_s_negative_1", "after " + FT + "::TestFFT1D::test_s_negative_1",
     lambda x: (np.fft.fftn(x, s=(-1, 4)), np.fft.fft2(x, s=(8, -1))), _FX2)
case("fft_single", "after " + FT + "::TestFFT1D::test_identity_long_short (single)",
     lambda x: (np.fft.fft(x), np.fft.rfft(x), np.fft.fft(x, n=64)), RNG.random(30).astype(np.float32))
case("fft_int", "after " + FT + "::test_fft_with_order / dtypes", lambda x: (np.fft.fft(x), np.fft.rfft(x)),
     np.arange(10, dtype=np.int32))
case("fft_all_1d_norm_preserving", "after " + FT + "::TestFFT1D::test_all_1d_norm_preserving",
     lambda x: tuple(np.linalg.norm(np.fft.fft(x, n=n, norm="ortho")) for n in (15, 30, 60)), _FX.real)
FH = "fft/test_helper.py"
case("fftshift_definition", FH + "::TestFFTShift::test_definition",
     lambda x, y: (np.fft.fftshift(x), np.fft.ifftshift(np.fft.fftshift(x)), np.fft.fftshift(y), np.fft.ifftshift(y)),
     np.array([0, 1, 2, 3, 4, -4, -3, -2, -1]), np.array([0, 1, 2, 3, 4, -5, -4, -3, -2, -1]))
case("fftshift_axes", FH + "::TestFFTShift::test_axes_keyword",
     lambda f: (np.fft.fftshift(f, axes=(0, 1)), np.fft.fftshift(f, axes=0), np.fft.ifftshift(f, axes=(0,)),
                np.fft.fftshift(f)), np.array([[0, 1, 2], [3, 4, -4], [-3, -2, -1]]))
case("fftfreq", FH + "::TestFFTFreq::test_definition / TestRFFTFreq::test_definition",
     lambda d: (np.fft.fftfreq(9, d), np.fft.rfftfreq(10, d)), np.array(np.pi))

# --- numpy/lib/tests/test_polynomial.py -----------------------------------------------------------------------

PO = "lib/test_polynomial.py"
_PX = np.linspace(0, 2, 7)
_PY = np.polyval(np.array([3., 2., 1.]), _PX)
_ERR = np.array([1, -1, 1, -1, 1, -1, 1])
_PW = np.arange(8, 1, -1) ** 2 / 7.0
case("polyval", PO + "::TestPolynomial::test_polyfit", lambda c, x: np.polyval(c, x), np.array([3., 2., 1.]), _PX)
case("polyval_int", "after " + PO + "::TestPolynomial::test_polyval (int)", lambda c, x: np.polyval(c, x),
     np.array([3, 2, 1]), np.arange(5))
case("polyfit_cov", PO + "::TestPolynomial::test_polyfit", lambda x, y: np.polyfit(x, y, 2, cov=True), _PX,
     _PY + _ERR)
case("polyfit_weights_cov", PO + "::TestPolynomial::test_polyfit",
     lambda x, y, w: (np.polyfit(x, y, 2, w=w, cov=True), np.polyfit(x, y, 2, w=w, cov="unscaled")), _PX, _PY + _ERR,
     _PW)
case("polyfit_2d", PO + "::TestPolynomial::test_polyfit",
     lambda x, y: (np.polyfit(x, y[:, None], 2), np.polyfit(x, np.concatenate((y[:, None], y[:, None]), axis=1), 2)),
     _PX, _PY)
case("polyfit_2d_cov", PO + "::TestPolynomial::test_polyfit",
     lambda x, yy: np.polyfit(x, yy, 2, cov=True), _PX, np.stack([_PY, _PY], axis=1) + _ERR[:, None])
case("polyfit_deg0", PO + "::TestPolynomial::test_polyfit",
     lambda x, y: (np.polyfit(x, y, deg=0, cov=True), np.polyfit(x, y, w=np.full(4, 2.0), deg=0, cov="unscaled")),
     np.zeros(4), np.random.RandomState(123).normal(size=(4, 100)))
case("polyfit_too_few_points", PO + "::TestPolynomial::test_polyfit",
     lambda x, y: np.polyfit(x, y, deg=0, cov=True), np.array([1.0]), np.array([1.0]))
case("polyfit_full", "after " + PO + "::TestPolynomial::test_polyfit (full=True)",
     lambda x, y: np.polyfit(x, y, 2, full=True), _PX, _PY + _ERR)
case("polyfit_complex", "after " + PO + "::TestPolynomial::test_complex",
     lambda x, y: np.polyfit(x, y, 2), _PX, (_PY + 1j * _ERR))

# --- numpy/_core/tests/test_einsum.py, test_numeric.py, test_function_base.py ---------------------------------

EI = "_core/test_einsum.py"
_EA = np.arange(25).reshape(5, 5)
case("einsum_views", "after " + EI + "::TestEinsum::test_einsum_views",
     lambda a: (np.einsum("ii", a), np.einsum("ii->i", a), np.einsum("ij->ji", a), np.einsum("...ii->...i",
                                                                                          a.reshape(1, 5, 5)),
                np.einsum("ij", a)), _EA)
for _t in ("b", "h", "l", "f", "d", "D"):
    case(f"einsum_sums_{_t}", "after " + EI + "::TestEinsum::check_einsum_sums",
         lambda a, b: (np.einsum("i->", a), np.einsum("i,i->", a, a), np.einsum("ij,jk->ik", a.reshape(4, 5),
                                                                                   b.reshape(5, 4)),
                       np.einsum("i,j->ij", a[:3], b[:4]), np.einsum("ij,j", a.reshape(4, 5), b[:5]),
                       np.einsum("...,...", a, b)),
         np.arange(20, dtype=_t), np.arange(20, dtype=_t)[::-1].copy())
case("einsum_misc", "after " + EI + "::TestEinsum::test_einsum_misc",
     lambda a, b: (np.einsum('ijk,k->ij', a, b), np.einsum('i,i', b, b), np.einsum('...i,...i', a, b)),
     np.arange(24.0).reshape(2, 3, 4), np.arange(4.0))
case("einsum_broadcast", "after " + EI + "::TestEinsum::test_einsum_broadcast",
     lambda a, b: (np.einsum('ij...,j...->ij...', a, b), np.einsum('...ij,...jk->...ik', a, a.swapaxes(-1, -2))),
     np.arange(2 * 3 * 4).reshape(2, 3, 4), np.arange(3))
case("einsum_errors", "after " + EI + "::TestEinsum::test_einsum_errors", lambda a: np.einsum("ij,jk", a, a),
     np.arange(6.0).reshape(2, 3))
case("einsum_bad_subscripts", "after " + EI + "::TestEinsum::test_einsum_errors",
     lambda a: np.einsum("i->ii", a), np.arange(3.0))
case("einsum_mixed_dtypes", "after " + EI + "::TestEinsum::test_einsum_sums_mixed / test_small_boolean_arrays",
     lambda a, b, c: (np.einsum("i,i->i", a, b), np.einsum("i,i", c, c), np.einsum("i,i->", a, c)),
     np.arange(5, dtype=np.int8), np.linspace(0, 1, 5, dtype=np.float32), np.array([True, False, True, True, True]))

NU2 = "_core/test_numeric.py"
case("round_method", "_core/test_multiarray.py::TestMethods::test_round",
     lambda a, b, c, d, e, f, g: (a.round(), b.round(), c.round(), d.round(-1), e.round(1), f.round(), g.round(-1)),
     np.array([1, 2, 3]), np.array([1.2, 1.5]), np.array(1.5), np.array([12.2, 15.5]), np.array([12.15, 15.51]),
     np.array([4.5 + 1.5j]), np.array([12.5 + 15.5j]))
case("around", "after _core/test_multiarray.py::TestMethods::test_round",
     lambda x: (np.round(x), np.around(x, 1), np.round(x, -1), np.round(x, 2), np.round(-x)),
     np.array([0.5, 1.5, 2.5, -0.5, -1.5, 1.555, 12.5, 15.0, -0.0, np.inf, np.nan]))
case("around_int", "after _core/test_multiarray.py::TestMethods::test_round (integers)",
     lambda x: (np.round(x), np.round(x, -1), np.round(x, -2), np.round(x, 1)),
     np.array([15, 25, -15, -25, 149, 150, 250, 1001], dtype=np.int64))
case("around_int64_max", "after _core/test_multiarray.py::TestMethods::test_round (integer extremes)",
     lambda x: np.round(x, -1), np.array([np.iinfo(np.int64).max, np.iinfo(np.int64).min], dtype=np.int64))
case("around_int8", "after _core/test_multiarray.py::TestMethods::test_round",
     lambda x: (np.round(x, -1), np.round(x, -2)),
     np.array([-128, -125, -15, 5, 15, 25, 125, 127], dtype=np.int8))
case("around_int8_decimals_-3", "after _core/test_multiarray.py::TestMethods::test_round (integers)",
     lambda x: np.round(x, -3),
     np.array([-128, -125, -15, 5, 15, 25, 125, 127], dtype=np.int8))
case("around_complex", "after _core/test_multiarray.py::TestMethods::test_round (complex)",
     lambda x: (np.round(x, 1), np.round(x)), np.array([1.55 + 2.45j, -0.5 - 1.5j]))
case("around_float32", "after _core/test_numeric.py::test_round_py_consistency",
     lambda x: (np.round(x, 3), np.round(x, 6)), np.array([5.001, 2.6535, 1.6534998], np.float32))
LS = "_core/test_function_base.py"
case("linspace", "after " + LS + "::TestLinspace::test_basic / test_corner / test_type",
     lambda a, b: (np.linspace(a, b, 7), np.linspace(a, b, 1), np.linspace(a, b, 5, endpoint=False),
                   np.linspace(a, b, 5, retstep=True), np.linspace(a, b, 5, dtype=int)),
     np.array(2.0), np.array(10.0))
case("linspace_array_endpoints", "after " + LS + "::TestLinspace::test_array_scalar / test_start_stop_array",
     lambda a, b: (np.linspace(a, b, 4), np.linspace(a, b, 4, axis=1), np.linspace(a, b, 4, axis=-1)),
     np.array([0.0, 1.0]), np.array([[2.0, 3.0], [4.0, 5.0]]))
case("linspace_denormal", "after " + LS + "::TestLinspace::test_denormal_numbers",
     lambda a: np.linspace(0, a, 10), np.array(np.finfo(np.float64).smallest_subnormal))
case("logspace", "after " + LS + "::TestLogspace::test_basic / test_base_array",
     lambda a, b: (np.logspace(a, b, 5), np.logspace(a, b, 5, base=2.0), np.logspace(a, b, 5, endpoint=False)),
     np.array(0.0), np.array(6.0))
case("where_basic", "after _core/test_multiarray.py::TestWhere::test_basic",
     lambda c, a, b: (np.where(c, a, b), np.where(c, a, 0), np.where(c[0], a, b),
                      np.where(~c, a.astype(np.float32), b)),
     np.array([True, False, True, False]), np.array([1, 2, 3, 4]), np.array([-1.5, -2.5, -3.5, -4.5]))
case("where_exotic", "after _core/test_multiarray.py::TestWhere::test_exotic / test_ndim",
     lambda c, a: (np.where(c, a, a.T), np.where(c, np.nan, a)), np.array([[True, False], [False, True]]),
     np.array([[1.0, -0.0], [np.inf, 2.0]]))
case("where_broadcast_error", "after _core/test_multiarray.py::TestWhere::test_error",
     lambda c, a, b: np.where(c, a, b), np.array([True, False]), np.ones(3), np.ones(3))
case("take_modes", "after _core/test_item_selection.py::TestTake::test_simple / test_raise / test_clip / test_wrap",
     lambda a: (np.take(a, [0, 2, -1]), np.take(a, [5, -6, 1], mode="clip"), np.take(a, [5, -6, 1], mode="wrap"),
                np.take(a.reshape(2, 2), [1, 0], axis=1)), np.array([1, 2, 3, 4]))
case("take_out_of_range", "after _core/test_item_selection.py::TestTake::test_raise", lambda a: np.take(a, [4]),
     np.array([1, 2, 3, 4]))
case("trace_diag",
     "after lib/test_twodim_base.py::TestDiag / TestTri / _core/test_multiarray.py::TestMethods::test_trace",
     lambda a: (np.trace(a), np.trace(a, 1), np.diag(a), np.diag(a, -1), np.diag(a[0]), np.tril(a, -1), np.triu(a, 1),
                np.trace(a.astype(np.int8)), np.diagonal(a.reshape(2, 2, 3), 0, 1, 2)), np.arange(12).reshape(3, 4))
case("sum_dtype_upcast", "after _core/test_multiarray.py::TestStats / _core/test_ufunc.py::TestUfunc::test_sum",
     lambda a, b, c: (np.sum(a), np.sum(b), np.prod(a), np.cumsum(b), np.sum(c), np.mean(a)),
     np.array([100, 100, 100], np.int8), np.array([200, 200], np.uint8), np.array([True, True, False]))
case("sum_dtype_int8", "after _core/test_multiarray.py::TestStats / _core/test_ufunc.py::TestUfunc::test_sum (dtype=)",
     lambda a: np.sum(a, dtype=np.int8), np.array([100, 100, 100], np.int8))
case("sum_dtype_int16_of_int8", "after _core/test_ufunc.py::TestUfunc::test_sum (dtype=)",
     lambda a: (np.sum(a, dtype=np.int16), np.prod(a, dtype=np.uint8), np.cumsum(a, dtype=np.int8)),
     np.array([100, 100, 100], np.int8))
case("mean_var_std", "after _core/test_multiarray.py::TestStats::test_mean_values / test_var_values / test_std_values",
     lambda a, b: (np.mean(a, axis=0), np.var(a, axis=1, ddof=1), np.std(a), np.var(b), np.mean(b),
                   np.std(a, keepdims=True), np.var(a.astype(np.float32), dtype=np.float64)),
     RNG.random((4, 5)), np.array([1 + 1j, 2 - 1j, 3j]))
case("mean_empty", "after _core/test_multiarray.py::TestStats::test_mean_axis_error / test_empty",
     lambda a: (np.mean(a), np.var(a), np.std(a, axis=0), np.mean(a, axis=1)), np.zeros((0, 3)))
case("var_ddof_too_big", "after _core/test_multiarray.py::TestStats::test_var_dimensions / test_ddof_too_big",
     lambda a: (np.var(a, ddof=3), np.std(a, ddof=3), np.var(a, ddof=5)), np.arange(3.0))
case("std_ddof_beyond_size", "after _core/test_multiarray.py::TestStats::test_ddof_too_big (std)",
     lambda a: np.std(a, ddof=5), np.arange(3.0))
case("argmax_argmin_nan", "after _core/test_multiarray.py::TestArgmax::test_combinations (nan)",
     lambda a: (np.argmax(a), np.argmin(a), np.argmax(a[[1, 2, 3]]), np.max(a), np.min(a)),
     np.array([0, 1, np.nan, np.inf, -np.inf, 2]))
case("argmax_complex_nan", "after _core/test_multiarray.py::TestArgmax::test_combinations (complex)",
     lambda a: (np.argmax(a), np.argmin(a)), np.array([0, 1 + 1j, complex(1, np.nan), 2 - 1j, complex(np.nan, 0)]))
case("argmax_empty", "after _core/test_multiarray.py::TestArgmax::test_all / test_empty", lambda a: np.argmax(a),
     np.zeros((0, 3)))
case("argmax_keepdims", "after _core/test_multiarray.py::TestArgmaxArgminCommon::test_np_argmin_argmax_keepdims",
     lambda a: (np.argmax(a, axis=1, keepdims=True), np.argmin(a, axis=None, keepdims=True),
                np.argmax(a.astype(bool), axis=0)), np.array([[3, 7, 7], [1, 0, 5]]))
case("max_empty", "after _core/test_multiarray.py::TestMinMax / test_umath.py::TestMaximum (empty)",
     lambda a: np.max(a), np.zeros((0,)))
case("max_empty_initial", "after _core/test_ufunc.py::TestUfunc::test_initial_reduction",
     lambda a: (np.max(a, initial=-np.inf), np.min(a, initial=3), np.sum(a, initial=2)), np.zeros((0,)))
case("any_all", "after " + FB + "::TestAny::test_nd / TestAll::test_nd",
     lambda y: (np.any(y), np.any(y, axis=0), np.any(y, axis=1), np.all(y), np.all(y, axis=0), np.all(y, axis=1)),
     np.array([[0, 0, 1], [0, 1, 1], [1, 1, 1]]))
case("any_all_nan", "after " + FB + "::TestAny::test_basic (nan is truthy)",
     lambda y: (np.any(y), np.all(y), np.count_nonzero(y)), np.array([np.nan, 0.0, -0.0]))


# --- what the graph does with these cases (tests/runtime/graph/test_numpy_own_tests.py checks it) ------------

REFUSED = {  # case -> the executors that refuse it, with a clear error (counted, expected)
    "bitwise_count": ("numpy", "jax"), "clip_complex_bounds": ("jax",), "clip_simple_complex": ("jax",),
    "corrcoef_complex": ("numpy", "jax"),
    "histogram_bins_auto": ("numpy", "jax"),
    "interp_complex": ("numpy", "jax"), "interp_non_finite_0": ("numpy", "jax"),
    "lstsq_rank_deficient": ("numpy", "jax"), "nanmax_initial": ("numpy", "jax"),
    "nanpercentile": ("numpy", "jax"), "nanpercentile_allnans": ("numpy", "jax"), "nansum_initial": ("numpy", "jax"),
    "nanvar_complex": ("numpy", "jax"), "pad_empty_dimension": ("numpy", "jax"), "pad_linear_ramp": ("numpy", "jax"),
    "pad_mean_stat_length": ("numpy", "jax"), "pad_reflect_odd": ("numpy", "jax"),
    "quantile_bad_method": ("numpy", "jax"),
    # XLA's complex sin is not NumPy's at signed zeros (sinc's sin(pi z)); a complex power with an infinite part
    # asks for the C library's cpow: refused since stop 43 (docs/jax.md)
    "sinc_complex64": ("jax",), "sinc_complex128": ("jax",), "power_complex_inf": ("jax",),
}

_NO_ERROR = "no error where NumPy raises ValueError: "
XFAIL = {  # (case, executor) -> what differs: a silent wrong result or another error than NumPy's
    **{("bincount_minlength_smaller", ex): "AssertionError: a value >= minlength (the graph's own documented limit); "
       "NumPy grows the output" for ex in ("numpy", "jax")},
    **{("searchsorted_sorter_out_of_bounds", ex): "IndexError where NumPy raises ValueError('Sorter index out of "
       "range.')" for ex in ("numpy", "jax")},
    **{(name, ex): "ValueError kth(=0) out of bounds (0) for an empty axis, where NumPy returns the empty array"
       for name in ("partition_empty", "argpartition_empty") for ex in ("numpy", "jax")},
    **{("partition_kind_int", ex): "ValueError where NumPy raises TypeError for kind=1" for ex in ("numpy", "jax")},
    **{("histogram_small_value_range", ex): _NO_ERROR + "Too many bins for data range" for ex in ("numpy", "jax")},
    ("max_reduce_signed_zero", "jax"): "np.max([[0.0, -0.0], [-0.0, 0.0]], axis=0)[0] is 0.0, NumPy -0.0",
    ("log_subnormal", "jax"): "np.log of a subnormal is -inf (XLA flushes subnormals to zero)",
    ("lstsq_rcond", "jax"): "lstsq(rcond=-1) of a rank-deficient matrix: JAX cuts small singular values, NumPy "
    "keeps them",
}
