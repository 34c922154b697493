"""Progress bars on stderr that stay readable in an 80-column terminal.

One layout for every bar (training steps, rollouts, evaluations): the description (cut at 24
characters), a 16-character bar, done/total and the elapsed time; the time remaining only where
the terminal is at least 100 columns wide; then, for training, the headline numbers on the same
line, cut with an ellipsis at the right edge instead of wrapped, so the first of them (the
reward) stays visible. Bars draw only when stderr is a terminal, `--json` or not: a command's
stdout carries its result alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

WIDE = 100
"""Terminals at least this wide also show the time remaining."""


def progress_bar(console: Console | None = None, *, info: bool = False,
                 disable: bool = False) -> Progress:
    """A bar on `console` (default: stderr); with `info`, a last column shows the task's `info`
    field (e.g. the headline metrics)."""
    console = console or Console(stderr=True)
    columns: list[ProgressColumn] = [
        TextColumn("[bold]{task.description}", table_column=Column(
            max_width=24, no_wrap=True, overflow="ellipsis")),
        BarColumn(bar_width=16), MofNCompleteColumn(), TimeElapsedColumn()]
    if console.width >= WIDE:
        columns.append(TimeRemainingColumn())
    if info:
        columns.append(_Info())
    return Progress(*columns, console=console, disable=disable)


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
def episodes(description: str, total: int | None,
             enabled: bool) -> Iterator[Callable[[Any], None] | None]:
    """`counting` on a bar of its own on stderr (for an evaluation outside a training bar)."""
    if not enabled:
        yield None
        return
    with progress_bar() as progress, counting(progress, description, total) as tick:
        yield tick


def on_terminal() -> bool:
    """Whether stderr is a terminal (where bars draw)."""
    return Console(stderr=True).is_terminal
