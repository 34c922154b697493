"""SFT by distillation: a teacher behind an OpenAI-compatible endpoint (a fake server process
that plays the gold answer on some tasks and a wrong one on the others) demonstrates on
bfcl_synth tasks over a @tool registry; only the graded-good trajectories are trained on,
rendered with the student's tokenizer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("bfcl_eval")

from veriloop.data.store import TrajectoryStore
from veriloop.envs.bfcl.expert import script
from veriloop.errors import ConfigError
from veriloop.formats import HermesFormat
from veriloop.run.build import build_env
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.sft import SFTTrainer, as_demonstration

TOOLS = textwrap.dedent('''
    from veriloop.tools import tool

    @tool
    def population(city: str) -> str:
        """Population of a city.

        Args:
            city: the city
        """
        return str(len(city) * 1000)

    TOOLS = [population]
''')


def start(replies: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("fake_teacher.py")),
                             str(replies)], stdout=subprocess.PIPE, text=True)
    port = int(proc.stdout.readline())
    return proc, f"http://127.0.0.1:{port}/v1"


def test_teacher_demonstrations_are_graded_and_filtered(tmp_path):
    (tmp_path / "tools.py").write_text(TOOLS)
    base = ["kind=sft", "model.size=xs", "env.name=bfcl_synth", "sft.demos=9", "sft.epochs=1",
            f"env.options.registry={tmp_path / 'tools.py'}:TOOLS", "sft.only_passed=true",
            "sft.batch_tokens=2048", "sft.warmup_steps=1", "env.max_turns=2"]
    cfg = load_config(None, [*base, "sft.demo_policy=expert"])
    tasks = build_env(cfg).tasks(9, seed=cfg.env.task_seed + 10_000, split="train")
    fmt, replies, good = HermesFormat(), {}, set()
    for i, task in enumerate(tasks):
        calls = script(task)[0]
        if i % 3 == 0:  # wrong on every third task: another city
            calls = [c.model_copy(update={"arguments": {"city": "nowhere"}}) for c in calls]
        else:
            good.add(task.id)
        replies[task.prompt[-1].content] = "\n".join(fmt.render_call(c) for c in calls)
    assert len(replies) == 9 and len(good) == 6
    script_file = tmp_path / "teacher.json"
    script_file.write_text(json.dumps(replies))
    proc, url = start(script_file)
    try:
        cfg = load_config(None, [*base, f"sft.demo_policy=openai:{url}#teacher-1"])
        student = policy_from_config(cfg.model)
        trainer = SFTTrainer(cfg, tmp_path / "run", student, progress=False)
        trainer.setup(build_env(trainer.cfg))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    log = [json.loads(line) for line in script_file.with_suffix(".log").read_text().splitlines()]
    assert len(log) == 9 and {r["model"] for r in log} == {"teacher-1"}
    assert all(r["tools"] == ["population"] for r in log)
    with TrajectoryStore(tmp_path / "run" / "trajectories.sqlite") as store:
        stored = store.query(run_id="demos")
    assert len(stored) == 9 and {t.policy for t in stored} == {"openai:teacher-1"}
    assert {t.task_id for t in stored if t.passed} == good
    kept = trainer.selection.kept
    assert {t.task_id for t in kept} == good and trainer.selection.below == 3
    assert trainer.n_demos == 6
    seqs = sorted(trainer.sequences)
    assert seqs == sorted((c.token_ids, c.loss_mask) for t in kept
                          for c in as_demonstration(t, student.renderer).contexts())
    # the teacher's text was rendered again with the student's tokenizer
    assert all(as_demonstration(t, student.renderer).token_ids != t.token_ids for t in kept)
    assert trainer.step()["loss"] > 0


def test_a_teacher_must_be_filtered():
    with pytest.raises(ConfigError, match="must be filtered by their grade; set "
                                          "sft.only_passed: true or sft.min_score"):
        load_config(None, ["kind=sft", "sft.demo_policy=openai:http://127.0.0.1:1/v1#t"])
    cfg = load_config(None, ["kind=sft", "sft.demo_policy=openai:http://127.0.0.1:1/v1#t",
                             "sft.min_score=1"])
    assert cfg.sft.min_score == 1.0


def test_an_unreachable_teacher_is_one_error_line(tmp_path, no_backoff):
    """Regression: every teacher rollout errors (connection refused), so no demonstration is
    left; the command line says so in one line, exit 2, not with a traceback."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(no_backoff), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run(
        [sys.executable, "-m", "veriloop.cli", "train", "configs/sft.yaml", "model.size=xs",
         "sft.demos=2", "sft.demo_policy=openai:http://127.0.0.1:9/v1#teacher",
         "sft.only_passed=true", "--run-dir", str(tmp_path / "run")],
        cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, timeout=600, check=False,
        env=env)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert "error: no usable demonstrations (2 errored" in out.stderr
