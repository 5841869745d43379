"""One suite in one fresh process: optionally convert a module set in place, run its tests, log every outcome.

    python tests/transparency/runner.py stdlib textwrap --convert --out results.jsonl
    python tests/transparency/runner.py stdlib urllib.parse --test test_urlparse --convert --out results.jsonl
    python tests/transparency/runner.py pytest --package attr --package attrs --src SRC --convert \\
        --out results.jsonl -- tests -p no:cacheprovider

The harness (``harness.py``) starts this file as a script, twice per suite: without ``--convert`` (the
oracle) and with it. It imports nothing from ``tests.*`` (a library's own ``tests`` package must stay
importable in this process), and it writes one JSON object per line to ``--out``, flushed at once, so
a run killed by the harness's timeout still leaves every outcome it reached:

- ``{"event": "conversion", "records": [...], "seconds": s}``: what happened to each function; written
  before the tests start and again at the end (modules imported afresh by the tests are converted too);
- ``{"event": "test", "id": ..., "outcome": "passed" | "failed" | "error" | "skipped", "message": ...,
  "where": ...}``: one or more per test (subtests, setup and teardown add more; the worst one counts);
- ``{"event": "collect_error", "id": ..., "message": ...}``: a test module that did not import;
- ``{"event": "done", "seconds": s, "cpu_seconds": c}``: the time the tests took (conversion excluded), on the
  wall clock and in CPU time of the main thread (steadier on a shared machine).

"Converting" a module M means replacing, in place, every plain function defined in M with
``autograph.convert(f)``: module-level functions whose ``__module__`` is M, and in every class defined
in M (nested classes too) its plain methods, the functions inside ``staticmethod``/``classmethod``
(re-wrapped), ``property`` accessors (a new property) and ``functools.cached_property`` functions.
Then the originals still held by the converted modules are swapped for the converted functions:
other names bound to them (re-exports such as ``from .core import *``), module and class attributes
that hold them in dicts, lists, tuples and partials, the attributes of instances of the converted
modules' classes held there, and the converted functions' defaults.

A library is converted module by module as its modules execute (an import hook), so a module that
imports another binds the converted names. A stdlib module (a package, such as ``json``: with its
modules) is converted where it stands (it was imported long before, by the runner itself), and again
when a test imports it afresh (``test.support.import_helper.import_fresh_module``).

With ``--language`` (CPython's tests of the language itself, whose code under test is in the test module:
nested functions, closures, comprehensions, ``match``, class bodies), no module ``<name>`` is imported: the
test module ``test.test_<name>`` itself is converted by the same import hook as it finishes executing, every
function and method it defines (its TestCase methods too), before its tests are loaded from it.

    python tests/transparency/runner.py stdlib scope --language --convert --out results.jsonl
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import functools
import importlib
import importlib.abc
import importlib.machinery
import json
import os
import pkgutil
import sys
import time
import traceback
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Code flags of functions that autograph leaves as Python: generator, coroutine, async generator.
_GENERATOR_FLAGS = {0x20: "generator", 0x80: "coroutine", 0x100: "coroutine", 0x200: "async generator"}

# Outcomes, the worst last: a test with one failed subtest has failed.
OUTCOME_ORDER = ("skipped", "passed", "failed", "error")


def first_line(text: str) -> str:
    for line in str(text).splitlines():
        if line.strip():
            return line.strip()
    return ""


def describe_exception(exc: BaseException) -> str:
    line = first_line(str(exc))
    return f"{type(exc).__name__}: {line}" if line else type(exc).__name__


class Log:
    """The JSON-lines output, flushed after every line."""

    def __init__(self, path: str) -> None:
        self.file = open(path, "w", encoding="utf-8")  # closed when the process exits

    def write(self, **event: object) -> None:
        self.file.write(json.dumps(event, default=str) + "\n")
        self.file.flush()


# ---------------------------------------------------------------------------------------------------
# Conversion in place


def _instance_dict(value: object) -> object:
    """``value.__dict__``, or None where it has none, or where reading it raises: mutagen's ``@enum`` copies a
    class's namespace, its ``__dict__`` descriptor included, into a new ``int`` subclass, whose instances then
    raise TypeError for it ("descriptor '__dict__' for 'PictureType' objects doesn't apply": helper-116)."""
    try:
        return getattr(value, "__dict__", None)
    except TypeError:
        return None


class Converter:
    """Converts modules in place and remembers, per function, what happened to it."""

    def __init__(self) -> None:
        import autograph

        self.autograph = autograph
        self.records: dict[tuple[str, str], dict] = {}
        self.replaced: dict[int, tuple[types.FunctionType, types.FunctionType]] = {}  # id(original) -> pair
        # id(original) -> (converted or None,): in a tuple, so that no dict of ours refers to a converted function
        # (trace.Trace names a caller's class by gc.get_referrers: code -> one function -> one dict -> one class).
        self.outcome: dict[int, tuple[types.FunctionType | None]] = {}
        self.seconds = 0.0
        self.modules: list[types.ModuleType] = []
        self.classes: list[type] = []
        self._own_classes: set[int] = set()  # ids of self.classes, for rebind

    def _record(self, module: str, qualname: str, kind: str, reason: str = "") -> None:
        self.records.setdefault((module, qualname), {"module": module, "qualname": qualname, "kind": kind,
                                                     "reason": reason})

    def function(self, f: types.FunctionType, module: str, label: str) -> types.FunctionType | None:
        """The converted ``f``, or None when it stays as it is (the reason is recorded)."""
        key = id(f)
        if key in self.outcome:
            return self.outcome[key][0]
        converted = None
        flags = [name for flag, name in _GENERATOR_FLAGS.items() if f.__code__.co_flags & flag]
        if flags:
            self._record(module, label, "generator", flags[0])
        else:
            try:
                converted = self.autograph.convert(f)
            except self.autograph.ConversionError as exc:
                self._record(module, label, "refused", self._reason(exc))
            except Exception as exc:  # the converter crashed instead of refusing: a bug of its own
                self._record(module, label, "crashed", describe_exception(exc))
            else:
                self._record(module, label, "converted")
                self.replaced[key] = (f, converted)
        self.outcome[key] = (converted,)
        return converted

    @staticmethod
    def _reason(exc: BaseException) -> str:
        text = str(exc)
        location = getattr(exc, "location", None)
        if location is not None and text.startswith(f"{location}: "):
            text = text[len(f"{location}: "):]
        return first_line(text)

    def module(self, module: types.ModuleType) -> None:
        start = time.perf_counter()
        name = module.__name__
        seen: set[int] = set()
        for attr, value in list(vars(module).items()):
            if isinstance(value, types.FunctionType) and value.__module__ == name:
                converted = self.function(value, name, value.__qualname__)
                if converted is not None:
                    setattr(module, attr, converted)
            elif isinstance(value, type) and value.__module__ == name and id(value) not in seen:
                self._class(value, name, seen)
        self.modules.append(module)
        self.seconds += time.perf_counter() - start

    def _class(self, cls: type, module: str, seen: set[int]) -> None:
        seen.add(id(cls))
        self.classes.append(cls)
        for attr, value in list(vars(cls).items()):
            label = f"{cls.__qualname__}.{attr}"
            new = None
            if isinstance(value, types.FunctionType):
                if value.__module__ == module:
                    new = self.function(value, module, value.__qualname__)
            elif isinstance(value, (staticmethod, classmethod)):
                inner = value.__func__
                if isinstance(inner, types.FunctionType) and inner.__module__ == module:
                    converted = self.function(inner, module, inner.__qualname__)
                    new = None if converted is None else type(value)(converted)
            elif isinstance(value, property):
                new = self._property(value, module, label)
            elif isinstance(value, functools.cached_property):
                if isinstance(value.func, types.FunctionType) and value.func.__module__ == module:
                    converted = self.function(value.func, module, value.func.__qualname__)
                    if converted is not None:
                        value.func = converted
            elif (isinstance(value, type) and value.__module__ == module and id(value) not in seen
                  and value.__qualname__.startswith(cls.__qualname__ + ".")):
                self._class(value, module, seen)
            if new is not None:
                # An attribute the metaclass defines as a data descriptor (type's own __name__, __module__ and
                # __doc__; wrapt's proxy metaclass's properties) is not the class's __dict__ entry: setattr would run
                # its setter (renaming the class, or storing the property as its module), so it is left alone.
                shadowed = any(hasattr(vars(meta).get(attr), "__set__") for meta in type(cls).__mro__)
                try:
                    if not shadowed:
                        setattr(cls, attr, new)
                    installed = not shadowed and vars(cls).get(attr) is new
                except (AttributeError, TypeError):
                    installed = False
                if not installed:  # e.g. a property named __name__: setattr sets the class's own name
                    self.records[(module, label)] = {
                        "module": module, "qualname": label, "kind": "unpatchable",
                        "reason": f"converted, but setattr(cls, {attr!r}, ...) cannot put it in the class's __dict__"}

    def _property(self, prop: property, module: str, label: str) -> property | None:
        parts = {}
        for part in ("fget", "fset", "fdel"):
            f = getattr(prop, part)
            if isinstance(f, types.FunctionType) and f.__module__ == module:
                converted = self.function(f, module, f"{label}.{part}")
                if converted is not None:
                    parts[part] = converted
        if not parts:
            return None
        new = prop
        for part, method in (("fget", "getter"), ("fset", "setter"), ("fdel", "deleter")):
            if part in parts:
                new = getattr(new, method)(parts[part])
        if hasattr(prop, "__dict__"):  # a subclass of property with state of its own (toolz's InstanceProperty)
            new.__dict__.update(vars(prop))
        return new

    def _swap(self, value):
        """The converted function if ``value`` is an original that was converted, else None."""
        pair = self.replaced.get(id(value)) if isinstance(value, types.FunctionType) else None
        return pair[1] if pair is not None and pair[0] is value else None

    def _swap_keys(self, table: dict) -> None:
        """Originals that are keys of ``table`` replaced by their converted functions, in place and in order: the
        converted code names the converted function (glom's scope maps its function glom to _glom, and looks up
        scope[glom]), and a converted function is another object, neither equal to the original nor of its hash."""
        if any(self._swap(key) for key in table if isinstance(key, types.FunctionType)):
            items = [((self._swap(key) if isinstance(key, types.FunctionType) else None) or key, item)
                     for key, item in dict.items(table)]
            dict.clear(table)  # (dict's own methods: a subclass's hooks see no change, numpy-groupies' Registry)
            dict.update(table, items)

    def _deep(self, value, depth: int, memo: dict):
        """``value`` with the originals in it replaced by their converted functions: dicts (keys too) and lists in
        place, a ``ChainMap``'s maps in place, tuples (named ones too) and ``functools.partial`` objects rebuilt;
        ``value`` itself when nothing changed. An instance of a class of the converted modules: its ``__dict__`` in
        place (ecdsa's ``curve_ed25519 = CurveEdTw(..., _sha512)``: pickle finds ``_sha512`` by name, the converted
        function, and refuses an instance that holds another object)."""
        if isinstance(value, types.FunctionType):
            return self._swap(value) or value
        kind = type(value)
        if kind is collections.ChainMap and depth > 0:  # (glom's _DEFAULT_SCOPE) its maps, a list of dicts
            self._deep(value.maps, depth - 1, memo)
            return value
        if depth > 0 and id(kind) in self._own_classes:
            attrs = _instance_dict(value)
            if type(attrs) is dict and id(value) not in memo:
                if not isinstance(value, (tuple, dict)):  # (those are put in the memo below, with their items)
                    memo[id(value)] = (value, value)  # (a cycle leads back here: leave it)
                self._deep(attrs, depth - 1, memo)
            if not isinstance(value, (tuple, dict)):  # (a named tuple, a dict subclass: its items too, below)
                return value
        if depth == 0 or kind not in (dict, list, functools.partial) and not isinstance(value, (tuple, dict)):
            return value
        if id(value) in memo:
            return memo[id(value)][1]
        memo[id(value)] = (value, value)  # a cycle leads back here: leave it
        new = value
        if kind is dict and len(value) < 100_000:
            for key, item in list(value.items()):
                replaced = self._deep(item, depth - 1, memo)
                if replaced is not item:
                    value[key] = replaced
            self._swap_keys(value)
        elif isinstance(value, dict) and len(value) < 100_000:
            # A dict subclass (numpy-groupies' Registry of its kernels, an OrderedDict): the values of the keys it
            # has, through dict's own __setitem__, so that a subclass's hook sees no new entry.
            for key, item in list(dict.items(value)):
                replaced = self._deep(item, depth - 1, memo)
                if replaced is not item:
                    dict.__setitem__(value, key, replaced)
            self._swap_keys(value)
        elif kind is list and len(value) < 100_000:
            for index, item in enumerate(value):
                replaced = self._deep(item, depth - 1, memo)
                if replaced is not item:
                    value[index] = replaced
        elif kind is functools.partial:
            parts = [self._deep(v, depth - 1, memo) for v in (value.func, *value.args)]
            if any(a is not b for a, b in zip(parts, (value.func, *value.args))):
                new = functools.partial(parts[0], *parts[1:], **value.keywords)
        elif isinstance(value, tuple) and (kind is tuple or hasattr(kind, "_make")) and len(value) < 100_000:
            items = [self._deep(item, depth - 1, memo) for item in value]
            if any(a is not b for a, b in zip(items, value)):
                new = tuple(items) if kind is tuple else kind._make(items)
                attrs = _instance_dict(value)  # (a subclass of a named tuple without __slots__)
                if type(attrs) is dict:
                    new.__dict__.update(attrs)
        memo[id(value)] = (value, new)
        return new

    def rebind(self) -> None:
        """Where the converted modules still hold an original function, put the converted one: names bound to it
        elsewhere (re-exports such as ``from .core import *``), module and class attributes that hold it inside
        dicts (as a value or a key), lists, tuples, ChainMaps and partials (dispatch tables,
        ``TableFormat(lineabove=f)``), and the converted functions' own defaults (``def cached(cache, key=hashkey)``,
        so ``cached(c).cache_key is keys.hashkey``), and the attributes of the instances of the converted modules'
        classes found there. References kept anywhere else (instances of other classes, closures) still reach the
        original."""
        memo: dict = {}
        self._own_classes = {id(cls) for cls in self.classes}
        for namespace, owner in [(vars(m), m) for m in self.modules] + [(vars(c), c) for c in self.classes]:
            for attr, value in list(namespace.items()):
                if attr == "__builtins__":
                    continue
                new = self._deep(value, 4, memo)
                if new is not value:
                    try:
                        setattr(owner, attr, new)
                    except (AttributeError, TypeError):
                        pass
        for _, converted in self.replaced.values():
            if converted.__defaults__:
                converted.__defaults__ = self._deep(converted.__defaults__, 4, memo)
            if converted.__kwdefaults__:
                self._deep(converted.__kwdefaults__, 4, memo)

    def records_list(self) -> list[dict]:
        return list(self.records.values())

    @contextlib.contextmanager
    def earlier_copy_in_place(self, module: types.ModuleType):
        """While a module imported afresh is converted, the copy converted before it (if any) is sys.modules' entry.

        ``import_fresh_module('collections', blocked=['_collections'])`` (test_ordered_dict) executes a copy without
        its C half, and the import hook converts it while the copy is sys.modules['collections']: the converter's own
        lazy imports from that module then find the copy (ast.walk's ``from collections import deque``: ImportError,
        13 functions, most of OrderedDict's methods, left unconverted as "crashed"). No program converts inside such an
        import; the test's code never runs in that window either."""
        name = module.__name__
        earlier = next((m for m in reversed(self.modules) if m.__name__ == name and m is not module), None)
        if earlier is None or sys.modules.get(name) is not module:
            yield
            return
        sys.modules[name] = earlier
        try:
            yield
        finally:
            sys.modules[name] = module


class ConvertOnImport(importlib.abc.MetaPathFinder):
    """Converts the target modules right after they execute, on every import (fresh re-imports too)."""

    def __init__(self, converter: Converter, wanted) -> None:
        self.converter = converter
        self.wanted = wanted

    def find_spec(self, fullname, path, target=None):
        if not self.wanted(fullname):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        execute = spec.loader.exec_module
        converter = self.converter

        def exec_module(module):
            execute(module)
            with converter.earlier_copy_in_place(module):
                converter.module(module)
                converter.rebind()

        # Under this file name the hook's frame is one of importlib's to `warnings`, which skips those to name the
        # code that imports ('importlib' and '_bootstrap' in the name): a warning that a module warns at import
        # time with a stacklevel for its importer (dateutil's zoneinfo deprecation) names the importing test as it
        # does unconverted, not this hook.
        exec_module.__code__ = exec_module.__code__.replace(co_filename=_HOOK_FILENAME)
        spec.loader.exec_module = exec_module  # this loader object was made for this one spec
        return spec


_HOOK_FILENAME = "<the transparency runner's import hook, seen as importlib._bootstrap>"


# ---------------------------------------------------------------------------------------------------
# The standard library's unittest suites


class CountingResult(unittest.TestResult):
    """Writes every outcome to the log as it happens."""

    def __init__(self, log: Log) -> None:
        super().__init__()
        self.log = log

    def _write(self, test, outcome: str, err=None, message: str = "") -> None:
        where = ""
        if err is not None:
            exc = err[1]
            message = describe_exception(exc) if exc is not None else err[0].__name__
            frames = traceback.extract_tb(err[2])
            if frames:
                last = frames[-1]
                where = f"{last.filename}:{last.lineno} in {last.name}"
        self.log.write(event="test", id=test.id(), outcome=outcome, message=message, where=where)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._write(test, "passed")

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._write(test, "failed", err)

    def addError(self, test, err):
        super().addError(test, err)
        self._write(test, "error", err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._write(test, "skipped", message=reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._write(test, "skipped", message="expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._write(test, "failed", message="unexpected success")

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            outcome = "failed" if issubclass(err[0], test.failureException) else "error"
            self._write(test, outcome, err)


def deny_resources(names: list[str]) -> None:
    """As regrtest's ``-u all,-network``: every test.support resource stays enabled but ``names``, whose tests skip
    (ResourceDenied). Outside regrtest every resource is enabled, the internet's too (``requires('network')``)."""
    if names:
        from test import support
        from test.libregrtest.cmdline import RESOURCE_NAMES

        support.use_resources = [resource for resource in RESOURCE_NAMES if resource not in names]


def run_stdlib(name: str, convert: bool, log: Log, language: bool = False, test: str = "") -> None:
    """Convert the module ``name`` (a package: with its modules) and run ``test.test_<name>``, or ``test.<test>`` where
    CPython names the test module otherwise (test_urlparse for urllib.parse)."""
    if language:
        run_language(name, convert, log)
        return
    converter = Converter() if convert else None
    # In both runs, before the clock starts: the module, and for a package (json) its modules too.
    modules = [importlib.import_module(name)]
    if hasattr(modules[0], "__path__"):
        modules += [importlib.import_module(info.name) for info in pkgutil.walk_packages(
            modules[0].__path__, name + ".") if not _is_test_module(info.name) and not info.name.endswith("__main__")]
    names = {module.__name__ for module in modules}
    if converter is not None:
        for module in modules:
            converter.module(module)
        converter.rebind()
        sys.meta_path.insert(0, ConvertOnImport(converter, names.__contains__))
        log.write(event="conversion", records=converter.records_list(), seconds=converter.seconds)
    start, cpu_start = time.perf_counter(), time.thread_time()
    test_name = f"test.{test}" if test else f"test.test_{name}"
    try:
        test_module = importlib.import_module(test_name)
    except Exception as exc:
        log.write(event="collect_error", id=test_name, message=describe_exception(exc))
    else:
        suite = unittest.defaultTestLoader.loadTestsFromModule(test_module)
        suite.run(CountingResult(log))
    log.write(event="done", seconds=time.perf_counter() - start, cpu_seconds=time.thread_time() - cpu_start)
    if converter is not None:
        log.write(event="conversion", records=converter.records_list(), seconds=converter.seconds)


def run_language(name: str, convert: bool, log: Log) -> None:
    """A suite whose code under test is its own test module (CPython's tests of the language: test_scope,
    test_patma, ...): ``test.test_<name>`` itself (a package: with its submodules) is converted, in place, as it
    finishes executing (the import hook that converts a library), so every function and method it defines, its
    TestCase methods too, is converted; then its tests are loaded from it and run. Both runs import it before the
    clock starts."""
    test_name = f"test.test_{name}"
    converter = Converter() if convert else None
    if converter is not None:
        def wanted(module: str) -> bool:
            return module == test_name or module.startswith(test_name + ".")

        for module_name, module in list(sys.modules.items()):  # none, unless something imported it already
            if wanted(module_name):
                converter.module(module)
        converter.rebind()
        sys.meta_path.insert(0, ConvertOnImport(converter, wanted))
    try:
        test_module = importlib.import_module(test_name)
    except Exception as exc:
        test_module = None
        log.write(event="collect_error", id=test_name, message=describe_exception(exc))
    if converter is not None:
        log.write(event="conversion", records=converter.records_list(), seconds=converter.seconds)
    start, cpu_start = time.perf_counter(), time.thread_time()
    if test_module is not None:
        suite = unittest.defaultTestLoader.loadTestsFromModule(test_module)
        suite.run(CountingResult(log))
    log.write(event="done", seconds=time.perf_counter() - start, cpu_seconds=time.thread_time() - cpu_start)
    if converter is not None:
        log.write(event="conversion", records=converter.records_list(), seconds=converter.seconds)


# ---------------------------------------------------------------------------------------------------
# A library's pytest suite


def _is_test_module(name: str) -> bool:
    return any(part in ("test", "tests", "testing", "conftest") or part.startswith("test_")
               for part in name.split("."))


def import_packages(packages: list[str]) -> list[tuple[str, str]]:
    """Import every module of the packages, their tests excepted (both runs do, before the clock starts);
    (module, error) for those that did not import."""
    failed = []
    for package_name in packages:
        package = importlib.import_module(package_name)
        names = [package_name]
        if hasattr(package, "__path__"):
            names += sorted(info.name for info in pkgutil.walk_packages(package.__path__, package_name + ".",
                                                                        onerror=lambda _: None))
        for name in names:
            if _is_test_module(name) or name.rsplit(".", 1)[-1] == "__main__":
                continue  # (a package's __main__ runs its command line when imported: sqlglot's, Unidecode's)
            try:
                importlib.import_module(name)
            except (Exception, SystemExit) as exc:  # (a CLI module that exits without its optional dependency)
                failed.append((name, describe_exception(exc)))
    return failed


class PytestRecorder:
    """A pytest plugin: logs each test's outcome."""

    def __init__(self, log: Log) -> None:
        self.log = log

    def pytest_collectreport(self, report) -> None:
        if report.failed:
            message, _ = self._message(report)
            self.log.write(event="collect_error", id=report.nodeid, message=message)

    def pytest_runtest_logreport(self, report) -> None:
        if report.when == "call":
            if report.passed:
                outcome = "passed"
            elif report.skipped:
                outcome = "skipped"
            else:
                outcome = "failed"
        elif report.failed:
            outcome = "error"
        elif report.skipped:
            outcome = "skipped"
        else:
            return
        message, where = self._message(report) if outcome in ("failed", "error") else ("", "")
        self.log.write(event="test", id=report.nodeid, outcome=outcome, message=message, where=where)

    @staticmethod
    def _message(report) -> tuple[str, str]:
        longrepr = report.longrepr
        crash = getattr(longrepr, "reprcrash", None)
        if crash is not None:
            return first_line(crash.message), f"{crash.path}:{crash.lineno}"
        text = str(longrepr)
        errors = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
        return (errors[0] if errors else first_line(text)), ""


def run_pytest(packages: list[str], src: str, convert: bool, args: list[str], log: Log) -> int:
    import pytest

    sys.path.insert(0, src)
    converter = None
    if convert:
        # Each module is converted as soon as it has executed, before the modules that import it bind its names
        # (``from .core import *``, ``curried.assoc = curry(toolz.assoc)``); then the names are rebound.
        converter = Converter()

        def wanted(name: str) -> bool:
            return any(name == p or name.startswith(p + ".") for p in packages) and not _is_test_module(name)

        for name, module in list(sys.modules.items()):
            if wanted(name):
                converter.module(module)
        sys.meta_path.insert(0, ConvertOnImport(converter, wanted))
    failed = import_packages(packages)
    if converter is not None:
        converter.rebind()
        for name, message in failed:
            converter.records[(name, "<module>")] = {"module": name, "qualname": "<module>", "kind": "unimported",
                                                     "reason": message}
        log.write(event="conversion", records=converter.records_list(), seconds=converter.seconds)
    for package in packages:
        module = importlib.import_module(package)
        location = os.path.abspath(getattr(module, "__file__", None) or "")
        if not location.startswith(os.path.abspath(src) + os.sep):
            raise SystemExit(f"{package} was imported from {location}, not from {src}")
    class RepeatableHypothesis:
        """Both runs of a suite draw the same examples, and neither replays the other's failures."""

        @pytest.hookimpl(trylast=True)  # after the suite's own conftest has loaded its profile
        def pytest_configure(self, config) -> None:
            try:
                from hypothesis import settings
            except ImportError:
                return
            settings.register_profile("transparency", parent=settings.default, database=None, derandomize=True)
            settings.load_profile("transparency")

    start, cpu_start = time.perf_counter(), time.thread_time()
    code = pytest.main(args, plugins=[PytestRecorder(log), RepeatableHypothesis()])
    log.write(event="done", seconds=time.perf_counter() - start, cpu_seconds=time.thread_time() - cpu_start,
              exit_code=int(code))
    if converter is not None:
        log.write(event="conversion", records=converter.records_list(), seconds=converter.seconds)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["stdlib", "pytest"])
    parser.add_argument("name", nargs="?", help="stdlib: the module whose test.test_<name> runs")
    parser.add_argument("--convert", action="store_true")
    parser.add_argument("--general", action="store_true",
                        help="with --convert: run the suite inside a trace that stages nothing "
                             "(autograph.testing.converted_form), so that every converted function runs its "
                             "converted form on the suite's plain values")
    parser.add_argument("--trace", choices=["none", "graph", "jax"], default="none",
                        help="with --general: whose trace the suite runs in: none (the default: "
                             "autograph.testing.converted_form(trace=False), the converted form on the suite's "
                             "values with nothing staged), a graph trace of ours in which plain values stage nothing "
                             "(NumPy's random draws are staged there, as in any graph trace), or a JAX trace "
                             "(jax.make_jaxpr around the whole run), where JAX's probe makes converted functions run "
                             "their converted form")
    parser.add_argument("--language", action="store_true",
                        help="stdlib: the code under test is test.test_<name> itself (a test of the language): "
                             "convert it, not a module <name>")
    parser.add_argument("--test", default="",
                        help="stdlib: run test.<TEST> instead of test.test_<name> (test_urlparse for urllib.parse)")
    parser.add_argument("--deny-resource", action="append", default=[], metavar="NAME",
                        help="stdlib: deny test.support's resource NAME, whose tests then skip (network: "
                             "test_robotparser's NetworkTestCase reads a host on the internet)")
    parser.add_argument("--out", required=True)
    parser.add_argument("--package", action="append", default=[], help="pytest: a package to convert")
    parser.add_argument("--src", help="pytest: the directory the packages import from")
    parser.add_argument("--project", default=ROOT, help="the checkout whose autograph and runtime are used")
    argv = sys.argv[1:] if argv is None else argv
    pytest_args = argv[argv.index("--") + 1:] if "--" in argv else []
    options = parser.parse_args(argv[: len(argv) - len(pytest_args) - (1 if "--" in argv else 0)])
    # Neither this directory nor the project's `tests` may shadow a library's own `tests` package.
    project = os.path.abspath(options.project)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") not in (HERE, ROOT, project)]
    sys.path.insert(0, project)

    import autograph  # imported in both runs, so that the oracle shares its environment
    from autograph.testing import converted_form  # (so is hypothesis: its typing_extensions patches typing)
    from runtime import choice

    inside = contextlib.nullcontext()
    if options.general and options.trace != "jax":
        # converted functions run their converted form (runtime/choice.py), with no trace or in a graph trace
        inside = converted_form(trace=options.trace == "graph")

    sys.path.remove(project)
    if not os.path.abspath(autograph.__file__).startswith(project + os.sep):
        raise SystemExit(f"autograph was imported from {autograph.__file__}, not from {project}")
    log = Log(options.out)

    def run() -> int:
        with inside:
            if options.general and not choice.tracing():  # (else the run would measure the as-written path)
                raise SystemExit(f"inside the {options.trace} trace, converted functions would run as written")
            if options.kind == "stdlib":
                deny_resources(options.deny_resource)
                run_stdlib(options.name, options.convert, log, options.language, options.test)
                return 0
            return run_pytest(options.package, options.src, options.convert, pytest_args, log)

    if options.general and options.trace == "jax":
        # The whole run inside one JAX trace on this thread: every converted function called on it runs its
        # converted form (runtime/choice.py: JAX's probe), on the suite's plain values; JAX traces nothing.
        import jax

        codes = []
        jax.make_jaxpr(lambda: codes.append(run()))()
        return codes[0]
    return run()


if __name__ == "__main__":
    sys.exit(main())
