"""A staged loop's variable whose Python type depends on the path a run takes, its tag carried by the loop.

Before::

    best = 0                      # a Python int
    for i in range(n):            # staged
        if x[i] > best:
            best = x[i]           # a NumPy float64
    return best

``best`` is the int 0 until an iteration takes the branch, then a NumPy float64. The branch's join records the two
kinds and a tag (runtime/graph/path_types.py), but that tag is a value of the loop body's graph. Here the loop
carries it: an int64 tensor made before the loop (the tag of ``best``'s kind before it), which the body reads as
its variable's tag and writes with the tag of what it leaves in ``best``. The loop's own machinery carries it, as
any tensor from before the loop that the body writes into (a *root*, runtime/graph/loops.py); after the loop it
holds the tag of the run's last kind.

After (the graph)::

    tag = 0                                       # kinds: (a Python int, a NumPy float64)
    best, tag = while_loop(..., body: (where(c, x[i], best), where(c, 1, tag)))
    return best, tag                              # `Function` returns kinds[tag] of best

``LoopTypes`` keeps, across the traces of one loop, each slot's tag tensor and kinds, and the kinds earlier traces
left in the untagged ones (``learn``); a slot is carried this way once a trace of the body leaves it a value whose
tag is the body's own (``start``; the body is traced again, the tag among the loop's roots).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from runtime.graph import path_types, tensor
from runtime.graph.control_flow import flatten
from runtime.graph.tensor import Tensor


class LoopTypes:
    """The tagged slots of one staged loop: slot -> (tag tensor made before the loop, kinds)."""

    def __init__(self) -> None:
        self.tags: dict[tuple, Tensor] = {}
        self.kinds: dict[tuple, list] = {}
        self.failed: set[tuple] = set()  # slots whose body value the last trace could not tag
        self.seen: dict[tuple, list] = {}  # slot -> the kinds earlier traces of the body left in it

    def note_placeholders(self, slots: Sequence[tuple], carried: Sequence[Any], initial: Sequence[Any]) -> None:
        """At the start of a body trace: each 0-d loop variable's kinds (``tensor.note_carried_types``), and for a
        tagged slot its tag, the loop's carried value."""
        untagged = [(s, p, i) for s, p, i in zip(slots, carried, initial) if s not in self.tags]
        tensor.note_carried_types([p for _, p, _ in untagged], [i for _, _, i in untagged],
                                  [self.seen.get(s, []) for s, _, _ in untagged])
        for slot, placeholder in zip(slots, carried):
            if slot in self.tags and isinstance(placeholder, Tensor):
                path_types.record(placeholder, self.tags[slot], self.kinds[slot], tensor.user_location(),
                                  "a loop variable")

    @staticmethod
    def share(slots: Sequence[tuple], values: Sequence[Any], variables: tuple) -> None:
        """Each slot's value in ``variables`` (the loop's variables rebuilt from ``values``: a Python number's slot
        holds an object of its own, a tensor from before the loop holds the loop's value itself) is path-typed as
        the slot's value is (``path_types.share``)."""
        leaves = [flatten(v)[0] for v in variables]
        for (i, j), value in zip(slots, values):
            if isinstance(value, Tensor) and value.ndim == 0 and isinstance(leaves[i][j], Tensor):
                path_types.share(value, leaves[i][j])

    def write_tags(self, slots: Sequence[tuple], made: Sequence[Any]) -> bool:
        """At the end of a body trace: write each tagged slot's tag with the tag of what the body left in it.
        True where a kind appeared that the slot's kinds lack (they grow: the body must be traced again)."""
        grew = False
        self.failed = set()
        for slot, value in zip(slots, made):
            if slot not in self.tags:
                continue
            kinds = self.kinds[slot]
            kind = tensor.path_kind(value)
            found = path_types.kinds_of(kind)
            if kind is False or any(k is None for k in found):
                self.failed.add(slot)
                continue
            for k in found:
                if k not in kinds:
                    kinds.append(k)
                    grew = True
            if grew:
                continue
            tag = tensor.constant(np.int64(kinds.index(kind))) if isinstance(kind, path_types.Kind) \
                else tensor.tag_as(kind, kinds)
            if tag is None:
                self.failed.add(slot)
                continue
            tensor.write(self.tags[slot], tag)
        return grew

    def learn(self, slots: Sequence[tuple], initial: Sequence[Any], made: Sequence[Any]) -> bool:
        """After a body trace: the kinds the body left in each untagged 0-d slot. True where one is new (neither
        the slot's before the loop nor one seen before): the body must be traced again, its variable of that kind
        too (``tensor.note_carried_types``)."""
        new = False
        for slot, before, value in zip(slots, initial, made):
            if slot in self.tags or not isinstance(value, Tensor) or value.ndim:
                continue
            first, kind = tensor.path_kind(before), tensor.path_kind(value)
            if first is False or first is None or kind is False or kind is None:
                continue
            known = path_types.kinds_of(first)
            known += self.seen.get(slot, [])
            for k in path_types.kinds_of(kind):
                if k is not None and not path_types.among(k, known):
                    self.seen.setdefault(slot, []).append(k)
                    known.append(k)
                    new = True
        return new

    def start(self, slots: Sequence[tuple], initial: Sequence[Any], made: Sequence[Any],
              placeholders: Sequence[Any]) -> list:
        """After a body trace, outside it: give a tag to each slot the body left a value whose tag is the body's
        own, or whose loop variable wants one (``path_types.Record.wants_tag``). The new tags, which the loop
        carries from now on (as roots: the body must be traced again)."""
        started = []
        for slot, before, value, placeholder in zip(slots, initial, made, placeholders):
            if slot in self.tags or not isinstance(value, Tensor) or value.ndim:
                continue
            variable = tensor.path_record(placeholder) if isinstance(placeholder, Tensor) else None
            if variable is not None and variable.wants_tag and None not in variable.kinds:
                started.append(self._start(slot, before, list(variable.kinds)))
                if started[-1] is None:
                    started.pop()
                continue
            found = tensor.path_record(value)
            # (a join inside the body: its tag is the body's, or none where a path is the loop variable itself, whose
            # tag the body does not have until the loop carries it; a function of the variable alone, `basis`, is
            # tensor.note_loop_types')
            if found is None or found.basis is not None or None in found.kinds \
                    or (found.tag is not None and not value.builder.sees(found.tag.builder)):
                continue
            tag = self._start(slot, before, list(found.kinds))
            if tag is not None:
                started.append(tag)
        return started

    def _start(self, slot: tuple, before: Any, kinds: list) -> Any:
        """A tag for ``slot``, starting at its kind before the loop, among those and ``kinds``; None where its value
        before the loop has no kind the graph can name."""
        first = tensor.path_kind(before)
        if first is False or first is None:
            return None
        starts = path_types.kinds_of(first)
        if None in starts:
            return None
        start = tensor.constant(np.int64(0)) if isinstance(first, path_types.Kind) else tensor.tag_as(first, starts)
        if start is None:
            return None
        self.kinds[slot] = starts + [k for k in kinds if k not in starts]
        # (a tensor of its own, made here, outside the body: the body's write makes it carried)
        self.tags[slot] = tensor.apply("add", start, np.int64(0))
        return self.tags[slot]

    def record(self, slot: tuple, out: Any, label: str) -> bool:
        """After the loop: record ``out``, the slot's output, with its carried tag. False where the slot is not
        tagged (then ``tensor.note_loop_types`` records it)."""
        if slot not in self.tags or slot in self.failed or not isinstance(out, Tensor):
            return False
        kinds = self.kinds[slot]
        if len(set(kinds)) > 1:
            path_types.record(out, self.tags[slot], kinds, tensor.user_location(), label)
        return True

