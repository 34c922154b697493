"""Fair decoding for `veriloop serve`: every request advances a slice of tokens per round.

One worker thread owns the policy. Each round it takes up to `max_batch` live sequences, one
per request in turn (requests served this round go to the back of the line, so with more live
requests than `max_batch` every request still gets a slice within a few rounds and none waits for
another to finish), groups them by sampling settings
and decodes each group for at most `slice_tokens` new tokens. A sequence that is not finished
goes back in line; its next slice continues from its prompt plus everything it generated, under
the same per-sequence cache key, so a backend that keeps KV caches (`HFPolicy`) prefills only
what is new. A request with 64 long samples therefore delays a short request by at most a
round's slices, instead of blocking it until the long one ends; streamed requests receive each
round's new text as it is decoded.

With a policy whose `generate` takes `on_token` (`HFPolicy`), the scheduler also sees every token
as it is sampled: streamed requests get their text token by token, not a slice at a time, and a
cancelled request (its client went away) stops being decoded at its next token, not at the end of
the round. Other policies (servers, scripted ones) stream and stop a slice at a time.

Differences from decoding a sequence in one call: a stop string that straddles two slices is
found in the joined text (the text is cut there; the token ids keep the whole slice), and each
slice draws fresh random numbers (a request `seed` makes the whole sequence reproducible). With a
policy that has a `tokenizer`, the text is decoded from all the ids so far, so a character whose
bytes straddle two slices comes out whole; streamed deltas hold back an incomplete trailing
character until the next slice completes it. Without a tokenizer, slice texts are joined.
"""

from __future__ import annotations

import inspect
import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace

from veriloop.policy import GenerationRequest, SamplingParams


@dataclass
class Sequence:
    """One sample of one request, growing slice by slice."""

    request: GenerationRequest
    budget: int  # new tokens it may still generate
    ids: list[int] = field(default_factory=list)
    logprobs: list[float] = field(default_factory=list)
    text: str = ""
    sent: int = 0  # characters of `text` already handed to on_delta
    pending: list[int] = field(default_factory=list)  # this slice's tokens so far (on_token)
    head: str | None = None  # the text of the last few ids before this slice (see _grown)
    finish: str | None = None  # "stop" | "length" once done
    stop_reason: str | None = None


@dataclass
class Job:
    sequences: list[Sequence]
    params: SamplingParams
    future: Future = field(default_factory=Future)
    on_delta: Callable[[int, str, Sequence], None] | None = None
    rounds: int = 0

    @property
    def done(self) -> bool:
        return all(s.finish is not None for s in self.sequences)


def held_back(text: str, stops: tuple[str, ...]) -> str:
    """`text` without what the next slice may still change: a trailing partial character and a
    trailing start of a stop string (streamed only once it is known not to be a stop)."""
    text = text.rstrip("\ufffd")
    cut = max((k for s in stops for k in range(1, len(s)) if text.endswith(s[:k])), default=0)
    return text[:len(text) - cut]


def _grown(tokenizer, seq: Sequence) -> str:
    """`seq.text` extended by this slice's tokens so far. Only a window from a few ids back is
    decoded (decoding all ids for every token cost 2 ms a token at 2,000 tokens), and the new
    text is what the window's decode gained: both decodes start at the same id, so a tokenizer
    that treats a leading space or a split character specially does so in both."""
    start = max(0, len(seq.ids) - 4)
    if seq.head is None:
        seq.head = tokenizer.decode(seq.ids[start:], skip_special_tokens=True).rstrip("\ufffd")
    now = tokenizer.decode(seq.ids[start:] + seq.pending, skip_special_tokens=True)
    base = seq.text.rstrip("\ufffd")
    if now.startswith(seq.head) and base.endswith(seq.head):
        return base + now[len(seq.head):]
    return tokenizer.decode(seq.ids + seq.pending, skip_special_tokens=True)  # the slow way


class FairScheduler:
    def __init__(self, policy, max_batch: int = 32, slice_tokens: int = 16) -> None:
        if max_batch < 1 or slice_tokens < 1:
            raise ValueError("max_batch and slice_tokens must be >= 1")
        self.policy, self.max_batch, self.slice_tokens = policy, max_batch, slice_tokens
        self._incoming: queue.Queue[Job] = queue.Queue()
        self._active: list[Job] = []
        self._ids = itertools.count()
        self._per_token = "on_token" in inspect.signature(policy.generate).parameters
        threading.Thread(target=self._loop, daemon=True, name="veriloop-scheduler").start()

    def submit(self, requests: list[GenerationRequest], params: SamplingParams, budget: int,
               on_delta: Callable[[int, str, Sequence], None] | None = None) -> Future:
        """Queue a request's samples; the future resolves to its finished `Sequence`s.
        Cancelling the future (a client that went away) stops decoding them after this round."""
        tag = next(self._ids)
        seqs = [Sequence(replace(r, key=f"serve-{tag}-{j}"), budget)
                for j, r in enumerate(requests)]
        job = Job(seqs, params, on_delta=on_delta)
        self._incoming.put(job)
        return job.future

    # ------------------------------------------------------------------ worker

    def _loop(self) -> None:
        while True:
            block = not self._active
            while True:
                try:
                    self._active.append(self._incoming.get(block=block))
                except queue.Empty:
                    break
                block = False
            self._round()

    def _pick(self) -> list[tuple[Job, Sequence]]:
        """Up to max_batch live sequences, one per job in turn; the jobs served go to the back
        of the line (those left out this round come first in the next)."""
        live = [[s for s in job.sequences if s.finish is None] for job in self._active]
        picked: list[tuple[Job, Sequence]] = []
        for depth in range(max((len(x) for x in live), default=0)):
            for job, seqs in zip(self._active, live, strict=True):
                if depth < len(seqs) and len(picked) < self.max_batch:
                    picked.append((job, seqs[depth]))
        served = {id(job) for job, _ in picked}
        self._active = ([job for job in self._active if id(job) not in served]
                        + [job for job in self._active if id(job) in served])
        return picked

    def _round(self) -> None:
        picked = [(job, seq) for job, seq in self._pick() if not job.future.cancelled()]
        groups: dict[SamplingParams, list[tuple[Job, Sequence]]] = {}
        for job, seq in picked:
            seed = None if job.params.seed is None else job.params.seed * 1_000_003 + job.rounds
            params = replace(job.params, max_new_tokens=self.slice_tokens, seed=seed)
            groups.setdefault(params, []).append((job, seq))
        for params, members in groups.items():
            requests = [replace(seq.request, prompt_ids=seq.request.prompt_ids + tuple(seq.ids),
                                max_new_tokens=min(self.slice_tokens, seq.budget))
                        for _, seq in members]
            try:
                if self._per_token:
                    gens = self.policy.generate(requests, params,
                                                on_token=self._token_hook(members, params.stop))
                else:
                    gens = self.policy.generate(requests, params)
            except Exception as e:  # noqa: BLE001 (reported to each request of the batch)
                for job, _ in members:
                    if not job.future.done():
                        job.future.set_exception(e)
                    for seq in job.sequences:
                        seq.finish = seq.finish or "error"
                continue
            for (job, seq), gen in zip(members, gens, strict=True):
                self._advance(job, seq, gen, params.stop)
        for job, _ in picked:
            job.rounds += 1
        finished = [job for job in self._active if job.done or job.future.cancelled()]
        self._active = [job for job in self._active if job not in finished]
        for job in finished:
            for j in range(len(job.sequences)):
                self.policy.release(f"{job.sequences[j].request.key}")
            if not job.future.done():
                job.future.set_result(job.sequences)

    def _token_hook(self, members: list[tuple[Job, Sequence]], stops: tuple[str, ...]):
        """The `on_token` of one batch: False (stop decoding the row) once the request is
        cancelled; streamed requests get the text each token completes."""
        tokenizer = getattr(self.policy, "tokenizer", None)

        def on_token(i: int, token: int) -> bool:
            job, seq = members[i]
            if job.future.cancelled():
                return False
            if job.on_delta is not None and tokenizer is not None:
                seq.pending.append(token)
                ready = held_back(_grown(tokenizer, seq), stops)
                # a whole stop string is cut by _advance at the end of the slice: not sent here
                ready = ready[:min([k for s in stops if (k := ready.find(s, seq.sent)) >= 0],
                                   default=len(ready))]
                if len(ready) > seq.sent:
                    job.on_delta(job.sequences.index(seq), ready[seq.sent:], seq)
                    seq.sent = len(ready)
            return True

        return on_token

    def _advance(self, job: Job, seq: Sequence, gen, stops: tuple[str, ...]) -> None:
        seq.pending.clear()
        seq.head = None
        new_ids = list(gen.token_ids or ())
        new_lps = list(gen.logprobs or ())
        before = len(seq.text)
        seq.ids += new_ids
        seq.logprobs += new_lps
        tokenizer = getattr(self.policy, "tokenizer", None)
        if tokenizer is not None and gen.token_ids is not None:
            seq.text = tokenizer.decode(seq.ids, skip_special_tokens=True)
        else:
            seq.text += gen.text
        seq.budget -= len(new_ids)
        start = {s: max(0, before - len(s) - 4) for s in stops}  # 4: a re-decoded partial char
        hit = min(((seq.text.find(s, start[s]), s) for s in stops
                   if seq.text.find(s, start[s]) >= 0), default=None)
        if hit is not None:
            at, stop = hit
            seq.text, seq.finish, seq.stop_reason = seq.text[:at + len(stop)], "stop", stop
        elif gen.finish_reason == "stop":
            seq.finish = "stop"  # end of turn
        elif seq.budget <= 0 or not new_ids:
            seq.finish = "length"
        if job.on_delta is not None:
            ready = seq.text if seq.finish else held_back(seq.text, stops)
            if len(ready) > seq.sent or seq.finish:
                delta, seq.sent = ready[seq.sent:], max(seq.sent, len(ready))
                job.on_delta(job.sequences.index(seq), delta, seq)
