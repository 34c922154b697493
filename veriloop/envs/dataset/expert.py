"""The dataset environment's scripted demonstrators, so `kind: sft` and `--policy expert` work
from a config alone.

- The expert answers with the row's reference answer (`<answer>ANSWER</answer>`); on a tool
  task whose answer is the expected call (`{"name", "arguments"}`), it makes that call.
- The noisy expert does so in all but a seeded share `noise` of episodes; in those it gives a
  perturbed answer: a number off by one or by ten, text with its last character dropped, a
  call with one argument missing. Which episodes slip depends on the seed, the task id and the
  sample index, so several demonstrations of one task differ.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from veriloop.formats import HermesFormat
from veriloop.graders.numeric import parse_number
from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import ByteRenderer
from veriloop.types import Task, ToolCall


def as_call(answer: Any) -> ToolCall | None:
    """The tool call an answer describes (`{"name", "arguments"}`, as data or JSON), or None."""
    if isinstance(answer, str):
        try:
            answer = json.loads(answer)
        except json.JSONDecodeError:
            return None
    if isinstance(answer, dict) and isinstance(answer.get("name"), str) \
            and isinstance(answer.get("arguments", {}), dict):
        return ToolCall(name=answer["name"], arguments=answer.get("arguments", {}))
    return None


def perturbed(answer: Any, rng: random.Random) -> Any:
    """A plausible wrong answer: see the module docstring."""
    call = as_call(answer)
    if call is not None:
        args = dict(call.arguments)
        if args:
            args.pop(rng.choice(sorted(args)))
        else:
            args["unexpected"] = 1
        return json.dumps({"name": call.name, "arguments": args})
    text = "" if answer is None else str(answer)
    number = parse_number(text)
    if number is not None:
        wrong = number + rng.choice([1, -1, 10, -10])
        return str(wrong.numerator if wrong.denominator == 1 else float(wrong))
    return text[:-1] if len(text) > 1 else text + "x"


class DatasetExpert:
    """Answers each task with its reference answer (noise 0) or, in a seeded share of
    episodes, a perturbed one (see the module docstring)."""

    scripted = True  # no context window, no sampling: runners need not budget tokens

    def __init__(self, noise: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        self.noise, self.seed = noise, seed
        self.name = "expert" if noise == 0 else f"noisy-expert({noise:g})"
        self.renderer = ByteRenderer()
        self._fmt = HermesFormat()

    def act(self, task: Task, sample_index: int = 0) -> str:
        answer = task.verification.get("answer")
        if answer is None:
            raise ValueError(f"task {task.id} has no reference answer for the expert to give; "
                             "map an answer column (env.options.columns.answer)")
        rng = random.Random(f"{self.seed}:{task.id}:{sample_index}")
        if self.noise and rng.random() < self.noise:
            answer = perturbed(answer, rng)
        call = as_call(answer) if task.metadata.get("answer_is_call") else None
        if call is not None:
            return self._fmt.render_call(call)
        return self._fmt.render_answer(str(answer))

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        if any(r.task is None for r in requests):
            raise ValueError("the scripted expert needs GenerationRequest.task")
        return [Generation(text=self.act(r.task, r.sample_index))  # type: ignore[arg-type]
                for r in requests]

    def release(self, key: str) -> None:
        pass
