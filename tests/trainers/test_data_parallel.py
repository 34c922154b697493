"""Two-process data-parallel training (torch.distributed, gloo) ends an update with the
parameters one process gets on the same batch. Both run `RLTrainer.update` on a batch rolled
out once by the parent; the ranks split the micro-batches and sum gradients, each holding the
whole model (`train.parallel: ddp`) or FSDP2 shards of it (`fsdp`: the sharded gradients are
gathered to compare, and the whole model must have been synced from the shards)."""

import os
import pickle
import socket
from pathlib import Path

import pytest
import torch
import torch.multiprocessing as mp

from veriloop.run.build import build_env_and_grader
from veriloop.run.config import load_config
from veriloop.trainers.common import policy_from_config
from veriloop.trainers.rl import RLTrainer

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
EXTRA = ["train.precision=fp32", "algorithm.kl_coef=0", "algorithm.length_cost=0.01", "optim.lr=0.01", "optim.minibatch_size=8",
         "optim.micro_batch_size=2", "optim.grad_clip=0"]


def _trainer(run_dir, overrides):
    cfg = load_config(CONFIGS / "grpo.yaml", overrides)
    t = RLTrainer(cfg, run_dir, policy_from_config(cfg.model))
    t.setup(*build_env_and_grader(t.cfg))
    return t


def _rank(rank, world, port, tmp, overrides):
    import torch.distributed as dist

    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank,
                            world_size=world)
    try:
        t = _trainer(Path(tmp) / f"rank{rank}", overrides)
        batch = pickle.loads((Path(tmp) / "batch.pkl").read_bytes())
        t.model.train()
        stats = t.update(batch, 1)
        torch.save((_params(t), _grads(t), stats["grad_norm"]), Path(tmp) / f"params{rank}.pt")
        t.close()
    finally:
        dist.destroy_process_group()


def _params(t):
    return {k: v.detach().clone() for k, v in t.model.state_dict().items()}


def _grads(t):
    """The last optimizer step's gradient (one minibatch: the whole batch), summed over ranks
    (Adam's first step is nearly scale-free, so the gradients check the weighting)."""
    from torch.distributed.tensor import DTensor

    trained = t.parallel.root.model if hasattr(t.parallel, "root") else t.model  # FSDP: shards
    return {k: (p.grad.full_tensor() if isinstance(p.grad, DTensor) else p.grad).clone()
            for k, p in trained.named_parameters() if p.grad is not None}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("parallel", [
    ["train.parallel=ddp"],
    ["train.parallel=fsdp"],
    # 3 micro-batches (3, 3, 2 rows) for 2 ranks: the second pads with a dead one; and clipping
    ["train.parallel=fsdp", "optim.micro_batch_size=3", "optim.grad_clip=0.05"],
], ids=["ddp", "fsdp", "fsdp-uneven-clipped"])
def test_two_gloo_ranks_match_one_process(tmp_path, tiny, parallel):
    overrides = [*tiny, *EXTRA, *parallel]
    one = _trainer(tmp_path / "one", overrides)
    groups = one.reward(one.rollout(1).groups)
    one.model.train()
    batch = one.make_batch(groups)
    assert len(batch) == 8  # 4 micro-batches of 2: each rank computes 2
    # fixed non-zero advantages: whether this seed's rollouts differ in reward (and so give a
    # gradient at all) must not decide whether the comparison means something
    adv = batch.advantages  # [B] or [B, L]
    sign = torch.tensor([1.0 if i % 2 else -1.0 for i in range(len(batch))])  # [B]
    batch.advantages = sign.reshape(-1, *[1] * (adv.dim() - 1)).expand_as(adv).clone()
    (tmp_path / "batch.pkl").write_bytes(pickle.dumps(batch))
    before = _params(one)
    norm = one.update(batch, 1)["grad_norm"]
    single, single_grads = _params(one), _grads(one)
    one.close()

    os.environ.pop("MASTER_ADDR", None)
    mp.spawn(_rank, args=(2, _free_port(), str(tmp_path), overrides), nprocs=2, join=True)
    ranks = [torch.load(tmp_path / f"params{r}.pt") for r in range(2)]
    moved = 0.0
    assert single_grads and all(set(g) == set(single_grads) for _, g, _ in ranks)
    for name, g in single_grads.items():
        for _, grads, _ in ranks:
            assert torch.allclose(grads[name], g, atol=1e-7, rtol=1e-4), name
    # Adam's first step moves a weight by lr * g / (|g| + eps) (m = g, v = g^2 after bias
    # correction), whose slope in g is lr * eps / (|g| + eps)^2: a gradient near eps = 1e-8 that
    # differs by float summation order (ranks sum 2 micro-batches each, then all-reduce; FSDP runs
    # Hugging Face's layer forward, one process the grouped one) moves its weight differently by
    # up to that slope times the difference. Each weight may differ by exactly that much (x2 for
    # the curvature) and no more: a wrong weighting or a missed sync shows as a difference of
    # the size of the step itself (~lr = 1e-2)
    lr, eps = 0.01, 1e-8
    tied = {"lm_head.weight": "model.embed_tokens.weight"}  # tied to the embedding: no own grad
    for name, p in single.items():
        key = name if name in single_grads else tied.get(name, name)
        g1 = single_grads.get(key)
        for params, grads, _ in ranks:
            if g1 is None:  # a buffer, or a frozen weight: no step at all
                assert torch.equal(params[name], p), name
                continue
            g2 = grads[key]
            small = torch.minimum(g1.abs(), g2.abs())
            slack = 2 * lr * (g2 - g1).abs() * eps / (small + eps) ** 2 + 1e-6
            assert ((params[name] - p).abs() <= slack).all(), name
        moved = max(moved, float((p - before[name]).abs().max()))
    assert moved > 1e-3  # the step changed the weights, so the comparison means something
    for _, _, rank_norm in ranks:  # the global norm (what clipping scales by) on every rank
        assert rank_norm == pytest.approx(norm, rel=1e-4)


def test_shard_is_round_robin():
    from veriloop.trainers.distributed import shard, world

    assert shard(list("abcde"), 0, 2) == ["a", "c", "e"]
    assert shard(list("abcde"), 1, 2) == ["b", "d"]
    assert world() == (0, 1)


@pytest.fixture(autouse=True)
def _no_env_leak(monkeypatch):
    monkeypatch.delenv("WORLD_SIZE", raising=False)


def _leaving_rank(rank, world, port, tmp):
    import atexit

    import torch.distributed as dist

    from veriloop.trainers.distributed import leave

    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank,
                            world_size=world)
    atexit.register(lambda: (Path(tmp) / f"teardown{rank}").write_text("ran"))
    leave(together=True)
    (Path(tmp) / f"left{rank}").write_text("yes")  # rank 0 only: rank 1 has exited already


def test_ranks_after_rank_0_exit_without_interpreter_teardown(tmp_path):
    """`leave(together=True)`: every rank meets the others and leaves the group; a rank other
    than 0 then exits with status 0 at once, without the interpreter's teardown (where one
    aborted under load after a complete run), while rank 0 returns and tears down normally."""
    mp.spawn(_leaving_rank, args=(2, _free_port(), str(tmp_path)), nprocs=2, join=True)
    assert (tmp_path / "left0").exists() and (tmp_path / "teardown0").exists()
    assert not (tmp_path / "left1").exists() and not (tmp_path / "teardown1").exists()
