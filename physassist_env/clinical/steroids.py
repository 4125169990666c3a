"""Systemic glucocorticoids that must not stop abruptly (round 15, issue #37, reading k:
prednisone 40 mg a day listed neutrally as "not ordered", 10027445-29163082 t3).

A systemic glucocorticoid at a prednisone-equivalent of 7.5 mg a day or more, given for
more than three weeks, or a high-dose course, can suppress the
hypothalamic-pituitary-adrenal axis: stopping it abruptly risks adrenal insufficiency,
so it is continued or tapered, and covered with stress doses in acute illness
(Endocrine Society / ESE 2024 guideline on glucocorticoid-induced adrenal insufficiency,
Beuschlein F et al., J Clin Endocrinol Metab 2024;109:1657-83). The equivalents are the
usual anti-inflammatory potencies (prednisone 5 mg = prednisolone 5 mg =
methylprednisolone 4 mg = hydrocortisone 20 mg = dexamethasone 0.75 mg; the same
guideline's table). A discharge list does not show how long the drug was taken, so any
dose at or above the threshold is named.
"""

from __future__ import annotations

#: Milligrams of prednisone one milligram of each glucocorticoid is worth.
PREDNISONE_EQUIVALENT: dict[str, float] = {
    "prednisone": 1.0,
    "prednisolone": 1.0,
    "methylprednisolone": 1.25,
    "hydrocortisone": 0.25,
    "dexamethasone": 20.0 / 3.0,
}
#: The daily prednisone-equivalent from which the axis may be suppressed, mg.
SUPPRESSIVE_MG = 7.5


def adrenal_risk(generic: str, mg_a_day: float | None) -> bool:
    """Whether ``generic`` at ``mg_a_day`` (its own milligrams) is a systemic
    glucocorticoid dose that must not stop abruptly (:data:`SUPPRESSIVE_MG`); an unknown
    dose or another drug is not read as one."""
    factor = PREDNISONE_EQUIVALENT.get(generic.lower())
    if factor is None or mg_a_day is None:
        return False
    return mg_a_day * factor >= SUPPRESSIVE_MG
