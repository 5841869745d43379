"""A function edited in place after ``autograph.function`` wrapped it: its ``__code__`` or ``__defaults__`` assigned,
as IPython's autoreload (``%autoreload 2``) does to the functions a notebook holds when their module's file is
edited. Each trace's guard holds the code and defaults of the functions it ran (autograph/trace_guards.py), and the
Function compiles its calls again (autograph/function.py ``_follow_the_function``). Until stop 86 the graph kept
the old code's answer."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import sys
import warnings

import numpy as np
import pytest

import autograph
from autograph.concrete_function import StaleTraceError
from autograph.errors import SourceNotFoundError

MODES = [dict(), dict(executor="jax"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "backend-jax"]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        yield


def _twice(x):
    return x * 2.0


def _thrice(x):
    return x * 3.0


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_the_functions_code_assigned(mode):
    def scaled(x):
        return x * 2.0

    traced = autograph.function(scaled, **mode)
    x = np.array([1.0, 2.0])
    np.testing.assert_allclose(np.asarray(traced(x)), scaled(x))
    scaled.__code__ = _thrice.__code__
    np.testing.assert_allclose(np.asarray(traced(x)), scaled(x))
    np.testing.assert_allclose(np.asarray(traced(x)), x * 3.0)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_helpers_code_assigned(mode):
    def helper(x):
        return x * 2.0

    def calls_the_helper(x):
        return helper(x) + 1.0

    traced = autograph.function(calls_the_helper, **mode)
    x = np.array([1.0, 2.0])
    np.testing.assert_allclose(np.asarray(traced(x)), calls_the_helper(x))
    helper.__code__ = _thrice.__code__
    np.testing.assert_allclose(np.asarray(traced(x)), calls_the_helper(x))
    assert traced.tracing_count == 2


def test_the_defaults_assigned_refuse_the_call_bound_with_the_old_ones():
    def scaled(x, k=2.0):
        return x * k

    traced = autograph.function(scaled)
    x = np.array([1.0, 2.0])
    np.testing.assert_allclose(traced(x), x * 2.0)
    scaled.__defaults__ = (5.0,)
    with pytest.raises(StaleTraceError, match=re.escape(
            "the defaults or parameters of scaled were assigned after autograph.function compiled its calls")):
        traced(x)
    np.testing.assert_allclose(traced(x), scaled(x))
    np.testing.assert_allclose(traced(x, 1.0), x)
    scaled.__defaults__ = (5.0,)  # an equal default, a new tuple: nothing to refuse
    np.testing.assert_allclose(traced(x), x * 5.0)


def test_keyword_only_defaults_assigned():
    def scaled(x, *, k=2.0):
        return x * k

    traced = autograph.function(scaled)
    traced(np.ones(2))
    scaled.__kwdefaults__ = {"k": 4.0}
    with pytest.raises(StaleTraceError):
        traced(np.ones(2))
    np.testing.assert_allclose(traced(np.ones(2)), [4.0, 4.0])


def test_ipython_autoreload_of_an_edited_module(tmp_path, monkeypatch):
    """The notebook case itself: a module's file edited, IPython's superreload (what ``%autoreload 2`` runs)."""
    autoreload = pytest.importorskip("IPython.extensions.autoreload")
    (tmp_path / "edited_model.py").write_text("def predict(x):\n    return x * 2.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("edited_model")
    try:
        traced = autograph.function(module.predict)
        x = np.array([1.0, 2.0])
        np.testing.assert_allclose(traced(x), x * 2.0)
        (tmp_path / "edited_model.py").write_text("def predict(x):\n    if x[0] > 0:\n        return x * 7.0\n"
                                                  "    return x\n")
        importlib.invalidate_caches()
        autoreload.superreload(module)
        np.testing.assert_allclose(traced(x), module.predict(x))
        np.testing.assert_allclose(traced(x), x * 7.0)
    finally:
        sys.modules.pop("edited_model", None)


def _module_with_recompiled_predict(tmp_path, name: str, recompiled_text: str):
    """A module whose ``predict`` IPython 9's autoreload has patched: its code compiled alone from ``ast.unparse``
    of a def, under the module's file name, so it starts at line 1 (deduperreload)."""
    file = tmp_path / f"{name}.py"
    file.write_text("import numpy as np\n\n\ndef predict(x):\n    if np.sum(x) > 0:\n        return x * 7.0\n"
                    "    return x\n")
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    namespace = dict(module.__dict__)
    exec(compile(ast.unparse(ast.parse(recompiled_text).body[0]), str(file), "exec", dont_inherit=True), namespace)
    module.predict.__code__ = namespace["predict"].__code__
    return module


def test_code_recompiled_alone_is_converted_from_its_def_in_the_file(tmp_path):
    module = _module_with_recompiled_predict(tmp_path, "recompiled_alone",
                                             "def predict(x):\n    if np.sum(x) > 0:\n        return x * 7.0\n"
                                             "    return x\n")
    assert module.predict.__code__.co_firstlineno == 1
    for x in (np.ones(2), -np.ones(2)):
        np.testing.assert_allclose(autograph.convert(module.predict)(x), module.predict(x))
        np.testing.assert_allclose(autograph.function(module.predict)(x), module.predict(x))


def test_code_recompiled_from_another_text_is_still_refused(tmp_path):
    module = _module_with_recompiled_predict(tmp_path, "recompiled_otherwise",
                                             "def predict(x):\n    if np.sum(x) > 0:\n        return x * 8.0\n"
                                             "    return x\n")
    with pytest.raises(SourceNotFoundError):
        autograph.convert(module.predict)
