"""Batched sampler with a preallocated KV cache, kept per episode across turns.

`Sampler.generate(prompts, params)` decodes a batch of token prompts together:

- **One forward per step for the whole batch.** Prompts are left-padded into one window; the
  KV cache is a preallocated `[B, kv_heads, S, head_dim]` tensor per layer, written in place.
  Only the last position goes through the LM head. Finished rows are dropped from the batch
  (the cache is compacted) so the tail of a batch does not pay for done sequences.
- **Our own forward for Llama-family models** (`veriloop.models.llama.LlamaDecoder`: Llama,
  SmolLM2, Mistral, Qwen2) on the Hugging Face module's parameters: q|k|v and
  gate|up are concatenated into one matmul each; these fused copies are rebuilt whenever a
  parameter's tensor version changes, so a trainer that updates the model in place (optimizer
  step, `load_state_dict`) is seen by the next `generate`. Other architectures (and models
  with PEFT layers) run through the model's own forward with the same loop (without the
  per-episode cache). `decode_dtype=torch.bfloat16` runs a float32 model's layer matmuls in
  bf16 (`LlamaDecoder`'s `matmul_dtype`; attention, KV cache and LM head stay float32): faster
  on CPUs with native bf16 matmuls, with logprobs that differ from a float32 teacher-forced
  pass by bf16 rounding (the trainer's bf16 autocast differs from it likewise).
- **Chunked prefill.** A prompt window is fed `prefill_chunk` positions at a time, so the
  attention scores of a prefill take at most `prefill_bytes` (1 GiB) whatever the number of
  rows and their length: 112 rows of 5,000 tokens at once asked a GPU for 25 GiB unchunked.
- **Shared prompts held once** (`shared_prefix=True`, the default; veriloop/policies/
  batch_layout.py and shared_prefix.py): identical prompts (a GRPO group) are prefilled once
  and their K/V stays one block that every decode step reads once for all the group's rows;
  each row's cache holds only what follows. `shared_prefix=False` is the plain layout before
  issue 45 (each row a full copy), kept for benchmarks/rollout_throughput.py.
- **Per-episode cache.** With `keys`, a row's KV is kept after generation (pointing at its
  group's prompt block, kept once); if the next prompt for that key extends the kept ids (it
  does: the runner appends the observation delta), only the new suffix is prefilled. Kept
  caches are dropped on `release(key)`, when the weights change (tensor versions), and
  least-recently-used first beyond `cache_budget_bytes` (a shared prompt counted once).
- **Bounded batches.** A batch whose decode cache would pass `batch_cache_bytes` (default: a
  quarter of the machine's or the GPU's memory) is decoded as consecutive runs that fit
  (`batch_parts`), with the same tokens: the 160 episodes of a held-out evaluation in flight at
  once asked for 23 GB on a 24 GB machine. Fast (Llama-family) forward only.
- **Sampling.** temperature / top-k / top-p; each row has its own `torch.Generator` seeded
  from `(seed, row_seed)`, so a seeded row samples the same tokens whatever else is in the
  batch. `temperature == 0` is greedy.
- **Logprobs** are `log_softmax(logits / temperature)` of the sampled token over the full
  vocabulary: after temperature, *before* top-k/top-p truncation (greedy: temperature 1).
  This is what a teacher-forced pass recomputes (`sequence_logprobs`), so importance ratios
  start at exactly 1 on-policy; the truncation is a property of the sampler, not of the policy
  being trained, as in vLLM's default `logprobs`.
- **Stopping** per row: a stop token id (EOS / end of turn; kept in the output) or a stop
  string, checked on the decoded tail of the row; the token completing the stop string is the
  last one kept, so the stop string is in the output.
- **Per-token callback.** `on_token(i, token_id)` runs after each sampled token of request i
  (`veriloop serve` streams from it); returning False ends that row at once with
  `finish_reason` "cancelled" (its client went away), the others go on.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import torch

from veriloop.models.llama import LlamaDecoder, supports_fast_forward
from veriloop.policies.batch_layout import Kept, PlainBatch, SharedBatch
from veriloop.policies.shared_prefix import PrefixDecoder
from veriloop.policy import SamplingParams


@dataclass
class SampleOutput:
    token_ids: list[int]
    logprobs: list[float]
    finish_reason: str  # "stop" | "length" | "cancelled" (on_token returned False)
    stop: str | int | None = None  # the stop string or stop token that ended it
    cached_prefix: int = 0  # prompt tokens that were reused from the kept cache


@dataclass
class SamplerStats:
    prefill_tokens: int = 0
    reused_tokens: int = 0
    generated_tokens: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)


def _row_seed(seed: int, row_seed: int | str) -> int:
    digest = hashlib.sha256(f"{seed}:{row_seed}".encode()).digest()
    return int.from_bytes(digest[:8], "little") & ((1 << 63) - 1)


def _device_memory(device: torch.device) -> int:
    """Total memory of a CUDA device, or of the machine for the CPU."""
    if device.type == "cuda":
        return torch.cuda.get_device_properties(device).total_memory
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def inverse_cdf(probs: torch.Tensor, uniforms: torch.Tensor) -> torch.Tensor:
    """probs [B, V] (rows sum to ~1), uniforms [B] in [0, 1) -> tokens [B]: the first token
    whose cumulative probability exceeds u x (the row's total). Tokens of probability 0 are
    never taken (the cumulative sum does not rise there); the sum is taken in float64 so the
    last tokens of a large vocabulary keep their mass."""
    cdf = probs.double().cumsum(-1)  # [B, V]
    x = uniforms.to(cdf) * cdf[:, -1]  # [B], strictly below the row's total
    return torch.searchsorted(cdf, x[:, None], right=True).squeeze(-1).clamp_(
        max=probs.shape[-1] - 1)


def truncated(scaled: torch.Tensor, params: SamplingParams) -> torch.Tensor:
    """Temperature-scaled logits [..., V] with top-k / top-p applied (dropped tokens -inf): the
    softmax of this is the distribution a token is drawn from."""
    filt = scaled
    if params.top_k and params.top_k < filt.shape[-1]:
        kth = filt.topk(params.top_k, dim=-1).values[..., -1:]  # [..., 1]
        filt = filt.masked_fill(filt < kth, float("-inf"))
    if params.top_p < 1.0:
        sorted_l, idx = filt.sort(-1, descending=True)  # [..., V]
        probs = sorted_l.softmax(-1)
        drop = probs.cumsum(-1) - probs > params.top_p  # keeps at least the top token
        filt = filt.scatter(-1, idx, sorted_l.masked_fill(drop, float("-inf")))
    return filt


def sequence_logprobs(model, input_ids: torch.Tensor, attention_mask: torch.Tensor | None = None,
                      temperature: float = 1.0) -> torch.Tensor:
    """Teacher-forced logprobs: out[b, t] = log p(input_ids[b, t+1] | input_ids[b, :t+1]) under
    `log_softmax(logits / temperature)` (float32). Shape [B, T-1]. Differentiable; call it
    inside `torch.no_grad()` for reference logprobs. Left padding needs `attention_mask`."""
    position_ids = None
    if attention_mask is not None:
        position_ids = (attention_mask.long().cumsum(-1) - 1).clamp(min=0)  # [B, T]
    logits = model(input_ids=input_ids, attention_mask=attention_mask,
                   position_ids=position_ids).logits[:, :-1].float()  # [B, T-1, V]
    if temperature not in (0.0, 1.0):
        logits = logits / temperature
    logp = torch.log_softmax(logits, dim=-1)  # [B, T-1, V]
    return logp.gather(-1, input_ids[:, 1:, None]).squeeze(-1)  # [B, T-1]


class HFForward:
    """The fallback forward: the model's own, with a DynamicCache (any causal LM)."""

    def __init__(self, model) -> None:
        self.model = model
        params = inspect.signature(model.forward).parameters
        self.extra = {"logits_to_keep": 1} if "logits_to_keep" in params else {}

    def __call__(self, tokens, positions, cache, start, mask2d):
        out = self.model(input_ids=tokens, attention_mask=mask2d.long(), position_ids=positions,
                         past_key_values=cache, use_cache=True, **self.extra)
        return out.logits[:, -1]


class Sampler:
    """Batched sampling over a Hugging Face causal LM (see module docstring)."""

    def __init__(self, model, tokenizer, stop_token_ids: Sequence[int] = (),
                 cache_budget_bytes: int = 2 << 30, fast: bool | None = None,
                 prefill_bytes: int = 1 << 30, shared_prefix: bool = True,
                 decode_dtype: torch.dtype | None = None,
                 batch_cache_bytes: int | None = None) -> None:
        self.tokenizer = tokenizer
        self.decode_dtype = decode_dtype  # the fast forward's precision (None: the model's)
        self.shared_prefix = shared_prefix
        self.stop_token_ids = frozenset(stop_token_ids)
        self.cache_budget_bytes = cache_budget_bytes
        self.prefill_bytes = prefill_bytes
        self.batch_cache_bytes = batch_cache_bytes  # None: a quarter of the device's memory
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self.stats = SamplerStats()
        self._token_text: list[str] | None = None
        self._fast_requested = fast
        self.set_model(model)

    # -- model and cache management

    def set_model(self, model) -> None:
        """Point the sampler at a (new) model object; drops all kept caches."""
        self.model = model
        fast = supports_fast_forward(model) if self._fast_requested is None else self._fast_requested
        if fast and not supports_fast_forward(model):
            raise ValueError(f"the fast forward supports Llama-family models, not "
                             f"{type(model).__name__}; pass fast=None to fall back")
        self.fast = fast
        self._forward = LlamaDecoder(model, self.decode_dtype) if fast else HFForward(model)
        if fast:
            self._forward.refresh()
            self.prefix_decoder = PrefixDecoder(self._forward)
        self._weights_version = self._version()
        self.release_all()

    def set_decode_dtype(self, dtype: torch.dtype | None) -> None:
        """Decode in `dtype` from now on (None: the model's own; see `LlamaDecoder`). Only
        the fast forward has a decoding precision: the model's own forward ignores it."""
        self.decode_dtype = dtype
        self.set_model(self.model)

    def refresh_weights(self) -> None:
        """Follow the model: wrapped modules (e.g. LoRA injected) fall back to the HF path, and
        changed weights drop the kept K/V and rebuild the fast forward's fused copies."""
        if self.fast and self._fast_requested is None and not supports_fast_forward(self.model):
            self.set_model(self.model)
        if self._version() != self._weights_version:
            self._weights_version = self._version()
            self.release_all()
            if self.fast:
                self._forward.refresh()

    def _version(self) -> int:
        return sum(p._version for p in self.model.parameters())

    @property
    def decoder(self) -> LlamaDecoder:
        """The fast forward (Llama-family models only: `self.fast`)."""
        assert isinstance(self._forward, LlamaDecoder)
        return self._forward

    def release(self, key: str) -> None:
        self._kept.pop(key, None)

    def release_all(self) -> None:
        self._kept.clear()

    @property
    def _kept_bytes(self) -> int:
        """The kept caches' bytes, a prefix shared by a group's episodes counted once."""
        shared = {id(k.prefix): k.prefix.nbytes for k in self._kept.values() if k.prefix}
        return sum(k.nbytes for k in self._kept.values()) + sum(shared.values())

    def keep(self, key: str, kept: Kept) -> None:
        """Keep `kept` as `key`'s cache (replacing any), least recently used dropped first
        beyond `cache_budget_bytes`."""
        self.release(key)
        self._kept[key] = kept
        while len(self._kept) > 1 and self._kept_bytes > self.cache_budget_bytes:
            self._kept.popitem(last=False)

    def reuse(self, key: str, ids: tuple[int, ...], out: SampleOutput) -> Kept | None:
        """The kept cache of `key` if its ids are a proper prefix of `ids` (the episode's next
        prompt extends what it kept), marked recently used and counted as reused; else None."""
        kept = self._kept.get(key) if key else None
        if kept is None or len(kept.ids) >= len(ids) or ids[:len(kept.ids)] != kept.ids:
            return None
        self._kept.move_to_end(key)
        out.cached_prefix = len(kept.ids)
        self.stats.reused_tokens += len(kept.ids)
        return kept

    # -- stopping

    def _texts(self) -> list[str]:
        if self._token_text is None:
            n = len(self.tokenizer)
            self._token_text = self.tokenizer.batch_decode([[i] for i in range(n)])
        return self._token_text

    def _stop_string(self, ids: list[int], stops: Sequence[str], tail: int) -> str | None:
        texts = self._texts()
        last = texts[ids[-1]] if ids[-1] < len(texts) else ""
        if not any(s[-1] in last for s in stops) and "\ufffd" not in last:
            return None
        text = self.tokenizer.decode(ids[-tail:])
        for s in stops:
            if s in text:
                return s
        return None

    # -- sampling

    @staticmethod
    def _pick(logits: torch.Tensor, params: SamplingParams,
              uniforms: torch.Tensor | None) -> tuple[torch.Tensor, torch.Tensor]:
        """logits [B, V] float32 -> (tokens [B], logprobs [B]). Sampling is by inverse CDF: row
        b takes the first token whose cumulative probability exceeds `uniforms[b]` (one U(0, 1)
        draw per row and token from the row's own generator), one batched op for all rows."""
        if params.temperature <= 0:
            tokens = logits.argmax(-1)  # [B]
            logp = torch.log_softmax(logits, -1)  # [B, V]
            return tokens, logp.gather(-1, tokens[:, None]).squeeze(-1)
        scaled = logits / params.temperature  # [B, V]
        logp = torch.log_softmax(scaled, -1)  # [B, V]
        if uniforms is None:
            raise ValueError("sampling at temperature > 0 needs one uniform draw per row")
        tokens = inverse_cdf(truncated(scaled, params).softmax(-1), uniforms)  # [B]
        return tokens, logp.gather(-1, tokens[:, None]).squeeze(-1)

    @torch.inference_mode()
    def generate(self, prompts: Sequence[Sequence[int]], params: SamplingParams,
                 keys: Sequence[str] | None = None, max_new_tokens: Sequence[int] | None = None,
                 row_seeds: Sequence[int | str] | None = None,
                 ignore_eos: bool = False,
                 on_token: Callable[[int, int], bool] | None = None) -> list[SampleOutput]:
        """Sample one continuation per prompt. `keys` enable the per-episode cache,
        `max_new_tokens` caps rows individually, `row_seeds` make seeded rows independent of
        their batch (default: the row index). `ignore_eos` (benchmarks) disables all stopping.
        `on_token(i, token_id)` is called after each token of request i; False ends the row."""
        t0 = time.perf_counter()
        n = len(prompts)
        if n == 0:
            return []
        if any(len(p) == 0 for p in prompts):
            raise ValueError("empty prompt: every prompt needs at least one token")
        self.refresh_weights()
        keys = list(keys) if keys is not None else [""] * n
        caps = [min(params.max_new_tokens, m if m is not None else params.max_new_tokens)
                for m in (max_new_tokens or [None] * n)]
        limit = getattr(self.model.config, "max_position_embeddings", None) or 1 << 30
        caps = [max(0, min(c, limit - len(p))) for c, p in zip(caps, prompts)]
        outs = [SampleOutput([], [], "length") for _ in range(n)]
        live = [i for i in range(n) if caps[i] > 0]
        if not live:
            return outs
        seeds = list(row_seeds) if row_seeds is not None else list(range(n))
        device = next(self.model.parameters()).device
        draws = None  # [n, max cap]: row i's uniform for its t-th token, from its own generator
        if params.temperature > 0:  # greedy: no randomness
            draws = torch.zeros(n, max(caps))
            for i in live:
                g = torch.Generator()
                if params.seed is None:
                    g.seed()
                else:
                    g.manual_seed(_row_seed(params.seed, seeds[i]))
                draws[i, :caps[i]] = torch.rand(caps[i], generator=g)
            draws = draws.to(device)
        if self.fast:
            for part in self.batch_parts(prompts, live, caps, device):
                self._run_fast(prompts, part, keys, caps, params, draws, outs, ignore_eos,
                               device, on_token)
        else:
            self._run_hf(prompts, live, caps, params, draws, outs, ignore_eos, device, on_token)
        self.stats.seconds += time.perf_counter() - t0
        return outs

    def batch_parts(self, prompts: Sequence[Sequence[int]], live: list[int], caps: list[int],
                    device: torch.device) -> list[list[int]]:
        """`live` cut into runs of consecutive requests decoded one run after another, each run's
        K/V cache (rows x its longest prompt + cap, in the decoder's dtype) within
        `batch_cache_bytes`: a whole evaluation set in flight at once (160 workspace episodes
        of 3,072 tokens) would otherwise ask for more memory than the machine has, and the OOM
        killer ends the run without a word. A row's tokens do not depend on its batch, so the
        outputs are the same as in one run."""
        budget = self.batch_cache_bytes or _device_memory(device) // 4
        per_token = self.decoder.kv_bytes_per_token()
        parts: list[list[int]] = [[]]
        longest = 0
        for i in live:
            need = len(prompts[i]) + caps[i]
            if parts[-1] and (len(parts[-1]) + 1) * max(longest, need) * per_token > budget:
                parts.append([])
                longest = 0
            parts[-1].append(i)
            longest = max(longest, need)
        return parts

    def stop_check(self, tok: int, out: SampleOutput, cap: int, params: SamplingParams,
                   tail: int) -> bool:
        """Whether `tok`, just appended to `out`, ends it (a stop token, a stop string in the
        decoded last `tail` tokens, or the cap), recording why in `out`."""
        return self._check_stop(0, tok, out, cap, params, False, tail, None)

    def _check_stop(self, i: int, tok: int, out: SampleOutput, cap: int,
                    params: SamplingParams, ignore_eos: bool, tail: int,
                    on_token: Callable[[int, int], bool] | None) -> bool:
        if on_token is not None and not on_token(i, tok):
            out.finish_reason = "cancelled"
            return True
        if not ignore_eos:
            if tok in self.stop_token_ids:
                out.finish_reason, out.stop = "stop", tok
                return True
            if params.stop:
                s = self._stop_string(out.token_ids, params.stop, tail)
                if s is not None:
                    out.finish_reason, out.stop = "stop", s
                    return True
        return len(out.token_ids) >= cap

    def _run_fast(self, prompts, live, keys, caps, params, draws, outs, ignore_eos, device,
                  on_token):
        layout = SharedBatch if self.shared_prefix else PlainBatch
        batch = layout(self, prompts, live, keys, outs, caps, device, self.decoder.dtype)
        tail = max((len(s) for s in params.stop), default=0) + 8
        # rows[r] = request index of batch row r; -1: finished, still there
        rows = [live[j] for j in batch.order] if isinstance(batch, SharedBatch) else list(live)
        logits, t, n_live = batch.logits, 0, len(rows)
        while True:
            tok, lp = self._pick(logits.float(), params,
                                 None if draws is None else draws[rows, t])
            t += 1
            tok_l, lp_l = tok.tolist(), lp.tolist()
            done = []
            for r, i in enumerate(rows):
                if i < 0:
                    continue
                out = outs[i]
                out.token_ids.append(tok_l[r])
                out.logprobs.append(lp_l[r])
                if self._check_stop(i, tok_l[r], out, caps[i], params, ignore_eos, tail,
                                    on_token):
                    done.append(r)
            self.stats.generated_tokens += n_live
            for r in done:
                i = rows[r]
                if keys[i]:  # the K/V of everything fed: prompt + generated except the last
                    self.keep(keys[i], batch.kept(r, tuple(prompts[i]) + tuple(
                        outs[i].token_ids[:-1])))
                rows[r] = -1
            n_live -= len(done)
            if n_live == 0:
                break
            # Finished rows leave the batch once they are a quarter of it: every removal copies
            # the whole K/V cache, which costs more than decoding a few idle rows meanwhile.
            # (Each row's numbers do not depend on the batch's other rows.)
            if done and 4 * (len(rows) - n_live) >= len(rows):
                keep = [r for r in range(len(rows)) if rows[r] >= 0]
                idx = torch.tensor(keep, dtype=torch.long, device=device)
                batch.select(idx)
                tok = tok[idx]
                rows = [rows[r] for r in keep]
            logits = batch.step(tok)

    def prefill_chunk(self, rows: int, window: int, length: int) -> int:
        """Query positions per prefill forward: the most whose attention scores
        ([rows, heads, chunk, length] float32) fit in `prefill_bytes`, at least 1."""
        heads = self.decoder.dims.heads
        return max(1, min(window, self.prefill_bytes // (4 * rows * heads * length)))

    def _run_hf(self, prompts, live, caps, params, draws, outs, ignore_eos, device, on_token):
        # lazy: only the fallback forward uses it; fast paths skip transformers
        from transformers import DynamicCache

        tail = max((len(s) for s in params.stop), default=0) + 8
        was_training = self.model.training
        self.model.eval()
        try:
            lengths = [len(prompts[i]) for i in live]
            P = max(lengths)
            B = len(live)
            tokens = torch.zeros(B, P, dtype=torch.long, device=device)
            attn = torch.zeros(B, P, dtype=torch.long, device=device)
            for r, i in enumerate(live):
                tokens[r, P - lengths[r]:] = torch.tensor(list(prompts[i]), dtype=torch.long)
                attn[r, P - lengths[r]:] = 1
            positions = (attn.cumsum(-1) - 1).clamp(min=0)
            cache = DynamicCache()
            logits = self._forward(tokens, positions, cache, 0, attn)
            self.stats.prefill_tokens += sum(lengths)
            active = [True] * B
            pos = positions[:, -1]
            t = 0
            while True:
                tok, lp = self._pick(logits.float(), params,
                                     None if draws is None else draws[live, t])
                t += 1
                for r, i in enumerate(live):
                    if not active[r]:
                        continue
                    outs[i].token_ids.append(int(tok[r]))
                    outs[i].logprobs.append(float(lp[r]))
                    self.stats.generated_tokens += 1
                    if self._check_stop(i, int(tok[r]), outs[i], caps[i], params, ignore_eos,
                                        tail, on_token):
                        active[r] = False
                if not any(active):
                    break
                pos = pos + 1
                attn = torch.cat([attn, torch.ones(B, 1, dtype=torch.long, device=device)], 1)
                logits = self._forward(tok[:, None], pos[:, None], cache, 0, attn)
        finally:
            self.model.train(was_training)
