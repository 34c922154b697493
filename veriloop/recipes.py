"""The YAML training recipes shipped inside the package (`veriloop/configs/*.yaml`, which the
repository also shows as `configs/`), found by name so that `veriloop train grpo` works from any
directory and in an installed veriloop, not only in a checkout.

A recipe's name is its path under `veriloop/configs/` without `.yaml` (`grpo`,
`graders/arithmetic_judged`); its description is the comment block at the top of the file.
`config_path` turns what a user typed into the file to read: an existing file wins, then a
recipe name; anything else is one `MissingFileError` line with the close names.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from veriloop.errors import MissingFileError, did_you_mean
from veriloop.registry import Registry

RECIPES_DIR = Path(__file__).resolve().parent / "configs"


@dataclass(frozen=True)
class Recipe:
    """One shipped recipe: `name` (`grpo`), its file, and its header comment's lines."""

    name: str
    path: Path
    header: tuple[str, ...]

    @property
    def summary(self) -> str:
        """The header comment's first line (what `veriloop configs list` prints)."""
        return self.header[0] if self.header else ""

    def settings(self) -> dict:
        """The recipe's YAML, parsed (a mapping of sections)."""
        data = yaml.safe_load(self.path.read_text()) or {}
        return data if isinstance(data, dict) else {}


def _header(path: Path) -> tuple[str, ...]:
    lines = []
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return tuple(lines)


def recipes() -> Registry[Recipe]:
    """Every shipped recipe, by name, in the one `Registry` shape (its unknown-name error)."""
    found: Registry[Recipe] = Registry("recipe")
    for path in sorted(RECIPES_DIR.rglob("*.yaml")):
        name = path.relative_to(RECIPES_DIR).with_suffix("").as_posix()
        found.add(name, Recipe(name, path, _header(path)))
    return found


def list_recipes() -> list[Recipe]:
    """The shipped recipes, sorted by name."""
    found = recipes()
    return [found.get(name) for name in found.names()]


def config_path(spec: str | Path) -> Path:
    """The YAML file `spec` names: an existing file, else a shipped recipe's name (`grpo`).

    A missing path (it has a `.yaml` suffix or a directory part that is not a recipe's) is
    "config X does not exist"; a bare unknown name is the registry's "recipe 'X' is not
    registered; did you mean ...? known: ..." line. Both are `MissingFileError`s."""
    path = Path(spec).expanduser()
    if path.is_file():
        return path
    found = recipes()
    text = str(spec)
    if text in found:
        return found.get(text).path
    if path.suffix in (".yaml", ".yml") or path.parent != Path("."):  # it was meant as a path
        close = did_you_mean(path.with_suffix("").name, found.names(), list_up_to=0)
        hint = f" ({close.replace('did you mean', 'did you mean the recipe')})" if close else ""
        raise MissingFileError(f"config {spec} does not exist{hint}; give a YAML file or a "
                               "recipe name (`veriloop configs list`)")
    raise MissingFileError(found.unknown(text, "or give the path of a YAML file"))
