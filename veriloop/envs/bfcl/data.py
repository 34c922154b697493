"""BFCL's data and backends, read from the `bfcl-eval` wheel (installed with `--no-deps`).

Only two kinds of things are used from the package: its data files (`bfcl_eval/data/`: the
`BFCL_v<N>_<category>.json` question files, `possible_answer/`, and the multi-turn function
docs `multi_turn_func_doc/`), and its pure-Python multi-turn backends
(`bfcl_eval/eval_checker/multi_turn_eval/func_source_code/`: GorillaFileSystem, MathAPI,
MessageAPI, TwitterAPI, TicketAPI, TradingBot, TravelAPI, VehicleControlAPI). Those modules
import only the standard library (MathAPI also needs `mpmath`, which torch's `sympy` brings),
and their package `__init__`s are empty, so they are imported normally. Nothing that pulls in
the provider SDKs the wheel declares (`bfcl_eval.constants.model_config`, `model_handler/`) is
imported here.

The files are found through `importlib.resources`, so any wheel version works whose question
files follow the `BFCL_v<N>_<category>.json` pattern; the newest version present is used.
`simple_python` was called `simple` before BFCL v4; both names are accepted.
"""

from __future__ import annotations

import importlib
import json
import re
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

SINGLE_TURN = ("simple_python", "multiple", "parallel", "parallel_multiple", "irrelevance")
MULTI_TURN = ("multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param",
              "multi_turn_long_context")
CATEGORIES = SINGLE_TURN + MULTI_TURN
ALIASES = {"simple": "simple_python"}  # the pre-v4 name

BACKEND_PACKAGE = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"
# class name -> (module under BACKEND_PACKAGE, function-doc file), as in BFCL's
# constants/executable_backend_config.py (the multi-turn categories' classes only)
BACKENDS: dict[str, tuple[str, str]] = {
    "GorillaFileSystem": ("gorilla_file_system", "gorilla_file_system.json"),
    "MathAPI": ("math_api", "math_api.json"),
    "MessageAPI": ("message_api", "message_api.json"),
    "TwitterAPI": ("posting_api", "posting_api.json"),
    "TicketAPI": ("ticket_api", "ticket_api.json"),
    "TradingBot": ("trading_bot", "trading_bot.json"),
    "TravelAPI": ("travel_booking", "travel_booking.json"),
    "VehicleControlAPI": ("vehicle_control", "vehicle_control.json"),
}
STATELESS = frozenset({"MathAPI"})  # BFCL loads no scenario into these


def is_multi_turn(category: str | None) -> bool:
    """A multi-turn category: BFCL's, or another with the same task form (`multi_turn_synth`)."""
    return category is not None and category.startswith("multi_turn")


def canonical(category: str) -> str:
    """The category's current name; a ValueError listing the valid ones if it is unknown."""
    name = ALIASES.get(category, category)
    if name not in CATEGORIES:
        raise ValueError(f"unknown BFCL category {category!r}; valid: {', '.join(CATEGORIES)} "
                         f"(alias: {', '.join(f'{a}={b}' for a, b in ALIASES.items())})")
    return name


@cache
def data_dir() -> Path:
    """bfcl_eval/data of the installed wheel, or a ValueError saying how to install it."""
    try:
        root = files("bfcl_eval") / "data"
    except ModuleNotFoundError:
        raise ValueError("the bfcl environment needs the bfcl-eval wheel: run `make setup`, or "
                         "`pip install --no-deps bfcl-eval` (its provider SDKs are not needed)"
                         ) from None
    return Path(str(root))


def _question_file(category: str) -> Path:
    stems = [category, *(a for a, b in ALIASES.items() if b == category)]
    found = []
    for stem in stems:
        for p in data_dir().glob(f"BFCL_v*_{stem}.json"):
            m = re.fullmatch(rf"BFCL_v(\d+)_{re.escape(stem)}\.json", p.name)
            if m:
                found.append((int(m[1]), p))
    if not found:
        raise ValueError(f"no question file for BFCL category {category!r} in {data_dir()}")
    return max(found)[1]


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@cache
def load_category(category: str) -> tuple[dict[str, Any], ...]:
    """The category's entries, each a question entry with its `ground_truth` added
    (irrelevance has no answer file: its ground truth is no call at all)."""
    category = canonical(category)
    path = _question_file(category)
    entries = _jsonl(path)
    answer_path = path.parent / "possible_answer" / path.name
    answers = {a["id"]: a["ground_truth"] for a in _jsonl(answer_path)} \
        if answer_path.exists() else {}
    if category != "irrelevance" and len(answers) != len(entries):
        raise ValueError(f"{answer_path} has {len(answers)} answers for {len(entries)} "
                         "questions; is the bfcl-eval wheel complete?")
    return tuple({**e, "ground_truth": answers.get(e["id"], [])} for e in entries)


@cache
def function_docs(class_name: str) -> tuple[dict[str, Any], ...]:
    """The function docs BFCL offers for one multi-turn backend class."""
    if class_name not in BACKENDS:
        raise ValueError(f"unknown BFCL backend {class_name!r}; known: {', '.join(BACKENDS)}")
    return tuple(_jsonl(data_dir() / "multi_turn_func_doc" / BACKENDS[class_name][1]))


def backend_class(class_name: str) -> type:
    """A BFCL multi-turn backend class, imported from the wheel's func_source_code."""
    if class_name not in BACKENDS:
        raise ValueError(f"unknown BFCL backend {class_name!r}; known: {', '.join(BACKENDS)}")
    module = importlib.import_module(f"{BACKEND_PACKAGE}.{BACKENDS[class_name][0]}")
    return getattr(module, class_name)
