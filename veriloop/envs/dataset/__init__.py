"""`dataset`: bring your own data. Tasks come from a JSONL, JSON, CSV or Parquet file (or a
saved Hugging Face dataset) read through `datasets`; a reward by name or a user function
scores them; single-turn, or the multi-turn tool loop when the rows carry tools.

    loader.py      files -> memory-mapped rows, each knowing its file and row number
    columns.py     the column mapping (TRL standard and conversational, verl's parquet)
    rewards.py     env.options.reward: names, weights, the dataset-only rewards
    user_reward.py a user's `file.py:function` reward, by parameter name, with a timeout
    user_call.py   what the grader worker runs to call that function
    single_turn.py the episode of a task without tools
    expert.py      the (noisy) expert that gives the reference answer
    env.py         DatasetEnv: the environment itself

docs/byod.md ("Train on your own data") walks through it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DatasetEnv"]


def __getattr__(name: str) -> Any:
    """`DatasetEnv`, imported on first use (the registry's entry point asks for it)."""
    if name == "DatasetEnv":
        # lazy: `datasets` takes seconds to import, and the reward worker process imports this
        # package (for user_call) without needing it
        from veriloop.envs.dataset.env import DatasetEnv

        return DatasetEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
