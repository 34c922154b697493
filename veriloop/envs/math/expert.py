"""The math world's scripted demonstrators: the expert writes the task's worked solution (its
steps, one a line, then `Answer: \\boxed{...}`); the noisy expert, in a seeded share `noise` of
episodes, writes one of the task's slipped solutions instead: one step goes wrong (a sign
error, a term not distributed, numerators added across, 2 h 30 min read as 2.3 h ...) and the
later steps compute from it, so its final answer is wrong."""

from __future__ import annotations

import random
from collections.abc import Sequence

from veriloop.envs.base import ScriptedExpert
from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.types import Message, Task


class MathExpert(ScriptedExpert):
    """The worked solution of `task.verification`; with `noise`, that share of episodes (drawn
    from the seed, the task id and the sample index) gets a slipped one."""

    def __init__(self, noise: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        super().__init__(self._first, "expert" if noise == 0 else f"noisy-expert({noise:g})")
        self.noise, self.seed = noise, seed

    def solution(self, task: Task, sample_index: int = 0) -> str:
        """This episode's reply: the worked solution, or (noisy) one with a wrong step."""
        slips = task.verification.get("slips") or []
        rng = random.Random(f"math:{self.seed}:{task.id}:{sample_index}")
        if slips and rng.random() < self.noise:
            return str(rng.choice(slips))
        return str(task.verification["solution"])

    def _first(self, task: Task, messages: tuple[Message, ...]) -> str:
        return self.solution(task)

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        if any(r.task is None for r in requests):
            raise ValueError("the scripted expert needs GenerationRequest.task")
        return [Generation(text=self.solution(r.task, r.sample_index))  # type: ignore[arg-type]
                for r in requests]
