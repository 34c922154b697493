"""The embedded tiny model runs episodes whose tools come from a real stdio MCP server process
(`tests/mcp/calc_server.py`): the runner offers it the server's tool specs, every tool result
in its trajectories is the server's answer, and nothing is an infrastructure fault. The
untrained model rarely calls a tool correctly, so the scripted expert runs the same episodes
too and must get all its results from the server."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from veriloop.envs import get_env
from veriloop.rollout.runner import RolloutConfig, RolloutRunner

ROOT = Path(__file__).resolve().parents[2]


def test_tiny_model_episodes_take_their_tools_from_an_mcp_server(tiny_policy, tmp_path,
                                                                 one_thread):
    log = tmp_path / "calls.jsonl"
    server = {"command": [sys.executable, str(ROOT / "tests" / "mcp" / "calc_server.py")],
              "env": {"PYTHONPATH": str(ROOT), "MCP_CALC_LOG": str(log)}}
    env = get_env("arithmetic", mcp_servers=[server])
    tasks = env.tasks(3, seed=4)
    try:
        env.max_turns = 3  # the model's episodes are short; the expert's take their usual 4
        model = RolloutRunner(env, tiny_policy, RolloutConfig(
            group_size=2, max_new_tokens=24, seed=1)).run(tasks)
        model_calls = len(log.read_text().splitlines()) if log.exists() else 0
        env.max_turns = 4
        expert = RolloutRunner(env, env.expert(), RolloutConfig()).run(tasks)
    finally:
        env.close()
    assert len(model) == 6 and not any(t.is_infra_error for t in model)
    assert sum(len(t.turns) for t in model) >= 6
    for t in model + expert:
        calc = next(s for s in t.tools if s.name == "calculator")
        assert calc.description == "Evaluate an arithmetic expression (served over MCP)."
    for t in model:  # the model's prompt lists the server's tools (the chat template renders
        assert "calculator(expression:string) Evaluate an arithmetic expression (served " \
            "over MCP).\npid() The server's process id." in t.prompt_text  # them as signatures)
    results = [r.content for t in model for turn in t.turns for r in turn.tool_results]
    assert len(results) == model_calls  # each call the model got through reached the server
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    expert_results = [r.content for t in expert for turn in t.turns for r in turn.tool_results]
    assert all(t.passed for t in expert) and expert_results
    # episodes step concurrently: compare as multisets
    assert sorted(c["result"] for c in calls[:model_calls]) == sorted(results)
    assert sorted(c["result"] for c in calls[model_calls:]) == sorted(expert_results)
    assert {c["pid"] for c in calls} != {os.getpid()} and len({c["pid"] for c in calls}) == 1
