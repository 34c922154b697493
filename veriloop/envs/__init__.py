"""Environments: the protocol every world follows (`base`), the registry that finds worlds by
name (`registry`), and the built-in worlds, each a plugin package of its own:

    arithmetic/  word problems with a calculator          code/      HumanEval in a sandbox
    bfcl/        BFCL function calling (+ bfcl_synth)     repo/      repair a generated repo
    research/    data analysis with citations             workspace/ mail, chat, drive, ...
    math/        word problems and expressions, \boxed{} answers graded by the math verifier
    dataset/     your own data file (JSONL, CSV, Parquet; TRL and verl formats) and a reward

A world's package holds its tasks, tools, expert, grader and a README; nothing outside it
imports its modules, only the names its `__init__` exports. The worlds are declared as entry
points in the `veriloop.environments` group (pyproject.toml), the same group a third-party
package uses, so `get_env("arithmetic")` and `get_env("my_plugin")` are found the same way.
Shared, world-free code: `judging/` (the sandboxed judge the code and repo worlds share),
`paths` (file paths inside a world) and `latency` (step latency around any environment).
"""

from __future__ import annotations

from veriloop.envs.base import (
    Environment,
    Episode,
    Observation,
    ScriptedExpert,
    ToolEpisode,
    ToolState,
    expert_for,
    set_step_budget,
)
from veriloop.envs.registry import (
    ENVIRONMENTS,
    env_factory,
    get_env,
    list_envs,
    load_env_module,
    register_env,
)

__all__ = ["ENVIRONMENTS", "Environment", "Episode", "Observation", "ScriptedExpert",
           "ToolEpisode", "ToolState", "env_factory", "expert_for", "get_env", "list_envs",
           "load_env_module", "register_env", "set_step_budget"]
