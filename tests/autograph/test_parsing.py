"""Finding a function's AST from the function object (autograph/parsing.py).

A lambda is found by parsing only the statement around its line; the whole file's parse is the
oracle: both must give the same node, positions included, or the quick look must give up."""

from __future__ import annotations

import ast
import sys

import pytest

from autograph import parsing

SQUARE = lambda x: x * x  # noqa: E731
TWO_ON_A_LINE = (lambda x: x + 1), (lambda x: -x if x > 0 else x)
NESTED = lambda x: lambda y: x + y  # noqa: E731
SPLIT_OVER_LINES = sorted(
    [3, 1, 2],
    key=lambda v: (
        -v
        if v > 1
        else v
    ),
)
IN_A_LIST = [
    lambda a, b=2: (a and b) or "fallback",
    lambda *args, k=1: args
    + (k,),
]
IN_A_DICT = {"f": lambda q: q ** 2,
             "g": lambda q: [q for _ in range(2)]}
CONTINUED = 1 + \
    (lambda z: z)(2)
SAME_TWICE = [lambda v: v, lambda v: v]
AMBIGUOUS = lambda x: lambda x: x  # noqa: E731  (both spans hold the inner lambda's code)


def holder(n):
    inner = lambda m: m + n  # noqa: E731
    if n > 0:
        other = (lambda m:
                 m - n)
    else:
        other = lambda m: m  # noqa: E731
    return inner, other


class Owner:
    method_lambda = staticmethod(lambda s: s.upper())

    def make(self):
        return [lambda: self, lambda t=1: t]


LAMBDAS = {
    "square": SQUARE,
    "two_on_a_line_first": TWO_ON_A_LINE[0],
    "two_on_a_line_second": TWO_ON_A_LINE[1],
    "nested_outer": NESTED,
    "nested_inner": NESTED(1),
    "in_a_list_first": IN_A_LIST[0],
    "in_a_list_second": IN_A_LIST[1],
    "in_a_dict_first": IN_A_DICT["f"],
    "in_a_dict_second": IN_A_DICT["g"],
    "in_a_def": holder(1)[0],
    "split_in_a_branch": holder(1)[1],
    "in_an_else": holder(-1)[1],
    "in_a_class": Owner.method_lambda,
    "in_a_method_first": Owner().make()[0],
    "in_a_method_second": Owner().make()[1],
    "same_twice": SAME_TWICE[0],
    "same_twice_second": SAME_TWICE[1],
    "ambiguous_inner": AMBIGUOUS(0),
}


def _key_lambda():
    # SPLIT_OVER_LINES only kept the result: build the same key function again, over lines.
    return lambda v: (
        -v
        if v > 1
        else v
    )


LAMBDAS["split_over_lines"] = _key_lambda()


def _module_lookup(fn):
    parsing._MODULE_TREES.clear()
    lines = parsing.linecache.getlines(fn.__code__.co_filename, fn.__globals__)
    try:
        return parsing._lambda_in_module(fn, lines)
    except Exception as error:  # noqa: BLE001
        return error


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the quick look needs co_positions (3.11+)")
@pytest.mark.parametrize("name", sorted(LAMBDAS))
def test_the_statement_gives_the_node_the_whole_file_gives(name):
    fn = LAMBDAS[name]
    lines = parsing.linecache.getlines(fn.__code__.co_filename, fn.__globals__)
    quick = parsing._lambda_in_statement(fn.__code__, lines)
    whole = _module_lookup(fn)
    if quick is None:  # the quick look gave up: only where two lambdas fit, which the file's parse refuses
        assert name == "ambiguous_inner" and isinstance(whole, parsing.UnsupportedSyntaxError)
        return
    assert isinstance(whole, ast.Lambda), whole
    assert ast.dump(quick, include_attributes=True) == ast.dump(whole, include_attributes=True)


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the quick look needs co_positions (3.11+)")
def test_the_quick_look_finds_the_usual_lambdas():
    found = {name for name, fn in LAMBDAS.items() if parsing._lambda_in_statement(
        fn.__code__, parsing.linecache.getlines(fn.__code__.co_filename)) is not None}
    assert found == set(LAMBDAS) - {"ambiguous_inner"}


@pytest.mark.parametrize("name", sorted(LAMBDAS))
def test_parse_function_agrees_with_the_whole_file(name):
    fn = LAMBDAS[name]
    whole = _module_lookup(fn)
    try:
        node = parsing.parse_function(fn).node
    except Exception as error:  # noqa: BLE001
        assert type(error) is type(whole) and str(error) == str(whole)
    else:
        assert ast.dump(node, include_attributes=True) == ast.dump(whole, include_attributes=True)


def test_parsing_a_lambda_does_not_parse_its_whole_file():
    parsing._MODULE_TREES.clear()
    parsing.parse_function(SQUARE)
    parsing.parse_function(LAMBDAS["in_a_method_second"])
    if sys.version_info >= (3, 11):
        assert not parsing._MODULE_TREES


def plain_def(x):
    if x:
        return 1
    return 2


def test_a_def_is_found_without_the_tokenizer(monkeypatch):
    def refuse(lines):
        raise AssertionError("inspect.getblock ran although the indentation rule found the def")

    monkeypatch.setattr(parsing.inspect, "getblock", refuse)
    node = parsing.parse_function(plain_def).node
    assert isinstance(node, ast.FunctionDef) and node.name == "plain_def"


def test_every_def_of_the_corpus_parses_to_the_node_the_whole_file_gives():
    # The snippet parse puts the def on its own line by padding the lines before it (a string
    # literal over them): every position must be the whole file's, on any line, nested or not.
    import corpus

    whole = {}
    path = corpus.__file__
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.FunctionDef):
            whole[(node.lineno if not node.decorator_list else node.decorator_list[0].lineno, node.name)] = node
    checked = 0
    for case in corpus.CASES:
        fn = corpus.underlying(case.fn)
        if fn.__code__.co_name == "<lambda>" or fn.__code__.co_filename != path:
            continue
        node = parsing.parse_function(fn).node
        expected = whole[(fn.__code__.co_firstlineno, fn.__code__.co_name)]
        assert ast.dump(node, include_attributes=True) == ast.dump(expected, include_attributes=True), case.name
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("lines", [0, 1, 2, 3, 50])
def test_the_padding_fills_exactly_its_lines(lines):
    tree = ast.parse(parsing._padding(lines) + "x = 1\n")
    assert tree.body[-1].lineno == lines + 1


# A standard-library module frozen into the interpreter (Python 3.11+: posixpath, ntpath, os, genericpath) names
# its code "<frozen posixpath>"; its source is the .py file its __file__ names.


def _frozen(source: str, filename: str, file: str | None) -> object:
    namespace: dict = {} if file is None else {"__file__": file}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"]


@pytest.mark.skipif(not __import__("posixpath").join.__code__.co_filename.startswith("<frozen "),
                    reason="posixpath is not frozen in this interpreter (-X frozen_modules=off)")
def test_a_function_of_a_frozen_stdlib_module_converts_from_its_file():
    import ntpath
    import posixpath

    import autograph

    tried = 0
    for fn, args in ((posixpath.join, ("a", "b", "/c", "d")), (posixpath.normpath, ("a//./b/../c",)),
                     (ntpath.splitdrive, ("C:\\x\\y",)), (ntpath.normpath, ("A/./b/../c",))):
        if not hasattr(fn, "__code__"):
            continue  # (Python 3.13: normpath and splitdrive are C functions on some platforms)
        assert parsing.parse_function(fn).filename == fn.__code__.co_filename
        assert autograph.convert(fn)(*args) == fn(*args)
        tried += 1
    assert tried >= 2


def test_a_frozen_function_is_read_from_its_modules_file(tmp_path):
    source = "def f(x):\n    if x > 2:\n        return x - 2\n    return x\n"
    path = tmp_path / "fake.py"
    path.write_text(source)
    node = parsing.parse_function(_frozen(source, "<frozen fake>", str(path))).node
    assert isinstance(node, ast.FunctionDef) and node.name == "f" and node.lineno == 1


def test_a_frozen_function_whose_file_says_otherwise_is_refused(tmp_path):
    path = tmp_path / "fake.py"
    path.write_text("def f(y):\n    return y\n")
    fn = _frozen("def f(x):\n    return x\n", "<frozen fake>", str(path))
    with pytest.raises(parsing.SourceMismatchError, match=r"its parameters are \(x\), the text's \(y\)"):
        parsing.parse_function(fn)


def test_a_frozen_function_without_a_file_has_no_source():
    fn = _frozen("def f(x):\n    return x\n", "<frozen fake>", None)
    with pytest.raises(parsing.SourceNotFoundError, match="the source code of f is not available"):
        parsing.parse_function(fn)


class Context:
    """click's Context.invoke: private parameters, which the compiler mangles to ``_Context__self``."""

    def __init__(self):
        self.__calls = 0

    def invoke(__self, __callback, *args, **kwargs):
        __self.__calls += 1
        if __callback is None:
            return __self.__calls, args, kwargs
        return __callback(*args, **kwargs)


def test_a_method_with_private_parameters_is_its_own_text():
    import autograph
    from autograph.testing import converted_form

    assert Context.invoke.__code__.co_varnames[:2] == ("_Context__self", "_Context__callback")
    assert parsing.parse_function(Context.invoke).node.args.args[0].arg == "__self"
    converted = autograph.convert(Context.invoke)
    calls = [((None, 1), {"k": 2}), ((max, 3, 4), {}), ((None,), {})]
    plain = Context()
    expected = [Context.invoke(plain, *args, **kwargs) for args, kwargs in calls]
    assert expected == [(1, (1,), {"k": 2}), 4, (3, (), {})]
    as_written, in_form = Context(), Context()
    assert [converted(as_written, *args, **kwargs) for args, kwargs in calls] == expected
    with converted_form():
        assert [converted(in_form, *args, **kwargs) for args, kwargs in calls] == expected


def test_parameters_that_differ_from_the_text_are_still_refused():
    namespace: dict = {}
    exec(compile("class C:\n    def m(__a, __b):\n        return __a\n", "<mangled>", "exec"), namespace)
    lines = ["class C:\n", "    def m(__a, __c):\n", "        return __a\n"]
    with pytest.raises(parsing.SourceMismatchError,
                       match=r"its parameters are \(_C__a, _C__b\), the text's \(__a, __c\)"):
        parsing.parse_function(namespace["C"].m, lines)


def _compiled_from_file(tmp_path, source: str) -> dict:
    path = tmp_path / "module_under_test.py"
    path.write_text(source)
    namespace: dict = {"__name__": "module_under_test"}
    exec(compile(source, str(path), "exec"), namespace)
    return namespace


@pytest.mark.parametrize("source, owner, expected", [
    # A def whose body is on its header line: no header line ends in ':', so the indentation scan runs
    # on past the method, into the statements after the class (elementpath's protocol classes).
    ("class A:\n    def f(self): return 1\n\nX = 2\n", "A", 1),
    ("class A:\n    def f(self) -> int: ...\n    def g(self): return 2\n\nX = [\n    1]\n", "A", None),
    # Mixed indentation: the scan stops at the next class's header, whose method must not be taken.
    ("class A:\n  def f(self): return 'A'\nclass B:\n    def f(self): return 'B'\n", "A", "A"),
    ("class A:\n  def f(self): return 'A'\nclass B:\n    def f(self): return 'B'\n", "B", "B"),
])
def test_a_def_with_its_body_on_the_header_line(tmp_path, source, owner, expected):
    import autograph
    import autograph.testing

    cls = _compiled_from_file(tmp_path, source)[owner]
    node = parsing.parse_function(cls.f).node
    assert node.lineno == cls.f.__code__.co_firstlineno
    converted = autograph.convert(cls.f)
    assert converted(cls()) == expected
    with autograph.testing.converted_form():
        assert converted(cls()) == expected


def test_code_recompiled_with_a_dotted_import_is_refused_and_its_text_still_converts():
    # (A dotted name in co_names, `import os.path`, turned the name and number checks off, as for pytest's
    # `@py_assert1`: typeguard's @typechecked copy of a function, same file and lines, was converted from the
    # plain text, without its type checks: inflect's tests.)
    text = ["def f(x):\n", "    return x + 1\n"]
    rewritten = compile("def f(x):\n    import os.path; assert isinstance(x, int); return x + 1\n", "<f>", "exec")
    namespace: dict = {}
    exec(rewritten, namespace)
    with pytest.raises(parsing.SourceMismatchError, match=r"it uses the name 'os\.path', which the text does not"):
        parsing.parse_function(namespace["f"], text)
    honest = ["def f(x):\n", "    import os.path; assert isinstance(x, int); return x + 1\n"]
    assert parsing.parse_function(namespace["f"], honest).node.name == "f"


def _raises_at_line(fn):
    try:
        fn()
    except ZeroDivisionError as error:
        frame = error.__traceback__.tb_next.tb_frame
        return None if frame.f_lineno is None else frame.f_lineno - frame.f_code.co_firstlineno
    raise AssertionError("no exception")


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the table's bytes are 3.11's format (3.10 reads others)")
def test_code_whose_line_table_was_replaced_is_refused_and_runs_as_it_is():
    """CPython's test_exceptions (PEP 626) strips a function's line table; converted code calling it must
    run that code, whose frames have no line, not a conversion of its text, whose frames have one."""
    import autograph
    from autograph.testing import converted_form

    def divides():
        1 / 0  # noqa: B018

    divides.__code__ = divides.__code__.replace(co_linetable=b"\xf8\xf8\xf8\xf9\xf8\xf8\xf8")
    with pytest.raises(parsing.SourceMismatchError, match=r"its code records no line numbers \(its line table was "
                                                          r"replaced after compiling\)"):
        autograph.convert(divides)

    def caller():
        return _raises_at_line(divides)

    assert caller() is None
    assert autograph.convert(caller)() is None
    with converted_form():
        assert autograph.convert(caller)() is None


_NO_FUTURE_IMPORTS = """
def divides():
    1 / 0

def caller():
    try:
        divides()
    except ZeroDivisionError as error:
        frame = error.__traceback__.tb_next.tb_frame
        return None if frame.f_lineno is None else frame.f_lineno - frame.f_code.co_firstlineno
"""


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the table's bytes are 3.11's format (3.10 reads others)")
def test_code_without_lines_is_refused_in_a_module_with_no_future_imports():
    """As above, in a module compiled with no ``from __future__`` import, as CPython's test_exceptions is (this file's
    import made its code differ from its text compiled alone, which hid the case): the look for a def whose code
    was compiled from another copy of its text (``_relocated_def``) took code with no lines for the def's own, and
    converted it, so its frames had lines (stop 94)."""
    import linecache

    import autograph
    from autograph.testing import converted_form

    filename = "<no_future_imports>"
    linecache.cache[filename] = (len(_NO_FUTURE_IMPORTS), None, _NO_FUTURE_IMPORTS.splitlines(True), filename)
    namespace: dict = {"__name__": "no_future_imports"}
    exec(compile(_NO_FUTURE_IMPORTS, filename, "exec", dont_inherit=True), namespace)
    divides, caller = namespace["divides"], namespace["caller"]
    assert autograph.convert(caller)() == caller() == 1
    divides.__code__ = divides.__code__.replace(co_linetable=b"\xf8\xf8\xf8\xf9\xf8\xf8\xf8")
    with pytest.raises(parsing.SourceMismatchError, match=r"its code records no line numbers"):
        autograph.convert(divides)
    assert caller() is None
    assert autograph.convert(caller)() is None
    with converted_form():
        assert autograph.convert(caller)() is None
