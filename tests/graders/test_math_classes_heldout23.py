"""Math grader error classes read from the spent `heldout23` split (issue 43, math27), one test per
class; the held-out rates themselves are in test_math_heldout.py.

heldout23 was measured once at FP 4/96, FN 62/218 with the grader of math26 (49c335a), counts
only; math27 read its 66 failures after committing collection 26 as heldout24 (8094107). The false
positives come first: a decimal with its repeating part in brackets (`0.(12)` against `0.(13)`,
both read as 0. times a number, so 0) and a decimal longer than 6 places that is no rounding of
the value it was matched with (`1.4142135` for √2: math-verify compares at 6 places). Then the
misses: the same repeating decimals against their values (`0.9(9)` and 1, `0.(52)` and `0.5(25)`),
Mathematica's functions with round brackets as Symja writes them (`ArcCos(Cos(5))`,
`Abs(E-Pi)`), calls that only rewrite a value (`Apart[f, x]`, `expand((a+b)^3)`), a markdown
code span around the answer and an answer label in another language ("Ответ: 0.5"). Left, as
conventions or larger work (see test_math_heldout.py): π against its 14-place rounding (a rounding
is the value here; the suite wants the exact form), Mathematica's `I` as the imaginary unit
(collection 21's convention), derivatives, integrals and argmax written as CAS calls (`D`,
`Integrate`, `ArgMax`, `Arg`), `ArcTan(x) + ArcCot(x)` as π/2 (false for x < 0 in that system's
own branches), `(a^m)^n` as `(a^n)^m` (false for a negative base), a number inside a sentence
with no statement of it ("She makes $18 every day", "total 10."), "My answer is 4 and then ..."
and a line of working "we compute 3 + 4 = 7". Each class test has heldout23's own rows (marked
with their suite: copied cases keep their provenance), new instances that fail at 8094107, and
guards that must stay as they are. The checks call `check_equivalence` in-process.
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence

# heldout23's suites (suite_pairs_c25.py)
KT_RATIONAL_EQUAL = ("a Kotlin solutions repository's JUnit tests for the equal-rational-numbers "
                     "problem (index file 200446791)")
GO_RATIONAL_EQUAL = ("a Go solutions repository's table test for the equal-rational-numbers "
                     "problem (index file 3650033624)")
MULTI_RULE = "a multi-source reward script's self-test (index file 70634239157)"
SYMJA_LOWERCASE = ("axkr/symja_android_library matheclipse-core LowercaseTestCase.java "
                   "(commit 001afe6)")
ULTRA_VERIFIERS = "a grading package's verifier tests (index file 58151560145)"
OCR_ANSWER_HINT = "a Russian homework-photo checker's answer-hint tests (index file 58159927146)"


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("0.(13)", "0.(12)", False),  # KT_RATIONAL_EQUAL
        ("0.(2)", "0.(1)", False),  # KT_RATIONAL_EQUAL
        ("16", "15.(9)", True),  # GO_RATIONAL_EQUAL
        ("1.", "0.9(9)", True),  # GO_RATIONAL_EQUAL
        ("1.8(9)", "1.9(0)", True),  # GO_RATIONAL_EQUAL
        ("0.5(25)", "0.(52)", True),  # GO_RATIONAL_EQUAL
        ("0.166(66)", "0.1666(6)", True),  # GO_RATIONAL_EQUAL
        ("1/3", "\\boxed{0.(3)}", True),
        ("-1/3", "-0.(3)", True),
        ("1/3", "0.(03)", False),
        ("7/3", "2.(3)", True),
        ("1/3", "0.3", False),  # guards: a plain decimal, a sign, a product with a bracket
        ("-1/3", "0.(3)", False),
        ("6", "2(3)", True),
    ],
)
def test_a_repeating_part_in_brackets_is_a_repeating_decimal(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\sqrt{2}", "1.4142135", False),  # MULTI_RULE
        ("2/3", "0.6666666", False),
        ("e", "2.7182817", False),
        ("0.6666666", "2/3", False),
        ("\\sqrt{2}", "1.4142136", True),  # guards: a rounding of a value no decimal writes
        ("1/3", "0.3333333333", True),  # out, at any length, and 6 places or fewer as
        ("\\pi", "3.14159265", True),  # math-verify compares them
        ("\\sqrt{2}", "1.414214", True),
        ("0.1234567", "0.1234567", True),
    ],
)
def test_a_decimal_longer_than_six_places_must_round_the_value(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("Pi/2", "ArcCos(0)", True),  # SYMJA_LOWERCASE
        ("-42+14*Pi", "ArcCos(Cos(-42))", True),  # SYMJA_LOWERCASE
        ("-E+Pi", "Abs(E-Pi)", True),  # SYMJA_LOWERCASE
        ("3*Sqrt(Pi)", "Abs(-3*Sqrt(Pi))", True),  # SYMJA_LOWERCASE
        ("ArcTan(1/2)", "ArcTan(1/3) + ArcTan(1/7)", True),  # SYMJA_LOWERCASE
        ("-Pi-ArcSin(x)", "-3*ArcSin(x)-2*ArcCos(x)", True),  # SYMJA_LOWERCASE
        ("Pi/3", "ArcCos(1/2)", True),
        ("3", "Max(1, -2, 3)", True),
        ("Pi/2", "ArcCos(1)", False),
        ("Pi/4", "ArcTan(2)", False),
        ("-Pi", "Abs(E-Pi)", False),
        ("\\frac{\\pi}{2}", "ArcSin[1]", True),  # guards: square brackets as before, `I` no
        ("1", "Abs((1+I)/Sqrt(2))", False),  # imaginary unit, an unknown head left alone
        ("\\pi", "Integrate(ArcCos(x), {x, -1, 1})", False),
    ],
)
def test_mathematica_functions_with_round_brackets(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("a^3+3*a^2*b+3*a*b^2+b^3", "Apart((a + b)^3)", True),  # SYMJA_LOWERCASE
        ("1/(2+x)-1/(3+x)", "Apart(1 / (x^2 + 5*x + 6))", True),  # SYMJA_LOWERCASE
        ("y/(1+x)-y/(2+x)", "Apart(y/(x + 2)/(x + 1),x)", True),  # SYMJA_LOWERCASE
        ("a^3+3*a^2*b+3*a*b^2+b^3", "expand((a+b)^3)", True),  # SYMJA_LOWERCASE
        ("x^2-1", "factor(x^2-1)", True),
        ("x^2-1", "Expand[(x-1)*(x+1)]", True),
        ("1/(2+x)+1/(3+x)", "Apart(1 / (x^2 + 5*x + 6))", False),
        ("a^3+b^3", "expand((a+b)^3)", False),
        ("x^2+1", "Simplify[(x-1)*(x+1)]", False),
    ],
)
def test_calls_that_only_rewrite_a_value_keep_it(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("4/7", "`4/7`", True),  # ULTRA_VERIFIERS
        ("5", "`5`", True),
        ("4/7", "`4/9`", False),
    ],
)
def test_a_markdown_code_span_around_the_answer(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("1/2", "Ответ: 0.5", True),  # OCR_ANSWER_HINT
        ("3", "Réponse : 3", True),
        ("3", "Antwort: 3", True),
        ("1/2", "Ответ: 0.6", False),
        ("3", "Решение: 2+1. Ответ: 4", False),
    ],
)
def test_an_answer_label_in_another_language(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent
