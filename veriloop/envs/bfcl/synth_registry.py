"""Single-turn tool-use tasks synthesized from any veriloop `ToolRegistry` (`@tool` functions).

For each task, one or two of the registry's tools are called with random arguments drawn from
each parameter's JSON schema (enum, integer, number, boolean, string, list of strings; `values`
maps a parameter name to the values to draw from instead, by default the registry module's
`VALUES`; optional parameters are given half the time). Each call is run twice: an error or two different results drop it, so a tool that is
not reproducible never appears, nor do arguments it rejects. A tool whose required parameter
has no simple type is never synthesized. The instruction is a template over the tool's
description and the arguments; a near-duplicate of a BFCL question is dropped.

The tasks have BFCL's single-turn form: the tools as BFCL function docs (`bfcl_doc`), and as
possible answers each call's values, an omitted optional parameter allowed to be left out or
given its default. They are graded by BFCL's AST match (categories `multiple_synth`, one call
among the tools, and `parallel_multiple_synth`, two calls in any order), or as BFCL's
irrelevance (`irrelevance_synth`: the asked-for tool is not offered, the response must answer
without a call). Train and test tasks never share an instruction (`text_split`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from veriloop.envs.bfcl.disjoint import near_duplicate
from veriloop.envs.bfcl.tasks import SYSTEM_SINGLE
from veriloop.tools import ToolRegistry
from veriloop.types import Message, Task, ToolCall, ToolSpec

WORDS = ("amber", "budget", "cedar", "delta", "harbor", "lantern", "meadow", "orbit", "pixel",
         "quartz", "river", "summit", "tundra", "velvet", "willow", "zephyr")

_BFCL_TYPES = {"number": "float", "object": "dict"}


def bfcl_doc(spec: ToolSpec) -> dict[str, Any]:
    """A tool's JSON-schema spec as a BFCL function doc (number -> float, object -> dict)."""

    def convert(schema: Any) -> Any:
        if isinstance(schema, dict):
            out = {k: convert(v) for k, v in schema.items() if k != "properties"}
            if "properties" in schema:
                out["properties"] = {k: convert(v) for k, v in schema["properties"].items()}
            if "enum" in out and "type" not in out:  # a Literal: BFCL's checker needs a type
                kinds = {type(v) for v in out["enum"]}
                out["type"] = {str: "string", int: "integer", float: "number",
                               bool: "boolean"}.get(kinds.pop(), "string") \
                    if len(kinds) == 1 else "string"
            if isinstance(out.get("type"), str):
                out["type"] = _BFCL_TYPES.get(out["type"], out["type"])
            return out
        return [convert(s) for s in schema] if isinstance(schema, list) else schema

    params = convert(spec.parameters)
    return {"name": spec.name, "description": spec.description,
            "parameters": {**params, "type": "dict"}}


def _value(prop: dict[str, Any], rng: random.Random, given: Sequence[Any] | None) -> Any:
    if given:
        return rng.choice(list(given))
    if "enum" in prop:
        return rng.choice(prop["enum"])
    kind = prop.get("type")
    if kind == "integer":
        return rng.randint(1, 50)
    if kind == "number":
        return round(rng.uniform(1, 100), 1)
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array" and prop.get("items", {}).get("type") == "string":
        return rng.sample(WORDS, rng.randint(1, 3))
    if kind == "string":
        return rng.choice(WORDS)
    raise ValueError(f"no random value for a parameter of schema {prop}; pass values=")


def text_split(text: str) -> str:
    """The split an instruction belongs to (a fifth of them "test", by a hash of the text), so
    that the train and test tasks of a registry never share an instruction."""
    return "test" if hashlib.sha256(text.encode()).digest()[0] % 5 == 0 else "train"


def registry_tasks(registry: ToolRegistry, n: int, seed: int = 0, split: str = "train",
                   values: dict[str, Sequence[Any]] | None = None, env: str = "bfcl_synth",
                   offer: int | None = None, irrelevant: float = 0.0) -> list[Task]:
    """`n` single-turn tasks over `registry`'s tools (see module docstring); `values` maps a
    parameter name to the values to draw from (default: from its type). `offer` tools are listed
    per task, the called ones and random others (default: all of them, in registry order; else
    shuffled). A share `irrelevant` of the tasks ask for a tool that is not offered: the right
    response is an answer without a call (category `irrelevance_synth`)."""
    rng = random.Random(f"bfcl_synth:registry:{split}:{seed}")
    specs = list(registry.specs)
    if offer is not None and not 1 <= offer <= len(specs):
        raise ValueError(f"offer must be between 1 and {len(specs)} (the registry's tools), "
                         f"got {offer}")
    if irrelevant and (offer is None or offer >= len(specs)):
        raise ValueError("irrelevant tasks need offer below the number of tools (a tool left "
                         "out to ask for)")
    out: list[Task] = []
    seen: set[str] = set()  # no two tasks with one instruction
    for _ in range(50 * n + 50):
        if len(out) == n:
            break
        calls = [c for c in (_random_call(s, rng, values or {})
                             for s in rng.sample(specs, min(len(specs), rng.randint(1, 2))))
                 if c is not None]
        if not calls or not all(_reproducible(registry, c) for c in calls):
            continue
        text = " Also, ".join(_instruction(registry.get(c.name).spec, c, rng) for c in calls)
        if near_duplicate(text) or text_split(text) != split or text in seen:
            continue
        seen.add(text)
        called = {c.name for c in calls}
        no_call = rng.random() < irrelevant
        if offer is None:
            shown = specs
        else:
            others = [s for s in specs if s.name not in called]
            picked = rng.sample(others, offer if no_call else max(offer - len(called), 0))
            shown = picked + ([] if no_call else [s for s in specs if s.name in called])
            rng.shuffle(shown)
        answers = [] if no_call else [{c.name: {p: [v] for p, v in c.arguments.items()} | {
            p: ["", prop["default"]] if "default" in prop else [""]
            for p, prop in registry.get(c.name).spec.parameters.get("properties", {}).items()
            if p not in c.arguments}} for c in calls]
        category = "irrelevance_synth" if no_call else \
            "parallel_multiple_synth" if len(calls) > 1 else "multiple_synth"
        out.append(Task(
            id=f"synth_registry_{split}_{seed}_{len(out)}", env=env, difficulty=1,
            metadata={"category": category, "source": "registry"},
            prompt=(Message(role="system", content=SYSTEM_SINGLE),
                    Message(role="user", content=text)),
            verification={"functions": [bfcl_doc(s) for s in shown], "ground_truth": answers}))
    return out


def _random_call(spec: ToolSpec, rng: random.Random, values: dict[str, Sequence[Any]]
                 ) -> ToolCall | None:
    props = spec.parameters.get("properties", {})
    required = set(spec.parameters.get("required", []))
    try:
        args = {p: _value(prop, rng, values.get(p)) for p, prop in props.items()
                if p in required or rng.random() < 0.5}
    except ValueError:
        return None  # a parameter type with no random values: this tool is not synthesized
    return ToolCall(name=spec.name, arguments=args, id="gold")


def _reproducible(registry: ToolRegistry, call: ToolCall) -> bool:
    """The call succeeds, twice, with the same result."""
    first, second = registry.call(call), registry.call(call)
    return not first.is_error and not second.is_error and first.content == second.content


def _instruction(spec: ToolSpec, call: ToolCall, rng: random.Random) -> str:
    what = spec.description.strip().splitlines()[0].rstrip(".") if spec.description else \
        spec.name.replace("_", " ")
    args = ", ".join(f"{p.replace('_', ' ')} {v!r}" for p, v in call.arguments.items())
    return rng.choice((f"I need this: {what[:1].lower()}{what[1:]}, for {args}.",
                       f"{what}, please; use {args}.",
                       f"Could you help? {what} ({args}).")) if args else f"{what}, please."
