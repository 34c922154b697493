"""What the checkpoint manifest costs: `checkpoint.save` (which ends by hashing every file it
wrote, streamed, into `manifest.json`) against `manifest.write` alone on the saved checkpoint,
alternating, on one model and its AdamW state; plus `checkpoint.verify`, what a resume adds.

    python benchmarks/checkpoint_save.py [--model smollm2-135m] [--repeats 5]

The last line is JSON: checkpoint size, the median seconds of the whole save, of its manifest
step and of a verify, each with its spread, the per-round share of the save spent on the
manifest, hashing throughput, and the conditions (load, threads, commit) of the run.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import torch

from veriloop.benchmarking import Spread, conditions, emit, interleave, paired_ratio, parse_args
from veriloop.policies import load_policy
from veriloop.trainers import checkpoint, manifest

QUICK = {"model": "tiny-xs", "repeats": 1}
JSON_KEYS = ("model", "parameters", "checkpoint_mb", "repeats", "save_s", "manifest_s",
             "manifest_share_of_save", "verify_s", "hash_mb_per_s", "conditions")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="tiny", help="a load_policy spec")
    ap.add_argument("--repeats", type=int, default=5)
    a = parse_args(ap, QUICK, argv)
    model = load_policy(a.model, device="cpu", dtype="float32").model
    opt = torch.optim.AdamW(model.parameters(), lr=1e-6)
    for p in model.parameters():  # Adam's moments, as in a checkpoint taken mid-training
        p.grad = torch.zeros_like(p)
    opt.step()
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp)
        checkpoint.save(run, 1, model, opt, None, {}, keep=1)
        ckpt = checkpoint.latest(run)
        times = interleave({
            "save": lambda: checkpoint.save(run, 1, model, opt, None, {}, keep=1) and None,
            "manifest": lambda: manifest.write(ckpt) and None,
            "verify": lambda: checkpoint.verify(ckpt) and None}, a.repeats)
        size = sum(p.stat().st_size for p in ckpt.rglob("*") if p.is_file())
    spread = {k: Spread.of(v) for k, v in times.items()}
    emit({"model": a.model, "parameters": sum(p.numel() for p in model.parameters()),
          "checkpoint_mb": round(size / 2 ** 20, 2), "repeats": a.repeats,
          "save_s": spread["save"].to_dict(), "manifest_s": spread["manifest"].to_dict(),
          "manifest_share_of_save": paired_ratio(times["manifest"], times["save"]).to_dict(),
          "verify_s": spread["verify"].to_dict(),
          "hash_mb_per_s": round(size / 2 ** 20 / spread["manifest"].median, 1),
          "conditions": conditions()}, JSON_KEYS)


if __name__ == "__main__":
    main()
