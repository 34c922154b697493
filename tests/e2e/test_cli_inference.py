"""`veriloop eval --inference NAME --n N`: accuracy versus N with tokens in summary.json, every
candidate in the store; a bad method or option is one error line, exit 2."""

import json
from functools import partial

from cli_run import cli

from veriloop.data.store import TrajectoryStore

# in this process (the same app and error handler); process=True: the real command
veriloop = partial(cli, check=False)


def test_eval_inference_majority_writes_the_curve_and_the_candidates(tmp_path):
    proc = veriloop("eval", "--env", "arithmetic", "--policy", "noisy-expert", "--noise", "0.5",
                    "--tasks", "5", "--inference", "majority", "--n", "4", "--json",
                    "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    inf = json.loads(proc.stdout)["inference"]
    assert inf["method"] == "majority" and inf["n"] == 4 and inf["tasks"] == 5
    assert [p["n"] for p in inf["curve"]] == [1, 2, 4]
    assert inf["curve"][-1]["accuracy"] == inf["accuracy"]
    assert inf["accuracy"] == sum(c["passed"] for c in inf["choices"]) / 5
    assert json.loads((tmp_path / "summary.json").read_text())["inference"]["n"] == 4
    with TrajectoryStore(tmp_path / "trajectories.sqlite") as store:
        assert store.count() == 20  # 5 tasks x 4 candidates
        chosen = {c["trajectory"] for c in inf["choices"]}
        assert chosen <= set(store.ids())


def test_eval_inference_tree_with_the_expert(tmp_path):
    proc = veriloop("eval", "--env", "arithmetic", "--policy", "expert", "--tasks", "2",
                    "--inference", "tree", "--n", "2", "--inference-option", "scorer=oracle",
                    "--json", "--out", str(tmp_path), process=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["inference"]["accuracy"] == 1.0


def test_bad_method_or_option_is_one_line_exit_2(tmp_path):
    for args, words in ((["--inference", "nosuch"], "known: best-of-n, deepconf"),
                        (["--inference", "deepconf", "--inference-option", "nope=1"],
                         "does not take the options ['nope']"),
                        (["--n", "3"], "only with --inference")):
        proc = veriloop("eval", "--env", "arithmetic", "--policy", "expert",
                        "--out", str(tmp_path / args[-1]), *args)
        assert proc.returncode == 2, proc.stderr
        assert words in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
