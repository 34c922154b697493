"""Runs INSIDE the sandbox next to the agent's package (stdlib only; see `verdict.py`).

It makes the package calls planned by the trusted process, in order, and records for each a
digest of the arguments, the return value and the arguments' state afterwards in the typed
encoding of `_veriloop_codec` (the code env's `code_harness`), or the exception raised. It never
sees a test or an expected value; nothing it writes is trusted beyond "this call returned this".
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys


def main() -> None:
    with open("_veriloop_spec.json", encoding="utf-8") as f:
        spec = json.load(f)
    out = open(spec["results"], "w", encoding="utf-8")  # noqa: SIM115 (kept open to the end)
    print(f"harness started {spec['nonce']}", flush=True)
    sys.path.insert(0, os.getcwd())
    import _veriloop_codec as codec

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
    out.close()


if __name__ == "__main__":
    main()
