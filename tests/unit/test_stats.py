"""veriloop.eval.stats on hand-worked data: Wilson intervals, paired and clustered bootstraps,
seed aggregates (IQM) and held-out sizing."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

from veriloop.eval import stats

Z = 1.959963984540054  # the 97.5% normal quantile


def test_wilson_matches_the_hand_computed_interval():
    # 8 of 10: centre (0.8 + z²/20) / (1 + z²/10) = 0.99208 / 1.38415 = 0.71674,
    # half-width z / 1.38415 * sqrt(0.8 * 0.2 / 10 + z² / 400) = 1.41600 * 0.16001 = 0.22658
    ci = stats.wilson(8, 10)
    assert ci.mean == 0.8 and ci.n == 10
    assert ci.ci_low == pytest.approx(0.71674 - 0.22658, abs=2e-4)
    assert ci.ci_high == pytest.approx(0.71674 + 0.22658, abs=2e-4)
    # 0 of 50: [0, z² / (50 + z²)]: no success is not certainty of failure
    zero = stats.wilson(0, 50)
    assert zero.ci_low == 0 and zero.ci_high == pytest.approx(Z * Z / (50 + Z * Z), abs=1e-9)


def test_paired_bootstrap_on_a_bootstrap_distribution_worked_by_hand():
    # differences (1, 0, 0, 0): a resample's mean is X/4 with X ~ Binomial(4, 1/4).
    # P(X = 0) = 0.316 > 2.5%, so the low end is 0; P(X >= 3) = 0.0508 > 2.5% > P(X = 4) =
    # 0.0039, so the high end is 3/4.
    ci = stats.paired_difference([0, 0, 0, 0], [1, 0, 0, 0])
    assert (ci.mean, ci.ci_low, ci.ci_high, ci.n) == (0.25, 0.0, 0.75, 4)


def test_paired_bootstrap_excludes_zero_when_b_gains_on_many_tasks():
    # 40 tasks: A passes 10; B passes those and 12 more. Δ = 12/40 = 0.3, and the paired
    # differences are 12 ones and 28 zeros: s.e. sqrt(0.3 * 0.7 / 40) = 0.0725, CI ≈ ±0.142
    a = [1] * 10 + [0] * 30
    b = [1] * 22 + [0] * 18
    ci = stats.paired_difference(a, b)
    assert ci.mean == pytest.approx(0.3)
    assert ci.excludes_zero()
    assert ci.ci_low == pytest.approx(0.3 - 0.142, abs=0.03)
    assert ci.ci_high == pytest.approx(0.3 + 0.142, abs=0.03)


def test_paired_bootstrap_includes_zero_when_gains_and_losses_cancel():
    # B gains 3 tasks and loses 3 of 40: Δ = 0, var(d) = 6/40, CI ≈ ±z * sqrt(0.15 / 40) = ±0.12
    a = [1] * 20 + [0] * 20
    b = [1] * 17 + [0] * 3 + [1] * 3 + [0] * 17
    ci = stats.paired_difference(a, b)
    assert ci.mean == 0 and not ci.excludes_zero()
    assert ci.ci_low == pytest.approx(-0.12, abs=0.03) and ci.ci_high == pytest.approx(0.12,
                                                                                     abs=0.03)


def test_pairing_resolves_what_two_separate_intervals_cannot():
    # B = A plus 6 of 40 tasks: the paired CI excludes 0, the two rates' own intervals overlap
    a = [1] * 20 + [0] * 20
    b = [1] * 26 + [0] * 14
    assert stats.paired_difference(a, b).excludes_zero()
    assert stats.wilson(26, 40).ci_low < stats.wilson(20, 40).ci_high


def test_clustered_bootstrap_equals_the_plain_one_with_one_sample_per_task():
    outcomes = (np.random.default_rng(3).random(40) < 0.4).astype(int)
    clustered = stats.cluster_bootstrap(outcomes, [1] * 40, seed=7)
    plain = sps.bootstrap((outcomes,), np.mean, method="percentile", n_resamples=stats.RESAMPLES,
                          rng=np.random.default_rng(7)).confidence_interval
    assert (clustered.ci_low, clustered.ci_high) == (plain.low, plain.high)
    assert clustered.mean == outcomes.mean()


def test_clustered_bootstrap_counts_tasks_not_samples():
    # 20 tasks x 4 samples, every sample of a task alike (10 tasks pass 4/4, 10 fail 4/4):
    # the evidence is 20 tasks, not 80 independent episodes
    succ, samples = [4] * 10 + [0] * 10, [4] * 20
    clustered = stats.cluster_bootstrap(succ, samples)
    per_task = stats.mean_interval([s / 4 for s in succ])
    episodes = stats.mean_interval([1] * 40 + [0] * 40)
    assert (clustered.ci_low, clustered.ci_high) == (per_task.ci_low, per_task.ci_high)
    width = clustered.ci_high - clustered.ci_low
    assert width > 1.6 * (episodes.ci_high - episodes.ci_low)
    assert width == pytest.approx(2 * Z * (0.25 / 20) ** 0.5, abs=0.05)  # ≈ 0.44


def test_rate_interval_chooses_wilson_where_a_bootstrap_claims_certainty():
    assert stats.rate_interval([1, 0, 1, 1], [1] * 4) == stats.wilson(3, 4)
    # 30 tasks x 4 samples, all failed: a bootstrap would say [0, 0]; Wilson over 30 tasks
    none = stats.rate_interval([0] * 30, [4] * 30)
    assert (none.mean, none.ci_low, none.n) == (0.0, 0.0, 30)
    assert none.ci_high == pytest.approx(Z * Z / (30 + Z * Z), abs=1e-9)  # 0.1135
    with pytest.raises(ValueError):
        stats.rate_interval([3], [2])


def test_seed_aggregate_iqm_and_mean_on_hand_worked_numbers():
    agg = stats.aggregate_seeds([1, 2, 3, 4, 5, 6, 7, 100])
    assert agg.mean == 16.0 and agg.n == 8
    assert agg.iqm == 4.5  # 2 of 8 cut from each end: mean(3, 4, 5, 6)
    assert 1 <= agg.ci_low < agg.mean < agg.ci_high <= 100
    assert stats.iqm([0.9, 0.2, 0.6, 0.4]) == pytest.approx(0.5)  # mean(0.4, 0.6)
    one = stats.aggregate_seeds([0.3])
    assert (one.mean, one.ci_low, one.ci_high, one.iqm) == (0.3, None, None, 0.3)


def test_held_out_sizes():
    # Wilson at 25 of 50 is [0.3664, 0.6336]
    assert stats.half_width(50) == pytest.approx(0.1336, abs=1e-4)
    assert stats.resolution_line(50) == "n=50 tasks: ±0.13 at p=0.5 (95% Wilson)"
    assert stats.half_width(200) < stats.half_width(100) < stats.half_width(50)
    # (z + z_0.8)² (0.2 − 0.01) / 0.01 = 7.8489 x 19 = 149.1; at power 0.5: 3.8415 x 19 = 73.0
    assert stats.tasks_to_resolve(0.10, 0.20) == 150
    assert stats.tasks_to_resolve(0.10, 0.20, power=0.5) == 73
    with pytest.raises(ValueError):
        stats.tasks_to_resolve(0.3, 0.2)


def test_the_docs_tables_are_what_the_functions_give():
    doc = (Path(__file__).parents[2] / "docs" / "evaluation.md").read_text()
    widths = re.findall(r"^\| (\d+) \| ±([\d.]+) \| ±([\d.]+) \| ±([\d.]+) \|$", doc, re.MULTILINE)
    assert len(widths) == 7
    for n, *cells in widths:
        for p, cell in zip((0.5, 0.2, 0.1), cells, strict=True):
            assert f"{stats.half_width(int(n), p):.2f}" == cell, (n, p)
    sizes = re.findall(r"^\| (\d+)% \| (\d+) \| (\d+) \|$", doc, re.MULTILINE)
    assert len(sizes) == 4
    for share, observed, powered in sizes:
        d = int(share) / 100
        assert stats.tasks_to_resolve(0.10, d, power=0.5) == int(observed)
        assert stats.tasks_to_resolve(0.10, d) == int(powered)
