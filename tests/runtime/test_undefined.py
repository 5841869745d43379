"""runtime.undefined.ld_cell: a block's read of an emptied cell raises Python's UnboundLocalError there."""

from __future__ import annotations

import pytest

from runtime.undefined import ld_cell


def emptied():
    x = 1

    def read():
        return x  # noqa: F821  (deleted below, on purpose)

    del x
    return read


def test_an_empty_cell_raises_unbound_local_error_with_pythons_words():
    def original():
        y = 1
        del y
        return y  # noqa: F821  (read after its del, on purpose)

    with pytest.raises(UnboundLocalError) as expected:
        original()
    with pytest.raises(UnboundLocalError) as got:
        ld_cell(emptied(), "x")
    assert str(got.value) == str(expected.value).replace("'y'", "'x'")


def test_a_bound_cell_is_read_and_other_name_errors_pass_through():
    x = 5
    assert ld_cell(lambda: x, "x") == 5
    with pytest.raises(NameError) as error:
        ld_cell(lambda: undefined_global_name, "x")  # noqa: F821  (a global never defined)
    assert type(error.value) is NameError and "undefined_global_name" in str(error.value)
    with pytest.raises(NameError) as other:
        ld_cell(emptied(), "y")  # the cell of another name: not this read's error to translate
    assert type(other.value) is NameError


def test_zero_argument_super_raises_supers_errors_in_supers_order():
    from runtime.undefined import zero_argument_super

    class Base:
        pass

    def unbound():
        raise UnboundLocalError("x")

    def emptied_cell():
        raise NameError("__class__")

    instance = Base()
    assert isinstance(zero_argument_super(lambda: Base, lambda: instance), super)
    with pytest.raises(RuntimeError, match=r"^super\(\): arg\[0\] deleted$"):
        zero_argument_super(emptied_cell, unbound)  # (the first argument is looked at first, as super() does)
    with pytest.raises(RuntimeError, match=r"^super\(\): empty __class__ cell$"):
        zero_argument_super(emptied_cell, lambda: instance)
    with pytest.raises(RuntimeError, match=r"^super\(\): __class__ is not a type \(int\)$"):
        zero_argument_super(lambda: 5, lambda: instance)
