"""Answers equal to the gold in value but not acceptable as written: not in simplest form
(`2/4`, `\\sqrt{8}`, `2^3`; asked for with `simplest_form`) or an operation copied from the
question instead of its value (`\\binom{10}{3}` for "Compute $\\binom{10}{3}$.").

Text rules, no parsing, that `math_equiv.check_equivalence` applies beside its value comparison
(moved out of math_equiv.py to keep that file to the comparison itself).
"""

from __future__ import annotations

import math
import re
from collections import Counter


def _normalize_tex(s: str) -> str:
    s = re.sub(r"\\[dt]frac", r"\\frac", s)
    s = re.sub(r"\\left|\\right|\\!|\\,|\\;|\\:|\s+", "", s)
    s = s.replace("\\cdot", "*").replace("\\times", "*").replace("\\%", "%")
    return s.replace("$", "")


def _group(s: str, i: int) -> tuple[str, int] | None:
    """The balanced `{...}` group starting at s[i] (content, index after it), or None."""
    if i >= len(s) or s[i] != "{":
        return None
    depth = 0
    for j in range(i, len(s)):
        depth += {"{": 1, "}": -1}.get(s[j], 0)
        if depth == 0:
            return s[i + 1:j], j + 1
    return None


def _fracs_to_slash(s: str) -> str:
    """`\\frac{A}{B}` -> `(A)/(B)`, innermost first, braces balanced."""
    while (k := s.rfind("\\frac")) != -1:
        num = _group(s, k + 5)
        den = _group(s, num[1]) if num else None
        if not num or not den:
            break
        s = f"{s[:k]}({num[0]})/({den[0]}){s[den[1]:]}"
    return s


def simplest_form_violation(answer: str) -> str | None:
    """Why `answer` is not in simplest form, or None if it is."""
    s = _fracs_to_slash(_normalize_tex(answer))
    for num, den in re.findall(r"\(?(-?\d+)\)?/\(?(-?\d+)\)?(?![\d.])", s):
        p, q = int(num), int(den)
        if q in (0, 1, -1) or q < 0 or math.gcd(p, q) != 1:
            return f"fraction {p}/{q} is not reduced"
    for rad in re.findall(r"\\sqrt\{(\d+)\}", s) + re.findall(r"\\sqrt(\d)(?!\d)", s):
        n = int(rad)
        if n < 2 or any(n % (k * k) == 0 for k in range(2, math.isqrt(n) + 1)):
            return f"radical sqrt({n}) is not simplified"
    if re.search(r"/\(?[^()]*\\sqrt", s):
        return "radical in a denominator"
    pure = re.fullmatch(r"[-+*/^!()0-9{}.%]+", s)
    if pure and not re.fullmatch(r"-?\(?\d+(\.\d+)?\)?(/\(?\d+\)?)?%?", s):
        return f"unevaluated arithmetic {answer!r}"
    return None


# ------------------------------------------------------------------------------ restatement

def restates_question(answer: str, question: str | None) -> bool:
    """The answer is an operation copied verbatim from the question (not a computed value)."""
    if not question:
        return False
    a, q = _normalize_tex(answer), _normalize_tex(question)
    if re.fullmatch(r"-?\d+(\.\d+)?", a) or len(a) < 3:
        return False
    if not re.search(r"[-+*/^!\\(]", a):
        return False
    if a in q:
        return True
    # the same operands as the question, combined but not evaluated ("15% * 80" for "what is
    # 15% of 80?"); needs two or more numbers and an unevaluated form
    nums = Counter(re.findall(r"\d+(?:\.\d+)?", a))
    return (sum(nums.values()) >= 2 and not nums - Counter(re.findall(r"\d+(?:\.\d+)?", q))
            and simplest_form_violation(answer) is not None)
