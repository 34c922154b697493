"""Paths an agent names inside a world's in-memory file tree (the repo and research worlds):
relative, '/'-separated, no '..', plausible lengths. Shared here so no world imports another's
internals; the message speaks of "the repository root", the wording both worlds' tests expect."""

from __future__ import annotations


def clean_path(path: str) -> str:
    """A relative '/'-separated path inside the repository, or ValueError."""
    p = path.strip().replace("\\", "/")
    while p.startswith("./"):
        p = p[2:]
    parts = [x for x in p.split("/") if x not in ("", ".")]
    if path.strip().startswith("/") or ".." in parts:
        raise ValueError(f"path {path!r} must be relative to the repository root, without '..'")
    if len(parts) > 8 or any(len(x) > 100 for x in parts) or not all(
            c.isprintable() for c in p):
        raise ValueError(f"path {path!r:.80} is not a plausible file path (at most 8 levels of "
                         "printable names up to 100 characters)")
    return "/".join(parts)
