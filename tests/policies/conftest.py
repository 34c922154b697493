"""Fixtures: the xs tiny model once per session, SmolLM2 when its wheel is installed."""

from __future__ import annotations

import shutil

import pytest
import torch

from veriloop.envs import get_env
from veriloop.policies.hf import HFPolicy
from veriloop.run.tiny import ensure_tiny


@pytest.fixture(scope="session")
def tiny_path(tmp_path_factory):
    """A private copy of the cached xs tiny model (seed 0) named `tiny-xs`. The cache
    ($VERILOOP_HOME/models) is built once per machine and shared with every CLI test that loads
    `model.size=xs`, where building here cost each xdist worker a build (test_tiny.py checks
    that fresh builds are deterministic). The copy (1 MB) keeps tests off the shared one."""
    return shutil.copytree(ensure_tiny("xs", seed=0), tmp_path_factory.mktemp("tiny") / "tiny-xs")


@pytest.fixture(scope="session")
def tiny_policy(tiny_path):
    return HFPolicy.from_pretrained(tiny_path, name="tiny-xs")


@pytest.fixture(scope="module")
def model_and_prompts(tiny_path):
    """The xs tiny model and the token prompts of 4 arithmetic tasks (seed 3)."""
    pol = HFPolicy.from_pretrained(tiny_path, name="tiny-xs")
    env = get_env("arithmetic")
    prompts = [list(pol.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
               for t in env.tasks(4, seed=3)]
    return pol, prompts


@pytest.fixture
def one_thread():
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)


def sampler_matches_transformers(policy, prompts: list[list[int]], new_tokens: int) -> list:
    """Greedy outputs of `policy.sampler` (stopping off) for `prompts`, after checking them
    against `transformers.generate` on the same left-padded batch, token for token, and their
    logprobs against a teacher-forced pass (within 1e-4)."""
    from veriloop.policies.base import SamplingParams
    from veriloop.policies.sampler import sequence_logprobs

    params = SamplingParams(temperature=0.0, max_new_tokens=new_tokens, stop=())
    ours = policy.sampler.generate(prompts, params, ignore_eos=True)
    B, P = len(prompts), max(map(len, prompts))
    ids = torch.full((B, P), policy.tokenizer.pad_token_id or 0)
    att = torch.zeros(B, P, dtype=torch.long)
    for r, p in enumerate(prompts):
        ids[r, P - len(p):], att[r, P - len(p):] = torch.tensor(p), 1
    with torch.no_grad():
        theirs = policy.model.generate(input_ids=ids, attention_mask=att,
                                       max_new_tokens=new_tokens, do_sample=False,
                                       eos_token_id=-1)[:, P:].tolist()
        assert [o.token_ids for o in ours] == theirs
        for p, o in zip(prompts, ours):
            lp = sequence_logprobs(policy.model, torch.tensor([p + o.token_ids]))[0, len(p) - 1:]
            assert (lp - torch.tensor(o.logprobs)).abs().max().item() <= 1e-4
    return ours


@pytest.fixture
def matches_transformers():
    """`sampler_matches_transformers`, for the tests of the real models."""
    return sampler_matches_transformers
