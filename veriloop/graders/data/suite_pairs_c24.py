r"""Collection 24 of the public answer-equivalence cases: the 22nd blind held-out (`heldout22`).

Written and committed (issue 43, math25) before anyone read `heldout21`'s failures or changed the
grader after its one measurement; `heldout21` is spent as tuning data only after this commit, and
`heldout22` is measured once afterwards, counts only.

Sources (none used by collections 1-23; every repository name and index-file id checked against
every provenance string in `suite_pairs_c*.py` and `build_suite_pairs.py`), each row keeping the
label its test asserts, named by its repository or, where the public code index records no
repository, its file id:
- Answer checkers of RL and eval tooling: a Greek MATH-500 translation project's comparator
  regression table (thousands groups against lists, `45,\!045`, `\text{ or }` answers, huge
  integers one apart, pmatrix and interval spellings), reward and verifier tests of GRPO, GSPO and
  self-play projects (replies with `####`, `ANSWER:`, `<think>` and `<answer>` blocks, named values
  against tuples, Chinese replies), eval harnesses' extraction and scoring tests (a search-based
  reasoning project's exact-match table, power-study and local-benchmark graders), unit-aware
  matchers (kV against V, J against N, m/s against m/s^2).
- Tutoring and courseware checkers: a browser algebra tutor's mistake engine (a sign not flipped, a
  square of a sum, a lost root), a French-Canadian quiz site, Kotlin and Russian practice apps, a
  Spanish course platform, a Rust tutoring service and a Chinese quiz app, a polynomial trainer, a
  Japanese study app's inequality answers, a fraction solver.
- One CAS "input equals its printed form" table (Mathics3's arithmetic tests in Mathematica
  syntax, exact rows only), 42 cases, 13% of the collection.
Chosen for answer surfaces the earlier collections had little of (Mathematica syntax, number
groupings against lists, unit dimensions, named values against tuples, equation steps) and for
non-equivalent pairs (near misses one digit apart, wrong signs and directions, dropped terms).

Curation, decided by reading the rows and never by running a grader on them, as for collections
21-23:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, an acceptable-answers list, a required form, a question
  type), parse errors and hostile inputs, word, prose and multiple-choice answers, dates and times,
  and roundings called equal. Identical strings are not copied.
- Symmetric checkers put their first argument as the answer; a reward or extraction test puts the
  reply as the answer and the value it expects as the gold; a step checker puts the next line as
  the answer and the line before it as the gold; a comparator written (reference, answer) keeps
  that reading.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-23, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection.
- `LEFT_OUT` holds rows copied and then left out because the label rests on that suite's own
  convention (a tolerance or rounding, a decimal comma, case folding, a percent or currency sign
  against the bare number, a required form, a hedge counted as the answer, a self-contradicting
  reply, a string-level rule), with the reason.

Size: 424 rows copied (144 not equivalent) and 55 convention rows in `LEFT_OUT`; 320 remain after
repeats are dropped, 112 of them not equivalent (35%). They come from 42 projects (43 source
constants; the teaching demo's rows were all dropped as repeats); the largest are the Greek
comparator table (63 cases, 20%) and the Mathics table (42).
"""

from __future__ import annotations

TROPE_EXACT = (
    "a test-time search project's verifier tests (index file 71465315378, tests for "
    "trope/verify: the V_P table EXACT_CASES): ExactMatchVerifier()(problem(answer=gold), raw)"
    ".verified, the raw reply the answer"
)
_ROWS_TROPE_EXACT = [
    (TROPE_EXACT, a, g, eq)
    for a, g, eq in [
        ("The answer is \\boxed{42}.", "42", True),
        ("The answer is \\boxed{42}.", "43", False),
        ("Reasoning...\n\\boxed{\\frac{1}{2}}", "1/2", True),
        ("\\boxed{\\frac{1}{2}}", "0.5", True),
        ("\\boxed{\\dfrac{-1}{2}}", "-0.5", True),
        ("\\boxed{1/2}", "\\frac{1}{2}", True),
        ("\\boxed{1,234}", "1234", True),
        ("\\boxed{1,234,567}", "1234567", True),
        ("\\boxed{2.50}", "2.5", True),
        ("\\boxed{007}", "7", True),
        ("\\boxed{-3}", "-3", True),
        ("\\boxed{-3}", "3", False),
        ("\\boxed{\\left(1,2\\right)}", "(1,2)", True),
        ("\\boxed{x^{2}}", "x^2", True),
        ("$\\boxed{\\!\\, 12 \\;}$", "12", True),
        ("The answer is $-\\frac{2}{3}$.", "-2/3", True),
        ("The answer is 12 apples.", "12", True),
        ("Therefore the answer is 7. This took 3 steps.", "7", True),
        ("Therefore the answer is 7. This took 3 steps.", "3", False),
        ("First \\boxed{3}, on reflection \\boxed{4}.", "4", True),
        ("First \\boxed{3}, on reflection \\boxed{4}.", "3", False),
        ("The answer is 3 more than 12.", "12", False),
        ("The answer is 5, no wait: \\boxed{6}", "6", True),
        ("I could not solve this.", "5", False),
        ("\\boxed{1 + \\frac{1}{2}}", "1+1/2", True),
        ("1.0001", "1.0", False),
    ]
]
_LEFT_TROPE_EXACT = {
    ("\\boxed{50\\%}", "50"): "a percent against the bare number (the suite strips the sign)",
    ("\\boxed{50\\%}", "0.5"): "a percent against the fraction, refused by that suite's convention",
    ("5, obviously", "5"): "a one-number fallback on a trailing word",
    ("1000000.0000001", "1000000"): "a relative tolerance",
}

NETSPHERE_EVAL = (
    "a small LLM evaluation harness's pytest suite (index file 62458127617, TestAnswersMatch "
    "and TestScoreMath): answers_match(got, expected) and score_math(task, reply), the model's "
    "answer the answer"
)
_ROWS_NETSPHERE_EVAL = [
    (NETSPHERE_EVAL, a, g, eq)
    for a, g, eq in [
        ("8500.80", "42504/5", True),
        ("$8,500.80", "42504/5", True),
        ("103776/2598960", "2162/54145", True),
        ("649.", "649", True),
        ("**649**", "649", True),
        ("650", "649", False),
        ("043501", "43501", True),
        ("thinking...\nFINAL ANSWER: 649", "649", True),
        ("<think>7^4=401...</think>FINAL ANSWER: 649", "649", True),
        ("FINAL ANSWER: 343", "649", False),
    ]
]
_LEFT_NETSPHERE_EVAL = {
    ("The answer is 649", "649"): "a format rule: the reply must have a FINAL ANSWER line",
}

EVAL_POWER = (
    "a benchmark-power study's grading tests (index file 70722180293, tests for "
    "eval_power/grading.py): grade_strict_answer('gsm8k', text, ref) and grade_answer('gsm8k', "
    "text, ref) (numeric rows only), the reply the answer"
)
_ROWS_EVAL_POWER = [
    (EVAL_POWER, a, g, eq)
    for a, g, eq in [
        ("Work.\n#### 1,234", "1234", True),
        ("#### 2.0", "2", True),
        ("#### -3", "-3", True),
        ("#### 4.\n", "4", True),
        ("#### 4 or 5", "4", False),
        ("#### 4", "5", False),
        ("#### The numeric answer is 10.", "10", True),
        ("Earlier 40 + 40 = 80. Final answer: $1,234.00.", "1234", True),
        ("The result is −3.5", "-3.5", True),
        ("The answer is .5", "0.5", True),
        ("No number here", "4", False),
        ("Calculation 9; final answer 10", "10", True),
    ]
]
_LEFT_EVAL_POWER = {
    ("The answer is 4", "4"): "a format rule of the strict mode: the reply must have ####",
    ("#### 5\n#### 4", "4"): "the strict mode takes the last #### line",
}

GRPO_VERIFIERS = (
    "a code-agent training project's verifiable-reward tests (index file 68344023013, tests for "
    "src/train/verifiers.py, issue #78): math_reward(reply, gold), the GSM8K marker '#### ' of "
    "one gold dropped, the reply the answer"
)
_ROWS_GRPO_VERIFIERS = [
    (GRPO_VERIFIERS, a, g, eq)
    for a, g, eq in [
        ("so there are 18 apples", "18", True),
        ("the total is 19", "18", False),
        ("no number at all", "5", False),
        ("answer: 3.0", "3", True),
        ("42 is the answer.", "42", True),
    ]
]

YETO_REWARD = (
    "an RL framework fork's reward-function tests (index file 71181773774, "
    "test_math_reward_success): math_reward.score(response, label), the response the answer"
)
_ROWS_YETO_REWARD = [
    (YETO_REWARD, a, g, eq)
    for a, g, eq in [
        ("so \\boxed{42}", "42", True),
        ("<think>\\boxed{42}</think> \\boxed{41}", "42", False),
        ("no box", "42", False),
    ]
]

GSPO_REWARD = (
    "a GSPO training project's reward smoke tests (index file 65942535600, tests for "
    "src/reward.py): MathReward(reward_type='math_verify')._compute_single_reward(reply, gold), "
    "the reply the answer"
)
_GSPO_WORK = (
    "Let me solve this step by step.\nAaron runs 2 miles in 16 minutes.\nPace = 16/2 = 8 "
    "minutes per mile.\nVanessa is twice as slow, so 8 * 2 = 16 minutes per mile.\nShe runs 4 "
    "miles, so 4 * 16 = 64 minutes.\n#### 64"
)
_ROWS_GSPO_REWARD = [
    (GSPO_REWARD, a, g, eq)
    for a, g, eq in [
        (_GSPO_WORK, "64", True),
        (_GSPO_WORK, "65", False),
        (("Solution:\nWe have $\\det(AB) = (\\det A)(\\det B) = (2)(12) = \\boxed{24}$.\n"
          "Final Answer: $\\boxed{24}$."), "24", True),
        ("The answer is 42.", "42", True),
        ("This is a response without any answer", "42", False),
        ("The answer is 2.", "2", True),
        ("I think 3.", "2", False),
        ("#### 4", "4", True),
        ("The answer is 5", "4", False),
    ]
]
_LEFT_GSPO_REWARD = {
    ("I think the answer is 3.14 approximately", "3.14"): "a hedge counted as the answer",
    ("The answer is 3.14159", "3.1416"): "a relative tolerance of 1e-3",
}

MATHICS_BASIC = (
    "Mathics3/mathics-core test/builtin/arithmetic/test_basic.py (commit 115c6a1): "
    "check_evaluation(expr, expected) in test_add, test_exponential, test_multiply, test_power, "
    "test_miscelanea_private_tests and test_cuberoot, exact rows only, the expression the answer "
    "and its printed form the gold (a CAS 'input equals its printed form' table)"
)
_ROWS_MATHICS_BASIC = [
    (MATHICS_BASIC, a, g, True)
    for a, g in [
        ("1 + 2/3 + 3/5", "34 / 15"),
        ("1 - 2/3 + 3/5", "14 / 15"),
        ("1 - 2/3 + 2 I", "1 / 3 + 2 I"),
        ("a + 2 a + 3 a q", "3 a + 3 a q"),
        ("a - 2 a + 3 a q", "-a + 3 a q"),
        ("a - (5+ a+ 2 b) + 3 a q", "-5 + 3 a q - 2 b"),
        ("a - 2 (5+ a+ 2 b) + 3 a q", "a + 3 a q - 2 (5 + a + 2 b)"),
        ("E^(3+I Pi)", "-E ^ 3"),
        ("E^(I Pi/2)", "I"),
        ("1 * 2/3 * 3/5", "2 / 5"),
        ("1 (- 2/3) ( 3/5)", "-2 / 5"),
        ("1 (- 2/3) (2 I)", "-4 I / 3"),
        ("a ( 2 a) ( 3 a q)", "6 a ^ 3 q"),
        ("a (- 2 a) ( 3 Sqrt[a] q)", "-6 a ^ (5 / 2) q"),
        ("a (5+ a+ 2 b) (3 a q)", "3 a ^ 2 q (5 + a + 2 b)"),
        ("a (- 2 (5+ a+ 2 b)) * (3 a q)", "-6 a ^ 2 q (5 + a + 2 b)"),
        ("a  b a^2 / (2 a)^(3/2)", "Sqrt[2] a ^ (3 / 2) b / 4"),
        ("a  b a^2 / (a)^(3/2)", "a ^ (3 / 2) b"),
        ("(2/3)^0", "1"),
        ("(1/2)^3", "1 / 8"),
        ("2^(-3)", "1 / 8"),
        ("(1/2)^(-3)", "8"),
        ("(-7)^(5/3)", "-7 (-7) ^ (2 / 3)"),
        ("3^(1/2)", "Sqrt[3]"),
        ("(1/5)^(1/2)", "Sqrt[5] / 5"),
        ("(3)^(-1/2)", "Sqrt[3] / 3"),
        ("(1/3)^(-1/2)", "Sqrt[3]"),
        ("(5/3)^(-1/2)", "Sqrt[3 / 5]"),
        ("I^(2/3)", "(-1) ^ (1 / 3)"),
        ("(2+3I)^3", "-46 + 9 I"),
        ("(a^(1/2))^2", "a"),
        ("(a^(p-2 q))^3", "a ^ (3 p - 6 q)"),
        ("(3/2+1/2I)^2", "2 + 3 I / 2"),
        ("I ^ I", "(-1) ^ (I / 2)"),
        ("-4+2x+2*Sqrt[3]", "-4 + 2 Sqrt[3] + 2 x"),
        ("2a+5d-3b-2c-e", "2 a - 3 b - 2 c + 5 d - e"),
        ("1 - I * Sqrt[3]", "1 - I Sqrt[3]"),
        ("-(x - 2/3)", "2 / 3 - x"),
        ("-x*2", "-2 x"),
        ("2x^2 / x^2", "2"),
        ("CubeRoot[-5]", "-5 ^ (1 / 3)"),
        ("CubeRoot[-510000]", "-10 510 ^ (1 / 3)"),
    ]
]
_LEFT_MATHICS_BASIC = {
    ("1. - 2/3 + 3/5", "0.933333"): "a 6-digit rounding of the printed form",
    ("E^(.25 I Pi)", "0.707107 + 0.707107 I"): "a 6-digit rounding of the printed form",
    ("Pi ^ 4.", "97.4091"): "a 6-digit rounding of the printed form",
}

MATHBOT_COMPARE = (
    "a K-12 problem generator's infrastructure tests (index file 52471812816, "
    "TestB3B4CompareAnswers for src/solution_evaluator.py): compare_answers(a, b, mode) in its "
    "'numeric' (no tolerance) and 'symbolic' modes, the first the answer"
)
_ROWS_MATHBOT_COMPARE = [
    (MATHBOT_COMPARE, a, g, eq)
    for a, g, eq in [
        ("5.1", "5.0", False),
        ("2*sin(x)*cos(x)", "sin(2*x)", True),
        ("(a+b)**2", "a**2 + 2*a*b + b**2", True),
        ("x + 1", "x - 1", False),
    ]
]

ES_SCORING = (
    "a Spanish school course platform's scoring vitest (index file 56414867748, tests for "
    "scoring.ts): compareAnswers(submitted, expected, type) and normalizeAnswer (two entries "
    "with one normal form copied as equivalent), the submitted entry the answer"
)
_ROWS_ES_SCORING = [
    (ES_SCORING, a, g, eq)
    for a, g, eq in [
        ("86", "85", False),
        ("6/16", "3/8", True),
        ("1", "2/2", True),
        ("4/8", "3/8", False),
        ("3/-8", "-3/8", True),
        ("$1.40", "1.40", True),
        ("1.4", "1.40", True),
        ("12 pi", "12π", True),
        ("12pi", "12π", True),
        ("+85", "85", True),
        ("0085", "85", True),
        ("-085", "-85", True),
        ("48 cm^2", "48 cm²", True),
    ]
]
_LEFT_ES_SCORING = {
    ("44 CM²", "44 cm²"): "case folding of a unit (CM is not cm)",
    ("44cm2", "44 cm²"): "a unit's exponent written as a trailing digit",
    ("44", "44 cm²"): "a required form: the unit must be written",
}

QC_QUIZ = (
    "a French-Canadian primary maths quiz site's Django tests (index file 69197999948, tests for "
    "quiz/answers.py): check_answer(given, [accepted]) with one accepted answer, and "
    "parse_number (two entries with one value copied as equivalent), the given entry the answer"
)
_ROWS_QC_QUIZ = [
    (QC_QUIZ, a, g, eq)
    for a, g, eq in [
        ("6", "6.0", True),
        ("6.0", "6", True),
        ("6 cm", "6", True),
        ("7", "6", False),
        (".5", "0.5", True),
        ("1/2", "0.5", True),
        ("0.5", "1/2", True),
        ("0.5", "0.05", False),
        ("4/6", "2/3", True),
        ("1 1/2", "3/2", True),
        ("2/3", "3/2", False),
        ("90 min", "1 h 30 min", True),
        ("1 h 20 min", "1 h 30 min", False),
        ("4, 3", "(3, 4)", False),
        ("1 234", "1234", True),
        ("1 234 567", "1234567", True),
        ("−3", "-3", True),
        ("$4.50", "4.5", True),
        ("12 cm", "12", True),
        ("20 °C", "20", True),
    ]
]
_LEFT_QC_QUIZ = {
    ("6,0", "6"): "a decimal comma",
    ("0.50", "0,5"): "a decimal comma",
    ("-2,5", "-2.5"): "a decimal comma",
    ("3 500,5", "3500.5"): "a decimal comma",
    ("4.5", "4,50 $"): "a decimal comma",
    ("1h30", "1 h 30 min"): "a clock-style duration convention ('1h30' for 1 h 30 min)",
    ("3;4", "(3, 4)"): "a semicolon as a French coordinate separator",
}

LOCAL_BENCH = (
    "a local LLM benchmark runner's unittest suite (index file 71143412772, ScoreTests and "
    "BbhTests): math_equal(a, b), numbers_equal(a, b), extract_last_number(reply) and "
    "grade_bbh(gold, reply) on numeric golds, the first argument or the reply the answer"
)
_ROWS_LOCAL_BENCH = [
    (LOCAL_BENCH, a, g, eq)
    for a, g, eq in [
        ("\\dfrac{1}{2}", "\\frac{1}{2}", True),
        ("1024", "1024.0", True),
        ("working\n#### 1,024", "1024", True),
        ("So the answer is -219.", "-219", True),
        ("reason \\boxed{1} later \\boxed{\\frac{1}{2}}", "\\frac{1}{2}", True),
    ]
]
_LEFT_LOCAL_BENCH = {
    ("\\frac{1}{2}", "0.5"): "a string-level rule: a fraction and its decimal called different",
}

INTERLOCK_UNITS = (
    "a power-system document checker's unit tests (index file 55153818719, tests for "
    "interlock/extract/units.py): equivalent(a, b) on Pint quantities (exact rows only), the "
    "first the answer"
)
_ROWS_INTERLOCK_UNITS = [
    (INTERLOCK_UNITS, a, g, eq)
    for a, g, eq in [
        ("132 kV", "132,000 V", True),
        ("25 MVA", "25000 kVA", True),
        ("150 kVA", "0.15 MVA", True),
        ("5.75 %", "0.575 %", False),
        ("5.75 %", "0.0575", True),
        ("132 kV", "132 kA", False),
    ]
]

NOETIC_CHECKER = (
    "a Kotlin maths practice app's AnswerCheckerTest (index file 70706992328): "
    "AnswerChecker.isCorrect(num(answer), typed), numeric questions only, the typed entry the "
    "answer and the question's answer the gold"
)
_ROWS_NOETIC_CHECKER = [
    (NOETIC_CHECKER, a, g, eq)
    for a, g, eq in [
        ("1,250", "1250", True),
        ("$1,250", "1250", True),
        ("1250.", "1250", True),
        ("1250.0", "1250", True),
        ("1250 cats", "1250", True),
        ("1250 sq cm", "1250", True),
        ("125", "1250", False),
        ("12500", "1250", False),
        ("1250/2", "1250", False),
        ("6/8", "3/4", True),
        ("0.75", "3/4", True),
        (".75", "3/4", True),
        ("0.750", "3/4", True),
        ("4/3", "3/4", False),
        ("3/2", "1 1/2", True),
        ("1 1/2", "1.5", True),
        ("$2.50", "2.5", True),
        ("45¢", "45", True),
    ]
]

MATOLIMP_CHECKER = (
    "a Russian maths olympiad app's AnswerCheckerTest (index file 60290570888): "
    "AnswerChecker.check(spec(type, accepted), typed) with one accepted answer, the typed entry "
    "the answer"
)
_ROWS_MATOLIMP_CHECKER = [
    (MATOLIMP_CHECKER, a, g, eq)
    for a, g, eq in [
        ("5051", "5050", False),
        ("18/20", "9/10", True),
        ("0.9", "9/10", True),
        ("1/10", "9/10", False),
        ("1/2", "0.5", True),
        ("0.6", "0.5", False),
        ("2,3", "2,3,5", False),
    ]
]
_LEFT_MATOLIMP_CHECKER = {
    ("0,9", "9/10"): "a decimal comma",
    ("5,3,2", "2,3,5"): "a required form: the question says whether order matters",
    ("2 3 5", "2,3,5"): "a space-separated list read as a set by that question's type",
}

LATTICE_MATCH = (
    "a tutoring service's Rust grading module tests (index file 54667146403, "
    "answers_match(expected, candidate) in its tests module), the candidate the answer"
)
_ROWS_LATTICE_MATCH = [
    (LATTICE_MATCH, a, g, eq)
    for a, g, eq in [
        ("3", "x = 3", True),
        ("2x = 6\nx = 3", "x = 3", True),
        ("2/4", "1/2", True),
        ("0.5", "1/2", True),
        ("70", "7", False),
        ("the answer is 4", "3", False),
        ("(x-1)(x+1)", "(x - 1)(x + 1)", True),
        ("(3, 5)", "3, 5", True),
        ("2x + 5", "2x + 3", False),
        ("9.80 m/s²", "9.8 m/s^2", True),
        ("the speed is 20 m/s", "v = 20 m/s", True),
        ("1000 m", "1 km", True),
        ("5 N", "5 J", False),
        ("5 m/s^2", "9.8 m/s^2", False),
    ]
]

KP_QUIZ_MATCH = (
    "a Chinese knowledge-point quiz app's Rust tests (index file 68981861294, "
    "answers_match(a, b) in its tests module), the first the answer"
)
_ROWS_KP_QUIZ_MATCH = [
    (KP_QUIZ_MATCH, a, g, eq)
    for a, g, eq in [
        ("15", "1.5", False),
        ("1.5", "15", False),
        ("1.5", "1.50", True),
        ("0.5", ".5", True),
        ("-2.5", "-2.50", True),
        ("1,000", "1000", True),
        ("12,345,678", "12345678", True),
        ("1 000", "1000", True),
        ("1000", "1001", False),
        ("3,14", "314", False),
        ("约15", "约1.5", False),
        ("１．５", "1.5", True),
        ("１５", "1.5", False),
    ]
]
_LEFT_KP_QUIZ_MATCH = {
    ("3,14", "3.14"): "a decimal comma read as text by that suite",
    ("inf", "Infinity"): "a string-level rule: two spellings of infinity called different",
    ("1e3", "1000"): "a string-level rule: scientific notation compared as text",
}

JP_BATTLE_EQUIV = (
    "a Japanese study-battle app's curriculum vitest (index file 66208257600, tests for "
    "src/utils/answerEquivalence.ts): isEquivalentAnswer(a, b) on inequality answers, the first "
    "the answer"
)
_ROWS_JP_BATTLE_EQUIV = [
    (JP_BATTLE_EQUIV, a, g, eq)
    for a, g, eq in [
        ("x>-4", "x<-4", False),
        ("x>-4", "x>4", False),
        ("x≥3", "x>3", False),
        ("x≥3", "x>=3", True),
    ]
]

FILL_BLANK_EQUIV = (
    "a tutoring platform's fill-in-the-blank answer-equivalence vitest (index file 56091435364, "
    "tests for lib/answer-equivalence.ts): isNumericallyEquivalent(a, b) and the synchronous "
    "isEquivalentAnswer(typed, [accepted]) with one accepted answer, the typed entry the answer"
)
_ROWS_FILL_BLANK_EQUIV = [
    (FILL_BLANK_EQUIV, a, g, eq)
    for a, g, eq in [
        ("0.50", "0.5", True),
        (".5", "1/2", True),
        ("3/4", "0.75", True),
        ("−3", "-3", True),
        ("3", "4", False),
        ("0.5", "0.6", False),
        ("1/2", "1/3", False),
        ("2.50", "2.5", True),
        ("0.6", "1/2", False),
        ("x = 3", "3", True),
        ("3", "x = 3", True),
        ("y=0.5", "1/2", True),
        ("x_1 = 3", "3", True),
        ("y2 = 3", "3", True),
        ("2x = 3", "3", False),
    ]
]
_LEFT_FILL_BLANK_EQUIV = {
    ("f(x) = 3", "3"): "that suite's convention: only a single-letter left side is dropped",
    ("foo = 3", "3"): "that suite's convention: only a single-letter left side is dropped",
    ("4+2x", "2x+4"): "the synchronous path compares strings and numbers only (stated)",
}

FRACTION_SOLVER = (
    "a visual fraction solver's vitest (index file 70555717078, tests for the fractions "
    "solver): isEquivalentAnswer(typed, {n, d}) and equalFractions, the typed entry the answer "
    "and the fraction n/d the gold"
)
_ROWS_FRACTION_SOLVER = [
    (FRACTION_SOLVER, a, g, eq)
    for a, g, eq in [
        ("22/24", "11/12", True),
        ("0.91666", "11/12", False),
        ("-2/-4", "1/2", True),
    ]
]

SINCO_GRPO = (
    "a from-scratch Chinese chat model's GRPO smoke tests (index file 67094473467, tests for "
    "train_grpo.py): accuracy_reward(reply, target) is 2.0 (equivalent) or 0.0 (not), the reply "
    "the answer"
)
_ROWS_SINCO_GRPO = [
    (SINCO_GRPO, a, g, eq)
    for a, g, eq in [
        ("答案是 960", "960", True),
        ("答案是 42", "960", False),
    ]
]

CN_GRPO_REWARDS = (
    "a Chinese GRPO tutorial's reward tests (index file 70423541236, tests for rewards.py): "
    "accuracy_reward(completions, ground_truth) and extract_numeric_answer(reply) against the "
    "value it expects, the completion the answer"
)
_ROWS_CN_GRPO_REWARDS = [
    (CN_GRPO_REWARDS, a, g, eq)
    for a, g, eq in [
        ("答案是8", "8", True),
        ("答案是7", "8", False),
        ("不知道", "8", False),
        ("计算过程略，答案是8", "8", True),
    ]
]

RLM_REWARDS = (
    "a Spanish-language reasoning model's reward tests (index file 71513874665, tests for "
    "rlm/rewards.py): accuracy_reward, imv_accuracy_reward (the non-rounding rows) and "
    "normalize_number, the completion the answer"
)
_ROWS_RLM_REWARDS = [
    (RLM_REWARDS, a, g, eq)
    for a, g, eq in [
        ("<think>2 + 2 is 4.</think><answer>4</answer>", "4", True),
        ("<think>x</think><answer>$4.00</answer>", "4", True),
        ("<think>x</think><answer>5</answer>", "4", False),
        ("<think>x</think><answer>474.014</answer>", "474.02", False),
        ("$1,234.50", "1234.5", True),
        ("The total is 18 apples", "18", True),
    ]
]
_LEFT_RLM_REWARDS = {
    ("<think>x</think><answer>474.005</answer>", "474.01"): "half-up rounding to cents",
    ("<think>x</think><answer>474,004 €</answer>", "474.00"): "a decimal comma and rounding",
    ("1.173,76 €", "1173.76"): "a Spanish decimal comma with a dot for thousands",
}

SANITY_EVALS = (
    "a prompting-strategies study's sanity test (index file 36785526083, sanity_test.py): "
    "is_correct(pred, gold) on numbers, the first the answer"
)
_ROWS_SANITY_EVALS = [
    (SANITY_EVALS, a, g, eq)
    for a, g, eq in [
        ("ANSWER: 42", "42", True),
        (" 42 ", "ANSWER: 42", True),
    ]
]

MISTAKE_LINES = (
    "a browser algebra tutor's mistake-engine tests (index file 70336489404, tests for "
    "public/engine/mistakes.js): checkLines([previous, next]) is all-correct (equivalent) or "
    "names a mistake or lost solutions (not equivalent), the next line the answer and the line "
    "before it the gold"
)
_ROWS_MISTAKE_LINES = [
    (MISTAKE_LINES, a, g, eq)
    for a, g, eq in [
        ("2x = 4", "2x + 3 = 7", True),
        ("x = 2", "2x = 4", True),
        ("2x = 10", "2x + 3 = 7", False),
        ("x = 3", "2x = 4", False),
        ("x + 4 = 5", "2x + 4 = 10", False),
        ("x^2+1", "(x+1)^2", False),
        ("x^2+2x+1", "(x+1)^2", True),
        ("3x+2", "3(x+2)", False),
        ("5-x-2", "5-(x-2)", False),
        ("x+3", "sqrt(x^2+9)", False),
        ("ln(x)+ln(1)", "ln(x+1)", False),
        ("x^5", "(x^2)^3", False),
        ("x < -3", "-2x < 6", False),
        ("x > -3", "-2x < 6", True),
        ("x = 3", "x^2 = 3x", False),
        ("(x-2)(x-3)=0", "x^2-5x+6=0", True),
        ("y = 5 - 2x", "2x + y = 5", True),
        ("1 + x", "sin(x)^2 + cos(x)^2 + x", True),
    ]
]

RELAYSPEC_EVAL = (
    "an agent-relay specification project's evaluation tests (index file 67378299348, tests for "
    "relayspec/evaluation.py): math_equal(a, b) and extract_math_answer(completion) against the "
    "value it expects, the first argument or the completion the answer"
)
_ROWS_RELAYSPEC_EVAL = [
    (RELAYSPEC_EVAL, a, g, eq)
    for a, g, eq in [
        ("\\frac{5}{4}", "1.25", True),
        ("\\frac{9}{19}", "\\frac9{19}", True),
        ("36", "\\$36", True),
        ("15", "15\\mbox{ cm}^2", True),
        ("x^2-1", "(x-1)(x+1)", True),
        ("18", "16", False),
        ("work \\boxed{1} more work \\boxed{\\frac{5}{2}}", "\\frac{5}{2}", True),
        ("After simplifying, the final answer is 49.", "49", True),
    ]
]

POLY_COMPARE = (
    "a polynomial practice app's node:test suite (index file 55715290295, tests for "
    "src/poly.ts): comparePolynomial(expected, submitted), the submitted entry the answer"
)
_ROWS_POLY_COMPARE = [
    (POLY_COMPARE, a, g, eq)
    for a, g, eq in [
        ("-30 + 13x + 10x^2", "10x^2+13x-30", True),
        ("10x^{2}+13x-30", "10x^2+13x-30", True),
        ("10x²+13x−30", "10x^2+13x-30", True),
        ("-1 + 3y^2", "3y^2-1", True),
        ("10x^2+13x+30", "10x^2+13x-30", False),
        ("10x^2+13x", "10x^2+13x-30", False),
    ]
]
_LEFT_POLY_COMPARE = {
    ("(x-1)(x+1)", "x^2-1"): "a required form: the polynomial must be written expanded",
}

GREEK_MATH500 = (
    "a Greek MATH-500 translation project's answer-comparator self-tests (index file "
    "68818627514, labelcheck_lib.py selftest(), the astra gate-2 regression table): "
    "agree(ref, answer)[0], the reference the gold and the second string the answer"
)
_BIG = "123456789012345678901234567890"
_ROWS_GREEK_MATH500 = [
    (GREEK_MATH500, a, g, eq)
    for g, a, eq in [
        ('15', '1,5', False), ('0', '0.0000005', False), ('1', '1,000', False),
        ('12345678901234567890', '12345678901234567891', False), ('18', '18 dollars', True),
        ('3', '3.1', False), ('-4', '4', False), ('1,234.5', '1234.5', True),
        ('(1,2)', '(1,3)', False), ('0', '+0.0000000005', False),
        ('12345678901234567890', '+12345678901234567891', False),
        ('12345678901234567890', '+12345678901234567890', True), ('5', '+5', True),
        ('1000', '1e3', True), ('0.0025', '2.5E-3', True), ('1000', '1e4', False),
        ('-1e3', '-1000', True), ('0', '.0000000005', False),
        ('12345678901234567890', '12345678901234567891\\text{ cm}', False),
        ('12345678901234567890', '12345678901234567890\\text{ cm}', True),
        (_BIG, '-' + _BIG, False), (_BIG, _BIG + '.0', True), (_BIG, _BIG[:-1] + '1', False),
        ('1e30', '1' + '0' * 30, True), ('1e30', '1' + '0' * 29 + '1', False),
        ('\\frac{1}{3}', '0.3333', False), ('-\\frac{3}{4}', '-0.75', True),
        ('2\\sqrt{2}', '2.828', False), ('18^\\circ', '18', True), ('7/2', '3.5', True),
        ('\\dfrac{7}{2}', '3.5', True), ('0.1', '\\frac{1}{10}', True),
        ('0.1', '0.10000000000000000001', False), ('x=3', '3', True), ('K=8', '8', True),
        ('n = 255', '255', True), ('\\frac{1}{0}', '0', False),
        ('45,\\!045', '45045', True), ('32,\\!000,\\!000', '32,000,000', True),
        ('-1,1', '-1, 1', True), ('17,44', '17, 44', True), ('-330,90', '-330, 90', True),
        ('\\frac53', '\\frac{5}{4}', False), ('45,\\!045', '45046', False),
        ('1{,}000', '1000', True),
        ('0\\text{ cm}^2', '0.0000000005\\text{ cm}^2', False),
        ('12345678901234567890\\text{ cm}^2', '12345678901234567891\\text{ cm}^2', False),
        ('5\\text{ cm}^2', '5', True), ('-1, 1', '-1.1', False), ('17, 44', '17.44', False),
        ('45, 135, 225, 315', '45135225315', False), ('5\\text{ or 6}', '5', False),
        ('45^\\circ, 135^\\circ, 225^\\circ, 315^\\circ', '45, 135, 225, 315', True),
        ('\\sqrt{8}', '2.828', False), ('1, 000', '1000', False), ('3x', '3', False),
        ('5\\text{ apples}', '5\\text{ or 6}', False),
        ('17, 44\\text{ apples}', '17.44\\text{ apples}', False), ('17,\\ 44', '17.44', False),
        ('17,\\ 44', '17, 44', True), ('1.0+1e-100', '1.0+0', False), ('1.0+0', '1+0', True),
        ('1, 000', '1,000', False), ('45, 045', '45,\\!045', False),
        ('(1, 000)', '\\left(1,\\!000\\right)', False), ('1,000,000', '1000000', True),
        ('2, 3', '2,3', True), ('\\frac{1}{2},\\frac{1}{3}', '\\frac{1}{2}, \\frac{1}{3}', True),
        ('(18, -18)', '$(18,-18)$', True),
        ('(18, -18)', '(18, 18)', False),
        ('\\begin{pmatrix} 4 \\\\ -3 \\end{pmatrix}', '\\begin{pmatrix}4\\\\-3\\end{pmatrix}',
         True),
        ('\\begin{pmatrix} 4 \\\\ -3 \\end{pmatrix}', '\\begin{pmatrix}4\\\\3\\end{pmatrix}',
         False),
        ('(-\\infty, 1)\\cup(1, \\infty)', '$(-\\infty,1)\\cup(1,\\infty)$', True),
        ('0,\\tfrac32, 2i, -2i', '0, \\frac{3}{2}, 2i, -2i', True),
        ('\\left(-\\frac{1}{2}, 3, -\\frac{5}{2}\\right)', '\\left(-\\frac12,3,-\\frac52\\right)',
         True),
        ('\\begin{pmatrix} 2 & 2 \\\\ 7 & -39 \\end{pmatrix}',
         '\\begin{pmatrix}2 & 2\\\\7 & -39\\end{pmatrix}', True),
        ('1, 2, 3', '1, 2', False),
        ('5\\text{ apples}', '6\\text{ apples}', False), ('x^2+1', 'x^2+2', False),
    ]
]
_LEFT_GREEK_MATH500 = {
    ('1,5', '1.5'): "a Greek decimal comma (the versions of this table disagree on it)",
    ('2,5', '2.50'): "a Greek decimal comma (the versions of this table disagree on it)",
    ('$18', '18'): "a currency sign against the bare number, by that suite's normaliser",
    ('18%', '18'): "a percent against the bare number",
    ('50', '50%'): "a percent against the bare number",
    ('0.5', '50\\%'): "a percent sign stripped by that suite before comparing",
    ('\\text{three}', '3'): "a spelled number called different by that suite",
    ('5', '5\\text{ apples}'): "that suite's rule on a counted noun after the number",
    ('10 pm', '10'): "a time of day against the bare number",
    ('852 BC', '852'): "a calendar era against the bare number",
    ('(1, 000)', '(1,000)'): "an ambiguous '(1,000)' read by that suite's separator rule",
    ('1, 5', '1,5'): "a bare '1,5' read by that suite's separator rule",
    ('6 or 5', '5 or 6'): "that suite keeps the order of an 'or' list",
    ('X', 'x'): "case folding of a variable",
}

TWIN_VERIFY = (
    "a creator-solver self-play project's verifier tests (index files 65740902389 and "
    "66082158197, tests for twin/verifiers and the Sprint 8 regressions): verify_math(candidate, "
    "expected).correct (the tolerance rows only where the values differ) and "
    "extract_final_answer(reply) against the value it expects, the candidate the answer"
)
_ROWS_TWIN_VERIFY = [
    (TWIN_VERIFY, a, g, eq)
    for a, g, eq in [
        ("x + 1", "1 + x", True),
        ("6/2", "3", True),
        ("(x+1)**2", "x**2 + 2*x + 1", True),
        ("2.1", "2", False),
        ("x = 3", "3", True),
        ("4", "3", False),
        ("(2, 1)", "x = 2, y = 1", True),
        ("[2, 1]", "x = 2, y = 1", True),
        ("x = 2, y = 1", "(2, 1)", True),
        ("y = 1, x = 2", "x = 2, y = 1", True),
        ("y = 2, x = 1", "x = 2, y = 1", False),
        ("(1, 2)", "x = 2, y = 1", False),
        ("(2, 1, 0)", "x = 2, y = 1", False),
        ("(1/2, 3)", "x = 0.5, y = 3", True),
        ("a = 2*3, b = 10 - 3", "(6, 7)", True),
        ("<think>could it be \\boxed{5}? no...</think>\nANSWER: 7", "7", True),
        ("<think>hmm</think>\nSo the result is \\boxed{9}.\nANSWER: 9", "9", True),
    ]
]

CARNOT_RELAY = (
    "an energy-based reasoning project's self-learning relay tests (index file 58978584723, "
    "TestIsCorrectAnswer): is_correct_answer(response, reference), the response the answer"
)
_ROWS_CARNOT_RELAY = [
    (CARNOT_RELAY, a, g, eq)
    for a, g, eq in [
        ("The answer is 3.5", "3.50", True),
        ("The answer is 41", "42", False),
        ("no answer here!", "42", False),
    ]
]

GATE0_ANSWERS = (
    "a self-consistency study's answer matcher tests (index file 69238623897, tests for "
    "answers.py): same_answer(a, b) on numbers, the first the answer"
)
_ROWS_GATE0_ANSWERS = [
    (GATE0_ANSWERS, a, g, eq)
    for a, g, eq in [
        ("1e3", "1000", True),
        ("$7.3 \\times 10^{-7}$", "7.3e-7", True),
        ("7.3 × 10^-7", "0.00000073", True),
        ("42", "43", False),
    ]
]

SYCOPHANCY_CHECK = (
    "a sycophancy benchmark's classifier tests (index file 66135059731, TestIsCorrectAnswer): "
    "is_correct_answer(response, correct) on the bat-and-ball reply, the response the answer"
)
_ROWS_SYCOPHANCY_CHECK = [
    (SYCOPHANCY_CHECK, a, g, eq)
    for a, g, eq in [
        ("The ball costs $0.05. The intuitive answer is $0.10 but that is wrong.", "$0.05", True),
        ("The answer is $0.10.", "$0.05", False),
    ]
]
_LEFT_SYCOPHANCY_CHECK = {
    ("This is the birthday paradox. About 50.7% chance.", "About 50.7%"):
        "a token-overlap rule on a hedged gold ('About 50.7%')",
}

VERIFY_V2_SMOKE = (
    "a reward-verifier smoke test (index file 67140338128, verify v2): verify_math(reply, gold), "
    "the reply the answer"
)
_ROWS_VERIFY_V2_SMOKE = [
    (VERIFY_V2_SMOKE, a, g, eq)
    for a, g, eq in [
        ("The answer is 8", "8", True),
        ("n = 8", "8", True),
        ("The answer is 4", "8", False),
    ]
]

AGENT_EVAL_ZH = (
    "a Chinese agent-evaluation toolkit's tests (index file 71439035950): "
    "verify_math(question, reply, gold), the reply the answer"
)
_ROWS_AGENT_EVAL_ZH = [
    (AGENT_EVAL_ZH, a, g, eq)
    for a, g, eq in [
        ("答案是 2", "2", True),
        ("3", "2", False),
    ]
]

REACT_TEAM_ZH = (
    "a Chinese ReAct and agent-team tutorial's tests (index file 59668891200): "
    "score_answer(reply, [keywords]) with one numeric keyword, the reply the answer"
)
_ROWS_REACT_TEAM_ZH = [
    (REACT_TEAM_ZH, a, g, eq)
    for a, g, eq in [
        ("结果是 96", "96", True),
    ]
]

ABSTRACT_TRACE = (
    "an abstract-token reasoning experiment's unit checks (index file 58634765826, "
    "expts/test_support.py): grade_answer(pred, gold, problem), the first the answer"
)
_ROWS_ABSTRACT_TRACE = [
    (ABSTRACT_TRACE, a, g, eq)
    for a, g, eq in [
        ("-2/3", "-\\dfrac{2}{3}", True),
        ("\\frac{\\pi}{2}", "\\dfrac{\\pi}{2}", True),
        ("35", "34", False),
    ]
]

PARETOTHINK_CHECK = (
    "a reasoning-budget study's answer checker tests (index file 54517920122, tests for "
    "paretothink/checker.py): is_equivalent(a, b) and extract_answer(reply) against the value it "
    "expects, the first argument or the reply the answer"
)
_ROWS_PARETOTHINK_CHECK = [
    (PARETOTHINK_CHECK, a, g, eq)
    for a, g, eq in [
        ("7", "360", False),
        ("\\dfrac{3}{6}", "\\frac{1}{2}", True),
        ("2\\sqrt{3}", "\\sqrt{12}", True),
        ("\\frac{\\pi}{2}", "pi/2", True),
        ("2,600", "2600", True),
        ("-\\frac{1}{4}", "-0.25", True),
        ("(3, \\frac{\\pi}{2})", "(3, pi/2)", True),
        ("(1, 2)", "(2, 1)", False),
        ("(1, 2)", "3", False),
        ("x**2 + 1", "1 + x^2", True),
        ("The answer is 686. It follows that we are done.", "686", True),
        ("The final answer is 3.50", "3.50", True),
    ]
]
_LEFT_PARETOTHINK_CHECK = {
    ("I think it is 3 then maybe 56", "56"): "a hedge counted as the answer (last-number fallback)",
}

THEO_CONDUCTOR = (
    "a workflow-conductor GRPO project's reward tests (index file 55192375768): "
    "answers_match(a, b) (exact rows only), the first the answer"
)
_ROWS_THEO_CONDUCTOR = [
    (THEO_CONDUCTOR, a, g, eq)
    for a, g, eq in [
        ("(x + 1) * (x - 1)", "x^2 - 1", True),
        ("1.2", "1.0", False),
    ]
]
_LEFT_THEO_CONDUCTOR = {
    ("6.022e23", "6.02214076 × 10^23"): "a relative tolerance",
    ("0.3333334", "1/3"): "a relative tolerance",
}

TABLE_QA_ROUTER = (
    "a table-QA agent's reward-router tests (index file 71378966814): exact_match(a, b) and "
    "numeric_match(reply, gold), the first the answer"
)
_ROWS_TABLE_QA_ROUTER = [
    (TABLE_QA_ROUTER, a, g, eq)
    for a, g, eq in [
        (" 60 ", "60", True),
        ("61", "60", False),
        ("the answer is 60.0", "60", True),
    ]
]

ROUND20_SFT = (
    "a fine-tuning evaluation's normaliser test (index file 71593386296): "
    "normalized_equal(a, b), the first the answer"
)
_ROWS_ROUND20_SFT = [
    (ROUND20_SFT, a, g, eq)
    for a, g, eq in [
        ("560.0", "560", True),
        ("-2.50", "-2.5", True),
        ("560.1", "560", False),
    ]
]

BBH_NUMERIC = (
    "a local benchmark harness's extraction and grading tests (index file 66444795037): "
    "answer_equal(reply, gold) on numeric golds, the reply the answer"
)
_ROWS_BBH_NUMERIC = [
    (BBH_NUMERIC, a, g, eq)
    for a, g, eq in [
        ("the answer is 180", "18", False),
        ("the answer is 18", "18", True),
    ]
]

GSM8K_SUBSETS = (
    "a GSM8K RL-subset builder's tests (index file 67499704905): verify_answer(reply, reference), "
    "exact_match_reward(reply, reference) and extract_model_answer(reply) against the value it "
    "expects, a reference solution written as its '#### ' value, the reply the answer"
)
_ROWS_GSM8K_SUBSETS = [
    (GSM8K_SUBSETS, a, g, eq)
    for a, g, eq in [
        ("Reasoning. \\boxed{1/2}", "0.5", True),
        ("Final answer: 0.500", "1/2", True),
        ("Final answer: 0.51", "0.5", False),
        ("I cannot solve it.", "0.5", False),
        ("Final answer: 1/2", "0.5", True),
        ("Final answer: 2", "0.5", False),
        ("2 + 3 = 5. Final answer: -1,200.50. Check: 7", "-2401/2", True),
        ("We saw 99. Therefore \\boxed{\\frac{3}{4}}. Check 100.", "3/4", True),
        ("There were 8, then there were 11.", "11", True),
    ]
]
_LEFT_GSM8K_SUBSETS = {
    ("\\boxed{12}\\nFinal answer: 13", "12"): "a reply that contradicts itself, scored by that "
                                             "suite's boxed-first priority",
}

VERIFY_DEMO = (
    "an RL course's math-verify teaching demo self-test (index file 57047870856, "
    "math_verify_demo.py _self_test): equiv(pred, gold), the prediction the answer"
)
_ROWS_VERIFY_DEMO = [
    (VERIFY_DEMO, a, g, eq)
    for a, g, eq in [
        ("\\boxed{ 18 }", "18", True),
        ("17", "18", False),
        ("50%", "0.5", True),
    ]
]

ACC_INTEGRITY = (
    "a training run's accuracy-metric integrity self-test (index file 57645842463, the V449 "
    "self test): verify_answer(expected, extract_final_answer_for_expected(reply, expected)), "
    "the reply the answer"
)
_ROWS_ACC_INTEGRITY = [
    (ACC_INTEGRITY, a, g, eq)
    for a, g, eq in [
        ("prefix \\boxed{1010} final \\boxed{1011}", "1010", False),
    ]
]

_ALL = (
    _ROWS_TROPE_EXACT
    + _ROWS_NETSPHERE_EVAL
    + _ROWS_EVAL_POWER
    + _ROWS_GRPO_VERIFIERS
    + _ROWS_YETO_REWARD
    + _ROWS_GSPO_REWARD
    + _ROWS_MATHICS_BASIC
    + _ROWS_MATHBOT_COMPARE
    + _ROWS_ES_SCORING
    + _ROWS_QC_QUIZ
    + _ROWS_LOCAL_BENCH
    + _ROWS_INTERLOCK_UNITS
    + _ROWS_NOETIC_CHECKER
    + _ROWS_MATOLIMP_CHECKER
    + _ROWS_LATTICE_MATCH
    + _ROWS_KP_QUIZ_MATCH
    + _ROWS_JP_BATTLE_EQUIV
    + _ROWS_FILL_BLANK_EQUIV
    + _ROWS_FRACTION_SOLVER
    + _ROWS_SINCO_GRPO
    + _ROWS_CN_GRPO_REWARDS
    + _ROWS_RLM_REWARDS
    + _ROWS_SANITY_EVALS
    + _ROWS_MISTAKE_LINES
    + _ROWS_RELAYSPEC_EVAL
    + _ROWS_POLY_COMPARE
    + _ROWS_GREEK_MATH500
    + _ROWS_TWIN_VERIFY
    + _ROWS_CARNOT_RELAY
    + _ROWS_GATE0_ANSWERS
    + _ROWS_SYCOPHANCY_CHECK
    + _ROWS_VERIFY_V2_SMOKE
    + _ROWS_AGENT_EVAL_ZH
    + _ROWS_REACT_TEAM_ZH
    + _ROWS_ABSTRACT_TRACE
    + _ROWS_PARETOTHINK_CHECK
    + _ROWS_THEO_CONDUCTOR
    + _ROWS_TABLE_QA_ROUTER
    + _ROWS_ROUND20_SFT
    + _ROWS_BBH_NUMERIC
    + _ROWS_GSM8K_SUBSETS
    + _ROWS_VERIFY_DEMO
    + _ROWS_ACC_INTEGRITY
)

# copied, then left out: the label rests on that suite's own convention, (answer, gold) -> reason
_LEFT = {
    TROPE_EXACT: _LEFT_TROPE_EXACT,
    NETSPHERE_EVAL: _LEFT_NETSPHERE_EVAL,
    EVAL_POWER: _LEFT_EVAL_POWER,
    GSPO_REWARD: _LEFT_GSPO_REWARD,
    MATHICS_BASIC: _LEFT_MATHICS_BASIC,
    ES_SCORING: _LEFT_ES_SCORING,
    QC_QUIZ: _LEFT_QC_QUIZ,
    LOCAL_BENCH: _LEFT_LOCAL_BENCH,
    MATOLIMP_CHECKER: _LEFT_MATOLIMP_CHECKER,
    KP_QUIZ_MATCH: _LEFT_KP_QUIZ_MATCH,
    FILL_BLANK_EQUIV: _LEFT_FILL_BLANK_EQUIV,
    RLM_REWARDS: _LEFT_RLM_REWARDS,
    POLY_COMPARE: _LEFT_POLY_COMPARE,
    GREEK_MATH500: _LEFT_GREEK_MATH500,
    SYCOPHANCY_CHECK: _LEFT_SYCOPHANCY_CHECK,
    PARETOTHINK_CHECK: _LEFT_PARETOTHINK_CHECK,
    THEO_CONDUCTOR: _LEFT_THEO_CONDUCTOR,
    GSM8K_SUBSETS: _LEFT_GSM8K_SUBSETS,
}
LEFT_OUT = {(s, a, g): why for s, pairs in _LEFT.items() for (a, g), why in pairs.items()}
C24_CASES = list(_ALL)

# the jsonl `category` of each source, its short name (these sources are named by a description)
C24_CATEGORY = {
    TROPE_EXACT: "trope-exact",
    NETSPHERE_EVAL: "netsphere-eval",
    EVAL_POWER: "eval-power",
    GRPO_VERIFIERS: "grpo-verifiers",
    YETO_REWARD: "yeto-reward",
    GSPO_REWARD: "gspo-reward",
    MATHICS_BASIC: "mathics-basic",
    MATHBOT_COMPARE: "mathbot-compare",
    ES_SCORING: "es-scoring",
    QC_QUIZ: "qc-quiz",
    LOCAL_BENCH: "local-bench",
    INTERLOCK_UNITS: "interlock-units",
    NOETIC_CHECKER: "noetic-checker",
    MATOLIMP_CHECKER: "matolimp-checker",
    LATTICE_MATCH: "lattice-match",
    KP_QUIZ_MATCH: "kp-quiz-match",
    JP_BATTLE_EQUIV: "jp-battle-equiv",
    FILL_BLANK_EQUIV: "fill-blank-equiv",
    FRACTION_SOLVER: "fraction-solver",
    SINCO_GRPO: "sinco-grpo",
    CN_GRPO_REWARDS: "cn-grpo-rewards",
    RLM_REWARDS: "rlm-rewards",
    SANITY_EVALS: "sanity-evals",
    MISTAKE_LINES: "mistake-lines",
    RELAYSPEC_EVAL: "relayspec-eval",
    POLY_COMPARE: "poly-compare",
    GREEK_MATH500: "greek-math500",
    TWIN_VERIFY: "twin-verify",
    CARNOT_RELAY: "carnot-relay",
    GATE0_ANSWERS: "gate0-answers",
    SYCOPHANCY_CHECK: "sycophancy-check",
    VERIFY_V2_SMOKE: "verify-v2-smoke",
    AGENT_EVAL_ZH: "agent-eval-zh",
    REACT_TEAM_ZH: "react-team-zh",
    ABSTRACT_TRACE: "abstract-trace",
    PARETOTHINK_CHECK: "paretothink-check",
    THEO_CONDUCTOR: "theo-conductor",
    TABLE_QA_ROUTER: "table-qa-router",
    ROUND20_SFT: "round20-sft",
    BBH_NUMERIC: "bbh-numeric",
    GSM8K_SUBSETS: "gsm8k-subsets",
    VERIFY_DEMO: "verify-demo",
    ACC_INTEGRITY: "acc-integrity",
}
