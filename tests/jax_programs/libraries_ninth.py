"""A ninth set of programs, from JAX repositories the corpus did not cite before: jaxsim (the rigid-body dynamics
algorithms of ``jaxsim.rbda``: CRBA with its "fake while loop", forward kinematics, RNEA, ABA, the ABA-like inverse
mass matrix; the boolean support parent array of ``KinDynParameters``; the quaternion derivative's ``lax.cond``),
e3nn-jax (spherical harmonics by Legendre polynomials, nested ``fori_loop``\\ s whose inner range depends on the outer
index; ``_distinct_but_small``'s scan), Gemma (the text sampler's loop with end tokens and a cache that fills, greedy
and top-k), RecurrentGemma (the RG-LRU linear scan, forward and in reverse with the running product of ``a``; the
sampler's while loop), AlphaFold (``sharded_apply``'s scan over shards with a remainder shard; the recycling loop) and
Vizier (the Eagle strategy's pool of prior trials), each written with Python control flow over traced values next to
a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``scan``, ``fori_loop``, ``cond``) or Haiku's
``hk.scan`` / ``hk.while_loop``; ``plain`` is that loop or branch written with Python ``for``/``while``/``if``/``break``
(where the library has a Python loop of its own, Gemma's streaming sampler, that loop; where the library's comment
gives the algorithm's pseudocode, CRBA's while loop, that loop), the twin is the library's code. The maths is the
library's, adapted only in calling convention: arrays and dicts instead of ``JaxSimModel``, ``SamplingState``, cache
and ``VectorizedOptimizerInput`` objects; the model's parent array, joint transforms, motion subspaces and spatial
inertias as arguments (a fixed-base five-link tree); a small fixed network (marked "Not library code") where a sampler
or AlphaFold takes a Transformer, an RG-LRU model or ``AlphaFoldIteration``; settings as constants; jax.vmap for
hk.vmap, jax.eval_shape for hk.eval_shape, lax.scan / lax.while_loop for hk.scan / hk.while_loop outside a transform.
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_eighth``).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

from jax_programs.programs import program

JAXSIM = "ami-iit/jaxsim@98939044f7094b40d4bfeec25a002a4d536df0c6 (BSD-3-Clause) src/jaxsim/{}"
E3NN = "e3nn/e3nn-jax@04e761c8e9a42c339cc712fb8b9af85ddd618eab (Apache-2.0) e3nn_jax/_src/{}"
GEMMA = "google-deepmind/gemma@7691fd4e7f26c9ec5db38110dddb3addfab4d767 (Apache-2.0) gemma/{}"
RGEMMA = "google-deepmind/recurrentgemma@2efa84dac0e68e63547a27a18fa943c98f1c312e (Apache-2.0) recurrentgemma/{}"
ALPHAFOLD = "google-deepmind/alphafold@c77e5d2a8961d1a353632c462914ff0a32a950f6 (Apache-2.0) alphafold/{}"


# --- ami-iit/jaxsim: math helpers (src/jaxsim/math/skew.py, cross.py, adjoint.py, utils.py) --------------------------

def _skew_wedge(vector):
    vector = vector.reshape(-1, 3)
    x, y, z = jnp.split(vector, 3, axis=-1)
    skew = jnp.stack(
        [
            jnp.concatenate([jnp.zeros_like(x), -z, y], axis=-1),
            jnp.concatenate([z, jnp.zeros_like(x), -x], axis=-1),
            jnp.concatenate([-y, x, jnp.zeros_like(x)], axis=-1),
        ],
        axis=-2,
    ).squeeze()
    return skew


def _skew_vee(matrix):
    vector = 0.5 * jnp.vstack(
        [
            matrix[2, 1] - matrix[1, 2],
            matrix[0, 2] - matrix[2, 0],
            matrix[1, 0] - matrix[0, 1],
        ]
    )
    return vector


def _cross_vx(velocity_sixd):
    velocity_sixd = velocity_sixd.reshape(-1, 6)
    v, ω = jnp.split(velocity_sixd, 2, axis=-1)
    v_cross = jnp.concatenate(
        [
            jnp.concatenate(
                [_skew_wedge(ω), jnp.zeros((ω.shape[0], 3, 3)).squeeze()], axis=-2
            ),
            jnp.concatenate([_skew_wedge(v), _skew_wedge(ω)], axis=-2),
        ],
        axis=-1,
    )
    return v_cross


def _cross_vx_star(velocity_sixd):
    v_cross_star = -_cross_vx(velocity_sixd).T
    return v_cross_star


def _adjoint_from_rotation_and_translation(rotation, translation, inverse=False):
    A_R_B = rotation.squeeze()
    A_o_B = translation.squeeze()
    if not inverse:
        X = jnp.vstack(
            [
                jnp.block([A_R_B, _skew_wedge(A_o_B) @ A_R_B]),
                jnp.block([jnp.zeros(shape=(3, 3)), A_R_B]),
            ]
        )
    else:
        X = jnp.vstack(
            [
                jnp.block([A_R_B.T, -A_R_B.T @ _skew_wedge(A_o_B)]),
                jnp.block([jnp.zeros(shape=(3, 3)), A_R_B.T]),
            ]
        )
    return X


def _adjoint_to_transform(adjoint):
    X = adjoint.squeeze()
    assert X.shape == (6, 6)
    R = X[0:3, 0:3]
    o_x_R = X[0:3, 3:6]
    H = jnp.vstack(
        [
            jnp.block([R, _skew_vee(matrix=o_x_R @ R.T)]),
            jnp.array([0, 0, 0, 1]),
        ]
    )
    return H


def _adjoint_inverse(adjoint):
    A_X_B = adjoint.reshape(-1, 6, 6)
    A_R_B_T = jnp.swapaxes(A_X_B[..., 0:3, 0:3], -2, -1)
    A_T_B = A_X_B[..., 0:3, 3:6]
    return jnp.concatenate(
        [
            jnp.concatenate(
                [A_R_B_T, -A_R_B_T @ A_T_B @ A_R_B_T],
                axis=-1,
            ),
            jnp.concatenate([jnp.zeros_like(A_R_B_T), A_R_B_T], axis=-1),
        ],
        axis=-2,
    ).reshape(adjoint.shape)


@jax.custom_jvp
def _safe_norm(array):
    # utils.py's `_make_safe_norm(axis=None, keepdims=False)`
    return jnp.linalg.norm(array, axis=None, keepdims=False)


@_safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    is_zero = jnp.all(x == 0.0)
    array = jnp.where(is_zero, jnp.ones_like(x), x)
    norm = jnp.linalg.norm(array, axis=None, keepdims=False)
    dot = jnp.sum(array * x_dot, axis=None, keepdims=False)
    tangent = jnp.where(is_zero, 0.0, dot / norm)
    return jnp.where(is_zero, 0.0, norm), tangent


# The model (not library code: the inputs jaxsim reads from a JaxSimModel): a fixed-base tree of five links, link 0 the
# base, λ = [-1, 0, 1, 1, 3], revolute joints about fixed axes; the joint transforms i_X_λi at given joint positions
# (i_X_λi[0] the base transform), the motion subspaces S (6 x 1), symmetric positive-definite spatial inertias.

_PARENTS = np.array([-1, 0, 1, 1, 3], dtype=np.int32)
_AXES = np.array([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.6, 0.8], [0.0, 0.0, 1.0]])


def _rodrigues(axis, angle):
    k = _skew_wedge(jnp.asarray(axis))
    return jnp.eye(3) + jnp.sin(angle) * k + (1 - jnp.cos(angle)) * k @ k


def _model(seed):
    k1, k2, k3 = random.split(random.key(seed), 3)
    n = _PARENTS.shape[0]
    angles = 0.7 * random.normal(k1, (n,))
    offsets = 0.3 * random.normal(k2, (n, 3))
    transforms = [_adjoint_from_rotation_and_translation(_rodrigues(_AXES[i], angles[i]), offsets[i], inverse=True)
                  for i in range(n)]
    S = jnp.stack([jnp.concatenate([jnp.zeros(3), jnp.asarray(_AXES[i])])[:, None] for i in range(n)])
    a = random.normal(k3, (n, 6, 6))
    inertias = 0.2 * a @ jnp.swapaxes(a, 1, 2) + jnp.eye(6)
    return jnp.asarray(_PARENTS), jnp.stack(transforms), S, inertias


def _crba_twin(λ, i_X_λi, S, Mc):
    # rbda/crba.py's `crba` (number_of_links() > 1, dofs() = links - 1)
    n = λ.shape[0]
    i_X_0 = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = i_X_0.at[0].set(jnp.eye(6))

    forward_pass_carry = (i_X_0,)

    def propagate_kinematics(carry, i):
        (i_X_0,) = carry
        i_X_0_i = i_X_λi[i] @ i_X_0[λ[i]]
        i_X_0 = i_X_0.at[i].set(i_X_0_i)
        return (i_X_0,), None

    (i_X_0,), _ = jax.lax.scan(f=propagate_kinematics, init=forward_pass_carry, xs=jnp.arange(start=1, stop=n))

    M = jnp.zeros(shape=(6 + n - 1, 6 + n - 1))
    backward_pass_carry = (Mc, M)

    def backward_pass(carry, i):
        ii = i - 1
        Mc, M = carry

        Mc_λi = Mc[λ[i]] + i_X_λi[i].T @ Mc[i] @ i_X_λi[i]
        Mc = Mc.at[λ[i]].set(Mc_λi)

        Fi = Mc[i] @ S[i]
        M_ii = S[i].T @ Fi
        M = M.at[ii + 6, ii + 6].set(M_ii.squeeze())

        j = i
        fake_while_carry = (j, Fi, M)

        def fake_while_loop(carry, i):
            def compute(carry):
                j, Fi, M = carry
                Fi = i_X_λi[j].T @ Fi
                j = λ[j]
                M_ij = Fi.T @ S[j]
                jj = j - 1
                M = M.at[ii + 6, jj + 6].set(M_ij.squeeze())
                M = M.at[jj + 6, ii + 6].set(M_ij.squeeze())
                return j, Fi, M

            j, _, _ = carry
            j, Fi, M = jax.lax.cond(
                pred=jnp.logical_and(i == λ[j], λ[j] > 0),
                true_fun=compute,
                false_fun=lambda carry: carry,
                operand=carry,
            )
            return (j, Fi, M), None

        (j, Fi, M), _ = jax.lax.scan(f=fake_while_loop, init=fake_while_carry,
                                     xs=jnp.flip(jnp.arange(start=1, stop=n)))

        Fi = i_X_0[j].T @ Fi
        M = M.at[0:6, ii + 6].set(Fi.squeeze())
        M = M.at[ii + 6, 0:6].set(Fi.squeeze())
        return (Mc, M), None

    (Mc, M), _ = jax.lax.scan(f=backward_pass, init=backward_pass_carry, xs=jnp.flip(jnp.arange(start=1, stop=n)))
    M = M.at[0:6, 0:6].set(Mc[0])
    return M


@program(twin=_crba_twin, args=lambda: _model(91), jvp=(1, 3), vmap=(None, None, None, 0), rtol=1e-4,
         source=JAXSIM.format("rbda/crba.py") + ", `crba` (the free-floating mass matrix by the Composite Rigid-Body "
         "Algorithm: a lax.scan propagating link-to-base transforms, a reversed lax.scan over the links whose body "
         "holds the off-diagonal blocks' loop, which the source's comment says is a while loop in the pseudocode, "
         "written as a scan over the links with a lax.cond so that reverse mode works) on a fixed five-link tree; "
         "the scans for over range and reversed(range), the inner loop the pseudocode's `while λ[j] > 0`")
def jaxsim_crba(λ, i_X_λi, S, Mc):
    n = λ.shape[0]
    i_X_0 = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = i_X_0.at[0].set(jnp.eye(6))
    for i in range(1, n):
        i_X_0 = i_X_0.at[i].set(i_X_λi[i] @ i_X_0[λ[i]])

    M = jnp.zeros(shape=(6 + n - 1, 6 + n - 1))
    for i in reversed(range(1, n)):
        ii = i - 1
        Mc_λi = Mc[λ[i]] + i_X_λi[i].T @ Mc[i] @ i_X_λi[i]
        Mc = Mc.at[λ[i]].set(Mc_λi)

        Fi = Mc[i] @ S[i]
        M_ii = S[i].T @ Fi
        M = M.at[ii + 6, ii + 6].set(M_ii.squeeze())

        j = i
        while λ[j] > 0:
            Fi = i_X_λi[j].T @ Fi
            j = λ[j]
            M_ij = Fi.T @ S[j]
            jj = j - 1
            M = M.at[ii + 6, jj + 6].set(M_ij.squeeze())
            M = M.at[jj + 6, ii + 6].set(M_ij.squeeze())

        Fi = i_X_0[j].T @ Fi
        M = M.at[0:6, ii + 6].set(Fi.squeeze())
        M = M.at[ii + 6, 0:6].set(Fi.squeeze())
    M = M.at[0:6, 0:6].set(Mc[0])
    return M


def _fk_twin(λ, i_X_λi, S, ṡ, W_v_WB):
    # rbda/forward_kinematics.py's `forward_kinematics_model` after `process_inputs` and the joint transforms
    n = λ.shape[0]
    W_X_i = jnp.zeros(shape=(n, 6, 6))
    W_X_i = W_X_i.at[0].set(_adjoint_inverse(i_X_λi[0]))
    W_v_Wi = jnp.zeros(shape=(n, 6))
    W_v_Wi = W_v_Wi.at[0].set(W_v_WB)

    propagate_kinematics_carry = (W_X_i, W_v_Wi)

    def propagate_kinematics(carry, i):
        ii = i - 1
        W_X_i, W_v_Wi = carry
        λi_X_i = _adjoint_inverse(adjoint=i_X_λi[i])
        W_Xi_i = W_X_i[λ[i]] @ λi_X_i
        W_X_i = W_X_i.at[i].set(W_Xi_i)
        W_vi_Wi = W_v_Wi[λ[i]] + W_X_i[i] @ (S[i] * ṡ[ii]).squeeze()
        W_v_Wi = W_v_Wi.at[i].set(W_vi_Wi)
        return (W_X_i, W_v_Wi), None

    (W_X_i, W_v_Wi), _ = jax.lax.scan(f=propagate_kinematics, init=propagate_kinematics_carry,
                                      xs=jnp.arange(start=1, stop=n))
    return jax.vmap(_adjoint_to_transform)(W_X_i), W_v_Wi


def _fk_args():
    λ, i_X_λi, S, _ = _model(92)
    return λ, i_X_λi, S, jnp.array([0.5, -1.0, 0.3, 2.0]), jnp.array([0.1, 0.0, -0.2, 0.3, 0.1, -0.4])


@program(twin=_fk_twin, args=_fk_args, grad=(1, 3, 4), loss=lambda out: jnp.sum(out[0] ** 2) + jnp.sum(out[1] ** 2),
         vmap=(None, None, None, 0, 0), rtol=1e-4,
         source=JAXSIM.format("rbda/forward_kinematics.py") + ", `forward_kinematics_model` (a lax.scan over the "
         "links composing world-to-link adjoints and propagating 6D velocities along the parent array) with "
         "math/adjoint.py's `inverse` and `to_transform`, on a fixed five-link tree; the scan a for over range(1, n)")
def jaxsim_forward_kinematics(λ, i_X_λi, S, ṡ, W_v_WB):
    n = λ.shape[0]
    W_X_i = jnp.zeros(shape=(n, 6, 6))
    W_X_i = W_X_i.at[0].set(_adjoint_inverse(i_X_λi[0]))
    W_v_Wi = jnp.zeros(shape=(n, 6))
    W_v_Wi = W_v_Wi.at[0].set(W_v_WB)
    for i in range(1, n):
        ii = i - 1
        λi_X_i = _adjoint_inverse(adjoint=i_X_λi[i])
        W_X_i = W_X_i.at[i].set(W_X_i[λ[i]] @ λi_X_i)
        W_v_Wi = W_v_Wi.at[i].set(W_v_Wi[λ[i]] + W_X_i[i] @ (S[i] * ṡ[ii]).squeeze())
    return jax.vmap(_adjoint_to_transform)(W_X_i), W_v_Wi


FLOATING_BASE = False  # model.floating_base() of the fixed-base tree


def _rnea_twin(λ, i_X_λi, S, M, B_X_W, ṡ, s̈, W_f, W_g):
    # rbda/rnea.py's `rnea` for a fixed-base model (the floating-base branch before pass 1 not taken)
    n = λ.shape[0]
    W_g = jnp.atleast_2d(W_g).T
    v = jnp.zeros(shape=(n, 6, 1))
    a = jnp.zeros(shape=(n, 6, 1))
    f = jnp.zeros(shape=(n, 6, 1))
    i_X_0 = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = i_X_0.at[0].set(jnp.eye(6))
    a_0 = -B_X_W @ W_g
    a = a.at[0].set(a_0)

    forward_pass_carry = (v, a, i_X_0, f)

    def forward_pass(carry, i):
        ii = i - 1
        v, a, i_X_0, f = carry
        vJ = S[i] * ṡ[ii]
        v_i = i_X_λi[i] @ v[λ[i]] + vJ
        v = v.at[i].set(v_i)
        a_i = i_X_λi[i] @ a[λ[i]] + S[i] * s̈[ii] + _cross_vx(v[i]) @ vJ
        a = a.at[i].set(a_i)
        i_X_0_i = i_X_λi[i] @ i_X_0[λ[i]]
        i_X_0 = i_X_0.at[i].set(i_X_0_i)
        i_Xf_W = _adjoint_inverse(i_X_0[i] @ B_X_W).T
        f_i = (
            M[i] @ a[i]
            + _cross_vx_star(v[i]) @ M[i] @ v[i]
            - i_Xf_W @ jnp.vstack(W_f[i])
        )
        f = f.at[i].set(f_i)
        return (v, a, i_X_0, f), None

    (v, a, i_X_0, f), _ = jax.lax.scan(f=forward_pass, init=forward_pass_carry, xs=jnp.arange(start=1, stop=n))

    τ = jnp.zeros_like(ṡ)  # zeros_like(s), the joint positions: the same shape
    backward_pass_carry = (τ, f)

    def backward_pass(carry, i):
        ii = i - 1
        τ, f = carry
        τ_i = S[i].T @ f[i]
        τ = τ.at[ii].set(τ_i.squeeze())

        def update_f(f):
            f_λi = f[λ[i]] + i_X_λi[i].T @ f[i]
            f = f.at[λ[i]].set(f_λi)
            return f

        f = jax.lax.cond(
            pred=jnp.logical_or(λ[i] != 0, FLOATING_BASE),
            true_fun=update_f,
            false_fun=lambda f: f,
            operand=f,
        )
        return (τ, f), None

    (τ, f), _ = jax.lax.scan(f=backward_pass, init=backward_pass_carry, xs=jnp.flip(jnp.arange(start=1, stop=n)))
    W_f0 = B_X_W.T @ f[0]
    return W_f0.squeeze(), jnp.atleast_1d(τ.squeeze())


def _rnea_args():
    λ, i_X_λi, S, M = _model(93)
    k1, k2, k3 = random.split(random.key(94), 3)
    B_X_W = _adjoint_from_rotation_and_translation(_rodrigues([0.0, 0.0, 1.0], 0.4), jnp.array([0.1, 0.2, 0.0]),
                                                   inverse=True)
    return (λ, i_X_λi, S, M, B_X_W, random.normal(k1, (4,)), random.normal(k2, (4,)), 0.5 * random.normal(k3, (5, 6)),
            jnp.array([0.0, 0.0, -9.81, 0.0, 0.0, 0.0]))  # process_inputs: W_g as a 6D acceleration


@program(twin=_rnea_twin, args=_rnea_args, grad=(3, 5, 6, 7), loss=lambda out: jnp.sum(out[0] ** 2) + jnp.sum(out[1]),
         vmap=(None, None, None, None, None, 0, 0, 0, None), rtol=1e-4,
         source=JAXSIM.format("rbda/rnea.py") + ", `rnea` (inverse dynamics by the Recursive Newton-Euler Algorithm: "
         "a lax.scan propagating velocities, accelerations and forces, then a reversed lax.scan projecting forces on "
         "the joints and, by a lax.cond on λ[i] != 0 or floating_base, onto the parent) with math/cross.py and "
         "adjoint.py, for a fixed-base five-link tree (the floating-base initialisation not taken); the scans for "
         "over range and reversed(range), the cond an if on `λ[i] != 0 or FLOATING_BASE`")
def jaxsim_rnea(λ, i_X_λi, S, M, B_X_W, ṡ, s̈, W_f, W_g):
    n = λ.shape[0]
    W_g = jnp.atleast_2d(W_g).T
    v = jnp.zeros(shape=(n, 6, 1))
    a = jnp.zeros(shape=(n, 6, 1))
    f = jnp.zeros(shape=(n, 6, 1))
    i_X_0 = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = i_X_0.at[0].set(jnp.eye(6))
    a = a.at[0].set(-B_X_W @ W_g)
    for i in range(1, n):
        ii = i - 1
        vJ = S[i] * ṡ[ii]
        v = v.at[i].set(i_X_λi[i] @ v[λ[i]] + vJ)
        a = a.at[i].set(i_X_λi[i] @ a[λ[i]] + S[i] * s̈[ii] + _cross_vx(v[i]) @ vJ)
        i_X_0 = i_X_0.at[i].set(i_X_λi[i] @ i_X_0[λ[i]])
        i_Xf_W = _adjoint_inverse(i_X_0[i] @ B_X_W).T
        f = f.at[i].set(M[i] @ a[i] + _cross_vx_star(v[i]) @ M[i] @ v[i] - i_Xf_W @ jnp.vstack(W_f[i]))

    τ = jnp.zeros_like(ṡ)
    for i in reversed(range(1, n)):
        ii = i - 1
        τ_i = S[i].T @ f[i]
        τ = τ.at[ii].set(τ_i.squeeze())
        if λ[i] != 0 or FLOATING_BASE:
            f = f.at[λ[i]].set(f[λ[i]] + i_X_λi[i].T @ f[i])
    W_f0 = B_X_W.T @ f[0]
    return W_f0.squeeze(), jnp.atleast_1d(τ.squeeze())


def _mass_inverse_twin(λ, i_X_λi, S, I_A):
    # rbda/mass_inverse.py's `mass_inverse` after `process_inputs` and the joint transforms
    NB = λ.shape[0]
    N = NB - 1
    nv = N + 6
    F = jnp.zeros((NB, 6, nv), dtype=float)
    P = jnp.zeros((NB, 6, nv), dtype=float)
    U = jnp.zeros((NB, 6), dtype=float)
    D = jnp.zeros((NB,), dtype=float)
    M_inv = jnp.zeros((nv, nv), dtype=float)
    idx_fwd = jnp.arange(1, NB)
    idx_rev = jnp.arange(NB - 1, 0, -1)

    backward_pass_carry = (I_A, F, U, D, M_inv)

    def loop_backward_pass(carry, i):
        I_A, F, U, D, M_inv = carry
        Si = jnp.squeeze(S[i], axis=-1)
        Fi = F[i]
        Xi = i_X_λi[i]
        parent = λ[i]
        Ui = I_A[i] @ Si
        Di = jnp.dot(Si, Ui)
        U = U.at[i].set(Ui)
        D = D.at[i].set(Di)
        r = 6 + (i - 1)
        Minv_row = M_inv[r]
        Minv_row = Minv_row.at[r].add(1.0 / Di)
        sTFi = jnp.einsum("s,sn->n", Si, Fi)
        Minv_row = Minv_row - sTFi / Di
        M_inv = M_inv.at[r].set(Minv_row)

        def propagate(IA_F):
            I_A_, F_ = IA_F
            Ui_col = Ui[:, None]
            Fa_i = Fi + Ui_col @ Minv_row[None, :]
            F_parent_new = F_[parent] + Xi.T @ Fa_i
            F_ = F_.at[parent].set(F_parent_new)
            Ia_i = I_A[i] - jnp.outer(Ui, Ui) / Di
            I_parent_new = I_A_[parent] + Xi.T @ Ia_i @ Xi
            I_A_ = I_A_.at[parent].set(I_parent_new)
            return I_A_, F_

        I_A, F = jax.lax.cond(parent >= 0, propagate, lambda IA_F: IA_F, (I_A, F))
        return (I_A, F, U, D, M_inv), None

    (I_A, F, U, D, M_inv), _ = jax.lax.scan(loop_backward_pass, backward_pass_carry, idx_rev)

    S0 = jnp.eye(6, dtype=float)
    U0 = I_A[0] @ S0
    D0 = S0.T @ U0
    D0_inv = jnp.linalg.inv(D0)
    base_rows = slice(0, 6)
    M_inv = M_inv.at[base_rows, base_rows].add(D0_inv)
    term0 = D0_inv.T @ F[0]
    M_inv = M_inv.at[base_rows, :].add(-term0)

    Minv_base = M_inv[base_rows, :]
    P = P.at[0].set(Minv_base)
    forward_pass_carry = (M_inv, P)

    def loop_forward_pass(carry, i):
        M_inv, P = carry
        Si = jnp.squeeze(S[i], axis=-1)
        Ui = U[i]
        Di = D[i]
        Xi = i_X_λi[i]
        parent = λ[i]
        P_parent = jax.lax.cond(parent >= 0, lambda P_: P_[parent], lambda P_: jnp.zeros_like(P_[i]), P)
        r = 6 + (i - 1)

        def update_row(Minv_):
            X_P = Xi @ P_parent
            UiT_XP = jnp.einsum("s,sn->n", Ui, X_P)
            Minv_row = Minv_[r, :] - UiT_XP / Di
            return Minv_.at[r, :].set(Minv_row)

        M_inv = jax.lax.cond(parent >= 0, update_row, lambda Minv_: Minv_, M_inv)
        Minv_row = M_inv[r, :]
        Pi = jnp.expand_dims(Si, 1) @ jnp.expand_dims(Minv_row, 0)
        Pi = Pi + Xi @ P_parent
        P = P.at[i].set(Pi)
        return (M_inv, P), None

    (M_inv, P), _ = jax.lax.scan(loop_forward_pass, forward_pass_carry, idx_fwd)
    M_inv = 0.5 * (M_inv + M_inv.T)
    return M_inv


@program(twin=_mass_inverse_twin, args=lambda: _model(95), grad=(1, 3), loss=lambda out: jnp.sum(jnp.sin(out)),
         vmap=(None, None, None, 0), rtol=1e-4,
         source=JAXSIM.format("rbda/mass_inverse.py") + ", `mass_inverse` (the inverse mass matrix by an ABA-like "
         "algorithm, Carpentier's: a reversed lax.scan with a lax.cond propagating articulated inertias and F to the "
         "parent when parent >= 0, then a lax.scan with two lax.conds on parent >= 0 updating the rows of M⁻¹) on a "
         "fixed five-link tree; the scans for over reversed(range(1, NB)) and range(1, NB), the conds ifs")
def jaxsim_mass_inverse(λ, i_X_λi, S, I_A):
    NB = λ.shape[0]
    N = NB - 1
    nv = N + 6
    F = jnp.zeros((NB, 6, nv), dtype=float)
    P = jnp.zeros((NB, 6, nv), dtype=float)
    U = jnp.zeros((NB, 6), dtype=float)
    D = jnp.zeros((NB,), dtype=float)
    M_inv = jnp.zeros((nv, nv), dtype=float)
    for i in reversed(range(1, NB)):
        Si = jnp.squeeze(S[i], axis=-1)
        Fi = F[i]
        Xi = i_X_λi[i]
        parent = λ[i]
        Ui = I_A[i] @ Si
        Di = jnp.dot(Si, Ui)
        U = U.at[i].set(Ui)
        D = D.at[i].set(Di)
        r = 6 + (i - 1)
        Minv_row = M_inv[r]
        Minv_row = Minv_row.at[r].add(1.0 / Di)
        sTFi = jnp.einsum("s,sn->n", Si, Fi)
        Minv_row = Minv_row - sTFi / Di
        M_inv = M_inv.at[r].set(Minv_row)
        if parent >= 0:
            Fa_i = Fi + Ui[:, None] @ Minv_row[None, :]
            F = F.at[parent].set(F[parent] + Xi.T @ Fa_i)
            Ia_i = I_A[i] - jnp.outer(Ui, Ui) / Di
            I_A = I_A.at[parent].set(I_A[parent] + Xi.T @ Ia_i @ Xi)

    S0 = jnp.eye(6, dtype=float)
    U0 = I_A[0] @ S0
    D0 = S0.T @ U0
    D0_inv = jnp.linalg.inv(D0)
    base_rows = slice(0, 6)
    M_inv = M_inv.at[base_rows, base_rows].add(D0_inv)
    term0 = D0_inv.T @ F[0]
    M_inv = M_inv.at[base_rows, :].add(-term0)
    P = P.at[0].set(M_inv[base_rows, :])

    for i in range(1, NB):
        Si = jnp.squeeze(S[i], axis=-1)
        Ui = U[i]
        Di = D[i]
        Xi = i_X_λi[i]
        parent = λ[i]
        if parent >= 0:
            P_parent = P[parent]
        else:
            P_parent = jnp.zeros_like(P[i])
        r = 6 + (i - 1)
        if parent >= 0:
            X_P = Xi @ P_parent
            UiT_XP = jnp.einsum("s,sn->n", Ui, X_P)
            M_inv = M_inv.at[r, :].set(M_inv[r, :] - UiT_XP / Di)
        Minv_row = M_inv[r, :]
        Pi = jnp.expand_dims(Si, 1) @ jnp.expand_dims(Minv_row, 0)
        Pi = Pi + Xi @ P_parent
        P = P.at[i].set(Pi)
    M_inv = 0.5 * (M_inv + M_inv.T)
    return M_inv


def _quaternion_derivative_twin(quaternion, omega, omega_in_body_fixed, K=0.1):
    # math/quaternion.py's `Quaternion.derivative`
    ω = omega.squeeze()
    quaternion = quaternion.squeeze()

    def Q_body(q):
        qw, qx, qy, qz = q
        return jnp.array(
            [
                [qw, -qx, -qy, -qz],
                [qx, qw, -qz, qy],
                [qy, qz, qw, -qx],
                [qz, -qy, qx, qw],
            ]
        )

    def Q_inertial(q):
        qw, qx, qy, qz = q
        return jnp.array(
            [
                [qw, -qx, -qy, -qz],
                [qx, qw, qz, -qy],
                [qy, -qz, qw, qx],
                [qz, qy, -qx, qw],
            ]
        )

    Q = jax.lax.cond(
        pred=omega_in_body_fixed,
        true_fun=Q_body,
        false_fun=Q_inertial,
        operand=quaternion,
    )
    norm_ω = _safe_norm(ω)
    qd = 0.5 * (Q @ jnp.hstack([K * norm_ω * (1 - _safe_norm(quaternion)), ω]))
    return jnp.vstack(qd)


@program(twin=_quaternion_derivative_twin,
         args=lambda: (jnp.array([0.9, 0.1, -0.3, 0.2]), jnp.array([0.4, -1.2, 0.7]), jnp.bool_(True)),
         grad=(0, 1), loss=lambda out: jnp.sum(out * jnp.arange(1.0, 5.0)[:, None]), vmap=(0, 0, None),
         source=JAXSIM.format("math/quaternion.py") + ", `Quaternion.derivative` (a lax.cond on the traced flag "
         "omega_in_body_fixed choosing the body or inertial quaternion matrix, K=0.1) with math/utils.py's `safe_norm` "
         "(its custom JVP); the cond an if/else assigning Q, the flag an argument")
def jaxsim_quaternion_derivative(quaternion, omega, omega_in_body_fixed, K=0.1):
    ω = omega.squeeze()
    quaternion = quaternion.squeeze()
    qw, qx, qy, qz = quaternion
    if omega_in_body_fixed:
        Q = jnp.array(
            [
                [qw, -qx, -qy, -qz],
                [qx, qw, -qz, qy],
                [qy, qz, qw, -qx],
                [qz, -qy, qx, qw],
            ]
        )
    else:
        Q = jnp.array(
            [
                [qw, -qx, -qy, -qz],
                [qx, qw, qz, -qy],
                [qy, -qz, qw, qx],
                [qz, qy, -qx, qw],
            ]
        )
    norm_ω = _safe_norm(ω)
    qd = 0.5 * (Q @ jnp.hstack([K * norm_ω * (1 - _safe_norm(quaternion)), ω]))
    return jnp.vstack(qd)



def _aba_twin(λ, i_X_λi, S, M, B_X_W, ṡ, τ, W_f, W_g):
    # rbda/aba.py's `aba` for a fixed-base model (the floating-base initialisation, pass-3 solve and output not taken)
    n = λ.shape[0]
    W_g = jnp.atleast_2d(W_g).T
    v = jnp.zeros(shape=(n, 6, 1))
    c = jnp.zeros(shape=(n, 6, 1))
    pA = jnp.zeros(shape=(n, 6, 1))
    MA = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = i_X_0.at[0].set(jnp.eye(6))

    pass_1_carry = (v, c, MA, pA, i_X_0)

    def loop_body_pass1(carry, i):
        ii = i - 1
        v, c, MA, pA, i_X_0 = carry
        vJ = S[i] * ṡ[ii]
        v_i = i_X_λi[i] @ v[λ[i]] + vJ
        v = v.at[i].set(v_i)
        c_i = _cross_vx(v[i]) @ vJ
        c = c.at[i].set(c_i)
        MA_i = jnp.array(M[i])
        MA = MA.at[i].set(MA_i)
        i_Xi_0 = i_X_λi[i] @ i_X_0[λ[i]]
        i_X_0 = i_X_0.at[i].set(i_Xi_0)
        i_Xf_W = _adjoint_inverse(i_X_0[i] @ B_X_W).T
        pA_i = _cross_vx_star(v[i]) @ M[i] @ v[i] - i_Xf_W @ jnp.vstack(W_f[i])
        pA = pA.at[i].set(pA_i)
        return (v, c, MA, pA, i_X_0), None

    (v, c, MA, pA, i_X_0), _ = jax.lax.scan(f=loop_body_pass1, init=pass_1_carry, xs=jnp.arange(start=1, stop=n))

    U = jnp.zeros_like(S)
    d = jnp.zeros(shape=(n, 1))
    u = jnp.zeros(shape=(n, 1))
    pass_2_carry = (U, d, u, MA, pA)

    def loop_body_pass2(carry, i):
        ii = i - 1
        U, d, u, MA, pA = carry
        U_i = MA[i] @ S[i]
        U = U.at[i].set(U_i)
        d_i = S[i].T @ U[i]
        d = d.at[i].set(d_i.squeeze())
        u_i = τ[ii] - S[i].T @ pA[i]
        u = u.at[i].set(u_i.squeeze())
        Ma = MA[i] - U[i] / d[i] @ U[i].T
        pa = pA[i] + Ma @ c[i] + U[i] * (u[i] / d[i])

        def propagate(MA_pA):
            MA, pA = MA_pA
            MA_λi = MA[λ[i]] + i_X_λi[i].T @ Ma @ i_X_λi[i]
            MA = MA.at[λ[i]].set(MA_λi)
            pA_λi = pA[λ[i]] + i_X_λi[i].T @ pa
            pA = pA.at[λ[i]].set(pA_λi)
            return MA, pA

        MA, pA = jax.lax.cond(
            pred=jnp.logical_or(λ[i] != 0, FLOATING_BASE),
            true_fun=propagate,
            false_fun=lambda MA_pA: MA_pA,
            operand=(MA, pA),
        )
        return (U, d, u, MA, pA), None

    (U, d, u, MA, pA), _ = jax.lax.scan(f=loop_body_pass2, init=pass_2_carry, xs=jnp.flip(jnp.arange(start=1, stop=n)))

    a0 = -B_X_W @ W_g
    s̈ = jnp.zeros_like(ṡ)  # zeros_like(s), the joint positions: the same shape
    a = jnp.zeros_like(v).at[0].set(a0)
    pass_3_carry = (a, s̈)

    def loop_body_pass3(carry, i):
        ii = i - 1
        a, s̈ = carry
        a_i = i_X_λi[i] @ a[λ[i]] + c[i]
        s̈_ii = (u[i] - U[i].T @ a_i) / d[i]
        s̈ = s̈.at[ii].set(s̈_ii.squeeze())
        a_i = a_i + S[i] * s̈[ii]
        a = a.at[i].set(a_i)
        return (a, s̈), None

    (a, s̈), _ = jax.lax.scan(f=loop_body_pass3, init=pass_3_carry, xs=jnp.arange(1, n))
    W_a_WB = jnp.zeros(6)
    return W_a_WB.squeeze(), jnp.atleast_1d(s̈.squeeze())


@program(twin=_aba_twin, args=_rnea_args, grad=(3, 5, 6, 7), loss=lambda out: jnp.sum(out[1] ** 2),
         vmap=(None, None, None, None, None, 0, 0, 0, None), rtol=1e-4,
         source=JAXSIM.format("rbda/aba.py") + ", `aba` (forward dynamics by the Articulated Body Algorithm: a "
         "lax.scan propagating velocities and bias forces, a reversed lax.scan computing articulated inertias with a "
         "lax.cond on λ[i] != 0 or floating_base propagating them to the parent, a lax.scan of joint accelerations) "
         "for a fixed-base five-link tree, the joint torques in the place of RNEA's accelerations; the scans for over "
         "range and reversed(range), the cond an if")
def jaxsim_aba(λ, i_X_λi, S, M, B_X_W, ṡ, τ, W_f, W_g):
    n = λ.shape[0]
    W_g = jnp.atleast_2d(W_g).T
    v = jnp.zeros(shape=(n, 6, 1))
    c = jnp.zeros(shape=(n, 6, 1))
    pA = jnp.zeros(shape=(n, 6, 1))
    MA = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = jnp.zeros(shape=(n, 6, 6))
    i_X_0 = i_X_0.at[0].set(jnp.eye(6))
    for i in range(1, n):
        ii = i - 1
        vJ = S[i] * ṡ[ii]
        v = v.at[i].set(i_X_λi[i] @ v[λ[i]] + vJ)
        c = c.at[i].set(_cross_vx(v[i]) @ vJ)
        MA = MA.at[i].set(jnp.array(M[i]))
        i_X_0 = i_X_0.at[i].set(i_X_λi[i] @ i_X_0[λ[i]])
        i_Xf_W = _adjoint_inverse(i_X_0[i] @ B_X_W).T
        pA = pA.at[i].set(_cross_vx_star(v[i]) @ M[i] @ v[i] - i_Xf_W @ jnp.vstack(W_f[i]))

    U = jnp.zeros_like(S)
    d = jnp.zeros(shape=(n, 1))
    u = jnp.zeros(shape=(n, 1))
    for i in reversed(range(1, n)):
        ii = i - 1
        U = U.at[i].set(MA[i] @ S[i])
        d = d.at[i].set((S[i].T @ U[i]).squeeze())
        u = u.at[i].set((τ[ii] - S[i].T @ pA[i]).squeeze())
        Ma = MA[i] - U[i] / d[i] @ U[i].T
        pa = pA[i] + Ma @ c[i] + U[i] * (u[i] / d[i])
        if λ[i] != 0 or FLOATING_BASE:
            MA = MA.at[λ[i]].set(MA[λ[i]] + i_X_λi[i].T @ Ma @ i_X_λi[i])
            pA = pA.at[λ[i]].set(pA[λ[i]] + i_X_λi[i].T @ pa)

    a0 = -B_X_W @ W_g
    s̈ = jnp.zeros_like(ṡ)
    a = jnp.zeros_like(v).at[0].set(a0)
    for i in range(1, n):
        ii = i - 1
        a_i = i_X_λi[i] @ a[λ[i]] + c[i]
        s̈_ii = (u[i] - U[i].T @ a_i) / d[i]
        s̈ = s̈.at[ii].set(s̈_ii.squeeze())
        a = a.at[i].set(a_i + S[i] * s̈[ii])
    W_a_WB = jnp.zeros(6)
    return W_a_WB.squeeze(), jnp.atleast_1d(s̈.squeeze())


def _support_parent_twin(parent_array):
    # api/kin_dyn_parameters.py's `KinDynParameters.build`: the boolean support parent array κb, jax.vmap of `κb`
    n = parent_array.shape[0]

    def κb(link_index):
        κb = jnp.zeros(n, dtype=bool)
        carry0 = κb, link_index

        def scan_body(carry, i):
            κb, active_link_index = carry
            κb, active_link_index = jax.lax.cond(
                pred=(i == active_link_index),
                false_fun=lambda: (κb, active_link_index),
                true_fun=lambda: (
                    κb.at[active_link_index].set(True),
                    parent_array[active_link_index],
                ),
            )
            return (κb, active_link_index), None

        (κb, _), _ = jax.lax.scan(f=scan_body, init=carry0, xs=jnp.flip(jnp.arange(start=0, stop=n)))
        return κb

    return jax.vmap(κb)(jnp.arange(start=0, stop=n))


@program(twin=_support_parent_twin, args=lambda: (jnp.array([-1, 0, 1, 1, 3, 0, 5], dtype=jnp.int32),), vmap=(0,),
         source=JAXSIM.format("api/kin_dyn_parameters.py") + ", `KinDynParameters.build`'s boolean support parent "
         "array κb(i) (the links from i up to the root: a lax.scan over the link indices in reverse with a lax.cond "
         "marking the active link and moving to its parent, jax.vmap over the links), a seven-link tree; the scan "
         "a for over reversed(range(n)) with an if, the jax.vmap a list comprehension over the links (an eager "
         "Python if cannot run under jax.vmap: plain is the oracle run eagerly)")
def jaxsim_support_parent_array(parent_array):
    n = parent_array.shape[0]

    def κb(link_index):
        κb = jnp.zeros(n, dtype=bool)
        active_link_index = link_index
        for i in reversed(range(n)):
            if i == active_link_index:
                κb = κb.at[active_link_index].set(True)
                active_link_index = parent_array[active_link_index]
        return κb

    return jnp.stack([κb(link_index) for link_index in range(n)])

# --- e3nn/e3nn-jax: spherical harmonics by Legendre polynomials, _distinct_but_small ----------------------------------

SH_LMAX = 3
SH_NORMALIZE = True
SH_NORMALIZATION = "component"


def _legendre(lmax, x, phase, is_normalized=False):
    # spherical_harmonics/legendre.py's `legendre` and `_legendre` (without the jax.jit on lmax, is_normalized)
    x = jnp.asarray(x)
    p = jax.scipy.special.lpmn_values(lmax, lmax, x.flatten(), is_normalized)  # [m, l, x]
    p = (-phase) ** jnp.arange(lmax + 1)[:, None, None] * p
    p = jnp.transpose(p, (1, 0, 2))  # [l, m, x]
    p = jnp.reshape(p, (lmax + 1, lmax + 1) + x.shape)
    return p


def _sh_alpha(l, alpha):  # noqa: E741 - the source names it l
    alpha = alpha[..., None]  # [..., 1]
    m = jnp.arange(1, l + 1)  # [1, 2, 3, ..., l]
    cos = jnp.cos(m * alpha)  # [..., m]
    m = jnp.arange(l, 0, -1)  # [l, l-1, l-2, ..., 1]
    sin = jnp.sin(m * alpha)  # [..., m]
    return jnp.concatenate([jnp.sqrt(2) * sin, jnp.ones_like(alpha), jnp.sqrt(2) * cos], axis=-1)


def _sh_beta(lmax, cos_betas):
    sh_y = _legendre(lmax, cos_betas, phase=1.0, is_normalized=True)  # [l, m, ...]
    sh_y = jnp.moveaxis(sh_y, 0, -1)  # [m, ..., l]
    sh_y = jnp.moveaxis(sh_y, 0, -1)  # [..., l, m]
    return sh_y


def _legendre_sh_twin(x, lmax=SH_LMAX, normalize=SH_NORMALIZE, normalization=SH_NORMALIZATION):
    alpha = jnp.arctan2(x[..., 0], x[..., 2])
    sh_alpha = _sh_alpha(lmax, alpha)  # [..., 2 * l + 1]
    n = jnp.linalg.norm(x, axis=-1, keepdims=True)
    x = x / jnp.where(n > 0, n, 1.0)
    sh_y = _sh_beta(lmax, x[..., 1])  # [..., l, m]
    sh = jnp.zeros(x.shape[:-1] + ((lmax + 1) ** 2,), x.dtype)

    def f(l, sh):  # noqa: E741
        def g(m, sh):
            y = sh_y[..., l, jnp.abs(m)]
            if not normalize:
                y = y * n[..., 0] ** l
            if normalization == "norm":
                y = y * (jnp.sqrt(4 * jnp.pi) / jnp.sqrt(2 * l + 1))
            elif normalization == "component":
                y = y * jnp.sqrt(4 * jnp.pi)
            a = sh_alpha[..., lmax + m]
            return sh.at[..., l**2 + l + m].set(y * a)

        return jax.lax.fori_loop(-l, l + 1, g, sh)

    sh = jax.lax.fori_loop(0, lmax + 1, f, sh)
    return sh


def _sh_points():
    return jnp.array([[0.3, -0.8, 0.5], [1.0, 0.2, -0.4], [-0.6, 0.1, 0.9], [0.0, 1.0, 0.0]])


@program(twin=_legendre_sh_twin, args=lambda: (_sh_points(),), vmap=(0,), rtol=1e-4,
         source=E3NN.format("spherical_harmonics/legendre.py") + ", `legendre_spherical_harmonics` with `_sh_alpha`, "
         "`_sh_beta` and `legendre` (real spherical harmonics up to lmax=3, normalize=True, normalization='component': "
         "a lax.fori_loop over l holding a lax.fori_loop over m from -l to l, the Python ifs on the static settings "
         "inside the body); the fori_loops nested for loops, the inner one over range(-l, l + 1)")
def e3nn_legendre_spherical_harmonics(x, lmax=SH_LMAX, normalize=SH_NORMALIZE, normalization=SH_NORMALIZATION):
    alpha = jnp.arctan2(x[..., 0], x[..., 2])
    sh_alpha = _sh_alpha(lmax, alpha)  # [..., 2 * l + 1]
    n = jnp.linalg.norm(x, axis=-1, keepdims=True)
    x = x / jnp.where(n > 0, n, 1.0)
    sh_y = _sh_beta(lmax, x[..., 1])  # [..., l, m]
    sh = jnp.zeros(x.shape[:-1] + ((lmax + 1) ** 2,), x.dtype)
    for l in range(lmax + 1):  # noqa: E741
        for m in range(-l, l + 1):
            y = sh_y[..., l, abs(m)]
            if not normalize:
                y = y * n[..., 0] ** l
            if normalization == "norm":
                y = y * (jnp.sqrt(4 * jnp.pi) / jnp.sqrt(2 * l + 1))
            elif normalization == "component":
                y = y * jnp.sqrt(4 * jnp.pi)
            a = sh_alpha[..., lmax + m]
            sh = sh.at[..., l**2 + l + m].set(y * a)
    return sh


@program(twin=lambda x: _legendre_sh_twin(x, normalize=False, normalization="norm"), args=lambda: (_sh_points(),),
         jvp=(0,), vmap=(0,), rtol=1e-4,
         source=E3NN.format("spherical_harmonics/legendre.py") + ", `legendre_spherical_harmonics` as above with "
         "normalize=False (y scaled by |x| ** l, l the outer loop's index) and normalization='norm' "
         "(sqrt(2 * l + 1) of the index); jvp, not grad: the source's inner fori_loop has traced bounds, which reverse "
         "mode refuses")
def e3nn_legendre_spherical_harmonics_unnormalized(x):
    return e3nn_legendre_spherical_harmonics(x, normalize=False, normalization="norm")


def _distinct_but_small_twin(x):
    # scatter.py's `_distinct_but_small`
    shape = x.shape
    x = jnp.ravel(x)
    unique = jnp.unique(x, size=x.shape[0])  # Pigeonhole principle
    x = jax.lax.scan(lambda _, i: (None, jnp.where(i == unique, size=1)[0][0]), None, x)[1]
    return jnp.reshape(x, shape)


@program(twin=_distinct_but_small_twin, args=lambda: (jnp.array([[7, 3, 7], [12, 3, 5], [5, 12, 40]]),),
         vmap=(0,),
         source=E3NN.format("scatter.py") + ", `_distinct_but_small` (maps integers to 0..n-1 by their rank among "
         "the distinct values: jnp.unique with a static size, then a lax.scan finding each element's index with "
         "jnp.where(..., size=1)); the scan a for over the flattened array appending to a list")
def e3nn_distinct_but_small(x):
    shape = x.shape
    x = jnp.ravel(x)
    unique = jnp.unique(x, size=x.shape[0])  # Pigeonhole principle
    out = []
    for i in x:
        out.append(jnp.where(i == unique, size=1)[0][0])
    return jnp.reshape(jnp.stack(out), shape)


# --- google-deepmind/gemma: the text sampler's loop (gm/text/_sampler_loop.py) ---------------------------------------

GEMMA_END_TOKENS = (1,)
GEMMA_FORBIDDEN_TOKENS = (2,)
GEMMA_MAX_NEW_TOKENS = 10
GEMMA_TOPK = 3


def _gemma_model(emb, w_out, tokens, cache, positions, attention_mask):
    # Not library code: the fixed network standing for `model.apply` (one attention read of a one-layer cache in
    # Gemma's layout {'layer_0': {'k', 'v': B L H D, 'end_index': B}}, writing this token's key and value at end_index)
    x = emb[tokens[:, 0]] * jnp.cos(0.1 * positions)
    layer = cache['layer_0']
    idx = layer['end_index'][0]
    k = layer['k'].at[:, idx, 0].set(x)
    v = layer['v'].at[:, idx, 0].set(jnp.tanh(x))
    scores = jnp.einsum('bd,bld->bl', x, k[:, :, 0]) / jnp.sqrt(x.shape[-1])
    scores = jnp.where(attention_mask[:, 0, :], scores, -1e9)
    h = jnp.einsum('bl,bld->bd', jax.nn.softmax(scores, axis=-1), v[:, :, 0])
    logits = (h + x) @ w_out
    return logits[:, None, :], {'layer_0': {'k': k, 'v': v, 'end_index': layer['end_index'] + 1}}


def _gemma_greedy(logits, rng):
    # _sampling.py's `Greedy.get_next_tokens`
    del rng
    return jnp.argmax(logits, axis=-1)


def _gemma_topk(logits, rng):
    # _sampling.py's `TopkSampling.get_next_tokens` (temperature=1.0, k=3; enp.flatten / unflatten of a 2-D batch
    # the identity)
    batch_size = logits.shape[0]
    topk_values, topk_indices = jax.lax.top_k(logits, GEMMA_TOPK)
    sampled_topk_indices = jax.random.categorical(rng, topk_values / 1.0, axis=-1)
    batch_indices = jnp.arange(batch_size)
    topk_indices = topk_indices[batch_indices, sampled_topk_indices]
    return topk_indices


def _gemma_cache_is_full(cache):
    # _cache_helper.py's `Cache.end_index` and `Cache.is_full`
    layer_data = next(iter(cache.values()))
    end_index = layer_data['end_index'][0]
    _, total_cache_length, _, _ = layer_data['k'].shape
    return end_index >= total_cache_length - 1


def _gemma_sample_step(state, *, emb, w_out, get_next_tokens):
    # `SamplerLoop._sample_step`, SamplingState a dict (`attention_mask_for_step` and `used_cache_length` inlined)
    cache_length = state['full_attention_mask'].shape[-1]
    step_mask = jnp.arange(cache_length) < state['init_cache_length'] + state['step'] + 1
    attention_mask_for_step = state['full_attention_mask'] * step_mask

    logits, cache = _gemma_model(
        emb, w_out,
        tokens=state['last_token'][..., None],
        cache=state['cache'],
        positions=state['last_token_pos'][..., None],
        attention_mask=attention_mask_for_step[:, None, :],  # B 1 L
    )
    logits = logits[:, 0]  # einops.rearrange(logits, 'B 1 V -> B V')
    if GEMMA_FORBIDDEN_TOKENS:
        logits = logits.at[:, GEMMA_FORBIDDEN_TOKENS].set(-jnp.inf)

    next_rng, curr_rng = jax.random.split(state['rng'])
    next_token = get_next_tokens(logits, rng=curr_rng)

    predicted_tokens = state['predicted_tokens'].at[:, state['step']].set(next_token)
    done = state['done'] | jnp.isin(next_token, jnp.asarray(GEMMA_END_TOKENS))

    return dict(
        step=state['step'] + 1,
        done=done,
        last_token=next_token,
        last_token_pos=state['last_token_pos'] + ~state['done'],
        predicted_tokens=predicted_tokens,
        cache=cache,
        rng=next_rng,
        init_cache_length=state['init_cache_length'],
        full_attention_mask=state['full_attention_mask'],
    )


def _mask_tokens_after_end_tokens(tokens, *, end_tokens):
    end_tokens_mask = jnp.isin(tokens, jnp.asarray(end_tokens))
    end_tokens_mask = jnp.cumsum(end_tokens_mask, axis=-1) - end_tokens_mask == 0
    return tokens * end_tokens_mask


def _mask_full_attention_mask_prefix_for_next_turn(*, full_attention_mask, predicted_tokens, init_cache_length):
    num_predicted_tokens = jnp.sum(predicted_tokens != 0, axis=-1)
    cache_length = full_attention_mask.shape[-1]
    length_pred = init_cache_length + 1 + num_predicted_tokens
    mask = jnp.arange(cache_length)[None, ...] < length_pred[..., None]
    full_attention_mask = full_attention_mask * mask
    return full_attention_mask


def _gemma_init_state(k, v, end_index, last_token, last_token_pos, full_attention_mask, rng):
    batch = last_token.shape[0]
    return dict(step=jnp.asarray(0), done=jnp.zeros((batch,), dtype=jnp.bool_), last_token=last_token,
                last_token_pos=last_token_pos, predicted_tokens=jnp.zeros((batch, GEMMA_MAX_NEW_TOKENS), jnp.int32),
                cache={'layer_0': {'k': k, 'v': v, 'end_index': end_index}}, rng=rng,
                init_cache_length=end_index[0], full_attention_mask=full_attention_mask)


def _gemma_post(state):
    # the post-processing after the loop in `_sample_loop`
    predicted_tokens = _mask_tokens_after_end_tokens(state['predicted_tokens'], end_tokens=GEMMA_END_TOKENS)
    full_attention_mask = _mask_full_attention_mask_prefix_for_next_turn(
        full_attention_mask=state['full_attention_mask'], predicted_tokens=predicted_tokens,
        init_cache_length=state['init_cache_length'])
    return predicted_tokens, full_attention_mask, state['step'], state['done'], state['last_token_pos']


def _gemma_sample_loop_twin(get_next_tokens, emb, w_out, *init):
    # `SamplerLoop._sample_loop` (max_new_tokens=10)
    state = _gemma_init_state(*init)
    step_fn = lambda state: _gemma_sample_step(state, emb=emb, w_out=w_out, get_next_tokens=get_next_tokens)  # noqa

    def cond_fn(state):
        return (
            (state['step'] < GEMMA_MAX_NEW_TOKENS)
            & ~jnp.all(state['done'])
            & ~_gemma_cache_is_full(state['cache'])
        )

    state = jax.lax.while_loop(cond_fn, step_fn, state)
    return _gemma_post(state)


def _gemma_stream_sample_loop(get_next_tokens, emb, w_out, *init):
    # `SamplerLoop._stream_sample_loop`, the library's own Python loop, returning the last state (not yielding each)
    state = _gemma_init_state(*init)
    for _ in range(GEMMA_MAX_NEW_TOKENS):
        # Exit if the cache is full.
        if jnp.all(state['done']) or _gemma_cache_is_full(state['cache']):
            break
        state = _gemma_sample_step(state, emb=emb, w_out=w_out, get_next_tokens=get_next_tokens)
    return _gemma_post(state)


def _gemma_args(seed, rng, cache_length=12):
    # a prefilled cache: the prompts' keys and values written by the same network, batch 1 left-padded by one token
    k1, k2 = random.split(random.key(seed))
    emb, w_out = random.normal(k1, (8, 4)), 2.0 * random.normal(k2, (4, 8))
    prompt = jnp.array([[5, 6, 4], [0, 3, 7]], dtype=jnp.int32)
    full_attention_mask = jnp.ones((2, cache_length), jnp.bool_).at[1, 0].set(False)
    cache = {'layer_0': {'k': jnp.zeros((2, cache_length, 1, 4)), 'v': jnp.zeros((2, cache_length, 1, 4)),
                         'end_index': jnp.zeros((2,), jnp.int32)}}
    positions = jnp.array([[0, 1, 2], [-1, 0, 1]], dtype=jnp.int32)
    for t in range(prompt.shape[1] - 1):
        _, cache = _gemma_model(emb, w_out, prompt[:, t:t + 1], cache, positions[:, t:t + 1],
                                (full_attention_mask & (jnp.arange(cache_length) <= t))[:, None, :])
    layer = cache['layer_0']
    return (emb, w_out, layer['k'], layer['v'], layer['end_index'], prompt[:, -1], positions[:, -1],
            full_attention_mask, rng)


_GEMMA_SOURCE = GEMMA.format("gm/text/_sampler_loop.py") + ", `SamplerLoop._sample_loop` (a lax.while_loop while "\
    "step < max_new_tokens, not all sequences done and the cache not full, each step `_sample_step`: the model on "\
    "the last token with the step's attention mask, forbidden tokens set to -inf, the next token, done at an end "\
    "token) and its post-processing `_mask_tokens_after_end_tokens`, "\
    "`_mask_full_attention_mask_prefix_for_next_turn`, with _cache_helper.py's `is_full`, max_new_tokens=10, "\
    "end_tokens=(1,), forbidden_tokens=(2,), a prefilled "\
    "12-slot cache, a fixed one-attention-layer network for the Transformer; plain is the library's own "\
    "`_stream_sample_loop` (for _ in range(max_new_tokens): if jnp.all(state.done) or state.cache_info.is_full: "\
    "break), returning the last state"


@program(twin=lambda *a: _gemma_sample_loop_twin(_gemma_greedy, *a), args=lambda: _gemma_args(96, random.PRNGKey(0)),
         vmap=(0, None, None, None, None, None, None, None, None),
         source=_GEMMA_SOURCE + "; sampling `Greedy`")
def gemma_sampler_greedy(emb, w_out, *init):
    return _gemma_stream_sample_loop(_gemma_greedy, emb, w_out, *init)


@program(twin=lambda *a: _gemma_sample_loop_twin(_gemma_topk, *a),
         args=lambda: _gemma_args(97, random.PRNGKey(98), cache_length=10),
         vmap=(None, None, None, None, None, None, None, None, 0),
         source=_GEMMA_SOURCE + "; sampling `TopkSampling` (k=3), a 10-slot cache (full after 7 steps)")
def gemma_sampler_topk(emb, w_out, *init):
    return _gemma_stream_sample_loop(_gemma_topk, emb, w_out, *init)


# --- google-deepmind/recurrentgemma: the RG-LRU linear scan (jax/scan.py), the sampler's loop (jax/sampler.py) ------

def _get_acc_dtype(x, h0, acc_float_dtype=jnp.float32):
    # jax/pallas.py's `get_acc_dtype` (complex_lib.Complex is not used here: plain jnp arrays)
    if h0 is not None:
        assert acc_float_dtype == h0.dtype
        return acc_float_dtype
    elif not jnp.iscomplexobj(x):
        return acc_float_dtype
    else:
        return (x.real.astype(acc_float_dtype) * 1j).dtype


def _lru_linear_scan_twin(x, a, h0=None, reverse=False, return_a_prod=False, acc_float_dtype=jnp.float32, unroll=1):
    """Computes a linear scan over the second axis of the inputs."""
    acc_dtype = _get_acc_dtype(x, h0, acc_float_dtype)

    def body_fn(carry, current_inputs):
        h_prev, a_prev = carry
        x_t, a_t = current_inputs
        h_t = a_t.astype(acc_dtype) * h_prev + x_t.astype(acc_dtype)
        h_out = h_t.astype(x.dtype)

        if return_a_prod:
            assert a_prev is not None
            a_t = a_t.astype(acc_dtype) * a_prev
            a_out = a_t.astype(x.dtype)
        else:
            a_t, a_out = None, None

        return (h_t, a_t), (h_out, a_out)

    h0 = jnp.zeros_like(x[:, 0], acc_dtype) if h0 is None else h0
    a0 = jnp.ones_like(h0) if return_a_prod else None

    scan_fn = jax.vmap(
        lambda init, xs: jax.lax.scan(body_fn, init=init, xs=xs, unroll=unroll, reverse=reverse),
        in_axes=0,
        out_axes=0,
    )
    (h_last, a_prod_last), (y, a_prod) = scan_fn((h0, a0), (x, a))

    if return_a_prod:
        return (y, h_last), (a_prod, a_prod_last)
    else:
        return (y, h_last)


def _lru_args():
    k1, k2, k3 = random.split(random.key(99), 3)
    return (random.normal(k1, (2, 7, 3)), jax.nn.sigmoid(random.normal(k2, (2, 7, 3)) + 1.0),
            random.normal(k3, (2, 3)))


@program(twin=_lru_linear_scan_twin, args=_lru_args, grad=(0, 1, 2),
         loss=lambda out: jnp.sum(out[0] * jnp.arange(42.0).reshape(2, 7, 3)) + jnp.sum(out[1] ** 2),
         vmap=(0, 0, 0), rtol=1e-4,
         source=RGEMMA.format("jax/scan.py") + ", `lru_linear_scan` with h0 given (h_t = a_t * h_{t-1} + x_t over the "
         "time axis: a jax.vmap over the batch of a lax.scan) and jax/pallas.py's `get_acc_dtype`; the scan a for "
         "over zip(xs, a) appending to a list, inside the same jax.vmap")
def rgemma_lru_linear_scan(x, a, h0=None):
    acc_dtype = _get_acc_dtype(x, h0)
    h0 = jnp.zeros_like(x[:, 0], acc_dtype) if h0 is None else h0

    def scan_one(h, xs, as_):
        ys = []
        for x_t, a_t in zip(xs, as_):
            h = a_t.astype(acc_dtype) * h + x_t.astype(acc_dtype)
            ys.append(h.astype(x.dtype))
        return jnp.stack(ys), h

    return jax.vmap(scan_one)(h0, x, a)


@program(twin=lambda x, a: _lru_linear_scan_twin(x, a, reverse=True, return_a_prod=True), args=lambda: _lru_args()[:2],
         grad=(0, 1), loss=lambda out: jnp.sum(out[0][0] * jnp.arange(42.0).reshape(2, 7, 3)) + jnp.sum(out[1][0] ** 2)
         + jnp.sum(out[0][1]) + jnp.sum(out[1][1]), vmap=(0, 0), rtol=1e-4,
         source=RGEMMA.format("jax/scan.py") + ", `lru_linear_scan` with h0=None, reverse=True, return_a_prod=True "
         "(the scan runs from the last step, also carrying the running product of a); the scan a for over "
         "reversed(range(T)) with an if on the static return_a_prod, outputs reversed back at the end")
def rgemma_lru_linear_scan_reverse(x, a, h0=None, return_a_prod=True):
    acc_dtype = _get_acc_dtype(x, h0)
    h0 = jnp.zeros_like(x[:, 0], acc_dtype) if h0 is None else h0

    def scan_one(h, xs, as_):
        a_prev = jnp.ones_like(h)
        ys, a_prods = [], []
        for t in reversed(range(xs.shape[0])):
            h = as_[t].astype(acc_dtype) * h + xs[t].astype(acc_dtype)
            ys.append(h.astype(x.dtype))
            if return_a_prod:
                a_prev = as_[t].astype(acc_dtype) * a_prev
                a_prods.append(a_prev.astype(x.dtype))
        return (jnp.stack(ys[::-1]), h), (jnp.stack(a_prods[::-1]), a_prev)

    return jax.vmap(scan_one)(h0, x, a)


RG_EOS = 1


def _rg_apply_model(emb, a_param, w_out, tokens, segment_pos, cache):
    # Not library code: the fixed network standing for `apply_model` (one RG-LRU-style step h = a h + sqrt(1 - a^2) x
    # on the token's embedding, the cache its state, and a readout); segment_pos is not used by the recurrence
    del segment_pos
    a = jax.nn.sigmoid(a_param)
    x = emb[tokens[:, 0]]
    h = a * cache['h'] + jnp.sqrt(1 - a ** 2) * x
    logits = jnp.tanh(h) @ w_out
    return logits[:, None, :], {'h': h}


def _rg_sample_from_logits(rng, logits):
    # `Sampler._sample_from_logits` with deterministic_sampling=False
    rng, next_rng = jax.random.split(rng)
    return jax.random.categorical(next_rng, logits), rng


def _rg_sample_step(params, sampler_state, end_sampling_at_eos_token=True):
    # `Sampler._sample_step`, SamplingState a dict
    emb, a_param, w_out = params
    step = sampler_state['step']
    tokens_buffer = sampler_state['tokens_buffer']
    logits_buffer = sampler_state['logits_buffer']

    last_token = sampler_state['tokens_buffer'][:, step][:, None]
    logits, cache = _rg_apply_model(emb, a_param, w_out, tokens=last_token, segment_pos=sampler_state['positions'],
                                    cache=sampler_state['cache'])

    next_token, rng = _rg_sample_from_logits(sampler_state['rng'], logits[:, 0])
    tokens_buffer = tokens_buffer.at[:, step + 1].set(next_token)

    if logits_buffer is not None:
        logits_buffer = sampler_state['logits_buffer'].at[:, step + 1].set(logits[:, 0])

    if end_sampling_at_eos_token:
        done_now = jnp.equal(next_token, RG_EOS)
    else:
        done_now = False

    return dict(
        tokens_buffer=tokens_buffer,
        rng=rng,
        step=step + 1,
        total_steps=sampler_state['total_steps'],
        positions=sampler_state['positions'] + 1,
        cache=cache,
        done=sampler_state['done'] | done_now,
        logits_buffer=logits_buffer,
    )


def _rg_init(tokens_buffer, h, rng, total_steps):
    batch = tokens_buffer.shape[0]
    return dict(tokens_buffer=tokens_buffer, rng=rng, step=jnp.asarray(0), total_steps=total_steps,
                positions=jnp.full((batch, 1), 4), cache={'h': h}, done=jnp.zeros((batch,), jnp.bool_),
                logits_buffer=jnp.zeros(tokens_buffer.shape + (6,)))


def _rg_sample_fn_twin(emb, a_param, w_out, tokens_buffer, h, rng, total_steps):
    # `Sampler._sample_fn` (end_sampling_at_eos_token=True)
    params = (emb, a_param, w_out)
    initial_sampling_state = _rg_init(tokens_buffer, h, rng, total_steps)

    def sample_with_params(sampler_state):
        return _rg_sample_step(params, sampler_state, True)

    def cond_fn(sampler_state):
        # This is -1, since we make the first sampling from the prompt
        cond1 = sampler_state['step'] < sampler_state['total_steps'] - 1
        cond2 = jnp.any(jnp.logical_not(sampler_state['done']))
        return jnp.logical_and(cond1, cond2)

    state = jax.lax.while_loop(cond_fn, sample_with_params, initial_sampling_state)
    return state['tokens_buffer'], state['logits_buffer'], state['step'], state['done']


def _rg_args():
    k1, k2, k3, k4 = random.split(random.key(100), 4)
    tokens_buffer = jnp.zeros((3, 12), jnp.int32).at[:, 0].set(jnp.array([4, 2, 5]))
    return (random.normal(k1, (6, 4)), random.normal(k2, (4,)), 1.5 * random.normal(k3, (4, 6)), tokens_buffer,
            0.3 * random.normal(k4, (3, 4)), random.PRNGKey(101), jnp.int32(12))


@program(twin=_rg_sample_fn_twin, args=_rg_args, jvp=(0, 2), vmap=(None, None, None, None, None, 0, None),
         source=RGEMMA.format("jax/sampler.py") + ", `Sampler._sample_fn` and `_sample_step` (a lax.while_loop while "
         "step < total_steps - 1, total_steps a traced array of the state, and any sequence is not done; each step "
         "feeds tokens_buffer[:, step] to the model, samples with `_sample_from_logits` (deterministic_sampling=False) "
         "into tokens_buffer[:, step + 1], fills the logits buffer, done at the EOS token), end_sampling_at_eos_token="
         "True, a fixed one-RG-LRU-step network for the Griffin model; the while_loop a Python while with `and`")
def rgemma_sampler(emb, a_param, w_out, tokens_buffer, h, rng, total_steps):
    params = (emb, a_param, w_out)
    sampler_state = _rg_init(tokens_buffer, h, rng, total_steps)
    while sampler_state['step'] < sampler_state['total_steps'] - 1 and jnp.any(jnp.logical_not(sampler_state['done'])):
        sampler_state = _rg_sample_step(params, sampler_state, True)
    return (sampler_state['tokens_buffer'], sampler_state['logits_buffer'], sampler_state['step'],
            sampler_state['done'])


# --- google-deepmind/alphafold: sharded_apply (model/mapping.py) ---------------------------------------------------

PROXY = object()
AF_SHARD_SIZE = 4


def _maybe_slice(array, i, slice_size, axis):
    if axis is PROXY:
        return array
    else:
        return jax.lax.dynamic_slice_in_dim(array, i, slice_size=slice_size, axis=axis)


def _maybe_get_size(array, axis):
    if axis == PROXY:
        return -1
    else:
        return array.shape[axis]


def _expand_axes(axes, values, name='sharded_apply'):
    values_tree_def = jax.tree_util.tree_flatten(values)[1]
    flat_axes = jax.api_util.flatten_axes(name, values_tree_def, axes)
    # Replace None's with PROXY
    flat_axes = [PROXY if x is None else x for x in flat_axes]
    return jax.tree_util.tree_unflatten(values_tree_def, flat_axes)


def _af_layer(x, w):
    # Not library code: the function sharded over its first argument's rows (jax.vmap for hk.vmap: no Haiku module)
    h = jnp.tanh(x @ w)
    return h, jnp.sum(h) * x[0]


AF_FUN = jax.vmap(_af_layer, in_axes=(0, None))
AF_IN_AXES = (0, None)
AF_OUT_AXES = 0


def _af_setup(args, fun=AF_FUN, shard_size=AF_SHARD_SIZE, in_axes=AF_IN_AXES, out_axes=AF_OUT_AXES):
    # `sharded_apply.mapped_fn` up to the loop (hk.eval_shape is jax.eval_shape outside a transform)
    in_axes_ = _expand_axes(in_axes, args)
    in_sizes = jax.tree.map(_maybe_get_size, args, in_axes_)
    flat_sizes = jax.tree_util.tree_flatten(in_sizes)[0]
    in_size = max(flat_sizes)
    assert all(i in {in_size, -1} for i in flat_sizes)

    num_extra_shards = (in_size - 1) // shard_size

    # Fix Up if necessary
    last_shard_size = in_size % shard_size
    last_shard_size = shard_size if last_shard_size == 0 else last_shard_size

    def apply_fun_to_slice(slice_start, slice_size):
        input_slice = jax.tree.map(
            lambda array, axis: _maybe_slice(array, slice_start, slice_size, axis),
            args,
            in_axes_,
        )
        return fun(*input_slice)

    remainder_shape_dtype = jax.eval_shape(functools.partial(apply_fun_to_slice, 0, last_shard_size))
    out_dtypes = jax.tree.map(lambda x: x.dtype, remainder_shape_dtype)
    out_shapes = jax.tree.map(lambda x: x.shape, remainder_shape_dtype)
    out_axes_ = _expand_axes(out_axes, remainder_shape_dtype)

    if num_extra_shards > 0:
        regular_shard_shape_dtype = jax.eval_shape(functools.partial(apply_fun_to_slice, 0, shard_size))
        shard_shapes = jax.tree.map(lambda x: x.shape, regular_shard_shape_dtype)

        def make_output_shape(axis, shard_shape, remainder_shape):
            return (
                shard_shape[:axis]
                + (shard_shape[axis] * num_extra_shards + remainder_shape[axis],)
                + shard_shape[axis + 1:]
            )

        out_shapes = jax.tree.map(make_output_shape, out_axes_, shard_shapes, out_shapes)

    # Calls dynamic Update slice with different argument order
    # This is here since tree_map only works with positional arguments
    def dynamic_update_slice_in_dim(full_array, update, axis, i):
        return jax.lax.dynamic_update_slice_in_dim(full_array, update, i, axis)

    def compute_shard(outputs, slice_start, slice_size):
        slice_out = apply_fun_to_slice(slice_start, slice_size)
        update_slice = functools.partial(dynamic_update_slice_in_dim, i=slice_start)
        return jax.tree.map(update_slice, outputs, slice_out, out_axes_)

    def allocate_buffer(dtype, shape):
        return jnp.zeros(shape, dtype=dtype)

    outputs = jax.tree.map(allocate_buffer, out_dtypes, out_shapes)
    return in_size, last_shard_size, compute_shard, outputs


def _sharded_apply_twin(x, w, shard_size=AF_SHARD_SIZE):
    in_size, last_shard_size, compute_shard, outputs = _af_setup((x, w))

    def scan_iteration(outputs, i):
        new_outputs = compute_shard(outputs, i, shard_size)
        return new_outputs, ()

    slice_starts = jnp.arange(0, in_size - shard_size + 1, shard_size)

    if slice_starts.shape[0] > 0:
        outputs, _ = jax.lax.scan(scan_iteration, outputs, slice_starts)  # hk.scan outside a transform

    if last_shard_size != shard_size:
        remainder_start = in_size - last_shard_size
        outputs = compute_shard(outputs, remainder_start, last_shard_size)

    return outputs


def _af_args():
    k1, k2 = random.split(random.key(102))
    return random.normal(k1, (10, 3)), random.normal(k2, (3, 5))


@program(twin=_sharded_apply_twin, args=_af_args, grad=(0, 1), loss=lambda out: jnp.sum(out[0] ** 2) + jnp.sum(out[1]),
         vmap=(None, 0), rtol=1e-4,
         source=ALPHAFOLD.format("model/mapping.py") + ", `sharded_apply` (applies a vmapped function to shards of "
         "shard_size rows: the outputs allocated from jax.eval_shape, an hk.scan over the full shards' start indices "
         "writing each with dynamic_update_slice, then the remainder shard) with `_maybe_slice`, `_maybe_get_size`, "
         "`_expand_axes`, shard_size=4 over 10 rows (two full shards and a remainder of 2), in_axes=(0, None), "
         "out_axes=0, a fixed tanh layer for the function; the scan a for over range(0, in_size - shard_size + 1, "
         "shard_size)")
def alphafold_sharded_apply(x, w, shard_size=AF_SHARD_SIZE):
    in_size, last_shard_size, compute_shard, outputs = _af_setup((x, w))
    for slice_start in range(0, in_size - shard_size + 1, shard_size):
        outputs = compute_shard(outputs, slice_start, shard_size)
    if last_shard_size != shard_size:
        remainder_start = in_size - last_shard_size
        outputs = compute_shard(outputs, remainder_start, last_shard_size)
    return outputs


# --- google-deepmind/alphafold: the recycling loop of AlphaFold.__call__ (model/modules.py) --------------------------

AF_NUM_RECYCLE = 3


def _af_iteration(w, w_pos, ensembled_batch, non_ensembled_batch):
    # Not library code: the fixed network standing for `AlphaFoldIteration` (the ensemble's mean MSA features through
    # a tanh layer with the previous first row, a pair representation from it and the previous pair, positions)
    msa = jnp.mean(ensembled_batch['msa_feat'], axis=0)
    first_row = jnp.tanh(msa @ w + non_ensembled_batch['prev_msa_first_row'])
    pair = jnp.tanh(first_row[:, None, :] * first_row[None, :, :] + 0.5 * non_ensembled_batch['prev_pair'])
    pos = first_row @ w_pos + jnp.mean(pair, axis=1) @ w_pos + 0.1 * non_ensembled_batch['prev_pos']
    return {'structure_module': {'final_atom_positions': pos},
            'representations': {'msa_first_row': first_row, 'pair': pair}}


def _af_recycling_setup(w, w_pos, batch):
    # `AlphaFold.__call__` (resample_msa_in_recycling=True, recycle_pos and recycle_features, compute_loss=False)
    batch_size, num_residues = batch['aatype'].shape

    def get_prev(ret):
        new_prev = {
            'prev_pos': ret['structure_module']['final_atom_positions'],
            'prev_msa_first_row': ret['representations']['msa_first_row'],
            'prev_pair': ret['representations']['pair'],
        }
        return jax.tree.map(jax.lax.stop_gradient, new_prev)

    def do_call(prev, recycle_idx):
        num_ensemble = batch_size // (AF_NUM_RECYCLE + 1)

        def slice_recycle_idx(x):
            start = recycle_idx * num_ensemble
            size = num_ensemble
            return jax.lax.dynamic_slice_in_dim(x, start, size, axis=0)

        ensembled_batch = jax.tree.map(slice_recycle_idx, batch)
        non_ensembled_batch = jax.tree.map(lambda x: x, prev)
        return _af_iteration(w, w_pos, ensembled_batch, non_ensembled_batch)

    channels = w.shape[1]
    prev = {'prev_pos': jnp.zeros([num_residues, 3]), 'prev_msa_first_row': jnp.zeros([num_residues, channels]),
            'prev_pair': jnp.zeros([num_residues, num_residues, channels])}
    # Training time: num_iter_recycling is in batch.
    num_iter = batch['num_iter_recycling'][0]
    num_iter = jnp.minimum(num_iter, AF_NUM_RECYCLE)
    return get_prev, do_call, prev, num_iter


def _af_recycling_twin(w, w_pos, batch):
    get_prev, do_call, prev, num_iter = _af_recycling_setup(w, w_pos, batch)
    body = lambda x: (x[0] + 1, get_prev(do_call(x[1], recycle_idx=x[0])))  # noqa: E731
    _, prev = jax.lax.while_loop(lambda x: x[0] < num_iter, body, (0, prev))  # hk.while_loop
    return do_call(prev=prev, recycle_idx=num_iter)


def _af_recycling_args():
    k1, k2, k3 = random.split(random.key(103), 3)
    batch = {'aatype': jnp.zeros((4, 5), jnp.int32), 'msa_feat': random.normal(k1, (4, 5, 2)),
             'num_iter_recycling': jnp.array([2, 2, 2, 2], jnp.int32)}
    return random.normal(k2, (2, 3)), random.normal(k3, (3, 3)), batch


@program(twin=_af_recycling_twin, args=_af_recycling_args, jvp=(0, 1), vmap=(0, None, None), rtol=1e-4,
         source=ALPHAFOLD.format("model/modules.py") + ", `AlphaFold.__call__`'s recycling (an hk.while_loop while "
         "the iteration < num_iter, num_iter = min(batch['num_iter_recycling'][0], num_recycle) at training time, the "
         "body `do_call` on a dynamic slice of the batch at the recycling index (resample_msa_in_recycling) then "
         "`get_prev` with stop_gradient; then `do_call` once more at num_iter), num_recycle=3, the batch sized for 4 "
         "ensembles of 1, a fixed small network for `AlphaFoldIteration`; the while_loop a Python while")
def alphafold_recycling(w, w_pos, batch):
    get_prev, do_call, prev, num_iter = _af_recycling_setup(w, w_pos, batch)
    i = 0
    while i < num_iter:
        prev = get_prev(do_call(prev, recycle_idx=i))
        i += 1
    return do_call(prev=prev, recycle_idx=num_iter)


# --- google/vizier: Eagle strategy's pool from prior trials (_src/algorithms/optimizers/eagle_strategy.py) -----------

VZ_POOL_SIZE = 6
VZ_PRIOR_TRIALS_POOL_PCT = 0.5


def _compute_features_dist_squared(x_batch, x_pool):
    # `_compute_features_dist_squared` for continuous features only (the categorical part has size 0)
    dist = jnp.zeros([], dtype=x_batch.dtype)
    if x_batch.size > 0:
        x_batch_cont = jnp.reshape(x_batch, (x_batch.shape[0], -1))
        x_pool_cont = jnp.reshape(x_pool, (x_pool.shape[0], -1))
        continuous_dists = (
            jnp.sum(x_batch_cont**2, axis=-1, keepdims=True)
            + jnp.sum(x_pool_cont**2, axis=-1)
            - 2.0 * jnp.matmul(x_batch_cont, x_pool_cont.T)
        )  # shape (batch_size, pool_size)
        dist = dist + continuous_dists
    return dist


def _mask_flip(prior_features, prior_rewards):
    mask = jnp.invert(jnp.isneginf(prior_rewards))
    indices = jnp.flip(jnp.argsort(jnp.where(mask, jnp.arange(prior_rewards.shape[0]), -1)))
    flipped_prior_features = jax.tree_util.tree_map(lambda x: x[indices], prior_features)
    flipped_prior_rewards = prior_rewards[indices]
    return flipped_prior_features, flipped_prior_rewards


def _vz_setup(pool_random_features, prior_features, prior_rewards):
    # `VectorizedEagleStrategy._populate_pool_with_prior_trials` up to the loop (the random sampler's draw an argument)
    flipped_prior_features, flipped_prior_rewards = _mask_flip(prior_features, prior_rewards)
    n_random_flies = int(VZ_POOL_SIZE * (1 - VZ_PRIOR_TRIALS_POOL_PCT))
    init_features = jax.tree_util.tree_map(lambda x: x[:n_random_flies, :, :], pool_random_features)
    pool_left_space = VZ_POOL_SIZE - n_random_flies
    random_features = jax.tree_util.tree_map(lambda x: x[n_random_flies:, :, :], pool_random_features)
    features = jax.tree_util.tree_map(lambda x: x[:pool_left_space], flipped_prior_features)
    rewards = flipped_prior_rewards[:pool_left_space]
    return (flipped_prior_features, flipped_prior_rewards, init_features, pool_left_space, random_features, features,
            rewards)


def _vz_finish(init_features, random_features, features, rewards):
    num_chosen_trials = rewards.shape[0]
    features = jax.tree_util.tree_map(
        lambda x, y: jnp.where(jnp.isneginf(rewards)[:, jnp.newaxis, jnp.newaxis], x[:num_chosen_trials, :, :], y),
        random_features,
        features,
    )
    features = jax.tree_util.tree_map(
        lambda x, y: jnp.concatenate([x, y[num_chosen_trials:, :, :]]), features, random_features)
    return jax.tree_util.tree_map(lambda x, y: jnp.concatenate([x, y]), init_features, features)


def _vz_pool_twin(pool_random_features, prior_features, prior_rewards):
    (flipped_prior_features, flipped_prior_rewards, init_features, pool_left_space, random_features, features,
     rewards) = _vz_setup(pool_random_features, prior_features, prior_rewards)

    def _loop_body(i, args):
        features, rewards = args
        ind = jnp.argmin(
            _compute_features_dist_squared(
                jax.tree_util.tree_map(lambda x: x[i][jnp.newaxis], flipped_prior_features),
                features,
            ),
            axis=-1,
        )[0]
        return jax.lax.cond(
            rewards[ind] < flipped_prior_rewards[i],
            lambda: (
                jax.tree_util.tree_map(lambda f, pf: f.at[ind].set(pf[i]), features, flipped_prior_features),
                rewards.at[ind].set(flipped_prior_rewards[i]),
            ),
            lambda: (features, rewards),
        )

    features, _ = jax.lax.fori_loop(lower=pool_left_space, upper=prior_rewards.shape[0], body_fun=_loop_body,
                                    init_val=(features, rewards))
    # (the source passes on `rewards` from before the loop)
    return _vz_finish(init_features, random_features, features, rewards)


def _vz_args():
    k1, k2, k3 = random.split(random.key(104), 3)
    rewards = random.normal(k3, (9,)).at[jnp.array([2, 6])].set(-jnp.inf)
    return random.uniform(k1, (VZ_POOL_SIZE, 1, 2)), random.uniform(k2, (9, 1, 2)), rewards


@program(twin=_vz_pool_twin, args=_vz_args, grad=(0, 1),
         loss=lambda out: jnp.sum(out * jnp.arange(12.0).reshape(6, 1, 2)), vmap=(0, 0, None),
         source="google/vizier@b0651861f234f2503f7aa3999d0663d201998d89 (Apache-2.0) vizier/_src/algorithms/optimizers/"
         "eagle_strategy.py, `VectorizedEagleStrategy._populate_pool_with_prior_trials` (the newest prior trials "
         "fill the pool's prior part, then a lax.fori_loop over the rest, each replacing its closest pool member by a "
         "lax.cond when its reward is better) with `_compute_features_dist_squared` and `_mask_flip`, continuous "
         "features only, pool_size=6, prior_trials_pool_pct=0.5, the random sampler's features an argument; the "
         "fori_loop a for over range(pool_left_space, n), the cond an if")
def vizier_eagle_prior_pool(pool_random_features, prior_features, prior_rewards):
    (flipped_prior_features, flipped_prior_rewards, init_features, pool_left_space, random_features, features,
     rewards) = _vz_setup(pool_random_features, prior_features, prior_rewards)
    rewards_before = rewards
    for i in range(pool_left_space, prior_rewards.shape[0]):
        ind = jnp.argmin(
            _compute_features_dist_squared(
                jax.tree_util.tree_map(lambda x: x[i][jnp.newaxis], flipped_prior_features),
                features,
            ),
            axis=-1,
        )[0]
        if rewards[ind] < flipped_prior_rewards[i]:
            features = jax.tree_util.tree_map(lambda f, pf: f.at[ind].set(pf[i]), features, flipped_prior_features)
            rewards = rewards.at[ind].set(flipped_prior_rewards[i])
    return _vz_finish(init_features, random_features, features, rewards_before)
