"""Progress bars on stderr that stay readable in an 80-column terminal.

One layout for every bar (training steps, rollouts, evaluations): the description (cut at 24
characters), a 16-character bar, done/total and the elapsed time; the time remaining only where
the terminal is at least 100 columns wide; then, for training, the headline numbers on the same
line, cut with an ellipsis at the right edge instead of wrapped, so the first of them (the
reward) stays visible. Bars draw on stderr, `--json` or not: a command's stdout carries its
result alone.

Where stderr is not an interactive terminal (a CI log, `nohup`, a notebook, a pipe, TERM=dumb)
a live bar would show nothing until the end, so `progress_bar` returns a `PlainProgress`
instead (rich's TTY_COMPATIBLE / TTY_INTERACTIVE variables override the detection): a
background thread prints each task as one plain line every `VERILOOP_PROGRESS_INTERVAL`
seconds (default 30), whether or not a step finished meanwhile (one SFT epoch or one rollout
wave can take longer than that), and once more when the bar stops, so a log ends with where
each task got to:

    2026-11-28T02:10:31Z progress rl 3/20 0.21/s eta 0:01:21 | reward 0.5  pass_rate 0.25
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

from veriloop.errors import UserError

WIDE = 100
"""Terminals at least this wide also show the time remaining."""

INTERVAL_VAR = "VERILOOP_PROGRESS_INTERVAL"
"""Seconds between plain progress lines where stderr is not a terminal (default 30)."""


def progress_bar(console: Console | None = None, *, info: bool = False,
                 disable: bool = False) -> Progress:
    """A bar on `console` (default: stderr); with `info`, a last column shows the task's `info`
    field (e.g. the headline metrics). Off a terminal, a `PlainProgress` (lines, not a bar);
    `disable`: nothing shown at all (tasks are still counted)."""
    console = console or Console(stderr=True)
    columns: list[ProgressColumn] = [
        TextColumn("[bold]{task.description}", table_column=Column(
            max_width=24, no_wrap=True, overflow="ellipsis")),
        BarColumn(bar_width=16), MofNCompleteColumn(), TimeElapsedColumn()]
    if console.width >= WIDE:
        columns.append(TimeRemainingColumn())
    if info:
        columns.append(_Info())
    if not disable and not console.is_interactive:
        return PlainProgress(*columns, console=console, interval=interval())
    return Progress(*columns, console=console, disable=disable)


def interval() -> float:
    """`VERILOOP_PROGRESS_INTERVAL` in seconds (default 30); a user error if not positive."""
    raw = os.environ.get(INTERVAL_VAR, "30")
    try:
        seconds = float(raw)
    except ValueError:
        seconds = 0.0
    if not seconds > 0 or seconds == float("inf"):
        raise UserError(f"{INTERVAL_VAR}={raw!r} is not a number of seconds above 0; set it "
                        f"to e.g. 30 (or unset it)")
    return seconds


class PlainProgress(Progress):
    """rich's `Progress` bookkeeping without its live display: between `start()` and `stop()` a
    daemon thread prints `line(task)` for every task each `interval` seconds, on a timer rather
    than on step boundaries, so a log shows the run is alive even inside one long step."""

    def __init__(self, *columns: ProgressColumn, console: Console, interval: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """`clock`: seconds for the rates (a test passes a simulated one)."""
        super().__init__(*columns, console=console, disable=True)
        self.interval = interval
        self.clock = clock
        self._beat = threading.Event()
        self._thread: threading.Thread | None = None
        self._first: dict[int, tuple[float, float]] = {}  # task id -> (completed, time) added

    def add_task(self, description: str, start: bool = True, total: float | None = 100.0,
                 completed: int = 0, visible: bool = True, **fields: Any) -> TaskID:
        task = super().add_task(description, start, total, completed, visible, **fields)
        self._first[int(task)] = (completed, self.clock())
        return task

    def start(self) -> None:
        if self._thread is None:
            self._beat.clear()
            self._thread = threading.Thread(target=self._run, name="progress-lines",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop the timer and print each task's last line: a log ends with where every task got
        to, however short the run was next to the interval."""
        if self._thread is not None:
            self._beat.set()
            self._thread.join()
            self._thread = None
            try:
                self.print_lines()
            except (OSError, ValueError):  # stderr already closed
                pass

    def _run(self) -> None:
        while not self._beat.wait(self.interval):
            try:
                self.print_lines()
            except (OSError, ValueError):  # stderr closed (the reader went away): stop quietly
                return

    def print_lines(self) -> None:
        """One line per task now, on the console's file (stderr), flushed at once."""
        out = self.console.file
        for task in self.tasks:
            out.write(self.line(task) + "\n")
        out.flush()

    def line(self, task: Task) -> str:
        """`<UTC time> progress <phase> <done>/<total> <rate>/s eta <h:mm:ss> | <info>`: the
        rate counts what finished since the task was added (a resumed run's earlier steps are
        not in it); `?` where a rate or the remaining time is not known yet, or where the task
        counts unlike things (a field `rate=False`: e.g. stages of different lengths)."""
        now = self.clock()
        first = self._first.get(int(task.id), (task.completed, now))
        done, elapsed = task.completed - first[0], now - first[1]
        timed = task.fields.get("rate", True) and done > 0 and elapsed > 0
        rate = done / elapsed if timed else None
        total = "?" if task.total is None else f"{task.total:g}"
        eta = "?"
        if rate and task.total is not None:
            eta = str(timedelta(seconds=round(max(task.total - task.completed, 0) / rate)))
        info = task.fields.get("info") or ""
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        return (f"{stamp} progress {task.description} {task.completed:g}/{total} "
                f"{'?' if rate is None else f'{rate:.3g}'}/s eta {eta}"
                + (f" | {info}" if info else ""))


class _Info(ProgressColumn):
    """The task's `info` field on one line. The column may shrink (rich narrows shrinkable
    columns before it squeezes the others), the text never wraps: it ends in an ellipsis."""

    def __init__(self) -> None:
        super().__init__(table_column=Column(no_wrap=False))

    def render(self, task: Task) -> Text:
        return Text(task.fields.get("info", ""), no_wrap=True, overflow="ellipsis")


@contextmanager
def counting(progress: Progress | None, description: str,
             total: int | None) -> Iterator[Callable[[Any], None] | None]:
    """A task on the running `progress` that counts finished episodes while the block runs:
    yields the `on_trajectory` callback for a rollout runner (None without a progress)."""
    if progress is None:
        yield None
        return
    task = progress.add_task(description, total=total, info="")
    try:
        yield lambda _trajectory: progress.advance(task)
    finally:
        progress.remove_task(task)


@contextmanager
def heartbeat(description: str, enabled: bool = True) -> Iterator[None]:
    """Off a terminal, a line every interval naming `description` while the block runs: for
    work without a count of its own (loading a model, a trainer's setup) that would otherwise
    leave a log silent; nothing on a terminal or when not `enabled`."""
    if not enabled or on_terminal():
        yield
        return
    with progress_bar() as progress:
        progress.add_task(description, total=None, rate=False)
        yield


@contextmanager
def episodes(description: str, total: int | None,
             enabled: bool) -> Iterator[Callable[[Any], None] | None]:
    """`counting` on a bar of its own on stderr (for an evaluation outside a training bar)."""
    if not enabled:
        yield None
        return
    with progress_bar() as progress, counting(progress, description, total) as tick:
        yield tick


def on_terminal() -> bool:
    """Whether stderr is an interactive terminal (where bars draw, not plain lines)."""
    return Console(stderr=True).is_interactive
