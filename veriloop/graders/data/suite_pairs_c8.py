r"""Collection 8 of the public answer-equivalence cases: the sixth blind held-out (`heldout6`).

Written and committed (issue 43, math7) before anyone read `heldout5`'s failures or changed the
grader after its one measurement; `heldout5` is spent as tuning data only after this commit, and
`heldout6` is measured once afterwards, counts only.

The grader's domain: final answers of math problems as LLMs write them (boxed LaTeX, `$...$`,
an "answer is" sentence, a `<think>` block, a GSM8K `####` line, plain text) against a gold
answer. Sources (none used by collections 1-7), each row keeping the label its test asserts;
`repo@commit path` as stored in the public code index on 2026-11-28, or, where the index did
not record the repository, the index's file id and the module the test imports:
- RL projects' math-reward tests: strands-rl/strands-env, oKatanaaa/kolibrify, ouro_rl,
  programmer229/Torch-LLM-RL, yashm-cerebras/SkyRL (a fork whose aime test differs from
  NovaSky-AI/SkyRL's rows used in collection 3).
- Eval harnesses' answer-equivalence tests: bonsaifold minibench, trbench MATH-500, ymir,
  a `src/evaluation/math_grader.py` test suite, bryceroche/mycelium, thekasyap/thinkbot,
  lm-evaluation-harness's hendrycks_math tests, trinity's math reward tests, awo's benchmark
  tests, an `evaluator.official.math_grade` test, joel_nvk's scoring tests.

Curation, decided by reading the rows and never by running a grader on them:
- A case is copied when its label is a verdict on the two answers alone. Not copied: rows whose
  verdict needs a parameter (a tolerance, `include_percentage`), empty answers or golds,
  extraction-only assertions, missing ground truths.
- Rows that repeat a case of collections 1-7, of the Math-Verify public set or of the synthetic
  pairs, in either direction, or an earlier row of this collection (up to spaces and `$` signs),
  are not copied (`python -m veriloop.graders.data.build_suite_pairs` keeps the first; the
  count is in math7's report).
- `LEFT_OUT` holds copied rows whose label rests on that suite's own convention, with the reason.
"""

from __future__ import annotations

STRANDS = ("strands-rl/strands-env@2558441 tests/unit/rewards/test_math_verify_reward.py "
           "(MathVerifyReward.compute(ground_truth, final message))")
KOLIBRIFY = ("oKatanaaa/kolibrify@4681a80 tests/test_math_verify_grader.py "
             "(MathVerifyGrader: reward 1.0 correct, 0.5 parseable but wrong)")
OURO = "ouro_rl tests (index file 29615471930): ouro_rl.reward.score_answer(output, gold)"
TORCH_RL = ("programmer229/Torch-LLM-RL tests/test_reward/test_boxed.py "
            "(BoxedReward: 1.0 correct, format_reward 0.1 for a wrong box)")
SKYRL_FORK = ("yashm-cerebras/SkyRL skyrl-gym/tests/test_aime.py "
              "(aime env reward: 1.0 correct, -1.0 wrong)")
BONSAI = ("bonsaifold minibench tests (index file 66085981403): "
          "bonsaifold.minibench.answers.math_equal, EQUAL_PAIRS / UNEQUAL_PAIRS")
TRBENCH = ("trbench MATH-500 tests (index file 56904205765): trbench.evals.math500 "
           "equiv.is_equiv(pred, target) and score.score_model")
YMIR = ("ymir grading tests (index file 71039254252): ymir.grading.math_answer."
        "is_equiv(pred, ref, use_math_verify=False)")
SRC_EVAL = ("src/evaluation/math_grader.py tests (index file 17008424751): "
            "grade_math_answer(response, gold), math_equal")
MYCELIUM = ("bryceroche/mycelium@70fa479 tests/test_answer_norm.py "
            "(answers_equivalent)")
LM_EVAL = ("lm-evaluation-harness hendrycks_math tests (index file 62061383649): "
           "lm_eval.tasks.hendrycks_math.utils process_results exact_match, is_equiv")
TRINITY = ("trinity reward tests (index files 55572674601, 55319394806, 55140314776): "
           "trinity.orchestration.reward.math_equal, score_text('math500', ...)")
AWO = ("awo benchmark tests (index file 59899931394): awo.benchmarks.score_prediction "
       "('gsm8k', gold, prediction), math_equal(prediction, reference, mode='corrected')")
OFFICIAL = ("evaluator.official.math_grade tests (index file 55867247495): "
            "is_equiv, math_equiv")
JOEL = "joel_nvk scoring tests (index file 67555495139): joel_nvk.core.scoring.math_equal"
THINKBOT = ("thekasyap/thinkbot test_math_equivalence.py "
            "(is_mathematically_equivalent(student, correct))")

# (source, answer, gold, equivalent)
C8_CASES = [
    # strands-env: the final assistant message against the task's ground truth
    (STRANDS, "The answer is $\\boxed{4}$.", "4", True),
    (STRANDS, "The answer is $\\boxed{5}$.", "4", False),
    (STRANDS, "$\\boxed{\\frac{1}{2}}$", "0.5", True),
    (STRANDS, "$\\boxed{\\frac{1}{\\sqrt{3}}}$", "$\\frac{\\sqrt{3}}{3}$", True),
    (STRANDS, "$\\boxed{-3}$", "-3", True),
    (STRANDS, "$\\boxed{\\frac{7}{12}}$", "\\frac{7}{12}", True),
    (STRANDS, "First attempt $\\boxed{99}$, correction $\\boxed{42}$.", "42", True),
    (STRANDS, "$\\boxed{1}$ and $\\boxed{2}$", "42", False),
    (STRANDS, "The answer is 4.", "4", True),
    (STRANDS, "I don't know the answer.", "4", False),
    # kolibrify: the completion against record["answer"]
    (KOLIBRIFY, "$5$", "$5$", True), (KOLIBRIFY, "$$5$$", "$5$", True),
    (KOLIBRIFY, "\\boxed{5}", "$5$", True), (KOLIBRIFY, "$5$", "\\boxed{5}", True),
    (KOLIBRIFY, "The answer is $$5$$", "\\boxed{5}", True),
    (KOLIBRIFY, "The final answer is $5$.", "$5$", True),
    (KOLIBRIFY, "After reasoning, we get $$5$$ as the result.", "$5$", True),
    (KOLIBRIFY, "$6$", "$5$", False),
    # ouro_rl: score_answer(model_output, gold)
    (OURO, "The answer is \\boxed{42}", "\\boxed{42}", True),
    (OURO, "\\boxed{99}", "\\boxed{42}", False),
    (OURO, "\\boxed{\\frac{1}{2}}", "\\boxed{0.5}", True),
    (OURO, "<think>Let me reason... the answer is 99</think>\\boxed{42}", "\\boxed{42}", True),
    (OURO, "<think>\\boxed{42}</think>I'm not sure.", "\\boxed{42}", False),
    (OURO, "I don't know the answer sorry", "\\boxed{42}", False),
    (OURO, "42", "\\boxed{42}", True),
    # Torch-LLM-RL: the model message against ground_truth (0.1 is format credit: wrong)
    (TORCH_RL, "ajklsdas", "2", False), (TORCH_RL, "\\boxed{test}", "2", False),
    (TORCH_RL, "\\boxed{test}", "test", True), (TORCH_RL, "\\boxed{1.234}", "1.234", True),
    (TORCH_RL, "\\boxed{1.0}", "1", True),
    # SkyRL fork's aime env
    (SKYRL_FORK, "Answer: \\boxed{42}", "42", True), (SKYRL_FORK, "Answer: 42", "42", True),
    (SKYRL_FORK, "Answer: \\boxed{43}", "42", False),
    (SKYRL_FORK, "Answer: \\boxed{\\frac{1}{2}}", "\\frac{1}{2}", True),
    (SKYRL_FORK, "Answer: \\boxed{\\text{forty-two}}", "42", False),
    (SKYRL_FORK, "<|im_start|>Answer: \\boxed{42}<|im_end|>", "42", True),
    (SKYRL_FORK, "Answer: \\boxed{42}<|eot_id|>", "42", True),
    # bonsaifold: math_equal(a, b), asserted symmetric
    (BONSAI, " 42 ", "42", True), (BONSAI, "$16$", "16", True),
    (BONSAI, "\\left(1,2\\right)", "(1,2)", True), (BONSAI, "2.5", "5/2", True),
    (BONSAI, "\\frac{5}{2}", "2.5", True), (BONSAI, "\\frac{1}{2}", "1/2", True),
    (BONSAI, "\\dfrac{1}{2}", "\\frac{1}{2}", True), (BONSAI, "-\\frac{1}{2}", "-0.5", True),
    (BONSAI, "\\frac12", "0.5", True), (BONSAI, "\\frac{1}2", "1/2", True),
    (BONSAI, "\\frac1{2}", "0.5", True),
    (BONSAI, "\\frac{\\sqrt{3}}2", "\\frac{\\sqrt{3}}{2}", True), (BONSAI, "1/4", "0.25", True),
    (BONSAI, "0.5", ".5", True), (BONSAI, "007", "7", True), (BONSAI, "42.", "42", True),
    (BONSAI, "1,234", "1234", True), (BONSAI, "-3", "-3.0", True),
    (BONSAI, "100", "100.00", True), (BONSAI, "50\\%", "50", True), (BONSAI, "50%", "50", True),
    (BONSAI, "45^\\circ", "45", True), (BONSAI, "45^{\\circ}", "45", True),
    (BONSAI, "45\u00b0", "45", True), (BONSAI, "\\pi", "\u03c0", True),
    (BONSAI, "2\\pi", "2\u03c0", True), (BONSAI, "\\frac{\\pi}{2}", "\u03c0/2", True),
    (BONSAI, "\\sqrt{2}", "\\sqrt2", True), (BONSAI, "3\\sqrt{2}", "3\\sqrt2", True),
    (BONSAI, "\\frac{\\sqrt{3}}{2}", "\\sqrt{3}/2", True), (BONSAI, "5\\text{ cm}", "5", True),
    (BONSAI, "\\text{even}", "even", True), (BONSAI, "(1, 2)", "(1,2)", True),
    (BONSAI, "[0, 1)", "[0,1)", True), (BONSAI, "(1/2, 3)", "(\\frac{1}{2}, 3)", True),
    (BONSAI, "(0.5, -2)", "(1/2, -2.0)", True), (BONSAI, "[2, 2.5]", "[2, 5/2]", True),
    (BONSAI, "1/2", "1/3", False), (BONSAI, "2.5", "2.05", False),
    (BONSAI, "\\frac{1}{2}", "\\frac{2}{1}", False), (BONSAI, "-1/2", "1/2", False),
    (BONSAI, "-3", "3", False), (BONSAI, "\\sqrt{2}", "2", False),
    (BONSAI, "\\sqrt{2}", "\\sqrt{3}", False), (BONSAI, "\\pi", "3.14159", False),
    (BONSAI, "2\\pi", "\\pi", False), (BONSAI, "(0,1)", "[0,1]", False),
    (BONSAI, "[0,1)", "(0,1]", False), (BONSAI, "(1,2)", "(2,1)", False),
    (BONSAI, "(1,2)", "(1,2,3)", False), (BONSAI, "x+1", "x+2", False),
    (BONSAI, "1/0", "2/0", False), (BONSAI, "10", "1", False),
    (BONSAI, "\\frac{1}{2}x", "1/2", False),
    # trbench MATH-500: is_equiv(pred, target), and score_model's verdicts on whole responses
    (TRBENCH, "\\dfrac{1}{2}", "\\frac{1}{2}", True), (TRBENCH, "1/2", "\\frac{1}{2}", True),
    (TRBENCH, "\\left( 3, \\frac{\\pi}{2} \\right)", "(3,\\frac{\\pi}{2})", True),
    (TRBENCH, "0.5", "\\frac{1}{2}", True), (TRBENCH, "9", "9", True),
    (TRBENCH, "\\frac{1}{2}", "\\frac{1}{3}", False), (TRBENCH, "9", "10", False),
    (TRBENCH, "... \\boxed{\\dfrac{1}{2}}", "\\frac{1}{2}", True),
    (TRBENCH, "the answer is \\boxed{9}", "9", True), (TRBENCH, "\\boxed{p+q}", "p - q", False),
    # ymir: is_equiv(pred, ref)
    (YMIR, "1,000", "1000", True), (YMIR, "1/2", "\\frac12", True), (YMIR, "x = 5", "5", True),
    (YMIR, "10\\text{ cm}", "10", True), (YMIR, "90^\\circ", "90", True),
    (YMIR, ".5", "0.5", True), (YMIR, "3", "4", False), (YMIR, "\\frac{1}{3}", "0.33", False),
    # src/evaluation/math_grader.py: grade_math_answer(response, gold) and math_equal
    (SRC_EVAL, "Let me solve this step by step.\n#### 42", "42", True),
    (SRC_EVAL, "The answer is 100", "42", False),
    (SRC_EVAL, "I cannot solve this problem.", "42", False),
    (SRC_EVAL, "TRUE", "true", True), (SRC_EVAL, "42", "43", False),
    (SRC_EVAL, "hello", "world", False),
    # mycelium: answers_equivalent(a, b)
    (MYCELIUM, "42", "42", True), (MYCELIUM, "hello", "HELLO", True),
    (MYCELIUM, "1/2", "0.5", True), (MYCELIUM, "0.5", "1/2", True),
    (MYCELIUM, "3/4", "0.75", True), (MYCELIUM, "\\frac{1}{2}", "0.5", True),
    (MYCELIUM, "$\\frac{1}{4}$", "0.25", True), (MYCELIUM, "\\boxed{42}", "42", True),
    (MYCELIUM, "1/2", "2/4", True), (MYCELIUM, "3/6", "1/2", True),
    (MYCELIUM, "2", "2.0", True), (MYCELIUM, "2.0", "2.00", True),
    (MYCELIUM, "sqrt(4)", "2", True), (MYCELIUM, "\\sqrt{9}", "3", True),
    (MYCELIUM, "50%", "0.5", True),
    (MYCELIUM, "1", "2", False), (MYCELIUM, "1/2", "1/3", False),
    (MYCELIUM, "hello", "world", False), (MYCELIUM, "0", "0.0", True),
    # thinkbot: is_mathematically_equivalent(student, correct)
    (THINKBOT, "0.5", "1/2", True), (THINKBOT, "1/2", "0.5", True), (THINKBOT, "2", "2", True),
    (THINKBOT, "2.0", "2", True), (THINKBOT, "4/2", "2", True), (THINKBOT, "2", "4/2", True),
    (THINKBOT, "0.25", "1/4", True), (THINKBOT, "1/4", "0.25", True),
    (THINKBOT, "0.75", "3/4", True), (THINKBOT, "3/4", "0.75", True),
    (THINKBOT, "1", "1.0", True), (THINKBOT, "1.0", "1", True), (THINKBOT, "0.0", "0", True),
    (THINKBOT, "0.5", "1/3", False), (THINKBOT, "1/2", "1/3", False),
    (THINKBOT, "2", "3", False), (THINKBOT, "0.5", "0.6", False),
    # lm-eval hendrycks_math: a response against the solution's boxed answer
    (LM_EVAL, "The domain is \\boxed{[2,5)}", "[2,5)", True),
    (LM_EVAL, "The answer is $\\frac{1}{2}$", "\\frac{1}{2}", True),
    (LM_EVAL, "The answer is \\boxed 4", "4", True),
    (LM_EVAL, "So we get $\\boxed 7$ as the answer.", "7", True),
    (LM_EVAL, "Final answers: \\boxed{3}, \\boxed{5}, \\boxed{7}", "3, 5, 7", True),
    (LM_EVAL, "So \\boxed{4}. Therefore \\boxed{4}.", "4", True),
    (LM_EVAL, "I don't know", "42", False), (LM_EVAL, "x + 1", "x + 2", False),
    (LM_EVAL, "9a + 11", "11 + 9a", True), (LM_EVAL, "1,-2", "1,-3", False),
    (LM_EVAL, "1,2", "1,3", False), (LM_EVAL, "3, 5, 7", "3, 5, 9", False),
    (LM_EVAL, "58,500", "58500", True),
    # trinity: math_equal and the math500 scorer
    (TRINITY, "005", "009", False), (TRINITY, "005", "005", True),
    (TRINITY, "2^{10}", "2^10", True), (TRINITY, "\\boxed{2^{10}}", "2^10", True),
    (TRINITY, "10^{-2}", "10^-2", True),
    (TRINITY, "2\\pi", "2pi", True), (TRINITY, "2\u03c0", "2pi", True),
    (TRINITY, "\\frac{\\pi}{2}", "\\pi/2", True),
    (TRINITY, "The area is \\boxed{2\\pi}.", "2\u03c0", True),
    (TRINITY, "The area is \\boxed{2\\pi}.", "2\\pi", True),
    (TRINITY, "\\boxed{3\\pi}", "2\\pi", False),
    # awo: the gsm8k scorer and math_equal in its corrected mode
    (AWO, "First 64, therefore 36", "36", True), (AWO, "35", "36", False),
    (AWO, "25%", "0.25", True), (AWO, "x+x", "2*x", True), (AWO, "\\sqrt{4}", "2", True),
    # evaluator.official: the MATH reference is_equiv and its sympy fallback
    (OFFICIAL, "3\\text{ treeks}", "3", True), (OFFICIAL, "\\frac12", "\\frac{1}{2}", True),
    (OFFICIAL, "\\sqrt3", "\\sqrt{3}", True), (OFFICIAL, "\\tfrac{1}{2}", "\\frac{1}{2}", True),
    (OFFICIAL, "x=5", "5", True), (OFFICIAL, "1+1", "2", True), (OFFICIAL, "41", "42", False),
    (OFFICIAL, "[0,5]", "[-2,7]", False),
    # joel_nvk: math_equal
    (JOEL, "1/0", "42", False), (JOEL, "41", "42", False),
]

# copied rows whose label rests on a convention of that suite, not of math answers
LEFT_OUT = {
    ("50%", "0.5"): "bonsaifold strips % without rescaling (mycelium asserts the opposite)",
    ("2+3", "5"): "bonsaifold does no arithmetic (a string normalizer's limit)",
    ("1/0", "1/0"): "bonsaifold falls back to string equality; division by zero stays wrong",
    ("Answer: \\boxed{0.5}", "\\frac{1}{2}"): "SkyRL aime: string match after boxing",
    ("<|im_start|>Answer: \\boxed{42}im_end|>", "42"):
        "SkyRL aime: a broken end token voids the answer (a format rule)",
    ("Answer: \\boxed{42}|eot_id|>", "42"):
        "SkyRL aime: a broken end token voids the answer (a format rule)",
    ("005", "5"): "trinity rejects AIME zero padding (verl asserts 033 = 33)",
    ("5", "005"): "trinity rejects AIME zero padding (verl asserts 033 = 33)",
    ("[-2,7]", "x \\in [-2,7]"): "evaluator.official keeps 'x \\in' (MARIO asserts x \\in I = I)",
    ("100%", "1"): ("mycelium rescales a percent against an integer gold; veriloop reads 'x%' one "
                    "way, as notation against an integer gold (datasets drop the sign: 'what "
                    "percent ...?' -> 5; test_math_verifier asserts 5% for a gold 5), so 100% "
                    "is 100. Left out by math8 after reading it as a heldout6 false negative"),
    ("0.333", "1/3"): "thinkbot's tolerance: a 3-digit rounding",
    ("1/3", "0.333"): "thinkbot's tolerance: a 3-digit rounding",
}
