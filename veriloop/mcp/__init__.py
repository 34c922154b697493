"""MCP (Model Context Protocol, official `mcp` SDK) in both directions.

- `client`: a synchronous client of one MCP server whose tools become veriloop tools;
- `env`: any environment with tools from MCP servers, `get_env(name, mcp_servers=[...])`
  (`--env-option 'mcp_servers=[{command: [python, server.py]}]'` on the command line);
- `server` and `cli`: `veriloop mcp serve --env NAME` exposes an environment's tools, over
  one episode of one task, as an MCP server (stdio or streamable HTTP on 127.0.0.1).
"""

from veriloop.mcp.client import MCPClient, MCPServerConfig, MCPStartError
from veriloop.mcp.env import MCPToolsEnv

__all__ = ["MCPClient", "MCPServerConfig", "MCPStartError", "MCPToolsEnv"]
