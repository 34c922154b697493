"""Quantities with units compared by their size: `500 cm` is `2 m + 3 m`, `1000 mA` is `1 A`, `1 km/s`
is `1 m/ms`, and `5 m` is not `2 cm + 3 cm`.

Why: the units are dropped before the numbers are compared (`math_extract.drop_units`), which
is right against a bare-number gold ("35 cm" answers 35) and guarded for one unit on each side
(`units_differ`: "12 km" is not "12 m"), but a gold that adds quantities (`2 cm + 3 cm`) names
two units, so neither guard applied and 5 m matched 5 cm; and a quantity in other units of the
same dimension (`10000 cm^2` for `1 m^2`, `1000 N` for `1 kN`) lost to the dropped units. When
both sides are sums of quantities in units of one dimension, each is converted to SI base units
and the sizes compared, exactly (a decimal is the fraction it writes); two quantities in one and the
same unit whose sizes differ are left to the number rules ("1/3 m" is "0.3333333333333333 m", as
1/3 is that double's print). A unit is a product of
powers of unit symbols over at most one "/" (`cm^2`, `m s^-2`, `kg/m3`, `m/ms`); a symbol is an
SI unit (m, g, s, A, K, mol, N, J, W, Pa, Hz, C, V, L, F, Ω, T, Wb, H) with or without an SI
prefix (p .. G), or min and h; the number may be in e-notation ("1e-12 F" is "1 pF"), in standard
form with a times sign ("1\\times 10^3 m") or a fraction ("1/2 km", "\\frac{1}{2} km"); unit names
spelled out are their symbols ("3 meter/second" is "3 m/s"). Lists of quantities ("1 pF, 2 pF")
compare as lists of sizes. A side in another form (a bare number, an expression, a unit word) is left to the
other rules.

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

# a unit symbol -> (size in SI base units, powers of (m, kg, s, A, K, mol)); "m" is the metre,
# minutes are "min"; litres in either case ("L", "l")
_L, _M, _T, _I, _TH, _N = ((1, 0, 0, 0, 0, 0), (0, 1, 0, 0, 0, 0), (0, 0, 1, 0, 0, 0),
                           (0, 0, 0, 1, 0, 0), (0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 1))


def _dim(*parts: tuple[tuple[int, ...], int]) -> tuple[int, ...]:
    return tuple(sum(d[i] * k for d, k in parts) for i in range(6))


_BASE = {"m": (Fraction(1), _L), "g": (Fraction(1, 1000), _M), "s": (Fraction(1), _T),
         "A": (Fraction(1), _I), "K": (Fraction(1), _TH), "mol": (Fraction(1), _N),
         "N": (Fraction(1), _dim((_M, 1), (_L, 1), (_T, -2))),
         "J": (Fraction(1), _dim((_M, 1), (_L, 2), (_T, -2))),
         "W": (Fraction(1), _dim((_M, 1), (_L, 2), (_T, -3))),
         "Pa": (Fraction(1), _dim((_M, 1), (_L, -1), (_T, -2))),
         "Hz": (Fraction(1), _dim((_T, -1),)), "C": (Fraction(1), _dim((_I, 1), (_T, 1))),
         "V": (Fraction(1), _dim((_M, 1), (_L, 2), (_T, -3), (_I, -1))),
         "L": (Fraction(1, 1000), _dim((_L, 3),)), "l": (Fraction(1, 1000), _dim((_L, 3),)),
         "F": (Fraction(1), _dim((_M, -1), (_L, -2), (_T, 4), (_I, 2))),
         "Ω": (Fraction(1), _dim((_M, 1), (_L, 2), (_T, -3), (_I, -2))),
         "T": (Fraction(1), _dim((_M, 1), (_T, -2), (_I, -1))),
         "Wb": (Fraction(1), _dim((_M, 1), (_L, 2), (_T, -2), (_I, -1))),
         "H": (Fraction(1), _dim((_M, 1), (_L, 2), (_T, -2), (_I, -2)))}
_UNPREFIXED = {"min": (Fraction(60), _T), "h": (Fraction(3600), _T)}
_PREFIXES = {"p": Fraction(1, 10**12), "n": Fraction(1, 10**9), "µ": Fraction(1, 10**6),
             "μ": Fraction(1, 10**6), "u": Fraction(1, 10**6), "m": Fraction(1, 1000),
             "c": Fraction(1, 100), "d": Fraction(1, 10), "k": Fraction(1000),
             "M": Fraction(10**6), "G": Fraction(10**9)}
_NUMBER = r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?"  # "1e-12 F": e-notation is a number too
# a new term: a sign, then a number and a unit ("2 m - 30 cm", "2m+3m"); "-" right after a
# letter is a power ("m s-2", "J mol-1 K-1")
_TERM_SPLIT = re.compile(r"(?:(?<=\s)|(?<=[A-Za-zµμ}])(?=\+))(?=[+-]\s*" + _NUMBER + r"\s*[A-Za-zµμ\\])")
_TERM = re.compile(r"\s*([+-]?)\s*(" + _NUMBER + r"(?:/" + _NUMBER + r")?)\s*(.+?)\s*")
# a quantity's number as a LaTeX fraction ("\\frac{1}{2} km") or in standard form with a times sign
# ("1\\times 10^3 m", "2.5 \\cdot 10^{-3} s"): written "1/2" and "1e3" before the terms are read
_LATEX_FRACTION = re.compile(r"\\[dt]?frac\s*\{\s*(" + _NUMBER + r")\s*\}\s*\{\s*(" + _NUMBER + r")\s*\}")
_TIMES_TEN = re.compile(r"(" + _NUMBER + r")\s*(?:\\times|\\cdot|×|\*)\s*10\s*\^\s*(?:\{\s*([+-]?\d+)\s*\}|([+-]?\d+))")
_FACTOR = re.compile(r"([A-Za-zµμΩ]+)(?:\^\s*(?:\{\s*([+-]?\d+)\s*\}|\(\s*([+-]?\d+)\s*\)|([+-]?\d+))"
                     r"|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)|([+-]?\d+))?")


def same_quantity(gold: str, answer: str) -> bool | None:
    """Equal sizes of one dimension; False across dimensions or sizes; None unless both are
    quantities. A list of quantities ("1 pF, 2 pF") matches a list of the same sizes, in any
    order, as lists of numbers do."""
    g, a = _size(gold), _size(answer)
    if g is not None and a is not None:
        if g != a and _one_unit(gold) is not None and _one_unit(gold) == _one_unit(answer):
            return None  # "1/3 m" and "0.3333333333333333 m": in one unit the numbers decide
        return g == a
    gs, as_ = _sizes(gold), _sizes(answer)
    if gs is None or as_ is None:
        return None
    return sorted(gs) == sorted(as_)


def _one_unit(s: str) -> str | None:
    """The unit of a quantity written as one number and one unit ("1/3 m" -> "m"), or None."""
    terms = _TERM_SPLIT.split(_plain(s))
    m = _TERM.fullmatch(terms[0]) if len(terms) == 1 else None
    return re.sub(r"\s+", "", m.group(3)) if m else None


def _sizes(s: str) -> list[tuple[tuple[int, ...], Fraction]] | None:
    """The sizes of a comma list of two quantities or more, or None."""
    parts = s.strip().strip("$").split(",")
    if len(parts) < 2:
        return None
    sizes = []
    for part in parts:
        size = _size(part)
        if size is None:
            return None
        sizes.append(size)
    return sizes


def _size(s: str) -> tuple[tuple[int, ...], Fraction] | None:
    """(dimension, size in SI base units) of a sum of quantities in one dimension ("2 m + 3 m",
    "500 cm", "1000 mA", "1 m/ms"), or None."""
    s = _plain(s)
    if not s:
        return None
    total, dim = Fraction(0), None
    for term in _TERM_SPLIT.split(s):
        m = _TERM.fullmatch(term)
        unit = _unit(m.group(3)) if m else None
        if unit is None or dim not in (None, unit[1]):
            return None
        dim = unit[1]
        top, _, bottom = m.group(2).partition("/")
        if bottom and Fraction(bottom) == 0:
            return None
        number = Fraction(top) / Fraction(bottom or 1)
        total += (-1 if m.group(1) == "-" else 1) * number * unit[0]
    return (dim, total) if dim is not None else None


def _plain(s: str) -> str:
    """A quantity's text without its TeX: units out of text blocks, spaces, the number's fraction
    as "1/2" and its standard form as "1e3"."""
    s = re.sub(r"\\(?:text|mathrm|mbox|rm)\s*\{([^{}]*)\}", r" \1 ", s.strip().strip("$"))
    s = re.sub(r"\\[,;:! ]|~", " ", s).strip()
    s = _LATEX_FRACTION.sub(r"\1/\2", s)
    return _TIMES_TEN.sub(lambda m: m.group(1) + "e" + (m.group(2) or m.group(3)), s)


# unit names spelled out ("3 meter/second", "5 kilometers per hour"), as their symbols
_SPELLED = {"kilometer": "km", "kilometre": "km", "centimeter": "cm", "centimetre": "cm",
            "millimeter": "mm", "millimetre": "mm", "meter": "m", "metre": "m", "kilogram": "kg",
            "milligram": "mg", "gram": "g", "second": "s", "minute": "min", "hour": "h",
            "newton": "N", "joule": "J", "watt": "W", "volt": "V", "ampere": "A", "kelvin": "K",
            "liter": "L", "litre": "L", "pascal": "Pa", "hertz": "Hz"}
_SPELLED_UNIT = re.compile(r"(?<![A-Za-z])(" + "|".join(sorted(_SPELLED, key=len, reverse=True))
                           + r")s?(?![A-Za-z])", re.IGNORECASE)


def _unit(u: str) -> tuple[Fraction, tuple[int, ...]] | None:
    """(size in SI base units, dimension) of a unit written as a product of powers of unit
    symbols over at most one "/" ("cm^2", "km/s", "m s^-2", "kg/m3"), or of unit names spelled
    out ("meter/second", "kilometers per hour"), or None."""
    u = re.sub(r"\\cdot|[*·⋅]", " ", u)
    u = re.sub(r"\s+per\s+", "/", _SPELLED_UNIT.sub(lambda m: _SPELLED[m.group(1).lower()], u))
    num, _, den = u.partition("/")
    den = den.strip()
    if den.startswith("(") and den.endswith(")"):
        den = den[1:-1]
    if "/" in den or (_ and not den):
        return None
    size, dim = Fraction(1), (0,) * 6
    for part, sign in ((num, 1), (den, -1)):
        for token in part.split():
            m = _FACTOR.fullmatch(token)
            base = _symbol(m.group(1)) if m else None
            if base is None:
                return None
            raw = next((x for x in m.groups()[1:] if x), "1")
            power = sign * int(raw.translate(_SUPER))
            size *= base[0] ** power
            dim = tuple(d + power * b for d, b in zip(dim, base[1], strict=True))
    return (size, dim) if any(dim) else None


def _symbol(name: str) -> tuple[Fraction, tuple[int, ...]] | None:
    """A unit symbol, with an SI prefix or without ("mA", "kPa", "MHz", "min"), or None."""
    if name in _UNPREFIXED or name in _BASE:
        return _UNPREFIXED.get(name) or _BASE[name]
    if len(name) > 1 and name[0] in _PREFIXES and name[1:] in _BASE:
        size, dim = _BASE[name[1:]]
        return _PREFIXES[name[0]] * size, dim
    return None


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
