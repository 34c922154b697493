"""Issue 43: the report always plots reward and pass rate, flat or not: a run that learned
nothing (zero at every step) must show its flat line, not lose the panel."""

import json
import re

from veriloop.eval.report import write_report

TITLE = "Reward and pass rate of the training rollouts"


def _figures(page):
    return re.findall(r"<figcaption>([^<]*)</figcaption>", page)


def test_a_run_that_never_scored_still_plots_reward_and_pass_rate(tmp_path):
    rows = [{"step": s, "reward": 0.0, "pass_rate": 0.0, "kl": 0.0, "entropy": 1.0}
            for s in range(1, 5)]
    (tmp_path / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    figures = _figures(write_report(tmp_path).read_text())
    assert TITLE in figures
    assert "Clipping and KL" not in figures  # other all-zero series still stay out


def test_a_run_without_rollout_metrics_has_no_reward_panel(tmp_path):
    rows = [{"step": s, "loss": 3.0 / s} for s in range(1, 4)]  # SFT: no reward at all
    (tmp_path / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert TITLE not in _figures(write_report(tmp_path).read_text())
