"""Policy specs: the strings that name a model (`tiny-xs`, `smollm2`, `openai:<url>#<model>`, a
checkpoint or run directory, a `.gguf` file), resolved by `POLICIES`, the one `Registry` shape.

This module sits on a bottom floor so that anything that takes a model by spec (an LLM judge
among the graders, a teacher, a summarizer) can build it without importing the policies
package: the built-in loaders are declared lazily as "module:attribute" in
`veriloop.policies.loaders` and imported on first use, as installed packages' loaders are
through the `veriloop.policies` entry-point group. A loader is `loader(target, **options)`,
where `target` is the spec after `<name>:` ("" for a bare name), and returns a
`veriloop.policies.Policy`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from veriloop.errors import ConfigError
from veriloop.registry import Registry

KNOWN_SPECS = ("tiny", "tiny-<size>", "smollm2-135m", "gemma3-270m", "<checkpoint dir>",
               "<file.gguf>", "openai:<base_url>#<model>")

# a loader returns a veriloop.policies.Policy, a type this floor cannot import
PolicyLoader = Callable[..., Any]
POLICIES: Registry[PolicyLoader] = Registry("model", group="veriloop.policies")
"""Spec names to loaders `loader(target, **options) -> Policy`."""

BUILT_IN = {"openai": "load_openai", "tiny": "load_tiny", "tiny-xs": "load_tiny_xs",
            "tiny-s": "load_tiny_s", "tiny-m": "load_tiny_m", "tiny-l": "load_tiny_l",
            "smollm2-135m": "load_smollm2", "smollm2": "load_smollm2",
            "smollm2-135m-instruct": "load_smollm2", "gemma3-270m": "load_gemma3",
            "gemma3": "load_gemma3", "checkpoint": "load_checkpoint",
            "run": "load_run", "gguf": "load_gguf"}
"""The built-in spec names and their loaders' names in `veriloop.policies.loaders` (`tiny*`:
`veriloop.run.tiny`)."""


def _declare_built_ins() -> None:
    for name, attr in BUILT_IN.items():
        # the tiny model is built from environment text, so its loaders live in the build layer
        module = "veriloop.run.tiny" if name.startswith("tiny") else "veriloop.policies.loaders"
        POLICIES.lazy(name, f"{module}:{attr}")


_declare_built_ins()

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


def load_policy(spec: str, **options: Any) -> Any:
    """Build the policy (a `veriloop.policies.Policy`) named by `spec`; see the module
    docstring of `veriloop.policies` for the forms and the options of each."""
    name, target = resolve_spec(spec)
    return POLICIES.get(name)(target, **options)
