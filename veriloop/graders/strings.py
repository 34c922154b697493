"""String and structured-output verifiers: exact match, normalized match, JSON against a schema.

- `exact_match`: the final answer equals `verification["answer"]` character for character
  (surrounding whitespace ignored).
- `string_match`: both sides normalized: Unicode NFKC, lower case, `\\boxed{}` and `$` removed,
  whitespace removed, one trailing period dropped. It is the plain baseline the math verifier
  is audited against, and the right grader for short textual answers.
- `json_match`: the final answer must parse as JSON, validate against `verification["schema"]`
  (JSON Schema, via `jsonschema`), and, if `verification["answer"]` is given, equal it as data
  (key order and whitespace do not matter). Components: `valid_json`, `schema_valid`, `correct`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from veriloop.graders.base import Grader, register_grader
from veriloop.graders.math_extract import last_boxed
from veriloop.types import Grade, Task, Trajectory


def normalize_text(text: str) -> str:
    s = unicodedata.normalize("NFKC", text)
    boxed = last_boxed(s)
    if boxed is not None:
        s = boxed
    s = re.sub(r"\s+", "", s.replace("$", "")).lower()
    return s.removesuffix(".")


def _gold(task: Task) -> Any:
    if "answer" not in task.verification:
        raise ValueError(f"task {task.id!r} has no verification['answer'] to match against")
    return task.verification["answer"]


@register_grader("exact_match")
def exact_match() -> Grader:
    """The final answer equals `verification["answer"]` character for character."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        ok = (trajectory.final_answer or "").strip() == str(_gold(task)).strip()
        return Grade(score=float(ok), passed=ok, components={"correct": float(ok)})

    return grade


@register_grader("string_match")
def string_match() -> Grader:
    """Normalized match (NFKC, lower case, no \\boxed{}, $ or spaces) to the gold answer."""
    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        answer = trajectory.final_answer
        ok = answer is not None and normalize_text(answer) == normalize_text(str(_gold(task)))
        return Grade(score=float(ok), passed=ok, components={"correct": float(ok)})

    return grade


def _strip_fence(text: str) -> str:
    m = re.fullmatch(r"\s*```(?:json)?\s*(.*?)\s*```\s*", text, re.DOTALL)
    return m.group(1) if m else text


@register_grader("json_match")
def json_match(schema: dict[str, Any] | None = None) -> Grader:
    """The final answer parses as JSON, fits the schema and equals the gold answer if given.

    `schema` here overrides `verification["schema"]`; with neither, any JSON is valid."""
    import jsonschema  # lazy: CLI start-up (~0.1 s; the graders load with the CLI)

    def grade(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        comps = {"valid_json": 0.0, "schema_valid": 0.0, "correct": 0.0}
        try:
            data = json.loads(_strip_fence(trajectory.final_answer or ""))
        except json.JSONDecodeError as e:
            return Grade(score=0.0, components=comps, explanation=f"not JSON: {e}")
        comps["valid_json"] = 1.0
        sch = schema if schema is not None else task.verification.get("schema")
        if sch is not None:
            try:
                jsonschema.validate(data, sch)
            except jsonschema.ValidationError as e:
                return Grade(score=0.0, components=comps,
                             explanation=f"schema violation at {list(e.absolute_path)}: "
                                         f"{e.message}")
        comps["schema_valid"] = 1.0
        if "answer" in task.verification:
            gold = task.verification["answer"]
            gold = json.loads(gold) if isinstance(gold, str) else gold
            ok = data == gold
        else:
            ok = True
        comps["correct"] = float(ok)
        return Grade(score=float(ok), passed=ok, components=comps,
                     explanation="matches" if ok else "valid, but differs from the expected data")

    return grade
