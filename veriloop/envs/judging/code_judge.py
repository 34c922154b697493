"""The `code` environment's plan and judge steps; they run INSIDE the sandbox (stdlib only).

A task's test, prompt and canonical solution are code from the task's source: the installed
HumanEval package, a model (synthesis) or a task file anyone may have edited. None of it runs
in the trainer's process: `veriloop.envs.code.HiddenTests` stages this file, the typed codec
(`code_harness.py`) and a `judge.json` request in a fresh sandbox execution of its own (never
the one the candidate's program ran in), and reads back `judge_out.json`.

- `plan`: run the test's statements against the canonical solution, recording the arguments
  of every call of the function (what the candidate's sandbox run is later told to call).
- `replay`: run the same statements with `candidate` answered from the recorded evidence of
  the candidate's run; a statement passes only if it completes, every call matches a recorded
  call in order, and its record exists at all (see `veriloop.envs.code`).

What the separation guarantees: the candidate's program never shares a process with the test
code or sees it (as before), and the task's code can reach only what the sandbox allows (no
network, no host files outside its workspace), whatever the task file says. What it does not:
a task's own test can still judge wrongly (a task file decides its task's verdict; the loader,
`veriloop.data.task_files`, checks its shape, not its correctness).
"""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Callable
from typing import Any

try:  # imported by the trusted process (for `check_statements` only)
    from veriloop.envs.judging import code_harness as codec
except ImportError:  # in the sandbox, where veriloop is not installed: staged beside this file
    import code_harness as codec

REQUEST, ANSWER, EVIDENCE = "judge.json", "judge_out.json", "evidence.jsonl"


def _calls_candidate(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Name) and n.id == "candidate" for n in ast.walk(node))


def check_statements(test_source: str) -> tuple[list[str], list[bool]]:
    """Sources of the statements of `check`'s body, and which of them count as tests (they
    contain an assert and involve `candidate`). Parsing only: safe in any process."""
    tree = ast.parse(test_source)
    check = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "check"),
                 None)
    if check is None:
        raise ValueError("the test code defines no check(candidate) function")
    sources, counted = [], []
    for stmt in check.body:
        sources.append(ast.unparse(stmt))
        has_assert = any(isinstance(n, ast.Assert) for n in ast.walk(stmt))
        counted.append(has_assert and _calls_candidate(stmt))
    return sources, counted


class _Mismatch(Exception):
    """The replay cannot be backed by the recorded evidence."""


def _decode(v: Any) -> Any:
    try:
        return codec.decode(v)
    except (ValueError, TypeError, OverflowError, RecursionError, MemoryError) as e:
        raise _Mismatch(str(e)) from None


def replay(prompt: str, test: str, entry_point: str, evidence: str) -> dict[str, Any]:
    """The verdict on the recorded evidence: passed, total, per_test, reason."""
    sources, counted = check_statements(test)
    total = sum(counted)
    records: dict[int, dict[str, Any]] = {}
    for line in evidence.splitlines():
        try:
            rec = json.loads(line)
        except (ValueError, RecursionError, MemoryError):
            break  # a torn last line (killed mid-write) ends the evidence
        if isinstance(rec, dict) and "load_error" in rec:
            return {"passed": 0, "total": total, "per_test": [False] * total,
                    "reason": f"program failed: {rec['load_error']}"}
        if isinstance(rec, dict) and isinstance(rec.get("i"), int):
            records.setdefault(rec["i"], rec)
    ns: dict[str, Any] = {"__name__": "__replay__"}
    exec(compile(prompt, "prompt.py", "exec"), ns)  # noqa: S102 (in the sandbox)
    exec(compile(test, "test.py", "exec"), ns)  # noqa: S102
    g = dict(ns)
    per_test: list[bool] = []
    first_failure = ""
    for i, source in enumerate(sources):
        rec = records.get(i)
        ok = rec is not None and rec.get("error") is None
        calls = list(rec.get("calls", [])) if rec else []
        position = [0]

        def candidate(*args: Any, _calls: list = calls, _pos: list = position,
                      **kwargs: Any) -> Any:
            if _pos[0] >= len(_calls):
                raise _Mismatch("more calls than recorded")
            call = _calls[_pos[0]]
            _pos[0] += 1
            if not isinstance(call, dict) or call.get("args") != codec.digest(args, kwargs):
                raise _Mismatch("arguments differ from the recorded call")
            if "value" not in call:
                raise _Mismatch(f"candidate raised {call.get('raise') or call.get('bad')}")
            return _decode(call["value"])

        g["candidate"] = g[entry_point] = candidate
        random.seed(i)
        try:
            exec(compile(source, f"test-statement-{i}", "exec"), g)  # noqa: S102
            ok = ok and position[0] == len(calls)
        except Exception as e:  # noqa: BLE001 (the dataset's assert or our mismatch)
            ok = False
            if not first_failure and counted[i]:
                first_failure = f"{type(e).__name__}: {e}"[:200] or type(e).__name__
        if counted[i]:
            per_test.append(ok)
            if not ok and not first_failure:
                first_failure = f"test {len(per_test)} " + (
                    "did not run" if rec is None else f"raised {rec.get('error')}")
    return {"passed": sum(per_test), "total": total, "per_test": per_test,
            "reason": first_failure}


class _PlanRecorder:
    """Stands in for the function while the test runs against the canonical solution,
    recording the arguments of every call in order."""

    def __init__(self, fn: Any) -> None:
        self.fn, self.calls = fn, []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append({"args": codec.encode(list(args)), "kwargs": codec.encode(kwargs)})
        return self.fn(*args, **kwargs)


def plan(test: str, prompt: str, canonical: str, entry_point: str) -> list[list[Any]]:
    """Per test statement, [index, the calls it makes] on the canonical solution."""
    sources, _ = check_statements(test)
    ns: dict[str, Any] = {"__name__": "__plan__"}
    exec(compile(prompt + canonical, "canonical.py", "exec"), ns)  # noqa: S102 (in the sandbox)
    exec(compile(test, "test.py", "exec"), ns)  # noqa: S102
    fn = ns[entry_point]
    g = dict(ns)  # the solution keeps its own globals: its recursive calls are not test calls
    out: list[list[Any]] = []
    for i, source in enumerate(sources):
        recorder = _PlanRecorder(fn)
        g["candidate"] = g[entry_point] = recorder
        random.seed(i)
        exec(compile(source, f"test-statement-{i}", "exec"), g)  # noqa: S102
        out.append([i, recorder.calls])
    return out


def serve(modes: dict[str, Callable[[dict[str, Any], str], dict[str, Any]]]) -> None:
    """A judge process's main, shared with `veriloop.envs.repo.repo_judge`: read the request,
    print the start marker with its nonce, answer with `modes[request["mode"]](request,
    evidence)`, or with the task code's error (never a crash: a crash reads as the judge's)."""
    with open(REQUEST, encoding="utf-8") as f:
        req = json.load(f)
    print(f"judge started {req['nonce']}", flush=True)
    try:
        with open(EVIDENCE, encoding="utf-8", errors="replace") as f:
            evidence = f.read()
        out = modes[req["mode"]](req, evidence)
    except Exception as e:  # noqa: BLE001 (the task's code failed: reported, not crashed)
        out = {"error": f"{type(e).__name__}: {e}"[:500]}
    with open(ANSWER, "w", encoding="utf-8") as f:
        json.dump(out, f)


if __name__ == "__main__":
    serve({"plan": lambda r, _: {"plan": plan(r["test"], r["prompt"], r["canonical_solution"],
                                               r["entry_point"])},
           "replay": lambda r, evidence: {"verdict": replay(r["prompt"], r["test"],
                                                            r["entry_point"], evidence)}})
