"""Decoding a float32 model with bf16 matmuls (`Sampler(decode_dtype=torch.bfloat16)`, the
config's `model.decode_precision`): the layers' weight copies are bf16, the residual stream, KV
cache, attention and LM head float32, and every sampled logprob stays within bf16 rounding of a
float32 teacher-forced pass, across turns with kept caches, in both batch layouts."""

from __future__ import annotations

import pytest
import torch

from veriloop.envs import get_env
from veriloop.policies.base import SamplingParams
from veriloop.policies.hf import HFPolicy
from veriloop.policies.sampler import sequence_logprobs
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.trainers.common import autocast_dtype, policy_from_config
from veriloop.trainers.config import ModelConfig

# bf16 keeps 8 bits of mantissa: a hidden state's relative error ~4e-3 per op, which moves a
# logprob by a few 1e-2 at most on the tiny model; a float32 decode is within 1e-5.
BF16_TOL = 0.1


@pytest.fixture(scope="module")
def tiny(tiny_path):
    return HFPolicy.from_pretrained(tiny_path, name="tiny-xs")


def _policy(tiny, dtype, shared=True) -> HFPolicy:
    return HFPolicy(tiny.model, tiny.tokenizer, renderer=tiny.renderer, shared_prefix=shared,
                    decode_dtype=dtype)


def _forced_error(model, prompt, out) -> float:
    seq = list(prompt) + out.token_ids
    with torch.no_grad():
        ref = sequence_logprobs(model, torch.tensor([seq]))[0, len(prompt) - 1:]
    return (ref - torch.tensor(out.logprobs)).abs().max().item()


def test_bf16_decoding_holds_bf16_weights_and_returns_float32_logits(tiny, one_thread):
    pol = _policy(tiny, torch.bfloat16)
    dec = pol.sampler.decoder
    assert next(tiny.model.parameters()).dtype == torch.float32  # the model is untouched
    assert dec.matmul_dtype == torch.bfloat16 and dec.dtype == torch.float32
    assert all(w.qkv.dtype == w.out.dtype == w.gate_up.dtype == w.down.dtype == torch.bfloat16
               and w.attn_norm.dtype == torch.float32 for w in dec.weights)
    cache = dec.new_cache(2, 8, "cpu", dec.dtype)
    assert cache[0][0].dtype == torch.float32
    tokens = torch.tensor([[1, 2, 3], [4, 5, 6]])
    pos = torch.arange(3).expand(2, 3)
    mask = torch.ones(2, 1, 3, 3, dtype=torch.bool).tril()
    logits = dec(tokens, pos, cache, 0, mask)
    assert logits.dtype == torch.float32
    ref = _policy(tiny, None).sampler.decoder
    ref_logits = ref(tokens, pos, ref.new_cache(2, 8, "cpu", ref.dtype), 0, mask)
    err = (logits - ref_logits).abs().max().item()
    assert 0 < err < 0.25 * ref_logits.abs().max().item() * 2 ** -4  # rounding, not a bug


@pytest.mark.parametrize("shared", [False, True], ids=["plain", "shared"])
def test_bf16_sampled_logprobs_are_within_rounding_of_float32_teacher_forcing(
        tiny, shared, one_thread):
    env = get_env("arithmetic")
    prompts = [list(tiny.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
               for t in env.tasks(3, seed=4)]
    params = SamplingParams(temperature=1.0, max_new_tokens=12, seed=3)
    fp32 = _policy(tiny, None, shared).sampler.generate(prompts, params)
    bf16 = _policy(tiny, torch.bfloat16, shared).sampler.generate(prompts, params)
    fp32_err = max(_forced_error(tiny.model, p, o) for p, o in zip(prompts, fp32, strict=True))
    bf16_err = max(_forced_error(tiny.model, p, o) for p, o in zip(prompts, bf16, strict=True))
    assert fp32_err < 1e-4
    assert 1e-4 < bf16_err < BF16_TOL  # really decoded in bf16, and only rounded


def test_bf16_rollouts_over_kept_caches_stay_within_rounding(tiny, one_thread):
    """Multi-turn episodes: later turns continue from bf16 kept caches (the group's prompt
    held once), and each turn's logprobs still match a float32 pass over the whole episode."""
    pol = _policy(tiny, torch.bfloat16)
    env = get_env("arithmetic", max_turns=3)
    cfg = RolloutConfig(group_size=2, temperature=1.0, max_new_tokens=10, seed=5)
    trajs = RolloutRunner(env, pol, cfg).run(env.tasks(2, seed=1))
    assert not any(t.is_infra_error for t in trajs)
    assert sum(len(t.turns) for t in trajs) > 4 and pol.sampler.stats.reused_tokens > 0
    for t in trajs:
        mask = torch.tensor(t.loss_mask[1:], dtype=torch.bool)
        with torch.no_grad():
            ref = sequence_logprobs(tiny.model, torch.tensor([t.token_ids]))[0][mask]
        got = torch.tensor(t.sampling_logprobs[1:])[mask]
        assert (ref - got).abs().max().item() < BF16_TOL


@pytest.mark.parametrize("precision", ["fp32", "bf16", "auto"])
def test_decode_precision_reaches_the_sampler(tiny_path, precision):
    policy = policy_from_config(ModelConfig(decode_precision=precision), init=tiny_path)
    want = autocast_dtype(precision, policy.model)  # auto: bf16 only on native-bf16 hardware
    assert policy.sampler.decode_dtype == want
    assert policy.sampler.decoder.matmul_dtype == (want or torch.float32)
    policy.set_model(policy.model)  # a trainer swapping its model in keeps the precision
    assert policy.sampler.decoder.matmul_dtype == (want or torch.float32)
