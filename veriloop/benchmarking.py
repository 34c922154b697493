"""What every benchmark shares: interleaved repeats, medians with their spread, and the
conditions of the run (load, threads, commit) printed beside the figures.

A timing on a shared machine is only worth quoting with the conditions it was taken under, and a
ratio only with its spread. `interleave` runs the sides A, B, A, B ... (so a burst of load from
elsewhere hits both sides alike) after discarding warm-up rounds; `Spread` is the median with
its quartiles and range; `paired_ratio` is the spread of the per-round ratios A_i / B_i (each
pair was taken back to back), which is what a claim like "A takes at most 0.45 of B" rests on:
it holds at its worst quartile when `q3` (or `q1` for "at least") still satisfies it.

Every script under benchmarks/ also parses its arguments with `parse_args` (which adds
`--quick`: the smallest run that still takes the whole path) and ends with `emit`, its ONE JSON
line, whose keys are the script's `JSON_KEYS`. tests/e2e/test_benchmarks_quick.py runs every
script with `--quick` and holds its line to those keys, so a script that crashes or drops a key
fails the default suite instead of rotting until someone next needs its figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
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
    import torch  # lazy: 2-5 s to import; the sandbox and server benchmarks need none

    return {"date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": _commit(), "load_avg": [round(x, 2) for x in os.getloadavg()],
            "cpus": os.cpu_count(), "cpu": platform.processor() or platform.machine(),
            "torch": torch.__version__, "torch_threads": torch.get_num_threads(),
            "torch_interop_threads": torch.get_num_interop_threads(),
            **{k.lower(): os.environ[k] for k in ("OMP_NUM_THREADS", "OMP_WAIT_POLICY",
                                                  "GOMP_SPINCOUNT") if k in os.environ}}


def parse_args(parser: argparse.ArgumentParser, quick: Mapping[str, Any],
               argv: Sequence[str] | None = None, known: bool = False) -> Any:
    """`parser.parse_args(argv)` with a `--quick` flag, under which the defaults in `quick`
    (dest -> value: a tiny model, a handful of tasks and steps) replace the parser's; arguments
    given explicitly still win. `known=True` returns `parse_known_args`'s (namespace, rest)."""
    parser.add_argument("--quick", action="store_true",
                        help="the smallest run that takes the whole path (its figures mean "
                             "nothing); `make bench-smoke` and the test suite run it")
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--quick" in argv:
        parser.set_defaults(**quick)
    return parser.parse_known_args(argv) if known else parser.parse_args(argv)


def emit(result: Mapping[str, Any], keys: Sequence[str], indent: int | None = None) -> None:
    """Print a benchmark's result as its last stdout line (one JSON line unless `indent`),
    then exit with an error if its keys are not exactly `keys` (the script's JSON_KEYS): the
    figures are printed either way, but a key dropped or added without updating JSON_KEYS fails
    the run, and with it the test of quick modes."""
    print(json.dumps(result, indent=indent), flush=True)
    missing, extra = sorted(set(keys) - set(result)), sorted(set(result) - set(keys))
    if missing or extra:
        raise SystemExit(f"error: the JSON line's keys differ from JSON_KEYS (missing {missing}, "
                         f"not listed {extra}); fix the result or JSON_KEYS in the script")
