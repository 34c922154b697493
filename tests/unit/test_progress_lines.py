"""Issue 43: off a terminal (CI logs, nohup, notebooks, pipes) progress is a plain line per task
every VERILOOP_PROGRESS_INTERVAL seconds, printed by a timer even while no step finishes; on a
terminal the rich bar stays. No assertion depends on how fast this machine is: lines are waited
for with a generous deadline, and their content is checked at fixed simulated times."""

import io
import re
import time

import pytest
from rich.console import Console

from veriloop.errors import UserError
from veriloop.progress import INTERVAL_VAR, PlainProgress, heartbeat, interval, progress_bar
from veriloop.trainers.metrics import headline

LINE = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) progress (.+?) (\d+)/(\d+|\?) "
                  r"(\S+)/s eta (\S+)(?: \| (.*))?$")


def pipe() -> Console:
    return Console(file=io.StringIO(), width=80, force_terminal=False)


def test_off_a_terminal_the_bar_is_plain_lines_and_on_one_a_rich_bar(monkeypatch):
    monkeypatch.setenv(INTERVAL_VAR, "7.5")
    plain = progress_bar(pipe(), info=True)
    assert isinstance(plain, PlainProgress) and plain.interval == 7.5
    tty = progress_bar(Console(file=io.StringIO(), width=80, force_terminal=True,
                               force_interactive=True))
    assert not isinstance(tty, PlainProgress) and not tty.disable
    assert not isinstance(progress_bar(pipe(), disable=True), PlainProgress)


def test_a_line_has_phase_count_rate_eta_and_the_last_metrics():
    now = [1000.0]
    progress = PlainProgress(console=pipe(), interval=30, clock=lambda: now[0])
    task = progress.add_task("rl", total=20, completed=4, info="reward 0.5  pass_rate 0.25")
    now[0] += 12.0
    progress.update(task, completed=10)  # 6 steps since it was added (a resume's 4 don't count)
    line = progress.line(progress.tasks[0])
    m = LINE.match(line)
    assert m, line
    assert m.group(2, 3, 4) == ("rl", "10", "20")
    assert float(m.group(5)) == pytest.approx(0.5)  # 6 steps in 12 s
    assert m.group(6) == "0:00:20"  # 10 steps left at 0.5/s
    assert m.group(7) == "reward 0.5  pass_rate 0.25"


def test_before_the_first_step_or_for_unlike_steps_rate_and_eta_are_unknown():
    now = [0.0]
    progress = PlainProgress(console=pipe(), interval=30, clock=lambda: now[0])
    progress.add_task("eval", total=None)
    stages = progress.add_task("quickstart rl", total=6, rate=False)
    now[0] += 10
    progress.update(stages, completed=3)
    first, second = (LINE.match(progress.line(t)) for t in progress.tasks)
    assert first and first.group(3, 4, 5, 6, 7) == ("0", "?", "?", "?", None)
    assert second and second.group(2, 3, 4, 5, 6) == ("quickstart rl", "3", "6", "?", "?")


def test_a_line_without_a_reward_leads_with_the_loss():
    assert headline({"loss": 2.5, "seconds": 1.25, "tokens": 900}) == "loss 2.5  seconds 1.25"


def test_lines_come_from_a_timer_while_a_step_runs_longer_than_the_interval():
    console = pipe()
    progress = PlainProgress(console=console, interval=0.05)
    with progress:
        progress.add_task("sft", total=3)
        deadline = time.monotonic() + 120  # generous: only a stuck timer fails this
        while console.file.getvalue().count("\n") < 3 and time.monotonic() < deadline:
            time.sleep(0.02)  # the "step" has not finished: nothing advances the task
    lines = console.file.getvalue().splitlines()
    assert len(lines) >= 4  # 3 from the timer, the last one when the block ends
    assert all(LINE.match(x) and " sft 0/3 " in x for x in lines)
    after = len(console.file.getvalue())
    time.sleep(0.2)
    assert len(console.file.getvalue()) == after  # stopped with the block


def test_a_run_shorter_than_the_interval_still_ends_its_log_with_each_task_last_line():
    """Regression (CI, stop 60): a fast machine finished a shrunk quickstart in under 3
    intervals, and its log never showed where the tasks ended."""
    console = pipe()
    with PlainProgress(console=console, interval=3600) as progress:
        sft = progress.add_task("sft", total=3)
        progress.add_task("eval", total=None)
        progress.update(sft, completed=3, info="loss 1.5")
    lines = console.file.getvalue().splitlines()
    assert len(lines) == 2, lines  # no timer tick in an hour-long interval: the stop's lines
    first, second = (LINE.match(x) for x in lines)
    assert first and first.group(2, 3, 4, 7) == ("sft", "3", "3", "loss 1.5")
    assert second and second.group(2, 3, 4) == ("eval", "0", "?")


def test_a_heartbeat_names_work_that_has_no_count(monkeypatch, capsys):
    monkeypatch.setenv(INTERVAL_VAR, "0.05")
    with heartbeat("rl setup", enabled=False):
        time.sleep(0.2)
    assert capsys.readouterr().err == ""
    seen = ""
    with heartbeat("rl setup"):
        deadline = time.monotonic() + 120  # generous: only a stuck timer fails this
        while seen.count("\n") < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
            seen += capsys.readouterr().err
    lines = seen.splitlines()
    assert len(lines) >= 2
    assert all(LINE.match(x) and " rl setup 0/? ?/s eta ?" in x for x in lines), lines


@pytest.mark.parametrize("raw", ["0", "-3", "soon", "inf", "nan"])
def test_a_bad_interval_is_a_user_error_saying_what_to_set(monkeypatch, raw):
    monkeypatch.setenv(INTERVAL_VAR, raw)
    with pytest.raises(UserError, match=f"{INTERVAL_VAR}=.*e.g. 30"):
        interval()


def test_the_interval_defaults_to_30_seconds(monkeypatch):
    monkeypatch.delenv(INTERVAL_VAR, raising=False)
    assert interval() == 30.0
