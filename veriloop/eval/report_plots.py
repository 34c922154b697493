"""The report's plots: matplotlib figures embedded as PNG data URIs, as wide as the page, each
with a title and axis labels with units. A series that is missing or zero at every step (KL
with KL off, clipping with nothing clipped) is left out, and a panel with no series is not
drawn, so the report has no empty panels; except the series named in `keep` (reward and pass
rate): a flat zero there is the news (nothing was learned), so it is drawn."""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping, Sequence
from typing import Any

WIDE = (11.0, 3.4)


def _plt() -> Any:
    import matplotlib  # lazy: pyplot takes 1-2 s to import; only a plot needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: after matplotlib.use("Agg"), which must come first

    return plt


def png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    _plt().close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def series(rows: Sequence[Mapping[str, Any]], key: str) -> tuple[list[float], list[float]]:
    pts = [(r["step"], float(r[key])) for r in rows
           if isinstance(r.get(key), int | float) and not isinstance(r.get(key), bool)]
    return [p[0] for p in pts], [p[1] for p in pts]


def informative(ys: Sequence[float]) -> bool:
    """A series worth a line: it has points and is not zero at every one of them."""
    return bool(ys) and any(y != 0 for y in ys)


def line_plot(rows: Sequence[Mapping[str, Any]], keys: Sequence[str], title: str,
              ylabel: str, labels: Mapping[str, str] | None = None,
              keep: Sequence[str] = ()) -> str | None:
    """Lines of `keys` over steps; None when none of them is informative (a key in `keep`
    counts when it has points, even all zero)."""
    lines = [(k, *series(rows, k)) for k in keys]
    lines = [s for s in lines if informative(s[2]) or (s[0] in keep and s[2])]
    if not lines:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=WIDE)
    for k, xs, ys in lines:
        ax.plot(xs, ys, marker="." if len(xs) < 60 else None, label=(labels or {}).get(k, k))
    ax.set(xlabel="training step", ylabel=ylabel, title=title)
    from matplotlib.ticker import MaxNLocator  # lazy: as matplotlib above

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=9)
    return png(fig)


def bars(groups: Mapping[str, Mapping[str, float]], title: str, ylabel: str,
         ylim: tuple[float, float] | None = (0.0, 1.0)) -> str | None:
    """Grouped bars (one group per x label, one bar per series), each bar labelled with its
    value; `groups` is {series: {x label: value}} over the x labels all series share."""
    names = list(groups)
    xs = [x for x in (groups[names[0]] if names else {}) if all(x in groups[n] for n in names)]
    if not xs:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=WIDE)
    width = 0.8 / len(names)
    for j, name in enumerate(names):
        pos = [i - 0.4 + width * (j + 0.5) for i in range(len(xs))]
        b = ax.bar(pos, [groups[name][x] for x in xs], width=width, label=name)
        ax.bar_label(b, fmt="%.2f", fontsize=9)
    ax.set_xticks(range(len(xs)), xs)
    if ylim:
        ax.set_ylim(*ylim)
    ax.set(ylabel=ylabel, title=title)
    ax.legend(loc="best", fontsize=9)
    return png(fig)


def scaling_plot(curve: Sequence[Mapping[str, float]], method: str) -> str | None:
    """Accuracy versus N (left axis) with policy tokens per task (right axis)."""
    if not curve:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=WIDE)
    ns = [p["n"] for p in curve]
    ax.plot(ns, [p["accuracy"] for p in curve], marker="o", color="#1a73e8", label="accuracy")
    for p in curve:
        ax.annotate(f"{p['accuracy']:.2f}", (p["n"], p["accuracy"]), textcoords="offset points",
                    xytext=(0, 6), ha="center", fontsize=9)
    ax.set(xscale="log", xlabel="N (candidates per task, log scale)", ylabel="accuracy",
           title=f"{method}: accuracy and token cost versus N", ylim=(0, 1.05))
    ax.set_xticks(ns, [str(n) for n in ns])
    right = ax.twinx()
    right.plot(ns, [p["tokens_per_task"] for p in curve], marker="s", color="#e8710a",
               label="policy tokens / task")
    right.set_ylabel("policy tokens per task")
    ax.legend(loc="upper left", fontsize=9)
    right.legend(loc="lower right", fontsize=9)
    return png(fig)
