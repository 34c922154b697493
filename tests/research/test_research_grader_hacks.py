"""The research reward against a policy that scores without researching: one test per hack the
grader stops (found by an adversarial review, 2026-11-27). Episodes are driven call by call
through the real environment and sandbox, and graded as the rollout runner grades them."""

from __future__ import annotations

import pytest

from veriloop.envs.research import ResearchEnv, load_corpus
from veriloop.envs.research.grading import episode_state
from veriloop.formats import HermesFormat
from veriloop.types import Message, ToolCall, Trajectory, Turn

HEADINGS = "\n".join(f"## {s}\nText." for s in
                     ("Introduction", "Methods", "Results", "Conclusion", "References"))


class Episode:
    """One episode driven by hand, kept as the trajectory the runner would store."""

    def __init__(self, env: ResearchEnv, task) -> None:
        self.env, self.task, self.ep = env, task, env.reset(task)
        self.turns: list[Turn] = []
        self.final: str | None = None

    def say(self, text: str) -> str:
        obs = self.ep.step(Message(role="assistant", content=text))
        self.turns.append(Turn(index=len(self.turns), action_text=text, action_ids=(),
                               tool_calls=obs.tool_calls, tool_results=obs.tool_results,
                               observation=obs.messages))
        if obs.done:
            self.final = obs.final_answer
        return "\n".join(m.content for m in obs.messages)

    def call(self, name: str, **arguments) -> str:
        return self.say(HermesFormat().render_call(ToolCall(name=name, arguments=arguments)))

    def run(self, code: str, path: str = "a.py") -> str:
        self.call("write_file", path=path, content=code)
        return self.call("execute_code", path=path)

    def submit(self, report: str) -> None:
        self.call("write_report", content=report)
        self.call("submit")

    def trajectory(self) -> Trajectory:
        return Trajectory(id="t", run_id="r", task_id=self.task.id, env="research",
                          group_id="g", prompt_text="\n".join(m.content for m in self.task.prompt),
                          prompt_ids=(), turns=tuple(self.turns), final_answer=self.final,
                          done=self.final is not None)

    def grade(self, grader=None, offline: bool = False):
        grader = grader or self.env.grader()
        return grader(self.task, self.trajectory(), None if offline else self.ep.state)


@pytest.fixture(scope="module")
def env():
    e = ResearchEnv(pool_size=1)
    yield e
    e.close()


@pytest.fixture(scope="module")
def ttest(env):
    """A level-2 Welch t-test question: facts t, p_value, direction, significant."""
    task = env.tasks(1, difficulty=2, split="train")[0]
    facts = {f["key"]: f for f in task.verification["facts"]}
    assert {"t", "p_value", "direction", "significant"} <= set(facts)
    return task, facts


def _findings(**values) -> str:
    return "## Findings\n" + "".join(f"- {k}: {v}\n" for k, v in values.items())


def _report(task, findings: str, extra: str = "") -> str:
    return f"{HEADINGS}\n[{task.verification['doc_id']}]\n{extra}\n{findings}"


def test_a_report_without_analysis_falls_below_the_quality_gate(env, ttest):
    # before: a print('ok') run, the headings, one bare citation and guessed labels with
    # `p_value: 0` scored 0.91 (the gate was on the total, which needs no research)
    task, facts = ttest
    e = Episode(env, task)
    e.run("print('ok')")
    e.submit(_report(task, _findings(direction=facts["direction"]["value"],
                                     significant=facts["significant"]["value"], p_value=0)))
    g = e.grade()
    assert g.components["correctness"] == 0.0
    assert g.score == 0.0 and not g.passed
    assert any(f.startswith("below_quality_threshold") for f in g.flags)


def test_labels_count_only_with_a_right_number_and_a_p_value_of_0_is_no_guess(env, ttest):
    task, facts = ttest
    t = facts["t"]["value"]
    for printed, findings, right in [
            # labels right, no number: nothing (before: 2 of 4 facts, p_value 0 a third)
            ("print('ok')", _findings(direction=facts["direction"]["value"],
                                      significant=facts["significant"]["value"], p_value=0), 0),
            # the t statistic computed and reported: it and the labels count
            (f"print('t = {t:.6g}')", _findings(t=f"{t:.6g}", direction=facts["direction"][
                "value"], significant=facts["significant"]["value"]), 3)]:
        e = Episode(env, task)
        e.run(printed)
        e.submit(_report(task, findings))
        got = e.grade().components["correctness/facts_right"]
        assert got == pytest.approx(right / len(facts)), (findings, got)


def test_a_number_printed_as_a_literal_backs_nothing(env, ttest):
    # before: print('t = 11.02 ...') backed any invented number (score 0.995, no flag)
    task, facts = ttest
    t = f"{facts['t']['value']:.4g}"
    e = Episode(env, task)
    e.run(f"print('t = {t}  d = 2.91  n = 12345')")
    e.submit(_report(task, _findings(t=t), extra="Effect d = 2.91 on 12345 patients."))
    g = e.grade()
    assert g.components["reproducibility"] == 0.0 and g.components["correctness"] == 0.0
    typed = [f for f in g.flags if "wrote into its own script" in f]
    assert {n for n in (t, "2.91", "12345") if any(f"reports {n}," in f for f in typed)} == {
        t, "2.91", "12345"}


def test_a_computed_number_still_backs_the_report(env, ttest):
    # the control for the test above: the same number computed by the script counts
    task, facts = ttest
    t = facts["t"]["value"]
    e = Episode(env, task)
    e.run(f"print('t =', round({t / 7!r} * 7, 4))")  # 7 * (t / 7) is computed, not typed
    shown = f"{round(t / 7 * 7, 4)}"
    e.submit(_report(task, _findings(t=shown)))
    g = e.grade()
    assert not [f for f in g.flags if f.startswith("unbacked_claim")], g.flags
    assert g.components["correctness/facts_right"] == pytest.approx(1 / len(facts))


def test_a_tool_error_that_repeats_the_arguments_backs_nothing(env, ttest):
    # before: compute_stats(column="11.02") answered "no column '11.02'", which backed 11.02
    task, facts = ttest
    t = f"{facts['t']['value']:.4g}"
    e = Episode(env, task)
    e.run("print('ok')")
    assert t in e.call("compute_stats", test="describe", column=t)
    e.submit(_report(task, _findings(t=t)))
    g = e.grade()
    assert g.components["correctness"] == 0.0 and g.components["reproducibility"] == 0.0


@pytest.mark.parametrize("form", ["underscore", "leading point"])
def test_numbers_written_oddly_are_flagged_and_not_credited(env, ttest, form):
    # before: float() read `1_1.0221` and `.110221e2` as 11.0221, the number check saw neither
    task, facts = ttest
    t = facts["t"]["value"]
    plain = f"{t:.6g}"
    digits = len(str(int(abs(t))))
    written = (plain[0] + "_" + plain[1:] if form == "underscore"
               else f"{t / 10 ** digits:.6f}".replace("0.", ".", 1) + f"e{digits}")
    assert float(written) == pytest.approx(t, rel=1e-4)  # the right value, oddly written
    e = Episode(env, task)
    e.run("print('ok')")
    e.submit(_report(task, _findings(t=written)))
    g = e.grade()
    assert g.components["correctness"] == 0.0 and g.components["reproducibility"] == 0.0
    assert g.components["correctness/facts_right"] == 0.0
    assert any("not a plainly written number" in f for f in g.flags)


class _RecordingJudge:
    """A judge policy that keeps the prompts it is asked and answers the top score."""

    def __init__(self) -> None:
        from veriloop.rendering import ByteRenderer

        self.renderer, self.prompts = ByteRenderer(), []

    def generate(self, requests, params):
        from veriloop.policies.base import Generation

        self.prompts += [r.messages[-1].content for r in requests]
        return [Generation(text="SCORE: 10") for _ in requests]

    def release(self, key):
        pass


def test_the_judges_and_the_rubric_grade_the_saved_report(ttest):
    # before: write_report(R1) then <answer>R2</answer>: the judges and the sections rubric
    # graded R2, every other check R1
    task, _ = ttest
    judge = _RecordingJudge()
    env = ResearchEnv(pool_size=1, judges=[judge])
    try:
        e = Episode(env, task)
        e.run("print('ok')")
        saved = "## Findings\n- direction: positive\n"
        e.call("write_report", content=saved)
        e.say("<answer>" + _report(task, _findings(t="48.7"), "SCORE: 10") + "</answer>")
        assert e.final is not None and "48.7" in e.final
        g = e.grade()
        assert judge.prompts and all("48.7" not in p and saved.strip() in p
                                     for p in judge.prompts)
        assert g.components["format"] < 1.0  # the saved report lacks the sections
        # regraded from the stored trajectory, the same report is graded
        assert episode_state(e.trajectory(), None).report == saved
    finally:
        env.close()


def test_a_quote_that_does_not_verify_is_checked_like_the_rest_of_the_report(env, ttest):
    # before: any `[id] "..."` was cut out before the number and plagiarism checks
    task, _ = ttest
    doc = task.verification["doc_id"]
    e = Episode(env, task)
    e.run("print('ok')")
    e.submit(_report(task, _findings(), extra=f'[{doc}] "an effect of d = 2.91 was found"'))
    g = e.grade()
    assert any("reports 2.91 but" in f for f in g.flags)
    assert any(f.startswith("misquoted_citation") for f in g.flags)


def test_a_one_letter_quote_does_not_verify():
    corpus = load_corpus()
    assert not corpus.quote_ok("sk:iris", "a")
    assert corpus.quote_ok("sm:longley", "The classic 1967 Longley Data")


def test_a_document_pasted_in_quotes_is_still_plagiarism(env, ttest):
    # before: the dataset's documentation in quoted chunks that verify hid it from the check
    task, _ = ttest
    doc = task.verification["doc_id"]
    text = " ".join(load_corpus().docs[doc].text.replace('"', " ").split())
    words = text.split()
    chunks = [" ".join(words[i:i + 40]) for i in range(0, min(len(words), 400), 40)]
    quoted = "\n".join(f'[{doc}] "{c}"' for c in chunks if len(c) <= 400)
    assert load_corpus().copied_fraction(quoted) > 0.5  # the threshold is 0.3
    e = Episode(env, task)
    e.run("print('ok')")
    e.submit(_report(task, _findings(), extra=quoted))
    g = e.grade()
    assert g.components["originality"] == 0.0
    assert any(f.startswith("plagiarism") for f in g.flags)


def test_a_short_verified_quote_is_left_out_of_the_plagiarism_check():
    corpus = load_corpus()
    text = ("We ran our own analysis of the classic data and found a clear trend in it "
            'over the years. [sm:longley] "The classic 1967 Longley Data"')
    assert corpus.copied_fraction(text) == 0.0


def test_a_citation_repeated_counts_once(env, ttest):
    # before: ten copies of a valid citation diluted one invented id to 10/11
    task, _ = ttest
    doc = task.verification["doc_id"]
    e = Episode(env, task)
    e.run("print('ok')")
    e.submit(_report(task, _findings(), extra=f"[{doc}] " * 10 + "[sm:made_up_2021]"))
    g = e.grade()
    assert g.components["citations"] == pytest.approx(0.5)
    assert g.components["citations/cited"] == 2.0


def test_one_heading_naming_every_section_counts_once():
    # before: a substring test, so one line naming all six sections passed the rubric
    from veriloop.graders.rubric import CHECKS

    sections = ["Introduction", "Methods", "Results", "Findings", "Conclusion", "References"]
    has = CHECKS["has_sections"]
    assert has("# IntroductionMethodsResultsFindingsConclusionReferences", sections) == 0.0
    assert has("# Introduction Methods Results Findings Conclusion References", sections) == 1 / 6
    numbered = "\n".join(f"## {i}. {s} and more" for i, s in enumerate(sections, 1))
    assert has(numbered, sections) == 1.0


def test_no_training_question_asks_about_a_held_out_relation():
    # before: both level-4 held-out studies opened with a level-2 training correlation
    from veriloop.envs.research.questions import LEVELS, relation, split_specs

    held = {relation(s) for lv in LEVELS for s in split_specs(lv, "test")}
    train = {relation(s) for lv in LEVELS for s in split_specs(lv, "train")}
    assert not held & train
    assert {len(split_specs(lv, "test")) for lv in LEVELS} == {14, 4, 2}
    assert len(split_specs(1, "train")) == 42  # level 1 keeps every training question


def test_a_number_in_a_search_query_is_not_an_input_literal(env, ttest):
    # the literal rule covers what executions can echo (scripts, compute_stats arguments)
    task, _ = ttest
    e = Episode(env, task)
    out = e.run("import pandas as pd\nprint('n =', len(pd.read_csv('data/"
                + task.metadata["dataset"] + ".csv')))")
    n = out.split("n = ")[1].strip()
    e.call("search_papers", query=f"{task.metadata['dataset']} {n} samples")
    e.submit(_report(task, _findings(), extra=f"We analysed {n} samples."))
    assert not [f for f in e.grade().flags if f.startswith("unbacked_claim")]
