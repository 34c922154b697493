"""The research reward: components composed with the grader library, then the anti-hacking
penalties and the minimum-quality gate of section 12.7.10.

Components (`veriloop.graders.compose.Composite`, weights in `WEIGHTS`; each is a plain
function `(task, trajectory, state) -> Grade`):

- `correctness`: the share of the reference facts the report's Findings state correctly:
  numbers within tolerance, written plainly (`-12.5`, `3.0e-25`) and shown as written by an
  execution log (no exemption for 0 and 1, so `p_value: 0` is no guess); labels exactly, but
  only when at least one number is right (`direction: positive` alone is a guess). 0 whenever
  the report has an unbacked number (`reproducibility`'s check): unbacked findings are not
  findings.
- `reproducibility`: every number in the report (verified citation quotes aside) appears in
  the outputs of `execute_code` or `compute_stats` (`claims.detect_unbacked_claims` with
  `all_numbers`; tool errors left out, as they repeat the caller's arguments), is not a
  literal of the agent's own scripts or tool arguments (printing `11.02` is not computing it),
  and is written plainly (`1_1.02` and `.5` are flagged, not read); at least one script ran
  successfully.
- `format`: the required sections, a `rubric` check (`has_sections`).
- `citations`: cited ids exist in the corpus and quoted text (15 characters or more) occurs in
  them, each id counted once (by the share of its citations that verify); the dataset's own
  documentation is cited. A non-corpus id is flagged `hallucinated_citation`.
- `originality`: 1 unless the report copies corpus text verbatim beyond `plagiarism_threshold`
  (share of its word 8-grams found in the corpus; flagged `plagiarism`).
- `execution`: shaping for successful and failed executions: ok / (ok + failed), credited
  to the turn of the first successful run (a sub-goal, for per-turn credit).
- `efficiency`: max(0, 1 - tool calls / `max_steps`).
- `quality` and `novelty` (only when judges are configured): LLM judges, one of several in
  rotation per call (`RotatingJudge`), so a policy cannot tune itself to a single judge.

Every component grades one text: the report saved with `write_report` (else the final answer),
and the judges and the sections rubric see that text too, so an episode cannot show the judges
another one. After composition: each repeated search and each run refused by the retry cap
costs `penalty` (flags `repeated_search`, `retry_cap`), and a submission whose correctness is
below `min_quality` counts as a failure: its score is 0 (flag `below_quality_threshold`). The
gate is on correctness, not on the total: the other components need no research (a
`print('ok')` run, the six headings and one bare citation earned 0.65 of the weight).

Not stopped: a script that computes an invented number (`print(2.9 + 0.01)`) backs it; only
correctness against the reference analysis catches a wrong one. The reference statistics are
what `compute_stats` returns, so one call answers a question without reading or coding.
`execution` can be padded with trivial successful runs (each costs efficiency), and a
successful run of any script resets the retry count. An episode that runs out of turns is
graded on the report it saved, as if submitted.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Sequence
from typing import Any

from veriloop.envs.research.corpus import CITATION, Corpus, verify_citations
from veriloop.envs.research.episode import (
    EXECUTION_TOOLS,
    Execution,
    ResearchState,
    normalize_query,
)
from veriloop.envs.research.questions import SECTIONS
from veriloop.graders.base import Grader
from veriloop.graders.claims import ANY_NUMBER, detect_unbacked_claims, shown, tool_outputs
from veriloop.graders.compose import Component, Composite
from veriloop.graders.judge import JudgeGrader
from veriloop.graders.rubric import Rubric, RubricGrader
from veriloop.types import Grade, Subgoal, Task, Trajectory

WEIGHTS = {"correctness": 0.35, "reproducibility": 0.15, "format": 0.10, "citations": 0.15,
           "originality": 0.10, "execution": 0.10, "efficiency": 0.05}
NOVELTY_TEMPLATE = (
    "Task:\n{question}\n\nReport:\n{response}\n\nDoes the report give insight beyond "
    "summarising the documents it cites (its own analysis and interpretation)? Reply with one "
    "line `SCORE: <number from {lo} to {hi}>`.")


def episode_state(trajectory: Trajectory, state: Any) -> ResearchState:
    """The episode's state, or (grading a stored trajectory) the same facts rebuilt from it."""
    if isinstance(state, ResearchState):
        return state
    execs, stats, searches = [], [], []
    report = None
    for turn in trajectory.turns:
        for call, res in zip(turn.tool_calls, turn.tool_results, strict=False):
            if call.name == "write_report" and not res.is_error:
                report = str(call.arguments.get("content", ""))
            if call.name == "execute_code" and not res.is_error:
                execs.append(Execution(str(call.arguments.get("path", "")),
                                       res.content.startswith("[exit code 0]"), res.content,
                                       refused=res.content.startswith("refused:")))
            elif call.name == "compute_stats" and not res.is_error:
                stats.append(res.content)
            elif call.name == "search_papers":
                searches.append(normalize_query(str(call.arguments.get("query", ""))))
    steps = sum(len(t.tool_calls) for t in trajectory.turns)
    return ResearchState(files={}, executions=tuple(execs), stats_outputs=tuple(stats),
                         searches=tuple(searches), papers_read=(), plots={},
                         report=report or trajectory.final_answer,
                         submitted=trajectory.final_answer is not None, steps=steps)


def findings(report: str, keys: Sequence[str]) -> dict[str, str]:
    """`- key: value` lines, from the Findings section if there is one."""
    m = re.search(r"^#+\s*findings\b.*?$(.*?)(?=^#+\s|\Z)", report,
                  re.IGNORECASE | re.MULTILINE | re.DOTALL)
    body = m.group(1) if m else report
    out: dict[str, str] = {}
    for key in keys:
        hit = re.search(rf"^\s*[-*]?\s*`?{re.escape(key)}`?\s*[:=]\s*`?([^\s`,;]+)", body,
                        re.IGNORECASE | re.MULTILINE)
        if hit:
            out[key] = hit.group(1).rstrip(".")
    return out


PLAIN_NUMBER = re.compile(r"[-+]?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
EXIT_HEADER = re.compile(r"^\[exit code -?\d+\]", re.MULTILINE)
# numerals float() reads that ANY_NUMBER does not see: digit underscores, a leading point
ODD_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+_[\d_.]*\d|\.\d)[\w.+-]*")


def fact_ok(fact: dict[str, Any], value: str | None) -> bool:
    if value is None:
        return False
    if fact["kind"] == "label":
        return value.lower() == str(fact["value"]).lower()
    if not PLAIN_NUMBER.fullmatch(value):
        return False
    try:
        got = float(value)
    except ValueError:
        return False
    if fact["kind"] == "integer":
        return got == fact["value"]
    ref = float(fact["value"])
    return abs(got - ref) <= max(fact.get("abs_tol", 0.0), fact.get("rel_tol", 0.0) * abs(ref))


def _report(trajectory: Trajectory, state: ResearchState) -> str:
    return state.report or trajectory.final_answer or ""


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return [str(value)]


INPUT_TOOLS = ("write_file", "execute_code", "compute_stats")  # what executions can echo


def input_numbers(trajectory: Trajectory) -> set[str]:
    """Numbers written literally into the agent's scripts and the arguments of the tools whose
    output backs a report (a number in a search query is no computed result either, but no
    execution echoes it)."""
    return {n for t in trajectory.turns for c in t.tool_calls if c.name in INPUT_TOOLS
            for s in _strings(c.arguments) for n in ANY_NUMBER.findall(s)}


def backing_text(trajectory: Trajectory) -> str:
    """What the executions and `compute_stats` printed (tool errors and the `[exit code N]`
    header left out: `[exit code 0]` shows no result)."""
    return "\n".join(EXIT_HEADER.sub("", o)
                     for o in tool_outputs(trajectory, EXECUTION_TOOLS, errors=False))


def unbacked_numbers(trajectory: Trajectory, report: str,
                     corpus: Corpus | None = None) -> list[str]:
    """Numbers in the report (verified citation quotes aside; every quote without a corpus)
    that no execution log shows, that the agent typed into its own scripts or arguments, or
    that are not written plainly."""
    text = corpus.without_quotes(report) if corpus is not None else CITATION.sub(" ", report)
    flags = [str(f) for f in detect_unbacked_claims(
        trajectory, final_text=text, check_numbers=False, all_numbers=True,
        tools=EXECUTION_TOOLS, errors=False)]
    typed = input_numbers(trajectory) - set(ANY_NUMBER.findall(trajectory.prompt_text))
    for num in dict.fromkeys(ANY_NUMBER.findall(text)):
        if num in typed and num not in ("0", "1") and not any(
                f"reports {num} but" in f for f in flags):
            flags.append(f"unbacked_claim: reports {num}, a number the agent wrote into its "
                         "own script or tool arguments, not a computed result")
    flags += [f"unbacked_claim: reports {tok!r}, not a plainly written number"
              for tok in dict.fromkeys(ODD_NUMBER.findall(text))]
    return flags


def reproducibility(task: Task, trajectory: Trajectory, state: Any,
                    corpus: Corpus | None = None) -> Grade:
    st = episode_state(trajectory, state)
    flags = unbacked_numbers(trajectory, _report(trajectory, st), corpus)
    ran = any(e.ok for e in st.executions)
    score = float(ran and not flags)
    why = ("no successful execution" if not ran else
           f"{len(flags)} unbacked numbers" if flags else "every number is in the logs")
    return Grade(score=score, passed=bool(score), flags=tuple(flags), explanation=why,
                 components={"unbacked_numbers": float(len(flags)), "ran_code": float(ran)})


def correctness(task: Task, trajectory: Trajectory, state: Any,
                corpus: Corpus | None = None) -> Grade:
    report = _report(trajectory, episode_state(trajectory, state))
    facts = task.verification["facts"]
    got = findings(report, [f["key"] for f in facts])
    logs = backing_text(trajectory)
    right = {f["key"]: fact_ok(f, got.get(f["key"])) and (
        f["kind"] == "label" or shown(got[f["key"]], logs)) for f in facts}
    if not any(right[f["key"]] for f in facts if f["kind"] != "label"):
        right.update({f["key"]: False for f in facts if f["kind"] == "label"})
    frac = sum(right.values()) / len(facts)
    unbacked = unbacked_numbers(trajectory, report, corpus)
    score = 0.0 if unbacked else frac
    wrong = [k for k, ok in right.items() if not ok]
    why = (f"{len(unbacked)} reported numbers are in no execution log: scored 0" if unbacked
           else f"{sum(right.values())}/{len(facts)} facts right"
           + (f" (wrong or missing: {', '.join(wrong)})" if wrong else ""))
    return Grade(score=score, passed=score == 1.0, explanation=why,
                 flags=tuple(unbacked), components={"facts_right": frac})


def citation_grader(corpus: Corpus) -> Grader:
    def citations(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        found = verify_citations(_report(trajectory, episode_state(trajectory, state)), corpus)
        by_id: dict[str, list[Any]] = {}  # each id counts once, by the share that verify
        for c in found:
            by_id.setdefault(c.id, []).append(c)
        flags = [f"hallucinated_citation: [{i}] is not in the corpus" for i, cs in by_id.items()
                 if not cs[0].exists]
        flags += [f"misquoted_citation: [{c.id}] does not contain {c.quote!r:.80}"
                  for c in found if c.exists and not c.quote_ok]
        valid = sum(sum(c.exists and c.quote_ok for c in cs) / len(cs) for cs in by_id.values())
        own = any(c.quote_ok for c in by_id.get(task.verification["doc_id"], ()))
        score = (valid / len(by_id)) * (1.0 if own else 0.5) if by_id else 0.0
        return Grade(score=score, passed=score == 1.0, flags=tuple(flags),
                     components={"cited": float(len(by_id)), "valid": float(valid),
                                 "cites_dataset_doc": float(own)},
                     explanation=f"{valid:g} of {len(by_id)} cited ids verified"
                     + ("" if own else f"; the dataset's [{task.verification['doc_id']}] "
                        "is not cited"))
    return citations


def originality_grader(corpus: Corpus, threshold: float) -> Grader:
    def originality(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        copied = corpus.copied_fraction(_report(trajectory, episode_state(trajectory, state)))
        bad = copied > threshold
        why = (f"plagiarism: {copied:.0%} of the report's 8-word sequences are copied from "
               f"the corpus (threshold {threshold:.0%})")
        flags = (why,) if bad else ()
        return Grade(score=0.0 if bad else 1.0, passed=not bad, flags=flags,
                     components={"copied_fraction": copied})
    return originality


def execution(task: Task, trajectory: Trajectory, state: Any) -> Grade:
    """Shaping: the share of runs that succeeded, credited (as a sub-goal) to the turn of the
    first successful run."""
    runs = [e for e in episode_state(trajectory, state).executions if not e.refused]
    ok = sum(e.ok for e in runs)
    score = ok / len(runs) if runs else 0.0
    first = next((t.index for t in trajectory.turns for r in t.tool_results
                  if r.name == "execute_code" and r.content.startswith("[exit code 0]")), None)
    return Grade(score=score, passed=ok > 0, explanation=f"{ok}/{len(runs)} runs succeeded",
                 components={"runs": float(len(runs)), "ok": float(ok)},
                 subgoals=(Subgoal(name="ran_code", turn=first,
                                   value=score if first is not None else 0.0),))


def efficiency_grader(max_steps: int) -> Grader:
    def efficiency(task: Task, trajectory: Trajectory, state: Any) -> Grade:
        steps = episode_state(trajectory, state).steps
        return Grade(score=max(0.0, 1.0 - steps / max_steps), passed=True,
                     components={"steps": float(steps)})
    return efficiency


class RotatingJudge:
    """One of several judges per call, in turn (judge rotation against judge hacking)."""

    def __init__(self, judges: Sequence[Grader]) -> None:
        if not judges:
            raise ValueError("RotatingJudge needs at least one judge")
        self.judges, self._next, self._lock = list(judges), 0, threading.Lock()

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        with self._lock:
            i, self._next = self._next, (self._next + 1) % len(self.judges)
        g = self.judges[i](task, trajectory, state)
        return g.model_copy(update={"components": {**g.components, "judge_index": float(i)}})


class ResearchGrader:
    """The composite research reward with penalties and the minimum-quality gate."""

    def __init__(self, corpus: Corpus, max_steps: int = 40, judges: Sequence[Any] = (),
                 judge_weight: float = 0.3, min_quality: float = 0.4, penalty: float = 0.05,
                 plagiarism_threshold: float = 0.3) -> None:
        sections = Rubric.from_dict({"name": "research_sections", "criteria": [
            {"name": "sections", "weight": 1, "check": {"name": "has_sections",
                                                        "sections": list(SECTIONS)}}]})
        graders: dict[str, Grader] = {
            "correctness": functools.partial(correctness, corpus=corpus),
            "reproducibility": functools.partial(reproducibility, corpus=corpus),
            "format": RubricGrader(sections, pass_threshold=1.0),
            "citations": citation_grader(corpus),
            "originality": originality_grader(corpus, plagiarism_threshold),
            "execution": execution, "efficiency": efficiency_grader(max_steps)}
        scale = 1.0 - judge_weight if judges else 1.0
        comps = [Component(n, graders[n], w * scale) for n, w in WEIGHTS.items()]
        if judges:
            comps += [Component("quality", RotatingJudge(
                          [JudgeGrader(j, "quality") for j in judges]), judge_weight * 2 / 3),
                      Component("novelty", RotatingJudge(
                          [JudgeGrader(j, NOVELTY_TEMPLATE) for j in judges]), judge_weight / 3)]
        self.composite = Composite(tuple(comps), passed_from="correctness")
        self.min_quality, self.penalty = min_quality, penalty

    def set_step(self, step: int) -> None:
        self.composite.set_step(step)

    def __call__(self, task: Task, trajectory: Trajectory, state: Any) -> Grade:
        st = episode_state(trajectory, state)
        # one text for every component: the judges and the rubric read the final answer
        trajectory = trajectory.model_copy(update={"final_answer": _report(trajectory, st)})
        g = self.composite(task, trajectory, st)
        flags = list(g.flags)
        extra: list[str] = []
        if st.repeated_searches:
            flags.append(f"repeated_search: {st.repeated_searches} identical searches")
        if st.refused_runs:
            flags.append(f"retry_cap: {st.refused_runs} runs refused (a failing script past "
                         "the retry cap, or the execution budget spent)")
        cost = self.penalty * (st.repeated_searches + st.refused_runs)
        score = g.score - cost
        if cost:
            extra.append(f"penalties -{cost:.2f}")
        right = g.components.get("correctness", 0.0)
        if right < self.min_quality:
            flags.append(f"below_quality_threshold: correctness {right:.2f} < "
                         f"{self.min_quality} (not a valid submission)")
            extra.append("below the minimum quality: scored 0")
            score = 0.0
        comps = {**g.components, "penalty": cost, "valid_submission": float(score > 0)}
        note = "; ".join([g.explanation, *extra]).strip("; ")
        return g.model_copy(update={"score": max(0.0, score), "flags": tuple(flags),
                                    "components": comps, "passed": g.passed and score > 0,
                                    "explanation": note})
