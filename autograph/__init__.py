"""AutoGraph for plain Python and NumPy.

    import autograph
    converted = autograph.convert(f)   # or autograph.to_graph(f)
    print(autograph.to_code(f))
"""

from autograph.api import convert, converted_lines, do_not_convert, to_code, to_graph
from autograph.errors import ConversionError, SourceNotFoundError, UnsupportedSyntaxError
from autograph.function import ConcreteFunction, Function, function, functions_run_eagerly, run_functions_eagerly
from runtime.graph import TensorSpec, Variable
from runtime.graph import print_ as print  # noqa: A001  (autograph.print prints at every graph run)

__all__ = [
    "ConcreteFunction", "ConversionError", "Function", "SourceNotFoundError", "TensorSpec", "UnsupportedSyntaxError",
    "Variable", "convert", "converted_lines", "do_not_convert", "function", "functions_run_eagerly", "print",
    "run_functions_eagerly", "to_code", "to_graph",
]
