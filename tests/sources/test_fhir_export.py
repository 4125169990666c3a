"""Tests for the FHIR export source: small invented exports, and the MIMIC-IV-on-FHIR demo."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from physassist_env.fhir.codes import MIMIC_MEDICATION_NAME
from physassist_env.fhir.record import PatientRecord
from physassist_env.fhir.validate import validate_record
from physassist_env.sources import RecordSource, SourceError, open_source
from physassist_env.sources.fhir_export import MICROBIOLOGY_CATEGORY, FhirExportSource

MIMIC_CS = "http://mimic.mit.edu/fhir/mimic/CodeSystem/"
MIMIC_SD = "http://mimic.mit.edu/fhir/mimic/StructureDefinition/"


# ---------------------------------------------------------------------- invented data


def _patient(pid: str, subject_id: str | None = None) -> dict[str, Any]:
    res: dict[str, Any] = {"resourceType": "Patient", "id": pid, "gender": "female"}
    if subject_id:
        res["identifier"] = [
            {
                "system": "http://mimic.mit.edu/fhir/mimic/identifier/patient",
                "value": subject_id,
            }
        ]
    return res


def _obs(oid: str, pid: str, **extra: Any) -> dict[str, Any]:
    return {
        "resourceType": "Observation",
        "id": oid,
        "status": "final",
        "code": {"coding": [{"system": "http://loinc.org", "code": "8867-4"}]},
        "subject": {"reference": f"Patient/{pid}"},
        "effectiveDateTime": "2150-01-02T03:04:00-05:00",
        **extra,
    }


def _micro(oid: str, pid: str) -> dict[str, Any]:
    return {
        "resourceType": "Observation",
        "id": oid,
        "meta": {"profile": [MIMIC_SD + "mimic-observation-micro-org"]},
        "status": "final",
        "category": [
            {
                "coding": [
                    {
                        "system": "http://terminology.hl7.org/CodeSystem/observation-category",
                        "code": "laboratory",
                    }
                ]
            }
        ],
        "code": {
            "coding": [
                {
                    "system": MIMIC_CS + "mimic-microbiology-organism",
                    "code": "1",
                    "display": "E. COLI",
                }
            ]
        },
        "subject": {"reference": f"Patient/{pid}"},
    }


def _medication(mid: str, name: str) -> dict[str, Any]:
    return {
        "resourceType": "Medication",
        "id": mid,
        "code": {
            "coding": [
                {"system": MIMIC_CS + "mimic-medication-ndc", "code": "000" + mid}
            ]
        },
        "identifier": [{"system": MIMIC_MEDICATION_NAME, "value": name}],
    }


def _med_request(rid: str, pid: str, mid: str, **extra: Any) -> dict[str, Any]:
    return {
        "resourceType": "MedicationRequest",
        "id": rid,
        "status": "completed",
        "intent": "order",
        "subject": {"reference": f"Patient/{pid}"},
        "medicationReference": {"reference": f"Medication/{mid}", **extra},
        "authoredOn": "2150-01-02T03:04:00-05:00",
    }


def _write_ndjson(path: Path, resources: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(r) + "\n" for r in resources)
    if path.name.endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8") as fh:
            fh.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _bulk_export(root: Path, gz: bool = False) -> Path:
    ext = ".ndjson.gz" if gz else ".ndjson"
    _write_ndjson(root / f"Patient{ext}", [_patient("p1", "101"), _patient("p2")])
    _write_ndjson(
        root / "obs" / f"Observation{ext}",
        [_obs("o1", "p1"), _obs("o2", "p2"), _micro("m1", "p1"), _obs("o3", "p1")],
    )
    _write_ndjson(
        root / f"MedicationRequest{ext}",
        [
            _med_request("r1", "p1", "med1"),
            _med_request("r2", "p2", "med2", display="Shown name"),
            _med_request("r3", "p2", "mix1"),
        ],
    )
    mix = {
        "resourceType": "Medication",
        "id": "mix1",
        "ingredient": [
            {"itemReference": {"reference": "Medication/med1"}},
            {"itemReference": {"reference": "Medication/med2"}},
        ],
    }
    _write_ndjson(
        root / f"Medication{ext}",
        [_medication("med1", "Drug  A"), _medication("med2", "Drug B"), mix],
    )
    _write_ndjson(
        root / f"Organization{ext}", [{"resourceType": "Organization", "id": "org1"}]
    )
    return root


def _synthea_bundle(pid: str, suffix: str) -> dict[str, Any]:
    """A Synthea-style transaction Bundle: urn:uuid fullUrls and references."""
    enc, cond, med = f"enc-{suffix}", f"cond-{suffix}", f"med-{suffix}"
    return {
        "resourceType": "Bundle",
        "type": "transaction",
        "entry": [
            {
                "fullUrl": f"urn:uuid:{pid}",
                "resource": {"resourceType": "Patient", "id": pid, "gender": "male"},
                "request": {"method": "POST", "url": "Patient"},
            },
            {
                "fullUrl": f"urn:uuid:{enc}",
                "resource": {
                    "resourceType": "Encounter",
                    "id": enc,
                    "status": "finished",
                    "class": {"code": "AMB"},
                    "subject": {
                        "reference": f"urn:uuid:{pid}",
                        "display": "Mr. Invented",
                    },
                },
            },
            {
                "fullUrl": f"urn:uuid:{cond}",
                "resource": {
                    "resourceType": "Condition",
                    "id": cond,
                    "code": {"text": "Invented condition"},
                    "subject": {"reference": f"urn:uuid:{pid}"},
                    "encounter": {"reference": f"urn:uuid:{enc}"},
                    "onsetDateTime": "2150-01-02T03:04:00+00:00",
                },
            },
            {
                "fullUrl": f"urn:uuid:{med}",
                "resource": {
                    "resourceType": "Medication",
                    "id": med,
                    "code": {
                        "coding": [
                            {
                                "system": "http://rxnorm",
                                "code": "1",
                                "display": "Rx One",
                            }
                        ]
                    },
                },
            },
            {
                "fullUrl": f"urn:uuid:ma-{suffix}",
                "resource": {
                    "resourceType": "MedicationAdministration",
                    "id": f"ma-{suffix}",
                    "status": "completed",
                    "subject": {"reference": f"urn:uuid:{pid}"},
                    "context": {"reference": f"urn:uuid:{enc}"},
                    "medicationReference": {"reference": f"urn:uuid:{med}"},
                    "effectiveDateTime": "2150-01-02T03:04:00+00:00",
                },
            },
            {"request": {"method": "DELETE", "url": "Observation/gone"}},
        ],
    }


def _by_id(record: PatientRecord) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in record.resources}


# ---------------------------------------------------------------------- small exports


def test_ndjson_folder_groups_inlines_and_normalises(tmp_path: Path) -> None:
    src = FhirExportSource(_bulk_export(tmp_path / "export"))
    assert isinstance(src, RecordSource)
    assert src.name == "fhir"
    assert src.patient_ids() == ["p1", "p2"]
    recs = {r.patient_id: r for r in src.records()}
    assert recs["p1"].counts() == {
        "Patient": 1,
        "Observation": 3,
        "MedicationRequest": 1,
    }
    assert recs["p2"].counts() == {
        "Patient": 1,
        "Observation": 1,
        "MedicationRequest": 2,
    }
    assert recs["p1"].resources[0]["resourceType"] == "Patient"
    assert recs["p1"].source == "fhir"
    assert recs["p1"].meta["mimic_subject_id"] == "101"
    assert recs["p1"].meta["identifiers"][0]["value"] == "101"
    assert recs["p2"].meta == {}

    p1, p2 = _by_id(recs["p1"]), _by_id(recs["p2"])
    # Medication inlined: reference replaced (R4 medication[x] is a choice).
    r1 = p1["r1"]
    assert "medicationReference" not in r1
    cc = r1["medicationCodeableConcept"]
    assert cc["text"] == "Drug  A"
    assert {"system": MIMIC_MEDICATION_NAME, "code": "Drug A"} in cc["coding"]
    assert {"system": MIMIC_CS + "mimic-medication-ndc", "code": "000med1"} in cc[
        "coding"
    ]
    assert p2["r2"]["medicationCodeableConcept"]["text"] == "Shown name"  # display kept
    mix = p2["r3"]["medicationCodeableConcept"]
    assert mix["text"] == "Drug  A + Drug B"
    assert {"system": MIMIC_MEDICATION_NAME, "code": "Drug B"} in mix["coding"]

    # Microbiology category added once; other observations untouched.
    assert MICROBIOLOGY_CATEGORY in p1["m1"]["category"]
    assert len(p1["m1"]["category"]) == 2
    assert "category" not in p1["o1"]

    assert src.stats["aside"] == {"Medication": 3, "Organization": 1}
    for rec in recs.values():
        validate_record(rec)


def test_gzipped_ndjson_equals_plain(tmp_path: Path) -> None:
    plain = list(FhirExportSource(_bulk_export(tmp_path / "plain")).records())
    zipped = list(open_source("fhir", _bulk_export(tmp_path / "gz", gz=True)).records())
    assert [r.resources for r in plain] == [r.resources for r in zipped]


def test_synthea_bundles_resolve_urn_uuid(tmp_path: Path) -> None:
    root = tmp_path / "synthea"
    root.mkdir()
    (root / "a.json").write_text(json.dumps(_synthea_bundle("aaaa-1111", "a")))
    with gzip.open(root / "b.json.gz", "wt") as fh:
        json.dump(_synthea_bundle("bbbb-2222", "b"), fh)
    src = FhirExportSource(root, validate=True)
    assert src.patient_ids() == ["aaaa-1111", "bbbb-2222"]
    rec = next(src.records(["bbbb-2222"]))
    res = _by_id(rec)
    assert rec.counts() == {
        "Patient": 1,
        "Encounter": 1,
        "Condition": 1,
        "MedicationAdministration": 1,
    }
    assert res["enc-b"]["subject"] == {
        "reference": "Patient/bbbb-2222",
        "display": "Mr. Invented",
    }
    assert res["cond-b"]["subject"] == {"reference": "Patient/bbbb-2222"}
    assert res["cond-b"]["encounter"] == {"reference": "Encounter/enc-b"}
    ma = res["ma-b"]
    assert ma["context"] == {"reference": "Encounter/enc-b"}
    assert ma["medicationCodeableConcept"]["coding"][0]["display"] == "Rx One"
    assert "urn:uuid" not in json.dumps(rec.resources)
    assert src.stats["skipped"]["bundle entry without resource"] == 2


def test_bulk_folder_as_it_comes_skips_log_readme_and_licence(tmp_path: Path) -> None:
    root = _bulk_export(tmp_path / "bulk", gz=True)
    (root / "log.ndjson").write_text(
        json.dumps({"time": "2150-01-01T00:00:00Z", "level": "info", "msg": "start"})
        + "\n"
        + json.dumps({"time": "2150-01-01T00:01:00Z", "level": "info", "msg": "done"})
        + "\n"
    )
    (root / "export.log.ndjson").write_text("2150-01-01 export started\n")
    (root / "README.md").write_text("# Export\n")
    (root / "LICENSE").write_text("All rights reserved\n")
    (root / "$export.json").write_text(
        json.dumps({"transactionTime": "2150-01-01T00:00:00Z", "output": []})
    )
    reference = list(FhirExportSource(_bulk_export(tmp_path / "clean")).records())
    src = FhirExportSource(root)
    assert [r.resources for r in src.records()] == [r.resources for r in reference]
    assert src.problems == []
    summary = src.summary()
    skipped = [line for line in summary if line.startswith("skipped ")]
    assert len(skipped) == 5, summary
    assert any("log.ndjson: not FHIR resources" in line for line in skipped)
    assert any(
        "export.log.ndjson: not FHIR resources (line 1 is not JSON)" in line
        for line in skipped
    )
    assert any("README.md: not a FHIR file" in line for line in skipped)
    assert any("LICENSE: not a FHIR file" in line for line in skipped)
    assert any(
        "$export.json: not FHIR resources (a bulk-data manifest)" in line
        for line in skipped
    )
    assert summary[0].endswith("5 FHIR file(s) read, 13 resources, 2 patient(s)")


@pytest.mark.parametrize("kind", ["transaction", "collection", "searchset"])
def test_bundles_of_each_type_and_single_resources(tmp_path: Path, kind: str) -> None:
    root = tmp_path / kind
    root.mkdir()
    bundle = _synthea_bundle("aaaa-1111", "a")
    bundle["type"] = kind
    if kind != "transaction":  # server bundles: absolute fullUrls, Type/id references
        base = "https://fhir.example.org/R4/"
        for entry in bundle["entry"]:
            res = entry.get("resource")
            entry.pop("request", None)
            if res is None:
                continue
            entry["fullUrl"] = f"{base}{res['resourceType']}/{res['id']}"
            if kind == "searchset":
                entry["search"] = {"mode": "match"}
        text = json.dumps(bundle).replace("urn:uuid:aaaa-1111", "Patient/aaaa-1111")
        text = text.replace("urn:uuid:enc-a", "Encounter/enc-a")
        bundle = json.loads(text.replace("urn:uuid:med-a", "Medication/med-a"))
    (root / "bundle.json").write_text(json.dumps(bundle))
    (root / "extra-observation.json").write_text(
        json.dumps(_obs("single", "aaaa-1111"))
    )
    src = FhirExportSource(root, validate=True)
    rec = next(src.records())
    assert rec.counts() == {
        "Patient": 1,
        "Encounter": 1,
        "Condition": 1,
        "MedicationAdministration": 1,
        "Observation": 1,
    }
    res = _by_id(rec)
    assert res["cond-a"]["subject"] == {"reference": "Patient/aaaa-1111"}
    assert res["ma-a"]["medicationCodeableConcept"]["coding"][0]["display"] == "Rx One"
    assert src.problems == []


def test_single_files_ndjson_named_json_and_manifest(tmp_path: Path) -> None:
    single = tmp_path / "one.json"
    single.write_text(json.dumps(_patient("solo")))
    assert [r.patient_id for r in FhirExportSource(single).records()] == ["solo"]

    folder = tmp_path / "bulk"
    _write_ndjson(folder / "everything.json", [_patient("x"), _obs("o", "x")])
    (folder / "manifest.json").write_text(
        json.dumps({"transactionTime": "2150-01-01T00:00:00Z", "output": []})
    )
    rec = next(FhirExportSource(folder).records())
    assert rec.counts() == {"Patient": 1, "Observation": 1}


def test_selection_limit_and_types(tmp_path: Path) -> None:
    root = _bulk_export(tmp_path / "export")
    assert FhirExportSource(root, patient_ids=["p2"]).patient_ids() == ["p2"]
    assert FhirExportSource(root, limit=1).patient_ids() == ["p1"]
    src = FhirExportSource(root)
    assert [r.patient_id for r in src.records(["p2", "p1"])] == ["p2", "p1"]
    only_obs = FhirExportSource(root, resource_types=["Observation"])
    assert [r.counts() for r in only_obs.records()] == [
        {"Patient": 1, "Observation": 3},
        {"Patient": 1, "Observation": 1},
    ]
    small_chunks = FhirExportSource(root)
    small_chunks.chunk_resources = 1  # one reading pass per patient
    assert [r.resources for r in small_chunks.records()] == [
        r.resources for r in src.records()
    ]

    with pytest.raises(SourceError, match=r"unknown patient id.*'nobody'.*'p1', 'p2'"):
        list(src.records(["nobody"]))
    with pytest.raises(SourceError, match="nobody"):
        FhirExportSource(root, patient_ids=["nobody"]).patient_ids()


def test_duplicates_contained_medication_and_orphans(tmp_path: Path) -> None:
    contained = _med_request("r1", "p1", "x")
    contained["medicationReference"] = {"reference": "#m"}
    contained["contained"] = [_medication("m", "Contained drug")]
    _write_ndjson(tmp_path / "a.ndjson", [_patient("p1"), _obs("o1", "p1"), contained])
    _write_ndjson(tmp_path / "b.ndjson", [_obs("o1", "p1"), _obs("o9", "ghost")])
    src = FhirExportSource(tmp_path)
    rec = next(src.records())
    assert rec.counts() == {"Patient": 1, "Observation": 1, "MedicationRequest": 1}
    cc = _by_id(rec)["r1"]["medicationCodeableConcept"]
    assert cc["text"] == "Contained drug"
    assert src.stats["skipped"] == {"references a Patient not in the export": 1}
    assert src.stats["per_type"]["Observation"] == 3


def test_validate_option_raises_on_invalid_resource(tmp_path: Path) -> None:
    bad = _obs("o1", "p1", status="done")  # not in the R4 value set
    _write_ndjson(tmp_path / "x.ndjson", [_patient("p1"), bad])
    assert len(next(FhirExportSource(tmp_path).records()).resources) == 2
    with pytest.raises(SourceError, match=r"p1.*Observation/o1.*status"):
        list(FhirExportSource(tmp_path, validate=True).records())


def test_errors_name_file_and_line(tmp_path: Path) -> None:
    root = tmp_path / "broken"
    path = _write_ndjson(
        root / "Observation.ndjson", [_patient("p1"), _obs("o1", "p1")]
    )
    with path.open("a") as fh:
        fh.write('{"resourceType": "Observation", "id": \n')  # line 3
        fh.write(json.dumps({"id": "no-type"}) + "\n")  # line 4
        fh.write(json.dumps(_obs("o2", "p1")) + "\n")  # line 5: kept
    lenient = FhirExportSource(root)
    rec = next(lenient.records())
    assert sorted(r["id"] for r in rec.resources) == ["o1", "o2", "p1"]
    assert len(lenient.problems) == 2
    summary = "\n".join(lenient.summary())
    assert "2 malformed item(s) skipped, the rest kept" in summary
    assert f"{path} line 3: invalid JSON" in summary
    with pytest.raises(SourceError) as info:
        FhirExportSource(root, strict=True).patient_ids()
    message = str(info.value)
    assert "2 problem(s)" in message
    assert f"{path} line 3: invalid JSON" in message
    assert f"{path} line 4: resource without resourceType" in message

    corrupt = tmp_path / "corrupt"
    lines = "".join(json.dumps(_patient(f"p{i}")) + "\n" for i in range(2000)).encode()
    corrupt.mkdir()
    (corrupt / "Patient.ndjson.gz").write_bytes(gzip.compress(lines)[:-30])
    kept = FhirExportSource(corrupt)
    assert 0 < len(kept.patient_ids()) <= 2000
    assert "unreadable or corrupt" in kept.problems[0]
    with pytest.raises(
        SourceError, match=r"Patient\.ndjson\.gz: unreadable or corrupt"
    ):
        FhirExportSource(corrupt, strict=True).patient_ids()

    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "b.json").write_text(
        json.dumps({"resourceType": "Bundle", "entry": [{"resource": {"id": "x"}}]})
    )
    with pytest.raises(
        SourceError, match=r"b\.json line 1 entry 0: resource without resourceType"
    ):
        FhirExportSource(bundle, strict=True).patient_ids()

    (tmp_path / "empty").mkdir()
    with pytest.raises(SourceError, match="no FHIR files"):
        FhirExportSource(tmp_path / "empty")
    with pytest.raises(SourceError, match="not found"):
        open_source("fhir", tmp_path / "missing")
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(SourceError, match="not a FHIR export file"):
        FhirExportSource(tmp_path / "notes.txt")


# ---------------------------------------------------------------------- MIMIC-IV-on-FHIR demo


@pytest.fixture(scope="module")
def demo_records(
    mimic_fhir_demo_path: Path,
) -> tuple[FhirExportSource, list[PatientRecord]]:
    src = FhirExportSource(mimic_fhir_demo_path / "fhir")
    return src, list(src.records())


def _expected_demo_counts(folder: Path) -> tuple[Counter[str], int]:
    """Per-type counts of NDJSON lines that reference a patient, and micro lines."""
    counts: Counter[str] = Counter()
    micro = 0
    for path in sorted(folder.glob("Mimic*.ndjson.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                res = json.loads(line)
                ref = (res.get("subject") or res.get("patient") or {}).get(
                    "reference", ""
                )
                if res["resourceType"] == "Patient" or ref.startswith("Patient/"):
                    counts[res["resourceType"]] += 1
                    micro += "mimic-observation-micro-" in line
    return counts, micro


def test_demo_loads_all_patients_with_expected_counts(
    demo_records: tuple[FhirExportSource, list[PatientRecord]],
    mimic_fhir_demo_path: Path,
) -> None:
    src, records = demo_records
    assert len(records) == 80
    assert [r.patient_id for r in records] == src.patient_ids()
    expected, micro = _expected_demo_counts(mimic_fhir_demo_path / "fhir")
    got: Counter[str] = Counter()
    for rec in records:
        got.update(rec.counts())
    assert got == expected
    assert all(r.meta.get("mimic_subject_id", "").isdigit() for r in records)

    resources = [res for rec in records for res in rec.resources]
    assert not any("medicationReference" in r for r in resources)
    assert (
        sum(
            MICROBIOLOGY_CATEGORY in r.get("category", [])
            for r in resources
            if r["resourceType"] == "Observation"
        )
        == micro
    )
    assert src.stats["aside"]["Medication"] > 0
    assert not src.stats["skipped"]


def test_demo_records_validate(
    demo_records: tuple[FhirExportSource, list[PatientRecord]],
) -> None:
    _, records = demo_records
    assert sum(validate_record(rec) for rec in records) == sum(
        len(r.resources) for r in records
    )


# ---------------------------------------------------------------------- empty builds explained


def _encounter(eid: str, pid: str, start: str, end: str) -> dict[str, Any]:
    return {
        "resourceType": "Encounter",
        "id": eid,
        "status": "finished",
        "class": {"code": "AMB"},
        "subject": {"reference": f"Patient/{pid}"},
        "period": {"start": start, "end": end},
    }


def test_account_names_counts_and_first_unmet_requirement(tmp_path: Path) -> None:
    from physassist_env.dataset.account import DataAccount

    root = tmp_path / "synthea-like"
    vitals = {
        "category": [
            {
                "coding": [
                    {
                        "code": "vital-signs",
                        "system": "http://terminology.hl7.org/CodeSystem/observation-category",
                    }
                ]
            }
        ]
    }
    _write_ndjson(root / "Patient.ndjson", [_patient("p1"), _patient("p2")])
    _write_ndjson(
        root / "Encounter.ndjson",
        [_encounter("e1", "p1", "2150-01-01", "2150-01-05")],
    )
    _write_ndjson(
        root / "Observation.ndjson",
        [_obs("o1", "p1", **vitals), _obs("o2", "p2", **vitals)],
    )
    account = DataAccount()
    records = list(account.watch(FhirExportSource(root).records()))
    assert [r.patient_id for r in records] == ["p1", "p2"]
    assert account.reason("3 files").startswith(
        "0 laboratory Observations in 3 files (2 Observations of other categories); "
        "1 of 2 patients lack "
    )
    message = account.message("3 files")
    assert (
        "patient p1: Encounter 1, Observation 1, Patient 1; 0 lab Observations"
        in message
    )
    assert "patient p2: Observation 1, Patient 1;" in message
    assert "first unmet: an admission" in message  # p2 has no Encounter
    # p1 has one, but only vital signs: no orders or diagnoses to build on
    assert "first unmet: medication orders, administrations or diagnoses" in message


def test_empty_build_says_why(tmp_path: Path) -> None:
    from physassist_env.dataset.build import build_dataset

    root = tmp_path / "no-admissions"
    _write_ndjson(root / "Patient.ndjson", [_patient("p1"), _patient("p2")])
    _write_ndjson(root / "Observation.ndjson", [_obs("o1", "p1"), _obs("o2", "p2")])
    (root / "log.ndjson").write_text(json.dumps({"msg": "export done"}) + "\n")
    with pytest.raises(ValueError) as info:
        build_dataset("fhir", tmp_path / "out", path=root, progress=False)
    message = str(info.value)
    assert "none of the 2 patients" in message
    assert "reason: 0 admissions in 2 files: 0 Encounters" in message
    assert "patient p1: Observation 1, Patient 1;" in message
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


# ---------------------------------------------------------------------- licence follows the data


@pytest.mark.parametrize("mark", ["identifier", "profile", "none"])
def test_mimic_marked_fhir_is_licensed_and_refused_as_mimic(
    tmp_path: Path, mark: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    from physassist_env.dataset.build import source_info
    from physassist_env.dataset.hub import RedistributionError, push_to_hub
    from physassist_env.dataset.licensing import SourceKind
    from physassist_env.dataset.writer import write_dataset

    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "dataset"))
    from dataset_fixtures import make_records, make_sessions

    root = tmp_path / "export"
    patient = _patient("p1", "101" if mark == "identifier" else None)
    obs = _obs("o1", "p1")
    if mark == "profile":
        obs["meta"] = {"profile": [MIMIC_SD + "mimic-observation-labevents"]}
    _write_ndjson(root / "Patient.ndjson", [patient, obs])
    src = FhirExportSource(root)
    assert src.mimic_derived is (mark != "none")
    info = source_info("fhir", root, src)
    calls: list[str] = []
    monkeypatch.setitem(
        sys.modules,
        "huggingface_hub",
        types.SimpleNamespace(
            HfApi=lambda token=None: types.SimpleNamespace(
                create_repo=lambda *a, **k: calls.append("create_repo"),
                upload_folder=lambda **k: calls.append("upload_folder") or "url",
            )
        ),
    )
    out = tmp_path / "built"
    write_dataset(out, make_sessions(), make_records(), source=info)
    manifest = json.loads((out / "physassist.json").read_text())
    if mark == "none":
        assert info.kind == SourceKind.FHIR and manifest["mimic_derived"] is False
        with pytest.raises(RedistributionError, match="licence of its source"):
            push_to_hub(out, "someone/x", private=True)
        assert calls == []
        push_to_hub(out, "someone/x", private=True, allow_unknown_licence=True)
        assert calls == ["create_repo", "upload_folder"]
        return
    assert info.kind == SourceKind.MIMIC_IV  # no ODbL licence file next to it
    assert manifest["mimic_derived"] is True
    for private in (True, False):
        with pytest.raises(RedistributionError, match="derived from MIMIC-IV"):
            push_to_hub(out, "someone/x", private=private, allow_unknown_licence=True)
    assert calls == []
    (root / "LICENSE.txt").write_text("## ODC Open Database License (ODbL)\n")
    assert source_info("fhir", root, src).kind == SourceKind.MIMIC_IV_DEMO


# ---------------------------------------------------------------------- MIMIC-IV demo as FHIR NDJSON


def _keyed(resources: list[dict[str, Any]]) -> dict[tuple[str, str], Any]:
    """Resources by (type, id), without the profile and identifiers an export adds."""
    return {
        (r["resourceType"], r["id"]): {
            k: v for k, v in r.items() if k not in ("meta", "identifier")
        }
        for r in resources
    }


def test_fhir_ndjson_export_round_trips_records(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    from physassist_env.sources.fhir_ndjson import RECORD_META_URL, export_fhir_ndjson

    src = open_source("mimic-iv", synthetic_hospital, cache_dir=tmp_path / "c")
    records = list(src.records())[:6]
    counts = export_fhir_ndjson(records, tmp_path / "fhir")
    assert counts["MimicPatient.ndjson.gz"] == 6
    assert "MimicObservationLabevents.ndjson.gz" in counts
    with pytest.raises(FileExistsError):
        export_fhir_ndjson(records, tmp_path / "fhir")
    first = (tmp_path / "fhir" / "MimicEncounter.ndjson.gz").read_bytes()
    export_fhir_ndjson(records, tmp_path / "fhir", overwrite=True)
    assert (tmp_path / "fhir" / "MimicEncounter.ndjson.gz").read_bytes() == first
    with gzip.open(tmp_path / "fhir" / "MimicEncounter.ndjson.gz", "rt") as fh:
        enc = json.loads(fh.readline())
    # synthetic patients: the MIMIC file layout, no MIMIC profile, their own namespace
    assert "profile" not in (enc.get("meta") or {})
    assert enc["identifier"][0]["system"] == (
        "http://physassist.dev/fhir/synthetic/identifier/encounter-hosp"
    )
    back = {r.patient_id: r for r in FhirExportSource(tmp_path / "fhir").records()}
    assert not FhirExportSource(tmp_path / "fhir").mimic_derived
    for rec in records:
        got = back[rec.patient_id]
        assert RECORD_META_URL not in json.dumps(got.patient)
        assert {k: got.meta[k] for k in rec.meta} == json.loads(json.dumps(rec.meta))
        assert len(got.resources) == len(rec.resources)
        assert _keyed(got.resources) == _keyed(rec.resources)  # order is by file


def test_fhir_ndjson_export_stamps_mimic_profiles_only_on_mimic_patients(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    """A record whose Patient carries MIMIC's identifier system is exported with the
    MIMIC-IV-on-FHIR profiles and identifier systems and read back as MIMIC-derived; the
    synthetic records beside it keep their own namespace and no MIMIC profile."""
    from physassist_env.sources.fhir_ndjson import export_fhir_ndjson

    src = open_source("mimic-iv", synthetic_hospital, cache_dir=tmp_path / "c")
    records = list(src.records())[:2]
    marked = records[0]
    for ident in marked.patient["identifier"]:
        if ident["system"].endswith("/identifier/patient"):
            ident["system"] = "http://mimic.mit.edu/fhir/mimic/identifier/patient"
    export_fhir_ndjson(records, tmp_path / "fhir")
    with gzip.open(tmp_path / "fhir" / "MimicEncounter.ndjson.gz", "rt") as fh:
        encounters = [json.loads(line) for line in fh]
    by_patient = {e["subject"]["reference"].split("/")[1]: e for e in encounters}
    mimic_enc = by_patient[marked.patient_id]
    assert mimic_enc["meta"]["profile"] == [MIMIC_SD + "mimic-encounter"]
    assert mimic_enc["identifier"][0]["system"] == (
        "http://mimic.mit.edu/fhir/mimic/identifier/encounter-hosp"
    )
    other = by_patient[records[1].patient_id]
    assert "profile" not in (other.get("meta") or {})
    assert other["identifier"][0]["system"].startswith("http://physassist.dev/")
    assert FhirExportSource(tmp_path / "fhir").mimic_derived


def test_demo_exported_to_fhir_builds_the_same_sessions(
    mimic_demo_path: Path, tmp_path: Path
) -> None:
    """Parity: MIMIC-IV demo CSV -> build, and CSV -> FHIR NDJSON -> build, give the same sessions."""
    from physassist_env.cli.main import main as cli
    from physassist_env.dataset import load_sessions, read_manifest
    from physassist_env.dataset.build import build_dataset
    from physassist_env.dataset.hub import RedistributionError, check_redistribution

    n = 20
    export = tmp_path / "demo-fhir"
    rc = cli(
        [
            "export", "--format", "fhir-ndjson", "--source", "mimic-iv",
            "--path", str(mimic_demo_path), "--out", str(export), "--limit", str(n),
        ]
    )  # fmt: skip
    assert rc == 0 and (export / "LICENSE.txt").is_file()
    kw = {"limit": n, "test_per_cell": 2, "progress": False}
    build_dataset("mimic-iv", tmp_path / "csv", path=mimic_demo_path, **kw)
    build_dataset("fhir", tmp_path / "fhir", path=export, **kw)

    def sessions(folder: Path) -> list[dict[str, Any]]:
        out = []
        for s in load_sessions(folder, split=None):
            d = s.model_dump(mode="json")
            d.pop("source")
            # provenance names raw CSV rows only when built from the CSV tables: the FHIR
            # build rests on the same resources, without their table row keys
            for t in d["turns"]:
                for prov in [i.get("provenance") for i in t["rubric"]] + t[
                    "answer_provenance"
                ]:
                    for e in (prov or {}).get("evidence", []):
                        e["table"], e["row"] = "", {}
            out.append(d)
        return out

    from_csv, from_fhir = sessions(tmp_path / "csv"), sessions(tmp_path / "fhir")
    assert len(from_csv) >= 8  # premises (home drugs, discharged alive) leave ~12
    assert from_fhir == from_csv
    cells = Counter((d["scenario"], d["tier"]) for d in from_fhir)
    print(
        f"\nMIMIC-IV demo ({n} patients) via FHIR NDJSON: {dict(sorted(cells.items()))}"
    )
    # the licence follows the data: a MIMIC-IV demo FHIR build is ODbL and never pushed
    manifest = read_manifest(tmp_path / "fhir")
    assert manifest.source.kind.value == "mimic-iv-demo" and manifest.mimic_derived
    with pytest.raises(RedistributionError, match="derived from MIMIC-IV"):
        check_redistribution(tmp_path / "fhir", private=True)


def test_synthea_like_export_reads_every_resource(tmp_path: Path) -> None:
    from synthea_like import write_synthea_like

    written = write_synthea_like(tmp_path / "synthea", 12, seed=3)
    src = FhirExportSource(tmp_path / "synthea")
    records = list(src.records())
    assert len(records) == 12 and src.problems == []
    read: Counter[str] = Counter()
    for rec in records:
        read.update(rec.counts())
        assert "urn:uuid" not in json.dumps(rec.resources)
    assert read == written
    assert any("log.ndjson: not FHIR resources" in line for line in src.summary())
