"""Majority voting over final answers, with answers grouped by the environment's grader.

Two answers are the same vote when the grader, given the first as the gold answer, passes the
second: for `math` this is math-verify equivalence (`1/2`, `0.5` and `\\frac{1}{2}` are one
answer), for `numeric` exact rational equality. An environment whose grader does not read
`verification["answer"]` falls back to equality of whitespace-normalised text. Episodes without
a final answer do not vote. Ties go to the answer seen first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from veriloop.inference.base import InferenceContext, Selection, SelectMethod
from veriloop.types import Task, Trajectory

Equivalent = Callable[[str, str], bool]


def text_equivalence(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def grader_equivalence(grader: Any, task: Task) -> Equivalent:
    """`equivalent(a, b)`: does the grader accept answer `b` when `a` is the gold answer?
    Graders that fail on such a question (no `answer` field used, state required) fall back to
    text equality, per pair."""

    def equivalent(a: str, b: str) -> bool:
        if text_equivalence(a, b):
            return True
        probe = task.model_copy(update={"verification": {**task.verification, "answer": a}})
        traj = Trajectory(id="vote", run_id="vote", task_id=task.id, env=task.env,
                          group_id="vote", prompt_text="", prompt_ids=(), final_answer=b,
                          done=True)
        try:
            return bool(grader(probe, traj, None).passed)
        except Exception:  # noqa: BLE001 (a grader that cannot judge this pair: text equality)
            return False

    return equivalent


@dataclass(frozen=True)
class Vote:
    """The clusters of equivalent answers (indices into the answers, in first-seen order), their
    weights, and the winner (index of the winning cluster's first member; None: no answers)."""

    clusters: tuple[tuple[int, ...], ...]
    weights: tuple[float, ...]
    winner: int | None


def cluster_answers(answers: Sequence[str | None], equivalent: Equivalent) -> list[list[int]]:
    """Group answer indices into equivalence classes; each answer joins the first cluster whose
    first member it is equivalent to. None answers are left out."""
    clusters: list[list[int]] = []
    for i, a in enumerate(answers):
        if a is None:
            continue
        for c in clusters:
            if equivalent(answers[c[0]], a):
                c.append(i)
                break
        else:
            clusters.append([i])
    return clusters


def majority_vote(answers: Sequence[str | None], equivalent: Equivalent = text_equivalence,
                  weights: Sequence[float] | None = None) -> Vote:
    """The answer with the largest total weight (1 each by default); ties: first seen."""
    clusters = cluster_answers(answers, equivalent)
    w = [1.0] * len(answers) if weights is None else list(weights)
    totals = [sum(w[i] for i in c) for c in clusters]
    best = max(range(len(clusters)), key=lambda j: (totals[j], -j), default=None)
    return Vote(tuple(tuple(c) for c in clusters), tuple(totals),
                clusters[best][0] if best is not None else None)


def vote_selection(ctx: InferenceContext, task: Task, cands: list[Trajectory],
                   weights: Sequence[float] | None = None) -> Selection:
    vote = majority_vote([t.final_answer for t in cands], grader_equivalence(ctx.grader, task),
                         weights)
    index = vote.winner if vote.winner is not None else (0 if cands else None)
    return Selection(index, details={"clusters": [len(c) for c in vote.clusters],
                                     "votes": [round(w, 4) for w in vote.weights]})


def first() -> SelectMethod:
    """No selection: the first sample (with --n 1 and temperature 0, greedy decoding)."""
    return SelectMethod("first", lambda ctx, task, cands: Selection(0 if cands else None))


def majority() -> SelectMethod:
    """Majority vote over final answers grouped by the environment's grader."""
    return SelectMethod("majority", vote_selection)
