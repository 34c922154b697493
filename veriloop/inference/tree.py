"""Tree search over tool-using episodes, after LATS (Zhou et al., 2024): select a node by UCT,
expand it with k sampled actions, value each new child (the scorer on the finished episode, or
on one rollout to the end from the child), back the values up to the root, repeat.

Snapshots by replay: environments cannot in general be copied (sandboxes, servers), so a node
is the sequence of actions that leads to it, and reaching it means resetting a fresh episode
and re-running those actions (`ReplayPolicy`: the recorded generations, token ids and logprobs
included, for the first turns of each episode, the real policy after them). Branches never
share an episode, so they cannot interfere. This assumes a task's episodes are deterministic
given the actions (true of the built-in environments; a seeded fault injector replays alike).

Differences from LATS: no self-reflection step; selecting a finished branch that fell short
backtracks: its parent is expanded again with k more actions (LATS expands a node once); the value of a non-terminal child is the
scorer's value of one rollout (LATS mixes a judge's estimate with self-consistency); every
finished episode met on the way (terminal children and rollouts) is a candidate answer, the
best-valued one is returned (ties: found first). `scorer` as in best-of-N (`oracle`, `judge`,
`judge:MODEL`, a grader name); with `oracle` the search is told the true reward and is an upper
bound, as LATS's HotpotQA setting with environment rewards is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from veriloop.errors import UserError
from veriloop.inference.base import (
    Choice,
    InferenceContext,
)
from veriloop.inference.best_of_n import build_scorer
from veriloop.policy import Generation
from veriloop.types import FaultKind, Task, Trajectory


def uct(value_sum: float, visits: int, parent_visits: int, c: float) -> float:
    """Mean value plus `c * sqrt(ln(parent_visits) / visits)`; an unvisited node is +inf."""
    if visits == 0:
        return math.inf
    return value_sum / visits + c * math.sqrt(math.log(max(parent_visits, 1)) / visits)


@dataclass(eq=False)
class Node:
    actions: tuple[Generation, ...] = ()
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    visits: int = 0
    value_sum: float = 0.0
    terminal: bool = False

    def best_child(self, c: float) -> Node:
        """The child with the highest UCT (ties: the first expanded)."""
        return max(self.children, key=lambda ch: uct(ch.value_sum, ch.visits, self.visits, c))

    def backup(self, value: float) -> None:
        node: Node | None = self
        while node is not None:
            node.visits += 1
            node.value_sum += value
            node = node.parent


def select_leaf(root: Node, c: float) -> Node:
    node = root
    while node.children and not node.terminal:
        node = node.best_child(c)
    return node


def as_generation(turn: Any) -> Generation:
    return Generation(text=turn.action_text, token_ids=turn.action_ids,
                      logprobs=turn.action_logprobs, finish_reason=turn.finish_reason)


class ReplayPolicy:
    """Replays `prefixes[sample_index]` as the first generations of each episode, then asks the
    real policy; `tokens` counts what the real policy generated."""

    def __init__(self, policy: Any, prefixes: Sequence[Sequence[Generation]]) -> None:
        self.policy, self.prefixes = policy, [tuple(p) for p in prefixes]
        self.name, self.renderer = policy.name, policy.renderer
        self.scripted = getattr(policy, "scripted", False)
        self.tokens = 0
        self._turn: dict[str, int] = {}

    def generate(self, requests: Sequence[Any], params: Any) -> list[Generation]:
        out: list[Generation | None] = []
        live = []
        for r in requests:
            turn = self._turn.get(r.key, 0)
            self._turn[r.key] = turn + 1
            prefix = self.prefixes[r.sample_index]
            if turn < len(prefix):
                out.append(prefix[turn])
            else:
                out.append(None)
                live.append(len(out) - 1)
        if live:
            gens = self.policy.generate([requests[i] for i in live], params)
            for i, g in zip(live, gens, strict=True):
                ids = g.token_ids if g.token_ids is not None else \
                    self.renderer.render_action(g.text).ids
                self.tokens += len(ids)
                out[i] = g
        return [g for g in out if g is not None]

    def release(self, key: str) -> None:
        self._turn.pop(key, None)
        self.policy.release(key)


@dataclass
class TreeSearch:
    """LATS-style search per task: `iterations` select-expand-evaluate-backup rounds, `k`
    actions per expansion, exploration constant `c`; stops early once a finished episode's
    value reaches `stop_at`."""

    k: int = 3
    iterations: int = 8
    c: float = 1.0
    scorer: str = "judge"
    stop_at: float = 1.0
    name: str = "tree"

    def run(self, ctx: InferenceContext, tasks: Sequence[Task], n: int) -> list[Choice]:
        """`n`, when given (> 1), sets `k`: the branching factor."""
        k = n if n > 1 else self.k
        score = build_scorer(self.scorer, ctx.policy)
        return [self._search(ctx, task, k, score) for task in tasks]

    def _search(self, ctx: InferenceContext, task: Task, k: int, score: Any) -> Choice:
        env_max = ctx.env.max_turns
        root, found = Node(), []  # found: (value, trajectory) of finished episodes
        spent, seed, expansions = 0, (ctx.rollout.seed or 0), 0

        def value(traj: Trajectory) -> float:
            nonlocal spent
            v, cost = score(task, traj)
            spent += cost
            found.append((v, traj))
            return v

        for _ in range(self.iterations):
            leaf = select_leaf(root, self.c)
            if leaf.terminal:  # a finished branch below the target: backtrack to its parent
                leaf.backup(leaf.value_sum / max(leaf.visits, 1))
                if leaf.parent is None:
                    break
                leaf = leaf.parent  # and sample k more actions there
            depth = len(leaf.actions)
            seed += 1
            replay = ReplayPolicy(ctx.policy, [leaf.actions] * k)
            (trajs,) = ctx.sample([task], k, policy=replay, max_turns=depth + 1, seed=seed)
            spent += replay.tokens
            expansions += 1
            fresh = []
            for traj in trajs:
                if traj.is_infra_error or len(traj.turns) <= depth:
                    continue
                cut = traj.fault is not None and traj.fault.kind == FaultKind.STEP_BUDGET \
                    and depth + 1 < env_max  # stopped by the expansion's own turn limit
                child = Node(leaf.actions + (as_generation(traj.turns[depth]),), leaf,
                             terminal=not cut)
                leaf.children.append(child)
                if cut:
                    fresh.append(child)
                else:
                    child.backup(value(traj))
            if fresh:
                seed += 1
                replay = ReplayPolicy(ctx.policy, [ch.actions for ch in fresh])
                (rolls,) = ctx.sample([task], len(fresh), policy=replay, seed=seed)
                spent += replay.tokens
                for child, traj in zip(fresh, rolls, strict=True):
                    child.backup(0.0 if traj.is_infra_error else value(traj))
            if not leaf.children:  # nothing could be expanded here: do not select it again
                leaf.terminal = True
                leaf.backup(0.0)
            if any(v >= self.stop_at for v, _ in found):
                break
        best = max(range(len(found)), key=lambda i: (found[i][0], -i), default=None)
        chosen = found[best][1] if best is not None else None
        return Choice(task.id, chosen, spent, len(found),
                      {"expansions": expansions, "values": [round(v, 4) for v, _ in found]})


def tree(k: int = 3, iterations: int = 8, c: float = 1.0, scorer: str = "judge",
         stop_at: float = 1.0) -> TreeSearch:
    """LATS-style tree search (`k` actions per expansion, `iterations` rounds, UCT constant
    `c`, `scorer` values finished episodes)."""
    if k < 1 or iterations < 1:
        raise UserError(f"tree search needs k >= 1 and iterations >= 1, got k={k}, "
                        f"iterations={iterations}")
    return TreeSearch(k=k, iterations=iterations, c=c, scorer=scorer, stop_at=stop_at)
