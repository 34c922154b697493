"""Server-rendered HTML for the viewer: plain HTML and CSS, inline SVG plots (hover a point for
its value; a filter box narrows the panels), no JavaScript framework and no build step. Every
text from the store is escaped."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any
from urllib.parse import quote, urlencode

from veriloop.types import Trajectory
from veriloop.viewer.queries import Filters

CSS = """
body{font-family:system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:10px 20px}header a{color:#9cc4ff}
main{padding:16px 20px;max-width:1400px}
table{border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden;
 box-shadow:0 1px 2px #0002;margin:8px 0 16px}
th,td{padding:5px 10px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top;
 font-size:14px}th{background:#eef1f5}td.num{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:#137333;font-weight:600}.fail{color:#b3261e;font-weight:600}
.flag{background:#fde7c3;border-radius:4px;padding:1px 5px;margin-right:3px;font-size:12px}
.fault{background:#f9d2cf;border-radius:4px;padding:1px 5px;font-size:12px}
form.filters{background:#fff;padding:10px;border-radius:8px;box-shadow:0 1px 2px #0002}
form.filters label{margin-right:12px;font-size:14px}
.turn{background:#fff;border-radius:8px;box-shadow:0 1px 2px #0002;margin:10px 0;padding:10px}
.msg{white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:13px;padding:6px;
 border-radius:6px;margin:4px 0}.assistant{background:#e8f0fe}.tool{background:#e6f4ea}
.system,.user{background:#f1f3f4}.error{background:#fce8e6}
.call{font-family:ui-monospace,monospace;font-size:13px;background:#fff7e0;padding:4px;
 border-radius:6px;margin:3px 0}
.tokens span{display:inline-block;font-family:ui-monospace,monospace;font-size:12px;
 margin:1px;padding:0 2px;border-radius:3px;white-space:pre}
.tokens .obs{background:#e5e7eb;color:#555}
.cols{display:flex;gap:12px;align-items:flex-start;overflow-x:auto}.cols>div{min-width:340px;flex:1}
.charts{display:flex;flex-wrap:wrap;gap:12px}.chart{background:#fff;border-radius:8px;
 box-shadow:0 1px 2px #0002;padding:6px}
"""

SHADE_NOTE = ("Policy tokens (loss mask 1) are shaded by their sampling probability "
              "(white: p = 1, red: p = 0; hover for the logprob); grey tokens are observations "
              "and the prompt (loss mask 0).")


def layout(title: str, body: str, crumbs: Sequence[tuple[str, str]] = ()) -> str:
    nav = " / ".join(['<a href="/">runs</a>',
                      *(f'<a href="{escape(u)}">{escape(t)}</a>' for t, u in crumbs)])
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{CSS}</style></head><body><header>veriloop view · {nav}</header>"
            f"<main><h1>{escape(title)}</h1>{body}</main></body></html>")


def fmt(v: Any, digits: int = 3) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return escape(str(v))


def run_url(run: str) -> str:
    return f"/run/{quote(run, safe='')}"


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], numeric: Sequence[int] = ()
          ) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(
        f"<td class='num'>{c}</td>" if i in numeric else f"<td>{c}</td>"
        for i, c in enumerate(r)) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def index_page(runs: dict[str, dict[str, Any]]) -> str:
    rows = [(f'<a href="{run_url(name)}">{escape(name)}</a>', fmt(info["trajectories"]),
             fmt(info["steps"]), "yes" if info["metrics"] else "no") for name, info in
            runs.items()]
    body = table(("run", "trajectories", "steps", "training curves"), rows, (1, 2)) if rows \
        else "<p>No run here: a run directory holds trajectories.sqlite or metrics.jsonl.</p>"
    return layout("Runs", body)


def _filter_form(f: Filters, faults: Sequence[str]) -> str:
    def opt(value: str, label: str, current: str) -> str:
        sel = " selected" if value == current else ""
        return f"<option value='{escape(value)}'{sel}>{escape(label)}</option>"

    def field(label: str, name: str, value: Any, size: int) -> str:
        shown = "" if value is None or value == "" else fmt(value)
        return (f"<label>{label} <input name='{name}' size='{size}' value='{shown}'>"
                "</label>")

    passed = {True: "yes", False: "no", None: ""}[f.passed]
    fault_opts = "".join(opt(v, v or "all", f.fault) for v in ("", "any", "none", *faults))
    passed_opts = "".join(opt(v, label, passed) for v, label in
                          (("", "all"), ("yes", "passed"), ("no", "failed")))
    return (
        "<form class='filters' method='get'>" + field("step", "step", f.step, 4)
        + field("task", "task", f.task, 14)
        + f"<label>passed <select name='passed'>{passed_opts}</select></label>"
        + field("score ≥", "min_score", f.min_score, 4)
        + field("score ≤", "max_score", f.max_score, 4) + field("flag", "flag", f.flag, 12)
        + f"<label>fault <select name='fault'>{fault_opts}</select></label>"
        + "<button type='submit' id='apply'>filter</button></form>")


def run_page(run: str, rows: list[dict[str, Any]], total: int, f: Filters,
             step_rows: list[dict[str, Any]], faults: Sequence[str], has_metrics: bool) -> str:
    base = run_url(run)
    links = f"<p><a href='{base}/curves'>training curves</a></p>" if has_metrics else ""
    steps_html = ""
    if len(step_rows) > 1 or (step_rows and step_rows[0]["step"] is not None):
        steps_html = "<h2>Steps</h2>" + table(
            ("step", "trajectories", "mean score", "pass rate", "faults"),
            [(f"<a href='{base}?{urlencode({'step': s['step']})}'>{fmt(s['step'])}</a>",
              fmt(s["n"]), fmt(s["score"]), fmt(s["passed"]), fmt(s["faults"]))
             for s in step_rows], (1, 2, 3, 4))
    traj_rows = []
    for r in rows:
        verdict = "<span class='pass'>pass</span>" if r["passed"] else \
            "<span class='fail'>fail</span>"
        flags = "".join(f"<span class='flag'>{escape(x)}</span>" for x in r["flags"])
        fault = f"<span class='fault' title='{escape(r['fault_reason'] or '')}'>" \
                f"{escape(r['fault_kind'])}</span>" if r["fault_kind"] else ""
        traj_rows.append((
            f"<a class='traj' href='{base}/t/{quote(r['id'])}'>{escape(r['id'][:10])}</a>",
            escape(r["task_id"]),
            (f"<a href='{base}/g/{quote(r['group_id'])}'>{escape(r['group_id'][:8])}</a>"
             f" #{r['sample_index']}"), fmt(r["step"]), fmt(r["score"]), verdict,
            fmt(r["n_turns"]), fmt(r["n_tokens"]), escape((r["final_answer"] or "")[:40]),
            flags + fault))
    shown = f"<p>{len(rows)} of {total} matching trajectories</p>"
    listing = table(("trajectory", "task", "group", "step", "score", "verdict", "turns",
                     "tokens", "answer", "flags / fault"), traj_rows, (3, 4, 6, 7))
    return layout(f"Run {run}", links + steps_html + "<h2>Trajectories</h2>" +
                  _filter_form(f, faults) + shown + listing, [(run, base)])


def piece(token: int, tokenizer: Any) -> str:
    if tokenizer is not None:
        return tokenizer.id_to_token(token) or f"<{token}>"
    if token < 256:
        ch = chr(token)
        return ch if ch.isprintable() or ch == " " else ("⏎" if ch == "\n" else f"\\x{token:02x}")
    return f"<{token}>"


def token_strip(traj: Trajectory, tokenizer: Any, limit: int = 3000) -> str:
    """Every token of the first context: prompt and observations grey, policy tokens shaded by
    probability (hover: id, logprob, loss mask)."""
    ctx = traj.contexts()[0]
    spans = []
    for i, (tok, m) in enumerate(zip(ctx.token_ids, ctx.loss_mask, strict=True)):
        if i >= limit:
            spans.append(f"<span>… {len(ctx.token_ids) - limit} more tokens</span>")
            break
        text = escape(piece(tok, tokenizer))
        if not m:
            spans.append(f"<span class='obs' title='id {tok} · mask 0'>{text}</span>")
            continue
        lp = ctx.logprobs[i] if ctx.logprobs is not None else None
        if lp is None:
            spans.append(f"<span style='background:#dbe7fd' title='id {tok} · mask 1 · no "
                         f"logprob'>{text}</span>")
        else:
            p = math.exp(lp)
            shade = f"rgb(255,{int(255 * p)},{int(255 * p)})"
            spans.append(f"<span style='background:{shade}' title='id {tok} · mask 1 · "
                         f"logprob {lp:.3f}'>{text}</span>")
    return f"<p>{SHADE_NOTE}</p><div class='tokens'>{''.join(spans)}</div>"


def _message(role: str, content: str, extra: str = "") -> str:
    return f"<div class='msg {escape(role)}{extra}'><b>{escape(role)}</b>\n{escape(content)}</div>"


def turns_html(traj: Trajectory) -> str:
    out = []
    for t in traj.turns:
        parts = [f"<h3>Turn {t.index}</h3>", _message("assistant", t.action_text)]
        for c in t.tool_calls:
            parts.append(f"<div class='call tool-call'>call <b>{escape(c.name)}</b>"
                         f"({escape(json.dumps(c.arguments))})</div>")
        for r in t.tool_results:
            kind = " error" if r.is_error else ""
            parts.append(_message("tool", f"{r.name} → {r.content}", kind))
        if t.format_error:
            parts.append(_message("error", f"format error: {t.format_error}", " error"))
        shown = {r.content for r in t.tool_results}
        parts.extend(_message(m.role, m.content) for m in t.observation
                     if m.content not in shown and m.role != "tool")
        if t.rewards:
            parts.append("<div>rewards: " + ", ".join(
                f"{escape(r.name)} = {r.value:.3f}" for r in t.rewards) + "</div>")
        parts.append(f"<div style='font-size:12px;color:#555'>{len(t.action_ids)} policy "
                     f"tokens · finish {escape(t.finish_reason)} · generate "
                     f"{t.generate_seconds:.3f} s · env {t.env_seconds:.3f} s</div>")
        out.append(f"<div class='turn'>{''.join(parts)}</div>")
    return "".join(out)


def grade_html(traj: Trajectory) -> str:
    g = traj.grade
    rows = [("trajectory", escape(traj.id)), ("task", escape(traj.task_id)),
            ("policy", escape(traj.policy)), ("final answer", escape(traj.final_answer or "–"))]
    if traj.fault is not None:
        fault = f"<span class='fault'>{escape(traj.fault.kind.value)}</span> "
        rows.append(("fault", fault + escape(traj.fault.reason)))
    if g is None:
        rows.append(("grade", "not graded (infrastructure fault)"))
    else:
        verdict = "<span class='pass'>passed</span>" if g.passed else \
            "<span class='fail'>failed</span>"
        rows += [("score", f"{g.score:.3f} ({verdict})"),
                 *((f"component: {escape(k)}", f"{v:.3f}") for k, v in g.components.items()),
                 ("flags", "".join(f"<span class='flag'>{escape(x)}</span>" for x in g.flags)
                  or "none"), ("explanation", escape(g.explanation))]
    return table(("field", "value"), rows)


def trajectory_page(run: str, traj: Trajectory, tokenizer: Any) -> str:
    base = run_url(run)
    prompt = "".join(_message(m.role, m.content) for m in traj.prompt)
    body = (f"<p><a href='{base}/g/{quote(traj.group_id)}'>group {escape(traj.group_id[:8])}"
            f"</a> (sample {traj.sample_index})</p><h2>Grade</h2>{grade_html(traj)}"
            f"<h2>Prompt</h2>{prompt}<h2>Turns</h2>{turns_html(traj)}"
            f"<h2>Tokens</h2>{token_strip(traj, tokenizer)}")
    return layout(f"Trajectory {traj.id[:10]}", body, [(run, base),
                                                       (traj.id[:10], f"{base}/t/{traj.id}")])


def group_page(run: str, group_id: str, trajs: Sequence[Trajectory]) -> str:
    base = run_url(run)
    cols = []
    for t in trajs:
        cols.append(f"<div><h3><a href='{base}/t/{quote(t.id)}'>sample {t.sample_index}</a>"
                    f"</h3>{grade_html(t)}{turns_html(t)}</div>")
    return layout(f"Group {group_id[:8]} · task {trajs[0].task_id if trajs else ''}",
                  f"<div class='cols'>{''.join(cols)}</div>", [(run, base)])


def svg_chart(name: str, points: Sequence[tuple[float, float]], width: int = 420,
              height: int = 220) -> str:
    """A line chart of (step, value) with axes, tick labels, a title and a hover value per
    point."""
    pad_l, pad_b, pad_t, pad_r = 56, 30, 24, 12
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y0, y1 = y0 - 0.5, y1 + 0.5
    w, h = width - pad_l - pad_r, height - pad_t - pad_b

    def sx(x: float) -> float:
        return pad_l + (x - x0) / (x1 - x0) * w

    def sy(y: float) -> float:
        return pad_t + (1 - (y - y0) / (y1 - y0)) * h

    path = " ".join(f"{'M' if i == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}"
                    for i, (x, y) in enumerate(points))
    dots = "".join(f"<circle cx='{sx(x):.1f}' cy='{sy(y):.1f}' r='3' fill='#1a73e8'>"
                   f"<title>step {x:g}: {y:.4g}</title></circle>" for x, y in points)
    ticks = "".join(
        f"<text x='{pad_l - 4}' y='{sy(v) + 4:.1f}' text-anchor='end' font-size='11'>{v:.3g}"
        f"</text><line x1='{pad_l}' x2='{pad_l + w}' y1='{sy(v):.1f}' y2='{sy(v):.1f}' "
        "stroke='#eee'/>" for v in (y0, (y0 + y1) / 2, y1))
    xt = "".join(f"<text x='{sx(v):.1f}' y='{pad_t + h + 16}' text-anchor='middle' "
                 f"font-size='11'>{v:g}</text>" for v in (x0, x1))
    return (f"<div class='chart' data-name='{escape(name)}'><svg width='{width}' "
            f"height='{height}'><text x='{width / 2}' y='15' text-anchor='middle' "
            f"font-size='13' font-weight='600'>{escape(name)}</text>{ticks}{xt}"
            f"<text x='{pad_l + w / 2}' y='{height - 2}' text-anchor='middle' font-size='11'>"
            f"step</text><path d='{path}' fill='none' stroke='#1a73e8' stroke-width='1.5'/>"
            f"{dots}</svg></div>")


FILTER_JS = """<script>
document.getElementById('metric').addEventListener('input', e => {
  const q = e.target.value.toLowerCase();
  document.querySelectorAll('.chart').forEach(c =>
    c.style.display = c.dataset.name.toLowerCase().includes(q) ? '' : 'none');
});</script>"""


def curves_page(run: str, data: dict[str, list[tuple[float, float]]]) -> str:
    charts = "".join(svg_chart(k, v) for k, v in data.items() if v)
    body = ("<p><label>metric filter <input id='metric' placeholder='e.g. reward'></label> "
            "(hover a point for its value)</p>"
            f"<div class='charts'>{charts or '<p>no numeric metrics</p>'}</div>{FILTER_JS}")
    return layout(f"Training curves · {run}", body, [(run, run_url(run))])
