"""Ordinary Python functions with control flow, and the inputs to run them on.

Plain Python is the oracle: a converted function must give the same result,
raise the same exception with the same message, and leave the same side
effects in the same order as the original, on every input listed here.

The functions are plain module-level source (so ``inspect.getsource`` finds
them); a few live in classes and in factories. Each one is registered right
after its definition::

    def simple_relu(x):
        ...

    add(simple_relu, 1, -1, 0, tags={"if", "return"})

An input is one positional argument, or ``In(*args, **kwargs)`` for more.
Side effects go to the module-level ``LOG`` through ``log(value)``; ``outcome``
resets it (and the module's other mutable state) before each run and reports
it with the result. Arguments are deep-copied per run, and their state after
the run is part of the reported side effects, so mutating an argument counts.
"""

from __future__ import annotations

import copy
import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# -------------------- registry


class In:
    """The arguments of one call: ``In(1, 2, power=3)``."""

    __slots__ = ("args", "kwargs")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = args
        self.kwargs = kwargs

    def __repr__(self) -> str:
        parts = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"In({', '.join(parts)})"


@dataclass(frozen=True)
class Case:
    """A corpus function, the calls to make, and what it exercises."""

    name: str
    fn: Callable
    inputs: tuple[In, ...]
    tags: frozenset[str] = field(default_factory=frozenset)

    def __repr__(self) -> str:
        return f"Case({self.name})"


CASES: list[Case] = []


def add(fn: Callable, *inputs: Any, tags: set[str] | frozenset[str] = frozenset(), name: str = "") -> None:
    """Register ``fn`` with its inputs; a bare value is a single positional argument."""
    name = name or getattr(fn, "__name__", None) or type(fn).__name__
    if name == "<lambda>":
        raise ValueError("name lambdas explicitly")
    if any(c.name == name for c in CASES):
        raise ValueError(f"duplicate case name {name!r}")
    calls = tuple(i if isinstance(i, In) else In(i) for i in inputs)
    if not calls:
        raise ValueError(f"case {name!r} has no inputs")
    CASES.append(Case(name, fn, calls, frozenset(tags)))


def case_by_name(name: str) -> Case:
    for c in CASES:
        if c.name == name:
            return c
    raise KeyError(name)


def underlying(fn: Callable) -> Callable:
    """The plain function whose source a case is written in (for methods, partials, callables)."""
    while True:
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif hasattr(fn, "__func__"):
            fn = fn.__func__
        elif not hasattr(fn, "__code__") and callable(fn) and not isinstance(fn, type):
            fn = type(fn).__call__
        else:
            return fn


# -------------------- side effects

LOG: list[Any] = []


def log(value: Any) -> Any:
    """Record ``value`` and return it: makes laziness and evaluation order visible."""
    LOG.append(value)
    return value


COUNTER = 0
SCALE = 10


def reset() -> None:
    """Reset the module's mutable state before a run."""
    global COUNTER, SCALE
    LOG.clear()
    COUNTER = 0
    SCALE = 10


def outcome(fn: Callable, args: tuple = (), kwargs: dict | None = None) -> tuple:
    """Run ``fn`` on fresh copies of the arguments.

    Returns ``('ok', value, effects)`` or ``('raise', type, message, effects)``,
    where ``effects`` is ``(LOG entries, arguments after the call)``.
    """
    args, kwargs = copy.deepcopy((tuple(args), dict(kwargs or {})))
    reset()
    try:
        value = fn(*args, **kwargs)
    except Exception as error:  # noqa: BLE001  (every exception is an outcome to compare)
        return ("raise", type(error), str(error), (list(LOG), args, kwargs))
    return ("ok", value, (list(LOG), args, kwargs))


def same(a: Any, b: Any) -> bool:
    """Structural equality that also checks types, NumPy dtypes and shapes, and NaNs."""
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        nan_equal = a.dtype.kind in "fc"
        return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=nan_equal))
    if isinstance(a, (float, np.floating)):
        return bool(a == b) or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, type):
        return a is b
    if isinstance(a, BaseException):  # an exception given back as a value: its type (above) and arguments
        return same(a.args, b.args)
    return bool(a == b)


def same_outcome(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and a[0] == b[0] and all(same(x, y) for x, y in zip(a[1:], b[1:], strict=True))


# -------------------- small helpers the corpus uses


class CorpusError(Exception):
    """A user-defined exception, raised from inside loops and branches."""


class Box:
    """A mutable attribute holder (compared by its attributes, which may be deleted)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return type(other) is Box and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Box({vars(self)})"


class Recorder:
    """A context manager that records enter and exit (and the exception type it saw)."""

    def __init__(self, name: str, suppress: bool = False) -> None:
        self.name = name
        self.suppress = suppress

    def __enter__(self) -> Recorder:
        log(("enter", self.name))
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        log(("exit", self.name, exc_type.__name__ if exc_type else None))
        return self.suppress


@dataclass
class Point:
    x: int
    y: int


def logged(fn: Callable) -> Callable:
    """A decorator that records each call of ``fn``."""

    @functools.wraps(fn)
    def wrapper(*args):
        log(("call", fn.__name__, args))
        return fn(*args)

    return wrapper


def count_up(n):
    """A user generator, iterated by converted code (it is not converted itself)."""
    i = 0
    while i < n:
        yield i
        i += 1


# ==================== tutorial functions


def f(a, b, power=2, d=3):
    """The TF AutoGraph tutorial's ``f``, with a branch."""
    return a - b if a > b else a**power + d * b


add(
    f, In(5, 3), In(1, 2), In(2, 2), In(1, 2, power=3), In(1, 2, d=0), In(3.5, 1.0, 2, 4),
    tags={"tutorial", "ifexp"},
)


def cube(x):
    result = 1
    for _ in range(3):
        result = result * x
    return result


add(cube, 2, -3, 0, 1.5, np.array([1.0, 2.0]), tags={"tutorial", "for", "range", "numpy"})


def square(x):
    return x * x


add(square, 3, -2.5, np.array([-1, 2]), tags={"tutorial"})


def g(x):
    if np.any(x < 0):
        return square(x)
    else:
        return x


add(
    g, np.array([1, 2, 3]), np.array([1, -2, 3]), np.array([]),
    tags={"tutorial", "if", "return", "numpy", "call"},
)


def simple_relu(x):
    if x > 0:
        return x
    else:
        return 0


add(simple_relu, 3, -3, 0, 2.5, tags={"tutorial", "if", "return"})


def my_function(x):
    if np.sum(x) > 0:
        x = x * x
    else:
        x = -x // 2
    return x


add(my_function, np.array([1, 2]), np.array([-3, 1]), np.array([0]), tags={"tutorial", "if", "numpy"})

# ==================== if / elif / else


def classify(x):
    if x < 0:
        kind = "negative"
    elif x == 0:
        kind = "zero"
    elif x < 10:
        kind = "small"
    else:
        kind = "large"
    return kind


add(classify, -5, 0, 3, 10, 99, tags={"if", "elif"})


def if_without_else(x):
    y = x
    if x % 2 == 0:
        y = x // 2
    return y


add(if_without_else, 4, 7, 0, -6, tags={"if"})


def nested_if_depth4(a, b, c, d):
    r = 0
    if a > 0:
        if b > 0:
            if c > 0:
                if d > 0:
                    r = 1
                else:
                    r = 2
            elif c == 0:
                r = 3
            else:
                if d > c:
                    r = 4
        else:
            r = 5
    elif a == 0:
        if b or c:
            r = 6 if d else 7
    else:
        r = -1
    return r


add(
    nested_if_depth4,
    In(1, 1, 1, 1), In(1, 1, 1, 0), In(1, 1, 0, 5), In(1, 1, -1, 2), In(1, 1, -1, -2),
    In(1, -1, 0, 0), In(0, 1, 0, 1), In(0, 0, 1, 0), In(0, 0, 0, 0), In(-3, 0, 0, 0),
    tags={"if", "elif", "nested", "ifexp"},
)


def branch_only_binding(c):
    if c:
        y = 1
    return y


add(branch_only_binding, True, False, 0, 5, tags={"if", "unbound"})


def elif_only_binding(x):
    if x > 10:
        label = "big"
    elif x > 5:
        label = "medium"
    return label


add(elif_only_binding, 20, 7, 1, tags={"if", "elif", "unbound"})


def if_modifies_one_of_many(a, b):
    c = a + b
    d = a - b
    if a > b:
        d = d * 2
    else:
        c = c * 3
    e = c + d
    return c, d, e


add(if_modifies_one_of_many, In(3, 1), In(1, 3), In(2, 2), tags={"if"})


def if_assigns_in_both_branches(flag, x):
    if flag:
        a = x + 1
        b = x + 2
    else:
        a = x - 1
        b = x - 2
    return a * b


add(if_assigns_in_both_branches, In(True, 3), In(False, 3), In([], 0), tags={"if"})


# ==================== conditional expressions, and / or / not


def sign_expr(x):
    return 1 if x > 0 else (-1 if x < 0 else 0)


add(sign_expr, 5, -2, 0, 0.0, tags={"ifexp", "nested"})


def lazy_ifexp(x):
    return log("then") if x else log("else")


add(lazy_ifexp, 1, 0, "", "s", tags={"ifexp", "side_effects"})


def lazy_and(a, b, c):
    return log(a) and log(b) and log(c)


add(
    lazy_and, In(1, 2, 3), In(0, 2, 3), In(1, "", 3), In([], 0, 1), In(1, 2, None),
    tags={"and_or", "side_effects"},
)


def lazy_or(a, b, c):
    return log(a) or log(b) or log(c)


add(
    lazy_or, In(1, 2, 3), In(0, 2, 3), In(0, "", 3), In([], 0, None), In(0, [7], 1),
    tags={"and_or", "side_effects"},
)


def not_and_or_mix(a, b, c):
    if not log(a) and (log(b) or not log(c)):
        r = "first"
    elif not (a or b) or c:
        r = "second"
    else:
        r = "third"
    return r, not a, (a and b) or c


add(
    not_and_or_mix,
    In(0, 1, 0), In(0, 0, 1), In(0, 0, 0), In(1, 0, 0), In(1, 1, 1), In("", [], "x"),
    tags={"and_or", "if", "elif", "side_effects"},
)


def and_or_in_while_test(xs):
    i = 0
    while i < len(xs) and log(xs[i]) != 0:
        i += 1
    return i


add(and_or_in_while_test, [3, 2, 0, 5], [1, 2], [], [0], tags={"and_or", "while", "side_effects"})


def lazy_and_guards_error(d, k):
    return k in d and d[k] > 0 or "missing"


add(lazy_and_guards_error, In({"a": 1}, "a"), In({"a": -1}, "a"), In({}, "a"), tags={"and_or"})


# ==================== while loops


def count_down(n):
    steps = []
    while n > 0:
        steps.append(n)
        n -= 1
    return steps


add(count_down, 3, 0, -1, tags={"while", "augassign"})


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


add(collatz_steps, 1, 6, 27, tags={"while", "if"})


def while_else_search(xs, target):
    i = 0
    while i < len(xs):
        if xs[i] == target:
            found = i
            break
        i += 1
    else:
        found = -1
    return found, i


add(while_else_search, In([1, 2, 3], 2), In([1, 2, 3], 9), In([], 0), tags={"while", "else", "break"})


def while_continue(n):
    i = 0
    odds = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        odds += i
    return odds, i


add(while_continue, 0, 1, 7, tags={"while", "continue"})


def while_true_return(xs):
    i = 0
    while True:
        if xs[i] < 0:
            return i
        i += 1


add(while_true_return, [1, 2, -1], [-5], [1, 2], tags={"while", "return", "exceptions"})


def walrus_while(xs):
    it = iter(xs)
    total = 0
    while (item := next(it, None)) is not None:
        total += item
    return total, item


add(walrus_while, [1, 2, 3], [], tags={"while", "walrus"})


def while_var_after_loop(n):
    while n > 0:
        last = n
        n -= 1
    return last


add(while_var_after_loop, 3, 0, tags={"while", "unbound"})


def while_else_no_break(n):
    out = []
    while n > 0:
        n -= 1
        out.append(n)
    else:
        out.append("done")
    return out


add(while_else_no_break, 2, 0, tags={"while", "else"})


# ==================== for loops


def sum_positive(xs):
    total = 0
    for x in xs:
        if x > 0:
            total += x
    return total


add(sum_positive, [1, -2, 3], [], [-1], (5, 5), tags={"for", "if", "list"})


def for_else_search(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            result = i
            break
    else:
        result = None
    return result


add(
    for_else_search, In([4, 5, 6], 5), In([4, 5, 6], 7), In([], 1),
    tags={"for", "else", "break", "enumerate"},
)


def for_continue_break(xs):
    out = []
    for x in xs:
        if x < 0:
            continue
        if x > 100:
            break
        out.append(x)
    return out


add(for_continue_break, [1, -1, 2, 101, 3], [-1, -2], [], tags={"for", "break", "continue"})


def loop_var_after_loop(xs):
    for x in xs:  # noqa: B007
        pass
    return x


add(loop_var_after_loop, [1, 2, 3], [], "ab", tags={"for", "unbound"})


def loop_var_after_range(n):
    for i in range(n):  # noqa: B007
        pass
    return i


add(loop_var_after_range, 3, 0, 1, tags={"for", "range", "unbound"})


def assigned_in_loop_body(xs):
    for x in xs:
        y = x * 2
    return y


add(assigned_in_loop_body, [1, 5], [], tags={"for", "unbound"})


def range_steps(n):
    up = [i for i in range(n)]
    total = 0
    for i in range(n, 0, -2):
        total += i
    for j in range(2, n):
        total -= j
    return up, total, i


add(range_steps, 5, 1, 0, tags={"for", "range", "comprehension", "unbound"})


def nested_loops_break_inner(rows):
    found = []
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if v < 0:
                break
            if v == 0:
                continue
            found.append((r, c))
        else:
            found.append(("full", r))
    return found


add(
    nested_loops_break_inner, [[1, 0, 2], [3, -1, 4], []], [], [[-1]],
    tags={"for", "break", "continue", "else", "nested"},
)


def nested_loops_return(grid, target):
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            if v == target:
                return i, j
    return None


add(
    nested_loops_return, In([[1, 2], [3, 4]], 3), In([[1, 2], [3, 4]], 9), In([], 1),
    tags={"for", "return", "nested"},
)


def deep_break_continue(n):
    out = []
    for i in range(n):
        if i == 1:
            continue
        j = 0
        while True:
            j += 1
            if j > i:
                break
            for k in range(j):
                if (i + j + k) % 3 == 0:
                    continue
                if k > 1:
                    break
                out.append((i, j, k))
        if len(out) > 8:
            break
    return out


add(deep_break_continue, 0, 3, 6, tags={"for", "while", "break", "continue", "nested"})


def tuple_targets(pairs):
    total = 0
    for a, (b, c) in pairs:
        total += a * b - c
    return total, a


add(tuple_targets, [(1, (2, 3)), (4, (5, 6))], [], tags={"for", "targets", "unbound"})


def starred_targets(rows):
    out = []
    for first, *rest in rows:
        out.append((first, len(rest)))
    for *init, last in rows:
        out.append((init, last))
    return out


add(starred_targets, [[1, 2, 3], [4], (5, 6)], [], [[]], tags={"for", "targets", "exceptions"})


def iterate_dict(d):
    keys = []
    for k in d:
        keys.append(k)
    total = 0
    for k, v in d.items():
        if v > 0:
            total += v
        else:
            keys.append(k * 2)
    return keys, total


add(iterate_dict, {"a": 1, "b": -2, "c": 3}, {}, tags={"for", "dict", "targets"})


def zip_and_enumerate(xs, ys):
    out = []
    for i, (x, y) in enumerate(zip(xs, ys), start=1):  # noqa: B905
        out.append(i * (x - y))
    return out


add(zip_and_enumerate, In([1, 2, 3], [3, 2]), In([], [1]), tags={"for", "enumerate", "zip", "targets"})


def iterator_not_overconsumed(xs):
    it = iter(xs)
    for x in it:
        if x > 2:
            break
    return x, next(it, "exhausted"), list(it)


add(iterator_not_overconsumed, [1, 2, 3, 4, 5], [1, 2], [9], tags={"for", "break", "iterator"})


def generator_loop_break(n):
    gen = count_up(n)
    seen = []
    for v in gen:
        seen.append(v)
        if v == 2:
            break
    return seen, next(gen, None)


add(generator_loop_break, 5, 3, 1, 0, tags={"for", "break", "generator", "iterator"})


def genexpr_loop(xs):
    total = 0
    for sq in (x * x for x in xs if x % 2):
        total += sq
    return total


add(genexpr_loop, [1, 2, 3], [], tags={"for", "generator", "comprehension"})


def mutate_dict_while_iterating(d):
    for k in d:
        if k == "a":
            d["z"] = 0
    return d


add(mutate_dict_while_iterating, {"a": 1, "b": 2}, {"b": 1}, tags={"for", "dict", "exceptions"})


def for_over_string_with_else(s):
    vowels = 0
    for ch in s:
        if ch in "aeiou":
            vowels += 1
    else:
        vowels *= 10
    return vowels


add(for_over_string_with_else, "autograph", "", tags={"for", "else"})


def loop_modifies_iterated_list(xs):
    for x in xs:
        if x > 0 and len(xs) < 6:
            xs.append(-x)
    return xs


add(loop_modifies_iterated_list, [1, 2], [], [-1], tags={"for", "side_effects"})


def numpy_rows(m):
    out = np.zeros(m.shape[1])
    for row in m:
        if row.sum() > 0:
            out = out + row
        else:
            out = out - row
    return out


add(numpy_rows, np.array([[1.0, 2.0], [-3.0, -4.0]]), np.zeros((0, 3)), tags={"for", "if", "numpy"})


# ==================== return anywhere


def early_returns(x):
    if x is None:
        return
    if x < 0:
        return "neg"
    for i in range(x):
        if i * i > x:
            return i
    return -1


add(early_returns, None, -2, 10, 0, 1, tags={"return", "if", "for"})


def falls_off_end(xs):
    for x in xs:
        log(x)


add(falls_off_end, [1, 2], [], tags={"return", "for", "side_effects"})


def return_in_while_else(n):
    while n > 0:
        n -= 1
        if n == 2:
            return "hit"
    else:
        return "else"
    return "unreachable"


add(return_in_while_else, 5, 1, 0, tags={"return", "while", "else"})


def return_conditionally_in_loop_then_use(xs):
    acc = 0
    for x in xs:
        if x is None:
            return "none"
        acc += x
        if acc > 10:
            break
    else:
        return "exhausted", acc
    return "broke", acc


add(
    return_conditionally_in_loop_then_use, [1, 2], [5, 6, 7], [1, None, 99], [],
    tags={"return", "for", "else", "break"},
)


# ==================== walrus


def walrus_in_if(xs):
    if (n := len(xs)) > 2:
        return n, xs[0]
    return n


add(walrus_in_if, [1, 2, 3], [1], tags={"walrus", "if"})


def walrus_in_comprehension(xs):
    doubled = [y for x in xs if (y := x * 2) > 3]
    return doubled, y


add(walrus_in_comprehension, [1, 2, 3], [], tags={"walrus", "comprehension", "unbound"})


def walrus_in_branch(flag, x):
    if flag:
        print_value = (w := x + 1) * 2
    else:
        print_value = 0
    return print_value, w


add(walrus_in_branch, In(True, 1), In(False, 1), tags={"walrus", "if", "unbound"})


# ==================== global, nonlocal, del, augmented assignment


def bump_global(n):
    global COUNTER
    for i in range(n):
        if i % 2:
            COUNTER += i
    return COUNTER


add(bump_global, 5, 0, tags={"global", "for"})


def reads_global_scale(x):
    if x > 0:
        return x * SCALE
    return -SCALE


add(reads_global_scale, 2, -2, tags={"global", "if"})


def nonlocal_counter(n):
    count = 0

    def bump(k):
        nonlocal count
        if k % 2:
            count += k
        else:
            count -= 1

    for i in range(n):
        bump(i)
    return count


add(nonlocal_counter, 5, 0, tags={"nonlocal", "nested_def", "for"})


def make_tally():
    total = 0

    def tally(xs):
        nonlocal total
        total = 0
        for x in xs:
            if x > 0:
                total += x
        return total

    return tally


add(make_tally(), [1, -2, 3], [], name="tally", tags={"nonlocal", "factory", "for"})


def delete_in_branch(flag):
    x = 1
    if flag:
        del x
    return x


add(delete_in_branch, False, True, tags={"del", "if", "unbound"})


def delete_items(d, xs, box):
    del d["a"]
    for i in range(len(xs) - 1, -1, -1):
        if xs[i] % 2:
            del xs[i]
    if box.value:
        del box.value
        return "deleted"
    return d, xs


add(
    delete_items,
    In({"a": 1, "b": 2}, [1, 2, 3, 4], Box(0)),
    In({"a": 1}, [], Box(1)),
    In({"b": 1}, [1], Box(0)),
    tags={"del", "for", "if", "exceptions"},
)


def augmented_assignments(box, xs, d):
    n = 1
    for i in range(3):
        n *= 2
        n -= i
        box.value += i
        xs[i % len(xs)] += n
        d["k"] = d.get("k", 0)
        d["k"] += i
    n //= 3
    n **= 2
    return n


add(
    augmented_assignments,
    In(Box(0), [1, 2], {}),
    In(Box(10), [5], {"k": 3}),
    In(Box(0), [], {}),
    tags={"augassign", "for"},
)


def augassign_unbound(flag):
    if flag:
        total = 0
    for i in range(3):
        total += i
    return total


add(augassign_unbound, True, False, tags={"augassign", "unbound"})


# ==================== closures, nested functions, lambdas


def late_binding_closures(n):
    fs = []
    for i in range(n):
        fs.append(lambda: i)  # noqa: B023
    return [fn() for fn in fs]


add(late_binding_closures, 3, 1, 0, tags={"closure", "lambda", "for", "comprehension"})


def early_binding_defaults(n):
    fs = []
    for i in range(n):
        fs.append(lambda i=i: i * 10)
    return [fn() for fn in fs]


add(early_binding_defaults, 3, 0, tags={"closure", "lambda", "for"})


def closure_defs_in_while(n):
    fs = []
    while n > 0:

        def show():
            return n  # noqa: B023

        fs.append(show)
        n -= 1
    return [fn() for fn in fs]


add(closure_defs_in_while, 3, 0, tags={"closure", "nested_def", "while"})


def nested_function_with_control_flow(xs):
    def clip(v, lo=0, hi=10):
        if v < lo:
            return lo
        elif v > hi:
            return hi
        return v

    out = []
    for x in xs:
        out.append(clip(x))
    return out


add(nested_function_with_control_flow, [-5, 5, 50], [], tags={"nested_def", "if", "return", "for"})


def closure_reads_later_assignment(flag):
    def get():
        return value

    if flag:
        value = "set"
    return get()


add(closure_reads_later_assignment, True, False, tags={"closure", "nested_def", "unbound", "exceptions"})


def lambda_with_conditional(xs):
    pick = lambda v: v if v % 2 else -v
    return [pick(x) for x in xs if x]


add(lambda_with_conditional, [0, 1, 2, 3], [], tags={"lambda", "ifexp", "comprehension"})


lambda_abs = lambda x: x if x >= 0 else -x

add(lambda_abs, 3, -3, 0, tags={"lambda", "ifexp"}, name="lambda_abs")

lambda_and_or = lambda a, b=2: (a and log(b)) or "fallback"

add(
    lambda_and_or, In(1), In(0), In(1, 0), In(1, b=5),
    tags={"lambda", "and_or", "side_effects"}, name="lambda_and_or",
)


def make_scaled_classifier(scale):
    threshold = scale * 2

    def scaled_classifier(x):
        y = x * scale
        if y > threshold:
            return "high"
        elif y < -threshold:
            return "low"
        return "mid"

    return scaled_classifier


add(
    make_scaled_classifier(3), 3, -3, 1,
    name="scaled_classifier", tags={"factory", "closure", "if", "return"},
)


def make_adjustable():
    offset = 0

    def adjusted(x):
        if x > 0:
            return x + offset
        return x - offset

    def set_offset(value):
        nonlocal offset
        offset = value

    return adjusted, set_offset


ADJUSTED, SET_OFFSET = make_adjustable()
add(ADJUSTED, 1, -1, name="adjusted", tags={"factory", "closure", "if"})


# ==================== comprehensions


def comprehensions(xs):
    squares = [x * x for x in xs if x % 2 == 0]
    pairs = {x: [y for y in range(x) if y != 1] for x in xs if x < 4}
    unique = {x % 3 for x in xs}
    nested = [[i * j for j in range(i)] for i in range(len(xs))]
    total = sum(x for x in xs if x > 1)
    return squares, pairs, sorted(unique), nested, total


add(comprehensions, [1, 2, 3, 4], [], tags={"comprehension"})


def comprehension_in_branch(xs, flag):
    if flag:
        out = [x + 1 for x in xs if x]
    else:
        out = {x: x for x in xs}
    return out


add(comprehension_in_branch, In([0, 1, 2], True), In([0, 1], False), tags={"comprehension", "if"})


# ==================== try / except / finally, with


def try_except_else_finally(x):
    try:
        log("try")
        y = 10 / x
    except ZeroDivisionError as e:
        log(("except", str(e)))
        y = None
    else:
        log("else")
        y = y + 1
    finally:
        log("finally")
    return y


add(try_except_else_finally, 2, 0, 5.0, tags={"try", "side_effects"})


def try_in_loop_with_break_continue(xs):
    out = []
    for x in xs:
        try:
            if x is None:
                continue
            if x == "stop":
                break
            out.append(10 // x)
        except ZeroDivisionError:
            out.append("div0")
        except TypeError as e:
            out.append(type(e).__name__)
        finally:
            log(("finally", x))
    return out


add(
    try_in_loop_with_break_continue, [1, None, 0, "a", "stop", 5], [], [2],
    tags={"try", "for", "break", "continue", "side_effects"},
)


def return_inside_try(x):
    try:
        if x > 0:
            return "positive"
        log("not positive")
    finally:
        log("cleanup")
    return "other"


add(return_inside_try, 1, -1, tags={"try", "return", "side_effects"})


def exception_variable_cleared(x):
    try:
        1 / x
    except ZeroDivisionError as err:
        msg = str(err)
    else:
        msg = "fine"
    return msg, err  # noqa: F821


add(exception_variable_cleared, 0, 1, tags={"try", "unbound"})


def with_statement(xs):
    out = []
    with Recorder("outer") as r:
        for x in xs:
            with Recorder(x):
                if x == "skip":
                    continue
                if x == "stop":
                    break
                out.append(r.name + x)
    return out


add(
    with_statement, ["a", "skip", "b", "stop", "c"], [],
    tags={"with", "for", "break", "continue", "side_effects"},
)


def with_return_and_exception(x):
    with Recorder("ctx"):
        if x == 0:
            return "zero"
        y = 10 // (x - 1)
    return y


add(with_return_and_exception, 0, 1, 3, tags={"with", "return", "exceptions", "side_effects"})


def with_suppresses(xs):
    done = []
    for x in xs:
        with Recorder("quiet", suppress=True):
            done.append(x)
            if x < 0:
                raise CorpusError("negative")
            done.append(x * 2)
    return done


add(with_suppresses, [1, -1, 2], [], tags={"with", "for", "exceptions", "side_effects"})


# ==================== exceptions from loops and branches


def raise_in_loop(xs):
    total = 0
    for i, x in enumerate(xs):
        if x < 0:
            raise CorpusError(f"negative at {i}: {x}")
        total += x
    return total


add(raise_in_loop, [1, 2], [1, -5, 2], tags={"exceptions", "for", "fstring"})


def divide_all(xs, d):
    out = []
    for x in xs:
        out.append(x // d if x else 0)
    return out


add(divide_all, In([1, 2], 1), In([1, 2], 0), In([0, 0], 0), tags={"exceptions", "for", "ifexp"})


def key_error_in_branch(d, k):
    if k.startswith("x"):
        return d[k]
    else:
        v = d.get(k)
    return v


add(key_error_in_branch, In({"xa": 1}, "xa"), In({}, "xb"), In({}, "a"), tags={"exceptions", "if"})


def raise_in_while(n):
    while n > 0:
        n -= 1
        if n == 3:
            raise ValueError("three")
    return n


add(raise_in_while, 5, 2, tags={"exceptions", "while"})


def reraise_custom(xs):
    try:
        for x in xs:
            if x == 0:
                raise CorpusError("zero")
    except CorpusError as e:
        raise KeyError(str(e)) from e
    return len(xs)


add(reraise_custom, [1, 0], [1], tags={"exceptions", "try", "for"})


# ==================== match


def match_literals(cmd):
    match cmd:
        case "go":
            r = 1
        case "stop" | "halt":
            r = 2
        case 0:
            r = "zero"
        case None:
            r = "none"
        case _:
            r = -1
    return r


add(match_literals, "go", "halt", 0, None, "x", tags={"match"})


def match_sequences_and_captures(seq):
    match seq:
        case []:
            return "empty"
        case [x]:
            return ("one", x)
        case [x, y] if x == y:
            return ("pair-same", x)
        case [x, *rest]:
            return ("many", x, len(rest))
        case _:
            return "other"


add(match_sequences_and_captures, [], [1], [2, 2], [1, 2, 3], "not a list", 5, tags={"match", "return"})


def match_mappings_and_classes(shape):
    match shape:
        case {"kind": "circle", "r": r}:
            area = 3 * r * r
        case {"kind": "rect", **rest}:
            area = rest.get("w", 0) * rest.get("h", 0)
        case Point(x=0, y=y):
            area = ("on y axis", y)
        case Point(x=x, y=y) if x == y:
            area = ("diagonal", x)
        case int(n) if n > 10:
            area = n
        case Point():
            area = "point"
    return area


add(
    match_mappings_and_classes,
    {"kind": "circle", "r": 2}, {"kind": "rect", "w": 2, "h": 5},
    Point(0, 4), Point(3, 3), Point(1, 2), 42, 5,
    tags={"match", "unbound"},
)


def match_in_loop(events):
    out = []
    for ev in events:
        match ev:
            case ("skip", _):
                continue
            case ("stop", reason):
                out.append(reason)
                break
            case (name, value) if value > 0:
                out.append(name)
            case _:
                out.append("?")
    return out


add(
    match_in_loop, [("a", 1), ("skip", 0), ("b", -1), ("stop", "done"), ("c", 1)], [],
    tags={"match", "for", "break", "continue"},
)


# ==================== f-strings, decorators, recursion, calls


def fstrings(items):
    lines = []
    for name, value in items:
        if value is None:
            lines.append(f"{name!r}: -")
        else:
            lines.append(f"{name:>6}: {value:.2f} {'big' if value > 1 else 'small'}")
    return "\n".join(lines)


add(fstrings, [("a", 1.5), ("bb", None), ("c", 0.25)], [], tags={"fstring", "for", "if", "ifexp"})


def decorated_nested(xs):
    @logged
    def step(x):
        if x % 2:
            return x * 3 + 1
        return x // 2

    return [step(x) for x in xs]


add(decorated_nested, [3, 4], [], tags={"decorator", "nested_def", "side_effects"})


def cached_nested(n):
    @functools.cache
    def fib(k):
        if k < 2:
            return k
        return fib(k - 1) + fib(k - 2)

    return fib(n)


add(cached_nested, 10, 0, tags={"decorator", "recursion", "nested_def"})


def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


add(factorial, 0, 5, 12, tags={"recursion", "if", "return"})


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


add(is_even, 4, 7, tags={"recursion", "call"})


def flatten(xs):
    out = []
    for x in xs:
        if isinstance(x, list):
            out.extend(flatten(x))
        else:
            out.append(x)
    return out


add(flatten, [1, [2, [3, [4]], 5]], [], tags={"recursion", "for", "if"})


def calls_helpers(xs):
    total = 0
    for x in xs:
        total += simple_relu(x) + cube(x)
    return classify(total)


add(calls_helpers, [1, -2, 3], [], tags={"call", "for"})


def calls_numpy(x):
    m = np.maximum(x, 0)
    if np.all(m == 0):
        out = np.zeros_like(x)
    else:
        out = np.where(x > 1, x * 2, m)
    return out, float(np.mean(out)) if out.size else None


add(
    calls_numpy, np.array([-1.0, 0.5, 3.0]), np.array([-1, -2]), np.array([], dtype=float),
    tags={"numpy", "if", "ifexp"},
)


def calls_generator_helper(n):
    total = 0
    for v in count_up(n):
        if v % 2 == 0:
            total += v
    return total


add(calls_generator_helper, 5, 0, tags={"generator", "call", "for"})


def kwargs_and_defaults(a, *rest, scale=1, **extra):
    total = a
    for r in rest:
        total += r
    if extra:
        total += sum(extra.values())
    return total * scale


add(kwargs_and_defaults, In(1), In(1, 2, 3), In(1, scale=2, z=5), tags={"call"})


# ==================== methods, callable objects, partial


class Scaler:
    BASE = 100

    def __init__(self, k):
        self.k = k

    def scale_all(self, xs):
        out = []
        for x in xs:
            if x is None:
                continue
            out.append(self.apply(x))
        return out

    def apply(self, x):
        return x * self.k if self.k else x

    @staticmethod
    def clip(x, lo, hi):
        if x < lo:
            return lo
        if x > hi:
            return hi
        return x

    @classmethod
    def describe(cls, x):
        if x > cls.BASE:
            return f"{cls.__name__}: over"
        return f"{cls.__name__}: under"


add(Scaler(3).scale_all, [1, None, 2], [], name="bound_method", tags={"method", "for", "continue"})
add(Scaler.clip, In(5, 0, 3), In(-1, 0, 3), In(2, 0, 3), name="staticmethod_via_class", tags={"method", "if"})
add(Scaler(2).clip, In(5, 0, 3), name="staticmethod_via_instance", tags={"method", "if"})
add(Scaler.describe, 150, 1, name="classmethod_via_class", tags={"method", "fstring"})
add(Scaler(1).describe, 150, name="classmethod_via_instance", tags={"method", "fstring"})


class Polynomial:
    """A callable object: evaluates its polynomial by Horner's rule."""

    def __init__(self, coeffs):
        self.coeffs = tuple(coeffs)

    def __call__(self, x):
        acc = 0
        for c in reversed(self.coeffs):
            acc = acc * x + c
        if acc < 0:
            acc = -acc
        return acc


add(Polynomial([1, -2, 3]), 0, 2, -1, name="callable_object", tags={"callable_object", "for", "if"})


def power_sum(xs, p=1, offset=0):
    total = offset
    for x in xs:
        total += x**p
    return total


add(functools.partial(power_sum, p=2), [1, 2, 3], In([1], offset=5), name="partial", tags={"partial", "for"})
add(functools.partial(power_sum, [1, 2]), In(), In(3), name="partial_positional", tags={"partial", "for"})


class Stack:
    def __init__(self):
        self.items = []

    def push_until(self, xs, limit):
        for x in xs:
            if len(self.items) >= limit:
                break
            self.items.append(x)
        return self.items


def method_on_fresh_object(xs, limit):
    s = Stack()
    s.push_until(xs, limit)
    return s.push_until([0], limit + 1)


add(method_on_fresh_object, In([1, 2, 3], 2), In([], 0), tags={"method", "call", "break"})


# ==================== combinations


def running_stats(xs):
    n = 0
    mean = 0.0
    best = None
    for x in xs:
        if x is None:
            continue
        n += 1
        mean += (x - mean) / n
        if best is None or x > best:
            best = x
        if n >= 4:
            break
    else:
        log("all seen")
    return n, mean, best


add(
    running_stats, [1, None, 3, 2], [5, 4, 3, 2, 1], [],
    tags={"for", "else", "break", "continue", "and_or", "side_effects"},
)


def bubble_sort(xs):
    xs = list(xs)
    n = len(xs)
    swapped = True
    while swapped:
        swapped = False
        for i in range(1, n):
            if xs[i - 1] > xs[i]:
                xs[i - 1], xs[i] = xs[i], xs[i - 1]
                swapped = True
        n -= 1
    return xs


add(bubble_sort, [3, 1, 2], [], [1], [5, 4, 3, 2, 1], tags={"while", "for", "if", "nested"})


def find_primes(limit):
    primes = []
    n = 2
    while len(primes) < limit:
        for p in primes:
            if p * p > n:
                primes.append(n)
                break
            if n % p == 0:
                break
        else:
            primes.append(n)
        n += 1
    return primes


add(find_primes, 0, 1, 8, tags={"while", "for", "else", "break", "nested"})


def binary_search(xs, target):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < target:
            lo = mid + 1
        elif xs[mid] > target:
            hi = mid
        else:
            return mid
    return -1


add(
    binary_search, In([1, 3, 5, 7], 5), In([1, 3, 5, 7], 4), In([], 1),
    tags={"while", "if", "elif", "return"},
)


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


add(gcd, In(12, 18), In(7, 0), In(0, 5), tags={"while", "targets"})


def fizzbuzz(n):
    out = []
    for i in range(1, n + 1):
        if i % 15 == 0:
            out.append("FizzBuzz")
        elif i % 3 == 0:
            out.append("Fizz")
        elif i % 5 == 0:
            out.append("Buzz")
        else:
            out.append(str(i))
    return out


add(fizzbuzz, 15, 0, tags={"for", "if", "elif"})


def state_machine(text):
    state = "start"
    tokens = []
    current = ""
    for ch in text:
        if state == "start":
            if ch.isdigit():
                state = "number"
                current = ch
            elif ch == " ":
                continue
            else:
                raise CorpusError(f"unexpected {ch!r}")
        elif state == "number":
            if ch.isdigit():
                current += ch
            else:
                tokens.append(int(current))
                state = "start"
    if state == "number":
        tokens.append(int(current))
    return tokens


add(
    state_machine, "12 3  45", "", "1 x",
    tags={"for", "if", "elif", "nested", "exceptions", "fstring", "continue"},
)


def matrix_walk(m):
    i = j = 0
    path = []
    while i < len(m) and j < len(m[0]):
        path.append(m[i][j])
        if i + 1 < len(m) and (j + 1 >= len(m[0]) or m[i + 1][j] <= m[i][j + 1]):
            i += 1
        else:
            j += 1
    return path


add(matrix_walk, [[1, 3], [2, 4]], [[5]], [[1, 2, 3]], tags={"while", "and_or", "if"})


def many_returns(a, b):
    if a:
        if b:
            return "ab"
        for i in range(a):
            if i == b:
                return ("loop", i)
        return "a"
    while b > 0:
        b -= 1
        if b == 1:
            return "b1"
    return None


add(
    many_returns, In(1, 1), In(3, 0), In(3, -1), In(0, 5), In(0, 0),
    tags={"return", "if", "for", "while", "nested"},
)


def loop_else_with_continue(xs):
    hits = 0
    for x in xs:
        if x:
            continue
        hits += 1
    else:
        hits = -hits
    return hits


add(loop_else_with_continue, [0, 1, 0], [], tags={"for", "else", "continue"})


def conditional_break_flag_reuse(xs):
    for i in range(3):
        for x in xs:
            if x == i:
                break
        else:
            continue
        return i, x
    return "none"


add(
    conditional_break_flag_reuse, [5, 2], [9], [0],
    tags={"for", "else", "break", "continue", "return", "nested"},
)


def while_with_counter_and_else(limit):
    i = 0
    total = 0
    while i < limit:
        i += 1
        if i > 5:
            break
        if i % 2:
            continue
        total += i
    else:
        total = -total
    return i, total


add(while_with_counter_and_else, 0, 3, 10, tags={"while", "else", "break", "continue"})


def shadows_builtins(xs):
    len = 0
    for x in xs:
        len += 1 if x else 0
    return len


add(shadows_builtins, [1, 0, 2], tags={"for", "ifexp"})


def uses_names_like_generated_ones(x):
    retval_ = x
    do_return = False
    ag__ = "user"
    if x > 0:
        retval_ = retval_ * 2
        do_return = True
    return retval_, do_return, ag__


add(uses_names_like_generated_ones, 1, -1, tags={"if", "naming"})


def running_max(xs):
    out = list(xs)
    for i in range(1, len(out)):
        if out[i] < out[i - 1]:
            out[i] = out[i - 1]
    return out


add(running_max, [3, 1, 4, 1, 5, 0], tags={"for", "if", "setitem"})


def bucket_counts(values, buckets):
    counts = [0] * buckets
    for v in values:
        counts[v % buckets] += 1
    totals = {}
    totals["all"] = len(values)
    return counts, totals


add(bucket_counts, In([4, 7, 1, 9, 3], 3), In([], 2), tags={"for", "setitem"})


def checked_ratio(num, den):
    if den == 0:
        raise ZeroDivisionError("cannot divide %g by %d (%s)" % (num, den, "zero"))  # noqa: UP031
    return "%.3f / %d = %.2e" % (num, den, num / den)  # noqa: UP031


add(checked_ratio, In(1.5, 4), In(2.0, 0), In(-7.25, 3), tags={"if", "raise"})


# ==================== reads of the function's own frame


def describe_with_locals(count, name):
    if count > 1:
        unit = name + "s"
        text = "%(count)d %(unit)s" % locals()  # noqa: UP031  (the idiom under test)
    else:
        text = "{count} {name}".format(**locals())
    return text, eval("count * 2"), sorted(vars())


add(describe_with_locals, In(3, "apple"), In(1, "pear"), tags={"if", "frame_reads"})
