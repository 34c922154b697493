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

import hashlib
import importlib
import importlib.util
import sys
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
    `@register_env` decorators run; a file is imported once per process. A module that does not
    exist is a ValueError; one that raises while it is imported, a `ModuleImportError` naming the
    file:line of the user's code that raised."""
    text = str(source)
    if text.endswith(".py") or "/" in text or "\\" in text:
        path = Path(text).expanduser().resolve()
        if not path.is_file():
            raise ValueError(f"environment module {text} does not exist; give the path of a "
                             "Python file (my_envs.py) or an importable module name")
        name = f"veriloop_user_envs.{path.stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise ValueError(f"cannot import {path} as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException as e:
            del sys.modules[name]
            if isinstance(e, Exception):  # the user's code failed: one line, not a traceback
                raise ModuleImportError.of(text, e) from e
            raise
        return module
    try:
        return importlib.import_module(text)
    except ModuleNotFoundError as e:
        if not (e.name == text or text.startswith(f"{e.name}.")):  # one of its own imports
            raise ModuleImportError.of(text, e) from e
        raise ValueError(f"environment module {text!r} cannot be imported ({e}); give a file "
                         "path (my_envs.py) or put its directory on PYTHONPATH") from None
    except Exception as e:
        raise ModuleImportError.of(text, e) from e


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
