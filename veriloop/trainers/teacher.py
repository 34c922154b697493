"""Teachers for on-policy distillation: what scores the student's sampled tokens
(`veriloop.algorithms.distill`, `algorithm.distill_teacher`).

A teacher returns, for a micro-batch of the step's sequences, the log-probability of every
policy token under the teacher in the student's own context, in the `TrainBatch` layout
(position j scores token j + 1; 0 elsewhere). Two kinds:

- `LocalTeacher`: a model loaded in this process from any `load_policy` spec (a checkpoint or
  run directory, `smollm2`, `tiny-m`), scored with the trainer's teacher-forced forward;
- `ServerTeacher`: an OpenAI-compatible server, `openai:<base_url>#<model>`, asked for the
  tokens' log-probs with the legacy completions API (`prompt` as token ids, `echo: true`,
  `logprobs: 0`, `max_tokens: 0`), as `veriloop serve` and vLLM answer it.

Both score at temperature 1 (the teacher's own distribution). The teacher must share the
student's tokenizer (the student's token ids are scored as they are): a local teacher's
vocabulary is compared with the student's when it is built and a mismatch is a `ConfigError`;
a server's cannot be checked here, so it is the user's word (`veriloop serve` of a checkpoint
of the same base model is safe).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import torch

from veriloop.errors import ConfigError
from veriloop.policy_specs import load_policy
from veriloop.trainers.batch import Packed, forward_logprobs


class Teacher(Protocol):
    def logprobs(self, sequences: Sequence[Sequence[int]], packed: Packed) -> torch.Tensor:
        """[b, n] teacher log-probs of `sequences` (laid out as `packed`, n its length), on
        policy tokens; 0 elsewhere."""
        ...


class LocalTeacher:
    """A model in this process (frozen, eval mode)."""

    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model.eval().requires_grad_(False)

    def logprobs(self, sequences: Sequence[Sequence[int]], packed: Packed) -> torch.Tensor:
        with torch.no_grad():
            return forward_logprobs(self.model, packed, 1.0, policy_only=True).logprobs


class ServerTeacher:
    """An OpenAI-compatible server that scores token ids (see module docstring)."""

    def __init__(self, client: Any, model: str) -> None:
        self.client, self.model = client, model

    def score(self, ids: Sequence[int]) -> list[float]:
        """Log-probs of ids[1:] given what precedes each."""
        body = self.client.post("completions", {
            "model": self.model, "prompt": list(ids), "echo": True, "logprobs": 0,
            "max_tokens": 0, "temperature": 1.0})
        try:
            got = body["choices"][0]["logprobs"]["token_logprobs"]
        except (KeyError, IndexError, TypeError):
            raise ConfigError(f"the teacher server {self.client.base_url} did not return "
                              "choices[0].logprobs.token_logprobs for an echo request: give a "
                              "server that scores prompt tokens (veriloop serve, vLLM)") from None
        if len(got) < len(ids):
            raise ConfigError(f"the teacher server {self.client.base_url} scored {len(got)} of "
                              f"{len(ids)} tokens: give a server that echoes the whole prompt's "
                              "log-probs (veriloop serve, vLLM)")
        return [float(x) for x in got[1:len(ids)]]

    def logprobs(self, sequences: Sequence[Sequence[int]], packed: Packed) -> torch.Tensor:
        n = packed.loss_mask.shape[1]
        out = torch.zeros(len(sequences), n)  # [b, n]
        for b, ids in enumerate(sequences):
            lp = self.score(ids)[:n]
            out[b, :len(lp)] = torch.tensor(lp)
        return out


def build_teacher(spec: str, student_tokenizer: Any, device: str = "cpu") -> Teacher:
    """The teacher `spec` names (`algorithm.distill_teacher`) for a student with
    `student_tokenizer`."""
    if spec.startswith("openai:"):
        from veriloop.policies.openai import OpenAIClient  # lazy: httpx, servers only

        body = spec.removeprefix("openai:")
        if "#" not in body:
            raise ConfigError(f"algorithm.distill_teacher {spec!r} needs a model name: "
                              "openai:<base_url>#<model>")
        base_url, served = body.rsplit("#", 1)
        return ServerTeacher(OpenAIClient(base_url, validate=False), served)
    try:
        policy = load_policy(spec, device=device, dtype="float32")
    except ConfigError as e:
        raise ConfigError(f"algorithm.distill_teacher: {e}") from None
    model = getattr(policy, "model", None)
    if model is None:
        raise ConfigError(f"algorithm.distill_teacher {spec!r} has no local model to score "
                          "with; give a checkpoint directory or openai:<base_url>#<model>")
    ours, theirs = _vocab(student_tokenizer), _vocab(getattr(policy, "tokenizer", None))
    if ours is None or theirs is None or ours != theirs:
        raise ConfigError(f"algorithm.distill_teacher {spec!r} has another tokenizer than the "
                          "trained model: it cannot score the student's tokens; give a "
                          "checkpoint of the same base model")
    return LocalTeacher(model)


def _vocab(tokenizer: Any) -> dict[str, int] | None:
    get = getattr(tokenizer, "get_vocab", None)
    return get() if callable(get) else None
