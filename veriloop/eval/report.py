"""`report.html`: one self-contained, readable page per run (plots embedded as PNG data URIs,
see `report_plots`).

Sections, each present only when the run has its data: summary numbers as a table of labelled,
rounded values; held-out evaluation before and after training; accuracy versus N of an
inference-time scaling evaluation; training curves (reward and pass rate, entropy, length,
turns and format, clipping and KL, held-out metrics, agent metrics, grade flags, SFT loss);
the mean of every grade component (custom graders' included) at the first and last step; a
few sample trajectories with links into `veriloop view`; the run's config. `veriloop train`,
the quickstart and `veriloop eval --inference` all write it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from veriloop.data.store import TrajectoryStore
from veriloop.eval import report_plots as plots
from veriloop.viewer.queries import connect, read_metrics_file, run_name, steps

CSS = """body{font-family:system-ui,sans-serif;max-width:1200px;margin:2em auto;color:#1d2330;
padding:0 1em}h2{margin-top:1.6em;border-bottom:1px solid #e5e7eb;padding-bottom:.2em}
table{border-collapse:collapse;margin:.5em 0;border-radius:8px;overflow:hidden;
box-shadow:0 1px 3px #0002}caption{text-align:left;font-weight:600;padding:.3em 0}
td,th{padding:.35em .8em;border-bottom:1px solid #eee;text-align:left;font-size:14px}
th{background:#eef1f5}td.num{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:1em 0}img{max-width:100%}figcaption{color:#555;font-size:13px}
pre{background:#f6f7f9;padding:1em;border-radius:8px;overflow-x:auto;font-size:12px}
.pass{color:#137333}.fail{color:#b3261e}"""

LABELS = {
    "sft_heldout_pass@1": "held-out pass@1 after SFT", "rl_heldout_pass@1":
    "held-out pass@1 after RL", "improvement_points": "improvement (percentage points)",
    "sft_greedy_accuracy": "greedy accuracy after SFT", "rl_greedy_accuracy":
    "greedy accuracy after RL", "heldout_tasks": "held-out tasks", "eval_samples_per_task":
    "samples per held-out task", "eval_temperature": "evaluation temperature", "rl_steps":
    "RL steps", "wall_time_s": "wall time (s)", "wall_seconds": "wall time (s)",
}
VIEW_PORT = 8765


def label(key: str) -> str:
    if key in LABELS:
        return LABELS[key]
    text = key.replace("_", " ")
    for suffix, unit in ((" s", " (s)"), (" seconds", " (s)")):
        if text.endswith(suffix):
            text = text[: -len(suffix)] + unit
    return text


def value(v: Any) -> str:
    if isinstance(v, bool) or v is None:
        return {True: "yes", False: "no", None: "–"}[v]
    if isinstance(v, float):
        return f"{v:.3f}" if abs(v) < 1000 else f"{v:,.0f}"
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, list | tuple):
        return ", ".join(value(x) for x in v[:8]) + (" …" if len(v) > 8 else "")
    return str(v)


def flatten(d: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Nested summaries as (label, value) rows: `a: {b: 1}` becomes ("a · b", 1)."""
    rows: list[tuple[str, Any]] = []
    for k, v in d.items():
        name = f"{prefix} · {label(k)}" if prefix else label(k)
        if isinstance(v, Mapping):  # the unit goes with the values: "timings · sft (s)"
            rows += flatten(v, name.removesuffix(" (s)"))
        else:
            rows.append((name, v))
    return rows


def table(caption: str, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(
        f"<td class='num'>{html.escape(value(c))}</td>" if isinstance(c, int | float)
        and not isinstance(c, bool) else f"<td>{c if isinstance(c, Raw) else html.escape(value(c))}"
        "</td>" for c in r) + "</tr>" for r in rows)
    return (f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


class Raw(str):
    """A table cell that is already HTML."""


def figure(uri: str | None, caption: str) -> str:
    if not uri:
        return ""
    return (f"<figure><img src='{uri}' alt='{html.escape(caption)}'><figcaption>"
            f"{html.escape(caption)}</figcaption></figure>")


def curves(rl_rows: list[dict[str, Any]], sft_rows: list[dict[str, Any]]) -> list[str]:
    keys = {k for r in rl_rows for k in r}
    agent = sorted(k for k in keys if k.startswith("eval/workspace/completion_")
                   or k == "curriculum/level")
    specs = [
        (["reward", "pass_rate"], "Reward and pass rate of the training rollouts",
         "reward / share passed"),
        (["entropy"], "Policy entropy", "nats per token"),
        (["response_tokens"], "Response length", "policy tokens per episode"),
        (["turns", "format_violations"], "Turns and format violations", "per episode"),
        (["clip_low_frac", "clip_high_frac", "kl"], "Clipping and KL",
         "share of tokens clipped / KL (nats)"),
        (["eval/pass@1", "eval/score"], "Held-out evaluation", "pass@1 / mean score"),
        (agent, "Held-out completion by level and curriculum level", "share / level"),
        (sorted(k for k in keys if k.startswith("flags/")), "Rollouts flagged by graders",
         "share of rollouts"),
        (["loss", "grad_norm"], "Training loss and gradient norm",
         "loss (SFT: cross-entropy, nats per token) / gradient norm"),
    ]
    always = ("reward", "pass_rate")  # flat or not: a run that learned nothing shows it
    out = [figure(plots.line_plot(rl_rows, k, t, y, keep=always), t) for k, t, y in specs]
    out.append(figure(plots.line_plot(sft_rows, ["loss"], "SFT loss", "cross-entropy (nats "
                                      "per token)"), "SFT loss"))
    return [f for f in out if f]


def _store_path(root: Path, metrics_path: Path | None) -> Path | None:
    for d in ((metrics_path.parent,) if metrics_path else ()) + (root,):
        if (d / "trajectories.sqlite").exists():
            return d / "trajectories.sqlite"
    return None


def store_sections(store_path: Path, root: Path) -> list[str]:
    """Grade components at the first and last step, and sample trajectories with viewer links."""
    db = connect(store_path.parent)
    stepped = [s["step"] for s in steps(db) if s["step"] is not None] if db else []
    if db:
        db.close()
    with TrajectoryStore(store_path) as store:
        if stepped:
            columns = {f"step {stepped[0]}": store.query(step=stepped[0], limit=2000),
                       f"step {stepped[-1]}": store.query(step=stepped[-1], limit=2000)}
        else:
            columns = {"all trajectories": store.query(limit=2000)}
    graded = {k: [t for t in v if t.grade is not None] for k, v in columns.items()}
    trajs = graded[list(graded)[-1]]
    if not trajs:
        return []
    out = []
    comps = sorted({k for ts in graded.values() for t in ts for k in t.grade.components})
    if comps:
        rows = [(c, *(sum(t.grade.components.get(c, 0.0) for t in ts) / max(len(ts), 1)
                      for ts in graded.values())) for c in comps]
        out.append("<h2>Grade components</h2>" + table(
            "Mean of each grade component over the stored trajectories",
            ("component", *graded), rows))
    run = run_name(root, store_path.parent)
    picks = [t for t in reversed(trajs) if t.passed][:2] + \
        [t for t in reversed(trajs) if not t.passed][:2]
    rows = []
    for t in picks:
        link = f"http://127.0.0.1:{VIEW_PORT}/run/{run}/t/{t.id}"
        verdict = "<span class='pass'>passed</span>" if t.passed else \
            "<span class='fail'>failed</span>"
        rows.append((Raw(f"<a href='{html.escape(link)}'>{html.escape(t.id[:10])}</a>"),
                     t.task_id, t.score, Raw(verdict), len(t.turns),
                     (t.final_answer or "–")[:60]))
    out.append("<h2>Sample trajectories</h2>" + table(
        "Recent passed and failed episodes (links open in the viewer)",
        ("trajectory", "task", "score", "verdict", "turns", "final answer"), rows)
        + f"<p>Browse every trajectory: <code>veriloop view {html.escape(str(root))} --port "
        f"{VIEW_PORT}</code>, then open the links.</p>")
    return out


def before_after(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None,
                 rl_rows: list[dict[str, Any]]) -> list[str]:
    if before and after:
        b, a = before["sampled"]["pass_at"], after["sampled"]["pass_at"]
        rows = [(k, b[k], a[k], a[k] - b[k]) for k in b if k in a]
        if "greedy_accuracy" in before and "greedy_accuracy" in after:
            g0, g1 = before["greedy_accuracy"], after["greedy_accuracy"]
            rows.append(("greedy accuracy", g0, g1, g1 - g0))
        return ["<h2>Held-out evaluation: before and after RL</h2>",
                table("Held-out tasks, before (after SFT) and after RL",
                      ("metric", "before", "after", "change"), rows),
                figure(plots.bars({"after SFT": b, "after RL": a}, "Held-out pass@k",
                                  "share of tasks solved"), "Held-out pass@k before and after")]
    evals = [r for r in rl_rows if "eval/pass@1" in r]
    if not evals:
        return []
    keys = ["eval/pass@1", "eval/score", "eval/format_violation_rate",
            *sorted({k for r in evals for k in r if k.startswith("eval/flags/")})]
    keys = [k for k in keys if any(k in r for r in evals)]
    return ["<h2>Held-out evaluation</h2>", table(
        "Held-out metrics at each evaluated step (the first row is before training)",
        ("step", *(k[5:] for k in keys)), [(r["step"], *(r.get(k) for k in keys))
                                           for r in evals])]


def benchmark_tables(benches: Mapping[str, Mapping[str, Mapping[str, float]]]) -> list[str]:
    """One table per benchmark (`benchmarks` in a run config): greedy success rate by category
    (rows) and stage (columns: base model, after SFT, after RL)."""
    parts = []
    for name, rows in benches.items():
        stages = [s for s in ("base", "sft", "rl") if any(s in r for r in rows.values())]
        parts.append(f"<h2>Benchmark: {html.escape(name)} (success rate, greedy)</h2>" + table(
            f"{name}: share of tasks solved per category, at each stage", ("category", *stages),
            [(cat, *(by.get(s) for s in stages)) for cat, by in rows.items()]))
    return parts


def agent_table(rl_rows: list[dict[str, Any]]) -> list[str]:
    agent = [r for r in rl_rows if any(k.startswith("eval/workspace/") for k in r)]
    if not agent:
        return []
    keys = sorted({k for r in agent for k in r if k.startswith("eval/workspace/")},
                  key=lambda k: (0, k) if "/completion_L" in k else (1, k))
    return ["<h2>Agent metrics (held-out)</h2>", table(
        "Workspace agent metrics per evaluated step", ("step", *(k[15:] for k in keys)),
        [(r["step"], *(r.get(k) for k in keys)) for r in agent])]


def write_report(run_dir: str | Path, summary: Mapping[str, Any] | None = None,
                 before: Mapping[str, Any] | None = None, after: Mapping[str, Any] | None = None,
                 metrics_path: str | Path | None = None,
                 sft_metrics_path: str | Path | None = None) -> Path:
    """Write `run_dir/report.html`; returns its path."""
    root = Path(run_dir)
    mpath = Path(metrics_path) if metrics_path else root / "metrics.jsonl"
    rl_rows = read_metrics_file(mpath)
    sft_rows = read_metrics_file(Path(sft_metrics_path)) if sft_metrics_path else []
    parts = [(f"<!doctype html><html><head><meta charset='utf-8'><title>veriloop report: "
              f"{html.escape(root.name)}</title><style>{CSS}</style></head><body>"),
             f"<h1>veriloop run: {html.escape(root.name)}</h1>"]
    summary = dict(summary or {})
    inference = summary.pop("inference", None)
    benches = summary.pop("benchmarks", None) or {}
    if summary:
        parts.append("<h2>Summary</h2>" + table("Run summary", ("quantity", "value"),
                                                 flatten(summary)))
    parts += before_after(before, after, rl_rows)
    parts += benchmark_tables(benches)
    if inference:
        parts.append("<h2>Inference-time scaling</h2>" + table(
            f"{inference['method']} on {inference['tasks']} tasks: accuracy and policy tokens "
            "versus N", ("N", "accuracy", "policy tokens per task"),
            [(p["n"], p["accuracy"], p["tokens_per_task"]) for p in inference["curve"]]))
        parts.append(figure(plots.scaling_plot(inference["curve"], inference["method"]),
                            "Accuracy (left) and token cost (right) versus N"))
    parts += agent_table(rl_rows)
    figs = curves(rl_rows, sft_rows)
    if figs:
        parts.append("<h2>Training curves</h2>" + "".join(figs))
    store = _store_path(root, mpath if metrics_path else None)
    if store is not None:
        parts += store_sections(store, root)
    for cfg in (root / "config.yaml", mpath.parent / "config.yaml"):
        if cfg.exists():
            parts.append("<h2>Config</h2><details><summary>config.yaml</summary><pre>"
                         f"{html.escape(cfg.read_text())}</pre></details>")
            break
    parts.append("</body></html>")
    out = root / "report.html"
    out.write_text("\n".join(p for p in parts if p))
    return out
