"""Answers and golds written in a computer-algebra system's plain syntax, read by sympy itself.

Golds exported from a CAS, and answers of models that were shown them, name operations the
way sympy does: `factorial(n)`, `factorial2(n)`, `summation(2*k - 1, (k, 1, n))` (or
`sum(...)`), `int(3*x*y, (x, 0, 2))` (or `integrate(...)`), `log(a, b)` for the logarithm of
a to base b. math-verify reads LaTeX and plain arithmetic, not these calls, so it compared
`n!` with the symbol `factorial` times n, and a sum with a tuple. When either side makes such
a call, both are read here as sympy expressions (the sum or integral done), which also reads
`n!` and `n!!` and a product written without `*` (`6y`, `aB`), and compared by their
difference (or by evaluation, `math_numeric.agree_numerically`).

The text is model output, and sympy's parser evaluates Python: it is read only when every
character is arithmetic, brackets, commas and names, no name starts with `_` or follows a `.`,
and names resolve in a namespace of sympy's classes and the functions below only, with no
Python builtins, so `eval(...)` or `open(...)` in an answer is a symbol times a tuple, never a
call. A string literal cannot be written (no quotes), so nothing reaches a nested sympify.
"""

from __future__ import annotations

import re
from typing import Any

from veriloop.graders.math_numeric import agree_numerically

# lazy: sympy is imported inside the functions, as in the other math_* modules: it takes about
# a second to import and only the worker processes that check answers need it

_CALL = re.compile(r"(?<![\w.])(?:factorial2?|summation|sum|integrate|int)\s*\(")
_TWO_ARG_LOG = re.compile(r"(?<![\w.])log\s*\(([^(),]|\([^()]*\))+,")
_ALLOWED_TEXT = re.compile(r"^[\w\s+\-*/^().,!=]*$")
_NAME = re.compile(r"[A-Za-z_]\w*")
_FUNCTIONS = ("factorial", "factorial2", "summation", "integrate", "log", "ln", "exp", "sqrt",
              "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "sinh", "cosh",
              "tanh", "Abs", "pi", "oo", "E")


def uses_cas_syntax(text: str) -> bool:
    """Whether `text` calls a CAS function math-verify does not read (see module doc)."""
    return bool(_CALL.search(text) or _TWO_ARG_LOG.search(text))


def _namespace() -> dict[str, Any]:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    ns: dict[str, Any] = {"__builtins__": {}}
    for name in ("Integer", "Float", "Rational", "Symbol", "Function", "Mul", "Add", "Pow",
                 "Tuple", *_FUNCTIONS):
        ns[name] = getattr(sympy, name)
    return ns


def read_cas(text: str) -> Any | None:
    """`text` as a sympy expression with sums and integrals done, or None when it is not
    plain CAS syntax (or holds anything the parser could run as Python)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)
    from sympy.parsing.sympy_parser import (
        factorial_notation,
        implicit_multiplication,
        parse_expr,
        split_symbols,
        standard_transformations,
    )

    s = text.strip().strip("$").strip()
    if not s or not _ALLOWED_TEXT.match(s) or "__" in s or re.search(r"\.\s*[A-Za-z_]", s):
        return None
    if any(n.startswith("_") for n in _NAME.findall(s)) or re.search(r"(?<![!<>=])=(?!=)", s):
        return None  # an equation or assignment is not an expression
    s = re.sub(r"(?<![\w.])sum\s*\(", "summation(", s)
    s = re.sub(r"(?<![\w.])int\s*\(", "integrate(", s).replace("^", "**")
    transformations = (*standard_transformations, factorial_notation, split_symbols,
                       implicit_multiplication)
    try:
        expr = parse_expr(s, global_dict=_namespace(), transformations=transformations)
        if not isinstance(expr, sympy.Basic):
            expr = sympy.sympify(expr) if isinstance(expr, (int, float, bool)) else None
        return expr.doit() if isinstance(expr, sympy.Basic) else None
    except (SyntaxError, TypeError, ValueError, AttributeError, NameError, ZeroDivisionError,
            RecursionError, sympy.SympifyError, NotImplementedError):
        return None


def same_cas_value(gold: str, answer: str) -> bool | None:
    """Whether gold and answer are equal when either uses CAS syntax (`factorial(n)` = `n!`,
    a sum against its closed form); None when neither does or a side cannot be read."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not (uses_cas_syntax(gold) or uses_cas_syntax(answer)):
        return None
    g, a = read_cas(gold), read_cas(answer)
    if g is None or a is None:
        return None
    if not (isinstance(g, sympy.Expr) and isinstance(a, sympy.Expr)):
        return g == a
    if g.has(sympy.zoo, sympy.nan) or a.has(sympy.zoo, sympy.nan):
        return False  # no value, no credit
    if sympy.simplify(g - a) == 0:
        return True
    return bool(agree_numerically(g, a))
