"""Issue 46 acceptance, from the command line only: a 500-row TRL-format JSONL plus a ten-line
reward file trains the tiny model with GRPO and evaluates held-out rows (`veriloop train` with a
YAML config); the same options work in `veriloop eval --env dataset --env-option ...`; a verl
parquet file built with pyarrow trains the same way. Bad data is one `error:` line, exit 2."""

import json
import sqlite3
from functools import partial

import pytest
from cli_run import cli, one_error_line
from dataset_files import REWARD, VERL_REWARD, trl_jsonl, verl_parquet

veriloop = partial(cli, check=False)

TRAIN = """kind: rl
model: {{name: tiny, size: xs}}
env:
  name: dataset
  train_tasks: 6
  eval_tasks: 4
  options: {options}
rollout: {{prompts_per_step: 2, group_size: 2, max_new_tokens: 8, max_total_tokens: 256}}
optim: {{minibatch_size: 4, micro_batch_size: 4}}
train: {{steps: 2, threads: 1}}
"""


def _trained(tmp_path, options: dict) -> tuple[list[dict], list[tuple[str, int]]]:
    (tmp_path / "run.yaml").write_text(TRAIN.format(options=json.dumps(options)))
    proc = veriloop("train", "run.yaml", "--run-dir", "run", cwd=tmp_path, process=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = [json.loads(x) for x in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    with sqlite3.connect(tmp_path / "run" / "trajectories.sqlite") as db:
        stored = db.execute("SELECT task_id, step FROM trajectories").fetchall()
    return rows, stored


def _check_training(rows, stored):
    assert [r["step"] for r in rows if "loss" in r] == [1, 2]
    # held-out evaluation before the first step and after the last, on 4 held-out rows
    assert [(r["step"], r["eval/tasks"]) for r in rows if "eval/pass@1" in r] == [(0, 4), (2, 4)]
    for r in rows:
        if "loss" in r:  # the user's function scored every rollout (its score is a component)
            assert r["infra_errors"] == 0 and r["rollouts"] == 4 and "grade/score" in r
    train_ids = {t for t, step in stored if step is not None and step > 0}
    assert train_ids and all(t.startswith("dataset-train-") for t in train_ids)


def test_trl_jsonl_and_a_ten_line_reward_train_with_grpo_from_the_cli(tmp_path):
    data = trl_jsonl(tmp_path / "data.jsonl", 500)
    with data.open("a") as f:  # and one broken line, skipped: counted in every step's metrics
        f.write('{"prompt": "cut off",\n')
    (tmp_path / "my_reward.py").write_text(REWARD)
    assert len(REWARD.strip().splitlines()) <= 10
    rows, stored = _trained(tmp_path, {"path": "data.jsonl", "reward": "my_reward.py:reward",
                                       "on_bad_row": "skip"})
    _check_training(rows, stored)
    assert [r["data/skipped_rows"] for r in rows if "loss" in r] == [1.0, 1.0]


def test_verl_parquet_trains_the_same_way(tmp_path):
    verl_parquet(tmp_path / "train.parquet")
    (tmp_path / "verl_reward.py").write_text(VERL_REWARD)
    rows, stored = _trained(tmp_path, {"path": "train.parquet",
                                       "reward": "verl_reward.py:compute_score"})
    _check_training(rows, stored)


def test_sft_trains_on_the_expert_answers_from_the_config(tmp_path):
    trl_jsonl(tmp_path / "data.jsonl", 40)
    (tmp_path / "sft.yaml").write_text(
        "kind: sft\nmodel: {name: tiny, size: xs}\n"
        "env: {name: dataset, eval_tasks: 2, options: {path: data.jsonl, reward: exact}}\n"
        "sft: {demos: 8, epochs: 1, demo_noise: 0.0}\ntrain: {threads: 1}\n")
    proc = veriloop("train", "sft.yaml", "--run-dir", "run", cwd=tmp_path, process=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = [json.loads(x) for x in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    (step,) = [r for r in rows if "loss" in r]
    assert step["tokens"] > 0 and step["loss"] > 0
    assert [r["eval/tasks"] for r in rows if "eval/pass@1" in r] == [2, 2]


def test_eval_takes_the_same_options_and_scores_held_out_rows(tmp_path):
    trl_jsonl(tmp_path / "data.jsonl", 500)
    (tmp_path / "my_reward.py").write_text(REWARD)
    summaries = {}
    for policy in ("expert", "noisy-expert"):
        proc = veriloop("eval", "--env", "dataset", "--env-option", "path=data.jsonl",
                        "--env-option", "reward=my_reward.py:reward", "--policy", policy,
                        "--noise", "0.5", "--tasks", "12", "--json", "--out", policy,
                        cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        summaries[policy] = json.loads(proc.stdout)
        with sqlite3.connect(tmp_path / policy / "trajectories.sqlite") as db:
            ids = [t for (t,) in db.execute("SELECT task_id FROM trajectories")]
        # 12 of the 50 rows the seeded 10% holds out
        assert len(set(ids)) == 12 and all(t.startswith("dataset-test-") for t in ids)
    assert summaries["expert"]["success_rate"] == 1.0
    assert summaries["expert"]["infra_errors"] == 0
    # the noisy expert's perturbed answers are scored 0 by the user's function: some, not all
    assert 0.0 < summaries["noisy-expert"]["success_rate"] < 1.0
    # a registered reward by name works the same way
    proc = veriloop("eval", "--env", "dataset", "--env-option", "path=data.jsonl",
                    "--env-option", "reward=exact", "--policy", "expert", "--tasks", "5",
                    "--json", "--out", "exact", cwd=tmp_path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["success_rate"] == 1.0


def _eval(tmp_path, *options):
    args = [a for o in options for a in ("--env-option", o)]
    return veriloop("eval", "--env", "dataset", *args, "--policy", "expert", "--tasks", "20",
                    "--split", "all", "--json", "--out", "out", cwd=tmp_path)


@pytest.mark.parametrize("lines, options, words", [
    (['{"text": "hi", "label": 1}'], ["reward=exact"],
     ("data.jsonl has no prompt column (looked for prompt, messages, question, problem); "
      "columns found: text, label; map one with env.options.columns.prompt")),
    (['{"prompt": "hi"}'], ["reward=exact"],
     ("data.jsonl has no answer column (looked for answer, solution, ground_truth, "
      "reward_model.ground_truth), which reward 'exact' needs; columns found: prompt")),
    (['{"prompt": "a", "answer": "1"}', '{"prompt": "b", "answer": "2"}', '{"prompt": "c",'],
     ["reward=exact"], "data.jsonl line 3 is not valid JSON"),
    (['{"prompt": "a", "answer": "1"}', '{"prompt": 5, "answer": "2"}'], ["reward=exact"],
     "data.jsonl row 2: column 'prompt' must be text or a list of {role, content} messages"),
    (['{"prompt": "a", "answer": "1"}'], ["reward=exactt"],
     "reward 'exactt' is not registered; did you mean 'exact'?"),
    (['{"prompt": "a", "answer": "1"}'], ["reward=r.py:asks"],
     ("reward r.py:asks asks for 'gold', which is neither a column of data.jsonl (answer, "
      "prompt) nor one of completion")),
    (['{"prompt": "a", "answer": "1"}'], ["reward=exact", "on_bad_row=maybe"],
     "env.options.on_bad_row must be error or skip"),
])
def test_bad_data_is_one_error_line_exit_2(tmp_path, lines, options, words):
    (tmp_path / "data.jsonl").write_text("\n".join(lines) + "\n")
    (tmp_path / "r.py").write_text("def asks(completion, gold):\n    return 1.0\n")
    line = one_error_line(_eval(tmp_path, "path=data.jsonl", *options))
    assert words in line, line
    assert "skip" in line or "row" not in words  # a bad row's error says how to skip it


def test_on_bad_row_skip_skips_and_counts(tmp_path, caplog):
    rows = [json.dumps({"prompt": f"{i}+0?", "answer": str(i)}) for i in range(8)]
    rows[2] = '{"prompt": "broken",'  # not JSON
    rows[5] = json.dumps({"prompt": 5, "answer": "5"})  # JSON, but no prompt text
    (tmp_path / "data.jsonl").write_text("\n".join(rows) + "\n")
    proc = _eval(tmp_path, "path=data.jsonl", "reward=exact", "on_bad_row=skip")
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout)
    assert summary["tasks"] == 6 and summary["success_rate"] == 1.0
    # the log (stderr: veriloop configures no handler, so Python's last resort prints it)
    # counts them; rows are numbered as in the file, after the skipped line too
    log = "\n".join(caplog.messages)
    assert "skipped 1 bad row(s) (on_bad_row: skip); first: data.jsonl line 3: " in log
    assert ("skipped 1 bad row(s) (on_bad_row: skip); first: data.jsonl row 6: column 'prompt' "
            "must be text") in log


def test_envs_lists_the_dataset_environment_without_a_path():
    rows = json.loads(veriloop("envs", "--json").stdout)
    (row,) = [r for r in rows if r["name"] == "dataset"]
    assert row["description"] == ("Tasks from your data file, scored by a named reward or your "
                                  "own function.")
