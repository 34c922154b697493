"""The grader protocol and registry.

A grader is a plain typed callable `grade(task, trajectory, state) -> Grade`:

- `task`: the Task, including its hidden `verification` data (gold answers, hidden tests);
- `trajectory`: the finished Trajectory (turns, tool calls and results, final answer), not
  yet graded;
- `state`: the episode's `state` object after its last step (files, sandbox, mailbox ...),
  or None when grading a stored trajectory offline.

A config's `grader.name` is one of:

- a name registered with `@register_grader("name")` on a factory that takes keyword options
  (`grader.options`) and returns the callable;
- a name an installed package declares in the `veriloop.graders` entry-point group, pointing
  at such a factory (`[project.entry-points."veriloop.graders"] mine = "my_pkg:make_grader"`);
- `my_rewards.py:function` or `my_pkg.module:function`: the function is the grader itself,
  called as `function(task, trajectory, state, **options)`; it returns a `Grade`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any, Protocol

from veriloop.errors import ModuleImportError, did_you_mean
from veriloop.types import Grade, Task, Trajectory


class Grader(Protocol):
    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade: ...


GraderFactory = Callable[..., Grader]
_GRADERS: dict[str, GraderFactory] = {}


def register_grader(name: str) -> Callable[[GraderFactory], GraderFactory]:
    def wrap(factory: GraderFactory) -> GraderFactory:
        if name in _GRADERS:
            raise ValueError(f"grader '{name}' is registered twice")
        _GRADERS[name] = factory
        return factory

    return wrap


def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group="veriloop.graders")}


def list_graders() -> list[str]:
    """Registered and entry-point grader names (not the `module:function` form)."""
    _import_builtins()
    return sorted(set(_GRADERS) | set(_entry_points()))


def grader_factory(name: str) -> Callable[..., Grader] | None:
    """The factory registered or installed (entry point) as `name`, imported; None if neither.
    An installed plugin that fails to import is a `ModuleImportError` naming its file:line."""
    _import_builtins()
    if name in _GRADERS:
        return _GRADERS[name]
    ep = _entry_points().get(name)
    if ep is None:
        return None
    try:
        return ep.load()
    except Exception as e:
        raise ModuleImportError.of(ep.value, e) from e


def get_grader(name: str, **options: Any) -> Grader:
    """Build the grader `name` (registered, entry point, or `file.py:function` /
    `module:function`; see the module docstring) with keyword options."""
    factory = grader_factory(name)
    if factory is not None:
        return factory(**options)
    if ":" in name:
        return _function_grader(name, options)
    known = list_graders()
    raise KeyError(f"grader '{name}' is not registered; "
                   f"{did_you_mean(name, known, list_up_to=len(known))}; or give "
                   "my_rewards.py:function")


def _function_grader(name: str, options: dict[str, Any]) -> Grader:
    from veriloop.envs import load_env_module

    source, _, attr = name.rpartition(":")
    try:
        module = load_env_module(source)
    except ValueError as e:
        raise KeyError(f"grader {name!r}: {str(e).replace('environment module', 'module')}") \
            from None
    fn = getattr(module, attr, None)
    if not callable(fn):
        raise KeyError(f"grader {name!r}: {source} defines no function {attr!r}; give "
                       "file.py:function")
    return _checked(functools.partial(fn, **options) if options else fn, name)


def _checked(fn: Callable[..., Any], name: str) -> Grader:
    """A user function's result must be a Grade; anything else fails the episode's grading
    with a message naming the function."""

    @functools.wraps(fn)
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        out = fn(task, trajectory, state)
        if not isinstance(out, Grade):
            raise TypeError(f"grader {name} returned {type(out).__name__}, not a Grade; return "
                            "veriloop.types.Grade(score=..., passed=...)")
        return out

    return grade


def _import_builtins() -> None:
    import veriloop.graders  # noqa: F401  (registers the built-in graders)
