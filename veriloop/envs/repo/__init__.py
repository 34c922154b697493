"""`repo`: repair a bug in a small generated Python repository, graded by hidden tests.

Each task is a multi-file package (see `generator`) with one seeded bug from one of the bug
families (`families`, 35 of them over three difficulty levels), a visible failing test named in
the prompt, and hidden tests used only for grading. Tools: `list_files`, `read_file`, `search`,
`edit_file` (search/replace, line range, or new file), `run_tests` (pytest in the sandbox) and
`submit`. Grading (`grading`) restores the tests and test configuration from the pristine copy,
flags any change to them (flagged episodes score 0), runs the hidden tests in the sandbox, and
reports whether the agent ran the tests after its last edit. `RepoExpertPolicy` solves every
family through the tools.

Splits: "train" and "test" draw repositories from different random streams (package names,
unrelated modules); the bug families are shared, so the split measures generalisation across
repositories, not across kinds of bugs.
"""

from __future__ import annotations

import random
from typing import Literal

from veriloop.envs.judging import check_reward
from veriloop.envs.repo.episode import RepoEpisode, RepoState, apply_edit
from veriloop.envs.repo.expert import RepoExpertPolicy
from veriloop.envs.repo.families import FAMILIES
from veriloop.envs.repo.family import Family
from veriloop.envs.repo.generator import Repo, build_repo, fixed_files
from veriloop.envs.repo.grading import RepoGrader, grading_files, replay_edits
from veriloop.envs.sandboxed import LazyPool, run_limits
from veriloop.graders.base import Grader
from veriloop.sandbox import SandboxPool
from veriloop.types import Message, Task

__all__ = ["FAMILIES", "Family", "Repo", "RepoEnv", "RepoEpisode", "RepoExpertPolicy",
           "RepoGrader", "RepoState", "apply_edit", "build_repo", "fixed_files",
           "grading_files", "replay_edits"]

SYSTEM_PROMPT = (
    "You are working in a Python repository. Find and fix the bug in the package's code so that "
    "the failing test passes; do not change the tests. Use the tools to look around, edit files "
    "and run the tests, then call submit.")


class RepoEnv:
    """Bug-fixing in generated repositories; `difficulty` 1-3 (see `families`)."""

    name = "repo"

    def __init__(self, max_turns: int = 12, reward: Literal["all", "fraction"] = "all",
                 sandbox: str = "bubblewrap", pool_size: int = 2, timeout_s: float = 30.0,
                 memory_mb: int = 1024, max_output_chars: int = 4000) -> None:
        self.max_turns, self.max_output_chars = max_turns, max_output_chars
        self.reward, self.limits = check_reward(reward), run_limits(timeout_s, memory_mb)
        self.sandbox_backend, self.pool_size = sandbox, pool_size
        self._pool = LazyPool(sandbox, pool_size)

    def tasks(self, n: int, *, seed: int = 0, split: str = "train",
              difficulty: int | None = None) -> list[Task]:
        if split not in ("train", "test"):
            raise ValueError(f"split must be 'train' or 'test', got {split!r}")
        families = [f for f in FAMILIES if difficulty is None or f.difficulty == difficulty]
        if not families:
            raise ValueError(f"difficulty must be 1, 2 or 3, got {difficulty}")
        rng = random.Random(f"repo:{split}:{seed}")
        offset = rng.randrange(len(families))
        return [self.task_for(build_repo(families[(offset + i) % len(families)], rng), split)
                for i in range(n)]

    def task_for(self, repo: Repo, split: str = "train") -> Task:
        user = (f"The test `{repo.failing_test}` fails. Fix the bug in the `{repo.package}` "
                "package so that it passes (other behaviour must stay correct).")
        return Task(
            id=f"repo-{split}-{repo.family.name}-{repo.fingerprint}", env=self.name,
            difficulty=repo.family.difficulty,
            prompt=(Message(role="system", content=SYSTEM_PROMPT),
                    Message(role="user", content=user)),
            metadata={"family": repo.family.name, "package": repo.package, "files": repo.files,
                      "failing_test": repo.failing_test},
            verification={"hidden_tests": repo.hidden_tests,
                          "hidden_names": list(repo.hidden_names),
                          "protected": list(repo.protected),
                          "fix": {"path": repo.fix.path, "search": repo.fix.search,
                                  "replace": repo.fix.replace}})

    @property
    def pool(self) -> SandboxPool:
        """The sandbox pool, started on first use (listing tasks needs no sandbox)."""
        return self._pool.get()

    def check_task(self, task: Task) -> None:
        """A ValueError saying what a task from a file lacks (`veriloop.data.task_files`).
        Shapes only: none of the task's code runs here (it runs only in the sandbox)."""
        md, v = task.metadata, task.verification
        files, fix = md.get("files"), v.get("fix")
        if not isinstance(md.get("package"), str) or not isinstance(files, dict) or not all(
                isinstance(k, str) and isinstance(c, str) for k, c in files.items()):
            raise ValueError("its metadata needs 'package' (a name) and 'files' (path -> text)")
        if not isinstance(v.get("hidden_tests"), str) or not all(
                isinstance(v.get(k), list) for k in ("hidden_names", "protected")) \
                or not isinstance(fix, dict):
            raise ValueError("its verification needs 'hidden_tests' (text), 'hidden_names' and "
                             "'protected' (lists) and 'fix'")
        path, search = fix.get("path"), fix.get("search")
        if not isinstance(path, str) or path not in files or not isinstance(search, str) \
                or search not in files[path] or not isinstance(fix.get("replace"), str):
            raise ValueError("verification.fix must replace text found in its metadata.files "
                             "file 'path'")

    def expert(self, noise: float = 0.0, seed: int = 0) -> RepoExpertPolicy:
        """The scripted demonstrator (the family's reference fix) and its noisy variants."""
        return RepoExpertPolicy(noise=noise, seed=seed)

    def reset(self, task: Task) -> RepoEpisode:
        return RepoEpisode(task, self.pool, self.limits, self.max_output_chars)

    def grader(self) -> Grader:
        return RepoGrader(self.pool, self.limits, self.reward)

    def close(self) -> None:
        self._pool.close()
