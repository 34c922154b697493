"""Who may use `veriloop serve` (issue 43): the API key with the official `openai` client, Host
and Origin checks on loopback (DNS rebinding, web pages), and the CLI's refusals (a non-loopback
bind without a key, a device that is not there). Only loopback addresses are ever bound."""

from __future__ import annotations

import subprocess
import sys

import httpx
import openai
import pytest
import torch
from serve_scripted import EndlessPolicy, raw_request, running

from veriloop.policies.serve_guard import check_bind

BODY = b'{"messages": [{"role": "user", "content": "hi"}], "max_tokens": 2}'


def test_the_api_key_works_with_the_openai_client_and_anything_else_is_a_401():
    with running(EndlessPolicy("ok"), api_key="s3cret") as server:
        url = f"http://127.0.0.1:{server.port}/v1"
        good = openai.OpenAI(base_url=url, api_key="s3cret", max_retries=0, timeout=120)
        r = good.chat.completions.create(model="endless", messages=[{"role": "user",
                                                                     "content": "hi"}],
                                         max_tokens=2)
        assert r.choices[0].message.content == "ok"
        assert [m.id for m in good.models.list()] == ["endless"]
        bad = openai.OpenAI(base_url=url, api_key="s3cret2", max_retries=0, timeout=120)
        with pytest.raises(openai.AuthenticationError, match="--api-key"):
            bad.models.list()
        missing = raw_request(server.port, BODY)
        assert missing.startswith(b"HTTP/1.1 401") and b"www-authenticate: Bearer" in missing
        basic = raw_request(server.port, BODY, headers=b"Authorization: Basic s3cret\r\n")
        assert basic.startswith(b"HTTP/1.1 401")
        assert httpx.get(f"http://127.0.0.1:{server.port}/health").json()["status"] == "ok"


@pytest.mark.parametrize("host, allowed", [
    ("127.0.0.1:{port}", True), ("localhost:{port}", True), ("[::1]:{port}", True),
    ("LOCALHOST:{port}", True), ("evil.example:{port}", False), ("127.0.0.1:{other}", False),
    ("localhost", False), ("127.0.0.1.evil.example:{port}", False), ("", False)])
def test_on_loopback_only_a_host_header_naming_the_server_is_answered(host, allowed):
    with running(EndlessPolicy("ok")) as server:
        value = host.format(port=server.port, other=server.port + 1).encode()
        answer = raw_request(server.port, BODY, host=value)
    assert answer.startswith(b"HTTP/1.1 200" if allowed else b"HTTP/1.1 403"), answer[:300]


@pytest.mark.parametrize("origin, allowed", [
    ("http://localhost:{port}", True), ("http://127.0.0.1:{port}", True),
    ("http://evil.example", False), ("null", False), ("http://localhost:{other}", False)])
def test_on_loopback_a_browser_origin_must_be_the_server_itself(origin, allowed):
    with running(EndlessPolicy("ok")) as server:
        value = origin.format(port=server.port, other=server.port + 1).encode()
        answer = raw_request(server.port, BODY, headers=b"Origin: %s\r\n" % value)
    assert answer.startswith(b"HTTP/1.1 200" if allowed else b"HTTP/1.1 403"), answer[:300]


def test_check_bind():
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        check_bind(host, None)
    check_bind("0.0.0.0", "a-key")
    for host in ("0.0.0.0", "::", "192.168.1.5", "example.com"):
        with pytest.raises(ValueError, match="pass --api-key"):
            check_bind(host, None)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "veriloop.cli", "serve", "--port", "0", *args],
                          check=False, capture_output=True, text=True, timeout=300)


def _one_line_error(proc: subprocess.CompletedProcess, says: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("error: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert says in proc.stderr and "Traceback" not in proc.stderr


def test_cli_refuses_a_non_loopback_bind_without_a_key(monkeypatch):
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: were the refusal gone, the bind
    # would fail instead of exposing anything
    monkeypatch.delenv("VERILOOP_API_KEY", raising=False)
    _one_line_error(_cli("--host", "192.0.2.1"), "--host 192.0.2.1 is not a loopback address")


@pytest.mark.skipif(torch.cuda.is_available(), reason="tells a missing GPU apart")
def test_cli_device_that_is_not_there_is_a_clear_error(tiny_path):
    _one_line_error(_cli("--model", str(tiny_path), "--device", "cuda:0"), "sees no CUDA GPU")
    _one_line_error(_cli("--model", str(tiny_path), "--device", "tpu"),
                    "use auto, cpu, cuda or cuda:N")
