"""Training data from a policy's own graded attempts: rejection sampling (RFT) and STaR.

- `keep_successes` (RFT, "Scaling relationship on learning mathematical reasoning"): of k
  samples per task keep the graded successes, drop exact duplicates (the same sequence of
  actions: "diverse" here means distinct, not embedding-diverse), optionally prefer the
  shortest (fewest policy tokens) and keep at most `max_per_task` per task.
- STaR's rationalisation (Zelikman et al. 2022): for a task none of whose samples succeeded,
  `hinted_task` re-prompts with the correct answer (`Task.verification["answer"]`; a task
  without one is not rationalised) while the grader still checks the original gold answer;
  `strip_hint` turns a successful hinted attempt into a training example whose prompt is the
  original one (the hint cut from the stored prompt, which is rendered again with the model's
  renderer: the same ids an unhinted rollout has) followed by the rationale's exact sampled
  ids, so the hint is never trained on and never seen at training time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from veriloop.types import Task, Trajectory

HINT_HEAD = "\n\n(Hint: the correct final answer is"
HINT = HINT_HEAD + " {answer}. Work it out step by step and end with that answer.)"


def _policy_tokens(t: Trajectory) -> int:
    return sum(len(u.action_ids) for u in t.turns)


def keep_successes(trajs: Sequence[Trajectory], max_per_task: int = 4,
                   shortest: bool = False) -> list[Trajectory]:
    """Passed, fault-free, distinct trajectories; per task in sample order (or shortest first),
    at most `max_per_task`. Tasks in first-seen order."""
    by_task: dict[str, list[Trajectory]] = {}
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for t in trajs:
        if not t.passed or t.is_infra_error:
            continue
        key = (t.task_id, tuple(u.action_text for u in t.turns))
        if key in seen:
            continue
        seen.add(key)
        by_task.setdefault(t.task_id, []).append(t)
    out: list[Trajectory] = []
    for group in by_task.values():
        if shortest:
            group = sorted(group, key=lambda t: (_policy_tokens(t), t.sample_index))
        out += group[:max_per_task]
    return out


def unsolved(tasks: Sequence[Task], trajs: Sequence[Trajectory]) -> list[Task]:
    """The tasks none of whose (fault-free) samples passed."""
    solved = {t.task_id for t in trajs if t.passed}
    return [t for t in tasks if t.id not in solved]


def with_note(task: Task, note: str, **metadata: object) -> Task:
    """`task` with `note` appended to its last user message and `metadata` added; the id and
    verification stay, so it is graded as the original (STaR's hint, Reflexion's memory)."""
    prompt = list(task.prompt)
    last = max(i for i, m in enumerate(prompt) if m.role == "user")
    prompt[last] = prompt[last].model_copy(update={"content": prompt[last].content + note})
    return task.model_copy(update={"prompt": tuple(prompt),
                                   "metadata": {**task.metadata, **metadata}})


def hinted_task(task: Task) -> Task | None:
    """`task` with the gold answer as a hint appended to its last user message; None without a
    gold answer."""
    answer = task.verification.get("answer")
    if answer is None:
        return None
    return with_note(task, HINT.format(answer=answer), star_hint=True)


def cut_note(traj: Trajectory, marker: str, renderer: Any, tag: str = "cut") -> Trajectory | None:
    """`traj` as a training example of the prompt without its note: the last user message that
    holds `marker` is cut there (the marker and all after it go), the stored prompt (with the
    environment's instructions, as the runner rendered it) is rendered again with `renderer`,
    and the attempt's turns stay exactly as sampled. None if no user message holds the marker,
    or for a trajectory whose history was rewritten (segments: later contexts saw the note)."""
    prompt = list(traj.prompt)
    hit = [i for i, m in enumerate(prompt) if m.role == "user" and marker in m.content]
    if traj.segments or not hit:
        return None
    i = hit[-1]
    prompt[i] = prompt[i].model_copy(update={"content": prompt[i].content.split(marker)[0]})
    rendered = renderer.render_prompt(prompt, traj.tools)
    return traj.model_copy(update={"prompt": tuple(prompt), "prompt_text": rendered.text,
                                   "prompt_ids": rendered.ids, "id": f"{traj.id}-{tag}"})


def strip_hint(traj: Trajectory, renderer: Any) -> Trajectory | None:
    """A hinted attempt as a training example of the original task (STaR: the hint is not
    trained on)."""
    return cut_note(traj, HINT_HEAD, renderer, "star")
