r"""Collection 5 of the public answer-equivalence cases: the third blind held-out (`heldout3`).

Written to the data file before any grader change that followed it (issue 43, math4): the
`heldout2` split (collection 4) was spent as tuning data after this collection was committed,
and `heldout3` is measured once afterwards, counts only (FP 2/74, FN 30/72). math5 then spent
`heldout3` too, after committing collection 6 (`suite_pairs_c6.py`) as the next blind split.

Sources (none used by collections 1-4), each row keeping the label its suite asserts:
- rllm-org/rllm `tests/rewards/test_math_reward.py`, `tests/rewards/test_math_utils.py`
  (RewardMathFn, grade_answer_sympy): LLM responses with a `<think>` block and a box.
- thinking-machines-lab/tinker-cookbook `tinker_cookbook/recipes/math_rl/math_env_test.py`
  (grade_answer(given, ground_truth)).
- NVIDIA-NeMo/RL `tests/unit/environments/test_math_environment.py` (MathEnvironment).
- open-compass/opencompass `tests/datasets/test_olympiadbench.py` (MathJudger.judge).
- lambda-feedback/compareExpressions `app/tests/symbolic_evaluation_tests.py`
  (evaluation_function(response, answer)): sympy syntax, copied as written.
- maths/moodle-qtype_stack `tests/fixtures/answertestfixtures.class.php` (commit a14f3034): the
  `Sets`, `SysEquiv`, `NumRelative` and `NumAbsolute` rows (collection 4 took only `AlgEquiv`
  rows); `%i` is written `i`, systems of equations stay lists as written.

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows
  whose verdict needs a suite parameter veriloop has no counterpart for (symbol aliases,
  assumptions, complex-number or special-function switches, `plus_minus`, criteria such as
  "response > answer", a tolerance under which the row is right), lists of alternative golds,
  multiple-choice rows, and rows where the suite asserts only that the verifier failed.
- A row that is wrong under a suite's tolerance is copied: it is wrong under veriloop's
  tighter one too. A row right only within a coarser tolerance (STACK's default 5%) is not.
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.
"""

from __future__ import annotations

RLLM = ("rllm-org/rllm tests/rewards/test_math_reward.py, tests/rewards/test_math_utils.py "
        "(RewardMathFn, grade_answer_sympy)")
TINKER = ("thinking-machines-lab/tinker-cookbook tinker_cookbook/recipes/math_rl/math_env_test.py "
          "(grade_answer)")
NEMO_RL = "NVIDIA-NeMo/RL tests/unit/environments/test_math_environment.py (MathEnvironment)"
OPENCOMPASS = "open-compass/opencompass tests/datasets/test_olympiadbench.py (MathJudger.judge)"
LAMBDA = ("lambda-feedback/compareExpressions app/tests/symbolic_evaluation_tests.py "
          "(evaluation_function(response, answer))")
STACK_TABLES = ("maths/moodle-qtype_stack tests/fixtures/answertestfixtures.class.php "
                "(Sets, SysEquiv, NumRelative, NumAbsolute rows; %i written i)")

_T = "<think>...</think>\nThe answer is \\boxed{%s}."
_PHYS_B = "-(y*sin(x*y) + e^(y)) / (x*(e^(y) + sin(x*y)))"
_PHYS_A = "6*cos(5*x+1)-90*x*sin(5*x+1)-225*x**2*cos(5*x+1)+125*x**3*sin(5*x+1)"
_SUM = "summation(2*k - 1, (k, 1, n))"
_SYS = "[90=v*t,90=(v+5)*(t-1/4)]"

# (source, answer, gold, equivalent)
C5_CASES = [
    (RLLM, "<think>2 + 2 = 4</think>\nThe answer is \\boxed{4}.", "4", True),
    (RLLM, "<think>2 + 2 = 5</think>\nThe answer is \\boxed{5}.", "4", False),
    (RLLM, ("<think>Let me solve this quadratic equation</think>\nThe answer is "
            "\\boxed{x = 2, x = -3}."), "x = 2, x = -3", True),
    (RLLM, "<think>Let me calculate this carefully</think>\nThe answer is \\boxed{24}.",
     "\\boxed{24}", True),
    (RLLM, "<think>The answer is approximately pi</think>\nThe answer is \\boxed{3.14159}.",
     "3.14159", True),
    (RLLM, ("<think>Let me simplify this fraction</think>\nThe answer is "
            "\\boxed{\\frac{1}{2}}."), "1/2", True),
    (RLLM, "<think>5 + 5 = 10</think>\nThe answer is \\boxed{10}.", "10", True),
    (RLLM, "<think>5 + 5 = 11</think>\nThe answer is \\boxed{11}.", "10", False),
    (RLLM, _T % "42", "7", False), (RLLM, _T % "0", "0", True),
    (RLLM, _T % "0", "\\boxed{0}", True), (RLLM, _T % "", "7", False),
    (RLLM, "42", "42", True), (RLLM, "", "42", False),
    # grade_answer(given, ground_truth)
    (TINKER, "42", "42", True), (TINKER, "43", "42", False),
    (TINKER, "\\frac{1}{2}", "0.5", True), (TINKER, "5.0", "5", True),
    (TINKER, "5.1", "5", False), (TINKER, "(1, 2)", "(1, 2)", True),
    (TINKER, "(1, 2)", "(2, 1)", False), (TINKER, "\\text{yes}", "yes", True),
    (NEMO_RL, "2 + 2 = \\boxed{4}", "4", True), (NEMO_RL, "3 * 4 = \\boxed{12}", "\\boxed{12}", True),
    (NEMO_RL, "10 - 5 = \\boxed{5}", "\\boxed{5}", True),
    (NEMO_RL, "2 + 2 = \\boxed{\\frac{8}{2}}", "4.0", True),
    (NEMO_RL, "3 * 4 = 13", "\\boxed{12}", False),
    (NEMO_RL, "<think>2 + 2 = 4</think>\n<answer>4</answer>", "4", True),
    (NEMO_RL, "<think>3 * 4 = 12</think>\n<answer>12.5</answer>", "12", False),
    (NEMO_RL, "<think>10 - 5 = 5\n<answer>5</answer>", "5", True),
    (NEMO_RL, "2 + 1.333 = \\boxed{\\frac{10}{3}}", "3.33333333", True),
    # judge(expression1, expression2): the first is read as the answer
    (OPENCOMPASS, "(x-1)(x+1)", "(x^2-1)", True), (OPENCOMPASS, "(x-1)(x+1)", "(x^2+1)", False),
    (OPENCOMPASS, "(1,2)", "(1, 2)", True), (OPENCOMPASS, "(1,2)", "(1,3)", False),
    (OPENCOMPASS, "[0,1]", "(0,1)", False),
    # evaluation_function(response, answer): response is the answer, answer the gold
    (LAMBDA, "x/2", "0.5*x", True), (LAMBDA, "|x|+y", "Abs(x)+y", True),
    (LAMBDA, "|x|+|y|", "Abs(x)+Abs(y)", True),
    (LAMBDA, "beta+gamma+zeta+I+N+O+Q+S+E", "E+S+Q+O+N+I+zeta+gamma+beta", True),
    (LAMBDA, "pi", "2*asin(1)", True),
    (LAMBDA, "2*x**2 = 10*y**2+14", "x**2-5*y**2-7=0", True),
    (LAMBDA, "2*x**2 = 10*y**2+20", "x**2-5*y**2-7=0", False),
    (LAMBDA, "2*x**2-10*y**2-14", "x**2-5*y**2-7=0", False),
    (LAMBDA, "2*x**2 = 10*y**2+14", "x**2-5*y**2-7", False),
    (LAMBDA, "sqrt(3)+5", "sqrt(3)+5", True), (LAMBDA, "6.73", "sqrt(3)+5", False),
    (LAMBDA, "sqrt(3)+5", "6.73", False), (LAMBDA, "6.7", "sqrt(3)+5", False),
    (LAMBDA, "6.7+x", "sqrt(3)+5", False), (LAMBDA, "6.73", "sqrt(3)+x", False),
    (LAMBDA, "2^4!", "factorial(2**4)", False),
    (LAMBDA, "-A*exp(x/b)*sin(y/b)+fx+C", "-A*exp(x/b)*sin(y/b)+fx+C", True),
    (LAMBDA, "-A*exp(x/b)*sin(y/b)+fx+C", "A*exp(x/b)*sin(y/b)+fx+C", False),
    (LAMBDA, "A*exp(x/b)*sin(y/b)+f(x)+C", "-A*exp(x/b)*sin(y/b)+f(x)+C", False),
    (LAMBDA, "sin(xy)x", _PHYS_B, False), (LAMBDA, "x(e^y+sin(xy)x)", _PHYS_B, False),
    (LAMBDA, "e^y+sin(xy)x", _PHYS_B, False),
    (LAMBDA, _PHYS_A, _PHYS_A, True),
    (LAMBDA, "6cos(5x+1)-90x*sin(5x+1)-225x^2cos(5x+1)+125x^3sin(5x+1)", _PHYS_A, True),
    (LAMBDA, "-90xsin(5x+1)", _PHYS_A, False),
    (LAMBDA, "(125x^3)*(cos(5x+1))-(225x^2)*(cos(5x+1))-(90x)*(sin(5x+1))+6cos(5x+1)",
     _PHYS_A, False),
    (LAMBDA, "a+b*e^2", "a+b*exp(2)", True),
    (LAMBDA, "B*10^(log(10,10))", "10B", True), (LAMBDA, "B*b^(log(a,b))", "aB", True),
    (LAMBDA, "3!", "factorial(3)", True), (LAMBDA, "(n+1)!", "factorial(n+1)", True),
    (LAMBDA, "n!", "factorial(n)", True), (LAMBDA, "a!=b", "factorial(3)", False),
    (LAMBDA, "2*n!", "2*factorial(n)", True),
    (LAMBDA, "3!!", "factorial2(3)", True), (LAMBDA, "(n+1)!!", "factorial2(n+1)", True),
    (LAMBDA, "n!!", "factorial2(n)", True), (LAMBDA, "a!=b", "factorial2(3)", False),
    (LAMBDA, "2*n!!", "2*factorial2(n)", True),
    (LAMBDA, _SUM, _SUM, True), (LAMBDA, "sum(2*k - 1, (k, 1, n))", _SUM, True),
    (LAMBDA, "summation(2*i - 1, (i, 1, n))", _SUM, True),
    (LAMBDA, "summation(2*k + 1, (k, 1, n))", _SUM, False),
    (LAMBDA, "1 + summation(2*k + 1, (k, 1, n-1))", _SUM, True),
    (LAMBDA, "1 + sum(2*k + 1, (k, 1, n-1))", _SUM, True),
    (LAMBDA, "1 + summation(2*m + 1, (m, 1, n-1))", _SUM, True),
    (LAMBDA, "1 + summation(2*i + 1, (i, 1, n-1))", _SUM, True),
    (LAMBDA, "summation(2*(k + 1) - 3, (k, 1, n))", _SUM, True),
    (LAMBDA, "summation(2*(k + 1) - 1, (k, 0, n-1))", _SUM, True),
    (LAMBDA, "summation(2*k + 199, (k, -99, n-100))", _SUM, True),
    (LAMBDA, "1/(1 + summation(2*k + 1, (k, 1, oo)))", "1/summation(2*k - 1, (k, 1, oo))", True),
    (LAMBDA, "6y", "int(3*x*y, (x, 0, 2))", True),
    (LAMBDA, "int(f(x)+g(x), (x, a, b))", "int(g(x)+f(x), (x, a, b))", True),
    (LAMBDA, "2.694", "infinity", False),
    # STACK (student answer, teacher answer, score)
    (STACK_TABLES, "x", "{1,2,3}", False), (STACK_TABLES, "{1,2}", "x", False),
    (STACK_TABLES, "{1,2}", "{1,2,3}", False), (STACK_TABLES, "{1,2,4}", "{1,2}", False),
    (STACK_TABLES, "{1,2,2+2}", "{1,2}", False), (STACK_TABLES, "{5,1,2,4}", "{1,2,3}", False),
    (STACK_TABLES, "{2/4, 1/3}", "{1/2, 1/3}", True), (STACK_TABLES, "{1,2,1}", "{1,2}", True),
    (STACK_TABLES, "{1,2,1+1}", "{1,2}", True), (STACK_TABLES, "{1,2,1+1}", "{1,2,3}", False),
    (STACK_TABLES, "1", "[(x-1)*(x+1)=0]", False), (STACK_TABLES, "[(x-1)*(x+1)=0]", "1", False),
    (STACK_TABLES, "[1]", _SYS, False), (STACK_TABLES, "[(x-1)*(x+1)=0]", "[1]", False),
    (STACK_TABLES, "[x^2]", "[(x-1)*(x+1)=0]", False),
    (STACK_TABLES, "[90=v*t^t,90=(v+5)*(t-1/4)]", _SYS, False),
    (STACK_TABLES, _SYS, "[90=v*t^t,90=(v+5)*(t-1/4)]", False),
    (STACK_TABLES, "[x^2=1]", "[(x-1)*(x+1)=0]", True),
    (STACK_TABLES, "[x^2+y^2=4,y=x]", "[y=x,y^2=2]", True),
    (STACK_TABLES, "[x^2+y^2=2,y=x]", "[y=x,y^2=2]", False),
    (STACK_TABLES, "[x=1]", "[(x-1)*(x+1)=0,(x-1)*(x-3)=0]", True),
    (STACK_TABLES, "[3*a+b-c=2, a-b+2*c=5,b+c=5]", "[a=1,b=2,c=3]", True),
    (STACK_TABLES, "[a=1,b=2,c=3]", "[3*a+b-c=2, a-b+2*c=5,b+c=5]", True),
    (STACK_TABLES, "[x^2=1]", "[(x-1)*(x+1)*(x-2)=0]", False),
    (STACK_TABLES, "[x=1,y=-1]", "[(x-1)*(y+1)=0]", False),
    (STACK_TABLES, "[x=1]", "[(x-1)*(x+1)=0]", False),
    (STACK_TABLES, "[x=1]", "[(x-1)*(x+1)*y=0]", False), (STACK_TABLES, _SYS, _SYS, True),
    (STACK_TABLES, "[90=v*t,90=(v+5)*(t*x-1/4)]", _SYS, False),
    (STACK_TABLES, _SYS, "[90=v*t,90=(v+5)*(t*x-1/4)]", False),
    (STACK_TABLES, "[90=v*t]", _SYS, False),
    (STACK_TABLES, "[90=v*t,90=(v+5)*(t-1/4),90=(v+6)*(t-1/5)]", _SYS, False),
    (STACK_TABLES, ("[90=v*t,90=(v+5)*(t-1/4),90=(v+6)*(t-1/5),90=(v+7)*(t-1/4),"
                    "90=(v+8)*(t-1/3)]"), _SYS, False),
    (STACK_TABLES, "[b^2=a,a=9]", "[x^2=y,y=9]", False),
    (STACK_TABLES, "[x^2=4]", "[x^2=4,y=9]", False),
    (STACK_TABLES, "1.1", "1", False), (STACK_TABLES, "0.949", "1", False),
    (STACK_TABLES, "1.06e33", "1e33", False), (STACK_TABLES, "0.949e33", "1e33", False),
    (STACK_TABLES, "1.06e-33", "1e-33", False), (STACK_TABLES, "0.949e-33", "1e-33", False),
    (STACK_TABLES, "1.05", "3", False), (STACK_TABLES, "inf", "0", False),
    (STACK_TABLES, "1", "[1,2]", False), (STACK_TABLES, "[1,2]", "[1,2,3]", False),
    (STACK_TABLES, "[1,2]", "[1,2]", True), (STACK_TABLES, "[3,1.414]", "[pi,sqrt(2)]", False),
    (STACK_TABLES, "[3,1.414]", "{pi,sqrt(2)}", False), (STACK_TABLES, "{0,1,2}", "{0,1,2}", True),
    (STACK_TABLES, "{-1,2,3}", "{-1,2,3}", True), (STACK_TABLES, "{-1.1,2,3}", "{-1,2,3}", False),
    (STACK_TABLES, "0.99*i", "i", False), (STACK_TABLES, "3.14", "pi", False),
    (STACK_TABLES, "1.41e-2", "1.41e-2", True), (STACK_TABLES, "0.0141", "1.41e-2", True),
    (STACK_TABLES, "0.00141", "0.00141", True), (STACK_TABLES, "0.00141", "1.41*10^-3", True),
    (STACK_TABLES, "1.41*10^-3", "1.41*10^-3", True),
]

# copied rows whose label rests on a convention of that suite, not of math answers
LEFT_OUT = {
    ("The answer is 4.", "4"): "rllm format rule: no </think> delimiter scores 0",
    ("<think>2 + 2 = 4</think>\nThe answer is 4.", "4"): "rllm format rule: no box scores 0",
    ("\\frac{3}{4}", "0.75"): "tinker-cookbook's own comment: its normaliser misses 3/4 = 0.75",
    ("\\frac{2}{4}", "\\frac{1}{2}"): "tinker-cookbook's strict fraction form (equal numbers)",
    ("6cos(5x+1)-90xsin(5x+1)-225x^2cos(5x+1)+125x^3sin(5x+1)", _PHYS_A):
        "lambda-feedback reads 'xsin' as one symbol; as mathematics it is x*sin, equal",
    ("momega^3 l^2/2(exp(2omegat)-exp(-2omegat))", "m*omega^3*l^2*sinh(2*omega*t)"):
        "rests on lambda-feedback splitting glued letters (momega, omegat) into products",
    ("2 pi e^{-a |omega|}", "2 pi e^(-a|omega|)"):
        "lambda-feedback reads {...} as a set; as mathematics the two are equal",
    ("-(sin(xy)y+(e^y))/(x(e^y+sin(xy)x))sin(xy)y", _PHYS_B):
        "two of the suite's strings joined by a missing comma in its list",
    ("{(x-a)^6000}", "{(a-x)^6000}"): "STACK's own comment: 'different' only because its Sets "
                                      "test does not expand; equal as mathematics",
    ("[d=90,d=v*t,d=(v+5)*(t-1/4)]", _SYS): "STACK's variable-set rule (an extra named variable d)",
    ("x=1.5", "1.5"): "STACK's numerical tests want a bare number; veriloop grades x = 10 as 10",
    ("1.5", "x=1.5"): "STACK's numerical tests want a bare number; veriloop grades x = 10 as 10",
    ("a+b*E^2", "a+b*exp(2)"): "sympy's E for Euler's number; in a math answer E is a variable "
                                "(a point, an energy) and letter case names it (X is not x). "
                                "Left out by math5 after reading it as a heldout3 false negative",
    ("Bsin(pi)", "0"): "the elementary-function rows (Bsin(pi), Bcos(pi/2), Basinh(...), ...: 37 "
                       "rows, not copied) rest on a letter glued to a function name being a "
                       "product, lambda-feedback's strict_syntax=False parser",
}
