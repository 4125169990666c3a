"""The synthetic hospital's records say they are synthetic (issue #42).

Its Patients, ED encounters and ICU infusions carry the project's identifier systems
(``http://physassist.dev/fhir/synthetic/identifier/...``), not MIMIC-IV on FHIR's; records
of MIMIC-IV tables keep MIMIC's. The licence does not rest on those URLs: it follows the
source (``dataset.build.source_info``), and the synthetic hospital's tables read as MIMIC-IV
are licensed as synthetic.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from mimic_tables import write_tables

from physassist_env.dataset.build import source_info
from physassist_env.dataset.licensing import SourceKind, licence_for
from physassist_env.sources import open_source
from physassist_env.sources.mimic import MimicSource, convert, source
from physassist_env.synth.hospital import FIRST_SUBJECT_ID

MIMIC = "http://mimic.mit.edu/"


def _systems(records: list) -> set[str]:
    return {
        str(ident.get("system"))
        for rec in records
        for res in rec.resources
        for ident in res.get("identifier") or []
    }


def test_synthetic_records_carry_synthetic_identifier_systems(
    synthetic_records: list,
) -> None:
    systems = _systems(synthetic_records)
    assert convert.SYNTHETIC_IDENTIFIERS + "patient" in systems
    assert convert.SYNTHETIC_IDENTIFIERS + "icu-linkorderid" in systems
    assert not {s for s in systems if s.startswith(MIMIC)}
    for rec in synthetic_records:
        assert rec.patient["identifier"] == [
            {
                "system": "http://physassist.dev/fhir/synthetic/identifier/patient",
                "value": rec.patient_id,
            }
        ]


def test_mimic_records_keep_mimic_identifier_systems(mimic_demo_path: Path) -> None:
    src = MimicSource(mimic_demo_path, limit=3)
    assert not src.synthetic
    records = list(src.records())
    assert {r.patient["identifier"][0]["system"] for r in records} == {
        "http://mimic.mit.edu/fhir/mimic/identifier/patient"
    }
    assert all(s.startswith(convert.MIMIC_IDENTIFIERS) for s in _systems(records))


def test_a_synthetic_hospital_is_licensed_as_synthetic(
    synthetic_hospital: Path, tmp_path: Path
) -> None:
    src = open_source("mimic-iv", synthetic_hospital, cache_dir=tmp_path)
    info = source_info("mimic-iv", synthetic_hospital, src)
    assert info.kind == SourceKind.SYNTHETIC
    assert not licence_for(info).mimic_derived
    assert source_info("synthetic", None).kind == SourceKind.SYNTHETIC


def test_a_truth_file_beside_mimic_ids_is_not_enough(tmp_path: Path) -> None:
    # subject ids in MIMIC-IV's range: MIMIC's tables, whatever file lies beside them
    root = write_tables(
        tmp_path / "m",
        {
            "hosp/patients": (
                "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
                [[10000032, "F", 52, 2180, "2014 - 2016", ""]],
            ),
            "hosp/admissions": (
                "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,"
                "admission_location,discharge_location,edregtime,edouttime",
                [
                    [10000032, 22595853, "2180-05-06 22:23:00", "2180-05-07 17:15:00"]
                    + [""] * 6
                ],
            ),
        },  # fmt: skip
    )
    truth = root / source.SYNTH_TRUTH
    truth.parent.mkdir(parents=True)
    truth.write_bytes(gzip.compress(b""))
    src = MimicSource(root, cache_dir=tmp_path / "c")
    assert not src.synthetic
    assert source_info("mimic-iv", root, src).kind == SourceKind.MIMIC_IV
    record = next(iter(src.records()))
    assert record.patient["identifier"][0]["system"].startswith(MIMIC)


def test_the_synthetic_subject_range_is_the_generators() -> None:
    assert source.SYNTHETIC_SUBJECT_IDS == FIRST_SUBJECT_ID
