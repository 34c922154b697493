"""`bfcl`: the Berkeley Function-Calling Leaderboard's Python categories, graded as BFCL does.

Data and backends come from the `bfcl-eval` wheel (`data`; installed `--no-deps`, none of its
provider SDKs are imported). Categories:

- single-turn `simple_python` (alias `simple`), `multiple`, `parallel`, `parallel_multiple`,
  `irrelevance`: one response, graded by BFCL's AST match against the possible answers
  (`ast_match`); irrelevance passes when the response makes no call;
- multi-turn `multi_turn_base`, `multi_turn_miss_func`, `multi_turn_miss_param`,
  `multi_turn_long_context`: a conversation of user turns whose calls run on BFCL's stateful
  backends (file system, messaging, trading, travel, vehicle ...), graded by the backends'
  final state and the calls' results against a replay of the ground truth, turn by turn
  (`grading`).

Function docs become `ToolSpec`s; calls use veriloop's tool-call format (`episode`). Each
task's `metadata["category"]` feeds the per-category breakdown of `veriloop eval`. The expert
plays the ground truth (`expert`). BFCL is a test set: see `tasks` on what the train/test split
means.

Option `tool_variation` ("train" or "held-out") gives every task a seeded variation of its
functions (`variation`: renamed tools and parameters, reordered parameters, paraphrased
descriptions, distractor tools) while grading stays BFCL's; train on "train", evaluate on
"held-out" (`veriloop eval --tool-variation held-out`) to measure accuracy under variations
never seen in training. `bfcl_synth` (`synth`) is training data that is not BFCL's test set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from veriloop.envs.bfcl.data import CATEGORIES, MULTI_TURN, SINGLE_TURN, canonical, is_multi_turn
from veriloop.envs.bfcl.episode import BfclState, MultiTurnEpisode, SingleTurnEpisode
from veriloop.types import Task

if TYPE_CHECKING:
    from veriloop.graders.base import Grader
    from veriloop.policies.base import Policy

__all__ = ["CATEGORIES", "MULTI_TURN", "SINGLE_TURN", "BfclEnv", "BfclState"]


class BfclEnv:
    """BFCL (Berkeley Function-Calling Leaderboard): single-turn AST and multi-turn stateful.

    Options: `categories` (default all nine; unknown names are a ValueError listing the valid
    ones); `max_turns`, the step budget of an episode (multi-turn: every message of every user
    turn); `max_steps_per_turn`, after which a multi-turn episode is force-quit (BFCL: 20);
    `max_output_chars` of a call result shown to the agent (the grader sees it whole);
    `tool_variation`: none, train or held-out (`variation`), seeded by `variation_seed` and
    the task id."""

    name = "bfcl"

    def __init__(self, categories: list[str] | None = None, max_turns: int = 100,
                 max_steps_per_turn: int = 20, max_output_chars: int = 8000,
                 tool_variation: str = "none", variation_seed: int = 0) -> None:
        from veriloop.envs.bfcl.variation import check_family

        if isinstance(categories, str):
            categories = [categories]
        self.categories = list(dict.fromkeys(canonical(c) for c in categories or CATEGORIES))
        if not self.categories:
            raise ValueError(f"categories is empty; valid: {', '.join(CATEGORIES)}")
        if max_steps_per_turn < 1:
            raise ValueError(f"max_steps_per_turn must be at least 1, got {max_steps_per_turn}")
        self.max_turns, self.max_steps_per_turn = max_turns, max_steps_per_turn
        self.max_output_chars = max_output_chars
        self.tool_variation, self.variation_seed = check_family(tool_variation), variation_seed

    def tasks(self, n: int | None = None, *, seed: int = 0, split: str = "test",
              difficulty: int | None = None) -> list[Task]:
        """Up to `n` tasks of `split` ("train", "test" or "all") over the categories, in a
        seeded shuffle. BFCL has no difficulty levels."""
        from veriloop.envs.bfcl.tasks import select_tasks

        if difficulty is not None:
            raise ValueError("bfcl tasks have no difficulty levels; choose categories instead "
                             f"(valid: {', '.join(CATEGORIES)})")
        return self.varied(select_tasks(self.categories, n, seed, split, self.name))

    def varied(self, tasks: list[Task]) -> list[Task]:
        """`tasks` under this environment's `tool_variation` (as they are for none)."""
        from veriloop.envs.bfcl.variation import vary_task

        if self.tool_variation == "none":
            return tasks
        return [vary_task(t, self.tool_variation, self.variation_seed) for t in tasks]

    def reset(self, task: Task) -> SingleTurnEpisode | MultiTurnEpisode:
        if is_multi_turn(task.metadata.get("category")):
            return MultiTurnEpisode(task, max_steps_per_turn=self.max_steps_per_turn,
                                    max_output_chars=self.max_output_chars)
        return SingleTurnEpisode(task)

    def grader(self) -> Grader:
        from veriloop.envs.bfcl.grading import BfclGrader

        return BfclGrader()

    def expert(self, noise: float = 0.0, seed: int = 0) -> Policy:
        from veriloop.envs.bfcl.expert import BfclExpert

        return BfclExpert(noise=noise, seed=seed)
