"""Admission-level tables: ``hosp/patients``, ``hosp/omr``, ``hosp/admissions``, ``hosp/services``,
``hosp/transfers``, and the admission vitals the ICU chart and the note start from."""

from __future__ import annotations

from datetime import datetime, timedelta

from physassist_env.synth import knowledge as kb
from physassist_env.synth.chart import Chart, pick, share, ts
from physassist_env.synth.knowledge.calibration import aggregates

EMERGENCY_TYPES = {"EW EMER.", "EU OBSERVATION", "DIRECT EMER."}
PLANNED_TYPES = {"ELECTIVE", "SURGICAL SAME DAY ADMISSION"}
OBSERVATION_TYPES = {
    "AMBULATORY OBSERVATION",
    "DIRECT OBSERVATION",
    "EU OBSERVATION",
    "OBSERVATION ADMIT",
}
"""Planned and observation stays are for stable patients: an admission that needs the ICU or
ends in death is an emergency or urgent one (CMS two-midnight rule / observation status is for
patients not expected to need inpatient care; elective = scheduled in advance)."""
SHORT_STAY_TYPES = frozenset(
    {"EU OBSERVATION", "AMBULATORY OBSERVATION", "DIRECT OBSERVATION"}
)
"""Observation stays that end within two midnights (CMS two-midnight rule, 2013): one day
here (the MIMIC-IV demo's median length of stay is 0.7, 1.0 and 0.9 days for these types
against 4-7 days for the others; "OBSERVATION ADMIT", median 4.7 days there, converts to a
full admission). Before: every type had the condition's 2-7 day stay (EU OBSERVATION median
4.1 days)."""
SEVERE_TYPES = ("EW EMER.", "DIRECT EMER.", "URGENT")
"""The only admission types of a severe (ICU or death) admission."""
PLANNED_CONDITIONS = frozenset({"cholecystitis", "chest_pain", "anemia", "seizure"})
"""Mild, short admissions that are also scheduled in real hospitals: interval (delayed)
laparoscopic cholecystectomy (Tokyo Guidelines 2018), elective coronary angiography for stable
chest pain (ACC/AHA 2012 stable ischaemic heart disease guideline), planned transfusion or iron
infusion for chronic anaemia (AABB 2023), epilepsy-monitoring-unit admission (ILAE 2017). A
planned type needs such a condition and no ICU stay or death; surgical same-day only on a
surgical service."""
PLANNED_SHARE = 0.3
"""Share of the planned-eligible admissions (``PLANNED_CONDITIONS``, not severe) admitted as
planned (elective / surgical same day); the others arrive as emergencies like any admission."""
ELECTIVE_CONDITIONS = frozenset(
    {"elective_tka", "elective_pci", "elective_colectomy", "elective_chole"}
)
"""Principal conditions that are a procedure booked in advance (elective total knee
arthroplasty, PCI for stable angina, colectomy for colon cancer, cholecystectomy for
symptomatic gallstones): always a planned admission type, never an ICU stay or a death in this
generator (an elective patient is stable by definition; the rare complication is left out).
With them planned admissions come near the demo's 11.5 % (4.3 % with ``PLANNED_CONDITIONS``
only, issue #23 fifth round)."""
SURGICAL_SERVICES = frozenset({"SURG", "ORTHO"})
"""Services whose planned admissions may be SURGICAL SAME DAY ADMISSION (MIMIC-IV services)."""


def planned_probability(key: str) -> float:
    """Chance that a mild (not severe) admission of condition ``key`` is planned."""
    if key in ELECTIVE_CONDITIONS:
        return 1.0
    return PLANNED_SHARE if key in PLANNED_CONDITIONS else 0.0


def type_tables(
    severe_share: float, planned_med: float, planned_surg: float
) -> dict[str, dict[str, float]]:
    """Admission-type shares by class (``severe``, ``mild``, ``planned_surg``,
    ``planned_med``) so that the hospital's marginal matches the MIMIC-IV demo's
    (``admission_type``) as closely as severity allows.

    ``severe_share`` is the share of admissions with an ICU stay or a death (only
    ``SEVERE_TYPES``), ``planned_med`` and ``planned_surg`` the shares of admissions that are
    planned (``planned_probability`` of each mild admission) on a medical and on a surgical
    service. A medical planned admission is ELECTIVE; a surgical one is ELECTIVE or SURGICAL
    SAME DAY in the proportion that gives the demo's ratio of the two overall. The non-planned types
    keep the demo's shares among themselves: a severe admission draws the emergency/urgent ones
    with their demo ratios, and the mild admissions take what is left of each type (without
    this, the severe admissions' emergency types would pile on top of the demo's, EW EMER.
    49.6 % against the demo's 37 %)."""
    demo = {k: v for k, v in aggregates()["admission_type"].items() if k != "OTHER"}
    planned_types = {k: v for k, v in demo.items() if k in PLANNED_TYPES}  # demo order
    rest = {k: v for k, v in demo.items() if k not in PLANNED_TYPES}
    total = sum(rest.values())
    q = {k: v / total for k, v in rest.items()}
    severe = {k: q[k] for k in SEVERE_TYPES}
    norm = sum(severe.values())
    severe = {k: v / norm for k, v in severe.items()}
    # severe admissions among the non-planned ones
    f = min(severe_share / (1.0 - planned_med - planned_surg), 0.99)
    mild = {k: max(q[k] - f * severe.get(k, 0.0), 0.0) / (1.0 - f) for k in q}
    norm = sum(mild.values())
    return {
        "severe": severe,
        "mild": {k: v / norm for k, v in mild.items()},
        "planned_surg": _surgical_planned(planned_types, planned_med, planned_surg),
        "planned_med": {"ELECTIVE": 1.0},
    }


def _surgical_planned(
    demo: dict[str, float], planned_med: float, planned_surg: float
) -> dict[str, float]:
    """ELECTIVE / SURGICAL SAME DAY shares of a surgical planned admission such that all
    planned admissions (medical ones ELECTIVE) split between the two as in the demo."""
    elective, same_day = (
        demo.get("ELECTIVE", 0.0),
        demo.get("SURGICAL SAME DAY ADMISSION", 0.0),
    )
    if planned_surg <= 0 or same_day <= 0:
        return demo
    ratio = elective / same_day
    x = (ratio * planned_surg - planned_med) / (planned_surg * (1 + ratio))
    x = min(max(x, 0.0), 1.0)
    return {"ELECTIVE": x, "SURGICAL SAME DAY ADMISSION": 1.0 - x}


def patient_row(chart: Chart, sex: str, age: int, anchor_year: int, group: str) -> None:
    """Write the ``hosp/patients`` row (``dod`` filled later if the patient dies)."""
    chart.add(
        "hosp/patients",
        {
            "subject_id": chart.sid,
            "gender": sex,
            "anchor_age": age,
            "anchor_year": anchor_year,
            "anchor_year_group": group,
            "dod": None,
        },
    )


def omr(
    chart: Chart,
    before: datetime,
    weight: float,
    height: float,
    bmi: float,
    chronic: list[str],
) -> None:
    """Write the outpatient measurements (BP, weight, height, BMI) of a visit before ``before``."""
    rng = chart.rng
    day = (before - timedelta(days=int(rng.integers(10, 120)))).strftime("%Y-%m-%d")
    sbp = int(rng.normal(145 if "htn" in chronic else 124, 10))
    for seq, (name, value) in enumerate(
        (
            ("Blood Pressure", f"{sbp}/{int(sbp * 0.6)}"),
            ("Weight (Lbs)", f"{weight * 2.20462:.1f}"),
            ("Height (Inches)", f"{height / 2.54:.1f}"),
            ("BMI (kg/m2)", f"{bmi:.1f}"),
        ),
        start=1,
    ):
        chart.add(
            "hosp/omr",
            {
                "subject_id": chart.sid,
                "chartdate": day,
                "seq_num": seq,
                "result_name": name,
                "result_value": value,
            },
        )


def admit_vitals(chart: Chart, conds: list[kb.Condition]) -> dict[str, float]:
    """Admission vital signs: normal values overridden by the conditions' ranges."""
    rng = chart.rng
    v = {
        "hr": rng.normal(80, 8),
        "sbp": rng.normal(128, 10),
        "dbp": rng.normal(74, 7),
        "rr": rng.normal(16, 1.5),
        "spo2": rng.normal(97, 1),
        "temp": rng.normal(98.3, 0.4),
    }
    for c in reversed(conds):
        for k, (lo, hi) in c.vitals.items():
            v[k] = rng.uniform(lo, hi)
    v["dbp"] = min(v["dbp"], v["sbp"] - 25)
    out = {k: float(round(x, 1 if k == "temp" else 0)) for k, x in v.items()}
    out["spo2"] = min(out["spo2"], 100.0)
    return out


def admission_type(
    chart: Chart,
    cond: kb.Condition,
    severe: bool,
    types: dict[str, dict[str, float]] | None = None,
) -> str:
    """Draw the admission type: ``severe`` (an ICU stay or a death) restricts it to the
    emergency and urgent ones; a planned type only for a mild admission of a condition with a
    ``planned_probability`` (surgical same day only on a surgical service). ``types``: the class
    tables of :func:`type_tables` (default: the demo's shares with those exclusions)."""
    rng = chart.rng
    if types is None:
        exclude = set() if cond.service in SURGICAL_SERVICES else set(PLANNED_TYPES)
        if severe:
            exclude |= PLANNED_TYPES | OBSERVATION_TYPES
        return share(rng, aggregates()["admission_type"], exclude) or "EW EMER."
    kind = "severe" if severe else "mild"
    if not severe and rng.random() < planned_probability(cond.key):
        kind = "planned_surg" if cond.service in SURGICAL_SERVICES else "planned_med"
    return share(rng, types[kind]) or "EW EMER."


def admission_rows(
    chart: Chart,
    hadm: int,
    admit: datetime,
    disch: datetime,
    cond: kb.Condition,
    stay: int | None,
    died: bool,
    severe: bool = False,
    types: dict[str, dict[str, float]] | None = None,
    adm_type: str | None = None,
) -> str | None:
    """Write admissions, services and transfers rows; returns the discharge location.

    ``adm_type``: the admission type drawn beforehand (``admission_type``), else drawn here.

    ``severe`` (an ICU stay or a death) restricts the admission type to the emergency and
    urgent ones; a planned type only for a mild ``PLANNED_CONDITIONS`` admission (surgical
    same day only on a surgical service). ``types``: the class tables of
    :func:`type_tables` (default: the demo's shares with those exclusions)."""
    rng = chart.rng
    agg = aggregates()
    if adm_type is None:
        adm_type = admission_type(chart, cond, severe, types)
    if adm_type in EMERGENCY_TYPES:
        location = "EMERGENCY ROOM"
    elif adm_type in PLANNED_TYPES:
        location = "PHYSICIAN REFERRAL"
    else:
        location = share(rng, agg["admission_location"]) or "EMERGENCY ROOM"
    via_ed = location == "EMERGENCY ROOM"
    ed_in = admit - timedelta(hours=int(rng.integers(2, 8)))
    disch_loc = "DIED" if died else share(rng, agg["discharge_location"], {"DIED"})
    chart.add(
        "hosp/admissions",
        {
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "admittime": ts(admit),
            "dischtime": ts(disch),
            "deathtime": ts(disch) if died else None,
            "admission_type": adm_type,
            "admit_provider_id": f"P{int(rng.integers(10000, 99999))}",
            "admission_location": location,
            "discharge_location": disch_loc,
            "insurance": share(rng, agg["insurance"]),
            "language": share(rng, agg["language"]),
            "marital_status": share(rng, agg["marital_status"]),
            "race": pick(
                rng,
                (
                    "WHITE",
                    "BLACK/AFRICAN AMERICAN",
                    "HISPANIC/LATINO",
                    "ASIAN",
                    "OTHER",
                ),
            ),
            "edregtime": ts(ed_in) if via_ed else None,
            "edouttime": ts(admit) if via_ed else None,
            "hospital_expire_flag": int(died),
        },
    )
    chart.add(
        "hosp/services",
        {
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "transfertime": ts(admit),
            "prev_service": None,
            "curr_service": cond.service,
        },
    )
    events = [("ED", "Emergency Department", ed_in, admit)] if via_ed else []
    ward = {
        "CMED": "Cardiology",
        "NMED": "Neurology",
        "SURG": "Surgery",
        "ORTHO": "Orthopaedics",
    }.get(cond.service, "Medicine")
    if stay is not None:
        icu_rows = chart.rows["icu/icustays"][-1]
        intime = datetime.fromisoformat(icu_rows["intime"])
        outtime = datetime.fromisoformat(icu_rows["outtime"])
        events += [
            ("admit", ward, admit, intime),
            ("transfer", icu_rows["first_careunit"], intime, outtime),
            ("transfer", ward, outtime, disch),
        ]
    else:
        events.append(("admit", ward, admit, disch))
    for ev, unit, t0, t1 in events:
        chart.add(
            "hosp/transfers",
            {
                "subject_id": chart.sid,
                "hadm_id": hadm,
                "transfer_id": chart.ids.next("transfer"),
                "eventtype": ev,
                "careunit": unit,
                "intime": ts(t0),
                "outtime": ts(t1),
            },
        )
    chart.add(
        "hosp/transfers",
        {
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "transfer_id": chart.ids.next("transfer"),
            "eventtype": "discharge",
            "careunit": None,
            "intime": ts(disch),
            "outtime": None,
        },
    )
    return disch_loc
