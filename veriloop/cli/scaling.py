"""`veriloop eval --inference NAME --n N`: runs an inference-time scaling method
(`veriloop.eval.scaling`) with progress on stderr, stores every sampled episode, writes
summary.json and report.html, prints the accuracy-versus-N table (or the summary as JSON)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from veriloop.cli.common import build_policy, check_infra_errors, err
from veriloop.errors import UserError
from veriloop.progress import progress_bar


def eval_inference(env_name: str, policy: str | None, model: str | None, tasks: int,
                   out: Path | None, split: str, seed: int, difficulty: int | None,
                   noise: float, max_turns: int | None, temperature: float | None,
                   max_new_tokens: int, max_total_tokens: int | None, as_json: bool,
                   env_options: dict[str, Any], method: str, n: int,
                   options: dict[str, Any], device: str | None = None) -> None:
    """`veriloop eval --inference NAME --n N`: see `veriloop.eval.scaling`."""
    # lazy: CLI start-up time (all below): veriloop.run.build loads torch
    from veriloop.data.store import TrajectoryStore
    from veriloop.envs import set_step_budget
    from veriloop.eval.metrics import first_infra_error
    from veriloop.eval.report import write_report
    from veriloop.eval.scaling import evaluate_inference
    from veriloop.inference import get_method
    from veriloop.rollout.config import RolloutConfig
    from veriloop.run.build import make_env
    from veriloop.run.preflight import check_run_dir
    from veriloop.run.rollouts import SCRIPTED

    get_method(method, **options)  # an unknown name or option fails before any work
    try:
        env = set_step_budget(make_env(env_name, env_options), max_turns)
        task_list = env.tasks(tasks, seed=seed, split=split, difficulty=difficulty)
    except (KeyError, ValueError) as e:
        raise UserError(str(e.args[0])) from None
    out = out or Path("runs") / f"eval-{time.strftime('%Y%m%d-%H%M%S')}"
    check_run_dir(out)
    pol = build_policy(env_name, policy, model, noise, seed, env_options, device)
    if max_total_tokens is None:
        max_total_tokens = 1 << 30 if getattr(pol, "scripted", False) else 4096
    temp = temperature if temperature is not None else (0.0 if n == 1 else 1.0)
    run_id = f"{env_name}-{method}-{time.strftime('%Y%m%d-%H%M%S')}"
    rollout = RolloutConfig(temperature=temp, max_new_tokens=max_new_tokens,
                            max_total_tokens=max_total_tokens, seed=seed, run_id=run_id)
    out.mkdir(parents=True, exist_ok=True)
    if not as_json:
        err.print(f"[bold]{env_name} · {pol.name} · {method} @ N={n}[/bold] on {len(task_list)} "
                  "tasks")
    sampled = method != "tree"  # tree search runs as many episodes as its search needs
    with TrajectoryStore(out / "trajectories.sqlite") as store, \
            progress_bar(err) as progress:
        bar = progress.add_task(f"{method} · episodes",
                                total=len(task_list) * n if sampled else None)

        episodes: list[Any] = []  # counted for their infrastructure errors

        def on_trajectory(traj: Any) -> None:
            store.append(traj)
            progress.advance(bar)
            episodes.append(traj)

        result = evaluate_inference(env, pol, task_list, method, n, rollout, options,
                                    on_trajectory=on_trajectory)
    infra = sum(t.is_infra_error for t in episodes)
    summary = {"run_id": run_id, "env": env_name, "policy": pol.name,
               "policy_kind": SCRIPTED if model is None else "model", "split": split,
               "inference": result, "store": str(out / "trajectories.sqlite"),
               "trajectories": len(episodes), "infra_errors": infra}
    if infra:
        summary["first_infra_error"] = first_infra_error(episodes)
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    write_report(out, summary=summary)
    if as_json:
        print(json.dumps(summary))
        check_infra_errors(summary)
        return
    table = Table(title=f"{env_name} · {pol.name} · {method}: accuracy versus N")
    for col in ("N", "accuracy [95% CI]", "policy tokens / task"):
        table.add_column(col, justify="right")
    for p in result["curve"]:
        table.add_row(str(p["n"]), f"{p['accuracy']:.3f} [{p['accuracy_ci_low']:.3f}, "
                      f"{p['accuracy_ci_high']:.3f}]", f"{p['tokens_per_task']:.1f}")
    Console().print(table)
    check_infra_errors(summary)
