"""`veriloop serve`: any veriloop policy behind an OpenAI-compatible chat-completions API.

Endpoints: `POST /v1/chat/completions`, `GET /v1/models`, `GET /health`; requests and answers
are OpenAI's (`veriloop.policies.serve_chat`), with `stream: true` as server-sent events
(`data: {chunk}` lines, then `data: [DONE]`), one chunk per decoded token. `POST
/v1/completions` only scores: `prompt` as token ids with `echo: true`, `max_tokens: 0` gets
each token's log-prob (`choices[0].logprobs.token_logprobs`, OpenAI's legacy shape, as vLLM
answers), which a distillation teacher needs (`veriloop.trainers.teacher`).

The transport is uvicorn (h11) + Starlette on one event loop, as vLLM's server is, so idle or
slow connections cost a socket, not a thread. Limits under load and abuse:

- Connections: at most `limit_concurrency` (uvicorn answers 503 beyond it); a connection must
  finish its request headers within `header_timeout_s` of opening or of its previous answer
  (uvicorn alone has no such deadline: half-open connections stayed forever), headers may take at
  most 16 KiB (h11), an idle keep-alive connection closes after 5 s. Malformed framing
  (a bad or conflicting `Content-Length`, bad chunking) is h11's 400.
- Bodies: over `max_body_bytes` is a 413 before it is read; one that does not arrive within
  `body_timeout_s` (a `Content-Length` longer than what is sent) is a 400 and the connection
  closes; a body that is not a JSON object, or holds a lone surrogate, is a 400.
- Work: at most `max_queue` generation requests are admitted (decoding or waiting); beyond it the
  answer is 503 with `Retry-After`. Parsing and prompt rendering run on anyio's bounded worker
  threads, decoding on the scheduler's one thread (`veriloop.policies.scheduler`: fair slices,
  so a request of 64 long samples does not hold up a short one).
- A client that disconnects, streamed or not, has its request cancelled: the sampler stops
  decoding its sequences at their next token.

Who may call it (`veriloop.policies.serve_guard`): loopback by default, with Host and Origin
checks against DNS rebinding and web pages; `--api-key` for anything else.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from typing import Any

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from veriloop.policies.serve_api import (
    BadRequest,
    parse_body,
    parse_score_request,
    score_response,
    split_tool_calls,
)
from veriloop.policies.serve_chat import MAX_REQUEST_TOKENS, ChatService, HTTPError
from veriloop.policies.serve_guard import Guard, allowed_hosts, is_loopback

MAX_BODY_BYTES = 8 * 2**20
BODY_TIMEOUT_S = 30.0
HEADER_TIMEOUT_S = 10.0
MAX_HEADER_BYTES = 16 * 2**10
KEEP_ALIVE_S = 5.0
LIMIT_CONCURRENCY = 2048  # connections; the CLI raises the open-file limit to fit
MAX_QUEUE = 256  # generation requests decoding or waiting
BACKLOG = 2048
GRACEFUL_S = 5.0  # on shutdown, requests still running after this are cancelled
CHAT_PATHS = ("/v1/chat/completions", "/chat/completions")
SCORE_PATHS = ("/v1/completions", "/completions")  # legacy completions: scoring only


class HeaderDeadline(H11Protocol):
    """uvicorn's h11 protocol, plus a deadline for a connection's request headers."""

    header_timeout_s = HEADER_TIMEOUT_S

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.header_timeout_s, self._expire, self.cycle)

    def _expire(self, cycle: Any) -> None:
        if self.cycle is cycle and not self.transport.is_closing():  # no new request began
            self.transport.close()


def _error(status: int, message: str, kind: str, headers: dict[str, str] | None = None,
           close: bool = False) -> JSONResponse:
    headers = dict(headers or {})
    if close:
        headers["Connection"] = "close"
    return JSONResponse({"error": {"message": message, "type": kind, "code": status}}, status,
                        headers=headers)


def _sse(obj: Any) -> bytes:
    return b"data: " + (obj if isinstance(obj, bytes) else json.dumps(obj).encode()) + b"\n\n"


async def _disconnected(receive: Any) -> None:
    """Returns when the client has gone (after the body, uvicorn's receive waits for that)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class _Stream(StreamingResponse):
    """A streamed answer that, however it ends, closes its event generator (which cancels the
    decoding) and releases its admission. Starlette cancels the sending task when the client
    goes away; a generator suspended at a `yield` then stays open until garbage collection."""

    def __init__(self, events: Any, release: Any) -> None:
        super().__init__(events, media_type="text/event-stream",
                         headers={"Cache-Control": "no-cache"})
        self._release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            await self.body_iterator.aclose()
            self._release()


class ChatApp:
    """The Starlette routes over a `ChatService`, with the body and queue limits."""

    def __init__(self, service: ChatService, max_body_bytes: int, body_timeout_s: float,
                 max_queue: int) -> None:
        self.service, self.max_body_bytes = service, max_body_bytes
        self.body_timeout_s, self.max_queue = body_timeout_s, max_queue
        self.admitted = 0  # generation requests decoding or waiting (event-loop thread only)

    def routes(self) -> list[Route]:
        return [Route(p, self.models, methods=["GET"]) for p in ("/v1/models", "/models")] + [
            Route("/health", self.health, methods=["GET"]),
            Route("/{path:path}", self.post, methods=["POST"]),
            Route("/{path:path}", self.not_found, methods=["GET"])]

    async def models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [
            {"id": self.service.name, "object": "model", "owned_by": "veriloop"}]})

    async def health(self, request: Request) -> Response:
        return JSONResponse({"status": "ok", "model": self.service.name})

    async def not_found(self, request: Request) -> Response:
        return _error(404, f"no route {request.url.path}; try /v1/chat/completions", "not_found")

    async def _body(self, request: Request) -> bytes:
        declared = request.headers.get("content-length")  # h11 has checked it is one number
        if declared is not None and int(declared) > self.max_body_bytes:
            raise HTTPError(413, f"request body of {declared} bytes exceeds the limit of "
                                 f"{self.max_body_bytes}", "invalid_request_error")
        chunks, size = [], 0

        async def read() -> None:
            nonlocal size
            async for chunk in request.stream():
                size += len(chunk)
                if size > self.max_body_bytes:  # chunked: no Content-Length to check first
                    raise HTTPError(413, f"request body exceeds the limit of "
                                         f"{self.max_body_bytes} bytes", "invalid_request_error")
                chunks.append(chunk)

        try:
            await asyncio.wait_for(read(), self.body_timeout_s)
        except TimeoutError:
            raise BadRequest(f"the request body did not arrive within {self.body_timeout_s:g} s "
                             f"({size} of {declared or 'unknown'} bytes): send the whole body "
                             "its Content-Length announces") from None
        return b"".join(chunks)

    async def post(self, request: Request) -> Response:
        try:
            raw = await self._body(request)  # read first, whatever the answer: keep-alive
            path = request.url.path.rstrip("/")
            if path not in CHAT_PATHS + SCORE_PATHS:
                raise HTTPError(404, f"no route {request.url.path}; try /v1/chat/completions",
                                "not_found")
            if self.admitted >= self.max_queue:
                raise HTTPError(503, f"the server is busy: {self.admitted} requests are decoding "
                                     f"or waiting (--max-queue {self.max_queue}); retry later",
                                "server_busy", {"Retry-After": "1"})
            self.admitted += 1
        except ClientDisconnect:
            return Response(status_code=499)
        except HTTPError as e:
            return _error(e.status, str(e), e.kind, e.headers, close=e.status in (413,))
        except BadRequest as e:
            return _error(400, str(e), "invalid_request_error", close=True)
        release = True
        try:
            body = await anyio.to_thread.run_sync(parse_body, raw)
            if path in SCORE_PATHS:  # scoring: one forward on a worker thread, no decoding
                ids = parse_score_request(body, self.service.name, self.service.context)
                return JSONResponse(await anyio.to_thread.run_sync(
                    score_response, self.service.policy, self.service.name, ids))
            job = await anyio.to_thread.run_sync(self.service.prepare, body)
            if body.get("stream"):
                release = False  # the stream releases its admission when it ends
                return _Stream(self._events(job), self._release)
            return await self._complete(request, job)
        except HTTPError as e:
            return _error(e.status, str(e), e.kind, e.headers)
        except BadRequest as e:
            return _error(400, str(e), "invalid_request_error")
        except Exception as e:  # noqa: BLE001 - the server must answer, not die
            return _error(500, f"{type(e).__name__}: {e}", "server_error")
        finally:
            if release:
                self._release()

    def _release(self) -> None:
        self.admitted -= 1

    async def _complete(self, request: Request, job: dict[str, Any]) -> Response:
        future = self.service.submit(job)
        done = asyncio.wrap_future(future)
        gone = asyncio.ensure_future(_disconnected(request.receive))
        try:
            await asyncio.wait({done, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not done.done():  # the client went away (or this task was cancelled)
                future.cancel()
        if not done.done():
            return Response(status_code=499)  # nobody reads it
        seqs = done.result()  # re-raises a decoding error: a 500
        return JSONResponse(await anyio.to_thread.run_sync(self.service.response, job, seqs))

    async def _events(self, job: dict[str, Any]):
        """The server-sent events of a streamed request; closing it (the client went away)
        cancels the request's decoding."""
        loop = asyncio.get_running_loop()
        deltas: asyncio.Queue[tuple[int, str] | None] = asyncio.Queue()

        def put(item: tuple[int, str] | None) -> None:  # from the scheduler's thread
            try:
                loop.call_soon_threadsafe(deltas.put_nowait, item)
            except RuntimeError:  # the loop has closed: the server is shutting down
                pass

        future = self.service.submit(job, on_delta=lambda j, text: put((j, text)))
        future.add_done_callback(lambda _: put(None))
        try:
            for chunk in self.service.first_chunks(job):
                yield _sse(chunk)
            while (item := await deltas.get()) is not None:
                yield _sse(self.service.delta_chunk(job, *item))
            try:
                last = await anyio.to_thread.run_sync(self.service.last_chunks, job,
                                                      future.result())
            except Exception as e:  # noqa: BLE001 - reported in the stream, as OpenAI does
                last = [{"error": {"message": f"{type(e).__name__}: {e}",
                                   "type": "server_error"}}]
            for chunk in last:
                yield _sse(chunk)
            yield _sse(b"[DONE]")
        finally:
            future.cancel()


class Server:
    """A bound socket and the uvicorn server over it: `serve_forever()` blocks (run it in a
    thread for tests), `shutdown()` stops it from another thread, `server_close()` closes the
    socket. Binding happens at construction, so `server_address` holds the real port."""

    def __init__(self, app: Any, chat: ChatApp, sock: socket.socket, quiet: bool,
                 limit_concurrency: int, header_timeout_s: float) -> None:
        protocol = type("HeaderDeadlineH11", (HeaderDeadline,),
                        {"header_timeout_s": header_timeout_s})
        config = uvicorn.Config(app, http=protocol, lifespan="off", access_log=not quiet,
                                log_level="warning" if quiet else "info",
                                limit_concurrency=limit_concurrency, backlog=BACKLOG,
                                timeout_keep_alive=KEEP_ALIVE_S,
                                timeout_graceful_shutdown=GRACEFUL_S,
                                h11_max_incomplete_event_size=MAX_HEADER_BYTES)
        self.socket, self.server, self.chat = sock, uvicorn.Server(config), chat
        self.server_address = sock.getsockname()[:2]
        self.port = self.server_address[1]
        self._stopped = threading.Event()

    def serve_forever(self) -> None:
        try:
            self.server.run(sockets=[self.socket])
        finally:
            self._stopped.set()

    def shutdown(self) -> None:
        self.server.should_exit = True
        self._stopped.wait(60)

    def server_close(self) -> None:
        self.socket.close()


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=BACKLOG)


def make_server(policy: Any, host: str = "127.0.0.1", port: int = 8000,
                model_name: str | None = None, max_batch: int = 32, quiet: bool = False,
                max_body_bytes: int = MAX_BODY_BYTES, slice_tokens: int = 16,
                max_request_tokens: int = MAX_REQUEST_TOKENS, api_key: str | None = None,
                max_queue: int = MAX_QUEUE, limit_concurrency: int = LIMIT_CONCURRENCY,
                header_timeout_s: float = HEADER_TIMEOUT_S,
                body_timeout_s: float = BODY_TIMEOUT_S) -> Server:
    """Bind `host:port` (port 0: any free one) and build the server; the caller checks the bind
    rule (`serve_guard.check_bind`) first."""
    service = ChatService(policy, model_name or policy.name, max_batch, slice_tokens,
                          max_request_tokens)
    chat = ChatApp(service, max_body_bytes, body_timeout_s, max_queue)
    sock = bind(host, port)
    hosts = allowed_hosts(sock.getsockname()[1]) if is_loopback(host) else None
    app = Guard(Starlette(routes=chat.routes()), api_key, hosts)
    return Server(app, chat, sock, quiet, limit_concurrency, header_timeout_s)


__all__ = ["ChatService", "Server", "make_server", "split_tool_calls"]
