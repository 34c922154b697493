"""The math world's task source: seeded word problems and expressions at four levels.

    L1  one operation on whole numbers: add, subtract, multiply, share equally   (basic.py)
    L2  two or three steps with fractions, percent and units: a sale with tax, a fraction of
        the rest, metres to centimetres, hours and minutes                       (basic.py)
    L3  linear equations (with brackets) and ratios: sharing, unit price, a club (algebra.py)
    L4  exact fractions of fractions, radicals to simplify or rationalise, a polynomial at a
        fraction, 2x2 systems, and a word problem that is a system in disguise   (algebra.py)

Each topic draws its numbers, states the question and writes the worked solution with
`exact.Work`, which computes every value exactly (Fractions and `Surd`s): the gold answer is
never a float. The same solution with one step slipped is one of the noisy expert's wrong
solutions; a slip that leaves the answer right (or divides by zero) is dropped.

A problem's `key` is its topic and numbers without the story's names and items, so two problems
that differ only in "Ava" and "Ben" share a key. The split (1 key in `TEST_SHARE` is held out,
by its hash) and the task id both come from the key, so held-out tasks share neither an id nor
the mathematics of a training task. Nothing is downloaded.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from fractions import Fraction

from veriloop.envs.math.algebra import L3, L4
from veriloop.envs.math.basic import L1, L2
from veriloop.envs.math.exact import Value, Work, decimal, tex

TOPICS = {1: L1, 2: L2, 3: L3, 4: L4}
LEVELS = tuple(TOPICS)
TEST_SHARE = 5


@dataclass(frozen=True)
class Problem:
    level: int
    topic: str
    text: str
    key: str  # topic and numbers: the split and the task id
    value: Value  # the gold answer, exact
    answer: str  # the gold answer, LaTeX
    solution: str  # the worked solution, ending in \boxed{...} of the answer
    slips: tuple[str, ...]  # worked solutions with one wrong step each, each answer wrong
    check: str  # the answer as a sympy expression (tests recompute the gold from it)


def _written(lines: list[str], answer: str) -> str:
    return "\n".join([*lines, f"Answer: \\boxed{{{answer}}}"])


def make_problem(rng: random.Random, level: int) -> Problem:
    """One problem of `level`, its topic drawn uniformly from the level's topics."""
    topic = rng.choice(sorted(TOPICS[level]))
    draft = TOPICS[level][topic](rng)
    key = ":".join(map(str, draft.key))
    work = Work()
    gold = draft.solve(work)

    def boxed(v: Value) -> str:  # amounts of money and lengths as decimals where they end
        return decimal(v) if draft.money and isinstance(v, Fraction) else tex(v)

    slips = []
    for k in range(len(work.lines)):
        slipped = Work(slip=k, seed=f"{key}:{k}")
        try:
            wrong = draft.solve(slipped)
        except ZeroDivisionError:  # the slip made a divisor 0: no student would go on
            continue
        if wrong != gold:
            slips.append(_written(slipped.lines, boxed(wrong)))
    return Problem(level=level, topic=topic, text=draft.text, key=key, value=gold,
                   answer=tex(gold),
                   solution=_written(work.lines, boxed(gold)), slips=tuple(slips),
                   check=draft.check)


def split_of(key: str) -> str:
    """'test' for one key in TEST_SHARE (by its hash), else 'train'."""
    return "test" if hashlib.sha256(key.encode()).digest()[0] % TEST_SHARE == 0 else "train"


def task_id(key: str, split: str) -> str:
    return f"math-{split}-{hashlib.sha256(key.encode()).hexdigest()[:12]}"


def make_problems(n: int, seed: int, split: str, levels: tuple[int, ...]) -> list[Problem]:
    """`n` distinct problems of `split`, each level drawn uniformly from `levels`."""
    rng = random.Random(f"math:{seed}")
    out: list[Problem] = []
    seen: set[str] = set()
    tries = 0
    while len(out) < n:
        tries += 1
        if tries > 100 * n + 1000:
            raise ValueError(f"levels {list(levels)} hold fewer than {n} distinct {split} "
                             f"problems (found {len(out)}); ask for fewer tasks or more levels")
        p = make_problem(rng, rng.choice(levels))
        if split_of(p.key) == split and p.key not in seen:
            seen.add(p.key)
            out.append(p)
    return out
