"""RL raises `repo` level-1 reward: SFT on the noisy expert's demonstrations of three level-1
repos (eight each, 60% noisy: some submit before the fix, some recover from a rejected edit),
then GRPO on the same three repos from the shipped config (`configs/repo_sft_grpo.yaml`, shrunk
to the xs tiny model). The check: the sampled success rate on those repos before and after
(192 episodes each), and the last ten training steps against the start.

The SFT model imitates the expert's decisions: it submits early about as often as the noisy
demonstrations did, and sometimes garbles a tool call. RL's job is to stop the early submits
and sharpen the calls. (With clean demonstrations of the three repos the memorised policy had
nothing but token-level slips to fix, and GRPO spread its mass instead: success 0.60 -> 0.52.)

Measured while writing it (2 cores, 8-14 min a run), before -> after (last ten steps): this
config from a fresh clone 0.43 -> 0.62 (0.67); 30 steps 0.52 -> 0.71 (0.68); with
demonstrations of another seed (train.seed=2, passing 0.83, less to fix) 0.69 -> 0.75 (0.80)
at 30 steps, 0.69 -> 0.72 (0.74) at 40 steps and lr 2e-4."""

import statistics
from pathlib import Path

import pytest
import torch

from veriloop.run.build import build_env, build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import SFTTrainer

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "repo_sft_grpo.yaml"
OVERRIDES = [
    "model.size=xs", "env.difficulty=1", "env.train_tasks=3", "env.task_seed=19",
    "env.eval_tasks=1", "train.threads=2", "train.save_every=0", "train.steps=40",
    # SFT: eight noisy demonstrations of each of the three repos, to a low loss
    "sft.demos=3", "sft.demo_samples=8", "sft.demo_noise=0.6", "sft.epochs=60", "sft.lr=1e-2",
    "sft.warmup_steps=5", "sft.batch_tokens=8192",
    # GRPO: three prompts x eight samples a step, one update a step
    "rollout.prompts_per_step=3", "rollout.group_size=8", "rollout.temperature=1.0",
    "algorithm.aggregation=seq_mean_token_mean", "algorithm.kl_coef=0.0", "optim.lr=1e-4",
    "optim.warmup_steps=5", "optim.minibatch_size=24", "optim.micro_batch_size=2",
]


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_grpo_raises_repo_level1_reward(tmp_path):
    cfg = load_config(CONFIG, OVERRIDES)
    torch.set_num_threads(cfg.train.threads)
    sft = SFTTrainer(cfg.model_copy(update={"kind": "sft"}), tmp_path / "sft",
                     policy_from_config(cfg.model), progress=False)
    sft.setup(build_env(sft.cfg))
    assert sft.n_demos == 24 and 0.4 <= sft.demo_pass_rate <= 0.85  # noisy, not hopeless
    sft.train()
    model = sft.save_final()

    # SFT draws its demonstrations from the pool seeded `task_seed + 10_000`: train on those repos
    env = cfg.env.model_copy(update={"task_seed": cfg.env.task_seed + 10_000})
    rl = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": str(model), "env": env}),
                   tmp_path / "rl", policy_from_config(cfg.model, init=model))
    rl.setup(*build_env_and_grader(rl.cfg))
    assert {t.id for t in rl.sampler.tasks} == {d.task_id for d in sft.store.query(run_id="demos")}
    rl.eval_tasks = list(rl.sampler.tasks)  # measure on the repos being trained on

    def success() -> float:
        return rl.evaluate(samples=64, temperature=cfg.rollout.temperature)["success_rate"]

    before = success()
    curve = [rl.step()["pass_rate"] for _ in range(cfg.train.steps)]
    after = success()
    rl.close()
    print({"before": before, "after": after, "curve": curve})  # shown with -s
    assert 0.15 <= before <= 0.85, before  # the SFT model is neither hopeless nor done
    # 192 episodes each side: a standard error of ~0.045 on the difference
    assert after >= before + 0.05, (before, after, curve)
    assert statistics.mean(curve[-10:]) >= before + 0.05, (before, curve)
