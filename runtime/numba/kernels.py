"""The compiled helpers the generated code calls where NumPy's exact arithmetic must be copied.

Each copies what NumPy 2 does, operation for operation, so that the compiled graph gives the
interpreter's bits (the differential tests in tests/runtime/numba check it):

* ``SUMS[dtype]``: ``np.add.reduce`` over every axis of a float array is ``0 +`` NumPy's
  *pairwise* sum (blocks of 128 summed in 8 lanes, halves summed recursively) over the array in
  memory order; numba's own ``np.sum`` is a plain loop, which rounds differently. An array that is
  not contiguous, and every float32 array, is summed by NumPy itself (``objmode``): its order there is
  the iterator's (or a SIMD loop's), not worth copying.
* ``matmul_f64`` / ``matmul_f32``: ``np.matmul`` on floats calls BLAS (gemm, gemv, syrk for
  ``a @ a.T``, dot), or its own loop, chosen by shape and strides; these make the same choice and the
  same call to the same library (``blas``: NumPy's own OpenBLAS); what NumPy does not hand to BLAS
  directly (strided inputs, empty dims) is NumPy's own ``np.matmul`` (``objmode``). ``matmul_int``: integer matmul,
  whose sums are exact in any order (wrapping is arithmetic modulo 2**bits).
"""

from __future__ import annotations

import numba
import numpy as np

from runtime.numba import blas

# error_model="numpy": float division by zero gives inf/nan, as NumPy. cache=True: compiled once per machine (numba's
# cache directory); the matmul kernels are not cached: they call BLAS through addresses of this process.
_JIT = dict(error_model="numpy", cache=True)
# The functions a factory makes (one per dtype, per max / min) are never cached: two of them with one signature
# would share a cache entry, the values they close over aside.
_JIT_MADE = dict(error_model="numpy")
BLAS_MAXSIZE = 2**31 - 2
PW_BLOCKSIZE = 128


@numba.njit(**_JIT)
def _block(a, start, n):
    """NumPy's pairwise sum of ``a[start:start + n]`` for ``n <= 128``: 8 lanes, then the rest in order."""
    if n < 8:
        # The dtype's zero, as NumPy's `res = 0.`: never made from an item (an infinite or NaN first item times 0 is
        # NaN, which made the sum of [-inf, 4.0] NaN where NumPy gives -inf).
        res = a.dtype.type(0)
        for i in range(n):
            res += a[start + i]
        return res
    r0, r1, r2, r3 = a[start], a[start + 1], a[start + 2], a[start + 3]
    r4, r5, r6, r7 = a[start + 4], a[start + 5], a[start + 6], a[start + 7]
    i = 8
    end = n - n % 8
    while i < end:
        j = start + i
        r0 += a[j]
        r1 += a[j + 1]
        r2 += a[j + 2]
        r3 += a[j + 3]
        r4 += a[j + 4]
        r5 += a[j + 5]
        r6 += a[j + 6]
        r7 += a[j + 7]
        i += 8
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[start + i]
        i += 1
    return res


@numba.njit(**_JIT)
def _half(n):
    """Where NumPy splits ``n`` elements: half, down to a multiple of 8."""
    n2 = n // 2
    return n2 - n2 % 8


@numba.njit(**_JIT)
def _pairwise(a, start, n):
    """NumPy's pairwise sum (numpy/_core/src/umath/loops_utils.h.src) of ``a[start:start + n]``, ``a`` 1-D: its
    recursion (left half + right half, blocks of up to 128 at the leaves) walked with an explicit stack, in the
    same order of additions (numba's disk cache cannot hold a recursive function)."""
    starts = np.empty(64, np.int64)
    sizes = np.empty(64, np.int64)
    stages = np.zeros(64, np.int64)  # 0: not split yet; 1: left half pending; 2: right half pending
    lefts = np.empty(64, a.dtype)
    top = 0
    starts[0], sizes[0] = start, n
    while True:
        if sizes[top] > PW_BLOCKSIZE and stages[top] == 0:  # split: the left half first
            stages[top] = 1
            starts[top + 1], sizes[top + 1], stages[top + 1] = starts[top], _half(sizes[top]), 0
            top += 1
            continue
        value = _block(a, starts[top], sizes[top])
        top -= 1
        while top >= 0:  # hand the value up: a left half waits for its right one; a right half completes a sum
            if stages[top] == 1:
                lefts[top], stages[top] = value, 2
                n2 = _half(sizes[top])
                starts[top + 1], sizes[top + 1], stages[top + 1] = starts[top] + n2, sizes[top] - n2, 0
                top += 1
                break
            value = lefts[top] + value
            top -= 1
        if top < 0:
            return value


def _objmode_sum(kind):
    @numba.njit(**_JIT_MADE)
    def reduce(a):
        with numba.objmode(out=kind):
            out = np.add.reduce(a, None)
        return out
    return reduce


def _float_sum(strided, limit: int):
    @numba.njit(**_JIT_MADE)
    def total(a):
        """``np.add.reduce(a, None)`` of a float array: 0 + the pairwise sum in memory order where the array is
        contiguous (NumPy's iterator coalesces it to one dimension), NumPy itself otherwise."""
        if a.size == 0:
            return a.dtype.type(0)
        if a.size <= limit:
            if a.flags.c_contiguous:
                return a.dtype.type(0) + _pairwise(np.ascontiguousarray(a).reshape(a.size), 0, a.size)
            if a.flags.f_contiguous:
                return a.dtype.type(0) + _pairwise(np.ascontiguousarray(a.T).reshape(a.size), 0, a.size)
        return strided(a)
    return total


# float32: NumPy 2.4's loop sums some lengths (273 of them, not 272) in an order not copied here (its SIMD
# loop, we suppose), so NumPy sums every float32 array (limit 0). float64 matched at every length and layout tried.
SUMS = {np.dtype(np.float64): _float_sum(_objmode_sum(numba.float64), 2**62),
        np.dtype(np.float32): _float_sum(_objmode_sum(numba.float32), 0)}


@numba.njit(**_JIT)
def int_sum(a, zero):
    """The sum of an integer or bool array, accumulated in ``zero``'s type (exact in any order)."""
    acc = zero
    for v in np.nditer(a):
        acc += v.item()
    return acc


@numba.njit(**_JIT)
def _blasable(is1, is2, d1, d2, size):
    """NumPy's ``is_blasable2d``: a row-major matrix BLAS can read with these byte strides."""
    if is2 != size or is1 < 0 or is1 % size != 0:
        return False
    unit = is1 // size
    return unit >= d2 and unit <= BLAS_MAXSIZE


def _numpy_matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.matmul`` of the operands as the graph has them: a matrix of one row (column) with a stride of 0
    there is the lowering's view of a vector, which NumPy multiplies as a vector (its own path)."""
    vector_a = a.shape[0] == 1 and a.strides[0] == 0
    vector_b = b.shape[1] == 1 and b.strides[1] == 0
    out = np.matmul(a[0] if vector_a else a, b[:, 0] if vector_b else b)
    return np.ascontiguousarray(out.reshape(a.shape[0], b.shape[1]))


_F64_MATRIX, _F32_MATRIX = numba.float64[:, ::1], numba.float32[:, ::1]  # (objmode takes a global's type)


@numba.njit(**_JIT)
def _noblas_f64(a, b, out):  # NumPy's other paths (BLAS on copies of strided operands, its loop): NumPy itself
    with numba.objmode(result=_F64_MATRIX):
        result = _numpy_matmul(a, b)
    out[:, :] = result


@numba.njit(**_JIT)
def _noblas_f32(a, b, out):
    with numba.objmode(result=_F32_MATRIX):
        result = _numpy_matmul(a, b)
    out[:, :] = result


def _float_matmul(letter: str):
    """``np.matmul`` of two 2-D float arrays of one dtype (``letter``: "d" or "s"), as numpy/_core/src/umath/
    matmul.c.src runs it: the same BLAS call for the same shapes and strides, NumPy itself otherwise."""
    functions = blas.FUNCTIONS
    gemm, gemv, syrk, dot = (functions[letter + name] for name in ("gemm", "gemv", "syrk", "dot"))
    RM, CM, NT, T, UP = blas.ROW_MAJOR, blas.COL_MAJOR, blas.NO_TRANS, blas.TRANS, blas.UPPER

    noblas = _noblas_f64 if letter == "d" else _noblas_f32

    @numba.njit(error_model="numpy")
    def matmul(a, b):
        m, n = a.shape
        p = b.shape[1]
        out = np.empty((m, p), a.dtype)
        size = a.itemsize
        is1_m, is1_n = a.strides
        is2_n, is2_p = b.strides
        os_m, os_p = out.strides
        ip1, ip2, op = a.ctypes.data, b.ctypes.data, out.ctypes.data
        if m == 0 or n == 0 or p == 0 or m > BLAS_MAXSIZE or n > BLAS_MAXSIZE or p > BLAS_MAXSIZE:
            noblas(a, b, out)
            return out
        i1_c = _blasable(is1_m, is1_n, m, n, size)
        i2_c = _blasable(is2_n, is2_p, n, p, size)
        i1blasable = i1_c or _blasable(is1_n, is1_m, n, m, size)
        i2blasable = i2_c or _blasable(is2_p, is2_n, p, n, size)
        if m == 1 or n == 1 or p == 1:
            if m == 1 and p == 1:  # row @ column: dot, with NumPy's own loop for strides BLAS cannot take
                if is1_n > 0 and is1_n % size == 0 and is2_n > 0 and is2_n % size == 0:
                    out[0, 0] = dot(n, ip1, is1_n // size, ip2, is2_n // size)
                else:
                    noblas(a, b, out)
            elif n == 1:
                noblas(a, b, out)
            elif m == 1 and i2blasable and _blasable(is1_n, size, n, 1, size):  # vector @ matrix
                if _blasable(is2_p, is2_n, p, n, size):
                    gemv(CM, T, n, p, 1.0, ip2, is2_p // size, ip1, is1_n // size, 0.0, op, os_p // size)
                else:
                    gemv(RM, T, n, p, 1.0, ip2, is2_n // size, ip1, is1_n // size, 0.0, op, os_p // size)
            elif p == 1 and i1blasable and _blasable(is2_n, size, n, 1, size):  # matrix @ vector
                if _blasable(is1_m, is1_n, m, n, size):
                    gemv(CM, T, n, m, 1.0, ip1, is1_m // size, ip2, is2_n // size, 0.0, op, os_m // size)
                else:
                    gemv(RM, T, n, m, 1.0, ip1, is1_n // size, ip2, is2_n // size, 0.0, op, os_m // size)
            else:
                noblas(a, b, out)
            return out
        if not (i1blasable and i2blasable and _blasable(os_m, os_p, m, p, size)):
            noblas(a, b, out)
            return out
        if i1_c:
            trans1, lda = NT, is1_m // size
        else:
            trans1, lda = T, is1_n // size
        if i2_c:
            trans2, ldb = NT, is2_n // size
        else:
            trans2, ldb = T, is2_p // size
        ldc = os_m // size
        if ip1 == ip2 and m == p and is1_m == is2_p and is1_n == is2_n and trans1 != trans2:  # a @ a.T: syrk
            syrk(RM, UP, trans1, p, n, 1.0, ip1, lda if trans1 == NT else ldb, 0.0, op, ldc)
            for i in range(p):
                for j in range(i + 1, p):
                    out[j, i] = out[i, j]
        else:
            gemm(RM, trans1, trans2, m, p, n, 1.0, ip1, lda, ip2, ldb, 0.0, op, ldc)
        return out
    return matmul


matmul_f64 = _float_matmul("d") if blas.FUNCTIONS is not None else None
matmul_f32 = _float_matmul("s") if blas.FUNCTIONS is not None else None


@numba.njit(**_JIT)
def matmul_int(a, b, out):
    """Integer ``a @ b`` into ``out`` (2-D, zeros, the dtype of both): products summed in 64 bits, stored
    wrapped to ``out``'s width, as NumPy's wrapping sums give (arithmetic modulo 2**bits)."""
    m, n = a.shape
    p = b.shape[1]
    for i in range(m):
        for k in range(n):
            v = a[i, k]
            for j in range(p):
                out[i, j] += v * b[k, j]
    return out


@numba.vectorize(cache=True)
def maximum(a, b):
    """``np.maximum``: NaN wins; of equal values (0.0 and -0.0) the second, as NumPy's SIMD loop gives."""
    return a if (a > b or a != a) else b


@numba.vectorize(cache=True)
def minimum(a, b):
    """``np.minimum``, as ``maximum``."""
    return a if (a < b or a != a) else b


@numba.njit(**_JIT)
def checked_index(i, size):
    """``i``, an index into an axis of ``size``; an IndexError where NumPy would raise one (the executor then runs
    the graph on the interpreter, which raises NumPy's own error at the user's line)."""
    if i < -size or i >= size:
        raise IndexError("index out of bounds")
    return i


@numba.vectorize(cache=True)
def floordiv_int(a, b):
    """``np.floor_divide`` of signed integers: Python's floor division, 0 where ``b`` is 0 and the minimum where
    the minimum is divided by -1 (NumPy's results, without its warnings)."""
    if b == 0:
        return a - a
    if b == -1:
        return 0 - a
    return a // b


@numba.vectorize(cache=True)
def remainder_int(a, b):
    """``np.remainder`` of signed integers: Python's modulo, 0 where ``b`` is 0 or -1."""
    if b == 0 or b == -1:
        return a - a
    return a % b


def _objmode_extreme(kind, reduce):
    @numba.njit(**_JIT_MADE)
    def numpy_extreme(a):
        with numba.objmode(out=kind):
            out = reduce(a, None)
        return out
    return numpy_extreme


def _float_extreme(kind, reduce, larger: bool):
    numpy_extreme = _objmode_extreme(kind, reduce)

    @numba.njit(**_JIT_MADE)
    def extreme(a):
        """``np.maximum.reduce(a, None)`` (``larger``) or ``np.minimum``'s of a float array: the extreme value where
        it is one number; NumPy itself where a NaN is there (which NaN it returns is its loop's) or the extreme
        is a zero that comes with both signs (which one wins is its SIMD loop's), and for an empty array (its
        error)."""
        if a.size == 0:
            return numpy_extreme(a)
        acc = a.flat[0]
        positive_zero = negative_zero = False
        for v in a.flat:
            if v != v:
                return numpy_extreme(a)
            if (v > acc) if larger else (v < acc):
                acc = v
            if v == 0:
                if np.signbit(v):
                    negative_zero = True
                else:
                    positive_zero = True
        if acc == 0 and positive_zero and negative_zero:
            return numpy_extreme(a)
        return acc
    return extreme


EXTREMES = {(np.dtype(dtype), larger): _float_extreme(kind, ufunc.reduce, larger)
            for dtype, kind in ((np.float64, numba.float64), (np.float32, numba.float32))
            for larger, ufunc in ((True, np.maximum), (False, np.minimum))}


# ``python_int`` (runtime/graph/core_kernels.py): a Python int known only when the graph runs, held as int64 and
# computed as Python computes it. Where the exact result leaves int64 (Python's ints grow, int64 wraps), each raises
# OverflowError; the executor then runs the graph on the interpreter, which raises Python's error at the user's line.
# Each decides before it computes: numba marks int64 arithmetic "no signed wrap" (nsw), so LLVM may assume an
# overflow never happens and fold a check made on a wrapped result away ((a * b) // b is folded to a).
_INT64_MIN, _INT64_MAX = np.int64(-(2 ** 63)), np.int64(2 ** 63 - 1)


@numba.njit(**_JIT)
def _overflow():
    raise OverflowError("Python int too large for the graph")


@numba.njit(**_JIT)
def python_int_add(a, b):
    if (b > 0 and a > _INT64_MAX - b) or (b < 0 and a < _INT64_MIN - b):
        _overflow()
    return a + b


@numba.njit(**_JIT)
def python_int_sub(a, b):
    if (b < 0 and a > _INT64_MAX + b) or (b > 0 and a < _INT64_MIN + b):
        _overflow()
    return a - b


@numba.njit(**_JIT)
def python_int_mul(a, b):
    if a == 0 or b == 0:
        return a - a
    if a == _INT64_MIN or b == _INT64_MIN:  # (no magnitude of its own in int64): fits times 1 only
        if a == 1 or b == 1:
            return a * b
        _overflow()
    positive = (a < 0) == (b < 0)
    pa = -a if a < 0 else a
    pb = -b if b < 0 else b  # both in [1, 2**63 - 1] now
    limit = _INT64_MAX // pb  # the largest pa with pa * pb <= 2**63 - 1
    if not positive and _INT64_MAX % pb == pb - 1:
        limit += 1  # ... and with pa * pb <= 2**63, what a negative product may reach
    if pa > limit:
        _overflow()
    return pa * pb if positive else (-pa) * pb


@numba.njit(**_JIT)
def python_int_floordiv(a, b):
    if b == 0:
        raise ZeroDivisionError("integer division or modulo by zero")
    if b == -1 and a == _INT64_MIN:
        _overflow()
    return a // b  # (numba's integer // floors, as Python's)


@numba.njit(**_JIT)
def python_int_pow(a, b):
    if b < 0:  # (a float in Python: the graph never stages it, runtime/graph/tensor.py refuses it)
        raise ValueError("negative exponent")
    result = a - a + 1
    base = a
    while b > 0:
        if b & 1:
            result = python_int_mul(result, base)
        b >>= 1
        if b > 0:  # (a square that overflows is needed only where the result overflows too, |a| > 1)
            base = python_int_mul(base, base)
    return result


@numba.njit(**_JIT)
def python_int_left_shift(a, b):
    if b < 0:
        raise ValueError("negative shift count")
    if a == 0:
        return a
    if b >= 64 or a > (_INT64_MAX >> b) or a < (_INT64_MIN >> b):  # (arithmetic shifts: the range a << b fits)
        _overflow()
    return a << b


@numba.njit(**_JIT)
def python_int_neg(a):
    if a == _INT64_MIN:
        _overflow()
    return -a


@numba.njit(**_JIT)
def python_int_abs(a):
    if a == _INT64_MIN:
        _overflow()
    return -a if a < 0 else a


PYTHON_INT = {"add": python_int_add, "sub": python_int_sub, "mul": python_int_mul, "floordiv": python_int_floordiv,
              "pow": python_int_pow, "left_shift": python_int_left_shift, "neg": python_int_neg,
              "abs": python_int_abs}
