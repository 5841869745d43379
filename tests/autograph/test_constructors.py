"""A class called from converted code: made as Python makes it (``type.__call__``), its own ``__new__`` and
``__init__`` converted (runtime/constructors.py).

Each test runs on every path a call can take (tests/autograph/conftest.py): as written, and the converted
form on the same plain values inside our trace and inside a JAX trace, where the class is made through
``ag__.call``. The oracle is the function as written, called in the same context.
"""

from __future__ import annotations

import abc
import sys
import traceback
import warnings

import pytest

import autograph


def _both(fn, *args, **kwargs):
    """(original's outcome, converted's outcome): a value, or the exception's type and message."""
    outcomes = []
    for f in (fn, autograph.convert(fn)):
        try:
            outcomes.append(("value", f(*args, **kwargs)))
        except Exception as error:  # noqa: BLE001  (the outcome compared)
            outcomes.append(("raised", type(error), str(error)))
    return outcomes


class Log(list):
    pass


class Point:
    made = Log()

    def __new__(cls, x, y=0):
        cls.made.append(("new", cls.__name__, x, y))
        return super().__new__(cls)

    def __init__(self, x, y=0):
        Point.made.append(("init", type(self).__name__, x, y))
        if x > y:
            self.big, self.small = x, y
        else:
            self.big, self.small = y, x


class Point3(Point):
    def __init__(self, x, y=0, z=0):
        super().__init__(x, y)
        self.z = z


def make_points(n):
    points = [Point(k, n - k) for k in range(n)]
    return [(type(p).__name__, p.big, p.small) for p in points]


def make_point3(x, y, z):
    p = Point3(x, y=y, z=z)
    return type(p).__name__, p.big, p.small, p.z


@pytest.mark.parametrize("args", [(3,), (0,), (5,)])
def test_new_and_init_run_in_pythons_order_with_the_same_arguments(args):
    Point.made.clear()
    want = make_points(*args)
    log_want = list(Point.made)
    Point.made.clear()
    got = autograph.convert(make_points)(*args)
    assert got == want and Point.made == log_want
    assert _both(make_point3, 1, 2, 3)[0] == _both(make_point3, 1, 2, 3)[1]


class Other:
    pass


class GivesAnother:
    """``__new__`` returns an object of another class: Python then skips ``__init__``."""

    inits = Log()

    def __new__(cls, kind):
        return Other() if kind == "other" else (3 if kind == "int" else super().__new__(cls))

    def __init__(self, kind):
        GivesAnother.inits.append(kind)


class Sub(GivesAnother):
    def __init__(self, kind):
        GivesAnother.inits.append(("sub", kind))


class GivesSub:
    """``__new__`` returns an instance of a subclass: the subclass's ``__init__`` runs."""

    def __new__(cls, n):
        return super().__new__(Sub2) if n > 0 else super().__new__(cls)

    def __init__(self, n):
        self.by = ("base", n)


class Sub2(GivesSub):
    def __init__(self, n):
        self.by = ("sub", n)


def made_by_new(kind):
    made = GivesAnother(kind)
    return type(made).__name__, getattr(made, "__dict__", None)


def made_as_subclass(n):
    made = GivesSub(n)
    return type(made).__name__, made.by


@pytest.mark.parametrize("kind", ["other", "int", "self"])
def test_an_object_new_makes_of_another_class_is_not_initialised(kind):
    GivesAnother.inits.clear()
    want = made_by_new(kind)
    inits_want = list(GivesAnother.inits)
    GivesAnother.inits.clear()
    assert autograph.convert(made_by_new)(kind) == want and GivesAnother.inits == inits_want


@pytest.mark.parametrize("n", [0, 1])
def test_an_instance_of_a_subclass_from_new_runs_the_subclass_init(n):
    assert autograph.convert(made_as_subclass)(n) == made_as_subclass(n)


class ReturnsValue:
    def __init__(self, value):
        self.value = value
        return value  # noqa: PLE0101  (the error Python raises is what this tests)


def returns_from_init(value):
    return ReturnsValue(value).value


@pytest.mark.parametrize("value", [None, 1, "s", [1]])
def test_an_init_returning_a_value_raises_pythons_type_error(value):
    original, converted = _both(returns_from_init, value)
    assert original == converted


class TakesNothing:
    pass


class OnlyNew:
    def __new__(cls, *args):
        made = super().__new__(cls)
        made.args = args
        return made


class Shape(abc.ABC):
    @abc.abstractmethod
    def area(self):
        ...


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side * self.side


def make(kind, *args):
    return vars(kind(*args)) if kind is not Square else kind(*args).area()


@pytest.mark.parametrize("kind, args", [(TakesNothing, ()), (TakesNothing, (1,)), (OnlyNew, (1, 2)), (Shape, ()),
                                        (Square, (3,)), (Point, ()), (Point, (1, 2, 3))])
def test_pythons_own_checks_and_errors_are_the_same(kind, args):
    original, converted = _both(make, kind, *args)
    assert original == converted


class Singleton(type):
    instances = {}

    def __call__(cls, *args):
        if cls not in Singleton.instances:
            Singleton.instances[cls] = super().__call__(*args)
        return Singleton.instances[cls]


class Config(metaclass=Singleton):
    def __init__(self, value):
        self.value = value


def singleton(value):
    return Config(value).value, Config(value + 1).value


def test_a_metaclass_with_its_own_call_is_called_as_it_is():
    Singleton.instances.clear()
    want = singleton(1)
    Singleton.instances.clear()
    assert autograph.convert(singleton)(1) == want


class Warns:
    def __init__(self, message):
        warnings.warn(message, UserWarning, stacklevel=2)
        self.caller = sys._getframe(1).f_code.co_name


def warns_here(message):
    return Warns(message).caller


def test_init_sees_its_caller_as_python_gives_it():
    for f in (warns_here, autograph.convert(warns_here)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert f("careful") == "warns_here"
        assert [(w.filename, w.lineno) for w in caught] == [(__file__, warns_here.__code__.co_firstlineno + 1)]


class Fails:
    def __init__(self, n):
        if n > 1:
            raise ValueError(f"too many: {n}")
        self.n = n


def fails_in_init(n):
    return Fails(n).n


@pytest.mark.untidied_before_311(paths=("graph_trace", "jax_trace"))
def test_an_error_in_init_has_the_originals_traceback():
    entries = []
    for f in (fails_in_init, autograph.convert(fails_in_init)):
        with pytest.raises(ValueError, match="too many: 2") as caught:
            f(2)
        entries.append([(entry.name, entry.lineno) for entry in traceback.extract_tb(caught.value.__traceback__)][1:])
    assert entries[0] == entries[1]
    assert [name for name, _ in entries[0]] == ["fails_in_init", "__init__"]


class Counter:
    def __init__(self, start=0):
        self.value = start


def _counting_by_ten(self, start=0):
    self.value = 10 * start


def counters(n):
    return [Counter(k).value for k in range(n)] + [Counter().value]


def test_an_init_whose_code_or_defaults_change_between_calls_runs_the_new_ones():
    # `ag__.call(Counter)` finds the converted __init__ in the runtime's table at every construction (its first
    # look): the entry must be the one made for the code and defaults __init__ has now, as Python's call would run.
    converted = autograph.convert(counters)
    original_code, original_defaults = Counter.__init__.__code__, Counter.__init__.__defaults__
    try:
        assert converted(3) == counters(3) == [0, 1, 2, 0]
        Counter.__init__.__code__ = _counting_by_ten.__code__
        assert converted(3) == counters(3) == [0, 10, 20, 0]
        Counter.__init__.__defaults__ = (4,)
        assert converted(3) == counters(3) == [0, 10, 20, 40]
    finally:
        Counter.__init__.__code__, Counter.__init__.__defaults__ = original_code, original_defaults
    assert converted(2) == counters(2) == [0, 1, 0]
