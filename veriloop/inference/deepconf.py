"""DeepConf (Fu et al., 2025, "Deep Think with Confidence"): confidence of a trace from its
token logprobs; the least confident traces are filtered out before a confidence-weighted vote,
and the online variant stops a trace once its confidence falls below a threshold calibrated on
warm-up traces of the same task.

Differences from the paper:

- token confidence: the paper's is the negative mean log-probability of the top-k candidate
  tokens at each position; policies here return only the sampled token's logprob, so a
  token's confidence is that logprob (<= 0, higher is more confident) and a window's group
  confidence is their mean;
- the vote weight of a trace is `exp(confidence)` (the geometric-mean token probability), so
  weights are positive as the paper's are;
- online stopping: backends here return whole turns, so every trace is generated in full and
  a trace that would have stopped is dropped from the vote with only the tokens up to its stop
  point counted as spent (`tokens_saved`: what an engine that stops it would not generate);
- a multi-turn episode's trace is the concatenation of its actions' logprobs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from veriloop.errors import UserError
from veriloop.inference.base import InferenceContext, Selection, SelectMethod
from veriloop.inference.voting import vote_selection
from veriloop.types import Task, Trajectory


def group_confidences(logprobs: Sequence[float], window: int) -> list[float]:
    """Mean logprob of every window of `window` consecutive tokens (stride 1); one group of all
    tokens when the trace is shorter than a window; none for an empty trace."""
    n = len(logprobs)
    if n == 0:
        return []
    if n <= window:
        return [sum(logprobs) / n]
    out, s = [], sum(logprobs[:window])
    out.append(s / window)
    for i in range(window, n):
        s += logprobs[i] - logprobs[i - window]
        out.append(s / window)
    return out


def lowest_group_confidence(logprobs: Sequence[float], window: int) -> float:
    """The lowest group confidence: a trace is as confident as its least confident stretch."""
    groups = group_confidences(logprobs, window)
    return min(groups) if groups else -math.inf


def bottom_confidence(logprobs: Sequence[float], window: int, percent: float = 10.0) -> float:
    """Mean of the lowest `percent`% group confidences (at least one)."""
    groups = sorted(group_confidences(logprobs, window))
    if not groups:
        return -math.inf
    k = max(1, math.ceil(len(groups) * percent / 100))
    return sum(groups[:k]) / k


def tail_confidence(logprobs: Sequence[float], tail: int) -> float:
    """Mean logprob of the last `tail` tokens (where the final answer is written)."""
    last = list(logprobs[-tail:]) if tail > 0 else []
    return sum(last) / len(last) if last else -math.inf


MEASURES = ("lowest", "bottom", "tail")


def trace_logprobs(trajectory: Trajectory) -> list[float]:
    out: list[float] = []
    for t in trajectory.turns:
        if t.action_logprobs is None:
            raise UserError("DeepConf needs the sampling logprobs of every action; use a model "
                            "policy (--model), not a scripted one")
        out.extend(t.action_logprobs)
    return out


def confidence(logprobs: Sequence[float], measure: str, window: int) -> float:
    if measure == "lowest":
        return lowest_group_confidence(logprobs, window)
    if measure == "bottom":
        return bottom_confidence(logprobs, window)
    if measure == "tail":
        return tail_confidence(logprobs, window)
    raise UserError(f"unknown DeepConf measure {measure!r}; known: {', '.join(MEASURES)}")


def keep_most_confident(confidences: Sequence[float], keep: float) -> list[int]:
    """Indices of the ceil(keep * n) most confident traces, in their original order (ties: the
    earlier trace)."""
    k = max(1, math.ceil(keep * len(confidences))) if confidences else 0
    ranked = sorted(range(len(confidences)), key=lambda i: (-confidences[i], i))
    return sorted(ranked[:k])


def calibrate_threshold(warmup: Sequence[float], keep: float) -> float:
    """The stopping threshold from warm-up confidences: the lowest confidence among the
    ceil(keep * n) most confident warm-up traces, so that a share `keep` of traces like the
    warm-up ones would run to the end (the paper's percentile 100 - eta, without interpolation)."""
    if not warmup:
        raise ValueError("calibrate_threshold needs at least one warm-up confidence")
    return min(warmup[i] for i in keep_most_confident(warmup, keep))


def stop_point(logprobs: Sequence[float], window: int, threshold: float) -> int | None:
    """Tokens generated when an online trace stops: after the first full window whose group
    confidence is below `threshold` (None: the trace runs to its end). A trace shorter than a
    window is judged on all its tokens at its end."""
    if len(logprobs) < window:
        groups = group_confidences(logprobs, window)
        return len(logprobs) if groups and groups[0] < threshold else None
    for i, c in enumerate(group_confidences(logprobs, window)):
        if c < threshold:
            return i + window
    return None


def _check(keep: float, window: int, measure: str) -> None:
    if not 0 < keep <= 1:
        raise UserError(f"DeepConf keep must be in (0, 1], got {keep}")
    if window < 1:
        raise UserError(f"DeepConf window must be >= 1, got {window}")
    if measure not in MEASURES:
        raise UserError(f"unknown DeepConf measure {measure!r}; known: {', '.join(MEASURES)}")


def deepconf(keep: float = 0.5, window: int = 32, measure: str = "lowest",
             weighted: bool = True) -> SelectMethod:
    """Offline DeepConf: keep the `keep` share most confident traces, then vote (weighted by
    exp(confidence) unless `weighted` is false)."""
    _check(keep, window, measure)

    def select(ctx: InferenceContext, task: Task, cands: list[Trajectory]) -> Selection:
        confs = [confidence(trace_logprobs(t), measure, window) for t in cands]
        kept = keep_most_confident(confs, keep)
        sub = [cands[i] for i in kept]
        weights = [math.exp(confs[i]) for i in kept] if weighted else None
        sel = vote_selection(ctx, task, sub, weights)
        index = kept[sel.index] if sel.index is not None else None
        return Selection(index, details={**sel.details, "kept": kept,
                                         "confidences": [round(c, 4) for c in confs]})

    return SelectMethod("deepconf", select)


def deepconf_online(keep: float = 0.9, window: int = 32, warmup: int = 4,
                    weighted: bool = True) -> SelectMethod:
    """Online DeepConf: the first `warmup` traces of a task calibrate the threshold
    (`calibrate_threshold` of their lowest group confidences); each later trace stops at its
    first window below it and is left out of the vote; the warm-up traces at or above the
    threshold and the finished later ones vote."""
    _check(keep, window, "lowest")
    if warmup < 1:
        raise UserError(f"deepconf-online warmup must be >= 1, got {warmup}")

    def select(ctx: InferenceContext, task: Task, cands: list[Trajectory]) -> Selection:
        lps = [trace_logprobs(t) for t in cands]
        confs = [lowest_group_confidence(x, window) for x in lps]
        s = calibrate_threshold(confs[:warmup], keep)
        kept = [i for i in range(min(warmup, len(cands))) if confs[i] >= s]
        saved, stopped = 0, []
        for i in range(warmup, len(cands)):
            at = stop_point(lps[i], window, s)
            if at is None:
                kept.append(i)
            else:
                stopped.append(i)
                saved += len(lps[i]) - at
        weights = [math.exp(confs[i]) for i in kept] if weighted else None
        sel = vote_selection(ctx, task, [cands[i] for i in kept], weights)
        index = kept[sel.index] if sel.index is not None else None
        return Selection(index, tokens_saved=saved,
                         details={**sel.details, "threshold": round(s, 4), "stopped": stopped})

    return SelectMethod("deepconf-online", select)
