"""Gold a physician signs on real records, round 8b (issue #37): the classes of the fresh
physician reading of the round-7/7b demo build, fixed by their principle and tested on a
hand-made record in MIMIC-IV format (invented values, never MIMIC's). Each test fails on
the behaviour before the fix.
"""

from __future__ import annotations

import pytest
from _real_records import LAB, PHARMACY, RX, real_context, records
from _real_records import cr as _cr
from _real_records import lab as _lab
from test_physician_signs import _cr_facts

from physassist_env.clinical.discharge import prn_reconciled
from physassist_env.clinical.followup import procedure_indication
from physassist_env.clinical.scores import recovery_baseline
from physassist_env.clinical.specimen import falsely_raised, spurious
from physassist_env.scenarios.derived import (
    aki_facts,
    dual_antiplatelet,
    on_maintenance_dialysis,
    warfarin_started,
)
from physassist_env.scenarios.features import (
    LabPoint,
    LabSeries,
    MedOrder,
)
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import writes as WR
from physassist_env.scenarios.topics.base import specimen_text
from physassist_env.scenarios.vocab import LABS

#: (subject, hadm, pharmacy_id, start, stop, drug, dose, unit, route, frequency)
_ORDERS = [
    # 1. maintenance dialysis: the renal vitamin and cinacalcet on the day of arrival
    ("3001", "7001", 1, "2150-03-02 11:00:00", "2150-03-05 12:00:00", "Nephrocaps", "1", "CAP", "PO", "DAILY"),
    ("3001", "7001", 2, "2150-03-02 11:00:00", "2150-03-05 12:00:00", "Cinacalcet", "30", "mg", "PO", "DAILY"),
    # 3. a scheduled potassium supplement running beside a normal potassium, and a
    # magnesium replacement ordered after a low magnesium
    ("3005", "7005", 3, "2150-03-03 08:00:00", "2150-03-06 12:00:00", "Potassium Chloride", "20", "mEq", "PO", "DAILY"),
    ("3005", "7005", 4, "2150-03-03 09:00:00", "2150-03-03 10:00:00", "Magnesium Sulfate", "2", "g", "IV", "ONCE"),
    # 2. dual antiplatelet therapy after a coronary intervention
    ("3006", "7006", 5, "2150-03-02 08:00:00", "2150-03-06 12:00:00", "Aspirin", "81", "mg", "PO", "DAILY"),
    ("3006", "7006", 6, "2150-03-02 08:00:00", "2150-03-06 12:00:00", "Ticagrelor", "90", "mg", "PO", "BID"),
    ("3006", "7006", 7, "2150-03-03 16:00:00", "2150-03-06 12:00:00", "Warfarin", "5", "mg", "PO", "DAILY"),
    # 1c. the interfering drug is taken (round 16b: a comment naming a drug the patient
    # never had is the method's disclaimer, and the value counts)
    ("3004", "7004", 8, "2150-03-02 08:00:00", "2150-03-06 12:00:00", "Hydroxyurea", "500", "mg", "PO", "DAILY"),
]  # fmt: skip

_STAY = "2150-03-02 01:00:00", "2150-03-06 12:00:00"

TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "F", 60, 2150, "2011 - 2013", ""] for p in ("3001", "3002", "3003", "3004", "3005", "3006", "3007")],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location,edregtime,edouttime",
        [[p, h, *_STAY, "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""] for p, h in (("3001", "7001"), ("3002", "7002"), ("3004", "7004"), ("3005", "7005"), ("3006", "7006"))]
        + [
            ["3003", "7003", "2150-03-01 12:00:00", "2150-03-12 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
            # 4a. an earlier stay whose diagnoses are coded at its discharge, and a
            # same-day surgical admission without labs a year later
            ["3007", "7071", "2149-01-10 08:00:00", "2149-01-20 12:00:00", "", "OBSERVATION ADMIT", "EMERGENCY ROOM", "HOME", "", ""],
            ["3007", "7072", "2150-03-02 07:00:00", "2150-03-03 12:00:00", "", "SURGICAL SAME DAY ADMISSION", "PHYSICIAN REFERRAL", "HOME", "", ""],
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50912, "Creatinine", "Blood", "Chemistry"],
            [50971, "Potassium", "Blood", "Chemistry"],
            [50960, "Magnesium", "Blood", "Chemistry"],
        ],
    ),
    "hosp/labevents": (
        LAB,
        [
            # 1. ESKD: kidney-failure creatinine on arrival, dialysed that day
            _cr("3001", "7001", "2150-03-02 04:00:00", 9.5),
            _cr("3001", "7001", "2150-03-03 04:00:00", 6.1),
            # 1b. CKD G5 not on dialysis: stably raised, no earlier value
            _cr("3002", "7002", "2150-03-02 03:00:00", 5.1),
            _cr("3002", "7002", "2150-03-03 05:00:00", 4.8),
            _cr("3002", "7002", "2150-03-04 05:00:00", 4.6),
            # 1d. stage 3 on admission, recovering to 2.0, then a new rise to 2.8
            _cr("3003", "7003", "2150-03-01 13:00:00", 6.2),
            _cr("3003", "7003", "2150-03-03 05:00:00", 4.0),
            _cr("3003", "7003", "2150-03-05 05:00:00", 2.6),
            _cr("3003", "7003", "2150-03-07 05:00:00", 2.1),
            _cr("3003", "7003", "2150-03-08 05:00:00", 2.0),
            _cr("3003", "7003", "2150-03-09 05:00:00", 2.3),
            _cr("3003", "7003", "2150-03-10 04:00:00", 2.8),
            # 1c. a point-of-care creatinine with an interference comment, then the
            # laboratory's values
            _cr("3004", "", "2150-01-10 10:00:00", 0.8),
            _cr("3004", "", "2150-03-02 00:30:00", 2.0, "POINT OF CARE.  Hydroxyurea may cause falsely elevated values with this method."),
            _cr("3004", "7004", "2150-03-02 06:00:00", 1.0),
            _cr("3004", "7004", "2150-03-03 06:00:00", 0.9),
            # 3. potassium normal, magnesium low
            _cr("3005", "7005", "2150-03-03 06:00:00", 0.9),
            _lab("3005", "7005", 50971, "2150-03-02 06:00:00", 3.4, "mEq/L", 3.3, 5.1),
            _lab("3005", "7005", 50971, "2150-03-03 06:00:00", 3.6, "mEq/L", 3.3, 5.1),
            _lab("3005", "7005", 50960, "2150-03-03 06:00:00", 1.4, "mg/dL", 1.6, 2.6),
            _cr("3006", "7006", "2150-03-02 06:00:00", 0.9),
        ],
    ),
    "hosp/prescriptions": (
        RX,
        [[p, h, i, a, b, "MAIN", d, "0", dose, u, "", r] for p, h, i, a, b, d, dose, u, r, _ in _ORDERS],
    ),
    "hosp/pharmacy": (
        PHARMACY,
        [[p, h, i, a, b, d, "Active", f] for p, h, i, a, b, d, _, _, _, f in _ORDERS],
    ),
    "hosp/d_icd_procedures": (
        "icd_code,icd_version,long_title",
        [
            ["3995", 9, "Hemodialysis"],
            ["02C03ZZ", 10, "Extirpation of Matter from Coronary Artery, One Artery, Percutaneous Approach"],
        ],
    ),
    "hosp/procedures_icd": (
        "subject_id,hadm_id,seq_num,chartdate,icd_code,icd_version",
        [["3001", "7001", 1, "2150-03-02", "3995", 9], ["3006", "7006", 1, "2150-03-02", "02C03ZZ", 10]],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [["I6032", 10, "Nontraumatic subarachnoid hemorrhage from left posterior communicating artery"], ["I671", 10, "Cerebral aneurysm, nonruptured"]],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [["3007", "7071", 1, "I6032", 10], ["3007", "7072", 1, "I671", 10]],
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    pids = ("3001", "3002", "3003", "3004", "3005", "3006", "3007")
    return records(tmp_path_factory, "r8b", TABLES, pids)


_ctx = real_context


# ------------------------------------------------ 1. KDIGO applied without context
def test_maintenance_dialysis_is_read_from_the_drugs_of_a_dialysis_patient(real):
    """Dialysed on the day of arrival with Nephrocaps and cinacalcet ordered, no ESKD
    code yet (coded at discharge): the old reading staged "KDIGO stage 3: dialysis was
    started"; a maintenance session is no AKI, and the follow-up is the dialysis unit."""
    ctx = _ctx(real, "3001", "7001", "2150-03-03")
    assert ctx.facts.dialysis is not None and not ctx.facts.conditions
    assert on_maintenance_dialysis(ctx.facts)
    assert aki_facts(ctx.facts) is None
    assert RN.kdigo_aki(ctx) is None and RN.aki_consult(ctx) is None
    service, _, _, accepted, days, decision = WR.followup_plan(ctx)
    assert decision.startswith("dialysis unit") and days == 3
    assert "dialysis" in accepted and "primary care" not in accepted


def test_stable_severely_raised_creatinine_reads_as_ckd_not_an_aki_on_admission(real):
    """5.1, 4.8, 4.6 with no earlier value: the old gold said "no AKI" and "the AKI was
    present on admission" in one sentence; a fall of 0.5 is no KDIGO criterion."""
    assert (
        recovery_baseline([("2150-03-02T03:00", 5.1), ("2150-03-04T05:00", 4.6)], True)
        is None
    )
    ctx = _ctx(real, "3002", "7002", "2150-03-04")
    d = RN.kdigo_aki(ctx)
    assert d is not None and d.decision == "stable reduced function"
    assert "no evidence of an acute rise" in d.gold_answer.en
    assert "chronic kidney disease" in d.gold_answer.en
    assert "present on admission" not in d.gold_answer.en
    assert "入院时即存在" not in d.gold_answer.zh and "慢性肾脏病" in d.gold_answer.zh
    # not on dialysis, eGFR below 30: nephrology follows it up (KDIGO 2012 CKD 5.1.1)
    assert WR.followup_plan(ctx)[5].startswith("nephrology")


def test_an_interference_flagged_point_of_care_creatinine_is_not_staged(real):
    """A point-of-care 2.0 ("may cause falsely elevated values") then 1.0 and 0.9 from
    the laboratory: the old gold staged 2.0 against 0.8 as KDIGO stage 2."""
    note = "POINT OF CARE.  Hydroxyurea may cause falsely elevated values with this method."
    assert falsely_raised(note) and spurious("creatinine", note)
    assert not spurious("creatinine", "Hemolysis falsely elevates this test.")
    ctx = _ctx(real, "3004", "7004", "2150-03-03")
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.peak == 1.0 and aki.stage == 0
    d = RN.kdigo_aki(ctx)
    assert d is not None and "assay interference" in d.gold_answer.en
    assert "2 on 2150-03-02" in d.gold_answer.en and "受检测干扰" in d.gold_answer.zh


def test_a_new_rise_after_the_recovery_is_a_new_aki_event(real):
    """6.2 on admission, down to 2.0, then 2.3 and 2.8 within 48 h: the old gold said
    only "stage 3 (peak 6.2 against 2.0)", and its consult note "(admitted with
    inpatient)"."""
    ctx = _ctx(real, "3003", "7003", "2150-03-10")
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.stage == 3 and aki.new_stage == 1
    assert aki.new_from == 2.0 and aki.current_stage == 1
    d = RN.kdigo_aki(ctx)
    assert d is not None and d.decision == "new stage 1"
    assert d.gold_answer.en.startswith("A new AKI now: KDIGO stage 1")
    assert "stage 3" in d.gold_answer.en and "新发" in d.gold_answer.zh
    consult = RN.aki_consult(ctx)
    assert consult is not None
    note = consult.gold_actions[-1].arguments["note"]
    assert note.startswith("New KDIGO stage 1 AKI: creatinine rose from 2 to 2.8")
    assert "0.3 mg/dL" not in d.gold_answer.en  # the criterion is no record value
    assert "inpatient" not in note and "住院）" not in consult.gold_answer.zh


# ---------------------------------------- 2. follow-up by indication (the one plan)
def test_follow_up_goes_to_the_service_the_indication_needs(real):
    """A coronary intervention with aspirin and ticagrelor: cardiology with cardiac
    rehabilitation, not primary care at 7 days; warfarin started this stay comes first
    (an INR check in 3 days)."""
    assert (
        procedure_indication(
            "Restriction of Intracranial Artery with Intraluminal Device, Percutaneous Approach"
        )
        == "aneurysm"
    )
    assert procedure_indication("Transcatheter embolization for gastric or duodenal bleeding") == "ugi_bleed"  # fmt: skip
    assert procedure_indication("Unilateral simple mastectomy") == "breast"
    assert procedure_indication("Cardiac mapping") == "ablation"
    assert procedure_indication("Fluoroscopy of Multiple Coronary Arteries, Diagnostic") == ""  # fmt: skip
    ctx = _ctx(real, "3006", "7006", "2150-03-03")
    assert dual_antiplatelet(ctx.facts) is not None
    assert warfarin_started(ctx.facts) is not None
    assert WR.followup_plan(ctx)[5] == "INR check, 3 days"
    ctx.facts.orders = [o for o in ctx.facts.orders if "warfarin" not in o.name.lower()]
    service, _, reason, accepted, days, decision = WR.followup_plan(ctx)
    assert decision == "cardiology, 14 days" and "cardiac rehabilitation" in reason
    assert "primary care" not in accepted and "cardiology" in accepted
    d = WR.followup(ctx)
    assert d is not None and any(c.name == "Procedure.search" for c in d.gold_actions)


def test_home_warfarin_is_no_warfarin_start():
    o = MedOrder("1", "Warfarin", "warfarin", 5, "mg", "PO", "DAILY", "active",
                 "2150-03-02T08:00:00", "", hadm_id="h")  # fmt: skip
    f = _cr_facts([("2150-01-01T06:00:00", 1.0)])
    f.orders, f.hadm_id, f.start = [o], "h", "2150-03-01T08:00:00"
    assert warfarin_started(f) is o
    f.home = {"warfarin": "Warfarin 5 mg daily"}
    assert warfarin_started(f) is None


# ----------------------------- 3. potassium: what runs, and the magnesium beside it
def test_a_running_potassium_order_is_continued_and_the_low_magnesium_named(real):
    """K 3.6 with KCl 20 mEq daily running and magnesium 1.4 already being replaced:
    the old gold said "No replacement is needed ... Monitor it" and left the magnesium
    out."""
    ctx = _ctx(real, "3005", "7005", "2150-03-03")
    d = EL.potassium_dose(ctx)
    assert d is not None and d.decision == "continue the ordered replacement"
    assert "No replacement is needed" not in d.gold_answer.en
    assert "continue the ordered replacement" in d.gold_answer.en
    assert "give magnesium again" in d.gold_answer.en and "补镁" in d.gold_answer.zh
    assert "Magnesium is low at 1.4" in d.gold_answer.en
    assert any(
        c.name == "MedicationRequest.search"
        and c.arguments.get("medication") == "magnesium"
        for c in d.gold_actions
    )


# ------------------------------------------------- 4a. this admission's diagnoses
def test_an_earlier_stays_discharge_diagnoses_are_not_this_admissions(real):
    """A same-day surgical admission without labs (read encounter-based): the old facts
    took the subarachnoid haemorrhage coded at the discharge of a stay a year before as
    this admission's principal diagnosis."""
    ctx = _ctx(real, "3007", "7072", "2150-03-02")
    assert ctx.facts.encounter_based
    assert not any(c.startswith("I60") for c, _ in ctx.facts.conditions)
    assert any(c.startswith("I60") for c, _, _ in ctx.facts.history)


# ------------------------------- 4b. a whole-blood extreme the laboratory confirmed
def test_a_whole_blood_peak_matched_by_a_serum_value_is_cited_as_the_serum_one():
    """Potassium 6.2 on a blood gas at 00:44 and 6.2 on serum at 01:56: the old trend
    cited the blood-gas one with the whole-blood caveat."""
    pts = [
        LabPoint("2150-01-17T07:00:00", 4.4, "mEq/L", "N"),
        LabPoint("2150-01-18T00:44:00", 6.2, "mEq/L", "H", whole_blood=True),
        LabPoint("2150-01-18T01:56:00", 6.2, "mEq/L", "H"),
        LabPoint("2150-01-18T03:00:00", 3.1, "mEq/L", "L", whole_blood=True),
        LabPoint("2150-01-18T04:00:00", 3.1, "mEq/L", "L"),
        LabPoint("2150-01-20T06:00:00", 4.5, "mEq/L", "N"),
    ]
    k = LabSeries(LABS["potassium"], pts)
    assert k.highest is pts[2] and not k.highest.whole_blood
    assert k.lowest is pts[4]
    assert specimen_text(k, [k.highest, k.lowest]) == ("", "")
    assert [p for _, p in k.excursions()] == [pts[4], pts[2]]


# ---------------------------------- 4c. rescue drugs stay on the discharge list
def test_rescue_prn_drugs_are_on_the_discharge_list():
    def prn(name: str, dose: float | None) -> MedOrder:
        return MedOrder("1", name, None, dose, "", "INH", "Q4H:PRN", "active",
                        "2150-03-02T08:00:00", "")  # fmt: skip

    assert prn_reconciled(prn("Albuterol Inhaler", None))
    assert prn_reconciled(prn("Nitroglycerin SL", 0.4))
    assert not prn_reconciled(prn("Nitroglycerin", 0.4))  # an infusion is no rescue
    assert not prn_reconciled(prn("Ondansetron", 4))
    assert prn_reconciled(prn("OxyCODONE (Immediate Release)", 5))
