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

`registry_tasks` (`synth_registry`) does the same for any veriloop `ToolRegistry` (`@tool`
functions): single-turn tasks graded by BFCL's AST match.

Disjointness: every instruction is checked against all of BFCL's questions (every category,
every user turn) with `disjoint.near_duplicate`, and a task with a near-duplicate is dropped.
Templates here are written from the function docs, not from BFCL prompts; the check guards
against accidents.

Difficulty is the number of user turns (1-3); `train` and `test` draw from different seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from veriloop.envs.bfcl.backends import Backends, call_text, parse_call, signatures
from veriloop.envs.bfcl.data import function_docs
from veriloop.envs.bfcl.disjoint import near_duplicate
from veriloop.envs.bfcl.env import BfclEnv
from veriloop.envs.bfcl.synth_registry import WORDS, registry_tasks
from veriloop.envs.bfcl.tasks import SYSTEM_MULTI
from veriloop.tools import ToolRegistry
from veriloop.types import Message, Task
from veriloop.user_modules import load_user_module

CATEGORY = "multi_turn_synth"
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


# ---------------------------------------------------------------- replay

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


# ---------------------------------------------------------------- the environment

def load_registry(source: str) -> tuple[ToolRegistry, dict[str, Any]]:
    """`my_tools.py:TOOLS` (or `my_pkg.tools:TOOLS`): a ToolRegistry or a list of @tool
    functions, and the module's `VALUES` (parameter name -> values to draw; {} if none)."""
    module, _, attr = source.rpartition(":")
    if not module:
        raise ValueError(f"registry {source!r}: give file.py:NAME or module:NAME")
    loaded = load_user_module(module, "environment module")
    found = getattr(loaded, attr, None)
    if found is None:
        raise ValueError(f"registry {source!r}: {module} defines no {attr!r}")
    registry = found if isinstance(found, ToolRegistry) else ToolRegistry(found)
    return registry, dict(getattr(loaded, "VALUES", {}))


class BfclSynthEnv:
    """Tool-use tasks synthesized from function docs (BFCL's backends or a @tool registry).

    Options: `backends` (default all of GENERATORS); `registry` (`file.py:NAME`, a
    ToolRegistry or list of @tool functions: single-turn tasks over it instead, with `offer`
    tools listed per task and a share `irrelevant` asking for one not listed); the bfcl
    options `max_steps_per_turn`, `max_output_chars`, `tool_variation`, `variation_seed`.
    Episodes, grader and expert are bfcl's. `difficulty` is the number of user turns."""

    name = "bfcl_synth"
    # a message may hold several calls (the parallel categories ask for them): it ends at the
    # end-of-turn token or an answer, never at the first `</tool_call>` (`envs.base.turn_stop`)
    stop = ("</answer>",)

    def __init__(self, backends: list[str] | None = None, registry: str | None = None,
                 max_turns: int = 60, max_steps_per_turn: int = 10,
                 max_output_chars: int = 8000, tool_variation: str = "none",
                 variation_seed: int = 0, offer: int | None = None,
                 irrelevant: float = 0.0) -> None:
        if isinstance(backends, str):
            backends = [backends]
        unknown = [b for b in backends or () if b not in GENERATORS]
        if unknown:
            raise ValueError(f"no task generator for {unknown}; known: {', '.join(GENERATORS)}")
        self.backends, self.registry, self.max_turns = list(backends or GENERATORS), registry, \
            max_turns
        if (offer is not None or irrelevant) and registry is None:
            raise ValueError("offer and irrelevant apply to registry tasks: set registry too")
        self.offer, self.irrelevant = offer, float(irrelevant)
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
            registry, values = load_registry(self.registry)
            tasks = registry_tasks(registry, n, seed, split, values, env=self.name,
                                   offer=self.offer, irrelevant=self.irrelevant)
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
