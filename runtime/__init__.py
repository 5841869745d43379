"""What converted code calls: the ``ag__`` namespace.

Generated code sees this module as ``ag__`` and needs nothing else. It never
imports ``autograph``: the converter plugs itself in through ``set_converter``.
"""

from runtime.backend import Backend, State, backend_for, register
from runtime.calls import call, set_converter
from runtime.operators import and_, for_stmt, if_exp, if_stmt, not_, or_, range_, while_stmt
from runtime.undefined import Undefined, UndefinedReturnValue, is_undefined, ld, ld_free

range = range_  # noqa: A001  (generated code spells it ag__.range)

__all__ = [
    "Backend", "State", "Undefined", "UndefinedReturnValue", "and_", "backend_for", "call",
    "for_stmt", "if_exp", "if_stmt", "is_undefined", "ld", "ld_free", "not_", "or_", "range", "register",
    "set_converter", "while_stmt",
]

# Backends register themselves: graph tensors always, JAX tracers once JAX is imported.
from runtime import graph_backend  # noqa: E402,F401
from runtime.jax_backend import register_jax_backend  # noqa: E402

register_jax_backend()
