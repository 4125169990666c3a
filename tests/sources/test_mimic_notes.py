"""Discharge-note section parsing and radiology impressions (invented note text)."""

from __future__ import annotations

from physassist_env.sources.mimic import (
    parse_allergies,
    parse_discharge_sections,
    radiology_impression,
)


def test_sections_case_aliases_and_repeats() -> None:
    note = (
        "Service: MEDICINE\n\nALLERGIES:\nSulfa (Sulfonamide Antibiotics)\n\n"
        "Physical Exam:\nwell appearing\n\nFollow-up Instructions:\n___\n\n"
        "Discharge Medications:\n1. Aspirin 81 mg PO DAILY\n\nDischarge Condition:\nStable.\n"
        "Discharge Disposition:\nHome\n\nChief Complaint: cough\n"
    )
    sections = parse_discharge_sections(note)
    assert sections["Allergies"] == "Sulfa (Sulfonamide Antibiotics)"
    assert "Physical Exam" not in sections  # known heading that only ends a section
    assert sections["Followup Instructions"] == "___"
    assert sections["Discharge Medications"] == "1. Aspirin 81 mg PO DAILY"
    assert sections["Discharge Condition"] == "Stable."
    assert sections["Discharge Disposition"] == "Home"
    assert sections["Chief Complaint"] == "cough"


def test_allergies() -> None:
    assert parse_allergies("Penicillins / Codeine / Penicillins") == [
        "Penicillins",
        "Codeine",
    ]
    assert parse_allergies("lisinopril\nlatex") == ["lisinopril", "latex"]
    assert (
        parse_allergies("Patient recorded as having No Known Allergies to Drugs") == []
    )
    assert parse_allergies("NKDA") == []
    assert parse_allergies(None) == []


def test_radiology_impression() -> None:
    assert (
        radiology_impression("FINDINGS:\nclear\n\nIMPRESSION:\nNo pneumonia.\n")
        == "No pneumonia."
    )
    note = "IMPRESSION: Small effusion.\n\nRECOMMENDATION(S): follow up\n"
    assert radiology_impression(note) == "Small effusion."
    assert (
        radiology_impression("FINDINGS: a\n\nLast paragraph here.")
        == "Last paragraph here."
    )
    assert radiology_impression("") is None
