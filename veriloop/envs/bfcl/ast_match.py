"""BFCL's AST match for single-turn calls (Python categories), as plain functions.

A port of `bfcl_eval/eval_checker/ast_eval/ast_checker.py` restricted to Python: the same
decisions in the same order, so that its verdicts equal BFCL's (tests/bfcl/test_bfcl_parity.py
checks this against the original wherever it can be imported). A call matches a possible
answer when:

- the function name is the expected one;
- every required parameter is present, and no parameter is given that the function does not
  declare or the answer does not list;
- each value has the declared type (an int is accepted for a float; a value of the answer's
  own type is accepted as a "variable"), and is one of the allowed values: strings are
  compared after BFCL's normalisation (lower case, spaces and `,./-_*^` removed, `'` -> `"`),
  lists element-wise with the same normalisation, dicts key by key, lists of dicts in order;
- every parameter the answer does not mark optional (`""` among its allowed values) is given.

Categories: `simple_python` needs exactly one call; `multiple` exactly one call, checked against the expected function among several offered;
`parallel` and `parallel_multiple` as many calls as expected, matched in any order (each call
used once). Calls are `{name: {param: value}}` dicts, BFCL's decoded form.

Differences from BFCL: none intended. BFCL's `convert_func_name` (dots to underscores for
providers that need it) does not apply: veriloop's tool-call format keeps dotted names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

PYTHON_TYPES: dict[str, type] = {"string": str, "integer": int, "float": float,
                                 "boolean": bool, "array": list, "tuple": list, "dict": dict,
                                 "any": str}
NESTED_TYPES = ("array", "tuple")


@dataclass(frozen=True)
class Verdict:
    valid: bool
    error: str = ""
    error_type: str = ""


OK = Verdict(True)


def _fail(error_type: str, error: str) -> Verdict:
    return Verdict(False, error, error_type)


def standardize(text: str) -> str:
    """BFCL's string normalisation: "April 1, 2024" and "april 1 2024" compare equal."""
    return re.sub(r"[ ,./\-_*^]", "", text).lower().replace("'", '"')


def _answer_type(allowed: list[Any]) -> type | None:
    return next((type(a) for a in allowed if a != ""), None)


def _type_ok(value: Any, allowed: list[Any], expected: type, nested: type | None
             ) -> tuple[bool, bool]:
    """(type is acceptable, value is a "variable"): BFCL's `type_checker`, one level deep."""
    answer_type = _answer_type(allowed)
    is_variable = answer_type is not None and answer_type != expected
    if type(value) is expected:
        if nested is None:
            return True, is_variable
        for item in allowed:
            if type(item) is list and not all(_type_ok(v, item, nested, None)[0] for v in value):
                continue
            return True, is_variable
    elif answer_type is not None and type(value) is answer_type:
        return True, True
    return False, is_variable


def _std(v: Any) -> Any:
    return standardize(v) if type(v) is str else v


def _dict_ok(value: dict[str, Any], allowed: list[Any]) -> bool:
    for answer in allowed:
        if answer == "":
            continue
        if all(k in answer and _std(v) in [_std(a) for a in answer[k]] for k, v in value.items()) \
                and all(k in value or "" in v for k, v in answer.items()):
            return True
    return False


def _list_dict_ok(value: list[Any], allowed: list[Any]) -> bool:
    return any(len(value) == len(answer)
               and all(_dict_ok(v, [a]) for v, a in zip(value, answer, strict=True))
               for answer in allowed)


def check_value(prop: dict[str, Any], p: str, value: Any, allowed: list[Any]) -> Verdict:
    """One parameter's value against its allowed values (`prop`: its declared schema), as
    BFCL's `simple_function_checker` checks each parameter of a call."""
    declared = prop["type"]
    expected = PYTHON_TYPES[declared]
    nested = PYTHON_TYPES[prop["items"]["type"]] if declared in NESTED_TYPES else None
    if declared == "tuple" and type(value) is tuple:
        value = list(value)
    if declared == "float" and type(value) is int:
        value = float(value)  # Python's int -> float promotion, as BFCL allows
    type_ok, is_variable = _type_ok(value, allowed, expected, nested)
    if not type_ok:
        return _fail("type_error:nested" if nested is not None and type(value) is expected
                     else "type_error:simple",
                     f"parameter {p!r}: expected type {declared}, got {type(value).__name__}")
    if not is_variable:
        if expected is dict:
            if not _dict_ok(value, allowed):
                return _fail("value_error:dict", f"invalid value for {p!r}: {value!r}")
            return OK
        if expected is list and nested is dict:
            if not _list_dict_ok(value, allowed):
                return _fail("value_error:list_dict", f"invalid value for {p!r}: {value!r}")
            return OK
        if expected is str:
            if standardize(value) not in [standardize(a) for a in allowed if type(a) is str]:
                return _fail("value_error:string",
                             f"invalid value for {p!r}: {value!r}; expected one of {allowed}")
            return OK
        if expected is list:
            if [_std(v) for v in value] not in [[_std(a) for a in ans] for ans in allowed]:
                return _fail("value_error:list/tuple",
                             f"invalid value for {p!r}: {value!r}; expected one of {allowed}")
            return OK
    if value not in allowed:
        return _fail("value_error:others",
                     f"invalid value for {p!r}: {value!r}; expected one of {allowed}")
    return OK


def check_call(doc: dict[str, Any], call: dict[str, dict[str, Any]],
               answer: dict[str, dict[str, list[Any]]]) -> Verdict:
    """One call against one possible answer `{name: {param: allowed values}}` (BFCL's
    `simple_function_checker` for Python)."""
    allowed_by_param = next(iter(answer.values()))
    name = doc["name"]
    props, required = doc["parameters"]["properties"], doc["parameters"].get("required", [])
    if name not in call:
        return _fail("simple_function_checker:wrong_func_name",
                     f"function {name!r} not found in the call")
    params = call[name]
    for p in required:
        if p not in params:
            return _fail("simple_function_checker:missing_required",
                         f"missing required parameter {p!r}")
    for p, value in params.items():
        if p not in props or p not in allowed_by_param:
            return _fail("simple_function_checker:unexpected_param", f"unexpected parameter {p!r}")
        verdict = check_value(props[p], p, value, allowed_by_param[p])
        if not verdict.valid:
            return verdict
    for p, allowed in allowed_by_param.items():
        if p not in params and "" not in allowed:
            return _fail("simple_function_checker:missing_optional",
                         f"parameter {p!r} is not optional here but was not given")
    return OK


def _doc(docs: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((d for d in docs if d["name"] == name), None)


def check_calls(category: str, docs: list[dict[str, Any]],
                calls: list[dict[str, dict[str, Any]]],
                answers: list[dict[str, dict[str, list[Any]]]]) -> Verdict:
    """The calls of one single-turn response against the possible answers (BFCL's
    `ast_checker`; `irrelevance` is not an AST category: see the grader)."""
    if len(calls) != len(answers):
        return _fail("wrong_count", f"{len(calls)} calls; expected {len(answers)}")
    if "parallel" in category:
        used: set[int] = set()
        for i, answer in enumerate(answers):
            doc = _doc(docs, next(iter(answer)))
            match = next((j for j, c in enumerate(calls)
                          if j not in used and doc is not None and check_call(doc, c, answer).valid),
                         None)
            if match is None:
                return _fail("parallel_function_checker_no_order:cannot_find_match",
                             f"no call matches expected call {i} ({next(iter(answer))})")
            used.add(match)
        return OK
    doc = _doc(docs, next(iter(answers[0]))) if "multiple" in category else docs[0]
    if doc is None:
        return _fail("wrong_func_name", "the expected function is not offered")
    return check_call(doc, calls[0], answers[0])
