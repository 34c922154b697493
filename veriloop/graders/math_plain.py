"""Plain-text algebra as students type it (Oppia-style inputs), read as the math it writes.

math-verify reads LaTeX and Python-like expressions; typed algebra has forms it misreads, each
rewritten or recognised here before it parses either side:

- Greek letters spelled out (`theta^2`, `(rho+g)**2`) are one variable each: read as letters
  they were products, and a power bound to the last letter alone (`rho**2` as r*h*o**2).
- Letters after a number inside an expression (`2bc`, `x + 2ab`) are variables: math-verify
  drops some such runs as units ("2bc" read as 2), so a gold `a^2+2bc` lost its last term.
- A tuple written with semicolons (`(x;y) = (2;3)`, the decimal-comma countries' notation) is
  a tuple: its semicolons are commas when the text holds no comma.
- A value named by a word (`ans = 7`, `total = 12`) is that value: read as an equation, `ans`
  was the product a*n*s and the answer a statement, not a value.
- A product of single letters written without a sign (`yx`, `x(yz)`) is a product: read as
  text it was a word, and no answer was found in it. Only letters and brackets qualify, and the
  two sides then compare by the letters they multiply (the product is commutative and
  associative), so `ab` is `ba` and never `ac`.
- Arithmetic on named quantities (`mass * acceleration + force`) keeps each name whole: read
  as text it was prose with no answer, and read as math a name was the product of its letters,
  so a misspelt `forec` equalled `force`.
"""

from __future__ import annotations

import re
from collections import Counter

GREEK = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
         "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi",
         "omega")
_GREEK_NAME = re.compile(r"(?<![\\A-Za-z])(" + "|".join(sorted(GREEK, key=len, reverse=True))
                         + r")(?![A-Za-z])")
# names a run of letters after a number may be: functions, constants, words and units
_NAMES = frozenset(["or", "and", "in", "pi", "inf", "infty", "mod", "sin", "cos", "tan", "cot",
                    "sec", "csc", "log", "ln", "exp", "sqrt", "abs", "cm", "mm", "km", "kg", "mg",
                    "min", "hr", "ft", "deg", *GREEK])
_LETTER_RUN = re.compile(r"(?<=\d)([A-Za-z]{2,})(?![A-Za-z({\\])")
_IN_EXPRESSION = re.compile(r"[^\s]\s*[-+*/=^]|\\(?:frac|cdot|times)")
_BRACKETED = re.compile(r"[(\[][^()\[\]]*;[^()\[\]]*[)\]]")
_NAMED_VALUE = re.compile(r"^\s*([A-Za-z][A-Za-z_]+)\s*=\s*([^=<>]+)$")
_LETTERS_ONLY = re.compile(r"[A-Za-z()]{2,14}")


def greek_names(s: str) -> str:
    """`theta^2` -> `\\theta ^2`: a Greek letter's name as its LaTeX command (module doc)."""
    return _GREEK_NAME.sub(lambda m: "\\" + m.group(1) + " ", s)


def letters_after_numbers(s: str) -> str:
    """`x + 2bc` -> `x + 2{b}{c}`: in an expression, a run of letters after a number is a
    product of variables unless it names a function, a constant or a unit (module doc)."""
    if not _IN_EXPRESSION.search(s):
        return s  # "5 cm", "3 apples": a lone number's words are decided by `drop_units`

    def braced(m: re.Match[str]) -> str:
        run = m.group(1)
        return run if run.lower() in _NAMES else "".join("{" + c + "}" for c in run)

    return _LETTER_RUN.sub(braced, s)


def semicolon_tuples(s: str) -> str:
    """`(x;y) = (2;3)` -> `(x, y) = (2, 3)` when the text holds no comma (module doc)."""
    if "," in s or ";" not in s:
        return s
    return _BRACKETED.sub(lambda m: re.sub(r"\s*;\s*", ", ", m.group(0)), s)


def named_value(s: str) -> str | None:
    """The value in `ans = 7` (a name of two letters or more, then one value), else None."""
    m = _NAMED_VALUE.match(s)
    if not m or m.group(1).lower() in _NAMES:
        return None
    return m.group(2).strip()


def same_letter_product(gold: str, answer: str | None) -> bool | None:
    """Two products of single letters written without a sign (`(xy)z`, `x(yz)`), or with one
    (`x * y * z`, `x \\cdot y`): equal when they multiply the same letters, each as often; None
    when either side is something else."""
    if answer is None:
        return None
    g, a = (re.sub(r"\s|\*|\\cdot|\\times", "", s) for s in (gold, answer))
    signed = g != re.sub(r"\s", "", gold) or a != re.sub(r"\s", "", answer)
    if not (_LETTERS_ONLY.fullmatch(g) and _LETTERS_ONLY.fullmatch(a)) or (
            g.lower() == a.lower() and not (signed and g == a)):
        return None
    if not all(_balanced(s) for s in (g, a)):
        return None
    return Counter(c for c in g if c.isalpha()) == Counter(c for c in a if c.isalpha())


def _balanced(s: str) -> bool:
    depth = 0
    for c in s:
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth < 0:
            return False
    return depth == 0


_WORD_EXPRESSION = re.compile(r"[A-Za-z0-9.\s+\-*/^()]{3,120}")
_WORD = re.compile(r"[A-Za-z]+")


def word_expression(s: str) -> bool:
    """Arithmetic on named quantities ("mass * acceleration + force"): names of two or more
    letters, an operator between every two names, nothing else but numbers and brackets."""
    s = s.strip()
    if not _WORD_EXPRESSION.fullmatch(s) or re.search(r"[A-Za-z0-9)]\s+[A-Za-z(]", s):
        return False
    words = _WORD.findall(s)
    return (any(len(w) >= 2 for w in words) and not any(w.lower() in _NAMES for w in words)
            and _balanced(s) and bool(re.search(r"[+\-*/^]", s)))


def same_word_expression(gold: str, answer: str | None) -> bool | None:
    """Whether two arithmetic expressions on named quantities are equal, each name one variable
    (`word_expression`); None unless both sides are such expressions. math-verify reads a name
    as the product of its letters, so "forec" equalled "force" and "mass" was m*a*s^2."""
    if answer is None or not (word_expression(gold) and word_expression(answer)):
        return None
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)
    from sympy.parsing.sympy_parser import parse_expr, standard_transformations

    def read(t: str) -> object:
        names = {w: sympy.Symbol(w) for w in _WORD.findall(t)}
        allowed = {"Integer": sympy.Integer, "Float": sympy.Float, "Rational": sympy.Rational}
        return parse_expr(t.replace("^", "**"), local_dict=names, global_dict=allowed,
                          transformations=standard_transformations)

    try:
        g, a = read(gold), read(answer)
        return bool(sympy.simplify(g - a) == 0)
    except (SyntaxError, TypeError, ValueError, ZeroDivisionError, sympy.SympifyError):
        return None
