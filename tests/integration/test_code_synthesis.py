"""Task synthesis for `code`: a written function and its tests become a task only when, in the
sandbox, the function passes its tests and a stub does not; the prompt and tests (which the
grader executes in the trusted process) pass a whitelist first, so a candidate cannot run code
outside the sandbox; none equals a test-split task; the code expert solves what is kept."""

from pathlib import Path

import pytest

from veriloop.data.synthesis import Candidate, code_task, synthesize
from veriloop.envs.code import CodeState
from veriloop.envs.judging.code_harness import decode
from veriloop.policies import load_policy
from veriloop.policies.base import Generation
from veriloop.rollout.runner import RolloutConfig, RolloutRunner

SOLUTION = '''from typing import List

def add_all(xs: List[int], start: int = 0) -> int:
    """Sum the numbers in xs, plus start.
    >>> add_all([1, 2], 3)
    6
    """
    total = start
    for x in xs:
        total += x
    return total
'''
TESTS = '''
def check(candidate):
    assert candidate([1, 2], 3) == 6
    assert candidate([]) == 0
    assert candidate([-1, 1], start=-4) == -4
'''
DESCRIPTION = "Sum a list of integers plus a starting value."


@pytest.fixture(scope="module")
def env(code_env):
    return code_env


@pytest.fixture(scope="module")
def src(env):
    return env.tasks(1, seed=0, split="train")[0]


def _make(env, src, program, problem=DESCRIPTION):
    return code_task(Candidate(problem, program, src.id), src, env)


def test_a_valid_candidate_becomes_a_task_the_expert_solves(env, src):
    task = _make(env, src, SOLUTION + TESTS)
    assert not isinstance(task, str), task
    v = task.verification
    assert v["entry_point"] == "add_all" and "def check(candidate):" in v["test"]
    assert v["prompt"].startswith("from typing import List\ndef add_all(")
    assert "total = start" in v["canonical_solution"] and "total" not in v["prompt"]
    assert task.prompt[-1].content.startswith("Complete this function:")
    assert task.prompt[0] == src.prompt[0] and task.metadata["synthesized_from"] == src.id
    run = RolloutRunner(env, env.expert(), RolloutConfig(max_total_tokens=1 << 30,
                                                         step_timeout=600)).run([task])
    assert run[0].passed, run[0].grade
    # and a wrong submission fails it: the tests are the ones the candidate wrote
    wrong = env.grader()(task, run[0], CodeState(submission="    return sum(xs)\n",
                                                 submitted=True))
    assert not wrong.passed


@pytest.mark.parametrize(("program", "reason"), [
    (SOLUTION.replace("total += x", "total -= x") + TESTS, "solution_fails_tests"),
    # tests any stub passes check nothing
    (SOLUTION + "\ndef check(candidate):\n" + "    assert candidate([1]) == candidate([1])\n" * 3,
     "tests_pass_a_stub"),
    (SOLUTION + "\ndef check(candidate):\n    assert candidate([1]) == 1\n", "unsafe_test"),
    (SOLUTION.replace("return total", "") + TESTS, "solution_fails_tests"),
    ("def add_all(xs):\n    return 1\n" + TESTS, "unsafe_prompt"),  # no docstring
    (SOLUTION + TESTS + "\nimport os\n", "bad_program"),
    ("this is not python(" + TESTS, "bad_program"),
])
def test_rejection_reasons(env, src, program, reason):
    assert _make(env, src, program) == reason


@pytest.mark.parametrize("program", [
    # the grader execs the tests in the trusted process: no calls but the whitelisted ones
    SOLUTION + TESTS.replace("assert candidate([]) == 0",
                             "assert __import__('os').system('touch {mark}') == 0"),
    SOLUTION + TESTS.replace("assert candidate([]) == 0",
                             "assert candidate([]) == open('{mark}', 'w').close()"),
    SOLUTION + TESTS.replace("assert candidate([]) == 0",
                             "assert candidate([]) == (lambda: 0)()"),
    SOLUTION + TESTS.replace("assert candidate([]) == 0", "assert candidate([]) == 2 ** 10 ** 9"),
    # ... nor in the prompt, whose annotations and defaults are evaluated when it is defined
    SOLUTION.replace("start: int = 0", "start: int = open('{mark}', 'w').close()") + TESTS,
    SOLUTION.replace("start: int = 0", "start: print(open('{mark}', 'w')) = 0") + TESTS,
    "@print\n" + SOLUTION.split("\n", 2)[2] + TESTS,
])
def test_code_outside_the_sandbox_is_refused_before_it_runs(env, src, tmp_path, program):
    mark = tmp_path / "ran"
    reason = _make(env, src, program.replace("{mark}", str(mark)))
    assert reason in ("unsafe_test", "unsafe_prompt"), reason
    assert not Path(mark).exists()


class Writer:
    name = "writer"

    def __init__(self, renderer, replies):
        self.renderer, self.replies = renderer, list(replies)

    def generate(self, requests, params):
        return [Generation(text=self.replies[i]) for i in range(len(requests))]

    def release(self, key):
        pass


def test_synthesize_code_dedups_against_the_test_split(env):
    train = env.tasks(3, seed=0, split="train")
    test = env.tasks(5, seed=0, split="test")
    solved = RolloutRunner(env, env.expert(), RolloutConfig(max_total_tokens=1 << 30,
                                                            step_timeout=600)).run(train)
    assert all(t.passed for t in solved)
    held = test[0].verification  # a held-out problem written back as a "variation"
    copied = held["prompt"] + held["canonical_solution"] + "\n" + held["test"]
    replies = [f"<problem>{DESCRIPTION}</problem><program>{SOLUTION + TESTS}</program>",
               f"<problem>Another description of it</problem><program>{copied}</program>",
               "no tags"]
    with pytest.raises(ValueError, match="pass env"):
        synthesize("code", Writer(load_policy("tiny-xs").renderer, replies), solved, train, test)
    out = synthesize("code", Writer(load_policy("tiny-xs").renderer, replies), solved, train,
                     test, env=env)
    assert len(out.tasks) == 1 and out.tasks[0].verification["entry_point"] == "add_all"
    assert out.rejected["unparsed"] == 1
    # the held-out copy is refused: as a duplicate, or by the whitelist when HumanEval's own
    # tests use what it does not allow
    assert sum(out.rejected.values()) == 2, out.rejected
    held_questions = {t.prompt[-1].content for t in test}
    assert all(t.prompt[-1].content not in held_questions for t in out.tasks)


def test_the_written_solution_never_runs_in_the_trusted_process(env, src, tmp_path):
    """HumanEval tasks find the sandbox's calls by running their canonical solution in the
    trusted process; a synthesized task reads them from its literal test arguments instead, so
    the model's solution runs only in the sandbox (where the host's path is not there)."""
    mark = tmp_path / "ran"
    program = SOLUTION.replace("    total = start\n",
                               f"    open({str(mark)!r}, 'w').close()\n    total = start\n")
    assert _make(env, src, program + TESTS) == "solution_fails_tests"
    assert not mark.exists()
    task = _make(env, src, SOLUTION + TESTS)
    plan = [(i, [(decode(c["args"]), decode(c["kwargs"])) for c in calls])
            for i, calls in task.verification["calls"]]
    assert plan == [(0, [([[1, 2], 3], {})]), (1, [([[]], {})]), (2, [([[-1, 1]], {"start": -4})])]
