"""The core packages type-check (issue 44, deliverable 7): mypy, configured in pyproject's
[tool.mypy], reports no error on the files it lists (`check_untyped_defs`, pydantic plugin,
`# type: ignore` only with an error code).

mypy keeps its cache in .mypy_cache (git-ignored): a first run reads torch's and transformers'
annotations (minutes), later ones take seconds. The second test proves the check can fail with
this configuration: a planted error in a core-like module is reported.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

# the two mypy runs share .mypy_cache: one xdist worker runs them one after the other
pytestmark = pytest.mark.xdist_group("mypy")

ROOT = Path(__file__).resolve().parents[2]
CORE = {"veriloop/types.py", "veriloop/registry.py", "veriloop/rendering.py",
        "veriloop/algorithms", "veriloop/rollout", "veriloop/trainers", "veriloop/run"}


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, check=False,
                          capture_output=True, text=True, timeout=900)


def test_the_configuration_covers_the_core_packages():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert CORE <= set(config["files"])
    assert config["check_untyped_defs"] is True
    assert "ignore_errors" not in config


def test_the_core_packages_type_check():
    out = mypy()
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
    assert out.stdout.startswith("Success: no issues found"), out.stdout


def test_a_type_error_is_reported(tmp_path):
    bad = tmp_path / "planted.py"
    bad.write_text(
        "from veriloop.types import Trajectory\n\n\n"
        "def tokens(t: Trajectory) -> str:\n"
        "    return t.token_ids  # a list[int], not a str\n\n\n"
        "def ignored() -> int:\n"
        "    return 'x'  # type: ignore\n")
    out = mypy(str(bad))
    assert out.returncode == 1, out.stdout
    # (mypy's cache may name the planted file by an earlier run's temporary path)
    assert "planted.py:5: error: Incompatible return value type" in out.stdout, out.stdout
    assert '"type: ignore" comment without error code' in out.stdout, out.stdout
