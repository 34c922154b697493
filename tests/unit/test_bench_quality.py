"""Benchmark quality on a synthetic suite whose properties are known: a saturated task, an
impossible one, a discriminating one and an easy one, over three checkpoints of rising quality;
Cohen's kappa by hand."""

import pytest

from veriloop.eval.quality import cohen_kappa, pearson, suite_quality, verifier_agreement

RESULTS = {  # solve rates per checkpoint
    "weak": {"saturated": 1.0, "impossible": 0.0, "discriminating": 0.0, "easy": 0.5},
    "medium": {"saturated": 1.0, "impossible": 0.0, "discriminating": 0.5, "easy": 1.0},
    "strong": {"saturated": 1.0, "impossible": 0.0, "discriminating": 1.0, "easy": 1.0},
}


def test_synthetic_suite():
    q = suite_quality(RESULTS)
    by = {t.task_id: t for t in q.tasks}
    assert [t.task_id for t in q.tasks if t.saturated] == ["saturated"]
    assert q.saturation == 0.25
    assert q.never_solved == ["impossible"]
    # difficulty = 1 - mean solve rate: 0, 1, 0.5, 1 - 2.5/3
    assert by["saturated"].difficulty == 0.0 and by["impossible"].difficulty == 1.0
    assert by["discriminating"].difficulty == 0.5
    assert by["easy"].difficulty == pytest.approx(1 / 6)
    # mean 5/12; squared deviations 0.17361 + 0.34028 + 0.00694 + 0.0625 = 0.58333, / 4
    assert q.difficulty_mean == pytest.approx(5 / 12)
    assert q.difficulty_spread == pytest.approx(0.381881, abs=1e-6)
    assert q.difficulty_histogram == [2, 0, 1, 0, 1]  # 0 and 1/6; 0.5; 1.0
    # constant solve rates separate no checkpoint
    assert by["saturated"].discrimination == 0.0 and by["impossible"].discrimination == 0.0
    # discriminating: rates (0, .5, 1) against the rest-scores (mean of the other three tasks)
    # (1.5/3, 2/3, 2/3) = (.5, .667, .667): r = 0.0833 / (0.7071 * 0.1361) = sqrt(3)/2
    assert by["discriminating"].discrimination == pytest.approx(3 ** 0.5 / 2)
    # easy: rates (.5, 1, 1) against rest-scores (1/3, 1.5/3, 2/3): r = sqrt(3)/2 as well
    assert by["easy"].discrimination == pytest.approx(3 ** 0.5 / 2)
    assert q.model_scores == {"weak": 0.375, "medium": 0.625, "strong": 0.75}


def test_a_task_better_models_fail_has_negative_discrimination():
    # two more discriminating tasks, so that the rest-scores still rank the checkpoints
    results = {m: {**r, "inverted": 1.0 - r["discriminating"], "d2": r["discriminating"],
                   "d3": r["discriminating"]} for m, r in RESULTS.items()}
    by = {t.task_id: t for t in suite_quality(results).tasks}
    assert by["inverted"].discrimination < 0 < by["discriminating"].discrimination


def test_cohen_kappa_by_hand():
    a = [1, 1, 0, 0, 1, 0, 1, 0]
    b = [1, 0, 0, 0, 1, 0, 1, 1]
    # p_o = 6/8; both say pass half the time: p_e = .5 * .5 + .5 * .5 = .5; (.75 - .5) / .5
    assert cohen_kappa(a, b) == pytest.approx(0.5)
    # p_o = 0.8; pa = 0.6, pb = 0.4: p_e = .24 + .24 = .48; (.8 - .48) / .52
    assert cohen_kappa([1, 1, 1, 0, 0], [1, 1, 0, 0, 0]) == pytest.approx(0.32 / 0.52)
    assert cohen_kappa([1, 0], [0, 1]) == pytest.approx(-1.0)
    assert cohen_kappa([1, 1], [1, 1]) == 1.0
    agreement = verifier_agreement(list("abcdefgh"), a, b)
    assert agreement.agreement == 0.75 and agreement.disagreements == ["b", "h"]
    with pytest.raises(ValueError):
        cohen_kappa([], [])


def test_pearson():
    assert pearson([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)
    assert pearson([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert pearson([1, 1, 1], [1, 2, 3]) == 0.0
