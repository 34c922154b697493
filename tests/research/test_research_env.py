"""The `research` environment: corpus search, questions with a reference analysis over real
bundled datasets, the tools (code in the sandbox), the composite reward, the anti-hacking checks
of section 12.7.10, and the scripted and noisy experts."""

from __future__ import annotations

import json

import pytest

from veriloop.envs import get_env
from veriloop.envs.research import FAULTS, ResearchEnv, ResearchState, load_corpus, research_expert
from veriloop.envs.research.corpus import verify_citations
from veriloop.envs.research.data import load_frame, regression
from veriloop.envs.research.expert import report
from veriloop.envs.research.grading import RotatingJudge, fact_ok, findings
from veriloop.envs.research.questions import SPECS, split_specs
from veriloop.errors import ConfigError
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import Grade, Message

# the expert's analysis code runs in the sandbox: under a loaded machine (a fresh-clone suite
# beside a training run) a level-4 step took 64 s, past the default 60 s step limit, and the
# episode ended as an infrastructure fault; these tests are about scores, not speed
CONFIG = RolloutConfig(group_size=1, max_total_tokens=200_000, step_timeout=600,
                       episode_timeout=3600)


@pytest.fixture(scope="module")
def env():
    e = ResearchEnv(pool_size=2)
    yield e
    e.close()


def _run(env, tasks, policy):
    return RolloutRunner(env, policy, CONFIG, grader=env.grader()).run(tasks)


def _call(name, **arguments):
    return Message(role="assistant", content="<tool_call>" + json.dumps(
        {"name": name, "arguments": arguments}) + "</tool_call>")


@pytest.fixture(scope="module")
def expert_runs(env):
    tasks = [t for lv in (1, 2, 3, 4) for t in env.tasks(2, seed=lv, difficulty=lv)]
    return tasks, _run(env, tasks, env.expert())


def test_registered_with_real_questions_and_disjoint_splits():
    env = get_env("research")
    assert isinstance(env, ResearchEnv)
    for lv in SPECS:
        train, test = split_specs(lv, "train"), split_specs(lv, "test")
        assert train and test and not {s.id for s in train} & {s.id for s in test}
    # level 1: each held-out question names a column no training question names, on a dataset
    # training has seen (one of four columns per dataset)
    train, test = split_specs(1, "train"), split_specs(1, "test")
    seen = {(s.dataset, s.args["column"]) for s in train}
    assert len(train) == 3 * len(test) and {s.dataset for s in test} == {s.dataset for s in train}
    assert not {(s.dataset, s.args["column"]) for s in test} & seen
    [task] = env.tasks(1, difficulty=3)
    # the reference analysis is the statsmodels OLS on the bundled data
    a = task.metadata["args"]
    ref = regression(load_frame(task.metadata["dataset"]), a["y"], a["x"], tuple(a["controls"]))
    coef = next(f for f in task.verification["facts"] if f["key"] == "coef")
    assert coef["value"] == pytest.approx(ref["coef"])
    assert str(round(ref["coef"], 3)) not in task.prompt[-1].content  # no answer in the prompt
    with pytest.raises(ValueError, match="difficulty"):
        env.tasks(1, difficulty=9)
    with pytest.raises(ConfigError, match="max_retries"):
        ResearchEnv(max_retries=-1)


def test_corpus_is_the_shipped_documentation_and_bm25_finds_it():
    corpus = load_corpus()
    assert {"sm:longley", "sk:iris", "doc:scipy.stats.ttest_ind"} <= set(corpus.docs)
    assert corpus.search("Longley total employment GNP")[0][0].id == "sm:longley"
    assert corpus.search("Fisher iris setosa versicolor")[0][0].id == "sk:iris"
    cites = verify_citations('[sm:longley] "The classic 1967 Longley Data" and [sm:nope] '
                             '[sk:iris] "a quote that is not there"', corpus)
    assert [(c.id, c.exists, c.quote_ok) for c in cites] == [
        ("sm:longley", True, True), ("sm:nope", False, True), ("sk:iris", True, False)]
    assert corpus.copied_fraction(corpus.docs["sk:iris"].text) > 0.9
    assert corpus.copied_fraction("our own words about a regression we ran today") == 0.0


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_expert_scores_at_least_095_on_every_level(expert_runs, level):
    tasks, trajs = expert_runs
    got = [t for task, t in zip(tasks, trajs, strict=True) if task.difficulty == level]
    assert len(got) == 2
    for t in got:
        assert t.grade is not None and t.grade.score >= 0.95, t.grade
        assert t.grade.passed and not t.grade.flags
        assert t.grade.components["correctness"] == 1.0
        names = [c.name for turn in t.turns for c in turn.tool_calls]
        assert {"search_papers", "read_paper", "write_file", "execute_code",
                "write_report", "submit"} <= set(names)
        if level >= 3:
            assert {"compute_stats", "plot_data"} <= set(names)
        # execution shaping is credited to the turn of the (first) successful run
        [sg] = t.grade.subgoals
        assert sg.name == "ran_code" and names[sg.turn] == "execute_code"
        assert sg.value == pytest.approx(0.10)


def _fault_grades(env, fault):
    tasks = [env.tasks(1, seed=5, difficulty=lv)[0] for lv in (1, 3)]
    clean = _run(env, tasks, research_expert())
    noisy = _run(env, tasks, research_expert(fault=fault))
    return list(zip([t.grade for t in clean], [t.grade for t in noisy], strict=True))


def test_fabricated_number_is_caught_by_reproducibility_and_zeroes_correctness(env):
    for clean, noisy in _fault_grades(env, "fabricated_number"):
        assert any(f.startswith("unbacked_claim") for f in noisy.flags)
        assert noisy.components["reproducibility"] == 0.0
        assert noisy.components["correctness"] == 0.0
        assert noisy.score < clean.score - 0.3


def test_hallucinated_citation_is_flagged_and_lowers_the_reward(env):
    for clean, noisy in _fault_grades(env, "hallucinated_citation"):
        assert any(f.startswith("hallucinated_citation: [sm:smith_replication]")
                   for f in noisy.flags)
        assert noisy.components["citations"] < 1.0
        assert noisy.components["correctness"] == 1.0  # only the citation check fires
        assert noisy.score < clean.score


def test_premature_submit_falls_below_the_quality_threshold(env):
    for clean, noisy in _fault_grades(env, "premature_submit"):
        assert any(f.startswith("below_quality_threshold") for f in noisy.flags)
        assert noisy.score == 0.0 < clean.score and not noisy.passed


def test_noisy_expert_mixes_faults_by_seed():
    env = ResearchEnv()
    tasks = env.tasks(40, seed=1, difficulty=1)
    policy = env.expert(noise=0.5, seed=3)
    first = [policy.act(t, ()) for t in tasks]
    assert first == [env.expert(noise=0.5, seed=3).act(t, ()) for t in tasks]
    with pytest.raises(ValueError, match="unknown fault"):
        research_expert(fault="typo")
    assert set(FAULTS) == {"fabricated_number", "hallucinated_citation", "premature_submit"}


def _episode_with_report(env, task, text, run_script=True):
    ep = env.reset(task)
    if run_script:
        ep.step(_call("write_file", path="a.py", content="print('n = 16')"))
        ep.step(_call("execute_code", path="a.py"))
    ep.step(_call("write_report", content=text))
    obs = ep.step(_call("submit"))
    assert obs.done
    return ep


def _grade(env, task, ep):
    from veriloop.types import Trajectory

    traj = Trajectory(id="t", run_id="r", task_id=task.id, env="research", group_id="g",
                      prompt_text=task.prompt[-1].content, prompt_ids=(),
                      final_answer=ep.state.report)
    return env.grader()(task, traj, ep.state)


def test_report_with_numbers_not_in_the_logs_scores_zero_correctness_and_is_flagged(env):
    [task] = env.tasks(1, seed=0, difficulty=1)
    facts = {f["key"]: f["value"] for f in task.verification["facts"]}
    # the right answers, but never computed in this episode
    text = report(task, {"n": str(facts["n"]), "mean": f"{facts['mean']:.6g}"})
    ep = _episode_with_report(env, task, text)
    g = _grade(env, task, ep)
    assert g.components["correctness"] == 0.0
    # right, yet unbacked: not counted as facts either (they must be shown by a log)
    assert g.components["correctness/facts_right"] == 0.0
    assert any(f.startswith("unbacked_claim") for f in g.flags)


def test_citing_a_paper_that_is_not_in_the_corpus_is_flagged(env):
    [task] = env.tasks(1, seed=0, difficulty=1)
    ep = _episode_with_report(env, task, "## References\n- [sk:made_up_2021]\n")
    g = _grade(env, task, ep)
    assert any("hallucinated_citation: [sk:made_up_2021]" in f for f in g.flags)


def test_copying_the_corpus_is_flagged_as_plagiarism(env):
    [task] = env.tasks(1, seed=0, difficulty=1)
    text = "## Introduction\n" + load_corpus().docs[task.verification["doc_id"]].text
    g = _grade(env, task, _episode_with_report(env, task, text))
    assert any(f.startswith("plagiarism") for f in g.flags)
    assert g.components["originality"] == 0.0


def test_a_failing_script_is_refused_after_the_retry_cap_and_penalised():
    env = ResearchEnv(max_retries=1, pool_size=1)
    try:
        [task] = env.tasks(1, seed=0, difficulty=1)
        ep = env.reset(task)
        ep.step(_call("write_file", path="bad.py", content="raise SystemExit(3)"))
        outs = [ep.step(_call("execute_code", path="bad.py")).messages[0].content
                for _ in range(3)]
        assert outs[0].startswith("[exit code 3]") and outs[1].startswith("[exit code 3]")
        assert outs[2].startswith("refused:") and "change approach" in outs[2]
        ep.step(_call("write_file", path="good.py", content="print('ok')"))
        assert ep.step(_call("execute_code", path="good.py")).messages[0].content.startswith(
            "[exit code 0]")
        st = ep.state
        assert isinstance(st, ResearchState) and st.refused_runs == 1
        g = _grade(env, task, ep)
        assert any(f.startswith("retry_cap") for f in g.flags)
        assert g.components["penalty"] == pytest.approx(0.05)
    finally:
        env.close()


def test_repeated_identical_searches_are_penalised(env):
    [task] = env.tasks(1, seed=0, difficulty=1)
    ep = env.reset(task)
    outs = [ep.step(_call("search_papers", query=q)).messages[0].content
            for q in ("iris data", "Iris   DATA", "wine data")]
    assert ep.state.repeated_searches == 1
    assert ["already ran" in o for o in outs] == [False, True, False]
    g = _grade(env, task, ep)
    assert any(f.startswith("repeated_search") for f in g.flags)
    assert g.components["penalty"] == pytest.approx(0.05)


def test_tools_give_clear_errors_and_sandbox_has_the_analysis_packages(env):
    [task] = env.tasks(1, seed=0, difficulty=2)
    ep = env.reset(task)
    out = ep.step(_call("read_paper", paper_id="sm:does_not_exist")).messages[0].content
    assert "no document" in out and "search_papers" in out
    out = ep.step(_call("compute_stats", test="anova")).messages[0].content
    assert "unknown test" in out
    out = ep.step(_call("execute_code", path="missing.py")).messages[0].content
    assert "write it first" in out
    code = ("import numpy, scipy, pandas, statsmodels, matplotlib\n"
            f"print(len(pandas.read_csv('data/{task.metadata['dataset']}.csv')))")
    ep.step(_call("write_file", path="check.py", content=code))
    out = ep.step(_call("execute_code", path="check.py")).messages[0].content
    assert out.startswith("[exit code 0]"), out
    ep.step(_call("write_file", path="leak.py", content="import veriloop"))
    out = ep.step(_call("execute_code", path="leak.py")).messages[0].content
    assert "ModuleNotFoundError" in out  # the grader's code is not importable in the sandbox


def test_findings_parsing_and_tolerances():
    text = "## Results\n- r: 0.9\n## Findings\n- direction: Positive\n- `r` = 0.5012\n"
    assert findings(text, ["direction", "r", "p_value"]) == {"direction": "Positive",
                                                             "r": "0.5012"}
    num = {"kind": "number", "value": 0.5, "rel_tol": 0.01, "abs_tol": 0.0}
    assert fact_ok(num, "0.5049") and not fact_ok(num, "0.506") and not fact_ok(num, "x")
    assert fact_ok({"kind": "label", "value": "positive"}, "Positive")
    assert not fact_ok({"kind": "integer", "value": 16}, "16.5")


def test_judges_rotate():
    seen = []

    def judge(i):
        def grade(task, trajectory, state):
            seen.append(i)
            return Grade(score=0.1 * i)
        return grade

    rot = RotatingJudge([judge(0), judge(1), judge(2)])
    scores = [rot(None, None, None) for _ in range(4)]
    assert seen == [0, 1, 2, 0]
    assert [g.components["judge_index"] for g in scores] == [0.0, 1.0, 2.0, 0.0]


class _FixedJudge:
    """A judge policy that always answers with one score."""

    def __init__(self, score):
        from veriloop.rendering import ByteRenderer

        self.renderer, self.score, self.prompts = ByteRenderer(), score, []

    def generate(self, requests, params):
        from veriloop.policies.base import Generation

        self.prompts += [r.messages[-1].content for r in requests]
        return [Generation(text=f"SCORE: {self.score}") for _ in requests]

    def release(self, key):
        pass


def test_configured_judges_add_quality_and_novelty_in_rotation(env, expert_runs):
    tasks, trajs = expert_runs
    judges = [_FixedJudge(10), _FixedJudge(0)]
    judged = ResearchEnv(judges=judges, judge_weight=0.3)
    grader = judged.grader()
    g1 = grader(tasks[0], trajs[0], None)  # graded offline: state rebuilt from the trajectory
    g2 = grader(tasks[0], trajs[0], None)
    assert g1.components["correctness"] == 1.0 and g1.components["reproducibility"] == 1.0
    assert g1.components["w/quality"] == pytest.approx(0.2)
    assert g1.components["w/novelty"] == pytest.approx(0.1)
    assert g1.components["w/correctness"] == pytest.approx(0.35 * 0.7)
    # each component's judge rotates: quality is judged 10 then 0 across the two calls
    assert {g1.components["quality"], g2.components["quality"]} == {0.0, 1.0}
    assert g1.score != g2.score
    assert all("## Findings" in p for j in judges for p in j.prompts)


def test_a_success_resets_the_retry_count():
    env = ResearchEnv(max_retries=1, pool_size=1)
    try:
        [task] = env.tasks(1, seed=0, difficulty=1)
        ep = env.reset(task)
        fail = "raise SystemExit(2)"
        ok = "print('fine')"
        outs = []
        for code in (fail, ok, fail, fail, fail):
            ep.step(_call("write_file", path="s.py", content=code))
            outs.append(ep.step(_call("execute_code", path="s.py")).messages[0].content)
        assert [o.split("]")[0] for o in outs[:4]] == ["[exit code 2", "[exit code 0",
                                                       "[exit code 2", "[exit code 2"]
        assert outs[4].startswith("refused:") and ep.state.refused_runs == 1
    finally:
        env.close()
