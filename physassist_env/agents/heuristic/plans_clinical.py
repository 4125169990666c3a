"""Plans of the clinical-work intents (scores, kidneys, blood, electrolytes, infection,
records, reconciliation, QT): which tools the heuristic agent calls, and the writes.

Same shape as :data:`.plans.PLANS` (reads, then a write that may use what the reads
returned); the thresholds a write depends on come from :mod:`.knowledge_clinical`.
"""

from __future__ import annotations

from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic.calls import (
    Call,
    Plan,
    admin,
    lab,
    med,
    micro,
    since,
)
from physassist_env.agents.heuristic.request import Intent
from physassist_env.agents.heuristic.view import TurnView

_ALLERGIES: Call = ("allergy", "AllergyIntolerance.search", {})
_ALL_CONDITIONS: Call = ("cond", "Condition.search", {})
_ALL_ORDERS: Call = ("meds", "MedicationRequest.search", {"_count": 200})
_ENCOUNTERS: Call = ("enc", "Encounter.search", {})
_PROCEDURES: Call = ("proc", "Procedure.search", {})
_PATIENT: Call = ("pt", "Patient.read", {})
_BLOOD_PRESSURE: Call = (
    "bp",
    "Observation.search",
    {"code": "blood pressure", "category": "vital-signs", "_count": 1},
)


def _series(analyte: str, v: TurnView) -> Call:
    """The analyte's values since admission."""
    return lab(analyte, **since(v), _count=200)


def _first(items: list[str]) -> str | None:
    return items[0] if items else None


# ------------------------------------------------------------------------------ reads
def _last_dose(i: Intent, v: TurnView) -> list[Call]:
    """The drug's completed administrations since admission (every drug's when the
    request names a class: the answer picks the member)."""
    call = admin(v, _first(i.drugs))
    return [(call[0], call[1], {**call[2], "status": "completed"})]


def _extreme(i: Intent, v: TurnView) -> list[Call]:
    return [_series(k, v) for k in i.labs[:1]]


def _nephrotoxin(i: Intent, v: TurnView) -> list[Call]:
    return [_series("creatinine", v), med(_first(i.drugs))]


def _latest(*analytes: str) -> list[Call]:
    return [lab(k, _count=5) for k in analytes]


def _qt_reads(i: Intent, v: TurnView) -> list[Call]:
    return [med(None), *_latest("potassium", "magnesium")]


def _has_bled(i: Intent, v: TurnView) -> list[Call]:
    return [
        _PATIENT,
        _ALL_CONDITIONS,
        _BLOOD_PRESSURE,
        *_latest("creatinine", "hemoglobin"),
        lab("inr", _count=20),
        med(None),
    ]


# ------------------------------------------------------------------------------ writes
def _aki_consult(i: Intent, v: TurnView) -> list[Call]:
    stage = KC.aki_of(v)
    k = v.latest("potassium")
    urgent = KC.aki_consult_urgent(stage.stage if stage else 0, k.value if k else None)
    note = (
        f"KDIGO stage {stage.stage} AKI: creatinine {stage.baseline:g} -> {stage.peak:g} mg/dL."
        if stage
        else "Acute kidney injury: please evaluate."
    )
    args = {
        "service_type": "nephrology consult",
        "priority": "urgent" if urgent else "routine",
        "note": note,
    }
    return [("write", "ServiceRequest.create", args)]


def _transfuse(i: Intent, v: TurnView) -> list[Call]:
    hb = v.latest("hemoglobin")
    shown = (
        f"Hemoglobin {hb.value:g} {hb.unit}. " if hb and hb.value is not None else ""
    )
    args = {
        "service_type": "transfusion of packed red blood cells, 1 unit",
        "priority": "urgent",
        "note": f"{shown}Transfuse 1 unit, then recheck the hemoglobin.",
    }
    return [("write", "ServiceRequest.create", args)]


def _magnesium(i: Intent, v: TurnView) -> list[Call]:
    mg = v.latest("magnesium")
    dose = KC.magnesium_dose(mg.value if mg and mg.value is not None else 1.5)
    args = {
        "medication": "magnesium sulfate",
        "dose": dose,
        "route": "IV",
        "frequency": "once",
        "indication": "hypomagnesemia",
    }
    return [("write", "MedicationRequest.create", args)]


def _qt_flag(i: Intent, v: TurnView) -> list[Call]:
    drugs, lows = KC.qt_facts(v)
    detail = (
        " + ".join(drugs or ["QT-prolonging medication"])
        + (f" with {', '.join(en for en, _ in lows)}" if lows else "")
        + ": check QTc on ECG before further doses."
    )
    args = {"category": "safety", "code": "QT prolongation risk", "detail": detail}
    return [("write", "Flag.create", args)]


def _potassium_recheck(i: Intent, v: TurnView) -> list[Call]:
    k = v.latest("potassium")
    urgent = k is not None and KC.potassium_recheck_urgent(k.value or 0.0)
    args: dict[str, str] = {
        "service_type": "potassium level",
        "priority": "urgent" if urgent else "routine",
    }
    tomorrow = v.date_in(1)
    if not urgent and tomorrow:
        args["target_date"] = tomorrow
    if k is not None:
        args["note"] = f"Potassium {k.value:g} {k.unit}: recheck."
    return [("write", "ServiceRequest.create", args)]


def _cultures_if_lactate_up(i: Intent, v: TurnView) -> list[Call]:
    """The conditional read: the cultures only when the lactate is up."""
    lac = v.latest("lactate")
    if lac is None or lac.value is None or not KC.lactate_elevated(lac.value):
        return []
    return [micro(v)]


#: Intent kind -> plan, for the clinical-work intents (merged into :data:`.plans.PLANS`).
CLINICAL_PLANS: dict[str, Plan] = {
    "allergies": Plan(lambda i, v: [_ALLERGIES]),
    "last_dose": Plan(_last_dose, needs_admission=True),
    "lab_peak": Plan(_extreme, needs_admission=True),
    "lab_nadir": Plan(_extreme, needs_admission=True),
    "kdigo_aki": Plan(lambda i, v: [_series("creatinine", v)], needs_admission=True),
    "nephrotoxin_review": Plan(_nephrotoxin, needs_admission=True),
    "aki_consult": Plan(
        lambda i, v: [_series("creatinine", v), *_latest("potassium")],
        write=_aki_consult,
        needs_admission=True,
    ),
    "transfusion_threshold": Plan(
        lambda i, v: [*_latest("hemoglobin"), _ALL_CONDITIONS, _PROCEDURES]
    ),
    "transfuse_order": Plan(lambda i, v: _latest("hemoglobin"), write=_transfuse),
    "warfarin_inr": Plan(lambda i, v: [*_latest("inr"), med("warfarin")]),
    "potassium_dose": Plan(
        lambda i, v: [
            *_latest("potassium", "magnesium"),
            _ALL_CONDITIONS,
            med("potassium chloride"),
            med(None),
        ]
    ),
    "hyperkalemia_plan": Plan(lambda i, v: [*_latest("potassium"), med(None)]),
    "replace_magnesium": Plan(lambda i, v: _latest("magnesium"), write=_magnesium),
    "potassium_recheck": Plan(
        lambda i, v: _latest("potassium"), write=_potassium_recheck
    ),
    "glucose_pattern": Plan(
        lambda i, v: [_series("glucose", v), med("insulin")], needs_admission=True
    ),
    "lactate_clearance": Plan(
        lambda i, v: [_series("lactate", v)], needs_admission=True
    ),
    "conditional_cultures": Plan(
        lambda i, v: _latest("lactate"),
        write=_cultures_if_lactate_up,
        needs_admission=True,
    ),
    "susceptibilities": Plan(lambda i, v: [micro(v)], needs_admission=True),
    "deescalation": Plan(lambda i, v: [micro(v), med(None)], needs_admission=True),
    "qt_combination": Plan(_qt_reads),
    "qt_flag": Plan(_qt_reads, write=_qt_flag),
    "meld_na": Plan(lambda i, v: _latest("bilirubin", "inr", "creatinine", "sodium")),
    "has_bled": Plan(_has_bled),
    "admission_reconciliation": Plan(lambda i, v: [_ENCOUNTERS, _ALL_ORDERS]),
    "discharge_changes": Plan(lambda i, v: [_ENCOUNTERS, _ALL_ORDERS]),
}
