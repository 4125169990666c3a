"""Adapters to the hubs RL teams use: MCP tools, a verifiers taskset (OpenEnv: :mod:`physassist_env.openenv`).

Each adapter needs its optional extra (``[mcp]``, ``[verifiers]``, ``[openenv]``) and
imports it lazily, so the core package never does.
"""
