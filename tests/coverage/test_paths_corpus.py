"""A traced graph against eager NumPy on real functions that ask about a path, list a directory, or read a file with
a library we do not convert: ``tests/coverage/corpus_paths.py`` says where each comes from. A trace runs such a call
once, and its graph holds what the call answered (the cache was there, the directory held three result files, the
gzipped images were these); autograph/file_reads.py records the paths (runtime/file_calls.py: the questions
``os.path.exists`` and the like, the listings ``os.walk`` and ``pathlib``'s, and the readers of other libraries found
by their names, ``gzip.open``, ``scipy.io.loadmat``, ``scipy.io.wavfile.read``, ``wave.open``,
``ConfigParser.read``) and the guard of the trace traces again when one changed (by ``os.stat``; a path missing when
traced counts too). What the graph must do here: when such a path changes between two calls (a cache made or
removed, a result file added to or removed from a directory, a class directory added, a sound, a ``.mat`` table, a
gzipped data set or a configuration file rewritten), the second call gives eager's result on the new state of the
file system (or refuses clearly), never the first trace's stale one.

``PATH_CASES``: for every case, input and executor (the default, ``executor="numpy"``, and ``executor="jax"`` where
JAX is usable), the test runs in a directory of its own (made for it, the working directory while it runs, removed
after it: the upstream paths are relative) and a fresh ``autograph.function(fn, executor=...)`` is made. Then

1. ``write(0)`` writes the case's files (it may also leave a path missing: a cache the first eager call makes); eager
   ``fn(*inputs)`` and the graph's first call (which traces) run;
2. ``write(1)`` changes paths and returns them: each either existed just before it (after the two calls of step 1,
   which may have made files) and exists after it, as a file of another size (``os.stat``'s modification time may
   not change between two writes within the file system's time resolution, so the check asserts the size did,
   rather than sleep or set times) or as a directory of other entries (a file added or removed: its listing changes,
   and so does its ``os.stat``), or it was made or removed by ``write(1)``; the size check is only asserted for the
   paths that exist at both versions. Eager runs again, and its result must differ from its first (else the check
   could not tell a stale graph: the case is wrong); the graph's second call runs.

Array arguments are copied before every call. At each of the two graph calls the check passes when

* the graph raises a ``Limitation`` whose message names a line (``file.py:123``): a clear refusal (such checks are
  counted, and the count is printed at the end of the module; the check ends there); or
* both return the same result: ``np.testing.assert_allclose(rtol=1e-12, equal_nan=True)`` for numbers and arrays (and
  the same dtype for two floating arrays), containers item by item (lists and tuples by length and item, dicts by
  key), text, ``None`` and booleans equal.

Any other outcome fails, an exception of eager's class included (eager code raises nothing here); a second call that
gives eager's result from before the change says so. A case of ``KNOWN_STALE`` (corpus_paths.py) is a stale result
the graph is known to give: its checks are ``xfail(strict=True)``, with the reason, so that they fail as soon as the
graph gets them right (and the mark is to go).

Every test starts in a new empty directory and ends back in the working directory it found (asserted), with the
directory removed, so the module is order-independent and leaves nothing behind; the corpus holds no state that a
call changes (NumPy's error state, which FFTA's ``Cantilever`` sets, is restored around the call that sets it).

Written by a helper session as the outside corpus of stop 87's three new kinds of file-system access.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import numpy as np
import pytest

from tests.coverage.corpus_paths import KNOWN_STALE, PATH_CASES, PATH_KINDS
from tests.coverage.outcomes import Versions, check_between_changes, executor_params, report_refusals

CASES = {name: (fn, inputs, write) for name, fn, inputs, write in PATH_CASES}

REFUSED: list[str] = []  # the ids of the checks the graph refused with a Limitation that names a line


# ------------------------------------------------------------------------------------------------
# The state of the file system


def _state(path: str):
    """What a path is: ("dir", its entries), ("file", its size), or None (not there)."""
    if os.path.isdir(path):
        return "dir", frozenset(os.listdir(path))
    if os.path.isfile(path):
        return "file", os.stat(path).st_size
    return None


def _tree() -> dict[str, tuple]:
    """The state of every path under the working directory (the test's own), by normalised relative path."""
    states: dict[str, tuple] = {}
    for root, dirs, files in os.walk(os.curdir):
        for name in dirs + files:
            path = os.path.normpath(os.path.join(root, name))
            states[path] = _state(path)
    return states


def _changes(paths: list[str], before: dict[str, tuple]) -> list[str]:
    """How each path ``write(1)`` returned changed; a path that exists at both versions must have another size (a
    file) or other entries (a directory)."""
    problems = []
    for path in paths:
        old, new = before.get(os.path.normpath(path)), _state(path)
        if old is None and new is None:
            problems.append(f"{path} exists at neither version")
        elif old is not None and new is not None and old == new:
            what = f"the same size ({old[1]} bytes)" if old[0] == "file" else "the same entries"
            problems.append(f"{path} has {what} at both versions: its modification time may not change within the "
                            f"file system's time resolution, so the case could not tell a change")
    return problems


# ------------------------------------------------------------------------------------------------
# The check


VERSIONS = Versions(first="version 0 of the path(s)", second="the changed path(s)", change="change")


def check_paths(name: str, args: tuple, check_id: str, executor: str | None) -> None:
    fn, _, write = CASES[name]
    assert write(0), "write(0) returned no path"

    def change() -> None:
        before = _tree()
        changed = write(1)
        assert changed, "write(1) returned no path"
        problems = _changes(changed, before)
        assert not problems, "write(1):\n  " + "\n  ".join(problems)

    check_between_changes(fn, args, executor, change, VERSIONS, check_id, REFUSED)


# ------------------------------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    report_refusals(request, "paths", REFUSED)


@pytest.fixture(autouse=True)
def _in_a_directory_of_its_own():
    before = os.getcwd()
    errors = np.geterr()
    folder = tempfile.mkdtemp(prefix="paths_corpus_")
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(before)
        shutil.rmtree(folder)
    assert os.getcwd() == before and not os.path.exists(folder)
    assert np.geterr() == errors, "a call changed NumPy's error state"


def test_the_corpus_is_well_formed() -> None:
    assert 20 <= len(PATH_CASES) <= 35
    assert len({fn for _, fn, *_ in PATH_CASES}) >= 16
    assert len(CASES) == len(PATH_CASES), "duplicate case names"
    assert len({name.split("_")[0] for name in CASES}) >= 6, "at least six repositories"
    assert set(PATH_KINDS) == set(CASES) and set(KNOWN_STALE) <= set(CASES)
    for kind in ("question", "listing", "library"):
        assert sum(kind in kinds for kinds in PATH_KINDS.values()) >= 5, f"at least five cases of {kind}"
    for name, fn, inputs, write in PATH_CASES:
        assert callable(fn) and callable(write) and 1 <= len(inputs) <= 3, name
        assert all(isinstance(args, tuple) for args in inputs), name


def _case_params() -> list:
    def marks(name: str) -> list:
        return [pytest.mark.xfail(strict=True, reason=KNOWN_STALE[name])] if name in KNOWN_STALE else []

    return [pytest.param(name, i, id=f"{name}-in{i}", marks=marks(name))
            for name, _, inputs, _ in PATH_CASES for i in range(len(inputs))]


@pytest.mark.parametrize("executor", executor_params())
@pytest.mark.parametrize("name, index", _case_params())
def test_a_changed_path_changes_the_result(name: str, index: int, executor: str | None) -> None:
    _, inputs, _ = CASES[name]
    check_paths(name, inputs[index], f"{name}-in{index}-{executor or 'default'}", executor)
