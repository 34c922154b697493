"""Fully sharded data parallel training (`train.parallel: fsdp` under torchrun): FSDP2's
`fully_shard` splits the trained parameters, their gradients and the optimizer's states over
the ranks, so each rank holds 1/N of them instead of all (ZeRO-3).

The model that samples and is saved stays whole on every rank, as in the colocated designs of
verl and OpenRLHF (the inference engine holds full weights, the trainer shards): FSDP trains a
deep copy, and after each optimizer step `sync` gathers the new weights into the whole model
(one all-gather per parameter). Each decoder layer is its own FSDP unit, gathered just for its
forward and backward; the embeddings, final norm and LM head (tied in small models) form the
root unit. The root is a module whose forward is the whole training forward
(`forward_logprobs` on the Hugging Face layer path, since the fused grouped forward reads the
layers' weights directly rather than through the layer modules FSDP hooks).

Gradients are summed over the ranks, not averaged (`set_gradient_divide_factor(1)`): the
micro-batch weights already make the sum the one-process gradient. FSDP runs collectives in
every forward and backward, so each rank must run as many micro-batches as the others;
`share` pads a short rank with zero-weight repeats.

Checkpoints stay the one-process format: the whole model's weights (from the synced copy) and
the optimizer's full state, gathered by `torch.distributed.checkpoint.state_dict`; a resume
loads them on every rank and re-shards. Not here: LoRA (its trained parameters are small enough
for `ddp`) and a critic (PPO's value head lives outside the sharded module).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from typing import Any, TypeVar

import torch
import torch.distributed as dist
from torch.distributed.checkpoint.state_dict import (
    StateDictOptions,
    get_optimizer_state_dict,
    set_model_state_dict,
    set_optimizer_state_dict,
)
from torch.distributed.fsdp import FSDPModule, fully_shard
from torch.distributed.tensor import DTensor

from veriloop.trainers.batch import forward_logprobs
from veriloop.trainers.distributed import DataParallel, shard, world

T = TypeVar("T")


class TrainingForward(torch.nn.Module):
    """The root FSDP unit: `forward(packed, **kw)` is `forward_logprobs` of the held model."""

    def __init__(self, model: torch.nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, packed: Any, **kw: Any) -> Any:
        return forward_logprobs(self.model, packed, fused=False, **kw)


class FullyShard(DataParallel):
    """`DataParallel`'s methods for a model trained as FSDP2 shards of a copy of `model`."""

    grouped = False  # the layers run as modules, so that FSDP's hooks gather their weights

    def __init__(self, model: torch.nn.Module) -> None:
        self.root = TrainingForward(copy.deepcopy(model)).train()
        for layer in self.root.model.get_decoder().layers:  # type: ignore[operator]  # HF/peft method
            fully_shard(layer)
        fully_shard(self.root)
        for m in self.root.modules():
            if isinstance(m, FSDPModule):
                m.set_gradient_divide_factor(1.0)  # sum over ranks: the weights make it a mean
                m.set_force_sum_reduction_for_comms(True)  # plain SUM (gloo has no PREMUL_SUM)

    def parameters(self, model: torch.nn.Module) -> list[torch.nn.Parameter]:
        return [p for p in self.root.parameters() if p.requires_grad]

    def forward(self, model: torch.nn.Module, packed: Any, **kw: Any) -> Any:
        """The training forward of the sharded copy (`model`, the whole one, is its twin)."""
        return self.root(packed, **kw)

    def share(self, items: Sequence[T]) -> list[tuple[T, bool]]:
        rank, size = world()
        mine = [(x, True) for x in shard(items, rank, size)]
        filler = (mine[0][0] if mine else items[0], False)
        return mine + [filler] * (math.ceil(len(items) / size) - len(mine))

    def reduce_and_clip(self, params: Sequence[torch.nn.Parameter], max_norm: float) -> float:
        """The gradients were reduce-scattered in backward: each rank holds the summed gradient
        of its shards. Their squares are summed over the ranks for the global norm."""
        grads = [p.grad for p in params if p.grad is not None]
        sq = torch.zeros((), dtype=torch.float64)
        for g in grads:
            local = g.to_local() if isinstance(g, DTensor) else g
            sq += local.detach().double().pow(2).sum()
        dist.all_reduce(sq, op=dist.ReduceOp.SUM)
        norm = float(sq.sqrt())
        if max_norm > 0 and norm > max_norm:
            with torch.no_grad():
                for g in grads:
                    (g.to_local() if isinstance(g, DTensor) else g).mul_(max_norm / (norm + 1e-6))
        return norm

    def sync(self, model: torch.nn.Module) -> None:
        whole = dict(model.named_parameters())
        with torch.no_grad():
            for name, p in self.root.model.named_parameters():
                whole[name].copy_(p.full_tensor() if isinstance(p, DTensor) else p)

    def load(self, model: torch.nn.Module) -> None:
        set_model_state_dict(self.root.model, model.state_dict(),
                             options=StateDictOptions(full_state_dict=True))

    def optimizer_state(self, optimizer: torch.optim.Optimizer, saving: bool = False) -> Any:
        return _FullOptimizerState(self.root, optimizer, saving)


class _FullOptimizerState:
    """The optimizer as a checkpoint sees it: its full (unsharded) state, gathered when made
    for `saving` (a collective: every rank makes one), and loaded back into the shards."""

    def __init__(self, root: torch.nn.Module, optimizer: torch.optim.Optimizer,
                 saving: bool) -> None:
        self.root, self.optimizer = root, optimizer
        self.full = get_optimizer_state_dict(root, optimizer, options=StateDictOptions(
            full_state_dict=True, cpu_offload=True)) if saving else {}  # whole on rank 0

    def state_dict(self) -> dict[str, Any]:
        return self.full

    def load_state_dict(self, state: dict[str, Any]) -> None:
        set_optimizer_state_dict(self.root, self.optimizer, state,
                                 options=StateDictOptions(full_state_dict=True))
