"""Issue #37: gold a physician signs on real records. Each class of wrong claim found by a
physician reading MIMIC-IV demo sessions is reproduced on a small hand-made record in
MIMIC-IV format (invented values, the real pattern) and must be read right:

* "since admission" starts at the emergency-department stay of the same episode (the
  evening before ``admittime``), not at ``admittime``'s calendar day;
* the KDIGO baseline is a pre-admission creatinine where the record has one, and the
  answer says which value it used;
* discharge lists hold no IV drugs or diluents, and "new starts" name drugs the
  vocabulary did not know (dexamethasone);
* a stay that ends in an admission has no discharge to plan;
* every recorded reaction is named; microscopic haematuria is not bleeding; a random
  glucose of 108 mg/dL is not "high";
* no potassium replacement is proposed after the same dose was prescribed;
* a "last dose" from ICU rows only says the ward doses are not in the record;
* ZH gold writes mmol/L and x10^9/L; an admission that cannot be interviewed is built at
  a lower tier; the clinical audit finds each class.
"""

from __future__ import annotations

import numpy as np
import pytest
from mimic_tables import hand_made_patient

from physassist_env.audit.clinical import clinical_audit
from physassist_env.clinical.bleeding import is_bleeding_code
from physassist_env.clinical.discharge import inpatient_only
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.scenarios import planner
from physassist_env.scenarios.derived import aki_facts, new_this_admission
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.model import Scenario, Tier
from physassist_env.scenarios.rubric import read_value
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import records as RC
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import writes as WR
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.vocab.zh_text import local_units, untranslated_english

PID, HADM = "2001", "6002"
DATE = "2150-03-05"  # the day before discharge

LAB = "labevent_id,subject_id,hadm_id,specimen_id,itemid,charttime,storetime,value,valuenum,valueuom,ref_range_lower,ref_range_upper,flag,priority,comments"


def _lab(i: int, hadm: str, item: int, t: str, v: float, unit: str, lo, hi) -> list:
    flag = "abnormal" if (v < lo or v > hi) else ""
    return [i, PID, hadm, i, item, t, t, v, v, unit, lo, hi, flag, "ROUTINE", ""]


def _cr(i: int, hadm: str, t: str, v: float) -> list:
    return _lab(i, hadm, 50912, t, v, "mg/dL", 0.4, 1.1)


RX = "subject_id,hadm_id,pharmacy_id,starttime,stoptime,drug_type,drug,ndc,dose_val_rx,dose_unit_rx,doses_per_24_hrs,route"
PHARMACY = (
    "subject_id,hadm_id,pharmacy_id,starttime,stoptime,medication,status,frequency"
)
_ORDERS = [
    # (pharmacy_id, start, drug, dose, unit, route, frequency, type)
    (
        1,
        "2150-03-02 08:00:00",
        "Metoprolol Tartrate",
        "25",
        "mg",
        "PO/NG",
        "BID",
        "MAIN",
    ),
    (2, "2150-03-02 08:00:00", "Ampicillin-Sulbactam", "3", "g", "IV", "Q6H", "MAIN"),
    (3, "2150-03-02 09:00:00", "Cytarabine", "2970", "mg", "IV", "Q12H", "MAIN"),
    (4, "2150-03-02 09:00:00", "Dextrose 5%", "1000", "mL", "IV", "Q8H", "BASE"),
    (5, "2150-03-03 08:00:00", "Dexamethasone", "4", "mg", "PO", "Q12H", "MAIN"),
    (6, "2150-03-05 16:58:00", "Potassium Chloride", "40", "mEq", "PO", "ONCE", "MAIN"),
    # the demo's furosemide: an oral order that goes home, an IV one started after it
    (7, "2150-03-03 09:00:00", "Furosemide", "40", "mg", "PO/NG", "DAILY", "MAIN"),
    (8, "2150-03-04 13:00:00", "Furosemide", "40", "mg", "IV", "DAILY", "MAIN"),
]

TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[PID, "F", 60, 2150, "2011 - 2013", ""]],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location,edregtime,edouttime",
        [
            # an observation stay that ends in an admission one minute later
            [PID, "6003", "2150-05-01 08:00:00", "2150-05-01 11:44:00", "", "EU OBSERVATION", "EMERGENCY ROOM", "", "2150-05-01 06:00:00", "2150-05-01 08:00:00"],
            [PID, "6004", "2150-05-01 11:45:00", "2150-05-04 12:00:00", "", "DIRECT EMER.", "EMERGENCY ROOM", "HOME", "2150-05-01 06:00:00", "2150-05-01 08:00:00"],
            # admitted after midnight from an ED stay that began the evening before
            [PID, HADM, "2150-03-02 01:30:00", "2150-03-06 12:00:00", "", "EW EMER.", "EMERGENCY ROOM", "HOME", "2150-03-01 19:00:00", "2150-03-02 01:30:00"],
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50912, "Creatinine", "Blood", "Chemistry"],
            [50931, "Glucose", "Blood", "Chemistry"],
            [50971, "Potassium", "Blood", "Chemistry"],
        ],
    ),
    "hosp/labevents": (
        LAB,
        [
            _cr(1, "", "2150-01-15 10:00:00", 0.9),  # outpatient, 45 days before
            # ED, the evening before admittime, no hadm_id (as many MIMIC ED rows)
            _cr(2, "", "2150-03-01 21:00:00", 1.5),
            _lab(3, "", 50931, "2150-03-01 21:00:00", 427, "mg/dL", 70, 100),
            _cr(4, HADM, "2150-03-02 06:00:00", 1.4),
            _lab(5, HADM, 50931, "2150-03-02 06:00:00", 415, "mg/dL", 70, 100),
            _cr(6, HADM, "2150-03-03 06:00:00", 1.3),
            _lab(7, HADM, 50931, "2150-03-03 06:00:00", 180, "mg/dL", 70, 100),
            _cr(8, HADM, "2150-03-04 06:00:00", 1.4),
            _lab(9, HADM, 50931, "2150-03-04 06:00:00", 150, "mg/dL", 70, 100),
            _cr(10, HADM, "2150-03-05 06:00:00", 1.3),
            _lab(11, HADM, 50931, "2150-03-05 06:00:00", 108, "mg/dL", 70, 100),
            _lab(12, HADM, 50971, "2150-03-05 06:00:00", 3.2, "mEq/L", 3.3, 5.1),
            _lab(13, HADM, 50971, "2150-03-04 06:00:00", 3.6, "mEq/L", 3.3, 5.1),
        ],
    ),
    "hosp/prescriptions": (
        RX,
        [
            [PID, HADM, pid, start, "2150-03-07 12:00:00", kind, drug, "0", dose, unit, "", route]
            for pid, start, drug, dose, unit, route, _, kind in _ORDERS
        ],
    ),
    "hosp/pharmacy": (
        PHARMACY,
        [
            [PID, HADM, pid, start, "2150-03-07 12:00:00", drug, "Active", freq]
            for pid, start, drug, _, _, _, freq, _ in _ORDERS
        ],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["E119", 10, "Type 2 diabetes mellitus without complications"],
            ["R311", 10, "Benign essential microscopic hematuria"],
            ["T360X5A", 10, "Adverse effect of penicillins, initial encounter"],
            ["T380X5A", 10, "Adverse effect of glucocorticoids and synthetic analogues, initial encounter"],
            ["T402X5A", 10, "Adverse effect of other opioids, initial encounter"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [
            [PID, HADM, 1, "E119", 10],
            [PID, HADM, 2, "R311", 10],
            [PID, HADM, 3, "T380X5A", 10],
            [PID, HADM, 4, "T402X5A", 10],
            [PID, HADM, 5, "T360X5A", 10],
        ],
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """(root, record, store) of the hand-made record."""
    return hand_made_patient(tmp_path_factory.mktemp("real37"), TABLES, PID)


def _enc(rec, hadm: str) -> dict:
    return next(e for e in admissions(rec) if str(e["id"]) == hadm)


def _facts(real, hadm: str = HADM, day: str = DATE):
    _, rec, store = real
    return admission_facts(store.view(PID, day), _enc(rec, hadm))


def _ctx(real, facts=None) -> TopicContext:
    _, _, store = real
    facts = facts or _facts(real)
    return TopicContext(
        facts, EhrToolkit(store.view(PID, DATE)), np.random.default_rng(0), {}
    )


def test_episode_starts_at_the_ed_stay_of_the_evening_before(real) -> None:
    _, rec, _ = real
    ed = [e for e in rec.of_type("Encounter") if e["id"] == f"ed-{HADM}"]
    assert ed and ed[0]["partOf"]["reference"] == f"Encounter/{HADM}"
    assert ed[0]["class"]["code"] == "EMER"
    f = _facts(real)
    assert f.admitted.startswith("2150-03-02T01:30") and f.start.startswith(
        "2150-03-01T19:00"
    )
    glucose, cr = f.labs["glucose"], f.labs["creatinine"]
    assert glucose.first.value == 427 and glucose.highest.value == 427  # not 415
    assert cr.first.value == 1.5 and cr.highest.value == 1.5  # not 1.4
    # the ED stay is not an admission of its own
    assert f"ed-{HADM}" not in {str(e["id"]) for e in admissions(rec)}


def test_kdigo_baseline_is_the_pre_admission_value_and_is_named(real) -> None:
    f = _facts(real)
    assert f.baseline_creatinine is not None
    assert f.baseline_creatinine.value == 0.9
    assert f.baseline_creatinine.basis == "outpatient"
    aki = aki_facts(f)
    # 1.5 against 0.9 is 1.67x: stage 1 (the admission's lowest, 1.3, gave "no AKI")
    assert aki is not None and aki.stage == 1 and aki.baseline == 0.9
    d = RN.kdigo_aki(_ctx(real, f))
    assert d is not None
    assert "KDIGO stage 1" in d.gold_answer.en
    # named for its window (round 7b): values of the last 7 days are readings
    assert "outpatient value drawn 7 days or more before the admission" in (
        d.gold_answer.en
    )
    assert "2150-01-15" in d.gold_answer.en and "入院前 7 天以上" in d.gold_answer.zh
    # the gold looks the baseline up
    assert any(c.arguments.get("date_to") == "2150-01-15" for c in d.gold_actions)


def test_discharge_list_holds_no_iv_drugs_and_names_unknown_new_drugs(real) -> None:
    f = _facts(real)
    going = {o.name for o in f.going_home_orders()}
    assert "Metoprolol Tartrate" in going and "Dexamethasone" in going
    assert not going & {"Ampicillin-Sulbactam", "Cytarabine", "Dextrose 5%"}
    reasons = {o.name: inpatient_only(o) for o in f.active_orders()}
    assert reasons["Cytarabine"] == "intravenous"
    assert reasons["Dextrose 5%"] in ("diluent", "intravenous")
    assert "dexamethasone" in new_this_admission(f)


def test_a_listed_drug_cites_the_order_that_goes_home(real) -> None:
    """The demo's furosemide (10038992-22797747): the discharge list names furosemide for
    its oral order, but the binder cited the IV order of the same drug started after it,
    and the audit read an IV drug on the list. A drug named on a list cites the order the
    list names: one that may go home, active, the latest."""
    from physassist_env.scenarios.provenance import ProvenanceBinder
    from physassist_env.scenarios.rubric import mention_item

    f = _facts(real)
    going = [o for o in f.going_home_orders() if o.name == "Furosemide"]
    assert [o.route for o in going] == ["PO/NG"]
    ctx = _ctx(real, f)
    binder = ProvenanceBinder(ctx.toolkit.view, f, mimic_rows=True)
    item = mention_item("Lists Furosemide", "列出呋塞米", ["Furosemide", "呋塞米"])
    bound = binder.bind([item], [], "Active medications: Furosemide.")
    rx = [
        e
        for e in bound.rubric[0].provenance.evidence
        if e.resource.startswith("MedicationRequest/")
    ]
    assert rx and rx[0].row == {
        "pharmacy_id": "7"
    }  # the oral order, not the IV one (8)


def test_a_stay_ending_in_an_admission_has_no_discharge(real) -> None:
    _, rec, store = real
    assert not planner.discharged_alive(store, PID, _enc(rec, "6003"))
    assert planner.discharged_alive(store, PID, _enc(rec, "6004"))


def test_every_recorded_reaction_is_named_penicillin_first(real) -> None:
    # the coded reactions are billing codes, known from the discharge on (round 3)
    assert len(_facts(real).intolerances) == 0  # mid-stay
    _, _, store = real
    f = _facts(real, HADM, "2150-03-06")
    assert len(f.intolerances) == 3
    d = RC.allergies(
        TopicContext(
            f, EhrToolkit(store.view(PID, "2150-03-06")), np.random.default_rng(0), {}
        )
    )
    assert d is not None
    for drug in ("penicillins", "glucocorticoids", "opioids"):
        assert drug in d.gold_answer.en
    # the item a grader checks names the anti-infective one
    assert any("penicillins" in it.criterion.en for it in d.rubric)


def test_microscopic_haematuria_is_not_bleeding(real) -> None:
    assert not is_bleeding_code("R31.1") and not is_bleeding_code("59972")
    assert not is_bleeding_code("R3121")
    assert is_bleeding_code("R31.0") and is_bleeding_code("59971")
    assert not _facts(real).bleeding_coded()


def test_random_glucose_of_108_is_not_high(real) -> None:
    f = _facts(real)
    target = f.interpretation_range("glucose")
    assert target == (70.0, 140.0, "non-fasting hospital glucose")
    r = read_value(108, "H", target)
    assert r.direction == "normal" and "not high" in r.en
    assert read_value(215, "H", target).direction == "high"


def test_no_potassium_replacement_after_the_same_dose_was_given(real) -> None:
    ctx = _ctx(real)
    assert EL.replaced_since_latest(ctx, "potassium").startswith("2150-03-05 16:58")
    assert EL.oral_replacement_potassium(ctx) is None
    assert WR.replace_potassium(ctx) is None
    # potassium_dose asks the recheck instead of another dose (its "already replaced"
    # outcome): no dose item, the order named
    draft = EL.potassium_dose(ctx)
    assert draft is not None and draft.decision == "already replaced: recheck"
    assert "2150-03-05 16:58" in draft.gold_answer.en
    assert not any("dose" in it.tags for it in draft.rubric)
    # without that order the replacement is proposed (the premise, not the data, decides)
    f = _facts(real)
    f.orders = [o for o in f.orders if "Potassium" not in o.name]
    assert EL.replaced_since_latest(_ctx(real, f), "potassium") == ""
    assert EL.oral_replacement_potassium(_ctx(real, f)) is not None


def test_last_dose_from_icu_rows_only_says_what_the_record_cannot_show(
    synthetic_records,
) -> None:
    from test_gold_rules import _first

    ctx = _first(synthetic_records, lambda c: bool(c.facts.given))
    generic = next(iter(ctx.facts.given))
    ctx.facts.ward_administrations = False
    d = RC.last_dose(ctx, generic)
    if d is None:  # no completed administration of that drug visible in the window
        pytest.skip("no completed administration to read")
    assert "last recorded" in d.gold_answer.en
    assert "ward doses are not in this record" in d.gold_answer.en
    assert any(it.critical and "ward doses" in it.criterion.en for it in d.rubric)


def test_zh_gold_uses_local_units() -> None:
    zh = "血钾 3.2 mEq/L（2150-03-05），血小板 71 K/uL；氯化钾 40 mEq 口服"
    out = local_units(zh)
    assert "3.2 mmol/L" in out and "71 ×10^9/L" in out and "40 mEq 口服" in out
    assert untranslated_english(out) == []


def test_an_admission_that_cannot_be_interviewed_is_built_at_a_lower_tier(
    real, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, rec, store = real
    monkeypatch.setattr(planner, "tier_of", lambda facts: Tier.L3)
    s = None
    for seed in range(6):
        s = planner.build_session(
            store,
            PID,
            _enc(rec, HADM),
            Scenario.DIAGNOSTIC_WORKUP,
            np.random.default_rng(seed),
            session_id="x",
            patient=None,  # no interview possible
            source="mimic-iv",
        )
        if s is not None:
            break
    assert s is not None and s.tier in (Tier.L2, Tier.L1)


def test_clinical_audit_finds_each_class(real) -> None:
    root, rec, store = real
    sessions = []
    for scenario in Scenario:
        for seed in range(8):
            s = planner.build_session(
                store,
                PID,
                _enc(rec, HADM),
                scenario,
                np.random.default_rng(seed),
                session_id=f"{scenario.value}-{seed}",
                source="mimic-iv",
            )
            if s is not None:
                sessions.append(s)
    assert sessions
    rep = clinical_audit(sessions, root)
    assert rep.total == 0, rep.examples
    # tamper: a trend from admittime's day, an English name in ZH gold
    s = sessions[0]
    t = s.turns[0]
    t.gold_answer = t.gold_answer.model_copy(update={"zh": "诊断：Multiple myeloma"})
    rep = clinical_audit([s], root)
    assert rep.problems["English in ZH gold"] == 1
