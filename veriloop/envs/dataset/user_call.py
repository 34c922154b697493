"""Runs inside a grader worker process (`veriloop.graders._worker`): import the user's reward
module once (`veriloop.user_modules`, cached per process) and call its function with the
keyword arguments it asked for (`veriloop.envs.dataset.user_reward` decides which)."""

from __future__ import annotations

from typing import Any

from veriloop.user_modules import load_user_module


def call(source: str, attr: str, kwargs: dict[str, Any]) -> Any:
    """`source:attr(**kwargs)`; whatever it raises is reported to the parent as an error."""
    return getattr(load_user_module(source, "reward module"), attr)(**kwargs)
