"""`veriloop eval CONFIG` (or `--config CONFIG`, or `--run RUN_DIR`): evaluate a training run's
environment on its held-out split, as the run itself evaluates it.

What a user who trained with `veriloop train CONFIG` expects from `veriloop eval CONFIG`:

- the environment is the config's (`env.name`, `env.options`, step budget `env.max_turns`),
  with `--env-option` / `--max-turns` laid over it; the grader is the config's (`grader.name`,
  else the environment's own), chosen as training chooses it (`veriloop.run.build`);
- the tasks are its held-out ones: `env.eval_tasks` test-split tasks (or `--tasks N`) at
  `env.task_seed` and `env.difficulty` — the tasks training's evaluation uses;
- the policy is `--model M` or `--policy expert|noisy-expert` when given; else, with `--run
  RUN_DIR`, the model that run trained (`RUN_DIR/final`); else the config's model (`init` if
  set, else `model.name`), which before training is the untrained starting point;
- `--run RUN_DIR` without a CONFIG reads the run's saved config (`RUN_DIR/config.yaml`);
- dotted overrides after the CONFIG change it as they do for `veriloop train`
  (`veriloop eval configs/grpo.yaml env.eval_tasks=20 model.size=xs`);
- token budgets default to the config's `rollout.max_new_tokens` / `max_total_tokens`.

Flags that choose other tasks (`--env`, `--split`, `--difficulty`, `--suite`) or another
evaluation (`--inference`, `--reflexion`, `--tool-variation`) do not apply to a config and are
refused with a line saying so.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from veriloop.cli.common import build_policy, fail
from veriloop.errors import UserError
from veriloop.trainers.config import DEVICE_PATTERN, RunConfig


def load_eval_config(config: str | None, config_opt: str | None, run: Path | None,
                     overrides: list[str] | None = None) -> RunConfig | None:
    """The run config to evaluate: CONFIG or --config (not both) with the dotted `overrides`,
    else --run's saved one; None when none is given (a plain `veriloop eval --env NAME`)."""
    from veriloop.run.config import load_config, load_run_config  # lazy: veriloop.run: torch

    if config is not None and config_opt is not None:
        fail("give the config once: CONFIG or --config")
    path = config if config is not None else config_opt
    if path is not None:
        return load_config(path, overrides or [])
    if overrides:
        fail(f"dotted overrides ({' '.join(overrides)}) change a CONFIG: give one before them")
    if run is not None:
        try:
            return load_run_config(run)
        except FileNotFoundError as e:
            raise UserError(str(e)) from None
    return None


def refuse_with_config(given: dict[str, Any]) -> None:
    """`given`: flag -> whether the user set it; the set ones do not apply to a config."""
    wrong = [flag for flag, is_set in given.items() if is_set]
    if wrong:
        fail(f"{', '.join(wrong)} {'does' if len(wrong) == 1 else 'do'} not apply when "
             "evaluating a config (its environment and held-out split are the config's); drop "
             f"{'it' if len(wrong) == 1 else 'them'}, or evaluate with --env NAME instead")


def config_policy(cfg: RunConfig, run: Path | None, policy: str | None, model: str | None,
                  noise: float, seed: int, device: str | None) -> tuple[Any, bool]:
    """The policy to evaluate and whether it is the scripted expert (see the module doc)."""
    from veriloop.run.build import build_policy as build_config_policy  # lazy: torch

    if policy is not None and model is not None:
        fail("--policy and --model both say what to evaluate; give one")
    if policy is not None or model is not None:
        if policy is not None and device is not None:
            fail("--device places a model; a scripted --policy runs none: drop --device")
        return build_policy(cfg.env.name, policy, model, noise, seed, cfg.env.options,
                            device), model is None
    if device is not None:
        if not re.fullmatch(DEVICE_PATTERN, device):
            fail(f"--device {device!r} is not a device; use auto, cpu, cuda or cuda:N")
        cfg = cfg.model_copy(update={"model": cfg.model.model_copy(update={"device": device})})
    if run is not None:
        final = run / "final"
        if not final.is_dir():
            fail(f"{run} holds no trained model ({final} is missing: the run has not finished); "
                 f"finish it with `veriloop train --resume {run}`, or give --model")
        return build_config_policy(cfg, init=final), False
    return build_config_policy(cfg), False


def eval_config(cfg: RunConfig, source: str, *, run: Path | None, policy: str | None,
                model: str | None, device: str | None, tasks: int | None, k: int,
                out: Path | None, seed: int | None, noise: float, max_turns: int | None,
                temperature: float | None, max_new_tokens: int | None,
                max_total_tokens: int | None, slots: int | None,
                env_options: dict[str, Any], experience: Path | None, shots: int,
                skills: bool) -> dict[str, Any]:
    """Evaluate `cfg`'s held-out split (see the module doc); the summary, also in
    `out`/summary.json. `source` names the config in the summary."""
    from veriloop.run.heldout import heldout_components  # lazy: veriloop.run imports torch
    from veriloop.run.rollouts import run_rollouts  # lazy: keeps `veriloop --help` fast

    if env_options:
        env = cfg.env.model_copy(update={"options": {**cfg.env.options, **env_options}})
        cfg = cfg.model_copy(update={"env": env})
    seed = cfg.env.task_seed if seed is None else seed
    pol, scripted = config_policy(cfg, run, policy, model, noise, seed, device)
    built = heldout_components(cfg, tasks, max_turns)
    if max_total_tokens is None and not scripted:
        max_total_tokens = cfg.rollout.max_total_tokens
    out = out or Path("runs") / f"eval-{time.strftime('%Y%m%d-%H%M%S')}"
    summary = run_rollouts(
        cfg.env.name, pol, tasks=len(built.tasks), group=k, split="test", seed=seed, out=out,
        difficulty=cfg.env.difficulty, max_turns=max_turns,
        temperature=temperature if temperature is not None else (0.0 if k == 1 else 1.0),
        max_new_tokens=max_new_tokens or cfg.rollout.max_new_tokens,
        ks=sorted({1, k} | {x for x in (2, 4, 8, 16, 32) if x < k}),
        max_total_tokens=max_total_tokens, experience=experience, shots=shots, skills=skills,
        slots=slots, scripted=scripted, built=built)
    summary["config"] = source
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    return summary
