"""`veriloop mcp serve` as a real subprocess, answered by the official SDK client (`ClientSession`
over `stdio_client` and `streamable_http_client`): list_tools and call_tool with real results,
error results, state kept within a session; and veriloop's own MCP client using it."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, MCPError, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from veriloop.envs import get_env
from veriloop.mcp import MCPClient, MCPServerConfig
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.tools import ToolError
from veriloop.types import FaultKind, InfrastructureError

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "-m", "veriloop.cli", "mcp", "serve"]
ENV = {"PYTHONPATH": str(ROOT)}


def stdio(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=SERVE[0], args=[*SERVE[1:], *args], env=ENV, cwd=ROOT)


def text(result) -> str:
    return "\n".join(block.text for block in result.content)


def workspace_expectations() -> tuple[set[str], str]:
    """The tool names of the served task's episode and a word of its prompt, computed here."""
    env = get_env("workspace")
    task = env.tasks(1, seed=0, split="test")[0]
    episode = env.reset(task)
    return set(episode.registry.names), task.prompt[-1].content


async def workspace_round_trip(session: ClientSession) -> None:
    init = await session.initialize()
    names, prompt = workspace_expectations()
    assert prompt in init.instructions  # the task is the server's instructions
    listed = {t.name: t for t in (await session.list_tools()).tools}
    assert set(listed) == names and "create_mail_folder" in listed
    assert listed["create_mail_folder"].input_schema["required"] == ["name"]
    made = await session.call_tool("create_mail_folder", {"name": "Receipts-MCP"})
    assert not made.is_error, text(made)
    folders = await session.call_tool("list_mail_folders", {})
    assert not folders.is_error and "Receipts-MCP" in text(folders)  # the episode's state
    missing = await session.call_tool("create_mail_folder", {})
    assert missing.is_error and "missing required argument(s) ['name']" in text(missing)
    unknown = await session.call_tool("no_such_tool", {})
    assert unknown.is_error and "unknown tool 'no_such_tool'" in text(unknown)


def test_workspace_over_stdio():
    async def main() -> None:
        async with stdio_client(stdio("--env", "workspace")) as (read, write), \
                ClientSession(read, write) as session:
            await workspace_round_trip(session)

    asyncio.run(asyncio.wait_for(main(), 600))


def test_workspace_over_streamable_http_on_loopback():
    proc = subprocess.Popen([*SERVE, "--env", "workspace", "--transport", "http", "--port", "0"],
                            stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, **ENV})
    try:
        line = proc.stderr.readline()
        assert "serving workspace task" in line, line + proc.stderr.read()
        url = line.split()[-1]
        assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")

        async def main() -> None:
            async with streamable_http_client(url) as (read, write), \
                    ClientSession(read, write) as session:
                await workspace_round_trip(session)
            async with streamable_http_client(url) as (read, write), \
                    ClientSession(read, write) as session:  # a new session: a new episode
                await session.initialize()
                folders = await session.call_tool("list_mail_folders", {})
                assert "Receipts-MCP" not in text(folders)

        asyncio.run(asyncio.wait_for(main(), 600))
    finally:
        proc.terminate()
        proc.wait(30)
    assert proc.returncode == 0, proc.stderr.read()  # SIGTERM: a clean exit, episodes closed


def test_arithmetic_results_and_error_results():
    async def main() -> None:
        async with stdio_client(stdio("--env", "arithmetic")) as (read, write), \
                ClientSession(read, write) as session:
            await session.initialize()
            assert [t.name for t in (await session.list_tools()).tools] == ["calculator"]
            ok = await session.call_tool("calculator", {"expression": "6 * 7"})
            assert not ok.is_error and text(ok) == "42"
            bad = await session.call_tool("calculator", {"expression": "1/0"})
            assert bad.is_error and text(bad) == "Error: ValueError: division by zero"
            wrong = await session.call_tool("calculator", {"expression": 5})
            assert wrong.is_error and "expression must be of type string" in text(wrong)

    asyncio.run(asyncio.wait_for(main(), 600))


def test_veriloop_episodes_can_use_a_served_environment():
    """The loop closed: arithmetic takes `calculator` from `veriloop mcp serve --env arithmetic`."""
    env = get_env("arithmetic", mcp_servers=[{"command": [*SERVE, "--env", "arithmetic"],
                                              "env": ENV, "start_timeout": 600}])
    try:
        trajs = RolloutRunner(env, env.expert(), RolloutConfig()).run(env.tasks(3, seed=2))
    finally:
        env.close()
    assert all(t.passed and t.fault is None for t in trajs)


@pytest.mark.parametrize("args, words", [
    (["--env", "no_such_env"], "environment 'no_such_env' is not registered"),
    (["--env", "arithmetic", "--task-index", "100000", "--env-option", "x=1"],
     "does not take the options ['x']"),
])
def test_cli_errors_are_one_line_exit_2(args, words):
    proc = subprocess.run([*SERVE, *args], capture_output=True, text=True, timeout=600,
                          cwd=ROOT, env={**os.environ, **ENV}, stdin=subprocess.DEVNULL,
                          check=False)
    assert proc.returncode == 2, proc.stderr
    assert words in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_port_in_use_is_one_line_exit_2():
    from veriloop.mcp.server import bind_loopback

    taken = bind_loopback(0)
    try:
        port = str(taken.getsockname()[1])
        proc = subprocess.run([*SERVE, "--env", "arithmetic", "--transport", "http", "--port",
                               port], capture_output=True, text=True, timeout=600, cwd=ROOT,
                              env={**os.environ, **ENV}, check=False)
    finally:
        taken.close()
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"cannot listen on 127.0.0.1:{port}" in proc.stderr


def test_an_infrastructure_fault_crosses_both_processes_typed():
    """A served tool's infrastructure fault is a JSON-RPC error for the SDK client, and an
    infrastructure fault again for a veriloop episode that takes the tool from the server."""
    served = ["--env", str(ROOT / "tests" / "mcp" / "faulty_env.py") + ":FaultyEnv"]

    async def main() -> None:
        async with stdio_client(stdio(*served)) as (read, write), \
                ClientSession(read, write) as session:
            assert "Run the nightly job." in (await session.initialize()).instructions
            with pytest.raises(MCPError, match=r"sandbox: sandbox is down \(job nightly\)"):
                await session.call_tool("run_job", {"name": "nightly"})

    asyncio.run(asyncio.wait_for(main(), 600))
    # a generous start: the served command imports veriloop, minutes on a loaded machine
    config = MCPServerConfig(command=[*SERVE, *served], env=ENV, start_timeout=600)
    with MCPClient(config) as client:
        with pytest.raises(InfrastructureError, match="sandbox is down") as fault:
            client.call("run_job", {"name": "nightly"})
        assert fault.value.kind == FaultKind.ENV_CRASH
        assert client.alive  # the server is fine; only that call failed


def test_veriloop_client_over_streamable_http():
    """`mcp_servers: [{url: ...}]`: the calculator of a served arithmetic environment, reached
    over HTTP by veriloop's client (the SDK's 2026-07-28 sessionless protocol)."""
    proc = subprocess.Popen([*SERVE, "--env", "arithmetic", "--transport", "http", "--port",
                             "0"], stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, **ENV})
    try:
        url = proc.stderr.readline().split()[-1]
        env = get_env("arithmetic", mcp_servers=[{"url": url}])
        try:
            trajs = RolloutRunner(env, env.expert(), RolloutConfig()).run(env.tasks(3, seed=5))
            with MCPClient(MCPServerConfig(url=url)) as client:
                assert client.call("calculator", {"expression": "2 + 2"}) == "4"
                with pytest.raises(ToolError, match="division by zero"):
                    client.call("calculator", {"expression": "1/0"})
        finally:
            env.close()
    finally:
        proc.terminate()
        proc.wait(30)
    assert all(t.passed and t.fault is None for t in trajs)
