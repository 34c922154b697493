"""Identity testing by evaluation: two expressions in the same variables are taken as equal when
they agree at every sampled real point where both are real, and at enough of them.

Why: sympy's simplification cannot prove identities that hold only on a domain it is not told
about. `\\frac{v_0}{r_0} (1 + r/r_0)^{-3/2}` equals `v_0 (r_0/(r + r_0))^{1/2} / (r + r_0)` for
the positive quantities of a physics answer, but not for every complex r, so math-verify says
no. Evaluating at points spread over both signs keeps what a domain assumption would lose:
`\\sqrt{x^2}` and `x` (or `|x|` and `x`) disagree at negative x, so they stay unequal; points
where either side is not real (a negative base under a fractional power) are skipped.

Not a proof: an answer built to agree with the gold at exactly these points (they are fixed,
so grading is reproducible) would pass. A policy cannot see them; change `_POINTS` if one
ever could.
"""

from __future__ import annotations

import math
import random
from typing import Any

_POINTS = 24
_NEEDED = 6          # agreeing real points
_REL_TOL = 1e-9


def agree_numerically(gold: Any, answer: Any) -> bool:
    """True when the sympy expressions `gold` and `answer` agree at every sampled point."""
    import sympy

    if not (isinstance(gold, sympy.Expr) and isinstance(answer, sympy.Expr)):
        return False
    symbols = sorted(gold.free_symbols | answer.free_symbols, key=str)
    if not symbols or gold.free_symbols != answer.free_symbols or len(symbols) > 6:
        return False
    try:  # mpmath: a negative base under a fractional power gives a complex number, no error
        f = sympy.lambdify(symbols, gold, "mpmath")
        g = sympy.lambdify(symbols, answer, "mpmath")
    except (KeyError, NameError, TypeError, SyntaxError):  # a function it cannot print
        return False
    import mpmath

    # mpmath's working precision is process-wide and other code may lower it (at 8 digits the
    # physics identity above disagrees at 1e-9): evaluate at a fixed precision of our own
    with mpmath.workdps(30):
        return _agreed_points(f, g, len(symbols)) >= _NEEDED


def _agreed_points(f: Any, g: Any, arity: int) -> int:
    """How many fixed sample points `f` and `g` agree at; -1 at the first that they differ."""
    rng = random.Random(20260143)
    agreed = 0
    for _ in range(_POINTS):
        point = [rng.choice((-1, 1)) * rng.uniform(0.3, 3.0) for _ in range(arity)]
        try:
            a, b = complex(f(*point)), complex(g(*point))
        except (ArithmeticError, ValueError, TypeError, NameError, AttributeError):
            continue  # not defined here, or an undefined function (f(x)): no evidence
        if abs(a.imag) > 1e-12 or abs(b.imag) > 1e-12:
            continue  # not real here (a fractional power of a negative number): no evidence
        if not (math.isfinite(a.real) and math.isfinite(b.real)):
            continue
        if not math.isclose(a.real, b.real, rel_tol=_REL_TOL, abs_tol=1e-12):
            return -1
        agreed += 1
    return agreed
