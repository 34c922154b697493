"""Equations and inequalities compared as relations, not side by side.

Two single equations are the same answer when one is a nonzero constant multiple of the other
(`x + y = 1` and `y = 1 - x`; `2x + 2y = 1` and `y = 0.5 - x`; `(x-y)(x+y) = 0` and `x^2 = y^2`):
then they have the same solutions, each as often. A factor that is not constant changes them:
`a x = a y` is not `x = y` (a = 0 solves it), `(x-2)^2 = 0` is not `x = 2`, `a^3 b^3 = 0` is not
`a b = 0`, and `\\sqrt{x} = \\sqrt{y}` is not `x = y` (x = y < 0 solves only the second over the
reals). math-verify on its own solves both for a variable and compares the solutions, which
calls all four pairs equal. In one unknown, two equations with the same finite set of real
solutions, each a simple root of both, are the same answer too (`\\sqrt{x} = 2` and `x = 4`):
a double root (`(x-2)^2 = 0`) or a root that squaring adds (`\\sqrt{x+2} = x` against
`x + 2 = x^2`) keeps them apart. A definition under another name (`y = 2x + 3`, `f(x) = 2x + 3`)
compares right-hand sides; one of the two names must be a function's (`c = b` is not `a = b`).

Two single inequalities are the same answer when, written as `d < 0` (or `d <= 0`), one `d` is
a positive constant multiple of the other: `2 < 2x` and `x > 1`; `3x^2 < 9a` and `x^2 - 3a < 0`.
A negative multiple flips the direction (`x < 1` is not `x > 1`); strict and non-strict differ.

Two equations without an unknown (`13 \\times 7 = 91`, `91 = 7 \\times 13`) are one statement
when their sides have the same values, in order or swapped. A function's value is an unknown
(`30 f(5) + 2.25 = 152.25` is `f(5) = 5`); `g(5) = ...` states a value, it defines no function.
Two relations `\\ne` compare as the equations they negate (`x \\ne 1` is `1 \\ne x`).

Chains of inequalities in one unknown (`1 < 2x \\le 3`, `3 \\ge 2x > 1`, `3 > x > 1`) are the same
answer when they hold for the same real numbers: each is solved over the reals (its links
polynomials of degree at most 2) and the solution sets compared, against a chain or a single
inequality. `-2 < x - 4 \\le 5` is `-4 < 2x - 8 \\le 10`, `66 \\ge 6x > 1` is not `0 < 3x \\le 33`,
and a chain in `y` is not one in `x`. Multiplying the parts by one positive number, as the
single-inequality rule allows, is not needed: the sets are compared, not the links.

`i` is the imaginary unit in a relation when both sides use it (as in `math_equiv`).
"""

from __future__ import annotations

import re
from typing import Any

from veriloop.graders.math_numeric import agree_numerically, constant_ratio, heavy


def compare_relations(gold: list[Any], answer: list[Any]) -> bool | None:
    """The verdict when gold and answer are each one equation or one inequality; None when
    either is not a relation (a value against `x = 5` is decided elsewhere)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    g = next((x for x in gold if isinstance(x, sympy.Basic)), None)
    a = next((x for x in answer if isinstance(x, sympy.Basic)), None)
    chains = _same_chain(g, a)
    if chains is not None:
        return chains
    kinds = (sympy.Eq, sympy.Ne, sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge)
    if not (isinstance(g, kinds) and isinstance(a, kinds)):
        return None
    if not all(isinstance(side, sympy.Expr) for side in (g.lhs, g.rhs, a.lhs, a.rhs)):
        return None  # `n = {1, 2, 3}`, `D = (0, 1)`: a set named, compared as math-verify does
    for kind in (sympy.Eq, sympy.Ne):  # `x \ne 1` is `1 \ne x`: as an equation, negated
        if isinstance(g, kind) and isinstance(a, kind):
            if _loses_a_solution(g, answer) or _loses_a_solution(a, gold):
                return False
            return _same_equation(g, a) or (kind is sympy.Eq and _same_definition(g, a))
        if isinstance(g, kind) or isinstance(a, kind):
            return False
    gd, g_strict = _below_zero(g)
    ad, a_strict = _below_zero(a)
    ratio = _ratio(gd, ad)
    return (g_strict == a_strict and ratio is not None and abs(ratio.imag) < 1e-12
            and ratio.real > 0)


def _same_chain(g: Any, a: Any) -> bool | None:
    """Whether two inequality chains in one unknown hold for the same reals (module doc); None
    unless one side is a chain and both are inequalities in one unknown each."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    links = (sympy.Lt, sympy.Le, sympy.Gt, sympy.Ge)

    def parts(x: Any) -> list[Any] | None:
        if isinstance(x, sympy.And) and all(isinstance(p, links) for p in x.args):
            return list(x.args)
        return [x] if isinstance(x, links) else None

    gp, ap = parts(g), parts(a)
    if gp is None or ap is None or not (isinstance(g, sympy.And) or isinstance(a, sympy.And)):
        return None
    if len(g.free_symbols) != 1 or len(a.free_symbols) != 1:
        return None
    if g.free_symbols != a.free_symbols:
        return False  # `1 < 2y \\le 3` is not `1 < 2x \\le 3`
    var = next(iter(g.free_symbols))

    def solutions(ps: list[Any]) -> Any:
        sets = []
        for p in ps:
            p = sympy.nsimplify(p, rational=True)
            poly = (p.lhs - p.rhs).as_poly(var)
            if poly is None or poly.degree() > 2:
                return None
            sets.append(sympy.solveset(p, var, sympy.S.Reals))
        return sympy.Intersection(*sets)

    gs, as_ = solutions(gp), solutions(ap)
    if gs is None or as_ is None:
        return None
    return bool(sympy.Complement(gs, as_) == sympy.S.EmptySet
                and sympy.Complement(as_, gs) == sympy.S.EmptySet)


def _loses_a_solution(eq: Any, other: list[Any]) -> bool:
    """A solution of `eq` (one unknown, a polynomial) where a denominator of the other
    equation's text is zero: `(x-1)^2/(x-1) = 0` has no solution, so it is not `x - 1 = 0`. The
    parser cancels `(x-1)^2/(x-1)` to `x-1` at once, so the denominators are read from the
    text the parse keeps."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)
    from sympy.parsing.sympy_parser import (  # lazy, as sympy above
        implicit_multiplication,
        parse_expr,
        standard_transformations,
    )

    text = next((x for x in other if isinstance(x, str)), "")
    dens = re.findall(r"/\s*\(([^()]{1,60})\)", text)
    if not dens or len(eq.free_symbols) != 1 or heavy(eq.lhs - eq.rhs):
        return False
    (var,) = eq.free_symbols
    diff = sympy.expand(eq.lhs - eq.rhs)
    if not diff.is_polynomial(var) or sympy.degree(diff, var) > 4:
        return False
    try:
        roots = sympy.solve(diff, var)
        rules = (*standard_transformations, implicit_multiplication)
        denominators = [parse_expr(d.replace("^", "**"), transformations=rules,
                                   local_dict={var.name: var}) for d in dens]
    except (SyntaxError, TypeError, ValueError, NotImplementedError, sympy.SympifyError):
        return False
    return any(sympy.simplify(d.subs(var, r)) == 0 for d in denominators for r in roots)


def lone_variable(expr: Any) -> bool:
    """`x`, `a_1`, `f(3)`, `f(x)`, or a tuple of such (`(x, y)`): names an answer assigns to."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if isinstance(expr, sympy.Symbol):
        return True
    if isinstance(expr, sympy.Tuple):
        return len(expr) > 0 and all(lone_variable(x) for x in expr)
    return isinstance(expr, sympy.core.function.AppliedUndef) and all(
        isinstance(x, sympy.Symbol) or x.is_number for x in expr.args)


def _below_zero(rel: Any) -> tuple[Any, bool]:
    """`rel` as `d < 0` (strict) or `d <= 0`: (d, strict)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if isinstance(rel, (sympy.Gt, sympy.Ge)):
        return rel.rhs - rel.lhs, isinstance(rel, sympy.Gt)
    return rel.lhs - rel.rhs, isinstance(rel, sympy.Lt)


def _imaginary_unit(*exprs: Any) -> list[Any]:
    """`i` replaced by the imaginary unit when every expression uses it."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if not all(any(s.name == "i" for s in e.free_symbols) for e in exprs):
        return list(exprs)
    unit = {s: sympy.I for e in exprs for s in e.free_symbols if s.name == "i"}
    return [e.subs(unit) for e in exprs]


def _ratio(gd: Any, ad: Any) -> complex | None:
    """gd / ad when it is a nonzero finite constant, else None. Proven by simplification, or
    seen at every sampled point (and only that way for big powers, which sympy expands)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    gd, ad = _imaginary_unit(gd, ad)
    if gd == 0 or ad == 0 or not (gd.free_symbols or ad.free_symbols):
        return None
    if not (heavy(gd) or heavy(ad)):
        r = sympy.simplify(gd / ad)
        if r.is_number and r.is_finite and r != 0:
            return complex(r)
    if gd.has(sympy.I) or ad.has(sympy.I):
        return None
    r = constant_ratio(gd, ad)
    return None if r is None else complex(r)


def _same_equation(ge: Any, ae: Any) -> bool:
    """One equation a nonzero constant multiple of the other (`3x - 6 = 0`, `x - 2 = 0`), or
    a multiple by a factor that vanishes or blows up only where a side is undefined
    (`1/x + 1/y = 2` and `y = x/(2x - 1)`: the factor (2x-1)/(xy))."""
    gd, ad = _values_as_unknowns(ge.lhs - ge.rhs, ae.lhs - ae.rhs)
    if not (gd.free_symbols or ad.free_symbols):
        return _same_sides(ge, ae)
    return (_ratio(gd, ad) is not None or _factor_off_the_domain(gd, ad)
            or _same_simple_roots(gd, ad))


def _same_simple_roots(gd: Any, ad: Any) -> bool:
    """In one unknown, the same finite set of real solutions, each a simple root of both sides
    (`\\sqrt{x} = 2` and `x = 4`): then the equations hold for the same reals, each once.
    `(x-2)^2 = 0` against `x = 2` (a double root) and `\\sqrt{x+2} = x` against `x + 2 = x^2`
    (squaring adds the root -1) are not."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    symbols = gd.free_symbols | ad.free_symbols
    if len(symbols) != 1 or gd.free_symbols != ad.free_symbols or heavy(gd) or heavy(ad):
        return False
    var = next(iter(symbols))
    try:
        roots = [sympy.solveset(d, var, sympy.S.Reals) for d in (gd, ad)]
        if not all(isinstance(r, sympy.FiniteSet) and r for r in roots) or roots[0] != roots[1]:
            return False
        return all(sympy.simplify(sympy.diff(d, var).subs(var, r)) not in (0, sympy.nan, sympy.zoo)
                   and sympy.diff(d, var).subs(var, r).is_finite
                   for d in (gd, ad) for r in roots[0])
    except (NotImplementedError, TypeError, ValueError):
        return False


def _values_as_unknowns(*exprs: Any) -> list[Any]:
    """A function's value (`f(5)`, `g(x)`) as an unknown of its own: `30 f(5) + 2.25 = 152.25`
    is `f(5) = 5`, and `g(5)` is another unknown than `g(x)`. To sympy `f(5)` has no free
    symbol, so the equation looked like a statement about numbers."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    calls = {c for e in exprs for c in e.atoms(sympy.core.function.AppliedUndef)}
    names = {c: sympy.Dummy(f"{c.func}{c.args}") for c in calls}
    return [e.xreplace(names) for e in exprs]


def _same_sides(ge: Any, ae: Any) -> bool:
    """Two equations without an unknown (`13 \\times 7 = 91`, `91 = 7 \\cdot 13`) state one fact
    when their sides have the same values, in order or swapped; `6 \\times 8 = 48` is another
    fact, though as true. (Their differences are both 0, so no ratio can tell them apart.)"""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    def same(x: Any, y: Any) -> bool:
        if heavy(x) or heavy(y):
            return False
        try:
            return bool(sympy.simplify(x - y) == 0)
        except (TypeError, ValueError):
            return False

    return ((same(ge.lhs, ae.lhs) and same(ge.rhs, ae.rhs))
            or (same(ge.lhs, ae.rhs) and same(ge.rhs, ae.lhs)))


def _factor_off_the_domain(gd: Any, ad: Any) -> bool:
    """gd/ad is a rational function whose every factor is a factor of a denominator of gd or ad,
    so it is nonzero and finite wherever both sides are defined: the same solutions."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if heavy(gd) or heavy(ad):
        return False
    try:
        num, den = sympy.fraction(sympy.factor(sympy.cancel(sympy.together(gd / ad))))
        poles = [f for d in (gd, ad) for f, _ in
                 sympy.factor_list(sympy.fraction(sympy.together(d))[1])[1]]
        factors = [f for part in (num, den) for f, _ in sympy.factor_list(part)[1]]
    except (sympy.PolynomialError, sympy.polys.polyerrors.GeneratorsNeeded, TypeError):
        return False
    if not factors:
        return False  # a constant ratio is _ratio's case
    return all(any(sympy.simplify(f / p).is_number for p in poles) for f in factors)


def _at_a_number(expr: Any) -> bool:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    return isinstance(expr, sympy.core.function.AppliedUndef) and any(
        x.is_number for x in expr.args)


def _same_definition(ge: Any, ae: Any) -> bool:
    """`y = 2x + 3` and `f(x) = 2x + 3`: one function defined under two names (each side one
    equation whose left side is a lone name, the gold's right side in variables); their right
    sides must be equal. `y = 5` does not answer `x = 5`: a value names its unknown."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    # lazy: CLI start-up (math_verify ~0.4 s; the graders load with the CLI)
    from math_verify import verify

    if not ge.rhs.free_symbols or not (lone_variable(ge.lhs) and lone_variable(ae.lhs)):
        return False
    if not any(isinstance(side, sympy.core.function.AppliedUndef) for side in (ge.lhs, ae.lhs)):
        return False  # `c = b` and `a = b`: two unknowns, not one function under two names
    if any(_at_a_number(side) for side in (ge.lhs, ae.lhs)):
        return False  # `g(5) = -0.5x + 512` states a value of g, it defines no function
    if heavy(ge.rhs) or heavy(ae.rhs):  # sympy would expand (x-a)^6000 for minutes
        return agree_numerically(ge.rhs, ae.rhs)
    return bool(verify([ge.rhs], [ae.rhs], timeout_seconds=None))
