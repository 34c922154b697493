"""The imaginary unit: when `i` in an answer and its gold is the unit, not a variable.

Why: math-verify reads `i` as a variable, so `1+2i` and `i(2-i)` differed and `i^2` was not -1.
Reading every `i` as the unit would break answers that use `i` as an index (`\\sum_i`, `i^2`
in a gold without the unit), so it is read as the unit only when the gold uses it and the
answer does too, or is complex itself; engineering's `j` counts as the unit when it is the
answer's only letter against a gold whose only letter is `i`. In an exponent of e (`e^{i\\pi}`,
Euler's form, `e^{A+i\\pi}`) `i` is the unit when it stands nowhere else in the answer and the gold
has no i of its own: no index stands in an exponent of Euler's number.
"""

from __future__ import annotations

from typing import Any

from veriloop.graders.math_numeric import agree_complex, heavy


def equal_with_imaginary_unit(gold: list[Any], answer: list[Any]) -> bool:
    """`i` as the imaginary unit: "1+2i" = "i(2-i)", "i" = "\\sqrt{-1}". math-verify reads i as
    a variable; it is read as the unit only when the gold uses i and the answer uses i or is
    complex itself, though it shows no i (`(-4)^{0.5}`); a gold without i may use i as an index
    (`i^2` is not -1). Equal when the difference simplifies to 0, or the two agree as complex
    numbers (principal branches) at every sampled point: "(4\\sqrt{3}i+4)^{1/5}" = "8^{1/5}(\\cos\\frac{\\pi}{15}+i\\sin\\frac{\\pi}{15})"."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    g, a = gold[0], answer[0]
    if not (isinstance(g, sympy.Expr) and isinstance(a, sympy.Expr)):
        return False
    # one name, one symbol: the parser marks a letter real=False where an i stands beside it
    g, a = (e.subs({x: sympy.Symbol(x.name) for x in e.free_symbols}) for e in (g, a))
    # engineering's j for the unit ("3 + 2j" answers "3 + 2i"): when the gold's only letter is i
    # and the answer's only letter is j
    j_unit = ({s.name for s in g.free_symbols} == {"i"}
              and {s.name for s in a.free_symbols} == {"j"})
    uses_i = [any(s.name == "i" for s in e.free_symbols) for e in (g, a)]
    uses_i[1] = uses_i[1] or j_unit
    complex_answer = a.has(sympy.I) or a.is_extended_real is False or complex_value(a)
    # a gold whose only letter is i is a complex number, not a polynomial in an index: "-3"
    # answers "4i^2-i^2"
    only_i = {s.name for s in g.free_symbols} == {"i"} and not a.free_symbols
    if not (uses_i[0] and (uses_i[1] or complex_answer or only_i)) and not _euler_form(g, a):
        return False
    unit = {s: sympy.I for s in g.free_symbols | a.free_symbols
            if s.name == "i" or (j_unit and s.name == "j")}
    g, a = g.subs(unit), a.subs(unit)
    if sympy.simplify(sympy.expand(g - a)) == 0 or agree_complex(g, a):
        return True
    # Euler's formula: `e^{ix}/(\cos x + i \sin x)` is 1 once e^{ix} is written with cos and sin
    return (g - a).has(sympy.exp) and sympy.simplify((g - a).rewrite(sympy.cos)) == 0


def _euler_form(gold: Any, answer: Any) -> bool:
    """`e^{i\\pi}`, `e^{A+i\\pi}`, `e^{ix}(\\cos x - i \\sin x)`: the answer's i stands in an
    exponent of e, which makes it the unit wherever else it stands (as in Euler's formula), and
    the gold has no i of its own (an index there would be a variable)."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if any(s.name == "i" for s in gold.free_symbols):
        return False
    if not any(s.name == "i" for s in answer.free_symbols):
        return False
    exponents = [e.args[0] for e in answer.atoms(sympy.exp)]
    return any(any(s.name == "i" for s in x.free_symbols) for x in exponents)


def complex_value(expr: Any) -> bool:
    """A number whose value is not real, though it shows no `i`: `(-4)^{0.5}` is 2i."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    if expr.free_symbols or not expr.is_number or heavy(expr):
        return False
    try:
        return abs(complex(sympy.N(expr)).imag) > 1e-12
    except (TypeError, ValueError, ArithmeticError):
        return False
