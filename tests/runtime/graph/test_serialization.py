"""The saved-function format (runtime/graph/serialization.py): every op's attrs round-trip exactly, and a
file that is newer, truncated, altered or malformed is refused before anything runs."""

from __future__ import annotations

import json
import zipfile

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.graph import Variable, assert_, interpreter, ops, ops_data_dependent, print_, serialization, trace
from runtime.graph.ir import Graph
from runtime.graph.serialization import FormatError, SavedExceptionStandIn, SerializationError
from runtime.graph.shapes import Ref
from runtime.graph.tensor import bind
from runtime.graph.tracing import TensorSpec
from tests import op_cases

RNG = np.random.default_rng(3)
M = RNG.normal(size=(3, 4))
V = RNG.normal(size=(4,))
INTS = RNG.integers(-5, 5, (3, 4)).astype(np.int32)


def round_trip(graph: Graph, tmp_path) -> Graph:
    path = tmp_path / "g.agz"
    serialization.save_graph(path, graph)
    return serialization.load_graph(path)


def assert_same_run(graph: Graph, loaded: Graph, inputs: list) -> None:
    assert str(loaded) == str(graph)
    assert loaded.to_dot() == graph.to_dot()
    with np.errstate(all="ignore"):
        expected = interpreter.run(graph, inputs)
        got = interpreter.run(loaded, inputs)
    for g, e in zip(got, expected, strict=True):
        g, e = np.asarray(g), np.asarray(e)
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_array_equal(g, e)


def one_node(op: str, arrays: list, **attrs) -> Graph:
    return trace(lambda *xs: bind(op, xs, **attrs), [TensorSpec(a.shape, a.dtype) for a in arrays],
                 optimize=False).graph


STRUCTURE_CASES = [
    *[(op, [x], dict(axis=axis, keepdims=keep)) for op in ("sum", "prod", "mean", "max", "min", "any", "all")
      for x in (M, INTS) for axis, keep in ((None, False), ((1,), False), ((0, 1), True))],
    *[(op, [M], dict(axis=axis, keepdims=False)) for op in ("argmax", "argmin") for axis in (None, 1)],
    *[(op, [M], dict(axis=axis)) for op in ("cumsum", "cumprod", "sort", "argsort") for axis in (None, 0)],
    ("matmul", [M, M.T], {}), ("dot", [M, V[::-1]], {}), ("vdot", [V, V[::-1]], {}),
    ("reshape", [M], dict(shape=(4, 3))), ("transpose", [M], dict(axes=(1, 0))),
    ("broadcast_to", [V], dict(shape=(2, 4))), ("cast", [M * 10], dict(dtype=np.dtype(np.int32))),
    ("where", [M > 0, M, INTS], {}), ("clip", [M, np.float64(-0.5), V.astype(np.float32)], {}),
    ("concatenate", [M, INTS], dict(axis=1)), ("stack", [V, V], dict(axis=0)),
    ("getitem", [M], dict(index=(slice(None, None, -1), 2))),
    ("getitem", [M], dict(index=(None, Ellipsis, slice(1, 3)))),
    ("getitem", [M, np.array([2, 0, 0])], dict(index=(Ref(0), slice(None)))),
    ("take", [M, np.array([2, 0])], dict(axis=1, mode="clip")), ("dim", [M], dict(axis=1)),
    ("full_like", [M], dict(fill_value=np.array(3, np.int32), dtype=np.dtype(np.int32))),
    ("constant", [], dict(value=np.arange(6.0).reshape(2, 3))),
    ("constant", [], dict(value=np.array([np.nan, -np.inf, 1e-300]))),
    ("full", [], dict(shape=(2, 3), fill_value=np.array(1.5), dtype=np.dtype(np.float64))),
    ("arange", [], dict(start=2, stop=11, step=3, dtype=np.dtype(np.int64))),
    *op_cases.all_cases(),
]
ELEMENTWISE_CASES = [(name, [M, V][:ufunc.nin] if name not in {"invert", "bitwise_and", "bitwise_or", "bitwise_xor",
                     "left_shift", "right_shift", "gcd", "lcm"} else [INTS, INTS][:ufunc.nin], {})
                     for name, ufunc in sorted(ops.ELEMENTWISE.items())]


@pytest.mark.parametrize("op, arrays, attrs", STRUCTURE_CASES + ELEMENTWISE_CASES,
                         ids=lambda v: v if isinstance(v, str) else "")
def test_every_op_round_trips_exactly(op, arrays, attrs, tmp_path):
    graph = one_node(op, arrays, **attrs)
    assert_same_run(graph, round_trip(graph, tmp_path), arrays)


def test_the_cases_cover_every_op():
    # Control flow and state are covered by the program tests below and in tests/autograph/test_saving.py.
    covered = {op for op, _, _ in STRUCTURE_CASES + ELEMENTWISE_CASES}
    rest = {"cond", "while_loop", "read_variable", "assign_variable", "assign_add_variable",
            "assign_sub_variable", "print", "assert"}
    rest |= {"random", "random_generator"}  # saving refuses them: tests/runtime/graph/test_random.py
    rest |= {"numpy_function"}  # saving refuses it: tests/runtime/test_numpy_function.py
    rest |= {"clock"}  # round-trips: tests/runtime/graph/test_clock_reads.py
    rest |= ops_data_dependent.DATA_DEPENDENT_OPS  # round-trips: tests/runtime/graph/test_data_dependent.py
    assert set(ops.OPS) - covered <= rest


def test_state_and_effects_round_trip(tmp_path, capsys):
    w = Variable(np.arange(3.0), name="w")
    counter = Variable(0, dtype=np.int64, name="counter")

    def fn(x):
        counter.assign_add(1)
        print_("x is", x, "w is", w)
        assert_(np.all(x > -100), "x too small", error=ValueError)
        w.assign(w.value * 2 + x)
        return np.sum(w.value) + counter.value

    graph = trace(fn, [TensorSpec((3,), np.float64)]).graph
    loaded = round_trip(graph, tmp_path)
    assert str(loaded) == str(graph)
    (loaded_counter, loaded_w) = sorted({n.attrs["variable"] for n in _walk(loaded) if "variable" in n.attrs},
                                       key=lambda v: v.name)
    assert loaded_counter.name == "counter" and loaded_w.name == "w"
    assert loaded_w is not w
    np.testing.assert_array_equal(loaded_w.numpy(), w.numpy())  # the saved value
    x = np.ones(3)
    expected = interpreter.run(graph, [x])
    got = interpreter.run(loaded, [x])
    np.testing.assert_array_equal(got[0], expected[0])
    np.testing.assert_array_equal(loaded_w.numpy(), w.numpy())
    out = capsys.readouterr().out
    assert out.count("x is [1. 1. 1.] w is") == 2
    with pytest.raises(ValueError, match="x too small"):
        interpreter.run(loaded, [np.full(3, -1000.0)])


def _walk(graph):
    for node in graph.nodes:
        yield node
        for name in ops.OPS[node.op].subgraphs:
            yield from _walk(node.attrs[name])


class _LocalError(ArithmeticError):
    pass


def test_exception_classes_resolve_by_name_or_become_stand_ins(tmp_path):
    assert serialization.resolve_exception("builtins", "KeyError", "KeyError") is KeyError
    assert serialization.resolve_exception(__name__, "_LocalError", "ArithmeticError") is _LocalError
    stand_in = serialization.resolve_exception("not_imported_module", "Oops", "ValueError")
    assert issubclass(stand_in, SavedExceptionStandIn) and issubclass(stand_in, ValueError)
    assert (stand_in.__module__, stand_in.__qualname__) == ("not_imported_module", "Oops")
    # a class of an imported module is never confused with another of the same name and another base
    assert serialization.resolve_exception(__name__, "_LocalError", "KeyError") is not _LocalError
    with pytest.raises(FormatError, match="not a builtin exception class"):
        serialization.resolve_exception("m", "C", "open")

    def local(x):
        class Inner(ValueError):
            pass
        assert_(x > 0, "must be positive", error=Inner)
        return x

    graph = trace(local, [TensorSpec((), np.float64)]).graph
    loaded = round_trip(graph, tmp_path)
    with pytest.raises(ValueError, match="must be positive") as info:
        interpreter.run(loaded, [np.float64(-1.0)])
    assert isinstance(info.value, SavedExceptionStandIn) and type(info.value).__name__ == "Inner"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["add", "mul", "sub", "maximum", "sum", "cumsum", "getitem", "where", "sin"]),
                min_size=1, max_size=8),
       st.integers(1, 5), st.sampled_from([np.float64, np.float32, np.int64]))
def test_random_graphs_round_trip(tmp_path_factory, steps, n, dtype):
    def fn(x, y):
        for step in steps:
            if step in ("add", "mul", "sub", "maximum"):
                x = getattr(np, {"add": "add", "mul": "multiply", "sub": "subtract", "maximum": "maximum"}[step])(x, y)
            elif step == "sum":
                x = x - np.sum(x, axis=0, keepdims=True)
            elif step == "cumsum":
                x = np.cumsum(x, axis=0)
            elif step == "getitem":
                x = x[::-1]
            elif step == "where":
                x = np.where(x > y, x, y)
            else:
                x = np.sin(x)
        return x, x[0]

    specs = [TensorSpec((n,), dtype), TensorSpec((n,), dtype)]
    graph = trace(fn, specs).graph
    inputs = [np.arange(n).astype(dtype), (np.arange(n) % 3).astype(dtype)]
    assert_same_run(graph, round_trip(graph, tmp_path_factory.mktemp("h")), inputs)


def test_every_kind_of_attr_value_round_trips(tmp_path, capsys):
    template = ("text", 1 + 2j, b"\x00b", {"a": (1, [2.5, None, True])}, float("nan"), -float("inf"),
                np.float32(1.5), np.int8(-3), np.dtype("<U3"), np.dtype("datetime64[s]"), slice(1, None, -2),
                Ellipsis, np.add, Ref(0), 10**30, np.array([[1, 2]], np.uint16))
    graph = one_node("print", [M], template=template, sep="|", end="!\n")
    loaded = round_trip(graph, tmp_path)
    got = loaded.nodes[0].attrs["template"]
    assert [type(a) for a in got] == [type(a) for a in template]
    assert repr(got) == repr(template)
    interpreter.run(graph, [M])
    interpreter.run(loaded, [M])
    first, second = capsys.readouterr().out.split("!\n")[:2]
    assert first == second


# --- what saving refuses ------------------------------------------------------------------------------

def test_an_attr_the_format_cannot_hold_is_refused_naming_the_op(tmp_path):
    graph = one_node("print", [M], template=(object(), Ref(0)), sep=" ", end="\n")
    with pytest.raises(SerializationError, match=r"node 0 \(print\): attr 'template' is a builtins.object"):
        serialization.save_graph(tmp_path / "g.agz", graph)
    assert not (tmp_path / "g.agz").exists()


def test_an_object_array_is_refused(tmp_path):
    graph = one_node("print", [M], template=(np.array([None, 1], dtype=object), Ref(0)), sep=" ", end="\n")
    with pytest.raises(SerializationError, match="dtype object, which a saved function cannot hold"):
        serialization.save_graph(tmp_path / "g.agz", graph)


# --- what loading refuses -----------------------------------------------------------------------------

@pytest.fixture
def saved(tmp_path):
    graph = one_node("add", [M, V])
    path = tmp_path / "g.agz"
    serialization.save_graph(path, graph)
    return path


def rewrite(path, change) -> None:
    """Rewrite the zip with ``change(name, data) -> data`` applied to every member."""
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, change(name, data))


def test_a_newer_format_version_is_refused(saved):
    def newer(name, data):
        if name != "manifest.json":
            return data
        manifest = json.loads(data)
        manifest["version"] = serialization.FORMAT_VERSION + 1
        return json.dumps(manifest).encode()
    rewrite(saved, newer)
    with pytest.raises(FormatError, match=r"saved in format version 2, but this autograph-numpy reads versions up "
                                          r"to 1; load it with a newer autograph-numpy"):
        serialization.load(saved)


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.9, 0.99])
def test_a_truncated_file_is_refused(saved, keep):
    data = saved.read_bytes()
    saved.write_bytes(data[:int(len(data) * keep)])
    with pytest.raises(FormatError, match="truncated or damaged"):
        serialization.load(saved)


def test_an_edited_member_is_refused_by_its_checksum(saved):
    def edit(name, data):
        return data.replace(b'"add"', b'"sub"') if name == "function.json" else data
    rewrite(saved, edit)
    with pytest.raises(FormatError, match="function.json does not match its checksum; the file was altered"):
        serialization.load(saved)


def test_an_edited_array_is_refused_by_its_checksum(tmp_path):
    path = tmp_path / "c.agz"
    serialization.save_graph(path, one_node("constant", [], value=np.arange(4.0)))
    rewrite(path, lambda name, data: data[:-8] + np.float64(7).tobytes() if name.startswith("arrays/") else data)
    with pytest.raises(FormatError, match=r"arrays/0.npy does not match its checksum"):
        serialization.load(path)


def test_flipped_bytes_inside_the_zip_are_refused(saved):
    data = bytearray(saved.read_bytes())
    start = data.index(b"function.json") + 40  # inside the compressed document
    data[start:start + 4] = bytes(b ^ 0xFF for b in data[start:start + 4])
    saved.write_bytes(bytes(data))
    with pytest.raises(FormatError):
        serialization.load(saved)


def test_an_added_member_is_refused(saved):
    with zipfile.ZipFile(saved, "a") as archive:
        archive.writestr("evil.pkl", b"\x80\x04")
    with pytest.raises(FormatError, match=r"holds files its manifest does not list \(evil.pkl\)"):
        serialization.load(saved)


def test_an_unknown_op_with_a_matching_checksum_is_refused(saved):
    """Someone who recomputes the checksums still cannot make a load run anything outside the op set."""
    import hashlib

    def edit(name, data):
        return data.replace(b'"add"', b'"system"') if name == "function.json" else data
    rewrite(saved, edit)
    with zipfile.ZipFile(saved) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    manifest = json.loads(members["manifest.json"])
    manifest["files"]["function.json"] = hashlib.sha256(members["function.json"]).hexdigest()
    rewrite(saved, lambda name, data: json.dumps(manifest).encode() if name == "manifest.json" else data)
    with pytest.raises(FormatError, match="unknown op 'system'; the ops are a closed set"):
        serialization.load(saved)


def test_a_pickled_array_is_refused_even_with_a_matching_checksum(tmp_path):
    import hashlib
    import io

    path = tmp_path / "c.agz"
    serialization.save_graph(path, one_node("constant", [], value=np.arange(4.0)))
    buffer = io.BytesIO()
    np.save(buffer, np.array([object()], dtype=object), allow_pickle=True)
    pickled = buffer.getvalue()
    with zipfile.ZipFile(path) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    manifest["files"]["arrays/0.npy"] = hashlib.sha256(pickled).hexdigest()
    rewrite(path, lambda name, data: pickled if name == "arrays/0.npy"
            else json.dumps(manifest).encode() if name == "manifest.json" else data)
    with pytest.raises(FormatError, match=r"arrays/0.npy is not a plain .npy array"):
        serialization.load(path)


def test_not_a_saved_function(tmp_path):
    path = tmp_path / "x.agz"
    path.write_bytes(b"hello")
    with pytest.raises(FormatError, match="not a readable saved function"):
        serialization.load(path)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("other.txt", "x")
    with pytest.raises(FormatError, match="not a saved autograph function"):
        serialization.load(path)
    with pytest.raises(FileNotFoundError, match="no saved function at"):
        serialization.load(tmp_path / "missing.agz")


def _total(x):
    return np.sum(x)


@pytest.mark.parametrize("scalar, message", [(b"3", r"a spec's scalar is 3, not true, false or absent")])
def test_a_spec_whose_scalar_is_not_a_bool_is_refused(tmp_path, scalar, message):
    """A returned NumPy scalar's spec says so (``"scalar":true``); anything else there is a damaged file."""
    import hashlib

    import autograph

    traced = autograph.function(_total)
    traced(np.ones(3))
    path = tmp_path / "total.agraph"
    autograph.save(traced, path)
    with zipfile.ZipFile(path) as archive:
        members = {name: archive.read(name) for name in archive.namelist()}
    assert b'"scalar":true' in members["function.json"]
    edited = members["function.json"].replace(b'"scalar":true', b'"scalar":' + scalar)
    manifest = json.loads(members["manifest.json"])
    manifest["files"]["function.json"] = hashlib.sha256(edited).hexdigest()
    rewrite(path, lambda name, data: edited if name == "function.json"
            else json.dumps(manifest).encode() if name == "manifest.json" else data)
    with pytest.raises(FormatError, match=message):
        autograph.load(path)
