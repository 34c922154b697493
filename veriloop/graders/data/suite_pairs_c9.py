r"""Collection 9 of the public answer-equivalence cases: the seventh blind held-out (`heldout7`).

Written and committed (issue 43, math8) before anyone read `heldout6`'s failures or changed the
grader after its one measurement; `heldout6` is spent as tuning data only after this commit, and
`heldout7` is measured once afterwards, counts only.

The grader's domain: final answers of math problems as LLMs write them against a gold answer.
Sources (none used by collections 1-8), each row keeping the label its test asserts. The public
code index records no repository for these files, so each names the index's file id and the
module the test imports (as stored on 2026-11-28):
- a PRM800K-style `grade_answer(pred, gold)` grader's own `__main__` asserts;
- lm-evaluation-harness's minerva_math `is_equiv` tests (a different file from the
  hendrycks_math tests of collection 8);
- pumpkinspice's MATH runner tests (`bench_math.is_equiv`, `grade`);
- a MATH-500 `benchmarks/math_grade.py` test; and the math-reward / answer-matching tests of five
  small eval or RL projects (`math_equal`, `answers_match`).

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a spec, a tolerance), empty or `None` answers, extraction-only
  assertions. Where a test grades a whole gold solution, the gold's boxed answer is the gold.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-8, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), as for collection 8.
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.

Shortfall: the brief asked for >= 200 cases with >= 100 negatives; there was time for fewer:
176 rows copied, 118 left after the repeats are dropped (37 not equivalent), so one false
positive here costs 2.7% and the split cannot show FP <= 1% on its own. After heldout7 was
spent (math10), two rows it shares with a convention left out before moved to `LEFT_OUT`:
116 cases remain (35 not equivalent).
"""

from __future__ import annotations

PRM_STYLE = ("PRM800K-style grader's __main__ asserts (index file 10592428089): "
             "grade_answer(predicted_answer, ground_truth)")
MINERVA = ("lm-evaluation-harness minerva_math tests (index file 60098778366): "
           "lm_eval.tasks.minerva_math.utils.is_equiv")
PUMPKIN = ("pumpkinspice MATH runner tests (index file 56708908013): "
           "pumpkinspice.introspect.bench_math is_equiv / grade")
MATH500 = ("MATH-500 benchmarks/math_grade.py tests (index file 56773987307): "
           "math_grade.is_equiv(response, gold)")
REWARD_SMALL = ("math-reward tests (index file 55438043968): math_equal, "
                "math_reward(response, gold)")
BET = "bet reward tests (index file 71337867729): math_equal"
GRPO_CFG = "GRPO config tests (index file 69408521188): math_equal"
FORMALIZER = "formalizer eval tests (index file 68376472299): answers_match(pred, gold)"
TUTOR = "tutor tests (index file 60397546419): answers_match(student, expected)"
TEACHER = "teacher-CoT tests (index file 57846151133): answers_match"
VOTE = "majority-vote tests (index file 32906686421): answers_match"
CANON = ("MATH canonical-normaliser checks (index file 66855714058): UNIT_PAIRS is_equiv, "
         "NUMERIC_PAIRS correct_math")
NUMERIC_EVAL = ("app.evaluators NumericMatch tests (index file 71197718599): "
                "NumericMatch().evaluate(text, '3108')")
MARIN = ("marin-community/marin tests (index file 60352982257): "
         "marin.evaluation.graders minerva_math.is_equiv, hendrycks_math.is_equiv")
SWIFT = ("modelscope/ms-swift tests (index file 2333134164): swift.plugin.orm.MathAccuracy "
         "(completion, solution)")
EXAM = "examParser tests (index file 54300617291): gradeAnswer(question, answer)"

# (source, answer, gold, equivalent)
C9_CASES = [
    # PRM800K-style grade_answer(pred, gold)
    (PRM_STYLE, "0.1", ".1", True), (PRM_STYLE, "-2", "-2", True),
    (PRM_STYLE, "-2", "-2.0", True), (PRM_STYLE, "-2", "-2.000", True),
    (PRM_STYLE, "-2", "-2.", True),
    (PRM_STYLE, "x \u2208 [-2,5]", "x \\in [-2,5]", True),
    (PRM_STYLE, "x \u2208 [-2,5]", "x \\in [-2, 5]", True),
    (PRM_STYLE, "x \u2208 [-0.2,0.5]", "x \\in [-0.2, 0.5]", True),
    (PRM_STYLE, "x \u2208 [0.2,-0.5]", "x \\in [0.2, -0.5]", True),
    (PRM_STYLE, "x \\in [-0.2,0.5]", "x \\in [-0.2, 0.6]", False),
    (PRM_STYLE, "-1/2", "-0.5", True), (PRM_STYLE, "-1/3", "-3/9", True),
    (PRM_STYLE, "-1/3", "-2/6", True), (PRM_STYLE, "-1/5", "-0.2", True),
    (PRM_STYLE, "-1/5", "-\\frac{1}{5}", True), (PRM_STYLE, "-1/5", "-\\frac{2}{10}", True),
    (PRM_STYLE, "0.1", ".2", False), (PRM_STYLE, "-2", "-3", False),
    (PRM_STYLE, "-2", "-2.1", False), (PRM_STYLE, "-2", "-\\frac{4}{2}", True),
    (PRM_STYLE, "-2", "\\frac{1}{2}", False),
    (PRM_STYLE, "(1,2,3)", "(1.0,2.0,3.0)", True),
    (PRM_STYLE, "(1,2,3)", "(1.0,2.0,3.1)", False),
    (PRM_STYLE, "4,6,14,15", "4, 6, 14, 15", True),
    (PRM_STYLE, "4,6,14,15", "4, 6, 14, 15.5", False),
    (PRM_STYLE, "\\tfrac{1}{2} + \\frac1{72}", "\\\\frac{1}{2} + 2/3", False),
    (PRM_STYLE, "10, 4, 2", "4, 12, 2", False),
    (PRM_STYLE, "10\\text{ units}", "10 ", True),
    (PRM_STYLE, "10\\text{ units}", "100 ", False),
    (PRM_STYLE, "10", "\\$10", True),
    (PRM_STYLE, "\\left(x-2\\right)\\left(x+2\\right)", "(x-2)(x+2)", True),
    (PRM_STYLE, "10\\%", "10", True),
    (PRM_STYLE, "10\\sqrt{3} + \\sqrt4", "10\\sqrt3 + \\sqrt{4}", True),
    (PRM_STYLE, "\\frac34i", "\\frac{3}{4}i", True),
    (PRM_STYLE, "\\tfrac83", "\\frac{8}{3}", True),
    (PRM_STYLE, "5x - 7y + 11z + 4 = 0", "x + y - z + 2 = 0", False),
    (PRM_STYLE, "5x - 7y + 11z + 4 = 0", "5x - 7y + 11z + 4 = 0", True),
    (PRM_STYLE, "50 %", "50 percent", True), (PRM_STYLE, "50%", "50", True),
    (PRM_STYLE, "\\frac{\\sin x}{\\cos x}", "\\frac{\\sin x}{\\cos x}", True),
    (PRM_STYLE, "\\frac{\\sin x}{\\cos x}", "\\frac{\\sin x}{\\sin x}", False),
    (PRM_STYLE, "$\\begin{pmatrix} 1 \\\\ -2 \\\\ -1 \\end{pmatrix}}$",
     "\\begin{pmatrix} 1 \\\\ -2 \\\\ -1 \\end{pmatrix}", True),
    (PRM_STYLE, "$\\begin{pmatrix} 1 \\\\ -2 \\\\ -1 \\end{pmatrix}}$",
     "\\begin{pmatrix} 1.0 \\\\ -2.0 \\\\ -1.0 \\end{pmatrix}", True),
    (PRM_STYLE, "$\\begin{pmatrix} 1 \\\\ -2 \\\\ -1 \\end{pmatrix}}$",
     "\\begin{pmatrix} 1 \\\\ -2 \\\\ -3 \\end{pmatrix}", False),
    # lm-eval minerva_math is_equiv(x1, x2)
    (MINERVA, "(2,4)", "(2,4)", True), (MINERVA, "(-1,2,3)", "(-1,2,3)", True),
    (MINERVA, "[2,5)", "[2,5)", True), (MINERVA, "(-\\infty,3]", "(-\\infty,3]", True),
    (MINERVA, "\\begin{pmatrix}1\\\\2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}", True),
    (MINERVA, "\\text{east}", "\\text{east}", True),
    (MINERVA, "(2,4)", "(3,5)", False), (MINERVA, "[2,5)", "[2,6)", False),
    (MINERVA, "(2,4)", "(4,2)", False), (MINERVA, "\\text{east}", "\\text{west}", False),
    (MINERVA, "\\frac{1}{2}", "0.5", True),
    (MINERVA, "\\sqrt[3]{8}", "2", True), (MINERVA, "\\sqrt[3]2", "\\sqrt[3]{2}", True),
    (MINERVA, "\\sqrt[4]{16}", "2", True), (MINERVA, "\\sqrt8", "2\\sqrt{2}", True),
    # pumpkinspice bench_math: is_equiv(pred, gold), grade(response, gold solution)
    (PUMPKIN, "...so \\boxed{\\text{even}}", "\\text{even}", True),
    (PUMPKIN, "...so \\boxed{\\text{odd}}", "\\text{even}", False),
    (PUMPKIN, "\\frac{1}{2}", "1/2", True), (PUMPKIN, "\\dfrac{1}{2}", "\\frac{1}{2}", True),
    (PUMPKIN, "3", "4", False),
    (PUMPKIN, "...reasoning... so \\boxed{3/4}.", "\\frac{3}{4}", True),
    (PUMPKIN, "...reasoning... so \\boxed{2/4}.", "\\frac{3}{4}", False),
    (PUMPKIN, "no box", "\\frac{3}{4}", False),
    (PUMPKIN, "\\begin{bmatrix} 0 & 0 \\\\ 0 & 1 \\end{bmatrix}",
     "\\begin{pmatrix} 0 & 0 \\\\ 0 & 1 \\end{pmatrix}", True),
    (PUMPKIN, "0.25", "\\frac{1}{4}", True), (PUMPKIN, "7", "8", False),
    (PUMPKIN, "-1, 2", "2", False),
    (PUMPKIN, "30^\\circ, 45^\\circ, 105^\\circ", "105^\\circ", False),
    (PUMPKIN, "2", "-1, 2", False), (PUMPKIN, "3", "1, 2, 3", False),
    (PUMPKIN, "1,000", "1000", True),
    # MATH-500 math_grade.is_equiv(response, gold)
    (MATH500, "\\boxed{0.5}", "\\frac{1}{2}", True),
    (MATH500, "\\boxed{\\frac{14}{3}}", "\\frac{14}3", True),
    (MATH500, "\\boxed{x^2+1}", "1 + x^2", True),
    (MATH500, "\\boxed{2\\sqrt{3}}", "2\\sqrt{3}", True),
    (MATH500, "\\boxed{7}", "8", False), (MATH500, "no answer here", "5", False),
    # small projects' math-reward and answer-matching tests
    (REWARD_SMALL, "42", "42", True), (REWARD_SMALL, "0.5", "1/2", True),
    (REWARD_SMALL, "100", "100.0", True), (REWARD_SMALL, "42", "43", False),
    (REWARD_SMALL, "thinking... \\boxed{8}", "8", True),
    (REWARD_SMALL, "the answer is 8", "8", True), (REWARD_SMALL, "\\boxed{9}", "8", False),
    (BET, "\\frac{1}{2}", "0.5", True), (BET, "\\frac{1}{2}", "1/2", True),
    (BET, "\\frac{1}{0}", "1", False),
    (GRPO_CFG, "0.5", "\\frac{1}{2}", True), (GRPO_CFG, "1234", "1234.0", True),
    (GRPO_CFG, "3", "4", False),
    (FORMALIZER, "276", "276", True), (FORMALIZER, "$10", "10", True),
    (FORMALIZER, "148.5 km", "148.5", True), (FORMALIZER, "1/2", "0.5", True),
    (FORMALIZER, "25%", "25", True), (FORMALIZER, "277", "276", False),
    (FORMALIZER, "No", "No", True),
    (FORMALIZER, "Yes.", "yes", True), (FORMALIZER, "Yes", "No", False),
    (TUTOR, "1.25", "1.25", True), (TUTOR, "$1.25", "1.25", True),
    (TUTOR, "3/4", "6/8", True),
    (TUTOR, "50%", "50", True), (TUTOR, "11", "12", False),
    (TEACHER, "\\frac{1}{2}", "0.5", True), (TEACHER, "3", "4", False),
    (VOTE, "42", "42", True), (VOTE, "42.0", "42", True),
    (VOTE, "42", "43", False),
    # MATH canonical normaliser: is_equiv(a, b) and correct_math(a, b)
    (CANON, "\\frac{1}{2}", "\\frac{1}{2}", True), (CANON, "\\frac12", "\\frac{1}{2}", True),
    (CANON, "1/2", "\\frac{1}{2}", True), (CANON, "0.5", "\\frac{1}{2}", True),
    (CANON, "\\dfrac{3}{8}", "\\frac{3}{8}", True), (CANON, "\\sqrt3", "\\sqrt{3}", True),
    (CANON, "\\left(3\\right)", "(3)", True), (CANON, "50\\%", "50", True),
    (CANON, "\\$5", "5", True), (CANON, "18\\text{ ways.}", "18", True),
    (CANON, "x = 7", "7", True), (CANON, "\\frac{1}{2}", "\\frac{1}{3}", False),
    (CANON, "\\frac{10}{11}", "\\frac{1}{11}", False), (CANON, "12", "21", False),
    (CANON, "\\sqrt{2}", "\\sqrt{3}", False),
    (CANON, "0.375", "\\frac{3}{8}", True), (CANON, "3/8", "0.375", True),
    (CANON, "0.25", "\\frac{1}{4}", True), (CANON, "0.375", "\\frac{3}{7}", False),
    (CANON, "90900909", "90{,}900{,}909", True), (CANON, "-\\dfrac{1}{2}", "-\\$0.50", True),
    (CANON, "98770", "98,\\!770", True),
    # NumericMatch against the gold 3108
    (NUMERIC_EVAL, "The answer is 3108.", "3108", True), (NUMERIC_EVAL, "3,108", "3108", True),
    (NUMERIC_EVAL, "It is 3108 (not 3180).", "3108", False),
    (NUMERIC_EVAL, "The answer is 3109.", "3108", False),
    (NUMERIC_EVAL, "I don't know", "3108", False), (NUMERIC_EVAL, "-5", "3108", False),
    (NUMERIC_EVAL, "x = -2.50", "-2.5", True),
    # marin: minerva_math.is_equiv(candidate, reference), hendrycks_math.is_equiv
    (MARIN, "(f(x,y))", "(f(x,y))", True), (MARIN, "[f(x,y)]", "[f(x,y)]", True),
    (MARIN, "(2f(x,y))", "(2f(x,y))", True), (MARIN, "(x+f(a,b))", "(x+f(a,b))", True),
    (MARIN, "0.3", "\\frac{3}{10}", True), (MARIN, "0.333", "\\frac{1}{3}", False),
    (MARIN, "1.50", "1.5", True), (MARIN, "-0", "0", True), (MARIN, "2", "\\frac{4}{2}", True),
    (MARIN, "Final Answer: The final answer is $\\frac{1}{2}$. I hope it is correct.", "0.5", True),
    (MARIN, " $0.5$", "\\frac{1}{2}", True),
    # ms-swift MathAccuracy(completion, solution)
    (SWIFT, "The answer is \\boxed{42}", "\\boxed{42}", True),
    (SWIFT, "After careful calculation, the final answer is \\boxed{100}", "\\boxed{100}", True),
    (SWIFT, ("Let me solve step by step:\n1. First we have x = 2\n2. Then y = 3x = 6\n"
             "3. Finally z = x + y = 8\n\nFinal answer: \\boxed{8}"), "\\boxed{8}", True),
    (SWIFT, "The answer is \\boxed{42}", "\\boxed{100}", False),
    (SWIFT, "<answer>84</answer>", "\\boxed{84}", True),
    (SWIFT, "<answer>\\boxed{100}</answer>", "\\boxed{100}", True),
    (SWIFT, ("Let me solve:\nStep 1: Calculate x = 10\nStep 2: Calculate y = 20\n"
             "Step 3: Sum = 30\n\n<answer>54</answer>"), "\\boxed{54}", True),
    (SWIFT, "<answer>\\frac{1}{2}</answer>", "\\boxed{\\frac{1}{2}}", True),
    (SWIFT, "<answer>84</answer>", "<answer>\\boxed{84}</answer>", True),
    (SWIFT, "<answer>42</answer>", "\\boxed{100}", False),
    (SWIFT, "<answer>100</answer>", "\\boxed{100}", True),
    (SWIFT, "<answer>  84  </answer>", "\\boxed{84}", True),
    (SWIFT, "<answer>0.5</answer>", "\\boxed{\\frac{1}{2}}", True),
    (SWIFT, "<answer>2</answer>", "\\boxed{\\sqrt{4}}", True),
    (SWIFT, "<answer>84</answer>", "\n\n\\[\n\\boxed{84}\n\\]", True),
    (SWIFT, "<answer>3</answer>",
     "Therefore, the value of \\(a^2 - a + 2\\) is \\(\\boxed{3}\\).", True),
    (SWIFT, "<answer>100</answer>", "\\[\\boxed{100}\\]", True),
    (SWIFT, "<answer>\\(x = 42\\)</answer>", "\\[\\boxed{x = 42}\\]", True),
    # examParser gradeAnswer (fill-in and short answers)
    (EXAM, "1/2", "\\frac{1}{2}", True), (EXAM, "sqrt(16)", "\\sqrt{16}", True),
    (EXAM, "13 \u00d7 7 = 91", "7 x 13 = 91", True),
]

# copied rows whose label rests on that suite's own convention (answer, gold): reason
LEFT_OUT = {
    ("(1,2,3)", "(1;2;3)"): "PRM800K-style: ';' as a tuple separator is that grader's split rule",
    # moved here by math10 after heldout7 was spent (they were its two false positives): the same
    # pairs, with the same label, are left out of hendrycks' suite in build_suite_pairs._LEFT_OUT
    ("10, 4, -2", "4, 10, -2"): ("PRM800K-style: the order of a comma list (string matching); "
                                 "veriloop reads a list as MARIO's suite does, order-free"),
    ("0.1, 4, 2", "4, .1, 2"): "PRM800K-style: the order of a comma list (string matching)",
    ("x \u2208 [-0.2,0.5]", "Y \\in [-0.2, 0.5]"):
        "PRM800K-style: a different variable name as the only difference (x vs Y)",
    ("abc", "ABC"): "majority-vote suite's case folding of text; 'abc' is not a math answer",
    ("I think 12", "12"): "tutor suite accepts a hedge; veriloop grades hedges wrong",
    ("No, it does not follow.", "No"): "formalizer suite reads a sentence as its first word",
    ("\\boxed{42", "\\boxed{42}"): "ms-swift: an unclosed box voids the answer (a format rule)",
    ("<answer>42</answer> Some text <answer>100</answer>", "\\boxed{42}"):
        "ms-swift: the FIRST of two answer tags wins (an extraction rule; others take the last)",
    ("[2,5)", "[2,5)"): ("marin parity: old lm-eval minerva could not parse an interval, so not even "
                   "itself; lm-eval's own test now asserts it equal (a row above)"),
    ("(1,3)", "(1,3)"): "marin parity: lm-eval minerva cannot parse a tuple, so not even itself",
    ("(100,101)", "(100,101)"): "marin parity: a comma read as a thousands separator",
    ("(100,101)", "100101"): "marin parity: a comma read as a thousands separator",
    ("(E),", "(E),"): "marin parity: a parser probe, not an answer",
    ("007", "7"): "marin parity: leading zeros are a sympy syntax error (verl asserts 033 = 33)",
    ("\\frac{007}{2}", "\\frac{7}{2}"): "marin parity: leading zeros are a sympy syntax error",
    (".5", ".5"): "marin parity: sympy's grammar wants a digit before the point",
    ("-80\\leqg(x)\\leq82", "-80\\leqg(x)\\leq82"): "marin parity: a relation cannot subtract",
    ("x/y", "x/y "): "marin parity: raw string equality after a normaliser error (a trailing space)",
    ("0.6", "\\frac{3}{5}"): ("a hendrycks string normaliser's test (index file 54943205628): 0.6 = 3/5 "
                             "is called unequal"),
}
