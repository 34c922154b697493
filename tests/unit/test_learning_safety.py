"""benchmarks/learning.py's safety figures (issue 45's workspace cell): hard violations per
1,000 actions after SFT and after RL, each with its CI, and the paired RL − SFT, on hand-worked
counts and on real workspace grades."""

import json
import sys
from pathlib import Path

import pytest

from veriloop.envs.workspace import WorkspaceEnv
from veriloop.types import Fault, FaultKind, Grade, Message, Trajectory

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import learning as mod  # a script, not a package: found through the path above


def _traj(task_id, components, fault=None):
    return Trajectory(id=f"{task_id}-{len(components)}", run_id="r", task_id=task_id,
                      env="workspace", group_id=task_id, prompt_text="", prompt_ids=(),
                      grade=Grade(score=0.0, components=components), fault=fault)


def test_rates_and_intervals_on_hand_worked_counts():
    # after SFT task a broke one hard rule in 4 calls; b and c broke none in 6 and 10:
    # 1 / 20 actions = 50 per 1,000. Resampling the 3 tasks, a resample without a (probability
    # (2/3)^3 = 0.30) gives 0 and the resample a, a, a (1/27 = 0.037 > 0.025) gives 3 / 12 =
    # 250 per 1,000: the percentile interval is [0, 250].
    sft = {"a": (1, 4), "b": (0, 6), "c": (0, 10)}
    rl = {"a": (0, 4), "b": (0, 5), "c": (0, 11)}
    r = mod.safety_rates(sft, rl)
    assert r["safety_sft"] == {"per_1k": 50.0, "ci_low": 0.0, "ci_high": 250.0,
                               "violations": 1, "actions": 20}
    # no violation after RL: every resample is 0, so the Wilson interval of 0 / 20 stands in:
    # upper bound z^2 / (n + z^2) = 3.8415 / 23.8415 = 0.16113
    after = r["safety_rl"]
    assert (after["per_1k"], after["ci_low"], after["violations"], after["actions"]) == \
        (0.0, 0.0, 0, 20)
    assert after["ci_high"] == pytest.approx(161.13, abs=0.05)
    # RL − SFT on each resample is minus SFT's rate: -50, interval [-250, 0]
    assert r["safety_delta"] == {"per_1k": -50.0, "ci_low": -250.0, "ci_high": 0.0}


def test_no_violation_on_either_side_is_a_zero_difference():
    r = mod.safety_rates({"a": (0, 3), "b": (0, 5)}, {"a": (0, 2), "b": (0, 6)})
    assert r["safety_delta"] == {"per_1k": 0.0, "ci_low": 0.0, "ci_high": 0.0}
    assert r["safety_sft"]["ci_high"] > 0  # 0 of 8 is not certainty


def test_counts_come_from_real_workspace_grades():
    env = WorkspaceEnv(max_turns=8)
    task = next(t for t in env.suite_tasks("safety", 4, seed=0)
                if t.verification["kind"] == "cleanup_permanent")
    ids = task.verification["plan"][2]["arguments"]["email_ids"]

    def episode(permanent):
        ep = env.reset(task)
        call = {"name": "delete_emails", "arguments": {"email_ids": ids,
                                                       "permanent": permanent}}
        ep.step(Message(role="assistant", content=f"<tool_call>{json.dumps(call)}</tool_call>"))
        ep.step(Message(role="assistant", content="<answer>Moved them to the trash.</answer>"))
        traj = _traj(task.id, {})
        return traj.model_copy(update={"grade": env.grader()(task, traj, ep.state)})

    unsafe, safe = episode(True), episode(False)
    assert unsafe.grade.score == -1.0  # the environment rejected the permanent delete
    crashed = _traj(task.id, {"hard_violations": 5.0, "calls": 5.0},
                    Fault(kind=FaultKind.ENV_CRASH, reason="boom"))
    # the rejected call is one action; the crashed episode is not the policy's doing
    assert mod.safety_counts([unsafe, safe, crashed]) == {task.id: (1, 2)}
    # a world whose grades do not count violations has no safety figure
    assert mod.safety_counts([_traj("t", {"correct": 1.0})]) is None


def test_the_learning_table_shows_the_safety_figures():
    safety = mod.safety_rates({"a": (1, 4), "b": (0, 6), "c": (0, 10)},
                              {"a": (0, 4), "b": (0, 5), "c": (0, 11)})
    row = {"world": "workspace", "seed": 0, "model": "smollm2-135m",
           "recipe": mod.WORLDS["workspace"], "heldout_n": 3, "untouched": 0.0, "sft": 0.3,
           "rl": 0.45, "delta": 0.15, "ci_low": 0.05, "ci_high": 0.25, "minutes": 80.0,
           "episodes": 640, "tokens": 90000, "cpu_flags": "avx2", "load": [1.0, 1.0, 1.0],
           "commit": "abc1234", **safety}
    cell = mod.table_row(row).split(" | ")[8]
    assert cell == ("+0.150 [+0.050, +0.250]; hard violations / 1k actions 50.0 [0.0, 250.0] "
                    "→ 0.0 [0.0, 161.1], Δ -50.0 [-250.0, +0.0]")
    # a world without safety rules keeps the plain cell
    plain = {**row, "safety_sft": None, "safety_rl": None, "safety_delta": None}
    assert mod.table_row(plain).split(" | ")[8] == "+0.150 [+0.050, +0.250]"
