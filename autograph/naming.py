"""Fresh names for generated code that never collide with the user's names.

    namer = Namer.for_tree(tree)   # knows every identifier in the function
    namer.new('break_')            # 'break_', then 'break_1', 'break_2', ...
    namer.reuse('if_body')         # 'if_body' every time (or 'if_body_1' if the user has 'if_body')
"""

from __future__ import annotations

import ast

from autograph.analysis.walk import walk


class Namer:
    def __init__(self, taken: set[str]) -> None:
        self._taken = taken
        self._reusable: dict[str, str] = {}
        self.handed_out: set[str] = set()  # every name this namer made up

    @classmethod
    def for_tree(cls, tree: ast.AST, nodes: list[ast.AST] | None = None) -> Namer:
        """A namer that knows every identifier in ``tree`` (``nodes``: ``walk(tree)``, if the caller
        has it already)."""
        taken = set()
        name_class = ast.Name
        for node in walk(tree) if nodes is None else nodes:
            kind = node.__class__
            if kind is name_class:  # most nodes that name something: tested first, by identity
                taken.add(node.id)
            elif kind in _NAMING:
                taken.update(_NAMING[kind](node))
        return cls(taken)

    def taken(self, name: str) -> bool:
        return name in self._taken

    def new(self, base: str) -> str:
        """A name used nowhere in the function and never handed out before."""
        name, suffix = base, 0
        while name in self._taken:
            suffix += 1
            name = f"{base}{suffix}"
        self._taken.add(name)
        self.handed_out.add(name)
        return name

    def reuse(self, base: str) -> str:
        """A name for local helper functions (bodies, tests) that sibling statements may
        share: each definition is used right after it is made."""
        if base not in self._reusable:
            self._reusable[base] = self.new(base)
        return self._reusable[base]


def _alias(node: ast.alias) -> list[str]:
    return [(node.asname or node.name).split(".")[0]]


def _named(node: ast.AST) -> list[str]:
    return [node.name] if node.name else []


# Node class -> the identifiers a node of it binds or declares (other than a Name's).
_NAMING = {
    ast.arg: lambda node: [node.arg],
    ast.FunctionDef: _named,
    ast.AsyncFunctionDef: _named,
    ast.ClassDef: _named,
    ast.Global: lambda node: node.names,
    ast.Nonlocal: lambda node: node.names,
    ast.alias: _alias,
    ast.ExceptHandler: _named,
    ast.MatchAs: _named,
    ast.MatchStar: _named,
    ast.MatchMapping: lambda node: [node.rest] if node.rest else [],
}
