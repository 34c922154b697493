"""Run configuration: pydantic models with a docstring per field. Reading one from YAML with
dotted overrides is `veriloop.run.config.load_config`:

    cfg = load_config("configs/grpo.yaml", ["optim.lr=1e-4", "train.steps=5"])

A run is `kind: rl` (rollouts + a policy-gradient algorithm) or `kind: sft` (imitation of stored
or scripted demonstrations). Every algorithm is a combination of named registry entries
(`algorithm.advantage`, `algorithm.aggregation`, `algorithm.kl_estimator`) and numbers, so a YAML
file selects GRPO, Dr.GRPO, DAPO, RLOO, REINFORCE++ or PPO without code changes; that section
is `veriloop.trainers.algorithm_config.AlgorithmConfig`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    model_validator,
)

from veriloop.rollout.config import RolloutConfig
from veriloop.trainers.algorithm_config import AlgorithmConfig

DEVICE_PATTERN = r"^(auto|cpu|cuda(:\d+)?)$"
"""The devices a model may be placed on: `model.device` here, `--device` on the command line."""


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
    device: str = Field("auto", pattern=DEVICE_PATTERN)
    """Where the trained model lives (weights, optimizer, forward and backward, sampling):
    `auto` (a CUDA GPU when torch sees one, else the CPU), `cpu`, `cuda` or `cuda:N`. Weights
    stay float32 on any device (`train.precision` sets the autocast of forward and backward)."""
    decode_precision: Literal["auto", "bf16", "fp32"] = "fp32"
    """Sampling precision of the trained model's rollouts and evaluations (Llama-family models,
    whose decoding is veriloop's own): `bf16` decodes the float32 weights as bf16 copies with
    a bf16 KV cache and a float32 LM head, `fp32` as they are, `auto` bf16 where the hardware
    does bf16 matmuls natively (a CPU with AVX512-BF16 or AMX, a CUDA GPU). bf16 rollouts are
    faster and their logprobs differ from the trainer's by rounding, as vLLM's bf16 rollouts
    do; `fp32` keeps sampling and a float32 teacher-forced pass equal to 1e-4."""
    lora_rank: int = Field(0, ge=0)
    """LoRA rank (peft); 0 trains all weights."""
    lora_alpha: float = 16.0
    """LoRA scaling numerator (scale = alpha / rank)."""
    lora_targets: list[str] = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
                               "down_proj"]
    """Module names LoRA adapts."""


class EnvConfig(Section):
    name: str = "arithmetic"
    """Registered environment name (see `veriloop envs`)."""
    max_turns: int | None = Field(None, gt=0)
    """Step budget: policy actions per episode, the one budget training, held-out evaluation and
    quickstart obey (an episode still going after its last ends with a `step_budget` fault);
    None keeps the environment's default."""
    difficulty: int | None = None
    """Fixed task difficulty; None mixes the environment's range."""
    train_tasks: int = Field(2000, ge=0)
    """Generated tasks in the training pool (cycled through in shuffled epochs), to which the
    `extra_train_tasks` files add theirs; 0 when those files are the whole pool."""
    eval_tasks: int = Field(100, ge=0)
    """Held-out (split=test) tasks for evaluation."""
    task_seed: int = 0
    """Seed of the task generator (pools differ by split, so train and test never overlap)."""
    extra_train_tasks: list[str] = []
    """JSONL files of tasks added to every training pool (RL, SFT demonstrations, RFT, DPO),
    e.g. the validated variations `veriloop data synthesize` writes."""
    options: dict[str, Any] = {}
    """Keyword options of the environment's constructor (e.g. workspace: `fault_rate: 0.15`,
    repo: `reward: fraction`); see the environment's docstring. Every environment also takes
    `mcp_servers` (tools from MCP servers, e.g. `[{command: [python, server.py]}]`; see
    `veriloop.mcp.env`)."""

    @model_validator(mode="after")
    def _a_training_pool(self) -> EnvConfig:
        if self.train_tasks == 0 and not self.extra_train_tasks:
            raise ValueError("env.train_tasks is 0 and no env.extra_train_tasks file supplies "
                             "the training pool; set env.train_tasks > 0 or name a task file")
        return self


class BenchmarkConfig(Section):
    env: str
    """Environment of the benchmark (e.g. `bfcl`), evaluated on its test split."""
    label: str | None = None
    """Name in the summary and report (default: the environment's name)."""
    options: dict[str, Any] = {}
    """The environment's options (e.g. bfcl: `categories`, `tool_variation: held-out`)."""
    tasks: int = Field(20, gt=0)
    """Test-split tasks evaluated (bfcl: over its categories, in a seeded shuffle)."""
    seed: int = 0
    """Seed of the task selection."""


class CurriculumConfig(Section):
    kind: Literal["none", "stratified", "levels"] = "none"
    """Training task order: none (shuffled epochs over the whole pool), stratified (shuffled
    epochs in which every kind of task, `stratify_by`, is spread evenly, so each step's few
    prompts mix the kinds in their pool shares) or levels (start at low `Task.difficulty`
    levels and move up as the policy masters them, `veriloop.data.curriculum`; needs
    `env.difficulty: null` and a pool of several levels)."""
    stratify_by: str = "category"
    """stratified: the `Task.metadata` key whose values are the kinds (BFCL: `category`)."""
    start_level: int = 2
    """The top level at the start (levels: the highest pool level not above it)."""
    threshold: float = Field(0.7, ge=0, le=1)
    """Move up one level once the success rate over the last `window` episodes at the top
    level reaches this (at most one level per step; never down)."""
    window: int = Field(32, gt=0)
    """Episodes at the top level the success rate is taken over (rolling; full before a move)."""
    easy_share: float = Field(0.15, ge=0, le=1)
    """Share of draws spread over the levels below the top (against forgetting)."""
    next_share: float = Field(0.2, ge=0, le=1)
    """Share of draws at the level above the top (a preview); the top gets the rest. With the
    defaults a run starts at L1 15%, L2 65%, L3 20%."""

    @model_validator(mode="after")
    def _shares_fit(self) -> CurriculumConfig:
        if self.easy_share + self.next_share > 1:
            raise ValueError(f"easy_share + next_share is {self.easy_share + self.next_share}, "
                             "more than 1; lower one of them")
        return self


class SelectionConfig(Section):
    kind: Literal["none", "pass_rate", "variance"] = "none"
    """Training task selection (`veriloop.data.task_selection`): none (every pool task),
    pass_rate (drop tasks the policy always or never solves, estimated with `samples` rollouts
    each and refreshed during training) or variance (the `top_k` tasks of highest training-reward
    variance, as in 1-shot RLVR)."""
    samples: int = Field(8, ge=0)
    """Rollouts per task for a pass-rate estimate (profiling before the first step and, for
    pass_rate, of the inactive tasks at each refresh); 0: no profiling, a task's estimate is
    its latest training group (online filtering; dropped tasks do not come back)."""
    min_pass: float = Field(0.0, ge=0, le=1)
    """pass_rate: keep tasks whose estimated pass rate is above this ..."""
    max_pass: float = Field(1.0, ge=0, le=1)
    """... and below this."""
    top_k: int = Field(16, gt=0)
    """variance: how many tasks are kept."""
    refresh_every: int = Field(10, ge=0)
    """Recompute the active tasks every N training steps; 0 = never after the start."""


class GraderConfig(Section):
    name: str | None = None
    """Registered grader to use instead of the environment's own; None = `env.grader()`."""
    options: dict[str, Any] = {}
    """Keyword options for the grader factory (weights, schedules ...)."""
    group: Literal["none", "rank", "lead", "judge_ranking", "judge_pairwise"] = "none"
    """Group-level reward replacing each grade score in RL: none, rank (ranks within the group),
    lead (GRPO-LEAD: exp(-lead_alpha z) for a passed answer, z its length standardized over
    the group's passed answers; lead_wrong for a failed one), judge_ranking (an LLM judge ranks
    the group's responses) or judge_pairwise (the judge compares every pair, both orders)."""
    lead_alpha: float = Field(0.05, ge=0)
    """group lead: strength of the length regularisation of correct answers."""
    lead_wrong: float = -1.0
    """group lead: the reward of a failed answer (GRPO-LEAD's explicit penalty)."""
    group_judge: str | None = None
    """Judge model for the judge_* group rewards: any load_policy spec (tiny-xs, a checkpoint
    directory, openai:<url>#<model>)."""
    group_orders: int = Field(2, gt=0)
    """Shuffled orders the judge ranks a group in (judge_ranking); positions are averaged."""

    @model_validator(mode="after")
    def _judge_given(self) -> GraderConfig:
        if self.group.startswith("judge_") and not self.group_judge:
            raise ValueError(f"group {self.group} needs group_judge: a judge model such as "
                             "tiny-xs, a checkpoint directory or openai:<url>#<model>")
        return self


class OptimConfig(Section):
    lr: float = Field(1e-4, ge=0)
    """AdamW learning rate (0 computes gradients without moving the weights)."""
    weight_decay: float = Field(0.0, ge=0)
    """AdamW weight decay."""
    betas: tuple[float, float] = (0.9, 0.99)
    """AdamW betas."""
    warmup_steps: int = Field(0, ge=0)
    """Linear warm-up (optimizer steps), then constant."""
    grad_clip: float = Field(1.0, ge=0)
    """Global gradient-norm clip; 0 disables."""
    epochs: int = Field(1, gt=0)
    """Passes over each RL batch (PPO epochs); the first minibatch of epoch 1 is on-policy."""
    minibatch_size: int = Field(64, gt=0)
    """Sequences per optimizer step."""
    micro_batch_size: int = Field(64, gt=0)
    """Sequences per forward/backward; minibatch / micro = gradient-accumulation steps."""
    pack_length: int = Field(768, gt=0)
    """Row length for packing RL sequences (a group's shared prompt is laid out once per row).
    Attention costs grow with the square of the row length, so rows of about one group are
    fastest."""


class TrainConfig(Section):
    steps: int = Field(40, gt=0)
    """RL steps (one batch of rollouts each)."""
    seed: int = 0
    """Seed of everything stochastic in the run (task order, sampling, init of heads)."""
    save_every: int = Field(10, ge=0)
    """Checkpoint every N steps (and at the end); 0 = only at the end."""
    keep_checkpoints: int = Field(2, gt=0)
    """Checkpoints kept on disk (oldest removed after a newer one is complete)."""
    eval_every: int = Field(0, ge=0)
    """Held-out evaluation (`env.eval_tasks` tasks) every N RL steps; 0 = only before and after
    training (what SFT runs always do). Logged as eval/* in metrics.jsonl, TensorBoard and the
    report; `env.eval_tasks: 0` turns evaluation off."""
    threads: int = Field(0, ge=0)
    """torch intra-op threads; 0 leaves torch's default."""
    precision: Literal["auto", "bf16", "fp32"] = "auto"
    """Training forward/backward (SFT, RL, DPO): `bf16` runs the transformer body under bf16
    autocast (the LM head, log-softmax and losses stay float32; weights and optimizer stay
    float32), `fp32` does not, `auto` is bf16 where the hardware does bf16 matmuls natively (a
    CPU with AVX512-BF16 or AMX, a CUDA GPU with bf16) for a float32 model. Sampling is not
    affected; the first minibatch's ratio then differs from 1 by bf16 rounding (~1e-2)."""
    parallel: Literal["ddp", "fsdp"] = "ddp"
    """How the ranks of a torchrun job train (RL; one process ignores it): `ddp` holds the
    whole model, gradients and optimizer state on every rank and sums gradients; `fsdp` shards
    them over the ranks (FSDP2 `fully_shard`, a unit per decoder layer), while a whole copy
    samples and is saved, synced after every update. `fsdp` is for full fine-tuning of
    critic-free estimators (no LoRA, no value head)."""


class SFTConfig(Section):
    demos: int = Field(2000, gt=0)
    """Training tasks the demonstrator is run on when `store` is None (`demo_samples` times
    each)."""
    demo_samples: int = Field(1, gt=0)
    """Demonstrations per task. A noisy expert draws its noise per demonstration, so several of
    one task show it solved, failed and recovered in different ways."""
    demo_noise: float = Field(0.5, ge=0, le=1)
    """Noise of the scripted (noisy-)expert demonstrator."""
    store: str | None = None
    """Train on this trajectory store (SQLite) instead of generating demonstrations."""
    data: str | None = None
    """Train on this chat file instead of generating demonstrations: JSONL or Parquet rows in
    TRL's conversational format (`messages`, or `prompt` + `completion`, with assistant
    `tool_calls` in OpenAI's shape and an optional `tools` column of OpenAI tool schemas). The
    loss covers the assistant messages only; tool calls are written in veriloop's tool-call
    format (`veriloop.data.chat_data`)."""
    only_passed: bool = False
    """Keep only demonstrations whose grade passed (rejection sampling)."""
    min_score: float | None = None
    """Keep only demonstrations whose grade score is at least this; None sets no threshold.
    With any filter, errored and ungraded trajectories are dropped
    (`veriloop.data.selection`)."""
    demo_policy: str = "expert"
    """What generates the demonstrations when `store` is None: `expert` (the environment's
    scripted expert at `demo_noise`) or a teacher model, any load_policy spec such as
    `openai:<base_url>#<model>` (distillation from an OpenAI-compatible server). A teacher's
    rollouts are graded, filtered (it needs `only_passed` or `min_score`) and rendered again
    with the trained model's tokenizer."""
    epochs: int = Field(2, gt=0)
    """Passes over the demonstrations."""
    lr: float = Field(3e-3, ge=0)
    """AdamW learning rate (cosine decay to 10% after warm-up)."""
    warmup_steps: int = Field(20, ge=0)
    """Linear warm-up steps."""
    batch_tokens: int = Field(4096, gt=0)
    """Tokens per optimizer step (sequences are packed into rows of `pack_length`)."""
    pack_length: int = Field(512, gt=0)
    """Row length for sequence packing; attention never crosses sequence boundaries."""
    micro_batch_tokens: int | None = Field(None, gt=0)
    """At most this many tokens per forward/backward pass, gradients accumulated over the
    step's batch (the same update, less memory: a real model's logits are vocabulary x tokens);
    unset = the whole batch in one pass."""
    save_every: int = Field(500, ge=0)
    """Checkpoint every N SFT steps (and at the end); 0 = only at the end."""
    lm_loss_weight: float = Field(0.0, ge=0)
    """Weight of an auxiliary next-token loss on the non-policy tokens (prompts, tool outputs).
    0 trains on policy tokens only. A model trained from scratch learns to attend to and copy
    from its context much sooner with it (the environment text repeats names and numbers)."""

    @model_validator(mode="after")
    def _teacher_filtered(self) -> SFTConfig:
        if self.store is not None and self.data is not None:
            raise ValueError("sft.store and sft.data are two sources of demonstrations; set "
                             "one of them")
        if self.demo_policy != "expert" and self.store is None and self.data is None \
                and not self.only_passed and self.min_score is None:
            raise ValueError(f"demo_policy {self.demo_policy} is a teacher model: its "
                             "demonstrations must be filtered by their grade; set "
                             "sft.only_passed: true or sft.min_score")
        return self


class DPOConfig(Section):
    store: str | None = None
    """Build preference pairs from this trajectory store (SQLite) instead of sampling."""
    tasks: int = Field(64, gt=0)
    """Training tasks the initial model is sampled on when `store` is None."""
    samples: int = Field(4, gt=1)
    """Rollouts per task (pairs need at least two differently graded ones)."""
    temperature: float = Field(1.0, ge=0)
    """Sampling temperature of those rollouts."""
    pairing: Literal["grade", "branch"] = "grade"
    """grade: better/worse trajectory by grade on the same task; branch: only pairs that share
    whole leading turns: each task's first sample is branched at `branch_turn` (its earlier
    turns replayed exactly) into `samples` alternatives (when sampling; with `store`, branches
    are looked for among the stored trajectories)."""
    branch_turn: int = Field(1, ge=1)
    """branch: the turn episodes are branched at (turns before it are shared)."""
    min_margin: float = Field(1e-6, gt=0)
    """Smallest grade-score difference that makes a pair."""
    max_pairs_per_task: int = Field(2, gt=0)
    """Pairs per task (each trajectory chosen at most once and rejected at most once)."""
    beta: float = Field(0.1, gt=0)
    """DPO temperature on the log-ratio difference."""
    label_smoothing: float = Field(0.0, ge=0, lt=0.5)
    """Conservative DPO: assumed share of flipped preference labels (0 = plain DPO)."""
    epochs: int = Field(2, gt=0)
    """Passes over the pairs."""
    pairs_per_step: int = Field(8, gt=0)
    """Pairs per optimizer step."""
    lr: float = Field(1e-4, ge=0)
    """AdamW learning rate (cosine decay to 10% after warm-up)."""
    warmup_steps: int = Field(0, ge=0)
    """Linear warm-up steps."""


class RFTConfig(Section):
    rounds: int = Field(2, gt=0)
    """Rounds of sample -> keep successes -> SFT."""
    tasks: int = Field(128, gt=0)
    """Training tasks sampled each round."""
    samples: int = Field(4, gt=0)
    """Attempts per task each round (k)."""
    temperature: float = Field(1.0, ge=0)
    """Sampling temperature of the attempts."""
    max_per_task: int = Field(2, gt=0)
    """Successful (distinct) attempts kept per task."""
    shortest: bool = False
    """Keep the shortest successes (fewest policy tokens) instead of the first ones."""
    rationalize: bool = False
    """STaR: re-prompt unsolved tasks with the correct answer as a hint and train on successful
    rationales under the original prompt (the hint is not trained on)."""


class LoggingConfig(Section):
    trackers: list[Literal["wandb", "mlflow", "trackio"]] = []
    """Experiment trackers that also get the run config, each step's metrics and the run's end
    (besides metrics.jsonl and TensorBoard), e.g. [wandb, mlflow]. Each is an extra:
    `pip install 'veriloop[wandb]'`. All work offline (wandb offline, MLflow in <run>/mlruns,
    trackio's local database); see veriloop/trainers/trackers.py."""
    project: str = "veriloop"
    """The trackers' project: the wandb project, MLflow experiment or trackio project."""
    run_name: str | None = None
    """The run's name in the trackers; default: the run directory's name."""
    online: bool = False
    """wandb: stream to the W&B server as the run goes (needs `wandb login`); false writes an
    offline run under <run>/wandb for `wandb sync`. WANDB_MODE, when set, decides instead."""


class HintsConfig(Section):
    fraction: float = Field(0.0, ge=0, le=1)
    """Guiding hints for groups without signal (`veriloop.trainers.hints`): when every valid
    sample of a task failed, it is rolled out again with this share of the environment's expert
    solution (its action text, by characters) given in the prompt, and the hinted group is
    trained on in its place as if sampled without the hint (the ratio to the hinted sampling
    policy is the importance weight, as Guide does). 0 = no hints."""
    final_fraction: float = Field(0.0, ge=0, le=1)
    """The share the hint anneals to, linearly over `anneal_steps` (a shrinking hint)."""
    anneal_steps: int = Field(0, ge=0)
    """Steps over which `fraction` moves to `final_fraction`; 0 keeps `fraction`."""
    correction: Literal["importance", "none"] = "importance"
    """How a hinted sample is trained without its hint: `importance` keeps the hinted sampling
    log-probs as the old policy, so the clipped ratio pi(y|x) / pi(y|x, hint) weighs it (Guide);
    `none` recomputes them without the hint (ratio 1: trained as if the policy had sampled it
    unhinted; biased, but a solution the unhinted policy finds unlikely still gets a full
    push)."""


class RunConfig(Section):
    kind: Literal["rl", "sft", "dpo", "rft"] = "rl"
    """What `veriloop train` runs."""
    init: str | None = None
    """Start from this checkpoint/model directory (e.g. an SFT run's final model) instead of
    `model`'s initial weights."""
    model: ModelConfig = ModelConfig()
    """The policy model to train (and its LoRA adapters)."""
    env: EnvConfig = EnvConfig()
    """The environment and its training and held-out task pools."""
    curriculum: CurriculumConfig = CurriculumConfig()
    """Which training tasks each RL step draws: shuffled epochs, or a level curriculum."""
    selection: SelectionConfig = SelectionConfig()
    """Which pool tasks RL trains on: all, or filtered by pass rate or ranked by variance."""
    grader: GraderConfig = GraderConfig()
    """The reward: the environment's own grader unless one is named here."""
    rollout: RolloutConfig = RolloutConfig()
    """How episodes are sampled (also what `veriloop rollout` and `veriloop eval` use)."""
    algorithm: AlgorithmConfig = AlgorithmConfig()
    """The RL algorithm as registry names and numbers (kind: rl)."""
    optim: OptimConfig = OptimConfig()
    """The RL optimizer and batching (kind: rl)."""
    train: TrainConfig = TrainConfig()
    """Steps, seeds, checkpoints and evaluation cadence."""
    sft: SFTConfig = SFTConfig()
    """Supervised fine-tuning on demonstrations (kind: sft)."""
    benchmarks: list[BenchmarkConfig] = []
    """Other environments the quickstart evaluates the model on (greedy, `rollout`'s token
    budgets) untouched, after SFT and after RL, e.g. BFCL categories a model was not trained
    on; per-category results go into summary.json and the report."""
    dpo: DPOConfig = DPOConfig()
    """DPO on preference pairs of the policy's own trajectories (kind: dpo)."""
    rft: RFTConfig = RFTConfig()
    """Rejection-sampling fine-tuning and STaR rounds (kind: rft; SFT settings from `sft`)."""
    logging: LoggingConfig = LoggingConfig()
    """Experiment trackers (wandb, MLflow, trackio) the metrics also go to."""
    hints: HintsConfig = HintsConfig()
    """Guiding hints for tasks every sample failed (kind: rl)."""

    @model_validator(mode="after")
    def _curriculum_has_levels(self) -> RunConfig:
        if self.curriculum.kind == "levels" and self.env.difficulty is not None:
            raise ValueError(f"curriculum.kind {self.curriculum.kind} draws tasks of several "
                             f"levels, but env.difficulty fixes one ({self.env.difficulty}); "
                             "set env.difficulty: null")
        if self.hints.fraction > 0 and self.rollout.asynchronous:
            raise ValueError("hints re-roll a step's all-fail groups, which asynchronous "
                             "rollouts have already trained past; set rollout.asynchronous: "
                             "false or hints.fraction: 0")
        if self.hints.fraction > 0 and self.algorithm.dynamic_sampling:
            raise ValueError("hints re-roll a step's all-fail groups, which dynamic sampling "
                             "drops first; set algorithm.dynamic_sampling: false or "
                             "hints.fraction: 0")
        if self.curriculum.kind != "none" and self.selection.kind != "none":
            raise ValueError(f"curriculum.kind {self.curriculum.kind} and selection.kind "
                             f"{self.selection.kind} both choose the training tasks; set one of "
                             "them to none")
        return self


def config_yaml(cfg: RunConfig) -> str:
    """The resolved config as YAML (what `load_config` reads back to the same config)."""
    return yaml.safe_dump(cfg.model_dump(mode="json"), sort_keys=False)


def save_config(cfg: RunConfig, path: str | Path) -> None:
    Path(path).write_text(config_yaml(cfg))
