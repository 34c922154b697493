"""The registered names that `veriloop --help` lists below its commands: environments, graders,
advantage estimators, policy losses and models, each read from its `veriloop.registry.Registry`
(built-ins, code-registered entries and installed plugins alike).

The listing uses `Registry.names()`, which imports no entry (a lazy built-in or a plugin stays
unimported, so `--help` never imports torch), and it is built only when the help is shown
(`HelpGroup.epilog`). For one line per name, see `veriloop graders list`, `veriloop envs` and
`veriloop configs list`.
"""

from __future__ import annotations

from typer.core import TyperGroup

from veriloop.algorithms.registries import ESTIMATORS, POLICY_LOSSES
from veriloop.graders.base import GRADERS
from veriloop.policy_specs import POLICIES
from veriloop.registry import Registry


def registries() -> list[tuple[str, Registry]]:
    """(heading, registry) in the order the help lists them."""
    from veriloop.envs.registry import ENVIRONMENTS  # lazy: CLI start-up (loads veriloop.envs)

    return [("environments (env.name)", ENVIRONMENTS), ("graders (grader.name)", GRADERS),
            ("advantage estimators (algorithm.advantage)", ESTIMATORS),
            ("policy losses (algorithm.policy_loss)", POLICY_LOSSES),
            ("models (model.name, --model)", POLICIES)]


def registered_names() -> str:
    """The help's epilog: one paragraph per registry, its heading and its names."""
    lines = ["Registered names (plugins included):"]
    lines += [f"{heading}: {', '.join(found.names())}" for heading, found in registries()]
    return "\n\n".join(lines)


class HelpGroup(TyperGroup):
    """The app's command group, whose help ends with the registered names."""

    @property  # type: ignore[override]
    def epilog(self) -> str:
        """Built when the help is formatted (click's and typer's rich help both read it)."""
        return registered_names()

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        """click sets an epilog when it builds the group; the listing takes its place."""
