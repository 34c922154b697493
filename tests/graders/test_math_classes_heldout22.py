"""Math grader error classes read from the spent `heldout22` split (issue 43, math26), one test per
class; the held-out rates themselves are in test_math_heldout.py.

heldout22 was measured once at FP 6/112, FN 19/208 with the grader of math25 (309a089), counts
only; math26 read its 25 failures after committing collection 25 as heldout23 (c85389d). The false
positives come first: two numbers written out in decimals that differ far down
(`0.10000000000000000001` for 0.1, `1.0+0` for `1.0+1e-100`), an option inside the text of its
"or" (`5\\text{ or 6}`, read as 5 in a unit: a hedge that matched 5), a thousands comma with a thin
space inside brackets (`\\left(1,\\!000\\right)` read as the pair (1, 0)), and a tuple against named
values in the wrong order (`(1, 2)` for `x = 2, y = 1`). Then the misses: Mathematica's real
`CubeRoot` and a reply that is "42 is the answer.". Left, as conventions or larger work (see
test_math_heldout.py): Mathematica's `I` as the imaginary unit (a documented convention, collection
21) and spaces as products, unit conversions (kV against V, kVA against MVA, "90 min" against
"1 h 30 min"), a temperature or cent sign against the bare number, lines of working that end with
the value, a value said to be wrong in a later sentence and "There were 8, then there were 11.".
Each class test has heldout22's own rows (marked with their suite: copied cases keep their
provenance), new instances that fail at c85389d, and guards that must stay as they are (a wrong
value in the same form stays wrong, a rounding of a value no decimal writes out stays right). The
checks call `check_equivalence` in-process.
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence

# heldout22's suites (suite_pairs_c24.py)
GREEK_MATH500 = ("a Greek MATH-500 translation project's answer-comparator self-tests (index file "
                 "68818627514)")
TWIN_VERIFY = ("a creator-solver self-play project's verifier tests (index files 65740902389 and "
               "66082158197)")
MATHICS_BASIC = "Mathics3/mathics-core test/builtin/arithmetic/test_basic.py (commit 115c6a1)"
GRPO_VERIFIERS = "a code-agent training project's verifiable-reward tests (index file 68344023013)"


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("0.1", "0.10000000000000000001", False),  # GREEK_MATH500
        ("1.0+1e-100", "1.0+0", False),  # GREEK_MATH500
        ("2.5", "2.5000001", False),
        ("0.10000000000000000001", "0.1", False),
        ("1000000", "1000000.0000001", False),
        ("0.1", "\\frac{1}{10}", True),  # guards: the same value in another form, a rounding
        ("1/3", "0.3333333333", True),  # of a value no decimal writes out, exact arithmetic,
        ("0.3", "0.1*3", True),  # e-notation,
        ("1000", "1e3", True),
        ("0.1", "0.2", False),  # and a plain wrong value
    ],
)
def test_decimals_that_differ_far_down_are_different_numbers(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("5\\text{ or 6}", "5", False),  # GREEK_MATH500
        ("5\\text{ apples}", "5\\text{ or 6}", False),  # GREEK_MATH500
        ("7", "7\\text{ or 8}", False),
        ("7", "\\boxed{7\\mbox{ or 8}}", False),
        ("5, 6", "5\\text{ or 6}", True),  # guards: both options listed, the option outside
        ("5\\text{ or }6", "5", False),  # the text, a unit in a text block
        ("5", "5\\text{ apples}", True),
    ],
)
def test_an_option_inside_the_text_of_its_or_is_no_unit(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("(1, 000)", "\\left(1,\\!000\\right)", False),  # GREEK_MATH500
        ("(1, 0)", "(1,\\!000)", False),
        ("1000", "\\left(1,\\!000\\right)", True),  # guards: the grouped number is one number,
        ("45045", "45,\\!045", True),  # unbracketed too, and a pair stays a pair
        ("(1, 2)", "(1,2)", True),
    ],
)
def test_a_thin_space_after_a_thousands_comma_groups_digits(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("x = 2, y = 1", "(1, 2)", False),  # TWIN_VERIFY
        ("a = 3, b = -1", "(-1, 3)", False),
        ("(4, 5)", "x = 5, y = 4", False),
        ("x = 2, y = 1", "(2, 1)", True),  # TWIN_VERIFY; guards: the values in the named order,
        ("x = 2, y = 1", "[2, 1]", True),  # TWIN_VERIFY; in brackets, the other way round,
        ("(2, 1)", "x = 2, y = 1", True),  # TWIN_VERIFY
        ("x = 0.5, y = 3", "(1/2, 3)", True),  # TWIN_VERIFY; in another form,
        ("x = 2, y = 1", "(2, 1, 0)", False),  # TWIN_VERIFY; and a tuple of another length
    ],
)
def test_a_tuple_lists_named_values_in_the_order_of_their_names(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("-5 ^ (1 / 3)", "CubeRoot[-5]", True),  # MATHICS_BASIC
        ("-10 510 ^ (1 / 3)", "CubeRoot[-510000]", True),  # MATHICS_BASIC
        ("-2", "CubeRoot[-8]", True),
        ("3", "CubeRoot[27]", True),
        ("2", "CubeRoot[-8]", False),  # guards: the real root keeps its sign
    ],
)
def test_mathematica_cube_root_is_the_real_root(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("42", "42 is the answer.", True),  # GRPO_VERIFIERS
        ("7", "7 is my final answer", True),
        ("42", "41 is the answer.", False),  # guards: a wrong value, a value first in a
        ("42", "42 is not the answer.", False),  # negated sentence
    ],
)
def test_a_reply_naming_its_number_the_answer_first(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent
