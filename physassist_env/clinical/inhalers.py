"""Two inhaled anticholinergics at once (round 14b).

A long-acting muscarinic antagonist (LAMA: tiotropium, umeclidinium, aclidinium,
glycopyrronium / glycopyrrolate inhaled, revefenacin) and a short-acting one (SAMA:
ipratropium, alone or in a combination product such as ipratropium-albuterol) block the
same receptor: GOLD 2024 (Global Strategy for the Diagnosis, Management and Prevention
of COPD, chapter 3) advises against combining a SAMA with a LAMA; a short-acting beta2
agonist alone is the reliever beside a LAMA (tiotropium label, Spiriva: avoid other
anticholinergic-containing drugs). A combination product is read by its ingredients.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Long-acting muscarinic antagonists (inhaled).
LAMA: tuple[str, ...] = (
    "tiotropium",
    "umeclidinium",
    "aclidinium",
    "glycopyrronium",
    "revefenacin",
)
#: Short-acting muscarinic antagonists (inhaled).
SAMA: tuple[str, ...] = ("ipratropium",)
#: Routes of an inhaled drug (glycopyrrolate IV / PO is not inhaled).
INHALED_ROUTES: frozenset[str] = frozenset({"ih", "inh", "neb", "inhalation"})


def anticholinergic_pair(running: Iterable[tuple[str, str]]) -> tuple[str, str] | None:
    """(LAMA, SAMA) of a long- and a short-acting inhaled anticholinergic both running,
    from ``(generic or ingredient, route)`` pairs (a generic naming a combination,
    "umeclidinium-vilanterol", counts for its LAMA), else None."""
    rows = [(g.lower(), r.strip().lower()) for g, r in running]
    lama = next((m for g, _ in rows for m in LAMA if m in g), None)
    if lama is None and any(
        g.startswith("glycopyrr") and r in INHALED_ROUTES for g, r in rows
    ):
        lama = "glycopyrrolate"
    sama = next((m for g, _ in rows for m in SAMA if m in g), None)
    return (lama, sama) if lama and sama else None
