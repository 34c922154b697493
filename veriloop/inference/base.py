"""What every inference-time scaling method shares: sampling candidates with the rollout
runner, the `Choice` a method returns per task, token accounting, and the method registry.

A method is an object with `run(ctx, tasks, n) -> list[Choice]`. Most methods sample `n`
complete episodes per task and then pick one (`SelectMethod` wraps a plain
`select(ctx, task, candidates) -> Selection` function); tree search drives episodes itself.
The chosen trajectory keeps the grade the environment's grader gave it when it was sampled, so
a method's accuracy is the share of tasks whose chosen trajectory passed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from veriloop.errors import UserError
from veriloop.registry import Registry
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.runner import RolloutRunner
from veriloop.types import Task, Trajectory


def policy_tokens(trajectory: Trajectory) -> int:
    """Tokens the policy generated in this episode (its actions, not prompts or observations)."""
    return sum(len(t.action_ids) for t in trajectory.turns)


@dataclass
class InferenceContext:
    """The environment, the policy and how to sample from it (`rollout`: temperature, token
    budgets, seed). `on_trajectory` sees every sampled episode (e.g. a store's `append`)."""

    env: Any
    policy: Any
    rollout: RolloutConfig = field(default_factory=RolloutConfig)
    on_trajectory: Callable[[Trajectory], None] | None = None
    grader: Any = None

    def __post_init__(self) -> None:
        if self.grader is None:
            self.grader = self.env.grader()

    def sample(self, tasks: Sequence[Task], n: int, policy: Any = None,
               max_turns: int | None = None, seed: int | None = None) -> list[list[Trajectory]]:
        """`n` graded episodes of each task (one batched runner call), grouped per task."""
        update: dict[str, Any] = {"group_size": n}
        if seed is not None:
            update["seed"] = seed
        runner = RolloutRunner(self.env, policy or self.policy, self.rollout.model_copy(
            update=update), grader=self.grader, on_trajectory=self.on_trajectory,
            max_turns=max_turns)
        trajs = runner.run(tasks)
        return [trajs[i * n:(i + 1) * n] for i in range(len(tasks))]


@dataclass(frozen=True)
class Selection:
    """A selection among candidates: the chosen index (None: no candidate), the tokens the
    selection itself cost (judge or selector calls), the candidates' tokens an engine would not
    have generated (traces stopped early) and what it saw (votes, confidences)."""

    index: int | None
    extra_tokens: int = 0
    tokens_saved: int = 0
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Choice:
    """One task's answer: the chosen trajectory, tokens spent on the task (every candidate's
    policy tokens plus the selection's), how many candidates were considered."""

    task_id: str
    trajectory: Trajectory | None
    tokens: int
    candidates: int
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def passed(self) -> bool:
        return self.trajectory is not None and self.trajectory.passed

    @property
    def answer(self) -> str | None:
        return self.trajectory.final_answer if self.trajectory is not None else None


class InferenceMethod(Protocol):
    name: str

    def run(self, ctx: InferenceContext, tasks: Sequence[Task], n: int) -> list[Choice]: ...


class CountingPolicy:
    """A policy that counts the tokens it generates (for selectors and judges, whose replies
    are not episodes): `tokens` grows by each generation's length."""

    def __init__(self, policy: Any) -> None:
        self.policy, self.name, self.renderer = policy, policy.name, policy.renderer
        self.tokens = 0

    def generate(self, requests: Sequence[Any], params: Any) -> list[Any]:
        gens = self.policy.generate(requests, params)
        for g in gens:
            ids = g.token_ids if g.token_ids is not None else \
                self.renderer.render_action(g.text).ids
            self.tokens += len(ids)
        return gens

    def release(self, key: str) -> None:
        self.policy.release(key)


Select = Callable[[InferenceContext, Task, list[Trajectory]], Selection]


@dataclass
class SelectMethod:
    """Sample `n` episodes per task, then `select` one. `choose` re-selects over the first `m`
    of already sampled candidates, which gives accuracy-versus-N curves from one sampling run."""

    name: str
    select: Select

    def run(self, ctx: InferenceContext, tasks: Sequence[Task], n: int) -> list[Choice]:
        groups = ctx.sample(tasks, n)
        return self.choose(ctx, tasks, groups, n)

    def choose(self, ctx: InferenceContext, tasks: Sequence[Task],
               groups: Sequence[Sequence[Trajectory]], m: int) -> list[Choice]:
        out = []
        for task, group in zip(tasks, groups, strict=True):
            cands = list(group[:m])
            sel = self.select(ctx, task, cands)
            spent = sum(policy_tokens(t) for t in cands) + sel.extra_tokens - sel.tokens_saved
            chosen = cands[sel.index] if sel.index is not None else None
            out.append(Choice(task.id, chosen, spent, len(cands), sel.details))
        return out


METHODS: Registry[Callable[..., InferenceMethod]] = Registry("inference method")
register_method = METHODS.register  # `@register_method("name")` on a factory of your own
# The built-in methods, imported on first use (their modules import this one).
METHODS.lazy("first", "veriloop.inference.voting:first")
METHODS.lazy("majority", "veriloop.inference.voting:majority")
METHODS.lazy("deepconf", "veriloop.inference.deepconf:deepconf")
METHODS.lazy("deepconf-online", "veriloop.inference.deepconf:deepconf_online")
METHODS.lazy("best-of-n", "veriloop.inference.best_of_n:best_of_n")
METHODS.lazy("genselect", "veriloop.inference.genselect:genselect")
METHODS.lazy("tree", "veriloop.inference.tree:tree")


def list_methods() -> list[str]:
    return METHODS.names()


def get_method(name: str, **options: Any) -> InferenceMethod:
    """The method `name` built with keyword options; a `UserError` for an unknown name or
    option."""
    try:
        factory = METHODS.get(name)
    except KeyError as e:
        raise UserError(e.args[0]) from None
    try:
        return factory(**options)
    except TypeError as e:
        raise UserError(f"inference method '{name}' does not take the options {sorted(options)} "
                        f"({e}); drop or fix --inference-option") from None
