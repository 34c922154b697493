"""Run configuration: pydantic models with a docstring per field, YAML on disk, dotted overrides.

    cfg = load_config("configs/grpo.yaml", ["optim.lr=1e-4", "train.steps=5"])

A run is `kind: rl` (rollouts + a policy-gradient algorithm) or `kind: sft` (imitation of stored
or scripted demonstrations). Every algorithm is a combination of named registry entries
(`algorithm.advantage`, `algorithm.aggregation`, `algorithm.kl_estimator`) and numbers, so a YAML
file selects GRPO, Dr.GRPO, DAPO, RLOO, REINFORCE++ or PPO without code changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from veriloop.rollout.config import RolloutConfig


class Section(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class ModelConfig(Section):
    name: str = "tiny"
    """"tiny" (the embedded model, built on first use) or any `load_policy` spec: smollm2-135m,
    a Hugging Face model directory, a .gguf file."""
    size: str = "s"
    """Tiny-model size (xs, s, m, l); ignored for a directory."""
    seed: int = 0
    """Tiny-model build seed (tokenizer corpus and initial weights)."""
    lora_rank: int = 0
    """LoRA rank (peft); 0 trains all weights."""
    lora_alpha: float = 16.0
    """LoRA scaling numerator (scale = alpha / rank)."""
    lora_targets: list[str] = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                               "down_proj"]
    """Module names LoRA adapts."""


class EnvConfig(Section):
    name: str = "arithmetic"
    """Registered environment name (see `veriloop envs`)."""
    max_turns: int | None = None
    """Step budget per episode; None keeps the environment's default."""
    difficulty: int | None = None
    """Fixed task difficulty; None mixes the environment's range."""
    train_tasks: int = 2000
    """Size of the training task pool (cycled through in shuffled epochs)."""
    eval_tasks: int = 100
    """Held-out (split=test) tasks for evaluation."""
    task_seed: int = 0
    """Seed of the task generator (pools differ by split, so train and test never overlap)."""


class GraderConfig(Section):
    name: str | None = None
    """Registered grader to use instead of the environment's own; None = `env.grader()`."""
    options: dict[str, Any] = {}
    """Keyword options for the grader factory (weights, schedules ...)."""


class AlgorithmConfig(Section):
    advantage: str = "grpo"
    """Advantage estimator: grpo, dr_grpo, rloo, reinforce_pp, or gae (PPO with a value head)."""
    aggregation: str = "seq_mean_token_mean"
    """Loss aggregation: token_mean (DAPO), seq_mean_token_mean (GRPO), seq_sum_norm (Dr.GRPO)."""
    loss_norm: float | None = None
    """Constant for seq_sum_norm; None = rollout.max_new_tokens."""
    eps_low: float = 0.2
    """Lower clip range of the ratio (1 - eps_low)."""
    eps_high: float = 0.2
    """Upper clip range of the ratio (1 + eps_high); DAPO's clip-higher uses 0.28."""
    kl_coef: float = 0.0
    """Weight of the KL penalty to the reference (initial) policy; 0 loads no reference model."""
    kl_estimator: str = "k3"
    """KL estimator: k1, k2 or k3."""
    entropy_coef: float = 0.0
    """Weight of the entropy bonus."""
    value_coef: float = 0.5
    """Weight of the value loss (gae only)."""
    value_clip: float | None = 0.2
    """Value-loss clip range (gae only); None disables."""
    gamma: float = 1.0
    """Discount (gae only)."""
    lam: float = 0.95
    """GAE lambda (gae only)."""
    difficulty_weighting: bool = False
    """Scale group advantages by prompt difficulty (GRPO-LEAD)."""
    dynamic_sampling: bool = False
    """Drop groups whose rewards are all equal and sample more (DAPO)."""
    max_sampling_rounds: int = 3
    """Bound on sampling rounds per step with dynamic sampling."""
    overlong_max: int | None = None
    """DAPO soft overlong penalty: budget of policy tokens per episode; None disables."""
    overlong_cache: int = 16
    """Soft-penalty buffer before `overlong_max`."""
    length_cost: float = 0.0
    """Reward cost per policy token."""
    step_cost: float = 0.0
    """Reward cost per turn."""
    event_weights: dict[str, float] = {}
    """Shaping reward per environment event and turn: format_error, tool_error, tool_call, answer."""


class OptimConfig(Section):
    lr: float = 1e-4
    """AdamW learning rate."""
    weight_decay: float = 0.0
    """AdamW weight decay."""
    betas: tuple[float, float] = (0.9, 0.99)
    """AdamW betas."""
    warmup_steps: int = 0
    """Linear warm-up (optimizer steps), then constant."""
    grad_clip: float = 1.0
    """Global gradient-norm clip; 0 disables."""
    epochs: int = 1
    """Passes over each RL batch (PPO epochs); the first minibatch of epoch 1 is on-policy."""
    minibatch_size: int = 64
    """Sequences per optimizer step."""
    micro_batch_size: int = 64
    """Sequences per forward/backward; minibatch / micro = gradient-accumulation steps."""
    pack_length: int = 768
    """Row length for packing RL sequences (a group's shared prompt is laid out once per row).
    Attention costs grow with the square of the row length, so rows of about one group are
    fastest."""


class TrainConfig(Section):
    steps: int = 40
    """RL steps (one batch of rollouts each)."""
    seed: int = 0
    """Seed of everything stochastic in the run (task order, sampling, init of heads)."""
    save_every: int = 10
    """Checkpoint every N steps (and at the end); 0 = only at the end."""
    keep_checkpoints: int = 2
    """Checkpoints kept on disk (oldest removed after a newer one is complete)."""
    eval_every: int = 0
    """Held-out evaluation every N steps (0 = only before and after training)."""
    threads: int = 0
    """torch intra-op threads; 0 leaves torch's default."""


class SFTConfig(Section):
    demos: int = 2000
    """Scripted demonstrations to generate when `store` is None."""
    demo_noise: float = 0.5
    """Noise of the scripted (noisy-)expert demonstrator."""
    store: str | None = None
    """Train on this trajectory store (SQLite) instead of generating demonstrations."""
    only_passed: bool = False
    """Keep only demonstrations whose grade passed (rejection sampling)."""
    epochs: int = 2
    """Passes over the demonstrations."""
    lr: float = 3e-3
    """AdamW learning rate (cosine decay to 10% after warm-up)."""
    warmup_steps: int = 20
    """Linear warm-up steps."""
    batch_tokens: int = 4096
    """Tokens per optimizer step (sequences are packed into rows of `pack_length`)."""
    pack_length: int = 512
    """Row length for sequence packing; attention never crosses sequence boundaries."""
    save_every: int = 500
    """Checkpoint every N SFT steps (and at the end); 0 = only at the end."""
    lm_loss_weight: float = 0.0
    """Weight of an auxiliary next-token loss on the non-policy tokens (prompts, tool outputs).
    0 trains on policy tokens only. A model trained from scratch learns to attend to and copy
    from its context much sooner with it (the environment text repeats names and numbers)."""


class RunConfig(Section):
    kind: Literal["rl", "sft"] = "rl"
    """What `veriloop train` runs."""
    init: str | None = None
    """Start from this checkpoint/model directory (e.g. an SFT run's final model) instead of
    `model`'s initial weights."""
    model: ModelConfig = ModelConfig()
    env: EnvConfig = EnvConfig()
    grader: GraderConfig = GraderConfig()
    rollout: RolloutConfig = RolloutConfig()
    algorithm: AlgorithmConfig = AlgorithmConfig()
    optim: OptimConfig = OptimConfig()
    train: TrainConfig = TrainConfig()
    sft: SFTConfig = SFTConfig()


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """`a.b=value` sets data["a"]["b"] = yaml.safe_load(value)."""
    for item in overrides:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise ValueError(f"override {item!r} is not KEY=VALUE (e.g. optim.lr=1e-4)")
        node = data
        *parents, leaf = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
            if not isinstance(node, dict):
                raise TypeError(f"override {item!r}: {p!r} is not a section")
        node[leaf] = yaml.safe_load(raw)
    return data


def load_config(path: str | Path | None, overrides: list[str] | None = None) -> RunConfig:
    """Read YAML (or start from defaults), apply dotted overrides, validate."""
    data: dict[str, Any] = {}
    if path is not None:
        p = Path(path)
        if not p.exists():
            raise FileNotFoundError(f"config {p} does not exist; the recipes are in configs/")
        data = yaml.safe_load(p.read_text()) or {}
        if not isinstance(data, dict):
            raise TypeError(f"config {p} must be a YAML mapping of sections (model:, rollout: ...)")
    data = apply_overrides(data, list(overrides or []))
    try:
        return RunConfig.model_validate(data)
    except ValidationError as e:
        raise ValueError(f"invalid config{f' {path}' if path else ''}:\n{e}") from None


def save_config(cfg: RunConfig, path: str | Path) -> None:
    Path(path).write_text(yaml.safe_dump(cfg.model_dump(mode="json"), sort_keys=False))
