"""Guiding hints for groups without signal (`hints` in a run's config; issue 48).

When every valid sample of a task fails, a group-baseline estimator has nothing to learn from
it. Guide (Nath et al. 2025, "Adaptive Guidance Accelerates Reinforcement Learning of Reasoning
Models") rolls such a task out again with guidance in the context and trains on the guided
samples as if they had been sampled without it, correcting for the difference with importance
weights. Here:

1. the guidance is a share of the environment's expert solution: the expert (`env.expert` at
   noise 0) is run on the task once (cached); if it passes, the first `fraction` of its
   action text (all its turns' messages, by characters) is added to the prompt as a user
   message "Hint: a correct solution begins with: ..."; `fraction` anneals linearly to
   `final_fraction` over `anneal_steps` (a shrinking hint: the policy has to supply more of
   the solution as training goes on);
2. the hinted group (`group_size` samples) replaces the all-fail group in the step;
3. hint removal: each hinted sample's prompt is rendered again without the hint, so the
   update trains its tokens in the context the policy will actually face, while the sampling
   log-probs stay those of the hinted context: the update's ratio pi(y | x) / pi_old(y | x, hint)
   is Guide's importance weight, clipped as every ratio is (a successful sample the unhinted
   policy finds unlikely gets a small, unclipped positive push; a failed one whose ratio is
   below 1 - eps_low gets no gradient). With `correction: none` the sampling log-probs are
   dropped and recomputed without the hint: ratio 1, the sample trained as if the policy had
   drawn it unhinted (biased; a full push however unlikely the solution is to the policy).

Hinted samples are stored with `metadata["hint"]` (the revealed text) and counted in the step's
`hint/*` metrics. Held-out evaluation never sees a hint. Not covered: environments without an
expert (a `ConfigError` at setup), tasks the expert fails (no hint), asynchronous rollouts and
dynamic sampling (refused by the config: both remove the all-fail groups before hints could
see them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from veriloop.envs.base import Environment, expert_for
from veriloop.errors import ConfigError
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.trainers.config import HintsConfig
from veriloop.types import Group, Message, Task, Trajectory

HINT = "Hint: a correct solution begins with:\n"


def stuck(group: Group) -> bool:
    """Whether the group has valid samples and none of them passed (no signal for a group
    baseline, whatever the partial scores)."""
    valid = [t for t in group.samples if not t.is_infra_error]
    return bool(valid) and not any(t.passed for t in valid)


class Hints:
    """Re-rolls a step's all-fail groups with part of the expert's solution in the prompt."""

    def __init__(self, cfg: HintsConfig, env: Environment, grader: Any, renderer: Any,
                 rollout: RolloutConfig) -> None:
        self.cfg, self.renderer = cfg, renderer
        try:
            expert = expert_for(env, 0.0, seed=0)
        except ValueError as e:
            raise ConfigError(f"hints.fraction needs the environment's expert: {e}") from None
        # the expert's text is not the policy's tokens: the policy's token budgets do not apply
        self.expert = RolloutRunner(env, expert, RolloutConfig(
            group_size=1, max_new_tokens=1 << 16, max_total_tokens=1 << 20,
            step_timeout=rollout.step_timeout, episode_timeout=rollout.episode_timeout),
            grader=grader)
        self.solutions: dict[str, str | None] = {}

    def fraction(self, step: int) -> float:
        """The share of the solution revealed at `step` (1-based)."""
        c = self.cfg
        if not c.anneal_steps:
            return c.fraction
        t = min(1.0, (step - 1) / c.anneal_steps)
        return c.fraction + t * (c.final_fraction - c.fraction)

    def solution(self, task: Task) -> str | None:
        """The expert's action text on `task` (None if the expert does not pass it)."""
        if task.id not in self.solutions:
            (traj,) = self.expert.run([task])
            self.solutions[task.id] = ("\n".join(t.action_text for t in traj.turns)
                                       if traj.passed else None)
        return self.solutions[task.id]

    def hinted(self, task: Task, fraction: float) -> tuple[Task, Message] | None:
        """`task` with the hint message after its prompt, and that message; None without a
        solution or with nothing to reveal."""
        text = self.solution(task)
        if not text:
            return None
        shown = text[:math.ceil(len(text) * fraction)]
        if not shown:
            return None
        hint = Message(role="user", content=HINT + shown)
        return task.model_copy(update={"prompt": (*task.prompt, hint)}), hint

    def without(self, traj: Trajectory, hint: Message) -> Trajectory:
        """The hinted sample as if its prompt had no hint (hint removal); sampling log-probs
        kept (the hinted policy's: the importance weight's denominator) or, with `correction:
        none`, dropped (the trainer recomputes them without the hint)."""
        prompt = tuple(m for m in traj.prompt if m != hint)
        rendered = self.renderer.render_prompt(prompt, traj.tools)
        shown = hint.content.removeprefix(HINT) if isinstance(hint.content, str) else ""
        turns = traj.turns if self.cfg.correction == "importance" else tuple(
            t.model_copy(update={"action_logprobs": None}) for t in traj.turns)
        return traj.model_copy(update={
            "prompt": prompt, "prompt_text": rendered.text, "prompt_ids": tuple(rendered.ids),
            "turns": turns, "metadata": {**traj.metadata, "hint": shown}})

    def apply(self, groups: Sequence[Group], tasks: dict[str, Task], step: int,
              roll: Callable[[list[Task]], list[Trajectory]], group_size: int
              ) -> tuple[list[Group], list[Group], dict[str, float]]:
        """(the step's groups with each all-fail one replaced by its hinted group, the hinted
        groups, metrics). `roll(tasks)` samples `group_size` graded samples of each task."""
        f = self.fraction(step)
        failed = [i for i, g in enumerate(groups) if stuck(g)]
        plans: dict[int, tuple[Task, Message]] = {}
        for i in failed if f > 0 else ():
            if (plan := self.hinted(tasks[groups[i].task_id], f)) is not None:
                plans[i] = plan
        metrics = {"hint/fraction": f, "hint/stuck_groups": float(len(failed)),
                   "hint/groups": float(len(plans)), "hint/passed": 0.0}
        if not plans:
            return list(groups), [], metrics
        order = sorted(plans)
        trajs = roll([plans[i][0] for i in order])
        hinted = [Group.of([self.without(t, plans[i][1]) for t in chunk.samples])
                  for i, chunk in zip(order, Group.chunks(trajs, group_size), strict=True)]
        out = list(groups)
        for i, g in zip(order, hinted, strict=True):
            out[i] = g
        samples = [t for g in hinted for t in g.samples if not t.is_infra_error]
        metrics["hint/passed"] = sum(t.passed for t in samples) / max(1, len(samples))
        return out, hinted, metrics
