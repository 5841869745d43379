"""What a compiled graph runs: ``Instruction`` (a node with its kernel bound, input and output slots)
and ``Block`` (a list of them that can also run one node at a time)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

from runtime.graph import kernels

Kernel = Callable[..., Any]


@dataclass(frozen=True, eq=False)
class Instruction:
    """One node to run: its kernel with the attrs bound (``kernel(*inputs)``), input and output slots."""

    node: Any        # the graph's Node (or a marker with ``op`` and ``location``)
    kernel: Kernel
    ins: tuple[int, ...]
    outs: tuple[int, ...]
    tuple_out: bool  # the kernel returns a tuple of outputs, whatever their number (control flow)
    call: str        # the generated expression

    def store(self, env: list, result: Any) -> None:
        """Put the kernel's ``result`` into ``env``'s output slots."""
        if self.tuple_out or len(self.outs) > 1:
            for o, value in zip(self.outs, result):
                env[o] = value
        elif self.outs:
            env[self.outs[0]] = result


class Block(list):
    """A list of instructions that makes its node-at-a-time form (the path after a failure) when first asked."""

    _steps: Optional[list] = None

    def steps(self) -> list[Callable[[list], None]]:
        if self._steps is None:
            self._steps = [kernels.step(ins.kernel, list(ins.ins), list(ins.outs), ins.tuple_out, ins.node)
                           for ins in self]
        return self._steps
