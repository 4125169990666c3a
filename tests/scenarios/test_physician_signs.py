"""Gold a physician signs on real records (issue #37): each class an independent physician
reading found wrong, fixed by its principle and tested on synthetic facts (never on MIMIC
values): the recent course of a series, the KDIGO baseline of a reading, dialysis dosing,
the decision rules that read the facts that change them, the discharge list, ICD
adverse-effect codes and the time coded diagnoses become known."""

from __future__ import annotations

from test_gold_rules import RS, _first, _order, _series, facts_seen

from physassist_env.clinical.course import direction, turning_point
from physassist_env.clinical.discharge import prn_reconciled
from physassist_env.grading import grade_gold
from physassist_env.scenarios.derived import aki_facts, on_dialysis
from physassist_env.scenarios.features import (
    AdmissionFacts,
    Baseline,
    Dialysis,
    LabPoint,
    LabSeries,
)
from physassist_env.scenarios.topics import records as RC
from physassist_env.scenarios.topics import writes as WR
from physassist_env.scenarios.topics.base import trend_text
from physassist_env.scenarios.vocab import LABS


def _gold_ok_seen(d, ctx, seen: list[str]) -> None:
    """The gold scores 1.0 in both languages with ``seen`` added to what the agent saw."""
    from physassist_env.scenarios.model import Implicitness
    from physassist_env.scenarios.planner import _turn
    from physassist_env.scenarios.provenance import ProvenanceBinder

    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
    turn = _turn(0, d, Implicitness.EXPLICIT, binder)
    for lang in ("en", "zh"):
        g = grade_gold(turn, lang, [*facts_seen(ctx), *seen])
        assert g.score == 1.0, (lang, [i.reason for i in g.items if not i.met])


# ------------------------------------------------------------- 1. the recent course
def test_a_series_is_read_from_its_last_turning_point():
    """First-vs-last read a recovering haemoglobin 10.0 -> 7.4 -> 10.1 as "stable"; a
    clinician reads it as rising since the nadir."""
    assert direction([10.0, 7.4, 10.1], 1) == "rising"
    assert turning_point([10.0, 7.4, 10.1], 1) == 1
    assert direction([1.0, 1.5, 1.2], 1) == "falling"  # peaked, improving
    assert direction([21, 33, 28, 21], 0) == "falling"  # not "stable" by its ends
    assert direction([1.8, 2.2, 2.1, 2.0], 1) == "stable"  # a plateau since the peak
    assert direction([4.2, 4.1, 3.7, 3.5], 1) == "falling"  # one leg, no turn
    assert direction([1.0, 1.1], 1) == "stable"  # one reporting step is no move
    assert turning_point([1.0, 1.1, 1.2, 1.3], 1) is None


def test_trend_text_names_the_turning_point_and_its_direction():
    s = LabSeries(
        LABS["hemoglobin"],
        [
            LabPoint("2150-01-01T08:00:00", 10.0, "g/dL", "L"),
            LabPoint("2150-01-02T08:00:00", 7.4, "g/dL", "L"),
            LabPoint("2150-01-04T08:00:00", 10.1, "g/dL", "L"),
        ],
    )
    assert s.trend() == "rising"
    en, zh, _, _ = trend_text(s)
    assert "nadir 7.4 on 2150-01-02, rising since then" in en
    assert "最低 7.4" in zh and "上升" in zh
    # a local turning point is not called the nadir or the peak
    local = LabSeries(
        LABS["hemoglobin"],
        [
            LabPoint(f"2150-01-0{i + 1}T08:00:00", v, "g/dL", "")
            for i, v in enumerate([11.7, 6.6, 10.4, 9.0])
        ],
    )
    en, _, _, _ = trend_text(local)
    assert "turning at 10.4" in en and "falling since then" in en


# ------------------------------------------------------------- 2. KDIGO baseline
def _cr_facts(values: list[tuple[str, float]], known: Baseline | None = None):
    f = AdmissionFacts(
        "p", "h", "2150-01-01", "2150-01-20", "2150-01-20", 70, False, 80
    )
    f.labs["creatinine"] = LabSeries(
        LABS["creatinine"], [LabPoint(t, v, "mg/dL", "") for t, v in values]
    )
    f.baseline_creatinine = known
    return f


def test_a_later_nadir_is_never_the_baseline_of_an_earlier_reading():
    """0.9 on admission falling to 0.4 over two weeks of cachexia: the old surrogate
    (the admission's lowest value) staged it "stage 2 AKI"; KDIGO's baseline lies in
    the 7 days before a reading."""
    days = ["01", "03", "06", "10", "14", "17"]
    aki = aki_facts(
        _cr_facts(
            [
                (f"2150-01-{d}T06:00:00", v)
                for d, v in zip(days, [0.9, 0.8, 0.7, 0.6, 0.5, 0.4], strict=True)
            ]
        )
    )
    assert aki is not None and aki.stage == 0
    assert aki.peak_unstaged  # the 0.9 had nothing before it to be staged against


def test_a_rise_is_staged_against_the_lowest_value_of_the_7_days_before_it():
    aki = aki_facts(
        _cr_facts(
            [
                ("2150-01-01T06:00:00", 1.0),
                ("2150-01-03T06:00:00", 1.1),
                ("2150-01-05T06:00:00", 2.1),
                ("2150-01-15T06:00:00", 1.9),  # the 7 days before: only this one
            ]
        )
    )
    assert aki is not None and aki.stage == 2 and aki.baseline == 1.0
    assert aki.basis == "prior 7 days" and aki.reading == 2.1
    # 1.9 ten days later is still 1.9x the pre-AKI 1.0: the AKI's baseline is carried
    # until it recovers, so it is not "recovered" against an empty week (round 9)
    assert aki.current_stage == 1 and not aki.recovered
    # a known pre-admission baseline lower than the week's values is used
    known = Baseline(0.6, "2149-10-01T08:00:00", "outpatient")
    aki = aki_facts(
        _cr_facts([("2150-01-01T06:00:00", 1.0), ("2150-01-02T06:00:00", 1.0)], known)
    )
    assert aki is not None and aki.stage == 1 and aki.basis == "outpatient"


def test_values_of_the_days_before_the_episode_are_a_baseline():
    f = _cr_facts([("2150-01-01T06:00:00", 1.6), ("2150-01-02T06:00:00", 1.5)])
    assert aki_facts(f) is not None and aki_facts(f).stage == 0  # type: ignore[union-attr]
    f.creatinine_before = [LabPoint("2149-12-29T08:00:00", 0.9, "mg/dL", "")]
    aki = aki_facts(f)
    assert aki is not None and aki.stage == 1 and aki.baseline == 0.9


# ------------------------------------------------------------- 3. dialysis
def test_a_patient_on_haemodialysis_is_dosed_for_dialysis_not_by_clearance(
    synthetic_records,
):
    ctx = _first(
        synthetic_records,
        lambda c: (
            c.facts.age is not None
            and c.facts.weight_kg is not None
            and "creatinine" in c.facts.labs
            and not on_dialysis(c.facts)
        ),
    )
    ctx.facts.labs["creatinine"] = _series("creatinine", [6.0, 8.1], "mg/dL", "H")
    ctx.facts.orders.append(
        _order("Vancomycin", "vancomycin", 1000, "mg", "IV", "Q48H")
    )
    before = RS.crcl_dosing(ctx, "vancomycin")
    assert before is not None and "Cockcroft-Gault" in before.gold_answer.en
    day = ctx.facts.current_date
    ctx.facts.dialysis = Dialysis("haemodialysis", "Procedure", day, "Hemodialysis")
    d = RS.crcl_dosing(ctx, "vancomycin")
    assert d is not None and d.decision == "dialysis dosing"
    assert "does not apply" in d.gold_answer.en and "mL/min" not in d.gold_answer.en
    assert "透析" in d.gold_answer.zh
    # the injected procedure is not in the store (nor shown to the grader): the answer
    # quotes the record and asserts no dialysis history the chart would have to code
    _gold_ok_seen(d, ctx, [])


# ------------------------------------------------------------- 4. decision rules
def test_no_consult_over_a_hypoglycaemia_not_yet_treated(synthetic_records):
    ctx = _first(
        synthetic_records,
        lambda c: bool(c.facts.conditions) and WR.consult(c) is not None,
    )
    from test_gold_rules import _dated

    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [140, 29], "mg/dL", "L"), 0
    )
    assert WR.consult(ctx) is None  # treat it first (ADA 2024 s6/s16)


def test_follow_up_reads_every_coded_heart_failure_and_mental_illness(
    synthetic_records,
):
    ctx = _first(synthetic_records, lambda c: bool(c.facts.conditions))
    ctx.facts.conditions = [("F332", "Major depressive disorder, recurrent severe")]
    ctx.facts.icd = {}
    assert WR.followup_plan(ctx)[0].startswith("psychiatry")
    ctx.facts.conditions = [
        ("R570", "Cardiogenic shock"),
        ("I5043", "Acute on chronic combined systolic and diastolic heart failure"),
    ]
    assert WR.followup_plan(ctx)[0].startswith("heart failure clinic")


# ------------------------------------------------------------- 5. reconciliation
def test_prn_opioids_and_benzodiazepines_are_reconciled_and_a_class_switch_is_one_drug(
    synthetic_records,
):
    ctx = _first(synthetic_records, lambda c: True)
    hydro = _order("HYDROmorphone (Dilaudid)", None, 4, "mg", "PO", "Q4H:PRN")
    ondan = _order("Ondansetron", None, 4, "mg", "PO", "Q8H:PRN")
    assert prn_reconciled(hydro) and not prn_reconciled(ondan)
    ctx.facts.orders = [
        hydro,
        ondan,
        _order("Furosemide", None, 40, "mg", "PO", "DAILY"),
    ]
    names = [o.name for o in ctx.facts.going_home_orders()]
    assert "HYDROmorphone (Dilaudid)" in names and "Ondansetron" not in names
    # captopril changed to lisinopril: one ACE inhibitor goes home
    day = ctx.facts.current_date
    cap = _order("Captopril", "captopril", 25, "mg", "PO", "TID", f"{day}T08:00:00")
    cap.status, cap.changed, cap.end = "stopped", True, f"{day}T10:00:00"
    lis = _order("Lisinopril", "lisinopril", 20, "mg", "PO", "DAILY", f"{day}T10:00:00")
    ctx.facts.orders = [cap, lis]
    assert [o.name for o in ctx.facts.going_home_orders()] == ["Lisinopril"]


# ------------------------------------------------------------- 6. adverse-effect codes
def test_an_adverse_effect_code_is_said_as_coded_not_called_an_intolerance(
    synthetic_records,
):
    ctx = _first(synthetic_records, lambda c: True)
    ctx.facts.allergies = []
    ctx.facts.intolerances = ["Adverse effect of other anti-infectives"]
    d = RC.allergies(ctx)
    assert d is not None
    assert "intolerance" not in d.gold_answer.en.lower()
    assert "does not state" in d.gold_answer.en and "不耐受" not in d.gold_answer.zh
    text, _ = ctx.facts.allergy_text()
    assert "intolerance" not in text
    # beside a recorded allergy, the sentence gives no instruction the harm reader could
    # take for giving the allergen
    ctx.facts.allergies = ["Lisinopril (angioedema)"]
    d = RC.allergies(ctx)
    assert d is not None and "Lisinopril" in d.gold_answer.en
    _gold_ok_seen(d, ctx, [])


# ------------------------------------------------------------- 7. coded diagnoses
def test_mimic_diagnoses_are_known_from_discharge(tmp_path, synthetic_hospital):
    """MIMIC-IV diagnoses_icd are billing codes assigned after discharge: a real MIMIC
    folder dates them at the discharge; the synthetic hospital (which generates each
    admission from its diagnosis, and says so with its truth file) at admission."""
    import shutil

    from physassist_env.ehr.store import FhirStore
    from physassist_env.sources.mimic.source import SYNTH_TRUTH, MimicSource

    assert (synthetic_hospital / SYNTH_TRUTH).is_file()
    real = tmp_path / "real"
    shutil.copytree(synthetic_hospital, real, ignore=shutil.ignore_patterns("truth"))
    rec = next(iter(MimicSource(real, cache_dir=tmp_path / "c", limit=3).records()))
    encounters = {
        r["id"]: r["period"]
        for r in rec.resources
        if r["resourceType"] == "Encounter" and "partOf" not in r
    }
    dx = [r for r in rec.resources if r["resourceType"] == "Condition"]
    assert dx
    for c in dx:
        hadm = c["encounter"]["reference"].split("/")[-1]
        assert c["recordedDate"] == encounters[hadm]["end"]
    # mid-stay, the current admission's codes are not visible; at discharge they are
    c = dx[-1]
    hadm = c["encounter"]["reference"].split("/")[-1]
    period = encounters[hadm]
    store = FhirStore.from_records([rec])
    mid = store.view(rec.patient_id, period["start"][:10])
    end = store.view(rec.patient_id, period["end"][:10])
    ids = lambda v: {r["id"] for r in v.search("Condition", {"encounter": hadm})[0]}  # noqa: E731
    if period["start"][:10] < period["end"][:10]:
        assert c["id"] not in ids(mid)
    assert c["id"] in ids(end)
    synth = next(
        iter(
            MimicSource(synthetic_hospital, cache_dir=tmp_path / "s", limit=3).records()
        )
    )
    adm = {
        r["id"]: r["period"]["start"]
        for r in synth.resources
        if r["resourceType"] == "Encounter" and "partOf" not in r
    }
    for c in (r for r in synth.resources if r["resourceType"] == "Condition"):
        assert c["recordedDate"] == adm[c["encounter"]["reference"].split("/")[-1]]


def test_an_undated_encounter_diagnosis_is_known_at_the_encounter_end():
    """MIMIC-IV on FHIR: an encounter diagnosis without a date of its own is dated by
    its encounter's end (coded from the discharge record), not its start."""
    from physassist_env.ehr.store import FhirStore
    from physassist_env.fhir.record import PatientRecord

    enc = {
        "resourceType": "Encounter",
        "id": "e1",
        "status": "finished",
        "class": {"code": "IMP"},
        "subject": {"reference": "Patient/p1"},
        "period": {"start": "2150-01-01T08:00:00", "end": "2150-01-09T12:00:00"},
    }
    dx = {
        "resourceType": "Condition",
        "id": "c1",
        "code": {"coding": [{"code": "N179", "display": "Acute kidney failure"}]},
        "subject": {"reference": "Patient/p1"},
        "encounter": {"reference": "Encounter/e1"},
    }
    patient = {"resourceType": "Patient", "id": "p1", "birthDate": "2080-01-01"}
    store = FhirStore.from_records(
        [PatientRecord(patient_id="p1", resources=[patient, enc, dx], source="fhir")]
    )
    assert store.view("p1", "2150-01-05").search("Condition")[0] == []
    assert [r["id"] for r in store.view("p1", "2150-01-09").search("Condition")[0]] == [
        "c1"
    ]
