"""The registries a run's algorithm is chosen from: advantage estimators and policy losses.

Each entry is an `Entry`: the function, its kind and its parameters as a pydantic model. A
config names an entry and may give its parameters:

    algorithm:
      advantage: gigpo                          # a name: parameters from the defaults below
      policy_loss: {name: my_loss, params: {scale: 2.0}}

Parameters are taken, field by field, from `params:`, else from the `algorithm` section's key of
the same name (the flat keys every config already has: eps_low, gamma, lam ...), else from the
model's default. Adding a loss or an estimator is therefore one file that registers it
(`POLICY_LOSSES.register("my_loss")(Entry(fn, MyParams))`, or an entry point in the group
`veriloop.policy_losses` / `veriloop.estimators`): the config schema and the trainer do not
change.

This module imports no torch, so that loading a config (which checks the names) stays light;
the built-ins are declared lazily as "module:attribute" and imported on first use.

Calling conventions (each kind's function):
- estimator `group`: `fn(rewards [G, K], valid [G, K], lengths=[G, K], **params) -> [G, K]`;
- estimator `turn`: `fn(TurnInputs, params) -> [G, K, T]` (`veriloop.algorithms.turn_advantages`);
- estimator `critic`: `fn(rewards, values [B, L], mask [B, L], **params) -> (advantages, returns)`;
- policy loss: `fn(logprobs, old_logprobs, advantages, mask, params, aggregation, norm,
  generator) -> (loss, stats named tuple)` (`veriloop.algorithms.policy_losses`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from veriloop.errors import ConfigError
from veriloop.registry import Registry

P = TypeVar("P", bound=BaseModel)
Kind = Literal["group", "turn", "critic", "policy_loss"]


class Params(BaseModel):
    """Base of an entry's parameter model: frozen, unknown keys refused. `at_step` gives the
    parameters a training step uses (a schedule's value; by default these)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def at_step(self, step: int) -> Params:
        return self


class Entry(Generic[P]):
    """A registered function, what kind of entry it is, and the model of its parameters."""

    def __init__(self, fn: Callable[..., Any], params: type[P], kind: Kind = "policy_loss"
                 ) -> None:
        self.fn, self.params, self.kind = fn, params, kind
        self.__doc__ = fn.__doc__  # what `Registry.describe` lists

    def configure(self, given: Mapping[str, Any], section: Any = None, key: str = "") -> P:
        """The parameters: `given` (a config's `params:`) over `section`'s keys of the same
        names (the flat `algorithm` keys) over the defaults. A bad value is a `ConfigError`
        naming `key` (e.g. "algorithm.policy_loss_params")."""
        flat = {k: getattr(section, k) for k in self.params.model_fields
                if section is not None and hasattr(section, k)}
        try:
            return self.params.model_validate({**flat, **given})
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            raise ConfigError(f"{key or 'params'}.{where}: {err['msg']}; "
                              f"{self.params.__name__} takes "
                              f"{', '.join(self.params.model_fields) or 'no parameters'}") from e


ESTIMATORS: Registry[Entry[Any]] = Registry("advantage estimator", group="veriloop.estimators")
for _name, _attr in (("grpo", "GRPO"), ("dr_grpo", "DR_GRPO"), ("rloo", "RLOO"),
                     ("reinforce_pp", "REINFORCE_PP"), ("opo", "OPO"), ("gae", "GAE"),
                     ("turn_gae", "TURN_GAE")):
    ESTIMATORS.lazy(_name, f"veriloop.algorithms.advantages:{_attr}")
ESTIMATORS.lazy("pass_at_k", "veriloop.algorithms.pass_at_k:PASS_AT_K")
for _name, _attr in (("turn_grpo", "TURN_GRPO"), ("subgoal_slice", "SUBGOAL_SLICE"),
                     ("gigpo", "GIGPO")):
    ESTIMATORS.lazy(_name, f"veriloop.algorithms.turn_advantages:{_attr}")

POLICY_LOSSES: Registry[Entry[Any]] = Registry("policy loss", group="veriloop.policy_losses")
for _name, _attr in (("clip", "CLIP"), ("clip_cov", "CLIP_COV"), ("kl_cov", "KL_COV")):
    POLICY_LOSSES.lazy(_name, f"veriloop.algorithms.policy_losses:{_attr}")


_KIND_WORDS = {"group": "a group estimator", "turn": "turn-level", "critic": "a critic estimator",
               "policy_loss": "a policy loss"}


def estimator(name: str, kind: Kind | None = None) -> Entry[Any]:
    """The estimator `name` (of `kind`, if given); KeyError with the close names otherwise."""
    entry = ESTIMATORS.get(name)
    if kind is not None and entry.kind != kind:
        use = {"group": "get_advantage", "turn": "turn_advantages.get_turn_advantage",
               "critic": "get_critic_estimator (it needs a value head)"}
        raise KeyError(f"advantage estimator '{name}' is {_KIND_WORDS[entry.kind]}, not "
                       f"{_KIND_WORDS[kind]}: use {use.get(entry.kind, 'its own registry')}")
    return entry


def policy_loss(name: str) -> Entry[Any]:
    return POLICY_LOSSES.get(name)
