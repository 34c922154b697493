"""`veriloop serve`'s server in this process over scripted policies (no model), for the tests of
its limits, cancellation and access rules."""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager

from veriloop.policies.base import Generation
from veriloop.policies.serve import make_server
from veriloop.rendering import ByteRenderer


class ByteTokenizer:
    """Token id = one UTF-8 byte (ids from 256 are the renderer's specials: no text)."""

    def decode(self, ids, skip_special_tokens=True):
        return bytes(i for i in ids if i < 256).decode("utf-8", errors="replace")


class EndlessPolicy:
    """Emits `text`'s bytes, one token each, cycling (a request's next slice goes on where its
    last one ended) until a request's budget ends, and takes
    `on_token` as `HFPolicy` does: a False answer ends that row. Each token waits `step_s`, so
    a budget of a million tokens takes hours unless the row is stopped. `started` is set at
    the first token, `returned` when a `generate` call returns; `tokens` counts them all."""

    name = "endless"

    def __init__(self, text: str = "a", step_s: float = 0.001) -> None:
        self.renderer, self.tokenizer = ByteRenderer(), ByteTokenizer()
        self.data, self.step_s = text.encode(), step_s
        self.tokens = 0
        self.started, self.returned = threading.Event(), threading.Event()
        self.finishes: list[str] = []
        self.emitted: dict[str, int] = {}  # request key -> tokens so far

    def generate(self, requests, params, on_token=None):
        outs: list[list[int]] = [[] for _ in requests]
        finish = ["length"] * len(requests)
        live = set(range(len(requests)))
        while live:
            for i in sorted(live):
                at = self.emitted.get(requests[i].key, 0) + len(outs[i])
                tok = self.data[at % len(self.data)]
                outs[i].append(tok)
                self.tokens += 1
                self.started.set()
                if on_token is not None and not on_token(i, tok):
                    finish[i] = "cancelled"
                    live.discard(i)
                elif len(outs[i]) >= requests[i].max_new_tokens:
                    live.discard(i)
            time.sleep(self.step_s)
        self.finishes += finish
        for r, ids in zip(requests, outs, strict=True):
            self.emitted[r.key] = self.emitted.get(r.key, 0) + len(ids)
        self.returned.set()
        return [Generation(text=self.tokenizer.decode(ids), token_ids=tuple(ids),
                           logprobs=(-0.5,) * len(ids), finish_reason=f)
                for ids, f in zip(outs, finish, strict=True)]

    def release(self, key):
        pass


class GatedPolicy(EndlessPolicy):
    """Decodes only once `gate` is set."""

    name = "gated"

    def __init__(self) -> None:
        super().__init__("ok", step_s=0)
        self.gate = threading.Event()

    def generate(self, requests, params, on_token=None):
        assert self.gate.wait(300)
        return super().generate(requests, params, on_token)


@contextmanager
def running(policy, **options):
    """The server (`veriloop.policies.serve.Server`) on an ephemeral loopback port, in a
    thread."""
    server = make_server(policy, port=0, quiet=True, model_name=policy.name, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def raw_request(port: int, body: bytes, headers: bytes = b"", path: bytes = b"/v1/chat/completions",
                host: bytes | None = None) -> bytes:
    """One raw HTTP/1.1 POST (closing the connection after); the whole answer."""
    host = host if host is not None else b"127.0.0.1:%d" % port
    with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
        s.sendall(b"POST %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n%sContent-Length: %d"
                  b"\r\n\r\n%s" % (path, host, headers, len(body), body))
        return read_all(s)


def read_all(s: socket.socket) -> bytes:
    out = b""
    while chunk := s.recv(65536):
        out += chunk
    return out
