"""Environment registry: built-ins by name, plus any installed package's `veriloop.envs` entry
points, so a third-party environment is usable as soon as it is pip-installed."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from veriloop.envs.base import Environment, Episode, Observation, ToolEpisode

__all__ = ["Environment", "Episode", "Observation", "ToolEpisode", "get_env", "list_envs",
           "register_env"]

# name -> "module:attribute", imported only when asked for (some environments are heavy)
_BUILTIN: dict[str, str] = {
    "arithmetic": "veriloop.envs.arithmetic:ArithmeticEnv",
    "code": "veriloop.envs.code:CodeEnv",
    "repo": "veriloop.envs.repo:RepoEnv",
}
_REGISTERED: dict[str, Callable[..., Environment]] = {}


def register_env(name: str) -> Callable[[Callable[..., Environment]], Callable[..., Environment]]:
    """Decorator registering an environment factory (usually the class) under `name`."""

    def wrap(factory: Callable[..., Environment]) -> Callable[..., Environment]:
        _REGISTERED[name] = factory
        return factory

    return wrap


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group="veriloop.envs")}


def list_envs() -> list[str]:
    return sorted(set(_BUILTIN) | set(_REGISTERED) | set(_entry_points()))


def get_env(name: str, **kwargs: Any) -> Environment:
    """Build the environment registered as `name` with keyword options."""
    if name in _REGISTERED:
        return _REGISTERED[name](**kwargs)
    if name in _BUILTIN:
        module, attr = _BUILTIN[name].split(":")
        return getattr(importlib.import_module(module), attr)(**kwargs)
    eps = _entry_points()
    if name in eps:
        return eps[name].load()(**kwargs)
    raise KeyError(f"environment '{name}' is not registered; known: {', '.join(list_envs())}")
