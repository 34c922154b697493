"""Research questions over the bundled datasets, with the reference analysis that fixes the
verifiable facts.

Four levels, as the curriculum of the source material suggests:

1. summarise what the corpus says about a dataset and check it on the data (n, a mean; four
   columns of each of 14 datasets, the fourth held out);
2. answer with one test: a Pearson correlation or Welch's two-sample t-test;
3. a controlled comparison: the OLS coefficient of x on y, adjusting for other columns;
4. a multi-part study: the raw correlation, then the adjusted coefficient with its 95% CI.

Each question names the keys the report's Findings section must give (`- key: value`). The
facts are computed here with the same functions `compute_stats` uses (`data.STATS`): labels
(`direction`: positive/negative, `significant`: yes/no at `ALPHA`) must match exactly, numbers
within a relative tolerance (p-values also within an absolute one), counts exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from veriloop.envs.research.data import DATASETS, STATS, load_frame
from veriloop.types import Message, Task

ALPHA = 0.05
REL_TOL = 0.01
P_ABS_TOL = 1e-3
SECTIONS = ("Introduction", "Methods", "Results", "Findings", "Conclusion", "References")
SYSTEM_PROMPT = (
    "You are a research assistant. Answer the research question with evidence: search the "
    "corpus (search_papers, read_paper), analyse the data with code (write_file, "
    "execute_code; files are under data/) or compute_stats, then write_report and submit. The "
    "report needs the sections " + ", ".join(SECTIONS) + ". Under Findings give one line "
    "`- key: value` per requested key. Every number you report must come from an execution "
    "or a compute_stats output. Cite corpus documents as [id], optionally with a short exact "
    "quote: [id] \"quoted text\".")


@dataclass(frozen=True)
class Spec:
    """One research question before its facts are computed."""

    level: int
    dataset: str
    stat: str  # describe | correlation | ttest | regression | study
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        vals = "-".join(str(v) if not isinstance(v, list) else "+".join(v)
                        for v in self.args.values())
        return f"L{self.level}-{self.dataset}-{self.stat}-{vals}"


def _specs() -> dict[int, list[Spec]]:
    # four columns of each dataset: the held-out question (every fourth) asks about a column
    # no training question names, on a dataset training has seen
    describe = [(d, c) for d, cols in (
        ("longley", "totemp gnp unemp pop"), ("statecrime", "violent poverty hs_grad urban"),
        ("stackloss", "stackloss airflow watertemp acidconc"),
        ("ccard", "avgexp age income incomesq"), ("spector", "gpa tuce psi grade"),
        ("fair", "affairs age yrs_married educ"), ("grunfeld", "invest value capital year"),
        ("scotland", "yes coutax unempf gdp"),
        ("cpunish", "executions income perpoverty perblack"), ("diabetes", "target bmi bp s1"),
        ("iris", "petal_length_cm sepal_length_cm sepal_width_cm petal_width_cm"),
        ("wine", "alcohol malic_acid magnesium hue"),
        ("breast_cancer", "mean_radius mean_texture mean_area mean_smoothness"),
        ("linnerud", "chins situps jumps weight")) for c in cols.split()]
    corr = [("statecrime", "poverty", "violent"), ("engel", "income", "foodexp"),
            ("longley", "gnp", "totemp"), ("stackloss", "airflow", "stackloss"),
            ("diabetes", "bmi", "target"), ("ccard", "income", "avgexp"),
            ("linnerud", "weight", "chins"), ("fair", "rate_marriage", "affairs"),
            ("scotland", "unempf", "yes"), ("cpunish", "income", "executions"),
            ("grunfeld", "value", "invest")]
    tt = [("iris", "sepal_length_cm", "species", "setosa", "versicolor"),
          ("iris", "petal_width_cm", "species", "virginica", "versicolor"),
          ("wine", "alcohol", "cultivar", "class_0", "class_1"),
          ("wine", "flavanoids", "cultivar", "class_1", "class_2"),
          ("breast_cancer", "mean_radius", "diagnosis", "malignant", "benign"),
          ("breast_cancer", "mean_texture", "diagnosis", "malignant", "benign")]
    reg = [("statecrime", "violent", "poverty", ["urban"]),
           ("longley", "totemp", "gnp", ["pop"]),
           ("stackloss", "stackloss", "watertemp", ["airflow"]),
           ("diabetes", "target", "bmi", ["age", "bp"]),
           ("fair", "affairs", "rate_marriage", ["age", "yrs_married"]),
           ("ccard", "avgexp", "income", ["age"]),
           ("grunfeld", "invest", "value", ["capital"]),
           ("cpunish", "executions", "income", ["perpoverty"]),
           ("scotland", "yes", "unempf", ["coutax"]),
           ("statecrime", "murder", "single", ["poverty"]),
           ("linnerud", "chins", "weight", ["waist"])]
    return {
        1: [Spec(1, d, "describe", {"column": c}) for d, c in describe],
        2: [Spec(2, d, "correlation", {"x": x, "y": y}) for d, x, y in corr]
        + [Spec(2, d, "ttest", {"y": y, "group": g, "a": a, "b": b}) for d, y, g, a, b in tt],
        3: [Spec(3, d, "regression", {"y": y, "x": x, "controls": c}) for d, y, x, c in reg],
        4: [Spec(4, d, "study", {"y": y, "x": x, "controls": c}) for d, y, x, c in reg],
    }


SPECS = _specs()
LEVELS = tuple(sorted(SPECS))


def relation(spec: Spec) -> tuple[str, ...]:
    """What a question is about, whatever its level: a column, a pair of columns (correlation,
    regression and study alike) or a column between groups."""
    a = spec.args
    if spec.stat == "describe":
        return (spec.dataset, a["column"])
    if spec.stat == "ttest":
        return (spec.dataset, a["y"], a["group"])
    return (spec.dataset, *sorted((a["x"], a["y"])))


HELD_OUT = frozenset(relation(s) for specs in SPECS.values() for i, s in enumerate(specs)
                     if i % 4 == 3)


def split_specs(level: int, split: str) -> list[Spec]:
    """Every fourth question of a level is held out ("test"). The rest are "train", except
    those about a relation held out at any level: a level-4 study's raw correlation would
    otherwise be a level-2 training question word for word."""
    if split not in ("train", "test"):
        raise ValueError(f"split must be 'train' or 'test', got {split!r}")
    if level not in SPECS:
        raise ValueError(f"difficulty must be one of {LEVELS}, got {level}")
    if split == "test":
        return [s for i, s in enumerate(SPECS[level]) if i % 4 == 3]
    return [s for i, s in enumerate(SPECS[level]) if i % 4 != 3 and relation(s) not in HELD_OUT]


def analyses(spec: Spec) -> list[dict[str, Any]]:
    """The analyses that answer the question (`data.STATS` calls with a key prefix)."""
    a = spec.args
    if spec.stat == "study":
        return [{"stat": "correlation", "x": a["x"], "y": a["y"], "prefix": "raw_"},
                {"stat": "regression", "y": a["y"], "x": a["x"], "controls": a["controls"],
                 "prefix": "adj_"}]
    return [{"stat": spec.stat, **a, "prefix": ""}]


def _fact(key: str, value: Any, kind: str) -> dict[str, Any]:
    tol = {"rel_tol": REL_TOL, "abs_tol": P_ABS_TOL if "p_value" in key else 0.0}
    return {"key": key, "value": value, "kind": kind, **(tol if kind == "number" else {})}


def reference(spec: Spec) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """The facts a correct report states, and the full statistics they come from."""
    df = load_frame(spec.dataset)
    out: dict[str, float] = {}
    for a in analyses(spec):
        args = {k: (tuple(v) if isinstance(v, list) else v) for k, v in a.items()
                if k not in ("stat", "prefix")}
        out.update({a["prefix"] + k: v for k, v in STATS[a["stat"]](df, **args).items()})
    if spec.stat == "describe":
        return [_fact("n", int(out["n"]), "integer"), _fact("mean", out["mean"], "number")], out
    key, p = {"correlation": ("r", "p_value"), "ttest": ("t", "p_value"),
              "regression": ("coef", "p_value"), "study": ("adj_coef", "adj_p_value")}[spec.stat]
    facts = [_fact("direction", "positive" if out[key] > 0 else "negative", "label"),
             _fact("significant", "yes" if out[p] < ALPHA else "no", "label"),
             _fact(key, out[key], "number"), _fact(p, out[p], "number")]
    if spec.stat == "study":
        facts += [_fact(k, out[k], "number") for k in ("raw_r", "raw_p_value", "adj_ci_low",
                                                        "adj_ci_high")]
    return facts, out


def question_text(spec: Spec, keys: list[str]) -> str:
    ds, a = DATASETS[spec.dataset], spec.args
    where = f"the {ds.topic} dataset (file data/{spec.dataset}.csv)"
    ctrl = " and ".join(f"`{c}`" for c in a.get("controls", ()))
    if spec.stat == "describe":
        q = (f"What does the corpus say about {where}? Summarise its source and what it "
             f"measures, citing the corpus, and check it against the data: how many "
             f"observations are there and what is the mean of `{a['column']}`?")
    elif spec.stat == "correlation":
        q = (f"In {where}, is `{a['x']}` correlated with `{a['y']}`? Use a Pearson "
             f"correlation (direction = the sign of r).")
    elif spec.stat == "ttest":
        q = (f"In {where}, does `{a['y']}` differ between `{a['group']}` = {a['a']} and "
             f"{a['b']}? Use Welch's two-sample t-test of {a['a']} minus {a['b']} "
             "(direction = the sign of t).")
    elif spec.stat == "regression":
        q = (f"In {where}, does `{a['x']}` predict `{a['y']}` when controlling for {ctrl}? "
             f"Fit an OLS regression of `{a['y']}` on `{a['x']}` and {ctrl} with an intercept "
             f"(direction = the sign of the `{a['x']}` coefficient).")
    else:
        q = (f"A two-part study in {where}: (a) the raw Pearson correlation of `{a['x']}` with "
             f"`{a['y']}` (keys prefixed raw_); (b) the coefficient of `{a['x']}` in an OLS "
             f"regression of `{a['y']}` on `{a['x']}` and {ctrl} with an intercept, and its 95% "
             "confidence "
             "interval (keys prefixed adj_; direction and significance refer to (b)).")
    return (f"{q}\nSignificance level: {ALPHA}. Findings keys: {', '.join(keys)}. Cite the "
            "dataset's documentation from the corpus.")


def build_task(spec: Spec, split: str, index: int) -> Task:
    facts, stats = reference(spec)
    ds = DATASETS[spec.dataset]
    return Task(
        id=f"research-{split}-{spec.id}-{index}", env="research", difficulty=spec.level,
        prompt=(Message(role="system", content=SYSTEM_PROMPT),
                Message(role="user", content=question_text(spec, [f["key"] for f in facts]))),
        metadata={"dataset": spec.dataset, "doc_id": ds.doc_id, "topic": ds.topic,
                  "stat": spec.stat, "args": dict(spec.args), "level": spec.level,
                  "analyses": analyses(spec), "keys": [f["key"] for f in facts]},
        verification={"facts": facts, "stats": stats, "doc_id": ds.doc_id, "alpha": ALPHA})


def make_tasks(n: int, seed: int, split: str, difficulty: int | None) -> list[Task]:
    levels = [difficulty] if difficulty is not None else list(LEVELS)
    pools = {lv: split_specs(lv, split) for lv in levels}
    rng = random.Random(f"research:{split}:{seed}")
    offsets = {lv: rng.randrange(len(pools[lv])) for lv in levels}
    out = []
    for i in range(n):
        lv = levels[i % len(levels)]
        pool = pools[lv]
        out.append(build_task(pool[(offsets[lv] + i // len(levels)) % len(pool)], split, i))
    return out
