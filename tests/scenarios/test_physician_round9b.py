"""Gold a physician signs on real records, round 9b (issue #37): the medication,
anticoagulation, discharge-list and follow-up classes of the fresh physician reading of
the round-8/8b demo build, fixed by their principle and tested on hand-made records in
MIMIC-IV format (invented values, never MIMIC's). Each test fails on the behaviour
before the fix. The last test reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from _real_records import (
    LAB,
    demo_root,
    order_tables,
    real_context,
    records,
)
from _real_records import cr as _cr
from _real_records import hb as _hb
from test_gold_rules import _gold_ok

from physassist_env.clinical.antithrombotic import af_dose_problem
from physassist_env.clinical.bleeding import HB_DROP, HB_DROP_HOURS, haemoglobin_fall
from physassist_env.clinical.discharge import prn_reconciled
from physassist_env.clinical.followup import procedure_indication
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.scenarios.derived import (
    DischargeList,
    daily_dose,
    home_antiplatelets,
    last_discharge_list,
)
from physassist_env.scenarios.features import MedOrder, admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.topics import gathering as G
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import writes as WR
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.scenarios.topics.reconciliation import list_age_note

#: (subject, hadm, pharmacy_id, start, stop, drug, dose, unit, route, frequency, status)
_ORDERS = [
    # 1. IV pantoprazole stopped late on the session day, oral from the next morning
    ("4001", "8001", 1, "2150-03-01 03:00:00", "2150-03-03 23:00:00", "Pantoprazole", "40", "mg", "IV", "Q12H", "Discontinued"),
    ("4001", "8001", 2, "2150-03-04 00:00:00", "2150-03-05 12:00:00", "Pantoprazole", "40", "mg", "PO", "Q12H", "Discontinued via patient discharge"),
    ("4001", "8001", 3, "2150-03-01 08:00:00", "2150-03-05 12:00:00", "FoLIC Acid", "1", "mg", "PO", "DAILY", "Discontinued via patient discharge"),
    ("4001", "8001", 4, "2150-03-01 08:00:00", "2150-03-05 12:00:00", "Cyanocobalamin", "50", "mcg", "PO", "DAILY", "Discontinued via patient discharge"),
    # 1b. an IV antiepileptic and an IV H2 blocker running: the antiepileptic goes home by
    # mouth, the H2 blocker gives way to the PPI (one acid suppressant)
    ("4001", "8001", 18, "2150-03-01 08:00:00", "2150-03-05 12:00:00", "LevETIRAcetam", "500", "mg", "IV", "Q12H", "Discontinued via patient discharge"),
    ("4001", "8001", 19, "2150-03-01 08:00:00", "2150-03-05 12:00:00", "Famotidine", "20", "mg", "IV", "Q12H", "Discontinued via patient discharge"),
    # 2. aspirin and clopidogrel on the last discharge list; a same-day stay orders none
    ("4002", "8021", 5, "2150-01-10 08:00:00", "2150-01-15 12:00:00", "Aspirin", "81", "mg", "PO", "DAILY", "Discontinued via patient discharge"),
    ("4002", "8021", 6, "2150-01-10 08:00:00", "2150-01-15 12:00:00", "Clopidogrel", "75", "mg", "PO", "DAILY", "Discontinued via patient discharge"),
    # 3. rivaroxaban at the VTE-prophylaxis dose beside prasugrel and aspirin 325 mg
    ("4003", "8031", 7, "2150-03-01 08:00:00", "2150-03-06 12:00:00", "Rivaroxaban", "10", "mg", "PO", "DAILY", "Active"),
    ("4003", "8031", 8, "2150-03-01 08:00:00", "2150-03-06 12:00:00", "Prasugrel", "10", "mg", "PO", "DAILY", "Active"),
    ("4003", "8031", 9, "2150-03-01 08:00:00", "2150-03-06 12:00:00", "Aspirin", "325", "mg", "PO", "DAILY", "Active"),
    # 5. a stay that discharged straight into this one, the same day
    ("4006", "8061", 10, "2150-02-21 08:00:00", "2150-03-02 10:00:00", "Phenobarbital", "30", "mg", "PO", "TID", "Discontinued via patient discharge"),
    ("4006", "8062", 11, "2150-03-02 14:00:00", "2150-03-08 12:00:00", "Sertraline", "25", "mg", "PO", "DAILY", "Active"),
    # 6. hydromorphone scheduled and IV pantoprazole at the last discharge; hydromorphone
    # as needed and no PPI now
    ("4007", "8071", 12, "2150-01-05 19:00:00", "2150-01-12 21:00:00", "HYDROmorphone (Dilaudid)", "6-8", "mg", "PO/NG", "Q3H", "Discontinued via patient discharge"),
    ("4007", "8071", 13, "2150-01-05 00:00:00", "2150-01-12 21:00:00", "Pantoprazole", "40", "mg", "IV", "Q12H", "Discontinued via patient discharge"),
    ("4007", "8071", 14, "2150-01-05 08:00:00", "2150-01-12 21:00:00", "Sertraline", "50", "mg", "PO", "DAILY", "Discontinued via patient discharge"),
    ("4007", "8072", 15, "2150-03-02 14:00:00", "2150-03-08 12:00:00", "HYDROmorphone (Dilaudid)", "4-6", "mg", "PO/NG", "Q4H:PRN", "Active"),
    ("4007", "8072", 16, "2150-03-02 08:00:00", "2150-03-08 12:00:00", "Sertraline", "50", "mg", "PO", "DAILY", "Active"),
    ("4007", "8072", 17, "2150-03-02 08:00:00", "2150-03-08 12:00:00", "Docusate Sodium", "100", "mg", "PO", "BID", "Active"),
]  # fmt: skip

_PIDS = ("4001", "4002", "4003", "4004", "4005", "4006", "4007")

TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "F", 60, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location,edregtime,edouttime",
        [
            ["4001", "8001", "2150-03-01 02:00:00", "2150-03-05 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
            ["4002", "8021", "2150-01-10 02:00:00", "2150-01-15 12:00:00", "", "URGENT", "EMERGENCY ROOM", "HOME", "", ""],
            ["4002", "8022", "2150-03-02 01:00:00", "2150-03-02 19:00:00", "", "EU OBSERVATION", "EMERGENCY ROOM", "HOME", "", ""],
            ["4003", "8030", "2149-01-01 02:00:00", "2149-01-05 12:00:00", "", "URGENT", "EMERGENCY ROOM", "HOME", "", ""],
            ["4003", "8031", "2150-03-01 02:00:00", "2150-03-06 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
            ["4004", "8041", "2150-03-02 07:00:00", "2150-03-04 12:00:00", "", "SURGICAL SAME DAY ADMISSION", "PHYSICIAN REFERRAL", "HOME", "", ""],
            ["4005", "8051", "2150-03-01 07:00:00", "2150-03-08 12:00:00", "", "ELECTIVE", "PHYSICIAN REFERRAL", "HOME", "", ""],
            ["4006", "8061", "2150-02-20 20:00:00", "2150-03-02 10:00:00", "", "EW EMER.", "EMERGENCY ROOM", "PSYCH FACILITY", "", ""],
            ["4006", "8062", "2150-03-02 12:00:00", "2150-03-08 12:00:00", "", "EW EMER.", "TRANSFER FROM HOSPITAL", "HOME", "", ""],
            ["4007", "8071", "2150-01-04 20:00:00", "2150-01-12 22:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
            ["4007", "8072", "2150-03-02 02:00:00", "2150-03-08 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [[50912, "Creatinine", "Blood", "Chemistry"], [51222, "Hemoglobin", "Blood", "Hematology"]],
    ),
    "hosp/labevents": (
        LAB,
        [
            _hb("4001", "8001", "2150-03-01 04:00:00", 9.6),
            _hb("4001", "8001", "2150-03-03 04:00:00", 9.4),
            # 2. a 1 g/dL fall within hours, not 2 g/dL
            _hb("4002", "8022", "2150-03-02 02:00:00", 9.9),
            _hb("4002", "8022", "2150-03-02 09:00:00", 8.9),
            _cr("4003", "8031", "2150-03-02 06:00:00", 0.9),
            _hb("4003", "8031", "2150-03-02 06:00:00", 12.5),
            _cr("4004", "8041", "2150-03-03 06:00:00", 0.9),
            _cr("4005", "8051", "2150-03-03 06:00:00", 1.0),
            _cr("4006", "8062", "2150-03-03 06:00:00", 0.8),
            _cr("4007", "8072", "2150-03-03 06:00:00", 0.8),
        ],
    ),
    **order_tables(_ORDERS),
    "hosp/d_icd_procedures": (
        "icd_code,icd_version,long_title",
        [
            ["03CK0ZZ", 10, "Extirpation of Matter from Right Internal Carotid Artery, Open Approach"],
            ["02RF38Z", 10, "Replacement of Aortic Valve with Zooplastic Tissue, Percutaneous Approach"],
        ],
    ),
    "hosp/procedures_icd": (
        "subject_id,hadm_id,seq_num,chartdate,icd_code,icd_version",
        [["4004", "8041", 1, "2150-03-02", "03CK0ZZ", 10], ["4005", "8051", 1, "2150-03-02", "02RF38Z", 10]],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I4891", 10, "Unspecified atrial fibrillation"],
            ["I10", 10, "Essential (primary) hypertension"],
            ["E119", 10, "Type 2 diabetes mellitus without complications"],
            ["I214", 10, "Non-ST elevation (NSTEMI) myocardial infarction"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [
            ["4002", "8021", 1, "I214", 10], ["4002", "8021", 2, "I4891", 10],
            ["4002", "8021", 3, "I10", 10], ["4002", "8021", 4, "E119", 10],
            ["4003", "8030", 1, "I4891", 10], ["4003", "8030", 2, "I10", 10],
            ["4003", "8030", 3, "E119", 10],
        ],
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r9b", TABLES, _PIDS)


_ctx = real_context


# ------------------------------------------------ 1. the IV PPI of an ulcer bleed
def test_an_iv_ppi_stopped_late_on_the_session_day_goes_home_by_mouth(real):
    """IV pantoprazole q12h ends at 23:00 on the session day and the oral order starts
    the next morning: the day gate shows the IV order ended and the oral one not yet,
    and the old list was "Folic Acid; Cyanocobalamin" (unsafe: no PPI)."""
    ctx = _ctx(real, "4001", "8001", "2150-03-03")
    assert not any("pantoprazole" in o.name.lower() for o in ctx.facts.active_orders())
    assert G.ppi_ending_today(ctx.facts) is not None
    d = G.discharge_meds(ctx)
    assert d is not None
    # round 10: each drug with its dose, route and frequency, by mouth when converted
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "Pantoprazole 40 mg PO Q12H (IV now: by mouth at discharge, same dose)" in en
    assert "泮托拉唑 40 mg 口服 每12小时一次（静脉改口服，剂量相同）" in zh
    assert (
        "Levetiracetam 500 mg PO Q12H (IV now: by mouth at discharge, same dose)" in en
    )
    assert "左乙拉西坦 500 mg 口服 每12小时一次（静脉改口服，剂量相同）" in zh
    assert "Famotidine" not in d.gold_answer.en
    assert any(
        c.name == "MedicationRequest.search"
        and c.arguments.get("medication") == "Pantoprazole"
        for c in d.gold_actions
    )
    _gold_ok(d, ctx)
    # once-daily IV pantoprazole (stress-ulcer prophylaxis) ending that day does not go
    # home
    daily = [
        o for o in ctx.facts.orders if o.name == "Pantoprazole" and o.route == "IV"
    ]
    ctx.facts.orders = [o for o in ctx.facts.orders if o not in daily] + [
        replace(o, frequency="Q24H") for o in daily
    ]
    assert G.ppi_ending_today(ctx.facts) is None
    # the day after, the oral order is active: no IV conversion is claimed
    later = _ctx(real, "4001", "8001", "2150-03-04")
    assert G.ppi_ending_today(later.facts) is None


# ------------------------------------------------ 2. antithrombotic safety in AF
def test_home_dual_antiplatelets_and_a_haemoglobin_drop_qualify_anticoagulation(real):
    """AF with CHA2DS2-VASc 4, aspirin and clopidogrel on the discharge list of an MI
    stay 7 weeks ago, a same-day observation stay ordering nothing, haemoglobin 9.9 ->
    8.9 g/dL in 7 h: the old gold said "anticoagulation is recommended" (unsafe)."""
    ctx = _ctx(real, "4002", "8022", "2150-03-02")
    assert home_antiplatelets(ctx.toolkit.view, ctx.facts) == ["aspirin", "clopidogrel"]
    assert ctx.facts.haemoglobin_fall() is None  # not the 2 g/dL of a major bleed
    assert ctx.facts.haemoglobin_fall(HB_DROP, HB_DROP_HOURS) is not None
    d = RS.cha2ds2vasc(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "anticoagulation is recommended" not in en
    assert "triple therapy" in en and "clopidogrel" in en
    assert "haemoglobin fall from 9.9 to 8.9" in en
    assert "三联" in zh and "血红蛋白下降（从 9.9 降至 8.9" in zh
    assert not any(it.criterion.en == "Recommends anticoagulation" for it in d.rubric)
    tools = [c.name for c in d.gold_actions]
    assert "Observation.search" in tools and "MedicationRequest.search" in tools
    _gold_ok(d, ctx)


def test_running_doac_dose_p2y12_and_aspirin_dose_are_checked_for_af(real):
    """Rivaroxaban 10 mg daily (VTE prophylaxis), prasugrel and aspirin 325 mg: the old
    gold said "continue the rivaroxaban already ordered"."""
    assert af_dose_problem("rivaroxaban", 10.0) is not None
    assert af_dose_problem("rivaroxaban", 20.0) is None
    assert af_dose_problem("apixaban", 2.5) is None
    assert af_dose_problem("warfarin", 3.0) is None
    ctx = _ctx(real, "4003", "8031", "2150-03-03")
    d = RS.cha2ds2vasc(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "continue the rivaroxaban already ordered" not in en
    assert "not an AF dose" in en and "20 mg once daily" in en
    assert (
        "clopidogrel is the P2Y12 inhibitor" in en and "aspirin is 325 mg a day" in en
    )
    assert "不是房颤剂量" in zh and "应为氯吡格雷" in zh
    _gold_ok(d, ctx)
    dm = G.discharge_meds(ctx)
    assert (
        dm is not None
        and "aspirin 325 mg a day beside rivaroxaban" in dm.gold_answer.en
    )


# ------------------------------------------------ 3. reconciliation
def test_product_rows_of_one_order_by_mouth_and_tube_count_once():
    """Senna 17.2 mg daily dispensed as a tablet (PO) and a syrup (NG): one order, 17.2
    mg a day, not 34.4 ("a higher dose a day now")."""

    def row(i: str, route: str) -> MedOrder:
        return MedOrder(i, "Senna", "senna", 17.2, "mg", route, "DAILY", "active",
                        "2150-03-02T22:00:00", "2150-03-08T18:00:00")  # fmt: skip

    d = daily_dose([row("1", "NG"), row("2", "PO")])
    assert d is not None and d.amount == pytest.approx(17.2)


def test_a_stay_that_discharged_into_this_one_is_the_last_list(real):
    """Discharged at 10:00 to this admission at 12:00 the same day: the old reading
    skipped it and compared with an older list."""
    ctx = _ctx(real, "4006", "8062", "2150-03-04")
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    assert last is not None and last.hadm_id == "8061"
    assert "phenobarbital" in last.generics


def test_schedule_and_route_changes_and_a_ppi_that_went_home_by_mouth(real):
    """Hydromorphone 6-8 mg q3h scheduled at the last discharge, 4-6 mg q4h as needed
    now; IV pantoprazole running at the last discharge (it went home by mouth), none
    now: the old changes list named neither."""
    ctx = _ctx(real, "4007", "8072", "2150-03-04")
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    assert last is not None and "pantoprazole" in last.generics
    assert last.schedule["hydromorphone"] == "scheduled"
    d = RC.discharge_changes(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "pantoprazole" in en.split("stopped since then:")[1]
    assert "hydromorphone (now as needed, scheduled at the last discharge)" in en
    assert "现改为按需使用" in zh
    _gold_ok(d, ctx)
    ranged = MedOrder("1", "HYDROmorphone (Dilaudid)", "hydromorphone", None, "mg",
                      "PO", "Q4H:PRN", "active", "2150-03-02T08:00:00", "",
                      dose_range=(4.0, 6.0))  # fmt: skip
    assert prn_reconciled(ranged)


def test_an_old_last_discharge_list_says_its_age():
    old = DischargeList("1", "2147-01-05T12:00:00", ["lisinopril"])
    en, zh = list_age_note(old, "2150-03-03")
    assert "3.2 years old" in en and "confirm" in en and "3.2 年前" in zh
    recent = DischargeList("1", "2150-01-05T12:00:00", ["lisinopril"])
    assert list_age_note(recent, "2150-03-03") == ("", "")


# ------------------------------------------------ 4. follow-up by procedure
def test_follow_up_after_carotid_endarterectomy_and_tavr(real):
    """CEA -> vascular surgery (was primary care); TAVR -> structural cardiology (was
    "after cardiac surgery")."""
    assert procedure_indication("Drainage of Pericardial Cavity with Drainage Device, Percutaneous Approach") == "pericardial"  # fmt: skip
    assert procedure_indication("Endoscopic removal of stone(s) from biliary tract") == "biliary"  # fmt: skip
    assert procedure_indication("Removal of Drainage Device from Pericardial Cavity, Percutaneous Approach") == ""  # fmt: skip
    ctx = _ctx(real, "4004", "8041", "2150-03-03")
    cea = WR.followup_plan(ctx)
    assert cea[5] == "vascular surgery, 14 days" and "primary care" not in cea[3]
    d = WR.followup(ctx)
    assert d is not None and "vascular surgery" in d.gold_answer.en
    _gold_ok(d, ctx)
    tavr = WR.followup_plan(_ctx(real, "4005", "8051", "2150-03-05"))
    assert tavr[5] == "structural cardiology, 14 days"
    assert "cardiac surgery" not in tavr[2] and "echocardiogram" in tavr[2]


def test_haemoglobin_drop_thresholds():
    pts = [("2150-03-02T02:00:00", 9.9), ("2150-03-02T09:00:00", 8.9)]
    assert haemoglobin_fall(pts, True) is None
    assert haemoglobin_fall(pts, True, HB_DROP, HB_DROP_HOURS) is not None
    late = [("2150-02-28T02:00:00", 9.9), ("2150-03-02T09:00:00", 8.9)]
    assert haemoglobin_fall(late, True, HB_DROP, HB_DROP_HOURS) is None


# ------------------------------------------------ the demo, when present
def test_demo_follow_up_after_procedures(tmp_path: Path) -> None:
    """On the demo (properties only): every admission whose procedures include a
    carotid endarterectomy or a TAVR gets that service, never primary care alone."""
    import pandas as pd

    from physassist_env.ehr.store import FhirStore
    from physassist_env.sources.mimic import MimicSource

    root = demo_root()
    proc = pd.read_csv(root / "hosp" / "procedures_icd.csv.gz", dtype=str)
    names = pd.read_csv(root / "hosp" / "d_icd_procedures.csv.gz", dtype=str)
    rows = proc.merge(names, on=["icd_code", "icd_version"])
    kinds = rows.assign(kind=rows.long_title.map(procedure_indication))
    hits = kinds[kinds.kind.isin(["carotid", "tavr"])].drop_duplicates("hadm_id")
    assert len(hits), "the demo has a carotid or TAVR procedure"
    src = MimicSource(root, cache_dir=tmp_path / "cache")
    for r in hits.head(2).itertuples():
        rec = next(iter(src.records([r.subject_id])))
        store = FhirStore.from_records([rec])
        enc = next(e for e in admissions(rec) if str(e["id"]) == r.hadm_id)
        day = str(enc["period"]["end"])[:10]
        facts = admission_facts(store.view(r.subject_id, day), enc)
        ctx = TopicContext(
            facts,
            EhrToolkit(store.view(r.subject_id, day)),
            np.random.default_rng(0),
            {},
        )
        plan = WR.followup_plan(ctx)
        assert plan[0] != "primary care", (r.hadm_id, plan)


def test_a_benzodiazepine_or_opioid_replaced_by_another_is_a_substitution():
    """Lorazepam at the last discharge, diazepam now (10010867-22950920 t3): a class
    substitution, not a stop and a new start."""
    last = DischargeList("1", "2150-01-05T12:00:00", ["lorazepam", "hydrocodone"])
    subs = RC.substitutions(
        ["lorazepam", "hydrocodone"], ["diazepam", "oxycodone", "sertraline"], last
    )
    assert subs == {"lorazepam": "diazepam", "hydrocodone": "oxycodone"}
