"""Verifier worker process: `python -m veriloop.graders._worker [warm-up ...]` announces
`{"ready": true}` once its warm-up is done, then reads `{"fn": "module:function", "kwargs":
{...}}` JSON lines on stdin, answers `{"ok": true, "value": ...}` or `{"ok": false, "error":
"..."}` on stdout.

Anything the check functions print goes to stderr, so it cannot corrupt the protocol. The parent
(`veriloop.graders.workers.WorkerPool`) enforces timeouts by killing this process.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import sys
from collections.abc import Callable
from typing import Any


def _resolve(spec: str, cache: dict[str, Callable[..., Any]]) -> Callable[..., Any]:
    if spec not in cache:
        module, _, attr = spec.partition(":")
        if not module or not attr:
            raise ValueError(f"check function must be 'module:function', got {spec!r}")
        cache[spec] = getattr(importlib.import_module(module), attr)
    return cache[spec]


def main() -> None:
    out = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    sys.stdout = sys.stderr  # stray prints must not reach the protocol stream
    logging.basicConfig(level=logging.ERROR)
    cache: dict[str, Callable[..., Any]] = {}
    # warm-up before the first check: "module" is imported, "module:function" is called, so
    # start-up work never counts against a check's timeout
    for spec in filter(None, sys.argv[1:]):
        if ":" in spec:
            _resolve(spec, cache)()
        else:
            importlib.import_module(spec)
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
            value = _resolve(msg["fn"], cache)(**msg.get("kwargs", {}))
            reply = {"ok": True, "value": value}
        except Exception as e:  # noqa: BLE001 - every failure is reported to the parent
            reply = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(reply, default=str) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
