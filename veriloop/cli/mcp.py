"""`veriloop mcp serve --env NAME`: an environment's tools as an MCP server, for other agent
frameworks (see `veriloop.mcp.server` for what a session and its state are)."""

from __future__ import annotations

import enum
import signal
import sys
from typing import Annotated

import typer

from veriloop.cli.common import load_env_modules, parse_env_options
from veriloop.errors import UserError

EnvOptionOpt = Annotated[list[str] | None, typer.Option(
    "--env-option", help="Environment option KEY=VALUE (value read as YAML), repeatable.")]
EnvModuleOpt = Annotated[list[str] | None, typer.Option(
    "--env-module", help="Python file or module defining environments (@register_env).")]

app = typer.Typer(help="MCP: serve an environment's tools to other agent frameworks.",
                  no_args_is_help=True)


@app.callback()
def _group() -> None:
    """MCP (Model Context Protocol): `serve` exposes an environment's tools. To give an
    environment tools from MCP servers, use --env-option 'mcp_servers=[{command: [...]}]'."""


class Transport(str, enum.Enum):
    stdio = "stdio"
    http = "http"


@app.command()
def serve(
    env: Annotated[str, typer.Option(help="Environment name (see `veriloop envs`).")
                   ] = "workspace",
    transport: Annotated[Transport, typer.Option(
        help="stdio (the client starts this command) or http (streamable HTTP on "
             "127.0.0.1:PORT/mcp).")] = Transport.stdio,
    port: Annotated[int, typer.Option(min=0, max=65535,
                                      help="HTTP port on 127.0.0.1 (0: any free port).")] = 8765,
    task_seed: Annotated[int, typer.Option(help="Seed of the environment's task source.")] = 0,
    task_index: Annotated[int, typer.Option(min=0, help="Which of the generated tasks.")] = 0,
    split: Annotated[str, typer.Option(help="Task split: train or test.")] = "test",
    difficulty: Annotated[int | None, typer.Option(help="Task difficulty (level).")] = None,
    env_option: EnvOptionOpt = None,
    env_module: EnvModuleOpt = None,
) -> None:
    """Serve the tools of one episode of an environment over MCP. Each session is one episode
    of the chosen task; its state (mailbox, files...) persists across calls, ungraded."""
    # lazy: the MCP SDK takes seconds to import; `veriloop --help` must not pay it
    from veriloop.mcp.server import EpisodeHost, bind_loopback, serve_http, serve_stdio
    from veriloop.run.build import make_env  # lazy: veriloop.run imports torch

    load_env_modules(env_module)
    try:
        environment = make_env(env, parse_env_options(env_option))
    except KeyError as e:
        raise UserError(str(e.args[0])) from None
    tasks = environment.tasks(task_index + 1, seed=task_seed, split=split, difficulty=difficulty)
    if len(tasks) <= task_index:
        raise UserError(f"environment '{env}' has only {len(tasks)} {split} task(s) for seed "
                        f"{task_seed}; lower --task-index")
    host = EpisodeHost(environment, tasks[task_index])
    host.specs()  # an environment that cannot be served fails here, before any client waits
    # SIGTERM and Ctrl-C end the server quietly, after its episodes are closed
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        if transport is Transport.stdio:
            serve_stdio(host)
        else:
            try:
                sock = bind_loopback(port)
            except OSError as e:
                raise UserError(f"cannot listen on 127.0.0.1:{port} ({e.strerror or e}); "
                                "choose another --port (0: any free port)") from None
            serve_http(host, sock)
    except KeyboardInterrupt:
        pass
    finally:
        host.close()
