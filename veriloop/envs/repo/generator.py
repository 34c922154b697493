"""Generating repositories: a package with one seeded bug, visible tests, hidden tests, a fix.

A repository is a plain path -> text mapping (no version-control history, no leftover correct
copy, no comment pointing at the bug):

    README.md, pytest.ini, PKG/__init__.py, PKG/<bug module>.py (+ helper modules it needs),
    PKG/<two unrelated correct modules>.py, tests/test_<module>.py for each module

The visible test of the bug module fails; the unrelated modules' tests pass. The hidden test
file (added only at grading) holds the bug family's visible and hidden tests plus the unrelated
modules' hidden tests (regressions), every test function renamed to be unique.
"""

from __future__ import annotations

import difflib
import hashlib
import random
import re
from dataclasses import dataclass

from veriloop.envs.repo.families import FAMILIES
from veriloop.envs.repo.family import Family

PACKAGES = ("ledger", "shopkit", "textops", "numkit", "toolbox", "utilkit", "corelib", "datakit",
            "appcore", "workbench", "minilib", "stockroom")
PYTEST_INI = "[pytest]\npythonpath = .\ntestpaths = tests\naddopts = -p no:cacheprovider\n"
HIDDEN_TEST_PATH = "tests/test_hidden.py"
# test files and test configuration: restored from the pristine copy before grading, and any
# change to them (edit, deletion, a new conftest.py or config file) is flagged
CONFIG_GLOBS = ("conftest.py", "pytest.ini", "tox.ini", "setup.cfg", "pyproject.toml",
                "sitecustomize.py", "usercustomize.py", "*.pth")


@dataclass(frozen=True)
class Edit:
    """A search/replace edit that turns the buggy file into the fixed one."""

    path: str
    search: str
    replace: str


@dataclass(frozen=True)
class Repo:
    family: Family
    package: str
    files: dict[str, str]
    hidden_tests: str
    hidden_names: tuple[str, ...]
    failing_test: str  # "tests/test_x.py::test_y"
    fix: Edit

    @property
    def protected(self) -> tuple[str, ...]:
        tests = tuple(sorted(p for p in self.files if p.startswith("tests/")))
        return tests + CONFIG_GLOBS

    @property
    def fingerprint(self) -> str:
        body = "\n".join(f"{p}\n{c}" for p, c in sorted(self.files.items()))
        return hashlib.sha256(body.encode()).hexdigest()[:12]


def _pkg(text: str, package: str) -> str:
    return re.sub(r"\bPKG\b", package, text)


def _test_module(module: str) -> str:
    return f"tests/test_{module.removesuffix('.py')}.py"


def _unique_tests(source: str, prefix: str) -> str:
    return source.replace("def test_", f"def test_{prefix}__")


def minimal_edit(before: str, after: str, context: int = 1) -> tuple[str, str]:
    """Search/replace strings (whole lines, with enough context to be unique in `before`)."""
    a, b = before.splitlines(keepends=True), after.splitlines(keepends=True)
    ops = [op for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    i1, i2, j1, j2 = ops[0][1], ops[-1][2], ops[0][3], ops[-1][4]
    while True:
        lo, hi = max(i1 - context, 0), min(i2 + context, len(a))
        search = "".join(a[lo:hi])
        if before.count(search) == 1 or (lo == 0 and hi == len(a)):
            replace = "".join(b[j1 - (i1 - lo):j2 + (hi - i2)])
            return search, replace
        context += 1


def build_repo(family: Family, rng: random.Random) -> Repo:
    package = rng.choice(PACKAGES)
    taken = {family.module, *family.extra}
    others = [f for f in FAMILIES if not f.extra and f.module not in taken]
    fillers = rng.sample(others, 2)
    files: dict[str, str] = {
        "README.md": (f"# {package}\n\nSmall utility package. Run the test suite with "
                      "`pytest` (the `run_tests` tool).\n"),
        "pytest.ini": PYTEST_INI,
        f"{package}/__init__.py": f'"""{package}: small utilities."""\n',
        f"{package}/{family.module}": _pkg(family.buggy_source, package),
    }
    for name, source in family.extra.items():
        files[f"{package}/{name}"] = _pkg(source, package)
    for f in fillers:
        files[f"{package}/{f.module}"] = _pkg(f.source, package)
        files[_test_module(f.module)] = _pkg(f.visible, package)
    visible_path = _test_module(next(iter(family.extra), family.module))
    files[visible_path] = _pkg(family.visible, package)
    hidden_parts = [_unique_tests(_pkg(family.visible, package), family.name),
                    _unique_tests(_pkg(family.hidden, package), family.name)]
    hidden_parts += [_unique_tests(_pkg(f.hidden, package), f.name) for f in fillers]
    hidden = "\n\n".join(hidden_parts)
    names = tuple(re.findall(r"^def (test_\w+)\(", hidden, flags=re.MULTILINE))
    first_test = re.search(r"^def (test_\w+)\(", files[visible_path], flags=re.MULTILINE)
    assert first_test is not None
    path = f"{package}/{family.module}"
    search, replace = minimal_edit(files[path], _pkg(family.source, package))
    return Repo(family=family, package=package, files=dict(sorted(files.items())),
                hidden_tests=hidden, hidden_names=names,
                failing_test=f"{visible_path}::{first_test.group(1)}",
                fix=Edit(path=path, search=search, replace=replace))


def fixed_files(repo: Repo) -> dict[str, str]:
    """The repository with the reference fix applied."""
    files = dict(repo.files)
    files[repo.fix.path] = files[repo.fix.path].replace(repo.fix.search, repo.fix.replace, 1)
    return files
