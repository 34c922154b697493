"""A synchronous client of one MCP server, whose tools become veriloop `Tool`s.

The official `mcp` SDK is asyncio; veriloop steps environments in threads. `MCPClient` owns a
private event loop in a daemon thread: one task holds the SDK `Client` (a stdio subprocess or
a streamable HTTP connection) open for the client's lifetime, and every call from any thread
is a coroutine submitted to that loop and awaited with a timeout, so a hung or dead server
never hangs a step.

How outcomes are typed (README, "Faults are typed"):
- a result with `isError`, an unknown tool or invalid arguments (JSON-RPC -32601 / -32602):
  `ToolError`, shown to the agent as `Error: <server's text>`;
- a server that exited, closed the connection, timed out or answered with any other protocol
  error: `InfrastructureError` (env_crash / env_timeout), which marks the episode errored;
- a server that cannot start, or lists no usable tools: `MCPStartError`, a `UserError`
  (one `error:` line, exit 2 on the command line), raised before any episode runs.

A stdio server's stderr goes to a temporary file; its tail is quoted in these errors.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import tempfile
import threading
import time
from typing import Any, Literal, Self

import anyio
from pydantic import BaseModel, ConfigDict, Field, model_validator

from veriloop.errors import UserError
from veriloop.tools import Tool, ToolError, validate_json_schema
from veriloop.types import FaultKind, InfrastructureError, ToolSpec

# JSON-RPC codes (MCP spec): the first two are the caller's mistake, every other error is not
INVALID_PARAMS, METHOD_NOT_FOUND = -32602, -32601
REQUEST_TIMEOUT, CONNECTION_CLOSED = -32001, -32000
_SHUTDOWN_SECONDS = 10.0  # the SDK's stdio shutdown: close stdin, 2 s, SIGTERM, 2 s, SIGKILL


class MCPStartError(UserError, RuntimeError):
    """An MCP server that could not be started or listed (a configuration problem)."""


class MCPServerConfig(BaseModel):
    """One MCP server whose tools an environment takes (an entry of `mcp_servers`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    command: list[str] | None = None
    """Launch the server as a subprocess and speak MCP over its stdin/stdout (stdio)."""
    url: str | None = None
    """Or connect to a streamable HTTP endpoint, e.g. http://127.0.0.1:8765/mcp."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment variables of a stdio server (PATH, HOME... are inherited)."""
    cwd: str | None = None
    """Working directory of a stdio server."""
    tools: list[str] | None = None
    """Take only these of the server's tools (default: all)."""
    session: Literal["env", "episode"] = "env"
    """Either one connection shared by every episode ("env", for stateless tools) or a fresh
    connection (for stdio, a fresh process) per episode, closed with it ("episode")."""
    call_timeout: float = Field(30.0, gt=0)
    """Seconds a tool call may take before it is an env_timeout fault."""
    start_timeout: float = Field(30.0, gt=0)
    """Seconds to start the server and list its tools."""

    @model_validator(mode="after")
    def _one_transport(self) -> MCPServerConfig:
        if (self.command is None) == (self.url is None):
            raise ValueError("an MCP server takes exactly one of `command` (stdio, a list: "
                             "[python, server.py]) or `url` (streamable HTTP)")
        if self.command is not None and not self.command:
            raise ValueError("an MCP server's `command` is empty; give [program, args...]")
        return self

    @property
    def label(self) -> str:
        return " ".join(self.command) if self.command else str(self.url)


def describe(e: BaseException) -> str:
    """One line for an exception, looking inside the SDK's exception groups."""
    while isinstance(e, BaseExceptionGroup) and e.exceptions:
        e = e.exceptions[0]
    if isinstance(e, FileNotFoundError):
        return f"command not found: {e.filename}" if e.filename else "command not found"
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def result_text(result: Any) -> str:
    """The text of an MCP CallToolResult: text blocks joined, other blocks named, structured
    content as JSON when there are no blocks."""
    parts = []
    for block in result.content or ():
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        elif kind == "resource" and hasattr(block.resource, "text"):
            parts.append(block.resource.text)
        elif kind in ("resource", "resource_link"):
            parts.append(f"[{kind}: {getattr(block, 'uri', None) or block.resource.uri}]")
        else:
            parts.append(f"[{kind}: {getattr(block, 'mime_type', '')}]")
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content))
    return "\n".join(parts)


class MCPClient:
    """A live session with one MCP server, callable from any thread. `specs` are its tools
    (after the config's `tools` filter); `tools()` wraps them as veriloop `Tool`s."""

    def __init__(self, config: MCPServerConfig) -> None:
        self.config = config
        # the server's stderr; append mode, as the process writes while we read; closed in close()
        self._stderr = (tempfile.TemporaryFile("a+", errors="replace")  # noqa: SIM115
                        if config.command else None)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name=f"mcp {config.label}"[:60])
        self._stop = asyncio.Event()
        self._client: Any = None
        self._failure: str | None = None
        self._closed = False
        self._scope: Any = None  # the session task's anyio CancelScope
        self._done = threading.Event()  # set when the session task has ended, cleanup included
        self._thread.start()
        ready: concurrent.futures.Future[list[ToolSpec]] = concurrent.futures.Future()
        self._loop.call_soon_threadsafe(self._loop.create_task, self._own(ready))
        try:
            self.specs = self._select(ready.result(config.start_timeout))
        except concurrent.futures.TimeoutError:
            message = (f"MCP server {config.label} did not start and list its tools within "
                       f"{config.start_timeout:g}s; check that it speaks MCP over "
                       f"{'stdio' if config.command else 'streamable HTTP'}, or raise "
                       "start_timeout")
        except MCPStartError as e:
            message = str(e)
        except Exception as e:  # noqa: BLE001 (any failure to start is reported the same way)
            message = f"MCP server {config.label} could not start: {describe(e)}"
        else:
            return
        time.sleep(0.2)  # let a dying process finish writing its stderr
        message += self._stderr_tail()
        self.close()
        raise MCPStartError(message)

    def _server(self) -> Any:
        # lazy: the MCP SDK takes 1-3 s to import; only runs with MCP servers need it
        from mcp import StdioServerParameters

        c = self.config
        if c.url is not None:
            return c.url
        assert c.command is not None
        return StdioServerParameters(command=c.command[0], args=c.command[1:], env=c.env or None,
                                     cwd=c.cwd)

    async def _own(self, ready: concurrent.futures.Future[list[ToolSpec]]) -> None:
        """Hold the SDK client open until `close()`; the SDK requires one task to enter and
        leave it, while calls run as other tasks on this loop."""
        # lazy: the MCP SDK takes 1-3 s to import; only runs with MCP servers need it
        from mcp import Client

        self._scope = anyio.CancelScope()
        try:
            server = self._server()
            if self._stderr is not None:  # the SDK takes errlog only from its stdio_client
                # lazy: the MCP SDK takes 1-3 s to import; only runs with MCP servers need it
                from mcp.client.stdio import stdio_client

                server = stdio_client(server, errlog=self._stderr)
            # cancelled through anyio, not asyncio's task.cancel(), which would break through
            # the SDK's shielded shutdown of the server process
            with self._scope:
                async with Client(server, read_timeout_seconds=self.config.call_timeout,
                                  cache=None) as client:
                    self._client = client
                    ready.set_result(await self._list(client))
                    await self._stop.wait()
            if not ready.done():
                ready.set_exception(RuntimeError("stopped while starting"))
        except BaseException as e:  # noqa: BLE001
            self._failure = self._failure or describe(e)
            if not ready.done():
                ready.set_exception(e if isinstance(e, Exception) else RuntimeError(describe(e)))
            # recorded, not raised: nobody awaits this task, and calls read `_failure`
        finally:
            self._client = None
            self._done.set()

    async def _list(self, client: Any) -> list[ToolSpec]:
        import jsonschema  # lazy: ~0.4 s to import; only a server's tool schemas need it

        specs, cursor = [], None
        for _ in range(100):  # a paginator that never ends cannot hang the start
            page = await client.list_tools(cursor=cursor)
            for t in page.tools:
                schema = dict(t.input_schema or {"type": "object", "properties": {}})
                try:
                    jsonschema.validators.validator_for(schema).check_schema(schema)
                except jsonschema.SchemaError as e:
                    raise MCPStartError(f"MCP server {self.config.label}: tool {t.name!r} has "
                                        f"an invalid inputSchema ({e.message})") from None
                # one line, as veriloop's own tools: templates list one tool per line
                text = " ".join((t.description or t.title or t.name).split())
                specs.append(ToolSpec(name=t.name, description=text, parameters=schema))
            cursor = page.next_cursor
            if cursor is None:
                break
        return specs

    def _select(self, specs: list[ToolSpec]) -> list[ToolSpec]:
        wanted = self.config.tools
        if wanted is None:
            if not specs:
                raise MCPStartError(f"MCP server {self.config.label} lists no tools")
            return specs
        names = {s.name for s in specs}
        missing = [n for n in wanted if n not in names]
        if missing:
            raise MCPStartError(f"MCP server {self.config.label} has no tool(s) {missing}; it "
                                f"lists: {', '.join(sorted(names)) or 'none'}")
        return [s for s in specs if s.name in wanted]

    def _stderr_tail(self, chars: int = 400) -> str:
        if self._stderr is None or self._stderr.closed:
            return ""
        try:
            self._stderr.flush()
            self._stderr.seek(max(0, os.fstat(self._stderr.fileno()).st_size - chars))
            text = " ".join(self._stderr.read().split())
        except (OSError, ValueError):
            return ""
        return f" (its stderr ends: {text})" if text else ""

    @property
    def alive(self) -> bool:
        return self._client is not None and self._failure is None and not self._closed

    def call(self, name: str, arguments: dict[str, Any]) -> str:
        """Call a tool; its text, or ToolError (the agent's) / InfrastructureError (not)."""
        # lazy: the MCP SDK takes 1-3 s to import; only runs with MCP servers need it
        from mcp import MCPError

        label, client = self.config.label, self._client
        if client is None or self._closed:
            raise InfrastructureError(f"MCP server {label} is not running "
                                      f"({self._failure or 'closed'}){self._stderr_tail()}")
        future: concurrent.futures.Future[Any] | None = None
        try:
            future = asyncio.run_coroutine_threadsafe(client.call_tool(name, arguments),
                                                      self._loop)
            result = future.result(self.config.call_timeout + 5)
        except concurrent.futures.TimeoutError:
            if future is not None:
                future.cancel()
            raise InfrastructureError(f"MCP server {label}: tool {name} did not answer within "
                                      f"{self.config.call_timeout:g}s", FaultKind.ENV_TIMEOUT
                                      ) from None
        except MCPError as e:
            if e.code in (INVALID_PARAMS, METHOD_NOT_FOUND):
                raise ToolError(e.message) from None
            if e.code == REQUEST_TIMEOUT:
                raise InfrastructureError(f"MCP server {label}: tool {name} did not answer "
                                          f"within {self.config.call_timeout:g}s",
                                          FaultKind.ENV_TIMEOUT) from None
            if e.code == CONNECTION_CLOSED:  # dead: the next reset starts it again
                self._failure = self._failure or e.message
            raise InfrastructureError(f"MCP server {label} failed on tool {name}: {e.message}"
                                      f"{self._stderr_tail()}") from None
        except Exception as e:  # noqa: BLE001 (transport failures: not the agent's doing)
            self._failure = self._failure or describe(e)
            raise InfrastructureError(f"MCP server {label} failed on tool {name}: "
                                      f"{describe(e)}{self._stderr_tail()}") from None
        text = result_text(result)
        if result.is_error:
            raise ToolError(text or f"tool {name} failed")
        return text

    def tools(self) -> list[Tool]:
        """The server's tools as veriloop tools: arguments checked against the server's
        schema with jsonschema, calls routed to the server."""

        def route(name: str) -> Any:
            def invoke(**arguments: Any) -> str:
                return self.call(name, arguments)

            return invoke

        return [Tool(fn=route(s.name), spec=s, validator=validate_json_schema)
                for s in self.specs]

    def close(self) -> None:
        """End the session (for stdio, the server process) and the loop thread; idempotent."""
        if self._closed:
            return
        self._closed = True

        def stop(cancel: bool) -> None:
            if self._scope is not None and (cancel or self._client is None):
                self._scope.cancel()  # still starting: nothing to stop gracefully
            self._stop.set()

        self._loop.call_soon_threadsafe(stop, False)
        if not self._done.wait(_SHUTDOWN_SECONDS):
            self._loop.call_soon_threadsafe(stop, True)
            self._done.wait(_SHUTDOWN_SECONDS)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        if not self._thread.is_alive():
            self._loop.close()
        if self._stderr is not None:
            self._stderr.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
