"""Hugging Face backend: any causal-LM checkpoint directory or GGUF file, CPU or CUDA.

`HFPolicy` wraps a `transformers` model and tokenizer with the token-exact `HFChatRenderer`
and the batched `Sampler` (veriloop/policies/sampler.py). GGUF files are loaded through
transformers' GGUF support (weights are dequantized to the chosen dtype).

For trainers: `policy.model` is the `nn.Module` the sampler decodes with (shared parameters,
no copy), so an optimizer step on `policy.model.parameters()` is what the next `generate`
samples from; `policy.set_model(m)` swaps in another module object.

`shared_prefix=False` decodes with the sampler's plain layout (every row holds its own copy of
a group's prompt K/V), the layout before issue 45; benchmarks/rollout_throughput.py runs both.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import torch

from veriloop.errors import ConfigError
from veriloop.policies.sampler import Sampler
from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import HFChatRenderer

_DTYPES = {"float32": torch.float32, "fp32": torch.float32, "bfloat16": torch.bfloat16,
           "bf16": torch.bfloat16, "float16": torch.float16, "fp16": torch.float16}


def rank_gpu() -> int | None:
    """The GPU of this process under torchrun (`LOCAL_RANK`), None without CUDA, outside a
    launch, or with more ranks than GPUs (CPU ranks)."""
    local = os.environ.get("LOCAL_RANK", "")
    if torch.cuda.is_available() and local.isdigit() and int(local) < torch.cuda.device_count():
        return int(local)
    return None


def resolve_device(device: str | None) -> torch.device:
    """`auto` (or None): a CUDA GPU when torch sees one, else the CPU. `auto` and a plain `cuda`
    mean the process's own GPU under torchrun (`cuda:$LOCAL_RANK`), so ranks do not share one."""
    if device in (None, "auto") and not torch.cuda.is_available():
        return torch.device("cpu")
    if str(device).startswith("cuda") and not torch.cuda.is_available():
        raise ConfigError(f"device {device!r} requested but torch sees no CUDA GPU; use 'auto' or "
                          "'cpu' (in a config: model.device)")
    if device in (None, "auto", "cuda"):
        gpu = rank_gpu()
        return torch.device("cuda" if gpu is None else f"cuda:{gpu}")
    dev = torch.device(device)
    count = torch.cuda.device_count() if dev.type == "cuda" else 0
    if dev.type == "cuda" and dev.index is not None and dev.index >= count:  # else a CUDA trace
        raise ConfigError(f"device {device!r} requested but torch sees {count} CUDA GPU(s), "
                          f"cuda:0 to cuda:{count - 1}; use one of them or 'auto'")
    return dev


def resolve_dtype(dtype: str | torch.dtype | None, device: torch.device) -> torch.dtype:
    if isinstance(dtype, torch.dtype):
        return dtype
    if dtype in (None, "auto"):
        return torch.bfloat16 if device.type == "cuda" else torch.float32
    if dtype not in _DTYPES:
        raise ValueError(f"unknown dtype {dtype!r}; use one of {', '.join(_DTYPES)} or 'auto'")
    return _DTYPES[dtype]


def load_hf(path: str | Path, device: str | None = "auto", dtype: str | torch.dtype | None = None):
    """(model, tokenizer) from a checkpoint directory or a `.gguf` file, in eval mode."""
    # lazy: transformers takes 2-3 s to import; only loading a model needs it
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no model at {path}: pass a Hugging Face checkpoint directory, "
                                "a .gguf file, 'tiny' or 'smollm2-135m'")
    dev = resolve_device(device)
    dt = resolve_dtype(dtype, dev)
    if path.suffix == ".gguf":
        kw = {"gguf_file": path.name}
        src = str(path.parent)
    elif (path / "adapter_config.json").exists() and not (path / "config.json").exists():
        return _load_adapter(path, dev, dt)
    else:
        if not (path / "config.json").exists():
            raise FileNotFoundError(f"{path} has no config.json; is it a checkpoint directory?")
        kw, src = {}, str(path)
    tokenizer = AutoTokenizer.from_pretrained(src, **kw)
    model = AutoModelForCausalLM.from_pretrained(src, dtype=dt, **kw).to(dev)
    model.eval()
    return model, tokenizer


def _load_adapter(path: Path, dev: torch.device, dt: torch.dtype):
    """(model, tokenizer) of a LoRA checkpoint (a training run's `checkpoints/step-N/model`
    with `model.lora_rank` set: adapters only): its base model, named by the adapter's
    `base_model_name_or_path`, with the adapters merged in."""
    # lazy: peft and transformers are heavy; only a LoRA checkpoint needs peft
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    base = Path(json.loads((path / "adapter_config.json").read_text())
                .get("base_model_name_or_path") or "")
    if not (base / "config.json").exists():
        raise FileNotFoundError(f"{path} holds LoRA adapters whose base model {str(base)!r} is "
                                "gone; evaluate the run's final model (RUN/final) or restore it")
    model = AutoModelForCausalLM.from_pretrained(str(base), dtype=dt)
    model = PeftModel.from_pretrained(model, str(path)).merge_and_unload().to(dev)
    model.eval()
    src = path if (path / "tokenizer_config.json").exists() else base
    return model, AutoTokenizer.from_pretrained(str(src))


class HFPolicy:
    """A `Policy` over a transformers causal LM (see module docstring)."""

    def __init__(self, model, tokenizer, name: str = "hf", renderer: HFChatRenderer | None = None,
                 cache_budget_bytes: int = 2 << 30, fast: bool | None = None,
                 prefill_bytes: int = 1 << 30, shared_prefix: bool = True,
                 decode_dtype: torch.dtype | None = None) -> None:
        self.name = name
        self.model = model
        self.tokenizer = tokenizer
        self.renderer = renderer or HFChatRenderer(tokenizer, name=name)
        stop_ids = set(self.renderer.stop_token_ids)
        eos = getattr(model.generation_config, "eos_token_id", None)
        stop_ids.update([eos] if isinstance(eos, int) else (eos or []))
        self.sampler = Sampler(model, tokenizer, stop_token_ids=sorted(stop_ids),
                               cache_budget_bytes=cache_budget_bytes, fast=fast,
                               prefill_bytes=prefill_bytes, shared_prefix=shared_prefix,
                               decode_dtype=decode_dtype)
        self._lock = threading.Lock()

    @classmethod
    def from_pretrained(cls, path: str | Path, device: str | None = "auto",
                        dtype: str | torch.dtype | None = None, name: str | None = None,
                        **kwargs) -> HFPolicy:
        model, tokenizer = load_hf(path, device=device, dtype=dtype)
        return cls(model, tokenizer, name=name or Path(path).name, **kwargs)

    @property
    def device(self) -> torch.device:
        return next(self.model.parameters()).device

    @property
    def dtype(self) -> torch.dtype:
        return next(self.model.parameters()).dtype

    def set_model(self, model) -> None:
        """Decode with another module object from now on (e.g. a trainer's copy)."""
        with self._lock:
            self.model = model
            self.sampler.set_model(model)

    def generate(self, requests: Sequence[GenerationRequest], params: SamplingParams,
                 on_token: Callable[[int, int], bool] | None = None) -> list[Generation]:
        """`on_token(i, token_id)`: see `Sampler.generate` (False ends request i's row)."""
        prompts = [r.prompt_ids or self.renderer.render_prompt(r.messages, r.tools).ids
                   for r in requests]
        with self._lock:
            outs = self.sampler.generate(
                prompts, params, keys=[r.key for r in requests],
                max_new_tokens=[r.max_new_tokens for r in requests],
                row_seeds=[f"{r.key}:{r.sample_index}:{len(p)}" for r, p in zip(requests, prompts)],
                on_token=on_token)
        return [Generation(text=self.tokenizer.decode(o.token_ids, skip_special_tokens=True),
                           token_ids=tuple(o.token_ids), logprobs=tuple(o.logprobs),
                           finish_reason=o.finish_reason) for o in outs]

    def release(self, key: str) -> None:
        with self._lock:
            self.sampler.release(key)
