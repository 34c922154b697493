"""Building a run's components: the environment, its grader, the policy, the rollout engine
and the experiment trackers, from a run config (`veriloop train`, quickstart, `veriloop eval
CONFIG`) or from the names a command line gives (`--env NAME --env-option K=V`, `--policy
expert`).

This is the one place a run's components are built: the trainers receive them (an
environment and grader in `setup`, a tracker opener as `trackers`), and the processes that
must rebuild them from the same config (Ray rollout, environment and grader actors) are handed
these same functions as `BUILDERS` (they sit on the trainers' floor and cannot import this
one). Every builder turns a wrong name or option into a `veriloop.errors.UserError` whose one
line says what to change, so trainers and evaluations receive working components and never see
a user's mistake.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from veriloop.envs import expert_for, get_env, set_step_budget
from veriloop.envs.base import Environment
from veriloop.errors import UserError
from veriloop.graders.base import Grader, get_grader
from veriloop.policy import Policy
from veriloop.trainers.common import Builders, TrainablePolicy, policy_from_config
from veriloop.trainers.config import RunConfig
from veriloop.trainers.trackers import Tracker, TrackerGroup, open_tracker, require
from veriloop.types import Task

SUITE_ENV_OPTIONS: dict[str, dict[str, Any]] = {"robustness": {"fault_rate": 0.15}}
"""Environment options a suite runs with: robustness injects 429/5xx errors into 15% of calls."""


def make_env(env_name: str, options: dict[str, Any] | None = None) -> Environment:
    """`get_env(env_name, **options)`; an unknown name, or options the environment does not
    take, is a `UserError`."""
    try:
        return get_env(env_name, **(options or {}))
    except KeyError as e:  # an unknown name; its message lists the known ones
        raise UserError(str(e.args[0])) from None
    except TypeError as e:
        if not options:
            raise
        raise UserError(f"environment '{env_name}' does not take the options "
                        f"{sorted(options)} ({e}); drop or fix --env-option") from None


def build_env(cfg: RunConfig) -> Environment:
    """The environment `cfg.env` names, with its options and step budget (`env.max_turns`)."""
    return set_step_budget(make_env(cfg.env.name, cfg.env.options), cfg.env.max_turns)


def build_env_and_grader(cfg: RunConfig) -> tuple[Environment, Grader]:
    """The run's environment and its grader (`build_env`, `build_grader`): what a trainer's
    `setup(env, grader)` takes."""
    env = build_env(cfg)
    return env, build_grader(cfg, env)


@contextmanager
def opened_env(cfg: RunConfig) -> Iterator[Environment]:
    """`build_env(cfg)`, closed (when it has a `close`: sandbox pools, tool servers) after the
    block: whoever builds an environment closes it, not the trainer it is handed to."""
    env = build_env(cfg)
    try:
        yield env
    finally:
        close = getattr(env, "close", None)
        if close is not None:
            close()


def heldout_tasks(cfg: RunConfig, env: Environment, n: int | None = None) -> list[Task]:
    """The run's held-out tasks: `n` (default `env.eval_tasks`) test-split tasks at
    `env.task_seed` and `env.difficulty`, the ones training evaluates on."""
    return list(env.tasks(cfg.env.eval_tasks if n is None else n, seed=cfg.env.task_seed,
                          split="test", difficulty=cfg.env.difficulty))


def build_grader(cfg: RunConfig, env: Environment) -> Grader:
    """The one choice of a run's grader: `grader.name` (a registered grader or a composite)
    with `grader.options` when the config names one, else the environment's own
    (`env.grader()`). Training, the held-out evaluation and `veriloop eval CONFIG` all grade
    with it."""
    if not cfg.grader.name:
        return env.grader()
    try:
        return get_grader(cfg.grader.name, **cfg.grader.options)
    except KeyError as e:  # an unknown grader name; its message lists the known ones
        raise UserError(str(e.args[0])) from None


def build_policy(cfg: RunConfig, init: str | Path | None = None) -> TrainablePolicy:
    """The model-backed policy the run trains (float32 on `model.device`): `init` (default the
    config's `init`) if given, else `model.name`."""
    try:
        return policy_from_config(cfg.model, init if init is not None else cfg.init)
    except (KeyError, ValueError, FileNotFoundError) as e:
        raise UserError(str(e.args[0] if e.args else e)) from None


def build_tracker(cfg: RunConfig, run_dir: Path) -> Tracker:
    """The experiment trackers `logging.trackers` names (wandb, mlflow, trackio), each started
    with the run config, as one tracker; a missing package is a `ConfigError` saying which extra
    to install. Every trainer opens its run's trackers through this (its `trackers` opener)."""
    opened: list[Tracker] = []
    try:
        for name, package in require(cfg.logging.trackers).items():
            opened.append(open_tracker(name, package, cfg, run_dir))
    except BaseException:
        for t in opened:
            t.close()
        raise
    return TrackerGroup(opened)


def scripted_policy(env_name: str, policy: str | None, noise: float, seed: int,
                    env_options: dict[str, Any] | None = None) -> Policy:
    """The environment's scripted expert (`policy` "expert" or None), or its noisy expert
    ("noisy-expert": `noise` of the episodes go wrong)."""
    if policy not in (None, "expert", "noisy-expert"):
        raise UserError(f"unknown policy '{policy}'; use expert, noisy-expert, or --model M")
    try:
        return expert_for(make_env(env_name, env_options),
                          noise=noise if policy == "noisy-expert" else 0.0, seed=seed)
    except (KeyError, ValueError) as e:
        raise UserError(str(e.args[0] if isinstance(e, KeyError) else e)) from None


def engine_memory(share: float | None, model: Any) -> dict[str, float]:
    """vLLM's `gpu_memory_utilization` for `rollout.engine_memory`: the share given, else 0.5
    when the trained model is on a GPU (the engine shares it), else vLLM's own choice."""
    if share is None and next(model.parameters()).device.type == "cuda":
        share = 0.5
    return {} if share is None else {"gpu_memory_utilization": share}


def build_engine(cfg: RunConfig, policy: Any, root: Path) -> Any:
    """The rollout engine that samples for RL when it is not the trained model itself:
    `rollout.engine: vllm` gives a vLLM copy of `policy`'s model (weights synced after every
    update); `local` gives None (the trained model samples)."""
    if cfg.rollout.engine != "vllm":
        return None
    from veriloop.policies.vllm import VLLMPolicy  # lazy: vllm is optional (GPU machines)

    return VLLMPolicy.of_model(
        policy.model, policy.tokenizer, root / "engine_model", name=policy.name,
        max_model_len=cfg.rollout.max_total_tokens + cfg.rollout.max_new_tokens,
        max_lora_rank=max(cfg.model.lora_rank, 0),  # LoRA: adapters sync, not weights
        **engine_memory(cfg.rollout.engine_memory, policy.model))


def suite_env_and_tasks(env_name: str, suite: str, n: int, seed: int,
                        env_options: dict[str, Any] | None = None
                        ) -> tuple[Environment, list[Task]]:
    """The environment built with the suite's options (`SUITE_ENV_OPTIONS`) and its `n`
    suite tasks; a `UserError` when the environment has no suites or lacks the option."""
    options = {**(env_options or {}), **SUITE_ENV_OPTIONS.get(suite, {})}
    env = make_env(env_name, env_options)
    if not callable(getattr(env, "suite_tasks", None)):
        raise UserError(f"environment '{env_name}' has no evaluation suites (no suite_tasks "
                        "method); drop --suite, or evaluate an environment with suites "
                        "(workspace)")
    if options:
        try:
            env = get_env(env_name, **options)
        except TypeError as e:
            raise UserError(f"the {suite} suite sets the environment options {options}, which "
                            f"environment '{env_name}' does not take ({e})") from None
    # suite_tasks: an optional method (checked above), not part of the Environment protocol
    return env, list(env.suite_tasks(suite, n, seed))  # type: ignore[attr-defined]


BUILDERS = Builders(env=build_env, grader=build_grader, policy=build_policy)
"""This module's builders, for the processes that rebuild a run's components (Ray actors)."""
