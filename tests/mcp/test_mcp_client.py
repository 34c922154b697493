"""Environments taking their tools from MCP servers: a real stdio server process
(`calc_server.py`, the SDK's MCPServer) provides the arithmetic environment's `calculator`;
results, errors and faults are checked as the agent, the runner and the CLI see them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pydantic import ValidationError

from veriloop.envs import ScriptedExpert, get_env
from veriloop.errors import ConfigError
from veriloop.mcp import MCPClient, MCPServerConfig, MCPStartError, MCPToolsEnv
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.tools import ToolArgumentError, ToolError, ToolRegistry
from veriloop.types import FaultKind, InfrastructureError, ToolCall

ROOT = Path(__file__).resolve().parents[2]
SERVER = str(Path(__file__).with_name("calc_server.py"))


def calc_server(log: Path | None = None, **options) -> dict:
    """An `mcp_servers` entry for the test server (it imports veriloop: PYTHONPATH)."""
    env = {"PYTHONPATH": str(ROOT)}
    if log is not None:
        env["MCP_CALC_LOG"] = str(log)
    return {"command": [sys.executable, SERVER], "env": env, **options}


def logged(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_specs_and_results_come_from_the_server_process(tmp_path):
    log = tmp_path / "calls.jsonl"
    with MCPClient(MCPServerConfig(**calc_server(log))) as client:
        specs = {s.name: s for s in client.specs}
        assert set(specs) == {"calculator", "pid"}
        assert specs["calculator"].description == \
            "Evaluate an arithmetic expression (served over MCP)."
        assert specs["calculator"].parameters["properties"]["expression"]["type"] == "string"
        assert specs["pid"].description == "The server's process id."  # its docstring, one line
        assert client.call("calculator", {"expression": "(12 + 30) * 4"}) == "168"
        server_pid = int(client.call("pid", {}))
    assert server_pid != os.getpid()
    assert logged(log) == [{"pid": server_pid, "tool": "calculator",
                            "arguments": {"expression": "(12 + 30) * 4"}, "result": "168"}]


def test_errors_are_tool_errors_the_agent_reads(tmp_path):
    with MCPClient(MCPServerConfig(**calc_server())) as client:
        registry = ToolRegistry(client.tools())
        calc = registry.get("calculator")
        with pytest.raises(ToolArgumentError, match="is not of type 'string'"):
            calc.check({"expression": 7})  # checked against the server's schema, never sent
        with pytest.raises(ToolArgumentError, match="'expression' is a required property"):
            calc.check({})
        result = registry.call(ToolCall(name="calculator", arguments={"expression": "1/0"}))
        assert result.is_error
        assert result.content.startswith("Error: ") and "division by zero" in result.content
        with pytest.raises(ToolError, match="Unknown tool: nope"):
            client.call("nope", {})  # the server's answer to a tool it does not have
        assert client.call("calculator", {"expression": "2 ** 5"}) == "32"  # still serving


def test_a_crashed_or_hung_server_is_an_infrastructure_fault_not_a_hang():
    client = MCPClient(MCPServerConfig(**calc_server(call_timeout=2)))
    try:
        start = time.perf_counter()
        with pytest.raises(InfrastructureError) as hung:
            client.call("calculator", {"expression": "hang"})
        assert hung.value.kind == FaultKind.ENV_TIMEOUT and "within 2s" in str(hung.value)
        assert time.perf_counter() - start < 10
        with pytest.raises(InfrastructureError) as crashed:
            client.call("calculator", {"expression": "crash"})
        assert crashed.value.kind == FaultKind.ENV_CRASH
        assert "Connection closed" in str(crashed.value)
        assert not client.alive
        with pytest.raises(InfrastructureError, match="not running|Connection closed"):
            client.call("calculator", {"expression": "1 + 1"})
    finally:
        start = time.perf_counter()
        client.close()
        assert time.perf_counter() - start < 15


def test_a_server_that_cannot_start_is_one_clear_error(tmp_path):
    with pytest.raises(MCPStartError, match="could not start: command not found: no-such-mcp"):
        MCPClient(MCPServerConfig(command=["no-such-mcp-server"]))
    exits = calc_server()
    exits["env"]["MCP_CALC_EXIT_AT_START"] = "1"
    with pytest.raises(MCPStartError, match="told to exit at start"):  # its stderr is quoted
        MCPClient(MCPServerConfig(**exits))
    silent = MCPServerConfig(command=[sys.executable, "-c", "import time; time.sleep(60)"],
                             start_timeout=2)
    start = time.perf_counter()
    with pytest.raises(MCPStartError, match="did not start and list its tools within 2s"):
        MCPClient(silent)
    assert time.perf_counter() - start < 15
    with pytest.raises(MCPStartError, match=r"has no tool\(s\) \['sqrt'\]; it lists: calc"):
        MCPClient(MCPServerConfig(**calc_server(tools=["sqrt"])))
    with pytest.raises(ValidationError, match="exactly one of `command`"):
        MCPServerConfig(command=["x"], url="http://127.0.0.1:1/mcp")
    with pytest.raises(ConfigError, match=r"mcp_servers\[1\]\.comand: Extra inputs are not"):
        get_env("arithmetic", mcp_servers=[{"url": "http://127.0.0.1:9/mcp"}, {"comand": ["x"]}])
    with pytest.raises(ConfigError, match="tool 'pid' is offered by MCP servers"):
        get_env("arithmetic", mcp_servers=[calc_server(), calc_server(tools=["pid"])])
    with pytest.raises(MCPStartError, match="ConnectError"):
        MCPClient(MCPServerConfig(url="http://127.0.0.1:9/mcp"))


def test_expert_episodes_call_the_server_through_the_runner(tmp_path):
    log = tmp_path / "calls.jsonl"
    env = get_env("arithmetic", mcp_servers=[calc_server(log)])
    assert isinstance(env, MCPToolsEnv) and env.name == "arithmetic"
    try:
        tasks = env.tasks(6, seed=3)
        trajs = RolloutRunner(env, env.expert(), RolloutConfig()).run(tasks)
    finally:
        env.close()
    assert len(trajs) == 6 and all(t.passed and t.fault is None for t in trajs)
    results = [r for t in trajs for turn in t.turns for r in turn.tool_results]
    assert results and not any(r.is_error for r in results)
    for t in trajs:  # the policy was offered the server's tools
        assert {s.name for s in t.tools} == {"calculator", "pid"}
        assert next(s for s in t.tools if s.name == "calculator").description.endswith(
            "(served over MCP).")
    calls = logged(log)
    assert sorted(c["result"] for c in calls) == sorted(r.content for r in results)
    assert len({c["pid"] for c in calls}) == 1 and calls[0]["pid"] != os.getpid()


def test_a_run_configs_step_budget_reaches_an_environment_with_mcp_tools():
    """`env.max_turns` with `env.options.mcp_servers` was an AttributeError traceback (the MCP
    wrapper's budget had no setter); now the wrapped environment and its episodes get it."""
    from veriloop.run.build import build_env
    from veriloop.trainers.config import RunConfig

    cfg = RunConfig.model_validate(
        {"env": {"max_turns": 1, "options": {"mcp_servers": [calc_server()]}}})
    env = build_env(cfg)
    try:
        assert env.max_turns == env.env.max_turns == 1
        trajs = RolloutRunner(env, env.expert(), RolloutConfig()).run(env.tasks(2, seed=3))
    finally:
        env.close()
    assert all(len(t.turns) == 1 and t.fault.kind == FaultKind.STEP_BUDGET for t in trajs)


def test_a_crash_fails_its_episode_and_the_next_reset_restarts_the_server(tmp_path):
    log = tmp_path / "calls.jsonl"
    env = get_env("arithmetic", mcp_servers=[calc_server(log)])
    crasher = ScriptedExpert(lambda task, messages: '<tool_call>{"name": "calculator", '
                             '"arguments": {"expression": "crash"}}</tool_call>')
    try:
        task = env.tasks(1, seed=0)[0]
        crashed = RolloutRunner(env, crasher, RolloutConfig()).run([task])[0]
        traj = RolloutRunner(env, env.expert(), RolloutConfig()).run([task])[0]
    finally:
        env.close()
    assert crashed.is_infra_error and crashed.fault.kind == FaultKind.ENV_CRASH
    assert "Connection closed" in crashed.fault.reason and crashed.grade is None
    assert traj.passed and traj.fault is None  # a fresh server process answered
    assert len({c["pid"] for c in logged(log)}) == 1  # only the new process logged a result


def test_per_episode_sessions_get_their_own_process(tmp_path):
    log = tmp_path / "calls.jsonl"
    env = get_env("arithmetic", mcp_servers=[calc_server(log, session="episode")])
    trajs = RolloutRunner(env, env.expert(), RolloutConfig()).run(env.tasks(3, seed=1))
    assert all(t.passed for t in trajs)
    calls = logged(log)
    assert len(calls) == 3 and len({c["pid"] for c in calls}) == 3


def veriloop(*args):
    return subprocess.run([sys.executable, "-m", "veriloop.cli", *args], capture_output=True,
                          text=True, timeout=300, check=False, cwd=ROOT)


def test_cli_rollout_with_mcp_tools_and_a_missing_server(tmp_path):
    log = tmp_path / "calls.jsonl"
    server = json.dumps([calc_server(log)])
    proc = veriloop("rollout", "--env", "arithmetic", "--policy", "expert", "--tasks", "3",
                    "--json", "--out", str(tmp_path / "ok"), "--env-option",
                    f"mcp_servers={server}")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["success_rate"] == 1.0 and len(logged(log)) >= 3
    proc = veriloop("rollout", "--env", "arithmetic", "--policy", "expert", "--tasks", "1",
                    "--out", str(tmp_path / "bad"), "--env-option",
                    "mcp_servers=[{command: [no-such-mcp-server]}]")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == ("error: MCP server no-such-mcp-server could not start: "
                                   "command not found: no-such-mcp-server")
    exits = calc_server()
    exits["env"]["MCP_CALC_EXIT_AT_START"] = "1"
    proc = veriloop("eval", "--env", "arithmetic", "--policy", "expert", "--tasks", "1",
                    "--out", str(tmp_path / "exits"), "--env-option",
                    f"mcp_servers={json.dumps([exits])}")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert proc.stderr.startswith("error: MCP server ") and "could not start" in proc.stderr
    assert "told to exit at start" in proc.stderr  # the server's own last words


def test_workspace_episodes_add_server_tools_behind_their_guard(tmp_path):
    """Server tools join a workspace episode's own and run behind its registry: recorded in the
    world's call log, errors in the workspace's `Error <status>` form."""
    env = get_env("workspace", mcp_servers=[calc_server(tools=["calculator"])])
    try:
        episode = env.reset(env.tasks(1, seed=0, split="test")[0])
        names = {s.name for s in episode.tools}
        assert "calculator" in names and "ask_user" in names and "pid" not in names
        ok = episode.registry.call(ToolCall(name="calculator", arguments={"expression": "7*6"}))
        bad = episode.registry.call(ToolCall(name="calculator", arguments={"expression": "1/0"}))
        episode.close()
    finally:
        env.close()
    assert not ok.is_error and ok.content == "42"
    assert bad.is_error and bad.content.startswith("Error 500: ") and "division by zero" in \
        bad.content
    assert [(c.name, c.status) for c in episode.world.calls] == [("calculator", 200),
                                                                 ("calculator", 500)]
