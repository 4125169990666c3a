"""Which tools the heuristic agent calls for each intent: the plan table.

A :class:`Plan` has up to three stages, each run as one assistant step with several calls:
the admission date (``Encounter.search``) when the reads need a date range and it is not
known yet, the reads, and a write that may use what the reads returned. Each call carries a
key (``lab:potassium``, ``med:warfarin``, ``write``) by which the answer finds its result.
"""

from __future__ import annotations

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.calls import Call, Plan, Stage, lab, med
from physassist_env.agents.heuristic.calls import admin as _admin
from physassist_env.agents.heuristic.calls import micro as _micro
from physassist_env.agents.heuristic.calls import since as _since
from physassist_env.agents.heuristic.intents import Intent
from physassist_env.agents.heuristic.plans_clinical import CLINICAL_PLANS
from physassist_env.agents.heuristic.safety import is_unsafe, safety_action
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
    """The drug's orders; for a drug asked by its class every order of any status (the
    answer picks the class member, ``answers._med_current``; a course stopped today is
    still the one asked about) since admission (another admission's course is not)."""
    if i.drug_class and not i.drugs:
        return [("med:", "MedicationRequest.search", {**_since(v), "_count": 200})]
    return [med(_first(i.drugs))]


def _safety(i: Intent, v: TurnView) -> list[Call]:
    """The monitoring lab, the order, the patient; for an ACE inhibitor or ARB also the
    admission's creatinine (AKI holds it: NICE NG148 (2019) 1.3)."""
    drug = _first(i.drugs)
    renal = (
        [lab("creatinine", **_since(v), _count=200)]
        if drug
        and K.DRUG_CLASS.get(drug) in ("acei", "arb")
        and "creatinine" not in i.labs
        else []
    )
    return _lab_latest(i, v) + renal + [med(drug), _PATIENT]


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
#: A safety decision -> the action the agent writes on a flag.
FLAG_ACTIONS = {
    "hold": "hold it",
    "reduce": "reduce the dose",
    "increase": "increase the dose",
    "continue": "continue with monitoring",
}


def _flag_reads(i: Intent, v: TurnView) -> list[Call]:
    """The drug's monitoring lab (with the admission's creatinine for an ACE inhibitor or
    ARB), the order and the patient: what the flag's decision rests on."""
    drug = _first(i.drugs)
    analyte = _first(i.labs) or (K.monitoring_lab(drug) if drug else None)
    reads = [lab(analyte, **_since(v), _count=50)] if analyte else []
    if drug and K.DRUG_CLASS.get(drug) in ("acei", "arb") and analyte != "creatinine":
        reads.append(lab("creatinine", **_since(v), _count=200))
    return reads + [med(drug), _PATIENT]


def _flag(i: Intent, v: TurnView) -> list[Call]:
    """A safety flag stating the lab value and the action (:func:`.safety.safety_action`)."""
    drug = _first(i.drugs) or "the current medication"
    analyte = _first(i.labs) or K.monitoring_lab(drug)
    latest = v.latest(analyte) if analyte else None
    if analyte is None or latest is None:
        args = {
            "category": "safety",
            "code": f"monitoring on {drug}",
            "detail": f"Monitor {drug} closely.",
        }
        return [("write", "Flag.create", args)]
    action = safety_action(drug, analyte, v, is_unsafe(drug, analyte, v))
    name = lab_name(analyte)
    shown = f"{latest.value:g} {latest.unit}".strip()
    args = {
        "category": "safety",
        "code": f"{name} {shown} on {drug}",
        "detail": f"{name} {shown} ({latest.flag or 'N'}) on {latest.time[:10]}: {FLAG_ACTIONS[action]}.",
    }
    return [("write", "Flag.create", args)]


def _consult_reads(i: Intent, v: TurnView) -> list[Call]:
    """The diagnoses (the service) and the results the urgency rests on."""
    return [
        ("cond", "Condition.search", {}),
        *[lab(k, _count=5) for k in ("potassium", "sodium", "glucose", "lactate", "troponin", "bicarbonate", "hemoglobin")],
        lab("creatinine", **_since(v), _count=200),
    ]  # fmt: skip


def principal_code(v: TurnView) -> str:
    """The code of the admission's first listed diagnosis (its principal one)."""
    conds = v.conditions()
    return conds[0].code if conds else ""


def _consult(i: Intent, v: TurnView) -> list[Call]:
    service = i.service or KC.consult_service(principal_code(v)) or "internal medicine"
    urgent = KC.consult_urgent(service, v, v.current_date)
    args = {
        "service_type": f"{service} consult",
        "priority": "urgent" if urgent else "routine",
        "note": "Please evaluate the admitting problem.",
    }
    return [("write", "ServiceRequest.create", args)]


#: Days until the follow-up the agent books when no rule of
#: :func:`.knowledge_clinical.followup_plan` applies.
FOLLOWUP_DAYS = 7


def _followup_reads(i: Intent, v: TurnView) -> list[Call]:
    return [
        ("cond", "Condition.search", {}),
        lab("creatinine", **_since(v), _count=200),
        med(None),
    ]


def _followup(i: Intent, v: TurnView) -> list[Call]:
    service, days = KC.followup_plan(v, principal_code(v))
    target = v.date_in(days)
    args = {
        "service_type": f"{service} follow-up",
        "priority": "routine",
        **({"target_date": target} if target else {}),
    }
    return [("write", "ServiceRequest.create", args)]


def _potassium_reads(i: Intent, v: TurnView) -> list[Call]:
    return [
        lab("potassium", _count=5),
        ("cond", "Condition.search", {}),
        med("potassium chloride"),
        med(None),
    ]


def potassium_cardiac(v: TurnView) -> bool:
    """Heart disease coded or digoxin active: the potassium target is 4.0 or more."""
    return P.has_code(P.parse_conditions(v.text("cond") or ""), KC.HEART) or any(
        o.status == "active" and "digoxin" in o.name.lower() for o in v.orders()
    )


def _replace_potassium(i: Intent, v: TurnView) -> list[Call]:
    k = v.latest("potassium")
    dose = (
        KC.potassium_replacement_meq(k.value, potassium_cardiac(v))
        if k is not None and k.value is not None
        else 40
    )
    args = {
        "medication": "potassium chloride",
        "dose": f"{min(dose or 40, 40)} mEq",
        "route": "PO",
        "frequency": "once",
        "indication": "hypokalemia",
    }
    return [("write", "MedicationRequest.create", args)]


def _none(i: Intent, v: TurnView) -> list[Call]:
    return []


#: Intent kind -> plan. Every kind :func:`.intents.interpret` returns has one.
PLANS: dict[str, Plan] = {
    "lab_latest": Plan(_lab_latest),
    "labs_trend": Plan(_labs_trend, needs_admission=True),
    "lab_and_med": Plan(_lab_and_med),
    "med_current": Plan(_med_current),
    "diagnoses": Plan(lambda i, v: [_ACTIVE_CONDITIONS], needs_admission=True),
    "diagnosis_check": Plan(
        lambda i, v: [_ACTIVE_CONDITIONS, lab("creatinine", _count=5)],
        needs_admission=True,
    ),
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
    "drug_lab_safety": Plan(_safety, needs_admission=True),
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
    "flag": Plan(_flag_reads, write=_flag, needs_admission=True),
    "consult": Plan(_consult_reads, write=_consult, needs_admission=True),
    "followup": Plan(_followup_reads, write=_followup, needs_admission=True),
    "replace_potassium": Plan(_potassium_reads, write=_replace_potassium),
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
    # a drug asked by its class is picked among this admission's orders and doses
    if (plan.needs_admission or intent.drug_class) and not admission_known:
        out.append(lambda i, v: [ENCOUNTERS])
    out.append(plan.reads)
    if plan.write is not None:
        out.append(plan.write)
    return out
