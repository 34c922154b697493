"""A checkpoint's manifest: the size and sha256 of every file in its directory, so a damaged
file is refused on resume instead of training on silently changed weights or optimizer state.

`write` hashes each file (streamed in 1 MiB blocks; the files were just written, so they are
read back from the page cache) and writes `manifest.json` last. `verify` compares sizes
first (cheap), then hashes, and raises `CorruptCheckpoint` whose one-line message names the
first file that differs and says to delete the checkpoint.

Guaranteed: any change to a listed file's bytes (a flipped bit, an overwritten block, a
truncation), a listed file that is missing, or an extra file the manifest does not list.
Not guaranteed: this detects accidents, not an adversary who can write the run directory (they
can rewrite the manifest too); a checkpoint written before manifests existed has none to check
(`checkpoint.load` accepts it, and `veriloop train --resume` says it is unverified).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

NAME = "manifest.json"
_BLOCK = 1 << 20


class CorruptCheckpoint(ValueError):
    """A checkpoint's files do not match its manifest (the message says which, and what to do)."""


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(_BLOCK):
            h.update(block)
    return h.hexdigest()


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and p != root / NAME)


def write(root: Path) -> dict[str, dict[str, int | str]]:
    """Hash every file under `root` into `root/manifest.json` (written last); returns it."""
    files: dict[str, dict[str, int | str]] = {
        p.relative_to(root).as_posix(): {"bytes": p.stat().st_size, "sha256": _sha256(p)}
        for p in _files(root)}
    (root / NAME).write_text(json.dumps({"files": files}, indent=1))
    return files


def exists(root: Path) -> bool:
    return (root / NAME).is_file()


def verify(root: Path) -> None:
    """Raise `CorruptCheckpoint` unless the files under `root` are exactly those its manifest
    lists, with the same sizes and hashes."""
    def refuse(what: str) -> CorruptCheckpoint:
        return CorruptCheckpoint(f"checkpoint {what}; delete {str(root)!r} to resume from the "
                                 "checkpoint before")

    try:
        listed = json.loads((root / NAME).read_text())["files"]
        listed = {str(k): (int(v["bytes"]), str(v["sha256"])) for k, v in listed.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise refuse(f"manifest {str(root / NAME)!r} is missing or corrupted "
                     f"({type(e).__name__})") from e
    present = {p.relative_to(root).as_posix(): p for p in _files(root)}
    for name in sorted(set(present) - set(listed)):
        raise refuse(f"file {str(present[name])!r} is not in its manifest (added after the save)")
    for name in sorted(set(listed) - set(present)):
        raise refuse(f"file {str(root / name)!r} is missing")
    for name, (size, _) in sorted(listed.items()):  # sizes first: no hashing a truncated file
        if present[name].stat().st_size != size:
            raise refuse(f"file {str(present[name])!r} is corrupted (size differs from its "
                         "manifest)")
    for name, (_, digest) in sorted(listed.items()):
        if _sha256(present[name]) != digest:
            raise refuse(f"file {str(present[name])!r} is corrupted (sha256 differs from its "
                         "manifest)")
