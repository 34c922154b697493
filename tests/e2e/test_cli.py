import json

from cli_run import cli as veriloop  # in this process; process=True: the real command

from veriloop.data.store import TrajectoryStore


def test_envs_lists_arithmetic():
    rows = json.loads(veriloop("envs", "--json", process=True).stdout)
    assert "arithmetic" in {r["name"] for r in rows}


def test_expert_rollout_200_tasks(tmp_path):
    out = veriloop("rollout", "--env", "arithmetic", "--policy", "expert", "--tasks", "200",
                   "--group", "1", "--json", "--out", str(tmp_path)).stdout
    summary = json.loads(out)
    assert summary["success_rate"] == 1.0 and summary["trajectories"] == 200
    with TrajectoryStore(tmp_path / "trajectories.sqlite") as store:
        trajs = store.query()
    assert len(trajs) == 200
    for t in trajs:
        mask, ids = t.loss_mask, t.token_ids
        assert [i for i, m in zip(ids, mask, strict=True) if m] == [
            i for turn in t.turns for i in turn.action_ids]
        assert sum(mask) == sum(len(turn.action_ids) for turn in t.turns) > 0


def test_noisy_eval_reports_pass_at_k_and_format_violations(tmp_path):
    summary = json.loads(veriloop("eval", "--policy", "noisy-expert", "--noise", "0.4",
                                  "--tasks", "30", "--k", "4", "--json",
                                  "--out", str(tmp_path)).stdout)
    assert summary["split"] == "test" and summary["trajectories"] == 120
    p = summary["pass_at"]
    assert p["pass@1"] <= p["pass@2"] <= p["pass@4"]
    assert summary["format_violation_rate"] > 0
    assert (tmp_path / "summary.json").exists()


def test_eval_with_slots_gives_the_same_summary(tmp_path):
    def summary(*extra):
        out = tmp_path / f"run{len(extra)}"
        got = json.loads(veriloop("eval", "--policy", "noisy-expert", "--noise", "0.5",
                                  "--tasks", "12", "--k", "2", "--json", "--out", str(out),
                                  *extra).stdout)
        return {k: got[k] for k in ("pass_at", "mean_score", "trajectories")}

    assert summary("--slots", "5") == summary()
    proc = veriloop("eval", "--slots", "0", check=False)
    assert proc.returncode == 2 and "--slots" in proc.stderr
    proc = veriloop("eval", "--slots", "2", "--inference", "majority", check=False)
    assert proc.returncode == 2 and "--slots does not apply with --inference" in proc.stderr


def test_bad_input_gets_a_clear_error():
    proc = veriloop("rollout", "--env", "nope", "--json", check=False)
    assert proc.returncode == 2 and "not registered" in proc.stderr
    proc = veriloop("rollout", "--policy", "oracle", check=False)
    assert proc.returncode == 2 and "unknown policy" in proc.stderr


def test_expert_of_another_environment_through_the_cli(tmp_path):
    summary = json.loads(veriloop("eval", "--env", "code", "--policy", "expert", "--tasks", "3",
                                  "--max-total-tokens", "65536", "--json",
                                  "--out", str(tmp_path)).stdout)
    assert summary["policy"] == "code-expert" and summary["success_rate"] == 1.0
    noisy = json.loads(veriloop("eval", "--env", "code", "--policy", "noisy-expert", "--noise",
                                "1.0", "--tasks", "4", "--max-total-tokens", "65536", "--json",
                                "--out", str(tmp_path / "noisy")).stdout)
    assert noisy["policy"] == "code-expert" and noisy["success_rate"] < 1.0
    proc = veriloop("rollout", "--env", "code", "--policy", "noisy-expert", "--noise", "1.5",
                    check=False)
    assert proc.returncode == 2 and "noise must be in [0, 1]" in proc.stderr
