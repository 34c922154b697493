"""BFCL's ground truth as a policy, and its noisy variants.

Single-turn: one message with every ground-truth call (for each parameter the first allowed
value; a parameter whose only allowed value is `""`, i.e. may be left out, is left out), or an
`<answer>` for irrelevance. Multi-turn: for each user turn, one message with that turn's
ground-truth calls (they run in order; none of BFCL's ground-truth calls needs an earlier
result), then an `<answer>`; a turn with no ground truth gets only the answer.

The noisy expert (`noise` > 0) spoils a `noise` share of the tasks (chosen per task from the
seed) with one `perturb` kind, applied to one call: `wrong_value`, `missing_param`,
`extra_param` or `wrong_function`; on irrelevance, it calls the first function instead of
answering. `perturb` also offers `wrong_type` and (multi-turn) `wrong_order`, which the tests
use. A perturbed episode usually fails, but not always (a changed value may still be allowed,
a reordered turn may reach the same state).

Under tool variation the calls (perturbed or not) are mapped into the varied names.

The expert reads its progress from the conversation (answers given, calls made since); it
does not resume from a summary that replaced the history.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from veriloop.envs.base import ScriptedExpert
from veriloop.envs.bfcl.backends import parse_call, signatures
from veriloop.envs.bfcl.data import is_multi_turn
from veriloop.envs.bfcl.variation import variation_of
from veriloop.formats import HermesFormat
from veriloop.types import Message, Task, ToolCall

NOISES = ("wrong_value", "missing_param", "extra_param", "wrong_function")
PERTURBATIONS = (*NOISES, "wrong_type", "wrong_order")
ANSWER = "Done."
NO_FUNCTION = "None of the functions can be used for this request."
_OMIT = object()


def _first(allowed: list[Any]) -> Any:
    """The first allowed value that is not "" (may be left out); dicts and lists of dicts are
    resolved the same way, key by key."""
    for value in allowed:
        if value == "":
            continue
        if isinstance(value, dict):
            return _resolve(value)
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            return [_resolve(v) for v in value]
        return value
    return _OMIT


def _resolve(answer: dict[str, list[Any]]) -> dict[str, Any]:
    picked = {k: _first(v) for k, v in answer.items()}
    return {k: v for k, v in picked.items() if v is not _OMIT}


def script(task: Task) -> list[list[ToolCall]]:
    """The ground-truth calls per user turn (single-turn tasks have one turn)."""
    ver = task.verification
    if is_multi_turn(task.metadata["category"]):
        sigs = signatures(ver["involved_classes"])
        return [[ToolCall(name=n, arguments=a, id=f"call_{i}")
                 for i, (n, a) in enumerate(parse_call(c, sigs) for c in turn)]
                for turn in ver["ground_truth"]]
    declared = {d["name"]: d["parameters"].get("properties", {}) for d in ver["functions"]}
    out = []
    for i, answer in enumerate(ver["ground_truth"]):
        for name, params in answer.items():
            # a few answers list an optional parameter the function does not declare
            # (parallel_multiple_12): leave those out, as the AST match requires
            known = {p: v for p, v in params.items() if p in declared.get(name, params)
                     or "" not in v}
            out.append(ToolCall(name=name, arguments=_resolve(known), id=f"call_{i}"))
    return [out]


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 7
    if isinstance(value, str):
        return value + " zzz"
    if isinstance(value, list):
        return [*value, value[0] if value else 1]
    if isinstance(value, dict):
        return {**value, "zzz": 1}
    return "zzz"


def _retyped(value: Any) -> Any:
    return 12345 if isinstance(value, str) else str(value)


def perturb(turns: list[list[ToolCall]], kind: str, rng: random.Random,
            docs: Sequence[dict[str, Any]]) -> list[list[ToolCall]]:
    """`turns` with one call spoiled by `kind` (one of PERTURBATIONS). Falls back to
    `wrong_value` where the kind does not apply (no other function to call, no argument to
    drop, no turn with two calls to reorder)."""
    if kind not in PERTURBATIONS:
        raise ValueError(f"unknown perturbation {kind!r}; known: {', '.join(PERTURBATIONS)}")
    turns = [list(t) for t in turns]
    if not any(turns):  # irrelevance: call a function instead of answering
        doc = docs[0]
        props = doc["parameters"].get("properties", {})
        args = {p: 1 if props[p].get("type") in ("integer", "float") else "x"
                for p in doc["parameters"].get("required", []) if p in props}
        turns[0] = [ToolCall(name=doc["name"], arguments=args, id="call_0")]
        return turns
    if kind == "wrong_order":
        many = [i for i, t in enumerate(turns) if len(t) > 1 and t != t[::-1]]
        if many:
            i = rng.choice(many)
            turns[i] = turns[i][::-1]
            return turns
        kind = "wrong_value"
    ti = rng.choice([i for i, t in enumerate(turns) if t])
    ci = rng.randrange(len(turns[ti]))
    call = turns[ti][ci]
    args = dict(call.arguments)
    others = [d["name"] for d in docs if d["name"] != call.name]
    if kind == "wrong_function" and others:
        turns[ti][ci] = call.model_copy(update={"name": rng.choice(others)})
        return turns
    if kind == "extra_param":
        args["unexpected_param"] = "zzz"
    elif kind == "missing_param" and args:
        del args[rng.choice(sorted(args))]
    elif kind == "wrong_type" and args:
        key = rng.choice(sorted(args))
        args[key] = _retyped(args[key])
    elif args:
        key = rng.choice(sorted(args))
        args[key] = _changed(args[key])
    else:
        args["unexpected_param"] = "zzz"
    turns[ti][ci] = call.model_copy(update={"arguments": args})
    return turns


class BfclExpert(ScriptedExpert):
    """The ground truth as a policy (noise 0 passes every task) and its noisy variants."""

    def __init__(self, noise: float = 0.0, seed: int = 0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be in [0, 1], got {noise}")
        super().__init__(self.act, name="bfcl-expert")
        self.noise, self.seed = noise, seed
        self._fmt = HermesFormat()

    def script(self, task: Task) -> list[list[ToolCall]]:
        turns = script(task)
        rng = random.Random(f"bfcl-expert:{self.seed}:{task.id}")
        if self.noise and rng.random() < self.noise:
            turns = perturb(turns, rng.choice(NOISES), rng, task.verification["functions"])
        variation = variation_of(task)
        if variation is None:
            return turns
        return [[variation.forward(c) for c in calls] for calls in turns]

    def act(self, task: Task, messages: Sequence[Message]) -> str:
        turns = self.script(task)
        mine = [m.content for m in messages if m.role == "assistant"]
        turn = sum("<answer>" in m for m in mine)
        called = bool(mine) and "<tool_call>" in mine[-1]
        calls = turns[min(turn, len(turns) - 1)]
        if calls and not called:
            return "\n".join(self._fmt.render_call(c) for c in calls)
        multi = is_multi_turn(task.metadata["category"])
        return self._fmt.render_answer(ANSWER if multi or calls else NO_FUNCTION)
