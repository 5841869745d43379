"""What a loop operator does as the loop starts, on plain values: it remembers that no while loop can be
staged from its start (``NO_STATIC_STAGING``: no backend with ``while_from_start`` traces) and asks again after
an import or a backend registration; a loop
that runs no iteration gets no generator."""

import subprocess
import sys

ROOT = __file__.rsplit("/tests/", 1)[0]


# These loops' questions are the converted form's: outside a trace a converted function runs as written,
# and its loops ask nothing. The script runs inside a trace that stages nothing (autograph/forms.py).
GENERAL_PATH = "from autograph.testing import converted_form\ninside = converted_form()\ninside.__enter__()\n"


def test_a_backend_registered_after_a_loop_is_asked_at_the_next_loop(tmp_path):
    # In a fresh process (a registered backend stays registered): a plain loop caches the answer, then
    # a backend that stages static ranges is registered with no import in between.
    code = (
        GENERAL_PATH +
        "import sys, autograph, runtime.backend as b\n"
        "def summed(n):\n"
        "    total = 0\n"
        "    while n > 0:\n"
        "        total += n\n"
        "        n -= 1\n"
        "    return total\n"
        "f = autograph.convert(summed)\n"
        "assert f(3) == 6 and b.NO_STATIC_STAGING[0] == len(sys.modules)\n"
        "asked = []\n"
        "class Stager(b.Backend):\n"
        "    def owns(self, cls): return False\n"
        "    def while_from_start(self, test, body, state): return False\n"
        "    def staging_now(self):\n"
        "        asked.append(True)\n"
        "        return False\n"
        "b.register(Stager())\n"
        "assert b.NO_STATIC_STAGING[0] == -1\n"
        "assert f(3) == 6 and asked == [True]\n"
        "assert f(3) == 6 and asked == [True, True]  # a registered starter is asked at every while loop\n"
    )
    _run(code, tmp_path)


def test_an_import_makes_the_loops_ask_again(tmp_path):
    code = (
        GENERAL_PATH +
        "import sys, autograph, runtime.backend as b\n"
        "def counted(n):\n"
        "    while n > 0:\n"
        "        n -= 1\n"
        "    return n\n"
        "f = autograph.convert(counted)\n"
        "assert f(3) == 0 and b.NO_STATIC_STAGING[0] == len(sys.modules)\n"
        "import pickletools\n"
        "assert b.NO_STATIC_STAGING[0] != len(sys.modules)\n"
        "assert f(3) == 0 and b.NO_STATIC_STAGING[0] == len(sys.modules)\n"
    )
    _run(code, tmp_path)


def _run(code: str, tmp_path) -> None:
    script = tmp_path / "script.py"  # a file: the converter reads the functions' source
    script.write_text(code)
    out = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONPATH": ROOT, "PATH": ""})
    assert out.returncode == 0, out.stderr


def test_a_loop_that_runs_no_iteration_makes_no_generator():
    # while_stmt runs the first test as the loop starts; for_stmt sees an empty list or tuple with an
    # unset flag: both hand back an empty tuple (or the empty iterable), which the `for` runs zero times.
    import types

    import runtime as ag__

    done = False

    def loop_test():
        return False

    def loop_body():
        nonlocal done
        done = True

    def body(item):
        nonlocal done
        done = True

    assert ag__.while_stmt(loop_test, lambda: done, loop_body, ("done",)) == ()
    assert isinstance(ag__.while_stmt(lambda: True, lambda: done, loop_body, ("done",)), types.GeneratorType)
    assert ag__.for_stmt([], lambda: done, body, ("done",)) == []
    assert isinstance(ag__.for_stmt([1], lambda: done, body, ("done",)), types.GeneratorType)
    done = True  # a set flag: no iteration either way
    assert list(ag__.for_stmt([1], lambda: done, body, ("done",))) == []
    assert ag__.while_stmt(lambda: True, lambda: done, loop_body, ("done",)) == ()


def test_a_constant_true_test_is_never_called():
    # `while True:` gets None for its test: the iterations run until the flag is set, with no call per test.
    import runtime as ag__

    done = False
    runs = []

    def loop_body():
        nonlocal done
        runs.append(1)
        done = len(runs) == 3

    for _ in ag__.while_stmt(None, lambda: done, loop_body, ("done",)):
        loop_body()
    assert runs == [1, 1, 1]


def _first_above_five(p):
    for b in range(2, p):
        if b > 5:
            return b
    return -1


def test_a_range_longer_than_sys_maxsize_loops_as_pythons_in_every_form():
    """``len()`` of such a range raises OverflowError, where Python's loop over it runs (found: ecdsa's
    ``for b in xrange(2, p)`` over a 224-bit prime, in the converted form)."""
    import autograph
    from autograph.testing import converted_form

    p = 2 ** 224 - 2 ** 96 + 1
    converted = autograph.convert(_first_above_five)
    assert _first_above_five(p) == converted(p) == 6
    with converted_form():
        assert converted(p) == 6
