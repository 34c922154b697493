"""`report.html`: one self-contained page per run (plots embedded as PNG data URIs).

Plots: reward and pass rate over RL steps, entropy, response length and turns, the SFT loss,
held-out pass@k before (SFT) and after RL, and held-out completion by level with the
curriculum's level. A table lists the agent metrics (`veriloop.eval.metrics.workspace_metrics`)
of each held-out evaluation when the run's environment provides them. Any metrics file that is
missing is skipped, so the same writer serves SFT-only and RL-only runs.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from veriloop.trainers.metrics import read_metrics


def _png(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _series(rows: Sequence[Mapping[str, Any]], key: str) -> tuple[list[int], list[float]]:
    pts = [(r["step"], float(r[key])) for r in rows if isinstance(r.get(key), (int, float))]
    return [p[0] for p in pts], [p[1] for p in pts]


def _line_plot(rows: Sequence[Mapping[str, Any]], keys: Sequence[str], title: str) -> str | None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series = [(k, *_series(rows, k)) for k in keys]
    series = [s for s in series if s[1]]
    if not series:
        return None
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    for k, xs, ys in series:
        ax.plot(xs, ys, marker=".", label=k)
    ax.set_xlabel("step")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend()
    return _png(fig)


def _passk_plot(before: Mapping[str, float], after: Mapping[str, float]) -> str | None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = [k for k in before if k in after]
    if not keys:
        return None
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    x = range(len(keys))
    ax.bar([i - 0.2 for i in x], [before[k] for k in keys], width=0.4, label="SFT")
    ax.bar([i + 0.2 for i in x], [after[k] for k in keys], width=0.4, label="after RL")
    ax.set_xticks(list(x), keys)
    ax.set_ylim(0, 1)
    ax.set_title("held-out pass@k")
    ax.legend()
    return _png(fig)


def _agent_order(key: str) -> tuple[int, str]:
    """Completion per level first (in level order), then the other agent metrics by name."""
    return (0, key) if "/completion_L" in key else (1, key)


def _benchmark_tables(benches: Mapping[str, Mapping[str, Mapping[str, float]]]) -> list[str]:
    """One table per benchmark: success rate by category (rows) and stage (columns)."""
    parts: list[str] = []
    for label, rows in benches.items():
        stages = [s for s in ("base", "sft", "rl") if any(s in r for r in rows.values())]
        parts.append(f"<h2>Benchmark: {html.escape(label)} (success rate, greedy)</h2><table>"
                     "<tr><th>category</th>" + "".join(
                         f"<th>{html.escape(s)}</th>" for s in stages) + "</tr>")
        for cat, by_stage in rows.items():
            cells = "".join(f"<td>{by_stage[s]:.3f}</td>" if s in by_stage else "<td></td>"
                            for s in stages)
            parts.append(f"<tr><td>{html.escape(cat)}</td>{cells}</tr>")
        parts.append("</table>")
    return parts


def write_report(run_dir: str | Path, summary: Mapping[str, Any] | None = None,
                 before: Mapping[str, Any] | None = None, after: Mapping[str, Any] | None = None,
                 metrics_path: str | Path | None = None,
                 sft_metrics_path: str | Path | None = None) -> Path:
    """Write `run_dir/report.html`; returns its path."""
    root = Path(run_dir)
    rl_rows = read_metrics(metrics_path or root / "metrics.jsonl")
    sft_rows = read_metrics(sft_metrics_path) if sft_metrics_path else []
    figures: list[tuple[str, str | None]] = [
        ("Reward and pass rate", _line_plot(rl_rows, ["reward", "pass_rate"], "reward / pass rate")),
        ("Entropy", _line_plot(rl_rows, ["entropy"], "policy entropy (nats/token)")),
        ("Length", _line_plot(rl_rows, ["response_tokens"], "policy tokens per episode")),
        ("Turns and format", _line_plot(rl_rows, ["turns", "format_violations"],
                                        "turns / format violations per episode")),
        ("Clipping and KL", _line_plot(rl_rows, ["clip_low_frac", "clip_high_frac", "kl"],
                                       "clip fractions / KL")),
        ("Held-out evaluation", _line_plot(rl_rows, ["eval/pass@1", "eval/score"],
                                           "held-out pass@1 / score")),
        ("Agent metrics", _line_plot(rl_rows, sorted(
            k for k in {k for r in rl_rows for k in r}
            if k.startswith("eval/workspace/completion_") or k == "curriculum/level"),
            "held-out completion by level / curriculum level")),
        ("Grade flags", _line_plot(rl_rows, sorted({k for r in rl_rows for k in r
                                                    if k.startswith("flags/")}),
                                   "share of rollouts flagged")),
        ("SFT loss", _line_plot(sft_rows, ["loss"], "SFT cross-entropy")),
    ]
    if before and after:
        figures.append(("Held-out pass@k", _passk_plot(before["sampled"]["pass_at"],
                                                       after["sampled"]["pass_at"])))
    parts = ["<!doctype html><meta charset='utf-8'><title>veriloop report</title>",
             ("<style>body{font-family:sans-serif;max-width:1200px;margin:2em auto}"
              "img{margin:.5em;border:1px solid #ddd}table{border-collapse:collapse}"
              "td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}</style>"),
             f"<h1>veriloop run: {html.escape(root.name)}</h1>"]
    if summary:
        parts.append("<h2>Summary</h2><table>")
        for k, v in summary.items():
            if k == "benchmarks":
                continue  # its own table below
            shown = json.dumps(v) if isinstance(v, (dict, list)) else (
                f"{v:.4g}" if isinstance(v, float) else str(v))
            parts.append(f"<tr><th>{html.escape(k)}</th><td>{html.escape(shown)}</td></tr>")
        parts.append("</table>")
    parts.extend(_benchmark_tables((summary or {}).get("benchmarks") or {}))
    evals = [r for r in rl_rows if "eval/pass@1" in r]
    if evals:
        keys = ["eval/pass@1", "eval/score", "eval/format_violation_rate",
                *sorted({k for r in evals for k in r if k.startswith("eval/flags/")})]
        parts.append("<h2>Held-out evaluation</h2><table><tr><th>step</th>"
                     + "".join(f"<th>{html.escape(k[5:])}</th>" for k in keys) + "</tr>")
        for r in evals:
            cells = "".join(f"<td>{r[k]:.4g}</td>" if isinstance(r.get(k), (int, float))
                            else "<td></td>" for k in keys)
            parts.append(f"<tr><td>{r['step']}</td>{cells}</tr>")
        parts.append("</table>")
    agent = [r for r in rl_rows if any(k.startswith("eval/workspace/") for k in r)]
    if agent:
        keys = sorted({k for r in agent for k in r if k.startswith("eval/workspace/")},
                      key=_agent_order)
        parts.append("<h2>Agent metrics (held-out)</h2><table><tr><th>step</th>"
                     + "".join(f"<th>{html.escape(k[15:])}</th>" for k in keys) + "</tr>")
        for r in agent:
            cells = "".join(f"<td>{r[k]:.4g}</td>" if isinstance(r.get(k), (int, float))
                            else "<td></td>" for k in keys)
            parts.append(f"<tr><td>{r['step']}</td>{cells}</tr>")
        parts.append("</table>")
    parts.append("<h2>Plots</h2>")
    for title, uri in figures:
        if uri:
            parts.append(f"<figure style='display:inline-block'><img src='{uri}' alt='{title}'>"
                         f"<figcaption>{html.escape(title)}</figcaption></figure>")
    out = root / "report.html"
    out.write_text("\n".join(parts))
    return out
