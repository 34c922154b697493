"""Cheap size bounds on an answer, checked BEFORE any symbolic work.

sympy has no cost model: `10^{10^{10}}`, `(10^6)!` or a few hundred nested parentheses make
parsing or simplification run until the worker is killed at its timeout (5-7 s a check). A
policy that learns such answers turns every check it makes into a timeout. These string-level
bounds reject them in microseconds with a verdict (`too_complex: ...`), wrong like any
non-answer. Bounds sit far above any answer a math task has (answers of thousands of
characters, towers worth more than 10^5 digits, factorials of numbers above 10^4).

Not a guarantee: an expression can be costly without tripping these (say, a large symbolic
power to expand); the worker pool's hard timeout stays the backstop.
"""

from __future__ import annotations

import math
import re

MAX_CHARS = 2000
MAX_DEPTH = 40          # nesting of (), [], {}
MAX_DIGITS = 100_000    # decimal digits of a numeric power tower's value
MAX_FACTORIAL = 10_000
MAX_LITERAL_DIGITS = 400

_TOWER = re.compile(r"(\d+(?:\.\d+)?)((?:\s*\^\s*(?:\{\s*\d+(?:\.\d+)?\s*\}?|\d+(?:\.\d+)?)"
                    r"(?:\s*\})*)+)")
_FACTORIAL = re.compile(r"(\d+)\s*!|(?<=\))\s*!")


def _depth(s: str) -> int:
    depth = best = 0
    for ch in s:
        if ch in "([{":
            depth += 1
            best = max(best, depth)
        elif ch in ")]}":
            depth = max(0, depth - 1)
    return best


def _tower_digits(base: float, exponents: list[float]) -> float:
    """log10 of base^(e1^(e2^...)), computed from the top with logs; inf when it overflows."""
    value = 1.0
    for e in reversed(exponents):  # the top of the tower first
        try:
            value = e ** value
        except OverflowError:
            return math.inf
        if value > 1e12:
            return math.inf
    return value * math.log10(base) if base > 1 else 0.0


def _numeric_towers(s: str) -> float:
    """The most digits any plain numeric power (`2^{100}`, `10^{10^{10}}`, `9^9^9`) has."""
    # `9**(10**9)` is the same tower as `9^{10^{9}}`: Python's power sign and a parenthesized
    # exponent escaped this bound, and sympy then ran until the worker was killed
    flat = s.replace("**", "^").replace("(", "{").replace(")", "}")
    flat = flat.replace("{", " { ").replace("}", " } ")
    worst = 0.0
    for m in _TOWER.finditer(re.sub(r"\s+", "", flat)):
        exps = [float(x) for x in re.findall(r"\^\{?(\d+(?:\.\d+)?)", m.group(2))]
        worst = max(worst, _tower_digits(float(m.group(1)), exps))
    return worst


def too_complex(s: str) -> str | None:
    """Why `s` is too costly to hand to sympy, or None when it is within bounds."""
    if len(s) > MAX_CHARS:
        return f"{len(s)} characters (limit {MAX_CHARS})"
    if _depth(s) > MAX_DEPTH:
        return f"nesting deeper than {MAX_DEPTH}"
    if any(len(d) > MAX_LITERAL_DIGITS for d in re.findall(r"\d+", s)):
        return f"a number of more than {MAX_LITERAL_DIGITS} digits"
    if _numeric_towers(s) > MAX_DIGITS:
        return f"a power of more than {MAX_DIGITS} digits"
    for m in _FACTORIAL.finditer(s):
        if m.group(1) is not None and int(m.group(1)) > MAX_FACTORIAL:
            return f"factorial of {m.group(1)} (limit {MAX_FACTORIAL})"
        if m.group(1) is None and re.search(r"!|\^", _group_before(s, s.rindex(")", 0, m.start() + 1))):
            return "a factorial of a factorial or power"  # (100!)!, (10^{6})!
    return None


def _group_before(s: str, end: int) -> str:
    """The parenthesized group that closes at s[end] (")"), without its parentheses."""
    depth = 0
    for i in range(end, -1, -1):
        depth += {")": 1, "(": -1}.get(s[i], 0)
        if depth == 0:
            return s[i + 1:end]
    return s[:end]
