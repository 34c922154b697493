"""The options a registered factory takes, written out for `... list` commands and their JSON.

A factory (a grader's, an environment's ...) may declare its options as a pydantic model, as
the `params` or `Options` attribute (the shape of `veriloop.algorithms.registries.Entry`) or by
being one; the model's fields then give each option's type, default and description. Otherwise
the options are the factory's parameters, read from its signature (no descriptions: the
factory's docstring, which listings show first, says what they mean).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticUndefined


@dataclass(frozen=True)
class Option:
    """One option: its name, its type as written, its default (repr; None when required)."""

    name: str
    type: str
    default: str | None
    required: bool
    description: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        text = f"{self.name}: {self.type}" if self.type else self.name
        if self.required:
            text += " (required)"
        elif self.default is not None:  # None: `*args` / `**kwargs`, which have none
            text += f" = {self.default}"
        return f"{text}  {self.description}" if self.description else text


def options_model(factory: Any) -> type[BaseModel] | None:
    """The pydantic model a factory declares for its options, or None."""
    for candidate in (getattr(factory, "params", None), getattr(factory, "Options", None),
                      factory):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def factory_options(factory: Callable[..., Any]) -> list[Option]:
    """The options `factory` takes, from its pydantic model if it declares one, else from its
    signature (`*args` and `**kwargs` are listed as such; `self` never)."""
    model = options_model(factory)
    if model is not None:
        return [_field_option(name, field) for name, field in model.model_fields.items()]
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # a builtin or C callable without one
        return []
    return [_parameter_option(p) for p in signature.parameters.values()]


def _field_option(name: str, field: Any) -> Option:
    annotation = field.annotation
    kind = getattr(annotation, "__name__", None) if isinstance(annotation, type) else None
    kind = kind or str(annotation).replace("typing.", "")
    required = field.is_required()
    if required:
        default = None
    elif field.default is not PydanticUndefined:
        default = repr(field.default)
    else:
        default = f"{getattr(field.default_factory, '__name__', 'factory')}()"
    return Option(name, kind, default, required, field.description or "")


def _parameter_option(p: inspect.Parameter) -> Option:
    name = {p.VAR_POSITIONAL: f"*{p.name}", p.VAR_KEYWORD: f"**{p.name}"}.get(p.kind, p.name)
    kind = "" if p.annotation is p.empty else (
        p.annotation if isinstance(p.annotation, str) else inspect.formatannotation(p.annotation))
    variadic = p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    required = p.default is p.empty and not variadic
    default = None if required or variadic else repr(p.default)
    return Option(name, kind, default, required)
