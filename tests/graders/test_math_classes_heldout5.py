"""Math grader error classes read from the spent `heldout5` split (issue 43, math7), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math7's changes (commit 89652e3) and
guards that must stay as they are (a sign, another number, an earlier marker, a box before the
marker, an empty marker, one or five hashes, a squared unit). The cases are new instances of each class, not heldout5's rows.
The checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("42", "<think>6 times 7</think>\n#### 42", True), ("18", "#### 18", True),
    ("5", "So x + 3 = 8 gives #### 5", True), ("-4", "#### -4", True),
    ("1234", "Adding the parts.\n#### 1,234", True), ("55", "####: 55", True),
    ("72", "48+24 = <<48+24=72>>72 muffins in total.\n#### 72", True),
    ("20", "#### 10\nOn second thought the total doubles.\n#### 20", True),
    ("4", "\\boxed{3} was a slip. #### 4", True),
    ("4", "#### -4", False), ("-4", "#### 4", False),  # the sign stays
    ("24", "48+24 = <<48+24=72>>72 muffins in total.\n#### 72", False),
    ("10", "#### 10\nOn second thought the total doubles.\n#### 20", False),  # the last marker
    ("5", "The answer is 5.\n####", True),  # an empty marker: the answer before it
    ("5", "####", False),
    ("3", "# 3", False), ("3", "##### 3", False),  # a heading, not GSM8K's marker
])
def test_the_gsm8k_marker_holds_the_answer(gold, answer, equivalent):
    # "#### 42" was read whole ("#### 42" is no number) or gave no answer at all
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("x^2", "x²", True), ("8", "2³", True), ("162x^4", "Answer: 162x⁴", True),
    ("0.001", "10⁻³", True), ("1/x", "x⁻¹", True), ("a^{12}", "a¹²", True),
    ("x^5", "x⁴", False), ("162x", "162x⁴", False), ("1000", "10⁻³", False),
    ("10", "10 m²", True), ("5", "5 cm²", True),  # a squared unit is still a unit
])
def test_unicode_superscripts_are_powers(gold, answer, equivalent):
    # math-verify dropped the superscript: "162x⁴" was read as 162x
    assert verdict(gold, answer) is equivalent
