"""A traced graph against eager NumPy on real functions that read a data file inside the function:
``tests/coverage/corpus_files.py`` says where each comes from. A trace reads such a file once, and its graph holds
what it read as constants; autograph/file_reads.py records the files a trace read and the guard of the trace traces
again when one changed (by ``os.stat``). What the graph must do here: when a file the function read (a calibration
table, a standard atmosphere, a filter curve, a JSON file of coefficients, a network's ``.npz``, a turbine's curves,
a pickled grid, a drag table) is rewritten under the same path between two calls, the second call gives eager's
result on the new contents (or refuses clearly), never the first trace's stale one.

``FILE_CASES``: for every case, input and executor (the default, ``executor="numpy"``, and ``executor="jax"`` where
JAX is usable), the test runs in a directory of its own (made for it, the working directory while it runs, removed
after it: the upstream paths are relative) and a fresh ``autograph.function(fn, executor=...)`` is made. Then

1. ``write(0)`` writes the case's file(s); eager ``fn(*inputs)`` and the graph's first call (which traces) run;
2. ``write(1)`` rewrites the same path(s) (each to a different size: ``os.stat``'s modification time may not change
   between two writes within the file system's time resolution, so the check asserts the size did, rather than
   sleep or set times); eager runs again, and its result must differ from its first (else the check could not tell a
   stale graph: the case is wrong); the graph's second call runs.

Array arguments are copied before every call. At each of the two graph calls the check passes when

* the graph raises a ``Limitation`` whose message names a line (``file.py:123``): a clear refusal (such checks are
  counted, and the count is printed at the end of the module; the check ends there); or
* both return the same result: ``np.testing.assert_allclose(rtol=1e-12, equal_nan=True)`` for numbers and arrays (and
  the same dtype for two floating arrays), containers item by item (lists and tuples by length and item, dicts by
  key), text, ``None`` and booleans equal.

Any other outcome fails, an exception of eager's class included (eager code raises nothing here); a second call that
gives eager's result from before the rewrite says so.

Every test starts in a new empty directory and ends back in the working directory it found (asserted), with the
directory removed, so the module is order-independent and leaves nothing behind; the corpus holds no state that a
call changes.

Written by a helper session as the outside corpus of the guard's look at the files a trace read. On the code it was
written against, no check fails (the module takes about 15 s); 18 checks are refusals that name a line, six on every
executor: WINDOW_openMDAO's ``power`` (two inputs) and ``Curves.turbine_model`` (``StagingError``: the list ``lower``
is ``[]`` before a staged ``if`` in ``AeroLookup.interpolation``'s loop and two floats after it),
``RoughClosestNode.depth_model`` (two inputs; ``NotStageable``: ``nodes - node``, an array minus a list of traced
scalars, asks NumPy to convert the list), and ballisticsolver's ``dragCoefficient`` (``MutatedInStagedBlock``: lists
appended to under a staged ``if`` on the velocity). With the recording blind (``autograph.file_reads.files_read``
returning ``[]``, in a scratch run), all 39 other checks fail: the second call returns the first trace's result.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import numpy as np
import pytest

from tests.coverage.corpus_files import FILE_CASES
from tests.coverage.outcomes import Versions, check_between_changes, executor_params, report_refusals

CASES = {name: (fn, inputs, write) for name, fn, inputs, write in FILE_CASES}

REFUSED: list[str] = []  # the ids of the checks the graph refused with a Limitation that names a line


# ------------------------------------------------------------------------------------------------
# The check

VERSIONS = Versions(first="version 0 of the file(s)", second="the rewritten file(s)", change="rewrite")


def check_file(name: str, args: tuple, check_id: str, executor: str | None) -> None:
    fn, _, write = CASES[name]
    written = write(0)
    assert written, "write(0) wrote no file"
    sizes = {path: os.stat(path).st_size for path in written}

    def rewrite() -> None:
        rewritten = write(1)
        assert rewritten and set(rewritten) <= set(written), (
            f"write(1) must rewrite paths write(0) wrote: {rewritten} of {written}")
        for path in rewritten:
            assert os.stat(path).st_size != sizes[path], (
                f"{path} has the same size ({sizes[path]} bytes) at both versions: its modification time may not "
                f"change within the file system's time resolution, so the case could not tell a rewrite")

    check_between_changes(fn, args, executor, rewrite, VERSIONS, check_id, REFUSED)


# ------------------------------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    report_refusals(request, "files", REFUSED)


@pytest.fixture(autouse=True)
def _in_a_directory_of_its_own():
    before = os.getcwd()
    folder = tempfile.mkdtemp(prefix="files_corpus_")
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(before)
        shutil.rmtree(folder)
    assert os.getcwd() == before and not os.path.exists(folder)


def test_the_corpus_is_well_formed() -> None:
    assert 12 <= len(FILE_CASES) <= 30
    assert len({fn for _, fn, *_ in FILE_CASES}) >= 12
    assert len(CASES) == len(FILE_CASES), "duplicate case names"
    assert len({name.split("_")[0] for name in CASES}) >= 6, "at least six repositories"
    for name, fn, inputs, write in FILE_CASES:
        assert callable(fn) and callable(write) and 1 <= len(inputs) <= 3, name
        for args in inputs:
            assert isinstance(args, tuple) and any(isinstance(a, np.ndarray) for a in args), name


@pytest.mark.parametrize("executor", executor_params())
@pytest.mark.parametrize("name, index", [pytest.param(name, i, id=f"{name}-in{i}")
                                         for name, _, inputs, _ in FILE_CASES for i in range(len(inputs))])
def test_a_rewritten_file_changes_the_result(name: str, index: int, executor: str | None) -> None:
    _, inputs, _ = CASES[name]
    check_file(name, inputs[index], f"{name}-in{index}-{executor or 'default'}", executor)
