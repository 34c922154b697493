r"""Collection 15 of the public answer-equivalence cases: the thirteenth blind held-out (`heldout13`).

Written and committed (issue 43, math15) before anyone read `heldout12`'s failures or changed the
grader after its one measurement; `heldout12` is spent as tuning data only after this commit, and
`heldout13` is measured once afterwards, counts only.

Sources (none used by collections 1-14; checked against every provenance string and index-file id
in `suite_pairs_c*.py` and `build_suite_pairs.py`), each row keeping the label its test asserts,
named by `repo@commit path` or, where the public code index records no repository, its file id:
- CAS, courseware and tutoring checkers: Numbas' JME part marking, a mark-scheme equivalence
  checker (numbers in standard form, SI units, near-miss wrong answers pinned `not_equal`), a CAS
  conformance suite, a LaTeX normal-form engine, TypeScript/JavaScript/Kotlin/C++/Rust expression
  checkers, French, Korean, Spanish and Chinese tutors' answer and step checkers, symbolic
  identity verifiers.
- RL/eval answer checkers: CAMEL's MathVerifier, RL reward functions (`\boxed{}`, Minerva
  "Final Answer", `<answer>` tags, set answers), benchmark numeric matchers.
Chosen for their non-equivalent pairs (sign slips, missing terms, wrong exponents, wrong units).

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, a required form, an answer type, a unit option) unless
  the suite pins the verdict under every parameter, partial-credit and "unverifiable" verdicts,
  empty answers, parse errors, calculus-operator notation, and decimal-comma rows of a French
  fraction checker.
- Graders with a student and a teacher side put the student's response as the answer; symmetric
  checkers put their first argument as the answer; step checkers put the step's result as the
  answer and the step it came from as the gold.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-14, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection, as for collections 8-14.
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.

Size: 450 rows copied (159 not equivalent); 276 remain after repeats are dropped, 102 of them not
equivalent (the issue asks for >= 250 and >= 100). They come from 33 projects (collection 14 had
11); the largest (the mark-scheme checker) holds 60 (22%), no other more than 16 (6%).
"""

from __future__ import annotations

CAMEL = ("camel-ai/camel@1010572b test/verifiers/test_math_verifier.py MathVerifier().verify(solution, "
         "reference_answer) SUCCESS / FAILURE (default settings)")
NUMBAS = ("numbas/Numbas@8f449f52 tests/parts/part-tests.mjs mark_part(jme part with answer A, student "
          "answer) credit 1 / 0")
FR_CURRIC = ("French curriculum math guard tests (index file 70942515302): verifier_reponse(attendue, "
             "reponse).verdict VALID / INVALID (no required form)")
STEPPROBE = ("stepprobe answer checker tests (index file 66474843878): check_answer(pred, gold).verdict "
             "EQUAL / NOT_EQUAL")
VITEST_EXPR = ("vitest expression checker (index file 65827190539): equivalent(a, b) of two plain-text "
               "expressions")
_ROWS1 = [
    (CAMEL, "0.5", "1/2", True), (CAMEL, "$\\frac{1}{2}$", "0.5", True), (CAMEL, "0.5", "0.3333", False),
    (CAMEL, "$\\frac{1}{2} + \\frac{1}{3}$", "$\\frac{5}{6}$", True),
    (CAMEL, "$x^2 + 2x + 1$", "$(x + 1)^2$", True), (CAMEL, "0.33", "1/3", False),
    (NUMBAS, "2+x", "x+2", True), (NUMBAS, "2", "x+2", False),
    (NUMBAS, "y = x^3 + x^2 + x/3 + 1/27", "y = (x+1/3)^3", True), (NUMBAS, "t/t", "t/T", False),
    (NUMBAS, "-t - 1/4", "-t - 1/4", True),
    (FR_CURRIC, "3", "x=3", True), (FR_CURRIC, "x = 6/2", "x=3", True), (FR_CURRIC, "y=3", "x=3", False),
    (FR_CURRIC, "4", "x=3", False), (FR_CURRIC, "0,5", "1/2", True), (FR_CURRIC, "0.5", "1/2", True),
    (FR_CURRIC, "7/2", "3,5", True), (FR_CURRIC, "x^2+2x+1", "(x+1)^2", True),
    (FR_CURRIC, "x^2+1", "(x+1)^2", False), (FR_CURRIC, "(a+b)²", "a^2+2ab+b^2", True),
    (FR_CURRIC, "3x+2x", "5x", True), (FR_CURRIC, "2√2", "sqrt(8)", True),
    (FR_CURRIC, "x=-2 ou x=2", "x=2 ou x=-2", True), (FR_CURRIC, "x=2", "x=2 ou x=-2", False),
    (FR_CURRIC, "1/0", "1", False), (FR_CURRIC, "ln(0)", "1", False), (FR_CURRIC, "E", "1", False),
    (FR_CURRIC, "I^2", "-1", False),
    (STEPPROBE, "1/2", "0.5", True), (STEPPROBE, "\\frac{1}{2}", "0.5", True),
    (STEPPROBE, "\\frac{1}{2}", "1/2", True), (STEPPROBE, "(x+1)^2", "x^2+2x+1", True),
    (STEPPROBE, "2x+3", "3+2*x", True), (STEPPROBE, "\\sqrt{2}", "2^(1/2)", True),
    (STEPPROBE, "pi/4", "\\frac{\\pi}{4}", True), (STEPPROBE, "A", "(A)", True),
    (STEPPROBE, "(1, 2)", "(1,2)", True), (STEPPROBE, "{1,2,3}", "{3,2,1}", True),
    (STEPPROBE, "\\boxed{42}", "42", True), (STEPPROBE, "1/2", "1/3", False),
    (STEPPROBE, "(x+1)^2", "x^2+1", False), (STEPPROBE, "A", "B", False),
    (STEPPROBE, "(1, 2)", "(1, 3)", False), (STEPPROBE, "{1,2}", "{1,2,3}", False),
    (STEPPROBE, "42", "43", False),
    (VITEST_EXPR, "2(x+3)", "2x+6", True), (VITEST_EXPR, "(x+1)(x-1)", "x^2-1", True),
    (VITEST_EXPR, "(x+2)^2", "x^2+4x+4", True), (VITEST_EXPR, "(x-3)^2-4", "x^2-6x+5", True),
    (VITEST_EXPR, "6 + 2x", "2x+6", True), (VITEST_EXPR, "3x(x+1)", "3x^2+3x", True),
    (VITEST_EXPR, "2x+6", "2x+5", False), (VITEST_EXPR, "(x+1)^2", "x^2+1", False),
    (VITEST_EXPR, "x^2", "x^3", False), (VITEST_EXPR, "-x^2", "0-x*x", True),
    (VITEST_EXPR, "-x^2", "x^2", False), (VITEST_EXPR, "sqrt(x^2)", "abs(x)", True),
    (VITEST_EXPR, "(x+4)^2-16", "x^2+8x", True),
]
_LEFT1 = {
    ("0,5", "1/2"): "decimal comma (a French suite's locale)",
    ("7/2", "3,5"): "decimal comma (a French suite's locale)",
    ("I^2", "-1"): "that suite reads I as a plain symbol, not the imaginary unit",
    ("A", "(A)"): "multiple-choice letter convention (a choice grader's job)",
}


EXPR_AGREE = ("learner expression-language vitest (index file 67055782741): expressionsAgree(a, b).kind "
              "equivalent / different")
BUN_GRADING = ("bun grading tests (index file 58036200243): symbolicallyEqual(a, b, ['x']), "
               "gradeDeterministic({mode: 'symbolic' | 'numeric'}, answer).correct")
CHECKMATHS = ("tutor checkMaths vitest (index file 69531524994): checkMaths({expr, claim}) 'are the same' / "
              "'not the same' / 'wrong'")
AIMATHH = ("aimathh verification engine tests (index file 69221209510): symbolic_equal(a, b, ['x']).status "
           "PASSED / FAILED")
KOTLIN_KERNEL = ("Android math kernel test (index file 55645561899): TrustedMathKernel.equivalence(a, b)"
                 ".status Exact / NotEquivalent")
RIGOR = ("rigor symbolic self-test (index file 69396078562): verify_identity(lhs, rhs) verdict proven / "
         "refuted (no assumptions)")
STRATA = ("strata C++ math verifier test (index file 70350592729): MathVerifier verify_equal / "
          "verify_identity (no assumptions) kVerified / kContradicted")
SOLRATE = ("symbolic-regression metrics tests (index file 33105797649): solution_rate(pred, true) 1.0 / "
           "0.0")
_ROWS2 = [
    (EXPR_AGREE, "abs(x+3)-3", "x", False),
    (EXPR_AGREE, "x + (0.3 - abs(x) + abs(0.3 - abs(x)))/2", "x", False),
    (EXPR_AGREE, "x^2+3x+7", "7+3x+x^2", True), (EXPR_AGREE, "(x+1)^2", "x^2+2x+1", True),
    (EXPR_AGREE, "(x+1)(x+2)", "x^2+3x+2", True), (EXPR_AGREE, "2(x+3)/2", "x+3", True),
    (EXPR_AGREE, "x^2+3x+7", "x^2+3x+8", False), (EXPR_AGREE, "x^2+3x+7", "x^2+2x+7", False),
    (EXPR_AGREE, "(x+1)^2", "x^2+1", False), (EXPR_AGREE, "2x", "x^2", False),
    (EXPR_AGREE, "sin(x)", "cos(x)", False), (EXPR_AGREE, "x^2", "x^3", False),
    (EXPR_AGREE, "2+2", "4", True), (EXPR_AGREE, "2+2", "5", False),
    (EXPR_AGREE, "(x+1)^2", "x^2+2x+2", False),
    (BUN_GRADING, "(x+1)^2", "x^2+2x+1", True), (BUN_GRADING, "\\frac{1}{2}x", "x/2", True),
    (BUN_GRADING, "(x+1)^2", "x^2+1", False), (BUN_GRADING, "\\left(x+1\\right)^2", "x^2+2x+1", True),
    (BUN_GRADING, "10.5", "9.81", False),
    (CHECKMATHS, "x^2+2*x+1", "(x+1)^2", True), (CHECKMATHS, "x^2+1", "(x+1)^2", False),
    (CHECKMATHS, "a^2+2*a*b+b^2", "(a+b)^2", True), (CHECKMATHS, "0.85", "sqrt(3)/2", False),
    (AIMATHH, "(x+1)^2", "x^2+1", False), (AIMATHH, "sin(x)^2+cos(x)^2", "1", True),
    (AIMATHH, "1+1", "2", True),
    (KOTLIN_KERNEL, "(x+1)^2", "x^2+2*x+1", True), (KOTLIN_KERNEL, "sqrt(x^2)", "x", False),
    (RIGOR, "(x-1)(x+1)", "x^2 - 1", True), (RIGOR, "sin(x)^2 + cos(x)^2", "1", True),
    (RIGOR, "(a+b)^2", "a^2 + 2*a*b + b^2", True), (RIGOR, "\\frac{x^2-1}{x-1}", "x+1", True),
    (RIGOR, "(n+1)^2", "n^2 + 1", False), (RIGOR, "sqrt(x^2)", "x", False),
    (STRATA, "1/3 + 1/3 + 1/3", "1", True), (STRATA, "sqrt(8)", "2*sqrt(2)", True),
    (STRATA, "2^100", "1267650600228229401496703205376", True), (STRATA, "2 + 2", "5", False),
    (STRATA, "(x+1)^2", "x^2 + 2*x + 1", True), (STRATA, "x + 1", "x + 2", False),
    (STRATA, "1/3 + 1/3", "2/3", True), (STRATA, "x^2", "x", False),
    (STRATA, "(x^2 - 1)/(x - 1)", "x + 1", True), (STRATA, "1/x + 1/y", "(x + y)/(x*y)", True),
    (SOLRATE, "x2*x1", "x1*x2", True), (SOLRATE, "x1**2 + 2*x1*x2 + x2**2", "(x1+x2)**2", True),
    (SOLRATE, "6*x1", "2*3*x1", True), (SOLRATE, "x1+x2", "x1*x2", False),
    (SOLRATE, "x1+x2+1", "x1+x2", False), (SOLRATE, "sin(x1)**2 + cos(x1)**2", "1", True),
]


CENA = ("Cena CAS conformance suite (index file 53923452911): ConformancePair(a, b, ExpectedEquivalent); "
        "algebra, trigonometry and worked-answer rows (calculus-operator and 'undefined' rows not copied)")
CALC_CHECK = ("calculus drill answer-check script (index file 56972854950): check_equiv(user, correct) "
              "against its expected flag")
ELO_QUIZ = ("math quiz app test (index file 56758986514): check_math_equivalence(correct, user) against "
            "should_match")
GRAFICAS = ("Spanish graphing tutor tests (index file 71199066966): Gr.comparar(parse(a), parse(b))"
            ".identicas")
RUST_POLY = ("Rust rational polynomial tests (index file 68632168113): RationalPolynomial == Rational, "
             "both ways")
DEBATE = ("debate-consensus math self-check (index file 71273002952): math_equiv(a, b) against "
          "expected")
_ROWS3 = [
    (CENA, "x^2 - 4", "(x-2)(x+2)", True), (CENA, "x^2 + 2x + 1", "(x+1)^2", True),
    (CENA, "(a+b)^2", "a^2 + 2ab + b^2", True), (CENA, "x^3 - 1", "(x-1)(x^2+x+1)", True),
    (CENA, "x^2 + 1", "(x+1)^2", False), (CENA, "sqrt(x^2)", "x", False),
    (CENA, "sqrt(x^2)", "abs(x)", True), (CENA, "1/(1/x)", "x", True),
    (CENA, "(x+y)/(x-y) * (x-y)", "x+y", True),
    (CENA, "sin(x)^2 + cos(x)^2", "1", True), (CENA, "tan(x)", "sin(x)/cos(x)", True),
    (CENA, "sin(2x)", "2*sin(x)*cos(x)", True), (CENA, "cos(2x)", "cos(x)^2 - sin(x)^2", True),
    (CENA, "cos(2x)", "2*cos(x)^2 - 1", True),
    (CENA, "sin(x+y)", "sin(x)*cos(y) + cos(x)*sin(y)", True), (CENA, "1 + tan(x)^2", "sec(x)^2", True),
    (CENA, "sin(pi/6)", "1/2", True), (CENA, "cos(pi/3)", "1/2", True), (CENA, "sin(x)", "cos(x)", False),
    (CENA, "e^(i*pi)", "-1", True), (CENA, "arctan(1)", "pi/4", True),
    (CENA, "x = 5", "3x + 5 = 20", True), (CENA, "x = 2 or x = 3", "x^2 - 5x + 6 = 0", True),
    (CALC_CHECK, "cos x", "cos(x)", True), (CALC_CHECK, "-sin x", "-sin(x)", True),
    (CALC_CHECK, "3cos(3x)", "3*cos(3*x)", True), (CALC_CHECK, "3·cos(3x)", "3*cos(3*x)", True),
    (CALC_CHECK, "(1/2)*x^(-1/2)", "1/(2*sqrt(x))", True),
    (CALC_CHECK, "1/(2*sqrt(x))", "(1/2)*x^(-1/2)", True), (CALC_CHECK, "2x", "2*x", True),
    (CALC_CHECK, "2x^2", "2*x^2", True), (CALC_CHECK, "sin(x)", "cos(x)", False),
    (CALC_CHECK, "-cos(x)", "cos(x)", False),
    (ELO_QUIZ, "x + x", "2*x", True), (ELO_QUIZ, "x*x", "x^2", True), (ELO_QUIZ, "4 + 2*x", "2*x + 4", True),
    (ELO_QUIZ, "x^2 + x^2 + x^2", "3*x^2", True), (ELO_QUIZ, "2*x", "x^2", False),
    (ELO_QUIZ, "cos(x)", "sin(x)", False), (ELO_QUIZ, "x^(-1)", "1/x", True),
    (ELO_QUIZ, "3*x + 2*x^2", "2*x^2 + 3*x", True), (ELO_QUIZ, "3*2*x^2", "6*x^2", True),
    (GRAFICAS, "2*sin(x)", "sin(x)", False), (GRAFICAS, "-sin(x)", "sin(x)", False),
    (GRAFICAS, "sin(x)^2", "sin(x)", False),
    (RUST_POLY, "0", "1/2", False), (RUST_POLY, "-1", "1", False), (RUST_POLY, "1/2", "-1/2", False),
    (RUST_POLY, "1/2", "3/2", False), (RUST_POLY, "-22/7", "-22/9", False),
    (RUST_POLY, "1/1000000000000000000000000", "1/1000000000000000000000001", False),
    (RUST_POLY, "x", "0", False), (RUST_POLY, "1/2*x+1/2", "1/2", False),
    (DEBATE, "21/31", "\\frac{21}{31}", True), (DEBATE, "6*sqrt(2)", "6\\sqrt2", True),
    (DEBATE, "3*sqrt(5)/2", "\\frac{3\\sqrt5}{2}", True), (DEBATE, "2", "3", False),
]


CHECK_ANSWERS = ("check-answers jest suite (index file 729717663): areExpressionsEquivalent(a, b) with "
                 "default options, and the solution-set rows' negatives")
ANSWER_VALIDATOR = ("AnswerValidator vitest (index file 24321704583): AnswerValidator.validate(student, "
                    "correct).isCorrect with default options")
GCD_NORMALIZE = ("LaTeX normal-form vitest, univariate GCD (index file 60424377138): "
                 "normalFormsEquivalent(normalize(parseLatex(a)), normalize(parseLatex(b)))")
BENCH_EQUIV = ("benchmark numeric equivalence tests (index file 56265045814): equivalent(left, right) is "
               "expected")
TUTOR_CLI = ("CLI algebra tutor self-tests (index file 8562300575): check_answer(user, canon)['ok'] against "
             "expected")
FR_EVALUATOR = ("French math evaluator self-test (index file 30758820894): MathEvaluator().evaluate(student, "
                "expected) is_correct against should_be_correct")
_ROWS4 = [
    (CHECK_ANSWERS, "3x + 2", "2 + 3x", True), (CHECK_ANSWERS, "2(x + 1)", "2x + 2", True),
    (CHECK_ANSWERS, "x^2 + 2x + 1", "(x + 1)^2", True), (CHECK_ANSWERS, "3x + 3 - (x - 2)", "2x + 5", True),
    (CHECK_ANSWERS, "\\frac{2}{4}", "\\frac{1}{2}", True), (CHECK_ANSWERS, "2/4", "1/2", True),
    (CHECK_ANSWERS, "\\frac{2}{4} + \\frac{1}{6}", "\\frac{2}{3}", True),
    (CHECK_ANSWERS, "(x-1)(x+1)", "x^2 - 1", True), (CHECK_ANSWERS, "(x-2)(x+3)", "x^2 + x - 6", True),
    (CHECK_ANSWERS, "x = 4, x = -4", "x = 4", False), (CHECK_ANSWERS, "x = 4, x = -4, x = 0", "{-4, 4}", False),
    (CHECK_ANSWERS, "x = 4, x = -4", "{-4, 4}", True),
    (CHECK_ANSWERS, "\\sqrt{8}", "2\\sqrt{2}", True), (CHECK_ANSWERS, "\\sqrt{16}", "4", True),
    (CHECK_ANSWERS, "\\sin^2(x) + \\cos^2(x)", "1", True), (CHECK_ANSWERS, "\\sin(0)", "0", True),
    (CHECK_ANSWERS, "\\cos(0)", "1", True), (CHECK_ANSWERS, "\\log_{10}(100)", "2", True),
    (CHECK_ANSWERS, "\\ln(e)", "1", True), (CHECK_ANSWERS, "e^{\\ln(5)}", "5", True),
    (CHECK_ANSWERS, "3*x", "3x", True), (CHECK_ANSWERS, "3∗x", "3x", True),
    (ANSWER_VALIDATOR, "4", "5", False), (ANSWER_VALIDATOR, "x^2 + 2x + 1", "(x+1)^2", True),
    (ANSWER_VALIDATOR, "(x-2)(x+3)", "x^2 + x - 6", True), (ANSWER_VALIDATOR, "sin(x)^2 + cos(x)^2", "1", True),
    (ANSWER_VALIDATOR, "x + y", "y + x", True), (ANSWER_VALIDATOR, "(x + y) + z", "x + (y + z)", True),
    (ANSWER_VALIDATOR, "x^2 + 1", "x^2 + 2", False), (ANSWER_VALIDATOR, "0.333333", "1/3", True),
    (ANSWER_VALIDATOR, "3.14159", "pi", True),
    (ANSWER_VALIDATOR, "3.9", "4.0", False), (ANSWER_VALIDATOR, "sqrt(4)", "2", True),
    (ANSWER_VALIDATOR, "abs(-5)", "5", True), (ANSWER_VALIDATOR, "e^0", "1", True),
    (ANSWER_VALIDATOR, "log10(100)", "2", True), (ANSWER_VALIDATOR, "2×3", "2*3", True),
    (ANSWER_VALIDATOR, "6÷2", "6/2", True), (ANSWER_VALIDATOR, "5−3", "5-3", True),
    (ANSWER_VALIDATOR, "π", "pi", True), (ANSWER_VALIDATOR, "1/0", "2", False),
    (ANSWER_VALIDATOR, "0.0000001", "1e-7", True), (ANSWER_VALIDATOR, "1000000", "1e6", True),
    (ANSWER_VALIDATOR, "-5", "0-5", True), (ANSWER_VALIDATOR, "0", "0*5", True),
    (ANSWER_VALIDATOR, "-1/2", "-(1/2)", True), (ANSWER_VALIDATOR, "5", "10", False),
    (ANSWER_VALIDATOR, "x^3 - 3x^2 + 3x - 1", "(x-1)^3", True),
    (GCD_NORMALIZE, "\\frac{x^2+2x+1}{x+1}", "x+1", True), (GCD_NORMALIZE, "\\frac{x^3-8}{x-2}", "x^2+2x+4", True),
    (GCD_NORMALIZE, "\\frac{2x^2+4x}{x+2}", "2x", True), (GCD_NORMALIZE, "\\frac{x^2+1}{x^2+x+1}", "1", False),
    (GCD_NORMALIZE, "\\frac{6x+4}{9x+6}", "\\frac{2}{3}", True),
    (GCD_NORMALIZE, "\\frac{4x^2-4}{6x-6}", "\\frac{2(x+1)}{3}", True),
    (GCD_NORMALIZE, "\\frac{\\sqrt{2}x^2 - \\sqrt{2}}{x-1}", "\\sqrt{2}(x+1)", True),
    (GCD_NORMALIZE, "\\frac{x^2 y}{xy}", "x", True), (GCD_NORMALIZE, "\\frac{x+1}{-x-1}", "-1", True),
    (GCD_NORMALIZE, "\\frac{x^2-2x+1}{x^2-1}", "\\frac{x-1}{x+1}", True),
    (GCD_NORMALIZE, "\\frac{x^4-1}{x+1}", "x^3-x^2+x-1", True),
    (GCD_NORMALIZE, "\\frac{x^2-4x+4}{-x+2}", "-x+2", True),
    (GCD_NORMALIZE, "\\frac{\\frac{3x}{4}-\\frac{3}{4}}{x-1}", "\\frac{3}{4}", True),
    (BENCH_EQUIV, "3/4", "0.75", True), (BENCH_EQUIV, "1/3", "0.333333", True),
    (BENCH_EQUIV, "1000", "1,000", True), (BENCH_EQUIV, "3e8", "300000000", True),
    (BENCH_EQUIV, "-2", "2", False), (BENCH_EQUIV, "1.0002", "1", False),
    (TUTOR_CLI, "6/2", "3", True), (TUTOR_CLI, "1/3", "0.3333333333333333", True),
    (TUTOR_CLI, "(x+1)**2", "x**2 + 2*x + 1", True), (TUTOR_CLI, "2*x", "x + x", True),
    (TUTOR_CLI, "x+1", "x-1", False), (TUTOR_CLI, "(x-2)*(x+3)", "x**2 + x -6", True),
    (TUTOR_CLI, "(x+2)*(x-3)", "x**2 - x -6", True),
    (FR_EVALUATOR, "2+2", "4", True), (FR_EVALUATOR, "x^2 + 2x + 1", "(x+1)^2", True),
    (FR_EVALUATOR, "3*4", "12", True), (FR_EVALUATOR, "2+2", "5", False), (FR_EVALUATOR, "x+1", "x-1", False),
]
_LEFT4 = {("3.14159", "pi"): "5-decimal rounding (coarser than 6 places)"}


MARKSCHEME = ("mark-scheme equivalence checker tests (index file 69687096053): equivalent(a, b).kind "
              "equal_* / not_equal; rows with default arguments, and wrong-answer rows the suite pins "
              "not_equal under every tolerance")
M5 = MARKSCHEME
_ROWS5 = [(M5, a, g, True) for a, g in (
    ("31.0", "31"), ("3/8", "0.375"), ("-4", "-4.0"), ("2.50", "2.5"), ("100", "1.0e2"), ("7/2", "3.5"),
    ("0", "0.0"), ("1000000", "1×10^6"), ("3.0×10^8", "300000000"), ("3.0×10⁸", "3.0*10^8"),
    ("6.4×10⁻³", "0.0064"), ("g/cm3", "g cm^-3"), ("g/cm³", "g/cm3"), ("2 m/s", "2m/s"), ("10 N", "10N"),
    ("1/2 mv^2", "0.5mv²"), ("mv", "vm"), ("a+b", "b+a"), ("(a+b)^2", "a^2+2ab+b^2"), ("2(x+3)", "2x+6"),
    ("x^2 - 1", "(x-1)(x+1)"), ("sin(x)^2 + cos(x)^2", "1"),
    ("(0.1+0.2) m", "0.3 m"), ("1/3 m", "0.3333333333333333 m"), ("1500", "1 500"), ("12000", "12 000"),
    ("kg m²s⁻²", "kg m^2 s^-2"), ("m²s⁻²", "m^2 s^-2"), ("J kg^-1K^-1", "J kg^-1 K^-1"),
    ("W m^-2K^-4", "W m^-2 K^-4"), ("N m^2C^-2", "N m^2 C^-2"), ("a(b+c)", "ab+ac"), ("x(x+1)", "x^2+x"),
    ("1.6 10^-19", "1.6e-19"), ("3.0 10^8", "3.0e8"), ("2 500", "2500"), ("1 500 000", "1500000"),
)] + [(M5, a, g, False) for a, g in (
    ("5", "6"), ("1/2", "1/3"), ("3.0×10^8", "3.0×10^7"), ("31.0", "31.1"), ("mv^2", "mv"),
    ("g/cm3", "kg/m3"), ("sin(x)", "cos(x)"), ("(a+b)^2", "a^2+b^2"), ("x+1", "x-1"), ("2x", "3x"),
    ("-4", "4"), ("1/2 mv^2", "mv^2"),
    ("1.6e-19", "1.7e-19"), ("3e-9", "-3e-9"), ("6.63e-34", "1.0e-34"), ("5.0e-7", "6.0e-7"), ("1e-7", "0"),
    ("500", "1 500"), ("4.5 mg", "4.5 gm"), ("4.5 mg", "4.5 g"),
    ("E", "2.718281828459045"), ("2E", "5.43656365691809"), ("I", "sqrt(-1)"),
    ("sin(x)^2+cos(x)^2+0.4*y", "1"), ("0.4*x + 31", "31"), ("1.5*x + 100", "100"),
    ("1.6e-19", "3.2e-19"), ("6.63e-34", "2.0e-34"), ("5.0e-7", "1.3e-6"), ("1500000", "2500000"),
    ("3e8", "4e8"), ("(m+s)^2", "m^2+s^2"), ("0.19 cm", "0.19 mm"), ("0.19 cm", "0.19 km"),
    ("0.3 m", "0.3 s"), ("x + 5", "x"), ("x + 0.45", "x"), ("2.5", "-2.5"), ("0.3", "-0.2"),
    ("8", "3"), ("0.05", "0.01"), ("0.19", "0.6"),
)]
_LEFT5 = {("E", "2.718281828459045"): "that suite reads E as a physical quantity (energy), not e",
         ("2E", "5.43656365691809"): "that suite reads E as a physical quantity (energy), not e",
         ("I", "sqrt(-1)"): "that suite reads I as electric current, not the imaginary unit"}


TS_EQUIV = ("TypeScript math engine self-test (index file 71330441883): M.equivalentExpr(a, b) === want")
PLAN_COMPILER = ("math-video plan compiler tests (index file 60269500121): expressions_are_equivalent(a, b) "
                 "is True / is False")
WHYMATH = ("whymath verify_step tests (index file 68581506932): verify_step(before, after).state correct / "
           "incorrect (the step's result is read as the answer)")
_ROWS6 = [
    (TS_EQUIV, "(x+3)(x+4)", "x^2+7x+12", True), (TS_EQUIV, "(x+3)(x+4)", "x^2+7x+13", False),
    (TS_EQUIV, "2(x+1)", "2x+2", True), (TS_EQUIV, "√(x^2)", "|x|", True),
    (TS_EQUIV, "(x^2-1)/(x-1)", "x+1", True), (TS_EQUIV, "x/x", "1", True),
    (TS_EQUIV, "2^(x+1)", "2*2^x", True), (TS_EQUIV, "a+b", "b+a", True),
    (TS_EQUIV, "(a+b)^2", "a^2+b^2", False), (TS_EQUIV, "sqrt(x)*sqrt(x)", "x", True),
    (TS_EQUIV, "(x-2)^2", "x^2-4x+4", True), (TS_EQUIV, "x^2-9", "(x-3)(x+3)", True),
    (TS_EQUIV, "3x - 2", "3x + 2", False),
    (PLAN_COMPILER, "(a+b)^2", "a^2+2ab+b^2", True), (PLAN_COMPILER, "(a+b)^2", "a^2+b^2", False),
    (PLAN_COMPILER, "-ab + ab", "0", True), (PLAN_COMPILER, "a^2-ab+ab-b^2", "a^2-b^2", True),
    (PLAN_COMPILER, "[[1, 2], [3, 4]]", "[[1,2],[3,4]]", True),
    (PLAN_COMPILER, "[[1, 2], [3, 4]]", "[[1,2],[4,3]]", False),
    (PLAN_COMPILER, "[[1, 2]]", "[[1, 2], [3, 4]]", False),
] + [(WHYMATH, after, before, eq) for before, after, eq in (
    ("2*(x+1)", "2*x+2", True), ("2+3", "5", True), ("x^2", "x*x", True), ("(x+1)^2", "x^2+2*x+1", True),
    ("2x+3=7", "2x=4", True), ("2x=4", "x=2", True),
    ("(x+1)^2=x^2+2*x+1", "x^2+2*x+1=(x+1)^2", True), ("x²=4", "x^2=4", True),
    ("(x+1)*(x+2)", "x^2+3*x+2", True), ("3*4", "12", True),
    ("2*x+1", "2*x+3", False), ("x+1", "x+2", False), ("2+3", "6", False), ("(a+b)^2", "a^2+b^2", False),
    ("2x=6", "2x=8", False), ("x=2", "x^2=2*x", False), ("(x+1)*(x+2)", "x^2+2", False), ("3*4", "11", False),
)]


MATHEQ_TS = ("mathEquivalence browser test table (index file 46337623451): quickEquivalenceCheck(target, "
             "userInput) === expected")
INFINITE_RL = ("infinite_rl math reward tests (index file 31417726363): MathRewardFunction.compute_reward("
               "model_output, expected_answer).score 1.0 / 0.0, _check_equality(a, b)")
_ROWS7 = [(MATHEQ_TS, a, g, eq) for g, a, eq in (
    ("x^2 + 2x + 1", "x^2+2x+1", True), ("E = mc^2", "E=mc^2", True), ("x * y", "x*y", True),
    ("2 \\cdot x", "2*x", True), ("2 \\times x", "2*x", True), ("\\frac{1}{2}", "0.5", True),
    ("\\frac{a}{b}", "a/b", True), ("x^{2}", "x^2", True), ("e^{x}", "e^x", True),
    ("\\sqrt{x}", "x^(1/2)", True), ("\\sqrt{4}", "2", True), ("\\sin(x)", "sin(x)", True),
    ("\\pi", "pi", True), ("x + x", "2*x", True), ("2*3", "6", True),
    ("x^2", "x^3", False), ("a + b", "a * b", False), ("sin(x)", "cos(x)", False),
)] + [(INFINITE_RL, a, g, eq) for a, g, eq in (
    ("<answer>(1/2)x^4 - 2x^2 + x + C</answer>", "(1/2)x^4 - 2x^2 + x + C", True),
    ("<answer>\\frac{1}{2}x^4 - 2x^2 + x + C</answer>", "(1/2)x^4 - 2x^2 + x + C", True),
    ("<answer>x^4 - 2x^2 + x + C</answer>", "(1/2)x^4 - 2x^2 + x + C", False),
    ("The answer is x^2 + 2x + 1 but no tags here.", "x^2 + 2x + 1", False),
    ("<answer>42</answer>", "42", True), ("<answer>10 \\text{hours}</answer>", "10", True),
    ("<answer>20\\,\\text{ml}</answer>", "20", True), ("<answer>50 \\text{ml/dose}</answer>", "50", True),
    ("<answer>$50</answer>", "50", True), ("<answer>$1000$</answer>", "1000", True),
    ("<answer>$1000</answer>", "1000", True), ("<answer>3.14159</answer>", "3.14159", True),
    ("<answer>ten hours</answer>", "10", False), ("<answer>40</answer>", "42", False),
    ("x^2 + 2*x + 1", "(x + 1)^2", True), ("<answer>42</answer>", "\\boxed{42}", True),
    ("<answer>\\boxed{42}</answer>", "\\boxed{42}", True),
)]
_LEFT7 = {("The answer is x^2 + 2x + 1 but no tags here.", "x^2 + 2x + 1"):
         "format rule of that reward: no <answer> tag scores 0",
         ("<answer>ten hours</answer>", "10"): "that reward reads digits only (a number word scores 0)"}


REWARDS_GT = ("rewards.ground_truth_utils MathVerifier tests (index file 56728018419): MathVerifier()([], "
              "prediction, label).score 1.0 / 0.0, compute_score(...)['acc']")
MATHNORM = ("Korean tutor mathnorm tests (index file 59424831151): equations_equivalent(a, b), "
            "expressions_equivalent(a, b) (default options)")
CHAIN = "2*(a_1 + a_4 + a_7) = a_4 + a_7 + a_10 = 6"
_ROWS8 = [(REWARDS_GT, a, g, eq) for a, g, eq in (
    ("\\boxed 42$", "42", True), ("\\boxed 41$", "42", False), ("The answer is \\boxed{42}.", "42", True),
    ("So the answer is \\boxed{\\frac{1}{2}}.", "1/2", True),
    ("Final Answer: The final answer is 42. I hope it is correct.", "42", True),
    ("Final Answer: The final answer is 42. I hope it is correct.", "99", False),
    ("Final Answer: The final answer is 100,000. I hope it is correct.", "100000", True),
    ("Final Answer: The final answer is 5 dollars. I hope it is correct.", "5", True),
    ("Final Answer: The final answer is \\frac{1}{2}. I hope it is correct.", "1/2", True),
    ("Final Answer: The final answer is \\frac{1}{3}. I hope it is correct.", "1/2", False),
    ("The value is $7$.", "7", True), ("completely unparseable %%%", "42", False),
    ("Final Answer: The final answer is 41. I hope it is correct.", "42", False),
    ("\\boxed{41}", "42", False),
)] + [(MATHNORM, a, g, eq) for a, g, eq in (
    ("3x + 5 = 20", "3*x + 5 = 20", True), ("x^2 - 9 = 0", "x**2 - 9 = 0", True),
    ("20 = 3*x + 5", "3*x + 5 = 20", True), ("6*x + 10 = 40", "3*x + 5 = 20", True),
    ("3*y + 5 = 20", "3*x + 5 = 20", True),
    ("3*x = 15", "3*x - 15 = 0", True), ("3*x + 5 = 21", "3*x + 5 = 20", False),
    ("x**2 = 4", "3*x + 5 = 20", False), ("3*x + 5", "3*x + 5 = 0", False),
    ("2*(a_1+a_4+a_7) = a_4+a_7+a_10 = 6", CHAIN, True),
    ("2*(a_1 + a_4 + a_7) = a_4 + a_7 + a_10 = 7", CHAIN, False), ("a_4 + a_7 + a_10 = 6", CHAIN, False),
    ("3*x**2 + 2*x", "2*x + 3*x**2", True), ("3*x**2 + 2", "2*x + 3*x**2", False),
)]
_LEFT8 = {("3*y + 5 = 20", "3*x + 5 = 20"): "that checker identifies a problem up to renaming its variable"}


REWARD_SIMPLE = ("maths.reward_simple tests (index file 33383394175): is_equiv(a, b), compute_score(solution, "
                 "ground_truth).result 1.0 / 0.0")
_S1 = ("\n        Let's solve for x:\n        2x + 3 = 7\n        2x = 7 - 3\n        2x = 4\n        x = 2\n"
       "        \n        Therefore, \\boxed{2}\n        ")
_S2 = ("\n        The area of a circle is πr².\n        With radius 3: A = π(3)² = 9π\n        \n"
       "        The answer is \\boxed{9\\pi}\n        ")
_S3 = ("\n        Probability = favorable outcomes / total outcomes\n        = 3/12 = 1/4\n        \n"
       "        \\boxed{\\frac{1}{4}}\n        ")
_ROWS9 = [(REWARD_SIMPLE, a, g, eq) for a, g, eq in (
    ("42", "42.0", True), ("0.333333", "1/3", True), ("ABC", "abc", True), ("x + y", "x+y", True),
    ("x", "y", False),
    ("Let me solve this step by step. First... Therefore \\boxed{43}", "42", False),
    ("I tried to solve this but got confused and gave up.", "42", False),
    ("Let me solve this step by step. First... Therefore \\boxed{42}", "42", True),
    ("Therefore, 42", "42", True), ("So the final answer is 42.", "42", True), ("Thus, we get 42", "42", True),
    ("The calculation gives us \\boxed{0.5}", "1/2", True), ("The answer is \\boxed{42.0}", "42", True),
    ("After solving, we get \\boxed{42.}", "42", True), ("After solving, we get \\boxed{$42}", "42", True),
    ("After solving, we get \\boxed{ 42 }", "42", True),
    (_S1, "2", True), (_S2, "9π", True), (_S3, "1/4", True),
)]
_LEFT9 = {("ABC", "abc"): "that checker compares case-insensitively (A and a are different symbols)"}


RQ_EVOLVE = ("rq_evolve reward tests (index file 59398654374): answers_match(prediction, gold, {'mode': "
             "'set'}) for set answers")
_ROWS10 = [(RQ_EVOLVE, a, g, eq) for a, g, eq in (
    ("\\{2,0.5\\}", "\\{1/2,2\\}", True), ("\\{2\\}", "\\{1/2,2\\}", False),
    ("\\{2,0.5,3\\}", "\\{1/2,2\\}", False), ("\\{1,2-1\\}", "\\{1,2\\}", False),
    ("\\{0\\}", "\\emptyset", False),
)]

_ALL = (_ROWS1 + _ROWS2 + _ROWS3 + _ROWS4 + _ROWS5 + _ROWS6 + _ROWS7 + _ROWS8 + _ROWS9 + _ROWS10)

# copied, then left out: the label rests on that suite's own convention, (answer, gold) -> reason
_LEFT_PAIRS = {**_LEFT1, **_LEFT4, **_LEFT5, **_LEFT7, **_LEFT8, **_LEFT9}
LEFT_OUT = {(s, a, g): _LEFT_PAIRS[(a, g)] for s, a, g, _ in _ALL if (a, g) in _LEFT_PAIRS}
C15_CASES = [row for row in _ALL if (row[1], row[2]) not in _LEFT_PAIRS]
