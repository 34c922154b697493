"""Math grader error classes read from the spent `heldout4` split (issue 43, math6), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math6's changes (commit 9db35c9) and
guards that must stay as they are (a wrong word, a sign, Python's `**`, a LaTeX subscript, a
letter that changes a value). The cases are new instances of each class, not heldout4's rows.
The checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("12", "3 * 4 = 12, so the answer is 12<|im_end|>", True), ("12", "12<|eot_id|>", True),
    ("42", "The answer is \\boxed{42}<|endoftext|>", True),
    ("15", "Adding them up.\n\n**Final Answer:** **15**", True),
    ("64", "The total is __64__.", True),
    ("90", "So the angle is *90°*.", True),
    ("16", "Adding them up.\n\n**Final Answer:** **61**", False),
    ("x^2+y^2", "x**2 + y**2", True),  # Python's power, not emphasis
    ("a_1+b_2", "a_1 + b_2", True),  # LaTeX subscripts, not emphasis
    ("a_1+b_2", "a_2 + b_1", False),
])
def test_chat_tokens_and_markdown_emphasis_are_formatting(gold, answer, equivalent):
    # "39<|im_end|>" and "Final Answer: **73**" kept the token or the asterisks in the answer
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("no", "No", True), ("True", "true", True), ("never", "Never.", True),
    ("\\text{even}", "Even", True),
    ("no", "yes", False), ("none", "nine", False), ("yes", "Yes, if x > 0", False),
    ("x", "X", False),  # one letter is a variable, and case names a different one
])
def test_a_one_word_answer_matches_its_word_in_any_case(gold, answer, equivalent):
    # a bare word ("None", "yes") gave no answer, even against the same word
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("3-3*t", "3 - 3t", True), ("2*d+1", "2d + 1", True), ("7-s", "7 - s", True),
    ("2*l+3", "2l + 3", True), ("1-o^2", "1 - o^2", True),
    ("3", "2t + 1", False),  # t was dropped as a unit: read as 2 + 1
    ("0", "5 - 5c", False),  # read as 5 - 5
    ("3-3*t", "3 - 3s", False),
    ("2*cos(t)^2", "2 \\cos^2 t", True), ("1", "\\sin^2 t + \\cos^2 t", True),
    ("cos(t^2)", "\\cos^2 t", False),
])
def test_a_letter_in_an_expression_is_a_variable_not_a_unit(gold, answer, equivalent):
    # math-verify drops c, d, g, h, l, m, o, s, t after a number as units ("5 - 5c" read as 0)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("\\frac{2^{1500}+1}{2^{1501}}", "\\frac{1}{2^{1501}}", False),
    ("\\frac{1}{2}", "\\frac{1}{7 \\cdot 3^{900}}", False),
    ("\\frac{2^{1500}+1}{2^{1501}}", "\\frac{1}{2} + \\frac{1}{2^{1501}}", True),
    ("0.5", "\\frac{3^{700}}{2 \\cdot 3^{700}}", True),
])
def test_a_tiny_number_is_not_an_ordinary_one(gold, answer, equivalent):
    # math-verify found 1/(3 * 2^2006) equal to (2^2005 + 1)/(3 * 2^2006), about 1/6
    assert verdict(gold, answer) is equivalent
