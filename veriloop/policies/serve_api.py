"""The OpenAI chat-completions request and response formats for `veriloop serve`.

Every request field is validated here and a bad one raises `BadRequest` (HTTP 400) with a message
naming the field and the allowed values, as OpenAI's and vLLM's servers answer. Logprobs follow
OpenAI's shape: each sampled token with its text, its UTF-8 `bytes` (recovered exactly from the
byte-level BPE alphabet, so a token holding half of a character still has its real bytes) and,
with `top_logprobs: k`, the k most likely tokens at that position under the same distribution
the token was sampled from (temperature applied; top-p/top-k truncation not).
"""

from __future__ import annotations

import json
import math
import re
import time
import uuid
from functools import cache
from typing import Any

from veriloop.policies.openai import tool_specs
from veriloop.policy import SamplingParams
from veriloop.types import Message, ToolCall, ToolSpec

_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)
MAX_N = 64
MAX_TOP_LOGPROBS = 20
MAX_TOOLS = 128  # as OpenAI's API
TOOL_CHOICES = ("none", "auto")


class BadRequest(ValueError):
    """The request is malformed: answered with 400 and this message."""


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def parse_body(raw: bytes) -> dict[str, Any]:
    """The request body as a JSON object. A lone UTF-16 surrogate escape (`"\\ud800"`) is valid
    JSON syntax but no character: Python's parser keeps it, and it failed later as a 500."""
    try:
        body = json.loads(raw or b"null")
    except (ValueError, RecursionError):
        raise BadRequest("the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    if _SURROGATE_ESCAPE.search(raw):  # a pair is one character; only a lone half fails here
        try:
            json.dumps(body, ensure_ascii=False).encode()
        except UnicodeEncodeError:
            raise BadRequest("the request body holds a lone UTF-16 surrogate escape (\\ud800-"
                             "\\udfff without its pair): send valid Unicode text") from None
    return body


def parse_messages(raw: Any) -> tuple[Message, ...]:
    if not isinstance(raw, list) or not raw:
        raise BadRequest("'messages' must be a non-empty list")
    out = []
    for i, m in enumerate(raw):
        if not isinstance(m, dict) or m.get("role") not in ("system", "user", "assistant", "tool"):
            raise BadRequest(f"messages[{i}] needs a role of system, user, assistant or tool")
        content = m.get("content") or ""
        if isinstance(content, list):  # content parts: keep the text ones
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        if not isinstance(content, str):
            raise BadRequest(f"messages[{i}].content must be a string or a list of text parts")
        calls = []
        for c in m.get("tool_calls") or []:
            fn = c.get("function", {}) if isinstance(c, dict) else {}
            args = fn.get("arguments", {})
            try:
                args = json.loads(args) if isinstance(args, str) else args
            except json.JSONDecodeError:
                raise BadRequest(f"messages[{i}]: tool call arguments are not JSON") from None
            if not isinstance(fn.get("name"), str) or not isinstance(args, dict):
                raise BadRequest(f"messages[{i}]: malformed tool call")
            calls.append(ToolCall(name=fn["name"], arguments=args, id=c.get("id", "")))
        out.append(Message(role=m["role"], content=content, tool_calls=tuple(calls),
                           tool_call_id=m.get("tool_call_id"), name=m.get("name")))
    return tuple(out)


def check_counts(body: dict[str, Any], max_messages: int) -> None:
    """Cheap limits checked before any per-message work: a body of 200,000 tiny messages cost
    13 s of parsing and rendering before it was refused for its length."""
    messages, tools = body.get("messages"), body.get("tools")
    if isinstance(messages, list) and len(messages) > max_messages:
        raise BadRequest(f"{len(messages)} messages cannot fit the model's context of "
                         f"{max_messages} tokens (each takes at least one): send fewer")
    if isinstance(tools, list) and len(tools) > MAX_TOOLS:
        raise BadRequest(f"{len(tools)} tools; at most {MAX_TOOLS} are accepted")


def parse_tools(body: dict[str, Any]) -> tuple[ToolSpec, ...]:
    """The tools offered to the model: none when `tool_choice` is "none". Only "none" and
    "auto" are honoured; "required" and a named function would need constrained decoding,
    so they are refused rather than silently treated as "auto"."""
    choice = body.get("tool_choice")
    if choice is not None and choice not in TOOL_CHOICES:
        raise BadRequest(f"'tool_choice' {json.dumps(choice)[:80]} is not supported; supported: "
                         f"{', '.join(repr(c) for c in TOOL_CHOICES)} (or leave it out)")
    try:
        tools = tuple(tool_specs(body.get("tools")))
    except (ValueError, TypeError, AttributeError) as e:
        raise BadRequest(f"bad 'tools': {e}") from None
    return () if choice == "none" else tools


def _number(body: dict[str, Any], name: str, default: float, lo: float, hi: float,
            lo_open: bool = False) -> float:
    value = body.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadRequest(f"'{name}' must be a number, got {value!r}")
    if value < lo or value > hi or (lo_open and value == lo):
        raise BadRequest(f"'{name}' must be in {'(' if lo_open else '['}{lo}, {hi}], got {value}")
    return float(value)


def _integer(body: dict[str, Any], name: str, default: int | None, lo: int, hi: int) -> int | None:
    value = body.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"'{name}' must be an integer, got {value!r}")
    if not lo <= value <= hi:
        raise BadRequest(f"'{name}' must be between {lo} and {hi}, got {value}")
    return value


def parse_params(body: dict[str, Any], max_tokens_limit: int) -> SamplingParams:
    """Sampling settings; `max_tokens_limit` is what the context leaves after the prompt."""
    stop = body.get("stop")
    if stop is None:
        stop = ()
    elif isinstance(stop, str):
        stop = (stop,)
    elif isinstance(stop, list) and len(stop) <= 16 and all(
            isinstance(s, str) and s for s in stop):
        stop = tuple(stop)
    else:
        raise BadRequest("'stop' must be a non-empty string or a list of at most 16 of them")
    top_k = _integer(body, "top_k", 0, -1, 1_000_000)
    max_tokens = body.get("max_completion_tokens", body.get("max_tokens"))
    if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(max_tokens, int)
                                   or max_tokens < 1):
        raise BadRequest(f"'max_tokens' must be a positive integer, got {max_tokens!r}")
    if max_tokens is not None and max_tokens > max_tokens_limit:
        raise BadRequest(f"'max_tokens' is {max_tokens}, but the model's context leaves "
                         f"{max_tokens_limit} tokens after this prompt; ask for at most that")
    seed = _integer(body, "seed", None, -(2**63), 2**63 - 1)
    return SamplingParams(
        temperature=_number(body, "temperature", 1.0, 0.0, 100.0),
        top_p=_number(body, "top_p", 1.0, 0.0, 1.0, lo_open=True),
        top_k=max(top_k or 0, 0),
        max_new_tokens=min(max_tokens or 256, max_tokens_limit), stop=stop, seed=seed)


def parse_sampling_counts(body: dict[str, Any]) -> tuple[int, bool, int]:
    """(n, logprobs, top_logprobs)."""
    n = _integer(body, "n", 1, 1, MAX_N)
    logprobs = body.get("logprobs", False)
    if not isinstance(logprobs, bool):
        raise BadRequest(f"'logprobs' must be true or false, got {logprobs!r}")
    top = _integer(body, "top_logprobs", 0, 0, MAX_TOP_LOGPROBS)
    if top and not logprobs:
        raise BadRequest("'top_logprobs' needs 'logprobs': true")
    if not isinstance(body.get("stream", False), bool):
        raise BadRequest("'stream' must be true or false")
    return int(n or 1), logprobs, int(top or 0)


def split_tool_calls(text: str) -> tuple[str, list[dict[str, Any]]]:
    """Hermes tool calls in `text` as OpenAI `tool_calls`, if every block is well formed."""
    calls = []
    for body in _CALL.findall(text):
        try:
            obj = json.loads(body)
        except json.JSONDecodeError:
            return text, []
        if not (isinstance(obj, dict) and isinstance(obj.get("name"), str)
                and isinstance(obj.get("arguments", {}), dict)):
            return text, []
        calls.append({"id": f"call_{uuid.uuid4().hex[:12]}", "type": "function",
                      "function": {"name": obj["name"],
                                   "arguments": json.dumps(obj.get("arguments", {}))}})
    return (_CALL.sub("", text).strip() if calls else text), calls


# ------------------------------------------------------------------------------ logprobs

@cache
def _byte_decoder() -> dict[str, int]:
    """The byte-level BPE alphabet (printable stand-ins for the 256 byte values), inverted."""
    printable = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
                 + list(range(ord("®"), ord("ÿ") + 1)))
    codes, extra = list(printable), 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            codes.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, codes, strict=True)}


def token_bytes(tokenizer: Any, token_id: int) -> bytes:
    """The exact bytes a token stands for."""
    if tokenizer is None:
        return str(token_id).encode()
    piece = tokenizer.convert_ids_to_tokens(int(token_id))
    table = _byte_decoder()
    if isinstance(piece, str) and piece and all(ch in table for ch in piece):
        return bytes(table[ch] for ch in piece)
    return tokenizer.decode([int(token_id)]).encode()


def token_entry(tokenizer: Any, token_id: int, logprob: float) -> dict[str, Any]:
    raw = token_bytes(tokenizer, token_id)
    return {"token": raw.decode("utf-8", errors="replace"), "logprob": logprob,
            "bytes": list(raw)}


def top_logprobs(policy: Any, prompt: tuple[int, ...], ids: list[int], k: int,
                 temperature: float) -> list[list[tuple[int, float]]]:
    """For each generated position, the k most likely next tokens and their logprobs under
    softmax(logits / temperature), from one teacher-forced forward pass."""
    import torch  # lazy: 2-5 s to import; only a local model's top logprobs need it

    model = getattr(policy, "model", None)
    if model is None or not ids:
        return [[] for _ in ids]
    device = next(model.parameters()).device
    seq = torch.tensor([list(prompt) + ids], device=device)
    with torch.no_grad():
        logits = model(seq).logits[0, len(prompt) - 1:len(prompt) - 1 + len(ids)].float()
    logp = torch.log_softmax(logits / (temperature if temperature > 0 else 1.0), dim=-1)
    values, indices = logp.topk(k, dim=-1)  # [L, k]
    return [list(zip(i.tolist(), v.tolist(), strict=True)) for i, v in zip(indices, values,
                                                                            strict=True)]


# ------------------------------------------------------------------------------ scoring


def parse_score_request(body: dict[str, Any], name: str, context: int) -> list[int]:
    """The token ids a legacy completions request asks to score: `prompt` as token ids,
    `echo: true`, `max_tokens: 0` (this server's completions endpoint only scores; generation
    is `/v1/chat/completions`)."""
    model = body.get("model")
    if model is not None and model != name:
        raise BadRequest(f"model {model!r} is not served here; served models: {name}")
    prompt = body.get("prompt")
    if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], list):
        prompt = prompt[0]  # a batch of one
    if not isinstance(prompt, list) or not prompt or not all(
            isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in prompt):
        raise BadRequest("'prompt' must be a non-empty list of token ids: /v1/completions only "
                         "scores tokens here (generate with /v1/chat/completions)")
    if body.get("echo") is not True or body.get("max_tokens", 16) != 0:
        raise BadRequest("/v1/completions only scores tokens here: send 'echo': true and "
                         "'max_tokens': 0 (generate with /v1/chat/completions)")
    if len(prompt) > context:
        raise BadRequest(f"the prompt is {len(prompt)} tokens; the model's context is "
                         f"{context}: score a shorter sequence")
    return prompt


def token_scores(policy: Any, ids: list[int]) -> list[float | None]:
    """log p(ids[j] | ids[:j]) under the policy's model at temperature 1, None for the first
    token (nothing precedes it), from one teacher-forced forward pass."""
    import torch  # lazy: 2-5 s to import; only a local model scores

    model = getattr(policy, "model", None)
    if model is None:
        raise BadRequest("this server's model is not local: it cannot score tokens")
    vocab = int(model.get_output_embeddings().weight.shape[0])
    if max(ids) >= vocab:
        raise BadRequest(f"token id {max(ids)} is outside the model's vocabulary of {vocab}")
    device = next(model.parameters()).device
    seq = torch.tensor([ids], device=device)
    with torch.no_grad():
        logits = model(seq).logits[0, :-1].float()  # [n-1, V]
    got = torch.log_softmax(logits, dim=-1).gather(-1, seq[0, 1:, None]).squeeze(-1)
    return [None, *got.tolist()]


def score_response(policy: Any, name: str, ids: list[int]) -> dict[str, Any]:
    """The legacy completions answer with the prompt's token log-probs (OpenAI's shape)."""
    tokenizer = getattr(policy, "tokenizer", None)
    tokens = [token_bytes(tokenizer, t).decode("utf-8", errors="replace") for t in ids]
    logprobs = {"tokens": tokens, "token_logprobs": token_scores(policy, ids),
                "top_logprobs": None, "text_offset": [sum(map(len, tokens[:j]))
                                                      for j in range(len(tokens))]}
    return {"id": f"cmpl-{uuid.uuid4().hex}", "object": "text_completion",
            "created": int(time.time()), "model": name,
            "choices": [{"index": 0, "text": "".join(tokens), "logprobs": logprobs,
                         "finish_reason": "length"}],
            "usage": {"prompt_tokens": len(ids), "completion_tokens": 0,
                      "total_tokens": len(ids)}}
