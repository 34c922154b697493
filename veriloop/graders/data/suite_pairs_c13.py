r"""Collection 13 of the public answer-equivalence cases: the eleventh blind held-out (`heldout11`).

Written and committed (issue 43, math13) before anyone read `heldout10`'s failures or changed the
grader after its one measurement; `heldout10` is spent as tuning data only after this commit, and
`heldout11` is measured once afterwards, counts only.

Sources (none used by collections 1-12), each row keeping the label its test asserts, named by
`repo@commit path` (or, where the public code index records no repository, its file id):
- cortex-js/compute-engine's equality tests: the arithmetic tier `isEqual` and the prover tier
  `isIdenticallyEqual` (identities, equivalent and non-equivalent relations, several unknowns).
- Courseware graders: Open edX's FormulaResponse / SymbolicResponse tests, WeBWorK PG's interval
  context tests (unions and differences against their results), Moodle's algebra question type.
- Tutoring and lesson answer checkers (plain-text CAS notation, many non-equivalent pairs): a
  mathjs-based lesson checker (sign slips, |x| traps, an `=` typed into an expression field), a
  sampling equivalence module (solution lists, labelled assignments), learnai's equation checks
  (extra and lost roots), a KaTeX-based checker, a step checker, compareMath, engine.verifier.
- RL/eval projects' answer checkers not read before: MATH-500 harnesses' `is_equiv` / `math_equal`
  tests, GSM-style numeric checkers, a tutoring reward's `verify_answer` (a number in a sentence
  is not the answer unless it is stated as one), a verifier-honesty suite's known-wrong pairs,
  vsession's structure-preserving `math_equivalent`, sympy-backed plain-text expression
  verifiers and a marking helper's self-test.

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, an answer type, a required form such as "factored"
  or "decimal only", partial credit), empty or `None` answers, extraction-only assertions, and
  compute-engine's `undefined` (undecided) verdicts.
- A pair whose two strings are the same up to spaces is not copied.
- Symmetric checkers put their first argument as the answer; graders with a student and a
  teacher side put the student's response as the answer.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-12, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection, as for collections 8-12.
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.

Size: 403 rows copied (148 not equivalent); 313 remain after repeats are dropped, 118 of them not
equivalent (the issue asks for >= 250 and >= 100). No project holds more than 42 of them (13%;
collection 12 was 80% Oppia).
"""

from __future__ import annotations

_CE = "cortex-js/compute-engine@a5569576 test/compute-engine/"
CE_EQ = _CE + "equal.test.ts ce.parse(a).isEqual / isIdenticallyEqual(ce.parse(b))"
CE_ID = (_CE + "identically-equal.test.ts, stochastic-equal.test.ts "
         "ce.parse(a).isIdenticallyEqual(ce.parse(b))")
EDX = ("openedx/edx-platform@0f31fd1 xmodule/capa/tests/test_responsetypes.py FormulaResponseTest, "
       "SymbolicResponseTest: grade_answers(student) against the problem's answer")
WEBWORK = ("openwebwork/pg@7d9017bc t/contexts/interval.t Compute(a) == Compute(b), "
           "Interval(a) != Interval(b)")
ALGEBRA = ("ucl-isd/moodle-qtype_algebra@9adc6c7 tests/question_test.php grade_response(answer) "
           "against the question's answer (helper.php: 7*x, 2*x)")
MATH500_A = ("MATH-500 benchmark tests (index file 60757793033): benchmark.math500.is_equiv(pred, "
             "gold)")
MATH500_B = ("run.utils.math_evaluation tests (index file 69656822222): math_equal(pred, gold)")
GSM_METRICS = ("src.metrics.math_metrics tests (index file 66551424344): is_equiv(pred, gold), "
               "extract_final_answer")
TORA_T = ("ToRA-derived grader's TestMathEquality (index file 37144136777): math_equal(pred, ref), "
          "compare_lists, compare_matrices")
HONEST = ("verifier-honesty tests (index file 57396769551): is_equiv(pred, gold), known-wrong "
          "pairs that the strict verifier must reject")
TUTOR = ("tutoring reward tests (index file 61542146817): verify_answer(message, gold)")
EXPR_V = ("app.services.verifier tests (index file 68330624790): equivalent(left, right), "
          "numeric verification")
MARKING = ("marking helper self-test (index file 71230565641): equivalent(answer, key)")
EQ_METHODS = ("math verifier tests (index file 68606736107): equivalent(pred, gold)[0]")
TEXO = ("Texo-web-stylus CAS equivalence checker tests (index file 12074790123): "
        "checkEquivalence(a, b).equivalent")
EQMOD = ("equivalence module tests (index file 56757572977): checkEquivalence(student, canonical), "
         "checkGradedAnswer(answer, graded)")
CMATH = ("expressionEvaluator tests (index file 68888935521): compareMath(student, expected), "
         "numericEquivalent(a, b)")
LEARNAI = ("learnai CAS equivalence tests in its implementation plan (index file 68871379691): "
           "expressions_equivalent, equations_equivalent, "
           "SympyVerifier.check_answer(submitted, key)")
ENGINE = ("engine.verifier tests (index file 56398508863): expressions_equivalent, "
          "equations_equivalent (sympy objects, written here in plain text)")
VARIANT = ("question-variant generator tests (index file 61280117089): "
           "expressions_equivalent(a, b)")
STEPS = ("step checker tests (index file 16012752021): checkStep(prev, next).equivalent")
VI_GRADE = ("Vietnamese grading engine tests (index file 61468537931): gradeAnswer(answer, "
            "{kind: 'fraction'})")
KEYPAD = ("mathjs-based lesson answer checker tests (index file 68829241877): checkAnswer(user, "
          "expected).status, default real domain and exact mode unless said")
VSESSION = ("vsession.evaluation tests (index file 58463178440): math_equivalent(pred, gold)")
ROOTS = ("quadratics lesson answer tests (index file 60017679597): checkAnswer(input, accepted), "
         "checkRoots(given, expected)")
# small numeric answer checkers (GSM-style), one file each
NUM_A = "answers_equal tests (index file 71543481175): answers_equal(predicted, reference)"
NUM_B = "answers_equal tests (index file 62565695303): answers_equal(prediction, reference)"
NUM_C = ("GSM8K parser tests (index file 68623627574): answers_equal(model text, gold text with "
         "####)")
NUM_D = "is_correct tests (index file 63242214534): is_correct(ground_truth, prediction)"
NUM_E = "GSM8K reward tests (index file 56372726259): is_correct(completion, gold number)"
NUM_F = ("tool-override tests (index file 59673575361): answers_equal(extract_answer(text), gold)")
NUM_G = "numeric verifier tests (index file 66744502535): answers_equal(a, b)"
NUM_H = "GSM8K reward tests (index file 56742785069): answers_equal(a, b)"

# (source, answer, gold, equivalent)
C13_CASES = [
    # CE_EQ: isEqual (arithmetic tier)
    (CE_EQ, "1234", "1234.0", True), (CE_EQ, "2+2", "4", True),
    (CE_EQ, r"\frac{1}{2}", "0.5", True), (CE_EQ, r"\sqrt{4}", "2", True),
    (CE_EQ, r"\sin(\frac{\pi}{2})", "1", True), (CE_EQ, r"\log_{10}(100)", "2", True),
    (CE_EQ, r"\sum_{n=1}^{10} n", "55", True),
    # CE_EQ: relations with the same solution set (prover tier)
    (CE_EQ, "2x+1=0", "2x=-1", True), (CE_EQ, "2x+1=0", r"x=-\frac12", True),
    (CE_EQ, "x^2+2x+1=0", "(x+1)^2=0", True), (CE_EQ, "x^2+1=0", "x^2=-1", True),
    (CE_EQ, "20x+10=0", "2x+1=0", True), (CE_EQ, "3x + 1 = 0", "6x + 2 = 0", True),
    (CE_EQ, "2(13.1+x)<(10-5)", "26.2+2x<5", True),
    (CE_EQ, "x^2 + 2x + 1 = 0", "x^2 + 2x = -1", True),
    (CE_EQ, "x^2", r"x\times x", True), (CE_EQ, "(x+1)^2", "x^2+2x+1", True),
    (CE_EQ, "x^2 - 1 = 0", "x - 1 = 0", False), (CE_EQ, "x = 1", "x = 2", False),
    (CE_EQ, "x + 1 = 0", "x + 2 = 0", False), (CE_EQ, "0 = 0", "x = 0", False),
    (CE_EQ, "x+y=0", "2x+2y=0", True), (CE_EQ, "x+y=0", "y+x=0", True),
    (CE_EQ, "x+2y=0", "3x+6y=0", True),
    (CE_EQ, "x+y=0", "2x=0", False), (CE_EQ, "x-y=0", "x+y=0", False),
    (CE_EQ, "x+y=0", "x+2y=0", False),
    # CE_ID
    (CE_ID, r"\sin^2(x)+\cos^2(x)", "1", True), (CE_ID, r"x \cdot x", "x^2", True),
    (CE_ID, "2+2", "5", False), (CE_ID, "x+1>2", "2<x+1", True),
    (CE_ID, "2(13.1+x)=(10-5)", "26.2+2x=5", True),
    (CE_ID, r"(x+1)^2 \ne 0", r"x^2+2x+1 \ne 0", True),
    (CE_ID, r"(x+1)^2 \ne 0", r"0 \ne x^2+2x+1", True),
    (CE_ID, r"\frac{x^2-1}{x-1}", "x+1", True),
    (CE_ID, "(x+y)^2", "x^2 + 2xy + y^2", True), (CE_ID, "x - x + y", "y", True),
    (CE_ID, r"\sin(2x)", r"2\sin(x)\cos(x)", True), (CE_ID, r"0 \cdot x", "0", True),
    # EDX: FormulaResponse answer "x+2*y" (and "$calculated_ans" = "x+x"), SymbolicResponse
    (EDX, "2*x - x + y + y", "x+2*y", True), (EDX, "x + y", "x+2*y", False),
    (EDX, "2*x", "x+x", True), (EDX, "3*x", "x+x", False),
    (EDX, "x*1e999", "x", False), (EDX, "-x*1e999", "x", False),
    (EDX, "10*x + 0*1e999", "x", False),
    (EDX, "0", "2*x+3*y", False), (EDX, "4x+3y", "2*x+3*y", False),
    # WEBWORK: i1 = (1,5], i2 = [2,7), i3 = (-infinity,7), i4 = [4,infinity)
    (WEBWORK, "(1,5] U [2,7)", "(1,7)", True),
    (WEBWORK, "(-infinity,7) U [4,infinity)", "R", True),
    (WEBWORK, "(0,6]-(0,2]", "(2,6]", True), (WEBWORK, "(0,6]-(-2,2]", "(2,6]", True),
    (WEBWORK, "[0,6]-(1,2)", "[0,1]U[2,6]", True),
    (WEBWORK, "R-[-1,1]", "(-infinity,-1)U(1,infinity)", True),
    (WEBWORK, "(0,1)", "[0,1]", False),
    # ALGEBRA: compareby eval
    (ALGEBRA, "x", "7*x", False), (ALGEBRA, "0", "7*x", False), (ALGEBRA, "5*x", "7*x", False),
    (ALGEBRA, "0", "2*x", False), (ALGEBRA, "x+x", "2*x", True),
    # MATH500_A
    (MATH500_A, "41", "42", False), (MATH500_A, "1/2", r"\frac{1}{2}", True),
    (MATH500_A, "0.5", r"\frac{1}{2}", True), (MATH500_A, r"\frac12", r"\frac{1}{2}", True),
    (MATH500_A, r"\dfrac{1}{2}", r"\frac{1}{2}", True),
    (MATH500_A, r"\left(3, \frac{\pi}{2}\right)", r"(3,\frac{\pi}{2})", True),
    (MATH500_A, r"90^\circ", "90", True), (MATH500_A, r"\$5", "5", True),
    (MATH500_A, "x = 4", "4", True), (MATH500_A, "Evelyn", r"\text{Evelyn}", True),
    (MATH500_A, r"\text{yes}", "yes", True), (MATH500_A, r"\textbf{no}", "no", True),
    (MATH500_A, r"50\text{ square feet}", "50", True), (MATH500_A, "1,000", "1000", True),
    (MATH500_A, "1000.5", "1000", False),
    # MATH500_B
    (MATH500_B, r"\frac9{19}", "9/19", True), (MATH500_B, r"2\pi", r"\pi \cdot 2", True),
    (MATH500_B, "2 \\sqrt{2}", "\\sqrt{8}", True), (MATH500_B, "118 dollars", "118", True),
    (MATH500_B, "14,916", "14{,}916", True), (MATH500_B, "x = 5", "5", True),
    (MATH500_B, r"\$20", "20", True), (MATH500_B, "3 1/3", r"\frac{10}{3}", True),
    (MATH500_B, r"1\frac{1}{10}", "1.1", True), (MATH500_B, "-2", "2", False),
    (MATH500_B, "1/4", r"\frac{3}{4}", False),
    (MATH500_B, r"\begin{pmatrix} 1 \\ 2 \end{pmatrix}", r"\begin{pmatrix} 2 \\ 1 \end{pmatrix}",
     False),
    (MATH500_B, r"(-\infty, 0) \cup (0, \infty)", r"(-\infty,0)\cup(0,\infty)", True),
    (MATH500_B, "[0,1]", "[0,1)", False),
    # GSM_METRICS
    (GSM_METRICS, "541", "540", False), (GSM_METRICS, "0.5", "1/2", True),
    (GSM_METRICS, r"\boxed{\$18}", "18", True), (GSM_METRICS, r"\boxed{$18}", "18", True),
    (GSM_METRICS, r"\boxed{70,000}", "70000", True),
    (GSM_METRICS, r"\boxed{1,234,567}", "1234567", True),
    (GSM_METRICS, r"\boxed{18 dollars}", "18", True), (GSM_METRICS, r"\boxed{25%}", "25", True),
    (GSM_METRICS, r"\boxed{\$70,000}", "70000", True),
    (GSM_METRICS, r"... so she makes \boxed{18}.", "18", True),
    (GSM_METRICS, "... so the answer is 18.", "18", True),
    (GSM_METRICS, "Working through: 16-3-4=9, 9*2=18", "18", True),
    # TORA_T
    (TORA_T, "x = 10", "10", True), (TORA_T, "10", "x = 10", True),
    (TORA_T, "x = y", "x = z", False), (TORA_T, "[1, 2, 3]", "[1, 2, 4]", False),
    (TORA_T, r"\begin{pmatrix}1&2\\3&4\end{pmatrix}", r"\begin{pmatrix}1&2\\3&5\end{pmatrix}",
     False),
    # HONEST
    (HONEST, "2^3", "8", True), (HONEST, "-3/4", "-0.75", True),
    (HONEST, r"\boxed{50\%}", "50", True), (HONEST, "72", "73", False),
    (HONEST, "1/2", "0.51", False), (HONEST, "8", "9", False), (HONEST, "1/2", "1/3", False),
    (HONEST, "10", "100", False), (HONEST, "5", "-5", False), (HONEST, "2^3", "9", False),
    (HONEST, "the answer is 3 (not 30)", "30", False), (HONEST, "1234", "34", False),
    (HONEST, "100", "10", False), (HONEST, "x = 5 or 15", "15", False),
    # TUTOR
    (TUTOR, "So we have 4x on the left side.", "4", False),
    (TUTOR, "Step 4: simplify both sides.", "4", False),
    (TUTOR, "Try dividing 30 by 3 now.", "10", False),
    (TUTOR, "So the answer is 4.", "4", True), (TUTOR, "That gives 10.", "10", True),
    (TUTOR, r"\boxed{4}", "4", True), (TUTOR, "I got 1200 somehow", "120", False),
    (TUTOR, "the result equals 120", "120", True),
    (TUTOR, r"So I get \(\frac{-4\sqrt{2}}{9}\).", r"-\frac{4\sqrt{2}}{9}", True),
    (TUTOR, r"the area is $\frac{54\sqrt{3} a^2}{16}$", r"\frac{27a^2\sqrt{3}}{8}", True),
    (TUTOR, "so the answer is $9a$", "9a", True),
    # EXPR_V: equivalent(left, right), left read as the answer
    (EXPR_V, "(x+1)*(x+1)", "x^2+2*x+1", True), (EXPR_V, "x*(y+z)", "x*y+x*z", True),
    (EXPR_V, "(x+y)^2", "x^2+2*x*y+y^2", True), (EXPR_V, "x/2", "0.5*x", True),
    (EXPR_V, "(x+y)/4", "x/4+y/4", True), (EXPR_V, "1+1", "2", True),
    (EXPR_V, "x+1", "x+2", False), (EXPR_V, "(x+1)^2", "x^2+1", False),
    (EXPR_V, "0.1", "1/10", True), (EXPR_V, "1.5", "3/2", True), (EXPR_V, "3.140", "3.14", True),
    # MARKING
    (MARKING, "2x+1", "1 + 2x", True), (MARKING, r"$\frac{1}{2}x^2$", "x^2/2", True),
    (MARKING, "y = 2x+1", "y=1+2*x", True), (MARKING, "2x+1", "2x-1", False),
    # EQ_METHODS
    (EQ_METHODS, "$12.50", "12.5", True), (EQ_METHODS, "12.5", "12.6", False),
    (EQ_METHODS, "sqrt(8)", "2*sqrt(2)", True), (EQ_METHODS, "x^2 - 1", "(x-1)(x+1)", True),
    (EQ_METHODS, "sqrt(8)", "3", False), (EQ_METHODS, "25%", "25", True),
    (MARKING, "9^9^9^9", "1", False),
    # NUM_A .. NUM_H
    (NUM_A, "1,000.00", "1000", True), (NUM_A, "2/4", "0.5", True), (NUM_A, "42%", "42", True),
    (NUM_B, "1,200", "1200", True), (NUM_B, r"\frac{3}{4}", "0.75", True),
    (NUM_B, "50%", "0.5", True), (NUM_B, "-2.00", "-2", True),
    (NUM_C, "Answer: 1,200.00", "work\n#### 1200", True), (NUM_C, "Answer: -0.0", "#### 0", True),
    (NUM_C, "Answer: 2", "#### 3", False),
    (NUM_D, "7/3", "2 1/3", True), (NUM_D, "-0.75", "-3/4", True), (NUM_D, "0.25", "25%", True),
    (NUM_D, "6", "5", False), (NUM_D, "x^2 - 1", "x^2 + 1", False),
    (NUM_E, "The answer is 18.", "18", True), (NUM_E, "The answer is 1,000.", "1000", True),
    (NUM_E, "The answer is 17.", "18", False), (NUM_E, "I don't know.", "18", False),
    (NUM_E, "The answer is 0.", "0", True), (NUM_E, "The answer is 1.", "0", False),
    (NUM_F, "<tool_result>42</tool_result> I ignored it. Final answer: 41", "42", False),
    (NUM_F, "2/4", "1/2", True),
    (NUM_G, "1,024.0", "1024", True), (NUM_G, "1024", "1025", False),
    (NUM_H, "1235", "1234", False),
    # TEXO
    (TEXO, "a + b", "b + a", True), (TEXO, "2 + 3", "5", True), (TEXO, "2x + 3x", "5x", True),
    (TEXO, "x + 2", "x + 3", False), (TEXO, "(x + 2)^2", "x^2 + 4x + 4", True),
    (TEXO, "x^2 + 4x + 4", "(x + 2)^2", True), (TEXO, "(x + 2)^2", "x^2 + 4x + 5", False),
    (TEXO, r"\frac{2}{4}", r"\frac{1}{2}", True), (TEXO, r"\frac{a}{-b}", r"-\frac{a}{b}", True),
    (TEXO, r"\frac{a}{b} \cdot \frac{c}{d}", r"\frac{ac}{bd}", True),
    (TEXO, r"\tan(x)", r"\frac{\sin(x)}{\cos(x)}", True), (TEXO, r"\sin(-x)", r"-\sin(x)", True),
    (TEXO, r"\cos(-x)", r"\cos(x)", True), (TEXO, r"\sin(0)", "0", True),
    (TEXO, "0.5", r"\frac{1}{2}", True), (TEXO, "0.9", "1", False),
    (TEXO, "2(x + 3)", "2x + 6", True), (TEXO, "(a + b)(c + d)", "ac + ad + bc + bd", True),
    (TEXO, r"x^2 \cdot x^3", "x^5", True), (TEXO, "2xy + 3xy", "5xy", True),
    (TEXO, "2x + 3y + 4x", "6x + 3y", True), (TEXO, "5x - 2x", "3x", True),
    (TEXO, "3x - 3x", "0", True), (TEXO, "2x + 3y + 4x + 5y", "6x + 8y", True),
    (TEXO, "x + x", "2x", True), (TEXO, "3x^2 + 2x + 5x^2 - x", "8x^2 + x", True),
    (TEXO, "2x + 3y", "5xy", False), (TEXO, r"x^2 + 2 \cdot 2x + 2^2", "x^2 + 4x + 4", True),
    # EQMOD
    (EQMOD, "(x+1)^2", "x^2 + 2*x + 1", True), (EQMOD, "sin(x)^2 + cos(x)^2", "1", True),
    (EQMOD, "2*x + 3 - x", "x + 3", True), (EQMOD, "(x - 2)*(x - 3)", "x^2 - 5*x + 6", True),
    (EQMOD, "2/4", "1/2", True), (EQMOD, "x/2 + x/2", "x", True),
    (EQMOD, "exp(x) * exp(x)", "exp(2*x)", True), (EQMOD, "x - x", "0", True),
    (EQMOD, "(x^2 - 1)/(x - 1)", "x + 1", True), (EQMOD, "sqrt(x)*sqrt(x)", "x", True),
    (EQMOD, "x^2 + x", "x*(x + 1)", True),
    (EQMOD, "x^2", "x^3", False), (EQMOD, "x + 1", "x - 1", False), (EQMOD, "2*x", "x^2", False),
    (EQMOD, "(x+1)^2", "x^2 + 1", False), (EQMOD, "3/4", "2/3", False),
    (EQMOD, "sqrt(-25 - x^2) + 1", "sqrt(-25 - x^2) + 2", False),
    (EQMOD, "x + 0.000001", "x", False), (EQMOD, "2 + 3", "6", False),
    (EQMOD, "x", "x + floor(abs(x)/6)*100", False),
    (EQMOD, "x = 3 or x = 2", "2, 3", True), (EQMOD, "x = 2 or x = 3", "2, 3", True),
    (EQMOD, "x=2, x=3", "2, 3", True), (EQMOD, "3; 2", "2, 3", True),
    (EQMOD, "2 and 3", "2, 3", True), (EQMOD, "x = 6/3, x = 3", "2, 3", True),
    (EQMOD, "2", "2, 3", False), (EQMOD, "x = 2", "2, 3", False), (EQMOD, "2, 4", "2, 3", False),
    (EQMOD, "2, 3, 4", "2, 3", False), (EQMOD, "3, 4", "3", False),
    (EQMOD, "-1, -1, 5", "-1, -0.5", False), (EQMOD, "x = 0.5", "0.5", True),
    (EQMOD, "0.51", "0.5", False), (EQMOD, "y = 3, x = 2", "x = 2, y = 3", True),
    (EQMOD, "x=2; y=3", "x = 2, y = 3", True), (EQMOD, "x = 3, y = 2", "x = 2, y = 3", False),
    (EQMOD, "2", "x = 2, y = 3", False), (EQMOD, "2, 3, 4", "x = 2, y = 3", False),
    (EQMOD, "0.75*x^4", "(3/4)*x^4", True), (EQMOD, "3*x^3/4", "(3/4)*x^4", False),
    (EQMOD, "x^4", "(3/4)*x^4", False), (EQMOD, "(x + 2)*(x + 3)", "x^2 + 5*x + 6", True),
    (EQMOD, "(x + 1)*(x + 6)", "x^2 + 5*x + 6", False),
    # CMATH
    (CMATH, "0.5x²", "x^2 / 2", True), (CMATH, "3 + 2x", "2x + 3", True),
    (CMATH, "2x", "2*x", True), (CMATH, "x^2 = 4", "4 = x^2", True),
    (CMATH, "x^2 = 5", "x^2 = 4", False), (CMATH, "x^3", "x^2", False),
    (CMATH, "x - 1", "x + 1", False), (CMATH, "x", "2x", False), (CMATH, "y", "x", False),
    (CMATH, "3.1", "3.2", False), (CMATH, "100", "105", False),
    # LEARNAI: expressions, then equations (same real solutions), then the verifier
    (LEARNAI, "1/2", "0.5", True), (LEARNAI, "(x+1)(x+2)", "x^2 + 3x + 2", True),
    (LEARNAI, "2sin(x)cos(x)", "sin(2x)", True), (LEARNAI, "sqrt(8)", "2sqrt(2)", True),
    (LEARNAI, "x + x", "2x", True), (LEARNAI, "0.1 + 0.2", "0.3", True),
    (LEARNAI, "0.3", "3/10", True), (LEARNAI, "0.1*3 - 0.3", "0", True),
    (LEARNAI, "x + 1", "x + 2", False), (LEARNAI, "(x+1)(x+2)", "x^2 + 3x + 3", False),
    (LEARNAI, "log(x^2)", "2log(x)", False), (LEARNAI, "sqrt(x^2)", "x", False),
    (LEARNAI, "2x = 10", "x = 5", True), (LEARNAI, "x + 3 = 7", "2x + 6 = 14", True),
    (LEARNAI, "(x-1)^2 = 0", "x - 1 = 0", True),
    (LEARNAI, "(x^2 - 1)/(x - 1) = 0", "x + 1 = 0", True),
    (LEARNAI, "x^2 + 9 = 0", "x^2 = -9", True), (LEARNAI, "y = 2x + 1", "2y = 4x + 2", True),
    (LEARNAI, "0.5x = 1", "x = 2", True), (LEARNAI, "2x = 10", "x = 8", False),
    (LEARNAI, "x^2 = 4", "x = 2", False), (LEARNAI, "x^2 = 2x", "x = 2", False),
    (LEARNAI, "x/(x-2) = 2/(x-2)", "x = 2", False),
    (LEARNAI, "(x-1)^2/(x-1) = 0", "x - 1 = 0", False), (LEARNAI, "sqrt(x) = -2", "x = 4", False),
    (LEARNAI, "x^2 + 1 = 0", "x^2 + 4 = 0", False), (LEARNAI, "x = 2", "y = 2", False),
    (LEARNAI, "2/4", "1/2", True), (LEARNAI, "x + 3", "x + 1", False),
    (LEARNAI, "x = -3", "-3", True), (LEARNAI, "x = 8", "x = 5", False),
    (LEARNAI, "2, -1", "-1, 2", True), (LEARNAI, "-1", "-1, 2", False),
    (LEARNAI, "x = 2, x = -3", "2, -3", True),
    # ENGINE
    (ENGINE, "x + x", "2*x", True), (ENGINE, "x + 1", "x - 1", False),
    (ENGINE, "2*x", "2*x + 1", False), (ENGINE, "1/2 + 1/3", "5/6", True),
    (ENGINE, "(x + 1)/2", "x/2 + 1/2", True), (ENGINE, "2*x + 4 = 10", "2*x = 6", True),
    (ENGINE, "2*x = 6", "x = 3", True), (ENGINE, "2*x + 4 = 10", "x = 3", True),
    (ENGINE, "2*x + 4 = 10", "2*x = 14", False),
    (ENGINE, "x**2 - 5*x + 6 = 0", "(x - 2)*(x - 3) = 0", True),
    (ENGINE, "x**2 - 5*x + 6 = 0", "(x - 2)*(x + 3) = 0", False),
    (ENGINE, "2*x", "x = 3", False),
    # VARIANT
    (VARIANT, "2x + 6", "2*(x+3)", True), (VARIANT, "x^2 - 1", "(x-1)(x+1)", True),
    (VARIANT, "1/2 x", "x/2", True), (VARIANT, "2x + 6", "2x + 5", False),
    # STEPS: each step's next line against the line before it
    (STEPS, "a + 5", "a + 2 + 3", True), (STEPS, "1 + 5", "1 + 2 + 3", True),
    (STEPS, "3 + 7", "1 + 2 + 3 + 4", True), (STEPS, "5", "10 - 5", True),
    (STEPS, "2/3", "1 - 1/3", True), (STEPS, "5/2", "5 - 5/2", True),
    (STEPS, "7", "10 - 5 + 2", True), (STEPS, "5 + 2", "10 - 5 + 2", True),
    (STEPS, "6", "2 * 3", True), (STEPS, "a * 6", "a * 2 * 3", True),
    (STEPS, "6 * 4", "2 * 3 * 4", True), (STEPS, "1/6", "1/2 * 1/3", True),
    (STEPS, "2/3", "2 * 1/3", True), (STEPS, "6/12", "2/3 * 3/4", True),
    (STEPS, "1/2", "2/3 * 3/4", True), (STEPS, "2 * 3 * a", "6a", True),
    (STEPS, "2 * 2 * 2 * 3", "4 * 6", True), (STEPS, "2 + 3 + a", "5 + a", True),
    # VI_GRADE
    (VI_GRADE, "1/3", "1/2", False),
    # KEYPAD
    (KEYPAD, "x*2", "2x", True), (KEYPAD, "(x^2-1)/(x-1)", "x+1", True),
    (KEYPAD, "2(x+y)", "2x+2y", True), (KEYPAD, "2x+3", "2x-3", False),
    (KEYPAD, "sin(x)", "cos(x)", False), (KEYPAD, "x+1", "x+1.01", False),
    (KEYPAD, "abs(x)", "x", False), (KEYPAD, "x^2", "x*abs(x)", False),
    (KEYPAD, "10i", "3i+7i", True), (KEYPAD, "-3", "4i^2-i^2", True),
    (KEYPAD, "-2", "i^2+i^2", True), (KEYPAD, "5+i", "(2+3i)*(1-i)", True),
    (KEYPAD, "5-i", "(2+3i)*(1-i)", False), (KEYPAD, "3i", "-3i", False),
    (KEYPAD, "z*conj(z)", "abs(z)^2", True), (KEYPAD, "z^2", "z*z", True),
    (KEYPAD, "log(z*z)", "2*log(z)", False), (KEYPAD, "sqrt(z^2)", "z", False),
    (KEYPAD, "x^2/2 + 7", "x^2/2", False), (KEYPAD, "6x", "3*2*x", True),
    (KEYPAD, "-2/x^3", "-2x^(-3)", True), (KEYPAD, "1/(2sqrt(x))", "0.5*x^(-1/2)", True),
    (KEYPAD, "ln(x)", "log(x)", True), (KEYPAD, "1/x", "ln(x)", False),
    (KEYPAD, "sec(x)^2", "1/cos(x)^2", True), (KEYPAD, "3x^3", "3x^2", False),
    (KEYPAD, "x^2", "3x^2", False), (KEYPAD, "x(x+1)", "x^2+x", True),
    (KEYPAD, "2x(3x+1)", "6x^2+2x", True),
    (KEYPAD, "2x(x+1)^3 + 3x^2(x+1)^2", "5x^4 + 12x^3 + 9x^2 + 2x", True),
    (KEYPAD, "e(x+1)", "e*x + e", True), (KEYPAD, "2e(x+1)", "2e*x + 2e", True),
    (KEYPAD, "C(x^2+1)", "C*x^2 + C", True), (KEYPAD, "x(x+1)^2", "x^3 + 2x^2 + x", True),
    (KEYPAD, "x(x+1)^2", "x^4 + 2x^3 + x^2", False),
    (KEYPAD, "-x(x+1)^2", "-(x^3 + 2x^2 + x)", True), (KEYPAD, "x(x+2)", "x^2+x", False),
    (KEYPAD, "sqrt(x^2)", "abs(x)", True), (KEYPAD, "exp(x)", "e^x", True),
    (KEYPAD, "cos(x)^2", "1 - sin(x)^2", True), (KEYPAD, "sqrt(x^2)", "x", False),
    (KEYPAD, "x=0", "2x", False), (KEYPAD, "x=0", "14x", False), (KEYPAD, "x=1", "x^2", False),
    (KEYPAD, "x = 3", "x", False), (KEYPAD, "x=3", "3", True), (KEYPAD, "y=2x", "2x", True),
    (KEYPAD, "2e", "2*e", True), (KEYPAD, "e^(2)-1", "e^2 - 1", True),
    # VSESSION
    (VSESSION, r"\frac43", "4/3", True), (VSESSION, r"\{1,2\}", r"\{2,1\}", True),
    (VSESSION, "x=5", "5", True), (VSESSION, "x=π", r"\pi", True),
    (VSESSION, "(1/2)", "0.5", True), (VSESSION, "-2,1", "1,-2", True),
    (VSESSION, "7,5,3", "3,5,7", True), (VSESSION, "58,500", "58500", True),
    (VSESSION, "[0,1)", "(0,1]", False), (VSESSION, "(1,2)", "(2,1)", False),
    (VSESSION, "3", "3, 5, 7", False), (VSESSION, "1", "1,-2", False),
    (VSESSION, "-21", "-2,1", False), (VSESSION, "z=2x+3", "y=2x+3", False),
    (VSESSION, "9**999999999", "1", False), (VSESSION, "9**(500+501)", "1", False),
    (VSESSION, "9**(10**9)", "1", False),
    # ROOTS
    (ROOTS, "x^2+3x-10=0", "x²+3x−10=0", True), (ROOTS, "x²-3x-10=0", "x²+3x−10=0", False),
    (ROOTS, "−1, 2", "2, −1", True), (ROOTS, "2, 2", "2, −1", False),
    (ROOTS, "5, −1", "2, −1", False), (ROOTS, "2", "2, −1", False),
]

# copied, then left out: the label rests on that suite's own convention (said per row)
LEFT_OUT = {
    (EDX, "x + 0*1e999", "x"): "floating-point overflow: 1e999 is read as infinity, so 0*1e999 is "
                               "NaN; as mathematics 0*10^999 = 0 and the two are equal",
    (EXPR_V, "x/x", "1"): "that verifier's domain rule: a variable denominator is unsupported",
    (EXPR_V, "(x^2-1)/(x-1)", "x+1"): "that verifier's domain rule (compute-engine's identity "
                                      "test above says equal)",
    (EXPR_V, "x^(-1)", "1/x"): "that verifier's supported-powers rule",
    (EXPR_V, "x+1=2", "2"): "that verifier refuses equations as input",
    (EQ_METHODS, "12.5", "12.500001"): "tolerance",
    (TEXO, "0.999999", "1"): "a tolerance passed in the call (floatTolerance 1e-5)",
    (STEPS, "2 + 3 + 4 + 5", "10 + 5"): "the step checker's order rule (commute before "
                                        "decomposing); as values 14 != 15 anyway",
    (EQMOD, "x + 1e-15", "x"): "that checker's float-dust tolerance (1e-9 mixed)",
    (EQMOD, "3, 3", "3"): "a double root written twice: that checker's multiset convention",
    (EQMOD, "-1, -1, -0.5", "-1, -0.5"): "that checker's duplicate-padding rule",
    (EQMOD, "3*x^4/4 + C", "(3/4)*x^4"): "indefinite-integral '+ C' stripped by that item kind",
    (EQMOD, "2, 3", "x = 2, y = 3"): "unlabelled values read in the declared variable order",
    (CMATH, "x^3/3 + C", "x^3/3"): "integration-constant convention",
    (CMATH, "3.14159", "3.1416"): "relative tolerance", (CMATH, "100", "100.5"): "tolerance",
    (LEARNAI, "3, 3", "3"): "a repeated root counts once (that verifier's value-set rule)",
    (VI_GRADE, "0,7", "1/2"): "decimal comma",
    (KEYPAD, "2e-1", "0.2"): "that keypad's rule: a digit before e is a product with Euler's e, "
                             "never scientific notation (the rows 2e-1 = 2*e - 1, 2e3 = 6*e, "
                             "2e3 != 2000 likewise)",
    (KEYPAD, "x^((3)/(2))", "sqrt(x^3)"): "mathjs' principal branch over the real domain "
                                          "(equal for x >= 0, the 'positive' domain option)",
    (KEYPAD, "2ln(x)", "ln(x^2)"): "a domain option passed in the call (positive)",
    (KEYPAD, "x^2/2 + C", "x^2/2"): "the upToConstant mode passed in the call",
    (VSESSION, "2x+3", "y=2x+3"): "an expression against 'y = ...': that checker says no; "
                                  "collection 1 (MARIO) asserts f(x) = 2x + 3 equals 2x + 3",
    (VSESSION, "-2x", "y=-2x"): "as above", (VSESSION, "x", "y=x"): "as above",
    (ROOTS, "X² + 3X − 10 = 0", "x²+3x−10=0"): "case folding (X and x are one letter there)",
}
