"""Episode-level hacks of the `research` environment that the episode now stops: evading the
retry cap by renaming a failing script (and the cap refusing a script fixed in place),
evading the repeated-search penalty by trivial rewording, footers that report unclamped
offsets, and stalling in sleeping scripts until the episode times out as an infrastructure
fault."""

from __future__ import annotations

import json

import pytest

from veriloop.envs.research import ResearchEnv, load_corpus
from veriloop.envs.research.data import csv_text
from veriloop.envs.research.episode import PAGE_CHARS, normalize_query
from veriloop.errors import ConfigError
from veriloop.types import Message, Trajectory

BAD = "raise SystemExit(3)"


def _call(name, **arguments):
    return Message(role="assistant", content="<tool_call>" + json.dumps(
        {"name": name, "arguments": arguments}) + "</tool_call>")


def _out(ep, name, **arguments):
    return ep.step(_call(name, **arguments)).messages[0].content


def _grade(env, task, ep):
    traj = Trajectory(id="t", run_id="r", task_id=task.id, env="research", group_id="g",
                      prompt_text=task.prompt[-1].content, prompt_ids=(),
                      final_answer=ep.state.report)
    return env.grader()(task, traj, ep.state)


@pytest.fixture
def env_cap1():
    env = ResearchEnv(max_retries=1, pool_size=1)
    yield env
    env.close()


def test_renaming_a_failing_script_does_not_evade_the_retry_cap(env_cap1):
    [task] = env_cap1.tasks(1, seed=0, difficulty=1)
    ep = env_cap1.reset(task)
    _out(ep, "write_file", path="a0.py", content=BAD)
    outs = [_out(ep, "execute_code", path="a0.py") for _ in range(2)]
    assert all(o.startswith("[exit code 3]") for o in outs)
    # the same code under a new name (and with a comment added) is the same failing code
    _out(ep, "write_file", path="a1.py", content="# another try\n" + BAD + "\n")
    out = _out(ep, "execute_code", path="a1.py")
    assert out.startswith("refused:") and "change approach" in out
    assert ep.state.refused_runs == 1
    assert sum(not e.ok and not e.refused for e in ep.state.executions) == 2


def test_a_failing_script_fixed_in_place_gets_a_fresh_count(env_cap1):
    [task] = env_cap1.tasks(1, seed=0, difficulty=1)
    ep = env_cap1.reset(task)
    _out(ep, "write_file", path="analysis.py", content=BAD)
    outs = [_out(ep, "execute_code", path="analysis.py") for _ in range(3)]
    assert outs[2].startswith("refused:")
    _out(ep, "write_file", path="analysis.py", content="print('fixed')")
    out = _out(ep, "execute_code", path="analysis.py")
    assert out.startswith("[exit code 0]") and "fixed" in out
    assert ep.state.refused_runs == 1


def test_reworded_searches_count_as_repeats(env_cap1):
    variants = ["breast cancer data.", "data breast cancer", "Breast-cancer data",
                "  BREAST, cancer;  data  "]
    assert {normalize_query(q) for q in variants} == {"breast cancer data"}
    assert normalize_query("breast cancer study") != normalize_query("breast cancer data")
    [task] = env_cap1.tasks(1, seed=0, difficulty=1)
    ep = env_cap1.reset(task)
    outs = [_out(ep, "search_papers", query=q) for q in ["breast cancer data", *variants]]
    assert ["already ran" in o for o in outs] == [False] + [True] * len(variants)
    assert ep.state.repeated_searches == len(variants)
    g = _grade(env_cap1, task, ep)
    assert g.components["penalty"] == pytest.approx(0.05 * len(variants))


def test_negative_offsets_are_reported_clamped(env_cap1):
    [task] = env_cap1.tasks(1, seed=0, difficulty=1)
    doc = max(load_corpus().docs.values(), key=lambda d: len(d.text))
    assert len(doc.text) > 2 * PAGE_CHARS
    ep = env_cap1.reset(task)
    out = _out(ep, "read_paper", paper_id=doc.id, offset=-2000)
    assert out.endswith(f"[... {len(doc.text) - PAGE_CHARS} more characters: "
                        f"offset={PAGE_CHARS}]")
    # following the footer's offset continues right after the page shown
    nxt = _out(ep, "read_paper", paper_id=doc.id, offset=PAGE_CHARS)
    assert doc.text[PAGE_CHARS:PAGE_CHARS + 50] in nxt
    dataset = task.metadata["dataset"]
    n_lines = len(csv_text(dataset).splitlines())
    out = _out(ep, "read_file", path=f"data/{dataset}.csv", max_lines=-5)
    assert out.endswith(f"\n[... {n_lines - 1} more lines]")


def test_sleeping_scripts_exhaust_the_execution_budget_and_are_refused():
    with pytest.raises(ConfigError, match="exec_budget_s"):
        ResearchEnv(exec_budget_s=0)
    env = ResearchEnv(exec_budget_s=2.0, pool_size=1)
    try:
        [task] = env.tasks(1, seed=0, difficulty=1)
        ep = env.reset(task)
        _out(ep, "write_file", path="stall.py", content="import time\ntime.sleep(60)")
        _out(ep, "write_file", path="ok.py", content="print(1)")
        # the run's timeout is cut to the budget left (2 s, not the sandbox's 30 s) and the
        # timed-out run spends all of it
        assert _out(ep, "execute_code", path="stall.py").startswith("[timed out]")
        [stall] = ep.state.executions
        assert 2.0 <= stall.seconds < env.limits.timeout_s
        out = _out(ep, "execute_code", path="ok.py")
        assert out.startswith("refused:") and "execution budget" in out
        assert ep.state.refused_runs == 1
        assert _grade(env, task, ep).components["penalty"] == pytest.approx(0.05)
    finally:
        env.close()
