r"""Collection 23 of the public answer-equivalence cases: the 21st blind held-out (`heldout21`).

Written and committed (issue 43, math24) before anyone read `heldout20`'s failures or changed the
grader after its one measurement; `heldout20` is spent as tuning data only after this commit, and
`heldout21` is measured once afterwards, counts only.

Sources (none used by collections 1-22; every repository name and index-file id checked against
every provenance string in `suite_pairs_c*.py`, `build_suite_pairs.py` and the jsonl), each row
keeping the label its test asserts, named by its repository or, where the public code index records
no repository, its file id. No CAS "input equals its printed form" table this time:
- Answer checkers of RL and eval tooling: a reasoning pipeline's maths-equivalence suite (matrices
  written as `\operatorname{diag}`, column vectors against tuples, roots of unity, families of
  functions with their parameter sets, Chinese labelled results), a Japanese LLM-evaluation
  project's `\pm`, complex-number and bracket-fallback tables, an LLM-output extraction library
  (spoken fractions, `pct`, `3×10⁸`), a Japanese financial-QA benchmark (`△1,000` for -1000,
  full-width digits), a rubric scorer's negated replies ("I don't believe it's 42."), an agent
  eval's value-boundary checks ("The SLA is 24 hours." against "4 hours"), reward tests with
  replies in Chinese, Korean and Japanese, MATH-500 scorers and reasoning-book tests.
- Tutoring and courseware checkers: a maths-chatbot NLU service's replies in phrases ("that one is
  78.2", "maybe 1000"), a Dutch lesson app's formulas, a Japanese tutor's judgment suite, a
  Vietnamese quiz app, a game's typed answers (`½`, `−3`), a question generator's number lists.
- Mistake and step checkers: a Chinese misconception diagnoser (a sign error, an exponent error, a
  missing chain-rule factor), a handwriting checker's equations.
Chosen for answer surfaces the earlier collections had little of (replies with working in several
languages, negations in many forms, self-corrections, matrices and vectors, `\pm` sets, spoken and
Unicode numbers) and for non-equivalent pairs (near misses, substring traps, wrong components).

Curation, decided by reading the rows and never by running a grader on them, as for collections
21 and 22:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, an acceptable-answers list, a required form, a unit to
  convert to), parse errors and hostile inputs, word, prose and multiple-choice answers, dates, and
  roundings called equal. A suite's evaluation mode is copied only where it is plain equivalence
  (the Japanese suite's 'soft' and 'complex' modes; its 'strict' rows only where the values agree).
- Symmetric checkers put their first argument as the answer; a reward or extraction test puts the
  reply as the answer and the value it expects as the gold; a mistake classifier puts the submitted
  answer as the answer and the correct one as the gold.
- `python -m veriloop.graders.data.build_suite_pairs` drops rows that repeat a case of
  collections 1-22, the Math-Verify public set or the synthetic pairs (either direction, up to
  spaces and `$`), or an earlier row of this collection.
- `LEFT_OUT` holds rows copied and then left out because the label rests on that suite's own
  convention (a tolerance or rounding, a colon read as division, a decimal comma, case folding, a
  percent against the bare number, a multiplier unit, a hedge counted as the answer, a required
  form, a constant of integration ignored), with the reason.

Size: 456 rows copied (170 not equivalent) and 58 convention rows in `LEFT_OUT`; 341 remain after
repeats are dropped, 139 of them not equivalent (41%). They come from 31 projects; the largest are
the reasoning pipeline's suite (68 cases, 20%) and the Japanese evaluation suite (60).
"""

from __future__ import annotations

EXTRACTION_MATCH = (
    "an LLM-output extraction library's bun tests (index file 42169159275, tests for "
    "src/text/extraction): answersMatch(extracted, expected), the extracted answer the answer"
)
_ROWS_EXTRACTION_MATCH = [
    (EXTRACTION_MATCH, a, g, eq)
    for a, g, eq in [
        ("1,234", "1234", True),
        ("45", "45 degrees", True),
        ("42", "43", False),
        ("1/2", "1", False),
        ("12", "1", False),
        ("21", "1", False),
        ("123", "12", False),
        ("1/2", "0.5", True),
        ("0.5", "1/2", True),
        ("3/4", "0.75", True),
        ("1/2", "2/4", True),
        ("2/3", "4/6", True),
        ("3/9", "1/3", True),
        ("one-half", "0.5", True),
        ("one half", "0.5", True),
        ("a half", "0.5", True),
        ("two-thirds", "2/3", True),
        ("three-quarters", "0.75", True),
        ("three quarters", "3/4", True),
        ("three-fourths", "0.75", True),
        ("one-third", "1/3", True),
        ("one-fourth", "0.25", True),
        ("one-quarter", "0.25", True),
        ("two-fifths", "0.4", True),
        ("three-tenths", "0.3", True),
        ("1 1/2", "1.5", True),
        ("2 3/4", "2.75", True),
        ("75%", "0.75", True),
        ("50%", "0.5", True),
        ("25%", "0.25", True),
        ("75 percent", "0.75", True),
        ("50 percent", "0.5", True),
        ("75 pct", "0.75", True),
        ("25pct", "0.25", True),
        ("0.75", "75%", True),
        ("0.5", "50 percent", True),
        ("1,000%", "10", True),
        ("1.5e6", "1500000", True),
        ("1e3", "1000", True),
        ("2.5e-2", "0.025", True),
        ("3×10^8", "300000000", True),
        ("3x10^8", "300000000", True),
        ("3X10^8", "300000000", True),
        ("3×10⁸", "300000000", True),
        ("1×10⁻²", "0.01", True),
        ("1500000", "1.5e6", True),
        ("300000000", "3×10^8", True),
    ]
]
_LEFT_EXTRACTION_MATCH = {
    ("3.1416", "3.14159"): "a tolerance: 4-decimal rounding called equal",
    ("2/3", "0.6667"): "4-decimal rounding called equal",
    ("2/3", "0.667"): "3-decimal rounding called equal",
    ("two thirds", "0.6667"): "4-decimal rounding called equal",
    ("100%", "1"): "a percent against an integer gold, which veriloop reads as notation",
    ("42", "answer is 42"): "a containment rule: the gold is a sentence",
}

GAME_TYPED = (
    "a multiplayer maths game's typed-answer vitest (index file 70157058630, tests for "
    "src/game/answers): answersMatch(typed, correct), the typed answer the answer"
)
_ROWS_GAME_TYPED = [
    (GAME_TYPED, a, g, eq)
    for a, g, eq in [
        (" 7.0 ", "7", True),
        ("2/4", "0.5", True),
        ("½", "1/2", True),
        ("1 1/2", "1.5", True),
        ("1½", "1.5", True),
        ("−3", "-3", True),
        ("1/0", "0", False),
        ("12m", "12cm", False),
        ("6", "7", False),
    ]
]
_LEFT_GAME_TYPED = {
    ("12 CM", "12cm"): "case folding of a unit",
    ("7+0", "7"): "an expression against its value called different (the game evaluates no "
                  "arithmetic)",
    ("", "0"): "an empty entry",
}

NL_FORMULAS = (
    "a Dutch maths lesson app's answer validation vitest (index file 59616866085, tests for "
    "mathAnswerValidation): mathAnswersEqual(user, expected), mathAnswerMatches(user, value) and "
    "answersMatch(user, expected), the user's entry the answer"
)
_ROWS_NL_FORMULAS = [
    (NL_FORMULAS, a, g, eq)
    for a, g, eq in [
        ("(T-20)/5", "n=(T-20)/5", True),
        ("n=T/5-4", "n=(T-20)/5", True),
        ("T/5-4", "n=(T-20)/5", True),
        ("n=(T-20)/4", "n=(T-20)/5", False),
        ("n=(T+20)/5", "n=(T-20)/5", False),
        ("n=T/5+4", "n=(T-20)/5", False),
        ("n=5/(T-20)", "n=(T-20)/5", False),
        ("l=P/2-b", "l=(P-2b)/2", True),
        ("l=(P-2*b)/2", "l=(P-2b)/2", True),
        ("12/2", "6", True),
        ("7", "6", False),
    ]
]
_LEFT_NL_FORMULAS = {
    ("n=(T-20):5", "n=(T-20)/5"): "a colon read as division (Dutch school notation)",
    ("(T-20):5", "n=(T-20)/5"): "a colon read as division (Dutch school notation)",
    ("n = (T - 20) : 5", "n=(T-20)/5"): "a colon read as division (Dutch school notation)",
    ("(P-2b):2", "l=(P-2b)/2"): "a colon read as division (Dutch school notation)",
    ("5:6", "5/6"): "a colon read as division (Dutch school notation)",
    ("2:3", "2/3"): "a colon read as division (Dutch school notation)",
    ("N=(t-20)/5", "n=(T-20)/5"): "case folding of variable names",
    ("ℓ=(P-2b)/2", "l=(P-2b)/2"): "a script ell read as the letter l",
}

CN_MISCONCEPTION = (
    "a Chinese maths workbench's misconception diagnosis tests (index file 59869954165, tests "
    "for skills/misconception_diagnosis): diagnose(student, standard) names a slip (SIGN_ERROR, "
    "EXPONENT_ERROR, CHAIN_RULE_OMITTED) or asks for steps, the student's answer the answer, "
    "not equivalent"
)
_ROWS_CN_MISCONCEPTION = [
    (CN_MISCONCEPTION, a, g, False)
    for a, g in [
        ("-x^2", "x^2"),
        ("x^2", "x^3"),
        ("x+1", "x+2"),
        ("cos(x^2)", "2*x*cos(x^2)"),
    ]
]

CIRCUIT_EQUIV = (
    "a circuit-analysis MCP server's two-oracle equivalence tests (index file 61441079665, tests "
    "for circuit_mcp/equivalence.py): equivalent(a, b) on the SymPy expressions the test builds, "
    "written as SymPy prints them, the first the answer"
)
_ROWS_CIRCUIT_EQUIV = [
    (CIRCUIT_EQUIV, a, g, eq)
    for a, g, eq in [
        ("(a + b)**2", "a**2 + 2*a*b + b**2", True),
        ("a + b", "a - b", False),
        ("1/(C*R*s + 1)", "1/(C*R*(s + 1/(C*R)))", True),
        ("-C*R*s/(C*R*s + 1)", "C*R*s/(C*R*s + 1)", False),
    ]
]

CN_RULE_REWARD = (
    "a Chinese RL project's rule-reward unit tests (index file 60832131412, "
    "reward/test_rule_reward.py): is_equivalent(pred, gt) and RuleReward.score(text, gt).correct, "
    "the prediction or the reply the answer"
)
_ROWS_CN_RULE_REWARD = [
    (CN_RULE_REWARD, a, g, eq)
    for a, g, eq in [
        ("\\boxed{42}", "42", True),
        ("1/2", "\\frac{1}{2}", True),
        ("0.5", "\\frac{1}{2}", True),
        ("1,234", "1234", True),
        ("41", "42", False),
        ("<think>1+1=2</think><answer>2</answer>", "2", True),
        ("答案是 <answer>2</answer>，没有think标签", "2", True),
        ("<think>算错了</think><answer>3</answer>", "2", False),
        ("随便写点什么 <answer>3</answer>", "2", False),
        ("<think>直接抄题目里的数字</think><answer>100</answer>", "42", False),
        ("<think>...</think><answer>\\boxed{2}</answer>", "2", True),
    ]
]

VN_VALIDATION = (
    "a Vietnamese quiz app's validation vitest (index file 68764167190, tests for "
    "src/base/validation): mathAnswersEqual(a, b), the first the answer"
)
_ROWS_VN_VALIDATION = [
    (VN_VALIDATION, a, g, eq)
    for a, g, eq in [
        ("1/2", "0.5", True),
        ("x=2", "2", True),
        ("50%", "0.5", True),
        ("1/3", "0.5", False),
        ("2", "3", False),
    ]
]

TUTOR_EVAL = (
    "a tutoring benchmark's normaliser tests (index file 61652534471, tests for "
    "tutoreval/normalize.py): equivalent(a, b), the first the answer"
)
_ROWS_TUTOR_EVAL = [
    (TUTOR_EVAL, a, g, eq)
    for a, g, eq in [
        ("0.5", "1/2", True),
        ("50%", "0.5", True),
        ("1/2", "50%", True),
        ("2x", "2*x", True),
        ("2x", "2 * x", True),
        ("1,000", "1000", True),
        ("x^2", "x**2", True),
        ("3", "4", False),
        ("2x", "3x", False),
        ("1/2", "1/3", False),
    ]
]
_LEFT_TUTOR_EVAL = {
    ("x+x", "2x"): "a required form: equal values called different (normalisation, not "
                   "evaluation)",
}

REASONING_SCRATCH = (
    "rasbt/reasoning-from-scratch tests for chapter 3 (index file 17216962145, test_ch03.py): "
    "grade_answer(pred, gt), equality_check(pred, truth) after normalize_text, and "
    "extract_final_candidate(reply) against the expected value, the prediction the answer"
)
_ROWS_REASONING_SCRATCH = [
    (REASONING_SCRATCH, a, g, eq)
    for a, g, eq in [
        ("3/4", "\\frac{3}{4}", True),
        ("(3)/(4)", "3/4", True),
        ("\\frac{\\sqrt{8}}{2}", "sqrt(2)", True),
        ("\\( \\frac{1}{2} + \\frac{1}{6} \\)", "2/3", True),
        ("(1, 2)", "(1,2)", True),
        ("(2, 1)", "(1, 2)", False),
        ("(1, 2, 3)", "(1, 2)", False),
        ("0.5", "1/2", True),
        ("1,234/2", "617", True),
        ("\\text{2/3}", "2/3", True),
        ("2\\cdot 3/4", "3/2", True),
        ("90^\\circ", "90", True),
        ("\\left(\\frac{3}{4}\\right)", "3/4", True),
        ("(1,2,3)", "(1,2,3)", True),
        ("(1,2,3)", "(1,2)", False),
        ("13/4.", "(13)/(4)", True),
        ("14/3", "15/3", False),
        ("Earlier box \\boxed{1/3}, later \\boxed{2/3}", "2/3", True),
        ("Some steps...\nFinal Answer: 14/3", "14/3", True),
        ("In math mode: $ \\boxed{ \\dfrac{14}{3} } $", "\\dfrac{14}{3}", True),
    ]
]
_LEFT_REASONING_SCRATCH = {
    ("0.3333333333", "1/3"): "10-decimal rounding called different (veriloop compares to 6 "
                             "decimal places)",
    ("50%", "1/2"): "a percent against its fraction called different",
    ("(14/3, 2/3)", "(14/3, 4/6)"): "equal tuples called different (string comparison after "
                                    "normalising)",
}

R1_REWARD_EXAMPLES = (
    "an OpenRLHF fork's reward-function examples (index file 7806971738, "
    "test_rewards_func_exam1/exam2): (completion, solution) pairs, the first list all correct "
    "and the second labelled correct, wrong or equivalent-but-formatted in its comments; the "
    "completion the answer"
)
_ROWS_R1_REWARD_EXAMPLES = [
    (R1_REWARD_EXAMPLES, a, g, eq)
    for a, g, eq in [
        ("so that x == 1 or x == 2, thus the result is $2*\\pi*r$", "$2*\\pi*r$", True),
        ("The answer is $$\\sin(x)$$", "$$\\sin(x)$$", True),
        ("After solving, we get $1/2$", "$1/2$", True),
        ("The final result is $$(a + b)^2$$", "$(a + b)^2$", True),
        ("Therefore, $$3!$$", "$3!$", True),
        ("The point coordinates are $(1,2)$", "$(1,2)$", True),
        ((r"首先，我们知道二次方程 $2x - 3 = 0$。\n移项得到 $2x = 3$。\n"
          r"两边同时除以 2，得出 $x = \frac{3}{2}$。"), r"x = \frac{3}{2}", True),
        ((r"解方程 $2x - 3 = 0$。\n移项得到 $2x = 3$。\n"
          r"然后两边同时除以 **3**，得出 $x = \frac{3}{3} = 1$。"), r"x = \frac{3}{2}", False),
        (r"根据物理公式：$E = mc^3$。\n但实际上光速的指数应为 2，因此正确公式是 $E = mc^2$。",
         r"E = mc^2", False),
        (r"解方程 $2x - 3 = 0$。\n移项得到 $2x = 3$。\n两边同时除以 2，得出 $x = 1.5$。",
         r"x = \frac{3}{2}", True),
        (r"爱因斯坦公式 $E = c^2 m$ 适用于质量与能量的转换。", r"E = mc^2", True),
    ]
]

MULTILINGUAL_REWARD = (
    "a small GRPO project's reward tests (index file 47088821433, test for reward.py): "
    "compute_reward('1+1=?', reply, gold) is 1.0 (equivalent) or 0.0 / -1.0 (not), the reply "
    "the answer"
)
_ROWS_MULTILINGUAL_REWARD = [
    (MULTILINGUAL_REWARD, a, g, eq)
    for a, g, eq in [
        ("Mathematically, 1 + 1 = 2.", "2", True),
        ("답がわかっていますか?\n\n... 답: 2", "2", True),
        ("1+1=? ... Answer: 2", "2", True),
        ("1+1=? 3", "2", False),
        ("No number here", "2", False),
        ("1+1=?\n\nHere's how: 2", "2", True),
    ]
]

MATHTEXT_NLU = (
    "a maths-chatbot NLU service's answer-evaluation tests (index files 44325284791, "
    "44948044853, 44646032478 and 44374753742: tests for fractions, decimals, exponents and "
    "numbers): the reply type for (message, expected answer) is correct_answer or wrong_answer "
    "(replies typed 'intent' not copied), the message the answer"
)
_ROWS_MATHTEXT_NLU = [
    (MATHTEXT_NLU, a, g, eq)
    for a, g, eq in [
        ("3 / 3", "3/3", True),
        ("that's 3 / 3", "3/3", True),
        ("3/4", "3/3", False),
        ("it's 3/4", "3/3", False),
        ("2.5", "1.5", False),
        ("4 . 4", "44", False),
        ("that one is 78.2", "78.2", True),
        ("The answer is 54.4", "54.0", False),
        ("3/0", "3.0", False),
        ("0.9", "9", False),
        ("2 ^ 3", "2^3", True),
        ("1159", "11^59", False),
        ("2.3", "2^3", False),
        ("10", "15", False),
        ("maybe 1000", "2000", False),
        ("3,000", "3000", True),
        ("4000", "4,000", True),
        ("twenty", "20", True),
        ("20", "25", False),
        ("101.0", "101", True),
        ("1", "1.0", True),
        ("17", "17.0", True),
        ("1.1", "1.0", False),
        ("102.0", "101", False),
        ("1,455", "1839", False),
        ("123,496", "123496", True),
        ("123496", "123,496", True),
        ("80.005", "80,005", False),
        ("1.3", "13", False),
    ]
]
_LEFT_MATHTEXT_NLU = {
    ("2..5", "2.5"): "a typo (a doubled decimal point) read away",
    ("4 . 4", "4.4"): "spaces inside a number read away",
    ("1^5", "1^9"): "equal values (both 1) called different: the written exponent is checked",
    ("maybe 2000", "2000"): "a hedged reply counted as the answer (veriloop: a hedge never "
                            "matches)",
    ("12,3496", "123496"): "a misplaced thousands separator read away",
}

JP_JUDGMENT = (
    "a Japanese maths tutor's answer judgment test suite (index file 45582448003, "
    "AnswerJudgmentTestSuite): judgeAnswerFlexible(student, correct).verdict correct, or close / "
    "incorrect (both copied as not equivalent), the student's entry the answer"
)
_ROWS_JP_JUDGMENT = [
    (JP_JUDGMENT, a, g, eq)
    for a, g, eq in [
        ("4.79", "4.8", False),
        ("4.5", "4.8", False),
        ("10", "4.8", False),
        (" 4.8 ", "4.8", True),
        ("４．８", "4.8", True),
        ("1,000", "1000", True),
        ("1/2", "0.5", True),
        ("50%", "0.5", True),
    ]
]

JP_MATH_EVAL = (
    "a Japanese LLM-evaluation project's math_eval pytest suite (index files 48296181216, "
    "48367736913, 48236351837, 48563933624, 48172770463, 48069381493 and 48159882092: tests for "
    "\\pm expansion, complex mode, numbers and units, bracket and delimiter fallbacks, evaluation "
    "methods): parse_and_verify(prediction, gold, evaluation_method) in its 'soft' and "
    "'complex' modes ('strict' rows only where the values agree), the prediction the answer"
)
_ROWS_JP_MATH_EVAL = [
    (JP_MATH_EVAL, a, g, eq)
    for a, g, eq in [
        (r"$\pm1$", r"$\pm 1$", True),
        (r"$\pm a$", r"$    \pm  a$", True),
        (r"$\pm{x}$", r"$    \pm  x$", True),
        (r"$\pm{x}$", r"$    \mp  x$", True),
        (r"これは$\pmx$です", r"これは$\pm x$です", True),
        (r"$3 \pm 1$", r"$3 \mp 1$", True),
        (r"$3 \pm 1$", r"$2, 4$", True),
        (r"$1 \pm \sqrt{2}$", r"$1+\sqrt{2}, 1-\sqrt{2}$", True),
        (r"x = 3 \pm 1", r"3 \mp 1", True),
        (r"$x = 3 \pm 1$", r"$3 \pm 1$", True),
        (r"$a+1\pm 1$", r"$a+2, a$", True),
        (r"${1 \pm \sqrt{97}} / 12$", r"${1\pm\sqrt{97}} / 12$", True),
        (r"${1 \pm \sqrt{97}}/ 12$", r"${1\pm\sqrt{97}} / 12$", True),
        (r"${1 \pm \sqrt{97}}/12$", r"${1\pm \sqrt{97}}/12$", True),
        (r"$\frac{1 \pm \sqrt{97}}{12}$", r"$\frac{1 \mp \sqrt{97}}{12}$", True),
        (r"$1 \pm 2 \pm 3$", r"$6, 0, 2, -4$", True),
        (r"$1 \pm 2 \pm 3$", r"$1 \pm 2 \pm 3$", True),
        (r"$1 \pm 1 \pm 1 \pm 1$", r"$4, 2, 2, 0, 2, 0, 0, -2$", True),
        (r"3 \pm 1", r"3 \mp 1", True),
        (r"$x = 3 \pm 1$", r"$x = 2, 4$", True),
        (r"$x = 2, 4$", r"$x = 3 \pm 1$", True),
        (r"$x = 1, 3 \pm 4$", r"$x = -1, 1, 7$", True),
        (r"$x = 3 \pm 1$", r"$x = 1, 5$", False),
        (r"$x = 5$", r"$x = 6$", False),
        (r"$1, 3 \pm 4$", r"$\{-1, 1, 7\}$", True),
        (r"$1.2, 3 \pm 4$", r"$-1, 1.2, 7$", True),
        (r"$1, 3 \pm 4$", r"$\{-1, 1, 8\}$", False),
        (r"$1/i$", r"$-i$", True),
        (r"$e^{i\theta} + e^{-i\theta}$", r"$2\cos\theta$", True),
        (r"$e^{ix} / (\cos x + i \sin x)$", "1", True),
        (r"$e^{ix} * (\cos x - i \sin x)$", "1", True),
        (r"$e^{ix}$", r"$1/e^{-ix}$", True),
        (r"$e^{ix}$", r"$\cos x + i \sin x$", True),
        (r"$e^{i\pi/2}$", r"$i$", True),
        (r"$1 \pm 2i$", r"$1 + 2i, 1 - 2i$", True),
        (r"$1 \pm 2i$", r"$1 \mp 2i$", True),
        (r"$3 \pm 4i$", r"$3 + 4i, 3 - 4i$", True),
        (r"$\pm i$", r"$i, -i$", True),
        (r"$\pm 3i$", r"$3i, -3i$", True),
        (r"$1 \pm 2i$", r"$1 + 3i, 1 - 3i$", False),
        (r"$1 \pm 2i$", r"$2 + 2i, 2 - 2i$", False),
        (r"$\frac{\pi}{4}$", r"\[\frac{\pi}{4}\]", True),
        (r"$x = -3, 1 - 2i, 1 + 2i$", r"\[x = - 3,1 \pm 2i\]", True),
        (r"$\{-3, 1 \pm 2i\}$", r"\[x = - 3,1 \pm 2i\]", True),
        (r"$2 e^{\frac{5 i \pi}{6}}$",
         r"$2\left( \cos\frac{5}{6}\pi + i\sin\frac{5}{6}\pi \right)$", True),
        (r"$i^2$", r"$-1$", True),
        ("100", "1000", False),
        ("-100", "100", False),
        (".5", "0.5", True),
        ("2.71", "2.72", False),
        (".5", "0.6", False),
        ("-0,5", "-0.7", False),
        ("-2.71", "-2.70", False),
        ("10.0", "11", False),
        ("20,500", "2,500", False),
        ("5 kg", "5 kilograms", True),
        ("3 m", "3 meters", True),
        ("$100", "100 dollars", True),
        ("10 kg", "12 kilograms", False),
        ("5 m", "6 meters", False),
        (r"$\left[-3 - \sqrt{6},\ -3 + \sqrt{6}\right]$", r"\[-3 \pm \sqrt{6}\]", True),
        (r"$\left(-3 - \sqrt{6},\ -3 + \sqrt{6}\right)$", r"\[-3 \pm \sqrt{6}\]", True),
        (r"$\left\{-3 - \sqrt{6},\ -3 + \sqrt{6}\right\}$", r"\[-3 \pm \sqrt{6}\]", True),
        (r"$[2, 4]$", r"$\{2, 4\}$", True),
        (r"$(2, 4)$", r"$\{2, 4\}$", True),
        (r"$\left[-3 - \sqrt{6},\ -3 + \sqrt{5}\right]$", r"\[-3 \pm \sqrt{6}\]", False),
        (r"\sqrt{2}", r"$\sqrt{2}$", True),
        (r"2x+1", r"$2x+1$", True),
        (r"x^2 + 3x - 5", r"$x^2 + 3x - 5$", True),
        (r"\boxed{42}", r"$42$", True),
        (r"\sqrt{3}", r"$\sqrt{2}$", False),
        (r"2x+1", r"$3x+1$", False),
        (r"$1 + 2x + x^2$", r"$x^2+2x+1$", True),
        (r"$6/2$", r"$3/1$", True),
        (r"$x+1$", r"$1+x$", True),
    ]
]
_LEFT_JP_MATH_EVAL = {
    ("1 m", "100 cm"): "equal lengths called different (that checker converts no units)",
    (r"$(x+1)^2$", r"$x^2+2x+1$"): "'strict' mode: a required form",
    (r"$\sqrt{2}^2$", r"$2$"): "'strict' mode: a required form",
    (r"$5a-8a$", r"$-3a$"): "'strict' mode: a required form",
    (r"$1+2$", r"$3$"): "'strict' mode: a required form",
    (r"$2\sqrt{2}$", r"$2^{3/2}$"): "'strict' mode: equal values called different",
    (r"$x^2$", r"$x * x$"): "'strict' mode: a required form",
}

JFINQA = (
    "a Japanese financial-QA benchmark's golden scoring tests (index file 52867170625, tests "
    "pinning lm_eval_tasks/utils.py to jfinqa._metrics): numerical_match(pred, gold), "
    "exact_match(pred, gold) and process_results on a raw reply, the prediction or the reply the "
    "answer"
)
_ROWS_JFINQA = [
    (JFINQA, a, g, eq)
    for a, g, eq in [
        ("42.5%", "42.50%", True),
        ("△1,000", "-1000", True),
        ("100.0", "102.0", False),
        ("100.0", "110.0", False),
        ("0", "0.001", False),
        ("0%", "0", True),
        (" 42.5% ", "42.5%", True),
        ("\uff11\uff12\uff13", "123", True),
        ("42.5%", "42.6%", False),
        ("100", "200", False),
        ("Answer: 10.5", "10.5", True),
        ("回答: 10.5", "10.5", True),
        ("回答\uff1a10.5", "10.5", True),
        ("Reasoning...\nAnswer: 42", "42", True),
        ("Answer: 100.0", "110.0", False),
        ("Answer: △1,000", "-1000", True),
    ]
]
_LEFT_JFINQA = {
    ("100.0", "100.5"): "a 1% relative tolerance",
    ("Answer: 100.0", "100.5"): "a 1% relative tolerance",
    ("24956百万円", "24956"): "a multiplier unit (million yen) against the bare number",
    ("Answer: 24956百万円", "24956"): "a multiplier unit (million yen) against the bare number",
    ("150bps", "150"): "basis points against the bare number",
}

MATH500_SCORER = (
    "an inference-optimisation project's MATH-500 scorer tests (index file 54991361534, tests "
    "for utils.score_math): score_math(pred, gold), the prediction the answer"
)
_ROWS_MATH500_SCORER = [
    (MATH500_SCORER, a, g, eq)
    for a, g, eq in [
        (r"answer is \boxed{\frac{1}{2}}.", r"\frac{1}{2}", True),
        (r"\boxed{0.5}", r"\frac{1}{2}", True),
        (r"\boxed{1/2}", r"\frac{1}{2}", True),
        (r"\boxed{16}", "16", True),
        (r"\boxed{\sqrt{2}}", r"\sqrt{2}", True),
        (r"\boxed{\frac{\pi}{4}}", r"\frac{\pi}{4}", True),
        (r"nested \boxed{\frac{1}{2}} stuff", "0.5", True),
        (r"\boxed{(1,2)}", "(1, 2)", True),
        (r"\boxed{2}", r"\sqrt{2}", False),
        (r"\boxed{17}", "16", False),
    ]
]

ACTIVATION_SCORING = (
    "an agent-evaluation campaign's scoring tests (index file 68787161118, tests for "
    "activation.dataset.scoring): math_verify_match(pred, [gold]) and a MATH_VERIFY task's "
    "score({'answer': ...}), the prediction the answer"
)
_ROWS_ACTIVATION_SCORING = [
    (ACTIVATION_SCORING, a, g, eq)
    for a, g, eq in [
        ("42.0", "42", True),
        ("\\frac{1}{2}", "1/2", True),
        ("0.5", "\\frac{1}{2}", True),
        ("$\\sqrt{2}$", "\\sqrt{2}", True),
        ("x^2 + 1", "x^{2}+1", True),
        ("43", "42", False),
        ("[0, 1]", "[0,1]", True),
        ("3/4", "\\frac{3}{4}", True),
        ("0.7", "\\frac{3}{4}", False),
    ]
]

ANSWER_CHECK_EQUATIONS = (
    "a handwriting maths checker's semantic answer tests (index file 56545388684, tests for "
    "AnswerCheck/checker.py): check_equivalence(a, b).equivalent, the first the answer"
)
_ROWS_ANSWER_CHECK_EQUATIONS = [
    (ANSWER_CHECK_EQUATIONS, a, g, eq)
    for a, g, eq in [
        ("x=2", "2=x", True),
        ("x=2", "2x=4", True),
        ("x=2", "x=3", False),
        ("x+y", "y+x", True),
        (r"\frac{x}{2}=1", "x=2", True),
    ]
]

PIPETTE_MATH500 = (
    "an eval-scores package's MATH-500 scoring tests (index file 57746977693, tests for "
    "pipette_scores.scoring.math_500): score([completion], [sample])[0].is_correct, the "
    "completion the answer"
)
_ROWS_PIPETTE_MATH500 = [
    (PIPETTE_MATH500, a, g, eq)
    for a, g, eq in [
        ("The answer is \\boxed{42}", "42", True),
        ("\\boxed{7}", "42", False),
        ("<think>\\boxed{7}</think> So the answer is \\boxed{42}", "42", True),
        ("no boxed answer at all", "42", False),
    ]
]

STUDY_MATH_EVAL = (
    "a study app's deterministic answer evaluation vitest (index files 69040064557 and "
    "70830590504, tests for infrastructure/math/expressionEvaluator and "
    "answerEvaluationService): compareMath(user, expected).equivalent true / false (null, "
    "'cannot verify', not copied) and evaluateDeterministic(question, user).isCorrect, the "
    "user's entry the answer"
)
_ROWS_STUDY_MATH_EVAL = [
    (STUDY_MATH_EVAL, a, g, eq)
    for a, g, eq in [
        ("0.5x²", "x^2 / 2", True),
        ("(x+1)^2", "x^2 + 2x + 1", True),
        ("x^3", "x^2", False),
        ("x + 1", "x - 1", False),
        ("the answer is obvious", "x^2", False),
        ("x^2/2", "x^3/3 + C", False),
        ("pi*x^(2)", "π x²", True),
    ]
]
_LEFT_STUDY_MATH_EVAL = {
    ("x^3/3 + C", "x^3/3"): "a constant of integration ignored",
    ("x^3/3", "x^3/3 + C"): "a constant of integration ignored",
    ("(x)/(2) + C", "x/2"): "a constant of integration ignored",
}

TUTOR_LAB_MATH = (
    "a learning lab's evaluator vitest (index file 57162805922, tests for "
    "src/lib/evaluators/math): compareMath(a, b), the first the answer"
)
_ROWS_TUTOR_LAB_MATH = [
    (TUTOR_LAB_MATH, a, g, eq)
    for a, g, eq in [
        ("y = m*x + b", "y = b + m*x", True),
        ("x^2 + 2x + 1", "(x + 1)^2", True),
        ("sin(x)^2 + cos(x)^2", "1", True),
        ("x + 1", "x + 2", False),
        ("x^2", "x^3", False),
    ]
]

RUBRIC_NEGATION = (
    "a rubric scorer's tests (index file 57395225400, tests for scoring.py): "
    "contains_answer(reply, task with expected_answer '42') after its negation guard, the reply "
    "the answer"
)
_ROWS_RUBRIC_NEGATION = [
    (RUBRIC_NEGATION, a, "42", eq)
    for a, eq in [
        ("The answer is 42.", True),
        ("The answer is 43.", False),
        ("The answer is not 42.", False),
        ("This is never 42.", False),
        ("He doesn't think the answer is 42.", False),
        ("I don't believe it's 42.", False),
        ("She didn't say it was 42.", False),
        ("It won't be 42.", False),
        ("It wouldn't be 42.", False),
        ("It shouldn't be 42.", False),
        ("It hasn't been 42.", False),
        ("They haven't said 42.", False),
        ("It's wrong to say 42.", False),
        ("It's incorrect that the answer is 42.", False),
    ]
]
_LEFT_RUBRIC_NEGATION = {
    ("That's false; the answer is 42.", "42"): "a negation word in one clause read as negating "
                                                "the answer stated in the next",
}

REASONING_EQUIV = (
    "a reasoning pipeline's maths-equivalence tests (index files 62277001325 and 62081193774, "
    "tests for reasoning/math_equivalence.py): equivalent_answers(left, right), asserted both "
    "ways round for the parametrised pairs (left read as the answer); prose answers (convergence "
    "arguments, method names) not copied"
)
_ROWS_REASONING_EQUIV = [
    (REASONING_EQUIV, a, g, eq)
    for a, g, eq in [
        (r"\dfrac{8}{5}", r"\frac85", True),
        (r"\tfrac{-4}{6}", "-2/3", True),
        (r"5\sqrt[5]{4}", r"5\cdot2^{2/5}", True),
        (r"\lVert T^n\rVert=\frac1{n!}", r"\frac{1}{n!}", True),
        (r"\operatorname{diag}(2,2,12)", r"\begin{pmatrix}2&0&0\\0&2&0\\0&0&12\end{pmatrix}", True),
        (r"(11/10,1/2)^{\mathsf T}", r"\begin{pmatrix}1.1\\0.5\end{pmatrix}", True),
        ("5/2", "2.5", True),
        ("(x,y)=(2,3)，最优值为12", "最优解 (2,3), 最优值 12", True),
        (r"(x,y)=(2,3)，最优值为12", r"x=2,y=3,\max=12", True),
        (r"\frac23H_2(1/4)+\frac13", r"\frac53-\frac12\log_2 3", True),
        (r"\frac23H_2(1/4)+\frac13", r"\frac{2}{3}H_2\!\left(\frac{1}{4}\right)+\frac{1}{3}", True),
        (r"f(x)=\cos(ax)\ (a\in\mathbb R),\ \text{or }f(x)=\cosh(bx)\ (b\in\mathbb R)",
         r"f(x)=\cos(tx)\text{ or }f(x)=\cosh(tx),\ t\in\mathbb R", True),
        (r"\{0\}\cup\{x^n:n\in\mathbb Z_{\ge0}\}",
         r"P(x)=0\text{ or }P(x)=x^m\text{ for some non-negative integer }m", True),
        (r"f(x)=x^2+cx+d\quad(c,d\in\mathbb R)", r"f(x)=x^2+ax+b\text{ for some }a,b\in\mathbb R",
         True),
        (r"f(x)=x^2+cx+d\quad(c,d\in\mathbb R)", r"f(x)=x^2+ax+b\text{ for }a,b\in\mathbb R", True),
        (r"\{0,1,e^{i\pi/3},e^{i2\pi/3},-1,e^{i4\pi/3},e^{i5\pi/3}\}",
         r"\{0\}\cup\{e^{k\pi i/3}:k=0,1,2,3,4,5\}", True),
        (r"z=0,1,e^{i\pi/3},e^{i2\pi/3},-1,e^{i4\pi/3},e^{i5\pi/3}",
         r"0,1,e^{i\frac{\pi}{3}},e^{i\frac{2\pi}{3}},-1,e^{i\frac{4\pi}{3}},e^{i\frac{5\pi}{3}}",
         True),
        (r"\boxed{$\begin{pmatrix}11/10\\1/2\end{pmatrix}$.}", r"(11/10,1/2)^{\mathsf T}", True),
        (r"P(x)=0\text{ or }P(x)=x^n\text{ for some }n\in\mathbb N_0",
         r"\{0\}\cup\{x^m:m\in\mathbb Z_{\ge0}\}", True),
        (r"\left\{\left(n^2+3n+2,\ n^3+4n^2+3n-1\right):n\in\mathbb Z_{\ge 1}\right\}",
         "$(n^2 +3n+2, n^3 + 4n^2 + 3n -1)$\nfor $n \\ge 1$", True),
        (r"\dfrac23", r"\frac34", False),
        (r"\sqrt[5]{4}", r"2^{1/2}", False),
        (r"\lVert T^n\rVert=1/n!", r"\lVert S^n\rVert=1/n!", False),
        (r"\operatorname{diag}(2,2,12)", r"\begin{pmatrix}2&1&0\\0&2&0\\0&0&12\end{pmatrix}", False),
        (r"(11/10,1/2)^{\mathsf T}", r"\begin{pmatrix}0.5\\1.1\end{pmatrix}", False),
        (r"(11/10,1/2)^{\mathsf T}", r"\begin{pmatrix}1.1&0.5\end{pmatrix}", False),
        ("2.5", "2.5001", False),
        (r"\text{近似值 }2.5,\ \text{精确值 }\frac{8}{3}", r"近似值5/2，精确值3", False),
        (r"\{(n^2+3n+2,n^3+4n^2+3n-1):n\in\mathbb Z_{\ge1}\}",
         r"(n^2+3n+2,n^3+4n^2+3n-2)\text{ for }n\ge1", False),
        (r"\{(n^2+3n+2,n^3+4n^2+3n-1):n\in\mathbb Z_{\ge1}\}",
         r"(n^2+3n+2,n^3+4n^2+3n-1)\text{ for }n\ge0", False),
        (r"\{(n^2+3n+2,n^3+4n^2+3n-1):n\in\mathbb Z_{\ge1}\}", r"(n^2+3n+2,n^3+4n^2+3n-1)",
         False),
        (r"[18/16.919,18/3.325]\approx[1.064,5.414]", "(1.062,5.414)", False),
        (r"[0,1]\approx[0,1]", "(1,0)", False),
        ("[0,1]", "(0,1)", False),
        (r"置信区间约为[1.064,5.414]", r"confidence interval \approx(1.064,5.414)", False),
        ("(x,y)=(2,3)，最优值为12", "最优解 (2,3), 最优值 13", False),
        ("(x,y)=(2,3)，最优值为12", "最优解 (3,2), 最优值 12", False),
        ("(x,y)=(2,3)，最优值为12", "最优值 12", False),
        (r"(x,y)=(2,3)，最优值为12", r"x=2,y=4,\max=12", False),
        (r"\frac23H_2(1/3)+\frac13", r"\frac53-\frac12\log_2 3", False),
        (r"\frac23H_2(1/4)+\frac13", r"\frac53-\frac13\log_2 3", False),
        (r"f(x)=\cos(ax),a\in\mathbb R\text{ or }f(x)=\cosh(bx),b\in\mathbb R",
         r"f(x)=\cos(tx),t\in\mathbb R", False),
        (r"f(x)=\cos(ax),a\in\mathbb R\text{ or }f(x)=\cosh(bx),b\in\mathbb R",
         r"f(x)=\cos(nx),n\in\mathbb Z\text{ or }f(x)=\cosh(nx),n\in\mathbb Z", False),
        (r"f(x)=\cos(ax),a\in\mathbb R\text{ or }f(x)=\cosh(bx),b\in\mathbb R",
         r"f(x)=\cos(tx)+1,t\in\mathbb R\text{ or }f(x)=\cosh(tx),t\in\mathbb R", False),
        (r"\{0\}\cup\{x^n:n\in\mathbb Z_{\ge0}\}",
         r"P(x)=x^m\text{ for some non-negative integer }m", False),
        (r"\{0\}\cup\{x^n:n\in\mathbb Z_{\ge0}\}",
         r"P(x)=0\text{ or }P(x)=x^m\text{ for an integer }m\ge1", False),
        (r"f(x)=x^2+cx+d\quad(c,d\in\mathbb R)", r"f(x)=x^2+ax+a\quad(a\in\mathbb R)", False),
        (r"f(x)=x^2+cx+d\quad(c,d\in\mathbb R)", r"f(x)=2x^2+ax+b\quad(a,b\in\mathbb R)", False),
        (r"\{0,1,e^{i\pi/3},e^{i2\pi/3},-1,e^{i4\pi/3},e^{i5\pi/3}\}",
         r"\{0\}\cup\{e^{k\pi i/3}:k=0,1,2,3,4\}", False),
        (r"\{0,1,e^{i\pi/3},e^{i2\pi/3},-1,e^{i4\pi/3},e^{i5\pi/3},2\}",
         r"\{0\}\cup\{e^{k\pi i/3}:k=0,1,2,3,4,5\}", False),
        (r"\{0,2\}\cup\{e^{k\pi i/3}:k=0,1,2,3,4,5\}", r"\{0\}\cup\{e^{k\pi i/3}:k=0,1,2,3,4,5\}",
         False),
        (r"\tfrac{3}{4}", "0.75", True),
        (r"x=\tfrac34", "x=0.75", True),
        ("1/8", "0.125", True),
        (r"x=\frac{1}{2}", "0.5", True),
        (r"x=\frac{1}{2}", "x=0.5001", False),
        (r"\sqrt[3]{2}", r"2^{1/3}", True),
        (r"\sqrt[4]{16}", "2", True),
        (r"\sqrt[n]{x}", r"x^{1/n}", True),
        (r"\sqrt[3]{2}", r"2^{1/2}", False),
        (r"\sqrt[3]{8}", "3", False),
        (r"\mathrm{diag}(\tfrac12,3)", r"\begin{bmatrix}0.5&0\\0&3\end{bmatrix}", True),
        (r"\operatorname{diag}(2,2,12)", r"\begin{pmatrix}2&0&0\\0&2&0\\0&0&13\end{pmatrix}", False),
        (r"\operatorname{diag}(2,2,12)", r"\begin{pmatrix}2&0&0\\0&12&0\\0&0&2\end{pmatrix}", False),
        (r"(\frac12,0.25,3)", r"\begin{pmatrix}0.5\\\frac14\\3\end{pmatrix}", True),
        (r"(\frac12,0.25,3)", r"\begin{pmatrix}0.5\\\frac13\\3\end{pmatrix}", False),
        (r"(\frac12,0.25,3)", r"\begin{pmatrix}0.5&\frac14&3\end{pmatrix}", False),
        ("[1,2]", "(1,2)", False),
        ("[1,2]", "[1,3]", False),
        ("(1,2)", "(1,3)", False),
        (r"[K:\mathbb Q]=16", "16", True),
        (r"A=\operatorname{diag}(2,2,12)", r"\begin{pmatrix}2&0&0\\0&2&0\\0&0&12\end{pmatrix}", True),
        ("x=1", "y=1", False),
        ("x=1", "2", False),
        (r"x=\sqrt[3]{2}; y=\tfrac34", r"y=0.75; x=2^{1/3}", True),
        (r"x=\sqrt[3]{2}; y=\tfrac34", r"y=0.75; x=2^{1/2}", False),
    ]
]
_LEFT_REASONING_EQUIV = {
    (r"\text{近似值 }2.5,\ \text{精确值 }\frac{8}{3},\ \text{误差 }\frac{1}{6}",
     r"近似值5/2，精确值8/3"): "an answer with an extra field (the error) accepted",
    (r"[18/16.919,18/3.325]\approx[1.064,5.414]", "(1.0639,5.4135)"):
        "4-decimal rounding and a bracket change called equal",
    ("1/3", "0.333333"): "6-decimal rounding called different (veriloop compares to 6 decimal "
                         "places)",
}

CN_COMPARATIVE_EVAL = (
    "a Chinese STEM tutor's comparative-evaluation CLI tests (index file 62789892781, tests for "
    "scripts/run_comparative_eval.py): is_answer_correct(reply, {'answer': ...}) for numeric, "
    "fraction and unit-alias answers (text synonyms not copied), the reply the answer"
)
_ROWS_CN_COMPARATIVE_EVAL = [
    (CN_COMPARATIVE_EVAL, a, g, eq)
    for a, g, eq in [
        ("斜边长为5。根据勾股定理...", "5", True),
        ("答案是6。", "5", False),
        (r"答案是 \(\frac{1}{2}\)。", "1/2", True),
        ("答案是0.5。", "1/2", True),
        ("该用电器的电功率为1100瓦。", "1100W", True),
        ("消耗电能为1千瓦时。", "1kWh", True),
        ("加速度为2 m/s²。", "2m/s²", True),
    ]
]

QGEN_NUMBERS = (
    "a teacher's question-generator tests (index file 70214749444, tests for app/qgen/qtypes.py): "
    "numbers_match(typed, answer) with its default precision, the typed answer the answer"
)
_ROWS_QGEN_NUMBERS = [
    (QGEN_NUMBERS, a, g, eq)
    for a, g, eq in [
        ("5, 3", "3, 5", True),
        ("3, 9", "3, 5", False),
        ("0, 7", "0, 5", False),
        ("3/4", "0.75", True),
        ("1 1/2", "1.5", True),
        ("3/4", "3, 4", False),
        ("0.001", "0.00100", True),
        ("12.02", "12", False),
    ]
]
_LEFT_QGEN_NUMBERS = {
    ("12.004", "12"): "a tolerance (0.005 absolute) called equal",
    ("-2/3", "-0.6667"): "4-decimal rounding called equal",
    ("1/3, 1/2", "0.5, 0.3333"): "4-decimal rounding called equal",
}

GSM_EXACT_REWARD = (
    "a GRPO study's exact-answer reward tests (index file 62077859686, tests for src/reward.py): "
    "extract_pred_answer(reply) against the value the test expects, answers_match(pred, gold) "
    "and exact_answer_reward(completions, answer), the reply or the prediction the answer"
)
_ROWS_GSM_EXACT_REWARD = [
    (GSM_EXACT_REWARD, a, g, eq)
    for a, g, eq in [
        ("3 + 4 = 7. The answer is 7.", "7", True),
        ("so #### 42 is my answer, see page 3", "42", True),
        ("first #### 41; correction #### 42", "42", True),
        ("The total cost is $1,250.50", "1250.5", True),
        ("The answer is 12.", "12", True),
        ("= 0.5 in the end", "0.5", True),
        ("7.0", "8.0", False),
        ("10000.5", "10000.0", False),
        ("the answer is 9", "8", False),
    ]
]
_LEFT_GSM_EXACT_REWARD = {
    ("I think #### 7", "7"): "a hedged reply counted as the answer (veriloop: a hedge never matches)",
}

PEAR_VERIFIERS = (
    "a multimodal RL project's answer verifier tests (index file 56513309520, tests for "
    "pear.verifiers): verify_numeric(pred, gold) (multiple-choice and text verifiers not "
    "copied), the prediction the answer"
)
_ROWS_PEAR_VERIFIERS = [
    (PEAR_VERIFIERS, a, g, eq)
    for a, g, eq in [
        ("42.0", "42", True),
        ("100,000", "100000", True),
        ("123", "200", False),
        ("no number", "5", False),
        ("0.5", "0", False),
        ("first 10, then 42", "42", True),
    ]
]
_LEFT_PEAR_VERIFIERS = {
    ("about 41.9", "42"): "a 5% relative tolerance",
    ("0.01", "0"): "an absolute tolerance near zero",
    ("50%", "50"): "a percent against the bare number",
}

AGEVAL_NUMERIC = (
    "an agent-evaluation framework's scorer tests (index file 60672830891, numeric scorer "
    "section): get_scorer('numeric') with its default tolerance on a reply against the expected "
    "number, the reply the answer"
)
_ROWS_AGEVAL_NUMERIC = [
    (AGEVAL_NUMERIC, a, g, eq)
    for a, g, eq in [
        ("first 7 then 42", "42", True),
        ("value -1,234.5 here", "-1234.5", True),
        ("result 2.5e3", "2500", True),
        ("no numbers here", "5", False),
        ("value is 7.0", "7", True),
    ]
]

TESSERA_PROBES = (
    "an enterprise-agent eval's deterministic scoring tests (index file 60798139830, tests for "
    "tessera/evals/scoring.py): match_answer(reply, expected) with its value boundaries, and "
    "extract_final_answer(reply) against the committed value (dates not copied), the reply the "
    "answer"
)
_ROWS_TESSERA_PROBES = [
    (TESSERA_PROBES, a, g, eq)
    for a, g, eq in [
        ("The SLA is 4 hours.", "4 hours", True),
        ("THE SLA IS 4 HOURS.", "4 hours", True),
        ("The SLA is 24 hours.", "4 hours", False),
        ("The discount is 115%.", "15%", False),
        ("The rate is 8.15%.", "15%", False),
        ("Maximum discount: 15%.", "15%", True),
        ("ANSWER: 10%\nwait — the contract wins.\nANSWER: 15%", "15%", True),
        ("answer:   4 hours  ", "4 hours", True),
    ]
]

ARENA_NUMERIC = (
    "an agent arena's scorer tests (index file 70279658306, tests for arena_evals/scorers.py): "
    "match_answer(answer, reference, 'numeric') outside its 0.5% tolerance band, the answer the "
    "answer"
)
_ROWS_ARENA_NUMERIC = [
    (ARENA_NUMERIC, a, g, eq)
    for a, g, eq in [
        ("$4,475", "4,475 USD", True),
        ("4475.00 USD per month", "4475 USD", True),
        ("4,500 USD", "4475 USD", False),
        ("about twenty", "20", False),
        ("-3 degrees", "-3", True),
    ]
]
_LEFT_ARENA_NUMERIC = {
    ("4,497 USD", "4475 USD"): "a 0.5% relative tolerance",
    ("0.004", "0"): "an absolute tolerance floor of 0.01",
}

QUIZ_MATCHER = (
    "a quiz backend's matcher unit tests (index file 70756091607, tests for app/core/matcher.py): "
    "match_answer(typed, [accepted]) on numbers (text, fuzzy and Roman-numeral rows not copied), "
    "the typed answer the answer"
)
_ROWS_QUIZ_MATCHER = [
    (QUIZ_MATCHER, a, g, eq)
    for a, g, eq in [
        ("1,000,000", "1000000", True),
        ("1 000 000", "1000000", True),
        ("1000001", "1000000", False),
        ("１２３", "123", True),
        ("1000", "1,000", True),
        ("1.51", "1.5", False),
    ]
]
_LEFT_QUIZ_MATCHER = {
    ("3.14", "3,14"): "a decimal comma",
    ("1.000", "1000"): "a point read as a thousands separator",
    ("1,5", "1.5"): "a decimal comma",
    ("1.50", "1,5"): "a decimal comma",
}

PPG_NORMALIZER = (
    "a runtime guard's feature tests (index file 56136377501, tests for ppg/core/features.py): "
    "default_normalizer(reply) against the value the test expects, the reply the answer"
)
_ROWS_PPG_NORMALIZER = [
    (PPG_NORMALIZER, a, g, True)
    for a, g in [
        ("The answer is 42.", "42"),
        ("Result: -7", "-7"),
        ("3.14 is pi", "3.14"),
        ("Step 1 gives 3, step 2 gives 7.", "7"),
    ]
]

JP_KNOWLEDGE_QA = (
    "a Japanese knowledge-base assistant's evaluation tests (index file 71053105273, tests for "
    "knowledge_ai.evaluation): contains_answer(reply, item with answer '１０日'), the reply the "
    "answer"
)
_ROWS_JP_KNOWLEDGE_QA = [
    (JP_KNOWLEDGE_QA, a, "１０日", eq)
    for a, eq in [
        ("有給は10日です", True),
        ("有給は11日です", False),
    ]
]

_ALL = (
    _ROWS_EXTRACTION_MATCH
    + _ROWS_GAME_TYPED
    + _ROWS_NL_FORMULAS
    + _ROWS_CN_MISCONCEPTION
    + _ROWS_CIRCUIT_EQUIV
    + _ROWS_CN_RULE_REWARD
    + _ROWS_VN_VALIDATION
    + _ROWS_TUTOR_EVAL
    + _ROWS_REASONING_SCRATCH
    + _ROWS_R1_REWARD_EXAMPLES
    + _ROWS_MULTILINGUAL_REWARD
    + _ROWS_MATHTEXT_NLU
    + _ROWS_JP_JUDGMENT
    + _ROWS_JP_MATH_EVAL
    + _ROWS_JFINQA
    + _ROWS_MATH500_SCORER
    + _ROWS_ACTIVATION_SCORING
    + _ROWS_ANSWER_CHECK_EQUATIONS
    + _ROWS_PIPETTE_MATH500
    + _ROWS_STUDY_MATH_EVAL
    + _ROWS_TUTOR_LAB_MATH
    + _ROWS_RUBRIC_NEGATION
    + _ROWS_REASONING_EQUIV
    + _ROWS_CN_COMPARATIVE_EVAL
    + _ROWS_QGEN_NUMBERS
    + _ROWS_GSM_EXACT_REWARD
    + _ROWS_PEAR_VERIFIERS
    + _ROWS_AGEVAL_NUMERIC
    + _ROWS_TESSERA_PROBES
    + _ROWS_ARENA_NUMERIC
    + _ROWS_QUIZ_MATCHER
    + _ROWS_PPG_NORMALIZER
    + _ROWS_JP_KNOWLEDGE_QA
)

# copied, then left out: the label rests on that suite's own convention, (answer, gold) -> reason
_LEFT = {
    EXTRACTION_MATCH: _LEFT_EXTRACTION_MATCH,
    GAME_TYPED: _LEFT_GAME_TYPED,
    NL_FORMULAS: _LEFT_NL_FORMULAS,
    TUTOR_EVAL: _LEFT_TUTOR_EVAL,
    REASONING_SCRATCH: _LEFT_REASONING_SCRATCH,
    MATHTEXT_NLU: _LEFT_MATHTEXT_NLU,
    JP_MATH_EVAL: _LEFT_JP_MATH_EVAL,
    JFINQA: _LEFT_JFINQA,
    STUDY_MATH_EVAL: _LEFT_STUDY_MATH_EVAL,
    RUBRIC_NEGATION: _LEFT_RUBRIC_NEGATION,
    REASONING_EQUIV: _LEFT_REASONING_EQUIV,
    QGEN_NUMBERS: _LEFT_QGEN_NUMBERS,
    GSM_EXACT_REWARD: _LEFT_GSM_EXACT_REWARD,
    PEAR_VERIFIERS: _LEFT_PEAR_VERIFIERS,
    ARENA_NUMERIC: _LEFT_ARENA_NUMERIC,
    QUIZ_MATCHER: _LEFT_QUIZ_MATCHER,
}
LEFT_OUT = {(s, a, g): why for s, pairs in _LEFT.items() for (a, g), why in pairs.items()}
C23_CASES = list(_ALL)

# the jsonl `category` of each source, its short name (these sources are named by a description)
C23_CATEGORY = {
    EXTRACTION_MATCH: "extraction-match",
    GAME_TYPED: "game-typed",
    NL_FORMULAS: "nl-formulas",
    CN_MISCONCEPTION: "cn-misconception",
    CIRCUIT_EQUIV: "circuit-equiv",
    CN_RULE_REWARD: "cn-rule-reward",
    VN_VALIDATION: "vn-validation",
    TUTOR_EVAL: "tutor-eval",
    REASONING_SCRATCH: "reasoning-scratch",
    R1_REWARD_EXAMPLES: "r1-reward-examples",
    MULTILINGUAL_REWARD: "multilingual-reward",
    MATHTEXT_NLU: "mathtext-nlu",
    JP_JUDGMENT: "jp-judgment",
    JP_MATH_EVAL: "jp-math-eval",
    JFINQA: "jfinqa",
    MATH500_SCORER: "math500-scorer",
    ACTIVATION_SCORING: "activation-scoring",
    ANSWER_CHECK_EQUATIONS: "answer-check-equations",
    PIPETTE_MATH500: "pipette-math500",
    STUDY_MATH_EVAL: "study-math-eval",
    TUTOR_LAB_MATH: "tutor-lab-math",
    RUBRIC_NEGATION: "rubric-negation",
    REASONING_EQUIV: "reasoning-equiv",
    CN_COMPARATIVE_EVAL: "cn-comparative-eval",
    QGEN_NUMBERS: "qgen-numbers",
    GSM_EXACT_REWARD: "gsm-exact-reward",
    PEAR_VERIFIERS: "pear-verifiers",
    AGEVAL_NUMERIC: "ageval-numeric",
    TESSERA_PROBES: "tessera-probes",
    ARENA_NUMERIC: "arena-numeric",
    QUIZ_MATCHER: "quiz-matcher",
    PPG_NORMALIZER: "ppg-normalizer",
    JP_KNOWLEDGE_QA: "jp-knowledge-qa",
}
