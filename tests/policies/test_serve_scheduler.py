"""`veriloop.policies.scheduler` with a scripted policy (no model): fairness beyond `max_batch`
requests, characters split across slices, stop strings split across streamed slices, and
cancellation (issue 9 class 9)."""

from __future__ import annotations

import threading

import pytest
from serve_scripted import EndlessPolicy

from veriloop.policies.base import Generation, GenerationRequest, SamplingParams
from veriloop.policies.scheduler import FairScheduler, held_back


class ByteTokenizer:
    """Token id = one UTF-8 byte; decode replaces incomplete characters, as BPE decoders do."""

    def decode(self, ids, skip_special_tokens=True):
        return bytes(ids).decode("utf-8", errors="replace")


class ScriptedPolicy:
    """Emits the bytes of `script` one slice at a time; records which request each call served.
    A request's prompt (one byte) picks its script."""

    name = "scripted"

    def __init__(self, scripts: dict[int, bytes]) -> None:
        self.scripts, self.tokenizer = scripts, ByteTokenizer()
        self.calls: list[list[int]] = []
        self.released: list[str] = []
        self.gate = threading.Event()
        self.gate.set()

    def generate(self, requests, params):
        assert self.gate.wait(60)
        self.calls.append([r.prompt_ids[0] for r in requests])
        out = []
        for r in requests:
            script = self.scripts[r.prompt_ids[0]]
            done = len(r.prompt_ids) - 1
            ids = tuple(script[done:done + r.max_new_tokens])
            end = done + len(ids) >= len(script)
            out.append(Generation(text=self.tokenizer.decode(ids), token_ids=ids,
                                  logprobs=(0.0,) * len(ids),
                                  finish_reason="stop" if end else "length"))
        return out

    def release(self, key):
        self.released.append(key)


def _request(script_id: int) -> GenerationRequest:
    return GenerationRequest(prompt_ids=(script_id,), messages=())


def test_a_short_request_is_served_while_more_than_max_batch_long_ones_run():
    # 3 long requests, batch of 2: without rotation the third and the short one wait for a
    # long one to finish; with it the short one (2 slices) finishes before any long one
    policy = ScriptedPolicy({1: b"a" * 400, 2: b"b" * 400, 3: b"c" * 400, 9: b"zz"})
    policy.gate.clear()
    sched = FairScheduler(policy, max_batch=2, slice_tokens=1)
    order: list[str] = []
    params = SamplingParams(max_new_tokens=1000)
    futures = {name: sched.submit([_request(i)], params, 1000)
               for name, i in (("long1", 1), ("long2", 2), ("long3", 3), ("short", 9))}
    for name, f in futures.items():
        f.add_done_callback(lambda _, name=name: order.append(name))
    policy.gate.set()
    texts = {name: f.result(timeout=120)[0].text for name, f in futures.items()}
    assert order[0] == "short", order
    assert texts == {"long1": "a" * 400, "long2": "b" * 400, "long3": "c" * 400, "short": "zz"}
    assert all(len(batch) <= 2 for batch in policy.calls)


def test_a_character_split_across_slices_comes_out_whole():
    text = "héllo → wörld ✓"
    policy = ScriptedPolicy({1: text.encode()})
    streamed: list[str] = []
    future = FairScheduler(policy, slice_tokens=1).submit(
        [_request(1)], SamplingParams(max_new_tokens=100), 100,
        on_delta=lambda j, delta, seq: streamed.append(delta))
    assert future.result(timeout=60)[0].text == text
    assert "".join(streamed) == text and "\ufffd" not in "".join(streamed)


def test_a_stop_string_split_across_streamed_slices_is_not_streamed_in_part():
    policy = ScriptedPolicy({1: b"abcEND tail"})
    streamed: list[str] = []
    seq = FairScheduler(policy, slice_tokens=2).submit(
        [_request(1)], SamplingParams(max_new_tokens=100, stop=("END",)), 100,
        on_delta=lambda j, delta, seq: streamed.append(delta)).result(timeout=60)[0]
    assert seq.text == "abcEND" and seq.stop_reason == "END" and seq.finish == "stop"
    # every delta but the last is free of any piece of the stop string; the last ends with it
    assert "".join(streamed) == "abcEND" and streamed[-1].endswith("END")
    assert "E" not in "".join(streamed[:-1])


def test_held_back():
    assert held_back("abc\ufffd", ()) == "abc"
    assert held_back("abcEN", ("END",)) == "abc"
    assert held_back("abcE", ("xy", "END")) == "abc"
    assert held_back("abcEND", ("END",)) == "abcEND"  # a whole stop is the scheduler's to cut
    assert held_back("abc", ("END",)) == "abc"


def test_a_cancelled_request_stops_being_decoded_and_is_released():
    policy = ScriptedPolicy({1: b"a" * 10_000, 2: b"b"})
    sched = FairScheduler(policy, slice_tokens=1)
    first = threading.Event()

    def on_delta(*_):  # runs on the scheduler's thread: hold its next slice until cancelled
        if not first.is_set():
            policy.gate.clear()
            first.set()

    future = sched.submit([_request(1)], SamplingParams(max_new_tokens=10_000), 10_000,
                          on_delta=on_delta)
    assert first.wait(60)
    assert future.cancel()
    policy.gate.set()
    sched.submit([_request(2)], SamplingParams(max_new_tokens=1), 1).result(timeout=60)
    assert len([c for c in policy.calls if 1 in c]) <= 2  # not the 10,000 slices it asked for
    assert any(key.startswith("serve-0-") for key in policy.released)


@pytest.mark.parametrize("bad", [(0, 16), (1, 0)])
def test_scheduler_rejects_empty_batches_or_slices(bad):
    with pytest.raises(ValueError, match=">= 1"):
        FairScheduler(ScriptedPolicy({}), max_batch=bad[0], slice_tokens=bad[1])


def test_per_token_streaming_comes_whole_across_tokens_slices_and_stops():
    # a policy that takes on_token streams each token's text at once: more deltas than slices,
    # no piece of a split character, nothing of the stop string before it completes
    policy = EndlessPolicy("héllo → wörld ✓ abcEND tail", step_s=0)
    streamed: list[str] = []
    seq = FairScheduler(policy, slice_tokens=3).submit(
        [_request(1)], SamplingParams(max_new_tokens=100, stop=("END",)), 100,
        on_delta=lambda j, delta, seq: streamed.append(delta)).result(timeout=60)[0]
    assert seq.text == "héllo → wörld ✓ abcEND" and seq.stop_reason == "END"
    assert "".join(streamed) == seq.text and "\ufffd" not in "".join(streamed)
    assert len(streamed) > len(seq.ids) // 3 + 1 and streamed[-1].endswith("END")
    assert "E" not in "".join(streamed[:-1])


def test_a_request_cancelled_mid_slice_stops_at_its_next_token():
    policy = EndlessPolicy(step_s=0)
    sched = FairScheduler(policy, slice_tokens=10**6)  # one slice: only on_token can stop it
    seen: list[str] = []

    def on_delta(j, delta, seq):
        seen.append(delta)
        if len(seen) == 5:
            future.cancel()

    future = sched.submit([_request(1)], SamplingParams(max_new_tokens=10**6, stop=()), 10**6,
                          on_delta=on_delta)
    assert policy.returned.wait(120)
    assert policy.finishes == ["cancelled"] and policy.tokens == 6
