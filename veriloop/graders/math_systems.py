"""Systems of equations written as lists, compared by their solutions.

A gold `[3a+b-c=2, a-b+2c=5, b+c=5]` is answered by `[a=1, b=2, c=3]`, and `[x^2+y^2=4, y=x]`
by `[y=x, y^2=2]`: the two lists are one system when they have the same solutions. math-verify
compares such lists item by item (or as sets of equations), so it found them different.

Decided only where the verdict is clear: both sides are bracketed lists of polynomial equations
(degree at most 4) in the same unknowns, and each has a finite, non-empty set of solutions that
fixes every unknown.
Otherwise (a free unknown, as in `[(x-1)(y+1)=0]`; no solution; other unknowns, as in
`[b^2=a, a=9]` against `[x^2=y, y=9]`) there is no verdict here and the usual comparison
decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from veriloop.graders.math_forms import split_top

_MAX_DEGREE = 4  # polynomial systems only, of low degree: the solver is quick on those
# lazy: sympy is imported inside the functions (about a second; only the checking workers need it)


def _equations(text: str, parse: Callable[[str], list[Any]]) -> list[Any] | None:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    s = text.strip().strip("$").strip()
    if len(s) < 2 or s[0] + s[-1] != "[]":
        return None
    items = split_top(s[1:-1], ",")
    if not items or not all(item.count("=") == 1 for item in items):
        return None
    eqs = []
    for item in items:
        parsed = parse(item)
        eq = next((x for x in parsed if isinstance(x, sympy.Eq)), None)
        if eq is None:
            return None
        eqs.append(eq)
    return eqs


def _solutions(eqs: list[Any], unknowns: list[Any]) -> set[tuple[Any, ...]] | None:
    """The solutions as tuples in the order of `unknowns`, or None unless they are finitely
    many and each fixes every unknown to a constant."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    polys = [sympy.Poly(e.lhs - e.rhs, *unknowns) for e in eqs
             if (e.lhs - e.rhs).is_polynomial(*unknowns)]
    if len(polys) < len(eqs) or any(p.total_degree() > _MAX_DEGREE for p in polys):
        return None  # `t^t = 90`: sympy's solver may not come back
    try:
        found = sympy.solve(eqs, unknowns, dict=True)
    except (NotImplementedError, ValueError, TypeError):
        return None
    if not found:
        return None
    out = set()
    for sol in found:
        if set(sol) != set(unknowns) or any(v.free_symbols for v in sol.values()):
            return None
        out.add(tuple(sympy.nsimplify(sympy.simplify(sol[u])) for u in unknowns))
    return out


def same_solutions(gold: str, answer: str, parse: Callable[[str], list[Any]]) -> bool | None:
    """Whether two systems written as lists have the same solutions; None when either side
    is no such system or the solutions do not settle it (see module doc)."""
    g, a = _equations(gold, parse), _equations(answer, parse)
    if g is None or a is None:
        return None
    unknowns = set().union(*(e.free_symbols for e in g))
    if unknowns != set().union(*(e.free_symbols for e in a)):
        return None
    order = sorted(unknowns, key=str)
    gs, as_ = _solutions(g, order), _solutions(a, order)
    if gs is None or as_ is None:
        return None
    return gs == as_
