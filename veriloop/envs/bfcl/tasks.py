"""BFCL entries as veriloop tasks, and the train/test split.

A task's id is BFCL's (`simple_python_12`, `multi_turn_base_3`); `metadata["category"]` names
its category (the evaluation breaks results down by it). `verification` holds what the agent
never sees: the possible answers (`ground_truth`), the function docs (the episode offers them
as tools), and for multi-turn the whole conversation, the backends' initial configuration and
the held-out functions of `multi_turn_miss_func`, resolved to their docs by turn.

BFCL is an evaluation set. `split="train"` and `"test"` are a fixed 80/20 split by a hash of
the id, so that a pipeline can be exercised end to end; a model trained on the "train" part
has seen BFCL, and its scores are not BFCL results. `split="all"` gives every task.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from veriloop.envs.bfcl.data import MULTI_TURN, canonical, function_docs, load_category
from veriloop.types import Message, Task

SYSTEM_SINGLE = (
    "You are an expert in composing functions. You are given a question and a set of possible "
    "functions. Based on the question, make one or more function calls to achieve the purpose. "
    "If none of the functions can be used, point it out. If the question lacks the parameters "
    "a function requires, point that out too.")
SYSTEM_MULTI = (
    "You are an expert in composing functions. You are given a question and a set of possible "
    "functions. Based on the question, make function calls to achieve the purpose. At each "
    "turn, try your best to complete the user's request within the turn: keep calling "
    "functions until you have done all you can. If none of the functions can be used, or the "
    "request lacks the parameters a function requires, point it out.")


def split_of(task_id: str) -> str:
    return "train" if hashlib.sha256(task_id.encode()).digest()[0] % 5 else "test"


def _messages(turn: list[dict[str, str]]) -> tuple[Message, ...]:
    return tuple(Message(role=m["role"], content=m["content"]) for m in turn)


def build_task(category: str, entry: dict[str, Any], env: str = "bfcl") -> Task:
    """One BFCL entry (question plus `ground_truth`) as a Task."""
    meta = {"category": category, "source": entry["id"]}
    if category not in MULTI_TURN:
        return Task(id=entry["id"], env=env, metadata=meta,
                    prompt=(Message(role="system", content=SYSTEM_SINGLE),
                            *_messages(entry["question"][0])),
                    verification={"functions": entry["function"],
                                  "ground_truth": entry["ground_truth"]})
    classes = list(entry["involved_classes"])
    docs = [d for c in classes for d in function_docs(c)]
    by_name = {d["name"]: d for d in docs}
    held = {turn: [by_name[n] for n in names]
            for turn, names in (entry.get("missed_function") or {}).items()}
    return Task(id=entry["id"], env=env, metadata=meta,
                prompt=(Message(role="system", content=SYSTEM_MULTI),
                        *_messages(entry["question"][0])),
                verification={"functions": docs, "question": entry["question"],
                              "involved_classes": classes,
                              "initial_config": entry.get("initial_config", {}),
                              "long_context": "long_context" in category,
                              "missed_function": held, "ground_truth": entry["ground_truth"]})


def select_tasks(categories: list[str], n: int | None, seed: int, split: str,
                 env: str = "bfcl") -> list[Task]:
    """Up to `n` tasks of `split` over `categories`, in a seeded shuffle (all of them if n is
    None or larger than the split)."""
    if split not in ("train", "test", "all"):
        raise ValueError(f"split must be 'train', 'test' or 'all', got {split!r}")
    out = [build_task(c, e, env) for c in map(canonical, categories) for e in load_category(c)
           if split == "all" or split_of(e["id"]) == split]
    random.Random(f"bfcl:{seed}").shuffle(out)
    return out if n is None else out[:n]
