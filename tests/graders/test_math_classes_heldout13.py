"""Math grader error classes read from the spent `heldout13` split (issue 43, math16), one test per
class; the held-out rates themselves are in test_math_heldout.py.

Each class test has cases that failed on the grader before math16's changes (commit fa1b6cc) and
guards that must stay as they are (a dropped sign, another value, another unit). The cases are
new instances of each class, not heldout13's rows. heldout13's misses came from a mark-scheme
checker (units on their own, standard form, a unit math-verify drops), a French curriculum
guard's solution sets, a CAS conformance suite (Euler's identity), a plan compiler's and a
symbolic-regression metric's plain-text algebra, and a reward function's conclusion sentence.
The checks call `check_equivalence` in-process (no worker pool, no timeout).
"""

import pytest

from veriloop.graders.math_equiv import check_equivalence
from veriloop.graders.math_quantity import same_unit_product


def verdict(gold: str, answer: str) -> bool:
    return check_equivalence(gold, answer)["equivalent"]


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("x=3 ou x=-1", "x=-1 ou x=3", True), ("x=1 oder x=4", "x=4 oder x=1", True),
    ("x=5或x=-5", "x=-5或x=5", True), ("x=3 ou x=-1", "x=-1 or x=3", True),
    ("x=3 ou x=-1", "x=3", False), ("x=3 ou x=-1", "x=1 ou x=-3", False),  # guards: one option,
    ("x=3", "x=3 ou x=-1", False),  # signs swapped; a hedge is right only if every option is
])
def test_or_in_another_language_joins_the_options(gold, answer, equivalent):
    # "ou" (French) was read as the product o*u: two sets of solutions in another order differed
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("(a1-a2)**2", "a1**2 - 2*a1*a2 + a2**2", True), ("x1*x2", "x2*x1", True),
    ("(a1-a2)**2", "a1**2 + a2**2", False), ("x1*x2", "x1+x2", False),  # guards: other values
])
def test_names_with_a_digit_are_names(gold, answer, equivalent):
    # math-verify read `a1` as a times 1, so `a1**2` was a (the power bound to the 1)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("-1", "e^{i\\pi}", True), ("1", "e^(2*i*pi)", True), ("i", "e^{i\\pi/2}", True),
    ("1", "e^{i\\pi}", False), ("-1", "i^2", False),  # guards: the value; i outside an exponent
])
def test_i_in_an_exponent_of_e_is_the_imaginary_unit(gold, answer, equivalent):
    # i was a variable against a gold without it: Euler's identity e^{iπ} = -1 failed
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("3", "log10(1000)", True), ("5", "log2(32)", True), ("2", "log10(1000)", False),
])
def test_a_base_in_a_log_name(gold, answer, equivalent):
    # `log10(1000)` read as l*o*g*101000
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("kg m^-3", "kg/m3", True), ("mol/dm3", "mol dm⁻³", True), ("m s^-2", "m/s²", True),
    ("N m^2 kg^-2", "N m² kg⁻²", True),
    ("kg m^-3", "kg/m2", False), ("m s^-2", "m/s", False), ("kg m^-3", "g/m3", False),  # guards
])
def test_units_on_their_own_compare_as_products_of_powers(gold, answer, equivalent):
    # `kg/m3` read as kg/(3m); `N m² kg⁻²` lost its trailing factor as a "unit" of the 2
    assert verdict(gold, answer) is equivalent


def test_unit_products_only_for_units_on_their_own():
    assert same_unit_product("x y^-1", "x/y") is None  # letters that are no unit symbols
    assert same_unit_product("3 m", "3 m") is None  # a quantity: same_quantity's
    assert same_unit_product("g cm^-3", "g/cm3") is True


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("2.5 gm", "2.5 kg", False), ("3 lb", "3 kg", False), ("7 hrs", "7 min", False),
    ("2.5 gm", "2.5 g", True), ("7 hrs", "7 h", True),  # the same unit, abbreviated otherwise
])
def test_units_math_verify_drops_are_units_too(gold, answer, equivalent):
    # "gm", "lb", "hrs" were dropped as words, so another unit after the same number matched
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("6.6e-34", "6.6 10^-34", True), ("2.5e-3", "2.5 10^-3", True), ("3.0e8", "3.0 10^8", True),
    ("6.6e-34", "6.6 10^-33", False), ("6.6e-34", "6.7 10^-34", False),  # guards
])
def test_standard_form_with_a_space_for_the_times_sign(gold, answer, equivalent):
    # `2.5 10^-3`, read as plain text for its bare negative exponent, differed from 2.5e-3 in
    # the last bits of two floats
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("a*t^2/2", "1/2 at^2", True), ("x/3", "1/3 x", True),
    ("a*t^2/2", "1/3 at^2", False), ("a*t^2/2", "1/2 at", False),  # guards
])
def test_a_fraction_then_a_space_multiplies_what_follows(gold, answer, equivalent):
    # `1/2 at^2` read as 1/(2at^2)
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("0", "-bc + bc", True), ("x", "x + ab - ab", True),
    ("x", "x + ab", False), ("0", "-bc + 2bc", False),  # guards: a term left over
])
def test_letters_ending_an_expression_are_variables(gold, answer, equivalent):
    # math-verify dropped a trailing "bc" or "ab" as a unit: `x + ab` read as `x +`
    assert verdict(gold, answer) is equivalent


@pytest.mark.parametrize(("gold", "answer", "equivalent"), [
    ("17", "Hence we obtain 17", True), ("17", "Thus, we find 17.", True),
    ("17", "Hence we obtain 71", False),  # guard: another value
])
def test_a_conclusion_states_its_value_with_any_verb(gold, answer, equivalent):
    # "Thus, we get 42" had no answer: only "is" introduced a stated value
    assert verdict(gold, answer) is equivalent
