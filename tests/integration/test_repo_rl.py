"""RL raises `repo` level-1 reward: SFT on the scripted expert's repairs of three level-1 repos,
then GRPO on the same three repos from the shipped config (`configs/repo_sft_grpo.yaml`, shrunk
to the xs tiny model). The check: the sampled success rate on those repos before and after (96
episodes each), and the last ten training steps against the start.

How sure the memorised repairs come out varies between SFT runs (sampled success at temperature
0.6 from 0.5 to 0.98 across runs and machines; a token off in a tool call derails the rest). At
0.98 RL has nothing to fix (40 steps ended at 0.84), and at temperature 1.0 the SFT model fails
almost everything (0.07) and RL has no successes to reinforce. So the test probes the SFT model
at 0.6, 0.8, ... and trains at the lowest temperature where it fails at least a third of the
episodes.

It does NOT pass reliably (2 CPU cores, 15-20 min a run): it passed once (probe {0.6: 0.71,
0.8: 0.54} -> trained at 0.8, success 0.417 -> 0.625, last ten steps 0.53) and failed from a
fresh clone the next day (probe {0.6: 0.625}, success 0.604 -> 0.521, flat curve). Without the
KL term and with three updates a step, success fell 0.54 -> 0.10 while the first-minibatch
importance ratio stayed 1.000 +- 0.0003 (sampler and trainer agree) and entropy and format
violations per episode rose step by step: the updates spread the memorised policy's mass
rather than sharpen it. Per-turn credit (turn_grpo, format_error -0.2) stayed flat."""

import statistics
from pathlib import Path

import pytest
import torch

from veriloop.trainers.common import policy_from_config
from veriloop.trainers.config import load_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import SFTTrainer

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "repo_sft_grpo.yaml"
OVERRIDES = [
    "model.size=xs", "env.difficulty=1", "env.train_tasks=3", "env.task_seed=19",
    "env.eval_tasks=1", "train.threads=2", "train.save_every=0", "train.steps=40",
    # SFT: the three demonstrations, to a low loss
    "sft.demos=3", "sft.epochs=100", "sft.lr=1e-2", "sft.warmup_steps=5",
    # GRPO: three prompts x eight samples a step, one update a step
    "rollout.prompts_per_step=3", "rollout.group_size=8", "rollout.temperature=0.6",
    # small steps held near the SFT model: larger ones break the strings SFT memorised
    "algorithm.aggregation=seq_mean_token_mean", "algorithm.kl_coef=0.05", "optim.lr=1e-4",
    "optim.warmup_steps=5",
    "optim.minibatch_size=24", "optim.micro_batch_size=2",
]


TEMPERATURES = (0.6, 0.8, 1.0, 1.2)


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_grpo_raises_repo_level1_reward(tmp_path):
    cfg = load_config(CONFIG, OVERRIDES)
    torch.set_num_threads(cfg.train.threads)
    sft = SFTTrainer(cfg.model_copy(update={"kind": "sft"}), tmp_path / "sft",
                     policy_from_config(cfg.model), progress=False)
    sft.setup()
    sft.train()
    model = sft.save_final()

    # SFT draws its demonstrations from the pool seeded `task_seed + 10_000`: train on those repos
    env = cfg.env.model_copy(update={"task_seed": cfg.env.task_seed + 10_000})
    demo_tasks = {d.task_id for d in sft.store.query(run_id="demos")}

    def trainer(temperature: float, name: str) -> RLTrainer:
        rollout = cfg.rollout.model_copy(update={"temperature": temperature})
        rl = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": str(model), "env": env,
                                              "rollout": rollout}),
                       tmp_path / name, policy_from_config(cfg.model, init=model))
        rl.setup()
        assert {t.id for t in rl.sampler.tasks} == demo_tasks
        rl.eval_tasks = list(rl.sampler.tasks)  # measure on the repos being trained on
        return rl

    def success(rl: RLTrainer, samples: int = 32, temperature: float | None = None) -> float:
        t = rl.cfg.rollout.temperature if temperature is None else temperature
        return rl.evaluate(samples=samples, temperature=t)["success_rate"]

    # How sure the memorised repairs come out varies between SFT runs (sampled success at 0.6
    # from 0.5 to 0.98): sample at the lowest temperature where the SFT model still fails at
    # least a third of the episodes, so RL has something to fix and a signal to fix it with.
    probe = trainer(TEMPERATURES[0], "probe")
    rates = {}
    for t in TEMPERATURES:
        rates[t] = success(probe, samples=16, temperature=t)
        if rates[t] <= 0.67:
            break
    probe.close()
    temperature = t
    rl = trainer(temperature, "rl")
    before = success(rl)
    curve = [rl.step()["pass_rate"] for _ in range(cfg.train.steps)]
    after = success(rl)
    rl.close()
    print({"probe": rates, "temperature": temperature, "before": before, "after": after,
           "curve": curve})  # shown with -s
    assert 0.15 <= before <= 0.85, (rates, before)  # the SFT model is neither hopeless nor done
    # 96 episodes each side: a standard error of ~0.05 on the difference
    assert after >= before + 0.05, (before, after, curve)
    assert statistics.mean(curve[-10:]) >= before + 0.05, (before, curve)
