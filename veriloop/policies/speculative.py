"""Speculative decoding by prompt lookup (issue 47): agent turns copy ids, names, dates and
numbers from their prompt and tool outputs, so the tokens that follow the sequence's last few
tokens the previous time they occurred are a free draft (prompt-lookup decoding, Saxena 2023;
the n-gram drafter of vLLM and `transformers`' `prompt_lookup_num_tokens`).

Each step feeds the newest token plus up to `draft_len` drafted tokens through the model in
one forward (`LlamaDecoder` with every position's logits) and keeps the longest run of drafts
the target distribution accepts, plus one token of its own:

- **greedy** (temperature 0): a draft is kept while it is the argmax, then the argmax at the
  first mismatch (or after the last draft) is appended: the same tokens as one-at-a-time
  greedy decoding, up to float summation order between a one-token and a many-token forward
  (the argmax can differ only at a near tie);
- **sampling**: the standard speculative-sampling rule (Leviathan et al. 2023; Chen et al.
  2023) with a point-mass draft q = 1{x = d}: draft d is accepted with probability
  min(1, p(d) / q(d)) = p(d); on rejection the token is drawn from the residual
  max(0, p - q) normalized, which is p with d removed. Every emitted token is then distributed
  exactly as under plain sampling from p (p: the temperature-scaled, top-k/top-p truncated
  distribution the plain sampler draws from); tests/policies/test_speculative.py checks the
  sampled distribution against the plain sampler's with a chi-squared test that fails when
  the accept rule is broken.

Logprobs are the plain sampler's: log-softmax of logits / temperature before truncation, of
the token emitted, after exactly its context.

With a `key`, the episode's K/V is kept between turns in the sampler's own per-episode store
(`Sampler.reuse` / `Sampler.keep`, the same entries the batched sampler keeps, dropped when the
weights change): a next prompt that extends the kept ids prefills only its new tokens.

What it is not yet: batched. `speculative_generate` decodes one sequence (batch 1), which is
where a draft's free tokens pay most (one row's decode step reads all the weights for one
token); the batched sampler in sampler.py does not speculate.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import torch

from veriloop.policies.batch_layout import Kept
from veriloop.policies.sampler import SampleOutput, Sampler, inverse_cdf, truncated
from veriloop.policy import SamplingParams


def lookup_draft(ids: Sequence[int], max_ngram: int = 3, draft_len: int = 8) -> list[int]:
    """The tokens that followed the latest earlier occurrence of the sequence's last n tokens
    (n from `max_ngram` down to 1, the longest match first), at most `draft_len` of them;
    [] when no suffix occurred before."""
    n_ids = len(ids)
    for n in range(min(max_ngram, n_ids - 1), 0, -1):
        tail = list(ids[n_ids - n:])
        for j in range(n_ids - n - 1, -1, -1):  # latest occurrence first, not the tail itself
            if list(ids[j:j + n]) == tail:
                return list(ids[j + n:j + n + draft_len])
    return []


def accept(probs: torch.Tensor, draft: Sequence[int],
           uniforms: torch.Tensor | None) -> tuple[list[int], int]:
    """probs [k+1, V]: the target distribution after the fed token and after each of the k
    drafts; `uniforms` [2k+1] (None: greedy, probs are then logits or probabilities alike).
    Returns (the emitted tokens, how many of them are accepted drafts): the accepted drafts and
    one token drawn by the target (a correction at the first rejection, else a bonus token)."""
    k = len(draft)
    if uniforms is None:
        best = probs.argmax(-1).tolist()  # [k+1]
        n = 0
        while n < k and draft[n] == best[n]:
            n += 1
        return [*draft[:n], best[n]], n
    for i, d in enumerate(draft):
        if uniforms[i].item() < probs[i, d].item():
            continue  # accepted with probability p(d)
        residual = probs[i].clone()
        residual[d] = 0.0  # max(0, p - q) for a point-mass draft at d
        return [*draft[:i], _draw(residual, uniforms[k + i])], i
    return [*draft, _draw(probs[k], uniforms[2 * k])], k


def _draw(probs: torch.Tensor, u: torch.Tensor) -> int:
    """One token from probs [V] (any positive total) at uniform u: the sampler's inverse CDF."""
    return int(inverse_cdf(probs[None], u.reshape(1)).item())


@dataclass
class SpeculativeStats:
    forwards: int = 0  # model forwards after the prefill
    drafted: int = 0  # draft tokens fed for verification
    accepted: int = 0  # of them kept
    generated: int = 0
    seconds: float = 0.0

    @property
    def tokens_per_forward(self) -> float:
        return self.generated / max(1, self.forwards)


@torch.inference_mode()
def speculative_generate(sampler: Sampler, prompt: Sequence[int], params: SamplingParams,
                         max_new_tokens: int | None = None, draft_len: int = 8,
                         max_ngram: int = 3, generator: torch.Generator | None = None,
                         stats: SpeculativeStats | None = None, key: str = "") -> SampleOutput:
    """Decode one continuation of `prompt` with prompt-lookup drafts (module docstring), under
    the sampler's stop tokens and stop strings. `generator` draws the sampling uniforms; `key`
    names the episode whose K/V is reused (if it prefixes `prompt`) and kept afterwards."""
    if not sampler.fast:
        raise ValueError("speculative decoding needs the fast (Llama-family) forward")
    if not prompt:
        raise ValueError("empty prompt: every prompt needs at least one token")
    stats = stats if stats is not None else SpeculativeStats()
    t0 = time.perf_counter()
    sampler.refresh_weights()
    dec = sampler.decoder
    cap = min(params.max_new_tokens, max_new_tokens or params.max_new_tokens)
    greedy = params.temperature <= 0
    temp = 1.0 if greedy else params.temperature
    device = next(sampler.model.parameters()).device
    out = SampleOutput([], [], "length")
    if cap <= 0:
        return out
    cache = dec.new_cache(1, len(prompt) + cap + draft_len + 1, device, dec.dtype)
    seq = list(prompt)
    kept = sampler.reuse(key, tuple(seq), out) if key else None
    start = _restore(kept, cache) if kept is not None else 0
    filled = _prefill(dec, seq[:-1], cache, device, start)  # the last prompt token is fed first
    sampler.stats.prefill_tokens += filled - start
    tail = max((len(s) for s in params.stop), default=0) + 8
    while True:
        k = min(draft_len, cap - len(out.token_ids) - 1)
        draft = lookup_draft(seq, max_ngram, k) if k > 0 else []
        feed = [seq[-1], *draft]
        logits = _forward(dec, feed, filled, cache, device).float()  # [k+1, V]
        scaled = logits / temp
        probs = None if greedy else truncated(scaled, params).softmax(-1)
        uniforms = None if greedy else torch.rand(2 * len(draft) + 1, generator=generator)
        emitted, n_acc = accept(logits if greedy else probs, draft, uniforms)
        logp = torch.log_softmax(scaled, -1)  # [k+1, V]
        stats.forwards += 1
        stats.drafted += len(draft)
        stats.accepted += n_acc
        filled += 1 + n_acc  # the fed token and the accepted drafts have valid K/V
        for i, tok in enumerate(emitted):
            out.token_ids.append(tok)
            out.logprobs.append(logp[i, tok].item())
            seq.append(tok)
            stats.generated += 1
            if sampler.stop_check(tok, out, cap, params, tail):
                if key:  # every token but the last emitted one has its K/V in the cache
                    sampler.keep(key, Kept(tuple(seq[:filled]), [
                        (k[0, :, :filled].clone(), v[0, :, :filled].clone()) for k, v in cache]))
                sampler.stats.generated_tokens += len(out.token_ids)
                stats.seconds += time.perf_counter() - t0
                return out


def _causal_mask(start: int, length: int, device) -> torch.Tensor:
    """[1, 1, length, start+length]: position start+i attends to slots 0..start+i."""
    return torch.ones(length, start + length, dtype=torch.bool, device=device).tril(
        diagonal=start)[None, None]


def _forward(dec, tokens: list[int], start: int, cache, device) -> torch.Tensor:
    """Every position's logits [T, V] of `tokens` fed at cache slots [start, start+T)."""
    ids = torch.tensor([tokens], device=device)  # [1, T]
    pos = torch.arange(start, start + len(tokens), device=device)[None]  # [1, T]
    return dec(ids, pos, cache, start, _causal_mask(start, len(tokens), device),
               last_only=False)[0]


def _restore(kept: Kept, cache) -> int:
    """Copy a kept episode's K/V (its shared prompt block first, if any) into the first slots
    of a one-row cache; returns the slots filled."""
    parts = [kept.prefix.kv, kept.kv] if kept.prefix is not None else [kept.kv]
    n = 0
    for kv in parts:
        width = kv[0][0].shape[1]  # [KV, n, hd]
        for (ck, cv), (k, v) in zip(cache, kv, strict=True):
            ck[0, :, n:n + width] = k
            cv[0, :, n:n + width] = v
        n += width
    return n


def _prefill(dec, ids: list[int], cache, device, start: int = 0, chunk: int = 512) -> int:
    """Write the K/V of `ids[start:]` into cache slots [start, len(ids)), `chunk` positions a
    forward (slots before `start` already hold ids[:start]); returns len(ids)."""
    for begin in range(start, len(ids), chunk):
        part = ids[begin:begin + chunk]
        pos = torch.arange(begin, begin + len(part), device=device)[None]
        dec(torch.tensor([part], device=device), pos, cache, begin,
            _causal_mask(begin, len(part), device))
    return len(ids)
