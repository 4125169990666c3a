"""The heuristic agent's drug-lab decision, shared by its safety answer and its safety flag.

:func:`safety_action` reads this request's results (:class:`.view.TurnView`) with the
agent's own cited rules (:mod:`.knowledge`, :mod:`.knowledge_clinical`) and says what to
do with a drug: ``hold``, ``reduce``, ``increase`` or ``continue``.
"""

from __future__ import annotations

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic.view import TurnView


def is_unsafe(drug: str, analyte: str, v: TurnView) -> bool:
    """Whether the agent's own rule (or, without one, a critical flag) says hold the drug."""
    series = v.series(analyte)
    latest, earliest = series[0], series[-1]
    rules = [r for r in K.rules_for(drug) if r.analyte == analyte]
    if not rules:
        return latest.flag in ("HH", "LL")
    patient = v.demographics()
    return any(
        r.unsafe(latest.value or 0.0, earliest.value or 0.0, patient) for r in rules
    )


def insulin_action(v: TurnView) -> str:
    """Insulin by the glucose against the inpatient target (ADA Standards of Care 2024,
    section 16: 140-180 mg/dL; below 70 treat and lower; a reading below 70 among the last
    ones: review and lower; Endocrine Society 2012, Umpierrez: reassess below 100; above
    180 intensify)."""
    series = v.series("glucose")
    value = series[0].value or 0.0
    if value < KC.GLUCOSE_LOW:
        return "hold"
    if any((x.value or 999.0) < KC.GLUCOSE_LOW for x in series[1:]) or value < 100:
        return "reduce"
    return "increase" if value > KC.GLUCOSE_HIGH else "continue"


def metformin_reduce(creatinine: float, v: TurnView) -> bool:
    """Metformin at an eGFR of 30-45 mL/min/1.73 m2: not started, and a patient on it takes
    a reduced dose (FDA Drug Safety Communication 2016; race-free CKD-EPI 2021)."""
    patient = v.demographics()
    if patient.age is None:
        return False
    egfr = K.egfr(creatinine=creatinine, age=patient.age, female=patient.female)
    return 30 <= egfr < 45


def warfarin_action(inr: float) -> str:
    """Warfarin by the INR against its 2-3 target (CHEST 2012, Holbrook): below it raise
    the dose, within it continue, above it hold."""
    band = KC.warfarin_band(inr)
    return {"sub": "increase", "ther": "continue"}.get(band, "hold")


def safety_action(drug: str, analyte: str, v: TurnView, unsafe: bool) -> str:
    """What to do with ``drug`` given ``analyte`` (``unsafe``: the agent's threshold rule
    of :data:`.knowledge.SAFETY_RULES` says hold)."""
    cls = K.DRUG_CLASS.get(drug)
    latest = v.latest(analyte)
    value = latest.value if latest is not None and latest.value is not None else 0.0
    if cls == "insulin" and analyte == "glucose":
        return insulin_action(v)
    if cls == "vka" and analyte == "inr":
        return warfarin_action(value)
    if cls in ("acei", "arb"):
        aki = KC.aki_of(v)
        if aki is not None and KC.raas_hold_for_aki(aki.stage):
            return "hold"
    if unsafe:
        return "hold"
    if cls == "biguanide" and analyte == "creatinine" and metformin_reduce(value, v):
        return "reduce"
    return "continue"
