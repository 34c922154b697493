"""`veriloop --help` ends with the names of every registry (issue 44, deliverable 3): the
environments, graders, advantage estimators, policy losses and models a config or flag may name,
plugins included, read from the registries themselves without importing their entries, so the
help stays quick: no torch, no transformers."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from cli_run import veriloop

# an installed package's entry points, as pip writes them: importlib.metadata finds this folder
# on PYTHONPATH; the module it names does not exist, so importing the entry would fail
ENTRY_POINTS = """\
[veriloop.graders]
plugin_grader = no_such_module:grade

[veriloop.environments]
plugin_world = no_such_module:World
"""


def _help(tmp_path, pythonpath=None) -> str:
    proc = veriloop(tmp_path, "--help", pythonpath=pythonpath)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return " ".join(proc.stdout.split())  # rich wraps lines to the terminal's width


def test_help_lists_every_registered_name(tmp_path):
    text = _help(tmp_path)
    for name in ("arithmetic", "bfcl", "workspace", "grpo", "gigpo", "clip_cov", "exact_match",
                 "math", "tiny", "openai"):
        assert name in text, name
    # the same lists as the registries hold, in order, read in a fresh process: this one's
    # registries may hold a name another test added for its own run
    for heading, names in _registered_in_a_fresh_process():
        assert f"{heading}: {', '.join(names)}" in text, heading


def _registered_in_a_fresh_process() -> list[tuple[str, list[str]]]:
    code = ("import json; from veriloop.cli.names import registries; "
            "print(json.dumps([(h, r.names()) for h, r in registries()]))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return [(h, names) for h, names in json.loads(proc.stdout)]


def test_help_lists_an_installed_plugins_names_without_importing_it(tmp_path):
    dist = tmp_path / "site" / "help_plugin-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: help-plugin\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(ENTRY_POINTS)
    text = _help(tmp_path, pythonpath=tmp_path / "site")
    assert "plugin_world" in text.split("environments (env.name):")[1].split("graders")[0]
    assert "plugin_grader" in text.split("graders (grader.name):")[1].split("advantage")[0]


# the help in a fresh process, then which of the heavy modules it loaded
HELP_THEN_MODULES = """
import sys
from veriloop.cli import app
try:
    app(["--help"], prog_name="veriloop")
except SystemExit as e:
    assert e.code == 0, e.code
print([m for m in ("torch", "transformers", "veriloop.envs.registry") if m in sys.modules])
"""


def test_help_imports_no_torch():
    out = subprocess.run([sys.executable, "-c", HELP_THEN_MODULES], capture_output=True,
                         text=True, timeout=300, check=True,
                         env={**os.environ, "COLUMNS": "200"})
    assert "environments (env.name): arithmetic" in out.stdout  # the help did list them
    # the environments' registry is loaded for the listing; the model code is not
    assert out.stdout.strip().splitlines()[-1] == "['veriloop.envs.registry']"


def test_cli_import_leaves_scipy_stats_unloaded():
    # scipy.stats is ~1 s of the CLI's start-up: only the commands that compute intervals load it
    code = "import sys, veriloop.cli; print('scipy.stats' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=True)
    assert out.stdout.strip() == "False", out.stdout
