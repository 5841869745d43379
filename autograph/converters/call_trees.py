"""Calls that may reach user code go through ``ag__.call``, which picks the converted callee.

Before::

    y = square(x) + np.sum(x)
    items.append(y)

After::

    y = ag__.call(square)(x) + np.sum(x)
    items.append(y)

A call stays plain when the converter can tell, at conversion time, that the
callee needs no conversion: it resolves to a builtin, a class, or a function of
NumPy, JAX, the standard library or the runtime; it is a function defined in
this same function (converted with it already); it is an array method (``reshape``,
``astype``, ``sum``, ...); or it is a method of a builtin container (``append``, ``update``,
``join``, ...) called on a receiver that surely is one: a display or string literal, or a
local name the function binds only to those. Any other receiver may be the user's object,
whose ``update`` is user code::

    seen = {}
    seen.update(k=v)               ->    seen.update(k=v)
    opt.update(w, g)               ->    ag__.call(opt.update)(w, g)

Zero-argument ``super()`` and the frame-reading builtins (``locals()``, ...) stay plain too.

A few of those callables ask their argument for its value (``float(t)`` needs a Python float
from ``t.__float__``; ``np.array([a, b])`` converts each element itself), which a graph tensor
cannot give while it is traced. Calls that resolve at conversion time to one of them (``ROUTED``:
``float int bool complex min max round divmod pow isinstance type len hasattr``, the functions of ``math``, and NumPy's
``array``, ``asarray``, ``asanyarray``, ``ascontiguousarray``, ``asfortranarray``) go through ``ag__.builtin``,
which calls them as written on plain values and lets a backend answer for its own (``ag__.builtin_call``
for calls with keywords, starred arguments or more than two arguments). Before::

    d = math.sqrt(float(np.dot(x, x)))
    m = max(a, b, c)

After::

    d = ag__.builtin(math.sqrt, ag__.builtin(float, np.dot(x, x)))
    m = ag__.builtin_call(max, a, b, c)

Any other NumPy function given a list or tuple display, a list comprehension, a call that makes a sequence
(``list(...)``, ``tuple(...)``, ``sorted(...)``, ``deque(...)``) or a local name some assignment
binds to one of those goes through ``ag__.builtin`` too (``np.diag([c, c, 1.0])`` -> ``ag__.builtin(np.diag, [c, c,
1.0])``): NumPy converts the sequence itself, which one holding graph tensors cannot become (runtime/graph/nests.py).

A name the function binds itself, or a global that is not the builtin (a user's own ``max``),
stays a plain call; but a name only imports bind (``import numpy as np`` inside the function, ``from math
import sqrt``) is what it imports, when that is imported already, as a global of that name would be.

Array methods that take another array (``dot take searchsorted clip choose``) go through
``ag__.builtin`` on any receiver: a NumPy array's method converts its argument itself, without
dispatch, so ``A.dot(x)`` with a traced ``x`` needs the backend to answer (the graph answers
``np.dot(A, x)``; a tensor's own method answers for itself)::

    y = A.dot(x)        ->    y = ag__.builtin(A.dot, x)

NumPy's random functions (``np.random.normal``, ``np.random.seed``, ``np.random.default_rng``) go
through ``ag__.call`` although they need no conversion: called while a graph is traced they must
draw each time the graph runs, and ``call`` lets the tracing backend stage them
(runtime/random_calls.py). Before::

    noise = np.random.normal(size=x.shape)

After::

    noise = ag__.call(np.random.normal)(size=x.shape)

NumPy's constructors of fresh arrays (``np.zeros``, ``np.ones``, ``np.empty``, ``np.full``, ``np.eye``,
``np.identity``, ``np.tri`` and the ``*_like`` ones) go through ``ag__.call`` too: while a graph is traced,
the array they make is a graph array, so that writes of traced values into it are graph writes
(runtime/new_arrays.py). Before::

    out = np.zeros((4, 4))

After::

    out = ag__.call(np.zeros)((4, 4))

Reads of the clock and of the system's randomness (``time.perf_counter``, ``time.time``, ``datetime.now``,
``os.urandom``, ``uuid.uuid4``) go through ``ag__.call`` as well: while a graph is traced, the clock must be read
each time the graph runs, and ``call`` lets the tracing backend stage the read or refuse it
(runtime/clock_calls.py)::

    start = time.perf_counter()   ->    start = ag__.call(time.perf_counter)()

SciPy's functions that a graph stages (``scipy.linalg.inv``, ``svd``, ``scipy.special.logsumexp``, ...) go through
``ag__.call`` too: they call ``np.asarray`` on their arguments, and ``call`` lets the tracing backend answer for its
values (runtime/scipy_calls.py)::

    Pinv = scipy.linalg.inv(P)    ->    Pinv = ag__.call(scipy.linalg.inv)(P)
"""

from __future__ import annotations

import ast
import functools
import itertools
import sys
import types
from typing import Any, Iterator

import numpy as np

from autograph import templates
from autograph.analysis.walk import walk, walk_statements
from autograph.context import UNKNOWN, Context
from autograph.template_code import make_node
from autograph.transformer import Transformer
from runtime.builtin_calls import routed_callables
from runtime.clock_calls import varies
from runtime.constructors import constructor_functions
from runtime.file_calls import may_read_files, reads_files
from runtime.new_arrays import SCALAR_TYPES, is_new_array
from runtime.random_calls import is_random
from runtime.scipy_calls import is_scipy_call

_UNCONVERTED_PACKAGES = frozenset({
    "numpy", "jax", "jaxlib", "scipy", "runtime", "autograph", "ml_dtypes", "opt_einsum", "builtins",
    "_pytest", "pytest", "hypothesis",
}) | frozenset(sys.stdlib_module_names)

# Methods of lists, dicts, sets and strings: calling them through ag__.call would only cost time, but
# user classes have methods of these names too (an optimiser's `update`), so they stay plain only on a
# receiver that surely is a builtin container or string (_Calls._container).
_CONTAINER_METHODS = frozenset("""
    append extend insert pop remove clear copy index count sort reverse
    items keys values get setdefault update popitem add discard union intersection difference
    join split strip lstrip rstrip format startswith endswith replace lower upper encode decode
""".split())
# Methods of arrays (NumPy's, JAX's, our tensors'), plain on any receiver: the names are the arrays' own,
# and `x.reshape(...).astype(...)` through ag__.call would be hard to read (docs/limitations.md: a method
# of yours with one of these names is called unconverted).
_ARRAY_METHODS = frozenset("""
    reshape astype sum mean max min prod any all argmax argmin dot tolist item ravel flatten transpose
    squeeze cumsum clip round std var fill nonzero
""".split())
# Array methods that take another array (``A.dot(x)``): on a NumPy array they convert that argument
# themselves (ndarray methods do not dispatch through __array_function__), which a graph tensor cannot
# answer, so calls of them go through ag__.builtin like the callables below (runtime/graph/builtins.py
# answers for a NumPy array's method given a tensor; any other receiver is called as written).
_ARRAY_ARGUMENT_METHODS = frozenset({"dot", "take", "searchsorted", "clip", "choose"})


# Callables that ask their arguments for their values: calls to them go through ag__.builtin. The table is the
# runtime's (runtime/builtin_calls.py: builtins, math's functions, NumPy's array constructors, np.repeat / take,
# which ask sizes and positions for Python ints, and np.isscalar, which asks the class), with NumPy's scalar
# types (np.float32(t) casts a tensor). id -> object (the object is kept so that its id stays its own).
_ROUTED: dict[int, Any] = {**routed_callables(), **SCALAR_TYPES}


def _constant_arguments(call: ast.Call) -> bool:
    """Whether every argument is a literal (``np.zeros((2, 3))``, ``float('nan')``): no backend's value can
    be among them, so the call stays as written."""
    def literal(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return True
        if isinstance(node, (ast.Tuple, ast.List)):
            return all(literal(item) for item in node.elts)
        return isinstance(node, ast.UnaryOp) and isinstance(node.operand, ast.Constant)
    return all(literal(a) for a in call.args) and all(k.arg is not None and literal(k.value) for k in call.keywords)


def is_routed(value: Any) -> bool:
    """Whether calls to ``value`` go through ``ag__.builtin`` (``float``, ``math.sqrt``, ``np.array``, ...)."""
    return id(value) in _ROUTED


def is_unconverted_module(module_name: str | None) -> bool:
    if not module_name:
        return False
    return module_name.split(".")[0] in _UNCONVERTED_PACKAGES


def needs_no_conversion(value: Any) -> bool:
    """Whether a callee can be called as it is (decided once, at conversion or call time)."""
    if isinstance(value, type):  # a class: as it is, unless it makes its objects with code of the user's
        return not any(not is_unconverted_module(f.__module__) for f in constructor_functions(value))
    if isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType, types.ModuleType)):
        return True
    if isinstance(value, functools.partial) and type(value).__call__ is functools.partial.__call__:
        # (jax.tree_util.Partial too) the function it calls decides, as runtime.call converts it: its class is
        # the standard library's (or JAX's), whose own code needs none
        return needs_no_conversion(value.func)
    module = getattr(value, "__module__", None)
    if not isinstance(module, str):
        if isinstance(value, (types.FunctionType, types.MethodType)):  # (its type's module is builtins)
            return False  # a function exec() made in globals without `__name__`: user code, of no module
        module = type(value).__module__
    return is_unconverted_module(module)


def _is_numpy_function(value: Any) -> bool:
    module = getattr(value, "__module__", None)
    return isinstance(module, str) and module.split(".")[0] == "numpy" and callable(value)


def _called_as_is(target: Any) -> bool:
    """Whether ``runtime.call`` would hand ``target`` back as it is, known at conversion: then the converter calls it
    directly (see ``_Calls._plain``). A partial is as its function is (``call`` makes ``partial(call(func), ...)``)."""
    if isinstance(target, functools.partial) and type(target).__call__ is functools.partial.__call__:
        return _called_as_is(target.func)
    return (needs_no_conversion(target) and not is_random(target) and not is_new_array(target)
            and not is_scipy_call(target) and type(target) is not np.vectorize and not varies(target)
            and not reads_files(target) and not may_read_files(target))


class _Calls(Transformer):
    def __init__(self, ctx: Context, local_names: set[str], local_functions: set[str],
                 first_param: str | None) -> None:
        self.first_param = first_param
        self.super_without_arguments = False  # whether the function has no positional parameter for super() to take
        self.empties_super_inputs = False  # whether the method may unbind `__class__` or its first argument
        self.attribute_supers: set[int] = set()  # `super()` calls that 3.12+ compiles with `.x` (LOAD_SUPER_ATTR)
        self.ctx = ctx
        self.local_names = local_names
        self.local_functions = local_functions
        self.local_imports: dict[str, Any] = {}  # local names only imports bind: what (_container_bindings)
        self.container_names: frozenset = frozenset()
        self.container_bindings: tuple[set[str], dict, list] = (set(), {}, [])  # _container_bindings
        self.inner_scopes = 0  # the lambdas and comprehensions being visited around the current node
        self.list_names: frozenset = frozenset()  # local names bound to a list or tuple display somewhere

    def _resolve(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Name):
            if node.id in self.local_names:
                return self.local_imports.get(node.id, UNKNOWN)
            return self.ctx.resolve_global(node.id)
        if isinstance(node, ast.Attribute):
            base = self._resolve(node.value)
            if isinstance(base, (types.ModuleType, type)) or type(base) is types.SimpleNamespace:
                return getattr(base, node.attr, UNKNOWN)
        return UNKNOWN

    def _plain(self, func: ast.expr) -> bool:
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "ag__":
            return True
        if isinstance(func, ast.Name) and (func.id in self.local_functions or func.id == "super"):
            return True
        if isinstance(func, ast.Attribute) and (func.attr in _ARRAY_METHODS or (
                func.attr in _CONTAINER_METHODS and self._container(func.value))):
            # (Not on a module, a class or a namespace: `vec.dot(a, b)` is the function `dot` of your module `vec`,
            # resolved below like any other.)
            receiver = self._resolve(func.value)
            if not (isinstance(receiver, (types.ModuleType, type)) or type(receiver) is types.SimpleNamespace):
                return True
        target = self._resolve(func)
        # NumPy's random functions need no conversion, but each call must draw when a staged program runs,
        # not once while it is traced: `ag__.call` hands them to the backend tracing (runtime/random_calls.py).
        # Likewise NumPy's constructors of fresh arrays: while a graph is traced they make a graph array, which
        # later writes of traced values go into (runtime/new_arrays.py).
        # And SciPy's functions that a backend stages (scipy.linalg.inv, ...: runtime/scipy_calls.py), and
        # np.vectorize objects, whose function is the user's (runtime/vectorized.py).
        return target is not UNKNOWN and _called_as_is(target)

    def _container(self, receiver: ast.expr) -> bool:
        """Whether a method's receiver is surely a builtin container or string: a display, a literal
        string, or a local name bound only to those where it is read (``items = []`` ... ``items.append(y)``:
        ``_container_here``). Any other receiver may be the user's object, whose ``update`` or ``add`` is the
        user's code."""
        if _is_container_value(receiver):
            return True
        # (In a lambda or a comprehension, which may run after a later binding of the name, only the rule for the
        # whole function holds.)
        return isinstance(receiver, ast.Name) and (receiver.id in self.container_names or (
            not self.inner_scopes and _container_here(receiver, *self.container_bindings)))

    def _routed(self, func: ast.expr) -> bool:
        if not isinstance(func, (ast.Name, ast.Attribute)):
            return False
        target = self._resolve(func)
        return target is not UNKNOWN and is_routed(target)

    def _array_argument_method(self, func: ast.expr) -> bool:
        """``A.dot(x)``, ``A.take(i)``...: a method of ``_ARRAY_ARGUMENT_METHODS`` on a receiver that is not a module,
        a class or a namespace (``np.dot(x, y)`` dispatches to a tensor's own implementation as it is; ``vec.dot`` of
        your module is your function)."""
        if not (isinstance(func, ast.Attribute) and func.attr in _ARRAY_ARGUMENT_METHODS):
            return False
        receiver = self._resolve(func.value)
        return not (isinstance(receiver, (types.ModuleType, type)) or type(receiver) is types.SimpleNamespace)

    def _numpy_given_a_list(self, call: ast.Call) -> bool:
        """A NumPy function given a list or tuple it converts itself (``np.diag([c, c, 1.0])``, ``np.sum([...
        for ...])``, ``np.max(values)`` with ``values`` a local list): routed, so that a backend can answer
        when the list holds its values (runtime/graph/nests.py)."""
        if not isinstance(call.func, (ast.Name, ast.Attribute)):
            return False
        arguments = [*call.args, *(k.value for k in call.keywords)]
        if not any(self._makes_a_sequence(a) for a in arguments):
            return False
        target = self._resolve(call.func)
        return (target is not UNKNOWN and _is_numpy_function(target) and not is_random(target)
                and not is_new_array(target))

    def _makes_a_sequence(self, node: ast.expr) -> bool:
        """A list or tuple display, a comprehension, ``list(...)``-like call, a local list, or one of those
        repeated or joined (``[factor] * 3``, ``[a] + rest``: transforms3d's ``np.diag([factor] * 3)``)."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add)):
            return self._makes_a_sequence(node.left) or (
                isinstance(node.op, ast.Add) and self._makes_a_sequence(node.right)) or (
                isinstance(node.op, ast.Mult) and isinstance(node.right, (ast.List, ast.Tuple)))
        return isinstance(node, (ast.List, ast.Tuple, ast.ListComp)) or _sequence_call(node) or (
            isinstance(node, ast.Name) and node.id in self.list_names)

    def _callable_arguments(self, node: ast.Call) -> None:
        """``map(f, xs)``, ``sorted(xs, key=f)``, ``functools.reduce(f, xs)``...: the function a builtin calls for
        the user goes through ``ag__.call`` like a call written out (``map(ag__.call(f), xs)``): a user function
        runs its converted form, and a routed one (``np.array``, ``float``) lets a backend answer for its values
        (``map(np.array, [a, b])`` of graph tensors). A lambda or a plain callee (``np.sum``, ``str.lower``) stays
        as written."""
        target = self._resolve(node.func) if isinstance(node.func, (ast.Name, ast.Attribute)) else UNKNOWN
        if target is UNKNOWN:
            return
        places = callable_arguments(target)
        if not places:
            return
        starred = next((i for i, a in enumerate(node.args) if isinstance(a, ast.Starred)), len(node.args))
        for position, keyword in places:
            if position is not None and position < starred:
                node.args[position] = self._routed_callable(node.args[position])
            for item in node.keywords:
                if item.arg is not None and item.arg == keyword:
                    item.value = self._routed_callable(item.value)

    def _routed_callable(self, argument: ast.expr) -> ast.expr:
        if isinstance(argument, (ast.List, ast.Tuple)) and isinstance(argument.ctx, ast.Load):
            # `lax.switch(i, [f, g], x)`: each function of the display
            argument.elts = [item if isinstance(item, ast.Starred) else self._routed_callable(item)
                             for item in argument.elts]
            return argument
        if isinstance(argument, (ast.Lambda, ast.Constant)) or (self._plain(argument) and not self._routed(argument)):
            return argument
        if (isinstance(argument, ast.Call) and isinstance(argument.func, ast.Attribute)
                and isinstance(argument.func.value, ast.Name) and argument.func.value.id == "ag__"):
            # `map(ag__.text_of(str), bits)` (autograph/converters/traced_text.py): the runtime's own. (Only
            # ag__'s: `map(functools.partial(f, 1), xs)` goes through ag__.call, which converts f.)
            return argument
        return _runtime_call(argument, _positions(argument))

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        self._callable_arguments(node)
        if (isinstance(node.func, ast.Name) and node.func.id == "super" and not node.args and not node.keywords
                and self.super_without_arguments):
            # Its frame has no argument for super() to take: super() raises, and in a loop's body (whose item is
            # its argument) it would take the item instead.
            wrapped = templates.replace_expression("ag__.super_without_arguments()")
            templates.copy_location(wrapped, node)
            for sub in ast.walk(wrapped):
                ast.copy_location(sub, node)
            return wrapped
        if (isinstance(node.func, ast.Name) and node.func.id == "super" and not node.args and not node.keywords
                and self.first_param):
            # Zero-argument super() finds its class and instance in the calling frame, which is a
            # generated closure once the call moves into a branch: spell them out.
            node.args = [ast.Name(id="__class__", ctx=ast.Load()), ast.Name(id=self.first_param, ctx=ast.Load())]
            templates.copy_location(node, node.func)
            if self.empties_super_inputs:
                # A method that may empty its `__class__` cell or its first argument before the call: super()
                # raises RuntimeError there, where `super(__class__, self)` would raise NameError. (`super().x`
                # on 3.12+ reads both as variables, NameError / UnboundLocalError, and then checks the class.)
                template = ("ag__.super_of_class_cell(CLASS, FIRST)" if id(node) in self.attribute_supers else
                            "ag__.zero_argument_super(lambda: CLASS, lambda: FIRST)")
                wrapped = templates.replace_expression(template, CLASS=node.args[0], FIRST=node.args[1])
                templates.copy_location(wrapped, node)
                node = wrapped
            # The call is the user's (it has its position): the names take its span, as
            # ast.fix_missing_locations would (without them, compile fails and the loader has to
            # compile again after that walk over the whole function).
            for arg in node.args:
                if not hasattr(arg, "lineno"):
                    ast.copy_location(arg, node)
            return node
        if (node.args or node.keywords) and (self._routed(node.func) or self._array_argument_method(node.func)
                                              or self._numpy_given_a_list(node)) \
                and not _constant_arguments(node):
            # `float(t)` -> `ag__.builtin(float, t)`: the callee stays as written (evaluated where
            # the user wrote it), the runtime picks who answers. One or two positional arguments
            # take the fixed-signature `builtin`, which Python calls without packing *args/**kwargs.
            simple = not node.keywords and len(node.args) <= 2 and not any(
                isinstance(a, ast.Starred) for a in node.args)
            node.args = [node.func, *node.args]
            node.func = templates.runtime_attribute("builtin" if simple else "builtin_call", _positions(node))
            return node
        if self._plain(node.func):
            return node
        # `ag__.call(f)(x)`: the runtime picks what to call, the call itself stays in this frame.
        node.func = _runtime_call(node.func, _positions(node))
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        """``np.eye(k)[labels]`` (a NumPy call indexed by a computed index), a global NumPy array indexed so
        (``LUT[image]``) and ``np.r_[...]`` /
        ``np.c_[...]`` become ``ag__.item(base, index)``: NumPy converts the index (or the entries) itself,
        which a graph tensor cannot become; the runtime lets the backend read instead. Other subscripts
        stay plain (a routed read costs a call)."""
        self.generic_visit(node)
        if not isinstance(node.ctx, ast.Load):
            return node
        base = node.value
        target = self._resolve(base)
        numpy = sys.modules.get("numpy")
        expression = numpy is not None and target is not UNKNOWN and (target is numpy.r_ or target is numpy.c_)
        made_here = (isinstance(base, ast.Call) and not isinstance(node.slice, ast.Constant)
                     and _is_numpy_function(self._resolve(_callee(base))))
        # A module's NumPy array (a lookup table: `LUT[image]`) indexed by a computed index.
        table = (numpy is not None and isinstance(base, ast.Name) and isinstance(target, numpy.ndarray)
                 and not isinstance(node.slice, ast.Constant))
        if not (expression or made_here or table):
            return node
        index = node.slice
        if any(isinstance(sub, ast.Slice) for sub in walk(index)):
            index = ast.Subscript(value=templates.replace_expression("ag__.index"), slice=index, ctx=ast.Load())
        call = ast.Call(func=templates.replace_expression("ag__.item"), args=[base, index], keywords=[])
        templates.copy_location(call, node)
        return call

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args = self.visit(node.args)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _own_scope(self, node: ast.AST) -> ast.AST:
        """A scope where zero-argument super() looks at its own frame: leave it as Python has it."""
        saved = self.first_param, self.super_without_arguments
        self.first_param, self.super_without_arguments = None, False
        self.inner_scopes += 1
        try:
            return self.generic_visit(node)
        finally:
            self.first_param, self.super_without_arguments = saved
            self.inner_scopes -= 1

    def _comprehension_scope(self, node: ast.AST) -> ast.AST:
        """A comprehension with a scope of its own, whose first iterable Python evaluates in the enclosing scope
        (``[y for y in range(super().m(x))]``: that super() is the method's, converted as the method's)."""
        first = node.generators[0]
        iterable, first.iter = first.iter, ast.Constant(value=None)  # (a stand-in while the rest is visited)
        node = self._own_scope(node)
        node.generators[0].iter = self.visit(iterable)
        return node

    visit_Lambda = _own_scope
    if sys.version_info < (3, 12):  # comprehensions are functions of their own before PEP 709
        visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension_scope
    else:
        visit_GeneratorExp = _comprehension_scope


# Builtins that call a function of the user's, by id: where it stands (a positional index, a keyword's name).
_CALLABLE_ARGUMENTS: dict[int, tuple] = {id(f): (where,) for f, where in (
    (map, (0, None)), (filter, (0, None)), (functools.reduce, (0, None)), (itertools.starmap, (0, None)),
    (itertools.filterfalse, (0, None)), (itertools.dropwhile, (0, None)), (itertools.takewhile, (0, None)),
    (itertools.accumulate, (1, "func")), (itertools.groupby, (1, "key")),
    (sorted, (None, "key")), (min, (None, "key")), (max, (None, "key")),
    # NumPy's functions that call a function of the user's on a traced array's pieces (runtime/graph/numpy_derived.py)
    (np.apply_along_axis, (0, "func1d")), (np.apply_over_axes, (0, "func")))}

# JAX's functions that trace a function of the user's (its control flow and transformations), by dotted name:
# where each function stands. `lax.scan(body, c, xs)` -> `lax.scan(ag__.call(body), c, xs)`: JAX traces the
# converted form, whose `if` / `while` on its tracers JAX stages, as TF's own `tf.map_fn` and `tf.while_loop`
# convert the functions they are given. (A `jax.custom_jvp` / `custom_vjp` object the code calls is converted
# by ag__.call itself: runtime/jax/higher_order.py.)
_JAX_CALLABLE_ARGUMENTS = {
    "lax.scan": ((0, "f"),), "lax.map": ((0, "f"),), "lax.fori_loop": ((2, "body_fun"),),
    "lax.while_loop": ((0, "cond_fun"), (1, "body_fun")), "lax.cond": ((1, "true_fun"), (2, "false_fun")),
    "lax.switch": ((1, "branches"),), "lax.associative_scan": ((0, "fn"),),
    "lax.custom_root": ((0, "f"), (2, "solve"), (3, "tangent_solve")),
    "lax.custom_linear_solve": ((0, "matvec"), (2, "solve"), (3, "transpose_solve")),
    **{name: ((0, "fun"),) for name in (
        "jit", "vmap", "grad", "value_and_grad", "jacfwd", "jacrev", "hessian", "jvp", "vjp", "linearize",
        "checkpoint", "remat", "custom_jvp", "custom_vjp", "eval_shape", "named_call")},
    "numpy.vectorize": ((0, "pyfunc"),), "tree_util.tree_map": ((0, "f"),), "tree.map": ((0, "f"),),
}
_jax_callable_arguments: list[dict[int, tuple]] = []  # the table above by id, made once JAX is imported


def callable_arguments(target: Any) -> tuple:
    """Where the functions a callee calls for the user stand in its arguments: ``((position, keyword), ...)``,
    empty for any other callee. (By id: no user ``__hash__`` is asked.)"""
    places = _CALLABLE_ARGUMENTS.get(id(target))
    if places is not None:
        return places
    if not _jax_callable_arguments:
        jax = sys.modules.get("jax")
        if jax is None or "jax.tree_util" not in sys.modules:  # (not imported, or still importing)
            return ()
        table = {}
        for name, where in _JAX_CALLABLE_ARGUMENTS.items():
            value: Any = jax
            for part in name.split("."):
                value = getattr(value, part, None)
            if value is not None:
                table[id(value)] = (value, where)  # (the value kept: its id stays its own)
        _jax_callable_arguments.append(table)
    entry = _jax_callable_arguments[0].get(id(target))
    return entry[1] if entry is not None else ()


def _callee(call: ast.Call) -> ast.expr:
    """The callee as the user wrote it, also once this converter routed the call: ``f`` of
    ``ag__.builtin(f, x)``, ``ag__.builtin_call(f, ...)`` and ``ag__.call(f)(x)``."""
    func = call.func
    if (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "ag__"
            and func.attr in ("builtin", "builtin_call") and call.args):
        return call.args[0]
    if (isinstance(func, ast.Call) and isinstance(func.func, ast.Attribute) and isinstance(func.func.value, ast.Name)
            and func.func.value.id == "ag__" and func.func.attr == "call" and func.args):
        return func.args[0]
    return func


def _runtime_call(callee: ast.expr, at: dict[str, int]) -> ast.Call:
    """``ag__.call(callee)`` at position ``at``: what to call in place of ``callee`` (runtime/calls.py)."""
    return make_node(ast.Call, {"func": templates.runtime_attribute("call", at), "args": [callee], "keywords": [],
                                **at})


def _positions(node: ast.AST) -> dict[str, int]:
    """What ``templates.copy_location(new, node)`` gives: ``node``'s position, if it has one."""
    return templates.positions(node) if "lineno" in node.__dict__ else {}



def _local_functions(body: list[ast.stmt], local_names: set[str]) -> set[str]:
    """Names bound only by nested ``def`` statements (they are converted with their parent)."""
    # A def is a statement: most functions have none, and need no walk through their expressions.
    if not any(isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef))
               for statement in body for sub in [statement, *walk_statements(statement)]):
        return set()
    defined, bound = set(), set()
    for statement in body:
        for sub in walk(statement):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defined.add(sub.name)
            elif isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
                bound.add(sub.id)
    return (defined - bound) & local_names


def _may_empty(body: list[ast.stmt], names: set[str]) -> bool:
    """Whether the function's own scope may unbind or rebind one of ``names`` (its ``__class__`` cell, its
    first argument) other than by a plain assignment: a ``del`` of it, or ``nonlocal __class__``."""
    for statement in body:
        for sub in walk(statement):
            if isinstance(sub, ast.Delete) and any(isinstance(t, ast.Name) and t.id in names for t in sub.targets):
                return True
            if isinstance(sub, ast.Nonlocal) and "__class__" in sub.names:
                return True
    return False


def _attribute_supers(body: list[ast.stmt]) -> set[int]:
    """The ids of the zero-argument ``super()`` calls whose attribute is read at once (``super().x``, ``super().f()``):
    Python 3.12+ compiles those to LOAD_SUPER_ATTR, which reads ``__class__`` and the first argument as variables
    (an emptied one raises NameError / UnboundLocalError, not super()'s RuntimeError)."""
    found = set()
    for statement in body:
        for sub in walk(statement):
            if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Load) and isinstance(sub.value, ast.Call)
                    and isinstance(sub.value.func, ast.Name) and sub.value.func.id == "super"
                    and not sub.value.args and not sub.value.keywords):
                found.add(id(sub.value))
    return found


def _inside_a_class(node: ast.AST, root: ast.AST) -> bool:
    """Whether ``node`` is defined inside a class inside ``root`` (its method, or a function nested in one): there
    Python gives zero-argument super() a ``__class__`` cell (and the frame's first argument, whatever the
    function's kind), which the rewrite above spells out."""
    if not isinstance(node, ast.FunctionDef):
        return False
    return any(isinstance(sub, ast.ClassDef) and any(item is node for item in walk(sub)) for sub in walk(root))


def transform(node: ast.FunctionDef | ast.Lambda, ctx: Context, local_names: set[str]) -> None:
    body = node.body if isinstance(node.body, list) else [node.body]
    positional = node.args.posonlyargs + node.args.args
    # A function nested in a method sees the method's `__class__` (the root's closure holds it).
    uses_class_cell = "__class__" in ctx.closure or (node is not ctx.root and _inside_a_class(node, ctx.root))
    first_param = positional[0].arg if positional and uses_class_cell else None
    calls = _Calls(ctx, local_names, _local_functions(body, local_names), first_param)
    # super() in a function with no positional parameter raises, whatever the frame it is called from has.
    calls.super_without_arguments = not positional and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    if first_param:
        calls.empties_super_inputs = _may_empty(body, {"__class__", first_param})
        if calls.empties_super_inputs and sys.version_info >= (3, 12):
            calls.attribute_supers = _attribute_supers(body)
    bad, bindings, loops, calls.list_names, calls.local_imports = _container_bindings(node, local_names)
    calls.container_bindings = bad, bindings, loops
    calls.container_names = _container_names(bad, bindings, local_names)
    if isinstance(node, ast.Lambda):
        node.body = calls.visit(node.body)
    else:
        node.body = [calls.visit(statement) for statement in node.body]


_CONTAINER_DISPLAYS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.JoinedStr)
_CONTAINER_CONSTRUCTORS = frozenset({"list", "dict", "set", "frozenset", "str", "bytearray", "sorted"})


def _is_container_value(node: ast.expr) -> bool:
    """A display (``[]``, ``{}``, a comprehension, an f-string), a literal string, or a call of a builtin
    container's name (``list(...)``, ``sorted(...)``; shadowing is checked by ``_container_names``)."""
    if isinstance(node, _CONTAINER_DISPLAYS):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (str, bytes))
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in _CONTAINER_CONSTRUCTORS)


def _unpacked(target: ast.expr, value: ast.expr) -> Iterator[tuple[ast.expr, ast.expr]]:
    """``(target, value)``, then each element of a target tuple with its own element of the value display
    (``s, k = [], []``: no starred element on either side, so the lengths pair them one to one), nested too."""
    yield target, value
    if (isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, (ast.Tuple, ast.List))
            and len(target.elts) == len(value.elts)
            and not any(isinstance(e, ast.Starred) for e in (*target.elts, *value.elts))):
        for inner_target, inner_value in zip(target.elts, value.elts):
            yield from _unpacked(inner_target, inner_value)


Position = tuple  # (line, column) of a node in the function's text


def _container_bindings(node: ast.AST, local_names: set[str]
                        ) -> tuple[set[str], dict[str, list], list, frozenset, dict[str, Any]]:
    """The local names that are never surely a builtin container (a local ``list``, a parameter, a name declared
    global or nonlocal, a def, a class, an import, an ``except`` or ``match`` name); each local name's bindings
    (in the function, nested scopes included), with whether each binds a builtin container's value
    (``_is_container_value``, or an augmented assignment: ``items += more``); where each loop starts and ends
    in the text (``_container_here``); and the local names some assignment binds to a list or tuple display or a
    list comprehension (``axis = [n[0], n[2], -n[1]]``, even if another binds them to an array: NumPy calls given
    them are routed); and the local names only imports bind, each to one thing imported already (``import numpy
    as np`` inside the function: ``np`` is NumPy, as a global of that name would be), all from one walk."""
    bad: set[str] = set(_CONTAINER_CONSTRUCTORS & local_names)  # a local `list` is not the builtin
    bindings: dict[str, list[tuple[Position, bool, bool]]] = {}
    # The names a statement of the function's own body binds unconditionally: any binding before it is dead after
    # it (`out = 0` ... `out = []` ... a loop appending to `out`: a list in the loop).
    body = node.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else ()  # (a lambda's: an expression)
    unconditional = {id(target) for statement in body if isinstance(statement, ast.Assign)
                     for target in statement.targets if isinstance(target, ast.Name)}
    loops: list[tuple[Position, Position]] = []
    assigned_values: dict[int, ast.expr] = {}
    list_names = set()
    imported: dict[str, set] = {}  # local name -> what its imports bind it to ((module, attribute or None), ...)
    bound_otherwise: set[str] = set()  # local names some def, class, parameter or declaration binds
    kinds = _BINDING_KINDS
    # (The walk is breadth first: an assignment comes before the names it binds.)
    for sub in walk(node):
        kind = kinds.get(sub.__class__)
        if kind is None:
            continue
        if kind == "name":
            if sub.ctx.__class__ is not ast.Load:
                value = assigned_values.get(id(sub))
                bindings.setdefault(sub.id, []).append(
                    (_position(sub), value is not None and _is_container_value(value), id(sub) in unconditional))
        elif kind == "assign":
            for target in sub.targets:  # (`a, b = [x, y], [z]` binds each to its own display: _unpacked)
                for bound, value in _unpacked(target, sub.value):
                    assigned_values[id(bound)] = value
                    if bound.__class__ is ast.Name and (value.__class__ in _LIST_DISPLAYS or _sequence_call(value)):
                        list_names.add(bound.id)
        elif kind == "loop":
            loops.append((_position(sub), (getattr(sub, "end_lineno", 0), getattr(sub, "end_col_offset", 0))))
        elif kind == "valued":
            if sub.value is not None:
                assigned_values[id(sub.target)] = sub.value
        elif kind == "augmented":
            assigned_values[id(sub.target)] = ast.List(elts=[], ctx=ast.Load())
        elif kind == "import":
            bad.update((alias.asname or alias.name).split(".")[0] for alias in sub.names)
            for alias in sub.names:
                name = alias.asname or alias.name.split(".")[0]
                if sub.__class__ is ast.Import:  # `import a.b as x` binds a.b; `import a.b` binds a
                    what = (alias.name if alias.asname else alias.name.split(".")[0], None)
                else:  # `from a import b as x` binds a's b (relative imports are not resolved)
                    what = (sub.module, alias.name) if not sub.level and sub.module and alias.name != "*" else None
                imported.setdefault(name, set()).add(what)
        elif kind == "declared":
            bad.update(sub.names)
            bound_otherwise.update(sub.names)
        elif kind == "arg":
            bad.add(sub.arg)
            bound_otherwise.add(sub.arg)
        elif kind == "rest":
            if sub.rest:
                bad.add(sub.rest)
                bound_otherwise.add(sub.rest)
        elif sub.name:  # "named": a def, a class, an except or match name
            bad.add(sub.name)
            bound_otherwise.add(sub.name)
    modules = {}
    for name, whats in imported.items():
        if len(whats) == 1 and None not in whats and name not in bindings and name not in bound_otherwise:
            (module, attribute), = whats
            found = sys.modules.get(module)
            if found is not None and attribute is not None:
                found = found.__dict__.get(attribute) if type(found) is types.ModuleType else None
            if found is not None:
                modules[name] = found
    return bad, bindings, loops, frozenset(list_names & local_names), modules


# What each node class means to _container_bindings (any other class: nothing).
_BINDING_KINDS: dict[type, str] = {
    ast.Name: "name", ast.Assign: "assign", ast.For: "loop", ast.AsyncFor: "loop", ast.While: "loop",
    ast.AnnAssign: "valued", ast.NamedExpr: "valued", ast.AugAssign: "augmented",
    ast.FunctionDef: "named", ast.AsyncFunctionDef: "named", ast.ClassDef: "named", ast.ExceptHandler: "named",
    ast.MatchAs: "named", ast.MatchStar: "named", ast.MatchMapping: "rest",
    ast.Import: "import", ast.ImportFrom: "import", ast.Global: "declared", ast.Nonlocal: "declared", ast.arg: "arg",
}
_LIST_DISPLAYS = frozenset({ast.List, ast.Tuple, ast.ListComp})
# Calls that make a sequence NumPy converts itself: `np.arccos(list(map(np.dot, n1, n2)))`, `a = deque(data)`.
# By their names as written (a user's own `deque` is routed too, which costs a look at its arguments, no more).
_SEQUENCE_MAKERS = frozenset({"list", "tuple", "sorted", "deque"})


def _sequence_call(node: ast.expr) -> bool:
    """A call of ``list``, ``tuple``, ``sorted`` or ``deque`` (``collections.deque`` too)."""
    if node.__class__ is not ast.Call:
        return False
    func = node.func
    name = func.id if func.__class__ is ast.Name else func.attr if func.__class__ is ast.Attribute else None
    return name in _SEQUENCE_MAKERS


def _container_names(bad: set[str], bindings: dict, local_names: set[str]) -> frozenset:
    """The local names every binding of which (``_container_bindings``) is a builtin container's value."""
    return frozenset(name for name, bound in bindings.items()
                     if name not in bad and all(container for _, container, _ in bound)) & local_names


def _position(node: ast.AST) -> Position:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _container_here(name: ast.Name, bad: set[str], bindings: dict, loops: list) -> bool:
    """Whether ``name``, read where it stands, is surely a builtin container: every binding of it that can reach
    that read is one. Those are the bindings before the outermost loop around the read (from the last one a
    statement of the function's own body makes, unconditionally) and the bindings inside that loop (an iteration
    reaches the next); none after it (the function's other statements run once, in the order of its text). So
    ``out = []``, a loop appending to ``out``, then ``out = np.stack(out[::-1])``: a list in the loop (RL's returns
    and advantages, a Viterbi backtrace), which ``_container_names`` cannot say."""
    bound = bindings.get(name.id)
    if name.id in bad or not bound or not hasattr(name, "lineno"):
        return False
    here = _position(name)
    around = [(start, end) for start, end in loops if start <= here <= end]
    start, end = min(around) if around else (here, here)  # (the outermost loop around the read)
    before = [(at, container) for at, container, _ in bound if at < start]
    # A statement of the function's own body that binds it unconditionally before there: the bindings before that
    # one cannot reach the read.
    last = max((at for at, _, unconditional in bound if unconditional and at < start), default=None)
    reaching = [container for at, container in before if last is None or at >= last]
    if around:
        reaching += [container for at, container, _ in bound if start <= at <= end]
    return bool(reaching) and all(reaching)
