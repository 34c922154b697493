"""An environment's tools as an MCP server (`veriloop mcp serve --env NAME`).

The server hosts episodes of one task (chosen by seed and index from the environment's task
source) and exposes the tools of the episode's registry: `tools/list` gives their specs (name,
description, JSON schema), `tools/call` runs them through the registry exactly as a rollout
does (argument validation, the workspace's safety guard and fault injection, truncation).
A tool's error result is an MCP result with `isError`; an infrastructure fault (the tool's
sandbox failed) is a JSON-RPC error. The server's `instructions` are the task's prompt.

State: an episode's state (a workspace's mailbox and drive, a repo's files) lives as long as
its MCP session and is never graded or reset. Over stdio the process serves one client: one
episode. Over streamable HTTP each MCP session (`Mcp-Session-Id`, the 2025 protocol) gets its
own episode; requests without a session (the sessionless 2026-07-28 protocol) share one. At
most `max_sessions` episodes are kept; the least recently used is closed beyond that.
"""

from __future__ import annotations

import socket
import sys
import threading
from collections import OrderedDict
from typing import Any

import anyio
import anyio.to_thread
import uvicorn

from veriloop import __version__
from veriloop.tools import ToolRegistry
from veriloop.types import InfrastructureError, Task, ToolCall, ToolResult, ToolSpec


class EpisodeHost:
    """Episodes of `task` by session key, created on first use; calls to one are serialised."""

    def __init__(self, env: Any, task: Task, max_sessions: int = 32) -> None:
        self.env, self.task, self.max_sessions = env, task, max_sessions
        self._episodes: OrderedDict[str, tuple[Any, threading.Lock]] = OrderedDict()
        self._lock = threading.Lock()
        self._calls = 0

    def _episode(self, key: str) -> tuple[Any, threading.Lock]:
        with self._lock:
            if key in self._episodes:
                self._episodes.move_to_end(key)
                return self._episodes[key]
            episode = self.env.reset(self.task)
            if not isinstance(getattr(episode, "registry", None), ToolRegistry):
                episode.close()
                raise TypeError(f"environment '{self.env.name}' keeps its episodes' tools in no "
                                "`registry` (a ToolRegistry); it cannot be served over MCP")
            self._episodes[key] = entry = (episode, threading.Lock())
            while len(self._episodes) > self.max_sessions:
                self._episodes.popitem(last=False)[1][0].close()
            return entry

    def specs(self, key: str = "") -> list[ToolSpec]:
        return list(self._episode(key)[0].registry.specs)

    def call(self, name: str, arguments: dict[str, Any], key: str = "") -> ToolResult:
        episode, lock = self._episode(key)
        with lock:
            self._calls += 1
            return episode.registry.call(ToolCall(name=name, arguments=arguments,
                                                  id=f"mcp_{self._calls}"))

    def close(self) -> None:
        with self._lock:
            while self._episodes:
                self._episodes.popitem()[1][0].close()


def task_instructions(task: Task) -> str:
    """The task as an MCP server's instructions: its prompt messages."""
    return "\n\n".join(m.content for m in task.prompt if m.content)


def build_server(host: EpisodeHost) -> Any:
    """A low-level `mcp.server.Server` over `host` (tool calls run in worker threads)."""
    # lazy: the MCP SDK takes 1-3 s to import; only runs with MCP servers need it
    import mcp_types as types
    from mcp import MCPError
    from mcp.server import Server

    def session_key(ctx: Any) -> str:
        request = getattr(ctx, "request", None)
        headers = getattr(request, "headers", None)
        return (headers.get("mcp-session-id") if headers is not None else None) or ""

    async def list_tools(ctx: Any, params: Any) -> Any:
        specs = await anyio.to_thread.run_sync(host.specs, session_key(ctx))
        return types.ListToolsResult(tools=[
            types.Tool(name=s.name, description=s.description, input_schema=s.parameters)
            for s in specs])

    async def call_tool(ctx: Any, params: Any) -> Any:
        try:
            result = await anyio.to_thread.run_sync(host.call, params.name,
                                                    dict(params.arguments or {}),
                                                    session_key(ctx))
        except InfrastructureError as e:
            raise MCPError(types.INTERNAL_ERROR, f"{e.kind.value}: {e}") from None
        return types.CallToolResult(content=[types.TextContent(type="text", text=result.content)],
                                    is_error=result.is_error)

    return Server(f"veriloop-{host.env.name}", version=__version__,
                  instructions=task_instructions(host.task),
                  on_list_tools=list_tools, on_call_tool=call_tool)


def serve_stdio(host: EpisodeHost) -> None:
    """Serve over this process's stdin/stdout until the client closes stdin."""
    # lazy: the MCP SDK takes 1-3 s to import; only runs with MCP servers need it
    from mcp.server.stdio import stdio_server

    server = build_server(host)

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)


def bind_loopback(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:`port` (0: any free port); clients that connect before
    the server runs wait in its backlog instead of being refused."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def serve_http(host: EpisodeHost, sock: socket.socket) -> None:
    """Serve streamable HTTP at http://127.0.0.1:PORT/mcp on `sock` until interrupted."""
    app = build_server(host).streamable_http_app(host="127.0.0.1")
    port = sock.getsockname()[1]
    print(f"veriloop mcp: serving {host.env.name} task {host.task.id} on "
          f"http://127.0.0.1:{port}/mcp", file=sys.stderr, flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
