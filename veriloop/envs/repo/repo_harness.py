"""Runs INSIDE the sandbox next to the agent's package (stdlib only; see `verdict.py`).

It makes the package calls planned by the plan step (`repo_judge`), in order, and records for each a
digest of the arguments, the return value and the arguments' state afterwards in the typed
encoding of `_veriloop_codec` (the shared `veriloop.envs.judging.code_harness`), or the exception raised. It never
sees a test or an expected value; nothing it writes is trusted beyond "this call returned this".

Behaviour audit (evidence for flags, never for a pass): before the package is imported an audit
hook (`sys.addaudithook`, which Python code cannot remove) writes an `{"audit": ...}` line for
every import of pytest or its internals and every open of a process's `cmdline`, whatever the
spelling (alias, computed name, `importlib`); a `{"done": ...}` line ends a run that was not cut
short (an `os._exit` in the package leaves none). The package runs in this process, so it can
write or withhold lines too: the flags catch the obvious tricks, the verdict does not rely on them.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys

WATCHED_IMPORTS = ("pytest", "_pytest", "pluggy")


def audit_hook(out) -> object:
    """An audit hook writing one line per suspicious event to `out` (see the docstring)."""
    seen: set[str] = set()

    def hook(event: str, args: tuple) -> None:
        what = ""
        if event == "import" and args and isinstance(args[0], str):
            if args[0].split(".")[0] in WATCHED_IMPORTS:
                what = f"imports the test runner ({args[0].split('.')[0]})"
        elif event == "open" and args and isinstance(args[0], (str, bytes)):
            path = os.fsdecode(args[0])
            if path.startswith("/proc/") and path.rstrip("/").endswith("/cmdline"):
                what = "reads a process command line (/proc/.../cmdline)"
        if what and what not in seen:
            seen.add(what)
            out.write(json.dumps({"audit": what}) + "\n")
            out.flush()
    return hook


def main() -> None:
    with open("_veriloop_spec.json", encoding="utf-8") as f:
        spec = json.load(f)
    out = open(spec["results"], "w", encoding="utf-8")  # noqa: SIM115 (kept open to the end)
    print(f"harness started {spec['nonce']}", flush=True)
    sys.path.insert(0, os.getcwd())
    import _veriloop_codec as codec  # lazy: found only in the sandbox's cwd, on sys.path now

    sys.addaudithook(audit_hook(out))

    for i, (test, calls) in enumerate(spec["plan"]):
        records: list[dict] = []
        random.seed(i)
        for c in calls:
            args, kwargs = codec.decode(c["args"]), codec.decode(c["kwargs"])
            rec: dict = {"module": c["module"], "name": c["name"],
                         "args": codec.digest(tuple(args), kwargs)}
            records.append(rec)
            try:
                value = getattr(importlib.import_module(c["module"]), c["name"])(*args, **kwargs)
            except BaseException as e:  # noqa: BLE001 (SystemExit, import errors ... recorded)
                rec["raise"] = type(e).__name__
                continue
            try:
                rec["value"] = codec.encode(value)
                rec["after"], rec["after_kwargs"] = codec.encode(list(args)), codec.encode(kwargs)
            except codec.Unencodable as e:
                rec["bad"] = str(e)
        out.write(json.dumps({"test": test, "calls": records, "error": None}) + "\n")
        out.flush()
    out.write(json.dumps({"done": spec["nonce"]}) + "\n")
    out.close()


if __name__ == "__main__":
    main()
