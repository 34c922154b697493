"""One-line messages for pydantic validation errors: the first invalid field, what is wrong and
how to fix it. For an unknown key of a config model (its sections forbid extra fields), the
message also says `did you mean 'optim.lr'?` and, when the section is small, lists its fields:

    invalid config: unknown field 'trian' (did you mean 'train.steps'?) ...

The suggestion compares the whole dotted path with every field path of the model (difflib), so
a misspelled section (`trian.steps`), a misspelled field (`optim.lrr`) and a field put in the
wrong section (`train.lr` -> `optim.lr`) each get one.
"""

from __future__ import annotations

import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

LIST_UP_TO = 12
"""A section with at most this many fields has them listed after an unknown key."""


def describe_validation_error(e: ValidationError, source: str = "config",
                              model: type[BaseModel] | None = None) -> str:
    """One line naming the first invalid field, what is wrong and how to fix it; with `model`
    (the validated class), an unknown key also gets the closest known field."""
    first = e.errors()[0]
    loc = ".".join(str(x) for x in first["loc"]) or "(top level)"
    more = f" (and {e.error_count() - 1} more)" if e.error_count() > 1 else ""
    if first["type"] == "extra_forbidden":
        section = ".".join(str(x) for x in first["loc"][:-1])
        hint = _suggest(first["loc"], first.get("input"), model) if model else ""
        return (f"{source}: unknown field {loc!r}{f' ({hint})' if hint else ''}{more}; remove it "
                "or fix the spelling (`veriloop config --docs` lists the fields"
                f"{f' of {section}' if section else ''})")
    got = first.get("input")
    shown = "" if isinstance(got, dict) else f", got {got!r}"
    return f"{source}: {loc}: {first['msg'][0].lower()}{first['msg'][1:]}{shown}{more}; " \
           f"set a valid {loc} (`veriloop config --docs` describes it)"


def _suggest(loc: tuple[Any, ...], got: Any, model: type[BaseModel]) -> str:
    """`did you mean 'a.b'?` and/or `fields of a: ...` for the unknown key at `loc`."""
    path = ".".join(str(x) for x in loc if not isinstance(x, int))  # no list indices
    if isinstance(got, dict) and len(got) == 1:  # `trian.steps=5`: the leaf says more
        path += f".{next(iter(got))}"
    paths = field_paths(model)
    leaf = path.rsplit(".", 1)[-1]
    # a known leaf in another section first (train.lr -> optim.lr), then any close path
    close = (difflib.get_close_matches(path, [p for p in paths if p.rsplit(".", 1)[-1] == leaf],
                                       n=1, cutoff=0.5)
             or difflib.get_close_matches(path, paths, n=1, cutoff=0.6))
    parts = [f"did you mean {close[0]!r}?"] if close else []
    section = _section(model, loc[:-1])
    if section is not None and len(section.model_fields) <= LIST_UP_TO:
        where = ".".join(str(x) for x in loc[:-1] if not isinstance(x, int))
        parts.append(f"fields{f' of {where}' if where else ''}: "
                     f"{', '.join(section.model_fields)}")
    return " ".join(parts)


def field_paths(model: type[BaseModel], prefix: str = "") -> list[str]:
    """Every dotted field path of `model`, sections and their fields (`optim`, `optim.lr`)."""
    out = []
    for name, field in model.model_fields.items():
        out.append(prefix + name)
        inner = _model_in(field.annotation)
        if inner is not None:
            out += field_paths(inner, f"{prefix}{name}.")
    return out


def _section(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class at `loc` inside `model` (list indices skipped), or None."""
    for key in loc:
        if isinstance(key, int):
            continue
        field = model.model_fields.get(str(key))
        inner = _model_in(field.annotation) if field is not None else None
        if inner is None:
            return None
        model = inner
    return model


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The pydantic model an annotation holds: `Section`, `Section | None`, `list[Section]`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (list, typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _model_in(arg)
            if found is not None:
                return found
    return None
