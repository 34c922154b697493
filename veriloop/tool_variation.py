"""Tool-variation augmentation: the same task under renamed, reordered, reworded tools.

`vary(specs, family, seed)` returns a `Variation` of a task's tools: every tool renamed (a
family verb in front, some words swapped for the family's synonyms, the family's case style),
some parameters renamed the same way (with a family affix), parameters reordered,
descriptions paraphrased (the family's phrase synonyms and one of its templates), and one to
three distractor tools from the family's pool, all in a shuffled order. A spec's
`parameters` may be JSON Schema or BFCL's dialect: only the top-level `properties`,
`required` and descriptions are touched, types and nested schemas are kept as they are.

The variation is a pair of maps. `forward(call)` takes a gold call into the varied names (what
an expert plays); `backward(call)` takes an agent's call back to the original names, so that
graders and backends never see the variation. A distractor's calls keep their name, which no
original tool has. An original name that was renamed is not accepted back: `backward` makes
it `not_offered:<name>`, so guessing the original name earns nothing.

Two families, "train" and "held-out", share no vocabulary: their verbs, synonyms, parameter
affixes, case styles (snake_case / camelCase), description templates and distractor pools are
disjoint, so no held-out name or phrasing occurs in a training variation
(tests/unit/test_tool_variation.py checks this over many seeds). Training on "train" and
evaluating on "held-out" measures generalisation to tool surfaces never seen in training.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from veriloop.types import ToolCall, ToolSpec

NOT_OFFERED = "not_offered:"


@dataclass(frozen=True)
class Family:
    """The vocabulary of one family of variations (all of its sets disjoint from the other's)."""

    verbs: tuple[str, ...]
    synonyms: dict[str, str]
    affixes: tuple[tuple[str, str], ...]  # (where, word): "pre" or "post"
    style: str  # "snake" or "camel"
    templates: tuple[str, ...]
    phrases: dict[str, str]
    distractors: tuple[tuple[str, str, dict[str, tuple[str, str]]], ...]


TRAIN = Family(
    verbs=("do", "run", "apply", "invoke"),
    synonyms={"get": "fetch", "list": "enumerate", "create": "make", "delete": "erase",
              "remove": "drop", "send": "dispatch", "add": "append", "update": "modify",
              "set": "assign", "find": "locate", "search": "lookup", "calculate": "compute",
              "check": "verify", "book": "reserve", "cancel": "revoke", "file": "doc",
              "name": "label", "id": "key", "user": "account", "message": "note",
              "number": "num", "info": "details", "status": "state", "value": "amount",
              "location": "place", "type": "kind", "view": "show", "edit": "change"},
    affixes=(("post", "value"), ("pre", "input"), ("post", "arg")),
    style="snake",
    templates=("Purpose: {d}", "{d} (Call it when the request needs this.)",
               "Tool summary - {d}"),
    phrases={"retrieve": "fetch", "get": "fetch", "the specified": "the given",
             "returns": "gives back", "a list of": "a sequence of", "create": "make",
             "delete": "erase", "current": "present", "number of": "count of"},
    distractors=(
        ("weather forecast", "Get the weather forecast for a city.",
         {"city": ("string", "Name of the city."), "days": ("integer", "Days ahead.")}),
        ("translate text", "Translate a text into another language.",
         {"text": ("string", "The text."), "target_language": ("string", "Language code.")}),
        ("currency rate", "Get the exchange rate between two currencies.",
         {"base_currency": ("string", "ISO code."), "quote_currency": ("string", "ISO code.")}),
        ("recipe search", "Search recipes that use an ingredient.",
         {"ingredient": ("string", "One ingredient.")}),
        ("timezone offset", "Get the UTC offset of a city's time zone.",
         {"city": ("string", "Name of the city.")}),
        ("spell check", "Check the spelling of an English text.",
         {"text": ("string", "The text to check.")}),
    ),
)

HELD_OUT = Family(
    verbs=("perform", "execute", "trigger", "handle"),
    synonyms={"get": "obtain", "list": "catalog", "create": "build", "delete": "purge",
              "remove": "discard", "send": "transmit", "add": "insert", "update": "revise",
              "set": "configure", "find": "discover", "search": "query", "calculate": "evaluate",
              "check": "inspect", "book": "secure", "cancel": "annul", "file": "record",
              "name": "handle", "id": "ident", "user": "member", "message": "memo",
              "number": "figure", "info": "facts", "status": "condition", "value": "quantity",
              "location": "spot", "type": "category", "view": "display", "edit": "alter"},
    affixes=(("post", "param"), ("pre", "the"), ("post", "field")),
    style="camel",
    templates=("What it does: {d}", "{d} [Use only if the user asks for it.]",
               "Function overview: {d}"),
    phrases={"retrieve": "obtain", "get": "obtain", "the specified": "the indicated",
             "returns": "yields", "a list of": "a collection of", "create": "build",
             "delete": "purge", "current": "active", "number of": "quantity of"},
    distractors=(
        ("movie showtimes", "List the showtimes of a cinema on a date.",
         {"cinema": ("string", "Cinema name."), "date": ("string", "YYYY-MM-DD.")}),
        ("flight status", "Look up whether a flight is on time.",
         {"flight_number": ("string", "Flight number, e.g. LH400.")}),
        ("pharmacy hours", "Opening hours of pharmacies near a postal code.",
         {"postal_code": ("string", "Postal code.")}),
        ("rhyme words", "Words that rhyme with a word.",
         {"word": ("string", "The word."), "limit": ("integer", "At most this many.")}),
        ("parking availability", "Free parking spaces on a street.",
         {"street": ("string", "Street name.")}),
        ("package tracking", "Where a parcel is now.",
         {"tracking_code": ("string", "The carrier's tracking code.")}),
    ),
)

FAMILIES: dict[str, Family] = {"train": TRAIN, "held-out": HELD_OUT}


def words(name: str) -> list[str]:
    """A name's lower-case words: `get_user.id`, `getUserId` and `GetUserID` give
    [get, user, id]."""
    out = []
    for part in re.split(r"[^0-9A-Za-z]+", name):
        out += re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", part)
    return [w.lower() for w in out if w]


def styled(tokens: list[str], style: str) -> str:
    if style == "camel":
        return tokens[0] + "".join(t[:1].upper() + t[1:] for t in tokens[1:])
    return "_".join(tokens)


def paraphrase(text: str, family: Family) -> str:
    """`text` with the family's phrase synonyms (whole words, case of the first letter kept)."""
    for old, new in family.phrases.items():
        text = re.sub(rf"\b{re.escape(old)}\b", lambda m, new=new: new[:1].upper() + new[1:]
                      if m.group(0)[:1].isupper() else new, text, flags=re.IGNORECASE)
    return text


@dataclass(frozen=True)
class Variation:
    """One variation of a tool set: the varied specs (shuffled, distractors included) and the
    maps between original and varied names."""

    family: str
    tools: tuple[ToolSpec, ...]
    names: dict[str, str]  # original tool -> varied tool
    params: dict[str, dict[str, str]]  # original tool -> {original param -> varied param}
    distractors: tuple[str, ...] = ()  # varied names of the distractor tools

    def forward(self, call: ToolCall) -> ToolCall:
        """A call of the original tools as the same call of the varied ones."""
        if call.name not in self.names:
            raise ValueError(f"{call.name!r} is not one of the varied tools "
                             f"({', '.join(self.names)})")
        renamed = self.params[call.name]
        return call.model_copy(update={"name": self.names[call.name], "arguments": {
            renamed.get(k, k): v for k, v in call.arguments.items()}})

    def backward(self, call: ToolCall) -> ToolCall:
        """An agent's call of the varied tools as the call of the original ones (see module
        docstring for distractors and original names)."""
        name = {v: k for k, v in self.names.items()}.get(call.name)
        if name is None:
            if call.name in self.names and self.names[call.name] != call.name:
                return call.model_copy(update={"name": NOT_OFFERED + call.name})
            return call  # a distractor (or a name the parser let through): nothing maps it
        inverse = {v: k for k, v in self.params[name].items()}
        args = {}
        for k, v in call.arguments.items():
            if k in inverse:
                args[inverse[k]] = v
            elif self.params[name].get(k, k) != k:
                args[NOT_OFFERED + k] = v  # the original name of a renamed parameter
            else:
                args[k] = v
        return call.model_copy(update={"name": name, "arguments": args})

    def to_dict(self) -> dict[str, Any]:
        return {"family": self.family, "tools": [t.model_dump() for t in self.tools],
                "names": dict(self.names), "params": {k: dict(v) for k, v in self.params.items()},
                "distractors": list(self.distractors)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Variation:
        return cls(family=data["family"], tools=tuple(ToolSpec(**t) for t in data["tools"]),
                   names=dict(data["names"]), params={k: dict(v) for k, v in data["params"].items()},
                   distractors=tuple(data["distractors"]))


class _Namer:
    """Unique varied names: never an original name, never one given before."""

    def __init__(self, family: Family, rng: random.Random, taken: set[str]) -> None:
        self.family, self.rng, self.taken = family, rng, taken

    def tool(self, name: str) -> str:
        tokens = [self.family.synonyms[w] if w in self.family.synonyms and self.rng.random() < 0.6
                  else w for w in words(name)] or ["tool"]
        verbs = list(self.family.verbs)
        self.rng.shuffle(verbs)
        return self._unique([styled([v, *tokens], self.family.style) for v in verbs])

    def param(self, name: str, siblings: set[str]) -> str:
        tokens = [self.family.synonyms.get(w, w) for w in words(name)] or ["arg"]
        where, word = self.rng.choice(self.family.affixes)
        tokens = [word, *tokens] if where == "pre" else [*tokens, word]
        candidates = [styled(tokens, self.family.style)]
        return self._unique(candidates, taken=siblings)

    def _unique(self, candidates: list[str], taken: set[str] | None = None) -> str:
        taken = self.taken if taken is None else taken
        for c in candidates:
            if c not in taken:
                taken.add(c)
                return c
        base, i = candidates[0], 2
        while f"{base}{i}" in taken:
            i += 1
        taken.add(f"{base}{i}")
        return f"{base}{i}"


def _mention(text: str, names: dict[str, str]) -> str:
    """Mentions of renamed multi-word tool names in a description, renamed too."""
    for old, new in names.items():
        if re.search(r"[._]", old):
            text = re.sub(rf"(?<![\w.]){re.escape(old)}(?![\w])", new, text)
    return text


def vary(specs: list[ToolSpec], family: str, seed: int | str = 0,
         distractors: tuple[int, int] = (1, 3), param_rename: float = 0.6) -> Variation:
    """A seeded variation of `specs` from `family` ("train" or "held-out"); the same arguments
    give the same variation. `distractors` is the (min, max) number of distractor tools;
    `param_rename` the chance that a parameter is renamed."""
    if family not in FAMILIES:
        raise ValueError(f"unknown tool-variation family {family!r}; known: "
                         f"{', '.join(FAMILIES)}")
    fam = FAMILIES[family]
    rng = random.Random(f"tool-variation:{family}:{seed}")
    originals = {s.name for s in specs}
    namer = _Namer(fam, rng, set(originals))
    names = {s.name: namer.tool(s.name) for s in specs}
    params: dict[str, dict[str, str]] = {}
    varied = []
    for spec in specs:
        props = dict(spec.parameters.get("properties") or {})
        siblings = set(props)
        renamed = {p: namer.param(p, siblings) if rng.random() < param_rename else p
                   for p in props}
        params[spec.name] = renamed
        order = list(props)
        rng.shuffle(order)
        new_props = {}
        for p in order:
            prop = props[p]
            if isinstance(prop, dict) and isinstance(prop.get("description"), str):
                prop = {**prop, "description": _mention(paraphrase(prop["description"], fam),
                                                        names)}
            new_props[renamed[p]] = prop
        parameters = {**spec.parameters, "properties": new_props}
        if "required" in spec.parameters:
            required = list(spec.parameters["required"])
            parameters["required"] = [renamed[p] for p in order if p in required] + [
                p for p in required if p not in renamed]
        text = _mention(paraphrase(spec.description, fam), names)
        varied.append(ToolSpec(name=names[spec.name], parameters=parameters,
                               description=rng.choice(fam.templates).format(d=text)))
    container = specs[0].parameters.get("type", "object") if specs else "object"
    extra = _distractors(specs, fam, rng, namer, container, distractors)
    tools = varied + extra
    rng.shuffle(tools)
    return Variation(family=family, tools=tuple(tools), names=names, params=params,
                     distractors=tuple(t.name for t in extra))


def _distractors(specs: list[ToolSpec], fam: Family, rng: random.Random, namer: _Namer,
                 container: str, bounds: tuple[int, int]) -> list[ToolSpec]:
    """Distractor tools from the family's pool, leaving out any whose topic words occur in the
    task's own tools (a weather distractor next to a weather tool would make the task
    ambiguous)."""
    seen = {w for s in specs for w in words(s.name) + words(s.description)}
    pool = [d for d in fam.distractors if not set(d[0].split()) & seen]
    rng.shuffle(pool)
    out = []
    for topic, description, props in pool[:rng.randint(*bounds)]:
        parameters = {"type": container, "properties": {
            p: {"type": t, "description": d} for p, (t, d) in props.items()},
            "required": list(props)[:1]}
        out.append(ToolSpec(name=namer.tool(topic), parameters=parameters,
                            description=rng.choice(fam.templates).format(d=description)))
    return out
