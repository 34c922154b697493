"""benchmarks/learning_vs_trl.py: TRL's side sees veriloop's prompt tokens and reward, stops at
the wall-clock budget, and a --quick run trains both sides from one SFT model and pairs the
three held-out evaluations; bad input is one line."""

import json
import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from transformers import TrainerControl

from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner, with_instructions
from veriloop.run.build import build_env_and_grader, build_policy, scripted_policy

pytest.importorskip("trl", reason="TRL is a dev extra: pip install -e '.[dev]'")

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks" / "learning_vs_trl.py"


@pytest.fixture(scope="module")
def mod():
    """The script's names (benchmarks/ is no package; run_name keeps main() from running)."""
    return SimpleNamespace(**runpy.run_path(str(BENCH), run_name="learning_vs_trl"))


def _run(*args: str) -> subprocess.CompletedProcess:
    # the machine may be loaded (the limit is no claim about speed)
    return subprocess.run([sys.executable, str(BENCH), *args], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)


@pytest.fixture(scope="module")
def bfcl(mod):
    """The --quick config (BFCL recipe, tiny xs model), its environment and grader."""
    cfg, _ = mod.recipe_config(mod.QUICK_OVERRIDES, seed=0, heldout_n=4)
    env, grader = build_env_and_grader(cfg)
    return cfg, env, grader


def test_the_trl_reward_is_the_graders_verdict_in_a_veriloop_rollout(mod, bfcl):
    # the same completions graded two ways: by veriloop's rollout runner (as its RL is) and
    # by the TRL reward function; a noisy expert gives both passing and failing ones
    cfg, env, grader = bfcl
    tasks = env.tasks(24, seed=3, split="train")
    expert = scripted_policy("bfcl", "noisy-expert", noise=0.5, seed=1,
                             env_options=cfg.env.options)
    trajs = RolloutRunner(env, expert, RolloutConfig(), grader=grader).run(tasks)
    reward = mod.BfclReward(env, grader, tasks)
    got = reward([t.prompt_text for t in trajs], [t.turns[0].action_text for t in trajs],
                 [t.task_id for t in trajs])
    want = [t.grade.score for t in trajs]
    assert got == want and 0 < sum(want) < len(want)  # both verdicts occur
    assert (reward.calls, reward.episodes) == (1, len(trajs))


def test_trl_encodes_the_prompt_to_veriloops_token_ids(mod, bfcl):
    # TRL encodes a text prompt with `processing_class(text=prompts)` (GRPOTrainer.
    # _tokenize_prompts); the rendered text must give back the ids veriloop's runner samples
    # from, or the two sides would train on different prompts
    cfg, env, _ = bfcl
    policy = build_policy(cfg)
    for task in env.tasks(10, seed=0, split="train"):
        text = mod.prompt_text(policy, env, task)
        episode = env.reset(task)  # as the runner renders a prompt (RolloutRunner._reset)
        ids = policy.renderer.render_prompt(with_instructions(task.prompt, episode.instructions),
                                            episode.tools).ids
        assert policy.tokenizer(text=[text])["input_ids"][0] == list(ids), task.id


def _callback_step(cb, control):
    cb.on_step_end(None, SimpleNamespace(global_step=1), control)
    return control.should_training_stop


def test_budget_callback_stops_past_the_budget_and_never_undoes_a_stop(mod):
    meter = mod.LoadMeter()
    spent = mod.budget_callback(0.0, meter)  # every step ends past a budget of 0 s
    spent.on_train_begin(None, None, None)
    assert _callback_step(spent, TrainerControl()) is True
    ample = mod.budget_callback(1e9, meter)
    ample.on_train_begin(None, None, None)
    assert _callback_step(ample, TrainerControl()) is False
    # TRL's own max_steps stop (DefaultFlowCallback, before ours) must survive our callback
    assert _callback_step(ample, TrainerControl(should_training_stop=True)) is True
    assert len(meter.samples) == 3


def test_quick_run_trains_both_sides_and_pairs_the_evaluations(tmp_path, mod):
    p = _run("--quick", "--out", str(tmp_path))
    assert p.returncode == 0, p.stderr[-3000:]
    row = json.loads(p.stdout.strip().splitlines()[-1])
    assert set(row) == set(mod.JSON_KEYS)
    # one step each (--max-steps 1 under --quick) of 2 prompts x 2 samples
    assert (row["veriloop_steps"], row["trl_steps"]) == (1, 1)
    assert (row["veriloop_episodes"], row["trl_episodes"]) == (4, 4)
    assert row["heldout_n"] == 4 and row["order"] == "sequential, veriloop first"
    for delta, ci, after, before in (("veriloop_delta", "veriloop_ci", "veriloop", "sft"),
                                     ("trl_delta", "trl_ci", "trl", "sft"),
                                     ("diff", "diff_ci", "veriloop", "trl")):
        assert row[delta] == pytest.approx(row[after] - row[before], abs=1e-3)
        assert row[ci][0] <= row[delta] <= row[ci][1]
    assert (tmp_path / "sft" / "final" / "config.json").exists()
    assert (tmp_path / "trl" / "final" / "config.json").exists()  # TRL's merged model


def test_append_results_adds_a_table_then_rows(tmp_path, mod):
    path = tmp_path / "RESULTS.md"
    path.write_text("# results\n\n## last section\ntext\n")
    row = {"seed": 0, "model": "smollm2-135m", "heldout_n": 250, "veriloop_minutes": 45.2,
           "trl_minutes": 45.9, "budget_minutes": 45, "sft": 0.3, "veriloop": 0.45,
           "trl": 0.38, "veriloop_delta": 0.15, "veriloop_ci": [0.1, 0.2], "trl_delta": 0.08,
           "trl_ci": [0.03, 0.13], "diff": 0.07, "diff_ci": [0.02, 0.12],
           "veriloop_steps": 90, "trl_steps": 40, "veriloop_episodes": 2880,
           "trl_episodes": 1280, "order": "sequential, veriloop first", "veriloop_load": 2.1,
           "trl_load": 2.3, "commit": "abc1234", "cpu_flags": "avx2"}
    mod.append_results(row, path)
    mod.append_results({**row, "seed": 1}, path)
    text = path.read_text()
    assert text.startswith("# results\n\n## last section\ntext\n")
    rows = text.split(mod.TABLE_START)[1].split(mod.TABLE_END)[0].strip().splitlines()[2:]
    assert [r.split("|")[1].strip() for r in rows] == ["0", "1"]
    assert "+0.070 [+0.020, +0.120]" in rows[0] and "| 90 / 40 |" in rows[0]


@pytest.mark.parametrize("args, says", [
    (["--minutes", "0"], "--minutes must be above 0"),
    (["--quick", "algorithm.advantage=rloo"], "cannot match"),
    (["--quick", "bogus"], "is not KEY=VALUE"),
    (["--quick", "--minutez", "3"], "unknown option(s) --minutez"),
])
def test_bad_input_is_one_line(args, says):
    p = _run(*args)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr[-2000:]
    last = p.stderr.strip().splitlines()[-1]
    assert last.startswith("error:") and says in last
