"""Math grader error classes read from the spent `heldout11` split (issue 43, math14), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math14's changes (commit 754f44d) and
guards that must stay as they are (a missing point, another value, a lost solution). The cases
are new instances of each class, not heldout11's rows. heldout11's misses came from WeBWorK's
interval contexts, a mathjs-based lesson checker, learnai's equation checks, GSM8K parsers and a
KaTeX checker; its two timeouts were towers written with `**`. The checks call
`check_equivalence` in-process (no worker pool, no timeout).
"""

from fractions import Fraction

import pytest

from veriloop.graders.math_bounds import too_complex
from veriloop.graders.math_equiv import check_equivalence
from veriloop.graders.math_intervals import parse_interval_set
from veriloop.graders.math_numeric import exact_arithmetic


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("(0,9)", "(0,4] U [3,9)", True), ("R", "(-infinity,2] U (0,infinity)", True),
    ("[3,8]", "[1,8]-[1,3)", True), ("(-inf,-2)U(2,inf)", "R-[-2,2]", True),
    ("[0,2]U[5,6]", "[0,6]-(2,5)", True), ("(1,4)", "(1,2] \\cup [2,4)", True),
    ("(0,9)", "(0,4) U (4,9)", False), ("R", "(-infinity,2) U (2,infinity)", False),  # guards:
    ("[3,8]", "[1,8]-[1,3]", False), ("(2,6]", "(0,6]-(0,3]", False),  # a point or a piece off
])
def test_interval_unions_and_differences_are_sets(gold, answer, equivalent):
    # WeBWorK's `U`, `R`, `infinity` and `-` (set difference) were letters and a minus sign to
    # math-verify, and a LaTeX `\setminus` stayed unevaluated: every such union was unequal
    assert verdict(gold, answer) is equivalent


def test_interval_sets_are_evaluated_left_to_right():
    import sympy

    assert parse_interval_set("[0,6]-(1,2) U [1,2)") == sympy.Interval(0, 6)  # (a - b) U c
    assert parse_interval_set("x < 3") is None  # an inequality is another rule's


@pytest.mark.parametrize("answer", ["7**(10**8)", "3 ** 99999999", "2**(3**30)"])
def test_towers_written_with_double_stars_are_bounded(answer):
    # `9**(10**9)` escaped the tower bound (written for `^` and braces); sympy then worked until
    # the worker was killed at its timeout, twice in heldout11
    assert too_complex(answer) is not None
    assert verdict("1", answer) is False


@pytest.mark.parametrize("answer", ["2**(10)", "9**(500+501)", "(2**3)**2"])
def test_small_double_star_powers_stay_within_bounds(answer):
    assert too_complex(answer) is None


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("She has 5 left.\n#### 5", "5", True), ("#### 1,250", "Answer: 1250", True),
    ("#### 0", "0.0", True),
    ("#### 5", "6", False), ("Work: 3+2=5\n#### 5", "3", False),  # guards
])
def test_a_gsm8k_gold_is_read_after_its_marker(gold, answer, equivalent):
    # a gold "#### 0" (GSM8K's final-answer line) was compared whole and matched nothing
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("0", "0.2*3 - 0.6", True), ("0.7", "0.1*7", True), ("1.21", "1.1^2", True),
    ("0.3", "(0.1 + 0.2)/1", True),
    ("0", "0.2*3 - 0.61", False), ("0.7", "0.1*8", False),  # guards
    ("0.3333333333", "1/3", True),  # guard: unequal exact values still meet a rounded gold
])
def test_arithmetic_of_decimals_is_exact(gold, answer, equivalent):
    # the parser evaluated 0.1*3 in floating point (0.30000000000000004) before any comparison
    assert verdict(gold, answer) is equivalent


def test_exact_arithmetic_by_hand():
    assert exact_arithmetic("0.1*3 - 0.3") == 0
    assert exact_arithmetic("1.5^2 / 0.5") == Fraction(9, 2)
    assert exact_arithmetic("-(0.25 - 1)") == Fraction(3, 4)
    assert exact_arithmetic("2x + 0.1") is None and exact_arithmetic("1/0") is None


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("2i^2 + 3i^2", "-5", True), ("i^4", "1", True), ("(1+i)(1-i)", "2", True),
    ("2i^2 + 3i^2", "5", False), ("i^4", "-1", False),  # guards
])
def test_a_gold_whose_only_letter_is_i_is_a_complex_number(gold, answer, equivalent):
    # "-3" against "4i^2-i^2" was rejected: with i an index the gold is 3i^2, not a number
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("x - 3 = 0", "(x-3)^2/(x-3) = 0", False), ("x + 2 = 0", "(x^2-4)/(x-2) = 0", True),
    ("x = 2", "(x^2-4)/(x+2) = 0", True), ("x = -2", "(x^2-4)/(x+2) = 0", False),
    ("x - 3 = 0", "2(x-3) = 0", True),  # guard: a constant multiple
])
def test_a_solution_where_a_denominator_vanishes_is_lost(gold, answer, equivalent):
    # the parser cancels (x-1)^2/(x-1) to x-1, so `(x-1)^2/(x-1) = 0` (no solution) passed for
    # `x - 1 = 0`; the denominators are read from the answer's text
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("\\frac{3}{4}", "That gives \\(\\frac{6}{8}\\).", True),
    ("-\\sqrt{3}", "so we get $-\\sqrt{3}$ here", True),
    ("\\frac{3}{4}", "That gives \\(\\frac{6}{7}\\).", False),  # guard: another value
])
def test_one_math_span_in_a_sentence_is_the_answer(gold, answer, equivalent):
    # "So I get \\(\\frac{-4\\sqrt{2}}{9}\\)." was read whole, words and all
    assert verdict(gold, answer) is equivalent
