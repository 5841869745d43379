"""AutoGraph for plain Python and NumPy.

    import autograph
    converted = autograph.convert(f)   # or autograph.to_graph(f)
    print(autograph.to_code(f))
"""

__version__ = "0.1.0"

from autograph import shadowing  # noqa: E402,F401  (first: it checks that `runtime` is ours)
from autograph.api import convert, converted_lines, do_not_convert, to_code, to_graph
from autograph.call_boundary import (
    AliasedArguments,
    LayoutDependentView,
    ReadOnlyArgument,
    SubclassedArray,
    UnwritableArgument,
)
from autograph.concrete_function import StaleTraceError
from autograph.errors import (
    ConversionError,
    ConverterBug,
    SourceMismatchError,
    SourceNotFoundError,
    UnsupportedSyntaxError,
)
from autograph.function import ConcreteFunction, Function, function, functions_run_eagerly, run_functions_eagerly
from autograph.no_source import NoSourceWarning
from autograph.retracing import RetracingWarning
from autograph.saving import FormatError, SerializationError, export_stablehlo, load, save
from runtime.graph import TensorSpec, Variable, assert_
from runtime.graph import print_ as print  # noqa: A001  (autograph.print prints at every graph run)
from runtime.limits import (
    AutographError,
    DataDependentIndex,
    DataDependentShape,
    ErrorStateChanged,
    HandlerNotRun,
    Limitation,
    NotOnTensors,
    NotStageable,
    OrderDependentOverflow,
    SilentFloatingPoint,
    UnknownDimension,
    UnsortedSearch,
)
from runtime.numpy_function import OutputSpecError, numpy_function
from runtime.staging import StagingError

__all__ = [
    "AliasedArguments", "AutographError", "ConcreteFunction", "ConversionError", "ConverterBug", "DataDependentIndex",
    "DataDependentShape", "ErrorStateChanged",
    "FormatError", "Function", "HandlerNotRun", "LayoutDependentView", "Limitation", "NoSourceWarning", "NotOnTensors",
    "NotStageable",
    "OrderDependentOverflow", "OutputSpecError",
    "ReadOnlyArgument", "RetracingWarning",
    "SerializationError", "SilentFloatingPoint", "SourceMismatchError", "SourceNotFoundError", "StaleTraceError",
    "StagingError",
    "SubclassedArray",
    "TensorSpec", "UnknownDimension", "UnsortedSearch",
    "UnsupportedSyntaxError", "UnwritableArgument",
    "Variable", "__version__", "assert_", "convert", "converted_lines", "do_not_convert",
    "export_stablehlo", "function", "functions_run_eagerly", "load", "numpy_function", "print",
    "run_functions_eagerly", "save",
    "to_code", "to_graph",
]
