"""What a traced function wrote into the lists and dicts it was given: made in the caller's, as eagerly.

A ``Function`` hands its Python function copies of the caller's lists and dicts (the arguments are flattened into
the trace key and rebuilt around the placeholders). A write into one (``history.append(loss)``,
``options.setdefault("tol", 1e-6)``, ``out[k] = v``) went to the copy: the caller's list never changed, and the
next call, keyed by the unchanged list, ran the same graph. Eagerly the caller's list grows at every call::

    def f(x, history):
        history.append(1.0)
        return x * len(history)

    h = []
    f(x, h); f(x, h)   # eagerly: x, then 2 * x, and h == [1.0, 1.0]
                       # a Function before stop 86: x and x, and h == []

Now the trace's writes are made in the caller's containers when the trace ends (the items the function put there
as they are, a placeholder as the caller's array it stands for, a copy as the caller's container it copies), and
the trace is one that wrote Python state (``OwnWrite``): each call traces again and writes again, as eager code
does, until a call writes nothing (``setdefault`` of a key already there). A value the trace staged (a graph
tensor computed from the arguments) is refused, as it is in a global (autograph/trace_guards.py).
"""

from __future__ import annotations

from typing import Any, Optional

from runtime.backend import backend_for
from runtime.staging import NotStageable, user_location

_STAGED = object()


class ArgumentWrites:
    """The caller's containers (``originals``: the bound parameter values) and the trace's copies of them."""

    __slots__ = ("_names", "_originals", "_pairs", "_leaves", "_leaf_of")

    def __init__(self, names: tuple, originals: tuple, leaves: list) -> None:
        self._names, self._originals = names, originals
        self._leaves = leaves  # the caller's leaves, in flattening order
        self._pairs: list[tuple[Any, Any, list, str]] = []  # (caller's, trace's copy, the copy's items, label)
        self._leaf_of: dict[int, Any] = {}  # id of a placeholder -> the caller's array it stands for

    def given(self, rebuilt: tuple, rebuilt_leaves: list) -> None:
        """The values the trace's function was called with (``rebuilt``: one per parameter) and their leaves."""
        self._pairs = []
        self._leaf_of = {id(new): old for new, old in zip(rebuilt_leaves, self._leaves) if new is not old}
        for name, original, copy in zip(self._names, self._originals, rebuilt):
            self._pair(original, copy, name)

    def _pair(self, original: Any, copy: Any, label: str) -> None:
        if isinstance(copy, (list, tuple)) and isinstance(original, (list, tuple)):
            if isinstance(copy, list):
                self._pairs.append((original, copy, list(copy), label))
            for i, (old, new) in enumerate(zip(original, copy)):
                self._pair(old, new, f"{label}[{i}]")
        elif isinstance(copy, dict) and isinstance(original, dict):
            self._pairs.append((original, copy, list(copy.items()), label))
            for key, new in copy.items():
                if key in original:
                    self._pair(original[key], new, f"{label}[{key!r}]")

    def settle(self, name: str) -> Optional[str]:
        """After the trace: make its writes in the caller's containers and give the label of the first written
        (None: it wrote none), or refuse a staged value written there (nothing is written then)."""
        written = [(original, copy, label) for original, copy, before, label in self._pairs if _changed(copy, before)]
        if not written:
            return None
        originals = {id(copy): original for original, copy, _, _ in self._pairs}
        made = []
        for original, copy, label in written:
            items = (list(copy.items()) if isinstance(copy, dict) else list(copy))
            plain = [self._as_callers(v, originals) for v in (v for _, v in items)] if isinstance(copy, dict) \
                else [self._as_callers(v, originals) for v in items]
            if any(v is _STAGED for v in plain):
                raise NotStageable(
                    f"{user_location()}: {name} stored a value it traced in its argument {label}, which outlives the "
                    f"trace (a graph tensor means nothing once its trace is over, and the graph cannot write Python "
                    f"objects when it runs; {label} keeps its value from before the call): return the value and put "
                    "it there outside the traced function")
            made.append((original, [(k, v) for (k, _), v in zip(items, plain)] if isinstance(copy, dict) else plain))
        for original, contents in made:
            if isinstance(original, dict):
                original.clear()
                original.update(contents)
            else:
                original[:] = contents
        return written[0][2]

    def _as_callers(self, value: Any, originals: dict) -> Any:
        """``value`` as the caller's objects: a copy as the caller's container, a placeholder as the caller's
        array; ``_STAGED`` for a value only a run of the graph gives."""
        if id(value) in originals:
            return originals[id(value)]
        if id(value) in self._leaf_of:
            return self._leaf_of[id(value)]
        if backend_for(value) is not None:
            return _STAGED
        if type(value) in (list, tuple):
            items = [self._as_callers(v, originals) for v in value]
            if any(v is _STAGED for v in items):
                return _STAGED
            return value if all(a is b for a, b in zip(items, value)) else type(value)(items)
        if type(value) is dict:
            items = {k: self._as_callers(v, originals) for k, v in value.items()}
            if any(v is _STAGED for v in items.values()):
                return _STAGED
            return value if all(items[k] is v for k, v in value.items()) else items
        return value


def _changed(copy: Any, before: list) -> bool:
    now = list(copy.items()) if isinstance(copy, dict) else list(copy)
    if len(now) != len(before):
        return True
    if isinstance(copy, dict):
        return any(a[0] != b[0] or a[1] is not b[1] for a, b in zip(now, before))
    return any(a is not b for a, b in zip(now, before))
