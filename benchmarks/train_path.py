"""Count the files on the path from `veriloop train` to `optimizer.step()` (issue 44).

Runs `veriloop train <recipe>` in this process (the console script's `app()`, one tiny RL step
on the `xs` model) under `sys.setprofile` and records the call stack, as veriloop files, at
each point where a stage of `RLTrainer.step` does its work:

- rollout: the call into the policy backend's `generate` (a `veriloop/policies/` file);
- grade: the call into the grader (`grade` or `__call__` in a `veriloop/graders/` file);
- reward: `Shaping.shaped`; advantages: the configured estimator's function
  (`algorithm.advantage`); loss: the configured policy-loss function (`algorithm.policy_loss`);
- update: `Tensor.backward` and the first `Optimizer.step`, where the trace ends.

The path is the union of those stacks: every file one passes through, call by call, from the
command to each stage and to the optimizer step. A stack stops at the first frame of a
component the trainer is handed (`envs/`, `policies/`, `graders/`, `models/`): those are
plugins behind protocols, read on their own. The functions a stage merely calls on the way and
returns from (logging, timing, config objects, packing) are not on the path. Work the runner
hands to a helper thread (environment steps, grading under a timeout) continues the stack of
the function that handed it over, so the grade stage's stack starts at the command too.

    python benchmarks/train_path.py [--recipe grpo] [--max-files 10] [--quick]

Prints each stage's stack, then ONE JSON line last: the files (in first-seen order), their
count, the stages reached, and whether the count is within --max-files (exit 1 if not).
`--quick` is the same run (it is already the smallest: one step of the tiny model), accepted so
that the suite's check of every benchmark's quick mode covers this script too.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import veriloop
from veriloop.algorithms.registries import estimator, policy_loss
from veriloop.algorithms.shaping import Shaping
from veriloop.benchmarking import emit, parse_args
from veriloop.cli import app
from veriloop.run.config import load_config

PKG = str(Path(veriloop.__file__).resolve().parent) + os.sep
COMPONENTS = ("envs/", "policies/", "graders/", "models/")
TINY = ("model.size=xs", "train.threads=1", "train.steps=1", "train.save_every=0",
        "rollout.prompts_per_step=2", "rollout.group_size=2", "rollout.max_new_tokens=4",
        "env.train_tasks=4", "env.eval_tasks=0", "optim.minibatch_size=4",
        "optim.micro_batch_size=4")
STAGES = ("rollout", "grade", "reward", "advantages", "loss", "backward", "optimizer.step")

Stack = tuple[tuple[str, str], ...]  # (file relative to veriloop/, function), outermost first


def _rel(filename: str) -> str | None:
    return filename[len(PKG):] if filename.startswith(PKG) else None


def _code(fn: Any) -> Any:
    """The code object that runs when `fn` is called (function, bound method, callable)."""
    fn = getattr(fn, "__func__", fn)
    if hasattr(fn, "__code__"):
        return fn.__code__
    return getattr(type(fn).__call__, "__code__", None) if callable(fn) else None


class PathTracer:
    """A `sys.setprofile` hook: the veriloop stacks at each stage of the first RL step."""

    def __init__(self, landmarks: dict[Any, str]) -> None:
        self.landmarks = landmarks  # code object -> stage (the algorithm entries)
        self.stacks: dict[str, set[Stack]] = {s: set() for s in STAGES}
        self.handed: dict[Any, Stack] = {}  # code of a callable handed to a thread -> stack
        self.in_step = False
        self.done = False

    def stack(self, frame: FrameType | None) -> Stack:
        """The veriloop frames from the entry down to `frame`; in a helper thread, prefixed by
        the stack that handed the running callable over."""
        frames: list[FrameType] = []
        while frame is not None:
            frames.append(frame)
            frame = frame.f_back
        out: list[tuple[str, str]] = []
        for f in frames:  # innermost first
            rel = _rel(f.f_code.co_filename)
            if rel is not None:
                out.append((rel, f.f_code.co_name))
            if f.f_code in self.handed and threading.current_thread() is not threading.main_thread():
                return self.handed[f.f_code] + tuple(reversed(out))
        return tuple(reversed(out))

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call" or self.done:
            return
        code = frame.f_code
        name, filename = code.co_name, code.co_filename
        if not self.in_step:
            self.in_step = name == "step" and filename.endswith(os.path.join("trainers", "rl.py"))
            return
        if name == "step" and f"torch{os.sep}optim" in filename:
            self.stacks["optimizer.step"].add(self.stack(frame.f_back))
            self.done = True
            return
        if name == "backward" and filename.endswith(os.path.join("torch", "_tensor.py")):
            self.stacks["backward"].add(self.stack(frame.f_back))
            return
        rel = _rel(filename)
        if rel is None:
            return
        handed = frame.f_locals.get("fn")  # call_with_timeout(fn, ...), a pool's map(fn, ...)
        if callable(handed) and _code(handed) is not None:
            self.handed[_code(handed)] = self.stack(frame)
        stage = self.landmarks.get(code)
        if stage is None and rel.startswith("policies/") and name == "generate":
            stage = "rollout"
        if stage is None and rel.startswith("graders/") and name in ("grade", "__call__"):
            stage = "grade"
        if stage is not None:
            self.stacks[stage].add(self.stack(frame))


def path_files(stacks: dict[str, set[Stack]]) -> list[str]:
    """The union of the stages' stacks, each cut at its first component frame; in order."""
    files: list[str] = []
    for stage in STAGES:
        for st in sorted(stacks[stage]):
            for rel, _ in st:
                if rel.startswith(COMPONENTS):
                    break
                if rel not in files:
                    files.append(rel)
    return files


def trace(recipe: str, run_dir: Path, overrides: tuple[str, ...] = TINY) -> PathTracer:
    """One tiny `veriloop train <recipe>` run in this process, traced to its optimizer step."""
    cfg = load_config(recipe, list(overrides))
    landmarks = {_code(estimator(cfg.algorithm.advantage).fn): "advantages",
                 _code(policy_loss(cfg.algorithm.policy_loss).fn): "loss",
                 _code(Shaping.shaped): "reward"}
    tracer = PathTracer(landmarks)
    argv = sys.argv
    sys.argv = ["veriloop", "train", recipe, *overrides, "--run-dir", str(run_dir)]
    sys.setprofile(tracer)
    threading.setprofile(tracer)  # the runner's helper threads start during the step
    code: Any = 0
    try:
        app()  # what the `veriloop` console script runs
    except SystemExit as e:
        code = e.code
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]  # None removes the hook
        sys.argv = argv
    if code not in (0, None):
        raise RuntimeError(f"veriloop train {recipe} exited with {code}")
    return tracer


JSON_KEYS = ("recipe", "files", "count", "stages_reached", "max_files", "ok")


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--recipe", default="grpo", help="a shipped recipe or a YAML file")
    ap.add_argument("--max-files", type=int, default=10)
    args = parse_args(ap, {}, argv)
    with tempfile.TemporaryDirectory() as tmp:
        tracer = trace(args.recipe, Path(tmp) / "run")
    for stage in STAGES:
        for st in sorted(tracer.stacks[stage]):
            out(f"{stage}: " + " > ".join(f"{f}:{n}" for f, n in st))
    files = path_files(tracer.stacks)
    reached = [s for s in STAGES if tracer.stacks[s]]
    emit({"recipe": args.recipe, "files": files, "count": len(files),
          "stages_reached": reached, "max_files": args.max_files,
          "ok": len(files) <= args.max_files and reached == list(STAGES)}, JSON_KEYS)
    return 0 if len(files) <= args.max_files and reached == list(STAGES) else 1


if __name__ == "__main__":
    sys.exit(main())
