r"""Collection 27 of the public answer-equivalence cases: the 25th blind held-out (`heldout25`).

Written and committed (issue 43, math28) before anyone read `heldout24`'s failures or changed the
grader after its one measurement; `heldout24` is spent as tuning data only after this commit, and
`heldout25` is measured once afterwards, counts only.

Sources (none used by collections 1-26; every repository checked by its owner/name against every
provenance string in `suite_pairs_c*.py` and `build_suite_pairs.py`, found this time by repository
name and path -- `find_repos`/`find_files` on tutor, checker, verifier and reward names, whole
snapshots read with git -- rather than by the search indexes, which mostly return suites already
used; a source dropped when its rows showed it was an earlier collection's file under another id,
as an LLM-evaluation tool's math-equivalent assertion and a quiz app's comparison were), each row
keeping the label its test asserts, named by its repository or, where the public code index records
no repository, its file id:
- Tutors' checkers: a Dutch primary-school tutor's correctness, equivalence, step-transition and
  misconception matchers (fractions added straight across, a rounding compensation forgotten or
  applied the wrong way) and its parser values, a Socratic tutor's verification tools (equation
  solutions, algebraic steps with a sign slip, claimed values with mixed numbers), an algebra step
  checker (a root moved, a sign flipped, a square expanded without its middle term), a French
  'calcul littéral' engine, a practice-problem engine's rational-expression validator, a Chinese
  tutor's solution checker.
- Reward, verifier and scorer tests of RL and eval projects (35 of them): boxed answers against
  boxed or bare references, GSM8K '#### n' markers, 'ANSWER:' lines and <answer> tags, a wrong
  value, a hedge, a reply with no answer, intermediate values before the final one, a final answer
  corrected in the reply, scientific notation, grouped thousands, unordered sets of roots, tuples and
  intervals whose order or ends differ, an equation where a value is wanted.
- One CAS table of printed results (a safe evaluator's exact surds, fractions and expansions; every
  other row), 11 cases, and the Dutch tutor's parser values, 6: 17 cases together, 5%.

Curation, decided by reading the rows and never by running a grader on them, as for collections
21-26:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, a required unit, a question type), parse errors and
  hostile inputs, word and prose answers, rows a test accepts either way, roundings called equal,
  derivative and integral checks (the answer is not the gold's value). Identical strings are not
  copied.
- Symmetric checkers put their first argument as the answer; a reward or extraction test puts the
  reply as the answer and the value it expects as the gold; a step checker puts the next line as
  the answer and the line before it (or the problem) as the gold; a value checker puts the claimed
  value as the answer and the expression as the gold.
- No project above a fifth of the collection (the largest has 28 cases, 9%).
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-26, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection.
- `LEFT_OUT` holds rows copied and then left out because the label rests on that suite's own
  convention (a tolerance, partial credit, a format rule such as 'no box scores 0', a last-number
  fallback on a sentence or a list, a percent sign against the fraction, a decimal comma, an
  anti-hack rule on several boxes, a three-way verdict), with the reason.

Size: 390 rows copied (146 not equivalent) and 57 convention rows in `LEFT_OUT`; 310 remain after
repeats are dropped, 120 of them not equivalent (39%). They come from 42 projects (38 source
constants); the largest are the Socratic tutor (28 cases, 9%) and an RL experiments repository's
verifier tests (24).
"""

from __future__ import annotations

NL_TUTOR_CHECKS = (
    "Alan-aiaction/math-tutor-mvp (a Dutch primary-school maths tutor) backend/test_correctness_check.py, "
    "test_canonical_form.py and test_transition_validity.py: is_correct(submitted, correct) true for "
    "equivalent answers and false for near misses, are_equivalent(a, b), and is_legal_transition(step, "
    "next step) false when a step changes the value; the submitted answer or next step the answer"
)
_ROWS_NL_TUTOR_CHECKS = [
    (NL_TUTOR_CHECKS, a, g, eq)
    for a, g, eq in [
        ("0.75", "\\frac{3}{4}", True),
        ("-\\frac{3}{4}", "-0.75", True),
        ("2/7", "4/28", False),
        ("2/7", "3/28", False),
        ("0.75", "0.25", False),
        ("3 - 5", "2", False),
        ("\\frac{1}{3} + \\frac{1}{4}", "\\frac{1}{4} + \\frac{1}{3}", True),
        ("2\\frac{1}{2}", "\\frac{5}{2}", True),
        ("\\frac{1}{2} + \\frac{1}{2}", "1", True),
        ("\\frac{1}{3}", "\\frac{1}{4}", False),
        ("\\frac{3}{12} + \\frac{4}{12}", "\\frac{1}{4} + \\frac{1}{3}", True),
        ("6*200 - 6*1", "6*199", True),
        ("5/7", "\\frac{1}{4} + \\frac{1}{3}", False),
        ("1200", "6*199", False),
        ("2/7", "8/28", True),
        ("4/28", "1/7", True),
        ("\\frac{1}{4} + \\frac{1}{3}", "7/12", True),
        ("3 - 5", "-2", True),
        ("7/12", "\\frac{3}{12} + \\frac{4}{12}", True),
    ]
]

NL_TUTOR_MISCONCEPTIONS = (
    "Alan-aiaction/math-tutor-mvp backend/test_misconception_matching.py: match_misconception(problem, "
    "answer) names a misconception for a wrong answer (fractions added or subtracted straight across, "
    "a rounding compensation forgotten, scaled wrongly or applied the wrong way) and none for the "
    "correct one; the answer the answer, the problem the gold (the problems in euros are not copied)"
)
_ROWS_NL_TUTOR_MISCONCEPTIONS = [
    (NL_TUTOR_MISCONCEPTIONS, a, g, eq)
    for a, g, eq in [
        ("\\frac{2}{7}", "\\frac{1}{3} + \\frac{1}{4}", False),
        ("\\frac{1}{1}", "\\frac{3}{4} - \\frac{2}{3}", False),
        ("1200", "6 × 199", False),
        ("1199", "6 × 199", False),
        ("1194", "6 × 199", True),
        ("1206", "6 × 199", False),
        ("10000", "101 × 99", False),
        ("100000", "99 × 1001", False),
        ("\\frac{7}{12}", "\\frac{1}{3} + \\frac{1}{4}", True),
        ("9999", "101 × 99", True),
    ]
]


NL_TUTOR_PARSER = (
    "Alan-aiaction/math-tutor-mvp backend/test_latex_parser.py and test_parser_edge_cases.py: "
    "parse_math_latex(text) evaluates to the value the test asserts (mixed numbers, implicit products "
    "of brackets); the text the answer, the value the gold"
)
_ROWS_NL_TUTOR_PARSER = [
    (NL_TUTOR_PARSER, a, g, True)
    for a, g in [
        ("-2\\frac{1}{2}", "-2.5"),
        ("1 + 2\\frac{1}{2}", "3.5"),
        ("\\frac{5}{8} - \\frac{1}{4}", "3/8"),
        ("1.5 + 2.5", "4"),
        ("2(1+3)", "8"),
        ("(1+2)(3+4)", "21"),
    ]
]
_LEFT_NL_TUTOR_PARSER = {
    ("0,75", "0.75"): "a decimal comma, this tutor's Dutch convention (a list in veriloop's reading)",
    ("1,5 + 2,5", "4"): "decimal commas, this tutor's Dutch convention",
}

SOCRATIC_VERIFY_TOOLS = (
    "adamisom/math-tutor-ai (a Socratic tutor's verification tools) tests/unit/math-verification.test.ts: "
    "verifyEquationSolution(equation, 'x = v') and verifyAlgebraicStep(before, after) judge an equation "
    "step by its solution, verifyCalculation(expression, claimed) a claimed value (fractions, mixed "
    "numbers, a sign slip); the solution, next step or claimed value the answer, the equation or "
    "expression the gold"
)
_ROWS_SOCRATIC_VERIFY_TOOLS = [
    (SOCRATIC_VERIFY_TOOLS, a, g, eq)
    for a, g, eq in [
        ("x = 4", "2x + 5 = 13", True),
        ("x = 5", "2x + 5 = 13", False),
        ("x = 5/3", "2x = 5", False),
        ("x = 0.0003", "x = 0.0002", False),
        ("2x = 18", "2x + 5 = 13", False),
        ("-4x = -8", "x^2 - 4x = x^2 - 8", True),
        ("-4x = 8", "x^2 - 4x = x^2 - 8", False),
        ("40", "8 * 5", True),
        ("35", "8 * 5", False),
        ("5/4", "3/4 + 1/2", True),
        ("5/6", "3/4 + 1/2", False),
        ("5", "3/4 + 1/2", False),
        ("0.0003", "0.0002", False),
        ("0.10001", "0.1", False),
        ("23/6", "2 1/3 + 1 1/2", True),
        ("4", "2 1/3 + 1 1/2", False),
        ("x = 7", "3x - 7 = 14", True),
        ("x = -3/2", "2x = -3", True),
        ("x = 2.5", "2x = 5", True),
        ("x = 5/2", "2x = 5", True),
        ("7", "3.5 * 2", True),
        ("40", "8 × 5", True),
        ("4", "8 ÷ 2", True),
        ("3/4", "5/4 - 1/2", True),
        ("1/2", "2/3 * 3/4", True),
        ("2", "(1/2) / (1/4)", True),
        ("3/2", "1 + 1/2", True),
        ("-1/4", "-1/2 + 1/4", True),
        ("2 3/4", "1 1/2 + 1 1/4", True),
        ("17", "3 * 4 + 5", True),
    ]
]
_LEFT_SOCRATIC_VERIFY_TOOLS = {
    ("0.1000001", "0.1"): "a relative tolerance of 1e-6 (the tool's own threshold)",
    ("1000001", "1000000"): "a relative tolerance of 1e-6 (the tool's own threshold)",
}

ALGEBRA_STEP_CHECKER = (
    "dguywhoknows/algebra-step-checker tests/core.test.js: sameExpr and proportional on expressions and "
    "equations, checkSteps(problem, steps) accepting a factorisation and its roots and stopping at a "
    "step that moves the root or flips a sign, solveSteps' own lines accepted by the checker; the step "
    "or second expression the answer, the line before it (or the first expression) the gold"
)
_ROWS_ALGEBRA_STEP_CHECKER = [
    (ALGEBRA_STEP_CHECKER, a, g, eq)
    for a, g, eq in [
        ("x^2 + 2x + 1", "(x+1)^2", True),
        ("x^2 + 1", "(x+1)^2", False),
        ("x + 2 = 5", "2x + 4 = 10", True),
        ("x + 4 = 5", "2x + 4 = 10", False),
        ("(x - 2)(x - 3) = 0", "x^2 - 5x + 6 = 0", True),
        ("x = 2 or x = 3", "(x - 2)(x - 3) = 0", True),
        ("3x - 6 + 4 = 2x + 9", "3(x - 2) + 4 = 2x + 9", True),
        ("3x - 2 = 2x + 9", "3x - 6 + 4 = 2x + 9", True),
        ("3x - 2x = 9 - 2", "3x - 2 = 2x + 9", False),
        ("x^2 + 9", "(x + 3)^2", False),
        ("x - 2", "-(x - 2)", False),
        ("x - 2 = 9", "3x - 2 = 2x + 9", True),
        ("x = 11", "x - 2 = 9", True),
        ("x^2 + 6x + 9", "(x + 3)^2", True),
        ("(2x - 1)(x - 1) = 0", "2x^2 - 3x + 1 = 0", True),
    ]
]

CAS_SAFE_EVAL = (
    "Molight1007/math-ai-evaluator tests/test_math_eval.py: safe_eval(expression) returns the exact "
    "value or simplified form the test asserts (surds, fractions, implicit products, sums, integrals, "
    "powers written with ^; every other row copied, a CAS table of printed results); the expression "
    "the answer, the asserted result the gold"
)
_ROWS_CAS_SAFE_EVAL = [
    (CAS_SAFE_EVAL, a, g, True)
    for a, g in [
        ("comb(50,3) * 2**10", "20070400"),
        ("floor(7/2)", "3"),
        ("sqrt(4/9)", "2/3"),
        ("k*(1-k)", "-k**2 + k"),
        ("sqrt(45)", "3*sqrt(5)"),
        ("sqrt(45)+sqrt(20)", "5*sqrt(5)"),
        ("sqrt(2025)", "45"),
        ("1.5^3", "27/8"),
        ("0.5 + 1/3", "5/6"),
        ("2(x+1)", "2*x + 2"),
        ("2x+3", "2*x + 3"),
    ]
]

GRPO_SOLUTION_TAGS = (
    "Gemma-Garage/gemma-garage-finetuning tests/test_math_grader.py: MathGrader.check_answer and "
    "check_numbers reward the number inside <SOLUTION> tags (full reward for the right value, none or a "
    "penalty for a wrong one); the completion the answer, the reference the gold"
)
_ROWS_GRPO_SOLUTION_TAGS = [
    (GRPO_SOLUTION_TAGS, a, g, eq)
    for a, g, eq in [
        ("<start_working_out>2+2=4<end_working_out><SOLUTION>4</SOLUTION>", "4", True),
        ("<start_working_out>work<end_working_out><SOLUTION>50</SOLUTION>", "100", False),
        ("<SOLUTION>10</SOLUTION>", "10", True),
        ("Some text <SOLUTION>42.5</SOLUTION>", "42.5", True),
        ("<SOLUTION>5</SOLUTION>", "10", False),
    ]
]
_LEFT_GRPO_SOLUTION_TAGS = {
    ("<start_working_out>work<end_working_out><SOLUTION>95</SOLUTION>", "100"):
        "partial credit for a value within 10% (a tolerance, not a verdict)",
    ("The answer is 4", "4"): "a format rule: no <SOLUTION> tags scores 0",
}

SMALL_RL_REWARDS = (
    "RL and eval projects' reward and answer-extraction tests: linnhuang/Qwen3-4b-Instruct_Test "
    "tests/test_math_reward.py (correctness_reward against a GSM8K '#### n' reference), "
    "zhangjf314/MiniLLM-Forge tests/test_math_eval.py (the last balanced box, a '#### n' marker, "
    "exact_match), asdjasdsad/math-tutor-agent tests/test_answer_extraction.py (answers_match), "
    "HonoMi/evalchemy tests/test_answer_extraction.py (the last box); the reply the answer, the "
    "reference the gold"
)
_ROWS_SMALL_RL_REWARDS = [
    (SMALL_RL_REWARDS, a, g, eq)
    for a, g, eq in [
        ("Final answer: 42", "reasoning #### 42", True),
        ("Final answer: 1", "reasoning #### 2", False),
        ("First \\boxed{2}; therefore \\boxed{\\frac{1}{2}}.", "\\frac{1}{2}", True),
        ("work\n#### 18", "18", True),
        ("$\\left(\\mathrm{x}\\right)$", "(x)", True),
        ("Final answer: 1,200.", "#### 1200", True),
        ("0.5", "1/2", True),
        ("推导过程...\n\\boxed{7}", "7", True),
        ("first \\boxed{12}; final \\boxed{34}", "34", True),
    ]
]

RATIONAL_ANSWER_VALIDATOR = (
    "a practice-problem engine's answer validator (index file 66783883902, compareExpressions and "
    "validateAnswer on rational expressions: equal after cancelling, unequal by a factor 2, a sign "
    "or a denominator); the first argument (or the submitted answer) the answer"
)
_ROWS_RATIONAL_ANSWER_VALIDATOR = [
    (RATIONAL_ANSWER_VALIDATOR, a, g, eq)
    for a, g, eq in [
        ("(x-1)/(x-2)", "(2*(x-1))/(2*(x-2))", True),
        ("(x-1)/(x-2)", "(x-1)/(2*x-4)", False),
        ("(x-1)/(2*x-4) + (x-1)/(2*x-4)", "(x-1)/(x-2)", True),
        ("(x-1)/(x-2)", "(x+1)/(x-2)", False),
        ("1/(x-1)", "1/(x-2)", False),
        ("x^2 - 1", "(x-1)*(x+1)", True),
        ("(x^2 - 4)/(x-2)", "x+2", True),
        ("1/(x-2)", "2/(2*x-4)", True),
        ("2/x", "4/(2*x)", True),
        ("(x-1)/(x-2)", "(x-1)/(2*x-4) + (x-1)/(2*x-4)", True),
    ]
]

FR_CALCUL_LITTERAL = (
    "a French 'calcul littéral' trainer's exact expression engine (index file 61420741907, "
    "compareExpressions(a, b).kind 'equal' or 'not-equal', validateEqualityChain on a derivation); "
    "the second expression or next line the answer, the first the gold"
)
_ROWS_FR_CALCUL_LITTERAL = [
    (FR_CALCUL_LITTERAL, a, g, eq)
    for a, g, eq in [
        ("x+12", "3(x+4)-2x", True),
        ("x+11", "3(x+4)-2x", False),
        ("3x+12-2x", "3(x+4)-2x", True),
        ("x+12", "3x+12-2x", True),
    ]
]

RECURRENCE_MATH_REWARD = (
    "usr-wwelsh/retrofitting-recurrence tests/test_math_reward.py: math_reward(completions, "
    "references) 1.0 for the boxed value the reference boxes (also a different form of it), 0.0 for "
    "a wrong value or no answer; the completion the answer, the reference the gold"
)
_ROWS_RECURRENCE_MATH_REWARD = [
    (RECURRENCE_MATH_REWARD, a, g, eq)
    for a, g, eq in [
        ("Reasoning... the answer is \\boxed{42}.", "\\boxed{42}", True),
        ("Reasoning... the answer is \\boxed{7}.", "\\boxed{42}", False),
        ("The answer is \\boxed{1/2}.", "\\boxed{0.5}", True),
        ("I don't know, sorry.", "\\boxed{42}", False),
        ("\\boxed{5}", "\\boxed{4}", False),
    ]
]

RLVR_EXP_VERIFIERS = (
    "halflearned/rlvr-experiments tests/unit/test_math_verifier.py, test_verifiers.py and "
    "test_minerva_math_verifier.py: MathVerifier.verify / _verify_single / verify_completions / "
    "verify_batch score 1.0 for the reference's value in another form and 0.0 for a wrong value, no "
    "answer or an empty box; MinervaMathVerifier the same on boxed answers; the response the answer, "
    "the target the gold"
)
_ROWS_RLVR_EXP_VERIFIERS = [
    (RLVR_EXP_VERIFIERS, a, g, eq)
    for a, g, eq in [
        ("The answer is \\boxed{7}", "7", True),
        ("\\boxed{2+2}", "4", True),
        ("\\boxed{\\frac{1}{2}}", "0.5", True),
        ("\\boxed{-5}", "-5", True),
        ("\\boxed{\\frac{3}{4}}", "\\frac{3}{4}", True),
        ("\\boxed{5}", "7", False),
        ("I don't know the answer", "42", False),
        ("\\boxed{41}", "42", False),
        ("The answer is 7", "7", True),
        ("\\boxed{8}", "7", False),
        ("I think it's \\boxed{7}", "7", True),
        ("\\boxed{999}", "3", False),
        ("\\boxed{\\sqrt{4}}", "2", True),
        (("Let me solve this step by step.\n        First, we add 2 + 2 = 4.\n        Therefore, the "
          "answer is \\boxed{4}."), "4", True),
        ("\\boxed{41}", "\\boxed{42}", False),
        ("\\boxed{\\frac{1}{2}}", "\\boxed{0.5}", True),
        ("\\boxed{\\frac{2}{4}}", "\\boxed{\\frac{1}{2}}", True),
        ("\\boxed{\\dfrac{3}{4}}", "\\boxed{0.75}", True),
        ("\\boxed{2^3}", "\\boxed{8}", True),
        ("$\\{1, 2, 3\\}$", "$\\{3, 2, 1\\}$", True),
        ("\\boxed{-\\frac{1}{2}}", "\\boxed{-0.5}", True),
        ("I don't know", "\\boxed{42}", False),
        ("\\boxed{", "\\boxed{42}", False),
        ("After simplification, we get $\\boxed{\\frac{1}{4}}$", "$\\boxed{\\frac{1}{4}}$", True),
        ("\\boxed{0.25}", "\\boxed{\\frac{1}{4}}", True),
        ("\\boxed{42.0}", "\\boxed{42}", True),
        ("\\boxed{0.25}", "\\boxed{\\frac{1}{2}}", False),
        ("\\boxed{3}", "\\boxed{2}", False),
        ("The answer is \\boxed{41}", "\\boxed{42}", False),
        ("\\boxed{\\frac{4}{2}}", "\\boxed{2}", True),
        ("First: \\boxed{3}. Wait, correction: \\boxed{4}.", "\\boxed{4}", True),
        ("\\boxed{}", "\\boxed{42}", False),
    ]
]
_LEFT_RLVR_EXP_VERIFIERS = {
    ("The answer is 42", "\\boxed{42}"): "MinervaMathVerifier's strict rule: a response without a "
                                         "box scores 0",
    ("\\boxed{42}", "42"): "MinervaMathVerifier's strict rule: a target without a box scores 0",
    ("42", "not a number at all"): "an unparseable target (a hostile input)",
}

QWEN_RL_PIPELINE = (
    "ThunderstormXX/qwen-math-rl-pipeline tests/test_rewards.py, test_deepscaler_reward.py and "
    "test_parser.py: MathCorrectnessReward.score and DeepScaleRBinaryReward.score (1.0 for the final "
    "box's value, 0.0 for a wrong one), AnswerParser.equivalent (fractions, a mixed number with a "
    "degree sign, an equation prefix, a percent sign, an unordered pair in words, a zero "
    "denominator); the response or first argument the answer, the reference the gold"
)
_ROWS_QWEN_RL_PIPELINE = [
    (QWEN_RL_PIPELINE, a, g, eq)
    for a, g, eq in [
        ("final \\boxed{7}", "7", True),
        ("final \\boxed{8}", "7", False),
        ("bad \\boxed{1}</think> final \\boxed{-\\dfrac{2}{3}}", "-\\frac{2}{3}", True),
        ("final \\boxed{80}", "80\\%", True),
        ("final \\boxed{-7, 9}", "9 and -7", True),
        ("1,000", "1000.0", True),
        ("-2/3", "-\\frac{2}{3}", True),
        ("\\dfrac{\\sqrt{2}}{2}", "\\frac{\\sqrt{2}}{2}", True),
        ("22.5", "22\\frac {1}{2}^{\\circ}", True),
        ("-\\dfrac{27}{2}", "-13\\frac{1}{2}", True),
        ("y = 10^{-x}", "10^{-x}", True),
        ("80", "80\\%", True),
        ("-7, 9", "9 and -7", True),
        ("\\frac{\\sqrt{2}}{2}", "1/\\sqrt{2}", True),
        ("2\\pi", "2*pi", True),
        ("\\frac{1}{0}", "1", False),
        ("1\\frac{1}{0}", "1", False),
        ("Simplifying gives -2/3. So the result is -2/3. Rechecking: 1 - 9 = -8", "-2/3", True),
    ]
]
_LEFT_QWEN_RL_PIPELINE = {
    ("answer is 42", "42"): "a format rule: no box scores 0",
    ("</think> final \\boxed{42}", "42"): "a format rule: strict mode requires both think delimiters",
}

GRPO_LAB_REWARDS = (
    "Null-Phnix/rlvr-grpo-lab tests/test_rewards.py: answers_match (tiny float noise only), "
    "math_correctness_reward, final_line_correctness_reward and answer_marker_correctness_reward "
    "against a GSM8K-style '#### n' marker, extract_answer's marker and box; the completion the "
    "answer, the ground truth the gold"
)
_ROWS_GRPO_LAB_REWARDS = [
    (GRPO_LAB_REWARDS, a, g, eq)
    for a, g, eq in [
        ("scratch says 40. final says #### 42", "42", True),
        ("therefore \\boxed{12}", "12", True),
        ("5.000000000000001", "5", True),
        ("37.500000000000001", "37.5", True),
        ("5.0001", "5", False),
        ("reasoning #### 42", "42", True),
        ("bad #### 41", "42", False),
        ("reasoning\n#### 41", "42", False),
        ("reasoning\n#### 42\nHuman: keep going", "42", True),
        ("scratch 40\n#### 42\nextra 99", "42", True),
    ]
]
_LEFT_GRPO_LAB_REWARDS = {
    ("early #### 42\nthen extra", "42"): "a format rule: the marker must be on the final line",
    ("answer is 42", "42"): "a format rule: only a '####' marker is read",
}

OELLM_RLVR_VERIFIERS = (
    "BirgerMoell/oellm-rlvr tests/test_verifiers.py: equivalent_math_answers(candidate, expected) and "
    "MathVerifier.verify reading the last box; the candidate or completion the answer, the ground "
    "truth the gold"
)
_ROWS_OELLM_RLVR_VERIFIERS = [
    (OELLM_RLVR_VERIFIERS, a, g, True)
    for a, g in [
        ("0.75", "3/4"),
        ("\\frac{3}{4}", "3/4"),
        ("2**3", "8"),
        ("First \\boxed{1/2}, corrected to \\boxed{3/4}.", "3/4"),
    ]
]

TANDEM_BOXED_REWARD = (
    "ChrisG777/Tandem-RLVR tests/test_math_grading.py: math_boxed_reward.compute_score('math', "
    "'\\\\boxed{answer}', target)['acc'] 1 for equivalent symbolic and scientific-notation answers (an "
    "equation's named left side, 'e' and '\\\\times10^' exponents) and 0 for wrong exponents, signs "
    "and an equation where a value is wanted; the boxed answer the answer, the target the gold"
)
_ROWS_TANDEM_BOXED_REWARD = [
    (TANDEM_BOXED_REWARD, "\\boxed{" + a + "}", g, eq)
    for a, g, eq in [
        ("p(s)=s^2+\\omega^2", "s^2+\\omega^2", True),
        ("b=m", "m", True),
        ("Y(s)=\\frac{1}{s+a}", "\\frac{1}{s+a}", True),
        ("2.55\\times10^{-10}", "2.55e-10", True),
        ("2.55e-10", "2.55\\times10^{-10}", True),
        ("2E3", "2000", True),
        ("\\frac{1}{2}", "0.5", True),
        ("2.55e-9", "2.55e-10", False),
        ("2.55", "2.55e-10", False),
        ("0", "2.55e-10", False),
        ("x=3", "2", False),
        ("-2", "2", False),
    ]
]
_LEFT_TANDEM_BOXED_REWARD = {
    ("unboxed 2", "2"): "a format rule: an answer outside a box scores 0",
}

CODE_MATH_GRADING = (
    "Logericz/CoDE tests/test_math_grading.py: grade_record on math-verify 0.9.0 (RealMathVerifyTests: "
    "a fraction, a radical, a set, an interval, a wrong value, two boxes whose last is wrong); the "
    "answer text the answer, the gold the gold"
)
_ROWS_CODE_MATH_GRADING = [
    (CODE_MATH_GRADING, a, g, eq)
    for a, g, eq in [
        ("\\boxed{0.5}", "\\frac{1}{2}", True),
        ("\\boxed{2\\sqrt{2}}", "\\sqrt{8}", True),
        ("\\boxed{\\{2,1\\}}", "\\{1,2\\}", True),
        ("\\boxed{[0,1)}", "[0,1)", True),
        ("\\boxed{3}", "2", False),
        ("\\boxed{2} \\boxed{3}", "2", False),
    ]
]

BUDGET_NUMERIC_VERIFIER = (
    "topcapbench/tokencapbench tests/test_math_verifier.py: NumericExactVerifier(mode='strict') and "
    "TaskAwareMathVerifier read the final answer, not any number mentioned before it; the response "
    "the answer, the task's answer the gold"
)
_ROWS_BUDGET_NUMERIC_VERIFIER = [
    (BUDGET_NUMERIC_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("The answer is \\boxed{42}.", "42", True),
        ("I cannot solve this.", "42", False),
        ("We compute 2+2=4. Final answer: 5.", "4", False),
        ("We get \\boxed{42}.", "42", True),
        ("Final answer: 0.5", "1/2", True),
        ("Final answer: 1/2", "0.5", True),
        ("After simplification, answer is -7.", "-7", True),
        ("The numbers 42 and 17 appear. Final answer: 17", "42", False),
        ("We saw 4 but final answer: 5.", "4", False),
    ]
]

LENGTH_BUDGET_GRADING = (
    "oyy2000/SAE_long_short tests/test_math_grading.py: grade_boxed_math (the final box, a fraction, "
    "a square, a sign, a tuple's order, an interval's ends) and grade_gsm8k_response (markdown, a "
    "unit, TeX thousands, a hedge between two values, a different value); the response the answer, "
    "the reference the gold"
)
_ROWS_LENGTH_BUDGET_GRADING = [
    (LENGTH_BUDGET_GRADING, a, g, eq)
    for a, g, eq in [
        ("\\boxed{0.5}", "\\frac{1}{2}", True),
        ("\\boxed{1}", "\\frac{1}{2}", False),
        ("\\boxed{(x+1)^2}", "x^2+2x+1", True),
        ("\\boxed{-2}", "2", False),
        ("2 then \\boxed{3}", "2", False),
        ("\\boxed{(2,1)}", "(1,2)", False),
        ("\\boxed{[0,1]}", "(0,1)", False),
        ("**Answer:**\nJessica has **\\$15** more.", "15", True),
        ("\\boxed{8\\ \\text{minutes}}", "8", True),
        ("\\boxed{\\$37,\\!500}", "37500", True),
        ("**Answer:**\nIt could be 15 or 16.", "15", False),
        ("Answer: 1/2", "1", False),
    ]
]
_LEFT_LENGTH_BUDGET_GRADING = {
    ("The calculation used 2.", "2"): "a format rule: no final box ('missing_final_box')",
}

ORBIT_MATH_VERIFIER = (
    "Jainam1673/orbit tests/unit/test_math_verifier.py: are_math_answers_equivalent(a, b) and "
    "MathVerifier.verify on a trajectory's boxed answer; the first argument or the action text the "
    "answer"
)
_ROWS_ORBIT_MATH_VERIFIER = [
    (ORBIT_MATH_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("2/4", "1/2", True),
        ("0.5", "1/2", True),
        ("10.0", "15.0", False),
        ("The solution is \\boxed{4}.", "4", True),
    ]
]
_LEFT_ORBIT_MATH_VERIFIER = {
    ("3.14159", "3.14158"): "a float tolerance (the verifier's own)",
}

CN_TUTOR_VERIFIER = (
    "lii-lii321/Math_Tutor_RAG (a Chinese maths tutor) tests/test_math_verifier.py: "
    "check_solution_substitution and verify_answer on a stated solution ('解得 x = ±3', 'x = 5') for "
    "an equation, latex_to_expr's values, numeric_equation_holds on two sides; the solution or "
    "first side the answer, the equation or second side the gold"
)
_ROWS_CN_TUTOR_VERIFIER = [
    (CN_TUTOR_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("解得 $x = \\pm 3$", "x^2 = 9", True),
        ("解得 $x = 5$", "x^2 = 9", False),
        ("\\sqrt{9}", "3", True),
        ("2\\cdot 3", "6", True),
        ("(x + 1)^2", "x^2 + 2x + 1", True),
        ("x", "x + 1", False),
        ("1", "2", False),
    ]
]

GSM8K_ANSWER_COLON = (
    "DavidBellamy/grpo-gsm8k tests/test_reward_fn.py: exact_match(pred, gold, parser='answer') on an "
    "'ANSWER:' line against a GSM8K '#### n' reference; the prediction the answer, the reference the "
    "gold"
)
_ROWS_GSM8K_ANSWER_COLON = [
    (GSM8K_ANSWER_COLON, a, g, eq)
    for a, g, eq in [
        ("chain of thought...\nANSWER: 128\n", "work...\n#### 128", True),
        ("...\nANSWER: 127\n", "...\n#### 128", False),
    ]
]

POLARIS_SYMPY_SCORE = (
    "yudduy/proicl tests/unit/test_math_verifier.py: score_math(response, reference) passes the "
    "boxed answer equal to the reference under sympy, fails a wrong box or no box; the response the "
    "answer, the reference the gold"
)
_ROWS_POLARIS_SYMPY_SCORE = [
    (POLARIS_SYMPY_SCORE, a, g, eq)
    for a, g, eq in [
        ("The answer is \\boxed{43}.", "42", False),
        ("no boxed marker here", "42", False),
        ("answer is \\boxed{1/2}", "0.5", True),
        ("answer is \\boxed{\\frac{1}{2}}", "1/2", True),
    ]
]

HARD_ORACLE_CHECKS = (
    "sympy equivalence checks of two agent projects: tomyimkc/sophia-agi tests/test_math_verifier.py "
    "(verify(reply, reference) 'accepted' or 'rejected', canonicalize) and furuse-kazufumi/llive "
    "tests/unit/test_math_verifier.py (MathVerifier.check_equivalence 'equivalent' or "
    "'not_equivalent'); the reply or first expression the answer"
)
_ROWS_HARD_ORACLE_CHECKS = [
    (HARD_ORACLE_CHECKS, a, g, eq)
    for a, g, eq in [
        ("The answer is (x-1)*(x+1)", "x**2 - 1", True),
        ("The answer is x**2 + 1", "x**2 - 1", False),
        ("x + x", "2*x", True),
        ("(x + 1)**2", "x**2 + 2*x + 1", True),
        ("(x + 1)**2", "x**2 + 1", False),
    ]
]
_LEFT_HARD_ORACLE_CHECKS = {
    ("I cannot solve this.", "42"): "a three-way verdict: 'abstain', neither accepted nor rejected",
}

DURABILITY_INT_SCORER = (
    "ely2ba/reasoning-durability tests/test_math_scorer.py: the 30 unit examples of its integer "
    "scorer, extract(text) -> int (the last complete box; thousands written with {,} or \\\\, a "
    "degree sign, a unit, an assignment, a Unicode minus); the rows with a value copied, the text the "
    "answer, the value the gold"
)
_ROWS_DURABILITY_INT_SCORER = [
    (DURABILITY_INT_SCORER, a, g, True)
    for a, g in [
        ("\\boxed{\\text{5}}", "5"),
        ("\\boxed{5.}", "5"),
        ("First \\boxed{3}, corrected: \\boxed{4}", "4"),
        ("\\boxed{1{,}000}", "1000"),
        ("\\boxed{12\\,345}", "12345"),
        ("\\boxed{-1{,}234{,}567}", "-1234567"),
        ("$\\boxed{ 42 }$", "42"),
        ("\\boxed{\\boxed{7}}", "7"),
        ("\\boxed {8}", "8"),
        ("\\boxed{x = 5}", "5"),
        ("\\boxed{45^\\circ}", "45"),
        ("\\boxed{12 \\text{ cm}}", "12"),
        ("\\boxed{\u22124}", "-4"),
    ]
]
_LEFT_DURABILITY_INT_SCORER = {
    ("\\boxed{\\$18} or \\boxed{25\\%}", "25"): "a hedge between two boxes read as the last one (that "
                                               "scorer's convention)",
}

DAILY_BENCH_SCORER = (
    "zhushanwen321/llm-api-daily-benchmark tests/test_math_scorer.py: MathScorer.score passes a "
    "number and a fraction in another form, fails a different number; the model answer the answer, "
    "the expected output the gold"
)
_ROWS_DAILY_BENCH_SCORER = [
    (DAILY_BENCH_SCORER, a, g, eq)
    for a, g, eq in [
        ("42.0", "42", True),
        ("14/3", "\\frac{14}{3}", True),
        ("99", "42", False),
    ]
]

TEMP_SELECTOR_VERIFIER = (
    "Tristan-alpha/Temp-Selector tests/test_answer_verifier.py: verify_answer_by_value(a, b) and "
    "verify_answer(reply, gold) on the last box (a pair with \\\\left( \\\\right), a fraction); the "
    "first argument or reply the answer, the gold the gold"
)
_ROWS_TEMP_SELECTOR_VERIFIER = [
    (TEMP_SELECTOR_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("5", "3", False),
        ("\\frac{1}{2}", "\\dfrac{1}{2}", True),
        ("x+2", "2+x", True),
        ("First \\boxed{wrong} then \\boxed{42}", "42", True),
        ("The answer is \\boxed{(3, \\frac{\\pi}{2})}.", "\\left( 3, \\frac{\\pi}{2} \\right)", True),
        ("\\boxed{\\frac{1}{2}}", "1/2", True),
    ]
]
_LEFT_TEMP_SELECTOR_VERIFIER = {
    ("The answer is 42.", "42"): "a format rule: verify_answer reads only a box",
}

GSM8K_DELIMITER_REWARD = (
    "AravTewari/11868-grpo tests/test_gsm8k_reward.py: GSM8KRewardFunction.get_rewards, full reward "
    "for the '#### n' value the prompt's answer has, the format reward only for a wrong value, none "
    "without a number; the generated text (prompt included, as the test scores it) the answer, the "
    "prompt's answer the gold"
)
_Q22 = "Question: What is 2+2?\nAnswer: Let's think step by step.\n"
_QAPPLES = "Question: How many apples?\nAnswer: Let's think step by step.\n"
_ROWS_GSM8K_DELIMITER_REWARD = [
    (GSM8K_DELIMITER_REWARD, a, g, eq)
    for a, g, eq in [
        (_Q22 + " 2+2=4 #### 4", "4", True),
        (_Q22 + " 2+2=5 #### 5", "4", False),
        ("Question: What is 10*5?\nAnswer: Let's think step by step.\n #### 99", "50", False),
        (_QAPPLES + " no number here at all", "1234", False),
        (_QAPPLES + " #### 1,234", "1234", True),
    ]
]
_LEFT_GSM8K_DELIMITER_REWARD = {
    (_Q22 + " The answer is 4", "4"): "a format rule: no '####' scores 0",
}

GRPO_GUARD_GSM8K = (
    "hxm2023/GRPO-Guard tests/test_gsm8k_reward.py: gsm8k_rule_verifier(completion, golden) reads the "
    "last number of the completion (within 1e-6); its false rows copied, its true rows, which rest on "
    "that last-number reading of a sentence, left out; the completion the answer, the golden answer "
    "the gold"
)
_ROWS_GRPO_GUARD_GSM8K = [
    (GRPO_GUARD_GSM8K, a, g, False)
    for a, g in [
        ("5 + 3 = 8", "7"),
        ("I cannot solve this.", "5"),
        ("half of 9 is 4.50001", "4.5"),
        ("half of 9 is 4.6", "4.5"),
    ]
]
_LEFT_GRPO_GUARD_GSM8K = {
    (a, g): "a last-number fallback on a sentence (that verifier's convention)"
    for a, g in [
        ("21 - 15 = 6. The workers planted 6 trees.", "6"),
        ("3 + 2 = 5 cars.", "5"),
        ("32 + 42 - 35 = 39.", "39"),
        ("16 - 3 - 4 = 9 eggs, 9 * 2 = $18.", "18"),
        ("2 + 1 = 3 bolts.", "3"),
        ("5 + 2 + 2 = 9 toys.", "9"),
        ("90 - 4*5 = 70.", "70"),
        ("60 * 3 = 180 miles.", "180"),
        ("half of 9 is 4.5", "4.5"),
        ("half of 9 is 4.5000004", "4.5"),
    ]
}

SMALL_RL_REWARDS_2 = (
    "more RL projects' reward tests: shannan-liu1/post-train-engine tests/test_gsm8k_reward.py "
    "(compute_gsm8k_reward on an <answer> tag), aganthos/clawloop tests/test_math_env.py "
    "(MathEnvironment.evaluate), freesolo-co/flash tests/test_math_env.py (is_equivalent and reward: "
    "fractions, a sign, a pair with \\\\left( \\\\right), a boxed and an unboxed wrong value); the reply "
    "or first argument the answer, the reference the gold"
)
_ROWS_SMALL_RL_REWARDS_2 = [
    (SMALL_RL_REWARDS_2, a, g, eq)
    for a, g, eq in [
        ("<answer>18</answer>", "18", True),
        ("<answer>19</answer>", "18", False),
        ("I think it's 5.", "4", False),
        ("\\frac{2}{3}", "2/3", True),
        ("+7", "7", True),
        ("0.5", "\\frac{1}{3}", False),
        ("\\left( 3, \\frac{\\pi}{2} \\right)", "(3, \\frac{\\pi}{2})", True),
        ("\\dfrac{2}{3}", "\\frac{2}{3}", True),
        ("\\frac{2}{3}", "\\frac{3}{2}", False),
        ("work... \\boxed{9}", "9", True),
        ("work... \\boxed{8}", "9", False),
        ("the answer is 8", "9", False),
    ]
]

RLITE_GSM8K_REWARD = (
    "forever-free1/rlite tests/test_gsm8k_reward.py: _numbers_match and GSM8KReward.score (exact "
    "match for the '####' or boxed value, none for a wrong, hedged or missing one); the response the "
    "answer, the target the gold"
)
_ROWS_RLITE_GSM8K_REWARD = [
    (RLITE_GSM8K_REWARD, a, g, eq)
    for a, g, eq in [
        ("3.0", "3", True),
        ("3.140", "3.14", True),
        ("5", "6", False),
        ("We have 1+1 which is 2.\n#### 2", "2", True),
        ("Let's solve: 1+1=2, so \\boxed{2}", "2", True),
        ("I think #### 3", "2", False),
        ("The answer is probably 3.", "2", False),
        ("I don't know the answer.", "2", False),
        ("10/4 = 2.5\n#### 2.5", "2.5", True),
        ("5-8 = -3\n#### -3", "-3", True),
        ("#### 25", "20", False),
        ("...", "40", False),
        ("Step by step: ...\n#### 10", "10", True),
    ]
]
_LEFT_RLITE_GSM8K_REWARD = {
    ("The answer should be 2.", "2"): "a last-number fallback (that reward's convention)",
    ("I think the answer is 30.", "30"): "a last-number fallback on a hedged sentence",
}

GRPO_ANTI_HACK_REWARD = (
    "baremetaldevx86/Qwen-2.5-1.5B-GRPO tests/test_gsm8k_reward.py: correctness_reward(completion, "
    "gold) 1.0 for the boxed value, 0.0 for a wrong or missing one; the completion the answer, the "
    "gold the gold"
)
_ROWS_GRPO_ANTI_HACK_REWARD = [
    (GRPO_ANTI_HACK_REWARD, a, g, eq)
    for a, g, eq in [
        ("So \\boxed{18}", "18", True),
        ("So \\boxed{17}", "18", False),
        ("I cannot solve this.", "18", False),
        ("\\boxed{18} ... \\boxed{18}", "18", True),
    ]
]
_LEFT_GRPO_ANTI_HACK_REWARD = {
    ("\\boxed{1}\\boxed{2}\\boxed{18}", "18"): "that reward's anti-hack rule: several distinct boxes "
                                              "score 0 (veriloop reads the last box)",
}

RTRL_GSM8K = (
    "neuriv/rtrl tests/test_gsm8k_reward.py: gsm8k(row, text) 1 for the boxed or 'Final answer:' "
    "value (a unit after it, 64.00 for 64, a corrected box) and 0 for a different value; the rows "
    "that rest on its last-number reading of a sentence left out; the text the answer, the reference "
    "the gold"
)
_ROWS_RTRL_GSM8K = [
    (RTRL_GSM8K, a, g, eq)
    for a, g, eq in [
        ("Therefore, Kylar needs to pay $\\boxed{64}$ dollars for the glasses.", "64", True),
        ("The answer is \\boxed{1,024} dollars.", "1024", True),
        ("Final answer: 64.00 dollars.", "64", True),
        ("Final answer: \\boxed{64.0} dollars.", "64", True),
        ("First \\boxed{3}, corrected to \\boxed{4} after 2 checks.", "4", True),
        ("The answer is 65 dollars.", "64", False),
        ("The answer is \\boxed{65} after checking 64 dollars.", "64", False),
        ("The answer is 64.1 dollars.", "64", False),
    ]
]
_LEFT_RTRL_GSM8K = {
    (a, g): "a last-number fallback on a sentence (that reward's convention)"
    for a, g in [
        ("Marie ordered 2 boxes of pizza.", "2"),
        ("He earns $1,024 dollars.", "1024"),
        ("The balance is -12 dollars.", "-12"),
        ("The temperature is − 12 degrees.", "-12"),
        ("Compute \\frac{6}{3} = 2 boxes.", "2"),
        ("1/2 of 4 is 2 boxes.", "2"),
    ]
}

CALCULATOR_AGENT_ANSWER = (
    "Danau5tin/calculator_agent_rl tests/test_answer_verifier.py: is_correct_answer(agent_answer, "
    "correct_answer) on the reply's final number (decimal, leading-point, scientific and grouped "
    "forms, a self-correction, an 'Answer:' label); the rows resting on its last-number reading of a "
    "list or its tolerance left out; the reply the answer, the correct answer the gold"
)
_ROWS_CALCULATOR_AGENT_ANSWER = [
    (CALCULATOR_AGENT_ANSWER, a, g, eq)
    for a, g, eq in [
        ("The result is 42", "42", True),
        ("The result is 42", "43", False),
        ("Let me calculate: 42, 43, 44", "42", False),
        ("The answer is 42.0", "42.1", False),
        ("The answer is 42.5", "42.5", True),
        ("The answer is .5", "0.5", True),
        ("The answer is 4.2e1", "42", True),
        ("The answer is 4.2E1", "42", True),
        ("The answer is -42", "-42", True),
        ("The answer is 1,000", "1000", True),
        ("The answer is 1,234,567", "1234567", True),
        ("The answer is -1,234.56", "-1234.56", True),
        ("First I calculated 42, but then I realized it was 43", "43", True),
        ("First I calculated 43, but then I realized it was 42", "43", False),
        ("Answer: 42", "42", True),
        ("The final answer is: 42", "42", True),
        ("I don't know the answer", "42", False),
        ("The answer comes to exactly 42 dollars.", "42", True),
        ("It's 99.2", "100", False),
        ("Value: -5.65", "-5.5", False),
    ]
]
_LEFT_CALCULATOR_AGENT_ANSWER = {
    ("Let me calculate: 10, 20, 30, 42", "42"): "a last-number fallback on a list",
    ("I tried 10, then 20, finally got 30", "30"): "a last-number fallback on a list",
    ("I think the answer: 42", "42"): "a hedged reply",
    ("Approx 3.14", "3.14159"): "a tolerance (the checker's own)",
    ("It's 100.01", "100"): "a tolerance (the checker's own)",
    ("It's 99.99", "100"): "a tolerance (the checker's own)",
    ("Value: -5.55", "-5.5"): "a tolerance (the checker's own)",
    ("Approx 3.1", "3.14159"): "a tolerance (the checker's own)",
    ("It's 100.02", "100"): "a tolerance (the checker's own)",
}

TRACE_JUDGE_VERIFIER = (
    "fish-tooth/Hy3-TraceJudge tests/test_answer_verifier.py: verify(pred, gold).verdict EQUIVALENT or "
    "NOT_EQUIVALENT on numbers, fractions, symbolic forms and unordered sets of roots (±, 'or', "
    "braces); its UNKNOWN and PARSE_ERROR rows and word answers not copied; the prediction the answer"
)
_ROWS_TRACE_JUDGE_VERIFIER = [
    (TRACE_JUDGE_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("the answer is 4", "4", True),
        ("4", "4.0", True),
        ("0", "0.0", True),
        ("4.", "4", True),
        ("1e3", "1000", True),
        ("-0.5", "-1/2", True),
        ("4", "5", False),
        ("4", "4.1", False),
        ("0.5", "0.6", False),
        ("2", "3", False),
        ("-3", "3", False),
        ("7", "8", False),
        ("1e3", "1001", False),
        ("1/3", "2/6", True),
        ("1/2", "2/4", True),
        ("1/2", "1/3", False),
        ("1/2", "2", False),
        ("100%", "0.5", False),
        ("1/3", "1/4", False),
        ("50%", "0.6", False),
        ("2x", "2*x", True),
        ("x+1", "1+x", True),
        ("sqrt(4)", "2", True),
        ("x*(x+1)", "x^2 + x", True),
        ("x+1", "x+2", False),
        ("x^2", "x^2 + 1", False),
        ("sqrt(4)", "3", False),
        ("x-1", "x+1", False),
        ("1, 2", "2, 1", True),
        ("x = 1, 2", "2, 1", True),
        ("±1", "-1, 1", True),
        ("{1, 2}", "2, 1", True),
        ("1 or 2", "2 or 1", True),
        ("-1, 1", "1, -1", True),
        ("1, 2", "1, 3", False),
        ("1, 2", "1, 2, 3", False),
        ("±1", "±2", False),
        ("-1, 1", "0, 1", False),
    ]
]
_LEFT_TRACE_JUDGE_VERIFIER = {
    **{(a, g): "a percent sign against the fraction (that verifier's convention)"
       for a, g in [("0.5", "50%"), ("50%", "1/2"), ("3/4", "75%"), ("25%", "0.25")]},
    ("0.333333333", "1/3"): "a rounding called equal",
}

JAXCHAT_GSM8K = (
    "ibusnowden/jaxchat tests/test_gsm8k_reward.py: gsm8k.reward and reward_components (1.0 for the "
    "boxed value, 0.0 for a wrong box or no answer); the completion the answer, the gold the gold"
)
_ROWS_JAXCHAT_GSM8K = [
    (JAXCHAT_GSM8K, a, g, eq)
    for a, g, eq in [
        ("We compute 48+24=72. The final answer is \\boxed{72}.", "72", True),
        ("I think it is \\boxed{70}.", "72", False),
        ("Hmm let me think...", "72", False),
        ("\\boxed{71}", "72", False),
        ("\\boxed{5}", "72", False),
        ("\\boxed{99}", "72", False),
    ]
]
_LEFT_JAXCHAT_GSM8K = {
    ("So the total is 72.", "72"): "a last-number fallback (that reward's lenient convention)",
}

STRICT_GSM8K_MARKER = (
    "LeoPhilly/grpo-profiling-harness tests/test_gsm8k_reward.py: gsm8k_reward's table on verl's "
    "strict '#### n' extraction with a trailing dot and numeric equality (the last marker, text after "
    "it, a wrong value, garbage); its format-rule rows left out; the completion the answer, the ground "
    "truth the gold"
)
_ROWS_STRICT_GSM8K_MARKER = [
    (STRICT_GSM8K_MARKER, a, g, eq)
    for a, g, eq in [
        ("The answer is\n#### 72", "72", True),
        ("I conclude.\n#### 72.", "72", True),
        ("#### 5 is wrong, actually\n#### 7", "7", True),
        ("#### 71", "72", False),
        ("@@@@ ???? ####x 12abc ####", "72", False),
        ("Adding them up gives 42. #### 42\n\nLet me double-check: yes, confident.", "42", True),
        ("The total is #### 18.0", "18", True),
    ]
]
_LEFT_STRICT_GSM8K_MARKER = {
    ("#### $18", "18"): "a format rule: '$' is outside the strict marker's characters",
    ("After careful thought, the answer is 72.", "72"): "a format rule: no '####' marker scores 0",
    ("The answer is ####72", "72"): "a format rule: the marker needs a space",
}

PHYSICS_FORMULA_MATCH = (
    "jagriti216/Ai-Grading tests/test_math_scorer.py: check_formula_match(expected, student) on "
    "formulas written in another order or with the wrong operation; the student's formula the "
    "answer, the expected one the gold"
)
_ROWS_PHYSICS_FORMULA_MATCH = [
    (PHYSICS_FORMULA_MATCH, a, g, eq)
    for a, g, eq in [
        ("V = R*I", "V = I*R", True),
        ("V = I + R", "V = I*R", False),
    ]
]

_ALL = (
    _ROWS_NL_TUTOR_CHECKS
    + _ROWS_NL_TUTOR_MISCONCEPTIONS
    + _ROWS_NL_TUTOR_PARSER
    + _ROWS_SOCRATIC_VERIFY_TOOLS
    + _ROWS_ALGEBRA_STEP_CHECKER
    + _ROWS_CAS_SAFE_EVAL
    + _ROWS_GRPO_SOLUTION_TAGS
    + _ROWS_SMALL_RL_REWARDS
    + _ROWS_RATIONAL_ANSWER_VALIDATOR
    + _ROWS_FR_CALCUL_LITTERAL
    + _ROWS_RECURRENCE_MATH_REWARD
    + _ROWS_RLVR_EXP_VERIFIERS
    + _ROWS_QWEN_RL_PIPELINE
    + _ROWS_GRPO_LAB_REWARDS
    + _ROWS_OELLM_RLVR_VERIFIERS
    + _ROWS_TANDEM_BOXED_REWARD
    + _ROWS_CODE_MATH_GRADING
    + _ROWS_BUDGET_NUMERIC_VERIFIER
    + _ROWS_LENGTH_BUDGET_GRADING
    + _ROWS_ORBIT_MATH_VERIFIER
    + _ROWS_CN_TUTOR_VERIFIER
    + _ROWS_GSM8K_ANSWER_COLON
    + _ROWS_POLARIS_SYMPY_SCORE
    + _ROWS_HARD_ORACLE_CHECKS
    + _ROWS_DURABILITY_INT_SCORER
    + _ROWS_DAILY_BENCH_SCORER
    + _ROWS_TEMP_SELECTOR_VERIFIER
    + _ROWS_GSM8K_DELIMITER_REWARD
    + _ROWS_GRPO_GUARD_GSM8K
    + _ROWS_SMALL_RL_REWARDS_2
    + _ROWS_RLITE_GSM8K_REWARD
    + _ROWS_GRPO_ANTI_HACK_REWARD
    + _ROWS_RTRL_GSM8K
    + _ROWS_CALCULATOR_AGENT_ANSWER
    + _ROWS_TRACE_JUDGE_VERIFIER
    + _ROWS_JAXCHAT_GSM8K
    + _ROWS_STRICT_GSM8K_MARKER
    + _ROWS_PHYSICS_FORMULA_MATCH
)

# copied, then left out: the label rests on that suite's own convention, (answer, gold) -> reason
_LEFT = {
    NL_TUTOR_PARSER: _LEFT_NL_TUTOR_PARSER,
    SOCRATIC_VERIFY_TOOLS: _LEFT_SOCRATIC_VERIFY_TOOLS,
    GRPO_SOLUTION_TAGS: _LEFT_GRPO_SOLUTION_TAGS,
    RLVR_EXP_VERIFIERS: _LEFT_RLVR_EXP_VERIFIERS,
    QWEN_RL_PIPELINE: _LEFT_QWEN_RL_PIPELINE,
    GRPO_LAB_REWARDS: _LEFT_GRPO_LAB_REWARDS,
    TANDEM_BOXED_REWARD: _LEFT_TANDEM_BOXED_REWARD,
    LENGTH_BUDGET_GRADING: _LEFT_LENGTH_BUDGET_GRADING,
    ORBIT_MATH_VERIFIER: _LEFT_ORBIT_MATH_VERIFIER,
    HARD_ORACLE_CHECKS: _LEFT_HARD_ORACLE_CHECKS,
    DURABILITY_INT_SCORER: _LEFT_DURABILITY_INT_SCORER,
    TEMP_SELECTOR_VERIFIER: _LEFT_TEMP_SELECTOR_VERIFIER,
    GSM8K_DELIMITER_REWARD: _LEFT_GSM8K_DELIMITER_REWARD,
    GRPO_GUARD_GSM8K: _LEFT_GRPO_GUARD_GSM8K,
    RLITE_GSM8K_REWARD: _LEFT_RLITE_GSM8K_REWARD,
    GRPO_ANTI_HACK_REWARD: _LEFT_GRPO_ANTI_HACK_REWARD,
    RTRL_GSM8K: _LEFT_RTRL_GSM8K,
    CALCULATOR_AGENT_ANSWER: _LEFT_CALCULATOR_AGENT_ANSWER,
    TRACE_JUDGE_VERIFIER: _LEFT_TRACE_JUDGE_VERIFIER,
    JAXCHAT_GSM8K: _LEFT_JAXCHAT_GSM8K,
    STRICT_GSM8K_MARKER: _LEFT_STRICT_GSM8K_MARKER,
}
LEFT_OUT = {(s, a, g): why for s, pairs in _LEFT.items() for (a, g), why in pairs.items()}
C27_CASES = list(_ALL)

# the jsonl `category` of each source, its short name (these sources are named by a description)
C27_CATEGORY = {
    NL_TUTOR_CHECKS: "nl-tutor-checks",
    NL_TUTOR_MISCONCEPTIONS: "nl-tutor-misconceptions",
    NL_TUTOR_PARSER: "nl-tutor-parser",
    SOCRATIC_VERIFY_TOOLS: "socratic-verify-tools",
    ALGEBRA_STEP_CHECKER: "algebra-step-checker",
    CAS_SAFE_EVAL: "cas-safe-eval",
    GRPO_SOLUTION_TAGS: "grpo-solution-tags",
    SMALL_RL_REWARDS: "small-rl-rewards",
    RATIONAL_ANSWER_VALIDATOR: "rational-answer-validator",
    FR_CALCUL_LITTERAL: "fr-calcul-litteral",
    RECURRENCE_MATH_REWARD: "recurrence-math-reward",
    RLVR_EXP_VERIFIERS: "rlvr-exp-verifiers",
    QWEN_RL_PIPELINE: "qwen-rl-pipeline",
    GRPO_LAB_REWARDS: "grpo-lab-rewards",
    OELLM_RLVR_VERIFIERS: "oellm-rlvr-verifiers",
    TANDEM_BOXED_REWARD: "tandem-boxed-reward",
    CODE_MATH_GRADING: "code-math-grading",
    BUDGET_NUMERIC_VERIFIER: "budget-numeric-verifier",
    LENGTH_BUDGET_GRADING: "length-budget-grading",
    ORBIT_MATH_VERIFIER: "orbit-math-verifier",
    CN_TUTOR_VERIFIER: "cn-tutor-verifier",
    GSM8K_ANSWER_COLON: "gsm8k-answer-colon",
    POLARIS_SYMPY_SCORE: "polaris-sympy-score",
    HARD_ORACLE_CHECKS: "hard-oracle-checks",
    DURABILITY_INT_SCORER: "durability-int-scorer",
    DAILY_BENCH_SCORER: "daily-bench-scorer",
    TEMP_SELECTOR_VERIFIER: "temp-selector-verifier",
    GSM8K_DELIMITER_REWARD: "gsm8k-delimiter-reward",
    GRPO_GUARD_GSM8K: "grpo-guard-gsm8k",
    SMALL_RL_REWARDS_2: "small-rl-rewards-2",
    RLITE_GSM8K_REWARD: "rlite-gsm8k-reward",
    GRPO_ANTI_HACK_REWARD: "grpo-anti-hack-reward",
    RTRL_GSM8K: "rtrl-gsm8k",
    CALCULATOR_AGENT_ANSWER: "calculator-agent-answer",
    TRACE_JUDGE_VERIFIER: "trace-judge-verifier",
    JAXCHAT_GSM8K: "jaxchat-gsm8k",
    STRICT_GSM8K_MARKER: "strict-gsm8k-marker",
    PHYSICS_FORMULA_MATCH: "physics-formula-match",
}
