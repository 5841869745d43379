"""Random programs: the converted function must behave exactly like the original.

Hypothesis writes small programs as source text: ``def f(a, b, c):`` with
integer arithmetic, ``if`` / ``elif`` / ``else``, bounded ``while`` loops,
``for`` over ranges and small lists, ``break`` / ``continue`` / ``return`` at
any depth, ``else`` on loops, nesting to depth 4, divisions that are sometimes
by zero, and reads of variables that may not be bound yet. Each program runs,
original and converted, on several inputs; results, exception types and
messages must agree.

The number of programs is ``AUTOGRAPH_FUZZ_EXAMPLES`` (default 2000; ``make fuzz``
runs 20000). Runs are derandomized, so CI sees the same programs every time.
A failure prints the program; ``repro_source`` shows how to rerun one by hand.
"""

from __future__ import annotations

import ast
import copy
import inspect
import itertools
import linecache
import os
import pathlib

import corpus
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn, composite

import autograph

EXAMPLES = int(os.environ.get("AUTOGRAPH_FUZZ_EXAMPLES", "2000"))
MAX_DEPTH = 4
PARAMS = ("a", "b", "c")
LOCALS = ("x", "y", "z")
FIXED_INPUTS = ((0, 0, 0), (3, -2, 7))
_serial = itertools.count()


class Writer:
    """Accumulates the lines of one program and the names it has introduced."""

    def __init__(self, draw: DrawFn) -> None:
        self.draw = draw
        self.lines: list[str] = []
        self.bound: list[str] = []  # locals and loop variables assigned earlier in the text
        self.counters = itertools.count()

    def emit(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)

    def choice(self, options):
        return self.draw(st.sampled_from(options))

    def chance(self, percent: int) -> bool:
        """True with about ``percent`` % probability; shrinks towards False (the simpler program)."""
        return self.draw(st.integers(0, 99)) >= 100 - percent

    # ----------------------------------------------------------------- expressions

    def name(self) -> str:
        """A variable to read: a parameter, or a local or loop variable assigned earlier in the
        text, which may still be unbound on the path that reaches the read."""
        if self.bound and self.chance(50):
            return self.choice(self.bound)
        return self.choice(PARAMS)

    def bind(self, name: str) -> str:
        if name not in self.bound:
            self.bound.append(name)
        return name

    def atom(self) -> str:
        if self.chance(30):
            return str(self.draw(st.integers(-3, 9)))
        return self.name()

    def arith(self) -> str:
        """A small integer expression; a division is by zero only now and then."""
        kind = self.draw(st.integers(0, 9))
        if kind <= 2:
            return self.atom()
        if kind <= 7:
            return f"{self.atom()} {self.choice(('+', '-', '*'))} {self.atom()}"
        return f"{self.atom()} {self.choice(('//', '%'))} ({self.atom()} % 5)"

    def condition(self, depth: int = 0) -> str:
        kind = self.draw(st.integers(0, 9 if depth < 2 else 5))
        if kind <= 3:
            return f"{self.atom()} {self.choice(('<', '<=', '>', '>=', '==', '!='))} {self.atom()}"
        if kind == 4:
            return f"{self.atom()} % {self.draw(st.integers(2, 4))} == 0"
        if kind == 5:
            return self.name()
        if kind == 6:
            return f"not {self.condition(depth + 1)}"
        op = self.choice(("and", "or"))
        return f"({self.condition(depth + 1)} {op} {self.condition(depth + 1)})"

    # ----------------------------------------------------------------- statements

    def block(self, indent: int, depth: int, in_loop: bool) -> None:
        for _ in range(self.draw(st.integers(1, 3 if depth == 1 else 2))):
            self.statement(indent, depth, in_loop)

    def statement(self, indent: int, depth: int, in_loop: bool) -> None:
        kinds = ["assign", "assign", "assign", "augassign"]
        if depth < MAX_DEPTH:
            kinds += ["if", "while", "for"] * (2 if depth == 1 else 1)
        if in_loop:
            kinds += ["break", "continue"]
        kinds += ["return"]
        kind = self.choice(kinds)
        if kind == "assign":
            value = self.arith()
            self.emit(indent, f"{self.bind(self.choice(LOCALS))} = ({value}) % 1000")
        elif kind == "augassign":
            # Mostly a local assigned before; now and then one that never was (UnboundLocalError).
            target = self.choice(self.bound) if self.bound and self.chance(90) else self.choice(LOCALS)
            op, value = self.choice(("+=", "-=")), self.arith()
            self.emit(indent, f"{self.bind(target)} {op} ({value}) % 1000")
        elif kind in ("break", "continue"):
            if self.chance(60):
                self.emit(indent, f"if {self.condition()}:")
                self.emit(indent + 1, kind)
            else:
                self.emit(indent, kind)
        elif kind == "return":
            if self.chance(75):
                self.emit(indent, f"if {self.condition()}:")
                self.emit(indent + 1, self.return_statement())
            else:
                self.emit(indent, self.return_statement())
        elif kind == "if":
            self.if_statement(indent, depth, in_loop)
        elif kind == "while":
            self.while_statement(indent, depth)
        else:
            self.for_statement(indent, depth)

    def return_statement(self) -> str:
        if self.chance(10):
            return "return"
        values = [self.atom() for _ in range(self.draw(st.integers(1, 3)))]
        return f"return {values[0]}" if len(values) == 1 else f"return ({', '.join(values)})"

    def if_statement(self, indent: int, depth: int, in_loop: bool) -> None:
        self.emit(indent, f"if {self.condition()}:")
        self.block(indent + 1, depth + 1, in_loop)
        for _ in range(self.draw(st.integers(0, 2))):
            self.emit(indent, f"elif {self.condition()}:")
            self.block(indent + 1, depth + 1, in_loop)
        if self.chance(50):
            self.emit(indent, "else:")
            self.block(indent + 1, depth + 1, in_loop)

    def while_statement(self, indent: int, depth: int) -> None:
        counter = f"w{next(self.counters)}"
        limit = self.draw(st.integers(0, 5))
        self.emit(indent, f"{counter} = 0")
        test = f"{counter} < {limit}"
        if self.chance(60):
            test = f"{test} and {self.condition()}" if self.chance(50) else f"{self.condition()} and {test}"
        self.emit(indent, f"while {test}:")
        self.emit(indent + 1, f"{counter} += 1")
        self.block(indent + 1, depth + 1, in_loop=True)
        self.loop_else(indent, depth)

    def for_statement(self, indent: int, depth: int) -> None:
        target = f"i{next(self.counters)}"
        kind = self.draw(st.integers(0, 3))
        if kind == 0:
            iterable = f"range({self.draw(st.integers(0, 4))})"
        elif kind == 1:
            iterable = f"range({self.atom()} % 4)"
        elif kind == 2:
            items = [str(self.draw(st.integers(-2, 6))) for _ in range(self.draw(st.integers(0, 4)))]
            iterable = f"[{', '.join(items)}]"
        else:
            iterable = f"[{self.atom()}, {self.atom()}]"
        self.emit(indent, f"for {self.bind(target)} in {iterable}:")
        self.block(indent + 1, depth + 1, in_loop=True)
        self.loop_else(indent, depth)

    def loop_else(self, indent: int, depth: int) -> None:
        if self.chance(30):
            self.emit(indent, "else:")
            # `break` here belongs to an enclosing loop, if any: keep it simple and allow none.
            self.block(indent + 1, depth + 1, in_loop=False)


@composite
def programs(draw: DrawFn) -> str:
    """The source of one random ``def f(a, b, c):``."""
    writer = Writer(draw)
    writer.emit(0, "def f(a, b, c):")
    for local in LOCALS:
        if writer.chance(60):
            value = writer.atom()
            writer.emit(1, f"{writer.bind(local)} = {value}")
    writer.block(1, 1, in_loop=False)
    if writer.chance(80):
        writer.emit(1, writer.return_statement())
    return "\n".join(writer.lines) + "\n"


inputs = st.tuples(st.integers(-5, 12), st.integers(-5, 12), st.integers(-5, 12))


def load(source: str, directory: pathlib.Path):
    """Define ``f`` from ``source`` as if it were imported from a real module file.

    The file is written (so ``inspect.getsource`` works by any route) and also
    put in ``linecache``; executing the compiled code avoids the import system,
    which is too slow for thousands of programs.
    """
    serial = next(_serial)
    path = directory / f"fuzz_{serial}.py"
    path.write_text(source)
    filename = str(path)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"__name__": f"autograph_fuzz_{serial}", "__file__": filename}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"], path


def repro_source(source: str, args: tuple) -> str:
    return f"{source}\nimport autograph\nprint(f{args})\nprint(autograph.convert(f){args})\n"


def mismatch(source: str, directory: pathlib.Path, calls: tuple) -> tuple | None:
    """How the converted program differs from the original on ``calls``: None if it does not.

    The first element is a signature (what kind of difference), used to keep a
    reduced program failing for the same reason; the second describes it."""
    fn, path = load(source, directory)
    try:
        try:
            converted = autograph.convert(fn)
        except Exception as error:
            return ("convert", type(error).__name__), f"conversion failed: {error!r}", calls[0]
        for args in calls:
            expected = corpus.outcome(fn, args)
            actual = corpus.outcome(converted, args)
            if not corpus.same_outcome(expected, actual):
                kinds = tuple(o[1].__name__ if o[0] == "raise" else o[0] for o in (expected, actual))
                return kinds, f"f{args}: python gives {expected[:3]!r}\n  converted gives {actual[:3]!r}", args
        return None
    finally:
        linecache.cache.pop(str(path), None)
        path.unlink()


def _is_loop_counter_step(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.AugAssign)
        and isinstance(statement.target, ast.Name)
        and statement.target.id.startswith("w")
    )


def _edits(tree: ast.AST) -> list[tuple[int, str, int, str]]:
    """Simplifications of a program: delete a statement, inline a compound one, drop an else."""
    edits = []
    for index, node in enumerate(ast.walk(tree)):
        if isinstance(node, ast.Module):
            continue
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not isinstance(block, list) or not block:
                continue
            for i, statement in enumerate(block):
                if not _is_loop_counter_step(statement):  # that would make the loop unbounded
                    edits.append((index, field, i, "delete"))
                if isinstance(statement, (ast.If, ast.For, ast.While)):
                    edits.append((index, field, i, "inline"))
                    if statement.orelse:
                        edits.append((index, field, i, "drop_else"))
    return edits


def _apply(tree: ast.AST, edit: tuple[int, str, int, str]) -> str:
    tree = copy.deepcopy(tree)
    index, field, i, action = edit
    block = getattr(list(ast.walk(tree))[index], field)
    if action == "delete":
        del block[i]
    elif action == "inline":
        block[i : i + 1] = block[i].body
    else:
        block[i].orelse = []
    if not block:
        block.append(ast.Pass())
    return ast.unparse(tree) + "\n"


def reduce_program(source: str, directory: pathlib.Path, calls: tuple, signature: tuple) -> str:
    """Greedily simplify ``source`` while it still fails with the same ``signature``.

    Much faster than Hypothesis's shrinker here, since every attempt converts a program."""
    changed = True
    while changed:
        changed = False
        tree = ast.parse(source)
        size = len(ast.unparse(tree))
        for edit in _edits(tree):
            candidate = _apply(tree, edit)
            if len(candidate) > size:  # deleting a lone `pass` changes nothing
                continue
            try:
                compile(candidate, "<candidate>", "exec")
            except SyntaxError:  # a `break` inlined out of its loop
                continue
            found = mismatch(candidate, directory, calls)
            if found is not None and found[0] == signature:
                source, changed = candidate, True
                break
    return source


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return tmp_path_factory.mktemp("fuzz")


def test_generated_programs_are_valid_and_bounded(fuzz_dir: pathlib.Path) -> None:
    """The generator itself: programs compile, terminate, and exercise what they should."""
    seen = {"raise": 0, "ok": 0, "UnboundLocalError": 0, "ZeroDivisionError": 0, "while": 0, "break": 0}

    @settings(max_examples=300, deadline=None, derandomize=True, database=None)
    @given(programs(), inputs)
    def run(source: str, args: tuple) -> None:
        fn, path = load(source, fuzz_dir)
        try:
            result = corpus.outcome(fn, args)
        finally:
            linecache.cache.pop(str(path), None)
            path.unlink()
        seen[result[0]] += 1
        if result[0] == "raise":
            seen[result[1].__name__] = seen.get(result[1].__name__, 0) + 1
        seen["while"] += "while " in source
        seen["break"] += "break" in source

    run()
    assert min(seen.values()) > 0, seen


def test_reducer_keeps_the_failure(fuzz_dir: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a stand-in converter that mishandles ``break``, the reducer finds a tiny program."""

    def broken_convert(fn):
        return lambda *args: "wrong" if "break" in inspect.getsource(fn) else fn(*args)

    monkeypatch.setattr(autograph, "convert", broken_convert)
    source = (
        "def f(a, b, c):\n    x = a\n    for i in range(3):\n        if i > b:\n            break\n"
        "        x += i\n    else:\n        x = 0\n    return x\n"
    )
    found = mismatch(source, fuzz_dir, FIXED_INPUTS)
    assert found is not None
    reduced = reduce_program(source, fuzz_dir, FIXED_INPUTS, found[0])
    assert reduced == "def f(a, b, c):\n    for i in range(3):\n        break\n", reduced


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    # Shrinking converts thousands of programs (up to Hypothesis's 5-minute limit);
    # reduce_program does the same job in seconds.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(source=programs(), drawn=st.lists(inputs, min_size=2, max_size=2))
def test_converted_program_matches_python(fuzz_dir: pathlib.Path, source: str, drawn: list) -> None:
    calls = (*FIXED_INPUTS, *drawn)
    found = mismatch(source, fuzz_dir, calls)
    if found is not None:
        reduced = reduce_program(source, fuzz_dir, calls, found[0])
        reduced_found = mismatch(reduced, fuzz_dir, calls) or found
        pytest.fail(
            f"converted program differs from Python: {found[1]}\n"
            f"--- reduced program: {reduced_found[1]}\n{repro_source(reduced, reduced_found[2])}"
            f"--- generated program ---\n{source}",
            pytrace=False,
        )
