"""Preference pairs from a policy's own trajectories (DPO on trajectories, as in AgentQ).

- `grade_pairs`: for each task, a better and a worse trajectory by grade score: every
  (higher, lower) pair whose scores differ by at least `min_margin`, best-separated first
  (largest margin, then shortest chosen), at most `max_per_task` per task, each trajectory used
  at most once as chosen and once as rejected. Ties and infrastructure faults never pair.
- `branch_pairs`: pairs of trajectories of one task that share a prefix of whole turns (an
  episode branched at a turn and rolled on along alternatives) and then differ; the branch
  turn is recorded. Their shared tokens cancel in the DPO loss, so the preference acts on what
  follows the branch point.
- `branch_rollouts` makes such branches: each source trajectory's first `turn` actions are
  replayed token for token (`BranchPolicy`; the environment is reset to the same task, so the
  observations repeat) and `n` alternatives are sampled from there on.

Pairs are of trajectories sampled by the model being trained (or rendered again in its ids),
so the DPO trainer uses their exact tokens. Pairing is deterministic (ties broken by id).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rollout.runner import RolloutRunner
from veriloop.types import Trajectory, Turn


@dataclass(frozen=True)
class Pair:
    chosen: Trajectory
    rejected: Trajectory
    branch_turn: int = 0  # the first turn where the two differ (0: they share only the prompt)

    @property
    def margin(self) -> float:
        return self.chosen.score - self.rejected.score


def _by_task(trajs: Sequence[Trajectory]) -> dict[str, list[Trajectory]]:
    out: dict[str, list[Trajectory]] = {}
    for t in trajs:
        if not t.is_infra_error and t.grade is not None and sum(t.loss_mask) > 0:
            out.setdefault(t.task_id, []).append(t)
    return out


def shared_turns(a: Trajectory, b: Trajectory) -> int:
    """How many leading turns two trajectories of one prompt share, token for token (-1 if their
    prompts differ)."""
    if list(a.prompt_ids) != list(b.prompt_ids):
        return -1
    n = 0
    for x, y in zip(a.turns, b.turns, strict=False):
        if list(x.action_ids) != list(y.action_ids) or \
                list(x.observation_ids) != list(y.observation_ids):
            break
        n += 1
    return n


def grade_pairs(trajs: Sequence[Trajectory], min_margin: float = 1e-6, max_per_task: int = 4,
                min_shared_turns: int = 0) -> list[Pair]:
    """(better, worse) pairs by grade score within each task (see the module docstring); with
    `min_shared_turns` > 0 only pairs sharing that many leading turns (branches)."""
    pairs: list[Pair] = []
    for tid in sorted(groups := _by_task(trajs)):
        g = groups[tid]
        cands = [(a, b, shared_turns(a, b)) for a in g for b in g
                 if a.score - b.score >= min_margin]
        cands = [c for c in cands if c[2] >= min_shared_turns]
        cands.sort(key=lambda p: (-(p[0].score - p[1].score), len(p[0].token_ids), p[0].id,
                                  p[1].id))
        used_c: set[str] = set()
        used_r: set[str] = set()
        for a, b, shared in cands:
            if len(used_c) >= max_per_task:
                break
            if a.id in used_c or b.id in used_r:
                continue
            used_c.add(a.id)
            used_r.add(b.id)
            pairs.append(Pair(a, b, max(shared, 0)))
    return pairs


def branch_pairs(trajs: Sequence[Trajectory], min_margin: float = 1e-6,
                 min_shared_turns: int = 1, max_per_task: int = 4) -> list[Pair]:
    """Grade pairs of trajectories that share at least `min_shared_turns` whole turns
    (branches of one episode)."""
    return grade_pairs(trajs, min_margin, max_per_task, max(min_shared_turns, 1))


class BranchPolicy:
    """Replays a recorded prefix of turns per task (its exact action ids and logprobs), then
    lets `policy` sample. The turn of a request is the number of assistant messages in it."""

    def __init__(self, policy: Any, prefixes: dict[str, Sequence[Turn]]) -> None:
        self.policy = policy
        self.prefixes = prefixes
        self.name = f"{policy.name}+branch"
        self.renderer = policy.renderer

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        out: list[Generation | None] = [None] * len(requests)
        live = []
        for i, r in enumerate(requests):
            prefix = self.prefixes.get(r.task.id, ()) if r.task is not None else ()
            turn = sum(m.role == "assistant" for m in r.messages)
            if turn < len(prefix):
                t = prefix[turn]
                out[i] = Generation(text=t.action_text, token_ids=tuple(t.action_ids),
                                    logprobs=None if t.action_logprobs is None
                                    else tuple(t.action_logprobs))
            else:
                live.append(i)
        if live:
            for i, g in zip(live, self.policy.generate([requests[i] for i in live], params),
                            strict=True):
                out[i] = g
        return [g for g in out if g is not None]

    def release(self, key: str) -> None:
        self.policy.release(key)


def branch_rollouts(env: Any, policy: Any, sources: Sequence[Trajectory], tasks: Sequence[Any],
                    turn: int, n: int, rollout_config: Any, grader: Any = None
                    ) -> list[Trajectory]:
    """`n` alternatives of each source (one per task, with more than `turn` turns) that replay
    its first `turn` turns and sample the rest."""
    by_task = {t.id: t for t in tasks}
    prefixes: dict[str, Sequence[Turn]] = {}
    for s in sources:
        if len(s.turns) > turn and s.task_id in by_task and s.task_id not in prefixes:
            prefixes[s.task_id] = s.turns[:turn]
    if not prefixes:
        return []
    rc = rollout_config.model_copy(update={"group_size": n})
    return RolloutRunner(env, BranchPolicy(policy, prefixes), rc, grader=grader).run(
        [by_task[k] for k in prefixes])
