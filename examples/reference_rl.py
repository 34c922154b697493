"""The whole RL loop in one sitting: GRPO on `arithmetic` with the library's parts, no trainer.

    python examples/reference_rl.py [--init runs/quickstart-.../sft/final] [--steps 20]

`rl_step` mirrors `veriloop.trainers.rl.RLTrainer.step` line for line: 1. rollout (the runner
samples `group` answers to each task, steps the environment and grades them, and returns
`Group`s) -> 2. grade (the rewards the groups train on) -> 3. group advantages -> 4. the
clipped policy-gradient loss on the exact sampled tokens, with the sampling logprobs as the
old policy -> 5. an AdamW step -> 6. log. `update` (steps 3-5) gives the same parameter update
as the trainer's `make_batch` + `update` on the same groups with one minibatch, token-mean
aggregation and no KL, entropy or shaping terms (tests/trainers/test_reference_rl.py). The
trainer adds those terms, minibatch epochs, gradient accumulation, dynamic sampling,
checkpoints and metrics.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import torch

from veriloop.algorithms.advantages import get_advantage, group_tensors
from veriloop.algorithms.losses import clipped_pg_loss, token_mean
from veriloop.algorithms.shaping import Shaping
from veriloop.envs import get_env
from veriloop.envs.base import Environment
from veriloop.policies import load_policy
from veriloop.policies.hf import HFPolicy
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.trainers.batch import aligned, forward_logprobs, pack
from veriloop.types import Group, Task

SHAPING = Shaping()  # length/step costs, overlong penalty, event rewards: all off

def update(model: torch.nn.Module, optimizer: torch.optim.Optimizer, groups: Sequence[Group],
           eps_low: float = 0.2, eps_high: float = 0.28, grad_clip: float = 1.0
           ) -> dict[str, float]:
    """Steps 3-5 on `groups` (rewarded): advantages, loss, optimizer step."""
    # 3. group-relative advantages, one per sample; infrastructure faults are not the agent's
    x = group_tensors(groups)  # [G, K] rewards, valid ...
    adv = get_advantage("grpo")(x.rewards, x.valid)[x.valid]  # [B0] the valid samples
    trajs = [t for g in groups for t in g.samples if not t.is_infra_error]
    keep = [sum(t.loss_mask) > 0 for t in trajs]  # a sample without policy tokens: no update
    trajs, adv = [t for t, k in zip(trajs, keep, strict=True) if k], adv[torch.tensor(keep)]
    # 4. the loss on the exact sampled tokens; the sampling logprobs are the old policy
    packed = pack([t.token_ids for t in trajs], [t.loss_mask for t in trajs], row_len=0)
    old = aligned([t.sampling_logprobs for t in trajs], packed.loss_mask.shape[1])  # [B, L]
    new = forward_logprobs(model, packed, temperature=1.0).logprobs  # [B, L]
    loss, stats = clipped_pg_loss(new, old, adv, packed.loss_mask, eps_low, eps_high,
                                  aggregation=token_mean)
    # 5. the optimizer step (the next rollouts sample from the new weights)
    optimizer.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), grad_clip)
    optimizer.step()
    return {"loss": float(loss.detach()), "clip": stats.clip_low_frac + stats.clip_high_frac}


def rl_step(step: int, policy: HFPolicy, env: Environment, tasks: Sequence[Task],
            optimizer: torch.optim.Optimizer, group: int) -> dict[str, float]:
    # 1. rollout: `group` samples of each task, graded, as groups
    runner = RolloutRunner(env, policy, RolloutConfig(group_size=group, temperature=1.0,
                                                      max_new_tokens=64, seed=step))
    groups = runner.run_groups(tasks)
    # 2. grade: the rewards they train on (no shaping configured: the grade scores)
    groups = [SHAPING.shaped(g) for g in groups]
    # 3-5. advantages, loss, optimizer step
    metrics = update(policy.model, optimizer, groups)
    # 6. log
    samples = [t for g in groups for t in g.samples]
    metrics.update(reward=sum(sum(g.rewards) for g in groups) / len(samples),
                   pass_rate=sum(t.passed for t in samples) / len(samples))
    return metrics


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--init", help="model directory (default: the untrained tiny model)")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--prompts", type=int, default=8)
    ap.add_argument("--group", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(0)

    policy = load_policy(args.init or "tiny", device="cpu", dtype="float32")
    assert isinstance(policy, HFPolicy)  # a local model we can train
    # the sampler decodes with these very parameters
    optimizer = torch.optim.AdamW(policy.model.parameters(), lr=3e-4)
    env = get_env("arithmetic")
    tasks = env.tasks(args.steps * args.prompts, seed=0, split="train")
    for step in range(args.steps):
        m = rl_step(step, policy, env, tasks[step * args.prompts:(step + 1) * args.prompts],
                    optimizer, args.group)
        print(f"step {step + 1}: reward {m['reward']:.3f} pass {m['pass_rate']:.3f} "
              f"clip {m['clip']:.3f} loss {m['loss']:.4f}")


if __name__ == "__main__":
    main()
