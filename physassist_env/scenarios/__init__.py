"""Sessions of the benchmark: data model, planning and generation."""

from __future__ import annotations

from physassist_env.scenarios.model import (
    ARCS,
    Check,
    Implicitness,
    RubricItem,
    Scenario,
    Session,
    TaskType,
    Text,
    Tier,
    ToolCall,
    ToolSource,
    Turn,
    agent_view,
    arcs_for_tier,
)

__all__ = [
    "ARCS",
    "Check",
    "Implicitness",
    "RubricItem",
    "Scenario",
    "Session",
    "TaskType",
    "Text",
    "Tier",
    "ToolCall",
    "ToolSource",
    "Turn",
    "agent_view",
    "arcs_for_tier",
]
