"""Answer forms that math-verify compares wrongly, read here as plain data first.

- **Clock times**: "08:34 P.M." and "20:34" (and "20:34:00") are one time of day; math-verify
  reads "20:34" as a ratio, and an am/pm suffix as symbols.
- **Matrices and vectors**: `\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}` against `[1, 2]` or
  `(1, 2)`, and `[[1, 2], [3, 4]]` against a 2x2 matrix: math-verify compares a Matrix with a
  list as unequal. Here both become rows of entry strings; the caller compares entry by entry.
  A vector (one row or one column) matches a vector of the same entries in order, except that
  a matrix of one row is a row: it matches no column and no plain list or tuple, which is a
  column vector (also when written transposed, as textbooks write one: `(1, 2)^{\\mathsf T}`).
- **Ratios of three or more numbers**: "1:2:3" and "2:4:6" are one ratio (proportional, with a
  positive factor); math-verify reads "1:2:3" as (1/2)/3. A ratio of two numbers is already the
  value of its quotient ("1:2" is 1/2).
- **Named values against a tuple**: `x = 2, y = 1` is answered by `(2, 1)`, the values in the
  order the names are written, and not by `(1, 2)`: math-verify read both sides as the set
  {1, 2}, so the swapped tuple matched.
- **Letter case**: math-verify folds the case of a variable, so "X" answered "x" and
  "\\pi R^2" answered "\\pi r^2"; different letters are different variables.

String work only; no sympy.
"""

from __future__ import annotations

import re
from fractions import Fraction

_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:\\text\s*\{\s*)?"
                    r"(?:([AaPp])\.?\s*[Mm]\.?)?\s*\}?$")
_CLOCK_12 = re.compile(r"^(?:0?[1-9]|1[0-2]):\d{2}(?::\d{2})?$")  # no am/pm, hour 1-12
_RATIO = re.compile(r"^\s*\d+(?:\.\d+)?(?:\s*:\s*\d+(?:\.\d+)?){2,}\s*$")
_MATRIX_ENV = re.compile(r"^\\begin\{([pbBv]?matrix)\}(.*)\\end\{\1\}$", re.DOTALL)


def _variable_letters(s: str) -> set[str]:
    """Single letters used as names: LaTeX commands, \\text{} blocks and words left out."""
    s = re.sub(r"\\(?:text|mathrm|textbf|mbox|operatorname)\s*\{[^{}]*\}", " ", s)
    s = re.sub(r"\\[A-Za-z]+", " ", s)
    return set(re.findall(r"(?<![A-Za-z])[A-Za-z](?![A-Za-z])", s))


def letter_case_differs(gold: str, answer: str) -> bool:
    """The same variable letters up to case, but not in case ("X" for "x")."""
    g, a = _variable_letters(gold), _variable_letters(answer)
    return g != a and {c.lower() for c in g} == {c.lower() for c in a}


def same_time(gold: str, answer: str) -> bool | None:
    """Whether two clock times are the same time of day; None unless both are clock times.
    A time without am/pm and an hour of 1-12 ("3:30") may be either half of the day."""
    g, a = clock_seconds(gold), clock_seconds(answer)
    if g is None or a is None:
        return None
    if _CLOCK_12.match(_plain(gold)) or _CLOCK_12.match(_plain(answer)):
        return g % (12 * 3600) == a % (12 * 3600)
    return g == a


def same_ratio(gold: str, answer: str) -> bool | None:
    """Whether two ratios of three or more numbers are proportional; None unless both are."""
    g, a = _plain(gold), _plain(answer)
    if not (_RATIO.match(g) and _RATIO.match(a)):
        return None
    gs, as_ = [Fraction(t.strip()) for t in g.split(":")], [Fraction(t.strip()) for t in a.split(":")]
    if len(gs) != len(as_) or 0 in gs or 0 in as_:
        return gs == as_
    return all(x * as_[0] == y * gs[0] for x, y in zip(gs, as_))


def _plain(s: str) -> str:
    return re.sub(r"\\[ ,;!]", " ", s).strip().strip("$").strip()


def clock_seconds(s: str) -> int | None:
    """Seconds after midnight of a clock time ("3:30 PM", "08:34 \\text{P.M.}", "20:34:00"),
    or None when `s` is not one."""
    m = _CLOCK.match(_plain(s))
    if not m:
        return None
    hour, minute, second, half = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0), m.group(4)
    if minute > 59 or second > 59 or hour > 24:
        return None
    if half:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half in "Pp" else 0)
    return (hour * 60 + minute) * 60 + second


def split_top(s: str, sep: str) -> list[str]:
    """`s` split at `sep` outside any (), [], {}."""
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(s):
        ch = s[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and s.startswith(sep, i):
            parts.append(s[start:i])
            start = i + len(sep)
            i += len(sep)
            continue
        i += 1
    parts.append(s[start:])
    return [p.strip() for p in parts]


# a transpose mark after a bracketed list: "(1, 2)^{\mathsf T}", "(1,2)^T", "(1,2)^\top"
_TRANSPOSED = re.compile(r"\^\s*(?:\{\s*)?(?:\\math(?:sf|rm|bf)\s*\{\s*T\s*\}|T|\\top|\\intercal|"
                         r"\\mathsf\s*T)\s*(?:\}\s*)?$")


def matrix_rows(s: str) -> tuple[list[list[str]], bool] | None:
    """(rows of entry strings, written as a LaTeX matrix) for a LaTeX matrix or a bracketed
    list (`[1, 2]`, `(1, 2)`, `[[1, 2], [3, 4]]`, a list written transposed); None for
    anything else."""
    s = re.sub(r"\\left|\\right", "", s).strip().strip("$").strip()
    if s[:1] in "([" and _TRANSPOSED.search(s):
        s = _TRANSPOSED.sub("", s).strip()  # a column vector written as a transposed tuple
    if s.startswith("(") and s.endswith(")") and "\\begin" in s:
        s = s[1:-1].strip()  # "(\\begin{pmatrix} ... \\end{pmatrix})"
    m = _MATRIX_ENV.match(s)
    if m and not re.search(r"\\(?:begin|end)\{", m.group(2)):  # one matrix, not a sum of two
        rows = [r for r in split_top(m.group(2), "\\\\") if r]
        return [split_top(r, "&") for r in rows], True
    if len(s) < 2 or s[0] + s[-1] not in ("[]", "()"):
        return None
    items = split_top(s[1:-1], ",")
    if len(items) < 2 or not all(items):
        return None
    nested = [matrix_rows(x) for x in items]
    if all(n is not None and len(n[0]) == 1 for n in nested):
        rows = [n[0][0] for n in nested if n is not None]
        if len({len(r) for r in rows}) == 1:
            return rows, False
    if any(x[0] in "[(" for x in items):
        return None
    return [items], False


def row_against_column(gold: tuple[list[list[str]], bool], answer: tuple[list[list[str]], bool]
                       ) -> bool:
    """One side is a LaTeX matrix of one row (two entries or more) and the other a column or a
    plain list (a column vector): different shapes, whatever their entries."""
    def row(m: tuple[list[list[str]], bool]) -> bool:
        return m[1] and len(m[0]) == 1 and len(m[0][0]) > 1

    def column(m: tuple[list[list[str]], bool]) -> bool:
        return not m[1] or (len(m[0]) > 1 and all(len(r) == 1 for r in m[0]))

    return (row(gold) and column(answer)) or (row(answer) and column(gold))


def aligned_entries(gold: list[list[str]], answer: list[list[str]]) -> list[tuple[str, str]] | None:
    """Pairs of entries to compare, or None when the shapes differ. Vectors (one row or one
    column) align by position whatever their orientation."""
    def vector(rows: list[list[str]]) -> list[str] | None:
        if len(rows) == 1:
            return rows[0]
        return [r[0] for r in rows] if all(len(r) == 1 for r in rows) else None

    gv, av = vector(gold), vector(answer)
    if gv is not None and av is not None:
        return list(zip(gv, av, strict=True)) if len(gv) == len(av) else None
    if [len(r) for r in gold] != [len(r) for r in answer]:
        return None
    return [(g, a) for gr, ar in zip(gold, answer, strict=True) for g, a in zip(gr, ar, strict=True)]


_NAMED = re.compile(r"\s*([A-Za-z](?:_\{?\w+\}?)?)\s*=\s*([^=]+?)\s*")


def _named_values(s: str) -> list[tuple[str, str]] | None:
    """`x = 2, y = 1` as [(x, 2), (y, 1)]: two names or more, each given once."""
    parts = split_top(s, ",")
    named = [m.groups() for m in map(_NAMED.fullmatch, parts) if m]
    if len(parts) < 2 or len(named) != len(parts) or len({n for n, _ in named}) < len(named):
        return None
    return named


def _tuple_items(s: str) -> list[str] | None:
    """The items of a bracketed tuple or list, `(2, 1)` or `[2, 1]`."""
    s = re.sub(r"\\left|\\right", "", s).strip()
    if len(s) < 2 or s[0] + s[-1] not in ("()", "[]"):
        return None
    items = split_top(s[1:-1], ",")
    return items if len(items) > 1 else None


def named_against_tuple(gold: str, answer: str) -> list[tuple[str, str]] | None:
    """Pairs (gold entry, answer entry) when one side names values (`x = 2, y = 1`) and the
    other lists them in brackets: the tuple's items in the order the names are written; an
    empty list when the counts differ, None for other forms."""
    for named_text, tuple_text, named_is_gold in ((gold, answer, True), (answer, gold, False)):
        named, items = _named_values(named_text), _tuple_items(tuple_text)
        if named is None or items is None:
            continue
        if len(named) != len(items):
            return []
        return [(v, i) if named_is_gold else (i, v) for (_, v), i in zip(named, items, strict=True)]
    return None
