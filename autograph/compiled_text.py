"""Whether a function's source text compiles to the function's own code: the last check of the source
(autograph/parsing.py, ``_check_source``) before a conversion trusts the text.

The text comes from ``linecache``, which may hold another text under the function's file name: the file
edited after it was imported, or code compiled under a name another code used first (Mako compiles every
template of one URI as the module ``_index_html`` and serves its source through the module's loader, so
linecache keeps the first template's lines). The cheap checks before this one (the names, lines and
numbers the code holds) pass a text that differs from the code in a string, an operator or a call's
arguments; converted, it would silently be another function.

So the text's def (or lambda) is compiled again, in scopes like the function's own, and the two code
objects must agree: names, local, free and cell variables, instructions and constants (nested code
alike). Before::

    def render_body(out):                 # the function's code: out.append('Hello')
        out.append('this is index')       # linecache's text, another template's
        return ''.join(out)

After: ``SourceMismatchError`` ("its code differs from what the text compiles to from line 2 on").

The scopes are rebuilt from the code's qualified name (``C.m.<locals>.inner`` is ``class C: def m(): def
inner``: the qualified names a class body stores, and C's private names, come out as the function's), its
free variables bound in the nearest function around it. What the compiler decides from the whole module,
which the text compiled alone cannot know, is left out of the comparison: whether a method call on a name
loads the method as an attribute (the module imports the name) and how ``super().m`` is loaded (the module
reads ``super`` at its top level). Code compiled at another optimization level than the interpreter's is
named as such: converted code would be compiled at the interpreter's, with its asserts. Where the text
cannot be compiled beside the code at all (a ``SyntaxError`` in the rebuilt scopes), this check says
nothing and the cheap ones stand.
"""

from __future__ import annotations
import __future__

import ast
import dis
import sys
import types
from typing import Optional, Union

FunctionNode = Union[ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda]

# The future statements' compiler flags a code object records (``from __future__ import annotations``):
# the text must be compiled under the same ones.
_FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag
_OUTER = "__autograph_scope__"


def differs(fn: types.FunctionType, node: FunctionNode) -> Optional[str]:
    """Why ``node`` (``fn``'s def or lambda, parsed from its file's text with the file's line numbers) is not
    the text ``fn``'s code was compiled from, or None when it compiles to that code (or cannot be compiled
    beside it)."""
    code = fn.__code__
    qualname = _qualname(fn, code)
    problem = _differs_in(fn, node, qualname)
    if problem is not None and not hasattr(code, "co_qualname") and qualname != code.co_name:
        # (Before 3.11 the qualified name may be one set after compiling: a function compiled alone and made a
        # class's method, as dataclasses make __init__. Compiled at the top level, its private names are unmangled.)
        if _differs_in(fn, node, code.co_name) is None:
            return None
    return problem


def _differs_in(fn: types.FunctionType, node: FunctionNode, qualname: str) -> Optional[str]:
    """``differs``, the scopes rebuilt from ``qualname``."""
    code = fn.__code__
    module = _in_scope(node, code, qualname, _likely_imported(fn, code))
    # The interpreter's own optimization level: converted code is compiled at it. Code compiled at another
    # (compile(..., optimize=2) strips asserts, `if __debug__:` blocks and docstrings) is named as such.
    compiled = None
    matched: list[int] = []  # the other levels whose compiled text is the code (3.13: at 1 as at 2, here)
    strippable = None  # whether the text has what another level strips: asked once, after a first mismatch
    for optimize in (-1, 0, 1, 2):
        if optimize == sys.flags.optimize:
            continue  # (-1 is this level)
        if optimize != -1:
            strippable = _has_asserts_or_docstrings(node) if strippable is None else strippable
            if not strippable:
                break  # (no other level compiles this text differently)
        try:
            top = compile(module, code.co_filename, "exec", flags=code.co_flags & _FUTURE_FLAGS, dont_inherit=True,
                          optimize=optimize)
        except (SyntaxError, ValueError):  # (a scope rebuilt wrong: this check cannot speak)
            return None
        # (Several codes of the name may start on the line: lambdas that are another's defaults.)
        candidates = _candidates(top, code.co_name, code.co_firstlineno)
        if not candidates:
            return None
        found = next((candidate for candidate in candidates if _same(candidate, code)), None)
        if found is not None:
            if optimize == -1:
                return None
            matched.append(optimize)
        compiled = compiled or candidates[0]
    if matched:
        levels = " or ".join(map(str, matched))
        return (f"it was compiled at optimization level {levels} (compile(..., optimize={matched[-1]})), and converted "
                f"code would be compiled at this interpreter's ({sys.flags.optimize}), with what that level strips")
    line = _first_differing_line(compiled, code)
    where = f" from line {line} on" if line is not None else ""
    return f"its code differs from what the text compiles to{where} (a string, an operator or a call's arguments)"


def _qualname(fn: types.FunctionType, code: types.CodeType) -> str:
    """The qualified name ``code`` was compiled under: 3.11+ records it; before, a def nested in it names it in the
    qualified name the code holds for it (``f.<locals>.inner``), and otherwise ``fn.__qualname__`` is taken (which
    ``functools.wraps`` may have changed)."""
    if hasattr(code, "co_qualname"):
        return code.co_qualname
    nested = {f".<locals>.{const.co_name}" for const in code.co_consts if isinstance(const, types.CodeType)}
    for const in code.co_consts:
        if type(const) is str:
            for tail in nested:
                if const.endswith(tail):
                    return const[:-len(tail)]
    return fn.__qualname__


def _likely_imported(fn: types.FunctionType, code: types.CodeType) -> list[str]:
    """The names ``code`` reads that its module likely binds by an import: a module, or a class or function from
    another module. A method call on such a name loads the method as an attribute (above): imported in the compiled
    text too, its code is most often byte for byte the function's, and the comparison is one ``==`` (a wrong guess
    costs only the comparison instruction by instruction)."""
    names: set[str] = set()
    pending = [code]
    while pending:
        current = pending.pop()
        names.update(current.co_names)
        pending += [const for const in current.co_consts if isinstance(const, types.CodeType)]
    namespace = fn.__globals__
    own = namespace.get("__name__")
    found = []
    for name in sorted(names):
        value = namespace.get(name)
        if isinstance(value, types.ModuleType):
            found.append(name)
        elif isinstance(value, type):
            if vars(value).get("__module__", own) != own:
                found.append(name)
        elif isinstance(value, (types.FunctionType, types.BuiltinFunctionType)) and value.__module__ != own:
            found.append(name)
    return found


def _in_scope(node: FunctionNode, code: types.CodeType, qualname: str, imported: list[str]) -> ast.Module:
    """A module holding ``node`` inside scopes named as ``qualname`` names them, so that the compiled text gets the
    function's own qualified names (a class body in it stores its ``__qualname__`` as a constant) and private names
    (``__x`` is ``_C__x`` in class C's code): ``C.m.<locals>.inner`` is ``class C: def m(): def inner...``. The
    function's free variables are bound in the nearest function around it (one is made where none is named)."""
    statement: ast.stmt = ast.Expr(node) if isinstance(node, ast.Lambda) else node
    parts = qualname.split(".")[:-1]
    scopes: list[tuple[str, str]] = []  # (kind, name), outermost first
    index = 0
    while index < len(parts):
        name = parts[index]
        if index + 1 < len(parts) and parts[index + 1] == "<locals>":
            scopes.append(("def", name))  # a function's locals: `f.<locals>`
            index += 2
        else:  # a class, or the scope of a comprehension (`<listcomp>`), which is a function's
            scopes.append(("def" if name.startswith("<") else "class", name))
            index += 1
    in_class = any(kind == "class" for kind, _ in scopes)
    # (In a class, `__class__` is the cell the compiler makes for `super()`.)
    freevars = [name for name in code.co_freevars if not (in_class and name == "__class__")]
    if freevars and not any(kind == "def" for kind, _ in scopes):
        scopes.append(("def", _OUTER))
    innermost = max((k for k, (kind, _) in enumerate(scopes) if kind == "def"), default=-1)
    body: list = [statement]
    for k in range(len(scopes) - 1, -1, -1):
        kind, name = scopes[k]
        if kind == "class":
            body = [_class(name, body)]
        else:
            body = [_function(name, (_binds(freevars) if k == innermost else []) + body)]
    imports = [ast.Import(names=[ast.alias(name=name)]) for name in imported]
    module = ast.Module(body=imports + body, type_ignores=[])
    _locate(module)
    return module


def _binds(names: list[str]) -> list:
    """``<name> = None`` for each of ``names``: the variables the function inside reads become its free ones."""
    return [ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=ast.Constant(None), lineno=1)
            for name in names]


def _locate(module: ast.Module) -> None:
    """Positions for the nodes made here (the user's node has its own): line 1. (Not ``ast.fix_missing_locations``,
    which would walk the user's whole tree.)"""
    pending = list(module.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Expr, ast.Assign, ast.Name, ast.Constant,
                             ast.Import, ast.alias)) and (
                getattr(node, "end_lineno", None) is None):
            node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = 1, 0, 1, 0
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                pending += node.body
            elif isinstance(node, ast.Assign):
                pending += [*node.targets, node.value]
            elif isinstance(node, ast.Import):
                pending += node.names


def _function(name: str, body: list) -> ast.FunctionDef:
    return ast.FunctionDef(name=name, args=_no_arguments(), body=body, decorator_list=[], returns=None,
                           type_comment=None, lineno=1, **_type_params())


def _class(name: str, body: list) -> ast.ClassDef:
    return ast.ClassDef(name=name, bases=[], keywords=[], body=body, decorator_list=[], lineno=1, **_type_params())


def _no_arguments() -> ast.arguments:
    return ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])


def _type_params() -> dict:
    return {"type_params": []} if sys.version_info >= (3, 12) else {}


def _candidates(code: types.CodeType, name: str, firstlineno: int) -> list[types.CodeType]:
    """The code objects named ``name`` that start at ``firstlineno`` among ``code``'s constants, at any depth."""
    found = []
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_name == name and const.co_firstlineno == firstlineno:
                found.append(const)
            found += _candidates(const, name, firstlineno)
    return found


def _same(a: types.CodeType, b: types.CodeType) -> bool:
    """Whether two code objects do the same: the same names and variables, and the same instructions and constants
    (nested code alike) but for how a method call loads its method. (``np.sum(x)`` loads ``sum`` as a plain
    attribute where the module binds ``np`` by an import, and as a method otherwise: a fact of the whole module,
    which the text compiled alone does not know.)"""
    if (a.co_names != b.co_names or a.co_varnames != b.co_varnames or a.co_freevars != b.co_freevars
            or a.co_cellvars != b.co_cellvars):
        return False
    if a.co_code == b.co_code and len(a.co_consts) == len(b.co_consts) and all(
            _same(x, y) if isinstance(x, types.CodeType) and isinstance(y, types.CodeType) else _key(x) == _key(y)
            for x, y in zip(a.co_consts, b.co_consts)):
        return True
    return _instructions(a) == _instructions(b)


def _key(value: object) -> object:
    """A constant as compared: by type and repr (nan, -0.0 and 0.0, 1 and True apart), a tuple item by item, a
    frozenset as a set (the order its repr shows may differ between two compiles), code by its instructions."""
    if isinstance(value, types.CodeType):
        return ("code", value.co_name, value.co_names, value.co_varnames, value.co_freevars, value.co_cellvars,
                tuple(_instructions(value)))
    if type(value) is tuple:
        return ("tuple", tuple(_key(item) for item in value))
    if type(value) is frozenset:
        return ("frozenset", frozenset(_key(item) for item in value))
    return (type(value), repr(value))


# What the comparison leaves out: the NULL a call pushes (its place differs between the two loads of a method),
# and the prefixes of long arguments (a jump over the longer load may need one).
_UNCOMPARED = frozenset({"PUSH_NULL", "EXTENDED_ARG", "CACHE"})
_JUMPS = frozenset(getattr(dis, "hasjump", ())) | frozenset(dis.hasjrel) | frozenset(dis.hasjabs)


def _instructions(code: types.CodeType) -> list:
    """``code``'s instructions, each as (operation, argument): a method's load as an attribute's, a zero-argument
    ``super().m`` as one step whichever way it is loaded, two fused loads or stores as two, a jump's target by its
    place in the list, a constant by ``_key`` (nested code by its own instructions)."""
    return _steps(code)[0]


def _steps(code: types.CodeType) -> tuple[list, list[Optional[int]]]:
    """``_instructions(code)``, and the source line of each (None where the instruction has none)."""
    every = list(dis.get_instructions(code))
    lines = {i.offset: _line_of(i) for i in every}
    kept = [i for i in every if i.opname not in _UNCOMPARED]
    # Steps: (operation, argument or jump target offset, offsets of the instructions they stand for).
    steps: list[tuple[str, object, list[int]]] = []
    index = 0
    while index < len(kept):
        instruction = kept[index]
        super_load = _super_load(kept, index)
        if super_load is not None:
            name, length = super_load
            steps.append(("SUPER_ATTR", name, [i.offset for i in kept[index:index + length]]))
            index += length
            continue
        operation = "LOAD_ATTR" if instruction.opname == "LOAD_METHOD" else instruction.opname
        value = instruction.argval
        if type(value) is tuple and len(value) == 2 and operation.count("_FAST") == 2:  # 3.13: LOAD_FAST_LOAD_FAST
            first, _, second = operation.partition("_FAST_")
            steps += [(first + "_FAST", value[0], [instruction.offset]), (second, value[1], [])]
        else:
            steps.append((operation, value, [instruction.offset]))
        index += 1
    place: dict[int, int] = {}
    for number, (_, _, offsets) in enumerate(steps):
        for offset in offsets:
            place[offset] = number
    following = len(steps)
    for instruction in reversed(every):  # (a jump to a dropped one lands on the next step)
        following = place.setdefault(instruction.offset, following)
    # Qualified names the compiler wrote as constants (before 3.11 a nested def's, `f.<locals>.inner`; a class
    # body's `__qualname__`) by their last part: the scopes around them are rebuilt from a name that may be wrong
    # (a qualified name functools.wraps changed) where only the code's own position in them would differ.
    own = {code.co_name} | {const.co_name for const in code.co_consts if isinstance(const, types.CodeType)}
    out: list = []
    for (operation, value, _), instruction_opcodes in zip(steps, _opcodes(steps, kept)):
        if instruction_opcodes and instruction_opcodes & _JUMPS:
            argument: object = ("to", place.get(value))
        elif type(value) is str and "." in value and value.rpartition(".")[2] in own:
            argument = ("qualname", value.rpartition(".")[2])
        else:
            argument = _key(value)
        out.append((operation, argument))
    return out, [lines.get(offsets[0]) if offsets else None for _, _, offsets in steps]


def _line_of(instruction: dis.Instruction) -> Optional[int]:
    positions = getattr(instruction, "positions", None)  # (3.11+; before, starts_line is the line)
    return positions.lineno if positions is not None else instruction.starts_line


def _opcodes(steps: list, kept: list) -> list[set[int]]:
    """Per step, the opcodes of the instructions it stands for (a jump's is among ``_JUMPS``)."""
    by_offset = {i.offset: i.opcode for i in kept}
    return [{by_offset[offset] for offset in offsets} for _, _, offsets in steps]


def _super_load(kept: list, index: int) -> Optional[tuple[str, int]]:
    """At ``kept[index]``, a zero-argument ``super().m`` load: (m, the instructions it takes), or None. Python
    3.12+ loads it as ``super; __class__; self; LOAD_SUPER_ATTR m``, unless the module reads the name ``super``
    anywhere at its top level (unittest.mock: ``_safe_super = super``), when it calls ``super()`` and loads ``m``."""
    instruction = kept[index]
    if instruction.opname != "LOAD_GLOBAL" or instruction.argval != "super":
        return None
    following = kept[index + 1:index + 4]
    names = [i.opname for i in following]
    if (names[:3] and names[0] == "LOAD_DEREF" and following[0].argval == "__class__" and len(names) == 3
            and names[1].startswith("LOAD_FAST") and names[2] == "LOAD_SUPER_ATTR"):
        return following[2].argval, 4
    if len(names) >= 2 and names[0] == "CALL" and following[0].argval == 0 and names[1] in ("LOAD_ATTR", "LOAD_METHOD"):
        return following[1].argval, 3
    return None


def _has_asserts_or_docstrings(node: FunctionNode) -> bool:
    return any(isinstance(sub, ast.Assert) or (isinstance(sub, ast.Name) and sub.id == "__debug__")
               or (isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and ast.get_docstring(sub))
               for sub in ast.walk(node))


def _first_differing_line(compiled: Optional[types.CodeType], code: types.CodeType) -> Optional[int]:
    """The source line of the first of ``code``'s instructions (as compared) that the compiled text does not have."""
    if compiled is None:
        return None
    ours, _ = _steps(compiled)
    theirs, lines = _steps(code)
    line = None
    for k, step in enumerate(theirs):
        line = lines[k] if lines[k] is not None else line
        if k >= len(ours) or ours[k] != step:
            return line
    return None
