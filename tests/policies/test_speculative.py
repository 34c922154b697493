"""Prompt-lookup speculative decoding (veriloop/policies/speculative.py, issue 47): hand-worked
drafts and accept decisions, greedy outputs identical to the plain sampler's, and sampled
distributions that a chi-squared test cannot tell from plain sampling, while the same test
rejects a broken accept rule (so the test can fail)."""

from __future__ import annotations

import collections

import pytest
import torch
from scipy.stats import chi2_contingency, chisquare

from veriloop.policies import speculative
from veriloop.policies.base import SamplingParams
from veriloop.policies.sampler import sequence_logprobs
from veriloop.policies.speculative import (
    SpeculativeStats,
    accept,
    lookup_draft,
    speculative_generate,
)


def test_lookup_drafts_what_followed_the_latest_occurrence_of_the_longest_suffix():
    #       0  1  2  3  4  5  6  7  8  9
    ids = [5, 6, 7, 8, 1, 6, 7, 9, 2, 6, 7]
    # suffix (6, 7) occurred at 5-6 (then 9, 2, 6, 7) and at 1-2: the latest one wins
    assert lookup_draft(ids, max_ngram=3, draft_len=3) == [9, 2, 6]
    assert lookup_draft(ids, max_ngram=3, draft_len=8) == [9, 2, 6, 7]
    # a 3-gram (2, 6, 7) never occurred before; with n = 1 only the last token is matched
    assert lookup_draft([1, 2, 3, 1], max_ngram=1) == [2, 3, 1]
    assert lookup_draft([1, 2, 3, 4]) == []  # no suffix occurred before
    assert lookup_draft([4]) == []


def test_greedy_accept_keeps_drafts_while_they_are_the_argmax_then_the_argmax():
    logits = torch.tensor([[0.0, 5.0, 1.0],   # argmax 1
                           [3.0, 0.0, 1.0],   # argmax 0
                           [0.0, 0.0, 9.0]])  # argmax 2
    assert accept(logits, [1, 0], None) == ([1, 0, 2], 2)  # both kept, then a bonus token
    assert accept(logits, [1, 2], None) == ([1, 0], 1)  # 2nd draft wrong: the argmax instead
    assert accept(logits, [2, 0], None) == ([1], 0)


def test_sampling_accept_works_the_rule_by_hand():
    probs = torch.tensor([[0.2, 0.5, 0.3],
                          [0.6, 0.4, 0.0],
                          [0.1, 0.1, 0.8]])
    # draft 1 at p = 0.5: u = 0.4 < 0.5 accepts it; draft 0 at p = 0.6: u = 0.7 rejects it, and
    # the correction comes from the residual (0, 0.4, 0) / 0.4 whatever its uniform: token 1
    u = torch.tensor([0.4, 0.7, 0.0, 0.99, 0.5])
    assert accept(probs, [1, 0], u) == ([1, 1], 1)
    # both accepted: the bonus token by inverse CDF of row 2 at u = 0.5: 0.1, 0.2, 1.0 -> 2
    u = torch.tensor([0.1, 0.1, 0.0, 0.0, 0.5])
    assert accept(probs, [1, 0], u) == ([1, 0, 2], 2)
    # a draft of probability 0 is always rejected (u >= 0 = p)
    u = torch.tensor([0.0, 0.3])
    assert accept(probs[1:], [2], u)[1] == 0


def _broken_accept(probs, draft, uniforms):
    """The rule with its residual forgotten: a rejected draft is redrawn from p itself."""
    if uniforms is None:
        return accept(probs, draft, uniforms)
    k = len(draft)
    for i, d in enumerate(draft):
        if uniforms[i].item() >= probs[i, d].item():
            return [*draft[:i], speculative._draw(probs[i], uniforms[k + i])], i
    return [*draft, speculative._draw(probs[k], uniforms[2 * k])], k


@pytest.mark.parametrize("rule,ok", [(accept, True), (_broken_accept, False)],
                         ids=["standard", "broken"])
def test_accept_emits_the_target_distribution_exactly(rule, ok):
    """20,000 first tokens from a fixed target row and draft: a goodness-of-fit test against
    the target passes for the standard rule and rejects the broken one."""
    p = torch.tensor([[0.1, 0.3, 0.4, 0.2], [0.25, 0.25, 0.25, 0.25]])
    # seed 1: seed 0's own first uniforms fall below 0.3 in 28.8% of 20,000 draws (3.7 sigma
    # low), which no test of the rule can tell from an error in it
    g = torch.Generator().manual_seed(1)
    counts = collections.Counter(rule(p, [1], torch.rand(3, generator=g))[0][0]
                                 for _ in range(20_000))
    observed = [counts[t] for t in range(4)]
    pvalue = chisquare(observed, [2_000, 6_000, 8_000, 4_000]).pvalue  # 20,000 x p[0]
    print(f"{rule.__name__}: {observed}, p = {pvalue:.3g}")
    assert (pvalue > 1e-3) if ok else (pvalue < 1e-6), (observed, pvalue)


def test_greedy_speculation_gives_the_plain_sampler_tokens_with_teacher_forced_logprobs(
        model_and_prompts, one_thread):
    pol, prompts = model_and_prompts
    params = SamplingParams(temperature=0.0, max_new_tokens=48, stop=())
    plain = pol.sampler.generate(prompts, params)
    stats = SpeculativeStats()
    for prompt, ref in zip(prompts, plain, strict=True):
        out = speculative_generate(pol.sampler, prompt, params, stats=stats)
        assert out.token_ids == ref.token_ids
        assert out.finish_reason == ref.finish_reason
        seq = torch.tensor([prompt + out.token_ids])
        forced = sequence_logprobs(pol.model, seq)[0, len(prompt) - 1:]  # [new]
        assert (forced - torch.tensor(out.logprobs)).abs().max().item() < 1e-4
    assert stats.drafted > 0 and stats.accepted > 0  # the drafts were exercised
    assert stats.forwards < stats.generated  # and saved forwards


@pytest.mark.parametrize("kept_by", ["speculative", "batched"])
def test_a_kept_episode_prefills_only_its_new_tokens(model_and_prompts, one_thread, kept_by):
    """Turn 2 of an episode reuses turn 1's K/V (kept by the speculative path, or by the batched
    sampler with its shared prompt block) and decodes what a fresh prefill decodes; changed
    weights drop the kept K/V."""
    pol, prompts = model_and_prompts
    sampler = pol.sampler
    params = SamplingParams(temperature=0.0, max_new_tokens=24, stop=())
    key, first = f"kept-{kept_by}", prompts[0]
    if kept_by == "batched":  # a group of two: the prompt is kept once, as a shared block
        turn1 = sampler.generate([first, first], params, keys=[key, f"{key}-2"])[0]
    else:
        turn1 = speculative_generate(sampler, first, params, key=key)
    second = first + turn1.token_ids + prompts[1][-12:]  # an observation appended
    prefilled = sampler.stats.prefill_tokens
    out = speculative_generate(sampler, second, params, key=key)
    assert out.cached_prefix == len(first) + len(turn1.token_ids) - 1  # all but the last token
    assert sampler.stats.prefill_tokens - prefilled == len(second) - 1 - out.cached_prefix
    fresh = speculative_generate(sampler, second, params)
    assert out.token_ids == fresh.token_ids and fresh.cached_prefix == 0
    assert max(abs(a - b) for a, b in zip(out.logprobs, fresh.logprobs, strict=True)) < 1e-5
    third = second + out.token_ids + prompts[2][-5:]
    with torch.no_grad():
        next(pol.model.parameters()).mul_(1.0)  # an update: the tensor's version moves
    assert speculative_generate(sampler, third, params, key=key).cached_prefix == 0
    sampler.release_all()


def _pairs(outs) -> collections.Counter:
    return collections.Counter(tuple(o.token_ids[:2]) for o in outs)


@pytest.mark.parametrize("rule,ok", [(accept, True), (_broken_accept, False)],
                         ids=["standard", "broken"])
def test_sampled_pairs_match_plain_sampling_on_the_tiny_model(model_and_prompts, one_thread, monkeypatch,
                                                              rule, ok):
    """The first two of three sampled tokens (temperature 1, top-k 8, so that drafts are
    often rejected) from 1,500 speculative and 1,500 plain samples: a chi-squared test of the two
    samples' pair counts passes with the standard rule and rejects the broken one."""
    pol, prompts = model_and_prompts
    # the prompt, its greedy continuation, the prompt again and the continuation's start: the
    # drafts (the continuation's next tokens) are likely but not certain, so both the accept
    # and the reject branch are taken often
    greedy = pol.sampler.generate([prompts[0]], SamplingParams(temperature=0.0,
                                                               max_new_tokens=12, stop=()))
    cont = greedy[0].token_ids
    prompt = prompts[0] + cont + prompts[0] + cont[:4]
    params = SamplingParams(temperature=1.0, top_k=8, max_new_tokens=3, stop=(), seed=1)
    monkeypatch.setattr(speculative, "accept", rule)
    g = torch.Generator().manual_seed(7)
    stats = SpeculativeStats()
    spec = [speculative_generate(pol.sampler, prompt, params, generator=g, stats=stats)
            for _ in range(1500)]
    plain = pol.sampler.generate([prompt] * 1500, params)
    assert stats.drafted > 1000  # nearly every first token was a draft's accept decision
    assert 0.1 < stats.accepted / stats.drafted < 0.9, stats  # and both branches were taken
    a, b = _pairs(spec), _pairs(plain)
    keep = [k for k in set(a) | set(b) if a[k] + b[k] >= 20]
    rest_a = sum(a.values()) - sum(a[k] for k in keep)
    rest_b = sum(b.values()) - sum(b[k] for k in keep)
    rest = [[rest_a], [rest_b]] if rest_a + rest_b else [[], []]
    table = [[a[k] for k in keep] + rest[0], [b[k] for k in keep] + rest[1]]
    pvalue = chi2_contingency(table).pvalue
    assert len(keep) >= 4  # a test over a spread distribution, not one dominant pair
    print(f"{rule.__name__}: {len(keep)} pairs, p = {pvalue:.3g}, {stats}")
    assert (pvalue > 1e-3) if ok else (pvalue < 1e-6), (len(keep), pvalue, stats)
