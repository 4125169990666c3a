"""Issue #37, the independent physician reading of real-record gold (23 of 180 turns
wrong): each class it found is reproduced on a small hand-made record in MIMIC-IV format
(invented values, the real pattern) and must be read right:

* a name search finds every record name holding the drug ("Ciprofloxacin HCl",
  "Vancomycin Oral Liquid"), not only the order whose code is the bare name;
* oral and IV vancomycin are two treatments: the last dose of each is given apart (the
  ICU's "Antibiotics (Non IV)" rows are oral), and IV vancomycin is dosed by levels at
  any clearance;
* "ward doses are not in the record" only when the patient was on the ward after the
  last recorded ICU dose;
* a recovered AKI asks for no nephrology consult; urgency follows the creatinine now;
* a haemolysed potassium starts no trend; a newer whole-blood potassium is the latest;
* HAS-BLED: alcohol dependence in remission does not count, coded aspirin use does, and
  an unknown blood pressure makes the score a minimum;
* reconciliation: the last discharge list holds PRN, transdermal and anti-infective
  orders; a drug ordered this admission and since stopped is not "continued"; a drug
  whose order was replaced by a change order (warfarin re-dosed) goes on;
* the white count judges no antibiotic in leukaemia; volume depletion is no nephrology
  consult; a dialysis patient's hyperkalaemia plan names dialysis.

The last test reads the MIMIC-IV demo (skipped when absent) and asserts only properties.
"""

from __future__ import annotations

import csv
import gzip
from pathlib import Path

import numpy as np
import pytest
from mimic_tables import hand_made_patient

from physassist_env.clinical.infection import wbc_judges_infection
from physassist_env.clinical.specimen import spurious
from physassist_env.ehr.store import FhirStore
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.scenarios.derived import aki_facts, last_discharge_list
from physassist_env.scenarios.features import LabPoint, LabSeries, admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RE
from physassist_env.scenarios.topics import records as RC
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import scores as SC
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.scenarios.topics.writes import CONSULTS
from physassist_env.scenarios.vocab import LABS
from physassist_env.sources.mimic import MimicSource

PID = "3001"
ICU_HADM, WARD_HADM = "7001", "7002"
LAB = "labevent_id,subject_id,hadm_id,specimen_id,itemid,charttime,storetime,value,valuenum,valueuom,ref_range_lower,ref_range_upper,flag,priority,comments"
HAEMOLYSED = "HEMOLYSIS FALSELY ELEVATES K.."


def _lab(i, hadm, item, t, v, unit, lo, hi, comment=""):
    flag = "abnormal" if (v < lo or v > hi) else ""
    return [i, PID, hadm, i, item, t, t, v, v, unit, lo, hi, flag, "ROUTINE", comment]


# (pharmacy_id, hadm, start, stop, drug, dose, unit, route, frequency, status)
_ORDERS = [
    # the ICU admission: IV and oral vancomycin at once, home drugs running to discharge
    (
        1,
        ICU_HADM,
        "2150-03-01 09:00:00",
        "2150-03-05 12:00:00",
        "Vancomycin",
        "1000",
        "mg",
        "IV",
        "Q12H",
        "Discontinued via patient discharge",
    ),
    (
        2,
        ICU_HADM,
        "2150-03-01 09:00:00",
        "2150-03-05 12:00:00",
        "Vancomycin Oral Liquid",
        "125",
        "mg",
        "PO/NG",
        "Q6H",
        "Discontinued via patient discharge",
    ),
    (
        3,
        ICU_HADM,
        "2150-03-01 09:00:00",
        "2150-03-05 12:00:00",
        "Nicotine Patch",
        "14",
        "mg",
        "TD",
        "DAILY",
        "Discontinued via patient discharge",
    ),
    (
        4,
        ICU_HADM,
        "2150-03-01 09:00:00",
        "2150-03-05 12:00:00",
        "Acetaminophen",
        "650",
        "mg",
        "PO",
        "Q6H:PRN",
        "Discontinued via patient discharge",
    ),
    (
        5,
        ICU_HADM,
        "2150-03-01 09:00:00",
        "2150-03-05 12:00:00",
        "Carvedilol",
        "25",
        "mg",
        "PO",
        "BID",
        "Discontinued via patient discharge",
    ),
    (
        6,
        ICU_HADM,
        "2150-03-01 09:00:00",
        "2150-03-05 12:00:00",
        "Levofloxacin",
        "750",
        "mg",
        "PO",
        "Q24H",
        "Discontinued via patient discharge",
    ),
    # the ward admission: ciprofloxacin IV then PO; carvedilol ordered and stopped
    (
        7,
        WARD_HADM,
        "2150-06-01 09:00:00",
        "2150-06-02 12:00:00",
        "Ciprofloxacin",
        "400",
        "mg",
        "IV",
        "Q12H",
        "Discontinued",
    ),
    (
        8,
        WARD_HADM,
        "2150-06-02 12:00:00",
        "2150-06-06 12:00:00",
        "Ciprofloxacin HCl",
        "250",
        "mg",
        "PO",
        "Q12H",
        "Active",
    ),
    (
        9,
        WARD_HADM,
        "2150-06-01 09:00:00",
        "2150-06-02 09:00:00",
        "Carvedilol",
        "25",
        "mg",
        "PO",
        "BID",
        "Discontinued",
    ),
    (
        10,
        WARD_HADM,
        "2150-06-01 09:00:00",
        "2150-06-06 12:00:00",
        "Acetaminophen",
        "650",
        "mg",
        "PO",
        "Q6H:PRN",
        "Active",
    ),
    # warfarin re-dosed: the order ends by a change order, the next starts tomorrow
    (
        11,
        WARD_HADM,
        "2150-06-01 16:00:00",
        "2150-06-03 16:00:00",
        "Warfarin",
        "3",
        "mg",
        "PO/NG",
        "DAILY16",
        "Inactive (Due to a change order)",
    ),  # fmt: skip
    (
        12,
        WARD_HADM,
        "2150-06-04 16:00:00",
        "2150-06-06 12:00:00",
        "Warfarin",
        "4",
        "mg",
        "PO/NG",
        "DAILY16",
        "Discontinued via patient discharge",
    ),  # fmt: skip
]

TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[PID, "M", 70, 2150, "2011 - 2013", ""]],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location,edregtime,edouttime",
        [
            [PID, ICU_HADM, "2150-03-01 06:00:00", "2150-03-05 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
            [PID, WARD_HADM, "2150-06-01 08:00:00", "2150-06-06 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "", ""],
        ],
    ),
    "icu/icustays": (
        "subject_id,hadm_id,stay_id,first_careunit,last_careunit,intime,outtime,los",
        [[PID, ICU_HADM, 9001, "Medical Intensive Care Unit (MICU)", "Medical Intensive Care Unit (MICU)", "2150-03-01 07:00:00", "2150-03-03 12:00:00", 2.2]],
    ),
    "icu/d_items": (
        "itemid,label,abbreviation,linksto,category,unitname,param_type,lownormalvalue,highnormalvalue",
        [[225798, "Vancomycin", "Vancomycin", "inputevents", "Antibiotics", "", "Solution", "", ""]],
    ),
    "icu/inputevents": (
        "subject_id,hadm_id,stay_id,caregiver_id,starttime,endtime,storetime,itemid,amount,amountuom,rate,rateuom,orderid,linkorderid,ordercategoryname,secondaryordercategoryname,ordercomponenttypedescription,ordercategorydescription,patientweight,totalamount,totalamountuom,isopenbag,continueinnextdept,statusdescription,originalamount,originalrate",
        [
            [PID, ICU_HADM, 9001, 1, "2150-03-02 08:00:00", "2150-03-02 08:01:00", "2150-03-02 08:05:00", 225798, 1, "dose", "", "", 501, 501, "08-Antibiotics (IV)", "", "Main order parameter", "Drug Push", 80, "", "", 0, 0, "FinishedRunning", 1, 1],
            [PID, ICU_HADM, 9001, 1, "2150-03-02 18:00:00", "2150-03-02 18:01:00", "2150-03-02 18:05:00", 225798, 1, "dose", "", "", 502, 502, "09-Antibiotics (Non IV)", "", "Main order parameter", "Non Iv Meds", 80, "", "", 0, 0, "FinishedRunning", 1, 1],
        ],
    ),
    "hosp/emar": (
        "subject_id,hadm_id,emar_id,emar_seq,poe_id,pharmacy_id,enter_provider_id,charttime,medication,event_txt,scheduletime,storetime",
        [
            [PID, WARD_HADM, f"{PID}-1", 1, "", 7, "", "2150-06-02 10:00:00", "Ciprofloxacin", "Administered", "2150-06-02 10:00:00", "2150-06-02 10:01:00"],
            [PID, WARD_HADM, f"{PID}-2", 2, "", 8, "", "2150-06-03 10:00:00", "Ciprofloxacin HCl", "Administered", "2150-06-03 10:00:00", "2150-06-03 10:01:00"],
            [PID, WARD_HADM, f"{PID}-3", 3, "", 8, "", "2150-06-03 20:00:00", "Ciprofloxacin HCl", "Administered", "2150-06-03 20:00:00", "2150-06-03 20:01:00"],
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50912, "Creatinine", "Blood", "Chemistry"],
            [50971, "Potassium", "Blood", "Chemistry"],
            [50822, "Potassium, Whole Blood", "Blood", "Blood Gas"],
        ],
    ),
    "hosp/labevents": (
        LAB,
        [
            # creatinine: stage 2 at its peak, recovered by the session
            _lab(1, ICU_HADM, 50912, "2150-03-01 06:30:00", 1.0, "mg/dL", 0.5, 1.2),
            _lab(2, ICU_HADM, 50912, "2150-03-01 20:00:00", 2.4, "mg/dL", 0.5, 1.2),
            _lab(3, ICU_HADM, 50912, "2150-03-02 06:00:00", 1.1, "mg/dL", 0.5, 1.2),
            # potassium: a haemolysed first value, the true course 2.7 -> 3.8, then a
            # newer whole-blood value
            _lab(4, ICU_HADM, 50971, "2150-03-01 06:30:00", 4.2, "mEq/L", 3.3, 5.1, HAEMOLYSED),
            _lab(5, ICU_HADM, 50971, "2150-03-01 20:00:00", 2.7, "mEq/L", 3.3, 5.1),
            _lab(6, ICU_HADM, 50971, "2150-03-02 06:00:00", 3.8, "mEq/L", 3.3, 5.1),
            _lab(7, ICU_HADM, 50822, "2150-03-02 19:00:00", 4.1, "mEq/L", 3.3, 5.1),
        ],
    ),
    "hosp/prescriptions": (
        "subject_id,hadm_id,pharmacy_id,starttime,stoptime,drug_type,drug,ndc,dose_val_rx,dose_unit_rx,doses_per_24_hrs,route",
        [
            [PID, hadm, pid, start, stop, "MAIN", drug, "0", dose, unit, "", route]
            for pid, hadm, start, stop, drug, dose, unit, route, _, _ in _ORDERS
        ],
    ),
    "hosp/pharmacy": (
        "subject_id,hadm_id,pharmacy_id,starttime,stoptime,medication,status,frequency",
        [
            [PID, hadm, pid, start, stop, drug, status, freq]
            for pid, hadm, start, stop, drug, _, _, _, freq, status in _ORDERS
        ],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I4891", 10, "Unspecified atrial fibrillation"],
            ["F1021", 10, "Alcohol dependence, in remission"],
            ["Z7982", 10, "Long term (current) use of aspirin"],
            ["D649", 10, "Anemia, unspecified"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [
            [PID, ICU_HADM, 1, "I4891", 10],
            [PID, ICU_HADM, 2, "F1021", 10],
            [PID, ICU_HADM, 3, "Z7982", 10],
            [PID, ICU_HADM, 4, "D649", 10],
        ],
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory):
    """(record, store) of the hand-made patient."""
    _, rec, store = hand_made_patient(tmp_path_factory.mktemp("reading37"), TABLES, PID)
    return rec, store


def _ctx(record, hadm: str, day: str) -> TopicContext:
    rec, store = record
    enc = next(e for e in admissions(rec) if str(e["id"]) == hadm)
    facts = admission_facts(store.view(PID, day), enc)
    return TopicContext(
        facts, EhrToolkit(store.view(PID, day)), np.random.default_rng(0), {}
    )


def test_a_name_search_finds_every_record_name_of_the_drug(record) -> None:
    ctx = _ctx(record, WARD_HADM, "2150-06-03")
    out = ctx.toolkit.call(
        "MedicationAdministration.search", {"medication": "ciprofloxacin"}
    ).text
    assert "Ciprofloxacin HCl" in out and "3 result(s)" in out
    d = RC.last_dose(ctx, "ciprofloxacin")
    assert d is not None and "2150-06-03 20:00" in d.gold_answer.en
    # eMAR rows exist for this admission: no caveat about the ward
    assert "not in this record" not in d.gold_answer.en


def test_oral_and_iv_vancomycin_are_given_apart(record) -> None:
    ctx = _ctx(record, ICU_HADM, "2150-03-02")
    out = ctx.toolkit.call(
        "MedicationAdministration.search", {"medication": "vancomycin"}
    ).text
    assert "Non IV" in out and "| Vancomycin 1 dose IV |" in out
    d = RC.last_dose(ctx, "vancomycin")
    assert d is not None
    en = d.gold_answer.en
    assert "intravenous vancomycin dose was given on 2150-03-02 08:00" in en
    assert "oral vancomycin" in en and "2150-03-02 18:00" in en
    assert any(it.critical and "IV dose" in it.criterion.en for it in d.rubric)
    # in the ICU from that dose to the end of the day: the ICU record is complete
    assert "not in this record" not in en
    assert not ctx.facts.ward_time_after("2150-03-02T18:00")


def test_ward_doses_unseen_only_after_ward_time(record) -> None:
    ctx = _ctx(record, ICU_HADM, "2150-03-03")  # out of the ICU at 12:00 that day
    assert not ctx.facts.ward_administrations
    assert ctx.facts.icu_periods and ctx.facts.ward_time_after("2150-03-02T18:00")
    d = RC.last_dose(ctx, "vancomycin")
    assert d is not None and "ward doses are not in this record" in d.gold_answer.en
    assert any(it.critical and "ward doses" in it.criterion.en for it in d.rubric)


def test_iv_vancomycin_is_dosed_by_levels_at_any_clearance(record) -> None:
    ctx = _ctx(record, ICU_HADM, "2150-03-02")
    ctx.facts.weight_kg = 80.0
    d = RS.crcl_dosing(ctx, "vancomycin")
    assert d is not None
    assert "no dose adjustment" not in d.gold_answer.en
    assert "levels" in d.gold_answer.en and "血药浓度" in d.gold_answer.zh
    assert d.decision == "levels"
    assert any("dosed by levels" in it.criterion.en for it in d.rubric)


def test_a_recovered_aki_asks_no_consult_and_urgency_is_the_state_now(
    record,
) -> None:
    ctx = _ctx(record, ICU_HADM, "2150-03-02")
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.stage == 2 and aki.current_stage == 0
    assert aki.recovered
    assert RN.aki_consult(ctx) is None
    # the same peak with the creatinine still at stage 3 now: urgent
    cr = ctx.facts.labs["creatinine"]
    ctx.facts.labs["creatinine"] = LabSeries(
        cr.lab, [*cr.points, LabPoint("2150-03-02T18:00:00", 3.2, "mg/dL", "H")]
    )
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.current_stage == 3
    d = RN.aki_consult(ctx)
    assert d is not None and d.decision == "urgent"
    assert "1 -> 3.2 mg/dL" in d.gold_answer.en
    # falling to stage 2 now: routine, and the note says where it is now
    cr = ctx.facts.labs["creatinine"]
    ctx.facts.labs["creatinine"] = LabSeries(
        cr.lab, [*cr.points, LabPoint("2150-03-02T22:00:00", 2.5, "mg/dL", "H")]
    )
    d = RN.aki_consult(ctx)
    assert d is not None and d.decision == "routine"
    assert "peak 3.2, now 2.5" in d.gold_answer.en and "目前 2.5" in d.gold_answer.zh


def test_a_haemolysed_potassium_starts_no_trend_and_whole_blood_counts(
    record,
) -> None:
    assert spurious("potassium", HAEMOLYSED)
    assert not spurious("potassium", "Specimen not hemolyzed")
    assert not spurious("sodium", HAEMOLYSED)
    assert "6298-4" in LABS["potassium"].loinc
    ctx = _ctx(record, ICU_HADM, "2150-03-02")
    k = ctx.facts.labs["potassium"]
    assert k.first.value == 2.7 and k.latest.value == 4.1  # whole blood, 19:00
    assert k.highest.value == 4.1 and k.trend() == "rising"
    d = GA.labs_trend(ctx, "creatinine", "potassium")
    assert d is not None
    assert "from 2.7 to 4.1" in d.gold_answer.en
    assert "haemolysed" in d.gold_answer.en and "溶血" in d.gold_answer.zh
    # the cited trend starts at the reliable value, not the haemolysed row
    from physassist_env.scenarios.provenance import ProvenanceBinder

    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, mimic_rows=True)
    from physassist_env.scenarios.rubric import trend_item

    trend = trend_item(LABS["potassium"], "rising", "2.7", "4.1")
    bound = binder.bind([trend], [], d.gold_answer.en).rubric[0]
    assert bound.provenance.evidence[0].row == {"labevent_id": "5"}


def test_has_bled_reads_remission_aspirin_and_unknown_pressure(record) -> None:
    # the admission's codes are billing codes known from its discharge (round 3)
    ctx = _ctx(record, ICU_HADM, "2150-03-05")
    assert not SC.alcohol_excess(ctx.facts)
    d = SC.has_bled(ctx)
    assert d is not None
    en = d.gold_answer.en
    # age 70, anaemia, coded aspirin use: 3; alcohol in remission does not count
    assert en.startswith("HAS-BLED is 3") and "alcohol" not in en
    assert "aspirin" in en and "minimum" in en and "最低" in d.gold_answer.zh


def test_reconciliation_reads_the_whole_last_list(record) -> None:
    ctx = _ctx(record, WARD_HADM, "2150-06-03")
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    assert last is not None and last.hadm_id == ICU_HADM
    # PRN, transdermal and anti-infective orders running at discharge are on it
    for g in ("acetaminophen", "nicotine", "levofloxacin", "carvedilol"):
        assert any(g in x for x in last.generics), (g, last.generics)
    d = RE.admission_reconciliation(ctx)
    assert d is not None
    en = d.gold_answer.en
    # carvedilol was ordered this admission and stopped: not "continued"
    assert "stopped this admission after being ordered: carvedilol" in en
    assert "levofloxacin" in en and "nicotine" in en.lower()
    assert "The other one was continued." in en  # acetaminophen, active


def test_a_changed_order_is_a_drug_that_goes_on(record) -> None:
    from physassist_env.scenarios.topics.safety import discharge_safety

    before = _ctx(record, WARD_HADM, "2150-06-02")
    shown = before.toolkit.call(
        "MedicationRequest.search", {"medication": "warfarin"}
    ).text
    assert "change order" not in shown  # why it ends is not known while it runs
    ctx = _ctx(record, WARD_HADM, "2150-06-03")
    assert [o.name for o in ctx.facts.changed_orders()] == ["Warfarin"]
    assert "Warfarin" in {o.name for o in ctx.facts.going_home_orders()}
    shown = ctx.toolkit.call(
        "MedicationRequest.search", {"medication": "warfarin"}
    ).text
    assert "Inactive (Due to a change order)" in shown
    item = discharge_safety(ctx, set())
    assert item is None or "Warfarin" not in item.criterion.en
    d = GA.discharge_meds(ctx)
    assert d is not None and "Warfarin" in d.gold_answer.en
    assert any(c.arguments.get("medication") == "Warfarin" for c in d.gold_actions)


def test_wbc_consult_and_dialysis_rules() -> None:
    # the white count follows the marrow in leukaemia / MDS
    assert not wbc_judges_infection(["C9200"]) and not wbc_judges_infection(["20500"])
    assert not wbc_judges_infection(["D469"])
    assert wbc_judges_infection(["J189", "N179"])

    def service(code: str) -> str | None:
        return next((s for p, s, _, _ in CONSULTS if code.startswith(p)), None)

    # volume depletion is no nephrology question; hyperkalaemia and AKI are
    assert service("27651") is None and service("E860") is None
    assert service("2767") == "nephrology" and service("N179") == "nephrology"


def test_a_dialysis_patients_hyperkalaemia_plan_names_dialysis(record) -> None:
    ctx = _ctx(record, ICU_HADM, "2150-03-02")
    k = ctx.facts.labs["potassium"]
    ctx.facts.labs["potassium"] = LabSeries(
        k.lab, [*k.points, LabPoint("2150-03-02T20:00:00", 6.2, "mEq/L", "H")]
    )
    plain = EL.hyperkalemia_plan(ctx)
    assert plain is not None and "dialysis" not in plain.gold_answer.en
    ctx.facts.history.append(("Z992", "Dependence on renal dialysis", ICU_HADM))
    d = EL.hyperkalemia_plan(ctx)
    assert d is not None and "urgent dialysis" in d.gold_answer.en
    assert "透析" in d.gold_answer.zh
    assert any(it.critical and "dialysis" in it.criterion.en for it in d.rubric)


DEMO = (
    Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "mimic-iv-demo-2.2"
)


def _demo_root() -> Path:
    for root in (DEMO, Path("/work/shared/data/mimic-iv-demo-2.2")):
        if (root / "icu" / "inputevents.csv.gz").exists():
            return root
    pytest.skip("MIMIC-IV demo not found (../shared/data/mimic-iv-demo-2.2)")


def test_demo_vancomycin_routes_and_haemolysed_trends(tmp_path: Path) -> None:
    """On the demo (properties only): every admission with both IV and non-IV ICU
    vancomycin rows gets both last doses; no potassium series starts on a haemolysed
    value."""
    root = _demo_root()
    both: dict[str, set[str]] = {}
    with gzip.open(root / "icu" / "inputevents.csv.gz", "rt") as fh:
        for r in csv.DictReader(fh):
            if r["itemid"] == "225798":
                both.setdefault(f"{r['subject_id']}|{r['hadm_id']}", set()).add(
                    "non" if "Non IV" in r["ordercategoryname"] else "iv"
                )
    pairs = sorted(k for k, v in both.items() if v == {"iv", "non"})
    assert pairs, "the demo has admissions with oral and IV vancomycin"
    src = MimicSource(root, cache_dir=tmp_path / "cache")
    for key in pairs[:2]:
        pid, hadm = key.split("|")
        rec = next(iter(src.records([pid])))
        store = FhirStore.from_records([rec])
        enc = next(e for e in admissions(rec) if str(e["id"]) == hadm)
        day = str(enc["period"]["end"])[:10]
        facts = admission_facts(store.view(pid, day), enc)
        if "vancomycin" not in facts.given:
            continue
        ctx = TopicContext(
            facts, EhrToolkit(store.view(pid, day)), np.random.default_rng(0), {}
        )
        d = RC.last_dose(ctx, "vancomycin")
        if d is not None and "intravenous" in d.gold_answer.en:
            assert "oral vancomycin" in d.gold_answer.en
        k = facts.labs.get("potassium")
        if k is not None:
            assert not spurious("potassium", k.first.note)
