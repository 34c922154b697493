"""What the machine computes natively, detected once (issue 47: each CPU at its roofline).

CPUs differ between machines: AVX2 only (bf16 is emulated there, ~200x slower than float32
for a matmul), AVX-512, AVX-512 with bf16 (`avx512_bf16`), AMX tiles. Training's autocast and
the sampler's decode precision take bf16 only where it is native (`native_bf16`), so no path
is slower than float32 on the CPU it runs on; the choice is logged once per (purpose, device)
(`announce`), and `veriloop bench roofline` reports the ISA next to its measured limits.
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path
from typing import Any

import torch

log = logging.getLogger(__name__)

# the /proc/cpuinfo flags that decide a kernel or a dtype here (x86: torch's CPU capability
# levels and its bf16/AMX kernels; aarch64 reports none of them and gets float32)
FLAGS = ("avx2", "fma", "avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16",
         "avx512_fp16", "amx_tile", "amx_bf16", "amx_int8")


def cpu_isa() -> dict[str, Any]:
    """The CPU's instruction-set facts: torch's dispatch level (`capability`: DEFAULT, AVX2,
    AVX512, ...), the FLAGS it reports, and whether bf16 matmuls are native."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:  # not Linux: torch's own checks below still answer
        text = ""
    words = next((line.split(":", 1)[1].split() for line in text.splitlines()
                  if line.startswith(("flags", "Features"))), [])
    return {"capability": torch.backends.cpu.get_cpu_capability(),
            "flags": [f for f in FLAGS if f in words],
            "native_bf16": native_bf16(torch.device("cpu"))}


def native_bf16(device: torch.device) -> bool:
    """Whether bf16 matmuls run natively on `device` (a CUDA GPU that supports them, or a CPU
    with AVX-512-bf16 or AMX), not emulated through float32."""
    if device.type == "cuda":
        return torch.cuda.is_bf16_supported()
    return device.type == "cpu" and bool(torch.cpu._is_avx512_bf16_supported()
                                         or torch.cpu._is_amx_tile_supported())


@functools.cache
def announce(purpose: str, dtype: torch.dtype | None, device: str) -> None:
    """Log once per (purpose, dtype, device) which precision a path took and why."""
    isa = cpu_isa() if device == "cpu" else {}
    why = (f"CPU capability {isa['capability']}, flags {' '.join(isa['flags']) or 'none'}"
           if isa else device)
    log.info("%s runs in %s on %s (%s)", purpose,
             "bfloat16" if dtype == torch.bfloat16 else "float32", device, why)
