"""Levels 3 and 4 of the math world: linear equations and ratios (L3); exact fractions of
fractions, radicals, a polynomial at a fraction, 2x2 systems and a system in disguise (L4).
Each topic returns a `Draft`."""

from __future__ import annotations

import random
from fractions import Fraction as F

from veriloop.envs.math.draft import Draft, lin, paren, people
from veriloop.envs.math.exact import Surd, Value, Work, decimal, tex

# ------------------------------------------------------------ L3: equations and ratios

def _solve_linear(w: Work, a: int, b: F, c: int, d: F) -> Value:
    """The steps of a*x + b = c*x + d (a != c)."""
    move = f"Subtract {lin(c, 0)} from" if c > 0 else f"Add {lin(-c, 0)} to"
    k = w.step(lambda v: f"{move} both sides: {lin(v, b)} = {tex(d)}",
               F(a - c), [F(a + c)])
    r = w.step(lambda v: f"Move {tex(b)} to the right: {lin(k, 0)} = {tex(v)}", d - b, [d + b])
    return w.step(lambda v: f"Divide by {tex(k)}: x = {tex(v)}", r / k)


def _linear(rng: random.Random) -> Draft:
    a, c = rng.sample([i for i in range(-9, 10) if i], 2)
    b, d = (rng.choice([i for i in range(-20, 21) if i]) for _ in range(2))
    return Draft(f"Solve for x: {lin(a, b)} = {lin(c, d)}.", ("linear", a, b, c, d),
                 lambda w: _solve_linear(w, a, F(b), c, F(d)),
                 f"solve(Eq({a}*x + {b}, {c}*x + {d}), x)")


def _brackets(rng: random.Random) -> Draft:
    a = rng.randint(2, 9)
    b = rng.choice([i for i in range(-9, 10) if i])
    c = rng.choice([i for i in range(-9, 10) if i != a])
    d = rng.randint(-20, 20)

    def solve(w: Work) -> Value:
        ab = w.step(lambda v: f"Expand: {lin(a, v)} = {lin(c, d)}", F(a * b), [F(b)])
        return _solve_linear(w, a, ab, c, F(d))

    return Draft(f"Solve for x: {a}({lin(1, b)}) = {lin(c, d)}.", ("brackets", a, b, c, d),
                 solve, f"solve(Eq({a}*(x + {b}), {c}*x + {d}), x)")


def _ratio(rng: random.Random) -> Draft:
    name, friend, item = people(rng)
    p, q = rng.sample(range(1, 10), 2)
    unit = rng.randint(2, 15)
    total = (p + q) * unit

    def solve(w: Work) -> Value:
        parts = w.step(lambda v: f"Parts: {p} + {q} = {tex(v)}", F(p + q))
        one = w.step(lambda v: f"One part: {total} \\div {tex(parts)} = {tex(v)}", total / parts)
        return w.step(lambda v: f"{friend}: {q} \\times {tex(one)} = {tex(v)}", q * one, [p * one])

    return Draft(f"{name} and {friend} share {total} {item} in the ratio {p}:{q}. How many "
                 f"{item} does {friend} get?", ("ratio", total, p, q), solve,
                 f"{total} * {q} / ({p} + {q})")


def _unit_price(rng: random.Random) -> Draft:
    a, b = rng.sample(range(2, 13), 2)
    cost = F(rng.randrange(50, 501, 5), 100) * a

    def solve(w: Work) -> Value:
        one = w.step(lambda v: f"One notebook: {decimal(cost)} \\div {a} = {decimal(v)}",
                     cost / a)
        return w.step(lambda v: f"{b} notebooks: {b} \\times {decimal(one)} = {decimal(v)}", one * b)

    return Draft(f"{a} notebooks cost ${decimal(cost)}. At the same price each, how much do {b} "
                 "notebooks cost, in dollars?", ("unit_price", a, b, cost), solve,
                 f"{cost} / {a} * {b}", money=True)


def _club(rng: random.Random) -> Draft:
    p, q = rng.sample(range(1, 10), 2)
    girls = q * rng.randint(2, 12)

    def solve(w: Work) -> Value:
        one = w.step(lambda v: f"One part: {girls} \\div {q} = {tex(v)}", F(girls, q))
        boys = w.step(lambda v: f"Boys: {p} \\times {tex(one)} = {tex(v)}", p * one)
        return w.step(lambda v: f"Members: {tex(boys)} + {girls} = {tex(v)}", boys + girls)

    return Draft(f"The ratio of boys to girls in a club is {p}:{q}. There are {girls} girls. How "
                 "many members does the club have?", ("club", p, q, girls), solve,
                 f"{girls} / {q} * ({p} + {q})")


# ------------------------------------------- L4: exact fractions, radicals, systems

def _nested(rng: random.Random) -> Draft:
    while True:
        fa, fb, fc, fd = (F(rng.randint(1, 7), rng.randint(2, 9)) for _ in range(4))
        if fc != fd and len({fa, fb, fc, fd}) == 4:
            break
    question = (f"\\left({tex(fa)} + {tex(fb)}\\right) \\div "
                f"\\left({tex(fc)} - {tex(fd)}\\right)")

    def solve(w: Work) -> Value:
        top = w.step(lambda v: f"{tex(fa)} + {tex(fb)} = {tex(v)}", fa + fb)
        bottom = w.step(lambda v: f"{tex(fc)} - {tex(fd)} = {tex(v)}", fc - fd, [fd - fc])
        return w.step(lambda v: f"{tex(top)} \\div {paren(bottom)} = {tex(v)}", top / bottom,
                      [bottom / top])

    return Draft(f"Compute ${question}$. Give the answer as a fraction in lowest terms.",
                 ("nested", fa, fb, fc, fd), solve, f"({fa} + {fb}) / ({fc} - {fd})")


def _radicals(rng: random.Random) -> Draft:
    r = rng.choice([2, 3, 5, 6, 7])
    j, k = rng.sample(range(2, 10), 2)
    sign = rng.choice([1, -1])
    op = "+" if sign > 0 else "-"

    def solve(w: Work) -> Value:
        x = w.step(lambda v: f"\\sqrt{{{j * j * r}}} = {tex(v)}", Surd(F(j), r))
        y = w.step(lambda v: f"\\sqrt{{{k * k * r}}} = {tex(v)}", Surd(F(k), r))
        return w.step(lambda v: f"{tex(x)} {op} {tex(y)} = {tex(v)}",
                      Surd(x.coef + sign * y.coef, r))

    return Draft(f"Simplify $\\sqrt{{{j * j * r}}} {op} \\sqrt{{{k * k * r}}}$.",
                 ("radicals", j * j * r, sign, k * k * r), solve,
                 f"sqrt({j * j * r}) {op} sqrt({k * k * r})")


def _rationalise(rng: random.Random) -> Draft:
    q = rng.choice([2, 3, 5, 6, 7, 10, 11])
    # p a multiple of q would give k\sqrt{q}: for k = 1 the question's own \sqrt{q}, which
    # the verifier rightly rejects as a restatement
    p = rng.choice([i for i in range(1, 25) if i % q])

    def solve(w: Work) -> Value:
        top = w.step(lambda v: f"Multiply top and bottom by \\sqrt{{{q}}}: the top is {tex(v)}",
                     Surd(F(p), q))
        bottom = w.step(lambda v: f"the bottom is \\sqrt{{{q}}} \\times \\sqrt{{{q}}} = {tex(v)}",
                        F(q), [F(2 * q)])
        return w.step(lambda v: f"\\frac{{{tex(top)}}}{{{tex(bottom)}}} = {tex(v)}",
                      Surd(top.coef / bottom, q))

    return Draft(f"Simplify $\\frac{{{p}}}{{\\sqrt{{{q}}}}}$ by rationalising the denominator.",
                 ("rationalise", p, q), solve, f"{p} / sqrt({q})")


def _polynomial(rng: random.Random) -> Draft:
    a = rng.choice([i for i in range(-5, 6) if i])
    b, c = rng.randint(-9, 9), rng.randint(-9, 9)
    x = F(rng.choice([i for i in range(-5, 6) if i]), rng.randint(2, 5))
    poly = f"{_coef(a)}x^2" + (f" {'-' if b < 0 else '+'} {_coef(abs(b))}x" if b else "") + \
        (f" {'-' if c < 0 else '+'} {abs(c)}" if c else "")

    def solve(w: Work) -> Value:
        sq = w.step(lambda v: f"x^2 = {paren(x)}^2 = {tex(v)}", x * x, [-x * x])
        t1 = w.step(lambda v: f"{a} \\times {paren(sq)} = {tex(v)}", a * sq)
        t2 = w.step(lambda v: f"{b} \\times {paren(x)} = {tex(v)}", b * x, [-b * x])
        return w.step(lambda v: f"{tex(t1)} + {paren(t2)} + {paren(F(c))} = {tex(v)}", t1 + t2 + c)

    return Draft(f"Evaluate ${poly}$ at $x = {tex(x)}$.", ("polynomial", a, b, c, x), solve,
                 f"{a}*({x})**2 + {b}*({x}) + {c}")


def _coef(n: int) -> str:
    return "" if n == 1 else "-" if n == -1 else str(n)


def _system(rng: random.Random) -> Draft:
    x0, y0 = rng.randint(-9, 9), rng.randint(-9, 9)
    while True:
        a1, b1, a2, b2 = (rng.choice([i for i in range(-6, 7) if i]) for _ in range(4))
        if a1 * b2 - a2 * b1:
            break
    c1, c2 = a1 * x0 + b1 * y0, a2 * x0 + b2 * y0
    eq1, eq2 = (f"{lin(a, 0)} {'-' if b < 0 else '+'} {lin(abs(b), 0, 'y')} = {c}"
                for a, b, c in ((a1, b1, c1), (a2, b2, c2)))

    def solve(w: Work) -> Value:
        d = w.step(lambda v: f"D = {a1} \\times {paren(b2)} - {paren(a2)} \\times {paren(b1)} = "
                             f"{tex(v)}", F(a1 * b2 - a2 * b1), [F(a1 * b2 + a2 * b1)])
        x = w.step(lambda v: f"x = \\frac{{{c1} \\times {paren(b2)} - {paren(c2)} \\times "
                             f"{paren(b1)}}}{{{tex(d)}}} = {tex(v)}", (c1 * b2 - c2 * b1) / d)
        y = w.step(lambda v: f"y = \\frac{{{a1} \\times {paren(c2)} - {paren(a2)} \\times "
                             f"{paren(c1)}}}{{{tex(d)}}} = {tex(v)}", (a1 * c2 - a2 * c1) / d)
        return w.step(lambda v: f"(x, y) = {tex(v)}", (x, y))

    return Draft(f"Solve the system of equations ${eq1}$ and ${eq2}$. Give the answer as an "
                 "ordered pair (x, y).", ("system", a1, b1, c1, a2, b2, c2), solve,
                 f"solve([Eq({a1}*x + {b1}*y, {c1}), Eq({a2}*x + {b2}*y, {c2})], [x, y])")


def _tickets(rng: random.Random) -> Draft:
    child = rng.randint(2, 12)
    adult = child + rng.randint(1, 10)
    n = rng.randint(10, 60)
    adults = rng.randint(1, n - 1)
    total = adults * adult + (n - adults) * child

    def solve(w: Work) -> Value:
        low = w.step(lambda v: f"If all {n} were child tickets: {n} \\times {child} = {tex(v)}",
                     F(n * child))
        extra = w.step(lambda v: f"Extra: {total} - {tex(low)} = {tex(v)}", total - low)
        more = w.step(lambda v: f"Each adult ticket costs {adult} - {child} = {tex(v)} more",
                      F(adult - child), [F(adult)])
        return w.step(lambda v: f"Adult tickets: {tex(extra)} \\div {tex(more)} = {tex(v)}",
                      extra / more)

    return Draft(f"Adult tickets cost ${adult} and child tickets cost ${child}. {n} tickets were "
                 f"sold for ${total} in all. How many adult tickets were sold?",
                 ("tickets", adult, child, n, total), solve,
                 f"({total} - {n}*{child}) / ({adult} - {child})")


L3 = {"linear": _linear, "brackets": _brackets, "ratio": _ratio, "unit_price": _unit_price,
      "club": _club}
L4 = {"nested": _nested, "radicals": _radicals, "rationalise": _rationalise,
      "polynomial": _polynomial, "system": _system, "tickets": _tickets}
