"""Experience retrieval: solved trajectories as few-shot demonstrations for similar tasks.

`ExperienceIndex` is a BM25 index (the `bm25s` library; lower-cased word tokens, no stemming, no
stop-word list) over the questions (user messages) of stored trajectories that passed without a
fault; one entry per distinct task, its shortest passing solution. `search(question, k)` returns
the k most similar solved tasks (a zero BM25 score is not a match), never the task itself.
`with_examples` puts them under a task's prompt as worked examples
(`veriloop.data.rejection.with_note`, so the task is graded as before); `veriloop eval
--experience STORE --shots K` evaluates with them.

A Voyager-style skill library of verified tool-call programs is `veriloop.data.skills` (the
same index, programs instead of whole solutions). Not done here: embedding search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from veriloop.data.rejection import with_note
from veriloop.data.store import TrajectoryStore
from veriloop.errors import MissingFileError, UserError
from veriloop.types import Task, Trajectory


def question_text(prompt: Sequence[object]) -> str:
    """The user messages of a prompt, joined (what is indexed and searched)."""
    return "\n".join(m.content for m in prompt if getattr(m, "role", None) == "user")


def solution_text(traj: Trajectory, limit: int = 600) -> str:
    """A trajectory's actions and tool results as text (at most `limit` characters)."""
    return "".join(f"{t.action_text}{t.observation_text}" for t in traj.turns).strip()[:limit]


@dataclass(frozen=True)
class Experience:
    task_id: str
    question: str
    solution: str
    score: float = 0.0  # BM25 score of the last search that returned it


def _tokens(texts: Sequence[str]) -> list[list[str]]:
    import bm25s  # lazy: ~0.5 s (and JAX, if installed); only an index needs it

    return bm25s.tokenize(list(texts), stopwords=None, show_progress=False, return_ids=False)


class ExperienceIndex:
    """BM25 over solved tasks' questions (see the module docstring)."""

    def __init__(self, experiences: Sequence[Experience]) -> None:
        import bm25s  # lazy: ~0.5 s (and JAX, if installed); only an index needs it

        self.items = list(experiences)
        self.bm25 = None
        if self.items:
            self.bm25 = bm25s.BM25()
            self.bm25.index(_tokens([e.question for e in self.items]), show_progress=False)

    @classmethod
    def from_trajectories(cls, trajs: Sequence[Trajectory]) -> ExperienceIndex:
        best: dict[str, Trajectory] = {}
        for t in trajs:
            if not t.passed or t.is_infra_error or not t.prompt:
                continue
            cur = best.get(t.task_id)
            if cur is None or len(t.token_ids) < len(cur.token_ids):
                best[t.task_id] = t
        return cls([Experience(tid, question_text(t.prompt), solution_text(t))
                    for tid, t in sorted(best.items())])

    def __len__(self) -> int:
        return len(self.items)

    def search(self, question: str, k: int, exclude: str | None = None) -> list[Experience]:
        """The k best matches (score > 0) other than task `exclude`, best first."""
        if self.bm25 is None or k <= 0:
            return []
        n = min(len(self.items), k + 1)
        docs, scores = self.bm25.retrieve(_tokens([question]), k=n, show_progress=False,
                                          backend_selection="numpy")  # not JAX, where installed
        out = []
        for i, s in zip(docs[0].tolist(), scores[0].tolist(), strict=True):
            e = self.items[i]
            if s > 0 and e.task_id != exclude:
                out.append(Experience(e.task_id, e.question, e.solution, float(s)))
        return out[:k]


EXAMPLES_HEADER = "\n\nSolved examples of similar tasks:\n"


def few_shot_note(examples: Sequence[Experience], header: str = EXAMPLES_HEADER) -> str:
    if not examples:
        return ""
    parts = [f"Example {i + 1}:\nTask: {e.question}\nSolution: {e.solution}"
             for i, e in enumerate(examples)]
    return header + "\n\n".join(parts)


def with_examples(task: Task, index: ExperienceIndex, k: int,
                  header: str = EXAMPLES_HEADER) -> Task:
    """`task` with its k nearest solved tasks as worked examples under the prompt."""
    found = index.search(question_text(task.prompt), k, exclude=task.id)
    if not found:
        return task
    return with_note(task, few_shot_note(found, header), retrieved=[e.task_id for e in found])


def with_experience(tasks: Sequence[Task], store: Path, shots: int) -> list[Task]:
    """Each task with the `shots` nearest solved tasks of the trajectory store `store` in its
    prompt (what `veriloop eval --experience STORE --shots K` evaluates)."""
    if not store.is_file():
        raise MissingFileError(f"--experience {store} does not exist; give a trajectory store "
                               "(trajectories.sqlite of a rollout, eval or training run)")
    with TrajectoryStore(store) as s:
        index = ExperienceIndex.from_trajectories(s.query(infra_error=False))
    if not len(index):
        raise UserError(f"--experience {store} holds no passed trajectories to retrieve")
    return [with_examples(t, index, shots) for t in tasks]
