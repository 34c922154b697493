"""The code world's scripted demonstrator: probe the canonical solution with `run_python`,
then submit it; noisy variants skip the probe, recover from a probe error, or submit a stub or
a one-operator mutant."""

from __future__ import annotations

from veriloop.envs.base import PlannedExpert
from veriloop.types import Task, ToolCall

CODE_NOISES = ("skip_probe", "probe_error", "stub", "mutant")
# first match wins: the operator the `mutant` variant changes in the canonical solution
MUTATIONS = ((" <= ", " < "), (" >= ", " > "), (" < ", " <= "), (" > ", " >= "),
             (" == ", " != "), (" != ", " == "), (" + ", " - "), (" - ", " + "),
             (" * ", " + "), (" and ", " or "), (" or ", " and "), ("[1:]", "[2:]"))


def mutant(body: str) -> str | None:
    """`body` with its first comparison, arithmetic or boolean operator changed (an off-by-one
    or sign bug the hidden tests usually catch), or None if it has none."""
    for old, new in MUTATIONS:
        if old in body:
            return body.replace(old, new, 1)
    return None


class CodeExpertPolicy(PlannedExpert):
    """Scripted demonstrator: tries the canonical solution with run_python, then submits it.

    Noisy variants (`noise` = the share of episodes that get one, drawn per episode from the
    seed, the task id and the sample index): `skip_probe` submits without the trial run
    (passes); `probe_error` first runs a probe with a misspelled name, reads the NameError and
    then probes and submits correctly (recovers); `stub` submits the signature with `pass` as
    its body (fails); `mutant` submits the solution with one operator changed (`mutant`;
    usually fails: the hidden tests decide; a solution without one gets the stub).
    """

    name = "code-expert"
    noises = CODE_NOISES

    def calls(self, task: Task, variant: str | None) -> list[ToolCall]:
        v = task.verification
        body = v["canonical_solution"]
        if variant == "stub":
            body = "    pass\n"
        elif variant == "mutant":
            body = mutant(body) or "    pass\n"
        code = v["prompt"] + body
        name = v["entry_point"]
        probe = ToolCall(name="run_python",
                         arguments={"code": code + f"\n\nprint({name}.__name__, 'defined')\n"})
        submit = ToolCall(name="submit", arguments={"code": code})
        if variant == "skip_probe":
            return [submit]
        if variant == "probe_error":
            typo = ToolCall(name="run_python", arguments={
                "code": code + f"\n\nprint({name}_.__name__, 'defined')\n"})
            return [typo, probe, submit]
        return [probe, submit]
