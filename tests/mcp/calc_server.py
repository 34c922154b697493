"""A small MCP server (the SDK's MCPServer, stdio) for the tests: `calculator`, the arithmetic
environment's tool under the same name and arguments, and `pid`. Each call is appended as a
JSON line to the file named by MCP_CALC_LOG (with this process's id), so tests can tell the
results came from this process. `calculator` exits the process on an expression containing
"crash" and sleeps on one containing "hang"; MCP_CALC_EXIT_AT_START=1 makes it exit at once.

    python tests/mcp/calc_server.py
"""

from __future__ import annotations

import json
import os
import sys
import time

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from veriloop.envs.arithmetic import evaluate, format_number

server = MCPServer("calc")


def _log(tool: str, arguments: dict, result: str) -> None:
    path = os.environ.get("MCP_CALC_LOG")
    if path:
        with open(path, "a") as f:
            f.write(json.dumps({"pid": os.getpid(), "tool": tool, "arguments": arguments,
                                "result": result}) + "\n")


@server.tool(description="Evaluate an arithmetic expression (served over MCP).")
def calculator(expression: str) -> str:
    if "crash" in expression:
        os._exit(3)
    if "hang" in expression:
        time.sleep(600)
    try:
        result = format_number(evaluate(expression))
    except (ValueError, ZeroDivisionError) as e:
        _log("calculator", {"expression": expression}, f"error: {e}")
        raise ToolError(f"cannot evaluate {expression!r}: {e or 'division by zero'}") from None
    _log("calculator", {"expression": expression}, result)
    return result


@server.tool()
def pid() -> int:
    """The server's
    process id."""
    return os.getpid()


if __name__ == "__main__":
    if os.environ.get("MCP_CALC_EXIT_AT_START"):
        print("calc_server: told to exit at start", file=sys.stderr)
        sys.exit(1)
    server.run()
