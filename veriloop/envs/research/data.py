"""Real datasets bundled with statsmodels and scikit-learn, and the statistics run on them.

Every dataset is loaded from files inside the installed wheels, written once as CSV (the file
the agent's scripts read in the sandbox, `data/<name>.csv`) and read back from that CSV, so
the reference analysis, `compute_stats` and the agent's own scripts all see the same numbers.
Column names are made identifiers (`sepal length (cm)` -> `sepal_length_cm`).

The statistics (`STATS`) are plain functions returning `{name: value}`; numbers are shown with
`fmt` (6 significant digits) everywhere, so a number printed by a tool can be quoted exactly.
`script_for` writes the equivalent stand-alone Python program (scipy/statsmodels only), which
the scripted expert runs in the sandbox.
"""

from __future__ import annotations

import functools
import importlib
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from veriloop.errors import UserError


@dataclass(frozen=True)
class Dataset:
    name: str
    doc_id: str  # the corpus document that describes it
    topic: str  # a few words for the prompt and for searching


def _sm(name: str) -> Any:
    return importlib.import_module(f"statsmodels.datasets.{name}").load_pandas().data


def _sk(name: str) -> Any:
    import sklearn.datasets  # lazy: heavy (~1 s), only when a dataset is first loaded

    extra = {"scaled": False} if name == "diabetes" else {}  # real units, not z-scores
    bunch = getattr(sklearn.datasets, f"load_{name}")(as_frame=True, **extra)
    frame = bunch.frame
    if name == "iris":
        frame["species"] = [str(bunch.target_names[t]) for t in bunch.target]
    if name == "breast_cancer":
        frame["diagnosis"] = [str(bunch.target_names[t]) for t in bunch.target]
    if name == "wine":
        frame["cultivar"] = [str(bunch.target_names[t]) for t in bunch.target]
    if name == "linnerud":
        frame = bunch.data.join(bunch.target)
    return frame


DATASETS: dict[str, Dataset] = {d.name: d for d in (
    Dataset("longley", "sm:longley", "US macroeconomic employment data 1947-1962 (Longley)"),
    Dataset("statecrime", "sm:statecrime", "US statewide crime rates 2009"),
    Dataset("stackloss", "sm:stackloss", "stack loss of an ammonia oxidation plant"),
    Dataset("engel", "sm:engel", "Engel food expenditure of Belgian households"),
    Dataset("ccard", "sm:ccard", "Greene's credit card expenditure data"),
    Dataset("spector", "sm:spector", "Spector and Mazzeo program effectiveness data"),
    Dataset("fair", "sm:fair", "Fair's extramarital affairs survey"),
    Dataset("grunfeld", "sm:grunfeld", "Grunfeld corporate investment data"),
    Dataset("scotland", "sm:scotland", "Scottish Parliament taxation powers vote 1997"),
    Dataset("cpunish", "sm:cpunish", "US capital punishment by state"),
    Dataset("diabetes", "sk:diabetes", "diabetes disease progression (Efron et al.)"),
    Dataset("iris", "sk:iris", "Fisher's iris plants"),
    Dataset("wine", "sk:wine_data", "wine recognition chemical analysis"),
    Dataset("breast_cancer", "sk:breast_cancer", "Wisconsin diagnostic breast cancer"),
    Dataset("linnerud", "sk:linnerud", "Linnerud exercise and physiological data"),
)}
_LOADERS: dict[str, Callable[[], Any]] = {
    **{n: functools.partial(_sm, n) for n in ("longley", "statecrime", "stackloss", "engel",
                                              "ccard", "spector", "fair", "grunfeld",
                                              "scotland", "cpunish")},
    "diabetes": lambda: _sk("diabetes"), "iris": lambda: _sk("iris"),
    "wine": lambda: _sk("wine"), "breast_cancer": lambda: _sk("breast_cancer"),
    "linnerud": lambda: _sk("linnerud"),
}


def _ident(col: object) -> str:
    return re.sub(r"[^0-9a-zA-Z]+", "_", str(col)).strip("_").lower() or "col"


@functools.cache
def csv_text(name: str) -> str:
    """The dataset as CSV (identifier column names)."""
    if name not in _LOADERS:
        raise UserError(f"unknown dataset {name!r}; known: {', '.join(sorted(DATASETS))}")
    frame = _LOADERS[name]()
    frame.columns = [_ident(c) for c in frame.columns]
    return frame.to_csv(index=False)


@functools.cache
def _frame(name: str) -> Any:
    import pandas as pd  # lazy: heavy, only when a dataset is first loaded

    return pd.read_csv(io.StringIO(csv_text(name)))


def load_frame(name: str) -> Any:
    """A fresh copy of the dataset as a pandas DataFrame, read from `csv_text`."""
    return _frame(name).copy()


def fmt(x: float) -> str:
    """How every tool shows a number: 6 significant digits."""
    if isinstance(x, int):
        return str(x)
    return f"{float(x):.6g}"


def _column(df: Any, name: str) -> Any:
    if name not in df.columns:
        raise ValueError(f"no column {name!r}; columns: {', '.join(df.columns)}")
    return df[name]


def describe(df: Any, column: str) -> dict[str, float | int]:
    col = _column(df, column).dropna()
    return {"n": len(col), "mean": float(col.mean()), "sd": float(col.std()),
            "min": float(col.min()), "max": float(col.max())}


def correlation(df: Any, x: str, y: str) -> dict[str, float | int]:
    from scipy import stats  # lazy: heavy, only when a reference analysis is computed

    d = df[[_column(df, x).name, _column(df, y).name]].dropna()
    r = stats.pearsonr(d[x], d[y])
    return {"n": len(d), "r": float(r.statistic), "p_value": float(r.pvalue)}


def ttest(df: Any, y: str, group: str, a: str, b: str) -> dict[str, float | int]:
    """Welch's two-sample t-test of `y` between rows whose `group` is `a` and `b`."""
    from scipy import stats  # lazy: heavy, only when a reference analysis is computed

    g = _column(df, group).astype(str)
    xa, xb = _column(df, y)[g == str(a)].dropna(), df[y][g == str(b)].dropna()
    if len(xa) < 2 or len(xb) < 2:
        raise ValueError(f"groups {a!r} and {b!r} of {group!r} need 2+ rows each; values: "
                         f"{', '.join(sorted(set(g))[:10])}")
    t = stats.ttest_ind(xa, xb, equal_var=False)
    return {"n_a": len(xa), "n_b": len(xb), "mean_a": float(xa.mean()),
            "mean_b": float(xb.mean()), "t": float(t.statistic), "p_value": float(t.pvalue)}


def regression(df: Any, y: str, x: str, controls: tuple[str, ...] = ()) -> dict[str, float | int]:
    """OLS of `y` on `x` and `controls` (with intercept); the statistics of `x`'s coefficient."""
    import statsmodels.api as sm  # lazy: heavy (~2 s), only for a regression

    cols = [x, *controls]
    d = df[[_column(df, c).name for c in [y, *cols]]].dropna()
    fit = sm.OLS(d[y], sm.add_constant(d[cols])).fit()
    lo, hi = fit.conf_int(0.05).loc[x]
    return {"n": int(fit.nobs), "coef": float(fit.params[x]), "se": float(fit.bse[x]),
            "t": float(fit.tvalues[x]), "p_value": float(fit.pvalues[x]),
            "ci_low": float(lo), "ci_high": float(hi), "r_squared": float(fit.rsquared)}


def mean_ci(df: Any, column: str, level: float = 0.95) -> dict[str, float | int]:
    from scipy import stats  # lazy: heavy, only when a reference analysis is computed

    col = _column(df, column).dropna()
    lo, hi = stats.t.interval(level, len(col) - 1, loc=col.mean(), scale=stats.sem(col))
    return {"n": len(col), "mean": float(col.mean()), "ci_low": float(lo),
            "ci_high": float(hi)}


def show(stats: dict[str, float | int], prefix: str = "") -> str:
    """`key = value` lines, numbers through `fmt`."""
    return "\n".join(f"{prefix}{k} = {fmt(v)}" for k, v in stats.items())


# the same computations as stand-alone code for the sandbox (no veriloop there)
_SCRIPT_HEAD = """import pandas as pd
df = pd.read_csv("data/{dataset}.csv")
def show(stats, prefix=""):
    for k, v in stats.items():
        print(f"{{prefix}}{{k}} = {{v if isinstance(v, int) else format(float(v), '.6g')}}")
"""
_SCRIPT_PARTS = {
    "describe": """col = df[{column!r}].dropna()
show({{"n": int(len(col)), "mean": col.mean(), "sd": col.std(), "min": col.min(),
      "max": col.max()}}, {prefix!r})
""",
    "correlation": """from scipy import stats
d = df[[{x!r}, {y!r}]].dropna()
r = stats.pearsonr(d[{x!r}], d[{y!r}])
show({{"n": int(len(d)), "r": r.statistic, "p_value": r.pvalue}}, {prefix!r})
""",
    "ttest": """from scipy import stats
g = df[{group!r}].astype(str)
xa, xb = df[{y!r}][g == {a!r}].dropna(), df[{y!r}][g == {b!r}].dropna()
t = stats.ttest_ind(xa, xb, equal_var=False)
show({{"n_a": int(len(xa)), "n_b": int(len(xb)), "mean_a": xa.mean(), "mean_b": xb.mean(),
      "t": t.statistic, "p_value": t.pvalue}}, {prefix!r})
""",
    "regression": """import statsmodels.api as sm
cols = [{x!r}, *{controls!r}]
d = df[[{y!r}, *cols]].dropna()
fit = sm.OLS(d[{y!r}], sm.add_constant(d[cols])).fit()
lo, hi = fit.conf_int(0.05).loc[{x!r}]
show({{"n": int(fit.nobs), "coef": fit.params[{x!r}], "se": fit.bse[{x!r}],
      "t": fit.tvalues[{x!r}], "p_value": fit.pvalues[{x!r}], "ci_low": lo, "ci_high": hi,
      "r_squared": fit.rsquared}}, {prefix!r})
""",
}
STATS: dict[str, Callable[..., dict[str, float | int]]] = {
    "describe": describe, "correlation": correlation, "ttest": ttest, "regression": regression,
    "mean_ci": mean_ci}


def script_for(dataset: str, analyses: list[dict[str, Any]]) -> str:
    """A stand-alone program printing each analysis (`{"stat": ..., "prefix": ..., **args}`)
    exactly as `show(STATS[stat](df, **args), prefix)` would."""
    parts = [_SCRIPT_HEAD.format(dataset=dataset)]
    for a in analyses:
        args = {k: (tuple(v) if isinstance(v, list) else v) for k, v in a.items() if k != "stat"}
        args.setdefault("prefix", "")
        parts.append(_SCRIPT_PARTS[a["stat"]].format(**args))
    return "".join(parts)
