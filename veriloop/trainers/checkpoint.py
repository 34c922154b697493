"""Atomic checkpoints: model (or LoRA adapter), optimizer, scheduler, RNG states, trainer state.

A checkpoint is written into `checkpoints/.tmp-step-N-<pid>/`, every file fsynced, and only then
renamed to `checkpoints/step-0000N/` (a rename within one directory is atomic on POSIX). A process
killed while saving leaves a stray `.tmp-*` directory (removed at the next save or resume) and the
previous checkpoint intact; `latest()` only ever sees complete checkpoints. The last file
written is `manifest.json`, the size and sha256 of every other file (`trainers.manifest`):
`load` refuses a checkpoint whose files changed after the save (a damaged disk, an overwritten
block inside `model.safetensors`) with `manifest.CorruptCheckpoint`. A checkpoint written
before manifests existed loads unverified (refusing it would strand every run in progress;
`veriloop train --resume` warns that it is unverified).

`PendingTrajectories` keeps a trainer's rollouts out of the store until a checkpoint covering
their step is complete (the checkpoint holds a copy), and on resume deletes what the store holds
beyond the checkpoint's step, so a run killed at any point and resumed from any of its
checkpoints (the latest, or an older one after a damaged one was deleted) stores each step
exactly once.

For tests, the environment variable VERILOOP_PAUSE_IN_SAVE=<seconds>[@<step>] makes `save` (of
that step only, if given) sleep after writing the weights but before the rename, printing
`SAVING <dir>` to stderr, so a test can SIGKILL the process inside a save.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from safetensors.torch import load_file
from torch.optim.lr_scheduler import LRScheduler

from veriloop.data.store import TrajectoryStore
from veriloop.trainers import manifest
from veriloop.types import SavableTokenizer, Trajectory

_STEP_DIR = re.compile(r"^step-(\d+)$")


def rng_state() -> dict[str, Any]:
    return {"python": random.getstate(), "numpy": np.random.get_state(),
            "torch": torch.random.get_rng_state()}


def set_rng_state(state: dict[str, Any]) -> None:
    random.setstate(state["python"])
    np.random.set_state(state["numpy"])
    torch.random.set_rng_state(state["torch"])


def _fsync_tree(root: Path) -> None:
    for p in sorted(root.rglob("*")):
        if p.is_file():
            with open(p, "rb") as f:
                os.fsync(f.fileno())
    fd = os.open(root, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def checkpoints(run_dir: Path) -> list[tuple[int, Path]]:
    """Complete checkpoints of a run, oldest first."""
    root = run_dir / "checkpoints"
    if not root.is_dir():
        return []
    out = []
    for p in root.iterdir():
        m = _STEP_DIR.match(p.name)
        if m and p.is_dir() and (p / "trainer_state.json").exists():
            out.append((int(m.group(1)), p))
    return sorted(out)


def latest(run_dir: Path) -> Path | None:
    found = checkpoints(run_dir)
    return found[-1][1] if found else None


def remove_partial(run_dir: Path) -> int:
    """Delete `.tmp-*` directories left by a save that was killed; returns how many."""
    root = run_dir / "checkpoints"
    stale = [p for p in root.glob(".tmp-*")] if root.is_dir() else []
    for p in stale:
        shutil.rmtree(p, ignore_errors=True)
    return len(stale)


def save(run_dir: Path, step: int, model: torch.nn.Module, optimizer: torch.optim.Optimizer,
         scheduler: LRScheduler | None, trainer_state: dict[str, Any],
         extra: dict[str, Any] | None = None, keep: int = 2, tokenizer: SavableTokenizer | None = None) -> Path:
    """Write checkpoint `step` atomically and prune old ones; returns its directory."""
    root = run_dir / "checkpoints"
    root.mkdir(parents=True, exist_ok=True)
    remove_partial(run_dir)
    tmp = root / f".tmp-step-{step}-{os.getpid()}"
    tmp.mkdir()
    _save_model(model, tmp / "model")
    if tokenizer is not None:  # so `model/` loads on its own (e.g. as another run's `init`)
        tokenizer.save_pretrained(tmp / "model")
    torch.save({"optimizer": optimizer.state_dict(),
                "scheduler": scheduler.state_dict() if scheduler is not None else None,
                "rng": rng_state(), "extra": extra or {}}, tmp / "state.pt")
    seconds, _, at = os.environ.get("VERILOOP_PAUSE_IN_SAVE", "").partition("@")
    if seconds and float(seconds) > 0 and (not at or int(at) == step):
        print(f"SAVING {tmp}", file=sys.stderr, flush=True)
        time.sleep(float(seconds))
    (tmp / "trainer_state.json").write_text(json.dumps(
        {"step": step, **trainer_state, "manifest": manifest.NAME}, indent=1))
    manifest.write(tmp)  # last: it covers every file above
    _fsync_tree(tmp)
    final = root / f"step-{step:06d}"
    if final.exists():  # re-saving the same step after a resume: replace it atomically
        old = root / f".tmp-old-{step}-{os.getpid()}"
        os.rename(final, old)
        os.rename(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(tmp, final)
    _fsync_tree(root)
    for _, p in checkpoints(run_dir)[:-keep] if keep > 0 else []:
        shutil.rmtree(p, ignore_errors=True)
    return final


def _save_model(model: torch.nn.Module, out: Path) -> None:
    """A Hugging Face directory (adapter only for peft models), loadable by transformers/peft."""
    if hasattr(model, "save_pretrained"):
        model.save_pretrained(out, safe_serialization=True)  # type: ignore[operator]  # HF/peft
    else:
        out.mkdir()
        torch.save(model.state_dict(), out / "state_dict.pt")


def load(ckpt: Path, model: torch.nn.Module, optimizer: torch.optim.Optimizer | None,
         scheduler: LRScheduler | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Verify `ckpt` against its manifest (`manifest.CorruptCheckpoint` if a file changed),
    then load weights (in place), optimizer, scheduler and RNG states; returns
    (trainer_state, extra)."""
    verify(ckpt)
    _load_model(model, ckpt / "model")
    state = torch.load(ckpt / "state.pt", weights_only=False, map_location="cpu")  # GPU runs too
    if optimizer is not None:
        optimizer.load_state_dict(state["optimizer"])
    if scheduler is not None and state["scheduler"] is not None:
        scheduler.load_state_dict(state["scheduler"])
    set_rng_state(state["rng"])
    return json.loads((ckpt / "trainer_state.json").read_text()), state["extra"]


def verify(ckpt: Path) -> bool:
    """Check `ckpt`'s files against its manifest: True if they match, False for a checkpoint
    written before manifests (nothing to check); raises `manifest.CorruptCheckpoint`
    otherwise. A checkpoint whose trainer state says it has a manifest but has none is
    refused."""
    if not manifest.exists(ckpt):
        try:
            promised = "manifest" in json.loads((ckpt / "trainer_state.json").read_text())
        except (OSError, ValueError):
            promised = True  # unreadable: `manifest.verify` names the missing manifest
        if not promised:
            return False
    manifest.verify(ckpt)
    return True


def _load_model(model: torch.nn.Module, path: Path) -> None:
    if (path / "state_dict.pt").exists():
        model.load_state_dict(torch.load(path / "state_dict.pt", map_location="cpu"))
        return
    if (path / "adapter_model.safetensors").exists():
        from peft import set_peft_model_state_dict  # lazy: peft loads transformers; LoRA only

        set_peft_model_state_dict(model, load_file(path / "adapter_model.safetensors"))
        return
    files = sorted(path.glob("*.safetensors"))
    if not files:
        raise FileNotFoundError(f"no weights in {path}")
    sd: dict[str, torch.Tensor] = {}
    for f in files:
        sd.update(load_file(f))
    missing, unexpected = model.load_state_dict(sd, strict=False)
    # tied embeddings are saved once; anything else missing means a different architecture
    missing = [k for k in missing if k != "lm_head.weight"]
    if missing or unexpected:
        raise ValueError(f"checkpoint {path} does not match the model: missing {missing[:5]}, "
                         f"unexpected {unexpected[:5]}")


class PendingTrajectories:
    """Rollouts of the steps since the last checkpoint. A trainer's save writes `dump()` into
    the checkpoint, then calls `flush()`; its resume calls `restore()` with the checkpoint's
    copy and step. Both append only what the store lacks for this run, so a kill between the
    checkpoint and the flush neither loses nor duplicates a step; `restore` first deletes the
    steps after the checkpoint, which the resumed run samples again."""

    def __init__(self, store: TrajectoryStore, run_id: str) -> None:
        self.store, self.run_id = store, run_id
        self.steps: list[tuple[int, list[Trajectory]]] = []

    def add(self, step: int, trajs: list[Trajectory]) -> None:
        self.steps.append((step, trajs))

    def __bool__(self) -> bool:
        return bool(self.steps)

    def dump(self) -> list[tuple[int, list[str]]]:
        return [(s, [t.model_dump_json() for t in ts]) for s, ts in self.steps]

    def restore(self, dumped: list[tuple[int, list[str]]], step: int) -> int:
        """Rewind the store to checkpoint `step` (0: no checkpoint) and append the checkpoint's
        pending rollouts; returns how many were appended. Each part is one transaction and
        repeating either is harmless, so a kill in between is repaired by the next resume."""
        self.store.discard_after(self.run_id, step)
        self.steps = [(s, [Trajectory.model_validate_json(j) for j in ts]) for s, ts in dumped]
        return self.flush()

    def flush(self) -> int:
        """Append the pending trajectories the store does not hold yet; returns how many."""
        have = set(self.store.ids(run_id=self.run_id))
        n = 0
        for s, trajs in self.steps:
            new = [t for t in trajs if t.id not in have]
            if new:
                self.store.append_many(new, step=s)
                n += len(new)
        self.steps = []
        return n
