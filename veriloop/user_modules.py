"""Import a user's Python file or module once: the one loader behind `my_envs.py:Class`
environments, `--env-module`, and `my_rewards.py:function` graders.

It sits on the bottom floor (it imports only `errors`) so that environments and graders can
both use it without importing each other. A file is imported once per process, keyed by its
absolute path, so every lookup in a run sees the same module objects (and the same classes).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from veriloop.errors import ModuleImportError

# files are imported under this package name; kept from when only environments loaded files
_FILE_PACKAGE = "veriloop_user_envs"


def load_user_module(source: str | Path, what: str = "module") -> ModuleType:
    """Import a Python file (`my_envs.py`) or a module (`my_pkg.envs`) so that its decorators
    (`@register_env`, `@register_grader`) run; a file is imported once per process.

    A file or module that does not exist is a ValueError worded with `what` ("environment
    module"); one that raises while it is imported, a `ModuleImportError` naming the file:line
    of the user's code that raised."""
    text = str(source)
    if text.endswith(".py") or "/" in text or "\\" in text:
        return _load_file(text, what)
    try:
        return importlib.import_module(text)
    except ModuleNotFoundError as e:
        if not (e.name == text or text.startswith(f"{e.name}.")):  # one of its own imports
            raise ModuleImportError.of(text, e) from e
        raise ValueError(f"{what} {text!r} cannot be imported ({e}); give a file "
                         "path (my_envs.py) or put its directory on PYTHONPATH") from None
    except Exception as e:
        raise ModuleImportError.of(text, e) from e


def load_user_function(spec: str, what: str = "function") -> tuple[ModuleType, str, Any]:
    """`"my_rewards.py:score"` (or `"my_pkg.rewards:score"`) -> (its module, "score", the
    function): the one lookup behind user graders and dataset rewards. A spec without both
    halves, a module that cannot be imported or a name that is not a function there is a
    ValueError worded with `what` ("grader", "reward") and the spec."""
    source, _, attr = spec.rpartition(":")
    if not source or not attr:
        raise ValueError(f"{what} {spec!r}: give file.py:function or module:function")
    try:
        module = load_user_module(source, f"{what} module")
    except ValueError as e:
        raise ValueError(f"{what} {spec!r}: {e}") from None
    fn = getattr(module, attr, None)
    if callable(fn):
        return module, attr, fn
    raise ValueError(f"{what} {spec!r}: {source} defines no function {attr!r}; give "
                     "file.py:function")


def _load_file(text: str, what: str) -> ModuleType:
    path = Path(text).expanduser().resolve()
    if not path.is_file():
        raise ValueError(f"{what} {text} does not exist; give the path of a "
                         "Python file (my_envs.py) or an importable module name")
    name = f"{_FILE_PACKAGE}.{path.stem}_{hashlib.sha1(str(path).encode()).hexdigest()[:8]}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ValueError(f"cannot import {path} as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as e:
        del sys.modules[name]
        if isinstance(e, Exception):  # the user's code failed: one line, not a traceback
            raise ModuleImportError.of(text, e) from e
        raise
    return module
