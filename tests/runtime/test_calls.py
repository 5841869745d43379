"""``ag__.call``'s cache of converted forms: keyed by the function's id, emptied when the function goes."""

import math

import runtime.calls as calls
from runtime.builtin_calls import ROUTED_CALLS


def _fresh(k):
    def function():
        return k
    return function


def test_an_entry_goes_with_its_function_and_a_new_function_with_that_id_gets_its_own():
    previous = calls._converter
    made = []

    def converter(function):  # a converted form that does not keep the function alive
        value = function()
        made.append(value)
        return lambda: ("converted", value)

    calls.set_converter(converter)
    try:
        seen_ids = {}
        for k in range(200):
            function = _fresh(k)
            assert calls.call(function)() == ("converted", k)
            assert calls.call(function)() == ("converted", k)  # the cached form
            seen_ids.setdefault(id(function), []).append(k)
            del function  # freed here, by its reference count (no cycle): a gc.collect() per round
            # would cost a second each inside the whole suite's heap
        assert not calls._targets and not calls._references  # every entry went with its function
        assert made == list(range(200))  # converted once each, never handed another's form
        assert any(len(ks) > 1 for ks in seen_ids.values())  # ids were reused: the case this is about
    finally:
        calls.set_converter(previous)


def _with_converter(converter):
    previous = calls._converter
    calls.set_converter(converter)
    return previous


def test_a_builtin_callable_class_is_looked_up_once_and_handed_back_as_it_is():
    import operator
    import re

    getter = operator.itemgetter(1)  # a C callable object: not one of the types listed up front
    match = re.compile("a+").match  # a `builtin_method` (PyCMethod): handed back at once, as a C function is
    converted = []
    previous = _with_converter(lambda function: converted.append(function) or function)
    try:
        calls._plain_classes.pop(id(type(getter)), None)
        assert calls.call(getter) is getter
        assert id(type(getter)) in calls._plain_classes  # every class of its MRO is immutable: remembered
        assert calls.call(getter) is getter and calls.call(getter)([1, 2]) == 2
        assert calls.call(match) is match and calls.call(match)("aab").group() == "aa"
        assert converted == []
    finally:
        calls.set_converter(previous)


def test_a_mutable_callable_class_is_looked_up_at_every_call():
    class Counter:
        __call__ = len  # not user code today; a later assignment makes it user code

    converted = []

    def converter(function):
        converted.append(function)
        return lambda self: ("converted", function(self))

    previous = _with_converter(converter)
    try:
        counter = Counter()
        assert calls.call(counter) is counter
        assert id(Counter) not in calls._plain_classes
        Counter.__call__ = lambda self: "user"
        assert calls.call(counter)() == ("converted", "user")
        assert len(converted) == 1
    finally:
        calls.set_converter(previous)


def test_bound_c_methods_are_handed_back_without_the_converter():
    seen = {}
    out = []
    converted = []
    previous = _with_converter(lambda function: converted.append(function) or function)
    try:
        for method in (seen.get, out.append, "-".join, repr):  # builtin_function_or_method, bound or not
            assert calls.call(method) is method
        calls.call(out.append)(1)
        assert out == [1] and calls.call(seen.get)("k", 2) == 2 and converted == []
        # A callable whose calls go through ag__.builtin (len, float, type, math.sqrt, np.asarray), reached by a name
        # the converter could not resolve: its routed call, which on plain values is the call itself.
        for routed, args in ((len, ("abc",)), (float, ("2.5",)), (type, (1,)), (math.sqrt, (4.0,)), (id, (None,))):
            assert calls.call(routed) is ROUTED_CALLS[id(routed)] and calls.call(routed)(*args) == routed(*args)
        assert converted == []
    finally:
        calls.set_converter(previous)


def test_functions_of_converted_code_are_handed_back_without_the_converter():
    # A lambda or def that converted code makes (often one per call) runs as it is: `call` recognises
    # its code and neither asks the converter nor adds a table entry that the function's death must drop.
    import autograph

    def make(n):
        return [lambda: n, n]

    made = autograph.convert(make)(3)[0]
    asked = []
    previous = calls._converter
    calls.set_converter(lambda f: asked.append(f) or f)
    try:
        assert calls.call(made) is made and made() == 3
        assert asked == [] and id(made) not in calls._targets
        method_owner = autograph.convert(_class_maker)()
        bound = method_owner().get
        assert calls.call(bound) is bound and bound() == 7 and asked == []
    finally:
        calls.set_converter(previous)


def _class_maker():
    class Made:
        def get(self):
            return 7
    return Made


def test_a_value_whose_class_has_no_string_module_is_plain():
    # boltons' gcutils tests hand converted code every object the collector holds: some classes' __module__
    # is a descriptor, not a string (found by make transparency, a crash in the converted form).
    from runtime.backend import backend_for

    class Odd:
        pass

    Odd.__module__ = 3
    assert backend_for(Odd()) is None


def test_functions_going_under_interrupts_leave_no_entry_and_every_interrupt_reaches_the_program():
    """A function's entries go by C callbacks (``_watch``): an interrupt (Ctrl-C) cannot land in the middle of
    dropping them, which left a stale ``_targets`` entry (a new function of the same code at that id would have been
    given the old one's converted form), and which Python swallowed, as it does any exception of a weak reference's
    callback (stop 94: a ``make fuzz`` interrupt test printed "Exception ignored in: functools.partial(<function
    _forget ...>)")."""
    import sys

    from tests.helpers import interrupted_at_many_points

    previous = calls._converter
    swallowed = []
    previous_hook = sys.unraisablehook

    def converter(function):  # a converted form that does not keep the function alive
        value = function()
        return lambda: ("converted", value)

    def body(k):
        for j in range(40):
            function = _fresh((k, j))
            assert calls.call(function)() == ("converted", (k, j))
            del function  # its entries go here, where an interrupt may land

    def check(k):
        assert not calls._targets and not calls._references and not calls._named_readers

    calls.set_converter(converter)
    sys.unraisablehook = lambda unraisable: swallowed.append(unraisable.exc_type)
    try:
        assert interrupted_at_many_points(300, 20, body, check) > 150
    finally:
        sys.unraisablehook = previous_hook
        calls.set_converter(previous)
    assert KeyboardInterrupt not in swallowed
