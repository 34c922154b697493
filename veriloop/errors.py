"""The one exception type for mistakes a user can fix (a bad config value, a missing file, an
unknown name): `veriloop`'s command line prints it as a single `error: ...` line, exit code 2,
with no traceback (`veriloop --debug ...` shows it).

Raise `UserError` only where the message says what to change; anything else is a bug and keeps
its traceback. The subclasses also derive from the builtin a caller may already catch.
`did_you_mean` writes the hint that follows an unknown name (a config key, an environment).
"""

from __future__ import annotations

import difflib
import sysconfig
import traceback
from collections.abc import Iterable
from pathlib import Path


class UserError(Exception):
    """A mistake in the user's input; the message says how to fix it (one line)."""


class ConfigError(UserError, ValueError):
    """An invalid config value, override or YAML file."""


class MissingFileError(UserError, FileNotFoundError):
    """A file or directory the user named does not exist."""


class ModuleImportError(UserError, ImportError):
    """A user's module (`--env-module`, `my_envs.py:Class`, a `file.py:function` grader) raised
    while it was imported; the message names the module, the file:line and the error."""

    @classmethod
    def of(cls, module: str, e: BaseException) -> ModuleImportError:
        """The error for `module`, whose import raised `e`: located at the deepest frame of the
        user's own code (not the standard library, installed packages or veriloop), since that
        is the line to fix, or else the deepest frame; a SyntaxError at the line it names."""
        if isinstance(e, SyntaxError):
            where, what = f"{_shown(e.filename or '?')}:{e.lineno}", f"SyntaxError: {e.msg}"
        else:
            skip = [Path(p).resolve() for p in {sysconfig.get_path(k) for k in (
                "stdlib", "platstdlib", "purelib", "platlib")} | {str(Path(__file__).parent)}]
            frames = [f for f in traceback.extract_tb(e.__traceback__)
                      if not f.filename.startswith("<")]  # <frozen importlib._bootstrap>
            # an installed plugin's frames are all in site-packages: then its deepest one
            frames = [f for f in frames if not any(Path(f.filename).resolve().is_relative_to(s)
                                                   for s in skip)] or frames
            where = f"{_shown(frames[-1].filename)}:{frames[-1].lineno}" if frames else module
            what = f"{type(e).__name__}: {e}"
        return cls(f"cannot import {module}: {where}: {' '.join(what.split())}; fix the "
                   "module (`veriloop --debug ...` shows the traceback)")


def _shown(path: str) -> str:
    """`path` relative to the working directory when it lies inside it (shorter to read)."""
    p = Path(path).resolve()
    return str(p.relative_to(Path.cwd())) if p.is_relative_to(Path.cwd()) else path


def did_you_mean(name: str, known: Iterable[str], list_up_to: int = 12) -> str:
    """The hint after "'x' is unknown": `did you mean 'y'?` when a known name is close
    (difflib), then the known names when there are at most `list_up_to` of them; "" if
    neither applies."""
    known = sorted(known)
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    parts = [f"did you mean {close[0]!r}?"] if close else []
    if len(known) <= list_up_to:
        parts.append(f"known: {', '.join(known)}")
    return " ".join(parts)


debug = False
"""Set by `veriloop --debug`: commands re-raise user errors so their traceback shows."""


def enable_debug() -> None:
    global debug
    debug = True
