"""Every code block of README.md and docs/*.md is executed or checked, so the docs cannot drift
from the code (issue 44, deliverable 8).

Per page, in the page's order, in a fresh directory that links the checkout's `configs/`,
`tests/`, `veriloop/`, `examples/` and `benchmarks/`:

- python blocks run in a subprocess (a block naming a file, `# my_envs.py`, is written there
  first, for the commands after it);
- yaml and json blocks must parse (and are written when they name a file);
- every `veriloop ...` command must parse against the real command line (subcommand, options,
  their types), also in blocks marked `<!-- not-run: REASON -->`;
- `veriloop train` and `veriloop quickstart` commands resolve their config (`veriloop config`:
  the recipe, the overrides, the field names and bounds) and run in the slow test, shrunk by
  `OVERRIDES` where the real command takes minutes (the smoke run in `DEFAULT_RUN` runs in the
  default suite);
- every other `veriloop` command outside a not-run block runs, and must exit 0 (in this process
  through the typer app, or in a subprocess through the console script when it loads a user's
  module or trains);
- `make TARGET` must name a Makefile target, `python FILE`/`pytest PATH` an existing path; any
  other program needs a not-run block.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
import yaml
from docblocks import (
    PAGES,
    ROOT,
    SHELL,
    Block,
    argv,
    blocks,
    commands,
    indented_fences,
    veriloop_args,
)
from typer.testing import CliRunner

from veriloop.cli import app

VERILOOP = Path(sys.executable).parent / "veriloop"  # the installed console script
LINKED = ("configs", "tests", "veriloop", "examples", "benchmarks")
TRAINING = {"train", "quickstart"}
# shrunk settings for the tiny model: a training command's whole path in seconds
TINY = ("model.size=xs train.threads=1 env.train_tasks=4 env.eval_tasks=2 rollout.prompts_per_step=2 "
        "rollout.group_size=2 optim.minibatch_size=4 optim.micro_batch_size=4")
TINY_SFT = "model.size=xs train.threads=1 sft.demos=16 sft.epochs=1 env.eval_tasks=2"
# a docs command -> the cheaper command the slow test runs instead (the same path, shrunk)
OVERRIDES = {
    "veriloop train configs/sft.yaml env.name=my_envs.py:PopulationEnv sft.demo_noise=0 "
    "--run-dir runs/pop-sft":
        f"veriloop train configs/sft.yaml env.name=my_envs.py:PopulationEnv sft.demo_noise=0 "
        f"{TINY_SFT} --run-dir runs/pop-sft",
    "veriloop train configs/grpo.yaml env.name=my_envs.py:PopulationEnv init=runs/pop-sft":
        f"veriloop train configs/grpo.yaml env.name=my_envs.py:PopulationEnv init=runs/pop-sft "
        f"{TINY} train.steps=1 --run-dir runs/pop-grpo",
    "veriloop train configs/sft.yaml --run-dir runs/sft":
        f"veriloop train configs/sft.yaml {TINY_SFT} --run-dir runs/sft",
    "veriloop train my_grpo.yaml init=runs/sft --run-dir runs/my-grpo":
        f"veriloop train my_grpo.yaml init=runs/sft {TINY} train.steps=2 train.eval_every=1 "
        "--run-dir runs/my-grpo",
    "veriloop train configs/grpo.yaml env.name=my_data.py:MyDataEnv env.options.path=qa.jsonl "
    "--run-dir runs/my-data":
        f"veriloop train configs/grpo.yaml env.name=my_data.py:MyDataEnv "
        f"env.options.path=qa.jsonl {TINY} train.steps=1 --run-dir runs/my-data",
    "veriloop train configs/grpo.yaml env.extra_train_tasks=[tasks.jsonl] env.train_tasks=0 "
    "--run-dir runs/from-file":
        f"veriloop train configs/grpo.yaml env.extra_train_tasks=[tasks.jsonl] {TINY} "
        "env.train_tasks=0 train.steps=1 --run-dir runs/from-file",
    "veriloop train configs/sft.yaml sft.data=chat.jsonl --run-dir runs/chat-sft":
        f"veriloop train configs/sft.yaml sft.data=chat.jsonl {TINY_SFT} --run-dir runs/chat-sft",
}
DEFAULT_RUN = {  # training commands cheap enough for the default suite, run as written
    ("veriloop quickstart model.size=xs sft.demos=200 sft.epochs=1 train.steps=4 "
     "env.eval_tasks=10 --run-dir runs/smoke"),
}
ALSO_COVERED = {  # training commands whose real run another default-suite test makes
    "veriloop train configs/sft.yaml env.name=my_envs.py:PopulationEnv sft.demo_noise=0 "
    "--run-dir runs/pop-sft": "tests/e2e/test_readme_env.py",
    "veriloop train configs/grpo.yaml env.name=my_envs.py:PopulationEnv init=runs/pop-sft":
        "tests/e2e/test_readme_env.py",
    "veriloop train my_grpo.yaml init=runs/sft --run-dir runs/my-grpo":
        "tests/e2e/test_custom_grader.py",
}


def page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


def workdir(tmp_path: Path) -> Path:
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("COLUMNS", None)
    return env


def parse(args: list[str], where: str) -> object:
    """Parse `veriloop ARGS` with the real command tree, running nothing. (Typer vendors its own
    click, so groups are recognized by their `commands` and errors by `format_message`.)"""
    cmd = typer.main.get_command(app)
    ctx, name, rest = None, "veriloop", list(args)
    while hasattr(cmd, "commands"):
        opts = []
        while rest and rest[0].startswith("-"):
            opts.append(rest.pop(0))
        if not rest:  # `veriloop --version`: the group's own options only (eager: not parsed)
            known = {o for p in cmd.params for o in p.opts}
            assert opts and set(opts) <= known, f"{where}: `veriloop {' '.join(args)}`"
            return ctx
        ctx = cmd.make_context(name, [*opts, rest[0]], parent=ctx)
        sub = cmd.get_command(ctx, rest[0])
        assert sub is not None, f"{where}: `veriloop {rest[0]}` is not a command"
        cmd, name = sub, rest.pop(0)
    try:
        return cmd.make_context(name, rest, parent=ctx)
    except Exception as e:  # a usage error of typer's click: unknown option, bad value ...
        if not hasattr(e, "format_message"):
            raise
        raise AssertionError(f"{where}: `veriloop {' '.join(args)}`: {e.format_message()}") from e


def resolve(args: list[str], cwd: Path, where: str) -> None:
    """A training command's config resolves (`veriloop config CONFIG OVERRIDES`)."""
    sub, rest = args[0], args[1:]
    positional, config, i = [], None, 0
    while i < len(rest):
        if rest[i] == "--config":
            config, i = rest[i + 1], i + 2
        elif rest[i].startswith("--"):  # --run-dir DIR, --json, --ray ADDR ...: not config
            i += 1 if rest[i] == "--json" else 2
        else:
            positional.append(rest[i])
            i += 1
    if sub == "quickstart":
        config = config or "configs/quickstart.yaml"
        overrides = positional
    else:
        if not positional:  # `veriloop train --resume RUN`: the run's saved config
            return
        config, overrides = positional[0], positional[1:]
    invoke(["config", config, *overrides], cwd, where)


def invoke(args: list[str], cwd: Path, where: str, env: dict[str, str] | None = None) -> None:
    """`veriloop ARGS` in this process (no interpreter and torch start-up per command), in `cwd`
    with `env` set, as the console script would run it."""
    old_cwd, old_env = Path.cwd(), dict(os.environ)
    os.chdir(cwd)  # configs, env modules and run directories are named relative to the page
    os.environ.update({"PATH": subprocess_env()["PATH"], **(env or {})})  # `python`: this one
    try:
        result = CliRunner().invoke(app, args)
    finally:
        os.chdir(old_cwd)
        os.environ.clear()
        os.environ.update(old_env)
    assert result.exit_code == 0, (f"{where}: `veriloop {' '.join(args)}` exited "
                                   f"{result.exit_code}: {result.output[-3000:]}"
                                   f"{result.exception!r}")


def run(command: list[str], cwd: Path, where: str, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600,
                          check=False, env={**subprocess_env(), **(env or {})})
    assert proc.returncode == 0, (f"{where}: `{' '.join(command)}` exited {proc.returncode}:\n"
                                  f"{proc.stderr[-3000:]}{proc.stdout[-1000:]}")
    return proc.stdout


class Subprocesses:
    """The subprocesses of one page's run. One that an earlier page of this module ran (same
    command, same environment, same files written by the page so far) is not run again:
    README.md and docs/environments.md hold the same example (`my_envs.py`) and both run
    `python my_envs.py` and the same `veriloop rollout --env-module my_envs.py ...` on it; the
    second page's runs would repeat the first's exactly (~7 s of CPU). Outputs of a skipped run
    are not there: a later command that needed them would fail, not pass unchecked."""

    def __init__(self, done: set[tuple] | None = None) -> None:
        self.done = set() if done is None else done  # shared by the pages of one test module
        self.earlier = frozenset(self.done)  # other pages' runs: a page's own repeats still run
        self.files: dict[str, str] = {}  # name -> text, of the files this page wrote so far

    def write(self, path: Path, text: str) -> None:
        path.write_text(text)
        self.files[path.name] = text

    def run(self, command: list[str], cwd: Path, where: str,
            env: dict[str, str] | None = None) -> None:
        key = (tuple(command), tuple(sorted((env or {}).items())),
               tuple(sorted(self.files.items())))
        if key not in self.earlier:
            run(command, cwd, where, env)
            self.done.add(key)


def check_other(words: list[str], block: Block) -> None:
    """A non-veriloop command in a block that runs: what it names must exist."""
    prog = Path(words[0]).name
    if prog == "make":
        targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.MULTILINE))
        assert set(words[1:]) <= targets, f"{block.where}: no Makefile target {words[1:]}"
    elif prog in {"python", "python3", "pytest"}:
        paths = [w for w in words[1:] if not w.startswith("-")]
        assert paths and (ROOT / paths[0]).exists(), f"{block.where}: {paths} does not exist"
    elif words[:2] == ["source", ".venv/bin/activate"]:
        assert "VENV ?= .venv" in (ROOT / "Makefile").read_text(), block.where
    else:
        raise AssertionError(f"{block.where}: `{' '.join(words)}` is not run by tests/docs: "
                             "mark its block <!-- not-run: REASON --> or teach the test")


def run_page(page: Path, cwd: Path, *, slow: bool, done: set[tuple] | None = None) -> list[str]:
    """Check and run the page's blocks in order; the commands run, for the caller to check.
    `done`: the subprocesses already run for other pages (`Subprocesses`)."""
    ran, runs = [], Subprocesses(done)
    for i, block in enumerate(blocks(page)):
        if block.file:
            runs.write(cwd / block.file, block.text)
        if block.lang == "python" and not block.not_run and not slow:
            script = cwd / (block.file or f"block_{i}.py")
            runs.write(script, block.text)
            runs.run([sys.executable, script.name], cwd, block.where)
            ran.append(f"python {script.name}")
        elif block.lang in {"yaml", "yml"}:
            assert yaml.safe_load(block.text) is not None, block.where
        elif block.lang == "json":
            for line in block.text.splitlines():
                json.loads(line)
        elif block.lang in SHELL:
            for command in commands(block):
                ran += run_command(command, block, cwd, runs, slow=slow)
    return ran


def run_command(command: str, block: Block, cwd: Path, runs: Subprocesses, *,
                slow: bool) -> list[str]:
    env, words = argv(command)
    args = veriloop_args(words)
    if args is None:
        if not block.not_run:
            check_other(words, block)
        return []
    parse(args, block.where)
    training = args[0] in TRAINING
    if training:
        resolve(args, cwd, block.where)
    runs_here = (not block.not_run and not training) or command in DEFAULT_RUN
    if slow:
        runs_here = training and not block.not_run and command not in DEFAULT_RUN
    if not runs_here:
        return []
    shrunk = OVERRIDES.get(command, command)
    _, shrunk_words = argv(shrunk)
    shrunk_args = veriloop_args(shrunk_words)
    if "--env-module" in shrunk_args or args[0] in TRAINING:
        # a fresh process: a user's module registers its names once per process, and pages
        # define the same names in different files; training runs keep their threads apart
        runs.run([str(VERILOOP), *shrunk_args], cwd, block.where, env)
    else:
        invoke(shrunk_args, cwd, block.where, env)
    return [shrunk]


@pytest.fixture(scope="module")
def done() -> set[tuple]:
    """The subprocesses the pages of this module ran (`Subprocesses`)."""
    return set()


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_code_blocks_run(page, tmp_path, done):
    assert not indented_fences(page), f"{page_id(page)}: a fence not at column 0 is not tested"
    cwd = workdir(tmp_path)
    ran = run_page(page, cwd, slow=False, done=done)
    if page.name == "quickstart.md":
        assert any(c in DEFAULT_RUN for c in ran), "the smoke run did not run"
        check_smoke_outputs(page, cwd)
    runnable = [b for b in blocks(page) if not b.not_run and b.lang in {"python", *SHELL}]
    if any("veriloop" in b.text or b.lang == "python" for b in runnable):
        assert ran, f"{page_id(page)}: nothing ran"


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_training_commands_run(page, tmp_path):
    cwd = workdir(tmp_path)
    run_page(page, cwd, slow=False)  # what the training commands depend on
    run_page(page, cwd, slow=True)


def test_overrides_name_real_commands():
    """Every override and exception is keyed by a command some page has: a renamed command in
    the docs must not silently lose its check."""
    everywhere = {c for p in PAGES for b in blocks(p) if b.lang in SHELL for c in commands(b)}
    for command in [*OVERRIDES, *DEFAULT_RUN, *ALSO_COVERED]:
        assert command in everywhere, f"no page has `{command}` any more; update tests/docs"


def check_smoke_outputs(page: Path, cwd: Path) -> None:
    """The smoke run's files that docs/quickstart.md explains exist, and each is explained."""
    text = page.read_text()
    run_dir = cwd / "runs" / "smoke"
    for name in ("quickstart.yaml", "sft", "rl", "eval_sft.json", "eval_rl.json", "summary.json",
                 "report.html"):
        assert (run_dir / name).exists(), name
        assert f"`{name}" in text, f"docs/quickstart.md does not explain {name}"
    for name in ("config.yaml", "metrics.jsonl", "tb", "checkpoints", "trajectories.sqlite",
                 "final"):
        assert (run_dir / "rl" / name).exists(), name
        assert f"`{name}" in text, f"docs/quickstart.md does not explain {name}"
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["rl_steps"] == 4 and summary["heldout_tasks"] == 10
    for name in ("trajectories.sqlite", "summary.json", "results.jsonl"):
        assert (cwd / "runs" / "smoke-eval" / name).exists(), name


def test_parse_check_refuses_a_drifted_command():
    """The parse check fails on an option the command line does not have (it can fail)."""
    parse(["eval", "--env", "arithmetic", "--tasks", "3"], "ok")
    with pytest.raises(AssertionError, match="no-such-option"):
        parse(["eval", "--env", "arithmetic", "--no-such-option"], "drifted")
    with pytest.raises(AssertionError, match="not a command"):
        parse(["no-such-command"], "drifted")


def test_comments_and_continuations_split_like_a_shell():
    block = Block(ROOT, 1, "bash", "veriloop eval --model 'openai:http://h/v1#m' \\\n"
                  "  --tasks 2   # a comment\n# only a comment\nX=1 veriloop envs\n", None, None)
    assert commands(block) == ["veriloop eval --model 'openai:http://h/v1#m'  --tasks 2",
                               "X=1 veriloop envs"]
    assert argv(commands(block)[1]) == ({"X": "1"}, ["veriloop", "envs"])
