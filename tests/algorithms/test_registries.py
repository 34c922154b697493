"""The estimator and policy-loss registries: every built-in is an entry with its parameter model;
parameters come from `params:` over the flat `algorithm` keys over the defaults; a config may
name an entry with its parameters; a new estimator is one registration (hand-worked numbers)."""

import pytest
import torch

from veriloop.algorithms.advantages import CriticParams, GroupParams, group_tensors
from veriloop.algorithms.policy_losses import PolicyLossParams, clip_cov_loss
from veriloop.algorithms.registries import ESTIMATORS, POLICY_LOSSES, Entry, Params, estimator
from veriloop.algorithms.turn_advantages import TurnParams, gigpo
from veriloop.errors import ConfigError
from veriloop.run.config import load_config
from veriloop.trainers.algorithm_config import AlgorithmConfig
from veriloop.trainers.config import save_config
from veriloop.trainers.rl_batch import build_credit
from veriloop.types import Grade, Group, Trajectory, Turn


def test_every_builtin_is_an_entry_of_its_kind_with_its_parameters():
    # (other tests register entries of their own in the same process: compare the built-ins)
    builtin = {**{n: ("group", GroupParams)
                  for n in ("grpo", "dr_grpo", "rloo", "reinforce_pp", "opo")},
               **{n: ("turn", TurnParams) for n in ("turn_grpo", "subgoal_slice", "gigpo")},
               "gae": ("critic", CriticParams), "turn_gae": ("critic", CriticParams)}
    assert {n: (ESTIMATORS.get(n).kind, ESTIMATORS.get(n).params) for n in builtin} == builtin
    assert {"clip", "clip_cov", "kl_cov"} <= set(POLICY_LOSSES.names())
    assert {POLICY_LOSSES.get(n).params for n in ("clip", "clip_cov", "kl_cov")} == \
        {PolicyLossParams}
    assert POLICY_LOSSES.get("clip_cov").fn is clip_cov_loss
    assert POLICY_LOSSES.describe()["clip_cov"].startswith("Clipped surrogate with a random")
    with pytest.raises(KeyError, match="turn-level, not a group estimator"):
        estimator("gigpo", "group")


def test_parameters_come_from_params_then_the_flat_keys_then_the_defaults():
    a = AlgorithmConfig(eps_low=0.1, cov_ratio=0.5)
    p = POLICY_LOSSES.get("clip").configure({"cov_ratio": 0.25}, a)
    assert p == PolicyLossParams(eps_low=0.1, eps_high=0.2, cov_ratio=0.25)
    assert ESTIMATORS.get("gigpo").configure({}, AlgorithmConfig(gamma=0.9)) == \
        TurnParams(gamma=0.9, step_weight=1.0)
    with pytest.raises(ConfigError, match=r"^algorithm.advantage_params.gamma: .*less than or "
                                          r"equal to 1; TurnParams takes gamma, step_weight, eps"):
        ESTIMATORS.get("gigpo").configure({"gamma": 2}, None, "algorithm.advantage_params")


def test_a_config_names_an_entry_with_its_parameters(tmp_path):
    named = load_config(None, ["algorithm.advantage={name: gigpo, params: {step_weight: 0.5}}",
                               "algorithm.policy_loss={name: kl_cov, params: {kl_cov_coef: 2}}"])
    a = named.algorithm
    assert (a.advantage, a.advantage_params) == ("gigpo", {"step_weight": 0.5})
    assert (a.policy_loss, a.policy_loss_params) == ("kl_cov", {"kl_cov_coef": 2})
    flat = load_config(None, ["algorithm.advantage=gigpo", "algorithm.step_weight=0.5"]).algorithm
    assert build_credit(a).params == build_credit(flat).params == TurnParams(step_weight=0.5)
    assert build_credit(a).turn is gigpo
    # a saved run's config reads back to the same choice
    save_config(named, tmp_path / "config.yaml")
    assert load_config(tmp_path / "config.yaml").algorithm == a
    with pytest.raises(ConfigError, match="advantage takes a name, or {name: ..., params"):
        load_config(None, ["algorithm.advantage={nam: gigpo}"])


class ShiftParams(Params):
    shift: float = 0.0


def shifted(rewards, valid, lengths=None, shift=0.0):
    """r - group mean + shift, on valid samples (a test estimator)."""
    v = valid.to(rewards.dtype)  # [G, K]
    mean = (rewards * v).sum(1, keepdim=True) / v.sum(1, keepdim=True)  # [G, 1]
    return (rewards - mean + shift) * v  # [G, K]


def _traj(i: int, score: float) -> Trajectory:
    return Trajectory(id=str(i), run_id="r", task_id="t", env="e", group_id="g",
                      prompt_text="p", prompt_ids=(1, 2), done=True,
                      turns=(Turn(index=0, action_ids=(3, 4), action_text="x"),),
                      grade=Grade(score=score, passed=score > 0))


def test_a_new_estimator_is_one_registration_and_gets_its_parameters():
    ESTIMATORS.add("shifted", Entry(shifted, ShiftParams, "group"), replace=True)
    try:
        a = load_config(None, ["algorithm.advantage={name: shifted, params: {shift: 0.5}}"])
        credit = build_credit(a.algorithm)
    finally:  # the registry is process-wide: other tests list its names
        ESTIMATORS.remove("shifted")
    assert credit.params == ShiftParams(shift=0.5)
    groups = [Group.of([_traj(0, 1.0), _traj(1, 0.0), _traj(2, 0.0)])]
    x = group_tensors(groups)
    trajs = list(groups[0].samples)
    adv = credit(groups, x, torch.ones(3, dtype=torch.bool), trajs, 4)
    # rewards 1, 0, 0: mean 1/3, so 2/3 + 0.5 and -1/3 + 0.5 twice
    torch.testing.assert_close(adv, torch.tensor([2 / 3 + 0.5, 1 / 6, 1 / 6]))
