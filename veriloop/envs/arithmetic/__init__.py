"""`arithmetic`: multi-step arithmetic word problems solved with a `calculator` tool.

Each problem is a short story whose quantity changes through `difficulty` operations (add,
remove, buy boxes of k, double/triple, share equally); the answer is an integer. The agent is
expected to call `calculator` with an expression and then answer `<answer>N</answer>`; grading
is exact numeric match. Train and test splits are disjoint by construction (a problem's split is
a hash of its text).

Two scripted policies come with it and produce demonstrations for SFT:
- `ExpertPolicy`: one calculator call with the full expression, then the tool's result as answer.
- `NoisyExpertPolicy`: a configurable fraction of episodes go wrong, either skipping the tool and
  answering with a plausible slip (dropped last step, off-by-one, off-by-ten, swapped operator),
  or breaking the tool-call format (bad JSON, unknown tool, wrong argument type, missing tags)
  and then, unless it recovers (`recovery` probability), answering with a slip.
"""

from __future__ import annotations

import hashlib
import random

from veriloop.envs.arithmetic.expert import ExpertPolicy, plausible_slip
from veriloop.envs.arithmetic.tasks import (
    MAX_DIFFICULTY,
    SYSTEM_PROMPT,
    Problem,
    make_problem,
    split_of,
)
from veriloop.envs.arithmetic.tools import calculator, evaluate, format_number
from veriloop.envs.base import Episode, ToolEpisode
from veriloop.graders.base import Grader
from veriloop.graders.numeric import numeric_grader
from veriloop.tools import ToolRegistry
from veriloop.types import Message, Task

__all__ = ["SYSTEM_PROMPT", "ArithmeticEnv", "ExpertPolicy", "Problem", "calculator", "evaluate",
           "format_number", "make_problem", "plausible_slip"]


class ArithmeticEnv:
    """Word problems with a calculator; `difficulty` is the number of operations (1-5)."""

    name = "arithmetic"

    def __init__(self, max_turns: int = 4, max_output_chars: int = 200,
                 recovery: float = 0.0) -> None:
        self.max_turns = max_turns
        self.max_output_chars = max_output_chars
        self.recovery = recovery  # the noisy expert's chance to recover from a broken call

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        if split not in ("train", "test"):
            raise ValueError(f"split must be 'train' or 'test', got {split!r}")
        if difficulty is not None and not 1 <= difficulty <= MAX_DIFFICULTY:
            raise ValueError(f"difficulty must be in 1..{MAX_DIFFICULTY}, got {difficulty}")
        rng = random.Random(f"arithmetic:{seed}")
        out: list[Task] = []
        seen: set[str] = set()
        while len(out) < n:
            d = difficulty or rng.randint(1, MAX_DIFFICULTY)
            p = make_problem(rng, d)
            if split_of(p.text) != split or p.text in seen:
                continue
            seen.add(p.text)
            uid = hashlib.sha256(p.text.encode()).hexdigest()[:10]
            out.append(Task(
                id=f"arith-{split}-{uid}", env=self.name, difficulty=d,
                prompt=(Message(role="system", content=SYSTEM_PROMPT),
                        Message(role="user", content=p.text)),
                metadata={"expression": p.expression, "steps": list(p.steps)},
                verification={"answer": p.answer},
            ))
        return out

    def reset(self, task: Task) -> Episode:
        return ToolEpisode(task, ToolRegistry([calculator], max_output_chars=self.max_output_chars))

    def expert(self, noise: float = 0.0, seed: int = 0) -> ExpertPolicy:
        """The scripted demonstrator; `noise` > 0 gives the noisy expert."""
        return ExpertPolicy(noise=noise, recovery=self.recovery, seed=seed)

    def grader(self) -> Grader:
        return numeric_grader()
