"""The worlds as plugin packages (issue 44, deliverable 5): they are declared through the
`veriloop.environments` entry-point group (the group third-party packages use), the fallback
table for an uninstalled source tree says the same thing, each world is a package with its own
README and public names, and nothing outside a world imports its modules."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from veriloop.envs import ENVIRONMENTS, env_factory, get_env, list_envs
from veriloop.envs.registry import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]
WORLDS = ("arithmetic", "bfcl", "code", "math", "repo", "research", "workspace")


def test_the_fallback_table_is_what_pyproject_declares():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]
    assert declared["veriloop.environments"] == BUILT_IN
    assert "veriloop.envs" not in declared  # veriloop itself uses the new group only


def test_the_installed_metadata_declares_every_built_in_world():
    """Entry points are the primary path: the built-ins come from the installed metadata (as
    a plugin's do), not from the fallback table (`pip install -e .` refreshes it)."""
    found = {ep.name: ep.value for ep in entry_points(group="veriloop.environments")}
    assert {name: found.get(name) for name in BUILT_IN} == BUILT_IN
    assert ENVIRONMENTS.group == "veriloop.environments"
    assert "veriloop.envs" in ENVIRONMENTS.aliases  # the older group is still honoured


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_each_world_is_found_by_name_as_its_entry_point_class(name):
    module, _, attr = BUILT_IN[name].partition(":")
    factory = env_factory(name)
    assert (factory.__module__.startswith(module), factory.__name__) == (True, attr)
    assert factory.name == name  # the class says the name it is registered under


def test_a_source_tree_without_metadata_still_finds_the_worlds():
    """With no entry points at all (never installed), the fallback table supplies the same
    names, and an unknown name still gets the registry's did-you-mean error."""
    code = ("import importlib.metadata as m\n"
            "m.entry_points = lambda **kw: m.EntryPoints(())\n"
            "from veriloop.envs import get_env, list_envs\n"
            "print(list_envs(), type(get_env('arithmetic')).__name__)\n"
            "try:\n    get_env('arithmetc')\nexcept KeyError as e:\n    print(e.args[0])\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names, error = proc.stdout.splitlines()
    assert names == f"{sorted(BUILT_IN)} ArithmeticEnv"
    assert error.startswith("environment 'arithmetc' is not registered; did you mean "
                            "'arithmetic'?")


def test_a_plugin_cannot_take_a_built_in_worlds_name(tmp_path):
    """An installed package that declares `arithmetic` in the group gets no say over it (the
    built-in always won); its other names work."""
    (tmp_path / "rogue_env.py").write_text(
        "from veriloop.envs.arithmetic import ArithmeticEnv\n"
        "class Rogue(ArithmeticEnv):\n    name = 'rogue'\n")
    dist = tmp_path / "rogue_env-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: rogue-env\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[veriloop.environments]\n"
                                           "arithmetic = rogue_env:Rogue\nrogue = rogue_env:Rogue\n")
    code = ("from veriloop.envs import get_env\n"
            "print(type(get_env('arithmetic')).__name__, type(get_env('rogue')).__name__)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["ArithmeticEnv", "Rogue"]


def test_unknown_names_and_specs_say_what_to_give():
    with pytest.raises(KeyError, match="did you mean 'workspace'.*or give my_envs.py:ClassName"):
        get_env("workspase")
    assert set(BUILT_IN) <= set(list_envs())


@pytest.mark.parametrize("world", WORLDS)
def test_each_world_is_a_package_with_a_readme_and_public_names(world):
    package = ROOT / "veriloop" / "envs" / world
    assert (package / "__init__.py").is_file()
    readme = (package / "README.md").read_text()
    for section in ("## Tasks", "## Tools", "## Grader", "## What the grader stops"):
        assert section in readme, f"{world}/README.md lacks {section!r}"
    module = __import__(f"veriloop.envs.{world}", fromlist=["__all__"])
    assert all(hasattr(module, name) for name in module.__all__)
    assert any(BUILT_IN[n].split(":")[1] in module.__all__ for n in BUILT_IN
               if BUILT_IN[n].startswith(f"veriloop.envs.{world}:"))


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out += [(node.lineno, node.module)]
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


def test_nothing_outside_a_world_imports_its_modules():
    """Outside `veriloop/envs/<world>/`, code imports a world only by its package's public
    names (`from veriloop.envs.bfcl import BfclEnv`), never a module inside it (tests may)."""
    offenders = []
    files = [p for d in ("veriloop", "benchmarks", "examples") for p in (ROOT / d).rglob("*.py")]
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for lineno, name in _imported_modules(path):
            parts = name.split(".")
            if parts[:2] != ["veriloop", "envs"] or len(parts) < 4 or parts[2] not in WORLDS:
                continue
            inside = rel.startswith(f"veriloop/envs/{parts[2]}/")
            public = hasattr(__import__(".".join(parts[:3]), fromlist=["_"]), parts[3])
            if not inside and not (len(parts) == 4 and public and not _is_module(parts)):
                offenders.append(f"{rel}:{lineno} imports {name}")
    assert offenders == []


def _is_module(parts: list[str]) -> bool:
    """Whether `veriloop.envs.<world>.<name>` is a submodule rather than an exported name."""
    package = ROOT / "veriloop" / "envs" / parts[2]
    return (package / f"{parts[3]}.py").is_file() or (package / parts[3]).is_dir()
