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

import pytest

from tests.helpers import jax_usable

DIFFERENTIAL = frozenset({
    "test_builtin_calls", "test_caller_frames", "test_corpus", "test_counter_subscripts", "test_form_fidelity",
    "test_frame_reads", "test_item_write_order", "test_semantics", "test_tracebacks", "test_truth_asks",
    "test_constructors",
})
FORMS = ("as_written", "graph_trace", "jax_trace")
# Tests that trace with autograph.function themselves: inside a graph trace, a Function is inlined into
# the trace around it (it does not trace or run on its own), so they take the other two paths only.
STAGING_TESTS = frozenset({"test_staged_functions_match_eager",
                           "test_staged_math_domain_error_fires_at_run_time_with_pythons_message"})


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.module.__name__.rpartition(".")[2] in DIFFERENTIAL:
        metafunc.fixturenames.append("call_path")
        metafunc.parametrize("call_path", FORMS)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function):
    callspec = getattr(pyfuncitem, "callspec", None)
    path = None if callspec is None else callspec.params.get("call_path")
    if path not in ("graph_trace", "jax_trace"):
        return None
    if path == "jax_trace" and not jax_usable():
        pytest.skip("JAX is not installed")
    if path == "graph_trace" and pyfuncitem.originalname in STAGING_TESTS:
        pytest.skip("it traces with autograph.function, which a graph trace around it would inline")
    import runtime

    function = pyfuncitem.obj
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}

    def body() -> None:
        assert runtime.tracing(), "the test is not inside a trace"
        function(**arguments)

    if path == "graph_trace":
        from autograph.testing import converted_form

        with converted_form():
            body()
        return True
    import jax
    import jax.numpy as jnp

    jax.make_jaxpr(lambda: (body(), jnp.zeros(()))[1])()
    return True
