"""AutoGraph for plain Python and NumPy.

    import autograph
    converted = autograph.convert(f)   # or autograph.to_graph(f)
    print(autograph.to_code(f))
"""

from autograph.api import convert, converted_lines, do_not_convert, to_code, to_graph
from autograph.errors import ConversionError, SourceNotFoundError, UnsupportedSyntaxError

__all__ = [
    "ConversionError", "SourceNotFoundError", "UnsupportedSyntaxError", "convert", "converted_lines",
    "do_not_convert", "to_code", "to_graph",
]
