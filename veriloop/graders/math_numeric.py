"""Identity testing by evaluation: an answer equals the gold when, at every sampled real point
where the answer is defined and the gold has a real value, the two agree, and there are enough
such points.

Why: sympy's simplification cannot prove identities that hold only on a domain it is not told
about. `\\frac{v_0}{r_0} (1 + r/r_0)^{-3/2}` equals `v_0 (r_0/(r + r_0))^{1/2} / (r + r_0)` for
the positive quantities of a physics answer, but not for every complex r, so math-verify says
no. Evaluating at points spread over both signs keeps what a domain assumption would lose:
`\\sqrt{x^2}` and `x` (or `|x|` and `x`) disagree at negative x, so they stay unequal.

The answer is read over the reals: it is defined at a point when every part of it is real and
finite there, so `\\sqrt{k/m}\\sqrt{m/k}` is undefined where k/m < 0 (complex arithmetic
would make it -1) and equals 1 wherever it is defined. The gold is read by its value: where it
comes out real, even through non-real parts, the answer must match it. So
`\\sqrt{(x-3)(x-5)}` is not `\\sqrt{x-3}\\sqrt{x-5}` (at x < 3 the gold is -\\sqrt{(3-x)(5-x)}),
while `\\log(a^2 b)` is `2\\log a + \\log b` (where a < 0 the gold has no real value: no
evidence either way). Part of the points are small integers and simple fractions, where power
laws that need a positive base fail: `(a^b)^c` is not `a^{bc}` (a = -2, b = 2, c = 1/2).

Expressions with complex values (the imaginary unit in them) are compared as complex numbers,
principal branches, at the same points (`agree_complex`).

Numbers without a variable written with decimals compare by exact value (`same_exact_value`):
each decimal is the fraction it writes, so no rounding can merge two of them.

Big powers (`(x-a)^{6000}`) are where symbolic checks take minutes on unequal pairs;
`heavy` names them so the caller can decide by evaluation (`differ_numerically`) before any
simplification.

Not a proof: an answer built to agree with the gold at exactly these points (they are fixed,
so grading is reproducible) would pass. A policy cannot see them; change the seed if one
ever could.
"""

from __future__ import annotations

import ast
import itertools
import math
import random
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath

_RANDOM_POINTS = 32
_MAX_GRID = 512
_NICE = (-3.0, -2.0, -1.0, -0.5, 1 / 3, 0.5, 2.0, 3.0)
_NEEDED = 6          # agreeing points where the answer is defined
_REL_TOL = 1e-9
_HEAVY_EXPONENT = 40
_MAX_SYMBOLS = 6
_FAR = 1234.5


def heavy(expr: Any) -> bool:
    """A power of a non-constant base with an integer exponent above 40: expanding it is slow."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not isinstance(expr, sympy.Basic):
        return False
    return any(p.exp.is_Integer and abs(int(p.exp)) > _HEAVY_EXPONENT and p.base.free_symbols
               for p in expr.atoms(sympy.Pow))


def _points(arity: int) -> list[list[float]]:
    """Fixed points: random ones over both signs, two far out (`_FAR`), then every combination
    of `_NICE` values (a sample of them beyond three variables)."""
    rng = random.Random(20260143)
    points = [[rng.choice((-1, 1)) * rng.uniform(0.1, 3.0) for _ in range(arity)]
              for _ in range(_RANDOM_POINTS)]
    # and far out, where `|x+1000| - 1000` and `|x+1001| - 1001` part (they agree above -1000)
    points += [[sign * _FAR for _ in range(arity)] for sign in (-1, 1)]
    if len(_NICE) ** arity <= _MAX_GRID:
        return points + [list(p) for p in itertools.product(_NICE, repeat=arity)]
    return points + [[rng.choice(_NICE) for _ in range(arity)] for _ in range(_MAX_GRID // 8)]


def _real(v: Any) -> Any:
    """`v` as an mpmath real when it is real and finite, else None (values stay in mpmath:
    (x-a)^{6000} overflows a float)."""
    v = mpmath.mpmathify(v)
    if not mpmath.isfinite(v) or abs(mpmath.im(v)) > 1e-12 * max(1, abs(mpmath.re(v))):
        return None
    return mpmath.re(v)


_UNDEFINED = (ArithmeticError, ValueError, TypeError, NameError, AttributeError, OverflowError)


def _real_evaluator(expr: Any, symbols: list[Any]) -> Callable[[list[float]], Any]:
    """f(point) -> the real value of `expr`, or None where some part of it is not real/finite."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    parts = {n for n in sympy.preorder_traversal(expr)
             if isinstance(n, sympy.Function) or (isinstance(n, sympy.Pow) and not n.exp.is_Integer)}
    fs = [sympy.lambdify(symbols, n, "mpmath") for n in (*parts, expr)]  # the whole last

    def value(point: list[float]) -> Any:
        args = [mpmath.mpf(x) for x in point]  # a float argument would overflow at x^{6000}
        try:
            for f in fs:
                v = _real(f(*args))
                if v is None:
                    return None
            return v
        except _UNDEFINED:
            return None  # not defined here, or an undefined function (f(x)): no evidence

    return value


def _final_evaluator(expr: Any, symbols: list[Any]) -> Callable[[list[float]], Any]:
    """f(point) -> the value of `expr` in complex arithmetic when that is real, else None."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    f = sympy.lambdify(symbols, expr, "mpmath")

    def value(point: list[float]) -> Any:
        try:
            return _real(f(*[mpmath.mpf(x) for x in point]))
        except _UNDEFINED:
            return None

    return value


def _symbols(*exprs: Any) -> list[Any] | None:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not all(isinstance(e, sympy.Expr) for e in exprs):
        return None
    symbols = sorted(set().union(*(e.free_symbols for e in exprs)), key=str)
    return symbols if 0 < len(symbols) <= _MAX_SYMBOLS else None


def _evaluators(gold: Any, answer: Any, symbols: list[Any]) -> list[Any] | None:
    """The gold read by its value in complex arithmetic, the answer over the reals (see the
    module docstring); None when an expression cannot be evaluated at all."""
    try:
        return [_final_evaluator(gold, symbols), _real_evaluator(answer, symbols)]
    except (KeyError, NameError, TypeError, SyntaxError):  # a function it cannot print
        return None


def _close(a: Any, b: Any) -> bool:
    return bool(abs(a - b) <= max(_REL_TOL * max(abs(a), abs(b)), 1e-12))


def agree_numerically(gold: Any, answer: Any) -> bool:
    """True when `answer` agrees with `gold` at every sampled point where the answer is defined,
    the gold is defined wherever the answer is, and there are enough such points."""
    symbols = _symbols(gold, answer)
    fs = _evaluators(gold, answer, symbols) if symbols else None
    if fs is None:
        return False
    g, a = fs
    # mpmath's working precision is process-wide and other code may lower it (at 8 digits the
    # physics identity above disagrees at 1e-9): evaluate at a fixed precision of our own
    with mpmath.workdps(30):
        agreed = 0
        for point in _points(len(symbols)):
            av = a(point)
            gv = g(point) if av is not None else None
            if gv is None:
                continue  # the answer undefined here, or the gold without a real value
            if not _close(gv, av):
                return False
            agreed += 1
    return agreed >= _NEEDED


def differ_numerically(gold: Any, answer: Any) -> bool:
    """True when both are defined at some sampled point and differ there (cheap evidence that
    they are unequal, found without simplifying anything)."""
    symbols = _symbols(gold, answer)
    fs = _evaluators(gold, answer, symbols) if symbols else None
    if fs is None:
        return False
    with mpmath.workdps(30):
        for point in _points(len(symbols)):
            gv, av = fs[0](point), fs[1](point)
            if gv is not None and av is not None and not _close(gv, av):
                return True
    return False


def constant_ratio(gold: Any, answer: Any) -> float | None:
    """The constant value of gold/answer when it is the same nonzero number at every sampled
    point where both are defined and nonzero (enough of them), else None."""
    symbols = _symbols(gold, answer)
    fs = _evaluators(gold, answer, symbols) if symbols else None
    if fs is None:
        return None
    ratio, agreed = None, 0
    with mpmath.workdps(30):
        for point in _points(len(symbols)):
            gv, av = fs[0](point), fs[1](point)
            if gv is None or av is None or abs(av) < 1e-12 or abs(gv) < 1e-12:
                continue
            r = complex(gv / av)
            if ratio is None:
                ratio = r
            elif not _close(r, ratio):
                return None
            agreed += 1
    return ratio if agreed >= _NEEDED else None


def agree_complex(gold: Any, answer: Any) -> bool:
    """Complex-valued expressions (the imaginary unit in them) equal as complex numbers,
    principal branches, at every sampled real point where both are finite (at one point when
    neither has a variable)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not (isinstance(gold, sympy.Expr) and isinstance(answer, sympy.Expr)):
        return False
    symbols = sorted(gold.free_symbols | answer.free_symbols, key=str)
    if len(symbols) > _MAX_SYMBOLS:
        return False
    try:
        f = sympy.lambdify(symbols, gold, "mpmath")
        g = sympy.lambdify(symbols, answer, "mpmath")
    except (KeyError, NameError, TypeError, SyntaxError):
        return False
    agreed = 0
    with mpmath.workdps(30):
        for point in _points(len(symbols)) if symbols else [[]]:
            try:
                a, b = complex(f(*point)), complex(g(*point))
            except (ArithmeticError, ValueError, TypeError, NameError, AttributeError):
                continue
            if not all(math.isfinite(x) for x in (a.real, a.imag, b.real, b.imag)):
                continue
            if not _close(a, b):
                return False
            agreed += 1
    return agreed >= (_NEEDED if symbols else 1)


_SMALL = 1e-3       # below this, 6 decimal places leave fewer than 4 significant digits
_SMALL_REL_TOL = 1e-6


def small_numbers_differ(gold: Any, answer: Any) -> bool:
    """Two plain real numbers, one of them below 1e-3 in size, that differ by more than one
    part in 10^6 of the larger.

    math-verify rounds numbers to 6 decimal places before comparing them, which is a relative
    tolerance for ordinary values but makes every number below 5e-7 equal to 0, so
    `1.06 \\times 10^{-33}` matched `10^{-33}`; and with huge integers inside it found
    `\\frac{2^{2005}+1}{3 \\cdot 2^{2006}}` (about 1/6) equal to `\\frac{1}{3 \\cdot 2^{2006}}`.
    Small numbers are compared relatively instead."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not all(isinstance(x, sympy.Expr) and x.is_number and x.is_extended_real
               for x in (gold, answer)):
        return False
    if gold.is_zero or answer.is_zero:
        # a closed form that cancels to 0 ("cos(pi)+1", "3^(2/3)-9^(1/3)") evaluates to
        # rounding noise ("0.e-165"), never small relative to an exact 0; ask sympy instead
        other = answer if gold.is_zero else gold
        if other.equals(0) is True:
            return False
    g, a = abs(sympy.N(gold, 30)), abs(sympy.N(answer, 30))
    size = max(g, a)
    if not size.is_finite or min(g, a) >= _SMALL:
        return False
    return bool(abs(sympy.N(gold - answer, 30)) > _SMALL_REL_TOL * size)


_LONG_DECIMAL = re.compile(r"\s*-?\d*\.(\d{7,})\s*")


def not_a_rounding(decimal_text: str, value: Any) -> bool:
    """True when `decimal_text` is a decimal with more than 6 places (`1.4142135`) that is not
    the exact `value` (`\\sqrt{2}`, a number no decimal writes out) rounded to those places.

    math-verify rounds both sides to 6 places, so a longer decimal matched any value that
    agrees to 6 places: `1.4142135`, √2 cut off after 7 places (rounded, it is 1.4142136),
    matched √2. A decimal written longer claims those places: it matches the values it rounds
    (`0.3333333333` for 1/3, `3.14159265358979` for π), not its neighbours; a binary float's
    print (`1.4142135623730951` for √2) is held only to a double's precision."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    m = _LONG_DECIMAL.fullmatch(decimal_text)
    if not m or not (isinstance(value, sympy.Expr) and value.is_number
                     and value.is_extended_real):
        return False
    places = len(m.group(1))
    written = Fraction(decimal_text.strip())
    exact = sympy.Rational(written.numerator, written.denominator)
    half_unit = sympy.Rational(1, 2 * 10 ** places)  # half a unit in the last written place
    # a binary float's print (`1.4142135623730951`) is as close as a double gets, not a rounding
    double = abs(exact) * sympy.Rational(1, 2 ** 51)
    return bool(abs(sympy.N(value - exact, places + 20)) > max(half_unit, double))


def exact_arithmetic(text: str) -> Fraction | None:
    """The exact value of plain arithmetic on numbers (`0.1*3 - 0.3` is 0), each decimal read as
    the fraction it writes; None for anything else. Parsers evaluate `0.1*3` in floating point
    before any comparison, so `0.1*3 - 0.3` came out 5.6e-17, not 0."""
    t = text.strip().replace("^", "**").replace("×", "*").replace("÷", "/")
    if not t or len(t) > 200 or not re.fullmatch(r"(?:[\d.\s+\-*/()]|(?<=\d)[eE](?=[-+]?\d))+", t):
        return None
    try:
        return _exact(ast.parse(t, mode="eval").body, t)
    except (SyntaxError, ValueError, ZeroDivisionError, OverflowError):
        return None


def decimals_differ(gold: str, answer: str) -> bool:
    """Two numbers written out in decimals (plain arithmetic on them, `1.0+1e-100`) whose exact
    values differ: `0.10000000000000000001` is not 0.1. Floating point and math-verify's six
    places call such pairs equal; a rounding is still accepted against a value no decimal writes
    out (`0.3333333333` for 1/3), since then one side's exact value does not terminate."""
    if not re.search(r"[.eE]", gold + answer):
        return False
    g, a = exact_arithmetic(gold), exact_arithmetic(answer)
    return g is not None and a is not None and g != a and _terminates(g) and _terminates(a)


def _terminates(x: Fraction) -> bool:
    """Whether x has a finite decimal expansion (its denominator has no prime but 2 and 5)."""
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def _exact(node: ast.AST, src: str) -> Fraction | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return Fraction(ast.get_source_segment(src, node) or "")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        v = _exact(node.operand, src)
        return None if v is None else (-v if isinstance(node.op, ast.USub) else v)
    if not isinstance(node, ast.BinOp):
        return None
    x, y = _exact(node.left, src), _exact(node.right, src)
    if x is None or y is None:
        return None
    if isinstance(node.op, ast.Pow):  # small integer powers only: no tower reaches here
        ok = y.denominator == 1 and abs(y) <= 64 and abs(x) < 10**9 and (x != 0 or y >= 0)
        return x ** int(y) if ok else None
    ops = {ast.Add: lambda: x + y, ast.Sub: lambda: x - y, ast.Mult: lambda: x * y,
           ast.Div: lambda: x / y}
    op = ops.get(type(node.op))
    return op() if op else None


def same_exact_value(gold: Any, answer: Any) -> bool:
    """Two expressions without a variable, decimals among them, equal when each decimal is read
    as the exact fraction it writes (`1000 + 0.5 + 0.06` is 123456/100, `1 + 3.14` is
    `3.14 + 1`). math-verify keeps such sums unevaluated and compares them in floating point,
    where their difference came out 4e-16 and the two were unequal."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not all(isinstance(x, sympy.Expr) and x.is_number and not heavy(x) for x in (gold, answer)):
        return False
    if not (gold.has(sympy.Float) or answer.has(sympy.Float)):
        return False

    def exact(e: Any) -> Any:
        return e.xreplace({f: sympy.Rational(str(f)) for f in e.atoms(sympy.Float)})

    try:
        return bool(sympy.simplify(exact(gold) - exact(answer)) == 0)
    except (TypeError, ValueError, ArithmeticError):
        return False
