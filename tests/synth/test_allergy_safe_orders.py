"""A recorded allergy rules drugs out of the chart and out of the gold (issue #23, lead round 7).

Before: 11 of 21 synthetic patients with "Lisinopril (angioedema)" were on lisinopril, codeine-
allergic patients got morphine, and a penicillin-allergic patient piperacillin-tazobactam
(300 patients, seed 7); the de-escalation gold named ampicillin for a penicillin-allergic patient.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pyarrow.csv as pacsv
import pytest

from physassist_env.clinical.allergy import allowed, ruling_allergy
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.synth import knowledge as kb
from physassist_env.synth import meds


@pytest.mark.parametrize(
    ("drug", "allergy", "ruled_out"),
    [
        ("Piperacillin-Tazobactam", "Penicillins", True),
        ("ampicillin", "Penicillins", True),
        ("Amoxicillin-Clavulanic Acid", "PCN", True),
        ("CeFAZolin", "Penicillins", False),  # dissimilar side chain: given
        ("Meropenem", "Penicillins", False),
        ("Morphine Sulfate", "Codeine", True),
        ("HYDROmorphone (Dilaudid)", "Codeine", False),
        ("Lisinopril", "Lisinopril (angioedema)", True),
        ("Enalapril", "Lisinopril (angioedema)", True),  # class effect
        ("Losartan Potassium", "Lisinopril (angioedema)", False),
        ("Sulfameth/Trimethoprim DS", "Sulfa (Sulfonamide Antibiotics)", True),
        ("Furosemide", "Sulfa (Sulfonamide Antibiotics)", False),  # not an antibiotic
        ("Lisinopril", "Iodinated contrast", False),
    ],
)
def test_which_drugs_an_allergy_rules_out(
    drug: str, allergy: str, ruled_out: bool
) -> None:
    assert (ruling_allergy(drug, [allergy]) == allergy) is ruled_out
    assert allowed(drug, []) is True


def test_a_ruled_out_order_becomes_its_alternatives_at_the_same_times() -> None:
    t0 = datetime(2150, 1, 1, 8)
    plan = [
        ("piptazo", t0, t0 + timedelta(days=3), False),
        ("metronidazole", t0, t0 + timedelta(days=2), False),
        ("lisinopril", t0, t0 + timedelta(days=4), True),
    ]
    out = meds.allergy_safe_plan(plan, ["Penicillins", "Lisinopril (angioedema)"])
    # cefepime replaces piperacillin-tazobactam; metronidazole is already ordered
    assert out == [
        ("cefepime", t0, t0 + timedelta(days=3), False),
        ("metronidazole", t0, t0 + timedelta(days=2), False),
        ("losartan", t0, t0 + timedelta(days=4), True),
    ]
    assert meds.allergy_safe_plan(plan, []) is plan
    assert meds.allergy_safe(
        ["amlodipine", "lisinopril"], ["Lisinopril (angioedema)"]
    ) == [
        "amlodipine",
        "losartan",
    ]


@pytest.fixture(scope="module")
def hospital(generated_hospital: Callable[[int, int], Path]) -> Path:
    return generated_hospital(300, 7)  # shared with the other 300-patient seed-7 tests


def test_no_order_or_home_drug_a_recorded_allergy_rules_out(hospital: Path) -> None:
    with gzip.open(hospital / "truth" / "patients.jsonl.gz", "rt") as fh:
        truth = [json.loads(line) for line in fh]
    allergies = {t["subject_id"]: t["allergies"] for t in truth}
    assert (
        sum(bool(a) for a in allergies.values()) > 50
    )  # the check has patients to bite on
    rx = pacsv.read_csv(hospital / "hosp" / "prescriptions.csv.gz").to_pylist()
    bad = [
        (r["subject_id"], r["drug"])
        for r in rx
        if ruling_allergy(r["drug"], allergies.get(r["subject_id"], []))
    ]
    assert bad == []
    homes = [
        (t["subject_id"], d)
        for t in truth
        for d in t["home_meds"]
        if not allowed(d, t["allergies"])
    ]
    assert homes == []


def test_deescalation_skips_the_rung_an_allergy_rules_out() -> None:
    ecoli = {
        "organism": "ESCHERICHIA COLI",
        "susceptibility": {
            "ampicillin": "S",
            "ceftriaxone": "S",
            "piperacillin/tazo": "S",
        },
    }
    assert AM.narrowest_agent(ecoli) == "ampicillin"
    assert AM.narrowest_agent(ecoli, ["Penicillins"]) == "ceftriaxone"
    mssa = {
        "organism": "STAPH AUREUS COAG +",
        "susceptibility": {"oxacillin": "S", "vancomycin": "S"},
    }
    assert AM.narrowest_agent(mssa, ["Penicillins"]) == "cefazolin"


def test_apixaban_dose_follows_the_indication_and_the_label() -> None:
    # acute DVT/PE: 10 mg BID for the first week, whatever the age or kidneys (AMPLIFY)
    assert meds.apixaban_dose(True, 85, 55.0, True) == 10.0
    # atrial fibrillation: 2.5 mg only with two of age >= 80, weight <= 60 kg, Cr >= 1.5
    assert meds.apixaban_dose(False, 73, 80.0, True) == 5.0
    assert meds.apixaban_dose(False, 82, 80.0, True) == 2.5
    assert meds.apixaban_dose(False, 82, 58.0, False) == 2.5
    assert meds.apixaban_dose(False, 60, 58.0, False) == 5.0


def test_no_duplicate_acid_suppression_or_serotonergic_antidepressants(
    hospital: Path,
) -> None:
    by_name = {d.name: k for k, d in kb.DRUGS.items()}
    groups: dict[tuple[int, str], set[str]] = {}
    iv_ppi = set()
    rows = pacsv.read_csv(hospital / "hosp" / "prescriptions.csv.gz").to_pylist()
    for r in rows:
        key = by_name.get(r["drug"])
        if key is None or r["drug_type"] != "MAIN":
            continue
        group = kb.drugs.therapeutic_group(key)
        if group in ("acid suppression", "serotonergic antidepressant"):
            groups.setdefault((r["hadm_id"], group), set()).add(r["drug"])
            if r["drug"] == "Pantoprazole" and r["route"] == "IV":
                iv_ppi.add(r["hadm_id"])
    dups = {k: v for k, v in groups.items() if len(v) > 1}
    # an IV pantoprazole for a GI bleed followed by oral pantoprazole is one drug; a home
    # omeprazole is replaced for the stay (56 of 480 admissions had two before, then 5)
    assert dups == {}
    assert iv_ppi


def test_tobacco_history_codes_only_for_former_smokers(hospital: Path) -> None:
    with gzip.open(hospital / "truth" / "patients.jsonl.gz", "rt") as fh:
        smoking = {t["subject_id"]: t["social"]["smoking"] for t in map(json.loads, fh)}
    rows = pacsv.read_csv(hospital / "hosp" / "diagnoses_icd.csv.gz").to_pylist()
    coded = [r["subject_id"] for r in rows if r["icd_code"] in ("Z87891", "V1582")]
    assert coded
    assert all(smoking[s].startswith("former") for s in coded)
