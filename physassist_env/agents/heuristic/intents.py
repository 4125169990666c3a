"""What a physician request asks for: keyword rules over the request text.

The rules find analyte, drug and score names with the public vocabulary
(:mod:`.terms`) and decide the intent from cue words. **The cue words were written from the
train split's phrasing only** (a small synthetic build, never the test split): they are a
template-matching floor, so unseen phrasing in the test split is expected to defeat them.

Rules are tried in the order of :data:`INTENT_RULES`; the first that returns an intent wins.
Implicit follow-ups ("And the sodium?", "Is it safe to keep it going with that
potassium?") borrow the labs and drugs of earlier requests.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic.intents_clinical import (
    CLINICAL_RULES,
    asks_last_dose,
)
from physassist_env.agents.heuristic.request import (
    CUES,  # noqa: F401 (the cue table, documented here)
    SERVICES,
    Intent,
    Request,
)
from physassist_env.agents.heuristic.request import contains as _contains
from physassist_env.agents.heuristic.request import one as _one


# ------------------------------------------------------------------------------ rules
def _described(r: Request) -> Intent | None:
    """A drug asked by its class and not by name ("which ACE inhibitor is she getting",
    "最近一次抗生素是什么时候用的？用的是哪个药？"): its last dose or its order, the member
    picked from the chart by the plan and the answer (``Intent.drug_class``). Not a
    patient interview ("ask him whether he takes his ACE inhibitor at home"), nor the
    antibiotics given with the cultures ("which antibiotics went in? And micro?")."""
    interview = re.search(r"\bask (him|her|them|the patient)\b|at home|在家", r.low)
    if r.drug_class is None or r.drugs or interview or not r.has("which_drug"):
        return None
    if r.drug_class == K.ANTIBIOTIC and (
        r.has("cultures") or re.search(r"\b(antibiotics|abx)\b", r.low)
    ):
        return None
    kind = "last_dose" if asks_last_dose(r) else "med_current"
    return Intent(kind, drug_class=r.drug_class)


def _patient(r: Request) -> Intent | None:
    asks = re.search(r"\bask (him|her|them|the patient)\b|\bask (if|whether)\b", r.low)
    if not (asks or r.has("ask_patient") or r.has("ask_patient_en")):
        return None
    if r.drugs or r.has("adherence"):
        return Intent(
            "patient_adherence",
            drugs=_one(r.drug()),
            patient_tool="medication_adherence",
            question=r.text,
            with_record=r.has("record_dose"),
        )
    if r.has("symptoms"):
        return Intent(
            "patient_symptoms",
            patient_tool="symptom_history",
            question=r.text,
            with_record=r.has("diagnosis"),
        )
    return Intent("patient_other", patient_tool="ask_patient", question=r.text)


def _flag(r: Request) -> Intent | None:
    if not r.has("flag"):
        return None
    drug = r.drug()
    lab = (r.labs or [None])[0] or (K.monitoring_lab(drug) if drug else None)
    return Intent("flag", labs=_one(lab or r.recent("labs")), drugs=_one(drug))


def _consult(r: Request) -> Intent | None:
    if not (r.has("consult") or re.search(r"\b(get|need) [\w ]+ to see\b", r.low)):
        return None
    # a service named in the request is used; otherwise the plan reads it from the
    # principal diagnosis, and the priority from the results (plans._consult)
    service = next(
        (
            en
            for en, names in SERVICES.items()
            if any(_contains(r.text, r.low, n) for n in names)
        ),
        "",
    )
    return Intent("consult", service=service)


def _followup(r: Request) -> Intent | None:
    return Intent("followup") if r.has("followup") else None


def _replacement(r: Request) -> Intent | None:
    if r.has("replace") and ("potassium" in r.labs or "补钾" in r.text):
        return Intent(
            "replace_potassium", labs=["potassium"], drugs=["potassium chloride"]
        )
    return None


def _score(r: Request) -> Intent | None:
    if "cha2ds2vasc" in r.scores or r.has("anticoagulate"):
        return Intent("cha2ds2vasc")
    if "child_pugh" in r.scores:
        return Intent("child_pugh", labs=["bilirubin", "albumin", "inr"])
    if "crcl" in r.scores or r.has("kidneys"):
        drug = r.drug(lambda d: d in K.RENAL_LIMITS)
        return Intent("crcl", labs=["creatinine"], drugs=_one(drug))
    return None


def _response(r: Request) -> Intent | None:
    if not r.has("working"):
        return None
    drug = r.drug(lambda d: d in K.ANTIBIOTICS)
    return Intent("treatment_response", labs=["wbc"], drugs=_one(drug))


def _infection(r: Request) -> Intent | None:
    if r.has("antibiotics"):
        return Intent(
            "antibiotics_given", drugs=[d for d in r.drugs if d in K.ANTIBIOTICS]
        )
    if r.has("infection") or (
        r.has("cultures") and (r.has("trend") or "wbc" in r.labs)
    ):
        return Intent("infection", labs=["wbc"])
    if r.has("cultures"):
        return Intent("cultures")
    return None


def _chart(r: Request) -> Intent | None:
    if r.has("discharge"):
        return Intent("discharge_meds")
    if r.has("diagnosis"):
        # "can she have ibuprofen? check the diagnoses": the list read for what bars it
        nsaid = next((d for d in r.drugs if K.DRUG_CLASS.get(d) == "nsaid"), None)
        if nsaid:
            return Intent("diagnosis_check", labs=["creatinine"], drugs=[nsaid])
        return Intent("diagnoses")
    return None


def _safety(r: Request) -> Intent | None:
    if not r.has("safety"):
        return None
    lab = (r.labs or [None])[0]
    drug = (
        r.drug()
        if r.drugs
        else r.recent(
            "drugs",
            lambda d: lab is not None and any(x.analyte == lab for x in K.rules_for(d)),
        )
    )
    if drug is None:
        return None
    lab = lab or K.monitoring_lab(drug) or r.recent("labs")
    return Intent("drug_lab_safety", labs=_one(lab), drugs=[drug])


def _trend(r: Request) -> Intent | None:
    if not r.has("trend"):
        return None
    labs = list(r.labs)
    if (r.has("refers") or not labs) and r.memory:
        previous = r.recent("labs")
        if previous and previous not in labs:
            labs.insert(0, previous)
    return Intent("labs_trend", labs=labs[:3])


def _medication(r: Request) -> Intent | None:
    dose = r.has("dose")
    if dose and (r.labs or (r.has("refers") and r.has("now"))):
        lab = (r.labs or [None])[0] or r.recent("labs")
        return Intent("lab_and_med", labs=_one(lab), drugs=_one(r.drug()))
    if dose or (r.drugs and not r.labs):
        return Intent("med_current", drugs=_one(r.drug()))
    return None


def _lab(r: Request) -> Intent | None:
    if r.labs:
        return Intent("lab_latest", labs=r.labs[:3])
    last = r.memory[-1] if r.memory else None
    if last is not None and last.labs and r.has("refers"):
        return Intent("lab_latest", labs=last.labs[:1])
    return None


#: The rules in the order they are tried (a drug asked by its class, then writes and
#: patient turns before lookups).
INTENT_RULES: tuple[Callable[[Request], Intent | None], ...] = (
    _described,
    _patient,
    *CLINICAL_RULES,
    _flag,
    _consult,
    _followup,
    _replacement,
    _score,
    _response,
    _infection,
    _chart,
    _safety,
    _trend,
    _medication,
    _lab,
)


def interpret(text: str, memory: list[Intent]) -> Intent:
    """The intent of one request; ``overview`` when no rule applies."""
    request = Request(text, memory)
    for rule in INTENT_RULES:
        intent = rule(request)
        if intent is not None:
            return intent
    return Intent("overview")
