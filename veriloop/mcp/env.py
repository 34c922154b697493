"""Any environment, with tools taken from MCP servers: `get_env(name, mcp_servers=[...])`.

Each entry of `mcp_servers` is an `MCPServerConfig` (`{command: [python, server.py]}` for stdio,
`{url: http://127.0.0.1:8765/mcp}` for streamable HTTP). Every episode's tool registry gets
the servers' tools: a server tool named like one of the environment's replaces it (its calls
go to the server; the environment's tasks, grader and expert stay), the others are added;
two servers may not offer the same tool.
Servers are started and listed when the environment is built, so a server that cannot start
is one clear error before any episode runs. Episodes must keep their tools in a `registry`
(a `ToolRegistry`), as `ToolEpisode` and every built-in environment do.

A server whose shared session died (`session: env`) is started again at the next reset; the
episodes that were using it end with an infrastructure fault.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from veriloop.errors import ConfigError
from veriloop.mcp.client import MCPClient, MCPServerConfig
from veriloop.tools import ToolRegistry
from veriloop.types import InfrastructureError, Message, Task

SERVER_FORM = ("each server is {command: [program, args...]} (stdio) or {url: ...} (streamable "
               "HTTP), optionally with env, cwd, tools, session, call_timeout, start_timeout")


def parse_servers(servers: Any) -> list[MCPServerConfig]:
    """`mcp_servers` as configs; a mistake is one `ConfigError` line naming the entry."""
    if not isinstance(servers, list | tuple):
        raise ConfigError(f"mcp_servers must be a list, got {type(servers).__name__}; "
                          f"{SERVER_FORM}")
    out = []
    for i, server in enumerate(servers):
        try:
            out.append(MCPServerConfig.model_validate(server))
        except ValidationError as e:
            first = e.errors()[0]
            where = "".join(f".{x}" for x in first["loc"])
            msg = first["msg"].removeprefix("Value error, ")
            raise ConfigError(f"mcp_servers[{i}]{where}: {msg}; {SERVER_FORM}") from None
    return out


def _close_all(clients: dict[int, MCPClient]) -> None:
    for client in list(clients.values()):
        client.close()
    clients.clear()


class MCPEpisode:
    """An episode that owns per-episode MCP sessions and closes them with itself."""

    def __init__(self, inner: Any, clients: list[MCPClient]) -> None:
        self.inner, self.clients = inner, clients

    @property
    def tools(self) -> Any:
        return self.inner.tools

    @property
    def instructions(self) -> str:
        return self.inner.instructions

    @property
    def state(self) -> Any:
        return self.inner.state

    def step(self, message: Message) -> Any:
        return self.inner.step(message)

    def close(self) -> None:
        try:
            self.inner.close()
        finally:
            for client in self.clients:
                client.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class MCPToolsEnv:
    """`env` with the tools of `servers` in each episode; everything else is `env`'s."""

    def __init__(self, env: Any, servers: Sequence[MCPServerConfig | dict[str, Any]]) -> None:
        self.env = env
        self.servers = parse_servers(servers)
        self._shared: dict[int, MCPClient] = {}
        self._lock = threading.Lock()
        self._finalizer = weakref.finalize(self, _close_all, self._shared)
        served: dict[str, str] = {}  # tool -> the server that offers it
        try:
            for i, server in enumerate(self.servers):
                client = MCPClient(server)  # raises MCPStartError: found before any episode
                if server.session == "env":
                    self._shared[i] = client
                else:
                    client.close()
                for spec in client.specs:
                    if spec.name in served:
                        raise ConfigError(f"tool {spec.name!r} is offered by MCP servers "
                                          f"{served[spec.name]} and {server.label}; keep one "
                                          "with a server's `tools: [...]`")
                    served[spec.name] = server.label
        except BaseException:
            self.close()
            raise

    @property
    def name(self) -> str:
        return self.env.name

    @property
    def max_turns(self) -> int:
        return self.env.max_turns

    @max_turns.setter
    def max_turns(self, value: int) -> None:  # `env.max_turns` of a run config lands here
        self.env.max_turns = value

    def __getattr__(self, name: str) -> Any:
        if name == "env":  # not set yet (failed construction): no recursion
            raise AttributeError(name)
        return getattr(self.env, name)

    def _client(self, i: int) -> MCPClient:
        with self._lock:
            client = self._shared.get(i)
            if client is None or not client.alive:
                if client is not None:
                    client.close()
                self._shared[i] = client = MCPClient(self.servers[i])
            return client

    def reset(self, task: Task) -> Any:
        episode = self.env.reset(task)
        owned: list[MCPClient] = []
        try:
            registry = getattr(episode, "registry", None)
            if not isinstance(registry, ToolRegistry):
                raise TypeError(f"environment '{self.name}' keeps its episodes' tools in no "
                                "`registry` (a ToolRegistry), so MCP tools cannot be added; "
                                "build its episodes on ToolEpisode")
            for i, server in enumerate(self.servers):
                if server.session == "env":
                    client = self._client(i)
                else:
                    client = MCPClient(server)
                    owned.append(client)
                for t in client.tools():
                    registry.add(t, replace=True)
        except Exception as e:
            episode.close()
            for client in owned:
                client.close()
            if isinstance(e, TypeError):
                raise
            raise InfrastructureError(f"MCP tools for task {task.id}: {e}") from e
        return MCPEpisode(episode, owned) if owned else episode

    def close(self) -> None:
        """Close the shared sessions (also done when the environment is garbage-collected)."""
        self._finalizer()
