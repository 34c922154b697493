"""`research`: a research agent over real, local material (section 12.7 of the background).

The agent answers a question about a real dataset bundled with statsmodels or scikit-learn: it
searches a BM25-indexed corpus of the documentation those packages ship (`corpus`), runs its
own analysis in the sandbox or with `compute_stats` (`episode`), and writes a report graded
against a reference analysis computed by veriloop (`questions`, `grading`): correctness of the
findings, reproducibility (every number must appear in an execution log), sections, verified
citations, originality, execution shaping, efficiency and, optionally, rotating LLM judges;
with the anti-hacking checks of section 12.7.10. Levels 1-4: summarise the documentation ->
one test -> a controlled comparison -> a two-part study. `research_expert` demonstrates it.

Sandbox: the bubblewrap sandbox's package allow-list gains scipy, pandas, statsmodels and
matplotlib (read-only); veriloop itself, scikit-learn and the task's verification data stay out
of reach, so a script cannot read the reference analysis. With `sandbox="rlimit"` there is no
such isolation (see `veriloop.sandbox`).

Splits: "train" and "test" hold different questions (every fourth question of a level is held
out); datasets are shared across them.

Options: `max_turns`, `max_retries` (failing runs of the same code before it is refused),
`exec_budget_s` (sandbox wall-clock seconds all of an episode's `execute_code` runs may take,
240 by default; keep it well below the runner's `rollout.episode_timeout` so that a stalling
episode is refused and scored, not timed out as an infrastructure fault), `judges` (policy
specs for the quality/novelty judges, rotated), `judge_weight`,
`min_quality`, `penalty`, `plagiarism_threshold`, `sandbox`, `pool_size`, `timeout_s` (per
script run; keep it below the runner's `rollout.step_timeout`, which also counts the wait for
a free sandbox when many episodes run at once: raise it for large batches).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from veriloop.envs.research.corpus import Corpus, load_corpus, verify_citations
from veriloop.envs.research.episode import ResearchEpisode, ResearchState
from veriloop.envs.research.expert import FAULTS, research_expert
from veriloop.envs.research.grading import ResearchGrader
from veriloop.envs.research.questions import LEVELS, make_tasks
from veriloop.envs.sandboxed import LazyPool, run_limits
from veriloop.errors import ConfigError
from veriloop.policy_specs import load_policy
from veriloop.sandbox import Sandbox, SandboxPool, get_sandbox
from veriloop.sandbox.bwrap import SANDBOX_DISTRIBUTIONS, BubblewrapSandbox
from veriloop.types import Task

__all__ = ["FAULTS", "Corpus", "ResearchEnv", "ResearchEpisode", "ResearchGrader",
           "ResearchState", "load_corpus", "research_expert", "verify_citations"]

# what the agent's scripts may import besides numpy (read-only, like every allowed package)
ANALYSIS_DISTRIBUTIONS = (*SANDBOX_DISTRIBUTIONS, "scipy", "pandas", "statsmodels",
                          "matplotlib")


class ResearchEnv:
    """Research questions over bundled datasets; `difficulty` 1-4 (see `questions`)."""

    name = "research"

    def __init__(self, max_turns: int = 40, max_retries: int = 3,
                 judges: Sequence[Any] = (), judge_weight: float = 0.3,
                 min_quality: float = 0.4, penalty: float = 0.05,
                 plagiarism_threshold: float = 0.3, sandbox: str = "bubblewrap",
                 pool_size: int = 2, timeout_s: float = 30.0, memory_mb: int = 2048,
                 max_output_chars: int = 4000, exec_budget_s: float = 240.0) -> None:
        if max_retries < 0:
            raise ConfigError(f"max_retries must be >= 0, got {max_retries}")
        if not exec_budget_s > 0:
            raise ConfigError(f"exec_budget_s must be > 0 seconds, got {exec_budget_s}")
        if not 0.0 <= judge_weight < 1.0:
            raise ConfigError(f"judge_weight must be in [0, 1), got {judge_weight}")
        self.max_turns, self.max_retries = max_turns, max_retries
        self.judges, self.judge_weight = list(judges), judge_weight
        self.min_quality, self.penalty = min_quality, penalty
        self.plagiarism_threshold = plagiarism_threshold
        self.limits = run_limits(timeout_s, memory_mb, max_output=200_000)
        self.sandbox_backend, self.pool_size = sandbox, pool_size
        self.max_output_chars = max_output_chars
        self.exec_budget_s = exec_budget_s
        self._pool = LazyPool(self._sandbox, pool_size)

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        if difficulty is not None and difficulty not in LEVELS:
            raise ValueError(f"difficulty must be one of {LEVELS}, got {difficulty}")
        return make_tasks(n, seed, split, difficulty)

    @property
    def pool(self) -> SandboxPool:
        """The sandbox pool (bubblewrap with the analysis packages), started on first use."""
        return self._pool.get()

    def _sandbox(self) -> Sandbox:
        sb = get_sandbox(self.sandbox_backend)
        if isinstance(sb, BubblewrapSandbox):
            sb = BubblewrapSandbox(sb.default, sb.maximum, distributions=ANALYSIS_DISTRIBUTIONS,
                                   weak_limits=sb.weak_limits)
        return sb

    def reset(self, task: Task) -> ResearchEpisode:
        return ResearchEpisode(task, load_corpus(), self.pool, self.limits, self.max_retries,
                               self.max_output_chars, exec_budget_s=self.exec_budget_s)

    def grader(self) -> ResearchGrader:
        judges = [_judge_policy(j) for j in self.judges]
        return ResearchGrader(load_corpus(), self.max_turns, judges, self.judge_weight,
                              self.min_quality, self.penalty, self.plagiarism_threshold)

    def expert(self, noise: float = 0.0, seed: int = 0) -> Any:
        """The scripted expert; with noise, a share of episodes carry one of `FAULTS`."""
        return research_expert(noise, seed)

    def close(self) -> None:
        self._pool.close()


def _judge_policy(spec: Any) -> Any:
    if isinstance(spec, str):
        return load_policy(spec)
    return spec
