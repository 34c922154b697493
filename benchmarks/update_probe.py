"""Which RL update rule helps, judged from one batch without sampling noise in the verdict.

Every arm takes its first RL update from the same weights (`--init`, e.g. an SFT model) on the
same on-policy rollouts (drawn once, by the first arm's trainer), and the probe measures the
change in the log-probability the model gives the environment's scripted expert on the held-out
tasks (`env.eval_tasks`, rendered for the model and teacher-forced at temperature 1). That
measure is deterministic: a held-out evaluation by sampling needs hundreds of episodes to see
the effect of one small update, this needs one forward per held-out task. It is a proxy. It
counts every token the expert would write, so an update that makes harmless wording more varied
also lowers it, and it says nothing about behaviour the expert never shows; a held-out
evaluation by sampling still decides. What it does well is screen update rules in minutes and
show when an update moves the model away from competent held-out behaviour.

Arms are named lists of config overrides on top of `--config` and `--set` (`{}` arms: the
config as it is, and `optim.lr=0`, which computes the update and moves nothing, as the control).

    python benchmarks/update_probe.py --config configs/research_smollm2.yaml \
        --init runs/research-smol/sft/final \
        --arms '{"grpo": [], "positive_only": ["algorithm.neg_weight=0"]}'

Prints, per arm, the mean change in the held-out expert episodes' total log-probability (with
its standard error over tasks), how many tasks rose, and the change in the expected number of
tokens per episode where a sample would leave the expert's text (the sum of 1 - p), then ONE
JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from veriloop.benchmarking import conditions, emit, parse_args
from veriloop.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
# tests/e2e/test_update_probe.py runs the same small settings with its own arms
QUICK = {"config": ROOT / "configs" / "grpo.yaml",
         "set": ["model.size=xs", "env.eval_tasks=2", "rollout.prompts_per_step=2",
                 "rollout.group_size=2", "rollout.max_new_tokens=8", "train.threads=1"]}
JSON_KEYS = ("benchmark", "config", "init", "overrides", "conditions_before", "load_avg_after",
             "episodes", "base_logp", "base_departures", "rollout_scores", "rollout_s", "arms")


def expert_sequences(trainer: Any, env: Any, seed: int) -> list[list[tuple[list, list]]]:
    """The scripted expert's held-out episodes as the model's (token ids, policy mask) contexts."""
    from veriloop.envs import expert_for
    from veriloop.rollout.runner import RolloutRunner
    from veriloop.trainers.sft import as_demonstration

    cfg = trainer.cfg
    runner = RolloutRunner(env, expert_for(env, noise=0.0, seed=seed), cfg.rollout.model_copy(
        update={"group_size": 1, "max_total_tokens": 1 << 30,
                "run_id": "probe-expert"}))
    demos = [as_demonstration(t, trainer.policy.renderer) for t in runner.run(trainer.eval_tasks)]
    return [[(c.token_ids, c.loss_mask) for c in t.contexts() if sum(c.loss_mask)]
            for t in demos]


def expert_logprob(model: Any, episodes: list[list[tuple[list, list]]]) -> tuple[list, list]:
    """(total log-probability, expected departures sum(1 - p)) of each episode's policy tokens."""
    import torch

    from veriloop.trainers.batch import forward_logprobs, pack

    was_training = model.training
    model.eval()
    totals, departures = [], []
    with torch.no_grad():
        for contexts in episodes:
            total = away = 0.0
            for ids, mask in contexts:
                packed = pack([ids], [mask], len(ids))
                lp = forward_logprobs(model, packed, policy_only=True).logprobs
                lp = lp[packed.loss_mask > 0]
                total += float(lp.sum())
                away += float((1.0 - lp.exp()).sum())
            totals.append(total)
            departures.append(away)
    model.train(was_training)
    return totals, departures


def make_trainer(config: Path, overrides: list[str], run_dir: Path, env: Any = None):
    from veriloop.run.build import build_env, build_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    cfg = load_config(config, overrides)
    trainer = RLTrainer(cfg.model_copy(update={"kind": "rl"}), run_dir,
                        policy_from_config(cfg.model, cfg.init))
    env = env if env is not None else build_env(trainer.cfg)
    trainer.setup(env, build_grader(trainer.cfg, env))
    return trainer


def probe(config: Path, base: list[str], arms: dict[str, list[str]], out: Path) -> dict:
    names = list(arms)
    first = make_trainer(config, base + arms[names[0]], out / names[0])
    env = first.env
    episodes = expert_sequences(first, env, first.cfg.train.seed)
    base_lp, base_away = expert_logprob(first.model, episodes)
    print(f"expert held-out episodes: {len(episodes)}, log-probability "
          f"{statistics.fmean(base_lp):.4f}, departures {statistics.fmean(base_away):.4f}",
          file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    groups = first.rollout(1).groups
    rollout_s = time.perf_counter() - t0
    scores = [[round(t.score, 3) for t in g.samples] for g in groups]
    print(f"rollouts ({rollout_s:.0f}s): {scores}", file=sys.stderr, flush=True)
    results = {}
    for name in names:
        trainer = first if name == names[0] else make_trainer(config, base + arms[name],
                                                              out / name, env)
        t0 = time.perf_counter()
        batch = trainer.make_batch(trainer.reward(groups))
        m = trainer.update(batch, 1) if batch is not None else {}
        lp, away = expert_logprob(trainer.model, episodes)
        d = [a - b for a, b in zip(lp, base_lp)]
        results[name] = {
            "dlogp_mean": statistics.fmean(d),
            "dlogp_se": statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0,
            "rose": sum(x > 0 for x in d), "dlogp": [round(x, 5) for x in d],
            "d_departures": statistics.fmean(away) - statistics.fmean(base_away),
            "grad_norm": m.get("grad_norm"), "update_s": time.perf_counter() - t0}
        r = results[name]
        print(f"{name}: d log p {r['dlogp_mean']:+.4f} (se {r['dlogp_se']:.4f}), rose on "
              f"{r['rose']}/{len(d)}, d departures {r['d_departures']:+.4f}",
              file=sys.stderr, flush=True)
        if trainer is not first:
            trainer.close()
    first.close()  # last: it owns the environment the other arms share
    return {"episodes": len(episodes), "base_logp": statistics.fmean(base_lp),
            "base_departures": statistics.fmean(base_away), "rollout_scores": scores,
            "rollout_s": rollout_s, "arms": results}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--config", type=Path, default=ROOT / "configs" / "research_smollm2.yaml")
    ap.add_argument("--init", default=None, help="the model every arm starts from")
    ap.add_argument("--arms", default='{"config": [], "lr0": ["optim.lr=0"]}',
                    help="JSON object: arm name -> list of KEY=VALUE overrides")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="an override for every arm (repeatable)")
    ap.add_argument("--out", type=Path, default=None, help="run directories (default: a temp)")
    args = parse_args(ap, QUICK, argv)
    try:
        arms = json.loads(args.arms)
        if not (isinstance(arms, dict) and arms and all(
                isinstance(v, list) and all(isinstance(s, str) for s in v)
                for v in arms.values())):
            raise ValueError
    except ValueError:  # json's errors are ValueErrors too
        print('error: --arms must be a JSON object of name -> list of overrides, e.g. '
              '\'{"grpo": [], "posonly": ["algorithm.neg_weight=0"]}\'', file=sys.stderr)
        return 2
    base = ["train.save_every=0", *args.set] + ([f"init={args.init}"] if args.init else [])
    before = conditions()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            res = probe(args.config, base, arms, args.out or Path(tmp))
    except UserError as e:  # a bad override, a missing model directory
        print(f"error: {e}", file=sys.stderr)
        return 2
    emit({"benchmark": "update_probe", "config": str(args.config), "init": args.init,
          "overrides": base, "conditions_before": before,
          "load_avg_after": conditions()["load_avg"], **res}, JSON_KEYS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
