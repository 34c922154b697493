"""The repository episode: file tools over an in-memory copy of the repository, tests in the
sandbox, and the state graders read (see notes/6.md for the field contract)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from veriloop.envs.base import ToolEpisode
from veriloop.envs.paths import clean_path
from veriloop.envs.repo.testing import format_run, run_pytest
from veriloop.sandbox import Limits, SandboxPool
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Task

MAX_FILE_CHARS = 200_000
MAX_FILES = 200


@dataclass
class RepoWork:
    """The episode's working copy and counters, changed by its tools (not handed out)."""

    initial_files: dict[str, str]
    files: dict[str, str]
    protected: tuple[str, ...]
    edits: int = 0
    steps: int = 0  # tool calls so far
    last_edit_step: int = -1
    last_test_step: int = -1
    submitted: bool = False
    test_runs: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class RepoState:
    """Everything a grader needs about the repository episode: a frozen snapshot."""

    initial_files: dict[str, str]
    files: dict[str, str]
    protected: tuple[str, ...]
    edits: int = 0
    steps: int = 0  # tool calls so far
    last_edit_step: int = -1
    last_test_step: int = -1
    submitted: bool = False
    test_runs: tuple[dict[str, Any], ...] = ()

    @property
    def verified_after_last_edit(self) -> bool:
        """`run_tests` ran after the last edit (trivially true if nothing was edited)."""
        return self.last_test_step > self.last_edit_step


def apply_edit(files: Mapping[str, str], path: str, search: str = "", replace: str = "",
               start_line: int | None = None, end_line: int | None = None
               ) -> tuple[dict[str, str], str]:
    """Apply one `edit_file` call to a copy of `files`; raises ValueError with advice."""
    path = clean_path(path)
    if not path:
        raise ValueError("give the path of a file")
    out = dict(files)
    if start_line is not None:
        if path not in out:
            raise ValueError(f"{path} does not exist; create it with an empty `search`")
        lines = out[path].splitlines(keepends=True)
        end = start_line if end_line is None else end_line
        if not 1 <= start_line <= len(lines) + 1 or not start_line - 1 <= end <= len(lines):
            raise ValueError(f"line range {start_line}-{end} is outside {path} "
                             f"({len(lines)} lines); use end_line = start_line - 1 to insert")
        new = replace if not replace or replace.endswith("\n") else replace + "\n"
        lines[start_line - 1:end] = [new] if new else []
        out[path] = "".join(lines)
        how = f"replaced lines {start_line}-{end}"
    elif search:
        if path not in out:
            raise ValueError(f"{path} does not exist; see list_files")
        n = out[path].count(search)
        if n != 1:
            raise ValueError(f"`search` occurs {n} times in {path}; it must occur exactly once "
                             "(add surrounding lines to make it unique)")
        out[path] = out[path].replace(search, replace, 1)
        how = "replaced 1 occurrence"
    else:
        if path in out:
            raise ValueError(f"{path} exists; give `search` text or a line range to edit it")
        parents = {"/".join(path.split("/")[:i]) for i in range(1, path.count("/") + 1)}
        if parents & set(out) or any(p.startswith(path + "/") for p in out):
            raise ValueError(f"{path} clashes with an existing file or directory")
        if len(out) >= MAX_FILES:
            raise ValueError(f"the repository may hold at most {MAX_FILES} files")
        out[path] = replace
        how = "created the file"
    if len(out[path]) > MAX_FILE_CHARS:
        raise ValueError(f"{path} would exceed {MAX_FILE_CHARS} characters")
    return out, f"{path}: {how}"


class RepoEpisode(ToolEpisode):
    """Tools: list_files, read_file, search, edit_file, run_tests, submit (ends the episode)."""

    def __init__(self, task: Task, pool: SandboxPool, limits: Limits,
                 max_output_chars: int = 4000) -> None:
        files = dict(task.metadata["files"])
        st = RepoWork(initial_files=dict(files), files=files,
                      protected=tuple(task.verification["protected"]))
        self.work = st

        def tick() -> int:
            st.steps += 1
            return st.steps

        @tool
        def list_files(path: str = "") -> str:
            """List the repository's files (optionally only those under a directory).

            Args:
                path: directory to list, relative to the repository root ("" for all)
            """
            tick()
            prefix = clean_path(path)
            names = [p for p in sorted(st.files) if not prefix or p == prefix
                     or p.startswith(prefix.rstrip("/") + "/")]
            return "\n".join(names) if names else f"no files under {path!r}"

        @tool
        def read_file(path: str, start_line: int = 1, end_line: int | None = None) -> str:
            """Show a file with line numbers.

            Args:
                path: file path relative to the repository root
                start_line: first line to show (1-based)
                end_line: last line to show (default: the end of the file)
            """
            tick()
            p = clean_path(path)
            if p not in st.files:
                raise ValueError(f"{path} does not exist; see list_files")
            lines = st.files[p].splitlines()
            end = len(lines) if end_line is None else min(end_line, len(lines))
            shown = [f"{i:4d} | {lines[i - 1]}" for i in range(max(start_line, 1), end + 1)]
            return "\n".join(shown) if shown else f"{p}: no lines in that range"

        @tool
        def search(pattern: str, path: str = "") -> str:
            """Find lines matching a regular expression in the repository's files.

            Args:
                pattern: Python regular expression (plain text works too)
                path: only search under this directory or file ("" for all)
            """
            tick()
            try:
                rx = re.compile(pattern)
            except re.error:
                rx = re.compile(re.escape(pattern))
            prefix = clean_path(path)
            hits = [f"{p}:{i}: {line.strip()}" for p, text in sorted(st.files.items())
                    if not prefix or p == prefix or p.startswith(prefix.rstrip("/") + "/")
                    for i, line in enumerate(text.splitlines(), 1) if rx.search(line)]
            return "\n".join(hits[:100]) if hits else "no matches"

        @tool
        def edit_file(path: str, search: str = "", replace: str = "",
                      start_line: int | None = None, end_line: int | None = None) -> str:
            """Edit a file: replace the unique occurrence of `search` by `replace`, or replace
            the lines start_line..end_line by `replace`, or (with empty `search`, no line range)
            create a new file containing `replace`.

            Args:
                path: file path relative to the repository root
                search: exact text to replace; must occur exactly once in the file
                replace: the new text
                start_line: first line (1-based) of the range to replace
                end_line: last line of the range (default start_line)
            """
            step = tick()
            st.files, message = apply_edit(st.files, path, search, replace, start_line,
                                           end_line)
            st.edits += 1
            st.last_edit_step = step
            return message

        @tool
        def run_tests(path: str = "") -> str:
            """Run the repository's tests with pytest and show the summary and failures.

            Args:
                path: a test file or test id to run ("" for the whole suite)
            """
            step = tick()
            run = run_pytest(pool, st.files, [clean_path(path)] if path.strip() else [],
                             limits=limits)
            st.last_test_step = step
            st.test_runs.append({"step": step, "passed": run.passed, "failed": run.failed,
                                 "errors": run.errors, "timed_out": run.result.timed_out})
            return format_run(run)

        @tool
        def submit() -> str:
            """Declare the bug fixed. The hidden tests then decide. Ends the episode."""
            tick()
            st.submitted = True
            return "Submitted."

        super().__init__(task, ToolRegistry(
            [list_files, read_file, search, edit_file, run_tests, submit],
            max_output_chars=max_output_chars),
            finish=lambda: "submitted" if st.submitted else None)

    @property
    def state(self) -> RepoState:
        values = {f.name: getattr(self.work, f.name) for f in fields(RepoWork)}
        return RepoState(**{**values, "initial_files": dict(self.work.initial_files),
                            "files": dict(self.work.files),
                            "test_runs": tuple(self.work.test_runs),
                            "submitted": self.work.submitted or self.final_answer is not None})
