"""Provenance: every factual rubric item and gold-answer value names the rows it rests on."""

from __future__ import annotations

from physassist_env.scenarios.model import Session
from physassist_env.scenarios.provenance import MUST_BIND, lab_of, provenance_counts
from physassist_env.sources.mimic.rowkeys import row_key


def _sessions(generated) -> list[Session]:
    return list(generated.sessions)


def test_every_fact_is_bound_to_rows_visible_at_the_session_date(synthetic_generated):
    sessions = _sessions(synthetic_generated)
    counts = provenance_counts(t for s in sessions for t in s.turns)
    assert counts["item: unbound fact"] == 0, counts
    assert counts["item: record rows"] > 100 and counts["answer value: bound"] > 100
    for s in sessions:
        for t in s.turns:
            for it in t.rubric:
                p = it.provenance
                if it.check.kind in MUST_BIND:
                    assert p is not None and p.basis in ("record", "derived"), it
                if p is None:
                    continue
                for e in p.evidence:
                    # the session's date gate: no row from after the session date
                    assert e.time[:10] <= s.current_date, (s.session_id, it.id, e)
                    assert e.table and e.row, e  # synthetic rows are MIMIC-IV rows
                if it.check.kind == "value" and p.basis == "record":
                    (e,) = p.evidence
                    assert e.value == it.check.value and e.unit == it.check.unit
                    lab = lab_of(it.check.about)
                    if lab is not None:
                        assert e.table == "hosp/labevents", e
                if it.check.kind == "trend":
                    # first row, the last turning point if any, latest row
                    assert 2 <= len(p.evidence) <= 3
                    times = [e.time for e in p.evidence]
                    assert times == sorted(times)
            for p in t.answer_provenance:
                assert p.claim and p.evidence


def test_row_keys_of_converted_ids():
    assert row_key("Observation", "lab-123") == (
        "hosp/labevents",
        {"labevent_id": "123"},
    )
    assert row_key("Observation", "micro-7-90201-80002-1") == (
        "hosp/microbiologyevents",
        {
            "micro_specimen_id": "7",
            "test_itemid": "90201",
            "org_itemid": "80002",
            "isolate_num": "1",
        },
    )
    assert row_key("Condition", "dx-200-3") == (
        "hosp/diagnoses_icd",
        {"hadm_id": "200", "seq_num": "3"},
    )
    assert row_key("MedicationRequest", "rx-55-0") == (
        "hosp/prescriptions",
        {"pharmacy_id": "55"},
    )
    assert row_key("Observation", "omr-10-21800506-2-0") == (
        "hosp/omr",
        {"subject_id": "10", "chartdate": "2180-05-06", "seq_num": "2"},
    )
    assert row_key("Observation", "note-1") is None
    assert row_key("Condition", "lab-1") is None
