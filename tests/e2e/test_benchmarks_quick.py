"""Every script under benchmarks/ runs end to end in its `--quick` mode (issue 52: benchmarks
that cannot rot), and its last stdout line is JSON with exactly the keys of the script's
`JSON_KEYS`, the constant its full run is held to as well (`veriloop.benchmarking.emit`).

The scripts are found by globbing, so a new script without `--quick` or `JSON_KEYS` fails here.
They run as subprocesses, a few at a time (one pool for the module, started by the first
test), so that together they add little to the suite on 2 cores; no assertion is about time.
A script that needs an optional stack (vLLM) is skipped, with the reason, only when that
stack is absent. Shell scripts are syntax-checked (`bash -n`, and shellcheck where installed).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py"))
SHELL = sorted(p.name for p in BENCH.glob("*.sh"))
NEEDS = {"engines.py": "vllm"}  # script -> the optional module it cannot run without
PARALLEL = 3  # processes at once: most of a quick run is imports and model loading
TIMEOUT_S = 900  # far above a quick run's tens of seconds, even on a loaded machine


def json_keys(path: Path) -> tuple[str, ...]:
    """The script's module-level JSON_KEYS, read without importing it; asserts it calls
    `emit(..., JSON_KEYS)` so the full run is held to the same keys."""
    tree = ast.parse(path.read_text())
    keys = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "JSON_KEYS" for t in n.targets)]
    assert keys, f"benchmarks/{path.name} has no module-level JSON_KEYS = (...) tuple"
    emits = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and getattr(n.func, "id", None) == "emit"
             and any(isinstance(a, ast.Name) and a.id == "JSON_KEYS" for a in n.args)]
    assert emits, f"benchmarks/{path.name} never prints its result with emit(..., JSON_KEYS)"
    return tuple(keys[0])


def run_quick(name: str) -> subprocess.CompletedProcess:
    # PYTHONPATH: this checkout's veriloop, even when .venv is another checkout's (editable)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TOKENIZERS_PARALLELISM": "false"}
    return subprocess.run([sys.executable, str(BENCH / name), "--quick"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def runnable(name: str) -> bool:
    need = NEEDS.get(name)
    return need is None or importlib.util.find_spec(need) is not None


@pytest.fixture(scope="module")
def quick_runs(request) -> dict[str, Future]:
    """The --quick runs of the selected scripts, all submitted at once to a small pool."""
    chosen = [item.callspec.params["script"] for item in request.session.items
              if getattr(item, "module", None) is request.module
              and "script" in getattr(getattr(item, "callspec", None), "params", {})]
    pool = ThreadPoolExecutor(PARALLEL)
    runs = {name: pool.submit(run_quick, name) for name in chosen if runnable(name)}
    yield runs
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.mark.timeout(3 * TIMEOUT_S)  # it may wait behind the other scripts' runs
@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_quick_mode(script: str, quick_runs: dict[str, Future]) -> None:
    keys = json_keys(BENCH / script)
    if not runnable(script):
        pytest.skip(f"{script} needs {NEEDS[script]}, which is not installed "
                    "(make setup-scale; .venv-scale/bin/pytest runs it)")
    p = quick_runs[script].result()
    tail = f"\n--- stdout ---\n{p.stdout[-1500:]}\n--- stderr ---\n{p.stderr[-3000:]}"
    assert p.returncode == 0, f"{script} --quick exited {p.returncode}{tail}"
    lines = p.stdout.strip().splitlines()
    assert lines, f"{script} --quick printed nothing{tail}"
    try:
        out = json.loads(lines[-1])
    except json.JSONDecodeError:
        pytest.fail(f"{script} --quick: the last stdout line is not JSON{tail}")
    assert isinstance(out, dict), f"{script} --quick: the JSON line is not an object{tail}"
    assert sorted(out) == sorted(keys), (
        f"{script} --quick: missing {sorted(set(keys) - set(out))}, "
        f"not in JSON_KEYS {sorted(set(out) - set(keys))}")


@pytest.mark.skipif(runnable("engines.py"), reason="vllm is installed: the quick run covers it")
def test_engines_without_vllm_is_one_line_saying_how_to_get_it() -> None:
    p = subprocess.run([sys.executable, str(BENCH / "engines.py"), "--quick"], cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                       text=True, timeout=TIMEOUT_S, check=False)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr[-2000:]
    assert p.stderr.startswith("error:") and "make setup-scale" in p.stderr


@pytest.mark.parametrize("script", SHELL)
def test_benchmark_shell_script_parses(script: str) -> None:
    p = subprocess.run(["bash", "-n", str(BENCH / script)], capture_output=True, text=True,
                       check=False)
    assert p.returncode == 0, p.stderr
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (make system installs it); bash -n passed")
    p = subprocess.run(["shellcheck", str(BENCH / script)], capture_output=True, text=True,
                       check=False)
    assert p.returncode == 0, p.stdout[-3000:]
