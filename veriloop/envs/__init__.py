"""Environment registry: built-ins by name, any installed package's `veriloop.envs` entry points,
and environments defined in a file or module that is not packaged at all:

    get_env("arithmetic")                  # built-in or entry point
    get_env("my_envs.py:PopulationEnv")    # a class (or factory) in a Python file
    get_env("my_pkg.envs:PopulationEnv")   # ... or in an importable module
    load_env_module("my_envs.py")          # run a file's @register_env decorators
    get_env("arithmetic", mcp_servers=[{"command": ["python", "calc_server.py"]}])

`mcp_servers` works with every environment: its episodes take tools from those MCP servers
(`veriloop.mcp.env`).

Files are imported once per process (by absolute path), so every `get_env` call in a run builds
its environment from the same module objects.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

from veriloop.envs.base import (
    Environment,
    Episode,
    Observation,
    ScriptedExpert,
    ToolEpisode,
    ToolState,
    expert_for,
    set_step_budget,
)
from veriloop.errors import ModuleImportError, did_you_mean
from veriloop.user_modules import load_user_module

__all__ = ["Environment", "Episode", "Observation", "ScriptedExpert", "ToolEpisode", "ToolState",
           "expert_for", "get_env", "list_envs", "load_env_module", "register_env",
           "set_step_budget"]

# name -> "module:attribute", imported only when asked for (some environments are heavy)
_BUILTIN: dict[str, str] = {
    "arithmetic": "veriloop.envs.arithmetic:ArithmeticEnv",
    "bfcl": "veriloop.envs.bfcl:BfclEnv",
    "bfcl_synth": "veriloop.envs.bfcl.synth:BfclSynthEnv",
    "code": "veriloop.envs.code:CodeEnv",
    "repo": "veriloop.envs.repo:RepoEnv",
    "research": "veriloop.envs.research:ResearchEnv",
    "workspace": "veriloop.envs.workspace:WorkspaceEnv",
}
_REGISTERED: dict[str, Callable[..., Environment]] = {}


def register_env(name: str) -> Callable[[Callable[..., Environment]], Callable[..., Environment]]:
    """Decorator registering an environment factory (usually the class) under `name`."""

    def wrap(factory: Callable[..., Environment]) -> Callable[..., Environment]:
        _REGISTERED[name] = factory
        return factory

    return wrap


def load_env_module(source: str | Path) -> ModuleType:
    """Import a Python file (`my_envs.py`) or a module (`my_pkg.envs`) so that its
    `@register_env` decorators run (`veriloop.user_modules.load_user_module`)."""
    return load_user_module(source, "environment module")


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group="veriloop.envs")}


def list_envs() -> list[str]:
    return sorted(set(_BUILTIN) | set(_REGISTERED) | set(_entry_points()))


def get_env(name: str, mcp_servers: list[Any] | None = None, **kwargs: Any) -> Environment:
    """Build the environment registered as `name`, or `file.py:Class` / `module:Class`, with
    keyword options; with `mcp_servers`, its episodes also take tools from those MCP servers."""
    env = _build_env(name, **kwargs)
    if mcp_servers:
        from veriloop.mcp.env import MCPToolsEnv

        return MCPToolsEnv(env, mcp_servers)
    return env


def _build_env(name: str, **kwargs: Any) -> Environment:
    if name in _REGISTERED:
        return _REGISTERED[name](**kwargs)
    if name in _BUILTIN:
        module, attr = _BUILTIN[name].split(":")
        return getattr(importlib.import_module(module), attr)(**kwargs)
    eps = _entry_points()
    if name in eps:
        try:
            factory = eps[name].load()
        except Exception as e:  # an installed plugin that fails to import
            raise ModuleImportError.of(eps[name].value, e) from e
        return factory(**kwargs)
    if ":" in name:
        source, _, attr = name.rpartition(":")
        factory = getattr(load_env_module(source), attr, None)
        if factory is None:
            raise KeyError(f"{source} defines no {attr!r}; give file.py:ClassName")
        return factory(**kwargs)
    # no command-line flag in this hint: `veriloop train` names environments in its config
    raise KeyError(f"environment '{name}' is not registered; {did_you_mean(name, list_envs())}; "
                   "or give my_envs.py:ClassName")
