"""The environment registry: one `veriloop.registry.Registry` whose entries come from

- the entry-point group `veriloop.environments` of every installed package. veriloop declares
  its own worlds there too (pyproject.toml), so a built-in and a third-party plugin are found
  the same way; the older group `veriloop.envs` is still honoured;
- `@register_env("name")` in code that has run (a file given with `--env-module`);
- `file.py:Class` and `module:Class` specs, imported once per process
  (`veriloop.user_modules`).

    get_env("arithmetic")                  # a world or plugin, by its entry point
    get_env("my_envs.py:PopulationEnv")    # a class (or factory) in a Python file
    get_env("my_pkg.envs:PopulationEnv")   # ... or in an importable module
    load_env_module("my_envs.py")          # run a file's @register_env decorators
    get_env("arithmetic", mcp_servers=[{"command": ["python", "calc_server.py"]}])

`mcp_servers` works with every environment: its episodes also take tools from those MCP servers
(`veriloop.mcp.env.MCPToolsEnv`, which sits a floor below environments: it needs only tools).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from veriloop.envs.base import Environment
from veriloop.mcp.env import MCPToolsEnv
from veriloop.registry import Registry
from veriloop.user_modules import load_user_module

EnvFactory = Callable[..., Environment]

ENVIRONMENTS: Registry[EnvFactory] = Registry(
    "environment", group="veriloop.environments", aliases=("veriloop.envs",))

# The built-in worlds exactly as pyproject.toml declares them under
# [project.entry-points."veriloop.environments"] (a test keeps the two equal). The entry points
# are how they are found; a name is taken from here only when the installed metadata lacks it
# (the source tree runs without `pip install -e .`, or with metadata from before), or when
# another package claims a built-in's name: the built-in keeps it, as it always has.
BUILT_IN: dict[str, str] = {
    "arithmetic": "veriloop.envs.arithmetic:ArithmeticEnv",
    "bfcl": "veriloop.envs.bfcl:BfclEnv",
    "bfcl_synth": "veriloop.envs.bfcl:BfclSynthEnv",
    "code": "veriloop.envs.code:CodeEnv",
    "dataset": "veriloop.envs.dataset:DatasetEnv",
    "math": "veriloop.envs.math:MathEnv",
    "repo": "veriloop.envs.repo:RepoEnv",
    "research": "veriloop.envs.research:ResearchEnv",
    "workspace": "veriloop.envs.workspace:WorkspaceEnv",
}
_declared = ENVIRONMENTS.entry_points()
for _name, _target in BUILT_IN.items():
    if _name not in _declared or _declared[_name].value != _target:
        ENVIRONMENTS.lazy(_name, _target)
del _declared

# `veriloop train` names environments in its config, so the hint names no command-line flag
_HINT = "or give my_envs.py:ClassName"


def register_env(name: str) -> Callable[[EnvFactory], EnvFactory]:
    """Decorator registering an environment factory (usually the class) under `name`; a later
    registration of the same name replaces the earlier one (a re-imported file)."""

    def wrap(factory: EnvFactory) -> EnvFactory:
        ENVIRONMENTS.add(name, factory, replace=True)
        return factory

    return wrap


def load_env_module(source: str | Path) -> ModuleType:
    """Import a Python file (`my_envs.py`) or a module (`my_pkg.envs`) so that its
    `@register_env` decorators run (`veriloop.user_modules.load_user_module`)."""
    return load_user_module(source, "environment module")


def list_envs() -> list[str]:
    """Every environment name: entry points (built-in worlds and plugins) and registered."""
    return ENVIRONMENTS.names()


def env_factory(name: str) -> EnvFactory:
    """The factory (usually the class) behind `name` or a `file.py:Class` / `module:Class`
    spec, without building it. Unknown names are a KeyError listing the close ones."""
    factory = ENVIRONMENTS.find(name)
    if factory is not None:
        return factory
    if ":" in name:
        source, _, attr = name.rpartition(":")
        found = getattr(load_env_module(source), attr, None)
        if found is None:
            raise KeyError(f"{source} defines no {attr!r}; give file.py:ClassName")
        return found  # type: ignore[no-any-return]  # a user's module: checked by calling it
    raise KeyError(ENVIRONMENTS.unknown(name, _HINT))


def get_env(name: str, mcp_servers: list[Any] | None = None, **options: Any) -> Environment:
    """Build the environment registered as `name` (or `file.py:Class` / `module:Class`) with
    keyword options; with `mcp_servers`, its episodes also take tools from those MCP servers."""
    env = env_factory(name)(**options)
    return MCPToolsEnv(env, mcp_servers) if mcp_servers else env
