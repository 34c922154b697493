"""Every algorithm runs a few steps from its YAML config on the tiny model; infrastructure
faults are excluded and counted; dynamic sampling drops signal-free groups; LoRA trains only
adapters and the sampler sees them."""

from pathlib import Path

import pytest
import torch
from reward_signal import vary_rewards

from veriloop.run.build import build_env, build_env_and_grader, build_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.types import FaultKind, InfrastructureError

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
# a per-token cost makes rewards differ inside groups even for an untrained model
SIGNAL = ["algorithm.length_cost=0.01"]


def _trainer(tmp_path, tiny, config, extra=(), env=None):
    cfg = load_config(CONFIGS / config, [*tiny, *SIGNAL, *extra])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    env = env if env is not None else build_env(cfg)
    t.setup(env, build_grader(cfg, env))
    vary_rewards(t)
    return t


@pytest.mark.parametrize("config", ["grpo.yaml", "dr_grpo.yaml", "dapo.yaml", "rloo.yaml",
                                    "reinforce_pp.yaml", "ppo.yaml"])
def test_algorithm_runs_from_its_config(tmp_path, tiny, config):
    t = _trainer(tmp_path, tiny, config, extra=["train.precision=fp32"])  # exact ratio check
    before = [p.detach().clone() for p in t.model.parameters()]
    rows = [t.step() for _ in range(2)]
    t.save()
    for m in rows:
        assert m["rollouts"] >= 8 and m["train_sequences"] > 0
        for k in ("reward", "pass_rate", "entropy", "clip_low_frac", "clip_high_frac",
                  "grad_norm", "response_tokens", "turns", "format_violations", "generate_s",
                  "grade_s", "train_s", "tokens_per_s", "dropped_groups"):
            assert k in m and m[k] == m[k], k  # present and not NaN
    # the first minibatch is on-policy: trainer logprobs reproduce the sampler's (in float32;
    # bf16 training is within the tolerance test_batch states)
    assert rows[0]["ratio_first_minibatch"] == pytest.approx(1.0, abs=1e-3)
    assert any(not torch.equal(a, b) for a, b in zip(before, t.model.parameters()))
    assert t.store.count(run_id=t.run_id) == sum(m["rollouts"] for m in rows)
    if t.cfg.algorithm.kl_coef > 0:
        assert "kl" in rows[1]
    if t.critic is not None:
        assert "value_loss" in rows[0]
    t.close()


class FlakyEnv:
    """The arithmetic env whose reset fails (an infrastructure fault) for every other task."""

    def __init__(self, inner):
        self.inner, self.name, self.max_turns = inner, inner.name, inner.max_turns
        self.calls = 0

    def tasks(self, *a, **k):
        return self.inner.tasks(*a, **k)

    def grader(self):
        return self.inner.grader()

    def reset(self, task):
        if int(task.id.encode().hex(), 16) % 2:
            raise InfrastructureError("sandbox pool exhausted", FaultKind.SANDBOX)
        return self.inner.reset(task)


def test_infra_faults_are_excluded_and_counted(tmp_path, tiny):
    from veriloop.envs import get_env

    t = _trainer(tmp_path, tiny, "grpo.yaml", ["rollout.prompts_per_step=4"],
                 env=FlakyEnv(get_env("arithmetic")))
    m = t.step()
    assert m["infra_errors"] > 0 and m["fault/sandbox"] == m["infra_errors"]
    assert m["train_sequences"] == m["rollouts"] - m["infra_errors"]
    t.save()
    assert t.store.count(run_id=t.run_id, infra_error=True) == m["infra_errors"]
    t.close()


def test_dynamic_sampling_drops_flat_groups_and_is_bounded(tmp_path, tiny):
    # no shaping: an untrained model fails everything, so every group is flat
    cfg = load_config(CONFIGS / "dapo.yaml", [*tiny, "algorithm.overlong_max=null",
                                              "algorithm.max_sampling_rounds=2"])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    m = t.step()
    assert m["dropped_groups"] == 2 * 2  # two rounds of two groups, all dropped
    assert m["rollouts"] == 16 and "train_sequences" not in m
    t.close()


def test_lora_trains_adapters_only_and_sampler_uses_them(tmp_path, tiny):
    t = _trainer(tmp_path, tiny, "grpo.yaml", ["model.lora_rank=4", "optim.lr=0.05"])
    base = {n: p.detach().clone() for n, p in t.model.named_parameters() if "lora_" not in n}
    t.step()
    for n, p in t.model.named_parameters():
        if "lora_" not in n:
            assert torch.equal(p, base[n]), n
    lora_b = [p for n, p in t.model.named_parameters() if "lora_B" in n]
    assert lora_b and any(p.abs().sum() > 0 for p in lora_b)
    assert t.policy.model is t.model  # the sampler decodes through the adapters
    t.save()
    t.close()


def test_gradient_accumulation_matches_one_batch(tmp_path, tiny):
    grads = []
    for micro in (8, 2):
        t = _trainer(tmp_path / str(micro), tiny, "grpo.yaml",
                     ["optim.minibatch_size=8", f"optim.micro_batch_size={micro}",
                      "optim.lr=0.0", "optim.grad_clip=0", "algorithm.aggregation=token_mean",
                      "train.precision=fp32"])  # exact in float32; bf16 rounds per shape
        t.step()
        grads.append([p.grad.clone() for p in t.params if p.grad is not None])
        t.close()
    for a, b in zip(*grads):
        torch.testing.assert_close(a, b, atol=1e-6, rtol=1e-4)
