"""Agents under test, behind one small protocol: oracle, no-tool, heuristic, hf, openai.

Build one by name with :func:`make_agent` (``make_agent("openai", model=..., base_url=...)``);
every agent records its name and arguments (``agent.spec``) so results can be traced.
"""

from __future__ import annotations

from physassist_env.agents.base import (
    Agent,
    AgentSpec,
    BaseAgent,
    Preflight,
    PreflightError,
    make_agent,
    register_agent,
    registered_agents,
)

__all__ = [
    "Agent",
    "AgentSpec",
    "BaseAgent",
    "Preflight",
    "PreflightError",
    "make_agent",
    "register_agent",
    "registered_agents",
]
