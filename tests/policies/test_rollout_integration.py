"""The tiny model in the real rollout runner: trajectories are token-exact and their sampling
logprobs equal a teacher-forced pass over the stored ids; episode caches are reused and freed."""

from __future__ import annotations

import torch

from veriloop.envs import get_env
from veriloop.policies.hf import HFPolicy
from veriloop.policies.sampler import sequence_logprobs
from veriloop.rollout.runner import RolloutConfig, RolloutRunner


def test_runner_trajectories_match_teacher_forcing(tiny_path, one_thread):
    pol = HFPolicy.from_pretrained(tiny_path)
    env = get_env("arithmetic", max_turns=3)
    cfg = RolloutConfig(group_size=2, temperature=1.0, max_new_tokens=10, seed=5)
    trajs = RolloutRunner(env, pol, cfg).run(env.tasks(2, seed=1))
    assert len(trajs) == 4 and not any(t.is_infra_error for t in trajs)
    assert sum(len(t.turns) for t in trajs) > 4  # multi-turn episodes happened
    assert pol.sampler.stats.reused_tokens > 0  # later turns started from the kept cache
    assert not pol.sampler._kept  # every episode released its cache
    for t in trajs:
        ids = torch.tensor([t.token_ids])
        mask = torch.tensor(t.loss_mask[1:], dtype=torch.bool)
        with torch.no_grad():
            ref = sequence_logprobs(pol.model, ids)[0][mask]
        got = torch.tensor(t.sampling_logprobs[1:])[mask]
        assert ref.shape == got.shape and (ref - got).abs().max().item() <= 1e-4


def test_slots_sample_the_same_tokens_as_all_episodes_at_once(tiny_path, one_thread):
    from veriloop.trainers.rl_rollouts import DeterministicKeys

    pol = HFPolicy.from_pretrained(tiny_path)
    env = get_env("arithmetic", max_turns=3)
    tasks = env.tasks(3, seed=2)

    def run(slots):
        cfg = RolloutConfig(group_size=2, temperature=1.0, max_new_tokens=10, seed=7,
                            slots=slots)
        return RolloutRunner(env, DeterministicKeys(pol), cfg).run(tasks)

    together, bounded = run(None), run(3)
    assert len({tuple(t.token_ids) for t in together}) == 6  # six different samples
    assert [t.token_ids for t in bounded] == [t.token_ids for t in together]
    assert [t.score for t in bounded] == [t.score for t in together]
    assert run(None)[0].token_ids == together[0].token_ids  # seeded: a rerun repeats
