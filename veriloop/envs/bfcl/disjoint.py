"""Disjointness of synthesized tasks from BFCL's test prompts: near-duplicate detection.

Texts are lower-cased and reduced to their words (letters and digits); two texts are compared by
the Jaccard similarity of their word-trigram sets (word sets for texts under three words).
`bfcl_questions()` indexes every user message of every BFCL category, all turns included
(about 4,400 texts), by trigram, so a look-up compares a text only with the questions that
share a trigram with it. `near_duplicate(text)` is true at a similarity of 0.5 or more: one
word changed in a 13-word question leaves 8 of 11 trigrams, 8/14 = 0.57.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from veriloop.envs.bfcl.data import CATEGORIES, load_category


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shingles(text: str, n: int = 3) -> frozenset[tuple[str, ...]]:
    """The text's word n-grams after normalisation (its words, if it has fewer than n)."""
    tokens = _tokens(text)
    if len(tokens) < n:
        return frozenset({tuple(tokens)}) if tokens else frozenset()
    return frozenset(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


class QuestionIndex:
    """Texts indexed by word trigram, for near-duplicate look-ups."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)
        self.grams = [shingles(t) for t in self.texts]
        self.by_gram: dict[tuple[str, ...], list[int]] = {}
        for i, grams in enumerate(self.grams):
            for g in grams:
                self.by_gram.setdefault(g, []).append(i)

    def nearest(self, text: str) -> tuple[float, str]:
        """The highest Jaccard similarity to an indexed text, and that text."""
        mine = shingles(text)
        best, where = 0.0, ""
        for i in {i for g in mine for i in self.by_gram.get(g, ())}:
            score = len(mine & self.grams[i]) / len(mine | self.grams[i])
            if score > best:
                best, where = score, self.texts[i]
        return best, where


@cache
def bfcl_questions() -> QuestionIndex:
    """Every user message of every BFCL category (all turns)."""
    texts = [m["content"] for c in CATEGORIES for e in load_category(c)
             for turn in e["question"] for m in turn if m.get("role") == "user"]
    return QuestionIndex(texts)


def near_duplicate(text: str, threshold: float = 0.5, index: QuestionIndex | None = None
                   ) -> bool:
    """Whether `text` is a near-duplicate of a BFCL question (trigram Jaccard >= threshold)."""
    return (index or bfcl_questions()).nearest(text)[0] >= threshold
