"""CLI for models: `veriloop model init|info`, `veriloop bench generate`, `veriloop serve`."""

from __future__ import annotations

import json
import re
import resource
from pathlib import Path
from typing import Annotated

import typer

model_app = typer.Typer(help="Build and inspect models.", no_args_is_help=True)
bench_app = typer.Typer(help="Benchmarks that print machine-readable figures.",
                        no_args_is_help=True)


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


@model_app.command("init")
def model_init(
    size: Annotated[str, typer.Option(help="tiny model size: xs, s, m, l")] = "s",
    seed: Annotated[int, typer.Option(help="seed of the tokenizer corpus and the weights")] = 0,
    vocab_size: Annotated[int, typer.Option(help="BPE vocabulary size")] = 1024,
    out: Annotated[Path | None, typer.Option(help="directory (default: the cache, "
                                                "$VERILOOP_HOME/models/tiny-<size>-s<seed>)")] = None,
    force: Annotated[bool, typer.Option(help="rebuild even if it exists")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print a JSON summary")] = False,
) -> None:
    """Build the embedded tiny model (tokenizer + chat template + random Llama weights)."""
    from veriloop.policies.tiny import SIZES  # lazy: startup
    from veriloop.run.tiny import build_tiny, ensure_tiny  # lazy: startup (environments, torch)

    if size not in SIZES:
        _fail(f"unknown size {size!r}; known: {', '.join(SIZES)}")
    if out is None:
        path = ensure_tiny(size, seed=seed, vocab_size=vocab_size, rebuild=force)
    else:
        if out.exists() and any(out.iterdir()) and not force:
            _fail(f"{out} exists and is not empty; pass --force to overwrite")
        path = build_tiny(out, size=size, seed=seed, vocab_size=vocab_size)
    meta = json.loads((path / "veriloop_tiny.json").read_text())
    meta["path"] = str(path)
    if as_json:
        typer.echo(json.dumps(meta))
    else:
        typer.echo(f"tiny-{size} ({meta['parameters']:,} parameters, vocab {vocab_size}) at {path}")


@model_app.command("info")
def model_info(
    model: Annotated[str, typer.Option("--model", "-m", help="tiny, smollm2-135m, a dir, a .gguf")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Parameters, architecture, tokenizer and template facts of a model."""
    from veriloop.policies import load_policy  # lazy: keeps `veriloop --help` fast

    try:
        pol = load_policy(model)
    except (ValueError, FileNotFoundError) as e:
        _fail(str(e))
    cfg = pol.model.config
    info = {"name": pol.name, "parameters": sum(p.numel() for p in pol.model.parameters()),
            "architecture": cfg.model_type, "layers": cfg.num_hidden_layers,
            "hidden": cfg.hidden_size, "vocab": len(pol.tokenizer),
            "max_positions": getattr(cfg, "max_position_embeddings", None),
            "dtype": str(pol.dtype).replace("torch.", ""), "device": str(pol.device),
            "fast_sampler": pol.sampler.fast, "native_tools": pol.renderer.native_tools,
            "end_of_turn": pol.renderer.eot_text}
    typer.echo(json.dumps(info) if as_json else "\n".join(f"{k}: {v}" for k, v in info.items()))


@bench_app.command("generate")
def bench_generate(
    model: Annotated[str, typer.Option("--model", "-m")] = "tiny",
    batch: Annotated[int, typer.Option(help="prompts per batch")] = 8,
    group: Annotated[int, typer.Option(help="samples per prompt (GRPO group size)")] = 1,
    new_tokens: Annotated[int, typer.Option(help="tokens generated per turn")] = 32,
    turns: Annotated[int, typer.Option(help="turns per episode (1: single prompt)")] = 3,
    repeats: Annotated[int, typer.Option(help="timed runs of each implementation")] = 5,
    threads: Annotated[int | None, typer.Option(help="torch threads (default: torch's)")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Tokens/s of veriloop's sampler and transformers.generate, side by side."""
    from veriloop.eval.generation_speed import bench  # lazy: keeps `veriloop --help` fast
    from veriloop.progress import progress_bar  # lazy: keeps `veriloop --help` fast

    with progress_bar() as progress:  # stderr: stdout keeps the JSON alone
        runs = progress.add_task("bench generate", total=2 * (repeats + 1))
        res = bench(model, batch=batch, group=group, new_tokens=new_tokens, turns=turns,
                    repeats=repeats, threads=threads, on_run=lambda: progress.advance(runs))
    typer.echo(json.dumps(res) if as_json else json.dumps(res, indent=2))


@bench_app.command("roofline")
def bench_roofline(
    model: Annotated[str, typer.Option("--model", "-m")] = "tiny",
    batch: Annotated[int, typer.Option(min=1, help="sequences decoded together")] = 8,
    rows: Annotated[int, typer.Option(min=1, help="training rows per step")] = 2,
    seq: Annotated[int, typer.Option(min=2, help="tokens per training row")] = 512,
    lora_rank: Annotated[int, typer.Option(min=1, help="LoRA rank of the training step")] = 16,
    repeats: Annotated[int, typer.Option(min=1, help="timed runs of each step")] = 5,
    threads: Annotated[int | None, typer.Option(help="torch threads (default: torch's)")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The machine's measured matmul GFLOP/s and memory bandwidth, and where a decode step and
    a LoRA training step stand against them (fraction of the roofline)."""
    from veriloop.eval.roofline import roofline  # lazy: keeps `veriloop --help` fast
    from veriloop.progress import progress_bar  # lazy: keeps `veriloop --help` fast

    with progress_bar() as progress:  # stderr: stdout keeps the JSON alone
        phases = progress.add_task("bench roofline", total=5)
        try:
            res = roofline(model, batch=batch, rows=rows, seq=seq, lora_rank=lora_rank,
                           repeats=repeats, threads=threads,
                           on_phase=lambda p: progress.update(phases, advance=1, description=p))
        except (ValueError, FileNotFoundError) as e:
            _fail(str(e))
    if as_json:
        typer.echo(json.dumps(res))
        return
    peak = ", ".join(f"{k} {v:.1f}" for k, v in res["matmul_peak_gflops"].items())
    bw = ", ".join(f"{k} {v:.1f}" for k, v in res["bandwidth_gbs"].items())
    typer.echo(f"{model} on {res['device']} ({res['threads']} threads); "
               f"ISA {json.dumps(res['isa'])}")
    typer.echo(f"matmul peak GFLOP/s: {peak}; memory bandwidth GB/s: {bw}")
    for p in res["decode"]:
        typer.echo(f"decode {p['dtype']} batch {p['batch']} context {p['context']}: "
                   f"{p['tokens_per_s']:.0f} tokens/s, {p['achieved_gbs']:.1f} GB/s, "
                   f"{p['fraction_of_roofline']:.2f} of the roofline")
    for p in res["train"]:
        typer.echo(f"train {p['dtype']} {p['rows']}x{p['seq']} tokens LoRA r{p['lora_rank']}: "
                   f"{p['achieved_gflops']:.1f} GFLOP/s, "
                   f"{p['fraction_of_roofline']:.2f} of the roofline")


def serve(
    model: Annotated[str, typer.Option("--model", "-m", help="any load_policy spec")] = "tiny",
    port: Annotated[int, typer.Option(help="TCP port (0: any free one)")] = 8000,
    host: Annotated[str, typer.Option(
        help="bind address (loopback by default; any other needs --api-key)")] = "127.0.0.1",
    name: Annotated[str | None, typer.Option(help="model name to report")] = None,
    device: Annotated[str, typer.Option(help="auto (a CUDA GPU if torch sees one), cpu, "
                                             "cuda or cuda:N")] = "auto",
    api_key: Annotated[str | None, typer.Option(
        envvar="VERILOOP_API_KEY", show_default=False,
        help="require 'Authorization: Bearer KEY' (the openai client's api_key)")] = None,
    max_batch: Annotated[int, typer.Option(help="sequences decoded together")] = 32,
    max_queue: Annotated[int, typer.Option(
        min=1, help="requests decoding or waiting; beyond it a 503 with Retry-After")] = 256,
    quiet: Annotated[bool, typer.Option(help="no request log")] = False,
    max_request_tokens: Annotated[int, typer.Option(
        min=1, help="per-request budget: n * max_tokens above it is a 400")] = 32768,
) -> None:
    """Serve a policy through an OpenAI-compatible chat-completions API."""
    from veriloop.policies import load_policy  # lazy: keeps `veriloop --help` fast
    from veriloop.policies.serve import LIMIT_CONCURRENCY, make_server  # lazy: startup
    from veriloop.policies.serve_guard import check_bind  # lazy: keeps `veriloop --help` fast

    try:
        check_bind(host, api_key)
    except ValueError as e:
        _fail(str(e))
    if not re.fullmatch(r"auto|cpu|cuda(:\d+)?", device):
        _fail(f"--device {device!r}: use auto, cpu, cuda or cuda:N")
    try:
        pol = load_policy(model, device=device)
    except (ValueError, FileNotFoundError) as e:  # ConfigError (a bad device) is a ValueError
        _fail(str(e))
    _raise_open_files(LIMIT_CONCURRENCY + 256)
    try:
        server = make_server(pol, host=host, port=port, model_name=name, max_batch=max_batch,
                             quiet=quiet, max_request_tokens=max_request_tokens,
                             api_key=api_key, max_queue=max_queue)
    except OSError as e:
        _fail(f"cannot listen on {host}:{port}: {e}; pick another --port")
    bound = server.server_address[1]
    shown = f"[{host}]" if ":" in host else host
    where = f" ({pol.device})" if hasattr(pol, "device") else ""
    typer.echo(f"serving {name or pol.name} on http://{shown}:{bound}/v1{where}", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _raise_open_files(wanted: int) -> None:
    """Every connection is a file descriptor: lift the soft limit (often 1024) toward the hard
    one, so uvicorn's connection limit, not the process, decides when to answer 503."""

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
