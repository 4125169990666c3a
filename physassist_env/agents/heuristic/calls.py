"""The tool calls of the heuristic agent's plans: a :class:`Plan` (reads, then a write) and
the helpers that build one call (``lab``, ``med``, ``micro``, ``admin``).

Each call carries a key (``lab:potassium``, ``med:warfarin``, ``write``) by which the
answer finds its result (see :mod:`.view`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from physassist_env.agents.heuristic.request import Intent
from physassist_env.agents.heuristic.terms import lab_name
from physassist_env.agents.heuristic.view import TurnView

#: (call key, tool name, arguments)
Call = tuple[str, str, dict[str, Any]]
Stage = Callable[[Intent, TurnView], list[Call]]


@dataclass(frozen=True)
class Plan:
    """How an intent is looked up: reads (with ``since`` the admission date), then a write."""

    reads: Stage
    write: Stage | None = None
    needs_admission: bool = False


def since(view: TurnView) -> dict[str, Any]:
    return {"date_from": view.admission} if view.admission else {}


def lab(analyte: str, **extra: Any) -> Call:
    """An ``Observation.search`` for one analyte."""
    return (
        f"lab:{analyte}",
        "Observation.search",
        {"code": lab_name(analyte), **extra},
    )


def med(drug: str | None) -> Call:
    """A ``MedicationRequest.search`` for one drug (all active orders without one)."""
    args = {"medication": drug} if drug else {"status": "active"}
    return (f"med:{drug or ''}", "MedicationRequest.search", args)


def micro(view: TurnView) -> Call:
    return ("micro", "Observation.search", {"category": "microbiology", **since(view)})


def admin(view: TurnView, drug: str | None = None) -> Call:
    args = {**({"medication": drug} if drug else {}), **since(view), "_count": 1000}
    return ("admin", "MedicationAdministration.search", args)
