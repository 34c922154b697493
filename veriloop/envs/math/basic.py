"""Levels 1 and 2 of the math world: story problems of one operation on whole numbers (L1), and
of two or three steps with fractions, percent and units (L2). Each topic returns a `Draft`."""

from __future__ import annotations

import random
from fractions import Fraction as F

from veriloop.envs.math.draft import Draft, people
from veriloop.envs.math.exact import Value, Work, decimal, tex

# --------------------------------------------------------------------- L1: one operation

def _add(rng: random.Random) -> Draft:
    name, _, item = people(rng)
    a, b = rng.randint(5, 99), rng.randint(2, 99)
    return Draft(f"{name} has {a} {item}. {name} buys {b} more {item}. How many {item} does "
                 f"{name} have now?", ("add", a, b),
                 lambda w: w.step(lambda v: f"{a} + {b} = {tex(v)}", F(a + b),
                                  [F(a + b + 1), F(a + b - 1), F(a + b + 10)]),
                 f"{a} + {b}")


def _subtract(rng: random.Random) -> Draft:
    name, friend, item = people(rng)
    a = rng.randint(20, 99)
    b = rng.randint(2, a - 1)
    return Draft(f"{name} had {a} {item} and gave {b} of them to {friend}. How many {item} "
                 f"does {name} have left?", ("subtract", a, b),
                 lambda w: w.step(lambda v: f"{a} - {b} = {tex(v)}", F(a - b),
                                  [F(a + b), F(a - b + 1), F(a - b - 10)]),
                 f"{a} - {b}")


def _multiply(rng: random.Random) -> Draft:
    name, _, item = people(rng)
    a, b = rng.randint(2, 15), rng.randint(3, 40)
    return Draft(f"{name} buys {a} boxes of {item}. Each box holds {b} {item}. How many {item} "
                 f"does {name} buy in all?", ("multiply", a, b),
                 lambda w: w.step(lambda v: f"{a} \\times {b} = {tex(v)}", F(a * b),
                                  [F(a * b + a), F(a * b - b), F(a + b)]),
                 f"{a} * {b}")


def _share(rng: random.Random) -> Draft:
    name, _, item = people(rng)
    k, each = rng.randint(2, 12), rng.randint(2, 40)
    total = k * each
    return Draft(f"{name} shares {total} {item} equally among {k} friends. How many {item} does "
                 "each friend get?", ("share", total, k),
                 lambda w: w.step(lambda v: f"{total} \\div {k} = {tex(v)}", F(total, k),
                                  [F(total, k) + 1, F(total - k)]),
                 f"{total} / {k}")


# ------------------------------------------------------ L2: fractions, percent and units

def _sale(rng: random.Random) -> Draft:
    price, off, tax = rng.randrange(20, 501, 20), rng.choice([10, 15, 20, 25, 30, 40, 50]), \
        rng.choice([5, 8, 10, 20])

    def solve(w: Work) -> Value:
        cut = w.step(lambda v: f"Discount: {off}\\% of {price} = {decimal(v)}", F(price * off, 100))
        sale = w.step(lambda v: f"Sale price: {price} - {decimal(cut)} = {decimal(v)}",
                      price - cut, [price + cut])
        add = w.step(lambda v: f"Tax: {tax}\\% of {decimal(sale)} = {decimal(v)}", sale * tax / 100)
        return w.step(lambda v: f"Final price: {decimal(sale)} + {decimal(add)} = {decimal(v)}",
                      sale + add)

    return Draft(f"A jacket costs ${price}. It is on sale for {off}% off, and then a {tax}% sales "
                 "tax is added to the sale price. What is the final price in dollars?",
                 ("sale", price, off, tax), solve,
                 f"{price} * (1 - {off}/100) * (1 + {tax}/100)", money=True)


def _pizza(rng: random.Random) -> Draft:
    name, friend, _ = people(rng)
    while True:
        b, d = rng.randint(2, 10), rng.randint(2, 10)
        a, c = rng.randint(1, b - 1), rng.randint(1, d - 1)
        if F(a, b) + F(c, d) < 1 and F(a, b) != F(c, d):
            break
    fa, fc = F(a, b), F(c, d)

    def solve(w: Work) -> Value:
        eaten = w.step(lambda v: f"Eaten: {tex(fa)} + {tex(fc)} = {tex(v)}", fa + fc,
                       [F(fa.numerator + fc.numerator, fa.denominator + fc.denominator)])
        return w.step(lambda v: f"Left: 1 - {tex(eaten)} = {tex(v)}", 1 - eaten)

    return Draft(f"{name} ate {fa} of a pizza and {friend} ate {fc} of it. What fraction of the "
                 "pizza is left?", ("pizza", fa, fc), solve, f"1 - ({fa} + {fc})")


def _rest(rng: random.Random) -> Draft:
    while True:
        b, d = rng.randint(2, 6), rng.randint(2, 6)
        a, c = rng.randint(1, b - 1), rng.randint(1, d - 1)
        n = b * d * rng.randint(1, 6)
        if n <= 200:
            break
    walk_share, bus_share = F(a, b), F(c, d)

    def solve(w: Work) -> Value:
        walk = w.step(lambda v: f"Walk: {tex(walk_share)} \\times {n} = {tex(v)}", walk_share * n)
        rest = w.step(lambda v: f"The rest: {n} - {tex(walk)} = {tex(v)}", n - walk)
        return w.step(lambda v: f"Bus: {tex(bus_share)} \\times {tex(rest)} = {tex(v)}",
                      bus_share * rest, [bus_share * n])

    return Draft(f"A school has {n} students. {walk_share} of them walk to school, and "
                 f"{bus_share} of the rest take the bus. How many students take the bus?",
                 ("rest", n, walk_share, bus_share), solve, f"({n} - {n}*{a}/{b}) * {c}/{d}")


def _ribbon(rng: random.Random) -> Draft:
    m, cm, k = rng.randint(1, 9), rng.randrange(5, 100, 5), rng.choice([2, 3, 4, 5, 8, 10])

    def solve(w: Work) -> Value:
        total = w.step(lambda v: f"Length: {m} \\times 100 + {cm} = {tex(v)} cm", F(100 * m + cm),
                       [F(10 * m + cm)])
        return w.step(lambda v: f"Each piece: {tex(total)} \\div {k} = {decimal(v)} cm", total / k)

    return Draft(f"A ribbon is {m} m {cm} cm long. It is cut into {k} equal pieces. How long is "
                 "each piece, in centimetres?", ("ribbon", m, cm, k), solve,
                 f"(100*{m} + {cm}) / {k}", money=True)


def _speed(rng: random.Random) -> Draft:
    while True:
        h, m, s = rng.randint(1, 4), rng.choice([10, 15, 20, 30, 40, 45]), rng.randint(30, 120)
        if s * (60 * h + m) % 60 == 0:
            break
    dist = s * (60 * h + m) // 60

    def solve(w: Work) -> Value:
        t = w.step(lambda v: f"Time: {h} + \\frac{{{m}}}{{60}} = {tex(v)} hours", h + F(m, 60),
                   [h + F(m, 100)])
        return w.step(lambda v: f"Speed: {dist} \\div {tex(t)} = {tex(v)} km per hour", dist / t)

    hours = "1 hour" if h == 1 else f"{h} hours"
    return Draft(f"A train travels {dist} km in {hours} {m} minutes. What is its average "
                 "speed in km per hour?", ("speed", dist, h, m), solve, f"{dist} / ({h} + {m}/60)")


L1 = {"add": _add, "subtract": _subtract, "multiply": _multiply, "share": _share}
L2 = {"sale": _sale, "pizza": _pizza, "rest": _rest, "ribbon": _ribbon, "speed": _speed}
