"""Adapters to the hubs RL teams use: MCP tools, a verifiers taskset (OpenEnv: :mod:`physassist_env.openenv`).

Each adapter needs its optional extra (``[mcp]``, ``[verifiers]``, ``[openenv]``) and
imports it lazily, so the core package never does. :mod:`.agent_view` (no extra) is what
an agent-side process may be given, and the gold-reader probe ``physassist validate``
runs on it.
"""
