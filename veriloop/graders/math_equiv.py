"""Math answer equivalence on top of math-verify, checked in worker processes with a hard timeout.

What we add around `math_verify.parse/verify`:

- **Final-answer extraction** that refuses non-answers. Only the reply after the last
  `</think>` is read when there is one. The last `<answer>...</answer>` tag
  holds the answer unless a box follows it. The last `\\boxed{}` wins, or the run
  of boxes at the end that reads as one list ("\\boxed{1} and \\boxed{2}"; in the gold too;
  boxes a sentence or line apart are separate answers, and the last one counts), unless a "final answer" anchor comes after it; else the text after the last anchor (the
  value stated in it: "Final Answer: The largest $n$ is 34.", or the line after a bare
  "Answer"); else the whole text if it reads as math (or the one value after its last
  "therefore"/"so": "First 64, therefore 36"); else the value stated in one of the last
  sentences ("Therefore $x \\geq 5$ is the solution.", "there are 12 sequences").
  One-number answers lose digit grouping ("1 000", "1\\,000", "1,000.99") and read decimal
  commas ("1000,99"), but only against a one-number gold: "1,2" stays a list otherwise (and a
  gold "2,1" is a list against an answer that is one: "1,2"). Prose with no anchor ("we add the two numbers and divide by 4"), a lone ":" or
  "Thought process:" yields *no answer* — math-verify on its own would pull the last number
  out of any prose, which a judge-style adversarial non-answer exploits. So does a value the
  text disowns ("Wrong answer: 42", "\\boxed{42\\text{ wrong}}", "12胡说" (12, nonsense): a
  disowned anchor is skipped),
  and a math span a sentence only mentions ("The statement discusses \\(9\\) possibilities.");
  `\\\\boxed` is a TeX line break before the word, not a box. A plain reply of working (no
  TeX, no anchor) ends with the value its last clause states ("17 times 23 is 391.", "... so it
  prints 4", "... giving 16") or with its last calculation ("12*8 = 96, 96+36 = 132"); this reading
  skips a reply that hedges ("maybe", "I think", a question mark). Whatever the form, a value
  whose own clause negates or doubts it is no answer ("It won't be 42.", "I don't believe it's
  42.", "maybe 2000", "I think it is 391", "42?"); a negation of another value in the clause
  ("the number is not 10 which is 1,000.99") does not count.
- **Simplest form** (`simplest_form=True`, per task via `verification["simplest_form"]`): the
  answer must have reduced integer fractions with denominator > 1, square-free integer radicands,
  no radical in a denominator, and no unevaluated arithmetic between plain integers ("2+3",
  "2^3", "5!", "6/3"). So "2/4" fails where the task asks for simplest form and passes where not.
- **Restated question**: when the question is known (the task's last user message), an answer
  that is an operation copied from it (`\\binom{10}{3}` for "Compute $\\binom{10}{3}$") is
  rejected, though it evaluates to the gold value.
- Percent signs are escaped before LaTeX parsing (`50%` is a comment in LaTeX).
- **Nothing of the answer is dropped** (`parse_whole`): math-verify reads what it can and
  drops the rest (a sign, a set member, the fraction of a mixed number); such partial readings
  count as unparseable. Hedges are read whole: `x=2 \\lor x=3` is the set {2, 3} (right only
  for that set), and an approximation (`\\approx 3`, "about 3") is wrong.
- **Forms math-verify misreads**: clock times and matrices against plain lists (`math_forms`),
  mixed numbers, percent in words ("28pct", "4 4/9percent": the word is the sign, never a
  unit to drop), digit groups inside an expression ("1 000 4/9"), function names written as
  in Python ("sin(x)**2", "Abs(x)"), units and words after a lone number (not value words:
  "5 thousand"), plain `√3`/`pi`, scientific notation, `f(x) = ...` against a value, a letter
  math-verify drops as a unit inside an expression ("5 - 5c" is not 0), units written on their
  own (`g/cm3` is `g cm^-3`: `math_quantity`). Chat tokens and
  markdown emphasis ("**73**") are formatting; a one-word answer matches its word in any case.
- **Typed algebra** (`math_plain`): Greek names (`theta^2`), letters after a number inside an
  expression (`2bc`, which math-verify drops as a unit), semicolon tuples (`(x;y) = (2;3)`), a
  value named by a word (`ans = 7`), products of letters without a sign (`yx`, `x(yz)`), a
  signed exponent (`5^-1`) and the Unicode minus and en dash. Words in another script after a
  lone number are units ("51 đô la"), unless they scale it ("5 nghìn" is 5000); named
  quantities (`mass * acceleration`) are whole names, not products of letters; a reading that
  drops such words is partial. Numbers written with decimals compare by exact value.
- **Other scripts' conventions** (`math_scripts`, gold and answer alike): fullwidth forms,
  vulgar fractions and CJK unit signs ("２x＋２", "½", "㎠"), Korean, Chinese and Japanese answer
  phrases and copulas ("정답은 8입니다", "答：8"), counters after a number ("8개", "十五只"),
  Chinese numerals and 又 mixed numbers. Also: a numbered list of parts ("(1) 9 (2) 4") is the
  tuple of its answers, a ratio of three numbers is compared by proportion (`math_forms`), a
  gold written as a sentence ("The number is 4.") and a pronoun's sentence ("It is 4.") state
  their values, and letters the gold uses as variables are never dropped as a unit ("4n + 2m").
- **Lists keep their entries**: a flat list of numbers that repeats or drops an entry ("2,4,4",
  "5, 5") is not the list or number without it ("2,4", "5"), though math-verify reads both as
  one set; numbers separated by semicolons ("2; 4", a Chinese app's `；`) are a list, unless a
  comma is in them ("1,5; 2,5" may hold decimal commas).
- **No value, no credit**: an answer with a division by zero in it ("4 0/0", "3/0") is wrong,
  whatever sympy would simplify it to.
- **Identities on a domain** (`math_numeric`): when sympy cannot prove two expressions equal,
  they pass when they agree at every sampled real point (both signs, and small integers and
  fractions) where the answer is defined and the gold has a real value.
- **Relations as relations** (`math_relations`): two equations are equal when one is a
  nonzero constant multiple of the other (`a^3 b^3 = 0` is not `ab = 0`), two inequalities
  when one is a positive multiple of the other in the same direction (`2 < 2x` is `x > 1`),
  two chains of inequalities in one unknown when they hold for the same reals (`3 > x > 1` is
  `1 < x < 3`), two equations without an unknown when their sides agree (`13 \\times 7 = 91`,
  `91 = 7 x 13`). Against a value, a true calculation between numbers states its result
  (`10 - 3 = 7` answers 7, `2^10 = 1,024` answers 1024); a false one (`2+2=5`) or an identity
  in a variable (`(x+2)(x+3) = x^2+5x+6`) is a statement and answers nothing.
- **Letter case**: `X` is not `x` (math-verify folds case). `i` is the imaginary unit when the
  gold uses it and the answer uses it or is complex (`\\sqrt{-1}`); complex values compare as
  complex numbers. Big powers (`(x-a)^{6000}`) are told apart by evaluation before sympy
  would expand them.
- **CAS syntax and systems**: `factorial(n)`, `summation(f, (k, 1, n))`, `int(f, (x, a, b))`
  and `log(a, b)` are read by sympy itself (`math_cas`), and so is a side in sympy's syntax that
  calls a function math-verify reads as letters (`asinh(a)`, `gcd(a, b)`, `Max(a, b)`,
  `pi**Abs(x*y)`) against TeX (`\\sinh^{-1}(a)`, `\\max(a, b)`, `\\pi^{|xy|}`), as are Python's `**`, `Fraction(3, 4)`
  and Mathematica's syntax (`Sin[x]^2`, `Log[2, 4]`, `Rational[2, 19]`: `math_mathematica`); a
  bare `log` is natural against `\\ln`, a gold said in words ("12 times 8") is read as the answer
  is, and `a = 1 \\land b = 5` is a system, not its last value; lists of polynomial equations compare
  by their solutions (`math_systems`). Numbers below 1e-3 compare relatively (math-verify's
  6-decimal rounding made `1.06e-33` equal `1e-33`).
- **Size bounds before symbolic work** (`math_bounds`): towers of powers, huge factorials,
  deep nesting and huge literals are refused in microseconds (`too_complex`).

math-verify's own signal-based timeouts are turned off (they fail in threads and cannot stop
C-level loops); `WorkerPool` kills a check that exceeds its wall-clock limit instead, and the
grade records it (`components["timeout"] = 1.0`, flag `verifier_timeout`).
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from veriloop.graders.base import register_grader
from veriloop.graders.math_angles import same_angle
from veriloop.graders.math_bounds import too_complex
from veriloop.graders.math_cas import same_cas_value, same_sympy_call_value
from veriloop.graders.math_complex import equal_with_imaginary_unit
from veriloop.graders.math_extract import (
    approximated_decimal,
    boxed_answer,
    decimal_scientific,
    drop_units,
    exact_part,
    extract_answer,
    has_set_builder,
    is_single_number,
    letter_calls_as_products,
    letter_variables,
    letters_after_a_number,
    looks_like_math,
    named_quantity_value,
    normalize_numbers,
    numbered_parts,
    percent_words,
    rewrite_for_parsing,
    scaled_number,
    strip_delims,
    units_differ,
)
from veriloop.graders.math_forms import (
    aligned_entries,
    letter_case_differs,
    matrix_rows,
    named_against_tuple,
    row_against_column,
    same_ratio,
    same_time,
)
from veriloop.graders.math_intervals import same_interval_set
from veriloop.graders.math_mathematica import same_mathematica_value, to_sympy_syntax
from veriloop.graders.math_notation import (
    maxima_constants,
    natural_logs,
    or_out_of_text,
    repeating_decimal,
    siunitx,
    thin_space_thousands,
)
from veriloop.graders.math_numeric import (
    agree_numerically,
    decimals_differ,
    differ_numerically,
    exact_arithmetic,
    heavy,
    not_a_rounding,
    same_exact_value,
    small_numbers_differ,
)
from veriloop.graders.math_plain import named_value, same_letter_product, same_word_expression
from veriloop.graders.math_plusminus import expanded_list, same_sign_choices
from veriloop.graders.math_quantity import same_quantity, same_unit_product
from veriloop.graders.math_relations import compare_relations, lone_variable
from veriloop.graders.math_scripts import other_scripts
from veriloop.graders.math_simplest import restates_question, simplest_form_violation
from veriloop.graders.math_spoken import spoken_expression, spoken_number
from veriloop.graders.math_systems import same_solutions
from veriloop.graders.workers import WorkerPool
from veriloop.types import FaultKind, Grade, InfrastructureError, Task, Trajectory

# ------------------------------------------------------------------------------ the check

def _quiet_math_verify() -> None:
    logging.getLogger("math_verify").setLevel(logging.ERROR)


def _to_latex(s: str) -> str:
    return "$" + re.sub(r"(?<!\\)%", r"\\%", s) + "$"


def _digits(s: str) -> Counter[str]:
    return Counter(re.findall(r"\d", s))


def parse_whole(text: str) -> list[Any]:
    """math-verify's parse of ALL of `text`, or [] when it can read only part of it.

    math-verify returns whatever part it could read: when its LaTeX reading fails it falls
    back to the last plain expression in the text, so "\\{-\\mathrm{e}, 1\\}" and
    "\\{\\mathrm{e}, 1\\}" both read as 1 (a sign and a member dropped) and
    "2-\\operatorname{foo}" as 2. Here the LaTeX reading counts only when its text keeps
    every digit of the input, and the plain-expression reading only when it spans the input."""
    # lazy: CLI start-up (math_verify ~0.4 s; the graders load with the CLI)
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    text = decimal_scientific(rewrite_for_parsing(text))
    if has_set_builder(text):
        return []  # a set by a rule over infinitely many indices: math-verify reads it as a list
    if any(c.isalpha() and not c.isascii() and not "\u0370" <= c <= "\u03ff" for c in text):
        return []  # a letter neither ASCII nor Greek ("đ", "万"): math-verify drops such words
    latex = parse(_to_latex(text), [LatexExtractionConfig(boxed_match_priority=0)],
                  parsing_timeout=None)
    whole = bool(latex) and not (_digits(text) - _digits(str(latex[-1])))
    if whole and len(latex) > 1:
        return latex
    expr = parse(text, [ExprExtractionConfig()], parsing_timeout=None)
    if expr and re.sub(r"\s", "", str(expr[-1])) == re.sub(r"\s|\$", "", text):
        return expr
    return latex if whole else []


def _parse_any(text: str) -> list[Any]:
    # lazy: CLI start-up (math_verify ~0.4 s; the graders load with the CLI)
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    return parse(_to_latex(rewrite_for_parsing(text)),
                 [LatexExtractionConfig(boxed_match_priority=0), ExprExtractionConfig()],
                 parsing_timeout=None)


def _verdict(ok: bool, reason: str, extracted: str | None) -> dict[str, Any]:
    return {"equivalent": ok, "reason": reason, "extracted": extracted}


def _verified(gold: list[Any], answer: list[Any]) -> bool:
    """math-verify's verdict, or a difference that simplifies to 0 (it misses `-1*(-1)*x` = x)."""
    # lazy: CLI start-up (math_verify ~0.4 s, sympy ~0.3 s; the graders load with the CLI)
    import sympy
    from math_verify import verify

    if verify(gold, answer, timeout_seconds=None):
        return True
    g, a = gold[0], answer[0]
    return isinstance(g, sympy.Expr) and isinstance(a, sympy.Expr) and sympy.simplify(g - a) == 0


def _same_form(gold: str, answer: str) -> bool | None:
    """Clock times, ratios, systems of equations (`math_systems`) and matrices/vectors compared
    as such (`math_forms`); None for other forms."""
    # lazy: CLI start-up (math_verify ~0.4 s; the graders load with the CLI)
    from math_verify import verify

    times = same_time(gold, answer)
    if times is not None:
        return times
    ratio = same_ratio(gold, answer)  # "1:2:3" is "2:4:6"
    if ratio is not None:
        return ratio
    systems = same_solutions(gold, answer, parse_whole)  # [a=1, b=2] for the system it solves
    if systems is not None:
        return systems

    def entry_equal(g: str, a: str) -> bool:
        gp, ap = parse_whole(g), parse_whole(a)
        return bool(gp and ap and verify(gp, ap, timeout_seconds=None))

    named = named_against_tuple(gold, answer)  # `x = 2, y = 1` against `(2, 1)`, in that order
    if named is not None:
        return bool(named) and all(entry_equal(g, a) for g, a in named)
    gm, am = matrix_rows(gold), matrix_rows(answer)
    if gm is None or am is None or not (gm[1] or am[1]):
        return None  # neither side is a LaTeX matrix: math-verify compares lists itself
    pairs = None if row_against_column(gm, am) else aligned_entries(gm[0], am[0])
    if pairs is None:
        return False
    return all(entry_equal(g, a) for g, a in pairs)


def check_equivalence(gold: str, answer: str | None, simplest_form: bool = False,
                      question: str | None = None) -> dict[str, Any]:
    """Runs inside a worker. Returns {"equivalent", "reason", "extracted"}."""
    _quiet_math_verify()
    gold, answer = other_scripts(gold) or gold, other_scripts(answer)  # "８개", "答：8" (math_scripts)
    if answer is not None:  # `5\\text{ or 6}` lists two options; `1,\\!000` is one number
        answer = thin_space_thousands(or_out_of_text(answer))
    gold = thin_space_thousands(or_out_of_text(gold))
    # `5\\unit{km}` (siunitx) is `5\\text{ km}`; Maxima's `%pi` is π (math_notation)
    gold = siunitx(maxima_constants(gold))
    answer = siunitx(maxima_constants(answer)) if answer is not None else None
    # `0.(12)` is 4/33, not 0. times 12 (math_notation)
    gold, answer = repeating_decimal(gold) or gold, repeating_decimal(answer) or answer
    gold, answer = numbered_parts(gold) or gold, numbered_parts(answer) or answer  # "(1) 9 (2) 4"
    gold = re.split(r"(?<!#)####(?!#)", gold)[-1].strip() or gold  # GSM8K's "work #### 72"
    # "minus one third", "x divided by two", "שורש 2": a number or an expression said in words,
    # in the answer or the gold ("12 times 8")
    answer = spoken_number(answer) or spoken_expression(answer) or answer
    gold = spoken_number(gold) or spoken_expression(gold) or gold
    if answer is not None:  # `\ln x` against `log(x)`: a bare log is natural against ln
        gold, answer = natural_logs(gold, answer)
    if not boxed_answer(gold) and (not looks_like_math(strip_delims(gold))
                                   or re.search(r"[\u3040-\u30ff\u4e00-\u9fff].*\$", gold)):
        # a gold sentence states its value: "The number is 4.", "これは$\\pm x$です"
        gold = extract_answer(gold) or gold
    extracted = extract_answer(answer)
    if extracted is None and _same_word(gold, answer):
        return _verdict(True, "equivalent", answer.strip() if answer else None)
    if extracted is None:  # letters only ("yx", "x(yz)"): a product, when the gold is one too
        product = same_letter_product(strip_delims(gold), answer)
        if product is None:
            return _verdict(False, "no_answer", None)
        return _verdict(product, "equivalent" if product else "not_equivalent", answer)
    costly = too_complex(extracted)  # before any symbolic work: see math_bounds
    if costly:
        return _verdict(False, f"too_complex: {costly}", extracted)
    # "V ≈ 5.09" states a decimal gold's own rounded value; "x ≈ 3" for 3 is a guess
    exact = approximated_decimal(extracted, boxed_answer(gold) or gold) or exact_part(extracted)
    if exact is None:
        return _verdict(False, "approximate", extracted)
    exact = repeating_decimal(strip_delims(exact)) or exact  # a boxed `0.(3)`
    if exact.count("=") == 1 and re.match(r"\s*=(?!=)", exact):
        exact = exact.split("=", 1)[1]  # "= 12": the value, its left side left out
    if "=" not in gold:  # "\\lVert T^n\\rVert = \\frac1{n!}", "[K:\\mathbb Q] = 16": a named quantity
        exact = named_quantity_value(exact) or exact
    # `Sin[x]^2`, `Log[2, 4]`: Mathematica's syntax, read by sympy (math_mathematica)
    wolfram = same_mathematica_value(strip_delims(boxed_answer(gold) or gold), strip_delims(exact))
    if wolfram is not None:
        return _verdict(wolfram, "equivalent" if wolfram else "not_equivalent", exact)
    # against TeX, in sympy's syntax: compared below
    exact = to_sympy_syntax(strip_delims(exact)) or exact
    gold = to_sympy_syntax(strip_delims(boxed_answer(gold) or gold)) or gold
    signs = same_sign_choices(strip_delims(boxed_answer(gold) or gold), strip_delims(exact),
                              parse_whole, _verified)  # `x ± 2` against `±2 + x`
    if signs is not None:
        return _verdict(signs, "equivalent" if signs else "not_equivalent", exact)
    if bool(expanded_list(strip_delims(exact))) != bool(expanded_list(strip_delims(gold))):
        # `x = 3 ± 1` against `x = 2, 4`: a sign on one side names the values listed
        exact = expanded_list(strip_delims(exact)) or exact
        gold = expanded_list(strip_delims(gold)) or gold
    sets = same_interval_set(strip_delims(boxed_answer(gold) or gold), strip_delims(exact),
                             parse_whole)
    if sets is not None:  # `(1,5] U [2,7)`, `R-[-1,1]`: set algebra (math_intervals)
        return _verdict(sets, "equivalent" if sets else "not_equivalent", exact)
    angle = same_angle(strip_delims(boxed_answer(gold) or gold), strip_delims(exact), parse_whole)
    if angle is not None:  # `60^\circ` against `\frac{\pi}{3}` (math_angles)
        return _verdict(angle, "equivalent" if angle else "not_equivalent", exact)
    said = (boxed_answer(answer) or answer).strip()  # a short answer is its own unit's witness
    units = same_unit_product(boxed_answer(gold) or gold, said)  # "g/cm3" against "g cm^-3"
    if units is not None:
        return _verdict(units, "equivalent" if units else "not_equivalent", exact)
    amount = same_quantity(boxed_answer(gold) or gold, said)  # "500 cm" against "2 m + 3 m"
    if amount is not None:
        return _verdict(amount, "equivalent" if amount else "not_equivalent", exact)
    if units_differ(boxed_answer(gold) or gold, said if len(said) <= 40 else exact):
        return _verdict(False, "not_equivalent", exact)  # "12 km" against "12 m"
    # "2; 4" is the list "2, 4" (a Chinese app's `；`), in the gold and the answer alike
    gold_text = _semicolons_as_commas(drop_units(percent_words(boxed_answer(gold) or gold)))
    exact = _semicolons_as_commas(exact)
    # "-5,3" is a list against "3, -5", not -5.3; and against a set ("{3}") a list of members
    if not _comma_list(exact) and not _BRACED_SET.fullmatch(strip_delims(exact)):
        gold_text = normalize_numbers(gold_text)
    # letters the gold uses as variables are no unit in the answer: "4n + 2m" for `4n + 2m`
    extracted = drop_units(percent_words(exact), letter_variables(gold_text))
    if "=" not in gold_text:  # `ans = 7` names the value 7 (math_plain)
        extracted = named_value(extracted) or extracted
    extracted = letter_calls_as_products(extracted, gold_text)  # "x(x)" against `x²`
    extracted = letters_after_a_number(extracted, gold_text)  # "1.5ab" against `1.5 * a * b`
    if scaled_number(extracted):
        return _verdict(False, "unparseable_answer", extracted)
    if is_single_number(gold_text) and "," not in gold_text:
        # only against a one-number gold is "6,8" a decimal comma; else it stays a list
        extracted = normalize_numbers(extracted)
    if _repeats_differ(strip_delims(gold_text), extracted):  # "2,4,4" is not "2,4"
        return _verdict(False, "not_equivalent", extracted)
    values = [exact_arithmetic(t) for t in (strip_delims(gold_text), extracted)]
    if "." in gold_text + extracted and None not in values and values[0] == values[1]:
        return _verdict(True, "equivalent", extracted)  # `0.1*3 - 0.3` is 0, exactly; unequal
        # values go on to the rules below, which accept a gold's rounding (`1/3`, `0.3333333333`)
    if decimals_differ(strip_delims(gold_text), extracted):  # ... but no decimal rounds another
        return _verdict(False, "not_equivalent", extracted)
    words = same_word_expression(strip_delims(gold_text), extracted)  # `mass * acceleration`
    if words is not None:
        return _verdict(words, "equivalent" if words else "not_equivalent", extracted)
    form = _same_form(strip_delims(gold_text), extracted)
    if form is None:  # `factorial(n)`, `summation(...)`: read by sympy itself (`math_cas`)
        form = same_cas_value(strip_delims(gold_text), extracted)
    if form is None:  # `asinh(a)`, `Max(a, b)` against `\\sinh^{-1}(a)`, `\\max(a, b)` (`math_cas`)
        form = same_sympy_call_value(strip_delims(gold_text), extracted, parse_whole)
    if form is not None:
        return _verdict(form, "equivalent" if form else "not_equivalent", extracted)
    # the gold is trusted text, not the policy's: a gold in prose ("... is $28\\%$.") may be
    # read in part, as math-verify reads it
    g = parse_whole(strip_delims(gold_text)) or _parse_any(strip_delims(gold_text))
    if not g:
        return _verdict(False, "unparseable_gold", extracted)
    a = parse_whole(extracted)
    if not a:
        return _verdict(False, "unparseable_answer", extracted)
    if _divides_by_zero(a):
        return _verdict(False, "undefined", extracted)
    if restates_question(extracted, question):
        return _verdict(False, "restates_question", extracted)
    if _is_statement(g) and not _is_statement(a):  # a gold `2 = x` answered by its value 2
        g = _value_of_statement(g) or g
    if not _is_statement(g):
        a = _value_of_statement(a)
        if a is None:
            return _verdict(False, "statement_not_value", extracted)
    gold_percent = re.search(r"%|\bpercent\b", gold_text) is not None
    if re.search(r"%|\bpercent\b", extracted) and not gold_percent:
        a = _one_percent_reading(g, extracted, question)
        if a is None:
            return _verdict(False, "unparseable_answer", extracted)
    if letter_case_differs(gold_text, extracted):  # "X" is not "x": math-verify folds case
        return _verdict(False, "not_equivalent", extracted)
    ok = _compare(g, a, gold_text, extracted, gold_percent)
    if not ok:
        return _verdict(False, "not_equivalent", extracted)
    if simplest_form:
        why = simplest_form_violation(extracted)
        if why:
            return _verdict(False, f"not_simplest_form: {why}", extracted)
    return _verdict(True, "equivalent", extracted)


def _compare(g: list[Any], a: list[Any], gold_text: str, extracted: str, gold_percent: bool
             ) -> bool:
    """The value comparison, once both sides are parsed: relations as relations
    (`math_relations`), big powers by evaluation first (sympy would expand them for minutes),
    then math-verify, then the readings it misses."""
    # lazy: CLI start-up (math_verify ~0.4 s; the graders load with the CLI)
    from math_verify import verify

    relations = compare_relations(g, a)
    if relations is not None:
        return relations
    if (heavy(g[0]) or heavy(a[0])) and differ_numerically(g[0], a[0]):
        return False
    if small_numbers_differ(g[0], a[0]):  # math-verify rounds 1e-33 and 1.06e-33 to 0
        return False
    # ... and any two numbers at 6 places: `1.4142135` is no rounding of √2 (math_numeric)
    if not_a_rounding(extracted, g[0]) or not_a_rounding(strip_delims(gold_text), a[0]):
        return False
    ok = verify(g, a, timeout_seconds=None, allow_set_relation_comp=True)
    if not ok and gold_percent and not re.search(r"%", extracted):
        # "12.5" for a gold "12.5%": the percent sign is conventionally optional
        g2 = parse_whole(re.sub(r"\\?%", "", strip_delims(gold_text)))
        ok = bool(g2) and verify(g2, a, timeout_seconds=None)
    return bool(ok or agree_numerically(g[0], a[0]) or same_exact_value(g[0], a[0])
                or equal_with_imaginary_unit(g, a))


_BRACED_SET = re.compile(r"\\?\{.*\\?\}", re.DOTALL)
_LIST_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _semicolons_as_commas(s: str) -> str:
    """A flat list of numbers separated by semicolons ("2; 4", "1500;1500;45") with commas; a
    text with a comma keeps its semicolons ("1,5; 2,5" may be decimal commas), as does one
    with brackets or an equals sign (a tuple `(x;y)`, a system)."""
    core = strip_delims(s)
    parts = [p.strip() for p in core.split(";")]
    if len(parts) < 2 or not all(_LIST_NUMBER.fullmatch(p) for p in parts):
        return s
    return ", ".join(parts)


def _repeats_differ(gold: str, answer: str) -> bool:
    """Two flat lists of numbers with the same members but a member repeated a different number
    of times ("2,4,4" against "2,4", "5, 5" against "5"): math-verify reads both as the set
    {2, 4} and would call them equal, but a list that repeats or drops an entry is another
    answer."""
    def members(s: str) -> list[Decimal] | None:
        parts = [p.strip() for p in s.split(",")]
        if not all(_LIST_NUMBER.fullmatch(p) for p in parts):
            return None
        return [Decimal(p) for p in parts]

    g, a = members(gold), members(strip_delims(answer))
    return (g is not None and a is not None and len(a) > 1 and set(g) == set(a)
            and Counter(g) != Counter(a))


def _comma_list(s: str) -> bool:
    """A list of numbers ("1,2", "3, -5"), not one number with grouped digits ("12,345")."""
    core = strip_delims(s)
    return bool(re.search(r"\d\s*,\s*-?\d", core)) and not re.fullmatch(
        r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", core)


def _one_percent_reading(gold: list[Any], extracted: str, question: str | None
                         ) -> list[Any] | None:
    """An answer "x%" against a gold without a percent sign is read ONE way, never both:
    as notation (x itself) when the question asks for a percent or the gold is an integer
    (datasets drop the sign: "what percent ...?" -> 5), else as its value x/100 (gold 0.25
    for "25%"). Accepting either reading would let "500%" pass for a gold 5 and let a policy
    hedge between two numbers with one answer."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    a = parse_whole(re.sub(r"\\?%|\s*\bpercent\b", "", extracted))
    if not a:
        return None
    g = next((x for x in gold if isinstance(x, sympy.Basic)), None)
    asks_percent = bool(question and re.search(r"%|\bpercent", question, re.IGNORECASE))
    if asks_percent or (g is not None and g.is_number and sympy.nsimplify(g).is_integer):
        return a
    value = next((x for x in a if isinstance(x, sympy.Basic)), None)
    return [value / 100] if value is not None else None


_TEXT_WORD = re.compile(r"^\\(?:text|textbf|mathrm)\s*\{\s*([A-Za-z]+)\s*\}$")
_PLAIN_WORD = re.compile(r"^[A-Za-z]{2,}$")


def _same_word(gold: str, answer: str | None) -> bool:
    """A one-word answer ("odd", "None", "yes") against the same word as the gold (`\\text{odd}`
    or a plain word of two letters or more): extraction reads no math in a bare word, so the
    word is compared as text, one word only, ignoring case ("Yes" answers "yes": a word is not
    a variable, whose case matters)."""
    if not answer:
        return False
    g = strip_delims(gold)
    m = _TEXT_WORD.match(g)
    word = m.group(1) if m else g if _PLAIN_WORD.match(g) else None
    return word is not None and strip_delims(answer).lower() == word.lower()


def _divides_by_zero(parsed: list[Any]) -> bool:
    """An answer with a division by zero in it ("4 0/0", "3/0") has no value. Left to sympy,
    an unevaluated `(1000*0)/0` can simplify to 0 and match a gold 0."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    for x in parsed:
        if isinstance(x, sympy.Basic) and (x.has(sympy.zoo, sympy.nan) or any(
                p.base.is_zero and p.exp.is_negative for p in x.atoms(sympy.Pow))):
            return True
    return False


def _is_statement(parsed: list[Any]) -> bool:
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    return any(isinstance(x, sympy.core.relational.Relational) for x in parsed)


def _value_of_statement(parsed: list[Any]) -> list[Any] | None:
    """For a gold that is a value, not a statement: `x = 5` and `5 = x` answer 5, and a true
    calculation between numbers states its result (`10 - 3 = 7`, `47^2 - 2 = 2207`: a reply that
    shows its working ends with the value). Any other equation (`6 = 5`, `2+2=5`, `(x+2)(x+3) =
    x^2+5x+6`) is a statement, not a value, and is rejected (None). Answers that are not
    equations pass as they are. math-verify on its own compares the right-hand side whatever the
    left says, so a false calculation ("2+2=5") would pass for 5."""
    import sympy  # lazy: CLI start-up (sympy ~0.3 s; the graders load with the CLI)

    eq = next((x for x in parsed if isinstance(x, sympy.Eq)), None)
    if eq is None:
        return parsed
    if lone_variable(eq.lhs):
        return [eq.rhs]
    if lone_variable(eq.rhs):
        return [eq.lhs]
    if (isinstance(eq.lhs, sympy.Expr) and isinstance(eq.rhs, sympy.Expr) and eq.lhs.is_number
            and eq.rhs.is_number and sympy.simplify(eq.lhs - eq.rhs) == 0):
        return [eq.rhs]
    return None


def warm_up() -> None:
    """Run once in each worker before its first check: imports and sympy's first-use work."""
    check_equivalence("\\frac{1}{2}", "0.5")
    check_equivalence("\\{1, 2\\}", "x = 2 \\text{ or } x = 1")


@dataclass(frozen=True)
class MathCheck:
    equivalent: bool
    reason: str  # equivalent | not_equivalent | no_answer | not_simplest_form: ... | timeout ...
    extracted: str | None = None
    timed_out: bool = False
    seconds: float = 0.0


def question_of(task: Task) -> str | None:
    users = [m.content for m in task.prompt if m.role == "user"]
    return users[-1] if users else None


class MathGrader:
    """1.0 when the final answer is mathematically equivalent to `verification["answer"]`.

    `simplest_form=None` reads `verification["simplest_form"]` per task. Components: `correct`,
    `no_answer`, `timeout` (1.0 when the worker was killed at `timeout` seconds).

    `on_timeout="zero"` grades a timed-out check 0 (counted, flagged `verifier_timeout`);
    `"exclude"` raises InfrastructureError(GRADER_ERROR) so the runner records the trajectory
    as errored and trainers leave it out of the update."""

    def __init__(self, simplest_form: bool | None = None, timeout: float = 5.0,
                 workers: int = 1, reject_restatement: bool = True,
                 pool: WorkerPool | None = None, on_timeout: str = "zero") -> None:
        if on_timeout not in ("zero", "exclude"):
            raise ValueError(f"on_timeout must be 'zero' or 'exclude', got {on_timeout!r}")
        self.simplest_form = simplest_form
        self.reject_restatement = reject_restatement
        self.on_timeout = on_timeout
        self.pool = pool or WorkerPool(size=workers, timeout=timeout,
                                       warmup=("veriloop.graders.math_equiv:warm_up",))

    def check(self, gold: str, answer: str | None, simplest_form: bool = False,
              question: str | None = None) -> MathCheck:
        r = self.pool.call("veriloop.graders.math_equiv:check_equivalence", gold=str(gold),
                           answer=answer, simplest_form=simplest_form,
                           question=question if self.reject_restatement else None)
        if r.status == "timeout":
            return MathCheck(False, f"timeout: {r.error}", timed_out=True, seconds=r.seconds)
        if r.status == "error":
            return MathCheck(False, f"error: {r.error}", seconds=r.seconds)
        v = r.value
        return MathCheck(bool(v["equivalent"]), v["reason"], v["extracted"], seconds=r.seconds)

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        gold = task.verification.get("answer")
        if gold is None:
            raise ValueError(f"task {task.id!r} has no verification['answer'] for the math grader")
        answer = trajectory.final_answer
        if answer is None and trajectory.turns:
            answer = trajectory.turns[-1].action_text
        simplest = (bool(task.verification.get("simplest_form", False))
                    if self.simplest_form is None else self.simplest_form)
        c = self.check(str(gold), answer, simplest, question_of(task))
        if c.timed_out and self.on_timeout == "exclude":
            raise InfrastructureError(f"math verifier {c.reason}", FaultKind.GRADER_ERROR)
        flags = (f"verifier_timeout: {c.reason}",) if c.timed_out else ()
        return Grade(score=float(c.equivalent), passed=c.equivalent,
                     components={"correct": float(c.equivalent),
                                 "no_answer": float(c.reason == "no_answer"),
                                 "timeout": float(c.timed_out)},
                     flags=flags, explanation=f"{c.reason} (extracted {c.extracted!r})")

    def close(self) -> None:
        self.pool.close()


@register_grader("math")
def math_grader(simplest_form: bool | None = None, timeout: float = 5.0, workers: int = 1,
                reject_restatement: bool = True, on_timeout: str = "zero") -> MathGrader:
    """Math equivalence via math-verify in `workers` processes with a `timeout` per check."""
    return MathGrader(simplest_form, timeout, workers, reject_restatement,
                      on_timeout=on_timeout)
