"""Math grader error classes read from the spent `heldout20` split (issue 43, math24), one test per
class; the held-out rates themselves are in test_math_heldout.py.

heldout20 was measured once at FP 3/100, FN 34/217 with the grader of math23 (e4e651a), counts
only; math24 read its 37 failures after committing collection 23 as heldout21 (0bdcc1f). The false
positives come first: a list that repeats or drops an entry read as the set of its members, and a
value followed by words that call it nonsense or wrong in Chinese ("12胡说"). Left, as conventions
(see test_math_heldout.py): `(x!)!` (refused by the size bounds), `x2` as a product (a name with a
digit), a reply that opens with its answer and then explains ("16. He keeps 8 and buys 8."), and a
last step in words ("minus 3 = 37").
Each class test has heldout20's own rows (marked with their suite: copied cases keep their
provenance), new instances that fail at 0bdcc1f, and guards that must stay as they are (a wrong
value in the same form stays wrong). The checks call `check_equivalence` in-process.
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence

# heldout20's suites (suite_pairs_c22.py)
L2S_EXTENDED = ("open-compass/VLMEvalKit@363eaa11 vlmeval/dataset/PHYSICS/latex2sympy2_extended/"
                "tests (all_good_test.py, set_test.py)")
CN_LESSON_GRADE = "a Chinese reading-and-maths lesson app's grading check (index file 70673525588)"
CN_HOMEWORK_GRADER = "a Chinese homework-checking service's grader cases (index file 70976124282)"
GO_BENCH_NUMERIC = "an inference router's benchmark grader tests (index file 57395339867)"
KT_REVISION = "a revision app's Kotlin expression tests (index file 71276511360)"
TS_GRADE = "a tutoring app's grading tests (index file 58595448273)"
EKLAVYA_GRADERS = "a study coach's deterministic grader tests (index file 60426939481)"
JP_ANSWER_SERVICE = "a Japanese practice app's answer service vitest (index file 56834315827)"


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2,4", "2,4,4", False),  # CN_LESSON_GRADE
        ("1500；1500；45", "1500；45", False),  # CN_HOMEWORK_GRADER
        ("1, 2, 3", "1, 2, 2, 3", False),
        ("5", "5, 5", False),
        ("1, 2, 1", "1, 1, 2", True),  # guards: the same entries in another order,
        ("2,4", "4,2", True),
        ("2,4", "2,5", False),  # and another member, stay as they were
    ],
)
def test_a_list_that_repeats_or_drops_an_entry_is_another_answer(gold, answer, equivalent):
    # math-verify reads both lists as the set of their members, so a repeated entry merged away
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("12", "12胡说", False),  # CN_LESSON_GRADE: "12, nonsense"
        ("12", "12不对", False),
        ("12", "12这是错的", False),
        ("12", "12 nonsense", False),
        ("12", "12 just kidding", False),
        ("8", "8个", True),  # guards: a counter after the number is still a unit,
        ("5", "5苹果", True),
        ("12", "12 apples", True),
        ("12", "答案是12", True),  # and an answer phrase names the value
    ],
)
def test_a_value_called_nonsense_or_wrong_after_it_is_no_answer(gold, answer, equivalent):
    # the words after the number were dropped as a unit: "12胡说" read as 12
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("{2}", "{1,2} \\cap {2,3}", True),  # L2S_EXTENDED
        ("{1}", "{1,2} \\setminus {2}", True),  # L2S_EXTENDED
        ("{2, 3}", "({1,2} \\cup {3,4}) \\cap {2,3}", True),  # L2S_EXTENDED
        ("{0.5}", "(0,1) \\cap {0.5}", True),  # L2S_EXTENDED
        ("\\{2\\}", "\\{1,2\\} \\cap \\{2,3\\}", True),
        ("[2,3)", "(1,3) \\cap [2,4]", True),
        ("{3}", "{1,2} \\cap {2,3}", False),  # guards: another set stays another set
        ("{2}", "{1,2} \\setminus {2}", False),
        ("(1,7)", "(1,5] U [2,7)", True),
    ],
)
def test_set_algebra_on_finite_sets_of_numbers(gold, answer, equivalent):
    # an intersection or difference of braced sets was left unevaluated (only unions of
    # intervals were read)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("asinh(a)", "\\sinh^{-1}(a)", True),  # L2S_EXTENDED
        ("atanh(a)", "\\tanh^{-1}(a)", True),  # L2S_EXTENDED
        ("asinh(a)", "\\arsinh(a)", True),  # L2S_EXTENDED
        ("atanh(a)", "\\operatorname{artanh}(a)", True),  # L2S_EXTENDED
        ("gcd(a, b)", "\\operatorname{gcd}(a, b)", True),  # L2S_EXTENDED
        ("lcm(a, b)", "\\lcm(a,b)", True),  # L2S_EXTENDED
        ("floor(a)", "\\operatorname{floor}(a)", True),  # L2S_EXTENDED
        ("floor(x)", "\\lfloor x\\rfloor", True),  # L2S_EXTENDED
        ("Max(a, b)", "\\max(a, b)", True),  # L2S_EXTENDED
        ("pi**Abs(x*y)", "\\pi^{|xy|}", True),  # L2S_EXTENDED
        ("factorial(x + 1)", "\\left(x + 1\\right)!", True),  # L2S_EXTENDED
        ("gcd(12, 18)", "\\operatorname{gcd}(12, 18)", True),
        ("Min(a, b)", "\\max(a, b)", False),  # guards: another function,
        ("acosh(a)", "\\sinh^{-1}(a)", False),
        ("ceiling(x)", "\\lfloor x\\rfloor", False),
        ("pi**Abs(x*y)", "-\\pi^{|xy|}", False),  # a sign,
        ("3", "\\operatorname{gcd}(12, 18)", False),  # or another value stay wrong
    ],
)
def test_sympy_function_calls_against_tex(gold, answer, equivalent):
    # a gold in sympy's own syntax ("asinh(a)", "Max(a, b)") read by math-verify as a product of
    # letters
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("1000*x", "1,000*x", True),  # KT_REVISION
        ("1024", "2^10 = 1,024", True),  # GO_BENCH_NUMERIC
        ("100*x", "1,000*x", False),  # guard: another number
    ],
)
def test_a_grouped_number_next_to_an_operator(gold, answer, equivalent):
    # "1,000*x" was the list {1, 0*x}
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("1", "2(1/2)", True),  # TS_GRADE
        ("5/2", "2(1/2)", False),  # not the mixed number 2 1/2
        ("1", "2(1/3)", False),  # guards: another product,
        ("5/2", "2 1/2", True),  # and a mixed number written with a space
    ],
)
def test_a_number_before_a_bracketed_fraction_is_a_factor(gold, answer, equivalent):
    # math-verify read "2(1/2)" as the mixed number 5/2
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("3 m/s", "3 meter/second", True),  # EKLAVYA_GRADERS
        ("3 m/s", "3 meters/second", True),
        ("18 km/h", "5 meter/second", True),
        ("3 m/min", "3 meter/second", False),  # guards: another unit,
        ("4 m/s", "3 meter/second", False),  # or another size
    ],
)
def test_unit_names_spelled_out_in_a_quantity(gold, answer, equivalent):
    # "meter" and "second" were words, not the units m and s
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("a=d", "d=a", True),  # JP_ANSWER_SERVICE
        ("d=a", "a=d", True),
        ("a=c", "d=a", False),  # guard: another letter
        ("5 - c", "5-c", True),  # and a lone letter is still no unit to drop
        ("5", "5 - c", False),
    ],
)
def test_a_lone_letter_as_one_side_of_an_equation(gold, answer, equivalent):
    # the braces that keep a lone "d" from being dropped as a unit made "a = {d}" a set
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2,4", "2; 4", True),  # CN_LESSON_GRADE
        ("2; 4", "2;4", True),
        ("1.5, 2.5", "1,5; 2,5", False),  # guards: decimal commas keep their semicolons,
        ("(1,2)", "(1;2)", True),  # and a semicolon tuple is still a tuple
    ],
)
def test_a_semicolon_list_of_numbers(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("7", "10 - 3 = 7", True),  # GO_BENCH_NUMERIC
        ("2207", "47^2 - 2 = 2207", True),  # GO_BENCH_NUMERIC
        ("91", "13 \\times 7 = 91", True),
        ("5", "2+2=5", False),  # guards: a false calculation states no value,
        ("8", "10 - 3 = 8", False),
        ("x^2+5x+6", "(x+2)(x+3) = x^2+5x+6", False),  # nor an identity in a variable,
        ("4", "3 = 3", False),  # nor a calculation of another value
    ],
)
def test_a_true_calculation_states_its_result(gold, answer, equivalent):
    # an equation without a lone variable was a statement, never a value, even when true
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("391", "17 times 23 is 391.", True),  # GO_BENCH_NUMERIC
        ("376", "2^100 mod 1000 is 376", True),  # GO_BENCH_NUMERIC
        ("4", "5/2 is 2, and 2 * 2.0 = 4.0, so it prints 4", True),  # GO_BENCH_NUMERIC
        ("0", "(3==3) is 1, then 1==3 is false, so it prints 0", True),  # GO_BENCH_NUMERIC
        ("16", ("1. He starts with 15 cows.\n2. All but 8 die, leaving 8.\n3. He buys 8 more, "
                "giving 16."), True),  # GO_BENCH_NUMERIC
        ("132", "12*8 = 96, 18*2 = 36, 96+36 = 132", True),  # GO_BENCH_NUMERIC
        ("512", "** is right-associative, so 3**2=9 then 2**9=512", True),  # GO_BENCH_NUMERIC
        ("391", "17 times 23 is 392.", False),  # guards: another final value,
        ("4", "so it prints 5", False),
        ("133", "12*8 = 96, 18*2 = 36, 96+36 = 133", False),  # a false last step,
        ("391", "It is not 391.", False),  # a negation,
        ("391", "17 times 23 is 391?", False),  # and a question stay wrong
    ],
)
def test_a_reply_of_working_ends_with_its_value(gold, answer, equivalent):
    # a plain reply with its working and no anchor was read whole ("17 times 23 is 391") or not
    # at all
    assert verdict(gold, answer) is equivalent
