"""Answers with a plus-minus sign, compared as the two values they name: `x ± 2` is
{x + 2, x - 2}, so it equals `±2 + x`; `-(±x)` is {-x, x}, so it equals `±x`.

Why: math-verify reads `±` as one operator of its own, so the same pair of values written in
another order (`x ± 2`, `±2 + x`), or with the sign moved (`-(±x)`), did not match. Several
signs in one answer are linked, as in `\\sin(a ± b) = \\sin a \\cos b ± \\cos a \\sin b`: the
upper signs give one value, the lower signs the other (`∓` takes the opposite sign). When both sides
carry the sign they are compared so; a sign on one side only, against a list on the other, is
expanded into the values it names (`x = 3 ± 1` is `x = 4, x = 2`, and `x = -3, 1 ± 2i` the three
roots listed), when no entry of the list carries two signs (whose readings, linked or
independent, differ between conventions).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from veriloop.graders.math_forms import split_top

# "\\pmx" too: the sign glued to a one-letter operand ("\\pmb{x}" is bold type, no sign)
_SIGN = re.compile(r"±|∓|\\(?:pm|mp)(?:(?![A-Za-z])|(?=[A-Za-z](?![A-Za-z{])))")


def same_sign_choices(gold: str, answer: str, parse: Callable[[str], list[Any]],
                      equal: Callable[[list[Any], list[Any]], bool]) -> bool | None:
    """Equal when each value of one side is a value of the other (None unless both carry ±)."""
    choices = [_values(gold), _values(answer)]
    if not all(choices):
        return None
    parsed = [[parse(t) for t in side] for side in choices]
    if not all(p for side in parsed for p in side):
        return None  # a value neither side can read: left to the other rules

    def within(xs: list[list[Any]], ys: list[list[Any]]) -> bool:
        return all(any(equal(y, x) for y in ys) for x in xs)

    return within(parsed[1], parsed[0]) and within(parsed[0], parsed[1])


def expanded_list(s: str) -> str | None:
    """`s` with each entry's one ± written as the two values it names, as a list of solutions
    of its left side when it has one (`x = 3 ± 1` -> `x = 3+1, x = 3-1`); None when `s` carries
    no ±, or an entry carries two."""
    m = re.match(r"^\s*([A-Za-z](?:_\{?\w+\}?)?)\s*=(?!=)\s*", s)
    lhs, rest = (m.group(1), s[m.end():]) if m else (None, s)
    if "=" in rest or not _SIGN.search(rest) or re.match(r"\s*(?:\\\{|[{(\[])", rest):
        return None  # a set or tuple in brackets is left to the other rules
    items = []
    for item in split_top(rest, ","):
        values = _values(item)
        if len(_SIGN.findall(item)) > 1:
            return None
        items.extend(values or [item])
    return ", ".join(f"{lhs} = {v.strip()}" if lhs else v.strip() for v in items)


def _values(s: str) -> list[str]:
    """The upper-sign and lower-sign readings of `s`, or [] when it carries no ±."""
    parts = _SIGN.split(s)
    signs = _SIGN.findall(s)
    if not signs:
        return []
    out = []
    for upper in (True, False):
        text = parts[0]
        for sign, part in zip(signs, parts[1:]):
            plus = upper != (sign in ("∓", "\\mp"))
            text += ("+" if plus else "-") + part
        out.append(text)
    return out
