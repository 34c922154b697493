"""The research episode: literature tools over the corpus, files and code in the sandbox,
trusted statistics and plots, the report, and the typed state graders read.

Tools: `search_papers`, `read_paper`, `write_file`, `read_file`, `execute_code` (a file
written with `write_file`, run in the sandbox with the question's dataset under `data/`),
`compute_stats` (scipy/statsmodels on the trusted side), `plot_data`, `write_report`, `submit`.

Anti-hacking bookkeeping kept here (the grader turns it into flags and penalties):
- retry cap: once the same code has failed `max_retries` + 1 times in a row (no successful
  run in between), running it again is refused: the episode must change approach. Failures
  are counted per script content (`code_key`: comments and layout ignored), not per path, so
  renaming a failing script does not evade the cap and a script fixed in place gets a fresh
  count; refusals are counted;
- execution budget: the sandbox wall-clock seconds of all `execute_code` runs of an episode
  are capped at `exec_budget_s` (each run's timeout is cut to what is left); once it is spent,
  runs are refused and counted like retry-cap refusals. Without it, scripts that sleep (no CPU,
  so each run ends ok) could push a losing episode past the runner's episode timeout, an
  infrastructure fault that drops the episode from training instead of scoring it;
- repeated searches: queries with the same set of words (`normalize_query`: case,
  punctuation and word order ignored) are counted.
"""

from __future__ import annotations

import ast
import hashlib
import io
import re
from dataclasses import dataclass, field, fields, replace
from typing import Any

from veriloop.envs.base import ToolEpisode
from veriloop.envs.paths import clean_path
from veriloop.envs.research.corpus import Corpus
from veriloop.envs.research.data import STATS, csv_text, load_frame, show
from veriloop.sandbox import Limits, SandboxPool
from veriloop.tools import ToolRegistry, tool
from veriloop.types import Task

PAGE_CHARS = 3000
MAX_FILE_CHARS = 100_000
EXECUTION_TOOLS = ("execute_code", "compute_stats")  # their outputs are the execution logs
STAT_ARGS = {"describe": ("column",), "mean_ci": ("column",), "correlation": ("x", "y"),
             "ttest": ("y", "group", "a", "b"), "regression": ("y", "x", "controls")}
SANDBOX_ENV = {"MPLCONFIGDIR": "/tmp", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


@dataclass(frozen=True)
class Execution:
    """One `execute_code` call: the script, how it ended and what it printed."""

    path: str
    ok: bool
    output: str
    refused: bool = False  # over the retry cap or the execution budget: not run
    code: str = ""  # `code_key` of the script's content when it was run
    seconds: float = 0.0  # sandbox wall-clock time the run took


@dataclass
class ResearchWork:
    """The episode's mutable working state (not handed out; see `ResearchState`)."""

    files: dict[str, str] = field(default_factory=dict)
    executions: list[Execution] = field(default_factory=list)
    stats_outputs: list[str] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)
    papers_read: list[str] = field(default_factory=list)
    plots: dict[str, int] = field(default_factory=dict)  # path -> PNG size in bytes
    report: str | None = None
    submitted: bool = False
    steps: int = 0


@dataclass(frozen=True)
class ResearchState:
    """Everything a grader needs about a research episode: a frozen snapshot."""

    files: dict[str, str]
    executions: tuple[Execution, ...]
    stats_outputs: tuple[str, ...]
    searches: tuple[str, ...]
    papers_read: tuple[str, ...]
    plots: dict[str, int]
    report: str | None
    submitted: bool
    steps: int

    @property
    def execution_logs(self) -> tuple[str, ...]:
        """What the code executions and compute_stats printed: what a report may quote."""
        return tuple(e.output for e in self.executions if not e.refused) + self.stats_outputs

    @property
    def repeated_searches(self) -> int:
        return len(self.searches) - len(set(self.searches))

    @property
    def refused_runs(self) -> int:
        return sum(e.refused for e in self.executions)


def normalize_query(query: str) -> str:
    """A search query as the repeated-search check compares it: its sorted set of lowercase
    word tokens (punctuation, hyphens and spacing separate words), so 'Breast-cancer data.'
    and 'data breast cancer' both repeat 'breast cancer data'."""
    return " ".join(sorted(set(re.findall(r"\w+", query.lower()))))


def code_key(source: str) -> str:
    """What the retry cap counts failures of: a digest of the script's syntax tree (comments
    and layout ignored), or of its text when it does not parse."""
    try:
        text = ast.dump(ast.parse(source))
    except (SyntaxError, ValueError, RecursionError):
        text = source
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _format_run(result: Any) -> str:
    status = ("timed out" if result.timed_out else f"exit code {result.exit_code}")
    parts = [f"[{status}]"]
    if result.stdout.strip():
        parts.append(result.stdout.rstrip())
    if result.stderr.strip():
        parts.append("stderr:\n" + result.stderr.rstrip()[-2000:])
    return "\n".join(parts)


class ResearchEpisode(ToolEpisode):
    """A research episode over one question (see the module docstring)."""

    def __init__(self, task: Task, corpus: Corpus, pool: SandboxPool, limits: Limits,
                 max_retries: int = 3, max_output_chars: int = 4000,
                 exec_budget_s: float = 240.0) -> None:
        work = ResearchWork()
        self.work = work
        dataset = task.metadata["dataset"]
        data_path = f"data/{dataset}.csv"

        def tick() -> None:
            work.steps += 1

        @tool
        def search_papers(query: str, k: int = 5) -> str:
            """Search the corpus (dataset documentation and statistics references) with BM25.

            Args:
                query: keywords
                k: how many results to show (at most 10)
            """
            tick()
            norm = normalize_query(query)
            repeated = norm in work.searches
            work.searches.append(norm)
            hits = corpus.search(query, k=max(1, min(k, 10)))
            lines = [f"[{d.id}] {d.title} (score {s:.2f}): {' '.join(d.text.split())[:160]}"
                     for d, s in hits]
            note = "note: you already ran this search\n" if repeated else ""
            return note + ("\n".join(lines) if lines else "no results")

        @tool
        def read_paper(paper_id: str, offset: int = 0) -> str:
            """Read a corpus document, a page at a time.

            Args:
                paper_id: the document id shown by search_papers, e.g. sm:longley
                offset: character offset of the page to show
            """
            tick()
            if paper_id not in corpus:
                raise ValueError(f"no document {paper_id!r} in the corpus; use search_papers")
            doc = corpus.docs[paper_id]
            work.papers_read.append(paper_id)
            start = max(0, offset)
            end = start + PAGE_CHARS
            page = doc.text[start:end]
            more = (f"\n[... {len(doc.text) - end} more characters: offset={end}]"
                    if end < len(doc.text) else "")
            return f"{doc.title}\n\n{page}{more}"

        @tool
        def write_file(path: str, content: str) -> str:
            """Write a file in the workspace (e.g. an analysis script), replacing it if present.

            Args:
                path: relative path, e.g. analysis.py
                content: the file's text
            """
            tick()
            p = clean_path(path)
            if not p or p.startswith("data/"):
                raise ValueError("give a relative path outside data/ (the data is read-only)")
            if len(content) > MAX_FILE_CHARS:
                raise ValueError(f"files are limited to {MAX_FILE_CHARS} characters")
            work.files[p] = content
            return f"wrote {p} ({len(content)} characters)"

        @tool
        def read_file(path: str, max_lines: int = 40) -> str:
            """Show a workspace file or the dataset (the first lines).

            Args:
                path: relative path, e.g. analysis.py or data/<name>.csv
                max_lines: how many lines to show
            """
            tick()
            p = clean_path(path)
            text = csv_text(dataset) if p == data_path else work.files.get(p)
            if text is None:
                known = ", ".join([data_path, *sorted(work.files)])
                raise ValueError(f"no file {p!r}; files: {known}")
            lines = text.splitlines()
            n = max(1, max_lines)
            shown = "\n".join(lines[:n])
            return shown + (f"\n[... {len(lines) - n} more lines]" if len(lines) > n else "")

        @tool
        def execute_code(path: str) -> str:
            """Run a Python script written with write_file in the sandbox (numpy, scipy, pandas,
            statsmodels and matplotlib are available; the dataset is at data/<name>.csv).

            Args:
                path: the script's path, e.g. analysis.py
            """
            tick()
            p = clean_path(path)
            if p not in work.files:
                raise ValueError(f"no file {p!r}; write it first with write_file")
            key = code_key(work.files[p])
            left = exec_budget_s - sum(e.seconds for e in work.executions)
            if left <= 0:
                out = (f"refused: the execution budget of this episode is spent "
                       f"({exec_budget_s:g} s of sandbox time); use compute_stats, or write "
                       f"the report and submit")
                work.executions.append(Execution(p, False, out, refused=True, code=key))
                return out
            # consecutive failures of this code under any name since the last successful run
            failures = 0
            for e in reversed(work.executions):
                if e.refused:
                    continue
                if e.ok:
                    break
                failures += e.code == key
            if failures > max_retries:
                out = (f"refused: {p} has failed {failures} times (retry cap "
                       f"{max_retries}, counted for the same code under any name); change "
                       f"approach: fix the script or write a different one")
                work.executions.append(Execution(p, False, out, refused=True, code=key))
                return out
            files = {**work.files, data_path: csv_text(dataset)}
            # the run's timeout is cut to the budget left, so the budget bounds the episode
            run_limits = replace(limits, timeout_s=min(limits.timeout_s or left, left))
            result = pool.run(["python", p], files=files, limits=run_limits, env=SANDBOX_ENV)
            # a run that timed out used its whole allowance (so a run cut to the budget left
            # spends it, however fast the machine killed it)
            spent = (max(result.duration, run_limits.timeout_s or 0.0) if result.timed_out
                     else result.duration)
            out = _format_run(result)
            work.executions.append(Execution(p, result.ok, out, code=key,
                                             seconds=spent))
            return out

        @tool
        def compute_stats(test: str, x: str = "", y: str = "", group: str = "", a: str = "",
                          b: str = "", controls: list[str] | None = None,
                          column: str = "") -> str:
            """Compute statistics on the question's dataset (scipy/statsmodels).

            Args:
                test: describe (column), mean_ci (column), correlation (x, y; Pearson),
                    ttest (y by group, levels a and b; Welch), regression (y on x and
                    controls; OLS with intercept, x's coefficient)
                x: predictor column
                y: outcome column
                group: grouping column (ttest)
                a: first group level (ttest)
                b: second group level (ttest)
                controls: further predictor columns (regression)
                column: the column (describe, mean_ci)
            """
            tick()
            if test not in STATS:
                raise ValueError(f"unknown test {test!r}; choose one of {', '.join(STATS)}")
            given = {"x": x, "y": y, "group": group, "a": a, "b": b, "column": column,
                     "controls": tuple(controls or ())}
            missing = [k for k in STAT_ARGS[test] if not given[k] and k != "controls"]
            if missing:
                raise ValueError(f"{test} needs {', '.join(missing)}")
            args = {k: given[k] for k in STAT_ARGS[test]}
            out = f"{test} on {dataset}:\n" + show(STATS[test](load_frame(dataset), **args))
            work.stats_outputs.append(out)
            return out

        @tool
        def plot_data(x: str, y: str, kind: str = "scatter", path: str = "plot.png") -> str:
            """Plot two columns of the dataset (scatter, or a box plot of y by x) to a PNG file.

            Args:
                x: column on the horizontal axis (the grouping column for kind=box)
                y: column on the vertical axis
                kind: scatter or box
                path: where to save the figure
            """
            tick()
            if kind not in ("scatter", "box"):
                raise ValueError("kind must be scatter or box")
            df = load_frame(dataset)
            for c in (x, y):
                if c not in df.columns:
                    raise ValueError(f"no column {c!r}; columns: {', '.join(df.columns)}")
            from matplotlib.figure import Figure  # lazy: heavy, only for plot_data

            fig = Figure(figsize=(4, 3))
            ax = fig.subplots()
            if kind == "scatter":
                ax.scatter(df[x], df[y], s=8)
            else:
                levels = sorted(df[x].astype(str).unique())
                ax.boxplot([df[y][df[x].astype(str) == v].dropna() for v in levels])
                ax.set_xticks(range(1, len(levels) + 1), levels)
            ax.set_xlabel(x)
            ax.set_ylabel(y)
            buf = io.BytesIO()
            fig.savefig(buf, format="png")
            p = clean_path(path)
            work.plots[p] = len(buf.getvalue())
            return f"saved {kind} plot of {y} against {x} to {p} ({len(df)} rows)"

        @tool
        def write_report(content: str) -> str:
            """Write (or replace) the research report in Markdown.

            Args:
                content: the full report
            """
            tick()
            work.report = content
            return f"report saved ({len(content.split())} words); call submit when done"

        @tool
        def submit() -> str:
            """Submit the report for grading. Ends the episode."""
            tick()
            work.submitted = True
            return "Submitted."

        super().__init__(task, ToolRegistry(
            [search_papers, read_paper, write_file, read_file, execute_code, compute_stats,
             plot_data, write_report, submit], max_output_chars=max_output_chars),
            finish=lambda: (work.report or "") if work.submitted else None)

    @property
    def state(self) -> ResearchState:
        w = self.work
        values = {f.name: getattr(w, f.name) for f in fields(ResearchWork)}
        return ResearchState(**{**values, "files": dict(w.files),
                                "executions": tuple(w.executions),
                                "stats_outputs": tuple(w.stats_outputs),
                                "searches": tuple(w.searches),
                                "papers_read": tuple(w.papers_read), "plots": dict(w.plots)})

