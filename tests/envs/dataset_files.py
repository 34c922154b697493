"""Small data files in the formats users bring (TRL standard JSONL, verl parquet) and a
ten-line reward function, written by the dataset environment's tests."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

REWARD = '''import re


def reward(completion, answer):
    """1.0 when the last number in the completion is the answer, else 0."""
    numbers = re.findall(r"-?\\d+", completion)
    if not numbers:
        return 0.0
    return float(numbers[-1] == str(answer))
'''
"""A ten-line TRL-style reward function, asking for the completion and the answer by name."""

VERL_REWARD = '''def compute_score(data_source, solution_str, ground_truth, extra_info=None):
    """verl's signature: 1.0 when the ground truth appears in the solution."""
    assert data_source == "toy/add", data_source
    return float(str(ground_truth) in solution_str)
'''


def trl_jsonl(path: Path, n: int = 500) -> Path:
    """`n` rows of TRL's standard format: a plain-text prompt and an answer."""
    with path.open("w") as f:
        for i in range(n):
            f.write(json.dumps({"prompt": f"What is {i} plus {i % 7}?",
                                "answer": str(i + i % 7)}) + "\n")
    return path


def verl_parquet(path: Path, n: int = 60) -> Path:
    """`n` rows of verl's parquet schema, written with pyarrow as verl's preprocessors do."""
    table = pa.table({
        "data_source": ["toy/add"] * n,
        "prompt": [[{"role": "user", "content": f"Add {i} and 3."}] for i in range(n)],
        "ability": ["math"] * n,
        "reward_model": [{"style": "rule", "ground_truth": str(i + 3)} for i in range(n)],
        "extra_info": [{"split": "train", "index": i} for i in range(n)],
    })
    pq.write_table(table, path)
    return path
