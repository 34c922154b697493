"""Math grader error classes read from the spent `heldout16` split (issue 43, math20), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math20's changes (commit 7038266) and
guards that must stay as they are. The cases are new instances of each class, not heldout16's
rows. heldout16's two false positives came from a tutor library whose answers name indexed
variables (`v1`, `x1 + x2`), which math-verify read as products with a digit. The checks call
`check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("u", "u1", False),
        ("3*y", "y1 + y2", False),
        ("2a", "a2", False),
        ("a + b", "a1 + b", False),
        ("\\frac{t}{2}", "t1/2", False),
        ("4k", "k1 + k3", False),
        ("x_1 + x_2", "x1 + x2", True),  # guards: the same indexed names,
        ("m1*v1", "m1v1", True),  # glued,
        ("x1*x2", "x2 x1", True),
        ("n \\cdot 2^{n-1}", "n2^{n-1}", True),  # a digit before a caret is a base,
        ("3", "log2(8)", True),  # a function's base,
        ("5", "1e5/20000", True),  # e-notation
    ],
)
def test_an_indexed_name_is_never_a_product_with_its_digits(gold, answer, equivalent):
    # math-verify read `u1` as u times 1, so it matched `u`, and `y1 + y2` matched 3y
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2.5 * a * b", "2.5ab", True),
        ("-4*a*b", "−4ab", True),
        ("7*s*t", "7ts", True),
        ("2.5 * a * b", "-2.5ab", False),  # guards: a sign,
        ("2.5 * a * b", "2.5ac", False),  # another letter,
        ("3 km", "3km", True),  # the gold's own unit word
        ("4 a b", "4ab", True),  # letters spaced apart in the gold are a product too,
        ("4 a b", "4", False),  # not a unit
    ],
)
def test_letters_after_a_number_are_the_golds_variables(gold, answer, equivalent):
    # math-verify drops letters it knows as a unit word ("ab", "st") after a lone number
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\frac{3}{\\pi}", "\\frac{3}\\pi", True),
        ("\\frac{1}{\\alpha}", "\\frac{1}\\alpha", True),
        ("\\frac{\\pi}{6}", "\\frac\\pi{6}", True),
        ("\\frac{2}{\\pi}", "\\frac{3}\\pi", False),  # guards: another value,
        ("\\frac{1}{x^{2}}", "\\frac{1}{x^2}", True),  # braces nested, untouched
    ],
)
def test_a_command_is_a_one_token_fraction_argument_beside_a_braced_one(gold, answer, equivalent):
    # only two bare tokens were braced (`\\frac\\pi2`); `\\frac{3}\\pi` read the letters of \\pi
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("$\\sin(3)$", "sin 3", True),
        ("$\\tan(y)$", "The answer is tan y", True),
        ("$10 - 2\\sin(5)$", "10-2sin5", True),
        ("$\\ln(3)$", "ln3", True),
        ("$\\sin(3)$", "cos 3", False),  # guards: another function,
        ("$10 - 2\\sin(5)$", "10-2sin6", False),  # another argument,
        ("3", "log2(8)", True),  # a log's digits are its base
    ],
)
def test_a_function_applies_to_its_argument_without_brackets(gold, answer, equivalent):
    # against a TeX gold, math-verify read `sin 3` as the product s*i*n*3
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("$2.71$", "**A ≈ 2.71**", True),
        ("0.0417", "P(A|B) \\approx 0.0417", True),
        ("$12.6$", "\\boxed{r \\approx 12.60}", True),
        ("1520.75", "≈ 1520.75", True),
        ("$2.71$", "A ≈ 2.8", False),  # guards: another value,
        ("$2.71$", "A ≈ 2.7", False),  # fewer places than the gold,
        ("4", "A \\approx 4", False),  # an integer gold: a guess stays a guess
    ],
)
def test_an_approximation_to_a_decimal_golds_places_states_its_value(gold, answer, equivalent):
    # a decimal gold is itself rounded; "A ≈ 2.71" was refused as a hedge
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("15", "= 15", True),
        ("\\frac{2}{3}", "=\\frac{2}{3}", True),
        ("15", "= -15", False),  # guard: a sign
    ],
)
def test_a_leading_equals_sign_introduces_the_value(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\frac{3}{4}", "After rearranging we get \\frac{3}{4}", True),
        ("10", "So the total comes out to 4 + 6", True),
        ("12", "It works out to 12", True),
        ("$2 + \\ln 2$", "2+\\ln 2, attained at $x = 1$", True),
        ("$\\frac{1}{5}$", "1/5 (i.e., 20%)", True),
        ("10", "So the total comes out to 4 + 7", False),  # guards: another value,
        ("$2 + \\ln 2$", "2-\\ln 2, attained at $x = 1$", False),  # a sign
    ],
)
def test_prose_around_the_value_is_not_the_value(gold, answer, equivalent):
    # a lead-in without "answer" or "is", a remark where the value is attained, and a
    # parenthetical restatement left the answer unread
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("(-inf, -3) U [1, 4]", "{x | x < -3 or 1 <= x <= 4}", True),
        ("[0, 5)", "\\{x \\mid 0 \\le x < 5\\}", True),
        ("[0, 5)", "{x | x >= 0 and x < 5}", True),
        ("(-inf, -3) U [1, 4]", "{x | x <= -3 or 1 <= x <= 4}", False),  # guards: an end,
        ("(-inf, -3) U [1, 4]", "{x | x > -3 or 1 <= x <= 4}", False),  # a direction
    ],
)
def test_set_builder_notation_is_the_set_of_its_intervals(gold, answer, equivalent):
    # "{x | ... or ...}" was read as a set of two relations, never as a union of intervals
    assert verdict(gold, answer) is equivalent
