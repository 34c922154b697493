"""Task files: the one loader of JSONL tasks (one `Task` JSON per line, as `veriloop data
synthesize` writes them), and every check a task file gets before anything uses it.

A task file comes from outside the run (shared, downloaded, edited by hand), so each line is
checked here, whatever wrote it, and the first problem is a `ConfigError` naming the file, the
line and (once known) the task id, with what to change:

- the file is UTF-8 text (a stray Latin-1 byte is reported by line, not as a traceback);
- each line is a Task of the run's environment;
- task ids are unique across all the files given together (a repeated id would make two tasks
  share one store key, one curriculum slot and one profile row);
- the environment's own `check_task`, where it has one, finds the fields it needs (e.g. a
  `code` task's test is a `check(candidate)` function; parsing only, nothing runs);
- no number in the task is NaN or infinite (a NaN gold answer equals nothing, so every
  episode would score 0 and look like the policy's failure; JSON has no such numbers, but
  Python's writer emits them).

Not checked here: whether the task's code is harmless. Code a task carries (tests, reference
solutions, prompts, repositories) is never run by the loader, and the environments run it only
inside their sandbox (`veriloop.envs.code`, `veriloop.envs.repo.verdict`), never in the
trainer's process.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from veriloop.errors import ConfigError, MissingFileError
from veriloop.types import Task

SOURCE = "env.extra_train_tasks"  # the config field that names task files


def _non_finite(value: Any, where: str = "") -> str | None:
    """The dotted path of the first NaN or infinite number in `value`, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return where or "value"
    if isinstance(value, dict):
        items: Iterable[tuple[str, Any]] = ((str(k), v) for k, v in value.items())
    elif isinstance(value, (list, tuple)):
        items = ((str(i), v) for i, v in enumerate(value))
    else:
        return None
    for key, v in items:
        found = _non_finite(v, f"{where}.{key}" if where else key)
        if found:
            return found
    return None


def read_task_files(paths: Iterable[Path], env_name: str,
                    check: Callable[[Task], None] | None = None) -> list[Task]:
    """The tasks of every file in `paths`, in order, all of environment `env_name`, with
    unique ids across the files; a ConfigError (or MissingFileError) saying what to fix.
    `check` is the environment's `check_task` (a ValueError saying what a task lacks)."""
    tasks: list[Task] = []
    seen: dict[str, str] = {}  # id -> "file line N" where it first appeared
    for path in paths:
        for i, task in _read(Path(path), env_name):
            here = f"{path} line {i}"
            try:
                if check is not None:
                    check(task)
            except ValueError as e:
                raise ConfigError(f"{SOURCE}: {here}: task '{task.id}' is not a valid "
                                  f"{env_name} task: {e}") from e
            if task.id in seen:
                raise ConfigError(f"{SOURCE}: {here}: task id '{task.id}' repeats {seen[task.id]}; "
                                  "give every task its own id")
            seen[task.id] = here
            tasks.append(task)
    return tasks


def _read(path: Path, env_name: str) -> list[tuple[int, Task]]:
    if not path.is_file():
        raise MissingFileError(f"{SOURCE}: {path} does not exist; give a JSONL file of tasks "
                               "(e.g. from `veriloop data synthesize`)")
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ConfigError(f"{SOURCE}: {path} cannot be read ({e.strerror}); check its "
                          "permissions") from e
    out = []
    for i, raw in enumerate(data.split(b"\n"), 1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ConfigError(f"{SOURCE}: {path} line {i} is not UTF-8 text (byte "
                              f"0x{raw[e.start]:02x} at column {e.start + 1}); save the file as "
                              "UTF-8") from None
        if not line.strip():
            continue
        try:
            task = Task.model_validate_json(line)
        except ValueError as e:
            raise ConfigError(f"{SOURCE}: {path} line {i} is not a task "
                              f"({str(e).splitlines()[0]}); write one Task JSON per line") from e
        if task.env != env_name:
            raise ConfigError(f"{SOURCE}: {path} line {i} is a task of '{task.env}', not of "
                              f"env.name '{env_name}'")
        bad = _non_finite({"verification": task.verification, "metadata": task.metadata})
        if bad:
            raise ConfigError(f"{SOURCE}: {path} line {i}: task '{task.id}' has a NaN or "
                              f"infinite number at {bad}; give a finite value")
        out.append((i, task))
    return out
