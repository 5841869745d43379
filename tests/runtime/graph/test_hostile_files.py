"""Loading a file someone else made (runtime/graph/serialization.py): whatever the bytes, ``load`` either
gives a function that runs as saved or raises ``FormatError`` naming what is wrong, without allocating
more than the declared (and limited) sizes, and a loaded function never reaches outside itself.

Each hostile file here has checksums that match (``craft`` recomputes them), so the check under test is
the one that refuses it, not the SHA-256 layer."""

from __future__ import annotations

import hashlib
import io
import json
import warnings
import zipfile

import numpy as np
import pytest

from runtime.graph import assert_, interpreter, serialization, trace
from runtime.graph.loaded import LoadedFunction
from runtime.graph.serialization import FormatError, SerializationError
from runtime.graph.tracing import TensorSpec

MiB = 1 << 20


def members_of(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name != "manifest.json"}


def craft(path, members: dict, *, manifest: dict | None = None) -> None:
    """A zip with ``members`` and a manifest whose checksums match them."""
    files = {name: hashlib.sha256(data).hexdigest() for name, data in members.items()}
    doc = {"format": serialization.FORMAT_NAME, "version": 1, "files": files}
    doc.update(manifest or {})
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(doc))
        for name, data in members.items():
            archive.writestr(name, data)


def saved_graph(tmp_path, fn, specs, name="g.agz"):
    path = tmp_path / name
    serialization.save_graph(path, trace(fn, specs).graph)
    return path


def edit_document(path, change) -> None:
    """Rewrite function.json through ``change(document)`` (which edits it in place), checksums recomputed."""
    members = members_of(path)
    document = json.loads(members["function.json"])
    change(document)
    members["function.json"] = json.dumps(document).encode()
    craft(path, members)


def nodes(document, k=0):
    return document["concrete_functions"][k]["graph"]["nodes"]


@pytest.fixture
def add_file(tmp_path):
    return saved_graph(tmp_path, lambda x: x + np.arange(3.0), [TensorSpec((3,), np.float64)])


def test_a_crafted_file_with_matching_checksums_loads(add_file):
    craft(add_file, members_of(add_file))  # the helper itself makes loadable files
    np.testing.assert_array_equal(interpreter.run(serialization.load_graph(add_file), [np.ones(3)])[0], [1, 2, 3])


# --- 4. sizes are checked before anything is decompressed ---------------------------------------------------

def opened_members(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = zipfile.ZipFile.open

    def spy(self, name, *args, **kwargs):
        seen.append(getattr(name, "filename", name))
        return real(self, name, *args, **kwargs)

    monkeypatch.setattr(zipfile.ZipFile, "open", spy)
    return seen


def test_a_member_over_max_bytes_is_refused_before_it_is_decompressed(add_file, monkeypatch):
    members = members_of(add_file)
    members["arrays/0.npy"] = bytes(64 * MiB)  # compresses to ~64 KiB: a small zip bomb
    craft(add_file, members)
    seen = opened_members(monkeypatch)
    with pytest.raises(FormatError, match=r"its members hold 64.0 MiB uncompressed \(arrays/0.npy: 64.0 MiB\), "
                                          r"more than max_bytes=16.0 MiB; if you trust the file, load it with a "
                                          r"larger max_bytes="):
        serialization.load(add_file, max_bytes=16 * MiB)
    assert "arrays/0.npy" not in seen


def _forge_file_size(path, name: str, size: int) -> None:
    """Make the zip's central directory claim ``size`` uncompressed bytes for ``name`` (a lying header)."""
    data = bytearray(path.read_bytes())
    entry = data.find(b"PK\x01\x02")
    while entry != -1:
        name_length = int.from_bytes(data[entry + 28:entry + 30], "little")
        if data[entry + 46:entry + 46 + name_length].decode() == name:
            data[entry + 24:entry + 28] = size.to_bytes(4, "little")
        entry = data.find(b"PK\x01\x02", entry + 4)
    path.write_bytes(bytes(data))


def test_a_declared_size_over_the_default_limit_is_refused_unread(add_file, monkeypatch):
    _forge_file_size(add_file, "arrays/0.npy", 3 << 30)  # 3 GiB claimed, 2 GiB by default
    seen = opened_members(monkeypatch)
    with pytest.raises(FormatError, match=r"more than max_bytes=2.0 GiB"):
        serialization.load(add_file)
    assert seen == []


def test_a_large_manifest_is_refused_before_it_is_read(add_file, monkeypatch):
    craft(add_file, members_of(add_file), manifest={"padding": " " * (20 * MiB)})
    seen = opened_members(monkeypatch)
    with pytest.raises(FormatError, match=r"manifest.json is 20.0 MiB uncompressed, more than the 4.0 MiB a "
                                          r"manifest may have \(max_manifest_bytes\); the file was altered, or "
                                          r"load it with a larger max_manifest_bytes= if you trust it"):
        serialization.load(add_file)
    assert seen == []
    serialization.load(add_file, max_manifest_bytes=21 * MiB)  # the override


def test_a_large_document_is_refused_before_it_is_read(add_file):
    members = members_of(add_file)
    members["function.json"] = members["function.json"][:-1] + b', "padding": "' + b" " * (3 * MiB) + b'"}'
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"function.json is 3.0 MiB uncompressed, more than max_document_bytes="
                                          r"1.0 MiB"):
        serialization.load(add_file, max_document_bytes=MiB)
    serialization.load(add_file)  # the default takes it


def test_a_member_longer_than_declared_is_cut_off_while_streaming(add_file, monkeypatch):
    # zipfile stops at the size the zip declares; the reader does not rely on it: it counts as it hashes.
    calls = []
    monkeypatch.setattr(zipfile.ZipExtFile, "read", lambda self, n=-1: (calls.append(n), b"x" * 70000)[1])
    with pytest.raises(FormatError, match=r"manifest.json goes on past the \d+ bytes its zip entry declares; the "
                                          r"file was altered or damaged after saving"):
        serialization.load(add_file)
    assert len(calls) <= 2  # it stopped at the first chunk too many


def test_members_nothing_uses_are_refused(add_file):
    members = members_of(add_file)
    craft(add_file, {**members, "notes.txt": b"hello"})
    with pytest.raises(FormatError, match=r"its manifest lists notes.txt, which a saved function does not use; "
                                          r"the file was altered after saving"):
        serialization.load(add_file)
    buffer = io.BytesIO()
    np.save(buffer, np.arange(4.0))
    craft(add_file, {**members, "arrays/1.npy": buffer.getvalue()})
    with pytest.raises(FormatError, match=r"arrays/1.npy is never used by the function; the file was altered"):
        serialization.load(add_file)
    craft(add_file, {**members, "arrays/5.npy": buffer.getvalue()})
    with pytest.raises(FormatError, match=r"arrays/5.npy is listed but arrays/4.npy is not \(arrays are numbered "
                                          r"from 0 without gaps\); the file was altered after saving"):
        serialization.load(add_file)


def test_a_listed_member_that_is_missing_is_refused(add_file):
    members = members_of(add_file)
    craft(add_file, members)
    with zipfile.ZipFile(add_file) as archive:
        manifest = archive.read("manifest.json")
    with zipfile.ZipFile(add_file, "w") as archive:
        archive.writestr("manifest.json", manifest)
        archive.writestr("function.json", members["function.json"])
    with pytest.raises(FormatError, match=r"arrays/0.npy is listed in its manifest but missing; the file is "
                                          r"incomplete"):
        serialization.load(add_file)


def test_a_member_twice_in_the_zip_is_refused(add_file):
    members = members_of(add_file)
    craft(add_file, members)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about the duplicate name
        with zipfile.ZipFile(add_file, "a") as archive:
            archive.writestr("function.json", b"{}")
    with pytest.raises(FormatError, match=r"holds function.json twice"):
        serialization.load(add_file)


# --- 5. every malformed file is a FormatError ----------------------------------------------------------

def test_deeply_nested_json_is_a_format_error(add_file):
    members = members_of(add_file)
    members["function.json"] = b"[" * 100_000 + b"]" * 100_000
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"function.json is nested too deeply to be a saved function"):
        serialization.load(add_file)


def npy(header: dict, data: bytes) -> bytes:
    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, header)
    return buffer.getvalue() + data


def test_an_npy_header_claiming_more_elements_than_it_holds_is_refused_before_allocating(add_file):
    members = members_of(add_file)
    members["arrays/0.npy"] = npy({"descr": "<f8", "fortran_order": False, "shape": (10**12,)}, bytes(24))
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"arrays/0.npy: its header declares shape \(1000000000000,\) of <f8 "
                                          r"\(8000000000000 bytes\), but it holds 24 bytes of data"):
        serialization.load(add_file)
    members["arrays/0.npy"] = npy({"descr": "<f8", "fortran_order": False, "shape": (2**40, 2**40)}, bytes(24))
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"arrays/0.npy: its header declares shape \(1099511627776, "
                                          r"1099511627776\) of <f8"):
        serialization.load(add_file)


def test_an_npy_member_that_is_not_npy_is_refused(add_file):
    members = members_of(add_file)
    members["arrays/0.npy"] = b"not an array at all"
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"arrays/0.npy is not a plain .npy array"):
        serialization.load(add_file)


@pytest.fixture
def arange_file(tmp_path):
    from runtime.graph.tensor import bind
    return saved_graph(tmp_path, lambda: bind("arange", (), start=0, stop=6, step=2, dtype=np.dtype(np.int64)), [],
                      "arange.agz")


def test_arange_with_step_zero_or_an_infinite_stop_is_a_format_error(arange_file):
    def step_zero(document):
        nodes(document)[0]["attrs"]["step"] = 0
    edit_document(arange_file, step_zero)
    with pytest.raises(FormatError, match=r"concrete function 0: node 0 \(arange\): its inputs and attrs do not "
                                          r"make a valid arange \(ZeroDivisionError: ") as info:
        serialization.load(arange_file)
    assert isinstance(info.value.__cause__, ZeroDivisionError)

    def infinite(document):
        nodes(document)[0]["attrs"].update(step=2, stop={"$": "float", "repr": "inf"})
    edit_document(arange_file, infinite)
    with pytest.raises(FormatError, match=r"node 0 \(arange\): its inputs and attrs do not make a valid arange "
                                          r"\(OverflowError: "):
        serialization.load(arange_file)


def test_an_unknown_or_missing_attr_is_refused_at_load(add_file, arange_file):
    def bogus(document):
        nodes(document)[1]["attrs"]["bogus"] = 1
    edit_document(add_file, bogus)
    with pytest.raises(FormatError, match=r"concrete function 0: node 1 \(add\): unknown attr 'bogus'; add takes "
                                          r"no attrs"):
        serialization.load(add_file)

    def missing(document):
        nodes(document)[0]["attrs"]["stp"] = nodes(document)[0]["attrs"].pop("step")
    edit_document(arange_file, missing)
    with pytest.raises(FormatError, match=r"node 0 \(arange\): unknown attr 'stp'; arange takes the attrs start, "
                                          r"stop, step, dtype"):
        serialization.load(arange_file)

    def without(document):
        attrs = nodes(document)[0]["attrs"]
        attrs["step"] = attrs.pop("stp")
        del attrs["dtype"]
    edit_document(arange_file, without)
    with pytest.raises(FormatError, match=r"node 0 \(arange\): attr 'dtype' is missing; arange takes the attrs"):
        serialization.load(arange_file)


def nested(depth: int):
    value = 1
    for _ in range(depth):
        value = {"$": "tuple", "items": [value]}
    return value


def test_a_deeply_nested_default_is_refused_at_load(add_file):
    def deep_default(document):
        document["parameters"][0]["default"] = {"value": nested(450)}
    edit_document(add_file, deep_default)
    with pytest.raises(FormatError, match=r"the default of parameter 'x0': values are nested more than 32 deep"):
        LoadedFunction(serialization.load(add_file))

    def shallow_default(document):
        document["parameters"][0]["default"] = {"value": nested(30)}
    edit_document(add_file, shallow_default)
    loaded = LoadedFunction(serialization.load(add_file))
    np.testing.assert_array_equal(loaded(np.ones(3))[0], [1, 2, 3])


def test_deeply_nested_subgraphs_are_refused_at_load(add_file):
    def deep_graph(document):
        graph = empty = {"inputs": [], "nodes": [], "outputs": []}
        for _ in range(40):  # a cond whose branches hold a cond whose branches...
            graph = {"inputs": [], "nodes": [{"op": "cond", "inputs": [], "outputs": [], "location": None,
                                             "attrs": {"true_graph": {"$": "graph", "graph": graph},
                                                       "false_graph": {"$": "graph", "graph": empty}}}],
                     "outputs": []}
        document["concrete_functions"][0]["graph"]["nodes"][1]["attrs"]["x"] = {"$": "graph", "graph": graph}
    edit_document(add_file, deep_graph)
    with pytest.raises(FormatError, match=r"nested more than 32 deep"):
        serialization.load(add_file)


def test_unexpected_failures_while_decoding_are_format_errors_that_keep_their_cause(add_file, monkeypatch):
    monkeypatch.setattr(serialization, "_check_consistent", lambda concretes: 1 // 0)
    with pytest.raises(FormatError, match=r"malformed saved function \(ZeroDivisionError: ") as info:
        serialization.load(add_file)
    assert isinstance(info.value.__cause__, ZeroDivisionError)


def test_an_interrupt_while_loading_is_not_a_format_error(add_file, monkeypatch):
    def interrupt(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(serialization, "_check_consistent", interrupt)
    with pytest.raises(KeyboardInterrupt):
        serialization.load(add_file)


# --- 6. a loaded file does not reach outside itself -------------------------------------------------------

@pytest.fixture
def assert_file(tmp_path):
    def fn(x):
        assert_(np.all(x > 0), "must be positive", error=ValueError)
        return x * 2
    return saved_graph(tmp_path, fn, [TensorSpec((3,), np.float64)])


@pytest.mark.parametrize("name", ["SystemExit", "KeyboardInterrupt", "GeneratorExit", "BaseException"])
def test_an_exception_class_that_is_not_an_exception_is_refused(assert_file, name):
    def base_exception(document):
        for node in nodes(document):
            if node["op"] == "assert":
                node["attrs"]["error"] = {"$": "exception", "module": "builtins", "qualname": name,
                                          "builtin_base": name}
    edit_document(assert_file, base_exception)
    with pytest.raises(FormatError, match=rf"the exception class builtins.{name} is not an Exception subclass; a "
                                          r"loaded graph may raise only Exception subclasses"):
        serialization.load(assert_file)


def test_a_user_class_deriving_from_base_exception_only_is_refused(assert_file):
    def user_class(document):
        for node in nodes(document):
            if node["op"] == "assert":
                node["attrs"]["error"] = {"$": "exception", "module": __name__, "qualname": "_Exit",
                                          "builtin_base": "Exception"}
    edit_document(assert_file, user_class)
    graph = serialization.load_graph(assert_file)  # _Exit is no Exception: a stand-in (an Exception) takes its place
    with pytest.raises(Exception, match="must be positive") as info:
        interpreter.run(graph, [-np.ones(3)])
    assert not isinstance(info.value, _Exit)


class _Exit(SystemExit):
    pass


def test_saving_refuses_an_exception_class_a_load_would_refuse(tmp_path):
    def fn(x):
        assert_(np.all(x > 0), "bye", error=_Exit)
        return x
    graph = trace(fn, [TensorSpec((3,), np.float64)]).graph
    with pytest.raises(SerializationError, match=r"is the exception class .*_Exit, which derives from SystemExit, "
                                                 r"not Exception; a saved graph may raise only Exception subclasses"):
        serialization.save_graph(tmp_path / "g.agz", graph)
    assert not (tmp_path / "g.agz").exists()


def test_a_location_is_a_label_and_no_source_file_is_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET LINE\n")
    path = saved_graph(tmp_path, lambda x: x / np.zeros(3), [TensorSpec((3,), np.float64)])

    def point_at_secret(document):
        for node in nodes(document):
            node["location"] = [str(secret), 1]
    edit_document(path, point_at_secret)
    graph = serialization.load_graph(path)
    assert graph.nodes[1].location == (f"<saved: {secret}>", 1)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        interpreter.run(graph, [np.ones(3)])
    # What Python's display of the warning prints (it reads the line from the named file, through linecache).
    shown = "".join(warnings.formatwarning(w.message, w.category, w.filename, w.lineno) for w in caught)
    assert f"<saved: {secret}>:1: RuntimeWarning: divide by zero" in shown
    assert "TOP SECRET" not in shown


def test_a_location_label_cannot_forge_lines(add_file):
    def forged(document):
        nodes(document)[1]["location"] = ["a.py\nFAKE: line", 3]
    edit_document(add_file, forged)
    assert serialization.load_graph(add_file).nodes[1].location == ("<saved: a.py\\nFAKE: line>", 3)

    def bad_line(document):
        nodes(document)[1]["location"] = ["a.py", -3]
    edit_document(add_file, bad_line)
    with pytest.raises(FormatError, match=r"node 1 \(add\): its location \['a.py', -3\] is not \[file, line\]"):
        serialization.load(add_file)


# --- the messages of the other refusals -------------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda d: d["concrete_functions"][0]["graph"]["inputs"][0].update(shape=[-3]),
     r"concrete function 0: a value has the shape \(-3,\), with a negative dimension"),
    (lambda d: nodes(d)[1].update(op=["add"]),
     r"concrete function 0: unknown op \['add'\]; the ops are a closed set"),
    (lambda d: d["parameters"].append(dict(d["parameters"][0])),
     r"its parameters: malformed saved function \(ValueError: duplicate parameter name: 'x0'\)"),
    (lambda d: d["concrete_functions"][0]["arg_tree"]["children"].append(
        d["concrete_functions"][0]["arg_tree"]["children"][0]),
     r"concrete function 0: its arguments do not match the parameters"),
    (lambda d: d["concrete_functions"][0].update(out_tree=json.loads(json.dumps(nested_tree(40)))),
     r"concrete function 0: structures are nested more than 32 deep"),
    (lambda d: d.update(variables=7),
     r"its document: malformed saved function \(TypeError: 'int' object is not iterable\)"),
])
def test_malformed_documents_are_named(add_file, change, message):
    edit_document(add_file, change)
    with pytest.raises(FormatError, match=message):
        LoadedFunction(serialization.load(add_file))


def nested_tree(depth: int) -> dict:
    tree = {"kind": "leaf", "children": [], "keys": []}
    for _ in range(depth):
        tree = {"kind": "tuple", "children": [tree], "keys": []}
    return tree


def test_running_out_of_memory_while_decoding_is_a_format_error(add_file, monkeypatch):
    def too_much(concretes):
        raise MemoryError("Unable to allocate 7.28 TiB")
    monkeypatch.setattr(serialization, "_check_consistent", too_much)
    with pytest.raises(FormatError, match=r"its signatures: ran out of memory while loading it \(Unable to allocate "
                                          r"7.28 TiB\); it declares more than this process can hold"):
        serialization.load(add_file)


def test_zip_level_refusals_are_named(add_file, monkeypatch):
    members = members_of(add_file)
    craft(add_file, {"arrays/0.npy": members["arrays/0.npy"]})
    with pytest.raises(FormatError, match=r"its manifest does not list function.json; the file is incomplete"):
        serialization.load(add_file)
    craft(add_file, members)
    data = bytearray(add_file.read_bytes())
    entry = data.find(b"PK\x01\x02")
    data[entry + 8] |= 1  # the central directory's "encrypted" flag of the first member
    add_file.write_bytes(bytes(data))
    with pytest.raises(FormatError, match=r"manifest.json is encrypted; a saved function never is"):
        serialization.load(add_file)
    craft(add_file, members)
    monkeypatch.setattr(zipfile.ZipExtFile, "read", lambda self, n=-1: b"")
    with pytest.raises(FormatError, match=r"manifest.json ends after 0 of the \d+ bytes its zip entry declares; the "
                                          r"file is truncated or damaged"):
        serialization.load(add_file)


def test_npy_headers_that_cannot_be_arrays_are_refused(add_file):
    members = members_of(add_file)
    members["arrays/0.npy"] = npy({"descr": "<f8", "fortran_order": False, "shape": (-1, 0)}, b"")
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"arrays/0.npy: its header declares the shape \(-1, 0\), with a negative "
                                          r"dimension"):
        serialization.load(add_file)
    members["arrays/0.npy"] = b"\x93NUMPY\x07\x00" + bytes(20)
    craft(add_file, members)
    with pytest.raises(FormatError, match=r"arrays/0.npy is not a plain .npy array \("):
        serialization.load(add_file)


def test_a_file_without_concrete_functions_has_no_graph(tmp_path):
    path = saved_graph(tmp_path, lambda x: -x, [TensorSpec((3,), np.float64)])
    edit_document(path, lambda d: d.update(concrete_functions=[]))
    with pytest.raises(FormatError, match=r"holds no concrete function, so no graph"):
        serialization.load_graph(path)
