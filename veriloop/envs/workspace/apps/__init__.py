"""The workspace's apps: each module's `make_tools(rt)` returns its tools over a Runtime."""
