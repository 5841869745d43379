"""``np.einsum``'s subscripts read as NumPy reads them: each operand's labels, the output's, and each
label's size. The graph's ``einsum`` op (runtime/graph/ops_linalg.py) takes its shape from them, the staging
(runtime/graph/numpy_linalg.py) its errors, and the XLA lowering (runtime/jax/rules_einsum.py) its plan.

    parse("ij,jk", [2, 2])        # ([['i', 'j'], ['j', 'k']], ['i', 'k'])
    parse("...i,i->...", [3, 1])  # ([[-2, -1, 'i'], ['i']], [-2, -1])   (ellipsis dims: ints, right-aligned)
"""

from __future__ import annotations

import string
from typing import Any, Sequence

import numpy as np


def from_sublists(operands: Sequence[Any]) -> str:
    """The subscripts string of ``einsum(op0, sublist0, op1, sublist1, ..., [sublistout])`` (labels 0-25 are
    'A'-'Z', 26-51 'a'-'z')."""
    def letters(sub: Any) -> str:
        out = ""
        for s in sub:
            if s is Ellipsis:
                out += "..."
            elif isinstance(s, (int, np.integer)) and 0 <= s < 52:
                out += chr(ord("A") + s) if s < 26 else chr(ord("a") + s - 26)
            else:
                raise ValueError("subscript is not within the valid range [0, 52)")
        return out
    pairs, out = (operands[:-1], operands[-1]) if len(operands) % 2 else (operands, None)
    subscripts = ",".join(letters(sub) for sub in pairs[1::2])
    return subscripts + ("" if out is None else "->" + letters(out))


def _term(term: str, k: int) -> list:
    """One operand's subscripts as a list of letters and at most one Ellipsis."""
    if term.replace("...", "").count(".") or term.count("...") > 1:
        raise ValueError("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in "
                         f"operand {k}")
    out: list = []
    for part in term.split("..."):
        for c in part:
            if c not in string.ascii_letters:
                raise ValueError(f"invalid subscript '{c}' in einstein sum subscripts string, subscripts must "
                                 "be letters")
            out.append(c)
        out.append(Ellipsis)
    return out[:-1]


def parse(subscripts: str, ndims: list[int]) -> tuple[list[list], list]:
    """Labels per operand and of the output. Ellipsis dims get int labels -k..-1 (right-aligned, so
    they broadcast across operands as NumPy's do); letters stay letters."""
    subscripts = subscripts.replace(" ", "")
    inputs, arrow, output = subscripts.partition("->")
    terms = inputs.split(",")
    if len(terms) > len(ndims):
        raise ValueError("fewer operands provided to einstein sum function than specified in the subscripts string")
    if len(terms) < len(ndims):
        raise ValueError("more operands provided to einstein sum function than specified in the subscripts string")
    labels, ellipsis_rank = [], 0
    for k, (term, nd) in enumerate(zip(terms, ndims)):
        parsed = _term(term, k)
        letters = [c for c in parsed if c is not Ellipsis]
        if len(letters) > nd:
            raise ValueError(f"einstein sum subscripts string contains too many subscripts for operand {k}")
        if Ellipsis not in parsed:
            if len(letters) < nd:
                raise ValueError("operand has more dimensions than subscripts given in einstein sum, but no '...' "
                                 "ellipsis provided to broadcast the extra dimensions.")
            labels.append(letters)
            continue
        extra = nd - len(letters)
        ellipsis_rank = max(ellipsis_rank, extra)
        at = parsed.index(Ellipsis)
        labels.append(parsed[:at] + list(range(-extra, 0)) + parsed[at + 1:])
    if arrow:
        if "->" in output:
            raise ValueError("invalid subscript '-' in einstein sum subscripts string, subscripts must be letters")
        parsed = _term(output, len(terms))
        letters = [c for c in parsed if c is not Ellipsis]
        for c in letters:
            if letters.count(c) > 1:
                raise ValueError(f"einstein sum subscripts string includes output subscript '{c}' multiple times")
            if not any(c in lab for lab in labels):
                raise ValueError(f"einstein sum subscripts string included output subscript '{c}' which never "
                                 "appeared in an input")
        if Ellipsis in parsed:
            at = parsed.index(Ellipsis)
            out = parsed[:at] + list(range(-ellipsis_rank, 0)) + parsed[at + 1:]
        elif ellipsis_rank:
            raise ValueError("output has more dimensions than subscripts given in einstein sum, but no '...' "
                             "ellipsis provided to broadcast the extra dimensions.")
        else:
            out = parsed
    else:  # implicit: the broadcast dims, then the letters used once, in character-code order (A..Z, a..z)
        counts: dict = {}
        for lab in labels:
            for c in lab:
                if isinstance(c, str):
                    counts[c] = counts.get(c, 0) + 1
        out = list(range(-ellipsis_rank, 0)) + sorted(c for c, count in counts.items() if count == 1)
    return labels, out


def sizes(shapes: Sequence[tuple], labels: list[list]) -> dict:
    """Each label's size (None where unknown), with NumPy's errors for sizes that do not match or broadcast."""
    found: dict = {}
    for k, (shape, lab) in enumerate(zip(shapes, labels)):
        mine: dict = {}
        for c, d in zip(lab, shape):
            if c in mine and None not in (mine[c], d) and mine[c] != d:
                raise ValueError(f"dimensions in operand {k} for collapsing index '{c}' don't match ({mine[c]} != {d})")
            mine[c] = d
        for c, d in mine.items():
            seen = found.get(c, 1)
            if d != 1 and seen != 1 and None not in (seen, d) and seen != d:
                raise ValueError(f"operands could not be broadcast together: dimension '{c}' is {seen} in one "
                                 f"operand and {d} in operand {k}")
            found[c] = d if seen == 1 else seen if d == 1 else d if seen is None else seen
    return found
