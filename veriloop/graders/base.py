"""The grader protocol and registry.

A grader is a plain typed callable `grade(task, trajectory, state) -> Grade`:

- `task`: the Task, including its hidden `verification` data (gold answers, hidden tests);
- `trajectory`: the finished Trajectory (turns, tool calls and results, final answer), not
  yet graded;
- `state`: the episode's `state` object after its last step (files, sandbox, mailbox ...),
  or None when grading a stored trajectory offline.

Graders are registered by name with `@register_grader("name")` on a factory that takes keyword
options and returns the callable, so YAML configs can name and configure them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

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


def list_graders() -> list[str]:
    _import_builtins()
    return sorted(_GRADERS)


def get_grader(name: str, **options: Any) -> Grader:
    """Build the grader registered as `name` with keyword options."""
    _import_builtins()
    if name not in _GRADERS:
        raise KeyError(f"grader '{name}' is not registered; known: {', '.join(sorted(_GRADERS))}")
    return _GRADERS[name](**options)


def _import_builtins() -> None:
    import veriloop.graders  # noqa: F401  (registers the built-in graders)
