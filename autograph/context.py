"""What every converter of one conversion shares: the namer, the user's namespace, flags."""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field
from typing import Any

from autograph.naming import Namer

UNKNOWN = object()


@dataclass
class Context:
    namer: Namer
    filename: str
    globals: dict[str, Any]
    # The function's free variables. Their values are not used: a conversion is cached per code
    # object, and another closure of the same code may hold other values.
    closure: dict[str, Any] = field(default_factory=dict)
    root: Any = None  # the node of the function being converted (not of a nested one)
    code: Any = None  # the original code object of ``root`` (nested functions' are among its constants)
    root_nodes: list = field(default_factory=list)  # walk(root) as parsed, before any pass changed it
    dead_code: list = field(default_factory=list)  # unreachable statements the lowering dropped
    thunk_spans: set = field(default_factory=set)  # source spans of the operands made into thunks
    # The role of each variable the converters made up that staged statements treat apart (the return
    # value, the return and break flags): declared to the runtime with the compiled code
    # (runtime/state_roles.py), so it never guesses from a name's spelling.
    state_roles: dict = field(default_factory=dict)
    # The user's variables that every read finds bound (in every function of the conversion that has a local
    # of that name: the roles cover all its code objects), declared bound where read; and the other locals.
    bound_where_read: set = field(default_factory=set)
    maybe_read_unbound: set = field(default_factory=set)
    # Whether the definitions analysis marked some read of the function being converted as maybe
    # unbound (MAYBE_UNDEFINED); when not, the control-flow pass skips its walks looking for them.
    maybe_unbound_reads: bool = True
    # Whether the function being converted reads its own frame (``locals()``, ``eval(s)``): then every
    # variable Python would not have bound yet starts as an Undefined (converters/frame_reads.py).
    frame_reads: bool = False
    # The function as written (autograph/forms.py), whose ``locals()`` calls read in the original's order too.
    as_written: Any = None
    # The user's own ``ag__`` under the name it has while the passes run (api._converted): {that name: "ag__"}.
    user_names: dict = field(default_factory=dict)

    def resolve_global(self, name: str) -> Any:
        """What a name that is not local to the function refers to right now, or UNKNOWN."""
        if name in self.closure:
            return self.closure[name]
        if name in self.globals:
            return self.globals[name]
        builtins_ns = self.globals.get("__builtins__", builtins)
        if isinstance(builtins_ns, dict):
            return builtins_ns.get(name, UNKNOWN)
        return getattr(builtins_ns, name, UNKNOWN)
