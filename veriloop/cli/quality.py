"""`veriloop bench-quality RUN_DIR [RUN_DIR ...]`: benchmark-quality measures
(`veriloop.eval.quality`) over evaluation runs of several models, or over the steps
(checkpoints) of one training run's store; `--verifier` re-grades the stored trajectories with
a second grader and reports its agreement (Cohen's kappa) with the stored grades."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from veriloop.errors import MissingFileError, UserError
from veriloop.types import Task


def _groups(run_dirs: list[Path]) -> dict[str, list[Any]]:
    from veriloop.data.store import TrajectoryStore  # lazy: keeps `veriloop --help` fast

    groups: dict[str, list[Any]] = {}
    for d in run_dirs:
        path = d / "trajectories.sqlite"
        if not path.exists():
            raise MissingFileError(f"no trajectory store at {path}; give evaluation run "
                                   "directories (veriloop eval --out DIR)")
        with TrajectoryStore(path) as store:
            for step, t in store.iter_with_steps():
                key = d.name if len(run_dirs) > 1 or step is None else f"step {step}"
                groups.setdefault(key, []).append(t)
    return groups


def bench_quality(
        run_dirs: Annotated[list[Path], typer.Argument(help="Evaluation runs of different "
                                                            "models, or one training run.")],
        solved_at: Annotated[float, typer.Option(help="Solve rate at which a model counts as "
                                                      "solving a task (saturation).")] = 0.9,
        verifier: Annotated[str | None, typer.Option(help="A second grader (name or "
                                                          "file.py:function) to compare with "
                                                          "the stored grades.")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Saturation, discrimination, difficulty spread, never-solved tasks (candidate label
    errors) and, with --verifier, grader agreement with Cohen's kappa."""
    from veriloop.eval.quality import (  # lazy: keeps `veriloop --help` fast
        results_from_trajectories,
        suite_quality,
        verifier_agreement,
    )

    groups = _groups(run_dirs)
    if len(groups) < 2:
        raise UserError("benchmark quality compares at least two models or checkpoints; give "
                        "two or more evaluation runs, or a training run with several steps")
    try:
        q = suite_quality(results_from_trajectories(groups), solved_at)
    except ValueError as e:
        raise UserError(str(e)) from None
    out: dict[str, Any] = q.to_dict()
    if verifier is not None:
        out["verifier_agreement"] = _agreement(groups, verifier, verifier_agreement)
    if as_json:
        print(json.dumps(out))
        return
    con = Console()
    table = Table(title=f"benchmark quality: {len(q.tasks)} tasks × {len(q.models)} models")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for name, v in (("saturation (share solved by every model)", f"{q.saturation:.3f}"),
                    ("never solved (candidate label errors)", str(len(q.never_solved))),
                    ("mean difficulty", f"{q.difficulty_mean:.3f}"),
                    ("difficulty spread (std)", f"{q.difficulty_spread:.3f}"),
                    ("difficulty histogram (5 bins)", str(q.difficulty_histogram)),
                    ("mean discrimination", f"{q.discrimination_mean:.3f}"),
                    *((f"score · {m}", f"{s:.3f}") for m, s in q.model_scores.items())):
        table.add_row(name, v)
    if "verifier_agreement" in out:
        a = out["verifier_agreement"]
        table.add_row(f"agreement with {verifier}", f"{a['agreement']:.3f}")
        table.add_row("Cohen's kappa", f"{a['kappa']:.3f}")
    con.print(table)
    if q.never_solved:
        con.print("never solved: " + ", ".join(q.never_solved[:20]))


def _agreement(groups: dict[str, list[Any]], verifier: str, agree: Any) -> dict[str, Any]:

    from veriloop.graders.base import get_grader  # lazy: keeps `veriloop --help` fast

    try:
        grader = get_grader(verifier)
    except KeyError as e:
        raise UserError(str(e.args[0])) from None
    trajs = [t for ts in groups.values() for t in ts if t.grade is not None]
    tasks = _tasks(trajs)
    ids, first, second = [], [], []
    for t in trajs:
        verdict = _verdict(grader, tasks[t.task_id], t)
        if verdict is not None:
            ids.append(t.id)
            first.append(t.passed)
            second.append(verdict)
    if not ids:
        raise UserError(f"grader {verifier!r} could judge none of the stored trajectories (it "
                        "may need the tasks' hidden verification data)")
    return asdict(agree(ids, first, second))


def _verdict(grader: Any, task: Any, traj: Any) -> bool | None:
    try:
        return bool(grader(task, traj, None).passed)
    except Exception:  # noqa: BLE001 (a trajectory this grader cannot judge is left out)
        return None


def _regenerated(env_name: str, n: int) -> list[Any]:
    from veriloop.envs import get_env  # lazy: keeps `veriloop --help` fast

    try:
        env = get_env(env_name)
        return [t for split in ("test", "train") for t in env.tasks(n, seed=0, split=split)]
    except Exception:  # noqa: BLE001 (an environment that cannot regenerate: prompts only)
        return []


def _tasks(trajs: list[Any]) -> dict[str, Any]:
    """The stored trajectories' tasks: regenerated by the environment's generator (seed 0, as
    `veriloop eval` uses by default) when their ids match, else rebuilt from the recorded
    prompt without verification data (enough for graders that do not read it)."""

    found: dict[str, Any] = {}
    wanted = {t.task_id for t in trajs}
    for env_name in sorted({t.env for t in trajs}):
        for task in _regenerated(env_name, len(wanted)):
            found.setdefault(task.id, task)
    for t in trajs:
        found.setdefault(t.task_id, Task(id=t.task_id, env=t.env, prompt=t.prompt))
    return found
