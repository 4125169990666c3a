"""Which topics each scenario offers per task type, bound to the session's focus."""

from __future__ import annotations

from collections.abc import Callable

from physassist_env.scenarios.model import (
    Scenario,
    TaskType,
)
from physassist_env.scenarios.topics.base import Draft, TopicContext
from physassist_env.scenarios.topics.gathering import (
    antibiotics_given,
    discharge_meds,
    infection_status,
    lab_and_med,
    labs_trend,
)
from physassist_env.scenarios.topics.lookup import (
    culture_result,
    diagnoses,
    lab_latest,
    med_current,
)
from physassist_env.scenarios.topics.reasoning import (
    cha2ds2vasc,
    child_pugh,
    crcl_dosing,
    drug_lab_safety,
    treatment_response,
)
from physassist_env.scenarios.topics.writes import (
    consult,
    flag_safety,
    followup,
    replace_potassium,
)

TopicFn = Callable[[TopicContext], "Draft | None"]


def menu(scenario: Scenario, ctx: TopicContext) -> dict[TaskType, list[TopicFn]]:
    """The candidate topics of a scenario per task type, bound to the session's focus."""
    f = ctx.focus
    m: dict[TaskType, list[TopicFn]] = {t: [] for t in TaskType}
    if scenario == Scenario.MED_SAFETY:
        pair, generic, other = f["pair"], f["drug"], f.get("other_lab")
        m[TaskType.IL] = [
            lambda c: lab_latest(c, pair.lab),
            lambda c: med_current(c, generic),
        ]
        m[TaskType.DG] = [lambda c: lab_and_med(c, pair.lab, generic)] + (
            [lambda c: labs_trend(c, pair.lab, other)] if other else []
        )
        m[TaskType.CR] = [
            lambda c: drug_lab_safety(c, pair, generic),
            lambda c: crcl_dosing(c, generic),
        ]
        m[TaskType.WU] = [lambda c: flag_safety(c, pair, generic), consult]
    elif scenario == Scenario.DIAGNOSTIC_WORKUP:
        k1, k2 = f["labs"][:2]
        m[TaskType.IL] = [
            lambda c: lab_latest(c, k1),
            lambda c: lab_latest(c, k2),
            diagnoses,
        ]
        m[TaskType.DG] = [lambda c: labs_trend(c, k1, k2), infection_status]
        m[TaskType.CR] = [cha2ds2vasc, child_pugh] + [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ]
        m[TaskType.WU] = [consult, replace_potassium]
    elif scenario == Scenario.TREATMENT_RESPONSE:
        abx = f["antibiotic"]
        m[TaskType.IL] = [
            lambda c: lab_latest(c, "wbc"),
            culture_result,
            lambda c: lab_latest(c, "lactate"),
        ]
        m[TaskType.DG] = [infection_status, antibiotics_given]
        m[TaskType.CR] = [lambda c: treatment_response(c, abx)] + [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ]
        m[TaskType.WU] = [consult]
    else:  # discharge planning
        meds = f.get("active", [])
        m[TaskType.IL] = [diagnoses] + [
            lambda c, g=g: med_current(c, g) for g in meds[:3]
        ]
        m[TaskType.DG] = [discharge_meds] + (
            [lambda c: labs_trend(c, *f["labs"][:2])]
            if len(f.get("labs", [])) >= 2
            else []
        )
        m[TaskType.CR] = [
            lambda c, g=g: crcl_dosing(c, g) for g in f.get("renal_drugs", [])
        ] + [
            lambda c, p=p, g=g: drug_lab_safety(c, p, g) for p, g in f.get("pairs", [])
        ]
        m[TaskType.WU] = [followup, consult]
    return m
