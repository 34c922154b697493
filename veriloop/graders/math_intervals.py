"""Sets of reals written as intervals joined by set operations, as courseware types them.

WeBWorK-style answers spell the set algebra in plain text: `(1,5] U [2,7)` for a union, `R` for
the real line, `infinity` for the unbounded end, `(0,6]-(0,2]` for a set difference. math-verify
reads `U` as a letter and leaves a LaTeX `\\setminus` unevaluated, so `(1,5] U [2,7)` against
`(1,7)` and `(0,6]-(0,2]` against `(2,6]` were false negatives.

`same_interval_set` parses both sides into evaluated sympy sets (each operation applied left to
right, as WeBWorK does, a bracketed part first) and compares the sets themselves. Finite sets of
numbers are terms too (`{1,2} \\cap {2,3}` is `{2}`, `({1,2} \\cup {3,4}) \\cap {2,3}` is `{2,3}`).
Set-builder notation over one variable with numeric bounds is read too (`{x | x <= -5 or 2 < x
<= 7}` is `(-inf,-5] U (2,7]`; "or" a union, "and" an intersection): `(1,2) U (2,3)` is not
`(1,3)` (2 is missing), `R-[-1,1]` is `(-infinity,-1) U (1,infinity)`. Against such a set, a condition on one
unknown written without braces (`-2 \\le x < 1` for `{x | -2 \\le x < 1}`) is the set it
describes, and a condition may compare an expression in the unknown with numbers
(`-2 \\le \\sin(x) \\le 1` is all of the reals), solved by sympy over the reals. It answers only when one side shows set
algebra (an operator, the reals, an infinite end or a half-open bracket), so a plain `(1,7)`
against `(1,7)` (which may be a point) is left to the other rules; endpoints are numbers or
plain arithmetic on them, nothing symbolic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

_INF = r"[-+]?\s*(?:\\infty|infinity|inf|oo|∞)"
_NUM = r"[-+]?\s*[\d.]+(?:\s*/\s*[\d.]+)?"
_END = rf"(?:{_INF}|{_NUM})"
_INTERVAL = re.compile(rf"\s*(?:\\left)?([\[(])\s*({_END})\s*,\s*({_END})\s*(?:\\right)?([\])])\s*")
_REALS = re.compile(r"\s*(?:R|ℝ|\\mathbb\s*\{?R\}?|\\R)\s*(?![A-Za-z])")
_OP = re.compile(r"\s*(\\cup|∪|U|\\setminus|\\backslash|-|∩|\\cap)\s*")
_SHOWS_SET_ALGEBRA = re.compile(
    rf"\\cup|∪|\bU\b|\\cap|∩|\\setminus|\bR\b|ℝ|\\mathbb|{_INF}|\[[^\]]*\)|\([^)]*\]")


def _end(text: str) -> Any:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    t = re.sub(r"\s+", "", text)
    if re.fullmatch(_INF, t):
        return -sympy.oo if t.startswith("-") else sympy.oo
    num, _, den = t.partition("/")
    value = sympy.Rational(num) / (sympy.Rational(den) if den else 1)
    return value


_FINITE = re.compile(rf"\s*\\?\{{\s*((?:{_NUM})(?:\s*,\s*(?:{_NUM}))*)?\s*\\?\}}\s*")
_OPEN_GROUP = re.compile(r"\s*(?:\\left)?\((?=\s*(?:\\?\{|\(|\[|\\left))")
_CLOSE_GROUP = re.compile(r"\s*(?:\\right)?\)\s*")


def _term(s: str, pos: int) -> tuple[Any, int] | None:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    m = _OPEN_GROUP.match(s, pos)  # "({1,2} \\cup {3,4}) \\cap {2,3}": a bracketed set expression
    if m:
        inner = _expression(s, m.end())
        if inner is not None:
            close = _CLOSE_GROUP.match(s, inner[1])
            if close:
                return inner[0], close.end()
    m = _FINITE.match(s, pos)  # "{1,2}": a finite set of numbers
    if m:
        members = [_end(x) for x in m.group(1).split(",")] if m.group(1) else []
        return sympy.FiniteSet(*members), m.end()
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


Parse = Callable[[str], list[Any]]
# a relation command run into the variable after it, as golds write it: "-2\\lex<1"
_GLUED = re.compile(r"\\(leq|geq|le(?!q)|ge(?!q)|lt|gt)([A-Za-z])(?![A-Za-z])")
_RELATION = {"<": "Lt", "<=": "Le", "≤": "Le", "\\le": "Le", "\\leq": "Le", "\\lt": "Lt",
             ">": "Gt", ">=": "Ge", "≥": "Ge", "\\ge": "Ge", "\\geq": "Ge", "\\gt": "Gt"}


def _condition(var: str, text: str, parse: Parse | None = None) -> Any:
    """The reals satisfying a chain of comparisons of `var` with numbers (`2 < x <= 7`), or of an
    expression in `var` with numbers when `parse` reads it (`-2 \\le \\sin(x) \\le 1`, solved
    over the reals), or None when it is anything else."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    parts = _COMPARE.split(_GLUED.sub(r"\\\1 \2", text.strip()))
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
            solved = _solved(var, left, op, right, parse)
            if solved is None:
                return None
            result = sympy.Intersection(result, solved)
            continue
        part = (sympy.Interval(-sympy.oo, bound, True, not closed) if var_below
                else sympy.Interval(bound, sympy.oo, not closed, True))
        result = sympy.Intersection(result, part)
    return result


def _solved(var: str, left: str, op: str, right: str, parse: Parse | None) -> Any:
    """The reals where `left op right` holds, one side a number and the other an expression in
    `var` alone; None when that is not the form or sympy cannot solve it."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if parse is None or not (re.fullmatch(_END, left) or re.fullmatch(_END, right)):
        return None
    sides, unknown = [], None
    for side in (left, right):
        if re.fullmatch(_END, side):
            sides.append(_end(side))
            continue
        parsed = [x for x in parse(side) if isinstance(x, sympy.Expr)]
        names = parsed[0].free_symbols if parsed else set()
        if len(names) != 1 or str(next(iter(names))) != var:
            return None
        sides.append(parsed[0])
        unknown = next(iter(names))
    if unknown is None:
        return None
    solved = sympy.solveset(getattr(sympy, _RELATION[op])(*sides), unknown, sympy.S.Reals)
    return None if isinstance(solved, sympy.ConditionSet) else solved


def _conditions(var: str, text: str, parse: Parse | None) -> Any:
    """The reals satisfying comparisons joined by "or" (a union) and "and" (an intersection)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    result = sympy.S.EmptySet
    for option in re.split(r"\s+or\s+|\\lor|\\vee|∨", text):
        part = sympy.S.Reals
        for cond in re.split(r"\s+and\s+|\\land|\\wedge|∧", option):
            c = _condition(var, cond, parse)
            if c is None:
                return None
            part = sympy.Intersection(part, c)
        result = sympy.Union(result, part)
    return result


def _set_builder(text: str, parse: Parse | None = None) -> Any:
    """`{x | x <= -5 or 2 < x <= 7}` as a sympy set, or None when `text` is not that form."""
    m = _BUILDER.fullmatch(text)
    return None if m is None else _conditions(m.group(1), m.group(2), parse)


def _bare_condition(text: str, parse: Parse | None) -> Any:
    """A condition on one unknown written without braces (`-2 \\le x < 1`, `x < 0 or x > 2`)
    as the set of reals satisfying it, or None."""
    s = re.sub(r"\\(?:left|right)(?![A-Za-z])", "", _GLUED.sub(r"\\\1 \2", text.strip().strip("$")))
    if not _COMPARE.search(s) or "," in s:
        return None
    words = re.sub(r"\\[A-Za-z]+|\b(?:or|and)\b", " ", s)
    letters = set(re.findall(r"(?<![A-Za-z])[A-Za-z](?![A-Za-z])", words))
    if len(letters) != 1 or re.search(r"[A-Za-z]{2}", words):
        return None
    return _conditions(letters.pop(), s, parse)


def parse_interval_set(text: str, parse: Parse | None = None) -> Any:
    """The set `text` writes (sympy, evaluated), or None when it is not intervals and set
    operations only. With `parse`, set-builder conditions may hold expressions in the unknown."""

    s = text.strip().strip("$").strip()
    if _BUILDER.fullmatch(s):
        return _set_builder(s, parse)
    read = _expression(s, 0)
    return read[0] if read is not None and read[1] == len(s) else None


def _expression(s: str, pos: int) -> tuple[Any, int] | None:
    """The set of the terms and operations from `pos` on, applied left to right, and where it
    stops (the end of `s`, or a closing bracket of a group); None when a term is not a set."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    first = _term(s, pos)
    if first is None:
        return None
    result, pos = first
    while pos < len(s) and not _CLOSE_GROUP.match(s, pos):
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
    return result, pos


def same_interval_set(gold: str, answer: str, parse: Parse | None = None) -> bool | None:
    """Whether the two write the same set of reals; None when this reading does not apply. A
    side that is a bare condition on one unknown (`-2 \\le x < 1`) is the set it describes when
    the other side is a set (set-builder, or intervals with set algebra)."""
    if not (_SHOWS_SET_ALGEBRA.search(gold) or _SHOWS_SET_ALGEBRA.search(answer)
            or _BUILDER.fullmatch(gold) or _BUILDER.fullmatch(answer)):
        return None
    try:
        g, a = parse_interval_set(gold, parse), parse_interval_set(answer, parse)
        if (g is None) != (a is None):  # one side a set: the other may be its condition
            g = _bare_condition(gold, parse) if g is None else g
            a = _bare_condition(answer, parse) if a is None else a
    except (TypeError, ValueError, ArithmeticError, NotImplementedError):
        return None
    if g is None or a is None:
        return None
    return bool(g == a or (g.is_subset(a) and a.is_subset(g)))
