"""A bug family of the `repo` environment: one small module of a package, correct, with the
snippet that seeds its bug, and the tests that show it (`veriloop.envs.repo.families` lists them).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Family:
    name: str
    difficulty: int
    module: str  # file (in the package) holding the bug
    source: str  # correct source of that module
    fix: str  # correct snippet (occurs exactly once in `source`)
    bug: str  # what replaces it in the seeded repository
    visible: str  # test functions shipped with the repository (fail on the bug)
    hidden: str  # extra test functions run only at grading
    extra: dict[str, str] = field(default_factory=dict)  # other package modules it needs

    @property
    def buggy_source(self) -> str:
        return self.source.replace(self.fix, self.bug, 1)


def family(name: str, difficulty: int, module: str, source: str, fix: str, bug: str, visible: str,
       hidden: str, extra: dict[str, str] | None = None) -> Family:
    return Family(name, difficulty, module, source.lstrip("\n"), fix, bug, visible.lstrip("\n"),
                  hidden.lstrip("\n"), extra or {})
