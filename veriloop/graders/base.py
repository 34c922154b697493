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

A factory may declare its options as a pydantic model, as its `Options` attribute; `veriloop
graders list` then shows each option's type, default and description (otherwise it reads them
from the factory's signature). docs/graders.md has a worked example.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

from veriloop.registry import Registry
from veriloop.types import Grade, Task, Trajectory
from veriloop.user_modules import load_user_function


class Grader(Protocol):
    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade: ...


GraderFactory = Callable[..., Grader]

GRADERS: Registry[GraderFactory] = Registry("grader", group="veriloop.graders")
"""Every grader name: the built-ins (registered when `veriloop.graders` is imported, which
importing this module does first), `@register_grader` in user code, and installed packages'
`veriloop.graders` entry points."""

FUNCTION_HINT = "or give my_rewards.py:function"
"""What else `grader.name` accepts, appended to the unknown-name error."""


def register_grader(name: str) -> Callable[[GraderFactory], GraderFactory]:
    """Decorator: register a factory that takes keyword options and returns a grader."""
    return GRADERS.register(name)


def list_graders() -> list[str]:
    """Registered and entry-point grader names (not the `module:function` form)."""
    return GRADERS.names()


def grader_factory(name: str) -> GraderFactory | None:
    """The factory registered or installed (entry point) as `name`, imported; None if neither.
    An installed plugin that fails to import is a `ModuleImportError` naming its file:line."""
    return GRADERS.find(name)


def get_grader(name: str, **options: Any) -> Grader:
    """Build the grader called `name` with keyword `options`; the one way code and configs
    choose a grader (a config's `grader: {name, options}` comes here).

    `name` is a registered or installed grader (`veriloop graders list` shows each one with the
    options it takes) or `my_rewards.py:function` / `my_pkg.module:function`, a plain function
    `function(task, trajectory, state, **options) -> Grade`. The grader is called as
    `grader(task, trajectory, state)` and returns a `veriloop.types.Grade`.

    An unknown name is a `KeyError` whose message lists the close names; options the factory
    does not take are a `TypeError` from the factory.

        >>> grade = get_grader("numeric", rel_tol=0.01)
    """
    factory = GRADERS.find(name)
    if factory is not None:
        return factory(**options)
    if ":" in name:
        return _function_grader(name, options)
    raise KeyError(GRADERS.unknown(name, FUNCTION_HINT))


def _function_grader(name: str, options: dict[str, Any]) -> Grader:
    try:
        _, _, fn = load_user_function(name, "grader")
    except ValueError as e:
        raise KeyError(str(e)) from None
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
