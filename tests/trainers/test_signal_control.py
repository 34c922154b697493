"""Learning-signal control options inside the RL trainer: the adaptive entropy controller moves
its coefficient by the configured step and survives a resume; Clip-Cov / KL-Cov, OPO and the
GRPO-LEAD group reward and the pass@k advantage run end to end and log their diagnostics."""

import math
from pathlib import Path

import pytest

from veriloop.algorithms.pass_at_k import PassAtKParams, pass_at_k
from veriloop.errors import ConfigError
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.rl_batch import build_credit

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _trainer(run_dir, tiny, extra=()):
    cfg = load_config(CONFIGS / "grpo.yaml", [*tiny, "algorithm.kl_coef=0", "train.steps=2",
                                              "train.save_every=1", *extra])
    t = RLTrainer(cfg, run_dir, policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    return t


def test_adaptive_entropy_coefficient_follows_the_measured_entropy(tmp_path, tiny):
    # the untrained xs model has entropy of several nats: far above a target of 0.01, so the
    # controller's value never rises and the bonus is off; far below a target of 50, it rises
    # by delta each step and is applied
    t = _trainer(tmp_path / "hi", tiny, ["algorithm.target_entropy=50",
                                         "algorithm.entropy_delta=0.01"])
    m1 = t.step()
    assert m1["entropy_coef"] == 0.0 and t.entropy_control.c == pytest.approx(0.01)
    assert "cov_logp_adv" in m1 and "low_entropy_frac" in m1
    m2 = t.step()
    assert m2["entropy_coef"] == pytest.approx(0.01) and t.entropy_control.c == pytest.approx(0.02)
    t.save()
    t.close()
    again = _trainer(tmp_path / "hi", tiny, ["algorithm.target_entropy=50",
                                             "algorithm.entropy_delta=0.01"])
    assert again.resume() and again.entropy_control.c == pytest.approx(0.02)
    again.close()
    low = _trainer(tmp_path / "lo", tiny, ["algorithm.target_entropy=0.01"])
    low.step()
    assert low.entropy_control.c == 0.0 and low._entropy_coef() == 0.0
    low.close()


def test_kl_controller_pulls_towards_the_initial_model_below_its_target(tmp_path, tiny):
    # kl_coef 0, yet the kl controller needs the reference: the trainer keeps a frozen copy and
    # the batch carries its log-probs. Below a target of 50 nats the controller's weight is
    # max_coef * (50 - H) / 50 on each micro-batch; no entropy bonus
    t = _trainer(tmp_path / "kl", tiny, ["algorithm.target_entropy=50",
                                         "algorithm.entropy_delta=0.01",
                                         "algorithm.entropy_max_coef=0.3",
                                         "algorithm.entropy_controller=kl"])
    assert t.ref_model is not None
    m1 = t.step()
    assert m1["entropy_coef"] == 0.0 and "kl" in m1
    assert m1["kl_control_coef"] == pytest.approx(0.3 * (50 - m1["entropy"]) / 50, abs=0.01)
    assert t.entropy_control.c == pytest.approx(0.01 * (50 - m1["entropy"]) / 50)
    m2 = t.step()
    assert m2["kl"] > 0  # the first update moved the policy away from the reference
    t.close()


def test_pi_controller_penalises_entropy_above_its_target(tmp_path, tiny):
    # the untrained xs model's entropy (several nats) is far above 0.5: e = -1 on every
    # micro-batch, so the applied coefficient is -max_coef (a penalty) from the first step,
    # and the integral falls by delta a step
    t = _trainer(tmp_path / "pi", tiny, ["algorithm.target_entropy=0.5",
                                         "algorithm.entropy_delta=0.01",
                                         "algorithm.entropy_max_coef=0.2",
                                         "algorithm.entropy_controller=pi"])
    m1 = t.step()
    assert m1["entropy"] > 1.0 and m1["entropy_coef"] == pytest.approx(-0.2)
    assert t.entropy_control.c == pytest.approx(-0.01)
    m2 = t.step()
    assert m2["entropy_coef"] == pytest.approx(-0.2) and t.entropy_control.c == pytest.approx(-0.02)
    t.close()


@pytest.mark.parametrize("extra", [
    ["algorithm.policy_loss=clip_cov", "algorithm.cov_low=-100", "algorithm.cov_high=100",
     "algorithm.cov_ratio=0.5"],
    ["algorithm.policy_loss=kl_cov", "algorithm.cov_ratio=0.5", "algorithm.advantage=opo"],
    ["grader.group=lead", "grader.lead_alpha=0.5"],
    ["algorithm.advantage={name: pass_at_k, params: {k: 2}}"],
])
def test_signal_options_train(tmp_path, tiny, extra):
    t = _trainer(tmp_path / "run", tiny, extra)
    m = t.step()
    if "algorithm.policy_loss=clip_cov" in extra:
        assert 0 < m["cov_selected_frac"] <= 0.5
    if "algorithm.policy_loss=kl_cov" in extra:
        assert m["cov_selected_frac"] == pytest.approx(0.5, abs=0.05)
    if "grader.group=lead" in extra:
        # every failed rollout's reward is the explicit penalty -1
        groups, _, _ = t.rollout(2)
        rewards, passed, valid = t.shaping.grouped(groups)
        assert bool(((rewards == -1.0) | (passed > 0) | ~valid).all())
    if "pass_at_k" in extra[0]:  # the trainer's credit is the pass@2 estimator
        credit = build_credit(t.cfg.algorithm)
        assert credit.group is pass_at_k and credit.params == PassAtKParams(k=2)
        assert math.isfinite(m["loss"])
    t.close()


def test_bad_policy_loss_is_a_config_error():
    with pytest.raises(ConfigError, match="policy_loss"):
        load_config(CONFIGS / "grpo.yaml", ["algorithm.policy_loss=cov"])


def test_pass_rate_selection_in_the_trainer(tmp_path, tiny):
    """The pool (8 tasks) is profiled with 2 samples each before the first draw; the step only
    draws active tasks, and the sampler's state comes back on resume."""
    extra = ["selection.kind=pass_rate", "selection.samples=2", "selection.refresh_every=1"]
    t = _trainer(tmp_path / "sel", tiny, extra)
    m = t.step()
    assert m["selection/pool"] == 8 and m["selection/profile_episodes"] >= 16
    active = set(t.sampler.active)
    assert 1 <= len(active) <= 8
    rates = {k: s.rate for k, s in t.sampler.stats.items()}
    informative = {k for k, r in rates.items() if r is not None and 0 < r < 1}
    assert active == (informative or set(rates))
    t.save()
    state = t.sampler.state_dict()
    t.close()
    again = _trainer(tmp_path / "sel", tiny, extra)
    assert again.resume() and again.sampler.state_dict() == state
    again.close()


def test_selection_and_curriculum_exclude_each_other():
    with pytest.raises(ConfigError, match="both choose the training tasks"):
        load_config(CONFIGS / "grpo.yaml", ["selection.kind=variance", "curriculum.kind=levels",
                                            "env.difficulty=null"])


def test_on_policy_losses_refuse_an_off_policy_correction():
    """clip_cov / kl_cov are on-policy losses; asynchronous training's corrections replace the
    policy loss, so combining them is a config error rather than one silently ignored."""
    from veriloop.errors import ConfigError
    from veriloop.run.config import load_config

    with pytest.raises(ConfigError, match="policy_loss clip_cov is an on-policy loss"):
        load_config(None, ["algorithm.policy_loss=clip_cov", "algorithm.off_policy=decoupled"])
    cfg = load_config(None, ["algorithm.off_policy=decoupled"])
    assert cfg.algorithm.policy_loss == "clip"


def test_cov_controller_drops_tokens_below_its_target_only(tmp_path, tiny):
    # below a target of 50 nats (the untrained model's entropy H is several nats): the share is
    # max_coef * (50 - H) / 50 on each micro-batch and no bonus is added; far above a target of
    # 0.01 (e = -1): the share is 0 (plain GRPO). The untrained model fails every task (all
    # advantages 0, no covariance), so the update gets random advantages.
    import torch

    extra = ["algorithm.entropy_delta=0.01", "algorithm.entropy_max_coef=0.3",
             "algorithm.entropy_controller=cov"]

    def update(t):
        groups = t.reward(t.rollout(1).groups)
        batch = t.make_batch(groups)
        batch.advantages = torch.randn(len(batch), generator=torch.Generator().manual_seed(0))
        return t.update(batch, 1)

    t = _trainer(tmp_path / "below", tiny, ["algorithm.target_entropy=50", *extra])
    m = update(t)
    share = 0.3 * (50 - m["entropy"]) / 50
    assert m["cov_detach_share"] == pytest.approx(share, abs=0.01) and m["entropy_coef"] == 0.0
    assert m["cov_selected_frac"] == pytest.approx(share, abs=0.02)
    assert t.entropy_control.c == pytest.approx(0.01 * (50 - m["entropy"]) / 50)
    t.close()
    t = _trainer(tmp_path / "above", tiny, ["algorithm.target_entropy=0.01", *extra])
    m = update(t)
    assert m["cov_detach_share"] == 0.0 and m["cov_selected_frac"] == 0.0
    assert "entropy_drive" not in m  # the slope is computed for cov_score state only
    t.close()
    # cov_score state: the same share, drawn from the tokens whose own update lowers entropy;
    # the forward returns slopes and the step logs their mean first-order effect
    t = _trainer(tmp_path / "state", tiny, ["algorithm.target_entropy=50", *extra,
                                            "algorithm.cov_score=state"])
    m = update(t)
    assert m["cov_detach_share"] == pytest.approx(0.3 * (50 - m["entropy"]) / 50, abs=0.01)
    assert 0 < m["cov_selected_frac"] <= m["cov_detach_share"] + 0.02
    assert math.isfinite(m["entropy_drive"]) and m["entropy_drive"] != 0.0
    t.close()
    with pytest.raises(ConfigError, match="entropy_controller cov"):
        load_config(CONFIGS / "grpo.yaml", ["algorithm.target_entropy=0.2", *extra,
                                            "algorithm.policy_loss=kl_cov"])
