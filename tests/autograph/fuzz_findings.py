"""Differences the random-program fuzzer (test_random_programs.py) found between a function and its
converted form: each one a minimal program, reduced by hand from what the fuzzer printed.

Every function takes ``(a, b, c, log)`` like the fuzzer's programs and is listed in ``FINDINGS``
with the arguments that show the difference (``log`` is a fresh list) and what differs.
``test_random_programs.test_finding`` runs each one, original against converted, comparing the
result or exception (type and message), the log, and the globals of this module. A fixed finding is
a regression test; one the converter does not fix yet is listed in
``test_random_programs.KNOWN_DIFFERENCES`` and must still differ (a strict xfail).

Rerun one by hand (from the project root)::

    python -c "import sys; sys.path.insert(0, 'tests/autograph'); import fuzz_findings as m; \\
        from fuzz_objects import show; show(m.del_in_loop_body, 0, 0, 0)"
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

from fuzz_objects import Base, Countdown, Ctx, Flag


@dataclass(frozen=True)
class Finding:
    fn: Callable
    args: tuple
    differs: str  # Python's behaviour, then the converted function's

    @property
    def name(self) -> str:
        return self.fn.__name__


FINDINGS: list[Finding] = []


def finding(*args, differs: str) -> Callable:
    def register(fn: Callable) -> Callable:
        FINDINGS.append(Finding(fn, args, differs))
        return fn

    return register


# ---------------------------------------------------------------------------- del


@finding(0, 0, 0, differs="Python: UnboundLocalError 'c' (second del); converted: NameError "
                          "'cannot access free variable c' (the del runs in loop_body, where c is nonlocal)")
def del_in_loop_body(a, b, c, log):
    for i in range(2):
        del c


@finding(0, 0, 0, differs="Python: UnboundLocalError 'b'; converted: NameError 'cannot access free variable b' "
                          "(the read moved into the if_body closure that the return lowering writes)")
def read_after_del_in_closure(a, b, c, log):
    del b
    if a == 0:
        return b  # noqa: F821  (read after its del, on purpose)


@finding(0, 0, 7, differs="Python: the with statement sees UnboundLocalError 'y' (logged by its exit, then "
                          "suppressed), f returns 0; converted: the with statement sees NameError 'cannot access "
                          "free variable y' (the read is in a with block inside if_body, and not checked)")
def del_then_read_in_with_in_closure(a, b, c, log):
    y = c
    del y
    if b == 0:
        with Ctx(log, 1, suppress=True):
            log.append(y)  # noqa: F821  (read after its del, on purpose)
    return 0


@finding(0, 0, 0, differs="Python: the second `del z` raises UnboundLocalError (the with statement logs it and "
                          "suppresses it); converted: NameError 'cannot access free variable z' (the del is in a "
                          "with block inside loop_body)")
def del_twice_in_with_in_loop(a, b, c, log):
    z = 1
    for i in range(2):
        with Ctx(log, 5, suppress=True):
            del z
    return 0


@finding(0, 0, 7, differs="Python logs 7, 7; converted raises UnboundLocalError 'c': for the del in the match "
                          "case, the converter binds `c = ag__.Undefined('c')` inside the outer loop_body, where it "
                          "shadows the argument that the inner loop reads")
def del_param_in_case_read_in_nested_loop(a, b, c, log):
    match c:
        case 2:
            del c
    for i in range(1):
        for j in range(2):
            log.append(c)


@finding(0, 0, 0, differs="Python logs the argument 0, then raises UnboundLocalError 'c'; converted logs "
                          "Undefined('c') (then raises NameError 'cannot access free variable c'): because of the "
                          "del and the read in if_body, the converter binds `c = ag__.Undefined('c')` at the top "
                          "of the function, over the argument, and the read before the del is not checked")
def del_param_then_read_in_closure(a, b, c, log):
    log.append(c)
    del c
    if b == 0:
        return c  # noqa: F821  (read after its del, on purpose)


@finding(0, 0, 0, differs="Python raises KeyError(0); converted raises KeyError(Undefined('c')): same cause as "
                          "del_param_then_read_in_closure, the del being in the loop's else clause")
def del_param_in_loop_else(a, b, c, log):
    for i in range(1):
        raise KeyError(c)
    else:
        del c
        if b == 0:
            return c


@finding(0, 0, 5, differs="Python returns 6 (the handler never runs); converted raises UnboundLocalError 'c': "
                          "a `del` in an except handler makes the converter bind `c = ag__.Undefined('c')` "
                          "at the top of the function, over the argument")
def del_param_in_handler(a, b, c, log):
    try:
        pass
    except ValueError:
        del c
    if b == 0:
        c += 1
    return c


@finding(0, 0, 5, differs="Python returns 5; converted raises UnboundLocalError 'c' (same as "
                          "del_param_in_handler, with the del in a match case)")
def del_param_in_match_case(a, b, c, log):
    match a:
        case 1:
            del c
    while c:
        break
    return c


@finding(1, 0, 0, differs="Python returns 1; converted raises UnboundLocalError 'y': inside the else_body "
                          "closure the converter binds `y = ag__.Undefined('y')` at the closure's top, over "
                          "the y bound before the if")
def del_in_handler_clobbers_nonlocal(a, b, c, log):
    y = a
    if b:
        return 0
    else:
        try:
            pass
        except ZeroDivisionError:
            del y
        if c == 0:
            return y


# ---------------------------------------------------------------------------- Undefined placement; lost locals


@finding(0, 0, 0, differs="Python: UnboundLocalError 'y'; converted: NameError 'cannot access free variable y': "
                          "`y = ag__.Undefined('y')` is placed inside the `case 1:` block, which did not run")
def undefined_init_inside_match_case(a, b, c, log):
    match a:
        case 1:
            for y in range(2):
                pass
    if b == 0:
        return y


@finding(0, 0, 0, differs="Python: UnboundLocalError 'x'; converted: NameError 'cannot access free variable x' "
                          "(the Undefined init of x is placed inside the except handler, which did not run)")
def undefined_init_inside_handler(a, b, c, log):
    try:
        pass
    except ValueError:
        if b == 0:
            x = 1
    if c == 0:
        return x


@finding(0, 0, 0, differs="Python: UnboundLocalError 'x' (x is a local of f, bound only later); converted: "
                          "NameError 'name x is not defined': the only binding of x moved into if_body and, being "
                          "dead there, is not declared nonlocal, so x is no longer a local of f")
def dead_binding_in_branch_read_before(a, b, c, log):
    log.append(x)  # noqa: F821  (read before it is bound, on purpose)
    if a == 0:
        x = 1


@finding(0, 0, 0, differs="Python: UnboundLocalError 'x' in h (x is local to h); converted: h reads f's x and "
                          "logs 5, returns 0 (same cause as dead_binding_in_branch_read_before, in a nested def)")
def dead_binding_in_branch_nested_def(a, b, c, log):
    x = 5

    def h():
        log.append(x)  # noqa: F823  (read before it is bound, on purpose)
        if a == 0:
            x = 1

    h()
    return 0


@finding(0, 0, 0, differs="Python: UnboundLocalError 'x' in h; converted: h logs f's x (5) (the same with the "
                          "binding an annotated assignment in a loop)")
def annotated_binding_in_loop_nested_def(a, b, c, log):
    x = 5

    def h():
        log.append(x)  # noqa: F823  (read before it is bound, on purpose)
        for i in range(1):
            x: int = 1

    h()
    return 0


@finding(0, 0, 0, differs="Python: UnboundLocalError 'i'; converted: NameError 'name i is not defined': i is "
                          "bound only as the target of a loop in another case, so it became a parameter of "
                          "loop_body and is no longer a local of f")
def loop_target_read_in_other_match_case(a, b, c, log):
    match a:
        case 1:
            for i in range(2):
                pass
        case _:
            log.append(i)
    return 0


@finding(0, 0, 0, differs="Python: UnboundLocalError 'z' (a bare annotation binds nothing); converted logs None: "
                          "`z: int` in the loop body is taken as a binding, and z is initialised to None")
def bare_annotation_in_loop_then_read(a, b, c, log):
    for i in range(1):
        z: int
        if a == 0:
            log.append(z)  # noqa: F821  (a bare annotation binds nothing, on purpose)
    return 0


@finding(0, 0, 0, differs="Python: NameError 'cannot access free variable x ... in enclosing scope' (h's x += 1); "
                          "converted: UnboundLocalError 'cannot access local variable x': h sees the "
                          "ag__.Undefined('x') placeholder, whose error speaks for a local of f")
def nested_def_augments_maybe_unbound_nonlocal(a, b, c, log):
    if a == 1:
        x = 1

    def h():
        nonlocal x
        x += 1

    h()
    return 0


# ---------------------------------------------------------------------------- try


@finding(0, 0, 0, differs="Python: UnboundLocalError 'x' (1 // a raised before x was bound); converted: NameError "
                          "'cannot access free variable x': the analysis takes the try body's assignments as done "
                          "once the handler has run, so the read in if_body is not wrapped in ag__.ld")
def try_body_interrupted_then_read(a, b, c, log):
    try:
        x = 1 // a
    except ZeroDivisionError:
        pass
    if b == 0:
        return x
    return 0


@finding(0, 0, 0, differs="Python: UnboundLocalError 'x' raised in the finally clause; converted: NameError "
                          "'cannot access free variable x' (same cause, read in finally)")
def try_body_interrupted_read_in_finally(a, b, c, log):
    try:
        x = 1 // a
    finally:
        if b == 0:
            log.append(x)


@finding(0, 0, 0, differs="Python returns -1 (the ZeroDivisionError raised in the finally clause discards the "
                          "pending return, the handler swallows it, the loop goes on); converted returns 0: the "
                          "return was already lowered to retval_/do_return, which the exception does not undo")
def finally_exception_discards_return(a, b, c, log):
    for i in range(2):
        try:
            try:
                return i
            finally:
                log.append(1 // a)
        except ZeroDivisionError:
            pass
    return -1


@finding(0, 0, 0, differs="Python logs 0, 1, 2 (each break is discarded by the exception from the finally "
                          "clause); converted logs 0 and stops: break_ stays set")
def finally_exception_discards_break(a, b, c, log):
    for i in range(3):
        try:
            try:
                break
            finally:
                log.append(1 // a)
        except ZeroDivisionError:
            log.append(i)
    return 0


@finding(0, 0, 0, differs="Python returns 2: the context manager suppresses the ZeroDivisionError, so the return "
                          "in the with body never runs and f goes on; converted returns None: the lowering takes a "
                          "with body that always returns as a with statement that always returns, and drops the "
                          "`return 2` after it as dead code")
def with_suppressing_exception_then_code_after(a, b, c, log):
    if b == 0:
        with Ctx(log, 1, suppress=True):
            log.append(1 // a)
            return 1
    return 2


@finding(0, 0, 0, differs="Python returns None; converted: UnboundLocalError 'retval_' (same cause: the with "
                          "statement is taken to always return, so retval_ is never bound on the suppressing path)")
def with_suppressing_exception_return_in_loop_else(a, b, c, log):
    for i in range(1):
        pass
    else:
        with Ctx(log, 1, suppress=True):
            log.append(1 // a)
            return 1


@finding(0, 0, 0, differs="UnsupportedSyntaxError at conversion: the fence rejects a `break` that belongs to a "
                          "loop inside the finally clause (it does not leave the finally clause, so PEP 765 does "
                          "not apply; Python runs it fine)")
def break_in_loop_inside_finally(a, b, c, log):
    try:
        log.append(1)
    finally:
        for i in range(3):
            if i == a + 1:
                break
            log.append(i)
    return 0


# ---------------------------------------------------------------------------- lazy operands


@finding(1, 0, 0, differs="Python: UnboundLocalError 'y'; converted: NameError 'cannot access free variable y' "
                          "(the operand became a lambda, where y is a free variable)")
def unbound_read_in_or_operand(a, b, c, log):
    x = b or y  # noqa: F821  (read before it is bound, on purpose)
    y = 2
    return x


@finding(0, 0, 0, differs="Python: UnboundLocalError 'y' (second test, after the del); converted: NameError "
                          "'cannot access free variable y' (the right operand of `and` in the while test became a "
                          "lambda)")
def unbound_read_in_and_operand_of_while_test(a, b, c, log):
    y = 5
    n = 0
    while n < 3 and b <= y:
        n += 1
        del y
    return n


@finding(0, 0, 0, differs="Python: UnboundLocalError 'y'; converted: NameError 'cannot access free variable y': "
                          "y is read by a class body too (a nested def does the same), so every read of it becomes "
                          "ag__.ld_free(y), also the function's own read in the `and` operand of the while test")
def lazy_operand_read_of_variable_a_class_body_reads(a, b, c, log):
    if a == 1:
        y = 1
    n = 0
    while n < 2 and y:
        n += 1

        class K:
            v = y
    return n


@finding(0, 0, 0, differs="Python: UnboundLocalError 'y' (in h); converted: NameError 'cannot access free "
                          "variable y': the lazy operand's read is not checked inside a nested function (nor in a "
                          "method), though it is in f itself")
def unbound_read_in_and_operand_in_nested_def(a, b, c, log):
    def h():
        y = 8 and y  # noqa: F821  (read before it is bound, on purpose)
        return y

    return h()


@finding(1, 0, 0, differs="Python: UnboundLocalError 'y'; converted: NameError 'cannot access free variable y' "
                          "(`y if a else 1`: the branches became lambdas)")
def unbound_read_in_ifexp_branch(a, b, c, log):
    x = y if a else 1  # noqa: F821  (read before it is bound, on purpose)
    y = 2
    return x


@finding(0, 0, 0, differs="Python: UnboundLocalError 'z'; converted: TypeError 'unsupported operand type(s) "
                          "for +: NoneType and int': the walrus in the right operand of `and` (which did not run) "
                          "is taken as a certain binding, so z is initialised to None and its read is not checked")
def walrus_in_short_circuited_operand(a, b, c, log):
    if a and (z := 1):
        pass
    return z + 1


@finding(0, 0, 0, differs="Python: UnboundLocalError 'z'; converted: TypeError (NoneType + int): z, the target "
                          "of a walrus whose value reads z, is initialised to None before the if")
def walrus_reads_its_own_target(a, b, c, log):
    if (z := z + 1) > 0:  # noqa: F821  (read before it is bound, on purpose)
        pass
    return z


# ---------------------------------------------------------------------------- reads in nested scopes


@finding(0, 0, 0, differs="Python: NameError 'cannot access free variable y ... in enclosing scope' (the "
                          "comprehension reads y as a free variable); converted: UnboundLocalError 'y'")
def comprehension_reads_maybe_unbound(a, b, c, log):
    if a:
        y = 1
    return [y for i in range(1)]


@finding(0, 0, 0, differs="Python: UnboundLocalError 'h' (the default value is evaluated in f); converted: "
                          "NameError 'cannot access free variable h': g also reads h, so the default's read became "
                          "ag__.ld_free(h)")
def default_value_reads_captured_maybe_unbound(a, b, c, log):
    if a == 1:
        def h():
            return 1

    def g(p=h()):
        return h()

    return 0


@finding(3, 0, 0, differs="Python: UnboundLocalError 'z' (a lambda's default value is read in f's scope); "
                          "converted: NameError 'cannot access free variable z': the default was read as the "
                          "lambda's free variable (found by make fuzz, 20,000 programs)")
def lambda_default_reads_captured_maybe_unbound(a, b, c, log):
    if a:
        try:
            z: int
        finally:
            class K:
                def m(self):
                    nonlocal z
            g = lambda q, v=z: q  # noqa: E731
    return 0


@finding(0, 0, 0, differs="Python asks bool(4 != o) once in `if 4 != o or (v := 7):`; converted twice (the "
                          "walrus keeps the `or` as written, then if_stmt asks its result's truth again; found by "
                          "make fuzz with objects)")
def bool_asked_twice_with_walrus_operand(a, b, c, log):
    o = Flag(log, "o", b)
    if 4 != o or (v := 7):  # noqa: F841
        log.append("in")
    return 0


@finding(0, 0, 0, differs="Python: NameError 'cannot access free variable y'; converted: no error, v is the "
                          "Undefined placeholder (the class body's read of y is not checked)")
def class_body_reads_maybe_unbound(a, b, c, log):
    if a:
        y = 1

    class D:
        v = y

    return 0


@finding(0, 0, 0, differs="Python: UnboundLocalError 'B'; converted: TypeError 'NoneType takes no arguments' "
                          "(B is bound to None before the if, and the base class read is not checked)")
def class_base_maybe_unbound(a, b, c, log):
    if a:
        class B:
            pass

    class D(B):
        pass

    return 0


@finding(0, 0, 0, differs="Python: UnboundLocalError 'o'; converted: returns None (the default value's read "
                          "of o sees None)")
def default_value_maybe_unbound(a, b, c, log):
    if a:
        o = 1

    def h(p=o):
        return p

    return 0


# ---------------------------------------------------------------------------- bindings of match / with


@finding(4, 0, 0, differs="Python returns 3; converted: TypeError (NoneType -= int): the converter binds "
                          "`v = None` after the case captured v, before the if that changes it")
def match_capture_then_changed_in_if(a, b, c, log):
    match a:
        case v if v % 2 == 0:
            if b == 0:
                v -= 1
            return v


@finding(4, 0, 0, differs="Python returns 4; converted: TypeError (NoneType += int): the captured p is reset to "
                          "None before the loop")
def match_sequence_capture_then_loop(a, b, c, log):
    match (a, b):
        case (p, q):
            for i in range(2):
                p += q
            return p


@finding(0, 0, 0, differs="Python returns 6; converted: TypeError (NoneType -= int), and the log shows the with "
                          "statement exiting with TypeError: the `as` target v is reset to None inside the body")
def with_target_then_changed_in_if(a, b, c, log):
    with Ctx(log, 1, 7) as v:
        if b == 0:
            v -= 1
        return v


# ---------------------------------------------------------------------------- global


g_walrus = 0


@finding(7, 0, 0, differs="conversion: SyntaxError 'no binding for nonlocal g_walrus found': the loop_test "
                          "closure declares the walrus target nonlocal though it is a global")
def walrus_global_in_while_test(a, b, c, log):
    global g_walrus
    while (g_walrus := a) > 5:
        break
    return g_walrus


# ---------------------------------------------------------------------------- non-deterministic conversion


@finding(0, 0, 0, differs="Python returns 6; converted often returns 0: `nonlocal z` is missing from loop_test, so "
                          "the walrus binds a local of loop_test. Which conversions get it wrong depends on the "
                          "memory allocator: control_flow's _writes_cache is keyed by id(node), the converted "
                          "`if` inside the with body is dropped, and the new `return TEST` statement of loop_test "
                          "can reuse its address and get its (empty) set of written names. Converting fresh "
                          "copies of the same source gives different code (test_conversion_is_deterministic)")
def walrus_in_while_test_after_if_in_with(a, b, c, log):
    z = a
    with Ctx(log, 1):
        if a:
            pass
    n = 0
    while n < 1 and (z := 6) > 100:
        n += 1
    return z


# Findings whose conversion may come out differently each time: converted from fresh copies, several times.
NONDETERMINISTIC = [walrus_in_while_test_after_if_in_with]


# ---------------------------------------------------------------------------- conversion crashes


@finding(0, 0, 0, differs="conversion: ValueError 'empty body on FunctionDef' (a return inside a loop inside a "
                          "match case inside a loop); Python returns 5")
def return_in_loop_in_match_case_in_loop(a, b, c, log):
    for i in range(3):
        match b:
            case 0:
                for j in range(2):
                    return 5
    return 0


@finding(0, 0, 0, differs="conversion: ValueError 'empty body on FunctionDef' (the same with an except handler "
                          "in place of the match case); Python returns (-2, 0)")
def return_in_loop_in_handler_in_loop(a, b, c, log):
    for i in [0]:
        try:
            1 // a
        except ZeroDivisionError:
            for j in range(2):
                return (-2, i)
    return 0


# ---------------------------------------------------------------------------- objects


@finding(0, 2, 0, differs="Python asks bool(o) once (`not (o and ...)` in a condition is compiled to one "
                          "jump); converted asks twice (ag__.and_ then ag__.not_): the log has one more "
                          "('bool', 'o')")
def bool_asked_twice_not_and(a, b, c, log):
    o = Flag(log, "o", a)
    if not (o and b > 1):
        log.append("in")
    return 0


@finding(0, 9, 0, differs="Python asks bool(o) once in `while o and b > 5:`; converted twice (ag__.and_ gives o "
                          "back, then while_stmt asks its truth again)")
def bool_asked_twice_while_and(a, b, c, log):
    o = Flag(log, "o", a)
    while o and b > 5:
        break
    return 0


@finding(0, 9, 0, differs="Python asks bool(o) once in `if o or b > 5:` when o is truthy; converted twice")
def bool_asked_twice_if_or(a, b, c, log):
    o = Flag(log, "o", 1)
    if o or b > 5:
        log.append("in")
    return 0


@finding(0, 0, 0, differs="Python returns 2 (bool(o) asked once per test: 3 asks, the Countdown runs out on "
                          "the third); converted returns 1: the extra ask per test (ag__.or_ gives o back, "
                          "ag__.and_ asks again) uses the Countdown up twice as fast, so control flow changes")
def bool_asked_twice_changes_loop_count(a, b, c, log):
    o = Countdown(log, "o", 2)
    n = 0
    while (o or b > 5) and n < 5:
        n += 1
    return n


# ---------------------------------------------------------------------------- names


@finding(1, 0, 0, differs="Python: UnboundLocalError \"cannot access local variable 'ag__'\"; converted: the "
                          "same, but naming 'ag__1' (the user's local ag__ is renamed, as docs/limitations.md "
                          "says; the message shows it)")
def local_named_ag__in_message(a, b, c, log):
    if a == 0:
        ag__ = 1
    return ag__


# ---------------------------------------------------------------------------- the classes named in the brief
# (all of the above fail at commit b34a6e6 too; these, and super() / __qualname__, failed there and were the
# first ones fixed in the working tree)


@finding(3, 0, 0, differs="conversion: KeyError 'template placeholder C was not filled'")
def upper_case_name_carried(a, b, c, log):
    C = 0
    for i in range(a):
        C += i
    return C


ag__ = 2


@finding(0, 0, 0, differs="Python returns 2 (the module's ag__); converted: NameError 'ag__1' (the "
                          "user's global ag__ is renamed like a local)")
def reads_global_named_ag__(a, b, c, log):
    z = ag__
    return z


@finding(1, 0, 0, differs="conversion: SyntaxError 'annotated name x can't be nonlocal'")
def annotated_carried_variable(a, b, c, log):
    x = 0
    if a:
        x: int = 5
    return x


@finding(0, 0, 0, differs="RuntimeError 'super(): no arguments' from super() inside a converted if "
                          "(the if body became a closure without the method's arguments)")
def super_inside_converted_if(a, b, c, log):
    class K(Base):
        def m(self, k):
            if k > 1:
                return super().m(k)
            return 0

    return K(1).m(3)


@finding(0, 0, 0, differs="__qualname__ of nested functions and classes (and the TypeError messages "
                          "naming them) start with '__autograph_factory__.<locals>.__autograph_converted__' "
                          "instead of 'f.<locals>'")
def qualname_of_nested(a, b, c, log):
    class K:
        pass

    def h(p):
        return p

    log.append(K.__qualname__)
    log.append(h.__qualname__)
    try:
        h(1, 2)
    except TypeError as error:
        log.append(str(error))
    return 0


@finding(0, 0, 0, differs="the try's else clause runs after a break in the try body")
def try_else_after_break(a, b, c, log):
    for i in range(3):
        try:
            if i == 1:
                break
        except ValueError:
            pass
        else:
            log.append(i)
    return 0


g_loop = 0


@finding(3, 0, 0, differs="`global g_loop; for g_loop in ...`: the global loop target")
def global_loop_target(a, b, c, log):
    global g_loop
    for g_loop in range(a):
        pass
    return g_loop


@finding(0, 0, 0, differs="del of a maybe-unbound variable")
def del_maybe_unbound(a, b, c, log):
    if a:
        x = 1
    del x
    return 0


# ---------------------------------------------------------------------------- and/or with a walrus


WALRUS_VALUE = 4


@finding(0, 0, 0, differs="Python asks bool(v2) once: in `(v2 and (v1 := G)) and c` CPython's jumps skip the outer "
                          "`and` once v2 is false; converted asks it twice (the walrus operand keeps the inner `and` "
                          "from becoming a thunk, and the outer `and` asks its value again). Found by make fuzz at "
                          "20,000 programs, stop 17")
def nested_and_with_walrus_asks_bool_twice(a, b, c, log):
    v2 = Countdown(log, "v2", 0)
    log.append((1, (v2 and (v1 := WALRUS_VALUE)) and c))
    return v1


@finding(3, -2, 7, differs="Python asks bool(o5) once in the guard `case _ if o5 and o5:` (a guard is a test: "
                           "it jumps); converted asked it twice (ag__.and_ gave o5 back and the guard asked "
                           "again). Found by make fuzz at 20,000 programs, after the nested and/or fix")
def match_guard_and_asks_bool_twice(a, b, c, log):
    o5 = Flag(log, "o5", a + b - 1)
    match a:
        case _ if o5 and o5:
            return 1
    return 0


g_deleted = 2


@finding(0, 0, 0, differs="`global g; del g, param` in a loop body: Python deletes g first and raises NameError "
                          "for it on the second iteration; converted checked the parameter's cell before the "
                          "whole del and raised UnboundLocalError for it (the check now sits just before its own "
                          "target). Found by make fuzz at 20,000 programs, stop 18")
def del_global_then_local_in_loop(a, b, c, log):
    global g_deleted
    g_deleted = 2
    w0 = 0
    while w0 < 3:
        w0 += 1
        del g_deleted, b
    return 0


@finding(0, 0, 0, differs="A class body in a loop body reads the parameter v1, and a list comprehension in the "
                          "same loop body reuses v1 as its iteration variable: Python gives v1; converted, where "
                          "the loop body is a closure (v1 a free variable passed through to the class), CPython "
                          "3.12 and 3.13.0 compile the inlined comprehension (PEP 709) wrongly and the class "
                          "body raises NameError (CPython gh-121377; the same code written as nested functions "
                          "fails unconverted too). Found by make fuzz on 3.13, stop 20")
def class_reads_name_a_comprehension_reuses(a, b, v1, log):
    for _ in range(1):
        class Reads:
            value = v1
        log.append(len([8 for v1 in range(-1)]))
    return Reads.value


def _cpython_gh_121377() -> bool:
    """Whether this CPython miscompiles an inlined comprehension whose iteration variable is a free
    variable passed through to a nested scope (gh-121377): the bug behind the finding above."""
    def outer(v1):
        def body():
            class Reads:
                value = v1
            len([8 for v1 in range(-1)])
            return Reads.value
        return body()
    try:
        return outer(1) != 1
    except NameError:
        return True


CPYTHON_GH_121377 = _cpython_gh_121377()


def _caller_of_helper(x, log):
    log.append((1, (sys._getframe(1).f_code.co_name, sys._getframe(1).f_lineno)))
    return x


@finding(0, 0, 0, differs="A function called from an operand of the while test's `and` asks sys._getframe(1) for "
                          "its caller: Python gives ('f'-like name, line); converted gave '<lambda>', the name "
                          "of the operand's thunk (thunks now take their function's name, as block closures "
                          "do). Found by make fuzz at 20,000 programs, stop 20")
def helper_called_from_a_test_operand(a, b, c, log):
    w2 = 0
    while w2 < 3 and ((_caller_of_helper(1, log) or 0) >= (_caller_of_helper(8, log) or 0) or c > 6):
        w2 += 1
    return w2


# ---------------------------------------------------------------------------- generator expressions, `ag__`


@finding(0, 0, 3, differs="A generator expression made in a for loop's body reads the loop's target when it runs: "
                          "Python's all read the last item; the converted form passed the target to the body as a "
                          "parameter, so each read its own iteration's. Found by helper-112, stop 75; make fuzz "
                          "makes such generators since")
def generators_read_the_loop_target_late(a, b, c, log):
    made = []
    for i4 in range(c):
        made.append(k * 10 + i4 for k in range(2))
    for g in made:
        log.append(list(g))
    return 0


@finding(5, 0, 0, differs="A nested def named `ag__` (the runtime's name) whose lambda closes over `x`, and "
                          "eval('x') in it: Python finds x (a free variable is in locals()); the converted form "
                          "raised NameError, having looked for the def's code object under the name it has while "
                          "the passes run. Found by make fuzz's reducer, stop 75")
def a_def_named_like_the_runtime_reads_its_frame(a, b, c, log):
    def ag__(*v1, **kw0):
        lam1 = lambda: a  # noqa: E731, F841
        log.append((3, eval('a')))
    ag__()
    return 0


@finding(0, 0, 2, differs="A nested def in a loop's body declares the loop target `nonlocal` (and bumps it): the "
                          "loop body's closure declares it nonlocal too, and the function, which binds it only in "
                          "that closure, got no declaration of it (a name a nested function may rebind gets no "
                          "init): conversion failed, 'no binding for nonlocal'. Found by make fuzz at 20,000 "
                          "programs, stop 79")
def nonlocal_of_a_loop_target_only_the_loop_binds(a, b, c, log):
    def h1():
        nonlocal c
        for i2 in range(c):
            def h3():
                nonlocal i2, c
                i2 += 1
                c += i2
                log.append((4, i2))
            h3()
            log.append((5, i2))
        return c
    return h1()
