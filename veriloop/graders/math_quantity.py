"""Quantities with units compared by their size: `500 cm` is `2 m + 3 m`, and `5 m` is not
`2 cm + 3 cm`.

Why: the units are dropped before the numbers are compared (`math_extract.drop_units`), which
is right against a bare-number gold ("35 cm" answers 35) and guarded for one unit on each side
(`units_differ`: "12 km" is not "12 m"), but a gold that adds quantities (`2 cm + 3 cm`) names
two units, so neither guard applied and 5 m matched 5 cm. When both sides are sums of
quantities in units of one kind (length, mass, time, volume), each is converted to that kind's
base unit and the sizes compared, exactly (a decimal is the fraction it writes); a side in
another form (a bare number, an expression) is left to the other rules.

Units on their own (the answer to "what is the unit of density?") are compared as products of
powers of unit symbols: `g/cm3`, `g/cm³` and `g cm^-3` are one unit (a digit right after a unit
symbol is its power, as mark schemes write `cm3`), `kg m²s⁻²` is `kg m^2 s^-2`. Algebra reads
`cm3` as c*m*3 and `g/cm3` as g/(3cm); this reading applies only when both sides are nothing
but unit symbols, and one of them writes a unit of two letters or more, a power as a bare digit,
or a "/".
"""

from __future__ import annotations

import re
from fractions import Fraction

# unit -> (kind, size in the kind's base unit); "m" is the metre: minutes are "min"
_UNITS = {"mm": ("length", Fraction(1, 1000)), "cm": ("length", Fraction(1, 100)),
          "dm": ("length", Fraction(1, 10)), "m": ("length", Fraction(1)),
          "km": ("length", Fraction(1000)), "mg": ("mass", Fraction(1, 1000)),
          "g": ("mass", Fraction(1)), "kg": ("mass", Fraction(1000)),
          "ms": ("time", Fraction(1, 1000)), "s": ("time", Fraction(1)),
          "min": ("time", Fraction(60)), "h": ("time", Fraction(3600)),
          "ml": ("volume", Fraction(1, 1000)), "l": ("volume", Fraction(1))}
_TERM = re.compile(r"\s*([+-]?)\s*(\d+(?:\.\d+)?)\s*(?:\\(?:text|mathrm|mbox)\s*\{\s*([A-Za-z]+)\s*\}"
                   r"|([A-Za-z]+))\s*")


def same_quantity(gold: str, answer: str) -> bool | None:
    """Equal sizes of one kind; False across kinds or sizes; None unless both are quantities."""
    g, a = _size(gold), _size(answer)
    if g is None or a is None:
        return None
    return g == a


def _size(s: str) -> tuple[str, Fraction] | None:
    """(kind, size in the base unit) of a sum of quantities ("2 m + 3 m", "500 cm")."""
    s = s.strip().strip("$").strip()
    total, kind, at = Fraction(0), None, 0
    while at < len(s):
        m = _TERM.match(s, at)
        if not m or (at and not m.group(1)):
            return None  # not a term, or two terms without a sign between them
        name = m.group(3) or m.group(4)
        unit = _UNITS.get(name.lower() if name in ("L", "mL") else name)  # litres in capitals
        if unit is None or kind not in (None, unit[0]):
            return None
        kind = unit[0]
        total += (-1 if m.group(1) == "-" else 1) * Fraction(m.group(2)) * unit[1]
        at = m.end()
    return (kind, total) if kind else None


_SYMBOLS = ("mol", "min", "kg", "mg", "km", "cm", "mm", "dm", "ms", "Pa", "Hz", "mL", "ml", "m", "g", "s",
            "h", "N", "J", "W", "K", "A", "V", "C", "L")
_UNIT_TOKEN = re.compile(
    r"\s*(?:\\cdot|\*|·|⋅)?\s*(" + "|".join(_SYMBOLS) + r")(?![A-Za-z])"
    r"(?:\s*\^\s*(?:\{\s*([+-]?\d+)\s*\}|\(\s*([+-]?\d+)\s*\)|([+-]?\d+))"
    r"|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)|(\d+))?\s*")
_SUPER = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")


def same_unit_product(gold: str, answer: str) -> bool | None:
    """Whether two units written on their own are the same product of powers (module doc);
    None unless both sides are units and one uses a form algebra misreads."""
    g, a = _unit_powers(gold), _unit_powers(answer)
    if g is None or a is None:
        return None
    if not any(re.search(r"[A-Za-z]{2}|[A-Za-z]\d|/", _bare(t)) for t in (gold, answer)):
        return None
    return g == a


def _bare(s: str) -> str:
    return re.sub(r"\\(?:text|mathrm|rm)\s*\{([^{}]*)\}|[$~]", r"\1", s).strip()


def _unit_powers(s: str) -> dict[str, int] | None:
    """{symbol: power} of a unit written on its own ("g/cm3" -> {g: 1, cm: -3}), or None."""
    s = _bare(s)
    num, _, den = s.partition("/")
    den = den.strip()
    if den.startswith("(") and den.endswith(")"):
        den = den[1:-1]
    powers: dict[str, int] = {}
    for part, sign in ((num, 1), (den, -1)):
        if "/" in part or (sign == -1 and not part and "/" in s):
            return None
        at = 0
        while at < len(part):
            m = _UNIT_TOKEN.match(part, at)
            if not m or m.end() == at:
                return None
            raw = next((x for x in m.groups()[1:] if x), "1")
            powers[m.group(1)] = powers.get(m.group(1), 0) + sign * int(raw.translate(_SUPER))
            at = m.end()
    return {k: v for k, v in powers.items() if v} if powers else None
