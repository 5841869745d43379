"""The differential tests of the converter run on every path a call can take (autograph/forms.py).

Each test of the modules in ``DIFFERENTIAL`` (they compare a converted function with the original on
plain values) runs three times:

- ``as_written``: called outside any trace, where a converted function runs the function as written;
- ``graph_trace``: inside one of our traces (``autograph.testing.converted_form``), where it runs its
  converted form on the same plain values;
- ``jax_trace``: inside a JAX trace (the test body runs under ``jax.make_jaxpr``), likewise.

The original functions the tests compare with run in the same context, so both see the same frames
around them.
"""

from __future__ import annotations

import contextlib

import pytest

from tests.helpers import jax_usable

DIFFERENTIAL = frozenset({
    "test_builtin_calls", "test_caller_frames", "test_corpus", "test_frame_reads", "test_semantics",
    "test_tracebacks", "test_truth_asks",
})
FORMS = ("as_written", "graph_trace", "jax_trace")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.module.__name__.rpartition(".")[2] in DIFFERENTIAL:
        metafunc.fixturenames.append("call_path")
        metafunc.parametrize("call_path", FORMS, indirect=True)


@pytest.fixture
def call_path(request: pytest.FixtureRequest):
    """The path the test's converted functions take (``jax_trace``: see pytest_pyfunc_call)."""
    path = request.param
    if path == "jax_trace" and not jax_usable():
        pytest.skip("JAX is not installed")
    if path == "graph_trace":
        from autograph.testing import converted_form

        context = converted_form()
    else:
        context = contextlib.nullcontext()
    with context:
        import runtime

        assert runtime.tracing() is (path == "graph_trace")
        yield path


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function):
    callspec = getattr(pyfuncitem, "callspec", None)
    if callspec is None or callspec.params.get("call_path") != "jax_trace":
        return None
    import jax
    import jax.numpy as jnp

    function = pyfuncitem.obj
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}

    def body():
        function(**arguments)
        return jnp.zeros(())

    jax.make_jaxpr(body)()
    return True
