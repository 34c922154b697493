"""The batched sampler against transformers: greedy equality, logprobs, seeds, stopping, cache."""

from __future__ import annotations

import pytest
import torch

from veriloop.policies.base import SamplingParams
from veriloop.policies.hf import HFPolicy
from veriloop.policies.sampler import Sampler, inverse_cdf, sequence_logprobs
from veriloop.types import Message

GREEDY = SamplingParams(temperature=0.0, max_new_tokens=24, stop=())


def _prompts(policy, n=4):
    from veriloop.envs import get_env

    env = get_env("arithmetic")
    return [list(policy.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
            for t in env.tasks(n, seed=3)]


def _hf_greedy(model, prompts, new_tokens):
    P = max(map(len, prompts))
    ids = torch.zeros(len(prompts), P, dtype=torch.long)
    att = torch.zeros(len(prompts), P, dtype=torch.long)
    for r, p in enumerate(prompts):
        ids[r, P - len(p):] = torch.tensor(p)
        att[r, P - len(p):] = 1
    with torch.no_grad():  # eos -1: never stop, never mask EOS (as ignore_eos=True)
        out = model.generate(input_ids=ids, attention_mask=att, max_new_tokens=new_tokens,
                             do_sample=False, pad_token_id=0, eos_token_id=-1)
    return out[:, P:].tolist()


@pytest.fixture
def trained_ish(tiny_path):
    """A fresh xs policy with larger random weights, so greedy outputs vary token to token."""
    pol = HFPolicy.from_pretrained(tiny_path, name="tiny-xs")
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for p in pol.model.parameters():
            if p.dim() == 2:
                p.copy_(torch.randn(p.shape, generator=g) * 0.2)
    return pol


def test_greedy_equals_transformers_generate(trained_ish, one_thread):
    prompts = [p[: 40 + 9 * i] for i, p in enumerate(_prompts(trained_ish))]  # ragged lengths
    ours = [o.token_ids for o in trained_ish.sampler.generate(prompts, GREEDY, ignore_eos=True)]
    theirs = _hf_greedy(trained_ish.model, prompts, GREEDY.max_new_tokens)
    assert ours == theirs
    assert len({tuple(o) for o in ours}) > 1 and len(set(ours[0])) > 3  # not a degenerate case


def test_group_prefill_and_shared_prefix_match_separate_runs(trained_ish, one_thread):
    prompts = _prompts(trained_ish, 3)
    batch = [prompts[0], prompts[1], prompts[0], prompts[2], prompts[1]]
    together = trained_ish.sampler.generate(batch, GREEDY, ignore_eos=True)
    alone = [trained_ish.sampler.generate([p], GREEDY, ignore_eos=True)[0] for p in prompts]
    assert [o.token_ids for o in together] == [alone[i].token_ids for i in (0, 1, 0, 2, 1)]
    for a, b in zip(together, [alone[i] for i in (0, 1, 0, 2, 1)]):
        assert max(abs(x - y) for x, y in zip(a.logprobs, b.logprobs)) < 1e-4


def test_chunked_prefill_equals_one_pass_prefill(trained_ish, one_thread):
    """A prefill split into chunks of a few positions (a small `prefill_bytes`) samples the same
    tokens with the same logprobs as one pass, for ragged, shared-prefix and kept-cache rows."""
    s = trained_ish.sampler
    prompts = _prompts(trained_ish, 3)
    batch = [prompts[0][:50], prompts[1], prompts[0], prompts[2][:70], prompts[1]]
    heads = s._forward.dims.heads
    P = max(map(len, batch))
    results = []
    for budget in (1 << 30, 4 * len(batch) * heads * P * 3):  # one pass; 3 positions a chunk
        s.prefill_bytes = budget
        first = s.generate(batch, GREEDY, keys=[f"k{i}" for i in range(5)], ignore_eos=True)
        again = s.generate([p + o.token_ids + [9, 10] for p, o in zip(batch, first)], GREEDY,
                           keys=[f"k{i}" for i in range(5)], ignore_eos=True)  # kept caches
        results.append(first + again)
        s.release_all()
    assert s.prefill_chunk(len(batch), P, P) == 3  # the budget of the last run, in positions
    assert s.prefill_chunk(1, 40, 40) == min(40, len(batch) * P * 3 // 40)
    assert s.prefill_chunk(2 * len(batch), P, P) == 1  # at least one
    one, chunked = results
    assert [o.token_ids for o in chunked] == [o.token_ids for o in one]
    assert all(o.cached_prefix > 0 for o in chunked[5:])
    for a, b in zip(one, chunked):
        assert max(abs(x - y) for x, y in zip(a.logprobs, b.logprobs)) < 1e-4


@pytest.mark.parametrize("temperature,top_p,top_k", [(1.0, 1.0, 0), (0.7, 0.9, 0),
                                                     (1.3, 1.0, 20), (0.0, 1.0, 0)])
def test_logprobs_match_teacher_forcing(trained_ish, temperature, top_p, top_k, one_thread):
    params = SamplingParams(temperature=temperature, top_p=top_p, top_k=top_k,
                            max_new_tokens=30, stop=(), seed=11)
    prompts = [p[:50 + 7 * i] for i, p in enumerate(_prompts(trained_ish, 3))]
    outs = trained_ish.sampler.generate(prompts, params, ignore_eos=True)
    for p, o in zip(prompts, outs):
        full = torch.tensor([p + o.token_ids])
        with torch.no_grad():
            lp = sequence_logprobs(trained_ish.model, full, temperature=temperature or 1.0)
        ref = lp[0, len(p) - 1:]
        assert (ref - torch.tensor(o.logprobs)).abs().max().item() <= 1e-4


def test_sequence_logprobs_left_padding(trained_ish):
    a, b = [5, 6, 7, 8, 9], [11, 12, 13]
    ids = torch.tensor([a, [0, 0] + b])
    mask = torch.tensor([[1] * 5, [0, 0, 1, 1, 1]])
    with torch.no_grad():
        batched = sequence_logprobs(trained_ish.model, ids, mask)
        alone = sequence_logprobs(trained_ish.model, torch.tensor([b]))
    assert torch.allclose(batched[1, 2:], alone[0], atol=1e-5)


def test_seeded_sampling_is_reproducible_and_batch_invariant(trained_ish):
    params = SamplingParams(temperature=1.0, max_new_tokens=20, stop=(), seed=7)
    prompts = _prompts(trained_ish, 3)
    s = trained_ish.sampler
    first = s.generate(prompts, params, row_seeds=["a", "b", "c"], ignore_eos=True)
    again = s.generate(prompts, params, row_seeds=["a", "b", "c"], ignore_eos=True)
    assert [o.token_ids for o in first] == [o.token_ids for o in again]
    alone = s.generate([prompts[1]], params, row_seeds=["b"], ignore_eos=True)
    assert alone[0].token_ids == first[1].token_ids
    other = s.generate(prompts, SamplingParams(temperature=1.0, max_new_tokens=20, stop=(),
                                               seed=8), row_seeds=["a", "b", "c"], ignore_eos=True)
    assert [o.token_ids for o in other] != [o.token_ids for o in first]


def test_top_k_one_is_greedy_and_top_p_stays_in_nucleus():
    logits = torch.tensor([[2.0, 1.0, 0.0, -1.0]] * 64)
    u = torch.rand(64, generator=torch.Generator().manual_seed(0))
    tok, _ = Sampler._pick(logits, SamplingParams(temperature=1.0, top_k=1), u)
    assert tok.tolist() == [0] * 64
    # softmax = [.644, .237, .087, .032]: top_p=0.8 keeps {0, 1} (0.644 < 0.8 <= 0.881)
    tok, lp = Sampler._pick(logits, SamplingParams(temperature=1.0, top_p=0.8), u)
    assert set(tok.tolist()) == {0, 1}
    full = torch.log_softmax(logits[0], -1)
    assert torch.allclose(lp, full[tok], atol=1e-6)  # logprobs are before truncation


def test_stop_strings_and_stop_tokens(trained_ish):
    prompt = _prompts(trained_ish, 1)[0]
    free = trained_ish.sampler.generate([prompt], GREEDY, ignore_eos=True)[0].token_ids
    tok = trained_ish.tokenizer
    # a stop string: the text of the 6th generated token (first occurrence ends generation)
    stop_text = tok.decode([free[5]]).strip() or tok.decode([free[5]])
    out = trained_ish.sampler.generate([prompt], SamplingParams(
        temperature=0.0, max_new_tokens=24, stop=(stop_text,)))[0]
    text = tok.decode(out.token_ids)
    assert out.finish_reason == "stop" and out.stop == stop_text
    assert stop_text in text and stop_text not in tok.decode(out.token_ids[:-1])
    assert out.token_ids == free[:len(out.token_ids)]
    # a stop token id is kept as the last token
    s = Sampler(trained_ish.model, tok, stop_token_ids=[free[3]])
    out = s.generate([prompt], GREEDY)[0]
    assert out.token_ids[-1] == free[3] and out.finish_reason == "stop"
    assert len(out.token_ids) == free.index(free[3]) + 1
    # per-row caps
    outs = trained_ish.sampler.generate([prompt, prompt], GREEDY, max_new_tokens=[3, 7],
                                        ignore_eos=True)
    assert [len(o.token_ids) for o in outs] == [3, 7]
    assert all(o.finish_reason == "length" for o in outs)


def test_batch_parts_keep_each_runs_cache_within_the_budget(trained_ish):
    s = trained_ish.sampler
    per_token = s.decoder.kv_bytes_per_token()
    d = s.decoder.dims  # K and V, every layer, float32
    assert per_token == 2 * len(s.decoder.layers) * d.kv_heads * d.head_dim * 4
    prompts = [[1] * 10, [1] * 30, [1] * 5, [1] * 5, [1] * 50]
    caps = [10] * 5  # rows need 20, 40, 15, 15, 60 tokens
    s.batch_cache_bytes = 80 * per_token
    cpu = torch.device("cpu")
    # [0]: 20; +1: 2 x 40 = 80 fits; +2: 3 x 40 > 80 -> new run; [2, 3]: 2 x 15; +4: 3 x 60
    assert s.batch_parts(prompts, [0, 1, 2, 3, 4], caps, cpu) == [[0, 1], [2, 3], [4]]
    s.batch_cache_bytes = 10 * per_token  # a row alone over the budget still runs (alone)
    assert s.batch_parts(prompts, [1, 4], caps, cpu) == [[1], [4]]
    s.batch_cache_bytes = None  # default: a quarter of the machine's memory
    assert s.batch_parts(prompts, [0, 1, 2, 3, 4], caps, cpu) == [[0, 1, 2, 3, 4]]


@pytest.mark.parametrize("temperature", [0.0, 1.0])
def test_a_batch_cut_into_runs_samples_what_one_batch_samples(trained_ish, one_thread,
                                                              temperature):
    s = trained_ish.sampler
    prompts = _prompts(trained_ish, 4)
    prompts = [prompts[0], prompts[0], *prompts[1:]]  # a group of two shares a prompt block
    params = SamplingParams(temperature=temperature, max_new_tokens=16, stop=(), seed=3)
    whole = s.generate(prompts, params, ignore_eos=True)
    s.batch_cache_bytes = 2 * (max(map(len, prompts)) + 16) * s.decoder.kv_bytes_per_token()
    runs = s.batch_parts(prompts, list(range(len(prompts))), [16] * len(prompts),
                         torch.device("cpu"))
    assert len(runs) == 3  # two rows a run
    cut = s.generate(prompts, params, ignore_eos=True)
    assert [o.token_ids for o in cut] == [o.token_ids for o in whole]
    for a, b in zip(cut, whole, strict=True):
        assert max(abs(x - y) for x, y in zip(a.logprobs, b.logprobs, strict=True)) < 1e-4


def test_episode_cache_reuse_across_turns(trained_ish, one_thread):
    pol, s = trained_ish, trained_ish.sampler
    prompts = _prompts(pol, 2)
    params = SamplingParams(temperature=0.0, max_new_tokens=12, stop=())
    turn1 = s.generate(prompts, params, keys=["e0", "e1"], ignore_eos=True)
    obs = pol.renderer.render_observation([Message(role="tool", content="42")],
                                          action_closed=False).ids
    second = [p + o.token_ids + list(obs) for p, o in zip(prompts, turn1)]
    before = s.stats.prefill_tokens
    kept = s.generate(second, params, keys=["e0", "e1"], ignore_eos=True)
    assert [o.cached_prefix for o in kept] == [len(p) + 11 for p in prompts]
    assert s.stats.prefill_tokens - before < sum(map(len, second)) // 2
    fresh = s.generate(second, params, ignore_eos=True)
    assert [o.token_ids for o in kept] == [o.token_ids for o in fresh]
    for a, b in zip(kept, fresh):
        assert max(abs(x - y) for x, y in zip(a.logprobs, b.logprobs)) < 1e-4
    # a prompt that does not extend the kept ids is prefilled from scratch
    changed = s.generate([second[0][:-3] + [7, 8, 9]], params, keys=["e0"], ignore_eos=True)
    assert changed[0].cached_prefix == 0
    pol.release("e0"), pol.release("e1")
    assert not s._kept


def test_rows_finishing_at_different_steps_match_rows_run_alone(trained_ish, one_thread):
    """Finished rows stay in the batch until they are a quarter of it (the sampler then drops
    them): every row's tokens, logprobs and kept cache are still those of the row run alone."""
    pol, s = trained_ish, trained_ish.sampler
    prompts = (_prompts(pol, 4) * 2)[:7]
    caps = [2, 3, 5, 6, 9, 14, 20]  # one finishes at steps 2, 3, 5, ...: idle rows linger
    params = SamplingParams(temperature=1.0, max_new_tokens=20, stop=(), seed=11)
    keys = [f"r{i}" for i in range(7)]
    together = s.generate(prompts, params, keys=keys, max_new_tokens=caps,
                          row_seeds=keys, ignore_eos=True)
    obs = pol.renderer.render_observation([Message(role="tool", content="7")],
                                          action_closed=False).ids
    second = [p + o.token_ids + list(obs) for p, o in zip(prompts, together)]
    again = s.generate(second, GREEDY, keys=keys, ignore_eos=True)  # from the kept caches
    assert [o.cached_prefix for o in again] == [len(p) + c - 1 for p, c in zip(prompts, caps)]
    for i in range(7):
        alone = s.generate([prompts[i]], params, max_new_tokens=[caps[i]], row_seeds=[keys[i]],
                           ignore_eos=True)[0]
        assert len(together[i].token_ids) == caps[i]
        assert together[i].token_ids == alone.token_ids
        assert max(abs(a - b) for a, b in zip(together[i].logprobs, alone.logprobs)) < 1e-5
        fresh = s.generate([second[i]], GREEDY, ignore_eos=True)[0]
        assert again[i].token_ids == fresh.token_ids
    for k in keys:
        pol.release(k)


def test_in_place_weight_updates_are_seen_and_drop_kept_caches(trained_ish, one_thread):
    pol, s = trained_ish, trained_ish.sampler
    prompts = _prompts(pol, 2)
    s.generate(prompts, GREEDY, keys=["a", "b"], ignore_eos=True)
    assert len(s._kept) == 2
    opt = torch.optim.SGD(pol.model.parameters(), lr=0.5)
    ids = torch.tensor([prompts[0]])
    loss = -sequence_logprobs(pol.model, ids).mean()
    loss.backward()
    opt.step()
    ours = [o.token_ids for o in s.generate(prompts, GREEDY, ignore_eos=True)]
    assert not s._kept
    assert ours == _hf_greedy(pol.model, prompts, GREEDY.max_new_tokens)


def test_peft_lora_injected_in_place_keeps_the_fast_forward(tiny_path, one_thread):
    """LoRA injected after the sampler was built (non-zero B): the fast forward folds the
    adapters in and still decodes what the model's own forward does."""
    peft = pytest.importorskip("peft")
    pol = HFPolicy.from_pretrained(tiny_path)
    assert pol.sampler.fast
    prompts = _prompts(pol, 2)
    plain = pol.sampler.generate(prompts, GREEDY, ignore_eos=True)
    cfg = peft.LoraConfig(r=4, target_modules=["q_proj", "v_proj"], init_lora_weights=False)
    peft.inject_adapter_in_model(cfg, pol.model)
    outs = pol.sampler.generate(prompts, GREEDY, ignore_eos=True)
    ours = [o.token_ids for o in outs]
    assert pol.sampler.fast
    assert ours == _hf_greedy(pol.model, prompts, GREEDY.max_new_tokens)
    # the adapters changed the distribution: they were not left out
    assert max(abs(a - b) for o, p in zip(outs, plain, strict=True)
               for a, b in zip(o.logprobs, p.logprobs)) > 1e-4


def test_peft_dora_falls_back_to_the_hf_forward(tiny_path, one_thread):
    """An adapter the fast forward cannot fold in (DoRA) sends the sampler to the HF path."""
    peft = pytest.importorskip("peft")
    pol = HFPolicy.from_pretrained(tiny_path)
    cfg = peft.LoraConfig(r=4, target_modules=["q_proj", "v_proj"], init_lora_weights=False,
                          use_dora=True)
    peft.inject_adapter_in_model(cfg, pol.model)
    prompts = _prompts(pol, 2)
    ours = [o.token_ids for o in pol.sampler.generate(prompts, GREEDY, ignore_eos=True)]
    assert not pol.sampler.fast
    assert ours == _hf_greedy(pol.model, prompts, GREEDY.max_new_tokens)


def test_policy_generate_returns_tokens_text_and_logprobs(tiny_policy):
    from veriloop.policies.base import GenerationRequest

    msgs = (Message(role="user", content="Ava has 3 pens."),)
    ids = tiny_policy.renderer.render_prompt(msgs, ()).ids
    reqs = [GenerationRequest(prompt_ids=ids, messages=msgs, key=f"k{i}", sample_index=i,
                              max_new_tokens=5) for i in range(2)]
    gens = tiny_policy.generate(reqs, SamplingParams(temperature=1.0, seed=1, max_new_tokens=50))
    for g in gens:
        assert 1 <= len(g.token_ids) <= 5 and len(g.logprobs) == len(g.token_ids)
        assert g.text == tiny_policy.tokenizer.decode(g.token_ids, skip_special_tokens=True)
    again = tiny_policy.generate(reqs, SamplingParams(temperature=1.0, seed=1, max_new_tokens=50))
    assert [g.token_ids for g in gens] == [g.token_ids for g in again]
    for r in reqs:
        tiny_policy.release(r.key)


def test_kept_caches_are_evicted_least_recently_used_beyond_the_budget(tiny_path):
    pol = HFPolicy.from_pretrained(tiny_path, cache_budget_bytes=1)  # room for one episode
    prompts = _prompts(pol, 3)
    params = SamplingParams(temperature=0.0, max_new_tokens=4, stop=())
    pol.sampler.generate(prompts[:2], params, keys=["a", "b"], ignore_eos=True)
    assert list(pol.sampler._kept) == ["b"]
    pol.sampler.generate(prompts[2:], params, keys=["c"], ignore_eos=True)
    assert list(pol.sampler._kept) == ["c"] and pol.sampler._kept_bytes > 0


def test_bfloat16_policy_samples_with_consistent_logprobs(tiny_path):
    pol = HFPolicy.from_pretrained(tiny_path, dtype="bfloat16")
    assert pol.dtype == torch.bfloat16 and pol.sampler.fast
    prompt = _prompts(pol, 1)[0]
    out = pol.sampler.generate([prompt], SamplingParams(temperature=1.0, max_new_tokens=8,
                                                        stop=(), seed=0), ignore_eos=True)[0]
    with torch.no_grad():
        ref = sequence_logprobs(pol.model, torch.tensor([prompt + out.token_ids]))[0, len(prompt) - 1:]
    assert (ref - torch.tensor(out.logprobs)).abs().max().item() < 0.1  # bf16 rounding


def test_inverse_cdf_by_hand_and_in_distribution():
    # probs [0, .5, 0, .5] -> cdf [0, .5, .5, 1]: the first token whose cdf exceeds u
    probs = torch.tensor([[0.0, 0.5, 0.0, 0.5]] * 5)
    u = torch.tensor([0.0, 0.25, 0.4999, 0.5, 0.999999])
    assert inverse_cdf(probs, u).tolist() == [1, 1, 1, 3, 3]  # never a token of probability 0
    # rows that do not sum to 1 exactly are scaled by their total: u -> u * 0.8
    assert inverse_cdf(torch.tensor([[0.4, 0.4]] * 2), torch.tensor([0.49, 0.51])).tolist() \
        == [0, 1]
    # in distribution: 40,000 seeded draws of [.1, .2, .3, .4] within 0.01 of each probability
    p = torch.tensor([0.1, 0.2, 0.3, 0.4])
    draws = inverse_cdf(p.expand(40_000, 4), torch.rand(40_000, generator=torch.Generator()
                                                         .manual_seed(3)))
    freq = torch.bincount(draws, minlength=4).double() / 40_000
    assert torch.allclose(freq, p.double(), atol=0.01), freq


def test_one_sampling_op_per_token_not_one_per_row(trained_ish, monkeypatch):
    """Regression: rows were drawn one torch.multinomial call each (16k calls per GRPO step of
    the tiny model, ~15% of its generation time); one batched draw per token now."""
    calls = {"n": 0}
    real = torch.searchsorted

    def counting(*a, **k):
        calls["n"] += 1
        return real(*a, **k)

    monkeypatch.setattr(torch, "searchsorted", counting)
    prompts = _prompts(trained_ish, 3)
    outs = trained_ish.sampler.generate(
        prompts * 4, SamplingParams(temperature=1.0, max_new_tokens=10, stop=(), seed=1),
        ignore_eos=True)
    assert all(len(o.token_ids) == 10 for o in outs)
    assert calls["n"] == 10


@pytest.mark.parametrize("rows,out,inp", [(8, 3072, 576), (1, 49152, 64), (3, 128, 128),
                                          (64, 256, 128)])
def test_inference_linear_equals_f_linear(rows, out, inp):
    """The sampler's matmul (oneDNN for float32 CPU matmuls of >= 2M multiply-adds, MKL below)
    computes F.linear: same shape, float32, equal up to summation order."""
    from veriloop.models import llama

    g = torch.Generator().manual_seed(rows)
    x = torch.randn(rows, 1, inp, generator=g)
    w, b = torch.randn(out, inp, generator=g), torch.randn(out, generator=g)
    big = rows * inp * out >= llama._ONEDNN_MIN_MACS
    with torch.inference_mode():
        got, ref = llama.inference_linear(x, w, b), torch.nn.functional.linear(x, w, b)
        assert got.shape == ref.shape and got.dtype == torch.float32
        # relative to the output's scale (~sqrt(inp)); exact below the oneDNN threshold
        tol = 1e-5 * inp ** 0.5 if big and llama._ONEDNN else 0.0
        assert (got - ref).abs().max().item() <= tol
        assert torch.equal(llama.inference_linear(x, w), torch.nn.functional.linear(x, w)) \
            or big


def test_inference_linear_falls_back_to_mkl_when_onednn_refuses(monkeypatch):
    from veriloop.models import llama

    def refuse(*args):
        raise RuntimeError("oneDNN: unsupported")

    monkeypatch.setattr(llama, "_ONEDNN", True)
    monkeypatch.setattr(llama, "_onednn_linear", refuse)
    x, w = torch.randn(8, 576), torch.randn(3072, 576)
    with torch.inference_mode():
        assert torch.equal(llama.inference_linear(x, w), torch.nn.functional.linear(x, w))
    assert llama._ONEDNN is False  # not tried again


@pytest.fixture
def pair(trained_ish):
    """Two policies over one model (trained_ish: greedy outputs vary token to token): the plain
    layout and the shared-prefix layout (the default)."""
    shared = trained_ish
    plain = HFPolicy(shared.model, shared.tokenizer, renderer=shared.renderer,
                     shared_prefix=False)
    return plain, shared


def test_multi_turn_groups_decode_the_same_tokens_in_both_layouts(pair, one_thread):
    """Three turns of two groups of three and a single episode, rows finishing at different
    steps (they leave the batch), a new episode joining at turn 2 beside kept ones: both
    layouts sample the same tokens with the same logprobs and reuse the same cached prefixes."""
    plain, shared = pair
    base = _prompts(shared, 3)
    prompts = [base[0]] * 3 + [base[1]] * 3 + [base[2]]
    keys = [f"e{i}" for i in range(7)]
    caps = [2, 9, 5, 12, 3, 7, 10]
    obs = list(shared.renderer.render_observation([Message(role="tool", content="42")],
                                                  action_closed=False).ids)
    sampled = SamplingParams(temperature=1.0, max_new_tokens=12, stop=(), seed=5)
    greedy = SamplingParams(temperature=0.0, max_new_tokens=10, stop=())
    results = {}
    for name, pol in (("plain", plain), ("shared", shared)):
        s, convs, turns = pol.sampler, [list(p) for p in prompts], []
        for turn, params in enumerate((sampled, greedy, greedy)):
            rows, ks = (convs, keys) if turn != 1 else (convs + [base[2]], keys + ["late"])
            outs = s.generate(rows, params, keys=ks, max_new_tokens=caps + [4],
                              row_seeds=ks, ignore_eos=True)
            turns.append(outs)
            convs = [c + o.token_ids + obs for c, o in zip(convs, outs)]
        results[name] = turns
        for k in [*keys, "late"]:
            pol.release(k)
        assert not s._kept
    for a_turn, b_turn in zip(results["plain"], results["shared"], strict=True):
        for a, b in zip(a_turn, b_turn, strict=True):
            assert a.token_ids == b.token_ids
            assert a.cached_prefix == b.cached_prefix
            assert max(abs(x - y) for x, y in zip(a.logprobs, b.logprobs)) < 1e-4
    assert [o.cached_prefix for o in results["shared"][1][:7]] == [
        len(p) + c - 1 for p, c in zip(prompts, caps)]  # every turn-2 row started from its cache


def test_a_groups_prompt_is_kept_once(pair, one_thread):
    """Four episodes of one prompt keep its K/V once (one shared object), not four copies; the
    kept bytes count it once."""
    plain, shared = pair
    prompt = _prompts(shared, 1)[0]
    params = SamplingParams(temperature=1.0, max_new_tokens=3, stop=(), seed=1)
    keys = ["a", "b", "c", "d"]
    for pol in (plain, shared):
        pol.sampler.generate([prompt] * 4, params, keys=keys, row_seeds=keys, ignore_eos=True)
    kept = [shared.sampler._kept[k] for k in keys]
    assert all(k.prefix is kept[0].prefix for k in kept)
    assert kept[0].prefix.ids == tuple(prompt)
    per_token = kept[0].prefix.nbytes // len(prompt)
    assert shared.sampler._kept_bytes == per_token * (len(prompt) + 4 * 2)  # prompt + 2 fed each
    assert plain.sampler._kept_bytes == per_token * 4 * (len(prompt) + 2)
