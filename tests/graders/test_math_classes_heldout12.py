"""Math grader error classes read from the spent `heldout12` split (issue 43, math15), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math15's changes (commit 07e3266) and
guards that must stay as they are (a dropped sign, another value, another unit). The cases are
new instances of each class, not heldout12's rows. heldout12's misses came from Step-Wise's
plus-minus expressions, tutoring checkers that receive spoken numbers, Isaac Physics' sympy
printouts, a French maths app's radicals and derivatives, a unit-aware exercise corrector and
reasoning-gym's complex numbers. The checks call `check_equivalence` in-process (no worker
pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence
from veriloop.graders.math_notation import odd_real_roots, paren_exponents
from veriloop.graders.math_quantity import same_quantity
from veriloop.graders.math_spoken import spoken_number


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("a \\pm b", "\\pm b + a", True), ("\\pm 3y", "-(\\pm 3y)", True),
    ("2 \\pm \\sqrt{5}", "\\pm\\sqrt{5} + 2", True),
    ("a \\pm b", "a \\pm 2b", False), ("\\pm 3y", "3y", False),  # guards: another value, one sign
    ("2 \\pm \\sqrt{5}", "2 + \\sqrt{5}, 2 - \\sqrt{5}", True),  # one side only: as before
])
def test_plus_minus_answers_are_the_two_values_they_name(gold, answer, equivalent):
    # math-verify reads ± as an operator of its own: the same two values in another order
    # (`±b + a`) or with the sign moved out (`-(±3y)`) did not match
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("-2/9", "minus two ninths", True), ("-12", "minus 12", True), ("3/4", "three quarters", True),
    ("-3/5", "negative three over five", True), ("7/2", "three and a half", True),
    ("12", "minus 12", False), ("-2/9", "minus two thirds", False),  # guards: the sign, the value
    ("5/8", "five by eight", False),  # "by" is not read as a fraction bar (a size, 5 × 8)
])
def test_spoken_numbers_keep_their_sign_and_fraction(gold, answer, equivalent):
    # "minus 12" was read as 12 (the sign word dropped, so it matched 12) and "minus two ninths"
    # as no number at all
    assert verdict(gold, answer) is equivalent


def test_spoken_numbers_read_only_whole_answers():
    assert spoken_number("The answer is minus 4") is None  # a sentence is extraction's
    assert spoken_number("seven") is None  # one count word: math_notation reads it already
    assert spoken_number("minus seven") == "-7"


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("g(t)", "g'(t)", False), ("y'", "y''", False), ("h'(2)", "h(2)", False),
    ("g'(t)", "g'(t)", True), ("y''", "y''", True),
])
def test_a_prime_is_part_of_the_name(gold, answer, equivalent):
    # the prime was dropped, so a derivative matched its function: `f'(x)` = `f(x)`
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("-3", "\\sqrt[3]{-27}", True), ("-\\sqrt[5]{2}", "\\sqrt[5]{-2}", True),
    ("-\\frac{1}{2}", "\\sqrt[3]{-\\frac{1}{8}}", True),
    ("3", "\\sqrt[3]{-27}", False), ("2", "\\sqrt[4]{-16}", False),  # guards: the sign; an even
])                                                                   # root of a negative number
def test_odd_roots_of_negative_numbers_are_real(gold, answer, equivalent):
    # sympy takes the principal complex root of -27 (1.5 + 2.6i), not -3
    assert odd_real_roots("\\sqrt[3]{-x} + \\sqrt[3]{-x+1}") == "(-\\sqrt[3]{x}) + \\sqrt[3]{-x+1}"
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("3**((1)/(3))*(1+x/3)", "3**((1)/(3)) + 3**( - (2)/(3)) * x", True),
    ("y**((3)/(2))", "y*sqrt(y)", True), ("1/sqrt(x)", "x**( - (1)/(2))", True),
    ("3**((1)/(3))*(1+x/3)", "3**((1)/(3)) + 3**( - (1)/(3)) * x", False),  # guard: another power
])
def test_parenthesized_exponents_are_braced_whole(gold, answer, equivalent):
    # sympy prints `2**((2)/(5))`; math-verify braced the exponent up to the first ")", reading
    # `2^{(2}/(5))`, and the expression was unreadable
    assert paren_exponents("2^((2)/(5)) x^( - 1)") == "2^{((2)/(5))} x^{( - 1)}"
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("1 km + 500 m", "1500 m", True), ("4 kg - 500 g", "3.5 kg", True), ("2 h", "120 min", True),
    ("1 cm + 1 cm", "2 m", False), ("3 kg", "3 g + 0 g", False),  # guards: another size
    ("5 m", "5 s", False),  # another kind
])
def test_quantities_with_units_compare_by_size(gold, answer, equivalent):
    # the units were dropped before comparing, and against a gold that adds quantities (two
    # units) no unit guard applied: `2 m` matched `1 cm + 1 cm`
    assert verdict(gold, answer) is equivalent


def test_quantities_leave_bare_numbers_to_the_other_rules():
    assert same_quantity("35", "35 cm") is None  # "35 cm" answers 35: math_extract.drop_units
    assert verdict("35", "35 cm") is True


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("a * b * c", "abc", True), ("p \\cdot q", "qp", True),
    ("a * b * c", "ab", False), ("p \\cdot q", "pq^2", False),  # guards: a letter missing or more
])
def test_letter_products_against_a_gold_with_product_signs(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("5 - 4i", "5 - 4j", True), ("-i", "-1j", True),
    ("5 - 4i", "5 + 4j", False), ("2j", "2j", True), ("j + 1", "1 + i", False),
])
def test_engineering_j_is_the_imaginary_unit_against_a_complex_gold(gold, answer, equivalent):
    # only when the gold's only letter is i and the answer's only letter is j: a gold in j keeps
    # j a variable
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("$\\frac{2}{5}$ , 1", "2/5,1", True), ("$4$, $\\sqrt{2}$", "4, sqrt(2)", True),
    ("$\\frac{2}{5}$ , 1", "2/5,2", False),
])
def test_math_delimiters_around_each_item_of_a_list(gold, answer, equivalent):
    # `$...$` around one item of a list kept the whole gold unreadable
    assert verdict(gold, answer) is equivalent
