"""Issue 44's acceptance point: a new loss is ONE new file. It registers itself with its own
parameter model, a YAML config picks it with its parameters, and the real trainer trains a step
with it; neither the config schema nor the trainer changes."""

import importlib.util
from pathlib import Path

import pytest

from veriloop.errors import ConfigError
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.types import Grade, Group

NEW_LOSS = '''
"""The clipped surrogate times `scale` (a loss veriloop does not ship)."""
from typing import NamedTuple

from veriloop.algorithms.losses import clipped_pg_loss
from veriloop.algorithms.registries import POLICY_LOSSES, Entry, Params


class ScaledParams(Params):
    scale: float = 1.0
    eps_low: float = 0.2  # a field the algorithm section also has: its value comes from there


class ScaledStats(NamedTuple):
    ratio_mean: float
    scaled_by: float


def scaled_clip(logprobs, old_logprobs, advantages, mask, p, aggregation, norm, generator):
    loss, st = clipped_pg_loss(logprobs, old_logprobs, advantages, mask, p.eps_low, p.eps_low,
                               aggregation, norm)
    return p.scale * loss, ScaledStats(st.ratio_mean, p.scale)


POLICY_LOSSES.register("scaled_clip")(Entry(scaled_clip, ScaledParams))
'''

CONFIG = """
kind: rl
model: {name: tiny, size: xs}
env: {name: arithmetic, train_tasks: 8, eval_tasks: 0, max_turns: 2}
rollout: {prompts_per_step: 2, group_size: 4, max_new_tokens: 12, max_total_tokens: 320}
algorithm:
  aggregation: token_mean
  eps_low: 0.25
  eps_high: 0.25
  # GRPO-LEAD weights: a group's advantages no longer sum to 0, nor does the loss at ratio 1
  difficulty_weighting: true
  policy_loss: {name: %s, params: %s}
optim: {minibatch_size: 64, micro_batch_size: 64}
train: {steps: 1, threads: 1, precision: fp32}
"""


@pytest.fixture(scope="module")
def new_loss(tmp_path_factory):
    path = tmp_path_factory.mktemp("plugin") / "scaled_loss.py"
    path.write_text(NEW_LOSS)
    spec = importlib.util.spec_from_file_location("scaled_loss", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # what importing a user's module or plugin does
    return module


def _trainer(run: Path, name: str, params: str) -> RLTrainer:
    run.mkdir(parents=True)
    (run / "config.yaml").write_text(CONFIG % (name, params))
    cfg = load_config(run / "config.yaml", [])
    t = RLTrainer(cfg, run / "out", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    return t


def test_a_new_loss_in_one_file_trains_a_step_from_yaml(tmp_path, new_loss):
    t = _trainer(tmp_path / "scaled", "scaled_clip", "{scale: 3.0}")
    assert t.objective.params == new_loss.ScaledParams(scale=3.0, eps_low=0.25)
    m = t.step()  # rollout, grade, advantages, the new loss, optimizer step, log
    assert m["scaled_by"] == 3.0 and t.step_count == 1
    # the numbers: on the same hand-graded groups its loss is 3 x the built-in clip's
    passes = [[1, 0, 0, 0], [1, 1, 0, 0]]
    groups = [Group.of([s.model_copy(update={"grade": Grade(score=float(p), passed=bool(p))})
                        for s, p in zip(g.samples, ps, strict=True)])
              for g, ps in zip(t.rollout(2).groups, passes, strict=True)]
    plain = _trainer(tmp_path / "clip", "clip", "{}")
    plain.model.load_state_dict(t.model.state_dict())
    scaled_loss = t.update(t.make_batch(t.reward(groups)), 2)["pg_loss"]
    plain_loss = plain.update(plain.make_batch(plain.reward(groups)), 2)["pg_loss"]
    assert abs(plain_loss) > 1e-4
    assert scaled_loss == pytest.approx(3.0 * plain_loss, rel=1e-5)
    t.close()
    plain.close()


def test_a_new_losss_bad_parameter_is_one_config_error(tmp_path, new_loss):
    with pytest.raises(ConfigError, match=r"algorithm.policy_loss_params.scale: .*ScaledParams"):
        _trainer(tmp_path / "bad", "scaled_clip", "{scale: lots}")
    with pytest.raises(ConfigError, match="ScaledParams takes scale, eps_low"):
        _trainer(tmp_path / "typo", "scaled_clip", "{scael: 2}")


def test_an_unknown_loss_names_the_registered_ones(tmp_path, new_loss):
    with pytest.raises(ConfigError, match="did you mean 'scaled_clip'.*known: clip, clip_cov"):
        _trainer(tmp_path / "typo", "scaled_clp", "{}")
