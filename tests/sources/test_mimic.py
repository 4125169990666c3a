"""MimicSource: tiny invented MIMIC-IV tables (conversion details, errors, cache) and the demo."""

from __future__ import annotations

import base64
import csv
import gzip
import io
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pytest

from physassist_env.fhir import codes as C
from physassist_env.fhir.validate import validate_record
from physassist_env.sources import open_source
from physassist_env.sources.base import RecordSource, SourceError
from physassist_env.sources.mimic import (
    MimicSource,
    PatientCriteria,
    ingest_table,
    parse_discharge_sections,
)
from physassist_env.sources.mimic.tables import SPECS, BucketedTable

# --------------------------------------------------------------------------- fixtures
TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [
            [1001, "F", 60, 2150, "2011 - 2013", ""],
            [1002, "M", 30, 2140, "2014 - 2016", "2145-03-01"],
            [1003, "F", 85, 2160, "2017 - 2019", ""],
        ],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location",
        [
            [
                1001,
                5001,
                "2150-01-01 10:00:00",
                "2150-01-05 12:30:00",
                "",
                "EW EMER.",
                "EMERGENCY ROOM",
                "HOME",
            ],
            [
                1001,
                5002,
                "2151-02-01 08:00:00",
                "2151-02-03 09:00:00",
                "",
                "ELECTIVE",
                "PHYSICIAN REFERRAL",
                "",
            ],
            [
                1002,
                5003,
                "2141-06-01 00:00:00",
                "2141-06-02 00:00:00",
                "",
                "AMBULATORY OBSERVATION",
                "",
                "HOME",
            ],
        ],
    ),
    "icu/icustays": (
        "subject_id,hadm_id,stay_id,first_careunit,last_careunit,intime,outtime,los",
        [
            [
                1001,
                5001,
                7001,
                "Medical Intensive Care Unit (MICU)",
                "Medical Intensive Care Unit (MICU)",
                "2150-01-01 12:00:00",
                "2150-01-03 12:00:00",
                2.0,
            ]
        ],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I10", 10, "Essential (primary) hypertension"],
            ["4019", 9, "Unspecified essential hypertension"],
            ["E119", 10, "Type 2 diabetes mellitus without complications"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [
            [1001, 5001, 2, "E119", 10],
            [1001, 5001, 1, "I10", 10],
            [1002, 5003, 1, "4019", 9],
        ],
    ),
    "hosp/d_icd_procedures": (
        "icd_code,icd_version,long_title",
        [["0040", 9, "Procedure on single vessel"]],
    ),
    "hosp/procedures_icd": (
        "subject_id,hadm_id,seq_num,chartdate,icd_code,icd_version",
        [[1001, 5001, 1, "2150-01-02", "0040", 9]],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50912, "Creatinine", "Blood", "Chemistry"],
            [50983, "Sodium", "Blood", "Chemistry"],
            [51006, "Urea Nitrogen", "Blood", "Chemistry"],
            [99999, "Comment", "Urine", "Chemistry"],
        ],
    ),
    "hosp/labevents": (
        "labevent_id,subject_id,hadm_id,specimen_id,itemid,order_provider_id,charttime,storetime,value,"
        "valuenum,valueuom,ref_range_lower,ref_range_upper,flag,priority,comments",
        [
            [
                1,
                1001,
                5001,
                11,
                50912,
                "",
                "2150-01-01 11:00:00",
                "2150-01-01 12:00:00",
                "2.5",
                2.5,
                "mg/dL",
                0.5,
                1.2,
                "abnormal",
                "STAT",
                "",
            ],
            [
                2,
                1001,
                5001,
                11,
                50983,
                "",
                "2150-01-01 11:00:00",
                "2150-01-01 12:00:00",
                "128",
                128,
                "mEq/L",
                133,
                145,
                "abnormal",
                "",
                "",
            ],
            [
                3,
                1001,
                5001,
                11,
                51006,
                "",
                "2150-01-01 11:00:00",
                "",
                "15",
                15,
                "mg/dL",
                6,
                20,
                "",
                "",
                "",
            ],
            [
                4,
                1001,
                "",
                12,
                99999,
                "",
                "2150-03-01 09:00:00",
                "2150-03-01 10:00:00",
                "HOLD",
                "",
                "",
                "",
                "",
                "abnormal",
                "",
                "see note",
            ],
            [
                5,
                1002,
                5003,
                13,
                50912,
                "",
                "2141-06-01 03:00:00",
                "2141-06-01 04:00:00",
                "0.9",
                0.9,
                "mg/dL",
                "",
                "",
                "",
                "",
                "",
            ],
        ],
    ),
    "hosp/microbiologyevents": (
        "microevent_id,subject_id,hadm_id,micro_specimen_id,order_provider_id,chartdate,charttime,spec_itemid,"
        "spec_type_desc,test_seq,storedate,storetime,test_itemid,test_name,org_itemid,org_name,isolate_num,"
        "quantity,ab_itemid,ab_name,dilution_text,dilution_comparison,dilution_value,interpretation,comments",
        [
            [
                1,
                1001,
                5001,
                900,
                "",
                "2150-01-02 00:00:00",
                "2150-01-02 08:00:00",
                70012,
                "BLOOD CULTURE",
                1,
                "",
                "2150-01-04 10:00:00",
                90201,
                "Blood Culture, Routine",
                80002,
                "ESCHERICHIA COLI",
                1,
                "",
                90004,
                "AMPICILLIN",
                ">=32",
                ">=",
                32,
                "R",
                "",
            ],
            [
                2,
                1001,
                5001,
                900,
                "",
                "2150-01-02 00:00:00",
                "2150-01-02 08:00:00",
                70012,
                "BLOOD CULTURE",
                1,
                "",
                "2150-01-04 10:00:00",
                90201,
                "Blood Culture, Routine",
                80002,
                "ESCHERICHIA COLI",
                1,
                "",
                90012,
                "GENTAMICIN",
                "<=1",
                "<=",
                1,
                "S",
                "",
            ],
            [
                3,
                1001,
                5001,
                901,
                "",
                "2150-01-03 00:00:00",
                "",
                70079,
                "URINE",
                1,
                "",
                "",
                90039,
                "URINE CULTURE",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "NO GROWTH.",
            ],
        ],
    ),
    "hosp/omr": (
        "subject_id,chartdate,seq_num,result_name,result_value",
        [
            [1001, "2149-12-01", 1, "Blood Pressure", "130/85"],
            [1001, "2149-12-01", 1, "Weight (Lbs)", "180.5"],
            [1001, "2149-12-01", 1, "BMI (kg/m2)", "27.1"],
        ],
    ),
    "hosp/prescriptions": (
        "subject_id,hadm_id,pharmacy_id,poe_id,poe_seq,order_provider_id,starttime,stoptime,drug_type,drug,"
        "formulary_drug_cd,gsn,ndc,prod_strength,form_rx,dose_val_rx,dose_unit_rx,form_val_disp,form_unit_disp,"
        "doses_per_24_hrs,route",
        [
            [
                1001,
                5001,
                3001,
                "",
                "",
                "",
                "2150-01-01 12:00:00",
                "2150-01-04 12:00:00",
                "MAIN",
                "Lisinopril",
                "",
                "",
                "00093111301",
                "",
                "",
                "10",
                "mg",
                "",
                "",
                1,
                "PO",
            ],
            [
                1001,
                5001,
                3001,
                "",
                "",
                "",
                "2150-01-01 12:00:00",
                "2150-01-04 12:00:00",
                "BASE",
                "Lisinopril",
                "",
                "",
                "0",
                "",
                "",
                "10",
                "mg",
                "",
                "",
                1,
                "PO",
            ],
            [
                1001,
                5001,
                3002,
                "",
                "",
                "",
                "2150-01-02 12:00:00",
                "",
                "MAIN",
                "Acetaminophen",
                "",
                "",
                "",
                "",
                "",
                "325-650",
                "mg",
                "",
                "",
                "",
                "PO/NG",
            ],
        ],
    ),
    "hosp/pharmacy": (
        "subject_id,hadm_id,pharmacy_id,poe_id,starttime,stoptime,medication,proc_type,status,frequency",
        [
            [
                1001,
                5001,
                3001,
                "",
                "",
                "",
                "Lisinopril",
                "Unit Dose",
                "Discontinued",
                "DAILY",
            ]
        ],
    ),
    "hosp/emar": (
        "subject_id,hadm_id,emar_id,emar_seq,poe_id,pharmacy_id,enter_provider_id,charttime,medication,event_txt,"
        "scheduletime,storetime",
        [
            [
                1001,
                5001,
                "1001-1",
                1,
                "",
                3001,
                "",
                "2150-01-02 09:00:00",
                "Lisinopril",
                "Administered",
                "",
                "",
            ],
            [
                1001,
                5001,
                "1001-2",
                2,
                "",
                3001,
                "",
                "2150-01-03 09:00:00",
                "Lisinopril",
                "Not Given",
                "",
                "",
            ],
            [
                1001,
                5001,
                "1001-3",
                3,
                "",
                "",
                "",
                "2150-01-03 10:00:00",
                "Heparin",
                "Hold Dose",
                "",
                "",
            ],
        ],
    ),
    "hosp/emar_detail": (
        "subject_id,emar_id,emar_seq,parent_field_ordinal,dose_given,dose_given_unit,route",
        [
            [1001, "1001-1", 1, "", "___", "", ""],
            [1001, "1001-1", 1, 1.1, "10", "mg", "PO"],
        ],
    ),
    "icu/d_items": (
        "itemid,label,abbreviation",
        [
            [220045, "Heart Rate", "HR"],
            [220210, "Respiratory Rate", "RR"],
            [226000, "Not a vital", "X"],
        ],
    ),
    "icu/chartevents": (
        "subject_id,hadm_id,stay_id,caregiver_id,charttime,storetime,itemid,value,valuenum,valueuom,warning",
        [
            [
                1001,
                5001,
                7001,
                "",
                "2150-01-01 13:00:00",
                "",
                220045,
                "88",
                88,
                "bpm",
                0,
            ],
            [
                1001,
                5001,
                7001,
                "",
                "2150-01-01 13:00:00",
                "",
                220045,
                "90",
                90,
                "bpm",
                0,
            ],
            [1001, 5001, 7001, "", "2150-01-01 13:00:00", "", 226000, "x", "", "", 0],
        ],
    ),
}

DISCHARGE_TEXT = """ \nName:  ___                     Unit No:   ___\n \nAllergies: \nPenicillins / Codeine\n \n\
Chief Complaint:\nchest pain\n \nHistory of Present Illness:\nInvented 60 year old with chest pain.\n\n\
Past Medical History:\nHypertension\n \nBrief Hospital Course:\nRuled out for MI.\n \n\
Discharge Diagnosis:\nNon-cardiac chest pain\n \nDischarge Instructions:\nTake lisinopril daily.\n \n\
Followup Instructions:\nSee your PCP in 1 week.\n"""
RADIOLOGY_TEXT = "EXAMINATION: CHEST (PA AND LAT)\n\nFINDINGS:\nLungs are clear.\n\nIMPRESSION:\nNo acute process.\n"
NOTES = {
    "note/discharge": (
        "note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text",
        [
            [
                "1001-DS-1",
                1001,
                5001,
                "DS",
                1,
                "2150-01-05 00:00:00",
                "2150-01-05 14:00:00",
                DISCHARGE_TEXT,
            ],
            [
                "1002-DS-1",
                1002,
                5003,
                "DS",
                1,
                "2141-06-02 00:00:00",
                "2141-06-02 10:00:00",
                "Allergies:\nPatient recorded as having No Known Allergies to Drugs\n\nChief Complaint:\ndizzy\n",
            ],
        ],
    ),
    "note/radiology": (
        "note_id,subject_id,hadm_id,note_type,note_seq,charttime,storetime,text",
        [
            [
                "1001-RR-1",
                1001,
                5001,
                "RR",
                1,
                "2150-01-01 14:00:00",
                "2150-01-01 15:00:00",
                RADIOLOGY_TEXT,
            ]
        ],
    ),
}
GZIPPED = {"hosp/patients", "hosp/labevents", "hosp/emar", "note/discharge"}


def _csv_bytes(header: str, rows: list[list[object]]) -> bytes:
    buf = io.StringIO()
    buf.write(header + "\n")
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue().encode()


def write_tables(root: Path, tables: dict[str, tuple[str, list[list[object]]]]) -> Path:
    for name, (header, rows) in tables.items():
        data = _csv_bytes(header, rows)
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        if name in GZIPPED:
            (root / f"{name}.csv.gz").write_bytes(gzip.compress(data))
        else:
            (root / f"{name}.csv").write_bytes(data)
    return root


@pytest.fixture()
def tiny(tmp_path: Path) -> Path:
    return write_tables(tmp_path / "mimic", {**TABLES, **NOTES})


def _source(path: Path, tmp_path: Path, **kw: object) -> MimicSource:
    return MimicSource(path, cache_dir=tmp_path / "cache", **kw)  # type: ignore[arg-type]


def _by_id(record) -> dict[str, dict]:
    return {r["id"]: r for r in record.resources}


# --------------------------------------------------------------------------- conversion
def test_tiny_records_are_valid_and_complete(tiny: Path, tmp_path: Path) -> None:
    src = _source(tiny, tmp_path)
    assert isinstance(src, RecordSource) and src.name == "mimic-iv"
    assert src.patient_ids() == ["1001", "1002", "1003"]
    recs = list(src.records())
    assert [r.patient_id for r in recs] == ["1001", "1002", "1003"]
    for rec in recs:
        validate_record(rec)
        assert rec.source == "mimic-iv"
    rec = recs[0]
    assert rec.meta["subject_id"] == 1001
    counts = rec.counts()
    assert (
        counts["Encounter"] == 3
        and counts["Condition"] == 2
        and counts["Procedure"] == 1
    )
    assert counts["MedicationRequest"] == 3 and counts["MedicationAdministration"] == 3
    assert counts["DocumentReference"] == 2 and counts["DiagnosticReport"] == 1
    assert counts["AllergyIntolerance"] == 2 and counts["CarePlan"] == 1
    # 4 labs + 2 micro groups + 3 omr + 2 vital chartevents (the non-vital item dropped)
    assert counts["Observation"] == 11
    assert recs[2].counts() == {"Patient": 1}


def test_patient_and_encounters(tiny: Path, tmp_path: Path) -> None:
    rec = next(_source(tiny, tmp_path).records(["1002"]))
    pat = rec.patient
    assert pat["gender"] == "male" and pat["birthDate"] == "2110-01-01"
    assert pat["deceasedDateTime"] == "2145-03-01"
    assert pat["identifier"][0]["value"] == "1002"
    enc = _by_id(rec)["5003"]
    assert enc["class"]["code"] == "AMB" and enc["status"] == "finished"
    assert enc["period"] == {
        "start": "2141-06-01T00:00:00-04:00",
        "end": "2141-06-02T00:00:00-04:00",
    }
    rec = next(_source(tiny, tmp_path).records(["1001"]))
    res = _by_id(rec)
    assert res["5001"]["class"]["code"] == "EMER"
    assert res["5001"]["hospitalization"]["dischargeDisposition"]["text"] == "HOME"
    assert res["5002"]["class"]["code"] == "IMP"
    icu = res["icu-7001"]
    assert icu["partOf"] == {"reference": "Encounter/5001"}
    assert "MICU" in icu["type"][0]["text"]


def test_conditions_and_procedures(tiny: Path, tmp_path: Path) -> None:
    rec = next(_source(tiny, tmp_path).records(["1001"]))
    conds = list(rec.of_type("Condition"))
    assert [c["id"] for c in conds] == ["dx-5001-1", "dx-5001-2"]  # seq_num order
    c = conds[0]
    assert c["code"]["coding"][0] == {
        "system": C.ICD10_CM,
        "code": "I10",
        "display": "Essential (primary) hypertension",
    }
    assert c["code"]["text"] == "Essential (primary) hypertension"
    # billing codes assigned from the discharge record: known from the discharge on
    assert c["recordedDate"] == "2150-01-05T12:30:00-05:00"
    assert c["encounter"] == {"reference": "Encounter/5001"}
    assert c["verificationStatus"]["coding"][0]["code"] == "confirmed"
    rec2 = next(_source(tiny, tmp_path).records(["1002"]))
    assert next(rec2.of_type("Condition"))["code"]["coding"][0]["system"] == C.ICD9_CM
    proc = next(rec.of_type("Procedure"))
    assert proc["id"] == "proc-5001-1" and proc["status"] == "completed"
    assert proc["performedDateTime"] == "2150-01-02"
    assert proc["code"]["text"] == "Procedure on single vessel"


def test_lab_values_and_interpretation(tiny: Path, tmp_path: Path) -> None:
    res = _by_id(next(_source(tiny, tmp_path).records(["1001"])))
    creat = res["lab-1"]
    assert creat["valueQuantity"] == {
        "value": 2.5,
        "unit": "mg/dL",
        "system": C.UCUM,
        "code": "mg/dL",
    }
    assert creat["interpretation"][0]["coding"][0]["code"] == "H"
    assert {
        "system": C.LOINC,
        "code": "2160-0",
        "display": C.LAB_LOINC[50912][1],
    } in creat["code"]["coding"]
    assert creat["code"]["coding"][0]["system"] == C.MIMIC_LABITEMS
    assert creat["code"]["text"] == "Creatinine"
    assert creat["referenceRange"][0]["high"]["value"] == 1.2
    assert creat["effectiveDateTime"] == "2150-01-01T11:00:00-05:00"
    assert creat["issued"] == "2150-01-01T12:00:00-05:00"
    assert creat["encounter"] == {"reference": "Encounter/5001"}
    assert res["lab-2"]["interpretation"][0]["coding"][0]["code"] == "L"
    assert res["lab-3"]["interpretation"][0]["coding"][0]["code"] == "N"
    assert "issued" not in res["lab-3"]
    hold = res["lab-4"]
    assert hold["valueString"] == "HOLD" and "encounter" not in hold
    assert hold["interpretation"][0]["coding"][0]["code"] == "A"
    assert hold["note"] == [{"text": "see note"}]
    other = _by_id(next(_source(tiny, tmp_path).records(["1002"])))["lab-5"]
    assert "interpretation" not in other  # no flag and no range


def test_vitals_bp_split_and_chartevents(tiny: Path, tmp_path: Path) -> None:
    rec = next(_source(tiny, tmp_path).records(["1001"]))
    vitals = [
        o
        for o in rec.of_type("Observation")
        if o["category"][0]["coding"][0]["code"] == "vital-signs"
    ]
    bp = next(o for o in vitals if o["code"]["text"] == "Blood Pressure")
    assert {
        "system": C.LOINC,
        "code": "85354-9",
        "display": "Blood pressure panel",
    } in bp["code"]["coding"]
    sys_, dia = bp["component"]
    assert (
        sys_["code"]["coding"][0]["code"] == C.SYSTOLIC_LOINC
        and sys_["valueQuantity"]["value"] == 130
    )
    assert (
        dia["code"]["coding"][0]["code"] == C.DIASTOLIC_LOINC
        and dia["valueQuantity"]["value"] == 85
    )
    assert bp["effectiveDateTime"] == "2149-12-01"
    weight = next(o for o in vitals if o["code"]["text"] == "Weight (Lbs)")
    assert (
        weight["valueQuantity"]["value"] == 180.5
        and weight["valueQuantity"]["code"] == "[lb_av]"
        # the display unit a reader of the tool text takes for pounds (round 7)
        and weight["valueQuantity"]["unit"] == "lb"
    )
    hr = [o for o in vitals if o["id"].startswith("ce-")]
    assert [o["id"] for o in hr] == [
        "ce-7001-220045-215001011300-0",
        "ce-7001-220045-215001011300-1",
    ]
    assert hr[0]["valueQuantity"]["code"] == "/min"
    assert {"system": C.LOINC, "code": "8867-4", "display": "Heart rate"} in hr[0][
        "code"
    ]["coding"]


def test_microbiology_grouping(tiny: Path, tmp_path: Path) -> None:
    rec = next(_source(tiny, tmp_path).records(["1001"]))
    micro = [o for o in rec.of_type("Observation") if o["id"].startswith("micro-")]
    assert len(micro) == 2
    culture = micro[0]
    assert culture["id"] == "micro-900-90201-80002-1"
    assert culture["category"][1]["coding"][0]["code"] == "microbiology"
    assert culture["category"][0]["coding"][0]["code"] == "laboratory"
    assert culture["valueCodeableConcept"]["text"] == "ESCHERICHIA COLI"
    amp, gent = culture["component"]
    assert amp["code"]["text"] == "AMPICILLIN" and amp["valueString"] == ">=32"
    assert amp["interpretation"][0]["coding"][0]["code"] == "R"
    assert gent["interpretation"][0]["coding"][0]["code"] == "S"
    urine = micro[1]
    assert urine["valueString"] == "NO GROWTH."
    assert (
        urine["effectiveDateTime"] == "2150-01-03T00:00:00-05:00"
    )  # chartdate fallback


def test_medications(tiny: Path, tmp_path: Path) -> None:
    res = _by_id(next(_source(tiny, tmp_path).records(["1001"])))
    rx = res["rx-3001-0"]
    # pharmacy status "Discontinued": stopped, as MIMIC-IV on FHIR writes it
    assert rx["status"] == "stopped" and rx["intent"] == "order"
    assert rx["medicationCodeableConcept"]["text"] == "Lisinopril"
    assert {"system": C.NDC, "code": "00093111301"} in rx["medicationCodeableConcept"][
        "coding"
    ]
    dose = rx["dosageInstruction"][0]
    assert dose["timing"]["code"]["text"] == "DAILY"
    assert dose["route"]["text"] == "PO"
    assert dose["doseAndRate"][0]["doseQuantity"] == {
        "value": 10,
        "unit": "mg",
        "system": C.UCUM,
        "code": "mg",
    }
    assert rx["dispenseRequest"]["validityPeriod"]["end"] == "2150-01-04T12:00:00-05:00"
    assert (
        len(res["rx-3001-1"]["medicationCodeableConcept"]["coding"]) == 1
    )  # ndc "0" dropped
    apap = res["rx-3002-0"]
    assert apap["status"] == "active"
    assert (
        apap["dosageInstruction"][0]["doseAndRate"][0]["doseRange"]["high"]["value"]
        == 650
    )
    assert "325-650" in apap["dosageInstruction"][0]["text"]
    given = res["emar-1001-1"]
    assert given["status"] == "completed" and given["context"] == {
        "reference": "Encounter/5001"
    }
    assert (
        given["dosage"]["dose"]["value"] == 10
        and given["dosage"]["route"]["text"] == "PO"
    )
    assert given["request"] == {"reference": "MedicationRequest/rx-3001-0"}
    assert res["emar-1001-2"]["status"] == "not-done"
    assert (
        res["emar-1001-3"]["status"] == "not-done"
        and "request" not in res["emar-1001-3"]
    )


def test_notes(tiny: Path, tmp_path: Path) -> None:
    rec = next(_source(tiny, tmp_path).records(["1001"]))
    res = _by_id(rec)
    doc = res["note-1001-DS-1"]
    assert doc["type"]["coding"][0]["code"] == "18842-5"
    assert (
        base64.b64decode(doc["content"][0]["attachment"]["data"]).decode()
        == DISCHARGE_TEXT
    )
    assert doc["context"]["encounter"] == [{"reference": "Encounter/5001"}]
    assert doc["date"] == "2150-01-05T14:00:00-05:00"
    rad = res["rad-1001-RR-1"]
    assert rad["conclusion"] == "No acute process."
    assert rad["category"][0]["coding"][0]["code"] == "RAD"
    assert res["note-1001-RR-1"]["type"]["coding"][0]["code"] == "18748-4"
    allergies = [a["code"]["text"] for a in rec.of_type("AllergyIntolerance")]
    assert allergies == ["Penicillins", "Codeine"]
    plan = next(rec.of_type("CarePlan"))
    assert "lisinopril" in plan["description"] and "PCP" in plan["description"]
    sections = rec.meta["note_sections"]["5001"]
    assert sections["Chief Complaint"] == "chest pain"
    assert sections["Brief Hospital Course"] == "Ruled out for MI."
    rec2 = next(_source(tiny, tmp_path).records(["1002"]))
    assert list(rec2.of_type("AllergyIntolerance")) == []  # No Known Allergies


def test_parse_discharge_sections() -> None:
    sections = parse_discharge_sections(DISCHARGE_TEXT)
    assert list(sections) == [
        "Allergies",
        "Chief Complaint",
        "History of Present Illness",
        "Past Medical History",
        "Brief Hospital Course",
        "Discharge Diagnosis",
        "Discharge Instructions",
        "Followup Instructions",
    ]
    assert sections["Discharge Diagnosis"] == "Non-cardiac chest pain"
    assert parse_discharge_sections("") == {}


# --------------------------------------------------------------------------- selection
def test_selection(tiny: Path, tmp_path: Path) -> None:
    assert _source(tiny, tmp_path, patient_ids=["1003", 1001]).patient_ids() == [
        "1003",
        "1001",
    ]
    assert _source(tiny, tmp_path, limit=2).patient_ids() == ["1001", "1002"]
    crit = PatientCriteria(gender="female", min_age=50)
    assert _source(tiny, tmp_path, criteria=crit).patient_ids() == ["1001", "1003"]
    assert _source(
        tiny, tmp_path, criteria=PatientCriteria(max_age=40)
    ).patient_ids() == ["1002"]
    assert _source(
        tiny, tmp_path, criteria=PatientCriteria(icd_prefixes=("I1",))
    ).patient_ids() == ["1001"]
    assert _source(
        tiny, tmp_path, criteria=PatientCriteria(min_lab_rows=2)
    ).patient_ids() == ["1001"]
    assert _source(
        tiny, tmp_path, criteria=PatientCriteria(min_admissions=1)
    ).patient_ids() == ["1001", "1002"]
    with pytest.raises(SourceError, match=r"unknown patient id\(s\) 42, abc"):
        _source(tiny, tmp_path, patient_ids=["1001", "42", "abc"])
    with pytest.raises(SourceError, match="unknown patient"):
        list(_source(tiny, tmp_path).records(["7"]))


def test_open_source(tiny: Path, tmp_path: Path) -> None:
    src = open_source("mimic-iv", tiny, cache_dir=tmp_path / "c", limit=1)
    assert src.patient_ids() == ["1001"]


# --------------------------------------------------------------------------- errors
def test_missing_required_table(tiny: Path, tmp_path: Path) -> None:
    (tiny / "hosp" / "admissions.csv").unlink()
    with pytest.raises(
        SourceError,
        match=r"admissions\.csv\.gz.*required MIMIC-IV table hosp/admissions",
    ):
        _source(tiny, tmp_path)
    with pytest.raises(SourceError, match="not found"):
        MimicSource(tmp_path / "nowhere")


def test_optional_tables_may_be_missing(tiny: Path, tmp_path: Path) -> None:
    for name in ("icu/chartevents.csv", "note/radiology.csv", "hosp/emar_detail.csv"):
        (tiny / name).unlink()
    rec = next(_source(tiny, tmp_path).records(["1001"]))
    validate_record(rec)
    assert "DiagnosticReport" not in rec.counts()


def test_truncated_gzip(tiny: Path, tmp_path: Path) -> None:
    path = tiny / "hosp" / "labevents.csv.gz"
    rows = [
        [
            i,
            1001,
            5001,
            1,
            50912,
            "",
            "2150-01-01 11:00:00",
            "",
            "1",
            1,
            "mg/dL",
            "",
            "",
            "",
            "",
            "",
        ]
        for i in range(20000)
    ]
    data = gzip.compress(_csv_bytes(TABLES["hosp/labevents"][0], rows))
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(SourceError, match=r"labevents\.csv\.gz"):
        list(_source(tiny, tmp_path).records())


def test_missing_column(tiny: Path, tmp_path: Path) -> None:
    header, rows = TABLES["hosp/diagnoses_icd"]
    cols = header.split(",")
    drop = cols.index("icd_version")
    (tiny / "hosp" / "diagnoses_icd.csv").write_bytes(
        _csv_bytes(
            ",".join(c for c in cols if c != "icd_version"),
            [[v for i, v in enumerate(r) if i != drop] for r in rows],
        )
    )
    with pytest.raises(
        SourceError,
        match=r"diagnoses_icd\.csv: missing required column\(s\) icd_version",
    ):
        list(_source(tiny, tmp_path).records())


def test_bad_type_names_file_and_column(tiny: Path, tmp_path: Path) -> None:
    header, rows = TABLES["hosp/procedures_icd"]
    (tiny / "hosp" / "procedures_icd.csv").write_bytes(
        _csv_bytes(header, [*rows, [1001, "not-a-number", 2, "2150-01-02", "0040", 9]])
    )
    with pytest.raises(SourceError, match=r"procedures_icd\.csv.*'hadm_id'"):
        list(_source(tiny, tmp_path).records())


# --------------------------------------------------------------------------- cache
def test_bucketed_cache_gives_identical_records(tiny: Path, tmp_path: Path) -> None:
    direct = list(_source(tiny, tmp_path).records())
    cached_src = MimicSource(
        tiny,
        cache_dir=tmp_path / "bucketcache",
        cache_threshold=0,
        buckets=2,
        batch_patients=2,
    )
    assert any(t.cached is not None for t in cached_src._tables.values())
    cached = list(cached_src.records())
    assert [r.resources for r in cached] == [r.resources for r in direct]
    assert [r.meta for r in cached] == [r.meta for r in direct]
    # second source reuses the finished cache (no re-ingestion)
    again = MimicSource(
        tiny, cache_dir=tmp_path / "bucketcache", cache_threshold=0, buckets=2
    )
    assert [r.resources for r in again.records(["1002"])] == [direct[1].resources]
    assert all(
        t.cached is None or t.cached.stats is None for t in again._tables.values()
    )


def test_a_batch_is_grouped_per_patient_in_table_order() -> None:
    """A batch's rows stay Arrow columns; each patient's rows come out on demand, in the
    table's order (patients interleaved in the table), none for a patient without rows."""
    from physassist_env.sources.mimic.source import _Grouped

    table = pa.table(
        {"subject_id": [3, 1, 3, 2, 1, 3], "v": ["a", "b", "c", "d", "e", "f"]}
    )
    grouped = _Grouped(table)
    assert [r["v"] for r in grouped.rows(3)] == ["a", "c", "f"]
    assert grouped.rows(1) == [{"subject_id": 1, "v": "b"}, {"subject_id": 1, "v": "e"}]
    assert [r["v"] for r in grouped.rows(2)] == ["d"] and grouped.rows(9) == []
    assert _Grouped(table.slice(0, 0)).rows(3) == []


def test_records_do_not_depend_on_the_batch_size(tiny: Path, tmp_path: Path) -> None:
    whole = list(_source(tiny, tmp_path).records())
    for batch in (1, 2):
        one = list(_source(tiny, tmp_path, batch_patients=batch).records())
        assert [r.resources for r in one] == [r.resources for r in whole]
        assert [r.meta for r in one] == [r.meta for r in whole]


def test_ingest_table_buckets_and_order(tmp_path: Path) -> None:
    header = TABLES["hosp/labevents"][0]
    rows = [
        [
            i,
            1000 + (i % 7),
            5001,
            1,
            50912,
            "",
            "2150-01-01 11:00:00",
            "",
            str(i),
            i,
            "mg/dL",
            "",
            "",
            "",
            "",
            "",
        ]
        for i in range(5000)
    ]
    src = tmp_path / "labevents.csv.gz"
    src.write_bytes(gzip.compress(_csv_bytes(header, rows)))
    stats = ingest_table(src, tmp_path / "out", 4, block_size=1 << 16)
    assert stats.rows == 5000 and stats.rows_per_s > 0  # speed: benchmarks/, not a test
    import pyarrow.parquet as pq

    total = 0
    for b in range(4):
        t = pq.read_table(tmp_path / "out" / f"bucket-{b}.parquet")
        total += t.num_rows
        sids = t.column("subject_id").to_pylist()
        assert all(s % 4 == b for s in sids) and sids == sorted(sids)
        assert t.schema.field("value").type == pa.string()
        for sid in set(sids):  # file order kept within a patient
            ids = [
                r
                for r, s in zip(t.column("labevent_id").to_pylist(), sids, strict=True)
                if s == sid
            ]
            assert ids == sorted(ids)
    assert total == 5000
    table = BucketedTable(src, SPECS["labevents"], tmp_path / "c", 4)
    assert table.rows_for([1003]).num_rows == sum(1 for r in rows if r[1] == 1003)


# --------------------------------------------------------------------------- the demo
@pytest.fixture(scope="module")
def demo_records(mimic_demo_path: Path, tmp_path_factory: pytest.TempPathFactory):
    cache = tmp_path_factory.mktemp("mimic-cache")
    return list(MimicSource(mimic_demo_path, cache_dir=cache).records())


def _rows(path: Path) -> int:
    import pyarrow.csv as pacsv

    return pacsv.read_csv(
        path, convert_options=pacsv.ConvertOptions(include_columns=["subject_id"])
    ).num_rows


def test_demo_all_patients_and_counts(demo_records, mimic_demo_path: Path) -> None:
    assert (
        len(demo_records) == _rows(mimic_demo_path / "hosp" / "patients.csv.gz") == 80
    )
    totals: Counter[str] = Counter()
    labs = 0
    for rec in demo_records:
        totals.update(rec.counts())
        labs += sum(1 for o in rec.of_type("Observation") if o["id"].startswith("lab-"))
    hosp = mimic_demo_path / "hosp"
    assert labs == _rows(hosp / "labevents.csv.gz")
    assert totals["Condition"] == _rows(hosp / "diagnoses_icd.csv.gz")
    assert totals["MedicationRequest"] == _rows(hosp / "prescriptions.csv.gz")
    icu = mimic_demo_path / "icu"
    assert totals["MedicationAdministration"] == _rows(hosp / "emar.csv.gz") + _rows(
        icu / "inputevents.csv.gz"
    )
    assert totals["Procedure"] == _rows(hosp / "procedures_icd.csv.gz") + _rows(
        icu / "procedureevents.csv.gz"
    )
    icu_obs = Counter(
        o["id"].split("-")[1]
        for rec in demo_records
        for o in rec.of_type("Observation")
        if o["id"].startswith("icu-")
    )
    assert icu_obs["out"] == _rows(icu / "outputevents.csv.gz")
    assert icu_obs["dte"] == _rows(icu / "datetimeevents.csv.gz")
    # an admission, its ICU stays, and the ED stay it came through (``edregtime``)
    import pyarrow.csv as pacsv

    ed = pacsv.read_csv(
        hosp / "admissions.csv.gz",
        convert_options=pacsv.ConvertOptions(include_columns=["edregtime"]),
    ).column("edregtime")
    assert totals["Encounter"] == _rows(hosp / "admissions.csv.gz") + _rows(
        mimic_demo_path / "icu" / "icustays.csv.gz"
    ) + (len(ed) - ed.null_count)
    assert totals["Patient"] == 80


def test_demo_every_resource_validates(demo_records) -> None:
    n = sum(validate_record(rec) for rec in demo_records)
    assert n > 100_000


def test_demo_icu_doses_and_real_facts(demo_records) -> None:
    """ICU drugs are converted; placeholder orders carry no dose; cancelled tests no value."""
    icu_abx = [
        m
        for rec in demo_records
        for m in rec.of_type("MedicationAdministration")
        if m["id"].startswith("icu-ma-")
        and "piperacillin" in m["medicationCodeableConcept"]["text"].lower()
    ]
    assert icu_abx and all(m["identifier"][0]["value"] for m in icu_abx)
    orders = [m for rec in demo_records for m in rec.of_type("MedicationRequest")]
    placeholders = [
        o
        for o in orders
        if o.get("dosageInstruction")
        and o["dosageInstruction"][0].get("additionalInstruction")
    ]
    assert placeholders
    assert not any("doseAndRate" in o["dosageInstruction"][0] for o in placeholders)
    for o in orders:  # no order states a zero dose as a fact
        for dr in (o.get("dosageInstruction") or [{}])[0].get("doseAndRate") or []:
            assert dr.get("doseQuantity", {}).get("value") != 0, o["id"]
    cancelled = [
        o
        for rec in demo_records
        for o in rec.of_type("Observation")
        if o["status"] == "cancelled"
    ]
    assert cancelled
    assert not any("valueString" in o or "valueCodeableConcept" in o for o in cancelled)
    allergies = [a for rec in demo_records for a in rec.of_type("AllergyIntolerance")]
    assert any(a["id"].startswith("allergy-dx-") for a in allergies)


def test_placeholder_doses() -> None:
    from physassist_env.sources.mimic import convert as cv

    warfarin = {
        "drug": "Warfarin",
        "prod_strength": "Check with MD for Dose",
        "dose_val_rx": "0",
        "dose_unit_rx": "mg",
        "route": "PO/NG",
        "starttime": "2150-01-01 16:00:00",
        "pharmacy_id": 1,
    }
    res = cv.medication_request(warfarin, "1", "rx-1-0", {1: "DAILY"})
    dosage = res["dosageInstruction"][0]
    assert "doseAndRate" not in dosage
    assert dosage["text"] == "dose per prescriber, PO/NG, DAILY"
    insulin = {
        "drug": "Insulin",
        "dose_val_rx": "0",
        "dose_unit_rx": "UNIT",
        "route": "SC",
        "pharmacy_id": 2,
    }
    pharmacy = {2: {"sliding_scale": "Y", "frequency": "ASDIR"}}
    res = cv.medication_request(insulin, "1", "rx-2-0", {2: "ASDIR"}, pharmacy)
    assert res["dosageInstruction"][0]["text"] == "sliding scale, SC, ASDIR"
    real = dict(warfarin, prod_strength="5mg Tablet", dose_val_rx="5")
    res = cv.medication_request(real, "1", "rx-1-1", {})
    assert res["dosageInstruction"][0]["doseAndRate"][0]["doseQuantity"]["value"] == 5


def test_cancelled_results_and_allergy_codes() -> None:
    from physassist_env.sources.mimic import convert as cv

    lab = cv.lab_observation(
        {
            "labevent_id": 1,
            "itemid": 51221,
            "charttime": "2150-01-01 08:00:00",
            "value": None,
            "comments": "UNABLE TO REPORT, SPECIMEN CLOTTED.",
        },
        "1",
        {},
    )
    assert lab["status"] == "cancelled" and "valueString" not in lab
    micro = cv.micro_observation(
        [
            {
                "micro_specimen_id": 9,
                "test_itemid": 90,
                "test_name": "URINE CULTURE",
                "chartdate": "2150-01-01",
                "storetime": "2150-01-02 10:00:00",
                "comments": "TEST CANCELLED, PATIENT CREDITED.",
            }
        ],
        "1",
    )
    assert micro["status"] == "cancelled" and "valueString" not in micro
    assert cv.allergy_kind("V141", 9) == ("allergy", "medication")
    assert cv.allergy_kind("9950", 9) == ("allergy", "medication")
    assert cv.allergy_kind("E9342", 9) == ("intolerance", "medication")
    assert cv.allergy_kind("Z880", 10) == ("allergy", "medication")
    assert cv.allergy_kind("T360X5A", 10) == ("intolerance", "medication")
    assert cv.allergy_kind("T360X1A", 10) is None  # poisoning, not an adverse effect
    assert cv.allergy_kind("4280", 9) is None


def test_icu_rows() -> None:
    from physassist_env.sources.mimic import convert as cv

    items = {225893: {"label": "Piperacillin/Tazobactam (Zosyn)"}}
    row = {
        "hadm_id": 5,
        "stay_id": 7,
        "itemid": 225893,
        "starttime": "2150-01-01 10:00:00",
        "endtime": "2150-01-01 10:30:00",
        "storetime": "2150-01-01 11:00:00",
        "amount": 4.5,
        "amountuom": "g",
        "linkorderid": 42,
        "ordercategoryname": "08-Antibiotics (IV)",
        "ordercategorydescription": "Drug Push",
        "statusdescription": "FinishedRunning",
    }
    ma = cv.icu_medication_administration(row, "1", items, "icu-ma-7-1-0")
    assert ma["status"] == "completed" and ma["effectiveDateTime"].startswith(
        "2150-01-01T10:00"
    )
    assert ma["dosage"]["dose"]["value"] == 4.5 and ma["identifier"][0]["value"] == "42"
    stopped = cv.icu_medication_administration(
        dict(
            row, statusdescription="Stopped", ordercategorydescription="Continuous Med"
        ),
        "1",
        items,
        "icu-ma-7-1-1",
    )
    assert stopped["status"] == "stopped" and "effectivePeriod" in stopped
    out = cv.icu_observation(
        {
            "itemid": 226559,
            "charttime": "2150-01-01 12:00:00",
            "value": "60",
            "valueuom": "ml",
            "storetime": "2150-01-01 12:08:00",
        },
        "1",
        {226559: {"label": "Foley"}},
        "icu-out-7-226559-0",
        "output",
    )
    assert out["valueQuantity"]["value"] == 60 and out["issued"].startswith(
        "2150-01-01T12:08"
    )


def test_datetimes_carry_the_hospital_offset_as_mimic_iv_on_fhir() -> None:
    """MIMIC wall-clock times get the America/New_York offset of their moment, as the
    MIMIC-IV on FHIR demo writes them (the repeated autumn hour read as standard time)."""
    from physassist_env.sources.mimic import convert as cv

    assert cv.fhir_datetime("2180-05-06 22:23:00") == "2180-05-06T22:23:00-04:00"
    assert cv.fhir_datetime("2180-01-06 22:23") == "2180-01-06T22:23:00-05:00"
    assert cv.fhir_datetime("2201-11-01 01:04:00") == "2201-11-01T01:04:00-05:00"
    assert cv.fhir_datetime("2150-01-01") == "2150-01-01"
    assert cv.fhir_instant("2150-07-01") == "2150-07-01T00:00:00-04:00"


def test_offsets_agree_with_the_fhir_demo(mimic_fhir_demo_path: Path) -> None:
    import re

    from physassist_env.sources.mimic import convert as cv

    pattern = re.compile(r'"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})"')
    checked = 0
    with gzip.open(
        mimic_fhir_demo_path / "fhir" / "MimicEncounter.ndjson.gz", "rt"
    ) as fh:
        for line in fh:
            for wall, offset in pattern.findall(line):
                assert cv.fhir_datetime(wall.replace("T", " ")) == wall + offset
                checked += 1
    assert checked > 1000
