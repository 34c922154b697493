"""Held-out rates of the math grader on answer-equivalence cases copied from other projects'
test suites (veriloop/graders/data/math_pairs_suites.jsonl), against the bar of issue 43:
FP <= 1%, FN <= 2%.

The splits, in the order they were written (build_suite_pairs.py says how):
- `heldout`: half of collections 1-3 (LLM-answer graders' suites), SPENT by math3 (its last
  failures were read and tuned on);
- `heldout2`: collection 4 (STACK's AlgEquiv fixtures), SPENT by math4 the same way;
- `heldout3`: collection 5 (rllm, tinker-cookbook, NeMo-RL, OpenCompass, lambda-feedback,
  STACK's Sets/SysEquiv/numerical tables), written before math4 read heldout2, measured once
  blind, then SPENT by math5 the same way;
- `heldout4`: collection 6 (scitix/sieval's math-grader tests, LLM math-reward tests of RL
  projects, Math-Verify issue threads), written before math5 read heldout3, measured once
  blind, then SPENT by math6 the same way;
- `heldout5`: collection 7 (RL and eval projects' math-reward tests, two sympy answer graders'
  tests), written before math6 read heldout4, measured once blind, then SPENT by math7 the same
  way;
- `heldout6`: collection 8 (more RL projects' math-reward tests, eval harnesses' answer-
  equivalence tests), written before math7 read heldout5, measured once blind, then SPENT by
  math8 the same way;
- `heldout7`: collection 9 (a PRM800K-style grader's asserts, lm-eval minerva_math, ms-swift,
  marin and small eval/RL projects' answer-matching tests), written before math8 read heldout6,
  measured once blind, then SPENT by math10 the same way;
- `heldout8`: collection 10 (Doenet/math-expressions' and Khan Academy KAS's equivalence and
  non-equivalence tables, LLM-eval graders' tests; 139 of its 348 cases not equivalent),
  written before math10 read heldout7, measured once blind, then SPENT by math11 the same way;
- `heldout9`: collection 11 (inspect_ai's math scorer cases, RL/eval projects' math graders'
  tests, students' answer checkers in LaTeX and plain-text notation; 60 of its 213 cases not
  equivalent), written before math11 read heldout8, measured once blind, then SPENT by math12
  the same way;
- `heldout10`: collection 12 (Oppia's math-interaction classifiers, Android and web, mathjs,
  the MITx grading library and RL/eval projects' answer checkers; 122 of its 415 cases not
  equivalent), written before math12 read heldout9, measured once blind, then SPENT by math13
  the same way;
- `heldout11`: collection 13 (cortex-js compute-engine's equality tests, courseware graders'
  tests -- Open edX, WeBWorK PG, Moodle algebra -- lesson and tutoring answer checkers and
  RL/eval answer checkers; 118 of its 313 cases not equivalent, no project above 42 of them),
  written before math13 read heldout10, measured once blind, then SPENT by math14 the same way;
- `heldout12`: collection 14 (a French maths app's mathAST equivalence suite, Isaac Physics'
  equality checker, Step-Wise, Stepik, evalscope, reasoning-gym and tutoring answer checkers;
  111 of its 260 cases not equivalent, 11 projects, the largest 100 of the cases), written
  before math14 read heldout11, measured once blind, then SPENT by math15 the same way;
- `heldout13`: collection 15 (33 projects' answer checkers: Numbas, CAMEL, a mark-scheme
  equivalence checker, CAS conformance and LaTeX normal-form suites, tutors' answer and step
  checkers, RL reward tests; 102 of its 276 cases not equivalent, the largest project 60 of
  them), written before math15 read heldout12, measured once blind, then SPENT by math16 the
  same way;
- `heldout14`: collection 16 (pie-framework/math-validation's symbolic fixtures, mathsteps,
  PrairieLearn, Korean, Chinese and Japanese tutors' graders, RL/eval answer checkers; 167 of its
  353 cases not equivalent, 23 projects, the largest 130 of them), written before math16 read
  heldout13, measured once blind, then SPENT by math17 the same way;
- `heldout15`: collection 17 (tutoring and courseware checkers from Hebrew, Spanish, Dutch,
  Russian and Chinese projects, Learnosity's MathCore, nti.assessment, Moodle Formulas, a PHP LMS,
  a C# normalizer, RL/eval answer checkers; 102 of its 330 cases not equivalent, 21 projects, the
  largest 62 of them), written before math17 read heldout14, measured once blind, then SPENT by
  math18 the same way;
- `heldout16`: collection 18 (tutoring and courseware checkers -- Knowre's Korean presets, an
  Uzbek LMS, a precalculus trainer, a physics and chemistry tutor library with units -- and
  checkers inside eval and RL tooling, among them a reasoning server's table of algebra slips; 104
  of its 322 cases not equivalent, 23 projects, the largest 59 of them), written before math18
  read heldout15, measured once, counts only; its 22 failures were read by math19 (01:45 UTC, after
  heldout17 was committed and measured), so it is SPENT, but not yet tuned on;
- `heldout17`: collection 19 (tutoring and courseware checkers -- Perseus, a Turkish tutor's CAS
  and misconception detector, a layered free-response grader with SI prefixes, Japanese, Chinese,
  German and Korean learning apps -- and checkers inside eval and RL tooling; 111 of its 300
  cases not equivalent, 27 projects, the largest 37 of them), written before math19 read
  heldout16, measured once, counts only, with the same grader as heldout16 (heldout16 not tuned
  on yet: math19 had no time left for it); counted once more by math21 with math20's grader (tuned
  on heldout16 only), counts only, before its failures were read: FP 0/111, FN 13/189; then
  SPENT by math21 (after committing collection 20 as heldout18): its failures read and their
  classes fixed (test_math_classes_heldout17.py), FP 0/111, FN 0/189 now, a tuning figure;
- `heldout18`: collection 20 (nerdamer's and Algebrite's CAS tables, step and answer checkers of
  tutoring apps and courseware -- a Spanish step verifier's curriculum battery, a German
  answer-form judge, a GCSE course, a Russian school notebook, a Shanghai course -- and mistake
  classifiers; 104 of its 328 cases not equivalent, 22 projects, the largest 63 of them), written
  before math21 read heldout17: measured once, counts only, with the grader of math21 (after
  heldout17's classes): FP 0/104, FN 15/224; then SPENT by math22 (after committing collection 21
  as heldout19): its failures read and their classes fixed (test_math_classes_heldout18.py), FP
  0/104, FN 1/224 now, a tuning figure;
- `heldout19`: collection 21 (SymPy's LaTeX, Mathematica and implicit-multiplication parser
  tables, answer checkers of RL and eval projects -- extraction surfaces, negated and hedged
  answers, Python and engineering notation -- tutoring checkers in Chinese, Russian, Korean,
  Polish, Bosnian and R apps, step and mistake classifiers; 119 of its 387 cases not equivalent, 38
  projects, the largest 51 of them), written before math22 read heldout18: measured once, counts
  only, with the grader of math22 (after heldout18's classes): FP 12/119, FN 42/268; then SPENT by
  math23 (after committing collection 22 as heldout20): its failures read and their classes fixed
  (test_math_classes_heldout19.py), FP 2/119, FN 8/268 now, a tuning figure;
- `heldout20`: collection 22 (latex2sympy2_extended's parser table, answer checkers of RL, eval and
  inference tooling -- replies with working, self-corrections, sign errors -- tutoring checkers in
  Chinese, French, German, Spanish, Azerbaijani, Vietnamese, Korean and Japanese apps, step and
  mistake checkers; 100 of its 317 cases not equivalent, 29 projects, the largest 57 of them),
  written before math23 read heldout19: measured once, counts only, with the grader of math23
  (after heldout19's classes): FP 3/100, FN 34/217; then SPENT by math24 (after committing
  collection 23 as heldout21): its failures read and their classes fixed
  (test_math_classes_heldout20.py), FP 0/100, FN 4/217 now, a tuning figure;
- `heldout21`: collection 23 (answer checkers of RL and eval tooling -- a reasoning pipeline's
  equivalence suite with matrices, vectors and function families, a Japanese evaluation suite's
  plus-minus and complex tables, negated and self-corrected replies, value-boundary traps -- tutoring
  checkers of a maths chatbot, Dutch, Japanese and Vietnamese apps, mistake checkers; 139 of its 341
  cases not equivalent, 31 projects, the largest 68 of them), written before math24 read heldout20:
  measured once, counts only, with the grader of math24 (after heldout20's classes): FP 9/139, FN
  49/202; then SPENT by math25 (after committing collection 24 as heldout22): its failures read
  and their classes fixed (test_math_classes_heldout21.py), FP 0/139, FN 17/202 now, a tuning
  figure;
- `heldout22`: collection 24 (a Greek MATH-500 comparator's regression table, reward and verifier
  tests of RL projects, unit-aware matchers, tutoring checkers -- a browser algebra tutor's mistake
  engine, Canadian, Kotlin, Russian, Spanish, Rust and Japanese apps -- and Mathics3's arithmetic
  table; 112 of its 320 cases not equivalent, 42 projects, the largest 63 of them), written before
  math25 read heldout21: measured once, counts only, with the grader of math25 (after heldout21's
  classes): FP 6/112, FN 19/208; then SPENT by math26 (after committing collection 25 as
  heldout23): its failures read and their classes fixed (test_math_classes_heldout22.py), FP
  0/112, FN 16/208 now, a tuning figure;
- `heldout23`: collection 25 (reward, verifier and evaluator tests of RL and eval tooling, tutoring
  checkers -- Swift, R, Kotlin and children's apps, a Russian photo checker, mistake diagnosers --
  math-blocks' step checker, repeating decimals, and Symja's CAS table; 96 of its 314 cases not
  equivalent, 39 sources, the largest 60 of them), written before math26 read heldout22: measured
  once, counts only, with the grader of math26 (after heldout22's classes): FP 4/96, FN 62/218;
  then SPENT by math27 (after committing collection 26 as heldout24): its failures read and their
  classes fixed (test_math_classes_heldout23.py), FP 1/96, FN 21/218 now, a tuning figure;
- `heldout24`: collection 26 (step checkers -- a step-assessing mathsteps fork, an Italian tutor, a
  Rust CAS's step API, a SymPy step verifier, a Prolog CAS -- answer checkers with units and GSM8K
  replies, Maxima's and AngouriMath's exact tables; 47 of its 121 cases not equivalent, 14
  projects, the largest 24 of them), written before math27 read heldout23: measured once, counts
  only, with the grader of math27 (after heldout23's classes): FP 0/47, FN 17/74; then SPENT by
  math28 (after committing collection 27 as heldout25): its failures read and their classes fixed
  (test_math_classes_heldout24.py), FP 0/47, FN 0/74 now, a tuning figure;
- `heldout25`: collection 27 (tutors' checkers -- a Dutch tutor's correctness and misconception
  matchers, a Socratic tutor's verification tools, an algebra step checker, a French 'calcul
  littéral' engine, a rational-expression validator -- and reward, verifier and scorer tests of 35
  RL and eval projects: boxed, '####', 'ANSWER:' and tagged replies, hedges, corrections, sets of
  roots; 120 of its 310 cases not equivalent, 42 projects, the largest 28 of them), written before
  math28 read heldout24: measured once, counts only, with the grader of math28 (after heldout24's
  classes): FP 0/120, FN 9/190; nothing tuned on it since.

Each test asserts the measured counts as a regression bar and xfails while above the issue's
bar (a pass once it is met). Only counts are printed: a blind split's failures are never shown.
The whole-split audits of heldout2 to heldout15 are `slow` (5-120 s each on two cores); the
default suite keeps the spent `heldout` split whole, a fixed third of `heldout2`, and the spent
`heldout16` to `heldout22` (6-31 s each on two cores) whole; the spent `heldout23` (226 s under
load when measured, its Symja rows), the spent `heldout24` (830 s under a load of 9 when measured)
and the measured `heldout25` (52 s under a load of 8) are `slow`.
Every check is bounded by the grader's own expression-size limits (math_bounds), not by
sampling the split.
"""

import json

import pytest

from veriloop.graders.audit import SUITE_MATH_PAIRS, audit, load_pairs
from veriloop.graders.math_equiv import MathGrader


@pytest.fixture(scope="module")
def grader():
    g = MathGrader(timeout=60.0, workers=2)  # accuracy, not speed: see test_math_verifier.py
    yield g
    g.close()


def _rates(report: dict) -> str:
    # counts only: the held-out failures are never printed, so no one tunes on them
    return (f"FP {report['false_positives']}/{report['negatives']}, "
            f"FN {report['false_negatives']}/{report['positives']}, "
            f"timeouts {report['timeouts']}")


def _judged(report: dict) -> tuple[int, int]:
    """(FP, FN) among checks that were not timed out and whose worker started: how many time
    out, or find no worker within its start limit, depends on the machine's load, and these
    tests must not."""
    judged = [m for m in report["mistakes"]
              if not m["explanation"].startswith(("timeout", "error: verifier worker died"))]
    return sum(not m["equivalent"] for m in judged), sum(m["equivalent"] for m in judged)


def _meets_bar_or_xfail(name: str, report: dict) -> None:
    if report["false_negative_rate"] > 0.02 or report["false_positive_rate"] > 0.01:
        pytest.xfail(f"{name} {_rates(report)} is above the bar of issue 43 (FP <= 1%, FN <= 2%)")
    assert report["false_negative_rate"] <= 0.02 and report["false_positive_rate"] <= 0.01


def _audit_split(grader, split: str, size: tuple[int, int], max_fp: int, max_fn: int) -> None:
    """Audit a whole split: its (cases, positives), no hang, FP/FN within the recorded bar, then
    pass or xfail against the issue's bar."""
    report = audit(grader, load_pairs(SUITE_MATH_PAIRS, split=split), concurrency=2)
    assert (report["n"], report["positives"]) == size
    assert report["timeouts"] <= 30, _rates(report)  # 30 means a hang
    fp, fn = _judged(report)
    assert fp <= max_fp and fn <= max_fn, f"{split} {_rates(report)}"
    _meets_bar_or_xfail(split, report)


def test_suite_pairs_heldout_rates(grader):
    # the held-out half of cases copied from other projects' test suites, split by hash before
    # tuning (build_suite_pairs.py); its failures were never read while tuning.
    # First collection (NeMo-Skills, MARIO, Qwen2.5-Math, simple-evals, slime, AReaL,
    # hendrycks/math; 71 cases): FP 0/10, FN 11/61 at 77ee922; FP 0/10, FN 5/61 after.
    # Grown by the second collection (verl, MindSpeed-RL, open-r1, TRL, Math-Verify's mixed
    # numbers; 115 cases): FP 5/31, FN 9/84 before its tune classes were fixed; FP 2/31,
    # FN 5/84 after. Grown by the third (verifiers, SkyRL, SymbolicEqual, math-evaluation-
    # harness; 128 cases): FP 2/32, FN 8/96 before, FP 2/32, FN 5/96 after; then FP 0/32 once
    # a mixed number no longer spans a line break (test_a_mixed_number_stays_on_one_line).
    # math3 then read the 5 remaining false negatives: this split is SPENT (tuned on from commit
    # f0227d9 on). Three classes were fixed and "C" = "C. x = 42" (both ways) left out as a
    # multiple-choice convention (build_suite_pairs._LEFT_OUT): 126 cases, FP 0/32, FN 0/94,
    # unchanged after math4's classes. The bounds are those counts, so a regression fails here.
    rows = [json.loads(line) for line in SUITE_MATH_PAIRS.read_text().splitlines()]
    first = {(r["gold"], r["answer"]) for r in rows if r["collection"] == 1}
    heldout = load_pairs(SUITE_MATH_PAIRS, split="heldout")
    report = audit(grader, heldout, concurrency=2)
    assert report["n"] == 126 and sum((p.gold, p.answer) in first for p in heldout) == 69
    assert report["timeouts"] == 0, _rates(report)
    assert _judged(report) == (0, 0), _rates(report)
    _meets_bar_or_xfail("held-out", report)


# heldout2: collection 4 (STACK's AlgEquiv fixtures, suite_pairs_stack.py), written before any
# math3 change and measured once by math3: FP 5/47, FN 20/90, 3 timeouts at 60 s (unequal big
# powers). math4 then SPENT it: read its failures and fixed their classes (test_math_classes.py,
# from test_plain_function_calls_are_read_whole on) and left out "1" vs "x = 1" as STACK's
# convention (suite_pairs_stack.LEFT_OUT): 136 cases, FP 0/46, FN 4/90, no timeout (the longest
# check about 2 s). The 4: `i` written only in the answer, which is not read as the unit (2),
# `\sqrt{-1/x}` = `i/\sqrt{x}` (a gold complex without `i`), and |x| = |y| against
# (x-y)(x+y) = 0 (the same solutions, not a constant factor).
HELDOUT2_FP, HELDOUT2_FN = 0, 4
SAMPLE2_FP, SAMPLE2_FN = 0, 1  # every third case, as measured with the counts above


@pytest.mark.slow
def test_suite_pairs_heldout2_rates():
    g = MathGrader(timeout=20.0, workers=2)
    try:
        report = audit(g, load_pairs(SUITE_MATH_PAIRS, split="heldout2"), concurrency=2)
    finally:
        g.close()
    assert (report["n"], report["positives"]) == (136, 90)
    assert report["timeouts"] <= 30, _rates(report)  # 30 means a hang
    fp, fn = _judged(report)
    assert fp <= HELDOUT2_FP and fn <= HELDOUT2_FN, f"heldout2 {_rates(report)}"
    _meets_bar_or_xfail("heldout2", report)


def test_suite_pairs_heldout2_sample_rates():
    # the default suite's share of heldout2 (the whole split is slow): a fixed third of it
    g = MathGrader(timeout=20.0, workers=2)
    try:
        report = audit(g, load_pairs(SUITE_MATH_PAIRS, split="heldout2")[::3], concurrency=2)
    finally:
        g.close()
    assert report["n"] == 46, _rates(report)
    assert report["timeouts"] <= 10, _rates(report)  # 10 means a hang
    fp, fn = _judged(report)
    assert fp <= SAMPLE2_FP and fn <= SAMPLE2_FN, f"heldout2 sample {_rates(report)}"


# heldout3: collection 5 (suite_pairs_c5.py), committed (4f5746b, ff69668) before math4 read
# heldout2 or changed the grader, and measured ONCE blind after math4's classes (commit
# 374bbe2): 146 cases, FP 2/74, FN 30/72, no timeout. math5 then SPENT it (after committing
# collection 6 as heldout4): read its failures, fixed their classes (test_math_classes_heldout3.py)
# and left out "a+b*E^2" = "a+b*exp(2)" as sympy's convention (suite_pairs_c5.LEFT_OUT):
# 145 cases, FP 0/74, FN 0/71, no timeout -- a tuning figure now, not a blind one.
HELDOUT3_FP, HELDOUT3_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout3_rates():
    g = MathGrader(timeout=20.0, workers=2)
    try:
        report = audit(g, load_pairs(SUITE_MATH_PAIRS, split="heldout3"), concurrency=2)
    finally:
        g.close()
    assert (report["n"], report["positives"]) == (145, 71)
    assert report["timeouts"] <= 30, _rates(report)  # 30 means a hang
    fp, fn = _judged(report)
    assert fp <= HELDOUT3_FP and fn <= HELDOUT3_FN, f"heldout3 {_rates(report)}"
    _meets_bar_or_xfail("heldout3", report)


# heldout4: collection 6 (suite_pairs_c6.py: scitix/sieval's math-grader tests, LLM math-reward
# tests of RL projects, Math-Verify issue threads), committed (36368bb, 3f63a71) before math5
# read heldout3 or changed the grader, and measured ONCE after math5's classes (commit
# 17c9814), counts only: 146 cases, FP 1/67, FN 11/79, no timeout. math6 then SPENT it (after
# committing collection 7 as heldout5): read its failures, fixed their classes
# (test_math_classes_heldout4.py) and left out two worked equations ending in the gold ("96 -
# 57 = 39") as veriloop's statement convention (suite_pairs_c6.LEFT_OUT): 144 cases, FP 0/67,
# FN 1/77, no timeout -- a tuning figure now, not a blind one. It meets the bar.
HELDOUT4_FP, HELDOUT4_FN = 0, 1


@pytest.mark.slow
def test_suite_pairs_heldout4_rates():
    g = MathGrader(timeout=20.0, workers=2)
    try:
        report = audit(g, load_pairs(SUITE_MATH_PAIRS, split="heldout4"), concurrency=2)
    finally:
        g.close()
    assert (report["n"], report["positives"]) == (144, 77)
    assert report["timeouts"] <= 30, _rates(report)  # 30 means a hang
    fp, fn = _judged(report)
    assert fp <= HELDOUT4_FP and fn <= HELDOUT4_FN, f"heldout4 {_rates(report)}"
    _meets_bar_or_xfail("heldout4", report)


# heldout5: collection 7 (suite_pairs_c7.py: math-reward tests of 14 RL and eval projects and
# two sympy answer graders' tests; LLM-style answers against golds), committed (9db35c9) before
# math6 read heldout4 or changed the grader, and measured ONCE after math6's classes (commit
# 0cbb896), counts only: 132 cases, FP 0/46, FN 8/86, no timeout. math7 then SPENT it (after
# committing collection 8 as heldout6): read its failures and fixed their two classes, GSM8K's
# "#### N" marker and Unicode superscripts (test_math_classes_heldout5.py), leaving no row out:
# 132 cases, FP 0/46, FN 0/86, no timeout -- a tuning figure now. It meets the bar.
HELDOUT5_FP, HELDOUT5_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout5_rates(grader):
    _audit_split(grader, "heldout5", (132, 86), HELDOUT5_FP, HELDOUT5_FN)


# heldout6: collection 8 (suite_pairs_c8.py: math-reward tests of RL projects and answer-
# equivalence tests of eval harnesses, 16 sources), committed (89652e3) before math7 read
# heldout5 or changed the grader, and measured ONCE after math7's classes (commit 9d4df4c),
# counts only: 129 cases, FP 1/41, FN 2/88, no timeout. math8 then SPENT it (after committing
# collection 9 as heldout7, 0d22415): read its three failures, fixed two classes (a box inside
# the thinking does not answer for the reply after it; a conclusion word introduces the answer:
# test_math_classes_heldout6.py) and left one row out ("100%" for a gold 1: veriloop reads a
# percent against an integer gold as notation, suite_pairs_c8.LEFT_OUT): 128 cases, FP 0/41,
# FN 0/87, no timeout -- a tuning figure now. It meets the bar. `slow` like the other
# spent whole-split audits.
HELDOUT6_FP, HELDOUT6_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout6_rates(grader):
    _audit_split(grader, "heldout6", (128, 87), HELDOUT6_FP, HELDOUT6_FN)


# heldout7: collection 9 (suite_pairs_c9.py: a PRM800K-style grader's asserts, lm-eval's
# minerva_math tests, ms-swift's MathAccuracy tests, marin's and other eval/RL projects'
# answer-matching tests; 118 cases after repeats were dropped), committed (0d22415) before math8
# read heldout6 or changed the grader, and measured ONCE after math8's classes (2c3944a), counts
# only: 118 cases, FP 2/37, FN 7/81, no timeout. math10 then SPENT it (after committing
# collection 10 as heldout8, ca639da): read its nine failures, fixed four classes (Unicode
# symbols math-verify does not read, a stray closing brace after the answer, an unbraced
# radicand after a root index, a numeric statement with `x` as a product sign:
# test_math_classes_heldout7.py) and left its two false positives out (the order of a comma
# list, a convention already left out of hendrycks' suite: suite_pairs_c9.LEFT_OUT): 116 cases,
# FP 0/35, FN 0/81, no timeout -- a tuning figure now. `slow` like the other spent audits.
HELDOUT7_FP, HELDOUT7_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout7_rates(grader):
    _audit_split(grader, "heldout7", (116, 81), HELDOUT7_FP, HELDOUT7_FN)


# heldout8: collection 10 (suite_pairs_c10.py: Doenet/math-expressions' equivalences and
# nonequivalences tables, Khan Academy KAS's compare tests, and LLM-eval graders' tests -- a
# MATHBenchmark self-test, a C# port of a math scorer, answer_check, shadowgate, sameMath,
# harnesslab, GSM8K numeric graders; 348 cases after repeats were dropped, 139 not equivalent),
# committed (ca639da) before math10 read heldout7 or changed the grader, and measured ONCE after
# math10's classes (a205d78), counts only, with nothing tuned on it since: 348 cases, FP 9/139
# (6.5%), FN 30/209 (14.4%), no timeout (54 s on a loaded machine). Most misses are in the two
# CAS suites (Doenet FP 4/71, FN 13/66; KAS FN 10/33) and the C# scorer's tests (FN 5/46).
# math11 then SPENT it (after committing collection 11 as heldout9, fe5732d): read its 39
# failures and fixed five classes (plain-text function notation and bare negative exponents, a
# product after a fraction in plain equations, a gold equation answered by its value, points far
# from zero, two different units: test_math_classes_heldout8.py): 348 cases, FP 5/139, FN 7/209,
# no timeout -- a tuning figure now, still above the bar. The rest are conventions veriloop
# keeps (a decimal comma "3,5"; brackets as parentheses in a list; a tuple against a set, which
# Math-Verify's own tests call equal -- a rule for it cost one of that public set; several boxes
# read as a set, both ways; the principal cube root of -5; "180 deg" is not pi) and classes
# left open (a 1e-50 scale below the numeric tolerance, thousands separators inside a tuple, a
# named angle or "Result =" before the value). `slow` like the other spent audits; it xfails
# while above the bar. After math16's classes: FP 5/139, FN 6/209.
HELDOUT8_FP, HELDOUT8_FN = 5, 6


@pytest.mark.slow
def test_suite_pairs_heldout8_rates(grader):
    _audit_split(grader, "heldout8", (348, 209), HELDOUT8_FP, HELDOUT8_FN)


# heldout9: collection 11 (suite_pairs_c11.py: inspect_ai's math scorer cases, RL/eval projects'
# math graders' tests -- a DeepScaleR filter's self-test, turbolora, verifyit, MATH-Perturb,
# mathnet_eval and others -- and students' answer checkers: a C++ plain-text checker, TypeScript
# algebra and polynomial engines, cortex-js compute-engine's isEquivalent suite; 213 cases after
# repeats were dropped, 60 not equivalent), committed (fe5732d) before math11 read heldout8 or
# changed the grader, and measured ONCE after math11's classes, counts only: 213 cases, FP 2/60
# (3.3%), FN 15/153 (9.8%), no timeout. math12 then SPENT it (after committing collection 12 as
# heldout10, 80b5c1d): read its 17 failures and fixed ten classes (a gold list with a comma, a
# trailing separator, a number in another base, a last line that is the answer, plain-text roots
# and absolute bars, a Unicode root of a bracket and the fraction slash, a tower of powers,
# `\frac\pi2`, `\ne` relations, a function's value as an unknown: test_math_classes_heldout9.py):
# 213 cases, FP 0/60, FN 0/153, no timeout -- a tuning figure now. `slow` like the other spent
# audits.
HELDOUT9_FP, HELDOUT9_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout9_rates(grader):
    _audit_split(grader, "heldout9", (213, 153), HELDOUT9_FP, HELDOUT9_FN)


# heldout10: collection 12 (suite_pairs_c12.py: Oppia's math-interaction IsEquivalentTo
# classifiers -- the Android app's Kotlin tests for algebraic expressions and equations, the web
# app's rules services for algebraic, numeric and equation answers -- mathjs' symbolicEqual, the
# MITx grading library, open-instruct's GSM8K verifier, a Vietnamese math verifier, linalg-zero,
# turbopresto, Whetstone, studium and two small tests; 415 cases after repeats were dropped, 122
# not equivalent), committed (80b5c1d) before math12 read heldout9 or changed the grader, and
# measured ONCE after math12's classes (8128e26), counts only, with nothing tuned on it since:
# 415 cases, FP 2/122 (1.6%), FN 33/293 (11.3%), no timeout, two of the 33 checks a worker error
# (machine load; `_judged` sets such checks aside: FN 31/293, 10.6%, as this test's first run
# found with no worker error), 448 s at a load average of 12. By source (those two included):
# Oppia Android FP 1/68, FN 18/191; Oppia web FN 6/50; the Vietnamese verifier FN 4/20;
# turbopresto FP 1/6, FN 2/3; MITx FN 2/6; studium FN 1/2; the other six projects no miss.
# math13 then SPENT it (after committing collection 13 as heldout11, f4085d2): read its 33
# failures and fixed them by class (test_math_classes_heldout10.py): 415 cases, FP 1/122, FN
# 5/293, no timeout -- a tuning figure now. Left, as conventions: `i^2` for a gold -1 (i stays an
# index when the gold has none, test_math_classes), `y/(3x^2 - 4) = 1` for `y = 3x^2 - 4` (an
# equation divided by a variable factor, accepted as test_math_classes accepts 1/y = 1 + 1/x for
# y = x/(x+1)), three Vietnamese prices "365 nghìn đồng" against golds counted in thousands
# ("nghìn" is thousand, as "5 thousand" is not 5), and a Vietnamese sentence stating its value
# ("Vậy quãng đường là 120 km."). `slow` like the other spent audits.
HELDOUT10_FP, HELDOUT10_FN = 1, 5


@pytest.mark.slow
def test_suite_pairs_heldout10_rates(grader):
    _audit_split(grader, "heldout10", (415, 293), HELDOUT10_FP, HELDOUT10_FN)


# heldout11: collection 13 (suite_pairs_c13.py: cortex-js compute-engine's isEqual and
# isIdenticallyEqual tests, Open edX's FormulaResponse tests, WeBWorK PG's interval tests, Moodle's
# algebra question type, lesson and tutoring answer checkers -- a mathjs-based checker, a sampling
# equivalence module, learnai's equation checks, a KaTeX checker, a step checker -- and RL/eval
# answer checkers; 313 cases after repeats were dropped, 118 not equivalent, the largest project
# 42 of them), committed (f4085d2) before math13 read heldout10 or changed the grader, and
# measured ONCE after math13's classes (c610db9), counts only, with nothing tuned on it since:
# 313 cases, FP 3/118 (2.5%), FN 15/195 (7.7%), 2 checks timed out at 60 s (neither counted as a
# mistake), 106 s at a load average of 3.5. By source: WeBWorK PG FN 6/6; the mathjs-based
# checker FP 1/17, FN 3/25; learnai FP 2/13, FN 2/14; the GSM8K parser, the KaTeX checker,
# src.metrics and the tutoring reward FN 1 each; the other 20 sources no miss. math14 then SPENT
# it (after committing collection 14 as heldout12, 754f44d): read its 18 failures and 2 timeouts
# and fixed them by class (test_math_classes_heldout11.py): 313 cases, FP 2/118, FN 4/195, no
# timeout -- a tuning figure now. Left: `log(x^2)` and `log(z*z)` against `2log(x)`, `2*log(z)`
# (FP; a positive-domain convention that test_math_classes asserts for `\log(ab)` and that
# STACK's and a heldout9 suite's labels assert for `log(a^2 b)` and `ln x^2`), `(x-1)^2 = 0` for
# `x - 1 = 0` (math_relations counts solutions with their multiplicity, a documented convention),
# `z*conj(z)` (no conjugate function is read), `2xy + 3xy` against a gold `5xy` (a number glued to
# letters reads as a number with a unit) and a computation trace ("16-3-4=9, 9*2=18" for 18).
# `slow` like the other spent audits.
HELDOUT11_FP, HELDOUT11_FN = 2, 4


@pytest.mark.slow
def test_suite_pairs_heldout11_rates(grader):
    _audit_split(grader, "heldout11", (313, 195), HELDOUT11_FP, HELDOUT11_FN)


# heldout12: collection 14 (suite_pairs_c14.py: a French maths app's mathAST areEquivalent suite,
# Isaac Physics' equality checker, Step-Wise's CAS, Stepik's math quiz, evalscope's math_equal,
# reasoning-gym's complex-number scorer, a sympy evaluation function, a factoring validator, two
# tutoring answer checkers and a French exercise corrector; 260 cases after repeats were dropped,
# 111 not equivalent, the largest project 100 of them), committed (754f44d) before math14 read
# heldout11 or changed the grader, and measured ONCE after math14's classes (dd59b8d),
# counts only, with nothing tuned on it since: 260 cases, FP 4/111 (3.6%), FN 24/149
# (16.1%), no timeout, 53 s at a load average of 7.6. By source: the mathAST suite FP 3/58, FN
# 4/42; Isaac Physics FN 5/44; the IDNA tutor FN 6/11; the voice tutor's checker FN 3/6;
# Step-Wise FN 3/8; the French corrector FP 1/4, FN 1/2; evalscope and reasoning-gym FN 1 each;
# Stepik, the factoring validator and the sympy evaluation function no miss. math15 then SPENT it
# (after committing collection 15 as heldout13, 07e3266): read its 28 failures and fixed them by
# class (test_math_classes_heldout12.py): 260 cases, FP 1/111, FN 4/149, no timeout -- a tuning
# figure now. Left, documented: `\sqrt[4]{x^2}` against `\sqrt{x}` (FP; the gold read where it
# is real, x >= 0, as math_numeric reads every gold), "a i \cdot i" against -a (i read as a
# variable against a gold without the unit: math_complex), "minus five by eight" ("by" is not a
# fraction bar: math_spoken) and two Isaac Physics formulas equal only for positive quantities
# (`2 pi r / sqrt(k/r)` against `2 pi sqrt(r^3/k)`: sampled over both signs, as `\sqrt{x^2}` is
# not x). `slow` like the other spent audits. math25's hedge class (a value its clause doubts is
# no answer, test_math_classes_heldout21.py) refuses "I think the answer is 2/7" for 2/7, whose
# label counts the hedge as the answer: FN 5/149 since.
HELDOUT12_FP, HELDOUT12_FN = 1, 5


@pytest.mark.slow
def test_suite_pairs_heldout12_rates(grader):
    _audit_split(grader, "heldout12", (260, 149), HELDOUT12_FP, HELDOUT12_FN)


# heldout13: collection 15 (suite_pairs_c15.py: 33 projects' answer checkers -- Numbas' JME
# marking, CAMEL's MathVerifier, a mark-scheme equivalence checker, a CAS conformance suite, a
# LaTeX normal-form engine, TypeScript/JavaScript/Kotlin/C++/Rust expression checkers, French,
# Korean, Spanish and Chinese tutors' answer and step checkers, RL reward tests; 276 cases after
# repeats were dropped, 102 not equivalent, the largest project 60 of them), committed (07e3266)
# before math15 read heldout12 or changed the grader, and measured ONCE after math15's classes
# (4e4c08b), counts only: 276 cases, FP 1/102 (1.0%), FN 12/174 (6.9%), no timeout, 49 s at a
# load average of 5.6. By source: the mark-scheme checker FP 1/34, FN 6/26; AnswerValidator, the
# CAS conformance suite, the French curriculum guard, the plan compiler, maths.reward_simple and
# the symbolic-regression metrics FN 1 each; the other 26 sources no miss. math16 then SPENT it
# (after committing collection 16 as heldout14, fa1b6cc): read its 13 failures and fixed them by
# class (test_math_classes_heldout13.py: "or" in another language, names with a digit, Euler's
# form, a base in a log's name, units on their own, unit names math-verify drops, standard form
# with a space, a fraction then a space, letters ending an expression, a conclusion's verb):
# 276 cases, FP 0/102, FN 0/174, no timeout -- a tuning figure now. `slow` like the other spent
# audits.
HELDOUT13_FP, HELDOUT13_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout13_rates(grader):
    _audit_split(grader, "heldout13", (276, 174), HELDOUT13_FP, HELDOUT13_FN)


# heldout14: collection 16 (suite_pairs_c16.py: pie-framework/math-validation's symbolic fixtures,
# google/mathsteps' simplifier table, PrairieLearn's sympy tables, Korean, Chinese and Japanese
# tutors' graders, an eval SDK's math_reward tests, lmms-eval, a physics verifier, grader
# regression tables, answer-matching self-tests, an LLM judge's few-shot table; 353 cases after
# repeats were dropped, 167 not equivalent, 23 projects, the largest 130 of them), committed
# (fa1b6cc) before math16 read heldout13 or changed the grader, and measured ONCE after math16's
# classes (0ddf4b2), counts only, with nothing tuned on it since: 353 cases, FP 2/167 (1.2%), FN
# 30/186 (16.1%), no timeout, 54 s at a load average of 3.4. By source: studymate FN 10/33, the
# maths tutor's vitest FN 6/8, pie-framework FP 2/94, FN 5/36, the grader regression table FN
# 3/15, PrairieLearn FN 2/12, mathsteps, the eval SDK, the physics verifier and the grader
# comparison script FN 1 each; the other 14 sources no miss. math17 then SPENT it (after
# committing collection 17 as heldout15, e971fe3): read its 32 failures and fixed them by class
# (test_math_classes_heldout14.py: fullwidth forms, vulgar fractions and CJK unit signs; Korean,
# Chinese and Japanese answer phrases and copulas; counters after a number; Chinese numerals and
# 又 mixed numbers; chains of inequalities by their solution sets; the gold's variables are no
# units; volume units; plain absolute-value bars; a bracketed number as a factor; a lone letter
# after a product sign; grouped digits inside an expression; ratios of three numbers; numbered
# parts; a sentence's value): 353 cases, FP 0/167, FN 2/186, no timeout -- a tuning figure now.
# Left: `i * i * n` against `-n` (i stays a variable against a gold without the unit, as
# heldout12 left `a i \cdot i`) and a gold in Chinese prose naming three counts ("红筐有10个，
# 粉筐有17个，绿筐有12个" against "10个,17个,12个": labelled prose is no answer form). `slow` like
# the other spent audits.
HELDOUT14_FP, HELDOUT14_FN = 0, 2


@pytest.mark.slow
def test_suite_pairs_heldout14_rates(grader):
    _audit_split(grader, "heldout14", (353, 186), HELDOUT14_FP, HELDOUT14_FN)


# heldout15: collection 17 (suite_pairs_c17.py: a Hebrew homework checker's golden tables, a
# hard-math RL environment's true/false positive tables, an evaluation engine's math comparison,
# Learnosity's MathCore spec, Spanish, Dutch, Russian and Chinese tutors' checkers, nti.assessment,
# Moodle Formulas' unit conversions, a PHP LMS's CAS engine, a C# normalizer, RL reward and eval
# graders; 330 cases after repeats were dropped, 102 not equivalent, 21 projects, the largest 62
# of them), committed (e971fe3) before math17 read heldout14 or changed the grader, and measured
# ONCE after math17's classes (3b9ef72), counts only, with nothing tuned on it since: 330 cases,
# FP 0/102 (0.0%), FN 32/228 (14.0%), no timeout, 25 s at a load average of 3.3. By source: the
# evaluation engine FN 11/41, Moodle Formulas' unit conversions FN 11/18, Learnosity FN 4/51, the
# Hebrew checker FN 3/30, the RL environment, the PHP LMS and the Russian step solver FN 1 each;
# the other 14 sources no miss. Then SPENT by math18 (after committing collection 18 as heldout16,
# 053ee8a): read its 32 failures and fixed them by class (test_math_classes_heldout15.py: any SI
# unit with a prefix, a math delimiter cut in half, algebra said in words, letters glued
# together, TeX's one-token arguments, a variable before brackets, equations with the same simple
# roots): 330 cases, FP 0/102, FN 1/228, no timeout -- a tuning figure now. Left: the true
# computation `\frac{20}{4} + \frac{5}{4} = \frac{25}{4}` against 25/4 (an equation without a
# lone variable is a statement, not a value, even a true one: issue 9's convention,
# test_math_verifier's `\boxed{2+3=5}` against 5). `slow` like the other spent audits.
HELDOUT15_FP, HELDOUT15_FN = 0, 1


@pytest.mark.slow
def test_suite_pairs_heldout15_rates(grader):
    _audit_split(grader, "heldout15", (330, 228), HELDOUT15_FP, HELDOUT15_FN)


# heldout16: collection 18 (suite_pairs_c18.py: Knowre's Korean answer-check presets, an Uzbek LMS,
# a precalculus inequality trainer, a physics/chemistry tutor library with units, a calculus tutor's
# verifier, a Go CAS, a symbolic verifier's VERIFIED/REFUTED tables, a reasoning server's table of
# algebra slips, an LLM-eval tool's math-equivalent assertion, quiz/study/eval helpers; 322 cases
# after repeats were dropped, 104 not equivalent, 23 projects, the largest 59 of them), committed
# (053ee8a) before math18 read heldout15 or changed the grader, and measured ONCE after math18's
# classes (802fbd3), counts only, with nothing tuned on it since: 322 cases, FP 2/104 (1.9%),
# FN 20/218 (9.2%), one check timed out, 102 s at a load average of 6. By source: the LLM-eval
# assertion tests FN 13/59, tutorlib FP 2/39, the algebra practice app FN 2/8, the inequality
# trainer FN 2/7, Knowre, the Go CAS and the study helper FN 1 each; the other 16 sources no miss.
# Counted again (counts only) after 394474a restored issue 9's statement convention: FP 2, FN 20,
# no timeout, 30 s. math19 then read its 22 failures (after heldout17 was committed and measured;
# no grader change): SPENT, not yet tuned on. Seen: FP 2 -- `v1` and `x1 + x2` read as v*1
# and x*1 + x*2 (apparently a digit after a letter taken as a factor when the gold has no such
# name); FN -- several letters after a coefficient (`1.5ab`, `−3ab`), `\frac{1}\pi` (a command
# as a one-token argument), `cos 4` and `sin x` without brackets, `≈ 5.09` and labelled
# approximations against a decimal gold, a leading `=`, trailing prose or a parenthetical after
# the value, `After ... we get`, set-builder with `or` against a union with `U`, an equation
# against its cube, and two conventions: `230/530 = 23/53` (issue 9: a statement) and `y=x4` =
# `y=4x` (a Go CAS reads x4 as 4x; veriloop reads a name).
# Tuned on by math20, class by class (test_math_classes_heldout16.py: an indexed name is never a
# product with its digits -- the cause of both FPs was math-verify reading `v1` as v*1, not the
# CAS path; letters after a number as the gold's variables; a command as a one-token fraction
# argument beside a braced one; functions without brackets; an approximation to a decimal gold's
# places; a leading `=`; prose lead-ins and remarks; set-builder notation): FP 0/104, FN 3/218 --
# a tuning figure now. Left: the two conventions above and an equation against its cube
# (`x - 4 = cbrt(5y - 2)` vs `(x - 4)^3 = 5y - 2`). Every other spent split, the shipped pairs
# and Math-Verify's public pairs kept every verdict (7038266 vs math20, all 4511 rows).
HELDOUT16_FP, HELDOUT16_FN = 0, 3


def test_suite_pairs_heldout16_rates(grader):
    _audit_split(grader, "heldout16", (322, 218), HELDOUT16_FP, HELDOUT16_FN)


# heldout17: collection 19 (suite_pairs_c19.py: Khan Academy's Perseus number validator, a Turkish
# tutor's CAS and misconception detector, a layered free-response grader with SI prefixes,
# Japanese, Chinese, German and Korean learning apps, eval and RL tooling's answer checkers; 300
# cases, 111 not equivalent, 27 projects, the largest 37 of them), committed (275ace9) before math19
# read heldout16's failures or changed the grader, and measured ONCE at 01623a2 (the grader of
# 6eb2aef: heldout16 was not spent, nothing changed), counts only: FP 0/111 (0.0%), FN 16/189
# (8.5%), no timeout, 24 s at a load average of 2. By source: a hierarchical GRPO project's reward
# tests FN 5/15, a Chinese practice app FN 3/9, a maths lesson app and the layered grader FN 2 each,
# four sources one each; the other 19 sources no miss. Counted once more by math21 at 1998c05 with
# the grader of math20 (ca123e5, tuned on heldout16, not on this split), after collection 20 was
# committed as heldout18 and before any heldout17 failure was read, counts only: FP 0/111 (0.0%),
# FN 13/189 (6.9%), no timeout, 7 s -- the figure of a grader not tuned on heldout17. The bar below
# is that measurement, so a regression fails; the xfail records whether the bar is met.
# math21 then SPENT it: read the 13 false negatives and fixed their seven classes
# (test_math_classes_heldout17.py: an angle in degrees against radians, an operator name as a
# subscript label, SI quantities in e-notation with derived units and lists, Chinese unit names, a
# bare condition on one unknown against a set, a pronoun sentence after an answer anchor, a set
# answer against a gold list with a repeated member): FP 0/111, FN 0/189 -- a tuning figure now.
# Every other split, the shipped pairs and Math-Verify's public pairs kept every verdict (4811
# rows, old vs new, in the worker pool).
HELDOUT17_FP, HELDOUT17_FN = 0, 0


def test_suite_pairs_heldout17_rates(grader):
    _audit_split(grader, "heldout17", (300, 189), HELDOUT17_FP, HELDOUT17_FN)


# heldout18: collection 20 (suite_pairs_c20.py: nerdamer's and Algebrite's CAS tables, a Spanish
# step verifier's curriculum battery, a German answer-form judge, a GCSE course, a Russian school
# notebook, a Shanghai course, step checkers and mistake classifiers; 328 cases, 104 not
# equivalent, 22 projects, the largest 63 of them), committed (1998c05) before math21 read
# heldout17's failures or changed the grader, and measured ONCE at 5bf4e29 (math21's grader, after
# heldout17's classes), counts only: FP 0/104 (0.0%), FN 15/224 (6.7%), no timeout, 8 s at a load
# average of 3 on two cores. By source: Algebrite's tables FN 5, nerdamer's TeX printer FN 4, its
# comparator and simplifier FN 2, four more misses among the other 20 projects. The bar below is
# that measurement, so a regression fails; the xfail records whether the bar is met.
# math22 then SPENT it (after committing collection 21 as heldout19): read the 15 false negatives
# and fixed six classes (test_math_classes_heldout18.py: a closed form that cancels to 0, an
# upright function name `\mathrm{cos}`, i in an exponent of e, an x between numbers as a product
# sign in plain text, letters raised with their bracket read as units, named quantities as whole
# names -- the last also closed a false positive, "forec" against "force"): FP 0/104, FN 1/224 --
# a tuning figure. The one left is `(x+2)(x+3) = x^2+5x+6` against `x^2+5x+6` (an equation without
# a lone variable is a statement). Every other split but the blind heldout19, the shipped pairs and
# Math-Verify's public pairs kept every verdict (5139 rows, old vs new, in the worker pool).
HELDOUT18_FP, HELDOUT18_FN = 0, 1


def test_suite_pairs_heldout18_rates(grader):
    _audit_split(grader, "heldout18", (328, 224), HELDOUT18_FP, HELDOUT18_FN)


# heldout19: collection 21 (suite_pairs_c21.py: SymPy's LaTeX, Mathematica and implicit-
# multiplication parser tables, RL and eval projects' answer checkers -- a post-training lab's
# exact verifier with negated and hedged answer labels, Python and engineering notation -- and
# tutoring, step and mistake checkers in Chinese, Russian, Korean, Polish, Bosnian and R apps; 387
# cases, 119 not equivalent, 38 projects, the largest 51 of them), committed (108e8d1) before
# math22 read heldout18's failures or changed the grader, and measured ONCE at 9e28be6 (math22's
# grader, after heldout18's classes), counts only: FP 12/119 (10.1%), FN 42/268 (15.7%), no
# timeout, 6 s at a load average of 3 on two cores. By source: SymPy's Mathematica parser table FN
# 19, its implicit-multiplication and LaTeX tables FN 3 and 2; the post-training lab's verifier FP
# 9; a math-agent evaluator FN 6 and FP 1; the tutoring apps FN 6; eight more among five projects.
# The bar below is that measurement, so a regression fails; the xfail records whether the issue's
# bar is met. math23 then SPENT it (after committing collection 22 as heldout20, 8c6d492): read
# the 54 failures and fixed their classes (test_math_classes_heldout19.py: a value its own text
# disowns, a TeX line break taken for a box, a conjunction of statements, yards and miles, a value
# a sentence only mentions, Mathematica syntax, Python's `**` and Fraction, a bare log against ln,
# log bases in subscript digits, a number before a binomial, a gold said in words, "finally",
# digit groups in a fraction, a typed plus-minus sign, degrees in words inside a trig function,
# `sqrt{}` without its backslash): FP 2/119, FN 8/268 -- a tuning figure. Left, as conventions: a
# tuple against a set, the last of two <answer> tags, hedges ("20?", "mislim da je 5/8"), `I` as
# the imaginary unit, "i" as "and" in a Bosnian list, a reply on two lines against a list, and
# NaviMath's mixed-number and slash encodings (3). Every other split but the blind heldout20, the
# shipped pairs and Math-Verify's public pairs kept every verdict (5526 rows, old vs new).
HELDOUT19_FP, HELDOUT19_FN = 2, 8


def test_suite_pairs_heldout19_rates(grader):
    _audit_split(grader, "heldout19", (387, 268), HELDOUT19_FP, HELDOUT19_FN)


# heldout20: collection 22 (suite_pairs_c22.py: latex2sympy2_extended's parser table as vendored in
# VLMEvalKit, answer checkers of RL, eval and inference tooling -- an inference router's benchmark
# grader with replies carrying working, self-corrections and sign errors -- tutoring checkers in
# Chinese, French, German, Spanish, Azerbaijani, Vietnamese, Indonesian, Korean and Japanese apps,
# step and mistake checkers; 317 cases, 100 not equivalent, 29 projects, the largest 57 of them),
# committed (8c6d492) before math23 read heldout19's failures or changed the grader, and measured
# ONCE at e4e651a (math23's grader, after heldout19's classes), counts only: FP 3/100 (3.0%), FN
# 34/217 (15.7%), no timeout, 16 s at a load average of 3. By source: the latex2sympy2 table FN
# 17/57, the inference router's grader FN 12/36, a Chinese lesson app FP 2 and FN 1, a Chinese
# homework service FP 1, five more sources FN 1 each; the other 20 sources no miss. The bar below
# is that measurement, so a regression fails; the xfail records whether the bar is met.
# math24 then SPENT it (after committing collection 23 as heldout21, 0bdcc1f): read the 37 failures
# and fixed their classes (test_math_classes_heldout20.py: a list that repeats or drops an entry,
# a value called nonsense or wrong after it ("12胡说"), set algebra on finite sets, sympy's function
# calls against TeX, a grouped number next to an operator, a number before a bracketed fraction,
# unit names spelled out, a lone letter as one side of an equation, semicolon lists, a true
# calculation states its result, a reply of working ends with its value): FP 0/100, FN 4/217 -- a
# tuning figure. Left, as conventions: `(x!)!` (refused by the size bounds), `x2` as a product, a
# reply that opens with its answer ("16. He keeps 8 and buys 8.") and a last step in words
# ("minus 3 = 37"). Every other split but the blind heldout21, the shipped pairs and Math-Verify's
# public pairs kept every verdict but three that moved to their label (5843 rows, old vs new).
HELDOUT20_FP, HELDOUT20_FN = 0, 4


def test_suite_pairs_heldout20_rates(grader):
    _audit_split(grader, "heldout20", (317, 217), HELDOUT20_FP, HELDOUT20_FN)


# heldout21: collection 23 (suite_pairs_c23.py: answer checkers of RL and eval tooling -- a
# reasoning pipeline's equivalence suite with matrices, vectors and function families, a Japanese
# evaluation suite's plus-minus and complex tables, negated and self-corrected replies,
# value-boundary traps -- tutoring checkers of a maths chatbot, Dutch, Japanese and Vietnamese apps,
# mistake checkers; 341 cases, 139 not equivalent, 31 projects, the largest 68 of them), committed
# (0bdcc1f) before math24 read heldout20's failures or changed the grader, and measured ONCE at
# 0cb48fc (math24's grader, after heldout20's classes), counts only: FP 9/139 (6.5%), FN 49/202
# (24.3%), no timeout, 31 s at a load average of 3.5 on two cores. By source: the reasoning
# pipeline's equivalence suite FN 16 and FP 2 of 68, the Japanese evaluation suite FN 10/60, a
# rubric scorer's negated replies FP 7/14, an OpenRLHF fork's reward examples FN 4, a Japanese
# financial-QA scorer FN 4, a Chinese STEM tutor's comparative eval FN 4, an extraction library's
# matcher FN 3, an agent-evaluation numeric scorer FN 2, six more sources FN 1 each; the other 17
# sources no miss. math25 then SPENT it (after committing collection 24 as heldout22, 13948e5):
# read the 58 failures and fixed their classes (test_math_classes_heldout21.py: a negated or
# hedged statement of the value is no answer, a set by a rule over listed indices, a row matrix
# is not a column vector, plus-minus against the values listed, Euler's formula, the Japanese
# accounting minus and answer label, CJK sentences and replies of working that state their value,
# extraction surfaces, a named quantity, `\mathrm{diag}`): FP 0/139, FN 17/202 -- a tuning
# figure. Left, as conventions or larger work: several plus-minus signs in one entry (linked or
# independent), a bracketed pair as a list (`[2, 4]` for `\{2, 4\}`), a percent against a
# plain number ("1,000%" for 10), families of functions with renamed parameters, `H_2`, roots of
# unity listed against their rule, Chinese labelled results and an amount against a rate. Every
# other split but the blind heldout22, the shipped pairs and Math-Verify's public pairs kept every
# verdict but one, heldout12's hedge (5843 rows, old vs new).
HELDOUT21_FP, HELDOUT21_FN = 0, 17


def test_suite_pairs_heldout21_rates(grader):
    _audit_split(grader, "heldout21", (341, 202), HELDOUT21_FP, HELDOUT21_FN)


# heldout22: collection 24 (suite_pairs_c24.py: a Greek MATH-500 comparator's regression table,
# reward and verifier tests of RL projects, unit-aware matchers, tutoring checkers -- a browser
# algebra tutor's mistake engine, Canadian, Kotlin, Russian, Spanish, Rust and Japanese apps -- and
# Mathics3's arithmetic table; 320 cases, 112 not equivalent, 42 projects, the largest 63 of
# them), committed (13948e5) before math25 read heldout21's failures or changed the grader, and
# measured ONCE at 309a089 (math25's grader, after heldout21's classes), counts only: FP 6/112
# (5.4%), FN 19/208 (9.1%), no timeout, 23 s at a load average of 3.3 on two cores. By source:
# Mathics3's arithmetic table FN 9/42, the Greek comparator table FP 5 of 63, a power-system unit
# checker FN 3/6, a Canadian quiz site FN 2, a self-play verifier FP 1, five more sources FN 1
# each; the other 32 sources no miss. math26 then SPENT it (after committing collection 25 as
# heldout23, c85389d): read the 25 failures and fixed their classes
# (test_math_classes_heldout22.py: two numbers written out in decimals that differ far down are
# different numbers, an option inside the text of its "or" is no unit, a thin space after a
# thousands comma groups digits, a tuple lists named values in the order of their names,
# Mathematica's real CubeRoot, a reply naming its number the answer first): FP 0/112, FN 16/208 --
# a tuning figure. Left, as conventions or larger work: Mathematica's `I` as the imaginary unit
# (collection 21's convention) and spaces as products, unit conversions (kV and V, kVA and MVA,
# minutes and hours), a temperature or cent sign against the bare number, lines of working ending
# with the value, a value declared wrong in a later sentence, "There were 8, then there were 11.".
# Every other split but the blind heldout23, the shipped pairs and Math-Verify's public pairs kept
# every verdict (5843 rows, old vs new).
HELDOUT22_FP, HELDOUT22_FN = 0, 16


def test_suite_pairs_heldout22_rates(grader):
    _audit_split(grader, "heldout22", (320, 208), HELDOUT22_FP, HELDOUT22_FN)


# heldout23: collection 25 (suite_pairs_c25.py: reward, verifier and evaluator tests of RL and eval
# tooling, tutoring checkers -- Swift, R, Kotlin and children's apps, a Russian photo checker,
# mistake diagnosers -- math-blocks' step checker, repeating decimals from two equal-rational-numbers
# suites, and Symja's CAS table; 314 cases, 96 not equivalent, 39 sources, the largest 60 of them),
# committed (c85389d) before math26 read heldout22's failures or changed the grader, and measured
# ONCE at 49c335a (math26's grader, after heldout22's classes), counts only: FP 4/96 (4.2%), FN
# 62/218 (28.4%), no timeout, 226 s at a load average of 6.5 on two cores. By source: Symja's
# table FN 48/60, the Go equal-rational-numbers table FN 6/9, a benchmark runner's adapters FN 2,
# the Kotlin equal-rational-numbers tests FP 2, a multi-source reward self-test and a verifier plan's
# LaTeX tests FP 1 each, six more sources FN 1 each; the other 27 sources no miss. math27 then
# SPENT it (after committing collection 26 as heldout24, 8094107): read the 66 failures and fixed
# their classes (test_math_classes_heldout23.py: a repeating part in brackets is a repeating
# decimal, a decimal longer than 6 places must round the value it is matched with, Mathematica's
# functions with round brackets as Symja writes them, calls that only rewrite a value, a markdown
# code span, an answer label in another language): FP 1/96, FN 21/218 -- a tuning figure. Left,
# as conventions or larger work: pi against its 14-place rounding (the suite wants the exact form),
# Mathematica's `I` (collection 21's convention), `D`, `Integrate`, `Arg`, `ArgMax` as CAS calls,
# ArcTan(x) + ArcCot(x) as pi/2 (false for x < 0 in Symja's own branches), (a^m)^n as (a^n)^m,
# a number inside a sentence that states nothing ("She makes $18 every day", "total 10."), "My
# answer is 4 and then ..." and "we compute 3 + 4 = 7". Every other split but the blind heldout24,
# the shipped pairs and Math-Verify's public pairs kept every verdict (6504 rows, old vs new).
HELDOUT23_FP, HELDOUT23_FN = 1, 21


@pytest.mark.slow
def test_suite_pairs_heldout23_rates(grader):
    _audit_split(grader, "heldout23", (314, 218), HELDOUT23_FP, HELDOUT23_FN)


# heldout24: collection 26 (suite_pairs_c26.py: step checkers -- a step-assessing mathsteps fork,
# an Italian tutor, a Rust CAS's step API, a SymPy step verifier, a Prolog CAS -- answer checkers
# with units and GSM8K replies, Maxima's and AngouriMath's exact tables; 121 cases, 47 not
# equivalent, 14 projects, the largest 24 of them), committed (8094107) before math27 read
# heldout23's failures or changed the grader, and measured ONCE at 416d558 (math27's grader, after
# heldout23's classes), counts only: FP 0/47 (0%), FN 17/74 (23.0%), 830 s at a load average of 9
# on two cores (one of the misses a check that did not finish under that load). By source: a
# French physics app's unit validator FN 11 (of 21), Maxima's abs table FN 3, the mathsteps fork's
# steps, a strict learning-app matcher and an Italian tutor's steps FN 1 each; the other 10
# sources no miss. math28 then SPENT it (after committing collection 27 as heldout25, 5a4f677):
# read the failures and fixed their classes (test_math_classes_heldout24.py: a quantity set with
# siunitx, its number as a LaTeX fraction or in standard form, Maxima's constants, a lone Greek
# letter as its Unicode character, a cube or fourth root sign): FP 0/47, FN 0/74 -- a tuning
# figure. Every other split but the blind heldout25, the shipped pairs and Math-Verify's public
# pairs kept every verdict (old vs new).
HELDOUT24_FP, HELDOUT24_FN = 0, 0


@pytest.mark.slow
def test_suite_pairs_heldout24_rates(grader):
    _audit_split(grader, "heldout24", (121, 74), HELDOUT24_FP, HELDOUT24_FN)


# heldout25: collection 27 (suite_pairs_c27.py: tutors' checkers -- a Dutch tutor's correctness and
# misconception matchers, a Socratic tutor's verification tools, an algebra step checker, a French
# 'calcul littéral' engine, a rational-expression validator -- and reward, verifier and scorer
# tests of 35 RL and eval projects; 310 cases, 120 not equivalent, 42 projects, the largest 28 of
# them), committed (5a4f677) before math28 read heldout24's failures or changed the grader, and
# measured ONCE at 3477663 (math28's grader, after heldout24's classes), counts only: FP 0/120
# (0%), FN 9/190 (4.7%), no timeout, 52 s at a load average of 8 on two cores. By source: a GRPO
# library's <SOLUTION>-tag reward FN 3, an RL lab's '####' rewards FN 2, a boxed-reward table with
# scientific notation FN 2, a safe evaluator's printed results and an RL experiments repository's
# verifiers FN 1 each; the other 33 sources no miss. The bar below is that measurement, so a
# regression fails; the xfail records whether the bar is met.
HELDOUT25_FP, HELDOUT25_FN = 0, 9


@pytest.mark.slow
def test_suite_pairs_heldout25_rates(grader):
    _audit_split(grader, "heldout25", (310, 190), HELDOUT25_FP, HELDOUT25_FN)
