"""`veriloop serve` under load: how fast a short request is answered while 1,000 half-open
connections and 8 long streamed requests hold the server, beside the same request with no load.

The server runs as its own process on loopback with the embedded tiny model. Each round measures
the short request (8 tokens, greedy) twice, interleaved: once with the server idle, once after
opening `--half-open` connections that send the start of a request line and never finish their
headers (a thread reopens those the server's header deadline closes, so the count holds) and
starting `--long` streamed requests of `--long-tokens` tokens each (restarted when they end),
waiting until every long stream has sent text. The load is torn down after each loaded
measurement. The stdlib server this replaced answered such a short request only after minutes.

    python benchmarks/serve_load.py [--rounds 5] [--half-open 1000] [--long 8] [--model tiny]

Prints a line per measurement, then ONE JSON line: the short request's seconds idle and loaded
(median, quartiles, range), the paired loaded/idle ratio, the half-open connections still open at
each loaded measurement, the long streams' tokens during it, and the conditions (load average
before and after).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import select
import socket
import subprocess
import sys
import threading
import time

from veriloop.benchmarking import Spread, conditions, emit, interleave, paired_ratio, parse_args

QUICK = {"rounds": 1, "half_open": 20, "long": 2, "long_tokens": 64, "model": "tiny-xs"}
JSON_KEYS = ("benchmark", "model", "half_open", "long", "short_s", "ratio_loaded_to_idle",
             "half_open_held", "long_stream_chunks", "conditions_before", "load_avg_after")
SHORT = {"messages": [{"role": "user", "content": "What is 2 + 3?"}], "max_tokens": 8,
         "temperature": 0}
PARTIAL = b"POST /v1/chat/completions HTTP/1.1\r\nHost: "  # headers never finished


def start_server(model: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "veriloop.cli", "serve", "--model", model,
                             "--port", "0", "--quiet"], stderr=subprocess.PIPE, text=True)
    for line in proc.stderr:
        if m := re.search(r"on http://127\.0\.0\.1:(\d+)/v1", line):
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc, int(m.group(1))
    raise SystemExit(f"error: the server did not start (exit {proc.wait()})")


def short_request(port: int) -> float:
    t = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    conn.request("POST", "/v1/chat/completions", json.dumps(SHORT),
                 {"Content-Type": "application/json"})
    r = conn.getresponse()
    body = r.read()
    conn.close()
    if r.status != 200:
        raise SystemExit(f"error: the short request got {r.status}: {body[:200]!r}")
    return time.perf_counter() - t


class Load:
    """Half-open connections and long streamed requests against the server, until `stop`."""

    def __init__(self, port: int, half_open: int, long: int, long_tokens: int) -> None:
        self.port, self.long_tokens = port, long_tokens
        self.stopping = threading.Event()
        self.socks = [self._open() for _ in range(half_open)]
        self.reopened, self.chunks = 0, [0] * long
        self.streaming = [threading.Event() for _ in range(long)]
        self.threads = [threading.Thread(target=self._hold, daemon=True)] + [
            threading.Thread(target=self._stream, args=(i,), daemon=True) for i in range(long)]
        for t in self.threads:
            t.start()
        for e in self.streaming:
            if not e.wait(600):
                raise SystemExit("error: a long request never streamed")

    def _open(self) -> socket.socket:
        s = socket.create_connection(("127.0.0.1", self.port), timeout=60)
        s.sendall(PARTIAL)
        return s

    def held(self) -> int:
        """Half-open connections the server still holds (a closed one reads as readable)."""
        readable, _, _ = select.select(self.socks, [], [], 0) if self.socks else ([], [], [])
        return len(self.socks) - len(readable)

    def _hold(self) -> None:
        while not self.stopping.wait(0.5):
            readable, _, _ = select.select(self.socks, [], [], 0)
            for s in readable:  # closed by the server's header deadline: open another
                s.close()
                self.socks[self.socks.index(s)] = self._open()
                self.reopened += 1

    def _stream(self, i: int) -> None:
        body = {"messages": [{"role": "user", "content": f"Tell a long story, number {i}."}],
                "max_tokens": self.long_tokens, "temperature": 1.0, "stream": True,
                "stop": ["\x00never"]}
        while not self.stopping.is_set():
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
            conn.request("POST", "/v1/chat/completions", json.dumps(body),
                         {"Content-Type": "application/json"})
            r = conn.getresponse()
            while not self.stopping.is_set() and (line := r.readline()):
                if line.startswith(b"data: {") and b'"content": "' in line:
                    self.chunks[i] += 1
                    self.streaming[i].set()
            conn.close()  # mid-stream when stopping: the server cancels the request

    def stop(self) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(600)
        for s in self.socks:
            s.close()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--half-open", type=int, default=1000)
    p.add_argument("--long", type=int, default=8)
    p.add_argument("--long-tokens", type=int, default=2000)
    p.add_argument("--model", default="tiny")
    args = parse_args(p, QUICK, argv)
    before = conditions()
    proc, port = start_server(args.model)
    held: list[int] = []
    long_chunks: list[int] = []

    def loaded() -> float:
        load = Load(port, args.half_open, args.long, args.long_tokens)
        try:
            chunks = sum(load.chunks)
            seconds = short_request(port)
            held.append(load.held())
            long_chunks.append(sum(load.chunks) - chunks)
        finally:
            load.stop()
        print(f"loaded: {seconds:.3f} s ({held[-1]} half-open held, {long_chunks[-1]} long "
              f"chunks meanwhile)", flush=True)
        return seconds

    def idle() -> float:
        seconds = short_request(port)
        print(f"idle:   {seconds:.3f} s", flush=True)
        return seconds

    try:
        times = interleave({"idle": idle, "loaded": loaded}, repeats=args.rounds)
    finally:
        proc.terminate()
        proc.wait(60)
    emit({"benchmark": "serve_load", "model": args.model, "half_open": args.half_open,
          "long": args.long,
          "short_s": {k: Spread.of(v).to_dict() for k, v in times.items()},
          "ratio_loaded_to_idle": paired_ratio(times["loaded"], times["idle"]).to_dict(),
          "half_open_held": held[-args.rounds:], "long_stream_chunks": long_chunks[-args.rounds:],
          "conditions_before": before,
          "load_avg_after": [round(x, 2) for x in os.getloadavg()]}, JSON_KEYS)


if __name__ == "__main__":
    main()
