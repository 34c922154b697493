"""Math grader error classes read from the spent `heldout9` split (issue 43, math12), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math12's changes (commit 80b5c1d) and
guards that must stay as they are (another value, another order, another base, another unknown).
The cases are new instances of each class, not heldout9's rows. heldout9's misses came from
students' answer checkers in plain-text notation, compute-engine's relation suite and LLM graders'
tests. The checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("7,3", "3,7", True), ("-4,6", "6, -4", True), ("2,9", "9, 2", True),
    ("7,3", "3,8", False), ("-4,6", "4, -6", False),  # guards: other members
    ("12,345", "12345", True), ("2,5", "2.5", True),  # a one-number answer still reads the gold so
])
def test_a_gold_with_a_comma_against_a_list(gold, answer, equivalent):
    # the gold "2,1" was read as the decimal 2.1, so the list "1,2" could not match it
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("17", "17,", True), ("17", "17;", True), ("x+1", "x+1;", True),
    ("17", "18,", False), ("17", "17,5", False),  # guards: another value, a decimal comma
])
def test_a_trailing_separator(gold, answer, equivalent):
    # "42," and "42;" were read with their separator, as a list or not at all
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("101_2", "6", False), ("17_8", "17", False), ("21_3", "21", False),  # 5, 15, 7
    ("101_2", "5", True), ("17_{8}", "15", True), ("21_3", "7", True),
    ("17_8", "17_{8}", True), ("a_2", "a_2", True),  # a variable's index is not a base
])
def test_a_number_in_another_base(gold, answer, equivalent):
    # "52_8" read as 52 (the subscript dropped), so the answer 52 matched a gold worth 42
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("17", "first I add the terms\n17", True), ("17", "checking 5 and 9\nthen\n17", True),
    ("17", "first I add the terms\n18", False),
    ("17", "17\n5", False),  # guard: no prose, two values
])
def test_a_last_line_that_is_the_answer(gold, answer, equivalent):
    # "reasoning 99\n42": prose lines, then the answer on its own line, was unparseable
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("t^(1/2)", "sqrt t", True), ("2*t^(1/2)", "2 sqrt t", True), ("t^(1/3)", "cbrt t", True),
    ("log(abs(t))", "ln|t|", True), ("abs(t-1)", "|t-1|", True),
    ("t^(1/3)", "sqrt t", False), ("log(abs(t))", "ln|t+1|", False),  # guards
])
def test_plain_text_roots_and_absolute_bars(gold, answer, equivalent):
    # "sqrt x" (no brackets) and "ln|x|" (bars) were not read as plain-text notation
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("sqrt(t+4)", "√(t+4)", True), ("3/4", "3⁄4", True), ("1/2", "3⁄6", True),
    ("sqrt(t+4)", "√(t+5)", False), ("3/4", "4⁄3", False),  # guards
])
def test_unicode_root_of_a_bracket_and_fraction_slash(gold, answer, equivalent):
    # "√(x+1)" read as a root of "(" and "1⁄2" (U+2044) was not a fraction
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("3^8", "3^2^3", True), ("2^{81}", "2^3^4", True), ("t^{4}", "t^2^2", True),
    ("3^6", "3^2^3", False), ("(2^3)^4", "2^3^4", False),  # guards: (a^b)^c is another number
])
def test_a_tower_of_powers(gold, answer, equivalent):
    # "2^3^2" read as (2^3)^2 = 64, not 2^(3^2) = 512
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("\\cos(u)", "\\sin(u+\\frac\\pi2)", True), ("\\frac{\\pi}{3}", "\\frac\\pi3", True),
    ("\\frac{2}{\\pi}", "\\frac2\\pi", True),
    ("\\frac{\\pi}{4}", "\\frac\\pi3", False), ("\\sin(u)", "\\sin(u+\\frac\\pi2)", False),
])
def test_a_fraction_of_single_tokens_without_braces(gold, answer, equivalent):
    # "\\frac\\pi2" was read as "\\frac{\\}{p}i2"
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("u \\ne 3", "3 \\ne u", True), ("2u \\ne 6", "u \\neq 3", True),
    ("u \\ne 3", "u \\ne 4", False), ("u \\ne 3", "u = 3", False),  # guards
])
def test_not_equal_relations(gold, answer, equivalent):
    # "x \\ne 1" against "1 \\ne x" was not compared as a relation
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("f(2) = 7", "f(2) \\times 4 + 1 = 29", True), ("f(2) = 7", "f(2) - 3 = 7 - 3", True),
    ("f(2) = 7", "f(2) \\times 4 + 1 = 30", False), ("f(2) = 7", "f(3) = 7", False),
    ("f(x) = 3x+1", "f(2) = 3x+1", False),  # a value of f, not its definition
    ("f(x) = 3x+1", "y = 3x+1", True), ("y = 3x+1", "f(x) = 1+3x", True),  # definitions stay
])
def test_a_function_value_as_an_unknown(gold, answer, equivalent):
    # "30 f(5) + 2.25 = 152.25" against "f(5) = 5" had no unknown to sympy (f(5) has no free
    # symbol); "g(5) = -0.5x+512" passed as a definition of g
    assert verdict(gold, answer) is equivalent
