"""A third set of programs from JAX libraries the corpus did not cite before: jumanji, pgx, netket and
jax-cfd, each written with Python control flow over traced values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``fori_loop``, ``scan``, ``cond``,
``switch``); ``plain`` is that loop or branch written with Python ``for``/``while``/``if``/``return`` (the
loop the library's docstring or comments describe), the twin is the library's code. Two libraries write a
Python loop themselves (netket's lexicographic comparison, its carry starting as ``None``; jax-cfd's
Gram-Schmidt over a tuple of columns): there ``plain`` is the library's loop and the twin a ``lax.scan``.
The maths is the library's, adapted only in calling convention: arrays instead of a game or operator
state, a fixed small board, key set or matrix. Registered into ``programs.PROGRAMS`` (``programs.py``
imports this module after ``libraries_more``).
"""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

from jax_programs.programs import program

JUMANJI = "instadeepai/jumanji@590005b0fb305b1a98a4828bfb6b2ea28b47dd5b (Apache-2.0) jumanji/environments/{}"
PGX = "sotetsuk/pgx@079b2d730e3845c25d49d99e0ccf9a374dd04cb9 (Apache-2.0) {}"
NETKET = "netket/netket@3b9e1c2865290d08d5df170661128a6b6c8d3939 (Apache-2.0) {}"
JAX_CFD = "google/jax-cfd@a1b5b51e982d19c3ff4a9fa89fe1ff396eed5a60 (Apache-2.0) jax_cfd/base/array_utils.py"


# --- instadeepai/jumanji: the 2048 game's row moves ----------------------------------------------------------

class _CanMoveCarry(NamedTuple):
    """Carry value for while loop in can_move_left_row."""

    can_move: bool
    row: jax.Array
    target_idx: int
    origin_idx: int

    @property
    def target(self):
        return self.row[self.target_idx]

    @property
    def origin(self):
        return self.row[self.origin_idx]


def _can_move_left_row_cond(carry):
    """Terminate loop when valid move is found or origin reaches end of row."""
    return ~carry.can_move & (carry.origin_idx < carry.row.shape[0])


def _can_move_left_row_body(carry):
    """Check if the current tiles can move and increment the indices."""
    # Check if tiles can move
    can_move = (carry.origin != 0) & ((carry.target == 0) | (carry.target == carry.origin))

    # Increment indices as if performed a no op
    # If not performing no op, loop will be terminated anyways
    target_idx = carry.target_idx + (carry.origin != 0)
    origin_idx = jax.lax.select(
        (carry.origin == 0) | (target_idx == carry.origin_idx),
        carry.origin_idx + 1,
        carry.origin_idx,
    )

    # Return updated carry
    return carry._replace(can_move=can_move, target_idx=target_idx, origin_idx=origin_idx)


def _can_move_left_row(row):
    """Check if row can move left."""
    carry = _CanMoveCarry(can_move=False, row=row, target_idx=0, origin_idx=1)
    can_move = jax.lax.while_loop(_can_move_left_row_cond, _can_move_left_row_body, carry)[0]
    return can_move


def _can_move_left_twin(board):
    """Check if board can move left."""
    can_move = jax.vmap(_can_move_left_row)(board).any()
    return can_move


def _can_move_args():
    return jnp.array([[1, 2, 3, 4], [2, 1, 2, 1], [3, 4, 3, 4], [2, 1, 0, 5]], dtype=jnp.int32),


@program(twin=_can_move_left_twin, args=_can_move_args, vmap=(0,),
         source=JUMANJI.format("logic/game_2048/utils.py") + ", `can_move_left` (a while loop per row, vmapped, "
         "that stops when a tile can move or the origin index reaches the end of the row), an early return from "
         "the nested loops")
def game2048_can_move_left(board):
    for row in board:
        target_idx, origin_idx = 0, 1
        while origin_idx < row.shape[0]:
            target, origin = row[target_idx], row[origin_idx]
            # Check if tiles can move
            if origin != 0 and (target == 0 or target == origin):
                return True
            # Increment indices as if performed a no op
            target_idx += origin != 0
            if origin == 0 or target_idx == origin_idx:
                origin_idx += 1
    return False


class _MoveUpdate(NamedTuple):
    """Update to move carry."""

    target: jax.Array
    origin: jax.Array
    additional_reward: float
    target_idx: int
    origin_idx: int


class _MoveCarry(NamedTuple):
    """Carry value for while loop in move_left_row."""

    row: jax.Array
    reward: float
    target_idx: int
    origin_idx: int

    @property
    def target(self):
        return self.row[self.target_idx]

    @property
    def origin(self):
        return self.row[self.origin_idx]

    def update(self, update):
        # Update row
        row = self.row
        row = row.at[self.target_idx].set(update.target)
        row = row.at[self.origin_idx].set(update.origin)

        # Return updated carry
        return self._replace(
            row=row,
            reward=self.reward + update.additional_reward,
            target_idx=update.target_idx,
            origin_idx=update.origin_idx,
        )


def _no_op(carry):
    """Return a move update equivalent to performing a no op."""
    target_idx = carry.target_idx + (carry.origin != 0)
    origin_idx = jax.lax.select(
        (carry.origin == 0) | (target_idx == carry.origin_idx),
        carry.origin_idx + 1,
        carry.origin_idx,
    )
    return _MoveUpdate(target=carry.target, origin=carry.origin, additional_reward=0.0, target_idx=target_idx,
                       origin_idx=origin_idx)


def _shift(carry):
    """Return a move update equivalent to shifting origin to target."""
    return _MoveUpdate(target=carry.origin, origin=0, additional_reward=0.0, target_idx=carry.target_idx,
                       origin_idx=carry.origin_idx + 1)


def _merge(carry):
    """Return a move update equivalent to merging origin with target."""
    return _MoveUpdate(target=carry.target + 1, origin=0, additional_reward=2.0 ** (carry.target + 1),
                       target_idx=carry.target_idx + 1, origin_idx=carry.origin_idx + 1)


def _move_left_row_cond(carry):
    """Terminate loop when origin reaches end of row."""
    return carry.origin_idx < carry.row.shape[0]


def _move_left_row_body(carry):
    """Move the current tiles and increment the indices."""
    # Determine move type
    can_shift = (carry.origin != 0) & (carry.target == 0)
    can_merge = (carry.origin != 0) & (carry.target == carry.origin)
    move_type = can_shift.astype(int) + 2 * can_merge.astype(int)

    # Get update based on move type
    update = jax.lax.switch(move_type, [_no_op, _shift, _merge], carry)

    # Return updated carry
    return carry.update(update)


def _move_left_row(row):
    """Move the row left."""
    carry = _MoveCarry(row=row, reward=0.0, target_idx=0, origin_idx=1)
    row, reward, *_ = jax.lax.while_loop(_move_left_row_cond, _move_left_row_body, carry)
    return row, reward


def _move_left_twin(board):
    """Move the board left."""
    board, reward = jax.vmap(_move_left_row)(board)
    return board, reward.sum()


def _move_args():
    return jnp.array([[1, 1, 2, 0], [0, 2, 0, 2], [3, 3, 3, 3], [1, 2, 3, 4]], dtype=jnp.int32),


@program(twin=_move_left_twin, args=_move_args, vmap=(0,),
         source=JUMANJI.format("logic/game_2048/utils.py") + ", `move_left` (per row a while loop over target "
         "and origin indices whose body is a lax.switch between no op, shift and merge, the merge rewards summed), "
         "the switch as if/elif/else")
def game2048_move_left(board):
    rows = []
    reward = 0.0
    for row in board:
        target_idx, origin_idx = 0, 1
        while origin_idx < row.shape[0]:
            target, origin = row[target_idx], row[origin_idx]
            if origin != 0 and target == 0:  # shift origin to target
                row = row.at[target_idx].set(origin)
                row = row.at[origin_idx].set(0)
                origin_idx += 1
            elif origin != 0 and target == origin:  # merge origin with target
                row = row.at[target_idx].set(target + 1)
                row = row.at[origin_idx].set(0)
                reward += 2.0 ** (target + 1)
                target_idx += 1
                origin_idx += 1
            else:  # no op
                target_idx += origin != 0
                if origin == 0 or target_idx == origin_idx:
                    origin_idx += 1
        rows.append(row)
    return jnp.stack(rows), reward


def _clean_lines_twin(grid_padded, full_lines):
    indices = jnp.argsort(
        jnp.logical_not(full_lines)
    )  # `indices` contains the indices that would sort an array.
    indices = jnp.reshape(
        indices, (indices.shape[0], 1)
    )  # Rechape `indices` to be similar to the `grid_padded`
    grid_padded = jnp.take_along_axis(
        grid_padded, indices, axis=0
    )  # Sort the grid_padded using indicies
    # Convert the full lines to zeros.
    grid_padded = jax.lax.fori_loop(
        0,
        full_lines.sum(),
        lambda i, grid_padded: grid_padded.at[i].set(0),
        grid_padded,
    )
    return grid_padded


def _tetris_args():
    grid = jnp.array([[0, 0, 1, 0], [1, 1, 1, 1], [0, 1, 1, 0], [1, 1, 1, 1], [1, 0, 1, 1], [1, 1, 1, 1]],
                     dtype=jnp.int32)
    return grid, jnp.all(grid > 0, axis=1)


@program(twin=_clean_lines_twin, args=_tetris_args, vmap=(0, None),
         source=JUMANJI.format("packing/tetris/utils.py") + ", `clean_lines` (the full lines sorted to the top, "
         "then a fori_loop to full_lines.sum() that clears them), the loop a range with a traced stop")
def tetris_clean_lines(grid_padded, full_lines):
    indices = jnp.argsort(jnp.logical_not(full_lines))  # `indices` contains the indices that would sort an array.
    indices = jnp.reshape(indices, (indices.shape[0], 1))  # Rechape `indices` to be similar to the `grid_padded`
    grid_padded = jnp.take_along_axis(grid_padded, indices, axis=0)  # Sort the grid_padded using indicies
    # Convert the full lines to zeros.
    for i in range(full_lines.sum()):
        grid_padded = grid_padded.at[i].set(0)
    return grid_padded


# --- sotetsuk/pgx: Go's territory flood fill, Hex's group merge, bridge's IMP table --------------------------

def _adj_ixs(xy, size):
    dx, dy = jnp.int32([-1, +1, 0, 0]), jnp.int32([0, 0, -1, +1])
    xs, ys = xy // size + dx, xy % size + dy
    on_board = (0 <= xs) & (xs < size) & (0 <= ys) & (ys < size)
    return jnp.where(on_board, xs * size + ys, -1)  # -1 if out of board


def _count_ji_twin(board, color, size=5):
    board = jnp.clip(board * color, -1, 1)  # my stone: 1, opp stone: -1
    adj_mat = jax.vmap(_adj_ixs, in_axes=(0, None))(jnp.arange(size**2), size)  # (size**2, 4)

    def fill_opp(x):
        b, _ = x
        # true if empty and adjacent to opponent's stone
        mask = (b == 0) & ((adj_mat != -1) & (b[adj_mat] == -1)).any(axis=1)
        return jnp.where(mask, -1, b), mask.any()

    board, _ = lax.while_loop(lambda x: x[1], fill_opp, (board, True))
    return (board == 0).sum()


def _go_args():
    board = jnp.array([0, 1, 0, 0, 0,
                       1, 1, 0, -1, 0,
                       0, 1, 0, -1, 0,
                       1, 1, 1, -1, -1,
                       0, 0, 1, 0, 0], dtype=jnp.int32)
    return board, jnp.int32(1)


@program(twin=_count_ji_twin, args=_go_args, vmap=(0, None),
         source=PGX.format("pgx/_src/games/go.py") + ", `_count_ji` (a while loop that fills the empty points "
         "next to the opponent's stones until none changes; the points left empty are the player's territory), "
         "the board instead of the game state")
def go_count_ji(board, color, size=5):
    board = jnp.clip(board * color, -1, 1)  # my stone: 1, opp stone: -1
    adj_mat = jax.vmap(_adj_ixs, in_axes=(0, None))(jnp.arange(size**2), size)  # (size**2, 4)
    changed = True
    while changed:
        # true if empty and adjacent to opponent's stone
        mask = (board == 0) & ((adj_mat != -1) & (board[adj_mat] == -1)).any(axis=1)
        board = jnp.where(mask, -1, board)
        changed = mask.any()
    return (board == 0).sum()


def _hex_neighbour(xy, size):
    """
        (x,y-1)   (x+1,y-1)
    (x-1,y)    (x,y)    (x+1,y)
       (x-1,y+1)   (x,y+1)
    """
    x = xy // size
    y = xy % size
    xs = jnp.array([x, x + 1, x - 1, x + 1, x - 1, x])
    ys = jnp.array([y - 1, y - 1, y, y, y + 1, y + 1])
    on_board = (0 <= xs) & (xs < size) & (0 <= ys) & (ys < size)
    return jnp.where(on_board, xs * size + ys, -1)


def _hex_step_twin(board, action, color, size=4):
    set_place_id = action + 1
    board = board.at[action].set(set_place_id)
    neighbour = _hex_neighbour(action, size)

    def merge(i, b):
        adj_pos = neighbour[i]
        return jax.lax.cond(
            (adj_pos >= 0) & (b[adj_pos] > 0),
            lambda: jnp.where(b == b[adj_pos], set_place_id, b),
            lambda: b,
        )

    board = jax.lax.fori_loop(0, 6, merge, board)
    board = board * -1

    # _is_terminal
    top, bottom = jax.lax.cond(
        color == 0,
        lambda: (board[::size], board[size - 1 :: size]),
        lambda: (board[:size], board[-size:]),
    )
    target_id = board[action]  # target_id != 0
    return board, (top == target_id).any() & (bottom == target_id).any()


def _hex_args():
    # 4 x 4 board from the mover's side: its groups have positive ids (cell index + 1), the opponent's negative
    board = jnp.array([0, 2, 0, 0,
                       0, 2, -7, 0,
                       0, 0, 12, -8,
                       0, 0, 12, 0], dtype=jnp.int32)
    return board, jnp.int32(9), jnp.int32(1)


@program(twin=_hex_step_twin, args=_hex_args, vmap=(None, 0, 0),
         source=PGX.format("pgx/_src/games/hex.py") + ", `_step` and `_is_terminal` (a fori_loop over the six "
         "neighbours, each a lax.cond that merges a friendly neighbour's group into the placed stone's, then a "
         "lax.cond on the colour choosing the edges to test), the board instead of the game state")
def hex_step(board, action, color, size=4):
    set_place_id = action + 1
    board = board.at[action].set(set_place_id)
    neighbour = _hex_neighbour(action, size)
    for i in range(6):
        adj_pos = neighbour[i]
        if adj_pos >= 0 and board[adj_pos] > 0:
            board = jnp.where(board == board[adj_pos], set_place_id, board)
    board = board * -1
    if color == 0:
        top, bottom = board[::size], board[size - 1 :: size]
    else:
        top, bottom = board[:size], board[-size:]
    target_id = board[action]  # target_id != 0
    return board, (top == target_id).any() & (bottom == target_id).any()


# fmt: off
_IMP_LIST = jnp.array([20, 50, 90, 130, 170,
                       220, 270, 320, 370, 430,
                       500, 600, 750, 900, 1100,
                       1300, 1500, 1750, 2000, 2250,
                       2500, 3000, 3500, 4000], dtype=jnp.float32)
# fmt: on


def _imp_reward_twin(table_a_reward, table_b_reward):
    IMP_LIST = _IMP_LIST
    win = jax.lax.cond(table_a_reward[0] + table_b_reward[0] >= 0, lambda: 1, lambda: -1)

    def condition_fun(imp_diff):
        imp, difference_point = imp_diff
        return (difference_point >= IMP_LIST[imp]) & (imp < 24)

    def body_fun(imp_diff):
        imp, difference_point = imp_diff
        imp += 1
        return (imp, difference_point)

    imp, difference_point = jax.lax.while_loop(
        condition_fun,
        body_fun,
        (0, abs(table_a_reward[0] + table_b_reward[0])),
    )
    return jnp.array([imp * win, imp * win, -imp * win, -imp * win], dtype=jnp.float32)


@program(twin=_imp_reward_twin, args=lambda: (jnp.array([-1250, -1250, 1250, 1250]), jnp.array([400, 400, -400, -400])),
         vmap=(0, 0),
         source=PGX.format("pgx/experimental/bridge_bidding.py") + ", `_imp_reward` (a lax.cond for the winning "
         "side, then a while loop up the IMP table while the point difference reaches the next entry)")
def bridge_imp_reward(table_a_reward, table_b_reward):
    IMP_LIST = _IMP_LIST
    if table_a_reward[0] + table_b_reward[0] >= 0:
        win = 1
    else:
        win = -1
    imp, difference_point = 0, abs(table_a_reward[0] + table_b_reward[0])
    while difference_point >= IMP_LIST[imp] and imp < 24:
        imp += 1
    return jnp.array([imp * win, imp * win, -imp * win, -imp * win], dtype=jnp.float32)


# --- netket/netket: Jordan-Wigner term application, lexicographic order, integrated autocorrelation time -------

def _apply_term_scan_twin(x, weight, sites, daggers):
    n_orbitals = x.shape[-1]

    sgn = jnp.zeros(x.shape[:-1], dtype=jnp.bool_)
    zero = jnp.zeros(x.shape[:-1], dtype=jnp.bool_)
    init = x, sgn, zero
    xs = sites, daggers

    def f(carry, xs):
        site, dagger = xs
        x_, sgn, zero = carry

        # apply σ⁻ / σ⁺
        x_new = x_.at[..., site].set(dagger)

        # compute sign from σᶻ (stored as 0/1 for +1/-1)
        mask_all_up_to_site = jnp.arange(n_orbitals, dtype=sites.dtype) < site
        x_masked = x_ & mask_all_up_to_site
        sgn = sgn ^ jax.lax.reduce_xor(x_masked, (x_.ndim - 1,))

        # check if we did σ⁺|1⟩=0 or σ⁻|0⟩=0
        zero = zero | (x_.at[..., site].get() == dagger)

        return (x_new, sgn, zero), None

    # scan over the sites the term is acting on
    (x_final, sgn, zero), _ = jax.lax.scan(f, init, xs)

    # compute the real value of the sign (map [0,1] ↦ [+1,-1])
    sign = 1 - 2 * sgn.astype(weight.dtype)
    # compute the final coefficient
    not_zero = ~zero
    w_final = weight * not_zero * sign
    # return the xp, the mel and wether mel is zero
    return x_final, w_final, not_zero


def _fermion_args():
    x = jnp.array([1, 1, 0, 0, 0, 1, 0, 1], dtype=jnp.bool_)
    return x, jnp.float32(0.75), jnp.array([4, 1, 3], dtype=jnp.int32), jnp.array([True, False, True])


@program(twin=_apply_term_scan_twin, args=_fermion_args, grad=(1,), loss=lambda out: out[1],
         vmap=(None, 0, 0, None),
         source=NETKET.format("netket/operator/_fermion2nd/jax.py") + ", `_apply_term_scan` (Jordan-Wigner: a "
         "scan over the term's sites, each setting or clearing the site's occupation, xor-ing the parity of the "
         "occupied sites before it into the sign and or-ing whether the operator annihilated the state)")
def fermion_apply_term(x, weight, sites, daggers):
    n_orbitals = x.shape[-1]
    sgn = jnp.zeros(x.shape[:-1], dtype=jnp.bool_)
    zero = jnp.zeros(x.shape[:-1], dtype=jnp.bool_)
    for site, dagger in zip(sites, daggers):
        # apply σ⁻ / σ⁺
        x_new = x.at[..., site].set(dagger)
        # compute sign from σᶻ (stored as 0/1 for +1/-1)
        mask_all_up_to_site = jnp.arange(n_orbitals, dtype=sites.dtype) < site
        x_masked = x & mask_all_up_to_site
        sgn ^= jax.lax.reduce_xor(x_masked, (x.ndim - 1,))
        # check if we did σ⁺|1⟩=0 or σ⁻|0⟩=0
        zero |= x.at[..., site].get() == dagger
        x = x_new
    # compute the real value of the sign (map [0,1] ↦ [+1,-1])
    sign = 1 - 2 * sgn.astype(weight.dtype)
    # compute the final coefficient
    not_zero = ~zero
    w_final = weight * not_zero * sign
    return x, w_final, not_zero


def _lexicographic_twin(x_keys, y_keys):
    xs, ys = x_keys[::-1], y_keys[::-1]

    def step(p, keys):
        xk, yk = keys
        return jax.lax.bitwise_or(jax.lax.lt(xk, yk), jax.lax.bitwise_and(jax.lax.eq(xk, yk), p)), None

    return jax.lax.scan(step, jax.lax.le(xs[0], ys[0]), (xs[1:], ys[1:]))[0]


def _lexicographic_args():
    x_keys = jnp.array([[0, 1, 2, 2, 3, 1], [4, 0, 1, 1, 2, 2], [1, 1, 1, 0, 3, 2]], dtype=jnp.int32)
    y_keys = jnp.array([[0, 1, 2, 2, 2, 2], [4, 1, 0, 1, 2, 2], [1, 1, 1, 0, 3, 2]], dtype=jnp.int32)
    return x_keys, y_keys


@program(twin=_lexicographic_twin, args=_lexicographic_args, vmap=(0, None),
         source=NETKET.format("netket/jax/_sort.py") + ", `_less_equal_lexicographic` (a Python loop over the "
         "keys from the last, its carry p starting as None; written as it is), the twin a scan from the last "
         "key's comparison")
def lexicographic_less_equal(x_keys, y_keys):
    assert x_keys.shape == y_keys.shape
    assert x_keys.dtype == y_keys.dtype
    p = None
    for xk, yk in zip(x_keys[::-1], y_keys[::-1]):
        p = (
            jax.lax.bitwise_or(
                jax.lax.lt(xk, yk), jax.lax.bitwise_and(jax.lax.eq(xk, yk), p)
            )
            if p is not None
            else jax.lax.le(xk, yk)
        )
    return p


def _next_pow_two(n):
    """Returns the next power of two greater than or equal to `n`"""
    i = 1
    while i < n:
        i = i << 1
    return i


def _autocorr_1d(x):
    x = jnp.atleast_1d(x)
    if len(x.shape) != 1:
        raise ValueError("invalid dimensions for 1D autocorrelation function")
    n = _next_pow_two(len(x))

    # Compute the FFT and then (from that) the auto-correlation function
    f = jnp.fft.fft(x - jnp.mean(x), n=2 * n)
    acf = jnp.fft.ifft(f * jnp.conjugate(f))[: len(x)].real
    acf /= acf[0]
    return acf


def _auto_window(taus, c):
    m = jnp.arange(len(taus)) < c * taus
    return lax.cond(jnp.any(m), lambda: jnp.argmin(m), lambda: len(taus) - 1)


def _integrated_time_twin(x, c=5):
    f = _autocorr_1d(x)
    taus = 2.0 * jnp.cumsum(f) - 1.0
    window = _auto_window(taus, c)
    return taus[window.astype(jnp.int32)]


def _series_args():
    noise = jax.random.normal(jax.random.PRNGKey(0), (64,))  # a moving average of white noise
    return (noise + 0.8 * jnp.roll(noise, 1) + 0.6 * jnp.roll(noise, 2) + 0.4 * jnp.roll(noise, 3),)


@program(twin=_integrated_time_twin, args=_series_args, grad=(0,), vmap=(0,), rtol=1e-4,
         source=NETKET.format("netket/stats/_autocorr.py") + ", `integrated_time` and `auto_window` (Sokal's "
         "window: the first M with M >= c tau(M), else the last, a lax.cond; next_pow_two's while loop on "
         "Python ints for the FFT length), the cond as an if")
def integrated_time(x, c=5):
    if x.ndim != 1:
        raise ValueError("invalid shape")
    f = _autocorr_1d(x)
    taus = 2.0 * jnp.cumsum(f) - 1.0
    m = jnp.arange(len(taus)) < c * taus
    if jnp.any(m):
        window = jnp.argmin(m)
    else:
        window = len(taus) - 1
    return taus[window]


# --- google/jax-cfd: Gram-Schmidt QR ---------------------------------------------------------------------------

def _unstack(array, axis):
    """Returns a tuple of slices of `array` along axis `axis`."""
    squeeze_fn = lambda x: jnp.squeeze(x, axis=axis)  # noqa: E731
    return tuple(squeeze_fn(x) for x in jnp.split(array, array.shape[axis], axis))


def _gram_schmidt_qr_twin(matrix, precision=jax.lax.Precision.HIGHEST):
    def orthogonalize(vector, others):
        """Returns the orthogonal component of `vector` with respect to `others`."""
        if not others:
            return vector / jnp.linalg.norm(vector)
        orthogonalize_step = lambda c, x: tuple([c - jnp.dot(c, x) * x, None])  # noqa: E731
        vector, _ = jax.lax.scan(orthogonalize_step, vector, jnp.stack(others))
        return vector / jnp.linalg.norm(vector)

    num_columns = matrix.shape[1]
    columns = _unstack(matrix, axis=1)
    q_columns = []
    r_rows = []
    for vec_index, column in enumerate(columns):
        next_q_column = orthogonalize(column, q_columns)
        r_rows.append(jnp.asarray([
            jnp.dot(columns[i], next_q_column) if i >= vec_index else 0.
            for i in range(num_columns)]))
        q_columns.append(next_q_column)
    q = jnp.stack(q_columns, axis=1)
    r = jnp.stack(r_rows)
    # permute q columns to make entries of r on the diagonal positive.
    d = jnp.diag(jnp.sign(jnp.diagonal(r)))
    q = jnp.matmul(q, d, precision=precision)
    r = jnp.matmul(d, r, precision=precision)
    return q, r


def _qr_args():
    return jnp.array([[2.0, -1.0, 0.5], [1.0, 3.0, -0.2], [0.0, 1.0, 2.5], [-1.0, 0.5, 1.0], [0.3, 0.0, -1.5]]),


@program(twin=_gram_schmidt_qr_twin, args=_qr_args, grad=(0,), loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1]),
         vmap=(0,), rtol=1e-4,
         source=JAX_CFD + ", `gram_schmidt_qr` (a Python loop over the tuple of columns; per column a scan over "
         "the orthonormal columns found so far, which a list collects), the scan as a loop over that list")
def gram_schmidt_qr(matrix, precision=jax.lax.Precision.HIGHEST):
    num_columns = matrix.shape[1]
    columns = _unstack(matrix, axis=1)
    q_columns = []
    r_rows = []
    for vec_index, column in enumerate(columns):
        # the orthogonal component of `column` with respect to the columns found so far
        for other in q_columns:
            column = column - jnp.dot(column, other) * other
        next_q_column = column / jnp.linalg.norm(column)
        r_rows.append(jnp.asarray([
            jnp.dot(columns[i], next_q_column) if i >= vec_index else 0.
            for i in range(num_columns)]))
        q_columns.append(next_q_column)
    q = jnp.stack(q_columns, axis=1)
    r = jnp.stack(r_rows)
    # permute q columns to make entries of r on the diagonal positive.
    d = jnp.diag(jnp.sign(jnp.diagonal(r)))
    q = jnp.matmul(q, d, precision=precision)
    r = jnp.matmul(d, r, precision=precision)
    return q, r
