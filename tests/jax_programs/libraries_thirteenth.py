"""A thirteenth set of programs, from a JAX repository the corpus did not cite before: TORAX (tokamak core transport:
the solvers' fixed-point iterations, ``fvm/jax_fixed_point.py``'s Steffensen ``lax.while_loop`` and its fixed-count
``lax.fori_loop``, ``solver/jax_fixed_point.py``'s Picard iteration over a pytree with a residual tolerance and with a
backtracking line search (``solver/linesearch.py``, a ``lax.while_loop`` inside the ``fori_loop``); the Newton-Raphson
root finder of ``fvm/jax_root_finding.py``, a ``lax.while_loop`` whose body runs a step-halving ``lax.while_loop``,
with its nested ``lax.cond`` error flag; ``solver/backtracking.py``'s step
halving with a ``lax.cond`` in the loop test; ``solver/anderson.py``'s safeguarded Anderson step, two ``lax.cond``s, one
in a method named ``update``; the adaptive time step, ``orchestration/whilei_loop.py``'s ``custom_jvp`` while loop
driven by ``orchestration/adaptive_step.py``'s nested ``lax.cond`` test; the simulation loop of
``orchestration/fast_run_loop.py`` through ``xnp.while_loop`` and the chi time-step calculator; and the
predictor-corrector of ``solver/predictor_corrector_method.py``).

The twin is the library's own ``lax`` code. ``plain`` is that loop as Python: ``lax.fori_loop(lo, hi, body, init)`` as
``for i in range(lo, hi): val = body(i, val)``, ``lax.while_loop(cond, body, init)`` as ``while cond(val): val =
body(val)``, ``lax.cond`` as ``if``/``else`` (TORAX's own ``xnp.py`` writes these Python forms: ``py_fori_loop``,
``py_while``, ``py_cond``, which ``xnp.while_loop`` runs when compilation is off). Where the library's function holds
the loop, a ``loop=`` switch (not library code) selects the library's ``lax`` call or its Python form, the rest of the
function being shared.

TORAX (google-deepmind/torax, Apache-2.0) is 940 MB, over the snapshot limit, so its files were read from the stored
index one by one; each program names the commit of the file it was read at. Adapted only in calling convention:
``jax_utils.get_dtype`` / ``get_int_dtype`` are float32 / int32 (x64 off), ``jax_utils.enable_errors`` a null context,
``chex.assert_type`` a dtype check (chex is not installed), ``jaxtyping`` annotations dropped, ``jax_utils.jit``
decorators off; runtime parameters, geometry, transport and the PDE solve (TORAX's config, geometry and fvm objects)
are small NamedTuples and functions marked as not library code, and the residuals and fixed-point maps solved are
textbook ones (Kepler's equation, a cubic with a tridiagonal coupling, an implicit Euler step), also marked.
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_twelfth``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from jax_programs.programs import program

TORAX = "google-deepmind/torax@{} (Apache-2.0) torax/_src/{}"
FVM_FIXED_POINT = TORAX.format("fa3a498f79bbb88e035702fa3d8c53ef1077a782", "fvm/jax_fixed_point.py")
SOLVER_FIXED_POINT = TORAX.format("24ac29eacfca076119c2082a1911240d70cd9130", "solver/jax_fixed_point.py")
LINESEARCH = "solver/linesearch.py at 179199e678d543d4fbfbebbc39a0277a794966ef"
ROOT_FINDING = TORAX.format("0f206de2a8dfcd0f51f8a47ded84be0b40cee3b3", "fvm/jax_root_finding.py")
BACKTRACKING = TORAX.format("e2f61398a95c17b747842eab8f5f3598cd305724", "solver/backtracking.py")
ANDERSON = TORAX.format("0df9e91f3075b6451a1760e00ad3fe19f0ddc761", "solver/anderson.py")
WHILEI = TORAX.format("1e93d3bdf58617eed57e6e36ab7b01b0710d8edf", "orchestration/whilei_loop.py")
ADAPTIVE = "orchestration/adaptive_step.py at 1793d8e3d9cc36df535905624dda18123253ba67"
RUN_LOOP = TORAX.format("91d3e45533713482a7fe28be3645d11021bcde64", "orchestration/fast_run_loop.py")
XNP = "xnp.py at 03b5ac674836b11fa20b50d8c1f31a12e1dfd38e"
TIME_STEP = ("time_step_calculator/time_step_calculator.py and chi_time_step_calculator.py at "
             "041cdc4822bdf16fe15ef28ede2f6af0326b11fa")
PREDICTOR_CORRECTOR = TORAX.format("09c533580f496ebba29663d1691addaab68fc7c7", "solver/predictor_corrector_method.py")


def get_dtype():  # jax_utils.get_dtype with x64 off
    return jnp.float32


def get_int_dtype():  # jax_utils.get_int_dtype with x64 off
    return jnp.int32


# --- fvm/jax_fixed_point.py `fixed_point` -----------------------------------------------------------------------------

def fvm_fixed_point(func, x0, args=(), xtol=1e-08, maxiter=500, method='del2', loop="lax"):
    # fvm/jax_fixed_point.py; loop="python": the while_loop / fori_loop as Python loops
    if method not in ['del2', 'iteration']:
        raise ValueError(f'Invalid method: {method}')
    if maxiter <= 0:
        raise ValueError(f'Invalid maxiter: {maxiter} must be positive.')

    def body(x):
        x, count, _ = x
        out1 = func(x, *args)
        if method == 'del2':
            out2 = func(out1, *args)
            d = out2 - 2.0 * out1 + x
            out3 = x - (out1 - x) ** 2 / d
            out = jax.lax.select(d != 0, out3, out2)
        else:
            out = out1

        if xtol:
            relative_error = (out - x) / x
            relerr = jax.lax.select(x != 0, relative_error, out)
            stop = jnp.all(jnp.abs(relerr) < xtol)
        else:
            stop = jnp.array(False, dtype=jnp.bool_)
        count += 1
        return out, count, stop

    def cond(x):
        _, count, stop = x
        return jnp.logical_not(stop) & (count < maxiter)

    count = jnp.array(0, dtype=get_int_dtype())
    stop = jnp.array(False, dtype=jnp.bool_)
    x_init = (x0, count, stop)

    if xtol is None:
        if loop == "lax":
            return jax.lax.fori_loop(0, maxiter, lambda i, val: body(val), x_init)[0]
        val = x_init
        for i in range(0, maxiter):
            val = body(val)
        return val[0]
    else:
        if loop == "lax":
            return jax.lax.while_loop(cond, body, x_init)[0]
        val = x_init
        while cond(val):
            val = body(val)
        return val[0]


def _kepler(e_anomaly, mean_anomaly, eccentricity):
    # Not library code: Kepler's equation E = M + e sin E as a fixed point (Danby, Fundamentals of Celestial
    # Mechanics, 6.6)
    return mean_anomaly + eccentricity * jnp.sin(e_anomaly)


def _kepler_args():
    return jnp.array([0.3, 1.0, 2.0, 2.8]), jnp.float32(0.6)


@program(twin=lambda m, e: fvm_fixed_point(_kepler, m, (m, e), xtol=1e-6, maxiter=50),
         args=_kepler_args, jvp=(0, 1), vmap=(0, None), rtol=1e-4,
         source=FVM_FIXED_POINT + ", `fixed_point` with method='del2' (Steffensen's method with Aitken's del^2, "
         "lax.select guarding d != 0) and xtol=1e-6: lax.while_loop(cond, body, (x0, count, stop)) until the "
         "relative change is below xtol or count reaches maxiter=50, on Kepler's equation; the while_loop as a "
         "Python while")
def torax_fixed_point_del2(m, e):
    return fvm_fixed_point(_kepler, m, (m, e), xtol=1e-6, maxiter=50, loop="python")


@program(twin=lambda m, e: fvm_fixed_point(_kepler, m, (m, e), xtol=None, maxiter=30, method='iteration'),
         args=_kepler_args, grad=(0, 1), loss=jnp.sum, vmap=(0, None), rtol=1e-4,
         source=FVM_FIXED_POINT + ", `fixed_point` with method='iteration' and xtol=None: lax.fori_loop(0, "
         "maxiter, lambda i, val: body(val), x_init), the carry (x, count, stop) with an int32 counter and a bool "
         "never read (`if xtol:` false), 30 iterations of Kepler's equation; the fori_loop as a Python for")
def torax_fixed_point_fori(m, e):
    return fvm_fixed_point(_kepler, m, (m, e), xtol=None, maxiter=30, method='iteration', loop="python")


# --- solver/linesearch.py `backtracking_linesearch`, solver/jax_fixed_point.py `fixed_point` --------------------------

@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class LinesearchState:  # solver/linesearch.py (jaxtyping annotations dropped)
    iteration: Any
    step_size: Any
    next_step_size: Any
    x: Any
    residual: Any
    residual_norm: Any
    step_found: Any
    done: Any


def backtracking_linesearch(residual_fn, x_init, direction, accept_fn, norm_fn, initial_residual,
                            initial_residual_norm, delta_reduction_factor, max_steps, min_step_norm=0.0, loop="lax"):
    # solver/linesearch.py; loop="python": the while_loop as a Python while
    init_step_size = 1.0
    init_state = LinesearchState(
        iteration=jnp.array(0, dtype=jnp.int32),
        step_size=jnp.array(
            init_step_size,
            dtype=x_init.dtype if hasattr(x_init, "dtype") else jnp.float32,
        ),
        next_step_size=jnp.array(
            init_step_size,
            dtype=x_init.dtype if hasattr(x_init, "dtype") else jnp.float32,
        ),
        x=x_init,
        residual=initial_residual,
        residual_norm=initial_residual_norm,
        step_found=jnp.array(False),
        done=jnp.array(False),
    )

    def cond_fun(state):
        return jnp.logical_not(state.done)

    def body_fun(state):
        new_iter = state.iteration + 1
        step_size = state.next_step_size

        new_x = jax.tree.map(lambda a, b: a + step_size * b, x_init, direction)
        new_res = residual_fn(new_x)
        new_norm = norm_fn(new_res)

        new_step_found = accept_fn(step_size, new_norm)
        is_max_iter = new_iter >= max_steps

        # Check if step is too small.
        max_abs_dir = jnp.max(
            jnp.array(
                [jnp.max(jnp.abs(leaf)) for leaf in jax.tree.leaves(direction)]
            )
        )
        step_too_small = (step_size * max_abs_dir) <= min_step_norm

        new_done = new_step_found | is_max_iter | step_too_small
        next_step_size = step_size * delta_reduction_factor

        return LinesearchState(
            iteration=new_iter,
            step_size=step_size,
            next_step_size=next_step_size,
            x=new_x,
            residual=new_res,
            residual_norm=new_norm,
            step_found=new_step_found,
            done=new_done,
        )

    if loop == "lax":
        return jax.lax.while_loop(cond_fun, body_fun, init_state)
    state = init_state
    while not state.done:
        state = body_fun(state)
    return state


def solver_fixed_point(func, x0, args=(), maxiter=500, atol=1e-8, rtol=1e-6, termination_criterion='tolerance',
                       use_backtracking=False, sufficient_decrease=0.5, step_size_reduction_factor=0.5,
                       max_backtrack_steps=50, loop="lax"):
    # solver/jax_fixed_point.py; loop="python": the fori_loop / while_loop (and the line search's) as Python loops
    if maxiter <= 0:
        raise ValueError(f'Invalid maxiter: {maxiter} must be positive.')
    if termination_criterion not in ['max_iterations', 'tolerance']:
        raise ValueError(
            f'Invalid termination criterion: {termination_criterion} must be'
            ' "max_iterations" or "tolerance".'
        )

    def residual_fn(f_x, x):
        """Computes the residual R(x) = f(x) - x."""
        return jax.tree.map(lambda a, b: a - b, f_x, x)

    def sq_norm_fn(x):
        """Computes the squared L2 norm of a PyTree."""
        return sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(x))

    def body(carry):
        x, _, count = carry
        f_x = func(x, *args)
        residual = residual_fn(f_x, x)
        residual_sq_norm = sq_norm_fn(residual)

        if use_backtracking:
            residual_norm = jnp.sqrt(residual_sq_norm)

            def armijo_condition(step_size, trial_norm):
                return (
                    trial_norm <= (1 - sufficient_decrease * step_size) * residual_norm
                )

            ls_state = backtracking_linesearch(
                residual_fn=lambda x: residual_fn(func(x, *args), x),
                x_init=x,
                direction=residual,
                accept_fn=armijo_condition,
                norm_fn=lambda residual: jnp.sqrt(sq_norm_fn(residual)),
                initial_residual=residual,
                initial_residual_norm=residual_norm,
                delta_reduction_factor=step_size_reduction_factor,
                max_steps=max_backtrack_steps,
                loop=loop,
            )
            x = ls_state.x
            f_x = func(x, *args)
            residual = residual_fn(f_x, x)
            residual_sq_norm = sq_norm_fn(residual)

        count += 1
        return f_x, residual_sq_norm, count

    if termination_criterion == 'max_iterations':
        count = jnp.array(0, dtype=get_int_dtype())
        initial_sq_norm = jnp.array(jnp.inf, dtype=get_dtype())
        initial_carry = (x0, initial_sq_norm, count)
        if loop == "lax":
            x_final, _, _ = jax.lax.fori_loop(
                0, maxiter, lambda i, val: body(val), initial_carry
            )
        else:
            val = initial_carry
            for i in range(0, maxiter):
                val = body(val)
            x_final, _, _ = val
        return x_final

    else:
        f_x0 = func(x0, *args)
        initial_sq_norm = sq_norm_fn(residual_fn(f_x0, x0))
        initial_residual_norm = jnp.sqrt(initial_sq_norm)
        tol = atol + rtol * initial_residual_norm
        sq_tol = tol**2

        def cond(carry):
            _, sq_norm, count = carry
            is_converged = sq_norm <= sq_tol
            return (count < maxiter) & jnp.logical_not(is_converged)

        # Initial count starts at 1 since we do one evaluation of `func` in the
        # initialization above.
        initial_count = jnp.array(1, dtype=get_int_dtype())
        initial_carry = (f_x0, initial_sq_norm, initial_count)
        if loop == "lax":
            x_final, _, _ = jax.lax.while_loop(cond, body, initial_carry)
        else:
            val = initial_carry
            while cond(val):
                val = body(val)
            x_final, _, _ = val
        return x_final


def _two_temperatures(x, source):
    # Not library code: a contracting map on a pytree of electron and ion temperature profiles coupled by
    # equipartition (a stand-in for TORAX's Picard update of the evolving CellVariables)
    exchange = 0.3 * jnp.tanh(x['ti'] - x['te'])
    return {'te': 0.5 * jnp.cos(x['te']) + source + exchange, 'ti': 0.4 * jnp.sin(x['ti']) + 0.5 * source - exchange}


def _picard_args():
    x0 = {'te': jnp.array([1.0, 0.8, 0.5]), 'ti': jnp.array([0.9, 0.7, 0.4])}
    return x0, jnp.array([0.6, 0.4, 0.2])


@program(twin=lambda x0, s: solver_fixed_point(_two_temperatures, x0, (s,), maxiter=60, atol=1e-6, rtol=1e-5),
         args=_picard_args, jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=SOLVER_FIXED_POINT + ", `fixed_point` with termination_criterion='tolerance' (Picard iteration on a "
         "dict pytree: the tolerance atol + rtol * |R(x0)| from one evaluation before the loop, lax.while_loop("
         "cond, body, (f_x0, sq_norm, count from 1)), the squared norm a Python sum over the tree's leaves); the "
         "while_loop as a Python while")
def torax_picard_tolerance(x0, s):
    return solver_fixed_point(_two_temperatures, x0, (s,), maxiter=60, atol=1e-6, rtol=1e-5, loop="python")


def _overshooting_map(x, a):
    # Not library code: g(x) = a - x**3 / 3, whose plain Picard step overshoots where |g'(x)| > 1, so the
    # Armijo line search has to shorten it
    return a - x ** 3 / 3.0


@program(twin=lambda x0, a: solver_fixed_point(_overshooting_map, x0, (a,), maxiter=8,
                                               termination_criterion='max_iterations', use_backtracking=True),
         args=lambda: (jnp.array([1.5, 0.2, -1.2]), jnp.array([1.0, 0.5, -0.8])), jvp=(0, 1), vmap=(None, 0),
         rtol=1e-4,
         source=SOLVER_FIXED_POINT + ", `fixed_point` with termination_criterion='max_iterations' and "
         "use_backtracking=True (damped Picard, 8 steps of lax.fori_loop(0, maxiter, lambda i, val: body(val), "
         "...), each step choosing its damping by " + LINESEARCH + " `backtracking_linesearch`, a lax.while_loop "
         "on a frozen dataclass LinesearchState until done, with the Armijo accept_fn); the fori_loop as a "
         "Python for, the line search's while_loop as `while not state.done`")
def torax_picard_backtracking(x0, a):
    return solver_fixed_point(_overshooting_map, x0, (a,), maxiter=8, termination_criterion='max_iterations',
                              use_backtracking=True, loop="python")


# --- fvm/jax_root_finding.py `root_newton_raphson` --------------------------------------------------------------------

MIN_DELTA = 1e-7


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class RootMetadata:  # fvm/jax_root_finding.py
    iterations: jax.Array
    residual: jax.Array
    last_tau: jax.Array
    error: jax.Array


def enable_errors(flag):
    # Not library code: jax_utils.enable_errors (TORAX's error_if switch), a null context here
    del flag
    return contextlib.nullcontext()


def _residual_scalar(x):
    return jnp.mean(jnp.abs(x))


def _error_cond(residual, coarse_tol, tol, loop="lax"):
    # fvm/jax_root_finding.py; loop="python": the nested lax.conds as if/else
    if loop == "lax":
        return jax.lax.cond(
            _residual_scalar(residual) < tol,
            lambda: 0,  # Called when True
            lambda: jax.lax.cond(  # Called when False
                _residual_scalar(residual) < coarse_tol,
                lambda: 2,  # Called when True
                lambda: 1,  # Called when False
            ),
        )
    if _residual_scalar(residual) < tol:
        return 0
    else:
        if _residual_scalar(residual) < coarse_tol:
            return 2
        else:
            return 1


def _cond(state, tau_min, maxiter, tol):
    """Check if exit condition reached for Newton-Raphson iterations."""
    iteration = state['iterations'][...]
    return jnp.bool_(
        jnp.logical_and(
            jnp.logical_and(
                _residual_scalar(state['residual']) > tol, iteration < maxiter
            ),
            state['last_tau'] > tau_min,
        )
    )


def _delta_cond(delta_state, residual_fun):
    """Check if delta obtained from Newton step is valid."""
    x_old = delta_state['x']
    x_new = x_old + delta_state['delta']
    residual_vec_x_old = delta_state['residual_old']
    residual_scalar_x_old = _residual_scalar(residual_vec_x_old)
    with enable_errors(False):
        residual_vec_x_new = residual_fun(x_new)
        residual_scalar_x_new = _residual_scalar(residual_vec_x_new)
        delta_state['residual_new'] = residual_vec_x_new
    return jnp.bool_(
        jnp.logical_and(
            jnp.max(delta_state['delta']) > MIN_DELTA,
            jnp.logical_or(
                residual_scalar_x_old < residual_scalar_x_new,
                jnp.isnan(residual_scalar_x_new),
            ),
        ),
    )


def _delta_body(input_delta_state, delta_reduction_factor):
    """Reduces step size for this Newton iteration."""
    return input_delta_state | dict(
        delta=input_delta_state['delta'] * delta_reduction_factor,
        tau=jnp.array(input_delta_state['tau'][...], dtype=get_dtype())
        * delta_reduction_factor,
    )


def _compute_output_delta_state(initial_state, residual_fun, delta_reduction_factor, loop="lax"):
    """Updates output delta state."""
    delta_body_fun = functools.partial(
        _delta_body,
        delta_reduction_factor=delta_reduction_factor,
    )
    delta_cond_fun = functools.partial(
        _delta_cond,
        residual_fun=residual_fun,
    )
    if loop == "lax":
        output_delta_state = jax.lax.while_loop(
            delta_cond_fun, delta_body_fun, initial_state
        )
    else:
        output_delta_state = initial_state
        while delta_cond_fun(output_delta_state):
            output_delta_state = delta_body_fun(output_delta_state)

    x_new = output_delta_state['x'] + output_delta_state['delta']
    residual_vec_x_new = residual_fun(x_new)
    output_delta_state |= dict(
        residual_new=residual_vec_x_new,
    )
    return output_delta_state


def _body(input_state, jacobian_fun, residual_fun, log_iterations, delta_reduction_factor, loop="lax"):
    """Calculates next guess in Newton-Raphson iteration."""
    dtype = input_state['x'].dtype
    a_mat = jacobian_fun(input_state['x'])
    rhs = -input_state['residual']
    initial_delta_state = {
        'x': input_state['x'],
        'delta': jnp.linalg.solve(a_mat, rhs),
        'residual_old': input_state['residual'],
        'residual_new': input_state['residual'],
        'tau': jnp.array(1.0, dtype=dtype),
    }
    output_delta_state = _compute_output_delta_state(
        initial_delta_state, residual_fun, delta_reduction_factor, loop=loop
    )

    output_state = {
        'x': input_state['x'] + output_delta_state['delta'],
        'residual': output_delta_state['residual_new'],
        'iterations': jnp.array(input_state['iterations'][...], dtype=dtype) + 1,
        'last_tau': output_delta_state['tau'],
    }
    # (log_iterations=False: its jax.debug.print logger is not called)
    return output_state


def root_newton_raphson(fun, x0, *, maxiter=30, tol=1e-5, coarse_tol=1e-2, delta_reduction_factor=0.5, tau_min=0.01,
                        log_iterations=False, use_jax_custom_root=True, loop="lax"):
    # fvm/jax_root_finding.py; loop="python": both while_loops and the error flag's lax.conds as Python

    def _newton_raphson(f, x):
        residual_fun = f
        init_x_new_vec = x
        jacobian_fun = jax.jacfwd(f)
        residual_vec_init_x_new = residual_fun(init_x_new_vec)
        initial_state = {
            'x': init_x_new_vec,
            'iterations': jnp.array(0, dtype=get_dtype()),
            'residual': residual_vec_init_x_new,
            'last_tau': jnp.array(1.0, dtype=get_dtype()),
        }

        cond_fun = functools.partial(
            _cond, tol=tol, tau_min=tau_min, maxiter=maxiter
        )
        body_fun = functools.partial(
            _body,
            jacobian_fun=jacobian_fun,
            residual_fun=residual_fun,
            log_iterations=log_iterations,
            delta_reduction_factor=delta_reduction_factor,
            loop=loop,
        )
        if loop == "lax":
            output_state = jax.lax.while_loop(cond_fun, body_fun, initial_state)
        else:
            output_state = initial_state
            while cond_fun(output_state):
                output_state = body_fun(output_state)
        x_out = output_state.pop('x')
        return x_out, output_state

    def back(g, y):
        return jnp.linalg.solve(jax.jacfwd(g)(y), y)

    if use_jax_custom_root:
        x_out, metadata = jax.lax.custom_root(
            f=fun,
            initial_guess=x0,
            solve=_newton_raphson,
            tangent_solve=back,
            has_aux=True,
        )
    else:
        x_out, metadata = _newton_raphson(fun, x0)

    error = _error_cond(
        residual=metadata['residual'], coarse_tol=coarse_tol, tol=tol, loop=loop
    )
    metadata['iterations'] = metadata['iterations'].astype(
        get_int_dtype()
    )
    return x_out, RootMetadata(**metadata, error=error)


_COUPLING = np.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]], np.float32)


def _cubic_residual(x, p):
    # Not library code: x**3 + K x - p with K the 1-D Laplacian stencil, a steady nonlinear balance
    return x ** 3 + jnp.asarray(_COUPLING) @ x - p


def _root_args():
    return jnp.zeros(3), jnp.array([1.0, 2.0, 3.0])  # from 0 the first Newton steps are halved


@program(twin=lambda x0, p: root_newton_raphson(lambda x: _cubic_residual(x, p), x0, use_jax_custom_root=False),
         args=_root_args, jvp=(1,), vmap=(None, 0), rtol=1e-4,
         source=ROOT_FINDING + ", `root_newton_raphson` with use_jax_custom_root=False (Newton-Raphson: "
         "lax.while_loop over a dict state, its body solving with jax.jacfwd's Jacobian then halving the step in "
         "an inner lax.while_loop whose test `_delta_cond` writes into the state dict under a `with` block, "
         "output_state.pop('x') after it; the nested lax.cond error flag `_error_cond`; RootMetadata a "
         "registered dataclass); the while_loops as Python whiles, the conds as if/else")
def torax_newton_raphson(x0, p):
    return root_newton_raphson(lambda x: _cubic_residual(x, p), x0, use_jax_custom_root=False, loop="python")


@program(twin=lambda r, coarse, tol: _error_cond(r, coarse, tol),
         args=lambda: (jnp.array([8e-3, -6e-3, 9e-3]), jnp.float32(1e-2), jnp.float32(5e-3)), vmap=(0, None, None),
         source=ROOT_FINDING + ", `_error_cond` (0 if the mean absolute residual is below tol, else a nested "
         "lax.cond: 2 below coarse_tol, 1 above; branches returning Python ints); the conds as if/else returning "
         "from each branch")
def torax_error_cond(r, coarse, tol):
    return _error_cond(r, coarse, tol, loop="python")


# --- solver/backtracking.py `compute_backtracked_delta` ---------------------------------------------------------------

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class DeltaState:  # solver/backtracking.py
    x: jax.Array
    delta: jax.Array
    residual_old: jax.Array
    residual_new: jax.Array
    tau: jax.Array


def compute_backtracked_delta(initial_state, residual_fun, loss_fun, delta_reduction_factor, tau_min=0.0,
                              loop="lax"):
    # solver/backtracking.py; loop="python": the while_loop as a Python while, _delta_cond's lax.cond as if/else
    delta_body_fun = functools.partial(
        _bt_delta_body,
        delta_reduction_factor=delta_reduction_factor,
    )
    delta_cond_fun = functools.partial(
        _bt_delta_cond,
        residual_fun=residual_fun,
        loss_fun=loss_fun,
        tau_min=tau_min,
        loop=loop,
    )
    if loop == "lax":
        output_state = jax.lax.while_loop(
            delta_cond_fun, delta_body_fun, initial_state
        )
    else:
        output_state = initial_state
        while delta_cond_fun(output_state):
            output_state = delta_body_fun(output_state)
    x_new = output_state.x + output_state.delta
    residual_vec_x_new = residual_fun(x_new)
    return dataclasses.replace(output_state, residual_new=residual_vec_x_new)


def _bt_delta_cond(delta_state, residual_fun, loss_fun, tau_min=0.0, loop="lax"):
    # solver/backtracking.py `_delta_cond`
    x_new = delta_state.x + delta_state.delta
    residual_scalar_x_old = loss_fun(delta_state.residual_old)
    x_new_has_nan = jnp.any(jnp.isnan(x_new))
    if loop == "lax":
        residual_vec_x_new = jax.lax.cond(
            x_new_has_nan,
            lambda: delta_state.residual_old,
            lambda: residual_fun(x_new),
        )
    elif x_new_has_nan:
        residual_vec_x_new = delta_state.residual_old
    else:
        residual_vec_x_new = residual_fun(x_new)
    residual_scalar_x_new = jnp.where(
        x_new_has_nan,
        jnp.array(jnp.inf, dtype=residual_scalar_x_old.dtype),
        loss_fun(residual_vec_x_new),
    )
    step_large_enough = jnp.logical_and(
        jnp.max(jnp.abs(delta_state.delta)) > MIN_DELTA,
        delta_state.tau > tau_min,
    )
    return jnp.bool_(
        jnp.logical_and(
            step_large_enough,
            jnp.logical_or(
                residual_scalar_x_old < residual_scalar_x_new,
                jnp.isnan(residual_scalar_x_new),
            ),
        ),
    )


def _bt_delta_body(state, delta_reduction_factor):
    # solver/backtracking.py `_delta_body`
    return dataclasses.replace(
        state,
        delta=state.delta * delta_reduction_factor,
        tau=state.tau * delta_reduction_factor,
    )


def _root_residual(x, p):
    # Not library code: x**(3/2) - p, NaN for negative x, so too long a step is rejected as the module says
    return x * jnp.sqrt(x) - p


def _backtracked(x, delta, p, loop):
    residual_old = _root_residual(x, p)
    state = DeltaState(x, delta, residual_old, residual_old, jnp.float32(1.0))
    return compute_backtracked_delta(state, lambda y: _root_residual(y, p), _residual_scalar, 0.5, loop=loop)


@program(twin=lambda x, delta, p: _backtracked(x, delta, p, "lax"),
         args=lambda: (jnp.ones(3), jnp.array([-3.0, 2.5, -1.8]), jnp.array([2.0, 3.0, 0.5])),
         jvp=(1, 2), vmap=(None, None, 0), rtol=1e-4,
         source=BACKTRACKING + ", `compute_backtracked_delta` (halves delta and tau in a lax.while_loop over a "
         "registered dataclass DeltaState while the residual at x + delta grows or is NaN; the loop test "
         "`_delta_cond` holds a lax.cond skipping the residual when x + delta has NaNs; dataclasses.replace after "
         "the loop); the while_loop as a Python while, the cond as if/else")
def torax_backtracked_delta(x, delta, p):
    return _backtracked(x, delta, p, "python")


# --- solver/anderson.py `try_step` and `AndersonHistory.update` -------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class AndersonSettings:  # solver/anderson.py
    window_size: int = 5
    safeguard_eta: float = 1.0
    regularization: float = 1e-10
    beta: float = 1.0


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class AndersonHistory:  # solver/anderson.py; `loop` (not library code) selects lax.cond or if/else in update
    x_history: jnp.ndarray
    f_history: jnp.ndarray
    count: jnp.ndarray

    @classmethod
    def create(cls, n, window_size, dtype):
        """Creates an empty Anderson history buffer."""
        return cls(
            x_history=jnp.zeros((window_size, n), dtype=dtype),
            f_history=jnp.zeros((window_size, n), dtype=dtype),
            count=jnp.array(0, dtype=jnp.int32),
        )

    def push(self, x_k, f_k, window_size):
        """Pushes a new (x, f) pair into the circular buffer."""
        idx = self.count % window_size
        return AndersonHistory(
            x_history=self.x_history.at[idx].set(x_k),
            f_history=self.f_history.at[idx].set(f_k),
            count=self.count + 1,
        )

    def update(self, accepted, x, picard_step, settings, loop="lax"):
        """Updates Anderson history based on acceptance."""
        if loop == "lax":
            base_history = jax.lax.cond(
                accepted,
                lambda _: self,
                lambda _: AndersonHistory.create(
                    x.shape[0], settings.window_size, dtype=x.dtype
                ),
                operand=None,
            )
        elif accepted:
            base_history = self
        else:
            base_history = AndersonHistory.create(
                x.shape[0], settings.window_size, dtype=x.dtype
            )
        return base_history.push(x, picard_step, settings.window_size)

    def get_deltas(self, x_k, f_k, window_size):
        """Computes Delta_F and Delta_X matrices from history."""

        def _get_deltas(i):
            hist_idx = (self.count - 1 - i) % window_size
            df = f_k - self.f_history[hist_idx]
            dx = x_k - self.x_history[hist_idx]
            return df, dx

        indices = jnp.arange(window_size)
        all_df, all_dx = jax.vmap(_get_deltas)(indices)
        return all_df, all_dx


def _compute_candidate(history, x_k, f_k, settings):
    """Computes the Anderson acceleration candidate."""
    m = settings.window_size
    m_actual = jnp.minimum(history.count, m)
    beta = settings.beta

    all_df, all_dx = history.get_deltas(x_k, f_k, m)
    indices = jnp.arange(m)
    mask = (indices < m_actual).astype(f_k.dtype)
    masked_df = all_df * mask[:, None]

    rhs = masked_df @ f_k
    lhs_raw = masked_df @ masked_df.T  # (m, m)
    trace = jnp.trace(lhs_raw)
    regularizer = (
        settings.regularization * (trace / jnp.maximum(m_actual, 1)) + 1e-14
    )
    lhs = lhs_raw + regularizer * jnp.eye(m, dtype=f_k.dtype)
    gamma = jnp.linalg.solve(lhs, rhs)
    gamma = gamma * mask  # Zero out unused coefficients.

    damped_picard_step = x_k + beta * f_k
    correction = (all_dx + beta * all_df).T @ gamma
    candidate = damped_picard_step - correction
    return candidate


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Result:  # solver/anderson.py
    candidate: jnp.ndarray
    residual: jnp.ndarray
    residual_norm: jnp.ndarray
    accepted: jnp.ndarray


def try_step(x, picard_step, residual_fn, current_residual_norm, current_history, settings, loop="lax"):
    # solver/anderson.py; loop="python": the lax.cond as if/else
    m_actual = jnp.minimum(current_history.count, settings.window_size)
    if loop == "lax":
        candidate = jax.lax.cond(
            m_actual >= 1,
            lambda _: _compute_candidate(current_history, x, picard_step, settings),
            lambda _: x + settings.beta * picard_step,
            operand=None,
        )
    elif m_actual >= 1:
        candidate = _compute_candidate(current_history, x, picard_step, settings)
    else:
        candidate = x + settings.beta * picard_step
    res = residual_fn(candidate)
    res_norm = jnp.linalg.norm(res)

    safeguard_threshold = settings.safeguard_eta * current_residual_norm
    accepted = res_norm <= safeguard_threshold

    return Result(
        candidate=candidate,
        residual=res,
        residual_norm=res_norm,
        accepted=accepted,
    )


def _anderson(x, x_hist, f_hist, count, p, loop):
    # Not library code: one safeguarded Anderson step on the fixed point of g(x) = 0.8 cos(x) + p and the
    # history update after it, as a caller of try_step and update would write it
    settings = AndersonSettings(window_size=3)
    history = AndersonHistory(x_hist, f_hist, count)

    def residual_fn(y):
        return 0.8 * jnp.cos(y) + p - y

    picard = residual_fn(x)
    result = try_step(x, picard, residual_fn, jnp.linalg.norm(picard), history, settings, loop=loop)
    new_history = history.update(result.accepted, result.candidate, result.residual, settings, loop=loop)
    return result.candidate, result.residual_norm, new_history


def _anderson_args(count):
    def args():
        xs = jnp.array([[0.2, 0.5, 0.9, 1.1], [0.6, 0.8, 0.7, 0.9], [0.0, 0.0, 0.0, 0.0]])
        fs = 0.8 * jnp.cos(xs) + 0.3 - xs
        x = jnp.array([0.7, 0.75, 0.8, 0.85])
        return x, xs, fs.at[2].set(0.0), jnp.int32(count), jnp.float32(0.3)
    return args


def _anderson_loss(out):
    candidate, norm, history = out
    return jnp.sum(candidate) + norm + jnp.sum(history.x_history) + jnp.sum(history.f_history)


_ANDERSON = (ANDERSON + ", `try_step` (lax.cond(m_actual >= 1, the least-squares candidate of Walker & Ni, the "
             "damped Picard step), the safeguard) and `AndersonHistory.update`, a method named update holding "
             "lax.cond(accepted, lambda _: self, lambda _: AndersonHistory.create(...)) then push; registered "
             "frozen dataclasses; the conds as if/else")


@program(twin=lambda *a: _anderson(*a, "lax"), args=_anderson_args(0), grad=(0, 4), loss=_anderson_loss,
         vmap=(0, None, None, 0, None), rtol=1e-4, source=_ANDERSON + " (an empty history: count 0, 1, 2 under vmap)")
def torax_anderson_step(x, x_hist, f_hist, count, p):
    return _anderson(x, x_hist, f_hist, count, p, "python")


@program(twin=lambda *a: _anderson(*a, "lax"), args=_anderson_args(2), grad=(0, 4), loss=_anderson_loss,
         vmap=(0, None, None, None, 0), rtol=1e-4, source=_ANDERSON + " (two iterates in the history)")
def torax_anderson_step_warm(x, x_hist, f_hist, count, p):
    return _anderson(x, x_hist, f_hist, count, p, "python")


# --- orchestration/whilei_loop.py `whilei_loop` driven by orchestration/adaptive_step.py -----------------------------

def assert_type(leaves, dtype):
    # Not library code: chex.assert_type (chex is not installed)
    for leaf in leaves:
        if not jnp.issubdtype(jnp.asarray(leaf).dtype, dtype):
            raise AssertionError(f"{leaf} is not of type {dtype}")


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class WhileiLoopState:  # orchestration/whilei_loop.py
    counter: Any
    state: Any
    loop_statistics: Any


def _make_whilei_loop(loop):
    # orchestration/whilei_loop.py, one custom_jvp per loop form; loop="python": the while_loop as the Python while
    # its docstring gives, the jvp rule's lax.cond as if/else

    @functools.partial(jax.custom_jvp, nondiff_argnums=[0, 1])
    def whilei_loop(cond_fun, compute_state, init_val, *args):
        _, loop_statistics = init_val
        assert_type(jax.tree_util.tree_leaves(loop_statistics), jnp.integer)

        def whilei_loop_body_fun(x):
            new_state, new_loop_statistics = compute_state(
                x.counter, x.loop_statistics, *args
            )
            return WhileiLoopState(
                counter=x.counter + 1,
                state=new_state,
                loop_statistics=new_loop_statistics,
            )

        def whilei_loop_cond_fun(x):
            return cond_fun(x.state, *args)

        init = WhileiLoopState(
            counter=0,
            state=init_val[0],
            loop_statistics=init_val[1],
        )
        if loop == "lax":
            result = jax.lax.while_loop(
                whilei_loop_cond_fun,
                whilei_loop_body_fun,
                init,
            )
        else:
            result = init
            while whilei_loop_cond_fun(result):
                result = whilei_loop_body_fun(result)
        return result

    @whilei_loop.defjvp
    def whilei_loop_jvp(cond_fun, compute_state, primals, in_tangents):
        result = whilei_loop(
            cond_fun,
            compute_state,
            *primals,
        )
        final_counter = result.counter
        counter_tangent = jnp.zeros_like(final_counter, dtype=jax.dtypes.float0)
        loop_statistics_tangent = jax.tree_util.tree_map(
            functools.partial(jnp.zeros_like, dtype=jax.dtypes.float0),
            result.loop_statistics,
        )

        def final_step():
            _, compute_state_tangents = jax.jvp(
                compute_state,
                (final_counter - 1, result.loop_statistics, *primals[1:]),
                (counter_tangent, loop_statistics_tangent, *in_tangents[1:]),
            )
            state_tangents, unused_loop_statistics_tangents = compute_state_tangents
            out_tangents_whilei_loop_state = WhileiLoopState(
                counter=counter_tangent,
                state=state_tangents,
                loop_statistics=loop_statistics_tangent,
            )
            return (
                result,
                out_tangents_whilei_loop_state,
            )

        def no_step():
            init_val_tangents = in_tangents[0]
            init_state_tangents, _ = init_val_tangents
            out_tangents_whilei_loop_state = WhileiLoopState(
                counter=counter_tangent,
                state=init_state_tangents,
                loop_statistics=loop_statistics_tangent,
            )

            return (result, out_tangents_whilei_loop_state)

        if loop == "lax":
            return jax.lax.cond(final_counter == 0, no_step, final_step)
        if final_counter == 0:
            return no_step()
        else:
            return final_step()

    return whilei_loop


_WHILEI = {"lax": _make_whilei_loop("lax"), "python": _make_whilei_loop("python")}


class Numerics(NamedTuple):  # Not library code: the fields of TORAX's numerics config that adaptive_step reads
    exact_t_final: bool
    t_final: float
    min_dt: float
    dt_reduction_factor: float


class RuntimeParams(NamedTuple):  # Not library code: runtime_params_lib.RuntimeParams, its numerics only
    numerics: Numerics


class SolverNumericOutputs(NamedTuple):  # Not library code: state.SolverNumericOutputs, the fields read here
    solver_error_state: Any
    inner_solver_iterations: Any


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class AdaptiveStepState:  # orchestration/adaptive_step.py, with the fields this solver fills
    x_new: Any
    dt: Any
    solver_numeric_outputs: Any


class InputState(NamedTuple):  # Not library code: sim_state.ToraxSimState's time and evolving profile
    t: Any
    y: Any


def _toy_solver(input_state, dt, k):
    # Not library code: the solver, one implicit Euler step of y' = -k y**3 by four Newton iterations, in error
    # (solver_error_state 1) when the residual is still large, as TORAX's solvers report
    y = input_state.y
    for _ in range(4):
        r = y - input_state.y + dt * k * y ** 3
        y = y - r / (1.0 + 3.0 * dt * k * y ** 2)
    r = y - input_state.y + dt * k * y ** 3
    error = jnp.where(jnp.max(jnp.abs(r)) < 1e-3, 0, 1).astype(jnp.int32)
    return y, SolverNumericOutputs(error, jnp.array(4, jnp.int32))


def compute_state(i, loop_statistics, initial_dt, input_state, k, runtime_params_t):
    """Computes the state for attempt i of the adaptive step."""  # orchestration/adaptive_step.py
    dt = initial_dt / runtime_params_t.numerics.dt_reduction_factor**i
    x_new, solver_numeric_outputs = _toy_solver(input_state, dt, k)
    loop_statistics[
        'inner_solver_iterations'
    ] += solver_numeric_outputs.inner_solver_iterations

    return (
        AdaptiveStepState(
            x_new,
            dt,
            solver_numeric_outputs,
        ),
        loop_statistics,
    )


def cond_fun(inputs, unused_initial_dt, input_state, unused_k, runtime_params_t, loop="lax"):
    """Condition function for the adaptive step to keep stepping."""  # orchestration/adaptive_step.py
    solver_outputs = inputs.solver_numeric_outputs
    next_dt = inputs.dt

    is_nan_next_dt = jnp.isnan(next_dt)

    solver_did_not_converge = solver_outputs.solver_error_state == 1

    if runtime_params_t.numerics.exact_t_final:
        at_exact_t_final = jnp.allclose(
            input_state.t + next_dt,
            runtime_params_t.numerics.t_final,
        )
    else:
        at_exact_t_final = jnp.array(False)

    next_dt_too_small = next_dt < runtime_params_t.numerics.min_dt

    if loop == "lax":
        take_another_step = jax.lax.cond(
            solver_did_not_converge,
            lambda: jax.lax.cond(
                at_exact_t_final, lambda: True, lambda: ~next_dt_too_small
            ),
            lambda: False,
        )
    elif solver_did_not_converge:
        if at_exact_t_final:
            take_another_step = True
        else:
            take_another_step = ~next_dt_too_small
    else:
        take_another_step = False

    return take_another_step & ~is_nan_next_dt


ADAPTIVE_PARAMS = RuntimeParams(Numerics(exact_t_final=True, t_final=10.0, min_dt=1e-3, dt_reduction_factor=2.0))


def _adaptive_step(initial_dt, y, k, loop):
    # Not library code: step_function's call of whilei_loop with adaptive_step's functions (create_initial_state's
    # not-yet-converged SolverNumericOutputs as the initial state)
    input_state = InputState(jnp.float32(0.0), y)
    initial = AdaptiveStepState(y, initial_dt, SolverNumericOutputs(jnp.array(1, jnp.int32), jnp.array(0, jnp.int32)))
    stats = {'inner_solver_iterations': jnp.array(0, jnp.int32)}
    result = _WHILEI[loop](
        functools.partial(cond_fun, runtime_params_t=ADAPTIVE_PARAMS, loop=loop),
        functools.partial(compute_state, runtime_params_t=ADAPTIVE_PARAMS),
        (initial, stats),
        initial_dt, input_state, k,
    )
    return result.state.x_new, result.state.dt, result.counter, result.loop_statistics


@program(twin=lambda dt, y, k: _adaptive_step(dt, y, k, "lax"),
         args=lambda: (jnp.float32(4.0), jnp.array([1.0, 2.0, 0.5]), jnp.float32(1.0)),
         grad=(1, 2), loss=lambda out: jnp.sum(out[0]), vmap=(None, 0, None), rtol=1e-4,
         source=WHILEI + ", `whilei_loop` (a jax.custom_jvp with nondiff_argnums=[0, 1]: lax.while_loop over a "
         "WhileiLoopState dataclass calling compute_state(counter, loop_statistics, *args), its jvp rule a lax.cond "
         "on final_counter == 0) with " + ADAPTIVE + " `compute_state` (dt = initial_dt / dt_reduction_factor**i, "
         "the loop statistics dict updated in place) and `cond_fun` (a static Python if on exact_t_final, then "
         "lax.cond(solver_did_not_converge, lambda: lax.cond(at_exact_t_final, ...), lambda: False)); the "
         "while_loop as whilei_loop's docstring writes it, the conds as if/else")
def torax_whilei_adaptive_step(initial_dt, y, k):
    return _adaptive_step(initial_dt, y, k, "python")


# --- orchestration/fast_run_loop.py `run_loop` with xnp.while_loop and the chi time-step calculator -------------------

def py_while(cond_fun, body_fun, init_val):  # xnp.py
    val = init_val
    while cond_fun(val):
        val = body_fun(val)
    return val


def xnp_while_loop(cond_fun, body_fun, init_val, is_jax=True):
    # xnp.py `while_loop`; is_jax is an argument here instead of the TORAX_COMPILATION_ENABLED environment variable
    if is_jax:
        return jax.lax.while_loop(cond_fun, body_fun, init_val)
    else:
        return py_while(cond_fun, body_fun, init_val)


class TimeStepCalculator:  # time_step_calculator/time_step_calculator.py (abc and its jax_utils.jit dropped)
    def not_done(self, t, t_final, dynamic_params):
        return t < (t_final - dynamic_params.tolerance)

    def next_dt(self, t, static_runtime_params_slice, dynamic_runtime_params_slice, geo, core_profiles,
                core_transport):
        """Returns the next time step duration."""
        dt = self._next_dt(
            dynamic_runtime_params_slice,
            geo,
            core_profiles,
            core_transport,
        )
        crosses_t_final = (t < dynamic_runtime_params_slice.numerics.t_final) * (
            t + dt > dynamic_runtime_params_slice.numerics.t_final
        )
        dt = jax.lax.select(
            jnp.logical_and(
                static_runtime_params_slice.numerics.exact_t_final,
                crosses_t_final,
            ),
            dynamic_runtime_params_slice.numerics.t_final - t,
            dt,
        )
        return dt


class ChiTimeStepCalculator(TimeStepCalculator):  # time_step_calculator/chi_time_step_calculator.py
    def _next_dt(self, dynamic_runtime_params_slice, geo, core_profiles, core_transport):
        chi_max = core_transport.chi_max(geo)

        basic_dt = (3.0 / 4.0) * (geo.drho_norm**2) / chi_max

        dt = jnp.minimum(
            dynamic_runtime_params_slice.numerics.chi_timestep_prefactor * basic_dt,
            dynamic_runtime_params_slice.numerics.max_dt,
        )

        return dt


class RunNumerics(NamedTuple):  # Not library code: the numerics fields the time-step calculator reads
    t_final: float
    chi_timestep_prefactor: float
    max_dt: float
    exact_t_final: bool


class DynamicSlice(NamedTuple):  # Not library code: a runtime-params slice holding numerics and tolerance
    numerics: RunNumerics
    time_step_calculator: Any


class TimeStepParams(NamedTuple):  # Not library code: time_step_calculator's runtime params
    tolerance: float


class Geo(NamedTuple):  # Not library code: geometry.Geometry's grid spacing
    drho_norm: float


class CoreTransport(NamedTuple):  # Not library code: state.CoreTransport with chi_max
    chi: Any

    def chi_max(self, geo):
        return jnp.max(self.chi)


class ParamsProvider:  # Not library code: build_runtime_params' provider, time-independent here
    def __init__(self, dynamic_slice):
        self.dynamic_slice = dynamic_slice
        self.numerics = dynamic_slice.numerics

    def __call__(self, t):
        return self.dynamic_slice


class SimState(NamedTuple):  # Not library code: sim_state.ToraxSimState's time and temperature profile
    t: Any
    temperature: Any


class StepFn:  # Not library code: step_function.SimulationStepFn, an explicit diffusion step of dt from the calculator
    def __init__(self, provider, chi):
        self.time_step_calculator = ChiTimeStepCalculator()
        self.provider, self.chi = provider, chi

    def __call__(self, inputs):
        state, post = inputs
        geo = Geo(1.0 / state.temperature.shape[0])
        dt = self.time_step_calculator.next_dt(state.t, self.provider.dynamic_slice, self.provider(state.t), geo,
                                               state, CoreTransport(self.chi))
        padded = jnp.concatenate([state.temperature[:1], state.temperature, jnp.zeros(1)])
        flux = self.chi * (padded[1:] - padded[:-1])[1:] - self.chi * (padded[1:] - padded[:-1])[:-1]
        temperature = state.temperature + dt * flux / geo.drho_norm ** 2
        return SimState(state.t + dt, temperature), post + dt * jnp.sum(temperature)


def run_loop(dynamic_runtime_params_slice_provider, initial_state, initial_post_processed_outputs, step_fn,
             is_jax=True):
    # orchestration/fast_run_loop.py
    initial_dynamic_runtime_params_slice = dynamic_runtime_params_slice_provider(
        initial_state.t
    )
    time_step_calculator_dynamic_params = (
        initial_dynamic_runtime_params_slice.time_step_calculator
    )

    def _cond_fun(inputs):
        current_state, _ = inputs
        return step_fn.time_step_calculator.not_done(
            current_state.t,
            dynamic_runtime_params_slice_provider.numerics.t_final,
            time_step_calculator_dynamic_params,
        )

    final_state, final_post_processed_outputs = xnp_while_loop(
        _cond_fun, step_fn, (initial_state, initial_post_processed_outputs), is_jax=is_jax
    )

    return final_state, final_post_processed_outputs


RUN_SLICE = DynamicSlice(RunNumerics(t_final=0.1, chi_timestep_prefactor=0.5, max_dt=0.05, exact_t_final=True),
                         TimeStepParams(tolerance=1e-7))


def _run(temperature, chi, is_jax):
    provider = ParamsProvider(RUN_SLICE)
    return run_loop(provider, SimState(jnp.float32(0.0), temperature), jnp.float32(0.0), StepFn(provider, chi),
                    is_jax=is_jax)


@program(twin=lambda temperature, chi: _run(temperature, chi, True),
         args=lambda: (jnp.linspace(2.0, 0.5, 8), 0.6 + 0.3 * jnp.cos(jnp.arange(8.0))),
         jvp=(0, 1), vmap=(None, 0), rtol=1e-4,
         source=RUN_LOOP + ", `run_loop` (xnp.while_loop(_cond_fun, step_fn, (initial_state, post-processed "
         "outputs)) until time_step_calculator.not_done(t, t_final, params) is false), " + XNP + " `while_loop` "
         "and `py_while`, " + TIME_STEP + " (`not_done`, `next_dt`: the chi heuristic 3/4 drho**2 / chi_max and a "
         "lax.select shortening the step that crosses t_final); the while_loop as xnp's py_while, as TORAX runs it "
         "with compilation off")
def torax_run_loop(temperature, chi):
    return _run(temperature, chi, False)


# --- solver/predictor_corrector_method.py `predictor_corrector_method` ------------------------------------------------

class SolverParams(NamedTuple):  # Not library code: runtime_params_t_plus_dt.solver's fields read here
    use_predictor_corrector: bool
    n_corrector_steps: int
    theta_implicit: float


def _coeffs_callback(x):
    # Not library code: calc_coeffs' transport coefficient, a temperature-dependent diffusivity on the faces
    (temperature,) = x
    faces = 0.5 * (temperature[1:] + temperature[:-1])
    return 0.5 + 0.2 * faces ** 2


def _diffusion_matrix(chi, n):
    # Not library code: the 1-D diffusion operator with zero-flux left and fixed zero right boundary
    main = jnp.zeros(n).at[:-1].add(-chi).at[1:].add(-chi).at[-1].add(-2.0 * chi[-1])
    return (jnp.diag(main) + jnp.diag(chi, 1) + jnp.diag(chi, -1)) * n ** 2


def _implicit_solve_block(dt, x_old, coeffs_old, coeffs_new, theta_implicit):
    # Not library code: implicit_solve_block's theta method,
    # (I - theta dt L_new) x_new = (I + (1 - theta) dt L_old) x_old
    (t_old,) = x_old
    n = t_old.shape[0]
    lhs = jnp.eye(n) - theta_implicit * dt * _diffusion_matrix(coeffs_new, n)
    rhs = t_old + (1.0 - theta_implicit) * dt * _diffusion_matrix(coeffs_old, n) @ t_old
    return (jnp.linalg.solve(lhs, rhs),)


def predictor_corrector_method(dt, x_old, x_new_guess, coeffs_exp, solver_params, loop="lax"):
    # solver/predictor_corrector_method.py (its jax.jit off, the arguments the loop body reads)

    def loop_body(x_new_guess):
        coeffs_new = _coeffs_callback(x_new_guess)
        return _implicit_solve_block(dt, x_old, coeffs_exp, coeffs_new, solver_params.theta_implicit)

    if solver_params.use_predictor_corrector:
        x_new = fvm_fixed_point(
            loop_body,
            x_new_guess,
            maxiter=solver_params.n_corrector_steps + 1,
            xtol=None,
            method='iteration',
            loop=loop,
        )
    else:
        x_new = loop_body(x_new_guess)
    return x_new


PC_PARAMS = SolverParams(use_predictor_corrector=True, n_corrector_steps=3, theta_implicit=0.5)


def _pc(temperature, dt, loop):
    x_old = (temperature,)
    return predictor_corrector_method(dt, x_old, x_old, _coeffs_callback(x_old), PC_PARAMS, loop=loop)


@program(twin=lambda temperature, dt: _pc(temperature, dt, "lax"),
         args=lambda: (jnp.linspace(1.5, 0.2, 6), jnp.float32(0.01)), grad=(0, 1), loss=lambda out: jnp.sum(out[0]),
         vmap=(0, None), rtol=1e-4,
         source=PREDICTOR_CORRECTOR + ", `predictor_corrector_method` (Picard corrector steps: the fixed point of "
         "loop_body, the coefficients recomputed at the guess and the theta-method block solved, by " +
         FVM_FIXED_POINT.split(" ", 1)[0] + " fvm/jax_fixed_point.py `fixed_point(loop_body, x_new_guess, maxiter="
         "n_corrector_steps + 1, xtol=None, method='iteration')`, a lax.fori_loop over a tuple of profiles); the "
         "fori_loop as a Python for")
def torax_predictor_corrector(temperature, dt):
    return _pc(temperature, dt, "python")
