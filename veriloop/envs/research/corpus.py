"""The research corpus: documentation that ships with installed packages, searched with BM25.

Documents (all read from local files of installed wheels, nothing downloaded):

- `sm:<name>`: a statsmodels bundled dataset (its title, source, description and notes, the
  module attributes `TITLE`, `SOURCE`, `DESCRSHORT`, `DESCRLONG`, `NOTE`);
- `sk:<name>`: a scikit-learn bundled dataset (its `descr/*.rst` description);
- `doc:<function>`: the docstring of a statistics function in scipy or statsmodels.

Search is BM25 (`bm25s`) over title + text. Citations in a report are written `[id]` and may
quote the document: `[sm:longley] "The classic 1967 Longley Data"`; `verify_citations` checks
the id exists and the quoted text occurs in that document (whitespace- and case-insensitive).
A quote verifies only if it has at least `MIN_QUOTE_CHARS` characters (a one-letter quote
occurs in every document). `copied_fraction` measures verbatim copying: the share of the
report's word 8-grams that occur in some corpus document. Quotes that verify are left out of it
while they make up at most `QUOTE_SHARE` of the report's words; unverified quotes, and all
quotes beyond that share, count (wrapping a pasted document in quotes does not hide it).
"""

from __future__ import annotations

import functools
import importlib
import inspect
import re
from dataclasses import dataclass
from pathlib import Path

SM_DATASETS = ("longley", "statecrime", "stackloss", "engel", "ccard", "spector", "cpunish",
               "committee", "fair", "grunfeld", "scotland", "star98", "strikes", "copper",
               "heart", "cancer", "anes96", "randhie", "nile", "sunspots", "macrodata")
SK_DATASETS = ("diabetes", "iris", "wine_data", "breast_cancer", "linnerud", "digits",
               "california_housing")
DOC_FUNCTIONS = ("scipy.stats.ttest_ind", "scipy.stats.pearsonr", "scipy.stats.spearmanr",
                 "scipy.stats.linregress", "scipy.stats.mannwhitneyu", "scipy.stats.chi2_contingency",
                 "scipy.stats.shapiro", "scipy.stats.ttest_rel", "scipy.stats.t",
                 "statsmodels.regression.linear_model.OLS",
                 "statsmodels.stats.multitest.multipletests",
                 "statsmodels.stats.weightstats.DescrStatsW")
CITATION = re.compile(r"\[((?:sm|sk|doc):[A-Za-z0-9_.]+)\](?:\s*\"([^\"\n]{1,400})\")?")
NGRAM = 8
MIN_QUOTE_CHARS = 15
QUOTE_SHARE = 0.25


@dataclass(frozen=True)
class Document:
    id: str
    title: str
    text: str


def _sm_doc(name: str) -> Document:
    m = importlib.import_module(f"statsmodels.datasets.{name}")
    parts = [getattr(m, a, "") or "" for a in ("SOURCE", "DESCRSHORT", "DESCRLONG", "NOTE")]
    title = " ".join(str(getattr(m, "TITLE", name)).split()) or name
    return Document(f"sm:{name}", title, "\n\n".join(p.strip() for p in parts if p.strip()))


def _sk_doc(name: str) -> Document:
    import sklearn.datasets  # lazy: heavy (~1 s), only when the corpus is first built

    text = (Path(sklearn.datasets.__file__).parent / "descr" / f"{name}.rst").read_text()
    head = next((ln.strip() for ln in text.splitlines() if ln.strip()
                 and not ln.startswith(("..", "--", "==", "**"))), name)
    return Document(f"sk:{name}", head.strip("*_ "), text)


def _fn_doc(path: str) -> Document:
    module, _, attr = path.rpartition(".")
    obj = getattr(importlib.import_module(module), attr)
    doc = inspect.getdoc(obj) or ""
    return Document(f"doc:{path}", f"{path}: {doc.splitlines()[0] if doc else ''}", doc)


class Corpus:
    """Documents by id and a BM25 index over them."""

    def __init__(self, docs: list[Document]) -> None:
        import bm25s  # lazy: only when the corpus is indexed or searched

        self.docs = {d.id: d for d in docs}
        self._order = [d.id for d in docs]
        self._bm25 = bm25s.BM25()
        self._bm25.index(bm25s.tokenize([f"{d.title}\n{d.text}" for d in docs],
                                        show_progress=False), show_progress=False)
        self._norm = {d.id: _normalize(d.text + " " + d.title) for d in docs}
        self._ngrams = frozenset(g for d in docs for g in _ngrams(d.text))

    def __contains__(self, doc_id: str) -> bool:
        return doc_id in self.docs

    def search(self, query: str, k: int = 5) -> list[tuple[Document, float]]:
        import bm25s  # lazy: only when the corpus is indexed or searched

        tokens = bm25s.tokenize([query], show_progress=False)
        if not tokens.ids[0]:
            return []
        ids, scores = self._bm25.retrieve(tokens, k=min(k, len(self._order)),
                                          show_progress=False, backend_selection="numpy")
        return [(self.docs[self._order[int(i)]], float(s))
                for i, s in zip(ids[0], scores[0], strict=True) if s > 0]

    def quote_ok(self, doc_id: str, quote: str) -> bool:
        quote = _normalize(quote)
        return (doc_id in self.docs and len(quote) >= MIN_QUOTE_CHARS
                and quote in self._norm[doc_id])

    def without_quotes(self, text: str) -> str:
        """The text with its citations removed where they verify (a quote that does not occur
        in its document stays, so its words and numbers are checked like any others)."""
        return CITATION.sub(lambda m: " " if m.group(2) is None
                            or self.quote_ok(m.group(1), m.group(2)) else m.group(0), text)

    def copied_fraction(self, text: str) -> float:
        """Share of the text's word 8-grams found in the corpus, verified quotes left out while
        they are at most `QUOTE_SHARE` of the text's words."""
        quoted = sum(len(m.group(2).split()) for m in CITATION.finditer(text)
                     if m.group(2) and self.quote_ok(m.group(1), m.group(2)))
        if quoted <= QUOTE_SHARE * max(1, len(text.split())):
            text = self.without_quotes(text)
        grams = _ngrams(text)
        return sum(g in self._ngrams for g in grams) / len(grams) if grams else 0.0


def _normalize(text: str) -> str:
    return " ".join(text.lower().split())


def _ngrams(text: str) -> list[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return [tuple(words[i:i + NGRAM]) for i in range(len(words) - NGRAM + 1)]


@functools.cache
def load_corpus() -> Corpus:
    """The corpus built from the installed packages (once per process)."""
    return Corpus([_sm_doc(n) for n in SM_DATASETS] + [_sk_doc(n) for n in SK_DATASETS]
                  + [_fn_doc(p) for p in DOC_FUNCTIONS])


@dataclass(frozen=True)
class Citation:
    id: str
    quote: str | None
    exists: bool
    quote_ok: bool  # True when there is no quote


def verify_citations(text: str, corpus: Corpus) -> list[Citation]:
    """Every `[id]` (with its optional quote) in the text, checked against the corpus."""
    return [Citation(m.group(1), m.group(2), m.group(1) in corpus,
                     m.group(2) is None or corpus.quote_ok(m.group(1), m.group(2)))
            for m in CITATION.finditer(text)]
