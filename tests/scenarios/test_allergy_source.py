"""What the source records (issue #36, session 14): "no allergy recorded" is gold only
where the source keeps an allergy list. MIMIC-IV without its note module has no allergy
table (only ICD allergy-status codes) and the MIMIC-IV-on-FHIR demo exports no
AllergyIntolerance: there the bare allergy question is not asked; a coded allergy is still
asked about (``allergy_check``, or the list that names it)."""

from __future__ import annotations

from physassist_env.ehr.store import FhirStore
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.features import keeps_allergy_list


def _without_allergy_list(rec: PatientRecord) -> PatientRecord:
    """``rec`` as MIMIC-IV's hosp module alone gives it: no notes, no allergy table, the
    ICD-coded allergy statuses kept."""

    def kept(r: dict) -> bool:
        if r.get("resourceType") == "DocumentReference":
            return False
        if r.get("resourceType") != "AllergyIntolerance":
            return True
        systems = [c.get("system", "") for c in r.get("code", {}).get("coding", [])]
        return any("icd" in s for s in systems)

    return PatientRecord(
        rec.patient_id, [r for r in rec.resources if kept(r)], rec.source, rec.meta
    )


def test_a_record_with_notes_keeps_a_list_one_without_does_not(synthetic_records):
    with_notes = next(
        r for r in synthetic_records if any(r.of_type("DocumentReference"))
    )
    store = FhirStore.from_records([with_notes])
    assert keeps_allergy_list(store.view(with_notes.patient_id))
    bare = _without_allergy_list(with_notes)
    store = FhirStore.from_records([bare])
    assert not keeps_allergy_list(store.view(bare.patient_id))


def test_an_allergy_table_entry_keeps_a_list(synthetic_records):
    rec = next(
        r
        for r in synthetic_records
        if any(
            "icd" not in str(r2.get("code")) for r2 in r.of_type("AllergyIntolerance")
        )
    )
    rec = PatientRecord(
        rec.patient_id,
        [x for x in rec.resources if x.get("resourceType") != "DocumentReference"],
        rec.source,
        rec.meta,
    )
    store = FhirStore.from_records([rec])
    assert keeps_allergy_list(store.view(rec.patient_id))


def test_none_recorded_is_not_asked_where_no_list_is_kept(synthetic_records):
    from test_gold_rules import _first

    from physassist_env.scenarios.topics import records as RE

    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.facts.allergies, ctx.facts.intolerances = [], []
    ctx.known = set()
    assert RE.allergies(ctx).decision == "none recorded"
    ctx.facts.allergy_list = False
    ctx.known = set()
    assert RE.allergies(ctx) is None
    # a coded adverse drug effect alone keeps no list either ("no allergy is recorded,
    # also coded: ..." would be the absence again)
    ctx.facts.intolerances = ["Adverse effect of loop diuretics"]
    ctx.known = set()
    assert RE.allergies(ctx) is None


def test_a_coded_allergy_is_still_asked_where_no_list_is_kept(synthetic_records):
    from test_gold_rules import _first

    from physassist_env.scenarios.topics import records as RE

    ctx = _first(
        synthetic_records,
        lambda c: not c.facts.encounter_based and any(c.facts.allergies),
    )
    ctx.facts.allergy_list = False
    ctx.known = set()
    d = RE.allergies(ctx)
    assert d is not None and d.decision != "none recorded"


def test_the_planner_reads_the_list_from_the_whole_record(synthetic_records):
    from physassist_env.scenarios.generate import admissions
    from physassist_env.scenarios.planner import _facts_on

    rec = next(r for r in synthetic_records if any(r.of_type("DocumentReference")))
    enc = admissions(rec)[0]
    for r, kept in ((rec, True), (_without_allergy_list(rec), False)):
        store = FhirStore.from_records([r])
        start = str(enc.get("period", {}).get("start", ""))[:10]
        facts, _ = _facts_on(start, store, r.patient_id, enc, None)
        assert facts.allergy_list is kept


def test_the_discharge_list_reports_no_absence_where_no_list_is_kept(
    synthetic_records,
):
    """The discharge medication list says to take the allergy history from the patient
    (no "no allergy recorded" item) where the source keeps no allergy list; its gold still
    passes in both languages."""
    from test_gold_rules import _first, _gold_ok

    from physassist_env.scenarios.topics import gathering as GA

    def fits(c) -> bool:
        c.known = set()
        return not c.facts.encounter_based and GA.discharge_meds(c) is not None

    ctx = _first(synthetic_records, fits)
    ctx.facts.allergies, ctx.facts.intolerances = [], []
    ctx.facts.allergy_list = False
    ctx.known = set()
    d = GA.discharge_meds(ctx)
    assert "no allergy list" in d.gold_answer.en and "过敏记录表" in d.gold_answer.zh
    assert not any("Reports allergies" in i.criterion.en for i in d.rubric)
    _gold_ok(d, ctx)


def test_the_allergy_slot_asks_the_order_instead_where_no_list_is_kept(
    synthetic_records,
):
    """Session 15 (k36g): the allergy slot of a source without a list is not dropped but
    asks what the chart does keep (an active order, named by what the drug is where a
    description picks it out); where a list is kept the slot asks the list as before."""
    from test_gold_rules import _first, _gold_ok

    from physassist_env.scenarios.topics.menu import (
        allergy_lookups,
        instead_of_allergies,
    )

    def fits(c) -> bool:
        c.known = set()
        return not c.facts.encounter_based and instead_of_allergies(c) is not None

    ctx = _first(synthetic_records, fits)
    ctx.facts.allergies, ctx.facts.intolerances = [], []
    slot = allergy_lookups()[-1]
    ctx.known = set()
    assert slot(ctx).topic == "allergies"
    ctx.facts.allergy_list = False
    ctx.known = set()
    d = slot(ctx)
    assert d is not None and d.topic in ("med_current", "last_dose")
    assert "AllergyIntolerance" not in d.resource_types
    _gold_ok(d, ctx)


def test_an_admission_without_a_list_keeps_its_sessions(synthetic_records):
    """The planner builds a session in every scenario of an admission whose record keeps
    no allergy list, as it does with the list (k36f's gating had cost the MIMIC-IV demo
    18 of 186 test sessions: ``test_real_records`` holds the diagnostic one)."""
    import numpy as np

    from physassist_env.scenarios import planner
    from physassist_env.scenarios.generate import admissions
    from physassist_env.scenarios.model import Scenario

    rec = next(r for r in synthetic_records if any(r.of_type("DocumentReference")))
    bare = _without_allergy_list(rec)
    enc = admissions(bare)[0]
    store = FhirStore.from_records([bare])
    for scenario in Scenario:
        built = [
            planner.build_session(
                store,
                bare.patient_id,
                enc,
                scenario,
                np.random.default_rng(seed),
                session_id="x",
            )
            for seed in range(3)
        ]
        with_list = [
            planner.build_session(
                FhirStore.from_records([rec]),
                rec.patient_id,
                enc,
                scenario,
                np.random.default_rng(seed),
                session_id="x",
            )
            for seed in range(3)
        ]
        assert sum(s is not None for s in built) >= sum(
            s is not None for s in with_list
        ), scenario
