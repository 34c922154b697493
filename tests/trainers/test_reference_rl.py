"""`examples/reference_rl.py` is the trainer's step written out: on the same groups its `update`
and `RLTrainer.make_batch` + `RLTrainer.update` move every parameter alike (1e-6), and its
`rl_step` runs the whole loop on the tiny model (so the example cannot rot unseen)."""

import copy
import importlib.util
from pathlib import Path

import torch

from veriloop.envs import get_env
from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer
from veriloop.types import Grade, Group

ROOT = Path(__file__).resolve().parents[2]
# one minibatch of one micro-batch, token-mean, the example's clip range and no extra terms
SAME = ["algorithm.aggregation=token_mean", "algorithm.eps_high=0.28", "algorithm.kl_coef=0",
        "algorithm.entropy_coef=0", "rollout.temperature=1.0", "optim.epochs=1",
        "optim.minibatch_size=64", "optim.micro_batch_size=64",
        "optim.grad_clip=1.0", "train.precision=fp32"]


def _example():
    spec = importlib.util.spec_from_file_location("reference_rl", ROOT / "examples/reference_rl.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_reference_update_equals_the_trainers_update(tmp_path, tiny):
    cfg = load_config(ROOT / "configs/grpo.yaml", [*tiny, *SAME])
    t = RLTrainer(cfg, tmp_path / "run", policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    # hand-made grades on real rollouts (the untrained model scores 0 everywhere, and flat
    # groups move nothing): group 0 passes 1 of 4, group 1 passes 3 of 4
    passes = [[1, 0, 0, 0], [1, 1, 1, 0]]
    groups = t.reward([Group.of([s.model_copy(update={"grade": Grade(score=float(p),
                                                                     passed=bool(p))})
                                 for s, p in zip(g.samples, ps, strict=True)])
                       for g, ps in zip(t.rollout(1).groups, passes, strict=True)])
    mirror = copy.deepcopy(t.model)
    before = [p.detach().clone() for p in t.model.parameters()]
    # plain SGD on both sides: Adam's first step is lr * sign(gradient), which turns float noise
    # in a gradient of ~1e-9 into a whole step either way; SGD moves by the gradient itself
    t.optimizer = torch.optim.SGD(t.params, lr=1.0)
    t.scheduler = torch.optim.lr_scheduler.LambdaLR(t.optimizer, lambda _: 1.0)
    t.model.train()
    t.update(t.make_batch(groups), 1)
    _example().update(mirror, torch.optim.SGD(mirror.parameters(), lr=1.0), groups,
                      cfg.algorithm.eps_low, cfg.algorithm.eps_high, cfg.optim.grad_clip)
    moved = max(float((p - b).detach().abs().max()) for p, b in zip(t.model.parameters(), before))
    assert moved > 1e-3  # an update far above the tolerance
    for (name, p), q in zip(t.model.named_parameters(), mirror.parameters(), strict=True):
        torch.testing.assert_close(p.grad, q.grad, atol=1e-6, rtol=0, msg=name)
        torch.testing.assert_close(p, q, atol=1e-6, rtol=0, msg=name)
    t.close()


def test_reference_step_runs_the_loop(tmp_path):
    ex = _example()
    policy = ex.load_policy("tiny-xs", device="cpu", dtype="float32")
    env = get_env("arithmetic")
    optimizer = torch.optim.AdamW(policy.model.parameters(), lr=1e-3)
    m = ex.rl_step(0, policy, env, env.tasks(2, seed=0, split="train"), optimizer, 4)
    assert set(m) == {"loss", "clip", "reward", "pass_rate"}
    assert 0 <= m["pass_rate"] <= 1 and 0 <= m["clip"] <= 1 and m["loss"] == m["loss"]
