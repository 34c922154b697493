"""`veriloop eval --suite`: an environment in a file (not the real workspace) offering
`suite_tasks(suite, n, seed)`, task levels, apps and ambiguity, violation counts in its grades
and a `fault_rate` option. The suite's tasks are evaluated, robustness turns faults on, and the
agent metrics come out in the JSON summary; an environment without suites is a one-line error."""

import json
import subprocess
import sys
from pathlib import Path

from cli_run import veriloop_here

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
OFFICE = '''
from veriloop.envs import ScriptedExpert, ToolEpisode, register_env
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Grade, Message, Task

FACTS = {"room": "4B", "owner": "Ana", "budget": "1200"}


def solve(task, messages):
    """Ask first on ambiguous tasks; retry a failed lookup; answer with the looked-up fact."""
    if task.metadata["ambiguous"] and not any(m.role == "tool" for m in messages):
        return '<tool_call>{"name": "ask_user", "arguments": {"question": "Which one?"}}</tool_call>'
    last = messages[-1]
    if last.role == "tool" and last.name == "lookup" and not last.content.startswith("Error"):
        return f"<answer>{last.content}</answer>"
    key = task.metadata["key"]
    return f'<tool_call>{{"name": "lookup", "arguments": {{"key": "{key}"}}}}</tool_call>'


def grade(task, trajectory, state):
    calls = sum(len(u.tool_calls) for u in trajectory.turns)
    passed = trajectory.final_answer == task.verification["answer"]
    return Grade(score=float(passed), passed=passed,
                 components={"hard_violations": 0, "soft_violations": 0, "calls": calls,
                             "optimal_calls": task.verification["optimal_calls"]})


@register_env("office")
class OfficeEnv:
    """A tiny office with evaluation suites."""

    name, max_turns = "office", 6

    def __init__(self, fault_rate=0.0):
        self.fault_rate = fault_rate

    def _task(self, i, suite):
        key = sorted(FACTS)[i % 3]
        level, ambiguous = 1 + i % 2, i % 4 == 3
        return Task(id=f"{suite}-{i}", env=self.name, difficulty=level,
                    metadata={"key": key, "level": level, "ambiguous": ambiguous,
                              "apps": ["mail", "drive"] if level == 2 else ["drive"]},
                    prompt=(Message(role="user", content=f"What is the {key}?"),),
                    verification={"answer": FACTS[key], "optimal_calls": 1 + ambiguous})

    def tasks(self, n, *, seed=0, split="train", difficulty=None):
        return [self._task(i, split) for i in range(n)]

    def suite_tasks(self, suite, n, seed):
        return [self._task(i, suite) for i in range(n)]

    def reset(self, task):
        failed = []

        @tool
        def lookup(key: str) -> str:
            """A fact.

            Args:
                key: room, owner or budget
            """
            if self.fault_rate > 0 and not failed:  # the first call hits an injected 429
                failed.append(key)
                raise ValueError("429 rate limited; retry after 1 s")
            return FACTS[key]

        @tool
        def ask_user(question: str) -> str:
            """Ask the user.

            Args:
                question: the question
            """
            return "the usual one"

        return ToolEpisode(task, ToolRegistry([lookup, ask_user]))

    def grader(self):
        return grade

    def expert(self, noise=0.0, seed=0):
        return ScriptedExpert(solve)
'''


def veriloop(cwd, *args):
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd, check=False)


def evaluate(tmp_path, suite):
    proc = veriloop(tmp_path, "eval", "--env-module", "office.py", "--env", "office",
                    "--policy", "expert", "--suite", suite, "--tasks", "8", "--json",
                    "--out", f"eval-{suite}")
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_suites_report_the_agent_metrics(tmp_path):
    (tmp_path / "office.py").write_text(OFFICE)
    standard = evaluate(tmp_path, "standard")
    assert standard["suite"] == "standard" and standard["trajectories"] == 8
    assert standard["success_rate"] == 1.0
    ws = standard["workspace"]
    assert ws["completion_L1"] == ws["completion_L2"] == ws["cross_app_completion"] == 1.0
    assert ws["hard_violations_per_1000"] == 0.0
    assert ws["calls_over_optimal"] == 1.0  # the expert makes exactly the optimal calls
    assert ws["clarification_precision"] == ws["clarification_recall"] == 1.0
    assert ws["recovery_rate"] is None  # no fault, no failed call
    assert ws["time_to_first_action_s"] is not None
    saved = json.loads((tmp_path / "eval-standard" / "summary.json").read_text())
    assert saved["workspace"] == ws

    robust = evaluate(tmp_path, "robustness")  # fault_rate 0.15 reached the environment
    assert robust["success_rate"] == 1.0
    assert robust["workspace"]["recovery_rate"] == 1.0  # every failed lookup was retried
    assert robust["workspace"]["calls_over_optimal"] > 1.0


def test_suite_errors_are_one_line(tmp_path):
    proc = veriloop(tmp_path, "eval", "--env", "arithmetic", "--policy", "expert",
                    "--suite", "safety", "--tasks", "2")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: environment 'arithmetic' has no evaluation suites")
    assert len(proc.stderr.strip().splitlines()) == 1
    # the same app and error handler in this process (no interpreter start and imports)
    proc = veriloop_here(tmp_path, "eval", "--env", "arithmetic", "--policy", "expert",
                         "--suite", "safety", "--difficulty", "2")
    assert proc.returncode == 2 and "--difficulty does not apply" in proc.stderr
    proc = veriloop_here(tmp_path, "eval", "--env", "arithmetic", "--suite", "chaos")
    assert proc.returncode == 2 and "chaos" in proc.stderr


def test_training_run_logs_agent_metrics_and_the_report_shows_them(tmp_path):
    """Held-out evaluation during RL carries the agent metrics (eval/workspace/*) into
    metrics.jsonl and the run's report; the curriculum runs on this environment's levels."""
    (tmp_path / "office.py").write_text(OFFICE)
    proc = veriloop(tmp_path, "train", str(CONFIGS / "grpo.yaml"), "env.name=office.py:OfficeEnv",
                    "model.size=xs", "train.threads=1", "train.steps=1",
                    "rollout.prompts_per_step=2", "rollout.group_size=2",
                    "rollout.max_new_tokens=12", "rollout.max_total_tokens=320",
                    "env.max_turns=2", "env.train_tasks=8", "env.eval_tasks=4",
                    "optim.minibatch_size=4", "optim.micro_batch_size=4",
                    "curriculum.kind=levels", "curriculum.start_level=1", "--run-dir", "rl")
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = [json.loads(x) for x in (tmp_path / "rl" / "metrics.jsonl").read_text().splitlines()]
    assert rows[0]["step"] == 0 and "eval/workspace/completion_L1" in rows[0]
    assert rows[0]["eval/workspace/hard_violations_per_1000"] == 0.0
    assert rows[1]["curriculum/level"] == 1.0 and rows[1]["curriculum/mix/L2"] == 0.2
    report = (tmp_path / "rl" / "report.html").read_text()
    assert "Agent metrics (held-out)" in report and "completion_L1" in report
