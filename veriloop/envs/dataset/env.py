"""`dataset`: an environment made from a user's data file and a reward, from YAML alone.

    env:
      name: dataset
      options:
        path: data/train.jsonl          # JSONL, JSON, CSV, Parquet, a glob, a save_to_disk dir
        test_path: data/test.jsonl      # held-out rows; else a seeded `test_fraction` of path
        reward: my_rewards.py:score     # or math, exact, regex, json_schema, python_tests, ...
        columns: {answer: solution}     # only where the defaults (columns.py) do not fit

Each row is one task (`columns.py` maps its cells). The episode depends on the row:

- no tools: single-turn. The policy answers once; the final answer is what it puts in
  `<answer>...</answer>`, else its whole message. The prompt says only how to answer.
- tools, and `tool_functions: my_tools.py` implementing them (functions named as the tools):
  the multi-turn tool loop every world uses (`ToolEpisode`, Hermes `<tool_call>` format),
  arguments checked against the data's schemas, until `<answer>` or the step budget.
- tools without implementations: the call is the answer (a function-calling dataset). The
  episode ends at the first valid call, whose `{"name", "arguments"}` JSON is the final answer
  that `json_schema` compares, as data, with the answer column.

Bad rows: a missing column is an error at once, naming it and the columns found; a row that
does not fit (or a line that is not JSON) is an error naming its file and row, or, with
`on_bad_row: skip`, is skipped: the count is logged, and `metrics()` reports it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import numpy as np

from veriloop.envs.base import ToolEpisode
from veriloop.envs.dataset.columns import BadRow, Columns
from veriloop.envs.dataset.expert import DatasetExpert, as_call
from veriloop.envs.dataset.loader import SKIP_HINT, Rows, load_rows
from veriloop.envs.dataset.rewards import Rewards
from veriloop.envs.dataset.single_turn import SingleTurnEpisode
from veriloop.errors import UserError
from veriloop.graders.base import Grader
from veriloop.tools import Tool, ToolRegistry, validate_json_schema
from veriloop.types import Task, ToolSpec
from veriloop.user_modules import load_user_module

log = logging.getLogger(__name__)


class DatasetEnv:
    """Tasks from your data file, scored by a named reward or your own function.

    The module docstring lists the options and the episodes."""

    name = "dataset"

    def __init__(self, path: str | list[str], reward: Any = "exact",
                 test_path: str | list[str] | None = None, test_fraction: float = 0.1,
                 split_seed: int = 0, columns: dict[str, str] | None = None,
                 system_prompt: str | None = None, tool_functions: str | None = None,
                 on_bad_row: str = "error", reward_timeout: float = 10.0,
                 reward_workers: int = 1, max_turns: int | None = None,
                 max_output_chars: int = 4000) -> None:
        if on_bad_row not in ("error", "skip"):
            raise UserError(f"env.options.on_bad_row must be error or skip, got {on_bad_row!r}")
        if not 0.0 <= test_fraction < 1.0:
            raise UserError(f"env.options.test_fraction must be in [0, 1), got {test_fraction}")
        self.skip = on_bad_row == "skip"
        self.system_prompt, self.max_output_chars = system_prompt, max_output_chars
        self.train = load_rows(path, self.skip)
        self.test = load_rows(test_path, self.skip, split="test") if test_path else None
        self.columns = Columns.resolve(self.train.features, columns, self.train.source)
        if self.test is not None:
            Columns.resolve(self.test.features, columns, self.test.source)  # same roles there
        self.bad_rows: list[str] = [*self.train.skipped, *(self.test.skipped if self.test
                                                           else [])]
        self.rewards = Rewards(reward, self.train.columns, reward_timeout, reward_workers,
                               self.train.source)
        for role, who in self.rewards.needed_columns().items():
            self.columns.require(role, who, self.train.features, self.train.source)
        self.functions = _functions(tool_functions) if tool_functions else None
        self.max_turns = max_turns or (4 if self.functions else 1)
        self._split = _split(len(self.train), test_fraction if self.test is None else 0.0,
                             split_seed)
        if self.bad_rows:
            self._log_skipped(len(self.bad_rows))

    # -- tasks --------------------------------------------------------------------------------

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        """Up to `n` tasks of `split` (train, test or all), in a seeded order; fewer when the
        split has fewer rows. `difficulty` is ignored (rows carry none)."""
        if split not in ("train", "test", "all"):
            raise ValueError(f"split must be 'train', 'test' or 'all', got {split!r}")
        sources = [("train", self._rows("train")), ("test", self._rows("test"))] \
            if split == "all" else [(split, self._rows(split))]
        out: list[Task] = []
        skipped = 0
        for name, (rows, indices) in sources:
            order = np.random.default_rng(seed).permutation(len(indices))
            for k in order:
                if len(out) >= n:
                    break
                i = int(indices[k])
                try:
                    out.append(self._task(rows, i, name))
                except BadRow as e:
                    if not self.skip:
                        raise UserError(f"{rows.where(i)}: {e}; {SKIP_HINT}") from None
                    self.bad_rows.append(f"{rows.where(i)}: {e}")
                    skipped += 1
        if skipped:
            self._log_skipped(skipped)
        return out

    def _rows(self, split: str) -> tuple[Rows, np.ndarray]:
        if split == "test" and self.test is not None:
            return self.test, np.arange(len(self.test))
        train_idx, test_idx = self._split
        return self.train, (test_idx if split == "test" else train_idx)

    def _task(self, rows: Rows, i: int, split: str) -> Task:
        parts = self.columns.parts(rows.row(i), self.system_prompt)
        if parts.answer is None and "answer" in self.rewards.needed_columns():
            raise BadRow(f"the answer column {self.columns.names['answer']!r} is empty")
        if parts.tools and self.functions is not None:
            missing = [t.name for t in parts.tools if t.name not in self.functions]
            if missing:
                raise BadRow(f"tools {missing} have no function in env.options.tool_functions")
        verification: dict[str, Any] = {"answer": parts.answer, "columns": parts.columns}
        if parts.tests:
            verification["tests"] = list(parts.tests)
        if parts.schema is not None:
            verification["schema"] = parts.schema
        metadata: dict[str, Any] = {"source": rows.where(i)}
        if parts.tools:
            metadata["tools"] = [t.model_dump() for t in parts.tools]
            metadata["answer_is_call"] = self.functions is None and as_call(parts.answer) \
                is not None
        return Task(id=f"dataset-{split}-{i}", env=self.name, prompt=parts.prompt,
                    metadata=metadata, verification=verification)

    def _log_skipped(self, count: int) -> None:
        log.warning("dataset: skipped %d bad row(s) (on_bad_row: skip); first: %s", count,
                    self.bad_rows[-count])

    def metrics(self) -> dict[str, float]:
        """What the run logs about the data: rows skipped as bad so far."""
        return {"data/skipped_rows": float(len(self.bad_rows))}

    # -- episodes -----------------------------------------------------------------------------

    def reset(self, task: Task) -> ToolEpisode | SingleTurnEpisode:
        specs = [ToolSpec(**t) for t in task.metadata.get("tools", ())]
        if not specs:
            return SingleTurnEpisode(task)
        if self.functions is not None:
            return ToolEpisode(task, ToolRegistry(
                [Tool(self.functions[s.name], s, validator=validate_json_schema) for s in specs],
                max_output_chars=self.max_output_chars))
        return _call_episode(task, specs)

    def expert(self, noise: float = 0.0, seed: int = 0) -> DatasetExpert:
        """The scripted demonstrator: the reference answer (noise > 0: sometimes a perturbed
        one)."""
        return DatasetExpert(noise=noise, seed=seed)

    def grader(self) -> Grader:
        return self.rewards.grader()

    def close(self) -> None:
        self.rewards.close()


def _split(n: int, fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(train, test) row indices: a seeded `fraction` of the `n` rows is held out (at least one
    row when the fraction is positive), sorted so rows are read in file order."""
    order = np.random.default_rng(seed).permutation(n)
    k = max(1, round(fraction * n)) if fraction > 0 and n > 1 else 0
    return np.sort(order[k:]), np.sort(order[:k])


def _functions(source: str) -> dict[str, Callable[..., Any]]:
    """The public functions of `env.options.tool_functions` (a file or module), by name."""
    try:
        module = load_user_module(source, "tool module")
    except ValueError as e:
        raise UserError(f"env.options.tool_functions: {e}") from None
    found = {k: v for k, v in vars(module).items() if callable(v) and not k.startswith("_")
             and getattr(v, "__module__", None) == module.__name__}
    if not found:
        raise UserError(f"env.options.tool_functions: {source} defines no functions")
    return found


def _call_episode(task: Task, specs: list[ToolSpec]) -> ToolEpisode:
    """An episode whose first valid tool call ends it, as its answer (calls run nothing)."""
    registry = ToolRegistry([Tool(lambda **_: "", s, validator=validate_json_schema)
                             for s in specs])
    episode = ToolEpisode(task, registry)

    def finish() -> str | None:
        call = episode.calls[-1]
        return json.dumps({"name": call.name, "arguments": call.arguments})

    episode.finish = finish
    return episode

