"""`veriloop serve` as a real process on loopback, under load and abuse (issue 9 classes 9, 10),
and driven by the official `openai` client (plain, tools, n > 1, streaming, logprobs)."""

from __future__ import annotations

import http.client
import json
import re
import socket
import threading
from concurrent.futures import ThreadPoolExecutor

import openai
import pytest
from serve_process import start_server, stop_server

MODEL = "tiny-xs"
USER = [{"role": "user", "content": "Ava has 3 pens and buys 4 more. How many pens?"}]
CALC = {"type": "function", "function": {
    "name": "calculator", "description": "Evaluate an arithmetic expression.",
    "parameters": {"type": "object", "properties": {"expression": {"type": "string"}},
                   "required": ["expression"]}}}


@pytest.fixture(scope="module")
def server(tiny_path):
    proc, port = start_server(tiny_path, "--max-request-tokens", "2000", "--device", "cpu")
    yield proc, port
    stop_server(proc)


@pytest.fixture(scope="module")
def client(server):
    return openai.OpenAI(base_url=f"http://127.0.0.1:{server[1]}/v1", api_key="none",
                         max_retries=0, timeout=120)


def _raw(port: int, data: bytes, read: int = 65536) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(data)
        return s.recv(read)


def _post(port: int, body: dict, path: str = "/v1/chat/completions") -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    r = conn.getresponse()
    out = r.status, json.loads(r.read() or b"{}")
    conn.close()
    return out


def _rss_mb(pid: int, field: str = "VmRSS") -> float:
    """Resident MB now (VmRSS) or the process's peak so far (VmHWM)."""
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(field + r":\s+(\d+)", f.read()).group(1)) / 1024


def test_device_option_places_the_model(server):
    assert server[0].banner.rstrip().endswith("/v1 (cpu)"), server[0].banner


def test_200_concurrent_small_requests_all_answered(server):
    _, port = server

    def one(i):
        try:
            return _post(port, {"model": MODEL, "messages": USER, "max_tokens": 1,
                                "temperature": 0})[0]
        except OSError as e:  # a reset or refused connection is the failure under test
            return repr(e)

    with ThreadPoolExecutor(200) as ex:
        statuses = list(ex.map(one, range(200)))
    assert statuses == [200] * 200, [s for s in statuses if s != 200][:5]


def test_oversized_body_is_refused_unread(server):
    proc, port = server
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: "
                  b"application/json\r\nContent-Length: 52428800\r\n\r\n" % port)
        try:
            for _ in range(50):  # send up to 50 MB while the server may already have answered
                s.sendall(b"x" * (1 << 20))
        except OSError:
            pass
        answer = s.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert _rss_mb(proc.pid) < 1024


def test_a_huge_conversation_under_the_body_limit_is_refused_before_tokenizing(server):
    # 7.4 MB of text is under the 8 MB body limit; tokenizing it took 2 GB and 15 s of CPU
    proc, port = server
    status, body = _post(port, {"model": MODEL, "max_tokens": 1, "messages": [
        {"role": "user", "content": "hello world " * 650_000}]})
    assert status == 400 and "shorten the conversation" in body["error"]["message"], body
    assert _rss_mb(proc.pid, "VmHWM") < 1024  # the peak, over every request so far
    assert "7800000 characters" in body["error"]["message"]


def test_many_tiny_messages_are_refused_by_their_count_before_parsing(server):
    # 200,000 messages cost 13 s of parsing, rendering and tokenizing before the 400
    messages = [{"role": "user", "content": "a"}] * 200_000
    status, body = _post(server[1], {"model": MODEL, "messages": messages, "max_tokens": 1})
    assert status == 400, body
    assert "200000 messages cannot fit the model's context" in body["error"]["message"], body


@pytest.mark.parametrize("length", [b"-1", b"abc", b"1e3"])
def test_bad_content_length_is_a_400_not_a_hang(server, length):
    answer = _raw(server[1], b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                             b"Content-Length: %s\r\n\r\n{}" % (server[1], length))
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]


@pytest.mark.parametrize("field, value, message", [
    ("temperature", -1, "'temperature' must be in"), ("temperature", "hot", "must be a number"),
    ("top_p", 0, "'top_p' must be in"), ("top_p", 1.5, "'top_p' must be in"),
    ("top_k", "x", "'top_k' must be an integer"), ("stop", 5, "'stop' must be"),
    ("stop", [""], "'stop' must be"), ("max_tokens", -1, "positive integer"),
    ("max_tokens", 0, "positive integer"), ("max_tokens", 100000, "context leaves"),
    ("n", 0, "'n' must be between"), ("n", 65, "'n' must be between"),
    ("top_logprobs", 21, "'top_logprobs' must be between"), ("stream", "yes", "'stream'"),
    ("logprobs", "yes", "'logprobs'")])
def test_bad_parameters_are_400_with_a_message(server, field, value, message):
    status, body = _post(server[1], {"model": MODEL, "messages": USER, "max_tokens": 2,
                                     field: value})
    assert status == 400 and message in body["error"]["message"], body


def test_n_times_max_tokens_over_the_request_budget_is_a_400(server):
    # the fixture's --max-request-tokens is 2000: 20 * 101 is over it, 20 * 100 is not
    status, body = _post(server[1], {"model": MODEL, "messages": USER, "n": 20,
                                     "max_tokens": 101})
    assert status == 400 and "20 * 101 = 2020 tokens" in body["error"]["message"], body
    assert "--max-request-tokens" in body["error"]["message"]
    status, body = _post(server[1], {"model": MODEL, "messages": USER, "n": 20,
                                     "max_tokens": 100, "stop": ["\n"], "temperature": 0})
    assert status == 200 and len(body["choices"]) == 20, body


def test_top_logprobs_needs_logprobs(server):
    status, body = _post(server[1], {"model": MODEL, "messages": USER, "top_logprobs": 2})
    assert status == 400 and "needs 'logprobs'" in body["error"]["message"]


def test_keep_alive_survives_a_404_with_a_body(server):
    conn = http.client.HTTPConnection("127.0.0.1", server[1], timeout=120)
    body = json.dumps({"model": MODEL, "messages": USER, "max_tokens": 1})
    conn.request("POST", "/v1/nowhere", body, {"Content-Type": "application/json"})
    first = conn.getresponse()
    assert first.status == 404 and b"no route" in first.read()
    conn.request("POST", "/v1/chat/completions", body, {"Content-Type": "application/json"})
    second = conn.getresponse()
    assert second.status == 200 and json.loads(second.read())["object"] == "chat.completion"
    conn.close()


def test_unknown_model_is_a_404_naming_the_served_one(client):
    with pytest.raises(openai.NotFoundError, match=MODEL):
        client.chat.completions.create(model="gpt-9", messages=USER, max_tokens=1)


def test_openai_client_plain_and_n(client):
    r = client.chat.completions.create(model=MODEL, messages=USER, max_tokens=5, n=3,
                                       temperature=1.0, seed=1)
    assert len(r.choices) == 3 and {c.index for c in r.choices} == {0, 1, 2}
    assert all(c.finish_reason in ("stop", "length") for c in r.choices)
    assert r.usage.completion_tokens <= 15


def test_openai_client_tools(client):
    r = client.chat.completions.create(model=MODEL, messages=USER, tools=[CALC], max_tokens=40,
                                       temperature=0)
    choice = r.choices[0]
    if choice.message.tool_calls:  # the tiny model was trained to call its tools
        call = choice.message.tool_calls[0]
        assert choice.finish_reason == "tool_calls" and call.type == "function"
        assert isinstance(json.loads(call.function.arguments), dict)
    else:
        assert choice.message.content is not None


def test_openai_client_logprobs_bytes_and_top_logprobs(client):
    r = client.chat.completions.create(model=MODEL, messages=USER, max_tokens=8, logprobs=True,
                                       top_logprobs=3, temperature=1.0, seed=3)
    choice = r.choices[0]
    entries = choice.logprobs.content
    assert len(entries) == r.usage.completion_tokens > 0
    joined = b"".join(bytes(e.bytes) for e in entries).decode("utf-8", errors="replace")
    if choice.finish_reason == "length":
        assert joined == choice.message.content
    for e in entries:
        assert len(e.top_logprobs) == 3
        tops = [t.logprob for t in e.top_logprobs]
        assert tops == sorted(tops, reverse=True)
        same = [t.logprob for t in e.top_logprobs if t.bytes == e.bytes]
        if same:  # the sampled token's logprob equals the teacher-forced one
            assert abs(same[0] - e.logprob) < 1e-3


def test_openai_client_streaming_matches_content(client):
    stream = client.chat.completions.create(model=MODEL, messages=USER, max_tokens=24,
                                            temperature=0, stream=True)
    text, finish = "", None
    for chunk in stream:
        for c in chunk.choices:
            text += c.delta.content or ""
            finish = c.finish_reason or finish
    plain = client.chat.completions.create(model=MODEL, messages=USER, max_tokens=24,
                                           temperature=0)
    assert finish == plain.choices[0].finish_reason
    assert text == plain.choices[0].message.content


def test_openai_client_streams_the_tiny_model_token_by_token(client):
    # 24 tokens came in 2 chunks (slices of 16 tokens); now each token with text is a chunk
    pieces = [c.delta.content for chunk in client.chat.completions.create(
                  model=MODEL, messages=USER, max_tokens=24, temperature=1.0, seed=1,
                  stream=True, stop=["\x00never"])
              for c in chunk.choices if c.delta.content]
    assert len(pieces) >= 8, pieces


def test_a_long_request_does_not_hold_up_a_short_one(server, client):
    # ordering, not timing: the long request is already streaming when the short one is sent
    done: list[str] = []
    started = threading.Event()

    def long():
        stream = client.chat.completions.create(model=MODEL, messages=USER, max_tokens=200,
                                                n=8, temperature=1.0, stream=True,
                                                stop=["\x00never"])
        for chunk in stream:
            if any(c.delta.content for c in chunk.choices):
                started.set()
        done.append("long")

    t = threading.Thread(target=long)
    t.start()
    assert started.wait(300)
    client.chat.completions.create(model=MODEL, messages=USER, max_tokens=2, temperature=0)
    done.append("short")
    t.join(600)
    assert done == ["short", "long"]


class _CallingPolicy:
    """Always answers with one Hermes tool call, a byte per token (scripted, no model)."""

    name = "caller"

    def __init__(self):
        from veriloop.rendering import ByteRenderer

        self.renderer = ByteRenderer()
        self.text = ('Let me compute. <tool_call>{"name": "calculator", "arguments": '
                     '{"expression": "3 + 4"}}</tool_call>')

    def generate(self, requests, params):
        from veriloop.policies.base import Generation

        ids = tuple(self.text.encode())
        return [Generation(text=self.text, token_ids=ids, logprobs=(-0.5,) * len(ids),
                           finish_reason="stop") for _ in requests]

    def release(self, key):
        pass


@pytest.fixture(scope="module")
def caller_client():
    from veriloop.policies.serve import make_server

    server = make_server(_CallingPolicy(), port=0, quiet=True, slice_tokens=4096)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield openai.OpenAI(base_url=f"http://127.0.0.1:{server.server_address[1]}/v1",
                        api_key="none", max_retries=0, timeout=60)
    server.shutdown()
    server.server_close()


def test_openai_client_gets_parsed_tool_calls(caller_client):
    r = caller_client.chat.completions.create(model="caller", messages=USER, tools=[CALC],
                                              max_tokens=200)
    choice = r.choices[0]
    assert choice.finish_reason == "tool_calls"
    assert choice.message.content == "Let me compute."
    (call,) = choice.message.tool_calls
    assert call.type == "function" and call.function.name == "calculator"
    assert json.loads(call.function.arguments) == {"expression": "3 + 4"}


def test_openai_client_streams_tool_calls(caller_client):
    calls, finish = [], None
    for chunk in caller_client.chat.completions.create(model="caller", messages=USER,
                                                       tools=[CALC], max_tokens=200,
                                                       stream=True):
        for c in chunk.choices:
            calls += c.delta.tool_calls or []
            finish = c.finish_reason or finish
    assert finish == "tool_calls" and [c.function.name for c in calls] == ["calculator"]
    assert json.loads(calls[0].function.arguments) == {"expression": "3 + 4"}


@pytest.mark.parametrize("choice", ["required", {"type": "function",
                                                 "function": {"name": "calculator"}}, "any"])
def test_unsupported_tool_choice_is_a_400_naming_the_supported_ones(caller_client, choice):
    with pytest.raises(openai.BadRequestError, match="supported: 'none', 'auto'"):
        caller_client.chat.completions.create(model="caller", messages=USER, tools=[CALC],
                                              tool_choice=choice, max_tokens=200)


def test_tool_choice_none_offers_no_tools_and_parses_no_calls(caller_client):
    def ask(choice):
        return caller_client.chat.completions.create(model="caller", messages=USER,
                                                     tools=[CALC], tool_choice=choice,
                                                     max_tokens=200)

    auto, none = ask("auto"), ask("none")
    assert auto.choices[0].finish_reason == "tool_calls"
    assert none.choices[0].finish_reason == "stop" and not none.choices[0].message.tool_calls
    assert "<tool_call>" in none.choices[0].message.content
    # the tools' description is rendered into the prompt only when they are offered
    assert none.usage.prompt_tokens < auto.usage.prompt_tokens
