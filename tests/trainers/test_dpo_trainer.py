"""The DPO trainer on real trajectories of the tiny model: its reference log-probabilities are
the token-exact sums of the sampling logprobs over policy tokens, training raises the
chosen-over-rejected margin, a resumed run continues, and `kind: dpo` runs from the CLI."""

import json
from pathlib import Path

import pytest
import torch

from veriloop.data.store import TrajectoryStore
from veriloop.errors import ConfigError
from veriloop.rollout.runner import RolloutRunner
from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.dpo import DPOTrainer
from veriloop.types import Grade

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def _cfg(tiny, extra=()):
    return load_config(CONFIGS / "sft.yaml", [*tiny, "kind=dpo", "env.eval_tasks=0",
                                              "rollout.max_new_tokens=10", *extra])


@pytest.fixture
def own_samples(tmp_path, tiny):
    """4 samples of 3 tasks by the xs model at temperature 1, graded by sample index (a stand-in
    grade: the untrained model solves nothing), in a store."""
    cfg = _cfg(tiny)
    policy = policy_from_config(cfg.model)
    env = build_env(cfg)
    rc = cfg.rollout.model_copy(update={"group_size": 4, "temperature": 1.0, "run_id": "own"})
    trajs = RolloutRunner(env, policy, rc).run(env.tasks(3, seed=0, split="train"))
    trajs = [t.model_copy(update={"grade": Grade(score=1.0 - 0.25 * t.sample_index,
                                                 passed=t.sample_index == 0)}) for t in trajs]
    path = tmp_path / "own.sqlite"
    with TrajectoryStore(path) as s:
        s.append_many(trajs)
    return path, trajs


def test_reference_is_the_sampling_logprob_sum_and_training_widens_the_margin(
        tmp_path, tiny, own_samples):
    path, trajs = own_samples
    cfg = _cfg(tiny, [f"dpo.store={path}", "dpo.pairs_per_step=3", "dpo.epochs=4",
                      "dpo.lr=3e-3", "dpo.max_pairs_per_task=1", "train.save_every=0",
                      "train.precision=fp32"])  # the reference equals the sampler's sums exactly
    t = DPOTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model), progress=False)
    t.setup(build_env(t.cfg))
    assert len(t.pairs) == 3  # one per task: sample 0 (score 1) over sample 3 (score 0.25)
    by_id = {x.id: x for x in trajs}
    for i, p in enumerate(t.pairs):
        assert (p.chosen.sample_index, p.rejected.sample_index) == (0, 3)
        for j, side in ((2 * i, p.chosen), (2 * i + 1, p.rejected)):
            sampled = by_id[side.id]
            assert t.sequences[j][0] == sampled.token_ids[:len(t.sequences[j][0])]
            want = sum(lp for tr in sampled.turns for lp in tr.action_logprobs)
            assert float(t.ref[j]) == pytest.approx(want, abs=1e-3)
    rows = t.train()
    assert rows[0]["reward_margin"] == pytest.approx(0.0, abs=1e-4)  # pi = ref at the start
    assert rows[-1]["reward_margin"] > 0.5 and rows[-1]["dpo_loss"] < rows[0]["dpo_loss"]
    assert (t.paths.model / "config.json").exists()
    t.close()


def test_no_pairs_is_a_config_error(tmp_path, tiny, own_samples):
    _, trajs = own_samples
    flat = tmp_path / "flat.sqlite"
    with TrajectoryStore(flat) as s:
        s.append_many([x.model_copy(update={"grade": Grade(score=0.0, passed=False)})
                       for x in trajs])
    cfg = _cfg(tiny, [f"dpo.store={flat}"])
    t = DPOTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model), progress=False)
    with pytest.raises(ConfigError, match="no preference pairs"):
        t.setup(build_env(t.cfg))


def test_dpo_from_the_cli_and_resume(tmp_path, tiny, own_samples, capsys):
    from veriloop.cli import app

    path, _ = own_samples
    args = ["train", str(CONFIGS / "sft.yaml"), *tiny, "kind=dpo", "env.eval_tasks=0",
            f"dpo.store={path}", "dpo.pairs_per_step=2", "dpo.epochs=1", "train.save_every=1",
            "--run-dir", str(tmp_path / "cli"), "--json"]
    with pytest.raises(SystemExit) as e:
        app(args=args, prog_name="veriloop")
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert e.value.code in (0, None), out
    summary = json.loads(out)
    assert summary["kind"] == "dpo" and summary["pairs"] >= 3 and summary["steps"] >= 2
    cfg = load_config(tmp_path / "cli" / "config.yaml")
    again = DPOTrainer(cfg, tmp_path / "cli", policy_from_config(cfg.model), progress=False)
    again.setup(build_env(again.cfg))
    assert again.resume() and again.step_count == summary["steps"]
    assert torch.is_tensor(again.ref)
    again.close()
