"""What converted code calls: the ``ag__`` namespace, the dispatch core.

Generated code sees this module as ``ag__`` and needs nothing else. It never
imports ``autograph``: the converter plugs itself in through ``set_converter``.
Nor does it import a backend: ``runtime.graph`` registers the graph backend when
it is imported (no graph tensor exists before), and ``runtime.jax`` is imported
the first time a JAX value reaches an operator.
"""

import runtime.versions  # noqa: F401  (first: it refuses a NumPy too old before anything needs NumPy 2)
from runtime.backend import Backend, State, backend_for, register, register_lazy
from runtime.builtin_calls import builtin, builtin_call
from runtime.calls import call, set_converter
from runtime.choice import tracing
from runtime.frame_reads import dir_, getframe, locals_, stacklevel
from runtime.items import (
    at,
    iadd,
    iand,
    ifloordiv,
    ilshift,
    imatmul,
    imod,
    imul,
    index,
    ior,
    ipow,
    irshift,
    isub,
    item,
    itruediv,
    ixor,
    setitem,
    update,
)
from runtime.iterables import enumerate_, zip_
from runtime.limits import reraise_limitation
from runtime.operators import (
    and_,
    and_test,
    assert_holds,
    compare,
    compare_test,
    computed,
    for_stmt,
    if_exp,
    if_stmt,
    is_,
    is_not,
    not_,
    or_,
    or_test,
    range_,
    run,
    skip,
    while_stmt,
)
from runtime.percent_format import percent
from runtime.text import text, text_of
from runtime.tracebacks import reraise, tidying
from runtime.try_blocks import catching, managed
from runtime.undefined import (
    Undefined,
    UndefinedReturnValue,
    is_undefined,
    ld,
    ld_cell,
    ld_free,
    super_of_class_cell,
    super_without_arguments,
    zero_argument_super,
)

range = range_  # noqa: A001  (generated code spells it ag__.range)
zip = zip_  # noqa: A001  (ag__.zip, in a for loop's iterable)
enumerate = enumerate_  # noqa: A001  (ag__.enumerate, likewise)

__all__ = [
    "Backend", "State", "Undefined", "UndefinedReturnValue", "and_", "and_test", "assert_holds", "catching", "compare",
    "compare_test", "computed", "backend_for", "builtin", "builtin_call", "call", "dir_", "getframe", "locals_",
    "stacklevel",
    "for_stmt",
    "if_exp", "if_stmt", "is_", "is_not", "is_undefined", "ld", "ld_cell", "ld_free", "managed", "not_", "or_",
    "or_test", "range",
    "register", "register_lazy", "reraise", "reraise_limitation", "iterate", "zip", "enumerate",
    "percent", "run", "skip", "set_converter", "text", "text_of", "while_stmt", "setitem",
    "update", "at", "index", "item", "iadd", "iand", "ifloordiv", "ilshift", "imatmul", "imod", "imul", "ior", "ipow",
    "irshift", "isub", "itruediv", "ixor", "tidying", "tracing", "zero_argument_super",
    "super_of_class_cell", "super_without_arguments",
]

register_lazy("jax", "runtime.jax")
