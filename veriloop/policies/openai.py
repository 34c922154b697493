"""Client for OpenAI-compatible chat-completions servers (vLLM, `veriloop serve`, hosted APIs).

`OpenAIClient.chat(...)` posts one `/chat/completions` request with:
- a concurrency limit shared by all threads using the client (`max_concurrency`),
- a per-request timeout (`timeout`, seconds; connect/read/write/pool),
- retries with exponential backoff and jitter on 429, 5xx, timeouts, connection errors and
  malformed responses (honouring `Retry-After` up to `max_backoff`); other 4xx fail at once,
- validation of the response shape, so a malformed body is a clear `OpenAIResponseError`
  that quotes what came back, never a `KeyError` deep in the caller.
Every failure after the retries is an `OpenAIError`, an `InfrastructureError` of kind
`POLICY_ERROR`: the rollout runner records it as an infrastructure fault.

`OpenAIPolicy` is the `Policy` over such a server: a text-only policy (token ids and logprobs
are None; the runner encodes actions with `renderer`). Tool calls returned as structured
`tool_calls` are turned back into the Hermes text the environments parse, and stop strings are
restored (`include_stop_str_in_output`, as vLLM supports, or from `stop_reason`), so the
agent's text is what a local backend would have produced.

Spec form for `load_policy`: `openai:<base_url>#<model>`, e.g.
`openai:http://127.0.0.1:8000/v1#tiny`; the API key comes from `api_key=` or `OPENAI_API_KEY`.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from veriloop.formats import HermesFormat
from veriloop.policies import load_policy
from veriloop.policy import Generation, GenerationRequest, SamplingParams
from veriloop.rendering import ByteRenderer, ChatRenderer
from veriloop.types import FaultKind, InfrastructureError, Message, ToolCall, ToolSpec

RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


class OpenAIError(InfrastructureError):
    def __init__(self, message: str, status: int | None = None, attempts: int = 1) -> None:
        super().__init__(message, kind=FaultKind.POLICY_ERROR)
        self.status = status
        self.attempts = attempts


class OpenAIStatusError(OpenAIError):
    """The server answered with an error status."""


class OpenAIResponseError(OpenAIError):
    """The server answered 200 with a body that is not a chat completion."""


class OpenAITimeoutError(OpenAIError):
    """No answer within the timeout (or the connection failed)."""


def _snippet(text: str, n: int = 200) -> str:
    return text if len(text) <= n else text[:n] + f"... ({len(text)} chars)"


def validate_completion(body: Any) -> dict[str, Any]:
    """Check the parts of a chat completion that callers read; raise OpenAIResponseError."""
    if not isinstance(body, dict):
        raise OpenAIResponseError(f"expected a JSON object, got {type(body).__name__}")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices:
        raise OpenAIResponseError(f"response has no 'choices' list: {_snippet(json.dumps(body))}")
    for c in choices:
        msg = c.get("message") if isinstance(c, dict) else None
        if not isinstance(msg, dict):
            raise OpenAIResponseError(f"choice without a 'message' object: {_snippet(json.dumps(c))}")
        if msg.get("content") is not None and not isinstance(msg["content"], str):
            raise OpenAIResponseError("message 'content' is not a string")
        for call in msg.get("tool_calls") or []:
            fn = call.get("function") if isinstance(call, dict) else None
            if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
                raise OpenAIResponseError(f"malformed tool call: {_snippet(json.dumps(call))}")
    return body


class OpenAIClient:
    """A thread-safe chat-completions client (see module docstring)."""

    def __init__(self, base_url: str, api_key: str | None = None, max_concurrency: int = 8,
                 timeout: float = 60.0, max_retries: int = 4, backoff: float = 0.5,
                 max_backoff: float = 20.0, seed: int | None = None,
                 validate: bool = True) -> None:
        """`validate` checks an answer's chat-completion shape (`validate_completion`); off,
        any JSON object is returned (the legacy completions API's, for one)."""
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.max_retries, self.backoff, self.max_backoff = max_retries, backoff, max_backoff
        self.max_concurrency = max_concurrency
        self._slots = threading.BoundedSemaphore(max_concurrency)
        key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self._http = httpx.Client(timeout=httpx.Timeout(timeout),
                                  headers={"Authorization": f"Bearer {key}"},
                                  limits=httpx.Limits(max_connections=max_concurrency))
        self._rng = random.Random(seed)
        self.retries = 0  # total retries made (for logging and tests)
        self.validate = validate

    def close(self) -> None:
        self._http.close()

    def _sleep_for(self, attempt: int, retry_after: str | None) -> float:
        if retry_after:
            try:
                return min(float(retry_after), self.max_backoff)
            except ValueError:
                pass
        return min(self.backoff * 2 ** attempt, self.max_backoff) * (0.5 + self._rng.random())

    def post(self, path: str, payload: dict[str, Any]) -> dict[str, Any]:
        url = f"{self.base_url}/{path.lstrip('/')}"
        last: OpenAIError | None = None
        for attempt in range(self.max_retries + 1):
            retry_after = None
            with self._slots:
                try:
                    resp = self._http.post(url, json=payload)
                except httpx.TimeoutException as e:
                    last = OpenAITimeoutError(f"{url}: no response within the timeout "
                                              f"({type(e).__name__})", attempts=attempt + 1)
                except httpx.TransportError as e:
                    last = OpenAITimeoutError(f"{url}: connection failed: {e}", attempts=attempt + 1)
                else:
                    if resp.status_code == 200:
                        try:
                            body = resp.json()
                            if not self.validate and isinstance(body, dict):
                                return body
                            return validate_completion(body)
                        except (json.JSONDecodeError, UnicodeDecodeError):
                            last = OpenAIResponseError(
                                f"{url}: response is not valid JSON: {_snippet(resp.text)!r}",
                                status=200, attempts=attempt + 1)
                        except OpenAIResponseError as e:
                            last = OpenAIResponseError(f"{url}: {e}", status=200,
                                                       attempts=attempt + 1)
                    else:
                        detail = _snippet(resp.text)
                        try:
                            detail = resp.json()["error"]["message"]
                        except (ValueError, KeyError, TypeError):
                            pass  # not an OpenAI error body: keep the raw text
                        last = OpenAIStatusError(f"{url}: HTTP {resp.status_code}: {detail}",
                                                 status=resp.status_code, attempts=attempt + 1)
                        if resp.status_code not in RETRY_STATUS:
                            raise last
                        retry_after = resp.headers.get("retry-after")
            if attempt < self.max_retries:
                self.retries += 1
                time.sleep(self._sleep_for(attempt, retry_after))
        assert last is not None
        raise type(last)(f"{last} (gave up after {self.max_retries + 1} attempts)",
                         status=last.status, attempts=self.max_retries + 1)

    def chat(self, model: str, messages: list[dict[str, Any]], **params: Any) -> dict[str, Any]:
        payload = {"model": model, "messages": messages}
        payload.update({k: v for k, v in params.items() if v is not None})
        return self.post("chat/completions", payload)


def message_to_openai(m: Message) -> dict[str, Any]:
    """A veriloop message as the API takes it. Assistant turns keep their Hermes text (so the
    server's template sees exactly what the model produced) and drop parsed `tool_calls`."""
    out: dict[str, Any] = {"role": m.role, "content": m.content}
    if m.tool_call_id:
        out["tool_call_id"] = m.tool_call_id
    if m.name and m.role == "tool":
        out["name"] = m.name
    return out


def choice_text(choice: dict[str, Any], stop: Sequence[str]) -> str:
    """Hermes text of a returned choice: content, then its tool calls, then the stop string."""
    msg = choice["message"]
    text = msg.get("content") or ""
    fmt = HermesFormat()
    for call in msg.get("tool_calls") or []:
        fn = call["function"]
        args = fn.get("arguments") or {}
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except json.JSONDecodeError as e:
                raise OpenAIResponseError(f"tool call arguments are not JSON: {args!r}") from e
        text += fmt.render_call(ToolCall(name=fn["name"], arguments=args))
    reason = choice.get("stop_reason")
    if isinstance(reason, str) and reason in stop and not text.endswith(reason):
        text += reason
    return text


class OpenAIPolicy:
    """A `Policy` served by an OpenAI-compatible server (text only; see module docstring)."""

    def __init__(self, client: OpenAIClient, model: str, renderer: ChatRenderer | None = None,
                 name: str | None = None, extensions: bool = True) -> None:
        """`extensions` sends the vLLM parameters `top_k` and `include_stop_str_in_output`
        (vLLM and `veriloop serve` take them); set it False for servers that reject unknown
        parameters (hosted APIs)."""
        self.client, self.model, self.extensions = client, model, extensions
        self.renderer = renderer or ByteRenderer()
        self.name = name or f"openai:{model}"
        self._pool = ThreadPoolExecutor(max_workers=client.max_concurrency)

    @classmethod
    def from_spec(cls, spec: str, tokenizer: str | None = None, extensions: bool = True,
                  **options: Any) -> OpenAIPolicy:
        """`openai:<base_url>#<model>`; `tokenizer` names a local model (e.g. "tiny") whose
        renderer encodes the text for token accounting (default: the byte renderer)."""
        body = spec.removeprefix("openai:")
        if "#" not in body:
            raise ValueError(f"OpenAI spec {spec!r} needs a model name: "
                             "openai:<base_url>#<model>, e.g. openai:http://127.0.0.1:8000/v1#tiny")
        base_url, model = body.rsplit("#", 1)
        renderer = None
        if tokenizer:
            renderer = load_policy(tokenizer).renderer
        return cls(OpenAIClient(base_url, **options), model, renderer=renderer,
                   extensions=extensions)

    def _one(self, req: GenerationRequest, params: SamplingParams) -> Generation:
        tools = [t.to_openai() for t in req.tools] or None
        extra = {"top_k": params.top_k or None, "include_stop_str_in_output": True} \
            if self.extensions else {}
        body = self.client.chat(
            self.model, [message_to_openai(m) for m in req.messages], tools=tools,
            temperature=params.temperature, top_p=params.top_p, seed=params.seed,
            max_tokens=req.max_new_tokens or params.max_new_tokens,
            stop=list(params.stop) or None, **extra)
        choice = body["choices"][0]
        finish = "length" if choice.get("finish_reason") == "length" else "stop"
        return Generation(text=choice_text(choice, params.stop), finish_reason=finish)

    def generate(self, requests: Sequence[GenerationRequest],
                 params: SamplingParams) -> list[Generation]:
        return list(self._pool.map(lambda r: self._one(r, params), requests))

    def release(self, key: str) -> None:
        pass


def tool_specs(tools: Sequence[dict[str, Any]] | None) -> tuple[ToolSpec, ...]:
    """OpenAI `tools` entries as ToolSpecs (used by the server)."""
    out = []
    for t in tools or []:
        fn = t.get("function", t) if isinstance(t, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            raise TypeError(f"malformed tool entry: {_snippet(json.dumps(t))}")
        out.append(ToolSpec(name=fn["name"], description=fn.get("description", ""),
                            parameters=fn.get("parameters") or {"type": "object", "properties": {}}))
    return tuple(out)
