"""Evidence recorder that runs INSIDE the sandbox next to the candidate program (stdlib only).

It loads the candidate program, then executes the hidden test's statements one by one (the
statement sources and the entry point come from `spec.json`, prepared by the trusted process).
Every call of `candidate` is recorded: a digest of its arguments and its return value in a
typed JSON encoding that accepts only exact built-in data types (so an object whose `__eq__`
always returns True cannot be recorded), or the exception it raised. One JSON line per finished
statement is appended to `results.jsonl`.

Nothing computed here is trusted: this process shares an interpreter with the candidate's code.
The verdict is reached outside the sandbox (`veriloop.envs.code.replay`) by re-running the same
test statements against the recorded values with the trusted test code and helpers.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys

MAX_DEPTH = 50


class Unencodable(TypeError):
    pass


def encode(x: object, depth: int = 0) -> object:
    """Typed JSON form of a value built only from exact built-in types."""
    if depth > MAX_DEPTH:
        raise Unencodable("nested too deeply")
    t = type(x)
    if x is None or t is bool or t is str:
        return x
    if t is int:
        return {"i": str(x)}
    if t is float:
        return {"x": x.hex()} if math.isfinite(x) else {"x": repr(x)}
    if t is complex:
        return {"c": [x.real.hex(), x.imag.hex()]}
    if t is bytes:
        return {"b": x.hex()}
    if t is list or t is tuple or t is set or t is frozenset:
        tag = {list: "l", tuple: "t", set: "s", frozenset: "f"}[t]
        items = [encode(v, depth + 1) for v in x]
        if t in (set, frozenset):
            items.sort(key=lambda v: json.dumps(v, sort_keys=True))
        return {tag: items}
    if t is dict:
        return {"d": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in x.items()]}
    raise Unencodable(f"values of type {t.__name__} cannot be checked; return built-in types")


def digest(args: tuple, kwargs: dict) -> str:
    try:
        body = json.dumps([encode(list(args)), encode(kwargs)], sort_keys=True)
    except Unencodable:
        body = repr((args, kwargs))
    return hashlib.sha256(body.encode()).hexdigest()[:16]


def main() -> None:
    with open("spec.json", encoding="utf-8") as f:
        spec = json.load(f)
    out = open(spec["results"], "w", encoding="utf-8")  # noqa: SIM115 (kept open to the end)
    # proves to the trusted side that the harness itself ran, before any candidate code can
    # interfere (printed output cannot be taken back)
    print(f"harness started {spec['nonce']}", flush=True)
    ns: dict = {"__name__": "__main__"}
    try:
        with open("solution.py", encoding="utf-8") as f:
            exec(compile(f.read(), "solution.py", "exec"), ns)  # noqa: S102
        exec(compile(spec["test"], "test.py", "exec"), ns)  # noqa: S102
        fn = ns[spec["entry_point"]]
    except BaseException as e:  # noqa: BLE001 (any failure to load is the candidate's)
        out.write(json.dumps({"load_error": f"{type(e).__name__}: {e}"[:500]}) + "\n")
        out.close()
        return
    g = dict(ns)
    for i, source in enumerate(spec["statements"]):
        calls: list[dict] = []

        def candidate(*args: object, _calls: list = calls, **kwargs: object) -> object:
            rec: dict = {"args": digest(args, kwargs)}
            _calls.append(rec)
            try:
                value = fn(*args, **kwargs)
            except BaseException as e:
                rec["raise"] = type(e).__name__
                raise
            try:
                rec["value"] = encode(value)
            except Unencodable as e:
                rec["bad"] = str(e)
            return value

        # the test may also call the function by its own name (HumanEval/33 does)
        g["candidate"] = g[spec["entry_point"]] = candidate
        random.seed(i)
        try:
            exec(compile(source, f"test-statement-{i}", "exec"), g)  # noqa: S102
            error = None
        except BaseException as e:  # noqa: BLE001 (SystemExit, SkipTest ... all fail)
            error = type(e).__name__
        out.write(json.dumps({"i": i, "calls": calls, "error": error}) + "\n")
        out.flush()
    out.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
