"""Task synthesis from solved tasks, in the manner of SvS (self-play with variational problems).

From a solved task and its solution the policy is asked for a *variation*: a new problem of the
same kind and a program that computes its answer (for `arithmetic`, a calculator expression),
as `<problem>...</problem><expression>...</expression>`. A candidate becomes a task only if it
passes validation:

- it parses, and the environment has a validator (`VALIDATORS`; `arithmetic` only so far: tool
  environments, whose answers would be checked by executing generated gold calls, are not
  covered);
- arithmetic: the expression evaluates (the environment's own safe evaluator) to an integer of
  magnitude below 10^6, every number in the expression appears in the problem text, and the
  problem is a sentence of some length (at least 20 characters);
- it is new: its normalized text equals no held-out (test-split) task, no source task and no
  earlier candidate.

The answer is computed from the expression, never taken from the model, so a synthesized task's
gold answer is correct by construction (what "checkable" means here). How it differs from SvS:
no policy-gradient training of the synthesizer; the variations are used as extra training tasks.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veriloop.policies.base import GenerationRequest, SamplingParams
from veriloop.types import Message, Task, Trajectory

PROMPT = ("Here is a solved problem.\nProblem: {problem}\nSolution: {solution}\n\nWrite one new "
          "problem of the same kind with different numbers or story, and an arithmetic "
          "expression that computes its answer. Reply exactly as "
          "<problem>TEXT</problem><expression>EXPRESSION</expression>.")
_CANDIDATE = re.compile(r"<problem>(.*?)</problem>\s*<expression>(.*?)</expression>",
                        re.DOTALL)


@dataclass(frozen=True)
class Candidate:
    problem: str
    expression: str
    source: str  # the solved task it varies


def parse_candidate(text: str, source: str) -> Candidate | None:
    m = _CANDIDATE.search(text)
    if m is None:
        return None
    return Candidate(" ".join(m.group(1).split()), m.group(2).strip(), source)


def normalize(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def validate_arithmetic(c: Candidate) -> tuple[int | None, str]:
    """(answer, "") for a valid candidate, else (None, reason)."""
    from veriloop.envs.arithmetic import evaluate

    if len(c.problem) < 20:
        return None, "too_short"
    try:
        value = evaluate(c.expression)
    except Exception:  # noqa: BLE001 (any malformed expression is just an invalid candidate)
        return None, "bad_expression"
    if value != int(value) or abs(value) >= 10**6:
        return None, "bad_answer"
    words = set(re.findall(r"\d+", c.problem))
    if not set(re.findall(r"\d+", c.expression)) <= words:
        return None, "numbers_not_in_problem"
    return int(value), ""


VALIDATORS: dict[str, Callable[[Candidate], tuple[int | None, str]]] = {
    "arithmetic": validate_arithmetic}


@dataclass
class Synthesis:
    tasks: list[Task] = field(default_factory=list)
    rejected: Counter = field(default_factory=Counter)  # reason -> count

    def summary(self) -> dict[str, Any]:
        return {"synthesized": len(self.tasks), "rejected": dict(self.rejected)}


def question(task_or_traj: Any) -> str:
    return "\n".join(m.content for m in task_or_traj.prompt if m.role == "user")


def _solution(traj: Trajectory) -> str:
    return " ".join("".join(f"{t.action_text}{t.observation_text}" for t in traj.turns).split())


def variation_requests(policy: Any, solved: Sequence[Trajectory]) -> list[GenerationRequest]:
    reqs = []
    for i, t in enumerate(solved):
        msgs = (Message(role="user", content=PROMPT.format(problem=question(t),
                                                           solution=_solution(t)[:400])),)
        reqs.append(GenerationRequest(prompt_ids=tuple(policy.renderer.render_prompt(msgs, ()).ids),
                                      messages=msgs, key=f"synth-{t.id}", sample_index=i))
    return reqs


def synthesize(env_name: str, policy: Any, solved: Sequence[Trajectory], sources: Sequence[Task],
               held_out: Sequence[Task], temperature: float = 1.0, max_new_tokens: int = 96,
               seed: int = 0) -> Synthesis:
    """One variation per solved trajectory (passed, fault-free), validated and deduplicated
    against `held_out` (the test split), the `sources` and each other."""
    if env_name not in VALIDATORS:
        raise KeyError(f"no synthesis validator for environment '{env_name}'; known: "
                       f"{', '.join(VALIDATORS)}")
    validate = VALIDATORS[env_name]
    by_id = {t.id: t for t in sources}
    solved = [t for t in solved if t.passed and not t.is_infra_error and t.task_id in by_id]
    out = Synthesis()
    if not solved:
        return out
    reqs = variation_requests(policy, solved)
    gens = policy.generate(reqs, SamplingParams(temperature=temperature, seed=seed, stop=(),
                                                max_new_tokens=max_new_tokens))
    seen = {normalize(question(t)) for t in [*held_out, *sources]}
    for t, g, r in zip(solved, gens, reqs, strict=True):
        policy.release(r.key)
        c = parse_candidate(g.text, t.task_id)
        if c is None:
            out.rejected["unparsed"] += 1
            continue
        answer, why = validate(c)
        if answer is None:
            out.rejected[why] += 1
            continue
        key = normalize(c.problem)
        if key in seen:
            out.rejected["duplicate"] += 1
            continue
        seen.add(key)
        src = by_id[t.task_id]
        system = tuple(m for m in src.prompt if m.role == "system")
        uid = hashlib.sha256(c.problem.encode()).hexdigest()[:10]
        out.tasks.append(Task(id=f"synth-{uid}", env=src.env, difficulty=src.difficulty,
                              prompt=(*system, Message(role="user", content=c.problem)),
                              metadata={"expression": c.expression, "steps": [answer],
                                        "synthesized_from": src.id},
                              verification={"answer": answer}))
    return out
