"""Errors that say what a graph cannot do, and the guard that keeps user code from handling them.

Before (converted code, a user's fallback)::

    try:
        k = np.linalg.inv(s)
    except Exception:
        ag__.reraise_limitation()
        k = 1.0 / s

A ``Limitation`` raised while tracing (``np.linalg.inv`` unsupported, a tensor's value asked for)
is not what eager NumPy would raise there, so the user's handler must not take it as its own:
it would trace the fallback and give a silently different result. Errors NumPy itself raises
(shapes that do not broadcast, a singular matrix) are not limitations: handlers catch them as in
eager code.

A limitation is also remembered by the trace it happened in (``refusals``, one list per outermost
trace): a library may catch it and raise its own error in its place (``np.zeros(n)`` with a traced
``n`` turns the tensor's refusal into NumPy's ``TypeError``), or swallow it. Then the user's handler
re-raises the remembered limitation all the same, and a trace that ends with one pending raises it:
no program's ``except`` turns what a graph cannot do into another answer.
"""

from __future__ import annotations

import re
import sys
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from contextvars import ContextVar
from typing import Optional

from runtime.tracebacks import fold_blocks_into_handler

# The limitations raised in the outermost graph trace under way in this context (None: no trace).
_REFUSALS: ContextVar[Optional[list]] = ContextVar("runtime_refusals", default=None)


class AutographError(Exception):
    """The base of every error of autograph's own (``autograph.AutographError``): what a graph cannot do
    (``Limitation`` and its classes), a function that cannot be converted (``ConversionError``), a bug of
    ours (``ConverterBug``), a file that cannot be saved or loaded (``SerializationError``, ``FormatError``),
    a malformed graph (``VerificationError``), a test that found a graph disagreeing with NumPy
    (``MismatchError``). Each is also the builtin exception that fits (a ``StagingError`` is a
    ``ValueError``), so ``except ValueError`` catches it as before; ``except AutographError`` catches ours
    and nothing else: an error NumPy or your own code raises while tracing or running keeps its class.
    It marks nothing more: only a ``Limitation`` is remembered by a trace (see the module's docstring)."""


class Limitation(AutographError):
    """Marks an error that says what a graph cannot do where Python or NumPy would go on. One made while a
    graph is traced is remembered by that trace (see the module's docstring), unless its class says
    ``remembered = False`` (an answer a program may probe for, such as ``hasattr``'s)."""

    remembered = True

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        if self.remembered:
            remember(self)

    def __init_subclass__(cls, **kwargs: object) -> None:
        # A subclass that is also a builtin exception (TypeError, IndexError) finds that class's
        # __init__ first in its MRO: it takes this one, unless it writes its own.
        super().__init_subclass__(**kwargs)
        if "__init__" not in cls.__dict__:
            cls.__init__ = Limitation.__init__


# ``user_location`` of runtime/staging.py, which puts it here when it is imported (it imports this module: the
# name comes down, the import does not go up).
locate: list = [None]
# A message that starts with a site already (``file.py:12: ...``, ``Cell In[3], line 4: ...``).
_LOCATED = re.compile(r"(?:Cell In\[\d+\], line \d+|\S+:\d+)(?: \(inside [^)]*\))?: ")


class NotStageable(TypeError, Limitation):
    """A value, function or argument that a graph cannot hold or compute while tracing. Its message starts with
    the user's file:line (``Cell In[n], line k`` in a notebook) when the text does not name it already."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and type(args[0]) is str and locate[0] is not None:
            where = locate[0]()
            if where != "<unknown>" and where not in args[0] and not _LOCATED.match(args[0]):
                args = (f"{where}: {args[0]}",)
        Limitation.__init__(self, *args)


class NotOnTensors(AttributeError, Limitation):
    """An array attribute that graph tensors do not have (``x.flags``, ``x.strides``): an ``AttributeError``.
    Asked by NumPy's or the standard library's own code (a probe such as ``hasattr(a, "flags")`` before a
    fast path), it is an answer that code goes on from, and the trace does not remember it. Asked by the
    program's own code (``hasattr(x, "flags")``, ``getattr(x, "nbytes", 0)``), eager NumPy has the
    attribute, so neither hasattr's False, a default nor a handler may stand in for it: the tensor
    remembers that one (``remember``), and the trace fails with it."""

    remembered = False


class DataDependentShape(ValueError, Limitation):
    """An op whose output's size depends on the values it computes (``x[mask]``, ``np.unique``, ``np.nonzero``)
    where a compiler that fixes every shape must hold it: inside a staged ``if`` or loop under ``executor="jax"``
    (XLA; at the top level it runs on NumPy between compiled stages), or in ``export_stablehlo``. The NumPy
    executor runs such graphs (docs/graph_numpy_functions.md, "Data-dependent shapes"); the message names the
    user's line of the op and says so."""

    located = True  # (the message starts with the op's file:line: the JAX lowering passes it on as it is)


class DataDependentIndex(IndexError, DataDependentShape):
    """``x[mask]`` (or ``x[mask] = values``) with a boolean mask computed in the graph, under ``executor="jax"``
    (or of a traced mask under ``backend="jax"``): the selection's length is the mask's count of True values,
    known only at run time (NumPy's interpreter runs it)."""


class NonFiniteComplexPower(ValueError, Limitation):
    """``np.power`` (``float_power``, ``**``) of complex numbers on XLA where a part of the base or the exponent is
    infinite or NaN: NumPy's answer there is the C library's ``cpow``, whose recovery of infinities XLA's
    arithmetic cannot follow (``(inf + nanj) ** (1 + 1j)`` is ``inf + nanj`` in NumPy). Raised when the graph runs,
    with the user's line; the NumPy executor answers as NumPy."""


class HandlerNotRun(RuntimeError, Limitation):
    """An error a graph node raised when the graph ran, inside a ``try`` of the program's whose ``except`` would
    have caught it: the ``try`` ran while the function was traced, and the graph cannot run its handler, where eager
    code goes on in it (a singular matrix in ``inv`` under ``except LinAlgError:``). Not the node's own error class,
    so that no ``except`` of the caller's takes it for that error and goes on with another answer; the node's
    error is its ``__cause__`` (runtime/graph/run_time_errors.py)."""


class ErrorStateChanged(RuntimeError, Limitation):
    """A node the function made inside its own ``np.errstate`` block runs under a caller's error state that differs
    from the one it was traced under, in a mode the block may or may not set: which state eager NumPy would run it
    under is not known (runtime/graph/error_state.py)."""


class SilentFloatingPoint(RuntimeError, Limitation):
    """``executor="jax"`` asked, by NumPy's error state, to raise (call, log) a floating-point error: compiled code
    signals none, so it could return a value where NumPy raises (runtime/graph/error_state.py)."""


class UnsortedSearch(ValueError, Limitation):
    """A search in points that are not sorted, where NumPy's answer follows the path of its own search and a
    graph's search cannot follow it: ``np.interp`` with ``xp`` out of NumPy's sorted order, NaNs last (NumPy's
    loop searches with a guess, the graph with ``searchsorted``: checked on both executors), and
    ``np.searchsorted`` (``digitize``) on XLA of an array not sorted in NumPy's order (XLA's binary search takes
    another path). Raised when the graph runs (a constant array: while tracing), with the user's line."""


class OrderDependentOverflow(RuntimeError, Limitation):
    """A float sum, mean, product (cumulative too) or matrix product under ``executor="jax"`` whose partial sums
    (products) may overflow, where NumPy's order of adding and XLA's differ: the order decides between ``inf``,
    ``-inf``, NaN and a finite number, so XLA could give an answer NumPy does not. Raised when the graph runs, with
    the user's line (runtime/jax/summation_order.py); the NumPy executor answers as NumPy, and ``executor="auto"``
    runs that call on it by itself."""


class UnknownDimension(NotStageable):
    """A dimension known only when the graph runs (``input_signature`` with None), used where Python needs its
    value while tracing: ``len(x)`` and ``range(n)`` outside converted code, ``x.shape == y.shape``."""


def remember(error: Limitation) -> None:
    """Remember ``error`` in the trace under way (a limitation of a remembered class is, when it is made)."""
    refusals = _REFUSALS.get()
    if refusals is not None:
        refusals.append(error)


def start_trace() -> object:
    """An outermost graph trace begins in this context (which is its own copy): remember its refusals."""
    return _REFUSALS.set([])


# The list of the trace under way (None outside one), for a hot path that takes ``refusal_mark`` inline.
refusals_now = _REFUSALS.get


def refusal_mark() -> int:
    """How many limitations the trace under way remembers (0 outside a trace): see ``forget_since``."""
    refusals = _REFUSALS.get()
    return 0 if refusals is None else len(refusals)


def forget_since(mark: int, until: Optional[int] = None) -> None:
    """The runtime got past the limitations remembered since ``mark`` (up to ``until``) itself (a plain call
    that failed on a tensor in a list, which the backend then made): they were no refusal of the program's."""
    refusals = _REFUSALS.get()
    if refusals is not None:
        del refusals[mark:until]


def pending_refusal() -> Optional[BaseException]:
    """The first limitation of the trace under way that the program caught (or None)."""
    refusals = _REFUSALS.get()
    return refusals[0] if refusals else None


# The exception being handled: sys.exception() (Python 3.11+) costs less than sys.exc_info()[1],
# which builds a tuple; converted code calls this at the top of every `except` clause.
_handled = getattr(sys, "exception", None) or (lambda: sys.exc_info()[1])


def reraise_limitation() -> None:
    """In an ``except`` clause of converted code: re-raise the exception being handled if it is a
    ``Limitation``. A plain exception passes to the user's handler, its traceback as the original's: the
    entries of the blocks it left on its way to this handler folded into the handler's frame's
    (``fold_blocks_into_handler``)."""
    error = _handled()
    if isinstance(error, Limitation):
        raise error
    refused = pending_refusal()
    if refused is not None:  # a library turned a refusal into its own error (np.zeros(traced n): TypeError)
        raise refused from error
    if error is not None:
        try:
            fold_blocks_into_handler(error)
        except RecursionError:  # (a handler at the recursion limit runs all the same, the blocks' entries unfolded)
            pass
