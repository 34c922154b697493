"""Who may use `veriloop serve`: the bind rule, the API key, and Host/Origin checks on loopback.

Guarantees:
- A non-loopback bind needs an API key (`check_bind`): the CLI refuses `--host 0.0.0.0` without
  `--api-key`, since anyone who reaches the port could spend the machine's compute and read the
  model's answers.
- With a key, every route but `/health` needs `Authorization: Bearer <key>` (what the official
  `openai` client sends for `api_key=`); the key is compared in constant time. Anything else is
  a 401.
- Bound to loopback, the `Host` header must name the server itself (localhost, 127.0.0.1 or
  [::1] with its port; without the port only on port 80), and a browser's `Origin`, when sent,
  must be one of those as http(s) origins. This is the DNS-rebinding defence: a web page whose
  domain re-resolves to 127.0.0.1 sends its own domain as Host, so it can neither read answers
  nor spend compute; any other web page's cross-origin request carries its Origin and is
  refused before any work is done.

Non-guarantees: no TLS (the key and the conversation cross the network in clear text when bound
beyond loopback: put a TLS proxy in front), no per-client rate limits (the queue bound is
global), no protection from local users of this machine, who can connect to loopback and, without
a key, use the model.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from typing import Any, NamedTuple

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
OPEN_PATHS = ("/health",)  # liveness probes carry no key


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name other than localhost may resolve anywhere


def check_bind(host: str, api_key: str | None) -> None:
    """ValueError (a one-line message saying how to fix it) for a bind that exposes the model."""
    if not is_loopback(host) and not api_key:
        raise ValueError(f"--host {host} is not a loopback address, so anyone who can reach it "
                         "could use the model: pass --api-key (or set VERILOOP_API_KEY), or "
                         "bind 127.0.0.1")


def allowed_hosts(port: int) -> frozenset[str]:
    names = [f"{name}:{port}" for name in LOOPBACK_NAMES]
    if port == 80:
        names += LOOPBACK_NAMES
    return frozenset(names)


class Refusal(NamedTuple):
    status: int
    message: str
    kind: str = "forbidden"
    headers: tuple[tuple[bytes, bytes], ...] = ()


class Guard:
    """ASGI middleware: Host and Origin checks (when `hosts` is given), then the API key."""

    def __init__(self, app: Any, api_key: str | None, hosts: frozenset[str] | None) -> None:
        self.app, self.hosts = app, hosts
        self.key = api_key.encode() if api_key else None
        self.origins = (None if hosts is None else
                        frozenset(f"{scheme}://{h}" for h in hosts for scheme in ("http", "https")))

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, list[bytes]] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name, []).append(value)
        refusal = self._refusal(scope["path"], headers)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        error = {"message": refusal.message, "type": refusal.kind, "code": refusal.status}
        body = json.dumps({"error": error}).encode()
        await send({"type": "http.response.start", "status": refusal.status, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            *refusal.headers]})
        await send({"type": "http.response.body", "body": body})

    def _refusal(self, path: str, headers: dict[bytes, list[bytes]]) -> Refusal | None:
        if self.hosts is not None:
            host = [h.decode("latin-1").lower() for h in headers.get(b"host", [])]
            if len(host) != 1 or host[0] not in self.hosts:
                shown = host[0] if host else "missing"
                return Refusal(403, f"Host {shown!r} is not this server: a server on loopback "
                                    "answers only Host localhost, 127.0.0.1 or [::1] with its port")
            origin = [o.decode("latin-1").lower() for o in headers.get(b"origin", [])]
            if origin and (len(origin) != 1 or origin[0] not in self.origins):
                return Refusal(403, f"Origin {origin[0]!r} may not use this server (browsers' "
                                    "cross-site requests are refused): call it from a program")
        if self.key is not None and path not in OPEN_PATHS:
            auth = headers.get(b"authorization", [b""])
            scheme, _, token = auth[0].partition(b" ")
            ok = (len(auth) == 1 and scheme.lower() == b"bearer"
                  and hmac.compare_digest(token.strip(), self.key))
            if not ok:
                return Refusal(401, "missing or wrong API key: send 'Authorization: Bearer <key>' "
                                    "(the openai client's api_key) with the server's --api-key",
                               "authentication_error", ((b"www-authenticate", b"Bearer"),))
        return None
