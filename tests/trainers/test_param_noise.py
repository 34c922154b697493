"""Parameter-space noise (`algorithm.param_noise`): weight matrices get noise of the stated
relative size inside the block and are restored exactly after it (also on an error); in the
trainer a step's rollouts come from the perturbed model, whose log-probs are the old policy."""

from __future__ import annotations

import pytest
import torch
from test_signal_control import _trainer  # the grpo.yaml trainer on the tiny model, 2 steps

from veriloop.errors import ConfigError
from veriloop.policies.sampler import sequence_logprobs
from veriloop.trainers.param_noise import perturbed


def _model() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.LayerNorm(64),
                               torch.nn.Linear(64, 8))


def test_noise_has_its_relative_size_and_is_undone():
    m = _model()
    before = {k: v.clone() for k, v in m.state_dict().items()}
    with perturbed(m, 0.1, seed=3):
        w0, w2 = m[0].weight, m[2].weight
        for w, name in ((w0, "0.weight"), (w2, "2.weight")):
            rel = (w - before[name]) / before[name].pow(2).mean().sqrt()
            assert rel.std().item() == pytest.approx(0.1, rel=0.15)  # sigma * rms(W)
        assert torch.equal(m[0].bias, before["0.bias"])  # 1-d parameters are left alone
        assert torch.equal(m[1].weight, before["1.weight"])
    assert all(torch.equal(v, before[k]) for k, v in m.state_dict().items())
    with pytest.raises(RuntimeError), perturbed(m, 0.1, seed=3):
        raise RuntimeError("a rollout crashed")
    assert all(torch.equal(v, before[k]) for k, v in m.state_dict().items())
    with perturbed(m, 0.0, seed=3):  # off: nothing touched
        assert all(torch.equal(v, before[k]) for k, v in m.state_dict().items())


def test_same_seed_same_noise():
    a, b = _model(), _model()
    with perturbed(a, 0.1, seed=5), perturbed(b, 0.1, seed=5):
        assert torch.equal(a[0].weight, b[0].weight)
    c = _model()
    with perturbed(a, 0.1, seed=5), perturbed(c, 0.1, seed=6):
        assert not torch.equal(a[0].weight, c[0].weight)


def test_trainer_samples_with_the_perturbed_model(tmp_path, tiny):
    noisy = _trainer(tmp_path / "noisy", tiny, ["algorithm.param_noise=0.5"])
    plain = _trainer(tmp_path / "plain", tiny)
    before = {k: v.clone() for k, v in noisy.model.state_dict().items()}
    a, b = noisy.rollout(1), plain.rollout(1)
    assert all(torch.equal(v, before[k]) for k, v in noisy.model.state_dict().items())
    ids = lambda d: [s.token_ids for g in d.groups for s in g.samples]
    assert ids(a) != ids(b)  # the same sampling seeds, other weights
    gaps = {}
    for name, t, d in (("noisy", noisy, a), ("plain", plain, b)):
        batch = t.make_batch(t.reward(d.groups), 1)
        mask = batch.loss_mask > 0
        gap = 0.0
        for row, seq in enumerate(batch.sequences):  # the unperturbed model's own log-probs
            with torch.no_grad():
                lp = sequence_logprobs(t.model, torch.tensor([seq]))[0]
            n = len(lp)
            gap = max(gap, float((lp - batch.old_logprobs[row, :n])[mask[row, :n]].abs().max()))
        gaps[name] = gap
    assert gaps["plain"] < 1e-3  # the sampler's log-probs are the model's
    assert gaps["noisy"] > 0.05, gaps  # the old policy is the perturbed one
    noisy.close()
    plain.close()


def test_param_noise_refuses_rollouts_by_another_copy():
    from pathlib import Path

    from veriloop.run.config import load_config

    cfg = load_config(Path(__file__).resolve().parents[2] / "configs" / "grpo.yaml",
                      ["algorithm.param_noise=0.1", "rollout.asynchronous=true",
                       "model.size=xs"])
    from veriloop.run.build import build_env_and_grader
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    t = RLTrainer(cfg, "/tmp/never-written", policy_from_config(cfg.model))
    with pytest.raises(ConfigError, match="param_noise"):
        t.setup(*build_env_and_grader(cfg))
