"""Annotations that analyses attach to AST nodes, under one Enum of keys.

Analyses only annotate; converters only read annotations and rewrite. Setting
a key twice on one node is an error, so two analyses cannot silently disagree.

    anno.set(node, anno.Key.LIVE_OUT, {'x'})
    anno.get(node, anno.Key.LIVE_OUT)   # {'x'}
"""

from __future__ import annotations

import ast
import enum
from typing import Any

_ATTRIBUTE = "_autograph_annotations"


class Key(enum.Enum):
    """Each value documents what the key holds."""

    LIVE_OUT = "names live right after this statement"
    LIVE_IN = "names live right before this statement (for a loop: at its head, every iteration)"
    MAYBE_UNDEFINED = "on a Name load: the variable may not be bound when this read runs"
    EXTRA_TEST = "on a loop: the expression that must stay true to keep looping (break/return flags)"
    LOOP_CALL = ("on the `for step in ag__.while_stmt(...)` / `ag__.for_stmt(...)` statement control_flow wrote: "
                 "that call")
    BLOCK_CALL = ("on each statement control_flow wrote to call an operator on the closures before it "
                  "(`ag__.if_stmt(...)()`, `for x in ag__.for_stmt(...): loop_body(x)`)")
    INIT = "on a binding control_flow wrote before a statement's call (`x: object`, `x = ag__.Undefined('x')`)"
    LOOP_FLAG = "on a loop: the name of the flag a break or return sets to leave it (EXTRA_TEST is `not` it)"
    RETURN_FLAG = "on a Break written for a return: the name of the do_return flag it stands for"
    ALWAYS_BOOL = "on a Call in an if's test: a builtin that always gives a Python bool (isinstance, hasattr)"
    GROWN_LISTS = ("on a loop: the names whose append / extend / insert its body calls, found on the user's calls "
                   "before call_trees wraps them (`ag__.call(out.append)(v)` no longer says which list grows)")
    ITEM_WRITE = "on an Assign item_writes made (`y = ag__.setitem(v, y, k)`): the user's target it stands for"


_MISSING = object()


def set(node: ast.AST, key: Key, value: Any) -> None:  # noqa: A001  (the module is used as anno.set)
    annotations = node.__dict__.setdefault(_ATTRIBUTE, {})
    if key in annotations:
        raise ValueError(f"annotation {key.name} is already set on {type(node).__name__}")
    annotations[key] = value


def get(node: ast.AST, key: Key, default: Any = _MISSING) -> Any:
    annotations = node.__dict__.get(_ATTRIBUTE)  # most nodes have none: no empty dict made for them
    value = default if annotations is None else annotations.get(key, default)
    if value is _MISSING:
        raise KeyError(f"{type(node).__name__} has no annotation {key.name}")
    return value


def has(node: ast.AST, key: Key) -> bool:
    return key in node.__dict__.get(_ATTRIBUTE, {})
