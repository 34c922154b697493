"""The arithmetic world's task source: seeded word problems whose quantity changes through
`difficulty` operations; a problem's split (train or test) is a hash of its text, so the splits
are disjoint by construction."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from veriloop.envs.arithmetic.tools import evaluate

SYSTEM_PROMPT = ("Solve the problem. Use the calculator tool for the arithmetic, then give the "
                 "final answer as <answer>NUMBER</answer>.")

_NAMES = ["Ava", "Ben", "Cleo", "Dan", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kim", "Leo",
          "Mia", "Nia", "Omar", "Pia", "Raj", "Sue", "Tom", "Uma", "Vic", "Wen", "Yara", "Zed"]
_ITEMS = ["apples", "books", "coins", "stamps", "marbles", "pens", "cards", "shells", "eggs",
          "stickers", "beads", "cookies"]
MAX_DIFFICULTY = 5


@dataclass(frozen=True)
class Problem:
    text: str
    expression: str
    answer: int
    steps: tuple[int, ...]  # running value after each operation (for plausible slips)


def _wrap(expr: str) -> str:
    return f"({expr})" if ("+" in expr or "-" in expr) else expr


def make_problem(rng: random.Random, difficulty: int) -> Problem:
    name, item = rng.choice(_NAMES), rng.choice(_ITEMS)
    value = rng.randint(5, 60)
    expr = str(value)
    sentences = [f"{name} has {value} {item}."]
    steps = []
    for _ in range(difficulty):
        op = rng.choice(["add", "sub", "boxes", "mul", "div"])
        if op == "sub" and value < 4:
            op = "add"
        if op == "div":
            divisors = [k for k in (2, 3, 4, 5) if value % k == 0 and value // k > 0]
            if not divisors:
                op = "boxes"
            else:
                k = rng.choice(divisors)
                sentences.append(f"{name} splits them into {k} equal piles and keeps one pile.")
                expr, value = f"{_wrap(expr)} / {k}", value // k
        if op == "add":
            b = rng.randint(2, 50)
            verb = rng.choice(["finds", "buys", "is given"])
            sentences.append(f"{name} {verb} {b} more {item}.")
            expr, value = f"{expr} + {b}", value + b
        elif op == "sub":
            b = rng.randint(1, value - 1)
            verb = rng.choice(["gives away", "loses", "sells"])
            sentences.append(f"{name} {verb} {b} {item}.")
            expr, value = f"{expr} - {b}", value - b
        elif op == "boxes":
            k, b = rng.randint(2, 9), rng.randint(2, 12)
            sentences.append(f"{name} buys {k} boxes with {b} {item} in each box.")
            expr, value = f"{expr} + {k} * {b}", value + k * b
        elif op == "mul":
            k = rng.choice([2, 3])
            word = {2: "doubles", 3: "triples"}[k]
            sentences.append(f"The number of {item} {name} has {word}.")
            expr, value = f"{_wrap(expr)} * {k}", value * k
        steps.append(value)
    sentences.append(f"How many {item} does {name} have now?")
    assert evaluate(expr) == value, (expr, value)
    return Problem(text=" ".join(sentences), expression=expr, answer=value, steps=tuple(steps))


def split_of(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return "test" if digest[0] % 10 == 0 else "train"
