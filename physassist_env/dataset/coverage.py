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
    empty = [(sc, t) for sc, row in cov.items() for t in tiers if not row.get(t, 0)]
    if empty:
        lines += ["", "Why a cell is empty:", ""]
        lines += [f"- {sc} {t}: {empty_cell_reason(sc, t)}" for sc, t in empty]
    return "\n".join(lines)


#: What a scenario's sessions need of an admission (``scenarios.planner.focus_for``).
SCENARIO_PREMISES = {
    Scenario.DIAGNOSTIC_WORKUP.value: "two abnormal labs drawn more than once and a "
    "coded diagnosis (or, without labs, a vital sign read on two days)",
    Scenario.MED_SAFETY.value: "an active drug with its monitoring lab (a drug-lab "
    "safety pair; without labs, a drug a vital sign bears on)",
    Scenario.TREATMENT_RESPONSE.value: "an antibiotic given for a bacterial infection with "
    "a white count repeated (without labs, an antihypertensive with a blood pressure "
    "before it and 14 days after)",
    Scenario.DISCHARGE_PLANNING.value: "a stay ending in a discharge home alive (not in "
    "another admission) with two scheduled regimens to go home on and no critical lab",
}


def empty_cell_reason(scenario: str, tier: str) -> str:
    """Why no candidate session fills a (scenario, tier) cell, for the card.

    Tiers: a session is built at its admission's richness tier, else at the next lower
    one (``scenarios.planner.TIER_FALLBACK``): an L3 session needs a patient interview
    the records could feed (notes, home drugs); an L1 cell fills from admissions poor in
    data or whose L2 arcs found no topics.
    """
    if tier == Tier.L3.value:
        return (
            "an L3 session needs a patient interview, and no admission of this source "
            "gives the simulated patient anything to tell (no discharge notes, no "
            "home-drug evidence); its rich admissions are built at L2 instead"
        )
    premise = SCENARIO_PREMISES.get(scenario, "the scenario's premise")
    if tier == Tier.L1.value:
        return (
            f"no admission with {premise} is poor enough in data for L1, and every "
            "richer one found an L2 arc"
        )
    return f"no admission of this source has {premise}"


__all__ = ["empty_cell_reason", "render_coverage", "scenario_coverage"]
