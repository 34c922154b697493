r"""Collection 25 of the public answer-equivalence cases: the 23rd blind held-out (`heldout23`).

Written and committed (issue 43, math26) before anyone read `heldout22`'s failures or changed the
grader after its one measurement; `heldout22` is spent as tuning data only after this commit, and
`heldout23` is measured once afterwards, counts only.

Sources (none used by collections 1-24; every repository name and index-file id checked against
every provenance string in `suite_pairs_c*.py` and `build_suite_pairs.py`), each row keeping the
label its test asserts, named by its repository or, where the public code index records no
repository, its file id:
- Answer checkers of RL and eval tooling: reward and verifier tests of GRPO, tiny-LoRA, RL-library
  and self-improvement projects (replies with `####`, boxes, `<answer>` tags, Chinese working),
  evaluator suites of a steering toolkit (MATH, AIME, LiveMathBench), an AIME scorer, HELM's
  final-number match, a reasoning-model project's parsing tests, a Rust RL worker's OlymMATH and
  GSM8K judges, benchmark-adapter and spectral-study extraction tests.
- Tutoring and courseware checkers: a Swift practice app (negative denominators, mixed numbers,
  scientific notation), an R/Shiny fractions app, a children's problem app, a Kotlin brain game, a
  homework helper's arithmetic self-check, a Russian homework-photo checker (`Ответ:`), mistake
  diagnosers (sign, rounding, magnitude, unit), and the step checker of math-blocks' tutor (a step
  against the line before it: equations scaled or shifted unevenly, distribution and evaluation
  mistakes).
- Decimals with a repeating part in parentheses (`0.(52)` = `0.5(25)`), from two solution
  repositories' tests of the equal-rational-numbers problem.
- One CAS "input equals its printed form" table (Symja's LowercaseTestCase, exact rows only:
  expansion, partial fractions, absolute values, inverse trigonometry, derivatives), 60 cases, 19%
  of the collection.
Chosen for answer surfaces the earlier collections had little of (repeating decimals, step pairs,
Symja's function syntax, reward replies with markdown and currency around `####`) and for
non-equivalent pairs (near misses one apart, uneven equation steps, a dropped term, wrong signs).

Curation, decided by reading the rows and never by running a grader on them, as for collections
21-24:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, an acceptable-answers list, a required form, a question
  type), parse errors and hostile inputs, word, prose and multiple-choice answers, dates and times,
  and roundings called equal. Identical strings are not copied.
- Symmetric checkers put their first argument as the answer; a reward or extraction test puts the
  reply as the answer and the value it expects as the gold; a step checker puts the next line as
  the answer and the line before it as the gold; a comparator written (reference, answer) keeps
  that reading.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-24, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection.
- `LEFT_OUT` holds rows copied and then left out because the label rests on that suite's own
  convention (a tolerance or rounding, a decimal comma, case folding, a percent sign against the
  fraction, a unit dropped or required, a format rule, a hedge counted as the answer, a last-number
  fallback, a string-level rule), with the reason.

Size: 453 rows copied (135 not equivalent) and 39 convention rows in `LEFT_OUT`; 314 remain after
repeats are dropped, 96 of them not equivalent (31%). They come from 39 sources (41 source constants; two
small self-tests lost all their rows as repeats); the largest are Symja's table (60 cases, 19%)
and math-blocks' step checker (49).
"""

from __future__ import annotations

SKY_PARSING = (
    "a reasoning-model training project's eval utility tests (index file 440866400, tests for "
    "skythought_evals/util/math_parsing_util.py): math_equal(prediction, reference) and "
    "extract_answer(text) (a reply's extracted value against the value the test expects), the "
    "prediction the answer"
)
_ROWS_SKY_PARSING = [
    (SKY_PARSING, a, g, eq)
    for a, g, eq in [
        ("5", "5.0", True),
        ("3.14159", "3.15", False),
        ("3", "3.0", True),
        ("75", "0.80", False),
        ("(x+1)^2", "x^2 + 2x + 1", True),
        ("(x+1)^2", "x^2 + 2x - 1", False),
        ("x = y + 2", " x - (y+2) = 0", True),
        ("\\frac{1}{2}", "1/2", True),
        ("\\frac{2}{4}", "\\frac{1}{2}", True),
        ("\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}",
         "\\begin{pmatrix}1 & 2 \\\\ 3 & 5\\end{pmatrix}", False),
        ("Answer: 3.14", "3.14", True),
        ("The answer is \\(\\boxed{5x+1}\\). Great!", "5x+1", True),
    ]
]
_LEFT_SKY_PARSING = {
    ("3.14159", "3.1416"): "a tolerance of 1e-3",
    ("2", "2.0001"): "a tolerance of 1e-3",
    ("75", "0.75"): "a percent against the fraction (the suite's include_percentage default)",
    ("I think the final answer is $ \\boxed{\\frac12} $.", "\\frac{1}{2}"): "a hedge counted as the answer",
    ("No explicit final. But here's some text 2 and 10", "10"): "a last-number fallback",
}

BENCH_ADAPTERS = (
    "a benchmark-runner project's adapter tests (index file 61971199116, tests for "
    "data/normalize.py and data/tasks.py): parse_number, numbers_equal, normalize_math, "
    "math_equal, parse_math_answer and the GSM8K and MATH-500 tasks' score(reply, example), the "
    "reply the answer and the value the test expects the gold"
)
_ROWS_BENCH_ADAPTERS = [
    (BENCH_ADAPTERS, a, g, eq)
    for a, g, eq in [
        ("The answer is 18.", "18", True),
        ("$1,234", "1234", True),
        ("She makes $18 every day", "18", True),
        ("First 12 then 7, so the total is 19", "19", True),
        ("18.0", "18", True),
        ("1,000", "1000", True),
        ("19", "18", False),
        ("So she makes $18 per day.", "18", True),
        ("The answer is 17.", "18", False),
        ("She earns 18 dollars", "18", True),
        ("\\dfrac{1}{2}", "\\frac{1}{2}", True),
        ("\\frac12", "\\frac{1}{2}", True),
        ("\\left( 3, \\frac{\\pi}{2} \\right)", "(3,\\frac{\\pi}{2})", True),
        ("x = 5", "5", True),
        (".5", "0.5", True),
        ("5.50", "5.5", True),
        ("90^\\circ", "90", True),
        ("\\sqrt3", "\\sqrt{3}", True),
        ("0.50", "0.5", True),
        ("\\frac{1}{2}", "\\frac{1}{3}", False),
        ("Working... therefore \\boxed{42}.", "42", True),
        ("blah\nThe final answer is 42.", "42", True),
        ("Hence, the final answer is $5\\sqrt{2}$.", "5\\sqrt{2}", True),
        ("So the answer is 42.", "42", True),
        ("After simplifying we get\n\\frac{1}{2}", "\\frac{1}{2}", True),
        ("\\boxed{5\\sqrt{2}}", "5\\sqrt{2}", True),
        ("5\\sqrt2", "5\\sqrt{2}", True),
        ("\\boxed{10}", "5\\sqrt{2}", False),
        ("\\boxed{1} then \\boxed{2}", "2", True),
    ]
]
_LEFT_BENCH_ADAPTERS = {
    ("eighteen", "18"): "a word answer refused by that benchmark's rule (numbers only)",
    ("50\\%", "50"): "a percent against the bare number (the suite strips the sign)",
    ("\\frac{1}{2}", "0.5"): "a string-level rule: symbolic equivalence explicitly not claimed",
}

ULTRA_VERIFIERS = (
    "a grading package's verifier tests (index file 58151560145, tests for "
    "ultra/grading/verifiers.py): math_equal(reply, gold), the reply the answer"
)
_ROWS_ULTRA_VERIFIERS = [
    (ULTRA_VERIFIERS, a, g, eq)
    for a, g, eq in [
        ("`4/7`", "4/7", True),
        ("The answer is **4/7**.", "4/7", True),
        ("\\boxed{\\dfrac{4}{7}}", "4/7", True),
        ("Therefore, \\frac{4}{7}.", "4/7", True),
        ("4/8", "4/7", False),
    ]
]

MULTI_RULE = (
    "a multi-source reward script's self-test (index file 70634239157, rule_score's __main__ "
    "table): rule_score(question, groundtruth, answer, source), math sources only, the answer "
    "the answer"
)
_ROWS_MULTI_RULE = [
    (MULTI_RULE, a, g, eq)
    for a, g, eq in [
        ("\\boxed{\\frac{1}{2}}", "0.5", True),
        ("1.4142135", "\\sqrt{2}", False),
        ("The answer is \\boxed{42}.", "42", True),
        ("41", "42", False),
    ]
]

EQUIV_SELFTEST = (
    "a math-eval script's answer-checker self-test (index file 54825280993, "
    "answers_equivalent's __main__ table): answers_equivalent(pred, gold), the prediction the "
    "answer"
)
_ROWS_EQUIV_SELFTEST = [
    (EQUIV_SELFTEST, a, g, eq)
    for a, g, eq in [
        ("x^2 + 1", "1 + x^2", True),
        ("\\frac{3}{4}", "\\frac{6}{8}", True),
        ("5", "6", False),
    ]
]
_LEFT_EQUIV_SELFTEST = {
    ("\\sqrt{2}", "1.41421356"): "a numeric tolerance",
    ("\\pi", "3.14159265"): "a numeric tolerance",
    ("-\\frac{1}{3}", "-0.333333"): "a numeric tolerance",
}

VERIFY_PIPELINE = (
    "a data pipeline's math verification self-test (index file 2669780898, test_math_verify): "
    "verify(parse(gold), parse(pred)), the prediction the answer"
)
_ROWS_VERIFY_PIPELINE = [
    (VERIFY_PIPELINE, a, g, eq)
    for a, g, eq in [
        ("2+2", "4", True),
        ("\\boxed{42}", "42", True),
        ("The answer is \\boxed{123}", "123", True),
        ("2*3", "6", True),
        ("sqrt(4)", "2", True),
        ("pi", "3.14159", False),
        ("5", "6", False),
    ]
]

CTS_DIAG = (
    "a Gemma evaluation script's grader diagnostics (index file 56786449185, "
    "run_grader_diagnostics): answers_match(pred, gold), the prediction the answer"
)
_ROWS_CTS_DIAG = [
    (CTS_DIAG, a, g, eq)
    for a, g, eq in [
        ("0.25", "\\frac{1}{4}", True),
        ("\\frac{2}{4}", "\\frac{1}{2}", True),
        ("\\sqrt{4}", "2", True),
        ("3\\sqrt{2}", "\\sqrt{18}", True),
        ("(1, 2)", "(1,2)", True),
        ("\\left(1, 2\\right)", "(1, 2)", True),
        ("0.5", "0.6", False),
        ("\\frac{1}{2}", "0.3", False),
        ("(1, 2)", "(2, 1)", False),
    ]
]

NUMERIC_PREFIX = (
    "a numeric-answer checker's test script (index file 61497531876, is_numerically_equal's "
    "test table, tolerance 0.01): is_numerically_equal(s, c, 0.01), the first argument the answer"
)
_ROWS_NUMERIC_PREFIX = [
    (NUMERIC_PREFIX, a, g, eq)
    for a, g, eq in [
        ("45.0", "45", True),
        ("=45", "45", True),
        ("ans=45", "45", True),
        ("x = 45", "45", True),
        ("ans: 0.5", "0.5", True),
        ("44", "45", False),
    ]
]
_LEFT_NUMERIC_PREFIX = {
    ("44.999", "45"): "a tolerance of 0.01",
}

DSBENCH_RELAXED = (
    "an RL gym's data-analysis resources-server tests (index file 66910283466, tests for "
    "resources_servers/dsbench_da: TestRelaxedEqual, TestVerify): relaxed_equal(gt, predicted) "
    "and verify(reply, expected_answer), list and number rows only, the predicted value or the "
    "reply the answer"
)
_ROWS_DSBENCH_RELAXED = [
    (DSBENCH_RELAXED, a, g, eq)
    for a, g, eq in [
        ("[1, 2, 3]", "[1, 2, 4]", False),
        ("[1, 2, 3, 4]", "[1, 2, 3]", False),
        ("016", "16", True),
        ("Working...\n\\boxed{42}", "42", True),
        ("\\boxed{99}", "42", False),
        ("I have no idea", "42", False),
        ("after work, The final answer is 42", "42", True),
    ]
]
_LEFT_DSBENCH_RELAXED = {
    ("[1, 2, 3]", "3"): "a scalar gold found in a predicted list (that suite's membership rule)",
    ("[1, 2, 3]", "99"): "a scalar gold against a predicted list (that suite's membership rule)",
}

VRM_LATEX = (
    "a reasoning-model project's verifier plan with its unit tests (index file 55198668392, "
    "tests/unit/test_verifiers_latex.py): math_equal(pred, {'answer': gold}), the prediction the "
    "answer"
)
_ROWS_VRM_LATEX = [
    (VRM_LATEX, a, g, eq)
    for a, g, eq in [
        ("x^2 + 2x + 1", "(x+1)^2", True),
        ("\\sqrt{4}", "2", True),
        ("\\pi", "3.14159265358979", False),
        ("2x + 3", "3 + 2x", True),
        ("x^2", "x**2", True),
        ("not math", "x+1", False),
    ]
]

CN_COMPARATOR = (
    "a Chinese RL course project's math evaluator self-test (index file 61744584917, "
    "MathAnswerComparator's __main__ table): compare(pred, gold), the prediction the answer"
)
_ROWS_CN_COMPARATOR = [
    (CN_COMPARATOR, a, g, eq)
    for a, g, eq in [
        ("42.0", "42", True),
        ("1/2", "0.5", True),
        ("100", "101", False),
    ]
]

SWIFT_PRACTICE = (
    "a Swift maths practice app's checker tests (index file 25316234372, MathPracTests.swift: "
    "MathAnswerCheckerTests): MathAnswerChecker.compare(typed, correctAnswer: gold), the typed "
    "answer the answer"
)
_ROWS_SWIFT_PRACTICE = [
    (SWIFT_PRACTICE, a, g, eq)
    for a, g, eq in [
        (" 42 ", "42", True),
        ("1/2", "0.5", True),
        ("0.5", "1/2", True),
        ("2/4", "1/2", True),
        ("3/6", "0.5", True),
        ("-3/4", "-0.75", True),
        ("-1/2", "-0.5", True),
        ("3/-4", "-0.75", True),
        ("1/-2", "-0.5", True),
        ("-3/-4", "0.75", True),
        ("-1/-2", "0.5", True),
        ("2 1/2", "2.5", True),
        ("1 3/4", "1.75", True),
        ("-2 1/2", "-2.5", True),
        ("-1 3/4", "-1.75", True),
        ("1e-3", "0.001", True),
        ("1.5e2", "150", True),
        ("√2", "sqrt2", True),
        ("2×3", "2*3", True),
        ("6÷2", "6/2", True),
        ("3.14159", "3.15", False),
        ("41", "42", False),
        ("0.4", "0.5", False),
        ("5/0", "42", False),
        ("0.0", "0", True),
        ("-0", "0", True),
        ("1e6", "1000000", True),
        ("0.00001", "1e-5", True),
    ]
]
_LEFT_SWIFT_PRACTICE = {
    ("SQRT(2)", "sqrt(2)"): "case folding of a function name",
    ("1 2 3", "123"): "a string-level rule: spaces inside a number removed",
    ("1/2", "1/2 or 0.5"): "an alternatives list in the gold",
    ("0.5", "1/2 or 0.5"): "an alternatives list in the gold",
    ("2", "2 or 4 or 8"): "an alternatives list in the gold",
    ("4", "2 or 4 or 8"): "an alternatives list in the gold",
    ("8", "2 or 4 or 8"): "an alternatives list in the gold",
    ("3.14159", "3.14160"): "a tolerance of 1e-4",
}

R_FRACTIONS_APP = (
    "an R/Shiny fractions practice app's testthat suites (index files 20460622859 and "
    "20148718123, tests for answer_checker.R): compare_answers(typed, raw) and check_answer("
    "problem, typed)$correct, the raw answer (answer_num/answer_den, answer_value or answer_expr) "
    "written as the gold, the typed answer the answer (letter answers not copied)"
)
_ROWS_R_FRACTIONS_APP = [
    (R_FRACTIONS_APP, a, g, eq)
    for a, g, eq in [
        ("6/8", "3/4", True),
        ("0.75", "3/4", True),
        (".75", "3/4", True),
        ("\\frac{3}{4}", "3/4", True),
        ("\\frac{6}{8}", "3/4", True),
        ("1/2", "3/4", False),
        ("0.5", "3/4", False),
        ("0.5", "1/2", True),
        (".5", "1/2", True),
        ("2/4", "1/2", True),
        ("(3/4)", "3/4", True),
        ("(0.75)", "3/4", True),
        ("(.75)", "3/4", True),
        ("1+x", "x+1", True),
        (" x + 1 ", "x+1", True),
        ("x+2", "x+1", False),
        ("2*x", "2x", True),
        ("3x", "2x", False),
        ("1/3", "3/4", False),
        ("1/2", "0.5", True),
        ("0.75", "0.5", False),
        ("\\dfrac{3}{4}", "3/4", True),
        ("\\sqrt{4}", "2", True),
        ("x^3", "x^{3}", True),
        ("27x^11/4", "27x^{11}/4", True),
        ("0/8", "0", True),
        ("6.75x^11", "27x^{11}/4", True),
    ]
]
_LEFT_R_FRACTIONS_APP = {
    ("X+1", "x+1"): "case folding of a variable",
    ("2*X", "2x"): "case folding of a variable",
}

SMALL_GRPO_REWARD = (
    "a small post-training project's GRPO reward tests (JunyiJ/PostTraining-LLM-Small, "
    "grpo/reward_test.py): compute_reward(question, reply, gold), a positive reward read as a "
    "match, the reply the answer"
)
_ROWS_SMALL_GRPO_REWARD = [
    (SMALL_GRPO_REWARD, a, g, eq)
    for a, g, eq in [
        ("Mathematically, 1 + 1 = 2.", "2", True),
        ("1+1=? ... Answer: 2", "2", True),
        ("1+1=? 3", "2", False),
        ("No number here", "2", False),
        ("Here is my answer: 42", "42", True),
        ("Numbers: 1 2. My answer is 4 and then some text with 5 later.", "4", True),
    ]
]
_LEFT_SMALL_GRPO_REWARD = {
    ("1+1=?\n\nHere's how: 2", "2"): "a last-number fallback",
    ("Earlier number 3 but final number 7", "7"): "a last-number fallback",
}

GO_RATIONAL_EQUAL = (
    "a Go solutions repository's table test for the equal-rational-numbers problem (index file "
    "3650033624, 0972.equal-rational-numbers_test.go): isRationalEqual(S, T) on decimals with a "
    "repeating part in parentheses, S the answer"
)
_ROWS_GO_RATIONAL_EQUAL = [
    (GO_RATIONAL_EQUAL, a, g, eq)
    for a, g, eq in [
        ("1.0", "1", True),
        ("350.(111)", "350.(11)", True),
        ("15.(9)", "16", True),
        ("1.0(9)", "1.1", True),
        ("0.9(9)", "1.", True),
        ("1.9(0)", "1.8(9)", True),
        ("0", "0.", True),
        ("0.(0)", "0", True),
        ("0.(52)", "0.5(25)", True),
        ("0.1666(6)", "0.166(66)", True),
    ]
]

KT_RATIONAL_EQUAL = (
    "a Kotlin solutions repository's JUnit tests for the equal-rational-numbers problem (index "
    "file 200446791, g0901_1000/s0972_equal_rational_numbers/SolutionTest.kt): "
    "isRationalEqual(s, t), s the answer"
)
_ROWS_KT_RATIONAL_EQUAL = [
    (KT_RATIONAL_EQUAL, a, g, eq)
    for a, g, eq in [
        ("3.14", "3.15", False),
        ("0.(12)", "0.(13)", False),
        ("1.(0)", "1.", True),
        ("42", "42.0", True),
        ("0.(1)", "0.(2)", False),
    ]
]
_LEFT_KT_RATIONAL_EQUAL = {
    ("0.(3)", "0.3333333333"): "a rounding called equal (ten places for a repeating decimal)",
}

RETRAIN_BOXED = (
    "a small RL training library's reward tests, in Python and in its Mojo port (index files "
    "5619583887, tests for retrain/rewards.py, and 4877875749, tests for reward.mojo): "
    "BoxedMathReward().score(reply, reference) and get_reward(reply, reference), the reply the "
    "answer"
)
_ROWS_RETRAIN_BOXED = [
    (RETRAIN_BOXED, a, g, eq)
    for a, g, eq in [
        ("Answer is \\boxed{42}", "42", True),
        ("Answer is \\boxed{41}", "42", False),
        ("no answer", "42", False),
        ("\\boxed{ 42 }", " 42 ", True),
        ("The answer is \\boxed{43}", "42", False),
        ("\\boxed{43}", "42", False),
        ("no boxed", "42", False),
    ]
]
_LEFT_RETRAIN_BOXED = {
    ("I think the answer is 42", "42"): "a format rule: the reply must box its answer",
}

TINYLORA_REWARD = (
    "a tiny-LoRA RL project's reward tests (index file 5194230716, tests for tinylora/reward.py): "
    "extract_final_answer(reply) against the value the test expects and exact_match_reward(reply,"
    " reference) with the reference's GSM8K marker '#### ' dropped, the reply the answer"
)
_ROWS_TINYLORA_REWARD = [
    (TINYLORA_REWARD, a, g, eq)
    for a, g, eq in [
        ("Reasoning...\n#### 1,234\n", "1234", True),
        ("Therefore the final answer is \\boxed{1,234}.", "1234", True),
        ("Result: \\boxed{\\frac{3}{4}}", "\\frac{3}{4}", True),
        ("The final value is 42.", "42", True),
        ("Let's solve. #### 15", "15", True),
        ("#### 14", "15", False),
    ]
]
_LEFT_TINYLORA_REWARD = {
    ("intermediate \\boxed{99}\n#### 42", "42"): "that suite's marker priority (#### before a box)",
}

OFFLINE_SEARCH_VERIFIER = (
    "an offline search-and-scoring project's verifier tests (index file 63249874357, tests for "
    "offline_search/scoring/math_verifier.py): MathVerifier().score_rollout(q, reply, gold)"
    ".is_correct, ExactMatchScorer and extract_math_answer(reply) against the value the test "
    "expects, the reply the answer"
)
_LONG_45 = (
    "I first compute 17 + 28 = 45.\nThat 45 is only an intermediate check.\nThe answer is 12\n"
    "I mentioned 45 earlier as a sanity check."
)
_ASY_42 = (
    "The perimeter is $2(21)=\\boxed{42}$ inches.\n\n[asy]\ndraw(dir(60*i)--dir(60*(i+3)));\n"
    "[/asy]"
)
_ROWS_OFFLINE_SEARCH_VERIFIER = [
    (OFFLINE_SEARCH_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("41", "42", False),
        ("Therefore \\boxed{45}", "45", True),
        ("\\boxed{46}", "45", False),
        ("I think \\boxed{1}", "45", False),
        ("This is a hard problem.", "45", False),
        ("Final answer: $$\\boxed{\\frac{7}{8}}$$", "7/8", True),
        ("\\boxed{7/8}", "\\frac{7}{8}", True),
        (_LONG_45, "12", True),
        ("I cancelled a 99 along the way.\nFinal answer: $\\frac{1}{2}$", "\\frac{1}{2}", True),
        ("After simplifying we obtain\n7/8", "7/8", True),
        ("A first guess is \\boxed{9}.\nLater correction.\nSo \\boxed{4}", "4", True),
        (_ASY_42, "42", True),
    ]
]

RSI_ANSWERS = (
    "a self-improvement study's oracle answer tests (index file 68294009409, tests for "
    "rsi_plateau/data/answers.py): extract_final_answer and normalize_answer against the value "
    "the test expects, answers_match(pred, gold), the reply or prediction the answer"
)
_ROWS_RSI_ANSWERS = [
    (RSI_ANSWERS, a, g, eq)
    for a, g, eq in [
        ("some work\n#### 42", "42", True),
        ("#### $1,234", "1234", True),
        ("therefore \\boxed{7}", "7", True),
        ("The answer is: 15 apples", "15", True),
        ("we compute 3 + 4 = 7", "7", True),
        ("$1,000", "1000", True),
        ("-3.50", "-3.5", True),
        ("42", "42.0", True),
        ("42", "43", False),
    ]
]

BURST_MARKER = (
    "a latent-reasoning study's burst-schedule tests (index file 57082598573, tests for "
    "marker/burst.py): extract_answer(reply) against the value the test expects and "
    "answers_match(pred, gold), the reply or prediction the answer"
)
_ROWS_BURST_MARKER = [
    (BURST_MARKER, a, g, eq)
    for a, g, eq in [
        ("blah 5 then 12\n#### 42", "42", True),
        ("She has 3 apples and buys 7 more, total 10.", "10", True),
        ("#### 1,000", "1000", True),
        ("42.0", "42", True),
        ("42", "43", False),
    ]
]

CLEAN_VERIFIER = (
    "an agent project's answer verifier self-test (index file 70368244033, verify_answer's "
    "__main__ asserts): verify_answer(pred, expected), the prediction the answer"
)
_ROWS_CLEAN_VERIFIER = [
    (CLEAN_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("42.0", "42", True),
        ("1/2", "0.5", True),
        ("\\frac{3}{4}", "0.75", True),
        ("42", "43", False),
    ]
]

SELF_CHECK_ARITH = (
    "a homework helper's self-check tests (index files 11372206697 and 11608917078, tests for "
    "app/core/self_check.py): analyze(expr, answer) is True when the answer is the expression's "
    "value, the answer the answer and the expression the gold"
)
_ROWS_SELF_CHECK_ARITH = [
    (SELF_CHECK_ARITH, a, g, eq)
    for a, g, eq in [
        ("2", "5 - 3", True),
        ("1", "5 - 3", False),
        ("-8", "4 * -2", True),
        ("8", "4 * -2", False),
        ("1.5", "6 / 4", True),
        ("1.4", "6 / 4", False),
        ("-1.5", "-6 / 4", True),
        ("1.5", "-6 / 4", False),
        ("14", "2 + 3 * 4", True),
    ]
]
_LEFT_SELF_CHECK_ARITH = {
    ("4 or maybe 5", "5"): "a hedge counted as the answer (the last number of two)",
}

TUTOR_VALIDATE = (
    "an AI maths tutor's service tests (index file 17440393032, tests for "
    "app/utils/math_service.py): MathAIService().validate_answer(correct, student) is correct, "
    "the student's answer the answer"
)
_ROWS_TUTOR_VALIDATE = [
    (TUTOR_VALIDATE, a, g, eq)
    for a, g, eq in [
        ("0.375", "3/8", True),
    ]
]

MISTAKE_DIAGNOSER = (
    "an adaptive-learning backend's mistake-diagnoser tests (index files 47254164249, tests for "
    "app/math_mistake_detector.py, and 47229092487, tests for app/numeric_units_detector.py): a "
    "mistake found for (given, expected) reads as not equivalent, the given answer the answer"
)
_ROWS_MISTAKE_DIAGNOSER = [
    (MISTAKE_DIAGNOSER, a, g, eq)
    for a, g, eq in [
        ("-4", "4", False),
        ("9.99", "10.0", False),
        ("x^3", "3x^2", False),
        ("0", "\\infty", False),
        ("10.01", "10.0", False),
        ("-10.0", "10.0", False),
        ("100.0", "10.0", False),
        ("5.0 cm", "5.0 m", False),
    ]
]
_LEFT_MISTAKE_DIAGNOSER = {
    ("5.0", "5.0 m"): "a required form: the unit must be written",
}

SYMJA_LOWERCASE = (
    "axkr/symja_android_library matheclipse-core LowercaseTestCase.java (commit 001afe6): "
    "check(input, expected) in test001, testAbs, testApart, testArcCos, testArcCosh, testArcCot, "
    "testArcSin, testArcTan, testArg, testArgMax and testArgMin, exact rows only, the input the answer and its printed form the gold (a CAS "
    "'input equals its printed form' table)"
)
_ROWS_SYMJA_LOWERCASE = [
    (SYMJA_LOWERCASE, a, g, True)
    for a, g in [
        ("expand((a+b)^3)", "a^3+3*a^2*b+3*a*b^2+b^3"),
        ("expand((a+b)^8)",
         "a^8+8*a^7*b+28*a^6*b^2+56*a^5*b^3+70*a^4*b^4+56*a^3*b^5+28*a^2*b^6+8*a*b^7+b^8"),
        ("expand((a+b+c)^3)", "a^3+3*a^2*b+3*a*b^2+b^3+3*a^2*c+6*a*b*c+3*b^2*c+3*a*c^2+3*b*c^2+c^3"),
        ("Abs(I^(2*Pi))", "1"),
        ("Abs(-2147483648)", "2147483648"),
        ("Abs(-9223372036854775808)", "9223372036854775808"),
        ("Abs(11/-2147483648 )", "11/2147483648"),
        ("Abs(-9223372036854775808/11)", "9223372036854775808/11"),
        ("Abs(Abs(x))", "Abs(x)"),
        ("Abs(E-Pi)", "-E+Pi"),
        ("Abs(x^2)", "Abs(x)^2"),
        ("Abs(1/2*x)", "Abs(x)/2"),
        ("Abs(-x^(a + b))", "Abs(x^(a+b))"),
        ("Abs(-x)", "Abs(x)"),
        ("Abs(3*a*b*c)", "3*Abs(a*b*c)"),
        ("Abs((1+I)/Sqrt(2))", "1"),
        ("Abs(-10/3)", "10/3"),
        ("Abs(-3*Sqrt(Pi))", "3*Sqrt(Pi)"),
        ("Apart((4+3*Sqrt(2)+Sqrt(3)+Sqrt(6))/(2+Sqrt(2)+Sqrt(3)),x)", "1+Sqrt(2)"),
        ("Apart(1 / (x^2 - y^2), x)", "1/(2*(x-y)*y)-1/(2*y*(x+y))"),
        ("Apart((3*x-8)/((x+1)*(x-5)),x)", "7/6*1/(-5+x)+11/6*1/(1+x)"),
        ("Apart((a + b)^3)", "a^3+3*a^2*b+3*a*b^2+b^3"),
        ("Apart(y/(x + 2)/(x + 1),x)", "y/(1+x)-y/(2+x)"),
        ("Apart(1 / (x^2 + 5*x + 6))", "1/(2+x)-1/(3+x)"),
        ("Apart(1/((1 + x)*(5 + x)))", "1/(4*(1+x))-1/(4*(5+x))"),
        ("Apart((x)/(x^2-1))", "1/(2*(-1+x))+1/(2*(1+x))"),
        ("Apart((x+3)/(x^2-3*x-40))", "11/13*1/(-8+x)+2/13*1/(5+x)"),
        ("Apart((10*x^2+12*x+20)/(x^3-8))", "7/(-2+x)+(4+3*x)/(4+2*x+x^2)"),
        ("Apart((3*x+5)*(1-2*x)^(-2))", "13/2*1/(1-2*x)^2+3/2*1/(-1+2*x)"),
        ("ArcCos(Cos(-1/2))", "1/2"),
        ("ArcCos(Cos(-42))", "-42+14*Pi"),
        ("ArcCos(Cos(5))", "-5+2*Pi"),
        ("ArcCos(0)", "Pi/2"),
        ("Integrate(ArcCos(x), {x, -1, 1})", "Pi"),
        ("D(ArcCos(x),x)", "-1/Sqrt(1-x^2)"),
        ("ArcCosh(0)", "I*1/2*Pi"),
        ("D(ArcCosh(x),x)", "1/Sqrt(-1+x^2)"),
        ("ArcCot(Cot(-42))", "-42+13*Pi"),
        ("ArcCot(Cot(42))", "42-13*Pi"),
        ("ArcCot(Cot(5))", "5-2*Pi"),
        ("ArcCot(1)", "Pi/4"),
        ("ArcSin(Sin(-1/2))", "-1/2"),
        ("ArcSin(Sin(-42))", "42-13*Pi"),
        ("ArcSin(Sin(5))", "5-2*Pi"),
        ("-3*ArcSin(x)-2*ArcCos(x)", "-Pi-ArcSin(x)"),
        ("-5*ArcSin(x)-5*ArcCos(x)", "-5/2*Pi"),
        ("ArcSin(x)+ArcCos(x)", "Pi/2"),
        ("ArcSin(1)", "Pi/2"),
        ("diff(ArcSin(x),x)", "1/Sqrt(1-x^2)"),
        ("ArcTan(Tan(42))", "42-13*Pi"),
        ("ArcTan(1/3) + ArcTan(1/7)", "ArcTan(1/2)"),
        ("7*ArcTan(x)+3*ArcCot(x)", "3/2*Pi+4*ArcTan(x)"),
        ("ArcTan(x)+ArcCot(x)", "Pi/2"),
        ("ArcTan(1)", "Pi/4"),
        ("D(ArcTan(x),x)", "1/(1+x^2)"),
        ("Arg(I-Sqrt(3))", "5/6*Pi"),
        ("Arg(1+I*Sqrt(3))", "Pi/3"),
        ("Arg(1+I)", "Pi/4"),
        ("ArgMax(x*10-x^2 , x)", "5"),
        ("ArgMin(2*x^2 - 3*x + 5, x)", "3/4"),
    ]
]

RUST_OLYM_JUDGE = (
    "a Rust RL worker's environment judges (index files 63646585694, the OlymMATH judge, and "
    "54497386889, the GSM8K judge; their #[cfg(test)] modules): answers_match(reply, target), the "
    "reply the answer"
)
_ZH_OLYM = "解：根据题意，组合数为 \\binom{n}{2}，最终答案是 \\boxed{\\frac{7}{3}}。"
_ROWS_RUST_OLYM_JUDGE = [
    (RUST_OLYM_JUDGE, a, g, eq)
    for a, g, eq in [
        ("Step by step... \\boxed{\\sqrt{33}}", "\\sqrt{33}", True),
        ("work\n#### 16", "16", True),
        (_ZH_OLYM, "\\frac{7}{3}", True),
        ("\\boxed{6}", "16", False),
        ("\\boxed{1}", "16", False),
        ("\\boxed{072}", "72", True),
        ("\\boxed{8}", "8.0", True),
        ("\\boxed{x=\\frac{7}{3}}", "\\frac{7}{3}", True),
        ("Let me think...\n#### 20", "20", True),
        ("#### 19", "20", False),
    ]
]
_LEFT_RUST_OLYM_JUDGE = {
    ("\\boxed{abcd=5}", "5"): "a string-level rule: a long left-hand side is no assignment prefix",
}

HELM_FINAL_NUMBER = (
    "stanford-crfm/helm src/helm/benchmark/metrics/test_evaluate_reference_metrics.py (commit "
    "6499f96): final_number_exact_match(gold, pred), the prediction the answer (rows with a "
    "sentence as the gold not copied)"
)
_ROWS_HELM_FINAL_NUMBER = [
    (HELM_FINAL_NUMBER, a, g, eq)
    for a, g, eq in [
        ("33 eggs.", "33", True),
        ("-33", "33", False),
        ("2", "34.2", False),
        ("342.", "342", True),
        ("3420", "3,420", True),
    ]
]

STEP_TUTOR_SHORT = (
    "a learner-state pipeline's assessment tests (index file 70967519949): "
    "isAnswerCorrect('SHORT_ANSWER', typed, expected), the typed answer the answer"
)
_ROWS_STEP_TUTOR_SHORT = [
    (STEP_TUTOR_SHORT, a, g, eq)
    for a, g, eq in [
        ("  5x   - 4 ", "5x - 4", True),
        ("5x + 4", "5x - 4", False),
    ]
]

SCAFFOLD_AIME = (
    "a scaffold-learning project's AIME scorer tests (index file 43452312826, tests for "
    "src/scaffold_learning/domains/aime/score.py): extract_numerical_answer(reply) against the "
    "value the test expects and score(expected, reply), the reply the answer"
)
_AIME_CHANGED_MIND = (
    "\n        First I thought the answer was 100.\n        But actually, the answer is 200.\n"
    "        Wait, I made an error. Answer: 300\n        "
)
_ROWS_SCAFFOLD_AIME = [
    (SCAFFOLD_AIME, a, g, eq)
    for a, g, eq in [
        ("Answer: 123", "123", True),
        ("answer: 456", "456", True),
        ("The answer is 789", "789", True),
        ("Final answer: 42", "42", True),
        ("final answer is 7", "7", True),
        ("Answer: 000", "0", True),
        ("Answer: 007", "7", True),
        ("The answer is 999", "999", True),
        ("Therefore, \\boxed{123}", "123", True),
        ("The answer is \\boxed{456}", "456", True),
        ("We get \\boxed{789}.", "789", True),
        (_AIME_CHANGED_MIND, "300", True),
        ("After working through the problem:\n123", "123", True),
        ("The calculation gives us\n456", "456", True),
        ("Therefore,\n789", "789", True),
        ("Answer: 0", "0", True),
        ("Answer: 124", "123", False),
        ("Answer: 455", "456", False),
        ("Answer: 790", "789", False),
        ("No answer given", "42", False),
        ("After working through the casework, I get 451 × 2 = 902. Answer: 902", "902", True),
        ("Thus we have \\boxed{789}", "789", True),
        ("I think it might be 100 or 101", "100", False),
        ("The answer could be around 200-300", "200", False),
    ]
]

WISENT_EVALUATORS = (
    "wisent-ai/wisent evaluator unit tests (index files 48326572191, tests for MathEvaluator; "
    "48732136115, tests for AIMEEvaluator; 53321422683, tests for LiveMathBenchEvaluator): "
    "evaluate(response, expected).ground_truth TRUTHFUL or UNTRUTHFUL (UNKNOWN rows not copied), "
    "the response the answer"
)
_ROWS_WISENT_EVALUATORS = [
    (WISENT_EVALUATORS, a, g, eq)
    for a, g, eq in [
        ("The answer is \\boxed{42}", "\\boxed{42}", True),
        ("\\boxed{\\frac{1}{2}}", "\\boxed{0.5}", True),
        ("\\boxed{10}", "\\boxed{42}", False),
        ("\\boxed{2+2}", "\\boxed{4}", True),
        ("\\boxed{  42  }", "\\boxed{42}", True),
        ("The answer is \\boxed{123}", "123", True),
        ("\\boxed{456}", "456", True),
        ("\\boxed{100}", "200", False),
        ("\\boxed{0}", "0", True),
        ("\\boxed{999}", "999", True),
        ("\\boxed{3.14}", "3", False),
        ("\\boxed{abc}", "123", False),
        ("\\boxed{007}", "7", True),
        ("First I tried \\boxed{100} but then \\boxed{42}", "42", True),
        ("\\boxed{0.5}", "1/2", True),
        ("\\boxed{-3}", "-3", True),
        ("\\boxed{41}", "42", False),
    ]
]
_LEFT_WISENT_EVALUATORS = {
    ("The answer is 42", "\\boxed{42}"): "a format rule: the reply must box its answer (UNKNOWN)",
}

MATHBLOCKS_STEPS = (
    "math-blocks/math-blocks packages/tutor/src/grader/checks/__tests__ (axiom, equation, eval, "
    "integer, new-fraction, polynomial and power checks, commit e0d922f): checkStep(prev, next) "
    "truthy, or throwing 'No path found', and checkMistake(prev, next) reporting a mistake; a step "
    "checker, so the next line is the answer and the line before it the gold (every incorrect "
    "step copied, every 16th correct one)"
)
_ROWS_MATHBLOCKS_STEPS = [
    (MATHBLOCKS_STEPS, a, g, eq)
    for a, g, eq in [
        ("6", "1 + 2 + 3 + 4", False),
        ("x + 2 + b", "x + a + 2", False),
        ("2(a + 7)", "2a", False),
        ("2a", "2(a + 7)", False),
        ("2(a + 7) + 2(b + 3)", "2a + 2b", False),
        ("2ab", "ab", False),
        ("ab", "2ab", False),
        ("1 + 2ab", "1 + ab", False),
        ("a * b + c", "a * (b + c)", False),
        ("x + 3 = y + 7", "x = y", False),
        ("x = y", "x + 3 = y + 7", False),
        ("x = y + 7", "x = y", False),
        ("x + y = x + y + 7", "x + y = x + y", False),
        ("2x + 5 - 5 = 10", "2x + 5 = 10", False),
        ("2x + 5 - 5 = 10 - 10", "2x + 5 = 10", False),
        ("x = 7y", "x = y", False),
        ("xa = 7yb", "xa = yb", False),
        ("3x = 7y", "x = y", False),
        ("x = y", "3x = 7y", False),
        ("3xa = 7yb", "xa = yb", False),
        ("2x = 2y + 1", "x = y + 1", False),
        ("x = 2y + 1", "x = y + 1", False),
        ("x / 5 = y / 10", "x = y", False),
        ("2(x+1) + 2(5) = 10", "2x + 5 = 10", False),
        ("2x = 3", "2x + 5 - 5 = 10 - 5", False),
        ("2y = 2x + 1", "y = x + 1", False),
        ("2x + 1 = 2y", "y = x + 1", False),
        ("2(x + 1)", "2x", False),
        ("2(x + 1) + 3(y + 1)", "2x + 3y", False),
        ("3(y + 1) + 2(x + 1)", "2x + 3y", False),
        ("11", "5 + 8", False),
        ("1 + 11", "1 + 5 + 8", False),
        ("5 + 8", "11", False),
        ("5 + 8 + 1", "11 + 1", False),
        ("42", "6 * 8", False),
        ("2 * 42", "2 * 6 * 8", False),
        ("6 * 8", "42", False),
        ("2 * 6 * 8", "2 * 42", False),
        ("a^2", "(a^5)/(b^3)", False),
        ("a^6", "(a^2)(a^3)", False),
        ("3 = a", "a = 3", True),
        ("(1 + 1) * (1 + 2)", "3 * 2", True),
        ("b * 1 * a", "a * b", True),
        ("1 - 2x + 2y", "1 - 2(x - y)", True),
        ("-a(1 + b)", "-a - ab", True),
        ("(a + b) + (c + d)", "a + b + c + d", True),
        ("x + 10 - 5 = y + 15 - 5", "x + 10 = y + 15", True),
        ("a + 5", "a + 2 + 3", True),
        ("6/12", "2/3 * 3/4", True),
        ("1", "a + 1 + b + -a + -b", True),
        ("a", "----a", True),
        ("a/b * c/d", "ac / bd", True),
        ("b/b", "a/a", True),
        ("a", "1 / (1/a)", True),
        ("8x", "(x)(5) + 3x", True),
        ("x^2", "(x)(x)", True),
        ("a^(n+1)", "(a)(a^n)", True),
        ("(a^m)^n", "(a^n)^m", True),
        ("4^n", "(2^n)/((1/2)^n)", True),
    ]
]

JEE_NORMALIZER = (
    "a JEE physics question bank's verification tests (index file 71335134642, "
    "test_normalizer_symbolic_and_numerical_equivalence): compare_answers(answer, reference), "
    "option-label rows not copied, the first the answer"
)
_ROWS_JEE_NORMALIZER = [
    (JEE_NORMALIZER, a, g, eq)
    for a, g, eq in [
        ("100", "100.0", True),
        ("2/\\sqrt{3}", "2\\sqrt{3}/3", True),
        ("$\\frac{2}{\\sqrt{3}}$", "$2/\\sqrt{3}$", True),
        ("4 T_0", "4T_0", True),
    ]
]
_LEFT_JEE_NORMALIZER = {
    ("3.75 A", "3.75"): "a unit dropped against the bare number (that suite strips units)",
    ("1.5 \\times 10^{-2} N", "0.015"): "a unit dropped against the bare number (that suite strips units)",
    ("0.025", "0.0250001"): "a relative tolerance",
}

ANSWER_COMPARATOR_MODULE = (
    "an answer-comparator module's unit tests (index file 66058656759, tests for "
    "src/modules/answer_comparator.py): compare_answers(a, b)[0], the first the answer"
)
_ROWS_ANSWER_COMPARATOR_MODULE = [
    (ANSWER_COMPARATOR_MODULE, a, g, eq)
    for a, g, eq in [
        (" 150 ", "150", True),
        ("$150$", "150", True),
        ("1000", "1,000", True),
        ("0.5", "1/2", True),
        ("0.50", "0.5", True),
        ("1e5", "100000", True),
        ("150", "151", False),
        ("abc", "150", False),
    ]
]
_LEFT_ANSWER_COMPARATOR_MODULE = {
    ("50%", "0.5"): "a percent against the fraction (that suite reads 50% as 0.5)",
}

OCR_ANSWER_HINT = (
    "a Russian homework-photo checker's answer-hint tests (index file 58159927146, tests for "
    "app/ocr/answer_check.py): compare_answers(recognized, expected)['verdict'] match or "
    "mismatch ('likely' and 'unknown' rows, words and dates not copied), the recognized text "
    "the answer"
)
_ROWS_OCR_ANSWER_HINT = [
    (OCR_ANSWER_HINT, a, g, eq)
    for a, g, eq in [
        ("x = 7", "x=7", True),
        ("Ответ: 0.5", "1/2", True),
        ("x = 9", "x = 7", False),
        ("19", "42", False),
        ("x = 7.0", "x = 7", True),
    ]
]
_LEFT_OCR_ANSWER_HINT = {
    ("х=7", "x = 7"): "a Cyrillic letter read as its Latin look-alike (an OCR convention)",
    ("0,5", "1/2"): "a decimal comma",
}

KIDS_PROBLEM_CHECKER = (
    "a children's practice-problem app's checker vitest (index file 67462631365, tests for "
    "lib/problems/checker.ts): checkAnswer(typed, expected, inputType), the typed answer the "
    "answer"
)
_ROWS_KIDS_PROBLEM_CHECKER = [
    (KIDS_PROBLEM_CHECKER, a, g, eq)
    for a, g, eq in [
        ("042", "42", True),
        ("41", "42", False),
        ("1/2", "2/4", True),
        ("2/4", "1/2", True),
        ("3/4", "1/2", False),
        ("2", "2/1", True),
        ("1.50", "1.5", True),
        ("1.4", "1.5", False),
    ]
]

BRAINGAME_INTEGER = (
    "a Kotlin brain-game app's AnswerChecker tests (index file 58217148419, "
    "AnswerCheckerTest.integer answer must match exactly): AnswerChecker.isCorrect(puzzle with "
    "answerInteger 42, Attempt.Number(x)), the attempt the answer (tolerance rows not copied)"
)
_ROWS_BRAINGAME_INTEGER = [
    (BRAINGAME_INTEGER, a, g, eq)
    for a, g, eq in [
        ("42.0", "42", True),
        ("43.0", "42", False),
        ("42.5", "42", False),
    ]
]

NOTEBOOK_VERIFIER = (
    "a GRPO notebook builder's verifier sanity asserts (index file 59170837071, is_correct's "
    "checks): is_correct(completion, gold), the completion the answer"
)
_ROWS_NOTEBOOK_VERIFIER = [
    (NOTEBOOK_VERIFIER, a, g, eq)
    for a, g, eq in [
        ("<answer>72</answer>", "72", True),
        ("... so the answer is 1,024", "1024", True),
        ("<answer>71</answer>", "72", False),
    ]
]

QWEN_TRACE_SCHEMA = (
    "a reasoning-trace schema project's tests (index file 55549464005, "
    "test_is_correct_numeric_robust): is_correct(reply, gold), the reply the answer"
)
_ROWS_QWEN_TRACE_SCHEMA = [
    (QWEN_TRACE_SCHEMA, a, g, eq)
    for a, g, eq in [
        ("The answer is 5.", "5", True),
        ("The answer is 5.", "5.", True),
        ("The answer is 6.", "5", False),
    ]
]

SPECGEOM_GSM8K = (
    "a spectral-geometry RL study's CPU tests (index file 70673510589, "
    "test_extraction_and_reward): extract_answer(reply) against the value the test expects and "
    "is_correct(extracted, gold), the reply the answer (truncation and strict-mode rows not "
    "copied)"
)
_ROWS_SPECGEOM_GSM8K = [
    (SPECGEOM_GSM8K, a, g, eq)
    for a, g, eq in [
        ("Step 1: 3*4 = 12.\n#### 1,234.", "1234", True),
        ("#### $18.00", "18", True),
        ("#### -5", "-5", True),
        ("#### 3 ... #### 4", "4", True),
        ("#### **18**", "18", True),
        ("#### \\$18", "18", True),
        ("#### -$7", "-7", True),
        ("#### 18 dollars", "18", True),
        ("####\n18", "18", True),
        ("#### 1. Compute x\n#### 42", "42", True),
        ("####  $1,000,000", "1000000", True),
    ]
]

TOKENFACTORY_MATH = (
    "an RL toolkit's math example tests (index file 67070402881, "
    "test_reward_matches_math_env_contract): reward_fn(reply, gold) 1.0 read as a match, 0.0 and "
    "-1.0 as no match, the reply the answer"
)
_ROWS_TOKENFACTORY_MATH = [
    (TOKENFACTORY_MATH, a, g, eq)
    for a, g, eq in [
        ("reasoning \\boxed{42}", "42", True),
        ("reasoning \\boxed{13}", "42", False),
        ("reasoning without final box", "42", False),
    ]
]

_ALL = (
    _ROWS_SKY_PARSING
    + _ROWS_BENCH_ADAPTERS
    + _ROWS_ULTRA_VERIFIERS
    + _ROWS_MULTI_RULE
    + _ROWS_EQUIV_SELFTEST
    + _ROWS_VERIFY_PIPELINE
    + _ROWS_CTS_DIAG
    + _ROWS_NUMERIC_PREFIX
    + _ROWS_DSBENCH_RELAXED
    + _ROWS_VRM_LATEX
    + _ROWS_CN_COMPARATOR
    + _ROWS_SWIFT_PRACTICE
    + _ROWS_R_FRACTIONS_APP
    + _ROWS_SMALL_GRPO_REWARD
    + _ROWS_GO_RATIONAL_EQUAL
    + _ROWS_KT_RATIONAL_EQUAL
    + _ROWS_RETRAIN_BOXED
    + _ROWS_TINYLORA_REWARD
    + _ROWS_OFFLINE_SEARCH_VERIFIER
    + _ROWS_RSI_ANSWERS
    + _ROWS_BURST_MARKER
    + _ROWS_CLEAN_VERIFIER
    + _ROWS_SELF_CHECK_ARITH
    + _ROWS_TUTOR_VALIDATE
    + _ROWS_MISTAKE_DIAGNOSER
    + _ROWS_SYMJA_LOWERCASE
    + _ROWS_RUST_OLYM_JUDGE
    + _ROWS_HELM_FINAL_NUMBER
    + _ROWS_STEP_TUTOR_SHORT
    + _ROWS_SCAFFOLD_AIME
    + _ROWS_WISENT_EVALUATORS
    + _ROWS_MATHBLOCKS_STEPS
    + _ROWS_JEE_NORMALIZER
    + _ROWS_ANSWER_COMPARATOR_MODULE
    + _ROWS_OCR_ANSWER_HINT
    + _ROWS_KIDS_PROBLEM_CHECKER
    + _ROWS_BRAINGAME_INTEGER
    + _ROWS_NOTEBOOK_VERIFIER
    + _ROWS_QWEN_TRACE_SCHEMA
    + _ROWS_SPECGEOM_GSM8K
    + _ROWS_TOKENFACTORY_MATH
)

# copied, then left out: the label rests on that suite's own convention, (answer, gold) -> reason
_LEFT = {
    SKY_PARSING: _LEFT_SKY_PARSING,
    BENCH_ADAPTERS: _LEFT_BENCH_ADAPTERS,
    EQUIV_SELFTEST: _LEFT_EQUIV_SELFTEST,
    NUMERIC_PREFIX: _LEFT_NUMERIC_PREFIX,
    DSBENCH_RELAXED: _LEFT_DSBENCH_RELAXED,
    SWIFT_PRACTICE: _LEFT_SWIFT_PRACTICE,
    R_FRACTIONS_APP: _LEFT_R_FRACTIONS_APP,
    SMALL_GRPO_REWARD: _LEFT_SMALL_GRPO_REWARD,
    KT_RATIONAL_EQUAL: _LEFT_KT_RATIONAL_EQUAL,
    RETRAIN_BOXED: _LEFT_RETRAIN_BOXED,
    TINYLORA_REWARD: _LEFT_TINYLORA_REWARD,
    SELF_CHECK_ARITH: _LEFT_SELF_CHECK_ARITH,
    MISTAKE_DIAGNOSER: _LEFT_MISTAKE_DIAGNOSER,
    RUST_OLYM_JUDGE: _LEFT_RUST_OLYM_JUDGE,
    WISENT_EVALUATORS: _LEFT_WISENT_EVALUATORS,
    JEE_NORMALIZER: _LEFT_JEE_NORMALIZER,
    ANSWER_COMPARATOR_MODULE: _LEFT_ANSWER_COMPARATOR_MODULE,
    OCR_ANSWER_HINT: _LEFT_OCR_ANSWER_HINT,
}
LEFT_OUT = {(s, a, g): why for s, pairs in _LEFT.items() for (a, g), why in pairs.items()}
C25_CASES = list(_ALL)

# the jsonl `category` of each source, its short name (these sources are named by a description)
C25_CATEGORY = {
    SKY_PARSING: "sky-parsing",
    BENCH_ADAPTERS: "bench-adapters",
    ULTRA_VERIFIERS: "ultra-verifiers",
    MULTI_RULE: "multi-rule",
    EQUIV_SELFTEST: "equiv-selftest",
    VERIFY_PIPELINE: "verify-pipeline",
    CTS_DIAG: "cts-diag",
    NUMERIC_PREFIX: "numeric-prefix",
    DSBENCH_RELAXED: "dsbench-relaxed",
    VRM_LATEX: "vrm-latex",
    CN_COMPARATOR: "cn-comparator",
    SWIFT_PRACTICE: "swift-practice",
    R_FRACTIONS_APP: "r-fractions-app",
    SMALL_GRPO_REWARD: "small-grpo-reward",
    GO_RATIONAL_EQUAL: "go-rational-equal",
    KT_RATIONAL_EQUAL: "kt-rational-equal",
    RETRAIN_BOXED: "retrain-boxed",
    TINYLORA_REWARD: "tinylora-reward",
    OFFLINE_SEARCH_VERIFIER: "offline-search-verifier",
    RSI_ANSWERS: "rsi-answers",
    BURST_MARKER: "burst-marker",
    CLEAN_VERIFIER: "clean-verifier",
    SELF_CHECK_ARITH: "self-check-arith",
    TUTOR_VALIDATE: "tutor-validate",
    MISTAKE_DIAGNOSER: "mistake-diagnoser",
    SYMJA_LOWERCASE: "symja-lowercase",
    RUST_OLYM_JUDGE: "rust-olym-judge",
    HELM_FINAL_NUMBER: "helm-final-number",
    STEP_TUTOR_SHORT: "step-tutor-short",
    SCAFFOLD_AIME: "scaffold-aime",
    WISENT_EVALUATORS: "wisent-evaluators",
    MATHBLOCKS_STEPS: "mathblocks-steps",
    JEE_NORMALIZER: "jee-normalizer",
    ANSWER_COMPARATOR_MODULE: "answer-comparator-module",
    OCR_ANSWER_HINT: "ocr-answer-hint",
    KIDS_PROBLEM_CHECKER: "kids-problem-checker",
    BRAINGAME_INTEGER: "braingame-integer",
    NOTEBOOK_VERIFIER: "notebook-verifier",
    QWEN_TRACE_SCHEMA: "qwen-trace-schema",
    SPECGEOM_GSM8K: "specgeom-gsm8k",
    TOKENFACTORY_MATH: "tokenfactory-math",
}
