"""The experiment trackers are built in one place, `veriloop.run.build.build_tracker` (issue 44,
deliverable 1), and every trainer logs through it: the run layer hands it to SFT, DPO, RFT and
RL as their `trackers` opener. The trackers here are recorders put in place of wandb, mlflow and
trackio (whose packages need not be installed), so the test sees exactly what each one got."""

from __future__ import annotations

from pathlib import Path

import pytest

from veriloop.run.build import build_env, build_tracker
from veriloop.run.config import load_config
from veriloop.run.train import train_run
from veriloop.trainers import trackers
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.metrics import read_metrics, scalars
from veriloop.trainers.rft import RFTTrainer
from veriloop.types import Grade

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


class Recorder:
    """A tracker that keeps what it was given."""

    def __init__(self, kind: str, name: str) -> None:
        self.kind, self.name = kind, name
        self.rows: dict[int, dict[str, float]] = {}
        self.closed = False

    def log(self, step, metrics):
        assert not self.closed
        self.rows[step] = dict(metrics)

    def close(self):
        self.closed = True


@pytest.fixture
def opened(monkeypatch):
    """Every tracker name opens a Recorder (its package: the stdlib's json); the list of the
    recorders opened, in order."""
    out: list[Recorder] = []

    def opener(kind):
        def open_(package, cfg, run_dir):
            if kind == "trackio" and cfg.logging.project == "broken":
                raise RuntimeError("trackio could not start")
            out.append(Recorder(kind, trackers.run_name(cfg, run_dir)))
            return out[-1]
        return open_

    for kind in trackers.TRACKERS:
        monkeypatch.setitem(trackers.TRACKERS, kind, ("json", opener(kind)))
    return out


def test_build_tracker_opens_each_named_tracker_and_fans_out(tmp_path, opened):
    cfg = load_config(None, ["logging.trackers=[wandb, mlflow]"])
    tracker = build_tracker(cfg, tmp_path / "run-a")
    assert [(r.kind, r.name) for r in opened] == [("wandb", "run-a"), ("mlflow", "run-a")]
    tracker.log(3, {"reward": 0.5})
    tracker.close()
    assert [r.rows for r in opened] == [{3: {"reward": 0.5}}] * 2
    assert all(r.closed for r in opened)
    none = build_tracker(load_config(None, []), tmp_path / "run-b")  # logging.trackers: []
    none.log(1, {"reward": 1.0})
    none.close()
    assert len(opened) == 2


def test_a_tracker_that_fails_to_open_closes_the_ones_already_open(tmp_path, opened):
    cfg = load_config(None, ["logging.trackers=[wandb, trackio]", "logging.project=broken"])
    with pytest.raises(RuntimeError, match="trackio could not start"):
        build_tracker(cfg, tmp_path / "run")
    assert [(r.kind, r.closed) for r in opened] == [("wandb", True)]


def _logged_rows(run: Path) -> dict[int, dict[str, float]]:
    return {r["step"]: scalars({k: v for k, v in r.items() if k != "step"})
            for r in read_metrics(run / "metrics.jsonl")}


@pytest.mark.parametrize("kind", ["sft", "rl"])
def test_a_training_run_sends_its_metrics_to_the_built_trackers(tmp_path, tiny, opened, kind):
    """`veriloop train`'s run (run.train.train_run): the tracker gets every step's scalars,
    exactly the rows of metrics.jsonl, and is closed at the end."""
    recipe = "sft.yaml" if kind == "sft" else "grpo.yaml"
    cfg = load_config(CONFIGS / recipe, [*tiny, "train.steps=2", "env.eval_tasks=0",
                                         "sft.demos=4", "sft.epochs=1",
                                         "logging.trackers=[mlflow]"])
    train_run(cfg, tmp_path / "run")
    [recorder] = opened
    assert recorder.name == "run" and recorder.closed
    rows = _logged_rows(tmp_path / "run")
    assert rows and recorder.rows == rows


def test_rft_opens_one_tracker_run_per_round(tmp_path, tiny, opened):
    cfg = load_config(CONFIGS / "sft.yaml", [
        *tiny, "kind=rft", "env.eval_tasks=0", "rollout.max_new_tokens=8", "rft.tasks=2",
        "rft.samples=2", "rft.rounds=2", "sft.epochs=1", "sft.batch_tokens=2048",
        "logging.trackers=[wandb]"])
    t = RFTTrainer(cfg, tmp_path / "rft", policy_from_config(cfg.model), progress=False,
                   trackers=build_tracker)

    def first_sample_passes(task, traj, state):
        return Grade(score=float(traj.sample_index == 0), passed=traj.sample_index == 0)

    t.setup(build_env(cfg), first_sample_passes)
    t.train()
    t.close()
    assert [(r.name, r.closed) for r in opened] == [("rft-round-0", True),
                                                     ("rft-round-1", True)]
    for r, recorder in enumerate(opened):
        rows = _logged_rows(tmp_path / "rft" / f"round-{r}")
        assert rows and recorder.rows == rows
