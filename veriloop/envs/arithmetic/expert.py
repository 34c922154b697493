"""The arithmetic world's scripted demonstrators (see the package docstring): the expert makes
one calculator call with the full expression and answers with its result; the noisy expert
slips or breaks the tool-call format in a seeded share of episodes."""

from __future__ import annotations

import random
from collections.abc import Sequence

from veriloop.formats import HermesFormat
from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import ByteRenderer, ChatRenderer
from veriloop.types import Task, ToolCall


def plausible_slip(answer: int, steps: Sequence[int], rng: random.Random) -> int:
    """A wrong answer of the kind people make: drop the last step, off by one or ten, or flip
    the sign of the last change."""
    prev = steps[-2] if len(steps) >= 2 else None
    options = [answer + 1, answer - 1, answer + 10, answer - 10]
    if prev is not None:
        options += [prev, prev - (answer - prev)]
    options = [o for o in options if o != answer]
    return rng.choice(options)


_BROKEN_CALLS = (
    lambda e: '<tool_call>{"name": "calculator", "arguments": {"expression": "' + e + '"}</tool_call>',
    lambda e: '<tool_call>{"name": "calc", "arguments": {"expression": "' + e + '"}}</tool_call>',
    lambda e: '<tool_call>{"name": "calculator", "arguments": {"expression": 0}}</tool_call>',
    lambda e: f"calculator({e})",
)


class ExpertPolicy:
    """Scripted demonstrator: calculator call with the full expression, then the answer.

    `noise` > 0 turns it into the noisy expert (see module docstring); `format_share` is the
    share of noisy episodes that break the format instead of skipping the tool.
    """

    scripted = True  # a scripted demonstrator: no context window, no sampling

    def __init__(self, noise: float = 0.0, format_share: float = 0.5, recovery: float = 0.0,
                 seed: int = 0, renderer: ChatRenderer | None = None) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        self.noise, self.format_share, self.recovery, self.seed = noise, format_share, recovery, seed
        self.name = "expert" if noise == 0 else f"noisy-expert({noise:g})"
        self.renderer = renderer or ByteRenderer()
        self._fmt = HermesFormat()

    def _mode(self, task: Task, sample: int) -> tuple[str, random.Random]:
        rng = random.Random(f"{self.seed}:{task.id}:{sample}")
        if rng.random() >= self.noise:
            return "clean", rng
        if rng.random() < self.format_share:
            return ("format-recover" if rng.random() < self.recovery else "format"), rng
        return "slip", rng

    def _act(self, req: GenerationRequest) -> str:
        task = req.task
        if task is None:
            raise ValueError("the scripted expert needs GenerationRequest.task")
        mode, rng = self._mode(task, req.sample_index)
        expr = task.metadata["expression"]
        answer = int(task.verification["answer"])
        turn = sum(m.role == "assistant" for m in req.messages)
        call = self._fmt.render_call(ToolCall(name="calculator", arguments={"expression": expr}))
        slip = self._fmt.render_answer(str(plausible_slip(answer, task.metadata["steps"], rng)))
        last = req.messages[-1].content if turn else ""
        if mode == "slip":
            return slip
        if mode == "format" or (mode == "format-recover" and turn == 0):
            return rng.choice(_BROKEN_CALLS)(expr) if turn == 0 else slip
        # clean, or recovering after a broken call
        if not req.messages or req.messages[-1].role != "tool" or last.startswith("Error"):
            return call
        return self._fmt.render_answer(last)

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        return [Generation(text=self._act(r)) for r in requests]

    def release(self, key: str) -> None:
        pass
