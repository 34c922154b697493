"""The math world's environment: one turn, no tools. The agent's reply is its answer, read by
veriloop's math verifier (`veriloop.graders.math_equiv`, registered grader `math`): the last
`\\boxed{}` (or a run of boxes that reads as one list), compared by mathematical equivalence in
worker processes with a timeout, so 3/4, 0.75 and \\frac{3}{4} all pass. Every task asks for the
simplest form, so an unreduced fraction, an unsimplified radical or unevaluated arithmetic
("12 \\times 3 + 4") earns nothing, and an answer that restates the question's expression is
rejected even though it evaluates to the gold value.

No `calculator`: the world trains exact arithmetic and algebra, which a tool would do for the
model (the `arithmetic` world is the one with a calculator)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from veriloop.envs.base import Observation
from veriloop.envs.math.expert import MathExpert
from veriloop.envs.math.tasks import LEVELS, make_problems, task_id
from veriloop.errors import ConfigError
from veriloop.graders.base import Grader
from veriloop.graders.math_equiv import math_grader
from veriloop.types import Message, Task, ToolSpec

SYSTEM_PROMPT = ("Solve the math problem. Write your steps, one per line, then the final answer "
                 "as \\boxed{ANSWER}: an exact number (a whole number, a fraction in lowest "
                 "terms, a decimal or a simplified radical; an ordered pair for a system), "
                 "without units.")


@dataclass(frozen=True)
class MathState:
    """What the grader receives: the reply (None until the agent has answered)."""

    final_answer: str | None = None


class MathEpisode:
    """One reply, which is the answer; no tools."""

    tools: tuple[ToolSpec, ...] = ()
    instructions = ""  # the answer format is in the task's system prompt; there is no tool

    def __init__(self, task: Task) -> None:
        self.task = task
        self.reply: str | None = None

    def step(self, message: Message) -> Observation:
        self.reply = message.content
        return Observation(done=True, final_answer=message.content)

    @property
    def state(self) -> MathState:
        return MathState(final_answer=self.reply)

    def close(self) -> None:
        pass


class MathEnv:
    """Word problems and expressions at levels 1-4, answered in \\boxed{} (see `tasks`)."""

    name = "math"

    def __init__(self, max_turns: int = 1, levels: Sequence[int] | int = LEVELS,
                 timeout: float = 5.0, workers: int = 1) -> None:
        levels = [levels] if isinstance(levels, int) else list(levels)  # `levels=2`: one level
        bad = [lv for lv in levels if lv not in LEVELS]
        if bad or not levels:
            raise ConfigError(f"math levels must be a non-empty list of {list(LEVELS)}, "
                              f"got {list(levels)}")
        if timeout <= 0 or workers < 1:
            raise ConfigError(f"math needs timeout > 0 seconds and workers >= 1, got timeout "
                              f"{timeout}, workers {workers}")
        self.max_turns = max_turns
        self.levels = tuple(sorted(set(levels)))
        self.timeout, self.workers = timeout, workers

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        if split not in ("train", "test"):
            raise ValueError(f"split must be 'train' or 'test', got {split!r}")
        if difficulty is not None and difficulty not in LEVELS:
            raise ValueError(f"difficulty must be one of {list(LEVELS)}, got {difficulty}")
        levels = (difficulty,) if difficulty is not None else self.levels
        return [Task(id=task_id(p.key, split), env=self.name, difficulty=p.level,
                     prompt=(Message(role="system", content=SYSTEM_PROMPT),
                             Message(role="user", content=p.text)),
                     metadata={"level": p.level, "category": f"L{p.level}", "topic": p.topic},
                     verification={"answer": p.answer, "simplest_form": True,
                                   "solution": p.solution, "slips": list(p.slips),
                                   "check": p.check})
                for p in make_problems(n, seed, split, levels)]

    def reset(self, task: Task) -> MathEpisode:
        return MathEpisode(task)

    def expert(self, noise: float = 0.0, seed: int = 0) -> MathExpert:
        """The worked-solution expert; `noise` > 0 gives the noisy expert (a wrong step)."""
        return MathExpert(noise, seed)

    def grader(self) -> Grader:
        """The math verifier, simplest form as each task asks (all of them do)."""
        return math_grader(timeout=self.timeout, workers=self.workers)
