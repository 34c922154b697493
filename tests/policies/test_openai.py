"""OpenAI-compatible client against `veriloop serve` (a real process on loopback) and against a
misbehaving fake server (429, 5xx, timeouts, malformed bodies)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from serve_process import start_server, stop_server

from veriloop.policies.base import GenerationRequest, SamplingParams
from veriloop.policies.openai import (
    OpenAIClient,
    OpenAIPolicy,
    OpenAIResponseError,
    OpenAIStatusError,
    OpenAITimeoutError,
    choice_text,
)
from veriloop.policies.serve import split_tool_calls
from veriloop.types import FaultKind, Message, ToolSpec

CALC = ToolSpec(name="calculator", description="Evaluate an expression.",
                parameters={"type": "object", "properties": {"expression": {"type": "string"}}})
OK_BODY = {"id": "x", "object": "chat.completion", "choices": [
    {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]}


@pytest.fixture(scope="module")
def served(tiny_path):
    """`veriloop serve` on an ephemeral loopback port, as a separate process."""
    proc, port = start_server(tiny_path)
    yield f"http://127.0.0.1:{port}/v1"
    stop_server(proc)


def test_serve_models_and_chat(served):
    assert httpx.get(f"{served}/models").json()["data"][0]["id"] == "tiny-xs"
    client = OpenAIClient(served, timeout=60)
    body = client.chat("tiny-xs", [{"role": "user", "content": "Ava has 3 pens."}],
                       max_tokens=6, temperature=0.0, logprobs=True, n=2)
    assert len(body["choices"]) == 2 and body["usage"]["completion_tokens"] <= 12
    c = body["choices"][0]
    assert isinstance(c["message"]["content"], str) and c["finish_reason"] in ("stop", "length")
    assert all(lp["logprob"] <= 0 for lp in c["logprobs"]["content"])
    # greedy: both samples identical, and identical to a second request
    assert body["choices"][0]["message"] == body["choices"][1]["message"]
    again = client.chat("tiny-xs", [{"role": "user", "content": "Ava has 3 pens."}],
                        max_tokens=6, temperature=0.0)
    assert again["choices"][0]["message"]["content"] == c["message"]["content"]


def test_serve_rejects_bad_requests_without_retrying(served):
    client = OpenAIClient(served, max_retries=3, backoff=0.01)
    with pytest.raises(OpenAIStatusError, match="HTTP 400: 'messages' must be a non-empty"):
        client.chat("tiny-xs", [])
    with pytest.raises(OpenAIStatusError, match="'n' must be an integer"):
        client.chat("tiny-xs", [{"role": "user", "content": "x"}], n="3")
    with pytest.raises(OpenAIStatusError, match="'n' must be between 1 and 64"):
        client.chat("tiny-xs", [{"role": "user", "content": "x"}], n=65)
    with pytest.raises(OpenAIStatusError, match="'temperature' must be a number"):
        client.chat("tiny-xs", [{"role": "user", "content": "x"}], temperature="hot")
    assert client.retries == 0


def test_policy_over_served_model_concurrently(served):
    pol = OpenAIPolicy(OpenAIClient(served, max_concurrency=4), "tiny-xs")
    msgs = (Message(role="system", content="Solve."), Message(role="user", content="2+3?"))
    reqs = [GenerationRequest(prompt_ids=(), messages=msgs, tools=(CALC,), sample_index=i,
                              max_new_tokens=8) for i in range(6)]
    gens = pol.generate(reqs, SamplingParams(temperature=1.0, seed=3, max_new_tokens=8))
    assert len(gens) == 6 and all(isinstance(g.text, str) for g in gens)
    assert all(g.token_ids is None and g.finish_reason in ("stop", "length") for g in gens)


def test_tool_calls_round_trip_to_hermes_text():
    text = 'ok <tool_call>{"name": "calculator", "arguments": {"expression": "2+3"}}</tool_call>'
    content, calls = split_tool_calls(text)
    assert content == "ok" and calls[0]["function"]["name"] == "calculator"
    assert json.loads(calls[0]["function"]["arguments"]) == {"expression": "2+3"}
    back = choice_text({"message": {"content": content, "tool_calls": calls},
                        "stop_reason": "</tool_call>"}, ("</tool_call>",))
    assert back == 'ok<tool_call>{"name": "calculator", "arguments": {"expression": "2+3"}}</tool_call>'
    broken = '<tool_call>{"name": "calculator", "arguments": </tool_call>'
    assert split_tool_calls(broken) == (broken, [])  # malformed calls stay as text
    assert choice_text({"message": {"content": "<answer>5"}, "stop_reason": "</answer>"},
                       ("</answer>",)) == "<answer>5</answer>"


# ------------------------------------------------------------------ misbehaving fake server

class Fake:
    """A loopback server answering from a script of (status, body, delay, headers)."""

    def __init__(self, script):
        self.script, self.calls, self.inflight, self.max_inflight = list(script), 0, 0, 0
        self.lock = threading.Lock()
        fake = self

        class H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *a):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with fake.lock:
                    step = fake.script[min(fake.calls, len(fake.script) - 1)]
                    fake.calls += 1
                    fake.inflight += 1
                    fake.max_inflight = max(fake.max_inflight, fake.inflight)
                status, body, delay, headers = step
                time.sleep(delay)
                data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                try:
                    self.send_response(status)
                    for k, v in headers.items():
                        self.send_header(k, v)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                finally:
                    with fake.lock:
                        fake.inflight -= 1

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    made = []

    def make(script):
        made.append(Fake(script))
        return made[-1]

    yield make
    for f in made:
        f.close()


def test_429_is_retried_honouring_retry_after(fake):
    f = fake([(429, {"error": {"message": "slow down"}}, 0, {"Retry-After": "0.05"}),
              (503, "overloaded", 0, {}), (200, OK_BODY, 0, {})])
    client = OpenAIClient(f.url, backoff=0.01)
    start = time.perf_counter()
    assert client.chat("m", [{"role": "user", "content": "x"}])["choices"][0]["message"]["content"] == "hi"
    assert f.calls == 3 and client.retries == 2
    assert time.perf_counter() - start >= 0.05


def test_server_errors_give_up_with_a_clear_error(fake):
    f = fake([(500, {"error": {"message": "boom"}}, 0, {})])
    client = OpenAIClient(f.url, max_retries=2, backoff=0.01)
    with pytest.raises(OpenAIStatusError, match=r"HTTP 500: boom \(gave up after 3 attempts\)") as e:
        client.chat("m", [{"role": "user", "content": "x"}])
    assert f.calls == 3 and e.value.status == 500 and e.value.kind == FaultKind.POLICY_ERROR


def test_malformed_json_and_shapes_are_clear_errors(fake):
    f = fake([(200, "{not json", 0, {}), (200, OK_BODY, 0, {})])
    client = OpenAIClient(f.url, max_retries=1, backoff=0.01)
    assert client.chat("m", [{"role": "user", "content": "x"}])["choices"]  # retried, recovered
    f2 = fake([(200, {"choices": []}, 0, {})])
    with pytest.raises(OpenAIResponseError, match="no 'choices' list"):
        OpenAIClient(f2.url, max_retries=1, backoff=0.01).chat("m", [])
    f3 = fake([(200, {"choices": [{"message": {"content": 5}}]}, 0, {})])
    with pytest.raises(OpenAIResponseError, match="'content' is not a string"):
        OpenAIClient(f3.url, max_retries=0).chat("m", [])
    f4 = fake([(200, "<html>oops</html>", 0, {})])
    with pytest.raises(OpenAIResponseError, match=r"not valid JSON: '<html>oops</html>'"):
        OpenAIClient(f4.url, max_retries=0).chat("m", [])


def test_timeouts_are_retried_then_reported(fake):
    f = fake([(200, OK_BODY, 4.0, {}), (200, OK_BODY, 0, {})])
    client = OpenAIClient(f.url, timeout=1.0, max_retries=1, backoff=0.01)
    assert client.chat("m", [])["choices"]  # first attempt timed out, second answered
    assert f.calls == 2
    f2 = fake([(200, OK_BODY, 60.0, {})])
    start = time.perf_counter()
    with pytest.raises(OpenAITimeoutError, match="no response within the timeout"):
        OpenAIClient(f2.url, timeout=1.0, max_retries=1, backoff=0.01).chat("m", [])
    # gave up on the timeout (2 x 1 s), not on the server's 60 s: a margin no load eats
    assert time.perf_counter() - start < 45


def test_client_errors_are_not_retried(fake):
    f = fake([(401, {"error": {"message": "bad key"}}, 0, {})])
    with pytest.raises(OpenAIStatusError, match="HTTP 401: bad key"):
        OpenAIClient(f.url, max_retries=3).chat("m", [])
    assert f.calls == 1


def test_concurrency_limit_is_respected(fake):
    f = fake([(200, OK_BODY, 0.15, {})])
    pol = OpenAIPolicy(OpenAIClient(f.url, max_concurrency=2), "m")
    reqs = [GenerationRequest(prompt_ids=(), messages=(Message(role="user", content="x"),))
            for _ in range(6)]
    gens = pol.generate(reqs, SamplingParams())
    assert [g.text for g in gens] == ["hi"] * 6
    assert f.calls == 6 and f.max_inflight == 2


def test_connection_refused_is_an_infrastructure_error():
    client = OpenAIClient("http://127.0.0.1:9", max_retries=1, backoff=0.01, timeout=2)
    with pytest.raises(OpenAITimeoutError, match="connection failed") as e:
        client.chat("m", [])
    assert e.value.kind.is_infra


def test_load_policy_openai_spec_and_eval_through_the_server(served, tmp_path):
    from veriloop.policies import load_policy

    pol = load_policy(f"openai:{served}#tiny-xs", max_concurrency=2)
    assert isinstance(pol, OpenAIPolicy) and pol.model == "tiny-xs"
    with pytest.raises(ValueError, match="openai:<base_url>#<model>"):
        load_policy(f"openai:{served}")
    r = subprocess.run([sys.executable, "-m", "veriloop.cli", "eval", "--env", "arithmetic",
                        "--model", f"openai:{served}#tiny-xs", "--tasks", "2",
                        "--max-new-tokens", "8", "--max-turns", "2",
                        "--out", str(tmp_path / "run"), "--json"],
                       capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads(r.stdout.strip().splitlines()[-1])
    assert summary["trajectories"] == 2 and summary["infra_errors"] == 0
