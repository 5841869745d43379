"""Writes into items of a local variable (converters/item_writes.py: ``y = ag__.setitem(v, y, i)``,
``ag__.update(ag__.at(y, i), ag__.iadd, v)``) evaluate their operands in Python's order, each once:
the value before the target and the index, an item read on the way before the next index, and an
augmented assignment's item read once, before the value. Plain Python is the oracle: the result, the
exception, the log of every read, write, index and call, and the objects' contents after must agree."""

from __future__ import annotations

import itertools
import linecache

from hypothesis import given, settings
from hypothesis import strategies as st

import autograph

PRELUDE = '''
class Box:
    """Logs each item and attribute read and write, each index, and an in-place add."""

    def __init__(self, name, log):
        object.__setattr__(self, "_n", name)
        object.__setattr__(self, "_log", log)
        object.__setattr__(self, "_d", {})

    def __getitem__(self, k):
        self._log.append(f"{self._n}[{k!r}]")
        return self._d.get(k, 1)

    def __setitem__(self, k, v):
        self._log.append(f"{self._n}[{k!r}]={v!r}")
        self._d[k] = v

    def __getattr__(self, k):
        self._log.append(f"{self._n}.{k}")
        return self._d.get(k, 1)

    def __iadd__(self, o):
        self._log.append(f"{self._n}+={o!r}")
        return self

    def __index__(self):
        self._log.append(f"index {self._n}")
        return 0

    def __repr__(self):
        return self._n

    # Not iterable: with __getitem__ alone, Python would iterate a Box for ever (`q[1] += p` extends the list
    # with p[0], p[1], ...).
    __iter__ = None


def L(log, name, value):
    log.append(name)
    return value
'''

_serial = itertools.count()


def define(body: str):
    source = PRELUDE + "\ndef f(p, q, log):\n    n = 0\n" + body + "    return n, p, q\n"
    filename = f"<item_write_order_{next(_serial)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict = {}
    exec(compile(source, filename, "exec"), namespace)
    return namespace


def outcome(namespace: dict, fn) -> tuple:
    log: list = []
    p = namespace["Box"]("p", log)
    q = [namespace["Box"]("q0", log), [1, 2, 3]]
    try:
        result = repr(fn(p, q, log))
    except Exception as error:  # noqa: BLE001 - the exception is the outcome to compare
        result = (type(error).__name__, str(error))
    return result, repr(log), repr(p._d), repr(q)


def check(body: str) -> None:
    namespace = define(body)
    fn = namespace["f"]
    assert outcome(namespace, autograph.convert(fn)) == outcome(namespace, fn), (body, autograph.to_code(fn))


# Each shape once: an index that raises after a value with an effect, an index read through an object that
# logs (read once in `+=`), a nested write whose first read raises, and a write the converter leaves alone.
SHAPES = (
    "    q[q[1]] = L(log, 'value', 5)\n",  # q[1] raises IndexError after the value ran
    "    for i in range(2):\n        q[q[1][i]] = L(log, 'value', i)\n",
    "    if log is not None:\n        p[q[0][2]] = L(log, 'value', 7)\n",  # q0's __getitem__ logs after the value
    "    p[p.k] += L(log, 'value', 1)\n",  # p.k read once, then p[1], then the value
    "    for i in range(2):\n        p[q[0][i]] += L(log, 'value', i)\n",
    "    q[0][L(log, 'index', 2)] = L(log, 'value', 3)\n",  # value, q[0], then the inner index
    "    q[1][q[2]] = L(log, 'value', 3)\n",
    "    q[5][L(log, 'index', 0)] = L(log, 'value', 3)\n",  # q[5] raises before the inner index is computed
    "    q[0][p.k] += L(log, 'value', 4)\n",
    "    q[1][L(log, 'index', 0)] += L(log, 'value', 4)\n",
    "    q[1][L(log, 'index', 9)] += L(log, 'value', 4)\n",  # IndexError before the value runs
    "    while n < 2:\n        n += 1\n        q[1][n] *= L(log, 'value', n)\n",  # (a constant bound: no growth)
)


def test_item_writes_evaluate_in_pythons_order() -> None:
    for body in SHAPES:
        check(body)


def _values() -> st.SearchStrategy[str]:
    return st.sampled_from(["0", "2", "n", "p", "q[1]", "L(log, 'v1', 1)", "L(log, 'v2', p)", "p.k", "q[0][n]"])


def _indices() -> st.SearchStrategy[str]:
    return st.sampled_from(["0", "1", "n", "q[1][0]", "q[1][5]", "p.k", "q[0][1]", "n // (n - n)", "q[n]"])


def _statements() -> st.SearchStrategy[str]:
    index, value = _indices(), _values()
    plain = st.tuples(st.sampled_from(["p", "q", "q[0]", "q[1]"]), index, value).map(
        lambda t: f"{t[0]}[{t[1]}] = {t[2]}")
    # (No `*=` and no list as an augmented value: `q[1][0] *= n` after `n = q[1][0]` squares a number at each
    # iteration, and `q[1] *= n` then repeats a list that many times; `q[1][n] *= q[1]` nests copies of a list
    # in it. Either outgrows any memory, in Python as written too.)
    augmented = st.tuples(st.sampled_from(["p", "q", "q[0]", "q[1]"]), index, st.sampled_from(["+=", "-=", "|="]),
                          value.filter(lambda v: v != "q[1]")).map(lambda t: f"{t[0]}[{t[1]}] {t[2]} {t[3]}")
    other = st.sampled_from(["n += 1", "log.append(n)", "del q[1][0]", "q.append(p)", "n = q[1][0]"])
    return plain | augmented | other


@st.composite
def _bodies(draw) -> str:
    lines: list[str] = []

    def block(indent: int, depth: int) -> None:
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(["stmt", "stmt", "if", "for", "try"] if depth < 2 else ["stmt"]))
            pad = " " * indent
            if kind == "if":
                lines.append(f"{pad}if {draw(_values())} != {draw(_values())}:")
                block(indent + 4, depth + 1)
            elif kind == "for":
                lines.append(f"{pad}for i in range({draw(st.integers(0, 2))}):")
                block(indent + 4, depth + 1)
            elif kind == "try":
                lines.append(f"{pad}try:")
                block(indent + 4, depth + 1)
                lines.append(f"{pad}except (IndexError, TypeError, ZeroDivisionError, KeyError) as error:")
                lines.append(f"{pad}    log.append(type(error).__name__)")
            else:
                lines.append(pad + draw(_statements()))

    block(4, 0)
    return "\n".join(lines) + "\n"


@settings(max_examples=200, deadline=None)
@given(_bodies())
def test_random_item_writes_evaluate_in_pythons_order(body: str) -> None:
    check(body)
