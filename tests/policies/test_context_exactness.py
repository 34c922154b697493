"""Summarisation with the tiny model: every training sequence the trainer builds is a context
the policy really sampled from, id for id, and teacher forcing reproduces its sampling
logprobs, the summary turns included."""

from __future__ import annotations

import torch

from veriloop.envs import get_env
from veriloop.policies.hf import HFPolicy
from veriloop.rollout.context import SUMMARY_HEADER, SUMMARY_REQUEST
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.trainers.batch import TrainBatch, forward_logprobs


class Recording:
    """The policy, remembering every (prompt ids, sampled ids) it produced."""

    def __init__(self, policy: HFPolicy) -> None:
        self.policy, self.name, self.renderer = policy, policy.name, policy.renderer
        self.samples: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def generate(self, requests, params):
        gens = self.policy.generate(requests, params)
        for r, g in zip(requests, gens, strict=True):
            self.samples.add((tuple(r.prompt_ids), tuple(g.token_ids)))
        return gens

    def release(self, key: str) -> None:
        self.policy.release(key)


def _policy_runs(mask: list[int]) -> list[tuple[int, int]]:
    runs, i = [], 0
    while i < len(mask):
        if mask[i]:
            j = i
            while j < len(mask) and mask[j]:
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    return runs


def test_summarised_trajectories_train_on_the_contexts_sampled(tiny_path, one_thread):
    policy = Recording(HFPolicy.from_pretrained(tiny_path))
    env = get_env("arithmetic", max_turns=3)
    # a summary after every environment turn: as many contexts as the episodes allow
    cfg = RolloutConfig(group_size=2, max_new_tokens=10, max_total_tokens=4096,
                        context="summarize", summarize_at=1, seed=3)
    trajs = RolloutRunner(env, policy, cfg).run(env.tasks(3, seed=1))
    assert not any(t.is_infra_error for t in trajs)
    summarised = [t for t in trajs if t.segments]
    assert summarised, "no episode lasted long enough to be summarised"
    for t in summarised:
        for s in t.segments:
            request = t.turns[s.summary_turn - 1].observation[-1]
            assert request.content == SUMMARY_REQUEST and s.reason == "summary"
            assert s.prompt[-1].content.startswith(SUMMARY_HEADER)
            assert t.turns[s.summary_turn].action_text.strip() in s.prompt[-1].content

    batch = TrainBatch.of(trajs, torch.zeros(len(trajs)))
    assert len(batch) == sum(len(t.contexts()) for t in trajs) > len(trajs)
    summary_ids = {t.turns[s.summary_turn].action_ids for t in trajs for s in t.segments}
    trained_summaries = 0
    for seq, mask in zip(batch.sequences, batch.masks, strict=True):
        for a, b in _policy_runs(mask):  # every action: sampled right after exactly this prefix
            assert (tuple(seq[:a]), tuple(seq[a:b])) in policy.samples
            trained_summaries += tuple(seq[a:b]) in summary_ids
    assert trained_summaries == len(summary_ids)

    packed = batch.pack(list(range(len(batch))), row_len=64)
    with torch.no_grad():
        out = forward_logprobs(policy.policy.model, packed, cfg.temperature, policy_only=True)
    sel = packed.loss_mask > 0  # [B, L]
    got = out.logprobs[:, :batch.old_logprobs.shape[1]][sel]
    assert (got - batch.old_logprobs[sel]).abs().max().item() <= 1e-4
