"""Running a repository's pytest suite in the sandbox and reading its results.

Every run writes the repository into a freshly wiped pool workspace and starts
`python -I -m pytest` (isolated mode: no user site, no PYTHON* variables, the workspace is not on
sys.path at startup, so a planted `sitecustomize.py` is never imported; the package is found
through pytest.ini's `pythonpath = .`). Plugins are not auto-loaded. A start marker with a
fresh nonce is printed before any repository code is imported: if it is missing the sandbox,
not the agent, failed.
"""

from __future__ import annotations

import re
import secrets
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from veriloop.sandbox import Limits, Result, SandboxPool
from veriloop.sandbox.base import sandbox_error

_SUMMARY = re.compile(r"(\d+) (passed|failed|error|errors|skipped|xfailed|xpassed)")


@dataclass(frozen=True)
class TestRun:
    result: Result
    passed: int = 0
    failed: int = 0
    errors: int = 0
    outcomes: dict[str, str] = field(default_factory=dict)  # test name -> passed|failed|...


def _runner(nonce: str, args: Sequence[str]) -> list[str]:
    code = (f"print('tests started {nonce}', flush=True)\n"
            "import sys, pytest\n"
            f"sys.exit(pytest.main({list(args)!r}))\n")
    return ["python", "-I", "-c", code]


def run_pytest(pool: SandboxPool, files: Mapping[str, str], targets: Sequence[str] = (),
               limits: Limits | None = None, junit: bool = False) -> TestRun:
    """Run pytest on `files`; raises InfrastructureError(kind=SANDBOX) if it never started."""
    nonce = secrets.token_hex(8)
    report = f".report-{nonce}.xml"  # unguessable name, fresh each run
    args = ["-q", "-p", "no:cacheprovider", "-o", "console_output_style=classic",
            "--color=no", *targets]
    if junit:
        args.append(f"--junitxml={report}")
    result = pool.run(_runner(nonce, args), files=dict(files), limits=limits,
                      env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
                      collect=(report,) if junit else ())
    if f"tests started {nonce}" not in result.stdout:
        raise sandbox_error(f"pytest did not start in the sandbox (exit {result.exit_code}): "
                            f"{result.stderr.strip()[-300:]}")
    counts = {"passed": 0, "failed": 0, "error": 0}
    tail = result.stdout.strip().splitlines()[-1:] if result.stdout.strip() else []
    for n, kind in _SUMMARY.findall(tail[0] if tail else ""):
        key = "error" if kind.startswith("error") else kind
        if key in counts:
            counts[key] = int(n)
    outcomes = parse_junit(result.files.get(report, "")) if junit else {}
    return TestRun(result=result, passed=counts["passed"], failed=counts["failed"],
                   errors=counts["error"], outcomes=outcomes)


def parse_junit(xml_text: str) -> dict[str, str]:
    """Test function name -> outcome from a JUnit XML report ({} if missing or malformed)."""
    if not xml_text.strip():
        return {}
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError:
        return {}
    out: dict[str, str] = {}
    for case in root.iter("testcase"):
        name = case.get("name", "")
        kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
        outcome = kinds[0] if kinds else "passed"
        if out.get(name, "passed") == "passed":
            out[name] = outcome  # a name seen twice keeps its worst outcome
    return out


def format_run(run: TestRun, max_lines: int = 60) -> str:
    """What the agent sees from `run_tests`: the end of pytest's output and the counts."""
    r = run.result
    if r.timed_out:
        head = "the test run timed out"
    else:
        head = f"{run.passed} passed, {run.failed} failed, {run.errors} errors"
    lines = r.stdout.splitlines()[1:]  # drop the start marker
    body = "\n".join(lines[-max_lines:])
    return f"{head}\n{body}".rstrip()
