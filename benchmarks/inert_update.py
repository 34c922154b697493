"""The RL update with and without the forwards of inert sequences (every advantage 0).

Under the clipped loss with no entropy or KL term, a sequence whose every advantage is 0 (a
group whose samples scored alike; with `algorithm.neg_weight: 0`, every below-average sample)
adds nothing to the gradient, so the update leaves it out of its forwards
(`TrainBatch.inert`, `Objective.skips_inert`). This benchmark draws one step's rollouts, then
times `RLTrainer.update` on that batch (by default with its advantages set: half of them 0, the
rest random normal, as the rollouts of an untrained model may all score alike) with the skip
("skip") and with every sequence forwarded ("full"), each round from the same saved weights and
optimizer state, in turn (skip, full, skip, full ...), and compares the two updates.

    python benchmarks/inert_update.py                     # SmolLM2, arithmetic, neg_weight 0
    python benchmarks/inert_update.py --set algorithm.neg_weight=1   # plain GRPO

Prints a line per round, then ONE JSON line: the median update seconds of each side with their
spread, the paired ratio skip / full, the share of inert sequences, the difference between the two
sides' updates relative to the update's size, and the run's conditions.
"""

from __future__ import annotations

import argparse
import copy
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from veriloop.benchmarking import Spread, conditions, emit, interleave, paired_ratio, parse_args

BASE = ["model.name=smollm2-135m", "env.name=arithmetic", "rollout.prompts_per_step=8",
        "rollout.group_size=4", "rollout.max_new_tokens=96", "algorithm.kl_coef=0",
        "algorithm.neg_weight=0", "optim.minibatch_size=32", "optim.micro_batch_size=8",
        "train.threads=2", "env.eval_tasks=0"]
QUICK = {"repeats": 1, "set": ["model.name=tiny", "model.size=xs", "rollout.prompts_per_step=2",
                               "rollout.group_size=2", "rollout.max_new_tokens=8",
                               "optim.minibatch_size=4", "optim.micro_batch_size=2",
                               "train.threads=1"]}
JSON_KEYS = ("benchmark", "overrides", "sequences", "inert", "inert_share_set", "skip_s",
             "full_s", "ratio_skip_over_full", "update_rel_diff", "conditions_before",
             "load_avg_after")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default=str(ROOT / "configs" / "grpo.yaml"))
    ap.add_argument("--set", nargs="*", default=[], help="more section.key=value overrides")
    ap.add_argument("--repeats", type=int, default=4)
    ap.add_argument("--inert-share", type=float, default=0.5,
                    help="set the advantages: this share 0, the rest random normal (the share "
                         "under neg_weight 0 with spread scores: about half); -1: keep the "
                         "rollouts' own")
    a = parse_args(ap, QUICK, argv)
    a.inert_share = None if a.inert_share < 0 else a.inert_share
    import torch

    from veriloop.run.build import build_env_and_grader
    from veriloop.run.config import load_config
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    before = conditions()
    cfg = load_config(Path(a.config), [*BASE, *a.set])
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    with tempfile.TemporaryDirectory() as tmp:
        t = RLTrainer(cfg, Path(tmp) / "run", policy_from_config(cfg.model))
        t.setup(*build_env_and_grader(t.cfg))
        groups = t.reward(t.rollout(1).groups)
        t.model.train()
        batch = t.make_batch(groups)
        if a.inert_share is not None:  # the rollouts' own advantages may all be 0 (or none)
            g = torch.Generator().manual_seed(0)
            adv = torch.randn(len(batch), generator=g)  # [B]
            adv[torch.randperm(len(batch), generator=g)[:round(a.inert_share * len(batch))]] = 0
            batch.advantages = adv
        state = [copy.deepcopy(x.state_dict()) for x in (t.model, t.optimizer, t.scheduler)]
        real_skip, weights = t.objective.skips_inert, {}

        def side(name: str):
            def run() -> float:
                t.objective.skips_inert = real_skip if name == "skip" else (lambda *_: False)
                start = time.perf_counter()
                m = t.update(batch, 1)
                seconds = time.perf_counter() - start
                weights[name] = {k: v.detach().clone() for k, v in t.model.state_dict().items()}
                for x, s in zip((t.model, t.optimizer, t.scheduler), state, strict=True):
                    x.load_state_dict(copy.deepcopy(s))
                print(f"{name}: forward {m['forward_s']:.2f} s, backward {m['backward_s']:.2f} s,"
                      f" inert {m.get('inert_sequences', 0):.0f} of {len(batch)}", flush=True)
                return seconds
            return run

        times = interleave({"skip": side("skip"), "full": side("full")}, a.repeats)
        t.objective.skips_inert = real_skip
        inert = sum(batch.inert()) if real_skip(t.critic, batch) else 0
        # the two updates' difference relative to the update (AdamW's first step moves each
        # weight by about lr whatever its gradient's size, so a weight whose gradient is near 0
        # differs by up to 2 lr wherever the summation order flips its sign)
        init = state[0]
        delta = sum(float(((weights["skip"][k] - weights["full"][k]).float() ** 2).sum())
                    for k in init)
        step = sum(float(((weights["full"][k] - init[k]).float() ** 2).sum()) for k in init)
        diff = (delta / step) ** 0.5 if step else 0.0
        t.close()
    emit({
        "benchmark": "inert_update", "overrides": [*BASE, *a.set], "sequences": len(batch),
        "inert": inert, "inert_share_set": a.inert_share,
        "skip_s": Spread.of(times["skip"]).to_dict(), "full_s": Spread.of(times["full"]).to_dict(),
        "ratio_skip_over_full": paired_ratio(times["skip"], times["full"]).to_dict(),
        "update_rel_diff": diff, "conditions_before": before,
        "load_avg_after": conditions()["load_avg"]}, JSON_KEYS)


if __name__ == "__main__":
    main(sys.argv[1:])
