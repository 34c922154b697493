"""One `Registry[T]` for everything chosen by name: environments, graders, losses, advantage
estimators and policies share its lookup, its "did you mean" error and its listing.

An entry comes from one of three places, looked up in this order:

1. `@registry.register("name")` on a factory (a class or function) in code that has run;
2. a built-in declared lazily as `"module:attribute"` (`registry.lazy("name", "pkg.mod:Cls")`),
   imported only when asked for, so a heavy world costs nothing until it is used;
3. an installed package's entry point in the registry's group
   (`[project.entry-points."veriloop.environments"] mine = "my_pkg:MyEnv"`).

`Registry.get` returns the factory itself; callers build with it (`registry.get(name)(**opts)`).
A name that is none of these raises `KeyError` whose message lists the close names, so every
command line prints the same one-line hint.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import Generic, TypeVar

from veriloop.errors import ModuleImportError, did_you_mean

T = TypeVar("T")


class Registry(Generic[T]):
    """Names to factories of `T`. `kind` words the errors ("environment", "grader");
    `group` is the entry-point group that installed packages extend (None: code only)."""

    def __init__(self, kind: str, group: str | None = None,
                 aliases: Iterable[str] = ()) -> None:
        self.kind = kind
        self.group = group
        self.aliases = tuple(aliases)  # older entry-point groups still honoured
        self._entries: dict[str, T] = {}
        self._lazy: dict[str, str] = {}

    def register(self, name: str) -> Callable[[T], T]:
        """Decorator: register the decorated factory as `name` (twice is an error)."""

        def wrap(factory: T) -> T:
            self.add(name, factory)
            return factory

        return wrap

    def add(self, name: str, factory: T, replace: bool = False) -> None:
        if not replace and (name in self._entries or name in self._lazy):
            raise ValueError(f"{self.kind} '{name}' is registered twice")
        self._entries[name] = factory

    def remove(self, name: str) -> None:
        """Forget a name added in code (a test's temporary entry); unknown names are ignored."""
        self._entries.pop(name, None)

    def lazy(self, name: str, target: str) -> None:
        """Declare `name` as `"module:attribute"`, imported on first `get`."""
        if name in self._entries or name in self._lazy:
            raise ValueError(f"{self.kind} '{name}' is registered twice")
        self._lazy[name] = target

    def entry_points(self) -> dict[str, EntryPoint]:
        found: dict[str, EntryPoint] = {}
        for group in (*self.aliases, self.group):  # the main group wins a name clash
            if group:
                found.update({ep.name: ep for ep in entry_points(group=group)})
        return found

    def names(self) -> list[str]:
        return sorted(set(self._entries) | set(self._lazy) | set(self.entry_points()))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.names()

    def find(self, name: str) -> T | None:
        """The factory registered as `name`, importing it if needed; None if there is none.
        A plugin or built-in whose import raises is a `ModuleImportError` naming its file:line."""
        if name in self._entries:
            return self._entries[name]
        if name in self._lazy:
            module, _, attr = self._lazy[name].partition(":")
            factory = getattr(importlib.import_module(module), attr)
            self._entries[name] = factory
            return factory
        ep = self.entry_points().get(name)
        if ep is None:
            return None
        try:
            loaded: T = ep.load()
        except Exception as e:  # an installed plugin that fails to import
            raise ModuleImportError.of(ep.value, e) from e
        return loaded

    def get(self, name: str, hint: str = "") -> T:
        """The factory registered as `name`; an unknown name is a KeyError with the close
        names and `hint` (what else the caller accepts, e.g. "or give my_envs.py:Class")."""
        factory = self.find(name)
        if factory is None:
            raise KeyError(self.unknown(name, hint))
        return factory

    def unknown(self, name: str, hint: str = "") -> str:
        """The one-line message for a name this registry does not know."""
        known = self.names()
        text = f"{self.kind} '{name}' is not registered; {did_you_mean(name, known, len(known))}"
        return f"{text}; {hint}" if hint else text

    def describe(self) -> dict[str, str]:
        """Each name with the first line of its factory's docstring (for `... list` commands);
        entry points are described by their target, not imported."""
        out: dict[str, str] = {}
        eps = self.entry_points()
        for name in self.names():
            if name in self._entries or name in self._lazy:
                doc = (getattr(self.find(name), "__doc__", None) or "").strip()
                out[name] = doc.splitlines()[0] if doc else ""
            else:
                out[name] = f"(plugin {eps[name].value})"
        return out
