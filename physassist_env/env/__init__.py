"""Environments: the Gymnasium env ``PhysAssist-v0`` and the TRL adapter, over one episode core."""

from __future__ import annotations

from physassist_env.env.actions import ParsedAction, parse_action
from physassist_env.env.episode import Episode, TerminationReason, TurnLog
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.env.spaces import UnicodeText

__all__ = [
    "Episode",
    "ParsedAction",
    "PhysAssistEnv",
    "TerminationReason",
    "TurnLog",
    "UnicodeText",
    "parse_action",
]
