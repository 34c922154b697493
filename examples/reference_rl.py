"""The whole RL loop in one sitting: GRPO on `arithmetic` with the library's parts, no trainer.

    python examples/reference_rl.py [--init runs/quickstart-.../sft/final] [--steps 20]

Read top to bottom: tasks -> rollouts (the runner samples, steps the environment, grades) ->
group advantages -> clipped policy-gradient loss on the exact sampled tokens, with the
sampling logprobs as the old policy -> AdamW step. `veriloop.trainers.rl.RLTrainer` is this
loop plus minibatch epochs, gradient accumulation, KL/entropy/value terms, dynamic sampling,
shaping, checkpoints and metrics.
"""

from __future__ import annotations

import argparse

import torch

from veriloop.algorithms.advantages import get_advantage
from veriloop.algorithms.losses import clipped_pg_loss, token_mean
from veriloop.envs import get_env
from veriloop.policies import load_policy
from veriloop.rollout.runner import RolloutConfig, RolloutRunner
from veriloop.trainers.batch import aligned, forward_logprobs, pack


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--init", help="model directory (default: the untrained tiny model)")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--prompts", type=int, default=8)
    ap.add_argument("--group", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(0)

    policy = load_policy(args.init or "tiny", device="cpu", dtype="float32")
    model = policy.model  # the sampler decodes with these very parameters
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    env = get_env("arithmetic")
    tasks = env.tasks(args.steps * args.prompts, seed=0, split="train")
    advantage = get_advantage("grpo")

    for step in range(args.steps):
        # 1. rollouts: G samples per task, graded by the environment's grader
        runner = RolloutRunner(env, policy, RolloutConfig(group_size=args.group, temperature=1.0,
                                                          max_new_tokens=64, seed=step))
        batch_tasks = tasks[step * args.prompts:(step + 1) * args.prompts]
        trajs = runner.run(batch_tasks)
        trajs = [t for t in trajs if not t.is_infra_error]  # not the agent's doing

        # 2. group-relative advantages (one number per trajectory)
        by_group: dict[str, list[int]] = {}
        for i, t in enumerate(trajs):
            by_group.setdefault(t.group_id, []).append(i)
        groups = list(by_group.values())
        K = max(len(g) for g in groups)
        rewards = torch.zeros(len(groups), K)  # [G, K]
        valid = torch.zeros(len(groups), K, dtype=torch.bool)  # [G, K]
        for gi, members in enumerate(groups):
            for k, i in enumerate(members):
                rewards[gi, k], valid[gi, k] = trajs[i].score, True
        adv_gk = advantage(rewards, valid)  # [G, K]
        adv = torch.zeros(len(trajs))  # [B]
        for gi, members in enumerate(groups):
            for k, i in enumerate(members):
                adv[i] = adv_gk[gi, k]

        # 3. the loss on the exact sampled tokens; the sampling logprobs are the old policy
        packed = pack([t.token_ids for t in trajs], [t.loss_mask for t in trajs], row_len=0)
        old = aligned([t.sampling_logprobs for t in trajs], packed.loss_mask.shape[1])  # [B, L]
        new = forward_logprobs(model, packed, temperature=1.0).logprobs  # [B, L]
        loss, stats = clipped_pg_loss(new, old, adv, packed.loss_mask, eps_low=0.2,
                                      eps_high=0.28, aggregation=token_mean)

        # 4. update (the next step's rollouts sample from the new weights)
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        print(f"step {step + 1}: reward {rewards[valid].mean():.3f} "
              f"pass {sum(t.passed for t in trajs) / len(trajs):.3f} "
              f"clip {stats.clip_low_frac + stats.clip_high_frac:.3f} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
