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
    def for_tree(cls, tree: ast.AST) -> Namer:
        taken = set()
        for node in walk(tree):
            if isinstance(node, ast.Name):
                taken.add(node.id)
            elif isinstance(node, ast.arg):
                taken.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                taken.add(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                taken.update(node.names)
            elif isinstance(node, ast.alias):
                taken.add((node.asname or node.name).split(".")[0])
            elif isinstance(node, ast.ExceptHandler) and node.name:
                taken.add(node.name)
            elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
                taken.add(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                taken.add(node.rest)
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
