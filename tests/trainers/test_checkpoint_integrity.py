"""Issue 43: a checkpoint's manifest refuses a file changed after the save (and a checkpoint
from before manifests loads, unverified), and restoring a checkpoint's pending rollouts rewinds
the store to the checkpoint's step, so the steps a resume samples again are stored once."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest
import torch

from veriloop.data.store import TrajectoryStore
from veriloop.envs import get_env
from veriloop.errors import UserError
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.run import preflight
from veriloop.trainers import checkpoint, manifest
from veriloop.trainers.manifest import CorruptCheckpoint


def _saved(tmp_path):
    torch.manual_seed(0)
    model = torch.nn.Linear(64, 64)
    opt = torch.optim.AdamW(model.parameters())
    model(torch.ones(1, 64)).sum().backward()
    opt.step()
    return checkpoint.save(tmp_path, 3, model, opt, None, {"sampler_position": 6}), model, opt


def _refusal(ckpt, what):
    return f"checkpoint {what}; delete '{ckpt}' to resume from the checkpoint before"


def test_a_changed_file_is_refused_by_its_manifest(tmp_path):
    ckpt, model, opt = _saved(tmp_path)
    listed = json.loads((ckpt / manifest.NAME).read_text())["files"]
    assert sorted(listed) == ["model/state_dict.pt", "state.pt", "trainer_state.json"]
    assert checkpoint.verify(ckpt) is True
    weights = ckpt / "model" / "state_dict.pt"
    good = weights.read_bytes()
    bad = bytearray(good)
    bad[len(bad) // 2] ^= 0x01  # one flipped bit inside the tensors, the size unchanged
    weights.write_bytes(bad)
    with pytest.raises(CorruptCheckpoint) as e:
        checkpoint.load(ckpt, model, opt, None)
    assert str(e.value) == _refusal(ckpt, f"file '{weights}' is corrupted (sha256 differs "
                                          "from its manifest)")
    weights.write_bytes(good[:-10])
    with pytest.raises(CorruptCheckpoint, match="size differs from its manifest"):
        checkpoint.verify(ckpt)
    weights.unlink()
    with pytest.raises(CorruptCheckpoint, match=f"file '{weights}' is missing"):
        checkpoint.verify(ckpt)
    weights.write_bytes(good)
    (ckpt / "model" / "extra.safetensors").write_bytes(b"x")
    with pytest.raises(CorruptCheckpoint, match="extra.safetensors' is not in its manifest"):
        checkpoint.verify(ckpt)
    (ckpt / "model" / "extra.safetensors").unlink()
    state, _ = checkpoint.load(ckpt, model, opt, None)  # intact again
    assert state["step"] == 3


def test_a_checkpoint_without_its_manifest(tmp_path):
    ckpt, model, opt = _saved(tmp_path)
    (ckpt / manifest.NAME).unlink()
    with pytest.raises(CorruptCheckpoint) as e:  # its trainer state says it had one
        checkpoint.verify(ckpt)
    assert str(e.value).startswith(f"checkpoint manifest '{ckpt / manifest.NAME}' is missing")
    state_file = ckpt / "trainer_state.json"
    state = json.loads(state_file.read_text())
    del state["manifest"]  # as written before manifests existed: loads, unverified
    state_file.write_text(json.dumps(state))
    assert checkpoint.verify(ckpt) is False
    assert checkpoint.load(ckpt, model, opt, None)[0]["sampler_position"] == 6


def test_resume_preflight_refuses_in_one_line_and_warns_of_an_unverified_checkpoint(tmp_path,
                                                                                   capsys):
    ckpt, _, _ = _saved(tmp_path)
    preflight.check_resume(tmp_path)  # intact: silent
    assert capsys.readouterr().err == ""
    state = ckpt / "state.pt"
    good = state.read_bytes()
    state.write_bytes(good[:-1] + bytes([good[-1] ^ 1]))  # still a zip archive, one bit off
    with pytest.raises(UserError) as e:
        preflight.check_resume(tmp_path)
    assert str(e.value) == _refusal(ckpt, f"file '{state}' is corrupted (sha256 differs from "
                                          "its manifest)")
    state.write_bytes(good)
    (ckpt / manifest.NAME).unlink()
    trainer_state = json.loads((ckpt / "trainer_state.json").read_text())
    del trainer_state["manifest"]
    (ckpt / "trainer_state.json").write_text(json.dumps(trainer_state))
    preflight.check_resume(tmp_path)  # written before manifests: resumes, with a warning
    assert capsys.readouterr().err == (
        f"warning: checkpoint '{ckpt}' has no manifest (written by an older veriloop), so "
        "damage inside its files cannot be detected\n")


def _rollouts(run_id, step, n=2):
    env = get_env("arithmetic")
    runner = RolloutRunner(env, env.expert(0.0), RolloutConfig(group_size=1, run_id=run_id,
                                                               seed=step))
    return runner.run(env.tasks(n, seed=step))


def test_restore_rewinds_the_store_to_the_checkpoint(tmp_path):
    with TrajectoryStore(tmp_path / "s.sqlite") as store:
        pending = checkpoint.PendingTrajectories(store, "run")
        steps = {s: _rollouts("run", s) for s in (1, 2, 3, 4)}
        for s, trajs in steps.items():  # a run that stored steps 1-4, checkpoints at 2 and 4
            store.append_many(trajs, step=s)
        other = _rollouts("other", 3)
        store.append_many(other, step=3)
        # checkpoint 4 was damaged and deleted: resume from 2, whose copy holds steps 1-2
        pending.add(1, steps[1])
        pending.add(2, steps[2])
        assert pending.restore(pending.dump(), 2) == 0  # both were stored already
        assert [store.count(run_id="run", step=s) for s in (1, 2, 3, 4)] == [2, 2, 0, 0]
        assert store.count(run_id="other") == 2  # another run's rows are not touched
        with closing(sqlite3.connect(tmp_path / "s.sqlite")) as db:  # their turns went too
            n_turns = db.execute("SELECT COUNT(*) FROM turns").fetchone()[0]
        assert n_turns == sum(len(t.turns) for t in [*steps[1], *steps[2], *other])
        for s in (3, 4):  # the resumed run samples 3 and 4 again and stores each once
            store.append_many(_rollouts("run", 10 + s), step=s)
        assert [store.count(run_id="run", step=s) for s in (1, 2, 3, 4)] == [2, 2, 2, 2]
        assert pending.restore([], 0) == 0  # every checkpoint deleted: the run starts over
        assert store.count(run_id="run") == 0 and store.count(run_id="other") == 2
