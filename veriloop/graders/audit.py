"""Verifier audits: false-positive and false-negative rates of a grader on labeled answer pairs.

A label file is JSONL, one pair a line: `{"gold": "...", "answer": "...", "equivalent": bool}`
with optional `"simplest_form": true` (the task demands simplest form), `"question": "..."`
(the task's text) and `"category": "..."` (for the per-category breakdown). Each pair becomes a
one-turn task (gold in `verification["answer"]`) and a trajectory whose final answer is
`answer`, so any grader that reads those can be audited.

false_positive_rate = FP / (pairs labeled not equivalent): wrong answers the grader accepts.
false_negative_rate = FN / (pairs labeled equivalent): right answers the grader rejects.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from veriloop.graders.base import Grader
from veriloop.types import Grade, Message, Task, Trajectory

SHIPPED_MATH_PAIRS = Path(__file__).with_name("data") / "math_pairs.jsonl"
# labelled pairs taken from huggingface/Math-Verify's test suite (tests/test_all.py,
# test_numina_cases.py, test_open_thoughts.py, test_yujianll.py, test_boxed.py), each row naming
# its source; rows that test a non-default option of that library (strict set relations) are
# left out, as are two rows that test its precision=2 option. Not tuned on when written: see tests/graders/test_math_verifier.py.
PUBLIC_MATH_PAIRS = Path(__file__).with_name("data") / "math_pairs_public.jsonl"
# cases from other projects' test suites (NeMo-Skills, MARIO, Qwen2.5-Math, simple-evals, ...),
# each row naming its source and its split: "tune" (rules may be tuned on it) or "heldout"
# (measured only); see data/build_suite_pairs.py
SUITE_MATH_PAIRS = Path(__file__).with_name("data") / "math_pairs_suites.jsonl"


@dataclass(frozen=True)
class LabeledPair:
    gold: str
    answer: str
    equivalent: bool
    simplest_form: bool = False
    question: str | None = None
    category: str = ""


def load_pairs(path: str | Path, split: str | None = None) -> list[LabeledPair]:
    """Read a label file (only its rows whose "split" is `split`, when given); errors name the
    line and what is wrong with it."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"label file {p} does not exist")
    pairs: list[LabeledPair] = []
    for n, line in enumerate(p.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise ValueError(f"{p}:{n}: not JSON ({e})") from e
        missing = [k for k in ("gold", "answer", "equivalent") if k not in row]
        if missing:
            raise ValueError(f"{p}:{n}: missing {', '.join(missing)}; each line needs "
                             '{"gold": str, "answer": str, "equivalent": bool}')
        if not isinstance(row["equivalent"], bool):
            raise TypeError(f"{p}:{n}: 'equivalent' must be true or false, "
                             f"got {row['equivalent']!r}")
        if split is not None and row.get("split") != split:
            continue
        pairs.append(LabeledPair(str(row["gold"]), str(row["answer"]), row["equivalent"],
                                 bool(row.get("simplest_form", False)), row.get("question"),
                                 str(row.get("category", ""))))
    if not pairs:
        raise ValueError(f"{p} holds no labeled pairs" + (f" in split {split!r}" if split else ""))
    return pairs


def pair_to_episode(pair: LabeledPair, i: int) -> tuple[Task, Trajectory]:
    prompt = (Message(role="user", content=pair.question or "Give the final answer."),)
    verification: dict[str, Any] = {"answer": pair.gold}
    if pair.simplest_form:
        verification["simplest_form"] = True
    task = Task(id=f"audit-{i}", env="audit", prompt=prompt, verification=verification)
    traj = Trajectory(id=f"audit-{i}", run_id="audit", task_id=task.id, env="audit",
                      group_id=task.id, prompt_text=prompt[0].content, prompt_ids=(),
                      final_answer=pair.answer, done=True)
    return task, traj


def audit(grader: Grader, pairs: Sequence[LabeledPair], concurrency: int = 1,
          progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Grade every pair; return rates, counts, timeouts, per-category errors and mistakes."""
    start = time.perf_counter()

    def one(i: int) -> Grade:
        task, traj = pair_to_episode(pairs[i], i)
        g = grader(task, traj, None)
        if progress:
            progress(1)
        return g

    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as ex:
        grades = list(ex.map(one, range(len(pairs))))
    tp = fp = tn = fn = timeouts = 0
    by_cat: dict[str, dict[str, int]] = {}
    mistakes = []
    for pair, g in zip(pairs, grades, strict=True):
        pred = g.passed
        timeouts += int(g.components.get("timeout", 0.0) > 0)
        cat = by_cat.setdefault(pair.category or "-", {"n": 0, "fp": 0, "fn": 0})
        cat["n"] += 1
        if pair.equivalent and pred:
            tp += 1
        elif pair.equivalent:
            fn += 1
            cat["fn"] += 1
        elif pred:
            fp += 1
            cat["fp"] += 1
        else:
            tn += 1
        if pred != pair.equivalent:
            mistakes.append({"gold": pair.gold, "answer": pair.answer,
                             "equivalent": pair.equivalent, "category": pair.category,
                             "simplest_form": pair.simplest_form,
                             "explanation": g.explanation})
    neg, pos = fp + tn, tp + fn
    return {
        "n": len(pairs), "positives": pos, "negatives": neg,
        "true_positives": tp, "false_positives": fp, "true_negatives": tn,
        "false_negatives": fn,
        "false_positive_rate": fp / neg if neg else 0.0,
        "false_negative_rate": fn / pos if pos else 0.0,
        "accuracy": (tp + tn) / len(pairs) if pairs else 0.0,
        "timeouts": timeouts,
        "seconds": round(time.perf_counter() - start, 3),
        "by_category": by_cat,
        "mistakes": mistakes,
    }
