"""A sixth set of programs from JAX libraries the corpus did not cite before: jaxley, dinosaur, JAX-GalSim and PGMax;
and from two cited by ``libraries_more`` for other code: gymnax (there Asterix's free-slot search, here its Catch,
Breakout and Pendulum environments) and jax_cosmo (there its RK4 and curvature switch, here its Romberg
quadrature), each written with Python control flow over traced values next to a ``lax`` twin.

Each library writes its loop or branch with ``lax`` (``while_loop``, ``scan``, ``fori_loop``, ``cond``, ``switch``,
``select``); ``plain`` is that loop or branch written with Python ``for``/``while``/``if``/``break``/``return`` (the
loop the library's docstring or comments describe), the twin is the library's code. The maths is the library's,
adapted only in calling convention: arrays and tuples instead of ``flax.struct`` environment states,
``tree_math`` vectors and ``Cosmology`` objects, ``EnvParams`` entries and solver settings as constants, a fixed
integrand, vector field or policy where the library takes a callable; ``jax.jit`` around inner helpers and
``equinox.error_if`` checks are left out. Registered into ``programs.PROGRAMS`` (``programs.py`` imports this
module after ``libraries_fifth``).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random

from jax_programs.programs import program

GYMNAX = "RobertTLange/gymnax@086ad95697d5898b95ce3b14fa25f2b0bae4a1fc (Apache-2.0) gymnax/{}"
JAX_COSMO = "DifferentiableUniverseInitiative/jax_cosmo@c4f249f3712f2c4fe4b526274baad41a48e187ac (MIT) jax_cosmo/{}"
JAXLEY = "jaxleyverse/jaxley@2638cca2665ec056c40c932dcee924192fc94da2 (Apache-2.0) jaxley/{}"
DINOSAUR = "google-research/dinosaur@189583169842ee05967e958e059bf6f505431cfb (Apache-2.0) dinosaur/{}"
# JAX-GalSim's LICENSE: GalSim's two-clause BSD licence (with its own disclaimer), and Apache-2.0 for bessel.py,
# which it says is derived from TensorFlow Probability.
JAX_GALSIM = "GalSim-developers/JAX-GalSim@e2b1029e11972ec2ad5c6f9bdfd3bf32d4f87c84 ({}) jax_galsim/{}"
GALSIM_LICENCE = "BSD-2-Clause"
PGMAX = "google-deepmind/PGMax@741d532bb4e08f89d1bb86c8e272d913b48aa262 (Apache-2.0) pgmax/{}"


# --- RobertTLange/gymnax: Catch, Breakout and Pendulum rollouts ---------------------------------------------------

CATCH_ROWS, CATCH_COLUMNS = 10, 5  # Catch's defaults


def _catch_sample_init_state(key, rows, columns):
    """Sample a new initial state."""
    ball_x = jax.random.randint(key, shape=(), minval=0, maxval=columns, dtype=jnp.int32)
    ball_y = jnp.int32(0)
    paddle_x = jnp.int32(columns // 2)
    paddle_y = jnp.int32(rows - 1)
    return ball_x, ball_y, paddle_x, paddle_y


def _catch_step_env(key, state, action, rows=CATCH_ROWS, columns=CATCH_COLUMNS):
    # Catch.step_env, its EnvState a tuple (ball_x, ball_y, paddle_x, paddle_y, prev_done, time)
    # Sample new init state each step & use if there was a reset!
    ball_x, ball_y, paddle_x, paddle_y = _catch_sample_init_state(key, rows, columns)
    prev_done = state[4]

    # Move the paddle + drop the ball.
    dx = action - 1  # [-1, 0, 1] = Left, no-op, right.
    paddle_x = jax.lax.select(prev_done, paddle_x, jnp.clip(state[2] + dx, 0, columns - 1))
    ball_y = jax.lax.select(prev_done, ball_y, state[1] + 1)
    ball_x = jax.lax.select(prev_done, ball_x, state[0])
    paddle_y = jax.lax.select(prev_done, paddle_y, state[3])

    # Rewrite reward as boolean multiplication
    prev_done = ball_y == paddle_y
    catched = paddle_x == ball_x
    reward = prev_done * jax.lax.select(catched, 1.0, -1.0)

    state = (ball_x, ball_y, paddle_x, paddle_y, prev_done, state[5] + 1)
    return state, reward


def _catch_twin(key, actions):
    key_reset, key = random.split(key)
    state = (*_catch_sample_init_state(key_reset, CATCH_ROWS, CATCH_COLUMNS), jnp.array(False), jnp.int32(0))

    def policy_step(carry, action):
        state, key = carry
        key, key_step = random.split(key)
        state, reward = _catch_step_env(key_step, state, action)
        return (state, key), reward

    (state, _), rewards = lax.scan(policy_step, (state, key), actions)
    return rewards, state


@program(twin=_catch_twin, args=lambda: (random.key(4), jnp.array([0, 2, 1, 1, 0, 2, 2, 1, 0, 0, 1, 2] * 2)),
         vmap=(None, 0),
         source=GYMNAX.format("environments/bsuite/catch.py") + ", `Catch.step_env` (lax.select on prev_done: "
         "a new ball once the last one landed) and `sample_init_state`, stepped by a lax.scan over a fixed "
         "sequence of actions as experimental/rollout.py's `single_rollout` steps its environment; the selects an "
         "if/else, the reward's select a conditional expression, the scan a for over the actions appending rewards")
def gymnax_catch_rollout(key, actions):
    key_reset, key = random.split(key)
    ball_x, ball_y, paddle_x, paddle_y = _catch_sample_init_state(key_reset, CATCH_ROWS, CATCH_COLUMNS)
    prev_done = False
    time = 0
    rewards = []
    for action in actions:
        key, key_step = random.split(key)
        new_ball_x, new_ball_y, new_paddle_x, new_paddle_y = _catch_sample_init_state(
            key_step, CATCH_ROWS, CATCH_COLUMNS)
        if prev_done:  # the ball landed at the last step: a new one
            ball_x, ball_y, paddle_x, paddle_y = new_ball_x, new_ball_y, new_paddle_x, new_paddle_y
        else:
            paddle_x = jnp.clip(paddle_x + action - 1, 0, CATCH_COLUMNS - 1)
            ball_y = ball_y + 1
        prev_done = ball_y == paddle_y
        reward = prev_done * (1.0 if paddle_x == ball_x else -1.0)
        time = time + 1
        rewards.append(reward)
    return jnp.stack(rewards), (ball_x, ball_y, paddle_x, paddle_y, prev_done, time)


MINIMAL_ACTION_SET = jnp.array([0, 1, 3])  # MinBreakout's ['n', 'l', 'r'] in the full action set


def _breakout_step_agent(state, action):
    """Helper that steps the agent and checks boundary conditions."""
    # MinBreakout's EnvState a dict with its fields
    # Update player position
    pos = (
        # Action left & border condition
        jnp.maximum(0, state["pos"] - 1) * (action == 1)
        # Action right & border condition
        + jnp.minimum(9, state["pos"] + 1) * (action == 3)
        # Don't move player if not l/r chosen
        + state["pos"] * jnp.logical_and(action != 1, action != 3)
    )

    # Update ball position - based on direction of movement
    last_x = state["ball_x"]
    last_y = state["ball_y"]
    new_x = (
        (state["ball_x"] - 1) * (state["ball_dir"] == 0)
        + (state["ball_x"] + 1) * (state["ball_dir"] == 1)
        + (state["ball_x"] + 1) * (state["ball_dir"] == 2)
        + (state["ball_x"] - 1) * (state["ball_dir"] == 3)
    )
    new_y = (
        (state["ball_y"] - 1) * (state["ball_dir"] == 0)
        + (state["ball_y"] - 1) * (state["ball_dir"] == 1)
        + (state["ball_y"] + 1) * (state["ball_dir"] == 2)
        + (state["ball_y"] + 1) * (state["ball_dir"] == 3)
    )

    # Boundary conditions for x position
    border_cond_x = jnp.logical_or(new_x < 0, new_x > 9)
    new_x = jax.lax.select(border_cond_x, (0 * (new_x < 0) + 9 * (new_x > 9)), new_x)
    # Reflect ball direction if bounced off at x border
    ball_dir = jax.lax.select(
        border_cond_x, jnp.array([1, 0, 3, 2])[state["ball_dir"]], state["ball_dir"]
    )
    return ({**state, "pos": pos, "last_x": last_x, "last_y": last_y, "ball_dir": ball_dir}, new_x, new_y)


def _breakout_step_ball_brick(state, new_x, new_y):
    """Helper that computes reward and termination cond. from brickmap."""

    reward = 0

    # Reflect ball direction if bounced off at y border
    border_cond1_y = new_y < 0
    new_y = jax.lax.select(border_cond1_y, 0, new_y)
    ball_dir = jax.lax.select(
        border_cond1_y, jnp.array([3, 2, 1, 0])[state["ball_dir"]], state["ball_dir"]
    )

    # 1st NASTY ELIF BEGINS HERE... = Brick collision
    strike_toggle = jnp.logical_and(
        1 - border_cond1_y, state["brick_map"][new_y, new_x] == 1
    )
    strike_bool = jnp.logical_and((1 - state["strike"]), strike_toggle)
    reward += strike_bool * 1.0

    brick_map = jax.lax.select(
        strike_bool, state["brick_map"].at[new_y, new_x].set(0), state["brick_map"]
    )
    new_y = jax.lax.select(strike_bool, state["last_y"], new_y)
    ball_dir = jax.lax.select(strike_bool, jnp.array([3, 2, 1, 0])[ball_dir], ball_dir)

    # 2nd NASTY ELIF BEGINS HERE... = Wall collision
    brick_cond = jnp.logical_and(1 - strike_toggle, new_y == 9)

    # Spawn new bricks if there are no more around - everything is collected
    spawn_bricks = jnp.logical_and(brick_cond, jnp.count_nonzero(brick_map) == 0)
    brick_map = jax.lax.select(spawn_bricks, brick_map.at[1:4, :].set(1), brick_map)

    # Redirect ball because it collided with old player position
    redirect_ball1 = jnp.logical_and(brick_cond, state["ball_x"] == state["pos"])
    ball_dir = jax.lax.select(
        redirect_ball1, jnp.array([3, 2, 1, 0])[ball_dir], ball_dir
    )
    new_y = jax.lax.select(redirect_ball1, state["last_y"], new_y)

    # Redirect ball because it collided with new player position
    redirect_ball2a = jnp.logical_and(brick_cond, 1 - redirect_ball1)
    redirect_ball2 = jnp.logical_and(redirect_ball2a, new_x == state["pos"])
    ball_dir = jax.lax.select(
        redirect_ball2, jnp.array([2, 3, 0, 1])[ball_dir], ball_dir
    )
    new_y = jax.lax.select(redirect_ball2, state["last_y"], new_y)
    redirect_cond = jnp.logical_and(1 - redirect_ball1, 1 - redirect_ball2)
    terminal = jnp.logical_and(brick_cond, redirect_cond)

    strike = jax.lax.select(1 - strike_toggle == 1, False, True)
    return ({**state, "ball_dir": ball_dir, "brick_map": brick_map, "strike": strike, "ball_x": new_x,
             "ball_y": new_y, "terminal": terminal}, reward)


def _breakout_reset(ball_start):
    # MinBreakout.reset_env, the ball's start (jax.random.choice(key, jnp.array([0, 1]))) given
    return dict(
        ball_y=jnp.array(3),
        ball_x=jnp.array([0, 9])[ball_start],
        ball_dir=jnp.array([2, 3])[ball_start],
        pos=jnp.array(4),
        brick_map=jnp.zeros((10, 10)).at[1:4, :].set(1),
        strike=jnp.array(False),
        last_y=jnp.array(3),
        last_x=jnp.array([0, 9])[ball_start],
        terminal=jnp.array(False),
    )


def _breakout_twin(ball_start, steps=60):
    def policy_step(state, _):
        # the policy: follow the ball (0 no-op, 1 left, 2 right of the minimal action set)
        action = jnp.where(state["ball_x"] < state["pos"], 1, jnp.where(state["ball_x"] > state["pos"], 2, 0))
        a = MINIMAL_ACTION_SET[action]
        state, new_x, new_y = _breakout_step_agent(state, a)
        state, reward = _breakout_step_ball_brick(state, new_x, new_y)
        return state, (reward.astype(jnp.float32), state["terminal"])

    state, (rewards, terminals) = lax.scan(policy_step, _breakout_reset(ball_start), None, length=steps)
    return rewards, terminals, state["brick_map"]


@program(twin=_breakout_twin, args=lambda: (jnp.int32(1),), vmap=(0,),
         source=GYMNAX.format("environments/minatar/breakout.py") + ", `MinBreakout.step_env`'s `step_agent` and "
         "`step_ball_brick` (arithmetic on comparisons and lax.selects standing for MinAtar's if/elif chain: \"1st "
         "NASTY ELIF BEGINS HERE... = Brick collision\") and `reset_env`, stepped by a lax.scan with a policy "
         "following the ball; the selects nested if/elif/else (the ball's direction an if/elif chain), the scan a "
         "for appending rewards and terminal flags")
def gymnax_breakout_rollout(ball_start, steps=60):
    state = _breakout_reset(ball_start)
    ball_x, ball_y, ball_dir, pos = state["ball_x"], state["ball_y"], state["ball_dir"], state["pos"]
    brick_map, strike, last_x, last_y = state["brick_map"], state["strike"], state["last_x"], state["last_y"]
    rewards, terminals = [], []
    for _ in range(steps):
        if ball_x < pos:
            action = 1
        elif ball_x > pos:
            action = 2
        else:
            action = 0
        a = MINIMAL_ACTION_SET[action]
        # step_agent
        if a == 1:
            pos = jnp.maximum(0, pos - 1)
        elif a == 3:
            pos = jnp.minimum(9, pos + 1)
        last_x, last_y = ball_x, ball_y
        if ball_dir == 0:
            new_x, new_y = ball_x - 1, ball_y - 1
        elif ball_dir == 1:
            new_x, new_y = ball_x + 1, ball_y - 1
        elif ball_dir == 2:
            new_x, new_y = ball_x + 1, ball_y + 1
        else:
            new_x, new_y = ball_x - 1, ball_y + 1
        if new_x < 0 or new_x > 9:
            new_x = 0 if new_x < 0 else 9
            ball_dir = jnp.array([1, 0, 3, 2])[ball_dir]
        # step_ball_brick
        reward = 0.0
        terminal = False
        strike_toggle = False
        if new_y < 0:
            new_y = 0
            ball_dir = jnp.array([3, 2, 1, 0])[ball_dir]
        elif brick_map[new_y, new_x] == 1:
            strike_toggle = True
            if not strike:
                reward = 1.0
                brick_map = brick_map.at[new_y, new_x].set(0)
                new_y = last_y
                ball_dir = jnp.array([3, 2, 1, 0])[ball_dir]
        elif new_y == 9:
            # Spawn new bricks if there are no more around
            if jnp.count_nonzero(brick_map) == 0:
                brick_map = brick_map.at[1:4, :].set(1)
            if ball_x == pos:
                ball_dir = jnp.array([3, 2, 1, 0])[ball_dir]
                new_y = last_y
            elif new_x == pos:
                ball_dir = jnp.array([2, 3, 0, 1])[ball_dir]
                new_y = last_y
            else:
                terminal = True
        strike = strike_toggle
        ball_x, ball_y = new_x, new_y
        rewards.append(reward)
        terminals.append(terminal)
    return jnp.array(rewards, dtype=jnp.float32), jnp.array(terminals), brick_map


# Pendulum's EnvParams, max_steps_in_episode lowered so that the rollout resets once
PENDULUM_MAX_SPEED, PENDULUM_MAX_TORQUE, PENDULUM_DT = 8.0, 2.0, 0.05
PENDULUM_G, PENDULUM_M, PENDULUM_L = 10.0, 1.0, 1.0
PENDULUM_MAX_STEPS = 10


def _angle_normalize(x):
    """Normalize the angle - radians."""
    return ((x + jnp.pi) % (2 * jnp.pi)) - jnp.pi


def _pendulum_reset(key):
    high = jnp.array([jnp.pi, 1])
    state = jax.random.uniform(key, shape=(2,), minval=-high, maxval=high)
    return state[0], state[1], 0  # theta, theta_dot, time


def _pendulum_obs(theta, theta_dot):
    return jnp.array([jnp.cos(theta), jnp.sin(theta), theta_dot]).squeeze()


def _pendulum_policy(w, b, obs):
    # the rollout's `model_forward`: a linear policy squashed to the torque range
    return PENDULUM_MAX_TORQUE * jnp.tanh(w @ obs + b)


def _pendulum_step_env(state, action):
    # Pendulum.step_env (with_transition_gradients: no stop_gradient), its EnvState (theta, theta_dot, time)
    theta, theta_dot, time = state
    u = jnp.clip(action, -PENDULUM_MAX_TORQUE, PENDULUM_MAX_TORQUE)
    reward = -(_angle_normalize(theta) ** 2 + 0.1 * theta_dot ** 2 + 0.001 * (u ** 2))
    reward = reward.squeeze()
    newthdot = theta_dot + ((3 * PENDULUM_G / (2 * PENDULUM_L) * jnp.sin(theta)
                             + 3.0 / (PENDULUM_M * PENDULUM_L ** 2) * u) * PENDULUM_DT)
    newthdot = jnp.clip(newthdot, -PENDULUM_MAX_SPEED, PENDULUM_MAX_SPEED)
    newth = theta + newthdot * PENDULUM_DT
    state = (newth.squeeze(), newthdot.squeeze(), time + 1)
    return _pendulum_obs(state[0], state[1]), state, reward, jnp.array(False)


def _pendulum_rollout_twin(key_input, w, b, num_env_steps=16):
    key_reset, key_episode = jax.random.split(key_input)
    theta, theta_dot, time = _pendulum_reset(key_reset)
    obs, state = _pendulum_obs(theta, theta_dot), (theta, theta_dot, time)

    def env_step(key, state, action):
        # Environment.step: step_env, then the auto-reset
        key_step, key_reset = jax.random.split(key)
        obs_st, state_st, reward, terminated = _pendulum_step_env(state, action)
        truncated = state_st[2] >= PENDULUM_MAX_STEPS
        done = jnp.logical_or(terminated, truncated)
        theta_re, theta_dot_re, time_re = _pendulum_reset(key_reset)
        obs_re, state_re = _pendulum_obs(theta_re, theta_dot_re), (theta_re, theta_dot_re, time_re)
        state = jax.tree.map(lambda x, y: jax.lax.select(done, x, y), state_re, state_st)
        obs = jax.tree.map(lambda reset_leaf, step_leaf: jax.lax.select(done, reset_leaf, step_leaf),
                           obs_re, obs_st)
        return obs, state, reward, terminated, truncated

    def policy_step(state_input, _):
        obs, state, key, cum_reward, valid_mask = state_input
        key, key_step, key_net = jax.random.split(key, 3)
        action = _pendulum_policy(w, b, obs)
        next_obs, next_state, reward, terminated, truncated = env_step(key_step, state, action)
        done = jnp.logical_or(terminated, truncated)
        new_cum_reward = cum_reward + reward * valid_mask
        new_valid_mask = valid_mask * (1 - done)
        carry = [next_obs, next_state, key, new_cum_reward, new_valid_mask]
        y = [obs, action, reward, next_obs, done]
        return carry, y

    carry_out, scan_out = jax.lax.scan(
        policy_step, [obs, state, key_episode, jnp.array([0.0]), jnp.array([1.0])], (), num_env_steps)
    obs, action, reward, next_obs, done = scan_out
    cum_return = carry_out[-2]
    return obs, action, reward, next_obs, done, cum_return


@program(twin=_pendulum_rollout_twin,
         args=lambda: (random.key(6), jnp.array([[0.4, -0.3, -0.2]]), jnp.array([0.1])),
         grad=(1, 2), loss=lambda out: jnp.sum(out[-1]) + 0.1 * jnp.sum(out[1]), vmap=(None, 0, None), rtol=1e-4,
         source=GYMNAX.format("experimental/rollout.py") + ", `RolloutWrapper.single_rollout` (a lax.scan over "
         "env steps with a cumulative reward and a valid mask) around environments/environment.py's "
         "`Environment.step` (its auto-reset a lax.select on done) and environments/classic_control/pendulum.py's "
         "`Pendulum.step_env`/`reset_env` with transition gradients, max_steps_in_episode=10, a linear tanh "
         "policy; the scan a for loop appending transition tuples (stacked by zip(*...)), the auto-reset an "
         "if/else")
def gymnax_pendulum_rollout(key_input, w, b, num_env_steps=16):
    key_reset, key = jax.random.split(key_input)
    theta, theta_dot, time = _pendulum_reset(key_reset)
    obs = _pendulum_obs(theta, theta_dot)
    cum_reward = jnp.array([0.0])
    valid_mask = jnp.array([1.0])
    transitions = []
    for _ in range(num_env_steps):
        key, key_step, key_net = jax.random.split(key, 3)
        action = _pendulum_policy(w, b, obs)
        key_step, key_reset = jax.random.split(key_step)
        u = jnp.clip(action, -PENDULUM_MAX_TORQUE, PENDULUM_MAX_TORQUE)
        reward = -(_angle_normalize(theta) ** 2 + 0.1 * theta_dot ** 2 + 0.001 * (u ** 2))
        reward = reward.squeeze()
        newthdot = theta_dot + ((3 * PENDULUM_G / (2 * PENDULUM_L) * jnp.sin(theta)
                                 + 3.0 / (PENDULUM_M * PENDULUM_L ** 2) * u) * PENDULUM_DT)
        newthdot = jnp.clip(newthdot, -PENDULUM_MAX_SPEED, PENDULUM_MAX_SPEED)
        newth = theta + newthdot * PENDULUM_DT
        time = time + 1
        done = time >= PENDULUM_MAX_STEPS  # truncated (a pendulum never terminates)
        if done:  # auto-reset
            theta, theta_dot, time = _pendulum_reset(key_reset)
        else:
            theta, theta_dot = newth.squeeze(), newthdot.squeeze()
        next_obs = _pendulum_obs(theta, theta_dot)
        cum_reward = cum_reward + reward * valid_mask
        valid_mask = valid_mask * (1 - done)
        transitions.append((obs, action, reward, next_obs, done))
        obs = next_obs
    return (*map(jnp.stack, zip(*transitions)), cum_reward)


# --- DifferentiableUniverseInitiative/jax_cosmo: Romberg quadrature --------------------------------------------

def _difftrap1(function, interval):
    return 0.5 * (function(interval[0]) + function(interval[1]))


def _difftrapn(function, interval, numtraps):
    numtosum = numtraps // 2
    h = (1.0 * interval[1] - 1.0 * interval[0]) / numtosum
    lox = interval[0] + 0.5 * h
    points = lox + h * jnp.arange(0, numtosum)
    s = jnp.sum(function(points))
    return s


def _romberg_diff(b, c, k):
    """
    Compute the differences for the Romberg quadrature corrections.
    See Forman Acton's "Real Computing Made Real," p 143.
    """
    tmp = 4.0**k
    return (tmp * c - b) / (tmp - 1.0)


def _romb_integrand(x, s):
    return jnp.exp(-s * x ** 2) / (1.0 + x)


def _romb_twin(a, b, s, divmax=6):
    vfunc = lambda x: _romb_integrand(x, s)  # noqa: E731 - the source's jit(lambda x: function(x, *args))

    n = 1
    interval = [a, b]
    intrange = b - a
    ordsum = _difftrap1(vfunc, interval)
    result = intrange * ordsum
    state = jnp.repeat(jnp.atleast_1d(result), divmax + 1, axis=-1)
    err = jnp.inf

    def scan_fn(carry, y):
        x, k = carry
        x = _romberg_diff(y, x, k + 1)
        return (x, k + 1), x

    for i in range(1, divmax + 1):
        n = 2**i
        ordsum = ordsum + _difftrapn(vfunc, interval, n)

        x = intrange * ordsum / n
        _, new_state = jax.lax.scan(scan_fn, (x, 0), state[:-1])

        new_state = jnp.concatenate([jnp.atleast_1d(x), new_state])

        err = jnp.abs(state[i - 1] - new_state[i])
        state = new_state

    return state[i], err


@program(twin=_romb_twin, args=lambda: (jnp.float32(0.0), jnp.float32(2.0), jnp.float32(0.7)), grad=(0, 1, 2),
         loss=lambda out: out[0], vmap=(None, 0, 0),
         known_failure="the outer loop over range(1, divmax + 1) sums 2**i // 2 points (jnp.arange of a size that "
                       "depends on i, a Python loop in the source too): one scan cannot have a traced i, so it is "
                       "unrolled with an UnrolledLoopWarning (values right)",
         source=JAX_COSMO.format("scipy/integrate.py") + ", `romb` (Romberg integration: for each halving of the "
         "step, a lax.scan of Richardson extrapolations along the previous row), return_error=True, for "
         "exp(-s x**2) / (1 + x); the scan a for over the previous row's entries appending to the new row")
def jc_romb(a, b, s, divmax=6):
    vfunc = lambda x: _romb_integrand(x, s)  # noqa: E731
    interval = [a, b]
    intrange = b - a
    ordsum = _difftrap1(vfunc, interval)
    result = intrange * ordsum
    state = jnp.repeat(jnp.atleast_1d(result), divmax + 1, axis=-1)
    err = jnp.inf
    for i in range(1, divmax + 1):
        n = 2**i
        ordsum = ordsum + _difftrapn(vfunc, interval, n)
        x = intrange * ordsum / n
        row = [x]
        k = 0
        for y in state[:-1]:
            x = _romberg_diff(y, x, k + 1)
            k = k + 1
            row.append(x)
        new_state = jnp.stack(row)
        err = jnp.abs(state[i - 1] - new_state[i])
        state = new_state
    return state[i], err


# --- jaxleyverse/jaxley: the dendritic-hierarchical-scheduling voltage solve, an Izhikevich neuron -------------

def _comp_based_triang(index, carry):
    """Triangulate the quasi-tridiagonal system compartment by compartment."""
    diags, solves, lowers, uppers, flipped_comp_edges = carry

    # `flipped_comp_edges` has shape `(num_levels, num_comps_per_level, 2)`. We first
    # get the relevant level with `[index]` and then we get all children and parents
    # in the level.
    comp_edge = flipped_comp_edges[index]
    child = comp_edge[:, 0]
    parent = comp_edge[:, 1]

    lower_val = lowers[child]
    upper_val = uppers[child]
    child_diag = diags[child]
    child_solve = solves[child]

    # Factor that the child row has to be multiplied by.
    multiplier = upper_val / child_diag

    # Updates to diagonal and solve
    diags = diags.at[parent].add(-lower_val * multiplier)
    solves = solves.at[parent].add(-child_solve * multiplier)

    return (diags, solves, lowers, uppers, flipped_comp_edges)


def _comp_based_backsub(index, carry):
    """Backsubstitute the quasi-tridiagonal system compartment by compartment."""
    solves, lowers, comp_edges = carry

    # `comp_edges` has shape `(num_levels, num_comps_per_level, 2)`. We first get the
    # relevant level with `[index]` and then we get all children and parents in the
    # level.
    comp_edge = comp_edges[index]
    child = comp_edge[:, 0]
    parent = comp_edge[:, 1]

    # Updates to diagonal and solve
    solves = solves.at[child].add(-solves[parent] * lowers[child])
    return (solves, lowers, comp_edges)


# A branched cell of six compartments (0 the root; 1 and 4 its children; 2, 3 below 1; 5 below 4): the (child,
# parent) edges grouped by depth as `node_order_grouped`, padded with -1 (the spurious last compartment) as
# `_pad_comp_edges` pads them.
ORDERED_COMP_EDGES = np.array([[[1, 0], [4, 0], [-1, -1]], [[2, 1], [3, 1], [5, 4]]], dtype=np.int32)
FLIPPED_COMP_EDGES = ORDERED_COMP_EDGES[::-1]


def _dhs_solve_twin(diags, lowers, uppers, solves):
    # `_make_dhs_solve`'s `_raw_solve` with optimize_for_gpu=False
    steps = len(FLIPPED_COMP_EDGES)
    init = (diags, solves, lowers, uppers, FLIPPED_COMP_EDGES)
    diags_out, solves_out, _, _, _ = lax.fori_loop(0, steps, _comp_based_triang, init)

    lowers_norm = lowers / diags_out
    solves_norm = solves_out / diags_out
    diags_out = jnp.ones_like(solves_norm)
    init = (solves_norm, lowers_norm, ORDERED_COMP_EDGES)
    solves_out, _, _ = lax.fori_loop(0, steps, _comp_based_backsub, init)

    return solves_out / diags_out


def _dhs_args():
    k1, k2, k3, k4 = random.split(random.key(12), 4)
    n = 6
    diags = jnp.concatenate([2.5 + random.uniform(k1, (n,)), jnp.ones(1)])  # the spurious compartment appended
    lowers = jnp.concatenate([-0.2 - 0.5 * random.uniform(k2, (n,)), jnp.zeros(1)])
    uppers = jnp.concatenate([-0.2 - 0.5 * random.uniform(k3, (n,)), jnp.zeros(1)])
    solves = jnp.concatenate([random.normal(k4, (n,)), jnp.zeros(1)])
    return diags, lowers, uppers, solves


@program(twin=_dhs_solve_twin, args=_dhs_args, grad=(0, 1, 2, 3), loss=lambda out: jnp.sum(out * jnp.arange(7.0)),
         vmap=(None, None, None, 0), rtol=1e-4,
         known_failure="a loop over range(steps) indexing a NumPy array (the levels, a constant) by its index: NumPy "
                       "cannot take a traced index, so the loop is unrolled with an UnrolledLoopWarning (values right; "
                       "the fori_loop of the source carries the array, which makes it a jax array)",
         source=JAXLEY.format("solver_voltage.py") + ", `_make_dhs_solve`'s `_raw_solve` (optimize_for_gpu=False: "
         "a lax.fori_loop of `_comp_based_triang` over the levels of the tree, leaves first, then one of "
         "`_comp_based_backsub`; Zhang et al. (2023)'s dendritic hierarchical scheduling), a six-compartment branched "
         "cell; the fori_loops for loops over range(steps) indexing the levels (a NumPy array), as the source's "
         "optimize_for_gpu branch writes the first")
def jaxley_dhs_solve(diags, lowers, uppers, solves):
    steps = len(FLIPPED_COMP_EDGES)
    for index in range(steps):
        comp_edge = FLIPPED_COMP_EDGES[index]
        child = comp_edge[:, 0]
        parent = comp_edge[:, 1]
        multiplier = uppers[child] / diags[child]
        diags = diags.at[parent].add(-lowers[child] * multiplier)
        solves = solves.at[parent].add(-solves[child] * multiplier)
    lowers = lowers / diags
    solves = solves / diags
    for index in range(steps):
        comp_edge = ORDERED_COMP_EDGES[index]
        child = comp_edge[:, 0]
        parent = comp_edge[:, 1]
        solves = solves.at[child].add(-solves[parent] * lowers[child])
    return solves


def _save_exp(x, max_value: float = 20.0):
    """Clip the input to a maximum value and return its exponential."""
    x = jnp.minimum(x, max_value)
    return jnp.exp(x)


def _exponential_euler(x, dt, x_inf, x_tau):
    """An exact solver for the linear dynamical system `dx = -(x - x_inf) / x_tau`."""
    exp_term = _save_exp(-dt / x_tau)
    return x * exp_term + x_inf * (1.0 - exp_term)


def _izhikevich_update_states(u, dt, v, a, b, c, d):
    # Izhikevich.update_states, its params and states dicts as arguments
    # Update the recovery variable u with exponential Euler.
    u = _exponential_euler(u, dt, b * v, 1 / a)

    # Update voltages with Forward Euler because the vectorfield is nonlinear in v.
    dv = (0.04 * v**2) + (5 * v) + 140 - u
    v = v + dt * dv

    condition = v >= 30.0
    v = jax.lax.select(condition, c, v)
    u = jax.lax.select(condition, u + d, u)
    return u, v


def _izhikevich_twin(v, u, a, b, c, d, dt=0.5, steps=120):
    def step(carry, _):
        u, v = carry
        u, v = _izhikevich_update_states(u, dt, v, a, b, c, d)
        return (u, v), v

    _, vs = lax.scan(step, (u, v), None, length=steps)
    return vs


@program(twin=_izhikevich_twin,
         args=lambda: (jnp.float32(-40.0), jnp.float32(-14.0), jnp.float32(0.02), jnp.float32(0.2),
                       jnp.float32(-55.0), jnp.float32(4.0)),
         grad=(0, 2, 3, 4, 5), loss=lambda out: jnp.sum(out[-40:]), vmap=(None, 0, None, None, None, None),
         rtol=1e-4,
         source=JAXLEY.format("channels/non_capacitive/izhikevich.py") + ", `Izhikevich.update_states` (exponential "
         "Euler for u, forward Euler for v, the spike reset a lax.select) with solver_gate.py's `exponential_euler` "
         "and `save_exp`, stepped by a lax.scan as integrate.py steps its states; the selects an if, the scan a for "
         "loop appending the voltages")
def jaxley_izhikevich(v, u, a, b, c, d, dt=0.5, steps=120):
    vs = []
    for _ in range(steps):
        u = _exponential_euler(u, dt, b * v, 1 / a)
        dv = (0.04 * v**2) + (5 * v) + 140 - u
        v = v + dt * dv
        if v >= 30.0:  # a spike: reset
            v = c
            u = u + d
        vs.append(v)
    return jnp.stack(vs)


# --- google-research/dinosaur: a filtered leapfrog trajectory, nested checkpointed scans, digital filter
# initialization --------------------------------------------------------------------------------------------------

def _imex_equation(nu):
    """An implicit-explicit ODE on 8 modes: explicit a nonlinear coupling, implicit a diffusion nu k**2 (its
    implicit_inverse solves (1 - eta G) x = y)."""
    k2 = jnp.arange(8.0) ** 2 / 16.0

    def explicit_terms(u):
        return -0.5 * u ** 2 + 0.3 * jnp.roll(u, 1)

    def implicit_terms(u):
        return -nu * k2 * u

    def implicit_inverse(u, eta):
        return u / (1 + eta * nu * k2)

    return explicit_terms, implicit_terms, implicit_inverse


def _leapfrog_twin(previous, current, nu, time_step=0.1, alpha=0.5, r=0.05, outer_steps=4, inner_steps=3):
    explicit_fn, implicit_fn, inverse_fn = _imex_equation(nu)

    def step_fn(u):  # semi_implicit_leapfrog's
        # leapfrog assumes that `u` is a Tuple of snapshots at t-1; t
        previous, current = u
        explicit_current = explicit_fn(current)
        implicit_previous = implicit_fn(previous)
        intermediate = previous + 2 * time_step * (explicit_current + (1 - alpha) * implicit_previous)
        eta = 2 * time_step * alpha
        future = inverse_fn(intermediate, eta)
        return (current, future)

    def _filter(u, u_next):  # robert_asselin_leapfrog_filter(r)'s
        previous, current = u
        _, future = u_next
        filtered_current = jax.tree.map(lambda p, c, f: (1 - 2 * r) * c + r * (p + f), previous, current, future)
        return (filtered_current, future)

    filters = [_filter]

    def _step_fn(u):  # step_with_filters'
        u_next = step_fn(u)
        for filter_fn in filters:
            u_next = filter_fn(u, u_next)
        return u_next

    def f_repeated(x_initial):  # repeated(_step_fn, inner_steps)
        g = lambda x, _: (_step_fn(x), None)  # noqa: E731
        x_final, _ = lax.scan(g, x_initial, xs=None, length=inner_steps)
        return x_final

    post_process_fn = lambda u: u[1]  # noqa: E731 - the current snapshot

    def step(carry_in, _):  # trajectory_from_step(..., start_with_input=True)
        carry_out = f_repeated(carry_in)
        frame = carry_in
        return carry_out, post_process_fn(frame)

    return lax.scan(step, (previous, current), xs=None, length=outer_steps)


def _leapfrog_args():
    u0 = jnp.cos(jnp.arange(8.0))
    return u0, u0 + 0.05 * jnp.sin(jnp.arange(8.0)), jnp.float32(0.4)


@program(twin=_leapfrog_twin, args=_leapfrog_args, grad=(0, 1, 2),
         loss=lambda out: jnp.sum(out[0][1]) + jnp.sum(out[1] ** 2), vmap=(None, 0, 0), rtol=1e-4,
         source=DINOSAUR.format("time_integration.py") + ", `trajectory_from_step` (start_with_input=True: an "
         "outer lax.scan saving frames around `repeated`'s inner lax.scan) of `step_with_filters` applied to "
         "`semi_implicit_leapfrog` and `robert_asselin_leapfrog_filter`, for an 8-mode implicit-explicit ODE; the "
         "scans two nested for loops, the outer appending frames")
def dinosaur_leapfrog_trajectory(previous, current, nu, time_step=0.1, alpha=0.5, r=0.05, outer_steps=4,
                                 inner_steps=3):
    explicit_fn, implicit_fn, inverse_fn = _imex_equation(nu)
    u = (previous, current)
    frames = []
    for _ in range(outer_steps):
        frame = u
        for _ in range(inner_steps):
            previous, current = u
            intermediate = previous + 2 * time_step * (explicit_fn(current) + (1 - alpha) * implicit_fn(previous))
            future = inverse_fn(intermediate, 2 * time_step * alpha)
            # the Robert-Asselin filter
            u = ((1 - 2 * r) * current + r * (previous + future), future)
        frames.append(frame[1])
    return u, jnp.stack(frames)


def _rnn_cell(W):
    def f(h, x):
        h = jnp.tanh(W @ h + x)
        return h, h
    return f


def _nested_checkpoint_scan(f, init, xs, length=None, *, nested_lengths, scan_fn=jax.lax.scan,
                            checkpoint_fn=jax.checkpoint):
    if length is not None and length != math.prod(nested_lengths):
        raise ValueError(f'inconsistent {length=} and {nested_lengths=}')

    def nested_reshape(x):
        x = jnp.asarray(x)
        new_shape = tuple(nested_lengths) + x.shape[1:]
        return x.reshape(new_shape)

    sub_xs = jax.tree.map(nested_reshape, xs)
    return _inner_nested_scan(f, init, sub_xs, nested_lengths, scan_fn, checkpoint_fn)


def _inner_nested_scan(f, init, xs, lengths, scan_fn, checkpoint_fn):
    """Recursively applied scan function."""
    if len(lengths) == 1:
        return scan_fn(f, init, xs, lengths[0])

    @checkpoint_fn
    def sub_scans(carry, xs):
        return _inner_nested_scan(f, carry, xs, lengths[1:], scan_fn, checkpoint_fn)

    carry, out = scan_fn(sub_scans, init, xs, lengths[0])
    stacked_out = jax.tree.map(jnp.concatenate, out)
    return carry, stacked_out


def _nested_scan_twin(h0, xs, W):
    return _nested_checkpoint_scan(_rnn_cell(W), h0, xs, nested_lengths=(3, 4))


def _nested_scan_args():
    k1, k2 = random.split(random.key(13))
    return jnp.zeros(3), random.normal(k1, (12, 3)), 0.6 * random.normal(k2, (3, 3))


@program(twin=_nested_scan_twin, args=_nested_scan_args, grad=(0, 1, 2),
         loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1] ** 2), vmap=(0, None, None), rtol=1e-4,
         source=DINOSAUR.format("time_integration.py") + ", `nested_checkpoint_scan` (nested_lengths=(3, 4): a "
         "lax.scan of jax.checkpoint-ed lax.scans, \"reduces to lax.scan\"), scanning a tanh recurrent cell over "
         "12 inputs; the scans the one for over the inputs its docstring says it computes, appending the outputs")
def dinosaur_nested_checkpoint_scan(h, xs, W):
    outs = []
    for x in xs:
        h = jnp.tanh(W @ h + x)
        outs.append(h)
    return h, jnp.stack(outs)


def _dfi_lanczos_weights(time_span, cutoff_period, dt):
    """Calculate Lanczos weights for digital filter initialization."""
    N = round(time_span / (2 * dt))
    n = np.arange(1, N + 1)
    w = np.sinc(n / (N + 1)) * np.sinc(n * time_span / (cutoff_period * N))
    return w


def _euler_step(nu, dt, reversed_in_time):
    # backward_forward_euler of the equation (or of TimeReversedImExODE(equation): its terms negated, its
    # implicit_inverse at -step_size)
    explicit_fn, _, inverse_fn = _imex_equation(nu)
    sign = -1.0 if reversed_in_time else 1.0

    def step_fn(u0):
        g = u0 + dt * sign * explicit_fn(u0)
        u1 = inverse_fn(g, sign * dt)
        return u1
    return step_fn


def _accumulate_repeated(step_fn, weights, state, scan_fn=jax.lax.scan):
    """Accumulate the weighted average of a repeatedly applying a function."""
    def f(carry, weight):
        state, averaged = carry
        state = step_fn(state)
        averaged = jax.tree.map(lambda s, a: a + weight * s, state, averaged)
        return (state, averaged), None

    zeros = jax.tree.map(jnp.zeros_like, state)
    init = (state, zeros)
    (_, averaged), _ = scan_fn(f, init, weights)
    return averaged


def _dfi_twin(state, nu, time_span=1.2, cutoff_period=1.2, dt=0.1):
    forward_step = _euler_step(nu, dt, False)
    backward_step = _euler_step(nu, dt, True)
    # for times [1, ..., N] and [-1, ..., -N]
    weights = _dfi_lanczos_weights(time_span, cutoff_period, dt)
    init_weight = 1.0  # for time=0
    total_weight = init_weight + 2 * weights.sum()
    # normalize
    init_weight /= total_weight
    weights /= total_weight
    # add up the weighted contributions.
    init_term = jax.tree.map(lambda x: x * init_weight, state)
    forward_term = _accumulate_repeated(forward_step, weights, state)
    backward_term = _accumulate_repeated(backward_step, weights, state)
    return jax.tree.map(lambda *xs: sum(xs), init_term, forward_term, backward_term)


@program(twin=_dfi_twin, args=lambda: (0.5 * jnp.cos(jnp.arange(8.0)), jnp.float32(0.4)), grad=(0, 1),
         loss=lambda out: jnp.sum(out ** 2), vmap=(0, None), rtol=1e-4,
         source=DINOSAUR.format("time_integration.py") + ", `digital_filter_initialization` (Lynch & Huang (1992): "
         "Lanczos-weighted sums of `accumulate_repeated`'s lax.scan forward and backward in time, "
         "`TimeReversedImExODE`) with `backward_forward_euler` and no filters, for an 8-mode implicit-explicit ODE; "
         "each scan a for over the weights, the time direction an if inside it")
def dinosaur_digital_filter_initialization(state, nu, time_span=1.2, cutoff_period=1.2, dt=0.1):
    explicit_fn, _, inverse_fn = _imex_equation(nu)
    weights = _dfi_lanczos_weights(time_span, cutoff_period, dt)
    init_weight = 1.0
    total_weight = init_weight + 2 * weights.sum()
    init_weight /= total_weight
    weights /= total_weight
    result = state * init_weight
    for backward in (False, True):
        u = state
        for weight in weights:
            if backward:
                u = inverse_fn(u - dt * explicit_fn(u), -dt)
            else:
                u = inverse_fn(u + dt * explicit_fn(u), dt)
            result = result + weight * u
    return result


# --- GalSim-developers/JAX-GalSim: Bessel K by Temme's series and Steed's continued fraction, bisection,
# 2-d Horner, the SIP distortion's Newton inverse ------------------------------------------------------------------

BESSEL = JAX_GALSIM.format("Apache-2.0", "bessel.py")  # bessel.py: derived from TensorFlow Probability (Apache-2.0)


def _evaluate_temme_coeffs(v):
    """Numerically stable computation of gamma-related coefficients for Temme's method."""
    coeff1_coeffs = [
        -1.142022680371168e0,
        6.5165112670737e-3,
        3.087090173086e-4,
        -3.4706269649e-6,
        6.9437664e-9,
        3.67795e-11,
        -1.356e-13,
    ]
    coeff2_coeffs = [
        1.843740587300905e0,
        -7.68528408447867e-2,
        1.2719271366546e-3,
        -4.9717367042e-6,
        -3.31261198e-8,
        2.423096e-10,
        -1.702e-13,
        -1.49e-15,
    ]
    w = 8.0 * v * v - 1.0
    y = 2.0 * w

    # Clenshaw's recurrence for coeff1
    prev = 0.0
    current = 0.0
    for i in reversed(range(1, len(coeff1_coeffs))):
        temp = current
        current = y * current - prev + coeff1_coeffs[i]
        prev = temp
    coeff1 = w * current - prev + 0.5 * coeff1_coeffs[0]

    # Clenshaw's recurrence for coeff2
    prev = 0.0
    current = 0.0
    for i in reversed(range(1, len(coeff2_coeffs))):
        temp = current
        current = y * current - prev + coeff2_coeffs[i]
        prev = temp
    coeff2 = w * current - prev + 0.5 * coeff2_coeffs[0]

    gamma1pv = coeff2 - v * coeff1
    gamma1mv = coeff2 + v * coeff1
    return coeff1, coeff2, gamma1pv, gamma1mv


def _temme_series_twin(v, z):
    tol = jnp.finfo(z.dtype).eps

    coeff1, coeff2, gamma1pv_inv, gamma1mv_inv = _evaluate_temme_coeffs(v)

    z_sq = z * z
    logzo2 = jnp.log(z / 2.0)
    mu = -v * logzo2
    sinc_v = jnp.sinc(v)
    mu_msk = jnp.where(mu == 0.0, 1.0, mu)
    sinhc_mu = jnp.where(mu == 0.0, 1.0, jnp.sinh(mu_msk) / mu_msk)

    initial_f = (coeff1 * jnp.cosh(mu) + coeff2 * (-logzo2) * sinhc_mu) / sinc_v
    initial_p = 0.5 * jnp.exp(mu) / gamma1pv_inv
    initial_q = 0.5 * jnp.exp(-mu) / gamma1mv_inv

    max_iterations = 1000

    def body_fn(carry):
        should_stop, index, f, p, q, coeff, kv_sum, kvp1_sum = carry
        f = jnp.where(
            should_stop,
            f,
            (index * f + p + q) / (index * index - v * v),
        )
        p = jnp.where(should_stop, p, p / (index - v))
        q = jnp.where(should_stop, q, q / (index + v))
        h = p - index * f
        coeff = jnp.where(should_stop, coeff, coeff * z_sq / (4.0 * index))
        kv_sum = jnp.where(should_stop, kv_sum, kv_sum + coeff * f)
        kvp1_sum = jnp.where(should_stop, kvp1_sum, kvp1_sum + coeff * h)
        index = index + 1.0
        should_stop = (jnp.abs(coeff * f) < jnp.abs(kv_sum) * tol) | (
            index > max_iterations
        )
        return (should_stop, index, f, p, q, coeff, kv_sum, kvp1_sum)

    def cond_fn(carry):
        should_stop = carry[0]
        return ~should_stop

    init = (
        jnp.array(False),
        1.0,
        initial_f,
        initial_p,
        initial_q,
        1.0,
        initial_f,
        initial_p,
    )
    _, _, _, _, _, _, kv_sum, kvp1_sum = jax.lax.while_loop(cond_fn, body_fn, init)

    # Convert to exponentially scaled: kve = kv * exp(z)
    kve = kv_sum * jnp.exp(z)
    kvep1 = 2.0 * kvp1_sum * jnp.exp(z) / z

    return kve, kvep1


@program(twin=_temme_series_twin, args=lambda: (jnp.float32(0.3), jnp.float32(1.2)), jvp=(0, 1), vmap=(None, 0),
         rtol=1e-4,
         source=BESSEL + ", `_temme_series_kve` (Kve(v, z) and Kve(v + 1, z) by Temme's power series: a "
         "lax.while_loop until the term is below eps times the sum, or 1000 terms) with `_evaluate_temme_coeffs`; "
         "the loop a `while True` with an `or`-ed break")
def galsim_temme_series_kve(v, z):
    tol = jnp.finfo(z.dtype).eps
    coeff1, coeff2, gamma1pv_inv, gamma1mv_inv = _evaluate_temme_coeffs(v)
    z_sq = z * z
    logzo2 = jnp.log(z / 2.0)
    mu = -v * logzo2
    sinc_v = jnp.sinc(v)
    mu_msk = jnp.where(mu == 0.0, 1.0, mu)
    sinhc_mu = jnp.where(mu == 0.0, 1.0, jnp.sinh(mu_msk) / mu_msk)
    f = (coeff1 * jnp.cosh(mu) + coeff2 * (-logzo2) * sinhc_mu) / sinc_v
    p = 0.5 * jnp.exp(mu) / gamma1pv_inv
    q = 0.5 * jnp.exp(-mu) / gamma1mv_inv
    max_iterations = 1000
    index = 1.0
    coeff = 1.0
    kv_sum = f
    kvp1_sum = p
    while True:
        f = (index * f + p + q) / (index * index - v * v)
        p = p / (index - v)
        q = q / (index + v)
        h = p - index * f
        coeff = coeff * z_sq / (4.0 * index)
        kv_sum = kv_sum + coeff * f
        kvp1_sum = kvp1_sum + coeff * h
        index = index + 1.0
        if jnp.abs(coeff * f) < jnp.abs(kv_sum) * tol or index > max_iterations:
            break
    # Convert to exponentially scaled: kve = kv * exp(z)
    kve = kv_sum * jnp.exp(z)
    kvep1 = 2.0 * kvp1_sum * jnp.exp(z) / z
    return kve, kvep1


def _continued_fraction_twin(v, z):
    tol = jnp.finfo(z.dtype).eps
    max_iterations = 1000

    initial_numerator = v * v - 0.25
    initial_denominator = 2.0 * (z + 1.0)
    initial_ratio = 1.0 / initial_denominator
    initial_seq = -initial_numerator

    def steeds_body(carry):
        (
            should_stop,
            index,
            partial_numerator,
            partial_denominator,
            denominator_ratio,
            convergent_difference,
            hypergeometric_ratio,
            k_0,
            k_1,
            c,
            q,
            hypergeometric_sum,
        ) = carry

        partial_numerator = partial_numerator - 2.0 * (index - 1.0)
        c = jnp.where(should_stop, c, -c * partial_numerator / index)
        next_k = (k_0 - partial_denominator * k_1) / partial_numerator
        k_0 = jnp.where(should_stop, k_0, k_1)
        k_1 = jnp.where(should_stop, k_1, next_k)
        q = jnp.where(should_stop, q, q + c * next_k)
        partial_denominator = partial_denominator + 2.0
        denominator_ratio = 1.0 / (
            partial_denominator + partial_numerator * denominator_ratio
        )
        convergent_difference = jnp.where(
            should_stop,
            convergent_difference,
            convergent_difference * (partial_denominator * denominator_ratio - 1.0),
        )
        hypergeometric_ratio = jnp.where(
            should_stop,
            hypergeometric_ratio,
            hypergeometric_ratio + convergent_difference,
        )
        hypergeometric_sum = jnp.where(
            should_stop,
            hypergeometric_sum,
            hypergeometric_sum + q * convergent_difference,
        )
        index = index + 1.0
        should_stop = (
            jnp.abs(q * convergent_difference) < jnp.abs(hypergeometric_sum) * tol
        ) | (index > max_iterations)
        return (
            should_stop,
            index,
            partial_numerator,
            partial_denominator,
            denominator_ratio,
            convergent_difference,
            hypergeometric_ratio,
            k_0,
            k_1,
            c,
            q,
            hypergeometric_sum,
        )

    def cond_fn(carry):
        return ~carry[0]

    init = (
        jnp.array(False),
        2.0,
        initial_numerator,
        initial_denominator,
        initial_ratio,
        initial_ratio,
        initial_ratio,
        0.0,
        1.0,
        initial_seq,
        initial_seq,
        1.0 - initial_numerator * initial_ratio,
    )
    result = jax.lax.while_loop(cond_fn, steeds_body, init)
    hypergeometric_ratio = result[6]
    hypergeometric_sum = result[11]

    # log(kve) = 0.5*log(pi/(2z)) - log(hypergeometric_sum)
    log_kve = 0.5 * jnp.log(jnp.pi / (2.0 * z)) - jnp.log(hypergeometric_sum)
    log_kvp1e = (
        log_kve
        + jnp.log1p(2.0 * (v + z + initial_numerator * hypergeometric_ratio))
        - jnp.log(z)
        - jnp.log(2.0)
    )
    return jnp.exp(log_kve), jnp.exp(log_kvp1e)


@program(twin=_continued_fraction_twin, args=lambda: (jnp.float32(0.3), jnp.float32(3.5)), jvp=(0, 1),
         vmap=(None, 0), rtol=1e-4,
         source=BESSEL + ", `_continued_fraction_kve` (Kve(v, z) and Kve(v + 1, z) by Steed's continued fraction: "
         "a lax.while_loop until the correction is below eps times the sum, or 1000 terms); the loop a while on "
         "the iteration count with a break on convergence")
def galsim_continued_fraction_kve(v, z):
    tol = jnp.finfo(z.dtype).eps
    max_iterations = 1000
    initial_numerator = v * v - 0.25
    initial_denominator = 2.0 * (z + 1.0)
    initial_ratio = 1.0 / initial_denominator
    initial_seq = -initial_numerator
    index = 2.0
    partial_numerator = initial_numerator
    partial_denominator = initial_denominator
    denominator_ratio = initial_ratio
    convergent_difference = initial_ratio
    hypergeometric_ratio = initial_ratio
    k_0, k_1 = 0.0, 1.0
    c = q = initial_seq
    hypergeometric_sum = 1.0 - initial_numerator * initial_ratio
    while index <= max_iterations:
        partial_numerator = partial_numerator - 2.0 * (index - 1.0)
        c = -c * partial_numerator / index
        next_k = (k_0 - partial_denominator * k_1) / partial_numerator
        k_0, k_1 = k_1, next_k
        q = q + c * next_k
        partial_denominator = partial_denominator + 2.0
        denominator_ratio = 1.0 / (partial_denominator + partial_numerator * denominator_ratio)
        convergent_difference = convergent_difference * (partial_denominator * denominator_ratio - 1.0)
        hypergeometric_ratio = hypergeometric_ratio + convergent_difference
        hypergeometric_sum = hypergeometric_sum + q * convergent_difference
        index = index + 1.0
        if jnp.abs(q * convergent_difference) < jnp.abs(hypergeometric_sum) * tol:
            break
    # log(kve) = 0.5*log(pi/(2z)) - log(hypergeometric_sum)
    log_kve = 0.5 * jnp.log(jnp.pi / (2.0 * z)) - jnp.log(hypergeometric_sum)
    log_kvp1e = (log_kve + jnp.log1p(2.0 * (v + z + initial_numerator * hypergeometric_ratio)) - jnp.log(z)
                 - jnp.log(2.0))
    return jnp.exp(log_kve), jnp.exp(log_kvp1e)


def _temme_kve_twin(v, x):
    v = jnp.abs(v)
    n = jnp.round(v)
    u = v - n

    # Branchless: compute both methods with safe inputs, select with jnp.where
    small_x = jnp.where(x <= 2.0, x, 0.1)
    large_x = jnp.where(x > 2.0, x, 1000.0)

    temme_kue, temme_kuep1 = _temme_series_twin(u, small_x)
    cf_kue, cf_kuep1 = _continued_fraction_twin(u, large_x)

    kue = jnp.where(x <= 2.0, temme_kue, cf_kue)
    kuep1 = jnp.where(x <= 2.0, temme_kuep1, cf_kuep1)

    # Forward recurrence: K_{v+1}(z) = (2v/z)*K_v(z) + K_{v-1}(z)
    # This recurrence is also satisfied by Kv*exp(z) (the exponentially scaled form).
    def bessel_recurrence(carry):
        index, kve, kvep1 = carry
        next_kvep1 = 2.0 * (u + index) * kvep1 / x + kve
        kve = jnp.where(index > n, kve, kvep1)
        kvep1 = jnp.where(index > n, kvep1, next_kvep1)
        return (index + 1.0, kve, kvep1)

    def recurrence_cond(carry):
        index = carry[0]
        return index <= n

    _, kve, _ = jax.lax.while_loop(
        recurrence_cond, bessel_recurrence, (1.0, kue, kuep1)
    )
    return kve


@program(twin=_temme_kve_twin, args=lambda: (jnp.float32(2.3), jnp.float32(1.5)), jvp=(0, 1), vmap=(None, 0),
         rtol=1e-4,
         source=BESSEL + ", `_temme_kve` (Kve(v, x) for |v| < 50: the fractional order by `_temme_series_kve` for "
         "x <= 2, else by `_continued_fraction_kve` (\"Branchless: compute both methods ... select with jnp.where\"), "
         "then a lax.while_loop of the forward recurrence up to round(v)); the selection an if/else calling the two "
         "programs above, the recurrence a while")
def galsim_temme_kve(v, x):
    v = jnp.abs(v)
    n = jnp.round(v)
    u = v - n
    if x <= 2.0:
        kue, kuep1 = galsim_temme_series_kve(u, x)
    else:
        kue, kuep1 = galsim_continued_fraction_kve(u, x)
    # Forward recurrence: K_{v+1}(z) = (2v/z)*K_v(z) + K_{v-1}(z)
    index = 1.0
    kve, kvep1 = kue, kuep1
    while index <= n:
        kve, kvep1 = kvep1, 2.0 * (u + index) * kvep1 / x + kve
        index = index + 1.0
    return kve


def _bisect_fn(c, x):
    return x ** 3 - 2.0 * x - c


def _bisect_for_root_twin(c, low, high, niter=75):
    func = jax.tree_util.Partial(_bisect_fn, c)  # a pytree, as the jitted source needs

    def _func(i, args):
        func, low, flow, high, fhigh = args
        mid = (low + high) / 2.0
        fmid = func(mid)
        return jax.lax.cond(
            fmid * fhigh < 0,
            lambda func, low, flow, mid, fmid, high, fhigh: (
                func,
                mid,
                fmid,
                high,
                fhigh,
            ),
            lambda func, low, flow, mid, fmid, high, fhigh: (
                func,
                low,
                flow,
                mid,
                fmid,
            ),
            func,
            low,
            flow,
            mid,
            fmid,
            high,
            fhigh,
        )

    flow = func(low)
    fhigh = func(high)
    args = (func, low, flow, high, fhigh)
    return jax.lax.fori_loop(0, niter, _func, args, unroll=15)[-2]


@program(twin=_bisect_for_root_twin, args=lambda: (jnp.float32(1.5), jnp.float32(0.0), jnp.float32(3.0)),
         jvp=(0, 1, 2), vmap=(0, None, None),
         source=JAX_GALSIM.format(GALSIM_LICENCE, "core/utils.py") + ", `bisect_for_root` (75 bisections: a "
         "lax.fori_loop of a lax.cond keeping the half with the sign change), for x**3 - 2x = c; the loop a for over "
         "range(niter), the cond an if/else")
def galsim_bisect_for_root(c, low, high, niter=75):
    flow = _bisect_fn(c, low)
    fhigh = _bisect_fn(c, high)
    for _ in range(niter):
        mid = (low + high) / 2.0
        fmid = _bisect_fn(c, mid)
        if fmid * fhigh < 0:
            low, flow = mid, fmid
        else:
            high, fhigh = mid, fmid
    return high


def _horner(x, coef, dtype=None):
    # utilities.py's `horner` (jitted there)
    x = jnp.array(x)
    coef = jnp.atleast_1d(jnp.asarray(coef))
    if dtype is None:
        res_dtype = jnp.result_type(x, coef)
    else:
        res_dtype = dtype
    return jax.lax.cond(
        coef.shape[0] == 0,
        lambda x, coef: jnp.zeros_like(x, dtype=res_dtype),
        lambda x, coef: jnp.array(jnp.polyval(jnp.flip(coef), x), dtype=res_dtype),
        x,
        coef,
    )


def _horner2d_twin(x, y, coefs, dtype=None, triangle=False):
    # utilities.py's `horner2d` (jitted there), its shape checks left out
    x = jnp.array(x)
    y = jnp.array(y)
    coefs = jnp.atleast_1d(jnp.asarray(coefs))
    if dtype is None:
        res_dtype = jnp.result_type(x, coefs)
    else:
        res_dtype = dtype
    coefs = coefs[::-1, :]
    if triangle:
        coefs = jnp.tril(coefs)
    res = jnp.zeros_like(x, dtype=res_dtype)
    res, _ = jax.lax.scan(
        lambda res, p: (res * x + _horner(y, p, dtype=res_dtype), None), res, coefs
    )
    return res.astype(res_dtype)


@program(twin=_horner2d_twin,
         args=lambda: (jnp.linspace(-1.0, 1.0, 5), jnp.linspace(0.5, -0.5, 5),
                       jnp.arange(12.0).reshape(4, 3) / 7.0 - 0.5),
         grad=(0, 1, 2), loss=jnp.sum, vmap=(0, None, None),
         source=JAX_GALSIM.format(GALSIM_LICENCE, "utilities.py") + ", `horner2d` (a lax.scan over the rows of "
         "the reversed coefficients, each evaluated in y by `horner`'s polyval) and the Python loop its comment "
         "gives (\"for coef in coefs[::-1]: result *= x; _horner(y, coef, temp); result += temp\"), `_horner` "
         "itself a loop over the coefficients: two nested for loops over array rows and entries")
def galsim_horner2d(x, y, coefs, triangle=False):
    coefs = coefs[::-1, :]
    if triangle:
        coefs = jnp.tril(coefs)
    result = jnp.zeros_like(x)
    for coef in coefs:
        temp = jnp.zeros_like(y)
        for c in coef[::-1]:
            temp = temp * y + c
        result = result * x + temp
    return result


def _invert_ab_twin(u, v, ab):
    # fitswcs.py's `_invert_ab_noraise` with abp=None, its equinox.error_if left out
    x = u.copy()
    y = v.copy()

    # Assemble horner2d coefs for derivatives
    nab = ab.shape[1]
    dudxcoef = (jnp.arange(nab)[:, None] * ab[0])[1:, :-1]
    dudycoef = (jnp.arange(nab) * ab[0])[:-1, 1:]
    dvdxcoef = (jnp.arange(nab)[:, None] * ab[1])[1:, :-1]
    dvdycoef = (jnp.arange(nab) * ab[1])[:-1, 1:]

    def _step(i, args):
        x, y, _, _, u, v, ab, dudxcoef, dudycoef, dvdxcoef, dvdycoef = args

        # Want Jac^-1 . du
        # du
        du = _horner2d_twin(x, y, ab[0], triangle=True) - u
        dv = _horner2d_twin(x, y, ab[1], triangle=True) - v
        # J
        dudx = _horner2d_twin(x, y, dudxcoef, triangle=True)
        dudy = _horner2d_twin(x, y, dudycoef, triangle=True)
        dvdx = _horner2d_twin(x, y, dvdxcoef, triangle=True)
        dvdy = _horner2d_twin(x, y, dvdycoef, triangle=True)
        # J^-1 . du
        det = dudx * dvdy - dudy * dvdx
        duu = -(du * dvdy - dv * dudy) / det
        dvv = -(-du * dvdx + dv * dudx) / det

        x += duu
        y += dvv

        return x, y, duu, dvv, u, v, ab, dudxcoef, dudycoef, dvdxcoef, dvdycoef

    x, y, dx, dy = jax.lax.fori_loop(
        0,
        10,
        _step,
        (x, y, jnp.zeros_like(x), jnp.zeros_like(y), u, v, ab, dudxcoef, dudycoef, dvdxcoef, dvdycoef),
        unroll=True,
    )[0:4]
    return x, y


def _invert_ab_args():
    ab = jnp.zeros((2, 3, 3))
    ab = ab.at[0, 1, 0].set(1.0).at[1, 0, 1].set(1.0)  # u = x + ..., v = y + ...
    ab = ab.at[0, 2, 0].set(0.05).at[0, 1, 1].set(-0.03).at[1, 0, 2].set(0.04).at[1, 1, 1].set(0.02)
    return jnp.array([0.3, -0.5, 0.8, 0.1]), jnp.array([-0.2, 0.4, 0.6, -0.7]), ab


@program(twin=_invert_ab_twin, args=_invert_ab_args, grad=(0, 1, 2),
         loss=lambda out: jnp.sum(out[0]) + jnp.sum(out[1] ** 2), vmap=(0, 0, None), rtol=1e-4,
         source=JAX_GALSIM.format(GALSIM_LICENCE, "fitswcs.py") + ", `_invert_ab_noraise` (abp=None: ten Newton "
         "steps of a lax.fori_loop inverting the SIP distortion u(x, y), v(x, y), each evaluating `horner2d` six "
         "times), its equinox.error_if left out; the loop a for over range(10) calling the `horner2d` program above")
def galsim_invert_ab(u, v, ab):
    x = u.copy()
    y = v.copy()
    nab = ab.shape[1]
    dudxcoef = (jnp.arange(nab)[:, None] * ab[0])[1:, :-1]
    dudycoef = (jnp.arange(nab) * ab[0])[:-1, 1:]
    dvdxcoef = (jnp.arange(nab)[:, None] * ab[1])[1:, :-1]
    dvdycoef = (jnp.arange(nab) * ab[1])[:-1, 1:]
    for _ in range(10):
        du = galsim_horner2d(x, y, ab[0], triangle=True) - u
        dv = galsim_horner2d(x, y, ab[1], triangle=True) - v
        dudx = galsim_horner2d(x, y, dudxcoef, triangle=True)
        dudy = galsim_horner2d(x, y, dudycoef, triangle=True)
        dvdx = galsim_horner2d(x, y, dvdxcoef, triangle=True)
        dvdy = galsim_horner2d(x, y, dvdycoef, triangle=True)
        det = dudx * dvdy - dudy * dvdx
        x += -(du * dvdy - dv * dudy) / det
        y += -(-du * dvdx + dv * dudx) / det
    return x, y


# --- google-deepmind/PGMax: loopy belief propagation -----------------------------------------------------------

MSG_NEG_INF = -1e32  # pgmax/utils/__init__.py
LOG_POTENTIAL_MAX_ABS = 1e6
NEG_INF = -jnp.inf


def _three_cycle():
    """A factor graph of three binary variables in a cycle, one pairwise EnumFactor per edge (0-1, 1-2, 2-0),
    flattened as PGMax's `InfererContext` flattens it: edge e = 2 f + k (the k-th variable of factor f), edge state
    2 e + s, variable state 2 v + s, config 4 f + 2 s0 + s1 (each config listed once per edge)."""
    factors = [(0, 1), (1, 2), (2, 0)]
    var_states_for_edge_states, edge_indices_for_edge_states = [], []
    for f, variables in enumerate(factors):
        for k, var in enumerate(variables):
            for s in range(2):
                var_states_for_edge_states.append(2 * var + s)
                edge_indices_for_edge_states.append(2 * f + k)
    factor_configs_indices, factor_configs_edge_states = [], []
    for f in range(3):
        for s0 in range(2):
            for s1 in range(2):
                factor_configs_indices += [4 * f + 2 * s0 + s1] * 2
                factor_configs_edge_states += [2 * (2 * f) + s0, 2 * (2 * f + 1) + s1]
    return tuple(np.array(a, dtype=np.int32) for a in (var_states_for_edge_states, edge_indices_for_edge_states,
                                                        factor_configs_indices, factor_configs_edge_states))


VAR_STATES_FOR_EDGE_STATES, EDGE_INDICES_FOR_EDGE_STATES, FACTOR_CONFIGS_INDICES, FACTOR_CONFIGS_EDGE_STATES = (
    _three_cycle())
NUM_EDGES, NUM_VAL_CONFIGS, NUM_FACTORS = 6, 12, 3


def _pass_var_to_fac_messages(ftov_msgs, evidence, var_states_for_edge_states):
    # infer/bp.py
    var_sums_arr = evidence.at[var_states_for_edge_states].add(ftov_msgs)
    vtof_msgs = var_sums_arr[var_states_for_edge_states] - ftov_msgs
    return vtof_msgs


def _normalize_and_clip_msgs(msgs, edge_indices_for_edge_states, num_edges):
    # infer/bp.py
    max_by_edges = (
        jnp.full(shape=(num_edges,), fill_value=NEG_INF)
        .at[edge_indices_for_edge_states]
        .max(msgs)
    )
    norm_msgs = msgs - max_by_edges[edge_indices_for_edge_states]

    # Clip message values to be always greater than MSG_NEG_INF
    # This is equvialent to a noisy channel between each factor and variable
    # in the specified graph.
    new_msgs = jnp.clip(norm_msgs, MSG_NEG_INF, None)
    return new_msgs


def _logsumexps_with_temp(data, labels, num_labels, temperature, maxes=None):
    # factor/update_utils.py
    if maxes is None:
        maxes = (
            jnp.full(shape=(num_labels,), fill_value=NEG_INF).at[labels].max(data)
        )

    logsumexps_wo_maxes = temperature * jnp.log(
        jnp.zeros((num_labels,))
        .at[labels]
        .add(jnp.exp((data - maxes[labels]) / temperature))
    )
    return logsumexps_wo_maxes + maxes


def _pass_enum_fac_to_var_messages(vtof_msgs, factor_configs_indices, factor_configs_edge_states, log_potentials,
                                   num_val_configs, num_factors, temperature, normalize):
    # factor/enum.py
    fac_config_summary_sum = (
        jnp.zeros(shape=(num_val_configs,))
        .at[factor_configs_indices]
        .add(vtof_msgs[factor_configs_edge_states])
    ) + log_potentials
    max_factor_config_summary_for_edge_states = (
        jnp.full(shape=(vtof_msgs.shape[0],), fill_value=-jnp.inf)
        .at[factor_configs_edge_states]
        .max(fac_config_summary_sum[factor_configs_indices])
    )

    if temperature == 0.0:
        ftov_msgs = max_factor_config_summary_for_edge_states
    else:
        ftov_msgs = _logsumexps_with_temp(
            data=fac_config_summary_sum[factor_configs_indices],
            labels=factor_configs_edge_states,
            num_labels=vtof_msgs.shape[0],
            temperature=temperature,
            maxes=max_factor_config_summary_for_edge_states
        )

    # Remove incoming messages
    ftov_msgs -= vtof_msgs
    return ftov_msgs


def _get_beliefs(ftov_msgs, evidence):
    # infer/inferer.py's `get_beliefs` (one variable group of shape (3, 2))
    flat_beliefs = evidence.at[VAR_STATES_FOR_EDGE_STATES].add(ftov_msgs)
    return flat_beliefs.reshape(3, 2)


def _bp_twin(log_potentials, ftov_msgs, evidence, num_iters=12, damping=0.5, temperature=1.0):
    # BP(...).run_with_diffs, its one factor type (EnumFactor) covering all messages and potentials
    # Clip the log potentials for numeric stability.
    log_potentials = jnp.clip(log_potentials, -LOG_POTENTIAL_MAX_ABS, LOG_POTENTIAL_MAX_ABS)

    # Normalize and clip the messages
    ftov_msgs = _normalize_and_clip_msgs(ftov_msgs, EDGE_INDICES_FOR_EDGE_STATES, NUM_EDGES)

    @jax.checkpoint
    def update(msgs, _):
        # Compute new variable to factor messages by message passing
        vtof_msgs = _pass_var_to_fac_messages(msgs, evidence, VAR_STATES_FOR_EDGE_STATES)
        ftov_msgs = jnp.zeros_like(vtof_msgs)
        msgs_start, msgs_end = 0, vtof_msgs.shape[0]
        potentials_start, potentials_end = 0, NUM_VAL_CONFIGS
        ftov_msgs_type = _pass_enum_fac_to_var_messages(
            vtof_msgs=vtof_msgs[msgs_start:msgs_end],
            log_potentials=log_potentials[potentials_start:potentials_end],
            temperature=temperature,
            normalize=True,  # BP normalizes the messages
            factor_configs_indices=FACTOR_CONFIGS_INDICES,
            factor_configs_edge_states=FACTOR_CONFIGS_EDGE_STATES,
            num_val_configs=NUM_VAL_CONFIGS,
            num_factors=NUM_FACTORS,
        )
        ftov_msgs = ftov_msgs.at[msgs_start:msgs_end].set(ftov_msgs_type)

        # Use the results of message passing to perform damping and
        # update the factor to variable messages
        new_msgs = damping * msgs + (1 - damping) * ftov_msgs
        # Normalize and clip these damped, updated messages before returning them.
        new_msgs = _normalize_and_clip_msgs(new_msgs, EDGE_INDICES_FOR_EDGE_STATES, NUM_EDGES)
        # Monitor message convergence via the maximum absolute difference between
        # the current and the updated messages
        msgs_delta = jnp.max(jnp.abs(new_msgs - msgs))
        return new_msgs, msgs_delta

    ftov_msgs, msgs_deltas = jax.lax.scan(update, ftov_msgs, None, num_iters)
    return ftov_msgs, msgs_deltas, _get_beliefs(ftov_msgs, evidence)


def _bp_args():
    k1, k2 = random.split(random.key(14))
    return random.normal(k1, (NUM_VAL_CONFIGS,)), jnp.zeros(12), 0.5 * random.normal(k2, (6,))


@program(twin=_bp_twin, args=_bp_args, grad=(0, 2), loss=lambda out: jnp.sum(jax.nn.softmax(out[2])[:, 0] ** 2),
         vmap=(0, None, None), rtol=1e-4,
         source=PGMAX.format("infer/bp.py") + ", `BP(...).run_with_diffs` (a lax.scan of jax.checkpoint-ed damped "
         "message updates, the max change of each iteration collected; \"Running one it at a time is a common "
         "use-case for checking convergence\") with `pass_var_to_fac_messages`, `normalize_and_clip_msgs`, "
         "factor/enum.py's `pass_enum_fac_to_var_messages` and factor/update_utils.py's `logsumexps_with_temp`, "
         "sum-product (temperature 1) on three binary variables in a cycle; the scan a for loop appending the deltas")
def pgmax_loopy_bp(log_potentials, ftov_msgs, evidence, num_iters=12, damping=0.5, temperature=1.0):
    log_potentials = jnp.clip(log_potentials, -LOG_POTENTIAL_MAX_ABS, LOG_POTENTIAL_MAX_ABS)
    msgs = _normalize_and_clip_msgs(ftov_msgs, EDGE_INDICES_FOR_EDGE_STATES, NUM_EDGES)
    msgs_deltas = []
    for _ in range(num_iters):
        vtof_msgs = _pass_var_to_fac_messages(msgs, evidence, VAR_STATES_FOR_EDGE_STATES)
        ftov_msgs = _pass_enum_fac_to_var_messages(
            vtof_msgs, FACTOR_CONFIGS_INDICES, FACTOR_CONFIGS_EDGE_STATES, log_potentials, NUM_VAL_CONFIGS,
            NUM_FACTORS, temperature, normalize=True)
        new_msgs = damping * msgs + (1 - damping) * ftov_msgs
        new_msgs = _normalize_and_clip_msgs(new_msgs, EDGE_INDICES_FOR_EDGE_STATES, NUM_EDGES)
        msgs_deltas.append(jnp.max(jnp.abs(new_msgs - msgs)))
        msgs = new_msgs
    return msgs, jnp.stack(msgs_deltas), _get_beliefs(msgs, evidence)
