"""`veriloop eval --tool-variation held-out`: the tasks' tools are varied with the held-out
family (the expert still scores 1.0 and speaks the varied names); an environment without the
option, or a disagreeing --env-option, is one error line, exit 2."""

import json
from functools import partial

import pytest
from cli_run import cli

from veriloop.data.store import TrajectoryStore
from veriloop.tool_variation import HELD_OUT, TRAIN, words

# in this process (the same app and error handler); process=True: the real command
veriloop = partial(cli, check=False)


def test_eval_under_held_out_variation(tmp_path):
    pytest.importorskip("bfcl_eval")
    proc = veriloop("eval", "--env", "bfcl", "--policy", "expert", "--split", "all",
                    "--tasks", "10", "--json", "--out", str(tmp_path), "--tool-variation",
                    "held-out", "--env-option", "categories=[parallel, multi_turn_base]")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["tool_variation"] == "held-out" and summary["success_rate"] == 1.0
    with TrajectoryStore(tmp_path / "trajectories.sqlite") as store:
        trajs = store.query()
    names = {c.name for t in trajs for turn in t.turns for c in turn.tool_calls}
    assert len(names) >= 5
    assert all(words(n)[0] in HELD_OUT.verbs and "_" not in n for n in names)


def test_unsupported_or_conflicting_variation_is_one_line_exit_2(tmp_path):
    for args, words_ in (
            (("--env", "arithmetic"), "environment 'arithmetic' does not support tool variation"),
            (("--env", "bfcl", "--env-option", "tool_variation=train"),
             "--tool-variation held-out and --env-option tool_variation=train disagree")):
        proc = veriloop("eval", *args, "--policy", "expert", "--tool-variation", "held-out",
                        "--out", str(tmp_path / args[1]))
        assert proc.returncode == 2
        assert words_ in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_env_option_sets_the_training_family_on_rollout(tmp_path):
    pytest.importorskip("bfcl_eval")
    proc = veriloop("rollout", "--env", "bfcl_synth", "--policy", "expert", "--tasks", "4",
                    "--json", "--out", str(tmp_path), "--env-option", "tool_variation=train",
                    process=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["success_rate"] == 1.0
    with TrajectoryStore(tmp_path / "trajectories.sqlite") as store:
        names = {c.name for t in store.query() for turn in t.turns for c in turn.tool_calls}
    assert names and all(n.split("_")[0] in TRAIN.verbs for n in names)
