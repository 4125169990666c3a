"""Renal dosing bands and renal limits of drugs, each with its source.

A band says what to do with a renally cleared drug below a creatinine clearance
(Cockcroft-Gault, mL/min; :func:`physassist_env.clinical.scores.crcl`): ``"stop"`` (the
drug is contraindicated there) or ``"reduce"`` (keep it at an adjusted dose or interval).
The topics that judge renal dosing (``crcl_dosing``) and potassium-sparing diuretic safety
(``drug_lab_safety``) read these tables, so a rule is stated once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Literal

from physassist_env.clinical.scores import egfr_ckd_epi_2021

RenalAction = Literal["stop", "reduce"]

#: generic -> (CrCl below which the action applies, action), lowest band first.
RENAL_BANDS: dict[str, tuple[tuple[float, RenalAction], ...]] = {
    # FDA Drug Safety Communication, 8 April 2016 (metformin labelling revised to use
    # eGFR): contraindicated below 30 mL/min/1.73 m2; starting not recommended at 30-45,
    # and in a patient already on it whose function falls below 45 assess benefit and risk
    # (in practice a reduced dose, at most 1,000 mg/day; ADA Standards of Care 2024, 9).
    "metformin": ((30.0, "stop"), (45.0, "reduce")),
    # AGS Beers Criteria 2023 (J Am Geriatr Soc 2023;71:2052-81): avoid nitrofurantoin at
    # CrCl < 30 (ineffective, toxic).
    "nitrofurantoin": ((30.0, "stop"),),
    # ASHP/IDSA/PIDS/SIDP 2020 vancomycin consensus (Am J Health Syst Pharm 2020;77:835-64):
    # reduced clearance needs a longer interval / lower dose guided by levels or AUC.
    "vancomycin": ((50.0, "reduce"),),
    # Enoxaparin (Lovenox) US label: CrCl < 30 -> 30 mg once daily (prophylaxis) or 1 mg/kg
    # once daily (treatment).
    "enoxaparin": ((30.0, "reduce"),),
    # Gabapentin (Neurontin) US label: dose by CrCl below 60 (30-59: 400-1,400 mg/day,
    # 15-29: 200-700 mg/day, < 15: 100-300 mg/day).
    "gabapentin": ((60.0, "reduce"),),
}


#: Drugs whose label judges renal function by eGFR (CKD-EPI, mL/min/1.73 m2), not by a
#: Cockcroft-Gault clearance: metformin (FDA Drug Safety Communication 2016). A CrCl-based
#: dosing answer would pass a heavy patient's metformin at an eGFR near 30 (the default test
#: split had "no adjustment needed" at creatinine 2.5, CrCl 49, eGFR 30); these drugs are
#: judged by :func:`egfr_action` only.
EGFR_LABELLED: frozenset[str] = frozenset({"metformin"})


#: Drugs dosed by measured levels at every clearance: no CrCl is high enough to say "no
#: renal adjustment needed"; the dose and interval are set from renal function and then
#: adjusted to the AUC (or trough). IV vancomycin: ASHP/IDSA/PIDS/SIDP 2020 consensus
#: (Rybak MJ et al., Am J Health Syst Pharm 2020;77:835-64, AUC/MIC 400-600 by Bayesian
#: or two-level monitoring).
LEVEL_GUIDED: frozenset[str] = frozenset({"vancomycin"})


def renal_limit(generic: str) -> float:
    """The highest CrCl (mL/min) below which ``generic`` needs a renal action."""
    return max(limit for limit, _ in RENAL_BANDS[generic])


def renal_action(generic: str, crcl: float) -> tuple[RenalAction, float] | None:
    """What to do with ``generic`` at a creatinine clearance of ``crcl`` mL/min and the band
    limit that applies, or None when no renal adjustment is needed."""
    for limit, action in sorted(RENAL_BANDS[generic]):
        if crcl < limit:
            return action, limit
    return None


def egfr_action(
    generic: str, creatinine: float, age: int, female: bool
) -> tuple[RenalAction, float] | None:
    """The renal action for ``generic`` judged by eGFR (race-free CKD-EPI 2021, mL/min/1.73
    m2) at a creatinine of ``creatinine`` mg/dL: how metformin is judged (FDA 2016 labels
    by eGFR). The one rule the gold (``scenarios.vocab`` SAFETY_PAIRS) and the synthetic
    hospital's truth label (``synth.planting``) apply."""
    egfr = egfr_ckd_epi_2021(creatinine=creatinine, age=age, female=female)
    return renal_action(generic, egfr)


#: Creatinine (mg/dL) above which a mineralocorticoid-receptor antagonist or other
#: potassium-sparing diuretic should not be continued or started: 2013 ACCF/AHA heart
#: failure guideline (Yancy CW et al., Circulation 2013;128:e240-327, class III harm:
#: creatinine > 2.5 mg/dL in men or > 2.0 mg/dL in women, or eGFR < 30, or K > 5.0),
#: kept in the 2022 AHA/ACC/HFSA guideline (eGFR > 30 and K < 5.0 required).
K_SPARING_CREATININE = {"male": 2.5, "female": 2.0}
#: CrCl / eGFR (mL/min) below which the same guideline says do not use an MRA.
K_SPARING_CRCL = 30.0


def k_sparing_renal_unsafe(
    creatinine: float | None, female: bool, crcl: float | None = None
) -> bool:
    """Whether renal function alone rules out continuing a potassium-sparing diuretic /
    MRA (creatinine above the sex limit, or CrCl below 30 when it can be computed)."""
    limit = K_SPARING_CREATININE["female" if female else "male"]
    if creatinine is not None and creatinine > limit:
        return True
    return crcl is not None and crcl < K_SPARING_CRCL


#: Drugs not absorbed from the gut: given by mouth, tube or rectum they act in the bowel
#: and need no renal dosing nor holding for a raised creatinine. Oral / rectal vancomycin
#: for C. difficile (Vancocin label: minimal systemic absorption; IDSA/SHEA C. difficile
#: guideline, McDonald LC et al., Clin Infect Dis 2018;66:e1-e48).
NOT_ABSORBED_ENTERALLY = frozenset({"vancomycin"})
#: Enteral / rectal routes and names; MIMIC-IV ICU rows state "Non IV" (the order
#: category "Antibiotics (Non IV)": oral vancomycin in the ICU).
_ENTERAL = re.compile(
    r"\b(?:PO|NG|OG|ORAL|PR|RECTAL|ENEMA|[GJ][- ]?TUBE|NON[- ]IV)\b", re.I
)


def systemic(generic: str | None, route: str, name: str = "") -> bool:
    """Whether an order of ``generic`` reaches the circulation: False for a drug of
    :data:`NOT_ABSORBED_ENTERALLY` given enterally or rectally ("Vancomycin Oral Liquid",
    route PO/NG; "Vancomycin Enema", PR)."""
    if (generic or "").lower() not in NOT_ABSORBED_ENTERALLY:
        return True
    return not (_ENTERAL.search(route or "") or _ENTERAL.search(name or ""))


#: A creatinine this much (mg/dL) above its lowest value in the previous
#: :data:`NON_STEADY_HOURS` is not at steady state (the KDIGO 2012 AKI criterion of a
#: >= 0.3 mg/dL rise within 48 h).
NON_STEADY_RISE = 0.3
NON_STEADY_HOURS = 48


def creatinine_not_steady(
    points: Sequence[tuple[str, float]],
) -> tuple[float, float] | None:
    """``(earlier, latest)`` when the latest creatinine (``points``: time text, mg/dL,
    oldest first) is :data:`NON_STEADY_RISE` or more above the lowest value of the
    :data:`NON_STEADY_HOURS` before it, else None.

    Cockcroft-Gault (Nephron 1976;16:31-41) and eGFR equations assume a stable creatinine;
    while it is rising they overstate the clearance, so renal dosing is checked again
    once it settles, and vancomycin is dosed by levels (KDIGO 2012 AKI guideline, Kidney Int
    Suppl 2012;2:1-138, 2.1 and 3.8; ASHP/IDSA/PIDS/SIDP 2020 vancomycin consensus)."""
    if len(points) < 2:
        return None
    latest_t = datetime.fromisoformat(points[-1][0])
    since = latest_t - timedelta(hours=NON_STEADY_HOURS)
    earlier = [v for t, v in points[:-1] if datetime.fromisoformat(t) >= since]
    if not earlier:
        return None
    low = min(earlier)
    latest = points[-1][1]
    return (low, latest) if latest - low >= NON_STEADY_RISE - 1e-9 else None
