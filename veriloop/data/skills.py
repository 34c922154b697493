"""A skill library (Voyager-style) for tool environments: verified tool-call programs, retrieved
by the request they solved.

A *skill* is the program of a passed trajectory: its successful tool calls in order (name and
JSON arguments; calls that returned an error, such as an injected 429 or a wrong id, are left
out) and its final answer, filed under the user's request. It is verified twice:

- by the grade: only trajectories that passed without a fault give skills (as Voyager keeps a
  program only after the environment confirmed the task done);
- optionally by replay (`verify_by_replay`): the program alone, its failed calls removed, is
  run again on a fresh episode of the same task and must pass the environment's grader.
  Programs whose success depended on a call that is no longer there are dropped.

`skill_index` files one skill per task (the shortest program) in the BM25 index of
`veriloop.data.retrieval` (the request is searched, the program is what is shown), and
`with_skills` / `veriloop eval --experience STORE --skills` put the nearest skills under a
task's prompt.

Not done: abstracting a program's arguments into parameters (a skill is shown with the ids and
names of the task it solved), and composing skills into new ones.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from veriloop.data.retrieval import Experience, ExperienceIndex, question_text, with_examples
from veriloop.data.store import TrajectoryStore
from veriloop.envs.base import ScriptedExpert
from veriloop.errors import MissingFileError, UserError
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.types import Task, Trajectory

HEADER = "\n\nVerified tool-call programs (skills) that solved similar requests:\n"


def successful_calls(traj: Trajectory) -> list[tuple[str, dict[str, Any]]]:
    """(tool name, arguments) of every call whose result was not an error, in order."""
    out = []
    for turn in traj.turns:
        results = {r.call_id: r for r in turn.tool_results}
        for call in turn.tool_calls:
            result = results.get(call.id)
            if result is not None and not result.is_error:
                out.append((call.name, dict(call.arguments)))
    return out


def program_text(traj: Trajectory) -> str | None:
    """The skill's program as text: `name(arguments) -> ... => answer`; None without a
    successful call (nothing to reuse)."""
    calls = successful_calls(traj)
    if not calls:
        return None
    steps = " -> ".join(f"{name}({json.dumps(args, sort_keys=True)})" for name, args in calls)
    return f"{steps} => {traj.final_answer or ''}".strip()


def verify_by_replay(traj: Trajectory, task: Task, env: Any, grader: Any = None) -> bool:
    """Whether the trajectory's program alone (the turns with a successful call, then the final
    turn) passes `task` again on a fresh episode."""
    kept = {id(t) for t in traj.turns
            if any(not r.is_error for r in t.tool_results) and t.tool_calls}
    actions = [t.action_text for t in traj.turns if id(t) in kept]
    if not traj.turns or traj.final_answer is None:
        return False
    actions.append(traj.turns[-1].action_text)

    def act(_task: Task, messages: Sequence[Any]) -> str:
        n = sum(m.role == "assistant" for m in messages)
        return actions[n] if n < len(actions) else actions[-1]

    runner = RolloutRunner(env, ScriptedExpert(act, name="skill-replay"),
                           RolloutConfig(max_total_tokens=1 << 30), grader=grader)
    (replayed,) = runner.run([task])
    return bool(replayed.passed) and not replayed.is_infra_error


def skill_index(trajs: Sequence[Trajectory], env: Any = None,
                tasks: Sequence[Task] = ()) -> ExperienceIndex:
    """One skill per solved task (its shortest program) in a BM25 index over the requests.
    With `env` and the `tasks` the trajectories came from, a skill is kept only if its program
    passes again on replay (`verify_by_replay`); tasks not among `tasks` are kept unreplayed."""
    by_id = {t.id: t for t in tasks}
    best: dict[str, tuple[Trajectory, str]] = {}
    for t in trajs:
        if not t.passed or t.is_infra_error or not t.prompt:
            continue
        text = program_text(t)
        if text is None:
            continue
        cur = best.get(t.task_id)
        if cur is None or len(text) < len(cur[1]):
            best[t.task_id] = (t, text)
    grader = env.grader() if env is not None else None
    skills = []
    for tid, (t, text) in sorted(best.items()):
        if env is not None and tid in by_id and not verify_by_replay(t, by_id[tid], env, grader):
            continue
        skills.append(Experience(tid, question_text(t.prompt), text))
    return ExperienceIndex(skills)


def with_skills(tasks: Sequence[Task], store: Path, shots: int) -> list[Task]:
    """Each task with the `shots` nearest skills of the trajectory store `store` in its prompt
    (`veriloop eval --experience STORE --skills`)."""
    if not store.is_file():
        raise MissingFileError(f"--experience {store} does not exist; give a trajectory store "
                               "(trajectories.sqlite of a rollout, eval or training run)")
    with TrajectoryStore(store) as s:
        index = skill_index(s.query(infra_error=False))
    if not len(index):
        raise UserError(f"--experience {store} holds no passed trajectories with a successful "
                        "tool call: no skills to retrieve (drop --skills for whole solutions)")
    return [with_examples(t, index, shots, header=HEADER) for t in tasks]
