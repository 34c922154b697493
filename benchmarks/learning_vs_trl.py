"""veriloop's GRPO side by side with TRL's GRPOTrainer on BFCL single-turn (issue 45, point 4).

Both start from the SAME SFT checkpoint (a LoRA SFT of the recipe's model made by veriloop,
merged) and train, one after the other on the same machine, under the same wall-clock budget
(`--minutes`, 45 by default; each side stops after the first step that ends past it; model
loading and evaluation are outside it), with:
- the same training tasks: the recipe's pool of BFCL "train"-split tasks (the test split, a
  fixed 20% by a hash of the task id, is never trained on: veriloop/envs/bfcl/tasks.py);
- the same prompt tokens: veriloop's chat rendering (task prompt, tool list, call syntax), given
  to TRL as text that its tokenizer encodes to the same ids (checked by the e2e test);
- the same reward: veriloop's `BfclGrader` (BFCL's AST checker) on the completion, which TRL
  calls through `BfclReward` (an episode reset, the completion as its one message, graded);
- the same LoRA rank, alpha and target modules, prompts per step, group size, max new tokens,
  temperature, stop strings (`</tool_call>`, `</answer>`), learning rate and warm-up, AdamW
  betas, gradient clip, clip range (eps_low/eps_high), KL weight, loss aggregation (token_mean
  is TRL's "dapo"), advantage (grpo: group std scaling, TRL "group"; dr_grpo: none), update
  epochs, minibatch (one optimizer step per `optim.minibatch_size` sequences) and precision
  (bf16 autocast where `train.precision` resolves to it).
What differs, and stays so: each side's own sampler and update code (the point of the
comparison), the order the pool is drawn in, TRL's sample std (veriloop's population std), and
for a model whose pad token is its end-of-turn token (SmolLM2), TRL's loss also covers the one
end-of-turn token it pads a row with after a stop string.

Then the SFT model and both RL models are evaluated greedily on the same held-out test-split
tasks by veriloop's held-out evaluation, and the script reports both held-out Δs (RL − SFT)
and the veriloop − TRL difference, each with its 95% paired-bootstrap CI over tasks
(`veriloop.eval.compare`). The runs are sequential; the side that goes first alternates with
the seed (even: veriloop first) so that seeds interleave them, and each side's mean 1-minute
load over its steps is recorded.

Full run (the lead schedules it: the recipe's SFT, 45 + 45 min of RL, then three greedy
held-out evaluations of the recipe's 250 test-split tasks), for seeds 0, 1 and 2:
    nice -n 0 .venv/bin/python benchmarks/learning_vs_trl.py --minutes 45 --seed 0 \\
        --append-results
A short check: `--minutes 3 --heldout 20`; `--quick`: the tiny xs model, one step each, 4
held-out tasks (figures that mean nothing). Overrides are `section.key=value` config
overrides of the recipe. The last stdout line is one JSON line (JSON_KEYS).
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import torch

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's veriloop
sys.path.append(str(ROOT / "benchmarks"))  # learning.py beside this file (last: shadows nothing)
from learning import cpu_flags, heldout

from veriloop.benchmarking import conditions, emit, parse_args
from veriloop.errors import UserError
from veriloop.eval.compare import compare_runs
from veriloop.policy import DEFAULT_STOP
from veriloop.rollout.runner import with_instructions
from veriloop.run.build import build_env_and_grader, build_policy
from veriloop.run.config import load_config
from veriloop.trainers.common import autocast_dtype, training_tasks
from veriloop.trainers.rl import RLTrainer
from veriloop.trainers.sft import train_sft
from veriloop.types import Message, Trajectory, Turn

RESULTS = ROOT / "benchmarks" / "RESULTS.md"
RECIPE = "configs/bfcl_smollm2.yaml"
# the recipe before bfcl_smollm2.yaml existed: SmolLM2's tool recipe on BFCL's own tasks
CATEGORIES = "[simple_python, multiple, parallel, parallel_multiple, irrelevance]"
FALLBACK = ("configs/smollm2_tools.yaml",
            ["env.name=bfcl", f"env.options={{categories: {CATEGORIES}}}"])
QUICK = {"minutes": 1.0, "max_steps": 1, "heldout": 4}
QUICK_OVERRIDES = ["model.name=tiny", "model.size=xs", "sft.demos=4", "sft.warmup_steps=0",
                   "env.train_tasks=16", "rollout.prompts_per_step=2", "rollout.group_size=2",
                   "rollout.max_new_tokens=16", "optim.minibatch_size=4",
                   "optim.micro_batch_size=2", "optim.warmup_steps=0", "train.threads=1"]
JSON_KEYS = ("seed", "model", "recipe", "heldout_n", "budget_minutes", "order", "sft",
             "veriloop", "trl", "veriloop_delta", "veriloop_ci", "trl_delta", "trl_ci", "diff",
             "diff_ci", "sft_minutes", "veriloop_minutes", "trl_minutes", "veriloop_steps",
             "trl_steps", "veriloop_episodes", "trl_episodes", "veriloop_load", "trl_load",
             "cpu_flags", "load", "commit")
LOSS_TYPES = {"token_mean": "dapo", "seq_mean_token_mean": "grpo", "seq_sum_norm": "dr_grpo"}
SCALE_REWARDS = {"grpo": "group", "dr_grpo": "none"}
TABLE_START = "<!-- learning vs TRL: written by benchmarks/learning_vs_trl.py --append-results -->"
TABLE_END = "<!-- end of learning vs TRL -->"
HEADER = ("| seed | model | held-out | minutes each | SFT | veriloop | TRL "
          "| Δ veriloop [95% CI] | Δ TRL [95% CI] | veriloop − TRL [95% CI] | steps v/T "
          "| episodes v/T | order | load v/T | commit | date | machine |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
          "| --- | --- | --- |\n")


def recipe_config(overrides: list[str], seed: int, heldout_n: int | None) -> tuple[Any, str]:
    """(RunConfig, recipe path): the BFCL recipe with `overrides`, greedy single-sample
    held-out evaluation of `heldout_n` tasks (None: the recipe's), no evaluation in training."""
    path, base = (RECIPE, []) if (ROOT / RECIPE).exists() else FALLBACK
    fixed = [f"train.seed={seed}", "train.eval_every=0", "rollout.eval_samples=1",
             "rollout.eval_temperature=0.0"]
    if heldout_n is not None:
        fixed.append(f"env.eval_tasks={heldout_n}")
    return load_config(ROOT / path, [*base, *overrides, *fixed]), path


def check_comparable(cfg: Any) -> None:
    """A UserError unless TRL's GRPOTrainer has a setting for each part of `cfg`'s algorithm."""
    a = cfg.algorithm
    problems = []
    if cfg.env.name != "bfcl" or cfg.env.max_turns != 1:
        problems.append(f"env {cfg.env.name} with max_turns {cfg.env.max_turns} (TRL runs "
                        "single-turn BFCL: env.name=bfcl, env.max_turns=1)")
    if a.advantage not in SCALE_REWARDS:
        problems.append(f"algorithm.advantage={a.advantage} (TRL has {', '.join(SCALE_REWARDS)})")
    if a.aggregation not in LOSS_TYPES:
        problems.append(f"algorithm.aggregation={a.aggregation} (TRL has "
                        f"{', '.join(LOSS_TYPES)})")
    if a.policy_loss != "clip" or a.off_policy != "none" or cfg.rollout.asynchronous:
        problems.append("a policy loss other than clip, off-policy correction or asynchronous "
                        "rollouts")
    if a.length_cost or a.step_cost or a.overlong_max or a.event_weights or cfg.grader.name:
        problems.append("reward shaping or a grader other than BFCL's (the TRL side's reward is "
                        "the BFCL checker alone)")
    if problems:
        raise UserError("the TRL side cannot match this config: " + "; ".join(problems))


class LoadMeter:
    """The 1-minute load average, sampled after every step: its mean says how busy the machine
    was while a side trained."""

    def __init__(self) -> None:
        self.samples: list[float] = []

    def sample(self) -> None:
        self.samples.append(os.getloadavg()[0])

    def mean(self) -> float:
        return round(sum(self.samples) / len(self.samples), 2) if self.samples else 0.0


class BfclReward:
    """TRL reward function (`(prompts, completions, task_id, ...) -> rewards`): each completion
    is the one message of a fresh episode of its task, graded by the run's grader as veriloop's
    rollout runner grades it. Counts the completions it graded and the calls (TRL steps)."""

    def __init__(self, env: Any, grader: Any, tasks: list[Any]) -> None:
        self.__name__ = "bfcl_checker"  # TRL names the reward's metrics after it
        self.env, self.grader = env, grader
        self.tasks = {t.id: t for t in tasks}
        self.episodes = self.calls = 0

    def score(self, task: Any, text: str) -> float:
        episode = self.env.reset(task)
        try:
            obs = episode.step(Message(role="assistant", content=text))
            traj = Trajectory(id=f"trl-{self.episodes}", run_id="trl", task_id=task.id,
                              env=self.env.name, group_id="", prompt_text="", prompt_ids=(),
                              turns=(Turn(index=0, action_text=text, action_ids=(),
                                          tool_calls=obs.tool_calls,
                                          format_error=obs.format_error),),
                              final_answer=obs.final_answer, done=obs.done)
            return float(self.grader(task, traj, episode.state).score)
        finally:
            episode.close()

    def __call__(self, prompts: list[str], completions: list[str], task_id: list[str],
                 **_: Any) -> list[float]:
        self.calls += 1
        self.episodes += len(completions)
        scores = [self.score(self.tasks[i], c) for i, c in zip(task_id, completions, strict=True)]
        stopped = sum(c.endswith(DEFAULT_STOP) for c in completions)
        print(f"trl generation {self.calls}: mean reward {sum(scores) / len(scores):.3f}; "
              f"{stopped} of {len(completions)} ended at a stop string", file=sys.stderr,
              flush=True)
        return scores


def prompt_text(policy: Any, env: Any, task: Any) -> str:
    """The prompt veriloop's runner renders for `task` (instructions and tools included)."""
    episode = env.reset(task)
    try:
        return policy.renderer.render_prompt(with_instructions(task.prompt, episode.instructions),
                                             episode.tools).text
    finally:
        episode.close()


def rl_trainer(cfg: Any, run_dir: Path, init: Path, env: Any, grader: Any) -> RLTrainer:
    """veriloop's RL trainer set up on the model at `init`, over the run's `env` and `grader`."""
    rl_cfg = cfg.model_copy(update={"kind": "rl", "init": str(init)})
    trainer = RLTrainer(rl_cfg, run_dir, build_policy(rl_cfg))
    trainer.setup(env, grader)
    return trainer


def run_veriloop(cfg: Any, sft_model: Path, out: Path, env: Any, grader: Any, budget_s: float,
                 max_steps: int | None) -> dict[str, Any]:
    """veriloop's RL from `sft_model` until the budget; evaluates the SFT weights before and the
    RL weights after (both outside the budget)."""
    rl = rl_trainer(cfg, out, sft_model, env, grader)
    try:
        before = heldout(rl)  # step 0: the SFT weights
        meter, episodes = LoadMeter(), 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < budget_s and rl.step_count < (max_steps or 1 << 62):
            episodes += int(rl.step()["rollouts"])
            meter.sample()
            print(f"veriloop step {rl.step_count}: {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr, flush=True)
        seconds = time.perf_counter() - t0
        return {"sft": before, "rl": heldout(rl), "seconds": seconds, "steps": rl.step_count,
                "episodes": episodes, "load": meter.mean()}
    finally:
        rl.close()


def trl_config(cfg: Any, out: Path, max_steps: int | None, bf16: bool, cpu: bool) -> Any:
    """GRPOConfig with each of `cfg`'s settings that TRL has (see the module docstring)."""
    from trl import GRPOConfig

    r, o, a = cfg.rollout, cfg.optim, cfg.algorithm
    batch = r.prompts_per_step * r.group_size  # completions a generation (veriloop: a step)
    micro, minibatch = min(o.micro_batch_size, o.minibatch_size), min(o.minibatch_size, batch)
    return GRPOConfig(
        output_dir=str(out), seed=cfg.train.seed, use_cpu=cpu, bf16=bf16, report_to="none",
        save_strategy="no", logging_steps=1, disable_tqdm=True,
        gradient_checkpointing=False,  # TRL's default recomputes activations; veriloop does not
        per_device_train_batch_size=micro, gradient_accumulation_steps=minibatch // micro,
        steps_per_generation=batch // micro, num_iterations=o.epochs,
        max_steps=(max_steps or 1 << 30) * (batch // minibatch) * o.epochs,
        num_generations=r.group_size, max_completion_length=r.max_new_tokens,
        temperature=r.temperature, top_p=r.top_p, top_k=0,
        generation_kwargs={"stop_strings": list(DEFAULT_STOP)},  # veriloop's sampler's
        learning_rate=o.lr, weight_decay=o.weight_decay, adam_beta1=o.betas[0],
        adam_beta2=o.betas[1], max_grad_norm=o.grad_clip, warmup_steps=o.warmup_steps,
        lr_scheduler_type="constant_with_warmup", beta=a.kl_coef, epsilon=a.eps_low,
        epsilon_high=a.eps_high, loss_type=LOSS_TYPES[a.aggregation],
        scale_rewards=SCALE_REWARDS[a.advantage], entropy_coef=a.entropy_coef,
        remove_unused_columns=False)


def run_trl(cfg: Any, sft_model: Path, out: Path, env: Any, grader: Any, budget_s: float,
            max_steps: int | None) -> dict[str, Any]:
    """TRL's GRPOTrainer from `sft_model` until the budget; the merged model saved in out/final."""
    # TRL and datasets are dev extras, and heavy: only this side needs them
    from datasets import Dataset
    from peft import LoraConfig
    from transformers import PrinterCallback
    from trl import GRPOTrainer

    tasks = training_tasks(cfg, env, cfg.env.train_tasks, seed=cfg.env.task_seed)
    policy = build_policy(cfg, init=sft_model)  # veriloop's loader: the same weights, float32
    model, tokenizer = policy.model, policy.tokenizer
    # TRL's transformers path hands generate() no tokenizer, which its stop strings need
    model.generate = functools.partial(type(model).generate, model, tokenizer=tokenizer)
    data = Dataset.from_list([{"prompt": prompt_text(policy, env, t), "task_id": t.id}
                              for t in tasks])
    reward = BfclReward(env, grader, tasks)
    meter = LoadMeter()

    lora = LoraConfig(r=cfg.model.lora_rank, lora_alpha=cfg.model.lora_alpha,
                      target_modules=list(cfg.model.lora_targets), lora_dropout=0.0,
                      bias="none", task_type="CAUSAL_LM")
    bf16 = autocast_dtype(cfg.train.precision, model) is torch.bfloat16
    args = trl_config(cfg, out, max_steps, bf16, cpu=policy.device.type == "cpu")
    trainer = GRPOTrainer(model=model, processing_class=tokenizer, reward_funcs=[reward],
                          args=args, train_dataset=data, peft_config=lora,
                          callbacks=[budget_callback(budget_s, meter)])
    trainer.remove_callback(PrinterCallback)  # its per-step dicts would crowd stdout
    t0 = time.perf_counter()
    trainer.train()
    seconds = time.perf_counter() - t0
    merged = trainer.model.merge_and_unload()
    merged.save_pretrained(out / "final")
    tokenizer.save_pretrained(out / "final")
    return {"model": out / "final", "seconds": seconds, "steps": reward.calls,
            "episodes": reward.episodes, "load": meter.mean()}


def budget_callback(budget_s: float, meter: LoadMeter) -> Any:
    """A TrainerCallback that stops TRL after the first optimizer step ending at or past
    `budget_s` seconds from the start of training (veriloop's side stops the same way), and
    samples the load after every step."""
    from transformers import TrainerCallback  # a dev extra's dependency, heavy: TRL side only

    class WallClockBudget(TrainerCallback):
        def on_train_begin(self, args, state, control, **kw):
            self.t0 = time.perf_counter()

        def on_step_end(self, args, state, control, **kw):
            meter.sample()
            elapsed = time.perf_counter() - self.t0
            print(f"trl step {state.global_step}: {elapsed:.0f} s", file=sys.stderr, flush=True)
            if elapsed >= budget_s:  # never False: that would undo TRL's own max_steps stop
                control.should_training_stop = True

    return WallClockBudget()


def evaluate(cfg: Any, model: Path, out: Path, env: Any, grader: Any) -> list:
    """`model`'s greedy held-out results (the same tasks and evaluation as veriloop's side)."""
    trainer = rl_trainer(cfg, out, model, env, grader)
    try:
        return heldout(trainer)
    finally:
        trainer.close()


def ci(delta: dict[str, float]) -> list[float]:
    return [round(delta["ci_low"], 4), round(delta["ci_high"], 4)]


def run(cfg: Any, recipe: str, out: Path, minutes: float, max_steps: int | None,
        first: str) -> dict[str, Any]:
    """SFT, then both RL sides in the order `first` says, then the paired comparison."""
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    commit = conditions()["commit"]  # the code the run runs, even if HEAD moves meanwhile
    t0 = time.perf_counter()
    env, grader = build_env_and_grader(cfg)
    sft_model = train_sft(cfg, out / "sft", build_policy(cfg), env).paths.model
    sft_s = time.perf_counter() - t0
    budget_s = minutes * 60
    order = ["veriloop", "trl"] if first == "veriloop" else ["trl", "veriloop"]
    sides: dict[str, dict[str, Any]] = {}
    for side in order:
        if side == "veriloop":
            sides[side] = run_veriloop(cfg, sft_model, out / "veriloop", env, grader, budget_s,
                                       max_steps)
        else:
            sides[side] = run_trl(cfg, sft_model, out / "trl", env, grader, budget_s, max_steps)
    vl, tr = sides["veriloop"], sides["trl"]
    sft, after_vl = vl["sft"], vl["rl"]
    after_trl = evaluate(cfg, tr["model"], out / "trl_eval", env, grader)
    d_vl = compare_runs([sft], [after_vl])["overall"]  # B − A: RL − SFT, paired by task
    d_trl = compare_runs([sft], [after_trl])["overall"]
    d = compare_runs([after_trl], [after_vl])["overall"]  # veriloop − TRL
    model = cfg.model.name + (f"-{cfg.model.size}" if cfg.model.name == "tiny" else "")
    return {"seed": cfg.train.seed, "model": model, "recipe": recipe, "heldout_n": d["tasks"],
            "budget_minutes": minutes, "order": f"sequential, {order[0]} first",
            "sft": round(d_vl["a"], 4), "veriloop": round(d_vl["b"], 4),
            "trl": round(d_trl["b"], 4),
            "veriloop_delta": round(d_vl["delta"]["mean"], 4), "veriloop_ci": ci(d_vl["delta"]),
            "trl_delta": round(d_trl["delta"]["mean"], 4), "trl_ci": ci(d_trl["delta"]),
            "diff": round(d["delta"]["mean"], 4), "diff_ci": ci(d["delta"]),
            "sft_minutes": round(sft_s / 60, 2),
            "veriloop_minutes": round(vl["seconds"] / 60, 2),
            "trl_minutes": round(tr["seconds"] / 60, 2), "veriloop_steps": vl["steps"],
            "trl_steps": tr["steps"], "veriloop_episodes": vl["episodes"],
            "trl_episodes": tr["episodes"], "veriloop_load": vl["load"], "trl_load": tr["load"],
            "cpu_flags": cpu_flags(), "load": conditions()["load_avg"], "commit": commit}


def table_row(r: dict[str, Any]) -> str:
    def with_ci(x: float, c: list[float]) -> str:
        return f"{x:+.3f} [{c[0]:+.3f}, {c[1]:+.3f}]"

    date = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    return (f"| {r['seed']} | {r['model']} | {r['heldout_n']} | {r['veriloop_minutes']:.1f} / "
            f"{r['trl_minutes']:.1f} (budget {r['budget_minutes']:g}) | {r['sft']:.3f} "
            f"| {r['veriloop']:.3f} | {r['trl']:.3f} "
            f"| {with_ci(r['veriloop_delta'], r['veriloop_ci'])} "
            f"| {with_ci(r['trl_delta'], r['trl_ci'])} | {with_ci(r['diff'], r['diff_ci'])} "
            f"| {r['veriloop_steps']} / {r['trl_steps']} "
            f"| {r['veriloop_episodes']} / {r['trl_episodes']} | {r['order']} "
            f"| {r['veriloop_load']:g} / {r['trl_load']:g} | {r['commit']} | {date} "
            f"| {r['cpu_flags']} |\n")


def append_results(row: dict[str, Any], path: Path = RESULTS) -> None:
    """Add the run's row to the learning-vs-TRL table of `path` (created at the end of the file
    the first time); earlier rows stay, as each is a separate measurement."""
    text = path.read_text()
    if TABLE_START not in text or TABLE_END not in text:
        text = (f"{text.rstrip()}\n\n## Learning side by side with TRL (BFCL single-turn, "
                f"`benchmarks/learning_vs_trl.py`)\n\n{TABLE_START}\n{HEADER}{TABLE_END}\n")
    head, rest = text.split(TABLE_START, 1)
    table, tail = rest.split(TABLE_END, 1)
    path.write_text(f"{head}{TABLE_START}{table}{table_row(row)}{TABLE_END}{tail}")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description="veriloop's GRPO and TRL's GRPOTrainer from the "
                                             "same SFT model on BFCL (see the top of this file)")
    ap.add_argument("--minutes", type=float, default=45.0, help="RL wall-clock budget a side")
    ap.add_argument("--heldout", type=int, help="held-out test-split tasks (default: the "
                                                "recipe's env.eval_tasks)")
    ap.add_argument("--seed", type=int, default=0, help="training seed (train.seed)")
    ap.add_argument("--max-steps", type=int, help="also stop each side after this many steps")
    ap.add_argument("--first", choices=["veriloop", "trl"],
                    help="the side that trains first (default: veriloop for an even seed)")
    ap.add_argument("--out", type=Path, help="keep the runs here (default: a temporary dir)")
    ap.add_argument("--append-results", action="store_true",
                    help=f"add the row to {RESULTS.relative_to(ROOT)}")
    a, overrides = parse_args(ap, QUICK, argv, known=True)
    unknown = [o for o in overrides if o.startswith("-")]  # the rest: load_config checks them
    if unknown:
        ap.exit(2, f"error: unknown option(s) {' '.join(unknown)}; see --help\n")
    if a.minutes <= 0 or (a.heldout is not None and a.heldout < 1) or (
            a.max_steps is not None and a.max_steps < 1):
        ap.exit(2, "error: --minutes must be above 0, and --heldout and --max-steps at least 1\n")
    if a.quick:
        overrides = [*QUICK_OVERRIDES, *overrides]
    first = a.first or ("veriloop" if a.seed % 2 == 0 else "trl")
    try:  # a bad override or recipe: one line saying what to fix, not a traceback
        cfg, recipe = recipe_config(overrides, a.seed, a.heldout)
        check_comparable(cfg)
        with tempfile.TemporaryDirectory(prefix="learning_vs_trl_") as tmp:
            row = run(cfg, recipe, a.out or Path(tmp), a.minutes, a.max_steps, first)
        if a.append_results:
            append_results(row)
    except UserError as e:
        ap.exit(2, f"error: {e}\n")
    emit(row, JSON_KEYS)


if __name__ == "__main__":
    main(sys.argv[1:])
