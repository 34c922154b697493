"""Reading a run config: YAML on disk (or the defaults), dotted overrides from the command line
(`optim.lr=1e-4 train.steps=20`), keys that were removed refused with the key to use instead,
then validation into a `veriloop.trainers.config.RunConfig`. Every mistake is one line saying
what to change (a `ConfigError` or `MissingFileError`, both `veriloop.errors.UserError`).

    cfg = load_config("configs/grpo.yaml", ["optim.lr=1e-4", "train.steps=5"])
    cfg = load_run_config(Path("runs/x"))        # the config a run directory saved
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from veriloop.errors import ConfigError
from veriloop.recipes import config_path
from veriloop.run.config_errors import describe_validation_error
from veriloop.trainers.common import RunPaths
from veriloop.trainers.config import RunConfig


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """`a.b=value` sets data["a"]["b"] = yaml.safe_load(value)."""
    for item in overrides:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise ConfigError(f"override {item!r} is not KEY=VALUE (e.g. optim.lr=1e-4)")
        node = data
        *parents, leaf = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
            if not isinstance(node, dict):
                raise ConfigError(f"override {item!r}: {p!r} is not a section")
        try:
            node[leaf] = yaml.safe_load(raw)
        except yaml.YAMLError as e:
            raise ConfigError(f"override {item!r}: the value is not valid YAML "
                              f"({_one_line(e)}); quote it") from e
    return data


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split())


REMOVED_KEYS: dict[str, tuple[str, str]] = {
    "rollout.max_turns": ("env.max_turns", "step budget"),
}
"""Keys a config once had: the key that took over and what it sets. `rollout.max_turns` was a
second step budget that RL training silently ignored; the environment's is the one obeyed."""


def refuse_removed_keys(data: dict[str, Any], source: str = "config") -> None:
    """A `ConfigError` naming the key to use for a removed key set in `data` (YAML or override).
    A null one is dropped: it set nothing, and configs saved by earlier runs hold it."""
    for key, (instead, what) in REMOVED_KEYS.items():
        section, leaf = key.split(".")
        node = data.get(section)
        if not isinstance(node, dict) or leaf not in node:
            continue
        if node[leaf] is None:
            del node[leaf]
            continue
        raise ConfigError(f"{source}: {key} was removed: the {what} is {instead}; set "
                          f"{instead}: {node[leaf]} instead")


def load_config(path: str | Path | None, overrides: list[str] | None = None) -> RunConfig:
    """Read YAML (or start from defaults), apply dotted overrides, validate. Every mistake is a
    `ConfigError` (a `veriloop.errors.UserError`) or `MissingFileError` with a one-line message."""
    data: dict[str, Any] = {}
    if path is not None:
        p = config_path(path)  # a YAML file, or a shipped recipe's name (`grpo`)
        try:
            data = yaml.safe_load(p.read_text()) or {}
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            problem = getattr(e, "problem", None) or _one_line(e)
            raise ConfigError(f"config {p} is not valid YAML ({problem} at{where}); "
                              "fix the file (indentation, `key: value` pairs)") from e
        except (OSError, UnicodeDecodeError) as e:
            raise ConfigError(f"config {p} cannot be read ({_one_line(e)}); give a readable "
                              "YAML file") from e
        if not isinstance(data, dict):
            raise ConfigError(f"config {p} must be a YAML mapping of sections (model:, rollout: ...)")
    data = apply_overrides(data, list(overrides or []))
    refuse_removed_keys(data, f"config{f' {path}' if path else ''}")
    try:
        return RunConfig.model_validate(data)
    except ValidationError as e:
        raise ConfigError(describe_validation_error(
            e, f"invalid config{f' {path}' if path else ''}", RunConfig)) from e


def load_run_config(run_dir: Path) -> RunConfig:
    """The config a run directory saved (what `veriloop train --resume` continues)."""
    path = RunPaths(run_dir).config
    if not path.exists():
        raise FileNotFoundError(f"{run_dir} is not a run directory (no config.yaml); start a run "
                                f"with `veriloop train CONFIG`")
    return load_config(path)
