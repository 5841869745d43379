"""The library ops: NumPy functions that are one op each, defined with ``opdefs.define`` together
with their NumPy kernel and JAX lowering. This module only gathers the modules that define them
(importing it defines them all); ``ops`` imports it."""

from runtime.graph import ops_array  # noqa: F401, I001  (one line per library module)
from runtime.graph import ops_update  # noqa: F401
from runtime.graph import ops_linalg  # noqa: F401
from runtime.graph import ops_random  # noqa: F401
from runtime.graph import ops_clock  # noqa: F401
from runtime.graph import ops_callback  # noqa: F401
from runtime.graph import ops_data_dependent  # noqa: F401
from runtime.graph import ops_fft  # noqa: F401
from runtime.graph import ops_complex  # noqa: F401
from runtime.graph import ops_scipy  # noqa: F401
from runtime.graph import ops_math  # noqa: F401
from runtime.graph import ops_layout  # noqa: F401
