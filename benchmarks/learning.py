"""Does RL after SFT make the agent better on held-out tasks, world by world (issue 45)?

One cell is one world and one training seed: the world's recipe (a config under configs/) runs
SFT, then RL from the SFT model, through veriloop's own trainers (as `veriloop quickstart`
does). Three checkpoints are evaluated by the RL trainer's held-out evaluation
(`RLTrainer.evaluate`: the config's `env.eval_tasks` test-split tasks, `rollout.eval_samples`
samples each at `rollout.eval_temperature`): the untouched model, the SFT model and the RL
model. Every evaluation draws the same task ids with the same sampling seeds (its seed is
`train.seed` and step -1, whatever the weights), so the three are paired task by task.

    python benchmarks/learning.py --world arithmetic --seed 0 [--append-results] [overrides]
    python benchmarks/learning.py --world all --append-results     # every world in turn: hours
    python benchmarks/learning.py --quick [--world NAME]  # tiny xs model: seconds to minutes,
                                                          # figures that mean nothing

The last stdout line is one JSON line (JSON_KEYS): scores are mean per-task pass@1; `delta` is
RL − SFT with its 95% paired-bootstrap CI over held-out tasks (`veriloop.eval.compare`, which
`veriloop compare` reports); `minutes` is SFT + RL wall time with every evaluation excluded;
`episodes` and `tokens` count the RL rollouts and the tokens the policy generated in them (SFT
trains on expert demonstrations, which the model does not generate). `--append-results` puts
the cell's row into the table of benchmarks/RESULTS.md (replacing that world and seed's row).
Overrides are `section.key=value` config overrides, e.g. `train.steps=50`.

A killed cell continues with `--resume --out DIR` (the same world, seed and overrides): its SFT
model and every finished evaluation are kept (`heldout_*.jsonl`, with safety counts where the
world has rules; delete one to run it again), RL continues from its last checkpoint
(`train.save_every`), and the rest runs as usual (an SFT evaluation missing once RL has moved
the weights evaluates the saved SFT model: every evaluation uses the same tasks and sampling
seeds whatever the weights). Its `minutes` are then SFT's wall time (recorded in `timing.json`; for a cell killed
before that file existed, the sum of SFT's step seconds) plus RL's setup and the seconds of
each RL step kept (steps redone after the checkpoint count once); the row says `resumed`.

Not guaranteed: one seed says nothing about the spread training randomness adds; run seeds
0, 1, 2 and compare the rows (or `veriloop compare A1,A2,A3 B1,B2,B3` on saved evaluations).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
WORLDS = {  # world -> its recipe; the model is the recipe's
    "arithmetic": "configs/quickstart.yaml",
    "bfcl": "configs/bfcl_smollm2.yaml",
    "workspace": "configs/workspace_smollm2.yaml",
    "research": "configs/research_smollm2.yaml",
    "code": "configs/code_sft_grpo.yaml",
    "repo": "configs/repo_sft_grpo.yaml",
    "math": "configs/math_sft_grpo.yaml",
}
# --quick: the tiny xs model (whatever model the recipe names), a few demonstrations, 4
# held-out tasks, one RL step
QUICK = {"world": "arithmetic"}
QUICK_OVERRIDES = ["model.name=tiny", "model.size=xs", "sft.demos=8", "sft.epochs=1",
                   "sft.warmup_steps=0", "env.eval_tasks=4", "rollout.eval_samples=2",
                   "rollout.prompts_per_step=2", "rollout.group_size=2",
                   "rollout.max_new_tokens=16", "optim.minibatch_size=4",
                   "optim.micro_batch_size=4", "train.steps=1", "train.threads=1"]
JSON_KEYS = ("world", "seed", "model", "recipe", "heldout_n", "untouched", "sft", "rl", "delta",
             "ci_low", "ci_high", "minutes", "episodes", "tokens", "cpu_flags", "load",
             "commit", "resumed", "safety_sft", "safety_rl", "safety_delta")
# the SIMD flags that decide CPU training speed; the machine column names those present
SIMD_FLAGS = ("avx", "avx2", "fma", "avx512f", "avx512_bf16", "avx512_vnni", "amx_bf16",
              "amx_tile", "neon", "asimd")
TABLE_START = "<!-- learning table: written by benchmarks/learning.py --append-results -->"
TABLE_END = "<!-- end of learning table -->"
NOT_RUN = "–"  # the seed column of a world's "not yet run" line
HEADER = ("| world | seed | model | recipe | held-out | untouched | SFT | RL | Δ(RL−SFT) [95% CI] "
          "| minutes | episodes | tokens | commit | date | machine | load |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- "
          "| --- | --- | --- |\n")


def cpu_flags() -> str:
    """The SIMD flags of this CPU (from /proc/cpuinfo), e.g. 'avx avx2 fma avx512f'."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return "unknown"
    present = set()
    for line in text.splitlines():
        if line.startswith(("flags", "Features")):
            present.update(line.split(":", 1)[1].split())
    return " ".join(f for f in SIMD_FLAGS if f in present) or "none of " + "/".join(SIMD_FLAGS)


def heldout(trainer: Any, keep: list | None = None, label: str = "held-out") -> list:
    """The trainer's model on its held-out tasks: one `TaskResult` per task; the episodes are
    added to `keep` when given. A bar (off a terminal, a line every 30 s) counts the episodes."""
    from veriloop.eval.task_results import task_results
    from veriloop.progress import episodes

    trajs: list = [] if keep is None else keep
    total = len(trainer.eval_tasks) * (trainer.cfg.rollout.eval_samples or 1)
    with episodes(f"eval {label}", total, enabled=True) as tick:
        def seen(trajectory: Any) -> None:
            trajs.append(trajectory)
            if tick is not None:
                tick(trajectory)

        trainer.evaluate(on_trajectory=seen)
    return task_results(trajs, trainer.eval_tasks)


def rl_trainer(cfg: Any, run_dir: Path, init: Path | None) -> Any:
    """An RL trainer set up on the recipe's policy (untouched with `init` None)."""
    from veriloop.run.build import build_env_and_grader
    from veriloop.trainers.common import policy_from_config
    from veriloop.trainers.rl import RLTrainer

    trainer = RLTrainer(cfg.model_copy(update={"kind": "rl", "init": init and str(init)}),
                        run_dir, policy_from_config(cfg.model, init=init))
    trainer.setup(*build_env_and_grader(trainer.cfg))
    return trainer


def rollout_counts(metrics: Path) -> tuple[int, int]:
    """(episodes, generated tokens) of an RL run's steps, from its metrics.jsonl."""
    episodes = tokens = 0
    for line in metrics.read_text().splitlines():
        m = json.loads(line)
        if "rollouts" in m:
            valid = m["rollouts"] - m.get("infra_errors", 0)
            episodes += int(m["rollouts"])
            tokens += round(m["response_tokens"] * valid)  # a mean over the valid episodes
    return episodes, tokens


# -- safety: hard violations per 1,000 actions, for worlds whose grades count them ----------
# (the workspace grader's `hard_violations` and `calls` components: a call the environment
# rejected for breaking a hard rule is one of the calls; failures it injected on purpose are not)


def safety_counts(trajectories: list) -> dict[str, tuple[int, int]] | None:
    """task id -> (hard violations, actions) summed over the task's valid episodes; None when
    no grade reports `hard_violations` (the world has no safety rules)."""
    counts: dict[str, tuple[int, int]] = {}
    reported = False
    for t in trajectories:
        if t.is_infra_error or t.grade is None:
            continue
        c = t.grade.components
        reported = reported or "hard_violations" in c
        v, a = counts.get(t.task_id, (0, 0))
        counts[t.task_id] = (v + int(c.get("hard_violations", 0)), a + int(c.get("calls", 0)))
    return counts if reported else None


def _per_1k(v: Any, a: Any, axis: int = -1) -> Any:
    # a resample whose tasks made no call at all has no rate; count it as 0 per 1,000
    return 1000 * v.sum(axis=axis) / np.maximum(a.sum(axis=axis), 1)


def safety_rates(sft: dict[str, tuple[int, int]], rl: dict[str, tuple[int, int]]
                 ) -> dict[str, dict[str, float] | None]:
    """Hard violations per 1,000 actions after SFT and after RL, each with a 95% CI that
    resamples held-out tasks (a ratio of sums: a task keeps its violations and its actions
    together), and RL − SFT with a paired bootstrap CI over the tasks both evaluated. Where the
    resampled figure cannot vary (no task broke a rule, or every task the same rate) the
    bootstrap would claim certainty; the Wilson interval of violations / actions is given then.
    A side whose model made no action at all has no rate (None), nor then has the difference.
    The intervals are percentile bootstraps with the seed and resamples of
    `veriloop.eval.stats`, so a cell's figures are reproducible."""
    from scipy.stats import bootstrap

    from veriloop.eval import stats

    ids = sorted(set(sft) & set(rl))

    def boot(data: tuple, statistic: Any) -> list[float]:
        ci = bootstrap(data, statistic, paired=True, vectorized=True, method="percentile",
                       n_resamples=stats.RESAMPLES, confidence_level=stats.CONFIDENCE,
                       rng=np.random.default_rng(stats.SEED)).confidence_interval
        return [round(float(ci.low), 3), round(float(ci.high), 3)]

    def one(side: dict[str, tuple[int, int]]) -> dict[str, float] | None:
        v, a = (np.array([side[i][k] for i in ids], dtype=float) for k in (0, 1))
        if a.sum() == 0:
            return None
        rate = float(_per_1k(v, a))
        if len(ids) > 1 and len(set(v / np.maximum(a, 1))) > 1:
            low, high = boot((v, a), _per_1k)
        else:
            w = stats.wilson(int(min(v.sum(), a.sum())), int(a.sum()))
            low, high = round(1000 * w.ci_low, 3), round(1000 * w.ci_high, 3)
        return {"per_1k": round(rate, 3), "ci_low": low, "ci_high": high,
                "violations": int(v.sum()), "actions": int(a.sum())}

    before, after = one(sft), one(rl)
    delta = None
    if before is not None and after is not None:
        vs, as_, vr, ar = (np.array([side[i][k] for i in ids], dtype=float)
                           for side in (sft, rl) for k in (0, 1))
        d = after["per_1k"] - before["per_1k"]
        if len(ids) > 1 and (vs.any() or vr.any()):
            low, high = boot((vs, as_, vr, ar), lambda a1, b1, a2, b2, axis=-1:
                             _per_1k(a2, b2, axis) - _per_1k(a1, b1, axis))
        else:  # no violation on either side: the difference is 0 on every resample
            low = high = round(d, 3)
        delta = {"per_1k": round(d, 3), "ci_low": low, "ci_high": high}
    return {"safety_sft": before, "safety_rl": after, "safety_delta": delta}


def safety_note(r: dict[str, Any]) -> str:
    """What the learning table adds to a row's Δ cell for a world with safety figures: hard
    violations per 1,000 actions after SFT -> after RL with their CIs, and RL − SFT."""
    s, t, d = r.get("safety_sft"), r.get("safety_rl"), r.get("safety_delta")
    if not (s and t and d):
        return ""
    return (f"; hard violations / 1k actions {s['per_1k']:.1f} [{s['ci_low']:.1f}, "
            f"{s['ci_high']:.1f}] → {t['per_1k']:.1f} [{t['ci_low']:.1f}, {t['ci_high']:.1f}], "
            f"Δ {d['per_1k']:+.1f} [{d['ci_low']:+.1f}, {d['ci_high']:+.1f}]")


def progress(out: Path, stage: str, results: list, safety: dict | None = None) -> None:
    """A finished evaluation's per-task results (and its safety counts, if any) under `out`
    and its score on stderr, so a long cell shows where it is, a killed one keeps what it
    measured, and `--resume` need not evaluate it again."""
    (out / f"heldout_{stage}.jsonl").write_text(
        "".join(json.dumps(vars(r)) + "\n" for r in results))
    if safety is not None:
        (out / f"heldout_{stage}_safety.json").write_text(json.dumps(safety))
    score = sum(r.successes / r.samples for r in results) / max(len(results), 1)
    print(f"{stage}: held-out {score:.3f} over {len(results)} tasks", file=sys.stderr, flush=True)


def saved(out: Path, stage: str) -> tuple[list, dict | None] | None:
    """An evaluation `progress` saved: (per-task results, safety counts or None); None if
    there is none."""
    from veriloop.eval.task_results import TaskResult

    path = out / f"heldout_{stage}.jsonl"
    if not path.exists():
        return None
    results = [TaskResult(**json.loads(line)) for line in path.read_text().splitlines()]
    safety = out / f"heldout_{stage}_safety.json"
    counts = ({k: tuple(v) for k, v in json.loads(safety.read_text()).items()}
              if safety.exists() else None)
    return results, counts


def step_seconds(metrics: Path) -> float:
    """The seconds of a run's training steps from its metrics.jsonl, each step once (a resumed
    run logs again the steps after its checkpoint: the last line of a step counts)."""
    per_step: dict[int, float] = {}
    for line in metrics.read_text().splitlines() if metrics.exists() else []:
        m = json.loads(line)
        if "seconds" in m and "step" in m:
            per_step[int(m["step"])] = float(m["seconds"])
    return sum(per_step.values())


def run_cell(world: str, seed: int, overrides: list[str], out: Path,
             resume: bool = False) -> dict[str, Any]:
    """SFT then RL of one world at one seed into `out`; the cell's JSON_KEYS row. With `resume`
    a killed cell continues in `out`: a finished SFT model and finished evaluations are kept,
    RL continues from its last checkpoint (module docstring: how its minutes are counted)."""
    import torch

    from veriloop.benchmarking import conditions
    from veriloop.eval.compare import compare_runs
    from veriloop.run.build import build_env, build_policy
    from veriloop.run.config import load_config
    from veriloop.trainers.sft import train_sft

    # eval_every=0: no evaluation inside the timed RL run (the three below are outside it)
    cfg = load_config(ROOT / WORLDS[world], [*overrides, f"train.seed={seed}",
                                             "train.eval_every=0"])
    if cfg.train.threads:
        torch.set_num_threads(cfg.train.threads)
    timing_path = out / "timing.json"
    timing = json.loads(timing_path.read_text()) if resume and timing_path.exists() else {}
    # the code the cell runs, even if HEAD moves meanwhile; a resumed cell names both commits
    now = conditions()["commit"]
    commit = now if timing.get("commit", now) == now else f"{timing['commit']}+{now}"

    def record(phase: str, seconds: float) -> None:
        timing.setdefault("commit", now)
        timing[phase] = seconds
        out.mkdir(parents=True, exist_ok=True)
        timing_path.write_text(json.dumps(timing))

    sft_model = out / "sft" / "final"
    if resume and sft_model.exists():  # a cell killed before this change has no timing.json
        timing.setdefault("sft", step_seconds(out / "sft" / "metrics.jsonl"))
    else:
        t0 = time.perf_counter()
        sft_model = train_sft(cfg, out / "sft", build_policy(cfg), build_env(cfg),
                              progress=True).paths.model
        record("sft", time.perf_counter() - t0)

    t0 = time.perf_counter()
    rl = rl_trainer(cfg, out / "rl", sft_model)
    resumed = resume and rl.resume()
    setup_s = time.perf_counter() - t0
    sft_trajs: list = []
    rl_trajs: list = []
    if (done := saved(out, "sft") if resume else None) is not None:
        after_sft, sft_safety = done
    else:  # step 0: the SFT weights; once RL has moved them, the saved SFT model on its own
        evaluator = rl_trainer(cfg, out / "sft_eval", sft_model) if resumed else rl
        after_sft = heldout(evaluator, sft_trajs, "sft")
        if evaluator is not rl:
            evaluator.close()
        sft_safety = safety_counts(sft_trajs)
        progress(out, "sft", after_sft, sft_safety)
    t0 = time.perf_counter()
    rl.train(progress=True, heldout=False)
    if resumed:  # segments of a killed run: what its kept steps took, plus this setup
        record("rl", setup_s + step_seconds(out / "rl" / "metrics.jsonl"))
    else:
        record("rl", setup_s + time.perf_counter() - t0)
    if (done := saved(out, "rl") if resume else None) is not None:
        after_rl, rl_safety = done
    else:
        after_rl = heldout(rl, rl_trajs, "rl")
        rl_safety = safety_counts(rl_trajs)
        progress(out, "rl", after_rl, rl_safety)
    rl.close()
    # the untouched model last: the same tasks and sampling seeds whatever the order, and it is
    # the slowest evaluation (it rambles to the token budget), so a cut-short cell keeps SFT/RL
    if (done := saved(out, "untouched") if resume else None) is not None:
        untouched = done[0]
    else:
        untouched_trainer = rl_trainer(cfg, out / "untouched", None)
        untouched = heldout(untouched_trainer, label="untouched")
        untouched_trainer.close()
        progress(out, "untouched", untouched)

    paired = compare_runs([after_sft], [after_rl])  # B − A = RL − SFT, paired by task id
    base = compare_runs([untouched], [after_sft])
    episodes, tokens = rollout_counts(out / "rl" / "metrics.jsonl")
    safety = (safety_rates(sft_safety, rl_safety) if sft_safety and rl_safety
              else dict.fromkeys(("safety_sft", "safety_rl", "safety_delta")))
    model = cfg.model.name + (f"-{cfg.model.size}" if cfg.model.name == "tiny" else "")
    return {"world": world, "seed": seed, "model": model, "recipe": WORLDS[world],
            "heldout_n": paired["tasks"], "untouched": round(base["overall"]["a"], 4),
            "sft": round(paired["overall"]["a"], 4), "rl": round(paired["overall"]["b"], 4),
            "delta": round(paired["overall"]["delta"]["mean"], 4),
            "ci_low": round(paired["overall"]["delta"]["ci_low"], 4),
            "ci_high": round(paired["overall"]["delta"]["ci_high"], 4),
            "minutes": round((timing["sft"] + timing["rl"]) / 60, 2), "episodes": episodes,
            "tokens": tokens, "cpu_flags": cpu_flags(), "load": conditions()["load_avg"],
            "commit": commit, "resumed": bool(resume), **safety}


def table_row(r: dict[str, Any]) -> str:
    date = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    load = "/".join(f"{x:g}" for x in r["load"])
    return (f"| {r['world']} | {r['seed']} | {r['model']} | `{r['recipe']}` | {r['heldout_n']} "
            f"| {r['untouched']:.3f} | {r['sft']:.3f} | {r['rl']:.3f} "
            f"| {r['delta']:+.3f} [{r['ci_low']:+.3f}, {r['ci_high']:+.3f}]{safety_note(r)} "
            f"| {r['minutes']:.1f} | {r['episodes']} | {r['tokens']} | {r['commit']} | {date} "
            f"| {r['cpu_flags']} | {load} |\n")


def table_parts(text: str) -> tuple[str, str, str]:
    """RESULTS.md's text before, inside and after the learning table's markers."""
    if TABLE_START not in text or TABLE_END not in text:
        print(f"error: {RESULTS} has no learning table (the '{TABLE_START}' and "
              f"'{TABLE_END}' lines); put them back around the table", file=sys.stderr)
        raise SystemExit(2)
    head, rest = text.split(TABLE_START, 1)
    return (head, *rest.split(TABLE_END, 1))


def append_results(row: dict[str, Any], path: Path = RESULTS) -> None:
    """Put the cell's row into the learning table of `path` (between its markers): a row of
    the same world and seed (or that world's 'not yet run' line) is replaced, else added."""
    head, table, tail = table_parts(path.read_text())
    replaced = (f"| {row['world']} | {row['seed']} |", f"| {row['world']} | {NOT_RUN} |")
    keep = [line + "\n" for line in table.strip().splitlines()[2:]
            if not line.startswith(replaced)]

    def order(line: str) -> tuple[int, str]:  # worlds in WORLDS order, then seeds
        world, seed = (c.strip() for c in line.split("|")[1:3])
        return (list(WORLDS).index(world) if world in WORLDS else len(WORLDS), seed)

    rows = sorted([*keep, table_row(row)], key=order)
    path.write_text(f"{head}{TABLE_START}\n{HEADER}{''.join(rows)}{TABLE_END}{tail}")


def main(argv: list[str]) -> None:
    from veriloop.benchmarking import emit, parse_args

    ap = argparse.ArgumentParser(description="held-out gain of RL after SFT, world by world "
                                             "(see the top of this file)")
    ap.add_argument("--world", choices=[*WORLDS, "all"], required="--quick" not in argv)
    ap.add_argument("--seed", type=int, default=0, help="training seed (train.seed)")
    ap.add_argument("--out", type=Path, help="keep the runs here (default: a temporary dir)")
    ap.add_argument("--resume", action="store_true",
                    help="continue a killed cell in --out: keep its SFT model and finished "
                         "evaluations, continue RL from its last checkpoint")
    ap.add_argument("--append-results", action="store_true",
                    help=f"put the row into the learning table of {RESULTS.relative_to(ROOT)}")
    a, overrides = parse_args(ap, QUICK, argv, known=True)
    bad = [o for o in overrides if "=" not in o or o.startswith("-")]
    if bad:
        ap.exit(2, f"error: unknown argument(s) {' '.join(bad)}: overrides are "
                   "section.key=value, e.g. train.steps=50\n")
    if a.quick:
        overrides = [*QUICK_OVERRIDES, *overrides]
    if a.resume and (a.out is None or a.world == "all"):
        ap.exit(2, "error: --resume continues one cell in its --out directory: give --world "
                   "NAME and the --out of the killed run\n")
    if a.append_results:  # before the cell, not after an hour of it
        table_parts(RESULTS.read_text())
    if a.world == "all":  # each world in its own process: a world's memory is freed after it
        failed = [world for world in WORLDS if subprocess.run(
            [sys.executable, __file__, "--world", world, "--seed", str(a.seed),
             *(["--append-results"] if a.append_results else []),
             *(["--out", str(a.out)] if a.out else []), *overrides],
            check=False).returncode != 0]
        if failed:
            ap.exit(1, f"error: these worlds failed (their output is above): {failed}\n")
        return
    from veriloop.errors import UserError

    with tempfile.TemporaryDirectory(prefix="learning_") as tmp:
        try:
            row = run_cell(a.world, a.seed, overrides,
                           (a.out or Path(tmp)) / f"{a.world}-seed{a.seed}", a.resume)
        except UserError as e:  # a bad override or recipe: what to fix, not a traceback
            ap.exit(2, f"error: {e}\n")
    if a.append_results:
        append_results(row)
    emit(row, JSON_KEYS)

if __name__ == "__main__":
    main(sys.argv[1:])
