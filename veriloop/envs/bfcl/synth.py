"""`bfcl_synth`: tool-use training tasks synthesized from function documentation, not from
BFCL's test set.

Multi-turn tasks over BFCL's own backends (`GorillaFileSystem`, `TicketAPI`, `MathAPI`,
`MessageAPI`): a seeded random initial state (folders and files, a ticket queue, numbers,
users and messages), one to three user turns whose instructions are templates filled from
that state, and gold call strings for each turn. The gold is replayed on fresh backends twice:
a plan whose calls fail (an error result) or whose results or final states differ between the
two replays is dropped, so every task's gold is valid and deterministic. The tasks have BFCL's
multi-turn form (category `multi_turn_synth`), so BFCL's episodes, grader (final state and
results per turn) and expert serve them unchanged, tool variation included.

`registry_tasks(registry, n, seed)` does the same for any veriloop `ToolRegistry` (`@tool`
functions): random arguments from each tool's JSON schema (or from `values`), an instruction
from a template over the description and the arguments, the call run twice (an error or a
different result drops it); one or two calls a task, graded by BFCL's AST match
(categories `multiple_synth`, `parallel_multiple_synth`).

Disjointness: every instruction is checked against all of BFCL's questions (every category,
every user turn) with `near_duplicate` (word-trigram Jaccard similarity after lower-casing and
dropping punctuation), and a task with a near-duplicate is dropped. Templates here are written
from the function docs, not from BFCL prompts; the check guards against accidents.
Difficulty is the number of user turns (1-3); `train` and `test` draw from different seeds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from veriloop.envs.bfcl.backends import Backends, call_text, parse_call, signatures
from veriloop.envs.bfcl.data import CATEGORIES, function_docs, load_category
from veriloop.envs.bfcl.tasks import SYSTEM_MULTI, SYSTEM_SINGLE
from veriloop.tools import ToolRegistry
from veriloop.types import Message, Task, ToolCall, ToolSpec

CATEGORY = "multi_turn_synth"
WORDS = ("amber", "budget", "cedar", "delta", "harbor", "lantern", "meadow", "orbit", "pixel",
         "quartz", "river", "summit", "tundra", "velvet", "willow", "zephyr")
PEOPLE = ("Ana", "Bilal", "Chen", "Dara", "Emeka", "Farah", "Goran", "Hana", "Ivo", "Jun")
FOLDERS = ("reports", "drafts", "notes", "projects", "invoices", "photos", "logs", "research")
STEMS = ("summary", "todo", "minutes", "plan", "results", "ideas", "schedule", "inventory")
EXTS = (".txt", ".md", ".csv", ".log")


@dataclass
class Plan:
    """A task before replay: the backends, their initial state, and per user turn the
    instruction and the gold calls."""

    backend: str
    config: dict[str, Any]
    turns: list[tuple[str, list[str]]]


def _call(name: str, **kwargs: Any) -> str:
    return call_text(name, kwargs)


def _line(rng: random.Random) -> str:
    return " ".join(rng.sample(WORDS, 3))


# ---------------------------------------------------------------- backends: state + turns

def _files(rng: random.Random, n_turns: int) -> Plan:
    folders = rng.sample(FOLDERS, 3)
    tree = {f: {f"{s}{rng.choice(EXTS)}": "\n".join(_line(rng) for _ in range(rng.randint(2, 4)))
                for s in rng.sample(STEMS, rng.randint(2, 3))} for f in folders}
    root = rng.choice(("workspace", "home", "alex"))
    config = {"root": {root: {"type": "directory", "contents": {
        f: {"type": "directory", "contents": {n: {"type": "file", "content": c}
                                             for n, c in files.items()}}
        for f, files in tree.items()}}}}
    here = rng.choice(folders)
    files = dict(tree[here])
    turns = []
    for i in range(n_turns):
        where = f" in the '{here}' folder" if i == 0 else " in that folder"
        calls = [_call("cd", folder=here)] if i == 0 else []
        name = rng.choice(sorted(files))
        kind = rng.choice(("read", "lines", "grep", "move", "write"))
        if kind == "read":
            text = rng.choice((f"Show me what '{name}'{where} says.",
                               f"Print the contents of '{name}'{where}."))
            calls.append(_call("cat", file_name=name))
        elif kind == "lines":
            text = f"How many lines does '{name}'{where} have?"
            calls.append(_call("wc", file_name=name, mode="l"))
        elif kind == "grep":
            word = rng.choice(files[name].split())
            text = f"Which lines of '{name}'{where} mention '{word}'?"
            calls.append(_call("grep", file_name=name, pattern=word))
        elif kind == "move":
            new = f"{rng.choice(WORDS)}_{rng.randint(1, 99)}"
            text = f"Make a new folder '{new}'{where} and move '{name}' into it."
            calls += [_call("mkdir", dir_name=new), _call("mv", source=name, destination=new)]
            del files[name]
            if not files:
                n_turns = i + 1
        else:
            new, content = f"{rng.choice(WORDS)}{rng.choice(EXTS)}", _line(rng)
            text = f"Create a file called '{new}'{where} and write '{content}' in it."
            calls += [_call("touch", file_name=new), _call("echo", content=content,
                                                          file_name=new)]
            files[new] = content
        turns.append((text, calls))
        if len(turns) >= n_turns:
            break
    return Plan("GorillaFileSystem", config, turns)


def _tickets(rng: random.Random, n_turns: int) -> Plan:
    me = rng.choice(PEOPLE)
    queue = [{"id": i + 1, "title": f"{rng.choice(WORDS)} {rng.choice(('outage', 'request', 'bug'))}",
              "description": _line(rng), "status": "Open", "priority": rng.randint(1, 5),
              "created_by": rng.choice((me, *PEOPLE))} for i in range(rng.randint(2, 4))]
    config = {"ticket_queue": queue, "ticket_counter": len(queue) + 1, "current_user": me}
    open_ = [t["id"] for t in queue]
    turns = []
    for _ in range(n_turns):
        kind = rng.choice(("create", "close", "resolve", "get", "priority") if open_
                          else ("create", "get"))
        tid = rng.choice(open_) if open_ else 1
        if kind == "create":
            title, desc, p = f"{rng.choice(WORDS)} {rng.choice(('access', 'crash'))}", \
                _line(rng), rng.randint(1, 5)
            text = f"Open a support ticket titled '{title}' with priority {p}; describe it " \
                   f"as '{desc}'."
            calls = [_call("create_ticket", title=title, description=desc, priority=p)]
        elif kind == "close":
            text = f"Ticket {tid} can be closed now, please close it."
            calls = [_call("close_ticket", ticket_id=tid)]
            open_.remove(tid)
        elif kind == "resolve":
            note = _line(rng)
            text = f"Resolve ticket number {tid} with the resolution note '{note}'."
            calls = [_call("resolve_ticket", ticket_id=tid, resolution=note)]
            open_.remove(tid)
        elif kind == "get":
            text = f"Look up ticket {tid} and tell me its details."
            calls = [_call("get_ticket", ticket_id=tid)]
        else:
            p = rng.randint(1, 5)
            text = f"Set the priority of ticket {tid} to {p}."
            calls = [_call("edit_ticket", ticket_id=tid, updates={"priority": p})]
        turns.append((text, calls))
    return Plan("TicketAPI", config, turns)


def _numbers(rng: random.Random, n_turns: int) -> Plan:
    turns = []
    for _ in range(n_turns):
        nums = [rng.randint(1, 99) for _ in range(rng.randint(3, 5))]
        shown = ", ".join(map(str, nums[:-1])) + f" and {nums[-1]}"
        kind = rng.choice(("mean", "max_value", "standard_deviation", "add", "percentage"))
        if kind == "add":
            a, b = nums[:2]
            turns.append((f"Add {a} to {b} for me.", [_call("add", a=a, b=b)]))
        elif kind == "percentage":
            part, whole = sorted(nums[:2])
            turns.append((f"What share of {whole} is {part}, as a percentage?",
                          [_call("percentage", part=part, whole=whole)]))
        else:
            what = {"mean": "the average", "max_value": "the largest",
                    "standard_deviation": "the standard deviation"}[kind]
            turns.append((f"Work out {what} of {shown}.", [_call(kind, numbers=nums)]))
    return Plan("MathAPI", {}, turns)


def _messages(rng: random.Random, n_turns: int) -> Plan:
    people = rng.sample(PEOPLE, 4)
    users = {p: f"USR{i + 1:03d}" for i, p in enumerate(people)}
    texts = [_line(rng) for _ in range(rng.randint(1, 3))]
    inbox = [{users[rng.choice(people[1:])]: t} for t in texts]
    config = {"user_count": len(users), "user_map": users, "inbox": inbox,
              "message_count": len(inbox), "current_user": users[people[0]],
              "random_seed": rng.randint(1, 10**6)}
    turns = []
    for _ in range(n_turns):
        kind = rng.choice(("send", "lookup", "search", "sent"))
        other = rng.choice(people[1:])
        if kind == "send":
            msg = _line(rng)
            texts.append(msg)
            turns.append((f"Message {other} the words '{msg}'.",
                          [_call("get_user_id", user=other),
                           _call("send_message", receiver_id=users[other], message=msg)]))
        elif kind == "lookup":
            turns.append((f"What user id does {other} have?", [_call("get_user_id", user=other)]))
        elif kind == "search":
            word = rng.choice(rng.choice(texts).split())
            turns.append((f"Search my messages for the keyword '{word}'.",
                          [_call("search_messages", keyword=word)]))
        else:
            turns.append(("List every message I have sent so far.",
                          [_call("view_messages_sent")]))
    return Plan("MessageAPI", config, turns)


GENERATORS: dict[str, Callable[[random.Random, int], Plan]] = {
    "GorillaFileSystem": _files, "TicketAPI": _tickets, "MathAPI": _numbers,
    "MessageAPI": _messages}


# ---------------------------------------------------------------- replay and disjointness

def failed(result: str) -> bool:
    return result.startswith("Error during execution") or '"error":' in result


def replay(backend: str, config: dict[str, Any], turns: Sequence[Sequence[str]]
           ) -> tuple[list[list[str]], list[dict[str, Any]]]:
    """The gold calls run on fresh backends: each turn's results and the state after it."""
    backends, sigs = Backends([backend], {backend: config}), signatures([backend])
    results, states = [], []
    for calls in turns:
        results.append([backends.call(*parse_call(c, sigs)) for c in calls])
        states.append(backends.snapshot())
    return results, states


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shingles(text: str, n: int = 3) -> frozenset[tuple[str, ...]]:
    """The text's word n-grams after normalisation (its words, if it has fewer than n)."""
    tokens = _tokens(text)
    if len(tokens) < n:
        return frozenset({tuple(tokens)}) if tokens else frozenset()
    return frozenset(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


class QuestionIndex:
    """Texts indexed by word trigram, for near-duplicate look-ups."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)
        self.grams = [shingles(t) for t in self.texts]
        self.by_gram: dict[tuple[str, ...], list[int]] = {}
        for i, grams in enumerate(self.grams):
            for g in grams:
                self.by_gram.setdefault(g, []).append(i)

    def nearest(self, text: str) -> tuple[float, str]:
        """The highest Jaccard similarity to an indexed text, and that text."""
        mine = shingles(text)
        best, where = 0.0, ""
        for i in {i for g in mine for i in self.by_gram.get(g, ())}:
            score = len(mine & self.grams[i]) / len(mine | self.grams[i])
            if score > best:
                best, where = score, self.texts[i]
        return best, where


@cache
def bfcl_questions() -> QuestionIndex:
    """Every user message of every BFCL category (all turns)."""
    texts = [m["content"] for c in CATEGORIES for e in load_category(c)
             for turn in e["question"] for m in turn if m.get("role") == "user"]
    return QuestionIndex(texts)


def near_duplicate(text: str, threshold: float = 0.5, index: QuestionIndex | None = None
                   ) -> bool:
    """Whether `text` is a near-duplicate of a BFCL question (trigram Jaccard >= threshold)."""
    return (index or bfcl_questions()).nearest(text)[0] >= threshold


def synth_tasks(n: int, seed: int = 0, split: str = "train", backends: Sequence[str] = (),
                turns: int | None = None, env: str = "bfcl_synth") -> list[Task]:
    """`n` tasks over `backends` (default all of GENERATORS) with `turns` user turns each
    (default 1-3), valid, deterministic and not near BFCL's questions (see module docstring)."""
    if split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', got {split!r}")
    names = list(backends or GENERATORS)
    unknown = [b for b in names if b not in GENERATORS]
    if unknown:
        raise ValueError(f"no task generator for {unknown}; known: {', '.join(GENERATORS)}")
    rng = random.Random(f"bfcl_synth:{split}:{seed}")
    out: list[Task] = []
    for attempt in range(50 * n + 50):
        if len(out) == n:
            break
        backend = names[attempt % len(names)]
        plan = GENERATORS[backend](rng, turns or rng.randint(1, 3))
        gold = [calls for _, calls in plan.turns]
        first = replay(backend, plan.config, gold)
        if any(failed(r) for rs in first[0] for r in rs) or replay(
                backend, plan.config, gold) != first:
            continue
        if any(near_duplicate(text) for text, _ in plan.turns):
            continue
        out.append(_task(plan, f"synth_{split}_{seed}_{len(out)}", env))
    return out


def _task(plan: Plan, task_id: str, env: str) -> Task:
    question = [[{"role": "user", "content": text}] for text, _ in plan.turns]
    return Task(id=task_id, env=env, difficulty=len(plan.turns),
                metadata={"category": CATEGORY, "source": plan.backend},
                prompt=(Message(role="system", content=SYSTEM_MULTI),
                        Message(role="user", content=question[0][0]["content"])),
                verification={"functions": list(function_docs(plan.backend)),
                              "question": question, "involved_classes": [plan.backend],
                              "initial_config": {plan.backend: plan.config},
                              "long_context": False, "missed_function": {},
                              "ground_truth": [calls for _, calls in plan.turns]})


# ---------------------------------------------------------------- any @tool registry

_BFCL_TYPES = {"number": "float", "object": "dict"}


def bfcl_doc(spec: ToolSpec) -> dict[str, Any]:
    """A tool's JSON-schema spec as a BFCL function doc (number -> float, object -> dict)."""

    def convert(schema: Any) -> Any:
        if isinstance(schema, dict):
            out = {k: convert(v) for k, v in schema.items() if k != "properties"}
            if "properties" in schema:
                out["properties"] = {k: convert(v) for k, v in schema["properties"].items()}
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


def registry_tasks(registry: ToolRegistry, n: int, seed: int = 0, split: str = "train",
                   values: dict[str, Sequence[Any]] | None = None, env: str = "bfcl_synth"
                   ) -> list[Task]:
    """`n` single-turn tasks over `registry`'s tools (see module docstring); `values` maps a
    parameter name to the values to draw from (default: from its type)."""
    rng = random.Random(f"bfcl_synth:registry:{split}:{seed}")
    specs, docs = list(registry.specs), [bfcl_doc(s) for s in registry.specs]
    out: list[Task] = []
    for _ in range(50 * n + 50):
        if len(out) == n:
            break
        calls = [c for c in (_random_call(s, rng, values or {})
                             for s in rng.sample(specs, min(len(specs), rng.randint(1, 2))))
                 if c is not None]
        if not calls or any(_run(registry, c) != _run(registry, c) or _run(registry, c) is None
                            for c in calls):
            continue
        text = " Also, ".join(_instruction(registry.get(c.name).spec, c, rng) for c in calls)
        if near_duplicate(text):
            continue
        answers = [{c.name: {p: [v] for p, v in c.arguments.items()} | {
            p: ["", prop["default"]] if "default" in prop else [""]
            for p, prop in registry.get(c.name).spec.parameters.get("properties", {}).items()
            if p not in c.arguments}} for c in calls]
        out.append(Task(
            id=f"synth_registry_{split}_{seed}_{len(out)}", env=env, difficulty=1,
            metadata={"category": "parallel_multiple_synth" if len(calls) > 1 else
                      "multiple_synth", "source": "registry"},
            prompt=(Message(role="system", content=SYSTEM_SINGLE),
                    Message(role="user", content=text)),
            verification={"functions": docs, "ground_truth": answers}))
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


def _run(registry: ToolRegistry, call: ToolCall) -> str | None:
    result = registry.call(call)
    return None if result.is_error else result.content


def _instruction(spec: ToolSpec, call: ToolCall, rng: random.Random) -> str:
    what = spec.description.strip().splitlines()[0].rstrip(".") if spec.description else \
        spec.name.replace("_", " ")
    args = ", ".join(f"{p.replace('_', ' ')} {v!r}" for p, v in call.arguments.items())
    return rng.choice((f"I need this: {what[:1].lower()}{what[1:]}, for {args}.",
                       f"{what}, please; use {args}.",
                       f"Could you help? {what} ({args}).")) if args else f"{what}, please."


# ---------------------------------------------------------------- the environment

def load_registry(source: str) -> ToolRegistry:
    """`my_tools.py:TOOLS` (or `my_pkg.tools:TOOLS`): a ToolRegistry or a list of @tool
    functions."""
    from veriloop.envs import load_env_module

    module, _, attr = source.rpartition(":")
    if not module:
        raise ValueError(f"registry {source!r}: give file.py:NAME or module:NAME")
    found = getattr(load_env_module(module), attr, None)
    if found is None:
        raise ValueError(f"registry {source!r}: {module} defines no {attr!r}")
    return found if isinstance(found, ToolRegistry) else ToolRegistry(found)


class BfclSynthEnv:
    """Tool-use tasks synthesized from function docs (BFCL's backends or a @tool registry).

    Options: `backends` (default all of GENERATORS); `registry` (`file.py:NAME`, a
    ToolRegistry or list of @tool functions: single-turn tasks over it instead); the bfcl
    options `max_steps_per_turn`, `max_output_chars`, `tool_variation`, `variation_seed`.
    Episodes, grader and expert are bfcl's. `difficulty` is the number of user turns."""

    name = "bfcl_synth"

    def __init__(self, backends: list[str] | None = None, registry: str | None = None,
                 max_turns: int = 60, max_steps_per_turn: int = 10,
                 max_output_chars: int = 8000, tool_variation: str = "none",
                 variation_seed: int = 0) -> None:
        from veriloop.envs.bfcl import BfclEnv

        if isinstance(backends, str):
            backends = [backends]
        unknown = [b for b in backends or () if b not in GENERATORS]
        if unknown:
            raise ValueError(f"no task generator for {unknown}; known: {', '.join(GENERATORS)}")
        self.backends, self.registry, self.max_turns = list(backends or GENERATORS), registry, \
            max_turns
        self.bfcl = BfclEnv(max_turns=max_turns, max_steps_per_turn=max_steps_per_turn,
                            max_output_chars=max_output_chars, tool_variation=tool_variation,
                            variation_seed=variation_seed)

    def tasks(self, n: int | None = None, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        if n is None:
            raise ValueError("bfcl_synth generates tasks: give their number")
        if self.registry is not None:
            if difficulty not in (None, 1):
                raise ValueError("registry tasks are single-turn: difficulty 1 or none")
            tasks = registry_tasks(load_registry(self.registry), n, seed, split, env=self.name)
        else:
            if difficulty not in (None, 1, 2, 3):
                raise ValueError(f"difficulty is the number of user turns, 1-3; got {difficulty}")
            tasks = synth_tasks(n, seed, split, self.backends, difficulty, env=self.name)
        return self.bfcl.varied(tasks)

    def reset(self, task: Task) -> Any:
        return self.bfcl.reset(task)

    def grader(self) -> Any:
        return self.bfcl.grader()

    def expert(self, noise: float = 0.0, seed: int = 0) -> Any:
        return self.bfcl.expert(noise=noise, seed=seed)
