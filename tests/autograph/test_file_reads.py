"""A traced function that reads a file: its graph holds what it read, so a call after the file changed traces again
and gives eager's answer (autograph/file_reads.py). Until stop 86 the graph gave the values its trace read at every
later call: a new checkpoint saved under the same name, an edited JSON config, a rewritten table were never seen.
Each program reads a file, the test rewrites it between calls, and every call must give what the function gives
eagerly at that moment, on every executor and backend."""

from __future__ import annotations

import glob
import json
import os
import pathlib
import threading
import warnings

import numpy as np
import pytest

import autograph
from autograph import file_reads
from autograph.retracing import WINDOW_TRACES
from tests.helpers import in_threads, interrupted_at_many_points

MODES = [dict(), dict(executor="jax"), dict(executor="auto"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "auto", "backend-jax"]

FILES: dict[str, str] = {}  # a kind of file -> its path, for this test (the `files` fixture)


def _write(kind: str, scale: float) -> None:
    path = FILES[kind]
    values = np.array([1.0, 2.0, 3.0]) * scale
    if kind == "npy":
        np.save(path, values)
    elif kind in ("txt", "csv"):
        np.savetxt(path, values, delimiter=",")
    elif kind == "bin":
        values.tofile(path)
    else:  # json
        pathlib.Path(path).write_text(json.dumps({"scale": scale}))


@pytest.fixture(autouse=True)
def files(tmp_path):
    for kind in ("npy", "txt", "csv", "bin", "json"):
        FILES[kind] = str(tmp_path / f"data.{kind}")
        _write(kind, 1.0)
    yield FILES
    FILES.clear()


def loads_npy(x):
    return x * np.load(FILES["npy"])


def loads_text(x):
    table = np.loadtxt(FILES["txt"], delimiter=",")
    if np.sum(table) > 6.0:
        return x + table
    return x - table


def reads_csv_with_genfromtxt(x):
    return x * np.genfromtxt(FILES["csv"], delimiter=",")


def reads_raw_bytes(x):
    return x + np.fromfile(FILES["bin"])


def maps_the_file(x):
    return x * np.memmap(FILES["bin"], dtype=np.float64, mode="r")


def reads_a_json_config(x):
    with open(FILES["json"]) as handle:
        config = json.load(handle)
    return x * config["scale"]


def reads_a_path(x):
    return x * json.loads(pathlib.Path(FILES["json"]).read_text())["scale"]


def reads_through_os_open(x):
    fd = os.open(FILES["json"], os.O_RDONLY)
    try:
        text = os.read(fd, 1000)
    finally:
        os.close(fd)
    return x * json.loads(text)["scale"]


READERS = {
    "np.load": (loads_npy, "npy"),
    "np.loadtxt": (loads_text, "txt"),
    "np.genfromtxt": (reads_csv_with_genfromtxt, "csv"),
    "np.fromfile": (reads_raw_bytes, "bin"),
    "np.memmap": (maps_the_file, "bin"),
    "open + json.load": (reads_a_json_config, "json"),
    "pathlib.Path.read_text": (reads_a_path, "json"),
    "os.open + os.read": (reads_through_os_open, "json"),
}


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("how", list(READERS))
def test_a_file_rewritten_between_calls_traces_again(how, mode):
    fn, kind = READERS[how]
    traced = autograph.function(fn, **mode)
    x = np.array([0.5, -1.0, 2.0])
    for _ in range(2):
        np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 1, "the file did not change: no new trace"
    before = fn(x)
    _write(kind, 4.0)
    assert not np.allclose(fn(x), before), "the rewrite changes eager's answer (else the check could not fail)"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        for _ in range(2):
            np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 2


def test_the_retracing_warning_and_a_stale_concrete_function_name_the_file():
    traced = autograph.function(loads_npy)
    x = np.ones(3)
    concrete = traced.get_concrete_function(x)
    traced(x)
    _write("npy", 2.0)
    with pytest.raises(Exception, match=f"the file {FILES['npy']}"):
        concrete(x)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for k in range(WINDOW_TRACES + 1):
            _write("npy", 3.0 + k)
            traced(x)
    messages = [str(w.message) for w in caught if issubclass(w.category, autograph.RetracingWarning)]
    assert any(f"the file {FILES['npy']} changed" in m for m in messages), messages


def test_a_file_removed_raises_as_eager_does():
    traced = autograph.function(loads_npy)
    traced(np.ones(3))
    os.remove(FILES["npy"])
    with pytest.raises(FileNotFoundError):
        loads_npy(np.ones(3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        with pytest.raises(FileNotFoundError):
            traced(np.ones(3))


def reads_a_cache_if_there(x):
    try:
        return x * np.load(FILES["npy"] + ".cache.npy")
    except FileNotFoundError:
        return x


def test_a_file_missing_when_traced_and_made_later_traces_again():
    traced = autograph.function(reads_a_cache_if_there)
    x = np.array([1.0, 2.0, 3.0])
    np.testing.assert_allclose(traced(x), x)
    np.save(FILES["npy"] + ".cache.npy", np.full(3, 5.0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        np.testing.assert_allclose(traced(x), reads_a_cache_if_there(x))
    assert traced.tracing_count == 2


def sums_every_run(x):
    total = np.zeros(3)
    for path in sorted(glob.glob(os.path.join(os.path.dirname(FILES["npy"]), "run-*.npy"))):
        total = total + np.load(path)
    return x + total


def test_a_file_added_to_a_directory_the_trace_listed_traces_again():
    directory = os.path.dirname(FILES["npy"])
    np.save(os.path.join(directory, "run-0.npy"), np.ones(3))
    traced = autograph.function(sums_every_run)
    x = np.zeros(3)
    np.testing.assert_allclose(traced(x), sums_every_run(x))
    np.save(os.path.join(directory, "run-1.npy"), np.full(3, 2.0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        np.testing.assert_allclose(traced(x), [3.0, 3.0, 3.0])
    assert traced.tracing_count == 2


def writes_a_log(x):
    with open(FILES["json"] + ".log", "a") as log:
        log.write("called\n")
    return x * 2.0


def test_a_file_the_trace_writes_is_a_side_effect_of_the_trace():
    """As ``print``: made while tracing, not when the graph runs (docs/graphs.md); the file is not looked at."""
    traced = autograph.function(writes_a_log)
    for _ in range(3):
        traced(np.ones(2))
    assert traced.tracing_count == 1
    assert pathlib.Path(FILES["json"] + ".log").read_text() == "called\n"
    assert traced._guards[0].files == []


def test_which_opened_files_count():
    opened = [
        ("/data/w.npy", "r", 0), ("/data/w.npy", "rb", 0),            # read (once)
        ("/data/out.npy", "wb", 0), ("/data/log.txt", "a", 0),         # written: a side effect
        ("/data/both.txt", "r+", 0), (7, "r", 0),                       # read and written (read); a descriptor
        ("/data/raw", None, os.O_RDONLY), ("/data/new", None, os.O_WRONLY | os.O_CREAT),
        ("/src/module.py", "r", 0), ("/src/module.cpython-311.pyc", "rb", 0),   # code
        (os.path.join(os.path.dirname(np.__file__), "table.txt"), "r", 0),       # an installed library's file
        (b"/data/bytes.csv", "r", 0), (pathlib.Path("relative.json"), "r", 0),
    ]
    listed = [("os.listdir", ("/data/runs",)), ("os.scandir", (b"/data/more",)), ("os.scandir", (3,))]
    assert file_reads.files_read([("open", args) for args in opened] + listed) == [
        "/data/w.npy", "/data/both.txt", "/data/raw", "/data/bytes.csv", os.path.abspath("relative.json"),
        "/data/runs", "/data/more"]


def test_a_trace_records_only_its_own_threads_files(tmp_path):
    """Another thread's opens while a trace runs are not the trace's (the recording is per context)."""
    other = tmp_path / "other.txt"
    other.write_text("x")
    stop = threading.Event()

    def opens_files():
        while not stop.is_set():
            other.read_text()

    opener = threading.Thread(target=opens_files)
    opener.start()
    try:
        def traces(k):
            traced = autograph.function(loads_npy if k % 2 else reads_a_json_config)
            traced(np.ones(3))
            assert [path for path, _ in traced._guards[0].files] == [FILES["npy" if k % 2 else "json"]]

        in_threads(traces, 8)
    finally:
        stop.set()
        opener.join()


def test_interrupts_leave_no_recording_behind():
    x = np.ones(3)
    # (JSON read through open and pathlib: an interrupt inside np.fromfile's C code comes out of NumPy as a TypeError,
    # "expected str, bytes or os.PathLike object, not BufferedReader", which is NumPy's, not a state of ours)
    for fn in (reads_a_path, reads_a_json_config):  # (converted before: an interrupt inside CPython's ast.parse
        autograph.function(fn)(x)                # breaks the interpreter's AST state, which is not ours to test)

    def calls(step):
        traced = autograph.function(reads_a_path if step % 2 else reads_a_json_config)
        try:
            traced(x)
        except SystemError as error:  # (CPython's: an interrupt inside ast's C code comes out as this SystemError)
            if "AST constructor recursion depth mismatch" not in str(error):
                raise
            raise KeyboardInterrupt from error

    def check(step):
        assert file_reads.opened_files.get() is None, f"after interrupt {step}"
        np.testing.assert_allclose(autograph.function(reads_a_path)(x), reads_a_path(x), err_msg=f"after {step}")

    assert interrupted_at_many_points(120, 60, calls, check) > 30


def test_a_module_imported_while_tracing_is_not_a_file_the_trace_read(tmp_path, monkeypatch):
    """The import system lists sys.path's directories and reads the module's code: neither is data the graph holds
    (else writing an output file next to the program would trace again at every call)."""
    (tmp_path / "module_imported_while_tracing.py").write_text("K = 2.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def imports_lazily(x):
        import module_imported_while_tracing

        return x * module_imported_while_tracing.K

    traced = autograph.function(imports_lazily)
    traced(np.ones(2))
    assert traced._guards[0].files == []
    (tmp_path / "output.txt").write_text("written next to the program")
    traced(np.ones(2))
    assert traced.tracing_count == 1


def loads_an_empty_table(path):
    return np.loadtxt(path)


def test_outside_a_trace_a_reader_is_called_as_it_is(tmp_path):
    """No frame of ours between the caller and the reader where no trace records: NumPy's warning names the line
    that called it, in the converted form too (runtime/file_calls.py ``reader_call``)."""
    import runtime
    from autograph.testing import converted_form

    assert runtime.call(np.load) is np.load and runtime.call(open) is open and runtime.call(os.listdir) is os.listdir
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with converted_form(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        autograph.convert(loads_an_empty_table)(str(empty))
    assert caught and all(w.filename == __file__ for w in caught), [(w.filename, w.lineno) for w in caught]
