"""`veriloop serve`: any veriloop policy behind an OpenAI-compatible chat-completions API.

Endpoints: `POST /v1/chat/completions`, `GET /v1/models`, `GET /health`. The conversation is
rendered with the policy's chat template (tools natively when the template has a tool section),
sampled with the policy's backend, and returned as a chat completion:

- `tools` given and the text holds well-formed Hermes `<tool_call>{...}</tool_call>` blocks:
  they come back as `tool_calls` (arguments as a JSON string), `finish_reason: "tool_calls"`,
  and `content` is the text around them. A malformed block stays in `content` untouched, so
  the client sees exactly what the model wrote.
- Stop strings are cut from the content as in the OpenAI API, unless the request sets
  `include_stop_str_in_output` (the vLLM extension); `stop_reason` names the stop string.
- `logprobs: true` returns each sampled token's logprob (`choices[].logprobs.content`).
- `n` > 1 samples several completions of one prompt.

Concurrent requests are batched: a single worker thread takes every request waiting (up to
`max_batch` sequences), groups them by sampling parameters and decodes each group as one batch.
The server is a stdlib `ThreadingHTTPServer`; it binds 127.0.0.1 unless told otherwise and has
no authentication: do not expose it beyond a trusted network.
"""

from __future__ import annotations

import json
import queue
import re
import threading
import time
import uuid
from concurrent.futures import Future
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from veriloop.policies.base import Generation, GenerationRequest, SamplingParams
from veriloop.policies.openai import tool_specs
from veriloop.types import Message, ToolCall

_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)


class BadRequest(ValueError):
    pass


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


def parse_params(body: dict[str, Any]) -> SamplingParams:
    stop = body.get("stop")
    stop = (stop,) if isinstance(stop, str) else tuple(stop or ())
    try:
        return SamplingParams(
            temperature=float(body.get("temperature", 1.0)), top_p=float(body.get("top_p", 1.0)),
            top_k=int(body.get("top_k") or 0),
            max_new_tokens=int(body.get("max_completion_tokens") or body.get("max_tokens") or 256),
            stop=stop, seed=None if body.get("seed") is None else int(body["seed"]))
    except (TypeError, ValueError) as e:
        raise BadRequest(f"bad sampling parameter: {e}") from None


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


@dataclass
class _Job:
    requests: list[GenerationRequest]
    params: SamplingParams
    future: Future


class Batcher:
    """One worker thread decoding every waiting request in as few batches as possible."""

    def __init__(self, policy, max_batch: int = 32) -> None:
        self.policy, self.max_batch = policy, max_batch
        self._queue: queue.Queue[_Job] = queue.Queue()
        threading.Thread(target=self._loop, daemon=True, name="veriloop-batcher").start()

    def submit(self, requests: list[GenerationRequest], params: SamplingParams) -> list[Generation]:
        job = _Job(requests, params, Future())
        self._queue.put(job)
        return job.future.result()

    def _loop(self) -> None:
        while True:
            jobs = [self._queue.get()]
            n = len(jobs[0].requests)
            while n < self.max_batch:
                try:
                    jobs.append(self._queue.get_nowait())
                    n += len(jobs[-1].requests)
                except queue.Empty:
                    break
            groups: dict[SamplingParams, list[_Job]] = {}
            for job in jobs:
                groups.setdefault(job.params, []).append(job)
            for params, group in groups.items():
                reqs = [r for job in group for r in job.requests]
                try:
                    gens = self.policy.generate(reqs, params)
                except Exception as e:  # noqa: BLE001 - reported to every request of the batch
                    for job in group:
                        job.future.set_exception(e)
                    continue
                at = 0
                for job in group:
                    job.future.set_result(gens[at:at + len(job.requests)])
                    at += len(job.requests)


def completion(policy, batcher: Batcher, body: dict[str, Any], model_name: str) -> dict[str, Any]:
    messages = parse_messages(body.get("messages"))
    try:
        tools = tool_specs(body.get("tools"))
    except (ValueError, TypeError) as e:
        raise BadRequest(str(e)) from None
    params = parse_params(body)
    n = body.get("n") or 1
    if not isinstance(n, int) or not 1 <= n <= 64:
        raise BadRequest("'n' must be between 1 and 64")
    prompt = policy.renderer.render_prompt(messages, tools)
    # no episode keys: a server cannot know when a conversation ends to release its cache
    reqs = [GenerationRequest(prompt_ids=prompt.ids, messages=messages, tools=tools,
                              sample_index=j) for j in range(n)]
    gens = batcher.submit(reqs, params)
    keep_stop = bool(body.get("include_stop_str_in_output"))
    choices, completion_tokens = [], 0
    tokenizer = getattr(policy, "tokenizer", None)
    for j, g in enumerate(gens):
        stop_reason = (next((s for s in params.stop if g.text.endswith(s)), None)
                       if g.finish_reason == "stop" else None)
        content = g.text if keep_stop or not stop_reason else g.text[:-len(stop_reason)]
        calls: list[dict[str, Any]] = []
        if tools:
            around, calls = split_tool_calls(g.text)
            if calls:
                content = around
        finish = "length" if g.finish_reason == "length" else ("tool_calls" if calls else "stop")
        choice: dict[str, Any] = {"index": j, "finish_reason": finish, "stop_reason": stop_reason,
                                  "message": {"role": "assistant",
                                              "content": content if (content or not calls) else None}}
        if calls:
            choice["message"]["tool_calls"] = calls
        if body.get("logprobs") and g.token_ids is not None and g.logprobs is not None:
            toks = (tokenizer.convert_ids_to_tokens(list(g.token_ids)) if tokenizer
                    else [str(t) for t in g.token_ids])
            choice["logprobs"] = {"content": [{"token": t, "logprob": lp}
                                              for t, lp in zip(toks, g.logprobs)]}
        completion_tokens += len(g.token_ids or ())
        choices.append(choice)
    return {"id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion",
            "created": int(time.time()), "model": model_name, "choices": choices,
            "usage": {"prompt_tokens": len(prompt.ids), "completion_tokens": completion_tokens,
                      "total_tokens": len(prompt.ids) + completion_tokens}}


def make_server(policy, host: str = "127.0.0.1", port: int = 8000, model_name: str | None = None,
                max_batch: int = 32, quiet: bool = False) -> ThreadingHTTPServer:
    name = model_name or policy.name
    batcher = Batcher(policy, max_batch=max_batch)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt: str, *args: Any) -> None:
            if not quiet:
                super().log_message(fmt, *args)

        def _send(self, status: int, obj: dict[str, Any]) -> None:
            data = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _error(self, status: int, message: str, kind: str) -> None:
            self._send(status, {"error": {"message": message, "type": kind, "code": status}})

        def do_GET(self) -> None:
            if self.path.rstrip("/") in ("/v1/models", "/models"):
                self._send(200, {"object": "list", "data": [
                    {"id": name, "object": "model", "owned_by": "veriloop"}]})
            elif self.path.rstrip("/") == "/health":
                self._send(200, {"status": "ok", "model": name})
            else:
                self._error(404, f"no route {self.path}; try /v1/chat/completions", "not_found")

        def do_POST(self) -> None:
            if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
                self._error(404, f"no route {self.path}; try /v1/chat/completions", "not_found")
                return
            try:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null")
                if not isinstance(body, dict):
                    raise BadRequest("the request body must be a JSON object")
                if body.get("stream"):
                    raise BadRequest("streaming is not supported; send stream=false")
                self._send(200, completion(policy, batcher, body, name))
            except (BadRequest, json.JSONDecodeError) as e:
                self._error(400, str(e), "invalid_request_error")
            except Exception as e:  # noqa: BLE001 - the server must answer, not die
                self._error(500, f"{type(e).__name__}: {e}", "server_error")

    return ThreadingHTTPServer((host, port), Handler)


__all__ = ["completion", "make_server", "split_tool_calls"]
