"""Reading a user's dataset files through Hugging Face `datasets`.

A path is a JSONL, JSON, CSV or Parquet file, a glob (`data/*.jsonl`), a directory of such
files, or a directory written by `Dataset.save_to_disk` / `DatasetDict.save_to_disk`; several
paths are read in order and concatenated. `datasets` converts each file once into an Arrow file
in its cache and memory-maps it, so a file of millions of rows is never held in memory: a row
is read when a task is built from it.

Each file is read on its own (then concatenated without copying), so every row knows where it
came from: `Rows.where(i)` is "data.jsonl row 7" in error messages. A JSON Lines file that
`datasets` refuses is scanned for its first line that is not JSON, and that line is named;
with `on_bad_row: skip`, such lines are dropped into a cleaned copy (`Rows.skipped` counts them).
"""

from __future__ import annotations

import glob
import hashlib
import json
import logging
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import datasets

from veriloop.errors import MissingFileError, UserError

BUILDERS = {".jsonl": "json", ".json": "json", ".csv": "csv", ".parquet": "parquet",
            ".arrow": "arrow"}
"""File suffix -> the `datasets` builder that reads it."""

SKIP_HINT = "fix the row, or set env.options.on_bad_row: skip"


@dataclass(frozen=True)
class Part:
    """One file's rows inside the concatenated table: rows `start` .. `start + rows - 1`."""

    path: str
    start: int
    rows: int
    dropped: tuple[int, ...] = ()  # lines of the file skipped as bad (sorted): rows after
    # them are numbered as in the file, not as in the cleaned copy that was read


@dataclass
class Rows:
    """The rows of one split: a memory-mapped `datasets.Dataset`, where each row came from, and
    how many malformed lines were skipped while reading."""

    table: datasets.Dataset
    parts: tuple[Part, ...]
    skipped: list[str] = field(default_factory=list)  # "FILE line N: why", one per dropped line

    def __len__(self) -> int:
        return len(self.table)

    @property
    def columns(self) -> list[str]:
        return list(self.table.column_names)

    @property
    def features(self) -> datasets.Features:
        return self.table.features

    def row(self, i: int) -> dict[str, Any]:
        return dict(self.table[int(i)])

    def where(self, i: int) -> str:
        """"FILE row N" (1-based, counted within its own file) for row `i` of the table."""
        for p in self.parts:
            if p.start <= i < p.start + p.rows:
                n = i - p.start + 1
                for line in p.dropped:
                    n += line <= n
                return f"{p.path} row {n}"
        return f"row {i + 1}"

    @property
    def source(self) -> str:
        return ", ".join(p.path for p in self.parts)


def expand(paths: str | Sequence[str]) -> list[Path]:
    """The files (or saved-dataset directories) that `paths` name, in order: each path as
    given, a glob's matches sorted, a plain directory's data files sorted."""
    out: list[Path] = []
    for text in [paths] if isinstance(paths, str) else list(paths):
        matches = sorted(glob.glob(str(Path(text).expanduser()))) if glob.has_magic(text) else []
        if glob.has_magic(text) and not matches:
            raise MissingFileError(f"no file matches {text}; check env.options.path")
        for p in [Path(m) for m in matches] or [Path(text).expanduser()]:
            if not p.exists():
                raise MissingFileError(f"dataset file {p} does not exist; check "
                                       "env.options.path")
            if p.is_dir() and not _saved(p):
                found = sorted(f for f in p.iterdir() if f.suffix in BUILDERS)
                if not found:
                    raise UserError(f"{p} holds no {', '.join(sorted(BUILDERS))} file and is not "
                                    "a directory written by datasets' save_to_disk")
                out.extend(found)
            else:
                out.append(p)
    if not out:
        raise UserError("env.options.path names no file; give a JSONL, JSON, CSV or Parquet "
                        "file, a glob, or a save_to_disk directory")
    return out


def load_rows(paths: str | Sequence[str], skip_bad: bool = False,
              split: str = "train") -> Rows:
    """Every row of the files `paths` names (see the module docstring), concatenated in order.
    A saved `DatasetDict` gives its `split` (train, or test for held-out files)."""
    tables: list[datasets.Dataset] = []
    parts: list[Part] = []
    skipped: list[str] = []
    start = 0
    for p in expand(paths):
        table, bad = (_load_saved(p, split), []) if _saved(p) else _load_file(p, skip_bad)
        skipped.extend(f"{p} line {n}: {why}" for n, why in bad)
        tables.append(table)
        parts.append(Part(str(p), start, len(table), tuple(n for n, _ in bad)))
        start += len(table)
    if len(tables) > 1:
        names = [sorted(t.column_names) for t in tables]
        if any(n != names[0] for n in names):
            raise UserError(f"the files {', '.join(p.path for p in parts)} have different "
                            f"columns ({'; '.join(', '.join(n) for n in names)}); give files "
                            "of one format")
        try:
            table = datasets.concatenate_datasets(tables)
        except ValueError as e:  # same names, different types (e.g. int and string answers)
            raise UserError(f"the files {', '.join(p.path for p in parts)} cannot be read as "
                            f"one table: {_first_line(e)}; give their columns the same types")
    else:
        table = tables[0]
    return Rows(table, tuple(parts), skipped)


def _saved(p: Path) -> bool:
    """Whether `p` is a directory written by `save_to_disk` (a Dataset or a DatasetDict)."""
    return p.is_dir() and ((p / "state.json").exists() or (p / "dataset_dict.json").exists())


def _load_saved(p: Path, split: str) -> datasets.Dataset:
    loaded = datasets.load_from_disk(str(p))
    if isinstance(loaded, datasets.DatasetDict):
        if split not in loaded:
            raise UserError(f"{p} holds the splits {', '.join(loaded)}, not {split!r}; "
                            "give a split's directory (path/train) instead")
        return loaded[split]
    return loaded


@contextmanager
def _quiet() -> Iterator[None]:
    """No progress bars while `datasets` converts a file (they would fill the run's log); the
    process's own setting is restored afterwards."""
    was, level = datasets.are_progress_bars_disabled(), datasets.logging.get_verbosity()
    datasets.disable_progress_bars()
    # its reader logs a failed file at ERROR; the one line this module raises says it better
    datasets.logging.set_verbosity(logging.CRITICAL)
    try:
        yield
    finally:
        datasets.logging.set_verbosity(level)
        if not was:
            datasets.enable_progress_bars()


def _load_file(p: Path, skip_bad: bool) -> tuple[datasets.Dataset, list[tuple[int, str]]]:
    """The file's table, and the (line, why) of each bad line skipped (`skip_bad`)."""
    builder = BUILDERS.get(p.suffix.lower())
    if builder is None:
        raise UserError(f"{p}: unknown file type {p.suffix!r}; give one of "
                        f"{', '.join(sorted(BUILDERS))} or a save_to_disk directory")
    with _quiet():
        try:
            return datasets.load_dataset(builder, data_files=str(p), split="train"), []
        except Exception as e:  # noqa: BLE001 (a reader failure becomes one line naming the row)
            error = e
    bad = _bad_json_lines(p) if builder == "json" else []
    if bad and skip_bad:
        with _quiet():
            return datasets.load_dataset("json", data_files=str(_cleaned(p, bad)),
                                         split="train"), bad
    if bad:
        n, why = bad[0]
        raise UserError(f"{p} line {n} is not valid JSON ({why}); {SKIP_HINT}")
    raise UserError(f"{p} cannot be read as a {builder} table: {_first_line(error)}")


def _first_line(e: BaseException) -> str:
    """The innermost cause's message, on one line (datasets wraps reader errors twice)."""
    while e.__cause__ is not None or e.__context__ is not None:
        e = e.__cause__ or e.__context__  # type: ignore[assignment]  # not None (checked)
    text = " ".join(str(e).split()) or type(e).__name__
    return text[:300]


def _bad_json_lines(p: Path) -> list[tuple[int, str]]:
    """(line number, why) for each non-empty line of a JSON Lines file that is not a JSON
    object; [] for a file that is one JSON document (a .json array)."""
    bad: list[tuple[int, str]] = []
    with p.open(encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as e:
                if n == 1 and line.lstrip().startswith("["):  # one JSON document, not lines
                    return []
                bad.append((n, e.msg))
                continue
            if not isinstance(value, dict):
                bad.append((n, f"a JSON {type(value).__name__}, not an object"))
    return bad


def _cleaned(p: Path, bad: list[tuple[int, str]]) -> Path:
    """A copy of `p` without its bad lines, in the temporary directory, named by its content
    (so `datasets` caches one conversion per version of the file)."""
    drop = {n for n, _ in bad}
    digest = hashlib.sha1(f"{p.resolve()}:{p.stat().st_mtime_ns}".encode()).hexdigest()[:12]
    out = Path(tempfile.gettempdir()) / f"veriloop-cleaned-{digest}-{p.stem}.jsonl"
    if not out.exists():
        tmp = out.with_suffix(".partial")
        with p.open(encoding="utf-8", errors="replace") as src, tmp.open("w") as dst:
            for n, line in enumerate(src, 1):
                if n not in drop:
                    dst.write(line)
        tmp.replace(out)
    return out
