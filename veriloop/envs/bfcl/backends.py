"""BFCL's stateful multi-turn backends behind one object: instantiate, call, snapshot.

`Backends` builds the classes a task names in `involved_classes` and loads each with its part
of the task's `initial_config` (`_load_scenario(config, long_context=...)`), exactly as BFCL's
`execute_multi_turn_func_call` does. `call(name, arguments)` runs one public method and turns
its return value into the string BFCL compares: a str as is, a dict as JSON (`str()` if that
fails), anything else `str()`; an exception becomes `"Error during execution: <message>"`.
BFCL refuses a few method names (`kill`, `exit`, `quit`, `remove`, `unlink`, `popen`, `Popen`,
`run`) before evaluating a call; so does `call`. VehicleControlAPI's calls are serialised
across threads (it writes module-level data while it runs).

`snapshot()` is a deep copy of every instance's public attributes (names not starting with
`_`): what BFCL's state checker compares between the model's instances and the ground truth's.

Ground-truth calls are Python call strings (`cd(folder='document')`, `sort('report.pdf')`);
`parse_call` turns one into a name and keyword arguments, reading positional arguments'
names from the backend method's signature. Every ground-truth argument is a literal
(`ast.literal_eval`); BFCL's data has no nested calls.
"""

from __future__ import annotations

import ast
import copy
import inspect
import json
import threading
from typing import Any

from veriloop.envs.bfcl.data import STATELESS, backend_class

FORBIDDEN = frozenset({"kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"})
# VehicleControlAPI writes module-level data while it runs (its long-context weather fills a
# shared dict, then returns it), so its calls from episodes that the runner steps in parallel
# threads are serialised. Other classes are not: a slow call (MathAPI at a huge precision)
# must not hold up every episode.
SHARED_STATE_CLASSES = frozenset({"VehicleControlAPI"})
_SHARED = threading.Lock()


def result_text(value: Any) -> str:
    """A return value as the string BFCL records for it."""
    if type(value) is str:
        return value
    if type(value) is dict:
        try:
            return json.dumps(value)
        except (TypeError, ValueError):
            return str(value)
    return str(value)


def public_methods(cls: type) -> dict[str, Any]:
    return {n: m for n, m in inspect.getmembers(cls, inspect.isfunction) if not n.startswith("_")}


class Backends:
    """The live instances of one episode (or of one ground-truth replay)."""

    def __init__(self, involved_classes: list[str], initial_config: dict[str, Any],
                 long_context: bool = False) -> None:
        self.instances: dict[str, Any] = {}
        self.owner: dict[str, str] = {}  # method name -> class name (later classes win, as BFCL)
        for name in involved_classes:
            instance = backend_class(name)()
            if name not in STATELESS:
                instance._load_scenario(copy.deepcopy(initial_config.get(name, {})),
                                        long_context=long_context)
            self.instances[name] = instance
            self.owner.update(dict.fromkeys(public_methods(type(instance)), name))

    def call(self, name: str, arguments: dict[str, Any]) -> str:
        if name in FORBIDDEN:
            return f"Error during execution: Function call {name} is not allowed."
        if name not in self.owner:
            return f"Error during execution: name '{name}' is not defined"
        owner = self.owner[name]
        method = getattr(self.instances[owner], name)
        try:
            if owner not in SHARED_STATE_CLASSES:
                return result_text(method(**copy.deepcopy(arguments)))
            with _SHARED:
                return result_text(method(**copy.deepcopy(arguments)))
        except Exception as e:  # noqa: BLE001 (BFCL records any failure as the call's result)
            return f"Error during execution: {e}"

    def snapshot(self) -> dict[str, dict[str, Any]]:
        return {cls: copy.deepcopy({k: v for k, v in vars(inst).items() if not k.startswith("_")})
                for cls, inst in self.instances.items()}


def signatures(involved_classes: list[str]) -> dict[str, inspect.Signature]:
    """Method name -> signature (without self) over the involved classes."""
    out: dict[str, inspect.Signature] = {}
    for name in involved_classes:
        for method, fn in public_methods(backend_class(name)).items():
            sig = inspect.signature(fn)
            out[method] = sig.replace(parameters=list(sig.parameters.values())[1:])
    return out


def parse_call(text: str, sigs: dict[str, inspect.Signature]) -> tuple[str, dict[str, Any]]:
    """A ground-truth call string as (name, keyword arguments); a ValueError if it is not a
    plain call of a known method with literal arguments."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as e:
        raise ValueError(f"not a Python call: {text!r} ({e.msg})") from None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise ValueError(f"not a plain function call: {text!r}")  # noqa: TRY004 (bad data)
    name = node.func.id
    if name not in sigs:
        raise ValueError(f"{text!r} calls {name!r}, which no involved class defines")
    try:
        args = [ast.literal_eval(a) for a in node.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
    except ValueError:
        raise ValueError(f"{text!r} has a non-literal argument") from None
    bound = sigs[name].bind_partial(*args, **kwargs)
    return name, dict(bound.arguments)


def call_text(name: str, arguments: dict[str, Any]) -> str:
    """A call as the Python string BFCL's checkers take (`name(k=repr(v), ...)`)."""
    return f"{name}({', '.join(f'{k}={v!r}' for k, v in arguments.items())})"
