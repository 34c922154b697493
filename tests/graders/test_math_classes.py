"""Math grader error classes of issue 43, one test per class, and the held-out rates on cases
from other projects' test suites (veriloop/graders/data/math_pairs_suites.jsonl).

Each class test failed on the grader of commit 77ee922. The checks call `check_equivalence`
in-process (no worker pool, no timeout): none of these inputs may reach symbolic work that is
slow, and the pathological ones must be refused before any.
"""

import json

import pytest

from veriloop.graders.audit import SUITE_MATH_PAIRS, audit, load_pairs
from veriloop.graders.math_bounds import too_complex
from veriloop.graders.math_equiv import MathGrader, check_equivalence


def equivalent(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize("gold, answer", [
    # math-verify reads what it can: "\{-\mathrm{e}, 1\}" and "\{\mathrm{e}, 1\}" were both 1
    ("\\{-\\mathrm{e}, 1\\}", "\\{\\mathrm{e}, 1\\}"), ("\\{\\mathrm{e}, 1\\}", "\\{-\\mathrm{e}, 1\\}"),
    ("\\{1, -\\mathrm{e}\\}", "\\{1, \\mathrm{e}\\}"), ("2", "2-\\operatorname{foo}"),
    ("1", "1 1/2"),  # the fraction of a mixed number dropped
    # separate boxed answers (a sentence or line apart) are not one list answer
    ("\\{2, 3\\}", "So \\boxed{2}.\n\nChecking again, \\boxed{3}"),
    ("\\{2, 3\\}", "\\boxed{2}. \\boxed{3}"),
])
def test_no_part_of_an_answer_is_dropped_or_merged(gold, answer):
    assert not equivalent(gold, answer)


def test_euler_number_written_as_mathrm_e_keeps_its_sign():
    assert not equivalent("1 - \\frac{1}{\\mathrm{e}}", "1 + \\frac{1}{\\mathrm{e}}")
    assert equivalent("1 - \\frac{1}{\\mathrm{e}}", "1 - e^{-1}")  # \mathrm{e} is Euler's e


@pytest.mark.parametrize("gold, answer", [
    ("\\frac{40}{9}", "4 4/9"), ("1.5", "1\\ \\frac{1}{2}"),                  # mixed numbers
    ("0.25", "25 percent"), ("25\\%", "25 percent"), ("0.25", "25\\%"),       # percent
    ("0.12", "12 per cent"),
    ("10", "10\\text{ cm}^2"), ("3", "3 apples"), ("64", "64 square feet"),   # units
    ("20:34", "08:34 \\text{P.M.}"), ("3:30", "3:30 PM"), ("20:34", "20:34:00"),  # clock times
    ("4:30", "4:30 p.m."),
    ("2^{3/4}", "\\sqrt{2\\sqrt{2}}"), ("\\sqrt[4]{8}", "8^{1/4}"),          # radicals, powers
    ("2", "\\boxed{2 = x}"), ("2x + 3", "f(x) = 2x + 3"), ("y = 2x + 3", "f(x) = 2x + 3"),
    ("3", "\\boxed{2}. \\boxed{3}"), ("3", "\\boxed{2}\n\\boxed{3}"),               # last box answers
    ("7", "\\boxed{5}.\nWait, that is wrong: \\boxed{7}"),
    ("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "[1, 2]"),                   # matrices, vectors
    ("\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}", "[[1, 2], [3, 4]]"),
    ("(1, 2)", "\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}"),
    ("-1+\\sqrt{3}", "-1+sqrt(3)"), ("-1+\\sqrt{3}", "-1 + √3"), ("\\frac{\\pi}{2}", "pi/2"),  # no LaTeX
])
def test_right_answers_in_other_forms_pass(gold, answer):
    assert equivalent(gold, answer)


@pytest.mark.parametrize("gold, answer", [
    ("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "[2, 1]"), ("3:30", "4:30 PM"),
    ("20:34", "08:34 \\text{A.M.}"), ("\\frac{40}{9}", "4 5/9"), ("0.25", "25"),
    ("5", "5 thousand"), ("3", "3 quarters"), ("5", "5 squared"), ("2", "2 \\text{ dozen}"),
    ("x = 5", "y = 5"), ("x + 1", "g(x) + 1"),
])
def test_other_forms_still_compare_values(gold, answer):
    assert not equivalent(gold, answer)


def test_identities_on_a_domain_pass_by_evaluation_and_signs_still_count():
    # equal for the positive quantities of a physics answer; sympy alone cannot prove it
    assert equivalent("\\frac{v_0 (\\frac{r_0}{r + r_0})^{0.5}}{r + r_0}",
                      "\\frac{v_0}{r_0} \\frac{1}{(1 + r/r_0)^{3/2}}")
    assert equivalent("\\frac{x^2-1}{x-1}", "x+1")
    for gold, answer in (("|x|", "x"), ("\\sqrt{x^2}", "x"), ("e^{-x}", "-e^{x}"),
                         ("\\sqrt{x}\\sqrt{y}", "\\sqrt{xy}"), ("x^2+1", "x^2+1.0000001")):
        assert not equivalent(gold, answer), (gold, answer)


def test_identities_hold_whatever_precision_other_code_left_mpmath_at():
    # mpmath's precision is process-wide; the full suite once ran this check after something
    # had lowered it, and the physics identity above failed (at 8 digits it differs at 1e-9)
    import mpmath

    saved = mpmath.mp.dps
    try:
        for dps in (5, 8, 50):
            mpmath.mp.dps = dps
            assert equivalent("\\frac{v_0 (\\frac{r_0}{r + r_0})^{0.5}}{r + r_0}",
                              "\\frac{v_0}{r_0} \\frac{1}{(1 + r/r_0)^{3/2}}"), dps
            assert not equivalent("x^2+1", "x^2+1.0000001"), dps
            assert mpmath.mp.dps == dps  # and it leaves the caller's precision alone
    finally:
        mpmath.mp.dps = saved


@pytest.mark.parametrize("answer", ["x=2 \\lor x=3", "2 \\vee 3", "x=2 or x=3",
                                    "\\boxed{x=2 \\text{ or } x=3}", "\\approx 3",
                                    "\\boxed{\\approx 3}", "x \\approx 3",
                                    "The answer is approximately 3."])
def test_hedges_and_approximations_are_wrong(answer):
    assert not equivalent("3", answer)


@pytest.mark.parametrize("answer", ["x=2 \\lor x=3", "2 \\vee 3", "x=2 or x=3"])
def test_a_hedge_whose_every_option_is_right_is_right(answer):
    assert equivalent("\\{2, 3\\}", answer)


@pytest.mark.parametrize("answer", ["10^{10^{10^{10}}}", "9^9^9", "2^{2^{30}}", "1000000!",
                                    "(100!)!", "(" * 200 + "1" + ")" * 200, "1" * 1000])
def test_pathological_answers_are_refused_before_symbolic_work(answer):
    # in-process, with no timeout: on the old grader these ran until killed
    assert too_complex(answer)
    r = check_equivalence("1", answer)
    assert not r["equivalent"] and r["reason"].startswith("too_complex")


def test_bounds_leave_ordinary_answers_alone():
    for ok in ("2^{2024}", "10^{10}", "5!", "(n+1)!", "e^{x^2}", "\\frac{1}{2}", "3^{3^{3}}"):
        assert too_complex(ok) is None, ok
    assert equivalent("7625597484987", "3^{3^{3}}")


# classes found on the tune part of the second collection of suite cases (issue 43, math2)
@pytest.mark.parametrize("answer", [
    "3 0/0", "2 000 0/0",  # a mixed number over zero: sympy left (2*0*0)/0 unevaluated, then 0
    "5/0", "(3-3)/0", "\\frac{0}{0}",
])
def test_a_division_by_zero_has_no_value(answer):
    assert not equivalent("0", answer)
    assert check_equivalence("0", answer)["reason"] == "undefined"


@pytest.mark.parametrize("gold, answer, eq", [
    ("\\frac{6001}{3}", "2 000 1/3", True), ("2500001", "2\\,500 001", True),
    ("0", "2 000", False),  # was read as the product 2*000
    ("\\frac{1035}{456}", "2 123/456", True),  # a three-digit numerator is no digit group
])
def test_digit_groups_inside_an_expression_are_one_number(gold, answer, eq):
    assert equivalent(gold, answer) is eq


@pytest.mark.parametrize("gold, answer, eq", [
    ("0.31", "31pct", True), ("0.31", "31 percentage", True), ("0.31", "31percent", True),
    ("0.05", "5 \\text{ per cent}", True),
    ("\\frac{7}{300}", "2 1/3%", True), ("\\frac{7}{300}", "\\frac{7}{3}\\%", True),
    ("\\frac{7}{300}", "2 1/3 percent", True),
    # the word is a percent sign, never a unit to drop
    ("0.28", "0.28 pct", False), ("0.05", "0.05 \\text{ percent}", False),
    ("\\frac{7}{3}", "2 1/3pct", False),
])
def test_percent_words_and_percent_after_a_fraction(gold, answer, eq):
    assert equivalent(gold, answer) is eq


@pytest.mark.parametrize("gold, answer, eq", [
    ("\\frac{37}{5}", "7\n2/5", False), ("\\frac{37}{5}", "7\r\n2/5", False),  # two lines
    ("\\frac{37}{5}", "7 2/5", True), ("\\frac{37}{5}", "7\\ \\frac{2}{5}", True),
])
def test_a_mixed_number_stays_on_one_line(gold, answer, eq):
    assert equivalent(gold, answer) is eq


@pytest.mark.parametrize("gold, answer, eq", [
    ("|x+|y||", "Abs(x+Abs(y))", True), ("|x| + 1", "abs(x) + 1", True),
    ("\\sin^2 x", "sin(x)**2", True), ("e^{x}", "exp(x)", True), ("\\arctan x", "atan(x)", True),
    ("\\sec^2 y", "1 + tan(y)**2", True),
    ("\\cos x", "sin(x)", False), ("x", "Abs(x)", False), ("-e^{x}", "exp(-x)", False),
])
def test_function_names_written_as_in_python(gold, answer, eq):
    assert equivalent(gold, answer) is eq


@pytest.fixture(scope="module")
def grader():
    g = MathGrader(timeout=60.0, workers=2)  # accuracy, not speed: see test_math_verifier.py
    yield g
    g.close()


def _rates(report: dict) -> str:
    # counts only: the held-out failures are never printed, so no one tunes on them
    return (f"FP {report['false_positives']}/{report['negatives']}, "
            f"FN {report['false_negatives']}/{report['positives']}, "
            f"timeouts {report['timeouts']}")


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("\\cos(x)", "\\sin(90^{\\circ}-x)", True), ("\\frac{1}{2}", "\\sin(30^\\circ)", True),
    ("\\sin(30)", "\\sin(30^\\circ)", False),  # dropping the mark changed the value
    ("\\cos(x)", "\\sin(90-x)", False), ("30", "30^\\circ", True),
])
def test_degrees_inside_a_trig_function_are_a_value(gold, answer, equivalent):
    # class of the held-out FN sin(90^\circ - x) = cos(x) (MARIO): the degree mark was dropped
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("i(2-i)", "1+2i", True), ("(1+i)^2", "2i", True), ("1+2i", "1-2i", False),
    ("-1", "i^2", False),  # a gold without i may use i as an index: no unit is assumed
    ("i+1", "i-1", False),
])
def test_i_on_both_sides_is_the_imaginary_unit(gold, answer, equivalent):
    # class of the held-out FN 1+2i = i(2-i) (MARIO)
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("\\text{odd}", "odd", True), ("\\textbf{even}", "even", True),
    ("\\text{oddd}", "odd", False), ("\\text{odd}", "even", False),
    ("\\text{odd}", "odd or even", False),
])
def test_a_one_word_answer_matches_the_gold_word(gold, answer, equivalent):
    # class of the held-out FN odd = \text{odd} (NeMo-Skills)
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


def test_suite_pairs_heldout_rates(grader):
    # the held-out half of cases copied from other projects' test suites, split by hash before
    # tuning (build_suite_pairs.py); its failures were never read while tuning.
    # First collection (NeMo-Skills, MARIO, Qwen2.5-Math, simple-evals, slime, AReaL,
    # hendrycks/math; 71 cases): FP 0/10, FN 11/61 at 77ee922; FP 0/10, FN 5/61 after.
    # Grown by the second collection (verl, MindSpeed-RL, open-r1, TRL, Math-Verify's mixed
    # numbers; 115 cases): FP 5/31, FN 9/84 before its tune classes were fixed; FP 2/31,
    # FN 5/84 after. Grown by the third (verifiers, SkyRL, SymbolicEqual, math-evaluation-
    # harness; 128 cases): FP 2/32, FN 8/96 before, FP 2/32, FN 5/96 after; then FP 0/32 once
    # a mixed number no longer spans a line break (test_a_mixed_number_stays_on_one_line).
    # math3 then read the 5 remaining false negatives: this split is SPENT (tuned on from commit
    # "math3 classes" on; heldout2 below is the blind one). Three classes were fixed (the
    # three tests above) and "C" = "C. x = 42" (both ways) left out as a multiple-choice
    # convention (build_suite_pairs._LEFT_OUT): 126 cases, FP 0/32, FN 0/94.
    # The bounds below are those measured counts, so a regression fails here;
    # the bar (FP <= 1%, FN <= 2%) is not met yet, which the xfail at the end records
    # (it turns into a pass once the bar is met).
    rows = [json.loads(line) for line in SUITE_MATH_PAIRS.read_text().splitlines()]
    first = {(r["gold"], r["answer"]) for r in rows if r["collection"] == 1}
    heldout = load_pairs(SUITE_MATH_PAIRS, split="heldout")
    report = audit(grader, heldout, concurrency=2)
    assert report["n"] == 126 and sum((p.gold, p.answer) in first for p in heldout) == 69
    assert report["timeouts"] == 0, _rates(report)
    assert report["false_positives"] == 0 and report["false_negatives"] == 0, _rates(report)
    if report["false_negative_rate"] > 0.02 or report["false_positive_rate"] > 0.01:
        pytest.xfail(f"held-out {_rates(report)} is above the bar of issue 43 "
                     "(FP <= 1%, FN <= 2%)")
    assert report["false_negative_rate"] <= 0.02 and report["false_positive_rate"] <= 0.01


def test_suite_pairs_heldout2_rates():
    # heldout2: collection 4 (137 cases from STACK's answer-test fixtures, suite_pairs_stack.py),
    # all held out, written to the file before any math3 grader change and measured ONCE after
    # them (commit f0227d9), counts only: FP 5/47, FN 20/90, 3 timeouts (all on unequal
    # pairs such as (x-a)^6000 vs (x-a)^5999, so no mistake). Nothing was tuned on it since.
    # The bar below is that measurement, so a regression fails; the bar (FP <= 1%,
    # FN <= 2%) is not met, which the xfail records. Timed-out checks are left out of the bar:
    # how many time out depends on the machine's load, and this test must not.
    g = MathGrader(timeout=20.0, workers=2)
    try:
        report = audit(g, load_pairs(SUITE_MATH_PAIRS, split="heldout2"), concurrency=2)
    finally:
        g.close()
    assert (report["n"], report["positives"]) == (137, 90)
    assert report["timeouts"] <= 30, _rates(report)  # 3 at 60 s here; 30 means a hang
    judged = [m for m in report["mistakes"] if not m["explanation"].startswith("timeout")]
    fp = sum(not m["equivalent"] for m in judged)
    fn = sum(m["equivalent"] for m in judged)
    assert fp <= 5 and fn <= 20, f"heldout2 {_rates(report)} (judged: FP {fp}, FN {fn})"
    if report["false_negative_rate"] > 0.02 or report["false_positive_rate"] > 0.01:
        pytest.xfail(f"heldout2 {_rates(report)} is above the bar of issue 43 "
                     "(FP <= 1%, FN <= 2%)")
    assert report["false_negative_rate"] <= 0.02 and report["false_positive_rate"] <= 0.01
