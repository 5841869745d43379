"""A fourteenth set of programs, from two JAX repositories the corpus did not cite before: XLand-MiniGrid
(corl-team/xland-minigrid: grid-world meta-RL environments whose actions, rules and observations are tables of
functions chosen by ``lax.switch`` and ``lax.cond``: ``core/actions.py``'s ``take_action``, a ``lax.switch`` over six
actions, two of them a ``lax.cond``; ``core/rules.py``'s ``check_rule``, a ``lax.scan`` over the rule encodings whose
body is a ``lax.switch`` over the rule classes, each rule a ``lax.cond``; ``core/observation.py``'s field of view, two
``lax.switch``es on the agent's direction, and its line-of-sight mask, three nested ``lax.scan``s, two of them
``reverse=True``) and JaxMARL (FLAIROx/JaxMARL: multi-agent environments: JaxNav's angle ``wrap``, two ``lax.cond``s,
and ``dikstra_path``, Dijkstra's algorithm as a ``lax.while_loop``; Overcooked-V2's ingredient bit-field decoders,
three ``lax.while_loop``s over shifted integers, its flood fill of enclosed spaces, a ``lax.while_loop`` over a doubly
vmapped ``lax.select``, and its path planner, a ``lax.cond`` around a ``lax.while_loop`` of relaxed distances; SMAX's
team reward, two ``lax.cond``s, and its discrete action decoder, a ``lax.cond`` under ``jax.vmap``; Hanabi's deal,
a ``lax.scan`` with no xs).

The twin is the library's own ``lax`` code. ``plain`` is that control flow as Python: ``lax.scan(f, c, xs)`` as a
``for`` over ``xs`` (``reverse=True`` as ``reversed(range(...))``, outputs appended to a list and stacked),
``lax.while_loop(cond, body, init)`` as ``while``, ``lax.cond`` as ``if``/``else`` and ``lax.switch`` as
``if``/``elif`` on the index (``lax.switch`` clamps it, so the last branch is an ``else``); ``lax.select`` and
``jnp.where`` stay, being data, not control flow. Three programs (``xland_take_action_handed``,
``xland_check_rule_handed``, ``overcooked_path_planner_handed``) keep the library's ``lax.switch`` / ``lax.scan`` /
``jax.vmap`` call and write only the functions handed to it with Python ``if`` / ``while`` on traced values
(docs/jax.md, "Functions you hand to JAX"): there the handed function is a module-level function or a method of a
module-level class, so it is not converted as part of ``plain``'s body. Their ``plain`` cannot be run eagerly as
the oracle: outside conversion JAX traces the handed function and refuses its ``if`` (as docs/jax.md says the
original does). Their eager oracle (``Program.eager``) is ``plain`` under ``jax.disable_jit()`` for the two xland
programs (``lax.switch`` and ``lax.scan`` then call the handed functions in Python on concrete values) and the two
vmaps as Python loops over the cells and headings for the planner (not library code, marked).

Both repositories were fetched whole; each program names the repository's commit. Adapted only in calling
convention: ``flax.struct.PyTreeNode`` / ``flax.struct.dataclass`` / ``chex.dataclass`` (neither is installed) are a
frozen dataclass registered as a pytree with a ``replace`` method; ``jax.jit`` decorators are off; the environments'
``self`` is a small NamedTuple of the constructor's defaults, marked as not library code; the agent state and
positions are built from array arguments (so that ``jax.vmap`` can batch them); ``check_rule``'s ``lax.switch`` is
cut to the four rules of the original XLand-MiniGrid benchmarks (ids 0-3, the library's "rules for the extended
benchmarks" being eight more branches of the same form); and ``OvercookedPathPlanner._precompute`` takes the
``jnp.argwhere`` of its mask from the caller (a data-dependent shape that ``jax.jit`` cannot trace).
Registered into ``programs.PROGRAMS`` (``programs.py`` imports this module after ``libraries_thirteenth``).
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum
from typing import NamedTuple

import jax
import jax.numpy as jnp

from jax_programs.programs import program

XLAND = "corl-team/xland-minigrid@a46e78ce92f28bc90b8aac96d3b7b7792fb5bf3b (Apache-2.0) src/xminigrid/{}"
JAXMARL = "FLAIROx/JaxMARL@c793d095618c6d3edfb5632802348f57b70a4b94 (Apache-2.0) jaxmarl/environments/{}"


def pytree_node(cls):
    """Not library code: flax.struct.PyTreeNode (and chex.dataclass) as a registered frozen dataclass."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    cls.replace = dataclasses.replace  # PyTreeNode.replace(self, **changes)
    return jax.tree_util.register_dataclass(cls)


# === XLand-MiniGrid ===================================================================================================

# --- core/constants.py, types.py --------------------------------------------------------------------------------------

NUM_TILES = 13
NUM_COLORS = 12


class Tiles:  # core/constants.py (a PyTreeNode of static int fields there)
    EMPTY = 0
    FLOOR = 1
    WALL = 2
    BALL = 3
    SQUARE = 4
    PYRAMID = 5
    GOAL = 6
    KEY = 7
    DOOR_LOCKED = 8
    DOOR_CLOSED = 9
    DOOR_OPEN = 10
    HEX = 11
    STAR = 12


class Colors:  # core/constants.py
    EMPTY = 0
    RED = 1
    GREEN = 2
    BLUE = 3
    PURPLE = 4
    YELLOW = 5
    GREY = 6
    BLACK = 7
    ORANGE = 8
    WHITE = 9
    BROWN = 10
    PINK = 11


TILES_REGISTRY = []
for tile_id in range(NUM_TILES):
    for color_id in range(NUM_COLORS):
        TILES_REGISTRY.append((tile_id, color_id))
TILES_REGISTRY = jnp.array(TILES_REGISTRY, dtype=jnp.uint8).reshape(NUM_TILES, NUM_COLORS, -1)

DIRECTIONS = jnp.array(
    (
        (-1, 0),  # Up
        (0, 1),  # Right
        (1, 0),  # Down
        (0, -1),  # Left
    )
)

WALKABLE = jnp.array((Tiles.FLOOR, Tiles.GOAL, Tiles.DOOR_OPEN))
PICKABLE = jnp.array((Tiles.BALL, Tiles.SQUARE, Tiles.PYRAMID, Tiles.KEY, Tiles.HEX, Tiles.STAR))
FREE_TO_PUT_DOWN = jnp.array((Tiles.FLOOR,))
LOS_BLOCKING = jnp.array((Tiles.WALL, Tiles.DOOR_LOCKED, Tiles.DOOR_CLOSED))


@pytree_node
class AgentState:  # types.py
    position: jax.Array
    direction: jax.Array
    pocket: jax.Array


# --- core/grid.py -----------------------------------------------------------------------------------------------------

def empty_world(height, width):
    grid = jnp.zeros((height, width, 2), dtype=jnp.uint8)
    grid = grid.at[:, :, 0:2].set(TILES_REGISTRY[Tiles.FLOOR, Colors.BLACK])
    return grid


def equal(tile1, tile2):
    # wait, is this just a jnp.array_equal?
    return jnp.all(jnp.equal(tile1, tile2))


def get_neighbouring_tiles(grid, y, x):
    # end_of_map = TILES_REGISTRY[Tiles.END_OF_MAP, Colors.END_OF_MAP]
    end_of_map = Tiles.EMPTY

    up_tile = grid.at[y - 1, x].get(mode="fill", fill_value=end_of_map)
    right_tile = grid.at[y, x + 1].get(mode="fill", fill_value=end_of_map)
    down_tile = grid.at[y + 1, x].get(mode="fill", fill_value=end_of_map)
    left_tile = grid.at[y, x - 1].get(mode="fill", fill_value=end_of_map)
    return up_tile, right_tile, down_tile, left_tile


def horizontal_line(grid, x, y, length, tile):
    grid = grid.at[y, x : x + length].set(tile)
    return grid


def vertical_line(grid, x, y, length, tile):
    grid = grid.at[y : y + length, x].set(tile)
    return grid


def rectangle(grid, x, y, h, w, tile):
    grid = vertical_line(grid, x, y, h, tile)
    grid = vertical_line(grid, x + w - 1, y, h, tile)
    grid = horizontal_line(grid, x, y, w, tile)
    grid = horizontal_line(grid, x, y + h - 1, w, tile)
    return grid


def room(height, width):
    grid = empty_world(height, width)
    grid = rectangle(grid, 0, 0, height, width, tile=TILES_REGISTRY[Tiles.WALL, Colors.GREY])
    return grid


def check_walkable(grid, position):
    tile_id = grid[position[0], position[1], 0]
    is_walkable = jnp.isin(tile_id, WALKABLE, assume_unique=True)

    return is_walkable


def check_pickable(grid, position):
    tile_id = grid[position[0], position[1], 0]
    is_pickable = jnp.isin(tile_id, PICKABLE, assume_unique=True)
    return is_pickable


def check_can_put(grid, position):
    tile_id = grid[position[0], position[1], 0]
    can_put = jnp.isin(tile_id, FREE_TO_PUT_DOWN, assume_unique=True)

    return can_put


def check_see_behind(grid, position):
    tile_id = grid[position[0], position[1], 0]
    is_not_blocking = jnp.isin(tile_id, LOS_BLOCKING, assume_unique=True, invert=True)

    return is_not_blocking


def align_with_up(grid, direction):
    aligned_grid = jax.lax.switch(
        direction,
        (
            lambda: grid,
            lambda: jnp.rot90(grid, 1),
            lambda: jnp.rot90(grid, 2),
            lambda: jnp.rot90(grid, 3),
        ),
    )
    return aligned_grid


def align_with_up_py(grid, direction):
    # align_with_up, the lax.switch as if / elif
    if direction == 0:
        aligned_grid = grid
    elif direction == 1:
        aligned_grid = jnp.rot90(grid, 1)
    elif direction == 2:
        aligned_grid = jnp.rot90(grid, 2)
    else:
        aligned_grid = jnp.rot90(grid, 3)
    return aligned_grid


# --- a small world (not library code): a walled room with a pyramid, a ball, a key, a locked door and a wall ----------

def _world():
    grid = room(7, 7)
    grid = grid.at[2, 3].set(TILES_REGISTRY[Tiles.PYRAMID, Colors.RED])
    grid = grid.at[1, 3].set(TILES_REGISTRY[Tiles.BALL, Colors.GREEN])
    grid = grid.at[4, 2].set(TILES_REGISTRY[Tiles.KEY, Colors.YELLOW])
    grid = grid.at[3, 5].set(TILES_REGISTRY[Tiles.DOOR_LOCKED, Colors.YELLOW])
    grid = grid.at[4, 4].set(TILES_REGISTRY[Tiles.WALL, Colors.GREY])
    return grid


def _agent(position, direction, pocket):
    # Not library code: the AgentState of types.py from array arguments (so that jax.vmap can batch them)
    return AgentState(position=position, direction=direction, pocket=pocket)


# --- core/actions.py --------------------------------------------------------------------------------------------------

def _move(position, direction):
    direction = jax.lax.dynamic_index_in_dim(DIRECTIONS, direction, keepdims=False)
    new_position = position + direction
    return new_position


def move_forward(grid, agent):
    next_position = jnp.clip(
        _move(agent.position, agent.direction),
        min=jnp.array((0, 0)),
        max=jnp.array((grid.shape[0] - 1, grid.shape[1] - 1)),  # H, W
    )
    position = jax.lax.select(
        check_walkable(grid, next_position),
        next_position,
        agent.position,
    )
    new_agent = agent.replace(position=position)

    return grid, new_agent, new_agent.position


def turn_clockwise(grid, agent):
    new_direction = (agent.direction + 1) % 4
    new_agent = agent.replace(direction=new_direction)
    return grid, new_agent, agent.position


def turn_counterclockwise(grid, agent):
    new_direction = (agent.direction - 1) % 4
    new_agent = agent.replace(direction=new_direction)
    return grid, new_agent, agent.position


def pick_up(grid, agent):
    next_position = _move(agent.position, agent.direction)

    is_pickable = check_pickable(grid, next_position)
    is_empty_pocket = jnp.equal(agent.pocket[0], Tiles.EMPTY)
    # pick up only if pocket is empty and entity is pickable
    new_grid, new_agent = jax.lax.cond(
        is_pickable & is_empty_pocket,
        lambda: (
            grid.at[next_position[0], next_position[1]].set(TILES_REGISTRY[Tiles.FLOOR, Colors.BLACK]),
            agent.replace(
                pocket=TILES_REGISTRY[
                    grid[next_position[0], next_position[1], 0],
                    grid[next_position[0], next_position[1], 1],
                ]
            ),
        ),
        lambda: (grid, agent),
    )
    return new_grid, new_agent, next_position


def pick_up_py(grid, agent):
    # pick_up, the lax.cond as if / else
    next_position = _move(agent.position, agent.direction)

    is_pickable = check_pickable(grid, next_position)
    is_empty_pocket = jnp.equal(agent.pocket[0], Tiles.EMPTY)
    # pick up only if pocket is empty and entity is pickable
    if is_pickable & is_empty_pocket:
        new_grid = grid.at[next_position[0], next_position[1]].set(TILES_REGISTRY[Tiles.FLOOR, Colors.BLACK])
        new_agent = agent.replace(
            pocket=TILES_REGISTRY[
                grid[next_position[0], next_position[1], 0],
                grid[next_position[0], next_position[1], 1],
            ]
        )
    else:
        new_grid, new_agent = grid, agent
    return new_grid, new_agent, next_position


def put_down(grid, agent):
    next_position = _move(agent.position, agent.direction)

    can_put = check_can_put(grid, next_position)
    not_empty_pocket = jnp.not_equal(agent.pocket[0], Tiles.EMPTY)
    new_grid, new_agent = jax.lax.cond(
        can_put & not_empty_pocket,
        lambda: (
            grid.at[next_position[0], next_position[1]].set(agent.pocket),
            agent.replace(pocket=TILES_REGISTRY[Tiles.EMPTY, Colors.EMPTY]),
        ),
        lambda: (grid, agent),
    )
    return new_grid, new_agent, next_position


def put_down_py(grid, agent):
    # put_down, the lax.cond as if / else
    next_position = _move(agent.position, agent.direction)

    can_put = check_can_put(grid, next_position)
    not_empty_pocket = jnp.not_equal(agent.pocket[0], Tiles.EMPTY)
    if can_put & not_empty_pocket:
        new_grid = grid.at[next_position[0], next_position[1]].set(agent.pocket)
        new_agent = agent.replace(pocket=TILES_REGISTRY[Tiles.EMPTY, Colors.EMPTY])
    else:
        new_grid, new_agent = grid, agent
    return new_grid, new_agent, next_position


def toggle(grid, agent):
    next_position = _move(agent.position, agent.direction)
    next_tile = grid[next_position[0], next_position[1]]

    # check door_locked
    new_grid = jax.lax.select(
        jnp.equal(next_tile[0], Tiles.DOOR_LOCKED) & equal(agent.pocket, TILES_REGISTRY[Tiles.KEY, next_tile[1]]),
        grid.at[next_position[0], next_position[1]].set(TILES_REGISTRY[Tiles.DOOR_OPEN, next_tile[1]]),
        grid,
    )
    # check door_closed
    new_grid = jax.lax.select(
        jnp.equal(next_tile[0], Tiles.DOOR_CLOSED),
        grid.at[next_position[0], next_position[1]].set(TILES_REGISTRY[Tiles.DOOR_OPEN, next_tile[1]]),
        new_grid,
    )
    # check door_open
    new_grid = jax.lax.select(
        jnp.equal(next_tile[0], Tiles.DOOR_OPEN),
        grid.at[next_position[0], next_position[1]].set(TILES_REGISTRY[Tiles.DOOR_CLOSED, next_tile[1]]),
        new_grid,
    )
    return new_grid, agent, next_position


def take_action(grid, agent, action):
    # This will evaluate all actions.
    # Can we fix this and choose only one function? It'll speed everything up dramatically.
    actions = (
        lambda: move_forward(grid, agent),
        lambda: turn_clockwise(grid, agent),
        lambda: turn_counterclockwise(grid, agent),
        lambda: pick_up(grid, agent),
        lambda: put_down(grid, agent),
        lambda: toggle(grid, agent),
    )
    new_grid, new_agent, changed_position = jax.lax.switch(action, actions)

    return new_grid, new_agent, changed_position


def _take_action_args(position, direction, pocket, action):
    return lambda: (_world(), jnp.array(position), jnp.int32(direction), TILES_REGISTRY[pocket], jnp.int32(action))


_TAKE_ACTION = XLAND.format("core/actions.py") + ", `take_action`: a lax.switch over six actions "


@program(twin=lambda grid, pos, d, pocket, action: take_action(grid, _agent(pos, d, pocket), action),
         args=_take_action_args((2, 2), 1, (Tiles.EMPTY, Colors.EMPTY), 3), vmap=(None, None, None, None, 0),
         source=_TAKE_ACTION + "(move_forward, the two turns, pick_up and put_down each a lax.cond on the tile ahead "
         "and the pocket, toggle); the switch as if / elif on the action, the conds as if / else; picking up the "
         "pyramid ahead (vmap: put_down and toggle)")
def xland_take_action(grid, position, direction, pocket, action):
    agent = _agent(position, direction, pocket)
    if action == 0:
        new_grid, new_agent, changed_position = move_forward(grid, agent)
    elif action == 1:
        new_grid, new_agent, changed_position = turn_clockwise(grid, agent)
    elif action == 2:
        new_grid, new_agent, changed_position = turn_counterclockwise(grid, agent)
    elif action == 3:
        new_grid, new_agent, changed_position = pick_up_py(grid, agent)
    elif action == 4:
        new_grid, new_agent, changed_position = put_down_py(grid, agent)
    else:
        new_grid, new_agent, changed_position = toggle(grid, agent)

    return new_grid, new_agent, changed_position


@program(twin=lambda grid, pos, d, pocket, action: take_action(grid, _agent(pos, d, pocket), action),
         args=_take_action_args((3, 2), 1, (Tiles.KEY, Colors.YELLOW), 4), vmap=(None, None, None, None, 0),
         eager=lambda *args: _without_jit(xland_take_action_handed, *args),
         source=_TAKE_ACTION + "kept as the library writes it, the functions it hands lax.switch (module-level "
         "pick_up and put_down) holding an if / else on traced values instead of their lax.cond; putting the key "
         "down on the floor ahead (vmap: toggle, and an action past the table, clamped to toggle)")
def xland_take_action_handed(grid, position, direction, pocket, action):
    agent = _agent(position, direction, pocket)
    actions = (
        lambda: move_forward(grid, agent),
        lambda: turn_clockwise(grid, agent),
        lambda: turn_counterclockwise(grid, agent),
        lambda: pick_up_py(grid, agent),
        lambda: put_down_py(grid, agent),
        lambda: toggle(grid, agent),
    )
    new_grid, new_agent, changed_position = jax.lax.switch(action, actions)

    return new_grid, new_agent, changed_position


# --- core/rules.py ----------------------------------------------------------------------------------------------------

MAX_RULE_ENCODING_LEN = 6 + 1  # +1 for idx


@pytree_node
class EmptyRule:
    def __call__(self, grid, agent, action, position):
        return grid, agent

    @classmethod
    def decode(cls, encoding):
        return cls()


@pytree_node
class AgentHoldRule:
    tile: jax.Array
    prod_tile: jax.Array

    def __call__(self, grid, agent, action, position):
        def _rule_fn(agent):
            agent = jax.lax.cond(
                equal(agent.pocket, self.tile),
                lambda: agent.replace(pocket=self.prod_tile),
                lambda: agent,
            )
            return agent

        # TODO: seems like this check is slowing down, 25k -> 19k FPS
        # agent = _rule_fn(agent)
        agent = jax.lax.cond(
            jnp.equal(action, 3),
            lambda: _rule_fn(agent),
            lambda: agent,
        )
        return grid, agent

    @classmethod
    def decode(cls, encoding):
        return cls(tile=encoding[1:3], prod_tile=encoding[3:5])


@pytree_node
class AgentHoldRulePy(AgentHoldRule):
    # AgentHoldRule, the two lax.conds as ifs
    def __call__(self, grid, agent, action, position):
        def _rule_fn(agent):
            if equal(agent.pocket, self.tile):
                agent = agent.replace(pocket=self.prod_tile)
            return agent

        if jnp.equal(action, 3):
            agent = _rule_fn(agent)
        return grid, agent


def _agent_near_rule_fn(rule, grid, agent):
    # AgentNearRule.__call__'s _rule_fn (no control flow: selects), shared by both forms
    y, x = agent.position
    up, right, down, left = get_neighbouring_tiles(grid, y, x)

    grid = jax.lax.select(equal(up, rule.tile), grid.at[y - 1, x].set(rule.prod_tile), grid)
    grid = jax.lax.select(equal(right, rule.tile), grid.at[y, x + 1].set(rule.prod_tile), grid)
    grid = jax.lax.select(equal(down, rule.tile), grid.at[y + 1, x].set(rule.prod_tile), grid)
    grid = jax.lax.select(equal(left, rule.tile), grid.at[y, x - 1].set(rule.prod_tile), grid)
    return grid


@pytree_node
class AgentNearRule:
    tile: jax.Array
    prod_tile: jax.Array

    def __call__(self, grid, agent, action, position):
        grid = jax.lax.cond(
            jnp.equal(action, 0),
            lambda: _agent_near_rule_fn(self, grid, agent),
            lambda: grid,
        )
        return grid, agent

    @classmethod
    def decode(cls, encoding):
        return cls(tile=encoding[1:3], prod_tile=encoding[3:5])


@pytree_node
class AgentNearRulePy(AgentNearRule):
    def __call__(self, grid, agent, action, position):
        if jnp.equal(action, 0):
            grid = _agent_near_rule_fn(self, grid, agent)
        return grid, agent


def _tile_near_rule_fn(rule, grid, tile, position):
    # TileNearRule.__call__'s _rule_fn (no control flow: selects), shared by both forms
    tile_a = rule.tile_a
    tile_b = rule.tile_b
    floor_tile = TILES_REGISTRY[Tiles.FLOOR, Colors.BLACK]
    y, x = position
    up, right, down, left = get_neighbouring_tiles(grid, y, x)

    grid = jax.lax.select(
        (equal(tile, tile_a) & equal(up, tile_b)) | (equal(tile, tile_b) & equal(up, tile_a)),
        grid.at[y - 1, x].set(rule.prod_tile).at[y, x].set(floor_tile),
        grid,
    )
    grid = jax.lax.select(
        (equal(tile, tile_a) & equal(right, tile_b)) | (equal(tile, tile_b) & equal(right, tile_a)),
        grid.at[y, x + 1].set(rule.prod_tile).at[y, x].set(floor_tile),
        grid,
    )
    grid = jax.lax.select(
        (equal(tile, tile_a) & equal(down, tile_b)) | (equal(tile, tile_b) & equal(down, tile_a)),
        grid.at[y + 1, x].set(rule.prod_tile).at[y, x].set(floor_tile),
        grid,
    )
    grid = jax.lax.select(
        (equal(tile, tile_a) & equal(left, tile_b)) | (equal(tile, tile_b) & equal(left, tile_a)),
        grid.at[y, x - 1].set(rule.prod_tile).at[y, x].set(floor_tile),
        grid,
    )
    return grid


@pytree_node
class TileNearRule:
    tile_a: jax.Array
    tile_b: jax.Array
    prod_tile: jax.Array

    def __call__(self, grid, agent, action, position):
        tile = grid[position[0], position[1]]
        grid = jax.lax.cond(
            jnp.equal(action, 4) & (equal(tile, self.tile_a) | equal(tile, self.tile_b)),
            lambda: _tile_near_rule_fn(self, grid, tile, position),
            lambda: grid,
        )
        return grid, agent

    @classmethod
    def decode(cls, encoding):
        return cls(tile_a=encoding[1:3], tile_b=encoding[3:5], prod_tile=encoding[5:7])


@pytree_node
class TileNearRulePy(TileNearRule):
    def __call__(self, grid, agent, action, position):
        tile = grid[position[0], position[1]]
        if jnp.equal(action, 4) & (equal(tile, self.tile_a) | equal(tile, self.tile_b)):
            grid = _tile_near_rule_fn(self, grid, tile, position)
        return grid, agent


def check_rule(encodings, grid, agent, action, position, rules=(EmptyRule, AgentHoldRule, AgentNearRule,
                                                                TileNearRule)):
    # `rules=`: the rule classes the switch's branches decode (the library names them in place)
    def _check(carry, encoding):
        grid, agent = carry
        grid, agent = jax.lax.switch(
            encoding[0],
            (
                # empty rule first, we use them as paddings during benchmark generation
                lambda: rules[0].decode(encoding)(grid, agent, action, position),
                lambda: rules[1].decode(encoding)(grid, agent, action, position),
                lambda: rules[2].decode(encoding)(grid, agent, action, position),
                lambda: rules[3].decode(encoding)(grid, agent, action, position),
            ),
        )
        return (grid, agent), None

    (grid, agent), _ = jax.lax.scan(_check, (grid, agent), encodings)

    return grid, agent


def _rule_encodings():
    # Not library code: the rules' encodings as their encode methods lay them out (id, tiles, padded to 7)
    def enc(idx, *tiles):
        flat = [idx] + [v for t in tiles for v in t]
        return flat + [0] * (MAX_RULE_ENCODING_LEN - len(flat))
    pyramid, ball, key = (Tiles.PYRAMID, Colors.RED), (Tiles.BALL, Colors.GREEN), (Tiles.KEY, Colors.YELLOW)
    star, hexagon = (Tiles.STAR, Colors.PURPLE), (Tiles.HEX, Colors.BLUE)
    return jnp.array([enc(1, key, star), enc(0), enc(2, ball, hexagon), enc(3, pyramid, ball, star),
                      enc(1, star, key)], dtype=jnp.uint8)


def _check_rule_args(action):
    return lambda: (_rule_encodings(), _world(), jnp.array((2, 2)), jnp.int32(1),
                    TILES_REGISTRY[Tiles.KEY, Colors.YELLOW], jnp.int32(action), jnp.array((2, 3)))


_CHECK_RULE = (XLAND.format("core/rules.py") + ", `check_rule`: a lax.scan over the rule encodings whose body is a "
               "lax.switch on the rule id (EmptyRule, AgentHoldRule, AgentNearRule, TileNearRule), each rule a "
               "lax.cond on the action (AgentHoldRule a second lax.cond on the pocket) around lax.selects; ")


@program(twin=lambda enc, grid, pos, d, pocket, action, at: check_rule(enc, grid, _agent(pos, d, pocket), action, at),
         args=_check_rule_args(4), vmap=(None, None, None, None, None, 0, None),
         source=_CHECK_RULE + "the scan as a for over the encodings, the switch as if / elif, the conds as ifs; "
         "put_down next to the pyramid turns the ball into a star (vmap: actions 4, 5, 6)")
def xland_check_rule(encodings, grid, position, direction, pocket, action, changed_position):
    agent = _agent(position, direction, pocket)
    for encoding in encodings:
        if encoding[0] == 0:
            grid, agent = EmptyRule.decode(encoding)(grid, agent, action, changed_position)
        elif encoding[0] == 1:
            grid, agent = AgentHoldRulePy.decode(encoding)(grid, agent, action, changed_position)
        elif encoding[0] == 2:
            grid, agent = AgentNearRulePy.decode(encoding)(grid, agent, action, changed_position)
        else:
            grid, agent = TileNearRulePy.decode(encoding)(grid, agent, action, changed_position)
    return grid, agent


@program(twin=lambda enc, grid, pos, d, pocket, action, at: check_rule(enc, grid, _agent(pos, d, pocket), action, at),
         args=_check_rule_args(3), vmap=(None, None, None, None, None, 0, None),
         eager=lambda *args: _without_jit(xland_check_rule_handed, *args),
         source=_CHECK_RULE + "the scan and the switch kept as the library writes them, the rules' __call__ "
         "methods (of module-level classes) holding ifs on traced values instead of their lax.conds; pick_up "
         "with the key in the pocket turns it into a star and back (vmap: actions 3, 4, 5)")
def xland_check_rule_handed(encodings, grid, position, direction, pocket, action, changed_position):
    return check_rule(encodings, grid, _agent(position, direction, pocket), action, changed_position,
                      rules=(EmptyRule, AgentHoldRulePy, AgentNearRulePy, TileNearRulePy))


# --- core/observation.py ----------------------------------------------------------------------------------------------

def crop_field_of_view(grid, agent, height, width):
    # TODO: assert height and width are odd and >= 3
    # TODO: in theory we don't need padding from all 4 sides, only for out of bounds sides
    grid = jnp.pad(
        grid,
        pad_width=((height, height), (width, width), (0, 0)),
        constant_values=Tiles.EMPTY,
    )
    # account for padding
    y = agent.position[0] + height
    x = agent.position[1] + width

    # to make slice_size static we compute top left corner of fov rectangle, then slice with static H, W
    start_indices = jax.lax.switch(
        agent.direction,
        (
            lambda: (y - height + 1, x - (width // 2), 0),
            lambda: (y - (height // 2), x, 0),
            lambda: (y, x - (width // 2), 0),
            lambda: (y - (height // 2), x - width + 1, 0),
        ),
    )
    fov_crop = jax.lax.dynamic_slice(grid, start_indices, (height, width, 2))

    return fov_crop


def transparent_field_of_view(grid, agent, height, width):
    fov_grid = crop_field_of_view(grid, agent, height, width)
    fov_grid = align_with_up(fov_grid, agent.direction)
    return fov_grid


@program(twin=lambda grid, pos, d: transparent_field_of_view(grid, _agent(pos, d, TILES_REGISTRY[0, 0]), 5, 5),
         args=lambda: (_world(), jnp.array((2, 4)), jnp.int32(1)), vmap=(None, None, 0),
         source=XLAND.format("core/observation.py") + ", `transparent_field_of_view` (`crop_field_of_view`, a "
         "lax.switch on the agent's direction choosing the corner of the view in the padded grid, then "
         "core/grid.py `align_with_up`, a lax.switch choosing the rotation), a 5x5 view; both switches as if / elif")
def xland_field_of_view(grid, position, direction):
    agent = _agent(position, direction, TILES_REGISTRY[0, 0])
    height, width = 5, 5
    grid = jnp.pad(
        grid,
        pad_width=((height, height), (width, width), (0, 0)),
        constant_values=Tiles.EMPTY,
    )
    y = agent.position[0] + height
    x = agent.position[1] + width

    if agent.direction == 0:
        start_indices = (y - height + 1, x - (width // 2), 0)
    elif agent.direction == 1:
        start_indices = (y - (height // 2), x, 0)
    elif agent.direction == 2:
        start_indices = (y, x - (width // 2), 0)
    else:
        start_indices = (y - (height // 2), x - width + 1, 0)
    fov_crop = jax.lax.dynamic_slice(grid, start_indices, (height, width, 2))
    return align_with_up_py(fov_crop, agent.direction)


def _forward_set_visible(mask, y, x):
    mask = mask.at[y, x + 1].set(True)
    mask = jax.lax.select(
        y > 0,
        mask.at[y - 1, x + 1].set(True).at[y - 1, x].set(True),
        mask,
    )
    return mask


def _backward_set_visible(mask, y, x):
    mask = mask.at[y, x - 1].set(True)
    mask = jax.lax.select(
        y > 0,
        mask.at[y - 1, x - 1].set(True).at[y - 1, x].set(True),
        mask,
    )
    return mask


def generate_viz_mask_minigrid(grid):
    # (the two set_visible helpers are nested in the library; module-level here, shared with the Python form)
    H, W = grid.shape[0], grid.shape[1]
    viz_mask = jnp.zeros((H, W), dtype=jnp.bool_)
    # agent position with UP alignment, always visible
    viz_mask = viz_mask.at[H - 1, W // 2].set(True)

    # TODO: precompute check_see_behind mask
    def _forward_body(carry, x):
        viz_mask, y = carry
        viz_mask = jax.lax.select(
            jnp.logical_and(viz_mask[y, x], check_see_behind(grid, jnp.array((y, x)))),
            _forward_set_visible(viz_mask, y, x),
            viz_mask,
        )
        return (viz_mask, y), None

    def _backward_body(carry, x):
        viz_mask, y = carry
        viz_mask = jax.lax.select(
            jnp.logical_and(viz_mask[y, x], check_see_behind(grid, jnp.array((y, x)))),
            _backward_set_visible(viz_mask, y, x),
            viz_mask,
        )
        return (viz_mask, y), None

    def _main_body(viz_mask, y):
        (viz_mask, _), _ = jax.lax.scan(f=_forward_body, init=(viz_mask, y), xs=jnp.arange(0, W - 1))
        (viz_mask, _), _ = jax.lax.scan(f=_backward_body, init=(viz_mask, y), xs=jnp.arange(1, W), reverse=True)
        return viz_mask, None

    viz_mask, _ = jax.lax.scan(f=_main_body, init=(viz_mask), xs=jnp.arange(0, H), reverse=True)

    return viz_mask


def _fov_grid():
    # Not library code: a 5x5 view aligned with up (the agent at the bottom middle) with walls and a closed door
    grid = empty_world(5, 5)
    grid = grid.at[3, 1].set(TILES_REGISTRY[Tiles.WALL, Colors.GREY])
    grid = grid.at[2, 3].set(TILES_REGISTRY[Tiles.DOOR_CLOSED, Colors.RED])
    grid = grid.at[1, 2].set(TILES_REGISTRY[Tiles.WALL, Colors.GREY])
    return grid


@program(twin=generate_viz_mask_minigrid, args=lambda: (_fov_grid(),),
         source=XLAND.format("core/observation.py") + ", `generate_viz_mask_minigrid` (MiniGrid's line-of-sight "
         "propagation: a lax.scan over the rows from the bottom, reverse=True, each row a forward lax.scan over "
         "x and a backward one, reverse=True, marking the neighbours of a visible see-through cell); the scans as "
         "for loops over range / reversed(range), the lax.select on the visible see-through cell as an if")
def xland_viz_mask(grid):
    H, W = grid.shape[0], grid.shape[1]
    viz_mask = jnp.zeros((H, W), dtype=jnp.bool_)
    viz_mask = viz_mask.at[H - 1, W // 2].set(True)
    for y in reversed(range(0, H)):
        for x in range(0, W - 1):
            if jnp.logical_and(viz_mask[y, x], check_see_behind(grid, jnp.array((y, x)))):
                viz_mask = _forward_set_visible(viz_mask, y, x)
        for x in reversed(range(1, W)):
            if jnp.logical_and(viz_mask[y, x], check_see_behind(grid, jnp.array((y, x)))):
                viz_mask = _backward_set_visible(viz_mask, y, x)
    return viz_mask


# === JaxMARL ==========================================================================================================

# --- jaxnav/jaxnav_utils.py `wrap` ------------------------------------------------------------------------------------

def wrap(angle):
    """Ensure angle lies in the range [-pi, pi]"""

    def large(x):
        return x - 2 * jnp.pi

    def small(x):
        return x + 2 * jnp.pi

    def no_change(x):
        return x

    wrapped_angle = jax.lax.cond(angle >= jnp.pi, large, no_change, angle)
    wrapped_angle = jax.lax.cond(angle < -jnp.pi, small, no_change, wrapped_angle)

    return wrapped_angle


@program(twin=wrap, args=lambda: (jnp.float32(4.0),), grad=(0,), vmap=(0,),
         source=JAXMARL.format("jaxnav/jaxnav_utils.py") + ", `wrap` (an angle into [-pi, pi]: two lax.conds "
         "handing the angle to the nested large / small / no_change); the conds as if / else")
def jaxnav_wrap(angle):
    def large(x):
        return x - 2 * jnp.pi

    def small(x):
        return x + 2 * jnp.pi

    def no_change(x):
        return x

    if angle >= jnp.pi:
        wrapped_angle = large(angle)
    else:
        wrapped_angle = no_change(angle)
    if angle < -jnp.pi:
        wrapped_angle = small(wrapped_angle)
    else:
        wrapped_angle = no_change(wrapped_angle)

    return wrapped_angle


# --- jaxnav/maps/grid_map.py `GridMapCircleAgents.dikstra_path` -------------------------------------------------------

def dikstra_path(map_data, pos1, pos2, loop="lax"):
    # grid_map.py (a method whose self is unused); loop="python": the while_loop as a Python while
    h, w = map_data.shape
    NEIGHBOURS = jnp.array(
        [[-1, 0], [1, 0], [0, -1], [0, 1]]
    )  # left, right, up, down
    INF = (
        1e8  # large number to represent infinity (jnp.inf produced unwanted nan's)
    )

    def _flatten_idx(i, j):
        return i * w + j

    def _unflatten_idx(idx):
        return jnp.array([idx // w, idx % w])

    start = jnp.floor(pos1).astype(jnp.int32)
    end = jnp.floor(pos2).astype(jnp.int32)

    h, w = map_data.shape
    start_flat_idx = start[0] * w + start[1]
    set_distances_to_go = jnp.ones((h * w,)) * INF

    set_distances_to_go = set_distances_to_go.at[start_flat_idx].set(0)
    set_visited = jnp.zeros((h * w,))
    flat_node_idx = jnp.argmin(set_distances_to_go + INF * set_visited)

    carry = (flat_node_idx, set_distances_to_go, set_visited)

    def _cond(carry):
        return carry[1][carry[0]] < INF

    def _body(carry):
        flat_node_idx, set_distances_to_go, set_visited = carry
        unflat_node_idx = _unflatten_idx(flat_node_idx)
        n_idx = unflat_node_idx + NEIGHBOURS
        flat_n_idx = jax.vmap(_flatten_idx)(n_idx[:, 0], n_idx[:, 1])

        n_visited = set_visited.at[flat_n_idx].get()
        n_distances_to_go = set_distances_to_go.at[flat_n_idx].get()
        new_distance = set_distances_to_go[flat_node_idx] + 1
        n_valid_node = map_data[n_idx[:, 1], n_idx[:, 0]] == 0
        updated_neighbour_distances = jnp.where(
            (n_distances_to_go > new_distance) & (n_visited == 0) & (n_valid_node),
            new_distance,
            n_distances_to_go,
        )

        set_distances_to_go = set_distances_to_go.at[flat_n_idx].set(
            updated_neighbour_distances
        )
        set_visited = set_visited.at[flat_node_idx].set(1)
        flat_node_idx = jnp.argmin(set_distances_to_go + INF * set_visited)
        return (flat_node_idx, set_distances_to_go, set_visited)

    if loop == "lax":
        _, set_distances_to_go, _ = jax.lax.while_loop(_cond, _body, carry)
    else:
        while _cond(carry):
            carry = _body(carry)
        _, set_distances_to_go, _ = carry
    d = set_distances_to_go[_flatten_idx(end[0], end[1])]
    valid = d < INF
    return valid, jax.lax.select(valid, d, 0.0)


def _jaxnav_map():
    # Not library code: a symmetric 7x7 occupancy grid (1 = wall) with a border, as grid_map.py's _gen_base_grid
    # draws it, and an inner wall with a gap (the method indexes the map as [x, y] for its neighbours)
    grid = jnp.zeros((7, 7), dtype=jnp.int32).at[0, :].set(1).at[-1, :].set(1).at[:, 0].set(1).at[:, -1].set(1)
    return grid.at[3, 1:4].set(1).at[1:4, 3].set(1)


@program(twin=dikstra_path, args=lambda: (_jaxnav_map(), jnp.array([1.5, 1.5]), jnp.array([5.5, 2.5])),
         vmap=(None, None, 0),
         source=JAXMARL.format("jaxnav/maps/grid_map.py") + ", `GridMapCircleAgents.dikstra_path` (Dijkstra's "
         "algorithm on the grid: a lax.while_loop over the open set while the nearest unvisited node is reachable, "
         "each step relaxing its four neighbours with jnp.where); the while_loop as a Python while")
def jaxnav_dijkstra(map_data, pos1, pos2):
    return dikstra_path(map_data, pos1, pos2, loop="python")


# --- overcooked_v2/common.py `DynamicObject` bit fields --------------------------------------------------------------

MAX_INGREDIENTS = 3


def ingredient_count(obj):
    # common.py DynamicObject.ingredient_count (a staticmethod)
    initial_val = (obj >> 2, jnp.array(0))

    def _count_ingredients(x):
        obj, count = x
        return (obj >> 2, count + (obj & 0x3))

    _, count = jax.lax.while_loop(
        lambda x: x[0] > 0, _count_ingredients, initial_val
    )
    return count


def _ingredient_obj():
    # Not library code: a plated dish (PLATE = 1) of two of ingredient 0 (1 << 2 each) and one of ingredient 1
    # (1 << 4), as DynamicObject.ingredient(idx) = BASE_INGREDIENT << 2 * idx encodes them
    return jnp.int32(1 + 2 * 4 + 16)


_DYNAMIC_OBJECT = JAXMARL.format("overcooked_v2/common.py") + ", `DynamicObject."


@program(twin=ingredient_count, args=lambda: (_ingredient_obj(),), vmap=(0,),
         source=_DYNAMIC_OBJECT + "ingredient_count` (the ingredients of a dish: a lax.while_loop shifting the "
         "bit field two bits at a time while it is positive, summing its two-bit counts); the while_loop as a "
         "Python while")
def overcooked_ingredient_count(obj):
    obj, count = obj >> 2, jnp.array(0)
    while obj > 0:
        obj, count = obj >> 2, count + (obj & 0x3)
    return count


def get_ingredient_idx_list_jit(obj):
    # common.py DynamicObject.get_ingredient_idx_list_jit (a staticmethod)

    def _loop_body(carry):
        obj, pos, idx, res = carry
        count = obj & 0x3

        cond = jnp.arange(MAX_INGREDIENTS)
        cond = (cond >= pos) & (res == -1) & (cond < pos + count)

        res = jnp.where(
            cond,
            idx,
            res,
        )

        return (obj >> 2, pos + count, idx + 1, res)

    def _loop_cond(carry):
        obj, pos, _, _ = carry
        return (obj > 0) & (pos < MAX_INGREDIENTS)

    initial_res = jnp.full((MAX_INGREDIENTS,), -1, dtype=jnp.int32)
    carry = (obj >> 2, 0, 0, initial_res)

    val = jax.lax.while_loop(_loop_cond, _loop_body, carry)
    return val[-1]


@program(twin=get_ingredient_idx_list_jit, args=lambda: (jnp.int32(4 + 64 + 64),), vmap=(0,),
         source=_DYNAMIC_OBJECT + "get_ingredient_idx_list_jit` (the ingredient index of each of the dish's three "
         "slots, -1 if empty: a lax.while_loop from Python-int counters over the shifted bit field, filling the "
         "slots with jnp.where); the while_loop as a Python while, as the library's own non-jit "
         "get_ingredient_idx_list writes it")
def overcooked_ingredient_idx_list(obj):
    res = jnp.full((MAX_INGREDIENTS,), -1, dtype=jnp.int32)
    obj = obj >> 2
    pos = 0
    idx = 0
    while (obj > 0) & (pos < MAX_INGREDIENTS):
        count = obj & 0x3
        cond = jnp.arange(MAX_INGREDIENTS)
        cond = (cond >= pos) & (res == -1) & (cond < pos + count)
        res = jnp.where(cond, idx, res)
        obj = obj >> 2
        pos = pos + count
        idx += 1
    return res


def get_ingredient_idx(obj):
    # common.py DynamicObject.get_ingredient_idx (a staticmethod)

    def _body_fun(val):
        obj, idx, res = val
        new_res = jax.lax.select(obj & 0x3 != 0, idx, res)
        return (obj >> 2, idx + 1, new_res)

    def _cond_fun(val):
        obj, _, res = val
        return (obj > 0) & (res == -1)

    initial_val = (obj >> 2, 0, -1)
    val = jax.lax.while_loop(_cond_fun, _body_fun, initial_val)
    return val[-1]


@program(twin=get_ingredient_idx, args=lambda: (jnp.int32(1 + 64),), vmap=(0,),
         source=_DYNAMIC_OBJECT + "get_ingredient_idx` (the index of the first ingredient in the bit field: a "
         "lax.while_loop until a nonzero two-bit count is found, the found index kept by lax.select); the "
         "while_loop as a Python while, the select as an if")
def overcooked_ingredient_idx(obj):
    obj, idx, res = obj >> 2, 0, -1
    while (obj > 0) & (res == -1):
        if obj & 0x3 != 0:
            res = idx
        obj, idx = obj >> 2, idx + 1
    return res


# --- overcooked_v2/utils.py `compute_enclosed_spaces`, `OvercookedPathPlanner` ---------------------------------------

class Direction(IntEnum):  # common.py
    UP = 0
    DOWN = 1
    RIGHT = 2
    LEFT = 3

    @staticmethod
    def opposite(dir):
        opposite_map = jnp.array(
            [Direction.DOWN, Direction.UP, Direction.LEFT, Direction.RIGHT]
        )
        return opposite_map[dir]


ALL_DIRECTIONS = jnp.array(
    [Direction.UP, Direction.DOWN, Direction.RIGHT, Direction.LEFT]
)

DIR_TO_VEC = jnp.array(
    [
        (0, -1),
        (0, 1),
        (1, 0),
        (-1, 0),
    ],
    dtype=jnp.int8,
)


@pytree_node
class Position:  # common.py (a chex.dataclass)
    x: jax.Array
    y: jax.Array

    def move(self, direction):
        vec = DIR_TO_VEC[direction]
        return Position(x=self.x + vec[0], y=self.y + vec[1])

    def move_in_bounds(self, direction, width, height):
        new_pos = self.move(direction)
        clipped_x = jnp.clip(new_pos.x, 0, width - 1)
        clipped_y = jnp.clip(new_pos.y, 0, height - 1)
        return Position(x=clipped_x, y=clipped_y)

    def checked_move(self, direction, width, height):
        new_pos = self.move(direction)
        clipped_x = jnp.clip(new_pos.x, 0, width - 1)
        clipped_y = jnp.clip(new_pos.y, 0, height - 1)
        return Position(x=clipped_x, y=clipped_y), (clipped_x == new_pos.x) & (
            clipped_y == new_pos.y
        )


def compute_enclosed_spaces(empty_mask, loop="lax"):
    """
    Compute the enclosed spaces in the environment.
    Each enclosed space is assigned a unique id.
    """
    # utils.py; loop="python": the while_loop as a Python while
    height, width = empty_mask.shape
    id_grid = jnp.arange(empty_mask.size, dtype=jnp.int32).reshape(empty_mask.shape)
    id_grid = jnp.where(empty_mask, id_grid, -1)

    def _body_fun(val):
        _, curr = val

        def _next_val(pos):
            neighbors = jax.vmap(pos.move_in_bounds, in_axes=(0, None, None))(
                jnp.array(list(Direction)), width, height
            )
            neighbour_values = curr[neighbors.y, neighbors.x]
            self_value = curr[pos.y, pos.x]
            values = jnp.concatenate(
                [neighbour_values, self_value[jnp.newaxis]], axis=0
            )
            new_val = jnp.max(values)
            return jax.lax.select(self_value == -1, self_value, new_val)

        pos_y, pos_x = jnp.meshgrid(
            jnp.arange(height), jnp.arange(width), indexing="ij"
        )

        next_vals = jax.vmap(jax.vmap(_next_val))(Position(x=pos_x, y=pos_y))
        stop = jnp.all(curr == next_vals)
        return stop, next_vals

    def _cond_fun(val):
        return ~val[0]

    initial_val = (False, id_grid)
    if loop == "lax":
        _, res = jax.lax.while_loop(_cond_fun, _body_fun, initial_val)
        return res
    stop, res = initial_val
    while not stop:
        stop, res = _body_fun((stop, res))
    return res


def _kitchen():
    # Not library code: a 5x6 Overcooked-style layout's free cells (True), walls splitting it into three spaces
    return jnp.array([[1, 1, 0, 1, 1, 1],
                      [1, 1, 0, 1, 0, 0],
                      [0, 0, 0, 1, 0, 1],
                      [1, 1, 0, 1, 1, 1],
                      [1, 0, 0, 0, 0, 1]], dtype=jnp.bool_)


@program(twin=compute_enclosed_spaces, args=lambda: (_kitchen(),),
         source=JAXMARL.format("overcooked_v2/utils.py") + ", `compute_enclosed_spaces` (labels the connected "
         "free regions by flooding the largest cell id: a lax.while_loop until nothing changes, its body a doubly "
         "vmapped neighbour maximum, kept by lax.select on free cells, the neighbours from a jax.vmap of the bound "
         "method Position.move_in_bounds); the while_loop as `while not stop`")
def overcooked_enclosed_spaces(empty_mask):
    return compute_enclosed_spaces(empty_mask, loop="python")


class OvercookedPathPlanner:  # utils.py (the methods used here; jax.jit decorators off)
    @staticmethod
    def _compute_min_moves(pos, dir, mask):
        assert mask.ndim == 2 and mask.dtype == jnp.bool_
        H, W = mask.shape

        ys, xs = jnp.meshgrid(jnp.arange(H), jnp.arange(W), indexing="ij")

        def _obstacle_ahead(pos, dir):
            new_pos, is_valid = pos.checked_move(dir, W, H)
            obstacle_ahead = ~mask[new_pos.y, new_pos.x]
            return ~is_valid | obstacle_ahead

        obstacle_ahead = jax.vmap(_obstacle_ahead, in_axes=(None, 0), out_axes=-1)(
            Position(x=xs, y=ys), ALL_DIRECTIONS
        )
        obstacle_ahead &= mask[..., jnp.newaxis]

        def cond_fun(loop_carry):
            _, changed = loop_carry
            return changed

        def body_fun(loop_carry):
            dist, _ = loop_carry
            return _relax_min_moves(dist, mask, obstacle_ahead)

        initial_dist = jnp.full((H, W, 4), jnp.inf, dtype=jnp.float32)
        initial_dist = initial_dist.at[pos.y, pos.x, dir].set(0)

        dist_final, _ = jax.lax.while_loop(cond_fun, body_fun, (initial_dist, True))
        return _min_cost_to_target(dist_final, mask, xs, ys)

    @classmethod
    def get_closest_target_pos_static(cls, move_area, targets, pos, dir):
        def _compute_min_moves(pos, dir):
            min_moves = cls._compute_min_moves(pos, dir, move_area)
            return cls._get_pos_from_min_moves_grid(min_moves, targets)

        return jax.lax.cond(
            targets[pos.y, pos.x],
            lambda p, _d: (p, True),
            _compute_min_moves,
            pos,
            dir,
        )

    @staticmethod
    def _get_pos_from_min_moves_grid(min_moves, targets):
        min_moves_targets = jnp.where(targets, min_moves, jnp.inf)

        min_idx = jnp.argmin(min_moves_targets)
        min_y, min_x = jnp.divmod(min_idx, min_moves.shape[1])

        is_valid = jnp.any(jnp.isfinite(min_moves_targets))

        return Position(x=min_x, y=min_y), is_valid

    def _precompute(self, move_area, pos_idx):
        # (pos_idx = jnp.argwhere(move_area) in the library: taken from the caller, a data-dependent shape)
        num_pos = pos_idx.shape[0]
        positions = Position(y=pos_idx[:, 0], x=pos_idx[:, 1])

        self.precomputed_min_moves = jax.vmap(
            jax.vmap(self._compute_min_moves, in_axes=(None, 0, None)),
            in_axes=(0, None, None),
        )(positions, ALL_DIRECTIONS, move_area)

        self.position_to_idx = (
            jnp.full_like(move_area, -1, dtype=jnp.int32)
            .at[positions.y, positions.x]
            .set(jnp.arange(num_pos))
        )


def _relax_min_moves(dist, mask, obstacle_ahead):
    # _compute_min_moves's body_fun (one relaxation of the distances; its `if dir == ...` on Python enums)
    changed = False

    min_across_last_dim = jnp.min(dist, axis=-1)

    def _move_dir(dir):
        moved_dist = jnp.full_like(min_across_last_dim, jnp.inf)
        if dir == Direction.UP:
            moved_dist = moved_dist.at[:-1, :].set(min_across_last_dim[1:, :])
        elif dir == Direction.DOWN:
            moved_dist = moved_dist.at[1:, :].set(min_across_last_dim[:-1, :])
        elif dir == Direction.RIGHT:
            moved_dist = moved_dist.at[:, 1:].set(min_across_last_dim[:, :-1])
        elif dir == Direction.LEFT:
            moved_dist = moved_dist.at[:, :-1].set(min_across_last_dim[:, 1:])
        return jnp.where(mask, moved_dist, jnp.inf)

    dist_up = _move_dir(Direction.UP)
    dist_down = _move_dir(Direction.DOWN)
    dist_right = _move_dir(Direction.RIGHT)
    dist_left = _move_dir(Direction.LEFT)

    dist_new = jnp.stack([dist_up, dist_down, dist_right, dist_left], axis=-1)

    blocked_new_dist = jnp.where(
        obstacle_ahead, min_across_last_dim[..., jnp.newaxis], jnp.inf
    )

    dist_new = jnp.minimum(dist_new, blocked_new_dist)
    dist_new += 1
    dist_updated = jnp.minimum(dist, dist_new)

    changed = jnp.any(dist_updated != dist)

    return dist_updated, changed


def _min_cost_to_target(dist_final, mask, xs, ys):
    # the end of _compute_min_moves
    H, W = mask.shape

    def _compute_min_cost(pos, dir):
        new_pos, is_valid = pos.checked_move(dir, W, H)
        opposite_dir = Direction.opposite(dir)

        return jnp.where(
            is_valid,
            dist_final[new_pos.y, new_pos.x, opposite_dir],
            jnp.inf,
        )

    min_cost_to_target = jax.vmap(
        _compute_min_cost, in_axes=(None, 0), out_axes=-1
    )(Position(x=xs, y=ys), ALL_DIRECTIONS)
    min_cost_to_target = jnp.min(min_cost_to_target, axis=-1)

    # we only care about target cells
    min_cost_to_target = jnp.where(mask, jnp.inf, min_cost_to_target)

    return min_cost_to_target


class OvercookedPathPlannerPy(OvercookedPathPlanner):
    # _compute_min_moves's lax.while_loop as a Python while, get_closest_target_pos_static's lax.cond as an if
    @staticmethod
    def _compute_min_moves(pos, dir, mask):
        H, W = mask.shape
        ys, xs = jnp.meshgrid(jnp.arange(H), jnp.arange(W), indexing="ij")

        def _obstacle_ahead(pos, dir):
            new_pos, is_valid = pos.checked_move(dir, W, H)
            obstacle_ahead = ~mask[new_pos.y, new_pos.x]
            return ~is_valid | obstacle_ahead

        obstacle_ahead = jax.vmap(_obstacle_ahead, in_axes=(None, 0), out_axes=-1)(
            Position(x=xs, y=ys), ALL_DIRECTIONS
        )
        obstacle_ahead &= mask[..., jnp.newaxis]

        dist = jnp.full((H, W, 4), jnp.inf, dtype=jnp.float32)
        dist = dist.at[pos.y, pos.x, dir].set(0)
        changed = True
        while changed:
            dist, changed = _relax_min_moves(dist, mask, obstacle_ahead)
        return _min_cost_to_target(dist, mask, xs, ys)

    @classmethod
    def get_closest_target_pos_static(cls, move_area, targets, pos, dir):
        if targets[pos.y, pos.x]:
            return pos, True
        min_moves = cls._compute_min_moves(pos, dir, move_area)
        return cls._get_pos_from_min_moves_grid(min_moves, targets)


def _move_area():
    # Not library code: the free cells of a small kitchen (True), and the counters next to them as targets
    area = jnp.array([[0, 0, 0, 0, 0],
                      [0, 1, 1, 1, 0],
                      [0, 1, 0, 1, 0],
                      [0, 1, 1, 1, 0],
                      [0, 0, 0, 0, 0]], dtype=jnp.bool_)
    targets = jnp.zeros((5, 5), jnp.bool_).at[0, 3].set(True).at[2, 2].set(True).at[4, 1].set(True)
    return area, targets


@program(twin=lambda area, targets, x, y, d: OvercookedPathPlanner.get_closest_target_pos_static(
             area, targets, Position(x=x, y=y), d),
         args=lambda: (*_move_area(), jnp.int32(1), jnp.int32(1), jnp.int32(2)), vmap=(None, None, None, None, 0),
         source=JAXMARL.format("overcooked_v2/utils.py") + ", `OvercookedPathPlanner.get_closest_target_pos_static` "
         "(a lax.cond: on a target already, else `_compute_min_moves`, a lax.while_loop relaxing the moves-and-turns "
         "distances of every cell and heading until nothing changes, then the nearest target); the cond as an if "
         "with an early return, the while_loop as `while changed`")
def overcooked_closest_target(move_area, targets, x, y, dir):
    return OvercookedPathPlannerPy.get_closest_target_pos_static(move_area, targets, Position(x=x, y=y), dir)


def _without_jit(plain, *args):
    # Not library code: `plain` with lax.switch / lax.scan / lax.cond calling the functions they are handed in Python
    # on concrete values (jax.disable_jit), where their `if` on the data runs as Python's
    with jax.disable_jit():
        return plain(*args)


def _precomputed(planner_class, move_area, pos_idx):
    # Not library code: OvercookedPathPlanner(move_area) with the argwhere from the caller
    planner = planner_class.__new__(planner_class)
    planner._precompute(move_area, pos_idx)
    return planner.precomputed_min_moves, planner.position_to_idx


def _precomputed_in_python(move_area, pos_idx):
    # Not library code: the eager oracle of overcooked_path_planner_handed, its two vmaps as Python loops over the
    # cells and headings (the handed staticmethod's `while changed:` then runs on concrete values)
    cells = []
    for i in range(pos_idx.shape[0]):
        position = Position(y=pos_idx[i, 0], x=pos_idx[i, 1])
        headings = [OvercookedPathPlannerPy._compute_min_moves(position, d, move_area) for d in ALL_DIRECTIONS]
        cells.append(jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), *headings))
    min_moves = jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), *cells)
    position_to_idx = (jnp.full_like(move_area, -1, dtype=jnp.int32)
                       .at[pos_idx[:, 0], pos_idx[:, 1]].set(jnp.arange(pos_idx.shape[0])))
    return min_moves, position_to_idx


@program(twin=lambda area, idx: _precomputed(OvercookedPathPlanner, area, idx),
         args=lambda: (_move_area()[0], jnp.argwhere(_move_area()[0])), eager=_precomputed_in_python,
         source=JAXMARL.format("overcooked_v2/utils.py") + ", `OvercookedPathPlanner._precompute` (the library "
         "hands its staticmethod `_compute_min_moves` to jax.vmap(jax.vmap(...)) over every free cell and "
         "heading): the vmaps kept, the handed staticmethod holding `while changed:` on a traced value instead of "
         "its lax.while_loop")
def overcooked_path_planner_handed(move_area, pos_idx):
    return _precomputed(OvercookedPathPlannerPy, move_area, pos_idx)


# --- smax/smax_env.py `compute_reward`, `_decode_discrete_actions` ----------------------------------------------------

class SMAXConfig(NamedTuple):
    # Not library code: the SMAX attributes these methods read (3 allies against 3 enemies, its default bonuses)
    num_allies: int = 3
    num_enemies: int = 3
    num_movement_actions: int = 5
    won_battle_bonus: float = 1.0
    use_self_play_reward: bool = False
    unit_type_health: jax.Array = jnp.array([45.0, 35.0, 40.0])
    agents: tuple = ("ally_0", "ally_1", "ally_2", "enemy_0", "enemy_1", "enemy_2")


class SMAXState(NamedTuple):  # Not library code: the State fields compute_reward reads
    unit_types: jax.Array
    unit_alive: jax.Array


def compute_reward(self, state, health_before, health_after):
    # smax_env.py SMAX.compute_reward (jax.jit decorators off: team_idx is a Python int from range(2))
    def compute_team_reward(team_idx):
        # compute how much the enemy team health has decreased
        other_team_idx = jnp.logical_not(team_idx).astype(jnp.uint32)
        other_team_start_idx = jnp.array([0, self.num_allies])[other_team_idx]
        team_start_idx = jnp.array([0, self.num_allies])[team_idx]

        team_size = self.num_allies if team_idx == 0 else self.num_enemies

        enemy_team_size = self.num_enemies if team_idx == 0 else self.num_allies

        enemy_health_decrease = jnp.sum(
            jax.lax.dynamic_slice_in_dim(
                (health_after - health_before)
                / self.unit_type_health[state.unit_types],
                other_team_start_idx,
                enemy_team_size,
            )
        )
        enemy_health_decrease_reward = (
            jnp.abs(enemy_health_decrease) / enemy_team_size
        )
        enemy_health_decrease_reward = jax.lax.select(
            self.use_self_play_reward, 0.0, enemy_health_decrease_reward
        )
        won_battle = jnp.all(
            jnp.logical_not(
                jax.lax.dynamic_slice_in_dim(
                    state.unit_alive, other_team_start_idx, enemy_team_size
                )
            )
        )
        lost_battle = jnp.all(
            jnp.logical_not(
                jax.lax.dynamic_slice_in_dim(
                    state.unit_alive, team_start_idx, team_size
                )
            )
        )
        if self.loop == "lax":
            lost_battle_bonus = jax.lax.cond(
                lost_battle & self.use_self_play_reward & ~won_battle,
                lambda: -self.won_battle_bonus,
                lambda: 0.0,
            )
            won_battle_bonus = jax.lax.cond(
                won_battle & ~lost_battle, lambda: self.won_battle_bonus, lambda: 0.0
            )
        else:  # the lax.conds as if / else
            if lost_battle & self.use_self_play_reward & ~won_battle:
                lost_battle_bonus = -self.won_battle_bonus
            else:
                lost_battle_bonus = 0.0
            if won_battle & ~lost_battle:
                won_battle_bonus = self.won_battle_bonus
            else:
                won_battle_bonus = 0.0
        return enemy_health_decrease_reward + won_battle_bonus + lost_battle_bonus

    # agents still get reward when they are dead to allow for noble sacrifice
    team_rewards = [compute_team_reward(i) for i in range(2)]
    return {
        agent: team_rewards[int(i >= self.num_allies)]  # self.agent_ids[agent] is the agent's index
        for i, agent in enumerate(self.agents)
    }


class _SMAX(NamedTuple):  # Not library code: the config with the loop= switch of this file
    cfg: SMAXConfig
    loop: str

    def __getattr__(self, name):
        return getattr(self.cfg, name)


def _smax_reward_args():
    unit_alive = jnp.array([True, False, True, False, False, False])
    health_before = jnp.array([40.0, 10.0, 30.0, 20.0, 5.0, 12.0])
    health_after = jnp.array([32.0, 0.0, 30.0, 0.0, 0.0, 0.0])
    return jnp.array([0, 1, 2, 0, 1, 2]), unit_alive, health_before, health_after


@program(twin=lambda types, alive, before, after: compute_reward(_SMAX(SMAXConfig(), "lax"),
                                                                 SMAXState(types, alive), before, after),
         args=_smax_reward_args, grad=(2, 3), loss=lambda out: sum(out.values()), vmap=(None, None, 0, 0),
         source=JAXMARL.format("smax/smax_env.py") + ", `SMAX.compute_reward` (per team: the enemy's normalised "
         "health lost, a lost-battle bonus and a won-battle bonus each a lax.cond, the team size a static Python "
         "conditional on team_idx); the conds as if / else, the allies winning")
def smax_team_reward(unit_types, unit_alive, health_before, health_after):
    return compute_reward(_SMAX(SMAXConfig(), "python"), SMAXState(unit_types, unit_alive), health_before,
                          health_after)


def decode_discrete_actions(self, actions):
    # smax_env.py SMAX._decode_discrete_actions
    def _decode_movement_action(action):
        vec = jax.lax.cond(
            # action is an attack action OR stop (action 4)
            action >= self.num_movement_actions - 1,
            lambda: jnp.zeros((2,)),
            lambda: jnp.array(
                [
                    (-1) ** (action // 2) * (1.0 / jnp.sqrt(2)),
                    (-1) ** (action // 2 + action % 2) * (1.0 / jnp.sqrt(2)),
                ]
            ),
        )
        rotation = jnp.array(
            [
                [1.0 / jnp.sqrt(2), -1.0 / jnp.sqrt(2)],
                [1.0 / jnp.sqrt(2), 1.0 / jnp.sqrt(2)],
            ]
        )
        vec = rotation @ vec
        return vec

    movement_actions = jax.vmap(_decode_movement_action)(actions)
    attack_actions = jnp.where(
        actions > self.num_movement_actions - 1, actions, jnp.zeros_like(actions)
    )
    return movement_actions, attack_actions


@program(twin=lambda actions: decode_discrete_actions(SMAXConfig(), actions),
         args=lambda: (jnp.array([0, 1, 2, 3, 4, 5, 7], dtype=jnp.int32),), vmap=(0,),
         source=JAXMARL.format("smax/smax_env.py") + ", `SMAX._decode_discrete_actions` (each unit's action "
         "decoded under jax.vmap, a lax.cond between no movement, for stop and attacks, and a diagonal unit "
         "vector rotated by 45 degrees); the vmap as a for over the actions with appends, then stacked, the cond as "
         "if / else")
def smax_decode_actions(actions):
    self = SMAXConfig()

    def _decode_movement_action(action):
        if action >= self.num_movement_actions - 1:
            vec = jnp.zeros((2,))
        else:
            vec = jnp.array(
                [
                    (-1) ** (action // 2) * (1.0 / jnp.sqrt(2)),
                    (-1) ** (action // 2 + action % 2) * (1.0 / jnp.sqrt(2)),
                ]
            )
        rotation = jnp.array(
            [
                [1.0 / jnp.sqrt(2), -1.0 / jnp.sqrt(2)],
                [1.0 / jnp.sqrt(2), 1.0 / jnp.sqrt(2)],
            ]
        )
        vec = rotation @ vec
        return vec

    movement_actions = []
    for action in actions:
        movement_actions.append(_decode_movement_action(action))
    movement_actions = jnp.stack(movement_actions)
    attack_actions = jnp.where(
        actions > self.num_movement_actions - 1, actions, jnp.zeros_like(actions)
    )
    return movement_actions, attack_actions


# --- hanabi/hanabi_game.py `HanabiGame.get_first_state` --------------------------------------------------------------

class HanabiConfig(NamedTuple):
    # Not library code: HanabiGame's constructor defaults
    num_agents: int = 2
    num_colors: int = 5
    num_ranks: int = 5
    hand_size: int = 5
    max_info_tokens: int = 8
    max_life_tokens: int = 3
    deck_size: int = 50


def get_first_state(self, deck, loop="lax"):
    """Get the initial state of the game"""
    # hanabi_game.py (State as a dict); loop="python": the scan as a for with appends, then stacked

    deck_arr = jnp.asarray(deck)

    def _deal_cards(aidx, unused):
        """Deals cards to players from top of deck"""
        # top of deck is first array element
        start = aidx * self.hand_size
        hand = jax.lax.dynamic_slice(
            deck_arr,
            (start, 0, 0),
            (self.hand_size, self.num_colors, self.num_ranks),
        )

        return aidx + 1, hand

    if loop == "lax":
        _, hands = jax.lax.scan(_deal_cards, jnp.array(0), None, self.num_agents)
    else:
        aidx, hands = jnp.array(0), []
        for _ in range(self.num_agents):
            aidx, hand = _deal_cards(aidx, None)
            hands.append(hand)
        hands = jnp.stack(hands)
    num_cards_dealt = self.num_agents * self.hand_size

    # start off with all (color, rank) combinations being possible for all cards
    card_knowledge = jnp.ones(
        (self.num_agents, self.hand_size, (self.num_colors * self.num_ranks))
    )

    # init discard pile
    discard_pile = jnp.zeros_like(deck_arr)

    # remove dealt cards from deck
    deck_arr = deck_arr.at[:num_cards_dealt].set(
        jnp.zeros((self.num_colors, self.num_ranks))
    )
    remaining_deck_size = jnp.zeros(self.deck_size).at[:-num_cards_dealt].set(1)

    # thermometer encoded
    life_tokens = jnp.ones(self.max_life_tokens)
    info_tokens = jnp.ones(self.max_info_tokens).astype(int)
    cur_player_idx = jnp.zeros(self.num_agents).at[0].set(1)

    return dict(deck=deck_arr, discard_pile=discard_pile, player_hands=hands, info_tokens=info_tokens,
                life_tokens=life_tokens, card_knowledge=card_knowledge, num_cards_dealt=jnp.array(num_cards_dealt),
                cur_player_idx=cur_player_idx, remaining_deck_size=remaining_deck_size)


def _hanabi_deck():
    # Not library code: a shuffled one-hot deck of (color, rank) cards, as HanabiGame.reset_game builds it
    cfg = HanabiConfig()
    counts = jnp.array([3, 2, 2, 2, 1])
    cards = [(c, r) for c in range(cfg.num_colors) for r in range(cfg.num_ranks) for _ in range(int(counts[r]))]
    order = jax.random.permutation(jax.random.key(7), len(cards))
    pairs = jnp.array(cards)[order]
    return jax.nn.one_hot(pairs[:, 0], cfg.num_colors)[:, :, None] * jax.nn.one_hot(pairs[:, 1], cfg.num_ranks)[:, None]


@program(twin=lambda deck: get_first_state(HanabiConfig(), deck), args=lambda: (_hanabi_deck(),), grad=(0,),
         loss=lambda out: jnp.sum(out["player_hands"] * jnp.arange(5.0)) + jnp.sum(out["deck"]), vmap=(0,),
         source=JAXMARL.format("hanabi/hanabi_game.py") + ", `HanabiGame.get_first_state` (the deal: a lax.scan "
         "with no xs over the players, its carry the player index, each step a lax.dynamic_slice of hand_size "
         "cards off the top of the one-hot deck; then the dealt cards removed and the tokens initialised); the "
         "scan as a for with appends, then stacked")
def hanabi_first_state(deck):
    return get_first_state(HanabiConfig(), deck, loop="python")
