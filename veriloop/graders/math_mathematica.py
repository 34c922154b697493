"""Answers and golds written in Mathematica's syntax (the Wolfram Language), read by sympy.

A model that learned from Mathematica notebooks, or a gold exported from one, writes functions
with capitalised names and square brackets: `Sin[x]^2`, `ArcSin[Cos[0]]`, `Sqrt[2]`,
`Log[2, 4]` (the base first), `Log2[16]`, `CubeRoot[-5]` (the real root, -5^(1/3)),
`Max[1, -2, 3]`, `Rational[2, 19]`, with `Pi` and `E` for the constants. math-verify reads
none of it: `Sin[x]^2` is the letters S, i, n times the interval or list `[x]`, and a word in
front of brackets is dropped as a unit, so `Rational[2,19]` read as the list 2, 19.

When either side applies such a function (every capitalised name before a `[` is one of the
heads below), both sides are rewritten as sympy's plain syntax and read by `math_cas.read_cas`
(with its limits on what text it evaluates), then compared by their difference or by
evaluation. Brackets keep their meaning elsewhere: `[0, 1]` with no head before it is an
interval or a list, and a text with an unknown head (`Integrate[...]`, `F[2]`) is left to the
other rules. `I` is not read as the imaginary unit (a convention of that system, documented with
collection 21: `suite_pairs_c21.LEFT_OUT`).

The same heads with round brackets are the same functions: Symja and Mathematica's relaxed
input write `ArcCos(Cos(5))`, `Sqrt(Pi)`, `Abs(E-Pi)`, which math-verify read as products of
letters. The other side's `Pi` and `E` are then the constants too (`-E+Pi` against
`Abs(E-Pi)`). Heads that only rewrite a value keep it: `Apart[f, x]`, `Together`, `Expand`,
`Factor`, `Simplify`, `FullSimplify`, `Cancel` stand for their argument, so `Apart[1/(x^2-1)]`
is compared as `1/(x^2-1)` (an equal value in another form, as any form is).
"""

from __future__ import annotations

import re

from veriloop.graders.math_cas import numbers_agree, read_cas, settled_exactly
from veriloop.graders.math_numeric import agree_numerically

# Mathematica heads and their sympy names (one argument unless said)
_HEADS = {"Sin": "sin", "Cos": "cos", "Tan": "tan", "Cot": "cot", "Sec": "sec", "Csc": "csc",
          "ArcSin": "asin", "ArcCos": "acos", "ArcTan": "atan", "ArcCot": "acot",
          "Sinh": "sinh", "Cosh": "cosh", "Tanh": "tanh", "ArcSinh": "asinh", "ArcCosh": "acosh",
          "ArcTanh": "atanh", "Exp": "exp", "Sqrt": "sqrt", "Abs": "Abs", "Floor": "floor",
          "Ceiling": "ceiling", "Factorial": "factorial", "Binomial": "binomial", "Max": "Max",
          "Min": "Min", "Log": "log", "Log2": "log2", "Log10": "log10", "Rational": "Rational",
          "CubeRoot": "real_root", "Apart": "same", "Together": "same", "Expand": "same",
          "ExpandAll": "same", "Factor": "same", "Simplify": "same", "FullSimplify": "same",
          "Cancel": "same"}
_HEAD = re.compile(r"(?<![A-Za-z0-9_\x01])([A-Z][A-Za-z]*\d*)\s*([\[(])")
_CLOSE = {"[": "]", "(": ")"}
_CONSTANTS = re.compile(r"(?<![A-Za-z0-9_])(Pi|E|Infinity)(?![A-Za-z0-9_])")


def _closing(s: str, i: int, opening: str) -> int | None:
    """Index of the bracket closing the `opening` one just before position i."""
    depth = 1
    for j in range(i, len(s)):
        depth += {opening: 1, _CLOSE[opening]: -1}.get(s[j], 0)
        if depth == 0:
            return j
    return None


def _arguments(s: str) -> list[str]:
    """`s` split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for j, c in enumerate(s):
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(c, 0)
        if c == "," and depth == 0:
            parts.append(s[start:j])
            start = j + 1
    return [p.strip() for p in [*parts, s[start:]]]


def _call(head: str, args: list[str]) -> str | None:
    name = _HEADS[head]
    if name == "log":
        if len(args) == 2:  # Log[b, x]: the base comes first
            return f"(log({args[1]})/log({args[0]}))"
        return f"log({args[0]})" if len(args) == 1 else None
    if name in ("log2", "log10"):
        return f"(log({args[0]})/log({name[3:]}))" if len(args) == 1 else None
    if name == "real_root":  # CubeRoot[-5] is the real root, -5^(1/3), not the principal one
        return f"real_root({args[0]}, 3)" if len(args) == 1 else None
    if name == "Rational":
        return f"(({args[0]})/({args[1]}))" if len(args) == 2 else None
    if name == "same":  # `Apart[f, x]`: the value of f, rewritten
        return f"({args[0]})" if len(args) in (1, 2) else None
    if name in ("Max", "Min", "binomial"):
        return f"{name}({', '.join(args)})"
    return f"{name}({args[0]})" if len(args) == 1 else None


def to_sympy_syntax(s: str) -> str | None:
    """`s` in sympy's plain syntax when it applies a Mathematica function (module doc), else
    None."""
    heads = [h for h, _ in _HEAD.findall(s)]
    if not heads or any(h not in _HEADS for h in heads):
        return None
    while (found := list(_HEAD.finditer(s))):
        m = found[-1]  # the last head holds no other
        end = _closing(s, m.end(), m.group(2))
        if end is None:
            return None
        call = _call(m.group(1), _arguments(s[m.end():end]))
        if call is None:
            return None
        # marked done: sympy's `Abs(...)`, `Max(...)` are heads again with round brackets
        s = s[:m.start()] + "\x01" + call + s[end + 1:]
    if "[" in s or "]" in s:
        return None
    return _constants(s.replace("\x01", ""))


def _constants(s: str) -> str:
    """Mathematica's `Pi`, `E` and `Infinity` (and `π`) in sympy's names."""
    s = _CONSTANTS.sub(lambda c: {"Pi": "pi", "E": "E", "Infinity": "oo"}[c.group(1)], s)
    return s.replace("π", "pi")


def same_mathematica_value(gold: str, answer: str) -> bool | None:
    """Whether gold and answer are equal when either is written in Mathematica syntax; None
    when neither is, or a side cannot be read."""
    g_text, a_text = to_sympy_syntax(gold), to_sympy_syntax(answer)
    if g_text is None and a_text is None:
        return None
    g = read_cas(g_text if g_text is not None else _constants(gold))
    a = read_cas(a_text if a_text is not None else _constants(answer))
    if g is None or a is None:
        return None
    settled = settled_exactly(g, a)
    return settled if settled is not None else bool(numbers_agree(g, a)
                                                    or agree_numerically(g, a))
