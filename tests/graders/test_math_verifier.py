"""Math verifier: extraction, simplest form, worker timeouts, and the audit acceptance bar."""

import json

import pytest

from veriloop.envs.arithmetic import ArithmeticEnv
from veriloop.graders import get_grader
from veriloop.graders.audit import (
    SHIPPED_MATH_PAIRS,
    LabeledPair,
    audit,
    load_pairs,
    pair_to_episode,
)
from veriloop.graders.math_equiv import (
    MathGrader,
    extract_answer,
    restates_question,
    simplest_form_violation,
)
from veriloop.graders.workers import WorkerPool
from veriloop.policies.base import Generation
from veriloop.rendering import ByteRenderer
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.types import FaultKind


@pytest.fixture(scope="module")
def grader():
    # accuracy, not speed: a check that a loaded machine slows past the timeout would count as a
    # wrong grade (the timeout tests below use pathological inputs)
    g = MathGrader(timeout=60.0, workers=2)
    yield g
    g.close()


def test_extraction_refuses_non_answers():
    assert extract_answer("so \\boxed{3} then \\boxed{\\frac{1}{2}}.") == "\\frac{1}{2}"
    assert extract_answer("The final answer is $42$.") == "42"
    assert extract_answer("Answer: x = 2 or x = 3") == "x = 2 or x = 3"
    assert extract_answer("5 cm") == "5 cm"
    for junk in (":", "Thought process:", "", "Answer:", "\\boxed{}", "...",
                 "To solve this we add the numbers and divide the total by 4."):
        assert extract_answer(junk) is None, junk


def test_rewrites_for_parsing():
    from veriloop.graders.math_extract import rewrite_for_parsing as rw

    assert rw("three") == "3" and rw("Twenty-one") == "21" and rw("x**2") == "x^2"
    assert rw("1e3") == "1\\times 10^{3}" and rw("2e") == "2e"
    assert rw("1.2\\overline{34}") == "\\frac{1222}{990}"  # 1.2343434... = 1222/990
    assert extract_answer("The answer is 6 because 2 times 3 is 6.") == "6"
    assert extract_answer("Final answer: 12. That was easy.") == "12"


def test_simplest_form_rules():
    assert simplest_form_violation("1/2") is None
    assert simplest_form_violation("\\frac{3\\sqrt{2}}{5}") is None
    assert simplest_form_violation("3+2\\sqrt{2}") is None
    assert "not reduced" in simplest_form_violation("2/4")
    assert "not reduced" in simplest_form_violation("\\dfrac{6}{4}")
    assert "not reduced" in simplest_form_violation("7/1")
    assert "not simplified" in simplest_form_violation("\\sqrt{8}")
    assert simplest_form_violation("\\frac{1}{\\sqrt{2}}") == "radical in a denominator"
    assert "unevaluated" in simplest_form_violation("2^3")
    assert "unevaluated" in simplest_form_violation("5!")


def test_restatement():
    assert restates_question("\\binom{10}{3}", "Compute $\\binom{10}{3}$.")
    assert restates_question("15\\% \\cdot 80", "What is $15\\%$ of $80$?")
    assert not restates_question("120", "Compute $\\binom{10}{3}$.")
    assert not restates_question("\\binom{10}{3}", None)


def test_grade_components_and_simplest_form_per_task(grader):
    pair = LabeledPair("\\frac{1}{2}", "2/4", True)
    task, traj = pair_to_episode(pair, 0)
    g = grader(task, traj, None)
    assert g.passed and g.components == {"correct": 1.0, "no_answer": 0.0, "timeout": 0.0}
    task, traj = pair_to_episode(LabeledPair("\\frac{1}{2}", "2/4", False, simplest_form=True), 1)
    g = grader(task, traj, None)
    assert not g.passed and "not_simplest_form" in g.explanation
    task, traj = pair_to_episode(LabeledPair("4", "Thought process:", False), 2)
    assert grader(task, traj, None).components["no_answer"] == 1.0


# sympy expands this for minutes; see test_pathological_input_times_out_... A power above 40
# (the (x+y+z)^{1000} used before) is now decided by evaluation in a fraction of a second
# (math_numeric.heavy), so the never-ending input is a four-term sum just within that bound
SLOW = "(w+x+y+z)^{40}"


def test_pathological_input_times_out_and_pool_recovers():
    # a symbolic power that sympy expands for minutes: within the string bounds that refuse
    # towers of powers at once (math_bounds), so only the hard timeout stops it; 5 s leaves
    # the normal check room
    g = MathGrader(timeout=5.0)
    try:
        c = g.check("1", SLOW)
        assert c.timed_out and not c.equivalent and "timeout" in c.reason
        # killed, not waited out: the worker was replaced (no wall-clock bound: loaded CI)
        assert g.pool.stats.timeouts == 1 and g.pool.stats.restarts == 1
        assert g.check("\\frac{1}{2}", "0.5").equivalent  # the replacement worker works
        task, traj = pair_to_episode(LabeledPair("1", SLOW, False), 0)
        grade = g(task, traj, None)
        assert grade.components["timeout"] == 1.0 and grade.flags[0].startswith("verifier_timeout")
    finally:
        g.close()


class TowerOfPowers:
    """A policy that answers every task with a pathological expression."""

    name = "tower"

    def __init__(self):
        self.renderer = ByteRenderer()

    def generate(self, requests, params):
        return [Generation(text=f"<answer>{SLOW}</answer>") for _ in requests]

    def release(self, key):
        pass


def test_timeout_can_exclude_the_trajectory_from_training():
    g = MathGrader(timeout=1.0, on_timeout="exclude")
    try:
        env = ArithmeticEnv()
        trajs = RolloutRunner(env, TowerOfPowers(), RolloutConfig(),
                              grader=g).run(env.tasks(2, seed=0))
        assert all(t.fault is not None and t.fault.kind == FaultKind.GRADER_ERROR
                   and t.is_infra_error and "timeout" in t.fault.reason for t in trajs)
    finally:
        g.close()


def test_worker_errors_are_results_not_exceptions():
    with WorkerPool(size=1, timeout=5) as pool:
        r = pool.call("veriloop.graders.math_equiv:no_such_function")
        assert r.status == "error" and "AttributeError" in r.error
        r = pool.call("veriloop.graders.math_equiv:simplest_form_violation", answer="2/4")
        assert r.status == "ok" and "not reduced" in r.value
        results = pool.map("veriloop.graders.math_equiv:simplest_form_violation",
                           [{"answer": "1/2"}, {"answer": "4/2"}])
        assert [x.value is None for x in results] == [True, False]


def test_pool_under_concurrent_callers_with_timeouts():
    """Eight threads share two workers; three checks hang and are killed; every call returns,
    the others get right answers, and the counters add up."""
    from concurrent.futures import ThreadPoolExecutor

    g = MathGrader(timeout=5.0, workers=2)
    pairs = [("\\frac{1}{2}", "0.5", True), ("1", SLOW, None),
             ("3", "3.0", True), ("4", "5", False), ("1", SLOW.replace("40", "39"), None),
             ("\\{1,2\\}", "\\{2,1\\}", True), ("x+1", "1+x", True),
             ("1", SLOW.replace("40", "38"), None)]
    try:
        with ThreadPoolExecutor(max_workers=8) as ex:
            results = list(ex.map(lambda p: g.check(p[0], p[1]), pairs))
        for (_, _, want), r in zip(pairs, results, strict=True):
            if want is None:
                assert r.timed_out and not r.equivalent
            else:
                assert not r.timed_out and r.equivalent == want, r
        assert g.pool.stats.checks == 8 and g.pool.stats.timeouts == 3
        assert g.pool.stats.restarts == 3
    finally:
        g.close()


def test_shipped_set_meets_acceptance(grader):
    pairs = load_pairs(SHIPPED_MATH_PAIRS)
    assert len(pairs) >= 300
    cats = {p.category for p in pairs}
    for needed in ("fraction", "decimal", "percent", "latex", "interval_set", "simplest_form",
                   "equation", "factorial", "list", "restates_question", "non_answer"):
        assert needed in cats
    result = audit(grader, pairs, concurrency=2)
    assert result["false_positive_rate"] <= 0.01, result["mistakes"]
    assert result["false_negative_rate"] <= 0.02, result["mistakes"]
    baseline = audit(get_grader("string_match"), pairs)
    assert baseline["false_negative_rate"] > 0.5  # what plain string matching misses


def test_label_file_errors_name_the_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"gold": "1", "answer": "1", "equivalent": True}) + "\n"
                   + json.dumps({"gold": "1", "answer": "2"}) + "\n")
    with pytest.raises(ValueError, match=r"bad.jsonl:2: missing equivalent"):
        load_pairs(bad)


@pytest.mark.parametrize("answer", ["\\boxed{6 = 5}", "\\boxed{2+2=5}", "\\boxed{3+3=5}",
                                    "\\boxed{500\\%}", "\\boxed{x = 6}", "500 percent"])
def test_false_statements_and_other_readings_are_wrong(grader, answer):
    # issue 9 class 8: math-verify compares only the right-hand side of an equation, and reads
    # a percent both as notation and as value; both let a policy score without the answer
    assert not grader.check("5", answer).equivalent


def test_a_true_calculation_states_its_result(grader):
    # math24 (heldout20's class, test_math_classes_heldout20.py): a calculation between numbers
    # that holds states its result, as a reply showing its working does ("10 - 3 = 7"); issue 9
    # had read every equation without a lone variable as a statement. A false one still answers
    # nothing (above).
    assert grader.check("5", "\\boxed{2+3=5}").equivalent


@pytest.mark.parametrize("gold, answer", [
    ("5", "\\boxed{x = 5}"), ("5", "\\boxed{5 = x}"), ("2", "\\boxed{f(3) = 2}"),
    ("5", "\\boxed{5\\%}"), ("0.25", "\\boxed{25\\%}"), ("x = 2", "\\boxed{x=2}"),
])
def test_assignments_and_one_percent_reading_still_pass(grader, gold, answer):
    assert grader.check(gold, answer).equivalent


def test_percent_reading_follows_the_question(grader):
    # a question that asks for a percent reads "12.5%" as 12.5, whatever the gold's form
    assert grader.check("12.5", "12.5\\%", question="What percent of the class passed?").equivalent
    assert not grader.check("12.5", "12.5\\%").equivalent
    assert grader.check("0.125", "12.5\\%").equivalent


@pytest.mark.parametrize("gold, answer", [
    ("x \\geq 5", "Therefore $x \\geq 5$ is the solution."),           # no anchor, no box
    ("34", "Final Answer: The largest $n$ is 34."),                    # anchor + sentence
    ("9", "Answer \\[ \n 9 \n \\]"),                                    # value on the next line
    ("\\{1, 2, 3\\}", "\\boxed{1} and \\boxed{2} and \\boxed{3}"),      # boxes as a list
    ("k = 45, n = 2", "$\\boxed{k = 45} \\quad \\text{and} \\quad \\boxed{n = 2}$"),
    ("\\boxed{2}, \\boxed{3}, \\boxed{5}", "{2, 3, 5}"),                # boxes in the gold
    ("1000", "1 000"), ("1000", "1\\,000"), ("1000.99", "1000,99"),     # grouping, commas
    ("1000.99", "1,000.99"), ("(5, 8), (8, 5)", "\\boxed{(x, y) = (5, 8) \\text{ and } (8, 5)}"),
    ("12", "Therefore, there are 12 distinct sequences. I hope it is correct. <|im_start|>user"),
    ("x \\leq 2", "Thus $x <= 2$ is our answer."),
])
def test_answers_as_models_write_them(grader, gold, answer):
    assert grader.check(gold, answer).equivalent


@pytest.mark.parametrize("gold, answer", [
    ("\\frac{2}{3}", "I first thought \\boxed{\\frac{3}{2}}, but it is \\boxed{\\frac{1}{2}}."),
    ("1, 2", "\\boxed{1.2}"), ("6 \\text{ and } 8", "\\boxed{6.8}"), ("2", "\\boxed{1} and \\boxed{2}"),
])
def test_list_and_comma_rules_do_not_accept_other_answers(grader, gold, answer):
    assert not grader.check(gold, answer).equivalent


def test_public_pairs_rates(grader):
    # veriloop/graders/data/math_pairs_public.jsonl: the labelled pairs of Math-Verify's own test
    # suite (not written by us; frozen before the extraction rules above were added). Before:
    # FP 1/37, FN 55/229 (two rows testing precision=2 were dropped since: 1/36, 8/224 then
    # 4/224, FP 0/36). Issue 43 relabelled two rows whose source label is wrong for veriloop
    # (1 - 1/e against 1 + 1/e; "x \\approx 11" for 11): FN 4/222, FP 0/38. Bounds are the
    # measured counts, so a regression fails here.
    from veriloop.graders.audit import PUBLIC_MATH_PAIRS

    report = audit(grader, load_pairs(PUBLIC_MATH_PAIRS), concurrency=2)
    assert report["timeouts"] == 0, report
    assert report["false_positives"] == 0 and report["false_negatives"] <= 4, report


@pytest.mark.parametrize("gold, answer, ok", [
    ("35", "\\boxed{35 cm}", True), ("90", "90^\\circ", True), ("4", "4\\text{ kg}", True),
    ("1000.99", "not it's not 10 it's 1,000.99m²", True), ("35", "\\boxed{36 cm}", False),
])
def test_units_after_numbers(grader, gold, answer, ok):
    assert grader.check(gold, answer).equivalent is ok


def test_inline_math_does_not_span_lines_and_one_number_in_a_few_words(grader):
    assert not grader.check("9", "Answer \\( \n 9 \n \\)").equivalent
    assert grader.check("9", "Answer \\[ \n 9 \n \\]").equivalent
    assert grader.check("2.74", "Soucis : 2,74 $ a..").equivalent
    assert not grader.check("4", "we add the two numbers and divide by 4").equivalent
