"""The BFCL grader: BFCL's own verdict, 1 for a correct episode and 0 otherwise.

Single-turn (`ast_match`): the response's calls must match the possible answers, BFCL's AST
check (name, required parameters, no unknown parameters, types with int-for-float, allowed
values after string normalisation; parallel calls in any order). `irrelevance` passes when the
response makes no call and gives an answer.

Multi-turn (as BFCL's `multi_turn_checker`): the ground-truth calls are replayed turn by turn
on fresh backends (`backends.Backends`); after each turn whose ground truth is not empty,
(1) the agent must have made at least one call in that turn, (2) every backend's public
attributes must equal the replay's (the agent's state is the snapshot the episode took when
the turn ended), and (3) every ground-truth result of the turn must be among the results of
the agent's calls so far, in any order and counted with multiplicity. An episode that did not
finish every user turn (force-quit after `max_steps_per_turn`, or out of step budget) fails.

What it stops: calling every offered function, or several candidate calls, to hit the answer
(the count must equal the expected count, so extra calls fail, in irrelevance too); stuffing
several values into one argument (a list where a scalar is expected fails the type check, and
lists must equal an allowed list); leaving out an argument the answer needs, or adding one it
does not list; claiming in prose that something was done (only calls and backend state count);
in multi-turn, extra state-changing calls (the state check), reading what the task needs from
a result without making the call (the result check), and skipping turns.
What it does not stop: a multi-turn agent that makes extra read-only calls (they change no
state and results need only include the ground truth's, as in BFCL); calls in a turn whose
ground truth is empty (BFCL v4 no longer runs its irrelevance check there, so neither does
this grader; a state change they cause still fails the next checked turn); a string value that
differs from the answer only in case, spaces or `,./-_*^` (BFCL's normalisation accepts it).

Disagreements with bfcl_eval's checkers (see tests/bfcl/test_bfcl_parity.py): an undecodable
single-turn response to an irrelevance task passes in BFCL (it is "no call") but fails here,
where irrelevance needs an `<answer>`; a call of an unknown function is a format error here
(the agent is told, and it is not a call), where BFCL records it as a call whose result is
"Error during execution: name ... is not defined".

Flags: `extra_calls` when a response makes more calls than the answer has (irrelevance: any).
The grader needs the episode's `BfclState`; without one (offline grading) it raises.

Partial credit (`BfclGrader(partial=True)`, the environment's `reward: partial`): a failed
episode scores at most `PARTIAL_MAX` (0.5) instead of 0, so that a group of RL samples that all
fail BFCL's check still ranks them (with a binary reward most groups of a small model are all
0 or all 1 and carry no signal). Single-turn, as ToolRL (Qian et al., 2025) decomposes a tool
call's reward: each expected call is paired with the given call of the same name that has the
most correct parameters (each call used once); a pair earns half for the name and half for the
fraction of the parameters (the call's and the answer's non-optional ones together) whose
value BFCL's check accepts; the sum is divided by the larger of the expected and the given call
counts, so missing calls and extra calls both cost. Irrelevance and undecodable responses earn
0. Multi-turn: the fraction of user turns checked before the verdict failed. `passed` is
always BFCL's verdict: held-out success rates never include partial credit. What partial
credit does not stop: a policy may settle for right names with wrong values; it earns at most
half of a correct response, so in a group with one correct sample GRPO still ranks that first.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from veriloop.envs.bfcl.ast_match import Verdict, check_calls, check_value
from veriloop.envs.bfcl.backends import Backends, parse_call, signatures
from veriloop.envs.bfcl.data import is_multi_turn
from veriloop.envs.bfcl.episode import BfclState
from veriloop.types import Grade, Task, Trajectory

_MISSING = object()
PARTIAL_MAX = 0.5
"""A failed episode's partial credit is at most this (a pass scores 1)."""


def single_turn_verdict(task: Task, state: BfclState) -> Verdict:
    category = task.metadata["category"]
    if not state.finished:
        return Verdict(False, "no parseable response", "decoder_failed")
    calls = state.turns[0].calls if state.turns else ()
    if category.startswith("irrelevance"):  # BFCL's, and irrelevance_synth
        return Verdict(True) if not calls and state.answered else \
            Verdict(False, f"{len(calls)} calls where no function applies", "irrelevance")
    if not calls:
        return Verdict(False, "the response makes no call", "no_call")
    return check_calls(category, task.verification["functions"],
                       [{c.name: dict(c.arguments)} for c in calls],
                       task.verification["ground_truth"])


def multi_turn_verdict(task: Task, state: BfclState) -> tuple[Verdict, int]:
    """The verdict and the number of turns checked before it was reached."""
    ver = task.verification
    truth: list[list[str]] = ver["ground_truth"]
    if state.force_quit:
        return Verdict(False, "a turn exceeded the step limit", "force_quit"), 0
    if len(state.turns) != len(truth):
        return Verdict(False, f"{len(state.turns)} of {len(truth)} user turns finished",
                       "force_terminated"), 0
    replay = Backends(ver["involved_classes"], ver["initial_config"],
                      long_context=ver.get("long_context", False))
    sigs = signatures(ver["involved_classes"])
    results_so_far: list[str] = []
    for i, (turn, calls) in enumerate(zip(state.turns, truth, strict=True)):
        expected = [replay.call(*parse_call(c, sigs)) for c in calls]
        results_so_far.extend(turn.results)
        if not calls:
            continue
        if not turn.calls:
            return Verdict(False, f"no call in turn {i}", "empty_turn_model_response"), i
        for cls, instance in replay.instances.items():
            mine = (turn.snapshot or {}).get(cls, {})
            for attr, value in vars(instance).items():
                if not attr.startswith("_") and mine.get(attr, _MISSING) != value:
                    return Verdict(False, f"turn {i}: {cls}.{attr} differs from the ground "
                                   "truth's", "instance_state_mismatch"), i
        missing = Counter(expected) - Counter(results_so_far)
        if missing:
            return Verdict(False, f"turn {i}: {sum(missing.values())} ground-truth results "
                           f"missing, e.g. {next(iter(missing))[:200]!r}",
                           "execution_response_mismatch"), i
    return Verdict(True), len(truth)


def _pair_credit(doc: dict[str, Any] | None, args: dict[str, Any],
                 answer: dict[str, list[Any]]) -> float:
    """A given call's credit against an expected call of the same name: 1/2 for the name, 1/2
    times the fraction of parameters (given or non-optional in the answer) that check."""
    params = set(args) | {p for p, allowed in answer.items() if "" not in allowed}
    if not params:
        return 1.0
    props = (doc or {}).get("parameters", {}).get("properties", {})
    right = sum(p in args and p in props and p in answer
                and check_value(props[p], p, args[p], answer[p]).valid for p in params)
    return 0.5 + 0.5 * right / len(params)


def single_turn_partial(task: Task, state: BfclState) -> float:
    """The ToolRL-style credit in [0, 1] of a single-turn response's calls (see the module
    docstring); 0 for irrelevance tasks and undecodable responses."""
    category = task.metadata["category"]
    calls = state.turns[0].calls if state.finished and state.turns else ()
    if category.startswith("irrelevance") or not calls:
        return 0.0
    docs = {d["name"]: d for d in task.verification["functions"]}
    answers: list[dict[str, dict[str, list[Any]]]] = task.verification["ground_truth"]
    free = list(range(len(calls)))
    total = 0.0
    for answer in answers:
        (name, allowed), = answer.items()
        scored = [(_pair_credit(docs.get(name), dict(calls[j].arguments), allowed), j)
                  for j in free if calls[j].name == name]
        if scored:
            credit, j = max(scored)
            total += credit
            free.remove(j)
    return total / max(len(answers), len(calls))


class BfclGrader:
    """Score 1 when BFCL would count the episode correct, else 0 (with `partial`, a failed
    episode's partial credit times `PARTIAL_MAX`); components: `calls`, `expected_calls`,
    `partial` (with `partial`), and for multi-turn `turns` and `turns_passed`."""

    def __init__(self, partial: bool = False) -> None:
        self.partial = partial

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        if not isinstance(state, BfclState):
            raise TypeError("the bfcl grader needs the episode's BfclState (it is not "
                             "rebuilt from a stored trajectory)")
        truth = task.verification["ground_truth"]
        calls = sum(len(t.calls) for t in state.turns)
        comps = {"calls": float(calls)}
        if is_multi_turn(task.metadata["category"]):
            verdict, passed_turns = multi_turn_verdict(task, state)
            comps.update(expected_calls=float(sum(map(len, truth))), turns=float(len(truth)),
                         turns_passed=float(passed_turns))
            flags: tuple[str, ...] = ()
            credit = passed_turns / len(truth) if truth else 0.0
        else:
            verdict = single_turn_verdict(task, state)
            comps["expected_calls"] = float(len(truth))
            flags = ("extra_calls",) if calls > len(truth) else ()
            credit = 0.0 if verdict.valid or not self.partial else single_turn_partial(task, state)
        score = float(verdict.valid)
        if self.partial and not verdict.valid:
            comps["partial"] = credit
            score = PARTIAL_MAX * credit
        return Grade(score=score, passed=verdict.valid, components=comps,
                     flags=flags, explanation=verdict.error_type + (": " + verdict.error
                                                                    if verdict.error else ""))
