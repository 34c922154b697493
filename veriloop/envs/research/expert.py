"""Scripted research experts: the careful one and its noisy variants.

The expert follows the reference analysis: it searches the corpus for the dataset, reads its
documentation, writes the analysis script (`data.script_for`), runs it in the sandbox, checks
the main statistic with `compute_stats` (levels 2+), plots the data (levels 3+), writes a report
whose every number is copied from the script's output, cites the dataset's documentation with
an exact quote (and the method's reference from levels 2+), and submits.

Noisy variants (`FAULTS`), one per faulty episode, each aimed at one anti-hacking check:
- `fabricated_number`: the main statistic in the report is made up (no log shows it);
- `hallucinated_citation`: the report also cites a document that is not in the corpus;
- `premature_submit`: a stub report submitted right after the first search.
With `noise` p, an episode is faulty with probability p (decided from `seed` and the task id,
so every turn of an episode agrees); `fault=` forces one fault on every episode.
"""

from __future__ import annotations

import random
import re

from veriloop.envs.base import ScriptedExpert
from veriloop.envs.research.corpus import load_corpus
from veriloop.envs.research.data import script_for
from veriloop.envs.research.questions import ALPHA
from veriloop.formats import HermesFormat
from veriloop.types import Message, Task, ToolCall

FAULTS = ("fabricated_number", "hallucinated_citation", "premature_submit")
SCRIPT = "analysis.py"
METHOD_DOC = {"correlation": "doc:scipy.stats.pearsonr", "ttest": "doc:scipy.stats.ttest_ind",
              "regression": "doc:statsmodels.regression.linear_model.OLS",
              "study": "doc:statsmodels.regression.linear_model.OLS"}
MAIN_KEY = {"describe": "mean", "correlation": "r", "ttest": "t", "regression": "coef",
            "study": "adj_coef"}


def quote_of(doc_id: str) -> str:
    """A short line of the document to quote verbatim (no double quotes in it)."""
    text = load_corpus().docs[doc_id].text
    for line in text.splitlines():
        line = " ".join(line.split()).strip(":")
        if 20 <= len(line) <= 100 and '"' not in line and not line.startswith(".."):
            return line
    return " ".join(text.split()[:6])


def _log_values(messages: tuple[Message, ...]) -> dict[str, str]:
    """`key = value` lines of the last successful execution's output."""
    for m in reversed(messages):
        if m.role == "tool" and m.content.startswith("[exit code 0]"):
            return dict(re.findall(r"^(\w+) = (\S+)$", m.content, re.MULTILINE))
    return {}


def _cite(doc_id: str) -> str:
    return f'[{doc_id}] "{quote_of(doc_id)}"'


def report(task: Task, values: dict[str, str], fault: str | None = None) -> str:
    """The expert's report from the values its script printed."""
    md = task.metadata
    stat, keys = md["stat"], md["keys"]
    main = MAIN_KEY[stat]
    if fault == "fabricated_number" and main in values:
        values = {**values, main: f"{float(values[main]) * 1.37 + 0.123:.6g}"}
    found = dict(values)
    if stat != "describe":
        p = values["adj_p_value" if stat == "study" else "p_value"]
        found["direction"] = "positive" if float(values[main]) > 0 else "negative"
        found["significant"] = "yes" if float(p) < ALPHA else "no"
    refs = [_cite(md["doc_id"])] + ([_cite(METHOD_DOC[stat])] if stat in METHOD_DOC else [])
    if fault == "hallucinated_citation":
        refs.append('[sm:smith_replication] "a replication of these results"')
    method = {"describe": "descriptive statistics of the column",
              "correlation": "a Pearson correlation", "ttest": "Welch's two-sample t-test",
              "regression": "an OLS regression with an intercept and the stated controls",
              "study": "a Pearson correlation and an OLS regression with the stated controls"
              }[stat]
    results = "\n".join(f"- {k} = {v}" for k, v in values.items())
    verdict = ("The data matches the documentation." if stat == "describe" else
               f"The effect is {found['direction']} and "
               f"{'statistically significant' if found['significant'] == 'yes' else 'not significant'}"
               f" at the stated level.")
    return "\n".join([
        f"# Report: {md['topic']}", "", "## Introduction",
        f"We study the {md['topic']} dataset, documented in the corpus {refs[0]}.", "",
        "## Methods",
        f"We loaded the data with pandas and ran {method} in a script executed in the sandbox"
        + (f", following {refs[1]}." if len(refs) > 1 else "."), "",
        "## Results", "The analysis script printed:", results, "",
        "## Findings", *(f"- {k}: {found[k]}" for k in keys if k in found), "",
        "## Conclusion", verdict, "",
        "## References", *(f"- {r}" for r in refs), ""])


def plan(task: Task, messages: tuple[Message, ...], fault: str | None) -> ToolCall:
    md = task.metadata
    turn = sum(m.role == "assistant" for m in messages)
    query = f"{md['topic']} dataset"
    if fault == "premature_submit":
        steps = [ToolCall(name="search_papers", arguments={"query": query}),
                 ToolCall(name="write_report", arguments={
                     "content": "## Introduction\nThe answer is probably yes.\n"}),
                 ToolCall(name="submit")]
        return steps[min(turn, len(steps) - 1)]
    a = md["args"]
    steps = [ToolCall(name="search_papers", arguments={"query": query}),
             ToolCall(name="read_paper", arguments={"paper_id": md["doc_id"]}),
             ToolCall(name="write_file", arguments={
                 "path": SCRIPT, "content": script_for(md["dataset"], md["analyses"])}),
             ToolCall(name="execute_code", arguments={"path": SCRIPT})]
    if md["level"] >= 2:
        first = {k: v for k, v in md["analyses"][-1].items() if k not in ("prefix",)}
        steps.append(ToolCall(name="compute_stats", arguments={
            "test": first.pop("stat"), **first}))
    if md["level"] >= 3:
        steps.append(ToolCall(name="plot_data", arguments={"x": a["x"], "y": a["y"]}))
    if turn < len(steps):
        return steps[turn]
    if turn == len(steps):
        return ToolCall(name="write_report", arguments={
            "content": report(task, _log_values(messages), fault)})
    return ToolCall(name="submit")


def research_expert(noise: float = 0.0, seed: int = 0, fault: str | None = None
                    ) -> ScriptedExpert:
    """The scripted expert (noise 0), its noisy variant, or one forced `fault`."""
    if fault is not None and fault not in FAULTS:
        raise ValueError(f"unknown fault {fault!r}; known: {', '.join(FAULTS)}")
    if not 0.0 <= noise <= 1.0:
        raise ValueError(f"noise must be in [0, 1], got {noise}")
    fmt = HermesFormat()

    def fault_of(task: Task) -> str | None:
        if fault is not None:
            return fault
        rng = random.Random(f"research-expert:{seed}:{task.id}")
        return rng.choice(FAULTS) if rng.random() < noise else None

    def act(task: Task, messages: tuple[Message, ...]) -> str:
        return fmt.render_call(plan(task, messages, fault_of(task)))

    name = "research-expert" if not noise and fault is None else "research-noisy-expert"
    return ScriptedExpert(act, name=name)
