"""The `repo` environment: generated repositories, file tools, the scripted expert solving every
bug family through the tools, hidden-test grading, and tampering with tests being flagged."""

from __future__ import annotations

import random

import pytest

from veriloop.envs import get_env
from veriloop.envs.repo import (
    FAMILIES,
    RepoEnv,
    RepoExpertPolicy,
    RepoState,
    apply_edit,
    build_repo,
    fixed_files,
    grading_files,
)
from veriloop.envs.repo.expert import NOISES
from veriloop.envs.repo.generator import HIDDEN_TEST_PATH
from veriloop.envs.repo.testing import run_pytest
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import FaultKind, InfrastructureError, Message, Trajectory

# a step may wait for one of the pool's two sandboxes while the other episodes' pytest runs use
# them: on a loaded machine that wait can pass the default 60 s and fault the episode
CONFIG = RolloutConfig(group_size=1, max_total_tokens=65536, step_timeout=600)
PASS_ALL_CONFTEST = '''import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    report.outcome = "passed"
    report.longrepr = None
'''


@pytest.fixture(scope="module")
def env():
    e = RepoEnv(pool_size=2)
    yield e
    e.close()


def _call(name, **arguments):
    import json

    return Message(role="assistant", content="<tool_call>" + json.dumps(
        {"name": name, "arguments": arguments}) + "</tool_call>")


def _traj(task):
    return Trajectory(id="t", run_id="r", task_id=task.id, env="repo", group_id="g",
                      prompt_text="", prompt_ids=())


def test_families_cover_three_difficulties_and_hide_the_fix():
    assert len(FAMILIES) >= 30 and len({f.name for f in FAMILIES}) == len(FAMILIES)
    assert {f.difficulty for f in FAMILIES} == {1, 2, 3}
    for fam in FAMILIES:
        repo = build_repo(fam, random.Random(fam.name))
        buggy = repo.files[repo.fix.path]
        assert fam.fix not in buggy, fam.name
        assert not any(".git" in p or p.endswith((".orig", ".patch", ".rej")) for p in repo.files)
        assert all(fam.source.strip() not in c for c in repo.files.values())  # no correct copy
        assert buggy.count(repo.fix.search) == 1
        assert fixed_files(repo)[repo.fix.path].replace(repo.package, "PKG") == fam.source


def test_tasks_are_deterministic_and_filtered(env):
    a = env.tasks(5, seed=3)
    assert [t.id for t in a] == [t.id for t in env.tasks(5, seed=3)]
    assert all(t.difficulty == 3 for t in env.tasks(6, difficulty=3))
    assert {t.metadata["family"] for t in env.tasks(len(FAMILIES))} == {f.name for f in FAMILIES}
    with pytest.raises(ValueError, match="split"):
        env.tasks(1, split="dev")


def test_apply_edit_modes_and_errors():
    files = {"pkg/a.py": "one\ntwo\nthree\n"}
    out, _ = apply_edit(files, "pkg/a.py", search="two\n", replace="TWO\n")
    assert out["pkg/a.py"] == "one\nTWO\nthree\n" and files["pkg/a.py"] == "one\ntwo\nthree\n"
    out, _ = apply_edit(files, "./pkg/a.py", start_line=2, end_line=3, replace="x")
    assert out["pkg/a.py"] == "one\nx\n"
    out, _ = apply_edit(files, "pkg/a.py", start_line=2, end_line=1, replace="ins\n")
    assert out["pkg/a.py"] == "one\nins\ntwo\nthree\n"
    out, msg = apply_edit(files, "pkg/new.py", replace="print(1)\n")
    assert out["pkg/new.py"] == "print(1)\n" and "created" in msg
    for kwargs, match in [({"search": "o"}, "occurs 2 times"), ({"search": "zz"}, "0 times"),
                          ({"start_line": 9}, "outside"), ({}, "exists")]:
        with pytest.raises(ValueError, match=match):
            apply_edit(files, "pkg/a.py", **kwargs)
    with pytest.raises(ValueError, match="relative"):
        apply_edit(files, "../etc/passwd", replace="x")
    with pytest.raises(ValueError, match="relative"):
        apply_edit(files, "/etc/passwd", replace="x")
    # names the sandbox could not create must be refused here, as the agent's error (else
    # writing them at grading time would turn the episode into an infrastructure fault)
    for bad, match in [("x" * 300 + ".py", "plausible"), ("pkg/a.py/inner.py", "clashes"),
                       ("pkg", "clashes"), ("a\x00b", "plausible")]:
        with pytest.raises(ValueError, match=match):
            apply_edit(files, bad, replace="x")


def test_tools_list_read_search_and_run(env):
    task = env.tasks(1, seed=1)[0]
    ep = env.reset(task)
    obs = ep.step(_call("list_files"))
    assert "pytest.ini" in obs.messages[0].content
    path = task.verification["fix"]["path"]
    obs = ep.step(_call("read_file", path=path, start_line=1, end_line=2))
    assert obs.messages[0].content.startswith("   1 | ")
    obs = ep.step(_call("search", pattern="def ", path=path))
    assert f"{path}:" in obs.messages[0].content
    obs = ep.step(_call("read_file", path="nope.py"))
    assert obs.tool_results[0].is_error and "list_files" in obs.messages[0].content
    obs = ep.step(_call("run_tests"))
    assert "1 failed" in obs.messages[0].content and not obs.done
    assert ep.state.test_runs[-1]["failed"] == 1
    obs = ep.step(_call("submit"))
    assert obs.done and ep.state.submitted


def test_expert_solves_every_family_through_the_tools(env):
    tasks = env.tasks(len(FAMILIES), seed=0)
    assert {t.metadata["family"] for t in tasks} == {f.name for f in FAMILIES}
    trajs = RolloutRunner(env, RepoExpertPolicy(), CONFIG).run(tasks)
    failed = [(t.task_id, t.fault, t.grade) for t in trajs if not t.passed]
    assert failed == []
    for t in trajs:
        names = [c.name for turn in t.turns for c in turn.tool_calls]
        assert names == ["list_files", "run_tests", "search", "read_file", "edit_file",
                         "run_tests", "submit"]
        first_run, last_run = t.turns[1].tool_results[0].content, t.turns[5].tool_results[0].content
        assert "failed" in first_run.splitlines()[0] and " 0 failed" in last_run.splitlines()[0]
        assert t.grade.score == 1.0 and not t.grade.flags
        assert t.grade.components["verified_after_last_edit"] == 1.0


def _check_noisy_variant(env, variant, tasks):
    """The two early submits fail, the typo'd search is rejected by the tool and then recovered
    from, the second read changes nothing."""
    class OneVariant(RepoExpertPolicy):
        def variant(self, task, sample_index=0):
            return variant

    trajs = RolloutRunner(env, OneVariant(), CONFIG).run(tasks)
    assert [t.fault for t in trajs if t.fault] == []
    assert [t.passed for t in trajs] == [variant in ("bad_search", "redundant_read")] * len(tasks)
    for t in trajs:
        names = [c.name for turn in t.turns for c in turn.tool_calls]
        assert names[-1] == "submit" and len(names) == {"give_up": 5, "stop_early": 3}.get(
            variant, 8)
        if variant == "bad_search":
            assert names[4:6] == ["edit_file", "edit_file"]
            assert "occurs 0 times" in t.turns[4].tool_results[0].content, t.task_id


@pytest.mark.parametrize("variant", NOISES)
def test_noisy_expert_variants_fail_or_recover_as_documented(env, variant):
    """Each variant on a family of each difficulty (every family: the slow test below)."""
    tasks = [env.tasks(1, seed=3, difficulty=d)[0] for d in (1, 2, 3)]
    assert [t.difficulty for t in tasks] == [1, 2, 3]
    _check_noisy_variant(env, variant, tasks)


@pytest.mark.slow
@pytest.mark.parametrize("variant", NOISES)
def test_noisy_expert_variants_fail_or_recover_as_documented_all_families(env, variant):
    _check_noisy_variant(env, variant, env.tasks(len(FAMILIES), seed=3))


def test_noisy_expert_draws_its_variant_per_episode(env):
    [task] = env.tasks(1, seed=4)
    expert = env.expert(noise=0.5, seed=7)
    variants = [expert.variant(task, i) for i in range(200)]
    assert variants == [env.expert(noise=0.5, seed=7).variant(task, i) for i in range(200)]
    assert 0.4 < variants.count(None) / 200 < 0.6
    assert set(variants) == {None, *NOISES}
    assert {env.expert(noise=0.0).variant(task, i) for i in range(50)} == {None}
    with pytest.raises(ValueError, match="noise must be in"):
        env.expert(noise=1.5)


def _buggy_and_fixed_verdicts(env, fam):
    repo = build_repo(fam, random.Random(fam.name))
    task = env.task_for(repo)
    v = task.verification
    buggy = run_pytest(env.pool, grading_files(repo.files, repo.files, v["protected"],
                                               v["hidden_tests"]), [HIDDEN_TEST_PATH],
                       limits=env.limits, junit=True)
    fixed = fixed_files(repo)
    good = run_pytest(env.pool, grading_files(repo.files, fixed, v["protected"],
                                              v["hidden_tests"]), [HIDDEN_TEST_PATH],
                      limits=env.limits, junit=True)
    return repo, buggy, good


@pytest.mark.parametrize("family", [f for f in FAMILIES if f.difficulty == 3][:2],
                         ids=lambda f: f.name)
def test_hidden_tests_fail_on_bug_and_pass_on_fix(env, family):
    repo, buggy, good = _buggy_and_fixed_verdicts(env, family)
    assert set(good.outcomes) == set(repo.hidden_names)
    assert all(o == "passed" for o in good.outcomes.values())
    assert any(o != "passed" for o in buggy.outcomes.values())


@pytest.mark.slow
def test_hidden_tests_fail_on_bug_and_pass_on_fix_all_families(env):
    for fam in FAMILIES:
        repo, buggy, good = _buggy_and_fixed_verdicts(env, fam)
        assert set(good.outcomes) == set(repo.hidden_names), fam.name
        assert all(o == "passed" for o in good.outcomes.values()), fam.name
        assert any(o != "passed" for o in buggy.outcomes.values()), fam.name


def _grade_after(env, task, messages):
    ep = env.reset(task)
    for m in messages:
        ep.step(m)
    return env.grader()(task, _traj(task), ep.state), ep.state


def test_editing_the_test_instead_of_the_code_is_flagged_and_scores_zero(env):
    task = env.tasks(1, seed=5, difficulty=1)[0]
    test_path = task.metadata["failing_test"].split("::")[0]
    text = task.metadata["files"][test_path]
    assert_line = next(line for line in text.splitlines() if "assert" in line)
    grade, state = _grade_after(env, task, [
        _call("edit_file", path=test_path, search=assert_line, replace="    assert True"),
        _call("run_tests"), _call("submit")])
    assert "1 failed" not in str(state.test_runs) and state.test_runs[-1]["failed"] == 0
    assert grade.score == 0.0 and not grade.passed
    assert grade.flags and "protected_file_changed" in grade.flags[0]
    assert test_path in grade.flags[0]


def test_planted_conftest_is_flagged_and_cannot_change_the_verdict(env):
    task = env.tasks(1, seed=6, difficulty=2)[0]
    grade, state = _grade_after(env, task, [
        _call("edit_file", path="conftest.py", replace=PASS_ALL_CONFTEST),
        _call("run_tests"), _call("submit")])
    assert state.test_runs[-1]["failed"] == 0  # the hook fooled the agent-visible run ...
    assert grade.score == 0.0 and grade.flags  # ... but not the grader
    assert grade.components["hidden_passed"] < grade.components["hidden_total"]
    # and restoration alone already defeats it: unflagged scoring would still fail
    v = task.verification
    files = grading_files(task.metadata["files"], state.files, v["protected"], v["hidden_tests"])
    assert "conftest.py" not in files


def test_new_file_at_hidden_test_path_is_overwritten(env):
    task = env.tasks(1, seed=7, difficulty=1)[0]
    fake = "def test_always():\n    pass\n"
    grade, _ = _grade_after(env, task, [_call("edit_file", path=HIDDEN_TEST_PATH, replace=fake),
                                        _call("submit")])
    assert grade.score == 0.0 and grade.components["hidden_total"] > 1


def test_fix_without_rerunning_tests_is_reported_unverified(env):
    task = env.tasks(1, seed=8)[0]
    fix = task.verification["fix"]
    grade, state = _grade_after(env, task, [
        _call("run_tests"),
        _call("edit_file", path=fix["path"], search=fix["search"], replace=fix["replace"]),
        _call("submit")])
    assert grade.score == 1.0 and grade.passed
    assert not state.verified_after_last_edit
    assert grade.components["verified_after_last_edit"] == 0.0
    assert "not verified after last edit" in grade.explanation


def test_offline_grading_replays_the_edits(env):
    task = env.tasks(1, seed=9)[0]
    [traj] = RolloutRunner(env, RepoExpertPolicy(), CONFIG).run([task])
    offline = env.grader()(task, traj, None)
    assert offline.score == 1.0 and offline.passed


def test_sandbox_failure_is_an_infrastructure_fault_not_a_zero(env, monkeypatch):
    def broken(*args, **kwargs):
        raise InfrastructureError("sandbox down", kind=FaultKind.SANDBOX)

    monkeypatch.setattr(env.pool, "run", broken)
    [traj] = RolloutRunner(env, RepoExpertPolicy(), CONFIG).run(env.tasks(1, seed=2))
    assert traj.is_infra_error and traj.grade is None and traj.fault.kind is FaultKind.SANDBOX


def test_registered_in_env_registry():
    e = get_env("repo", pool_size=1)
    try:
        assert isinstance(e, RepoEnv) and isinstance(e.reset(e.tasks(1)[0]).state, RepoState)
    finally:
        e.close()


def test_exit_planted_in_source_is_flagged_and_fails(env):
    task = env.tasks(1, seed=10, difficulty=1)[0]
    pkg = task.metadata["package"]
    grade, _ = _grade_after(env, task, [
        _call("edit_file", path=f"{pkg}/__init__.py", start_line=2, end_line=1,
              replace="import os\nos._exit(0)\n"),
        _call("submit")])
    assert grade.score == 0.0 and any("os._exit" in f for f in grade.flags)
    assert grade.components["suspicious_code"] == 1.0
    assert grade.components["hidden_passed"] == 0.0  # the process died: no evidence, no pass


def test_report_patching_from_source_is_voided(env):
    """Source code that patches pytest's reporting (a conftest hook moved into the package)."""
    task = env.tasks(1, seed=11, difficulty=2)[0]
    pkg = task.metadata["package"]
    patch = ("import _pytest.reports\n_orig = _pytest.reports.TestReport.__init__\n\n\n"
             "def _init(self, *a, **k):\n    _orig(self, *a, **k)\n"
             "    self.outcome = 'passed'\n\n\n"
             "_pytest.reports.TestReport.__init__ = _init\n")
    grade, state = _grade_after(env, task, [
        _call("edit_file", path=f"{pkg}/__init__.py", start_line=2, end_line=1, replace=patch),
        _call("run_tests"), _call("submit")])
    last = state.test_runs[-1]
    assert last["failed"] == last["errors"] == 0 and last["passed"] > 0  # pytest is fooled ...
    assert grade.score == 0.0 and not grade.passed  # ... not the grade
    assert any("_pytest" in f for f in grade.flags)


# issue 9 class 7: three ways the package's own code wrote the verdict under the old in-process
# pytest grading (each scored 1.0 unflagged, without fixing the bug)
RUNTEST_ALIAS = """
import pytest as _p

def _runtest(self):
    return None

_p.Function.runtest = _runtest
"""
RUNTEST_COMPUTED = """
import importlib

_m = importlib.import_module("_" + "py" + "test" + ".python")
setattr(getattr(_m, "Func" + "tion"), "run" + "test", lambda self: None)
"""
FORGED_REPORT = """
import os, re

_cmd = open("/proc/self/cmdline", "rb").read().decode(errors="replace")
_m = re.search(r"--junitxml=([^\\x00'\\"]+)", _cmd)
if _m:
    with open(_m.group(1), "w") as _f:
        _f.write("<testsuites><testsuite>" + "".join(
            f'<testcase name="{n}"/>' for n in re.findall(r"def (test_\\w+)", open(
                "tests/test_hidden.py").read())) + "</testsuite></testsuites>")
    getattr(os, "_" + "exit")(0)
"""
ALWAYS_EQUAL = """
class _Any:
    def __eq__(self, other):
        return 1 == 1
    __hash__ = object.__hash__
"""


@pytest.mark.parametrize("attack", ["runtest_alias", "runtest_computed", "forged_report",
                                    "always_equal"])
def test_package_code_cannot_write_the_verdict(env, attack):
    task = env.task_for(build_repo(FAMILIES[0], random.Random(3)))  # total(values) == ...
    files = dict(task.metadata["files"])
    init = f"{task.metadata['package']}/__init__.py"
    if attack == "always_equal":
        # every function of the bug module returns an object equal to anything
        path = task.verification["fix"]["path"]
        files[path] += ALWAYS_EQUAL + "\n\ndef __getattr__(name):\n    return lambda *a: _Any()\n"
        files[path] = files[path].replace("\ndef ", "\ndef _orig_")
    else:
        files[init] += {"runtest_alias": RUNTEST_ALIAS, "runtest_computed": RUNTEST_COMPUTED,
                        "forged_report": FORGED_REPORT}[attack]
    state = RepoState(initial_files=dict(task.metadata["files"]), files=files,
                      protected=tuple(task.verification["protected"]))
    grade = env.grader()(task, _traj(task), state)
    assert grade.score == 0.0 and not grade.passed, grade
    if attack != "always_equal":  # an ordinary wrong answer: scored 0, not a runner trick
        assert grade.flags, grade


def test_pytest_patching_and_early_exit_are_flagged_by_behaviour(env):
    """The sandbox's audit hook sees what the static scan cannot spell (issue 9 class 7)."""
    from veriloop.envs.repo.verdict import HiddenVerdict

    task = env.task_for(build_repo(FAMILIES[0], random.Random(3)))
    init = f"{task.metadata['package']}/__init__.py"
    judge = HiddenVerdict(env.pool, env.limits)
    expect = {"runtest_alias": "imports the test runner (pytest)",
              "runtest_computed": "imports the test runner (_pytest)",
              "forged_report": "reads a process command line"}
    for attack, source in (("runtest_alias", RUNTEST_ALIAS),
                           ("runtest_computed", RUNTEST_COMPUTED),
                           ("forged_report", FORGED_REPORT)):
        files = {**task.metadata["files"], init: task.metadata["files"][init] + source}
        verdict = judge.run(task, files)
        assert verdict.passed < verdict.total, (attack, verdict)  # the bug is still there
        assert any(expect[attack] in f for f in verdict.flags), (attack, verdict.flags)
    exiting = {**task.metadata["files"],
               init: task.metadata["files"][init] + "\nimport os\ngetattr(os, '_ex' 'it')(0)\n"}
    assert any("ended the harness process early" in f
               for f in judge.run(task, exiting).flags)


def test_reference_fix_and_bug_are_judged_right_for_every_family(env):
    from veriloop.envs.repo.verdict import HiddenVerdict, reference_files

    judge = HiddenVerdict(env.pool, env.limits)
    for family in FAMILIES:
        task = env.task_for(build_repo(family, random.Random(1)))
        good = judge.run(task, reference_files(task))
        bad = judge.run(task, task.metadata["files"])
        assert good.passed == good.total > 0, (family.name, good)
        assert bad.passed < bad.total, (family.name, bad)
        assert good.flags == bad.flags == (), (family.name, good.flags, bad.flags)
