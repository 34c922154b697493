"""Checks a run configuration before any model loads: every registry name (advantage,
aggregation, KL estimator, environment, tiny-model size, grader), every path the config names
(`init`, `sft.store`, every row of `sft.data`, `env.extra_train_tasks`, a model directory),
the run directory (writable, free space) and, on resume, the checkpoint and store a run
continues from.

Each failure is a `veriloop.errors.UserError` whose one-line message says what to change. The
checks read files but never create or modify one (a missing `sft.store` stays missing).

Not guaranteed: a check passes for what it can see without loading weights. A checkpoint's
files are compared with its manifest (sizes and sha256), so damage inside an intact-looking file
is refused too; a checkpoint written before manifests existed is only warned about, and damaged
tensors inside it still fail later (or not at all), when the trainer loads it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from veriloop.algorithms.advantages import list_advantages
from veriloop.algorithms.losses import AGGREGATIONS, KL_ESTIMATORS
from veriloop.algorithms.shaping import EVENTS
from veriloop.data.chat_data import read_chat_file
from veriloop.data.task_files import read_task_files
from veriloop.envs import get_env
from veriloop.envs.base import Environment
from veriloop.errors import MissingFileError, ModuleImportError, UserError, did_you_mean
from veriloop.graders.base import get_grader, grader_factory, list_graders
from veriloop.policies import KNOWN_SPECS, gemma3
from veriloop.policies.tiny import SIZES
from veriloop.trainers import checkpoint, trackers
from veriloop.trainers.config import RunConfig
from veriloop.trainers.manifest import CorruptCheckpoint

MIN_FREE_BYTES = 64 << 20
"""A run directory on a filesystem with less free space than this is refused (checkpoints of
even the smallest model need more)."""


def check_config(cfg: RunConfig) -> None:
    """Every name and path in `cfg`, in the order the sections appear in a config."""
    check_model(cfg.model.name, cfg.model.size)
    if cfg.init is not None:
        check_model_dir(Path(cfg.init), "init")
    env = check_env(cfg.env.name, cfg.env.options)
    if cfg.env.extra_train_tasks:
        read_task_files([Path(p) for p in cfg.env.extra_train_tasks], cfg.env.name,
                        check=getattr(env, "check_task", None))
    if cfg.grader.name is not None:
        check_grader(cfg.grader.name, cfg.grader.options)
    if cfg.kind == "rl":
        check_algorithm(cfg)
    if cfg.kind == "sft" and cfg.sft.data is not None:
        read_chat_file(cfg.sft.data)  # every row, so a bad one is named before the model loads
    elif cfg.kind == "sft" and cfg.sft.store is not None:
        check_store(Path(cfg.sft.store), "sft.store", demos_passed_only=cfg.sft.only_passed)
    elif cfg.kind == "sft" and cfg.sft.demo_policy != "expert":
        check_model(cfg.sft.demo_policy, cfg.model.size, "sft.demo_policy")
    if cfg.kind == "dpo" and cfg.dpo.store is not None:
        check_store(Path(cfg.dpo.store), "dpo.store")
    trackers.require(cfg.logging.trackers)


def check_model(name: str, size: str, field: str = "model.name") -> None:
    if name == "tiny" or name.startswith("tiny-"):
        size = name[5:] if name.startswith("tiny-") else size
        if size not in SIZES:
            raise UserError(f"model size {size!r} is unknown; set model.size to one of "
                            f"{', '.join(SIZES)}")
        return
    if name.startswith("openai:") or name in ("smollm2-135m", "smollm2", "smollm2-135m-instruct"):
        return
    if name in ("gemma3-270m", "gemma3"):
        gemma3.package()  # a missing wheel is named before anything runs
        return
    path = Path(name).expanduser()
    if path.suffix == ".gguf":
        if not path.is_file():
            raise MissingFileError(f"{field} {name!r}: no such .gguf file; give an existing "
                                   "file")
        return
    if not path.exists():
        raise MissingFileError(f"{field} {name!r} is neither a known model nor an existing "
                               f"path; use one of {', '.join(KNOWN_SPECS)}")
    check_model_dir(path, field)


def check_model_dir(path: Path, field: str) -> None:
    """A Hugging Face model directory, or a finished run directory (its `final/`), whose
    `config.json` parses and whose weight files are intact archives."""
    if not path.exists():
        raise MissingFileError(f"{field} {str(path)!r} does not exist; give a model directory "
                               "or a finished run directory (e.g. runs/sft-x)")
    if (path / "final" / "config.json").is_file():
        path = path / "final"
    if not (path / "config.json").is_file():
        hint = (" (an unfinished run: use its checkpoints/step-N/model)"
                if (path / "checkpoints").is_dir() else "")
        raise UserError(f"{field} {str(path)!r} holds no model (no config.json){hint}; give a "
                        "model directory or a finished run directory")
    _read_json(path / "config.json", field)
    _check_weights(path, field)


def check_env(name: str, options: dict[str, Any] | None = None) -> Environment:
    """Build the environment once (its constructor's errors are the user's too)."""
    try:
        return get_env(name, **(options or {}))
    except TypeError as e:
        raise UserError(f"env.options: environment {name!r} does not accept these options "
                        f"({_one_line(e)}); see its docstring for the options it takes") from e
    except (KeyError, ModuleImportError) as e:  # its message says what to fix
        raise UserError(f"env.name: {e.args[0]}") from e
    except (ValueError, FileNotFoundError, ImportError) as e:
        raise UserError(f"env.name {name!r} cannot be loaded ({_one_line(e)}); fix the name "
                        "or the module") from e


def check_grader(name: str, options: dict[str, Any]) -> None:
    """A registered or entry-point name (a plugin is imported now); a `module:function` grader
    is imported and built now."""
    if ":" in name:
        try:
            get_grader(name, **options)
        except (KeyError, ModuleImportError) as e:
            raise UserError(f"grader.name: {e.args[0]}") from e
        return
    try:
        found = grader_factory(name)
    except ModuleImportError as e:
        raise UserError(f"grader.name: {e.args[0]}") from e
    if found is None:
        known = list_graders()
        raise UserError(f"grader.name {name!r} is not registered; "
                        f"{did_you_mean(name, known, list_up_to=len(known))}; or give "
                        "my_rewards.py:function")


def check_algorithm(cfg: RunConfig) -> None:
    a = cfg.algorithm
    for field, value, known in (("advantage", a.advantage, list_advantages()),
                                ("aggregation", a.aggregation, list(AGGREGATIONS)),
                                ("kl_estimator", a.kl_estimator, list(KL_ESTIMATORS))):
        if value not in known:
            raise UserError(f"algorithm.{field} {value!r} is unknown; use one of "
                            f"{', '.join(known)}")
    unknown = sorted(set(a.event_weights) - set(EVENTS))
    if unknown:
        raise UserError(f"algorithm.event_weights: unknown event(s) {', '.join(unknown)}; use "
                        f"{', '.join(EVENTS)}")
    if cfg.optim.micro_batch_size > cfg.optim.minibatch_size:
        raise UserError(f"optim.micro_batch_size ({cfg.optim.micro_batch_size}) exceeds "
                        f"optim.minibatch_size ({cfg.optim.minibatch_size}); lower it")


def check_store(path: Path, field: str, demos_passed_only: bool | None = None) -> None:
    """An existing SQLite trajectory store, opened read-only (nothing is created). With
    `demos_passed_only` set, it must also hold a trajectory SFT can use (no infrastructure
    error; passed, when True)."""
    if not path.is_file():
        raise MissingFileError(f"{field} {str(path)!r} does not exist; give the "
                               "trajectories.sqlite of a rollout or run (e.g. runs/x/"
                               "trajectories.sqlite)")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
            ok = db.execute("PRAGMA quick_check").fetchone()[0]
            usable = None
            if demos_passed_only is not None and "trajectories" in tables:
                usable = db.execute("SELECT COUNT(*) FROM trajectories WHERE infra_error = 0"
                                    + (" AND passed = 1" if demos_passed_only else "")
                                    ).fetchone()[0]
        finally:
            db.close()
    except sqlite3.DatabaseError as e:
        raise UserError(f"{field} {str(path)!r} is not a trajectory store ({_one_line(e)}); "
                        "give an intact trajectories.sqlite") from e
    if "trajectories" not in tables:
        raise UserError(f"{field} {str(path)!r} holds no trajectories table; give the "
                        "trajectories.sqlite written by `veriloop rollout` or a run")
    if ok != "ok":
        raise UserError(f"{field} {str(path)!r} is corrupted ({ok}); restore it or roll out again")
    if usable == 0:
        which = "passed " if demos_passed_only else ""
        raise UserError(f"{field} {str(path)!r} holds no {which}trajectory without an "
                        "infrastructure error; roll out more demonstrations"
                        + (" or set sft.only_passed=false" if demos_passed_only else ""))


def check_run_dir(root: Path) -> None:
    """`root` (or its nearest existing parent) is a writable directory with free space; nothing
    is created."""
    if root.exists() and not root.is_dir():
        raise UserError(f"run directory {str(root)!r} is a file; give --run-dir a directory")
    probe = root
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise UserError(f"run directory {str(root)!r}: {str(probe)!r} is a file; give another "
                        "--run-dir")
    try:
        tempfile.TemporaryFile(dir=probe).close()
    except OSError as e:
        raise UserError(f"run directory {str(root)!r} is not writable ({e.strerror or e}); "
                        "give --run-dir a directory you can write") from e
    free = shutil.disk_usage(probe).free
    if free < MIN_FREE_BYTES:
        raise UserError(f"run directory {str(root)!r}: only {free >> 20} MiB free; free space "
                        f"or give --run-dir on another disk (needs {MIN_FREE_BYTES >> 20} MiB)")


def check_resume(root: Path) -> None:
    """The run's store and its latest checkpoint are readable, and the checkpoint's files match
    its manifest, before the trainer loads them."""
    store = root / "trajectories.sqlite"
    if store.exists():
        check_store(store, "run store")
    ckpt = checkpoint.latest(root)
    if ckpt is None:
        return
    state = _read_json(ckpt / "trainer_state.json", "checkpoint")
    if not isinstance(state, dict) or not isinstance(state.get("step"), int):
        raise UserError(f"checkpoint {str(ckpt)!r} has no step in trainer_state.json; delete "
                        "this checkpoint directory to resume from the one before")
    if not zipfile.is_zipfile(ckpt / "state.pt"):
        raise UserError(f"checkpoint {str(ckpt / 'state.pt')!r} is missing or corrupted; delete "
                        f"{str(ckpt)!r} to resume from the checkpoint before")
    _check_weights(ckpt / "model", "checkpoint")
    try:
        verified = checkpoint.verify(ckpt)  # what the file checks above cannot see
    except CorruptCheckpoint as e:
        raise UserError(str(e)) from e
    if not verified:
        print(f"warning: checkpoint {str(ckpt)!r} has no manifest (written by an older "
              "veriloop), so damage inside its files cannot be detected", file=sys.stderr)


def _check_weights(path: Path, field: str) -> None:
    files = sorted(path.glob("*.safetensors"))
    if not files and not (path / "state_dict.pt").is_file() and not any(path.glob("*.gguf")):
        raise UserError(f"{field} {str(path)!r} holds no weights (*.safetensors); give a "
                        "complete model directory")
    for f in files:
        _check_safetensors(f, field)
    if (path / "state_dict.pt").is_file() and not zipfile.is_zipfile(path / "state_dict.pt"):
        raise UserError(f"{field} weights {str(path / 'state_dict.pt')!r} are corrupted; "
                        "restore them or delete the checkpoint")


def _check_safetensors(f: Path, field: str) -> None:
    """The header parses and the file is as long as the header says (no tensor is read)."""
    try:
        with open(f, "rb") as fh:
            n = int.from_bytes(fh.read(8), "little")
            header = json.loads(fh.read(n)) if 0 < n < (100 << 20) else None
        end = max((v["data_offsets"][1] for k, v in (header or {}).items()
                   if k != "__metadata__"), default=0)
        if header is None or os.path.getsize(f) < 8 + n + end:
            raise ValueError("truncated")
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        raise UserError(f"{field} weights {str(f)!r} are corrupted ({_one_line(e)}); restore "
                        "them or delete the checkpoint") from e


def _read_json(path: Path, field: str) -> Any:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise UserError(f"{field} file {str(path)!r} is unreadable or corrupted "
                        f"({_one_line(e)}); restore it or delete the checkpoint") from e


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split())[:200]
