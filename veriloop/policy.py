"""The policy protocol every model backend implements (and the scripted experts too).

It lives on the bottom floor, beside `types`, so that environments (whose experts are
policies), graders (whose judges call one) and the rollout runner use it without importing
`veriloop.policies`, the backends.

A policy takes a batch of generation requests and returns one generation per request. Each
request carries both the exact prompt token ids (what model backends consume) and the
conversation as messages (what chat servers and scripted experts consume). A model backend
returns the token ids it sampled and their logprobs under the sampling distribution; a policy
that only returns text (a server, a scripted expert) leaves them None and the runner encodes the
text with the policy's renderer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from veriloop.types import Message, Task, ToolSpec

if TYPE_CHECKING:
    from veriloop.rendering import ChatRenderer

DEFAULT_STOP = ("</tool_call>", "</answer>")


@dataclass(frozen=True)
class SamplingParams:
    temperature: float = 1.0
    top_p: float = 1.0
    top_k: int = 0  # 0 = off
    max_new_tokens: int = 256
    stop: tuple[str, ...] = DEFAULT_STOP  # stop strings; the stop string is kept in the output
    seed: int | None = None


@dataclass(frozen=True)
class GenerationRequest:
    prompt_ids: tuple[int, ...]
    messages: tuple[Message, ...]
    tools: tuple[ToolSpec, ...] = ()
    key: str = ""  # stable per episode, so a backend may keep the episode's KV cache
    sample_index: int = 0
    # Scripted experts read the task (they are demonstrators); model backends must not.
    task: Task | None = field(default=None, repr=False)
    max_new_tokens: int | None = None  # per-request cap (remaining context), overrides params


@dataclass(frozen=True)
class Generation:
    text: str
    token_ids: tuple[int, ...] | None = None
    logprobs: tuple[float, ...] | None = None
    finish_reason: str = "stop"  # "stop" (end of turn or stop string) | "length"
    policy_version: int | None = None  # the weights version that sampled it (versioned backends)


@runtime_checkable
class Policy(Protocol):
    name: str
    renderer: ChatRenderer

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]: ...

    def release(self, key: str) -> None:
        """Forget any per-episode state (e.g. a kept KV cache) for `key`."""
        ...
