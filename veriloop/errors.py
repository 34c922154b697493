"""The one exception type for mistakes a user can fix (a bad config value, a missing file, an
unknown name): `veriloop`'s command line prints it as a single `error: ...` line, exit code 2,
with no traceback (`veriloop --debug ...` shows it).

Raise `UserError` only where the message says what to change; anything else is a bug and keeps
its traceback. The subclasses also derive from the builtin a caller may already catch.
"""

from __future__ import annotations


class UserError(Exception):
    """A mistake in the user's input; the message says how to fix it (one line)."""


class ConfigError(UserError, ValueError):
    """An invalid config value, override or YAML file."""


class MissingFileError(UserError, FileNotFoundError):
    """A file or directory the user named does not exist."""


debug = False
"""Set by `veriloop --debug`: commands re-raise user errors so their traceback shows."""


def enable_debug() -> None:
    global debug
    debug = True
