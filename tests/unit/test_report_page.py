"""report.html is readable: labelled, rounded summary values (no dict dumps), titled plots
without empty panels, value labels on bars, the accuracy-versus-N section, grade components,
sample trajectories linking into the viewer, and the config."""

import json
import re
import sys
from pathlib import Path

from veriloop.eval.report import flatten, label, value, write_report

sys.path.insert(0, str(Path(__file__).parents[1] / "viewer"))
from viewer_run import make_run


def test_labels_and_values():
    assert label("wall_time_s") == "wall time (s)"
    assert label("env_seconds") == "env (s)"
    assert label("rl_heldout_pass@1") == "held-out pass@1 after RL"
    assert value(0.123456) == "0.123" and value(12345.6) == "12,346" and value(True) == "yes"
    assert flatten({"a_b": {"pass@1": 0.5, "c": {"d": 1}}}) == [("a b · pass@1", 0.5),
                                                               ("a b · c · d", 1)]


def _figures(page):
    return re.findall(r"<figcaption>([^<]*)</figcaption>", page)


def test_report_of_a_training_run(tmp_path):
    run = make_run(tmp_path)
    rows = [{"step": s, "reward": 0.2 * s, "pass_rate": 0.1 * s, "kl": 0.0, "clip_low_frac": 0.0,
             "clip_high_frac": 0.0, "entropy": 1.0 / s} for s in range(1, 5)]
    rows[0].update({"eval/pass@1": 0.25, "eval/score": 0.3})
    rows[-1].update({"eval/pass@1": 0.75, "eval/score": 0.8})
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (run / "config.yaml").write_text("kind: rl\noptim:\n  lr: 0.0001\n")
    page = write_report(run, summary={"wall_time_s": 12.345678, "timings_s": {"sft_s": 3.0}})\
        .read_text()
    assert "wall time (s)</td><td class='num'>12.346" in page
    assert "timings · sft (s)" in page  # the unit once, with the value and "{" not in page.split("<h2>Summary")[1][:2000]
    # KL and clipping are zero at every step: no panel for them
    assert "Clipping and KL" not in _figures(page)
    assert {"Reward and pass rate of the training rollouts", "Policy entropy",
            "Held-out evaluation"} <= set(_figures(page))
    held = page[page.index("<h2>Held-out evaluation</h2>"):]
    assert re.findall(r"<tr><td class='num'>(\d+)</td>", held[:held.index("</table>")]) == \
        ["1", "4"]
    # the store's grade components at the first and last step, and links into the viewer
    assert "<h2>Grade components</h2>" in page and "step 1</th><th>step 2" in page
    assert re.search(r"http://127\.0\.0\.1:8765/run/[^/]+/t/\w+", page)
    assert "veriloop view" in page
    assert "lr: 0.0001" in page  # the config


def test_report_of_an_sft_run_plots_its_loss(tmp_path):
    rows = [{"step": s, "loss": 3.0 / s, "grad_norm": 1.0, "tokens": 8000} for s in range(1, 6)]
    (tmp_path / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    page = write_report(tmp_path).read_text()
    assert _figures(page) == ["Training loss and gradient norm"]


def test_report_before_after_and_scaling(tmp_path):
    before = {"sampled": {"pass_at": {"pass@1": 0.4, "pass@4": 0.7}}, "greedy_accuracy": 0.8}
    after = {"sampled": {"pass_at": {"pass@1": 0.9, "pass@4": 0.95}}, "greedy_accuracy": 0.9}
    inference = {"method": "majority", "tasks": 5, "curve": [
        {"n": 1, "accuracy": 0.4, "tokens_per_task": 100.0},
        {"n": 4, "accuracy": 0.8, "tokens_per_task": 400.0}]}
    page = write_report(tmp_path, summary={"inference": inference}, before=before,
                        after=after).read_text()
    assert "<h2>Summary</h2>" not in page  # nothing left to summarise: no empty section
    assert "Held-out pass@k before and after" in _figures(page)
    # change column: 0.9 - 0.4
    assert "<td>pass@1</td><td class='num'>0.400</td><td class='num'>0.900</td>" \
           "<td class='num'>0.500</td>" in page
    assert "Accuracy (left) and token cost (right) versus N" in _figures(page)
    assert "<td class='num'>4</td><td class='num'>0.800</td>" in page


def test_benchmark_tables_by_category_and_stage(tmp_path):
    benches = {"irr": {"irrelevance": {"base": 0.5, "sft": 0.25, "rl": 1.0},
                       "all": {"base": 0.5, "sft": 0.25, "rl": 1.0}}}
    page = write_report(tmp_path, summary={"benchmarks": benches, "rl_steps": 3}).read_text()
    assert "<h2>Benchmark: irr (success rate, greedy)</h2>" in page
    assert "<th>category</th><th>base</th><th>sft</th><th>rl</th>" in page
    assert "<td>irrelevance</td><td class='num'>0.500</td><td class='num'>0.250</td>" in page
    assert "benchmarks" not in page.split("<h2>Summary</h2>")[1].split("</table>")[0]
