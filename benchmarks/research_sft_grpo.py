"""SFT -> GRPO on `research` level 1 with the embedded SmolLM2 model, at GPU scale: does GRPO
raise the held-out reward over the SFT model (issue 18)?

Three phases, each its own process so that RL arms can run side by side on one GPU:

    python benchmarks/research_sft_grpo.py sft OUT [overrides...]
        SFT from configs/research_smollm2.yaml, saved to OUT/sft/final, then the held-out
        evaluation of that model (OUT/before.json, OUT/eval_before.sqlite).
    python benchmarks/research_sft_grpo.py rl OUT/ARM --init OUT/sft/final --deadline EPOCH \
            [overrides...]
        GRPO steps from the SFT model while the deadline leaves time for the held-out
        evaluation (timed by the `sft` phase's evaluation, in OUT/before.json), then that
        evaluation (ARM/after.json, ARM/eval_after.sqlite).
    python benchmarks/research_sft_grpo.py summary OUT
        One JSON line: before, each arm's after, the paired difference per held-out question.
    python benchmarks/research_sft_grpo.py --quick
        All three phases in one process on the xs tiny model (a few demonstrations, one
        held-out question, one GRPO step of one arm) in a temporary OUT: the summary line
        only shows that the path runs (benchmarks/research_sft_grpo_gpu.sh drives the
        phases on a GPU).

The evaluation samples every held-out question `--samples` times at the training temperature;
before and after use the same sampling seeds. Every phase appends its progress to
OUT/log.jsonl. Overrides are `section.key=value` config overrides (e.g. `optim.lr=1e-5`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CONFIG = ROOT / "configs" / "research_smollm2.yaml"
QUICK = {"samples": 1}
QUICK_OVERRIDES = ["model.name=tiny", "model.size=xs", "sft.demos=2", "sft.epochs=1",
                   "sft.warmup_steps=0", "env.eval_tasks=1",
                   "rollout.prompts_per_step=1", "rollout.group_size=2",
                   "rollout.max_new_tokens=16", "rollout.slots=2", "optim.minibatch_size=2",
                   "train.steps=1", "train.threads=1"]
JSON_KEYS = ("before", "before_success", "before_format_violation_rate", "episodes_per_eval",
             "arms")


def log(out: Path, **row) -> None:
    row = {"t": round(time.time(), 1), **row}
    print(json.dumps(row), flush=True)
    with (out / "log.jsonl").open("a") as f:
        f.write(json.dumps(row) + "\n")


def evaluate(rl, out: Path, name: str, samples: int, temperature: float) -> dict:
    from veriloop.data.store import TrajectoryStore

    start = time.time()
    per_task: dict[str, list[float]] = {}

    def keep(t) -> None:
        store.append(t)
        if t.grade is not None:  # None: an infrastructure fault, not scored
            per_task.setdefault(t.task_id, []).append(t.grade.score)

    with TrajectoryStore(out / f"eval_{name}.sqlite") as store:
        r = rl.evaluate(samples=samples, temperature=temperature, on_trajectory=keep)
    result = {k: r[k] for k in ("mean_score", "success_rate", "mean_turns",
                                "format_violation_rate")}
    result.update(seconds=round(time.time() - start, 1), episodes=sum(map(len, per_task.values())),
                  per_task={k: statistics.fmean(v) for k, v in sorted(per_task.items())})
    (out / f"{name}.json").write_text(json.dumps(result))
    log(out, phase=name, **{k: v for k, v in result.items() if k != "per_task"})
    return result


def load(overrides: list[str]):
    import torch

    from veriloop.run.config import load_config

    cfg = load_config(CONFIG, ["train.save_every=0", *overrides])
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    return cfg


def sft_phase(out: Path, samples: int, overrides: list[str]) -> None:
    from veriloop.run.build import build_env, build_env_and_grader, build_policy
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer
    from veriloop.trainers.sft import train_sft

    cfg = load(overrides)
    start = time.time()
    sft = train_sft(cfg, out / "sft", build_policy(cfg), build_env(cfg))
    model = sft.paths.model
    log(out, phase="sft", seconds=round(time.time() - start, 1), model=str(model),
        device=str(next(sft.model.parameters()).device))
    rl = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": str(model)}), out / "rl0",
                   policy_from_config(cfg.model, init=model))
    rl.setup(*build_env_and_grader(rl.cfg))
    evaluate(rl, out, "before", samples, cfg.rollout.temperature)
    rl.close()


def rl_phase(out: Path, init: Path, deadline: float, samples: int, overrides: list[str],
             eval_factor: float = 2.2) -> None:
    from veriloop.run.build import build_env_and_grader
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    out.mkdir(parents=True, exist_ok=True)
    cfg = load(overrides)
    eval_s = json.loads((init.parents[1] / "before.json").read_text())["seconds"]
    rl = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": str(init)}), out / "run",
                   policy_from_config(cfg.model, init=init))
    rl.setup(*build_env_and_grader(rl.cfg))
    steps: list[float] = []
    for i in range(cfg.train.steps):
        # the first step also warms up (120 s against 76 s after it on an H200)
        longest = max(steps[1:] or steps, default=0.0)
        # arms evaluating side by side at the end take longer than the lone "before" did:
        # eval_factor times as long (2.2 for the GPU script's three arms)
        if time.time() + longest + eval_factor * eval_s + 15 > deadline:
            break
        start = time.time()
        m = rl.step()
        steps.append(time.time() - start)
        log(out, phase="step", step=i, seconds=round(steps[-1], 1),
            **{k: round(m[k], 4) for k in ("score", "entropy", "kl", "grad_norm", "turns",
                                           "format_violation_rate") if k in m})
    evaluate(rl, out, "after", samples, cfg.rollout.temperature)
    rl.close()


def summary(out: Path) -> dict:
    before = json.loads((out / "before.json").read_text())
    arms = {}
    for after_path in sorted(out.glob("*/after.json")):
        after = json.loads(after_path.read_text())
        steps = [json.loads(line) for line in (after_path.parent / "log.jsonl").open()
                 if '"step"' in line]
        both = sorted(set(before["per_task"]) & set(after["per_task"]))
        diffs = [after["per_task"][k] - before["per_task"][k] for k in both]
        sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
        arms[after_path.parent.name] = {
            "after": after["mean_score"], "gain": after["mean_score"] - before["mean_score"],
            "paired_se": sd / max(1, len(diffs)) ** 0.5, "questions_up": sum(d > 0 for d in diffs),
            "questions_down": sum(d < 0 for d in diffs), "steps": len(steps),
            "train_scores": [s["score"] for s in steps], "after_success": after["success_rate"],
            "after_format_violation_rate": after["format_violation_rate"]}
    return {"before": before["mean_score"], "before_success": before["success_rate"],
            "before_format_violation_rate": before["format_violation_rate"],
            "episodes_per_eval": before["episodes"], "arms": arms}


def quick(samples: int, overrides: list[str]) -> dict:
    """--quick: sft, rl (one arm, no deadline to speak of) and summary in a temporary OUT."""
    with tempfile.TemporaryDirectory(prefix="research_sft_grpo_") as tmp:
        out, overrides = Path(tmp), [*QUICK_OVERRIDES, *overrides]
        sft_phase(out, samples, overrides)
        rl_phase(out / "grpo", out / "sft" / "final", time.time() + 3600, samples, overrides)
        return summary(out)


def main(argv: list[str]) -> None:
    from veriloop.benchmarking import emit, parse_args

    ap = argparse.ArgumentParser(description="issue 18's SFT -> GRPO experiment (see the top)")
    ap.add_argument("phase", nargs="?", choices=["sft", "rl", "summary"])
    ap.add_argument("out", nargs="?", type=Path)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--init", type=Path, help="rl: the SFT model")
    ap.add_argument("--deadline", type=float, help="rl: epoch seconds to be done by")
    ap.add_argument("--eval-factor", type=float, default=2.2,
                    help="rl: the final evaluation takes this many times the SFT model's")
    # the rest: section.key=value config overrides
    a, overrides = parse_args(ap, QUICK, argv, known=True)
    if a.quick:
        emit(quick(a.samples, overrides), JSON_KEYS)
    elif a.phase is None or a.out is None:
        ap.error("give a phase (sft, rl or summary) and OUT, or --quick")
    elif a.phase == "sft":
        a.out.mkdir(parents=True, exist_ok=True)
        sft_phase(a.out, a.samples, overrides)
    elif a.phase == "rl":
        if a.init is None or a.deadline is None:
            ap.error("rl needs --init and --deadline")
        rl_phase(a.out, a.init, a.deadline, a.samples, overrides, a.eval_factor)
    else:
        emit(summary(a.out), JSON_KEYS)


if __name__ == "__main__":
    main(sys.argv[1:])
