"""A fourth set of programs from JAX libraries the corpus did not cite before: lineax, quadax, interpax,
flowjax, evosax, dm_pix, jraph, neural-tangents and mujoco (mjx), each written with Python control flow over traced
values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``fori_loop``, ``scan``, ``cond``,
``switch``); ``plain`` is that loop or branch written with Python ``for``/``while``/``if``/``break``/``return``
(the loop the library's docstring or comments describe), the twin is the library's code. The maths is the
library's, adapted only in calling convention: arrays instead of linear operators, modules and parameter
dataclasses (an ``equinox.Module`` or ``flax.struct`` state as a ``NamedTuple``), a fixed integrand or
function to invert, a small matrix. Where a library guards its result with ``equinox.error_if`` (a runtime
check that never fires on these inputs) the check is left out. Registered into ``programs.PROGRAMS``
(``programs.py`` imports this module after ``libraries_third``).
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

from jax_programs.programs import program

LINEAX = "patrick-kidger/lineax@2f0e083d9f0a3ae3329648410ed32e29f8cc9fb4 (Apache-2.0) lineax/_solver/{}"
QUADAX = "f0uriest/quadax@3496207ce930ba45db7d5d8461681db98ac45ddb (MIT) quadax/{}"
INTERPAX = "f0uriest/interpax@caa4a2ce26bb4e8cd6577d288d2e18f74a998686 (MIT) interpax/{}"
FLOWJAX = "danielward27/flowjax@cabcb42bcfdd12baa16c020078ec5e097efeaac0 (MIT) flowjax/{}"
EVOSAX = "RobertTLange/evosax@d4b4127708cb2cd0cc906b910ddcd091013153a9 (Apache-2.0) evosax/{}"
DM_PIX = "google-deepmind/dm_pix@ae478298f3dc6f611fb968fe2e831e8c9925b243 (Apache-2.0) dm_pix/_src/augment.py"
MJX = "google-deepmind/mujoco@a7255075b003506ff5f34b512d88e02df12a73c6 (Apache-2.0) mjx/mujoco/mjx/_src/solver.py"
JRAPH = "google-deepmind/jraph@51f5990104f7374492f8f3ea1cbc47feb411c69c (Apache-2.0) jraph/_src/{}"
NEURAL_TANGENTS = "google/neural-tangents@c17e770bb74f1771da7be4a69fabfa68b6078960 (Apache-2.0) neural_tangents/_src/{}"


# --- patrick-kidger/lineax: CG, BiCGStab, LSMR and its Givens rotation, GMRES ------------------------------------

def _max_norm(x):
    return jnp.max(jnp.abs(x))


def _resolve_rcond(n, m, dtype):
    # This `2 *` is a heuristic (lineax/_misc.py, `resolve_rcond` with rcond=None)
    return 2 * jnp.finfo(dtype).eps * max(n, m)


def _cg_twin(A, b, rtol=1e-5, atol=1e-5, max_steps=50, stabilise_every=10):
    y0 = jnp.zeros_like(b)
    size = b.size
    r0 = b - A @ y0
    p0 = r0  # the identity preconditioner
    gamma0 = jnp.vdot(p0, r0)
    rcond = _resolve_rcond(size, size, b.dtype)
    initial_value = (jnp.full_like(y0, jnp.inf), y0, r0, p0, gamma0, 0)
    b_scale = atol + rtol * jnp.abs(b)

    def not_converged(r, diff, y):
        # The primary tolerance check.
        # Given Ay=b, then we have to be doing better than `scale` in both
        # the `y` and the `b` spaces.
        y_scale = atol + rtol * jnp.abs(y)
        norm1 = _max_norm(r / b_scale)
        norm2 = _max_norm(diff / y_scale)
        return (norm1 > 1) | (norm2 > 1)

    def cond_fun(value):
        diff, y, r, _, gamma, step = value
        out = gamma > 0
        out = out & (step < max_steps)
        out = out & not_converged(r, diff, y)
        return out

    def body_fun(value):
        _, y, r, p, gamma, step = value
        mat_p = A @ p
        inner_prod = jnp.vdot(mat_p, p)
        alpha = gamma / inner_prod
        alpha = jnp.where(jnp.abs(inner_prod) > 100 * rcond * jnp.abs(gamma), alpha, jnp.nan)
        diff = alpha * p
        y = y + diff
        step = step + 1

        # We compute the residual the "expensive" way every now and again, so as to
        # correct numerical rounding errors.
        def stable_r():
            return b - A @ y

        def cheap_r():
            return r - alpha * mat_p

        stable_step = (step % stabilise_every) == 0
        r = lax.cond(stable_step, stable_r, cheap_r)

        z = r
        gamma_prev = gamma
        gamma = jnp.vdot(z, r)
        beta = gamma / gamma_prev
        p = z + beta * p
        return diff, y, r, p, gamma, step

    _, solution, _, _, _, num_steps = lax.while_loop(cond_fun, body_fun, initial_value)
    return solution, num_steps


def _spd_args():
    m = jax.random.normal(jax.random.key(3), (6, 6))
    return m @ m.T + 0.5 * jnp.eye(6), jnp.linspace(-1.0, 2.0, 6)


@program(twin=_cg_twin, args=_spd_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=LINEAX.format("cg.py") + ", `CG.compute` (a while loop on gamma > 0, the step count and the "
         "tolerance in both the y and b spaces; every `stabilise_every` steps a lax.cond recomputes the residual), "
         "a matrix instead of the operator, no preconditioner; the loop a while with a convergence break")
def lineax_cg(A, b, rtol=1e-5, atol=1e-5, max_steps=50, stabilise_every=10):
    y = jnp.zeros_like(b)
    size = b.size
    r = b - A @ y
    p = r  # the identity preconditioner
    gamma = jnp.vdot(p, r)
    rcond = _resolve_rcond(size, size, b.dtype)
    diff = jnp.full_like(y, jnp.inf)
    b_scale = atol + rtol * jnp.abs(b)
    step = 0
    while gamma > 0 and step < max_steps:
        # Given Ay=b, then we have to be doing better than `scale` in both the `y` and the `b` spaces.
        y_scale = atol + rtol * jnp.abs(y)
        if _max_norm(r / b_scale) <= 1 and _max_norm(diff / y_scale) <= 1:
            break
        mat_p = A @ p
        inner_prod = jnp.vdot(mat_p, p)
        alpha = gamma / inner_prod
        alpha = jnp.where(jnp.abs(inner_prod) > 100 * rcond * jnp.abs(gamma), alpha, jnp.nan)
        diff = alpha * p
        y = y + diff
        step = step + 1
        # We compute the residual the "expensive" way every now and again
        if step % stabilise_every == 0:
            r = b - A @ y
        else:
            r = r - alpha * mat_p
        z = r
        gamma_prev = gamma
        gamma = jnp.vdot(z, r)
        beta = gamma / gamma_prev
        p = z + beta * p
    return y, step


def _breakdown_occurred(omega, alpha, rho):
    # Empirically, the tolerance checks for breakdown are very tight.
    # These specific tolerances are heuristic.
    if jax.config.jax_enable_x64:  # pyright: ignore
        return (omega == 0.0) | (alpha == 0.0) | (rho == 0.0)
    else:
        return (omega < 1e-16) | (alpha < 1e-16) | (rho < 1e-16)


def _bicgstab_twin(A, b, rtol=1e-5, atol=1e-5, max_steps=60):
    y0 = jnp.zeros_like(b)
    b_scale = atol + rtol * jnp.abs(b)
    r0 = b - A @ y0

    def not_converged(r, diff, y):
        y_scale = atol + rtol * jnp.abs(y)
        norm1 = _max_norm(r / b_scale)
        norm2 = _max_norm(diff / y_scale)
        return (norm1 > 1) | (norm2 > 1)

    def cond_fun(carry):
        y, r, alpha, omega, rho, _, _, diff, step = carry
        out = jnp.invert(_breakdown_occurred(omega, alpha, rho))
        out = out & not_converged(r, diff, y)
        out = out & (step < max_steps)
        return out

    def body_fun(carry):
        y, r, alpha, omega, rho, p, v, diff, step = carry

        rho_new = jnp.vdot(r0, r)
        beta = (rho_new / rho) * (alpha / omega)
        p_new = r + beta * (p - omega * v)

        x = p_new  # the identity preconditioner
        v_new = A @ x

        alpha_new = rho_new / jnp.vdot(r0, v_new)
        s = r - alpha_new * v_new

        z = s
        t = A @ z

        omega_new = jnp.vdot(s, t) / jnp.vdot(t, t)

        diff = alpha_new * x + omega_new * z
        y_new = y + diff
        r_new = s - omega_new * t
        return y_new, r_new, alpha_new, omega_new, rho_new, p_new, v_new, diff, step + 1

    p0 = v0 = jnp.zeros_like(b)
    alpha = omega = rho = jnp.array(1.0)
    init_carry = (y0, r0, alpha, omega, rho, p0, v0, jnp.full_like(y0, jnp.inf), 0)
    solution, residual, alpha, omega, rho, _, _, diff, num_steps = lax.while_loop(cond_fun, body_fun, init_carry)
    # breakdown is only an issue if we did not converge
    breakdown = _breakdown_occurred(omega, alpha, rho) & not_converged(residual, diff, solution)
    return solution, num_steps, breakdown


def _nonsymmetric_args():
    m = 0.3 * jax.random.normal(jax.random.key(5), (6, 6))
    return m + 2.0 * jnp.eye(6), jnp.linspace(1.0, 2.0, 6)


@program(twin=_bicgstab_twin, args=_nonsymmetric_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=LINEAX.format("bicgstab.py") + ", `BiCGStab.compute` (a while loop that stops on breakdown, "
         "convergence or max_steps, carrying nine values), a matrix instead of the operator, no preconditioner; "
         "the loop a `for` over range(max_steps) with two breaks and the steps counted")
def lineax_bicgstab(A, b, rtol=1e-5, atol=1e-5, max_steps=60):
    y = jnp.zeros_like(b)
    b_scale = atol + rtol * jnp.abs(b)
    r0 = b - A @ y
    r = r0
    p = v = jnp.zeros_like(b)
    alpha = omega = rho = jnp.array(1.0)
    diff = jnp.full_like(y, jnp.inf)
    num_steps = 0
    for _ in range(max_steps):
        if _breakdown_occurred(omega, alpha, rho):
            break
        y_scale = atol + rtol * jnp.abs(y)
        if _max_norm(r / b_scale) <= 1 and _max_norm(diff / y_scale) <= 1:
            break
        rho_new = jnp.vdot(r0, r)
        beta = (rho_new / rho) * (alpha / omega)
        p = r + beta * (p - omega * v)
        x = p  # the identity preconditioner
        v = A @ x
        alpha = rho_new / jnp.vdot(r0, v)
        s = r - alpha * v
        z = s
        t = A @ z
        omega = jnp.vdot(s, t) / jnp.vdot(t, t)
        diff = alpha * x + omega * z
        y = y + diff
        r = s - omega * t
        rho = rho_new
        num_steps += 1
    # breakdown is only an issue if we did not converge
    y_scale = atol + rtol * jnp.abs(y)
    not_converged = (_max_norm(r / b_scale) > 1) | (_max_norm(diff / y_scale) > 1)
    return y, num_steps, _breakdown_occurred(omega, alpha, rho) & not_converged


def _sym_ortho_twin(a, b):
    def bzero(a, b):
        return jnp.sign(a), 0.0, jnp.abs(a)

    def azero(a, b):
        return 0.0, jnp.sign(b), jnp.abs(b)

    def b_gt_a(a, b):
        tau = a / lax.select(b == 0.0, 1.0, b)
        s = jnp.sign(b) / jnp.sqrt(1.0 + tau**2)
        c = s * tau
        r = b / lax.select(s == 0.0, 1.0, s)
        return c, s, r

    def a_ge_b(a, b):
        tau = b / lax.select(a == 0.0, 1.0, a)
        c = jnp.sign(a) / jnp.sqrt(1.0 + tau**2)
        s = c * tau
        r = a / lax.select(c == 0.0, 1.0, c)
        return c, s, r

    def either_zero(a, b):
        return lax.cond(b == 0.0, bzero, azero, a, b)

    def both_nonzero(a, b):
        return lax.cond(jnp.abs(b) > jnp.abs(a), b_gt_a, a_ge_b, a, b)

    return lax.cond((a == 0.0) | (b == 0.0), either_zero, both_nonzero, a, b)


@program(twin=_sym_ortho_twin, args=lambda: (jnp.float32(0.6), jnp.float32(-1.3)), grad=(0, 1),
         loss=lambda out: out[0] + 2 * out[1] + 3 * out[2], vmap=(0, 0),
         source=LINEAX.format("lsmr.py") + ", `LSMR._givens` (SciPy's `_sym_ortho`: nested lax.conds on which of "
         "a and b is zero, then on which is larger), the conds as if/return")
def lineax_sym_ortho(a, b):
    if a == 0.0 or b == 0.0:
        if b == 0.0:
            return jnp.sign(a), 0.0, jnp.abs(a)
        return 0.0, jnp.sign(b), jnp.abs(b)
    if jnp.abs(b) > jnp.abs(a):
        tau = a / lax.select(b == 0.0, 1.0, b)
        s = jnp.sign(b) / jnp.sqrt(1.0 + tau**2)
        c = s * tau
        r = b / lax.select(s == 0.0, 1.0, s)
        return c, s, r
    tau = b / lax.select(a == 0.0, 1.0, a)
    c = jnp.sign(a) / jnp.sqrt(1.0 + tau**2)
    s = c * tau
    r = a / lax.select(c == 0.0, 1.0, c)
    return c, s, r



def _two_norm(x):
    return jnp.sqrt(jnp.sum(x**2))


def _lsmr_twin(A, b, rtol=1e-5, atol=1e-5, conlim=1e8):
    norm, dtype, damp = _two_norm, b.dtype, 0.0
    max_steps = min(A.shape) * 10  # for consistency with other iterative solvers
    x = jnp.zeros(A.shape[1], dtype)
    u = b - A @ x
    normb = norm(b)
    beta = norm(u)

    def beta_nonzero(beta, u):
        u = u / lax.select(beta == 0.0, 1.0, beta).astype(dtype)
        v = A.T @ u
        alpha = norm(v)
        return u, v, alpha

    def beta_zero(beta, u):
        v = jnp.zeros(A.shape[1], dtype)
        alpha = 0.0
        return u, v, alpha

    u, v, alpha = lax.cond(beta == 0.0, beta_zero, beta_nonzero, beta, u)
    v = v / lax.select(alpha == 0.0, 1.0, alpha).astype(dtype)

    h = v
    hbar = jnp.zeros(A.shape[1], dtype)

    # Initialize variables for 1st iteration.
    loop_state = dict(
        # vectors
        x=x, u=u, v=v, h=h, hbar=hbar,
        # main loop variables
        itn=0, alpha=alpha, beta=beta, zetabar=alpha * beta, alphabar=alpha, rho=1.0, rhobar=1.0, cbar=1.0,
        sbar=0.0,
        # loop variables for estimation of ||r||.
        betadd=beta, betad=0.0, rhodold=1.0, tautildeold=0.0, thetatilde=0.0, zeta=0.0, delta=0.0,
        # variables for estimation of ||A|| and cond(A)
        normA2=alpha**2, maxrbar=0.0, minrbar=jnp.finfo(dtype).max, condA=1.0,
        # variables for use in stopping rules
        istop=0, normr=beta, normAr=alpha * beta,
    )
    # beta == 0 means x exactly solves the well posed problem
    # alpha == 0 means x exactly solves the least squares problem
    loop_state["istop"] = lax.select(alpha == 0, 2, loop_state["istop"])
    loop_state["istop"] = lax.select(beta == 0, 1, loop_state["istop"])

    def condfun(loop_state):
        return loop_state["istop"] == 0

    def bodyfun(loop_state):
        st = loop_state  # to avoid writing out loop_state every time
        st["itn"] = st["itn"] + 1

        # Perform the next step of the bidiagonalization to obtain the
        # next  beta, u, alpha, v.
        st["u"] = st["u"] * -st["alpha"].astype(dtype)
        st["u"] = st["u"] + A @ st["v"]
        st["beta"] = norm(st["u"])

        def beta_nonzero(alpha, beta, u, v):
            u = u / lax.select(beta == 0.0, 1.0, beta).astype(dtype)
            v = v * -beta.astype(dtype)
            v = v + A.T @ u
            alpha = norm(v)
            v = v / lax.select(alpha == 0.0, 1.0, alpha).astype(dtype)
            return alpha, beta, u, v

        def beta_zero(alpha, beta, u, v):
            return alpha, beta, u, v

        st["alpha"], st["beta"], st["u"], st["v"] = lax.cond(
            st["beta"] == 0, beta_zero, beta_nonzero, st["alpha"], st["beta"], st["u"], st["v"])
        # At this point, beta = beta_{k+1}, alpha = alpha_{k+1}.

        # Construct rotation Qhat_{k,2k+1}.
        chat, shat, alphahat = _sym_ortho_twin(st["alphabar"], damp)

        # Use a plane rotation (Q_i) to turn B_i to R_i
        rhoold = st["rho"]
        c, s, st["rho"] = _sym_ortho_twin(alphahat, st["beta"])
        thetanew = s * st["alpha"]
        st["alphabar"] = c * st["alpha"]

        # Use a plane rotation (Qbar_i) to turn R_i^T to R_i^bar
        rhobarold = st["rhobar"]
        zetaold = st["zeta"]
        thetabar = st["sbar"] * st["rho"]
        rhotemp = st["cbar"] * st["rho"]
        st["cbar"], st["sbar"], st["rhobar"] = _sym_ortho_twin(st["cbar"] * st["rho"], thetanew)
        st["zeta"] = st["cbar"] * st["zetabar"]
        st["zetabar"] = -st["sbar"] * st["zetabar"]

        # Update h, h_hat, x.
        st["hbar"] = st["hbar"] * -(thetabar * st["rho"] / (rhoold * rhobarold)).astype(dtype)
        st["hbar"] = st["hbar"] + st["h"]
        st["x"] = st["x"] + (st["zeta"] / (st["rho"] * st["rhobar"])).astype(dtype) * st["hbar"]
        st["h"] = st["h"] * -(thetanew / st["rho"]).astype(dtype)
        st["h"] = st["h"] + st["v"]

        # Estimate of ||r||.
        # Apply rotation Qhat_{k,2k+1}.
        betaacute = chat * st["betadd"]
        betacheck = -shat * st["betadd"]
        # Apply rotation Q_{k,k+1}.
        betahat = c * betaacute
        st["betadd"] = -s * betaacute

        # Apply rotation Qtilde_{k-1}.
        thetatildeold = st["thetatilde"]
        ctildeold, stildeold, rhotildeold = _sym_ortho_twin(st["rhodold"], thetabar)
        st["thetatilde"] = stildeold * loop_state["rhobar"]
        st["rhodold"] = ctildeold * st["rhobar"]
        st["betad"] = -stildeold * st["betad"] + ctildeold * betahat

        loop_state["tautildeold"] = (zetaold - thetatildeold * st["tautildeold"]) / rhotildeold
        taud = (st["zeta"] - st["thetatilde"] * st["tautildeold"]) / st["rhodold"]
        st["delta"] = st["delta"] + betacheck**2
        st["normr"] = jnp.sqrt(st["delta"] + (st["betad"] - taud) ** 2 + st["betadd"] ** 2)

        # Estimate ||A||.
        st["normA2"] = st["normA2"] + st["beta"] ** 2
        normA = jnp.sqrt(st["normA2"])
        st["normA2"] = st["normA2"] + st["alpha"] ** 2

        # Estimate cond(A).
        st["maxrbar"] = jnp.maximum(st["maxrbar"], rhobarold)
        st["minrbar"] = lax.select(st["itn"] > 1, jnp.minimum(st["minrbar"], rhobarold), st["minrbar"])
        st["condA"] = jnp.maximum(st["maxrbar"], rhotemp) / jnp.minimum(st["minrbar"], rhotemp)

        # Compute norms for convergence testing.
        st["normAr"] = jnp.abs(st["zetabar"])
        normx = norm(st["x"])

        well_posed_tol = atol + rtol * (normA * normx + normb)
        least_squares_tol = atol + rtol * (normA * st["normr"])
        # maxiter exceeded
        st["istop"] = lax.select(st["itn"] >= max_steps, 4, st["istop"])
        # cond(A) seems to be greater than conlim
        st["istop"] = lax.select(st["condA"] > conlim, 3, st["istop"])
        # x solves the least-squares problem according to atol and rtol.
        st["istop"] = lax.select(st["normAr"] < least_squares_tol, 2, st["istop"])
        # x is a solution to A@x = b, according to atol and rtol.
        st["istop"] = lax.select(st["normr"] < well_posed_tol, 1, st["istop"])
        return st

    loop_state = lax.while_loop(condfun, bodyfun, loop_state)
    return loop_state["x"], loop_state["itn"], loop_state["istop"], loop_state["normr"]


def _tall_args():
    A = jax.random.normal(jax.random.key(9), (7, 4)) + jnp.eye(7, 4) * 2.0
    return A, jnp.linspace(-1.0, 1.5, 7)


@program(twin=_lsmr_twin, args=_tall_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-3,
         source=LINEAX.format("lsmr.py") + ", `LSMR.compute` (Fong & Saunders' LSMR: a while loop on a stop code "
         "carrying a dict of 28 entries, the bidiagonalisation's step a lax.cond on beta == 0, four Givens "
         "rotations, the stop code set by lax.selects), a tall matrix instead of the operator; the loop a while "
         "mutating the dict, the conds as ifs, the rotations `lineax_sym_ortho`")
def lineax_lsmr(A, b, rtol=1e-5, atol=1e-5, conlim=1e8):
    norm, dtype, damp = _two_norm, b.dtype, 0.0
    max_steps = min(A.shape) * 10  # for consistency with other iterative solvers
    x = jnp.zeros(A.shape[1], dtype)
    u = b - A @ x
    normb = norm(b)
    beta = norm(u)
    if beta == 0.0:
        v = jnp.zeros(A.shape[1], dtype)
        alpha = 0.0
    else:
        u = u / lax.select(beta == 0.0, 1.0, beta).astype(dtype)
        v = A.T @ u
        alpha = norm(v)
    v = v / lax.select(alpha == 0.0, 1.0, alpha).astype(dtype)
    st = dict(
        x=x, u=u, v=v, h=v, hbar=jnp.zeros(A.shape[1], dtype),
        itn=0, alpha=alpha, beta=beta, zetabar=alpha * beta, alphabar=alpha, rho=1.0, rhobar=1.0, cbar=1.0,
        sbar=0.0,
        betadd=beta, betad=0.0, rhodold=1.0, tautildeold=0.0, thetatilde=0.0, zeta=0.0, delta=0.0,
        normA2=alpha**2, maxrbar=0.0, minrbar=jnp.finfo(dtype).max, condA=1.0,
        istop=0, normr=beta, normAr=alpha * beta,
    )
    # beta == 0 means x exactly solves the well posed problem
    # alpha == 0 means x exactly solves the least squares problem
    if beta == 0:
        st["istop"] = 1
    elif alpha == 0:
        st["istop"] = 2
    while st["istop"] == 0:
        st["itn"] = st["itn"] + 1
        # Perform the next step of the bidiagonalization to obtain the next  beta, u, alpha, v.
        st["u"] = st["u"] * -st["alpha"].astype(dtype)
        st["u"] = st["u"] + A @ st["v"]
        st["beta"] = norm(st["u"])
        if st["beta"] != 0:
            st["u"] = st["u"] / lax.select(st["beta"] == 0.0, 1.0, st["beta"]).astype(dtype)
            st["v"] = st["v"] * -st["beta"].astype(dtype)
            st["v"] = st["v"] + A.T @ st["u"]
            st["alpha"] = norm(st["v"])
            st["v"] = st["v"] / lax.select(st["alpha"] == 0.0, 1.0, st["alpha"]).astype(dtype)
        # At this point, beta = beta_{k+1}, alpha = alpha_{k+1}.

        # Construct rotation Qhat_{k,2k+1}.
        chat, shat, alphahat = lineax_sym_ortho(st["alphabar"], damp)
        # Use a plane rotation (Q_i) to turn B_i to R_i
        rhoold = st["rho"]
        c, s, st["rho"] = lineax_sym_ortho(alphahat, st["beta"])
        thetanew = s * st["alpha"]
        st["alphabar"] = c * st["alpha"]
        # Use a plane rotation (Qbar_i) to turn R_i^T to R_i^bar
        rhobarold = st["rhobar"]
        zetaold = st["zeta"]
        thetabar = st["sbar"] * st["rho"]
        rhotemp = st["cbar"] * st["rho"]
        st["cbar"], st["sbar"], st["rhobar"] = lineax_sym_ortho(st["cbar"] * st["rho"], thetanew)
        st["zeta"] = st["cbar"] * st["zetabar"]
        st["zetabar"] = -st["sbar"] * st["zetabar"]
        # Update h, h_hat, x.
        st["hbar"] = st["hbar"] * -(thetabar * st["rho"] / (rhoold * rhobarold)).astype(dtype)
        st["hbar"] = st["hbar"] + st["h"]
        st["x"] = st["x"] + (st["zeta"] / (st["rho"] * st["rhobar"])).astype(dtype) * st["hbar"]
        st["h"] = st["h"] * -(thetanew / st["rho"]).astype(dtype)
        st["h"] = st["h"] + st["v"]
        # Estimate of ||r||: apply rotations Qhat_{k,2k+1}, Q_{k,k+1}, Qtilde_{k-1}.
        betaacute = chat * st["betadd"]
        betacheck = -shat * st["betadd"]
        betahat = c * betaacute
        st["betadd"] = -s * betaacute
        thetatildeold = st["thetatilde"]
        ctildeold, stildeold, rhotildeold = lineax_sym_ortho(st["rhodold"], thetabar)
        st["thetatilde"] = stildeold * st["rhobar"]
        st["rhodold"] = ctildeold * st["rhobar"]
        st["betad"] = -stildeold * st["betad"] + ctildeold * betahat
        st["tautildeold"] = (zetaold - thetatildeold * st["tautildeold"]) / rhotildeold
        taud = (st["zeta"] - st["thetatilde"] * st["tautildeold"]) / st["rhodold"]
        st["delta"] = st["delta"] + betacheck**2
        st["normr"] = jnp.sqrt(st["delta"] + (st["betad"] - taud) ** 2 + st["betadd"] ** 2)
        # Estimate ||A||.
        st["normA2"] = st["normA2"] + st["beta"] ** 2
        normA = jnp.sqrt(st["normA2"])
        st["normA2"] = st["normA2"] + st["alpha"] ** 2
        # Estimate cond(A).
        st["maxrbar"] = jnp.maximum(st["maxrbar"], rhobarold)
        if st["itn"] > 1:
            st["minrbar"] = jnp.minimum(st["minrbar"], rhobarold)
        st["condA"] = jnp.maximum(st["maxrbar"], rhotemp) / jnp.minimum(st["minrbar"], rhotemp)
        # Compute norms for convergence testing.
        st["normAr"] = jnp.abs(st["zetabar"])
        normx = norm(st["x"])
        well_posed_tol = atol + rtol * (normA * normx + normb)
        least_squares_tol = atol + rtol * (normA * st["normr"])
        if st["normr"] < well_posed_tol:  # x is a solution to A@x = b, according to atol and rtol.
            st["istop"] = 1
        elif st["normAr"] < least_squares_tol:  # x solves the least-squares problem according to atol and rtol.
            st["istop"] = 2
        elif st["condA"] > conlim:  # cond(A) seems to be greater than conlim
            st["istop"] = 3
        elif st["itn"] >= max_steps:  # maxiter exceeded
            st["istop"] = 4
    return st["x"], st["itn"], st["istop"], st["normr"]


def _normalise(x, eps):
    norm = _two_norm(x)
    if eps is None:
        eps = jnp.finfo(norm.dtype).eps
    else:
        eps = jnp.astype(eps, norm.dtype)
    breakdown = norm < eps
    safe_norm = jnp.where(breakdown, jnp.inf, norm)
    x_normalised = x / safe_norm
    return x_normalised, norm, breakdown


def _qr_solve(matrix, vector):
    # lineax's QR solver for a tall full-rank matrix: least squares through its reduced QR decomposition
    q, r = jnp.linalg.qr(matrix, mode="reduced")
    return jax.scipy.linalg.solve_triangular(r, q.T @ vector, trans=0, lower=False)


def _arnoldi_gram_schmidt(A, basis, coeff_mat, step, initial_breakdown):
    basis_step = A @ basis[..., step]  # the identity preconditioner
    step_norm = _two_norm(basis_step)
    proj = jnp.tensordot(basis_step, basis.conj(), axes=1, precision=lax.Precision.HIGHEST)
    proj_on_cols = basis @ proj
    # now remove the component of the vector in that subspace
    basis_step_new = basis_step - proj_on_cols
    eps = step_norm * jnp.finfo(proj.dtype).eps
    basis_step_normalised, step_norm_new, breakdown = _normalise(basis_step_new, eps=eps)
    basis_new = basis.at[..., step + 1].set(basis_step_normalised)
    proj_new = proj.at[step + 1].set(step_norm_new.astype(jnp.result_type(proj)))
    # (equinox's buffer `.set(..., pred=~initial_breakdown)` as a where)
    coeff_mat_new = jnp.where(initial_breakdown, coeff_mat, coeff_mat.at[step, :].set(proj_new))
    return basis_new, coeff_mat_new, breakdown


def _gmres_twin(A, b, rtol=1e-5, atol=1e-5, restart=3, stagnation_iters=20):
    size = b.size
    max_steps = 10 * size  # Copied from SciPy!
    restart = min(restart, size)
    y0 = jnp.zeros_like(b)
    b_scale = atol + rtol * jnp.abs(b)

    def not_converged(r, diff, y):
        y_scale = atol + rtol * jnp.abs(y)
        norm1 = _max_norm(r / b_scale)
        norm2 = _max_norm(diff / y_scale)
        return (norm1 > 1) | (norm2 > 1)

    def gmres_compute(y, r, first_pass):
        def main_gmres(y):
            r_normalised, r_norm, initial_breakdown = _normalise(r, eps=None)
            basis_init = jnp.pad(r_normalised[..., None], ((0, 0),) * r_normalised.ndim + ((0, restart),))
            coeff_mat_init = jnp.eye(restart, restart + 1, dtype=r_normalised.dtype)

            def cond_fun(carry):
                _, _, breakdown, step = carry
                return (step < restart) & jnp.invert(breakdown)

            def body_fun(carry):
                basis, coeff_mat, breakdown, step = carry
                basis_new, coeff_mat_new, breakdown = _arnoldi_gram_schmidt(A, basis, coeff_mat, step, breakdown)
                return basis_new, coeff_mat_new, breakdown, step + 1

            init_carry = (basis_init, coeff_mat_init, initial_breakdown, 0)
            basis, coeff_mat, breakdown, steps = lax.while_loop(cond_fun, body_fun, init_carry)
            beta_vec = jnp.concatenate((r_norm[None].astype(coeff_mat.dtype), jnp.zeros_like(coeff_mat,
                                                                                             shape=(restart,))))
            z = _qr_solve(coeff_mat.T, beta_vec)
            diff = jnp.tensordot(basis[..., :-1], z, axes=1, precision=lax.Precision.HIGHEST)
            y_new = y + diff
            return y_new, diff, breakdown

        def first_gmres(y):
            return y, jnp.full_like(y, jnp.inf), False

        y_new, diff, breakdown = lax.cond(first_pass, first_gmres, main_gmres, y)
        r_new = b - A @ y_new
        return y_new, r_new, breakdown, diff

    def cond_fun(carry):
        y, r, _, deferred_breakdown, diff, _, step, stagnation_counter = carry
        # NOTE: we defer ending due to breakdown by one loop!
        out = jnp.invert(deferred_breakdown) & (stagnation_counter < stagnation_iters)
        out = out & not_converged(r, diff, y)
        out = out & (step < max_steps)
        # The first pass uses a dummy value for r0 in order to save on compiling an extra matvec.
        return out | (step == 0)

    def body_fun(carry):
        # `breakdown` -> `deferred_breakdown` and `deferred_breakdown` -> `_`
        y, r, deferred_breakdown, _, diff, r_min, step, stagnation_counter = carry
        y_new, r_new, breakdown, diff_new = gmres_compute(y, r, step == 0)
        r_new_norm = _two_norm(r_new)
        r_decreased = (r_new_norm - r_min) < 0
        stagnation_counter = jnp.where(r_decreased, 0, stagnation_counter + 1)
        r_min = jnp.minimum(r_new_norm, r_min)
        return y_new, r_new, breakdown, deferred_breakdown, diff_new, r_min, step + 1, stagnation_counter

    r0 = jnp.zeros_like(b)
    init_carry = (y0, r0, False, False, jnp.full_like(y0, jnp.inf), jnp.inf, 0, jnp.array(0))
    solution, residual, _, breakdown, diff, _, num_steps, stagnation_counter = lax.while_loop(
        cond_fun, body_fun, init_carry)
    # breakdown is only an issue if we broke down outside the tolerance of the solution.
    breakdown = breakdown & not_converged(residual, diff, solution)
    return solution, num_steps, breakdown


@program(twin=_gmres_twin, args=_nonsymmetric_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-3,
         source=LINEAX.format("gmres.py") + ", `GMRES.compute` and `_gmres_compute` (restarted GMRES: an outer "
         "while loop whose breakdown ends it one pass late and whose first pass is a lax.cond that only computes "
         "the residual; inside, an Arnoldi while loop of `restart` Gram-Schmidt steps that stops on breakdown, then "
         "a least-squares solve), a matrix instead of the operator, no preconditioner, lax.while_loop for "
         "equinox's, the first pass's unvmap_any left out, a QR solve for lineax's; the loops as nested Python "
         "whiles")
def lineax_gmres(A, b, rtol=1e-5, atol=1e-5, restart=3, stagnation_iters=20):
    size = b.size
    max_steps = 10 * size  # Copied from SciPy!
    restart = min(restart, size)
    y = jnp.zeros_like(b)
    b_scale = atol + rtol * jnp.abs(b)
    r = jnp.zeros_like(b)  # a dummy residual: the first pass only computes the real one
    breakdown = deferred_breakdown = False
    diff = jnp.full_like(y, jnp.inf)
    r_min = jnp.inf
    step = 0
    stagnation_counter = jnp.array(0)
    while True:
        # NOTE: we defer ending due to breakdown by one loop!
        if step > 0:
            if deferred_breakdown or stagnation_counter >= stagnation_iters or step >= max_steps:
                break
            y_scale = atol + rtol * jnp.abs(y)
            if _max_norm(r / b_scale) <= 1 and _max_norm(diff / y_scale) <= 1:
                break
        deferred_breakdown = breakdown
        if step == 0:
            diff, breakdown = jnp.full_like(y, jnp.inf), False
        else:
            r_normalised, r_norm, breakdown = _normalise(r, eps=None)
            basis = jnp.pad(r_normalised[..., None], ((0, 0),) * r_normalised.ndim + ((0, restart),))
            coeff_mat = jnp.eye(restart, restart + 1, dtype=r_normalised.dtype)
            k = 0
            while k < restart and not breakdown:
                basis, coeff_mat, breakdown = _arnoldi_gram_schmidt(A, basis, coeff_mat, k, breakdown)
                k += 1
            beta_vec = jnp.concatenate((r_norm[None].astype(coeff_mat.dtype), jnp.zeros_like(coeff_mat,
                                                                                             shape=(restart,))))
            z = _qr_solve(coeff_mat.T, beta_vec)
            diff = jnp.tensordot(basis[..., :-1], z, axes=1, precision=lax.Precision.HIGHEST)
            y = y + diff
        r = b - A @ y
        r_new_norm = _two_norm(r)
        if (r_new_norm - r_min) < 0:  # the minimum residual decreased
            stagnation_counter = jnp.array(0)
        else:
            stagnation_counter = stagnation_counter + 1
        r_min = jnp.minimum(r_new_norm, r_min)
        step += 1
    # breakdown is only an issue if we broke down outside the tolerance of the solution.
    y_scale = atol + rtol * jnp.abs(y)
    not_converged = (_max_norm(r / b_scale) > 1) | (_max_norm(diff / y_scale) > 1)
    return y, step, deferred_breakdown & not_converged


# --- f0uriest/quadax: Romberg integration, the interval map ------------------------------------------------------

def _integrand(x):
    return jnp.exp(-x**2) * jnp.cos(3 * x)


def _level_sum(vfunc, a, h, npts, batch_size, shape, dtype):
    """Sum the integrand over the new nodes of one refinement level (quadax's, its batches of one point)."""
    nbatch = (npts + batch_size - 1) // batch_size
    offs = jnp.arange(1, batch_size + 1)

    def bodyfun(j, s):
        i = j * batch_size + offs
        used = i <= npts
        x = a + h * (2 * i - 1)
        x = jnp.where(used, x, x[0])
        f = vfunc(x)
        mask = used.reshape((-1,) + (1,) * (f.ndim - 1))
        return s + jnp.sum(jnp.where(mask, f, 0), axis=0)

    return jax.lax.fori_loop(0, nbatch, bodyfun, jnp.zeros(shape, dtype)), nbatch


def _bounded_while_loop(condfun, bodyfun, init_val, bound):
    """While loop for bounded number of iterations, implemented using cond and scan (equinox's unvmap_any, a
    shortcut under vmap, as the predicate itself)."""

    def scanfun(state, *args):
        keep = condfun(state)

        def stepfun(state):
            return jax.lax.cond(keep, bodyfun, lambda x: x, state)

        return jax.lax.cond(keep, stepfun, lambda x: x, state), None

    return jax.lax.scan(scanfun, init_val, None, bound)[0]


def _romberg_twin(a, b, epsabs=1e-6, epsrel=1e-6, divmax=10):
    vfunc, batch_size, _norm = _integrand, 1, jnp.abs
    best = lambda res, k: res[k, k]  # noqa: E731 - Richardson's estimate is the diagonal
    result = jnp.zeros((divmax + 1, divmax + 1), jnp.float32)
    # The trapezoid rule at one interval.
    result = result.at[0, 0].set((b - a) / 2 * (vfunc(a) + vfunc(b)))
    neval = 2
    err = jnp.array(jnp.inf, jnp.float32)
    state = (result, 1, neval, err)

    def ncond(state):
        result, n, neval, err = state
        return (n < divmax + 1) & (err > jnp.maximum(epsabs, epsrel * _norm(best(result, n))))

    def nloop(state):
        # loop over outer number of subdivisions
        result, n, neval, err = state
        h = (b - a) / 2**n
        s, nbatch = _level_sum(vfunc, a, h, (2**n) // 2, batch_size, (), jnp.float32)
        result = result.at[n, 0].set(0.5 * result[n - 1, 0] + h * s)
        neval += nbatch * batch_size

        def mloop(m, result):
            # richardson extrapolation
            temp = 1 / (4.0**m - 1.0) * (result[n, m - 1] - result[n - 1, m - 1])
            result = result.at[n, m].set(result[n, m - 1] + temp)
            return result

        result = jax.lax.fori_loop(1, n + 1, mloop, result)
        err = _norm(best(result, n) - best(result, n - 1))
        return result, n + 1, neval, err

    result, n, neval, err = _bounded_while_loop(ncond, nloop, state, divmax + 1)
    y = best(result, n - 1)
    status = 2 * (err > jnp.maximum(epsabs, epsrel * _norm(y)))
    return y, err, neval, status


@program(twin=_romberg_twin, args=lambda: (jnp.float32(0.0), jnp.float32(2.0)), jvp=(0, 1), vmap=(None, 0),
         rtol=1e-4,
         source=QUADAX.format("romberg.py") + ", `_romberg_solve` and `_level_sum` with utils.py's "
         "`bounded_while_loop` (a scan of lax.conds until the Richardson diagonal converges; per level a fori_loop "
         "to 2**n // 2 over the new nodes and one to n + 1 extrapolating), a fixed integrand, batches of one "
         "point; the loops as a while holding two ranges with traced stops")
def quadax_romberg(a, b, epsabs=1e-6, epsrel=1e-6, divmax=10):
    result = jnp.zeros((divmax + 1, divmax + 1), jnp.float32)
    # The trapezoid rule at one interval.
    result = result.at[0, 0].set((b - a) / 2 * (_integrand(a) + _integrand(b)))
    neval = 2
    err = jnp.array(jnp.inf, jnp.float32)
    n = 1
    while n < divmax + 1 and err > jnp.maximum(epsabs, epsrel * jnp.abs(result[n, n])):
        h = (b - a) / 2**n
        s = jnp.zeros((), jnp.float32)
        for i in range(1, (2**n) // 2 + 1):  # the new nodes, at odd multiples of h above a
            s = s + _integrand(a + h * (2 * i - 1))
        result = result.at[n, 0].set(0.5 * result[n - 1, 0] + h * s)
        neval += (2**n) // 2
        for m in range(1, n + 1):
            # richardson extrapolation
            temp = 1 / (4.0**m - 1.0) * (result[n, m - 1] - result[n - 1, m - 1])
            result = result.at[n, m].set(result[n, m - 1] + temp)
        err = jnp.abs(result[n, n] - result[n - 1, n - 1])
        n += 1
    y = result[n - 1, n - 1]
    status = 2 * (err > jnp.maximum(epsabs, epsrel * jnp.abs(y)))
    return y, err, neval, status


def _map_identity(t, a, b):
    """For finite intervals no mapping is needed."""
    del a, b
    return t.squeeze(), jnp.ones_like(t).squeeze()


def _map_identity_inv(x, a, b):
    """Leave a point in [a, b] where it is."""
    del a, b
    return x.squeeze()


def _map_ninfinf(t, a, b):
    """Map a point t in [-1, 1] to x in [-inf, inf]."""
    x = jnp.tan(t * jnp.pi / 2)
    w = jnp.pi / 2 / jnp.cos(jnp.pi * t / 2) ** 2
    return x.squeeze(), w.squeeze()


def _map_ninfinf_inv(x, a, b):
    """Map a point x in [-inf, inf] to t in [-1, 1]."""
    t = jnp.arctan(x) / (jnp.pi / 2)
    return t.squeeze()


def _map_ainf(t, a, b):
    """Map a point t in [-1, 1] to x in [a, inf]."""
    x = a + (1 + t) / (1 - t)
    w = 2 / (1 - t) ** 2
    return x.squeeze(), w.squeeze()


def _map_ainf_inv(x, a, b):
    """Map a point x in [a, inf] to t in [-1, 1]."""
    t = (a - x + 1) / (a - x - 1)
    return t.squeeze()


def _map_ninfb(t, a, b):
    """Map a point t in [-1, 1] to x in [-inf, b]."""
    x = b - (1 - t) / (1 + t)
    w = 2 / (t + 1) ** 2
    return x.squeeze(), w.squeeze()


def _map_ninfb_inv(x, a, b):
    """Map a point x in [-inf, b] to t in [-1, 1]."""
    t = (x - b + 1) / (b - x + 1)
    return t.squeeze()


_MAPFUNS = [_map_identity, _map_ninfb, _map_ainf, _map_ninfinf]
_MAPFUNS_INV = [_map_identity_inv, _map_ninfb_inv, _map_ainf_inv, _map_ninfinf_inv]


def _map_interval_twin(interval, t):
    a, b = interval[0], interval[-1]
    sgn = jnp.where(a > b, -1, 1).astype(interval.dtype)
    a, b = jnp.minimum(a, b), jnp.maximum(a, b)
    # catch breakpoints that are outside the domain, replace with endpoints
    interval = jnp.where(interval < a, a, interval)
    interval = jnp.where(interval > b, b, interval)
    interval = jnp.sort(interval)
    # bit mask to select mapping case
    bitmask = jnp.isinf(a) + 2 * jnp.isinf(b)
    finite = jnp.where(jnp.isinf(a), jnp.where(jnp.isinf(b), 0.0, b), a)
    interval_finite = jnp.where(jnp.isinf(interval), finite, interval)
    interval_t = jax.lax.switch(bitmask, _MAPFUNS_INV, interval_finite, a, b)
    interval_t = jnp.where(interval == jnp.inf, 1, interval_t)
    interval_t = jnp.where(interval == -jnp.inf, -1, interval_t)
    # _MappedFunction.__call__
    x, w = jax.lax.switch(bitmask, _MAPFUNS, t, a, b)
    return interval_t, sgn * w * _integrand(x)


def _interval_args():
    return jnp.array([-jnp.inf, -0.5, 0.25, 2.0], jnp.float32), jnp.linspace(-0.9, 0.9, 7, dtype=jnp.float32)


@program(twin=_map_interval_twin, args=_interval_args, grad=(1,), loss=lambda out: jnp.sum(out[1]),
         vmap=(None, 0),
         source=QUADAX.format("utils.py") + ", `map_interval` and `_MappedFunction.__call__` (a bit mask of "
         "which limit is infinite picks, by lax.switch, the map of the breakpoints and of the integrand to [-1, 1]), "
         "a fixed integrand; the switches as if/elif chains")
def quadax_map_interval(interval, t):
    a, b = interval[0], interval[-1]
    sgn = jnp.where(a > b, -1, 1).astype(interval.dtype)
    a, b = jnp.minimum(a, b), jnp.maximum(a, b)
    # catch breakpoints that are outside the domain, replace with endpoints
    interval = jnp.where(interval < a, a, interval)
    interval = jnp.where(interval > b, b, interval)
    interval = jnp.sort(interval)
    # bit mask to select mapping case
    # 0 : both sides finite
    # 1 : a = -inf, b finite
    # 2 : a finite, b = inf
    # 3 : both infinite
    bitmask = jnp.isinf(a) + 2 * jnp.isinf(b)
    finite = jnp.where(jnp.isinf(a), jnp.where(jnp.isinf(b), 0.0, b), a)
    interval_finite = jnp.where(jnp.isinf(interval), finite, interval)
    if bitmask == 0:
        interval_t = _map_identity_inv(interval_finite, a, b)
        x, w = _map_identity(t, a, b)
    elif bitmask == 1:
        interval_t = _map_ninfb_inv(interval_finite, a, b)
        x, w = _map_ninfb(t, a, b)
    elif bitmask == 2:
        interval_t = _map_ainf_inv(interval_finite, a, b)
        x, w = _map_ainf(t, a, b)
    else:
        interval_t = _map_ninfinf_inv(interval_finite, a, b)
        x, w = _map_ninfinf(t, a, b)
    interval_t = jnp.where(interval == jnp.inf, 1, interval_t)
    interval_t = jnp.where(interval == -jnp.inf, -1, interval_t)
    return interval_t, sgn * w * _integrand(x)


# --- f0uriest/interpax: a cubic spline's derivatives under clamped or natural end conditions ---------------------

def _tridiagonal_solve(diag, lower_diag, upper_diag, b):
    # lineax's Tridiagonal solver, as lax's: the sub- and superdiagonal padded to the length of the diagonal
    dl = jnp.concatenate([jnp.zeros(1, diag.dtype), lower_diag])
    du = jnp.concatenate([upper_diag, jnp.zeros(1, diag.dtype)])
    return lax.linalg.tridiagonal_solve(dl, diag, du, b[:, None])[:, 0]


def _cubic2_setup(x, f):
    dx = jnp.diff(x)
    df = jnp.diff(f, axis=0)
    dxr = dx.reshape([dx.shape[0]] + [1] * (f.ndim - 1))
    dxi = jnp.where(dxr == 0, 0, 1 / jnp.where(dxr == 0, 1, dxr))
    df = dxi * df
    n = len(f)
    # Find derivative values at each x[i] by solving a tridiagonal system.
    diag = jnp.zeros(n, dtype=x.dtype)
    diag = diag.at[1:-1].set(2 * (dx[:-1] + dx[1:]))
    upper_diag = jnp.zeros(n - 1, dtype=x.dtype)
    upper_diag = upper_diag.at[1:].set(dx[:-1])
    lower_diag = jnp.zeros(n - 1, dtype=x.dtype)
    lower_diag = lower_diag.at[:-1].set(dx[1:])
    b = jnp.zeros((n,) + f.shape[1:], dtype=f.dtype)
    b = b.at[1:-1].set(3 * (dxr[1:] * df[:-1] + dxr[:-1] * df[1:]))
    return dx, diag, upper_diag, lower_diag, b


def _cubic2_finish(diag, lower_diag, upper_diag, b):
    # this is needed to avoid singular matrix when there are duplicate x coords
    mask = diag == 0
    diag = jnp.where(mask, 1, diag)
    lower_diag = jnp.where(mask[1:], 0, lower_diag)
    upper_diag = jnp.where(mask[:-1], 0, upper_diag)
    b = jnp.where(mask, 0, b.T).T
    return _tridiagonal_solve(diag, lower_diag, upper_diag, b)


def _cubic2_twin(x, f, start_order, start_value, end_order, end_value):
    bc_start, bc_end = (start_order, start_value), (end_order, end_value)
    dx, diag, upper_diag, lower_diag, b = _cubic2_setup(x, f)

    def bc_start0(diag, upper_diag, b):
        return diag, upper_diag, b

    def bc_start1(diag, upper_diag, b):
        diag = diag.at[0].set(1)
        upper_diag = upper_diag.at[0].set(0)
        b = b.at[0].set(bc_start[1])
        return diag, upper_diag, b

    def bc_start2(diag, upper_diag, b):
        diag = diag.at[0].set(2 * dx[0])
        upper_diag = upper_diag.at[0].set(dx[0])
        b = b.at[0].set(-0.5 * bc_start[1] * dx[0] ** 2 + 3 * (f[1] - f[0]))
        return diag, upper_diag, b

    diag, upper_diag, b = jax.lax.cond(bc_start[0] == 1, bc_start1, bc_start0, diag, upper_diag, b)
    diag, upper_diag, b = jax.lax.cond(bc_start[0] == 2, bc_start2, bc_start0, diag, upper_diag, b)

    def bc_end0(diag, lower_diag, b):
        return diag, lower_diag, b

    def bc_end1(diag, lower_diag, b):
        diag = diag.at[-1].set(1)
        lower_diag = lower_diag.at[-1].set(0)
        b = b.at[-1].set(bc_end[1])
        return diag, lower_diag, b

    def bc_end2(diag, lower_diag, b):
        diag = diag.at[-1].set(2 * dx[-1])
        lower_diag = lower_diag.at[-1].set(dx[-1])
        b = b.at[-1].set(0.5 * bc_end[1] * dx[-1] ** 2 + 3 * (f[-1] - f[-2]))
        return diag, lower_diag, b

    diag, lower_diag, b = jax.lax.cond(bc_end[0] == 1, bc_end1, bc_end0, diag, lower_diag, b)
    diag, lower_diag, b = jax.lax.cond(bc_end[0] == 2, bc_end2, bc_end0, diag, lower_diag, b)
    return _cubic2_finish(diag, lower_diag, upper_diag, b)


def _spline_args():
    x = jnp.array([0.0, 0.5, 1.3, 2.0, 3.1, 4.0], jnp.float32)
    return x, jnp.sin(x), jnp.int32(1), jnp.float32(0.3), jnp.int32(2), jnp.float32(-0.5)


@program(twin=_cubic2_twin, args=_spline_args, grad=(1, 3, 5), loss=jnp.sum, vmap=(None, 0, None, None, None, 0),
         rtol=1e-4,
         source=INTERPAX.format("_fd_derivs.py") + ", `_cubic2` (the knots' first derivatives from a tridiagonal "
         "system whose first and last rows lax.conds set for a first- or second-derivative end condition), "
         "each condition's order and value as arrays, lax's tridiagonal solve for lineax's; the conds as ifs")
def interpax_cubic_derivatives(x, f, start_order, start_value, end_order, end_value):
    bc_start, bc_end = (start_order, start_value), (end_order, end_value)
    dx, diag, upper_diag, lower_diag, b = _cubic2_setup(x, f)
    if bc_start[0] == 1:
        diag = diag.at[0].set(1)
        upper_diag = upper_diag.at[0].set(0)
        b = b.at[0].set(bc_start[1])
    if bc_start[0] == 2:
        diag = diag.at[0].set(2 * dx[0])
        upper_diag = upper_diag.at[0].set(dx[0])
        b = b.at[0].set(-0.5 * bc_start[1] * dx[0] ** 2 + 3 * (f[1] - f[0]))
    if bc_end[0] == 1:
        diag = diag.at[-1].set(1)
        lower_diag = lower_diag.at[-1].set(0)
        b = b.at[-1].set(bc_end[1])
    if bc_end[0] == 2:
        diag = diag.at[-1].set(2 * dx[-1])
        lower_diag = lower_diag.at[-1].set(dx[-1])
        b = b.at[-1].set(0.5 * bc_end[1] * dx[-1] ** 2 + 3 * (f[-1] - f[-2]))
    return _cubic2_finish(diag, lower_diag, upper_diag, b)


# --- f0uriest/interpax: a periodic piecewise polynomial's definite integral --------------------------------------

def _antiderivative(x):
    # the antiderivative of a piecewise polynomial on [0, 2] (PPoly.antiderivative(1)), here a fixed cubic
    return x**3 / 3 - x**2 + 0.5 * x


def _periodic_integral_twin(a, b, xs=0.0, xe=2.0):
    integral = _antiderivative
    # Swap integration bounds if needed
    sign = 1 - 2 * (b < a)
    a, b = jnp.sort(jnp.array([a, b]))
    period = xe - xs
    interval = b - a
    n_periods, left = jnp.divmod(interval, period)

    def truefun1():
        return (integral(xe) - integral(xs)) * n_periods

    def falsefun1():
        return jnp.array(0.0)

    out = jax.lax.cond(n_periods > 0, truefun1, falsefun1)

    # Map a to [xs, xe], b is always a + left.
    a = xs + (a - xs) % period
    b = a + left

    # If b <= xe then we need to integrate over [a, b], otherwise
    # over [a, xe] and from xs to what is remained.
    def truefun2(out):
        return out + (integral(b) - integral(a))

    def falsefun2(out):
        out += integral(xe) - integral(a)
        out += integral(xs + left + a - xe) - integral(xs)
        return out

    out = jax.lax.cond(b <= xe, truefun2, falsefun2, out)
    return sign * out


@program(twin=_periodic_integral_twin, args=lambda: (jnp.float32(5.3), jnp.float32(-1.2)), grad=(0, 1),
         vmap=(0, 0),
         source=INTERPAX.format("_ppoly.py") + ", `PPoly.integrate` with extrapolate='periodic' (a lax.cond adding "
         "the whole periods, then one on whether the remainder wraps past the end of the period), a fixed "
         "antiderivative for the polynomial's; the conds as if/else")
def interpax_periodic_integral(a, b, xs=0.0, xe=2.0):
    integral = _antiderivative
    # Swap integration bounds if needed
    sign = 1 - 2 * (b < a)
    a, b = jnp.sort(jnp.array([a, b]))
    # Split the integral into the part over period (can be several of them) and the remaining part.
    period = xe - xs
    interval = b - a
    n_periods, left = jnp.divmod(interval, period)
    if n_periods > 0:
        out = (integral(xe) - integral(xs)) * n_periods
    else:
        out = jnp.array(0.0)
    # Map a to [xs, xe], b is always a + left.
    a = xs + (a - xs) % period
    b = a + left
    # If b <= xe then we need to integrate over [a, b], otherwise over [a, xe] and from xs to what is remained.
    if b <= xe:
        out = out + (integral(b) - integral(a))
    else:
        out += integral(xe) - integral(a)
        out += integral(xs + left + a - xe) - integral(xs)
    return sign * out


# --- danielward27/flowjax: bisection searches that invert an increasing function ---------------------------------

class _WhileResult(NamedTuple):
    state: tuple
    steps: jax.Array
    reached_max_steps: jax.Array


def _max_steps_while_loop(cond_fun, body_fun, init_val, *, max_steps):
    """While loop with max steps, returning ``WhileResult`` (flowjax's, its equinox.error_if left out)."""

    def cond_fn_max_steps(state):
        return jnp.logical_and(cond_fun(state[0]), state[1] < max_steps)

    def body_fn_with_iter(state):
        return body_fun(state[0]), state[1] + 1

    state, steps = lax.while_loop(cond_fn_max_steps, body_fn_with_iter, (init_val, jnp.array(0)))
    return _WhileResult(state, steps, steps == max_steps)


class _BisectionState(NamedTuple):
    lower: jax.Array
    upper: jax.Array


class _AdaptIntervalState(NamedTuple):
    lower: jax.Array
    upper: jax.Array
    expand_by: jax.Array
    fn_lower: jax.Array
    fn_upper: jax.Array


def _handle_exact_root(state):
    either_zero = jnp.logical_or(state.fn_lower == 0, state.fn_upper == 0)
    maybe_root = jnp.where(state.fn_lower == 0, state.lower, state.upper)
    return _AdaptIntervalState(
        lower=jnp.where(either_zero, maybe_root, state.lower),
        upper=jnp.where(either_zero, maybe_root, state.upper),
        expand_by=state.expand_by,
        fn_lower=jnp.where(either_zero, 0, state.fn_lower),
        fn_upper=jnp.where(either_zero, 0, state.fn_upper),
    )


def _adapt_interval_to_include_root(fn, lower, upper, *, expand_factor=2, max_steps=1000):
    fn_lower, fn_upper = fn(lower), fn(upper)

    def cond_fn(state):
        signs_match = jnp.sign(state.fn_lower) == jnp.sign(state.fn_upper)
        not_zero = jnp.logical_and(state.fn_lower != 0, state.fn_upper != 0)
        return jnp.logical_and(signs_match, not_zero)

    def body_fn(state):
        is_positive = state.fn_lower > 0  # Note we know the signs match from cond_fn
        lower = jnp.where(is_positive, state.lower - state.expand_by, state.upper)
        upper = jnp.where(is_positive, state.lower, state.upper + state.expand_by)
        eval_at = jnp.where(is_positive, lower, upper)
        f_eval = fn(eval_at)
        fn_lower = jnp.where(is_positive, f_eval, state.fn_upper)
        fn_upper = jnp.where(is_positive, state.fn_lower, f_eval)
        return _AdaptIntervalState(lower=lower, upper=upper, expand_by=state.expand_by * expand_factor,
                                   fn_lower=fn_lower, fn_upper=fn_upper)

    init_state = _AdaptIntervalState(lower=lower, upper=upper, expand_by=upper - lower, fn_lower=fn_lower,
                                     fn_upper=fn_upper)
    init_state = _handle_exact_root(init_state)
    result = _max_steps_while_loop(cond_fn, body_fn, init_state, max_steps=max_steps)
    return result._replace(state=_handle_exact_root(result.state))


def _bisection_search_twin(func, lower, upper, *, atol=1e-5, max_steps=1000):
    adapt_result = _adapt_interval_to_include_root(func, lower=jnp.asarray(lower, float),
                                                   upper=jnp.asarray(upper, float), max_steps=max_steps)

    def cond_fn(state):
        return ~jnp.isclose((state.upper - state.lower) / 2, 0, atol=atol)

    def body_fn(state):
        midpoint = (state.lower + state.upper) / 2
        f_midpoint = func(midpoint)
        lower = jnp.where(f_midpoint > 0, state.lower, midpoint)
        upper = jnp.where(f_midpoint > 0, midpoint, state.upper)
        lower = jnp.where(f_midpoint == 0, midpoint, lower)
        upper = jnp.where(f_midpoint == 0, midpoint, upper)
        return _BisectionState(lower, upper)

    init_state = _BisectionState(adapt_result.state.lower, adapt_result.state.upper)
    bisect_result = _max_steps_while_loop(cond_fn, body_fn, init_state, max_steps=max_steps)
    root = (bisect_result.state.lower + bisect_result.state.upper) / 2
    return root, (adapt_result, bisect_result)


def _increasing(c):
    return lambda x: x**3 + 2 * x - c


def _bisection_twin(c, lower, upper):
    root, (adapt_result, bisect_result) = _bisection_search_twin(_increasing(c), lower, upper)
    return root, adapt_result.steps, bisect_result.steps


def _bisection_plain(func, lower, upper, *, atol=1e-5, max_steps=1000, expand_factor=2):
    """flowjax's bisection_search with _adapt_interval_to_include_root inlined, its while loops as Python's."""
    lower, upper = jnp.asarray(lower, float), jnp.asarray(upper, float)
    # Adjust the interval to include the root of an increasing function.
    state = _handle_exact_root(_AdaptIntervalState(lower=lower, upper=upper, expand_by=upper - lower,
                                                   fn_lower=func(lower), fn_upper=func(upper)))
    adapt_steps = 0
    while jnp.sign(state.fn_lower) == jnp.sign(state.fn_upper) and state.fn_lower != 0 and state.fn_upper != 0:
        if adapt_steps >= max_steps:
            break
        is_positive = state.fn_lower > 0  # Note we know the signs match from the loop's condition
        lower = jnp.where(is_positive, state.lower - state.expand_by, state.upper)
        upper = jnp.where(is_positive, state.lower, state.upper + state.expand_by)
        eval_at = jnp.where(is_positive, lower, upper)
        f_eval = func(eval_at)
        fn_lower = jnp.where(is_positive, f_eval, state.fn_upper)
        fn_upper = jnp.where(is_positive, state.fn_lower, f_eval)
        state = _AdaptIntervalState(lower=lower, upper=upper, expand_by=state.expand_by * expand_factor,
                                    fn_lower=fn_lower, fn_upper=fn_upper)
        adapt_steps += 1
    state = _handle_exact_root(state)
    lower, upper = state.lower, state.upper
    bisect_steps = 0
    while not jnp.isclose((upper - lower) / 2, 0, atol=atol) and bisect_steps < max_steps:
        midpoint = (lower + upper) / 2
        f_midpoint = func(midpoint)
        lower, upper = jnp.where(f_midpoint > 0, lower, midpoint), jnp.where(f_midpoint > 0, midpoint, upper)
        lower = jnp.where(f_midpoint == 0, midpoint, lower)
        upper = jnp.where(f_midpoint == 0, midpoint, upper)
        bisect_steps += 1
    return (lower + upper) / 2, adapt_steps, bisect_steps


@program(twin=_bisection_twin, args=lambda: (jnp.float32(30.0), jnp.float32(0.0), jnp.float32(1.0)),
         jvp=(0,), vmap=(0, None, None),
         source=FLOWJAX.format("root_finding.py") + ", `bisection_search` with `_adapt_interval_to_include_root` "
         "and `max_steps_while_loop` (a while loop that doubles the step outward until the interval brackets "
         "the root, then a bisection while loop until the half-width is within atol), for x**3 + 2x - c; the "
         "loops as Python whiles, the step limit as a break")
def flowjax_bisection_search(c, lower, upper):
    return _bisection_plain(_increasing(c), lower, upper)


class _BisectCheckExpandSearchState(NamedTuple):
    midpoint: jax.Array
    width: jax.Array
    confidence: jax.Array
    last_fn_sign: jax.Array
    f_midpoint: jax.Array


def _autoregressive(y):
    # increasing in x[i], and depending on the earlier elements only
    return lambda x: x**3 + x + 0.5 * (jnp.cumsum(x) - x) - y


def _check_expand_twin(y, midpoint, width=2.0, *, atol=1e-5, max_steps=5000):
    fn = _autoregressive(y)
    max_width = 10 * width
    midpoint, width = jnp.broadcast_arrays(jnp.asarray(midpoint, float), jnp.asarray(width, float))
    f_midpoint = fn(midpoint)
    init_state = _BisectCheckExpandSearchState(
        midpoint=midpoint - 0.5 * jnp.sign(f_midpoint) * width,
        width=width,
        confidence=jnp.ones_like(width),
        last_fn_sign=jnp.sign(f_midpoint),
        f_midpoint=jnp.full_like(midpoint, jnp.inf),
    )

    def cond_fn(state):
        return ~jnp.isclose(jnp.mean(jnp.abs(state.f_midpoint)), 0, rtol=0, atol=atol)

    def body_fn(state):
        f_midpoint = fn(state.midpoint)
        signs_changed = jnp.sign(f_midpoint) != state.last_fn_sign
        confidence = jnp.where(signs_changed, 1, state.confidence / 2)

        scale = 2 ** (1 - jnp.minimum(4 * confidence, 2))  # .5, .5, 1, ~1.4 ...  2
        width = jnp.minimum(scale * state.width, max_width)
        midpoint = state.midpoint - jnp.sign(f_midpoint) * width

        return _BisectCheckExpandSearchState(midpoint=midpoint, width=width, last_fn_sign=jnp.sign(f_midpoint),
                                             confidence=confidence, f_midpoint=f_midpoint)

    result = _max_steps_while_loop(cond_fn, body_fn, init_state, max_steps=max_steps)
    return result.state.midpoint, result.steps


@program(twin=_check_expand_twin, args=lambda: (jnp.array([0.5, -1.0, 3.0, 0.2]), jnp.zeros(4)),
         jvp=(0,), vmap=(0, None),
         source=FLOWJAX.format("root_finding.py") + ", `bisect_check_expand_search` (a while loop that moves every "
         "element's midpoint against its sign, halving the width while the sign keeps changing and widening it "
         "while it does not, until the mean |f| is within atol), for an autoregressive cubic; the loop a `for` "
         "over range(max_steps) with a break")
def flowjax_check_expand_search(y, midpoint, width=2.0, *, atol=1e-5, max_steps=5000):
    fn = _autoregressive(y)
    max_width = 10 * width
    midpoint, width = jnp.broadcast_arrays(jnp.asarray(midpoint, float), jnp.asarray(width, float))
    f_midpoint = fn(midpoint)
    midpoint = midpoint - 0.5 * jnp.sign(f_midpoint) * width
    confidence = jnp.ones_like(width)
    last_fn_sign = jnp.sign(f_midpoint)
    f_midpoint = jnp.full_like(midpoint, jnp.inf)
    steps = 0
    for _ in range(max_steps):
        if jnp.isclose(jnp.mean(jnp.abs(f_midpoint)), 0, rtol=0, atol=atol):
            break
        f_midpoint = fn(midpoint)
        signs_changed = jnp.sign(f_midpoint) != last_fn_sign
        confidence = jnp.where(signs_changed, 1, confidence / 2)
        scale = 2 ** (1 - jnp.minimum(4 * confidence, 2))  # .5, .5, 1, ~1.4 ...  2
        width = jnp.minimum(scale * width, max_width)
        midpoint = midpoint - jnp.sign(f_midpoint) * width
        last_fn_sign = jnp.sign(f_midpoint)
        steps += 1
    return midpoint, steps


def _elementwise_bisection_twin(y, lower, upper, *, atol=1e-5, max_steps=1000):
    fn = _autoregressive(y)
    lower, upper = jnp.broadcast_arrays(lower, upper)

    def scan_fn(init, xs):
        y, idx = init
        lower, upper = xs

        def scalar_fn(x):
            x = y.at[idx].set(x)
            return fn(x)[idx]

        root, aux = _bisection_search_twin(scalar_fn, atol=atol, lower=lower, upper=upper, max_steps=max_steps)
        return (y.at[idx].set(root), idx + 1), (aux[0].steps, aux[1].steps)

    init = ((upper + lower) / 2, 0)
    (root, _), aux = lax.scan(scan_fn, init=init, xs=(lower, upper), length=len(lower))
    return root, aux


@program(twin=_elementwise_bisection_twin,
         args=lambda: (jnp.array([0.5, -1.0, 3.0, 0.2, 12.0]), jnp.full(5, -1.0), jnp.full(5, 1.0)),
         jvp=(0,), vmap=(0, None, None),
         source=FLOWJAX.format("root_finding.py") + ", `elementwise_autoregressive_bisection` (a scan over the "
         "elements, each a bisection_search, its two while loops, on the function of that element with the "
         "earlier ones fixed at their roots), for an autoregressive cubic; the scan as a `for` over the elements "
         "whose steps two lists collect")
def flowjax_autoregressive_bisection(y, lower, upper, *, atol=1e-5, max_steps=1000):
    fn = _autoregressive(y)
    lower, upper = jnp.broadcast_arrays(lower, upper)
    root = (upper + lower) / 2
    adapt_steps, bisect_steps = [], []
    for idx in range(len(lower)):
        def scalar_fn(x):
            return fn(root.at[idx].set(x))[idx]

        x, adapt, bisect = _bisection_plain(scalar_fn, lower[idx], upper[idx], atol=atol, max_steps=max_steps)
        root = root.at[idx].set(x)
        adapt_steps.append(adapt)
        bisect_steps.append(bisect)
    return root, (jnp.stack(adapt_steps), jnp.stack(bisect_steps))


# --- RobertTLange/evosax: differential evolution's ask, the noisy BBOB noise models ------------------------------

def _de_ask_twin(key, population, fitness, generation_counter, differential_weight_min, differential_weight_max,
                 differential_weight=0.8, crossover_rate=0.9, elitism=False, num_diff=1):
    population_size, num_dims = population.shape
    keys = jax.random.split(key, population_size)
    dither_key = jax.random.fold_in(key, population_size)
    member_ids = jnp.arange(population_size)
    best_index = jnp.argmin(fitness)

    def sample_differential_weight(key):
        return jax.random.uniform(jax.random.fold_in(key, generation_counter), (),
                                  minval=differential_weight_min, maxval=differential_weight_max)

    differential_weight = jax.lax.cond(differential_weight_min < differential_weight_max,
                                       sample_differential_weight, lambda _: differential_weight, dither_key)

    def _ask_member(key, member_id):
        x = population[member_id]

        key_a, key_R, key_r, key_ab = jax.random.split(key, 4)
        p = jnp.ones(population_size).at[member_id].set(0.0)

        # Base vector
        a_index = jax.random.choice(key_a, population_size, p=p)

        # Elitism
        a_index = jnp.where(elitism, best_index, a_index)
        a = population[a_index]

        # Crossover dimensions mask
        R = jax.random.choice(key_R, num_dims)
        R = jax.nn.one_hot(R, num_dims)

        r = jax.random.uniform(key_r, (num_dims,))

        mask = jnp.logical_or(r < crossover_rate, R)

        # Diff vectors
        p = p.at[a_index].set(0.0)
        for _ in range(num_diff):
            key_ab, subkey = jax.random.split(key_ab)
            b, c = jax.random.choice(subkey, population, (2,), replace=False, p=p)

            a = jnp.where(mask, a + differential_weight * (b - c), x)

        return a

    return jax.vmap(_ask_member)(keys, member_ids)


def _de_args():
    population = jnp.sin(jnp.arange(18.0).reshape(6, 3))
    return (jax.random.key(7), population, jnp.sum(population**2, axis=1), jnp.int32(4), jnp.float32(0.5),
            jnp.float32(1.0))


@program(twin=_de_ask_twin, args=_de_args, grad=(1,), loss=jnp.sum, vmap=(None, 0, 0, None, None, None),
         source=EVOSAX.format("algorithms/population_based/differential_evolution.py") + ", `_ask` (a lax.cond "
         "that dithers the differential weight when its range is not empty, then per member, vmapped, a base "
         "vector, a crossover mask and num_diff difference vectors), the parameters as arguments; the cond as "
         "an if, the vmap as a loop over the members appending to a list")
def evosax_de_ask(key, population, fitness, generation_counter, differential_weight_min, differential_weight_max,
                  differential_weight=0.8, crossover_rate=0.9, elitism=False, num_diff=1):
    population_size, num_dims = population.shape
    keys = jax.random.split(key, population_size)
    dither_key = jax.random.fold_in(key, population_size)
    best_index = jnp.argmin(fitness)
    if differential_weight_min < differential_weight_max:
        differential_weight = jax.random.uniform(jax.random.fold_in(dither_key, generation_counter), (),
                                                 minval=differential_weight_min, maxval=differential_weight_max)
    members = []
    for member_id in range(population_size):
        x = population[member_id]
        key_a, key_R, key_r, key_ab = jax.random.split(keys[member_id], 4)
        p = jnp.ones(population_size).at[member_id].set(0.0)
        # Base vector
        a_index = jax.random.choice(key_a, population_size, p=p)
        # Elitism
        a_index = jnp.where(elitism, best_index, a_index)
        a = population[a_index]
        # Crossover dimensions mask
        R = jax.random.choice(key_R, num_dims)
        R = jax.nn.one_hot(R, num_dims)
        r = jax.random.uniform(key_r, (num_dims,))
        mask = jnp.logical_or(r < crossover_rate, R)
        # Diff vectors
        p = p.at[a_index].set(0.0)
        for _ in range(num_diff):
            key_ab, subkey = jax.random.split(key_ab)
            b, c = jax.random.choice(subkey, population, (2,), replace=False, p=p)
            a = jnp.where(mask, a + differential_weight * (b - c), x)
        members.append(a)
    return jnp.stack(members)


class _NoiseParams(NamedTuple):
    noise_id: jax.Array
    gaussian_beta: jax.Array
    uniform_alpha: jax.Array
    uniform_beta: jax.Array
    cauchy_alpha: jax.Array
    cauchy_p: jax.Array
    additive_std: jax.Array


def _noiseless_noise(key, fn_val, noise_params):
    """Apply noiseless noise."""
    return fn_val


def _gaussian_noise(key, fn_val, noise_params):
    """Apply Gaussian noise ([1], Eq. 1)."""
    return fn_val * jnp.exp(noise_params.gaussian_beta * jax.random.normal(key, shape=fn_val.shape))


def _uniform_noise(key, fn_val, noise_params):
    """Apply uniform noise ([1], Eq. 2)."""
    key_1, key_2 = jax.random.split(key)
    f_1 = jnp.power(jax.random.uniform(key_1, shape=fn_val.shape), noise_params.uniform_beta)
    f_2 = jnp.power(1e9 / (fn_val + 1e-8),
                    noise_params.uniform_alpha * jax.random.uniform(key_2, shape=fn_val.shape))
    return fn_val * f_1 * jnp.maximum(1.0, f_2)


def _cauchy_noise(key, fn_val, noise_params):
    """Apply Cauchy noise ([1], Eq. 3)."""
    key_1, key_2, key_3 = jax.random.split(key, 3)
    indicator = jax.random.uniform(key_1, shape=fn_val.shape) < noise_params.cauchy_p
    cauchy = jax.random.normal(key_2, shape=fn_val.shape) / (
        jnp.abs(jax.random.uniform(key_3, shape=fn_val.shape)) + 1e-8)
    return fn_val + noise_params.cauchy_alpha * jnp.maximum(0.0, 1000.0 + indicator * cauchy)


def _additive_noise(key, fn_val, noise_params):
    """Apply additive noise."""
    return fn_val + noise_params.additive_std * jax.random.normal(key, shape=fn_val.shape)


def _stabilize(fn_val, fn_noise, target_fn_val=1e-08):
    """Return undisturbed function value if f is smaller than target value ([1], Eq. 4)."""
    return jnp.where(fn_val < target_fn_val, fn_val, fn_noise + 1.01 * target_fn_val)


_NOISE_MODELS = [_noiseless_noise, _gaussian_noise, _uniform_noise, _cauchy_noise, _additive_noise]


def _noise_twin(key, fn_val, noise_params, use_stabilization=True):
    fn_noise = jax.lax.switch(noise_params.noise_id, _NOISE_MODELS, key, fn_val, noise_params)
    if use_stabilization:
        fn_noise = _stabilize(fn_val, fn_noise)
    return fn_noise


def _noise_args():
    params = _NoiseParams(jnp.int32(2), jnp.float32(0.3), jnp.float32(0.05), jnp.float32(0.4),
                          jnp.float32(0.2), jnp.float32(0.1), jnp.float32(0.05))
    return jax.random.key(11), jnp.array([3.0, 0.5, 1e-9, 12.0], jnp.float32), params


@program(twin=_noise_twin, args=_noise_args, grad=(1,), loss=jnp.sum,
         source=EVOSAX.format("problems/bbob/bbob_noise.py") + ", `NoiseModel.apply` (a lax.switch on the sampled "
         "noise id between the noiseless, Gaussian, uniform, Cauchy and additive models, then the stabilisation "
         "near the optimum), the parameters a NamedTuple; the switch as an if/elif chain of returns")
def evosax_bbob_noise(key, fn_val, noise_params, use_stabilization=True):
    noise_id = noise_params.noise_id
    if noise_id == 0:
        fn_noise = _noiseless_noise(key, fn_val, noise_params)
    elif noise_id == 1:
        fn_noise = _gaussian_noise(key, fn_val, noise_params)
    elif noise_id == 2:
        fn_noise = _uniform_noise(key, fn_val, noise_params)
    elif noise_id == 3:
        fn_noise = _cauchy_noise(key, fn_val, noise_params)
    else:
        fn_noise = _additive_noise(key, fn_val, noise_params)
    if use_stabilization:
        return _stabilize(fn_val, fn_noise)
    return fn_noise


# --- google-deepmind/dm_pix: a random flip -----------------------------------------------------------------------

def _flip_left_right(image, *, channel_axis=-1):
    """Flips an image along the horizontal axis (dm_pix's, for ...HWC)."""
    return jnp.flip(image, axis=-2)


def _random_flip_twin(key, image, probability=0.5):
    should_transform = jax.random.bernoulli(key=key, p=probability)
    return jax.lax.cond(should_transform, _flip_left_right, lambda x: x, image)


@program(twin=_random_flip_twin, args=lambda: (jax.random.key(1), jnp.arange(24.0).reshape(2, 4, 3)), grad=(1,),
         loss=lambda out: jnp.sum(out[0, :, 0] * jnp.arange(4.0)), vmap=(None, 0),
         source=DM_PIX + ", `random_flip_left_right` (a lax.cond on a Bernoulli draw between the flipped image "
         "and the image), an image with channels last; the cond as an if that returns early")
def dm_pix_random_flip(key, image, probability=0.5):
    if jax.random.bernoulli(key=key, p=probability):
        return _flip_left_right(image)
    return image


# --- google/neural-tangents: a repeated layer, the mask of a masked input ----------------------------------------

def _dense_relu_apply(params, inputs, W_std=1.5, b_std=0.1, channel_axis=-1):
    """stax.serial(stax.Dense(8, W_std, b_std), stax.Relu())'s apply_fn: Dense's in the 'ntk' parameterization."""
    W, b = params
    prod = jnp.moveaxis(jnp.tensordot(W, inputs, (0, channel_axis)), 0, channel_axis)
    norm = W_std / inputs.shape[channel_axis]**0.5
    outputs = norm * prod
    if b is not None:
        outputs += b_std * b
    return jax.nn.relu(outputs)


def _repeat_twin(Ws, bs, inputs):
    params, n = (Ws, bs), Ws.shape[0]

    def apply_fn_scan(x, params):
        return _dense_relu_apply(params, x), None

    outputs, _ = lax.scan(apply_fn_scan, inputs, params, n)
    return outputs


def _repeat_args():
    k1, k2, k3 = jax.random.split(jax.random.key(13), 3)
    return jax.random.normal(k1, (5, 8, 8)), jax.random.normal(k2, (5, 8)), jax.random.normal(k3, (3, 8))


@program(twin=_repeat_twin, args=_repeat_args, grad=(0, 1, 2), loss=jnp.sum, vmap=(None, None, 0), rtol=1e-4,
         source=NEURAL_TANGENTS.format("stax/combinators.py") + ", `repeat`'s `apply_fn_repeat` (a lax.scan "
         "applying the layer once per row of the stacked parameters, the compiled form of serial(*([layer] * n))), "
         "the layer Dense + Relu as stax/linear.py's Dense.apply_fn; the scan as a loop over the parameters' rows")
def neural_tangents_repeat(Ws, bs, inputs):
    x = inputs
    for W, b in zip(Ws, bs):
        x = _dense_relu_apply((W, b), x)
    return x


def _mask(x, mask_mat):
    if x is None or mask_mat is None:
        return x
    return jnp.where(mask_mat, jnp.zeros((), x.dtype), x)


def _masked_array_twin(x, mask_constant):
    mask_mat = lax.cond(jnp.isnan(mask_constant), jnp.isnan, lambda x: x == mask_constant, x)
    x = _mask(x, mask_mat)
    return x, mask_mat


def _masked_args():
    return jnp.array([[1.0, -3.0, 2.5], [-3.0, 0.5, jnp.nan], [4.0, -3.0, -3.0]], jnp.float32), jnp.float32(-3.0)


@program(twin=_masked_array_twin, args=_masked_args, grad=(0,), loss=lambda out: jnp.nansum(out[0] * 1.5),
         vmap=(0, None),
         source=NEURAL_TANGENTS.format("stax/requirements.py") + ", `_get_masked_array` (a lax.cond on whether "
         "the mask constant is NaN: NaN entries or entries equal to it are masked and zeroed by utils.mask), "
         "the constant an array; the cond as an if")
def neural_tangents_masked_array(x, mask_constant):
    if jnp.isnan(mask_constant):
        mask_mat = jnp.isnan(x)
    else:
        mask_mat = x == mask_constant
    x = _mask(x, mask_mat)
    return x, mask_mat


# --- google-deepmind/mujoco (mjx): the constraint solver's line search -------------------------------------------

_MJMINVAL = 1e-15  # mujoco.mjMINVAL


def _mjx_norm(x):
    """math.norm: a linalg.norm(x) that's safe for gradients at x=0."""
    is_zero = jnp.allclose(x, 0.0)
    x = jnp.where(is_zero, jnp.ones_like(x), x)
    n = jnp.linalg.norm(x)
    return jnp.where(is_zero, 0.0, n)


class _LSPoint(NamedTuple):
    alpha: jax.Array
    cost: jax.Array
    deriv_0: jax.Array
    deriv_1: jax.Array


def _ls_point(alpha, Jaref, jv, quad, quad_gauss, ne_nf=0):
    """_LSPoint.create for a pyramidal cone without friction loss: the cost and its derivatives at alpha."""
    cost, deriv_0, deriv_1 = 0.0, 0.0, 0.0
    quad_total = quad_gauss
    x = Jaref + alpha * jv
    active = (x < 0).at[:ne_nf].set(True)
    quad = jax.vmap(jnp.multiply)(quad, active)  # only active
    quad_total += jnp.sum(quad, axis=0)
    alpha_sq = alpha * alpha
    cost += alpha_sq * quad_total[2] + alpha * quad_total[1] + quad_total[0]
    deriv_0 += 2 * alpha * quad_total[2] + quad_total[1]
    deriv_1 += 2 * quad_total[2] + (quad_total[2] == 0) * _MJMINVAL
    return _LSPoint(alpha=alpha, cost=cost, deriv_0=deriv_0, deriv_1=deriv_1)


class _LSContext(NamedTuple):
    lo: _LSPoint
    hi: _LSPoint
    swap: jax.Array
    ls_iter: jax.Array


def _while_loop_scan(cond_fun, body_fun, init_val, max_iter):
    """Scan-based implementation (jit ok, reverse-mode autodiff ok)."""

    def _iter(val):
        next_val = body_fun(val)
        next_cond = cond_fun(next_val)
        return next_val, next_cond

    def _fun(tup, it):
        val, cond = tup
        # When cond is met, we start doing no-ops.
        return jax.lax.cond(cond, _iter, lambda x: (x, False), val), it

    init = (init_val, cond_fun(init_val))
    return jax.lax.scan(_fun, init, None, length=max_iter)[0][0]


def _ls_setup(M, efc_J, efc_D, qfrc_smooth, qacc, Jaref, search, gauss, meaninertia, tolerance, ls_tolerance):
    nv = M.shape[0]
    Ma = M @ qacc
    smag = _mjx_norm(search) * meaninertia * max(1, nv)
    gtol = tolerance * ls_tolerance * smag
    # compute Mv, Jv
    mv = M @ search
    jv = efc_J @ search
    # prepare quadratics
    quad_gauss = jnp.stack((gauss, jnp.dot(search, Ma) - jnp.dot(search, qfrc_smooth), 0.5 * jnp.dot(search, mv)))
    quad = jnp.stack((0.5 * Jaref * Jaref, jv * Jaref, 0.5 * jv * jv))
    quad = (quad * efc_D).T
    return Ma, gtol, mv, jv, quad, quad_gauss


def _ls_finish(p0, lo, hi, qacc, Ma, Jaref, search, mv, jv):
    # move to new solution if improved
    improved = (lo.cost < p0.cost) | (hi.cost < p0.cost)
    alpha = jnp.where(lo.cost < hi.cost, lo.alpha, hi.alpha)
    qacc = qacc + improved * search * alpha
    ma = Ma + improved * mv * alpha
    jaref = Jaref + improved * jv * alpha
    return qacc, ma, jaref


def _in_bracket(x, y):
    return (x < y) & (y < 0) | (x > y) & (y > 0)


def _linesearch_twin(M, efc_J, efc_D, qfrc_smooth, qacc, Jaref, search, gauss, meaninertia=1.0, tolerance=1e-8,
                     ls_tolerance=0.01, ls_iterations=50):
    Ma, gtol, mv, jv, quad, quad_gauss = _ls_setup(M, efc_J, efc_D, qfrc_smooth, qacc, Jaref, search, gauss,
                                                   meaninertia, tolerance, ls_tolerance)
    point_fn = lambda a: _ls_point(a, Jaref, jv, quad, quad_gauss)  # noqa: E731 - as the source writes it

    def cond(ctx):
        done = ctx.ls_iter >= ls_iterations
        done |= ~ctx.swap  # if we did not adjust the interval
        done |= (ctx.lo.deriv_0 < 0) & (ctx.lo.deriv_0 > -gtol)
        done |= (ctx.hi.deriv_0 > 0) & (ctx.hi.deriv_0 < gtol)
        return ~done

    def body(ctx):
        # always compute new bracket boundaries and a midpoint
        lo, hi = ctx.lo, ctx.hi
        lo_next = point_fn(lo.alpha - lo.deriv_0 / lo.deriv_1)
        hi_next = point_fn(hi.alpha - hi.deriv_0 / hi.deriv_1)
        mid = point_fn(0.5 * (lo.alpha + hi.alpha))

        # swap lo/hi if the derivative points to a narrower bracket width
        in_bracket = _in_bracket
        swap_lo_next = in_bracket(lo.deriv_0, lo_next.deriv_0)
        lo = jax.tree_util.tree_map(lambda x, y: jnp.where(swap_lo_next, y, x), lo, lo_next)
        swap_lo_mid = in_bracket(lo.deriv_0, mid.deriv_0)
        lo = jax.tree_util.tree_map(lambda x, y: jnp.where(swap_lo_mid, y, x), lo, mid)
        swap_lo_hi_next = in_bracket(lo.deriv_0, hi_next.deriv_0)
        lo = jax.tree_util.tree_map(lambda x, y: jnp.where(swap_lo_hi_next, y, x), lo, hi_next)
        swap_hi_next = in_bracket(hi.deriv_0, hi_next.deriv_0)
        hi = jax.tree_util.tree_map(lambda x, y: jnp.where(swap_hi_next, y, x), hi, hi_next)
        swap_hi_mid = in_bracket(hi.deriv_0, mid.deriv_0)
        hi = jax.tree_util.tree_map(lambda x, y: jnp.where(swap_hi_mid, y, x), hi, mid)
        swap_hi_lo_next = in_bracket(hi.deriv_0, lo_next.deriv_0)
        hi = jax.tree_util.tree_map(lambda x, y: jnp.where(swap_hi_lo_next, y, x), hi, lo_next)
        swap = swap_lo_next | swap_lo_mid | swap_lo_hi_next
        swap = swap | swap_hi_next | swap_hi_mid | swap_hi_lo_next
        return ctx._replace(lo=lo, hi=hi, swap=swap, ls_iter=ctx.ls_iter + 1)

    # initialize interval
    p0 = point_fn(jnp.array(0.0))
    lo = point_fn(p0.alpha - p0.deriv_0 / p0.deriv_1)
    lesser_fn = lambda x, y: jnp.where(lo.deriv_0 < p0.deriv_0, x, y)  # noqa: E731
    hi = jax.tree_util.tree_map(lesser_fn, p0, lo)
    lo = jax.tree_util.tree_map(lesser_fn, lo, p0)
    ls_ctx = _LSContext(lo=lo, hi=hi, swap=jnp.array(True), ls_iter=0)
    ls_ctx = _while_loop_scan(cond, body, ls_ctx, ls_iterations)
    return _ls_finish(p0, ls_ctx.lo, ls_ctx.hi, qacc, Ma, Jaref, search, mv, jv)


def _linesearch_args():
    k1, k2, k3, k4 = jax.random.split(jax.random.key(17), 4)
    m = jax.random.normal(k1, (3, 3))
    M = m @ m.T + jnp.eye(3)
    efc_J = jax.random.normal(k2, (5, 3))
    efc_D = jnp.array([2.0, 0.5, 1.0, 3.0, 1.5])
    qacc = jnp.array([0.2, -0.1, 0.4])
    aref = jax.random.normal(k3, (5,))
    qfrc_smooth = jax.random.normal(k4, (3,))
    Jaref = efc_J @ qacc - aref
    search = jnp.linalg.solve(M, qfrc_smooth) - qacc  # a descent direction for the Gauss term
    return M, efc_J, efc_D, qfrc_smooth, qacc, Jaref, search, jnp.float32(0.3)


@program(twin=_linesearch_twin, args=_linesearch_args, grad=(1, 2, 3),
         loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[2]), vmap=(None, None, 0, 0, None, None, None, None), rtol=1e-4,
         source=MJX + ", `_linesearch` for a pyramidal cone without friction loss and `_while_loop_scan` (Newton "
         "steps from both ends of a bracket and its midpoint, each a candidate that replaces lo or hi where its "
         "derivative narrows the bracket; a scan of lax.conds until no end moves or a derivative is within gtol), "
         "arrays instead of the model and data; the loop a `for` over range(ls_iterations) with a break, "
         "each tree_map of jnp.where over a _LSPoint as an if that replaces it")
def mjx_linesearch(M, efc_J, efc_D, qfrc_smooth, qacc, Jaref, search, gauss, meaninertia=1.0, tolerance=1e-8,
                   ls_tolerance=0.01, ls_iterations=50):
    Ma, gtol, mv, jv, quad, quad_gauss = _ls_setup(M, efc_J, efc_D, qfrc_smooth, qacc, Jaref, search, gauss,
                                                   meaninertia, tolerance, ls_tolerance)

    def point_fn(a):
        return _ls_point(a, Jaref, jv, quad, quad_gauss)

    # initialize interval
    p0 = point_fn(jnp.array(0.0))
    lo = point_fn(p0.alpha - p0.deriv_0 / p0.deriv_1)
    if lo.deriv_0 >= p0.deriv_0:
        lo, hi = p0, lo
    else:
        hi = p0
    swap, ls_iter = True, 0
    for _ in range(ls_iterations):
        if (ls_iter >= ls_iterations or not swap  # if we did not adjust the interval
                or (lo.deriv_0 < 0 and lo.deriv_0 > -gtol) or (hi.deriv_0 > 0 and hi.deriv_0 < gtol)):
            break
        # always compute new bracket boundaries and a midpoint
        lo_next = point_fn(lo.alpha - lo.deriv_0 / lo.deriv_1)
        hi_next = point_fn(hi.alpha - hi.deriv_0 / hi.deriv_1)
        mid = point_fn(0.5 * (lo.alpha + hi.alpha))
        # swap lo/hi if the derivative points to a narrower bracket width
        swap = False
        if _in_bracket(lo.deriv_0, lo_next.deriv_0):
            lo, swap = lo_next, True
        if _in_bracket(lo.deriv_0, mid.deriv_0):
            lo, swap = mid, True
        if _in_bracket(lo.deriv_0, hi_next.deriv_0):
            lo, swap = hi_next, True
        if _in_bracket(hi.deriv_0, hi_next.deriv_0):
            hi, swap = hi_next, True
        if _in_bracket(hi.deriv_0, mid.deriv_0):
            hi, swap = mid, True
        if _in_bracket(hi.deriv_0, lo_next.deriv_0):
            hi, swap = lo_next, True
        ls_iter += 1
    return _ls_finish(p0, lo, hi, qacc, Ma, Jaref, search, mv, jv)


# --- google-deepmind/jraph: rounds of graph convolution, a fully connected batch of graphs -----------------------

class _GraphsTuple(NamedTuple):
    """jraph's GraphsTuple (graph.py), its fields in jraph's order."""

    nodes: jax.Array
    edges: jax.Array
    receivers: jax.Array
    senders: jax.Array
    globals: jax.Array
    n_node: jax.Array
    n_edge: jax.Array


def _segment_sum(data, segment_ids, num_segments=None):
    return jax.ops.segment_sum(data, segment_ids, num_segments)


def _graph_convolution(update_node_fn, aggregate_nodes_fn=_segment_sum, add_self_edges=False,
                       symmetric_normalization=True):
    """Returns a method that applies a Graph Convolution layer (jraph's GraphConvolution)."""

    def _ApplyGCN(graph):
        """Applies a Graph Convolution layer."""
        nodes, _, receivers, senders, _, _, _ = graph
        # First pass nodes through the node updater.
        nodes = update_node_fn(nodes)
        # Equivalent to jnp.sum(n_node), but jittable
        total_num_nodes = jax.tree.leaves(nodes)[0].shape[0]
        if add_self_edges:
            # We add self edges to the senders and receivers so that each node
            # includes itself in aggregation.
            conv_receivers = jnp.concatenate((receivers, jnp.arange(total_num_nodes)), axis=0)
            conv_senders = jnp.concatenate((senders, jnp.arange(total_num_nodes)), axis=0)
        else:
            conv_senders = senders
            conv_receivers = receivers

        if symmetric_normalization:
            # Calculate the normalization values.
            count_edges = lambda x: _segment_sum(jnp.ones_like(conv_senders), x, total_num_nodes)  # noqa: E731
            sender_degree = count_edges(conv_senders)
            receiver_degree = count_edges(conv_receivers)
            # Pre normalize by sqrt sender degree.
            # Avoid dividing by 0 by taking maximum of (degree, 1).
            nodes = jax.tree.map(lambda x: x * jax.lax.rsqrt(jnp.maximum(sender_degree, 1.0))[:, None], nodes)
            # Aggregate the pre normalized nodes.
            nodes = jax.tree.map(lambda x: aggregate_nodes_fn(x[conv_senders], conv_receivers, total_num_nodes),
                                 nodes)
            # Post normalize by sqrt receiver degree.
            # Avoid dividing by 0 by taking maximum of (degree, 1).
            nodes = jax.tree.map(lambda x: (x * jax.lax.rsqrt(jnp.maximum(receiver_degree, 1.0))[:, None]), nodes)
        else:
            nodes = jax.tree.map(lambda x: aggregate_nodes_fn(x[conv_senders], conv_receivers, total_num_nodes),
                                 nodes)
        return graph._replace(nodes=nodes)

    return _ApplyGCN


def _gcn_graph(nodes, senders, receivers):
    return _GraphsTuple(nodes=nodes, edges=None, receivers=receivers, senders=senders, globals=None,
                        n_node=jnp.array([nodes.shape[0]]), n_edge=jnp.array([senders.shape[0]]))


def _gcn_twin(nodes, W, senders, receivers, num_message_passing_steps):
    gn = _graph_convolution(lambda n: jnp.tanh(n @ W), add_self_edges=True)
    graph = _gcn_graph(nodes, senders, receivers)
    return lax.fori_loop(0, num_message_passing_steps, lambda _, graph: gn(graph), graph)


def _gcn_args():
    k1, k2 = jax.random.split(jax.random.key(19))
    senders = jnp.array([0, 1, 1, 2, 3, 4, 4, 5], jnp.int32)
    receivers = jnp.array([1, 0, 2, 3, 2, 5, 0, 4], jnp.int32)
    return (jax.random.normal(k1, (6, 4)), 0.8 * jax.random.normal(k2, (4, 4)), senders, receivers,
            jnp.int32(3))


@program(twin=_gcn_twin, args=_gcn_args, jvp=(0, 1), vmap=(0, None, None, None, None), rtol=1e-4,
         source=JRAPH.format("models.py") + ", `GraphConvolution` (self edges, symmetric normalisation) repeated "
         "as GraphNetwork's docstring writes message passing (`for _ in range(num_message_passing_steps): graph = "
         "gn(graph)`), the number of steps an array; the graph a NamedTuple holding None edges and globals, the "
         "twin a fori_loop")
def jraph_gcn_message_passing(nodes, W, senders, receivers, num_message_passing_steps):
    gn = _graph_convolution(lambda n: jnp.tanh(n @ W), add_self_edges=True)
    graph = _gcn_graph(nodes, senders, receivers)
    # Conduct multiple rounds of message passing with the same parameters:
    for _ in range(num_message_passing_steps):
        graph = gn(graph)
    return graph


def _fully_connected_twin(node_features, n_node_per_graph=3, n_graph=4, global_features=None, add_self_edges=False):
    tmp_senders, tmp_receivers = jnp.meshgrid(jnp.arange(n_node_per_graph), jnp.arange(n_node_per_graph))
    if not add_self_edges:
        tmp_senders = jax.vmap(jnp.roll)(tmp_senders, -jnp.arange(len(tmp_senders)))[:, 1:]
        tmp_receivers = tmp_receivers[:, 1:]
    # Flatten the senders and receivers.
    tmp_senders = tmp_senders.flatten()
    tmp_receivers = tmp_receivers.flatten()

    def body(_, graph_idx):
        offset = graph_idx * n_node_per_graph
        return None, (tmp_senders + offset, tmp_receivers + offset)

    _, (senders, receivers) = lax.scan(body, None, jnp.arange(n_graph))
    return _GraphsTuple(nodes=node_features, edges=None, n_node=jnp.array([n_node_per_graph] * n_graph),
                        n_edge=jnp.full(n_graph, len(tmp_senders)), senders=senders.reshape(-1),
                        receivers=receivers.reshape(-1), globals=global_features)


@program(twin=_fully_connected_twin, args=lambda: (jnp.arange(24.0).reshape(12, 2),), grad=(0,),
         loss=lambda out: jnp.sum(out.nodes), vmap=(0,),
         source=JRAPH.format("utils.py") + ", `get_fully_connected_graph` (a Python loop over the graphs appending "
         "each one's offset senders and receivers and its edge count to lists, then `if n_edge` and "
         "`if indices_list` on those lists; written as it is, jax.tree_leaves as jax.tree.leaves), the twin a scan")
def jraph_fully_connected_graph(node_features, n_node_per_graph=3, n_graph=4, global_features=None,
                                add_self_edges=False):
    if node_features is not None:
        num_node_features = jax.tree.leaves(node_features)[0].shape[0]
        if n_node_per_graph * n_graph != num_node_features:
            raise ValueError('Number of nodes is not equal to num_nodes_per_graph * n_graph.')
    if global_features is not None:
        if n_graph != jax.tree.leaves(global_features)[0].shape[0]:
            raise ValueError('The number of globals is not equal to n_graph.')
    senders = []
    receivers = []
    n_edge = []
    tmp_senders, tmp_receivers = jnp.meshgrid(jnp.arange(n_node_per_graph), jnp.arange(n_node_per_graph))
    if not add_self_edges:
        tmp_senders = jax.vmap(jnp.roll)(tmp_senders, -jnp.arange(len(tmp_senders)))[:, 1:]
        tmp_receivers = tmp_receivers[:, 1:]
    # Flatten the senders and receivers.
    tmp_senders = tmp_senders.flatten()
    tmp_receivers = tmp_receivers.flatten()
    for graph_idx in range(n_graph):
        offset = graph_idx * n_node_per_graph
        senders.append(tmp_senders + offset)
        receivers.append(tmp_receivers + offset)
        n_edge.append(len(tmp_senders))

    def _concat_or_empty_indices(indices_list):
        if indices_list:
            return jnp.concatenate(indices_list, axis=0)
        else:
            return jnp.array([], dtype=tmp_senders.dtype)

    return _GraphsTuple(
        nodes=node_features,
        edges=None,
        n_node=jnp.array([n_node_per_graph] * n_graph),
        n_edge=jnp.array(n_edge) if n_edge else jnp.array([0]),
        senders=_concat_or_empty_indices(senders),
        receivers=_concat_or_empty_indices(receivers),
        globals=global_features,
    )
