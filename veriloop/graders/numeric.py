"""Numeric answer checking: exact (default) or within a tolerance.

The gold answer is read from `task.verification["answer"]`; the candidate is the trajectory's
final answer. Thousands separators, surrounding whitespace and a trailing period are ignored;
anything that does not parse as a number fails (it is not an error).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

from veriloop.graders.base import Grader, register_grader
from veriloop.types import Grade, Task, Trajectory

_NUMBER = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")


def parse_number(text: str | None) -> Fraction | None:
    """An exact rational for a plain decimal/integer/fraction string, else None."""
    if text is None:
        return None
    s = text.strip().rstrip(".").replace(",", "").replace(" ", "")
    if "/" in s:
        num, _, den = s.partition("/")
        a, b = parse_number(num), parse_number(den)
        return a / b if a is not None and b not in (None, 0) else None
    if not _NUMBER.match(s):
        return None
    return Fraction(s)


def numbers_match(gold: Any, answer: str | None, rel_tol: float = 0.0,
                  abs_tol: float = 0.0) -> bool:
    g, a = parse_number(str(gold)), parse_number(answer)
    if g is None or a is None:
        return False
    if rel_tol == 0.0 and abs_tol == 0.0:
        return g == a
    return math.isclose(float(g), float(a), rel_tol=rel_tol, abs_tol=abs_tol)


@register_grader("numeric")
def numeric_grader(rel_tol: float = 0.0, abs_tol: float = 0.0) -> Grader:
    """1.0 when the final answer equals `task.verification["answer"]` (within the tolerances)."""

    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        gold = task.verification.get("answer")
        ok = numbers_match(gold, trajectory.final_answer, rel_tol, abs_tol)
        why = "correct" if ok else f"expected {gold}, got {trajectory.final_answer!r}"
        return Grade(score=float(ok), passed=ok, components={"correct": float(ok)},
                     explanation=why)

    return grade
