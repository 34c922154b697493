"""The `bfcl` environment: BFCL's tasks of the chosen categories, single- or multi-turn
episodes, BFCL's grading and the ground-truth expert (see the package docstring)."""

from __future__ import annotations

from veriloop.envs.bfcl.data import CATEGORIES, canonical, is_multi_turn
from veriloop.envs.bfcl.episode import MultiTurnEpisode, SingleTurnEpisode
from veriloop.envs.bfcl.expert import BfclExpert
from veriloop.envs.bfcl.grading import BfclGrader
from veriloop.envs.bfcl.tasks import select_tasks
from veriloop.envs.bfcl.variation import check_family, vary_task
from veriloop.types import Task


class BfclEnv:
    """BFCL (Berkeley Function-Calling Leaderboard): single-turn AST and multi-turn stateful.

    Options: `categories` (default all nine; unknown names are a ValueError listing the valid
    ones); `max_turns`, the step budget of an episode (multi-turn: every message of every user
    turn); `max_steps_per_turn`, after which a multi-turn episode is force-quit (BFCL: 20);
    `max_output_chars` of a call result shown to the agent (the grader sees it whole);
    `tool_variation`: none, train or held-out (`variation`), seeded by `variation_seed` and
    the task id; `reward`: `pass` (BFCL's verdict, 1 or 0) or `partial` (a failed episode
    earns partial credit up to 0.5 for RL signal; success stays BFCL's verdict: `grading`)."""

    name = "bfcl"
    # a message may hold several calls (the parallel categories ask for them): it ends at the
    # end-of-turn token or an answer, never at the first `</tool_call>` (`envs.base.turn_stop`)
    stop = ("</answer>",)

    def __init__(self, categories: list[str] | None = None, max_turns: int = 100,
                 max_steps_per_turn: int = 20, max_output_chars: int = 8000,
                 tool_variation: str = "none", variation_seed: int = 0,
                 reward: str = "pass") -> None:
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
        if reward not in ("pass", "partial"):
            raise ValueError(f"reward must be 'pass' or 'partial', got {reward!r}")
        self.reward = reward

    def tasks(self, n: int | None = None, *, seed: int = 0, split: str = "test",
              difficulty: int | None = None) -> list[Task]:
        """Up to `n` tasks of `split` ("train", "test" or "all") over the categories, in a
        seeded shuffle. BFCL has no difficulty levels."""
        if difficulty is not None:
            raise ValueError("bfcl tasks have no difficulty levels; choose categories instead "
                             f"(valid: {', '.join(CATEGORIES)})")
        return self.varied(select_tasks(self.categories, n, seed, split, self.name))

    def varied(self, tasks: list[Task]) -> list[Task]:
        """`tasks` under this environment's `tool_variation` (as they are for none)."""
        if self.tool_variation == "none":
            return tasks
        return [vary_task(t, self.tool_variation, self.variation_seed) for t in tasks]

    def reset(self, task: Task) -> SingleTurnEpisode | MultiTurnEpisode:
        if is_multi_turn(task.metadata.get("category")):
            return MultiTurnEpisode(task, max_steps_per_turn=self.max_steps_per_turn,
                                    max_output_chars=self.max_output_chars)
        return SingleTurnEpisode(task)

    def grader(self) -> BfclGrader:
        return BfclGrader(partial=self.reward == "partial")

    def expert(self, noise: float = 0.0, seed: int = 0) -> BfclExpert:
        return BfclExpert(noise=noise, seed=seed)
