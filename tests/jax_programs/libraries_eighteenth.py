"""An eighteenth set of programs, from a JAX repository the corpus did not cite before: orthax (f0uriest/orthax,
orthogonal polynomials in JAX: NumPy's ``numpy.polynomial`` ported to JAX, with general three-term recurrences). Its
loops are ``lax.fori_loop``s (static bounds, and bounds traced in the arguments: a degree ``n``, or the index of a
polynomial's last non-zero coefficient), a ``lax.while_loop`` over a Python count and ``lax.cond``s on traced
integers. Taken: ``chebyshev.py``'s Clenshaw evaluation (``chebval``: ``c[-i]`` at the loop's index), the conversions
``cheb2poly`` and ``poly2cheb`` (series arithmetic in the loop's body), ``chebder`` (the library's own Python ``for``
over the order holding a ``fori_loop`` that writes ``der.at[j - 1]`` and adds into ``c.at[j - 2]``), ``chebpow``
(convolutions of z-series) and ``chebfromroots``; ``legendre.py``'s ``legval`` (a third carried value, the degree,
counting down); ``polynomial.py``'s ``polyint`` (a ``fori_loop`` whose body runs ``polyval``'s ``fori_loop`` and reads
the integration constant ``k[i]``); ``polyutils.py``'s ``_div`` (``chebdiv``: a ``fori_loop`` to the traced degree of
the divisor, carrying a Python int index it decrements) and ``_fromroots`` (a ``lax.scan`` over the roots, then a
``lax.while_loop`` while more than one factor is left, holding a ``fori_loop`` and a ``lax.cond`` on the count's
parity); ``_general.py``'s ``orthval`` (Clenshaw for any recurrence), ``orthmul`` (a ``fori_loop`` of tridiagonal
products), ``orthvander``, ``polyval`` (a ``lax.cond`` on ``n >= 0`` holding a ``fori_loop(0, n)`` over a traced
``n``) and ``differentiation_matrix`` (a ``fori_loop`` holding a ``fori_loop(0, i)`` bounded by the outer index);
``hermite.py``'s ``_normed_hermite_n`` (a ``lax.cond`` on ``n == 0`` and a ``fori_loop(0, n - 1)``, ``n`` traced);
``recurrence.py``'s ``generate_recurrence`` (the Stieltjes procedure: a ``fori_loop`` whose body integrates
``_polyval``, itself a ``lax.cond`` holding a ``fori_loop`` bounded by the outer index). Sixteen programs.

The twin is the library's own ``lax`` code. ``plain`` is its Python form, as JAX documents each primitive's
semantics (jax-ml/jax ``jax/_src/lax/control_flow/loops.py`` and ``conditionals.py``): ``lax.fori_loop(lower, upper,
body, init)`` as ``val = init`` / ``for i in range(lower, upper): val = body(i, val)``; ``lax.while_loop(cond, body,
init)`` as ``val = init`` / ``while cond(val): val = body(val)``; ``lax.cond(p, f, g, *ops)`` as ``if p: f(*ops)`` /
``else: g(*ops)``; ``lax.scan(f, init, xs)`` as a ``for`` over ``xs`` appending each output, then ``jnp.stack``. A
``loop=`` switch (not library code) selects the library's ``lax`` call or its Python form, the rest of each function
being shared; the bodies are the library's, called as the primitive calls them.

Fetched whole at commit 8eac7568644f40c1ae5bc8388b06675c2b3eb45b (MIT). Adapted only in calling convention: the
library's ``@jit`` wrappers are left out (each program is jitted, converted or eager, by the test); the recurrence
classes (``eqx.Module``s) are plain classes, and ``_asarray``'s ``eqx.error_if`` checks (a negative index, one past the
table) are left out: equinox is not installed, and no index here is out of range; ``as_series``'s ``trim`` is not
used and left out. ``generate_recurrence`` integrates with quadax's adaptive tanh-sinh rule; quadax (cited by an
earlier set) is not installed, so a fixed 24-point Gauss-Legendre rule stands in for ``quadax.adaptive_quadrature``
(returning the value and an ``err`` and ``status`` of 0, which the loop stores as it stores quadax's), and the program
returns the tabulated relation's arrays (``ak``, ``bk``, ``gk``, ``mk``) rather than a ``TabulatedRecurrenceRelation``.
The series, points and recurrence tables are small and not library code. ``_div`` is kept as written: its loop runs
to the divisor's degree, one step short of NumPy's ``chebdiv`` (the quotient's constant term stays 0 and the remainder
keeps the divisor's degree; ``quo * c2 + rem == c1`` holds, what the library's test checks).

Where the library's loop has a traced bound (``chebdiv``, the ``n`` of ``polyval`` and ``_normed_hermite_n``, the inner
loops of ``differentiation_matrix`` and ``generate_recurrence``) or is a ``lax.while_loop`` (``_fromroots``), the twin
cannot be differentiated in reverse mode, so these programs compare ``jax.jvp``. The converted ``_fromroots`` (whose
``while`` tests a Python int) and the inner ``range(i)`` loops (one guarded scan each, docs/jax.md) go through
``jax.grad`` and agree with it on the eager Python form; ``generate_recurrence``'s gradient is NaN in both (the
library's ``jnp.where(i == 0, m0, cc[i] / cc[i - 1])`` divides by the unset ``cc[-1]``). ``chebder`` is a known
failure: the library's own Python ``for`` over the order carries ``c``, which loses a row each iteration, so the
converted loop is unrolled with an ``UnrolledLoopWarning`` (docs/jax.md, "a carried shape or dtype changes"), as JAX
unrolls the library's loop; its values and derivatives are right.
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_seventeenth``).
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import gammaln

from jax_programs.programs import program

ORTHAX = "f0uriest/orthax@8eac7568644f40c1ae5bc8388b06675c2b3eb45b (MIT) orthax/{}"


# === polyutils.py =====================================================================================================

def as_series(*arrs):
    """Return arguments as a list of 1-d arrays (``trim`` left out: not used here)."""
    arrays = tuple(jnp.array(a, ndmin=1) for a in arrs)
    arrays = jax._src.numpy.util.promote_dtypes_inexact(*arrays)
    if len(arrays) == 1:
        return arrays[0]
    return tuple(arrays)


def _fromroots(line_f, mul_f, roots, loop="lax"):
    """Helper function used to implement the ``<type>fromroots`` functions."""
    roots = jnp.asarray(roots)
    if roots.size == 0:
        return jnp.ones(1)

    roots = jnp.sort(roots)

    retlen = len(roots) + 1

    def p_scan_fun(carry, x):
        return carry, _add(jnp.zeros(retlen, dtype=x.dtype), line_f(-x, 1))

    if loop == "lax":
        _, p = jax.lax.scan(p_scan_fun, 0, roots)
    else:
        carry, ys = 0, []
        for x in roots:
            carry, y = p_scan_fun(carry, x)
            ys.append(y)
        p = jnp.stack(ys)

    p = jnp.asarray(p)
    n = len(p)

    def cond_fun(val):
        return val[0] > 1

    def body_fun(val):
        m, r = divmod(val[0], 2)
        arr = val[1]
        tmp = jnp.array([jnp.zeros(retlen, dtype=p.dtype)] * len(p))

        def inner_body_fun(i, val):
            return val.at[i].set(mul_f(arr[i], arr[i + m])[:retlen])

        if loop == "lax":
            tmp = jax.lax.fori_loop(0, m, inner_body_fun, tmp)
            tmp = jax.lax.cond(
                r, lambda x: x.at[0].set(mul_f(x[0], arr[2 * m])[:retlen]), lambda x: x, tmp
            )
        else:
            for i in range(0, m):
                tmp = inner_body_fun(i, tmp)
            if r:
                tmp = (lambda x: x.at[0].set(mul_f(x[0], arr[2 * m])[:retlen]))(tmp)
            else:
                tmp = (lambda x: x)(tmp)

        return (m, tmp)

    if loop == "lax":
        _, ret = jax.lax.while_loop(cond_fun, body_fun, (n, p))
    else:
        val = (n, p)
        while cond_fun(val):
            val = body_fun(val)
        _, ret = val
    return ret[0]


def _div(mul_f, c1, c2, loop="lax"):
    """Helper function used to implement the ``<type>div`` functions.

    Implementation uses repeated subtraction of c2 multiplied by the nth basis."""
    c1, c2 = as_series(c1, c2)
    lc1 = len(c1)
    lc2 = len(c2)
    if lc1 < lc2:
        return jnp.zeros_like(c1[:1]), c1
    elif lc2 == 1:
        return c1 / c2[-1], jnp.zeros_like(c1[:1])
    else:

        def _ldordidx(x):  # index of highest order nonzero term
            return len(x) - 1 - jnp.nonzero(x[::-1], size=1)[0][0]

        quo = jnp.zeros(lc1 - lc2 + 1, dtype=c1.dtype)
        rem = c1
        ridx = len(rem) - 1
        sz = lc1 - _ldordidx(c2) - 1
        y = jnp.zeros(lc1 + lc2 + 1, dtype=c1.dtype).at[sz].set(1.0)

        def body(k, val):
            quo, rem, y, ridx = val
            i = sz - k
            p = mul_f(y, c2)
            pidx = _ldordidx(p)
            t = rem[ridx] / p[pidx]
            rem = _sub(rem.at[ridx].set(0), t * p.at[pidx].set(0))[: len(rem)]
            quo = quo.at[i].set(t)
            ridx -= 1
            y = jnp.roll(y, -1)
            return quo, rem, y, ridx

        if loop == "lax":
            quo, rem, _, _ = jax.lax.fori_loop(0, sz, body, (quo, rem, y, ridx))
        else:
            val = (quo, rem, y, ridx)
            for k in range(0, sz):
                val = body(k, val)
            quo, rem, _, _ = val
        return quo, rem


def _add(c1, c2):
    """Helper function used to implement the ``<type>add`` functions."""
    c1, c2 = as_series(c1, c2)
    if len(c1) > len(c2):
        ret = c1.at[: c2.size].add(c2)
    else:
        ret = c2.at[: c1.size].add(c1)
    return ret


def _sub(c1, c2):
    """Helper function used to implement the ``<type>sub`` functions."""
    c1, c2 = as_series(c1, c2)
    if len(c1) > len(c2):
        ret = c1.at[: c2.size].add(-c2)
    else:
        ret = (-c2).at[: c1.size].add(c1)
    return ret


def _pad_along_axis(array, pad=(0, 0), axis=0):
    """Pad with zeros or truncate a given dimension."""
    array = jnp.moveaxis(array, axis, 0)

    if pad[0] < 0:
        array = array[abs(pad[0]) :]
        pad = (0, pad[1])
    if pad[1] < 0:
        array = array[: -abs(pad[1])]
        pad = (pad[0], 0)

    npad = [(0, 0)] * array.ndim
    npad[0] = pad

    array = jnp.pad(array, pad_width=npad, mode="constant", constant_values=0)
    return jnp.moveaxis(array, 0, axis)


# === polynomial.py ====================================================================================================

def polyadd(c1, c2):
    return _add(c1, c2)


def polysub(c1, c2):
    return _sub(c1, c2)


def polymulx(c, mode="full"):
    c = as_series(c)
    prd = jnp.zeros(len(c) + 1, dtype=c.dtype)
    prd = prd.at[1:].set(c)
    if mode == "same":
        prd = prd[: len(c)]
    return prd


def polyval(x, c, tensor=True, loop="lax"):
    """Evaluate a polynomial at points x (Horner's method)."""
    c = as_series(c)
    x = jnp.asarray(x)
    if tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)

    c0 = c[-1] + jnp.zeros_like(x)

    def body(i, c0):
        c0 = c[-i] + c0 * x
        return c0

    if loop == "lax":
        c0 = jax.lax.fori_loop(2, len(c) + 1, body, c0)
    else:
        for i in range(2, len(c) + 1):
            c0 = body(i, c0)
    return c0


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0, loop="lax"):  # noqa: B006 - the library's default
    """Integrate a polynomial."""
    c = as_series(c)
    lbnd, scl = map(jnp.asarray, (lbnd, scl))
    if not jnp.iterable(k):
        k = [k]
    if m < 0:
        raise ValueError("The order of integration must be non-negative")
    if len(k) > m:
        raise ValueError("Too many integration constants")
    if jnp.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if jnp.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")

    if m == 0:
        return c

    k = jnp.array(list(k) + [0] * (m - len(k)), ndmin=1)
    n = c.shape[axis]
    c = _pad_along_axis(c, (0, m), axis)
    c = jnp.moveaxis(c, axis, 0)
    D = jnp.arange(n + m) + 1

    def body(i, c):

        c *= scl
        c = (c.T / D).T  # broadcasting correctly
        c = jnp.roll(c, 1, axis=0)
        c = c.at[0].set(0)
        offset = k[i] - polyval(lbnd, c, loop=loop)
        c = c.at[0].add(offset)
        return c

    if loop == "lax":
        c = jax.lax.fori_loop(0, m, body, c)
    else:
        for i in range(0, m):
            c = body(i, c)

    c = jnp.moveaxis(c, 0, axis)
    return c


@program(twin=lambda c, lbnd: polyint(c, m=2, k=[1.0, -0.5], lbnd=lbnd),
         args=lambda: (jnp.array([1.0, -2.0, 0.5, 3.0]), jnp.float32(0.75)), grad=(0, 1), loss=jnp.sum,
         vmap=(0, None),
         source=ORTHAX.format("polynomial.py") + ", `polyint` twice (m=2) with constants k and a lower bound (a "
         "fori_loop over the order whose body evaluates `polyval`'s fori_loop at lbnd and reads k[i])")
def orthax_polyint(c, lbnd):
    return polyint(c, m=2, k=[1.0, -0.5], lbnd=lbnd, loop="python")


# === chebyshev.py =====================================================================================================

def _cseries_to_zseries(c):
    """Convert Chebyshev series to z-series."""
    n = c.size
    zs = jnp.zeros(2 * n - 1, dtype=c.dtype)
    zs = zs.at[n - 1 :].set(c / 2)
    return zs + zs[::-1]


def _zseries_to_cseries(zs):
    """Convert z-series to a Chebyshev series."""
    n = (zs.size + 1) // 2
    c = zs[n - 1 :].copy()
    c = c.at[1:n].multiply(2)
    return c


def _zseries_mul(z1, z2, mode="full"):
    """Multiply two z-series."""
    return jnp.convolve(z1, z2, mode=mode)


def chebline(off, scl):
    """Chebyshev series whose graph is a straight line."""
    return jnp.array([off, scl])


def chebadd(c1, c2):
    return _add(c1, c2)


def chebmulx(c, mode="full"):
    """Multiply a Chebyshev series by x."""
    c = as_series(c)
    prd = jnp.zeros(len(c) + 1, dtype=c.dtype)
    prd = prd.at[1].set(c[0])

    if len(c) > 1:
        tmp = c[1:] / 2
        prd = prd.at[2:].set(tmp)
        prd = prd.at[0:-2].add(tmp)

    if mode == "same":
        prd = prd[: len(c)]
    return prd


def chebmul(c1, c2, mode="full"):
    """Multiply one Chebyshev series by another."""
    c1, c2 = as_series(c1, c2)
    z1 = _cseries_to_zseries(c1)
    z2 = _cseries_to_zseries(c2)
    prd = _zseries_mul(z1, z2, mode=mode)
    ret = _zseries_to_cseries(prd)
    if mode == "same":
        ret = ret[: max(len(c1), len(c2))]

    return ret


def poly2cheb(pol, loop="lax"):
    """Convert a polynomial to a Chebyshev series."""
    pol = as_series(pol)
    deg = len(pol) - 1

    res = jnp.zeros_like(pol)

    def body(i, res):
        k = deg - i
        res = chebadd(chebmulx(res, mode="same"), pol[k])
        return res

    if loop == "lax":
        res = jax.lax.fori_loop(0, deg + 1, body, res)
    else:
        for i in range(0, deg + 1):
            res = body(i, res)
    return res


def cheb2poly(c, loop="lax"):
    """Convert a Chebyshev series to a polynomial."""
    c = as_series(c)
    n = len(c)
    if n < 3:
        return c
    else:
        c0 = jnp.zeros_like(c).at[0].set(c[-2])
        c1 = jnp.zeros_like(c).at[0].set(c[-1])

        # i is the current degree of c1
        def body(k, c0c1):
            i = n - 1 - k
            c0, c1 = c0c1
            tmp = c0
            c0 = polysub(c[i - 2], c1)
            c1 = polyadd(tmp, polymulx(c1, "same") * 2)
            return c0, c1

        if loop == "lax":
            c0, c1 = jax.lax.fori_loop(0, n - 2, body, (c0, c1))
        else:
            val = (c0, c1)
            for k in range(0, n - 2):
                val = body(k, val)
            c0, c1 = val

        return polyadd(c0, polymulx(c1, "same"))


def chebfromroots(roots, loop="lax"):
    """Generate a Chebyshev series with given roots."""
    return _fromroots(chebline, chebmul, roots, loop=loop)


def chebdiv(c1, c2, loop="lax"):
    """Divide one Chebyshev series by another."""
    # note: not as efficient as np version that avoids loops, but can handle trailing
    # zeros in the series which np would otherwise trim.
    return _div(chebmul, c1, c2, loop=loop)


def chebpow(c, pow, maxpower=16, loop="lax"):
    """Raise a Chebyshev series to a power."""
    # note: this is more efficient than `pu._pow(chebmul, c1, c2)`, as it
    # avoids converting between z and c series repeatedly

    c = as_series(c)
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    elif maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    elif power == 0:
        return jnp.array([1], dtype=c.dtype)
    elif power == 1:
        return c
    else:
        prd = jnp.zeros(len(c) * pow, dtype=c.dtype)
        prd = chebadd(prd, c)
        zs = _cseries_to_zseries(c)
        prd = _cseries_to_zseries(prd)

        # This can be made more efficient by using powers of two
        # in the usual way.
        def body(i, p):
            p = jnp.convolve(p, zs, mode="same")
            return p

        if loop == "lax":
            prd = jax.lax.fori_loop(2, power + 1, body, prd)
        else:
            for i in range(2, power + 1):
                prd = body(i, prd)
        return _zseries_to_cseries(prd)


def chebder(c, m=1, scl=1, axis=0, loop="lax"):
    """Differentiate a Chebyshev series."""
    if m < 0:
        raise ValueError("The order of derivation must be non-negative")

    c = as_series(c)

    if m == 0:
        return c

    c = jnp.moveaxis(c, axis, 0)
    n = len(c)
    if m >= n:
        c = jnp.zeros_like(c[:1])
    else:
        # TODO: figure out how to get rid of this python loop
        for i in range(m):
            n = n - 1
            c *= scl
            der = jnp.empty((n,) + c.shape[1:], dtype=c.dtype)

            # TODO: can this be vectorized?
            def body(k, der_c):
                j = n - k
                der, c = der_c
                der = der.at[j - 1].set((2 * j) * c[j])
                c = c.at[j - 2].add((j * c[j]) / (j - 2))
                return der, c

            if loop == "lax":
                der, c = jax.lax.fori_loop(0, n - 2, body, (der, c))
            else:
                val = (der, c)
                for k in range(0, n - 2):
                    val = body(k, val)
                der, c = val
            if n > 1:
                der = der.at[1].set(4 * c[2])
            der = der.at[0].set(c[1])
            c = der

    c = jnp.moveaxis(c, 0, axis)
    return c


def chebval(x, c, tensor=True, loop="lax"):
    """Evaluate a Chebyshev series at points x (Clenshaw recursion)."""
    c = as_series(c)
    x = jnp.asarray(x)
    if tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)

    if len(c) == 1:
        c0 = c[0]
        c1 = 0
    elif len(c) == 2:
        c0 = c[0]
        c1 = c[1]
    else:
        x2 = 2 * x
        c0 = c[-2] * jnp.ones_like(x)
        c1 = c[-1] * jnp.ones_like(x)

        def body(i, val):
            c0, c1 = val
            tmp = c0
            c0 = c[-i] - c1
            c1 = tmp + c1 * x2
            return c0, c1

        if loop == "lax":
            c0, c1 = jax.lax.fori_loop(3, len(c) + 1, body, (c0, c1))
        else:
            val = (c0, c1)
            for i in range(3, len(c) + 1):
                val = body(i, val)
            c0, c1 = val

    return c0 + c1 * x


_CHEB = jnp.array([1.0, -0.5, 0.25, 2.0, -1.0, 0.3])


@program(twin=chebval, args=lambda: (jnp.linspace(-1.0, 1.0, 5), _CHEB), grad=(0, 1), loss=jnp.sum,
         vmap=(0, None),
         source=ORTHAX.format("chebyshev.py") + ", `chebval` (Clenshaw's recursion: a fori_loop from 3 to len(c) "
         "reading c[-i])")
def orthax_chebval(x, c):
    return chebval(x, c, loop="python")


@program(twin=cheb2poly, args=lambda: (_CHEB,), grad=(0,), loss=lambda p: jnp.sum(p * jnp.arange(1.0, 7.0)),
         vmap=(0,),
         source=ORTHAX.format("chebyshev.py") + ", `cheb2poly` (a fori_loop over the degrees reading c[i - 2], "
         "polysub, polyadd and polymulx in its body)")
def orthax_cheb2poly(c):
    return cheb2poly(c, loop="python")


@program(twin=poly2cheb, args=lambda: (jnp.array([0.5, -1.0, 2.0, 0.25, -0.75]),), grad=(0,),
         loss=lambda c: jnp.sum(c * jnp.arange(1.0, 6.0)), vmap=(0,),
         source=ORTHAX.format("chebyshev.py") + ", `poly2cheb` (a fori_loop from the highest degree, "
         "chebadd(chebmulx(res), pol[deg - i]))")
def orthax_poly2cheb(pol):
    return poly2cheb(pol, loop="python")


@program(twin=lambda c, scl: chebder(c, m=2, scl=scl), args=lambda: (_CHEB, jnp.float32(1.5)), grad=(0, 1),
         loss=jnp.sum, vmap=(0, None),
         known_failure="the library's own for over range(m) carries c, which loses a row each iteration (n = n - 1; "
                       "der = jnp.empty((n,) + c.shape[1:])): no scan can carry it, so the loop is unrolled with an "
                       "UnrolledLoopWarning (values right; the library's loop is a Python loop too, unrolled by JAX)",
         source=ORTHAX.format("chebyshev.py") + ", `chebder` with m=2 (the library's Python for over the order, "
         "holding a fori_loop writing der.at[j - 1] and adding into c.at[j - 2] at j = n - k)")
def orthax_chebder(c, scl):
    return chebder(c, m=2, scl=scl, loop="python")


@program(twin=lambda c: chebpow(c, 3), args=lambda: (jnp.array([0.5, -0.25, 1.0]),), grad=(0,),
         loss=lambda c: jnp.sum(c * jnp.arange(1.0, 10.0)), vmap=(0,),
         source=ORTHAX.format("chebyshev.py") + ", `chebpow` with pow=3 (a fori_loop convolving z-series)")
def orthax_chebpow(c):
    return chebpow(c, 3, loop="python")


@program(twin=chebdiv, args=lambda: (jnp.array([1.0, 2.0, -1.0, 0.5, 3.0, -2.0]), jnp.array([0.5, -1.0, 2.0])),
         jvp=(0, 1), vmap=(0, None),
         source=ORTHAX.format("polyutils.py") + ", `_div` as `chebyshev.chebdiv` (a fori_loop to the traced index of "
         "the divisor's last non-zero coefficient, which lets it take trailing zeros; the remainder's index `ridx`, "
         "a Python int, counts down in the carry)")
def orthax_chebdiv(c1, c2):
    return chebdiv(c1, c2, loop="python")


@program(twin=chebfromroots, args=lambda: (jnp.array([0.5, -0.75, 0.1, 0.9, -0.3]),), jvp=(0,), vmap=(0,),
         source=ORTHAX.format("polyutils.py") + ", `_fromroots` as `chebyshev.chebfromroots` (a scan over the sorted "
         "roots; a while_loop while more than one factor is left, holding a fori_loop of pairwise products and a "
         "lax.cond on the count's parity)")
def orthax_chebfromroots(roots):
    return chebfromroots(roots, loop="python")


# === legendre.py ======================================================================================================

def legval(x, c, tensor=True, loop="lax"):
    """Evaluate a Legendre series at points x (Clenshaw recursion)."""
    c = as_series(c)
    x = jnp.asarray(x)
    if tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)

    if len(c) == 1:
        c0 = c[0]
        c1 = 0
    elif len(c) == 2:
        c0 = c[0]
        c1 = c[1]
    else:
        nd = len(c)
        c0 = c[-2] * jnp.ones_like(x)
        c1 = c[-1] * jnp.ones_like(x)

        def body(i, val):
            c0, c1, nd = val
            tmp = c0
            nd = nd - 1
            c0 = c[-i] - (c1 * (nd - 1)) / nd
            c1 = tmp + (c1 * x * (2 * nd - 1)) / nd
            return c0, c1, nd

        if loop == "lax":
            c0, c1, _ = jax.lax.fori_loop(3, len(c) + 1, body, (c0, c1, nd))
        else:
            val = (c0, c1, nd)
            for i in range(3, len(c) + 1):
                val = body(i, val)
            c0, c1, _ = val

    return c0 + c1 * x


@program(twin=legval, args=lambda: (jnp.linspace(-0.9, 0.8, 6), jnp.array([0.3, 1.0, -0.5, 0.25, 0.8, -0.1, 0.4])),
         grad=(0, 1), loss=jnp.sum, vmap=(0, None),
         source=ORTHAX.format("legendre.py") + ", `legval` (Clenshaw's recursion carrying the degree `nd`, a Python "
         "int counting down)")
def orthax_legval(x, c):
    return legval(x, c, loop="python")


# === hermite.py =======================================================================================================

def _normed_hermite_n(x, n, loop="lax"):
    """Evaluate a normalized Hermite polynomial."""

    def truefun():
        return jnp.full(x.shape, 1 / jnp.sqrt(jnp.sqrt(jnp.pi)))

    def falsefun():

        c0 = jnp.zeros_like(x)
        c1 = jnp.ones_like(x) / jnp.sqrt(jnp.sqrt(jnp.pi))
        nd = jnp.array(n).astype(float)

        def body(i, val):
            c0, c1, nd = val
            tmp = c0
            c0 = -c1 * jnp.sqrt((nd - 1.0) / nd)
            c1 = tmp + c1 * x * jnp.sqrt(2.0 / nd)
            nd = nd - 1.0
            return c0, c1, nd

        if loop == "lax":
            c0, c1, _ = jax.lax.fori_loop(0, n - 1, body, (c0, c1, nd))
        else:
            val = (c0, c1, nd)
            for i in range(0, n - 1):
                val = body(i, val)
            c0, c1, _ = val
        return c0 + c1 * x * jnp.sqrt(2)

    if loop == "lax":
        return jax.lax.cond(n == 0, truefun, falsefun)
    else:
        if n == 0:
            return truefun()
        else:
            return falsefun()


@program(twin=_normed_hermite_n, args=lambda: (jnp.linspace(-2.0, 2.0, 5), jnp.int32(5)), jvp=(0,), vmap=(0, 0),
         source=ORTHAX.format("hermite.py") + ", `_normed_hermite_n` at a traced degree (a lax.cond on n == 0; a "
         "fori_loop(0, n - 1))")
def orthax_normed_hermite(x, n):
    return _normed_hermite_n(x, n, loop="python")


# === recurrence.py ====================================================================================================

def _asarray(k, kmax=None):
    k = jnp.asarray(k)
    # (the library's eqx.error_if checks, a negative index and one past kmax, left out)
    return k


class AbstractRecurrenceRelation:
    """Base class for three term recurrence relations (an ``eqx.Module`` in the library)."""

    _domain: tuple

    @property
    def domain(self):
        """tuple: Lower and upper bounds for inner product defining orthogonality."""
        return self._domain


class TabulatedRecurrenceRelation(AbstractRecurrenceRelation):
    """Recurrence relation from tabulated values."""

    def __init__(
        self,
        weight: Callable,
        domain: tuple,
        ak: jax.Array,
        bk: jax.Array,
        gk: jax.Array,
        mk: Optional[jax.Array] = None,
    ):
        if mk is None:
            mk = jnp.ones_like(ak)
        self._ak = ak
        self._bk = bk
        self._gk = gk
        self._mk = mk
        self._weight = weight
        self._domain = domain

    def weight(self, x):
        """Weight function defining inner product."""
        return self._weight(x)

    def a(self, k):
        """`a` coefficients of the monic three term recurrence relation."""
        k = _asarray(k, kmax=len(self._ak) - 1)
        return self._ak[k]

    def b(self, k):
        """`b` coefficients of the monic three term recurrence relation."""
        k = _asarray(k, kmax=len(self._bk) - 1)
        return self._bk[k]

    def g(self, k):
        """Weighted norm of the kth monic orthogonal polynomial."""
        k = _asarray(k, kmax=len(self._gk) - 1)
        return self._gk[k]

    def m(self, k):
        """Coefficient of x**k in the kth polynomial in the desired normalization."""
        k = _asarray(k, kmax=len(self._mk) - 1)
        return self._mk[k]


class ClassicalRecurrenceRelation(AbstractRecurrenceRelation):
    """Base class for recurrence relations for "classical" orthogonal polynomials."""

    def __init__(self, domain: tuple, scale: str = "standard"):
        assert scale in {"standard", "monic", "normalized"}

        self._domain = domain
        self._scale = scale

    def g(self, k):
        """Weighted norm of the kth monic orthogonal polynomial."""
        k = _asarray(k)
        return self._std_norm(k) / jnp.abs(self._std_scale(k))

    def m(self, k):
        """Coefficient of x**k in the kth polynomial in the desired normalization."""
        # scaling factor. polynomials are evaluated in monic form then multiplied
        # by this scale factor
        # ie, evaluate monic polynomials then multiply by m to get scaled version
        k = _asarray(k)
        if self._scale == "monic":
            out = jnp.ones_like(k)
        elif self._scale == "standard":
            out = self._std_scale(k)
        else:  # normalized
            out = self._std_scale(k) / self._std_norm(k)
        return out


class Legendre(ClassicalRecurrenceRelation):
    """Recurrence relation for Legendre Polynomials :math:`P_n(x)`"""

    def __init__(self, scale: str = "standard"):
        super().__init__(domain=(-1, 1), scale=scale)

    def weight(self, x):
        """Weight function defining inner product."""
        return jnp.ones_like(x)

    def a(self, k):
        """`a` coefficients of the monic three term recurrence relation."""
        k = _asarray(k)
        return jnp.zeros_like(k)

    def b(self, k):
        """`b` coefficients of the monic three term recurrence relation."""
        k = _asarray(k)
        return jnp.where(k == 0, 2, 1 / (4 - 1 / jnp.where(k == 0, 1, k) ** 2))

    def _std_norm(self, k):
        return jnp.sqrt(2 / (2 * k + 1))

    def _std_scale(self, k):
        return jnp.exp(
            k * jnp.log(2) - gammaln(k + 1) + gammaln(k + 0.5) - gammaln(0.5)
        )


def _polyval(x, n, a, b, loop="lax"):
    a, b = map(lambda x: jnp.atleast_1d(jnp.asarray(x)), (a, b))
    x = jnp.asarray(x)

    p0 = jnp.zeros_like(x)
    p1 = jnp.ones_like(x)
    pn = p1

    def body(i, state):
        p0, p1, pn = state
        pn = (x - a[i]) * p1 - b[i] * p0
        p0 = p1
        p1 = pn
        return p0, p1, pn

    if loop == "lax":
        npos = lambda: jax.lax.fori_loop(0, n, body, (p0, p1, pn))[-1]  # noqa: E731 - as the library writes it
        nneg = lambda: jnp.zeros_like(x)  # noqa: E731
        return jax.lax.cond(n >= 0, npos, nneg)
    else:
        def npos():
            val = (p0, p1, pn)
            for i in range(0, n):
                val = body(i, val)
            return val[-1]

        nneg = lambda: jnp.zeros_like(x)  # noqa: E731
        if n >= 0:
            return npos()
        else:
            return nneg()


class _QuadOut(NamedTuple):
    """Not library code: what the loop reads of quadax's solution info."""
    err: jax.Array
    status: jax.Array


def _gauss_legendre_quadrature(fun, interval, npts=24):
    """Not library code: a fixed Gauss-Legendre rule standing in for quadax.adaptive_quadrature."""
    xg, wg = np.polynomial.legendre.leggauss(npts)
    lo, hi = interval
    xq = jnp.asarray(0.5 * (hi - lo) * xg + 0.5 * (hi + lo), jnp.float32)
    wq = jnp.asarray(0.5 * (hi - lo) * wg, jnp.float32)
    return jnp.sum(wq * fun(xq)), _QuadOut(err=jnp.float32(0.0), status=jnp.int32(0))


def generate_recurrence(weight: Callable, domain: tuple, n: int, scale: str = "monic", loop="lax"):
    r"""Generate recurrence relation coefficients for orthogonal polynomial family (the quadrature: see above)."""
    assert scale in ["monic", "normalized"]

    quad = lambda fun: _gauss_legendre_quadrature(fun, domain)  # noqa: E731 - as the library writes its quad

    def inner(n, a, b):
        fun = lambda x: _polyval(x, n, a, b, loop=loop) ** 2 * weight(x)  # noqa: E731
        return quad(fun)

    def innerx(n, a, b):
        fun = lambda x: x * _polyval(x, n, a, b, loop=loop) ** 2 * weight(x)  # noqa: E731
        return quad(fun)

    def body(i, state):
        aa, bb, cc, errs, status = state
        m0, out = inner(i, aa, bb)
        errs = errs.at[i, 0].set(out.err)
        status = status.at[i, 0].set(out.status)
        cc = cc.at[i].set(m0)
        ai, out = innerx(i, aa, bb)
        errs = errs.at[i, 1].set(out.err)
        status = status.at[i, 1].set(out.status)
        aa = aa.at[i].set(ai / cc[i])
        bb = bb.at[i].set(jnp.where(i == 0, m0, cc[i] / cc[i - 1]))
        return aa, bb, cc, errs, status

    aa = jnp.zeros(n)
    bb = jnp.zeros(n)
    cc = jnp.zeros(n)
    status = jnp.zeros((n, 2))
    errs = jnp.zeros((n, 2))

    if loop == "lax":
        aa, bb, cc, errs, status = jax.lax.fori_loop(0, n, body, (aa, bb, cc, errs, status))
    else:
        val = (aa, bb, cc, errs, status)
        for i in range(0, n):
            val = body(i, val)
        aa, bb, cc, errs, status = val
    # TODO: figure out uncertainties better
    g = jnp.sqrt(cc)
    if scale == "monic":
        m = jnp.ones_like(g)
    else:  # normalized
        m = 1 / g

    rec = TabulatedRecurrenceRelation(weight, domain, aa, bb, g, m)
    return rec._ak, rec._bk, rec._gk, rec._mk


def _tilted_weight(alpha):
    """Not library code: the weight exp(alpha * x) on (-1, 1)."""
    return lambda x: jnp.exp(alpha * x)


@program(twin=lambda alpha: generate_recurrence(_tilted_weight(alpha), (-1.0, 1.0), 4, scale="normalized"),
         args=lambda: (jnp.float32(0.8),), jvp=(0,), vmap=(0,), rtol=1e-4,
         source=ORTHAX.format("recurrence.py") + ", `generate_recurrence` for the weight exp(alpha x) on (-1, 1) "
         "(the Stieltjes procedure: a fori_loop whose body integrates `_polyval`, a lax.cond holding a "
         "fori_loop(0, i) bounded by the outer index)")
def orthax_generate_recurrence(alpha):
    return generate_recurrence(_tilted_weight(alpha), (-1.0, 1.0), 4, scale="normalized", loop="python")


# === _general.py ======================================================================================================

def tridiagmv(d, l, u, x):  # noqa: E741 - the library's name
    """Matvec for tridiagonal matrix."""
    a = u * x[1:]
    b = d * x
    c = l * x[:-1]
    return b.at[:-1].add(a).at[1:].add(c)


def last_nonzero(x):
    """Get index and value of last nonzero element of x"""
    i = len(x) - 1 - jnp.nonzero(x[::-1], size=1, fill_value=len(x))[0][0]
    return i, x[i]


def orthmul(c1, c2, rec, mode="full", loop="lax"):
    """Multiply one orthogonal series by another."""
    # assume c1 is longer, we iterate over c2 so want that shortest
    if len(c2) > len(c1):
        c1, c2 = c2, c1

    if len(c2) == 1:
        return c1 * c2[0]

    # convert coefficients form scaled to monic form
    # ie f * p_scaled(x) = f*m * p_monic(x)
    f = c1 * rec.m(jnp.arange(c1.size))
    g = c2 * rec.m(jnp.arange(c2.size))

    # ensure leading coefficient is 1
    fi, fn = last_nonzero(f)
    gi, gm = last_nonzero(g)
    f = f / fn
    g = g / gm

    # order of polynomials
    n = len(f) - 1
    m = len(g) - 1
    N = n + m

    # elements of jacobi matrix
    nn = jnp.arange(N)
    a = rec.a(nn)  # diagonal
    b = rec.b(nn)[1:]  # lower diagonal
    c = jnp.ones_like(b)  # upper diagonal

    r1 = jnp.pad(f, (0, m - 1))
    r2 = jnp.zeros_like(r1)
    u = r1 * g[0]

    def bodyfun(i, state):
        r1, r2, u = state
        ri = tridiagmv(a - rec.a(i - 2), c, b, r1) - rec.b(i - 2) * r2
        u += g[i - 1] * ri
        r2 = r1
        r1 = ri
        return r1, r2, u

    if loop == "lax":
        r1, r2, u = jax.lax.fori_loop(2, m + 1, bodyfun, (r1, r2, u))
    else:
        val = (r1, r2, u)
        for i in range(2, m + 1):
            val = bodyfun(i, val)
        r1, r2, u = val

    ri = tridiagmv(a - rec.a(gi - 1), c, b, r1) - rec.b(gi - 1) * r2
    u += g[-1] * ri
    u = jnp.append(u, 0.0)
    u = u.at[fi + gi].set(1.0)

    # scale by original leading coefficients
    u *= fn * gm
    # undo rescaling to monic form
    u /= rec.m(jnp.arange(N + 1))

    if mode == "same":
        u = u[: max(len(c1), len(c2))]

    return u


def orthval(x, c, rec, tensor=True, loop="lax"):
    """Evaluate an orthogonal series."""
    c = jnp.asarray(c)
    x = jnp.asarray(x)
    if tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)

    c1 = c[-2] * jnp.zeros_like(x)
    c2 = c[-1] * jnp.zeros_like(x)

    def body(i, val):
        k = len(c) - i
        c1, c2 = val
        ck_plus1 = c1
        # on first step c2 is 0 so we don't care about rec.b(k+1), but we don't
        # want to try to get it to avoid out of bounds errors on tabulated coeffs.
        bk1 = rec.b(jnp.minimum(k + 1, len(c) - 1))
        ck = c[k] * rec.m(k) + (x - rec.a(k)) * c1 - bk1 * c2
        return ck, ck_plus1

    if loop == "lax":
        c1, c2 = jax.lax.fori_loop(1, len(c), body, (c1, c2))
    else:
        val = (c1, c2)
        for i in range(1, len(c)):
            val = body(i, val)
        c1, c2 = val

    p0 = 1
    p1 = (x - rec.a(0)) * p0
    return p0 * c[0] * rec.m(0) + p1 * c1 - rec.b(1) * p0 * c2


def orthvander(x, deg, rec, loop="lax"):
    """Pseudo-Vandermonde matrix of given degree."""
    if deg < 0:
        raise ValueError("deg must be non-negative")

    x = jnp.array(x, ndmin=1)
    dims = (deg + 1,) + x.shape
    dtyp = jnp.promote_types(x.dtype, jnp.array(0.0).dtype)
    x = x.astype(dtyp)
    v = jnp.empty(dims, dtype=dtyp)
    # easiest to evaluate in monic form then scale at the end
    v = v.at[0].set(jnp.ones_like(x))
    if deg > 0:
        v = v.at[1].set(x - rec.a(0))

        def body(i, v):
            p0 = v[i - 2]
            p1 = v[i - 1]
            pn = (x - rec.a(i - 1)) * p1 - rec.b(i - 1) * p0
            v = v.at[i].set(pn)
            return v

        if loop == "lax":
            v = jax.lax.fori_loop(2, deg + 1, body, v)
        else:
            for i in range(2, deg + 1):
                v = body(i, v)

    return jnp.moveaxis(v, 0, -1) * rec.m(jnp.arange(deg + 1))


def general_polyval(x, n, rec, monic=False, loop="lax"):
    """``_general.py``'s ``polyval``: evaluate the nth order polynomial from the family given by rec."""
    x = jnp.asarray(x)

    p0 = jnp.zeros_like(x)
    p1 = jnp.ones_like(x)
    pn = p1

    def body(i, state):
        p0, p1, pn = state
        pn = (x - rec.a(i)) * p1 - rec.b(i) * p0
        p0 = p1
        p1 = pn
        return p0, p1, pn

    if loop == "lax":
        npos = lambda: jax.lax.fori_loop(0, n, body, (p0, p1, pn))[-1]  # noqa: E731 - as the library writes it
        nneg = lambda: jnp.zeros_like(x)  # noqa: E731
        out = jax.lax.cond(n >= 0, npos, nneg)
    else:
        def npos():
            val = (p0, p1, pn)
            for i in range(0, n):
                val = body(i, val)
            return val[-1]

        nneg = lambda: jnp.zeros_like(x)  # noqa: E731
        if n >= 0:
            out = npos()
        else:
            out = nneg()
    if not monic:
        out *= rec.m(n)
    return out


def differentiation_matrix(rec, n, loop="lax"):
    """Differentiation matrix for series up to degree n"""
    a = rec.a
    b = rec.b
    m = rec.m
    n += 1
    nn = jnp.arange(n)
    Q = jnp.diag(nn.astype(float))

    def iloop(i, Q):
        def jloop(j, Q):
            im1 = jnp.maximum(i - 1, 0)
            jm1 = jnp.maximum(j - 1, 0)
            Q = Q.at[i, j].add(((j > 0) * a(jm1) - (i > 0) * a(im1)) * Q[i - 1, j])
            Q = Q.at[i, j].add((j > 1) * Q[i - 1, j - 1])
            Q = Q.at[i, j].add(b(j) * Q[i - 1, j + 1])
            Q = Q.at[i, j].add(-1 * (i > 1) * b(im1) * Q[i - 2, j])
            return Q

        if loop == "lax":
            return jax.lax.fori_loop(0, i, jloop, Q)
        else:
            for j in range(0, i):
                Q = jloop(j, Q)
            return Q

    if loop == "lax":
        Q = jax.lax.fori_loop(0, n, iloop, Q)
    else:
        for i in range(0, n):
            Q = iloop(i, Q)
    D = jnp.pad(Q[1:, 1:], ((1, 0), (0, 1))).T
    D = 1 / m(nn)[:, None] * D * m(nn)
    return D


_LEG = jnp.array([0.3, 1.0, -0.5, 0.25, 0.8, -0.1])


@program(twin=lambda x, c: orthval(x, c, Legendre()), args=lambda: (jnp.linspace(-0.9, 0.8, 6), _LEG),
         grad=(0, 1), loss=jnp.sum, vmap=(0, None),
         source=ORTHAX.format("_general.py") + ", `orthval` with `recurrence.Legendre()` (Clenshaw's recursion for "
         "any three-term recurrence: a fori_loop reading c[len(c) - i] and rec.b at a clipped traced index)")
def orthax_orthval(x, c):
    return orthval(x, c, Legendre(), loop="python")


@program(twin=lambda c1, c2: orthmul(c1, c2, Legendre()),
         args=lambda: (jnp.array([1.0, -0.5, 0.25, 2.0, 0.5]), jnp.array([0.5, 1.5, -1.0, 0.75])), grad=(0, 1),
         loss=lambda u: jnp.sum(u * jnp.arange(1.0, 9.0)), vmap=(0, 0), rtol=1e-4,
         source=ORTHAX.format("_general.py") + ", `orthmul` with `recurrence.Legendre()` (monic forms scaled by "
         "their traced last non-zero coefficients; a fori_loop of tridiagonal products with the Jacobi matrix)")
def orthax_orthmul(c1, c2):
    return orthmul(c1, c2, Legendre(), loop="python")


@program(twin=lambda x: orthvander(x, 5, Legendre("normalized")), args=lambda: (jnp.linspace(-1.0, 1.0, 4),),
         grad=(0,), loss=lambda v: jnp.sum(v * jnp.arange(1.0, 7.0)), vmap=(0,),
         source=ORTHAX.format("_general.py") + ", `orthvander` of degree 5 with `recurrence.Legendre(\"normalized\")` "
         "(a fori_loop writing v.at[i] from v[i - 1] and v[i - 2])")
def orthax_orthvander(x):
    return orthvander(x, 5, Legendre("normalized"), loop="python")


@program(twin=lambda x, n: general_polyval(x, n, Legendre()), args=lambda: (jnp.linspace(-1.0, 1.0, 5), jnp.int32(4)),
         jvp=(0,), vmap=(0, 0),
         source=ORTHAX.format("_general.py") + ", `polyval` with `recurrence.Legendre()` at a traced degree n (a "
         "lax.cond on n >= 0 holding a fori_loop(0, n); rec.m(n) scales it)")
def orthax_polyval_n(x, n):
    return general_polyval(x, n, Legendre(), loop="python")


def _table():
    """Not library code: a recurrence table near Legendre's (a = 0, b = 2, 1/3, 4/15, 9/35, ...), perturbed."""
    ak = jnp.array([0.1, -0.05, 0.02, 0.0, 0.03])
    bk = jnp.array([2.0, 0.35, 0.27, 0.26, 0.25])
    mk = jnp.array([1.0, 1.0, 1.5, 2.5, 4.375])
    return ak, bk, mk


@program(twin=lambda ak, bk, mk: differentiation_matrix(TabulatedRecurrenceRelation(None, (-1, 1), ak, bk, bk, mk), 4),
         args=_table, jvp=(0, 1, 2), vmap=(0, 0, 0),
         source=ORTHAX.format("_general.py") + ", `differentiation_matrix` of degree 4 for a "
         "`recurrence.TabulatedRecurrenceRelation` (a fori_loop over i holding a fori_loop(0, i) reading the tables "
         "at traced indices)")
def orthax_differentiation_matrix(ak, bk, mk):
    return differentiation_matrix(TabulatedRecurrenceRelation(None, (-1, 1), ak, bk, bk, mk), 4, loop="python")

