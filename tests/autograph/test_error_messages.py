"""Issue 29: one exception hierarchy (``autograph.AutographError``), and every error a user can get from
staging or running a graph starts with the user's file:line and says what to write instead.

The functions under test live in this file (the converter needs their source); eager NumPy is the oracle
where a message's advice is followed."""

from __future__ import annotations

import inspect
import os
import traceback
import warnings

import numpy as np
import pytest
import scipy.stats

import autograph
from runtime import limits
from runtime.graph.ir import VerificationError
from runtime.staging import FILTERING_VARIABLE
from tests.helpers import fake_ipython, jax_usable, needs_jax

THIS_FILE = __file__
LIBRARY_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), d, "")
                     for d in ("autograph", "runtime"))
EXECUTORS = ["numpy", pytest.param("jax", marks=pytest.mark.skipif(not jax_usable(), reason="needs JAX"))]


@pytest.fixture(autouse=True)
def _filtering_on(monkeypatch):
    monkeypatch.delenv(FILTERING_VARIABLE, raising=False)


def _line(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line and not line.lstrip().startswith("def "))


def _site(fn, text: str) -> str:
    return f"{THIS_FILE}:{_line(fn, text)}: "


def _library_entries(error: BaseException) -> list[str]:
    return [f"{entry.filename}:{entry.lineno}" for entry in traceback.extract_tb(error.__traceback__)
            if os.path.abspath(entry.filename).startswith(LIBRARY_DIRS)]


# --- A. the hierarchy ----------------------------------------------------------------------------------

def _exported_errors() -> list[type]:
    return [getattr(autograph, name) for name in autograph.__all__
            if isinstance(getattr(autograph, name), type) and issubclass(getattr(autograph, name), BaseException)
            and not issubclass(getattr(autograph, name), Warning)]


def test_every_exported_error_derives_from_the_base():
    errors = _exported_errors()
    assert autograph.AutographError in errors and len(errors) >= 15
    for cls in errors:
        assert issubclass(cls, autograph.AutographError), cls
    assert autograph.AutographError is limits.AutographError  # defined in runtime, which cannot import autograph


# Exceptions of ours that are no error a user meets: control flow inside the library (each caught where it
# is raised), and the stand-in ``load`` makes for a saved graph's own (the user's) exception class.
INTERNAL = {"Untraced", "NeedsFlag", "BoundNeeded", "Reached", "_Unhashable", "Discovered", "_PythonOnly",
            "SavedExceptionStandIn", "_Relevant", "Peel",  # (Peel: runtime/carry.py, caught by the loop that raised it)
            "_NotReplayed",  # (runtime/jax/loops.py: a replayed iteration's test went otherwise, caught there)
            "_NoStandIn"}  # (runtime/graph/tensor.py: NumPy cannot be asked with stand-ins, caught there)


def test_every_exception_class_of_ours_derives_from_the_base_but_the_internal_ones():
    import importlib
    import pkgutil

    import autograph as autograph_package
    import runtime as runtime_package

    found = {}
    for package in (autograph_package, runtime_package):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name.startswith("runtime.jax") and not jax_usable():
                continue
            try:
                module = importlib.import_module(info.name)
            except ImportError:  # (autograph.testing without Hypothesis)
                continue
            for value in vars(module).values():
                if (isinstance(value, type) and issubclass(value, BaseException) and not issubclass(value, Warning)
                        and value.__module__ == module.__name__):
                    found[value.__qualname__] = value
    assert {"StagingError", "ConversionError", "LoweringError" if jax_usable() else "FormatError"} <= set(found)
    assert INTERNAL & set(found)  # (the list above names real classes)
    outside = sorted(name for name, cls in found.items()
                     if name not in INTERNAL and not issubclass(cls, autograph.AutographError))
    assert outside == []
    assert not any(issubclass(found[name], autograph.AutographError) for name in INTERNAL & set(found))


@pytest.mark.parametrize("cls, builtin", [
    (autograph.StagingError, ValueError), (autograph.NotStageable, TypeError),
    (autograph.NotOnTensors, AttributeError), (autograph.DataDependentIndex, IndexError),
    (autograph.DataDependentShape, ValueError), (autograph.DataDependentIndex, autograph.DataDependentShape),
    (autograph.SubclassedArray, TypeError), (autograph.AliasedArguments, ValueError),
    (autograph.ConverterBug, RuntimeError), (autograph.SerializationError, TypeError),
    (autograph.FormatError, ValueError), (VerificationError, ValueError), (autograph.UnsortedSearch, ValueError),
])
def test_each_error_is_also_the_builtin_class_that_fits(cls, builtin):
    assert issubclass(cls, builtin) and issubclass(cls, autograph.AutographError)


def test_conversion_errors_are_ours_but_no_limitation():
    for cls in (autograph.ConversionError, autograph.UnsupportedSyntaxError, autograph.SourceNotFoundError,
                autograph.SourceMismatchError, autograph.ConverterBug):
        assert issubclass(cls, autograph.AutographError) and not issubclass(cls, autograph.Limitation)


@needs_jax
def test_the_jax_errors_derive_from_the_base():
    from runtime.jax.common import JaxStagingError
    from runtime.jax.grad_errors import WhileLoopGradError
    from runtime.jax.lowering import LoweringError

    assert issubclass(JaxStagingError, (autograph.StagingError, TypeError))
    assert issubclass(WhileLoopGradError, autograph.StagingError)
    assert issubclass(LoweringError, ValueError) and issubclass(LoweringError, autograph.Limitation)


def test_mismatch_error_is_an_assertion_error_of_ours():
    testing = pytest.importorskip("autograph.testing")
    assert issubclass(testing.MismatchError, AssertionError)
    assert issubclass(testing.MismatchError, autograph.AutographError)


def one_branch(x):
    if np.sum(x) > 0:
        y = x + 1
    return y


def differentiates(x):
    return np.polyint(x)  # (no graph op: a limitation)


def adds_mismatched(x):
    return x + np.ones(4)


def test_except_the_base_catches_a_staging_error_a_limitation_and_a_conversion_error():
    caught = []
    for call in (lambda: autograph.function(one_branch)(np.ones(3)),
                 lambda: autograph.function(differentiates)(np.ones(3)),
                 lambda: autograph.convert(42)):
        try:
            call()
        except autograph.AutographError as error:
            caught.append(type(error))
    assert caught == [autograph.StagingError, autograph.NotStageable, autograph.ConversionError]


def test_a_numpy_error_raised_while_tracing_is_not_ours():
    with pytest.raises(ValueError, match="broadcast") as info:
        autograph.function(adds_mismatched)(np.ones(3))
    assert not isinstance(info.value, autograph.AutographError)
    with pytest.raises(ValueError, match="broadcast") as info:
        adds_mismatched(np.ones(3))  # (as eager NumPy)
    assert not isinstance(info.value, autograph.AutographError)


def converts_or_falls_back(x):
    try:
        autograph.convert(42)  # a ConversionError, caught by the program: not a refusal of the trace
    except autograph.ConversionError:
        pass
    return x * 2


def test_a_caught_conversion_error_does_not_end_the_trace_as_a_limitation_would():
    np.testing.assert_array_equal(autograph.function(converts_or_falls_back)(np.ones(2)), 2 * np.ones(2))


# --- B. issue 29's messages ------------------------------------------------------------------------------

def eye_of_traced_size(x):
    n = np.sum(x).astype(int)
    return np.eye(n)


@pytest.mark.untidied_before_311
@pytest.mark.parametrize("executor", EXECUTORS)
def test_eye_with_a_traced_size(executor):  # (1)  (np.zeros(n) takes one: tests/runtime/graph/test_tensor_sizes.py)
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(eye_of_traced_size, executor=executor)(np.ones(3))
    message = str(info.value)
    assert message.startswith(_site(eye_of_traced_size, "np.eye(n)"))
    assert "Give the shape as a Python int" in message and "np.zeros_like(x)" in message
    assert _library_entries(info.value) == []


def calls_linregress(x, y):
    fit = scipy.stats.linregress(x, y)  # SciPy asks np.result_type of the tensors, which graphs have no op for
    return fit[2]


@pytest.mark.parametrize("executor", EXECUTORS)
def test_an_error_inside_an_installed_library_names_the_users_call_first(executor):
    """The innermost frame is SciPy's: the message starts at the user's call of it, then names the library."""
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(calls_linregress, executor=executor)(np.arange(5.0), np.arange(5.0) ** 2)
    message = str(info.value)
    assert message.startswith(_site(calls_linregress, "fit = scipy.stats.linregress(x, y)")[:-2] + " (inside scipy.")
    assert "site-packages" in message.split("): ")[0]


LEAKED: list = []
# Through a builtin method, which a trace guard does not look into: `LEAKED.append(y)` itself is refused as the
# trace ends (tests/autograph/test_own_writes.py); a tensor kept where the guard does not look still leaks.
KEEP = LEAKED.append


def keeps_a_tensor(x):
    y = x * 2
    KEEP(y)
    return y


def uses_the_kept_tensor(x):
    return np.sum(LEAKED[-1]) + x


@pytest.mark.untidied_before_311
def test_a_tensor_leaked_through_a_global_names_where_it_was_made():  # (3)
    autograph.function(keeps_a_tensor)(np.ones(3))
    with pytest.raises(autograph.StagingError) as info:
        autograph.function(uses_the_kept_tensor)(np.ones(3))
    message = str(info.value)
    assert message.startswith(_site(uses_the_kept_tensor, "np.sum(LEAKED[-1])"))
    assert f"made at {THIS_FILE}:{_line(keeps_a_tensor, 'y = x * 2')}" in message
    assert "leaked out of that trace through Python state" in message
    assert "Return it from the function that made it" in message
    assert _library_entries(info.value) == []
    with pytest.raises(autograph.StagingError, match="is used here, outside any trace") as info:
        uses_the_kept_tensor(np.ones(3))  # as written, outside any trace
    assert str(info.value).startswith(_site(uses_the_kept_tensor, "np.sum(LEAKED[-1])"))


class Cache:
    value = None


CACHE = Cache()


@autograph.do_not_convert
def remember(v):
    CACHE.value = v  # (autograph does not see this store: the function runs as written)


def remembers_in_a_branch(x):
    if np.sum(x) > 0:
        remember(x * 2)
    return CACHE.value


@pytest.mark.untidied_before_311
def test_a_tensor_leaked_out_of_a_staged_branch_says_what_to_write():  # (3), (9)
    with pytest.raises(autograph.StagingError) as info:
        autograph.function(remembers_in_a_branch)(np.ones(3))
    message = str(info.value)
    assert message.startswith(_site(remembers_in_a_branch, "remember(x * 2)"))
    assert "made here inside a staged `if` or loop body is returned by the traced function" in message
    assert "assign a variable (`total = total + v`, `t = v`) instead of storing the tensor" in message
    assert "preallocate an array before the loop (`out = np.zeros(n)`) and write `out[i] = v`" in message
    assert _library_entries(info.value) == []


def recurses_on_a_tensor(x, n):
    if n > 0:
        return recurses_on_a_tensor(x * 2, n - 1)
    return x


@pytest.mark.untidied_before_311
def test_recursion_under_a_staged_if_says_to_write_a_loop():  # (4)
    with pytest.raises(autograph.StagingError) as info:
        autograph.function(recurses_on_a_tensor)(np.ones(3), np.int64(3))
    message = str(info.value)
    assert message.startswith(_site(recurses_on_a_tensor, "if n > 0:"))
    assert "recurses_on_a_tensor calls itself under this `if`, whose condition is a tensor" in message
    assert "Write it as a loop instead" in message
    assert len(traceback.format_exception(info.value)) < 12 and _library_entries(info.value) == []
    # On a Python value, the recursion ends: no error.
    np.testing.assert_array_equal(autograph.function(recurses_on_a_tensor)(np.ones(3), 3), 8 * np.ones(3))


def recurses_without_end(x, n):
    return recurses_without_end(x, n + 1)


def test_a_recursion_eager_python_cannot_end_either_stays_a_recursion_error():
    with pytest.raises(RecursionError) as info:
        autograph.function(recurses_without_end)(np.ones(3), 0)
    assert not isinstance(info.value, autograph.AutographError)


@needs_jax
def test_recursion_under_a_staged_if_under_jax_jit():  # (4), backend="jax"
    import jax.numpy as jnp

    with pytest.raises(autograph.StagingError) as info:
        autograph.function(recurses_on_a_tensor, backend="jax")(jnp.ones(3), jnp.int32(3))
    assert str(info.value).startswith(_site(recurses_on_a_tensor, "if n > 0:"))
    assert "Write it as a loop instead" in str(info.value)


def grows_in_a_while(x):
    y = x
    while np.sum(y) < 10:
        y = np.concatenate([y, x * 1.0])
    return y


def branches_of_two_shapes(x):
    if np.sum(x) > 0:
        y = x[:2]
    else:
        y = x
    return y


@needs_jax
@pytest.mark.parametrize("fn, text, says", [
    (grows_in_a_while, "while np.sum(y) < 10:", "preallocate it at its full size before the loop"),
    (branches_of_two_shapes, "if np.sum(x) > 0:", "make both branches give the same shape"),
])
def test_lowering_errors_name_the_users_line_and_hide_jax(fn, text, says):  # (5)
    from runtime.jax.lowering import LoweringError

    with pytest.raises(LoweringError) as info:
        autograph.function(fn, executor="jax")(np.ones(3))
    message = str(info.value)
    assert message.startswith(_site(fn, text)) and says in message
    assert "executor='numpy'" in message and "JAX says: TypeError:" in message
    assert info.value.__cause__ is None and info.value.jax_error is not None  # JAX's error, not chained
    shown = "".join(traceback.format_exception(info.value))
    assert "JAX has removed its internal frames" not in shown and "site-packages" not in shown
    assert _library_entries(info.value) == []


def slices_to_a_traced_bound(x, n):
    return x[:n] * 2


def draws(x):
    return x + np.random.normal(size=3)


@needs_jax
@pytest.mark.parametrize("fn, args, text, says", [
    (slices_to_a_traced_bound, (np.int64(2),), "return x[:n] * 2", "np.take(x, start + np.arange(k))"),
    (draws, (), "np.random.normal(size=3)", "runs a NumPy random generator each time the graph runs"),
])
def test_lowering_errors_of_single_ops_name_their_line(fn, args, text, says):  # (5)
    from runtime.jax.lowering import LoweringError

    with pytest.raises(LoweringError) as info:
        autograph.function(fn, executor="jax")(np.ones(5 if args else 3), *args)
    assert str(info.value).startswith(_site(fn, text)) and says in str(info.value)
    assert str(info.value).count(THIS_FILE) == 1 and _library_entries(info.value) == []


def hashes_scalars(x, y):
    return len(set(zip(x, y)))


def hashes_with_a_fallback(x, y):
    try:
        return len(set(zip(x, y)))
    except TypeError:  # eager NumPy never gets here: its scalars are hashable
        return -1


def hashes_an_array(x):
    try:
        return {x: 1}
    except TypeError:  # as eager NumPy: an array is unhashable
        return x + 1


@pytest.mark.parametrize("executor", EXECUTORS)
def test_hashing_a_tensor_scalar_is_refused(executor):  # (7)
    for fn in (hashes_scalars, hashes_with_a_fallback):
        with pytest.raises(autograph.NotStageable) as info:
            autograph.function(fn, executor=executor)(np.ones(3), np.ones(3))
        message = str(info.value)
        assert message.startswith(_site(fn, "len(set(zip(x, y)))"))
        assert "hashing a 0-d graph tensor" in message and "np.isin(x, y)" in message
    np.testing.assert_array_equal(autograph.function(hashes_an_array, executor=executor)(np.ones(3)),
                                  hashes_an_array(np.ones(3)))


class Clip:
    def __add__(self, v):
        if np.sum(v) > 0:
            return v
        return -v


class ConvertedClip:
    @autograph.convert
    def __add__(self, v):
        if np.sum(v) > 0:
            return v
        return -v


def adds_a_clip(x):
    return Clip() + x


def adds_a_converted_clip(x):
    return ConvertedClip() + x


def test_an_unconverted_method_under_converted_code_says_to_convert_it():  # (8)
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(adds_a_clip)(np.ones(3))
    message = str(info.value)
    assert message.startswith(_site(Clip.__add__, "if np.sum(v) > 0:"))
    assert "It is in Clip.__add__, which runs as written" in message
    assert "Decorate Clip.__add__ with @autograph.convert" in message
    assert "convert the function with autograph (autograph.function" not in message  # (it was)


def doubles_until_large(x, n):
    for _ in range(n):
        if np.all(x > 10.0):
            break
        x = x * 2.0
        yield x


def consumes_a_generator(x):
    last = x
    for s in doubles_until_large(x, 8):  # (gemma's _stream_sample_loop, consumed by its caller)
        last = s
    return last


def test_an_if_in_a_generator_says_generators_run_as_written():
    """Not "decorate it with @autograph.convert": converting a generator leaves its body as written."""
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(consumes_a_generator)(np.ones(2))
    message = str(info.value)
    assert message.startswith(_site(doubles_until_large, "if np.all(x > 10.0):"))
    assert "It is in doubles_until_large, a generator: autograph runs generators as written" in message
    assert "Write the loop in the converted function itself" in message and "Decorate" not in message


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("x", [np.ones(3), -np.ones(3)])
def test_the_advice_for_methods_works(executor, x):
    np.testing.assert_array_equal(autograph.function(adds_a_converted_clip, executor=executor)(x),
                                  adds_a_converted_clip(x))


def branches_as_written(x):
    if np.sum(x) > 0:
        return x
    return -x


def test_autograph_false_with_an_if_on_a_tensor_is_a_limitation_of_ours():
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(branches_as_written, autograph=False)(np.ones(3))
    assert str(info.value).startswith(_site(branches_as_written, "if np.sum(x) > 0:"))
    assert "use autograph.function(..., autograph=True)" in str(info.value)


def test_writing_into_a_kept_tensor_outside_any_trace():  # (3)
    autograph.function(keeps_a_tensor)(np.ones(3))
    with pytest.raises(autograph.StagingError) as info:
        LEAKED[-1][0] = 1.0
    message = str(info.value)  # (the constant 1.0 is made first: the message cannot name the tensor's line)
    assert message.startswith(_site(test_writing_into_a_kept_tensor_outside_any_trace, "LEAKED[-1][0] = 1.0"))
    assert "is used here, outside any trace" in message and "Return it from the function that made it" in message


def appends_in_a_staged_while(x, n):
    out = []
    i = 0
    while i < n:
        out.append(x[i])
        i += 1
    return np.array(out)


def preallocates(x, n):
    out = np.zeros(3)
    i = 0
    while i < n:
        out[i] = x[i] * 2
        i += 1
    return out


def test_a_list_growing_in_a_staged_loop_says_to_preallocate():  # (9)
    with pytest.raises(autograph.StagingError) as info:
        autograph.function(appends_in_a_staged_while)(np.ones(3), np.int64(2))
    message = str(info.value)
    assert message.startswith(_site(appends_in_a_staged_while, "while i < n:"))
    assert "a list cannot grow in it (`out.append(v)`)" in message
    assert "Preallocate an array before the loop (`out = np.zeros(n)`) and write `out[i] = v`" in message


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("n", [0, 2, 3])
def test_the_advice_for_growing_lists_works(executor, n):
    x = np.array([1.0, -2.0, 3.0])
    np.testing.assert_array_equal(autograph.function(preallocates, executor=executor)(x, np.int64(n)),
                                  preallocates(x, np.int64(n)))


def picks(x, i):
    return x[i] * 2.0


@pytest.mark.parametrize("fn, args", [(one_branch, (np.ones(3),)), (differentiates, (np.ones(3),)),
                                      (picks, (np.ones(3), np.int64(7)))])
@pytest.mark.untidied_before_311
def test_no_library_frame_is_left_after_the_note_says_they_were_hidden(fn, args):  # (10)
    f = autograph.function(fn)
    for _ in range(2):  # the first call traces; the second takes the compiled call's fast path
        with pytest.raises(Exception) as info:  # noqa: B017, PT011  (each its own class)
            f(*args)
        assert any("AUTOGRAPH_TRACEBACK_FILTERING=off" in note for note in getattr(info.value, "__notes__", []))
        assert _library_entries(info.value) == []
        assert "<autograph call lookup>" not in "".join(traceback.format_exception(info.value))


def traced_per_value(x, k):
    return x * k


def test_a_retracing_warning_in_a_notebook_names_the_cell(monkeypatch):  # (11)
    fake_ipython(monkeypatch, {THIS_FILE: "In[7]"})
    f = autograph.function(traced_per_value)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for k in range(6):
            f(np.ones(2), k)  # the call's line
    (warning,) = [w for w in caught if issubclass(w.category, autograph.RetracingWarning)]
    line = inspect.currentframe().f_lineno - 2
    assert str(warning.message).startswith(f"Cell In[7], line {line}: traced_per_value traced 5 times")


def test_a_retracing_warning_in_a_file_is_filed_under_it_as_before():
    f = autograph.function(traced_per_value)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for k in range(6):
            f(np.ones(2), k)
    (warning,) = [w for w in caught if issubclass(w.category, autograph.RetracingWarning)]
    assert warning.filename == THIS_FILE and str(warning.message).startswith("traced_per_value traced 5 times")


def diag_at_a_traced_offset(x, k):
    return np.diag(x, k)  # the line the refusal names


def solve_with_a_traced_ord(x, p):
    return np.linalg.norm(x, p)


@pytest.mark.parametrize("fn, args", [
    (diag_at_a_traced_offset, (np.eye(3), np.int64(1))),
    (solve_with_a_traced_ord, (np.eye(3), np.int64(2))),
])
def test_a_refusal_whose_text_names_no_line_starts_with_the_users_line(fn, args):
    with pytest.raises(limits.NotStageable) as caught:
        autograph.function(fn)(*args)
    line = inspect.getsourcelines(fn)[1] + 1
    assert str(caught.value).startswith(f"{__file__}:{line}: np."), str(caught.value)
    assert str(caught.value).count(f"{__file__}:") == 1


def hit_or_none(ray, plane):
    d = np.dot(ray, plane)
    if d == 0:
        return None  # (Pyrr's geometric tests: None on a miss)
    return ray * d


def test_a_staged_if_returning_none_on_one_path_says_none_or_nothing():
    with pytest.raises(autograph.StagingError) as info:
        autograph.function(hit_or_none)(np.ones(3), np.ones(3))
    message = str(info.value)
    assert "the function returns a value in the else branch but None or nothing in the if branch" in message
    assert "`return None`" in message and "return a value of the same type on every path" in message


def calls_pearsonr(x):
    return scipy.stats.pearsonr(x, x[::-1])  # SciPy converts its arguments in a helper of its own


def test_an_error_deep_inside_a_library_names_the_function_the_user_called_too():
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(calls_pearsonr)(np.arange(6.0))
    where = str(info.value).split("): ")[0]
    assert where.startswith(_site(calls_pearsonr, "return scipy.stats.pearsonr(x, x[::-1])")[:-2]
                            + " (inside scipy.stats.")
    assert "pearsonr, in scipy." in where  # (the function called, then the helper that refused)


def _floor_while_large(x):
    k = 0
    while np.sum(x.real > 1) > 0 and k < 4:
        x = np.floor(x)  # NumPy has no floor of complex numbers
        k += 1
    return x


def _floor_if_large(x):
    try:
        if np.sum(x.real) > 10:
            x = np.floor(x)
    except TypeError:  # the program's own fallback: it must not take the graph's refusal for NumPy's error
        x = x * 0
    return x


def _floor_if_expression(x):
    return np.floor(x) if np.sum(x.real) > 10 else x


@pytest.mark.parametrize("fn, where, what", [
    (_floor_while_large, "x = np.floor(x)", "the body of a staged while loop"),
    (_floor_if_large, "x = np.floor(x)", "the if branch of a staged `if`"),
    (_floor_if_expression, "return np.floor(x)", "an operand of a staged conditional expression, `and` or `or`"),
])
def test_a_block_numpy_cannot_trace_for_its_dtypes_is_refused_by_name(fn, where, what):
    x = np.array([0.5 + 1j, 0.2])
    np.testing.assert_array_equal(fn(x), x)  # eager code never runs the block on this input
    with pytest.raises(limits.NotStageable) as caught:
        autograph.function(fn)(x)
    line = next(n for n, text in enumerate(inspect.getsourcelines(fn)[0]) if where in text) + fn.__code__.co_firstlineno
    assert str(caught.value) == (
        f"{__file__}:{line}: NumPy refuses the dtypes this is traced with (TypeError: ufunc 'floor' not supported for "
        "the input types, and the inputs could not be safely coerced to any supported types according to the casting "
        f"rule ''safe''), in {what}, which a graph traces whether or not it runs; eager code raises this only when it "
        "runs. Cast the values to dtypes the operation is defined for (np.real(x), x.astype(np.float64)), or decide on "
        "the dtype in Python before the statement (if np.iscomplexobj(x): ...), which the graph settles while tracing.")
    assert type(caught.value.__cause__) is TypeError


class _Checked:
    def __init__(self, values):
        self.q = self._check(values)

    def _check(self, values):
        return np.asarray([float(v) for v in values])  # float() of a tensor, in a comprehension

    def __add__(self, other):
        return _Checked(self.q + other.q)  # (Python calls __add__: it runs as written)


def _clip(v):
    if np.dot(v, v) > 1.0:
        v = v / np.sqrt(np.dot(v, v))
    return v


def _steps(v, n):
    for i in range(n):
        yield _clip(v * (i + 1))


def _rows(p, q):
    r = np.zeros((2, 3))
    r[0] = p[0] * q[0]
    return r


class _Rows:
    def __init__(self, v):
        self.v = v

    def __mul__(self, other):
        return _Rows(_rows(self.v, other.v))


@pytest.mark.parametrize("fn, args, says", [
    (lambda a, b: (_Checked(a) + _Checked(b)).q, (np.ones(2), np.ones(2)),
     "It is in _Checked._check, which runs as written although the code that led here was converted"),
    (lambda v: [s for s in _steps(v, 2)], (np.array([0.3, 0.4]),),
     "It is in _clip, called from _steps, a generator: autograph runs generators as written"),
    (lambda a, b: (_Rows(a) * _Rows(b)).v, (np.ones((2, 3)), np.ones((2, 3))),
     "It is in _rows, which runs as written although the code that led here was converted"),
])
def test_a_refusal_in_code_python_runs_for_converted_code_names_the_function_that_runs_as_written(fn, args, says):
    """A comprehension names the function it is in (its own frame, before 3.12, is no function to decorate); a
    function a generator calls names the generator; a row written into an array made there names the function."""
    with pytest.raises(limits.NotStageable) as caught:
        autograph.function(fn)(*args)
    assert says in str(caught.value)
    assert "<listcomp>" not in str(caught.value)


class _Shown:
    shown = []

    def __init__(self, q):
        self.q = q

    def __repr__(self):
        _Shown.shown.append(self)
        return f"_Shown({self.q[0]})"


def _returns_shown(x):
    if x[0] > 0:
        return _Shown(x * 2)
    return _Shown(x)


def test_a_refusal_never_calls_the_programs_own_repr():
    _Shown.shown.clear()
    with pytest.raises(autograph.StagingError, match=r"the return value is a _Shown object in the if branch but a "
                                                  r"_Shown object in the other; a staged `if` can choose only "
                                                  r"between tensors and numbers"):
        autograph.function(_returns_shown)(np.array([1.0, 2.0]))
    assert _Shown.shown == []


def doubles_each_element(a):
    out = np.zeros_like(a)
    for idx, v in np.ndenumerate(a):
        out[idx] = v * 2
    return out


def test_a_numpy_function_that_makes_an_array_of_a_tensor_is_named():
    """``np.ndenumerate(t)`` turns the tensor into a NumPy array in NumPy's own code: the refusal names that
    function and the way that stages (numba-examples' ra24.py; it said the line was no `for` statement)."""
    with pytest.raises(autograph.NotStageable) as info:
        autograph.function(doubles_each_element)(np.ones((2, 2)))
    message = str(info.value)
    assert message.startswith(_site(doubles_each_element, "for idx, v in np.ndenumerate(a):"))
    assert "inside numpy.ndenumerate.__init__, NumPy code that turns its argument into a NumPy array" in message
    assert "`for idx in np.ndindex(t.shape): v = t[idx]`" in message
    assert "so it is not an `if`" not in message
