"""The RL algorithm of a run (its config's `algorithm` section): which advantage estimator and
policy loss (registry names, each with its own parameters), the clip ranges, KL and entropy
terms, the off-policy correction of asynchronous rollouts, and reward shaping.

Every algorithm is a combination of named registry entries (`advantage`, `policy_loss`,
`aggregation`, `kl_estimator`) and numbers, so a YAML file selects GRPO, Dr.GRPO, DAPO, RLOO,
REINFORCE++ or PPO without code changes. The rest of a run's config is
`veriloop.trainers.config.RunConfig`, which holds this section.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from veriloop.algorithms.registries import POLICY_LOSSES


class AlgorithmConfig(BaseModel):
    """The `algorithm` section of a run's config (kind: rl)."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)  # as `Section`

    advantage: str = "grpo"
    """Advantage estimator: grpo, dr_grpo, rloo, reinforce_pp, opo (length-weighted optimal
    baseline), pass_at_k (best of `k` samples, Pass@k Training; `advantage_params: {k: 4}`,
    annealed toward pass@1 with `{k: 4, final_k: 1, anneal_steps: 100}`);
    per turn: turn_grpo, subgoal_slice, gigpo; with a value head (PPO): gae, turn_gae; or any
    estimator registered in `veriloop.algorithms.registries.ESTIMATORS`.
    YAML may also give `advantage: {name: gigpo, params: {step_weight: 0.5}}`."""
    advantage_params: dict[str, Any] = {}
    """The estimator's own parameters (its pydantic model), over the keys of this section with
    the same names (gamma, lam, step_weight)."""
    policy_loss: str = "clip"
    """Policy surrogate: clip (PPO/DAPO ratio clip), clip_cov (also detach a random `cov_ratio`
    share of tokens whose log-prob/advantage covariance is in (cov_low, cov_high)) or kl_cov
    (no ratio clip; |log ratio| penalty on the top `cov_ratio` tokens by covariance); or any
    loss registered in `veriloop.algorithms.registries.POLICY_LOSSES`. YAML may also give
    `policy_loss: {name: my_loss, params: {...}}`."""
    policy_loss_params: dict[str, Any] = {}
    """The policy loss's own parameters (its pydantic model), over the keys of this section with
    the same names (eps_low, eps_high, cov_ratio ...)."""
    cov_ratio: float = Field(2e-4, gt=0, le=1)
    """clip_cov / kl_cov: share of policy tokens selected (at least one per micro-batch)."""
    cov_low: float = 1.0
    """clip_cov: lower end of the covariance band of the tokens that may be detached."""
    cov_high: float = 5.0
    """clip_cov: upper end of that band."""
    kl_cov_coef: float = Field(1.0, ge=0)
    """kl_cov: weight of |log pi - log pi_old| on the selected tokens."""
    aggregation: str = "seq_mean_token_mean"
    """Loss aggregation: token_mean (DAPO), seq_mean_token_mean (GRPO), seq_sum_norm (Dr.GRPO)."""
    loss_norm: float | None = Field(None, gt=0)
    """Constant for seq_sum_norm; None = rollout.max_new_tokens."""
    eps_low: float = Field(0.2, ge=0)
    """Lower clip range of the ratio (1 - eps_low)."""
    eps_high: float = Field(0.2, ge=0)
    """Upper clip range of the ratio (1 + eps_high); DAPO's clip-higher uses 0.28."""
    off_policy: str = "none"
    """Correction for sampling-policy lag (asynchronous rollouts): none (clip against the
    sampling logprobs), decoupled (AReaL: clip against the trainer's weights before the update,
    weight by their ratio to the sampling policy), tis (truncated importance weights)."""
    is_cap: float | None = Field(2.0, gt=0)
    """Importance-weight cap: decoupled masks tokens above it, tis truncates at it; None: no
    cap."""
    kl_coef: float = Field(0.0, ge=0)
    """Weight of the KL penalty to the reference (initial) policy; 0 loads no reference model."""
    kl_estimator: str = "k3"
    """KL estimator: k1, k2 or k3."""
    entropy_coef: float = Field(0.0, ge=0)
    """Weight of the entropy bonus (fixed; see target_entropy for an adaptive one)."""
    target_entropy: float | None = Field(None, gt=0)
    """Adaptive entropy control (Skywork-OR1): hold the policy-token entropy near this many nats
    per token with a coefficient that rises by entropy_delta each step the entropy is below the
    target and falls above it (bonus applied only at or below it); replaces entropy_coef.
    None = off."""
    entropy_delta: float = Field(0.005, gt=0)
    """Adaptive entropy control: the coefficient's change per step."""
    entropy_max_coef: float = Field(0.05, gt=0)
    """Adaptive entropy control: the coefficient's upper bound (pi: also its lower bound,
    negated; pi, cov and kl: also the proportional gain)."""
    entropy_controller: Literal["skywork", "pi", "cov", "kl"] = "skywork"
    """Adaptive entropy control: `skywork` (a bonus that integrates up below the target and is
    off above it), `pi` (signed proportional-integral on the relative error, measured on each
    micro-batch: a penalty above the target) or `cov` (no bonus: the same proportional-integral
    controller sets the share, up to entropy_max_coef, of policy tokens whose positive
    log-prob/advantage covariance is highest, whose gradient is dropped, as Clip-Cov does with a
    fixed share; needs policy_loss clip, on-policy) or `kl` (no bonus: the same controller's
    output, floored at 0, weights a KL penalty to the initial policy, added to kl_coef; LoRA
    runs take the reference from the adapter-free model); `veriloop.algorithms.entropy`."""
    cov_score: Literal["batch", "state"] = "batch"
    """entropy_controller cov: how tokens are ranked for dropping. `batch`: the token's term of
    Cov(log pi, A) over the micro-batch's tokens (Clip-Cov's). `state`: the token's own
    first-order entropy change at its state, -A (pi_y (log pi_y + H) - sum_b pi_b^2 (log pi_b +
    H)), exact in logit space (`veriloop.algorithms.entropy.entropy_slope`)."""
    value_coef: float = Field(0.5, ge=0)
    """Weight of the value loss (gae only)."""
    value_clip: float | None = 0.2
    """Value-loss clip range (gae only); None disables."""
    gamma: float = Field(1.0, ge=0, le=1)
    """Discount: per token (gae, turn_gae) or per turn (turn_grpo, gigpo)."""
    lam: float = Field(0.95, ge=0, le=1)
    """GAE lambda (gae, turn_gae)."""
    step_weight: float = Field(1.0, ge=0)
    """gigpo: weight of the step-level advantage (turns from the same state) added to the
    episode-level one."""
    difficulty_weighting: bool = False
    """Scale group advantages by prompt difficulty (GRPO-LEAD)."""
    neg_weight: float = Field(1.0, ge=0)
    """Scale of negative advantages (critic-free estimators, after difficulty weighting): 1
    keeps GRPO's symmetric update; 0 reinforces only the better-than-average samples (positive
    sample reinforcement, Zhu et al. 2025: sharpens the policy and raises pass@1, while
    pushing down failed samples spreads probability mass and raises entropy)."""
    pos_weight: float = Field(1.0, ge=0)
    """Scale of positive advantages (critic-free estimators, after difficulty weighting): 0
    trains on the worse-than-average samples only (negative sample reinforcement, Zhu et al.
    2025), 0.1 is their W-REINFORCE. Pushing down a rare sampled token (a slip) moves its
    probability to the other tokens in proportion to theirs, mostly to the one the model
    prefers, while the positive update on a lucky sample raises the slips it happened to draw. (It did not
    raise SmolLM2's held-out reward on research level 1: tests/research/test_research_rl.py.)"""
    mask_unfinished: bool = False
    """Give no update to episodes that ended without finishing (out of turns or tokens, not
    `done`; DAPO's overlong filtering carried to episodes): their reward still counts in the
    group's baseline, but their tokens get advantage 0. A slip repeated until the budget runs
    out then stops pushing down the many ordinary tokens it shares with the successes, while a
    finished wrong answer is still pushed down. It also removes any signal to finish: on
    research level 1 with SmolLM2 after SFT on the noisy expert, unfinished episodes rose from 14
    to 32 of 56 in 6 steps; after SFT on the clean expert they fell from 13 to 8 and the held-out
    reward rose within its noise (0.639 -> 0.685; tests/research/test_research_rl.py)."""
    distill_teacher: str | None = None
    """On-policy distillation (`veriloop.algorithms.distill`): a teacher scores every token the
    student sampled and minus the per-token reverse KL, times `distill_weight`, is added to the
    task advantage. Any model spec with the trained model's tokenizer (a checkpoint or run
    directory, `smollm2`, `tiny-m`) or `openai:<base_url>#<model>` (a server that scores prompt
    tokens: `veriloop serve`, vLLM). None: no teacher."""
    distill_weight: float = Field(1.0, ge=0)
    """Weight of the teacher's per-token term; 0 keeps the teacher's metric only (the reverse KL
    is logged as `distill_reverse_kl`) and trains on the task reward alone."""
    param_noise: float = Field(0.0, ge=0)
    """Parameter-space noise for exploration (`veriloop.trainers.param_noise`): a step's
    rollouts are sampled by the model with Gaussian noise of this size, relative to each weight
    matrix's RMS, added to its weight matrices (restored after the rollouts); the clipped ratio
    weighs the perturbed samples. 0 = off. Synchronous rollouts by the trained model only."""
    dynamic_sampling: bool = False
    """Drop groups whose rewards are all equal and sample more (DAPO)."""
    max_sampling_rounds: int = Field(3, gt=0)
    """Bound on sampling rounds per step with dynamic sampling."""
    overlong_max: int | None = Field(None, gt=0)
    """DAPO soft overlong penalty: budget of policy tokens per episode; None disables."""
    overlong_cache: int = Field(16, ge=0)
    """Soft-penalty buffer before `overlong_max`."""
    length_cost: float = Field(0.0, ge=0)
    """Reward cost per policy token."""
    step_cost: float = Field(0.0, ge=0)
    """Reward cost per turn."""
    event_weights: dict[str, float] = {}
    """Shaping reward per environment event and turn (recorded on the turn as event:<name>):
    format_error, tool_error, tool_call, answer, tool_success, recovery, repeat, clarify. The
    book's dense rewards: {tool_success: 0.05, tool_error: -0.03, recovery: 0.08, repeat: -0.1,
    clarify: 0.05}."""

    @property
    def controller(self) -> str | None:
        """The entropy controller in use (`entropy_controller`), None without a target."""
        return self.entropy_controller if self.target_entropy is not None else None

    @property
    def needs_reference(self) -> bool:
        """Whether the update needs the reference policy's log-probs (a KL penalty to it)."""
        return self.kl_coef > 0 or self.controller == "kl"

    @model_validator(mode="before")
    @classmethod
    def _named_with_params(cls, data: Any) -> Any:
        """`advantage` / `policy_loss` given as {name, params}: the name and `<key>_params`."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for key in ("advantage", "policy_loss"):
            spec = data.get(key)
            if isinstance(spec, dict):
                unknown = set(spec) - {"name", "params"}
                if "name" not in spec or unknown:
                    raise ValueError(f"{key} takes a name, or {{name: ..., params: {{...}}}}; "
                                     f"got keys {', '.join(sorted(spec))}")
                data[key] = spec["name"]
                data[f"{key}_params"] = {**data.get(f"{key}_params", {}),
                                         **(spec.get("params") or {})}
        return data

    @field_validator("policy_loss")
    @classmethod
    def _registered_loss(cls, name: str) -> str:
        if name not in POLICY_LOSSES:
            raise ValueError(POLICY_LOSSES.unknown(name))
        return name

    @model_validator(mode="after")
    def _one_policy_loss(self) -> AlgorithmConfig:
        if self.off_policy != "none" and self.policy_loss != "clip":
            raise ValueError(f"policy_loss {self.policy_loss} is an on-policy loss; with "
                             f"off_policy {self.off_policy} (asynchronous rollouts) use "
                             "policy_loss: clip")
        if self.controller == "cov" and (self.policy_loss != "clip"
                                         or self.off_policy != "none"):
            raise ValueError("entropy_controller cov drops top-covariance tokens from the clip "
                             "loss itself: use policy_loss: clip and off_policy: none")
        return self
