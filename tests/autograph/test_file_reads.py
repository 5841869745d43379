"""A traced function that reads a file: its graph holds what it read, so a call after the file changed traces again
and gives eager's answer (autograph/file_reads.py). Until stop 86 the graph gave the values its trace read at every
later call: a new checkpoint saved under the same name, an edited JSON config, a rewritten table were never seen.
Each program reads a file, the test rewrites it between calls, and every call must give what the function gives
eagerly at that moment, on every executor and backend."""

from __future__ import annotations

import glob
import io
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
from tests.helpers import follows_one_change, in_threads, interrupted_at_many_points

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
        "/data/w.npy", "/data/both.txt", "/data/raw", "/data/bytes.csv", "relative.json",
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


# --- Questions about a path, directory listings, and the readers of libraries we do not convert (stop 87) ---------
# Until stop 87 each of these gave the graph of its first trace at every later call, silently: a cache made after
# the trace was never used, a file added to a directory never counted, a rewritten .mat, .wav or .gz file never read.


def _cache() -> str:
    return FILES["npy"] + ".cache.npy"


def asks_whether_it_exists(x):
    if os.path.exists(_cache()):
        return x * np.load(_cache())
    return x


def asks_a_path_object(x):
    if pathlib.Path(_cache()).is_file():
        return x * 2.0
    return x


def asks_the_size(x):
    return x * os.path.getsize(FILES["json"])


def asks_os_stat(x):
    return x * (os.stat(FILES["json"]).st_size > 20)


def counts_with_os_walk(x):
    n = 0
    for _root, _dirs, names in os.walk(os.path.dirname(FILES["npy"])):
        n += len(names)
    return x * n


def counts_with_path_glob(x):
    return x * len(list(pathlib.Path(FILES["npy"]).parent.glob("*.npy")))


def counts_with_iterdir(x):
    return x * len(list(pathlib.Path(FILES["npy"]).parent.iterdir()))


def _change_the_cache() -> None:
    np.save(_cache(), np.full(3, 3.0))


def _change_the_json() -> None:
    _write("json", 40.0)  # (a longer text: another size)


QUESTIONS = {
    "os.path.exists, missing when traced": (asks_whether_it_exists, _change_the_cache),
    "Path.is_file, missing when traced": (asks_a_path_object, _change_the_cache),
    "os.path.getsize": (asks_the_size, _change_the_json),
    "os.stat": (asks_os_stat, lambda: pathlib.Path(FILES["json"]).write_text(" " * 40)),
    "os.walk": (counts_with_os_walk, _change_the_cache),
    "Path.glob": (counts_with_path_glob, _change_the_cache),
    "Path.iterdir": (counts_with_iterdir, _change_the_cache),
}


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("how", list(QUESTIONS))
def test_a_question_about_a_path_is_asked_again_after_the_path_changed(how, mode):
    fn, change = QUESTIONS[how]
    follows_one_change(autograph.function(fn, **mode), fn, np.array([0.5, -1.0, 2.0]), change)


def _library_files(scale: float) -> None:
    import gzip

    import scipy.io
    import scipy.io.wavfile

    values = np.array([1.0, 2.0, 3.0]) * scale
    scipy.io.savemat(FILES["npy"] + ".mat", {"a": values})
    scipy.io.wavfile.write(FILES["npy"] + ".wav", 8000, (values * 100).astype(np.int16))
    with gzip.open(FILES["npy"] + ".gz", "wt") as handle:
        handle.write(" ".join(map(str, values)))
    pathlib.Path(FILES["npy"] + ".ini").write_text(f"[model]\nscale = {scale}\n")


def loads_a_mat_file(x):
    import scipy.io

    return x * scipy.io.loadmat(FILES["npy"] + ".mat")["a"].ravel()


def reads_a_wav_file(x):
    from scipy.io import wavfile

    _rate, data = wavfile.read(FILES["npy"] + ".wav")
    return x * data


def reads_gzipped_text(x):
    import gzip

    with gzip.open(FILES["npy"] + ".gz", "rt") as handle:
        return x * np.array(handle.read().split(), dtype=float)


def reads_an_ini_file(x):
    import configparser

    config = configparser.ConfigParser()
    config.read(FILES["npy"] + ".ini")
    return x * config.getfloat("model", "scale")


def _loaders():
    import scipy.io

    return {"mat": scipy.io.loadmat}


def loads_through_a_table(x):
    return x * _loaders()["mat"](FILES["npy"] + ".mat")["a"].ravel()  # (found at run time: no name to resolve)


LIBRARY_READERS = {
    "scipy.io.loadmat": loads_a_mat_file,
    "scipy.io.wavfile.read": reads_a_wav_file,
    "gzip.open": reads_gzipped_text,
    "ConfigParser.read": reads_an_ini_file,
    "loadmat from a table": loads_through_a_table,
}


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("how", list(LIBRARY_READERS))
def test_a_file_a_library_read_is_read_again_after_a_rewrite(how, mode):
    fn = LIBRARY_READERS[how]
    _library_files(1.0)
    follows_one_change(autograph.function(fn, **mode), fn, np.array([0.5, -1.0, 2.0]), lambda: _library_files(20.0))


def test_which_paths_the_new_kinds_note(tmp_path):
    """A question notes its path there or not; a library reader's argument counts if it names something or looks
    like a path (a directory in it, an extension: ConfigParser.read skips a file that is not there yet), not a mode,
    a key or a text."""
    there = tmp_path / "there"
    there.write_bytes(b"x")
    events = [("stat", (str(tmp_path / "missing.npy"),)), ("library", (str(there),)), ("library", ("r",)),
              ("library", ("not-there.ini",)), ("library", ("utf-8",)), ("library", ("x" * 5000,)),
              ("library", ("a\0b",)), ("library", ("some words. And more",)), ("stat", ("/src/module.py",))]
    assert file_reads.files_read(events) == [str(tmp_path / "missing.npy"), str(there), "not-there.ini"]


def test_which_names_are_a_readers():
    import gzip

    import scipy.io

    from runtime.file_calls import may_read_files

    for reader in (scipy.io.loadmat, scipy.io.mmread, scipy.io.wavfile.read, gzip.open, np.lib.format.open_memmap):
        assert may_read_files(reader), reader
    for other in (json.loads, json.dumps, np.sum, len, io.TextIOWrapper.readline, io.BufferedReader.readinto):
        assert not may_read_files(other), other


def loads_a_relative_path(x):
    return x * np.load("weights.npy")


@pytest.mark.parametrize("mode", MODES[:2], ids=MODE_IDS[:2])
def test_a_relative_path_is_looked_up_from_each_calls_working_directory(tmp_path, monkeypatch, mode):
    """After ``os.chdir`` the same relative name is another file, for eager code and for the graph."""
    for name, scale in (("a", 1.0), ("b", 5.0)):
        (tmp_path / name).mkdir()
        np.save(tmp_path / name / "weights.npy", np.arange(3.0) * scale)
    monkeypatch.chdir(tmp_path / "a")
    traced = autograph.function(loads_a_relative_path, **mode)
    x = np.ones(3)
    np.testing.assert_allclose(traced(x), [0.0, 1.0, 2.0])
    monkeypatch.chdir(tmp_path / "b")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        np.testing.assert_allclose(traced(x), loads_a_relative_path(x))
        np.testing.assert_allclose(traced(x), [0.0, 5.0, 10.0])
    assert traced.tracing_count == 2


# --- What the outside corpus of stop 87 found the first version missing (tests/coverage/test_paths_corpus.py) --------


def counts_the_whole_tree(x):
    n = 0
    for _root, _dirs, names in os.walk(os.path.dirname(FILES["npy"])):
        n += sum(name.endswith(".dat") for name in names)
    return x * n


def counts_with_a_recursive_glob(x):
    pattern = os.path.join(os.path.dirname(FILES["npy"]), "**", "*.dat")
    return x * len(glob.glob(pattern, recursive=True))


def counts_with_rglob(x):
    return x * len(list(pathlib.Path(FILES["npy"]).parent.rglob("*.dat")))


def _add_deep_file() -> None:
    deep = pathlib.Path(FILES["npy"]).parent / "a" / "b"
    (deep / f"{len(list(deep.iterdir()))}.dat").write_text("x")


def reads_settings_and_local_overrides(x):
    import configparser

    config = configparser.ConfigParser()
    config.read([FILES["npy"] + ".ini", FILES["npy"] + ".local.ini"])  # (the second one is not there at first)
    return x * config.getfloat("model", "scale")


def _add_local_overrides() -> None:
    pathlib.Path(FILES["npy"] + ".local.ini").write_text("[model]\nscale = 9.0\n")


def loads_a_mat_file_by_its_stem(x):
    import scipy.io

    return x * scipy.io.loadmat(FILES["npy"][:-len(".npy")] + "-table")["a"].ravel()  # (reads ...-table.mat)


def _rewrite_the_table() -> None:
    import scipy.io

    scipy.io.savemat(FILES["npy"][:-len(".npy")] + "-table.mat", {"a": np.array([7.0, 8.0, 9.0, 10.0])[:3]})


def _archive(kind: str, scale: float) -> None:
    import bz2
    import gzip
    import lzma
    import zipfile

    text = " ".join(str(v * scale) for v in (1.0, 2.0, 3.0)) + " " * int(scale)  # (another size)
    path = FILES["npy"] + "." + kind
    if kind == "zip":
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("values.txt", text)
    else:
        opener = {"gz": gzip.open, "bz2": bz2.open, "xz": lzma.open}[kind]
        with opener(path, "wt") as handle:
            handle.write(text)


def reads_a_zip_archive(x):
    import zipfile

    with zipfile.ZipFile(FILES["npy"] + ".zip") as archive:
        return x * np.array(archive.read("values.txt").split(), dtype=float)


def reads_a_gzip_file_object(x):
    import gzip

    with gzip.GzipFile(FILES["npy"] + ".gz") as handle:
        return x * np.array(handle.read().split(), dtype=float)


def reads_a_bz2_file_object(x):
    import bz2

    with bz2.BZ2File(FILES["npy"] + ".bz2") as handle:
        return x * np.array(handle.read().split(), dtype=float)


def reads_an_lzma_file_object(x):
    import lzma

    with lzma.LZMAFile(FILES["npy"] + ".xz") as handle:
        return x * np.array(handle.read().split(), dtype=float)


FOUND_LATER = {
    "os.walk, a file added two levels down": (counts_the_whole_tree, _add_deep_file),
    "glob.glob(recursive=True), likewise": (counts_with_a_recursive_glob, _add_deep_file),
    "Path.rglob, likewise": (counts_with_rglob, _add_deep_file),
    "ConfigParser.read of a list, one made later": (reads_settings_and_local_overrides, _add_local_overrides),
    "scipy.io.loadmat of a stem": (loads_a_mat_file_by_its_stem, _rewrite_the_table),
    "zipfile.ZipFile": (reads_a_zip_archive, lambda: _archive("zip", 5.0)),
    "gzip.GzipFile": (reads_a_gzip_file_object, lambda: _archive("gz", 5.0)),
    "bz2.BZ2File": (reads_a_bz2_file_object, lambda: _archive("bz2", 5.0)),
    "lzma.LZMAFile": (reads_an_lzma_file_object, lambda: _archive("xz", 5.0)),
}


@pytest.mark.parametrize("how", list(FOUND_LATER))
def test_what_the_outside_corpus_found_is_followed(how):
    import scipy.io

    fn, change = FOUND_LATER[how]
    deep = pathlib.Path(FILES["npy"]).parent / "a" / "b"
    deep.mkdir(parents=True)
    (deep / "first.dat").write_text("x")
    _library_files(1.0)
    scipy.io.savemat(FILES["npy"][:-len(".npy")] + "-table.mat", {"a": np.array([1.0, 2.0, 3.0])})
    for kind in ("zip", "gz", "bz2", "xz"):
        _archive(kind, 1.0)
    traced = autograph.function(fn)
    x = np.array([0.5, -1.0, 2.0])
    np.testing.assert_allclose(traced(x), fn(x))
    before = fn(x)
    change()
    assert not np.allclose(fn(x), before), "the change changes eager's answer (else the check could not fail)"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        np.testing.assert_allclose(traced(x), fn(x))
    assert traced.tracing_count == 2


def test_a_glob_under_a_root_dir_notes_the_directory_there(tmp_path):
    """``glob.glob(pattern, root_dir=d)``: the pattern is a path under ``d``, not under the working directory."""
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "a.npy").write_text("x")

    def counts_runs(x):
        return x * len(glob.glob("runs/*.npy", root_dir=tmp_path))

    traced = autograph.function(counts_runs)
    np.testing.assert_allclose(traced(np.ones(2)), [1.0, 1.0])
    (tmp_path / "runs" / "b.npy").write_text("x")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        np.testing.assert_allclose(traced(np.ones(2)), [2.0, 2.0])
