"""From a converted AST to a live function that shares the user's globals and closure cells.

    new = load(tree, original)

The converted function is compiled straight from the AST with the user's file
name and the user's line numbers (generated statements carry the line of the
statement they stand for), so a traceback through converted code points at the
user's own file and line. It is built with ``types.FunctionType`` over the
user's live ``__globals__`` and the user's own closure cells (the runtime is a
constant of the code: autograph/forms.py), so nothing is written into the user's module.
"""

from __future__ import annotations
import __future__

import ast
import dis
import functools
import operator
import types
from typing import Mapping

import runtime
from autograph.analysis.scopes import first_line
from autograph.analysis.walk import statement_children
from autograph.forms import RUNTIME
from runtime.undefined import is_converted_code, register_converted_code

_FACTORY = "__autograph_factory__"
# The converted def is compiled under this name, so that the factory does not bind the user's
# function name (a recursive call must still find the global, as in the original).
_CONVERTED = "__autograph_converted__"
# Every `from __future__` flag: the user's module's flags apply to the converted code too.
_FUTURE_FLAGS = functools.reduce(operator.or_, (getattr(__future__, f).compiler_flag
                                                for f in __future__.all_feature_names))

# Whether the converter produced a code object: functions made from it are converted already.
is_generated_code = is_converted_code


def compile_function(node: ast.FunctionDef | ast.Lambda, original: types.FunctionType,
                     generated_names: frozenset = frozenset(), thunk_spans: frozenset = frozenset(),
                     state_roles: Mapping[str, str] | None = None, user_scopes: bool = True) -> types.CodeType:
    """Compile ``node`` (autograph/forms.py's ``combine``: the converted form and the function as written,
    the runtime a constant) inside a factory whose locals are the original's free variables, within a
    class of the original's class name when the original is a method, so private names are mangled as
    there. Code objects get the original's names: a nested def keeps its qualname, and a generated
    closure (one of ``generated_names``) is named after the user function it belongs to, in tracebacks
    and frames alike. The code starts at the original's first line (its first decorator's). Each code
    object of the converted form is registered with ``state_roles``, the roles the converters declared
    for the variables they made up (runtime/state_roles.py). ``user_scopes``: whether the function as written
    may define scopes of its own (a def, lambda, class or comprehension: code objects only it loads); where it
    cannot, no instruction of the compiled code is followed to tell them apart."""
    free = list(original.__code__.co_freevars)
    if isinstance(node, ast.Lambda):
        name = "<lambda>"
        target = ast.Name(id=_CONVERTED, ctx=ast.Store())
        inner: list[ast.stmt] = [ast.Assign(targets=[target], value=node)]
        made: list[ast.AST] = [target, inner[0]]
    else:
        node = _shallow_copy(node)
        name = node.name = _CONVERTED
        node.lineno = original.__code__.co_firstlineno  # (where a decorator stands, as in the original)
        # The original's annotations are copied over; evaluating them again could fail or differ.
        node.args, node.returns = _without_annotations(node.args), None
        inner = [node]
        made = []
    owner = _owning_class(original)
    declarations: list[ast.stmt] = []
    if owner is not None:  # a method: its private names are mangled with its class's name
        inner = [ast.ClassDef(name=owner, bases=[], keywords=[], body=inner, decorator_list=[])]
        if "type_params" in ast.ClassDef._fields:
            inner[0].type_params = []
        made.append(inner[0])
        if owner not in free:
            # The class statement (never run) must not make the class's name a local of the
            # factory: the method's own reads of that name are global reads, as in the original.
            declarations = [ast.Global(names=[owner])]
            made.append(declarations[0])
    factory = ast.FunctionDef(
        name=_FACTORY,
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in free], kwonlyargs=[], kw_defaults=[],
                           defaults=[]),
        body=declarations + inner, decorator_list=[], returns=None, type_comment=None)
    if "type_params" in ast.FunctionDef._fields:
        factory.type_params = []
    module = ast.Module(body=[factory], type_ignores=[])
    line = node.lineno
    for sub in [factory, *factory.args.args, factory.args, *made]:  # the converted nodes have positions
        if "lineno" in sub._attributes and not hasattr(sub, "lineno"):
            sub.lineno = sub.end_lineno = line
            sub.col_offset = sub.end_col_offset = 0
    flags = original.__code__.co_flags & _FUTURE_FLAGS
    moved = _first_lines_at_owner(node, generated_names)
    try:
        code = compile(module, original.__code__.co_filename, "exec", flags=flags, dont_inherit=True)
    except TypeError:  # a generated node without a position: give it its parent's (a full walk)
        ast.fix_missing_locations(module)
        code = compile(module, original.__code__.co_filename, "exec", flags=flags, dont_inherit=True)
    finally:
        for sub, positions in moved:  # the tree (kept for to_code) keeps its own positions
            for attribute, position in zip(_POSITIONS, positions):
                setattr(sub, attribute, position)
    function_code = _find_code(code, name)
    prefix = function_code.co_qualname if hasattr(function_code, "co_qualname") else None
    if prefix is None:  # Python 3.10: code objects have no qualname; rebuild it from the nesting
        prefix = ".".join([_FACTORY, "<locals>"] + ([owner] if owner else []) + [name])
    original_qualname = getattr(original.__code__, "co_qualname", original.__qualname__)
    return _renamed(function_code, prefix, original_qualname, original.__code__.co_name,
                    generated_names, thunk_spans, state_roles,
                    chooses=getattr(node, "chooses", True) and user_scopes)


def _as_written_constants(code: types.CodeType) -> set[int]:
    """The indices in ``code.co_consts`` of the code objects only its as-written form makes (the user's
    own nested functions, lambdas, classes and comprehensions): those no instruction loads that runs
    when the per-call choice (forms.py: the code's first conditional jump) takes the converted form.
    The user's own functions are not converted code: converted code that calls one converts it. (A
    nested scope the conversion left unchanged compiles to one code object that both forms load:
    converted code.)

    What runs is followed through the code's jumps and exception handlers, not read off positions:
    CPython 3.13 places every ``except`` clause's code after the rest of the function's, so a block
    the converted form defines in a handler sits after the function as written."""
    consts, raw = code.co_consts, code.co_code
    instructions = _instructions(raw)
    choice = next((index for index, (_, op, _, _) in enumerate(instructions) if op in _CONDITIONAL_JUMPS), None)
    if choice is None:
        return set()
    at = {offset: index for index, (offset, _, _, _) in enumerate(instructions)}
    handler_at = {}  # instruction offset -> the handler an exception there goes to
    for first, end, target in _exception_handlers(code):
        for offset in range(first, end, 2):
            handler_at[offset] = target
    loaded = {arg for _, op, arg, _ in instructions
              if op == _LOAD_CONST and arg < len(consts) and type(consts[arg]) is _CODE}
    # The function as written starts where the choice jumps to. Converted code never runs on into it,
    # but the bytecode has a way: the `with ag__.tidying:` around the converted form goes on after
    # its block when the context manager suppresses the exception (which it never does).
    seen, todo, converted = {at.get(_jump_target(*instructions[choice]))}, [0], set()
    while todo:
        index = todo.pop()
        while index not in seen and index < len(instructions):  # (on to the next, until a jump or return)
            seen.add(index)
            offset, op, arg, size = instructions[index]
            if op == _LOAD_CONST and arg in loaded:
                converted.add(arg)
            if op in _JUMPS and index != choice:  # (the choice's jump leads to the function as written)
                target = at.get(_jump_target(offset, op, arg, size))
                if target is not None:
                    todo.append(target)
            if offset in handler_at:  # (a range covers whole instructions, their prefixes and caches)
                todo.append(at[handler_at[offset]])
            if op in _ENDS:
                break
            index += 1
    return loaded - converted


_LOAD_CONST, _EXTENDED_ARG = dis.opmap["LOAD_CONST"], dis.opmap["EXTENDED_ARG"]
_CONDITIONAL_JUMPS = frozenset(op for name, op in dis.opmap.items() if "JUMP" in name and "IF" in name)
_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)
# The instructions after which the next one does not run (3.10-3.13's names; those a version lacks are left out).
_ENDS = frozenset(dis.opmap[name] for name in (
    "RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS", "RERAISE", "JUMP_FORWARD", "JUMP_BACKWARD",
    "JUMP_BACKWARD_NO_INTERRUPT", "JUMP_ABSOLUTE") if name in dis.opmap)
_CACHES = getattr(dis, "_inline_cache_entries", None)  # (3.11+: per opcode, the cache entries after it)
_CACHE_ENTRIES = tuple(  # per opcode (3.13's table is by name)
    0 if _CACHES is None else _CACHES.get(dis.opname[op], 0) if isinstance(_CACHES, dict) else _CACHES[op]
    for op in range(256))
_BACKWARD = frozenset(op for name, op in dis.opmap.items() if "BACKWARD" in name)


def _instructions(raw: bytes) -> list[tuple[int, int, int, int]]:
    """``(offset, opcode, argument, size)`` of each instruction of ``raw``, an ``EXTENDED_ARG`` prefix
    folded into the instruction it extends (a jump to it lands on the prefix) and the inline cache
    entries after it counted in its size. Without ``dis.get_instructions``, which first reads the
    whole code's line table."""
    found = []
    offset, length = 0, len(raw)
    while offset < length:
        first, extended = offset, 0
        while raw[offset] == _EXTENDED_ARG and offset + 2 < length:
            extended = (extended | raw[offset + 1]) << 8
            offset += 2
        op = raw[offset]
        size = offset + 2 + 2 * _CACHE_ENTRIES[op] - first
        found.append((first, op, extended | raw[offset + 1], size))
        offset = first + size
    return found


def _jump_target(offset: int, op: int, arg: int, size: int) -> int:
    """Where the jump at ``offset`` leads (what ``dis`` calls its argval). 3.10 counts in instructions,
    an absolute jump from the code's start; 3.11+ from the end of the instruction and its caches."""
    if op in dis.hasjabs:  # (3.10)
        return arg * 2
    after = offset + size
    return after - 2 * arg if op in _BACKWARD else after + 2 * arg


def _exception_handlers(code: types.CodeType) -> list[tuple[int, int, int]]:
    """``(start, end, target)`` byte offsets of each entry of a 3.11+ code's exception table (the
    format of CPython's Objects/exception_handling_notes.txt: per entry, four numbers in units of
    instructions, start, length, target and depth, each six bits a byte, bit 6 set while more
    follow). 3.10 has no table: its handlers are jump targets of SETUP_FINALLY and the like."""
    table = getattr(code, "co_exceptiontable", b"")
    entries, position = [], 0

    def number() -> int:
        nonlocal position
        byte = table[position]
        value = byte & 63
        while byte & 64:
            position += 1
            byte = table[position]
            value = (value << 6) | (byte & 63)
        position += 1
        return value

    while position < len(table):
        start, length, target = number() * 2, number() * 2, number() * 2
        number()  # (the stack depth and lasti flag)
        entries.append((start, start + length, target))
    return entries


_POSITIONS = ("lineno", "end_lineno", "col_offset", "end_col_offset")
_CODE = types.CodeType


def _first_lines_at_owner(root: ast.FunctionDef | ast.Lambda, generated: frozenset) -> list[tuple[ast.AST, tuple]]:
    """Make every generated closure start at the first line of the user function it belongs to;
    return the nodes changed, with their old positions, to restore after compiling. (A thunk, the
    lambda of an ``and``/``or`` operand, is made starting there: converters/logical_expressions.py.)

    A code object's ``co_firstlineno`` is the line of its ``def`` (or ``lambda``). Tools that show
    source take it as the first line of the code's own source block: ``inspect.getsourcelines``
    (for a code object, a frame or a traceback) walks up from it to the nearest line that starts a
    ``def`` or ``lambda`` and returns that block, and IPython's traceback printer (its fast path,
    taken for any ``.py`` file that is not on disk, as a Jupyter kernel's cell files are; so is
    pdb's ``longlist``) indexes that block by ``frame.f_lineno - co_firstlineno``. A generated
    closure sits at the line of the ``if`` or loop it stands for, which starts no block in the
    user's source, so the walk finds the user's function while the index counts from the ``if``:
    every frame inside a body showed a line off by that distance. Starting the closure (only its
    ``def``/``lambda`` node: the statements inside keep their lines) at the user function's first
    line makes both agree, as for the user's own function. The cost: the instructions that create
    the closure belong to that line too, which tracebacks never show (creating a function cannot
    fail)."""
    moved: list[tuple[ast.AST, tuple]] = []

    # One loop over the statements with an explicit stack (a recursive visit cost twice as much):
    # each entry is a node and the first line of the user scope it stands in. A generated closure is
    # a def, a statement: the walk needs only the statement lists, not the expressions (most of a
    # tree). (The thunks, lambdas in expressions, start at that line from the start: logical_expressions.)
    stack = [(root, root.lineno)]
    pop, push = stack.pop, stack.append
    while stack:
        node, owner_line = pop()
        for child in statement_children(node):
            cls = child.__class__
            if cls in _SCOPES:
                if cls is not ast.ClassDef and child.name in generated:
                    moved.append((child, tuple(getattr(child, a, None) for a in _POSITIONS)))
                    # A zero-width span: it must not widen the positions _is_thunk reads.
                    child.lineno = child.end_lineno = owner_line
                    child.col_offset = child.end_col_offset = 0
                    push((child, owner_line))
                else:
                    push((child, first_line(child)))  # a scope of the user's own
            else:
                push((child, owner_line))
    return moved


_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef})


def _shallow_copy(node: ast.AST) -> ast.AST:
    """``copy.copy(node)`` at a fraction of its cost (no ``__reduce_ex__`` round trip)."""
    new = node.__class__.__new__(node.__class__)
    new.__dict__.update(node.__dict__)
    return new


def _without_annotations(args: ast.arguments) -> ast.arguments:
    if all(arg is None or arg.annotation is None
           for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)):
        return args  # nothing to strip: the node itself (compiling does not change it)
    args = _shallow_copy(args)
    for field in ("posonlyargs", "args", "kwonlyargs"):
        setattr(args, field, [_bare(a) for a in getattr(args, field)])
    args.vararg, args.kwarg = _bare(args.vararg), _bare(args.kwarg)
    return args


def _bare(arg: ast.arg | None) -> ast.arg | None:
    if arg is None or arg.annotation is None:
        return arg
    arg = _shallow_copy(arg)
    arg.annotation = None
    return arg


def _owning_class(function: types.FunctionType) -> str | None:
    """The class whose name mangles a function's private names: the nearest class it was compiled in, through
    the functions between (``C`` for ``f.<locals>.C.m`` and for ``C.m.<locals>.inner``, as Python mangles), from
    its code's qualname (3.11+). Python 3.10's code has none, and a function's ``__qualname__`` may have been set
    after (attrs compiles ``__init__`` at module level and names it ``C.__init__``): there the code's own names
    decide, where they can (``_C__x`` was mangled in C; a bare ``__x`` was not mangled at all)."""
    code = function.__code__
    parts = getattr(code, "co_qualname", function.__qualname__).split(".")
    owner = None
    for index in range(len(parts) - 2, -1, -1):
        if parts[index] != "<locals>" and parts[index + 1] != "<locals>":  # (a name before <locals> is a function's)
            owner = parts[index]
            break
    if hasattr(code, "co_qualname"):
        return owner
    names = _all_names(code)
    if owner is not None and owner.strip("_") and any(n.startswith(f"_{owner.lstrip('_')}__") for n in names):
        return owner
    if any(n.startswith("__") and not n.endswith("__") for n in names):
        return None  # a private name left as written: compiled outside any class
    return owner


def _all_names(code: types.CodeType) -> set[str]:
    """The identifiers ``code`` and the code objects nested in it use."""
    names = {*code.co_names, *code.co_varnames, *code.co_cellvars, *code.co_freevars}
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _all_names(constant)
    return names


def _find_code(code: types.CodeType, name: str) -> types.CodeType:
    """The code object called ``name`` inside ``code`` (depth first)."""
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            if constant.co_name == name:
                return constant
            found = _find_code(constant, name)
            if found is not None:
                return found
    return None


def _renamed(code: types.CodeType, prefix: str, qualname: str, name: str, generated: frozenset,
             thunk_spans: frozenset = frozenset(), roles: Mapping[str, str] | None = None,
             chooses: bool = True) -> types.CodeType:
    """``code`` and the code objects in it with the names the original had: ``prefix`` (the compiled
    qualname) becomes ``qualname``, a generated closure takes the name of the user function it is in,
    and ``X.<locals>.`` of a generated closure X drops out of nested qualnames. Each new code object
    is noted as the converter's (``register_converted_code``) on the way, but for the as-written form's
    (``_as_written_constants``; none when the function has no per-call choice, ``chooses``: its one form is the
    converted form), and ``forms.RUNTIME`` becomes the runtime module in each."""
    scope_names: dict[int, frozenset] = {}  # id(owner) -> its local names (owners outlive the walk)
    has_qualname = hasattr(code, "co_qualname")  # (3.11+)

    def fix(text: str) -> str:
        if not text.startswith(prefix):
            return text
        parts = text[len(prefix):].split(".")[1:]  # "" or ".<locals>.g..." after the prefix
        kept = [qualname]
        for index, part in enumerate(parts):
            if part in generated:
                continue  # a generated closure ...
            if part == "<locals>" and index and parts[index - 1] in generated:
                continue  # ... and its <locals>
            kept.append(part)
        if parts and parts[-1] in generated and kept[-1] == "<locals>":
            kept.pop()  # the closure itself takes the qualname of the user function it is in
        return ".".join(kept)

    def walk(code: types.CodeType, user_name: str, owner: types.CodeType, thunk: bool = False,
             users: bool = False) -> types.CodeType:
        """``owner``: the user function (or comprehension, lambda, class body) whose scope the code
        runs in: the function itself, its body closures and thunks share it; any other code object
        inside starts a scope of its own. A thunk (``lambda: b`` for ``a or b``) takes its owner's
        names too: its frame stands for the user's function (``sys._getframe(1).f_code.co_name``
        in a function it calls gives the user's name, at the operand's line)."""
        ours = code.co_name in generated or code.co_name == _CONVERTED or thunk
        own = user_name if ours else code.co_name
        consts = code.co_consts
        changed = None  # a copy of consts once one of them changes
        as_written = _as_written_constants(code) if code is top and chooses else ()
        for index, const in enumerate(consts):
            cls = const.__class__
            if cls is _CODE:
                if users or index in as_written:
                    const = walk(const, const.co_name, const, users=True)
                else:
                    is_thunk = const.co_name == "<lambda>" and _is_thunk(const, thunk_spans)
                    body = is_thunk or const.co_name in generated
                    const = walk(const, own, owner if body else const, is_thunk)
            elif cls is str and const == RUNTIME:
                const = runtime
            elif cls is str and const.startswith(prefix):  # a nested def's qualname (for 3.10)
                const = fix(const)
            else:
                continue
            if changed is None:
                changed = list(consts)
            changed[index] = const
        changes = {} if changed is None else {"co_consts": tuple(changed)}
        if ours:
            changes["co_name"] = user_name
        if has_qualname:
            changes["co_qualname"] = fix(code.co_qualname)
            if thunk and changes["co_qualname"].endswith(".<locals>.<lambda>"):  # the owner's qualname
                changes["co_qualname"] = changes["co_qualname"][:-len(".<locals>.<lambda>")]
        new = code.replace(**changes)
        body_names = None
        if code is not owner:
            # The runtime reports an unbound read of one of the owner's locals in it as Python does.
            body_names = scope_names.get(id(owner))
            if body_names is None:
                body_names = scope_names[id(owner)] = frozenset(owner.co_varnames + owner.co_cellvars)
        if not users:
            register_converted_code(new, body_names, thunk, roles)
        return new

    top = code
    return walk(code, name, code)


def _is_thunk(code: types.CodeType, thunk_spans: frozenset) -> bool:
    """Whether a lambda's code is one of the converter's thunks (``lambda: b`` for ``a or b``): it
    takes no argument and only evaluates the operand, so (3.11+ records where each instruction
    stands) every instruction lies inside the operand's source span, and one spans all of it."""
    if not thunk_spans or code.co_argcount or not hasattr(code, "co_positions"):
        return False
    spans = [p for p in code.co_positions() if p[2] is not None and (p[1], p[3]) > (p[0], p[2])]
    for line, end_line, column, end_column in thunk_spans & set(spans):
        if all((line, column) <= (p[0], p[2]) and (p[1], p[3]) <= (end_line, end_column) for p in spans):
            return True
    return False


def make_function(code: types.CodeType, original: types.FunctionType) -> types.FunctionType:
    """A function running ``code`` with the original's globals, cells, defaults and metadata
    (what ``functools.update_wrapper`` copies, ``__wrapped__`` included). Made each time a converted
    function is asked for and none is alive, so it is written for speed: which of the original's
    cells goes where is worked out once per code object, and the metadata is set directly."""
    plan = _closure_plans.get(id(code))
    if plan is None or plan[0] is not code or plan[1] is not original.__code__:
        plan = _closure_plan(code, original)
    cells = original.__closure__
    closure = tuple(cells[index] for index in plan[2]) or None
    function = types.FunctionType(code, original.__globals__, original.__name__, original.__defaults__, closure)
    function.__kwdefaults__ = original.__kwdefaults__
    function.__module__ = original.__module__
    function.__qualname__ = original.__qualname__
    function.__doc__ = original.__doc__
    function.__annotations__ = original.__annotations__
    for name in _NEWER_WRAPPER_ASSIGNMENTS:  # e.g. __type_params__ (3.12)
        try:
            setattr(function, name, getattr(original, name))
        except AttributeError:
            pass
    if original.__dict__:
        function.__dict__.update(original.__dict__)
    function.__wrapped__ = original
    return function


def _closure_plan(code: types.CodeType, original: types.FunctionType) -> tuple:
    """(code, the original's code, for each free variable of ``code`` the index of the original's cell
    for it)."""
    positions = {name: index for index, name in enumerate(original.__code__.co_freevars)}
    indices = tuple(positions[name] for name in code.co_freevars)
    if len(_closure_plans) >= 4096:  # converted functions made at run time without end: start afresh
        _closure_plans.clear()
    plan = _closure_plans[id(code)] = (code, original.__code__, indices)
    return plan


# By id of the converted code object (the entry holds the code, so the id stays its own).
_closure_plans: dict[int, tuple] = {}
_NEWER_WRAPPER_ASSIGNMENTS = tuple(name for name in functools.WRAPPER_ASSIGNMENTS
                                   if name not in ("__module__", "__name__", "__qualname__", "__doc__",
                                                   "__annotations__"))
