"""Which tools the heuristic agent calls for each intent: the plan table.

A :class:`Plan` has up to three stages, each run as one assistant step with several calls:
the admission date (``Encounter.search``) when the reads need a date range and it is not
known yet, the reads, and a write that may use what the reads returned. Each call carries a
key (``lab:potassium``, ``med:warfarin``, ``write``) by which the answer finds its result.
"""

from __future__ import annotations

from physassist_env.agents.heuristic.calls import Call, Plan, Stage, lab, med
from physassist_env.agents.heuristic.calls import admin as _admin
from physassist_env.agents.heuristic.calls import micro as _micro
from physassist_env.agents.heuristic.calls import since as _since
from physassist_env.agents.heuristic.intents import Intent
from physassist_env.agents.heuristic.plans_clinical import CLINICAL_PLANS
from physassist_env.agents.heuristic.terms import lab_name
from physassist_env.agents.heuristic.view import TurnView

_PATIENT: Call = ("pt", "Patient.read", {})
_ACTIVE_CONDITIONS: Call = ("cond", "Condition.search", {"clinical_status": "active"})
_WEIGHT: Call = (
    "weight",
    "Observation.search",
    {"code": "weight", "category": "vital-signs", "_count": 1},
)


def _first(items: list[str]) -> str | None:
    return items[0] if items else None


# ------------------------------------------------------------------------------ reads
def _lab_latest(i: Intent, v: TurnView) -> list[Call]:
    return [lab(k, _count=5) for k in i.labs]


def _labs_trend(i: Intent, v: TurnView) -> list[Call]:
    return [lab(k, **_since(v), _count=200) for k in i.labs]


def _lab_and_med(i: Intent, v: TurnView) -> list[Call]:
    return _lab_latest(i, v) + [med(_first(i.drugs))]


def _med_current(i: Intent, v: TurnView) -> list[Call]:
    return [med(_first(i.drugs))]


def _safety(i: Intent, v: TurnView) -> list[Call]:
    return _lab_latest(i, v) + [med(_first(i.drugs)), _PATIENT]


def _crcl(i: Intent, v: TurnView) -> list[Call]:
    return [_PATIENT, _WEIGHT, lab("creatinine", _count=5)]


def _response(i: Intent, v: TurnView) -> list[Call]:
    return [lab("wbc", **_since(v), _count=200), _admin(v, _first(i.drugs))]


def _infection(i: Intent, v: TurnView) -> list[Call]:
    return [lab("wbc", **_since(v), _count=200), _micro(v)]


def _patient_adherence(i: Intent, v: TurnView) -> list[Call]:
    drug = _first(i.drugs)
    if drug is None:
        return [("interview", "ask_patient", {"question": i.question})]
    record = [med(drug)] if i.with_record else []
    return record + [("interview", "medication_adherence", {"medication": drug})]


def _patient_symptoms(i: Intent, v: TurnView) -> list[Call]:
    record = [_ACTIVE_CONDITIONS] if i.with_record else []
    return record + [("interview", "symptom_history", {})]


def _patient_other(i: Intent, v: TurnView) -> list[Call]:
    return [("interview", i.patient_tool, {"question": i.question})]


def _single_lab(i: Intent, v: TurnView) -> list[Call]:
    return [lab(k, _count=5) for k in i.labs[:1]]


# ------------------------------------------------------------------------------ writes
def _flag(i: Intent, v: TurnView) -> list[Call]:
    analyte, drug = _first(i.labs), _first(i.drugs) or "the current medication"
    name = lab_name(analyte) if analyte else "monitoring labs"
    latest = v.latest(analyte) if analyte else None
    detail = f"Monitor {name} closely while on {drug}" + (
        f"; latest {latest.text.split(' [')[0]} on {latest.time[:10]}."
        if latest
        else "."
    )
    args = {"category": "safety", "code": f"{name} on {drug}", "detail": detail}
    return [("write", "Flag.create", args)]


def _consult(i: Intent, v: TurnView) -> list[Call]:
    args = {
        "service_type": f"{i.service} consult",
        "priority": i.priority,
        "note": "Please evaluate the patient.",
    }
    return [("write", "ServiceRequest.create", args)]


#: Days until the follow-up the agent books (the train requests ask for "in a week").
FOLLOWUP_DAYS = 7


def _followup(i: Intent, v: TurnView) -> list[Call]:
    target = v.date_in(FOLLOWUP_DAYS)
    args = {
        "service_type": "primary care follow-up",
        "priority": "routine",
        **({"target_date": target} if target else {}),
    }
    return [("write", "ServiceRequest.create", args)]


#: Oral potassium chloride 40 mEq once, the usual single oral repletion dose for mild
#: hypokalaemia (Kardalas et al., Endocr Connect 2018, "Hypokalemia: a clinical update").
POTASSIUM_ORDER = {
    "medication": "potassium chloride",
    "dose": "40 mEq",
    "route": "PO",
    "frequency": "once",
    "indication": "hypokalemia",
}


def _replace_potassium(i: Intent, v: TurnView) -> list[Call]:
    return [("write", "MedicationRequest.create", dict(POTASSIUM_ORDER))]


def _none(i: Intent, v: TurnView) -> list[Call]:
    return []


#: Intent kind -> plan. Every kind :func:`.intents.interpret` returns has one.
PLANS: dict[str, Plan] = {
    "lab_latest": Plan(_lab_latest),
    "labs_trend": Plan(_labs_trend, needs_admission=True),
    "lab_and_med": Plan(_lab_and_med),
    "med_current": Plan(_med_current),
    "diagnoses": Plan(lambda i, v: [_ACTIVE_CONDITIONS], needs_admission=True),
    "cultures": Plan(lambda i, v: [_micro(v)], needs_admission=True),
    "infection": Plan(_infection, needs_admission=True),
    "antibiotics_given": Plan(
        lambda i, v: [_admin(v), _micro(v)], needs_admission=True
    ),
    "discharge_meds": Plan(
        lambda i, v: [
            ("meds", "MedicationRequest.search", {**_since(v), "_count": 200}),
            ("allergy", "AllergyIntolerance.search", {}),
        ],
        needs_admission=True,
    ),
    "drug_lab_safety": Plan(_safety),
    "crcl": Plan(_crcl),
    "treatment_response": Plan(_response, needs_admission=True),
    "cha2ds2vasc": Plan(
        lambda i, v: [_PATIENT, ("cond", "Condition.search", {})], needs_admission=True
    ),
    "child_pugh": Plan(
        lambda i, v: (
            [lab(k, _count=5) for k in ("bilirubin", "albumin", "inr")]
            + [("cond", "Condition.search", {})]
        ),
        needs_admission=True,
    ),
    "flag": Plan(_single_lab, write=_flag),
    "consult": Plan(_none, write=_consult),
    "followup": Plan(_none, write=_followup),
    "replace_potassium": Plan(_single_lab, write=_replace_potassium),
    "patient_adherence": Plan(_patient_adherence),
    "patient_symptoms": Plan(_patient_symptoms),
    "patient_other": Plan(_patient_other),
    "overview": Plan(lambda i, v: [_ACTIVE_CONDITIONS, med(None)]),
}

PLANS |= CLINICAL_PLANS

ENCOUNTERS: Call = ("enc", "Encounter.search", {})


def stages(intent: Intent, *, admission_known: bool) -> list[Stage]:
    """The stages of an intent's plan, in order (empty stages are skipped when run)."""
    plan = PLANS[intent.kind]
    out: list[Stage] = []
    if plan.needs_admission and not admission_known:
        out.append(lambda i, v: [ENCOUNTERS])
    out.append(plan.reads)
    if plan.write is not None:
        out.append(plan.write)
    return out
