"""Sets of reals written as intervals joined by set operations, as courseware types them.

WeBWorK-style answers spell the set algebra in plain text: `(1,5] U [2,7)` for a union, `R` for
the real line, `infinity` for the unbounded end, `(0,6]-(0,2]` for a set difference. math-verify
reads `U` as a letter and leaves a LaTeX `\\setminus` unevaluated, so `(1,5] U [2,7)` against
`(1,7)` and `(0,6]-(0,2]` against `(2,6]` were false negatives.

`same_interval_set` parses both sides into evaluated sympy sets (each operation applied left to
right, as WeBWorK does) and compares the sets themselves. Set-builder notation over one variable
with numeric bounds is read too (`{x | x <= -5 or 2 < x <= 7}` is `(-inf,-5] U (2,7]`; "or"
a union, "and" an intersection): `(1,2) U (2,3)` is not `(1,3)` (2 is
missing), `R-[-1,1]` is `(-infinity,-1) U (1,infinity)`. It answers only when one side shows set
algebra (an operator, the reals, an infinite end or a half-open bracket), so a plain `(1,7)`
against `(1,7)` (which may be a point) is left to the other rules; endpoints are numbers or
plain arithmetic on them, nothing symbolic.
"""

from __future__ import annotations

import re
from typing import Any

_INF = r"[-+]?\s*(?:\\infty|infinity|inf|oo|∞)"
_NUM = r"[-+]?\s*[\d.]+(?:\s*/\s*[\d.]+)?"
_END = rf"(?:{_INF}|{_NUM})"
_INTERVAL = re.compile(rf"\s*(?:\\left)?([\[(])\s*({_END})\s*,\s*({_END})\s*(?:\\right)?([\])])\s*")
_REALS = re.compile(r"\s*(?:R|ℝ|\\mathbb\s*\{?R\}?|\\R)\s*(?![A-Za-z])")
_OP = re.compile(r"\s*(\\cup|∪|U|\\setminus|\\backslash|-|∩|\\cap)\s*")
_SHOWS_SET_ALGEBRA = re.compile(rf"\\cup|∪|\bU\b|\\setminus|\bR\b|ℝ|\\mathbb|{_INF}|\[[^\]]*\)|\([^)]*\]")


def _end(text: str) -> Any:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    t = re.sub(r"\s+", "", text)
    if re.fullmatch(_INF, t):
        return -sympy.oo if t.startswith("-") else sympy.oo
    num, _, den = t.partition("/")
    value = sympy.Rational(num) / (sympy.Rational(den) if den else 1)
    return value


def _term(s: str, pos: int) -> tuple[Any, int] | None:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    m = _INTERVAL.match(s, pos)
    if m:
        lo, hi = _end(m.group(2)), _end(m.group(3))
        if lo > hi:
            return None
        return sympy.Interval(lo, hi, m.group(1) == "(", m.group(4) == ")"), m.end()
    m = _REALS.match(s, pos)
    return (sympy.S.Reals, m.end()) if m else None


_BUILDER = re.compile(r"\s*\\?\{\s*([A-Za-z])\s*(?:\||\\mid|:)\s*(.+?)\s*\\?\}\s*")
_COMPARE = re.compile(r"\s*(<=|>=|≤|≥|<|>|\\leq?|\\geq?|\\lt|\\gt)\s*")
_LOWER = {"<": (True, False), "<=": (True, True), "≤": (True, True), "\\le": (True, True),
          "\\leq": (True, True), "\\lt": (True, False), ">": (False, False),
          ">=": (False, True), "≥": (False, True), "\\ge": (False, True),
          "\\geq": (False, True), "\\gt": (False, False)}


def _condition(var: str, text: str) -> Any:
    """The reals satisfying a chain of comparisons of `var` with numbers (`2 < x <= 7`), or
    None when it is anything else."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    parts = _COMPARE.split(text.strip())
    if len(parts) < 3 or len(parts) % 2 == 0:
        return None
    result = sympy.S.Reals
    for i in range(0, len(parts) - 2, 2):
        left, op, right = parts[i].strip(), parts[i + 1], parts[i + 2].strip()
        ascending, closed = _LOWER[op]
        if left == var and re.fullmatch(_END, right):
            bound, var_below = _end(right), ascending
        elif right == var and re.fullmatch(_END, left):
            bound, var_below = _end(left), not ascending
        else:
            return None
        part = (sympy.Interval(-sympy.oo, bound, True, not closed) if var_below
                else sympy.Interval(bound, sympy.oo, not closed, True))
        result = sympy.Intersection(result, part)
    return result


def _set_builder(text: str) -> Any:
    """`{x | x <= -5 or 2 < x <= 7}` as a sympy set, or None when `text` is not that form."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    m = _BUILDER.fullmatch(text)
    if m is None:
        return None
    result = sympy.S.EmptySet
    for option in re.split(r"\s+or\s+|\\lor|\\vee|∨", m.group(2)):
        part = sympy.S.Reals
        for cond in re.split(r"\s+and\s+|\\land|\\wedge|∧", option):
            c = _condition(m.group(1), cond)
            if c is None:
                return None
            part = sympy.Intersection(part, c)
        result = sympy.Union(result, part)
    return result


def parse_interval_set(text: str) -> Any:
    """The set `text` writes (sympy, evaluated), or None when it is not intervals and set
    operations only."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    s = text.strip().strip("$").strip()
    if _BUILDER.fullmatch(s):
        return _set_builder(s)
    first = _term(s, 0)
    if first is None:
        return None
    result, pos = first
    while pos < len(s):
        op = _OP.match(s, pos)
        nxt = _term(s, op.end()) if op else None
        if nxt is None:
            return None
        other, pos = nxt
        name = op.group(1)
        if name in ("\\cup", "∪", "U"):
            result = sympy.Union(result, other)
        elif name in ("∩", "\\cap"):
            result = sympy.Intersection(result, other)
        else:
            result = sympy.Complement(result, other)
    return result


def same_interval_set(gold: str, answer: str) -> bool | None:
    """Whether the two write the same set of reals; None when this reading does not apply."""
    if not (_SHOWS_SET_ALGEBRA.search(gold) or _SHOWS_SET_ALGEBRA.search(answer)
            or _BUILDER.fullmatch(gold) or _BUILDER.fullmatch(answer)):
        return None
    try:
        g, a = parse_interval_set(gold), parse_interval_set(answer)
    except (TypeError, ValueError, ArithmeticError):
        return None
    if g is None or a is None:
        return None
    return bool(g == a or (g.is_subset(a) and a.is_subset(g)))
