"""What every topic of the math world draws with: the `Draft` a topic returns (question, key,
how to solve it, the answer as sympy reads it) and the story's people, items and notation."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction as F

from veriloop.envs.math.exact import Value, Work, tex

NAMES = ["Ava", "Ben", "Cleo", "Dan", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kim", "Leo",
         "Mia", "Nia", "Omar", "Pia", "Raj", "Sue", "Tom", "Uma", "Vic", "Wen", "Yara", "Zed"]
ITEMS = ["apples", "books", "coins", "stamps", "marbles", "pens", "cards", "shells", "stickers",
         "beads", "cookies", "pebbles"]


@dataclass(frozen=True)
class Draft:
    """A topic's drawn problem before it is solved: the question, its key (the topic and the
    numbers, without names), how to solve it (with a `Work`), and the answer as a sympy
    expression (`check`, which tests evaluate to recompute the gold another way)."""

    text: str
    key: tuple[object, ...]
    solve: Callable[[Work], Value]
    check: str
    money: bool = False  # the expert writes the boxed answer as a decimal where it terminates


def people(rng: random.Random) -> tuple[str, str, str]:
    """Two different names and an item."""
    a, b = rng.sample(NAMES, 2)
    return a, b, rng.choice(ITEMS)


def lin(a: F | int, b: F | int, var: str = "x") -> str:
    """`a*x + b` as people write it: 3x - 5, -x + 2, x."""
    a, b = F(a), F(b)
    head = var if a == 1 else f"-{var}" if a == -1 else f"{tex(a)}{var}"
    if b == 0:
        return head
    return f"{head} {'-' if b < 0 else '+'} {tex(abs(b))}"


def paren(n: int | F) -> str:
    """A number inside a product: negatives in parentheses."""
    return f"({tex(F(n))})" if n < 0 else tex(F(n))
