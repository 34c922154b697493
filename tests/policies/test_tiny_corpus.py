"""The cached tiny model is rebuilt only when `FORMAT_VERSION` changes, so its build must be a
function of the checkout alone, and a change of its corpus must come with a version bump.

The corpus is environment text (arithmetic and workspace episodes played by their noisy
experts): editing an environment's prompts, tool results or expert changes the tokenizer. On
2026-11-28 a cache built from 77ee922 differed from a fresh build (merge 263 'en' vs 'th') with
FORMAT_VERSION 3 unchanged; the BPE training itself is deterministic across processes."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

from veriloop.policies.tiny import FORMAT_VERSION
from veriloop.run.tiny import corpus

# sha256 (first 16 hex digits) of a small sample of the corpus, per FORMAT_VERSION. When this
# test fails, the tiny model's corpus changed: bump FORMAT_VERSION in veriloop/policies/tiny.py
# (so every machine's cached model is rebuilt) and add the new version's fingerprint here.
PROBE_FINGERPRINTS = {4: "ebaf5b8d9bbfb10b"}

# a fresh process: the sample's tokenizer under this process's PYTHONHASHSEED
TOKENIZER_IN_SUBPROCESS = """
import hashlib
from veriloop.policies.tiny import train_tokenizer
from veriloop.run.tiny import corpus
print(hashlib.sha256(train_tokenizer(corpus(40, seed=0, n_workspace=20)).to_str().encode())
      .hexdigest())
"""


def _probe_fingerprint() -> str:
    texts = corpus(40, seed=0, n_workspace=20)
    return hashlib.sha256("\x00".join(texts).encode()).hexdigest()[:16]


def test_corpus_change_comes_with_a_format_version_bump():
    found = _probe_fingerprint()
    assert PROBE_FINGERPRINTS.get(FORMAT_VERSION) == found, (
        f"the tiny model's corpus changed (sample fingerprint {found}): bump FORMAT_VERSION in "
        f"veriloop/policies/tiny.py and record {{new_version: '{found}'}} in PROBE_FINGERPRINTS")


def test_tokenizer_is_the_same_under_any_hash_seed():
    # set and dict-of-str orders follow PYTHONHASHSEED; a build that depended on one would give
    # each process its own tokenizer
    outs = [subprocess.run([sys.executable, "-c", TOKENIZER_IN_SUBPROCESS], capture_output=True,
                           text=True, timeout=600, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip()
            for seed in ("1", "2")]
    assert len(outs[0]) == 64 and outs[0] == outs[1]
