"""Helpers for the bfcl tests: play a script of calls through a real episode and grade it."""

from __future__ import annotations

from veriloop.envs.bfcl import BfclEnv, BfclState
from veriloop.envs.bfcl.grading import BfclGrader
from veriloop.formats import HermesFormat
from veriloop.types import Grade, Message, Task, ToolCall, Trajectory

FMT = HermesFormat()


def play(env: BfclEnv, task: Task, turns: list[list[ToolCall]]) -> BfclState:
    """Each turn's calls in one message, then an answer (single-turn: the calls, or an answer
    when there are none); the episode's final state."""
    episode = env.reset(task)
    for calls in turns:
        if calls:
            obs = episode.step(Message(role="assistant",
                                       content="\n".join(FMT.render_call(c) for c in calls)))
            assert obs.format_error is None, obs.format_error
            if obs.done:
                break
        obs = episode.step(Message(role="assistant", content=FMT.render_answer("Done.")))
        if obs.done:
            break
    return episode.state


def grade(task: Task, state: BfclState) -> Grade:
    traj = Trajectory(id="t", run_id="r", task_id=task.id, env="bfcl", group_id="g",
                      sample_index=0, policy="test", prompt=task.prompt, prompt_text="",
                      prompt_ids=(), turns=())
    return BfclGrader()(task, traj, state)


def sample(tasks: list[Task], per_category: int) -> list[Task]:
    """The first `per_category` tasks of each category, in id order (deterministic)."""
    by: dict[str, list[Task]] = {}
    for t in sorted(tasks, key=lambda t: (len(t.id), t.id)):
        by.setdefault(t.metadata["category"], []).append(t)
    return [t for group in by.values() for t in group[:per_category]]
