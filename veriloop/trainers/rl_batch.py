"""Step 2 of an RL step: the update's fixed inputs for a step's groups (`BatchMaker`).

Reward = grade score + shaping (overlong penalty, length/step cost, event rewards); rollouts
with infrastructure faults, or without policy tokens, are left out of baselines and updates.
Advantages come from the configured estimator (`Credit`: one baseline per group or per
turn, with the estimator's own parameters) or, when the trainer holds a critic (PPO), per token from its values (GAE). The batch
also holds what the update keeps fixed: the sampling log-probs as the old policy (recomputed
with the current weights for a text-only policy), the reference log-probs for the KL term and,
for the decoupled off-policy correction, the proximal log-probs (the weights before the update).
`build_credit` and `build_critic` build the advantage side from `algorithm`: the registry entry
`algorithm.advantage` names (`veriloop.algorithms.registries.ESTIMATORS`) and its parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, cast

import torch
from torch import Tensor

from veriloop.algorithms.advantages import (
    AdvantageFn,
    Critic,
    GroupTensors,
    difficulty_weighted,
    group_tensors,
    needs_critic,
)
from veriloop.algorithms.distill import distill_advantages, reverse_kl
from veriloop.algorithms.registries import Params, estimator
from veriloop.algorithms.shaping import Shaping
from veriloop.algorithms.turn_advantages import TurnAdvantageFn, TurnParams, turn_inputs
from veriloop.trainers.algorithm_config import AlgorithmConfig
from veriloop.trainers.batch import (
    Packed,
    TrainBatch,
    forward_logprobs,
    grouped_forward_applies,
    per_turn_rewards,
    turn_metrics,
    turn_token_values,
)
from veriloop.trainers.config import RunConfig
from veriloop.trainers.teacher import Teacher
from veriloop.types import Group, Trajectory


class BatchMaker:
    """`maker(groups) -> TrainBatch | None`, and the micro-batch layout the update uses."""

    def __init__(self, cfg: RunConfig, model: torch.nn.Module, shaping: Shaping,
                 credit: Credit | None, critic: Critic | None, ref_model: torch.nn.Module | None, needs_proximal: bool,
                 forward: Callable[..., Any], grouped: bool = True,
                 teacher: Teacher | None = None) -> None:
        """`forward(packed, entropy=False)` is the trainer's training forward; `ref_model`
        None with a KL term means LoRA: the reference is the model with its adapters off.
        `grouped=False`: that forward runs the layer modules (FSDP), so rows are capped.
        `teacher` (on-policy distillation, `algorithm.distill_teacher`) scores the sampled
        tokens; its term is added to the advantages (`veriloop.algorithms.distill`)."""
        self.cfg, self.model, self.shaping, self.grouped = cfg, model, shaping, grouped
        self.teacher = teacher
        self.credit, self.critic, self.ref_model = credit, critic, ref_model
        self.needs_proximal, self.forward = needs_proximal, forward

    def row_len(self) -> int:
        """With the grouped Llama forward (prefix once, suffixes attend to it) attention no
        longer grows with the square of the row, so rows are not capped: each row is a group
        (prompt once + its samples)."""
        if self.grouped and grouped_forward_applies(self.model):
            return 1 << 30
        return self.cfg.optim.pack_length

    def micro_packs(self, batch: TrainBatch) -> Iterator[tuple[list[int], Packed]]:
        """(rows, packed rows) of consecutive micro-batches (the same ones every time)."""
        micro = max(1, min(self.cfg.optim.micro_batch_size, self.cfg.optim.minibatch_size))
        for s in range(0, len(batch), micro):
            idx = list(range(s, min(len(batch), s + micro)))
            yield idx, batch.pack(idx, self.row_len())

    def micro_batches(self, batch: TrainBatch, mb: list[int], micro: int,
                      weight: Callable[[torch.Tensor], float], inert: list[bool],
                      ) -> tuple[list[list[int]], list[Packed], float]:
        """The minibatch `mb`'s micro-batches of at most `micro` sequences, their packed rows,
        and the minibatch's total weight (the aggregation's `weight` of all its rows). Inert
        sequences (`TrainBatch.inert`; the caller passes all False unless its loss ignores
        them) are left out of the micro-batches but still count in the total weight, so the
        accumulated gradient is the same without their forwards. A wholly inert minibatch keeps
        its first micro-batch: that forward gives the update its statistics (loss, entropy,
        ratios) and every parameter its zero gradient, and FSDP's ranks something to share."""
        live = [i for i in mb if not inert[i]] or mb[:micro]
        micros = [live[i:i + micro] for i in range(0, len(live), micro)]
        packs = [batch.pack(m, self.row_len()) for m in micros]
        return micros, packs, weight(batch.loss_mask[mb]) or 1.0  # weights add up over rows

    def ref_logprobs(self, packed: Packed) -> torch.Tensor:
        # peft's disable_adapter (a `Tensor | Module` attribute to a type checker)
        ctx = (self.model.disable_adapter()  # type: ignore[operator]
               if self.ref_model is None else nullcontext())
        model = self.model if self.ref_model is None else self.ref_model
        with torch.no_grad(), ctx:
            return forward_logprobs(model, packed, self.cfg.rollout.temperature,
                                    policy_only=True).logprobs

    def __call__(self, groups: Sequence[Group], step: int = 0) -> TrainBatch | None:
        """The fixed inputs for the trainable rollouts of `groups` (rewarded: `Shaping.shaped`)
        at training `step` (scheduled estimator parameters); None if there are none."""
        x = group_tensors(groups)  # [G, K] each
        trajs = [t for g in groups for t in g.samples if not t.is_infra_error]
        keep = torch.tensor([sum(t.loss_mask) > 0 for t in trajs], dtype=torch.bool)  # [B0]
        trajs = [t for t, k in zip(trajs, keep.tolist(), strict=True) if k]
        if not trajs:
            return None
        batch = TrainBatch.of(trajs, x.rewards[x.valid][keep])
        B, L = batch.old_logprobs.shape
        batch.ref_logprobs = torch.zeros(B, L) if self.cfg.algorithm.needs_reference else None
        batch.prox_logprobs = torch.zeros(B, L) if self.needs_proximal else None
        assert batch.sampled is not None  # TrainBatch.of fills it
        for idx, packed in self.micro_packs(batch):
            n = packed.loss_mask.shape[1]
            with torch.no_grad():
                if not all(batch.sampled[i] for i in idx):
                    # a text-only policy: the model before the update is the old policy
                    batch.old_logprobs[idx, :n] = self.forward(packed, entropy=False).logprobs
                if batch.ref_logprobs is not None:
                    batch.ref_logprobs[idx, :n] = self.ref_logprobs(packed)
                if batch.prox_logprobs is not None:  # the weights before this update
                    batch.prox_logprobs[idx, :n] = self.forward(packed, entropy=False).logprobs
        if self.credit is not None:
            batch.advantages = self.credit(groups, x, keep, trajs, L, batch.owner, step)
        else:
            assert self.critic is not None  # the trainer builds one of credit and critic
            values = torch.zeros(B, L)  # [B, L]
            for idx, packed in self.micro_packs(batch):
                with torch.no_grad():
                    out = self.forward(packed, entropy=False)
                    values[idx, :out.logprobs.shape[1]] = self.critic.values(out.hidden,
                                                                             out.selected)
            batch.old_values = values
            one = batch.owner == list(range(len(trajs)))  # else: contexts get terminal rewards
            batch.advantages, batch.returns = self.critic.advantages(
                per_turn_rewards(trajs, batch.rewards, L) if one else batch.rewards, values,
                batch.loss_mask)  # [B, L]
        distilled = self.distill(batch) if self.teacher is not None else {}
        if batch.owner == list(range(len(trajs))):  # per-turn stats of whole episodes
            batch.stats = turn_metrics(trajs, batch.rewards, batch.advantages)
        batch.stats.update(distilled)
        return batch

    def distill(self, batch: TrainBatch) -> dict[str, float]:
        """Add the teacher's per-token term to `batch.advantages` (in place) -> its metrics."""
        assert self.teacher is not None and batch.advantages is not None
        B, L = batch.old_logprobs.shape
        teacher = torch.zeros(B, L)  # [B, L]
        for idx, packed in self.micro_packs(batch):
            n = packed.loss_mask.shape[1]
            teacher[idx, :n] = self.teacher.logprobs([batch.sequences[i] for i in idx], packed)
        mask = batch.loss_mask
        a = self.cfg.algorithm
        batch.advantages = distill_advantages(batch.advantages, batch.old_logprobs, teacher,
                                              mask, a.distill_weight)
        return {"distill_reverse_kl": reverse_kl(batch.old_logprobs, teacher, mask)}


@dataclass(frozen=True)
class Credit:
    """Critic-free advantages for the trainable rollouts of a step's groups
    (`difficulty_weighting` applies to group estimators only); `neg_weight` and `pos_weight`
    scale the negative and the positive advantages of both kinds; with `mask_unfinished`, an
    episode that is not `done` gets advantage 0 after its group's baseline is taken. `params`
    are the estimator's own (`veriloop.algorithms.registries`): a group estimator gets them as
    keyword arguments, a turn-level one as its second argument."""

    group: AdvantageFn | None
    turn: TurnAdvantageFn | None
    params: Params
    difficulty_weighting: bool = False
    neg_weight: float = 1.0
    pos_weight: float = 1.0
    mask_unfinished: bool = False

    def _signed(self, adv: Tensor) -> Tensor:
        if self.neg_weight == 1.0 and self.pos_weight == 1.0:
            return adv
        return torch.where(adv < 0, adv * self.neg_weight, adv * self.pos_weight)

    def _finished(self, trajs: Sequence[Trajectory]) -> Tensor:
        """[B0] 1 for an episode that may be updated, 0 for an unfinished one when masked."""
        if not self.mask_unfinished:
            return torch.ones(len(trajs))
        return torch.tensor([float(t.done) for t in trajs])

    def __call__(self, groups: Sequence[Group], x: GroupTensors, keep: Tensor,
                 trajs: Sequence[Trajectory], L: int, owner: Sequence[int] | None = None,
                 step: int = 0) -> Tensor:
        """`x`: the groups' tensors (`group_tensors`, [G, K]); `keep` [B0] picks the trainable
        ones among the valid rollouts (`trajs`); `owner` maps the batch's sequences (contexts)
        to them -> advantages [B] (group) or [B, L] (turn-level) per sequence. `step` (1-based;
        0: unscheduled) resolves scheduled parameters (`Params.at_step`)."""
        owner = list(owner) if owner is not None else list(range(len(trajs)))
        params = self.params.at_step(step) if step else self.params
        if self.turn is not None:
            if owner != list(range(len(trajs))):
                raise ValueError("turn-level advantages need one context per episode; use a "
                                 "trajectory-level estimator with rollout.context: summarize "
                                 "or window")
            # a turn-level estimator's entry parses its parameters into TurnParams
            adv = self._signed(self.turn(turn_inputs(groups, x), cast(TurnParams, params)))
            values = turn_token_values(trajs, adv[x.valid][keep].tolist(), L)  # [B, L]
            return values * self._finished(trajs)[:, None]
        assert self.group is not None
        adv = self.group(x.rewards, x.valid, lengths=x.lengths,
                         **params.model_dump())  # [G, K]
        if self.difficulty_weighting:
            rate = (x.passed * x.valid).sum(1) / x.valid.sum(1).clamp(min=1)  # [G]
            adv = difficulty_weighted(adv, rate)
        adv = self._signed(adv)[x.valid][keep] * self._finished(trajs)
        return adv[owner]  # [B] one per context, row-major: group, then sample


def build_credit(a: AlgorithmConfig) -> Credit:
    """The critic-free estimator `algorithm.advantage` names, with its parameters."""
    entry = estimator(a.advantage)
    params = entry.configure(a.advantage_params, a, "algorithm.advantage_params")
    turn = entry.kind == "turn"
    return Credit(None if turn else entry.fn, entry.fn if turn else None, params,
                  a.difficulty_weighting, a.neg_weight, a.pos_weight, a.mask_unfinished)


def build_critic(algorithm: AlgorithmConfig, hidden_size: int) -> Critic | None:
    """The critic `algorithm.advantage` needs (a value head with its estimator's parameters),
    or None for a critic-free estimator."""
    if not needs_critic(algorithm.advantage):
        return None
    entry = estimator(algorithm.advantage, "critic")
    p = entry.configure(algorithm.advantage_params, algorithm, "algorithm.advantage_params")
    return Critic(hidden_size, entry.fn, p.gamma, p.lam, algorithm.value_clip,
                  algorithm.value_coef)
