"""What every benchmark shares: interleaved repeats, medians with their spread, and the
conditions of the run (load, threads, commit) printed beside the figures.

A timing on a shared machine is only worth quoting with the conditions it was taken under, and a
ratio only with its spread. `interleave` runs the sides A, B, A, B ... (so a burst of load from
elsewhere hits both sides alike) after discarding warm-up rounds; `Spread` is the median with
its quartiles and range; `paired_ratio` is the spread of the per-round ratios A_i / B_i (each
pair was taken back to back), which is what a claim like "A takes at most 0.45 of B" rests on:
it holds at its worst quartile when `q3` (or `q1` for "at least") still satisfies it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any


@dataclasses.dataclass(frozen=True)
class Spread:
    """Median, quartiles and range of repeated measurements."""

    median: float
    q1: float
    q3: float
    min: float
    max: float
    n: int

    @classmethod
    def of(cls, xs: Sequence[float]) -> Spread:
        if not xs:
            raise ValueError("no measurements")
        q1, _, q3 = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 \
            else (xs[0],) * 3
        return cls(statistics.median(xs), q1, q3, min(xs), max(xs), len(xs))

    def to_dict(self) -> dict[str, float]:
        return dataclasses.asdict(self)

    def __str__(self) -> str:
        return (f"{self.median:.3g} (quartiles {self.q1:.3g}-{self.q3:.3g}, "
                f"range {self.min:.3g}-{self.max:.3g}, n={self.n})")


def paired_ratio(a: Sequence[float], b: Sequence[float]) -> Spread:
    """The spread of a_i / b_i over rounds taken back to back."""
    if len(a) != len(b):
        raise ValueError(f"unpaired measurements: {len(a)} vs {len(b)}")
    return Spread.of([x / y for x, y in zip(a, b, strict=True)])


def interleave(sides: Mapping[str, Callable[[], float | None]], repeats: int,
               warmup: int = 1) -> dict[str, list[float]]:
    """Run each side once per round, in turn (A, B, A, B ...), `warmup + repeats` rounds; the
    first `warmup` rounds are discarded. A side returns its own measured seconds, or None to be
    timed here (wall clock around the call)."""
    times: dict[str, list[float]] = {name: [] for name in sides}
    for r in range(warmup + repeats):
        for name, fn in sides.items():
            t = time.perf_counter()
            own = fn()
            seconds = time.perf_counter() - t if own is None else own
            if r >= warmup:
                times[name].append(seconds)
    return times


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MiB (Linux reports KiB)."""
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kib / 1024 if sys.platform != "darwin" else kib / 2 ** 20


def _commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], check=False,
                             capture_output=True, text=True, timeout=5,
                             cwd=Path(__file__).resolve().parent)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def conditions() -> dict[str, Any]:
    """The conditions a figure was measured under: load average (1, 5, 15 min), CPUs, torch's
    thread settings and the OpenMP variables that change them, commit, date."""
    import torch

    return {"date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": _commit(), "load_avg": [round(x, 2) for x in os.getloadavg()],
            "cpus": os.cpu_count(), "cpu": platform.processor() or platform.machine(),
            "torch": torch.__version__, "torch_threads": torch.get_num_threads(),
            "torch_interop_threads": torch.get_num_interop_threads(),
            **{k.lower(): os.environ[k] for k in ("OMP_NUM_THREADS", "OMP_WAIT_POLICY",
                                                  "GOMP_SPINCOUNT") if k in os.environ}}
