"""Math grader error classes read from the spent `heldout14` split (issue 43, math17), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math17's changes (commit e971fe3) and
guards that must stay as they are (a dropped sign, another value, another unit). The cases are
new instances of each class, not heldout14's rows. heldout14's misses came from a Korean tutor's
and a Chinese tutor's answers (fullwidth forms, counters, answer phrases, Chinese numerals),
pie-framework's inequality chains and units, PrairieLearn's and mathsteps' plain-text algebra, a
grader regression table and a physics verifier. The checks call `check_equivalence` in-process
(no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence
from veriloop.graders.math_scripts import chinese_number


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("1/2", "½", True),
        ("3(x+1)", "３x＋３", True),
        ("1.5", "1½", True),
        ("5 cm^2", "5㎠", True),
        ("4, 9", "4，9", True),
        ("1/3", "½", False),
        ("3(x+1)", "３x＋１", False),
        ("2.5", "1½", False),  # guards: values
    ],
)
def test_compatibility_characters_are_their_plain_forms(gold, answer, equivalent):
    # fullwidth forms, vulgar fractions and CJK unit signs were no math (or a symbol) to the parser
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("7", "정답은 7입니다.", True),
        ("7", "답: 7", True),
        ("7", "答案是7", True),
        ("7", "答：7", True),
        ("7", "答えは7です", True),
        ("y = 3", "y = 3입니다", True),
        ("7", "정답은 8입니다.", False),
        ("7", "答案是-7", False),  # guards: another value, a sign
    ],
)
def test_east_asian_answer_phrases_name_the_answer(gold, answer, equivalent):
    # "정답은 ... 입니다" ("the answer is ..."), "答案是", "答え は ... です" were unparseable text
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("5", "5개", True),
        ("20", "20명", True),
        ("3", "3只", True),
        ("2000", "2,000원", True),
        ("45°", "45度", True),
        ("x=1", "x=1(중근)", True),
        ("5", "6개", False),
        ("2000", "200원", False),
        ("45°", "54度", False),  # guards: values
    ],
)
def test_counters_after_a_number_are_units(gold, answer, equivalent):
    # a counter or currency character glued to the number made the whole answer unparseable
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("12", "十二", True),
        ("305", "三百零五", True),
        ("30000", "三万", True),
        ("3.25", "3又1/4", True),
        ("12", "二十一", False),
        ("3.25", "3又1/2", False),
        ("-12", "十二", False),  # guards
    ],
)
def test_chinese_numerals_and_mixed_numbers(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


def test_chinese_numbers_read_whole_or_not_at_all():
    assert [chinese_number(s) for s in ("十", "十五", "一百零一", "两万三千", "负三")] == [
        "10",
        "15",
        "101",
        "23000",
        "-3",
    ]
    assert chinese_number("二三") is None and chinese_number("一共") is None


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2 < x \\le 5", "5 \\ge x > 2", True),
        ("-1 < 2x + 1 < 7", "-1 < x < 3", True),
        ("0 \\le 3t - 3 \\le 6", "1 \\le t \\le 3", True),
        ("-1 < x < 3", "-1 \\le x < 3", False),
        ("0 < 2y < 4", "0 < 2x < 4", False),  # guards: an
        ("-3 < x < 3", "x < 3", False),
        ("1 < x < 3", "3 < x < 1", False),  # end, the letter, a set
    ],
)
def test_chains_of_inequalities_compare_their_solutions(gold, answer, equivalent):
    # two chains for the same interval were compared link by link and found different
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("2*a + 3*b", "2a + 3b", True),
        ("5*x*y", "5xy", True),
        ("7*s - 2", "7s - 2", True),
        ("2*a + 3*b", "2a + 3", False),
        ("5*x*y", "5x", False),
        ("5", "5 m", True),  # a unit stays
    ],
)
def test_the_golds_variables_are_no_units(gold, answer, equivalent):
    # the "b" of "3b" and the "xy" of "5xy" were dropped as units ("2a + 3b" read as 2a + 3)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("1.5", "3/2 gallons", True),
        ("4", "4 \\text{L}", True),
        ("6 \\text{ quarts}", "6 quarts", True),
        ("2 \\text{gal}", "2 \\text{L}", False),
        ("4 quarts", "4 pints", False),  # guards: other units
        ("2 \\text{gal} + 1 \\text{gal}", "2 \\text{L} + 1 \\text{gal}", False),  # one unit swapped
        ("5 cm", "2 cm + 3 cm", True),
    ],
)
def test_volume_units_are_units(gold, answer, equivalent):
    # "L" and "gallons" were no units: "2 gal" matched "2 L", "3/2 gallons" did not read
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("-5", "2 - abs(-1) - 2 abs(-3)", True),
        ("7", "abs(-1) + 2 abs(3)", True),
        ("abs(x+2) + 3 abs(x)", "|x + 2| + 3|x|", True),
        ("||x|-2|", "abs(abs(x)-2)", True),
        ("5", "2 - abs(-1) - 2 abs(-3)", False),
        ("abs(x+2) + 3 abs(x)", "|x + 2| + 3x", False),
    ],
)
def test_absolute_values_after_a_number(gold, answer, equivalent):
    # "2 |-3|" read the bar after 2 as a closing bar: |b| - 3|c| was |b*|-3|*c|; plain bars
    # are now paired from the left, and abs() written as \lvert ... \rvert
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("6", "2(3)", True),
        ("6", "(2)(3)", True),
        ("-6", "2(-3)", True),
        ("5", "2(3)", False),
        ("5", "(2)(3)", False),  # guards: the product is no sum
    ],
)
def test_a_bracketed_number_is_a_factor(gold, answer, equivalent):
    # math-verify read "1(2)" and "(1)(2)" as 3
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("x \\cdot (y + t)", "x \\cdot y + x \\cdot t", True),
        ("p (q + s)", "p q + p s", True),
        ("x \\cdot (y + t)", "x \\cdot y + x", False),  # guard: a term missing
    ],
)
def test_a_lone_letter_after_a_product_sign_is_a_variable(gold, answer, equivalent):
    # the last "t" of "x \\cdot t" was dropped as a unit
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("x + 1500", "x + 1,500", True),
        ("y = 3x - 12000", "y = 3x - 12,000", True),
        ("x + 1500", "x + 1,050", False),
        ("1, 1500", "1, 1,500", False),  # guards: value; a list
    ],
)
def test_grouped_digits_inside_an_expression(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("3:6:9", "1:2:3", True),
        ("1:2:3", "2:4:5", False),
        ("1:2:3", "3:2:1", False),
    ],
)
def test_ratios_of_three_numbers_are_proportional(gold, answer, equivalent):
    # "1:2:3" was read as (1/2)/3
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("( 1 ) 12 . ( 2 ) 7 .", "(1)12,(2)7", True),
        ("(1) 12 (2) 7", "(12, 7)", True),
        ("(1) 12 (2) 7", "(1)7,(2)12", False),  # guard: the parts' order
    ],
)
def test_numbered_parts_are_a_list(gold, answer, equivalent):
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(
    ("gold", "answer", "equivalent"),
    [
        ("The answer is 9.", "It is 9.", True),
        ("9", "That is 9", True),
        ("The answer is 9.", "It is 8.", False),
        ("9", "It is -9.", False),  # guards
    ],
)
def test_a_sentence_states_its_value(gold, answer, equivalent):
    # "It is 4." was read whole (two short words are no prose); a gold sentence was no value
    assert verdict(gold, answer) is equivalent
