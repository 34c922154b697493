"""Math grader error classes read from the spent `heldout19` split (issue 43, math23), one test per
class; the held-out rates themselves are in test_math_heldout.py.

heldout19 was measured once at FP 12/119, FN 42/268 with the grader of math22 (9e28be6), counts
only; math23 read its 54 failures after committing collection 22 as heldout20 (8c6d492). The false
positives come first: a value its own text disowns ("Wrong answer: 42"), a TeX line break taken
for a box, a conjunction of two statements read as its last one, glued units it did not know,
and a value a sentence only mentions. Left, as conventions (see test_math_heldout.py): a tuple
against a set, two `<answer>` tags (the last one answers, as the last box does), hedges that
stay hedges ("mislim da je 5/8", "20?"), `I` as the imaginary unit, "i" as "and" in a list, a
reply on two lines against a list, and NaviMath's mixed-number encoding.
Each class test has heldout19's own rows (marked with their suite: copied cases keep their
provenance), new instances that fail at 8c6d492, and guards that must stay as they are (a wrong
value in the same form stays wrong). The checks call `check_equivalence` in-process.
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence

# heldout19's suites (suite_pairs_c21.py)
SYMPY_LATEX = "sympy/sympy@002de202 sympy/parsing/tests/test_latex.py GOOD_PAIRS"
SYMPY_MATHEMATICA = "sympy/sympy@048398a4 sympy/parsing/tests/test_mathematica.py"
SYMPY_IMPLICIT = "sympy/sympy@005281a4 sympy/parsing/tests/test_implicit_multiplication_application.py"
FSG_ANSWERS = "ZihanLiummyycc/FSG-RL@b4ee4f57 tests/test_answer_equivalence.py"
TUTOR_CLAIMS = "mihailgaberov/ai-math-tutor@96001aae tests/test_math_checker.py"
POSTTRAIN_LAB = "Xiaofei-Hua/llm-post-training-lab@a59c4785 tests/test_math_verifier.py"
FINAL_ANSWER_VERIFY = "fx-jia/llm-math-posttrain@5d1f9129 tests/test_math_verifier.py"
ABLATION_VERIFY = "MaxIv25/ReasoningAblationStudyMIPT2026@517dd2a8 tests/test_math_verifier.py"
RU_MATHLAB = "aleshp/mathLab@f2d022d5 src/lib/mathUtils.test.ts"
MATH_CLAIMS = "a document checker's maths-claim test cases (index file 6786998002)"
NAVIMATH_MATCH = "Severus-C/NaviMath@980720c0 tests/test_answer_utils.py"


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("42", "Wrong answer: 42", False),  # POSTTRAIN_LAB
        ("42", "This is not the final answer: 42", False),  # POSTTRAIN_LAB
        ("42", "Rejected answer: 42", False),  # POSTTRAIN_LAB
        ("42", "错误答案：42", False),  # POSTTRAIN_LAB
        ("42", "\\boxed{42\\text{ wrong}}", False),  # POSTTRAIN_LAB
        ("42", "\\boxed{42\\text{ is false}}", False),  # POSTTRAIN_LAB
        ("5", "Incorrect answer: 5", False),
        ("x = 3", "The answer x = 3 is wrong", False),
        ("42", "Wrong answer: 7; corrected final answer: 42", True),  # guards: a later anchor
        ("42", "Wrong answer: 7. \\boxed{42}", True),  # or a box still answers,
        ("\\text{False}", "\\boxed{\\text{False}}", True),  # and "False" is a value
        ("42", "The final answer is 42", True),
    ],
)
def test_a_value_its_text_disowns_is_no_answer(gold, answer, equivalent):
    # the anchor "answer:" was found whatever stood before it, and a box's "\text{ wrong}" was
    # dropped as a unit after the number: a policy could write the gold and disown it
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("42", "\\boxed{7} \\\\boxed{42}", False),  # POSTTRAIN_LAB
        ("42", "\\boxed{7}\\\\boxed{42}", False),
        ("42", "\\boxed{7} \\\\\\boxed{42}", True),  # guards: a line break, then a box,
        ("7", "\\boxed{7} \\\\boxed{42}", True),  # and the one real box answers
    ],
)
def test_a_tex_line_break_before_boxed_is_no_box(gold, answer, equivalent):
    # in "\\boxed{42}" the "\\" is a line break and "boxed" a word; it was read as the last box
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("42", "\\boxed{x=0 \\land y=42}", False),  # POSTTRAIN_LAB
        ("42", "x=0 \\wedge y=42", False),
        ("5", "a = 1 \\land b = 5", False),
        ("42", "x = 0, y = 42", False),  # guards: the same system with a comma,
        ("x=1, y=2", "x=1 \\land y=2", True),  # and a system against a system
    ],
)
def test_a_conjunction_of_statements_is_a_system(gold, answer, equivalent):
    # math-verify kept the last statement of `x=0 \land y=42`, which answered 42
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("5ft", "5yd", False),  # NAVIMATH_MATCH
        ("3 miles", "3 km", False),
        ("2 yards", "2 ft", False),
        ("5ft", "5 ft", True),  # guards: the same unit,
        ("3 yd", "3 yards", True),  # spelled out or not
    ],
)
def test_imperial_length_units_are_units(gold, answer, equivalent):
    # "yd" and "miles" were no units, so "5yd" read as 5 against the 5 of "5ft"
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("9", "The statement discusses \\(9\\) possibilities.", False),  # FSG_ANSWERS
        ("3", "We split the work into \\(3\\) cases first.", False),
        (
            "9",
            "The smallest positive integer \\(N\\) satisfying the condition is \\(9\\).",
            True,
        ),  # FSG_ANSWERS; guards: a value the sentence states,
        ("-4/9", "So I get \\(\\frac{-4}{9}\\).", True),  # or ends with, answers
        ("12", "The total comes to $12$.", True),
        ("x >= 5", "Therefore $x \\geq 5$ is the solution.", True),  # a conclusion word before it,
        ("42", "Hence $42$ cases in all.", True),
        ("x <= 2", "We see $x \\leq 2$ is our answer.", True),  # or words after it naming it the answer
    ],
)
def test_a_value_a_sentence_only_mentions_is_no_answer(gold, answer, equivalent):
    # with no box and no anchor, the last math span of the last sentence was taken, whatever
    # the sentence said of it
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("sin(x)**2", "Sin[x]^2", True),  # SYMPY_MATHEMATICA
        ("asin(2*x+9*(4-x)**2)/x", "ArcSin[2x+9(4-x)^2]/x", True),  # SYMPY_MATHEMATICA
        ("cos(π/2)", "Cos[1/2 * π]", True),  # SYMPY_MATHEMATICA
        ("exp(log(4))", "Exp[Log[4]]", True),  # SYMPY_MATHEMATICA
        ("-1/sqrt(2)", "-1/Sqrt[2]", True),  # SYMPY_MATHEMATICA
        ("sin(x)*cos(y)", "Sin[x]Cos[y]", True),  # SYMPY_MATHEMATICA
        ("cos(x)**2*(1-cos(y)**2)", "Cos[x]^2(1 - Cos[y]^2)", True),  # SYMPY_MATHEMATICA
        ("2", "Log[2,4]", True),  # SYMPY_MATHEMATICA
        ("4", "Log2[16]", True),  # SYMPY_MATHEMATICA
        ("3", "Max[1,-2,3,-4]", True),  # SYMPY_MATHEMATICA
        ("-2", "Min[1,-2,3]", True),  # SYMPY_MATHEMATICA
        ("2", "Log[E^2]", True),  # SYMPY_MATHEMATICA
        ("2/19", "Rational[2,19]", True),  # SYMPY_MATHEMATICA
        ("\\sin^2 x", "Sin[x]^2", True),
        ("\\sqrt{2}", "Sqrt[2]", True),
        ("Sqrt[3]/2", "\\frac{\\sqrt{3}}{2}", True),
        ("4", "Log[2,4]", False),  # guards: the base comes first,
        ("2", "Log[4,2]", False),
        ("\\cos^2 x", "Sin[x]^2", False),  # another function,
        ("\\frac{19}{2}", "Rational[2,19]", False),  # another order,
        ("-4", "Max[1,-2,3,-4]", False),  # another extreme stays wrong,
        ("-1", "I^2", False),  # I is no imaginary unit (suite_pairs_c21.LEFT_OUT),
        ("[0,1]", "[0, 1]", True),  # and brackets without a head keep their meaning
    ],
)
def test_mathematica_syntax_is_read(gold, answer, equivalent):
    # `Sin[x]^2` read as letters times a list; a word before brackets was dropped as a unit
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("sin(x**2)", "sin x**2", True),  # SYMPY_IMPLICIT
        ("sin(x**2)**2", "sin^2 x**2", True),  # SYMPY_IMPLICIT
        ("sin(x)**3", "sin**3(x)", True),  # SYMPY_IMPLICIT
        ("cos(x)**2", "cos**2 x", True),
        ("sin(x)**2", "sin x**2", False),  # guards: the power binds to the argument,
        ("sin(x**3)", "sin**3(x)", False),  # or to the function
    ],
)
def test_python_power_in_plain_function_notation(gold, answer, equivalent):
    # `**` was not read as the caret of plain notation, so `sin x**2` was sin(x)**2
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("log(x)", "\\ln x", True),  # SYMPY_LATEX
        ("log(x*y)", "\\ln xy", True),  # SYMPY_LATEX
        ("\\ln(x)", "log(x)", True),
        ("\\ln 8", "3\\log 2", True),
        ("log(x)", "\\ln(2x)", False),  # guards: another argument,
        ("\\ln x", "\\log_{10} x", False),  # an explicit base,
        ("\\ln 8", "log(8, 2)", False),  # a two-argument log's base
    ],
)
def test_a_bare_log_is_natural_against_ln(gold, answer, equivalent):
    # math-verify reads a bare \log as base 10, so `\ln x` never matched a CAS gold `log(x)`
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("127009", "63 \\binom{64}{2}+1", True),  # FSG_ANSWERS
        ("12", "2\\binom{4}{2}", True),
        ("8", "2\\binom{4}{2}", False),  # guard: not the mixed number 2 + 6
    ],
)
def test_a_number_before_binom_is_a_factor(gold, answer, equivalent):
    # "63 \binom{64}{2}" was read as a mixed number, 63 + 2016
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("$30", "Fraction(30, 1)", True),  # FSG_ANSWERS
        ("0.75", "Fraction(3, 4)", True),
        ("\\frac{-1}{2}", "Fraction(-1, 2)", True),
        ("\\frac{4}{3}", "Fraction(3, 4)", False),  # guard: the order of its arguments
    ],
)
def test_python_fraction_is_a_fraction(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("12 times 8", "96", True),  # TUTOR_CLAIMS
        ("50 divided by 2", "25", True),  # TUTOR_CLAIMS
        ("7 plus 5", "12", True),
        ("12 times 8", "90", False),  # TUTOR_CLAIMS; guards: a wrong value,
        ("50 divided by 2", "100", False),  # the other operation
    ],
)
def test_a_gold_said_in_words_is_read(gold, answer, equivalent):
    # answers said in words were read ("x divided by two"), golds were not
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("7/8", "First 2/3, finally 7/8", True),  # FINAL_ANSWER_VERIFY
        ("2/3", "First 2/3, finally 7/8", False),  # guard: the first value is no answer
    ],
)
def test_finally_introduces_the_answer(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\frac{945}{16384}", "\\frac{945}{16,384}", True),  # ABLATION_VERIFY
        ("617", "\\frac{1,234}{2}", True),
        ("\\frac{945}{16384}", "\\frac{945}{16,385}", False),  # guard: another digit
    ],
)
def test_digit_groups_in_a_fraction_part(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("5; -5", "+-5", True),  # RU_MATHLAB
        ("3, 7", "5 +/- 2", True),
        ("x = 2, x = -2", "x = +-2", True),
        ("5", "+-5", False),  # guards: two values are not one,
        ("-2", "3+-5", True),  # and after an operand "+-" is a plus and a minus
    ],
)
def test_a_typed_plus_minus_sign(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("log₁₀(1000)", "3", True),  # MATH_CLAIMS
        ("3", "log₂(8)", True),
        ("log₁₀(1000)", "2", False),  # guard: another value
    ],
)
def test_a_log_base_in_subscript_digits(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("sin(90 degrees)", "1", True),  # MATH_CLAIMS
        ("\\frac{1}{2}", "cos(60 degrees)", True),
        ("sin(90 degrees)", "0", False),  # guard: another value
    ],
)
def test_degrees_in_words_inside_a_trig_function(gold, answer, equivalent):
    # the word "degrees" was dropped as a unit inside the function, which then took radians
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2sqrt{13}", "2sqrt(13)", True),  # NAVIMATH_MATCH
        ("sqrt{85}", "sqrt(85)", True),  # NAVIMATH_MATCH
        ("sqrt{85}", "sqrt(86)", False),  # guard: another radicand
    ],
)
def test_a_root_in_braces_without_its_backslash(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent
