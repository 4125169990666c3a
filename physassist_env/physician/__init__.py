"""The physician simulator: scripted requests per turn, clarifications, stop check."""

from __future__ import annotations

from physassist_env.physician.simulator import (
    Implicitness,
    PhysicianSimulator,
    PhysicianState,
    TurnRequest,
)

__all__ = ["Implicitness", "PhysicianSimulator", "PhysicianState", "TurnRequest"]
