"""The runner's rebinding (runner.Converter.rebind): where a converted module's tables hold an original function,
the converted one takes its place, named tuples of the module's own classes included (tabulate's
``TableFormat(lineabove=_html_begin_table_without_header)``, compared by identity in tabulate's own code)."""

from __future__ import annotations

import importlib.util
import sys

from . import runner

SOURCE = '''
import collections
import functools

Format = collections.namedtuple("Format", ["above", "below"])


def begin(widths):
    return "<table>"


class Holder:
    def __init__(self, f):
        self.f = f


class Rich(Format):  # a named tuple's subclass without __slots__: it has a __dict__ too
    pass


rich = Rich(above=begin, below=None)
rich.extra = begin
formats = {"html": Format(above=begin, below=None), "rich": rich}
plain = (begin, 1)
partial = functools.partial(begin, 3)
holder = Holder(begin)
'''


def test_rebind_reaches_named_tuples_lists_partials_and_instances_of_the_modules_own_classes(tmp_path) -> None:
    path = tmp_path / "rebind_sample.py"
    path.write_text(SOURCE)
    spec = importlib.util.spec_from_file_location("rebind_sample", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["rebind_sample"] = module
    try:
        spec.loader.exec_module(module)
        original = module.begin
        converter = runner.Converter()
        converter.module(module)
        converter.rebind()
        converted = module.begin
        assert converted is not original and converted.__wrapped__ is original
        assert module.formats["html"].above is converted
        assert type(module.formats["html"]) is module.Format
        rebuilt = module.formats["rich"]
        assert type(rebuilt) is module.Rich and rebuilt.above is converted and rebuilt.extra is converted
        assert module.plain[0] is converted
        assert module.partial.func is converted
        assert module.holder.f is converted
    finally:
        del sys.modules["rebind_sample"]
