"""Which scenarios x tiers a source could fill: the manifest's ``scenario_coverage``.

A source fills a (scenario, tier) cell with the candidate sessions its records support
before the split (``Generated.candidates``). A record with laboratory Observations at the
session date gets the lab topics; one without gets discharge planning and the lab-free
topics of the other three scenarios (vital signs, vaccinations: ``topics/vitals.py``, see
``scenarios.planner.lab_free_focus``). The card shows the same numbers as a table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from physassist_env.scenarios.model import Scenario, Tier


def scenario_coverage(
    candidates: Mapping[tuple[str, str], int],
) -> dict[str, dict[str, int]]:
    """Candidate sessions per scenario and tier, every cell listed (0 for none)."""
    return {
        sc.value: {t.value: int(candidates.get((sc.value, t.value), 0)) for t in Tier}
        for sc in Scenario
    }


def render_coverage(build: Mapping[str, Any]) -> str:
    """A Markdown table of ``build["scenario_coverage"]`` (``""`` when absent)."""
    cov = build.get("scenario_coverage")
    if not cov:
        return ""
    tiers = [t.value for t in Tier]
    lines = [
        "#### Scenario coverage",
        "",
        "Candidate sessions the source's records support, per scenario and tier, before "
        "the split (0: the records cannot fill that cell). Records without laboratory "
        "Observations at the session date fill med safety, work-up and treatment response "
        "from vital signs and vaccinations instead of labs; records with labs never get "
        "those lab-free topics.",
        "",
        "| scenario | " + " | ".join(tiers) + " |",
        "|---|" + "---:|" * len(tiers),
    ]
    for scenario, row in cov.items():
        lines.append(
            f"| {scenario} | " + " | ".join(str(row.get(t, 0)) for t in tiers) + " |"
        )
    return "\n".join(lines)


__all__ = ["render_coverage", "scenario_coverage"]
