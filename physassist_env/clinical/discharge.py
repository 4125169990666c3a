"""Which inpatient orders belong on a discharge medication list.

A discharge list names the regimens the patient takes home, once each (Joint Commission
NPSG.03.06.01, medication reconciliation: one accurate list given to the patient; WHO
High 5s medication reconciliation SOP). Orders that only make sense in hospital are left
off: unfractionated heparin (subcutaneous VTE prophylaxis is not continued after discharge
in medical patients, ACCP 2012 antithrombotic guideline, Kahn SR et al. Chest
2012;141(2 Suppl):e195S-226S, 2.7; an intravenous heparin infusion is an inpatient
therapy), continuous intravenous infusions, and IV base solutions / diluents (MIMIC-IV
``prescriptions.drug_type = BASE``: saline, dextrose, water, "Bag", "Vial"). Flushes,
one-off, as-needed and placeholder orders are already excluded by
``MedOrder.scheduled``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol, TypeVar


class OrderLike(Protocol):
    """What the rules read of an order (``scenarios.features.MedOrder`` fits)."""

    @property
    def name(self) -> str: ...
    @property
    def generic(self) -> str | None: ...
    @property
    def route(self) -> str: ...
    @property
    def start(self) -> str: ...


OrderT = TypeVar("OrderT", bound=OrderLike)

#: Unfractionated heparin by any route (a heparin flush is already not a regimen);
#: low-molecular-weight heparins are not matched (treatment doses go home).
_HEPARIN = re.compile(r"^\s*heparin\b", re.I)
#: IV base solutions and diluents (the MIMIC-IV demo's ``BASE`` drug names).
_DILUENT = re.compile(
    r"^\s*(?:(?:0\.9%|0\.45%)\s+sodium chloride|sodium chloride\s+0\.9%|"
    r"(?:5%|10%)\s+dextrose|dextrose\s+(?:5|10)%|iso-osmotic|lactated ringer(?:'?s)?|"
    r"sterile water|sw|ns|d5w|d5\s*1/2\s*ns|d5ns|bag|vial|soln|syringe)\b",
    re.I,
)
#: Routes of a continuous infusion.
_INFUSION_ROUTE = re.compile(r"\bdrip\b|\binfusion\b", re.I)


def inpatient_only(order: OrderLike) -> str | None:
    """Why ``order`` stays in hospital (``"VTE prophylaxis / heparin"``, ``"diluent"``,
    ``"infusion"``), or None when it may go home."""
    if _HEPARIN.search(order.name):
        return "heparin"
    if _DILUENT.search(order.name):
        return "diluent"
    if _INFUSION_ROUTE.search(order.route or ""):
        return "infusion"
    return None


def drug_key(order: OrderLike) -> str:
    """The drug an order is for: its generic name, else its name without strength."""
    if order.generic:
        return order.generic.lower()
    return re.split(r"\s+\d", order.name.strip().lower(), maxsplit=1)[0]


def discharge_list(orders: Iterable[OrderT]) -> list[OrderT]:
    """The orders a discharge list names, one per drug: inpatient-only orders dropped,
    and of several orders for one drug the most recently started (the current regimen),
    in the position of that drug's first order."""
    rows = [o for o in orders if not inpatient_only(o)]
    kept: dict[str, OrderT] = {}
    for o in rows:
        key = drug_key(o)
        if key not in kept or (o.start or "") > (kept[key].start or ""):
            kept[key] = o
    return list(kept.values())
