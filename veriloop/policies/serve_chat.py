"""The chat-completions service behind `veriloop serve`, independent of the HTTP transport.

`ChatService.prepare` validates a parsed request body (`veriloop.policies.serve_api`) into a job:
cheap count limits first, then the messages, a character bound on the prompt (a conversation
too long for the model's context is refused before it is tokenized: tokenizing megabytes of text
costs GBs), then the rendered prompt and the sampling settings. `submit` hands the job's samples
to the fair scheduler (`veriloop.policies.scheduler`); `response` and the `*_chunk` methods turn
finished or growing sequences into OpenAI chat completions and stream chunks:

- `tools` given and the text holds well-formed Hermes `<tool_call>{...}</tool_call>` blocks:
  they come back as `tool_calls` (arguments as a JSON string), `finish_reason: "tool_calls"`,
  and `content` is the text around them (streamed requests with tools get the text in one
  chunk at the end, since a tool call can only be recognised once it is complete).
- Stop strings are cut from the content as in the OpenAI API, unless the request sets
  `include_stop_str_in_output` (the vLLM extension); `stop_reason` names the stop string.
- `logprobs: true` returns each sampled token with its logprob and bytes, `top_logprobs: k` the
  k most likely alternatives. `n` > 1 samples several completions of one prompt.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from veriloop.policies.scheduler import FairScheduler, Sequence
from veriloop.policies.serve_api import (
    BadRequest,
    check_counts,
    parse_messages,
    parse_params,
    parse_sampling_counts,
    parse_tools,
    split_tool_calls,
    token_entry,
    top_logprobs,
)
from veriloop.policy import GenerationRequest
from veriloop.types import Message, ToolSpec

MAX_REQUEST_TOKENS = 32768  # n * max_tokens of one request


class HTTPError(Exception):
    """An answer other than 200: status, OpenAI error type, extra headers."""

    def __init__(self, status: int, message: str, kind: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.kind, self.headers = status, kind, headers or {}


def context_limit(policy: Any) -> int:
    config = getattr(getattr(policy, "model", None), "config", None)
    return int(getattr(config, "max_position_embeddings", 0) or 1 << 30)


def longest_token_chars(policy: Any) -> int | None:
    """An upper bound on the characters one token stands for (the longest vocabulary piece;
    a byte-level piece has at least as many characters as the text it decodes to), or None
    when the policy has no tokenizer."""
    vocab = getattr(getattr(policy, "tokenizer", None), "get_vocab", lambda: None)()
    return max(map(len, vocab), default=1) if vocab else None


def min_rendered_chars(messages: tuple[Message, ...], tools: tuple[ToolSpec, ...]) -> int:
    """A lower bound on the rendered prompt's length: the message texts, which templates copy
    verbatim, and tool calls and tool specs as compact JSON (templates render them as JSON)."""
    def compact(obj: Any) -> int:
        return len(json.dumps(obj, separators=(",", ":"), ensure_ascii=False))

    return (sum(len(m.content) + sum(compact(c.arguments) for c in m.tool_calls)
                for m in messages)
            + sum(len(t.description) + compact(t.parameters) for t in tools))


class ChatService:
    """Turns validated requests into scheduled generations and OpenAI responses."""

    def __init__(self, policy: Any, name: str, max_batch: int = 32,
                 slice_tokens: int = 16, max_request_tokens: int = MAX_REQUEST_TOKENS) -> None:
        self.policy, self.name = policy, name
        self.max_request_tokens = max_request_tokens
        self.scheduler = FairScheduler(policy, max_batch=max_batch, slice_tokens=slice_tokens)
        self.context = context_limit(policy)
        self.token_chars = longest_token_chars(policy)

    def prepare(self, body: dict[str, Any]) -> dict[str, Any]:
        model = body.get("model")
        if model is not None and model != self.name:
            raise HTTPError(404, f"model {model!r} is not served here; served models: "
                                 f"{self.name}", "model_not_found")
        check_counts(body, self.context)
        n, logprobs, top = parse_sampling_counts(body)
        messages = parse_messages(body.get("messages"))
        tools = parse_tools(body)
        chars = min_rendered_chars(messages, tools)
        if self.token_chars and chars > self.context * self.token_chars:
            # refused before tokenizing: a few MB of text would take GBs and seconds to tokenize
            raise BadRequest(f"the conversation has {chars} characters, more than the model's "
                             f"context of {self.context} tokens can hold (a token is at most "
                             f"{self.token_chars} characters): shorten the conversation")
        prompt = self.policy.renderer.render_prompt(messages, tools)
        room = self.context - len(prompt.ids)
        if room < 1:
            raise BadRequest(f"the prompt is {len(prompt.ids)} tokens; the model's context is "
                             f"{self.context}: shorten the conversation")
        params = parse_params(body, room)
        if n * params.max_new_tokens > self.max_request_tokens:
            raise BadRequest(f"n * max_tokens is {n} * {params.max_new_tokens} = "
                             f"{n * params.max_new_tokens} tokens, over this server's per-request "
                             f"budget of {self.max_request_tokens} (--max-request-tokens): ask "
                             "for fewer samples or fewer tokens")
        requests = [GenerationRequest(prompt_ids=tuple(prompt.ids), messages=messages,
                                      tools=tools, sample_index=j) for j in range(n)]
        return {"requests": requests, "params": params, "prompt": tuple(prompt.ids),
                "tools": tools, "logprobs": logprobs, "top": top, "id": uuid.uuid4().hex,
                "keep_stop": bool(body.get("include_stop_str_in_output")),
                "created": int(time.time())}

    def submit(self, job: dict[str, Any],
               on_delta: Callable[[int, str], None] | None = None) -> Future:
        """Queue the job's samples; the future resolves to their `Sequence`s, and cancelling it
        stops their decoding. `on_delta(j, text)` receives sample j's new text as it is decoded
        (stop strings cut as in the response; requests with tools get none: their text comes
        whole at the end)."""
        def delta(j: int, text: str, seq: Sequence) -> None:
            if seq.stop_reason and not job["keep_stop"] and text.endswith(seq.stop_reason):
                text = text[:-len(seq.stop_reason)]
            if text:
                on_delta(j, text)

        return self.scheduler.submit(job["requests"], job["params"],
                                     job["params"].max_new_tokens,
                                     on_delta=None if on_delta is None or job["tools"] else delta)

    def _logprobs(self, job: dict[str, Any], seq: Sequence) -> dict[str, Any]:
        tokenizer = getattr(self.policy, "tokenizer", None)
        entries = [token_entry(tokenizer, t, lp) for t, lp in zip(seq.ids, seq.logprobs,
                                                                   strict=False)]
        if job["top"]:
            tops = top_logprobs(self.policy, job["prompt"], seq.ids, job["top"],
                                job["params"].temperature)
            for entry, alternatives in zip(entries, tops, strict=False):
                entry["top_logprobs"] = [token_entry(tokenizer, t, lp) for t, lp in alternatives]
        return {"content": entries}

    def _choice(self, job: dict[str, Any], j: int, seq: Sequence) -> dict[str, Any]:
        content = seq.text
        if seq.stop_reason and not job["keep_stop"]:
            content = content[:-len(seq.stop_reason)]
        calls: list[dict[str, Any]] = []
        if job["tools"]:
            around, calls = split_tool_calls(seq.text)
            content = around if calls else content
        finish = "length" if seq.finish == "length" else ("tool_calls" if calls else "stop")
        message: dict[str, Any] = {"role": "assistant",
                                   "content": content if (content or not calls) else None}
        if calls:
            message["tool_calls"] = calls
        choice = {"index": j, "finish_reason": finish, "stop_reason": seq.stop_reason,
                  "message": message, "logprobs": None}
        if job["logprobs"]:
            choice["logprobs"] = self._logprobs(job, seq)
        return choice

    def response(self, job: dict[str, Any], seqs: list[Sequence]) -> dict[str, Any]:
        """The chat completion of a finished job."""
        choices = [self._choice(job, j, s) for j, s in enumerate(seqs)]
        used = sum(len(s.ids) for s in seqs)
        return {"id": f"chatcmpl-{job['id']}", "object": "chat.completion",
                "created": job["created"], "model": self.name, "choices": choices,
                "usage": {"prompt_tokens": len(job["prompt"]), "completion_tokens": used,
                          "total_tokens": len(job["prompt"]) + used}}

    def _chunk(self, job: dict[str, Any], choice: dict[str, Any]) -> dict[str, Any]:
        return {"id": f"chatcmpl-{job['id']}", "object": "chat.completion.chunk",
                "created": job["created"], "model": self.name, "choices": [choice]}

    def first_chunks(self, job: dict[str, Any]) -> list[dict[str, Any]]:
        """One chunk per sample announcing the assistant's role."""
        return [self._chunk(job, {"index": j, "finish_reason": None,
                                  "delta": {"role": "assistant", "content": ""}})
                for j in range(len(job["requests"]))]

    def delta_chunk(self, job: dict[str, Any], j: int, text: str) -> dict[str, Any]:
        return self._chunk(job, {"index": j, "delta": {"content": text}, "finish_reason": None})

    def last_chunks(self, job: dict[str, Any], seqs: list[Sequence]) -> list[dict[str, Any]]:
        """Each sample's finish reason and logprobs (and, with tools, its content and calls)."""
        out = []
        for j, seq in enumerate(seqs):
            choice = self._choice(job, j, seq)
            delta: dict[str, Any] = {}
            if job["tools"]:
                delta = {k: v for k, v in choice["message"].items() if k != "role"}
                for i, call in enumerate(delta.get("tool_calls", [])):
                    call["index"] = i
            out.append(self._chunk(job, {"index": j, "delta": delta,
                                         "finish_reason": choice["finish_reason"],
                                         "logprobs": choice["logprobs"]}))
        return out
