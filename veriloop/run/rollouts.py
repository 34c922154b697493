"""Rollouts of a policy on an environment's tasks, stored and summarized: what `veriloop rollout`,
`veriloop eval` (plain, on a run config's held-out split, or with --reflexion), `veriloop
compare` and `veriloop data profile` run. The episodes run through the one held-out evaluation
(`veriloop.eval.heldout.evaluate_heldout`). A bar on stderr counts
the episodes when stderr is a terminal (`veriloop.progress`)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, NamedTuple

from veriloop.data.retrieval import with_experience
from veriloop.data.skills import with_skills
from veriloop.data.store import TrajectoryStore
from veriloop.envs import set_step_budget
from veriloop.envs.base import Environment
from veriloop.errors import UserError
from veriloop.eval.heldout import evaluate_heldout
from veriloop.eval.metrics import first_infra_error
from veriloop.eval.reflexion import reflexion_eval
from veriloop.eval.task_results import RESULTS_FILE, intervals, task_results, write_task_results
from veriloop.graders.base import Grader
from veriloop.progress import progress_bar
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.run.build import make_env, suite_env_and_tasks
from veriloop.run.preflight import check_run_dir
from veriloop.types import Task, Trajectory


class Built(NamedTuple):
    """What a run config builds for an evaluation (`veriloop eval CONFIG`)."""

    env: Environment
    tasks: list[Task]
    grader: Grader


SCRIPTED = "scripted expert (not a model)"
"""The summary's `policy_kind` for the environment's scripted solver (else "model")."""


def run_rollouts(env_name: str, policy: Any, *, tasks: int, group: int, split: str, seed: int,
                 out: Path, difficulty: int | None, max_turns: int | None,
                 temperature: float, max_new_tokens: int, ks: list[int], quiet: bool = False,
                 max_total_tokens: int | None = None, run_id: str | None = None,
                 suite: str | None = None,
                 env_options: dict[str, Any] | None = None,
                 experience: Path | None = None, shots: int = 2,
                 skills: bool = False, slots: int | None = None,
                 scripted: bool = False, built: Built | None = None) -> dict[str, Any]:
    """Roll out `tasks` tasks (of the environment's `suite` if given) × `group` samples, store
    them under `out`, return the summary (with the agent metrics when they apply). With
    `experience` (a trajectory store), each prompt shows the `shots` most similar solved tasks
    of that store (`veriloop.data.retrieval`); with `skills`, their verified tool-call programs
    instead (`veriloop.data.skills`). `slots` bounds the episodes live at once (memory).
    A `scripted` policy (or one whose `scripted` attribute says so) is labelled as the scripted
    expert in the summary's `policy_kind`, so its score is never read as a model's; with
    infrastructure errors, `first_infra_error` gives the first one's kind and reason.
    `built`: the environment, tasks and grader already built (a run config's held-out split,
    `veriloop.run.heldout.heldout_components`) instead of built here from the arguments."""
    grader = None  # the environment's own
    try:
        if built is not None:
            env, task_list, grader = built
        elif suite is None:
            env = make_env(env_name, env_options)
            task_list = env.tasks(tasks, seed=seed, split=split, difficulty=difficulty)
        else:
            env, task_list = suite_env_and_tasks(env_name, suite, tasks, seed, env_options)
    except (KeyError, ValueError) as e:
        raise UserError(str(e.args[0])) from None
    check_run_dir(out)
    if experience is not None:
        task_list = (with_skills if skills else with_experience)(task_list, experience, shots)
    elif skills:
        raise UserError("--skills retrieves from a store: add --experience STORE")
    run_id = run_id or f"{env_name}-{time.strftime('%Y%m%d-%H%M%S')}"
    scripted = scripted or getattr(policy, "scripted", False)
    if max_total_tokens is None:  # a scripted policy has no context window to respect
        max_total_tokens = 1 << 30 if scripted else 4096
    set_step_budget(env, max_turns)
    config = RolloutConfig(group_size=group, run_id=run_id,
                           max_total_tokens=max_total_tokens, temperature=temperature,
                           max_new_tokens=max_new_tokens, seed=seed, slots=slots)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with TrajectoryStore(out / "trajectories.sqlite") as store, \
            progress_bar(disable=quiet) as progress:
        bar = progress.add_task(f"{env_name} · {policy.name}", total=len(task_list) * group)

        def on_trajectory(traj: Trajectory) -> None:
            store.append(traj)
            progress.advance(bar)

        runner = RolloutRunner(env, policy, config, grader=grader, on_trajectory=on_trajectory)
        summary, trajs = evaluate_heldout(runner, task_list, ks, getattr(policy, "model", None))
    results = task_results(trajs, task_list)  # per task: what `veriloop compare` pairs
    write_task_results(out / RESULTS_FILE, results)
    summary["ci"] = intervals(results, ks)
    if summary["workspace"] is None:
        del summary["workspace"]
    if suite is not None:
        summary["suite"] = suite
    summary.update(run_id=run_id, env=env_name, policy=policy.name,
                   policy_kind=SCRIPTED if scripted else "model", split=split, group=group,
                   store=str(out / "trajectories.sqlite"),
                   wall_seconds=round(time.perf_counter() - start, 3))
    if summary["infra_errors"]:
        summary["first_infra_error"] = first_infra_error(trajs)
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary


def run_reflexion_eval(env_name: str, policy: Any, *, tasks: int, attempts: int, split: str,
                       seed: int, out: Path, difficulty: int | None, max_turns: int | None,
                       temperature: float, max_new_tokens: int, max_total_tokens: int,
                       env_options: dict[str, Any] | None = None,
                       slots: int | None = None) -> dict[str, Any]:
    """Reflexion over `tasks` tasks of the environment (`veriloop.eval.reflexion`); `slots`
    bounds the episodes of an attempt live at once."""
    env = set_step_budget(make_env(env_name, env_options), max_turns)
    task_list = env.tasks(tasks, seed=seed, split=split, difficulty=difficulty)
    check_run_dir(out)
    config = RolloutConfig(group_size=1, seed=seed,
                           run_id=f"reflexion-{time.strftime('%Y%m%d-%H%M%S')}",
                           max_total_tokens=max_total_tokens, temperature=temperature,
                           max_new_tokens=max_new_tokens, slots=slots)
    summary = reflexion_eval(env, policy, task_list, attempts, config, out)
    summary.update(env=env_name, split=split)
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary
