"""Data-parallel training with torch.distributed (gloo on CPUs, nccl on GPUs).

Every rank holds the same RL batch and runs the same minibatch loop; each rank computes the
micro-batches `shard(...)` gives it (round-robin), weighted by the same global weights the
single-process loop uses (`Aggregation.micro_weight` over all micro-batches of the minibatch),
and `sum_gradients` adds the ranks' gradients before clipping and the optimizer step. Since the
single-process gradient is the weighted sum over all micro-batches, N ranks end every step with
the parameters one process would have, up to float summation order (tested with 2 processes).

`veriloop train` joins the group a launcher describes in the environment (`torchrun
--nproc-per-node N`: RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT; `init_from_env`). Each rank
then rolls out a contiguous share of every step's tasks and of each held-out evaluation, and
`gather` gives every rank all the trajectories in task order
(`veriloop.trainers.rl_rollouts`); episode keys are numbered as one process numbers them, so
the ranks sample the tokens one process would. Without an initialised group everything is one
process.

The trainer reaches all of this through a strategy object (`veriloop.trainers.parallel`'s
`make_parallel`): `DataParallel` here, or `veriloop.trainers.fsdp.FullyShard` for
`train.parallel: fsdp`, with the same methods
(which parameters the optimizer steps, the training forward, this rank's micro-batches, the
gradient reduction and clipping, syncing the sampled model, the optimizer as checkpointed).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, TypeVar

import torch
import torch.distributed as dist

from veriloop.policies.hf import rank_gpu
from veriloop.trainers.batch import forward_logprobs
from veriloop.trainers.common import grad_norm_clip

T = TypeVar("T")


def world() -> tuple[int, int]:
    """(rank, world size); (0, 1) without an initialised process group."""
    if dist.is_available() and dist.is_initialized():
        return dist.get_rank(), dist.get_world_size()
    return 0, 1


def init_from_env() -> tuple[int, int]:
    """Join the process group a launcher described in the environment (WORLD_SIZE > 1: nccl
    with CUDA, gloo without); (rank, world size), (0, 1) when not launched so."""
    if int(os.environ.get("WORLD_SIZE", "1")) > 1 and not dist.is_initialized():
        if (gpu := rank_gpu()) is not None:
            torch.cuda.set_device(gpu)  # nccl and FSDP's mesh use the current device
        dist.init_process_group("nccl" if torch.cuda.is_available() else "gloo")
    return world()


def leave(together: bool = False) -> None:
    """Leave the process group, if this process joined one; `together` (a run that ended
    normally on every rank) waits for the other ranks first, so that no rank tears its side
    down while rank 0 is still writing. A rank other than 0 that ended normally then exits at
    once (`os._exit(0)` after flushing its output), skipping the interpreter's teardown: under
    load such a rank aborted there, after the run was complete, with "terminate called without
    an active exception" (a C++ thread still joinable when static objects were destroyed),
    which failed the whole launch. Those ranks hold no files or stores (rank 0 writes them),
    so there is nothing left for the teardown to do."""
    if not (dist.is_available() and dist.is_initialized()):
        return
    rank = dist.get_rank()
    if together:
        dist.barrier()
    dist.destroy_process_group()
    if together and rank != 0:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def gather(items: Sequence[T]) -> list[T]:
    """Every rank's `items`, concatenated in rank order, on every rank."""
    if world()[1] == 1:
        return list(items)
    parts: list[list[T] | None] = [None] * world()[1]
    dist.all_gather_object(parts, list(items))
    return [x for part in parts for x in (part or [])]


def shard(items: Sequence[T], rank: int, size: int) -> list[T]:
    """This rank's items, round-robin (rank r gets items r, r + size, ...)."""
    return list(items[rank::size])


def sum_gradients(params: Sequence[torch.nn.Parameter]) -> None:
    """All-reduce (sum) the gradients of `params` across ranks, as one flat buffer; a parameter
    without a gradient on this rank contributes zeros."""
    if world()[1] == 1:
        return
    grads = [p.grad if p.grad is not None else torch.zeros_like(p) for p in params]
    flat = torch.cat([g.reshape(-1) for g in grads])  # [sum of numels]
    dist.all_reduce(flat, op=dist.ReduceOp.SUM)
    offset = 0
    for p, g in zip(params, grads, strict=True):
        n = g.numel()
        p.grad = flat[offset:offset + n].view_as(p).clone()
        offset += n


class DataParallel:
    """How the ranks share an update when every rank holds the whole model (`train.parallel:
    ddp`, and any single process): round-robin micro-batches, gradients summed by all-reduce.
    `veriloop.trainers.fsdp.FullyShard` is the sharded alternative with the same methods."""

    grouped = True  # the grouped Llama forward applies to the trained model

    def parameters(self, model: torch.nn.Module) -> list[torch.nn.Parameter]:
        """The parameters the optimizer steps."""
        return [p for p in model.parameters() if p.requires_grad]

    def forward(self, model: torch.nn.Module, packed: Any, **kw: Any) -> Any:
        return forward_logprobs(model, packed, **kw)

    def share(self, items: Sequence[T]) -> list[tuple[T, bool]]:
        """This rank's items, each with whether it counts (a sharded model pads with dead
        repeats so that every rank runs as many forwards as the others)."""
        return [(x, True) for x in shard(items, *world())]

    def reduce_and_clip(self, params: Sequence[torch.nn.Parameter], max_norm: float) -> float:
        """Sum the gradients over ranks, clip them to `max_norm` (0: no clipping); the norm."""
        sum_gradients(params)
        return grad_norm_clip(params, max_norm)

    def sync(self, model: torch.nn.Module) -> None:
        """After an optimizer step: `model` (the one sampling and saved) holds the new weights
        (here it is the trained model itself)."""

    def load(self, model: torch.nn.Module) -> None:
        """After a resume loaded `model`: the trained weights become `model`'s."""

    def optimizer_state(self, optimizer: torch.optim.Optimizer, saving: bool = False) -> Any:
        """What a checkpoint saves and loads the optimizer through (`state_dict`,
        `load_state_dict`); every rank calls it (for `saving`, a sharded optimizer gathers)."""
        return optimizer

