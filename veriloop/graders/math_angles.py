"""An angle in degrees against the same angle in radians: `60^\\circ` is `\\frac{\\pi}{3}`.

Why: a degree mark after a number is dropped as a unit (`math_extract.drop_units`), which is
right against a gold in degrees written without the mark ("90^\\circ" answers 90), but against
a gold in radians it left 60 to compare with pi/3, so a right angle in the other unit scored 0
(heldout17: a lesson app's degree/radian pairs). A degree mark is the factor pi/180, so when one
side is a number of degrees and the other a value written with pi and no degree mark, the
degrees are converted and the two values compared exactly. Without pi on the other side nothing
changes: "60" against `\\frac{\\pi}{3}` stays wrong, and "60" against `60^\\circ` stays right.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

_DEGREES = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)\s*(?:°|\^\s*\{?\s*\\circ\s*\}?|\\degree)\s*")
_DEGREE_MARK = re.compile(r"°|\\circ|\\degree")
_PI = re.compile(r"\\pi(?![A-Za-z])|π|(?<![A-Za-z\\])pi(?![A-Za-z])")


def same_angle(gold: str, answer: str, parse: Callable[[str], list[Any]]) -> bool | None:
    """Whether a number of degrees on one side is the radian value on the other; None unless
    exactly that pair of forms. `parse` reads the radian side (`math_equiv.parse_whole`)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    for degrees, radians in ((gold, answer), (answer, gold)):
        m = _DEGREES.fullmatch(degrees)
        if m is None or _DEGREE_MARK.search(radians) or not _PI.search(radians):
            continue
        parsed = [x for x in parse(radians) if isinstance(x, sympy.Expr)]
        if not parsed or not parsed[0].is_number:
            return None
        value = sympy.Rational(m.group(1)) * sympy.pi / 180
        return bool(sympy.simplify(parsed[0] - value) == 0)
    return None
