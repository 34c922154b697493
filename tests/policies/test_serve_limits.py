"""`veriloop serve` under load and abuse, in this process over scripted policies (issue 43): a
full queue, clients that disconnect, half-open connections, malformed requests and token-by-token
streaming. No assertion depends on the machine's speed: waits are for states, with limits far
beyond what they tell apart."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import openai
import pytest
from serve_scripted import EndlessPolicy, GatedPolicy, raw_request, read_all, running

from veriloop.policies.base import SamplingParams

USER = [{"role": "user", "content": "hi"}]


def _chat(port: int, body: dict) -> tuple[int, dict[str, str], dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    conn.request("POST", "/v1/chat/completions", json.dumps(body),
                 {"Content-Type": "application/json"})
    r = conn.getresponse()
    out = r.status, {k.lower(): v for k, v in r.getheaders()}, json.loads(r.read() or b"{}")
    conn.close()
    return out


def _until(condition, limit_s: float = 120.0) -> None:
    deadline = time.monotonic() + limit_s
    while not condition():
        assert time.monotonic() < deadline, "the server never reached the expected state"
        time.sleep(0.01)


def test_a_full_queue_answers_503_with_retry_after():
    policy = GatedPolicy()
    with running(policy, max_queue=2) as server, ThreadPoolExecutor(2) as pool:
        body = {"messages": USER, "max_tokens": 2}
        held = [pool.submit(_chat, server.port, body) for _ in range(2)]
        _until(lambda: server.chat.admitted == 2)
        status, headers, answer = _chat(server.port, body)
        assert status == 503 and headers["retry-after"] == "1", (status, answer)
        assert "--max-queue 2" in answer["error"]["message"]
        policy.gate.set()
        assert [f.result()[0] for f in held] == [200, 200]
        assert _chat(server.port, body)[0] == 200 and server.chat.admitted == 0


def _first_event(s: socket.socket) -> bool:
    """Read from `s` until a server-sent event starts (True) or the server closes (False)."""
    seen = b""
    while b"data: " not in seen:
        chunk = s.recv(65536)
        if not chunk:
            return False
        seen += chunk
    return True


@pytest.mark.parametrize("stream", [False, True])
def test_a_disconnected_clients_request_stops_decoding(stream):
    # one slice covers the whole request, so only the per-token cancellation can stop it; at a
    # millisecond a token the million tokens asked for would take over 15 minutes
    policy = EndlessPolicy()
    with running(policy, slice_tokens=10**7, max_request_tokens=10**7) as server:
        body = json.dumps({"messages": USER, "max_tokens": 10**6, "stream": stream}).encode()
        s = socket.create_connection(("127.0.0.1", server.port), timeout=120)
        s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                  b"Content-Length: %d\r\n\r\n%s" % (server.port, len(body), body))
        assert policy.started.wait(120)
        if stream:  # the first event may come in a later packet than the headers
            assert _first_event(s)
        s.close()
        assert policy.returned.wait(300), "decoding went on after the client left"
        assert policy.finishes == ["cancelled"] and policy.tokens < 10**6
        _until(lambda: server.chat.admitted == 0)


def test_the_sampler_stops_a_row_when_on_token_says_so(tiny_policy):
    seen: list[int] = []

    def on_token(i: int, token: int) -> bool:
        seen.append(i)
        return i != 0 or seen.count(0) < 3  # row 0 is cancelled at its third token

    outs = tiny_policy.sampler.generate([[1, 2, 3], [1, 2, 3]], SamplingParams(
        max_new_tokens=20, temperature=1.0, stop=()), ignore_eos=True, on_token=on_token)
    assert [len(o.token_ids) for o in outs] == [3, 20]
    assert [o.finish_reason for o in outs] == ["cancelled", "length"]
    assert seen.count(0) == 3 and seen.count(1) == 20


def test_streaming_is_token_by_token():
    policy = EndlessPolicy("hello world", step_s=0)
    with running(policy) as server:  # slices of 16 tokens, as by default
        client = openai.OpenAI(base_url=f"http://127.0.0.1:{server.port}/v1", api_key="none",
                               max_retries=0, timeout=120)
        pieces = [c.delta.content for chunk in client.chat.completions.create(
                      model="endless", messages=USER, max_tokens=11, stream=True)
                  for c in chunk.choices if c.delta.content]
    assert pieces == list("hello world")


def test_connections_beyond_the_limit_get_503_until_they_close():
    with running(EndlessPolicy("ok"), limit_concurrency=20, header_timeout_s=600) as server:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=120)
                for _ in range(20)]
        for s in held:
            s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: ")  # and never the rest
        body = json.dumps({"messages": USER, "max_tokens": 2}).encode()
        assert raw_request(server.port, body).startswith(b"HTTP/1.1 503")
        for s in held:
            s.close()
        _until(lambda: raw_request(server.port, body).startswith(b"HTTP/1.1 200"))


def test_held_connections_cost_no_threads():
    # the stdlib server ran a thread per connection: 1,000 half-open ones were 1,000 threads
    with running(EndlessPolicy("ok"), header_timeout_s=600) as server:
        _chat(server.port, {"messages": USER, "max_tokens": 2})  # start the worker threads
        before = threading.active_count()
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=120)
                for _ in range(200)]
        for s in held:
            s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: ")
        body = json.dumps({"messages": USER, "max_tokens": 2}).encode()
        assert raw_request(server.port, body).startswith(b"HTTP/1.1 200")  # accepted after them
        during = threading.active_count()
        for s in held:
            s.close()
    assert during <= before + 4, (before, during)


def test_a_connection_that_dribbles_its_headers_is_closed_at_the_header_deadline():
    # uvicorn alone keeps such a connection for as long as the client keeps sending
    with running(EndlessPolicy("ok"), header_timeout_s=1) as server:
        s = socket.create_connection(("127.0.0.1", server.port), timeout=120)
        s.setblocking(False)
        closed = False
        for _ in range(1200):  # a byte every 0.1 s for up to 120 s
            try:
                s.send(b"X")
                closed = s.recv(1) == b""
            except BlockingIOError:
                pass
            except OSError:
                closed = True
            if closed:
                break
            time.sleep(0.1)
        s.close()
        assert closed


def test_a_lone_surrogate_is_a_400():
    with running(EndlessPolicy("ok")) as server:
        answer = raw_request(server.port, b'{"messages": [{"role": "user", '
                                          b'"content": "\\ud800"}], "max_tokens": 2}')
    assert answer.startswith(b"HTTP/1.1 400") and b"lone UTF-16 surrogate" in answer, answer


def test_a_body_shorter_than_its_content_length_is_a_400():
    with (running(EndlessPolicy("ok"), body_timeout_s=1) as server,
          socket.create_connection(("127.0.0.1", server.port), timeout=120) as s):
        s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                  b"Content-Length: 100\r\n\r\n{}" % server.port)
        answer = read_all(s)  # the server answers, then closes the connection
    assert answer.startswith(b"HTTP/1.1 400") and b"did not arrive" in answer, answer


def test_two_different_content_lengths_are_a_400():
    # h11 refuses conflicting values; identical repeats it merges into one (RFC 9110 8.6),
    # which leaves no doubt where the body ends
    with running(EndlessPolicy("ok")) as server:
        body = json.dumps({"messages": USER, "max_tokens": 2}).encode()
        answer = raw_request(server.port, body, headers=b"Content-Length: 5\r\n")
    assert answer.startswith(b"HTTP/1.1 400"), answer


def test_too_many_tools_are_refused_before_parsing():
    tool = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
    with running(EndlessPolicy("ok")) as server:
        status, _, answer = _chat(server.port, {"messages": USER, "tools": [tool] * 129})
    assert status == 400 and "129 tools; at most 128" in answer["error"]["message"]
