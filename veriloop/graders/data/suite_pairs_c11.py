r"""Collection 11 of the public answer-equivalence cases: the ninth blind held-out (`heldout9`).

Written and committed (issue 43, math11) before anyone read `heldout8`'s failures or changed the
grader after its one measurement; `heldout8` is spent as tuning data only after this commit, and
`heldout9` is measured once afterwards, counts only.

The grader's domain: final answers of math problems as LLMs (and students) write them against a
gold answer. Sources (none used by collections 1-10), each row keeping the label its test asserts:
inspect_ai's math scorer fixture (`repo@commit path`), and, where the public code index records no
repository, the index's file id and the function the test calls (as stored on 2026-11-28):
- RL/eval projects' math graders' tests: a DeepScaleR filter's verifier self-test, turbolora's
  `grade`, a program-of-thought runner's `grade`, a `score_math_answer` test, verifyit's native
  math mode, a frozen `verify_terminal_answer` regression, MATH-Perturb's vendored grader, a
  FrontierMath `SymbolicScorer` demo, mathnet_eval's grading layers, a GSM numeric extractor,
  and small `answers_equivalent` / `symbolic_equal` tests of six projects.
- Students' answer checkers: a C++ expression checker's self-test in plain-text notation
  (`sin^2 x`, `x e^x`, `tan^-1 x`), a TypeScript algebra engine (`areEquivalent`, `grade`,
  `exactMatch`), two TypeScript polynomial checkers, a Python polynomial normaliser's demo table,
  an arithmetic puzzle's `areEquivalent`, and cortex-js compute-engine's `isEquivalent` suite
  (ported from a Python checker: equations, relations, trig identities; its tests are skipped
  there, the labels are the authors').

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, a "canonical form" mode, "up to a constant"), empty or
  `None` answers, text answers ("odd $n$", "hello"), extraction-only assertions.
- Symmetric checkers (`eq(a, b)`, `areEquivalent(a, b)`) put their first argument as the answer.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-10, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection, as for collections 8-10.
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.

Size: 308 rows copied (86 not equivalent); 213 remain after repeats are dropped, 60 of them not
equivalent. That meets this round's reduced brief (>= 150 cases, >= 60 negatives) but not the
issue's >= 100 negatives, so one false positive here costs 1.7% and heldout9 alone cannot show
FP <= 1%.
"""

from __future__ import annotations

INSPECT = ("UKGovernmentBEIS/inspect_ai@05d0479 tests/scorer/math_cases.json "
           "(math() scorer: output against target, C or I)")
DEEPSCALER = ("DeepScaleR filter script's verifier self-test (index file 68969091941): "
              "VERIFIER_CASES, answers_equivalent(pred, gold)")
TURBOLORA = "turbolora tests (index file 62666275243): turbolora.tasks.grade(pred, gold)"
POT_RUNNER = ("program-of-thought runner tests (index file 67499695033): "
              "grade(prediction, gold)['correct']")
SCORE_MATH = ("core.math_scoring tests (index file 55629474633): "
              "score_math_answer(prediction, reference).correct")
VERIFYIT = ("verifyit native math mode tests (index file 70101171261): "
            "verifyit_math_answers_equivalent(candidate, [reference])")
FROZEN = ("frozen math grader regression fixtures (index file 69634045851): "
          "grade(\\boxed{candidate}, [gold])")
PERTURB = ("MATH-Perturb vendored grader tests (index file 57971297488): "
           "math_perturb.math_equal / answer_check / eval_math")
CPP_EXPR = ("C++ expression checker self-test (index file 71588228575): "
            "eq(a, b, want) via Equivalent(Parse(a), Parse(b))")
TS_ENGINE = ("TypeScript algebra engine vitest (index file 70287742013): "
             "areEquivalent(a, b), grade(answer, key, 'equivalent'), exactMatch(a, b)")
TS_POLY = ("TypeScript polynomial checker tests (index file 55108580108): "
           "areEquivalent(a, b), polynomialsEqual(parsePolynomial(a), parsePolynomial(b))")
POLY_DEMO = ("polynomial expression analyzer demo table (index file 37412013184): "
             "equivalence_tests, are_equivalent(parse(a), parse(b))")
FRONTIER = ("FrontierMath evaluator demo (index file 54889443687): "
            "SymbolicScorer().symbolic_match(model_ans, ref)")
MATHNET = ("mathnet_eval grading tests (index file 52940437359): "
           "symbolic_equal, grade(text, gold), normalize_for_exact(a) == normalize_for_exact(b)")
DRIFTMATH = ("driftmath oracle tests (index file 55293966371): "
             "driftmath.core.sym_utils.symbolic_equal(a, b)")
SYMPY_TOOL = ("sympy verify tool tests (index file 71047635310): "
              "call('verify', operation='equivalent', left, right)")
FORMULA = ("formula parser tests (index file 66631568051): "
           "sympy_equivalent(parse_formula(a).root, parse_formula(b).root)")
NUMBER_EXTRACT = ("numeric answer extractor self-test (index file 63010119597): "
                  "(text, gold, expected) table")
SYMBOLIC_KIND = ("answer-kind grader tests (index file 70115096447): "
                 "symbolic_equal(a, b), answers_equivalent(a, b, 'math')")
RADICALS = ("answer_norm tests (index file 52752383818): answers_equivalent(a, b)")
FRACTIONS = ("answer_evaluator tests (index file 63046917122): "
             "answers_equivalent(submitted, expected)")
TIERS = ("math pipeline tests (index file 56226138734): answers_equivalent(a, b)")
CE_EQUIV = ("cortex-js compute-engine isEquivalent suite, ported from a Python checker's "
            "(index file 29157513111): isEquivalent(a, b) (describe.skip blocks; the Python "
            "call in each test name)")
SECRET_POLY = ("polynomial guessing game parser tests (index file 55211740676): "
               "isEquivalent(guess, SECRET) with SECRET x^2 - 4")
ARITH_PUZZLE = ("arithmetic puzzle tests (index file 2764370542): areEquivalent(a, b) of two "
                "arithmetic expressions")
RU_PIPELINE = ("answer_verify pipeline tests (index files 60197085356, 59690317800): "
               "answers_equivalent(a, b, answer_type)")

# (source, answer, gold, equivalent)
C11_CASES = [
    # INSPECT (output, target)
    (INSPECT, r"The answer is \boxed{42}", "42", True),
    (INSPECT, r"\boxed{\frac{1}{2}}", "0.5", True), (INSPECT, r"\boxed{42}", "43", False),
    (INSPECT, "The answer is 42", "42", True), (INSPECT, r"\boxed{\sqrt2}", r"$\sqrt{2}$", True),
    (INSPECT, r"\boxed{33.5\%}", "0.335", True), (INSPECT, "The answer is $$42$$", "42", True),
    (INSPECT, r"\boxed{\sqrt{\sqrt{2}}}", "2**(1/4)", True),
    (INSPECT, r"$\{1,2,3\}$", r"$\{3, 2, 1\}$", True),
    (INSPECT, r"$\left(1, 2\right)$", r"$\left(1, 2\right)$", True),
    (INSPECT, r"\boxed{1.5 \times 10^3}", "1500", True), (INSPECT, r"\boxed{x^2 - x^2}", "0", True),
    (INSPECT, "-1 + sqrt(3)", r"\sqrt{3} - 1", True),
    (INSPECT, "(3*sqrt(5))/7", r"\frac{3\sqrt{5}}{7}", True),
    (INSPECT, r"\left( 3, \frac{\pi}{2} \right)", r"\left(3,\frac{\pi}{2}\right)", True),
    (INSPECT, r"(-\infty,-8)\cup (8,\infty)", r"(-\infty,-8)\cup (8,\infty)", True),
    (INSPECT, r"2,3,\frac{3+i\sqrt{3}}{2},\frac{3-i\sqrt{3}}{2}",
     r"2,3,\frac{3+i\sqrt{3}}{2},\frac{3-i\sqrt{3}}{2}", True),
    (INSPECT, r"\boxed{\binom{2026}{1013}}", r"\binom{2026}{1013}", True),
    (INSPECT, r"\boxed{2024^{4046}}", "2024^{4046}", True),
    (INSPECT, r"\boxed{1/2004!}", "1/2004!", True), (INSPECT, r"\boxed{2^{2025}}", "3^{2025}", False),
    (INSPECT, r"\boxed{10\text{ cm}}", "10", True), (INSPECT, r"\boxed{\$15,\!000}", "15000", True),
    (INSPECT, "x=2", "2=x", True), (INSPECT, "x<2", "2>x", True),
    (INSPECT, r"\boxed{\;\angle APC = 74^\circ\;}", r"74^\circ", True),
    (INSPECT, r"\boxed{74°}", r"74^\circ", True),
    # DEEPSCALER (pred, gold)
    (DEEPSCALER, " 42 ", "42", True), (DEEPSCALER, "42.", "42", True),
    (DEEPSCALER, "42,", "42", True), (DEEPSCALER, r"\dfrac{1}{2}", r"\frac{1}{2}", True),
    (DEEPSCALER, r"\tfrac{1}{2}", "1/2", True), (DEEPSCALER, r"\frac{1}{2}", "0.5", True),
    (DEEPSCALER, r"\frac12", "1/2", True), (DEEPSCALER, r"\frac{2}{4}", r"\frac{1}{2}", True),
    (DEEPSCALER, r"\frac{1}{3}", "0.333333333333", True),
    (DEEPSCALER, r"\frac{1}{3}", "0.33", False),
    (DEEPSCALER, r"\frac{1}{2}", r"\frac{1}{3}", False),
    (DEEPSCALER, r"\left(3\right)", "(3)", True), (DEEPSCALER, r"1\,000", "1000", True),
    (DEEPSCALER, r"\frac{1}{2}\!", "1/2", True), (DEEPSCALER, "1,234,567", "1234567", True),
    (DEEPSCALER, r"\text{42}", "42", True), (DEEPSCALER, r"42\text{ cm}", "42", True),
    (DEEPSCALER, "42 units", "42", True), (DEEPSCALER, r"\$42", "42", True),
    (DEEPSCALER, r"42\%", "42", True), (DEEPSCALER, r"90^\circ", "90", True),
    (DEEPSCALER, "+7", "7", True), (DEEPSCALER, ".5", "0.5", True),
    (DEEPSCALER, "-3", "3", False), (DEEPSCALER, "2.50", "2.5", True),
    (DEEPSCALER, r"3\times10^{8}", "300000000", True), (DEEPSCALER, "3e8", "300000000", True),
    (DEEPSCALER, r"\sqrt{2}", r"\sqrt{2}", True), (DEEPSCALER, r"\pi", r"\pi", True),
    (DEEPSCALER, "(1,2)", "(1,2)", True), (DEEPSCALER, "(1,2)", "(2,1)", False),
    # TURBOLORA (pred, gold)
    (TURBOLORA, "18.0", "18", True), (TURBOLORA, "0.5", "50", False),
    (TURBOLORA, r"3.83\times10^{35}", "3.83e35", True),
    (TURBOLORA, "3.89e-10", r"3.89\times10^{-10}", True),
    (TURBOLORA, r"3.83\times10^{35}", r"3.9\times10^{35}", False),
    (TURBOLORA, "19", "18", False), (TURBOLORA, r"\frac{1}{2}", r"\frac{2}{4}", True),
    (TURBOLORA, r"(3,\frac{\pi}{2})", r"(3,\pi/2)", True),
    (TURBOLORA, "x^2+2x+1", "(x+1)^2", True), (TURBOLORA, r"\sqrt{2}", "1.5", False),
    (TURBOLORA, "50", r"50\%", True), (TURBOLORA, r"\$18", "18", True),
    (TURBOLORA, "1050", "1,050", True), (TURBOLORA, "18", "18.00", True),
    (TURBOLORA, r"\pi", "3.14159", False), (TURBOLORA, r"2\sqrt{2}", r"\sqrt{8}", True),
    (TURBOLORA, "x=3", "3", True), (TURBOLORA, "1,2", "2,1", True),
    (TURBOLORA, r"\text{(A)}", "A", True), (TURBOLORA, "A", "(A)", True),
    # POT_RUNNER (prediction, gold)
    (POT_RUNNER, "[0,1]", "(0,1)", False), (POT_RUNNER, "[0,1)", "[0,1]", False),
    (POT_RUNNER, r"\{1,2\}", r"\{2,1\}", True), (POT_RUNNER, "17", "4", False),
    (POT_RUNNER, "52", "52_8", False),
    # SCORE_MATH (prediction, reference)
    (SCORE_MATH, r"2\sqrt{3}", r"\sqrt{12}", True), (SCORE_MATH, r"\dfrac{3}{4}", r"\frac{3}{4}", True),
    (SCORE_MATH, "5x^2", "5x^{2}", True), (SCORE_MATH, "50%", "50", True),
    (SCORE_MATH, "1.250", "1.25", True), (SCORE_MATH, r"\left(2\,\pi\right)", r"2\cdot\pi", True),
    (SCORE_MATH, "−3", "-3", True), (SCORE_MATH, r"30^{\circ}", "30°", True),
    (SCORE_MATH, r"\frac{1}{\sqrt{4}}", r"\frac{1}{2}", True), (SCORE_MATH, "5", "6", False),
    (SCORE_MATH, "x+1", "x+2", False), (SCORE_MATH, "(1,2)", r"\left(1, 2\right)", True),
    (SCORE_MATH, r"[0, \infty)", r"[0,\infty)", True),
    (SCORE_MATH, r"Final answer: \boxed{[1,2]}", "[1,2]", True),
    # VERIFYIT (candidate, reference)
    (VERIFYIT, "0.6", r"\frac{1}{2}", False), (VERIFYIT, "x+x", "2*x", True),
    (VERIFYIT, "3*x", "2*x", False), (VERIFYIT, "reasoning 99\n42", "42", True),
    (VERIFYIT, "42 elephants and 7 giraffes", "42", False), (VERIFYIT, r"10\%", r"10\%", True),
    # FROZEN (candidate, gold)
    (FROZEN, "1/576", r"\frac{1}{576}", True),
    (FROZEN, r"\frac{-1-\sqrt{17}}{2},\frac{-1+\sqrt{17}}{2}",
     r"\frac{-1+\sqrt{17}}{2}, \frac{-1-\sqrt{17}}{2}", True),
    (FROZEN, r"\frac{-1+\sqrt{17}}{2}", r"\frac{-1+\sqrt{17}}{2}, \frac{-1-\sqrt{17}}{2}", False),
    (FROZEN, r"\frac{3-i\sqrt{3}}{2},2,\frac{3+i\sqrt{3}}{2},3",
     r"2,3,\frac{3+i\sqrt{3}}{2},\frac{3-i\sqrt{3}}{2}", True),
    (FROZEN, "2", r"2,3,\frac{3+i\sqrt{3}}{2},\frac{3-i\sqrt{3}}{2}", False),
    (FROZEN, r"2^{25} \cdot 26!", r"2^{25} \cdot 26!", True), (FROZEN, "74", r"74^\circ", True),
    # PERTURB
    (PERTURB, "1/5120", "1/28800", False), (PERTURB, "18{,}234", "18234", True),
    (PERTURB, r"1 - \sqrt[4]{x + 1}", r"1 - (x + 1)^{\frac14}", True),
    (PERTURB, "2, 4", "2, 3", False), (PERTURB, "2, 3", "2, 3", True),
    # CPP_EXPR (a, b): how students type things
    (CPP_EXPR, "2x", "2*x", True), (CPP_EXPR, "x e^x", "x*exp(x)", True),
    (CPP_EXPR, "xe^x - e^x", "e^x (x - 1)", True), (CPP_EXPR, "sin^2 x", "(sin(x))^2", True),
    (CPP_EXPR, "sin^2(x) + cos^2 x", "1", True), (CPP_EXPR, "sin x cos x", "sin(2x)/2", True),
    (CPP_EXPR, "sin 2x", "2 sin x cos x", True), (CPP_EXPR, "ln|x|", "ln(abs(x))", True),
    (CPP_EXPR, "ln x^2", "2 ln x", True), (CPP_EXPR, "1/2 x^2", "x^2/2", True),
    (CPP_EXPR, "(1/2)x^2", "0.5x^2", True), (CPP_EXPR, "e^(3x)", "(e^x)^3", True),
    (CPP_EXPR, "x^-1", "1/x", True), (CPP_EXPR, "2^-x", "(1/2)^x", True),
    (CPP_EXPR, "sqrt x", "x^(1/2)", True), (CPP_EXPR, "√(x+1)", "sqrt(x+1)", True),
    (CPP_EXPR, "π x", "pi*x", True), (CPP_EXPR, "x²", "x^2", True),
    (CPP_EXPR, "arctan(x)", "tan^-1 x", True), (CPP_EXPR, "arcsin x", "asin(x)", True),
    (CPP_EXPR, "sec^2 x", "1 + tan^2 x", True),
    (CPP_EXPR, "|x - 1| + 2|x|", "abs(x-1) + 2 abs(x)", True),
    (CPP_EXPR, "x ln x - x", "x(ln x - 1)", True), (CPP_EXPR, "-x^2", "-(x^2)", True),
    (CPP_EXPR, "2^3^2", "2^9", True), (CPP_EXPR, "3!", "6", True),
    (CPP_EXPR, "x^(1/3)", "cbrt(x)", True), (CPP_EXPR, "x^2", "x^3", False),
    (CPP_EXPR, "sin x", "cos x", False), (CPP_EXPR, "e^x", "e^x + 1", False),
    (CPP_EXPR, "x/2", "2/x", False), (CPP_EXPR, "1/(x+1)", "1/x + 1", False),
    # TS_ENGINE (a, b); grade(answer, key)
    (TS_ENGINE, "2x+3", "3+2x", True), (TS_ENGINE, "2x+3", "2x-3", False),
    (TS_ENGINE, "sqrt(50)", "5sqrt(2)", True), (TS_ENGINE, "sqrt(50)", "5sqrt(3)", False),
    (TS_ENGINE, "1/2", "0.5", True), (TS_ENGINE, "-3", "3", False),
    (TS_ENGINE, "y=2x+5", "y-2x=5", True), (TS_ENGINE, "y=2x+5", "2y=4x+10", True),
    (TS_ENGINE, "y=2x+5", "y=2x-5", False), (TS_ENGINE, "x=3", "2x=6", True),
    (TS_ENGINE, "2x-3", "2x+3", False), (TS_ENGINE, "x=4", "x=4", True),
    (TS_ENGINE, "(-3, 2)", "(-3,2)", True), (TS_ENGINE, "3, -5", "-5,3", True),
    (TS_ENGINE, "3, -5", "3,5", False), (TS_ENGINE, "5 > x", "x < 5", True),
    (TS_ENGINE, "x >= -2", "-2 <= x", True), (TS_ENGINE, "x > 5", "x < 5", False),
    # TS_POLY (a, b)
    (TS_POLY, "(x-2)(x+3)", "x^2 + x - 6", True), (TS_POLY, "x^2 + x - 6", "x^2 + x + 6", False),
    (TS_POLY, "(x-2)(x+3)", "(x+3)(x-2)", True), (TS_POLY, "x^2", "x", False),
    (TS_POLY, "x^2 + 1", "x^3 + 1", False), (TS_POLY, "2x^2 - 5x + 1", "2x^2 - 5x + 1", True),
    # POLY_DEMO (a, b)
    (POLY_DEMO, "1 + x", "x + 1", True), (POLY_DEMO, "x + y", "y + x", True),
    (POLY_DEMO, "x * y", "y * x", True), (POLY_DEMO, "2 * x", "x * 2", True),
    (POLY_DEMO, "(x + y) + z", "x + (y + z)", True), (POLY_DEMO, "1 + (2 + x)", "(1 + 2) + x", True),
    (POLY_DEMO, "(x * y) * z", "x * (y * z)", True), (POLY_DEMO, "(x + 1)^2", "x^2 + 2x + 1", True),
    (POLY_DEMO, "(x + 1) * (x + 1)", "x^2 + 2x + 1", True),
    (POLY_DEMO, "(x + y)^2", "x^2 + 2xy + y^2", True),
    (POLY_DEMO, "(x + 1)^3", "x^3 + 3x^2 + 3x + 1", True), (POLY_DEMO, "2x + 3y", "3y + 2x", True),
    (POLY_DEMO, "3x + 2", "2 + 3x", True), (POLY_DEMO, "x + 1", "x + 2", False),
    (POLY_DEMO, "x * y", "x + y", False), (POLY_DEMO, "2(x + 1)", "2x + 2", True),
    (POLY_DEMO, "3(x + y)", "3x + 3y", True), (POLY_DEMO, "x + y + z", "z + y + x", True),
    (POLY_DEMO, "x*y + x*z", "x*(y + z)", True), (POLY_DEMO, "0 + x", "x", True),
    (POLY_DEMO, "x * 1", "x", True), (POLY_DEMO, "x + 0", "x", True),
    # FRONTIER (model_ans, ref)
    (FRONTIER, "2*x", "x + x", True), (FRONTIER, "x^2 + 1", "1 + x^2", True),
    (FRONTIER, "sqrt(4)", "2", True), (FRONTIER, "sin(pi/6)", "1/2", True),
    (FRONTIER, "pi", "3.14", False),
    # MATHNET
    (MATHNET, "1/4", "0.25", True), (MATHNET, r"-\dfrac{1}{4}", "-1/4", True),
    (MATHNET, "2/3", "3/2", False), (MATHNET, "Final answer: 42", "42", True),
    (MATHNET, "Final answer: $42$", "42", True), (MATHNET, "Final answer: $A = -1$", "-1", True),
    (MATHNET, r"Final answer: $-\dfrac{1}{4}$", "-1/4", True),
    (MATHNET, "Final answer: 11", "7", False), (MATHNET, r"$x \leq 5$", "x ≤ 5", True),
    (MATHNET, r"$x \neq 0$", "x ≠ 0", True), (MATHNET, "a_n = 2^n", "2^n", True),
    (MATHNET, "42;", "42", True), (MATHNET, r"2 \cdot 3", "2 · 3", True),
    (MATHNET, r"2 \times 3", "2 × 3", True),
    # DRIFTMATH (a, b)
    (DRIFTMATH, "x + x", "2*x", True), (DRIFTMATH, "(x + 1)**2", "x**2 + 2*x + 1", True),
    (DRIFTMATH, "x + 1", "x + 2", False), (DRIFTMATH, "x", "y", False),
    (DRIFTMATH, "{3}", "{3}", True), (DRIFTMATH, "{3}", "{3, -2}", False),
    (DRIFTMATH, "x >= 0", "0 <= x", True), (DRIFTMATH, "x >= 0", "x > 0", False),
    # SYMPY_TOOL (left, right)
    (SYMPY_TOOL, "sin(x)**2 + cos(x)**2", "1", True),
    (SYMPY_TOOL, "(x + 1)**2", "x**2 + 2*x", False),
    # FORMULA (a, b)
    (FORMULA, "(a + b)^2", "a^2 + 2 * a * b + b^2", True), (FORMULA, "a + b", "a * b", False),
    # NUMBER_EXTRACT (text, gold)
    (NUMBER_EXTRACT, "-0", "0", True), (NUMBER_EXTRACT, "The result is 123", "123", True),
    (NUMBER_EXTRACT, "42", "43", False), (NUMBER_EXTRACT, "-5", "5", False),
    (NUMBER_EXTRACT, "5.5", "5", False),
    # SYMBOLIC_KIND (a, b)
    (SYMBOLIC_KIND, r"\sqrt{4}", "2", True), (SYMBOLIC_KIND, r"\dfrac{2}{4}", r"\frac{1}{2}", True),
    (SYMBOLIC_KIND, "2", r"\sqrt{4}", True),
    # RADICALS (a, b)
    (RADICALS, "4/3", "4/3", True), (RADICALS, "2.3%", "0.023", True),
    (RADICALS, "(9*sqrt(2)-6)/7", "3*sqrt(2)/(3+sqrt(2))", True), (RADICALS, "1/2", "1/3", False),
    # FRACTIONS (submitted, expected)
    (FRACTIONS, "2/4", "1/2", True), (FRACTIONS, "1 1/2", "3/2", True),
    (FRACTIONS, "-1 1/2", "-3/2", True), (FRACTIONS, "5.0", "5", True),
    (FRACTIONS, " 2 / 4 ", "1/2", True), (FRACTIONS, "1⁄2", "2/4", True),
    (FRACTIONS, "+1/2", "0.5", True), (FRACTIONS, "1/0", "1/2", False),
    # TIERS (a, b)
    (TIERS, "42", "43", False), (TIERS, "0.5", "1/2", True),
    # RU_PIPELINE (a, b)
    (RU_PIPELINE, r"$0.8\%$", "0.8", False), (RU_PIPELINE, "1 / (a - b)", "1/(a+b)", False),
    # CE_EQUIV (a, b)
    (CE_EQUIV, "1+1", "2", True), (CE_EQUIV, "1", "2", False), (CE_EQUIV, "2.1", "0.21e+1", True),
    (CE_EQUIV, r"\frac13", r"\frac26", True), (CE_EQUIV, r"\frac13", "0.333", False),
    (CE_EQUIV, "2", "2.0", True), (CE_EQUIV, "x = 2", "x = 2.0", True),
    (CE_EQUIV, "x = 2", "x = 1 + 1", True), (CE_EQUIV, "2x+4 = 2", "x + 2 = 1", True),
    (CE_EQUIV, "2", "3", False), (CE_EQUIV, r"9 = \frac{63}{7}", r"\frac{63}{7} = 9", True),
    (CE_EQUIV, "x = 0.5", r"x = \frac12", True), (CE_EQUIV, "x = 0.5", "x = .5", True),
    (CE_EQUIV, r"x^{\frac12}", "x^{0.5}", True), (CE_EQUIV, "a = 2b + 1", "-2b-1 = -a", True),
    (CE_EQUIV, "a = 2b+1", "-2b -1 = -a + 1", False),
    (CE_EQUIV, r"\cos(t)", r"\sin(t+\frac\pi2)", True),
    (CE_EQUIV, r"\cos(t+\frac\pi2)", r"-\sin(t)", True),
    (CE_EQUIV, r"\sin(2x)", r"2\sin(x)\cos(x)", True),
    (CE_EQUIV, r"\cos(2x)", r"1-2\sin(x)^2", True), (CE_EQUIV, r"\exp(\ln(x))", "x", True),
    (CE_EQUIV, "y = 3", "y = 3x-2", False),
    (CE_EQUIV, "2x+6y = 25.5", "y = -10.8x^2+83.08x-9.99", False),
    (CE_EQUIV, "x = 7", "3.45x = 24.15", True), (CE_EQUIV, "x = 7.1", "3.45x = 24.15", False),
    (CE_EQUIV, "x =  1", "1 = x", True), (CE_EQUIV, r"x \gt 1", r"1 \lt x", True),
    (CE_EQUIV, r"x \gt 1", r"x \lt 1", False), (CE_EQUIV, r"x \ne 1", r"1 \ne x", True),
    (CE_EQUIV, r"x \ge 1", r"1 \le x", True), (CE_EQUIV, r"x \ge 1", r"x \le 1", False),
    (CE_EQUIV, r"225 \lt x", r"4x \gt 900", True), (CE_EQUIV, r"225.1 \lt x", r"4x\gt 900", False),
    (CE_EQUIV, r"x \lt 225", r"4x \gt 900", False),
    (CE_EQUIV, r"f(5)\times30 + 2.25 = 152.25", "f(5) = 5", True),
    (CE_EQUIV, "f(5) + 1 = 5 + 1", "f(5) = 5", True), (CE_EQUIV, "f(4) = 5", "f(5) = 5", False),
    (CE_EQUIV, "f(5) = 4", "f(5) = 5", False),
    (CE_EQUIV, "t+5h+150c = 30m", r"t = c+m\times h", False),
    (CE_EQUIV, "t+5h+150c = 30m", r"\frac{t}{c+mh} = 1", False),
    (CE_EQUIV, "t+5h+150c = 30m", r"\frac{1}{m} = \frac{h}{t-c}", False),
    (CE_EQUIV, r"(((251.05)))^{(((5466532)))}", "5", False),
    (CE_EQUIV, r"40\times1.05\times(0)^{(((n-1)))}", r"40\times(1.05)^{n-1}", False),
    (CE_EQUIV, "g(5) = -0.5x+512", "g(x) = -.5x+512", False),
    # ARITH_PUZZLE (a, b)
    (ARITH_PUZZLE, "2*3+4", "3*2+4", True), (ARITH_PUZZLE, "5*2-44", "2*5-44", True),
    (ARITH_PUZZLE, "3-1+2", "2+3-1", True), (ARITH_PUZZLE, "2*3+4", "3*2-4", False),
    (ARITH_PUZZLE, "5*2-44", "7-7-54", False), (ARITH_PUZZLE, "1+1+1", "2+2", False),
    (ARITH_PUZZLE, " 2*3 +4", "3* 2 + 4 ", True), (ARITH_PUZZLE, "1- 1 + 1", "2 +  2", False),
    # SECRET_POLY (guess, x^2 - 4)
    (SECRET_POLY, "-4 + x^2", "x^2 - 4", True), (SECRET_POLY, "(x-2)(x+2)", "x^2 - 4", True),
    (SECRET_POLY, "x*x - 4", "x^2 - 4", True), (SECRET_POLY, "x^2 - 3", "x^2 - 4", False),
    (SECRET_POLY, "x^2", "x^2 - 4", False), (SECRET_POLY, "2*x - 4", "x^2 - 4", False),
    (SECRET_POLY, "x^3 - 4", "x^2 - 4", False), (SECRET_POLY, "y^2 - 4", "x^2 - 4", False),
]

# copied rows whose label rests on that suite's own convention (answer, gold): reason
LEFT_OUT = {
    (r"\beginboxed{8\sqrt{6}}", r"8\sqrt{6}"): "inspect_ai reads a malformed macro as a box (as c10)",
    (r"2\sqrt{3}", r"\sqrt{12}"): ("DeepScaleR self-test: a KNOWN LIMITATION of its string "
                                   "verifier (no algebra); score_math_answer asserts the opposite"),
    ("x+1", "1+x"): "DeepScaleR self-test: the same known limitation (no algebra)",
    ("18 dollars", "18"): ("turbolora: a unit word outside \\text is kept (the DeepScaleR "
                           "self-test asserts '42 units' = 42, as veriloop reads it)"),
    ("5", "[5]"): "score_math_answer: a one-sided parse failure recorded as a method, not a verdict",
    (r"\boxed{42", "42"): "verifyit: an unclosed box voids the answer (a format rule, as c9)",
    ("10%", "10"): ("verifyit: a percent sign makes another value; veriloop reads a percent against "
                    "an integer gold as notation (the documented _one_percent_reading rule)"),
    (r"10\%", "10"): "verifyit: the same percent convention",
    (r"12^{\text{th}}\text{ grade}", "12"): ("verifyit: text after the number voids it; veriloop "
                                             "drops a \\text unit ('10\\text{ cm}' = 10)"),
    (r"12^{\mathrm{th}} \text{ grade}", "12"): "verifyit: the same text convention",
    ("ln x", "log x"): "C++ checker: log is base 10 there (sympy and math-verify read natural log)",
    ("[x+1]{x-1}", "x^2 - 1"): "C++ checker: square and curly brackets as grouping, its own notation",
    ("y=2x+5", "2x+5"): ("TS engine: an equation and an expression are different kinds (veriloop "
                         "reads 'y = expr' as the value, as for KAS in c10)"),
    ("12 and 34", "12"): "numeric extractor: the first of two numbers is the answer",
    (r"0.8\%", r"0.840336\%"): "answer_verify: rounding to the requested precision",
    ("a(a+b)", "a^2+ab"): "compute-engine: 'not equivalent' only with allowSimplify=False (a mode)",
    ("1 = 5 - 4 + 3 - 2 - 1", "1 = 1"): "compute-engine: the same allowSimplify=False mode",
    ("(x-1)(x-5)", "x^2+6x-5"): "compute-engine: a mode row (and a typo: the sign of 6x)",
    ("2 = 1", "3 = 2"): "compute-engine: two false numeric statements, no answer",
    ("3 \\ge 1", "1 \\le 2"): "compute-engine: true numeric statements compared as relations",
    ("1 \\le 2", "1 \\lt 2"): "compute-engine: the same numeric-statement convention",
    ("\\log(x^2)", "2\\log(x)"): "compute-engine: needs forceAssumptions (x > 0), a parameter",
}
