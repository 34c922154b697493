"""Evidence recorder that runs INSIDE the sandbox next to the candidate program (stdlib only).

The hidden tests never enter this sandbox run. A separate run plans, from the task's test and
canonical solution, the argument lists with which each test statement calls the function
(`veriloop.envs.code.HiddenTests.planned_calls`); `spec.json` holds only those arguments,
grouped by test statement, in a typed encoding. This harness loads the candidate program and calls the entry
point with each argument list in order, recording a digest of the arguments and the return
value in a typed JSON encoding that accepts only exact built-in data types (so an object whose
`__eq__` always returns True cannot be recorded), or the exception raised (which ends that
statement, as it would in the test). One JSON line per statement goes to `results.jsonl`.

Nothing computed here is trusted: this process shares an interpreter with the candidate's code.
The verdict is reached in another sandbox run (`veriloop.envs.judging.code_judge`) by running the test
statements against the recorded values with the task's test code and helpers. The candidate
can inspect this process (its stack, its files): it finds arguments, never expected values.
"""

from __future__ import annotations

import collections
import hashlib
import json
import math
import random
import sys

MAX_DEPTH = 50
# the standard library's dict subclasses, recorded as plain dicts (their contents only)
_DICT_TYPES = (collections.Counter, collections.OrderedDict, collections.defaultdict)


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
    if t is dict or t in _DICT_TYPES:
        # read through dict's own method: an override in a subclass is never called
        return {"d": [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in dict.items(x)]}
    raise Unencodable(f"values of type {t.__name__} cannot be checked; return built-in types")


def decode(v: object) -> object:
    """Inverse of `encode`; raises ValueError on anything but its typed forms."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if not isinstance(v, dict) or len(v) != 1:
        raise ValueError("malformed evidence")
    (tag, body), = v.items()
    if tag == "i":
        return int(body)
    if tag == "x":
        return float.fromhex(body) if body not in ("nan", "inf", "-inf") else float(body)
    if tag == "c":
        return complex(float.fromhex(body[0]), float.fromhex(body[1]))
    if tag == "b":
        return bytes.fromhex(body)
    if tag in ("l", "t", "s", "f"):
        items = [decode(x) for x in body]
        return {"l": list, "t": tuple, "s": set, "f": frozenset}[tag](items)
    if tag == "d":
        return {decode(k): decode(x) for k, x in body}
    raise ValueError(f"unknown evidence tag {tag!r}")


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
    plan = [(i, [(decode(c["args"]), decode(c["kwargs"])) for c in calls])
            for i, calls in spec["calls"]]
    ns: dict = {"__name__": "__main__"}
    try:
        with open("solution.py", encoding="utf-8") as f:
            exec(compile(f.read(), "solution.py", "exec"), ns)  # noqa: S102
        fn = ns[spec["entry_point"]]
    except BaseException as e:  # noqa: BLE001 (any failure to load is the candidate's)
        out.write(json.dumps({"load_error": f"{type(e).__name__}: {e}"[:500]}) + "\n")
        out.close()
        return
    for i, calls in plan:
        records: list[dict] = []
        error = None
        random.seed(i)
        for args, kwargs in calls:
            rec: dict = {"args": digest(tuple(args), kwargs)}
            records.append(rec)
            try:
                value = fn(*args, **kwargs)
            except BaseException as e:  # noqa: BLE001 (SystemExit, SkipTest ... all fail)
                rec["raise"] = error = type(e).__name__
                break
            try:
                rec["value"] = encode(value)
            except Unencodable as e:
                rec["bad"] = str(e)
        out.write(json.dumps({"i": i, "calls": records, "error": error}) + "\n")
        out.flush()
    out.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
