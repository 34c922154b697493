"""Which data-parallel strategy trains this run (`train.parallel`): `DataParallel` (every rank
holds the whole model; also any single process) or `FullyShard` (FSDP2 shards under torchrun).

A module of its own so that the two strategies do not import each other: `fsdp` builds on
`distributed`, and this choice imports both.
"""

from __future__ import annotations

import torch

from veriloop.trainers.distributed import DataParallel, world
from veriloop.trainers.fsdp import FullyShard


def make_parallel(kind: str, model: torch.nn.Module) -> DataParallel:
    """The strategy for `train.parallel` in this process group (one process: data parallel)."""
    if kind == "fsdp" and world()[1] > 1:
        return FullyShard(model)
    return DataParallel()
