"""benchmarks/learning.py: one cell pairs the untouched, SFT and RL evaluations task by task, its
row lands in RESULTS.md's learning table in place of the old one, and bad input is one line."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from veriloop.algorithms.shaping import policy_tokens
from veriloop.data.store import TrajectoryStore

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "learning.py"


def _module():
    spec = importlib.util.spec_from_file_location("learning_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCH), *args], check=False,
                          capture_output=True, text=True, timeout=600,
                          env=None if env is None else {**os.environ, **env})


def test_quick_cell_pairs_the_three_evaluations(tmp_path):
    # a plain progress line every 10 ms: a cell run under nohup shows every phase as it goes
    # (an hour-long cell once printed nothing between its start and its two scores)
    p = _run("--quick", "--out", str(tmp_path), env={"VERILOOP_PROGRESS_INTERVAL": "0.01"})
    assert p.returncode == 0, p.stderr[-2000:]
    phases = {line.split()[2] + ("" if line.split()[2] != "eval" else " " + line.split()[3])
              for line in p.stderr.splitlines() if " progress " in line}
    assert {"sft", "rl", "eval sft", "eval rl", "eval untouched"} <= phases, phases
    row = json.loads(p.stdout.strip().splitlines()[-1])
    # every held-out task (env.eval_tasks=4 under --quick) was evaluated on both sides
    assert row["world"] == "arithmetic" and row["heldout_n"] == 4
    assert row["delta"] == pytest.approx(row["rl"] - row["sft"], abs=1e-3)
    assert row["ci_low"] <= row["delta"] <= row["ci_high"]
    # one RL step of 2 prompts x 2 samples; the tokens are those its episodes sampled
    assert row["episodes"] == 4
    with TrajectoryStore(tmp_path / "arithmetic-seed0" / "rl" / "trajectories.sqlite") as store:
        stored = store.query()
    assert len(stored) == 4 and row["tokens"] == sum(map(policy_tokens, stored)) > 0


def test_a_killed_cell_resumes_where_it_stopped(tmp_path):
    """A cell killed after RL keeps SFT, its SFT evaluation and RL's checkpoint: `--resume`
    runs only the evaluations it lacks and gives the same scores, the SFT one from the saved
    SFT model once RL has moved the weights."""
    first = _run("--quick", "--out", str(tmp_path), "train.save_every=1")
    assert first.returncode == 0, first.stderr[-2000:]
    row = json.loads(first.stdout.strip().splitlines()[-1])
    cell = tmp_path / "arithmetic-seed0"
    for stage in ("rl", "untouched"):  # as if killed during the RL evaluation
        (cell / f"heldout_{stage}.jsonl").unlink()
    again = _run("--quick", "--out", str(tmp_path), "--resume", "train.save_every=1",
                 env={"VERILOOP_PROGRESS_INTERVAL": "0.01"})
    assert again.returncode == 0, again.stderr[-2000:]
    phases = {" ".join(line.split()[2:4]) for line in again.stderr.splitlines()
              if " progress " in line}
    assert not any(p.startswith(("sft", "eval sft")) for p in phases), phases
    assert {"eval rl", "eval untouched"} <= phases, phases
    steps = [json.loads(line)["step"] for line in
             (cell / "rl" / "metrics.jsonl").read_text().splitlines()]
    assert steps == [1]  # RL resumed at its last checkpoint (step 1 of 1): nothing redone
    resumed = json.loads(again.stdout.strip().splitlines()[-1])
    assert resumed["resumed"] is True and row["resumed"] is False
    for key in ("sft", "rl", "untouched", "delta", "episodes", "tokens", "heldout_n"):
        assert resumed[key] == row[key], key
    timing = json.loads((cell / "timing.json").read_text())
    assert resumed["minutes"] == pytest.approx((timing["sft"] + timing["rl"]) / 60, abs=0.01)
    # the SFT evaluation lost after RL moved the weights: the saved SFT model is evaluated
    (cell / "heldout_sft.jsonl").unlink()
    redo = _run("--quick", "--out", str(tmp_path), "--resume", "train.save_every=1")
    assert redo.returncode == 0, redo.stderr[-2000:]
    assert json.loads(redo.stdout.strip().splitlines()[-1])["sft"] == row["sft"]
    bare = _run("--quick", "--resume")
    assert bare.returncode == 2 and "--resume continues one cell" in bare.stderr


def _row(mod, **kw):
    row = {"world": "code", "seed": 0, "model": "tiny-s", "recipe": mod.WORLDS["code"],
           "heldout_n": 20, "untouched": 0.0, "sft": 0.1, "rl": 0.25, "delta": 0.15,
           "ci_low": 0.05, "ci_high": 0.3, "minutes": 3.5, "episodes": 160, "tokens": 9000,
           "cpu_flags": "avx avx2", "load": [1.5, 2.0, 2.5], "commit": "abc1234"}
    return {**row, **kw}


def test_append_results_replaces_the_cells_row(tmp_path):
    mod = _module()
    not_run = "".join(f"| {w} | {mod.NOT_RUN} | m | `{r}` | not yet run: `cmd` |\n"
                      for w, r in mod.WORLDS.items())
    path = tmp_path / "RESULTS.md"
    path.write_text(f"# results\n\n{mod.TABLE_START}\n{mod.HEADER}{not_run}{mod.TABLE_END}\n"
                    "## after\n")
    mod.append_results(_row(mod, seed=1), path)
    mod.append_results(_row(mod), path)
    mod.append_results(_row(mod, rl=0.4, delta=0.3), path)  # seed 0 again: replaces
    lines = path.read_text().splitlines()
    rows = lines[lines.index(mod.TABLE_START) + 3:lines.index(mod.TABLE_END)]
    code = [line for line in rows if line.startswith("| code |")]
    assert len(code) == 2 and code[0].startswith("| code | 0 |") and "| 0.400 |" in code[0]
    assert "+0.300 [+0.050, +0.300]" in code[0] and code[1].startswith("| code | 1 |")
    # the other worlds keep their lines, in WORLDS order
    assert [line.split("|")[1].strip() for line in rows] == [
        w for w in mod.WORLDS for _ in range(2 if w == "code" else 1)]
    assert lines[0] == "# results" and lines[-1] == "## after"


def test_a_results_file_without_the_table_is_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        _module().table_parts("# results\n")
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "learning table" in err


def test_bad_arguments_are_one_line():
    for args, says in ((["train.stepz=1"], "train.steps"), (["--bogus"], "section.key=value")):
        p = _run("--quick", *args)
        assert p.returncode == 2, p.stderr[-2000:]
        assert len(p.stderr.strip().splitlines()) == 1 and says in p.stderr
        assert "Traceback" not in p.stderr
