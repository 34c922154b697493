"""Exact values of the math world and the recorder its worked solutions are written with.

Every gold answer is computed here with `fractions.Fraction` and integer radicals (`Surd`, a
rational times the square root of a square-free integer): never with floats, so a gold answer
is never a rounded one. `tex` writes a value the way the gold answer and the expert write it
(`\\frac{3}{4}`, `2\\sqrt{3}`, `(7, -2)`).

`Work` records a solution one step at a time: each `step` writes a line and returns its value.
Given a `slip` (a step index), that step's value is replaced by a plausible wrong one (a sign
error, off by one, an inverted fraction, or a slip the problem names) and the later steps
compute from it, so the noisy expert's solutions stay consistent with themselves and end on a
wrong answer, as a student's would.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar, cast


@dataclass(frozen=True)
class Surd:
    """`coef * sqrt(radicand)`, radicand square-free and > 1 (build with `surd`)."""

    coef: Fraction
    radicand: int


Value = Fraction | Surd | tuple[Fraction, ...]
V = TypeVar("V", Fraction, Surd, tuple[Fraction, ...])


def square_part(n: int) -> tuple[int, int]:
    """(k, r) with n == k*k*r and r square-free: sqrt(n) = k*sqrt(r)."""
    if n < 1:
        raise ValueError(f"square_part needs a positive integer, got {n}")
    k, r, f = 1, n, 2
    while f * f <= r:
        while r % (f * f) == 0:
            k, r = k * f, r // (f * f)
        f += 1
    return k, r


def surd(coef: Fraction | int, n: int) -> Fraction | Surd:
    """coef * sqrt(n) in simplest form: a Fraction when n is a perfect square."""
    k, r = square_part(n)
    c = Fraction(coef) * k
    return c if r == 1 or c == 0 else Surd(c, r)


def _frac(f: Fraction) -> str:
    if f.denominator == 1:
        return str(f.numerator)
    sign = "-" if f < 0 else ""
    return f"{sign}\\frac{{{abs(f.numerator)}}}{{{f.denominator}}}"


def tex(v: Value) -> str:
    """The LaTeX of an exact value: `-\\frac{3}{4}`, `\\frac{3\\sqrt{2}}{2}`, `(7, -2)`."""
    if isinstance(v, tuple):
        return "(" + ", ".join(tex(x) for x in v) + ")"
    if isinstance(v, Surd) and v.coef == 0:
        return "0"
    if isinstance(v, Surd):
        root = f"\\sqrt{{{v.radicand}}}"
        num, den = abs(v.coef.numerator), v.coef.denominator
        sign = "-" if v.coef < 0 else ""
        top = root if num == 1 else f"{num}{root}"
        return f"{sign}{top}" if den == 1 else f"{sign}\\frac{{{top}}}{{{den}}}"
    return _frac(v)


def decimal(v: Fraction) -> str:
    """A terminating fraction as a decimal ("32.4"), any other as `tex` (money, lengths)."""
    d = v.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        return _frac(v)
    places = 0
    while (v * 10**places).denominator != 1:
        places += 1
    digits = abs(v.numerator * 10**places // v.denominator)
    whole, frac = divmod(digits, 10**places) if places else (digits, 0)
    sign = "-" if v < 0 else ""
    return f"{sign}{whole}" + (f".{frac:0{places}d}" if places else "")


def slips_of(v: Value, rng: random.Random) -> list[Value]:
    """Plausible wrong values of `v`: its sign flipped, off by one, an inverted fraction, a
    doubled value; for a pair, its entries swapped or one sign flipped."""
    if isinstance(v, tuple):
        out: list[Value] = [tuple(reversed(v)), (-v[0], *v[1:]), (*v[:-1], v[-1] + 1)]
    elif isinstance(v, Surd):
        out = [Surd(-v.coef, v.radicand), Surd(v.coef + 1, v.radicand),
               Surd(v.coef * 2, v.radicand)]
    else:
        out = [-v, v + 1, v - 1, v * 2]
        if v.denominator != 1 and v != 0:
            out.append(1 / v)
    wrong = [w for w in out if w != v]
    rng.shuffle(wrong)
    return wrong


class Work:
    """A worked solution being written (see the module docstring): `step(line, value)` records
    `line(value)` and returns the value, or, at step `slip`, a wrong value (`alternatives`
    first, the problem's own likely mistakes, else `slips_of`)."""

    def __init__(self, slip: int | None = None, seed: str = "") -> None:
        self.slip = slip
        self.rng = random.Random(seed)
        self.lines: list[str] = []

    def step(self, line: Callable[[V], str], value: V, alternatives: Sequence[V] = ()) -> V:
        if len(self.lines) == self.slip:
            options = [a for a in alternatives if a != value]
            value = self.rng.choice(options) if options else cast(V, slips_of(value, self.rng)[0])
        self.lines.append(line(value))
        return value
