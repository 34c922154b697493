"""Issue 17.5: the progress bars fit an 80-column terminal without wrapping the headline numbers
off (the reward stays visible), evaluations count their episodes, and `--json` keeps the bar on
stderr and stdout to the JSON summary."""

import io
import json

import pytest
from rich.console import Console

from veriloop.cli import app
from veriloop.progress import counting, progress_bar
from veriloop.trainers.metrics import headline

METRICS = {"reward": 0.51234, "pass_rate": 0.25, "entropy": 1.2345, "kl": 0.012345,
           "seconds": 12.5, "loss": 3.0}


def render(width, description, info=None, total=1000, completed=999):
    console = Console(file=io.StringIO(), width=width, force_terminal=False)
    progress = progress_bar(console, info=info is not None)
    progress.add_task(description, total=total, completed=completed, info=info or "")
    console.print(progress.get_renderable())
    return console.file.getvalue().splitlines()


@pytest.mark.parametrize("description", ["rl", "sft", "a-run-with-a-very-long-description"])
def test_training_bar_fits_80_columns_with_the_reward_visible(description):
    (line,) = render(80, description, headline(METRICS))
    assert len(line) <= 80
    assert "reward 0.512" in line
    assert "999/1000" in line and "━" in line  # neither the bar nor the count squeezed away
    if len(description) <= 24:  # a trainer's own description: the second number fits too
        assert description in line and "pass_rate 0.25" in line


def test_a_wide_terminal_shows_every_headline_number_and_the_time_remaining():
    (line,) = render(140, "rl", headline(METRICS))
    assert len(line) <= 140
    assert line.rstrip().endswith("reward 0.512  pass_rate 0.25  entropy 1.23  kl 0.0123  "
                                  "seconds 12.5")
    assert line.count(":") == 4  # elapsed and remaining times


def test_rollout_bar_fits_80_columns():
    (line,) = render(80, "bfcl · /models/some/long/checkpoint/path/final", total=400,
                     completed=37)
    assert len(line) <= 80 and "37/400" in line and "bfcl" in line


def test_an_evaluation_counts_its_episodes_on_the_running_bar():
    progress = progress_bar(Console(file=io.StringIO(), width=80), info=True)
    progress.add_task("rl", total=10, info="")
    with counting(progress, "eval", 4) as tick:
        for _ in range(3):
            tick(object())
        (task,) = [t for t in progress.tasks if t.description == "eval"]
        assert (task.completed, task.total) == (3, 4)
    assert [t.description for t in progress.tasks] == ["rl"]
    with counting(None, "eval", 4) as tick:
        assert tick is None


def test_eval_json_keeps_the_bar_on_stderr(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich's switch: stderr counts as a terminal
    monkeypatch.setenv("TTY_INTERACTIVE", "1")
    with pytest.raises(SystemExit) as exit_:
        app(args=["eval", "--env", "arithmetic", "--policy", "expert", "--tasks", "3", "--json",
                  "--out", str(tmp_path / "eval")], prog_name="veriloop")
    assert exit_.value.code in (0, None)
    out, err = capsys.readouterr()
    assert json.loads(out)["tasks"] == 3 and out.count("\n") == 1
    assert "3/3" in err and "arithmetic" in err
