"""Patient memory: grounding, verification, persona, determinism, wording levels."""

from __future__ import annotations

import logging
import typing
from pathlib import Path

import pytest
from patient_fixtures import PERSONAS, RECORDS, fixture_memory
from pydantic import BaseModel

from physassist_env.fhir import PatientRecord
from physassist_env.patient import (
    Adherence,
    Completeness,
    EmptyMemoryError,
    Fact,
    PatientMemory,
    SourceRef,
    Topic,
    build_memory,
)
from physassist_env.patient import models as M


def _sources_exist(record: PatientRecord, memory: PatientMemory) -> None:
    ids = {(r["resourceType"], str(r["id"])) for r in record.resources}
    sections = record.meta.get("note_sections") or {}
    for f in memory.facts:
        s = f.source
        if s.resource_type:
            assert (s.resource_type, s.resource_id) in ids, f.id
        else:
            assert sections[s.note_key][s.section].strip(), f.id


@pytest.mark.parametrize("pid", sorted(RECORDS))
def test_fixture_memory_grounded_and_complete(pid: str) -> None:
    record = RECORDS[pid]()
    memory = fixture_memory(pid)
    assert memory.facts and not memory.dropped
    _sources_exist(record, memory)
    assert len({f.id for f in memory.facts}) == len(memory.facts)
    for f in memory.facts:
        assert len(f.en) == 3 and len(f.zh) == 3 and all(f.en) and all(f.zh), f.id
    topics = {f.topic for f in memory.facts}
    assert {
        Topic.SYMPTOM,
        Topic.MEDICATION,
        Topic.ALLERGY,
        Topic.SOCIAL,
        Topic.FUNCTIONAL,
        Topic.HISTORY,
        Topic.LAB,
    } <= topics
    # nothing derived from a diagnosis that the record does not state (issue #39)
    assert Topic.WARNING not in topics


def test_hf_facts_from_record_and_notes() -> None:
    m = fixture_memory("hf1")
    adh = m.fact("med:lisinopril:adherence")
    assert adh.withheld and adh.critical
    assert adh.source == SourceRef(note_key="100", section="History of Present Illness")
    assert "3 weeks" in adh.en[0] and "cough" in adh.en[0] and "3周" in adh.zh[0]
    assert m.persona.adherence["lisinopril"] == Adherence.SELF_DISCONTINUED
    assert m.fact("soc:alcohol").withheld and not m.fact("soc:smoking").withheld
    # home medicines come from the admission medication list, never from inpatient orders
    reg = m.fact("med:lisinopril:regimen")
    assert reg.source == SourceRef(note_key="100", section="Medications on Admission")
    assert "10 mg" in reg.en[0] and "mg" not in reg.en[1] + reg.en[2]
    assert "10毫克" in reg.zh[0] and not any(
        c.isascii() and c.isalpha() for c in reg.zh[1]
    )
    assert (
        adh.basis == "record" and m.fact("med:furosemide:adherence").basis == "persona"
    )
    assert "5 days" in m.fact("sym:dyspnea:onset").en[0]
    assert (
        m.fact("lab:potassium").source.resource_id == "k-2"
        and "5.9" in m.fact("lab:potassium").en[0]
    )
    assert m.fact("sym:chest_pain:absent").topic == Topic.PAIN


def test_literacy_levels_same_fact_different_words() -> None:
    m = fixture_memory("hf1")
    f = m.fact("dx:heart_failure")
    assert f.en[0] != f.en[2] and f.zh[0] != f.zh[2]
    low = build_memory(
        RECORDS["hf1"](), 0, persona_overrides={**PERSONAS["hf1"], "literacy": "low"}
    )
    assert low.fact("dx:heart_failure").text("en", low.persona.literacy) == f.en[2]


def test_deterministic_and_seeded() -> None:
    a = build_memory(RECORDS["pna1"](), 7).model_dump_json()
    b = build_memory(RECORDS["pna1"](), 7).model_dump_json()
    assert a == b
    personas = {
        build_memory(RECORDS["pna1"](), s).persona.model_dump_json() for s in range(8)
    }
    assert len(personas) > 1


def test_completeness_controls_withholding() -> None:
    full = build_memory(
        RECORDS["hf1"](),
        0,
        persona_overrides={**PERSONAS["hf1"], "completeness": "full"},
    )
    assert not any(f.withheld for f in full.facts)
    partial = build_memory(
        RECORDS["hf1"](),
        0,
        persona_overrides={**PERSONAS["hf1"], "completeness": Completeness.PARTIAL},
    )
    assert {f.id for f in partial.facts if f.withheld} == {"soc:alcohol"}


def test_unverifiable_fact_dropped_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    bogus = [
        Fact(
            id="med:warfarin:regimen",
            topic=Topic.MEDICATION,
            aspect="regimen",
            en=["x"] * 3,
            zh=["x"] * 3,
            source=SourceRef(resource_type="MedicationRequest", resource_id="nope"),
        ),
        Fact(
            id="soc:travel",
            topic=Topic.SOCIAL,
            aspect="travel",
            en=["x"] * 3,
            zh=["x"] * 3,
            source=SourceRef(note_key="100", section="Travel History"),
        ),
    ]
    with caplog.at_level(logging.WARNING, logger="physassist_env.patient.memory"):
        m = build_memory(RECORDS["hf1"](), 0, extra_facts=bogus)
    assert m.dropped == ["med:warfarin:regimen", "soc:travel"]
    assert "med:warfarin:regimen" not in {f.id for f in m.facts}
    assert (
        "MedicationRequest/nope" in caplog.text
        and "note:100/Travel History" in caplog.text
    )


def test_empty_memory_raises() -> None:
    rec = PatientRecord("empty", [{"resourceType": "Patient", "id": "empty"}])
    with pytest.raises(EmptyMemoryError, match="'empty'.*no verifiable fact"):
        build_memory(rec, 0)


def test_bad_persona_override() -> None:
    with pytest.raises(ValueError, match="unknown persona field 'iq'"):
        build_memory(RECORDS["hf1"](), 0, persona_overrides={"iq": 1})


def test_serialisable_round_trip() -> None:
    m = fixture_memory("pna1")
    assert PatientMemory.model_validate_json(m.model_dump_json()) == m


def test_every_field_names_its_audience() -> None:
    audiences = ("patient-only", "grader-only", "agent-visible", "physician-only")
    for name, obj in vars(M).items():
        if (
            isinstance(obj, type)
            and issubclass(obj, BaseModel)
            and obj is not BaseModel
            and obj.__module__ == M.__name__
        ):
            for field, info in obj.model_fields.items():
                assert (info.description or "").startswith(audiences), f"{name}.{field}"
    assert typing.get_type_hints(M.Fact)


def test_mimic_demo_memories(mimic_demo_path: Path, tmp_path: Path) -> None:
    from physassist_env.sources.mimic import MimicSource

    records = list(MimicSource(mimic_demo_path, limit=12, cache_dir=tmp_path).records())
    assert records
    for rec in records:
        m = build_memory(rec, 0)
        assert m.facts and not m.dropped
        _sources_exist(rec, m)
