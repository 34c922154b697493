"""Math grader error classes of issue 43, one test per class (the held-out rates on cases from
other projects' test suites are in test_math_heldout.py).

Each class test failed on the grader before its fix (77ee922 for the first ones; the commit
before math4's changes for the heldout2 classes at the end). The checks call
`check_equivalence` in-process (no worker pool, no timeout): none of these inputs may reach
symbolic work that is slow, and the pathological ones must be refused before any.
"""

import pytest

from veriloop.graders.math_bounds import too_complex
from veriloop.graders.math_equiv import check_equivalence


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


# classes found on heldout2 (STACK's AlgEquiv fixtures, spent as tuning data by math4); the
# cases here are variants written for the tests, not the held-out rows themselves
@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("12", "sqrt(12)", False),  # was read as the number 12: a false positive
    ("2\\sqrt{3}", "sqrt(12)", True), ("7", "sqrt(7)", False), ("|x| < 1", "abs(x)<1", True),
    ("\\sqrt{\\frac{x+3}{2}}", "sqrt((x+3)/2)", True),  # the whole balanced argument
    ("2+\\sqrt{3}", "sqrt(7+4*sqrt(3))", True), ("\\sqrt{x+1}", "sqrt(x)+1", False),
    ("x^{\\log(y)}", "x^log(y)", True),  # a function call as an exponent
])
def test_plain_function_calls_are_read_whole(gold, answer, equivalent):
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("y", "Y", False), ("\\pi r^2", "\\pi R^2", False), ("a+b", "A+b", False),
    ("x^2 + y", "y + x^2", True), ("E", "\\mathrm{E}", True),
])
def test_letter_case_names_a_different_variable(gold, answer, equivalent):
    # math-verify folds the case of a variable
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("x+2y=1", "2x+4y=2", True), ("x+y=3", "y=3-x", True),
    ("x^2=4y^2", "(x-2y)(x+2y)=0", True),
    ("y=\\frac{x}{x+1}", "\\frac{1}{y}=1+\\frac{1}{x}", True),  # a factor off the domain
    ("x=3", "(x-3)^2=0", False), ("x=y", "bx=by", False),  # a factor that is not constant
    ("xy=0", "x^2y^2=0", False), ("x=y", "\\sqrt{x}=\\sqrt{y}", False), ("x=2", "x=3", False),
])
def test_equations_are_equal_up_to_a_constant_factor(gold, answer, equivalent):
    # math-verify solved both for a variable: x^2y^2=0 and sqrt(x)=sqrt(y) passed
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("x>2", "4<2x", True), ("x \\geq 1", "-3 \\geq -3x", True), ("x^2-y<0", "2x^2<2y", True),
    ("x>2", "x<2", False), ("x>2", "x \\geq 2", False), ("x>2", "x>3", False),
    ("x>2", "-4>-2x", True), ("x>2", "-4<-2x", False),  # a negative factor flips it
])
def test_inequalities_compare_as_relations(gold, answer, equivalent):
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("1", "\\sqrt{\\frac{a}{b}}\\sqrt{\\frac{b}{a}}", True),  # 1 wherever it is defined
    ("\\log(a)+\\log(b)", "\\log(ab)", True),  # the gold has no real value where a, b < 0
    ("\\sqrt{x-1}\\sqrt{x-2}", "\\sqrt{(x-1)(x-2)}", False),  # x < 1: the gold is negative
    ("x^{yz}", "(x^y)^z", False),  # x = -2, y = 2, z = 1/2
    ("\\frac{1}{\\sqrt{x}}", "\\sqrt{\\frac{1}{x}}", True),
])
def test_identities_count_where_the_answer_is_defined(gold, answer, equivalent):
    # the numeric identity check skipped every point where either side was not real, so
    # (x^y)^z = x^{yz} passed; and it needed both sides in the same variables
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("i", "\\sqrt{-1}", True),
    ("2^{1/3}(\\cos\\frac{\\pi}{9}+i\\sin\\frac{\\pi}{9})", "(1+\\sqrt{3}i)^{1/3}", True),
    ("2^{1/3}(\\cos\\frac{\\pi}{9}-i\\sin\\frac{\\pi}{9})", "(1+\\sqrt{3}i)^{1/3}", False),
    ("\\frac{\\sqrt{2}}{2}+\\frac{\\sqrt{2}}{2}i", "e^{i\\pi/4}", True),
    ("\\frac{\\sqrt{2}}{2}-\\frac{\\sqrt{2}}{2}i", "e^{i\\pi/4}", False),
])
def test_complex_values_compare_as_complex_numbers(gold, answer, equivalent):
    assert check_equivalence(gold, answer)["equivalent"] is equivalent


@pytest.mark.parametrize(("gold", "answer"), [
    ("(x-b)^{4999}", "(x-b)^{5000}"), ("x^3(x^4+2)^{300}", "x^7(x^8+2)^{299}"),
    ("y=(x-1)^{301}", "y=(x-1)^{300}"), ("x^{999}(x-2)=0", "x^{1000}=3x^{999}"),
])
def test_big_powers_are_told_apart_by_evaluation(gold, answer, monkeypatch):
    # sympy took minutes (three checks ran into the 60 s timeout) expanding unequal big powers
    # inside math-verify's verify; evaluation decides them, so verify is never reached
    import math_verify

    def no_symbolic_work(*args, **kwargs):
        raise AssertionError("reached math-verify's symbolic comparison")

    monkeypatch.setattr(math_verify, "verify", no_symbolic_work)
    assert check_equivalence(gold, answer)["equivalent"] is False


def test_equal_big_powers_are_still_equal():
    assert check_equivalence("(x-b)^{5000}", "(b-x)^{5000}")["equivalent"]
    assert check_equivalence("x^{999}(x-2)=0", "x^{1000}=2x^{999}")["equivalent"]
