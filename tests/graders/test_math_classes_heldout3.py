"""Math grader error classes read from the spent `heldout3` split (issue 43, math5), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math5's changes (commit 3f63a71)
and guards that must stay as they are (a wrong sum, a wrong system, a tiny number off by 6%).
The checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest
import sympy

from veriloop.graders.math_cas import read_cas
from veriloop.graders.math_equiv import check_equivalence


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("4", "<think>2 + 2 = 4</think>\n<answer>4</answer>", True),
    ("7", "<think>3 + 4 = 7, or is it\n<answer>7</answer>", True),  # think never closed
    ("\\frac{1}{2}", "<think>...</think><answer>The answer is \\boxed{0.5}</answer>", True),
    ("12", "<think>3 * 4 = 12</think>\n<answer>12.5</answer>", False),
    ("7", "<think>7</think>\n<answer></answer>", False),  # an empty tag answers nothing
    ("8", "<answer>7</answer> No: \\boxed{8}", True),  # a box after the tag is the answer
])
def test_the_answer_tag_holds_the_answer(gold, answer, equivalent):
    # "<think>...</think>\n<answer>4</answer>" gave no answer: extraction saw prose and a tag
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("alpha+beta+gamma", "gamma+beta+alpha", True), ("theta+2", "2+theta", True),
    ("alpha+beta+gamma", "alpha+beta-gamma", False),
    ("2", "2 theta", False),  # a Greek name after a number is not a unit to drop
])
def test_greek_letter_names_are_names_not_prose(gold, answer, equivalent):
    # three spelled-out Greek letters made an answer "prose": no answer was extracted
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("factorial(4)", "4!", True), ("factorial(n-1)", "(n-1)!", True),
    ("3*factorial2(n)", "3*n!!", True), ("factorial2(5)", "15", True),
    ("factorial(4)", "4!!", False), ("factorial(n)", "(n+1)!", False),
    ("summation(k, (k, 1, n))", "n*(n+1)/2", True),
    ("summation(k, (k, 1, n))", "sum(j, (j, 1, n))", True),
    ("summation(k, (k, 1, n))", "summation(k + 1, (k, 0, n - 1))", True),
    ("summation(k, (k, 1, n))", "n*(n-1)/2", False),
    ("summation(k, (k, 1, n))", "summation(k, (k, 0, n + 1))", False),
    ("int(2*x*y, (x, 0, 3))", "9y", True), ("int(2*x*y, (x, 0, 3))", "9x", False),
    ("integrate(x^2, (x, 0, 3))", "9", True), ("int(x, (x, 0, 1))", "1", False),
    ("3c", "c*3^(log(3, 3))", True), ("xy", "y*2^(log(x, 2))", True),
    ("xy", "y*x^(log(x, 2))", False),
])
def test_cas_function_names_are_read_by_sympy(gold, answer, equivalent):
    # factorial(n), factorial2(n), summation(f, (k, a, b)), int(f, (x, a, b)) and log(a, b)
    # were read by math-verify as products of symbols and tuples, so n! never matched
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize("payload", [
    "factorial(3) + eval(x)", "factorial(3) + open(x)", "factorial(3) + x.__class__",
    "factorial(3) + __import__(os)", "factorial(3) + exec(x)",
])
def test_cas_reading_runs_no_python(payload):
    # sympy's parser evaluates Python: a name outside sympy's functions is read as symbols
    # (e*v*a*l*x), a name with "_" or after "." is refused, and no builtin is reachable
    expr = read_cas(payload)
    assert expr is None or isinstance(expr, sympy.Basic)
    assert verdict("6", payload) is False


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("[x+y=3, x-y=1]", "[x=2, y=1]", True), ("[x=2, y=1]", "[x+y=3, x-y=1]", True),
    ("[x^2=9, x>0]", "[x=3]", False),  # not a list of equations: no system verdict
    ("[x^2=4]", "[(x-2)*(x+2)=0]", True), ("[x^2=4]", "[x=2]", False),
    ("[x+y=3, x-y=1]", "[x=1, y=2]", False),
    ("[x*y=0]", "[x=0, y=0]", False),  # a free unknown: no system verdict, and not equal
    ("[u^2=v, v=4]", "[x^2=y, y=4]", False),  # other unknowns are another system
])
def test_systems_of_equations_compare_by_their_solutions(gold, answer, equivalent):
    # [3a+b-c=2, a-b+2c=5, b+c=5] answered [a=1, b=2, c=3]: math-verify compared equations
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("10^{-20}", "1.06 \\times 10^{-20}", False), ("2e-9", "1.9e-9", False),
    ("0", "10^{-12}", False), ("3 \\times 10^{-8}", "0.00000003", True),
    ("0.0005", "\\frac{1}{2000}", True), ("\\frac{1}{3}", "0.333333", True),  # 6 decimals stay
])
def test_small_numbers_compare_relatively(gold, answer, equivalent):
    # math-verify rounds to 6 decimal places, so every number below 5e-7 equalled 0
    assert verdict(gold, answer) is equivalent
