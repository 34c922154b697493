"""Prompt-lookup speculative decoding against plain decoding on workspace turns (issue 47).

The workload is what a workspace agent decodes: `--tasks` workspace episodes (train split,
levels 1-2), each decoded turn by turn for `--turns-per-episode` turns. Turn 1's context is the
rendered task prompt with its tool list; each next turn's context is the previous one, the
model's own reply and the tool output the scripted expert got at that turn (so contexts grow by
copy-heavy tool text, as in a rollout). Each side decodes every turn alone (batch 1), greedily,
at most `--max-new-tokens` tokens, on the same model object, keeping each episode's K/V between
turns (the sampler's per-episode store, `keys`), so a turn prefills only what was appended:

- `plain`: `Sampler.generate` (veriloop's batched sampler with one row);
- `speculative`: `speculative_generate` (veriloop/policies/speculative.py): drafts of up to
  `--draft-len` tokens from the context's earlier text, verified in one forward.

`--full-prefill` drops the kept K/V: every turn is prefilled in full on both sides (the first
measurements, 2026-11-29, before the speculative path kept caches), so ~1,000-2,000-token
prefills dilute the decode speedup. Rounds are interleaved (plain, speculative, plain, ...)
after a warm-up round. Prints per-round lines, then ONE JSON line last: tokens per second of
each side (median, quartiles, range), the speedup (the spread of per-round time ratios plain /
speculative), whether every turn decoded to the same tokens on both sides (`identical_outputs`:
greedy decoding must not change), drafted and accepted tokens, tokens per forward, the load
average and the machine.

    python benchmarks/speculative.py                     # SmolLM2-135M, 6 episodes
    python benchmarks/speculative.py --model <run or checkpoint dir>
    python benchmarks/speculative.py --quick             # tiny xs model: the path only
"""

from __future__ import annotations

import argparse
import os
import sys

import torch

from veriloop.benchmarking import Spread, conditions, emit, interleave, paired_ratio, parse_args
from veriloop.policies.speculative import SpeculativeStats, speculative_generate
from veriloop.policy import SamplingParams
from veriloop.policy_specs import load_policy
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.run.build import make_env

sys.path.append(os.path.dirname(os.path.abspath(__file__)))  # rollout_throughput beside this
from rollout_throughput import cpu_flags

QUICK = {"model": "tiny-xs", "tasks": 1, "turns_per_episode": 2, "max_new_tokens": 8,
         "repeats": 1, "warmup": 0, "threads": 1}
JSON_KEYS = ("conditions_before", "load_avg_after", "cpu_flags", "model", "world", "kept_cache",
             "contexts", "mean_context_tokens", "max_new_tokens", "draft_len", "max_ngram", "threads",
             "repeats", "generated_tokens", "identical_outputs", "drafted", "accepted",
             "tokens_per_forward", "plain", "speculative", "speedup")


def episodes(policy, world: str, tasks: int, per_episode: int) -> list[tuple[list[int], list]]:
    """Per expert episode: the rendered prompt and the tool output tokens of its first
    `per_episode` turns (what is appended after the model's reply to each)."""
    env = make_env(world)
    picked = list(env.tasks(tasks, seed=0, split="train", difficulty=2))
    cfg = RolloutConfig(group_size=1, temperature=0.0, seed=0, max_total_tokens=1 << 16)
    trajs = RolloutRunner(env, env.expert(), cfg, max_turns=12).run(picked)
    render = policy.renderer
    return [(list(render.render_prompt(tr.prompt, tr.tools).ids),
             [list(render.render_observation(turn.observation, True).ids)
              for turn in tr.turns[:per_episode]]) for tr in trajs]


def play(decode, episodes, max_tokens: int) -> tuple[list[list[int]], list[int]]:
    """Each episode turn by turn with `decode(context, key)`'s replies: the replies and the
    contexts' lengths (an episode stops before its context would pass `max_tokens`)."""
    outs, lengths = [], []
    for e, (prompt, observations) in enumerate(episodes):
        ctx = list(prompt)
        for obs in observations:
            if len(ctx) + 256 > max_tokens:
                break
            reply = decode(ctx, f"episode-{e}")
            outs.append(reply)
            lengths.append(len(ctx))
            ctx += reply + obs
    return outs, lengths


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--world", default="workspace")
    ap.add_argument("--tasks", type=int, default=6, help="expert episodes")
    ap.add_argument("--turns-per-episode", type=int, default=3)
    ap.add_argument("--max-new-tokens", type=int, default=96)
    ap.add_argument("--draft-len", type=int, default=8)
    ap.add_argument("--max-ngram", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--full-prefill", action="store_true",
                    help="no kept K/V between turns: every turn prefilled in full")
    a = parse_args(ap, QUICK, argv)
    torch.set_num_threads(a.threads)
    before = conditions()
    policy = load_policy(a.model)
    sampler = policy.sampler
    limit = getattr(policy.model.config, "max_position_embeddings", 8192)
    eps = episodes(policy, a.world, a.tasks, a.turns_per_episode)
    params = SamplingParams(temperature=0.0, max_new_tokens=a.max_new_tokens, stop=())
    last: dict[str, list[list[int]]] = {}
    counted: dict = {"stats": SpeculativeStats(), "lengths": []}

    def keyed(key: str) -> str:
        return "" if a.full_prefill else key

    def plain() -> None:
        last["plain"], counted["lengths"] = play(
            lambda c, k: sampler.generate([c], params, keys=[keyed(k)])[0].token_ids, eps, limit)
        sampler.release_all()
        report("plain", last["plain"])

    def speculative() -> None:
        stats = counted["stats"] = SpeculativeStats()  # this round's counts
        last["speculative"], _ = play(
            lambda c, k: speculative_generate(sampler, c, params, draft_len=a.draft_len,
                                              max_ngram=a.max_ngram, stats=stats,
                                              key=keyed(k)).token_ids, eps, limit)
        sampler.release_all()
        report("speculative", last["speculative"])

    def report(name: str, outs: list[list[int]]) -> None:
        print(f"{name}: {len(outs)} turns, {sum(map(len, outs))} tokens, load "
              f"{os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)

    times = interleave({"plain": plain, "speculative": speculative}, a.repeats, warmup=a.warmup)
    tokens = {name: sum(map(len, outs)) for name, outs in last.items()}
    stats = counted["stats"]
    emit({"conditions_before": before, "load_avg_after": [round(x, 2) for x in os.getloadavg()],
          "cpu_flags": cpu_flags(), "model": a.model, "world": a.world,
          "kept_cache": not a.full_prefill, "contexts": len(counted["lengths"]),
          "mean_context_tokens": sum(counted["lengths"]) / max(1, len(counted["lengths"])),
          "max_new_tokens": a.max_new_tokens, "draft_len": a.draft_len,
          "max_ngram": a.max_ngram, "threads": a.threads, "repeats": a.repeats,
          "generated_tokens": tokens,
          "identical_outputs": sum(x == y for x, y in zip(
              last["plain"], last["speculative"], strict=True)) / max(1, len(last["plain"])),
          "drafted": stats.drafted, "accepted": stats.accepted,
          "tokens_per_forward": round(stats.tokens_per_forward, 3),
          **{name: {"seconds": Spread.of(ts).to_dict(),
                    "tokens_per_second": Spread.of([tokens[name] / t for t in ts]).to_dict()}
             for name, ts in times.items()},
          "speedup": paired_ratio(times["plain"], times["speculative"]).to_dict()}, JSON_KEYS)


if __name__ == "__main__":
    main()
