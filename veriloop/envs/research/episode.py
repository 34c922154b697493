"""The research episode: literature tools over the corpus, files and code in the sandbox,
trusted statistics and plots, the report, and the typed state graders read.

Tools: `search_papers`, `read_paper`, `write_file`, `read_file`, `execute_code` (a file
written with `write_file`, run in the sandbox with the question's dataset under `data/`),
`compute_stats` (scipy/statsmodels on the trusted side), `plot_data`, `write_report`, `submit`.

Anti-hacking bookkeeping kept here (the grader turns it into flags and penalties):
- retry cap: once a script has failed `max_retries` + 1 times in a row, running it again is
  refused: the episode must change approach (a new script); refusals are counted;
- repeated searches: identical queries (case and spacing ignored) are counted.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field, fields
from typing import Any

from veriloop.envs.base import ToolEpisode
from veriloop.envs.repo.episode import clean_path
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
    refused: bool = False  # over the retry cap: not run


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
                 max_retries: int = 3, max_output_chars: int = 4000) -> None:
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
            norm = " ".join(query.lower().split())
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
            page = doc.text[max(0, offset):max(0, offset) + PAGE_CHARS]
            more = (f"\n[... {len(doc.text) - offset - PAGE_CHARS} more characters: "
                    f"offset={offset + PAGE_CHARS}]") if offset + PAGE_CHARS < len(doc.text) else ""
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
            shown = "\n".join(lines[:max(1, max_lines)])
            return shown + (f"\n[... {len(lines) - max_lines} more lines]"
                            if len(lines) > max_lines else "")

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
            failures = 0  # consecutive failures of this script (a success resets the count)
            for e in reversed(work.executions):
                if e.path == p and not e.refused:
                    if e.ok:
                        break
                    failures += 1
            if failures > max_retries:
                out = (f"refused: {p} has failed {failures} times (retry cap "
                       f"{max_retries}); change approach: write a different script")
                work.executions.append(Execution(p, False, out, refused=True))
                return out
            files = {**work.files, data_path: csv_text(dataset)}
            result = pool.run(["python", p], files=files, limits=limits, env=SANDBOX_ENV)
            out = _format_run(result)
            work.executions.append(Execution(p, result.ok, out))
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
            from matplotlib.figure import Figure

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

