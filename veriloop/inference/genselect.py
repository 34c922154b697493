"""GenSelect (Toshniwal et al., 2025): the model reads N candidate solutions and names the best;
to cancel its position bias the candidates are shown in several orders and the picks are
counted as votes.

The orders are the rotations of one random permutation (seeded per task): with `selections`
equal to N, every candidate sits in every position exactly once, so a selector that always
picks, say, the first position gives every candidate one vote and cannot favour any of them.
A pick that cannot be parsed casts no vote; without votes the first candidate is chosen.
Ties go to the candidate sampled first. Candidates are shown by their transcripts, truncated.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Callable, Sequence

from veriloop.graders.judge import Judge, question_text, transcript
from veriloop.inference.base import (
    CountingPolicy,
    InferenceContext,
    Selection,
    SelectMethod,
)
from veriloop.policy import SamplingParams
from veriloop.types import Task, Trajectory

PROMPT = """You are given a problem and {n} candidate solutions. Decide which solution is \
correct (or the best one).

Problem:
{question}

{solutions}

Reply with the number of the best solution as <answer>NUMBER</answer>."""


def orders(n: int, selections: int, seed: int) -> list[list[int]]:
    """`selections` orders of candidates 0..n-1: rotations j = 0, 1, ... of a random
    permutation (seeded). Position p of order j shows candidate `order[j][p]`."""
    base = list(range(n))
    random.Random(seed).shuffle(base)
    return [base[j % n:] + base[:j % n] for j in range(selections)] if n else []


def parse_pick(text: str, n: int) -> int | None:
    """The 1-based position the selector named (from `<answer>k</answer>`, else the last
    "Solution k", else the last number), as a 0-based position; None if absent or out of range."""
    for pattern in (r"<answer>\s*(?:Solution\s*)?(\d+)\s*</answer>", r"Solution\s*(\d+)",
                    r"(\d+)"):
        found = re.findall(pattern, text, flags=re.IGNORECASE)
        if found:
            k = int(found[-1])
            return k - 1 if 1 <= k <= n else None
    return None


def tally(picks: Sequence[int | None], shown: Sequence[Sequence[int]], n: int) -> list[int]:
    """Votes per candidate: pick p (a position) of selection j is a vote for `shown[j][p]`."""
    votes = [0] * n
    for p, order in zip(picks, shown, strict=True):
        if p is not None:
            votes[order[p]] += 1
    return votes


def candidate_text(traj: Trajectory, limit: int) -> str:
    """The candidate's transcript (truncated to `limit` characters) and its final answer."""
    answer = traj.final_answer if traj.final_answer is not None else "(none)"
    return f"{transcript(traj, limit)}\nFinal answer: {answer}".lstrip()


Ask = Callable[[list[str]], list[str]]


def genselect_selection(task: Task, cands: list[Trajectory], ask: Ask, selections: int,
                        seed: int, limit: int = 1500) -> tuple[int | None, dict]:
    """Show the candidates in `selections` rotated orders, `ask` the selector, count votes."""
    n = len(cands)
    if n <= 1:
        return (0 if n else None), {"votes": [1] * n}
    shown = orders(n, selections, seed)
    texts = [candidate_text(t, limit) for t in cands]
    prompts = [PROMPT.format(n=n, question=question_text(task), solutions="\n\n".join(
        f"Solution {p + 1}:\n{texts[c]}" for p, c in enumerate(order))) for order in shown]
    replies = ask(prompts)
    picks = [parse_pick(r, n) for r in replies]
    votes = tally(picks, shown, n)
    best = max(range(n), key=lambda i: (votes[i], -i))
    return best, {"votes": votes, "unparsed": sum(p is None for p in picks)}


def genselect(selections: int | None = None, limit: int = 1500) -> SelectMethod:
    """The policy picks the best of the N candidates in `selections` shuffled orders (default N),
    the most picked wins."""

    def select(ctx: InferenceContext, task: Task, cands: list[Trajectory]) -> Selection:
        counting = CountingPolicy(ctx.policy)
        judge = Judge(counting, SamplingParams(temperature=ctx.rollout.temperature,
                                               max_new_tokens=32, stop=("</answer>",)))
        seed = zlib.crc32(task.id.encode()) ^ (ctx.rollout.seed or 0)
        index, details = genselect_selection(task, cands, judge.ask, selections or len(cands),
                                             seed, limit)
        return Selection(index, extra_tokens=counting.tokens, details=details)

    return SelectMethod("genselect", select)
