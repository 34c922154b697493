"""Math grader error classes read from the spent `heldout15` split (issue 43, math18), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math18's changes (commit 053ee8a) and
guards that must stay as they are (a dropped sign, another value, another unit, another
dimension). The cases are new instances of each class, not heldout15's rows. heldout15's misses
came from Moodle Formulas' unit conversions (SI prefixes on any unit, areas, volumes, speeds), an
evaluation engine's model answers (a display-math delimiter cut in half, `\\mathrm{hours}`,
algebra said in words), Learnosity's spec (variables glued
together, `x^3y^5`, `\\sin x/\\cos x`), a Hebrew checker (`sqrt2`, `2^\\frac{1}{2}`, the root
said in Hebrew), a PHP LMS (`x(x)`) and a Russian step solver (`\\sqrt{x} = 2` is `x = 4`). The
checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2 kA", "2000 A", True),
        ("0.5 MW", "500 kW", True),
        ("3 m^2", "30000 cm^2", True),
        ("2 L", "2 dm^3", True),
        ("250 mL", "250 cm^3", True),
        ("36 km/h", "10 m/s", True),
        ("5 N", "5 kg m/s^2", True),
        ("20 mmol", "0.02 mol", True),
        ("2 kA", "200 A", False),  # guards: another size,
        ("3 m^2", "300 cm^2", False),
        ("5 N", "5 kg m/s", False),  # another dimension,
        ("36 km/h", "36 m/s", False),
        ("2 kA", "2000 V", False),  # another unit
    ],
)
def test_quantities_in_any_si_units_compare_by_size(gold, answer, equivalent):
    # only sums of lengths, masses, times and volumes in a few units were converted: "2000 A"
    # lost its unit and was 2000 against 2
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("12", "12\\)", True),
        ("15", "15 \\text{ minutes} \\]", True),
        ("7", "\\$7 \\]", True),
        ("30", "30 \\) cm", True),
        ("9", "9 \\mathrm{days}", True),
        ("12", "13\\)", False),
        ("15", "-15 \\text{ minutes} \\]", False),  # guards: another value, a sign
    ],
)
def test_a_math_delimiter_cut_in_half_delimits_nothing(gold, answer, equivalent):
    # "\\)" or "\\]" whose opening was cut off with the text before it stayed in the answer
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("x/3", "x divided by three", True),
        ("2x^2+5x-1", "two x squared plus five x minus one", True),
        ("y^3", "y cubed", True),
        ("\\sqrt{3}", "the square root of 3", True),
        ("\\sqrt{5}", "корень из 5", True),
        ("\\sqrt{7}", "שורש 7", True),
        ("x/3", "x divided by four", False),
        ("2x^2+5x-1", "two x squared minus five x minus one", False),  # guards: value, sign
        ("\\sqrt{7}", "שורש 8", False),
    ],
)
def test_algebra_said_in_words_is_read(gold, answer, equivalent):
    # only numbers said in words were read ("minus one third"); an expression was no answer
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("(a+b)(c+d)", "ac+ad+bc+bd", True),
        ("2a^2b^3", "a^2b^3+a^2b^3", True),
        ("x^2y^3", "x^2 y^3", True),
        ("(a+b)(c+d)", "ac+ad+bc+2bd", False),
        ("2a^2b^3", "a^2b^3", False),  # guards: another term, another factor
        ("2^{3^2}", "2^3^2", True),  # a tower of powers still reads from the top
    ],
)
def test_letters_glued_together_are_factors(gold, answer, equivalent):
    # "ad", "bc", "bd" were counted as words (the answer was prose), and "x^2y^3" was read as
    # the tower x^(2y^3)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\sqrt{5}", "sqrt5", True),
        ("\\sqrt{3}", "3^\\frac{1}{2}", True),
        ("2\\sqrt{\\frac{1}{2}}", "2\\sqrt\\frac{1}{2}", True),
        ("\\cot x", "\\cos x/\\sin x", True),
        ("\\sqrt{5}", "sqrt6", False),
        ("\\sqrt{3}", "3^\\frac{1}{3}", False),  # guards: another radicand, another power
        ("\\cot x", "\\sin x/\\cos x", False),
    ],
)
def test_tex_one_token_arguments_are_whole(gold, answer, equivalent):
    # "sqrt5" was a symbol, "^\\frac{1}{2}" an exponent 1 over a stray 2, "\\sin x/\\cos x" the
    # sine of x/cos(x)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("y^2", "y(y)", True),
        ("3x^2", "3x(x)", True),
        ("y^2", "y(y+1)", False),  # guard: another value
        ("f(2)", "f(2)", True),  # a function the gold applies stays a call
    ],
)
def test_a_variable_before_brackets_is_a_factor(gold, answer, equivalent):
    # "y(y)" was the function y applied to y
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("\\sqrt{x} = 3", "x = 9", True),
        ("\\sqrt{x+1} = 2", "x = 3", True),
        ("\\sqrt{x} = 3", "x = -9", False),  # guards: another root,
        ("(x-3)^2 = 0", "x = 3", False),  # a double root,
        ("\\sqrt{x+6} = x", "x + 6 = x^2", False),  # a root squaring adds
    ],
)
def test_equations_in_one_unknown_with_the_same_simple_roots(gold, answer, equivalent):
    # only constant multiples counted: `\\sqrt{x} = 3` and `x = 9` hold for the same reals
    assert verdict(gold, answer) is equivalent
