"""Write a record source as a FHIR bulk export: NDJSON per resource type, MIMIC-IV-on-FHIR style.

``physassist export --format fhir-ndjson --source mimic-iv --path P --out D`` runs
:func:`export_fhir_ndjson`. Files are named and resources profiled as the MIMIC-IV on FHIR
demo does (``MimicPatient.ndjson.gz`` with ``.../StructureDefinition/mimic-patient``,
``MimicObservationLabevents.ndjson.gz`` with ``mimic-observation-labevents``, ...);
Encounters get the demo's ``encounter-hosp`` / ``encounter-icu`` identifier systems
(Patients already carry ``identifier/patient``). Resources the demo has no profile for
(``omr`` measurements, notes) go to ``Mimic<Type>...`` files without a profile.

The MIMIC profiles and identifier systems are stamped only on the records of MIMIC
patients (a Patient with a MIMIC identifier system): the synthetic hospital's records
keep the file layout but carry no MIMIC profile, and their Encounter identifiers use the
patient's own namespace (``http://physassist.dev/fhir/synthetic/identifier/...``), so an
export of synthetic data is read back as synthetic, not as MIMIC-derived. Nothing
else is changed, so :class:`~physassist_env.sources.fhir_export.FhirExportSource` reads
the export back to the same records, and a build from it gives the same sessions as a
build from the tables.

The record facts that are not FHIR (``PatientRecord.meta``: MIMIC ``anchor_age``, parsed
discharge-note sections) travel in one Patient extension (:data:`RECORD_META_URL`, a JSON
``valueString``) that the reader moves back into ``meta`` and removes from the Patient.

Records are streamed one at a time and every file is written as it goes, so memory does
not grow with the source. Output is deterministic (gzip without a timestamp).
"""

from __future__ import annotations

import copy
import gzip
import json
import logging
import os
from collections import Counter
from collections.abc import Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from physassist_env.fhir import codes as C
from physassist_env.fhir.record import PatientRecord
from physassist_env.paths import open_safe, read_bytes_safe, staged_output
from physassist_env.sources.fhir_export import RECORD_META_URL, mimic_marked

log = logging.getLogger(__name__)

MIMIC_PROFILE = "http://mimic.mit.edu/fhir/mimic/StructureDefinition/"
MIMIC_IDENTIFIER = "http://mimic.mit.edu/fhir/mimic/identifier/"

_OBSERVATION_KINDS = (
    (C.MIMIC_MICRO_TEST, "MicroTest", "mimic-observation-micro-test"),
    (C.MIMIC_ORGANISM, "MicroOrg", "mimic-observation-micro-org"),
    (C.MIMIC_ANTIBIOTIC, "MicroSusc", "mimic-observation-micro-susc"),
    (C.MIMIC_LABITEMS, "Labevents", "mimic-observation-labevents"),
    (C.MIMIC_ITEMS, "Chartevents", "mimic-observation-chartevents"),
    (C.MIMIC_OMR, "OMR", None),
)
_PROFILES = {
    "Patient": "mimic-patient",
    "Encounter": "mimic-encounter",
    "Condition": "mimic-condition",
    "Procedure": "mimic-procedure",
    "MedicationRequest": "mimic-medication-request",
    "MedicationAdministration": "mimic-medication-administration",
    "MedicationDispense": "mimic-medication-dispense",
    "Specimen": "mimic-specimen",
    "Location": "mimic-location",
    "Organization": "mimic-organization",
    "Medication": "mimic-medication",
}


def _systems(res: dict[str, Any]) -> set[str]:
    return {
        str(c.get("system", ""))
        for c in (res.get("code") or {}).get("coding") or []
        if isinstance(c, dict)
    }


def file_and_profile(res: dict[str, Any]) -> tuple[str, str | None]:
    """The export file stem and MIMIC-IV-on-FHIR profile (or None) of a resource."""
    rtype = str(res["resourceType"])
    if rtype == "Observation":
        systems = _systems(res)
        for system, stem, profile in _OBSERVATION_KINDS:
            if system in systems:
                return f"MimicObservation{stem}", (
                    MIMIC_PROFILE + profile if profile else None
                )
        return "MimicObservation", None
    if rtype == "Encounter":
        stem = "MimicEncounter"
        if res.get("partOf"):  # an ED stay (class EMER) or an ICU stay of an admission
            ed = (res.get("class") or {}).get("code") == "EMER"
            stem = "MimicEncounterED" if ed else "MimicEncounterICU"
        return stem, MIMIC_PROFILE + "mimic-encounter"
    profile = _PROFILES.get(rtype)
    return f"Mimic{rtype}", (MIMIC_PROFILE + profile if profile else None)


def to_mimic_fhir(
    res: dict[str, Any],
    *,
    mimic: bool = True,
    identifier_base: str | None = MIMIC_IDENTIFIER,
) -> tuple[str, dict[str, Any]]:
    """A copy of ``res`` with the demo's profile and identifiers, and its file stem.

    Args:
        res: A FHIR resource (not changed).
        mimic: Stamp the MIMIC-IV-on-FHIR profile (only for MIMIC patients' resources).
        identifier_base: The namespace of the Encounter identifier written when the
            Encounter has none (``<base>encounter-hosp``...); ``None`` writes none.
    """
    out = copy.deepcopy(res)
    stem, profile = file_and_profile(out)
    if profile and mimic:
        meta = out.setdefault("meta", {})
        profiles = meta.setdefault("profile", [])
        if profile not in profiles:
            profiles.append(profile)
    if (
        out["resourceType"] == "Encounter"
        and not out.get("identifier")
        and identifier_base
    ):
        rid = str(out.get("id", ""))
        if stem == "MimicEncounterICU":
            value, system = rid.removeprefix("icu-"), "encounter-icu"
        elif stem == "MimicEncounterED":
            value, system = rid.removeprefix("ed-"), "encounter-ed"
        else:
            value, system = rid, "encounter-hosp"
        out["identifier"] = [
            {"use": "usual", "system": identifier_base + system, "value": value}
        ]
    return stem, out


def identifier_namespace(patient: dict[str, Any]) -> str | None:
    """The namespace of a Patient's ``.../identifier/patient`` system (``None`` if none)."""
    for ident in patient.get("identifier") or []:
        system = ident.get("system") if isinstance(ident, dict) else None
        if isinstance(system, str) and system.endswith("/identifier/patient"):
            return system.removesuffix("patient")
    return None


def _patient_with_meta(record: PatientRecord, patient: dict[str, Any]) -> None:
    if not record.meta:
        return
    patient.setdefault("extension", []).append(
        {
            "url": RECORD_META_URL,
            "valueString": json.dumps(
                record.meta, sort_keys=True, ensure_ascii=False, default=str
            ),
        }
    )


#: Licence files of a source that travel with its export (the licence follows the data).
LICENCE_FILES = ("LICENSE.txt", "LICENSE")


def is_export_file(relative: str) -> bool:
    """Whether a relative path inside an export folder is one :func:`export_fhir_ndjson` writes."""
    name = relative
    return relative in LICENCE_FILES or (
        "/" not in name
        and name.startswith("Mimic")
        and name.endswith((".ndjson", ".ndjson.gz"))
    )


def export_fhir_ndjson(
    records: Iterable[PatientRecord],
    out: str | os.PathLike[str],
    *,
    compress: bool = True,
    overwrite: bool = False,
    private: bool = False,
    licence_from: str | os.PathLike[str] | None = None,
) -> dict[str, int]:
    """Write records as NDJSON files per resource kind (MIMIC-IV on FHIR names and profiles).

    The folder is written whole or not at all
    (:func:`~physassist_env.paths.staged_output`): files are written into a staging folder
    beside ``out`` that replaces it at the end, so a failure or a kill leaves the earlier
    export as it was; links inside ``out`` are refused.

    Args:
        records: Patient records (e.g. ``MimicSource(...).records()``), streamed.
        out: Output folder (created; refused if not empty unless ``overwrite``).
        compress: Write ``.ndjson.gz`` (default) instead of ``.ndjson``.
        overwrite: Replace an earlier export in ``out`` (refused when it holds files an
            export does not write).
        private: Owner-only permissions (folders 0700, files 0600): MIMIC-derived data.
        licence_from: A source folder whose ``LICENSE.txt`` / ``LICENSE`` is copied into
            the export.

    Returns:
        Resources written per file name.

    Raises:
        FileExistsError: ``out`` is not empty and ``overwrite`` is false, or holds other files.
        UnsafePathError: ``out`` is a symbolic link or holds links.
        FolderLockedError: Another process writes ``out``.
    """
    suffix = ".ndjson.gz" if compress else ".ndjson"
    counts: Counter[str] = Counter()
    with staged_output(
        out,
        overwrite=overwrite,
        private=private,
        owned=is_export_file,
        writer="physassist export",
    ) as root:
        n = _write_files(records, root, suffix, compress, counts)
        if licence_from is not None:
            for name in LICENCE_FILES:
                licence = Path(licence_from).expanduser() / name
                if licence.is_file():
                    with open_safe(root, name, "wb") as fh:
                        fh.write(read_bytes_safe(licence))
    log.info("wrote %d patients as FHIR NDJSON to %s: %s", n, out, dict(counts))
    return dict(sorted(counts.items()))


def _write_files(
    records: Iterable[PatientRecord],
    root: Path,
    suffix: str,
    compress: bool,
    counts: Counter[str],
) -> int:
    """Write every record's resources into ``root``; the number of records."""
    n = 0
    with ExitStack() as stack:
        handles: dict[str, IO[bytes]] = {}

        def handle(stem: str) -> IO[bytes]:
            if stem not in handles:
                raw = stack.enter_context(open_safe(root, f"{stem}{suffix}", "wb"))
                fh: IO[bytes] = (
                    stack.enter_context(
                        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="")
                    )
                    if compress
                    else raw
                )
                handles[stem] = fh
            return handles[stem]

        for record in records:
            n += 1
            mimic = mimic_marked(record.patient)
            base = MIMIC_IDENTIFIER if mimic else identifier_namespace(record.patient)
            for res in record.resources:
                stem, body = to_mimic_fhir(res, mimic=mimic, identifier_base=base)
                if body["resourceType"] == "Patient":
                    _patient_with_meta(record, body)
                line = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
                handle(stem).write(line.encode("utf-8") + b"\n")
                counts[f"{stem}{suffix}"] += 1
    return n


__all__ = [
    "MIMIC_IDENTIFIER",
    "MIMIC_PROFILE",
    "RECORD_META_URL",
    "export_fhir_ndjson",
    "file_and_profile",
    "identifier_namespace",
    "is_export_file",
    "to_mimic_fhir",
]
