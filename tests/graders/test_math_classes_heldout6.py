"""Math grader error classes read from the spent `heldout6` split (issue 43, math8), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math8's changes (commit 0d22415) and
guards that must stay as they are (another number, a list or hedge after the conclusion word, a
reply after the thinking that gives its own answer, a reply that is only the thinking). The cases
are new instances of each class, not heldout6's rows. heldout6's third miss ("100%" for a gold 1)
is left out as a convention (suite_pairs_c8.LEFT_OUT, with the reason).
The checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("7", "<think>so \\boxed{7}</think>\nI cannot decide.", False),
    ("7", "<think>\\boxed{7}</think> Let me think more about it", False),
    ("3", "<think>first try \\boxed{3}</think>The answer is \\boxed{5}", False),
    ("5", "<think>first try \\boxed{3}</think>The answer is \\boxed{5}", True),
    ("5", "<THINK>\\boxed{3}</THINK>\nAnswer: 5", True),
    ("7", "<think>so \\boxed{7}</think>", True),  # only the thinking: it is all there is
    ("7", "<think>so \\boxed{7}</think><|im_end|>", True),  # a template token says nothing
])
def test_a_box_inside_the_thinking_does_not_answer_for_the_reply(gold, answer, equivalent):
    # the last box was taken wherever it stood, so a reply that gave up still scored
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("12", "8 + 4, so 12", True), ("-5", "2 and 7, hence -5", True),
    ("\\frac{1}{2}", "3 of 6, thus 1/2", True), ("45", "30 then 15, therefore 45.", True),
    ("8", "8 + 4, so 12", False), ("12", "8 + 4, so 12 or 13", False),  # a hedge stays wrong
    ("5", "2 and 7, hence -5", False),  # the sign stays
    ("12", "so 8 and 4", False),  # two values after the word: no single conclusion
])
def test_a_conclusion_word_introduces_the_answer(gold, answer, equivalent):
    # "First 64, therefore 36" was read whole: two numbers, no answer
    assert verdict(gold, answer) is equivalent
