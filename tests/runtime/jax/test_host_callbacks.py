"""SciPy's functions on the host under XLA (runtime/jax/rules_scipy.py, ``_on_host``) get and give 64-bit values whole.

JAX may run a host callback on a thread of its own, where 64 bits are off, and there it puts a float64 argument on
the host as float32: SciPy then computed in single precision, silently (the result was cast back to float64). The
values now cross as their bits, as uint32 words. Oracle: NumPy's own bits, and SALib's bootstrap (code nobody here
wrote, from tests/coverage) in eager NumPy.
"""

from __future__ import annotations

import threading

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from runtime.jax import rules_scipy
from tests.coverage import harness

VALUES = {
    "float64": np.array([1.0 + 2 ** -40, -3.5e300, np.nan, -0.0, np.inf]),
    "int64": np.array([2 ** 62 + 1, -(2 ** 40), 0, 7, -1]),
    "uint64": np.array([2 ** 63 + 5, 1, 0, 2 ** 40, 9], dtype=np.uint64),
    "complex128": np.array([1 + 2 ** -40 * 1j, -0.0 - 1j, np.nan + 0j, 3e300j, 1]),
    "float32": np.array([1.5, -2.25, np.nan, 0.0, 1e30], dtype=np.float32),
}


def _on_a_thread_with_64_bits_off(fn):
    """``fn()`` on a thread of its own (64 bits are off there, as on a thread JAX may run a callback on)."""
    out = []
    worker = threading.Thread(target=lambda: out.append(fn()))
    worker.start()
    worker.join()
    return out[0]


@pytest.mark.parametrize("name", VALUES)
def test_values_cross_to_the_host_and_back_bit_for_bit_where_64_bits_are_off(name):
    """What ``_on_host`` sends: the value's words; what JAX's callback does with an argument on its thread
    (``device_put``, as jax.pure_callback's impl); the host's value; and back, bit for bit."""
    value = VALUES[name]
    dtype = value.dtype
    with jax.enable_x64(True):
        words = np.asarray(jax.jit(lambda x: rules_scipy._as_bits(x, dtype))(value))
    on_host = _on_a_thread_with_64_bits_off(lambda: rules_scipy._from_bits(np.asarray(jax.device_put(words)), dtype))
    assert on_host.dtype == dtype and on_host.tobytes() == value.tobytes()
    back = _on_a_thread_with_64_bits_off(lambda: np.asarray(jax.device_put(rules_scipy._to_bits(on_host, dtype))))
    with jax.enable_x64(True):
        again = np.asarray(jax.jit(lambda w: rules_scipy._from_jax_bits(w, dtype))(back))
    assert again.dtype == dtype and again.tobytes() == value.tobytes()


def test_where_64_bits_are_off_jax_narrows_a_float64_argument():
    """The cause: the value itself would reach the host as float32."""
    narrowed = _on_a_thread_with_64_bits_off(lambda: np.asarray(jax.device_put(np.array([1.0 + 2 ** -40]))))
    assert narrowed.dtype == np.float32


def test_scipys_periodogram_in_salibs_bootstrap_on_xla_is_eagers():
    """A staged loop of SciPy's periodogram on resampled data (SALib's rbd_fast bootstrap): on XLA its callbacks ran
    on a thread with 64 bits off, and SciPy's float32 result failed the kernel's dtype check."""
    case = next(c for c in harness.load_cases() if c.name == "salib.rbd_fast_bootstrap_given")
    for seed in (0, 1):
        args = harness._inputs(case, seed)
        want = case.fn(*args)
        got = autograph.function(case.fn, executor="jax")(*args)
        np.testing.assert_allclose(got, want, rtol=1e-12)


def test_a_64_bit_value_goes_to_the_host_as_words():
    with jax.enable_x64(True):
        words = rules_scipy._as_bits(jnp.asarray(VALUES["float64"]), np.dtype(np.float64))
    assert words.dtype == jnp.uint32 and words.shape == (5, 2)
