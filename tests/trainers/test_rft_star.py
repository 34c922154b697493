"""RFT and STaR rounds on the tiny model with scripted graders: successes (and only they) are
fine-tuned on with their exact sampled ids; STaR trains on hinted rationales under the original
prompt; a resumed run skips finished rounds; `kind: rft` runs from the CLI."""

import json
from pathlib import Path

import pytest

from veriloop.data.store import TrajectoryStore
from veriloop.errors import ConfigError
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rft import RFTTrainer
from veriloop.types import Grade

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
FAST = ["kind=rft", "env.eval_tasks=0", "rollout.max_new_tokens=8", "rft.tasks=3",
        "rft.samples=2", "sft.epochs=1", "sft.warmup_steps=0", "sft.batch_tokens=2048"]


def _trainer(run_dir, tiny, grade, extra=()):
    cfg = load_config(CONFIGS / "sft.yaml", [*tiny, *FAST, *extra])
    t = RFTTrainer(cfg, run_dir, policy_from_config(cfg.model), progress=False)
    t.setup(*build_env_and_grader(t.cfg))
    t.grader = grade
    return t


def first_sample_passes(task, traj, state):
    return Grade(score=float(traj.sample_index == 0), passed=traj.sample_index == 0)


def hinted_passes(task, traj, state):
    ok = bool(task.metadata.get("star_hint"))
    return Grade(score=float(ok), passed=ok)


def test_rft_trains_on_the_kept_successes(tmp_path, tiny):
    t = _trainer(tmp_path / "rft", tiny, first_sample_passes, ["rft.rounds=2"])
    history = t.train()
    assert [h["kept"] for h in history] == [3, 3] and history[0]["sampled"] == 6
    assert history[0]["pass_rate"] == 0.5 and history[0]["sft_steps"] >= 1
    sampled = {x.id: x for x in t.store.query(run_id="rft-0")}
    with TrajectoryStore(tmp_path / "rft" / "round-0" / "kept.sqlite") as s:
        kept = s.query()
    assert len(kept) == 3 and all(k.sample_index == 0 for k in kept)
    assert all(k.token_ids == sampled[k.id].token_ids for k in kept)  # exact sampled ids
    assert (t.paths.model / "config.json").exists()
    t.close()
    again = _trainer(tmp_path / "rft", tiny, first_sample_passes, ["rft.rounds=2"])
    assert again.resume() and again.round == 2
    again.close()


def test_star_rationalizes_with_the_hint_removed(tmp_path, tiny):
    t = _trainer(tmp_path / "star", tiny, hinted_passes, ["rft.rounds=1", "rft.rationalize=true"])
    history = t.train()
    assert history[0]["kept"] == 0 and history[0]["hinted"] == 3
    assert history[0]["rationalized"] == 3
    attempts = {x.task_id: x for x in t.store.query(run_id="star-0")}
    unhinted = {x.task_id: x for x in t.store.query(run_id="rft-0")}
    with TrajectoryStore(tmp_path / "star" / "round-0" / "kept.sqlite") as s:
        kept = s.query()
    assert len(kept) == 3
    for k in kept:
        assert "Hint" not in k.prompt_text and "Hint" in attempts[k.task_id].prompt_text
        # the prompt an unhinted rollout of the task had, id for id (instructions included)
        assert list(k.prompt_ids) == list(unhinted[k.task_id].prompt_ids)
        assert [u.action_ids for u in k.turns] == [u.action_ids for u in
                                                    attempts[k.task_id].turns]
    t.close()


def test_nothing_solved_is_a_config_error(tmp_path, tiny):
    def never(task, traj, state):
        return Grade(score=0.0, passed=False)

    t = _trainer(tmp_path / "none", tiny, never, ["rft.rounds=1"])
    with pytest.raises(ConfigError, match="no successful attempts"):
        t.train()
    t.close()


def test_rft_from_the_cli(tmp_path, tiny, capsys):
    from veriloop.cli import app

    # the xs model solves no arithmetic: the CLI run ends with the one-line error, exit 2
    args = ["train", str(CONFIGS / "sft.yaml"), *tiny, *FAST, "rft.rounds=1",
            "--run-dir", str(tmp_path / "cli"), "--json"]
    with pytest.raises(SystemExit) as e:
        app(args=args, prog_name="veriloop")
    err = capsys.readouterr().err.strip().splitlines()[-1]  # after the weight-loading bar
    assert e.value.code == 2 and err.startswith("error: no successful attempts"), err
    assert json.loads((tmp_path / "cli" / "rounds.json").read_text())[0]["kept"] == 0
