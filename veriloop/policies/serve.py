"""`veriloop serve`: any veriloop policy behind an OpenAI-compatible chat-completions API.

Endpoints: `POST /v1/chat/completions`, `GET /v1/models`, `GET /health`. The conversation is
rendered with the policy's chat template (tools natively when the template has a tool section),
sampled with the policy's backend and returned as a chat completion, or as server-sent events
with `stream: true` (`data: {chunk}` lines, then `data: [DONE]`):

- `tools` given and the text holds well-formed Hermes `<tool_call>{...}</tool_call>` blocks:
  they come back as `tool_calls` (arguments as a JSON string), `finish_reason: "tool_calls"`,
  and `content` is the text around them (streamed requests with tools get the text in one
  chunk at the end, since a tool call can only be recognised once it is complete).
- Stop strings are cut from the content as in the OpenAI API, unless the request sets
  `include_stop_str_in_output` (the vLLM extension); `stop_reason` names the stop string.
- `logprobs: true` returns each sampled token with its logprob and bytes, `top_logprobs: k` the
  k most likely alternatives (`veriloop.policies.serve_api`). `n` > 1 samples several
  completions of one prompt.

Serving under load and abuse: a listen backlog of 1024 and one thread per connection; request
bodies over `max_body_bytes` are refused with 413 before they are read; a missing, negative or
malformed `Content-Length` is a 400 and the connection is closed; every error answer reads (or
discards) the request body so the next request on a keep-alive connection is parsed from the
right place; socket reads time out. A conversation too long for the model's context is
refused before it is tokenized, by a character count (tokenizing megabytes of text costs GBs). A
request's `max_tokens` may not exceed what the model's
context leaves after the prompt, nor `n * max_tokens` the per-request budget
(`max_request_tokens`, default 32768; both 400), a streamed request whose client disconnects
stops being decoded, and decoding is shared fairly between requests
(`veriloop.policies.scheduler`): a request of 64 long samples does not hold up a short one.
An unknown `model` is a 404 naming the served one. It binds 127.0.0.1 unless told otherwise and
has no authentication: do not expose it beyond a trusted network.
"""

from __future__ import annotations

import json
import queue
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from veriloop.policies.base import GenerationRequest
from veriloop.policies.scheduler import FairScheduler, Sequence
from veriloop.policies.serve_api import (
    BadRequest,
    parse_messages,
    parse_params,
    parse_sampling_counts,
    parse_tools,
    split_tool_calls,
    token_entry,
    top_logprobs,
)
from veriloop.types import Message, ToolSpec

MAX_BODY_BYTES = 8 * 2**20
READ_TIMEOUT_S = 60.0
MAX_REQUEST_TOKENS = 32768  # n * max_tokens of one request


class HTTPError(Exception):
    def __init__(self, status: int, message: str, kind: str, close: bool = False) -> None:
        super().__init__(message)
        self.status, self.kind, self.close = status, kind, close


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
        messages = parse_messages(body.get("messages"))
        tools = parse_tools(body)
        n, logprobs, top = parse_sampling_counts(body)
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
                "keep_stop": bool(body.get("include_stop_str_in_output"))}

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

    def complete(self, job: dict[str, Any]) -> dict[str, Any]:
        seqs = self.scheduler.submit(job["requests"], job["params"],
                                     job["params"].max_new_tokens).result()
        choices = [self._choice(job, j, s) for j, s in enumerate(seqs)]
        used = sum(len(s.ids) for s in seqs)
        return {"id": f"chatcmpl-{job['id']}", "object": "chat.completion",
                "created": int(time.time()), "model": self.name, "choices": choices,
                "usage": {"prompt_tokens": len(job["prompt"]), "completion_tokens": used,
                          "total_tokens": len(job["prompt"]) + used}}

    def stream(self, job: dict[str, Any]):
        """Chunks (dicts) of a streamed completion, as the scheduler decodes them."""
        deltas: queue.Queue[tuple[int, str] | None] = queue.Queue()

        def on_delta(j: int, text: str, seq: Sequence) -> None:
            if seq.stop_reason and not job["keep_stop"] and text.endswith(seq.stop_reason):
                text = text[:-len(seq.stop_reason)]
            deltas.put((j, text))

        future = self.scheduler.submit(job["requests"], job["params"],
                                       job["params"].max_new_tokens,
                                       on_delta=None if job["tools"] else on_delta)
        future.add_done_callback(lambda _: deltas.put(None))
        head = {"id": f"chatcmpl-{job['id']}", "object": "chat.completion.chunk",
                "created": int(time.time()), "model": self.name}
        try:
            for j in range(len(job["requests"])):
                yield {**head, "choices": [{"index": j, "finish_reason": None,
                                            "delta": {"role": "assistant", "content": ""}}]}
            while (item := deltas.get()) is not None:
                j, text = item
                if text:
                    yield {**head, "choices": [{"index": j, "delta": {"content": text},
                                                "finish_reason": None}]}
        finally:  # the client went away (the generator was closed): stop decoding for it
            future.cancel()
        seqs = future.result()  # re-raises a decoding error
        for j, seq in enumerate(seqs):
            choice = self._choice(job, j, seq)
            delta: dict[str, Any] = {}
            if job["tools"]:
                delta = {k: v for k, v in choice["message"].items() if k != "role"}
                for i, call in enumerate(delta.get("tool_calls", [])):
                    call["index"] = i
            last = {"index": j, "delta": delta, "finish_reason": choice["finish_reason"],
                    "logprobs": choice["logprobs"]}
            yield {**head, "choices": [last]}


def make_server(policy: Any, host: str = "127.0.0.1", port: int = 8000,
                model_name: str | None = None, max_batch: int = 32, quiet: bool = False,
                max_body_bytes: int = MAX_BODY_BYTES, slice_tokens: int = 16,
                max_request_tokens: int = MAX_REQUEST_TOKENS) -> ThreadingHTTPServer:
    service = ChatService(policy, model_name or policy.name, max_batch, slice_tokens,
                          max_request_tokens)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        timeout = READ_TIMEOUT_S

        def log_message(self, fmt: str, *args: Any) -> None:
            if not quiet:
                super().log_message(fmt, *args)

        def _send(self, status: int, obj: dict[str, Any], close: bool = False) -> None:
            data = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            if close:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            self.wfile.write(data)

        def _error(self, status: int, message: str, kind: str, close: bool = False) -> None:
            self._send(status, {"error": {"message": message, "type": kind, "code": status}},
                       close)

        def _body(self) -> bytes:
            """The request body, read exactly by Content-Length (HTTPError otherwise)."""
            if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
                raise HTTPError(411, "chunked request bodies are not supported; send "
                                     "Content-Length", "invalid_request_error", close=True)
            raw = self.headers.get("Content-Length")
            if raw is None:
                return b""
            try:
                length = int(raw)
            except ValueError:
                length = -1
            if length < 0:
                raise HTTPError(400, f"bad Content-Length {raw!r}", "invalid_request_error",
                                close=True)
            if length > max_body_bytes:
                raise HTTPError(413, f"request body of {length} bytes exceeds the limit of "
                                     f"{max_body_bytes}", "invalid_request_error", close=True)
            return self.rfile.read(length)

        def do_GET(self) -> None:
            path = self.path.rstrip("/")
            if path in ("/v1/models", "/models"):
                self._send(200, {"object": "list", "data": [
                    {"id": service.name, "object": "model", "owned_by": "veriloop"}]})
            elif path == "/health":
                self._send(200, {"status": "ok", "model": service.name})
            else:
                self._error(404, f"no route {self.path}; try /v1/chat/completions", "not_found")

        def do_POST(self) -> None:
            try:
                raw = self._body()  # read first, whatever the answer: keep-alive stays in sync
                if self.path.rstrip("/") not in ("/v1/chat/completions", "/chat/completions"):
                    raise HTTPError(404, f"no route {self.path}; try /v1/chat/completions",
                                    "not_found")
                try:
                    body = json.loads(raw or b"null")
                except (ValueError, RecursionError):
                    raise BadRequest("the request body is not valid JSON") from None
                if not isinstance(body, dict):
                    raise BadRequest("the request body must be a JSON object")
                job = service.prepare(body)
                if body.get("stream"):
                    self._stream(job)
                else:
                    self._send(200, service.complete(job))
            except HTTPError as e:
                self._error(e.status, str(e), e.kind, e.close)
            except BadRequest as e:
                self._error(400, str(e), "invalid_request_error")
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True
            except Exception as e:  # noqa: BLE001 - the server must answer, not die
                self._error(500, f"{type(e).__name__}: {e}", "server_error")

        def _stream(self, job: dict[str, Any]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")  # the end of the stream ends the body
            self.end_headers()
            self.close_connection = True
            chunks = service.stream(job)
            try:
                for chunk in chunks:
                    self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                chunks.close()  # cancels the decoding of a request nobody reads
                return
            except Exception as e:  # noqa: BLE001 - reported in the stream, as OpenAI does
                error = {"error": {"message": f"{type(e).__name__}: {e}", "type": "server_error"}}
                self.wfile.write(b"data: " + json.dumps(error).encode() + b"\n\n")
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()

    class Server(ThreadingHTTPServer):
        request_queue_size = 1024
        daemon_threads = True

    return Server((host, port), Handler)


__all__ = ["ChatService", "make_server", "split_tool_calls"]
