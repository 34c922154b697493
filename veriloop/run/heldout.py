"""Held-out evaluation of a policy as a run config describes it: `env.eval_tasks` test-split
tasks of the run's environment (its options and step budget), `rollout.eval_samples` samples
each at `rollout.eval_temperature`, graded by the run's grader (`build_grader`); and the
greedy benchmark evaluations a quickstart config adds (`benchmarks:`).

Both build a plain runner from the config and hand it to the one held-out evaluation,
`veriloop.eval.heldout.evaluate_heldout`, which the RL trainer also calls with its own runner.
SFT runs (before and after training) use `heldout_summary`; `veriloop eval CONFIG` evaluates
`heldout_components` through `veriloop.run.rollouts.run_rollouts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from veriloop.envs import set_step_budget
from veriloop.eval.heldout import evaluate_heldout
from veriloop.policy import Policy
from veriloop.rollout.runner import RolloutRunner
from veriloop.run.build import build_env, build_grader, heldout_tasks, make_env
from veriloop.run.rollouts import Built
from veriloop.trainers.config import BenchmarkConfig, RunConfig
from veriloop.types import Trajectory


def heldout_summary(cfg: RunConfig, policy: Policy,
                    on_trajectory: Callable[[Trajectory], None] | None = None) -> dict[str, Any]:
    """`summarize(...).to_dict()` of the policy on the config's held-out tasks, pass@1 and
    pass@`rollout.eval_samples`; `on_trajectory` sees each finished episode (e.g. a progress
    bar's tick)."""
    env = build_env(cfg)
    r = cfg.rollout
    rc = r.model_copy(update={"group_size": r.eval_samples, "temperature": r.eval_temperature,
                              "seed": cfg.train.seed, "run_id": "eval"})
    runner = RolloutRunner(env, policy, rc, grader=build_grader(cfg, env),
                           on_trajectory=on_trajectory)
    return evaluate_heldout(runner, heldout_tasks(cfg, env), (1, r.eval_samples),
                            getattr(policy, "model", None)).summary


def heldout_components(cfg: RunConfig, n: int | None = None,
                       max_turns: int | None = None) -> Built:
    """The run's environment (options, step budget: `max_turns` if given, else
    `env.max_turns`), `n` of its held-out tasks (default `env.eval_tasks`) and its grader, built
    in that order (a grader may score turns against the budget): what `veriloop eval CONFIG`
    evaluates."""
    env = set_step_budget(build_env(cfg), max_turns)
    return Built(env, heldout_tasks(cfg, env, n), build_grader(cfg, env))


def benchmark_summary(cfg: RunConfig, bench: BenchmarkConfig, policy: Policy
                      ) -> dict[str, Any]:
    """The policy greedy on `bench`: `bench.tasks` test-split tasks of its environment, one
    sample each, with the run's rollout token budgets, graded by that environment's own
    grader; `summarize(...)` with `by_category` when the tasks name categories."""
    env = make_env(bench.env, bench.options)
    tasks = env.tasks(bench.tasks, seed=bench.seed, split="test")
    rc = cfg.rollout.model_copy(update={"group_size": 1, "temperature": 0.0,
                                        "seed": cfg.train.seed, "run_id": "benchmark"})
    runner = RolloutRunner(env, policy, rc, grader=env.grader())
    return evaluate_heldout(runner, tasks, (1,), getattr(policy, "model", None)).summary
