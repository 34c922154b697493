r"""Collection 10 of the public answer-equivalence cases: the eighth blind held-out (`heldout8`).

Written and committed (issue 43, math10) before anyone read `heldout7`'s failures or changed the
grader after its one measurement; `heldout7` is spent as tuning data only after this commit, and
`heldout8` is measured once afterwards, counts only.

The grader's domain: final answers of math problems against a gold answer. Earlier collections
were short of negatives (collection 9 had 37), so this one adds answer checkers whose suites list
many NON-equivalent pairs: sign errors, off-by-one constants, a missing `+C`, wrong exponents,
reversed inequalities, half-open against closed intervals, trig functions that agree only on the
integers. Sources (none used by collections 1-9), each row keeping the label its test asserts;
`repo@commit path` as stored in the public code index on 2026-11-28, or, where the index did not
record the repository, the index's file id and the function the test calls:
- Doenet/math-expressions' `equals` spec (a JavaScript CAS that grades students' answers): its
  `equivalences` and `nonequivalences` tables, in plain-text notation (`sqrt(12)`, `e^(10x)`).
- Khan Academy's KAS `compare` tests (the answer checker behind Khan Academy's exercises).
- LLM-eval graders' tests: a MATHBenchmark runner's self-test, a C# port of a Python math scorer,
  `answer_check.answers_equivalent`, shadowgate's `Numeric` comparator, a TypeScript `sameMath`,
  harnesslab's grader-parity fixtures, a sympy `grade_answer`, three GSM8K numeric graders, and
  two small `math_equal` / `answers_equivalent` self-tests.

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, a "form" or "symbolic" mode, extra variable names),
  empty or `None` answers, text answers ("Paris", "abc"), extraction-only assertions, and
  notation only that library reads (Doenet's `∠ABC`, `linesegment(A,B)`, `∫ f(x)dx`, `f^2(x)`,
  set relations; KAS's `=/=`).
- Symmetric checkers (`equals(a, b)`) put their first argument as the answer.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-9, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection, as for collections 8 and 9.
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.
"""

from __future__ import annotations

DOENET = ("Doenet/math-expressions@0272c7e spec/slow_math-expressions.spec.js "
          "(Expression.fromText(a).equals(Expression.fromText(b)))")
KAS = ("Khan Academy KAS compare tests (index file 1292798795): "
       "KAS.compare(parse(input), parse(expected), {form: false}).equal")
MATHBENCH = ("MATHBenchmark runner self-test (index file 34492099613): "
             "score_problem(problem with answer=truth, answer.txt=pred)")
CS_MATH = ("C# math scorer tests (index file 66633508828): "
           "Run(Scorers.Math(), output, target) is C (correct) or I (incorrect)")
ANSWER_CHECK = ("agent answer_check tests (index file 60187220087): "
                "agent.tools.answer_check.answers_equivalent(a, b)")
SHADOWGATE = ("shadowgate compare tests (index file 71270505177): "
              "Numeric().compare(task, cand, target), Contains() for the 'It is' rows")
SAME_MATH = ("sameMath vitest (index file 68713793218): "
             "sameMath(a, b, {mode}) in symbolic/equivalent/value modes, matchesAny")
HARNESSLAB = ("harnesslab grader-parity fixtures (index file 54640078420): "
              "numeric.grade(pred, gold), math_sympy.grade(a, b)")
SYMPY_GRADER = ("grader_utils.math_grader tests (index file 66054798221): "
                "grade_answer(given, gold), EQUAL / DIFFERENT")
GSM_IS_CORRECT = ("src.tasks.grading tests (index file 69355846635): "
                  "is_correct(predicted, reference)")
GSM_EQUAL = ("GSM hard-gold tests (index file 55833819108): "
             "answers_equal(normalize_answer(a), normalize_answer(b)), check_record")
HITL = ("adaptive_hitl_agent tests (index file 68674057248): "
        "is_correct(answer, (reference,))")
DM_EQUAL = ("dm eval tests (index file 70888976602): dm.math_equal(pred, gold)")
MISD = ("MISD sympy verifier self-test (index file 55039089685): "
        "answers_equivalent(a_raw, a_opt)")

# (source, answer, gold, equivalent)
C10_CASES = [
    # DOENET
    (DOENET, "3+2", "5", True), (DOENET, "-2 sin(t^2)/t", "-2 t sin(t^2)/t^2", True),
    (DOENET, "sin(t^2)*t/t", "sin(t^2)", True), (DOENET, "(1/3)g^3", "(g^3)/(3)", True),
    (DOENET, "x*log(3)", "log(3^x)", True), (DOENET, "e^(e^x+x/x)", "e^(e^x+1)", True),
    (DOENET, "(x^5 + 5*x^4 + 20*x^3 + 60*x^2 + 120*x + 120)/120",
     "1/120*x^5 + 1/24*x^4 + 1/6*x^3 + 1/2*x^2 + x + 1", True),
    (DOENET, "1/sqrt(4)", "1/2", True), (DOENET, "4^(-1/2)", "1/2", True),
    (DOENET, "x^(1/2)", "sqrt(x)", True), (DOENET, "1/sqrt(x)", "sqrt(1/x)", True),
    (DOENET, "x-1", "(x^2-1)/(x+1)", True), (DOENET, "a^b * a^c", "a^(b+c)", True),
    (DOENET, "2+2*sqrt(3+x)", "2+sqrt(12+4*x)", True), (DOENET, "cbrt(x)", "x^(1/3)", True),
    (DOENET, "1/n-1/(n+1)", "1/(n*(n+1))", True), (DOENET, "0.5*x^2+3*x-1", "x^2/2+3*x-1", True),
    (DOENET, "cos(x)", "cos(-x)", True), (DOENET, "cos(x)^2+sin(x)^2", "1", True),
    (DOENET, "2*cos(x)^2-1", "cos(2*x)", True), (DOENET, "log(a^2*b)", "2*log(a)+log(b)", True),
    (DOENET, "sqrt(12)", "2*sqrt(3)", True), (DOENET, "sqrt(11+6*sqrt(2))", "3+sqrt(2)", True),
    (DOENET, "1+2*x", "x*2+1", True), (DOENET, "(x+5)*x", "x*(5+x)", True),
    (DOENET, "x*x", "x^2", True), (DOENET, "(1-x)^2", "(x-1)^2", True),
    (DOENET, "1+x+x", "2*x+1", True), (DOENET, "2^2", "4", True),
    (DOENET, "a^2/b^3", "a^2*b^(-3)", True), (DOENET, "(x-1)^2", "x^2-2*x+1", True),
    (DOENET, "(x-1)^(-2)", "1/(x^2-2*x+1)", True), (DOENET, "cos^2 x+sin^2 x", "1", True),
    (DOENET, "(1/2)/(3/4)", "2/3", True), (DOENET, "a+1/2", "(2*a+1)/2", True),
    (DOENET, "1/n +2/(n+1)", "(3*n+1)/(n*(n+1))", True),
    (DOENET, "(x-1)/(x^2-1)", "1/(x+1)", True), (DOENET, "1/(1-1/x)", "x/(x-1)", True),
    (DOENET, "(sqrt(108)+10)^(1/3)-(sqrt(108)-10)^(1/3)", "2", True),
    (DOENET, "(sqrt(2+sqrt(2))+sqrt(2-sqrt(2)))/(2*sqrt(2))", "sqrt(sqrt(2)+2)/2", True),
    (DOENET, "log(exp(x))", "x", True), (DOENET, "(x-1)*(x^2+x+1)", "x^3-1", True),
    (DOENET, "sqrt(3)/3", "(1/3)^(1/2)", True), (DOENET, "sqrt(2)/4", "1/sqrt(8)", True),
    (DOENET, "1/sqrt(2)", "2^(1/2)/2", True), (DOENET, "(-1*2)+3*4", "10", True),
    (DOENET, "-1/(1-x)", "1/(x-1)", True), (DOENET, "2/(4+2*x)", "1/(x+2)", True),
    (DOENET, "2*(x+0.5)", "2*x+1", True), (DOENET, "(x+t)*(x-t)", "x^2-t^2", True),
    (DOENET, "(2-x)*(3-x)", "(x-2)*(x-3)", True), (DOENET, "4*(1-x/2)^2", "(x-2)^2", True),
    (DOENET, "(1-x)*(2-x)*(3-x)", "-x^3+6*x^2-11*x+6", True),
    (DOENET, "3*y^3-6*y^2-24*y", "3*(y-4)*y*(y+2)", True), (DOENET, "24*(x-1/4)", "24*x-6", True),
    (DOENET, "(x-sqrt(2))*(x+sqrt(2))", "x^2-2", True),
    (DOENET, "1/(2*(n-1))-1/(2*(n+1))", "1/((n-1)*(n+1))", True),
    (DOENET, "3/(x+1) + 3/(x+2)", "3*(2*x+3)/((x+1)*(x+2))", True),
    (DOENET, "2*x+1/(x+1)+1/(x-1)", "2*x^3/(x^2-1)", True),
    (DOENET, "-1/((s+1)^2) - 2/(s+2) + 2/(s+1)", "s/((s+1)^2*(s+2))", True),
    (DOENET, "(cos(t)-sqrt(2))^2", "cos(t)^2-2*sqrt(2)*cos(t)+2", True),
    (DOENET, "(n+1)*n!", "(n+1)!", True),
    (DOENET, "sin(x + y)", "sin(x)*cos(y) + cos(x)*sin(y)", True),
    (DOENET, "log(x)/8", "0.125*log(x)", True), (DOENET, "(exp(x))^y", "exp(x*y)", True),
    (DOENET, "(2x,y^2)", "(x+x, y*y)", True), (DOENET, "[2x,y^2)", "[x+x,y*y)", True),
    (DOENET, "arcsin(1/2)", "pi/6", True), (DOENET, "sqrt(e)", "e^(1/2)", True),
    (DOENET, "cos(pi)", "-1", True), (DOENET, "atan2(sqrt(3),1)", "pi/3", True),
    (DOENET, "5x + 2y = 3", "6-4y = 10x", True),
    (DOENET, "5q-9z < 2u+9z", "27z -5q > -4u + 5q-9z", True),
    (DOENET, "log_10(100000)", "5", True), (DOENET, "log_2(8)", "3", True),
    (DOENET, "binom(8,3)", "56", True), (DOENET, "floor(-17.3)", "-18", True),
    (DOENET, "ceil(-17.8)", "-17", True), (DOENET, "50%", "1/2", True),
    (DOENET, "x%", "x/100", True), (DOENET, "180 deg", "pi", True),
    (DOENET, "sin^2(x)", "sin(x)^2", True), (DOENET, "sin^(-1)(x)", "arcsin(x)", True),
    (DOENET, "tan^(-1)(x)", "atan(x)", True), (DOENET, "0.33", "1/3", False),
    (DOENET, "-cos(t)+3t", "-cos(t)", False),
    (DOENET, "(19601-13861*sqrt(2))^(7/4)", "(5*sqrt(2)-7)^7", False),
    (DOENET, "1+x", "2*x+1", False), (DOENET, "1/m", "1/n", False),
    (DOENET, "2/(n+1)", "1/(n+1)", False), (DOENET, "(2*n+1)/(n+2)", "1/n", False),
    (DOENET, "(2*n)/(n*(n+2))", "(2*n)/(n*(n+3))", False),
    (DOENET, "(2*log(2*x)+x)/(2*x)", "(log(2*x)+2)/(2*sqrt(x))", False),
    (DOENET, "2/(x+1)-1/(x+2)", "s/((s+1)*(s+2))", False),
    (DOENET, "1/(n-1)-1/n^2", "1/((n+1)*n)", False), (DOENET, "1/(n-1)-1/n", "1/(n-1)+1/n", False),
    (DOENET, "1/(x+1) + 1/(x+2)", "1/(x+1) + 2/(x+2)", False),
    (DOENET, "1/(x+1) + 1/(x+2)", "1/(x+3) + 1/(x+2)", False),
    (DOENET, "1/(x+1)-1/x", "1/(x-1)+1/x", False), (DOENET, "2*x+2", "2*x-2", False),
    (DOENET, "2*(x+1)", "2*x-2", False), (DOENET, "1", "(x-1)^2+1", False),
    (DOENET, "(t-1)^2+1", "(x-1)^2+1", False), (DOENET, "n!*n!", "(2n)!", False),
    (DOENET, "sin(2*pi*x)", "0", False), (DOENET, "cos((pi*x))", "(-1)^(x)", False),
    (DOENET, "sin(x)", "x - x^3/6 + x^5/120", False), (DOENET, "exp(x^2)", "exp(x^2 + 1)", False),
    (DOENET, "1000*exp(x/log(2))", "1000*exp(x/log(3))", False), (DOENET, "x", "y", False),
    (DOENET, "x + 2*y", "y + 2*x", False), (DOENET, "abs(x)", "x", False),
    (DOENET, "1E-50*sin(x)", "1E-50*cos(x)", False), (DOENET, "1-abs(x)", "1+abs(x)", False),
    (DOENET, "1-sqrt(x)", "1+sqrt(x)", False), (DOENET, "abs(x+1)-1", "abs(x+2)-2", False),
    (DOENET, "abs(x+10)-10", "abs(x+11)-11", False),
    (DOENET, "abs(x+100)-100", "abs(x+101)-101", False),
    (DOENET, "abs(x+1000)-1000", "abs(x+1001)-1001", False),
    (DOENET, "1/8 e^(2x) + 2e^(-2x)", "1/8 e^(2x) - 2e^(-2x)", False),
    (DOENET, "1/8 e^(2x) + 2e^(-2x)", "1/8 e^(2x) + 1000e^(-3x)", False),
    (DOENET, "1/8 e^(2x) + 2e^(-2x)", "1/8 e^(2x)", False),
    (DOENET, "1/8 e^(2x) + 2e^(-2x)", "1/8 e^(2x) + .00001", False),
    (DOENET, "1/64 e^(4x) - 1/2 + 4 e^(-4x)", "1/64 e^(4x) + 1/2 + 4 e^(-4x)", False),
    (DOENET, "1/64 e^(4x) - 1/2 + 4 e^(-4x)", "1/64 e^(4x) - 1/2 + 4 e^(-4x) + 1000", False),
    (DOENET, "1/64 e^(4x) - 1/2 + 4 e^(-4x)", "1/64 e^(4x) + 4 e^(-4x)", False),
    (DOENET, "e^(-10x)", "e^(-10x)+C", False), (DOENET, "e^(10x)", "e^(10x)+C", False),
    (DOENET, "e^(-10x)", "exp(-10x)+C", False), (DOENET, "e^(10x_1)", "e^(10x_1)+C", False),
    (DOENET, "e^(10x_1)+x^k", "e^(10x_1)+x^k+C", False),
    (DOENET, "e^(-10x)", "e^(-10x)+sin^2(x)+cos^2(x)", False),
    (DOENET, "e^(10x)", "e^(10x)+sin^2(x)+cos^2(x)", False),
    (DOENET, "e^(-10x)", "e^(-10x)+0.0000001", False),
    (DOENET, "e^(10x)", "e^(10x)+0.0000001", False), (DOENET, "e^(-10x^2)", "e^(-10x^2)+C", False),
    (DOENET, "sin(10x)", "sin(10x)+C", False), (DOENET, "cos(10x)", "cos(10x)+C", False),
    (DOENET, "e^(10x)+sin(10x)", "e^(10x)+sin(10x)+0.0000001", False),
    (DOENET, "e^(10x)+tan(10x)", "e^(10x)+tan(10x)+0.0000001", False),
    (DOENET, "e^(10x)=0", "e^(10x)+C=0", False),
    (DOENET, "e^(10x)=0", "e^(10x)+0.0000001=0", False),
    (DOENET, "cos(10x) < 0", "cos(10x)+C < 0", False),
    (DOENET, "(e^(10x),5)", "(e^(10x)+C,5)", False),
    (DOENET, "(e^(10x^2),5)", "(e^(10x^2)+0.0000001,5)", False),
    (DOENET, "x > 1000", "x > 1001", False), (DOENET, "x + 1E-8", "x + 2E-8", False),
    (DOENET, "x + 1E9", "2x + 1E9", False),
    (DOENET, "(8-r sin(theta))r", "(8-r^2 sin(theta))", False),
    (DOENET, "xy^2/2 + e^y", "x + e^y", False), (DOENET, "x^(sin(x))", "x^(cos(x))", False),
    (DOENET, "(1,2]", "[1,2)", False), (DOENET, "5q < 9z", "5q > 9z", False),
    (DOENET, "5q < 9z", "-5q < -9z", False), (DOENET, "5q > 9z", "-5q > -9z", False),
    (DOENET, "5q <= 9z", "5q >= 9z", False), (DOENET, "5q <= 9z", "-5q <= -9z", False),
    (DOENET, "5q >= 9z", "-5q >= -9z", False), (DOENET, "10^(-30)", "2*10^(-30)", False),
    # KAS
    (KAS, "2+2", "4", True), (KAS, "a(b+c)", "ab+ac", True), (KAS, "a/b", "a*b^-1", True),
    (KAS, "1.2^2", "1.44", True), (KAS, "1.2345^2", "1.52399025", True),
    (KAS, "(-5)^(1/3)", "-1.709975946", True), (KAS, "x^(1/5)", "x^(0.2)", True),
    (KAS, "(1-x)(-1-6x)", "(6x+1)(x-1)", True), (KAS, "y=x", "x=y", True),
    (KAS, "y=x", "-y=-x", True), (KAS, "y=x", "y=-x", False), (KAS, "y=x", "-y=x", False),
    (KAS, "y<x", "x>y", True), (KAS, "y>x", "x>y", False), (KAS, "a+b<c-d", "a+b-c+d<0", True),
    (KAS, "y=mx+b", "y-b=mx", True), (KAS, "y=2x-5", "2x-y=5", True),
    (KAS, "y=2x-5", "(y+5)/2=x", True), (KAS, "y=2x-5", "y-3=2(x-4)", True),
    (KAS, "3y=2x-15", "3/2(y+5)=x", True), (KAS, "1/3p-3=114", "p=351", True),
    (KAS, "x", "xy/y", True), (KAS, "e^x", "e^x + 1", False), (KAS, "3x+6=12", "x=2", True),
    (KAS, "7/3x+x=15", "(2+1/3)x+x=15", True), (KAS, "7/3x+x=15", "(1+1/3)x+x=15", False),
    (KAS, "x^2+y^2=r^2", "r^2=x^2+y^2", True), (KAS, "6.12*10^-2", "6.12*10^-6", False),
    (KAS, "3^-x", "(1/3)^x", True), (KAS, "(3)^-x", "3^x", False), (KAS, "csc x", "1/sin x", True),
    (KAS, "arccot x", "arctan (1/x)", True), (KAS, "-2sin(pi x) + 4", "4", False),
    (KAS, "2sin(pi x) + 4", "-2sin(pi x) + 4", False), (KAS, "sin(pi x)", "0", False),
    (KAS, "0", "sin(pi x)", False), (KAS, "cos(pi x)", "cos(2 pi x)", False),
    (KAS, "sin(pi x)", "sin(500pi x)", False), (KAS, "0", "sin(7pi)", True),
    (KAS, "sin(500pi)", "0", True), (KAS, "x=1.2^2", "x=36/25", True),
    (KAS, "x=1.44", "x=35/25", False), (KAS, "x=1.2^(2y)", "x=(36/25)^y", True),
    (KAS, "x=(1+.2345)^2", "x=1.52399022", False),
    (KAS, "1.1234567891235 * 10^200", "0.10", False), (KAS, "0.50", "0.51", False),
    (KAS, "0.9", "1.1", False), (KAS, "12(1-r)^2+58(1-r)=10", "(1-r)(70-12r)=10", True),
    (KAS, "2w+50/w=25", "w(12.5-w)=25", True), (KAS, "( 2)^n", "( 2)^(n-1)", False),
    (KAS, "( 2)^n", "( 2)^(n+1)", False), (KAS, "(-2)^n", "(-2)^(n-1)", False),
    (KAS, "(-2)^n", "(-2)^(n+1)", False), (KAS, "(-2)^(a)", "(-2)^(ab)", False),
    (KAS, "(-2)^(a)", "(-2)^(a^b)", False), (KAS, "\\frac{1}{x - 2}", "\\frac{-1}{2 - x}", True),
    (KAS, "sin(x + 2pi)", "sin(x)", True), (KAS, "sin^2(x)+cos^2(x)", "x/x", True),
    (KAS, "f(x)", "g(x)", False), (KAS, "f(5) = f(7) + 4", "f(2) = f(3) + 4", False),
    # MATHBENCH
    (MATHBENCH, "\\frac{1}{2}", "\\frac{1}{2}", True),
    (MATHBENCH, "\\frac{1}{2}", "\\tfrac{1}{2}", True),
    (MATHBENCH, "\\frac{1}{2}", "\\dfrac{1}{2}", True), (MATHBENCH, "0.5", "\\frac{2}{4}", True),
    (MATHBENCH, "7", "\\frac{49}{7}", True), (MATHBENCH, "0.33", "\\frac{1}{3}", False),
    (MATHBENCH, "x+y", "x + y", True), (MATHBENCH, "\\sqrt2", "\\sqrt{2}", True),
    (MATHBENCH, "10", "10\\text{ units}", True), (MATHBENCH, "10", "\\$10", True),
    (MATHBENCH, "10", "10\\%", True), (MATHBENCH, "1", "1", True), (MATHBENCH, "2", "1", False),
    (MATHBENCH, "1", "1.0", True), (MATHBENCH, "1", "1.00", True),
    (MATHBENCH, "1", "1.00001", False), (MATHBENCH, "0.5", "1/2", True),
    (MATHBENCH, "0.5", "2/4", True), (MATHBENCH, "0.7", "3/4", False),
    (MATHBENCH, "1000", "1,000", True), (MATHBENCH, "1000", "1,000.0", True),
    (MATHBENCH, "-256.0", "-256", True), (MATHBENCH, "-256", "-256.01", False),
    (MATHBENCH, "(1,2,3)", "(1, 2, 3)", True), (MATHBENCH, "(1, 2, 3)", "(1.0, 2.0, 3)", True),
    (MATHBENCH, "(-3,-2,9)", "(-3, -2, 9)", True),
    (MATHBENCH, "(-3, -2, 9.0)", "(-3, -2, 9)", True), (MATHBENCH, "(1, 2, 3)", "(1, 2)", False),
    (MATHBENCH, "(3, 2, 1)", "(1, 2, 3)", False), (MATHBENCH, "(1.5,-2)", "(1.5, -2.0)", True),
    (MATHBENCH, "(1000,2000)", "(1,000, 2,000)", True), (MATHBENCH, "[1,2,3]", "[1, 2, 3]", True),
    (MATHBENCH, "[1, 2, 3]", "[1.0, 2.0, 3]", True), (MATHBENCH, "[-3,-2,9]", "[-3, -2, 9]", True),
    (MATHBENCH, "[-3, -2, 9.0]", "[-3, -2, 9]", True), (MATHBENCH, "[1, 2, 3]", "[1, 2]", False),
    (MATHBENCH, "[3, 2, 1]", "[1, 2, 3]", False), (MATHBENCH, "[1.5,-2]", "[1.5, -2.0]", True),
    (MATHBENCH, "[1000,2000]", "[1,000, 2,000]", True),
    (MATHBENCH, "[1, 2, 3]", "(1, 2, 3)", False), (MATHBENCH, "(1, 2)", "[1.0, 2.0]", False),
    (MATHBENCH, "[1,2]", "[1,2]", True), (MATHBENCH, "(1,2)", "(1,2)", True),
    (MATHBENCH, "[1,2)", "[1,2)", True), (MATHBENCH, "(1,2)", "[1,2]", False),
    (MATHBENCH, "[1,3]", "[1,2]", False),
    (MATHBENCH, "[1,2] \\cup [3,4]", "[1,2] \\cup [3,4]", True),
    (MATHBENCH, "[-1,0] \\cup [2,3]", "[-1,0] \\cup [2,3]", True),
    (MATHBENCH, "[1,2] \\cup [3,5]", "[1,2] \\cup [3,4]", False),
    (MATHBENCH, "[-3,-2] \\cup [0,1]", "[-3,-2] \\cup [0,1]", True),
    (MATHBENCH, "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}",
     "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", True),
    (MATHBENCH, "\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}",
     "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", False),
    (MATHBENCH, "5", "5\\text{ meters}", True), (MATHBENCH, "7.50", "\\$7.50", True),
    (MATHBENCH, "10", "10\\text{ seconds}", True), (MATHBENCH, "45", "45\\text{ degrees}", True),
    (MATHBENCH, "1234.56", "\\$1,234.56", True),
    # CS_MATH
    (CS_MATH, "The answer is \\boxed{42}", "42", True),
    (CS_MATH, "\\boxed{\\frac{1}{2}}", "0.5", True), (CS_MATH, "\\boxed{42}", "43", False),
    (CS_MATH, "The answer is 42", "42", True), (CS_MATH, "\\boxed{\\sqrt2}", "$\\sqrt{2}$", True),
    (CS_MATH, "\\boxed{33.5\\%}", "0.335", True), (CS_MATH, "The answer is $$42$$", "42", True),
    (CS_MATH, "\\boxed{\\sqrt{\\sqrt{2}}}", "2**(1/4)", True),
    (CS_MATH, "$\\{1,2,3\\}$", "$\\{3, 2, 1\\}$", True),
    (CS_MATH, "$\\left(1, 2\\right)$", "$\\left(1, 2\\right)$", True),
    (CS_MATH, "\\boxed{1.5 \\times 10^3}", "1500", True),
    (CS_MATH, "-1 + sqrt(3)", "\\sqrt{3} - 1", True),
    (CS_MATH, "(3*sqrt(5))/7", "\\frac{3\\sqrt{5}}{7}", True),
    (CS_MATH, "\\left( 3, \\frac{\\pi}{2} \\right)", "\\left(3,\\frac{\\pi}{2}\\right)", True),
    (CS_MATH, "(-\\infty,-8)\\cup (8,\\infty)", "(-\\infty,-8)\\cup (8,\\infty)", True),
    (CS_MATH, "\\boxed{\\binom{2026}{1013}}", "\\binom{2026}{1013}", True),
    (CS_MATH, "\\boxed{2024^{4046}}", "2024^{4046}", True),
    (CS_MATH, "\\boxed{1/2004!}", "1/2004!", True),
    (CS_MATH, "\\boxed{2^{2025}}", "3^{2025}", False),
    (CS_MATH, "\\boxed{10\\text{ cm}}", "10", True),
    (CS_MATH, "\\boxed{\\$15,\\!000}", "15000", True), (CS_MATH, "x=2", "2=x", True),
    (CS_MATH, "\\boxed{\\;\\angle APC = 74^\\circ\\;}", "74^\\circ", True),
    (CS_MATH, "\\boxed{74\u00b0}", "74^\\circ", True),
    (CS_MATH, "\\frac{6\\sqrt{1789-240\\sqrt{21}}+8\\sqrt{1236-240\\sqrt{21}}}{5}",
     "96-10\\sqrt{21}", True),
    (CS_MATH, "The total is 1,234.5 dollars", "1234.5", True),
    (CS_MATH, "Final answer: 3/4", "0.75", True),
    (CS_MATH, "Result = 12.5%", "\\frac{1}{8}", True),
    (CS_MATH, "I get 99999999999", "100000000000", False),
    (CS_MATH, "\\boxed{1\\frac{1}{2}}", "1.5", True), (CS_MATH, "\\boxed{5!}", "120", True),
    (CS_MATH, "\\boxed{2^{10}}", "1024", True), (CS_MATH, "**42**", "42", True),
    (CS_MATH, "\u03c0", "3.141592653589793", True), (CS_MATH, "\\boxed{\\sqrt{16}}", "4", True),
    (CS_MATH, "\\boxed{10} and then \\boxed{42}", "42", True),
    (CS_MATH, "\\boxed{10} and then \\boxed{42}", "\\{10,42\\}", False),
    (CS_MATH, "2", "x=2", True), (CS_MATH, "2", "2=x", True), (CS_MATH, "2", "2 = y", True),
    (CS_MATH, "2", "z = 2", True),
    (CS_MATH, "The answer is 42 because of the theorem", "42", True),
    (CS_MATH, "The answer is 41 because of the theorem", "42", False),
    (CS_MATH, "x^2 + 1", "x^2 + 1", True), (CS_MATH, "1/3", "0.3333333333", True),
    (CS_MATH, "\\frac{1}{3}", "0.33333333333333", True), (CS_MATH, "0.1 + 0.2", "0.3", True),
    (CS_MATH, "\\sqrt{2}", "1.41421356237", True), (CS_MATH, "\\sqrt{2}", "\\sqrt{3}", False),
    (CS_MATH, "(1, 2)", "(2, 1)", False), (CS_MATH, "\\{1, 2\\}", "\\{2, 1, 1\\}", True),
    (CS_MATH, "10^{-2}", "0.01", True), (CS_MATH, "2e3", "2000", True),
    (CS_MATH, "-\\frac{3}{4}", "-0.75", True), (CS_MATH, "50 percent", "0.5", True),
    (CS_MATH, "\\sqrt[3]{27}", "3", True), (CS_MATH, "1 \\cdot 2 \\times 3", "6", True),
    (CS_MATH, "|-5|", "5", True),
    # ANSWER_CHECK
    (ANSWER_CHECK, "4", "4", True), (ANSWER_CHECK, "1/2", "0.5", True),
    (ANSWER_CHECK, "\\frac{1}{2}", "0.5", True), (ANSWER_CHECK, "\\frac{1}{2}", "1/2", True),
    (ANSWER_CHECK, "2\\sqrt{2}", "2*sqrt(2)", True), (ANSWER_CHECK, "x+1", "1+x", True),
    (ANSWER_CHECK, "2x", "x*2", True), (ANSWER_CHECK, "\\pi", "pi", True),
    (ANSWER_CHECK, "{1, 2, 3}", "{3, 2, 1}", True), (ANSWER_CHECK, "(1, 2)", "(1, 2)", True),
    (ANSWER_CHECK, "The answer is 7", "7", True), (ANSWER_CHECK, "$x^2$", "x^2", True),
    (ANSWER_CHECK, "1,000", "1000", True), (ANSWER_CHECK, "12,345,678", "12345678", True),
    (ANSWER_CHECK, "1", "2", False), (ANSWER_CHECK, "x+1", "x+2", False),
    (ANSWER_CHECK, "3", "-3", False), (ANSWER_CHECK, "{1, 2}", "{1, 3}", False),
    (ANSWER_CHECK, "{1, 2}", "{1, 2, 3}", False), (ANSWER_CHECK, "(1, 2)", "(2, 1)", False),
    (ANSWER_CHECK, "x", "y", False), (ANSWER_CHECK, "3,5", "3.5", False),
    (ANSWER_CHECK, "(1, 2)", "{1, 2}", False), (ANSWER_CHECK, "1", "\\pm 1", False),
    (ANSWER_CHECK, "\\pm 1", "1", False), (ANSWER_CHECK, "\\mp 2", "2", False),
    (ANSWER_CHECK, "\\pm 1", "\\pm 1", True), (ANSWER_CHECK, "2**10", "1024", True),
    (ANSWER_CHECK, "sqrt(2)", "\\sqrt{2}", True), (ANSWER_CHECK, "2**32", "4294967296", True),
    # SHADOWGATE
    (SHADOWGATE, "42", "42", True), (SHADOWGATE, "42.0", "42", True),
    (SHADOWGATE, "42", "43", False), (SHADOWGATE, "1,234", "1234", True),
    (SHADOWGATE, "1/2", "0.5", True), (SHADOWGATE, "1/3", "0.3333333", True),
    (SHADOWGATE, "1/3", "0.33", False), (SHADOWGATE, "1e-3", "0.001", True),
    (SHADOWGATE, "$12", "12", True), (SHADOWGATE, "12 apples", "12", True),
    (SHADOWGATE, "12 apples", "12 apple", True), (SHADOWGATE, "12 km", "12 m", False),
    (SHADOWGATE, "$12", "\u20ac12", False), (SHADOWGATE, "12 USD", "$12", True),
    (SHADOWGATE, "-5", "5", False), (SHADOWGATE, "\u22125", "-5", True),
    (SHADOWGATE, "50%", "0.5", True), (SHADOWGATE, "50%", "50", True),
    (SHADOWGATE, "50%", "50 %", True), (SHADOWGATE, "50%", "5", False),
    (SHADOWGATE, "0.5", "50%", True),
    (SHADOWGATE, "123456789012345678901", "123456789012345678900", False),
    (SHADOWGATE, "1e-6", "0", False), (SHADOWGATE, "\\boxed{17}", "17", True),
    (SHADOWGATE, "12 or 13", "12", False), (SHADOWGATE, "It is 42 exactly", "42", True),
    (SHADOWGATE, "It is 420", "42", False),
    # SAME_MATH
    (SAME_MATH, "2x", "2\\cdot x", True), (SAME_MATH, "2x", "x\\cdot 2", True),
    (SAME_MATH, "x+1", "1+x", True), (SAME_MATH, "\\frac{2}{4}", "\\frac{1}{2}", True),
    (SAME_MATH, "2x", "x^2", False), (SAME_MATH, "x+1", "x-1", False),
    (SAME_MATH, "x+x", "2x", True), (SAME_MATH, "\\sin^2(x)+\\cos^2(x)", "1", True),
    (SAME_MATH, "x^2", "x^3", False), (SAME_MATH, "\\frac{1}{2}", "0.5", True),
    (SAME_MATH, "2^{10}", "1024", True), (SAME_MATH, "\\sqrt{16}", "4", True),
    (SAME_MATH, "0.1+0.2", "0.3", True), (SAME_MATH, "0.25", "\\frac{1}{2}", False),
    # HARNESSLAB
    (HARNESSLAB, "72", "72", True), (HARNESSLAB, "72.0", "72", True),
    (HARNESSLAB, "$1,234.00", "1234", True), (HARNESSLAB, "The answer is 72 dollars", "72", True),
    (HARNESSLAB, "50%", "50", True), (HARNESSLAB, "-3", "-3", True),
    (HARNESSLAB, "72.5", "72", False), (HARNESSLAB, "no number at all", "72", False),
    (HARNESSLAB, "\\frac{1}{2}", "0.5", True),
    (HARNESSLAB, "\\boxed{\\frac{\\sqrt{2}}{2}}", "1/\\sqrt{2}", True),
    (HARNESSLAB, "x+1", "1+x", True), (HARNESSLAB, "2^3", "8", True),
    (HARNESSLAB, "\\frac{3}{4}", "0.75", True),
    (HARNESSLAB, "\\left(\\frac{1}{3}\\right)", "1/3", True),
    (HARNESSLAB, "\\frac{1}{2}", "\\frac{1}{3}", False), (HARNESSLAB, "x+1", "x-1", False),
    (HARNESSLAB, "\\sqrt{2}", "2", False),
    # SYMPY_GRADER
    (SYMPY_GRADER, "\\frac{1}{2}", "0.5", True), (SYMPY_GRADER, "0.5", "\\frac{1}{2}", True),
    (SYMPY_GRADER, "\\dfrac{3}{4}", "3/4", True), (SYMPY_GRADER, "2\\sqrt{2}", "2\\sqrt2", True),
    (SYMPY_GRADER, "\\boxed{7}", "7", True), (SYMPY_GRADER, "x^2+1", "1+x^2", True),
    (SYMPY_GRADER, "(1,2)", "(1, 2)", True), (SYMPY_GRADER, "10\\%", "10", True),
    (SYMPY_GRADER, "\\$5", "5", True), (SYMPY_GRADER, "\\pi", "pi", True),
    (SYMPY_GRADER, "1,000", "1000", True), (SYMPY_GRADER, "1/2", "1/3", False),
    (SYMPY_GRADER, "7", "8", False), (SYMPY_GRADER, "x+1", "x-1", False),
    (SYMPY_GRADER, "(1,2)", "(2,1)", False), (SYMPY_GRADER, "3.5", "3", False),
    # GSM_IS_CORRECT
    (GSM_IS_CORRECT, "72", "72", True), (GSM_IS_CORRECT, "72.0", "72", True),
    (GSM_IS_CORRECT, "72", "72.0", True), (GSM_IS_CORRECT, " 72 ", "72", True),
    (GSM_IS_CORRECT, "$72", "72", True), (GSM_IS_CORRECT, "1,234", "1234", True),
    (GSM_IS_CORRECT, "1234", "1,234", True), (GSM_IS_CORRECT, "-5", "-5", True),
    (GSM_IS_CORRECT, "-5", "5", False), (GSM_IS_CORRECT, "71", "72", False),
    (GSM_IS_CORRECT, "72.001", "72", False), (GSM_IS_CORRECT, "not a number", "72", False),
    # GSM_EQUAL
    (GSM_EQUAL, "18", "18", True), (GSM_EQUAL, "18", "18.0", True), (GSM_EQUAL, "18", "19", False),
    (GSM_EQUAL, "14.4", "14.40", True), (GSM_EQUAL, "14.4", "14.5", False),
    (GSM_EQUAL, "0", "0", True), (GSM_EQUAL, "-5", "5", False), (GSM_EQUAL, "27", "27", True),
    (GSM_EQUAL, "28", "27", False), (GSM_EQUAL, "270", "27", False),
    (GSM_EQUAL, "-27", "27", False), (GSM_EQUAL, "14.4", "14.4", True),
    (GSM_EQUAL, "The answer is 27.", "27", True), (GSM_EQUAL, "not a number", "27", False),
    # HITL
    (HITL, "-5", "5", False), (HITL, ".5", "5", False), (HITL, "-5", "-5", True),
    # DM_EQUAL
    (DM_EQUAL, "1/2", "\\frac{1}{2}", True), (DM_EQUAL, "0.5", "\\frac{1}{2}", True),
    (DM_EQUAL, "0.5", "1/2", True), (DM_EQUAL, "\\sqrt{8}", "2\\sqrt{2}", True),
    (DM_EQUAL, "(-\\infty, 3]", "(-\\infty,3]", True), (DM_EQUAL, "[1,2)", "[1,2]", False),
    (DM_EQUAL, "3", "4", False), (DM_EQUAL, "\\frac{1}{3}", "0.33", False),
    # MISD
    (MISD, "\\frac{1}{2}", "0.5", True), (MISD, "3", "3.0", True),
    (MISD, "\\frac{1}{2}", "\\frac{2}{4}", True), (MISD, "\\sqrt{4}", "2", True),
    (MISD, "\\pi", "pi", True), (MISD, "x+y", "y+x", True), (MISD, "1", "2", False),
    (MISD, "\\frac{1}{3}", "0.33", False), (MISD, "\\{1,2,3\\}", "\\{3,2,1\\}", True),
]

# copied rows whose label rests on that suite's own convention (answer, gold): reason
LEFT_OUT = {
    ("abc", "def"): "MATHBenchmark self-test: text strings, not math answers",
    ("X", "x"): ("Doenet: case-sensitive variable names (a variable name as the only difference, "
                 "as for collection 9's PRM800K-style row)"),
    ("X^2+1", "x^2+1"): "Doenet: case-sensitive variable names",
    ("$5", "5"): ("Doenet: a dollar sign makes a different quantity (veriloop drops a currency "
                  "sign, as NeMo-Skills asserts '\\$10' = '10')"),
    ("$x", "x"): "Doenet: a dollar sign makes a different quantity",
    ("0", "t=4"): "Doenet: an equation against a number, a parser probe",
    ("/4", "/4"): "Doenet: an unparseable string is not even itself",
    ("y=x", "x"): ("KAS: an equation and an expression are different kinds (veriloop, like "
                   "Qwen's grader, reads 'y = x' as the value x)"),
    ("x", "y=x"): "KAS: an equation and an expression are different kinds",
    ("(-2)^(n+0.1)", "(-2)^(n+1.1)"): "KAS asserts current behaviour that it calls incorrect",
    ("1.1234567891235 * 10^200", "1.1234567891234 * 10^200"): "KAS: a relative tolerance",
    ("123456789012345678901.0", "123456789012345678900"): "shadowgate Numeric: rel_tol 1e-6",
    ("1e-12", "0"): "shadowgate Numeric: abs_tol 1e-9",
    ("(2x-1)(x+1)", "2x^2+x-1"): ("sameMath: the verdict is a mode (symbolic: a factorised form "
                                 "differs; equivalent: equal)"),
    ("3.14", "\\pi"): "sameMath: a tolerance parameter decides",
    ("[1, 2]", "(1, 2)"): ("answer_check and the C# scorer: brackets and parentheses coincide "
                           "(as intervals they differ; MATHBenchmark asserts the opposite)"),
    ("x^2 + 1", "1 + x^2"): ("C# scorer: a documented deviation of the port (text comparison of "
                             "symbolic answers; the Python original scores it correct)"),
    ("\\boxed{x^2 - x^2}", "0"): "C# scorer: the same documented deviation of the port",
    ("x<2", "2>x"): "C# scorer: the same documented deviation of the port",
    ("\\beginboxed{8\\sqrt{6}}", "8\\sqrt{6}"): "C# scorer reads a malformed macro as a box",
}
