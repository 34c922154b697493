"""A fake OpenAI-compatible teacher, run as its own process: `python fake_teacher.py SCRIPT`
answers each chat completion with the reply SCRIPT (JSON) maps the request's last user message
to, logs the request's model and tool names to SCRIPT.log, and prints its port."""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SCRIPT = Path(sys.argv[1])
REPLIES = json.loads(SCRIPT.read_text())


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        users = [m["content"] for m in body["messages"] if m["role"] == "user"]
        reply = REPLIES.get(users[-1], "<answer>I cannot help.</answer>")
        with SCRIPT.with_suffix(".log").open("a") as log:
            log.write(json.dumps({"model": body["model"], "tools": [
                t["function"]["name"] for t in body.get("tools") or []]}) + "\n")
        data = json.dumps({"id": "c", "object": "chat.completion", "model": body["model"],
                           "choices": [{"index": 0, "finish_reason": "stop", "message": {
                               "role": "assistant", "content": reply}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
