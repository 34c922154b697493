"""Confidence intervals for evaluation results: pure functions over per-task numbers.

What `veriloop eval` and `veriloop compare` report, and why each method:

- **One rate, one sample per task** (`wilson`): the Wilson score interval, exact in its
  formula (`scipy.stats.binomtest(...).proportion_ci(method="wilson")`), with no resampling
  noise and a sensible width at 0/n and n/n, where a bootstrap collapses to [0, 0] and would
  claim certainty from 50 failures. Its coverage stays near 95% down to small n, unlike the
  normal (Wald) interval; Clopper-Pearson is more conservative than needed.
- **One rate, several samples per task** (`rate_interval`): the samples of one task are
  correlated (an easy task passes k times), so a binomial interval over all n·k samples is
  too narrow. We resample *tasks* (a clustered bootstrap: `scipy.stats.bootstrap` over the
  paired per-task (successes, samples) arrays, statistic = mean per-task pass rate, i.e.
  pass@1 as `metrics.summarize` defines it). Where every task has the same rate of 0 or 1 the
  bootstrap has no spread to show, so the Wilson interval over the tasks is given instead.
- **A difference between two evaluations on the same tasks** (`paired_difference`): a paired
  bootstrap: tasks are resampled once and both sides keep their own result on each drawn
  task, so the CI of mean(B) − mean(A) reflects only how the two differ task by task.
- **Across training seeds** (`aggregate_seeds`): mean, a percentile bootstrap CI of the mean
  over seeds, and the interquartile mean as rliable defines it (`rliable.metrics.
  aggregate_iqm` is `scipy.stats.trim_mean(x, 0.25)`). rliable 1.2.0 itself is not a
  dependency: its `library` module imports `arch`, whose releases allowed by rliable
  (< 8.0) fail to import with the pandas 3 installed here, and the one function we need is
  that single scipy call.

Bootstraps use the percentile method with 10,000 resamples and a fixed seed, so a result
file gives the same interval every time. Percentile rather than BCa: BCa's acceleration is a
jackknife that is undefined (NaN) when every per-task value is alike — which happens often
on small held-out sets (both models solve the same tasks: every paired difference is 0) —
and for means of values in [0, 1] over 30+ tasks the two differ by far less than the width.

Sizing held-out sets: `half_width` gives the Wilson half-width a held-out size gives at a
pass rate; `tasks_to_resolve` the number of tasks a paired comparison needs to tell a change
of `delta` from zero, which depends on how many tasks change outcome between the two models.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

CONFIDENCE = 0.95
RESAMPLES = 10_000
SEED = 0


class Interval(NamedTuple):
    """A point estimate with its confidence interval over `n` tasks (or seeds)."""

    mean: float
    ci_low: float
    ci_high: float
    n: int

    def to_dict(self) -> dict[str, float | int]:
        return {"mean": self.mean, "ci_low": self.ci_low, "ci_high": self.ci_high, "n": self.n}

    def excludes_zero(self) -> bool:
        return self.ci_low > 0 or self.ci_high < 0


class SeedAggregate(NamedTuple):
    """A metric across training seeds: mean with its bootstrap CI (None with one seed) and
    the interquartile mean (IQM)."""

    mean: float
    ci_low: float | None
    ci_high: float | None
    iqm: float
    n: int

    def to_dict(self) -> dict[str, float | int | None]:
        return self._asdict()


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> Interval:
    """Wilson score interval of the rate successes / n."""
    if n < 1 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n and n >= 1, got {successes} of {n}")
    from scipy import stats  # lazy: scipy.stats costs ~1 s at CLI start-up

    ci = stats.binomtest(successes, n).proportion_ci(confidence_level=confidence,
                                                     method="wilson")
    return Interval(successes / n, float(ci.low), float(ci.high), n)


def _bootstrap(data: tuple[np.ndarray, ...], statistic, confidence: float, seed: int,
               resamples: int, paired: bool) -> tuple[float, float]:
    from scipy import stats  # lazy: scipy.stats costs ~1 s at CLI start-up

    result = stats.bootstrap(data, statistic, n_resamples=resamples, paired=paired,
                             vectorized=True, confidence_level=confidence,
                             method="percentile", rng=np.random.default_rng(seed))
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE, seed: int = SEED,
                  resamples: int = RESAMPLES) -> Interval:
    """Mean of per-task values (e.g. each task's pass@k estimate) with a percentile bootstrap
    CI over tasks; a single task gives [value, value]."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        raise ValueError("no values to take a mean of")
    if x.size == 1 or np.all(x == x[0]):
        return Interval(float(x[0]), float(x[0]), float(x[0]), int(x.size))
    low, high = _bootstrap((x,), lambda v, axis: v.mean(axis=axis), confidence, seed,
                           resamples, paired=False)
    return Interval(float(x.mean()), low, high, int(x.size))


def cluster_bootstrap(successes: Sequence[int], samples: Sequence[int],
                      confidence: float = CONFIDENCE, seed: int = SEED,
                      resamples: int = RESAMPLES) -> Interval:
    """pass@1 (mean over tasks of successes / samples) with a percentile bootstrap CI that
    resamples tasks, each keeping all its samples (a clustered bootstrap)."""
    c, n = np.asarray(successes, dtype=float), np.asarray(samples, dtype=float)
    if c.shape != n.shape or c.size == 0 or np.any(n < 1) or np.any(c < 0) or np.any(c > n):
        raise ValueError("need one (successes, samples) pair per task, 0 <= successes <= "
                         "samples, samples >= 1")
    rates = c / n
    if c.size == 1 or np.all(rates == rates[0]):
        return Interval(float(rates[0]), float(rates[0]), float(rates[0]), int(c.size))
    low, high = _bootstrap((c, n), lambda c_, n_, axis: (c_ / n_).mean(axis=axis), confidence,
                           seed, resamples, paired=True)
    return Interval(float(rates.mean()), low, high, int(c.size))


def rate_interval(successes: Sequence[int], samples: Sequence[int],
                  confidence: float = CONFIDENCE, seed: int = SEED,
                  resamples: int = RESAMPLES) -> Interval:
    """pass@1 with its CI: Wilson when every task has one sample, or when every task's rate
    is 0 or every one is 1 (Wilson over the tasks); else `cluster_bootstrap`."""
    c, n = np.asarray(successes, dtype=float), np.asarray(samples, dtype=float)
    rates = c / n if c.shape == n.shape and np.all(n >= 1) else None
    if rates is not None and c.size and (np.all(n == 1) or np.all(rates == 0)
                                         or np.all(rates == 1)):
        if np.any(c < 0) or np.any(c > n):
            raise ValueError("need 0 <= successes <= samples for every task")
        return wilson(int(rates.sum()), int(c.size), confidence)._replace(
            mean=float(rates.mean()))
    return cluster_bootstrap(successes, samples, confidence, seed, resamples)


def paired_difference(a: Sequence[float], b: Sequence[float], confidence: float = CONFIDENCE,
                      seed: int = SEED, resamples: int = RESAMPLES) -> Interval:
    """mean(b) − mean(a) over the same tasks (a[i] and b[i] are task i's rates under A and B)
    with a paired percentile bootstrap CI; tasks whose results are equal on both sides add
    no spread, so all-equal pairs give [Δ, Δ]."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if x.shape != y.shape or x.ndim != 1 or x.size == 0:
        raise ValueError(f"need two equally long, non-empty per-task lists, got {x.shape} and "
                         f"{y.shape}")
    delta = float(y.mean() - x.mean())
    d = y - x
    if x.size == 1 or np.all(d == d[0]):
        return Interval(delta, delta, delta, int(x.size))
    low, high = _bootstrap((x, y), lambda x_, y_, axis: y_.mean(axis=axis) - x_.mean(axis=axis),
                           confidence, seed, resamples, paired=True)
    return Interval(delta, low, high, int(x.size))


def iqm(values: Sequence[float]) -> float:
    """Interquartile mean: the mean of the middle 50% (rliable's `aggregate_iqm`)."""
    from scipy import stats  # lazy: scipy.stats costs ~1 s at CLI start-up

    return float(stats.trim_mean(np.asarray(values, dtype=float), proportiontocut=0.25,
                                 axis=None))


def aggregate_seeds(values: Sequence[float], confidence: float = CONFIDENCE, seed: int = SEED,
                    resamples: int = RESAMPLES) -> SeedAggregate:
    """A metric's value per training seed -> mean, bootstrap CI of the mean across seeds
    (None for one seed; crude below ~5 seeds: with 3 there are only 10 distinct resamples),
    and IQM."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        raise ValueError("no seeds to aggregate")
    if x.size == 1:
        return SeedAggregate(float(x[0]), None, None, float(x[0]), 1)
    ci = mean_interval(x, confidence, seed, resamples)
    return SeedAggregate(ci.mean, ci.ci_low, ci.ci_high, iqm(x), int(x.size))


def half_width(n: int, p: float = 0.5, confidence: float = CONFIDENCE) -> float:
    """Half-width of the Wilson interval that `n` tasks (one sample each) give at pass rate p
    (p = 0.5 is the widest)."""
    ci = wilson(round(p * n), n, confidence)
    return (ci.ci_high - ci.ci_low) / 2


def resolution_line(n: int, p: float = 0.5, confidence: float = CONFIDENCE) -> str:
    """e.g. 'n=50 tasks: ±0.13 at p=0.5 (95% Wilson)'."""
    return (f"n={n} tasks: ±{half_width(n, p, confidence):.2f} at p={p:g} "
            f"({confidence:.0%} Wilson)")


def tasks_to_resolve(delta: float = 0.10, discordant: float = 0.20,
                     confidence: float = CONFIDENCE, power: float = 0.80) -> int:
    """Tasks (one sample each) a paired comparison needs so that a true change of `delta`
    gives a CI excluding 0 with probability `power`, when a share `discordant` of the tasks
    changes outcome between A and B (so the per-task difference has variance
    discordant − delta²). power = 0.5: the size at which an observed `delta` just excludes 0."""
    if not 0 < delta <= discordant <= 1:
        raise ValueError(f"need 0 < delta <= discordant <= 1, got delta={delta}, "
                         f"discordant={discordant}")
    from scipy import stats  # lazy: scipy.stats costs ~1 s at CLI start-up

    z = stats.norm.ppf(1 - (1 - confidence) / 2) + stats.norm.ppf(power)
    return math.ceil(z * z * (discordant - delta * delta) / (delta * delta))
