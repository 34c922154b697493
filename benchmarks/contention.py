"""Thread contention: torch's OpenMP threads spinning vs sleeping when they wait, with and without
another CPU-heavy process on the machine.

torch runs its CPU kernels in an OpenMP thread team. By default an idle team thread busy-waits
for ~300,000 spins before it sleeps; veriloop sets `GOMP_SPINCOUNT=3000` (`veriloop/__init__.py`)
and `OMP_WAIT_POLICY=PASSIVE` makes threads sleep at once. The difference shows when something
else competes for the cores: a spinning thread holds a core the other process (or the thread
that has real work) needs. Each measurement runs in a fresh process (the policy is read when
the OpenMP runtime loads); the three policies alternate, round after round.

Workloads, each with `--threads` torch threads (default: all cores):
  decode  the sampler generating 128 rows (16 prompts x 8) x 64 tokens, tiny model, T=1;
  train   a forward + backward of the tiny model over 128 sequences of 96 tokens.
Competitors (`--compete N`): N processes each running 1-thread float32 matmuls all along.

    python benchmarks/contention.py [--compete 0 1] [--rounds 3]

Prints a line per measurement, then ONE JSON line: per competitor count, workload and policy,
the median wall and CPU seconds with their spread, and the paired ratios to the default.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import subprocess
import sys
import time

ROWS, PROMPTS, NEW_TOKENS, TRAIN_LEN = 128, 16, 64, 96
# --quick runs no competitor: it would spin a core for the whole run, beside the test suite
QUICK = {"compete": [0], "rounds": 1, "repeats": 1, "threads": 1, "size": "xs", "rows": 4,
         "new_tokens": 4, "train_len": 8}
JSON_KEYS = ("benchmark", "threads", "work", "results", "conditions_before", "load_avg_after")


def child(threads: int, repeats: int, size: str = "s", rows: int = ROWS,
          new_tokens: int = NEW_TOKENS, train_len: int = TRAIN_LEN) -> None:
    """Measure both workloads `repeats` times after a warm-up; print one JSON line."""
    import torch  # before veriloop: the policy in the environment is the one that counts

    import veriloop  # noqa: F401
    from veriloop.envs import get_env
    from veriloop.policies import load_policy
    from veriloop.policies.base import SamplingParams

    torch.set_num_threads(threads)
    policy = load_policy("tiny", size=size)
    env = get_env("arithmetic")
    tasks = env.tasks(min(PROMPTS, rows), seed=0, split="test")
    prompts = [list(policy.renderer.render_prompt(t.prompt, env.reset(t).tools).ids)
               for t in tasks for _ in range(max(1, rows // PROMPTS))]
    params = SamplingParams(temperature=1.0, max_new_tokens=new_tokens, stop=(), seed=1)
    ids = torch.randint(0, policy.model.config.vocab_size, (rows, train_len),
                        generator=torch.Generator().manual_seed(0))

    def decode() -> None:
        policy.sampler.generate(prompts, params, ignore_eos=True)

    def train() -> None:
        policy.model.zero_grad(set_to_none=True)
        logits = policy.model(input_ids=ids).logits
        torch.nn.functional.cross_entropy(logits[:, :-1].flatten(0, 1), ids[:, 1:].flatten()) \
            .backward()

    out: dict[str, list[list[float]]] = {"decode": [], "train": []}
    for r in range(repeats + 1):
        for name, fn in (("decode", decode), ("train", train)):
            wall, cpu = time.perf_counter(), time.process_time()
            fn()
            if r:  # the first round warms up
                out[name].append([time.perf_counter() - wall, time.process_time() - cpu])
    print(json.dumps(out))


def compete(stop) -> None:
    import torch

    torch.set_num_threads(1)
    a = torch.randn(512, 512)
    while not stop.is_set():
        a = (a @ a).clamp_(-1, 1)


POLICIES = {"default": {}, "short_spin": {"GOMP_SPINCOUNT": "3000"},
            "passive": {"OMP_WAIT_POLICY": "PASSIVE"}}


def measure(policy: str, threads: int, repeats: int, sizes: tuple) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    env.update(POLICIES[policy])
    code = f"import sys; sys.path.insert(0, {os.path.dirname(__file__)!r}); " \
           f"import contention; contention.child({threads}, {repeats}, *{sizes})"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compete", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--rounds", type=int, default=3, help="alternations of the two policies")
    ap.add_argument("--repeats", type=int, default=2, help="measurements per process")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--size", default="s", help="tiny-model size")
    ap.add_argument("--rows", type=int, default=ROWS, help="decode rows and train sequences")
    ap.add_argument("--new-tokens", type=int, default=NEW_TOKENS)
    ap.add_argument("--train-len", type=int, default=TRAIN_LEN)
    from veriloop.benchmarking import Spread, conditions, emit, paired_ratio, parse_args

    args = parse_args(ap, QUICK)
    sizes = (args.size, args.rows, args.new_tokens, args.train_len)

    before = conditions()
    results: dict = {}
    ctx = mp.get_context("spawn")
    for n in args.compete:
        stop = ctx.Event()
        procs = [ctx.Process(target=compete, args=(stop,), daemon=True) for _ in range(n)]
        for p in procs:
            p.start()
        runs: dict[str, dict[str, list[list[float]]]] = {
            pol: {"decode": [], "train": []} for pol in POLICIES}
        for _ in range(args.rounds):
            for pol in runs:
                got = measure(pol, args.threads, args.repeats, sizes)
                for work, xs in got.items():
                    runs[pol][work].extend(xs)
                    print(f"compete={n} {pol:10s} {work:6s} wall "
                          f"{', '.join(f'{w:.2f}' for w, _ in xs)} s, cpu "
                          f"{', '.join(f'{c:.2f}' for _, c in xs)} s", file=sys.stderr, flush=True)
        stop.set()
        for p in procs:
            p.join(timeout=10)
        results[f"compete_{n}"] = {
            work: {**{pol: {"wall_s": Spread.of([w for w, _ in runs[pol][work]]).to_dict(),
                            "cpu_s": Spread.of([c for _, c in runs[pol][work]]).to_dict()}
                      for pol in runs},
                   **{f"wall_ratio_{pol}_over_default": paired_ratio(
                       [w for w, _ in runs[pol][work]],
                       [w for w, _ in runs["default"][work]]).to_dict()
                      for pol in POLICIES if pol != "default"}}
            for work in ("decode", "train")}
    emit({"benchmark": "contention", "threads": args.threads,
          "work": {"decode": f"{args.rows} rows x {args.new_tokens} tokens, tiny-{args.size}, T=1",
                   "train": f"forward+backward, {args.rows} x {args.train_len} tokens, "
                            f"tiny-{args.size}"},
          "results": results, "conditions_before": before,
          "load_avg_after": conditions()["load_avg"]}, JSON_KEYS)


if __name__ == "__main__":
    main()
