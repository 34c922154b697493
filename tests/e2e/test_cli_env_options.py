"""`--env-option KEY=VALUE` on `veriloop rollout` and `veriloop eval`: options reach the
environment (values read as YAML); a malformed or unknown option is one error line, exit 2."""

import json
from functools import partial

from cli_run import cli

# in this process (the same app and error handler); process=True: the real command
veriloop = partial(cli, check=False)


def test_eval_passes_a_yaml_list_option_to_the_environment(tmp_path):
    proc = veriloop("eval", "--env", "bfcl", "--policy", "expert", "--split", "all",
                    "--tasks", "12", "--json", "--out", str(tmp_path),
                    "--env-option", "categories=[irrelevance, simple_python]")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert set(summary["by_category"]) == {"irrelevance", "simple_python"}
    assert summary["success_rate"] == 1.0


def test_rollout_passes_a_scalar_option(tmp_path):
    proc = veriloop("rollout", "--env", "workspace", "--policy", "expert", "--tasks", "2",
                    "--json", "--out", str(tmp_path), "--env-option", "max_turns=3",
                    process=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["mean_turns"] <= 3


def test_unknown_or_malformed_option_is_one_line_exit_2(tmp_path):
    for option, words in (("nosuch=1", "does not take the options ['nosuch']"),
                          ("categories", "takes KEY=VALUE")):
        proc = veriloop("eval", "--env", "bfcl", "--policy", "expert", "--out",
                        str(tmp_path / option), "--env-option", option)
        assert proc.returncode == 2
        assert words in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
